"""Draw probabilities against direct counting, and the simulators against them."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations

import pytest

from mjcore import POYANG, STANDARD, HandError, parse, waits
from mjcore.play.prob import (
    Estimate,
    draw_curve,
    draw_probability,
    simulate_draws,
    simulate_hand,
    win_probability,
)

Z_999 = 3.29  # two-sided 99.9 %: a seeded run is deterministic, this keeps the margin honest


def counted(live: int, unseen: int, draws: int) -> Fraction:
    """List every set of ``draws`` positions out of ``unseen``; positions below ``live`` win."""
    sets = list(combinations(range(unseen), draws))
    hits = sum(1 for s in sets if any(p < live for p in s))
    return Fraction(hits, len(sets))


@pytest.mark.parametrize("unseen", range(0, 11))
def test_exact_equals_enumeration(unseen):
    for live in range(unseen + 1):
        for draws in range(unseen + 1):
            assert draw_probability(live, unseen, draws) == counted(live, unseen, draws)


def test_exact_equals_hypergeometric_sum():
    """Summing P(exactly i live tiles) for i >= 1, term by term."""
    for live, unseen, draws in [(11, 123, 1), (11, 123, 18), (3, 119, 25), (39, 123, 5)]:
        total = math.comb(unseen, draws)
        by_terms = sum(Fraction(math.comb(live, i) * math.comb(unseen - live, draws - i), total)
                       for i in range(1, min(live, draws) + 1))
        assert draw_probability(live, unseen, draws) == by_terms


def test_one_draw_and_sequential_misses():
    assert draw_probability(3, 123, 1) == Fraction(3, 123)
    # missing k times in a row, one draw at a time
    miss = Fraction(1)
    for k in range(20):
        miss *= Fraction(123 - 8 - k, 123 - k)
    assert draw_probability(8, 123, 20) == 1 - miss


def test_curve_is_increasing_and_ends_right():
    curve = draw_curve(4, 50, 50)
    assert curve[0] == 0 and curve[-1] == 1
    assert all(a < b for a, b in zip(curve, curve[1:47], strict=False))
    assert curve[47:] == [1, 1, 1, 1]  # 46 non-live tiles: the 47th draw must hit
    assert draw_curve(0, 10, 10) == [0] * 11


def test_more_live_tiles_never_hurt():
    for draws in (1, 5, 18):
        ps = [draw_probability(live, 123, draws) for live in range(0, 40)]
        assert ps == sorted(ps) and ps[0] == 0


@pytest.mark.parametrize("args, message", [
    ((4, 3, 1), "live tiles (4) cannot outnumber the unseen tiles (3)"),
    ((1, 3, 4), "cannot draw 4 tiles from 3 unseen"),
    ((-1, 3, 1), "live must be 0 or more, got -1"),
    ((1, -3, 1), "unseen must be 0 or more"),
    ((1, 3, -1), "draws must be 0 or more"),
    ((1.0, 3, 1), "live must be a whole number, got 1.0"),
    ((1, 3, True), "draws must be a whole number, got True"),
])
def test_bad_numbers_raise(args, message):
    with pytest.raises(HandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        draw_probability(*args)


# --- Monte Carlo -------------------------------------------------------------

@pytest.mark.parametrize("live, unseen, draws", [
    (1, 123, 1), (3, 123, 10), (11, 123, 10), (8, 119, 18), (39, 123, 3), (0, 50, 5),
    (50, 50, 1)])
def test_simulation_within_interval(live, unseen, draws):
    est = simulate_draws(live, unseen, draws, trials=4000, rng=random.Random(2026))
    exact = float(draw_probability(live, unseen, draws))
    assert est.covers(exact, Z_999)
    assert abs(est.value - exact) < 0.04


def test_simulation_is_reproducible_and_seed_dependent():
    a = simulate_draws(11, 123, 10, trials=500, rng=5)
    assert a == simulate_draws(11, 123, 10, trials=500, rng=random.Random(5))
    assert a.hits != simulate_draws(11, 123, 10, trials=500, rng=6).hits


def test_interval_covers_about_95_percent():
    """The 95 % Wilson interval, over many seeds, contains the exact value most of the time."""
    exact = float(draw_probability(8, 119, 6))
    covered = sum(simulate_draws(8, 119, 6, trials=300, rng=seed).covers(exact)
                  for seed in range(200))
    assert 180 <= covered <= 199  # 95 % of 200 is 190; a fixed seed run gives a fixed count


def test_wilson_interval_formula():
    """Against the closed form (2np + z^2 -+ z sqrt(z^2 + 4np(1-p))) / (2(n + z^2))."""
    for hits, n, z in [(30, 100, 1.96), (3, 40, 3.29), (399, 400, 1.0)]:
        p = hits / n
        root = z * math.sqrt(z * z + 4 * n * p * (1 - p))
        want = ((2 * n * p + z * z - root) / (2 * (n + z * z)),
                (2 * n * p + z * z + root) / (2 * (n + z * z)))
        assert Estimate(hits, n).interval(z) == pytest.approx(want, abs=1e-12)
    low, high = Estimate(30, 100).interval()
    assert (round(low, 3), round(high, 3)) == (0.219, 0.396)
    assert Estimate(100, 100).interval()[1] == 1.0 and Estimate(0, 10).interval()[0] == 0.0


def test_simulation_rejects_bad_input():
    with pytest.raises(HandError, match="trials must be at least 1"):
        simulate_draws(1, 5, 1, trials=0)
    with pytest.raises(HandError, match="rng must be a random.Random or an integer seed"):
        simulate_draws(1, 5, 1, rng="x")
    with pytest.raises(HandError, match="cannot draw 6 tiles from 5 unseen"):
        simulate_draws(1, 5, 6)


# --- whole hands ---------------------------------------------------------------

HANDS = ["123456789m123s5p", "111222333m4445s", "23456789m11z234s", "1112345678999m",
         "11223366m1133s4z"]


@pytest.mark.parametrize("hand", HANDS)
def test_win_probability_is_draw_probability_of_waits(hand):
    w = waits(hand)
    assert win_probability(hand, 7) == draw_probability(w.total, 136 - 13, 7)
    assert win_probability(hand, 7, visible="5p9m") == draw_probability(
        waits(hand, visible="5p9m").total, 136 - 15, 7)


@pytest.mark.parametrize("hand", HANDS)
def test_hand_simulation_agrees_with_exact(hand):
    est = simulate_hand(hand, 8, trials=1500, rng=random.Random(2026), visible="5p")
    assert est.covers(float(win_probability(hand, 8, visible="5p")), Z_999)


def test_hand_simulation_follows_rules():
    hand = "11223366m1133s4z"  # ready on 4z only with seven pairs
    assert simulate_hand(hand, 18, trials=300, rng=1, rules=STANDARD).hits == 0
    assert simulate_hand(hand, 18, trials=300, rng=1, rules=POYANG).hits > 0
    # every copy of the wait visible: the hand never wins
    assert simulate_hand("123456789m123s5p", 30, trials=200, rng=1, visible="555p").hits == 0


def test_hand_simulation_checks_the_hand():
    with pytest.raises(HandError, match="simulate_hand needs 3n\\+1 tiles"):
        simulate_hand("11m", 3)
    with pytest.raises(HandError, match="a tile has 4 copies"):
        simulate_hand("123456789m123s5p", 3, visible="5555p")
    with pytest.raises(HandError, match="cannot draw 130 tiles from 123 unseen"):
        simulate_hand(parse("123456789m123s5p"), 130)
