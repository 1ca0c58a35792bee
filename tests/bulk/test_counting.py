"""Exact counts (mjcore.bulk.counting) against brute force, closed forms and sampling.

The brute forces visit every hand of a smaller case (one suit, or a few
tiles over all 34 kinds) and judge it with the search of
:mod:`mjcore.hand.decompose`, the checks of :mod:`mjcore.hand.forms` or
:func:`mjcore.hand.shanten.shanten`; the full-size numbers are checked by
counting formulas and by seeded sampling.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement
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
from mjcore.bulk.counting import (
    census,
    complete_suit_hands,
    count_wins,
    deals,
    parts,
    random_deal,
    ready_deals,
    shanten_census,
    suit_feature_census,
    suit_features,
    suit_tenpai,
    wait_census,
    winning_census,
)
from mjcore.bulk.effcount import effective_census, effective_sums
from mjcore.bulk.waitcount import wait_counts
from mjcore.hand.forms import is_win_by_search
from mjcore.hand.shanten import shanten
from mjcore.hand.tables import LAN_SETS, standard_win


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


@pytest.mark.parametrize("tiles", [1, 4, 7, 10,
                                   pytest.param(13, marks=pytest.mark.slow)])  # make verify
def test_suit_tenpai_by_search(tiles):
    expected = {}
    for hand in suit_hands(tiles):
        ranks = tuple(r for r in range(9) if hand[r] < 4
                      and is_standard_win(hand[:r] + (hand[r] + 1,) + hand[r + 1:]))
        if ranks:
            expected[hand[:9]] = ranks
    assert suit_tenpai(tiles) == expected


@pytest.mark.slow  # make verify: the largest censuses (chapter 9 checks its figures)
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


@pytest.mark.slow  # make verify: the largest censuses (chapter 9 checks its figures)
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
    # an anchor outside the census: the published deal counts that chapter 9 cites
    # (notebooks/09_counting.ipynb: 麻雀概論 I, 第3回, 1kawaya.com, and 我打麻将の研究室),
    # 11,353,128,141,498 complete deals of four melds and a pair; its total of the riichi
    # forms, 12,860,384,948,922, counts twice the deals both seven pairs and melds
    assert count_wins(STANDARD)[1] == count_wins(RIICHI, ["standard"])[1] == 11_353_128_141_498
    both = count_wins(RIICHI, ["standard", "seven_pairs"])[1]
    assert count_wins(RIICHI)[1] + both == 12_860_384_948_922


@pytest.mark.slow  # make verify: the largest censuses (chapter 9 checks its figures)
def test_feature_census_rank_by_rank():
    assert suit_feature_census(8) == census(suit_features, max_tiles=8)


@pytest.mark.parametrize("tiles", [2, pytest.param(4, marks=pytest.mark.slow),
                                   pytest.param(5, marks=pytest.mark.slow)])  # 4, 5: verify
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


# --- effective tiles: the census against drawing every tile ------------------

def draw_oracle(hand: tuple[int, ...], rules: Rules, draws: list[tuple[int, int]]) -> int:
    """Effective tiles by trial: draw each tile, compare the shanten (``(tile, times)``)."""
    before = shanten(hand, rules)
    total = 0
    for tile, times in draws:
        if hand[tile] < 4:
            drawn = hand[:tile] + (hand[tile] + 1,) + hand[tile + 1:]
            if shanten(drawn, rules) < before:
                total += times * (4 - hand[tile])
    return total


def brute_effective(rules: Rules, tiles: int, suits: int, honors: bool) -> dict:
    """Every hand of the smaller tile set, every one of the 34 draws: shanten -> sums.

    The hands of one suit and no honours are visited up to reading the
    suit backwards (rank r as 8 - r, the same shape), and draws of the
    absent suits and honours by one representative each (every absent
    suit, and every honour when none is held, is alike).
    """
    ranks = 9 * suits + (7 if honors else 0)
    one_suit = suits == 1 and not honors
    if one_suit:
        draws = [(t, 1) for t in range(9)] + [(t, 2) for t in range(9, 18)] + [(27, 7)]
    else:
        draws = [(t, 1) for t in range(34)]
    found: dict[int, list[int]] = {}
    for part in parts(ranks, tiles):
        if sum(part) != tiles:
            continue
        times = 1
        if one_suit:
            if part[::-1] < part:
                continue
            times = 1 if part[::-1] == part else 2
        hand = part[:9 * suits] + (0,) * (27 - 9 * suits) + (part[9 * suits:] if honors
                                                             else (0,) * 7)
        value = shanten(hand, rules)
        entry = found.setdefault(value, [0, 0, 0])
        entry[0] += times
        entry[1] += times * deals(hand)
        entry[2] += times * deals(hand) * draw_oracle(hand, rules, draws)
    return {k: tuple(v) for k, v in sorted(found.items())}


@pytest.mark.parametrize(("rules", "tiles", "suits", "honors"), [
    (STANDARD, 4, 1, True), (STANDARD, 4, 2, True), (STANDARD, 7, 1, False),
    pytest.param(STANDARD, 13, 1, False, marks=pytest.mark.slow),  # make verify
    pytest.param(RIICHI, 13, 1, False, marks=pytest.mark.slow),
    pytest.param(POYANG, 13, 1, False, marks=pytest.mark.slow)])
def test_effective_census_by_brute_force(rules, tiles, suits, honors):
    found = effective_census(rules, tiles, suits, honors)
    assert {k: tuple(g) for k, g in found.items()} == brute_effective(rules, tiles, suits, honors)
    assert {k: (g.hands, g.deals) for k, g in found.items()} == shanten_census(
        rules, tiles, suits, honors)


@pytest.fixture(scope="module")
def full_effective():
    return {r.name: effective_census(r) for r in (RIICHI, POYANG)}


@pytest.mark.slow  # make verify: the largest censuses (chapter 9 checks its figures)
@pytest.mark.slow  # make verify: the full-size censuses against chapter 9's
@pytest.mark.parametrize("rules", [RIICHI, POYANG])
def test_effective_census_full_size(rules, full_effective):
    found = full_effective[rules.name]
    # the dynamic program counts its own hands and deals; they are the shanten census's
    sums = effective_sums(rules)
    assert {k: (h, w) for k, (_, h, w) in sums.items()} == shanten_census(rules, 13)
    assert {k: (g.hands, g.deals) for k, g in found.items()} == shanten_census(rules, 13)
    # a ready deal and a tile it waits on are a complete deal and a tile of it:
    # summed over ready deals, the effective tiles are 14 times the complete deals
    assert found[0].effective == 14 * count_wins(rules)[1]
    assert sum(g.deals for g in found.values()) == comb(136, 13)


@pytest.mark.slow  # make verify: the largest censuses (chapter 9 checks its figures)
def test_effective_census_riichi_published(full_effective):
    # tomohxx, "配牌時有効牌の枚数" (C++ over every deal): averages by shanten, 13 tiles
    published = {0: 4.5843, 1: 12.2671, 2: 23.3215, 3: 40.4909, 4: 60.6136, 5: 77.8174,
                 6: 100.154}
    found = full_effective["riichi"]
    assert set(found) == set(published)
    for value, mean in published.items():
        g = found[value]
        assert abs(g.effective / g.deals - mean) < 6e-5 * mean
    total = sum(g.effective for g in found.values()) / comb(136, 13)
    assert abs(total - 52.1202) < 1e-4


@pytest.mark.slow  # make verify: the largest censuses (chapter 9 checks its figures)
@pytest.mark.parametrize("rules", [RIICHI, POYANG])
def test_effective_census_by_sampling(rules, full_effective):
    """Seeded deals: each group's mean effective tiles within 4.5 standard errors of exact."""
    rng = random.Random(14)
    groups: dict[int, list[int]] = {}
    for _ in range(1500):
        hand = random_deal(rng, 13)
        groups.setdefault(shanten(hand, rules), []).append(
            draw_oracle(hand, rules, [(t, 1) for t in range(34)]))
    exact = full_effective[rules.name]
    checked = 0
    for value, xs in groups.items():
        if len(xs) < 30:
            continue
        mean = sum(xs) / len(xs)
        sd = (sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)) ** 0.5
        assert abs(mean - exact[value].effective / exact[value].deals) <= 4.5 * sd / len(xs) ** 0.5
        checked += 1
    assert checked >= 3


