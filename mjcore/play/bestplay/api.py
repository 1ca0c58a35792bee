"""The public entry points of best play: which discard, which claim, and what was searched.

:func:`win_chances` checks its arguments and runs the model they name
(:func:`_compute`): keep only progress (:mod:`~mjcore.play.bestplay.progress`), hand
changes or wild tiles (:mod:`~mjcore.play.bestplay.changes`), four seats with calls
(:mod:`~mjcore.play.bestplay.calls`).  :func:`claim_advice` answers one discard
(:mod:`~mjcore.play.bestplay.claim`), :func:`search_size` tells the work of the last
call, :func:`search_table` and :func:`simulate_play` show a search's table and play its
policy on shuffled walls, :func:`near_ready_hands` makes seeded test hands.
Explained in chapter 6 (one player), chapter 7 (four seats) and chapter 8 (the race).
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from ...base.checks import HandError, bool_arg, choice_arg, instance_arg, int_arg
from ...base.deals import random_wins
from ...base.rules import POYANG, Rules, rules_arg
from ...base.tiles import COPIES, N_KINDS, as_counts, named_tile_arg, tile_name, to_mpsz
from ...hand.shanten import effective_mask, shanten
from ...hand.waits import unseen
from . import limits
from .calls import _Calls, _CallsPoints
from .changes import _Search
from .claim import _claim_options
from .dealins import _DealIns, _Risk, _risk
from .keys import _minus
from .limits import (
    OBJECTIVES,
    SEATS,
    STAGES,
    _check_calls_shanten,
    _check_deal_ins,
    _check_discards,
    _check_draws,
    _check_four_seats,
    _check_hand,
    _check_opponents,
)
from .points import _poyang_points
from .progress import _Progress, _ProgressFour, _ProgressFourPoints, _ProgressPoints
from .results import _LAST_SIZE, ClaimAdvice, SearchSize, WinChance, WinChances

if TYPE_CHECKING:
    from ..prob import Estimate


def claim_advice(hand: str | Sequence[int], tile: str | int, seat: str, draws: int = 17,
                 rules: Rules | str = POYANG, visible: str | Sequence[int] | None = None,
                 objective: str = "win", *, searches: dict | None = None,
                 opponents: bool | Sequence[float] = False, turn: int = 1) -> ClaimAdvice:
    """Should the player claim this discard?  Every option for a 13-tile hand when
    ``seat`` ("right", "across" or "left") has just discarded ``tile``, best first.

    The game is :func:`win_chances`' four seats with calls and wins on a discard:
    ``draws`` counts the turns left, this one included (a claim ends it).  The
    options: pass (the turn goes on: the seats after ``seat`` discard, then the
    player draws), win when the tile completes the hand, 碰 with a pair of it, and
    吃 with each run it completes, from the left seat only (from another seat no
    吃 is offered).  After a claim the best discard is named, and the values
    are those of best play from there, keeping only progress; any claim is
    shown, not only those that lower the shanten.  Kongs are not modelled.

    Chapter 5's hand after throwing 9p, and a 9s from the left seat: 吃 789s and throw
    the north wind, rather than pass (from the right seat only passing is offered):

    >>> print(claim_advice("12389m456p78s11z4z", "9s", "left"))
    chi 789s, discard 4z: win 0.9517 (0.7249 on a discard), tenpai 1.0000
    pass: win 0.8338 (0.6385 on a discard), tenpai 0.9654
    >>> [o.kind for o in claim_advice("12389m456p78s11z4z", "9s", "right")]
    ['pass']

    ``objective`` "points" (Poyang rules, a hand at most
    :data:`~mjcore.play.bestplay.limits.MAX_POINTS_CALLS` from ready) ranks the options
    by expected points, as :func:`win_chances` does.  A claim
    ends 门清 (a fan), and a win on a discard is paid by the discarder alone, so the
    same 9s is better passed:

    >>> print(claim_advice("12389m456p78s11z4z", "9s", "left", objective="points"))
    pass: win 0.5706 (0.2189 on a discard), tenpai 0.9460, points 8.887
    chi 789s, discard 4z: win 0.6513 (0.2302 on a discard), tenpai 1.0000, points 6.777

    ``searches``: a dict, kept by a caller asking many questions of one hand (a
    study): the searches each question runs are kept there and reused by the next
    that needs the same one (the same answers, sooner).

    ``opponents`` and ``turn``: the race, as :func:`win_chances` has it (``turn``, the
    player's turns taken before this discard; the turn under way has passed its start,
    so the race begins with the next one).
    """
    counts = _check_hand(hand)
    if sum(counts) != 13:
        raise HandError(f"claim_advice needs a 13-tile hand (the discard just made), "
                        f"got {sum(counts)} tiles")
    tile = named_tile_arg(tile, "tile")
    seat = choice_arg(seat, "seat", SEATS)
    rules = rules_arg(rules)
    seen = list(as_counts(visible))
    if counts[tile] + seen[tile] >= COPIES:
        raise HandError(f"{tile_name(tile)} cannot be discarded: all four are in the hand "
                        f"or visible")
    seen[tile] += 1
    left = sum(unseen(counts, seen))
    draws = _check_draws(draws, left)
    if draws < 1:
        raise HandError("claim_advice needs at least 1 turn left (this one)")
    _check_four_seats(draws, left, rules, False)
    objective = choice_arg(objective, "objective", OBJECTIVES)
    points = None
    if objective == "points":
        if rules != POYANG:
            raise HandError(f"objective 'points' scores Poyang hands: use the poyang rules, "
                            f"not {rules.name}")
        points = _poyang_points
    _check_calls_shanten(counts, rules, points is not None)
    keep = _check_opponents(opponents, turn, draws, rules, True)
    if searches is None:
        searches = {}
    instance_arg(searches, dict, "searches", "a dict")
    with _collector_paused():
        return _claim_options(counts, tile, SEATS.index(seat), draws, rules, left,
                              tuple(COPIES - v for v in seen), searches, points, keep)


def discard_parts(hand: str | Sequence[int], parts: int = 2, rules: Rules | str = POYANG,
                  hand_changes: bool = False, stage: str = "all") -> list[str]:
    """The discards of a 3n+2 hand in ``parts`` groups of about equal search work, as
    notation for :func:`win_chances`' ``discards``: the groups can be asked at once, in
    as many processes or workers (the analyzer's two), and their answers together are
    the whole call's.

    The discards that keep the shanten share one search, so they stay together; each
    that raises it is a search of its own.  A search's work grows about as the square of
    the kinds of tile that lower a root's shanten, ten times over for a root one step
    further from ready, and the shared search's as the sum of its roots'.  Measured in
    instructions on the published hand at four seats with calls, past what the first
    search of a process pays: a raising discard of 34 kinds 4.3 G, one of 21 kinds 1.7 G,
    the nine roots that keep the shanten (10 to 13 kinds) 0.2 G together.  The
    heaviest go first, each to the lightest group; then a discard moves, or two trade
    places, between the heaviest group and another while that lightens the heaviest.
    With ``hand_changes`` or wild ``rules`` one search serves every discard, so the
    first group has them all, as it has for a hand that wins already (its one answer is
    the win).  A group may be empty ("").

    ``stage`` "keep" gives each group's discards that keep the shanten, "raise" the
    others, "all" (the default) both: a worker that asks its group in two stages, the
    shared search first, has the discards that keep the shanten answered in a fraction
    of the time the others take (the analyzer fills its column so).  Where one search
    serves every discard (hand changes, wild rules, a hand that wins), "keep" is the
    whole group and "raise" nothing.

    >>> discard_parts("234578m1689p357s1z")
    ['7m8p', '23458m169p357s1z']
    >>> discard_parts("234578m1689p357s1z", stage="keep")
    ['', '258m169p37s1z']
    >>> discard_parts("234578m1689p357s1z", stage="raise")
    ['7m8p', '34m5s']
    >>> discard_parts("234578m1689p357s1z", hand_changes=True)
    ['234578m1689p357s1z', '']
    """
    counts = _check_hand(hand)
    parts = int_arg(parts, "parts", 1, 64)
    rules = rules_arg(rules, wild=True)
    hand_changes = bool_arg(hand_changes, "hand_changes")
    stage = choice_arg(stage, "stage", STAGES)
    if sum(counts) % 3 != 2:
        raise HandError(f"discard_parts needs a hand of 3n+2 tiles, got {sum(counts)}")
    tiles = [t for t in range(N_KINDS) if counts[t]]
    groups: list[list[int]] = [[] for _ in range(parts)]
    s14 = shanten(counts, rules)
    shared = hand_changes or rules.wild is not None or s14 < 0  # one search for all
    if shared or parts == 1:
        groups[0] = tiles
    else:
        keep, work = [], 0  # the shared search: its roots and its work
        items = []  # (work, discards searched together)
        for t in tiles:
            s, mask = effective_mask(_minus(counts, t), rules)
            if s == s14:
                keep.append(t)
                work += mask.bit_count() ** 2
            else:
                items.append((10 * mask.bit_count() ** 2, [t]))  # a step further from ready
        if keep:
            items.append((work, keep))
        items.sort(key=lambda item: (-item[0], item[1]))
        loads = [0] * parts
        held: list[list[tuple[int, list[int]]]] = [[] for _ in range(parts)]
        for item in items:
            i = loads.index(min(loads))
            held[i].append(item)
            loads[i] += item[0]
        _even_out(held, loads)
        groups = [sorted(t for _, ts in group for t in ts) for group in held]
    if stage != "all":
        keep = stage == "keep"
        groups = [g if keep else [] for g in groups] if shared else [
            [t for t in g if (shanten(_minus(counts, t), rules) == s14) == keep]
            for g in groups]
    return [to_mpsz(tuple(sum(1 for t in g if t == k) for k in range(N_KINDS))) if g else ""
            for g in groups]


def _even_out(held: list[list[tuple[int, list[int]]]], loads: list[int]) -> None:
    """Lighten the heaviest of the groups ``held`` (their work ``loads``), in place: move
    one item of it to another group, or trade one of its items for a lighter one there,
    the change that leaves the two groups' heavier the lightest, while any makes it
    lighter than the heaviest was."""
    while True:
        top = loads.index(max(loads))
        best = None  # (the heavier of the two groups after, other group, item, item back)
        for g in range(len(loads)):
            if g == top:
                continue
            back = [(None, 0)] + [(b, wb) for b, (wb, _) in enumerate(held[g])]  # None: a move
            for a, (wa, _) in enumerate(held[top]):
                for b, wb in back:
                    if wb >= wa:
                        continue
                    after = max(loads[top] - wa + wb, loads[g] + wa - wb)
                    if after < loads[top] and (best is None or after < best[0]):
                        best = (after, g, a, b)
        if best is None:
            return
        _, g, a, b = best
        item = held[top].pop(a)
        if b is not None:
            back = held[g].pop(b)
            held[top].append(back)
            loads[top] += back[0]
            loads[g] -= back[0]
        held[g].append(item)
        loads[top] -= item[0]
        loads[g] += item[0]


def search_size() -> SearchSize:
    """The work done by the most recent :func:`win_chances` (or :func:`claim_advice`) call
    in this process.

    >>> _ = win_chances("123456789m1234p5z", draws=3)
    >>> search_size().positions > 0
    True
    """
    if not _LAST_SIZE:
        raise HandError("no win_chances call yet")
    return _LAST_SIZE[-1]


def win_chances(hand: str | Sequence[int], draws: int = 17, rules: Rules | str = POYANG,
                visible: str | Sequence[int] | None = None, hand_changes: bool = False,
                objective: str = "win", discard_wins: bool = False,
                calls: bool = False, opponents: bool | Sequence[float] = False,
                turn: int = 1, deal_ins: bool | float = False,
                approximate: bool = False,
                discards: str | Sequence[int | str] | None = None) -> WinChances:
    """The chance of winning within ``draws`` draws for each discard, under best play.

    For a 3n+2 hand (14 tiles in play): one :class:`WinChance` per distinct
    discard, best first (highest ``win``, or highest ``expected_points``
    for ``objective="points"``; ties by the lower tile index).  For a 3n+1
    hand: one entry, ``tile`` None, for the hand as it is.  A complete
    3n+2 hand is a win already: one entry, ``tile`` None, ``win`` 1.
    Every form the ``rules`` switch on counts.

    ``objective="points"`` (Poyang rules, 13 or 14 tiles) maximizes the
    expected points the winner collects when settling a self-drawn,
    concealed win (:func:`mjcore.scoring.poyang.score` with 自摸 and 门清, then
    :func:`mjcore.scoring.poyang.settle`: three payers).  With
    ``discard_wins`` a win on a discard is paid by the discarder alone
    (no 自摸 fan, no self-draw bonus: for a plain concealed win 4 points
    against 27 self-drawn), so taking it is a choice: the search takes it
    only where it is worth more than passing (more points, or as many and
    a higher chance of winning), and a ready hand may pass a wait shown
    on a discard to wait for its own draw, that copy gone for good (no
    rule against winning after a pass is modelled).  ``win`` and
    ``discard_win`` are then the chances of the policy that maximizes the
    points, and the points with discard wins are never below those
    without (passing every discard leaves the player's own draws).

    ``discard_wins=True`` plays four seats: each turn the three other
    seats each discard a tile from the wall, then the player draws, and a
    ready hand wins on any of those discards too; ``draws`` counts turns,
    four tiles shown each, and ``discard_win`` gives the part of ``win``
    won on a discard.  The discards before the hand is ready change
    nothing the player can use, so the count stays exact for the best
    policy on the player's own draws (a brute force over tiny walls
    agrees).  ``calls=True`` plays four seats too, and the player may
    claim a discard (碰 from any seat, 吃 from the left one; the turn ends
    at the claim): :class:`_Calls`, where the count becomes an
    approximation.  With ``objective="points"`` too, every win is scored
    with the melds laid down (a claim ends 门清): :class:`_CallsPoints`,
    for a hand at most :data:`~mjcore.play.bestplay.limits.MAX_POINTS_CALLS`
    from ready (others are refused at once).  For now four seats need keep only progress: not
    ``hand_changes`` nor wild rules.  With both options off the values are
    those of one player, exactly.

    >>> [c] = win_chances("111222333m4445s", draws=5, discard_wins=True)
    >>> round(c.win, 4), round(c.discard_win, 4)
    (0.8706, 0.6816)
    >>> [p] = win_chances("111222333m4445s", draws=5, discard_wins=True, objective="points")
    >>> p.win < c.win and p.discard_win < c.discard_win  # some discards passed
    True

    ``opponents`` (four seats: with ``discard_wins`` or ``calls``): the race.  At the
    start of each turn, before the other seats' discards and the player's draw, the
    round may end by another seat's win, with the chance per turn that chapter 8's
    table measured for advisor seats under the same rules (``True``:
    :data:`~mjcore.play.bestplay.hazards.HAZARDS`, for the poyang and riichi presets),
    or with the chances given, one per turn of the player's (the first for the gap
    before its turn 1).  ``turn`` is the player's turns taken so far (the dealer's 14
    tiles are its turn 1), so the first turn searched is ``turn + 1``.  ``win`` is then
    the chance of winning before anyone else, and the best play is the one that
    maximizes it (or the expected points of it): a faster hand can beat a wider one.
    The other seats' wins are taken as independent of the player's hand; with
    ``opponents=False`` (the default) the values are exactly those without the race.

    >>> [r] = win_chances("111222333m4445s", draws=5, discard_wins=True,
    ...                   opponents=[0.0, 0.1, 0.1, 0.1, 0.1, 0.1])
    >>> round(r.win, 4) < round(c.win, 4)
    True

    ``deal_ins`` (four seats with ``discard_wins``, ``objective="points"``, Poyang
    rules): dealing in and folding.  Every tile the player throws may be another
    seat's win, with the chance :func:`mjcore.deal_in_chances` gives it at that turn
    (``turn`` counts here too), and costs ``deal_ins`` points (``True``: the table's
    mean payment, :data:`~mjcore.play.bestplay.hazards.LOSS`); ``expected_points``
    are then net, ``deal_in`` the chance of dealing in, and at each turn best play
    may fold, throwing its tiles safest first (``fold``: after this discard it gives up
    winning); the part won on a discard is not followed (``discard_win`` None).
    With ``opponents=True`` the race is the table's less the player's own deal-ins
    (:data:`~mjcore.play.bestplay.hazards.OTHERS`), which are counted here instead.
    The approximations are :mod:`~mjcore.play.bestplay.dealins`': the dangers are
    those of what the player sees now, and folding is valued for one policy it can
    follow, so never above the best fold.  Late in a round a safer tile
    may beat one that keeps more:

    >>> hand, race = "12389m456p78s9p11z4z", dict(discard_wins=True, objective="points",
    ...                                           opponents=True, deal_ins=True)
    >>> early = win_chances(hand, 16, turn=2, **race)
    >>> late = win_chances(hand, 8, turn=10, **race)
    >>> [c.name for c in early[:2]], [c.name for c in late[:2]]
    (['4z', '9p'], ['9p', '4z'])
    >>> late[1].win > late[0].win and late[1].deal_in > late[0].deal_in
    True

    ``approximate=True``: answer a hand too far from ready for the exact search rather
    than refuse it, each answer then saying so (``exact`` False).  Keep only progress
    by the chance of winning, alone or at four seats, tries the exact search up to
    :data:`~mjcore.play.bestplay.limits.EXACT_FIRST` hands, then searches two draws (up to
    :data:`~mjcore.play.bestplay.limits.TWO_DRAWS` hands), then one, then none, and values the hands
    it reaches there from a table (:mod:`~mjcore.play.bestplay.leaves`, whose
    ``ERRORS`` give the error measured against the exact search).  The search with wild
    tiles does the same past
    :data:`~mjcore.play.bestplay.limits.MAX_WILD_EVALUATIONS` (``WILD_ERRORS``).  A hand
    too far for hand changes or calls is answered with keep only progress, and at four seats
    without calls: policies the player may follow in those games too, so their
    chances are a floor under the best play there.

    ``discards`` (a 3n+2 hand): value only these discards, as notation ("3m8p") or a
    list of tile names or indices, each in the hand; None (the default) values every
    one.  Each answer is the one the whole call gives it, to the last bits of a float, since
    no discard's values depend on another's (a hand far enough from ready for
    ``approximate`` may be searched deeper when fewer discards share the budget).
    :func:`discard_parts` splits the discards into groups of about equal work; the
    analyzer asks its two slow workers a group each.

    >>> [c.name for c in win_chances("234578m1689p357s1z", discards="8p3m")]
    ['8p', '3m']

    Raises :class:`HandError` for a bad argument, or a search above
    :data:`~mjcore.play.bestplay.limits.MAX_POSITIONS` hands.

    A ready hand waiting on 3s, 5s and 6s (11 tiles unseen of 123):

    >>> [c] = win_chances("111222333m4445s", draws=5)
    >>> c.shanten, round(c.win, 4), round(c.tenpai, 4)
    (0, 0.3791, 1.0)
    >>> from mjcore import draw_probability
    >>> abs(c.win - draw_probability(11, 123, 5)) < 1e-12
    True

    Under wild rules a drawn wild tile is one more wait (the four 红中 here), and the
    search is the general one (:class:`_Search`), which tries every draw:

    >>> from mjcore import HONGZHONG
    >>> [c] = win_chances("111222333m4445s", draws=5, rules=HONGZHONG)
    >>> abs(c.win - draw_probability(15, 123, 5)) < 1e-12
    True

    The 13 tiles of 234578m1689p357s1z after discarding 1p (now visible),
    as tomohxx/mahjong-win-prob's README prints it for 17 draws:

    >>> [c] = win_chances("234578m689p357s1z", rules="riichi", visible="1p")
    >>> c.shanten, round(c.win, 4), round(c.by_draws[4], 4)
    (3, 0.1511, 0.0006)

    Explained in chapter 6, four seats in chapter 7, the race in chapter 8.
    """
    counts = _check_hand(hand)
    rules = rules_arg(rules, wild=True)
    hand_changes = bool_arg(hand_changes, "hand_changes")
    objective = choice_arg(objective, "objective", OBJECTIVES)
    discard_wins = bool_arg(discard_wins, "discard_wins")
    calls = bool_arg(calls, "calls")
    approximate = bool_arg(approximate, "approximate")
    only = _check_discards(discards, counts)
    seen = as_counts(visible)
    left = sum(unseen(counts, seen))
    draws = _check_draws(draws, left)
    if discard_wins or calls:
        _check_four_seats(draws, left, rules, hand_changes)
    simpler = False  # answered by a simpler game's best play (approximate)
    if calls:
        try:
            _check_calls_shanten(counts, rules, objective == "points")
        except HandError:
            if not approximate:
                raise
            calls, discard_wins, simpler = False, True, True
    loss = _check_deal_ins(deal_ins, objective, discard_wins, calls, rules)
    keep = _check_opponents(opponents, turn, draws, rules, discard_wins or calls,
                            loss is not None)
    with _collector_paused():
        risk = (None if loss is None else
                _risk(counts, seen, rules, turn, draws, loss))
        try:
            found = _compute(counts, draws, rules, seen, hand_changes and not simpler,
                             objective, discard_wins=discard_wins, calls=calls, race=keep,
                             risk=risk, approximate=approximate, only=only)
        except HandError:
            if not (approximate and hand_changes) or simpler:
                raise
            simpler = True  # keep only progress: a policy hand changes may follow
            found = _compute(counts, draws, rules, seen, False, objective,
                             discard_wins=discard_wins, calls=calls, race=keep, risk=risk,
                             approximate=True, only=only)
        return WinChances([replace(c, exact=False) for c in found]) if simpler else found


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector (if it runs) for a search, then restore it.

    A search builds some 10^5 lists, tuples and dicts and no reference
    cycles: the collector's passes over them find nothing to free and
    cost about 3% of the instructions and 6% of the cache misses of the
    table hand's call (cachegrind).
    """
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def _compute(counts: tuple[int, ...], draws: int, rules: Rules, seen: tuple[int, ...],
             hand_changes: bool, objective: str, one: float | Fraction = 1.0,
             quick: bool = True, searches: dict | None = None,
             discard_wins: bool = False, calls: bool = False, points=None,
             race: Sequence | None = None, risk: _Risk | None = None,
             approximate: bool | int = False,
             only: frozenset[int] | None = None) -> WinChances:
    """:func:`win_chances` on checked arguments; ``one=Fraction(1)`` gives exact values,
    ``quick=False`` runs the general :class:`_Search` where a quick one would (tests).

    ``points``, with objective "points": what a win pays, a function of the shape of
    :func:`_poyang_points` (the default, which needs Poyang rules and 13 or 14 tiles);
    tests pass small ones for tiny walls.  The quick searches keep its values by
    :func:`~mjcore.play.bestplay.points._shape`, so it must read a hand as Poyang's fans
    do: not the winning tile, nor a suit's mirror image, nor which suit or honour is which.

    ``searches``, a dict, receives each discard's solved search (a :class:`_Progress` or
    a :class:`_Search`), for a caller that then follows the policy on a wall
    (:mod:`mjcore.play.games`).

    ``race``: the race (four seats only), by turns left, as
    :func:`~mjcore.play.bestplay.limits._check_opponents` makes it; exact fractions
    there with ``one=Fraction(1)`` give exact values.

    ``risk``: deal-ins (:func:`~mjcore.play.bestplay.dealins._risk`), with four seats,
    wins on discards and points: the search is :class:`_DealIns`.

    ``approximate``: keep only progress by the chance of winning, alone or at four seats,
    may cut its search at leaves (:func:`_rungs`).

    ``only``: the discards to value (a 3n+2 hand), or None for every one.
    """
    n = sum(counts)
    total = sum(unseen(counts, seen))
    if objective != "points":
        points = None
    elif points is None:
        if rules != POYANG:
            raise HandError(f"objective 'points' scores Poyang hands: use the poyang rules, "
                            f"not {rules.name}")
        if n < 13:
            raise HandError(f"objective 'points' needs a hand of 13 or 14 tiles, got {n}")
        points = _poyang_points

    origin = counts
    cap = tuple(COPIES - v for v in seen)
    results: list[WinChance] = []
    sizes = [0, 0, 0, 0, 0, 0]

    # masks and kept discards: true answers, whatever rules computed them; and the race
    tables: dict = {} if race is None else {"keep": race}
    shared: dict = {}  # the search with calls, for all roots

    def run(cap_: Sequence[int], roots: list[tuple[int | None, tuple[int, ...]]]) -> None:
        if calls:  # one search for every root: a thrown tile that counts as gone is held
            seats = shared.get("calls")
            if seats is None:
                seats = shared["calls"] = (
                    _Calls(rules, draws, total, cap, discard_wins, one, race) if points is None
                    else _CallsPoints(rules, draws, total, cap, points, one, race))
            results.extend(seats.chance(tile, root, cap_ != cap) for tile, root in roots)
            found = seats.size()
            sizes[0], sizes[1], sizes[4] = found.positions, found.after_draw, found.scorings
            return
        if quick and not hand_changes and rules.wild is None:
            fast = None
            rungs = _rungs(roots, rules, points is None and approximate)
            for cut, most in rungs:
                fast = (_DealIns(rules if n >= 13 else None, draws, total, cap_, one, tables,
                                 points, risk)
                        if risk is not None else
                        _ProgressFourPoints(rules if n >= 13 else None, draws, total, cap_,
                                            one, tables, points)
                        if discard_wins and points is not None else
                        _ProgressFour(rules if n >= 13 else None, draws, total, cap_, one,
                                      tables)
                        if discard_wins else
                        _Progress(rules if n >= 13 else None, draws, total, cap_, one, tables)
                        if points is None else
                        _ProgressPoints(rules if n >= 13 else None, draws, total, cap_, one,
                                        tables, points))
                fast.cut, fast.most = cut, min(most, fast.most)
                try:
                    found = [fast.chance(tile, root) for tile, root in roots]
                except HandError:
                    if len(fast.values) < fast.most or (cut, most) == rungs[-1]:
                        raise
                    continue  # over this rung's budget: the next one searches less
                results.extend(found if not cut else
                               [replace(c, exact=False) for c in found])
                break
            if searches is not None:
                searches.update((tile, fast) for tile, _ in roots)
            sizes[0] += len(fast.values)
            sizes[1] += len(fast.after) + len(fast.best0)
            if risk is not None:
                sizes[5] += fast.shared
            return
        rungs = (_wild_rungs(roots, rules, approximate)
                 if rules.wild is not None and not hand_changes and points is None
                 and not discard_wins else [(0, limits.MAX_WILD_EVALUATIONS)])
        for cut, most in rungs:
            search = _Search(rules, draws, total, cap_, hand_changes, origin, points,
                             discard_wins, leaves=True,
                             images=searches is None and points in (None, _poyang_points))
            search.keep, search.cut, search.evaluations = race, cut, most
            try:
                for _tile, root in roots:
                    search.root(root)
                search.build()
            except HandError:
                if not search.wild or (cut, most) == rungs[-1]:
                    raise
                continue  # over this rung's budget: the next one searches less
            break
        search.solve(objective, one)
        found = [search.chance(tile, root) for tile, root in roots]
        results.extend(found if not search.cut else [replace(c, exact=False) for c in found])
        if searches is not None:
            searches.update((tile, search) for tile, _ in roots)
        sizes[0] += len(search.shanten13)
        sizes[1] += len(search.kids14)
        sizes[2] += search.shanten_calls
        sizes[3] += search.classes
        sizes[4] += (sum(kids is None for kids in search.kids14) * (1 + discard_wins)
                     if points else 0)

    if n % 3 == 1:
        run(cap, [(None, counts)])
    elif shanten(counts, rules) < 0:
        gain = (points(counts, next(t for t in range(N_KINDS) if counts[t]), True) if points
                else None)
        results.append(WinChance(None, -1, one, (one,) * (draws + 1), one, gain))
    else:
        s14 = shanten(counts, rules)
        keep, raise_ = [], []
        for tile in range(N_KINDS):
            if counts[tile] and (only is None or tile in only):
                root = _minus(counts, tile)
                (keep if shanten(root, rules) == s14 else raise_).append((tile, root))
        # The copy thrown first is never effective again after a discard that keeps
        # the shanten, so those roots share one search; the others count it as gone.
        if hand_changes:
            run(cap, keep + raise_)
        else:
            if keep:
                run(cap, keep)
            for tile, root in raise_:
                run(cap[:tile] + (cap[tile] - 1,) + cap[tile + 1:], [(tile, root)])
    sizes[4] += len(tables.get("shapes", ())) + len(tables.get("pairs", ()))
    _LAST_SIZE[:] = [SearchSize(*sizes)]
    if objective == "points":
        results.sort(key=lambda c: (-round(c.expected_points, 9), -round(c.win, 12),
                                    -1 if c.tile is None else c.tile))
    else:
        results.sort(key=lambda c: (-round(c.win, 12), -1 if c.tile is None else c.tile))
    return WinChances(results)


