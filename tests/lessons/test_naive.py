"""Tests for mjcore.lessons.naive: each broken strategy is broken where chapter 2 says, and
only there."""

from __future__ import annotations

import itertools
from functools import partial

import pytest

from mjcore import (
    POYANG,
    RIICHI,
    STANDARD,
    HandError,
    is_seven_pairs,
    is_standard_win,
    is_win,
    parse,
    to_mpsz,
    to_tiles,
)
from mjcore.lessons import naive

SIZES = (2, 5, 8, 11)  # 14 tiles is the notebook's job; these keep the suite fast


@pytest.fixture(scope="module")
def hands():
    return {n: naive.single_suit_hands(n) for n in SIZES}


@pytest.fixture(scope="module")
def right(hands):
    return naive.verdicts(is_standard_win, hands)


def test_single_suit_hands_are_all_distinct_hands_of_that_size():
    counted = {n: 0 for n in (2, 5, 8, 11, 14)}
    for ranks in itertools.product(range(5), repeat=9):
        if sum(ranks) in counted:
            counted[sum(ranks)] += 1
    for n, count in counted.items():
        hs = naive.single_suit_hands(n)
        assert len(hs) == len(set(hs)) == count
        assert all(sum(h) == n and max(h) <= 4 and not any(h[9:]) for h in hs)
    assert counted[14] == 118_800


def test_single_suit_hands_bad_size():
    with pytest.raises(ValueError, match="n_tiles must be at most 36"):
        naive.single_suit_hands(37)


def test_greedy_error_counts(hands, right):
    said = naive.verdicts(naive.greedy_triplet_first, hands)
    assert naive.wrong_by_size(said, right) == {5: 36, 8: 490, 11: 2759}
    said = naive.verdicts(partial(naive.greedy_run_first, try_every_pair=True), hands)
    assert naive.wrong_by_size(said, right) == {8: 42, 11: 580}
    said = naive.verdicts(naive.backtrack_no_restore, hands)
    assert naive.wrong_by_size(said, right) == {5: 36, 8: 565, 11: 3280}
    assert naive.wrong_by_size(said, right, "false_win") == {8: 90, 11: 613}


def test_triplet_first_with_every_pair_is_never_wrong(hands, right):
    said = naive.verdicts(partial(naive.greedy_triplet_first, try_every_pair=True), hands)
    assert said == right


def test_greedy_never_claims_a_false_win(hands, right):
    for f in (naive.greedy_triplet_first, naive.greedy_run_first):
        for every in (False, True):
            said = naive.verdicts(partial(f, try_every_pair=every), hands)
            assert naive.wrong_by_size(said, right, "false_win") == {}


def test_greedy_on_mixed_suits():
    assert not naive.greedy_triplet_first("111m22p")
    assert naive.greedy_triplet_first("111m22p", try_every_pair=True)
    assert is_standard_win("111m22p")


def test_wrong_by_size_directions():
    said, answers = {5: [True, False, True]}, {5: [False, True, True]}
    assert naive.wrong_by_size(said, answers) == {5: 2}
    assert naive.wrong_by_size(said, answers, "false_win") == {5: 1}
    assert naive.wrong_by_size(said, answers, "false_loss") == {5: 1}
    with pytest.raises(ValueError, match="which"):
        naive.wrong_by_size(said, answers, "sideways")


def test_wrong_hands_lists_the_hands():
    bad = naive.wrong_hands(partial(naive.greedy_run_first, try_every_pair=True),
                            naive.single_suit_hands(8))
    assert len(bad) == 42 and to_mpsz(bad[-1]) == "11122234m"


def test_run_bugs_need_honours_or_suit_ends(hands, right):
    assert naive.verdicts(naive.is_win_wrapping_runs, hands) == right
    assert naive.verdicts(naive.is_win_honour_runs, hands) == right
    assert naive.is_win_honour_runs("567z11m") and not is_win("567z11m", STANDARD)
    assert naive.is_win_honour_runs("123z11m") and not is_win("123z11m", STANDARD)
    assert naive.is_win_wrapping_runs("89m1s11p") and not is_win("89m1s11p", STANDARD)
    assert naive.is_win_wrapping_runs("9p12z55m") and not is_win("9p12z55m", STANDARD)


