"""Far hands: the approximate search with leaves, its table, its error rows, and the
simpler games that answer hands too far for hand changes and calls."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjcore import HandError, win_chances
from mjcore.play import farhands
from mjcore.play.bestplay import api, leaftable, limits
from mjcore.play.bestplay.leaves import _raced, leaf_curves

ROOT = Path(__file__).resolve().parents[2]

FAR = "13567m26p3449s457z"
"""A seeded deal four steps from ready under the poyang forms: its exact search values
about 11,500 hands (0.15 s)."""

NEAR = "389m389p4589s4557z"
"""A seeded riichi deal three steps from ready whose exact search values 10,510 hands
(0.1 s; at most 1,000 in one search): the tests force the leaves by lowering the bounds."""


def test_the_table_module_is_what_its_writer_writes():
    """The module on disk is :func:`leaves_source` of its own contents (nobody edited it),
    and its ``ERRORS`` summarize the committed error rows."""
    rows = farhands.read_rows(ROOT / farhands.FILE)
    assert farhands.errors_summary(rows) == leaftable.ERRORS
    assert farhands.errors_summary(rows, "hongzhong") == leaftable.WILD_ERRORS
    text = (ROOT / farhands.MODULE).read_text(encoding="utf-8")
    assert farhands.leaves_source(leaftable.LEAVES, leaftable.ERRORS,
                                  leaftable.WILD_ERRORS) == text


def test_leaf_curves_read_the_nearest_row_and_grow_with_draws():
    table = leaftable.LEAVES["alone"]
    lives = sorted(table[2])
    live = lives[len(lives) // 2]
    win, tenpai = leaf_curves("alone", 2, live, 17, None)
    assert win == [0.0, *table[2][live][0]] and tenpai == [0.0, *table[2][live][1]]
    assert all(a <= b for a, b in zip(win, win[1:], strict=False))
    # a count between two the table has reads the nearer one (the rows of 2 steps hold
    # every count in their range; the farther rows have gaps)
    for steps in (3, 4, 5):
        row = sorted(table[steps])
        gaps = [(a, b) for a, b in zip(row, row[1:], strict=False) if b - a >= 3]
        assert gaps, steps
        for a, b in gaps:
            at_a, at_b = (leaf_curves("alone", steps, x, 17, None) for x in (a, b))
            assert at_a != at_b, (steps, a, b)
            for x in range(a + 1, b):
                if x - a != b - x:  # a tie may read either
                    assert leaf_curves("alone", steps, x, 17, None) == (
                        at_a if x - a < b - x else at_b), (steps, x)
    # past the table's draws a leaf keeps the 17-draw value; farther steps read the farthest
    longer = leaf_curves("alone", 2, live, 20, None)[0]
    assert longer[:18] == win and longer[18:] == [win[17]] * 3
    far = max(table)
    assert leaf_curves("alone", far + 3, 10, 17, None) == leaf_curves("alone", far, 10, 17,
                                                                      None)
    assert len(leaf_curves("four", 2, live, 17, None)) == 3


def test_the_race_discounts_each_draws_gain():
    curve = [0.0, 0.1, 0.25, 0.4]
    assert _raced(curve, [1.0] * 4) == pytest.approx(curve)
    assert _raced(curve, [1.0, 0.0, 0.0, 0.0]) == [0.0] * 4
    # two turns left, the round lasting each turn start with 0.5: 0.1 * 0.5 + 0.15 * 0.25
    assert _raced(curve, [1.0, 0.5, 0.5, 0.5])[2] == pytest.approx(0.1 * 0.5 + 0.15 * 0.25)


def test_approximate_answers_what_exact_refuses_and_says_so(monkeypatch):
    """Over the exact search's bound: refused without ``approximate``; with it, every
    discard answered, those whose search passed the bound marked inexact (a discard
    whose own search fits stays exact), and close to the exact answers."""
    exact = win_chances(NEAR, rules="riichi")
    monkeypatch.setattr(limits, "EXACT_FIRST", 300)
    monkeypatch.setattr(limits, "MAX_POSITIONS", 1000)
    with pytest.raises(HandError, match="positions"):
        win_chances(NEAR, rules="riichi")
    approx = win_chances(NEAR, rules="riichi", approximate=True)
    assert not approx[0].exact and all(c.exact for c in exact)
    assert 0 < sum(c.exact for c in approx) < len(approx)
    assert {c.tile for c in approx} == {c.tile for c in exact}
    wins = {c.tile: c.win for c in exact}
    worst = max(abs(c.win - wins[c.tile]) for c in approx)
    assert worst <= 0.01
    assert approx[0].tile == exact[0].tile
    assert "(approximate)" in str(approx[0]) and approx[0].as_dict()["exact"] is False
    assert "exact" not in exact[0].as_dict()


def test_the_poyang_forms_stay_exact(monkeypatch):
    """The table knows not 十三烂: under the poyang forms the search stays exact."""
    monkeypatch.setattr(limits, "EXACT_FIRST", 300)
    assert win_chances(FAR, approximate=True) == win_chances(FAR)


def test_a_hand_the_exact_search_finishes_is_answered_exactly():
    hand = "123456789m1234p5z"
    assert win_chances(hand, 5, approximate=True) == win_chances(hand, 5)
    assert all(c.exact for c in win_chances(hand, 5, discard_wins=True, approximate=True))


def test_four_seats_with_the_race_have_leaves_too(monkeypatch):
    monkeypatch.setattr(limits, "EXACT_FIRST", 300)
    exact = win_chances(NEAR, rules="riichi", discard_wins=True, opponents=True)
    approx = win_chances(NEAR, rules="riichi", discard_wins=True, opponents=True,
                         approximate=True)
    assert not approx[0].exact
    wins = {c.tile: c.win for c in exact}
    assert max(abs(c.win - wins[c.tile]) for c in approx) <= 0.01
    assert all(0 <= c.discard_win <= c.win for c in approx)


def test_too_far_for_hand_changes_or_calls_plays_the_simpler_game():
    """Refused without ``approximate``; with it, the answers of keep only progress (hand
    changes) and of four seats without calls, marked inexact."""
    hand = FAR
    plain = win_chances(hand, 12)
    with pytest.raises(HandError):
        win_chances(hand, 12, hand_changes=True)
    changes = win_chances(hand, 12, hand_changes=True, approximate=True)
    assert [(c.tile, c.win) for c in changes] == [(c.tile, c.win) for c in plain]
    assert not any(c.exact for c in changes)
    four = win_chances(hand, 12, discard_wins=True)
    with pytest.raises(HandError, match="from ready"):
        win_chances(hand, 12, calls=True)
    calls = win_chances(hand, 12, calls=True, approximate=True)
    assert [(c.tile, c.win) for c in calls] == [(c.tile, c.win) for c in four]
    assert not any(c.exact for c in calls)


def test_approximate_is_checked():
    with pytest.raises(HandError, match="approximate"):
        win_chances("123456789m1234p5z", 5, approximate="yes")


@pytest.mark.parametrize(("name", "depth"), [
    ("riichi", 2), ("riichi", 1),
    pytest.param("hongzhong", 2, marks=pytest.mark.slow)])  # 3 s: make verify
def test_an_error_row_replays(name, depth):
    """The committed row of the quickest deal, asked again."""
    rows = [r for r in farhands.read_rows(ROOT / farhands.FILE)
            if r["depth"] == depth and r["rules"] == name]
    row = min(rows, key=lambda r: r["exact_positions"])
    again = farhands.error_row(name, row["shanten"], row["index"], depth)
    for key, value in row.items():
        assert again[key] == (pytest.approx(value, abs=1e-9) if isinstance(value, float)
                              else value), key


def test_study_arguments_and_files_are_checked(tmp_path):
    with pytest.raises(HandError, match="path"):
        farhands.read_rows(3)
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(HandError, match="columns"):
        farhands.read_rows(bad)
    rows = farhands.read_rows(ROOT / farhands.FILE)[:2]
    out = tmp_path / "rows.csv"
    farhands.write_rows(out, rows)
    assert farhands.read_rows(out) == rows
    assert api._rungs([(None, farhands.deal(5, 0)[:-1] + (0,))], api.POYANG, False) == [
        (0, limits.MAX_POSITIONS)]


def test_a_far_hand_with_wild_tiles_reads_the_leaves(monkeypatch):
    """Past the wild search's bound: refused without ``approximate``; with it, answered by
    the search with leaves (the error rows measure how close), marked inexact."""
    hand = "3489m44p237899s44z"  # two from ready with the four 红中 wild
    monkeypatch.setattr(limits, "MAX_WILD_EVALUATIONS", 3000)
    with pytest.raises(HandError, match="wild"):
        win_chances(hand, 5, rules="hongzhong")
    approx = win_chances(hand, 5, rules="hongzhong", approximate=True)
    assert not any(c.exact for c in approx)
    assert all(0 < c.win < 1 and list(c.by_draws) == sorted(c.by_draws) for c in approx[:3])
    assert api.search_size().shanten_calls < 3000 * 10
