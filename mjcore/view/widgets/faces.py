"""An interactive hand editor for notebooks, and the static HTML it shows.

:class:`HandEditor` puts 34 tile buttons, the hand, two text boxes, a
rules menu and the wild tile (赖子) around one live analysis from
:func:`mjcore.analyze`.  A tile is one button that shows its face, in this
editor, :class:`WaitChart`, :class:`ScoreCalculator` and :class:`SeatsAdvisor`:
the tiles to add and the hand's (:class:`TilePad`), the wild tile and a discard
to claim (:class:`TileChoice`).  The analysis panel is the string
:func:`render_analysis_html` returns, so a page without a running kernel
(the static site, where widgets render blank) can show the same panel.
Every action is a plain method (:meth:`HandEditor.add`,
:meth:`HandEditor.set_hand`, ...), so the editor is tested from Python
without a browser.  Bad input never raises: it
shows the :class:`~mjcore.HandError` text in the widget and leaves
what the user typed in the box.

This is the only module of mjcore that imports ipywidgets.
Explained in chapter 3.
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ...base.checks import (
    HandError,
    bool_arg,
    choice_arg,
    int_arg,
    items_arg,
    seat_arg,
    show,
    str_arg,
    tile_arg,
)
from ...base.rules import POYANG, PRESETS, WILD_PRESETS, Rules, rules_arg, with_wild
from ...base.tiles import (
    COPIES,
    N_KINDS,
    as_counts,
    named_tile_arg,
    parse,
    rank_of,
    suit_of,
    tile_index,
    tile_name,
    tile_name_en,
    tile_name_zh,
    to_mpsz,
    to_tiles,
)
from ...hand.analysis import FORM_LABELS, analyze
from ..render import escape, hand_html, tile_label, tile_svg, tiles_html

MAX_TILES = 14

# The panels' tables: flush left, with room between the columns.
_TABLE = ('<table style="margin-left: 0; border-collapse: separate; '
          'border-spacing: 0.8em 0.1em">')

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
                wild: bool = False) -> widgets.Button:
    """One tile as one button that shows its face.

    Its text (its accessible name) is the tile's mpsz and Chinese names, ``5s 五条``;
    ``tooltip`` (shown on hover) should start with them.  A wild tile is ringed.  The
    face needs :func:`faces_css` on the page, which :class:`TilePad` puts there.

    >>> button = face_button(13, "5s 五条 (5 bamboo)", lambda: None)
    >>> button.description, button._dom_classes
    ('5s 五条', ('mj-face', 'mj-face-5s'))
    """
    button = widgets.Button(description=tile_label(tile), tooltip=tooltip,
                            button_style="warning" if wild else "")
    button.add_class(FACE_CLASS)
    button.add_class(f"{FACE_CLASS}-{tile_name(tile)}")
    button.on_click(lambda _button: on_click())
    return button


def _cannot_add(counts: Sequence[int], visible: Sequence[int], tile: int) -> str:
    """Why one more ``tile`` cannot join the hand ``counts`` ('' when it can)."""
    held, seen = counts[tile], visible[tile]
    if held >= COPIES:
        return (f"{tile_name(tile)} is already in the hand {COPIES} times; "
                f"a tile has {COPIES} copies")
    if held + seen >= COPIES:
        return (f"{tile_name(tile)}: {held} in the hand and {seen} visible; "
                f"no copy is left to add")
    if sum(counts) >= MAX_TILES:
        return (f"the hand already has {MAX_TILES} tiles: "
                f"click a tile in the hand to remove it first")
    return ""


def _tile_of(tile: int | str) -> int:
    """A tile given as a name ("5s", "5条") or an index 0-33, checked."""
    if isinstance(tile, str):
        return tile_index(str_arg(tile, "tile", 40))
    return tile_arg(tile)


def _changed(counts: Sequence[int], tile: int, step: int) -> str:
    """The hand ``counts`` with ``step`` more copies of ``tile``, in mpsz."""
    counts = list(counts)
    counts[tile] += step
    return to_mpsz(counts)


class TilePad:
    """The tiles as buttons with faces: the 34 to add from, and the hand's to remove.

    Every tile is one button (:func:`face_button`): its face is the tile's picture,
    its accessible name and tooltip its mpsz and Chinese names, and Tab and Enter reach
    and press it like any button.  Clicking one of the 34 calls ``add(tile)``;
    clicking a tile of the hand calls ``remove(tile)``.  The hand appears here only:
    the panels beside it leave out their own picture of it.

    The parts: ``tile_buttons`` (34, by tile index), ``picker`` (them, a row per
    suit), ``hand_box`` (a button per tile in the hand) and ``widget``, which also
    holds the style sheet (:func:`faces_css`).

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
        rows = [widgets.HBox([self.tile_buttons[t] for t in sorted(range(N_KINDS),
                                                                   key=_mpsz_key)
                              if suit_of(t) == suit],
                             layout=widgets.Layout(flex_flow="row wrap"))
                for suit in _SUIT_ORDER]
        self.picker = widgets.VBox(rows)
        self.picker.add_class("mj-picker")
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                           min_height="52px"))
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
    accessible name and tooltip, since an ipywidgets button has no ``aria-pressed``.
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
            button = face_button(tile, "", lambda tile=tile: choose(tile))
            button.add_class(f"{FACE_CLASS}-small")
            self.tile_buttons.append(button)
        faces = [self.tile_buttons[t] for t in sorted(range(N_KINDS), key=_mpsz_key)]
        self.widget = widgets.HBox([widgets.HTML(title), self.none_button, *faces],
                                   layout=widgets.Layout(flex_flow="row wrap",
                                                         align_items="center"))
        self.widget.add_class(css_class)
        for button in (self.none_button, *self.tile_buttons):
            self._mark(button, False)

    @property
    def value(self) -> int | None:
        """The tile shown as chosen (an index), or None."""
        return self._value

    def show(self, tile: int | None) -> None:
        """Mark ``tile`` (an index, or None for the none button) as the one chosen."""
        tile = None if tile is None else tile_arg(tile)
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
        button.description = f"{name} (chosen)" if chosen else name
        button.tooltip = tooltip
        button.button_style = "warning" if chosen else ""
        if chosen:
            button.add_class(CHOSEN_CLASS)
        else:
            button.remove_class(CHOSEN_CLASS)