def test_honour_runs_read_past_the_end():
    with pytest.raises(IndexError):
        naive.is_win_honour_runs("55z")
    assert [t for t in range(34) if naive.run_start_forgets_honours(t)
            and not (t < 27 and t % 9 <= 6)] == [27, 28, 29, 30, 31, 32, 33]
    assert [t for t in range(34) if naive.run_start_forgets_suit_end(t)
            and not t % 9 <= 6] == [7, 8, 16, 17, 25, 26]


def test_list_recursion_crosses_suits_on_indices():
    assert naive.list_recursion(to_tiles(parse("89m1s33p")))
    assert not is_win("89m1s33p", STANDARD)


def test_seven_pairs_exact_two_matches_the_no_fours_rule():
    for h in naive.single_suit_hands(14)[::7]:
        assert naive.seven_pairs_exact_two(h) == is_seven_pairs(h, four_as_two_pairs=False)
    assert not naive.seven_pairs_exact_two("1111m3344p5566s77z")
    assert is_win("1111m3344p5566s77z", POYANG) and not is_win("1111m3344p5566s77z", RIICHI)


def test_counts_only_memo_is_harmless_in_a_win_check(hands, right):
    memo: dict = {}
    assert naive.verdicts(partial(naive.memo_standard_win, memo=memo), hands) == right
    flagged: dict = {}
    for n in SIZES:
        for h in hands[n]:
            naive.memo_standard_win(h, flagged, key_has_pair=True)
    assert len(flagged) == len(memo)
    assert all(owed == (sum(counts) % 3 == 2) for counts, owed in flagged)


def test_counts_only_memo_across_mixed_suits():
    memo: dict = {}
    for hand in ["11m123p456s789s111z", "123m456m789m11122z", "1199m1199p1199s11z",
                 "111222333m44455s", "11122m", "11m"]:
        assert naive.memo_standard_win(hand, memo) == is_standard_win(hand)


def test_memo_shared_between_rules_is_stale():
    memo: dict = {}
    hand = "1122m3344p5566s77z"
    assert naive.memo_is_win(hand, STANDARD, memo) is False
    assert naive.memo_is_win(hand, POYANG, memo) is False
    assert is_win(hand, POYANG)
    assert naive.memo_is_win(hand, POYANG, {}) is True


def _take_melds_reference(counts: list[int], need: int) -> bool:
    """Plain search, no memo: any meld anywhere, tiles may be left over."""
    if need == 0:
        return True
    for tile in range(34):
        if counts[tile] >= 3:
            counts[tile] -= 3
            ok = _take_melds_reference(counts, need - 1)
            counts[tile] += 3
            if ok:
                return True
        if tile < 27 and tile % 9 <= 6 and counts[tile] and counts[tile + 1] and counts[tile + 2]:
            for t in (tile, tile + 1, tile + 2):
                counts[t] -= 1
            ok = _take_melds_reference(counts, need - 1)
            for t in (tile, tile + 1, tile + 2):
                counts[t] += 1
            if ok:
                return True
    return False


def test_can_take_melds_matches_a_plain_search():
    for n in (3, 6, 9):
        for h in naive.single_suit_hands(n)[::5]:
            for need in range(n // 3 + 2):
                assert naive.can_take_melds(h, need) == _take_melds_reference(list(h), need)


def test_can_take_melds_without_need_in_the_key_is_wrong():
    assert not naive.can_take_melds("1112233456m", 3, {}, key_has_need=False)
    assert naive.can_take_melds("1112233456m", 3)
    memo: dict = {}
    assert not naive.can_take_melds("456m", 2, memo, key_has_need=False)
    assert not naive.can_take_melds("456m", 1, memo, key_has_need=False)
    assert naive.can_take_melds("456m", 1)
    with pytest.raises(ValueError, match="need_melds"):
        naive.can_take_melds("456m", -1)


def test_broken_checks_reject_bad_sizes():
    for f in (naive.is_win_honour_runs, naive.is_win_wrapping_runs, naive.backtrack_no_restore,
              partial(naive.memo_standard_win, memo={})):
        with pytest.raises(HandError, match="3n\\+2"):
            f("111m")
