"""Tiles as buttons that show their faces, and the rows of them every widget holds.

:func:`face_button` makes a tile one button: its face is the tile's picture, drawn by
the style sheet :func:`faces_css`, its accessible name the tile's mpsz and Chinese
names.  :class:`TilePad` holds the 34 tiles to add and the hand's to remove;
:class:`TileChoice` is one tile chosen by its face (:class:`WildPicker`: the wild tile
赖子), the chosen button marked by its ring, the class :data:`CHOSEN_CLASS` and
"(chosen)" in its name.  A button changes in one message to the page: made whole, its
marks set under ``hold_sync()``, so the page (and a browser test) never holds a face
half changed.  Each widget of the package shows them
(:class:`~mjcore.view.widgets.editor.HandEditor` first).
Explained in chapter 3, section 8 (Try it: a hand editor).
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ...base.checks import tile_arg
from ...base.tiles import N_KINDS, rank_of, suit_of, tile_name, tile_name_en, to_tiles
from ..render import tile_label, tile_svg
from .shared import _row

_SUIT_ORDER = "mpsz"


def _mpsz_key(tile: int) -> tuple[int, int]:
    """Sort tiles as mpsz notation writes them: m, p, s, then 1z-7z."""
    return _SUIT_ORDER.index(suit_of(tile)), rank_of(tile)


def _face_tooltip(tile: int) -> str:
    """``5s 五条 (5 bamboo)``: the face's name, mpsz and Chinese, with the English name."""
    return f"{tile_label(tile)} ({tile_name_en(tile)})"


# --- tiles as buttons that show their faces -----------------------------------------

FACE_CLASS = "mj-face"
"""The CSS class of every tile button; ``mj-face-5s`` names its tile."""

_FACE_CSS = f"""\
.jupyter-widgets.jupyter-button.{FACE_CLASS} {{
  width: 36px; height: 48px; min-width: 36px; margin: 1px; padding: 0;
  border: 0; border-radius: 6px; box-shadow: none;
  background-color: transparent; background-position: center;
  background-size: contain; background-repeat: no-repeat;
  color: transparent; font-size: 0; overflow: hidden; cursor: pointer;
}}
.jupyter-widgets.jupyter-button.{FACE_CLASS}:hover:enabled {{
  transform: translateY(-3px); box-shadow: 0 3px 4px rgba(0, 0, 0, 0.25);
}}
.jupyter-widgets.jupyter-button.{FACE_CLASS}:focus-visible {{
  outline: 2px solid #1f5fa8; outline-offset: 1px;
}}
.jupyter-widgets.jupyter-button.{FACE_CLASS}.mod-warning {{
  box-shadow: 0 0 0 3px #f0a020;
}}
.jupyter-widgets.jupyter-button.{FACE_CLASS}.{FACE_CLASS}-small {{
  width: 27px; height: 36px; min-width: 27px;
}}
/* the picker in a narrow column: a suit whose nine faces (38 px each, margins included)
   do not fit one row takes two, 1-5 over 6-9, and the honours 4 over 3, rather than leave
   a tile or two alone on a row */
.mj-picker {{ container-type: inline-size; }}
@container (max-width: 341.98px) {{
  .mj-picker .mj-suit {{ display: grid; grid-template-columns: repeat(5, max-content); }}
  .mj-picker .mj-suit-z {{ display: flex; }}
}}
@container (max-width: 265.98px) {{
  .mj-picker .mj-suit-z {{ display: grid; grid-template-columns: repeat(4, max-content); }}
}}
"""


@functools.cache
def faces_css() -> str:
    """The style sheet that draws each tile button's face (one ``<style>`` per widget).

    A button's face is its tile's picture from :func:`mjcore.view.render.tile_svg`, the
    one the site and the panels show, as a ``data:`` URI: nothing is fetched.  The
    button's text, the tile's mpsz and Chinese names, stays its accessible name and is
    not drawn.

    >>> css = faces_css()
    >>> css.count("data:image/svg+xml;base64,"), "mj-face-7z" in css
    (34, True)
    """
    rules = [_FACE_CSS]
    for tile in range(N_KINDS):
        data = base64.b64encode(tile_svg(tile).encode()).decode("ascii")
        rules.append(f".jupyter-widgets.jupyter-button.{FACE_CLASS}-{tile_name(tile)} "
                     f'{{ background-image: url("data:image/svg+xml;base64,{data}"); }}')
    return "\n".join(rules)


