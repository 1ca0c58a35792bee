"""The command line: ``python -m mjcore analyze ...``, run as :mod:`runcli` says."""

from __future__ import annotations

import json

import pytest
from runcli import run

from mjcore import analyze, parse, to_mpsz
from mjcore.cli import main


def run_json(*args: str) -> dict:
    done = run(*args, "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return json.loads(done.stdout)


def test_waits_as_json(tmp_path):
    done = run("analyze", "111222333m444s5s", "--json", cwd=tmp_path)  # the installed package
    assert done.returncode == 0 and done.stderr == ""
    assert len(done.stdout.splitlines()) == 1
    out = json.loads(done.stdout)
    assert out["hand"] == "111222333m4445s"
    assert out["tiles"] == 13
    assert out["win"] is None
    assert out["decompositions"] == [] and out["forms"] == []
    assert out["waits"] == [{"tile": "3s", "remaining": 4}, {"tile": "5s", "remaining": 3},
                            {"tile": "6s", "remaining": 4}]
    assert out["total"] == 11 == sum(w["remaining"] for w in out["waits"])
    assert out["rules"] == "poyang" and out["visible"] == ""
    assert out == analyze("111222333m444s5s").as_dict()


def test_win_as_json():
    out = run_json("analyze", "11122233344455s")
    assert out["tiles"] == 14 and out["win"] is True and out["forms"] == ["standard"]
    assert out["waits"] == [] and out["total"] == 0
    melds = [(d["pair"], d["melds"]) for d in out["decompositions"]]
    assert ("5s", ["111s", "222s", "333s", "444s"]) in melds
    assert ("5s", ["123s", "123s", "123s", "444s"]) in melds
    assert len(melds) == len(set(map(str, melds))) == len(analyze("11122233344455s").decompositions)


def test_win_as_text():
    done = run("analyze", "11122233344455s")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "hand: 11122233344455s (14 tiles), rules: poyang"
    assert lines[1] == "win: yes, four melds and a pair"
    assert "  55s 111s 222s 333s 444s" in lines
    assert lines == analyze("11122233344455s").lines()


def test_no_win_as_text():
    done = run("analyze", "1199m1199p1199s11z", "--rules", "standard")
    assert done.returncode == 0
    assert done.stdout.splitlines()[1] == "win: no"


def test_not_ready_as_text():
    done = run("analyze", "112233m66m1133s4z", "--rules", "standard")
    assert "waits: none (not tenpai)" in done.stdout.splitlines()


@pytest.mark.parametrize("rules, waits_on", [
    ("standard", []), ("poyang", ["4z"]), ("riichi", ["4z"])])
def test_rules_option(rules, waits_on):
    out = run_json("analyze", "112233m66m1133s4z", "--rules", rules)
    assert out["rules"] == rules
    assert [w["tile"] for w in out["waits"]] == waits_on


def test_rules_option_special_forms():
    assert run_json("analyze", "19m19p19s12345677z", "--rules", "riichi")["forms"] == [
        "thirteen_orphans"]
    assert run_json("analyze", "19m19p19s12345677z")["win"] is False
    assert run_json("analyze", "147m258p369s12345z")["forms"] == ["shisanlan"]


def test_visible_option():
    out = run_json("analyze", "123456789m123s5p", "--visible", "55p")
    assert out["visible"] == "55p"
    assert out["waits"] == [{"tile": "5p", "remaining": 1}] and out["total"] == 1
    dead = run_json("analyze", "123456789m123s5p", "--visible", "555p")
    assert dead["waits"] == [{"tile": "5p", "remaining": 0}] and dead["total"] == 0
    text = run("analyze", "123456789m123s5p", "--visible", "5筒5筒")
    assert "visible: 55p" in text.stdout and "waits: 5p (1 left)" in text.stdout


def test_chinese_input():
    out = run_json("analyze", "1万2万3万 东东")
    assert out["hand"] == "123m11z" and out["win"] is True
    assert out["decompositions"] == [{"pair": "1z", "melds": ["123m"]}]


@pytest.mark.parametrize("args, names", [
    (["analyze", "8z"], "8z"),
    (["analyze", "0m"], "'0'"),
    (["analyze", "123x"], "'x'"),
    (["analyze", "123"], "'123'"),
    (["analyze", "1111111111111m"], "1m"),          # thirteen copies of one tile
    (["analyze", "11111m123p"], "1m"),
    (["analyze", "111222333444555m"], "15"),      # too many tiles
    (["analyze", "111222333444m"], "12"),          # 3n tiles
    (["analyze", ""], "0"),
    (["analyze", "123m", "--visible", "1111m"], "1m"),
    (["analyze", "123m", "--visible", "9z"], "9z"),
    (["analyze", "111222333m444s5s", "--rules", "mcr"], "--rules"),
    (["analyze", "111222333m444s5s", "--rules"], "--rules"),
    (["analyze"], "hand"),
    ([], "command"),
    (["analyse", "11m"], "analyse"),
    (["analyze", "11m", "extra"], "extra"),
])
def test_bad_input_exits_2_with_one_error_line(args, names):
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ")
    assert names in lines[0]
    assert "Traceback" not in done.stderr


def test_help_exits_0():
    done = run("analyze", "--help")
    assert done.returncode == 0 and "--visible" in done.stdout and "--rules" in done.stdout


def test_main_in_process(capsys):
    assert main(["analyze", "11123m", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["win"] is True and out["hand"] == to_mpsz(parse("11123m"))
    assert main(["analyze", "5z5z5z5z5z"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: 5z appears 5 times") and err.count("\n") == 1
