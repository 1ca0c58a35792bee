"""The live analyzer's Python side: bridge.py, the staged files, and Pyodide under Node.

Three layers, cheapest first:

1. ``book/analyzer/bridge.py`` (what the page's worker calls) under
   CPython: its answers agree with :func:`mjcore.analyze` and
   :func:`mjcore.hand.shanten.shanten`, and bad input comes back as a message.
2. The files ``make book`` copied into ``_build/html/analyzer`` (or
   ``$MJ_SITE_DIR``): exactly the five Pyodide files, pinned to the version
   package-lock.json names, and a wheel whose file name carries
   mjcore's version.
3. The same files loaded by Node (no browser): Pyodide starts from the
   site's folder, unpacks the wheel (``unpackArchive``, as the page's worker
   does) and answers a list of hands exactly as CPython does.

Without the built site or Node, layers 2 and 3 skip, except under
make test (or CI=true), where they fail.
"""

from __future__ import annotations

import doctest
import html
import importlib.util
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from conftest import ROOT, missing

import mjcore
from mjcore.base.checks import show
from mjcore.base.rules import HONGZHONG, PRESETS, WildRules, rules_arg, with_wild
from mjcore.hand.shanten import shanten
from mjcore.lessons import naive
from mjcore.scoring import poyang
from mjcore.view import render

BRIDGE_FILE = ROOT / "book" / "analyzer" / "bridge.py"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"}

# (hand, rules, visible): waits, effective tiles, discards, wins and scores, special forms.
GOOD = [
    ("111222333m444s5s", "poyang", ""),
    ("111222333m444s5s", "poyang", "55s3s"),
    ("112233m66m1133s4z", "standard", ""),
    ("112233m66m1133s4z", "poyang", ""),
    ("11122234m", "poyang", ""),
    ("11123m", "standard", "1m9p"),
    ("19m19p19s1234567z", "riichi", ""),
    ("147m258p369s1234z", "poyang", ""),
    ("1111m1111p1111s11z", "poyang", ""),
    ("1万1万1万2万3万", "poyang", ""),
    ("5m23m456p78s99p11z3z", "poyang", "1z9p"),    # not ready: effective tiles
    ("1111m", "poyang", ""),                      # four of a kind: 1-shanten
    ("12389m456p78s9p11z4z", "poyang", "7m6s"),   # 14 tiles, no win: discards
    ("1112345678999m5z", "riichi", ""),
    ("11223344556677m", "poyang", ""),            # wins: Poyang score
    ("111222333m44455s", "poyang", "4s"),
    ("147m258p369s12345z", "poyang", ""),
    ("111222333m44455s", "standard", ""),         # wins, no Poyang score
]
# Bad input of each kind: the page shows the message.
BAD = [
    ("1112z8z", "poyang", ""),
    ("111m", "poyang", ""),
    ("", "poyang", ""),
    ("1111m1111p1111s111z", "poyang", ""),
    ("11123m", "poyang", "1111m"),
    ("11123m", "poyang", "9x"),
    ("11123m", "house", ""),
]
# (hand, rules, visible, wild): wild tiles 赖子, the fourth box of the page.
WILD_GOOD = [
    ("123456789m1112p", "poyang", "", "7z"),      # ready: waits on 2p, 3p and the wild 7z
    ("123456789m1111p", "riichi", "", "中"),       # only a fifth 1p: the wild tile wins
    ("123456789m1112p", "poyang", "7z", "7z"),    # a visible wild tile: three left
    ("5m23m456p78s99p11z3z", "standard", "", "1z"),  # not ready: effective tiles
    ("123456789m1112p5z", "poyang", "", "7z"),    # 14 tiles, no win: discards
    ("1111m7z", "poyang", "", "7z"),              # a win: no Poyang score with wild tiles
    ("123456789m1112p", "hongzhong", "", "7z"),   # the preset with its own wild tile
    ("123456789m11p23s7z", "poyang", "", "7z"),   # a soft win 软胡: the 7z stands for 1s
    ("123456789m11p777z", "poyang", "", "7z"),    # a hard win 硬胡: the 7z as themselves
    ("123456789m11p777z", "hongzhong", "", "7z"),  # a win, not under Poyang's forms
]
WILD_BAD = [
    ("11123m", "poyang", "", "8z"),               # a bad wild tile: a message
    ("11123m", "poyang", "", "77z"),
]
WILD = WILD_GOOD + WILD_BAD
CASES = GOOD + BAD + WILD
CHANCE_CASE = ("12389m456p78s9p11z4z", "poyang", "7m6s")  # the second worker's question
NODE_CLAIMS = [(hand, "poyang", "", "", tile, seat)  # the first worker's claim question
               for hand, tile, seat in [("12389m456p78s11z4z", "9s", "left"),
                                        ("12389m456p78s11z4z", "1z", "across"),
                                        ("111222333m4445s", "5s", "right"),
                                        ("12389m456p78s11z4z", "8z", "left")]]


