"""Wild tiles 赖子 (làizi): win checks, shanten, waits and effective tiles with jokers.

Under a :class:`~mjcore.base.rules.WildRules` every copy of the wild kind in a hand is a
joker: it stands for any tile, its own kind and a fifth copy of a kind included.  The
rest of the hand, the *real* tiles, is split into its three suits and the honours.

**How many jokers a part needs.**  :func:`part_need` is the fewest jokers that turn
every tile of one part into melds (and, for the pair role, melds and one pair), by a
search that spends jokers as it goes: the lowest tile held must belong to a triplet, a
pair or a run, whose missing tiles are jokers.  The parts are independent, so a hand
of real tiles and ``k`` jokers wins in the standard form exactly when the parts' needs,
one of them in the pair role, add up to at most ``k`` (what is left over makes melds of
jokers alone: the sizes agree modulo 3).

**Shanten.**  In the replacement-number view a hand is ``r`` exchanges from winning
when, after throwing ``r`` real tiles away, the real tiles kept and the free places
(jokers held and tiles to draw) can complete a win.  A joker held is a place that
needs no draw, so the shanten is the replacement number of the real tiles minus the
jokers: :func:`part_frontier` lists, for each number of tiles a part throws away, the
fewest jokers it then needs, and :func:`shanten` combines the four parts.  A place to
fill counts as one draw whatever it needs, since a drawn joker fills any: so a hand
whose only wait is a fifth copy, such as 123456789m1111p, is ready under wild rules (it
waits on the wild kind).  The count does not look at how many jokers the wall still
holds: with all four in the hand, that hand waits on nothing it can draw.

The special forms (seven pairs, thirteen orphans, 十三烂) have closed forms, each in its
function below.  ``tests/hand/test_wild.py`` holds every answer to an independent brute
force over the jokers' assignments.

>>> from mjcore.base.rules import HONGZHONG
>>> shanten("123m456p789s1122z7z", HONGZHONG)   # the 7z (红中) completes the pair or 33z
-1
>>> shanten("123456789m1111p", HONGZHONG)       # ready: a drawn 红中 is the fifth 1p
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import product

from ..base.checks import HandError
from ..base.rules import Rules
from ..base.tiles import COPIES, N_KINDS, as_counts, check_size
from .tables import LAN_SETS, ORPHANS

NEVER = 99
"""A need no joker count reaches (the part cannot be completed)."""

PARTS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
"""The parts of a hand: start, end, and whether runs are allowed."""

TERMINALS_AND_HONORS = frozenset(ORPHANS)


def split(counts: Sequence[int], rules: Rules) -> tuple[tuple[int, ...], int]:
    """The real tiles (the wild kind's count set to 0) and the number of jokers."""
    real = list(counts)
    jokers = real[rules.wild]
    real[rules.wild] = 0
    return tuple(real), jokers


@cache
def part_need(part: tuple[int, ...], pair: bool, runs: bool) -> int:
    """Fewest jokers that make every tile of ``part`` into melds (and one pair if ``pair``).

    >>> part_need((1, 1, 0, 0, 0, 0, 0, 0, 0), False, True)   # 12 + a joker as 3
    1
    >>> part_need((4, 0, 0, 0, 0, 0, 0, 0, 0), True, True)    # 111 1 + a joker as a 5th 1
    1
    >>> part_need((0,) * 7, True, False)                       # the pair of two jokers
    2
    """
    first = next((i for i, c in enumerate(part) if c), None)
    if first is None:
        return 2 if pair else 0
    held = list(part)
    best = NEVER
    for used in range(1, min(3, held[first]) + 1):  # a triplet of the lowest tile
        held[first] -= used
        best = min(best, 3 - used + part_need(tuple(held), pair, runs))
        held[first] += used
    if pair:
        for used in range(1, min(2, held[first]) + 1):  # the pair
            held[first] -= used
            best = min(best, 2 - used + part_need(tuple(held), False, runs))
            held[first] += used
    if runs:
        # a run holding the lowest tile; ranks below it are jokers (none is held)
        for start in range(max(0, first - 2), min(first, 6) + 1):
            above = [r for r in range(start, start + 3) if r > first and held[r]]
            for take in product((False, True), repeat=len(above)):
                taken = [r for r, t in zip(above, take, strict=True) if t]
                held[first] -= 1
                for r in taken:
                    held[r] -= 1
                best = min(best, 2 - len(taken) + part_need(tuple(held), pair, runs))
                held[first] += 1
                for r in taken:
                    held[r] += 1
    return best


@cache
def part_frontier(part: tuple[int, ...], runs: bool) -> tuple[tuple[int, ...], ...]:
    """For each number ``d`` of tiles thrown away, the fewest jokers the rest then needs:
    ``(melds role by d, pair role by d)``, ``d`` from 0 to the part's size.

    >>> part_frontier((1, 0, 0, 0, 1, 0, 0, 0, 1), True)   # 1 5 9: keep all, or throw
    ((6, 4, 2, 0), (5, 3, 1, 2))
    """
    size = sum(part)
    melds, pairs = [NEVER] * (size + 1), [NEVER] * (size + 1)
    for kept in product(*(range(c + 1) for c in part)):
        drop = size - sum(kept)
        melds[drop] = min(melds[drop], part_need(kept, False, runs))
        pairs[drop] = min(pairs[drop], part_need(kept, True, runs))
    return tuple(melds), tuple(pairs)


def standard_shanten(real: tuple[int, ...], jokers: int) -> int:
    """Shanten of the standard form: real tiles and ``jokers`` held (see the module)."""
    size = sum(real) + jokers
    target = size if size % 3 == 2 else size + 1
    free = target - sum(real)  # places for jokers held or drawn, before any tile goes
    # best[pair used][drops] = fewest jokers needed, over the parts so far
    best = {(False, 0): 0}
    for start, end, runs in PARTS:
        melds, pairs = part_frontier(real[start:end], runs)
        after: dict[tuple[bool, int], int] = {}
        for (paired, drops), need in best.items():
            for d in range(len(melds)):
                for role, table in ((paired, melds), (True, pairs)):
                    if table is pairs and paired:
                        continue
                    key = (role, drops + d)
                    value = need + table[d]
                    if value < after.get(key, NEVER + 1):
                        after[key] = value
        best = after
    # throwing a tile away frees its place for a joker or a draw
    drops = min(d for (paired, d), need in best.items() if paired and need <= free + d)
    return drops + (target - size) - 1


def seven_pairs_shanten(real: tuple[int, ...], jokers: int, four_as_two_pairs: bool) -> int:
    """Seven pairs with jokers, for 13 or 14 tiles: a joker pairs with any single.

    >>> seven_pairs_shanten(tuple([1] * 13 + [0] * 21), 0, True)
    6
    """
    size = sum(real) + jokers
    free = 14 - sum(real)
    if four_as_two_pairs:  # any even count is pairs; each odd count needs a joker
        odd = sum(c & 1 for c in real)
        drops = max(0, odd - free + 1) // 2
    else:  # seven kinds, at most two of each
        drops = sum(c - 2 for c in real if c > 2)
        kinds = sorted(min(c, 2) for c in real if c)
        drops += sum(kinds[: max(0, len(kinds) - 7)])
    return drops + (14 - size) - 1


def orphans_shanten(real: tuple[int, ...], jokers: int) -> int:
    """Thirteen orphans with jokers, for 13 or 14 tiles: jokers fill the missing kinds.

    >>> orphans_shanten(tuple(1 if t in TERMINALS_AND_HONORS else 0 for t in range(34)), 0)
    0
    """
    size = sum(real) + jokers
    drops = sum(c for t, c in enumerate(real) if t not in TERMINALS_AND_HONORS)
    extra = [c - 1 for t, c in enumerate(real) if t in TERMINALS_AND_HONORS and c > 1]
    drops += sum(extra) - (1 if extra else 0)
    return drops + (14 - size) - 1


_LAN_SETS = tuple(map(frozenset, LAN_SETS))
"""Every set of ranks of one suit that 十三烂 allows (any two at least 3 apart)."""


def shisanlan_shanten(real: tuple[int, ...], jokers: int) -> int:
    """十三烂 with jokers, for 13 or 14 tiles: jokers fill places the ranks still allow.

    A suit keeps a set of its ranks at least 3 apart and can grow it to the largest
    allowed set containing it; the honours keep one of each kind, and jokers fill
    the rest, so the kept tiles can be completed when the suits can grow to 7 tiles.

    >>> from mjcore import parse
    >>> shisanlan_shanten(parse("147m258p369s1234z"), 0)
    0
    """
    size = sum(real) + jokers
    # every copy past the first goes, then the ranks each suit gives up
    drops = sum(real) - (34 - real.count(0))
    best = _lan_best(_lan_choices(_ranks_held(real[0:9])), _lan_choices(_ranks_held(real[9:18])),
                     _lan_choices(_ranks_held(real[18:27])))
    return drops + best + (14 - size) - 1


def _ranks_held(part: tuple[int, ...]) -> int:
    """The ranks of one suit held, as a 9-bit mask."""
    found = _HELD.get(part)
    if found is None:
        found = _HELD[part] = sum(1 << r for r in range(9) if part[r])
    return found


_HELD: dict[tuple[int, ...], int] = {}


@cache
def _lan_best(a: tuple[int, ...], b: tuple[int, ...], c: tuple[int, ...]) -> int:
    """The fewest ranks the three suits give up so that they can grow to 7 tiles."""
    return min(da + db + dc for ga, da in enumerate(a) for gb, db in enumerate(b)
               for gc, dc in enumerate(c) if ga + gb + gc >= 7)


@cache
def _lan_choices(held: int) -> tuple[int, ...]:
    """For the ranks held in one suit (a 9-bit mask): for each size 0-3 the kept ranks can
    grow to, the fewest held ranks given up (NEVER where no kept set grows to it)."""
    out = [NEVER] * 4
    count = bin(held).count("1")
    for kept in _LAN_SETS:
        mask = sum(1 << r for r in kept)
        if mask & held == mask:
            grow = _GROW[kept]
            for size in range(grow + 1):
                out[size] = min(out[size], count - len(kept))
    return tuple(out)


_GROW = {kept: max(len(s) for s in _LAN_SETS if kept <= s) for kept in _LAN_SETS}
"""The most ranks each allowed set of one suit can grow to."""


def shanten(hand: str | Sequence[int], rules: Rules) -> int:
    """Shanten of a hand of 1-14 tiles under rules with a wild kind, by the exact search
    of :func:`part_frontier` (see the module); :func:`mjcore.shanten` answers the same
    from the tables (:func:`mjcore.hand.shanten.wild_shanten`).

    >>> from mjcore.base.rules import HONGZHONG
    >>> shanten("1122m3344p5566s17z", HONGZHONG)       # seven pairs: 7z pairs the 1z
    -1
    """
    counts = as_counts(hand)
    size = sum(counts)
    if not 0 < size <= 14 or size % 3 == 0:
        raise HandError(f"shanten needs 1-14 tiles and not a multiple of 3, got {size}")
    real, jokers = split(counts, rules)
    best = standard_shanten(real, jokers)
    if size >= 13:
        best = min([best, *(value for _, value in specials(real, jokers, rules))])
    return best


def specials(real: tuple[int, ...], jokers: int, rules: Rules) -> list[tuple[str, int]]:
    """Each special form ``rules`` allow, with its shanten (13 or 14 tiles)."""
    found = []
    if rules.seven_pairs:
        found.append(("seven_pairs",
                      seven_pairs_shanten(real, jokers, rules.four_as_two_pairs)))
    if rules.thirteen_orphans:
        found.append(("thirteen_orphans", orphans_shanten(real, jokers)))
    if rules.shisanlan:
        found.append(("shisanlan", shisanlan_shanten(real, jokers)))
    return found


def winning_forms(hand: str | Sequence[int], rules: Rules) -> list[str]:
    """The forms a 3n+2 hand wins in under rules with a wild kind."""
    counts = as_counts(hand)
    check_size(counts, "3n+2", "a winning shape")
    real, jokers = split(counts, rules)
    forms = ["standard"] if standard_shanten(real, jokers) == -1 else []
    if sum(counts) == 14:
        forms += [name for name, value in specials(real, jokers, rules) if value == -1]
    return forms


def effective_mask(counts: tuple[int, ...], rules: Rules,
                   measure: Callable[[Sequence[int], Rules], int] = shanten) -> tuple[int, int]:
    """The shanten of checked counts and the 34-bit mask of the draws that lower it (a
    draw of the wild kind is a joker; a kind held four times is never drawn), each
    shanten by ``measure`` (:func:`mjcore.hand.shanten.wild_shanten` in the library,
    this module's exact :func:`shanten` by default).  For 3n+2 counts a draw counts
    when it and the best discard after it lower the shanten.

    >>> from mjcore import parse
    >>> from mjcore.base.rules import HONGZHONG
    >>> now, mask = effective_mask(parse("111222333m4445s"), HONGZHONG)
    >>> now, [t for t in range(34) if mask >> t & 1]   # 3s 5s 6s, and the 红中
    (0, [11, 13, 14, 31])
    """
    now = measure(counts, rules)
    mask = 0
    drawn = list(counts)
    discard = sum(counts) % 3 == 2
    for tile in range(N_KINDS):
        if counts[tile] == COPIES:  # no copy left to draw
            continue
        drawn[tile] += 1
        if discard:
            kept = [t for t in range(N_KINDS) if drawn[t] and t != tile]
            better = any(measure(drawn[:t] + [drawn[t] - 1] + drawn[t + 1:], rules) < now
                         for t in kept)
        else:
            better = measure(drawn, rules) < now
        if better:
            mask |= 1 << tile
        drawn[tile] -= 1
    return now, mask
