"""Tiles as pictures: SVG faces drawn by this module, and hands as HTML.

Every face is generated here from a few numbers: dots are circles,
bamboo are sticks, and the Chinese characters (the numerals over 万, the
winds 东南西北 and the dragons 中 发) are strokes this module defines on
a 100 x 100 grid and scales onto the tile.  No font, image file or
outside reference is used, so a face looks the same in every browser
and under Pyodide; the art is part of mjcore and shares its MIT license.

:func:`tile_svg` draws one tile, :func:`hand_html` a hand (the pictures
with the mpsz notation as their accessible name and, by default, beside
them), :class:`HandView` shows a hand in a notebook cell (``mjcore.show``
makes one) and :func:`write_svgs` writes the 34 faces as files for the
site.  Standard library only.  Explained in chapter 1.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from ..base.checks import HandError, tile_arg
from ..base.checks import show as show_value
from ..base.tiles import (
    HONOR_START,
    N_KINDS,
    as_counts,
    rank_of,
    suit_of,
    tile_name,
    to_mpsz,
    to_tiles,
)

# --- geometry and colours ------------------------------------------------

WIDTH, HEIGHT = 60, 80  # the viewBox of every face
VIEWBOX = f"0 0 {WIDTH} {HEIGHT}"

INK = "#1d2b4f"  # numerals and winds
RED = "#c62828"
GREEN = "#1b7a3a"
BLUE = "#1f5fa8"
FACE = "#fffdf4"
EDGE = "#8d8672"
BACK = "#d9cfae"  # the tile's thickness, seen below its face

_NUMERALS_ZH = "一二三四五六七八九"
_SUIT_ZH = {"m": "万", "s": "条", "p": "筒"}
_HONOR_ZH = {27: "东风", 28: "南风", 29: "西风", 30: "北风",
             31: "红中", 32: "发财", 33: "白板"}


def tile_label(tile: int) -> str:
    """The accessible name of a face: mpsz and the Chinese name.

    >>> [tile_label(t) for t in (0, 13, 22, 27, 31, 33)]
    ['1m 一万', '5s 五条', '5p 五筒', '1z 东风', '7z 红中', '5z 白板']
    """
    tile_arg(tile)
    if tile >= HONOR_START:
        return f"{tile_name(tile)} {_HONOR_ZH[tile]}"
    return f"{tile_name(tile)} {_NUMERALS_ZH[tile % 9]}{_SUIT_ZH[suit_of(tile)]}"


# --- characters as strokes -------------------------------------------------
# Each character is a list of strokes on a 100 x 100 grid (y grows down),
# written with the path commands M, L, H, V and C in absolute coordinates.
# They are drawn as round-capped lines, the way a brush-less hand writes.

_GLYPHS: dict[str, tuple[str, ...]] = {
    "一": ("M8 50 H92",),
    "二": ("M22 30 H78", "M8 74 H92"),
    "三": ("M20 18 H80", "M28 50 H72", "M8 84 H92"),
    "四": ("M12 16 V90", "M12 16 H88 V90", "M12 88 H88",
           "M40 18 C40 46 34 60 24 68", "M60 18 V56 C60 66 66 68 86 66"),
    "五": ("M16 12 H84", "M46 12 L38 88", "M24 46 H72 V88", "M8 88 H92"),
    "六": ("M46 6 L56 22", "M10 36 H90", "M38 54 L16 88", "M62 54 L86 86"),
    "七": ("M8 54 L92 40", "M42 8 V76 C42 90 50 92 62 92 H88 V78"),
    "八": ("M40 14 C40 50 30 72 8 88", "M58 12 C62 50 74 72 94 84"),
    "九": ("M44 8 C44 50 34 72 10 90",
           "M14 36 H62 C62 62 62 82 72 88 C80 92 88 90 92 78"),
    "万": ("M8 16 H92", "M40 16 C40 50 34 74 10 92",
           "M40 46 H78 C78 66 76 80 70 90 L58 84"),
    "东": ("M12 24 H88", "M46 6 L26 54 H84", "M54 32 V92 L44 86",
           "M34 66 L14 86", "M68 66 L88 84"),
    "南": ("M12 20 H88", "M50 4 V34", "M18 40 V96", "M18 40 H82 V88 L72 94",
           "M36 48 L42 58", "M64 48 L58 58", "M32 64 H68", "M28 78 H72", "M50 64 V96"),
    "西": ("M10 12 H90", "M18 34 V94", "M18 34 H82 V94", "M18 90 H82",
           "M40 12 V48 C40 60 34 66 26 70", "M60 12 V62 C60 70 66 70 82 70"),
    "北": ("M36 8 V94", "M10 40 H36", "M8 80 L36 68",
           "M64 8 V80 C64 92 68 94 78 94 H92 V82", "M90 28 L64 48"),
    "中": ("M14 28 V72", "M14 28 H86 V72", "M14 70 H86", "M50 4 V98"),
    "发": ("M26 10 L20 36 H88", "M66 8 L78 22", "M50 8 C48 56 32 80 8 94",
           "M40 56 H76 C68 74 52 86 28 94", "M44 62 C56 80 72 88 94 94"),
}

_TOKEN = re.compile(r"[MLHVC]|-?\d+(?:\.\d+)?")


def _num(value: float) -> str:
    """A coordinate with at most one decimal, written the same way every time."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _scaled(stroke: str, x0: float, y0: float, sx: float, sy: float) -> str:
    """One stroke from the 100-grid moved to ``(x0, y0)`` and scaled by ``sx, sy``."""
    out: list[str] = []
    command = ""
    pending: list[float] = []
    for token in _TOKEN.findall(stroke):
        if token.isalpha():
            command = token
            out.append(token)
            continue
        pending.append(float(token))
        if command == "H":
            out.append(_num(x0 + pending.pop() * sx))
        elif command == "V":
            out.append(_num(y0 + pending.pop() * sy))
        elif len(pending) == 2:
            x, y = pending
            pending.clear()
            out.append(f"{_num(x0 + x * sx)} {_num(y0 + y * sy)}")
    return " ".join(out)


