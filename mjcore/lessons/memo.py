"""Memoized backtracking, instrumented: the win checks chapter 4 counts and times.

Every search here answers one question, "is this 3n+2 hand a standard
win (melds and one pair)?", with the same answers as
:func:`mjcore.is_standard_win`.  They differ in how they search and in
what they remember:

* :func:`list_win`: seed 004's recursion over a sorted list of tiles;
* :func:`plain_win`: the smallest-tile search over counts of chapter 2;
* :func:`memo_win`: the same search behind a memo 记忆化 (jìyìhuà), keyed by
  a string, a tuple or a base-5 integer (see :data:`KEYS`);
* :func:`suit_memo_win`: a memo per suit, which is a lookup table 查表
  (chábiǎo) filled lazily;
* :func:`anywhere_win`: the search that takes any meld from anywhere in
  the hand (seed 004's counting version), with or without a memo.

Each takes an optional :class:`Stats` and counts in it the *nodes*: the
states the search expands (a call that looks at its choices).  A call
answered from the memo is a *hit*, not a node.  The counts do not depend
on the machine, so the chapter asserts them; only the times vary.

The searches take 34 counts and trust them (no size check), as a hot
loop would; :func:`mjcore.is_standard_win` is the checked entry point.
Explained in chapter 4.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..base.checks import (
    callable_arg,
    choice_arg,
    fail,
    instance_arg,
    int_arg,
    items_arg,
    part_arg,
    show,
    sorted_tiles_arg,
)
from ..base.tiles import HONOR_START, N_KINDS, as_counts, key_base5, parse

Counts = Sequence[int]


@dataclass
class Stats:
    """What a search did: states expanded (``nodes``) and memo ``hits``.

    One ``Stats`` can be passed to many calls; the counts add up.

    >>> stats = Stats()
    >>> plain_win(parse("11122m"), stats), stats
    (True, Stats(nodes=3, hits=0))
    """

    nodes: int = 0
    hits: int = 0

    def __post_init__(self) -> None:
        int_arg(self.nodes, "nodes", 0)
        int_arg(self.hits, "hits", 0)

    @property
    def lookups(self) -> int:
        """Memo look-ups: each one is a hit or a node expanded (a miss)."""
        return self.nodes + self.hits

    @property
    def hit_rate(self) -> float:
        """Hits over look-ups (0.0 before any look-up)."""
        return self.hits / self.lookups if self.lookups else 0.0


# --- seed 004: recursion over a sorted list -----------------------------

def list_win(tiles: list[int], stats: Stats | None = None) -> bool:
    """Seed 004's sorted-list recursion, counting nodes.

    The recursion of :func:`mjcore.lessons.naive.list_recursion`.

    ``tiles`` is a sorted list of tile indices.  The recursion takes a
    pair of the first tile (when the length is not a multiple of 3), a
    triplet of it, or a run ``t, t+1, t+2`` found by membership.  It
    knows no suits, so on indices it also builds runs such as 8m 9m 1s:
    use it on one suit, as the chapter does.

    >>> from mjcore import to_tiles
    >>> stats = Stats()
    >>> list_win(to_tiles(parse("11122m")), stats), stats.nodes
    (True, 4)

    ``tiles`` is a sorted list of at most 14 indices.
    """
    return _list_win(sorted_tiles_arg(tiles), _stats(stats))


def _stats(stats: object) -> Stats | None:
    return None if stats is None else instance_arg(stats, Stats, "stats", "a Stats or None")


def _list_win(tiles: list[int], stats: Stats | None) -> bool:
    if stats is not None:
        stats.nodes += 1
    if not tiles:
        return True
    first = tiles[0]
    if len(tiles) % 3 != 0 and tiles.count(first) >= 2 and _list_win(tiles[2:], stats):
        return True
    if tiles.count(first) >= 3 and _list_win(tiles[3:], stats):
        return True
    if first + 1 in tiles and first + 2 in tiles:
        rest = list(tiles)
        for t in (first, first + 1, first + 2):
            rest.remove(t)
        if _list_win(rest, stats):
            return True
    return False


# --- the smallest-tile search, plain and memoized -----------------------

def _can_run(tile: int) -> bool:
    return tile < HONOR_START and tile % 9 <= 6


def _choices(n: int, need_pair: bool) -> Iterable[tuple[bool, int]]:
    """(pair taken, runs) for the smallest tile held ``n`` times: pair, triplet, runs."""
    for take_pair in ((False, True) if need_pair else (False,)):
        for take_triplet in (False, True):
            runs = n - 2 * take_pair - 3 * take_triplet
            if runs >= 0:
                yield take_pair, runs


def plain_win(counts: Counts, stats: Stats | None = None) -> bool:
    """The smallest-tile backtracking search of chapter 2, counting nodes.

    All copies of the smallest tile left go, in one step, to the pair
    (0 or 2), a triplet (0 or 3) and runs starting there; the counts are
    changed in place and restored on the way back.  The same search as
    ``mjcore.hand.decompose._can_split``.

    >>> stats = Stats()
    >>> plain_win(parse("111222333m44578p"), stats), stats.nodes
    (False, 8)
    """
    counts, stats = as_counts(counts), _stats(stats)
    return _plain(list(counts), 0, sum(counts) % 3 == 2, stats)


def _plain(counts: list[int], tile: int, need_pair: bool, stats: Stats | None) -> bool:
    if stats is not None:
        stats.nodes += 1
    while tile < N_KINDS and counts[tile] == 0:
        tile += 1
    if tile == N_KINDS:
        return not need_pair
    n = counts[tile]
    for take_pair, runs in _choices(n, need_pair):
        if runs and not (_can_run(tile) and counts[tile + 1] >= runs
                         and counts[tile + 2] >= runs):
            continue
        counts[tile] = 0
        if runs:
            counts[tile + 1] -= runs
            counts[tile + 2] -= runs
        ok = _plain(counts, tile + 1, need_pair and not take_pair, stats)
        if runs:
            counts[tile + 1] += runs
            counts[tile + 2] += runs
        counts[tile] = n
        if ok:
            return True
    return False


PLACE = tuple(5 ** (N_KINDS - 1 - tile) for tile in range(N_KINDS))
"""Base-5 place value of each tile in :func:`mjcore.key_base5` (tile 0 most significant)."""


def key_str(counts: Counts) -> str:
    """The counts as a string, as Java's ``Arrays.toString(cnt)`` (seed 000) builds it.

    >>> key_str(parse("1m7z")[:3] + (0,) * 31)[:10]
    '[1, 0, 0, '
    """
    return str(list(counts))


KEYS: dict[str, Callable[[Counts], object] | None] = {
    "str": key_str,
    "tuple": tuple,
    "base5": key_base5,
    "base5_incremental": None,
}
"""Memo keys by name.  ``"base5_incremental"`` is the base-5 key kept up to date
as tiles leave (subtract the place values of the tiles removed), never rebuilt."""


def memo_win(counts: Counts, memo: dict, key: str = "tuple",
             stats: Stats | None = None) -> bool:
    """:func:`plain_win` behind a memo keyed on the counts left.

    The counts decide whether the pair is still owed (3k+2 tiles left
    while it is, 3k after), so the key needs nothing else (chapter 2).
    ``memo`` may be shared by many hands; ``key`` is a name in
    :data:`KEYS`, and keys of different kinds never mix in one memo.

    >>> memo, stats = {}, Stats()
    >>> memo_win(parse("111222333m44578p"), memo, "base5", stats), stats
    (False, Stats(nodes=6, hits=1))

    Triplets 111m 222m 333m and runs 123m 123m 123m leave the same 44578p,
    searched once.  Asked again, the hand is one hit:

    >>> len(memo), memo_win(parse("111222333m44578p"), memo, "base5", stats), stats.hits
    (6, False, 2)
    """
    counts, stats = as_counts(counts), _stats(stats)
    instance_arg(memo, dict, "memo")
    if key not in KEYS:
        choice_arg(key, "key", KEYS)
    make_key = KEYS[key]
    code = 0 if make_key else sum(c * p for c, p in zip(counts, PLACE, strict=True))
    return _memo(list(counts), 0, sum(counts) % 3 == 2, code, memo, make_key, stats)


def _memo(counts: list[int], tile: int, need_pair: bool, code: int, memo: dict,
          make_key: Callable[[Counts], object] | None, stats: Stats | None) -> bool:
    k = code if make_key is None else make_key(counts)
    found = memo.get(k)
    if found is not None:
        if stats is not None:
            stats.hits += 1
        return found
    if stats is not None:
        stats.nodes += 1
    while tile < N_KINDS and counts[tile] == 0:
        tile += 1
    found = False
    if tile == N_KINDS:
        found = not need_pair
    else:
        n = counts[tile]
        for take_pair, runs in _choices(n, need_pair):
            if runs and not (_can_run(tile) and counts[tile + 1] >= runs
                             and counts[tile + 2] >= runs):
                continue
            removed = n * PLACE[tile]
            counts[tile] = 0
            if runs:
                counts[tile + 1] -= runs
                counts[tile + 2] -= runs
                removed += runs * (PLACE[tile + 1] + PLACE[tile + 2])
            found = _memo(counts, tile + 1, need_pair and not take_pair, code - removed,
                          memo, make_key, stats)
            if runs:
                counts[tile + 1] += runs
                counts[tile + 2] += runs
            counts[tile] = n
            if found:
                break
    memo[k] = found
    return found


# --- a memo per suit: a table filled on demand --------------------------

def suit_status(part: Counts, stats: Stats | None = None) -> int | None:
    """Is one suit (nine counts) complete?  1 with the pair, 0 without, None if not.

    The pair is owed when the part has 3k+2 tiles; a part of 3k+1 tiles
    is never complete.  Searched by :func:`plain_win` on the part alone.

    >>> suit_status((1, 1, 1, 0, 0, 0, 0, 2, 0)), suit_status((1, 1, 0, 0, 0, 0, 0, 0, 0))
    (1, None)
    """
    part, stats = part_arg(part, 9), _stats(stats)
    n = sum(part)
    if n % 3 == 1:
        return None
    if _plain(list(part) + [0] * (N_KINDS - 9), 0, n % 3 == 2, stats):
        return n % 3 // 2
    return None


def suit_memo_win(counts: Counts, memo: dict, stats: Stats | None = None) -> bool:
    """A standard win from one status per suit, each suit's status memoized by its nine counts.

    Runs never leave a suit, so the hand wins exactly when every suit is
    complete and exactly one holds the pair.  Honours need no search:
    each count is 0 or 3, or 2 for the pair.  Each suit searched (a memo
    miss) counts as one node in ``stats``.  A memo shared by all hands
    holds at most one entry per suit pattern ever seen, which is how
    :func:`mjcore.hand.tables.complete_parts` works, filled ahead of time.

    >>> memo = {}
    >>> suit_memo_win(parse("123m456s789p11z"), memo), suit_memo_win(parse("1112m"), memo)
    (True, False)
    >>> memo[(3, 1, 0, 0, 0, 0, 0, 0, 0)], memo[(0, 0, 0, 0, 0, 0, 1, 1, 1)], len(memo)
    (None, 0, 4)
    """
    counts, stats = as_counts(counts), _stats(stats)
    instance_arg(memo, dict, "memo")
    pairs = 0
    for start in (0, 9, 18):
        part = tuple(counts[start:start + 9])
        if part in memo:
            status = memo[part]
            if stats is not None:
                stats.hits += 1
        else:
            status = memo[part] = suit_status(part)
            if stats is not None:
                stats.nodes += 1
        if status is None:
            return False
        pairs += status
    for c in counts[HONOR_START:]:
        if c == 1 or c == 4:
            return False
        pairs += c == 2
    return pairs == 1


# --- the search that takes any meld from anywhere -----------------------

def anywhere_win(counts: Counts, memo: dict | None = None,
                 stats: Stats | None = None) -> bool:
    """Take any pair, triplet or run from anywhere, in any order, as seed 004's counting version.

    The pair comes first whenever the tiles left number 3k+2 (seed 004
    also tries melds then); otherwise any triplet, then any run.  With no
    order imposed, one state is reached along many paths; a ``memo``
    (keyed on the counts tuple) answers every repeat at once.

    >>> a, b = Stats(), Stats()
    >>> anywhere_win(parse("111222333m44578p"), None, a), a
    (False, Stats(nodes=38, hits=0))
    >>> anywhere_win(parse("111222333m44578p"), {}, b), b
    (False, Stats(nodes=26, hits=9))
    """
    counts, stats = as_counts(counts), _stats(stats)
    if memo is not None:
        instance_arg(memo, dict, "memo", "a dict or None")
    return _anywhere(list(counts), sum(counts), memo, stats)


def _anywhere(counts: list[int], left: int, memo: dict | None, stats: Stats | None) -> bool:
    if memo is not None:
        key = tuple(counts)
        found = memo.get(key)
        if found is not None:
            if stats is not None:
                stats.hits += 1
            return found
    if stats is not None:
        stats.nodes += 1
    found = left == 0
    if left % 3 == 2:
        steps = [(t, t) for t in range(N_KINDS) if counts[t] >= 2]
    else:
        steps = [(t, t, t) for t in range(N_KINDS) if counts[t] >= 3]
        steps += [(t, t + 1, t + 2) for t in range(HONOR_START)
                  if _can_run(t) and counts[t] and counts[t + 1] and counts[t + 2]]
    for step in steps:
        for t in step:
            counts[t] -= 1
        found = _anywhere(counts, left - len(step), memo, stats)
        for t in step:
            counts[t] += 1
        if found:
            break
    if memo is not None:
        memo[tuple(counts)] = found
    return found


# --- hand sets, node counts and timings ---------------------------------

NINE_GATES = "1112345678999m"


def hard_hands() -> list[tuple[int, ...]]:
    """Hands that make a search work: long runs and hands full of pairs, all in wan 万.

    The nine 九莲宝灯 (nine gates) hands, 1112345678999m plus each of
    1m-9m (all win), then every hand of seven different pairs of wan
    (36 hands, some win).  One suit, so :func:`list_win` is right on them.

    >>> hands = hard_hands()
    >>> len(hands), all(sum(h) == 14 for h in hands)
    (45, True)
    """
    from itertools import combinations
    gates = [parse(NINE_GATES + f"{rank}m") for rank in range(1, 10)]
    pairs = [tuple(2 if t in ranks else 0 for t in range(N_KINDS))
             for ranks in combinations(range(9), 7)]
    return gates + pairs


def nodes_per_hand(search: Callable[[tuple[int, ...], Stats], object],
                   hands: Iterable[tuple[int, ...]]) -> list[int]:
    """Nodes each hand costs: ``search(counts, stats)`` with a fresh :class:`Stats` each.

    >>> nodes_per_hand(plain_win, [parse("11122m"), parse("111222333m44578p")])
    [3, 8]
    """
    callable_arg(search, "search")
    found = []
    for counts in items_arg(hands, "hands", MAX_HANDS, "hands"):
        stats = Stats()
        search(counts, stats)
        found.append(stats.nodes)
    return found


MAX_HANDS = 1_000_000
"""The most hands searched or timed in one call."""


def _hands_to_time(hands: object, name: str = "hands") -> tuple:
    hands = items_arg(hands, name, MAX_HANDS, "hands")
    if not hands:
        fail(f"{name} must hold at least one hand to time")
    return hands


def _timed(hands: object, repeats: object) -> tuple[tuple, int]:
    return _hands_to_time(hands), int_arg(repeats, "repeats", 1, 100)


def time_per_hand(fn: Callable[[object], object], hands: Sequence[object],
                  repeats: int = 3) -> float:
    """Median over ``repeats`` passes of the time per hand, in microseconds.

    Machine-dependent: for ratios measured in the same run, never for
    promises.  Each pass calls ``fn`` once on every hand (1 to 1,000,000
    hands, 1-100 repeats).
    """
    callable_arg(fn, "fn")
    hands, repeats = _timed(hands, repeats)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for h in hands:
            fn(h)
        times.append((time.perf_counter() - start) / len(hands) * 1e6)
    return statistics.median(times)


def time_per_pass(make_fn: Callable[[], Callable[[object], object]], hands: Sequence[object],
                  repeats: int = 3) -> float:
    """:func:`time_per_hand` with a fresh function for each pass: ``make_fn()``.

    For a memo shared by the hands of one pass but not carried into the
    next (each pass would otherwise find every hand cached already).
    """
    callable_arg(make_fn, "make_fn")
    hands, repeats = _timed(hands, repeats)
    times = []
    for _ in range(repeats):
        fn = make_fn()
        start = time.perf_counter()
        for h in hands:
            fn(h)
        times.append((time.perf_counter() - start) / len(hands) * 1e6)
    return statistics.median(times)


def time_in_turn(calls: dict[str, tuple]) -> dict[str, float]:
    """Mean microseconds a call, every hand going to each function in turn, one call at a time.

    ``calls`` maps a name to ``(fn, hands)``, or ``(fn, hands, arg)`` for
    ``fn(hand, arg)``; the lists of hands are equally long (the same hands
    in each function's format).  Hand i goes to every function before hand
    i + 1 does, the order turning with i, and each call is timed alone, so
    no function runs in a loop of its own that keeps its data in the
    processor's cache.  The clock's own cost (the mean of as many empty
    readings) is taken off.  Machine-dependent, as :func:`time_per_hand`.

    >>> found = time_in_turn({"len": (len, ["ab", "c"]), "max": (max, [(1, 2), (3,)])})
    >>> sorted(found), all(t >= 0 for t in found.values())
    (['len', 'max'], True)
    """
    if type(calls) is not dict or not calls:
        fail(f"calls must be a dict of name: (function, hands), got {show(calls)}")
    plan = []
    for name, call in calls.items():
        if type(call) is not tuple or len(call) not in (2, 3):
            fail(f"calls[{name!r}] must be (function, hands) or (function, hands, arg), "
                 f"got {show(call)}")
        fn = callable_arg(call[0], f"calls[{name!r}] function")
        hands = _hands_to_time(call[1], f"calls[{name!r}] hands")
        plan.append((name, fn, hands, call[2] if len(call) == 3 else None))
    if len({len(hands) for _, _, hands, _ in plan}) > 1:
        fail("the calls' lists of hands must be equally long, got "
             + ", ".join(f"{len(hands)}" for _, _, hands, _ in plan))
    clock = time.perf_counter_ns
    spent = [0] * len(plan)
    empty = 0
    count = len(plan[0][2])
    for i in range(count):
        for k in range(len(plan)):
            j = (i + k) % len(plan)
            _, fn, hands, arg = plan[j]
            if arg is None:
                start = clock()
                fn(hands[i])
            else:
                start = clock()
                fn(hands[i], arg)
            spent[j] += clock() - start
        start = clock()
        empty += clock() - start
    return {name: max(spent[j] - empty, 0) / count / 1000 for j, (name, *_) in enumerate(plan)}


__all__ = ["KEYS", "NINE_GATES", "PLACE", "Stats", "anywhere_win", "hard_hands", "key_str",
           "list_win", "memo_win", "nodes_per_hand", "plain_win", "suit_memo_win", "suit_status",
           "time_in_turn",
           "time_per_hand", "time_per_pass"]