def load_bridge():
    spec = importlib.util.spec_from_file_location("mj_analyzer_bridge", BRIDGE_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bridge = load_bridge()


# --- 1. bridge.py under CPython ------------------------------------------------


def test_bridge_doctests() -> None:
    failed, attempted = doctest.testmod(bridge)
    assert (failed, attempted) == (0, 65)


@pytest.mark.parametrize("question", [*CASES, *bridge.SAMPLE_QUESTIONS])
def test_bridge_chances_of_any_hand_are_an_answer_or_a_message(question: tuple) -> None:
    """Never the bug report: a 13-tile hand or a win has one entry, tile None."""
    out = json.loads(bridge.answer_chances(*question))
    if out["error"] is None:
        counts = mjcore.parse(question[0])
        rules = rules_arg(question[1], wild=True)
        if question[3:] and question[3]:  # a wild tile
            rules = with_wild(rules, question[3])
        expected = mjcore.win_chances(counts, rules=rules, visible=mjcore.parse(question[2]),
                                      approximate=True)
        assert all(c.keys() == {"tile", "zh", "en", "shanten", "win", "tenpai", "by_draws",
                                "exact"} for c in out["chances"])
        assert [(c["tile"], c["win"], c["exact"]) for c in out["chances"]] == [
            (None if e.tile is None else mjcore.tile_name(e.tile), e.win, e.exact)
            for e in expected]
    else:
        assert "please report" not in out["error"]


def copies(waits: mjcore.Waits) -> list[dict]:
    return [{"tile": mjcore.tile_name(t), "zh": mjcore.tile_name_zh(t),
             "en": mjcore.tile_name_en(t), "remaining": waits.remaining[t]}
            for t in waits.tiles]


@pytest.mark.parametrize("hand, rules, visible", GOOD)
def test_bridge_agrees_with_mjcore(hand: str, rules: str, visible: str) -> None:
    answer = json.loads(bridge.answer(hand, rules, visible))
    expected = mjcore.analyze(hand, PRESETS[rules], visible)
    assert answer["error"] is None
    got = answer["analysis"]
    assert {k: got[k] for k in expected.as_dict()} == {
        **expected.as_dict(),
        "waits": [dict(w, zh=mjcore.tile_name_zh(mjcore.tile_index(w["tile"])),
                       en=mjcore.tile_name_en(mjcore.tile_index(w["tile"])))
                  for w in expected.as_dict()["waits"]]}
    assert got["readings"] == [str(d) for d in expected.decompositions]
    assert answer["shanten"] == shanten(hand, PRESETS[rules])
    assert answer["counts"] == {mjcore.tile_name(t): n
                                for t, n in enumerate(mjcore.parse(hand)) if n}
    assert answer["chances"] is (expected.win is False)


@pytest.mark.parametrize("hand, rules, visible", GOOD)
def test_bridge_answers_the_players_question(hand: str, rules: str, visible: str) -> None:
    """Effective tiles, discards and the Poyang score, each against mjcore itself."""
    answer = json.loads(bridge.answer(hand, rules, visible))
    expected = mjcore.analyze(hand, PRESETS[rules], visible)
    counts = mjcore.parse(hand)
    effective = discards = score = None
    if expected.win is None and not expected.waits.tiles:
        found = mjcore.effective_tiles(hand, PRESETS[rules], visible)
        effective = {"shanten": shanten(hand, PRESETS[rules]), "tiles": copies(found),
                     "total": found.total}
    if expected.win is False:
        discards = [{"tile": mjcore.tile_name(d.tile), "zh": mjcore.tile_name_zh(d.tile),
                     "en": mjcore.tile_name_en(d.tile), "shanten": d.shanten,
                     "effective": copies(d.effective), "total": d.total}
                    for d in mjcore.discard_advice(hand, PRESETS[rules], visible)]
    if expected.win and rules == "poyang" and sum(counts) == 14:
        score = {}
        for key, self_draw in (("discard", False), ("self_draw", True)):
            # the page scores with one held tile as the winning one: any other gives the same
            held = [t for t in range(34) if counts[t]]
            each = [poyang.score(hand, win_tile=t, self_draw=self_draw) for t in held]
            assert len({(s.reading, tuple(s.fans), s.fan, s.points) for s in each}) == 1
            data = each[0].as_dict()
            for fan in data["fans"]:
                fan["en"] = poyang.FAN_ENGLISH[fan["name"]]
            score[key] = data
    assert (answer["effective"], answer["discards"], answer["score"]) == (
        effective, discards, score)


def test_bridge_covers_each_question() -> None:
    """GOOD holds hands of every kind the page answers."""
    answers = [json.loads(bridge.answer(*case)) for case in GOOD]
    assert sum(a["effective"] is not None for a in answers) == 3
    assert sum(a["discards"] is not None for a in answers) == 2
    assert sum(a["score"] is not None for a in answers) == 4


def test_bridge_chances_come_from_win_chances() -> None:
    """The chance column is mjcore.win_chances: one entry per discard, as floats."""
    hand, visible = "12389m456p78s9p11z4z", "7m6s"
    got = bridge.chances(hand, "poyang", visible)
    assert got["error"] is None and got["draws"] == 17
    entries = mjcore.win_chances(mjcore.parse(hand), draws=17, rules=mjcore.POYANG,
                                 visible=mjcore.parse(visible), hand_changes=False)
    assert [c["tile"] for c in got["chances"]] == [mjcore.tile_name(e.tile) for e in entries]
    assert [c["win"] for c in got["chances"]] == [float(e.win) for e in entries]
    assert {c["tile"] for c in got["chances"]} == {
        mjcore.tile_name(d.tile) for d in mjcore.discard_advice(hand, visible=visible)}
    assert all(0 <= c["win"] <= 1 for c in got["chances"])
    assert json.loads(bridge.answer(hand, "poyang", visible))["chances"] is True


def test_bridge_answers_a_far_hand_with_hand_changes_from_its_answer_without(
        monkeypatch) -> None:
    """Too far for hand changes, a hand is answered with its best play without them, each
    entry marked not exact: where the worker has just answered it without hand changes (the
    page asks that first, as the floor), from that answer, with no second search; and the
    same as mjcore's answer either way.  At four seats mjcore's refusal stays."""
    far = "135m2468p1357s136z"  # four from ready under Poyang
    fell_back = bridge.chances(far, hand_changes=True)  # asked cold: mjcore falls back
    without = bridge.chances(far)
    asked = []
    real = bridge.mjcore.win_chances

    def recorded(counts, *, hand_changes, approximate=False, **kwargs):
        asked.append((hand_changes, approximate))
        return real(counts, hand_changes=hand_changes, approximate=approximate, **kwargs)

    monkeypatch.setattr(bridge.mjcore, "win_chances", recorded)
    kept = bridge.chances(far, hand_changes=True)
    assert asked == [(True, False)]  # refused, and answered from the answer kept
    assert kept == fell_back and kept["approximate"] is not None
    assert [dict(e, exact=True) for e in kept["chances"]] == without["chances"]
    assert not any(e["exact"] for e in kept["chances"])
    # another question in between: the answer kept is not that question's
    bridge.chances("12389m456p78s9p11z4z")
    asked.clear()
    assert bridge.chances(far, hand_changes=True) == fell_back and asked == [(True, True)]
    # at four seats hand changes are refused, answered or not without them
    seated = bridge.chances(far, four_seats="discard_wins")
    assert seated["error"] is None
    refused = bridge.chances(far, hand_changes=True, four_seats="discard_wins")["error"]
    with pytest.raises(mjcore.HandError) as error:
        real(far, hand_changes=True, discard_wins=True, approximate=True)
    assert refused == str(error.value)


@pytest.mark.parametrize("hand_changes", [False, True])
def test_bridge_chances_and_points_with_and_without_hand_changes(hand_changes: bool) -> None:
    """The switch 手替わり reaches mjcore.win_chances; the points are its objective "points"."""
    hand, visible = "12389m456p78s9p11z4z", "7m6s"
    counts, seen = mjcore.parse(hand), mjcore.parse(visible)
    got = bridge.chances(hand, "poyang", visible, "", hand_changes)
    assert got["error"] is None and got["hand_changes"] is hand_changes
    entries = mjcore.win_chances(counts, rules=mjcore.POYANG, visible=seen,
                                 hand_changes=hand_changes)
    assert [(c["tile"], c["win"], c["tenpai"]) for c in got["chances"]] == [
        (mjcore.tile_name(e.tile), e.win, e.tenpai) for e in entries]
    scored = bridge.points(hand, "poyang", visible, "", hand_changes)
    assert scored["error"] is None and scored["hand_changes"] is hand_changes
    by_points = mjcore.win_chances(counts, rules=mjcore.POYANG, visible=seen,
                                   hand_changes=hand_changes, objective="points")
    assert [(c["tile"], c["expected_points"], c["win"]) for c in scored["points"]] == [
        (mjcore.tile_name(e.tile), e.expected_points, e.win) for e in by_points]
    assert json.loads(bridge.answer_points(hand, "poyang", visible, "", hand_changes)) == scored
    assert json.loads(bridge.answer_chances(hand, "poyang", visible, "", hand_changes)) == got


def test_bridge_hand_changes_change_the_chance() -> None:
    """Chapter 6's example, as book/analyzer.md quotes it: hand changes raise
    123456m789p1357s's chance and expected points (1z drawn and thrown here, as the
    page's discard table has it), shown as the page rounds them."""
    hand = "123456m789p1357s1z"
    shown = []
    for flag in (False, True):
        [best, *_] = bridge.chances(hand, hand_changes=flag)["chances"]
        [scored, *_] = bridge.points(hand, hand_changes=flag)["points"]
        assert best["tile"] == scored["tile"] == "1z"
        shown.append((f"{100 * best['win']:.1f}%", f"{scored['expected_points']:.2f}"))
    assert shown == [("31.4%", "8.47"), ("44.5%", "12.02")]


@pytest.mark.parametrize("value", ["yes", 1, None, "True"])
def test_bridge_checks_the_hand_changes_switch(value: object) -> None:
    """Anything but True or False is a message, as mjcore.win_chances says it."""
    message = f"hand_changes must be True or False, got {value!r}"
    for answer in (bridge.answer_chances, bridge.answer_points):
        out = json.loads(answer("12389m456p78s9p11z4z", "poyang", "", "", value))
        assert out["error"] == message and out["hand_changes"] is None


FOUR_SEAT_HAND = "12389m456p78s9p11z4z"  # 1-shanten: four seats with calls in 0.1 s


@pytest.mark.parametrize("four_seats, calls", [("discard_wins", False), ("calls", True)])
def test_bridge_four_seats_are_win_chances_with_discard_wins(four_seats: str,
                                                            calls: bool) -> None:
    """The seats menu reaches mjcore.win_chances as discard_wins (and calls); each entry
    has the part won on a discard, exactly mjcore's."""
    hand, visible = FOUR_SEAT_HAND, "7m6s"
    got = bridge.chances(hand, "poyang", visible, "", False, four_seats=four_seats)
    assert got["error"] is None and got["four_seats"] == four_seats
    entries = mjcore.win_chances(mjcore.parse(hand), rules=mjcore.POYANG,
                                 visible=mjcore.parse(visible), discard_wins=True, calls=calls)
    assert [(c["tile"], c["win"], c["discard_win"], c["tenpai"], c["by_draws"])
            for c in got["chances"]] == [
        (mjcore.tile_name(e.tile), e.win, e.discard_win, e.tenpai, list(e.by_draws))
        for e in entries]
    assert json.loads(bridge.answer_chances(hand, "poyang", visible, "", False,
                                            four_seats)) == got
    alone = bridge.chances(hand, "poyang", visible)
    assert alone["four_seats"] == "off"
    assert all("discard_win" not in c for c in alone["chances"])


def test_bridge_four_seat_examples_of_the_page() -> None:
    """book/analyzer.md's four-seat and claim examples, as the page rounds them."""
    shown = {}
    for seats in ("off", "calls"):
        best = bridge.chances(FOUR_SEAT_HAND, four_seats=seats)["chances"][:2]
        assert [c["tile"] for c in best] == ["9p", "4z"] and best[0]["win"] == best[1]["win"]
        shown[seats] = (f"{100 * best[0]['win']:.1f}%",
                        best[0].get("discard_win") and f"{100 * best[0]['discard_win']:.1f}%")
    assert shown == {"off": ("31.7%", None), "calls": ("86.5%", "66.3%")}
    left = bridge.claim("12389m456p78s11z4z", "9s", "left")["options"]
    assert [(o["kind"], o["meld"], o["discard"] and o["discard"]["tile"],
             f"{100 * o['win']:.1f}%") for o in left] == [
        ("chi", "789s", "4z", "95.2%"), ("pass", "", None, "83.4%")]
    right = bridge.claim("12389m456p78s11z4z", "9s", "right")["options"]
    assert [o["kind"] for o in right] == ["pass"]
    by_points = bridge.claim("12389m456p78s11z4z", "9s", "left", objective="points")
    assert [(o["kind"], f"{o['expected_points']:.2f}") for o in by_points["options"]] == [
        ("pass", "8.89"), ("chi", "6.78")]
    race = bridge.chances(FOUR_SEAT_HAND, four_seats="calls", opponents=True)["chances"][0]
    assert (race["tile"], f"{100 * race['win']:.1f}%") == ("9p", "44.7%")
    # deal-ins: the same hand pushes from turn 10, one 2 from ready folds from turn 13
    assert [bridge.points(hand, four_seats="discard_wins", opponents=True,
                          turn=turn)["push_or_fold"]
            for hand, turn in ((FOUR_SEAT_HAND, 10), ("3478m1p45566779s7z", 13))] == [
        "push", "fold"]
    assert shanten(mjcore.parse("3478m1p45566779s7z"), mjcore.POYANG) == 2



@pytest.mark.parametrize("hand_changes, rules, wild", [
    (True, "poyang", ""), (False, "poyang", "7z"), (False, "riichi", "")])
def test_bridge_four_seats_say_what_mjcore_says(hand_changes: bool, rules: str,
                                                wild: str) -> None:
    """Four seats with hand changes or a wild tile, and their expected points: mjcore's
    answer, or its message when it does not model them (never an exception)."""
    preset = rules_arg(rules, wild=True)
    mj_rules = with_wild(preset, wild) if wild else preset
    for question, objective in ((bridge.chances, "win"), (bridge.points, "points")):
        key = "chances" if objective == "win" else "points"
        got = question(FOUR_SEAT_HAND, rules, "", wild, hand_changes, four_seats="calls")
        try:
            entries = mjcore.win_chances(FOUR_SEAT_HAND, rules=mj_rules,
                                         hand_changes=hand_changes, objective=objective,
                                         discard_wins=True, calls=True, approximate=True)
        except mjcore.HandError as refused:
            assert got["error"] == str(refused) and got[key] is None
        else:
            assert got["error"] is None
            assert [c["win"] for c in got[key]] == [e.win for e in entries]


@pytest.mark.parametrize("value", ["yes", True, None, "Calls", 2])
def test_bridge_checks_the_seats_menu(value: object) -> None:
    message = ("four_seats must be one of 'off', 'discard_wins', 'calls', got "
               f"{show(value)}")
    for answer in (bridge.answer_chances, bridge.answer_points):
        out = json.loads(answer(FOUR_SEAT_HAND, "poyang", "", "", False, value))
        assert out["error"] == message and out["four_seats"] is None


@pytest.mark.parametrize("four_seats, calls", [("discard_wins", False), ("calls", True)])
@pytest.mark.parametrize("rules, turn, draws", [("poyang", 1, 17), ("poyang", 9, 15),
                                                ("riichi", 15, 4)])
def test_bridge_race_is_win_chances_with_opponents(four_seats: str, calls: bool, rules: str,
                                                   turn: int, draws: int) -> None:
    """The "others race too" switch reaches mjcore.win_chances as opponents=True from the
    turn asked, over the turns the table's longest round left (17 at most); the chances
    and the points are mjcore's, exactly, and below those without the race (the points
    with wins on discards and no calls net of deal-ins: test_bridge_deal_ins_...)."""
    hand, visible = FOUR_SEAT_HAND, "7m6s"
    preset = rules_arg(rules)
    assert bridge.race_draws(preset, turn) == draws
    for question, objective in ((bridge.chances, "win"), (bridge.points, "points")):
        key = "chances" if objective == "win" else "points"
        got = question(hand, rules, visible, "", False, four_seats=four_seats, opponents=True,
                       turn=turn)
        if objective == "points" and rules != "poyang":
            assert got["error"].startswith("objective 'points' scores Poyang hands")
            continue
        assert got["error"] is None and (got["opponents"], got["turn"]) == (True, turn)
        assert got["draws"] == draws
        deal_ins = objective == "points" and not calls
        entries = mjcore.win_chances(hand, draws, preset, visible, objective=objective,
                                     discard_wins=True, calls=calls, opponents=True,
                                     turn=turn, deal_ins=deal_ins)
        value = "win" if objective == "win" else "expected_points"
        assert [(c["tile"], c[value], c["discard_win"]) for c in got[key]] == [
            (mjcore.tile_name(e.tile), getattr(e, value), e.discard_win) for e in entries]
        plain = question(hand, rules, visible, "", False, draws, four_seats)
        assert plain["opponents"] is False and plain["draws"] == draws
        assert max(c[value] for c in got[key]) < max(c[value] for c in plain[key])
    answer = json.loads(bridge.answer_chances(hand, rules, visible, "", False, four_seats,
                                              True, turn))
    assert answer == bridge.chances(hand, rules, visible, "", False, None, four_seats, True, turn)


@pytest.mark.parametrize("hand, visible, turn, answer", [
    (FOUR_SEAT_HAND, "7m6s", 1, "push"), (FOUR_SEAT_HAND, "", 10, "push"),
    ("3478m1p45566779s7z", "", 13, "fold")])
def test_bridge_deal_ins_are_win_chances_with_deal_ins(hand: str, visible: str, turn: int,
                                                       answer: str) -> None:
    """Expected points at four seats with wins on discards and the race reach
    mjcore.win_chances with deal_ins=True: the net points, each discard's chance of dealing
    in and its fold, exactly, and the best discard's push or fold; the chances of winning,
    calls and no race ask as before, with calls a note saying deal-ins are left out."""
    draws = bridge.race_draws(mjcore.POYANG, turn)
    got = bridge.points(hand, "poyang", visible, "", False, four_seats="discard_wins",
                        opponents=True, turn=turn)
    entries = mjcore.win_chances(hand, draws, "poyang", visible, objective="points",
                                 discard_wins=True, opponents=True, turn=turn, deal_ins=True)
    assert got["error"] is None and got["deal_ins"] is True and got["deal_ins_note"] is None
    assert [(c["tile"], c["expected_points"], c["win"], c["deal_in"], c["fold"],
             c["discard_win"]) for c in got["points"]] == [
        (mjcore.tile_name(e.tile), e.expected_points, e.win, e.deal_in, e.fold, None)
        for e in entries]
    assert got["push_or_fold"] == answer == ("fold" if entries[0].fold else "push")
    assert got["loss"] == mjcore.play.bestplay.hazards.LOSS["poyang"][0]
    assert json.loads(bridge.answer_points(hand, "poyang", visible, "", False, "discard_wins",
                                           True, turn)) == got
    # the chance of winning is the race's, without deal-ins
    chances = bridge.chances(hand, "poyang", visible, "", False, four_seats="discard_wins",
                             opponents=True, turn=turn)
    assert "deal_ins" not in chances and all("deal_in" not in c for c in chances["chances"])
    # with calls: not modelled, a note; without the race: nothing, no note
    calls = bridge.points(hand, "poyang", visible, "", False, four_seats="calls",
                          opponents=True, turn=turn)
    assert (calls["deal_ins"], calls["deal_ins_note"], calls["push_or_fold"]) == (
        False, bridge.DEAL_INS_NOTE, None)
    assert calls["deal_ins_note"].startswith("deal-ins are counted only at four seats with "
                                             "wins on discards and no calls")
    assert all("deal_in" not in c for c in calls["points"] or [])  # or too far from ready
    plain = bridge.points(hand, "poyang", visible, "", False, four_seats="discard_wins")
    assert (plain["deal_ins"], plain["deal_ins_note"]) == (False, None)
    assert all("deal_in" not in c and c["discard_win"] is not None for c in plain["points"])


def test_bridge_claim_in_the_race_is_claim_advice_with_opponents() -> None:
    got = json.loads(bridge.answer_claim("12389m456p78s11z4z", "poyang", "", "", "9s", "right",
                                         True, 9))
    assert got["error"] is None and (got["opponents"], got["turn"], got["draws"]) == (
        True, 9, 15)
    expected = mjcore.claim_advice("12389m456p78s11z4z", "9s", "right", 15, opponents=True,
                                   turn=9)
    assert [dict(o, discard=o["discard"] and o["discard"]["tile"]) for o in got["options"]] == [
        o.as_dict() for o in expected]
    assert got["chi_from_left"] == ["789s"]
    scored = json.loads(bridge.answer_claim_points("12389m456p78s11z4z", "poyang", "", "",
                                                   "9s", "left", True, 9))
    assert [o["expected_points"] for o in scored["options"]] == [
        o.expected_points for o in mjcore.claim_advice(
            "12389m456p78s11z4z", "9s", "left", 15, objective="points", opponents=True,
            turn=9)]
    without = bridge.claim("12389m456p78s11z4z", "9s", "right")
    assert (without["opponents"], without["draws"]) == (False, 17)
    assert without["options"][0]["win"] > got["options"][0]["win"]


@pytest.mark.parametrize("opponents, turn, seats, rules, message", [
    ("yes", 1, "calls", "poyang", "opponents must be True or False, got 'yes'"),
    (1, 1, "calls", "poyang", "opponents must be True or False, got 1"),
    (None, 1, "calls", "poyang", "opponents must be True or False, got None"),
    (True, 0, "calls", "poyang", "turn must be 1 or more, got 0"),
    (True, 16, "calls", "poyang", "turn must be at most 15, got 16"),
    (True, "3", "calls", "poyang", "turn must be a whole number, got '3'"),
    (True, 2.5, "calls", "poyang", "turn must be a whole number, got 2.5"),
    (False, 16, "calls", "poyang", "turn must be at most 15, got 16"),
    (True, 1, "off", "poyang", "opponents race at four seats: use discard_wins=True or "
                               "calls=True"),
    (True, 1, "calls", "standard", "others race too: the table of four measured the race "
                                   "under the poyang and riichi rules, not standard"),
])
def test_bridge_checks_the_race(opponents: object, turn: object, seats: str, rules: str,
                                message: str) -> None:
    """A bad switch or turn, or a race mjcore does not run, is a message, never an
    exception, for each question that takes them."""
    for answer in (bridge.answer_chances, bridge.answer_points):
        out = json.loads(answer(FOUR_SEAT_HAND, rules, "", "", False, seats, opponents, turn))
        assert out["error"] == message and out["chances" if answer is bridge.answer_chances
                                               else "points"] is None
    if seats != "off":
        for answer in (bridge.answer_claim, bridge.answer_claim_points):
            out = json.loads(answer("12389m456p78s11z4z", rules, "", "", "9s", "left",
                                    opponents, turn))
            assert out["error"] == message and out["options"] is None


CLAIMS = [  # (hand, tile, seat): 吃, 碰, a win, no 吃 from there, nothing to claim
    ("12389m456p78s11z4z", "9s", "left"),
    ("12389m456p78s11z4z", "9s", "right"),
    ("12389m456p78s11z4z", "1z", "across"),
    ("12389m456p78s11z4z", "7m", "left"),
    ("111222333m4445s", "5s", "across"),
    ("123456789m1234p", "2p", "left"),
    ("123456789m1234p", "7z", "right"),
]


@pytest.mark.parametrize("hand, tile, seat", CLAIMS)
def test_bridge_claim_is_claim_advice(hand: str, tile: str, seat: str) -> None:
    """Every option mjcore.claim_advice gives, best first, exactly, with the discard's
    names; from a seat other than the left, the 吃 the left seat would have allowed."""
    got = bridge.claim(hand, tile, seat)
    assert got["error"] is None
    expected = mjcore.claim_advice(hand, tile, seat)
    assert [dict(o, discard=o["discard"] and o["discard"]["tile"]) for o in got["options"]] == [
        o.as_dict() for o in expected]
    assert all(o["discard"] is None or o["discard"]["zh"] == mjcore.tile_name_zh(
        mjcore.tile_index(o["discard"]["tile"])) for o in got["options"])
    assert got["claim"]["tile"] == mjcore.tile_name(mjcore.tile_index(tile))
    assert got["seat"] == seat and got["draws"] == 17
    from_left = [o.meld for o in mjcore.claim_advice(hand, tile, "left") if o.kind == "chi"]
    assert got["chi_from_left"] == from_left
    if seat != "left":
        assert "chi" not in [o["kind"] for o in got["options"]]
    assert json.loads(bridge.answer_claim(hand, "poyang", "", "", tile, seat)) == got


def test_bridge_claims_cover_each_option() -> None:
    kinds = {o["kind"] for case in CLAIMS for o in bridge.claim(*case)["options"]}
    assert kinds == {"pass", "win", "pon", "chi"}
    assert any(bridge.claim(*case)["chi_from_left"] and case[2] != "left" for case in CLAIMS)


@pytest.mark.parametrize("hand, tile, seat", [c for c in CLAIMS if c[0] != "123456789m1234p"])
def test_bridge_claim_by_points_is_claim_advice_by_points(hand: str, tile: str,
                                                          seat: str) -> None:
    """The page asks the claim by points after the claim itself, when the claim's answer
    says so; its options are mjcore.claim_advice(objective="points")'s, exactly."""
    assert bridge.claim(hand, tile, seat)["points"] is True
    got = json.loads(bridge.answer_claim_points(hand, "poyang", "", "", tile, seat))
    expected = mjcore.claim_advice(hand, tile, seat, objective="points")
    assert got["error"] is None
    assert [dict(o, discard=o["discard"] and o["discard"]["tile"]) for o in got["options"]] == [
        o.as_dict() for o in expected]
    assert all(o["expected_points"] is not None for o in got["options"])


@pytest.mark.parametrize("hand, rules, wild, points, note", [
    ("12389m456p78s11z4z", "riichi", "", False, None),  # no points under riichi rules
    ("234578m1689p357s", "poyang", "", False,
     "no expected points for this claim: with calls mjcore scores hands at most 2 from "
     "ready, this one is 3"),
])
def test_bridge_says_when_a_claim_has_no_points(hand: str, rules: str, wild: str,
                                                points: bool, note: str | None) -> None:
    out = bridge.claim(hand, "9s", "left", rules, "", wild)
    assert out["error"] is None and out["options"]
    assert (out["points"], out["points_note"]) == (points, note)


@pytest.mark.parametrize("hand, tile, seat, rules, wild, message", [
    ("12389m456p78s11z4z", "8z", "left", "poyang", "", "claim: 8z is not a tile"),
    ("12389m456p78s11z4z", "", "left", "poyang", "", "claim: "),
    ("12389m456p78s11z4z", 5, "left", "poyang", "", "claim must be a string, got int"),
    ("12389m456p78s11z4z", "9s", "north", "poyang", "",
     "seat must be one of 'right', 'across', 'left', got 'north'"),
    ("12389m456p78s11z4z", "9s", None, "poyang", "", "seat must be one of"),
    ("12389m456p78s9p11z4z", "9s", "left", "poyang", "",
     "claim_advice needs a 13-tile hand (the discard just made), got 14 tiles"),
    ("12389m456p78s11z4z", "9s", "left", "poyang", "7z", "rules 'poyang, 7z wild' have wild"),
    ("1112z8z", "9s", "left", "poyang", "", "8z is not a tile: honours are 1z-7z"),
    ("12389m456p78s11z4z", "9s", "left", "house", "", "rules must be a mjcore.Rules"),
    ("11112389m456p78s", "1m", "left", "poyang", "", "1m cannot be discarded"),
])
def test_bridge_bad_claims_are_messages(hand: str, tile: object, seat: object, rules: str,
                                        wild: str, message: str) -> None:
    out = json.loads(bridge.answer_claim(hand, rules, "", wild, tile, seat))
    assert out["error"].startswith(message), out["error"]
    assert out["options"] is None and "please report" not in out["error"]


FAR = "2468m13579p246s12z"  # 4 steps from ready, the most under Poyang's forms


def test_bridge_answers_a_far_hand_under_wild_rules() -> None:
    """Too far for hand changes under wild rules: keep only progress with wild tiles, cut
    at leaves, each entry ``exact`` False, and a line quoting the hongzhong error."""
    expected = mjcore.win_chances(FAR, rules=HONGZHONG, hand_changes=True, approximate=True)
    out = bridge.chances(FAR, "hongzhong", "", "7z", True)
    assert out["error"] is None and out["hand_changes"] is True
    assert [(c["tile"], c["win"], c["exact"]) for c in out["chances"]] == [
        (mjcore.tile_name(e.tile), e.win, False) for e in expected]
    assert "keeps only progress" in out["approximate"]
    assert "hongzhong deals" in out["approximate"]


def test_bridge_marks_an_approximate_answer() -> None:
    """Too far for hand changes: keep only progress's chances (exact under Poyang's
    forms), each entry ``exact`` False, and the line the page shows under the column."""
    out = bridge.chances(FAR, "poyang", "", "", True)
    plain = bridge.chances(FAR, "poyang", "", "", False)
    assert out["error"] is None and out["hand_changes"] is True
    assert [(c["tile"], c["win"], c["exact"]) for c in out["chances"]] == [
        (c["tile"], c["win"], False) for c in plain["chances"]]
    assert out["approximate"] == (
        "the hand is too far from ready for the search with hand changes, so the answer "
        "keeps only progress, a play open with hand changes too: its chances are a floor "
        "under theirs.")
    assert plain["approximate"] is None and all(c["exact"] for c in plain["chances"])


@pytest.mark.parametrize("hand, rules, wild, column, note", [
    ("12389m456p78s9p11z4z", "poyang", "", True, None),
    ("12389m456p78s9p11z4z", "riichi", "", False, None),
    ("12389m456p78s9p11z4z", "standard", "", False, None),
    ("123456789m1112p5z", "hongzhong", "7z", False, None),
    ("123456789m1112p5z", "poyang", "7z", False,
     "no expected points with a wild tile: mjcore scores them under Poyang rules without one"),
    ("12389m456p78s9p", "poyang", "", False,
     "no expected points for 11 tiles: mjcore scores them for a hand of 14"),
    ("111222333m444s5s", "poyang", "", False, None),  # 13 tiles: no discard table
    ("11223344556677m", "poyang", "", False, None),   # a win: no discard table
])
def test_bridge_says_when_the_page_asks_for_points(hand: str, rules: str, wild: str,
                                                  column: bool, note: str | None) -> None:
    out = bridge.analysis(hand, rules, "", wild)
    assert out["error"] is None
    assert (out["points"], out["points_note"]) == (column, note)
    scored = bridge.points(hand, rules, "", wild)
    if column:  # the column's question is answered
        assert scored["error"] is None
    elif out["discards"] is not None:  # the others: mjcore says why too
        assert scored["error"].startswith("objective 'points'"), scored["error"]


def test_bridge_examples_of_the_page() -> None:
    """The hands book/analyzer.md describes say what the page says they do."""
    waits = json.loads(bridge.answer("111222333m444s5s"))["analysis"]["waits"]
    assert [(w["tile"], w["remaining"]) for w in waits] == [("3s", 4), ("5s", 3), ("6s", 4)]
    standard = json.loads(bridge.answer("112233m66m1133s4z", "standard"))["analysis"]
    poyang = json.loads(bridge.answer("112233m66m1133s4z", "poyang"))["analysis"]
    assert standard["waits"] == [] and [w["tile"] for w in poyang["waits"]] == ["4z"]
    run_first = json.loads(bridge.answer("11122234m"))["analysis"]
    assert run_first["win"] is True and run_first["readings"] == ["22m 111m 234m"]
    assert naive.greedy_run_first("11122234m", try_every_pair=True) is False
    effective = json.loads(bridge.answer("5m23m456p78s99p11z3z"))["effective"]
    assert (effective["shanten"], effective["total"], len(effective["tiles"])) == (2, 20, 6)
    discards = json.loads(bridge.answer("12389m456p78s9p11z4z"))["discards"]
    assert [(d["tile"], d["shanten"], d["total"]) for d in discards[:2]] == [
        ("9p", 1, 12), ("4z", 1, 12)]
    assert {d["shanten"] for d in discards[2:]} == {2}
    score = json.loads(bridge.answer("11223344556677m"))["score"]["discard"]
    assert [(f["name"], f["fan"]) for f in score["fans"]] == [("七对", 3), ("清一色", 4),
                                                             ("门清", 1)]
    assert (score["total_fan"], score["fan"], score["points"]) == (8, 6, 64)


@pytest.mark.parametrize("hand, rules, visible, message", [
    ("1112z8z", "poyang", "", "8z is not a tile: honours are 1z-7z"),
    ("111m", "poyang", "", "a hand to analyse has 3n+1 tiles (waits) or 3n+2 tiles (win), "
                           "at most 14; got 3"),
    ("", "poyang", "", "the hand is empty: pick tiles or type a hand such as 111222333m444s5s"),
    ("1111m1111p1111s111z", "poyang", "", "15 tiles is too many: a hand has at most 14"),
    ("11123m", "poyang", "1111m", "1m: 3 in hand and 4 visible make 7; a tile has 4 copies"),
    ("11123m", "house", "", "rules must be a mjcore.Rules or one of 'standard', 'poyang', "
                           "'riichi', 'hongzhong', got 'house'"),
])
def test_bridge_turns_bad_input_into_a_message(hand: str, rules: str, visible: str,
                                               message: str) -> None:
    answer = json.loads(bridge.answer(hand, rules, visible))
    assert answer["error"] == message
    assert answer["analysis"] is None and answer["shanten"] is None


def test_bridge_bad_visible_names_the_box() -> None:
    error = json.loads(bridge.answer("11123m", "poyang", "9x"))["error"]
    assert error == "visible tiles: unknown character 'x' at position 1"


def test_bridge_reports_a_bug_without_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(bridge, "analyze", broken)
    answer = json.loads(bridge.answer("11123m"))
    assert answer["error"] == ("mjcore failed on this hand (ZeroDivisionError: division by "
                               "zero); please report it")


def test_bridge_tiles_cover_the_34_kinds_in_mpsz_order() -> None:
    tiles = bridge.tiles()
    names = [t["name"] for t in tiles]
    assert len(set(names)) == 34
    assert mjcore.to_mpsz(mjcore.parse("".join(names))) == "123456789m123456789p123456789s1234567z"
    assert sorted(mjcore.tile_index(n) for n in names) == list(range(34))


# --- 1b. wild tiles: the page's fourth box -------------------------------------


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object]]:
    """The rules each mjcore function the bridge calls was given (answered without wilds)."""
    seen: list[tuple[str, object]] = []

    def spy(name: str, function):
        def call(counts, rules, *args, **kwargs):
            seen.append((name, rules))
            return function(counts, with_wild(rules, None), *args, **kwargs)
        return call

    for name in ("analyze", "shanten", "effective_tiles", "discard_advice"):
        monkeypatch.setattr(bridge, name, spy(name, getattr(bridge, name)))
    win_chances = mjcore.win_chances
    monkeypatch.setattr(bridge.mjcore, "win_chances",
                        lambda counts, *, rules, **kwargs: seen.append(("win_chances", rules))
                        or win_chances(counts, rules=with_wild(rules, None), **kwargs))
    return seen


