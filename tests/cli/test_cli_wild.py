"""``--wild TILE`` on the command line: wild tiles 赖子 beside ``--rules`` (issue 33).

``analyze`` and ``discard`` take ``--wild``; the rules they pass on are
:func:`mjcore.with_wild` of the preset and that kind.  ``--rules`` takes the wild
presets too (``hongzhong``), with their wild kind unless ``--wild`` says otherwise.
A bad tile ends as every bad argument does: exit status 2 and one ``error:`` line.
"""

from __future__ import annotations

import json

import pytest
from runcli import assert_one_error_line, run

import mjcore
from mjcore import cli
from mjcore.base.rules import HONGZHONG, POYANG, WildRules, rules_arg, with_wild
from mjcore.scoring.poyang import PoyangRules, score


@pytest.mark.parametrize("command", [["analyze", "123456789m1111p"],
                                     ["discard", "123456789m1111p5z"]])
@pytest.mark.parametrize("wild, message", [
    ("8z", "argument --wild: 8z is not a tile: honours are 1z-7z"),
    ("34", "argument --wild: 34 is not a tile: give a name such as 7z or an index 0-33"),
    ("007", "argument --wild: 007 is not a tile"),
    ("77z", "argument --wild: '77z' is 2 tiles, not one tile"),
    ("", "argument --wild: '' is 0 tiles, not one tile"),
    ("红中", "argument --wild: unknown character '红'"),
    ("0m", "argument --wild: '0' at position 0"),
    ("-1", "argument --wild: unknown character '-' at position 0"),
])
def test_a_bad_wild_tile_is_one_error_line(command, wild, message):
    assert_one_error_line(run(*command, "--wild", wild), message)


def test_wild_without_a_tile_is_one_error_line():
    assert_one_error_line(run("analyze", "11m", "--wild"), "argument --wild: expected one argument")


def test_score_with_wild_tiles():
    """Poyang's forms with the wild kind: a hard win 硬胡 scores a fan more than a soft one."""
    hard = json.loads(run("score", "123456789m11p777z", "--win-tile", "1p", "--wild", "7z",
                          "--json").stdout)
    soft = json.loads(run("score", "123456789m11p23s7z", "--win-tile", "1p", "--wild", "中",
                          "--json").stdout)
    forms = PoyangRules(forms=with_wild("poyang", "7z"))
    for got, hand in ((hard, "123456789m11p777z"), (soft, "123456789m11p23s7z")):
        assert got == score(hand, win_tile="1p", rules=forms).as_dict()
    assert [f["name"] for f in hard["fans"]] == ["平胡", "门清", "硬胡"]
    assert [f["name"] for f in soft["fans"]] == ["平胡", "门清"]
    assert (hard["points"], soft["points"]) == (8, 4)
    assert soft["reading"] == "11p 123m 456m 789m 123s; wilds as 1s"
    plain = json.loads(run("score", "123456789m11p777z", "--win-tile", "1p", "--wild", "none",
                           "--json").stdout)
    assert plain["points"] == 4 and plain == score("123456789m11p777z", win_tile="1p").as_dict()
    assert_one_error_line(run("score", "123456789m11p23s7z", "--win-tile", "1p"),
                          "123456789m11p23s7z does not win")
    assert_one_error_line(run("score", "123456789m11p777z", "--win-tile", "1p", "--wild", "8z"),
                          "argument --wild: 8z is not a tile")


@pytest.mark.parametrize("command", ["analyze", "discard", "score"])
def test_help_names_wild(command):
    done = run(command, "--help")
    assert done.returncode == 0 and "--wild TILE" in done.stdout and "赖子" in done.stdout


@pytest.fixture
def seen_rules(monkeypatch):
    """The rules ``main`` passes to analyze and win_chances, instead of running them."""
    seen: list = []

    def fake(hand, rules):
        seen.append(rules)
        raise mjcore.HandError("stop here")

    monkeypatch.setattr(cli, "analyze", lambda hand, rules, visible: fake(hand, rules))
    monkeypatch.setattr(cli, "win_chances",
                        lambda hand, draws, rules, visible, **kw: fake(hand, rules))
    return seen


@pytest.mark.parametrize("wild", ["7z", "中", "31"])
@pytest.mark.parametrize("command", [["analyze", "11m"], ["discard", "11m", "--draws", "3"]])
def test_wild_rules_are_with_wild_of_the_preset(seen_rules, capsys, command, wild):
    assert cli.main([*command, "--rules", "RIICHI", "--wild", wild]) == 2
    assert capsys.readouterr().err == "error: stop here\n"
    [rules] = seen_rules
    assert rules == with_wild("riichi", "7z") and isinstance(rules, WildRules)
    assert (rules.name, rules.wild, rules.thirteen_orphans) == ("riichi, 7z wild", 31, True)