def _rungs(roots: list[tuple[int | None, tuple[int, ...]]], rules: Rules,
           approximate: bool | int) -> list[tuple[int, int]]:
    """The searches to try in turn for these roots, each (cut, most hands valued): the
    exact one (cut 0), then with ``approximate`` (and a table of leaves for the search)
    two draws and one draw searched before the leaves; the last may visit
    :data:`~mjcore.play.bestplay.limits.MAX_POSITIONS` hands; past that, the first hands
    themselves are the leaves, which needs no search.  An int ``approximate``
    (the study of :mod:`mjcore.play.farhands`): that many draws before the leaves, alone.
    The table was counted under the riichi forms: under rules with 十三烂 (the poyang
    forms), whose far hands it would misjudge, the search stays exact (a poyang hand is
    four steps from ready at most, and those fit)."""
    if not approximate or rules.shisanlan:  # the table knows not 十三烂: exact alone
        return [(0, limits.MAX_POSITIONS)]
    near = min(shanten(root, rules) for _, root in roots)
    if approximate is not True:
        return [(max(near - approximate, 1), limits.MAX_POSITIONS)]
    found = [(0, limits.EXACT_FIRST)]
    found += [(near - d, limits.TWO_DRAWS) for d in (2,) if near - d >= 1]
    found += [(near - d, limits.MAX_POSITIONS) for d in (1, 0) if near - d >= 1]
    return found


