"""The claim study (mjcore.play.claims): the file make claims writes for chapter 7 holds what
this code makes of its first hands, and each row agrees with claim_advice."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjcore import HandError, claim_advice, shanten
from mjcore.play import claims

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / claims.CLAIMS_FILE


def test_the_file_holds_the_first_hands():
    rows = claims.read_claims(FILE)
    again = claims.claim_study(4, claims.STUDY["seed"], claims.STUDY["draws"])
    assert rows[:len(again)] == again
    assert rows[-1]["deal"] == claims.STUDY["n"] - 1


def test_the_points_file_holds_the_first_hands():
    rows = claims.read_claims(ROOT / claims.POINTS_FILE)
    again = claims.claim_study(3, claims.STUDY["seed"], claims.STUDY["draws"],
                               "points")
    assert rows[:len(again)] == again
    assert rows[-1]["deal"] == claims.STUDY["n"] - 1
    # the same hands, tiles and seats as the study of the chance of winning
    first = claims.read_claims(FILE)
    assert [(r["hand"], r["tile"], r["seat"]) for r in rows] == [
        (r["hand"], r["tile"], r["seat"]) for r in first[:len(rows)]]


@pytest.mark.parametrize("objective", ["win", "points"])
def test_the_race_files_hold_the_first_hands(objective):
    """make claims --race: the same hands, tiles and seats, asked with the race; each row
    is what claim_advice answers with opponents=True, and passing never gains from it."""
    rows = claims.read_claims(ROOT / claims.RACE_FILES[objective])
    again = claims.claim_study(2, claims.STUDY["seed"], claims.STUDY["draws"], objective,
                               opponents=True)
    assert rows[:len(again)] == again
    assert rows[-1]["deal"] == claims.STUDY["n"] - 1
    before = claims.read_claims(FILE if objective == "win" else ROOT / claims.POINTS_FILE)
    assert [(r["hand"], r["tile"], r["seat"]) for r in rows] == [
        (r["hand"], r["tile"], r["seat"]) for r in before]
    key = "pass_win" if objective == "win" else "pass_points"
    assert all(a[key] <= b[key] + 1e-9 for a, b in zip(rows, before, strict=True))


def test_rows():
    hands = claims.study_hands(5)
    assert all(sum(h) == 13 and shanten(h) == 1 for h in hands)
    for row in claims.claim_rows(hands[0]):
        options = claim_advice(row["hand"], row["tile"], row["seat"])
        assert options[0].kind == row["best"]
        assert row["pass_win"] == next(o.win for o in options if o.kind == "pass")
        assert ("chi" in row["offered"]) <= (row["seat"] == "left")


def test_bad_arguments(tmp_path):
    with pytest.raises(HandError, match="13-tile"):
        claims.claim_rows("123m")
    bad = tmp_path / "bad.csv"
    bad.write_text("deal,hand\n0,123m\n", encoding="utf-8")
    with pytest.raises(HandError, match="columns"):
        claims.read_claims(bad)
    with pytest.raises(HandError, match="cannot read"):
        claims.read_claims(tmp_path / "missing.csv")


def test_the_claim_study_is_the_same_on_a_pool():
    """One task a hand: on a pool of threads the rows come back in the hands' order."""
    from concurrent.futures import ThreadPoolExecutor

    alone = claims.claim_study(6)
    with ThreadPoolExecutor(2) as pool:
        assert claims.claim_study(6, executor=pool) == alone
    assert [r["deal"] for r in alone] == sorted(r["deal"] for r in alone)
