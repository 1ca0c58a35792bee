"""The table of four (mjcore.play.table): every round replayed by a slow oracle that asks
mjcore's public answers afresh at each step, and the laws of a round's record."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from table_oracle import replay

from mjcore import POYANG, RIICHI, HandError, is_win, parse
from mjcore.base.rules import with_wild
from mjcore.play.table import (
    POLICIES,
    ROUNDS_FILES,
    TABLES,
    Round,
    over_by_draws,
    play_round,
    play_rounds,
    read_rounds,
    ready_by_discard,
    table_figures,
    wall_draws,
    write_rounds,
)
from mjcore.scoring.poyang import score, settle

SEEDS = range(40)


@pytest.mark.parametrize(("rules", "policies", "dead_wall", "tiles"), [
    (POYANG, "advisor", 0, "all"), (RIICHI, "advisor", 14, "all"),
    (RIICHI, "no calls", 14, "all"),
    (POYANG, ("advisor", "no calls", "advisor", "no calls"), 0, "all"),
    (POYANG, "always pon", 0, "no winds"),
    (POYANG, ("always pon", "advisor", "no calls", "always pon"), 0, "all")])
def test_rounds_agree_with_the_slow_oracle(rules, policies, dead_wall, tiles):
    """Each round, step by step from the public functions, ends the same way: the same
    outcome, winner, discarder, tile, turn, number of discards, claims and turns."""
    each = (policies,) * 4 if isinstance(policies, str) else policies
    calls = tuple(p == "advisor" for p in each)
    always = tuple(s for s, p in enumerate(each) if p == "always pon")
    outcomes = set()
    for seed in SEEDS:
        r = play_round(seed, rules, policies, dead_wall, tiles)
        assert (r.outcome, r.winner, r.discarder, r.win_tile, r.turn, r.discards,
                r.claims, r.turns) == replay(seed, rules, calls, dead_wall, always,
                                             tiles == "all"), seed
        if tiles == "no winds":
            assert r.win_tile is None or not 27 <= r.win_tile <= 30
        outcomes.add(r.outcome)
    assert {"self-draw", "discard"} <= outcomes


def test_the_winner_holds_a_win_and_is_paid_by_chapter_10():
    """The winner's concealed tiles win, with 3 tiles a meld they make 14; the payments
    are the scorer's for that hand and its melds, and sum to zero."""
    for seed in SEEDS:
        r = play_round(seed)
        assert sum(r.points) == 0
        if r.outcome == "draw":
            assert r.points == (0, 0, 0, 0) and r.hand == "" and r.melds == ()
            continue
        counts = parse(r.hand)
        assert sum(counts) + 3 * len(r.melds) == 14 and counts[r.win_tile] >= 1
        assert is_win(counts, POYANG)
        found = score(counts, win_tile=r.win_tile, self_draw=r.outcome == "self-draw",
                      melds=list(r.melds))
        assert tuple(settle(found, winner=r.winner, discarder=r.discarder)) == r.points
        payers = [s for s in range(4) if r.points[s] < 0]
        assert payers == ([r.discarder] if r.outcome == "discard"
                          else [s for s in range(4) if s != r.winner])


def test_a_seat_that_never_claims_lays_nothing_down():
    rounds = [play_round(seed, POYANG, ("no calls", "advisor", "no calls", "advisor"))
              for seed in SEEDS]
    assert all(r.claims[0] == r.claims[2] == 0 for r in rounds)
    assert sum(r.claims[1] + r.claims[3] for r in rounds) > 0
    assert all(r.melds == () for r in rounds if r.winner in (0, 2))


def test_a_round_is_its_seed():
    assert play_round(3) == play_round(3)
    assert len({play_round(seed) for seed in range(10)}) == 10
    assert isinstance(play_round(3), Round)


def test_ready_turns_come_before_the_win():
    """A winner was ready before it won (a dealt-complete hand aside), on or before its
    winning turn; no seat is ready after the round's last turn."""
    for seed in SEEDS:
        r = play_round(seed, RIICHI, dead_wall=14)
        if r.winner is not None:
            assert r.ready[r.winner] is not None and r.ready[r.winner] <= r.turn


def test_riichi_rounds_without_calls_are_sometimes_drawn():
    """With 14 tiles left undrawn and no claims, some rounds run out of wall (荒庄)."""
    outcomes = [play_round(seed, RIICHI, "no calls", 14).outcome for seed in range(120)]
    assert "draw" in outcomes and outcomes.count("draw") < 30


@pytest.mark.parametrize(("kwargs", "name"), [
    ({"seed": -1}, "seed"), ({"seed": 10 ** 12}, "seed"), ({"seed": "1"}, "seed"),
    ({"rules": "chinese"}, "rules"), ({"rules": with_wild("poyang", "7z")}, "wild"),
    ({"policies": "greedy"}, "policies"), ({"policies": ("advisor",) * 3}, "policies"),
    ({"policies": ("advisor", "advisor", "advisor", 5)}, "policies"),
    ({"dead_wall": 15}, "dead_wall"), ({"dead_wall": -1}, "dead_wall"),
    ({"tiles": "120"}, "tiles"), ({"tiles": None}, "tiles"),
])
def test_bad_arguments_are_hand_errors_naming_them(kwargs, name):
    args = {"seed": 1, **kwargs}
    with pytest.raises(HandError, match=name):
        play_round(**args)


