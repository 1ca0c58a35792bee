"""The four-seat advisor: a hand's chances at a table of four, and whether to claim a
discard.

:class:`SeatsAdvisor` is a :class:`~mjcore.view.widgets.editor.HandEditor` whose panel,
:func:`render_seats_html`, holds :func:`mjcore.win_chances` alone and at four seats and,
for a tile just discarded, :func:`mjcore.claim_advice`.  Explained in chapter 7, section
10 (Try it: four seats).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ...base.checks import HandError, bool_arg, choice_arg, int_arg
from ...base.rules import POYANG, Rules
from ...base.tiles import named_tile_arg, parse, tile_name, tile_name_zh, to_mpsz
from ...play.approximate import MARK, approximate_note
from ..render import escape, tiles_html
from .editor import HandEditor
from .faces import TileChoice
from .shared import (
    _check_pictures,
    _fit,
    _notation,
    _quiet,
    _row,
    _rules_with,
    _tile_or_none,
    _tiles_line,
    _wild_html,
)

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

MAX_SEATS_TURN = 15
"""The latest turn the four-seat panel's race starts from (its turn slider's end): the
player's turns taken so far, 1 for the dealer's first 14 tiles."""

RACE_COLUMNS = {"four seats": "before anyone else",
                "points, four seats": "points, before anyone else"}
"""The four-seat columns' names with the race on (``opponents``): the chance of winning
before any other seat, and the expected points of it."""

GOAL_LABELS = {"win": "the chance of winning", "points": "expected points (Poyang)"}
"""What the four-seat panel ranks by (:data:`mjcore.play.bestplay.limits.OBJECTIVES`), as the
widget's toggle names it."""

DANGER_COLUMN = "deal-in"
"""The four-seat panel's column with the race on: the chance each discard deals in now
(:func:`mjcore.deal_in_chances`), to two decimals (the chances are small)."""

DEAL_IN_COLUMNS = {"points": "net points, before anyone else",
                   "deal_in": "deal-in before the round ends", "then": "then"}
"""The four-seat panel's columns with deal-ins (expected points at four seats with wins on
discards, no calls, and the race: :func:`mjcore.win_chances`' ``deal_ins``): the points
net of deal-ins, each discard's chance of dealing in before the round ends, and whether
best play then pushes or folds."""

PUSH_OR_FOLD = {"push": "best play keeps trying to win",
                "fold": "best play gives up winning and throws its safest tiles"}
"""The panel's answer line with deal-ins, for the best discard's push or fold."""

DEAL_INS_NOTE = ("<p><b>deal-ins</b>: counted only at four seats with wins on discards and "
                 "no calls: with calls the expected points leave them out</p>")
"""The line under the table for expected points at four seats with calls and the race."""

_PERCENT = "{:.1%}"
_POINTS = "{:.2f}"


def _seats_formats(frame) -> dict[str, str]:
    """The formats of the four-seat panel's columns that ``frame`` has: chances in
    percent, expected points to two decimals."""
    chances = ("win", "alone", "four seats", "on a discard", "tenpai", RACE_COLUMNS["four seats"])
    points = ("expected points", "points alone", "points, four seats",
              RACE_COLUMNS["points, four seats"], DEAL_IN_COLUMNS["points"])
    found = {c: _PERCENT if c in chances else _POINTS for c in (*chances, *points)
             if c in frame.columns}
    for column in (DANGER_COLUMN, DEAL_IN_COLUMNS["deal_in"]):
        if column in frame.columns:
            found[column] = "{:.2%}"
    return found


def _deal_ins_asked(points: bool, seats: str, opponents: bool,
                    rules: Rules) -> tuple[bool, str]:
    """Whether the four-seat table counts deal-ins (expected points at four seats with
    wins on discards, no calls, and the race, under Poyang rules without a wild tile;
    other rules get mjcore's message about the points or the race), and the note under
    the table for the same question with calls (:data:`DEAL_INS_NOTE`), else ""."""
    if not (points and opponents and rules == POYANG) or seats == "alone":
        return False, ""
    return (False, DEAL_INS_NOTE) if seats == "calls" else (True, "")


