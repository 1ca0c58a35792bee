"""Counting hands exactly: dynamic programming over the suits, not over hands.

There are C(136, 14) = 4,250,305,029,168,216,000 ways to deal fourteen
tiles, far too many to visit.  But a hand is three suits and the honours,
and every question asked here (is it complete? what is its shanten?)
needs from each part only a small *state*.  So:

1. visit every part once (405,350 suits of at most 14 tiles, 43,130
   honour parts), and count the parts by ``(tiles, state)``: a
   :data:`Census`, a polynomial in the number of tiles with one
   coefficient per state;
2. combine the three suits and the honours by convolution: tile counts
   add, states join (:func:`convolve`);
3. read off the answer from the states of the whole hands of 13 or 14
   tiles.

Every coefficient is a pair ``(hands, deals)``: the number of distinct
count vectors, and the number of ways to deal them from the 136 tiles,
each part weighted by the product of C(4, c) over its counts
(:func:`deals`).  Both add and multiply the same way, so one pass gives
both.  Explained in chapter 9.

Two uses of these censuses live in modules of their own: the effective
tiles of every 13-tile deal (question 6 of chapter 9) in
:mod:`mjcore.bulk.effcount`, and the deals that win with jokers (chapter 11)
in :mod:`mjcore.bulk.wildcount`.

>>> from mjcore import STANDARD
>>> len(complete_suit_hands(14)), count_wins(STANDARD)[0]
(13259, 11498658)
>>> comb(136, 14)
4250305029168216000
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import cache
from math import comb, prod
from typing import NamedTuple

from ..base.checks import (
    HandError,
    bool_arg,
    callable_arg,
    choice_arg,
    instance_arg,
    int_arg,
    items_arg,
    part_arg,
)
from ..base.rules import Rules, rules_arg
from ..base.tiles import COPIES, as_counts
from ..hand.shanten import shanten
from ..hand.tables import LAN_SETS, complete_honors, complete_parts, honor_waits, suit_waits
from ..hand.vectors import MAX_MELDS, VectorTable, combine, honor_vector, rank_step, suit_vector

Part = tuple[int, ...]
Weight = tuple[int, int]
"""``(hands, deals)``: distinct count vectors, and ways to deal them from 136 tiles."""
Census = dict[tuple[int, Hashable], Weight]
"""``(tiles, state) -> (hands, deals)``: a polynomial in tiles, one coefficient per state."""

HAND_SIZE = 14


# --- parts and weights ------------------------------------------------------

def parts(ranks: int = 9, max_tiles: int = HAND_SIZE) -> Iterator[Part]:
    """Every part of ``ranks`` counts (each 0-4) with at most ``max_tiles`` tiles.

    >>> sum(1 for _ in parts(9)), sum(1 for _ in parts(7))
    (405350, 43130)
    >>> list(parts(2, 1))
    [(0, 0), (0, 1), (1, 0)]

    ``ranks`` is 0-34 (a suit has 9, the honours 7, tests join several)
    and ``max_tiles`` 0-14, checked at the call; the parts come one at a
    time, so making the iterator costs nothing.
    """
    return _parts(int_arg(ranks, "ranks", 0, 34), int_arg(max_tiles, "max_tiles", 0, HAND_SIZE))


def _parts(ranks: int, max_tiles: int) -> Iterator[Part]:
    if ranks == 0:
        yield ()
        return
    for first in range(min(COPIES, max_tiles) + 1):
        for rest in _parts(ranks - 1, max_tiles - first):
            yield (first, *rest)


_WAYS = tuple(comb(COPIES, c) for c in range(COPIES + 1))


def deals(part: Sequence[int]) -> int:
    """Ways to take these counts from four copies of each kind: prod C(4, c).

    >>> deals((1, 1, 1)), deals((2, 0, 4))
    (64, 6)
    """
    part = items_arg(part, "part", 34, "counts")
    for c in part:
        int_arg(c, "each count of part", 0, COPIES)
    return _deals(part)


def _deals(part: Part) -> int:
    """:func:`deals` of a part already checked (the census loops: hundreds of thousands)."""
    return prod(map(_WAYS.__getitem__, part))


def census(state: Callable[[Part], Hashable], ranks: int = 9,
           max_tiles: int = HAND_SIZE, keep: Callable[[Part], bool] | None = None) -> Census:
    """Count the parts of ``ranks`` counts by ``(tiles, state(part))``, as (hands, deals).

    ``keep`` drops parts first (for example, only the parts of one size).

    >>> c = census(lambda part: max(part), ranks=2, max_tiles=2)
    >>> c[(2, 1)], c[(2, 2)]
    ((1, 16), (2, 12))
    """
    callable_arg(state, "state")
    if keep is not None:
        callable_arg(keep, "keep")
    found: dict[tuple[int, Hashable], list[int]] = {}
    for part in parts(ranks, max_tiles):  # checks ranks and max_tiles
        if keep is not None and not keep(part):
            continue
        key = (sum(part), state(part))
        entry = found.get(key)
        if entry is None:
            entry = found[key] = [0, 0]
        entry[0] += 1
        entry[1] += _deals(part)
    return {key: (a, b) for key, (a, b) in found.items()}


def convolve(a: Census, b: Census, join: Callable[[Hashable, Hashable], Hashable | None],
             max_tiles: int = HAND_SIZE, exact: bool = False) -> Census:
    """Combine two censuses: tiles add, states join, weights multiply.

    ``join`` returns None for a combination that can never matter; it
    is dropped.  Entries above ``max_tiles`` tiles are dropped too, and
    with ``exact`` all but those of exactly ``max_tiles`` tiles.

    >>> a = {(0, 0): (1, 1), (1, 1): (2, 8)}
    >>> convolve(a, a, lambda x, y: x + y)
    {(0, 0): (1, 1), (1, 1): (4, 16), (2, 2): (4, 64)}
    """
    instance_arg(a, dict, "a", "a census (a dict)")
    instance_arg(b, dict, "b", "a census (a dict)")
    callable_arg(join, "join")
    max_tiles, exact = int_arg(max_tiles, "max_tiles", 0, HAND_SIZE), bool_arg(exact, "exact")
    by_tiles: dict[int, list[tuple[Hashable, int, int]]] = {}
    for (tiles, state), (hands, ways) in b.items():
        by_tiles.setdefault(tiles, []).append((state, hands, ways))
    out: dict[tuple[int, Hashable], list[int]] = {}
    for (ta, sa), (ha, wa) in a.items():
        for tb in range(max_tiles - ta if exact else 0, max_tiles - ta + 1):
            for sb, hb, wb in by_tiles.get(tb, ()):
                state = join(sa, sb)
                if state is None:
                    continue
                key = (ta + tb, state)
                entry = out.get(key)
                if entry is None:
                    out[key] = [ha * hb, wa * wb]
                else:
                    entry[0] += ha * hb
                    entry[1] += wa * wb
    return {key: (h, w) for key, (h, w) in sorted(out.items(), key=_order)}


def _order(item: tuple[tuple[int, Hashable], list[int]]) -> tuple[int, str]:
    (tiles, state), _ = item
    return tiles, repr(state)


def whole_hands(suit: Census, honors: Census,
                join: Callable[[Hashable, Hashable], Hashable | None],
                max_tiles: int = HAND_SIZE) -> Census:
    """Three suits and the honours combined: ``suit * suit * suit * honors``.

    >>> s = {(0, 0): (1, 1), (1, 1): (9, 36)}
    >>> h = {(0, 0): (1, 1), (1, 1): (7, 28)}
    >>> whole_hands(s, h, lambda x, y: x + y, max_tiles=1)
    {(0, 0): (1, 1), (1, 1): (34, 136)}
    """
    instance_arg(suit, dict, "suit", "a census (a dict)")
    instance_arg(honors, dict, "honors", "a census (a dict)")
    two = convolve(suit, suit, join, max_tiles)
    three = convolve(two, suit, join, max_tiles)
    return convolve(three, honors, join, max_tiles)


# --- one suit: complete and ready hands (questions 1 and 2) -----------------

def complete_suit_hands(tiles: int = HAND_SIZE) -> list[Part]:
    """The single-suit hands of ``tiles`` tiles that are melds and (for 3n+2) a pair.

    Read off :func:`mjcore.hand.tables.complete_parts`.

    >>> len(complete_suit_hands(2)), len(complete_suit_hands(3))
    (9, 16)
    """
    tiles = int_arg(tiles, "tiles", 0, HAND_SIZE)
    pair = tiles % 3 == 2
    return sorted(part for part, pairs in complete_parts().items()
                  if sum(part) == tiles and pairs == pair)


def suit_tenpai(tiles: int = 13) -> dict[Part, tuple[int, ...]]:
    """Every single-suit hand of ``tiles`` (3n+1) tiles that is ready, with its waits (ranks).

    Standard form only; a wait needs a copy left (a rank held four times
    is no wait).

    >>> t = suit_tenpai(1)
    >>> len(t), t[(0, 0, 0, 0, 1, 0, 0, 0, 0)]
    (9, (4,))
    >>> max(len(w) for w in suit_tenpai(13).values())
    9
    """
    tiles = int_arg(tiles, "tiles", 0, HAND_SIZE)
    found = {}
    for part in parts(9, tiles):
        if sum(part) == tiles:
            ranks = suit_waits(part)[1]
            if ranks:
                found[part] = ranks
    return found


# --- whole hands: which are complete (questions 3 and 4) --------------------

class WinState(NamedTuple):
    """What one part (or several) says about the winning forms of the whole hand."""

    standard: int
    """Pairs in a complete reading (0 or 1); -1 if the part is not melds and at most a pair."""
    even: bool
    """Every count even (seven pairs with four as two pairs)."""
    pairs: bool
    """Every count 0 or 2 (seven pairs of seven kinds)."""
    orphans: int
    """Terminal and honour kinds present."""
    only_orphans: bool
    """No tile other than terminals and honours."""
    lan: bool
    """No tile twice and suited tiles at least 3 ranks apart (十三烂 shisanlan)."""


def suit_win_state(part: Part) -> WinState:
    """The :class:`WinState` of one suit.

    >>> suit_win_state((2, 2, 2, 0, 0, 0, 0, 0, 0))
    WinState(standard=0, even=True, pairs=True, orphans=1, only_orphans=False, lan=False)
    """
    return _suit_win_state(part_arg(part, 9))


def _suit_win_state(part: Part) -> WinState:
    """:func:`suit_win_state` of a part already checked (the census loops)."""
    ranks = [r for r in range(9) if part[r]]
    return WinState(
        complete_parts().get(part, -1), all(c % 2 == 0 for c in part),
        all(c in (0, 2) for c in part), (part[0] > 0) + (part[8] > 0),
        not any(part[1:8]),
        max(part) <= 1 and all(b - a >= 3 for a, b in zip(ranks, ranks[1:], strict=False)))


def honor_win_state(part: Part) -> WinState:
    """The :class:`WinState` of the honours.

    >>> honor_win_state((1, 1, 1, 1, 1, 1, 2)).orphans
    7
    """
    return _honor_win_state(part_arg(part, 7))


def _honor_win_state(part: Part) -> WinState:
    """:func:`honor_win_state` of a part already checked (the census loops)."""
    return WinState(
        complete_honors().get(part, -1), all(c % 2 == 0 for c in part),
        all(c in (0, 2) for c in part), sum(c > 0 for c in part), True, max(part) <= 1)


def join_win(a: WinState, b: WinState) -> WinState:
    """The state of two parts together.

    >>> s = suit_win_state((1, 1, 1, 0, 0, 0, 0, 0, 0))
    >>> join_win(s, s).standard, join_win(s, suit_win_state((1,) + (0,) * 8)).standard
    (0, -1)
    """
    instance_arg(a, WinState, "a")
    instance_arg(b, WinState, "b")
    standard = a.standard + b.standard if min(a.standard, b.standard) >= 0 else -1
    return WinState(standard if standard <= 1 else -1, a.even and b.even, a.pairs and b.pairs,
                    a.orphans + b.orphans, a.only_orphans and b.only_orphans, a.lan and b.lan)


FORMS = ("standard", "seven_pairs", "luxury_seven_pairs", "thirteen_orphans", "shisanlan")
"""Winning forms of a 14-tile hand, as read from a :class:`WinState`."""


def forms_of(state: WinState) -> frozenset[str]:
    """Forms a 14-tile hand of this state wins in (seven pairs: distinct kinds; luxury: even).

    >>> sorted(forms_of(join_win(suit_win_state((2,) * 7 + (0, 0)), honor_win_state((0,) * 7))))
    ['luxury_seven_pairs', 'seven_pairs', 'standard']
    """
    instance_arg(state, WinState, "state")
    found = set()
    if state.standard == 1:
        found.add("standard")
    if state.pairs:
        found.add("seven_pairs")
    if state.even:
        found.add("luxury_seven_pairs")
    if state.only_orphans and state.orphans == 13:
        found.add("thirteen_orphans")
    if state.lan:
        found.add("shisanlan")
    return frozenset(found)


def rule_forms(rules: Rules) -> frozenset[str]:
    """The :data:`FORMS` a rule set accepts.

    >>> from mjcore import POYANG
    >>> sorted(rule_forms(POYANG))
    ['luxury_seven_pairs', 'shisanlan', 'standard']
    """
    rules = rules_arg(rules)
    found = {"standard"}
    if rules.seven_pairs:
        found.add("luxury_seven_pairs" if rules.four_as_two_pairs else "seven_pairs")
    if rules.thirteen_orphans:
        found.add("thirteen_orphans")
    if rules.shisanlan:
        found.add("shisanlan")
    return frozenset(found)


def winning_census(suits: int = 3, honors: bool = True) -> dict[frozenset[str], Weight]:
    """Every 14-tile hand grouped by the set of forms it wins in: (hands, deals).

    Hands that win in no form are left out.  ``suits`` (1-3) and
    ``honors`` shrink the tile set for checks by brute force: ``suits=1,
    honors=False`` counts the hands of one suit only.  Cached: about a
    second or two (one visit of every suit and honour part).

    >>> winning_census(1, False)[frozenset({"standard"})]
    (13045, 434979520)
    """
    return _winning_census(int_arg(suits, "suits", 1, 3), bool_arg(honors, "honors"))


@cache
def _winning_census(suits: int, honors: bool) -> dict[frozenset[str], Weight]:
    suit = census(_suit_win_state)
    hands = {(0, honor_win_state((0,) * 7)): (1, 1)} if not honors else census(
        _honor_win_state, ranks=7)
    for _ in range(suits):
        hands = convolve(suit, hands, join_win)
    found: dict[frozenset[str], list[int]] = {}
    for (tiles, state), (h, w) in hands.items():
        if tiles == HAND_SIZE:
            forms = forms_of(state)  # type: ignore[arg-type]
            if forms:
                entry = found.setdefault(forms, [0, 0])
                entry[0] += h
                entry[1] += w
    return {forms: (found[forms][0], found[forms][1]) for forms in sorted(found, key=sorted)}


def count_wins(rules: Rules, forms: Iterable[str] | None = None) -> Weight:
    """Complete 14-tile hands under ``rules``: (distinct count vectors, deals of 136 tiles).

    With ``forms`` given, count the hands that win in *all* of them
    instead (an intersection, for inclusion-exclusion); each one of :data:`FORMS`.
    """
    rules = rules_arg(rules)
    if forms is not None:
        forms = [choice_arg(form, "each of forms", FORMS)
                 for form in items_arg(forms, "forms", len(FORMS), "forms")]
    table = winning_census()
    if forms is not None:
        need = frozenset(forms)
        chosen = [w for f, w in table.items() if need <= f]
    else:
        accept = rule_forms(rules)
        chosen = [w for f, w in table.items() if f & accept]
    return sum(h for h, _ in chosen), sum(w for _, w in chosen)


# --- whole hands: the shanten distribution (question 5) ---------------------

class Features(NamedTuple):
    """Everything the shanten of a whole hand needs from one part, under any preset."""

    vector: tuple[int, ...]
    """Standard-form overlap vector (:func:`mjcore.hand.vectors.suit_vector`)."""
    twos: int
    """Kinds held at least twice."""
    ones: int
    """Kinds held once."""
    threes: int
    """Kinds held three times."""
    fours: int
    """Kinds held four times."""
    orphans: int
    """Terminal and honour kinds present."""
    orphan_pair: int
    """1 if a terminal or honour is held at least twice."""
    lan: tuple[int, ...]
    """十三烂: best overlap taking 0, 1, 2, 3 ranks of a suit (honours: kinds present)."""


def suit_features(part: Part) -> Features:
    """The :class:`Features` of one suit.

    >>> f = suit_features((1, 0, 0, 1, 0, 0, 2, 0, 1))
    >>> f.vector, f.twos, f.ones, f.orphans, f.lan
    ((0, 2, 3, 4, 5, 2, 3, 4, 5, 5), 1, 3, 2, (0, 1, 2, 3))
    """
    part = part_arg(part, 9)
    ones, threes, fours = part.count(1), part.count(3), part.count(4)
    return Features(suit_vector(part), 9 - part.count(0) - ones, ones, threes, fours,
                    (part[0] > 0) + (part[8] > 0), int(part[0] >= 2 or part[8] >= 2),
                    _lan(tuple(c > 0 for c in part)))


@cache
def _lan(present: tuple[bool, ...]) -> tuple[int, ...]:
    """十三烂 entry of a suit from which ranks are present: best hits with 0-3 ranks."""
    lan = [0, 0, 0, 0]
    for ranks in LAN_SETS:
        lan[len(ranks)] = max(lan[len(ranks)], sum(1 for r in ranks if present[r]))
    return tuple(lan)


def honor_features(part: Part) -> Features:
    """The :class:`Features` of the honours.

    >>> honor_features((1, 1, 1, 1, 1, 2, 0))[1:]
    (1, 5, 0, 0, 6, 1, (6,))
    """
    part = part_arg(part, 7)
    kinds = sum(c > 0 for c in part)
    return Features(honor_vector(part), sum(c >= 2 for c in part), part.count(1),
                    part.count(3), part.count(4), kinds, int(max(part) >= 2), (kinds,))


def feature_census(honors: bool) -> Census:
    """Every suit (or honour) part of at most 14 tiles, counted by (tiles, features).

    The slow step of the shanten census (one visit of 405,350 suits, some
    seconds), so it is cached and shared by every preset and hand size.
    """
    return _feature_census(bool_arg(honors, "honors"))


@cache
def _feature_census(honors: bool) -> Census:
    if honors:
        return census(honor_features, ranks=7)
    return suit_feature_census()


# The standard-form vector of a suit by a dynamic program over ranks that
# shares work between suits: _suffix of mjcore.shanten, but keyed by the
# *profile* of the tail (its vectors for every number of runs left open
# into it) instead of the tail itself.  Suits with different tails but the
# same profile then share one step, so each of the 405,350 suits costs one
# dictionary look-up per rank.

_PROFILE_TABLE = VectorTable()  # the suffix profiles, interned (id 0: the empty suffix's)
_PROFILE_TABLE.intern(((0,) * 10,) * 25)
_PROFILES: list[tuple[tuple[int, ...], ...]] = _PROFILE_TABLE.vectors
_STEPS: dict[tuple[int, bool, int], int] = {}
_RANK_STEPS: dict[tuple, tuple[int, ...]] = {}  # rank_step by all it reads


def _step(held: int, rank: int, tail: int) -> int:
    """Profile id of a suffix starting at ``rank`` with ``held`` copies, given the tail's.

    The rank matters only as whether a run may start there (ranks 1-7), so the steps are
    kept by that: a tail met at several ranks is stepped over once, not once a rank.  And
    each of a step's 25 entries is one :func:`~mjcore.hand.vectors.rank_step`, which
    reads the copies held and used, whether runs start, and the tail's vectors for the
    runs it may start: tails that agree there share it."""
    starts = rank <= 6
    key = (held, starts, tail)
    found = _STEPS.get(key)
    if found is not None:
        return found
    child_profile = _PROFILES[tail]
    profile: list[tuple[int, ...]] = [(0,) * 10] * 25
    for open1 in range(COPIES + 1):
        column = child_profile[open1::5]  # the tail's vector with 0-4 runs open into it
        for open2 in range(COPIES + 1 - open1):
            used = open1 + open2
            read = (held, used, starts, column[:min(COPIES - used, MAX_MELDS) + 1 if starts
                                               else 1])
            vector = _RANK_STEPS.get(read)
            if vector is None:
                vector = _RANK_STEPS[read] = rank_step(held, used, starts, column.__getitem__)
            profile[5 * open1 + open2] = vector
    found = _STEPS[key] = _PROFILE_TABLE.intern(tuple(profile))
    return found


@cache
def _lan_of_mask(mask: int) -> tuple[int, ...]:
    return _lan(tuple(bool(mask >> r & 1) for r in range(9)))


def suit_feature_census(max_tiles: int = HAND_SIZE) -> Census:
    """``census(suit_features)``, computed rank by rank from the last (same result, faster).

    >>> suit_feature_census(3) == census(suit_features, max_tiles=3)
    True
    """
    max_tiles = int_arg(max_tiles, "max_tiles", 0, HAND_SIZE)
    raw: dict[tuple[int, ...], list[int]] = {}

    def visit(rank: int, tiles: int, profile: int, stats: tuple[int, int, int, int],
              mask: int, orphans: int, orphan_pair: int, ways: int) -> None:
        if rank < 0:
            key = (tiles, profile, *stats, mask, orphans, orphan_pair)
            entry = raw.get(key)
            if entry is None:
                raw[key] = [1, ways]
            else:
                entry[0] += 1
                entry[1] += ways
            return
        ones, twos, threes, fours = stats
        edge = rank in (0, 8)
        for c in range(min(COPIES, max_tiles - tiles) + 1):
            visit(rank - 1, tiles + c, _step(c, rank, profile),
                  (ones + (c == 1), twos + (c >= 2), threes + (c == 3), fours + (c == 4)),
                  mask | (c > 0) << rank, orphans + (edge and c > 0),
                  orphan_pair | (edge and c >= 2), ways * _WAYS[c])

    visit(8, 0, 0, (0, 0, 0, 0), 0, 0, 0, 1)
    out: dict[tuple[int, Hashable], list[int]] = {}
    for (tiles, profile, ones, twos, threes, fours, mask, orphans, orphan_pair), (h, w) in (
            raw.items()):
        features = Features(_PROFILES[profile][0], twos, ones, threes, fours, orphans,
                            int(orphan_pair), _lan_of_mask(mask))
        entry = out.setdefault((tiles, features), [0, 0])
        entry[0] += h
        entry[1] += w
    return {key: (h, w) for key, (h, w) in out.items()}


class ShantenState(NamedTuple):
    """What a part (or several) says about the shanten of the whole hand, under one preset."""

    vector: tuple[int, ...]
    """Standard-form overlap vector."""
    twos: int
    """Seven-pairs units held whole (capped at 7)."""
    ones: int
    """Seven-pairs units held half (capped at 7)."""
    special: tuple[int, ...]
    """RIICHI: (orphan kinds, orphan pair); POYANG: the 十三烂 entry (:class:`Features`)."""


def shanten_state(features: Features, rules: Rules) -> ShantenState:
    """Keep of a part's :class:`Features` what ``rules`` need.

    A four of a kind is a second seven-pairs unit (and three of a kind
    half of one) only when four count as two pairs.

    >>> from mjcore import POYANG, RIICHI
    >>> f = suit_features((4, 0, 0, 1, 0, 0, 3, 0, 1))
    >>> shanten_state(f, RIICHI)[1:], shanten_state(f, POYANG)[1:]
    ((2, 2, (2, 1)), (3, 3, (0, 1, 2, 3)))
    """
    instance_arg(features, Features, "features")
    rules = rules_arg(rules)
    twos, ones = features.twos, features.ones
    if rules.four_as_two_pairs:
        twos += features.fours
        ones += features.threes
    special: tuple[int, ...] = ()
    if rules.thirteen_orphans:
        special = (features.orphans, features.orphan_pair)
    elif rules.shisanlan:
        special = features.lan
    return ShantenState(features.vector, min(twos, 7), min(ones, 7), special)


@cache
def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return combine(a, b)


@cache
def _lan_join(la: tuple[int, ...], lb: tuple[int, ...]) -> tuple[int, ...]:
    """The 十三烂 entries of two parts joined: the best hits with k suited tiles in all, by
    max-plus convolution (about 180 distinct pairs, met 273,000 times in a census)."""
    return tuple(max(la[i] + lb[k - i] for i in range(len(la)) if 0 <= k - i < len(lb))
                 for k in range(len(la) + len(lb) - 1))


def join_shanten(rules: Rules) -> Callable[[ShantenState, ShantenState], ShantenState]:
    """How the states of two suits join under ``rules``.

    Vectors combine by max-plus (:func:`mjcore.hand.vectors.combine`), seven-pairs
    units add, orphan kinds add; the 十三烂 entry of several suits is a
    max-plus convolution (the best overlap taking k suited tiles in all).

    >>> from mjcore import POYANG
    >>> a = shanten_state(suit_features((1, 0, 0, 1, 0, 0, 1, 0, 0)), POYANG)
    >>> join_shanten(POYANG)(a, a).special
    (0, 1, 2, 3, 4, 5, 6)
    """
    rules = rules_arg(rules)

    def join(a: ShantenState, b: ShantenState) -> ShantenState:
        special = a.special
        if rules.thirteen_orphans:
            special = (a.special[0] + b.special[0], a.special[1] | b.special[1])
        elif rules.shisanlan:
            special = _lan_join(a.special, b.special)
        return ShantenState(_combine(a.vector, b.vector), min(a.twos + b.twos, 7),
                            min(a.ones + b.ones, 7), special)
    return join


def finish_shanten(rules: Rules, tiles: int) -> Callable[[ShantenState, ShantenState], int]:
    """Join the three suits' state with the honours' into the shanten of a ``tiles``-tile hand.

    The formulas of :func:`mjcore.hand.shanten.shanten`: the standard form
    ``3M + 1 - overlap``, and for 13 or 14 tiles the special forms that
    ``rules`` allow; the shanten is the least of them.
    """
    rules, tiles = rules_arg(rules), int_arg(tiles, "tiles", 1, HAND_SIZE)
    melds = (tiles - 1) // 3

    def finish(suits: ShantenState, honors: ShantenState) -> int:
        best = 3 * melds + 1 - _combine(suits.vector, honors.vector)[5 + melds]
        if tiles < 13:
            return best
        if rules.seven_pairs:
            twos = min(suits.twos + honors.twos, 7)
            ones = min(suits.ones + honors.ones, 7 - twos)
            best = min(best, 13 - 2 * twos - ones)
        if rules.thirteen_orphans:
            best = min(best, 13 - suits.special[0] - honors.special[0]
                       - (suits.special[1] | honors.special[1]))
        elif rules.shisanlan:
            lan, kinds = suits.special, honors.special[0]
            best = min(best, 13 - max(lan[k] + min(14 - k, kinds)
                                      for k in range(len(lan)) if 14 - k <= 7))
        return best
    return finish


def project(table: Census, rules: Rules, tiles: int) -> Census:
    """A feature census re-keyed by :func:`shanten_state`, parts of at most ``tiles`` tiles."""
    instance_arg(table, dict, "table", "a census (a dict)")
    rules, tiles = rules_arg(rules), int_arg(tiles, "tiles", 0, HAND_SIZE)
    out: dict[tuple[int, Hashable], list[int]] = {}
    for (size, features), (h, w) in table.items():
        if size <= tiles:
            entry = out.setdefault((size, shanten_state(features, rules)), [0, 0])  # type: ignore[arg-type]
            entry[0] += h
            entry[1] += w
    return {key: (h, w) for key, (h, w) in out.items()}


def shanten_census(rules: Rules, tiles: int, suits: int = 3,
                   honors: bool = True) -> dict[int, Weight]:
    """The exact shanten distribution of all ``tiles``-tile hands: shanten -> (hands, deals).

    ``deals / C(136, tiles)`` is the probability that ``tiles`` tiles dealt
    from a shuffled wall have that shanten.  ``rules`` may not allow both
    thirteen orphans and 十三烂 (no preset does).  ``suits`` (1-3) and
    ``honors`` shrink the tile set, for checks by brute force.

    >>> from mjcore import STANDARD
    >>> shanten_census(STANDARD, 1)
    {0: (34, 136)}
    >>> shanten_census(STANDARD, 2)
    {-1: (34, 204), 0: (561, 8976)}
    """
    rules, tiles = rules_arg(rules), int_arg(tiles, "tiles", 1, HAND_SIZE)
    suits, honors = int_arg(suits, "suits", 1, 3), bool_arg(honors, "honors")
    if rules.thirteen_orphans and rules.shisanlan:
        raise HandError(f"rules {rules.name!r}: thirteen orphans and 十三烂 together "
                        "are not supported by the shanten census")
    suit = project(feature_census(False), rules, tiles)
    if honors:
        honor = project(feature_census(True), rules, tiles)
    else:
        honor = {(0, shanten_state(honor_features((0,) * 7), rules)): (1, 1)}
    empty = {(0, shanten_state(suit_features((0,) * 9), rules)): (1, 1)}
    join = join_shanten(rules)
    hands = suit
    for i in range(1, 3):  # a suit left out is still there, empty (十三烂 counts it)
        hands = convolve(hands, suit if i < suits else empty, join, tiles)
    final = convolve(hands, honor, finish_shanten(rules, tiles), tiles, exact=True)
    found: dict[int, list[int]] = {}
    for (_, value), (h, w) in final.items():
        entry = found.setdefault(value, [0, 0])  # type: ignore[arg-type]
        entry[0] += h
        entry[1] += w
    return {value: (h, w) for value, (h, w) in sorted(found.items())}


# --- sampling, to check the exact numbers and where no exact method is given --

def random_deal(rng: random.Random, tiles: int = 13) -> tuple[int, ...]:
    """``tiles`` tiles dealt from a shuffled wall of 136, as 34 counts.

    >>> sum(random_deal(random.Random(2026)))
    13
    """
    instance_arg(rng, random.Random, "rng", "a random.Random")
    tiles = int_arg(tiles, "tiles", 0, 4 * 34)
    counts = [0] * 34
    for tile in rng.sample(range(4 * 34), tiles):
        counts[tile // 4] += 1
    return tuple(counts)


def effective_tiles(counts: tuple[int, ...], rules: Rules) -> int:
    """Effective tiles 有效张 of a 3n+1 hand: copies left of every tile whose draw lowers shanten.

    Only the hand's own tiles count as seen.

    >>> from mjcore import POYANG, parse
    >>> effective_tiles(parse("111222333m4445s"), POYANG)
    11
    """
    counts, rules = as_counts(counts), rules_arg(rules)
    before = shanten(counts, rules)
    total = 0
    for tile in range(34):
        if counts[tile] < COPIES:
            drawn = counts[:tile] + (counts[tile] + 1,) + counts[tile + 1:]
            if shanten(drawn, rules) < before:
                total += COPIES - counts[tile]
    return total


def _check_census(name: str, rules: object, tiles: object, sizes: tuple[int, ...],
                  suits: object, honors: object) -> None:
    """Refuse arguments a census cannot take, naming the argument."""
    if not isinstance(rules, Rules):
        raise HandError(f"{name}: rules must be a Rules, got {type(rules).__name__}")
    if type(tiles) is not int or tiles not in sizes:
        raise HandError(f"{name}: tiles must be one of {', '.join(map(str, sizes))}, "
                        f"got {tiles!r}")
    if type(suits) is not int or suits not in (1, 2, 3):
        raise HandError(f"{name}: suits must be 1, 2 or 3, got {suits!r}")
    if type(honors) is not bool:
        raise HandError(f"{name}: honors must be True or False, got {honors!r}")
    if rules.thirteen_orphans and rules.shisanlan:
        raise HandError(f"{name}: rules {rules.name!r} allow thirteen orphans and 十三烂 "
                        "together, which this census does not support")


# --- which tiles ready hands wait on (question 7) ----------------------------
#
# A 13-tile deal H waits on t when H + t wins.  So count the complete
# 14-tile hands W holding t, each weighted by the deals of W - t: the part
# holding t is weighted by the product of C(4, c) with t's count lowered by
# one, the other parts as usual.  The winning census of questions 3-4, with
# one part marked.

def _censuses(ranks: int, state: Callable[[Part], Hashable]) -> tuple[Census, dict]:
    """:func:`census` of ``state`` over every part of ``ranks`` counts, and its marked
    version: (tiles, state) -> the deals of the part less one copy of rank r, for each
    rank r.  One visit of the parts makes both (the state is the costly step)."""
    found: dict[tuple[int, Hashable], list[int]] = {}
    marked: dict[tuple[int, Hashable], list[int]] = {}
    for part in _parts(ranks, HAND_SIZE):
        key = (sum(part), state(part))
        ways = _deals(part)
        entry = found.get(key)
        if entry is None:
            entry = found[key] = [0, 0]
        entry[0] += 1
        entry[1] += ways
        if not key[0]:
            continue
        entry = marked.get(key)
        if entry is None:
            entry = marked[key] = [0] * ranks
        for r in range(ranks):
            c = part[r]
            if c:
                entry[r] += ways // _WAYS[c] * _WAYS[c - 1]
    return {key: (a, b) for key, (a, b) in found.items()}, marked


@cache
def _win_censuses() -> tuple[Census, Census, dict, dict]:
    """Suit and honour win-state censuses, and their marked versions (cached, seconds)."""
    (suit, marked_suit), (honors, marked_honors) = (
        _censuses(9, _suit_win_state), _censuses(7, _honor_win_state))
    return suit, honors, marked_suit, marked_honors


def wait_census(rules: Rules, suits: int = 3, honors: bool = True) -> tuple[int, ...]:
    """For each of the 34 tiles, the 13-tile deals that are ready and wait on it.

    A wait is a tile whose draw completes the hand under ``rules``, with
    a copy left (a tile held four times is no wait).  A deal counts once
    for each tile it waits on.  ``suits`` (1-3) and ``honors`` shrink the
    tile set, for checks by brute force (absent tiles get 0).  Explained in
    chapter 9.

    >>> from mjcore import RIICHI
    >>> w = wait_census(RIICHI)
    >>> w[0] == w[8] == w[9], w[4] > w[0] > w[27]
    (True, True)
    """
    _check_census("wait_census", rules, 13, (13,), suits, honors)
    accept = rule_forms(rules)
    suit, honor_census, marked_suit, marked_honors = _win_censuses()
    empty = {(0, suit_win_state((0,) * 9)): (1, 1)}
    honor = honor_census if honors else {(0, honor_win_state((0,) * 7)): (1, 1)}
    kinds = [suit] * suits + [empty] * (3 - suits)
    sides = [(marked_suit, convolve(convolve(kinds[1], kinds[2], join_win), honor, join_win),
              9)]
    if honors:
        sides.append((marked_honors, convolve(convolve(kinds[0], kinds[1], join_win), kinds[2],
                                              join_win), 7))
    by_side = []
    for marked, rest, size in sides:
        rest_by_tiles: dict[int, list[tuple[WinState, int]]] = {}
        for (tiles, state), (_, ways) in rest.items():
            rest_by_tiles.setdefault(tiles, []).append((state, ways))  # type: ignore[arg-type]
        found = [0] * size
        for (tiles, state), weights in marked.items():
            for other, ways in rest_by_tiles.get(HAND_SIZE - tiles, ()):
                if forms_of(join_win(state, other)) & accept:  # type: ignore[arg-type]
                    for r in range(size):
                        found[r] += weights[r] * ways
        by_side.append(found)
    return tuple(by_side[0] * suits + [0] * (9 * (3 - suits))
                 + (by_side[1] if honors else [0] * 7))


class ReadyState(NamedTuple):
    """What a part says about whether a 13-tile hand is ready, in any form (no shanten)."""

    standard: int
    """Pairs in a complete reading of the part (0 or 1), -1 if none."""
    almost: int
    """Bit p set when one more tile of the part makes it complete with p pairs."""
    twos: int
    """Kinds held exactly twice (capped at 7)."""
    ones: int
    """Kinds held once (capped at 2)."""
    big: bool
    """A kind held three or four times."""
    odd: int
    """Kinds held an odd number of times (capped at 2)."""
    only_orphans: bool
    """No tile but terminals and honours."""
    orphans: int
    """Terminal and honour kinds present."""
    orphan_pairs: int
    """Terminal and honour kinds held at least twice (capped at 2)."""
    lan: bool
    """No tile twice, suited tiles of a suit at least 3 ranks apart (十三烂)."""
    lan_room: bool
    """A tile can be added to the part keeping ``lan``."""


def _ready_state(part: Part, honors: bool) -> ReadyState:
    if honors:
        standard = complete_honors().get(part, -1)
        without, with_pair = honor_waits(part)
        edges = part
        spaced = max(part) <= 1
        room = spaced and sum(part) < 7
    else:
        standard = complete_parts().get(part, -1)
        without, with_pair = suit_waits(part)
        edges = (part[0], part[8])
        held = [r for r in range(9) if part[r]]
        spaced = max(part) <= 1 and all(b - a >= 3 for a, b in zip(held, held[1:], strict=False))
        room = spaced and any(all(abs(r - s) >= 3 for s in held) for r in range(9)
                              if not part[r])
    return ReadyState(standard, bool(without) | bool(with_pair) << 1, min(part.count(2), 7),
                      min(part.count(1), 2), max(part) >= 3,
                      min(sum(c % 2 for c in part), 2),
                      honors or not any(part[1:8]), sum(c > 0 for c in edges),
                      min(sum(c >= 2 for c in edges), 2), spaced, room)


def _join_ready(a: ReadyState, b: ReadyState) -> ReadyState:
    standard = a.standard + b.standard if min(a.standard, b.standard) >= 0 else -1
    almost = 0
    if b.standard >= 0:
        almost |= a.almost << b.standard
    if a.standard >= 0:
        almost |= b.almost << a.standard
    return ReadyState(standard if standard <= 1 else -1, almost & 3, min(a.twos + b.twos, 7),
                      min(a.ones + b.ones, 2), a.big or b.big, min(a.odd + b.odd, 2),
                      a.only_orphans and b.only_orphans, a.orphans + b.orphans,
                      min(a.orphan_pairs + b.orphan_pairs, 2), a.lan and b.lan,
                      a.lan and b.lan and (a.lan_room or b.lan_room))


def is_ready_state(state: ReadyState, rules: Rules) -> bool:
    """Whether a 13-tile hand of this state is ready under ``rules``, form by form."""
    if state.almost & 2:
        return True
    if rules.seven_pairs:
        if rules.four_as_two_pairs:
            if state.odd == 1:
                return True
        elif state.twos == 6 and state.ones == 1 and not state.big:
            return True
    if rules.thirteen_orphans and state.only_orphans and not state.big and (
            state.orphans == 13 or state.orphans == 12 and state.orphan_pairs == 1):
        return True
    return rules.shisanlan and state.lan_room


@cache
def _ready_suits() -> Census:
    """Every suit of at most 13 tiles by (tiles, :class:`ReadyState`): the slow step (seconds)."""
    return census(lambda part: _ready_state(part, False), max_tiles=13)


@cache
def _ready_census(suits: int = 3, honors: bool = True) -> Census:
    suit = _ready_suits()
    honor = (census(lambda part: _ready_state(part, True), ranks=7, max_tiles=13) if honors
             else {(0, _ready_state((0,) * 7, True)): (1, 1)})
    empty = {(0, _ready_state((0,) * 9, False)): (1, 1)}
    kinds = [suit] * suits + [empty] * (3 - suits)
    two = convolve(kinds[0], kinds[1], _join_ready, 13)
    return convolve(convolve(two, kinds[2], _join_ready, 13), honor, _join_ready, 13)


def ready_deals(rules: Rules, suits: int = 3, honors: bool = True) -> Weight:
    """13-tile hands that wait on at least one tile, by form checks alone: (hands, deals).

    Independent of the shanten vectors: each part says whether it is
    complete, or one tile from complete, in each form.  Must equal the
    shanten-0 entry of :func:`shanten_census`.  ``suits`` and ``honors``
    as there.

    >>> from mjcore import RIICHI
    >>> ready_deals(RIICHI) == shanten_census(RIICHI, 13)[0]
    True
    """
    _check_census("ready_deals", rules, 13, (13,), suits, honors)
    chosen = [w for (tiles, state), w in _ready_census(suits, honors).items()
              if tiles == 13 and is_ready_state(state, rules)]  # type: ignore[arg-type]
    return sum(h for h, _ in chosen), sum(w for _, w in chosen)