class WildPicker(TileChoice):
    """The wild tile 赖子 chosen by its face (a :class:`TileChoice`): "no wild tile", then
    the 34 faces.  :class:`HandEditor`, :class:`WaitChart`, :class:`ScoreCalculator` and
    :class:`SeatsAdvisor` each show one; clicking calls ``choose``, their ``set_wild``.

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


def _wild_arg(wild: object) -> int | None:
    """``wild`` as a tile index: a tile name ("7z", "中") or index; None (or "") for none."""
    return _tile_or_none(wild, "wild")


def _tile_or_none(tile: object, name: str) -> int | None:
    """A tile name or index as an index, or None (or "") for none, checked as ``name``."""
    if tile is None or isinstance(tile, str) and tile == "":
        return None
    return named_tile_arg(tile, name)


def _rules_with(rules: object, wild: object) -> Rules:
    """The rules a render function uses: ``rules`` (wild ones too), with ``wild`` as the
    wild kind when ``wild`` is not None."""
    rules = rules_arg(rules, wild=True)
    wild = _wild_arg(wild)
    return rules if wild is None else with_wild(rules, wild)


def _wild_html(rules: Rules, pictures: bool) -> list[str]:
    """The line that names the wild tile, when ``rules`` have one."""
    if rules.wild is None:
        return []
    tile = rules.wild
    shown = f"{tiles_html([tile], tile_height='1.7em')} " if pictures else ""
    return [f'<p class="mj-wild"><b>wild</b> 赖子: {shown}<code>{tile_name(tile)}</code> '
            f"({tile_name_zh(tile)}, {tile_name_en(tile)}): each copy stands for any tile</p>"]


def _tiles_line(counts: Sequence[int]) -> str:
    """The hand as tile pictures on a line of its own (the mpsz text is beside it)."""
    return f'<p class="mj-tiles">{hand_html(counts, label=False)}</p>'


def _reading_html(reading: str, tile_height: str = "1.7em") -> str:
    """A reading such as ``11m 123m`` as pictures, one group of tiles per meld.

    Under wild rules a reading ends with what the wild tiles stand for
    (``11m 123m; wilds as 1m 3m``): the melds are drawn, the text beside says the rest.
    """
    groups = [tiles_html(to_tiles(parse(part)), tile_height=tile_height)
              for part in reading.split(";")[0].split()]
    return " ".join(f'<span style="margin-right:0.5em">{g}</span>' for g in groups)


def _check_pictures(pictures: object, name: str = "pictures") -> None:
    if not isinstance(pictures, bool):
        raise HandError(f"{name} must be True or False, got {pictures!r}")


def render_analysis_html(hand: str | Sequence[int], rules: Rules = POYANG,
                         visible: str | Sequence[int] | None = None, *,
                         wild: int | str | None = None, pictures: bool = True,
                         show_hand: bool = True) -> str:
    """The analysis of a hand as a small HTML fragment (no scripts, no styles sheet).

    A 3n+1 hand lists its waits with the copies still unseen and their
    total; a 3n+2 hand says whether it wins, in which forms, and lists
    every reading as melds and a pair.  Tiles in ``visible`` (discards,
    others' melds) lower the remaining copies.  With ``pictures`` (the
    default) the hand, the waits and each reading also appear as tile
    pictures from :mod:`mjcore.view.render`, beside the mpsz text;
    ``show_hand=False`` leaves out the hand's own pictures, which a widget
    shows as its buttons (:class:`TilePad`).  ``wild`` (a tile name such as
    "7z", or an index) makes that kind wild (赖子: :func:`mjcore.with_wild`
    of ``rules``); None, the default, keeps ``rules`` as they are, with or
    without a wild kind.  Raises :class:`~mjcore.HandError` for input
    :func:`mjcore.analyze` rejects; :class:`HandEditor` shows that message instead.

    >>> page = render_analysis_html("111222333m4445s")
    >>> "<td>3s</td>" in page and "<b>total</b>: 11" in page
    True
    >>> page.count("<svg"), page.count('aria-label="3s 三条"')
    (16, 1)
    >>> print(render_analysis_html("11123m", visible="9p", pictures=False))
    <div class="mj-analysis">
    <p><b>hand</b>: <code>11123m</code> (5 tiles), <b>rules</b>: poyang</p>
    <p><b>visible</b>: <code>9p</code></p>
    <p><b>win</b>: yes, four melds and a pair</p>
    <p><b>readings</b> (1):</p>
    <ul>
    <li><code>11m 123m</code></li>
    </ul>
    </div>
    """
    _check_pictures(pictures)
    _check_pictures(show_hand, "show_hand")
    rules = _rules_with(rules, wild)
    result = analyze(hand, rules, visible)
    n = sum(result.counts)
    out = ['<div class="mj-analysis">',
           f"<p><b>hand</b>: <code>{escape(result.hand)}</code> ({n} tiles), "
           f"<b>rules</b>: {escape(rules.name)}</p>", *_wild_html(rules, pictures)]
    if pictures and show_hand:
        out.append(_tiles_line(result.counts))
    if any(result.visible):
        out.append(f"<p><b>visible</b>: <code>{to_mpsz(result.visible)}</code></p>")
    w = result.waits
    if w is not None:
        if not w.tiles:
            out.append("<p><b>waits</b>: none, the hand is not ready (not tenpai)</p>")
        else:
            shown = f" {tiles_html(w.tiles, tile_height='2em')}" if pictures else ""
            out.append(f"<p><b>waits</b>:{shown}</p>")
            out.append(_TABLE)
            out.append("<tr><th>tile</th><th>name</th><th>left</th></tr>")
            for tile in w.tiles:
                out.append(f"<tr><td>{tile_name(tile)}</td>"
                           f"<td>{tile_name_zh(tile)}, {tile_name_en(tile)}</td>"
                           f"<td>{w.remaining[tile]}</td></tr>")
            out.append("</table>")
            out.append(f"<p><b>total</b>: {w.total} tiles left "
                       f"on {len(w.tiles)} wait{'s' * (len(w.tiles) != 1)}</p>")
    else:
        verdict = ("yes, " + "; ".join(FORM_LABELS[f] for f in result.forms)
                   if result.win else "no")
        out.append(f"<p><b>win</b>: {verdict}</p>")
        if result.decompositions:
            out.append(f"<p><b>readings</b> ({len(result.decompositions)}):</p>")
            out.append("<ul>")
            out.extend(f"<li><code>{d}</code>"
                       + (f" {_reading_html(str(d))}" if pictures else "") + "</li>"
                       for d in result.decompositions)
            out.append("</ul>")
        else:
            out.append("<p><b>readings</b>: none as melds and a pair</p>")
    out.append("</div>")
    return "\n".join(out)


def _message_html(text: str) -> str:
    return f'<p class="mj-message" style="color:#b00020"><b>{escape(text)}</b></p>'


class HandEditor:
    """Edit a hand with buttons or notation and see its analysis update.

    ``rules`` is a :class:`~mjcore.base.rules.Rules` or a preset name
    ("standard", "poyang", "riichi", "hongzhong").  ``wild`` is the wild tile 赖子 (a
    name such as "7z" or an index), chosen by its face in ``wild_picker``:
    the analysis uses :func:`mjcore.with_wild` of the rules and it.  None,
    the default, is no wild tile, unless ``rules`` have one (as
    :data:`mjcore.HONGZHONG` does).  A hand or visible string that does
    not parse leaves that part empty and shows why, as typing it would.

    The parts, for tests and for rearranging: ``pad`` (the :class:`TilePad`),
    its ``tile_buttons`` (34, by tile index) and ``hand_box`` (one button per
    tile in the hand, the wild ones ringed), ``hand_text`` and ``visible_text`` (applied
    on Enter or leaving the box), ``rules_dropdown``, ``wild_picker`` (a
    :class:`WildPicker`), ``clear_button``, ``output`` (the panel) and ``widget``, the box that
    holds them all.

    >>> editor = HandEditor()
    >>> editor
    HandEditor(hand='111222333m4445s', rules='poyang')
    >>> editor.add("6s"); editor.hand
    '111222333m44456s'
    >>> editor.add("6s"); editor.message
    'the hand already has 14 tiles: click a tile in the hand to remove it first'
    >>> editor.set_hand("1112z8z"); editor.message, editor.hand_text.value
    ('8z is not a tile: honours are 1z-7z', '1112z8z')
    >>> editor.wild_picker.tile_buttons[31].click(); editor.rules.name, editor.wild
    ('poyang, 7z wild', 31)
    """

    def __init__(self, hand: str | Sequence[int] = "111222333m4445s",
                 rules: Rules | str = POYANG,
                 visible: str | Sequence[int] | None = "",
                 wild: int | str | None = None) -> None:
        self._rules_by_name: dict[str, Rules] = {**PRESETS, **WILD_PRESETS}
        self._rules = self._lookup_rules(rules)
        self._wild = self._rules.wild if wild is None else _wild_arg(wild)
        self._counts: tuple[int, ...] = (0,) * N_KINDS
        self._visible: tuple[int, ...] = (0,) * N_KINDS
        self._message = ""
        self._error = ""
        self._syncing = False

        self.pad = TilePad(self.add, self.remove)
        self.tile_buttons = self.pad.tile_buttons
        self.hand_box = self.pad.hand_box
        self.hand_text = widgets.Text(description="hand", continuous_update=False,
                                      placeholder="e.g. 111222333m4445s or 1万2万3万 东南西北",
                                      layout=widgets.Layout(width="420px"))
        self.visible_text = widgets.Text(description="visible", continuous_update=False,
                                         placeholder="seen tiles, e.g. 55p",
                                         layout=widgets.Layout(width="420px"))
        self.rules_dropdown = widgets.Dropdown(
            description="rules", options=list(self._rules_by_name), value=self._rules.name)
        self.wild_picker = WildPicker(self.set_wild)
        self.wild_picker.show(self._wild)
        self.clear_button = widgets.Button(description="clear", tooltip="remove every tile")
        self.output = widgets.HTML()

        self.hand_text.observe(self._on_hand_text, names="value")
        self.visible_text.observe(self._on_visible_text, names="value")
        self.rules_dropdown.observe(self._on_rules, names="value")
        self.clear_button.on_click(lambda _button: self.clear())

        self.widget = widgets.VBox(self._layout())

        hand_error = self._apply_hand(hand)
        visible_error = self._apply_visible(visible)
        self._message = hand_error or visible_error
        self._refresh()

    # --- state -----------------------------------------------------------

    @property
    def counts(self) -> tuple[int, ...]:
        """The hand as 34 counts."""
        return self._counts

    @property
    def visible(self) -> tuple[int, ...]:
        """The visible tiles as 34 counts."""
        return self._visible

    @property
    def rules(self) -> Rules:
        """The rules the analysis uses: those chosen, with the wild tile chosen."""
        return with_wild(self._rules, self._wild)

    @property
    def wild(self) -> int | None:
        """The wild tile's index, or None for no wild tile."""
        return self._wild

    @property
    def hand(self) -> str:
        """The hand in canonical mpsz notation."""
        return to_mpsz(self._counts)

    @property
    def message(self) -> str:
        """The message the widget shows ('' when all is well), as plain text."""
        return self._message or self._error

    @property
    def analysis_html(self) -> str:
        """What the widget's panel shows: the message, then the analysis."""
        return self.output.value

    # --- actions ---------------------------------------------------------

    def add(self, tile: int | str) -> None:
        """Add one copy of a tile (an index 0-33 or a name like "5s")."""
        try:
            tile = _tile_of(tile)
        except HandError as error:
            return self._say(str(error))
        problem = _cannot_add(self._counts, self._visible, tile)
        if problem:
            return self._say(problem)
        self._change(tile, +1)

    def remove(self, tile: int | str) -> None:
        """Remove one copy of a tile from the hand."""
        try:
            tile = _tile_of(tile)
        except HandError as error:
            return self._say(str(error))
        if not self._counts[tile]:
            return self._say(f"{tile_name(tile)} is not in the hand")
        self._change(tile, -1)

    def clear(self) -> None:
        """Remove every tile from the hand."""
        self._counts = (0,) * N_KINDS
        self._message = ""
        self._show_hand_text()
        self._refresh()

    def set_hand(self, text: str) -> None:
        """Read a hand from notation, as typing it into the hand box does.

        On bad input the hand stays as it was, the box keeps ``text``
        and the message names what is wrong.  ``text`` may also be 34
        counts; anything else (a number, None) is only a message.
        """
        if text is None or not isinstance(text, str) and not hasattr(text, "__iter__"):
            return self._say(f"hand must be notation or 34 counts, got {show(text)}")
        self._message = self._apply_hand(text)
        self._refresh()

    def set_visible(self, text: str) -> None:
        """Read the visible tiles from notation, as typing them into the box does.

        Also 34 counts, or None for no tiles; anything else is only a message.
        """
        if text is not None and not isinstance(text, str) and not hasattr(text, "__iter__"):
            return self._say(f"visible must be notation or 34 counts, got {show(text)}")
        self._message = self._apply_visible(text)
        self._refresh()

    def set_rules(self, name: str | Rules) -> None:
        """Switch the rules by preset name ("standard", "poyang", "riichi", "hongzhong") or
        Rules.

        Rules with a wild kind (:data:`mjcore.HONGZHONG`) choose it as the wild tile;
        rules without one keep the wild tile chosen.
        """
        try:
            self._rules = self._lookup_rules(name)
        except HandError as error:
            return self._say(str(error))
        if self._rules.wild is not None:
            self._wild = self._rules.wild
        self._message = ""
        self._syncing = True
        try:
            self.rules_dropdown.options = list(self._rules_by_name)
            self.rules_dropdown.value = self._rules.name
        finally:
            self._syncing = False
        self.wild_picker.show(self._wild)
        self._refresh()

    def set_wild(self, tile: int | str | None) -> None:
        """Choose the wild tile 赖子, as clicking its face does: a name ("7z", "中") or an
        index 0-33, or None (or "") for none."""
        try:
            self._wild = _wild_arg(tile)
        except HandError as error:
            return self._say(str(error))
        self._message = ""
        self.wild_picker.show(self._wild)
        self._refresh()

    # --- display ---------------------------------------------------------

    def __repr__(self) -> str:
        extra = f", visible={to_mpsz(self._visible)!r}" if any(self._visible) else ""
        if self._wild != self._rules.wild:
            extra += f", wild={None if self._wild is None else tile_name(self._wild)!r}"
        return f"HandEditor(hand={self.hand!r}, rules={self._rules.name!r}{extra})"

    def _repr_mimebundle_(self, **kwargs: object) -> dict:
        """Display as the widget, with the short repr as its plain-text form."""
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        return {**bundle, "text/plain": repr(self)}

    # --- internals -------------------------------------------------------

    def _layout(self) -> list[widgets.Widget]:
        """The parts in the order the widget shows them."""
        return [self.pad.widget, widgets.HBox([self.hand_text, self.clear_button]),
                widgets.HBox([self.visible_text, self.rules_dropdown],
                             layout=widgets.Layout(flex_flow="row wrap")),
                self.wild_picker.widget, self.output]

    def _panel(self) -> str:
        """The panel for the state (raises :class:`~mjcore.HandError` for one it cannot
        show)."""
        return render_analysis_html(self._counts, self.rules, self._visible, show_hand=False)

    def _lookup_rules(self, rules: Rules | str) -> Rules:
        if isinstance(rules, str) and rules in self._rules_by_name:  # a custom one shown
            return self._rules_by_name[rules]
        rules = rules_arg(rules, wild=True)
        self._rules_by_name.setdefault(rules.name, rules)
        if self._rules_by_name[rules.name] != rules:
            raise HandError(f"rules named {rules.name!r} already exist with other settings")
        return rules

    def _change(self, tile: int, step: int) -> None:
        counts = list(self._counts)
        counts[tile] += step
        self._counts = tuple(counts)
        self._message = ""
        self._show_hand_text()
        self._refresh()

    def _say(self, text: str) -> None:
        self._message = text
        self._refresh()

    def _apply_hand(self, hand: str | Sequence[int] | None) -> str:
        """Show ``hand`` in the box and take it as the hand; return the error, or ''."""
        try:
            text = hand if isinstance(hand, str) else to_mpsz(as_counts(hand))
        except HandError as error:
            return str(error)
        self._put(self.hand_text, text)
        try:
            counts = parse(text)
        except HandError as error:
            return str(error)
        if sum(counts) > MAX_TILES:
            return f"{sum(counts)} tiles is too many: a hand has at most {MAX_TILES}"
        self._counts = counts
        return ""

    def _apply_visible(self, visible: str | Sequence[int] | None) -> str:
        """Show ``visible`` in its box and take it; return the error, or ''."""
        try:
            text = visible if isinstance(visible, str) else to_mpsz(as_counts(visible))
        except HandError as error:
            return str(error)
        self._put(self.visible_text, text)
        try:
            self._visible = parse(text)
        except HandError as error:
            return str(error)
        return ""

    def _put(self, box: widgets.ValueWidget, value: str) -> None:
        """Set a box without running its observer."""
        self._syncing = True
        try:
            box.value = value
        finally:
            self._syncing = False

    def _show_hand_text(self) -> None:
        self._put(self.hand_text, self.hand)

    def _on_hand_text(self, change: dict) -> None:
        if not self._syncing:
            self.set_hand(change["new"])

    def _on_visible_text(self, change: dict) -> None:
        if not self._syncing:
            self.set_visible(change["new"])

    def _on_rules(self, change: dict) -> None:
        if not self._syncing:
            self.set_rules(change["new"])

    def _refresh(self) -> None:
        """Rebuild the hand buttons and the panel from the state."""
        self.pad.show(self._counts, self._wild)
        n = sum(self._counts)
        self._error = ""
        try:
            if n == 0:
                raise HandError("the hand is empty: click tiles above or type a hand")
            panel = self._panel()
        except HandError as error:
            self._error = str(error)
            panel = ""
        shown = self.message
        self.output.value = (_message_html(shown) if shown else "") + panel