def _wild_rungs(roots: list[tuple[int | None, tuple[int, ...]]], rules: Rules,
                approximate: bool | int) -> list[tuple[int, int]]:
    """:func:`_rungs` for the search under wild rules, whose bound counts shanten
    evaluations: the exact search up to
    :data:`~mjcore.play.bestplay.limits.MAX_WILD_EVALUATIONS`, then (``approximate``)
    two draws, one draw and none before the leaves, up to
    :data:`~mjcore.play.bestplay.limits.WILD_LEAVES` evaluations each."""
    if not approximate:
        return [(0, limits.MAX_WILD_EVALUATIONS)]
    near = min(shanten(root, rules) for _, root in roots)
    if approximate is not True:
        return [(max(near - approximate, 1), limits.WILD_LEAVES)]
    found = [(0, limits.MAX_WILD_EVALUATIONS)]
    found += [(near - d, limits.WILD_LEAVES) for d in (2, 1, 0) if near - d >= 1]
    return found


def _prepare(hand, draws, rules, visible, hand_changes, full: bool = False,
             discard_wins: bool = False, calls: bool = False, opponents: object = False,
             turn: object = 1) -> tuple[_Search | _Calls, tuple[int, ...], tuple | None]:
    """A solved search for a checked 3n+1 hand (keep only progress or hand changes; with
    ``calls``, the four-seat :class:`_Calls`); ``full``: every hand's values for every
    number of draws done (:meth:`_Search.solve`); and the race (``keep``) or None."""
    counts = _check_hand(hand)
    if sum(counts) % 3 != 1:
        raise HandError(f"this needs a hand of 3n+1 tiles (after the discard), "
                        f"got {sum(counts)}")
    rules = rules_arg(rules, wild=True)
    hand_changes = bool_arg(hand_changes, "hand_changes")
    seen = as_counts(visible)
    left = unseen(counts, seen)
    draws = _check_draws(draws, sum(left))
    discard_wins = bool_arg(discard_wins, "discard_wins")
    calls = bool_arg(calls, "calls")
    if discard_wins or calls:
        _check_four_seats(draws, sum(left), rules, hand_changes)
    keep = _check_opponents(opponents, turn, draws, rules, discard_wins or calls)
    if calls:
        _check_calls_shanten(counts, rules, False)
        seats = _Calls(rules, draws, sum(left), tuple(COPIES - v for v in seen), discard_wins,
                       keep=keep)
        seats.chance(None, counts)
        return seats, left, keep
    search = _Search(rules, draws, sum(left), tuple(COPIES - v for v in seen), hand_changes,
                     counts, None, discard_wins)
    search.keep = keep
    search.root(counts)
    search.build()
    search.solve("win", full=full)
    return search, left, keep