def face_button(tile: int, tooltip: str, on_click: Callable[[], None],
                wild: bool = False, small: bool = False) -> widgets.Button:
    """One tile as one button that shows its face.

    Its text (its accessible name) is the tile's mpsz and Chinese names, ``5s 五条``;
    ``tooltip`` (shown on hover) should start with them.  A wild tile is ringed; a
    ``small`` face is three quarters of the size.  The face needs :func:`faces_css` on
    the page, which :class:`TilePad` puts there.  The button is made with all of it,
    classes included, so the message that opens it on the page holds the whole face.

    >>> button = face_button(13, "5s 五条 (5 bamboo)", lambda: None)
    >>> button.description, button._dom_classes
    ('5s 五条', ('mj-face', 'mj-face-5s'))
    """
    classes = (FACE_CLASS, f"{FACE_CLASS}-{tile_name(tile)}") + (
        (f"{FACE_CLASS}-small",) if small else ())
    button = widgets.Button(description=tile_label(tile), tooltip=tooltip,
                            button_style="warning" if wild else "", _dom_classes=classes)
    button.on_click(lambda _button: on_click())
    return button


class TilePad:
    """The tiles as buttons with faces: the 34 to add from, and the hand's to remove.

    Every tile is one button (:func:`face_button`): its face is the tile's picture,
    its accessible name and tooltip its mpsz and Chinese names, and Tab and Enter reach
    and press it like any button.  Clicking one of the 34 calls ``add(tile)``;
    clicking a tile of the hand calls ``remove(tile)``.  The hand appears here only:
    the panels beside it leave out their own picture of it.

    The parts: ``tile_buttons`` (34, by tile index), ``picker`` (them, a row per
    suit, or two, 1-5 over 6-9, in a column too narrow for nine faces), ``hand_box`` (a
    button per tile in the hand) and ``widget``, which also holds the style sheet
    (:func:`faces_css`).

    >>> pad = TilePad(print, print)
    >>> pad.show((2,) + (0,) * 33); [b.description for b in pad.hand_box.children]
    ['1m 一万', '1m 一万']
    >>> pad.hand_box.children[0].click()
    0
    """

    def __init__(self, add: Callable[[int], None], remove: Callable[[int], None]) -> None:
        self._remove = remove
        self.tile_buttons: list[widgets.Button] = [
            face_button(tile, _face_tooltip(tile), lambda tile=tile: add(tile))
            for tile in range(N_KINDS)]
        rows = [_row([self.tile_buttons[t] for t in sorted(range(N_KINDS), key=_mpsz_key)
                      if suit_of(t) == suit]) for suit in _SUIT_ORDER]
        for suit, row in zip(_SUIT_ORDER, rows, strict=True):
            row.add_class("mj-suit")
            row.add_class(f"mj-suit-{suit}")
        self.picker = widgets.VBox(rows)
        self.picker.add_class("mj-picker")
        self.hand_box = _row((), min_height="52px")
        self.hand_box.add_class("mj-hand-faces")
        self.widget = widgets.VBox([
            widgets.HTML(f"<style>{faces_css()}</style>"),
            widgets.HTML("<b>add a tile</b> (hover for its name)"), self.picker,
            widgets.HTML("<b>the hand</b> (click a tile to remove one copy)"),
            self.hand_box])

    def show(self, counts: Sequence[int], wild: int | None = None) -> None:
        """Show the hand ``counts`` as buttons, in mpsz order; copies of ``wild`` ringed."""
        buttons = []
        for tile in sorted(to_tiles(counts), key=_mpsz_key):
            note = ", a wild tile" if tile == wild else ""
            buttons.append(face_button(tile, f"{_face_tooltip(tile)}: click to remove one{note}",
                                       lambda tile=tile: self._remove(tile), tile == wild))
        self.hand_box.children = tuple(buttons)


# --- one tile chosen by its face: the wild tile 赖子, a discard to claim -------------

CHOSEN_CLASS = "mj-chosen"
"""The CSS class of the chosen button of a :class:`TileChoice`."""


