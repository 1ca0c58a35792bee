"""An interactive hand editor for notebooks, and the static HTML it shows.

:class:`HandEditor` puts 34 tile buttons, the hand, two text boxes and a
rules menu around one live analysis from :func:`mjcore.analyze`.  The
analysis panel is the string :func:`render_analysis_html` returns, so a
page without a running kernel (the static site, where widgets render
blank) can show the same panel.  Every action is a plain method
(:meth:`HandEditor.add`, :meth:`HandEditor.set_hand`, ...), so the editor
is tested from Python without a browser.  Bad input never raises: it
shows the :class:`~mjcore.tiles.HandError` text in the widget and leaves
what the user typed in the box.

This is the only module of mjcore that imports ipywidgets.
Explained in chapter 3.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from .analysis import FORM_LABELS, analyze
from .rules import POYANG, PRESETS, Rules
from .tiles import (
    COPIES,
    N_KINDS,
    HandError,
    as_counts,
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

MAX_TILES = 14

_SUIT_ORDER = "mpsz"


def _mpsz_key(tile: int) -> tuple[int, int]:
    """Sort tiles as mpsz notation writes them: m, p, s, then 1z-7z."""
    return _SUIT_ORDER.index(suit_of(tile)), rank_of(tile)


def _tile_label(tile: int) -> str:
    """``5s (5条, 5 bamboo)``: the mpsz name with the Chinese and English names."""
    return f"{tile_name(tile)} ({tile_name_zh(tile)}, {tile_name_en(tile)})"


def render_analysis_html(hand: str | Sequence[int], rules: Rules = POYANG,
                         visible: str | Sequence[int] | None = None) -> str:
    """The analysis of a hand as a small HTML fragment (no scripts, no styles sheet).

    A 3n+1 hand lists its waits with the copies still unseen and their
    total; a 3n+2 hand says whether it wins, in which forms, and lists
    every reading as melds and a pair.  Tiles in ``visible`` (discards,
    others' melds) lower the remaining copies.  Raises
    :class:`~mjcore.tiles.HandError` for input :func:`mjcore.analyze`
    rejects; :class:`HandEditor` shows that message instead.

    >>> page = render_analysis_html("111222333m4445s")
    >>> "<td>3s</td>" in page and "<b>total</b>: 11" in page
    True
    >>> print(render_analysis_html("11123m", visible="9p"))
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
    result = analyze(hand, rules, visible)
    n = sum(result.counts)
    out = ['<div class="mj-analysis">',
           f"<p><b>hand</b>: <code>{html.escape(result.hand)}</code> ({n} tiles), "
           f"<b>rules</b>: {html.escape(rules.name)}</p>"]
    if any(result.visible):
        out.append(f"<p><b>visible</b>: <code>{to_mpsz(result.visible)}</code></p>")
    w = result.waits
    if w is not None:
        if not w.tiles:
            out.append("<p><b>waits</b>: none, the hand is not ready (not tenpai)</p>")
        else:
            out.append("<p><b>waits</b>:</p>")
            out.append('<table style="margin-left: 0">')
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
            out.extend(f"<li><code>{d}</code></li>" for d in result.decompositions)
            out.append("</ul>")
        else:
            out.append("<p><b>readings</b>: none as melds and a pair</p>")
    out.append("</div>")
    return "\n".join(out)


def _message_html(text: str) -> str:
    return f'<p class="mj-message" style="color:#b00020"><b>{html.escape(text)}</b></p>'


class HandEditor:
    """Edit a hand with buttons or notation and see its analysis update.

    ``rules`` is a :class:`~mjcore.rules.Rules` or a preset name
    ("standard", "poyang", "riichi").  A hand or visible string that does
    not parse leaves that part empty and shows why, as typing it would.

    The parts, for tests and for rearranging: ``tile_buttons`` (34, by
    tile index), ``hand_box`` (one button per tile in the hand),
    ``hand_text`` and ``visible_text`` (applied on Enter or leaving the
    box), ``rules_dropdown``, ``clear_button``, ``output`` (the panel)
    and ``widget``, the box that holds them all.

    >>> editor = HandEditor()
    >>> editor
    HandEditor(hand='111222333m4445s', rules='poyang')
    >>> editor.add("6s"); editor.hand
    '111222333m44456s'
    >>> editor.add("6s"); editor.message
    'the hand already has 14 tiles: click a tile in the hand to remove it first'
    >>> editor.set_hand("1112z8z"); editor.message, editor.hand_text.value
    ('8z is not a tile: honours are 1z-7z', '1112z8z')
    """

    def __init__(self, hand: str | Sequence[int] = "111222333m4445s",
                 rules: Rules | str = POYANG,
                 visible: str | Sequence[int] | None = "") -> None:
        self._rules_by_name: dict[str, Rules] = dict(PRESETS)
        self._rules = self._lookup_rules(rules)
        self._counts: tuple[int, ...] = (0,) * N_KINDS
        self._visible: tuple[int, ...] = (0,) * N_KINDS
        self._message = ""
        self._error = ""
        self._syncing = False

        button_layout = widgets.Layout(width="46px", padding="0px")
        self.tile_buttons: list[widgets.Button] = [
            widgets.Button(description=tile_name(tile), tooltip=_tile_label(tile),
                           layout=button_layout)
            for tile in range(N_KINDS)]
        for tile, button in enumerate(self.tile_buttons):
            button.on_click(lambda _button, tile=tile: self.add(tile))
        rows = [widgets.HBox([self.tile_buttons[t] for t in sorted(range(N_KINDS), key=_mpsz_key)
                              if suit_of(t) == suit], layout=widgets.Layout(flex_flow="row wrap"))
                for suit in _SUIT_ORDER]

        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", min_height="34px"))
        self.hand_text = widgets.Text(description="hand", continuous_update=False,
                                      placeholder="e.g. 111222333m4445s or 1万2万3万 东南西北",
                                      layout=widgets.Layout(width="420px"))
        self.visible_text = widgets.Text(description="visible", continuous_update=False,
                                         placeholder="seen tiles, e.g. 55p",
                                         layout=widgets.Layout(width="420px"))
        self.rules_dropdown = widgets.Dropdown(
            description="rules", options=list(self._rules_by_name), value=self._rules.name)
        self.clear_button = widgets.Button(description="clear", tooltip="remove every tile")
        self.output = widgets.HTML()

        self.hand_text.observe(self._on_hand_text, names="value")
        self.visible_text.observe(self._on_visible_text, names="value")
        self.rules_dropdown.observe(self._on_rules, names="value")
        self.clear_button.on_click(lambda _button: self.clear())

        self.widget = widgets.VBox([
            widgets.HTML("<b>add a tile</b> (hover for its name)"), *rows,
            widgets.HTML("<b>the hand</b> (click a tile to remove one copy)"), self.hand_box,
            widgets.HBox([self.hand_text, self.clear_button]),
            widgets.HBox([self.visible_text, self.rules_dropdown]),
            self.output])

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
        """The rules the analysis uses."""
        return self._rules

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
            tile = self._tile(tile)
        except HandError as error:
            return self._say(str(error))
        held, seen = self._counts[tile], self._visible[tile]
        if held >= COPIES:
            return self._say(f"{tile_name(tile)} is already in the hand {COPIES} times; "
                             f"a tile has {COPIES} copies")
        if held + seen >= COPIES:
            return self._say(f"{tile_name(tile)}: {held} in the hand and {seen} visible; "
                             f"no copy is left to add")
        if sum(self._counts) >= MAX_TILES:
            return self._say(f"the hand already has {MAX_TILES} tiles: "
                             f"click a tile in the hand to remove it first")
        self._change(tile, +1)

    def remove(self, tile: int | str) -> None:
        """Remove one copy of a tile from the hand."""
        try:
            tile = self._tile(tile)
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
        and the message names what is wrong.
        """
        self._message = self._apply_hand(text)
        self._refresh()

    def set_visible(self, text: str) -> None:
        """Read the visible tiles from notation, as typing them into the box does."""
        self._message = self._apply_visible(text)
        self._refresh()

    def set_rules(self, name: str | Rules) -> None:
        """Switch the rules by preset name ("standard", "poyang", "riichi") or Rules."""
        try:
            self._rules = self._lookup_rules(name)
        except HandError as error:
            return self._say(str(error))
        self._message = ""
        self._syncing = True
        try:
            self.rules_dropdown.options = list(self._rules_by_name)
            self.rules_dropdown.value = self._rules.name
        finally:
            self._syncing = False
        self._refresh()

    # --- display ---------------------------------------------------------

    def __repr__(self) -> str:
        extra = f", visible={to_mpsz(self._visible)!r}" if any(self._visible) else ""
        return f"HandEditor(hand={self.hand!r}, rules={self._rules.name!r}{extra})"

    def _repr_mimebundle_(self, **kwargs: object) -> dict:
        """Display as the widget, with the short repr as its plain-text form."""
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        return {**bundle, "text/plain": repr(self)}

    # --- internals -------------------------------------------------------

    def _lookup_rules(self, rules: Rules | str) -> Rules:
        if isinstance(rules, Rules):
            self._rules_by_name.setdefault(rules.name, rules)
            if self._rules_by_name[rules.name] != rules:
                raise HandError(f"rules named {rules.name!r} already exist with other settings")
            return rules
        if rules not in self._rules_by_name:
            names = ", ".join(self._rules_by_name)
            raise HandError(f"unknown rules {rules!r}: choose one of {names}")
        return self._rules_by_name[rules]

    @staticmethod
    def _tile(tile: int | str) -> int:
        if isinstance(tile, str):
            return tile_index(tile)
        if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < N_KINDS:
            raise HandError(f"tile index {tile!r} is not an integer 0-33")
        return tile

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
        buttons = []
        for tile in sorted(to_tiles(self._counts), key=_mpsz_key):
            button = widgets.Button(description=tile_name(tile),
                                    tooltip=f"remove one {_tile_label(tile)}",
                                    layout=widgets.Layout(width="46px", padding="0px"),
                                    button_style="info")
            button.on_click(lambda _button, tile=tile: self.remove(tile))
            buttons.append(button)
        self.hand_box.children = tuple(buttons)
        n = sum(self._counts)
        self._error = ""
        try:
            if n == 0:
                raise HandError("the hand is empty: click tiles above or type a hand")
            panel = render_analysis_html(self._counts, self._rules, self._visible)
        except HandError as error:
            self._error = str(error)
            panel = ""
        shown = self.message
        self.output.value = (_message_html(shown) if shown else "") + panel
