"""Exact counts (mjcore.counting) against brute force, closed forms and sampling.

The brute forces visit every hand of a smaller case (one suit, or a few
tiles over all 34 kinds) and judge it with the search of
:mod:`mjcore.decompose`, the checks of :mod:`mjcore.forms` or
:func:`mjcore.shanten.shanten`; the full-size numbers are checked by
counting formulas and by seeded sampling.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement
from math import comb, sqrt

import pytest

from mjcore import (
    POYANG,
    RIICHI,
    STANDARD,
    HandError,
    Rules,
    is_seven_pairs,
    is_standard_win,
)
from mjcore.counting import (
    census,
    complete_suit_hands,
    count_wins,
    deals,
    parts,
    shanten_census,
    suit_feature_census,
    suit_features,
    suit_tenpai,
    winning_census,
)
from mjcore.shanten import LAN_SETS, shanten


def suit_hands(tiles: int) -> list[tuple[int, ...]]:
    """Every one-suit hand of exactly ``tiles`` tiles, as 34 counts (in the wan suit)."""
    return [part + (0,) * 25 for part in parts(9, tiles) if sum(part) == tiles]


def test_deals_add_up_to_binomials():
    # Vandermonde: choosing n of the 36 tiles of a suit, grouped by counts per rank
    for n in range(15):
        assert sum(deals(p) for p in parts(9, n) if sum(p) == n) == comb(36, n)
        assert sum(deals(p) for p in parts(7, n) if sum(p) == n) == comb(28, n)


@pytest.mark.parametrize("tiles", [2, 5, 8, 11, 14])
def test_complete_suit_hands_by_search(tiles):
    found = [h[:9] for h in suit_hands(tiles) if is_standard_win(h)]
    assert complete_suit_hands(tiles) == sorted(found)


@pytest.mark.parametrize("tiles", [1, 4, 7, 10, 13])
def test_suit_tenpai_by_search(tiles):
    expected = {}
    for hand in suit_hands(tiles):
        ranks = tuple(r for r in range(9) if hand[r] < 4
                      and is_standard_win(hand[:r] + (hand[r] + 1,) + hand[r + 1:]))
        if ranks:
            expected[hand[:9]] = ranks
    assert suit_tenpai(tiles) == expected


def test_winning_census_one_suit_by_search():
    expected: Counter[frozenset[str]] = Counter()
    ways: Counter[frozenset[str]] = Counter()
    for hand in suit_hands(14):
        forms = frozenset(name for name, ok in [
            ("standard", is_standard_win(hand)),
            ("seven_pairs", is_seven_pairs(hand, four_as_two_pairs=False)),
            ("luxury_seven_pairs", is_seven_pairs(hand, four_as_two_pairs=True))] if ok)
        if forms:
            expected[forms] += 1
            ways[forms] += deals(hand)
    assert winning_census(1, False) == {f: (expected[f], ways[f]) for f in expected}


def test_special_forms_by_formula():
    table = winning_census()

    def only(form: str) -> tuple[int, int]:
        chosen = [w for f, w in table.items() if form in f]
        return sum(h for h, _ in chosen), sum(w for _, w in chosen)

    # seven kinds of 34, each a pair
    assert only("seven_pairs") == (comb(34, 7), comb(34, 7) * 6 ** 7)
    # j kinds held four times and 7 - 2j held twice
    assert only("luxury_seven_pairs") == (
        sum(comb(34, j) * comb(34 - j, 7 - 2 * j) for j in range(4)),
        sum(comb(34, j) * comb(34 - j, 7 - 2 * j) * 6 ** (7 - 2 * j) for j in range(4)))
    # which of the 13 kinds is doubled; then the copies
    assert only("thirteen_orphans") == (13, 13 * 6 * 4 ** 12)
    # 十三烂: rank sets per suit by size, honours any 14 - k of 7 kinds
    sets = Counter(len(r) for r in LAN_SETS)
    lan = sum(sets[a] * sets[b] * sets[c] * comb(7, 14 - a - b - c)
              for a in range(4) for b in range(4) for c in range(4) if a + b + c >= 7)
    assert only("shisanlan") == (lan, lan * 4 ** 14)
    # the special forms never overlap each other or the standard form, except seven pairs
    assert all(len(f - {"seven_pairs", "luxury_seven_pairs"}) <= 1 for f in table)


def test_union_is_inclusion_exclusion():
    for rules, sp in [(POYANG, "luxury_seven_pairs"), (RIICHI, "seven_pairs")]:
        special = "shisanlan" if rules is POYANG else "thirteen_orphans"
        total = [a + b - c + d for a, b, c, d in zip(
            count_wins(rules, ["standard"]), count_wins(rules, [sp]),
            count_wins(rules, ["standard", sp]), count_wins(rules, [special]), strict=True)]
        assert tuple(total) == count_wins(rules)


def test_feature_census_rank_by_rank():
    assert suit_feature_census(8) == census(suit_features, max_tiles=8)


@pytest.mark.parametrize("tiles", [4, 5])
def test_shanten_census_every_small_hand(tiles):
    found: Counter[int] = Counter()
    ways: Counter[int] = Counter()
    for chosen in combinations_with_replacement(range(34), tiles):
        counts = [0] * 34
        for t in chosen:
            counts[t] += 1
        if max(counts) <= 4:
            value = shanten(tuple(counts), STANDARD)
            found[value] += 1
            ways[value] += deals(counts)
    assert shanten_census(POYANG, tiles) == {k: (found[k], ways[k]) for k in sorted(found)}


@pytest.mark.parametrize("rules", [POYANG, RIICHI, STANDARD])
@pytest.mark.parametrize("tiles", [13, 14])
def test_shanten_census_one_suit(rules, tiles):
    found: Counter[int] = Counter()
    ways: Counter[int] = Counter()
    for hand in suit_hands(tiles):
        value = shanten(hand, rules)
        found[value] += 1
        ways[value] += deals(hand)
    expected = {k: (found[k], ways[k]) for k in sorted(found)}
    assert shanten_census(rules, tiles, suits=1, honors=False) == expected


@pytest.mark.parametrize("rules", [POYANG, RIICHI])
def test_complete_hands_two_ways(rules):
    # two independent dynamic programs: complete-part tables and shanten vectors
    table = shanten_census(rules, 14)
    assert table[-1] == count_wins(rules)
    assert sum(w for _, w in table.values()) == comb(136, 14)


def test_shanten_census_by_sampling():
    """Seeded deals of 13 tiles: every frequency within 4.5 standard errors of exact."""
    rng = random.Random(2026)
    wall = [t for t in range(34) for _ in range(4)]
    n = 4000
    seen = Counter()
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample(wall, 13):
            counts[t] += 1
        seen[shanten(tuple(counts), POYANG)] += 1
    exact = shanten_census(POYANG, 13)
    for value, (_, w) in exact.items():
        p = w / comb(136, 13)
        assert abs(seen[value] / n - p) <= 4.5 * sqrt(p * (1 - p) / n) + 1 / n
    assert set(seen) <= set(exact)


def test_rules_with_orphans_and_shisanlan_refused():
    both = Rules("both", thirteen_orphans=True, shisanlan=True)
    with pytest.raises(HandError, match="not supported"):
        shanten_census(both, 13)