class TileChoice:
    """One tile chosen by its face, or none: a row of the 34 faces after a "none" button.

    Each face is a :func:`face_button`, smaller than the hand's; clicking one calls
    ``choose(tile)``, the none button ``choose(None)``.  The widget that owns the row
    checks the choice and calls :meth:`show` with what it took, which marks that button:
    ringed (``button_style`` "warning"), the class ``mj-chosen``, and "(chosen)" in its
    accessible name and tooltip, since an ipywidgets button has no ``aria-pressed``; all
    four reach the page in one message.
    ``what`` starts each tooltip ("wild: 5z 白板 (white dragon), chosen"); ``hint``
    ends an unchosen one's.  The faces need :func:`faces_css` on the page, which the
    owner's :class:`TilePad` puts there.

    The parts: ``none_button``, ``tile_buttons`` (34, by tile index) and ``widget``
    (them, in mpsz order, after ``title``), which has the class ``css_class``.

    >>> row = TileChoice(print, title="wild", what="wild", none="no wild tile",
    ...                  hint="click to make every copy wild", css_class="mj-wild-picker")
    >>> row.tile_buttons[33].click()
    33
    >>> row.show(33); row.value, row.tile_buttons[33].description
    (33, '5z 白板 (chosen)')
    >>> row.tile_buttons[33].tooltip, row.none_button.description
    ('wild: 5z 白板 (white dragon), chosen', 'no wild tile')
    """

    def __init__(self, choose: Callable[[int | None], None], *, title: str, what: str,
                 none: str, hint: str, css_class: str) -> None:
        self._what, self._none, self._hint = what, none, hint
        self._value: int | None = None
        self.none_button = widgets.Button(description=none, layout=widgets.Layout(
            width="auto", height="36px"))
        self.none_button.on_click(lambda _button: choose(None))
        self.tile_buttons: list[widgets.Button] = []
        for tile in range(N_KINDS):
            self.tile_buttons.append(face_button(tile, "", lambda tile=tile: choose(tile),
                                                 small=True))
        faces = [self.tile_buttons[t] for t in sorted(range(N_KINDS), key=_mpsz_key)]
        self.widget = _row([widgets.HTML(title), self.none_button, *faces],
                           align_items="center")
        self.widget.add_class(css_class)
        for button in (self.none_button, *self.tile_buttons):
            self._mark(button, False)

    @property
    def value(self) -> int | None:
        """The tile shown as chosen (an index), or None."""
        return self._value

    def show(self, tile: int | None) -> None:
        """Mark ``tile`` (an index, or None for the none button) as the one chosen.

        The button chosen before, if another, loses its mark; each button that changes
        sends its new state in one message, and the one already chosen sends none.
        """
        tile = None if tile is None else tile_arg(tile)
        if tile != self._value:
            self._mark(self._button(self._value), False)
        self._value = tile
        self._mark(self._button(tile), True)

    def _button(self, tile: int | None) -> widgets.Button:
        return self.none_button if tile is None else self.tile_buttons[tile]

    def _mark(self, button: widgets.Button, chosen: bool) -> None:
        if button is self.none_button:
            name = self._none
            tooltip = f"{self._none}, chosen" if chosen else f"{self._none}: click to choose"
        else:
            tile = self.tile_buttons.index(button)
            name = tile_label(tile)
            tooltip = f"{self._what}: {_face_tooltip(tile)}" + (
                ", chosen" if chosen else f": {self._hint}")
        with button.hold_sync():  # name, ring and class reach the page together
            button.description = f"{name} (chosen)" if chosen else name
            button.tooltip = tooltip
            button.button_style = "warning" if chosen else ""
            if chosen:
                button.add_class(CHOSEN_CLASS)
            else:
                button.remove_class(CHOSEN_CLASS)


class WildPicker(TileChoice):
    """The wild tile 赖子 chosen by its face (a :class:`TileChoice`): "no wild tile", then
    the 34 faces.  :class:`~mjcore.view.widgets.HandEditor`,
    :class:`~mjcore.view.widgets.WaitChart`, :class:`~mjcore.view.widgets.ScoreCalculator`
    and :class:`~mjcore.view.widgets.SeatsAdvisor` each show one; clicking calls
    ``choose``, their ``set_wild``.

    >>> picker = WildPicker(print)
    >>> picker.show(None); picker.none_button.description, picker.none_button.button_style
    ('no wild tile (chosen)', 'warning')
    >>> picker.show(31); picker.none_button.description, picker.tile_buttons[31].description
    ('no wild tile', '7z 红中 (chosen)')
    """

    def __init__(self, choose: Callable[[int | None], None]) -> None:
        super().__init__(choose, title="<b>wild 赖子</b>", what="wild", none="no wild tile",
                         hint="click to make every copy stand for any tile",
                         css_class="mj-wild-picker")