# --- Poyang score calculator (chapter 9) ----------------------------------------

from dataclasses import replace as _replace  # noqa: E402

from ...scoring.poyang import (  # noqa: E402
    FAN_ENGLISH,
    PoyangRules,
    Score,
    parse_meld,
    poyang_rules_arg,
    score,
    settle,
)

SCORE_FLAGS = ("self_draw", "after_kong", "robbing_kong", "last_tile", "heavenly", "earthly")
"""The win-context switches of :func:`mjcore.scoring.poyang.score`, in the calculator's order."""

_FLAG_LABELS = {"self_draw": "自摸 self-draw", "after_kong": "杠上开花 after a kong",
                "robbing_kong": "抢杠胡 robbing a kong", "last_tile": "海底捞月 last tile",
                "heavenly": "天胡 heavenly", "earthly": "地胡 earthly"}


def split_melds(text: str) -> list[str]:
    """Melds typed in one box, separated by commas, semicolons or new lines.

    >>> split_melds("pon 777z, chi 345m;ankan 9999s")
    ['pon 777z', 'chi 345m', 'ankan 9999s']
    >>> split_melds("  ")
    []
    """
    text = str_arg(text, "melds")
    for sep in ";，；\n":
        text = text.replace(sep, ",")
    return [part.strip() for part in text.split(",") if part.strip()]


def render_score_html(hand: str | Sequence[int], *, win_tile: str | int,
                      melds: Sequence[str] | str = (), winner: int = 0, discarder: int = 1,
                      rules: PoyangRules | None = None, wild: int | str | None = None,
                      show_hand: bool = True, **context: bool) -> str:
    """The Poyang score of a winning hand and its payments, as a small HTML fragment.

    ``melds`` is a list or one string as :func:`split_melds` reads it;
    ``context`` takes the flags of :func:`mjcore.scoring.poyang.score`
    (``self_draw=True``, ...).  Payments are for ``winner``, paid by
    ``discarder`` (seats 0-3; ``discarder`` is ignored on a self-drawn
    win).  ``rules`` is a :class:`~mjcore.scoring.poyang.PoyangRules`, "poyang" or
    None (the default rules); ``wild`` (a tile name or index) makes that kind wild in
    their ``forms`` (a win that needs no wild tile scores 硬胡), None keeps them.
    ``show_hand=False`` leaves out the hand's pictures (the win tile's stay), as
    :class:`ScoreCalculator` does, whose buttons show the hand.  Raises
    :class:`~mjcore.HandError` for input the scorer rejects;
    :class:`ScoreCalculator` shows that message instead.

    >>> page = render_score_html("11223344556677m", win_tile="7m")
    >>> "<td>七对</td>" in page and "<b>points</b>: 64" in page
    True
    >>> "<td>seat 1</td><td>-64</td>" in page
    True
    """
    rules = PoyangRules() if rules is None else poyang_rules_arg(rules)
    rules = _replace(rules, forms=_rules_with(rules.forms, wild))
    winner, discarder = seat_arg(winner, "winner"), seat_arg(discarder, "discarder")
    _check_pictures(show_hand, "show_hand")
    for name in context:
        choice_arg(name, "flag", SCORE_FLAGS)
    laid = split_melds(melds) if isinstance(melds, str) else melds
    result = score(hand, win_tile=win_tile, melds=laid, rules=rules, **context)
    return _score_panel_html(result, rules, winner, discarder, show_hand)