def _deal_in_lines(four: Sequence) -> str:
    """The lines under a table with deal-ins: what the two columns are, and the answer for
    the best discard, push or fold (none for a hand that wins already)."""
    from ...play.bestplay.hazards import LOSS

    best = four[0]
    lines = [f"<p><b>{DEAL_IN_COLUMNS['deal_in']}</b>: the chance of dealing in (放炮) under "
             f"best play for net points, each deal-in costing {LOSS['poyang'][0]:.2f} points "
             "(the table of four's mean payment); <b>then</b>: whether best play keeps "
             "trying to win after the discard (push) or gives up and throws its safest tiles "
             "(fold) (mjcore.win_chances, deal_ins=True)</p>"]
    if best.fold is not None:
        answer = "fold" if best.fold else "push"
        after = ("with the hand as it is" if best.tile is None else
                 f"after {best.name}, the best discard by net expected points")
        lines.append(f'<p class="mj-push-fold"><b>push or fold</b>: {answer} '
                     f"({PUSH_OR_FOLD[answer]}), {after}</p>")
    return "\n".join(lines)


APPROXIMATE_COLUMN = "approximate"
"""The four-seat panel's column when some chances are approximate (``exact`` False:
:func:`mjcore.win_chances` with ``approximate=True`` on a hand too far from ready for the
exact search): :data:`~mjcore.play.approximate.MARK` in the rows with such a chance."""


def _approximate_lines(four: Sequence | None, alone: Sequence, calls: bool,
                       rules: Rules) -> str:
    """The lines under a table with approximate chances, one for the player alone and one
    for four seats when they differ (:func:`~mjcore.play.approximate.approximate_note`,
    with the error measured); "" when every chance is exact."""
    notes = {"alone": approximate_note(alone, rules=rules),
             "four seats": "" if four is None else approximate_note(four, calls=calls,
                                                                     rules=rules)}
    if four is None or notes["alone"] == notes["four seats"]:
        notes = {"": notes["alone"] or notes["four seats"]}
    return "\n".join(f'<p class="mj-approximate"><b>{MARK} approximate</b>'
                     f"{f' ({where})' if where else ''}: {escape(note)}</p>"
                     for where, note in notes.items() if note)


def _danger_column(counts: tuple[int, ...], seen: tuple[int, ...], rules: Rules, turn: int,
                   tiles: list[int | None]) -> tuple[list[float] | None, str]:
    """With the race on, each discard's chance of dealing in now, at ``turn``
    (:func:`mjcore.deal_in_chances`, three other seats), and the line under the table that
    says what it is; or None and mjcore's reason (rules without the table's curve).  A
    hand kept as it is (no discard) has no column and no line."""
    from ...play.danger import deal_in_chances

    if any(t is None for t in tiles):
        return None, ""
    try:
        dangers = deal_in_chances(counts, seen, turn, rules)
    except HandError as error:
        return None, f"<p><b>{DANGER_COLUMN}</b>: no column: {escape(str(error))}</p>"
    return [dangers.chances[t] for t in tiles], (
        f"<p><b>{DANGER_COLUMN}</b>: the chance the discard, made now at turn {turn}, deals "
        f"in (放炮): one of the {dangers.seats} other seats is ready (each {dangers.ready:.2%} "
        "of the time, as the table of four's seats were by then) and waits on it, as its "
        "share of the ready hands the unseen tiles make do (mjcore.deal_in_chances)</p>")


