"""The danger calibration study (mjcore.play.dealin): the committed rows are what this code
plays and predicts, the watch leaves the rounds as they were, and the summaries count every
row once."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

import pytest

from mjcore import POYANG, RIICHI, HandError, parse, tile_index
from mjcore.hand.waits import waits_by_trial
from mjcore.play.danger import deal_in_chances
from mjcore.play.dealin import (
    DISCARDS_FILE,
    FIELDS,
    RANKS,
    ROUNDS,
    WAIT_FIELDS,
    WAITS_FILE,
    calibration,
    deal_in_rate,
    read_rows,
    readiness,
    round_rows,
    share_calibration,
    study_rows,
    waits_by_rank,
    write_rows,
)
from mjcore.play.readiness import READY
from mjcore.play.table import ROUNDS_FILES, _play, play_round, read_rounds

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def committed():
    discards = read_rows(ROOT / DISCARDS_FILE)
    ready = read_rows(ROOT / WAITS_FILE, WAIT_FIELDS)
    by_seed = defaultdict(list)
    for row in discards:
        by_seed[row["seed"]].append(row)
    return discards, ready, by_seed


@pytest.fixture(scope="module")
def table_rounds():
    """The same seeds in make rounds' file of the poyang table (its first rounds)."""
    return read_rounds(ROOT / ROUNDS_FILES["poyang"])[:ROUNDS]


def test_a_watch_leaves_the_round_as_it_was():
    seen = []
    for seed in range(5):
        played = _play(seed, POYANG, ("advisor",) * 4, 0, "all", {},
                       lambda seat, tile, seats, visible: seen.append((seat, tile)))
        assert played == play_round(seed)
    assert len(seen) == sum(play_round(seed).discards for seed in range(5))


def test_the_committed_rows_are_the_table_rounds(committed, table_rounds):
    """Every committed round is the round of make rounds' file: as many discards, the last
    one dealt in exactly when the round was won on a discard, from its discarder; a tile
    dealt in exactly when it was among a ready seat's waits (nobody defends or passes a
    win); each seat's first ready turn as the round recorded it."""
    discards, ready, by_seed = committed
    assert sorted(by_seed) == list(range(ROUNDS))
    assert sum(r["dealt_in"] for r in discards) >= 200  # enough for the deciles
    assert all(r["waited"] == r["dealt_in"] for r in discards)
    for r in table_rounds:
        rows = by_seed[r.seed]
        assert len(rows) == r.discards
        assert sum(x["dealt_in"] for x in rows) == (r.outcome == "discard")
        if r.outcome == "discard":
            assert rows[-1]["dealt_in"] and rows[-1]["seat"] == r.discarder
            assert tile_index(rows[-1]["tile"]) == r.win_tile
    firsts = {(w["seed"], w["seat"]): w["turn"] for w in ready}
    assert len(firsts) == len(ready)
    assert firsts == {(r.seed, seat): turn for r in table_rounds
                      for seat, turn in enumerate(r.ready) if turn is not None and r.discards}


def test_a_sample_of_rounds_replays(committed):
    discards, ready, by_seed = committed
    for seed in random.Random(61).sample(range(ROUNDS), 4):
        rows, firsts = round_rows(seed, predict=False)
        assert [{**r, "chance": None, "share": None, "ready_chance": None}
                for r in by_seed[seed]] == rows
        assert firsts == [w for w in ready if w["seed"] == seed]


def test_a_sample_of_predictions_is_deal_in_chances(committed):
    """Each recorded chance is deal_in_chances of the recorded hand and visible tiles."""
    discards, _, _ = committed
    for row in random.Random(62).sample(discards, 12):
        d = deal_in_chances(row["hand"], row["visible"], row["turn"], POYANG, None, 3)
        tile = tile_index(row["tile"])
        assert abs(d.chance(tile) - row["chance"]) < 1e-11
        assert abs(d.shares[tile] - row["share"]) < 1e-11
        assert abs(d.ready - row["ready_chance"]) < 1e-11
        assert d.ready == (0.0 if row["turn"] == 1 else READY["poyang"][row["turn"] - 2])
        assert sum(parse(row["hand"])) + sum(parse(row["visible"])) <= 136


def test_a_first_ready_seat_waits_on_what_a_search_finds(committed):
    """The recorded waits are the tiles that complete the seat's hand, found by trying each
    tile with the plain search (a few rounds replayed to the moment the seat was ready)."""
    _, ready, _ = committed
    assert all(w["waits"] for w in ready)
    for seed in random.Random(64).sample(range(ROUNDS), 3):
        found: dict = {}

        def watch(seat, tile, seats, seen, found=found):
            for k, s in enumerate(seats):
                if s.shanten == 0 and k not in found:
                    found[k] = set(waits_by_trial(tuple(s.hand), POYANG).tiles)

        _play(seed, POYANG, ("advisor",) * 4, 0, "all", {}, watch)
        mine = {w["seat"]: w["waits"] for w in ready if w["seed"] == seed}
        assert set(mine) == set(found)
        for seat, text in mine.items():
            assert found[seat] == {t for t in range(34) if parse(text)[t]}