@pytest.mark.parametrize("hand, calls", [
    ("123456789m1112p", ["analyze", "shanten"]),
    ("5m23m456p78s99p11z3z", ["analyze", "shanten", "effective_tiles", "shanten"]),
    ("123456789m1112p5z", ["analyze", "shanten", "discard_advice"]),
])
@pytest.mark.parametrize("wild", ["7z", "中"])
def test_bridge_passes_with_wild_to_every_function(asked, hand: str, calls: list[str],
                                                   wild: str) -> None:
    out = json.loads(bridge.answer(hand, "Riichi", "", wild))
    assert out["error"] is None
    assert out["wild"] == {"tile": "7z", "zh": "中", "en": "red dragon"}
    assert [name for name, _ in asked] == calls
    assert all(rules == with_wild("riichi", "7z") and isinstance(rules, WildRules)
               for _, rules in asked)
    asked.clear()
    bridge.answer_chances(hand, "riichi", "", wild)
    assert asked == [("win_chances", with_wild("riichi", 31))]
    asked.clear()
    bridge.answer_chances(hand, "riichi", "", wild, True)
    assert asked == [("win_chances", with_wild("riichi", 31))]


def test_bridge_no_wild_is_the_preset(asked) -> None:
    out = json.loads(bridge.answer("123456789m1112p5z", "poyang", "", ""))
    assert out["wild"] is None and out["analysis"]["rules"] == "poyang"
    assert {rules for _, rules in asked} == {mjcore.POYANG}


