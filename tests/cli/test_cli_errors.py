"""The command line's one error path: exit 2, exactly one ``error:`` line, never a traceback.

Whoever finds the fault (argparse or mjcore), whatever the argument holds
(line breaks, control characters, Chinese) and whatever the terminal's
encoding, a bad invocation ends the same way; a good one still prints,
with what the encoding cannot show written escaped.
What depends on the terminal's encoding runs in a new process
(``runcli.run(..., process=True)``).
"""

from __future__ import annotations

import json

import pytest
from runcli import assert_one_error_line, run

from mjcore.cli import main, one_line


@pytest.mark.parametrize("args, names", [
    (["analyze", "11m", "a\nb"], r"unrecognized arguments: a\nb"),          # argparse's line
    (["analyze", "11m\n8z"], "8z is not a tile"),                             # mjcore's line
    (["analyze", "111222333m4445s", "--rules", "poy\nang"], r"poy\nang"),
    (["analyze", "11m", "--visible", "1m\r\n2x"], "'x'"),
    (["score", "11223344556677m", "--win-tile", "7m", "--meld", "pon\n778z"], "778z"),
    (["score", "11223344556677m", "--win-tile", "7m\n7m"], "2 tiles"),
    (["score", "11223344556677m", "--win-tile", "7m", "--cap", "6\n"], "--cap"),
    (["analyze", "11m\x1b[2J"], r"\x1b"),                                     # no escape codes
    (["analyze", "11m\u2028x"], r"\u2028"),                                   # a line separator
], ids=["unrecognized", "hand", "rules", "visible", "meld", "win-tile", "cap", "escape", "u2028"])
def test_a_line_break_in_an_argument_gives_one_line(args, names):
    assert_one_error_line(run(*args), names)


@pytest.mark.parametrize("args, names", [
    (["analyze", "七对"], r"\u5bf9"),                      # the message quotes a Chinese character
    (["analyze", "111222333m4445s", "--rules", "鄱阳"], "rules"),
    (["score", "11223344556677m", "--win-tile", "7m", "--after-kong"], r"after_kong (\u6760"),
])
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_an_encoding_without_chinese_still_gives_one_line(args, names, encoding):
    assert_one_error_line(run(*args, encoding=encoding, process=True), names)


@pytest.mark.parametrize("args, shown", [
    (["analyze", "11223344556677m"], r"seven pairs \u4e03\u5bf9"),
    (["score", "11223344556677m", "--win-tile", "7m"], r"\u4e03\u5bf9 3"),
    (["score", "11223344556677m", "--win-tile", "7m", "--json"], r'"name": "\u4e03\u5bf9"'),
    (["score", "--help"], r"\u81ea\u6478"),  # 自摸 in the help of --self-draw
])
def test_output_in_chinese_is_escaped_not_a_traceback(args, shown):
    done = run(*args, encoding="ascii", process=True)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert shown in done.stdout


def test_a_c_locale_still_reads_chinese_arguments():
    done = run("analyze", "1万2万3万 东东", "--json", encoding="ascii", LC_ALL="C",
               PYTHONCOERCECLOCALE="0")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hand"] == "123m11z"
    assert_one_error_line(run("analyze", "七对", encoding="ascii", LC_ALL="C",
                              PYTHONCOERCECLOCALE="0"), r"\u5bf9")


def test_json_output_is_still_json_on_an_ascii_terminal():
    done = run("analyze", "11223344556677m", "--json", encoding="ascii", process=True)
    assert json.loads(done.stdout)["forms"] == ["standard", "seven_pairs"]


@pytest.mark.parametrize("args, names", [
    ([], "command"),
    (["discard-everything", "11m"], "discard-everything"),
    (["analyze"], "hand"),
    (["analyze", "11m", "--rules"], "--rules"),
    (["analyze", "11m", "--rules", "mcr"], "mcr"),
    (["analyze", "11m", "--no-such-option"], "--no-such-option"),
    (["score", "11223344556677m"], "--win-tile"),
    (["score", "11223344556677m", "--win-tile", "7m", "--base", "x"], "--base"),
    (["score", "11223344556677m", "--win-tile", "7m", "--base", "9" * 5000], "5000 characters"),
    (["score", "11223344556677m", "--win-tile", "7m", "--base", "10000000000"], "base"),
    (["score", "11223344556677m", "--win-tile", "7m", "--cap", "99999999999"], "--cap"),
    (["score", "11223344556677m", "--win-tile", "7m", "--cap", "1001"], "cap"),
    (["analyze", "1m" * 600], "1200 characters"),
])
def test_argparse_and_mjcore_errors_end_alike(args, names):
    assert_one_error_line(run(*args), names)


def test_rules_are_a_preset_name_in_any_case():
    done = run("analyze", "19m19p19s12345677z", "--rules", "RIICHI", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["forms"] == ["thirteen_orphans"]


def test_main_in_process_returns_2_for_every_bad_call(capsys):
    for argv in ([], ["analyze", "11m", "a\nb"], ["analyze", 5], "analyze 11m", ["x" * 2000],
                 ["analyze"] + ["1m"] * 200, ["score", "11m", "--win-tile", "7\nm"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("error: "), err
    assert main(["analyze", "--help"]) == 0 and "--visible" in capsys.readouterr().out


def test_one_line_escapes_only_what_cannot_be_shown():
    assert one_line("5z 七对 ok") == "5z 七对 ok"
    assert one_line("a\nb\tc\x00") == "a\\nb\\tc\\x00"
