"""deal_in_chances: the chance each discard deals in, from the exact counts and the table."""

from __future__ import annotations

import pytest

from mjcore import POYANG, RIICHI, HandError, Rules, deal_in_chances, parse, wait_counts
from mjcore.play.danger import ready_chance
from mjcore.play.readiness import READY, SEATS
from mjcore.play.table import (
    RACE_TABLES,
    READY_DISCARDS,
    READY_FILE,
    ROUNDS_FILES,
    read_rounds,
    ready_by_discard,
    ready_source,
)

HAND = "123456789m1245p5z"


def test_the_ready_curves_are_the_committed_tables():
    """readiness.py is what make rounds computes from the committed rounds files."""
    curves = {rules: ready_by_discard(read_rounds(ROUNDS_FILES[name]), READY_DISCARDS)
              for rules, name in RACE_TABLES.items()}
    with open(READY_FILE, encoding="utf-8") as f:
        assert f.read() == ready_source(curves)
    assert set(READY) == set(SEATS) == {"poyang", "riichi"}
    for curve in READY.values():
        assert all(0 <= x <= 1 for x in curve)


@pytest.mark.parametrize("rules", [POYANG, RIICHI])
def test_chances_follow_the_formula(rules):
    d = deal_in_chances(HAND, visible="1s2s3s", turn=9, rules=rules)
    counts = wait_counts(parse(HAND + "123s"), rules)
    assert d.counts == counts
    q = READY[rules.name][7]  # after 8 discards of their own
    assert d.ready == q
    for t in d.tiles:
        s = counts.waiting[t] / counts.ready
        assert d.chances[t] == pytest.approx(1 - (1 - q * s) ** 3, abs=1e-15)
    assert d.tiles == tuple(t for t in range(34) if parse(HAND)[t])


def test_danger_grows_with_turn_and_seats():
    early = deal_in_chances(HAND, turn=4, rules=RIICHI)
    late = deal_in_chances(HAND, turn=14, rules=RIICHI)
    one = deal_in_chances(HAND, turn=14, rules=RIICHI, seats=1)
    for t in early.tiles:
        assert early.chances[t] < late.chances[t]
        assert one.chances[t] < late.chances[t]
    assert deal_in_chances(HAND, turn=1).chances == dict.fromkeys(early.tiles, 0.0)


def test_a_safe_last_honour_and_an_unsafe_last_terminal():
    d = deal_in_chances("1m5z", visible="1m1m1m5z5z5z", turn=12, rules=RIICHI)
    assert d.chance("5z") == 0.0
    assert d.chance("1m") > 0.0  # 23m waits on 1m and 4m
    with pytest.raises(HandError, match="not in the hand"):
        d.chance("2m")


def test_ready_given_by_the_caller():
    assert ready_chance(7, RIICHI, 0.25) == 0.25
    assert ready_chance(3, RIICHI, [0.1, 0.2]) == 0.2
    assert ready_chance(9, RIICHI, [0.1, 0.2]) == 0.2
    mine = Rules("mine", seven_pairs=True)
    with pytest.raises(HandError, match="no curve"):
        deal_in_chances(HAND, turn=5, rules=mine)
    d = deal_in_chances(HAND, turn=5, rules=mine, ready=[0.0, 0.5])
    assert d.ready == 0.5


@pytest.mark.parametrize(("kwargs", "name"), [
    (dict(hand=""), "hand"), (dict(hand="1m" * 15), "hand"), (dict(hand=42), "hand"),
    (dict(visible="11111m"), "visible"), (dict(hand="1m", visible="1m1m1m1m"), "1m"),
    (dict(turn=0), "turn"), (dict(turn=41), "turn"), (dict(turn=2.5), "turn"),
    (dict(seats=0), "seats"), (dict(seats=4), "seats"), (dict(rules="bogus"), "rules"),
    (dict(ready=1.5), "ready"), (dict(ready=[]), "ready"), (dict(ready=["x"]), "ready"),
    (dict(ready=[0.1] * 41), "ready"), (dict(ready=True), "ready")])
def test_bad_arguments_are_hand_errors_naming_them(kwargs, name):
    args = dict(hand=HAND, turn=5) | kwargs
    with pytest.raises(HandError, match=name):
        deal_in_chances(**args)
