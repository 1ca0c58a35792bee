"""The ``score`` subcommand: ``python -m mjcore score ...``, run as :mod:`runcli` says."""

from __future__ import annotations

import json

import pytest
from runcli import run

from mjcore.cli import main
from mjcore.scoring.poyang import PoyangRules, score


def test_score_as_text(tmp_path):
    done = run("score", "11223344556677m", "--win-tile", "7m", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "hand: 11223344556677m, win tile: 7m (on a discard)",
        "reading: seven pairs (best of 4)",
        "fans: 七对 3, 清一色 4, 门清 1",
        "fan: 6 (capped from 8)",
        "points: 64"]
    assert done.stdout.splitlines() == score("11223344556677m", win_tile="7m").lines()


def test_score_as_json_with_melds_and_context():
    done = run("score", "123m11z", "--win-tile", "1z", "--meld", "kong 1111p",
               "--meld", "chi 456p", "--meld", "pon 777p", "--self-draw", "--after-kong",
               "--json")
    assert done.returncode == 0 and done.stderr == ""
    assert len(done.stdout.splitlines()) == 1
    out = json.loads(done.stdout)
    assert out["melds"] == ["kong 1111p", "chi 456p", "pon 777p"]
    assert out["fans"] == [{"name": "平胡", "fan": 1}, {"name": "自摸", "fan": 1},
                           {"name": "杠上开花", "fan": 2}]
    assert (out["total_fan"], out["fan"], out["points"]) == (4, 4, 16)
    assert out == score("123m11z", win_tile="1z", melds=["kong 1111p", "chi 456p", "pon 777p"],
                        self_draw=True, after_kong=True).as_dict()


@pytest.mark.parametrize("flags, fan_names", [
    (["--robbing-kong"], ["平胡", "抢杠胡"]),
    (["--self-draw", "--last-tile"], ["平胡", "自摸", "海底捞月"]),
])
def test_context_flags(flags, fan_names):
    out = json.loads(run("score", "123m456p789s11z", "--win-tile", "2m", "--meld", "pon 777z",
                         *flags, "--json").stdout)
    assert [f["name"] for f in out["fans"]] == fan_names


def test_heavenly_and_earthly_flags():
    heaven = json.loads(run("score", "123m456p789s11777z", "--win-tile", "7z", "--self-draw",
                            "--heavenly", "--json").stdout)
    earth = json.loads(run("score", "123m456p789s11777z", "--win-tile", "7z", "--earthly",
                           "--json").stdout)
    assert [f["name"] for f in heaven["fans"]] == ["平胡", "自摸", "门清", "天胡"]
    assert [f["name"] for f in earth["fans"]] == ["平胡", "门清", "地胡"]


def test_cap_and_base_options():
    free = json.loads(run("score", "11223344556677m", "--win-tile", "7m", "--cap", "none",
                          "--json").stdout)
    assert (free["fan"], free["points"]) == (8, 256)
    based = json.loads(run("score", "11223344556677m", "--win-tile", "7m", "--cap", "7",
                           "--base", "3", "--json").stdout)
    assert (based["fan"], based["points"]) == (7, 3 * 128)
    assert based == score("11223344556677m", win_tile="7m",
                          rules=PoyangRules(cap=7, base=3)).as_dict()


@pytest.mark.parametrize("args, names", [
    (["score", "123m11z", "--win-tile", "1z", "--meld", "chi 357p"], "357p"),
    (["score", "123m11z", "--win-tile", "1z", "--meld", "pon 778z"], "778z"),
    (["score", "123m11z"], "--win-tile"),
    (["score", "--win-tile", "1z"], "hand"),
    (["score", "11223344556677m", "--win-tile", "8m"], "8m is not in the hand"),
    (["score", "11223344556677m", "--win-tile", "9z"], "9z"),
    (["score", "1199m1199p1199s12z", "--win-tile", "1z"], "does not win"),
    (["score", "123m456p789s11z", "--win-tile", "1z"], "needs 14"),
    (["score", "123m456p789s11z", "--win-tile", "1z", "--meld", "pon 777z",
      "--robbing-kong", "--self-draw"], "not self_draw"),
    (["score", "123m456p789s11z", "--win-tile", "1z", "--meld", "pon 777z", "--last-tile"],
     "self_draw"),
    (["score", "123m456p789s77z", "--win-tile", "7z", "--meld", "pon 777z"], "5 times"),
    (["score", "11223344556677m", "--win-tile", "7m", "--cap", "x"], "--cap"),
    (["score", "11223344556677m", "--win-tile", "7m", "--base", "0"], "base"),
    (["score", "11223344556677m", "--win-tile", "7m", "--tsumo"], "--tsumo"),
])
def test_bad_input_exits_2_with_one_error_line(args, names):
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ") and names in lines[0]
    assert "Traceback" not in done.stderr


def test_help_lists_the_options():
    done = run("score", "--help")
    assert done.returncode == 0
    for option in ("--win-tile", "--meld", "--self-draw", "--after-kong", "--robbing-kong",
                   "--last-tile", "--heavenly", "--earthly", "--json"):
        assert option in done.stdout


def test_main_in_process(capsys):
    assert main(["score", "111222333m44455s", "--win-tile", "5s", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reading"] == "55s 111m 222m 333m 444s" and out["points"] == 16
    assert main(["score", "111222333m4445s", "--win-tile", "5s"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: the concealed part has 13 tiles") and err.count("\n") == 1
    assert main(["analyze", "11123m", "--json"]) == 0  # the other subcommand is unchanged
    assert json.loads(capsys.readouterr().out)["win"] is True