@pytest.mark.parametrize("command", [["analyze", "11m"], ["discard", "11m"]])
def test_no_wild_by_default(seen_rules, command):
    assert cli.main(command) == 2
    assert [mjcore.base.rules.rules_arg(r) for r in seen_rules] == [POYANG]


@pytest.mark.parametrize("command", [["analyze", "11m"], ["discard", "11m"]])
def test_hongzhong_by_name_keeps_its_wild_tile_unless_told(seen_rules, command):
    for extra in ([], ["--wild", "7z"], ["--wild", "1z"], ["--wild", "none"]):
        assert cli.main([*command, "--rules", "HongZhong", *extra]) == 2
    found = [rules_arg(r, wild=True) for r in seen_rules]
    assert found[:2] == [HONGZHONG, HONGZHONG]
    assert found[2] == with_wild(HONGZHONG, "1z") and found[2].name == "hongzhong, 1z wild"
    assert found[3].wild is None and found[3].seven_pairs and not found[3].shisanlan


@pytest.mark.parametrize("none", ["none", "None", "NONE"])
def test_wild_none_is_no_wild_tile(seen_rules, none):
    cli.main(["analyze", "11m", "--rules", "riichi", "--wild", none])
    assert [rules_arg(r) for r in seen_rules] == [mjcore.RIICHI]


def test_help_lists_the_wild_presets():
    done = run("discard", "--help")
    assert "--rules {standard,poyang,riichi,hongzhong}" in done.stdout
    assert "'none'" in done.stdout


def test_wild_by_index_is_any_tile(seen_rules):
    for tile in (0, 9, 27, 33):
        cli.main(["analyze", "11m", "--wild", str(tile)])
    assert [r.wild for r in seen_rules] == [0, 9, 27, 33]
    assert [r.name for r in seen_rules] == [f"poyang, {mjcore.tile_name(t)} wild"
                                            for t in (0, 9, 27, 33)]


# --- the answers ---------------------------------------------------------------------


@pytest.mark.parametrize("hand, waits", [
    ("123456789m1111p", ["7z"]),               # only a fifth 1p would win: the wild one does
    ("123456789m1112p", ["2p", "3p", "7z"]),
])
def test_analyze_with_wild_waits_on_the_wild_tile(hand, waits):
    done = run("analyze", hand, "--wild", "7z", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["rules"] == "poyang, 7z wild"
    assert [w["tile"] for w in out["waits"]] == waits
    assert out == mjcore.analyze(hand, with_wild("poyang", "7z")).as_dict()
    plain = json.loads(run("analyze", hand, "--json").stdout)
    assert "7z" not in [w["tile"] for w in plain["waits"]]


def test_analyze_under_hongzhong():
    out = json.loads(run("analyze", "123456789m1112p", "--rules", "hongzhong", "--json").stdout)
    assert out["rules"] == "hongzhong"
    assert [(w["tile"], w["remaining"]) for w in out["waits"]] == [("2p", 3), ("3p", 4),
                                                                   ("7z", 4)]
    none = json.loads(run("analyze", "123456789m1112p", "--rules", "hongzhong", "--wild",
                          "none", "--json").stdout)
    assert [w["tile"] for w in none["waits"]] == ["2p", "3p"]


def test_analyze_with_wild_as_text():
    done = run("analyze", "1111m7z", "--wild", "中", "--rules", "standard")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "hand: 1111m7z (5 tiles), rules: standard, 7z wild"
    assert lines[1] == "win: yes, four melds and a pair"
    assert lines == mjcore.analyze("1111m7z", with_wild("standard", 31)).lines()
    assert run("analyze", "1111m7z", "--rules", "standard").stdout.splitlines()[1] == "win: no"


def test_discard_with_wild():
    done = run("discard", "123456789m1112p5z", "--wild", "7z", "--draws", "3", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    expected = mjcore.win_chances("123456789m1112p5z", 3, with_wild("poyang", "7z"))
    assert [c["win"] for c in out["choices"]] == [float(c.win) for c in expected]
    plain = mjcore.win_chances("123456789m1112p5z", 3)
    assert out["choices"][0]["win"] > float(plain[0].win)  # four more tiles win