def _win_tile_text(tile: object) -> str:
    """What the win-tile box shows for a tile name or index (checked)."""
    if isinstance(tile, str):
        return str_arg(tile, "win_tile", 40)
    return tile_name(named_tile_arg(tile, "win_tile"))


def _melds_text(melds: object) -> str:
    """What the melds box shows for one string or a list of meld strings (checked)."""
    if isinstance(melds, str):
        return str_arg(melds, "melds")
    laid = items_arg(melds, "melds", 16, "meld strings")
    for meld in laid:
        str_arg(meld, "each of the melds", 40)
    return ", ".join(laid)


def _score_panel_html(result: Score, rules: PoyangRules, winner: int, discarder: int,
                      show_hand: bool = True) -> str:
    pay = (settle(result, winner=winner, rules=rules) if result.self_draw
           else settle(result, winner=winner, discarder=discarder, rules=rules))
    how = ("self-drawn" if result.self_draw else
           "robbing a kong" if result.robbing_kong else "on a discard")
    out = ['<div class="mj-score">',
           f"<p><b>hand</b>: <code>{escape(result.hand)}</code>, "
           f"<b>win tile</b>: <code>{result.win_tile}</code> ({how})</p>",
           f'<p class="mj-tiles">{hand_html(result.hand, label=False) + " " if show_hand else ""}'
           f'<span style="margin-left:0.6em">win tile '
           f"{tiles_html([tile_index(result.win_tile)])}</span></p>",
           *_wild_html(rules.forms, True)]
    if result.melds:
        shown = ", ".join(f"<code>{escape(m)}</code>" for m in result.melds)
        out.append(f"<p><b>melds</b>: {shown}</p>")
        laid = " ".join(f'<span style="margin-right:0.5em">'
                        f"{tiles_html(parse_meld(m).tiles, tile_height='2em')}</span>"
                        for m in result.melds)
        out.append(f'<p class="mj-tiles">{laid}</p>')
    out.append(f"<p><b>best reading</b>: <code>{escape(result.reading)}</code> "
               f"(best of {len(result.readings)})</p>")
    out.append(_TABLE)
    out.append("<tr><th>fan</th><th>meaning</th><th>番</th></tr>")
    out.extend(f"<tr><td>{name}</td><td>{FAN_ENGLISH.get(name, '')}</td><td>{fan}</td></tr>"
               for name, fan in result.fans)
    out.append("</table>")
    capped = (f", capped at {rules.cap} (total {result.total_fan})"
              if result.fan != result.total_fan else "")
    out.append(f"<p><b>fan</b>: {result.fan}{capped}; <b>points</b>: {result.points} "
               f"(base {rules.base} x 2^{result.fan})</p>")
    payer = "each other seat" if result.self_draw else f"seat {discarder}"
    out.append(f"<p><b>payments</b> (winner seat {winner}, paid by {payer}):</p>")
    out.append(_TABLE)
    out.append("<tr><th>seat</th><th>points</th></tr>")
    out.extend(f"<tr><td>seat {seat}</td><td>{p:+d}</td></tr>".replace("+0<", "0<")
               for seat, p in enumerate(pay))
    out.append("</table>")
    out.append("</div>")
    return "\n".join(out)


