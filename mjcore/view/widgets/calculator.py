"""The Poyang score calculator: a winning hand, its melds and how it won, scored.

:class:`ScoreCalculator` puts :func:`mjcore.scoring.poyang.score` and
:func:`~mjcore.scoring.poyang.settle` behind tile buttons, text boxes and the
win-context switches :data:`SCORE_FLAGS`; its panel is :func:`render_score_html`.
Explained in chapter 10, section 10 (Try it: a score calculator).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace as _replace

import ipywidgets as widgets

from ...base.checks import HandError, bool_arg, choice_arg, items_arg, seat_arg, show, str_arg
from ...base.rules import with_wild
from ...base.tiles import N_KINDS, named_tile_arg, parse, tile_index, tile_name
from ...scoring.poyang import (
    FAN_ENGLISH,
    PoyangRules,
    Score,
    parse_meld,
    poyang_rules_arg,
    score,
    settle,
)
from ..render import escape, hand_html, tiles_html
from .faces import TilePad, WildPicker
from .shared import (
    _TABLE,
    _cannot_add,
    _changed,
    _check_pictures,
    _fit,
    _message_html,
    _panel_box,
    _quiet,
    _row,
    _rules_with,
    _tile_of,
    _wild_arg,
    _wild_html,
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

    ``wild`` is the wild tile 赖子, as in :class:`~mjcore.view.widgets.HandEditor`:
    Poyang's forms with that kind, where a win that needs no wild tile as a substitute
    scores 硬胡.
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
                                      layout=_fit("360px"))
        self.win_text = widgets.Text(description="win tile", continuous_update=False,
                                     placeholder="e.g. 5s", layout=_fit("200px"))
        self.melds_text = widgets.Text(description="melds", continuous_update=False,
                                       placeholder="e.g. pon 777z, chi 345m, ankan 9999s",
                                       layout=_fit("560px"))
        self.checkboxes = {name: widgets.Checkbox(description=_FLAG_LABELS[name], value=False,
                                                  indent=False,
                                                  layout=widgets.Layout(width="180px"))
                           for name in SCORE_FLAGS}
        cap_options = [("6 fan", 6), ("8 fan", 8), ("no cap", None)]
        if self._rules.cap not in (6, 8, None):
            cap_options.insert(0, (f"{self._rules.cap} fan", self._rules.cap))
        self.cap_dropdown = widgets.Dropdown(description="cap", options=cap_options,
                                             value=self._rules.cap, layout=_fit())
        self._wild = wild
        self.wild_picker = WildPicker(self.set_wild)
        self.wild_picker.show(wild)
        self.winner_dropdown = widgets.Dropdown(description="winner", options=[0, 1, 2, 3],
                                                value=0, layout=_fit("160px"))
        self.discarder_dropdown = widgets.Dropdown(description="discarder",
                                                   options=[0, 1, 2, 3], value=1,
                                                   layout=_fit("160px"))
        self.output = _panel_box()
        self.pad = TilePad(self.add, self.remove)
        for box in (self.hand_text, self.win_text, self.melds_text, self.cap_dropdown,
                    self.winner_dropdown, self.discarder_dropdown, *self.checkboxes.values()):
            box.observe(self._on_change, names="value")
        self.widget = widgets.VBox([
            self.pad.widget,
            _row([self.hand_text, self.win_text]), _row([self.melds_text]),
            _row(self.checkboxes.values()),
            _row([self.cap_dropdown, self.winner_dropdown, self.discarder_dropdown]),
            self.wild_picker.widget, self.output])
        with _quiet(self):
            self.hand_text.value = hand
            self.win_text.value = win_tile
            self.melds_text.value = melds
            for name, value in context.items():
                self.checkboxes[name].value = value
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
        with _quiet(self):
            self.winner_dropdown.value = winner
            if discarder is not None:
                self.discarder_dropdown.value = discarder
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
