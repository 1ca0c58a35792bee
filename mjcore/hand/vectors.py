"""Overlap vectors 向量: chapter 4's dynamic program, and the lazy shanten built on it.

Among all winning hands of the right size, :func:`mjcore.hand.shanten.shanten` finds the
one sharing the most tiles with the hand (the *overlap*).  The overlap splits over the
three suits and the honours.  For each part a small vector gives the best overlap with at
most ``m`` melds (0-4) and at most ``p`` pairs (0-1) drawn in that part, respecting the
four-copy limit; vectors of the parts combine by max-plus (:func:`combine`).  A suit's
vector comes from a dynamic program over its nine ranks (which runs are open into the
next two ranks): :func:`suit_vector`.

:mod:`mjcore.bulk.tablegen` runs that program for every suit ahead of time, and
:func:`mjcore.hand.shanten.shanten` only looks the results up.  :func:`shanten_lazy` is
the earlier design, kept for chapter 4's comparison: it runs the dynamic program the first
time it meets a suit and remembers the vector, which is fast only on suits it has met
before.  Explained in chapter 4.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import product
from typing import NamedTuple

from ..base.checks import HandError, int_arg, ints_arg, part_arg
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import COPIES, as_counts
from .tables import LAN_SETS, MAX_TILES

Part = tuple[int, ...]
Vector = tuple[int, ...]
"""Ten overlaps, index ``5 * p + m``: at most m melds (0-4) and p pairs (0-1)."""

MAX_MELDS = 4
_ZERO: Vector = (0,) * 10
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)

# Suited tiles taken from each suit (k1, k2, k3); the other 14 - k1 - k2 - k3 are honours.
_LAN_SPLITS = tuple(k for k in product(range(4), repeat=3) if 0 <= 14 - sum(k) <= 7)


@cache
def _suffix(rest: Part, open1: int, open2: int, copies: int = COPIES) -> Vector:
    """Best overlap from the rank of ``rest[0]`` on, as a vector over (melds, pairs) added.

    ``open1`` runs started one rank back (they need this rank and the
    next), ``open2`` two ranks back (they need this rank only); the target
    holds at most ``copies`` of a rank held four times, at most four of any
    other (more would match no more tiles there).
    """
    if not rest:
        return _ZERO
    if copies != COPIES and COPIES not in rest:  # only a rank held four times gains
        copies = COPIES
    rank = 9 - len(rest)
    held, tail = rest[0], rest[1:]
    return rank_step(held, open1 + open2, rank <= 6,
                     lambda runs: _suffix(tail, runs, open1, copies),
                     copies if held == COPIES else COPIES)


def rank_step(held: int, used: int, runs_may_start: bool,
              child: Callable[[int], Vector], copies: int = COPIES) -> Vector:
    """One rank of the suit dynamic program: the best overlaps from this rank on.

    ``held`` copies of this rank are in the hand and ``used`` copies are
    already taken by runs open into it.  The target may start ``runs``
    new runs here (only when ``runs_may_start``), a triplet and the pair,
    never more than ``copies`` copies in all (four, or more where jokers
    may be a fifth copy); ``child(runs)`` is the vector of the ranks after
    this one with those runs open into them.
    """
    best = [0] * 10
    for runs in range(min(copies - used, MAX_MELDS) + 1 if runs_may_start else 1):
        after = child(runs)
        for triplet in (0, 1):
            melds = runs + triplet
            if melds > MAX_MELDS:
                break
            for pair in (0, 1):
                drawn = used + runs + 3 * triplet + 2 * pair
                if drawn > copies:
                    break
                gain = min(drawn, held)
                for p in range(pair, 2):
                    for i in range(5 * p + melds, 5 * p + 5):
                        value = gain + after[i - 5 * pair - melds]
                        if value > best[i]:
                            best[i] = value
    return tuple(best)


def suit_vector(part: Sequence[int]) -> Vector:
    """Best overlap of one suit (nine counts) with melds and a pair drawn in it.

    Index ``5 * p + m``: at most ``m`` melds and ``p`` pairs.  For
    1111p the best with one meld is 3 (111p) and adding the pair does
    not help, as a fifth 1p does not exist:

    >>> v = suit_vector((4, 0, 0, 0, 0, 0, 0, 0, 0))
    >>> v[1], v[5], v[6]
    (3, 2, 3)
    """
    return _suffix(part_arg(part, 9), 0, 0)


def honor_vector(part: Sequence[int]) -> Vector:
    """Best overlap of the seven honours; each honour holds a pair or a triplet, not both.

    >>> honor_vector((4, 1, 0, 0, 0, 0, 0))[:6]
    (0, 3, 4, 4, 4, 2)
    """
    return _honors(tuple(sorted(part_arg(part, 7), reverse=True)))


def loose_vector(part: Sequence[int], honors: bool = False) -> Vector:
    """:func:`suit_vector` (or :func:`honor_vector`) for a target that may hold any number
    of copies of a kind, as it may when jokers stand for a fifth copy or more.

    It differs from the plain vector only where the part holds four of a kind (a target
    with five copies can then match all four), which is where
    :func:`~mjcore.hand.shanten.wild_shanten` reads it.

    >>> loose_vector((4, 0, 0, 0, 0, 0, 0, 0, 0))[6], suit_vector((4, 0, 0, 0, 0, 0, 0, 0, 0))[6]
    (4, 3)
    >>> loose_vector((4, 0, 0, 0, 0, 0, 0), honors=True)[:7]
    (0, 3, 4, 4, 4, 2, 4)
    """
    if honors:
        return _loose_honors(tuple(sorted(part_arg(part, 7), reverse=True)))
    return _suffix(part_arg(part, 9), 0, 0, MAX_TILES)


@cache
def _loose_honors(part: Part) -> Vector:
    total = _ZERO
    for c in part:
        if c:  # m triplets and p pairs of this one kind, as many copies as they take
            total = combine(total, tuple(min(c, 3 * m + 2 * p) for p in (0, 1)
                                         for m in range(5)))
    return total


@cache
def _honors(part: Part) -> Vector:
    total = _ZERO
    for c in part:
        if c:
            one = (0, min(3, c), min(3, c), min(3, c), min(3, c),
                   min(2, c), min(3, c), min(3, c), min(3, c), min(3, c))
            total = combine(total, one)
    return total


def combine(a: Vector, b: Vector) -> Vector:
    """Max-plus combination of two part vectors: split melds and pairs between them.

    >>> combine(suit_vector((1, 1, 1, 0, 0, 0, 0, 0, 0)), honor_vector((2, 0, 0, 0, 0, 0, 0)))
    (0, 3, 5, 5, 5, 2, 5, 5, 5, 5)
    """
    return max_plus(ints_arg(a, "a", 10, 0, 14), ints_arg(b, "b", 10, 0, 14))


def max_plus(a: Vector, b: Vector) -> Vector:
    """:func:`combine` of two vectors already checked (the tables' builders: no check)."""
    out = []
    for p in (0, 1):
        for m in range(5):
            best = 0
            for p1 in range(p + 1):
                for m1 in range(m + 1):
                    value = a[5 * p1 + m1] + b[5 * (p - p1) + m - m1]
                    if value > best:
                        best = value
            out.append(best)
    return tuple(out)


class PartInfo(NamedTuple):
    """What the shanten of a hand needs from one part, computed once per part."""

    vector: int
    """Id of the part's overlap vector (see :func:`vector_of`)."""
    pairs: int
    """Kinds held at least twice: a seven-pairs pair each."""
    singles: int
    """Kinds held once."""
    extra_pairs: int
    """Kinds held four times: a second pair when four count as two pairs."""
    extra_singles: int
    """Kinds held three times: half of a second pair then."""
    orphans: int
    """Terminal or honour kinds present (thirteen orphans)."""
    orphan_pair: bool
    """A terminal or honour held at least twice."""
    lan: tuple[int, int, int, int]
    """十三烂 overlap taking 0, 1, 2 or 3 tiles of a suit; for the honours, kinds present."""


class VectorTable:
    """Vectors interned as small ids, with their combinations cached by id pair.

    The lazy tables (:func:`shanten_lazy`, chapter 4) keep one, emptied by
    :func:`clear_lazy_tables`; :mod:`mjcore.bulk.counting` and :mod:`mjcore.bulk.wildcount`
    intern their suffix profiles in one more each (any hashable value serves).
    """

    __slots__ = ("vectors", "ids", "combined")

    def __init__(self) -> None:
        self.vectors: list[Vector] = []
        self.ids: dict[Vector, int] = {}
        self.combined: dict[tuple[int, int], int] = {}

    def intern(self, vector: Vector) -> int:
        """The id of ``vector``, a new one the first time."""
        found = self.ids.get(vector)
        if found is None:
            found = self.ids[vector] = len(self.vectors)
            self.vectors.append(vector)
        return found

    def combine(self, a: int, b: int) -> int:
        """The id of :func:`combine` of the vectors of ids ``a`` and ``b``."""
        found = self.combined.get((a, b))
        if found is None:
            found = self.combined[(a, b)] = self.intern(
                combine(self.vectors[a], self.vectors[b]))
        return found

    def clear(self) -> None:
        for table in (self.vectors, self.ids, self.combined):
            table.clear()


_LAZY = VectorTable()
_SIZES = frozenset(SIZES)
_SUITS: dict[Part, PartInfo] = {}
_HONORS: dict[Part, PartInfo] = {}


def vector_of(vector_id: int) -> Vector:
    """The vector behind an id: vectors are interned, so combinations can be cached."""
    vector_id = int_arg(vector_id, "vector_id", 0, len(_LAZY.vectors) - 1)
    return _LAZY.vectors[vector_id]


def suit_info(part: Part) -> PartInfo:
    """The table entry of one suit, filled on first use.

    >>> info = suit_info((1, 0, 0, 1, 0, 0, 2, 0, 1))
    >>> info.pairs, info.singles, info.orphans, info.lan
    (1, 3, 2, (0, 1, 2, 3))
    """
    info = _SUITS.get(part) if type(part) is tuple else None
    if info is None:
        part = part_arg(part, 9)
        lan = [0, 0, 0, 0]
        for ranks in LAN_SETS:
            hit = sum(1 for r in ranks if part[r])
            lan[len(ranks)] = max(lan[len(ranks)], hit)
        info = _SUITS[part] = PartInfo(
            _LAZY.intern(suit_vector(part)), sum(c >= 2 for c in part), part.count(1),
            part.count(4), part.count(3), (part[0] > 0) + (part[8] > 0),
            part[0] >= 2 or part[8] >= 2, (lan[0], lan[1], lan[2], lan[3]))
    return info


def honor_info(part: Part) -> PartInfo:
    """The table entry of the honours.

    >>> honor_info((1, 1, 1, 1, 1, 2, 0)).orphans, honor_info((1, 1, 1, 1, 1, 2, 0)).lan
    (6, (6, 0, 0, 0))
    """
    info = _HONORS.get(part) if type(part) is tuple else None
    if info is None:
        part = part_arg(part, 7)
        kinds = sum(c > 0 for c in part)
        info = _HONORS[part] = PartInfo(
            _LAZY.intern(honor_vector(part)), sum(c >= 2 for c in part), part.count(1),
            part.count(4), part.count(3), kinds, max(part) >= 2, (kinds, 0, 0, 0))
    return info


def clear_lazy_tables() -> None:
    """Forget every vector :func:`shanten_lazy` has filled in: the next call starts cold.

    For chapter 4's comparison of the lazy design with the complete tables.

    >>> clear_lazy_tables()
    >>> shanten_lazy("12m"), len(_SUITS)  # a new suit (12m) and an empty one
    (0, 2)
    """
    _LAZY.clear()
    for table in (_SUITS, _HONORS):
        table.clear()
    _suffix.cache_clear()
    _honors.cache_clear()


def _seven_pairs(twos: int, ones: int) -> int:
    """Overlap with the closest seven-pairs hand: seven pair units, best gains first.

    A unit gains 2 (a pair held) or 1 (one tile of it held); a kind's
    second unit (four as two pairs) never gains more than its first.
    """
    twos = min(twos, 7)
    return 2 * twos + min(ones, 7 - twos)


def _shisanlan(a: PartInfo, b: PartInfo, c: PartInfo, h: PartInfo) -> int:
    """Overlap with the closest 十三烂 hand: k1, k2, k3 suited tiles, the rest honours."""
    la, lb, lc, kinds = a.lan, b.lan, c.lan, h.lan[0]
    return max(la[k1] + lb[k2] + lc[k3] + min(14 - k1 - k2 - k3, kinds)
               for k1, k2, k3 in _LAN_SPLITS)


def shanten_lazy(hand: str | Sequence[int], rules: Rules = POYANG) -> int:
    """:func:`~mjcore.hand.shanten.shanten` by vectors computed on first use of each suit (the
    earlier design).

    The first call on a suit runs :func:`suit_vector` (tens of
    microseconds); later calls on the same suit look it up.  Same answers
    as :func:`~mjcore.hand.shanten.shanten`:

    >>> shanten_lazy("123456789m1111p"), shanten_lazy("147m258p369s1234z")
    (1, 0)
    """
    rules = rules_arg(rules)
    counts = as_counts(hand)  # checked: a count of True or 1.0 is a HandError
    n = sum(counts)
    if n not in _SIZES:
        raise HandError(f"shanten needs 1-14 tiles and not a multiple of 3, got {n}")
    a = _SUITS.get(counts[0:9]) or suit_info(counts[0:9])
    b = _SUITS.get(counts[9:18]) or suit_info(counts[9:18])
    c = _SUITS.get(counts[18:27]) or suit_info(counts[18:27])
    h = _HONORS.get(counts[27:34]) or honor_info(counts[27:34])
    melds = (n - 1) // 3
    total = _LAZY.combine(_LAZY.combine(_LAZY.combine(a.vector, b.vector), c.vector), h.vector)
    best = 3 * melds + 1 - _LAZY.vectors[total][5 + melds]
    if n >= 13 and best >= 0:
        if rules.seven_pairs:
            twos = a.pairs + b.pairs + c.pairs + h.pairs
            ones = a.singles + b.singles + c.singles + h.singles
            if rules.four_as_two_pairs:
                twos += a.extra_pairs + b.extra_pairs + c.extra_pairs + h.extra_pairs
                ones += a.extra_singles + b.extra_singles + c.extra_singles + h.extra_singles
            best = min(best, 13 - _seven_pairs(twos, ones))
        if rules.thirteen_orphans:
            best = min(best, 13 - a.orphans - b.orphans - c.orphans - h.orphans
                       - (a.orphan_pair or b.orphan_pair or c.orphan_pair or h.orphan_pair))
        # a bound first; an exact-size overlap need not grow with the size (2s7s: 2, then 1)
        if rules.shisanlan and best > 13 - (max(a.lan) + max(b.lan) + max(c.lan) + h.lan[0]):
            best = min(best, 13 - _shisanlan(a, b, c, h))
    return best
