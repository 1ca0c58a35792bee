"""Three ways to ask whether a hand with jokers wins, kept side by side for chapter 11.

Under a :class:`~mjcore.base.rules.WildRules` every copy of the wild kind is a joker 赖子
(làizi): it stands for any tile, its own kind and a fifth copy included.

* :func:`substitution_win`: the oracle.  Try every assignment of the jokers to the 34
  kinds, C(34 + k - 1, k) of them for k jokers, and check each plain hand with a check
  that allows any count (:func:`any_count_win`).  Obviously right, and slow: 66,045
  assignments for four jokers.
* :func:`spend_win`: backtracking that *spends* jokers.  Each suit and the honours on
  their own: the fewest jokers that fill the missing places of the melds (and of the
  pair) that hold the part's tiles (:func:`spend_need`).  With ``lowest`` the search
  only builds groups holding the lowest tile left, so it finds each reading once;
  without, it builds any group anywhere and finds each reading in every order.  A memo
  per part remembers the answers.
* :func:`table_win`: the same needs read from a table of every part
  (:func:`mjcore.bulk.wildcount.need_table`): four look-ups and a minimum.

A hand of real tiles and ``k`` jokers wins in the standard form when the parts' needs,
one part in the pair role, add up to at most ``k``; seven pairs when the kinds held an
odd number of times are at most ``k`` (and, where four of a kind is not two pairs, no
kind is held more than twice).  Only the standard form and seven pairs are taught here:
other special forms raise :class:`~mjcore.HandError`.

:func:`substitution_shanten` is the oracle for shanten with jokers: the least, over the
assignments, of :func:`free_shanten`, a shanten by melds, partial melds and a pair that
ignores the four-copy limit (under wild rules a draw may always be a joker).

The searches take counts and trust them, as a hot loop would, after :func:`split`.
Explained in chapter 11.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations_with_replacement, product
from math import comb
from typing import NamedTuple

from ..base.checks import HandError, instance_arg, int_arg
from ..base.deals import random_wins
from ..base.rules import Rules
from ..base.tiles import N_KINDS, as_counts
from ..bulk.wildcount import need_table
from .memo import Stats

PARTS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
"""The parts of a hand: start, end, and whether runs are allowed."""

NEVER = 99
"""A need no hand reaches."""


def _wild_rules(rules: object) -> Rules:
    instance_arg(rules, Rules, "rules", "a mjcore.Rules with a wild kind")
    if rules.wild is None:
        raise HandError(f"rules {rules.name!r} have no wild kind: use Rules(wild=...)")
    if rules.thirteen_orphans or rules.shisanlan:
        raise HandError(f"rules {rules.name!r}: these lessons teach the standard form and "
                        "seven pairs only, not thirteen orphans or 十三烂")
    return rules


def split(hand: str | Sequence[int], rules: Rules) -> tuple[tuple[int, ...], int]:
    """The real tiles (the wild kind's count set to 0) and the number of jokers.

    >>> from mjcore import HONGZHONG
    >>> real, jokers = split("123m77z", HONGZHONG)
    >>> sum(real), jokers
    (3, 2)
    """
    rules = _wild_rules(rules)
    counts = list(as_counts(hand))
    jokers = counts[rules.wild]
    counts[rules.wild] = 0
    return tuple(counts), jokers


def joker_hands(n: int, size: int, jokers: int, rng: random.Random,
                wild: int = 31) -> list[tuple[int, ...]]:
    """``n`` hands of ``size`` tiles: ``jokers`` copies of ``wild`` and the rest dealt
    from the other 132 tiles of the wall.

    >>> [h[31] for h in joker_hands(3, 14, 2, random.Random(1))]
    [2, 2, 2]
    """
    n, size = int_arg(n, "n", 0, 100_000), int_arg(size, "size", 1, 14)
    jokers, wild = int_arg(jokers, "jokers", 0, min(4, size)), int_arg(wild, "wild", 0, 33)
    instance_arg(rng, random.Random, "rng", "a random.Random")
    wall = [t for t in range(N_KINDS) if t != wild for _ in range(4)]
    hands = []
    for _ in range(n):
        counts = [0] * N_KINDS
        counts[wild] = jokers
        for t in rng.sample(wall, size - jokers):
            counts[t] += 1
        hands.append(tuple(counts))
    return hands


def joker_wins(n: int, jokers: int, rng: random.Random,
               wild: int = 31) -> list[tuple[int, ...]]:
    """``n`` winning hands of real tiles (:func:`mjcore.base.deals.random_wins`, none
    holding ``wild``) with ``jokers`` of their tiles, chosen at random, made jokers.

    >>> from mjcore import HONGZHONG, is_win
    >>> all(is_win(h, HONGZHONG) for h in joker_wins(20, 3, random.Random(1)))
    True
    """
    n, jokers = int_arg(n, "n", 0, 100_000), int_arg(jokers, "jokers", 0, 4)
    wild = int_arg(wild, "wild", 0, 33)
    instance_arg(rng, random.Random, "rng", "a random.Random")
    hands: list[tuple[int, ...]] = []
    while len(hands) < n:
        (win,) = random_wins(1, rng)
        if win[wild]:
            continue
        counts = list(win)
        tiles = [t for t in range(N_KINDS) for _ in range(win[t])]
        for t in rng.sample(tiles, jokers):
            counts[t] -= 1
            counts[wild] += 1
        hands.append(tuple(counts))
    return hands


# --- 1. substitution: every assignment of the jokers -------------------------

def assignments(jokers: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``jokers`` kinds: what the jokers may stand for together.

    >>> sum(1 for _ in assignments(2)) == assignment_count(2) == 595
    True
    """
    return combinations_with_replacement(range(N_KINDS), int_arg(jokers, "jokers", 0, 8))


def assignment_count(jokers: int) -> int:
    """C(34 + k - 1, k): the assignments :func:`substitution_win` tries for ``k`` jokers.

    >>> [assignment_count(k) for k in range(5)]
    [1, 34, 595, 7140, 66045]
    """
    jokers = int_arg(jokers, "jokers", 0, 8)
    return comb(N_KINDS + jokers - 1, jokers)


def _melds_and_pair(counts: list[int], pair: bool) -> bool:
    """Every tile in melds and one pair if ``pair``, any counts: the lowest tile's group."""
    tile = next((t for t, c in enumerate(counts) if c), None)
    if tile is None:
        return not pair
    if counts[tile] >= 3:
        counts[tile] -= 3
        found = _melds_and_pair(counts, pair)
        counts[tile] += 3
        if found:
            return True
    if pair and counts[tile] >= 2:
        counts[tile] -= 2
        found = _melds_and_pair(counts, False)
        counts[tile] += 2
        if found:
            return True
    if tile < 27 and tile % 9 <= 6 and counts[tile + 1] and counts[tile + 2]:
        for t in (tile, tile + 1, tile + 2):
            counts[t] -= 1
        found = _melds_and_pair(counts, pair)
        for t in (tile, tile + 1, tile + 2):
            counts[t] += 1
        return found
    return False


def any_count_win(counts: Sequence[int], rules: Rules) -> bool:
    """A plain 3n+2 hand of any counts (a fifth copy allowed) in the standard form, or
    seven pairs at 14 tiles if ``rules`` allow it.

    >>> from mjcore import HONGZHONG
    >>> any_count_win((5,) + (0,) * 33, HONGZHONG)         # 111 + 11: five 1m
    True
    """
    if sum(counts) % 3 != 2:
        return False
    if _melds_and_pair(list(counts), True):
        return True
    if sum(counts) == 14 and rules.seven_pairs:
        if rules.four_as_two_pairs:
            return all(c % 2 == 0 for c in counts)
        return all(c in (0, 2) for c in counts)
    return False


def substitution_win(hand: str | Sequence[int], rules: Rules,
                     stats: Stats | None = None) -> bool:
    """The oracle: some assignment of the jokers makes a plain winning hand.

    ``stats.nodes`` counts the assignments tried (it stops at the first win).

    >>> from mjcore import HONGZHONG
    >>> stats = Stats()
    >>> substitution_win("123m456p789s1122z7z", HONGZHONG, stats), stats.nodes
    (True, 28)
    """
    real, jokers = split(hand, rules)
    counts = list(real)
    for chosen in assignments(jokers):
        if stats is not None:
            stats.nodes += 1
        for t in chosen:
            counts[t] += 1
        won = any_count_win(counts, rules)
        for t in chosen:
            counts[t] -= 1
        if won:
            return True
    return False


# --- the oracle for shanten: blocks without a copy limit ---------------------

@cache
def _blocks(part: tuple[int, ...], runs: bool) -> dict[tuple[int, int], int]:
    """For one part: (melds, pairs) -> the most partial melds beside them, every tile
    either in a meld, the pair, a partial meld (two of a run or two of a kind) or alone."""
    first = next((i for i, c in enumerate(part) if c), None)
    if first is None:
        return {(0, 0): 0}
    found: dict[tuple[int, int], int] = {}

    def take(used: Sequence[int], melds: int, pairs: int, partials: int) -> None:
        rest = list(part)
        for r in used:
            rest[r] -= 1
        for (m, p), t in _blocks(tuple(rest), runs).items():
            key = (m + melds, p + pairs)
            if key[1] <= 1 and t + partials > found.get(key, -1):
                found[key] = t + partials

    take([first], 0, 0, 0)                              # the tile stays alone
    if part[first] >= 3:
        take([first] * 3, 1, 0, 0)                      # a triplet
    if part[first] >= 2:
        take([first] * 2, 0, 1, 0)                      # the pair
        take([first] * 2, 0, 0, 1)                      # two of a kind, a partial meld
    if runs:
        if first <= 6 and part[first + 1] and part[first + 2]:
            take([first, first + 1, first + 2], 1, 0, 0)    # a run
        for gap in (1, 2):                                  # two of a run
            if first + gap <= 8 and part[first + gap]:
                take([first, first + gap], 0, 0, 1)
    return found


def free_shanten(counts: Sequence[int], rules: Rules) -> int:
    """Shanten of a plain hand of 3n+1 or 3n+2 tiles with no four-copy limit.

    The standard form by blocks: ``2 (goal - melds) - partials - pair`` with at most
    ``goal`` melds and partial melds; seven pairs at 13 or 14 tiles if ``rules`` allow.

    >>> from mjcore import HONGZHONG
    >>> free_shanten(as_counts("123456789m1111p"), HONGZHONG)   # waits on a fifth 1p
    0
    """
    size = sum(counts)
    goal = (size - 1) // 3
    # every part's blocks, combined: (melds, pairs) -> most partial melds
    best = {(0, 0): 0}
    for start, end, runs in PARTS:
        after: dict[tuple[int, int], int] = {}
        for (m1, p1), t1 in best.items():
            for (m2, p2), t2 in _blocks(tuple(counts[start:end]), runs).items():
                key = (m1 + m2, p1 + p2)
                if key[1] <= 1 and t1 + t2 > after.get(key, -1):
                    after[key] = t1 + t2
        best = after
    value = min(2 * (goal - m) - min(t, goal - m) - p
                for (m, p), t in best.items() if m <= goal)
    if size >= 13 and rules.seven_pairs:
        if rules.four_as_two_pairs:
            value = min(value, 6 - min(7, sum(c // 2 for c in counts)))
        else:
            pairs = sum(1 for c in counts if c >= 2)
            kinds = sum(1 for c in counts if c)
            value = min(value, 6 - pairs + max(0, 7 - kinds))
    return value


def substitution_shanten(hand: str | Sequence[int], rules: Rules) -> int:
    """The oracle for shanten: the least :func:`free_shanten` over the assignments.

    >>> from mjcore import HONGZHONG
    >>> substitution_shanten("135m7z", HONGZHONG)   # 1 3 and a joker as 2; 5m waits
    0
    """
    real, jokers = split(hand, rules)
    counts = list(real)
    best = NEVER
    for chosen in assignments(jokers):
        for t in chosen:
            counts[t] += 1
        best = min(best, free_shanten(counts, rules))
        for t in chosen:
            counts[t] -= 1
    return best


# --- 2. backtracking that spends jokers ---------------------------------------

def _groups(part: tuple[int, ...], at: int, pair: bool,
            runs: bool) -> Iterator[tuple[tuple[int, ...], int, bool]]:
    """Each group holding the tile at rank ``at``: (the real tiles it takes, the jokers it
    needs, whether it is the pair).  A run's other places take a held tile or a joker."""
    for used in range(1, min(3, part[at]) + 1):            # a triplet
        yield (at,) * used, 3 - used, False
    if pair:
        for used in range(1, min(2, part[at]) + 1):        # the pair
            yield (at,) * used, 2 - used, True
    if runs:
        for start in range(max(0, at - 2), min(at, 6) + 1):
            others = [r for r in range(start, start + 3) if r != at]
            for take in product((False, True), repeat=2):
                taken = [r for r, t in zip(others, take, strict=True) if t]
                if all(part[r] for r in taken):
                    yield (at, *taken), 2 - len(taken), False


def spend_need(part: tuple[int, ...], pair: bool, runs: bool, stats: Stats | None = None,
               lowest: bool = True, memo: dict | None = None, budget: int = NEVER) -> int:
    """Fewest jokers that make every tile of ``part`` into melds (and one pair if ``pair``).

    With ``lowest``, only groups holding the lowest tile left are tried (every
    reading is found once); without, groups holding any tile (a reading of g groups
    is found in up to g! orders).  Without a memo the search spends at most
    ``budget`` jokers and, once it has found a way, looks only for cheaper ones
    (branch and bound): the answer is exact when it is at most ``budget``, and
    above ``budget`` otherwise.  ``memo`` (a dict) remembers exact answers for
    parts already met (``budget`` is then not used): a hit is counted in
    ``stats.hits``, an expanded call in ``stats.nodes``.

    >>> spend_need((1, 1, 0, 0, 0, 0, 0, 0, 0), False, True)    # 12 + a joker as 3
    1
    >>> a, b = Stats(), Stats()
    >>> part = (1, 1, 1, 1, 1, 1, 0, 0, 0)
    >>> spend_need(part, False, True, a), spend_need(part, False, True, b, lowest=False)
    (0, 0)
    >>> a.nodes < b.nodes
    True
    """
    key = (part, pair)
    if memo is not None:
        if key in memo:
            if stats is not None:
                stats.hits += 1
            return memo[key]
        budget = NEVER
    if stats is not None:
        stats.nodes += 1
    held = [r for r, c in enumerate(part) if c]
    best = (2 if pair else 0) if not held else NEVER
    for at in held[:1] if lowest else held:
        for used, jokers, is_pair in _groups(part, at, pair, runs):
            limit = min(budget, best - 1) - jokers  # what the rest may still spend
            if limit < 0:
                continue
            rest = list(part)
            for r in used:
                rest[r] -= 1
            need = jokers + spend_need(tuple(rest), pair and not is_pair, runs, stats,
                                       lowest, memo, limit)
            best = min(best, need)
    if memo is not None:
        memo[key] = best
    return best


def _seven_pairs(real: tuple[int, ...], jokers: int, rules: Rules) -> bool:
    """14 tiles as seven pairs: each kind held an odd number of times takes a joker."""
    odd = sum(c & 1 for c in real)
    return (sum(real) + jokers == 14 and rules.seven_pairs and odd <= jokers
            and (rules.four_as_two_pairs or max(real) <= 2))


def _combine(needs: Sequence[tuple[int, int]], jokers: int) -> bool:
    """Whether the parts' (melds, pair) needs, the pair in one part, fit in ``jokers``."""
    melds = sum(m for m, _ in needs)
    return min(melds - m + p for m, p in needs) <= jokers


def spend_win(hand: str | Sequence[int], rules: Rules, stats: Stats | None = None,
              lowest: bool = True, memo: dict | None = None) -> bool:
    """Whether a 3n+2 hand wins: every part's needs by :func:`spend_need` (a budget of
    the hand's jokers, or exact with a memo), combined.

    >>> from mjcore import HONGZHONG
    >>> spend_win("123m456p789s1122z7z", HONGZHONG)
    True
    """
    real, jokers = split(hand, rules)
    if (sum(real) + jokers) % 3 != 2:
        return False
    needs = []
    for start, end, runs in PARTS:
        part = real[start:end]
        needs.append((spend_need(part, False, runs, stats, lowest, memo, jokers),
                      spend_need(part, True, runs, stats, lowest, memo, jokers)))
    return _combine(needs, jokers) or _seven_pairs(real, jokers, rules)


# --- 3. table look-up -----------------------------------------------------------

class NeedTables(NamedTuple):
    """Every suit and every honour part of at most 14 tiles -> (melds, pair) needs."""

    suit: dict[tuple[int, ...], tuple[int, int]]
    honors: dict[tuple[int, ...], tuple[int, int]]


def need_tables() -> NeedTables:
    """The tables :func:`table_win` reads: 405,350 suits and 43,130 honour parts, built
    by :func:`mjcore.bulk.wildcount.need_table` (a second or two; needs capped at 6)."""
    return NeedTables(need_table(9, True), need_table(7, False))


def table_win(hand: str | Sequence[int], rules: Rules, tables: NeedTables,
              extra: int = 0) -> bool:
    """Whether a 3n+2 hand wins: four look-ups of the parts' needs and a minimum.

    ``extra`` jokers are added to the hand's own: a 3n+1 hand with ``extra=1`` asks
    whether a drawn joker would win, that is whether the hand is ready (chapter 11).

    The tables cap a need at :data:`~mjcore.bulk.wildcount.NEED_CAP` (6), more than the
    four jokers a hand can hold, so the cap never changes an answer.

    >>> from mjcore import HONGZHONG
    >>> tables = NeedTables({(0,) * 9: (0, 2), (1, 1, 1) + (0,) * 6: (0, 2)},
    ...                     {(1, 0, 0, 0, 0, 0, 0): (2, 1)})
    >>> table_win("123m1z7z", HONGZHONG, tables)             # 1z and a joker: the pair
    True
    """
    real, jokers = split(hand, rules)
    jokers += int_arg(extra, "extra", 0, 4)
    if (sum(real) + jokers) % 3 != 2:
        return False
    suit = tables.suit
    needs = (suit[real[0:9]], suit[real[9:18]], suit[real[18:27]], tables.honors[real[27:34]])
    return _combine(needs, jokers) or _seven_pairs(real, jokers, rules)