def search_table(hand: str | Sequence[int], draws: int, rules: Rules | str = POYANG,
                 visible: str | Sequence[int] | None = None,
                 hand_changes: bool = False) -> list[tuple[str, int, tuple[float, ...]]]:
    """The dynamic program's table for a 3n+1 hand: every hand it visits, in visiting order.

    Each row is (hand in mpsz, shanten, chance of winning with k draws
    left for k = 0 ... draws); the first row is the hand itself.

    >>> rows = search_table("111222333m4445s", 2)
    >>> rows[0][0], rows[0][1], [round(p, 4) for p in rows[0][2]]
    ('111222333m4445s', 0, [0.0, 0.0902, 0.1715])
    """
    search, _, _ = _prepare(hand, draws, rules, visible, hand_changes, full=True)
    by_index = sorted(search.index13.items(), key=lambda item: item[1])
    return [(to_mpsz(tuple(hand.to_bytes(N_KINDS, "little"))), search.shanten13[i],
             tuple(reversed(search.win13[i]))) for hand, i in by_index]


def simulate_play(hand: str | Sequence[int], draws: int, rules: Rules | str = POYANG,
                  visible: str | Sequence[int] | None = None, hand_changes: bool = False,
                  trials: int = 2000, rng: random.Random | int = 2026,
                  discard_wins: bool = False, calls: bool = False,
                  opponents: bool | Sequence[float] = False, turn: int = 1) -> Estimate:
    """Play the policy :func:`win_chances` finds against real shuffled walls.

    Each trial shuffles the unseen tiles (every tile drawn leaves the
    wall, so this is the exact process) and plays ``draws`` draws: a draw
    the policy keeps goes in, then the discard the search rates best for
    the draws left; any other draw is thrown.  Returns the wins as an
    :class:`~mjcore.play.prob.Estimate`.  Under keep-only-progress its value
    estimates ``win`` itself; with hand changes it measures the policy's
    true chance, which the simple count only approximates.  ``discard_wins``
    and ``calls``: four seats, as in :func:`win_chances` (each turn takes
    four tiles of the shuffled wall, fewer when the player claims one).  ``opponents``
    and ``turn``: the race, as in :func:`win_chances`: at the start of each turn the
    round ends with the chance the curve gives (one more draw of ``rng``), and a win
    after that does not count.

    >>> est = simulate_play("111222333m4445s", 5, trials=4000, rng=2)
    >>> est.trials, est.covers(win_chances("111222333m4445s", 5)[0].win)
    (4000, True)
    """
    from ..prob import Estimate, _check_trials, _rng

    _check_trials(trials)
    rng = _rng(rng)
    search, left, keep = _prepare(hand, draws, rules, visible, hand_changes,
                                  discard_wins=discard_wins, calls=calls,
                                  opponents=opponents, turn=turn)
    start = _check_hand(hand)
    wall = [t for t in range(N_KINDS) for _ in range(left[t])]
    wins = 0
    for _ in range(trials):
        rng.shuffle(wall)
        won = search.follow(start, wall)[0]
        if won is not None and keep is not None:  # the race: did each turn begin?
            won = won if all(rng.random() < keep[draws - j] for j in range(won)) else None
        wins += won is not None
    return Estimate(wins, trials)