class ScoreCalculator:
    """Type a winning hand, its melds and how it won; see its Poyang fan and payments.

    ``wild`` is the wild tile 赖子, as in :class:`HandEditor`: Poyang's forms with
    that kind, where a win that needs no wild tile as a substitute scores 硬胡.
    The tile buttons (``pad``, a :class:`TilePad`) add a tile to the concealed hand
    or remove one.

    The parts, for tests and for rearranging: ``pad``, ``hand_text``, ``win_text``,
    ``melds_text`` (applied on Enter or leaving the box), ``checkboxes``
    (one per name in :data:`SCORE_FLAGS`), ``cap_dropdown``, ``wild_picker`` (a
    :class:`WildPicker`), ``winner_dropdown``, ``discarder_dropdown``, ``output`` (the panel
    :func:`render_score_html` draws) and ``widget``, the box holding them.
    Every action is a method; bad input shows its
    :class:`~mjcore.HandError` text and never raises.

    >>> calc = ScoreCalculator()
    >>> calc
    ScoreCalculator(hand='111222333m44455s', win_tile='5s', melds=[])
    >>> calc.set_flag("self_draw", True); calc.score.points
    32
    >>> calc.set_melds("chi 357m"); calc.message
    "meld 'chi 357m': a chi is three consecutive tiles of one suit, got 357m"
    """

    def __init__(self, hand: str = "111222333m44455s", win_tile: str = "5s",
                 melds: str | Sequence[str] = "", rules: PoyangRules | None = None,
                 wild: int | str | None = None, **context: bool) -> None:
        self._rules = PoyangRules() if rules is None else poyang_rules_arg(rules)
        wild = self._rules.forms.wild if wild is None else _wild_arg(wild)
        hand = str_arg(hand, "hand")
        win_tile = _win_tile_text(win_tile)
        melds = _melds_text(melds)
        for name, value in context.items():
            choice_arg(name, "flag", SCORE_FLAGS)
            bool_arg(value, name)
        self._syncing = False
        self._score: Score | None = None
        self._message = ""
        self.hand_text = widgets.Text(description="hand", continuous_update=False,
                                      placeholder="concealed tiles with the win tile",
                                      layout=widgets.Layout(width="360px"))
        self.win_text = widgets.Text(description="win tile", continuous_update=False,
                                     placeholder="e.g. 5s", layout=widgets.Layout(width="200px"))
        self.melds_text = widgets.Text(description="melds", continuous_update=False,
                                       placeholder="e.g. pon 777z, chi 345m, ankan 9999s",
                                       layout=widgets.Layout(width="560px"))
        self.checkboxes = {name: widgets.Checkbox(description=_FLAG_LABELS[name], value=False,
                                                  indent=False,
                                                  layout=widgets.Layout(width="180px"))
                           for name in SCORE_FLAGS}
        cap_options = [("6 fan", 6), ("8 fan", 8), ("no cap", None)]
        if self._rules.cap not in (6, 8, None):
            cap_options.insert(0, (f"{self._rules.cap} fan", self._rules.cap))
        self.cap_dropdown = widgets.Dropdown(description="cap", options=cap_options,
                                             value=self._rules.cap)
        self._wild = wild
        self.wild_picker = WildPicker(self.set_wild)
        self.wild_picker.show(wild)
        self.winner_dropdown = widgets.Dropdown(description="winner", options=[0, 1, 2, 3],
                                                value=0, layout=widgets.Layout(width="160px"))
        self.discarder_dropdown = widgets.Dropdown(description="discarder",
                                                   options=[0, 1, 2, 3], value=1,
                                                   layout=widgets.Layout(width="160px"))
        self.output = widgets.HTML()
        self.pad = TilePad(self.add, self.remove)
        for box in (self.hand_text, self.win_text, self.melds_text, self.cap_dropdown,
                    self.winner_dropdown, self.discarder_dropdown, *self.checkboxes.values()):
            box.observe(self._on_change, names="value")
        self.widget = widgets.VBox([
            self.pad.widget,
            widgets.HBox([self.hand_text, self.win_text]), self.melds_text,
            widgets.HBox(list(self.checkboxes.values()), layout=widgets.Layout(
                flex_flow="row wrap")),
            widgets.HBox([self.cap_dropdown, self.winner_dropdown, self.discarder_dropdown],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.wild_picker.widget, self.output])
        self._syncing = True
        try:
            self.hand_text.value = hand
            self.win_text.value = win_tile
            self.melds_text.value = melds
            for name, value in context.items():
                self.checkboxes[name].value = value
        finally:
            self._syncing = False
        self._refresh()

    # --- state -----------------------------------------------------------

    @property
    def rules(self) -> PoyangRules:
        """The rules in use: the given ones with the cap and the wild tile chosen."""
        forms = with_wild(self._rules.forms, self.wild)
        return _replace(self._rules, cap=self.cap_dropdown.value, forms=forms)

    @property
    def wild(self) -> int | None:
        """The wild tile's index, or None for no wild tile."""
        return self._wild

    @property
    def context(self) -> dict[str, bool]:
        """The win-context flags as :func:`mjcore.scoring.poyang.score` takes them."""
        return {name: box.value for name, box in self.checkboxes.items()}

    @property
    def melds(self) -> list[str]:
        """The melds as typed, one string each."""
        return split_melds(self.melds_text.value)

    @property
    def score(self) -> Score | None:
        """The :class:`~mjcore.scoring.poyang.Score` shown, or None while the input is bad."""
        return self._score

    @property
    def message(self) -> str:
        """The error the widget shows ('' when the hand scores)."""
        return self._message

    @property
    def panel_html(self) -> str:
        """What the widget's panel shows: the message or the score."""
        return self.output.value

    # --- actions ---------------------------------------------------------

    # Every setter takes what its box holds; a value of another kind only shows
    # a message, and the boxes and the score stay as they were.

    def add(self, tile: int | str) -> None:
        """Add one copy of a tile (an index 0-33 or a name) to the concealed hand, as its
        button does."""
        try:
            tile, counts = _tile_of(tile), parse(self.hand_text.value)
        except HandError as error:
            return self._show_message(str(error))
        problem = _cannot_add(counts, (0,) * N_KINDS, tile)
        if problem:
            return self._show_message(problem)
        self.hand_text.value = _changed(counts, tile, +1)

    def remove(self, tile: int | str) -> None:
        """Remove one copy of a tile from the concealed hand, as clicking it there does."""
        try:
            tile, counts = _tile_of(tile), parse(self.hand_text.value)
        except HandError as error:
            return self._show_message(str(error))
        if not counts[tile]:
            return self._show_message(f"{tile_name(tile)} is not in the hand")
        self.hand_text.value = _changed(counts, tile, -1)

    def set_hand(self, text: str) -> None:
        """Type a hand into the hand box (notation, at most 1000 characters)."""
        try:
            self.hand_text.value = str_arg(text, "hand")
        except HandError as error:
            self._show_message(str(error))

    def set_win_tile(self, text: str | int) -> None:
        """Type the win tile (a name such as "5s", or a tile index 0-33)."""
        try:
            self.win_text.value = _win_tile_text(text)
        except HandError as error:
            self._show_message(str(error))

    def set_melds(self, text: str | Sequence[str]) -> None:
        """Type the melds (one string separated by commas, or a list)."""
        try:
            self.melds_text.value = _melds_text(text)
        except HandError as error:
            self._show_message(str(error))

    def set_flag(self, name: str, value: bool = True) -> None:
        """Tick (True) or clear (False) one of :data:`SCORE_FLAGS`."""
        try:
            choice_arg(name, "flag", SCORE_FLAGS)
            self.checkboxes[name].value = bool_arg(value, name)
        except HandError as error:
            self._show_message(str(error))

    def set_wild(self, tile: int | str | None) -> None:
        """Choose the wild tile 赖子, as clicking its face does: a name ("7z", "中") or an
        index 0-33, or None (or "") for none."""
        try:
            self._wild = _wild_arg(tile)
        except HandError as error:
            self._show_message(str(error))
            return
        self.wild_picker.show(self._wild)
        self._refresh()

    def set_cap(self, cap: int | None) -> None:
        """Choose the cap from the menu (6, 8 or None)."""
        values = [v for _, v in self.cap_dropdown.options]
        if not (cap is None or type(cap) is int) or cap not in values:
            self._show_message(f"cap {show(cap)} is not in the menu: choose one of {values}")
            return
        self.cap_dropdown.value = cap

    def set_seats(self, winner: int, discarder: int | None = None) -> None:
        """Choose the winner's seat and the discarder's (0-3; None keeps the discarder)."""
        try:
            seat_arg(winner, "winner")
            seat_arg(discarder, "discarder", optional=True)
        except HandError as error:
            self._show_message(str(error))
            return
        self._syncing = True
        try:
            self.winner_dropdown.value = winner
            if discarder is not None:
                self.discarder_dropdown.value = discarder
        finally:
            self._syncing = False
        self._refresh()

    def __repr__(self) -> str:
        try:
            melds = self.melds
        except HandError:  # typed past the length limit: show the start of the text
            melds = self.melds_text.value[:40]
        wild = None if self._wild is None else tile_name(self._wild)
        extra = f", wild={wild!r}" if self._wild != self._rules.forms.wild else ""
        return (f"ScoreCalculator(hand={self.hand_text.value!r}, "
                f"win_tile={self.win_text.value!r}, melds={melds!r}{extra})")

    def _repr_mimebundle_(self, **kwargs: object) -> dict:
        """Display as the widget, with the short repr as its plain-text form."""
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        return {**bundle, "text/plain": repr(self)}

    # --- internals -------------------------------------------------------

    def _on_change(self, _change: dict) -> None:
        if not self._syncing:
            self._refresh()

    def _show_message(self, text: str) -> None:
        """Show ``text`` above the panel; the score shown (if any) stays."""
        self._message = text
        self.output.value = _message_html(text) + (self._panel if self._score is not None else "")

    def _refresh(self) -> None:
        self._score = None
        self._message = ""
        try:
            self.pad.show(parse(self.hand_text.value), self.wild)
        except HandError:
            pass  # the hand's buttons stay; score() below names what is wrong
        try:
            rules = self.rules
            result = score(self.hand_text.value, win_tile=self.win_text.value,
                           melds=self.melds, rules=rules, **self.context)
            page = _score_panel_html(result, rules, self.winner_dropdown.value,
                                     self.discarder_dropdown.value, show_hand=False)
            self._score = result
        except HandError as error:
            self._message = str(error)
            page = _message_html(self._message)
        self._panel = page
        self.output.value = page


# --- chapter 5: the wait chart ------------------------------------------------

OUTLOOK_DRAWS = (6, 12, 18)


def render_outlook_html(hand: str | Sequence[int], rules: Rules = POYANG,
                        visible: str | Sequence[int] | None = None,
                        draws: Sequence[int] = OUTLOOK_DRAWS, *, wild: int | str | None = None,
                        pictures: bool = True, show_hand: bool = True) -> str:
    """The table under the wait chart: what a hand hopes to draw and its chances.

    One row per :func:`mjcore.play.prob.outlooks` entry (a 3n+1 hand, or the
    best three discards of a 3n+2 hand): the discard, the shanten after
    it, the tiles hoped for with their unseen copies, and the exact chance
    of at least one within each number of ``draws`` (1 to 10 numbers,
    each 1-136).  ``wild`` makes a kind wild, as in
    :func:`render_analysis_html`.  With ``pictures`` (the default) the hand
    also appears as tile pictures (unless ``show_hand`` is False, as in
    :class:`WaitChart`, whose buttons show it).  Raises
    :class:`~mjcore.HandError` for a hand the outlooks reject.
    Explained in chapter 5.

    >>> print(render_outlook_html("123456789m123s5p", draws=(1, 10), pictures=False))
    <div class="mj-outlook">
    <p><b>hand</b>: <code>123456789m5p123s</code> (13 tiles), <b>rules</b>: poyang</p>
    <table style="margin-left: 0; border-collapse: separate; border-spacing: 0.8em 0.1em">
    <tr><th>discard</th><th>shanten</th><th>hoping for</th><th>live</th><th>unseen</th><th>within 1</th><th>within 10</th></tr>
    <tr><td>-</td><td>0</td><td>5p(3)</td><td>3</td><td>123</td><td>2.4%</td><td>22.6%</td></tr>
    </table>
    </div>
    """  # noqa: E501
    from ...play.prob import MAX_UNSEEN, outlooks

    _check_pictures(pictures)
    _check_pictures(show_hand, "show_hand")
    rules = _rules_with(rules, wild)
    draws = items_arg(draws, "draws", 10, "numbers of draws")
    for k in draws:
        int_arg(k, "each of draws", 1, MAX_UNSEEN)
    if not draws:
        raise HandError("draws must list at least one number of draws, as in (6, 12, 18)")
    counts, seen = as_counts(hand), as_counts(visible)
    found = outlooks(counts, rules, seen)
    out = ['<div class="mj-outlook">',
           f"<p><b>hand</b>: <code>{to_mpsz(counts)}</code> ({sum(counts)} tiles), "
           f"<b>rules</b>: {escape(rules.name)}</p>", *_wild_html(rules, pictures)]
    if pictures and show_hand:
        out.append(_tiles_line(counts))
    if any(seen):
        out.append(f"<p><b>visible</b>: <code>{to_mpsz(seen)}</code></p>")
    out.append(_TABLE)
    out.append("<tr><th>discard</th><th>shanten</th><th>hoping for</th><th>live</th>"
               "<th>unseen</th>" + "".join(f"<th>within {k}</th>" for k in draws) + "</tr>")
    for o in found:
        curve = o.curve(max(draws))
        chances = "".join(f"<td>{float(curve[min(k, len(curve) - 1)]):.1%}</td>" for k in draws)
        hoped = " ".join(f"{tile_name(t)}({o.tiles.remaining[t]})" for t in o.tiles.tiles)
        out.append(f"<tr><td>{'-' if o.discard is None else tile_name(o.discard)}</td>"
                   f"<td>{o.shanten}</td><td>{hoped or 'none'}</td>"
                   f"<td>{o.live}</td><td>{o.unseen}</td>{chances}</tr>")
    out.append("</table>")
    out.append("</div>")
    return "\n".join(out)


MAX_CHART_DRAWS = 60
"""The most draws the wait chart shows (its slider's end)."""


def _notation(value: object, name: str, none: bool = True) -> str:
    """A hand or visible tiles as the text its box shows: notation as typed, counts as mpsz."""
    if isinstance(value, str):
        return str_arg(value, name)
    if value is None and not none or not (value is None or hasattr(value, "__iter__")):
        raise HandError(f"{name} must be notation or 34 counts, got {show(value)}")
    return to_mpsz(as_counts(value))


class WaitChart:
    """Edit a hand and the visible tiles; a chart of the chance to draw a hit follows.

    For a 3n+1 hand the chart has one curve: the chance of drawing a wait
    (a ready hand) or an effective tile (any other) within k draws.  For a
    3n+2 hand it has one curve per discard among the best three.  Under
    the chart sits :func:`render_outlook_html`.  Bad input shows a message
    and no chart, never a traceback.

    ``wild`` is the wild tile 赖子, as in :class:`HandEditor`.  The tile
    buttons (``pad``, a :class:`TilePad`) add a tile to the hand or remove one.

    The parts: ``pad``, ``hand_text``, ``visible_text`` (applied on Enter),
    ``rules_dropdown``, ``wild_picker`` (a :class:`WildPicker`), ``draws_slider`` (the
    last k on the chart),
    ``output`` (an ipywidgets Output that shows the figure as a PNG),
    ``table`` (HTML) and ``widget``, the box around them.  ``figure`` is
    the matplotlib figure last drawn (None after an error).  Explained
    in chapter 5.

    >>> chart = WaitChart()
    >>> chart
    WaitChart(hand='111222333m4445s', rules='poyang', max_draws=18)
    >>> chart.set_hand("123456789m123s5p"); chart.figure.axes[0].get_legend().texts[0].get_text()
    '3 of 123 winning (shanten 0)'
    >>> chart.set_visible("5555p"); chart.message, chart.figure
    ('5p: 1 in hand and 4 visible make 5; a tile has 4 copies', None)
    """

    def __init__(self, hand: str | Sequence[int] = "111222333m4445s",
                 rules: Rules | str = POYANG, visible: str | Sequence[int] | None = "",
                 max_draws: int = 18, wild: int | str | None = None) -> None:
        self._rules = rules_arg(rules, wild=True)
        self._wild = self._rules.wild if wild is None else _wild_arg(wild)
        self._hand = _notation(hand, "hand")
        self._visible = _notation(visible, "visible")
        self._max_draws = int_arg(max_draws, "max_draws", 1, MAX_CHART_DRAWS)
        self._message = ""
        self._syncing = False
        self.figure = None
        self.png = b""

        self.hand_text = widgets.Text(description="hand", continuous_update=False,
                                      layout=widgets.Layout(width="360px"))
        self.visible_text = widgets.Text(description="visible", continuous_update=False,
                                         placeholder="seen tiles, e.g. 55p",
                                         layout=widgets.Layout(width="360px"))
        options = [*PRESETS, *WILD_PRESETS]
        if self._rules.name not in options:
            options.append(self._rules.name)
        self.rules_dropdown = widgets.Dropdown(description="rules", options=options,
                                               value=self._rules.name)
        self.wild_picker = WildPicker(self.set_wild)
        self.wild_picker.show(self._wild)
        self.draws_slider = widgets.IntSlider(description="draws", min=1, max=MAX_CHART_DRAWS,
                                              value=max_draws, continuous_update=False)
        self.output = widgets.Output()
        self.table = widgets.HTML()
        self.pad = TilePad(self.add, self.remove)
        self.widget = widgets.VBox([
            self.pad.widget,
            widgets.HBox([self.hand_text, self.rules_dropdown],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.visible_text, self.draws_slider]),
            self.wild_picker.widget, self.output, self.table])
        self._put(self.hand_text, self._hand)
        self._put(self.visible_text, self._visible)
        self.hand_text.observe(lambda c: self._on(self.set_hand, c), names="value")
        self.visible_text.observe(lambda c: self._on(self.set_visible, c), names="value")
        self.rules_dropdown.observe(lambda c: self._on(self.set_rules, c), names="value")
        self.draws_slider.observe(lambda c: self._on(self.set_draws, c), names="value")
        self._refresh()

    @property
    def message(self) -> str:
        """The error shown instead of the chart ('' when all is well)."""
        return self._message

    @property
    def table_html(self) -> str:
        """What the table under the chart shows (the message on an error)."""
        return self.table.value

    @property
    def rules(self) -> Rules:
        """The rules the chart uses: those chosen, with the wild tile chosen."""
        return with_wild(self._rules, self._wild)

    @property
    def wild(self) -> int | None:
        """The wild tile's index, or None for no wild tile."""
        return self._wild

    # A value of the wrong kind (a number for a hand, a word for draws) only
    # shows a message: the chart, the table and the boxes stay as they were.

    def add(self, tile: int | str) -> None:
        """Add one copy of a tile (an index 0-33 or a name like "5s"), as its button does."""
        try:
            tile, counts = _tile_of(tile), parse(self._hand)
            problem = _cannot_add(counts, parse(self._visible), tile)
        except HandError as error:
            return self._say(str(error))
        if problem:
            return self._say(problem)
        self.set_hand(_changed(counts, tile, +1))

    def remove(self, tile: int | str) -> None:
        """Remove one copy of a tile from the hand, as clicking it in the hand does."""
        try:
            tile, counts = _tile_of(tile), parse(self._hand)
        except HandError as error:
            return self._say(str(error))
        if not counts[tile]:
            return self._say(f"{tile_name(tile)} is not in the hand")
        self.set_hand(_changed(counts, tile, -1))

    def set_hand(self, text: str | Sequence[int]) -> None:
        """Take a hand in notation (or 34 counts), as typing it does; the chart follows."""
        try:
            self._hand = _notation(text, "hand", none=False)
        except HandError as error:
            return self._say(str(error))
        self._put(self.hand_text, self._hand)
        self._refresh()

    def set_visible(self, text: str | Sequence[int] | None) -> None:
        """Take the visible tiles in notation (or 34 counts, or None for none)."""
        try:
            self._visible = _notation(text, "visible")
        except HandError as error:
            return self._say(str(error))
        self._put(self.visible_text, self._visible)
        self._refresh()

    def set_rules(self, name: str | Rules) -> None:
        """Switch the rules: a preset's name (any case) or a :class:`~mjcore.base.rules.Rules`.

        Rules with a wild kind choose it as the wild tile; others keep the wild tile chosen.
        """
        try:
            rules = rules_arg(name, wild=True)
        except HandError as error:
            return self._say(str(error))
        self._rules = rules
        if rules.wild is not None:
            self._wild = rules.wild
        self._syncing = True
        try:
            if rules.name not in self.rules_dropdown.options:
                self.rules_dropdown.options = [*self.rules_dropdown.options, rules.name]
            self.rules_dropdown.value = rules.name
        finally:
            self._syncing = False
        self.wild_picker.show(self._wild)
        self._refresh()

    def set_wild(self, tile: int | str | None) -> None:
        """Choose the wild tile 赖子, as clicking its face does: a name ("7z", "中") or an
        index 0-33, or None (or "") for none."""
        try:
            self._wild = _wild_arg(tile)
        except HandError as error:
            return self._say(str(error))
        self.wild_picker.show(self._wild)
        self._refresh()

    def set_draws(self, max_draws: int) -> None:
        """Show the chart up to ``max_draws`` draws (a whole number 1-60)."""
        try:
            self._max_draws = int_arg(max_draws, "max_draws", 1, MAX_CHART_DRAWS)
        except HandError as error:
            return self._say(str(error))
        self._put(self.draws_slider, self._max_draws)
        self._refresh()

    def __repr__(self) -> str:
        extra = f", visible={self._visible!r}" if self._visible else ""
        wild = (f", wild={tile_name(self._wild) if self._wild is not None else None!r}"
                if self._wild != self._rules.wild else "")
        return (f"WaitChart(hand={self._hand!r}, rules={self._rules.name!r}{extra}, "
                f"max_draws={self._max_draws}{wild})")

    def _repr_mimebundle_(self, **kwargs: object) -> dict:
        """Display as the widget, with the short repr as its plain-text form."""
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        return {**bundle, "text/plain": repr(self)}

    def _on(self, action, change: dict) -> None:
        if not self._syncing:
            action(change["new"])

    def _put(self, box: widgets.ValueWidget, value: object) -> None:
        self._syncing = True
        try:
            box.value = value
        finally:
            self._syncing = False

    def _say(self, text: str) -> None:
        """Show ``text`` above the table; the chart and the table stay."""
        self._message = text
        self.table.value = _message_html(text) + self._table

    def _refresh(self) -> None:
        import io

        from matplotlib.figure import Figure

        from ..plot import draw_outlook

        self.figure, self.png = None, b""
        try:
            counts = parse(self._hand)
            self.pad.show(counts, self.rules.wild)
            seen = parse(self._visible)
            if not any(counts):
                raise HandError("the hand is empty: click tiles or type a hand, "
                                "e.g. 111222333m4445s")
            table = render_outlook_html(counts, self.rules, seen, show_hand=False)
            figure = Figure(figsize=(7, 3.8))
            draw_outlook(counts, self.rules, seen, self._max_draws, ax=figure.subplots())
            figure.tight_layout()
        except HandError as error:
            self._message = str(error)
            self._table = ""
            self.table.value = _message_html(self._message)
        else:
            self._message = ""
            self._table = table
            self.table.value = table
            self.figure = figure
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png", dpi=80)
            self.png = buffer.getvalue()
        self._show()

    def _show(self) -> None:
        """Put the PNG in the Output widget by setting its outputs, not by printing.

        Setting ``outputs`` sends widget state only, so nothing leaks into
        the notebook cell that created the chart (nbval compares those).
        """
        import base64

        if not self.png:
            self.output.outputs = ()
            return
        self.output.outputs = ({
            "output_type": "display_data", "metadata": {},
            "data": {"image/png": base64.b64encode(self.png).decode("ascii"),
                     "text/plain": f"<wait chart of {self._hand}>"}},)