def _glyph(char: str, x: float, y: float, w: float, h: float, colour: str,
           width: float) -> str:
    """A character's strokes fitted into the box ``x, y, w, h`` as one path."""
    d = " ".join(_scaled(s, x, y, w / 100, h / 100) for s in _GLYPHS[char])
    return (f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_num(width)}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


# --- dots and bamboo ---------------------------------------------------------
# Positions are centres inside the face, which spans x 6-54 and y 8-70.

_DOT_LAYOUTS: dict[int, tuple[tuple[float, float, str], ...]] = {
    2: ((30, 24, GREEN), (30, 54, BLUE)),
    3: ((16, 18, BLUE), (30, 39, RED), (44, 60, GREEN)),
    4: ((18, 24, BLUE), (42, 24, GREEN), (18, 54, GREEN), (42, 54, BLUE)),
    5: ((17, 20, BLUE), (43, 20, GREEN), (30, 39, RED), (17, 58, GREEN), (43, 58, BLUE)),
    6: ((19, 18, GREEN), (41, 18, GREEN), (19, 41, RED), (41, 41, RED),
        (19, 61, RED), (41, 61, RED)),
    7: ((15, 15, GREEN), (30, 22, GREEN), (45, 29, GREEN), (19, 45, RED),
        (41, 45, RED), (19, 62, RED), (41, 62, RED)),
    8: ((19, 15, BLUE), (41, 15, BLUE), (19, 31, BLUE), (41, 31, BLUE),
        (19, 47, BLUE), (41, 47, BLUE), (19, 63, BLUE), (41, 63, BLUE)),
    9: ((15, 18, BLUE), (30, 18, BLUE), (45, 18, BLUE), (15, 39, RED), (30, 39, RED),
        (45, 39, RED), (15, 60, GREEN), (30, 60, GREEN), (45, 60, GREEN)),
}
_DOT_RADIUS = {2: 10, 3: 8, 4: 9, 5: 8, 6: 7.5, 7: 6.5, 8: 6.5, 9: 6.5}


