"""The ``discard`` subcommand: ``python -m mjcore discard ...``, run as :mod:`runcli` says."""

from __future__ import annotations

import json
import subprocess

import pytest
import runcli

from mjcore import RIICHI, deal_in_chances, tile_name, win_chances
from mjcore.cli import main
from mjcore.play.approximate import approximate_note
from mjcore.play.bestplay import limits

NEAR = "389m389p4589s4557z"
"""A riichi deal three steps from ready whose exact search values 10,510 hands (0.1 s):
with :data:`~mjcore.play.bestplay.limits.EXACT_FIRST` lowered, some discards' searches
stop at leaves and are approximate."""

FAR = "2468m13579p246s12z"
"""Six steps from ready under riichi rules (four under poyang's): refused at once with
hand changes, answered by keep only progress with ``approximate``."""


def run(*args: str) -> subprocess.CompletedProcess:
    return runcli.run("discard", *args)


def test_discard_table_as_text():
    done = run("123456789m1234p5z", "--draws", "6")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines == [str(c) for c in win_chances("123456789m1234p5z", 6)]
    assert lines[0] == "discard 5z: shanten 0, win 0.2659, tenpai 1.0000"


def test_discard_json_with_options():
    done = run("234578m689p357s1z", "--rules", "riichi", "--visible", "1p", "--json")
    assert done.returncode == 0 and done.stderr == ""
    [choice] = json.loads(done.stdout)["choices"]
    assert choice["discard"] is None and round(choice["win"], 4) == 0.1511
    assert len(choice["by_draws"]) == 18
    [same] = win_chances("234578m689p357s1z", 17, RIICHI, "1p")
    assert choice["win"] == same.win


def test_discard_hand_changes_and_points():
    """--hand-changes reaches the search: on chapter 6's hand, where changing the hand
    raises the chance of its best discard 1z (about 31% to 45%), the CLI's values are
    win_chances' with and without hand changes, and differ."""
    keep = json.loads(run("123456m789p1357s1z", "--draws", "17", "--json").stdout)
    change = json.loads(run("123456m789p1357s1z", "--draws", "17", "--hand-changes",
                            "--json").stdout)
    [want_keep, want_change] = [win_chances("123456m789p1357s1z", 17, hand_changes=h)[0]
                                for h in (False, True)]
    assert want_change.win > want_keep.win + 0.1
    assert (keep["choices"][0]["discard"], change["choices"][0]["discard"]) == ("1z", "1z")
    assert keep["choices"][0]["win"] == want_keep.win
    assert change["choices"][0]["win"] == want_change.win
    points = run("123456789m1112p", "--draws", "3", "--points")
    assert points.returncode == 0 and ", points " in points.stdout


def test_discard_wins():
    """--discard-wins: four seats; each line adds the wins on a discard, and the JSON
    holds them beside the win, equal to win_chances'."""
    done = run("111222333m4445s", "--draws", "3", "--discard-wins")
    [four] = win_chances("111222333m4445s", 3, discard_wins=True)
    assert done.returncode == 0 and done.stdout.splitlines() == [str(four)]
    assert "on a discard" in done.stdout
    [choice] = json.loads(run("111222333m4445s", "--draws", "3", "--discard-wins",
                              "--json").stdout)["choices"]
    assert (choice["win"], choice["discard_win"]) == (four.win, four.discard_win)
    [alone] = json.loads(run("111222333m4445s", "--draws", "3", "--json").stdout)["choices"]
    assert alone["discard_win"] is None and alone["win"] < choice["win"]