# --- chapter 7: four seats ------------------------------------------------------

SEATS_MODES: dict[str, dict[str, bool]] = {
    "alone": {}, "discard_wins": {"discard_wins": True},
    "calls": {"discard_wins": True, "calls": True}}
"""The seats choice, with the keywords of :func:`mjcore.win_chances` for each: the player
alone, winning self-drawn only; four seats, a ready hand winning on the other seats'
discards too (点炮胡); four seats with calls as well (碰 from any seat, 吃 from the left).
Calls without wins on a discard are no table's rule, so they are not offered."""

SEATS_LABELS = {"alone": "alone: self-drawn wins only",
                "discard_wins": "four seats: 点炮胡, wins on discards",
                "calls": "four seats: 点炮胡 and calls 吃 碰"}
"""The seats choice as the widget and the analyzer page name it."""
SEAT_LABELS = {"left": "left 上家", "across": "across 对家", "right": "right 下家"}
"""The seat a discard comes from, as the claim question names it."""

MAX_SEATS_DRAWS = 30
"""The most turns the four-seat panel takes (its slider's end): 4 x 30 tiles are shown."""

GOAL_LABELS = {"win": "the chance of winning", "points": "expected points (Poyang)"}
"""What the four-seat panel ranks by (:data:`mjcore.play.bestplay.OBJECTIVES`), as the
widget's toggle names it."""