def test_bridge_scores_hard_and_soft_wins_under_poyang() -> None:
    """A hard win 硬胡 (no wild tile as a substitute) scores a fan more than a soft one."""
    soft = json.loads(bridge.answer("123456789m11p23s7z", "poyang", "", "7z"))["score"]
    hard = json.loads(bridge.answer("123456789m11p777z", "poyang", "", "7z"))["score"]
    assert [f["name"] for f in hard["discard"]["fans"]] == ["平胡", "门清", "硬胡"]
    assert "硬胡" not in [f["name"] for f in soft["discard"]["fans"]]
    assert soft["discard"]["reading"].endswith("; wilds as 1s")
    assert (soft["discard"]["points"], hard["discard"]["points"]) == (4, 8)
    plain = json.loads(bridge.answer("123456789m11p777z"))["score"]  # no wild: 777z a meld
    assert "硬胡" not in [f["name"] for f in plain["discard"]["fans"]]
    assert json.loads(bridge.answer("123456789m11p777z", "hongzhong"))["score"] is None


@pytest.mark.parametrize("wild, name, waits", [
    ("7z", "hongzhong", ["2p", "3p", "7z"]),        # the preset itself
    ("", "hongzhong", ["2p", "3p"]),                # none: its switches, no wild tile
    ("1z", "hongzhong, 1z wild", ["2p", "3p", "1z"]),
])
def test_bridge_takes_hongzhong_by_name(wild: str, name: str, waits: list[str]) -> None:
    out = json.loads(bridge.answer("123456789m1112p", "HongZhong", "", wild))
    assert out["error"] is None
    assert out["analysis"]["rules"] == name
    assert [w["tile"] for w in out["analysis"]["waits"]] == waits
    assert (out["wild"] or {}).get("tile", "") == wild
    rules = bridge._rules("hongzhong", wild)
    assert (rules is HONGZHONG) == (wild == "7z")
    assert (rules.seven_pairs, rules.four_as_two_pairs, rules.shisanlan) == (True, True, False)