def test_discard_wins_with_points():
    """--discard-wins --points: four seats, expected points, a win on a discard taken only
    where it beats passing; the lines are win_chances'."""
    done = run("123456789m1112p", "--draws", "6", "--discard-wins", "--points")
    want = win_chances("123456789m1112p", 6, discard_wins=True, objective="points")
    assert done.returncode == 0 and done.stdout.splitlines() == [str(c) for c in want]
    assert ", points " in done.stdout and "on a discard" in done.stdout
    [choice] = json.loads(run("123456789m1112p", "--draws", "6", "--discard-wins", "--points",
                              "--json").stdout)["choices"]
    assert (choice["expected_points"], choice["discard_win"]) == (want[0].expected_points,
                                                                  want[0].discard_win)


def test_calls():
    """--calls: four seats with claims; the lines are win_chances' with calls=True."""
    done = run("123456m789p1357s", "--draws", "6", "--calls", "--discard-wins")
    want = win_chances("123456m789p1357s", 6, discard_wins=True, calls=True)
    assert done.returncode == 0 and done.stdout.splitlines() == [str(c) for c in want]
    assert want[0].win > win_chances("123456m789p1357s", 6, discard_wins=True)[0].win


RACE_LINE = ("the race: other seats may win first (the table's curve, {rules}), from turn "
             "{turn}; win is the chance of winning before anyone else")
DANGER_LINE = ("deal-in: the chance the discard, made now at turn {turn}, deals in to one of "
               "the 3 other seats (each ready {ready}, as the table's seats were)")


def test_opponents_race_at_four_seats():
    """--opponents --turn: win_chances' values with the race, below those without it, the
    race's line first; in JSON a race field (null without it)."""
    args = ("12389m456p78s9p11z4z", "--draws", "6", "--calls", "--discard-wins")
    done = run(*args, "--opponents", "--turn", "3")
    want = win_chances("12389m456p78s9p11z4z", 6, discard_wins=True, calls=True,
                       opponents=True, turn=3)
    danger = deal_in_chances("12389m456p78s9p11z4z", turn=3)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == [
        RACE_LINE.format(rules="poyang", turn=3),
        DANGER_LINE.format(turn=3, ready=f"{danger.ready:.2%}"),
        *[f"{c}, deal-in {danger.chance(c.tile):.2%}" for c in want]]
    data = json.loads(run(*args, "--opponents", "--turn", "3", "--json").stdout)
    assert data["race"] == {"curve": "table", "rules": "poyang", "turn": 3}
    assert [c["win"] for c in data["choices"]] == [c.win for c in want]
    assert [c["deal_in"] for c in data["choices"]] == [danger.chance(c.tile) for c in want]
    alone = json.loads(run(*args, "--json").stdout)
    assert alone["race"] is None
    assert data["choices"][0]["win"] < alone["choices"][0]["win"]
    # the default turn is 1, and riichi rules read riichi's curve
    first = run("12389m456p78s9p11z4z", "--draws", "6", "--discard-wins", "--opponents",
                "--rules", "riichi")
    assert first.stdout.splitlines() == [
        RACE_LINE.format(rules="riichi", turn=1),
        DANGER_LINE.format(turn=1, ready="0.00%"),
        *[f"{c}, deal-in 0.00%" for c in win_chances(
            "12389m456p78s9p11z4z", 6, "riichi", discard_wins=True, opponents=True)]]


def test_the_race_deals_in_by_the_visible_tiles_and_turn():
    """The deal-in column reads --visible and --turn as deal_in_chances does, three other
    seats under the race's rules; a 13-tile hand discards nothing (null, no column)."""
    args = ("12389m456p78s9p11z4z", "--draws", "6", "--discard-wins", "--opponents",
            "--rules", "riichi", "--visible", "7m6s5z", "--turn", "12", "--json")
    data = json.loads(run(*args).stdout)
    danger = deal_in_chances("12389m456p78s9p11z4z", "7m6s5z", 12, "riichi")
    assert {c["discard"]: c["deal_in"] for c in data["choices"]} == {
        tile_name(t): p for t, p in danger.chances.items()}
    assert len({c["deal_in"] for c in data["choices"]}) > 5  # the tiles differ
    thirteen = run("12389m456p78s11z4z", "--draws", "6", "--calls", "--opponents", "--turn", "3")
    lines = thirteen.stdout.splitlines()
    assert thirteen.returncode == 0 and len(lines) == 3 and "deal-in" not in lines[2]
    [choice] = json.loads(run("12389m456p78s11z4z", "--draws", "6", "--calls", "--opponents",
                              "--json").stdout)["choices"]
    assert choice["discard"] is None and choice["deal_in"] is None
    assert "deal_in" not in json.loads(run("12389m456p78s9p11z4z", "--draws", "3",
                                           "--calls", "--json").stdout)["choices"][0]