def _dot(x: float, y: float, r: float, colour: str) -> str:
    """A coin: a filled disc with a pale centre (and a ring when large)."""
    disc = f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{colour}"/>'
    centre = f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.3)}" fill="{FACE}"/>'
    if r < 7:  # small coins keep only their centre, so 7p-9p stay clear at 30 px
        return disc + centre
    ring = (f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.62)}" fill="none" '
            f'stroke="{FACE}" stroke-width="{_num(r * 0.16)}"/>')
    return disc + ring + centre


def _dots(rank: int) -> str:
    if rank == 1:
        return (f'<circle cx="30" cy="39" r="21" fill="{GREEN}"/>'
                f'<circle cx="30" cy="39" r="15" fill="{FACE}"/>'
                f'<circle cx="30" cy="39" r="11" fill="{RED}"/>'
                f'<circle cx="30" cy="39" r="6" fill="none" stroke="{FACE}" stroke-width="2"/>'
                f'<circle cx="30" cy="39" r="2.5" fill="{FACE}"/>')
    r = _DOT_RADIUS[rank]
    return "".join(_dot(x, y, r, colour) for x, y, colour in _DOT_LAYOUTS[rank])


# Bamboo: (centre x, centre y, colour); every stick of a tile has one length.
_STICK_LAYOUTS: dict[int, tuple[tuple[float, float, str], ...]] = {
    2: ((30, 24, GREEN), (30, 54, GREEN)),
    3: ((30, 24, GREEN), (19, 54, GREEN), (41, 54, GREEN)),
    4: ((19, 24, GREEN), (41, 24, BLUE), (19, 54, BLUE), (41, 54, GREEN)),
    5: ((15, 24, GREEN), (45, 24, BLUE), (30, 39, RED), (15, 54, BLUE), (45, 54, GREEN)),
    6: ((15, 24, GREEN), (30, 24, GREEN), (45, 24, GREEN),
        (15, 54, BLUE), (30, 54, BLUE), (45, 54, BLUE)),
    7: ((30, 16, RED), (15, 39, GREEN), (30, 39, GREEN), (45, 39, GREEN),
        (15, 61, BLUE), (30, 61, BLUE), (45, 61, BLUE)),
    8: ((12, 24, GREEN), (24, 24, GREEN), (36, 24, GREEN), (48, 24, GREEN),
        (12, 54, BLUE), (24, 54, BLUE), (36, 54, BLUE), (48, 54, BLUE)),
    9: ((15, 17, RED), (30, 17, BLUE), (45, 17, GREEN), (15, 39, RED), (30, 39, BLUE),
        (45, 39, GREEN), (15, 61, RED), (30, 61, BLUE), (45, 61, GREEN)),
}
_STICK_LENGTH = {2: 24, 3: 24, 4: 24, 5: 24, 6: 24, 7: 18, 8: 24, 9: 18}


def _stick(x: float, y: float, length: float, colour: str, width: float = 7) -> str:
    """A bamboo stick: a rounded bar with a pale node across its middle."""
    top = y - length / 2
    return (f'<rect x="{_num(x - width / 2)}" y="{_num(top)}" width="{_num(width)}" '
            f'height="{_num(length)}" rx="{_num(width / 2)}" fill="{colour}"/>'
            f'<path d="M{_num(x - width / 2)} {_num(y)} H{_num(x + width / 2)}" '
            f'stroke="{FACE}" stroke-width="1.4"/>')


def _bamboo(rank: int) -> str:
    if rank == 1:
        # One tall stick with three nodes and a red tip, unlike any other tile.
        return (f'<rect x="24" y="12" width="12" height="54" rx="6" fill="{GREEN}"/>'
                f'<path d="M24 30 H36 M24 48 H36" stroke="{FACE}" stroke-width="2"/>'
                f'<circle cx="30" cy="12" r="6" fill="{RED}"/>')
    length = _STICK_LENGTH[rank]
    return "".join(_stick(x, y, length, colour) for x, y, colour in _STICK_LAYOUTS[rank])


