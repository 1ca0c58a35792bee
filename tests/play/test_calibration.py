"""Best play with the race at the table (the policy "best play") and the calibration study
(mjcore.play.calibration): the seat plays what win_chances says, and the committed rows
are what this code plays."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mjcore import POYANG, HandError, parse, shanten, tile_index, tile_name, win_chances
from mjcore.play.calibration import (
    CALIBRATION_FILE,
    FIELDS,
    ROUNDS,
    _dealt,
    calibration,
    calibration_row,
    read_rows,
    write_rows,
)
from mjcore.play.table import _play, play_round

ROOT = Path(__file__).resolve().parents[2]
QUICK = (2, 5, 3)  # seeds whose dealer's search takes well under a second


def test_the_first_discard_and_its_chance_are_win_chances():
    """The dealer's first discard and chance come from the public win_chances with four
    seats and the race (nothing seen yet, its first turn)."""
    for seed in QUICK:
        notes: dict = {}
        _play(seed, POYANG, ("best play", "advisor", "advisor", "advisor"), 0, "all", notes)
        best = win_chances(_dealt(seed), 17, POYANG, discard_wins=True, opponents=True)[0]
        assert (notes[0].first, notes[0].chance) == (best.tile, best.win)


def test_a_best_play_seat_keeps_only_progress_and_never_claims():
    """Followed discard by discard (the round's ``watch``): the best-play seat's shanten
    after each of its discards is the one before or one less, from its dealt 14 tiles'
    on (a draw is kept only when it lowers it), never more; its ready turn is the first
    at shanten 0; it claims nothing."""
    policies = ("best play", "advisor", "advisor", "advisor")
    for seed in QUICK:
        notes: dict = {}
        after: list[tuple[int, int]] = []  # (turn, shanten) after each of seat 0's discards

        def watch(seat, tile, seats, seen, after=after):
            if seat == 0:
                after.append((seats[0].turns, seats[0].shanten))

        r = _play(seed, POYANG, policies, 0, "all", notes, watch)
        assert r == play_round(seed, POYANG, policies) and notes[0] is not None
        assert r.claims[0] == 0
        was = shanten(_dealt(seed), POYANG)
        steps = [was] + [s for _, s in after]
        assert all(b in (a, a - 1) for a, b in zip(steps, steps[1:], strict=False)), seed
        assert len(after) >= 7 and steps[-1] < was
        assert r.ready[0] == next((t for t, s in after if s == 0), None)
        if r.winner == 0:
            assert shanten(parse(r.hand), POYANG) == -1


def test_a_search_too_big_leaves_the_seat_to_the_advisor(monkeypatch):
    """Past the search's bound the seat plays the advisor: the round is the all-advisor
    round, and the notes say so."""
    from mjcore.play.bestplay import limits

    monkeypatch.setattr(limits, "MAX_POSITIONS", 10)
    notes: dict = {}
    played = _play(0, POYANG, ("best play", "advisor", "advisor", "advisor"), 0, "all", notes)
    assert notes == {0: None}
    assert played == play_round(0, POYANG, "advisor")


def test_the_committed_rows_are_what_this_code_plays():
    rows = read_rows(ROOT / CALIBRATION_FILE)
    assert [r["seed"] for r in rows] == list(range(ROUNDS))
    quick = [r["seed"] for r in rows if r["shanten"] <= 1]
    for seed in random.Random(47).sample(quick, 3):
        row = calibration_row(seed)
        mine = rows[seed]
        assert {k: v for k, v in row.items() if k != "chance"} == \
            {k: v for k, v in mine.items() if k != "chance"}
        assert abs(row["chance"] - mine["chance"]) < 1e-11
    assert all(r["discard"] == "" or r["discard"] == tile_name(tile_index(r["discard"]))
               for r in rows)
    assert {r["outcome"] for r in rows} <= {"won", "lost", "draw"}


def test_rows_read_back_as_written(tmp_path):
    rows = [calibration_row(seed) for seed in QUICK]
    path = tmp_path / "rows.csv"
    write_rows(path, rows)
    back = read_rows(path)
    assert [r["seed"] for r in back] == list(QUICK)
    assert all(abs(a["chance"] - b["chance"]) < 1e-11 for a, b in zip(rows, back, strict=True))
    path.write_text(",".join(FIELDS[:3]) + "\n", encoding="utf-8")
    with pytest.raises(HandError, match="columns"):
        read_rows(path)


def test_calibration_bins_count_every_row_once():
    rng = random.Random(48)
    rows = [{"chance": rng.random(), "outcome": rng.choice(["won", "lost", "draw"])}
            for _ in range(103)] + [{"chance": None, "outcome": "won"}]
    found = calibration(rows, 10)
    assert sum(b.won.trials for b in found) == 103
    assert sum(b.won.hits for b in found) == sum(r["outcome"] == "won" for r in rows[:103])
    assert all(a.high <= b.low for a, b in zip(found, found[1:], strict=False))
    assert all(b.low <= b.predicted <= b.high for b in found)
    with pytest.raises(HandError, match="bins"):
        calibration(rows, 0)
    with pytest.raises(HandError, match="at least"):
        calibration(rows[:5], 10)