DEAL_IN_LINE = ("deal-in: the chance of dealing in (放炮) before the round ends under best "
                "play, each costing 5.72 points (the table's mean payment), which the points "
                "are net of; then push: best play keeps trying to win after the discard, then "
                "fold: it gives up and throws its safest tiles")


def then(c) -> str:
    """The push or fold a line of ``discard --deal-ins`` ends with."""
    return "then fold" if c.fold else "then push"


def test_deal_ins_with_the_race_push():
    """--deal-ins with the race, late in the round: win_chances(..., deal_ins=True)'s lines,
    each with its chance of dealing in and push or fold, the race's line and the deal-in
    line first, and the best discard's answer last (here push)."""
    args = ("12389m456p78s9p11z4z", "--draws", "14", "--points", "--discard-wins",
            "--opponents", "--turn", "10", "--deal-ins")
    done = run(*args)
    want = win_chances("12389m456p78s9p11z4z", 14, discard_wins=True, objective="points",
                       opponents=True, turn=10, deal_ins=True)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == [
        RACE_LINE.format(rules="poyang", turn=10), DEAL_IN_LINE,
        *[f"discard {c.name}: shanten {c.shanten}, win {c.win:.4f}, tenpai {c.tenpai:.4f}, "
          f"points {c.expected_points:.3f}, deal-in {c.deal_in:.4f}, {then(c)}" for c in want],
        "push or fold: push (best play keeps trying to win)"]
    assert not want[0].fold and any(c.fold for c in want)  # both answers on the lines
    # the points are net of the deal-ins: below those of the race without them
    plain = win_chances("12389m456p78s9p11z4z", 14, discard_wins=True, objective="points",
                        opponents=True, turn=10)
    assert want[0].expected_points < 0 < plain[0].expected_points
    data = json.loads(run(*args, "--json").stdout)
    assert data["race"] == {"curve": "table", "rules": "poyang", "turn": 10}
    assert data["deal_ins"] == {"loss": 5.718809, "push_or_fold": "push"}
    assert [(c["discard"], c["expected_points"], c["deal_in"], c["fold"])
            for c in data["choices"]] == [(c.name, c.expected_points, c.deal_in, c.fold)
                                          for c in want]
    assert {c["discard_win"] for c in data["choices"]} == {None}


def test_deal_ins_fold_and_without_the_race():
    """A hand two from ready at turn 13: best play folds, and the last line says so; without
    --opponents the deal-ins still count (win_chances' own numbers), with no race line."""
    args = ("3478m1p45566779s7z", "--draws", "11", "--points", "--discard-wins", "--deal-ins")
    done = run(*args, "--opponents", "--turn", "13")
    want = win_chances("3478m1p45566779s7z", 11, discard_wins=True, objective="points",
                       opponents=True, turn=13, deal_ins=True)
    assert done.returncode == 0 and want[0].fold
    lines = done.stdout.splitlines()
    assert lines[-1] == ("push or fold: fold (best play gives up winning and throws its "
                         "safest tiles)")
    assert lines[2] == (f"discard {want[0].name}: shanten {want[0].shanten}, win 0.0000, "
                        f"tenpai 0.0000, points {want[0].expected_points:.3f}, deal-in "
                        f"{want[0].deal_in:.4f}, then fold")
    data = json.loads(run(*args, "--opponents", "--turn", "13", "--json").stdout)
    assert data["deal_ins"]["push_or_fold"] == "fold"
    alone = json.loads(run(*args, "--json").stdout)
    unraced = win_chances("3478m1p45566779s7z", 11, discard_wins=True, objective="points",
                          deal_ins=True)
    assert alone["race"] is None
    assert [(c["discard"], c["deal_in"], c["fold"]) for c in alone["choices"]] == [
        (c.name, c.deal_in, c.fold) for c in unraced]
    assert alone["deal_ins"]["push_or_fold"] == ("fold" if unraced[0].fold else "push")
    assert run(*args).stdout.splitlines()[0] == DEAL_IN_LINE


