"""The race in best play: win_chances, claim_advice and simulate_play with ``opponents``.

Laws (issue 46): with a zero curve the values are today's, bit for bit; the values never
rise when the opponents are on, nor when their chances grow; a ready hand's value is the
closed form (the first live copy shown before the round ends), counted here apart from
mjcore's code; the quick searches and the general one agree; and on tiny walls the
brute force of tests/oracles/fourseat_oracle.py, with the race, agrees in exact fractions.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from mjcore import (
    POYANG,
    RIICHI,
    STANDARD,
    HandError,
    as_counts,
    claim_advice,
    to_mpsz,
    win_chances,
)
from mjcore.play.bestplay import simulate_play
from mjcore.play.bestplay.api import _compute
from mjcore.play.bestplay.hazards import HAZARDS, LOSS, OTHERS, SAMPLES
from mjcore.play.table import (
    RACE_TABLES,
    ROUNDS_FILES,
    Round,
    deal_in_loss,
    hazards_source,
    play_rounds,
    race_hazards,
    race_source,
    read_rounds,
)

HAND = "234578m1689p357s1z"
MODES = [dict(discard_wins=True), dict(discard_wins=True, objective="points"),
         dict(calls=True), dict(calls=True, objective="points")]


def _hands(seed: int, n: int) -> list[str]:
    """Seeded 14-tile hands one or two from ready (quick in every mode)."""
    from mjcore.play.bestplay import near_ready_hands

    rng = random.Random(seed)
    return [to_mpsz(h) for h in near_ready_hands(n, 1, rng) + near_ready_hands(n, 0, rng)]


def _rows(chances) -> list[tuple]:
    return [(c.tile, c.shanten, c.win, c.by_draws, c.tenpai, c.expected_points, c.discard_win)
            for c in chances]


@pytest.mark.parametrize("mode", MODES, ids=lambda m: " ".join(f"{k}={v}" for k, v in m.items()))
def test_a_zero_curve_gives_todays_values_exactly(mode):
    hands = _hands(461, 3) + ["12389m456p78s11z49s"]
    for hand in hands:
        assert (_rows(win_chances(hand, **mode))
                == _rows(win_chances(hand, opponents=[0.0] * 30, turn=4, **mode))), hand


def test_a_zero_curve_gives_todays_claim_advice():
    for objective in ("win", "points"):
        for tile, seat in (("9s", "left"), ("1z", "across"), ("3m", "left")):
            a = claim_advice("12389m456p78s11z4z", tile, seat, objective=objective)
            b = claim_advice("12389m456p78s11z4z", tile, seat, objective=objective,
                             opponents=[0.0] * 20)
            assert a == b, (tile, seat, objective)


@pytest.mark.parametrize("mode", MODES, ids=lambda m: " ".join(f"{k}={v}" for k, v in m.items()))
def test_values_never_rise_with_the_race_nor_as_it_quickens(mode):
    """Each discard's chance (with points as the goal, its expected points) with
    opponents is at most without, and a curve higher at every turn gives at most the
    values of a lower one.  (With points the chance of winning may rise: a player who
    may be beaten takes a win on a discard it would have passed for a self-draw.)"""
    rng = random.Random(462)
    low = [rng.uniform(0, 0.2) for _ in range(25)]
    high = [h + rng.uniform(0, 0.2) for h in low]
    for hand in _hands(463, 2):
        none = {c.tile: c for c in win_chances(hand, **mode)}
        slow = {c.tile: c for c in win_chances(hand, opponents=low, **mode)}
        fast = {c.tile: c for c in win_chances(hand, opponents=high, **mode)}
        for tile, c in none.items():
            for more, less in ((c, slow[tile]), (slow[tile], fast[tile])):
                if c.expected_points is None:
                    assert less.win <= more.win + 1e-12, (hand, tile)
                else:
                    assert less.expected_points <= more.expected_points + 1e-9, (hand, tile)
        key = "win" if mode.get("objective") != "points" else "expected_points"
        assert (max(getattr(c, key) for c in fast.values())
                < max(getattr(c, key) for c in none.values()) - 1e-3)


def _closed_form(live: int, unseen: int, turns: int, race: list[float], turn: int) -> float:
    """A ready hand that never changes, four tiles shown a turn (three discards, then its
    draw), winning on the first live copy shown: the first is the p-th tile shown with
    the chance C(n - live, p - 1) / C(n, p - 1) * live / (n - p + 1), and counts if the
    round went on into that tile's turn (the product of 1 - race over the turns begun)."""
    total = 0.0
    for p in range(1, 4 * turns + 1):
        first = comb(unseen - live, p - 1) / comb(unseen, p - 1) * live / (unseen - p + 1)
        going = 1.0
        for g in range(turn + 1, turn + (p - 1) // 4 + 2):
            going *= 1 - race[g - 1]
        total += first * going
    return total


@pytest.mark.parametrize("rules, turn, draws", [(POYANG, 1, 17), (POYANG, 6, 12),
                                                (RIICHI, 3, 15)])
def test_a_ready_hand_is_the_closed_form(rules, turn, draws):
    """111222333m4445s waits on 3s, 5s and 6s: 11 live copies of 123 unseen."""
    [c] = win_chances("111222333m4445s", draws=draws, rules=rules, discard_wins=True,
                      opponents=True, turn=turn)
    race = HAZARDS[rules.name]
    assert abs(c.win - _closed_form(11, 123, draws, race, turn)) < 1e-12
    [calls] = win_chances("111222333m4445s", draws=draws, rules=rules, calls=True,
                          discard_wins=True,
                          opponents=True, turn=turn)
    assert abs(calls.win - c.win) < 1e-12


@pytest.mark.parametrize("objective", ["win", "points"])
def test_the_quick_search_agrees_with_the_general_one_in_the_race(objective):
    race = tuple([1.0] + [1 - 0.05 * k for k in range(1, 18)])
    for hand in _hands(464, 3):
        counts = as_counts(hand)
        args = (counts, 6, POYANG, (0,) * 34, False, objective)
        quick = _compute(*args, discard_wins=True, race=race[:7])
        general = _compute(*args, discard_wins=True, race=race[:7], quick=False)
        for a, b in zip(quick, general, strict=True):
            assert a.tile == b.tile and abs(a.win - b.win) < 1e-12, hand
            assert abs(a.discard_win - b.discard_win) < 1e-12, hand
            if objective == "points":
                assert abs(a.expected_points - b.expected_points) < 1e-9, hand


@pytest.mark.parametrize("case", range(8))
def test_exact_against_every_order_of_a_tiny_wall_in_the_race(case):
    """The brute force over every order of the wall, each turn's subtree scaled by the
    chance that the round goes on into it, agrees with mjcore's count in fractions: the
    first 8 of test_fourseat's tiny walls (found when a test first asks for them)."""
    from fourseat_oracle import four_seat_value
    from test_fourseat import _oracle_cases

    hand, pool, turns = _oracle_cases()[case]

    race = tuple(Fraction(k + 1, 7 + k) for k in range(turns))  # the oracle's: by turn
    keep = tuple([Fraction(1)] + [1 - race[turns - r] for r in range(1, turns + 1)])
    counts = tuple(hand) + (0,) * 25
    seen = tuple(4 - h - p for h, p in zip(hand, pool, strict=True)) + (4,) * 25
    win, _ = four_seat_value(hand, pool, turns, True, "own", race=race)
    without = four_seat_value(hand, pool, turns, True, "own")[0]
    assert win < without
    for quick in (True, False):
        [mine] = _compute(counts, turns, STANDARD, seen, False, "win", one=Fraction(1),
                          quick=quick, discard_wins=True, race=keep)
        assert mine.win == win, (to_mpsz(counts), pool, turns, quick)


@pytest.mark.parametrize("mode", [dict(discard_wins=True), dict(calls=True)], ids=str)
def test_the_policy_played_on_shuffled_walls_in_the_race(mode):
    """simulate_play ends each round at a turn's start with the curve's chance: its
    estimate covers win_chances' value (95% interval)."""
    hand = "12389m456p78s11z4z"
    [c] = win_chances(hand, draws=12, opponents=True, turn=2, **mode)
    est = simulate_play(hand, 12, trials=3000, rng=465, opponents=True, turn=2, **mode)
    assert est.covers(c.win), (est.value, c.win)
    without = win_chances(hand, draws=12, **mode)[0].win
    assert not est.covers(without)


def test_claim_advice_in_the_race_never_gains():
    for tile, seat in (("9s", "left"), ("1z", "across")):
        a = {o.kind + o.meld: o for o in claim_advice("12389m456p78s11z4z", tile, seat)}
        b = claim_advice("12389m456p78s11z4z", tile, seat, opponents=True, turn=3)
        for o in b:
            assert o.win <= a[o.kind + o.meld].win + 1e-12
        assert any(o.win < a[o.kind + o.meld].win - 1e-3 for o in b if o.kind != "win")


@pytest.mark.parametrize(("kwargs", "name"), [
    (dict(opponents="yes"), "opponents"), (dict(opponents=[0.1, 1.5]), "opponents"),
    (dict(opponents=[-0.1]), "opponents"), (dict(opponents=[0.1] * 101), "opponents"),
    (dict(opponents=True, turn=-1), "turn"), (dict(opponents=True, turn="2"), "turn"),
    (dict(opponents=True, turn=30), "turn"), (dict(opponents=[0.1] * 5), "opponents"),
    (dict(opponents=True, rules=STANDARD), "standard"),
    (dict(opponents=True, discard_wins=False), "four seats")])
def test_bad_race_arguments_are_hand_errors_naming_them(kwargs, name):
    args = dict(discard_wins=True) | kwargs
    with pytest.raises(HandError, match=name):
        win_chances(HAND, **args)


# --- the curve the table measured ------------------------------------------------------

def test_the_curves_are_the_committed_tables():
    """hazards.py is what make rounds computes from the committed rounds files."""
    tables = {name: read_rounds(ROUNDS_FILES[name]) for name in RACE_TABLES.values()}
    with open("mjcore/play/bestplay/hazards.py", encoding="utf-8") as f:
        assert f.read() == race_source(tables)
    assert set(HAZARDS) == set(SAMPLES) == set(OTHERS) == {"poyang", "riichi"}
    # the race less the seat's own deal-ins: never above the whole race, and below it
    # once seats are ready
    for name in HAZARDS:
        assert all(o <= h for o, h in zip(OTHERS[name], HAZARDS[name], strict=True))
        assert OTHERS[name][9] < HAZARDS[name][9]
    # a deal-in costs at least a plain win on a discard (4 points under Poyang)
    assert LOSS["poyang"][0] >= 4 and LOSS["poyang"][1] > 10_000


def test_the_race_source_reads_its_parts():
    """race_source is hazards_source of the three counts (a hand-made round: seat 2 wins
    on seat 1's discard, which seat 1 pays 6 points)."""
    r = Round(0, "discard", 2, 1, 0, 4, 18, (0, -6, 6, 0), (None,) * 4, (0,) * 4,
              (5, 5, 4, 4))
    text = race_source({"poyang": [r], "riichi no calls": [r]})
    assert text == hazards_source({"poyang": race_hazards([r]), "riichi": race_hazards([r])},
                                  {"poyang": race_hazards([r], False),
                                   "riichi": race_hazards([r], False)},
                                  {"poyang": (6.0, 1)})
    # without its own deal-in, seat 1 loses nothing in its last gap
    assert [e.hits for e in race_hazards([r], False)] == [0, 0, 0, 0, 1, 1]
    assert deal_in_loss([r]) == (6.0, 1)
    with pytest.raises(HandError, match="on a discard"):
        deal_in_loss([Round(1, "draw", None, None, None, None, 70, (0,) * 4, (None,) * 4,
                            (0,) * 4, (3, 3, 2, 2))])


def test_race_hazards_count_each_seat_in_the_gaps_it_was_in():
    """A hand-made round: seat 2 wins on seat 1's discard; the seats had taken 5, 5, 4
    and 4 turns.  Seats 0, 1 and 3 lose in the gap after their last turn; seat 2, the
    winner, was in five gaps and lost none."""
    r = Round(0, "discard", 2, 1, 0, 4, 18, (0, 0, 0, 0), (None,) * 4, (0,) * 4,
              (5, 5, 4, 4))
    h = race_hazards([r])
    assert [e.trials for e in h] == [4, 4, 4, 4, 4, 2]
    assert [e.hits for e in h] == [0, 0, 0, 0, 1, 2]
    drawn = Round(1, "draw", None, None, None, None, 70, (0,) * 4, (None,) * 4, (0,) * 4,
                  (3, 3, 2, 2))
    assert [(e.hits, e.trials) for e in race_hazards([drawn])] == [(0, 4), (0, 4), (0, 2)]


def test_race_hazards_of_played_rounds():
    """Every seat is in gap 1; the losses are the rounds another seat won, three seats a
    round."""
    rounds = play_rounds(0, 60)
    h = race_hazards(rounds)
    assert h[0].trials == 4 * len(rounds)
    assert sum(e.hits for e in h) == 3 * sum(r.winner is not None for r in rounds)
    with pytest.raises(HandError, match="rounds"):
        race_hazards([])