# --- faces -------------------------------------------------------------------

def _face(tile: int) -> str:
    """The drawing on the face of one tile, in viewBox units."""
    if tile >= HONOR_START:
        if tile == 33:  # 白: a blue frame on a blank face, as most tile sets draw it
            return (f'<rect x="12" y="14" width="36" height="50" rx="3" fill="none" '
                    f'stroke="{BLUE}" stroke-width="3"/>'
                    f'<rect x="17" y="19" width="26" height="40" rx="1.5" fill="none" '
                    f'stroke="{BLUE}" stroke-width="1.5"/>')
        char = _HONOR_ZH[tile][0] if tile != 31 else "中"
        colour = {31: RED, 32: GREEN}.get(tile, INK)
        return _glyph(char, 9, 15, 42, 48, colour, 5.2)
    suit, rank = suit_of(tile), rank_of(tile)
    if suit == "p":
        return _dots(rank)
    if suit == "s":
        return _bamboo(rank)
    return (_glyph(_NUMERALS_ZH[rank - 1], 13, 9, 34, 26, INK, 4.4)
            + _glyph("万", 12, 40, 36, 30, RED, 4.6))


def tile_svg(tile: int) -> str:
    """One tile face as a standalone ``<svg>`` element (about 1 kB of text).

    The element has a fixed viewBox (60 x 80), a default size of 30 x 40
    pixels (CSS may resize it), ``role="img"`` and an ``aria-label``
    with the mpsz and Chinese names.  It uses no font, image or outside
    reference, and the same tile gives the same text every time.
    Raises :class:`~mjcore.HandError` for anything but an integer
    0-33.

    >>> svg = tile_svg(22)
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80"')
    True
    >>> 'aria-label="5p 五筒"' in svg and "<text" not in svg
    True
    >>> tile_svg(34)
    Traceback (most recent call last):
    ...
    mjcore.HandError: tile index 34 is not an integer 0-33
    """
    label = tile_label(tile)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEWBOX}" width="30" '
            f'height="40" role="img" aria-label="{label}">'
            f"<title>{label}</title>"
            f'<rect x="1.5" y="4" width="57" height="74.5" rx="7" fill="{BACK}" '
            f'stroke="{EDGE}" stroke-width="1"/>'
            f'<rect x="1.5" y="1.5" width="57" height="71" rx="7" fill="{FACE}" '
            f'stroke="{EDGE}" stroke-width="1"/>'
            f"{_face(tile)}</svg>")


# --- hands -------------------------------------------------------------------

TILE_CSS = "height:2.4em;width:auto;vertical-align:middle;margin-right:1px"


_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """``text`` safe inside HTML and its quoted attributes (what ``html.escape`` does,
    without importing the ``html`` package, whose entity table costs the live analyzer 0.04 s).

    >>> escape('<b class="x">R&D</b>')
    '&lt;b class=&quot;x&quot;&gt;R&amp;D&lt;/b&gt;'
    """
    return text.translate(_ESCAPES)