@pytest.mark.parametrize("rules, wild, message", [
    ("poyang", "8z", "wild: 8z is not a tile: honours are 1z-7z"),
    ("poyang", "77z", "wild: '77z' is 2 tiles, not one tile"),
    ("poyang", "红中", "wild: unknown character '红' at position 0"),
    ("poyang", "7z" * 30, "wild is 60 characters long; at most 40 are read"),
    ("house", "7z", "rules must be a mjcore.Rules or one of"),
])
def test_bridge_bad_wild_is_a_message(rules: str, wild: str, message: str) -> None:
    for out in (json.loads(bridge.answer("11123m", rules, "", wild)),
                json.loads(bridge.answer_chances("11123m", rules, "", wild))):
        assert out["error"].startswith(message), out["error"]
        assert out["wild"] is None


@pytest.mark.parametrize("hand, rules, visible, wild", WILD_GOOD)
def test_bridge_with_wild_agrees_with_mjcore(hand: str, rules: str, visible: str,
                                             wild: str) -> None:
    answer = json.loads(bridge.answer(hand, rules, visible, wild))
    assert answer["error"] is None, answer["error"]
    preset = rules_arg(rules, wild=True)  # a preset with this wild tile is itself
    wild_rules = preset if preset.wild == mjcore.tile_index(wild) else with_wild(preset, wild)
    expected = mjcore.analyze(hand, wild_rules, visible)
    assert {k: answer["analysis"][k] for k in expected.as_dict() if k != "waits"} == {
        k: v for k, v in expected.as_dict().items() if k != "waits"}
    assert [(w["tile"], w["remaining"]) for w in answer["analysis"]["waits"]] == [
        (w["tile"], w["remaining"]) for w in expected.as_dict()["waits"]]
    assert answer["shanten"] == shanten(hand, wild_rules)
    if expected.win is False:
        assert [(d["tile"], d["shanten"], d["total"]) for d in answer["discards"]] == [
            (mjcore.tile_name(d.tile), d.shanten, d.total)
            for d in mjcore.discard_advice(hand, wild_rules, visible)]
    if expected.win and with_wild(wild_rules, None) is mjcore.POYANG and len(
            mjcore.to_tiles(mjcore.parse(hand))) == 14:
        forms = poyang.PoyangRules(forms=wild_rules)
        assert [[(f["name"], f["fan"]) for f in answer["score"][key]["fans"]]
                for key in ("discard", "self_draw")] == [
            poyang.score(hand, win_tile=mjcore.tile_index(hand[-2:]), self_draw=self_draw,
                         rules=forms).fans for self_draw in (False, True)]
    else:
        assert answer["score"] is None