_PERCENT = "{:.1%}"
_POINTS = "{:.2f}"


def _seats_formats(frame) -> dict[str, str]:
    """The formats of the four-seat panel's columns that ``frame`` has: chances in
    percent, expected points to two decimals."""
    chances = ("win", "alone", "four seats", "on a discard", "tenpai")
    points = ("expected points", "points alone", "points, four seats")
    return {c: _PERCENT if c in chances else _POINTS for c in (*chances, *points)
            if c in frame.columns}


def render_seats_html(hand: str | Sequence[int], rules: Rules | str = POYANG,
                      visible: str | Sequence[int] | None = None, draws: int = 17,
                      seats: str = "discard_wins", *, claim: int | str | None = None,
                      seat: str = "left", objective: str = "win",
                      wild: int | str | None = None, pictures: bool = True,
                      show_hand: bool = True) -> str:
    """The chances of a hand at a table of four, as a small HTML fragment.

    Without ``claim``: :func:`mjcore.win_chances` within ``draws`` turns (1-30) as a
    table, best first, one row a discard of a 3n+2 hand (one row for a 3n+1 hand kept
    as it is).  ``seats`` (one of :data:`SEATS_MODES`) is how the others play: "alone"
    shows the lone player's chance; "discard_wins" and "calls" show it beside the chance
    at four seats and the part of that won on a discard, in the four-seat order.

    With ``claim`` (a tile name or index) and a 13-tile hand: should the hand claim that
    tile, just discarded by ``seat`` ("left", "across" or "right")?  Every option of
    :func:`mjcore.claim_advice`, best first (its model is four seats with calls, whatever
    ``seats`` says); from a seat other than the left one, a line names the runs the
    tile would make from the left.  A hand of another size shows the table and says
    the question needs 13 tiles.

    ``objective="points"`` (Poyang rules) ranks by expected points instead, as
    :func:`mjcore.win_chances` and :func:`mjcore.claim_advice` do, and adds their
    columns: a claim costs 门清, so the answer can differ from the chance's.

    ``wild`` and ``pictures`` as in :func:`render_analysis_html`; ``show_hand=False``
    leaves out the hand's pictures (:class:`SeatsAdvisor` shows its buttons).  The tables
    are :func:`mjcore.view.frames.styled` frames (:func:`~mjcore.view.frames.chances_frame`,
    :func:`~mjcore.view.frames.claim_frame`), so this needs pandas.  Raises
    :class:`~mjcore.HandError` for a bad argument, or when mjcore refuses the search
    (four seats under wild rules, a search too large).  Explained in chapter 7.

    >>> page = render_seats_html("12389m456p78s9p11z4z", seats="calls", pictures=False)
    >>> print(page.split("\\n")[1])
    <p><b>hand</b>: <code>12389m4569p78s114z</code> (14 tiles), <b>rules</b>: poyang, <b>seats</b>: four seats: 点炮胡 and calls 吃 碰, <b>turns</b>: 17</p>
    >>> ">86.5%</td>" in page and ">31.7%</td>" in page  # 9p: four seats with calls, alone
    True
    >>> page = render_seats_html("12389m456p78s11z4z", claim="9s", seat="right", pictures=False)
    >>> "pass 过" in page and "吃" in page.split("</table>")[1]
    True
    >>> page = render_seats_html("12389m456p78s11z4z", claim="9s", objective="points",
    ...                          pictures=False)
    >>> page.index("pass 过") < page.index("吃 chi")  # 吃 wins more often, pass scores more
    True
    """  # noqa: E501
    from ...play.bestplay import OBJECTIVES, SEATS, claim_advice, win_chances
    from ..frames import chances_frame, claim_frame, styled  # pandas, for these panels only

    _check_pictures(pictures)
    _check_pictures(show_hand, "show_hand")
    rules = _rules_with(rules, wild)
    draws = int_arg(draws, "draws", 1, MAX_SEATS_DRAWS)
    seats = choice_arg(seats, "seats", SEATS_MODES)
    seat = choice_arg(seat, "seat", SEATS)
    objective = choice_arg(objective, "objective", OBJECTIVES)
    points = objective == "points"
    claim = None if claim is None else named_tile_arg(claim, "claim")
    counts, seen = parse(_notation(hand, "hand", none=False)), parse(_notation(visible, "visible"))
    n = sum(counts)
    goal = f", <b>goal</b>: {GOAL_LABELS[objective]}" if points else ""
    what = ("expected points, and the chance of winning playing for them," if points
            else "the chance of winning")
    out = ['<div class="mj-seats">',
           f"<p><b>hand</b>: <code>{to_mpsz(counts)}</code> ({n} tiles), "
           f"<b>rules</b>: {escape(rules.name)}, <b>seats</b>: {SEATS_LABELS[seats]}, "
           f"<b>turns</b>: {draws}{goal}</p>", *_wild_html(rules, pictures)]
    if pictures and show_hand:
        out.append(_tiles_line(counts))
    if any(seen):
        out.append(f"<p><b>visible</b>: <code>{to_mpsz(seen)}</code></p>")
    shown = f"{tiles_html([claim], tile_height='1.7em')} " if pictures and claim else ""
    if claim is not None and n == 13:
        searches: dict = {}  # the left seat's question below reuses the first's search
        options = claim_advice(counts, claim, seat, draws, rules, seen, objective,
                               searches=searches)
        by = " by expected points" if points else ""
        out.append(f"<p><b>claim</b> {shown}<code>{tile_name(claim)}</code> "
                   f"({tile_name_zh(claim)}), just discarded by the {SEAT_LABELS[seat]} "
                   f"seat: every option, best first{by}, at four seats with calls</p>")
        table = claim_frame(options, pictures=pictures)
        out.append(styled(table, _seats_formats(table),
                          caption=f"{what} within {draws} turns").to_html())
        if seat != "left":
            runs = [o.meld for o in claim_advice(counts, claim, "left", draws, rules, seen,
                                                 objective, searches=searches)
                    if o.kind == "chi"]
            if runs:
                out.append(f"<p>No 吃 from the {SEAT_LABELS[seat]} seat: only the left "
                           f"seat's discard makes a run ({', '.join(runs)}).</p>")
        out.append("</div>")
        return "\n".join(out)
    alone = win_chances(counts, draws, rules, seen, objective=objective)
    four = (win_chances(counts, draws, rules, seen, objective=objective, **SEATS_MODES[seats])
            if seats != "alone" else None)
    frame = chances_frame(four or alone, pictures=pictures)
    if four is not None:
        by_tile = {c.tile: c for c in alone}
        frame["alone"] = [by_tile[c.tile].win for c in four]
        frame = frame.rename(columns={"win": "four seats"})
        columns = ["", "discard", "shanten", "alone", "four seats", "on a discard", "tenpai"]
        if points:
            frame["points alone"] = [by_tile[c.tile].expected_points for c in four]
            frame = frame.rename(columns={"expected points": "points, four seats"})
            columns += ["points alone", "points, four seats"]
        frame = frame[[c for c in columns if c in frame.columns]]  # a win has no discard_win
    order = "at four seats" if four is not None else "alone"
    out.append(styled(frame, _seats_formats(frame),
                      caption=f"{what} within {draws} turns, best {order} first").to_html())
    if claim is not None:
        out.append(f"<p>A claim of {shown}<code>{tile_name(claim)}</code> is asked of a "
                   f"13-tile hand, the discard just made: this hand has {n}.</p>")
    elif n == 13:
        out.append("<p>Pick a tile another seat has just discarded, and its seat, to ask "
                   "whether to claim it.</p>")
    out.append("</div>")
    return "\n".join(out)


