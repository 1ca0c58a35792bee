"""Folding at the table (mjcore.play.table's "fold" policies, mjcore.play.folding): the
committed rounds are what this code plays, a folded seat throws the tile deal_in_chances
rates safest and claims nothing, it folds where the rule says, and the summaries count
every round once."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mjcore import POYANG, RIICHI, HandError, shanten
from mjcore.base.rules import Rules
from mjcore.play.danger import deal_in_chances
from mjcore.play.folding import (
    FIELDS,
    POYANG_FILE,
    RIICHI_FILE,
    RIICHI_ROUNDS,
    ROUNDS,
    fold_round,
    folding_seat,
    paired_figures,
    read_rounds,
    riichi_round,
    study_rounds,
    table_shares,
    write_rounds,
)
from mjcore.play.table import (
    FOLD,
    FOLDERS,
    POLICIES,
    ROUNDS_FILES,
    Round,
    _play,
    fold_arg,
    folds,
    play_round,
)
from mjcore.play.table import read_rounds as read_table

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def poyang_rounds():
    return read_rounds(ROOT / POYANG_FILE)


@pytest.fixture(scope="module")
def riichi_rounds():
    return read_rounds(ROOT / RIICHI_FILE)


@pytest.fixture(scope="module")
def advisor_rounds():
    """The same seeds with four advisors: make rounds' poyang table (its first rounds)."""
    return read_table(ROOT / ROUNDS_FILES["poyang"])[:ROUNDS]


# --- the committed files --------------------------------------------------------------

@pytest.mark.parametrize(("name", "n", "play"), [("poyang", ROUNDS, fold_round),
                                                 ("riichi", RIICHI_ROUNDS, riichi_round)])
def test_the_committed_rounds_are_what_this_code_plays(name, n, play, poyang_rounds,
                                                       riichi_rounds):
    """Each file holds every seed once, in order, and a sample of its rounds (the first
    10, 20 seeded at random, and 10 where a seat folded) is what this code plays."""
    rounds = poyang_rounds if name == "poyang" else riichi_rounds
    assert [r.seed for r in rounds] == list(range(n))
    folded = [r.seed for r in rounds if any(f is not None for f in r.folded)]
    rng = random.Random(61)
    sample = list(range(10)) + rng.sample(range(10, n), 20) + rng.sample(folded, 10)
    for seed in sample:
        assert rounds[seed] == play(seed), seed


def test_a_round_where_nobody_folded_is_the_advisors_round(poyang_rounds, advisor_rounds):
    """The pairing: the same wall, so until the seat folds the round is the advisors'; a
    round where it never folded is the advisors' round whole."""
    never = [(f, a) for f, a in zip(poyang_rounds, advisor_rounds, strict=True)
             if f.folded == (None,) * 4]
    assert len(never) > ROUNDS // 2
    assert all(f == a for f, a in never)


def test_only_the_folding_seat_folds_at_the_poyang_table(poyang_rounds):
    for r in poyang_rounds:
        assert all(f is None for s, f in enumerate(r.folded) if s != folding_seat(r.seed))


def test_a_folded_seat_still_wins_when_its_hand_comes(riichi_rounds):
    """It takes a win when the tile comes: some riichi rounds are won by a folded seat."""
    assert any(r.winner is not None and r.folded[r.winner] is not None
               for r in riichi_rounds)


def test_the_headline_figures_hang_together(poyang_rounds, advisor_rounds, riichi_rounds):
    f = paired_figures(poyang_rounds, advisor_rounds)
    assert f.rounds == ROUNDS
    assert abs(f.difference.value - (f.fold.points.value - f.advisor.points.value)) < 1e-9
    assert f.difference.low < f.difference.value < f.difference.high
    assert 0 < f.folded.hits < ROUNDS
    s = table_shares(riichi_rounds)
    assert s.rounds == RIICHI_ROUNDS and s.deal_in.trials == 4 * RIICHI_ROUNDS
    assert s.deal_in.hits + s.draw.hits <= RIICHI_ROUNDS