def test_bridge_wild_examples() -> None:
    """What the page says of wild tiles: the wild kind is a wait, and a visible copy
    lowers its count."""
    plain = json.loads(bridge.answer("123456789m1112p"))["analysis"]
    wild = json.loads(bridge.answer("123456789m1112p", "poyang", "", "7z"))["analysis"]
    seen = json.loads(bridge.answer("123456789m1112p", "poyang", "7z", "7z"))["analysis"]
    assert [(w["tile"], w["remaining"]) for w in plain["waits"]] == [("2p", 3), ("3p", 4)]
    assert [(w["tile"], w["remaining"]) for w in wild["waits"]] == [
        ("2p", 3), ("3p", 4), ("7z", 4)]
    assert [(w["tile"], w["remaining"]) for w in seen["waits"]][-1] == ("7z", 3)
    assert wild["rules"] == "poyang, 7z wild"
    win = json.loads(bridge.answer("1111m7z", "poyang", "", "7z"))
    assert win["analysis"]["win"] is True and win["score"] is None
    # book/analyzer.md's example
    ready = json.loads(bridge.answer("12345678m1112p7z", "poyang", "", "7z"))
    assert [w["tile"] for w in ready["analysis"]["waits"]] == ["3m", "6m", "9m", "2p", "3p",
                                                               "7z"]
    assert json.loads(bridge.answer("12345678m1112p7z"))["shanten"] == 1


# --- 2. the staged files --------------------------------------------------------


@pytest.fixture(scope="module")
def analyzer_dir(site_dir: Path) -> Path:
    path = site_dir / "analyzer"
    if not (path / "manifest.json").is_file():
        missing(f"no analyzer in {site_dir}: `make book` copies it there "
                "(book/analyzer/stage.py)")
    return path


