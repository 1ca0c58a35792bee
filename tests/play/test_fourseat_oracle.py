"""Self-checks of the four-seat oracle (tests/oracles/fourseat_oracle.py) on tiny one-suit walls."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import bestplay_oracle as bo
import pytest
from fourseat_oracle import (
    LEFT,
    Play,
    best_play,
    claim_hands,
    four_seat_points,
    four_seat_value,
    full_by_draws,
    full_points_by_draws,
    openings,
    orders,
    paid,
    policy_value,
    progress_discards,
    waits,
)
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
    # a ready hand has no claim that lowers its shanten: calls change nothing
    for dw in (False, True):
        plain = full_by_draws(hand, pool, turns, dw)
        assert full_by_draws(hand, pool, turns, dw, calls=True) == plain


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


# Calls (pon from any seat, chi from the left), full information, 2 turns.  These cases' values
# rise with calls; on every other case of CALL_CASES they stay equal.  (hand, pool, discard wins,
# without calls, with calls)
RAISED = [
    (counts("1222588"), counts("33556668"), False, Fraction(87, 560), Fraction(449, 1680)),
    (counts("1222588"), counts("33556668"), True, Fraction(27, 56), Fraction(83, 105)),
    (counts("1145568"), counts("66778889"), False, Fraction(9, 28), Fraction(293, 840)),
    (counts("1145568"), counts("66778889"), True, Fraction(31, 35), Fraction(131, 140)),
    (counts("1699"), counts("11778899"), False, Fraction(9, 28), Fraction(23, 70)),
    (counts("1699"), counts("11778899"), True, Fraction(31, 35), Fraction(94, 105)),
    (counts("3357799"), counts("11368888"), False, Fraction(43, 140), Fraction(73, 168)),
    (counts("3357799"), counts("11368888"), True, Fraction(39, 56), Fraction(191, 210)),
    (counts("1135679"), counts("22234888"), False, Fraction(3, 14), Fraction(15, 56)),
    (counts("1135679"), counts("22234888"), True, Fraction(31, 56), Fraction(27, 40)),
    (counts("4589"), counts("3366777799"), False, Fraction(8, 45), Fraction(1, 5)),
    (counts("4589"), counts("3366777799"), True, Fraction(101, 210), Fraction(367, 630)),
]
CALL_CASES = SMALL + WIDER[:2]


@pytest.mark.parametrize("hand, pool", CALL_CASES)
def test_calls_never_lower_the_value(hand: Hand, pool: Hand) -> None:
    """Passing is always allowed, so calls only add choices; three computations agree.

    The weighted orders (four_seat_value), the state chances (full_by_draws)
    and a real walk down every wall by the best play (policy_value of
    best_play) give the same value; every choice of ties gives the same
    wins, the share on a discard between "least" and "most".

    Calls never make a hopeless case winnable: a draw of the claimed tile
    can be kept with the same discard (progress, as the claimed meld is
    then held concealed), and leaves waits that include the claim's, so
    placing the tiles a winning line takes at the player's own draws wins
    without calls.  Calls win more by timing: the claimed tile shows at a
    discard and the next turn comes sooner."""
    raised = {(h, p, dw): (a, b) for h, p, dw, a, b in RAISED}
    for dw in (False, True):
        without = four_seat_value(hand, pool, 2, dw, "full")
        value = {ties: four_seat_value(hand, pool, 2, dw, "full", ties, calls=True)
                 for ties in ("low", "most", "least")}
        with_calls = value["low"]
        assert with_calls[0] >= without[0]
        assert without[0] > 0 or with_calls[0] == 0
        assert (with_calls[0] > without[0]) == ((hand, pool, dw) in raised)
        for ties in value:
            assert value[ties] == full_by_draws(hand, pool, 2, dw, ties, calls=True)
        assert value["most"][0] == with_calls[0] == value["least"][0]
        assert value["most"][1] >= with_calls[1] >= value["least"][1]
        assert with_calls[0] >= with_calls[1]
        assert policy_value(hand, pool, 2, best_play(pool, 2, dw)) == with_calls[0]
        assert policy_value(hand, pool, 2, best_play(pool, 2, dw, calls=False)) == without[0]


@pytest.mark.parametrize("hand, pool, discard_wins, without, with_calls", RAISED)
def test_calls_raise_the_value(hand: Hand, pool: Hand, discard_wins: bool, without: Fraction,
                               with_calls: Fraction) -> None:
    assert four_seat_value(hand, pool, 2, discard_wins, "full")[0] == without
    assert four_seat_value(hand, pool, 2, discard_wins, "full", calls=True)[0] == with_calls
    assert with_calls > without


def greedy(pool: Hand, turns: int, discard_wins: bool, seats: tuple[int, ...],
           chi_anywhere: bool = False) -> Play:
    """A plain play for policy_value, written against the wall.

    It wins whenever it can; it claims a tile shown by one of ``seats``
    (0 right, 1 across, 2 left) when :func:`claim_hands` allows it, and
    with ``chi_anywhere`` it also chis from every seat in ``seats`` as if
    from the left, which the rules forbid.  Of the hands a claim or a
    draw may leave, it keeps the one with the most live waits (unseen
    tiles that complete it); it claims only when that hand has one.
    """

    def live(h: Hand, left: Hand) -> int:
        return sum(left[w] for w in waits(h))

    def play(hand: Hand, wall: tuple[int, ...]) -> bool:
        h, left, pos = hand, pool, 0
        for _ in range(turns):
            for p in range(4):
                t, left, pos = wall[pos], bo.plus(left, wall[pos], -1), pos + 1
                if t in waits(h) and (p == 3 or discard_wins):
                    return True
                if p == 3 and progress_discards(h, t):
                    h = max((bo.plus(bo.plus(h, t), d, -1) for d in progress_discards(h, t)),
                            key=lambda k: live(k, left))
                elif p in seats:
                    options = claim_hands(h, t, LEFT if chi_anywhere else p)
                    if options and max(live(k, left) for k in options):
                        h = max(options, key=lambda k: live(k, left))
                        break
        return False

    return play


def test_a_pon_from_the_right_or_across_is_the_only_way_to_win() -> None:
    """6779m, the pool 111222m 7m 9m, 2 turns, wins on a discard: 7m and 9m are the only tiles
    that help, and every ordered pair of their positions among the 8 is as likely (1/56).

    The one claim is a pon of 7m, keeping 9m (discard 6m) to wait on 9m; nothing else can be
    claimed (no 5m or 8m in the pool for a chi, 1m and 2m touch nothing).

    * Without calls the player's own draw of turn one (position 4) must be 7m or 9m and the
      other one must show in turn two (positions 5-8): after 7m, 7779m waits on 8m and 9m;
      after 9m, 7799m waits on 7m and 9m.  2 * 1/8 * 4/7 = 1/7.
    * With calls, also: 7m shows at position 1, 2 or 3 (right, across, left seat), the pon
      ends turn one there, and 9m is among the next four tiles (turn two): 3 * 1/8 * 4/7 = 3/14.
      Passing there never wins: the only 7m is gone, and after 9m, 7799m waits on it.
      1/7 + 3/14 = 5/14; the pon from the right or across alone adds 2 * 1/8 * 4/7 = 1/7.
    * On the wall 7m 1m 1m 1m 9m 2m 2m 2m the player would draw 1m and 2m: only the pon of
      the right seat's 7m wins (turn two is 1m 1m 1m 9m, and 9m is its own draw).
    """
    hand, pool = counts("6779"), counts("11122279")
    assert four_seat_value(hand, pool, 2, True, "full") == (Fraction(1, 7), Fraction(3, 28))
    assert four_seat_value(hand, pool, 2, True, "full", calls=True)[0] == Fraction(5, 14)
    assert policy_value(hand, pool, 2, greedy(pool, 2, True, (0, 1, 2))) == Fraction(5, 14)
    assert policy_value(hand, pool, 2, greedy(pool, 2, True, (0, 1))) == Fraction(2, 7)
    assert policy_value(hand, pool, 2, greedy(pool, 2, True, ())) == Fraction(1, 7)
    wall = (6, 0, 0, 0, 8, 1, 1, 1)
    assert best_play(pool, 2, True)(hand, wall)
    assert not best_play(pool, 2, True, calls=False)(hand, wall)


def test_no_chi_from_the_right() -> None:
    """5689m, the pool 111222m 4m 9m, 2 turns, wins on a discard: a chi of 4m (with 56m,
    discard 8m) would wait on 9m, but only the left seat's 4m may be claimed.

    * Without calls, as with the pon above: 4m or 9m drawn at position 4 (4569m waits on 9m;
      5699m on 4m and 7m) and the other one in turn two: 2 * 1/8 * 4/7 = 1/7.
    * With calls, also 4m at position 3 (the left seat) and 9m among the next four tiles:
      1/8 * 4/7 = 1/14, so 3/14, the same as a play that may claim only from the left.
    * A play that chis from every seat, which the rules forbid, adds the right and across
      seats' 4m: 5/14; from the right and the left, 2/7.  On the wall 4m 1m 1m 1m 9m 2m 2m 2m
      such a play wins and the best play does not.
    """
    hand, pool = counts("5689"), counts("11122249")
    assert claim_hands(hand, 3, 0) == claim_hands(hand, 3, 1) == ()
    assert claim_hands(hand, 3, LEFT) == (counts("9"), counts("8"))
    value = four_seat_value(hand, pool, 2, True, "full", calls=True)[0]
    assert four_seat_value(hand, pool, 2, True, "full")[0] == Fraction(1, 7)
    assert value == Fraction(3, 14)
    assert value == policy_value(hand, pool, 2, greedy(pool, 2, True, (LEFT,), True))
    assert policy_value(hand, pool, 2, greedy(pool, 2, True, (0, 1, 2), True)) == Fraction(5, 14)
    assert policy_value(hand, pool, 2, greedy(pool, 2, True, (0, LEFT), True)) == Fraction(2, 7)
    wall = (3, 0, 0, 0, 8, 1, 1, 1)
    assert greedy(pool, 2, True, (0,), True)(hand, wall)
    assert not best_play(pool, 2, True)(hand, wall)


@pytest.mark.parametrize("hand, pool, turns", READY)
def test_policy_value_of_plain_plays(hand: Hand, pool: Hand, turns: int) -> None:
    """A ready hand that never claims and throws back every draw wins when a wait shows at a
    counted position: own draws only, 1 - C(N - L, k) / C(N, k); every tile, 4k for k."""
    n, complete = sum(pool), waits(hand)
    live = sum(pool[t] for t in complete)

    def own_draws(h: Hand, wall: tuple[int, ...]) -> bool:
        assert len(wall) == 4 * turns
        return any(wall[4 * i + 3] in complete for i in range(turns))

    def every_tile(h: Hand, wall: tuple[int, ...]) -> bool:
        return any(t in complete for t in wall)

    draws = policy_value(hand, pool, turns, own_draws)
    assert draws == 1 - Fraction(comb(n - live, turns), comb(n, turns))
    assert draws == four_seat_value(hand, pool, turns, False, "full")[0]
    tiles = policy_value(hand, pool, turns, every_tile)
    assert tiles == 1 - Fraction(comb(n - live, 4 * turns), comb(n, 4 * turns))
    assert tiles == four_seat_value(hand, pool, turns, True, "full")[0]


def test_bad_arguments() -> None:
    with pytest.raises(AssertionError):
        four_seat_value(counts("1234"), counts("1234567"), 2, True, "own")  # 8 > 7 tiles
    with pytest.raises(AssertionError):
        four_seat_value(counts("1111"), counts("12345678"), 1, True, "own")  # a fifth 1m
    assert four_seat_value(counts("1234"), counts("14556677"), 0, True, "full") == (0, 0)
    with pytest.raises(ValueError):
        four_seat_value(counts("6779"), counts("11122279"), 2, True, "own", calls=True)


# --- points: a win on a discard is a choice ---------------------------------------------

@pytest.mark.parametrize("hand, pool", SMALL[:8] + WIDER[:2])
def test_points_orderings(hand: Hand, pool: Hand) -> None:
    """The points oracle checked against itself and the chance oracle: the "full" walk
    equals the backward induction over states; seeing more never lowers the points;
    passing a win never lowers them either (taking every win is one of the plays); and
    when a win pays alike however it comes, passing never pays more, so the value is that
    payment times :func:`four_seat_value`'s chance (both play the first of equals)."""
    for turns in (1, 2):
        own = four_seat_points(hand, pool, turns, paid, "own")
        full = four_seat_points(hand, pool, turns, paid, "full")
        assert full == full_points_by_draws(hand, pool, turns, paid)
        assert full[0] >= own[0]
        taken = four_seat_points(hand, pool, turns, paid, "own", passing=False)
        assert own[0] >= taken[0]
        assert own[1] >= own[2] >= 0 and taken[1] >= taken[2]
        for info in ("own", "full"):
            flat = four_seat_points(hand, pool, turns, lambda h, t, drawn: 5, info)
            win, on_discard = four_seat_value(hand, pool, turns, True, info)
            assert flat[:2] == (5 * win, win) and flat[2] <= on_discard


def test_passing_a_win_pays() -> None:
    """1234m waits on 1m and 4m, one copy each among 8 tiles, one turn: the first of them a
    seat shows is passed (the other may still come, 6 if drawn, 1 if shown), the second
    taken: more points, fewer wins."""
    ready, pool = counts("1234"), counts("14556677")
    six = lambda h, t, drawn: 6 if drawn else 1  # noqa: E731
    choose = four_seat_points(ready, pool, 1, six)
    take = four_seat_points(ready, pool, 1, six, passing=False)
    assert choose == (Fraction(45, 28), Fraction(5, 14), Fraction(3, 28))
    assert take == (Fraction(3, 2), Fraction(11, 14), Fraction(9, 14))  # 9/14 x 1 + 2/14 x 6
    assert choose[0] > take[0] and choose[1] < take[1]
