"""mjcore.lessons.memo: every instrumented search agrees with the reference, and the node
relations hold."""

from __future__ import annotations

import random
import time

import pytest

from mjcore import is_standard_win, parse, to_tiles
from mjcore.base import deals
from mjcore.hand.tables import complete_parts
from mjcore.lessons import memo as mm
from mjcore.lessons import naive

RNG_SEED = 2026


@pytest.fixture(scope="module")
def hands() -> list[tuple[int, ...]]:
    rng = random.Random(RNG_SEED)
    return deals.random_hands(1500, rng) + deals.random_wins(1500, rng) + mm.hard_hands()


def test_every_search_agrees_with_is_standard_win(hands):
    memo = {key: {} for key in mm.KEYS}
    suit_memo: dict = {}
    for h in hands:
        want = is_standard_win(h)
        assert mm.plain_win(h) == want
        assert mm.anywhere_win(h) == want and mm.anywhere_win(h, {}) == want
        assert mm.suit_memo_win(h, suit_memo) == want
        for key in mm.KEYS:
            assert mm.memo_win(h, {}, key) == want
            assert mm.memo_win(h, memo[key], key) == want
    # every key kind caches the same states
    sizes = {len(m) for m in memo.values()}
    assert len(sizes) == 1


def test_list_win_is_naive_list_recursion_on_every_single_suit_hand():
    for n in (2, 5, 8, 11):
        for h in naive.single_suit_hands(n):
            tiles = to_tiles(h)
            assert mm.list_win(tiles) == naive.list_recursion(tiles) == is_standard_win(h)


def test_list_win_builds_runs_across_suits():
    assert mm.list_win(to_tiles(parse("89m1s33p"))) and not is_standard_win("89m1s33p")


def test_memo_never_expands_more_nodes(hands):
    plain = mm.nodes_per_hand(mm.plain_win, hands)
    fresh = mm.nodes_per_hand(lambda h, s: mm.memo_win(h, {}, "tuple", s), hands)
    anywhere = mm.nodes_per_hand(lambda h, s: mm.anywhere_win(h, None, s), hands)
    anywhere_memo = mm.nodes_per_hand(lambda h, s: mm.anywhere_win(h, {}, s), hands)
    assert all(f <= p for f, p in zip(fresh, plain, strict=True))
    assert all(a <= b for a, b in zip(anywhere_memo, anywhere, strict=True))
    assert sum(plain) < sum(anywhere)
    # a shared memo expands no more in total than fresh ones
    stats = mm.Stats()
    memo: dict = {}
    for h in hands:
        mm.memo_win(h, memo, "tuple", stats)
    assert stats.nodes == len(memo) <= sum(fresh)


def test_memo_saves_a_node_only_on_a_repeated_state():
    stats = mm.Stats()
    assert not mm.memo_win(parse("111222333m44578p"), {}, "tuple", stats)
    plain = mm.Stats()
    mm.plain_win(parse("111222333m44578p"), plain)
    assert (stats.nodes, stats.hits, plain.nodes) == (6, 1, 8)


def test_smallest_tile_search_is_small_on_every_single_suit_hand():
    nodes = mm.nodes_per_hand(mm.plain_win, naive.single_suit_hands(14))
    assert max(nodes) == 12


def test_suit_status_matches_the_table():
    parts = complete_parts()
    for part, status in list(parts.items())[::7]:
        assert mm.suit_status(part) == status
    assert mm.suit_status((1, 1, 0, 0, 0, 0, 0, 0, 0)) is None
    assert mm.suit_status((2, 1, 1, 0, 0, 0, 0, 0, 0)) is None


def test_stats_and_hit_rate():
    stats = mm.Stats()
    assert stats.hit_rate == 0.0
    memo: dict = {}
    for _ in range(3):
        mm.memo_win(parse("123m456p789s11z"), memo, "str", stats)
    assert stats.hits == 2 and stats.lookups == stats.nodes + 2


def test_unknown_key_is_refused():
    with pytest.raises(ValueError, match="key must be one of"):
        mm.memo_win(parse("11m"), {}, "bits")


def test_hand_sets_are_seeded():
    a = deals.random_hands(5, random.Random(1))
    assert a == deals.random_hands(5, random.Random(1))
    assert all(sum(h) == 14 and max(h) <= 4 for h in a)
    assert all(max(h) <= 4 for h in deals.random_wins(200, random.Random(3)))


def test_timers_call_fn_on_every_hand_and_report_microseconds_per_hand():
    """A stub that sleeps a known time per call: every pass calls it once a hand, and the
    time reported per hand is at least the sleep, in microseconds (no upper bound: a loaded
    machine only makes it longer)."""
    nap = 0.002  # seconds a call
    floor = nap * 1e6 * 0.95  # microseconds, less a margin for the clocks' resolution
    hands, repeats = ["a", "b", "c"], 3
    calls = []

    def stub(hand):
        calls.append(hand)
        time.sleep(nap)

    assert mm.time_per_hand(stub, hands, repeats) >= floor
    assert calls == hands * repeats
    calls.clear()
    made = []

    def make():
        made.append(1)
        return lambda hand: stub((len(made), hand))  # which pass's function took the hand

    assert mm.time_per_pass(make, hands, repeats) >= floor
    assert len(made) == repeats
    assert calls == [(k, h) for k in range(1, repeats + 1) for h in hands]


def test_time_in_turn_times_each_function_on_its_own_hands():
    calls = []

    def slow(hand):
        calls.append(("slow", hand))
        sum(range(20_000))

    def quick(hand, arg):
        calls.append(("quick", hand, arg))

    found = mm.time_in_turn({"slow": (slow, [1, 2, 3]), "quick": (quick, ["a", "b", "c"], 0)})
    # every hand to both, in turn, the order turning with the hand; each function its own hands
    assert calls == [("slow", 1), ("quick", "a", 0), ("quick", "b", 0), ("slow", 2),
                     ("slow", 3), ("quick", "c", 0)]
    assert found["slow"] > 20 * found["quick"] >= 0
