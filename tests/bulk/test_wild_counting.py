"""Exact counts with wild tiles (mjcore.bulk.wildcount.wild_counts, need_census, part_needs)
and chapter 11's lessons (mjcore.lessons.wildnaive) against independent checks.

* the needs of the rank-by-rank program against :func:`mjcore.hand.wild.part_need`;
* the counts of small tile sets against every hand, judged one at a time by
  :func:`mjcore.is_win` and :func:`mjcore.shanten` (with and without the wild kind);
* the counts of one suit and the wild kind at 13 and 14 tiles against every hand, judged
  by the lesson's backtracking (memoized) and mjcore's plain checks;
* the full counts against chapter 9's: without jokers the two readings agree, and the
  plain reading summed over the wild copies is chapter 9's count of the same rules;
* the three win checks of the lesson and substitution shanten against mjcore.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from math import comb, prod

import pytest

from mjcore import HONGZHONG, STANDARD, HandError, Rules, is_win, shanten, with_wild
from mjcore.bulk import counting, wildcount
from mjcore.hand.tables import complete_parts
from mjcore.hand.wild import part_need
from mjcore.lessons import wildnaive as wn

RED = 31  # 7z, 红中
RULES = {
    "hongzhong": HONGZHONG,
    "standard": with_wild(STANDARD, "7z"),
    "distinct pairs": Rules(name="pairs-wild", seven_pairs=True, wild="7z"),
}


def capped(need: int) -> int:
    return min(need, wildcount.NEED_CAP)


def test_part_needs_agree_with_part_need():
    small = [p for p in counting.parts(9, 7)]
    rng = random.Random(2026)
    large = rng.sample([p for p in counting.parts(9) if sum(p) > 7], 1500)
    for part in small + large:
        assert wildcount.part_needs(part) == (capped(part_need(part, False, True)),
                                              capped(part_need(part, True, True))), part
    for part in counting.parts(7):
        assert wildcount.part_needs(part, runs=False) == (
            capped(part_need(part, False, False)), capped(part_need(part, True, False))), part


def test_need_table_extends_the_complete_tables():
    """Chapter 4's complete suits are the table's parts of need 0: without the pair in
    the melds role, with it in the pair role."""
    table = wildcount.need_table()
    assert len(table) == 405_350
    zero = {part: 0 for part, (melds, _) in table.items() if melds == 0}
    zero.update({part: 1 for part, (_, pair) in table.items() if pair == 0})
    assert zero == {part: pairs for part, pairs in complete_parts().items() if sum(part) <= 14}


def hands_of(tiles: int, suits: int, honors: bool) -> list[tuple[int, ...]]:
    """Every hand of ``tiles`` tiles over the reduced set (the wild kind always in it)."""
    kinds = list(range(9 * suits)) + ([27, 28, 29, 30, 31, 32, 33] if honors else [RED])
    found = []
    for chosen in combinations_with_replacement(kinds, tiles):
        counts = [0] * 34
        for t in chosen:
            counts[t] += 1
        if max(counts) <= 4:
            found.append(tuple(counts))
    return found


WAYS = [comb(4, c) for c in range(5)]


def deals(counts: tuple[int, ...]) -> int:
    """Ways to deal the counts from four copies of each kind (counting.deals, unchecked)."""
    return prod(WAYS[c] for c in counts)


def brute_counts(rules: Rules, tiles: int, hands: list[tuple[int, ...]]) -> dict:
    """k -> [dealt hands, deals, wild hands, deals, plain hands, deals], one hand at a time."""
    plain = with_wild(rules, None)
    found: dict[int, list[int]] = {}
    for hand in hands:
        row = found.setdefault(hand[RED], [0] * 6)
        ways = deals(hand)
        if tiles % 3 == 2:
            wild, ordinary = is_win(hand, rules), is_win(hand, plain)
        else:
            wild, ordinary = shanten(hand, rules) == 0, shanten(hand, plain) == 0
        for i, flag in enumerate((True, wild, ordinary)):
            if flag:
                row[2 * i] += 1
                row[2 * i + 1] += ways
    return found


def as_rows(counts: tuple[wildcount.WildCount, ...]) -> dict:
    return {c.jokers: [*c.dealt, *c.wild, *c.plain] for c in counts}


@pytest.mark.parametrize("name", list(RULES))
@pytest.mark.parametrize("tiles, suits, honors", [
    (1, 1, False), (2, 1, False), (4, 1, False), (5, 1, False), (7, 1, False),
    (8, 1, False), (2, 1, True), (4, 1, True), (5, 1, True), (4, 2, False)])
def test_small_tile_sets_by_every_hand(name, tiles, suits, honors):
    rules = RULES[name]
    expected = brute_counts(rules, tiles, hands_of(tiles, suits, honors))
    assert as_rows(wildcount.wild_counts(rules, tiles, suits, honors)) == expected


MEMO: dict = {}
"""The lesson's memo of part needs, shared by the full-size cases."""