def test_deal_ins_of_a_hand_that_wins_or_keeps_its_tiles():
    """A 13-tile hand has one line (the hand as it is) with its push or fold; a hand that
    wins already deals in nothing: no push or fold, no answer line, a null in JSON."""
    done = run("12389m456p78s11z4z", "--draws", "5", "--points", "--discard-wins",
               "--deal-ins")
    [kept] = win_chances("12389m456p78s11z4z", 5, discard_wins=True, objective="points",
                         deal_ins=True)
    assert done.stdout.splitlines()[1:] == [
        f"discard -: shanten 1, win {kept.win:.4f}, tenpai {kept.tenpai:.4f}, points "
        f"{kept.expected_points:.3f}, deal-in {kept.deal_in:.4f}, {then(kept)}",
        "push or fold: push (best play keeps trying to win)"]
    assert kept.fold is False and kept.deal_in > 0
    won = run("11223344556677m", "--draws", "5", "--points", "--discard-wins", "--deal-ins")
    assert won.returncode == 0
    assert won.stdout.splitlines()[1:] == ["discard -: shanten -1, win 1.0000, tenpai 1.0000, "
                                           "points 195.000"]
    data = json.loads(run("11223344556677m", "--draws", "5", "--points", "--discard-wins",
                          "--deal-ins", "--json").stdout)
    assert data["deal_ins"]["push_or_fold"] is None and "fold" not in data["choices"][0]


@pytest.mark.parametrize("args, message", [
    (["12389m456p78s9p11z4z", "--opponents"],
     "error: --opponents races at four seats: add --discard-wins or --calls"),
    (["12389m456p78s9p11z4z", "--calls", "--turn", "3"],
     "error: --turn is the turn of the race: use it with --opponents"),
    (["12389m456p78s9p11z4z", "--calls", "--opponents", "--turn", "x"],
     "error: argument --turn: invalid int value: 'x'"),
    (["12389m456p78s9p11z4z", "--calls", "--opponents", "--turn", "-1"],
     "error: turn must be 0 or more, got -1"),
    (["12389m456p78s9p11z4z", "--calls", "--opponents", "--turn", "10"],
     "error: opponents: the curve covers the player's turns 1 to 24, and turn 10 with 17 "
     "draws needs turn 27"),
    (["12389m456p78s9p11z4z", "--discard-wins", "--opponents", "--rules", "standard"],
     "error: --opponents reads the race the table of four measured under the poyang and "
     "riichi rules, not standard"),
    (["12389m456p78s9p11z4z", "--discard-wins", "--opponents", "--wild", "7z"],
     "error: four seats (discard_wins, calls) under wild rules (poyang, 7z wild)"),
    (["234578m1689p357s1z", "--calls", "--points", "--exact"],
     "error: points with calls are searched for hands at most 2 from ready, this one is 3"),
    (["123456789m1234p", "--discard-wins", "--draws", "31"],
     "error: with four seats each turn shows 4 tiles: 31 turns need 124"),
    (["123m"], "error: win_chances needs 3n+1 or 3n+2 tiles (at most 14), got 3"),
    (["123456789m1234p", "--draws", "-2"], "error: draws must be 0 or more, got -2"),
    (["123456789m1234p", "--draws", "x"], "error: argument --draws: invalid int value: 'x'"),
    (["123456789m1234p", "--rules", "riichi", "--points"],
     "error: objective 'points' scores Poyang hands: use the poyang rules, not riichi"),
    (["123456789m1234p", "--visible", "11111m"], "error: 1m appears 5 times"),
    (["12389m456p78s9p11z4z", "--discard-wins", "--deal-ins"],
     "error: --deal-ins weighs wins against losses: add --points"),
    (["12389m456p78s9p11z4z", "--points", "--deal-ins"],
     "error: --deal-ins plays four seats with wins on discards and no calls: use "
     "--discard-wins without --calls"),
    (["12389m456p78s9p11z4z", "--points", "--discard-wins", "--calls", "--deal-ins"],
     "error: --deal-ins plays four seats with wins on discards and no calls: use "
     "--discard-wins without --calls (calls with deal-ins are not modelled)"),
    (["12389m456p78s9p11z4z", "--points", "--discard-wins", "--deal-ins", "--rules",
      "riichi"], "error: --deal-ins reads the Poyang table's seats: use --rules poyang, not "
                 "riichi"),
    (["12389m456p78s9p11z4z", "--points", "--discard-wins", "--deal-ins", "--wild", "7z"],
     "error: four seats (discard_wins, calls) under wild rules (poyang, 7z wild)"),
    (["12389m456p78s9p11z4z", "--points", "--discard-wins", "--deal-ins", "--opponents",
      "--turn", "10"], "error: opponents: the curve covers the player's turns 1 to 24, and "
                       "turn 10 with 17 draws needs turn 27"),
])
def test_discard_errors_are_one_line(args, message):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(message)