# --- the policy ------------------------------------------------------------------------

def _watched(seed: int, rules: Rules, policies: tuple[str, ...], dead_wall: int,
             fold: tuple[tuple[int, int], ...]) -> tuple[Round, list[dict]]:
    """The round and, at every discard of a seat that folds, what it held and saw."""
    seen_by: list[dict] = []

    def watch(seat, tile, seats, seen):
        me = seats[seat]
        if me.policy in FOLDERS:
            hand = me.hand[:]
            hand[tile] += 1
            visible = seen[:]
            visible[tile] -= 1
            seen_by.append({"seat": seat, "tile": tile, "hand": tuple(hand),
                            "visible": tuple(visible), "turn": me.turns,
                            "folded": me.folded, "melds": len(me.melds)})

    return _play(seed, rules, policies, dead_wall, "all", {}, watch, fold), seen_by


@pytest.mark.parametrize(("rules", "policies", "dead_wall", "fold", "seeds"), [
    (POYANG, ("fold", "advisor", "fold", "advisor"), 0, FOLD, 16),
    pytest.param(POYANG, ("advisor", "fold", "advisor", "fold"), 0, ((2, 4), (1, 8)), 6,
                 marks=pytest.mark.slow),  # make verify
    (RIICHI, "fold, no calls", 14, FOLD, 16),
    pytest.param(RIICHI, ("fold", "advisor", "no calls", "fold, no calls"), 14, ((1, 6),), 6,
                 marks=pytest.mark.slow)])
def test_a_folded_seat_throws_its_safest_tile_and_never_claims(rules, policies, dead_wall,
                                                               fold, seeds):
    """Once folded, each discard is the least deal_in_chances from what the seat sees
    (ties to the lower tile), its melds never grow, and it folds at the first discard
    where the rule holds for the shanten of its 14 tiles, never before."""
    if isinstance(policies, str):
        policies = (policies,) * 4
    checked = 0
    for seed in range(seeds):  # the early rules fold often: fewer seeds check as many
        played, rows = _watched(seed, rules, policies, dead_wall, fold)
        for s in range(4):
            mine = [row for row in rows if row["seat"] == s]
            at = played.folded[s]
            for row in mine:
                rule = folds(fold, shanten(row["hand"], rules), row["turn"])
                if at is None or row["turn"] < at:
                    assert row["folded"] is None and not rule, (seed, s, row["turn"])
                    continue
                assert row["folded"] == at
                if row["turn"] == at:
                    assert rule, (seed, s, at)
                    melds = row["melds"]
                assert row["melds"] == melds, (seed, s, row["turn"])
                chances = deal_in_chances(row["hand"], row["visible"], row["turn"],
                                          rules).chances
                assert row["tile"] == min(chances, key=lambda t: (chances[t], t))
                checked += 1
            if policies[s] == "fold, no calls":
                assert played.claims[s] == 0
    assert checked >= 10


def test_a_seat_that_folds_at_once_claims_nothing():
    """The dealer, folding at its first discard, before any other seat has thrown, never
    claims (a seat that folds later may have claimed before: the rule is asked at each
    of its discards)."""
    for seed in range(5):
        r = play_round(seed, POYANG, ("fold", "advisor", "advisor", "advisor"),
                       fold=((0, 1),))
        assert r.folded == (1, None, None, None) and r.claims[0] == 0


def test_the_fold_rule_leaves_the_other_policies_alone():
    for seed in range(10):
        for policies in ("advisor", "no calls"):
            assert (play_round(seed, POYANG, policies, fold=((0, 1),))
                    == play_round(seed, POYANG, policies))


def test_the_rule():
    assert fold_arg(FOLD) == FOLD
    assert POLICIES[-2:] == FOLDERS
    assert folds(((2, 5),), 2, 5) and not folds(((2, 5),), 1, 30)
    assert not folds(((2, 5),), 6, 4)


# --- the summaries on small data -------------------------------------------------------