def test_effective_census_arguments():
    with pytest.raises(HandError, match="tiles must be one of"):
        effective_census(RIICHI, 14)
    with pytest.raises(HandError, match="tiles must be one of"):
        effective_census(RIICHI, True)
    with pytest.raises(HandError, match="suits must be"):
        effective_census(RIICHI, 13, 0)
    with pytest.raises(HandError, match="honors must be"):
        effective_census(RIICHI, 13, 3, 1)
    with pytest.raises(HandError, match="rules must be a Rules"):
        effective_census("riichi")
    with pytest.raises(HandError, match="together"):
        effective_census(Rules("both", thirteen_orphans=True, shisanlan=True))
    with pytest.raises(HandError, match="wait_census: suits"):
        wait_census(RIICHI, 4)


# --- waits of ready hands by tile ----------------------------------------------

@pytest.mark.parametrize("rules", [RIICHI, POYANG, STANDARD])
@pytest.mark.parametrize(("suits", "honors"), [(1, False), (2, False), (1, True)])
def test_ready_deals_two_ways(rules, suits, honors):
    # form checks part by part against the overlap vectors of the shanten census
    assert ready_deals(rules, suits, honors) == shanten_census(rules, 13, suits, honors)[0]


@pytest.mark.parametrize("rules", [RIICHI, POYANG])
def test_ready_deals_full_size(rules):
    assert ready_deals(rules) == shanten_census(rules, 13)[0]