@pytest.fixture(scope="module")
def manifest(analyzer_dir: Path) -> dict:
    return json.loads((analyzer_dir / "manifest.json").read_text(encoding="utf-8"))


def test_site_has_only_the_pyodide_files_it_needs(analyzer_dir: Path, site_dir: Path) -> None:
    assert {p.name for p in (analyzer_dir / "pyodide").iterdir()} == PYODIDE_FILES
    assert not list(site_dir.glob("_static/**/pyodide*")), "Pyodide must stay out of _static"
    lock = json.loads((analyzer_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {}, "the analyzer loads none of Pyodide's packages"


def test_manifest_lists_every_preset_and_the_wild_tile_of_hongzhong(manifest: dict) -> None:
    """The page's rules menu, and the wild tile it chooses with a preset that has one."""
    assert manifest["rules"] == [*PRESETS, *mjcore.WILD_PRESETS] == [
        "standard", "poyang", "riichi", "hongzhong"]
    assert manifest["preset_wild"] == {"hongzhong": "7z"}
    assert manifest["default_rules"] == "poyang"


def test_pyodide_is_the_pinned_version(manifest: dict) -> None:
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    pinned = package["devDependencies"]["pyodide"]
    assert pinned[0].isdigit(), "pin an exact version, not a range"
    assert lock["packages"]["node_modules/pyodide"]["version"] == pinned == manifest["pyodide"]


def test_wheel_is_mjcore_with_its_version_in_the_name(analyzer_dir: Path, manifest: dict) -> None:
    wheel = analyzer_dir / manifest["wheel"]
    assert wheel.name == f"mjcore-{mjcore.__version__}-py3-none-any.whl"
    assert [p.name for p in analyzer_dir.glob("*.whl")] == [wheel.name]
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (record,) = [n for n in names if n.endswith(".dist-info/RECORD")]
        listed = {line.split(",")[0] for line in archive.read(record).decode().splitlines()}
    assert {n.split("/")[0] for n in names} == {"mjcore", f"mjcore-{mjcore.__version__}.dist-info"}
    # every module of the package's tree, the tables file, and one pyc a module beside it
    # in __pycache__ (the bytecode stage.py adds), of one Python (Pyodide's)
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "mjcore").rglob("*.py")}
    pycs = {n for n in names if n.startswith("mjcore/") and n.endswith(".pyc")}
    assert {n for n in names if n.startswith("mjcore/")} == (
        sources | pycs | {"mjcore/data/tables.bin"})
    assert {n.replace("/__pycache__/", "/").split(".")[0] + ".py" for n in pycs} == sources
    assert len({n.rsplit("/", 1)[1].split(".")[1] for n in pycs}) == 1
    assert listed == set(names)  # RECORD lists every file, the added bytecode too


def test_site_has_the_34_faces_mjcore_draws(analyzer_dir: Path, manifest: dict) -> None:
    """analyzer/tiles/ holds mjcore.view.render's face of each picker tile, as N.svg."""
    faces = analyzer_dir / "tiles"
    assert sorted(p.name for p in faces.iterdir()) == sorted(
        f"{t['name']}.svg" for t in manifest["tiles"])
    for tile in range(34):
        text = (faces / f"{mjcore.tile_name(tile)}.svg").read_text(encoding="utf-8")
        assert render.tile_svg(tile) in text


def test_stdlib_zip_is_pyodides_with_bytecode_beside_sources(analyzer_dir: Path) -> None:
    """The staged python_stdlib.zip holds every file of the npm package's, unchanged, and
    besides them only the bytecode of some of its modules, each beside its source."""
    original = PYODIDE_DIR / "python_stdlib.zip"
    if not original.is_file():
        missing(f"no {original}: run `npm ci`")
    with zipfile.ZipFile(original) as old, \
            zipfile.ZipFile(analyzer_dir / "pyodide" / "python_stdlib.zip") as new:
        names = set(new.namelist())
        assert set(old.namelist()) <= names
        assert all(old.read(name) == new.read(name) for name in old.namelist())
        added = names - set(old.namelist())
        assert 100 < len(added) < len(old.namelist()) / 2
        assert all(name.endswith(".pyc") and name[:-1] in names for name in added)
        assert {"typing.pyc", "asyncio/base_events.pyc", "fractions.pyc"} <= added
        # PEP 552 header: this zip's Python (3.14) magic, the unchecked-hash flag
        headers = {new.read(name)[:8] for name in added}
        assert len(headers) == 1 and headers.pop()[4:8] == (1).to_bytes(4, "little")


def test_manifest_size_is_what_the_first_start_reads(analyzer_dir: Path, manifest: dict) -> None:
    files = [*(analyzer_dir / "pyodide").iterdir(), analyzer_dir / manifest["wheel"]]
    assert manifest["download_bytes"] == sum(f.stat().st_size for f in files)


def test_page_states_the_download_size(manifest: dict) -> None:
    """book/analyzer.md says "about N MB": N is the staged files' size, rounded."""
    text = (ROOT / "book" / "analyzer.md").read_text(encoding="utf-8")
    megabytes = round(manifest["download_bytes"] / 1e6)
    assert f"reads about {megabytes} MB" in text


def test_every_analyzer_link_in_the_site_opens_a_valid_hand(site_dir: Path) -> None:
    """Chapters link example hands as analyzer.html?hand=...: each one must analyse."""
    links = set()
    for page in site_dir.rglob("*.html"):
        if "analyzer" in page.relative_to(site_dir).parts[:1]:
            continue
        for href in re.findall(r'href="([^"]*analyzer\.html\?[^"]*)"', page.read_text("utf-8")):
            links.add(html.unescape(href))
    assert links, "the analyzer page itself links example hands"
    for link in sorted(links):
        query = analyzer_query(link)
        if "wild" not in query:  # test_every_wild_link_in_the_site_opens_a_valid_hand
            answer = bridge.analysis(*query.values())
            assert answer["error"] is None, f"{link}: {answer['error']}"


def analyzer_query(link: str) -> dict[str, str]:
    """The parameters of an analyzer link, in bridge.analysis's order (defaults filled);
    the hand-changes switch (hc=1), the seats menu (fs=1 or fs=calls), the race (race=1,
    turn=1 to 15, with four seats or a claim) and a claim (claim=TILE&from=SEAT, which must
    be answered too), which bridge.analysis does not take, left out."""
    query = {k: v[0] for k, v in parse_qs(urlparse(link).query).items()}
    assert set(query) <= {"hand", "rules", "visible", "wild", "hc", "fs", "claim", "from",
                          "race", "turn"}, link
    assert query.pop("hc", "1") == "1", link
    if query.pop("race", "1") == "1" and ("fs" in query or "claim" in query):
        assert 1 <= int(query.pop("turn", "1")) <= bridge.MAX_TURN, link
    assert "race" not in query and "turn" not in query, link
    assert query.pop("fs", "1") in ("1", "calls"), link
    if "claim" in query:
        claimed = bridge.claim(query["hand"], query.pop("claim"), query.pop("from", "left"),
                               query.get("rules", "poyang"), query.get("visible", ""),
                               query.get("wild", ""))
        assert claimed["error"] is None, f"{link}: {claimed['error']}"
    assert "from" not in query, link
    return {"hand": query["hand"], "rules": query.get("rules", "poyang"),
            "visible": query.get("visible", ""), **({"wild": query["wild"]} if "wild" in query
                                                    else {})}


def test_every_wild_link_in_the_site_opens_a_valid_hand(site_dir: Path) -> None:
    """The links with a wild tile (book/analyzer.md has one): each one must analyse."""
    links = {html.unescape(href) for page in site_dir.rglob("*.html")
             for href in re.findall(r'href="([^"]*analyzer\.html\?[^"]*wild=[^"]*)"',
                                    page.read_text("utf-8"))}
    assert links, "book/analyzer.md links a hand with 红中 wild"
    for link in sorted(links):
        answer = bridge.analysis(*analyzer_query(link).values())
        assert answer["error"] is None, f"{link}: {answer['error']}"


# --- 3. Pyodide under Node ----------------------------------------------------

NODE_SCRIPT = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, casesFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: dir + "pyodide/", stdout: () => {},
                                    stderr: () => {} });
