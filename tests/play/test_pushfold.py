"""The push-or-fold study (mjcore.play.pushfold): the file make pushfold writes for chapter 8
holds what this code answers for a sample of its hands, every cell complete."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mjcore import POYANG, HandError, parse, shanten
from mjcore.play import pushfold

ROOT = Path(__file__).resolve().parents[2]
ROWS = pushfold.read_rows(ROOT / pushfold.FILE)


def test_every_cell_is_complete():
    cells = Counter((r["shanten"], r["turn"]) for r in ROWS)
    assert set(cells) == {(s, t) for s in pushfold.SHANTENS for t in pushfold.TURNS}
    assert set(cells.values()) == {pushfold.HANDS}


@pytest.mark.parametrize("target, turn, index", [
    (0, 3, 0), (0, 3, 1), (1, 15, 0), (1, 15, 1), (2, 15, 0), (2, 15, 2), (3, 15, 0),
    (3, 15, 4)])  # hands each asked in well under a second (3 from ready can take 5 s)
def test_the_file_holds_what_the_code_answers(target, turn, index):
    [row] = [r for r in ROWS if (r["shanten"], r["turn"], r["index"]) == (target, turn, index)]
    again = pushfold.hand_row(target, turn, index)
    assert {k: row[k] for k in ("hand", "visible", "draws", "best", "fold", "plain")} == {
        k: again[k] for k in ("hand", "visible", "draws", "best", "fold", "plain")}
    for k in ("points", "win", "deal_in"):
        assert row[k] == pytest.approx(again[k], abs=1e-9)


def test_the_hands_are_what_their_cell_says():
    for r in ROWS[::37]:
        hand, seen = parse(r["hand"]), parse(r["visible"])
        assert shanten(hand, POYANG) == r["shanten"]
        assert sum(hand) == 14 and sum(seen) == 4 * (r["turn"] - 1)
        assert 0 <= r["deal_in"] <= 1 and 0 <= r["win"] <= 1
        assert r["fold"] in (0, 1) and (not r["fold"] or r["win"] < 1e-6)


def test_bad_arguments_are_refused():
    with pytest.raises(HandError, match="target"):
        pushfold.deal(4, 3, 0)
    with pytest.raises(HandError, match="hands"):
        pushfold.study_rows(0)
    with pytest.raises(HandError, match="columns"):
        pushfold.read_rows(ROOT / "notebooks/data/claims.csv")
    with pytest.raises(HandError, match="path"):
        pushfold.read_rows(3)
    with pytest.raises(HandError, match="rows must be dicts"):
        pushfold.write_rows("unused.csv", [{"shanten": 1}])


def test_rows_survive_a_round_trip(tmp_path):
    path = tmp_path / "rows.csv"
    pushfold.write_rows(path, ROWS[:5])
    again = pushfold.read_rows(path)
    assert [r["hand"] for r in again] == [r["hand"] for r in ROWS[:5]]
    assert all(a["points"] == pytest.approx(b["points"], abs=1e-11)
               for a, b in zip(again, ROWS[:5], strict=True))
