"""Wild tiles counted exactly: every deal by its copies of the wild kind (chapter 11).

Under wild rules (such as :data:`~mjcore.base.rules.HONGZHONG`, where the 7z are
jokers) a hand wins when the jokers its parts need add up to no more than the
jokers it holds.  :func:`part_needs` gives a part's needs by a dynamic program over
the ranks, :func:`need_table` tabulates them for every part, and :func:`wild_counts`
counts the deals that win (or are ready) with their jokers, and without, by the
censuses and convolutions of :mod:`mjcore.bulk.counting`.  Explained in chapter 11.

>>> part_needs((1, 1, 1, 0, 0, 0, 0, 0, 1))   # 123m 9m: two jokers make 9m a meld, one a pair
(2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from ..base.checks import HandError, bool_arg, int_arg, items_arg, show
from ..base.rules import Rules, with_wild
from ..base.tiles import COPIES
from ..hand.vectors import VectorTable
from .counting import (
    _WAYS,
    HAND_SIZE,
    Census,
    Part,
    Weight,
    _join_ready,
    _ready_state,
    _ready_suits,
    census,
    convolve,
    is_ready_state,
)

# --- wild tiles: joker needs per part, and the deals that win with jokers ----
#
# Under wild rules the real tiles of a hand win with k jokers when the parts'
# joker needs (:func:`mjcore.hand.wild.part_need`), one part in the pair role
# and the others in the melds role, add up to at most k; seven pairs when the
# kinds held an odd number of times are at most k.  So a part's state is its
# two needs and its odd kinds, and the censuses of counting.py count parts by
# (tiles, state).  The needs of all 405,350 suits come from a dynamic program
# over the ranks whose steps are shared by every suit with the same tail, as
# in counting.suit_feature_census.  Explained in chapter 11.

NEED_CAP = 6
"""Joker needs and odd kinds above 5 are kept as 6: a hand holds at most four jokers
and a ready check adds one, so no count here tells 6 from more."""


def _need_end() -> tuple[int, ...]:
    """The profile past the last rank: no run may be open; a pair still owed is two jokers."""
    end = [NEED_CAP] * 18
    end[0], end[1] = 0, 2
    return tuple(end)


# A profile of the ranks from r on: for x runs begun at r - 2 (they need rank r), y runs
# begun at r - 1 (they need r and r + 1), and whether the pair is still owed, the fewest
# jokers that finish those ranks; index (3x + y) * 2 + pair, x and y 0-2 (three equal
# runs are three triplets, so no more are needed).
_NEED_TABLE = VectorTable()  # the need profiles, interned (id 0: the empty suffix's)
_NEED_TABLE.intern(_need_end())
_NEED_PROFILES: list[tuple[int, ...]] = _NEED_TABLE.vectors
_NEED_STEPS: dict[tuple[int, bool, int], int] = {}


def _need_step(held: int, start_runs: bool, tail: int) -> int:
    """The profile id of a rank holding ``held`` real tiles in front of profile ``tail``.

    At the rank every open run takes one place, new runs (0-2, where ``start_runs``),
    triplets (0-2) and the pair if owed take theirs; every real tile needs a place and
    every place without one is a joker.
    """
    key = (held, start_runs, tail)
    found = _NEED_STEPS.get(key)
    if found is not None:
        return found
    after = _NEED_PROFILES[tail]
    profile = []
    for x in range(3):
        for y in range(3):
            for owed in (0, 1):
                best = NEED_CAP
                for z in range(3 if start_runs else 1):
                    for triplets in range(3):
                        for pair in range(owed + 1):
                            places = x + y + z + 3 * triplets + 2 * pair
                            if places >= held:
                                cost = places - held + after[(3 * y + z) * 2 + owed - pair]
                                if cost < best:
                                    best = cost
                profile.append(best)
    found = _NEED_STEPS[key] = _NEED_TABLE.intern(tuple(profile))
    return found


def part_needs(part: Sequence[int], runs: bool = True) -> tuple[int, int]:
    """Jokers one part needs: ``(melds role, pair role)``, capped at :data:`NEED_CAP`.

    The same numbers as :func:`mjcore.hand.wild.part_need` (up to the cap), from
    the dynamic program over ranks that :func:`need_census` runs for every part.

    >>> part_needs((1, 1, 0, 0, 0, 0, 0, 0, 0))      # 12 + a joker; 1 + a joker, 2 + two
    (1, 3)
    >>> part_needs((4, 0, 0, 0, 0, 0, 0), runs=False)  # 111 1: a fifth 1 makes the pair
    (2, 1)
    """
    part = items_arg(part, "part", 9, "counts")
    for c in part:
        int_arg(c, "each count of part", 0, COPIES)
    bool_arg(runs, "runs")
    profile = 0
    for rank in range(len(part) - 1, -1, -1):
        profile = _need_step(part[rank], runs and rank <= 6, profile)
    found = _NEED_PROFILES[profile]
    return found[0], found[1]


class NeedState(NamedTuple):
    """What a part (or several) says about winning with jokers."""

    melds: int
    """Jokers that make every real tile a meld (capped at :data:`NEED_CAP`)."""
    pair: int
    """Jokers that make the real tiles melds and one pair (capped)."""
    odd: int
    """Kinds held an odd number of times (capped): each needs a joker in seven pairs."""
    big: bool
    """A kind held three or four times (no seven pairs of different kinds)."""
    jokers: int
    """Copies of the wild kind held."""


def join_need(a: NeedState, b: NeedState) -> NeedState:
    """Two parts together: the pair in one of them, needs and odd kinds added.

    >>> s = NeedState(1, 2, 2, False, 0)            # a suit holding 12m
    >>> join_need(s, s)
    NeedState(melds=2, pair=3, odd=4, big=False, jokers=0)
    """
    return NeedState(min(a.melds + b.melds, NEED_CAP),
                     min(a.pair + b.melds, a.melds + b.pair, NEED_CAP),
                     min(a.odd + b.odd, NEED_CAP), a.big or b.big, a.jokers + b.jokers)


def need_census(ranks: int = 9, runs: bool = True, wild_at: int | None = None,
                max_tiles: int = HAND_SIZE) -> Census:
    """Every part of ``ranks`` counts (at most ``max_tiles`` tiles) by (tiles, NeedState).

    Rank ``wild_at`` of the part (the wild kind, if it is in this part) holds
    jokers: its copies count as tiles and in ``jokers``, not as real tiles.
    Each part is visited once; the needs come rank by rank from the shared
    steps of :func:`part_needs`.

    >>> c = need_census(ranks=2, runs=False, wild_at=1, max_tiles=2)
    >>> c[(2, NeedState(2, 1, 1, False, 1))]     # 1 real tile and 1 joker: (1, 16) ways
    (1, 16)
    """
    ranks, max_tiles = int_arg(ranks, "ranks", 1, 9), int_arg(max_tiles, "max_tiles", 0,
                                                               HAND_SIZE)
    bool_arg(runs, "runs")
    if wild_at is not None:
        int_arg(wild_at, "wild_at", 0, ranks - 1)
    found: dict[tuple[int, NeedState], list[int]] = {}

    def visit(rank: int, tiles: int, profile: int, odd: int, big: bool, jokers: int,
              ways: int) -> None:
        if rank < 0:
            needs = _NEED_PROFILES[profile]
            key = (tiles, NeedState(needs[0], needs[1], min(odd, NEED_CAP), big, jokers))
            entry = found.get(key)
            if entry is None:
                found[key] = [1, ways]
            else:
                entry[0] += 1
                entry[1] += ways
            return
        start = runs and rank <= 6
        for c in range(min(COPIES, max_tiles - tiles) + 1):
            real, wild = (0, c) if rank == wild_at else (c, 0)
            visit(rank - 1, tiles + c, _need_step(real, start, profile), odd + (real & 1),
                  big or real >= 3, jokers + wild, ways * _WAYS[c])

    visit(ranks - 1, 0, 0, 0, False, 0, 1)
    return {key: (h, w) for key, (h, w) in found.items()}


@cache
def _need_suits() -> Census:
    """Every suit of at most 14 tiles by (tiles, NeedState): cached (a second or two)."""
    return need_census(9, True)


def need_table(ranks: int = 9, runs: bool = True) -> dict[tuple[int, ...], tuple[int, int]]:
    """Every part of ``ranks`` counts and at most 14 tiles -> :func:`part_needs`.

    The look-up table of chapter 11: chapter 4's complete parts are its entries
    of need 0 (melds role: without the pair; pair role: with it).  The 405,350
    suits take a second or two and some tens of megabytes.

    >>> table = need_table(7, runs=False)
    >>> len(table), table[(1, 0, 0, 0, 0, 0, 2)]
    (43130, (3, 2))
    """
    ranks = int_arg(ranks, "ranks", 1, 9)
    bool_arg(runs, "runs")
    table: dict[tuple[int, ...], tuple[int, int]] = {}
    counts = [0] * ranks
    pairs: dict[tuple[int, int], tuple[int, int]] = {}  # one tuple for each pair of needs

    def visit(rank: int, tiles: int, profile: int) -> None:
        if rank < 0:
            needs = _NEED_PROFILES[profile]
            value = (needs[0], needs[1])
            table[tuple(counts)] = pairs.setdefault(value, value)
            return
        start = runs and rank <= 6
        for c in range(min(COPIES, HAND_SIZE - tiles) + 1):
            counts[rank] = c
            visit(rank - 1, tiles + c, _need_step(c, start, profile))
        counts[rank] = 0

    visit(ranks - 1, 0, 0)
    return table


class WildCount(NamedTuple):
    """The deals holding ``jokers`` copies of the wild kind, and how many of them win."""

    jokers: int
    """Copies of the wild kind in the deal (0-4)."""
    dealt: Weight
    """All such deals: (hands, deals)."""
    wild: Weight
    """Those that win (3n+2 tiles) or are ready (3n+1) with the wild copies as jokers."""
    plain: Weight
    """Those that win or are ready when the same tiles are read with no wild kind."""


def wins_with_jokers(state: NeedState, rules: Rules, tiles: int) -> bool:
    """Whether real tiles of this state win (3n+2) or are ready (3n+1) with their jokers.

    A 3n+1 hand is ready exactly when its real tiles win with one joker more:
    a drawn joker fills any place (chapter 11 checks this against shanten).
    Seven pairs counts at 13 and 14 tiles.

    >>> from mjcore import HONGZHONG
    >>> wins_with_jokers(NeedState(1, 2, 2, False, 1), HONGZHONG, 2)   # 1m 7z
    False
    >>> wins_with_jokers(NeedState(2, 1, 1, False, 1), HONGZHONG, 2)   # 1z 7z
    True
    """
    free = state.jokers + (tiles % 3 == 1)
    if state.pair <= free:
        return True
    return (tiles >= 13 and rules.seven_pairs and state.odd <= free
            and (rules.four_as_two_pairs or not state.big))


def _plain_wins(state: NeedState, rules: Rules, tiles: int, kind: tuple[int, int]) -> bool:
    """A 3n+2 hand read with the wild kind as a plain honour: ``kind`` is that kind's own
    needs (melds, pair role) for its copies, added as one more part."""
    melds, pair = kind
    if min(state.pair + melds, state.melds + pair) == 0:
        return True
    k = state.jokers
    return (tiles == HAND_SIZE and rules.seven_pairs and state.odd + k % 2 == 0
            and (rules.four_as_two_pairs or not (state.big or k >= 3)))


def _check_wild(rules: object, tiles: object, suits: object, honors: object) -> Rules:
    if not isinstance(rules, Rules) or rules.wild is None:
        raise HandError("wild_counts: rules must be a Rules with a wild kind (Rules(wild=...), "
                        f"HONGZHONG), got {show(rules)}")
    if rules.wild < 27:
        raise HandError(f"wild_counts: the wild kind must be an honour, got {rules.wild}")
    if rules.thirteen_orphans or rules.shisanlan:
        raise HandError(f"wild_counts: rules {rules.name!r} allow thirteen orphans or 十三烂, "
                        "which these counts do not support")
    if type(tiles) is not int or not 1 <= tiles <= HAND_SIZE or tiles % 3 == 0:
        raise HandError(f"wild_counts: tiles must be 1-14 and not a multiple of 3, got {tiles!r}")
    if type(suits) is not int or suits not in (1, 2, 3):
        raise HandError(f"wild_counts: suits must be 1, 2 or 3, got {suits!r}")
    if type(honors) is not bool:
        raise HandError(f"wild_counts: honors must be True or False, got {honors!r}")
    return rules


def wild_counts(rules: Rules, tiles: int = HAND_SIZE, suits: int = 3,
                honors: bool = True) -> tuple[WildCount, ...]:
    """Exact counts of the ``tiles``-tile deals by copies of the wild kind, 0 to 4: how
    many win (3n+2) or are ready (3n+1) with those copies as jokers, and how many when
    the same deals are read without wild tiles.

    ``rules`` have a wild honour (such as :data:`~mjcore.base.rules.HONGZHONG`'s 7z) and the
    standard form, with or without seven pairs; seven pairs counts at 13 and 14
    tiles.  Each suit is counted by its joker needs (:func:`need_census`), the
    honours by their needs and the wild copies, and the parts are convolved by
    (tiles, needs).  The plain reading of 3n+1 deals uses
    :class:`~mjcore.bulk.counting.ReadyState` (a wait needs a copy left).  ``suits``
    (1-3) and ``honors`` (the six other honours) shrink the tile set, for checks by
    brute force.  Explained in chapter 11.

    >>> from mjcore import HONGZHONG
    >>> [(c.jokers, c.dealt, c.wild) for c in wild_counts(HONGZHONG, 2, 1, False)]
    [(0, (45, 630), (9, 54)), (1, (9, 144), (9, 144)), (2, (1, 6), (1, 6))]
    """
    rules = _check_wild(rules, tiles, suits, honors)
    at = rules.wild - 27
    suit = _need_suits()
    empty = {(0, NeedState(0, 0, 0, False, 0)): (1, 1)}
    if honors:
        honor = need_census(7, False, wild_at=at)
    else:
        honor = {(k, NeedState(0, 2, 0, False, k)): (1, _WAYS[k]) for k in range(COPIES + 1)}
    kinds = [suit] * suits + [empty] * (3 - suits)
    three = convolve(convolve(kinds[0], kinds[1], join_need, tiles), kinds[2], join_need,
                     tiles)
    whole = convolve(three, honor, join_need, tiles, exact=True)
    own = [part_needs((k,) + (0,) * 6, runs=False) for k in range(COPIES + 1)]
    found = [[0] * 6 for _ in range(COPIES + 1)]  # dealt, wild, plain: hands and deals
    for (_, state), (h, w) in whole.items():
        row = found[state.jokers]  # type: ignore[union-attr]
        row[0] += h
        row[1] += w
        if wins_with_jokers(state, rules, tiles):  # type: ignore[arg-type]
            row[2] += h
            row[3] += w
        if tiles % 3 == 2 and _plain_wins(state, rules, tiles,  # type: ignore[arg-type]
                                          own[state.jokers]):  # type: ignore[union-attr]
            row[4] += h
            row[5] += w
    if tiles % 3 == 1:
        for k, weight in _plain_ready(rules, tiles, suits, honors, at).items():
            found[k][4:] = weight
    return tuple(WildCount(k, (r[0], r[1]), (r[2], r[3]), (r[4], r[5]))
                 for k, r in enumerate(found) if r[0])


def _plain_ready(rules: Rules, tiles: int, suits: int, honors: bool,
                 at: int) -> dict[int, list[int]]:
    """Copies of the wild kind -> [hands, deals] of the 3n+1 deals ready with no wild tiles."""
    plain = with_wild(rules, None)
    suit = census(lambda part: _ready_state(part, False), max_tiles=tiles) if tiles < 13 \
        else _ready_suits()
    empty = {(0, _ready_state((0,) * 9, False)): (1, 1)}

    def keep(part: Part) -> bool:
        return honors or not any(c for i, c in enumerate(part) if i != at)

    honor = census(lambda part: (part[at], _ready_state(part, True)), ranks=7,
                   max_tiles=tiles, keep=keep)
    kinds = [suit] * suits + [empty] * (3 - suits)
    three = convolve(convolve(kinds[0], kinds[1], _join_ready, tiles), kinds[2], _join_ready,
                     tiles)
    whole = convolve(three, honor, lambda a, b: (b[0], _join_ready(a, b[1])), tiles,
                     exact=True)
    found: dict[int, list[int]] = {}
    for (_, (k, state)), (h, w) in whole.items():  # type: ignore[misc]
        ready = is_ready_state(state, plain) if tiles == 13 else bool(state.almost & 2)
        if ready:
            entry = found.setdefault(k, [0, 0])
            entry[0] += h
            entry[1] += w
    return found
