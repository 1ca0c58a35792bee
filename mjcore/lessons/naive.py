"""Strategies that look right and are not, kept apart from the real algorithms.

Chapter 2 runs each one next to :func:`mjcore.is_win` on the hand named in
its docstring and counts, over every single-suit hand, how often it is
wrong.  Nothing else in mjcore calls this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..base.checks import (
    bool_arg,
    callable_arg,
    choice_arg,
    instance_arg,
    int_arg,
    items_arg,
    sorted_tiles_arg,
    tile_arg,
)
from ..base.rules import Rules, rules_arg
from ..base.tiles import N_KINDS, as_counts, can_start_run, check_size
from ..hand.decompose import is_standard_win
from ..hand.forms import is_win

MAX_HANDS = 1_000_000
"""The most hands :func:`wrong_hands` reads."""


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
    return _greedy(as_counts(hand), run_first=False,
                   try_every_pair=bool_arg(try_every_pair, "try_every_pair"))


def greedy_run_first(hand: str | Sequence[int], try_every_pair: bool = False) -> bool:
    """Greedy: the first pair found, then a run whenever the smallest tile starts one.

    Wrong even when every pair is tried:

    >>> from mjcore import is_win
    >>> greedy_run_first("11122234m", try_every_pair=True), is_win("11122234m")
    (False, True)
    """
    return _greedy(as_counts(hand), run_first=True,
                   try_every_pair=bool_arg(try_every_pair, "try_every_pair"))


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

    ``tiles`` is a sorted list of at most 14 numbers 0-33.
    """
    return _list_recursion(sorted_tiles_arg(tiles))


def _list_recursion(tiles: list[int]) -> bool:
    if not tiles:
        return True
    first = tiles[0]
    if len(tiles) % 3 != 0 and tiles.count(first) >= 2 and _list_recursion(tiles[2:]):
        return True
    if tiles.count(first) >= 3 and _list_recursion(tiles[3:]):
        return True
    if first + 1 in tiles and first + 2 in tiles:
        rest = list(tiles)
        for t in (first, first + 1, first + 2):
            rest.remove(t)
        if _list_recursion(rest):
            return True
    return False