@pytest.mark.slow  # make verify; test_small_tile_sets_by_every_hand runs in make test
@pytest.mark.parametrize("name, tiles", [("hongzhong", 10), ("distinct pairs", 14)])
def test_one_suit_and_the_wild_kind_at_large_sizes(name, tiles):
    """Every hand of one suit and the 7z (ready hands of 10 tiles, wins of 14 with seven
    pairs; 13 and 14 under hongzhong pass too, in about 35 s more): the wild reading by
    the lesson's backtracking
    (a 13-tile hand ready when a drawn joker wins), the plain one by mjcore."""
    rules = RULES[name]
    plain = with_wild(rules, None)
    memo = MEMO
    found: dict[int, list[int]] = {}
    for k in range(5):
        for part in counting.parts(9, tiles - k):
            if sum(part) != tiles - k:
                continue
            hand = part + (0,) * 22 + (k, 0, 0)
            real = part + (0,) * 25
            needs = [(wn.spend_need(real[s:e], False, r, memo=memo),
                      wn.spend_need(real[s:e], True, r, memo=memo)) for s, e, r in wn.PARTS]
            free = k + (tiles % 3 == 1)  # a hand of 3n+1 tiles: ready when a joker wins
            odd = sum(c & 1 for c in part)
            wild = (min(sum(m for m, _ in needs) - m + p for m, p in needs) <= free
                    or tiles >= 13 and odd <= free
                    and (rules.four_as_two_pairs or max(part) <= 2))
            ordinary = (is_win(hand, plain) if tiles % 3 == 2 else shanten(hand, plain) == 0)
            row = found.setdefault(k, [0] * 6)
            for i, flag in enumerate((True, wild, ordinary)):
                if flag:
                    row[2 * i] += 1
                    row[2 * i + 1] += deals(hand)
    assert as_rows(wildcount.wild_counts(rules, tiles, 1, False)) == found


@pytest.mark.slow  # make verify: every deal of 136 tiles counted again
def test_full_counts_against_chapter_7():
    for rules in (HONGZHONG, RULES["standard"], RULES["distinct pairs"]):
        counts = wildcount.wild_counts(rules, 14)
        assert [c.jokers for c in counts] == [0, 1, 2, 3, 4]
        assert sum(c.dealt[1] for c in counts) == comb(136, 14)
        assert counts[0].wild == counts[0].plain  # no joker: the same deals win
        plain = with_wild(rules, None)
        total = tuple(sum(c.plain[i] for c in counts) for i in (0, 1))
        assert total == counting.count_wins(plain)
    assert counting.count_wins(STANDARD)[1] == 11_353_128_141_498


@pytest.mark.slow  # make verify: every deal of 136 tiles counted again
def test_ready_counts_against_chapter_7():
    counts = wildcount.wild_counts(HONGZHONG, 13)
    assert sum(c.dealt[1] for c in counts) == comb(136, 13)
    total = tuple(sum(c.plain[i] for c in counts) for i in (0, 1))
    assert total == counting.ready_deals(with_wild(HONGZHONG, None))
    # every deal ready without wilds is ready with them
    assert all(c.plain[1] <= c.wild[1] for c in counts)
    # a 13-tile deal with k jokers is ready when its real tiles win with k + 1
    wins = wildcount.wild_counts(HONGZHONG, 14)
    assert [c.wild[0] for c in counts[:4]] == [c.wild[0] for c in wins[1:]]


def test_ready_is_a_drawn_joker_that_wins():
    rng = random.Random(33)
    tables = wn.need_tables()
    for rules in RULES.values():
        for k in range(5):
            hands = wn.joker_hands(40, 13, k, rng)
            hands += [drop_one(rng, h) for h in wn.joker_wins(40, min(k, 3), rng)]
            for hand in hands:
                assert (shanten(hand, rules) == 0) == wn.table_win(hand, rules, tables, extra=1)


def drop_one(rng: random.Random, hand: tuple[int, ...]) -> tuple[int, ...]:
    counts = list(hand)
    counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
    return tuple(counts)


@pytest.mark.parametrize("jokers", [0, 1, 2, 3])
def test_the_three_win_checks_agree(jokers):
    rng = random.Random(50 + jokers)
    tables = wn.need_tables()
    hands = wn.joker_hands(15, 14, jokers, rng) + wn.joker_wins(15, jokers, rng)
    for rules in RULES.values():
        for hand in hands:
            expected = is_win(hand, rules)
            assert wn.substitution_win(hand, rules) == expected, hand
            assert wn.spend_win(hand, rules) == expected
            assert wn.spend_win(hand, rules, lowest=False, memo={}) == expected
            assert wn.table_win(hand, rules, tables) == expected


@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_substitution_shanten_is_shanten(jokers):
    rng = random.Random(70 + jokers)
    for size in (4, 8, 13, 14):
        hands = wn.joker_hands(6, size, jokers, rng)
        for rules in RULES.values():
            for hand in hands:
                assert wn.substitution_shanten(hand, rules) == shanten(hand, rules), hand


def test_the_lowest_tile_rule_cuts_the_search():
    part = (1, 1, 1, 1, 1, 1, 1, 1, 1)
    low, anywhere = wn.Stats(), wn.Stats()
    assert wn.spend_need(part, False, True, low) == wn.spend_need(part, False, True, anywhere,
                                                                  lowest=False) == 0
    assert 10 * low.nodes < anywhere.nodes


def test_wild_counts_refuses_what_it_cannot_count():
    with pytest.raises(HandError, match="wild kind"):
        wildcount.wild_counts(STANDARD)
    with pytest.raises(HandError, match="honour"):
        wildcount.wild_counts(Rules(wild="5m"))
    with pytest.raises(HandError, match="十三烂"):
        wildcount.wild_counts(with_wild("poyang", "7z"))
    with pytest.raises(HandError, match="tiles"):
        wildcount.wild_counts(HONGZHONG, 12)
    with pytest.raises(HandError, match="seven pairs only"):
        wn.substitution_win("11m", with_wild("riichi", "7z"))
