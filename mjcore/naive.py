"""Strategies that look right and are not, kept apart from the real algorithms.

Chapter 2 runs each one next to :func:`mjcore.is_win` on the hand named in
its docstring and counts, over every single-suit hand, how often it is
wrong.  Nothing else in mjcore calls this module.
"""

from __future__ import annotations

from collections.abc import Sequence

from .tiles import N_KINDS, as_counts, can_start_run, check_size


def _greedy(counts: Sequence[int], run_first: bool, try_every_pair: bool) -> bool:
    """Pick a pair, then strip melds from the smallest tile with no going back."""
    counts = as_counts(counts)
    check_size(counts, "3n+2", "a winning shape")
    pairs = [t for t in range(N_KINDS) if counts[t] >= 2]
    for pair in pairs if try_every_pair else pairs[:1]:
        left = list(counts)
        left[pair] -= 2
        tile = 0
        while True:
            while tile < N_KINDS and left[tile] == 0:
                tile += 1
            if tile == N_KINDS:
                return True
            run_ok = can_start_run(tile) and left[tile + 1] > 0 and left[tile + 2] > 0
            if run_ok and (run_first or left[tile] < 3):
                left[tile] -= 1
                left[tile + 1] -= 1
                left[tile + 2] -= 1
            elif left[tile] >= 3:
                left[tile] -= 3
            else:
                break
    return False


def greedy_triplet_first(hand: str | Sequence[int], try_every_pair: bool = False) -> bool:
    """Greedy: the first pair found, then a triplet whenever the smallest tile has three.

    The pair is the smallest tile held twice; with ``try_every_pair`` every
    pair is tried instead (and chapter 2 shows that version is never wrong).

    >>> from mjcore import is_win
    >>> greedy_triplet_first("11122m"), is_win("11122m")
    (False, True)
    >>> greedy_triplet_first("11122m", try_every_pair=True)
    True
    """
    return _greedy(as_counts(hand), run_first=False, try_every_pair=try_every_pair)


def greedy_run_first(hand: str | Sequence[int], try_every_pair: bool = False) -> bool:
    """Greedy: the first pair found, then a run whenever the smallest tile starts one.

    Wrong even when every pair is tried:

    >>> from mjcore import is_win
    >>> greedy_run_first("11122234m", try_every_pair=True), is_win("11122234m")
    (False, True)
    """
    return _greedy(as_counts(hand), run_first=True, try_every_pair=try_every_pair)


def backtrack_no_restore(hand: str | Sequence[int]) -> bool:
    """Backtracking that takes tiles out and forgets to put them back on failure.

    One shared list is edited in place: a branch that fails leaves its
    melds removed, so the next branch searches a hand that no longer exists.

    >>> from mjcore import is_win
    >>> backtrack_no_restore("11122m"), is_win("11122m")
    (False, True)
    """
    counts = list(as_counts(hand))
    check_size(counts, "3n+2", "a winning shape")

    def melds(tile: int) -> bool:
        while tile < N_KINDS and counts[tile] == 0:
            tile += 1
        if tile == N_KINDS:
            return True
        if counts[tile] >= 3:
            counts[tile] -= 3  # never given back if the branch fails
            if melds(tile):
                return True
        if can_start_run(tile) and counts[tile] and counts[tile + 1] and counts[tile + 2]:
            counts[tile] -= 1
            counts[tile + 1] -= 1
            counts[tile + 2] -= 1
            if melds(tile):
                return True
        return False

    for pair in range(N_KINDS):
        if counts[pair] >= 2:
            counts[pair] -= 2  # never given back either
            if melds(0):
                return True
    return False


def list_recursion(tiles: list[int]) -> bool:
    """The sorted-list recursion of seed 004, over a sorted list of tile numbers.

    Takes a pair (the first two tiles) whenever the length is not a
    multiple of 3, a triplet of the first tile, or a run ``t, t+1, t+2``
    found by membership.  On tile *indices* it builds runs across suits
    and through honours (8m 9m 1s is indices 7, 8, 9):

    >>> from mjcore import is_win
    >>> list_recursion([7, 8, 9, 20, 20]), is_win("89m1s33p")
    (True, False)
    """
    if not tiles:
        return True
    first = tiles[0]
    if len(tiles) % 3 != 0 and tiles.count(first) >= 2 and list_recursion(tiles[2:]):
        return True
    if tiles.count(first) >= 3 and list_recursion(tiles[3:]):
        return True
    if first + 1 in tiles and first + 2 in tiles:
        rest = list(tiles)
        for t in (first, first + 1, first + 2):
            rest.remove(t)
        if list_recursion(rest):
            return True
    return False


def list_recursion_waits(tiles: list[int]) -> list[int]:
    """Seed 004's wait finder: tries only the numbers 1-9 (one suit), [0] for none.

    >>> list_recursion_waits([1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9])
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    found = [t for t in range(1, 10)
             if tiles.count(t) < 4 and list_recursion(sorted(tiles + [t]))]
    return found or [0]


def quick_prune(hand: str | Sequence[int]) -> bool:
    """Seed 001's quick filter: False when some single tile can join no run.

    It returns False for a lone honour and for a lone suited tile with no
    neighbour to form a run, and otherwise True when there are 14 tiles.
    Seed 001 calls it necessary and sufficient; chapter 3 shows it is
    neither once special forms count, and not sufficient even without them:

    >>> from mjcore import is_win, STANDARD
    >>> quick_prune("1133m5577p99s1122z"), is_win("1133m5577p99s1122z", STANDARD)
    (True, False)
    >>> quick_prune("147m258p369s12345z"), is_win("147m258p369s12345z")
    (False, True)
    """
    counts = as_counts(hand)
    for tile, c in enumerate(counts):
        if c != 1:
            continue
        if tile >= 27:
            return False
        r = tile % 9
        in_run = ((r >= 2 and counts[tile - 1] and counts[tile - 2])
                  or (1 <= r <= 7 and counts[tile - 1] and counts[tile + 1])
                  or (r <= 6 and counts[tile + 1] and counts[tile + 2]))
        if not in_run:
            return False
    return sum(counts) == 14


def thirteen_orphans_unchecked(hand: str | Sequence[int]) -> bool:
    """Seed 001's thirteen-orphans test: only terminals and honours, 14 tiles.

    It never checks that all thirteen kinds are there:

    >>> from mjcore import is_thirteen_orphans
    >>> thirteen_orphans_unchecked("111999m19p19s1234z"), is_thirteen_orphans("111999m19p19s1234z")
    (True, False)
    """
    counts = as_counts(hand)
    keys = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
    return (all(c == 0 or tile in keys for tile, c in enumerate(counts))
            and sum(counts) == 14)
