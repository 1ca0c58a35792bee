"""The ``discard`` subcommand, run as a user runs it: ``python -m mjcore discard ...``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mjcore import RIICHI, win_chances


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONUTF8": "1"}
    return subprocess.run([sys.executable, "-m", "mjcore", "discard", *args],
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=120)


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
    keep = json.loads(run("111222333m4445s", "--draws", "3", "--json").stdout)
    change = json.loads(run("111222333m4445s", "--draws", "3", "--hand-changes",
                            "--json").stdout)
    assert change["choices"][0]["win"] >= keep["choices"][0]["win"] - 1e-12
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


@pytest.mark.parametrize("args, message", [
    (["234578m1689p357s1z", "--calls", "--points"],
     "error: points with calls are searched for hands at most 2 from ready, this one is 3"),
    (["123456789m1234p", "--discard-wins", "--draws", "31"],
     "error: with four seats each turn shows 4 tiles: 31 turns need 124"),
    (["123m"], "error: win_chances needs 3n+1 or 3n+2 tiles (at most 14), got 3"),
    (["123456789m1234p", "--draws", "-2"], "error: draws must be 0 or more, got -2"),
    (["123456789m1234p", "--draws", "x"], "error: argument --draws: invalid int value: 'x'"),
    (["123456789m1234p", "--rules", "riichi", "--points"],
     "error: objective 'points' scores Poyang hands: use the poyang rules, not riichi"),
    (["123456789m1234p", "--visible", "11111m"], "error: 1m appears 5 times"),
])
def test_discard_errors_are_one_line(args, message):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(message)


def claim(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONUTF8": "1"}
    return subprocess.run([sys.executable, "-m", "mjcore", "claim", *args],
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=120)


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
])
def test_claim_errors_are_one_line(args, message):
    done = claim(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(message)
