"""The hand editor: tile buttons, the hand, the rules and the wild tile around one
live analysis.

:class:`HandEditor` edits a hand with its faces (a
:class:`~mjcore.view.widgets.faces.TilePad`) or notation, and shows
:func:`mjcore.analyze` of it as the panel :func:`render_analysis_html` returns, which a
page without a kernel shows too.  Explained in chapter 3, section 8 (Try it: a hand
editor).
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from ...base.checks import HandError, show
from ...base.rules import POYANG, PRESETS, WILD_PRESETS, Rules, rules_arg, with_wild
from ...base.tiles import (
    N_KINDS,
    as_counts,
    parse,
    tile_name,
    tile_name_en,
    tile_name_zh,
    to_mpsz,
    to_tiles,
)
from ...hand.analysis import FORM_LABELS, analyze
from ..render import escape, tiles_html
from .faces import TilePad, WildPicker
from .shared import (
    _TABLE,
    MAX_TILES,
    _cannot_add,
    _check_pictures,
    _choose,
    _fit,
    _message_html,
    _panel_box,
    _quiet,
    _row,
    _rules_with,
    _tile_of,
    _tiles_line,
    _wild_arg,
    _wild_html,
)


def _reading_html(reading: str, tile_height: str = "1.7em") -> str:
    """A reading such as ``11m 123m`` as pictures, one group of tiles per meld.

    Under wild rules a reading ends with what the wild tiles stand for
    (``11m 123m; wilds as 1m 3m``): the melds are drawn, the text beside says the rest.
    """
    groups = [tiles_html(to_tiles(parse(part)), tile_height=tile_height)
              for part in reading.split(";")[0].split()]
    return " ".join(f'<span style="margin-right:0.5em">{g}</span>' for g in groups)


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
                                      layout=_fit("420px"))
        self.visible_text = widgets.Text(description="visible", continuous_update=False,
                                         placeholder="seen tiles, e.g. 55p",
                                         layout=_fit("420px"))
        self.rules_dropdown = widgets.Dropdown(
            description="rules", options=list(self._rules_by_name), value=self._rules.name,
            layout=_fit())
        self.wild_picker = WildPicker(self.set_wild)
        self.wild_picker.show(self._wild)
        self.clear_button = widgets.Button(description="clear", tooltip="remove every tile")
        self.output = _panel_box()

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
        with _quiet(self):
            _choose(self.rules_dropdown, self._rules.name, list(self._rules_by_name))
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
        return [self.pad.widget, _row([self.hand_text, self.clear_button]),
                _row([self.visible_text, self.rules_dropdown]), self.wild_picker.widget,
                self.output]

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
        with _quiet(self):
            box.value = value

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