const manifest = JSON.parse(readFileSync(dir + "manifest.json", "utf8"));
// as the page's worker does: the wheel unpacked into Python's working directory
pyodide.unpackArchive(new Uint8Array(readFileSync(dir + manifest.wheel)), "wheel");
const namespace = pyodide.globals.get("dict")();
pyodide.runPython(readFileSync(dir + "bridge.py", "utf8"), { globals: namespace });
const answer = namespace.get("answer");
const answerChances = namespace.get("answer_chances");
const answerPoints = namespace.get("answer_points");
const cases = JSON.parse(readFileSync(casesFile, "utf8"));
const version = pyodide.runPython("import sys; sys.version.split()[0]");
const loaded = pyodide.runPython(
  "import sys; sorted(m for m in sys.modules if m.split('.')[0] in " +
  "('numpy', 'matplotlib', 'ipywidgets', 'micropip', 'html'))").toJs();
// each mjcore module imported has bytecode this Python takes without compiling the source:
// its magic number, the unchecked-hash flag (PEP 552) and the hash of the very source
const stale = pyodide.runPython(`
import importlib.util, sys
bad = []
for name, module in sorted(sys.modules.items()):
    if name.split(".")[0] != "mjcore" or not getattr(module, "__file__", None):
        continue
    source = open(module.__file__, "rb").read()
    try:
        pyc = open(module.__cached__, "rb").read(16)
    except OSError:
        bad.append(name + ": no bytecode")
        continue
    if (pyc[:4] != importlib.util.MAGIC_NUMBER or int.from_bytes(pyc[4:8], "little") != 1
            or pyc[8:16] != importlib.util.source_hash(source)):
        bad.append(name + ": bytecode of another Python or source")
bad`).toJs();
const answers = cases.map((c) => answer(...c));
const chances = answerChances(...CHANCE_CASE);
// the slow questions as the worker asks them: the switch a JavaScript boolean, or (a bug
// in the page) anything else, which must come back as a message
const slow = [true, false, "yes", 1].flatMap((handChanges) =>
  [answerChances, answerPoints].map((ask) => ask(...CHANCE_CASE, "", handChanges)));
// four seats, with and without calls, and bad values of the seats menu
const fourSeats = ["discard_wins", "calls", "yes"].flatMap((seats) =>
  [answerChances, answerPoints].map((ask) => ask(...CHANCE_CASE, "", false, seats)));
// the race, as the worker passes it: a JavaScript boolean and number
const race = [answerChances, answerPoints].map((ask) =>
  ask(...CHANCE_CASE, "", false, "calls", true, 9));
// the points net of deal-ins: four seats with wins on discards and the race
const dealIns = answerPoints(...CHANCE_CASE, "", false, "discard_wins", true, 10);
const answerClaim = namespace.get("answer_claim");
const claims = CLAIM_CASES.map((c) => answerClaim(...c));
// the deal-in column's question, the race's switch a JavaScript boolean
const answerDanger = namespace.get("answer_danger");
const dangers = DANGER_CASES.map((c) => answerDanger(...c));
// every module of the standard library's zip imported so far, by the start and by these
// answers, came from the bytecode stage.py put beside its source (zipimport names the
// file it read as the origin; frozen modules have the origin "frozen")
const compiledHere = pyodide.runPython(`
import sys
archive = next(p for p in sys.path if p.endswith(".zip"))
origins = {name: getattr(getattr(module, "__spec__", None), "origin", None) or ""
           for name, module in sys.modules.items()}
sorted(name for name, origin in origins.items()
       if origin.startswith(archive + "/") and not origin.endswith(".pyc"))`).toJs();
const fromZip = pyodide.runPython(
  "sum(origin.startswith(archive + '/') for origin in origins.values())");
console.log(JSON.stringify({ version, loaded, stale, compiledHere, fromZip, answers, chances,
                             slow, fourSeats, race, dealIns, claims, dangers }));
"""


def test_node_pyodide_answers_like_cpython(analyzer_dir: Path, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        missing("node is not installed: apt-get install nodejs")
    script = tmp_path / "smoke.mjs"
    script.write_text(NODE_SCRIPT.replace("CHANCE_CASE", json.dumps(CHANCE_CASE)).replace(
        "CLAIM_CASES", json.dumps(NODE_CLAIMS)).replace(
        "DANGER_CASES", json.dumps(bridge.SAMPLE_DANGER)), encoding="utf-8")
    cases_file = tmp_path / "cases.json"
    cases_file.write_text(json.dumps(CASES, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run([node, str(script), f"{analyzer_dir}/", str(cases_file)],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["version"].startswith("3.")
    # nor the html package (its entity table cost Pyodide 0.04 s: mjcore.view.render escapes)
    assert out["loaded"] == [], "the worker must import only mjcore's standard-library core"
    assert out["stale"] == [], "stage.py adds the bytecode of every module to the wheel"
    assert out["fromZip"] > 100  # Pyodide's start imports some 130 modules of the zip
    assert out["compiledHere"] == [], ("compiled from source at start-up: add a question "
                                       "that imports it to bridge.SAMPLE_QUESTIONS")
    got = [json.loads(a) for a in out["answers"]]
    expected = [json.loads(bridge.answer(*case)) for case in CASES]
    assert got == expected
    assert sum(a["error"] is None for a in got) == len(GOOD) + len(WILD_GOOD)
    assert json.loads(out["chances"]) == json.loads(bridge.answer_chances(*CHANCE_CASE))
    slow = [json.loads(bridge_answer(*CHANCE_CASE, "", hand_changes))
            for hand_changes in (True, False, "yes", 1)
            for bridge_answer in (bridge.answer_chances, bridge.answer_points)]
    assert [json.loads(a) for a in out["slow"]] == slow
    assert [a["error"] for a in slow] == [None] * 4 + [
        "hand_changes must be True or False, got 'yes'"] * 2 + [
        "hand_changes must be True or False, got 1"] * 2
    # four seats and claims: Pyodide's numbers are CPython's, to the bit
    four = [json.loads(bridge_answer(*CHANCE_CASE, "", False, seats))
            for seats in ("discard_wins", "calls", "yes")
            for bridge_answer in (bridge.answer_chances, bridge.answer_points)]
    assert [json.loads(a) for a in out["fourSeats"]] == four
    assert four[0]["error"] is None and four[2]["error"] is None
    race = [json.loads(bridge_answer(*CHANCE_CASE, "", False, "calls", True, 9))
            for bridge_answer in (bridge.answer_chances, bridge.answer_points)]
    assert [json.loads(a) for a in out["race"]] == race
    assert [(r["error"], r["opponents"], r["turn"], r["draws"]) for r in race] == [
        (None, True, 9, 15)] * 2
    deal_ins = json.loads(bridge.answer_points(*CHANCE_CASE, "", False, "discard_wins", True,
                                               10))
    # with deal-ins to the last bit but one: their chance per throw is a float to the power
    # 3 (dealins._risk), which CPython computes with the C library's pow, and Pyodide's
    # may round the last bit otherwise
    got = json.loads(out["dealIns"])
    assert {k: v for k, v in got.items() if k != "points"} == {
        k: v for k, v in deal_ins.items() if k != "points"}
    assert [(c["tile"], c["shanten"], c["fold"]) for c in got["points"]] == [
        (c["tile"], c["shanten"], c["fold"]) for c in deal_ins["points"]]
    for mine, cpython in zip(got["points"], deal_ins["points"], strict=True):
        for key in ("win", "tenpai", "expected_points", "deal_in", "by_draws"):
            assert mine[key] == pytest.approx(cpython[key], rel=0, abs=1e-12), key
    assert deal_ins["deal_ins"] is True and deal_ins["push_or_fold"] == "push"
    assert [json.loads(a) for a in out["claims"]] == [
        json.loads(bridge.answer_claim(*case)) for case in NODE_CLAIMS]
    # the deal-in column: Pyodide's chances are CPython's, and the messages the same
    dangers = [json.loads(bridge.answer_danger(*case)) for case in bridge.SAMPLE_DANGER]
    assert [json.loads(a) for a in out["dangers"]] == dangers
    assert [d["error"] is None for d in dangers] == [True, True, False, False]