def test_policies_are_named():
    assert POLICIES == ("advisor", "no calls", "always pon", "best play", "fold",
                        "fold, no calls")


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_committed_rounds_are_what_this_code_plays(name):
    """make rounds' file holds every seed of its table once, in order, and a sample of
    its rows (the first 20 and 30 seeded at random) is what play_round makes of them."""
    rules, policies, dead_wall, n, tiles = TABLES[name]
    rounds = read_rounds(ROOT / ROUNDS_FILES[name])
    assert [r.seed for r in rounds] == list(range(n))
    sample = list(range(20)) + random.Random(46).sample(range(20, n), 30)
    for seed in sample:
        assert rounds[seed] == play_round(seed, rules, policies, dead_wall, tiles), seed


def test_a_rounds_file_reads_back_as_written(tmp_path):
    rounds = play_rounds(0, 30, RIICHI, "advisor", 14)
    path = tmp_path / "rounds.csv"
    write_rounds(path, rounds)
    assert read_rounds(path) == rounds
    path.write_text("seed,outcome\n1,draw\n", encoding="utf-8")
    with pytest.raises(HandError, match="columns"):
        read_rounds(path)


def test_the_figures_count_the_rounds():
    """Each figure against a count written out here: riichi rounds without calls, and
    for the claims, Poyang rounds whose seats claim unevenly (seat 1 never does)."""
    rounds = play_rounds(0, 200, RIICHI, "no calls", 14)
    f = table_figures(rounds, turns=12)
    wins = [sum(r.winner == s for r in rounds) for s in range(4)]
    assert [s.win.hits for s in f.seats] == wins and f.rounds == 200
    assert f.draw.hits == sum(r.winner is None for r in rounds) == 200 - sum(wins)
    assert [s.deal_in.hits for s in f.seats] == [sum(r.discarder == s for r in rounds)
                                                for s in range(4)]
    assert [s.self_draw.hits for s in f.seats] == [
        sum(r.winner == s and r.discarder is None for r in rounds) for s in range(4)]
    assert f.ended_by[-1].hits == sum(r.turn is not None and r.turn <= 12 for r in rounds)
    assert f.ready_by[5].hits == sum(v is not None and v <= 6 for r in rounds for v in r.ready)
    assert f.ready_by[5].trials == 800 and len(f.ended_by) == 12
    for s, seat in enumerate(f.seats):
        turns = [r.turn for r in rounds if r.winner == s]
        mean, low, high = seat.turn
        assert mean == pytest.approx(sum(turns) / len(turns)) and low < mean < high
        assert seat.claims == 0
    called = play_rounds(0, 40, POYANG, ("advisor", "no calls", "advisor", "always pon"))
    claims = [sum(r.claims[s] for r in called) for s in range(4)]
    assert claims[1] == 0 and min(claims[0], claims[2], claims[3]) > 0
    assert len(set(claims)) == 4  # a figure read from another seat would differ
    assert [seat.claims for seat in table_figures(called).seats] == [c / 40 for c in claims]


def test_a_rounds_length_is_its_draws_from_the_wall_in_fours():
    """mjai-manue's count: a drawn riichi round took all 70 draws (k = 17); a claim's tile
    came from a discard, not the wall."""
    drawn = Round(0, "draw", None, None, None, None, 70, (0,) * 4, (None,) * 4, (0,) * 4,
                  (18, 18, 17, 17))
    claimed = Round(1, "self-draw", 1, None, 5, 9, 33, (0,) * 4, (None,) * 4, (0, 2, 1, 0),
                    (9, 9, 9, 9))
    assert (wall_draws(drawn), wall_draws(claimed)) == (70, 33)
    over = over_by_draws([drawn, claimed])
    assert len(over) == 18 and [e.trials for e in over] == [2] * 18
    assert [k for k, e in enumerate(over) if e.hits == 1] == list(range(8, 17))
    assert over[17].hits == 2
    rounds = play_rounds(0, 100, RIICHI, "no calls", 14)
    assert over_by_draws(rounds)[-1].hits == 100
    assert [e.hits for e in over_by_draws(rounds, 40)] == [
        sum(wall_draws(r) // 4 <= k for r in rounds) for k in range(41)]


def test_ready_by_discard_counts_the_seats_that_made_that_discard():
    """A self-drawn winner made one discard fewer than its turns; the others one a turn
    (a discard win's winner took no turn for its tile).  Seat 1 won on its 6th tile
    self-drawn, ready after its 4th discard; seat 2 was ready after its 5th."""
    r = Round(0, "self-draw", 1, None, 5, 6, 21, (0,) * 4, (None, 4, 5, None), (0,) * 4,
              (6, 6, 5, 5))
    found = ready_by_discard([r], 10)
    assert [e.trials for e in found] == [4, 4, 4, 4, 4, 1]
    assert [e.hits for e in found] == [0, 0, 0, 1, 2, 0]
    # the dealer wins on its first tile: nobody discarded, two hands dealt ready count nowhere
    at_once = Round(1, "self-draw", 0, None, 5, 1, 0, (0,) * 4, (0, 0, None, None),
                    (0,) * 4, (1, 0, 0, 0))
    assert ready_by_discard([at_once]) == ()
    assert ready_by_discard([r, at_once], 10) == found
    rounds = play_rounds(0, 100, RIICHI, "no calls", 14)
    for t, e in enumerate(ready_by_discard(rounds, 12), 1):
        made = [(r, s) for r in rounds for s in range(4)
                if r.turns[s] - (r.winner == s and r.discarder is None) >= t]
        assert e.trials == len(made)
        assert e.hits == sum(r.ready[s] is not None and r.ready[s] <= t for r, s in made)
    with pytest.raises(HandError, match="discards"):
        ready_by_discard(rounds, 0)
    with pytest.raises(HandError, match="rounds"):
        over_by_draws([])
