"""A brute-force oracle for the tests, written without mjcore's algorithm.

Nothing here imports ``mjcore.hand.decompose`` or ``mjcore.hand.forms``: the oracle
works straight from the definitions, so a test that compares the two
compares two independent computations.

A hand is a sequence of 34 counts (indices 0-8 wan, 9-17 tiao, 18-26
tong, 27-33 honours).  A meld is a pair ``(kind, tile)`` with ``kind``
``"run"`` or ``"triplet"``; a reading is ``(pair, melds)`` with the melds
in sorted order.

The standard search is deliberately naive: list all 55 melds (34
triplets, 21 runs), choose a pair, then take away any meld that fits,
again and again, and collect the results in a set, so the order melds
were taken in does not matter.  It is cached on the counts left.

>>> len(MELDS), sum(k == "run" for k, _ in MELDS)
(55, 21)
>>> sorted(readings(counts_of([0, 0, 0, 1, 2])))
[(0, (('run', 0),))]
>>> oracle_waits(counts_of([0, 0, 0, 1, 1, 1, 2, 2, 2, 12, 12, 12, 13]), STANDARD_FORMS)
[11, 13, 14]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

KINDS = 34
SUITED = range(27)  # 3 suits x 9 ranks
HONOURS = range(27, 34)

TRIPLETS = [("triplet", t) for t in range(KINDS)]
# A run is three consecutive ranks of one suit: suits start at 0, 9 and 18.
RUNS = [("run", 9 * suit + rank) for suit in range(3) for rank in range(7)]
MELDS = TRIPLETS + RUNS

TERMINALS_AND_HONOURS = frozenset(
    [9 * suit + rank for suit in range(3) for rank in (0, 8)] + list(HONOURS))


def meld_tiles(meld: tuple[str, int]) -> list[int]:
    """The three tile indices of a meld."""
    kind, t = meld
    return [t, t, t] if kind == "triplet" else [t, t + 1, t + 2]


MELD_TILES = {m: meld_tiles(m) for m in MELDS}


def counts_of(tiles: Iterable[int]) -> list[int]:
    """34 counts from a list of tile indices."""
    counts = [0] * KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def _minus(counts: tuple[int, ...], tiles: Iterable[int]) -> tuple[int, ...] | None:
    """counts with the tiles taken out, or None when one of them is missing."""
    left = list(counts)
    for t in tiles:
        left[t] -= 1
        if left[t] < 0:
            return None
    return tuple(left)


@cache
def meld_sets(counts: tuple[int, ...]) -> frozenset[tuple[tuple[str, int], ...]]:
    """Every multiset of melds (as a sorted tuple) using exactly these tiles.

    Try every one of the 55 melds that fits, recurse on what is left, and
    let the set forget the order the melds were taken in.  Cached on the
    counts, so the exhaustive tests can afford it.
    """
    if not any(counts):
        return frozenset({()})
    found = set()
    for meld in MELDS:
        rest = _minus(counts, MELD_TILES[meld])
        if rest is not None:
            found.update(tuple(sorted((meld,) + tail)) for tail in meld_sets(rest))
    return frozenset(found)


def readings(hand: Sequence[int]) -> set[tuple[int, tuple[tuple[str, int], ...]]]:
    """Every way to read a 3n+2 hand as one pair plus melds (the standard form)."""
    counts = tuple(hand)
    if sum(counts) % 3 != 2:
        return set()
    found = set()
    for pair in range(KINDS):
        rest = _minus(counts, (pair, pair))
        if rest is not None:
            found.update((pair, melds) for melds in meld_sets(rest))
    return found


def standard(hand: Sequence[int]) -> bool:
    """Four melds and a pair (or fewer melds for a smaller 3n+2 hand)."""
    return bool(readings(hand))


def seven_pairs(hand: Sequence[int], four_as_two_pairs: bool) -> bool:
    """14 tiles in pairs; four of a kind is two pairs only when allowed."""
    if sum(hand) != 14:
        return False
    if four_as_two_pairs:
        return all(c % 2 == 0 for c in hand)
    return sum(1 for c in hand if c == 2) == 7


def thirteen_orphans(hand: Sequence[int]) -> bool:
    """All 13 terminals and honours, plus one more of them."""
    present = {t for t in range(KINDS) if hand[t]}
    return sum(hand) == 14 and present == TERMINALS_AND_HONOURS


def shisanlan(hand: Sequence[int]) -> bool:
    """14 tiles, no tile twice, two tiles of one suit at least 3 ranks apart."""
    if sum(hand) != 14 or any(c > 1 for c in hand):
        return False
    tiles = [t for t in SUITED if hand[t]]
    return all(a // 9 != b // 9 or abs(a - b) >= 3 for a, b in combinations(tiles, 2))


# Rules as plain tuples of switches: (seven_pairs, four_as_two_pairs, thirteen_orphans, shisanlan)
STANDARD_FORMS = (False, False, False, False)
POYANG_FORMS = (True, True, False, True)
RIICHI_FORMS = (True, False, True, False)
PRESET_FORMS = {"standard": STANDARD_FORMS, "poyang": POYANG_FORMS, "riichi": RIICHI_FORMS}
"""The switches of each of mjcore's presets, by its name."""


def wins(hand: Sequence[int], forms: tuple[bool, bool, bool, bool]) -> bool:
    """Whether a 3n+2 hand wins with the given special forms switched on."""
    sp, four, orphans, lan = forms
    return (standard(hand)
            or sp and seven_pairs(hand, four)
            or orphans and thirteen_orphans(hand)
            or lan and shisanlan(hand))


def oracle_waits(hand: Sequence[int], forms: tuple[bool, bool, bool, bool]) -> list[int]:
    """Try each of the 34 tiles; a tile already held four times has no fifth copy."""
    found = []
    for t in range(KINDS):
        if hand[t] == 4:
            continue
        trial = list(hand)
        trial[t] += 1
        if wins(trial, forms):
            found.append(t)
    return found


def as_readings(decomps: Iterable) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
    """mjcore ``Decomposition`` objects in the oracle's format (a list, so duplicates show)."""
    return [(d.pair, tuple(sorted((m.kind, m.tile) for m in d.melds))) for d in decomps]