MAX_SAMPLES = 100_000
"""The most hands :func:`near_ready_hands` makes in one call."""


def near_ready_hands(n: int, target: int, rng: random.Random,
                     rules: Rules | str = POYANG) -> list[tuple[int, ...]]:
    """``n`` random 14-tile hands of shanten ``target``: a random win with two tiles swapped.

    Each hand starts from :func:`mjcore.base.deals.random_wins`, and two of its
    tiles are replaced by tiles drawn from what is left of the set; hands
    of another shanten are dropped.  ``rng`` is a ``random.Random``.  Two
    swaps from a win reach shanten 1 at most, so ``target`` is -1, 0 or 1
    (anything else would never be found: a HandError), and ``n`` at most
    :data:`MAX_SAMPLES`.

    >>> from mjcore import shanten
    >>> hands = near_ready_hands(3, 1, random.Random(1))
    >>> [(sum(h), shanten(h)) for h in hands]
    [(14, 1), (14, 1), (14, 1)]
    """

    n = int_arg(n, "n", 0, MAX_SAMPLES)
    target = int_arg(target, "target", -1, 1)
    rules = rules_arg(rules, wild=True)
    found: list[tuple[int, ...]] = []
    while len(found) < n:
        counts = list(random_wins(1, rng)[0])
        for _ in range(2):
            out = rng.choice([t for t in range(N_KINDS) if counts[t]])
            counts[out] -= 1
            counts[rng.choice([t for t in range(N_KINDS) if counts[t] < COPIES])] += 1
        hand = tuple(counts)
        if shanten(hand, rules) == target:
            found.append(hand)
    return found