def hand_html(hand: str | Sequence[int], *, label: bool = True,
              tile_height: str = "2.4em") -> str:
    """A hand as one HTML ``<span>`` of tile pictures, mpsz as its name.

    ``hand`` is notation or 34 counts, checked as :func:`mjcore.as_counts`
    checks them (a bad one raises :class:`~mjcore.HandError`).
    Tiles appear in mpsz order (m, p, s, then 1z-7z).  The span's
    ``aria-label`` is the mpsz notation and the pictures are hidden from
    screen readers; with ``label`` (the default) the notation is also
    shown beside the pictures as ``<code>``.  ``tile_height`` is a CSS
    length for the pictures.

    >>> page = hand_html("123m")
    >>> page.count("<svg"), 'aria-label="123m"' in page, ">123m</code>" in page
    (3, True, True)
    >>> "<code>" in hand_html("5z", label=False)
    False
    >>> hand_html("8z")
    Traceback (most recent call last):
    ...
    mjcore.HandError: 8z is not a tile: honours are 1z-7z
    """
    counts = as_counts(hand)
    if not isinstance(label, bool):
        raise HandError(f"label must be True or False, got {label!r}")
    if not isinstance(tile_height, str) or not re.fullmatch(r"\d+(\.\d+)?(px|em|rem)",
                                                           tile_height):
        raise HandError(f"tile_height must be a CSS length such as '2.4em' or '30px', "
                        f"got {tile_height!r}")
    mpsz = to_mpsz(counts)
    css = TILE_CSS.replace("2.4em", tile_height)
    tiles = sorted(to_tiles(counts), key=_mpsz_key)
    pictures = "".join(
        _sized(tile_svg(tile), css) for tile in tiles)
    text = f' <code class="mj-mpsz">{escape(mpsz)}</code>' if label else ""
    return (f'<span class="mj-hand" role="img" aria-label="{escape(mpsz) or "no tiles"}" '
            f'style="white-space:nowrap">'
            f'<span aria-hidden="true">{pictures}</span>{text}</span>')


def tiles_html(tiles: Sequence[int], *, tile_height: str = "2.4em") -> str:
    """Tiles in the order given (a discard, a wait list) as pictures, no text.

    >>> tiles_html([31, 0]).count("<svg")
    2
    """
    for tile in tiles:
        tile_arg(tile)
    css = TILE_CSS.replace("2.4em", tile_height)
    return "".join(_sized(tile_svg(tile), css) for tile in tiles)


def _sized(svg: str, css: str) -> str:
    return svg.replace('height="40" ', f'height="40" style="{css}" ', 1)


def _mpsz_key(tile: int) -> tuple[int, int]:
    return "mpsz".index(suit_of(tile)), rank_of(tile)


class HandView:
    """A hand shown in a notebook cell as tile pictures (text: its mpsz).

    >>> HandView("11123m")
    HandView('11123m')
    >>> "<svg" in HandView("11123m")._repr_html_()
    True
    """

    def __init__(self, hand: str | Sequence[int], *, label: bool = True) -> None:
        self.counts = as_counts(hand)
        if not isinstance(label, bool):
            raise HandError(f"label must be True or False, got {label!r}")
        self.label = label

    @property
    def mpsz(self) -> str:
        return to_mpsz(self.counts)

    def __repr__(self) -> str:
        return f"HandView({self.mpsz!r})"

    def __str__(self) -> str:
        return self.mpsz

    def _repr_html_(self) -> str:
        return hand_html(self.counts, label=self.label)


def show(hand: str | Sequence[int], *, label: bool = True) -> HandView:
    """``mjcore.show("123m456p")``: the hand as pictures in a notebook cell.

    >>> show("19m19p19s1234567z")
    HandView('19m19p19s1234567z')
    """
    return HandView(hand, label=label)


def write_svgs(directory: str | os.PathLike[str]) -> list[str]:
    """Write the 34 faces as ``1m.svg`` ... ``9p.svg``, ``1z.svg`` ... ``7z.svg`` into
    ``directory``.

    The directory is created if needed; returns the file names written,
    in tile index order (``5z.svg``, bai, last).  A directory that cannot be
    made or written (an empty path, a file in the way, no permission) is a
    :class:`HandError` naming it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     names = write_svgs(folder)
    >>> len(names), names[0], names[-1]
    (34, '1m.svg', '5z.svg')
    """
    if not isinstance(directory, (str, os.PathLike)):
        raise HandError(f"directory must be a path, got {type(directory).__name__}")
    names = []
    try:
        os.makedirs(directory, exist_ok=True)
        for tile in range(N_KINDS):
            name = f"{tile_name(tile)}.svg"
            with open(os.path.join(directory, name), "w", encoding="utf-8",
                      newline="\n") as f:
                f.write('<?xml version="1.0" encoding="UTF-8"?>\n' + tile_svg(tile) + "\n")
            names.append(name)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise HandError(f"directory {show_value(os.fspath(directory))} cannot be written: "
                        f"{reason}") from None
    return names
