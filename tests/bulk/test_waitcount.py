"""wait_counts: exact counts of ready hands from the unseen tiles, against a brute force."""

from __future__ import annotations

import random
from math import comb, prod

import pytest

from mjcore import POYANG, RIICHI, STANDARD, HandError, Rules, parse, with_wild
from mjcore.bulk.waitcount import wait_counts
from tests.oracles.oracle import oracle_waits

FORMS = {RIICHI: (True, False, True, False), POYANG: (True, True, False, True),
         STANDARD: (False, False, False, False)}
BOTH = Rules("orphans and lan", thirteen_orphans=True, shisanlan=True)
FORMS[BOTH] = (False, False, True, True)
PAIRS_LAN = Rules("pairs and lan", seven_pairs=True, shisanlan=True)
FORMS[PAIRS_LAN] = (True, False, False, True)


def brute(left: list[int], forms: tuple[bool, bool, bool, bool]) -> tuple[int, list[int]]:
    """Every 13-tile hand from the copies ``left``, its waits tried tile by tile."""
    kinds = [t for t in range(34) if left[t]]
    ready = 0
    waiting = [0] * 34
    hand = [0] * 34

    def visit(i: int, need: int) -> None:
        nonlocal ready
        if need == 0:
            found = oracle_waits(hand, forms)
            if found:
                weight = prod(comb(left[t], hand[t]) for t in kinds)
                ready += weight
                for t in found:
                    waiting[t] += weight
            return
        if i == len(kinds):
            return
        t = kinds[i]
        for c in range(min(left[t], need) + 1):
            hand[t] = c
            visit(i + 1, need - c)
        hand[t] = 0

    visit(0, 13)
    return ready, waiting


def visible_for(left: list[int]) -> tuple[int, ...]:
    return tuple(4 - u for u in left)


def random_left(rng: random.Random, kinds: list[int]) -> list[int]:
    left = [0] * 34
    for t in kinds:
        left[t] = rng.choice((1, 1, 2, 3))
    return left


# seeds whose sets make a few hundred hands: the oracle takes milliseconds a hand
@pytest.mark.parametrize("rules", [RIICHI, POYANG, STANDARD])
@pytest.mark.parametrize("seed", [3, 4])
def test_one_suit_by_brute_force(rules, seed):
    rng = random.Random(seed)
    left = random_left(rng, list(range(9 * (seed % 3), 9 * (seed % 3) + 9)))
    counts = wait_counts(visible_for(left), rules)
    ready, waiting = brute(left, FORMS[rules])
    assert ready > 0
    assert (counts.ready, list(counts.waiting)) == (ready, waiting)
    # the chance that a ready hand waits on each tile, from the brute force's counts
    assert counts.shares() == pytest.approx([w / ready for w in waiting], rel=1e-12)


@pytest.mark.parametrize("rules", [RIICHI, POYANG, STANDARD])
@pytest.mark.parametrize("seed", [4, 5])
def test_mixed_set_by_brute_force(rules, seed):
    # a few ranks of two suits and three honours: melds across parts, pairs, honours
    rng = random.Random(seed)
    kinds = [0, 1, 2, 3, 12, 13, 14, 27, 31, 33]
    left = random_left(rng, kinds)
    counts = wait_counts(visible_for(left), rules)
    ready, waiting = brute(left, FORMS[rules])
    assert ready > 0
    assert (counts.ready, list(counts.waiting)) == (ready, waiting)


@pytest.mark.parametrize("rules", [RIICHI, POYANG, BOTH, PAIRS_LAN])
def test_special_forms_by_brute_force(rules):
    # the thirteen orphans one copy each (two of 1m), 4m and 5p: thirteen orphans
    # and 十三烂 both reachable, and the hands ready both ways
    left = [0] * 34
    for t in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
        left[t] = 1
    left[0] = 2
    left[3] = left[22] = 1
    counts = wait_counts(visible_for(left), rules)
    ready, waiting = brute(left, FORMS[rules])
    assert ready > 0
    assert (counts.ready, list(counts.waiting)) == (ready, waiting)


def test_predictor_table():
    # tomohxx/predictor's README prints, for riichi forms and nothing seen, its
    # three columns per tile; its total is 39,270,395,383,132.  Its seven-pairs
    # column takes away every hand ready both ways whose waits as melds hold the
    # tile, not only those whose single it is, so its rows sum below the union.
    counts = wait_counts(rules=RIICHI)
    assert counts.ready == 39270395383132
    rows = {0: (1078779323540, 206489564928, 369098752), 1: (1497427489192, 206414542080, 0),
            2: (1904785533776, 206338959360, 0), 3: (1809210481028, 206265429504, 0),
            4: (1770865960192, 206270095104, 0),
            27: (610581839388, 206665737984, 369098752)}
    forms = counts.forms
    for tile in range(34):
        suit_rank = tile % 9 if tile < 27 else None
        row = rows[27] if suit_rank is None else rows[min(suit_rank, 8 - suit_rank)]
        found = (forms["standard"][tile],
                 forms["seven_pairs"][tile] - forms["seven_pairs_ready"][tile],
                 forms["thirteen_orphans"][tile])
        assert found == row
        union = forms["standard"][tile] + forms["seven_pairs"][tile] - forms["both"][tile] \
            + forms["thirteen_orphans"][tile]
        assert counts.waiting[tile] == union >= sum(row)


def test_visible_lowers_and_shares():
    full = wait_counts(rules=RIICHI)
    seen = wait_counts("1111m", RIICHI)
    assert seen.ready < full.ready
    assert seen.waiting[1] < full.waiting[1]
    # no copy of 1m left: hands waiting on it hold none, yet they wait on it
    assert seen.waiting[0] > 0
    shares = full.shares()
    assert all(0 < s < 1 for s in shares)
    empty = wait_counts(parse("1111222233334444m") + (0,) * 0, RIICHI)
    assert empty.ready > 0


def test_nothing_left_is_zero():
    everything = (4,) * 34
    counts = wait_counts(everything, RIICHI)
    assert counts.ready == 0 and counts.waiting == (0,) * 34
    assert counts.shares() == (0.0,) * 34


@pytest.mark.parametrize(("visible", "match"), [
    ("11111m", "visible"), ((5,) + (0,) * 33, "visible: 1m appears 5 times"),
    ((0,) * 33, "visible"), (42, "visible"), ("xyz", "visible")])
def test_visible_checked(visible, match):
    with pytest.raises(HandError, match=match):
        wait_counts(visible, RIICHI)


def test_rules_checked():
    with pytest.raises(HandError, match="rules"):
        wait_counts(None, "nope")
    with pytest.raises(HandError, match="wild"):
        wait_counts(None, with_wild(POYANG, "5z"))
