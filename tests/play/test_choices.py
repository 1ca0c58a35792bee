"""Whose discard is best (mjcore.play.choices): the files make choices writes for chapters 6
and 7 hold every seeded hand, and what this code answers for a sample of them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mjcore import HandError, parse, shanten, to_mpsz
from mjcore.play import choices

ROOT = Path(__file__).resolve().parents[2]
ADVISOR = choices.read_rows(ROOT / choices.ADVISOR_FILE)
FOUR = choices.read_rows(ROOT / choices.FOUR_SEATS_FILE, four_seats=True)
STUDY = choices.STUDY
SAMPLE = random.Random(7)


def test_the_files_hold_every_seeded_hand_in_order():
    seeded = [to_mpsz(h) for h in choices.hands(STUDY["advisor"])]
    assert [r["deal"] for r in ADVISOR] == list(range(STUDY["advisor"]))
    assert [r["hand"] for r in ADVISOR] == seeded
    plain = [r for r in FOUR if not r["calls"]]
    called = [r for r in FOUR if r["calls"]]
    assert FOUR == plain + called  # without calls first, then with them
    assert [r["deal"] for r in plain] == list(range(STUDY["four seats"]))
    assert [r["deal"] for r in called] == list(range(STUDY["four seats with calls"]))
    assert [r["hand"] for r in plain] == seeded[:STUDY["four seats"]]
    assert [r["hand"] for r in called] == seeded[:STUDY["four seats with calls"]]


def test_the_rows_say_what_a_best_discard_is():
    for r in ADVISOR:
        assert 0 <= r["advisor_win"] <= r["best_win"] <= 1
        assert shanten(parse(r["hand"])) == 1
        assert r["best_shanten"] in (1, 2) and r["advisor_shanten"] == 1
    for r in FOUR:
        assert 0 <= r["alone_at_four"] <= r["best_at_four"] <= 1


@pytest.mark.parametrize("deal", SAMPLE.sample(range(STUDY["advisor"]), 4))
def test_the_advisor_file_holds_what_the_code_answers(deal):
    hand = choices.hands(deal + 1)[deal]
    assert choices.advisor_row(hand, deal) == ADVISOR[deal]  # exactly: repr keeps a float


@pytest.mark.parametrize("calls, deal", [
    (False, d) for d in SAMPLE.sample(range(STUDY["four seats"]), 2)] + [
    (True, d) for d in SAMPLE.sample(range(STUDY["four seats with calls"]), 2)])
def test_the_four_seat_file_holds_what_the_code_answers(calls, deal):
    hand = choices.hands(deal + 1)[deal]
    row = FOUR[deal + STUDY["four seats"] * calls]
    assert choices.four_seats_row(hand, deal, calls) == row


def test_the_study_on_an_executor_is_the_files_start():
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        advisor, four = choices.study_rows(3, 2, 1, pool)
    assert advisor == ADVISOR[:3]
    assert four == FOUR[:2] + [FOUR[STUDY["four seats"]]]


def test_rows_survive_a_round_trip_exactly(tmp_path):
    for rows, four_seats in ((ADVISOR[:5], False), (FOUR[-5:], True)):
        path = tmp_path / f"{four_seats}.csv"
        choices.write_rows(path, rows, four_seats)
        assert choices.read_rows(path, four_seats) == rows


def test_bad_arguments_are_refused():
    with pytest.raises(HandError, match="n must"):
        choices.hands(-1)
    with pytest.raises(HandError, match="deal"):
        choices.advisor_row("12389m456p78s9p11z4z", -1)
    with pytest.raises(HandError, match="3n\\+2"):
        choices.advisor_row("12389m456p78s9p11z")
    with pytest.raises(HandError, match="calls"):
        choices.four_seats_row("12389m456p78s9p11z4z", calls="yes")
    with pytest.raises(HandError, match="with_calls"):
        choices.study_rows(1, 1, -1)
    with pytest.raises(HandError, match="four_seats"):
        choices.read_rows(ROOT / choices.FOUR_SEATS_FILE, four_seats="yes")
    with pytest.raises(HandError, match="columns"):
        choices.read_rows(ROOT / choices.FOUR_SEATS_FILE)
    with pytest.raises(HandError, match="rows must be dicts"):
        choices.write_rows("unused.csv", [{"deal": 1}])
    with pytest.raises(HandError, match="digits"):
        from mjcore.play.studies import write_csv

        write_csv("unused.csv", [], ("a",), (), 10, digits=40)