def _round(seed, winner=None, discarder=None, points=(0, 0, 0, 0), folded=(None,) * 4):
    outcome = ("draw" if winner is None else "self-draw" if discarder is None
               else "discard")
    return Round(seed, outcome, winner, discarder, None if winner is None else 0,
                 None if winner is None else 9, 40, points, (None,) * 4, (0,) * 4,
                 (10,) * 4, folded=folded)


def test_paired_figures_count_the_folding_seat_of_each_seed():
    folding = [_round(0, 1, 0, (-8, 8, 0, 0), (5, None, None, None)),  # seat 0 deals in
               _round(1, 1, None, (0, 0, 0, 0), (None, 6, None, None)),  # seat 1 wins
               _round(2)]
    advisors = [_round(0, 0, None, (12, -4, -4, -4)), _round(1, 1, None, (-2, 6, -2, -2)),
                _round(2, 3, 2, (0, 0, -5, 5))]
    f = paired_figures(folding, advisors)
    assert f.rounds == 3 and f.folded.hits == 2
    assert (f.fold.win.hits, f.fold.deal_in.hits) == (1, 1)
    assert (f.advisor.win.hits, f.advisor.deal_in.hits) == (2, 1)
    assert f.fold.points.value == pytest.approx(-8 / 3)
    assert f.advisor.points.value == pytest.approx((12 + 6 - 5) / 3)
    assert f.difference.value == pytest.approx((-20 - 6 + 5) / 3)
    assert f.difference.low < f.difference.value < f.difference.high


def test_table_shares_count_seat_rounds():
    rounds = [_round(0, 1, 0, folded=(3, None, None, 7)), _round(1), _round(2, 2),
              _round(3, 3, 1)]
    s = table_shares(rounds)
    assert (s.deal_in.hits, s.deal_in.trials) == (2, 16)
    assert (s.draw.hits, s.draw.trials) == (1, 4)
    assert (s.folded.hits, s.folded.trials) == (2, 16)


def test_a_file_reads_back_as_written(tmp_path):
    rounds = study_rounds(0, 6, "riichi") + [_round(6, folded=(1, 2, None, 4))]
    write_rounds(tmp_path / "r.csv", rounds)
    assert read_rounds(tmp_path / "r.csv") == rounds
    assert (tmp_path / "r.csv").read_text().splitlines()[0] == ",".join(FIELDS)


# --- bad arguments ---------------------------------------------------------------------

@pytest.mark.parametrize(("call", "name"), [
    (lambda: fold_arg(5), "fold"), (lambda: fold_arg([]), "fold"),
    (lambda: fold_arg([(2, 5)] * 5), "fold"),
    (lambda: fold_arg([(2, 5, 1)]), "fold[0]"),
    (lambda: fold_arg([(2, 5), (9, 5)]), "fold[1]'s shanten"),
    (lambda: fold_arg([(-1, 5)]), "fold[0]'s shanten"),
    (lambda: fold_arg([(2, 0)]), "fold[0]'s discard"),
    (lambda: fold_arg([(2, 41)]), "fold[0]'s discard"),
    (lambda: fold_arg([(2, "5")]), "fold[0]'s discard"),
    (lambda: play_round(0, POYANG, "fold", fold=[(2, 0)]), "discard"),
    (lambda: play_round(0, Rules("mine"), "fold"), "policies"),
    (lambda: study_rounds(0, 2, "chinese"), "table"),
    (lambda: study_rounds(-1, 2), "first"),
    (lambda: folding_seat(-1), "seed"),
    (lambda: paired_figures([_round(0)], [_round(1)]), "same seeds"),
    (lambda: paired_figures([], [_round(1)]), "rounds"),
    (lambda: table_shares(5), "rounds"),
    (lambda: read_rounds(5), "path"),
])
def test_bad_arguments_are_hand_errors_naming_them(call, name):
    with pytest.raises(HandError, match=name.replace("[", r"\[").replace("]", r"\]")):
        call()
