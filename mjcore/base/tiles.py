"""Tiles, hands and notation.

A *tile* is an index 0-33 in the order the source articles use::

    0-8    1m-9m   wan 万 (characters)
    9-17   1s-9s   tiao 条 (bamboo)
    18-26  1p-9p   tong 筒 (dots)
    27-30  east south west north   东 南 西 北  (1z-4z)
    31-33  zhong fa bai            中 发 白      (7z 6z 5z)

Suits sit in blocks of nine and honours come last, so "can a run start
here?" is the single test ``tile < 27 and tile % 9 <= 6``.

A hand (``counts``) is a tuple of 34 counts, each 0-4.  Input a person
types (``hand``) is a string in Tenhou-style mpsz notation or in Chinese
tile names; :func:`parse` turns it into counts and :func:`to_mpsz` turns
counts back into canonical notation.  Explained in chapter 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import index

from .checks import (
    MAX_NOTATION,
    HandError,
    are_counts,
    choice_arg,
    fail,
    items_arg,
    show,
    str_arg,
    tile_arg,
)

N_KINDS = 34
COPIES = 4
SUITS = "msp"  # index order: wan, tiao, tong
HONOR_START = 27


# --- names --------------------------------------------------------------

# Tenhou numbers honours 1z-7z as east, south, west, north, bai, fa, zhong.
_Z_TO_TILE = {1: 27, 2: 28, 3: 29, 4: 30, 5: 33, 6: 32, 7: 31}
_TILE_TO_Z = {tile: z for z, tile in _Z_TO_TILE.items()}

_SUIT_ZH = {"m": "万", "s": "条", "p": "筒"}
_SUIT_EN = {"m": "characters", "s": "bamboo", "p": "dots"}
_HONOR_ZH = ["东", "南", "西", "北", "中", "发", "白"]
_HONOR_EN = ["east wind", "south wind", "west wind", "north wind",
             "red dragon", "green dragon", "white dragon"]
# Unicode Mahjong Tiles block: winds and dragons first, then the suits.
_HONOR_GLYPH = ["\U0001F000", "\U0001F001", "\U0001F002", "\U0001F003",
                "\U0001F004", "\U0001F005", "\U0001F006"]
_SUIT_GLYPH_START = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}


def suit_of(tile: int) -> str:
    """The suit letter of a tile: 'm', 's', 'p', or 'z' for honours.

    >>> suit_of(0), suit_of(9), suit_of(18), suit_of(33)
    ('m', 's', 'p', 'z')
    """
    tile = tile_arg(tile)
    return SUITS[tile // 9] if tile < HONOR_START else "z"


def rank_of(tile: int) -> int:
    """Rank 1-9 of a suited tile, or the Tenhou 1z-7z number of an honour.

    >>> rank_of(22), rank_of(31)
    (5, 7)
    """
    tile = tile_arg(tile)
    return tile % 9 + 1 if tile < HONOR_START else _TILE_TO_Z[tile]


def can_start_run(tile: int) -> bool:
    """True when ``tile, tile+1, tile+2`` is a run in one suit.

    >>> can_start_run(6), can_start_run(7), can_start_run(27)
    (True, False, False)
    """
    tile = tile_arg(tile)
    return tile < HONOR_START and tile % 9 <= 6


def tile_name(tile: int) -> str:
    """The mpsz name of one tile.

    >>> [tile_name(t) for t in (0, 13, 22, 27, 31, 33)]
    ['1m', '5s', '5p', '1z', '7z', '5z']
    """
    return f"{rank_of(tile)}{suit_of(tile)}"


def tile_name_zh(tile: int) -> str:
    """The Chinese name of one tile.

    >>> [tile_name_zh(t) for t in (0, 13, 22, 27, 31, 33)]
    ['1万', '5条', '5筒', '东', '中', '白']
    """
    tile = tile_arg(tile)
    if tile >= HONOR_START:
        return _HONOR_ZH[tile - HONOR_START]
    return f"{rank_of(tile)}{_SUIT_ZH[suit_of(tile)]}"


def tile_name_en(tile: int) -> str:
    """The English name of one tile.

    >>> tile_name_en(4), tile_name_en(31)
    ('5 characters', 'red dragon')
    """
    tile = tile_arg(tile)
    if tile >= HONOR_START:
        return _HONOR_EN[tile - HONOR_START]
    return f"{rank_of(tile)} {_SUIT_EN[suit_of(tile)]}"


def tile_glyph(tile: int) -> str:
    """The Unicode mahjong glyph of one tile (fonts permitting).

    >>> tile_glyph(0) == '\\U0001F007', tile_glyph(31) == '\\U0001F004'
    (True, True)
    """
    tile = tile_arg(tile)
    if tile >= HONOR_START:
        return _HONOR_GLYPH[tile - HONOR_START]
    return chr(_SUIT_GLYPH_START[suit_of(tile)] + tile % 9)


def tile_index(name: str) -> int:
    """The index of one tile given by name ("5p", "5筒", "中").

    >>> tile_index("5p"), tile_index("中"), tile_index("7z")
    (22, 31, 31)
    """
    counts = parse(str_arg(name, "tile name", 40))
    if sum(counts) != 1:
        raise HandError(f"{name!r} is {sum(counts)} tiles, not one tile")
    return counts.index(1)


# --- parsing ------------------------------------------------------------

_SUIT_ALIASES = {
    "m": "m", "万": "m", "萬": "m",
    "s": "s", "条": "s", "條": "s", "索": "s",
    "p": "p", "筒": "p", "饼": "p", "餅": "p",
    "z": "z",
}
_HONOR_ALIASES = {
    "东": 27, "東": 27, "南": 28, "西": 29, "北": 30,
    "中": 31, "发": 32, "發": 32, "白": 33,
}
_CN_DIGITS = {c: i for i, c in enumerate("一二三四五六七八九", start=1)}
_SPACES = set(" \t\n\r,，、")


def parse(hand: str) -> tuple[int, ...]:
    """Parse mpsz notation or Chinese tile names into 34 counts.

    Digits are followed by their suit letter (``m`` wan, ``s`` tiao,
    ``p`` tong, ``z`` honours, with 5z bai, 6z fa, 7z zhong as on Tenhou);
    Chinese names use 万/条/筒 after a digit and 东南西北中发白 alone.
    Spaces are ignored.  Raises :class:`HandError` naming the offending
    character or tile, or for notation longer than 1000 characters
    (:data:`mjcore.base.checks.MAX_NOTATION`).

    >>> counts = parse("123m456p789s11z")
    >>> to_mpsz(counts)
    '123m456p789s11z'
    >>> parse("1万2万3万 东南西北 中发白") == parse("123m1234z765z")
    True
    >>> parse("5z") == parse("白")
    True
    >>> parse("8z")
    Traceback (most recent call last):
    ...
    mjcore.HandError: 8z is not a tile: honours are 1z-7z
    """
    if not isinstance(hand, str):
        raise HandError(f"expected a string of tiles, got {type(hand).__name__}")
    str_arg(hand, "hand", MAX_NOTATION)
    counts = [0] * N_KINDS
    pending: list[tuple[int, int]] = []  # (rank, position) digits awaiting a suit

    def add(tile: int, label: str) -> None:
        counts[tile] += 1
        if counts[tile] > COPIES:
            raise HandError(
                f"{label} appears {counts[tile]} times; a tile has {COPIES} copies")

    for pos, ch in enumerate(hand):
        if ch in _SPACES:
            continue
        if ch.isdigit() and ch.isascii() or ch in _CN_DIGITS:
            rank = int(ch) if ch.isascii() else _CN_DIGITS[ch]
            if rank == 0:
                raise HandError(
                    f"'0' at position {pos}: these rules have no red fives; write 5")
            pending.append((rank, pos))
        elif ch in _SUIT_ALIASES:
            suit = _SUIT_ALIASES[ch]
            if not pending:
                raise HandError(f"suit '{ch}' at position {pos} has no digits before it")
            for rank, _ in pending:
                if suit == "z":
                    if rank not in _Z_TO_TILE:
                        raise HandError(f"{rank}z is not a tile: honours are 1z-7z")
                    tile = _Z_TO_TILE[rank]
                else:
                    tile = SUITS.index(suit) * 9 + rank - 1
                add(tile, f"{rank}{suit}")
            pending.clear()
        elif ch in _HONOR_ALIASES:
            if pending:
                digits = "".join(str(r) for r, _ in pending)
                raise HandError(f"digits '{digits}' before '{ch}' have no suit")
            tile = _HONOR_ALIASES[ch]
            add(tile, tile_name(tile))
        else:
            raise HandError(f"unknown character {ch!r} at position {pos}")
    if pending:
        digits = "".join(str(r) for r, _ in pending)
        raise HandError(f"digits '{digits}' at the end have no suit letter (m, p, s or z)")
    return tuple(counts)


def as_counts(hand: str | Sequence[int] | None) -> tuple[int, ...]:
    """Accept notation or a sequence of 34 counts; return a checked 34-tuple.

    ``None`` means no tiles (handy for ``visible``).  A count is an
    integer 0-4: a Python int, a numpy integer, or a bool (``True`` is
    the integer 1 in Python); a float or a string is a HandError.  An
    iterable of counts is read only as far as its 35th item, so an
    endless one is refused.

    >>> as_counts("11z")[27]
    2
    >>> as_counts([0] * 33)
    Traceback (most recent call last):
    ...
    mjcore.HandError: a hand has 34 counts, got 33
    """
    if are_counts(hand, N_KINDS):  # already checked counts: the usual case
        return hand
    if hand is None:
        return (0,) * N_KINDS
    if isinstance(hand, str):
        return parse(hand)
    if isinstance(hand, bytes) or not hasattr(hand, "__iter__"):
        raise HandError(f"expected notation or 34 counts, got {type(hand).__name__}")
    counts = items_arg(hand, "hand", N_KINDS, "counts")
    if len(counts) != N_KINDS:
        raise HandError(f"a hand has {N_KINDS} counts, got {len(counts)}")
    checked = []
    for tile, c in enumerate(counts):
        try:
            c = index(c)  # ints, numpy integers, and bool (Python's True is the integer 1)
        except TypeError:
            raise HandError(f"count of {tile_name(tile)} is {c!r}, not an integer") from None
        if not 0 <= c <= COPIES:
            raise HandError(f"{tile_name(tile)} appears {c} times; a tile has 0-{COPIES} copies")
        checked.append(c)
    return tuple(checked)


_SHAPES = {"3n+1": (1, 4, 7, 10, 13), "3n+2": (2, 5, 8, 11, 14)}


def check_size(counts: Sequence[int], shape: str, what: str = "this") -> int:
    """Check the number of tiles: shape "3n+1" or "3n+2", at most 14.

    Returns the number of tiles.

    >>> check_size(parse("11m"), "3n+2")
    2
    >>> check_size(parse("11m"), "3n+1", "waits")
    Traceback (most recent call last):
    ...
    mjcore.HandError: waits needs 3n+1 tiles (1, 4, 7, 10 or 13), got 2
    """
    want = _SHAPES.get(shape) if type(shape) is str else None
    if want is None:
        choice_arg(shape, "shape", _SHAPES)
    if type(counts) is not tuple or len(counts) != N_KINDS:
        counts = as_counts(counts)
    try:
        n = sum(counts)
    except TypeError:
        n = None
    if type(n) is not int:  # only unchecked counts get here: say what is wrong with them
        n = sum(as_counts(counts))
    if n not in want:
        listed = ", ".join(map(str, want[:-1])) + f" or {want[-1]}"
        raise HandError(f"{what} needs {shape} tiles ({listed}), got {n}")
    return n


def to_tiles(counts: Sequence[int]) -> list[int]:
    """The hand as a sorted list of tile indices.

    >>> to_tiles(parse("112m"))
    [0, 0, 1]
    """
    counts = as_counts(counts)
    return [tile for tile, c in enumerate(counts) for _ in range(c)]


def from_tiles(tiles: Iterable[int]) -> tuple[int, ...]:
    """Counts from a list of tile indices (the inverse of :func:`to_tiles`).

    >>> to_mpsz(from_tiles([31, 0, 0]))
    '11m7z'
    """
    counts = [0] * N_KINDS
    for tile in items_arg(tiles, "tiles", N_KINDS * COPIES, "tiles"):
        counts[tile_arg(tile)] += 1
        if counts[tile] > COPIES:
            raise HandError(f"tiles holds {tile_name(tile)} more than {COPIES} times")
    return as_counts(counts)


def to_mpsz(counts: Sequence[int]) -> str:
    """Canonical mpsz notation: suits in the order m, p, s, z, ranks ascending.

    >>> to_mpsz(parse("5z 7z 1m 9p 1s"))
    '1m9p1s57z'
    >>> to_mpsz((0,) * 34)
    ''
    """
    counts = as_counts(counts)
    parts = []
    for suit in "mps":
        base = SUITS.index(suit) * 9
        digits = "".join(str(r + 1) * counts[base + r] for r in range(9))
        if digits:
            parts.append(digits + suit)
    honors = "".join(str(z) * counts[_Z_TO_TILE[z]] for z in range(1, 8))
    if honors:
        parts.append(honors + "z")
    return "".join(parts)


def to_chinese(counts: Sequence[int]) -> str:
    """The hand in Chinese tile names, in index order.

    >>> to_chinese(parse("12m5z7z"))
    '1万 2万 中 白'
    """
    return " ".join(tile_name_zh(t) for t in to_tiles(as_counts(counts)))


def to_glyphs(counts: Sequence[int]) -> str:
    """The hand as Unicode mahjong glyphs, in index order."""
    return "".join(tile_glyph(t) for t in to_tiles(as_counts(counts)))


# --- compact keys -------------------------------------------------------

def key_base5(counts: Sequence[int]) -> int:
    """The hand as a base-5 integer, one digit a tile (tile 0 most significant).

    34 base-5 digits need 79 bits: more than a 64-bit integer holds.

    >>> key_base5(parse("1m"))== 5 ** 33
    True
    >>> key_base5(parse("5z"))
    1
    """
    key = 0
    for c in as_counts(counts):
        key = key * 5 + c
    return key


def key_bits(counts: Sequence[int]) -> int:
    """The hand packed 3 bits a tile (tile 0 in the lowest bits): 102 bits.

    >>> key_bits(parse("11m2m"))
    10
    """
    key = 0
    for tile, c in enumerate(as_counts(counts)):
        key |= c << (3 * tile)
    return key


def from_key_bits(key: int) -> tuple[int, ...]:
    """Counts from :func:`key_bits`.

    >>> to_mpsz(from_key_bits(key_bits(parse("19m19p19s1234567z"))))
    '19m19p19s1234567z'
    """
    if not isinstance(key, int) or isinstance(key, bool) or not 0 <= key < 1 << (3 * N_KINDS):
        raise HandError(f"key {key!r} is not an integer 0 to 2**{3 * N_KINDS} - 1")
    return as_counts([(key >> (3 * tile)) & 7 for tile in range(N_KINDS)])


# --- checks of tile names and melds (the generic kinds are in mjcore.base.checks) ---

def named_tile_arg(value: object, name: str = "tile") -> int:
    """A tile index 0-33 or a tile name ("5p", "5筒", "中"), as an index.

    >>> named_tile_arg("7z", "win_tile"), named_tile_arg(31, "win_tile")
    (31, 31)
    >>> named_tile_arg(3.5, "win_tile")
    Traceback (most recent call last):
    ...
    mjcore.HandError: win_tile 3.5 is not a tile name or an index 0-33
    """
    if type(value) is int and 0 <= value <= 33:
        return value
    if isinstance(value, str):
        try:
            return tile_index(str_arg(value, name, 40))
        except HandError as error:
            if str(error).startswith(name):
                raise
            fail(f"{name}: {error}")
    fail(f"{name} {show(value)} is not a tile name or an index 0-33")


def meld_arg(kind: object, tile: object, kinds: Iterable[str], name: str = "meld") -> None:
    """The two fields of a meld object: ``kind`` one of ``kinds``, ``tile`` a tile index.

    A run (``"run"`` or ``"chi"``) must start at a tile that starts a run
    in one suit (1-7 of a suit), so 891m is refused.

    >>> meld_arg("chi", 7, ("chi", "pon", "kong", "ankan"), "LaidMeld")
    Traceback (most recent call last):
    ...
    mjcore.HandError: LaidMeld: a chi starts at a suited 1-7, got tile 7 (8m)
    """
    choice_arg(kind, f"{name} kind", kinds)
    tile = tile_arg(tile, f"{name} tile")
    if kind in ("run", "chi") and not (tile < 27 and tile % 9 <= 6):
        fail(f"{name}: a {kind} starts at a suited 1-7, got tile {tile} ({tile_name(tile)})")