def test_approximate_rows_are_marked_and_explained(monkeypatch, capsys):
    """A hand too far for the exact search (its bound lowered, in-process): one line says
    what an approximate answer is, each approximate row ends "(approximate)"; in JSON
    those choices have "exact": false and the object the line as ``approximate``."""
    monkeypatch.setattr(limits, "EXACT_FIRST", 300)
    chances = win_chances(NEAR, rules="riichi", approximate=True)
    assert 0 < sum(not c.exact for c in chances) < len(chances)
    assert main(["discard", NEAR, "--rules", "riichi"]) == 0
    note, *lines = capsys.readouterr().out.splitlines()
    assert note == f"approximate: {approximate_note(chances, rules='riichi')}"
    assert note.startswith("approximate: the hand is too far from ready for the exact search")
    assert "percentage points on average" in note
    assert lines == [str(c) for c in chances]
    assert [line.endswith(" (approximate)") for line in lines] == [not c.exact for c in chances]
    assert main(["discard", NEAR, "--rules", "riichi", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["approximate"] == note
    assert [choice.get("exact", True) for choice in data["choices"]] == [
        c.exact for c in chances]
    assert {choice.get("exact") for choice in data["choices"]} == {False, None}
    # --exact: the exact search (within its own bound here), nothing marked
    assert main(["discard", NEAR, "--rules", "riichi", "--exact", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "approximate" not in data and all("exact" not in c for c in data["choices"])


def test_too_far_for_hand_changes_is_answered_unless_exact(capsys):
    """Hand changes on a hand too far for them: keep only progress, every row marked
    (under wild rules too, with the hongzhong table's error); ``--exact`` refuses it, one
    error line."""
    assert main(["discard", FAR, "--rules", "riichi", "--hand-changes", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["approximate"].startswith("approximate: the hand is too far from ready for "
                                          "the search with hand changes, so the answer keeps "
                                          "only progress")
    assert "percentage points on average" in data["approximate"]  # riichi: maybe leaves
    choices = data["choices"]  # keep only progress's (tests/play/test_farhands.py)
    assert len(choices) == 14 and all(c["exact"] is False and c["win"] > 0 for c in choices)
    assert main(["discard", FAR, "--rules", "hongzhong", "--hand-changes", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "hongzhong deals" in data["approximate"]
    assert all(c["exact"] is False for c in data["choices"])
    assert main(["discard", FAR, "--rules", "riichi", "--hand-changes", "--exact"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith("error: with hand changes this hand needs more than 100,000 "
                          "positions to search")


def claim(*args: str) -> subprocess.CompletedProcess:
    return runcli.run("claim", *args)


def test_claim_command():
    """claim HAND TILE --from SEAT: claim_advice's options as lines, or as JSON."""
    from mjcore.play.bestplay import claim_advice

    done = claim("12389m456p78s11z4z", "9s", "--from", "left", "--draws", "9")
    want = claim_advice("12389m456p78s11z4z", "9s", "left", 9)
    assert done.returncode == 0 and done.stdout.splitlines() == str(want).splitlines()
    assert done.stdout.startswith("chi 789s, discard ")
    data = json.loads(claim("12389m456p78s11z4z", "9s", "--from", "right", "--draws", "9",
                            "--json").stdout)
    assert [o["kind"] for o in data["options"]] == ["pass"]


def test_claim_with_the_race():
    """--opponents --turn: claim_advice's options with the race, the race's line first."""
    from mjcore.play.bestplay import claim_advice

    args = ("12389m456p78s11z4z", "9s", "--from", "left", "--draws", "9")
    done = claim(*args, "--opponents", "--turn", "4")
    want = claim_advice("12389m456p78s11z4z", "9s", "left", 9, opponents=True, turn=4)
    assert done.returncode == 0 and done.stdout.splitlines() == [
        RACE_LINE.format(rules="poyang", turn=4), *str(want).splitlines()]
    data = json.loads(claim(*args, "--opponents", "--turn", "4", "--json").stdout)
    assert data["race"] == {"curve": "table", "rules": "poyang", "turn": 4}
    assert [o["win"] for o in data["options"]] == [o.win for o in want]
    without = json.loads(claim(*args, "--json").stdout)
    assert without["race"] is None and without["options"][0]["win"] > want[0].win


def test_claim_command_points():
    """--points: the options ranked by expected points, each line with them."""
    from mjcore.play.bestplay import claim_advice

    done = claim("12389m456p78s11z4z", "9s", "--from", "left", "--draws", "9", "--points")
    want = claim_advice("12389m456p78s11z4z", "9s", "left", 9, objective="points")
    assert done.returncode == 0 and done.stdout.splitlines() == str(want).splitlines()
    data = json.loads(claim("12389m456p78s11z4z", "9s", "--from", "left", "--draws", "9",
                            "--points", "--json").stdout)
    assert [o["expected_points"] for o in data["options"]] == [
        o.expected_points for o in want]


@pytest.mark.parametrize("args, message", [
    (["234578m689p357s1z", "1p", "--from", "left", "--points"],
     "error: points with calls are searched for hands at most 2 from ready, this one is 3"),
    (["12389m456p78s11z4z", "9s"], "error: the following arguments are required: --from"),
    (["12389m456p78s11z4z", "9s", "--from", "north"], "error: argument --from: invalid choice"),
    (["12389m456p78s11z4z5z", "9s", "--from", "left"], "error: claim_advice needs a 13-tile"),
    (["12389m456p78s11z4z", "9s", "--from", "left", "--draws", "0"], "error: claim_advice"),
    (["12389m456p78s11z4z", "9s", "--from", "left", "--turn", "2"],
     "error: --turn is the turn of the race: use it with --opponents"),
    (["12389m456p78s11z4z", "9s", "--from", "left", "--opponents", "--turn", "71"],
     "error: turn must be at most 70, got 71"),
    (["12389m456p78s11z4z", "9s", "--from", "left", "--opponents", "--rules", "standard"],
     "error: --opponents reads the race the table of four measured under the poyang"),
])
def test_claim_errors_are_one_line(args, message):
    done = claim(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(message)
