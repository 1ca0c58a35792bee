"""The wait chart: the chance to draw what a hand hopes for, as a chart and a table.

:class:`WaitChart` edits a hand and the visible tiles and draws
:func:`mjcore.view.plot.draw_outlook` of them, with the table
:func:`render_outlook_html` returns under it.  Explained in chapter 5, section 5 (Try
it: a wait chart).
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from ...base.checks import HandError, int_arg, items_arg
from ...base.rules import POYANG, PRESETS, WILD_PRESETS, Rules, rules_arg, with_wild
from ...base.tiles import as_counts, parse, tile_name, to_mpsz
from ..render import escape
from .faces import TilePad, WildPicker
from .shared import (
    _TABLE,
    _cannot_add,
    _changed,
    _check_pictures,
    _choose,
    _fit,
    _message_html,
    _notation,
    _panel_box,
    _quiet,
    _row,
    _rules_with,
    _tile_of,
    _tiles_line,
    _wild_arg,
    _wild_html,
)

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
    :func:`~mjcore.view.widgets.render_analysis_html`.  With ``pictures`` (the default) the hand
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


class WaitChart:
    """Edit a hand and the visible tiles; a chart of the chance to draw a hit follows.

    For a 3n+1 hand the chart has one curve: the chance of drawing a wait
    (a ready hand) or an effective tile (any other) within k draws.  For a
    3n+2 hand it has one curve per discard among the best three.  Under
    the chart sits :func:`render_outlook_html`.  Bad input shows a message
    and no chart, never a traceback.

    ``wild`` is the wild tile 赖子, as in :class:`~mjcore.view.widgets.HandEditor`.  The tile
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
                                      layout=_fit("360px"))
        self.visible_text = widgets.Text(description="visible", continuous_update=False,
                                         placeholder="seen tiles, e.g. 55p",
                                         layout=_fit("360px"))
        options = [*PRESETS, *WILD_PRESETS]
        if self._rules.name not in options:
            options.append(self._rules.name)
        self.rules_dropdown = widgets.Dropdown(description="rules", options=options,
                                               value=self._rules.name, layout=_fit())
        self.wild_picker = WildPicker(self.set_wild)
        self.wild_picker.show(self._wild)
        self.draws_slider = widgets.IntSlider(description="draws", min=1, max=MAX_CHART_DRAWS,
                                              value=max_draws, continuous_update=False,
                                              layout=_fit())
        self.output = widgets.Output()
        self.table = _panel_box()
        self.pad = TilePad(self.add, self.remove)
        self.widget = widgets.VBox([
            self.pad.widget,
            _row([self.hand_text, self.rules_dropdown]),
            _row([self.visible_text, self.draws_slider]),
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
        menu = self.rules_dropdown
        with _quiet(self):
            _choose(menu, rules.name, None if rules.name in menu.options
                    else [*menu.options, rules.name])
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
        with _quiet(self):
            box.value = value

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