def list_recursion_waits(tiles: list[int]) -> list[int]:
    """Seed 004's wait finder: tries only the numbers 1-9 (one suit), [0] for none.

    >>> list_recursion_waits([1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9])
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    tiles = sorted_tiles_arg(tiles, max_items=13)
    found = [t for t in range(1, 10)
             if tiles.count(t) < 4 and _list_recursion(sorted(tiles + [t]))]
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


# --- seed 001, section 5: the pitfalls, each as a runnable broken version ---

def _split(counts: list[int], tile: int, need_pair: bool, starts_run) -> bool:
    """The smallest-tile split of :mod:`mjcore.hand.decompose` with a pluggable run test."""
    while tile < N_KINDS and counts[tile] == 0:
        tile += 1
    if tile == N_KINDS:
        return not need_pair
    n = counts[tile]
    for take_pair in ((False, True) if need_pair else (False,)):
        for take_triplet in (False, True):
            runs = n - 2 * take_pair - 3 * take_triplet
            if runs < 0 or runs and not (starts_run(tile) and counts[tile + 1] >= runs
                                         and counts[tile + 2] >= runs):
                continue
            counts[tile] = 0
            counts[tile + 1:tile + 3] = [c - runs for c in counts[tile + 1:tile + 3]]
            ok = _split(counts, tile + 1, need_pair and not take_pair, starts_run)
            counts[tile + 1:tile + 3] = [c + runs for c in counts[tile + 1:tile + 3]]
            counts[tile] = n
            if ok:
                return True
    return False


def is_win_honour_runs(hand: str | Sequence[int]) -> bool:
    """A standard win check whose run test forgot ``tile < 27``.

    Only ``tile % 9 <= 6`` is checked, so honours 27-33 make runs: 7z 6z 5z
    (zhong fa bai, tiles 31 32 33) and 1z 2z 3z (east south west) pass.

    >>> from mjcore import is_win, STANDARD
    >>> is_win_honour_runs("567z11m"), is_win("567z11m", STANDARD)
    (True, False)

    It also reads past the end of the counts when 5z (tile 33) is the
    smallest tile left and a run from it is tried; C++ would read
    whatever memory follows the array, Python stops:

    >>> is_win_honour_runs("55z")
    Traceback (most recent call last):
    ...
    IndexError: list index out of range
    """
    counts = as_counts(hand)
    check_size(counts, "3n+2", "a winning shape")
    return _split(list(counts), 0, True, run_start_forgets_honours)


def run_start_forgets_honours(tile: int) -> bool:
    """The run test with ``tile % 9 <= 6`` only.

    >>> [tile for tile in range(27, 34) if run_start_forgets_honours(tile)]
    [27, 28, 29, 30, 31, 32, 33]
    """
    return tile_arg(tile) % 9 <= 6


def run_start_forgets_suit_end(tile: int) -> bool:
    """The run test with ``tile < 27`` only.

    >>> [tile for tile in range(27) if run_start_forgets_suit_end(tile) and tile % 9 > 6]
    [7, 8, 16, 17, 25, 26]
    """
    return tile_arg(tile) < 27


def is_win_wrapping_runs(hand: str | Sequence[int]) -> bool:
    """A standard win check whose run test forgot ``tile % 9 <= 6``.

    Only ``tile < 27`` is checked, so a run may run off the end of a suit:
    8m 9m 1s are tiles 7 8 9.

    >>> from mjcore import is_win, STANDARD
    >>> is_win_wrapping_runs("89m1s11p"), is_win("89m1s11p", STANDARD)
    (True, False)
    """
    counts = as_counts(hand)
    check_size(counts, "3n+2", "a winning shape")
    return _split(list(counts), 0, True, run_start_forgets_suit_end)


def seven_pairs_exact_two(hand: str | Sequence[int]) -> bool:
    """Seven pairs counted with ``count == 2``: four of a kind is skipped.

    Right only for rules where four of a kind is not two pairs; under
    POYANG (four as two pairs) it misses luxury seven pairs 豪华七对.

    >>> from mjcore import is_seven_pairs
    >>> seven_pairs_exact_two("1111m3344p5566s77z"), is_seven_pairs("1111m3344p5566s77z")
    (False, True)
    """
    counts = as_counts(hand)
    return sum(c == 2 for c in counts) == 7


def memo_standard_win(hand: str | Sequence[int], memo: dict, key_has_pair: bool = False) -> bool:
    """A standard win check memoized in ``memo``, keyed on the counts left.

    Seed 001 warns that a key without "is the pair still owed" mixes two
    states.  In a check where every tile must be used it cannot: the tiles
    left number 3k+2 while the pair is owed and 3k once it is taken.  With
    ``key_has_pair`` the flag is put in the key as well, for comparison.
    The same ``memo`` may be shared across hands.

    >>> memo = {}
    >>> memo_standard_win("11122m", memo), memo_standard_win("11123m", memo)
    (True, True)
    >>> len(memo), all(len(key) == 34 for key in memo)  # keys: the 34 counts, no flag
    (5, True)
    """
    counts = as_counts(hand)
    check_size(counts, "3n+2", "a winning shape")
    instance_arg(memo, dict, "memo")
    key_has_pair = bool_arg(key_has_pair, "key_has_pair")

    def split(counts: list[int], need_pair: bool) -> bool:
        key = (tuple(counts), need_pair) if key_has_pair else tuple(counts)
        if key not in memo:
            memo[key] = _split_one_level(counts, need_pair, split)
        return memo[key]

    return split(list(counts), True)


def _split_one_level(counts: list[int], need_pair: bool, recurse) -> bool:
    """One step of the smallest-tile split; ``recurse(counts, need_pair)`` does the rest."""
    tile = 0
    while tile < N_KINDS and counts[tile] == 0:
        tile += 1
    if tile == N_KINDS:
        return not need_pair
    n = counts[tile]
    for take_pair in ((False, True) if need_pair else (False,)):
        for take_triplet in (False, True):
            runs = n - 2 * take_pair - 3 * take_triplet
            if runs < 0 or runs and not (can_start_run(tile) and counts[tile + 1] >= runs
                                         and counts[tile + 2] >= runs):
                continue
            rest = list(counts)
            rest[tile] = 0
            if runs:
                rest[tile + 1] -= runs
                rest[tile + 2] -= runs
            if recurse(rest, need_pair and not take_pair):
                return True
    return False


def memo_is_win(hand: str | Sequence[int], rules: Rules, memo: dict) -> bool:
    """:func:`mjcore.is_win` behind a memo keyed on the counts, not the rules.

    Harmless while one memo serves one set of rules; shared between two,
    the first answer sticks.

    >>> from mjcore import POYANG, STANDARD
    >>> memo = {}
    >>> memo_is_win("1122m3344p5566s77z", STANDARD, memo)
    False
    >>> memo_is_win("1122m3344p5566s77z", POYANG, memo), is_win("1122m3344p5566s77z", POYANG)
    (False, True)
    """
    counts, rules = as_counts(hand), rules_arg(rules)
    instance_arg(memo, dict, "memo")
    if counts not in memo:
        memo[counts] = is_win(counts, rules)
    return memo[counts]


def can_take_melds(hand: str | Sequence[int], need_melds: int, memo: dict | None = None,
                   key_has_need: bool = True) -> bool:
    """True when ``need_melds`` melds can be taken out of the hand, tiles left over allowed.

    A search of the kind shanten 向听 counting uses: here tiles may be
    left out, so the counts left no longer tell how many melds are still
    owed.  With ``key_has_need=False`` the memo forgets ``need_melds`` and
    answers for one state with another's result.  Any number of tiles.

    >>> memo = {}
    >>> can_take_melds("456m", 2, memo, key_has_need=False)
    False
    >>> can_take_melds("456m", 1, memo, key_has_need=False), can_take_melds("456m", 1)
    (False, True)

    One search can meet the same tiles with different needs, so even a
    fresh memo goes wrong (123m 123m 456m is there):

    >>> can_take_melds("1112233456m", 3, {}, key_has_need=False)
    False
    >>> can_take_melds("1112233456m", 3)
    True
    """
    counts = as_counts(hand)
    need_melds = int_arg(need_melds, "need_melds", 0, 4)
    key_has_need = bool_arg(key_has_need, "key_has_need")
    if memo is None:
        memo = {}
    instance_arg(memo, dict, "memo")

    def take(counts: tuple[int, ...], need: int) -> bool:
        if need == 0:
            return True
        key = (counts, need) if key_has_need else counts
        if key in memo:
            return memo[key]
        tile = 0
        while tile < N_KINDS and counts[tile] == 0:
            tile += 1
        found = False
        if tile < N_KINDS:
            n = counts[tile]
            for triplet in (1, 0) if n >= 3 else (0,):
                for runs in range(n - 3 * triplet, -1, -1):
                    if runs and not (can_start_run(tile) and counts[tile + 1] >= runs
                                     and counts[tile + 2] >= runs):
                        continue
                    rest = list(counts)
                    rest[tile] = 0  # copies in no meld are left over
                    if runs:
                        rest[tile + 1] -= runs
                        rest[tile + 2] -= runs
                    if take(tuple(rest), max(0, need - triplet - runs)):
                        found = True
                        break
                if found:
                    break
        memo[key] = found
        return found

    return take(counts, need_melds)


# --- the test bed: every hand of one suit -------------------------------

def single_suit_hands(n_tiles: int) -> list[tuple[int, ...]]:
    """Every hand of ``n_tiles`` wan tiles 万 (1m-9m, at most 4 of each), as counts.

    In lexicographic order of the counts, so the first hand of a list piles
    up on 9m.  Any other suit reads the same (runs and triplets do not
    care about the suit), so one suit stands for all three.

    >>> [len(single_suit_hands(n)) for n in (2, 5, 8, 11, 14)]
    [45, 1278, 11385, 48879, 118800]
    >>> from mjcore import to_mpsz
    >>> to_mpsz(single_suit_hands(2)[0]), to_mpsz(single_suit_hands(2)[-1])
    ('99m', '11m')
    """
    n_tiles = int_arg(n_tiles, "n_tiles", 0, 36)  # one suit holds 0-36 tiles
    hands: list[tuple[int, ...]] = []
    ranks: list[int] = []

    def fill(rank: int, left: int) -> None:
        if rank == 8:
            if left <= 4:
                hands.append(tuple(ranks + [left]) + (0,) * (N_KINDS - 9))
            return
        for c in range(min(4, left) + 1):
            ranks.append(c)
            fill(rank + 1, left - c)
            ranks.pop()

    fill(0, n_tiles)
    return hands


def wrong_hands(strategy, hands: Iterable[Sequence[int]],
                reference=is_standard_win) -> list[tuple[int, ...]]:
    """The hands where ``strategy(counts)`` and ``reference(counts)`` disagree.

    >>> wrong_hands(greedy_triplet_first, single_suit_hands(5))[:1]  # doctest: +ELLIPSIS
    [(0, 0, ...)]
    >>> len(wrong_hands(greedy_triplet_first, single_suit_hands(5)))
    36

    ``hands`` holds at most 1,000,000 hands.
    """
    callable_arg(strategy, "strategy")
    callable_arg(reference, "reference")
    return [tuple(h) for h in items_arg(hands, "hands", MAX_HANDS, "hands")
            if strategy(h) != reference(h)]


def verdicts(strategy, hands: Mapping[int, Sequence[Sequence[int]]]) -> dict[int, list[bool]]:
    """Run ``strategy`` on every hand: ``{size: [verdict for each hand]}``.

    >>> from mjcore import to_mpsz
    >>> hands = {5: single_suit_hands(5)[:3]}
    >>> [to_mpsz(h) for h in hands[5]]
    ['89999m', '88999m', '88899m']
    >>> verdicts(greedy_run_first, hands), verdicts(is_standard_win, hands)
    ({5: [False, True, False]}, {5: [False, True, True]})
    """
    callable_arg(strategy, "strategy")
    instance_arg(hands, Mapping, "hands", "a mapping of size to hands")
    return {n: [bool(strategy(h)) for h in hs] for n, hs in hands.items()}


def wrong_by_size(said: Mapping[int, Sequence[bool]], answers: Mapping[int, Sequence[bool]],
                  which: str = "both") -> dict[int, int]:
    """How many verdicts of each size differ from the right answers.

    ``said`` and ``answers`` map a hand size to verdicts in the same hand
    order (see :func:`verdicts`).  ``which`` counts only false wins
    (``"false_win"``: said True, should be False), only missed wins
    (``"false_loss"``), or ``"both"``.  Sizes with no mistake are left
    out, so a strategy that is never wrong gives ``{}``.

    >>> hands = {n: single_suit_hands(n) for n in (2, 5)}
    >>> answers = verdicts(is_standard_win, hands)
    >>> said = verdicts(greedy_triplet_first, hands)
    >>> wrong_by_size(said, answers), wrong_by_size(said, answers, "false_win")
    ({5: 36}, {})
    >>> wrong_by_size(answers, answers)
    {}
    """
    wanted = {"both": (True, False), "false_win": (True,), "false_loss": (False,)}
    choice_arg(which, "which", wanted)
    instance_arg(said, Mapping, "said", "a mapping of size to verdicts")
    instance_arg(answers, Mapping, "answers", "a mapping of size to verdicts")
    wrong = {}
    for n, answer in answers.items():
        count = sum(s != a and s in wanted[which]
                    for s, a in zip(said[n], answer, strict=True))
        if count:
            wrong[n] = count
    return wrong