def render_seats_html(hand: str | Sequence[int], rules: Rules | str = POYANG,
                      visible: str | Sequence[int] | None = None, draws: int = 17,
                      seats: str = "discard_wins", *, claim: int | str | None = None,
                      seat: str = "left", objective: str = "win",
                      opponents: bool = False, turn: int = 1,
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

    ``opponents=True`` is the race (four seats only, Poyang or riichi rules): at the start
    of each turn another seat may win first, with the chance per turn the table of four
    measured (:func:`mjcore.win_chances`' ``opponents``), from the player's turn ``turn``
    (1-15, 1 for the dealer's first 14 tiles; ``turn`` and ``draws`` together stay within
    the curve's turns, else mjcore's message).  The four-seat columns become the chance of
    winning before anyone else (:data:`RACE_COLUMNS`), and so do a claim's options; the
    player alone is not raced.  The discards' table then ends with :data:`DANGER_COLUMN`,
    each discard's chance of dealing in now, at ``turn`` (:func:`mjcore.deal_in_chances`
    with the visible tiles and three other seats), with a line under the table saying so.  The table with ``seats="alone"`` and the race is mjcore's
    refusal (a claim is asked at four seats whatever ``seats`` says).

    Expected points (``objective="points"``) at four seats with wins on discards
    (``seats="discard_wins"``) and the race count deal-ins: every tile the player throws
    may deal in, costing the table's mean payment, and best play may fold
    (:func:`mjcore.win_chances` with ``deal_ins=True``).  The points are then net, and the
    table gains the columns of :data:`DEAL_IN_COLUMNS` (each discard's chance of dealing
    in before the round ends, and push or fold after it; the part won on a discard is
    not followed), with a line saying what they are and one answering push or fold for
    the best discard.  With calls deal-ins are not modelled: a line says so
    (:data:`DEAL_INS_NOTE`).

    A hand too far from ready for the exact search is answered approximately
    (:func:`mjcore.win_chances` with ``approximate=True``): the table gains the column
    :data:`APPROXIMATE_COLUMN`, ``~`` in each row with an approximate chance, and a line
    under it says what such a chance is (a search cut short and valued from a table, with
    the error measured, or four seats without calls for a hand too far for them).  Wild
    rules are not approximated: a far hand there is mjcore's refusal.

    ``wild`` and ``pictures`` as in :func:`~mjcore.view.widgets.render_analysis_html`; ``show_hand=False``
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
    >>> race = render_seats_html("12389m456p78s9p11z4z", seats="calls", opponents=True,
    ...                          pictures=False)
    >>> ">44.7%</td>" in race and "<b>the race</b>: other seats may win first" in race
    True
    >>> ">0.00%</td>" in race and "<b>deal-in</b>: the chance the discard, made now" in race
    True
    >>> late = render_seats_html("12389m456p78s9p11z4z", draws=14, objective="points",
    ...                          opponents=True, turn=10, pictures=False)
    >>> print(late.split("\\n")[-2])
    <p class="mj-push-fold"><b>push or fold</b>: push (best play keeps trying to win), after 9p, the best discard by net expected points</p>
    >>> ">30.96%</td>" in late and ">-1.22</td>" in late  # 9p: deal-in, net points
    True
    >>> DEAL_INS_NOTE in render_seats_html("12389m456p78s9p11z4z", draws=14, seats="calls",
    ...                                    objective="points", opponents=True, turn=10)
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
    opponents = bool_arg(opponents, "opponents")
    turn = int_arg(turn, "turn", 1, MAX_SEATS_TURN)
    race = {"opponents": True, "turn": turn} if opponents else {}
    counts, seen = parse(_notation(hand, "hand", none=False)), parse(_notation(visible, "visible"))
    n = sum(counts)
    goal = f", <b>goal</b>: {GOAL_LABELS[objective]}" if points else ""
    what = ("expected points, and the chance of winning playing for them," if points
            else "the chance of winning")
    out = ['<div class="mj-seats">',
           f"<p><b>hand</b>: <code>{to_mpsz(counts)}</code> ({n} tiles), "
           f"<b>rules</b>: {escape(rules.name)}, <b>seats</b>: {SEATS_LABELS[seats]}, "
           f"<b>turns</b>: {draws}{goal}</p>", *_wild_html(rules, pictures)]
    if opponents:
        out.append(f"<p><b>the race</b>: other seats may win first (the table's curve), "
                   f"from turn {turn}</p>")
    if pictures and show_hand:
        out.append(_tiles_line(counts))
    if any(seen):
        out.append(f"<p><b>visible</b>: <code>{to_mpsz(seen)}</code></p>")
    shown = f"{tiles_html([claim], tile_height='1.7em')} " if pictures and claim else ""
    if claim is not None and n == 13:
        searches: dict = {}  # the left seat's question below reuses the first's search
        options = claim_advice(counts, claim, seat, draws, rules, seen, objective,
                               searches=searches, **race)
        by = " by expected points" if points else ""
        out.append(f"<p><b>claim</b> {shown}<code>{tile_name(claim)}</code> "
                   f"({tile_name_zh(claim)}), just discarded by the {SEAT_LABELS[seat]} "
                   f"seat: every option, best first{by}, at four seats with calls"
                   f"{', winning before anyone else' if opponents else ''}</p>")
        table = claim_frame(options, pictures=pictures)
        first = ", before anyone else," if opponents else ""
        out.append(styled(table, _seats_formats(table),
                          caption=f"{what}{first} within {draws} turns").to_html())
        if seat != "left":
            runs = [o.meld for o in claim_advice(counts, claim, "left", draws, rules, seen,
                                                 objective, searches=searches, **race)
                    if o.kind == "chi"]
            if runs:
                out.append(f"<p>No 吃 from the {SEAT_LABELS[seat]} seat: only the left "
                           f"seat's discard makes a run ({', '.join(runs)}).</p>")
        out.append("</div>")
        return "\n".join(out)
    # four seats first: the race without them is mjcore's refusal, before any search
    deal_ins, note = _deal_ins_asked(points, seats, opponents, rules)
    four = (win_chances(counts, draws, rules, seen, objective=objective, **SEATS_MODES[seats],
                        **race, deal_ins=deal_ins, approximate=True)
            if seats != "alone" or opponents else None)
    alone = win_chances(counts, draws, rules, seen, objective=objective, approximate=True)
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
    danger_line = ""
    if four is not None and opponents:
        frame = frame.rename(columns=RACE_COLUMNS)
        chances, danger_line = _danger_column(counts, seen, rules, turn,
                                              [c.tile for c in four])
        if chances is not None:
            frame[DANGER_COLUMN] = chances
    dealt = deal_ins and four[0].deal_in is not None  # a hand that wins already deals none
    if dealt:
        frame = frame.rename(columns={RACE_COLUMNS["points, four seats"]:
                                      DEAL_IN_COLUMNS["points"]})
        frame[DEAL_IN_COLUMNS["deal_in"]] = [c.deal_in for c in four]
        frame[DEAL_IN_COLUMNS["then"]] = ["fold" if c.fold else "push" for c in four]
    approximate = _approximate_lines(four, alone, seats == "calls", rules)
    if approximate:
        marked = {c.tile for c in alone if not c.exact}
        marked |= {c.tile for c in four or () if not c.exact}
        at = list(frame.columns).index("discard") + 1
        frame.insert(at, APPROXIMATE_COLUMN,
                     [MARK if c.tile in marked else "" for c in four or alone])
    order = ("at four seats (before anyone else)" if opponents
             else "at four seats" if four is not None else "alone")
    if dealt:
        what = what.replace("expected points", "expected points net of deal-ins", 1)
    out.append(styled(frame, _seats_formats(frame),
                      caption=f"{what} within {draws} turns, best {order} first").to_html())
    if approximate:
        out.append(approximate)
    if danger_line:
        out.append(danger_line)
    if dealt:
        out.append(_deal_in_lines(four))
    if note:
        out.append(note)
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
    :func:`render_seats_html` takes it).  ``opponents_box`` ("others race too") turns the
    race on, at four seats: another seat may win first, and the chances are those of
    winning before anyone else, from the player's turn on ``turn_slider`` (1-15, usable
    only with the race), and the discards gain a deal-in column, the chance each deals in
    now at that turn; by expected points with wins on discards (no calls) the points are
    then net of deal-ins, with each discard's chance of dealing in before the round ends,
    push or fold, and the answer for the best discard (with calls, a note says deal-ins
    are left out).  The panel is :func:`render_seats_html` less the
    hand's pictures.  Bad input shows its message and
    keeps the state; a search mjcore refuses (four seats under wild rules) shows
    mjcore's reason.  A hand too far from ready for the exact
    search is answered approximately, its rows marked ``~`` and a line under the table
    saying what that means (:func:`render_seats_html`).  Calls on a hand three steps from
    ready take several seconds.  Explained in chapter 7.

    >>> advisor = SeatsAdvisor("12389m456p78s9p11z4z", seats="calls")
    >>> advisor
    SeatsAdvisor(hand='12389m4569p78s114z', rules='poyang', seats='calls', draws=17)
    >>> advisor.remove("9p"); advisor.set_claim("9s", "left"); advisor.message
    ''
    >>> advisor.panel_html.count("吃 chi"), advisor.claim_picker.value
    (1, 17)
    >>> advisor.set_seats("both"); advisor.message
    "seats must be one of 'alone', 'discard_wins', 'calls', got 'both'"
    >>> advisor.set_opponents(True, turn=4); advisor
    SeatsAdvisor(hand='12389m456p78s114z', rules='poyang', seats='calls', draws=17, claim='9s', seat='left', opponents=True, turn=4)
    >>> advisor.set_claim(None); advisor.set_seats("alone"); advisor.message
    'opponents race at four seats: use discard_wins=True or calls=True'
    >>> advisor.add("9p"); advisor.set_seats("discard_wins"); advisor.set_objective("points")
    >>> advisor.set_draws(14); advisor.set_turn(10); advisor.message
    ''
    >>> "<b>push or fold</b>: push (best play keeps trying to win), after 9p" in advisor.panel_html
    True
    """  # noqa: E501

    def __init__(self, hand: str | Sequence[int] = "12389m456p78s9p11z4z",
                 rules: Rules | str = POYANG, visible: str | Sequence[int] | None = "",
                 draws: int = 17, seats: str = "discard_wins", claim: int | str | None = None,
                 seat: str = "left", wild: int | str | None = None,
                 objective: str = "win", opponents: bool = False, turn: int = 1) -> None:
        from ...play.bestplay import OBJECTIVES, SEATS

        self._draws = int_arg(draws, "draws", 1, MAX_SEATS_DRAWS)
        self._opponents = bool_arg(opponents, "opponents")
        self._turn = int_arg(turn, "turn", 1, MAX_SEATS_TURN)
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
                                              continuous_update=False, layout=_fit())
        self.opponents_box = widgets.Checkbox(
            description="others race too (opponents)", value=self._opponents, indent=False,
            tooltip="four seats: at each turn another seat may win first, as the table of "
                    "four measured it; the chances become those of winning before anyone "
                    "else", layout=widgets.Layout(width="auto"))
        self.turn_slider = widgets.IntSlider(
            description="from turn", min=1, max=MAX_SEATS_TURN, value=self._turn,
            continuous_update=False, disabled=not self._opponents, layout=_fit(),
            tooltip="the race starts after the player's turns taken so far (1: the "
                    "dealer's first 14 tiles)")
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
        self.opponents_box.observe(lambda c: self._on(self.set_opponents, c), names="value")
        self.turn_slider.observe(lambda c: self._on(self.set_turn, c), names="value")
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
    def opponents(self) -> bool:
        """Whether the other seats race the player (the race: win before anyone else)."""
        return self._opponents

    @property
    def turn(self) -> int:
        """The player's turns taken so far, where the race starts (1-15)."""
        return self._turn

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

    def set_opponents(self, opponents: bool, turn: int | None = None) -> None:
        """Let the other seats race the player or not (True or False), as the box does,
        from the player's turn ``turn`` (1-15; None keeps the turn)."""
        try:
            opponents = bool_arg(opponents, "opponents")
            turn = self._turn if turn is None else int_arg(turn, "turn", 1, MAX_SEATS_TURN)
        except HandError as error:
            return self._say(str(error))
        self._opponents, self._turn = opponents, turn
        self._put(self.opponents_box, opponents)
        self._show_turn()
        self._message = ""
        self._refresh()

    def set_turn(self, turn: int) -> None:
        """The player's turns taken so far, where the race starts (a whole number 1-15),
        as the slider does."""
        try:
            turn = int_arg(turn, "turn", 1, MAX_SEATS_TURN)
        except HandError as error:
            return self._say(str(error))
        self.set_opponents(self._opponents, turn)

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
        if self._opponents:
            extra += ", opponents=True"
        if self._turn != 1:
            extra += f", turn={self._turn}"
        return (f"SeatsAdvisor(hand={self.hand!r}, rules={self._rules.name!r}, "
                f"seats={self._seats!r}, draws={self._draws}{extra})")

    # --- internals -------------------------------------------------------

    def _layout(self) -> list[widgets.Widget]:
        parts = super()._layout()
        return [*parts[:-1], _row([self.seats_toggle, self.draws_slider]),
                _row([self.opponents_box, self.turn_slider]), self.goal_toggle,
                self.claim_picker.widget, self.seat_toggle, parts[-1]]

    def _panel(self) -> str:
        """:func:`render_seats_html` for the state, computed again only when it changed
        (a bad value typed after a slow search shows its message at once)."""
        state = (self._counts, self.rules, self._visible, self._draws, self._seats,
                 self._claim, self._seat, self._objective, self._opponents, self._turn)
        if self._shown[:1] != (state,):
            panel = render_seats_html(self._counts, self.rules, self._visible, self._draws,
                                      self._seats, claim=self._claim, seat=self._seat,
                                      objective=self._objective, opponents=self._opponents,
                                      turn=self._turn, show_hand=False)
            self._shown = (state, panel)
        return self._shown[1]

    def _show_turn(self) -> None:
        """The turn slider's value, usable with the race only: one message."""
        with _quiet(self), self.turn_slider.hold_sync():
            self.turn_slider.value = self._turn
            self.turn_slider.disabled = not self._opponents

    def _on(self, action: Callable[[object], None], change: dict) -> None:
        if not self._syncing:
            action(change["new"])
