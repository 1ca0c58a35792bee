"""Self-checks of the four-seat oracle (tests/fourseat_oracle.py) on tiny one-suit walls."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import bestplay_oracle as bo
import pytest
from fourseat_oracle import four_seat_value, full_by_draws, openings, orders
from oracle import standard

Hand = tuple[int, ...]


def counts(tiles: str) -> Hand:
    """'1126' -> 9 counts of wan."""
    return tuple(tiles.count(str(r + 1)) for r in range(9))


def random_cases(seed: int, count: int, size: int = 8, most: int = 3000) -> list[tuple[Hand, Hand]]:
    """Seeded (hand, pool) pairs: a 4- or 7-tile hand of shanten 1 or more, a pool of ``size``
    tiles with at most ``most`` distinct orders (hand and pool at most four of a tile)."""
    rng = random.Random(seed)
    found: list[tuple[Hand, Hand]] = []
    while len(found) < count:
        hand = counts("".join(str(rng.randrange(9) + 1) for _ in range(rng.choice([4, 7]))))
        if max(hand) > 4 or bo.shanten(hand) < 1:
            continue
        room = [4 - h for h in hand]
        kinds = rng.sample(range(9), rng.choice([2, 3, 4]))
        if sum(room[k] for k in kinds) < size:
            continue
        pool = [0] * 9
        while sum(pool) < size:
            k = rng.choice(kinds)
            if pool[k] < room[k]:
                pool[k] += 1
        if orders(tuple(pool)) <= most:
            found.append((hand, tuple(pool)))
    return found


SMALL = random_cases(7, 12)
# a pool larger than the tiles revealed: 8 of 10 or 12 tiles in two turns
WIDER = [(counts("1258"), counts("3334446699")), (counts("4589"), counts("3366777799")),
         (counts("2467788"), counts("111155559999")), (counts("1126"), counts("223444566688"))]

READY = [  # (hand, pool, turns)
    (counts("1234"), counts("14556677"), 1),
    (counts("1234"), counts("14556677"), 2),
    (counts("1155"), counts("1155667788"), 2),
    (counts("2223"), counts("111334456789"), 1),
    (counts("2223"), counts("1133445577"), 2),
    (counts("1112345"), counts("1566667788"), 2),
    (counts("2345666"), counts("111178889999"), 3),
]


def first_wait_on_discard(n: int, live: int, revealed: int) -> Fraction:
    """Chance that the first of ``live`` waits among ``n`` tiles comes at a discard position."""
    return sum((Fraction(comb(n - live, i), comb(n, i)) * Fraction(live, n - i)
                for i in range(revealed) if i % 4 != 3), Fraction(0))


@pytest.mark.parametrize("hand, pool, turns", READY)
def test_ready_hand_counts_its_waits(hand: Hand, pool: Hand, turns: int) -> None:
    """A ready hand never changes: it wins when one of its waits shows at a counted position."""
    assert bo.shanten(hand) == 0
    n = sum(pool)
    live = sum(pool[t] for t in range(9) if standard(bo.full(bo.plus(hand, t))))
    assert 0 < live < n
    with_discards = 1 - Fraction(comb(n - live, 4 * turns), comb(n, 4 * turns))
    own_draws = 1 - Fraction(comb(n - live, turns), comb(n, turns))
    assert own_draws < with_discards
    for info in ("own", "full"):
        assert four_seat_value(hand, pool, turns, True, info) == (
            with_discards, first_wait_on_discard(n, live, 4 * turns))
        assert four_seat_value(hand, pool, turns, False, info) == (own_draws, 0)
    assert own_draws == bo.value(hand, pool, turns, "progress", "exact")


@pytest.mark.parametrize("hand, pool", SMALL + WIDER)
def test_own_info_without_discard_wins_is_one_player(hand: Hand, pool: Hand) -> None:
    """Other seats' discards are tiles the player never sees: k turns are k draws alone."""
    for turns in (1, 2):
        win, on_discard = four_seat_value(hand, pool, turns, False, "own")
        assert win == bo.value(hand, pool, turns, "progress", "exact")
        assert on_discard == 0


@pytest.mark.parametrize("hand, pool", SMALL + WIDER[:2])
def test_orderings(hand: Hand, pool: Hand) -> None:
    """full >= own, discard wins >= none; full twice computed; ties bound the discard share."""
    value = {(dw, info): four_seat_value(hand, pool, 2, dw, info)
             for dw in (False, True) for info in ("own", "full")}
    for dw in (False, True):
        assert value[dw, "full"][0] >= value[dw, "own"][0]
        assert value[dw, "full"] == full_by_draws(hand, pool, 2, dw)
    for info in ("own", "full"):
        assert value[True, info][0] >= value[False, info][0]
        assert value[True, info][0] >= value[True, info][1]  # a discard win is a win
        low = value[True, info]
        most = four_seat_value(hand, pool, 2, True, info, "most")
        least = four_seat_value(hand, pool, 2, True, info, "least")
        assert most[0] == low[0] == least[0]
        assert most[1] >= low[1] >= least[1]


# (hand, pool, discard_wins, own, full): 2 turns on a pool of 8, so after its first draw full
# information knows which four tiles the second turn holds, and can keep the wait they contain.
SEEING_HELPS = [
    (counts("1126"), counts("22344666"), False, Fraction(13, 56), Fraction(1, 4)),
    (counts("1126"), counts("22344666"), True, Fraction(51, 70), Fraction(31, 40)),
    (counts("4589"), counts("67888999"), False, Fraction(9, 56), Fraction(99, 560)),
    (counts("4589"), counts("67888999"), True, Fraction(11, 20), Fraction(31, 56)),
    (counts("2246778"), counts("22555577"), False, Fraction(4, 7), Fraction(83, 140)),
]


@pytest.mark.parametrize("hand, pool, discard_wins, own, full", SEEING_HELPS)
def test_seeing_discards_helps(hand: Hand, pool: Hand, discard_wins: bool, own: Fraction,
                               full: Fraction) -> None:
    assert four_seat_value(hand, pool, 2, discard_wins, "own")[0] == own
    assert four_seat_value(hand, pool, 2, discard_wins, "full")[0] == full
    assert full > own


def test_full_info_ties_move_the_discard_share() -> None:
    """Best discards that win equally often can win on a discard more or less often."""
    hand, pool = counts("1126"), counts("22344666")
    shares = [four_seat_value(hand, pool, 2, True, "full", ties)[1]
              for ties in ("least", "low", "most")]
    assert shares == [Fraction(339, 560), Fraction(173, 280), Fraction(71, 112)]


def test_openings_weigh_every_order() -> None:
    pool = counts("11223")
    assert orders(pool) == 30
    assert sorted(openings(pool, 5)) == sorted((seq, 1) for seq in {
        seq for seq, _ in openings(pool, 5)})
    assert len(openings(pool, 5)) == 30
    assert sum(w for _, w in openings(pool, 2)) == 30
    assert dict(openings(pool, 1)) == {(0,): 12, (1,): 12, (2,): 6}


def test_bad_arguments() -> None:
    with pytest.raises(AssertionError):
        four_seat_value(counts("1234"), counts("1234567"), 2, True, "own")  # 8 > 7 tiles
    with pytest.raises(AssertionError):
        four_seat_value(counts("1111"), counts("12345678"), 1, True, "own")  # a fifth 1m
    assert four_seat_value(counts("1234"), counts("14556677"), 0, True, "full") == (0, 0)