def test_rows_read_back_as_written(tmp_path):
    discards, ready = study_rows(0, 2)
    path = tmp_path / "rows.csv"
    write_rows(path, discards)
    back = read_rows(path)
    reals = ("chance", "share", "ready_chance")
    assert [{k: v for k, v in r.items() if k not in reals} for r in back] == \
        [{k: v for k, v in r.items() if k not in reals} for r in discards]
    assert all(abs(a[k] - b[k]) < 1e-11 for a, b in zip(back, discards, strict=True)
               for k in reals)
    write_rows(path, ready, WAIT_FIELDS)
    assert read_rows(path, WAIT_FIELDS) == ready
    with pytest.raises(HandError, match="columns"):
        read_rows(path, FIELDS)
    bare, _ = round_rows(0, predict=False)
    write_rows(path, bare)
    assert read_rows(path) == bare


def test_calibration_bins_count_every_row_once():
    rng = random.Random(63)
    rows = [{"chance": rng.random() / 4, "dealt_in": int(rng.random() < 0.1)}
            for _ in range(203)] + [{"chance": None, "dealt_in": 1}]
    found = calibration(rows, 10)
    assert sum(b.observed.trials for b in found) == 203
    assert sum(b.observed.hits for b in found) == sum(r["dealt_in"] for r in rows[:203])
    assert all(a.high <= b.low for a, b in zip(found, found[1:], strict=False))
    assert all(b.low <= b.predicted <= b.high for b in found)
    with pytest.raises(HandError, match="bins"):
        calibration(rows, 0)
    with pytest.raises(HandError, match="at least"):
        calibration(rows[:5], 10)


def test_share_calibration_takes_the_discards_with_a_ready_seat():
    rows = [{"share": 0.1, "ready_seats": k, "waited": int(k == 2)} for k in (0, 1, 2, 3)]
    found = share_calibration(rows, 3)
    assert [round(b.predicted, 3) for b in found] == [0.1, 0.19, 0.271]
    assert [b.observed.hits for b in found] == [0, 1, 0]
    assert sum(b.observed.trials for b in found) == 3


def test_readiness_sets_q_beside_the_seats_ready():
    rows = [{"turn": 1, "ready_chance": 0.0, "ready_seats": 0},
            {"turn": 3, "ready_chance": 0.1, "ready_seats": 1},
            {"turn": 3, "ready_chance": 0.1, "ready_seats": 2},
            {"turn": 3, "ready_chance": None, "ready_seats": 3}]
    found = readiness(rows)
    assert [(r.turn, r.predicted, r.observed.hits, r.observed.trials) for r in found] == \
        [(1, 0.0, 0, 3), (3, 0.1, 3, 6)]
    assert readiness(rows, 2) == found[:1]


def test_waits_by_rank_counts_each_wait_once():
    rows = [{"waits": "147m"}, {"waits": "9p9s"}, {"waits": "1z7z"}, {"waits": "5p"}]
    found = waits_by_rank(rows)
    assert [r.rank for r in found] == list(RANKS)
    hits = {r.rank: r.observed.hits for r in found}
    assert hits == {"1": 1, "2": 0, "3": 0, "4": 1, "5": 1, "6": 0, "7": 1, "8": 0, "9": 2,
                    "honours": 2}
    assert all(r.observed.trials == 4 * (7 if r.rank == "honours" else 3) for r in found)
    # wait_counts' shares: the same at both ends of a suit; under riichi forms (no 13
    # unrelated tiles) higher in the middle, lowest on honours
    predicted = {r.rank: r.predicted for r in found}
    assert abs(predicted["1"] - predicted["9"]) < 1e-12
    assert all(r.predicted > 0 for r in found)
    riichi = {r.rank: r.predicted for r in waits_by_rank(rows, RIICHI)}
    assert riichi["5"] > riichi["1"] > riichi["honours"] > 0
    with pytest.raises(HandError, match="rows"):
        waits_by_rank([{"waits": "5m5m5m5m5m"}])


def test_deal_in_rate_is_the_share_dealt_in():
    rate = deal_in_rate([{"dealt_in": k % 4 == 0} for k in range(8)])
    assert (rate.hits, rate.trials) == (2, 8)