@pytest.mark.slow  # make verify; wait_counts' brute force (test_waitcount) and its full-set
@pytest.mark.parametrize("rules", [RIICHI, POYANG])  # equality with wait_census run in make test
def test_wait_census_one_suit_by_search(rules):
    # every one-suit hand, every draw of its suit judged by chapter 2's backtracking
    # search (no tables); a tile of another suit or an honour is never a wait here,
    # and a suit read backwards (rank r as 8 - r) is the same shape
    expected = [0] * 34
    for part in parts(9, 13):
        if sum(part) == 13 and part[::-1] >= part:
            hand = part + (0,) * 25
            for tile in range(9):
                if hand[tile] < 4 and is_win_by_search(
                        hand[:tile] + (hand[tile] + 1,) + hand[tile + 1:], rules):
                    expected[tile] += deals(hand)
                    if part[::-1] != part:
                        expected[8 - tile] += deals(hand)
    assert wait_census(rules, 1, False) == tuple(expected)


@pytest.mark.slow  # make verify: the largest censuses (chapter 9 checks its figures)
def test_wait_census_riichi_published():
    # tomohxx/predictor README: ready 13-tile deals waiting on each tile, standard form
    found = wait_census(STANDARD)
    suit = [1078779323540, 1497427489192, 1904785533776, 1809210481028, 1770865960192]
    assert found[:9] == tuple(suit + suit[3::-1])
    assert found[9:18] == found[18:27] == found[:9]
    assert found[27:] == (610581839388,) * 7
    orphans = [a - b for a, b in zip(wait_census(Rules("to", thirteen_orphans=True)), found,
                                     strict=True)]
    assert orphans == [369098752 if t in (0, 8, 9, 17, 18, 26) or t >= 27 else 0
                       for t in range(34)]


@pytest.mark.parametrize("tile", [0, 4, 27])
def test_wait_census_seven_pairs_by_formula(tile):
    # a single of the tile and six pairs of other kinds: C(33, 6) * 6^6 * 4 deals wait
    # on it; a deal that also waits on it in the standard form counts once
    others = [t for t in range(34) if t != tile]
    overlap = 0
    for six in combinations(others, 6):
        counts = [0] * 34
        counts[tile] = 2
        for t in six:
            counts[t] = 2
        overlap += standard_win(counts)
    sp = Rules("sp", seven_pairs=True)
    assert wait_census(sp)[tile] == (wait_census(STANDARD)[tile]
                                     + (comb(33, 6) - overlap) * 6 ** 6 * 4)


# --- wait_counts (mjcore.bulk.waitcount), here where the censuses are built ---------------

@pytest.mark.parametrize("rules", [RIICHI, POYANG, STANDARD])
def test_wait_counts_full_set_two_ways(rules):
    # the census of question 7 (whole parts joined by their win states) and the ready
    # census of chapter 9 agree with the rank-by-rank count
    counts = wait_counts(rules=rules)
    assert counts.ready == ready_deals(rules)[1]
    assert counts.waiting == wait_census(rules)
    forms = counts.ready_forms
    if rules is RIICHI:  # the special forms' ready deals by formula
        # six pairs of distinct kinds and a single of a seventh kind
        assert forms["seven_pairs"] == comb(34, 6) * 6 ** 6 * 28 * 4
        # the 13 orphan kinds once each; or 12 of them, one held twice
        assert forms["thirteen_orphans"] == 4 ** 13 + 13 * 12 * 6 * 4 ** 11
        # ready both as melds and as seven pairs: the melds' ready deals plus the seven
        # pairs' less those of either, which the form checks count
        either = ready_deals(Rules("sp", seven_pairs=True))[1]
        assert forms["both"] == ready_deals(STANDARD)[1] + forms["seven_pairs"] - either
        assert 0 < forms["both"] < forms["seven_pairs"]
    if rules is POYANG:
        # a four is two pairs: one kind held once or three times (4 ways each), the other
        # 33 kinds 0, 2 or 4 times (1, 6, 1 ways) making 6 or 5 pairs: (1 + 6x + x^2)^33
        pairs = [1]
        for _ in range(33):
            pairs = [a + 6 * b + c for a, b, c in zip(
                [*pairs, 0, 0], [0, *pairs, 0], [0, 0, *pairs], strict=True)]
        assert forms["seven_pairs"] == 34 * 4 * (pairs[6] + pairs[5])
    # melds alone are the standard rules' count; 十三烂 shares no hand with melds
    standard = wait_counts(rules=STANDARD).ready
    assert forms["standard"] == standard
    if "shisanlan" in forms:
        assert forms["shisanlan"] == wait_counts(rules=Rules("lan", shisanlan=True)).ready \
            - standard