class SeatsAdvisor(HandEditor):
    """A hand editor whose panel is the hand's chances at a table of four.

    The hand, the visible tiles, the rules and the wild tile are edited as in
    :class:`HandEditor` (whose parts and actions it has).  ``seats_toggle`` chooses how
    the other seats play (one of :data:`SEATS_MODES`: alone, wins on their discards
    点炮胡, and calls 吃 碰 too) and ``draws_slider`` the turns left (1-30).  For a
    14-tile hand the panel lists each discard's chance of winning alone and at four
    seats, with the part won on a discard.  For a 13-tile hand, clicking the face of a
    tile another seat has just discarded (``claim_picker``, a :class:`TileChoice`) and
    its seat (``seat_toggle``) asks whether to claim it.  ``goal_toggle`` ranks by the
    chance of winning or, under Poyang rules, by expected points (``objective``, as
    :func:`render_seats_html` takes it).  The panel is :func:`render_seats_html` less the
    hand's pictures.  Bad input shows its message and
    keeps the state; a search mjcore refuses (four seats under wild rules, a hand too far
    from ready) shows mjcore's reason.  Calls on a hand three steps from ready take
    several seconds.  Explained in chapter 7.

    >>> advisor = SeatsAdvisor("12389m456p78s9p11z4z", seats="calls")
    >>> advisor
    SeatsAdvisor(hand='12389m4569p78s114z', rules='poyang', seats='calls', draws=17)
    >>> advisor.remove("9p"); advisor.set_claim("9s", "left"); advisor.message
    ''
    >>> advisor.panel_html.count("吃 chi"), advisor.claim_picker.value
    (1, 17)
    >>> advisor.set_seats("both"); advisor.message
    "seats must be one of 'alone', 'discard_wins', 'calls', got 'both'"
    """

    def __init__(self, hand: str | Sequence[int] = "12389m456p78s9p11z4z",
                 rules: Rules | str = POYANG, visible: str | Sequence[int] | None = "",
                 draws: int = 17, seats: str = "discard_wins", claim: int | str | None = None,
                 seat: str = "left", wild: int | str | None = None,
                 objective: str = "win") -> None:
        from ...play.bestplay import OBJECTIVES, SEATS

        self._draws = int_arg(draws, "draws", 1, MAX_SEATS_DRAWS)
        self._seats = choice_arg(seats, "seats", SEATS_MODES)
        self._objective = choice_arg(objective, "objective", OBJECTIVES)
        self._claim = _tile_or_none(claim, "claim")
        self._seat = choice_arg(seat, "seat", SEATS)
        self._shown: tuple = ()  # the state of the panel last computed, and the panel
        self.seats_toggle = widgets.ToggleButtons(
            description="seats", options=[(SEATS_LABELS[m], m) for m in SEATS_MODES],
            value=self._seats, style={"button_width": "auto"},
            tooltips=["the player alone: wins self-drawn only",
                      "four seats: a ready hand also wins on the others' discards",
                      "four seats, and claims: 碰 from any seat, 吃 from the left"])
        self.draws_slider = widgets.IntSlider(description="turns", min=1,
                                              max=MAX_SEATS_DRAWS, value=self._draws,
                                              continuous_update=False)
        self.goal_toggle = widgets.ToggleButtons(
            description="goal", options=[(GOAL_LABELS[g], g) for g in OBJECTIVES],
            value=self._objective, style={"button_width": "auto"},
            tooltips=["rank by the chance of winning",
                      "rank by expected Poyang points: a claim costs 门清"])
        self.claim_picker = TileChoice(
            self.set_claim, title="<b>claim</b> a discard (13 tiles):", what="discarded",
            none="no claim", hint="click to ask whether to claim it",
            css_class="mj-claim-picker")
        self.claim_picker.show(self._claim)
        self.seat_toggle = widgets.ToggleButtons(
            description="from", options=[(SEAT_LABELS[s], s) for s in SEAT_LABELS],
            value=self._seat, style={"button_width": "auto"},
            tooltips=["上家, who plays just before you: 吃 and 碰", "对家: 碰 only",
                      "下家, who plays just after you: 碰 only"])
        self.seats_toggle.observe(lambda c: self._on(self.set_seats, c), names="value")
        self.draws_slider.observe(lambda c: self._on(self.set_draws, c), names="value")
        self.goal_toggle.observe(lambda c: self._on(self.set_objective, c), names="value")
        self.seat_toggle.observe(lambda c: self._on(self.set_seat, c), names="value")
        super().__init__(hand, rules, visible, wild)

    # --- state -----------------------------------------------------------

    @property
    def seats(self) -> str:
        """How the other seats play: one of :data:`SEATS_MODES`."""
        return self._seats

    @property
    def draws(self) -> int:
        """The turns left."""
        return self._draws

    @property
    def objective(self) -> str:
        """What the panel ranks by: "win" (the chance of winning) or "points"."""
        return self._objective

    @property
    def claim(self) -> int | None:
        """The tile just discarded that the claim question asks about, or None."""
        return self._claim

    @property
    def seat(self) -> str:
        """The seat the claimed tile came from: "left", "across" or "right"."""
        return self._seat

    @property
    def panel_html(self) -> str:
        """What the widget's panel shows: the message, then the table."""
        return self.output.value

    # --- actions ---------------------------------------------------------

    def set_seats(self, seats: str) -> None:
        """Choose how the other seats play: "alone", "discard_wins" or "calls"."""
        try:
            self._seats = choice_arg(seats, "seats", SEATS_MODES)
        except HandError as error:
            return self._say(str(error))
        self._put(self.seats_toggle, self._seats)
        self._message = ""
        self._refresh()

    def set_draws(self, draws: int) -> None:
        """Take the turns left (a whole number 1-30), as the slider does."""
        try:
            self._draws = int_arg(draws, "draws", 1, MAX_SEATS_DRAWS)
        except HandError as error:
            return self._say(str(error))
        self._put(self.draws_slider, self._draws)
        self._message = ""
        self._refresh()

    def set_objective(self, objective: str) -> None:
        """Rank by "win" (the chance of winning) or "points" (expected Poyang points)."""
        from ...play.bestplay import OBJECTIVES

        try:
            self._objective = choice_arg(objective, "objective", OBJECTIVES)
        except HandError as error:
            return self._say(str(error))
        self._put(self.goal_toggle, self._objective)
        self._message = ""
        self._refresh()

    def set_claim(self, tile: int | str | None, seat: str | None = None) -> None:
        """Ask whether to claim ``tile`` (a name or an index; None for no question), just
        discarded by ``seat`` ("left", "across" or "right"; None keeps the seat), as
        clicking its face and the seat does."""
        from ...play.bestplay import SEATS

        try:
            claim = _tile_or_none(tile, "claim")
            seat = self._seat if seat is None else choice_arg(seat, "seat", SEATS)
        except HandError as error:
            return self._say(str(error))
        self._claim, self._seat = claim, seat
        self.claim_picker.show(claim)
        self._put(self.seat_toggle, seat)
        self._message = ""
        self._refresh()

    def set_seat(self, seat: str) -> None:
        """The seat the claimed tile came from: "left", "across" or "right"."""
        from ...play.bestplay import SEATS

        try:
            seat = choice_arg(seat, "seat", SEATS)
        except HandError as error:
            return self._say(str(error))
        self.set_claim(self._claim, seat)

    # --- display ---------------------------------------------------------

    def __repr__(self) -> str:
        extra = ""
        if self._claim is not None:
            extra += f", claim={tile_name(self._claim)!r}, seat={self._seat!r}"
        if any(self._visible):
            extra += f", visible={to_mpsz(self._visible)!r}"
        if self._wild != self._rules.wild:
            extra += f", wild={None if self._wild is None else tile_name(self._wild)!r}"
        if self._objective != "win":
            extra += f", objective={self._objective!r}"
        return (f"SeatsAdvisor(hand={self.hand!r}, rules={self._rules.name!r}, "
                f"seats={self._seats!r}, draws={self._draws}{extra})")

    # --- internals -------------------------------------------------------

    def _layout(self) -> list[widgets.Widget]:
        parts = super()._layout()
        return [*parts[:-1], widgets.HBox([self.seats_toggle, self.draws_slider],
                                          layout=widgets.Layout(flex_flow="row wrap")),
                self.goal_toggle,
                self.claim_picker.widget, self.seat_toggle, parts[-1]]

    def _panel(self) -> str:
        """:func:`render_seats_html` for the state, computed again only when it changed
        (a bad value typed after a slow search shows its message at once)."""
        state = (self._counts, self.rules, self._visible, self._draws, self._seats,
                 self._claim, self._seat, self._objective)
        if self._shown[:1] != (state,):
            panel = render_seats_html(self._counts, self.rules, self._visible, self._draws,
                                      self._seats, claim=self._claim, seat=self._seat,
                                      objective=self._objective, show_hand=False)
            self._shown = (state, panel)
        return self._shown[1]

    def _on(self, action: Callable[[object], None], change: dict) -> None:
        if not self._syncing:
            action(change["new"])
