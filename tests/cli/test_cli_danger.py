"""The ``danger`` subcommand: ``python -m mjcore danger ...``, run as :mod:`runcli` says."""

from __future__ import annotations

import json
import subprocess

import pytest
import runcli

from mjcore import deal_in_chances, tile_index, tile_name, tile_name_zh

HAND = "12389m456p78s9p11z4z"  # chapter 5's hand


def run(*args: str) -> subprocess.CompletedProcess:
    return runcli.run("danger", *args)


def safest(dangers) -> list[int]:
    return sorted(dangers.tiles, key=lambda t: dangers.chances[t])


def test_danger_as_text_safest_first():
    """A first line saying the turn, the rules and how ready the seats are, a head, then one
    line a tile: deal_in_chances' chance and share in percent, safest first."""
    done = run(HAND, "--visible", "7m6s", "--turn", "9")
    want = deal_in_chances(HAND, "7m6s", 9)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == (f"deal-in at discard 9 (poyang): 3 other seats, each ready "
                        f"{want.ready:.2%} (the table's seats); safest first")
    assert lines[1] == "tile   deal-in  waited on"
    assert lines[2:] == [f"{tile_name(t):<4}{want.chances[t]:>10.2%}{want.shares[t]:>11.2%}  "
                         f"{tile_name_zh(t)}" for t in safest(want)]
    shown = [float(line.split()[1].rstrip("%")) for line in lines[2:]]
    assert shown == sorted(shown) and shown[0] < shown[-1]


def test_danger_as_json_with_every_option():
    """--json: the chances in full, safest first; --rules, --seats and --ready reach
    deal_in_chances; a list of chances by discard reads the turn's."""
    data = json.loads(run(HAND, "--turn", "12", "--rules", "RIICHI", "--seats", "2",
                          "--json").stdout)
    want = deal_in_chances(HAND, turn=12, rules="riichi", seats=2)
    assert {k: data[k] for k in ("rules", "turn", "seats", "ready", "curve")} == {
        "rules": "riichi", "turn": 12, "seats": 2, "ready": want.ready, "curve": "table"}
    assert data["tiles"] == [{"tile": tile_name(t), "zh": tile_name_zh(t),
                              "deal_in": want.chances[t], "waited_on": want.shares[t]}
                             for t in safest(want)]
    given = json.loads(run(HAND, "--turn", "3", "--rules", "standard", "--ready",
                           "0.1,0.2,0.4", "--json").stdout)
    assert given["curve"] == "given" and given["ready"] == 0.2  # after two discards
    assert [t["deal_in"] for t in given["tiles"]] == [
        deal_in_chances(HAND, turn=3, rules="standard", ready=[0.1, 0.2, 0.4]).chance(
            t["tile"]) for t in given["tiles"]]
    one = json.loads(run("19m", "--ready", "0.5", "--seats", "1", "--json").stdout)
    assert one["ready"] == 0.5 and one["tiles"][0]["deal_in"] == deal_in_chances(
        "19m", ready=0.5, seats=1).chance("1m")


def test_the_first_discard_is_safe_and_the_default():
    """Turn 1 (the default): nobody has discarded, nobody is ready; tiles in their order."""
    data = json.loads(run("5z19m", "--json").stdout)
    assert data["turn"] == 1 and data["ready"] == 0.0
    assert [(t["tile"], t["deal_in"]) for t in data["tiles"]] == [("1m", 0.0), ("9m", 0.0),
                                                                    ("5z", 0.0)]


def test_a_chinese_hand_and_the_last_honour():
    """Chinese names read as mpsz; the last 白 is safe under riichi rules."""
    data = json.loads(run("1万白", "--visible", "1万1万1万白白白", "--turn", "12", "--rules",
                          "riichi", "--json").stdout)
    assert [t["tile"] for t in data["tiles"]] == ["5z", "1m"]
    assert data["tiles"][0]["deal_in"] == 0.0 < data["tiles"][1]["deal_in"]
    assert tile_index("白") == 33


@pytest.mark.parametrize("args, message", [
    ([], "error: the following arguments are required: hand"),
    ([HAND, "--turn", "x"], "error: argument --turn: invalid int value: 'x'"),
    ([HAND, "--turn", "0"], "error: turn must be 1 or more, got 0"),
    ([HAND, "--turn", "41"], "error: turn must be at most 40, got 41"),
    ([HAND, "--seats", "4"], "error: seats must be at most 3, got 4"),
    ([HAND, "--seats", "two"], "error: argument --seats: invalid int value: 'two'"),
    ([HAND, "--ready", "x"], "error: argument --ready: 'x' is not a chance or a list of "
                             "chances such as 0.1,0.3,0.5"),
    ([HAND, "--ready", "1.5"], "error: ready must be a number from 0.0 to 1.0, got 1.5"),
    ([HAND, "--ready", "nan"], "error: ready must be a number from 0.0 to 1.0, got nan"),
    ([HAND, "--ready", "0.1,"], "error: argument --ready: '0.1,' is not a chance"),
    ([HAND, "--rules", "standard"], "error: --rules standard: the table of four measured how "
                                    "soon seats are ready under the poyang and riichi rules "
                                    "only; give --ready"),
    ([HAND, "--rules", "hongzhong"], "error: rules 'hongzhong' have wild tiles (7z)"),
    ([HAND, "--rules", "mcr"], "error: argument --rules: rules must be a mjcore.Rules or one"),
    (["1111m", "--visible", "1m"], "error: 1m: 4 in hand and 1 visible make 5"),
    (["123456789m123456p"], "error: hand must hold 1 to 14 tiles, got 15"),
    (["8z"], "error: hand: 8z is not a tile"),
    (["1m", "--visible", "8z"], "error: visible: 8z is not a tile"),
    ([HAND, "--wild", "7z"], "error: unrecognized arguments: --wild 7z"),
])
def test_danger_errors_are_one_line(args, message):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(message), done.stderr
