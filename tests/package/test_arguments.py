"""Every public function, class and widget setter refuses bad arguments with a HandError.

The tables list, argument by argument, values of the wrong type, out of
range, too long or endless.  Each case must raise :class:`mjcore.HandError`
itself (never AttributeError, TypeError, IndexError, OverflowError, a
MemoryError after minutes, or a silently wrong answer) with a message
that names the argument.  Widget setters never raise: they show the
message and keep the state they had.  A hypothesis test then throws
random values at the main entry points.
"""

from __future__ import annotations

import importlib
import itertools
import json
import math
import random
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjcore as mj
from mjcore import POYANG, RIICHI, STANDARD, HandError
from mjcore.base import checks, deals, tiles
from mjcore.base.rules import rules_arg
from mjcore.base.tiles import check_size, from_key_bits, rank_of, suit_of
from mjcore.bulk import batch, counting
from mjcore.hand import vectors
from mjcore.hand.effective import effective_mask
from mjcore.hand.forms import is_win_by_search
from mjcore.hand.waits import tiles_that, waits_by_trial
from mjcore.lessons import memo, naive
from mjcore.lessons import trace as tr
from mjcore.play import dealin, folding, table
from mjcore.play.bestplay import discard_parts
from mjcore.scoring import poyang
from mjcore.scoring.poyang import LaidMeld, PoyangRules
from mjcore.view import plot
from mjcore.view.widgets import (
    HandEditor,
    ScoreCalculator,
    SeatsAdvisor,
    WaitChart,
    render_analysis_html,
    render_outlook_html,
    render_score_html,
    render_seats_html,
    split_melds,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "analyzer"))
import bridge  # noqa: E402

shanten = importlib.import_module("mjcore.hand.shanten")  # mjcore.shanten is the function

H13 = "111222333m4445s"          # ready, waits 3s 5s 6s
H14 = "111222333m44455s"         # a win
SCORED = "11223344556677m"       # seven pairs, one suit
ENDLESS = itertools.repeat(0)    # refused after 35 items, never read to the end
RNG = random.Random(1)
TREE = tr.search_tree("11123m")
AX = plot.plt.figure().subplots()


def endless():
    return itertools.count()


# --- every function that takes rules: the same bad values, the same message -----------------

RULES_TAKERS = {  # each takes the rules, then optionally the input (a hand) to ask about
    "shanten": lambda r, h=H13: mj.shanten(h, r),
    "is_win": lambda r, h=H14: mj.is_win(h, r),
    "is_win_by_search": lambda r, h=H14: is_win_by_search(h, r),
    "winning_forms": lambda r, h=H14: mj.winning_forms(h, r),
    "waits": lambda r, h=H13: mj.waits(h, r),
    "waits_by_trial": lambda r, h=H13: waits_by_trial(h, r),
    "effective_tiles": lambda r, h=H13: mj.effective_tiles(h, r),
    "effective_mask": lambda r, h=H13: effective_mask(h, r),
    "discard_mask": lambda r, h=H14: shanten.discard_mask(h, r),
    "special_shanten": lambda r, h=H13: shanten.special_shanten(h, r),
    "discard_advice": lambda r, h=H14: mj.discard_advice(h, r),
    "analyze": lambda r, h=H13: mj.analyze(h, r),
    "simulate_hand": lambda r, h=H13: mj.simulate_hand(h, 3, trials=5, rules=r),
    "win_probability": lambda r, h=H13: mj.win_probability(h, 3, r),
    "outlooks": lambda r, h=H13: mj.outlooks(h, r),
    "batch.shanten": lambda r, h=(H13,): batch.shanten(_rows(h), r),
    "batch.is_win": lambda r, h=(H14,): batch.is_win(_rows(h), r),
    "render_analysis_html": lambda r, h=H13: render_analysis_html(h, r),
    "render_outlook_html": lambda r, h=H13: render_outlook_html(h, r),
    "render_seats_html": lambda r, h=H13: render_seats_html(h, r),
    "draw_outlook": lambda r, h=H13: plot.draw_outlook(h, r, max_draws=3, ax=AX),
    "counting.rule_forms": lambda r: counting.rule_forms(r),
    "counting.count_wins": lambda r: counting.count_wins(r, ["standard"]),
    # without a hand: the closure itself (the bad rules must be refused before it is made)
    "counting.join_shanten": lambda r, h=None: (counting.join_shanten(r) if h is None
                                                else _by_census(r, h)[0]),
    "counting.finish_shanten": lambda r, h=None: (counting.finish_shanten(r, 13) if h is None
                                                  else _by_census(r, h)[1]),
    "counting.shanten_census": lambda r: counting.shanten_census(r, 1),
    "counting.effective_tiles": lambda r, h=H13: counting.effective_tiles(mj.parse(h), r),
    "counting.shanten_state": lambda r: counting.shanten_state(
        counting.suit_features((0,) * 9), r),
    "naive.memo_is_win": lambda r, h=H14: naive.memo_is_win(h, r, {}),
    "PoyangRules(forms=)": lambda r: PoyangRules(forms=r),
    "HandEditor(rules=)": lambda r: HandEditor(rules=r).rules,
    "WaitChart(rules=)": lambda r: WaitChart(H13, rules=r, max_draws=2)._rules,
    "SeatsAdvisor(rules=)": lambda r: SeatsAdvisor(H13, rules=r).rules,
    "bridge.analysis": lambda r: _bridge(H13, r),
    "wait_counts": lambda r: mj.wait_counts("1234m", r).ready,
    "deal_in_chances": lambda r: mj.deal_in_chances(H14, turn=5, rules=r, ready=0.2).chances,
}


def _rows(hands):
    """Hands (notation) as the rows of an array, as the batch functions take them."""
    return np.array([mj.parse(hand) for hand in hands])


def _by_census(rules, hand):
    """A 13-tile hand as the shanten census reckons it: its suits' states joined by
    ``join_shanten(rules)``, and its shanten by ``finish_shanten(rules, 13)``.

    The states themselves are made under the preset ``rules`` names (``rules_arg``), so
    only the two functions under test read the spelling.
    """
    counts, preset = mj.parse(hand), rules_arg(rules)
    m, p, s = (counting.shanten_state(counting.suit_features(counts[i:i + 9]), preset)
               for i in (0, 9, 18))
    honors = counting.shanten_state(counting.honor_features(counts[27:]), preset)
    join = counting.join_shanten(rules)
    suits = join(join(m, p), s)
    return suits, counting.finish_shanten(rules, 13)(suits, honors)


def _bridge(hand, rules):
    answer = bridge.analysis(hand, rules)
    if answer["error"]:
        raise HandError(answer["error"])
    return answer


def _bridge_part(hand, part, parts, stage="all"):
    """The bridge's slow question for a group of discards: any value is a message."""
    answer = json.loads(bridge.answer_chances(hand, "poyang", "", "", False, "off", False, 1,
                                              part, parts, stage))
    assert "mjcore failed" not in (answer["error"] or ""), answer["error"]
    if answer["error"]:
        raise HandError(answer["error"])
    return answer


def _bridge_danger(hand, rules, visible, opponents, turn):
    """The bridge's danger question: any value is a message, never mjcore failing."""
    answer = json.loads(bridge.answer_danger(hand, rules, visible, "", opponents, turn))
    assert "mjcore failed" not in (answer["error"] or ""), answer["error"]
    if answer["error"]:
        raise HandError(answer["error"])
    return answer


BAD_RULES = [None, 42, 1.5, "bogus", "", ["riichi"], {"name": "riichi"}, "riichi " * 10,
             b"poyang"]


@pytest.mark.parametrize("bad", BAD_RULES, ids=repr)
@pytest.mark.parametrize("name", list(RULES_TAKERS))
def test_bad_rules_are_a_hand_error_naming_rules(name, bad):
    with pytest.raises(HandError) as caught:
        RULES_TAKERS[name](bad)
    assert type(caught.value) is HandError
    assert "rules" in str(caught.value) or "forms" in str(caught.value)
    assert "'standard', 'poyang', 'riichi'" in str(caught.value)


SLOW = ("draw_", "WaitChart", "counting.shanten_census", "counting.count_wins")  # seconds each


TELL_13 = ("19m19p19s1234567z", "147m258p369s1234z")  # shanten 8 0 0, 8 0 6
TELL_14 = ("19m19p19s12345677z", "147m258p369s12345z", "1122m3344p5566s77z",
           "1111m3344p5566s77z")
"""Hands the presets answer differently (standard, poyang, riichi above): thirteen orphans
(riichi only), 十三烂 and seven pairs with a four as two pairs (poyang only), seven pairs
(both, not standard)."""

TELLING = {  # the inputs asked about: the takers' own (H13, H14) are alike under every preset
    **dict.fromkeys(["shanten", "waits", "waits_by_trial", "effective_tiles", "effective_mask",
                     "simulate_hand", "win_probability", "outlooks", "counting.join_shanten",
                     "counting.finish_shanten", "counting.effective_tiles"], TELL_13),
    **dict.fromkeys(["is_win", "is_win_by_search", "winning_forms", "discard_mask",
                     "discard_advice", "naive.memo_is_win"], TELL_14),
    "batch.shanten": (TELL_13,),
    "batch.is_win": (TELL_14,),
}


def _ask(name, rules):
    """``RULES_TAKERS[name]``'s answers under ``rules``: one per input of :data:`TELLING`
    (one alone for the takers not there, whose own input, if any, tells the presets apart)."""
    take = RULES_TAKERS[name]
    answers = [take(rules, x) for x in TELLING[name]] if name in TELLING else [take(rules)]
    return [a.tolist() if isinstance(a, np.ndarray) else a for a in answers]


@pytest.mark.parametrize("name", [n for n in RULES_TAKERS if not n.startswith(SLOW)])
def test_a_preset_name_in_any_case_means_the_preset(name):
    presets = [p for p in (STANDARD, POYANG, RIICHI)
               # Poyang scoring refuses thirteen orphans, by name or by object alike
               if not (name == "PoyangRules(forms=)" and p is RIICHI)]
    answers = [_ask(name, preset) for preset in presets]
    # every two presets answer differently, so a name read as the wrong preset shows
    assert all(a != b for a, b in itertools.combinations(answers, 2)), (name, answers)
    for preset, same in zip(presets, answers, strict=True):
        for spelled in (preset.name, preset.name.upper(), preset.name.title()):
            got = _ask(name, spelled)
            if name == "HandEditor(rules=)":
                assert got[0] is preset
            else:
                assert got == same, (name, spelled)


def test_the_issue_cases_about_rules():
    with pytest.raises(HandError, match="rules"):
        mj.is_win("111222333m44455s", "chinese")  # used to answer True, never reading rules
    assert mj.shanten("111222333m4445s", "riichi") == 0  # used to raise AttributeError
    assert mj.is_win("19m19p19s12345677z", "RIICHI") is True
    assert mj.is_win("19m19p19s12345677z", "poyang") is False


# --- one table for the other arguments -----------------------------------------------------------

C = [  # (id, call, words the message must contain)
    # checks.py itself
    ("rules_arg", lambda: rules_arg(object()), "rules"),
    ("bool_arg", lambda: checks.bool_arg("no", "robbing_kong"), "robbing_kong"),
    ("int_arg huge", lambda: checks.int_arg(10 ** 5000, "draws", 0, 136), "draws"),
    ("int_arg float", lambda: checks.int_arg(2.0, "draws"), "draws"),
    ("real_arg nan", lambda: checks.real_arg(float("nan"), "z", 0, 10), "z"),
    ("seat_arg", lambda: checks.seat_arg(True, "winner"), "winner"),
    ("str_arg long", lambda: checks.str_arg("x" * 5000, "hand"), "hand"),
    ("choice_arg", lambda: checks.choice_arg([], "order", ("a",)), "order"),
    ("tile_arg", lambda: checks.tile_arg(-1, "tile"), "tile"),
    ("items_arg endless", lambda: checks.items_arg(endless(), "melds", 4), "melds"),
    ("items_arg str", lambda: checks.items_arg("pon 777z", "melds", 4), "melds"),
    ("ints_arg", lambda: checks.ints_arg((1, 2, 3), "part", 9, 0, 4), "part"),
    ("part_arg", lambda: checks.part_arg((5,) * 9, 9), "part"),
    ("meld_arg", lambda: tiles.meld_arg("chi", 8, ("chi",)), "chi"),
    ("sorted_tiles_arg", lambda: checks.sorted_tiles_arg([3, 1]), "tiles"),
    ("poyang_rules_arg", lambda: poyang.poyang_rules_arg(STANDARD), "rules"),
    # hands and tiles
    ("as_counts endless", lambda: mj.as_counts(itertools.repeat(0)), "34 counts"),
    ("as_counts 35", lambda: mj.as_counts([0] * 35), "34 counts"),
    ("as_counts int", lambda: mj.as_counts(5), "34 counts"),
    ("as_counts bytes", lambda: mj.as_counts(bytes(34)), "34 counts"),
    ("as_counts float", lambda: mj.as_counts([1.0] + [0] * 33), "count of 1m"),
    ("as_counts five", lambda: mj.as_counts([5] + [0] * 33), "1m"),
    ("as_counts negative", lambda: mj.as_counts([-1] + [0] * 33), "1m"),
    ("as_counts str item", lambda: mj.as_counts(["1"] + [0] * 33), "count of 1m"),
    ("parse long", lambda: mj.parse(" " * 10 ** 6), "hand"),
    ("parse int", lambda: mj.parse(5), "string"),
    ("suit_of", lambda: suit_of("a"), "tile"),
    ("rank_of", lambda: rank_of(34), "tile"),
    ("tile_name", lambda: mj.tile_name(-1), "tile"),
    ("tile_name_zh", lambda: mj.tile_name_zh(None), "tile"),
    ("tile_name_en", lambda: mj.tile_name_en(2.0), "tile"),
    ("tile_glyph", lambda: mj.tile_glyph(10 ** 30), "tile"),
    ("can_start_run", lambda: mj.can_start_run("1m"), "tile"),
    ("tile_index int", lambda: mj.tile_index(5), "tile name"),
    ("tile_index long", lambda: mj.tile_index("5p" * 100), "tile name"),
    ("check_size shape", lambda: check_size(mj.parse("11m"), "3n"), "shape"),
    ("check_size counts", lambda: check_size(5, "3n+2"), "34 counts"),
    ("to_tiles", lambda: mj.to_tiles(5), "34 counts"),
    ("from_tiles endless", lambda: mj.from_tiles(itertools.repeat(0)), "tiles"),
    ("from_tiles item", lambda: mj.from_tiles(["1m"]), "tile index"),
    ("from_tiles fifth", lambda: mj.from_tiles([0] * 5), "tiles"),
    ("key_base5", lambda: mj.key_base5(5), "34 counts"),
    ("key_bits", lambda: mj.key_bits(ENDLESS), "34 counts"),
    ("from_key_bits", lambda: from_key_bits(-1), "key"),
    ("to_mpsz", lambda: mj.to_mpsz(object()), "34 counts"),
    ("unseen", lambda: mj.unseen(H13, 5), "34 counts"),
    # rules and forms
    ("Rules name", lambda: mj.Rules(name=5), "name"),
    ("Rules long name", lambda: mj.Rules(name="x" * 41), "name"),
    ("Rules switch", lambda: mj.Rules(seven_pairs="yes"), "seven_pairs"),
    ("Rules switch int", lambda: mj.Rules(shisanlan=1), "shisanlan"),
    ("is_seven_pairs", lambda: mj.is_seven_pairs(SCORED, "no"), "four_as_two_pairs"),
    ("is_thirteen_orphans", lambda: mj.is_thirteen_orphans(5), "34 counts"),
    ("Meld 891m", lambda: mj.Meld(7, "run"), "run"),
    ("Meld kind", lambda: mj.Meld(0, "chow"), "kind"),
    ("Meld tile", lambda: mj.Meld("1m", "triplet"), "tile"),
    ("Decomposition pair", lambda: mj.Decomposition(34, ()), "pair"),
    ("Decomposition melds", lambda: mj.Decomposition(0, ("123m",)), "melds"),
    ("Decomposition too many", lambda: mj.Decomposition(0, (mj.Meld(0, "run"),) * 5), "melds"),
    # the vectors, shanten and tables internals (public names)
    ("suit_vector", lambda: vectors.suit_vector((5,) * 9), "part"),
    ("suit_vector short", lambda: vectors.suit_vector([0] * 8), "part"),
    ("honor_vector", lambda: vectors.honor_vector("abc"), "part"),
    ("combine", lambda: vectors.combine((0,) * 9, (0,) * 10), "a"),
    ("vector_of", lambda: vectors.vector_of(10 ** 9), "vector_id"),
    ("suit_info", lambda: vectors.suit_info([0] * 8), "part"),
    ("honor_info", lambda: vectors.honor_info(None), "part"),
    ("tiles_that test", lambda: tiles_that(mj.parse(H13), None), "test"),
    ("tiles_that counts", lambda: tiles_that(5, mj.is_win), "34 counts"),
    # probabilities (the issue: draw_probability(1, 10**7, 5 * 10**6) ran for minutes)
    ("draw_probability pool", lambda: mj.draw_probability(1, 10 ** 7, 5 * 10 ** 6), "unseen"),
    ("draw_probability draws", lambda: mj.draw_probability(1, 136, 137), "draws"),
    ("draw_probability live", lambda: mj.draw_probability(1.5, 10, 1), "live"),
    ("draw_probability bool", lambda: mj.draw_probability(1, 10, True), "draws"),
    ("draw_curve", lambda: mj.draw_curve(1, 136, 10 ** 9), "max_draws"),
    ("simulate_draws trials", lambda: mj.simulate_draws(1, 10, 1, trials=10 ** 9), "trials"),
    ("simulate_draws rng", lambda: mj.simulate_draws(1, 10, 1, rng="seed"), "rng"),
    ("simulate_draws rng float", lambda: mj.simulate_draws(1, 10, 1, rng=1.5), "rng"),
    ("simulate_hand draws", lambda: mj.simulate_hand(H13, -1), "draws"),
    ("simulate_hand trials", lambda: mj.simulate_hand(H13, 3, trials="many"), "trials"),
    ("win_probability draws", lambda: mj.win_probability(H13, None), "draws"),
    ("outlooks best", lambda: mj.outlooks(H14, best=0), "best"),
    ("outlooks best str", lambda: mj.outlooks(H14, best="3"), "best"),
    ("Outlook.curve", lambda: mj.outlooks(H13)[0].curve(10 ** 12), "max_draws"),
    ("Estimate trials", lambda: mj.Estimate(0, 0), "trials"),
    ("Estimate hits", lambda: mj.Estimate(5, 3), "hits"),
    ("Estimate.interval", lambda: mj.Estimate(1, 10).interval(z="x"), "z"),
    ("Estimate.interval inf", lambda: mj.Estimate(1, 10).interval(z=float("inf")), "z"),
    ("Estimate.covers", lambda: mj.Estimate(1, 10).covers(2), "p"),
    # Poyang scoring
    ("PoyangRules cap huge", lambda: PoyangRules(cap=10 ** 12), "cap"),
    ("PoyangRules fan huge", lambda: PoyangRules(cap=None, fan_values=tuple(
        (n, 10 ** 12 if n == "平胡" else f) for n, f in poyang.FAN_VALUES)), "fan"),
    ("PoyangRules base huge", lambda: PoyangRules(base=10 ** 12), "base"),
    ("PoyangRules base str", lambda: PoyangRules(base="1"), "base"),
    ("PoyangRules bonus", lambda: PoyangRules(self_draw_bonus=-1), "self_draw_bonus"),
    ("PoyangRules kong", lambda: PoyangRules(added_kong_pays=1.5), "added_kong_pays"),
    ("PoyangRules switch", lambda: PoyangRules(pinghu_alone="no"), "pinghu_alone"),
    ("PoyangRules robbed", lambda: PoyangRules(robbed_pays_all=None), "robbed_pays_all"),
    ("PoyangRules name", lambda: PoyangRules(name=5), "name"),
    ("PoyangRules fan_values int", lambda: PoyangRules(fan_values=5), "fan_values"),
    ("PoyangRules fan_values endless", lambda: PoyangRules(
        fan_values=itertools.repeat(("平胡", 1))), "fan_values"),
    ("PoyangRules fan_values pair", lambda: PoyangRules(
        fan_values=("平胡",) * 15), "fan_values"),
    ("PoyangRules.fan", lambda: PoyangRules().fan(5), "name"),
    ("LaidMeld 891m", lambda: LaidMeld("chi", 7), "chi"),
    ("LaidMeld kind", lambda: LaidMeld("peng", 0), "kind"),
    ("LaidMeld tile", lambda: LaidMeld("pon", 34), "tile"),
    ("parse_meld int", lambda: poyang.parse_meld(5), "meld"),
    ("parse_meld long", lambda: poyang.parse_meld("pon " + "7z" * 500), "meld"),
    ("score LaidMeld 891m", lambda: poyang.score(
        "123m456p789s11z", win_tile="1z", melds=[LaidMeld("chi", 7)]), "chi"),
    ("score melds endless", lambda: poyang.score(
        SCORED, win_tile="7m", melds=itertools.repeat("pon 777z")), "melds"),
    ("score melds int", lambda: poyang.score(SCORED, win_tile="7m", melds=5), "melds"),
    ("score win_tile None", lambda: poyang.score(SCORED, win_tile=None), "win_tile"),
    ("score win_tile float", lambda: poyang.score(SCORED, win_tile=6.0), "win_tile"),
    ("score flag", lambda: poyang.score(SCORED, win_tile="7m", self_draw="yes"), "self_draw"),
    ("score flag int", lambda: poyang.score(SCORED, win_tile="7m", last_tile=1), "last_tile"),
    ("score rules", lambda: poyang.score(SCORED, win_tile="7m", rules=None), "rules"),
    ("score rules preset", lambda: poyang.score(SCORED, win_tile="7m", rules=POYANG), "rules"),
    ("settle robbing_kong",  # the issue: "no" was true, and charged the threefold payment
     lambda: poyang.settle(8, winner=0, discarder=2, robbing_kong="no"), "robbing_kong"),
    ("settle winner", lambda: poyang.settle(8, winner="0"), "winner"),
    ("settle winner bool", lambda: poyang.settle(8, winner=True), "winner"),
    ("settle discarder", lambda: poyang.settle(8, winner=0, discarder=1.0), "discarder"),
    ("settle score huge", lambda: poyang.settle(10 ** 600, winner=0, discarder=1), "score"),
    ("settle score str", lambda: poyang.settle("8", winner=0, discarder=1), "score"),
    ("settle rules", lambda: poyang.settle(8, winner=0, discarder=1, rules=42), "rules"),
    ("kong_payments kind", lambda: poyang.kong_payments(5, owner=0), "kind"),
    ("kong_payments owner", lambda: poyang.kong_payments("ankan", owner=None), "owner"),
    ("kong_payments discarder",
     lambda: poyang.kong_payments("kong", owner=0, discarder="1"), "discarder"),
    ("kong_payments robbed", lambda: poyang.kong_payments("bukong", owner=0, robbed="no"),
     "robbed"),
    ("kong_payments rules", lambda: poyang.kong_payments("ankan", owner=0, rules=None), "rules"),
    # widgets: render functions and constructors
    ("render_outlook_html draws", lambda: render_outlook_html(H13, draws=[0]), "draws"),
    ("render_outlook_html show_hand", lambda: render_outlook_html(H13, show_hand=0),
     "show_hand"),
    ("render_score_html show_hand",
     lambda: render_score_html(SCORED, win_tile="7m", show_hand="no"), "show_hand"),
    ("render_outlook_html draws str", lambda: render_outlook_html(H13, draws="abc"), "draws"),
    ("render_outlook_html draws endless",
     lambda: render_outlook_html(H13, draws=itertools.count(1)), "draws"),
    ("render_outlook_html draws empty", lambda: render_outlook_html(H13, draws=()), "draws"),
    ("render_score_html winner", lambda: render_score_html(SCORED, win_tile="7m", winner=4),
     "winner"),
    ("render_score_html discarder",
     lambda: render_score_html(SCORED, win_tile="7m", discarder=None), "discarder"),
    ("render_score_html rules", lambda: render_score_html(SCORED, win_tile="7m", rules=42),
     "rules"),
    ("render_score_html flag", lambda: render_score_html(SCORED, win_tile="7m", tsumo=True),
     "flag"),
    ("render_score_html melds", lambda: render_score_html(SCORED, win_tile="7m", melds=5),
     "melds"),
    ("split_melds", lambda: split_melds(None), "melds"),
    ("HandEditor rules", lambda: HandEditor(rules=[]), "rules"),
    ("WaitChart max_draws", lambda: WaitChart(max_draws=0), "max_draws"),
    ("render_seats_html draws", lambda: render_seats_html(H13, draws=2 ** 100), "draws"),
    ("render_seats_html seats", lambda: render_seats_html(H13, seats=True), "seats"),
    ("render_seats_html claim", lambda: render_seats_html(H13, claim=1.0), "claim"),
    ("render_seats_html seat", lambda: render_seats_html(H13, claim="1m", seat=[]), "seat"),
    ("render_seats_html hand", lambda: render_seats_html(None), "hand"),
    ("render_seats_html objective", lambda: render_seats_html(H13, objective=1), "objective"),
    ("render_seats_html visible", lambda: render_seats_html(H13, visible=5), "visible"),
    ("render_seats_html pictures", lambda: render_seats_html(H13, pictures=None),
     "pictures"),
    ("SeatsAdvisor draws", lambda: SeatsAdvisor(draws=None), "draws"),
    ("SeatsAdvisor seats", lambda: SeatsAdvisor(seats=["calls"]), "seats"),
    ("SeatsAdvisor claim", lambda: SeatsAdvisor(claim="9s9s"), "claim"),
    ("SeatsAdvisor seat", lambda: SeatsAdvisor(seat="上家"), "seat"),
    ("SeatsAdvisor objective", lambda: SeatsAdvisor(objective=["points"]), "objective"),
    ("WaitChart hand", lambda: WaitChart(hand=5), "hand"),
    ("special_shanten hand", lambda: shanten.special_shanten("1m" * 600), "hand"),
    ("special_shanten size", lambda: shanten.special_shanten("123m"), "special_shanten"),
    ("ScoreCalculator hand", lambda: ScoreCalculator(hand=5), "hand"),
    ("ScoreCalculator win_tile", lambda: ScoreCalculator(win_tile=None), "win_tile"),
    ("ScoreCalculator melds", lambda: ScoreCalculator(melds=5), "melds"),
    ("ScoreCalculator rules", lambda: ScoreCalculator(rules=42), "rules"),
    ("ScoreCalculator flag", lambda: ScoreCalculator(tsumo=True), "flag"),
    ("ScoreCalculator flag value", lambda: ScoreCalculator(self_draw="yes"), "self_draw"),
    # counting
    ("parts ranks", lambda: counting.parts(35), "ranks"),
    ("parts max_tiles", lambda: counting.parts(9, 100), "max_tiles"),
    ("deals count", lambda: counting.deals([5]), "part"),
    ("deals endless", lambda: counting.deals(ENDLESS), "part"),
    ("census state", lambda: counting.census(None), "state"),
    ("census keep", lambda: counting.census(max, keep=5), "keep"),
    ("census ranks", lambda: counting.census(max, ranks=-1), "ranks"),
    ("convolve a", lambda: counting.convolve(5, {}, max), "a"),
    ("convolve join", lambda: counting.convolve({}, {}, None), "join"),
    ("convolve exact", lambda: counting.convolve({}, {}, max, exact="no"), "exact"),
    ("convolve max_tiles", lambda: counting.convolve({}, {}, max, 10 ** 9), "max_tiles"),
    ("whole_hands honors", lambda: counting.whole_hands({}, 5, max), "honors"),
    ("complete_suit_hands", lambda: counting.complete_suit_hands(15), "tiles"),
    ("suit_tenpai", lambda: counting.suit_tenpai("13"), "tiles"),
    ("suit_win_state", lambda: counting.suit_win_state((0,) * 8), "part"),
    ("honor_win_state", lambda: counting.honor_win_state(None), "part"),
    ("join_win", lambda: counting.join_win(1, 2), "a"),
    ("forms_of", lambda: counting.forms_of(None), "state"),
    ("winning_census suits", lambda: counting.winning_census(4), "suits"),
    ("winning_census honors", lambda: counting.winning_census(1, "no"), "honors"),
    ("count_wins forms", lambda: counting.count_wins(POYANG, ["bogus"]), "forms"),
    ("count_wins forms int", lambda: counting.count_wins(POYANG, 5), "forms"),
    ("suit_features", lambda: counting.suit_features("x"), "part"),
    ("honor_features", lambda: counting.honor_features((9,) * 7), "part"),
    ("feature_census", lambda: counting.feature_census("yes"), "honors"),
    ("suit_feature_census", lambda: counting.suit_feature_census(99), "max_tiles"),
    ("shanten_state", lambda: counting.shanten_state(None, POYANG), "features"),
    ("finish_shanten tiles", lambda: counting.finish_shanten(POYANG, 0), "tiles"),
    ("project", lambda: counting.project(5, POYANG, 3), "table"),
    ("shanten_census tiles", lambda: counting.shanten_census(POYANG, 15), "tiles"),
    ("shanten_census suits", lambda: counting.shanten_census(POYANG, 1, suits=0), "suits"),
    ("shanten_census both", lambda: counting.shanten_census(
        mj.Rules(thirteen_orphans=True, shisanlan=True), 1), "rules"),
    ("random_deal rng", lambda: counting.random_deal(5), "rng"),
    ("random_deal tiles", lambda: counting.random_deal(RNG, 137), "tiles"),
    # the broken strategies of chapter 2
    ("greedy flag", lambda: naive.greedy_triplet_first(H14, "yes"), "try_every_pair"),
    ("greedy_run_first flag", lambda: naive.greedy_run_first(H14, 1), "try_every_pair"),
    ("list_recursion unsorted", lambda: naive.list_recursion([3, 2]), "tiles"),
    ("list_recursion int", lambda: naive.list_recursion(5), "tiles"),
    ("list_recursion long", lambda: naive.list_recursion([0] * 15), "tiles"),
    ("list_recursion_waits", lambda: naive.list_recursion_waits([1] * 14), "tiles"),
    ("run_start_forgets_honours", lambda: naive.run_start_forgets_honours(34), "tile"),
    ("run_start_forgets_suit_end", lambda: naive.run_start_forgets_suit_end(None), "tile"),
    ("memo_standard_win memo", lambda: naive.memo_standard_win(H14, None), "memo"),
    ("memo_standard_win flag", lambda: naive.memo_standard_win(H14, {}, "no"), "key_has_pair"),
    ("memo_is_win memo", lambda: naive.memo_is_win(H14, POYANG, []), "memo"),
    ("can_take_melds need", lambda: naive.can_take_melds(H14, -1), "need_melds"),
    ("can_take_melds huge", lambda: naive.can_take_melds(H14, 10 ** 100), "need_melds"),
    ("can_take_melds flag", lambda: naive.can_take_melds(H14, 1, None, "no"), "key_has_need"),
    ("single_suit_hands", lambda: naive.single_suit_hands("5"), "n_tiles"),
    ("wrong_hands strategy", lambda: naive.wrong_hands(None, []), "strategy"),
    ("wrong_hands endless", lambda: naive.wrong_hands(mj.is_win, itertools.repeat(
        mj.parse(H14))), "hands"),
    ("verdicts", lambda: naive.verdicts(mj.is_win, 5), "hands"),
    ("wrong_by_size", lambda: naive.wrong_by_size({}, {}, "x"), "which"),
    # the memo chapter's searches
    ("list_win", lambda: memo.list_win([2, 1]), "tiles"),
    ("plain_win stats", lambda: memo.plain_win(mj.parse(H14), stats=5), "stats"),
    ("plain_win counts", lambda: memo.plain_win(5), "34 counts"),
    ("memo_win memo", lambda: memo.memo_win(mj.parse(H14), None), "memo"),
    ("memo_win key", lambda: memo.memo_win(mj.parse(H14), {}, "bits"), "key"),
    ("suit_status", lambda: memo.suit_status((0,) * 8), "part"),
    ("suit_memo_win", lambda: memo.suit_memo_win(mj.parse(H14), []), "memo"),
    ("anywhere_win", lambda: memo.anywhere_win(mj.parse(H14), memo=5), "memo"),
    ("random_hands n", lambda: deals.random_hands(10 ** 9, RNG), "n"),
    ("random_hands rng", lambda: deals.random_hands(1, 5), "rng"),
    ("random_hands size", lambda: deals.random_hands(1, RNG, 137), "size"),
    ("random_wins", lambda: deals.random_wins(-1, RNG), "n"),
    ("nodes_per_hand", lambda: memo.nodes_per_hand(None, []), "search"),
    ("time_per_hand hands", lambda: memo.time_per_hand(len, [], 1), "hands"),
    ("time_per_hand repeats", lambda: memo.time_per_hand(len, [()], 0), "repeats"),
    ("time_per_pass", lambda: memo.time_per_pass(None, [()]), "make_fn"),
    ("time_in_turn calls", lambda: memo.time_in_turn([(len, [()])]), "calls"),
    ("time_in_turn empty", lambda: memo.time_in_turn({}), "calls"),
    ("time_in_turn call", lambda: memo.time_in_turn({"a": len}), "calls['a']"),
    ("time_in_turn function", lambda: memo.time_in_turn({"a": (None, [()])}),
     "calls['a'] function"),
    ("time_in_turn hands", lambda: memo.time_in_turn({"a": (len, "ab")}), "calls['a'] hands"),
    ("time_in_turn no hands", lambda: memo.time_in_turn({"a": (len, [])}), "calls['a'] hands"),
    ("time_in_turn lengths", lambda: memo.time_in_turn({"a": (len, [()]), "b": (len, [(), ()])}),
     "equally long"),
    ("Stats nodes", lambda: memo.Stats(nodes=-1), "nodes"),
    ("Stats hits", lambda: memo.Stats(hits="x"), "hits"),
    # search trees and plots
    ("search_tree order", lambda: tr.search_tree(H14, "random"), "order"),
    ("search_tree order None", lambda: tr.search_tree(H14, None), "order"),
    ("Node label", lambda: tr.Node(5), "label"),
    ("Node children", lambda: tr.Node("x", (5,)), "children"),
    ("Node reading", lambda: tr.Node("x", reading=5), "reading"),
    ("path_counts", lambda: tr.path_counts(5), "tree"),
    ("duplicate_paths", lambda: tr.duplicate_paths(None), "tree"),
    ("render tree", lambda: tr.render(5), "tree"),
    ("render indent", lambda: tr.render(TREE, 5), "indent"),
    ("tree_layout", lambda: plot.tree_layout(5), "tree"),
    ("draw_search_tree ax", lambda: plot.draw_search_tree(TREE, ax=5), "ax"),
    ("draw_search_tree title", lambda: plot.draw_search_tree(TREE, title=5), "title"),
    ("bar_errors", lambda: plot.bar_errors(5), "wrong"),
    ("draw_chance_curves", lambda: plot.draw_chance_curves(5), "curves"),
    ("draw_outlook max_draws", lambda: plot.draw_outlook(H13, max_draws=10 ** 9), "max_draws"),
    ("bar_payments", lambda: plot.bar_payments(5), "payments"),
    ("bar_log", lambda: plot.bar_log({}, "y"), "values"),
    ("bar_groups", lambda: plot.bar_groups(5), "groups"),
    ("draw_turn_curves", lambda: plot.draw_turn_curves(5, "y"), "curves"),
    ("draw_turn_curves values", lambda: plot.draw_turn_curves({"a": [0.5]}, "y"), "curves['a']"),
    ("draw_turn_curves start", lambda: plot.draw_turn_curves({}, "y", start=-1), "start"),
    ("draw_turn_curves published", lambda: plot.draw_turn_curves({}, "y", published=5),
     "published"),
    # dealing in
    ("wait_counts visible", lambda: mj.wait_counts("1111m1m"), "visible"),
    ("wait_counts visible type", lambda: mj.wait_counts(3.5), "visible"),
    ("deal_in_chances hand", lambda: mj.deal_in_chances(None), "hand"),
    ("deal_in_chances visible", lambda: mj.deal_in_chances("1m", visible=[0] * 35), "visible"),
    ("deal_in_chances turn", lambda: mj.deal_in_chances("1m", turn=10 ** 30), "turn"),
    ("deal_in_chances seats", lambda: mj.deal_in_chances("1m", turn=3, seats="3"), "seats"),
    ("deal_in_chances ready", lambda: mj.deal_in_chances("1m", turn=3, ready=float("nan")),
     "ready"),
    ("deal_in_chances ready list", lambda: mj.deal_in_chances("1m", turn=3, ready=ENDLESS),
     "ready"),
    ("Dangers.chance", lambda: mj.deal_in_chances("1m", turn=3).chance(99), "tile"),
    # the danger calibration study
    ("dealin round_rows seed", lambda: dealin.round_rows(-1), "seed"),
    ("dealin round_rows predict", lambda: dealin.round_rows(0, "no"), "predict"),
    ("dealin study_rows first", lambda: dealin.study_rows(-1, 2), "first"),
    ("dealin study_rows last", lambda: dealin.study_rows(5, 2), "last"),
    ("dealin study_rows executor", lambda: dealin.study_rows(0, 1, executor=5), "executor"),
    ("dealin study_rows progress", lambda: dealin.study_rows(0, 0, progress=1), "progress"),
    ("dealin write_rows fields", lambda: dealin.write_rows("x.csv", [], ("seed",)), "fields"),
    ("dealin read_rows fields", lambda: dealin.read_rows("x.csv", 5), "fields"),
    ("dealin read_rows path", lambda: dealin.read_rows(5), "path"),
    ("dealin write_rows path", lambda: dealin.write_rows(None, []), "path"),
    ("dealin write_rows rows", lambda: dealin.write_rows("x.csv", [{"seed": 0}]), "rows"),
    ("dealin calibration rows", lambda: dealin.calibration(5), "rows"),
    ("dealin calibration keys", lambda: dealin.calibration([{"chance": 0.1}]), "rows"),
    ("dealin calibration chance", lambda: dealin.calibration(
        [{"chance": 2.0, "dealt_in": 0}], 1), "rows[0]['chance']"),
    ("dealin calibration dealt_in", lambda: dealin.calibration(
        [{"chance": 0.1, "dealt_in": 2}], 1), "rows[0]['dealt_in']"),
    ("dealin calibration bins", lambda: dealin.calibration([], 0), "bins"),
    ("dealin share_calibration", lambda: dealin.share_calibration(
        [{"share": 0.1, "ready_seats": 4, "waited": 0}]), "rows[0]['ready_seats']"),
    ("dealin share_calibration bins", lambda: dealin.share_calibration([], 10 ** 9), "bins"),
    ("dealin readiness turn", lambda: dealin.readiness(
        [{"turn": "1", "ready_chance": 0.1, "ready_seats": 0}]), "rows[0]['turn']"),
    ("dealin readiness turns", lambda: dealin.readiness([], 0), "turns"),
    ("dealin waits_by_rank waits", lambda: dealin.waits_by_rank([{"waits": 5}]),
     "rows[0]['waits']"),
    ("dealin waits_by_rank empty", lambda: dealin.waits_by_rank([]), "rows"),
    ("dealin waits_by_rank rules", lambda: dealin.waits_by_rank([{"waits": "1m"}], 5),
     "rules"),
    ("dealin deal_in_rate", lambda: dealin.deal_in_rate(None), "rows"),
    # folding at the table
    ("table fold_arg", lambda: table.fold_arg(5), "fold"),
    ("table fold_arg empty", lambda: table.fold_arg([]), "fold"),
    ("table fold_arg pair", lambda: table.fold_arg([(2, 5, 1)]), "fold[0]"),
    ("table fold_arg shanten", lambda: table.fold_arg([(9, 5)]), "fold[0]'s shanten"),
    ("table fold_arg discard", lambda: table.fold_arg([(2, 0)]), "fold[0]'s discard"),
    ("play_round fold", lambda: table.play_round(0, "poyang", "fold", fold=[(2, 41)]),
     "fold[0]'s discard"),
    ("play_rounds fold", lambda: table.play_rounds(0, 1, fold="27"), "fold"),
    ("play_round fold rules", lambda: table.play_round(0, mj.Rules("mine"), "fold"),
     "policies"),
    ("folding folding_seat", lambda: folding.folding_seat(-1), "seed"),
    ("folding study_rounds table", lambda: folding.study_rounds(0, 1, "chinese"), "table"),
    ("folding study_rounds last", lambda: folding.study_rounds(5, 2), "last"),
    ("folding study_rounds executor", lambda: folding.study_rounds(0, 1, executor=5),
     "executor"),
    ("folding paired_figures seeds", lambda: folding.paired_figures(
        table.play_rounds(0, 1), table.play_rounds(1, 2)), "same seeds"),
    ("folding paired_figures rounds", lambda: folding.paired_figures(5, []), "rounds"),
    ("folding table_shares", lambda: folding.table_shares([]), "rounds"),
    ("folding read_rounds path", lambda: folding.read_rounds(None), "path"),
    ("folding write_rounds path", lambda: folding.write_rounds(5, []), "path"),
]


@pytest.mark.parametrize("call, names", [c[1:] for c in C], ids=[c[0] for c in C])
def test_bad_argument_is_a_hand_error_naming_it(call, names):
    with pytest.raises(HandError) as caught:
        call()
    assert type(caught.value) is HandError
    assert names in str(caught.value)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


def test_the_table_is_unique_and_large():
    ids = [c[0] for c in C]
    assert len(ids) == len(set(ids))
    assert len(C) + len(RULES_TAKERS) * len(BAD_RULES) > 400


def test_huge_values_are_shown_by_size():
    with pytest.raises(HandError, match="an integer of 5001 digits"):
        checks.int_arg(10 ** 5000, "draws", 0, 136)
    digits = math.floor(100_000 * math.log10(2)) + 1  # str() refuses ints this long
    with pytest.raises(HandError, match=f"an integer of {digits} digits"):
        checks.int_arg(2 ** 100_000, "draws", 0, 136)
    with pytest.raises(HandError, match=r"at most 10\*\*500, got an integer of 601 digits"):
        poyang.settle(10 ** 600, winner=0, discarder=1)


# --- widget setters: a message, never an exception, and the state kept ------------------------

def editor_state(w: HandEditor):
    return (w.counts, w.visible, w.rules, w.hand_text.value, w.visible_text.value,
            w.rules_dropdown.value)


def calculator_state(w: ScoreCalculator):
    return (w.hand_text.value, w.win_text.value, w.melds_text.value, w.context,
            w.cap_dropdown.value, w.winner_dropdown.value, w.discarder_dropdown.value, w.score)


def seats_state(w: SeatsAdvisor):
    return (repr(w), w.hand_text.value, w.visible_text.value, w.rules_dropdown.value,
            w.seats_toggle.value, w.draws_slider.value, w.seat_toggle.value,
            w.goal_toggle.value, w.claim_picker.value, w.wild_picker.value,
            w.opponents_box.value, w.turn_slider.value, w.turn_slider.disabled)


def chart_state(w: WaitChart):
    return (repr(w), w.hand_text.value, w.visible_text.value, w.rules_dropdown.value,
            w.draws_slider.value, w.figure, w.png)


SETTERS = [  # (id, widget class, state, setter, arguments, words of the message)
    ("add 34", HandEditor, editor_state, "add", (34,), "tile"),
    ("add None", HandEditor, editor_state, "add", (None,), "tile"),
    ("add float", HandEditor, editor_state, "add", (1.0,), "tile"),
    ("add long name", HandEditor, editor_state, "add", ("5p" * 100,), "tile"),
    ("remove bool", HandEditor, editor_state, "remove", (True,), "tile"),
    ("set_hand int", HandEditor, editor_state, "set_hand", (27,), "hand"),
    ("set_hand None", HandEditor, editor_state, "set_hand", (None,), "hand"),
    ("set_hand endless", HandEditor, editor_state, "set_hand", (itertools.repeat(0),),
     "34 counts"),
    ("set_visible int", HandEditor, editor_state, "set_visible", (5,), "visible"),
    ("set_rules bogus", HandEditor, editor_state, "set_rules", ("bogus",), "rules"),
    ("set_rules None", HandEditor, editor_state, "set_rules", (None,), "rules"),
    ("set_rules list", HandEditor, editor_state, "set_rules", ([],), "rules"),
    ("calc set_hand int", ScoreCalculator, calculator_state, "set_hand", (27,), "hand"),
    ("calc set_hand None", ScoreCalculator, calculator_state, "set_hand", (None,), "hand"),
    ("set_win_tile None", ScoreCalculator, calculator_state, "set_win_tile", (None,),
     "win_tile"),
    ("set_win_tile 34", ScoreCalculator, calculator_state, "set_win_tile", (34,), "win_tile"),
    ("set_win_tile float", ScoreCalculator, calculator_state, "set_win_tile", (5.0,),
     "win_tile"),
    ("set_melds int", ScoreCalculator, calculator_state, "set_melds", (5,), "melds"),
    ("set_melds list of int", ScoreCalculator, calculator_state, "set_melds", ([5],), "melds"),
    ("set_melds endless", ScoreCalculator, calculator_state, "set_melds",
     (itertools.repeat("pon 777z"),), "melds"),
    ("set_flag unknown", ScoreCalculator, calculator_state, "set_flag", ("tsumo",), "flag"),
    ("set_flag int name", ScoreCalculator, calculator_state, "set_flag", (5,), "flag"),
    ("set_flag value", ScoreCalculator, calculator_state, "set_flag", ("self_draw", "yes"),
     "self_draw"),
    ("set_cap float", ScoreCalculator, calculator_state, "set_cap", (6.0,), "cap"),
    ("set_cap str", ScoreCalculator, calculator_state, "set_cap", ("6",), "cap"),
    ("set_cap list", ScoreCalculator, calculator_state, "set_cap", ([6],), "cap"),
    ("set_seats bool", ScoreCalculator, calculator_state, "set_seats", (True,), "winner"),
    ("set_seats 4", ScoreCalculator, calculator_state, "set_seats", (4,), "winner"),
    ("set_seats discarder", ScoreCalculator, calculator_state, "set_seats", (0, 1.0),
     "discarder"),
    ("chart set_hand int", WaitChart, chart_state, "set_hand", (27,), "hand"),
    ("chart set_hand None", WaitChart, chart_state, "set_hand", (None,), "hand"),
    ("chart set_hand long", WaitChart, chart_state, "set_hand", (" " * 5000,), "hand"),
    ("chart set_visible int", WaitChart, chart_state, "set_visible", (5,), "visible"),
    ("chart set_rules bogus", WaitChart, chart_state, "set_rules", ("bogus",), "rules"),
    ("chart set_rules None", WaitChart, chart_state, "set_rules", (None,), "rules"),
    ("set_draws str", WaitChart, chart_state, "set_draws", ("abc",), "max_draws"),
    ("set_draws None", WaitChart, chart_state, "set_draws", (None,), "max_draws"),
    ("set_draws 0", WaitChart, chart_state, "set_draws", (0,), "max_draws"),
    ("set_draws 61", WaitChart, chart_state, "set_draws", (61,), "max_draws"),
    ("set_draws float", WaitChart, chart_state, "set_draws", (10.5,), "max_draws"),
    ("chart add 34", WaitChart, chart_state, "add", (34,), "tile"),
    ("chart remove None", WaitChart, chart_state, "remove", (None,), "tile"),
    ("calc add float", ScoreCalculator, calculator_state, "add", (1.0,), "tile"),
    ("calc remove long name", ScoreCalculator, calculator_state, "remove", ("5p" * 100,),
     "tile"),
    ("seats set_seats", SeatsAdvisor, seats_state, "set_seats", ("four",), "seats"),
    ("seats set_draws", SeatsAdvisor, seats_state, "set_draws", (1.5,), "draws"),
    ("seats set_claim", SeatsAdvisor, seats_state, "set_claim", (35,), "claim"),
    ("seats set_claim seat", SeatsAdvisor, seats_state, "set_claim", ("9s", 0), "seat"),
    ("seats set_seat", SeatsAdvisor, seats_state, "set_seat", ("north",), "seat"),
    ("seats set_objective", SeatsAdvisor, seats_state, "set_objective", (True,), "objective"),
    ("seats set_wild", SeatsAdvisor, seats_state, "set_wild", (99,), "wild"),
    ("seats set_hand", SeatsAdvisor, seats_state, "set_hand", (3,), "hand"),
    ("seats set_opponents", SeatsAdvisor, seats_state, "set_opponents", ("on",), "opponents"),
    ("seats set_opponents turn", SeatsAdvisor, seats_state, "set_opponents", (True, 1.0),
     "turn"),
    ("seats set_turn", SeatsAdvisor, seats_state, "set_turn", (None,), "turn"),
]


@pytest.fixture(scope="module")
def widgets():
    """One of each widget, shared: every bad value must leave it as it was anyway."""
    return {HandEditor: HandEditor(), ScoreCalculator: ScoreCalculator(),
            WaitChart: WaitChart(max_draws=6), SeatsAdvisor: SeatsAdvisor()}


@pytest.mark.parametrize("cls, state, setter, args, names", [s[1:] for s in SETTERS],
                         ids=[s[0] for s in SETTERS])
def test_bad_setter_value_is_a_message_and_keeps_the_state(widgets, cls, state, setter, args,
                                                            names):
    widget = widgets[cls]
    widget.set_wild(widget.wild)  # a good value (the one it has): an earlier case's message goes
    assert widget.message == "" and "mj-message" not in _shown(widget)
    before = state(widget)
    getattr(widget, setter)(*args)  # never raises
    assert names in widget.message
    assert state(widget) == before
    assert "mj-message" in _shown(widget)


def _shown(widget):
    """The HTML of the widget's panel (a WaitChart's: the table under the chart)."""
    return widget.table.value if isinstance(widget, WaitChart) else widget.output.value


def test_a_long_hand_typed_stays_in_the_box_and_the_hand_is_kept(widgets):
    editor = widgets[HandEditor]
    before = editor.counts
    editor.set_hand("1m" * 1000)
    assert "hand is 2000 characters long" in editor.message and editor.counts == before
    editor.set_hand(mj.to_mpsz(before))
    assert editor.message == ""


def test_good_values_after_bad_ones_still_work(widgets):
    calc = widgets[ScoreCalculator]
    calc.set_win_tile(27)  # an index is a tile too: shown as its name
    assert calc.win_text.value == "1z" and "not in the hand" in calc.message
    calc.set_win_tile("5s")
    assert calc.message == "" and calc.score.points > 0
    chart = widgets[WaitChart]
    chart.set_rules("RIICHI")
    assert chart.rules_dropdown.value == "riichi" and chart.message == ""
    chart.set_rules(mj.Rules(name="lan", shisanlan=True))
    assert chart.rules_dropdown.value == "lan" and chart.figure is not None
    editor = widgets[HandEditor]
    editor.set_rules("Standard")
    assert editor.rules is STANDARD and editor.message == ""


# --- the analyzer page's bridge: every bad value comes back as a message ---------------------

@pytest.mark.parametrize("hand, rules, visible, names", [
    (5, "poyang", "", "hand"), (None, "poyang", "", "hand"), ("1m" * 600, "poyang", "", "hand"),
    ("11m", None, "", "rules"), ("11m", "house", "", "rules"), ("11m", "poyang", 5, "visible"),
])
def test_bridge_bad_values_are_messages(hand, rules, visible, names):
    answer = json.loads(bridge.answer(hand, rules, visible))
    assert names in answer["error"] and "mjcore failed" not in answer["error"]
    assert answer["analysis"] is None


@pytest.mark.parametrize("hand, rules, visible, opponents, turn, names", [
    (5, "poyang", "", True, 3, "hand"), ("11m", "house", "", True, 3, "rules"),
    (H14, "poyang", 5, True, 3, "visible"), (H14, "poyang", "", "yes", 3, "opponents"),
    (H14, "poyang", "", True, 0, "turn"), (H14, "poyang", "", True, "9", "turn"),
    (H14, "poyang", "", True, 16, "turn"), (H14, "standard", "", True, 3, "not standard"),
    (H14, "poyang", "1m1m1m1m", True, 3, "1m"),
])
def test_bridge_danger_bad_values_are_messages(hand, rules, visible, opponents, turn, names):
    answer = json.loads(bridge.answer_danger(hand, rules, visible, "", opponents, turn))
    assert names in answer["error"] and "mjcore failed" not in answer["error"]
    assert answer["dangers"] is None


# --- random values: only HandError, ever --------------------------------------------------------

ANY = st.one_of(
    st.none(), st.booleans(), st.integers(-10 ** 30, 10 ** 30), st.integers(-3, 40),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.text(alphabet="123456789mpsz 东中发白万条筒", max_size=20),
    st.sampled_from(["standard", "POYANG", "riichi", "poyang", "chi 345m", "pon 777z", "5s",
                     "111222333m4445s", "11223344556677m", "3n+1", "smallest"]),
    st.lists(st.integers(-1, 5), max_size=36).map(tuple), st.binary(max_size=8),
    st.sampled_from([POYANG, RIICHI, STANDARD, PoyangRules(), random.Random(3), (), {}, [[]]]),
)

ENTRY_POINTS = {
    "parse": lambda a, b, c: mj.parse(a),
    "as_counts": lambda a, b, c: mj.as_counts(a),
    "tile_name": lambda a, b, c: mj.tile_name(a),
    "tile_index": lambda a, b, c: mj.tile_index(a),
    "from_tiles": lambda a, b, c: mj.from_tiles(a),
    "check_size": lambda a, b, c: check_size(a, b),
    "shanten": lambda a, b, c: mj.shanten(a, b),
    "special_shanten": lambda a, b, c: shanten.special_shanten(a, b),
    "is_win": lambda a, b, c: mj.is_win(a, b),
    "is_seven_pairs": lambda a, b, c: mj.is_seven_pairs(a, b),
    "winning_forms": lambda a, b, c: mj.winning_forms(a, b),
    "decompositions": lambda a, b, c: mj.decompositions(a),
    "waits": lambda a, b, c: mj.waits(a, b, c),
    "effective_tiles": lambda a, b, c: mj.effective_tiles(a, b, c),
    "discard_advice": lambda a, b, c: mj.discard_advice(a, b, c),
    "analyze": lambda a, b, c: mj.analyze(a, b, c),
    "unseen": lambda a, b, c: mj.unseen(a, b),
    "draw_probability": lambda a, b, c: mj.draw_probability(a, b, c),
    "draw_curve": lambda a, b, c: mj.draw_curve(a, b, c),
    "simulate_draws": lambda a, b, c: mj.simulate_draws(a, b, c, trials=5),
    "simulate_hand": lambda a, b, c: mj.simulate_hand(H13, a, trials=3, rng=b, rules=c),
    "win_probability": lambda a, b, c: mj.win_probability(a, b, c),
    "outlooks": lambda a, b, c: mj.outlooks(H14, a, b, c),
    "Estimate": lambda a, b, c: mj.Estimate(a, b).interval(c),
    "Rules": lambda a, b, c: mj.Rules(a, b, c),
    "Meld": lambda a, b, c: mj.Meld(a, b),
    "PoyangRules": lambda a, b, c: PoyangRules(cap=a, base=b, luxury_per_four=c),
    "LaidMeld": lambda a, b, c: LaidMeld(a, b),
    "parse_meld": lambda a, b, c: poyang.parse_meld(a),
    "score": lambda a, b, c: poyang.score(SCORED, win_tile=a, melds=b, self_draw=c),
    "score hand": lambda a, b, c: poyang.score(a, win_tile=b, rules=c),
    "settle": lambda a, b, c: poyang.settle(a, winner=b, discarder=c),
    "settle robbing": lambda a, b, c: poyang.settle(8, winner=0, discarder=a, robbing_kong=b,
                                                    rules=c),
    "kong_payments": lambda a, b, c: poyang.kong_payments(a, owner=b, discarder=c),
    "render_analysis_html": lambda a, b, c: render_analysis_html(a, b, c),
    "render_outlook_html": lambda a, b, c: render_outlook_html(H13, a, b, c),
    "render_score_html": lambda a, b, c: render_score_html(SCORED, win_tile="7m", melds=a,
                                                           winner=b, discarder=c),
    "split_melds": lambda a, b, c: split_melds(a),
    "search_tree": lambda a, b, c: tr.search_tree(a, b),
    "bridge": lambda a, b, c: _bridge(a, b),
    "bridge danger": lambda a, b, c: _bridge_danger(H14, a, "", b, c),
    "bridge part": lambda a, b, c: _bridge_part("111222333m4445s9p", a, b),
    "bridge part hand": lambda a, b, c: _bridge_part(a, 1, 2),
    "win_chances discards": lambda a, b, c: mj.win_chances("111222333m4445s9p", draws=3,
                                                           discards=a, rules=b),
    "discard_parts": lambda a, b, c: discard_parts(a, b, c),
    "discard_parts stage": lambda a, b, c: discard_parts("111222333m4445s9p", 2, b, False, a),
    "bridge stage": lambda a, b, c: _bridge_part("111222333m4445s9p", 0, 2, a),
    "bridge danger hand": lambda a, b, c: _bridge_danger(a, "poyang", b, True, c),
    "play_round": lambda a, b, c: table.play_round(a, b, c),
    "table_figures": lambda a, b, c: table.table_figures(a, b),
    "race_hazards": lambda a, b, c: table.race_hazards(a),
    "shuffled_wall": lambda a, b, c: table.shuffled_wall(a, b),
    "over_by_draws": lambda a, b, c: table.over_by_draws(a, b),
    "ready_by_discard": lambda a, b, c: table.ready_by_discard(a, b),
    "dealin round_rows": lambda a, b, c: dealin.round_rows(a, False),
    "dealin calibration": lambda a, b, c: dealin.calibration(a, b),
    "dealin readiness": lambda a, b, c: dealin.readiness(a, b),
    "dealin waits_by_rank": lambda a, b, c: dealin.waits_by_rank(a, b),
    "wait_counts": lambda a, b, c: mj.wait_counts(a, b),
    "deal_in_chances": lambda a, b, c: mj.deal_in_chances(a, b, c),
    "deal_in_chances ready": lambda a, b, c: mj.deal_in_chances(H14, turn=a, ready=b, seats=c),
    "win_chances race": lambda a, b, c: mj.win_chances("111222333m4445s", draws=3,
                                                       discard_wins=True, opponents=a,
                                                       turn=b, rules=c),
}


@settings(derandomize=True, max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(ENTRY_POINTS)), a=ANY, b=ANY, c=ANY)
def test_random_arguments_raise_nothing_but_hand_error(name, a, b, c):
    try:
        ENTRY_POINTS[name](a, b, c)
    except HandError:
        pass


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
@settings(derandomize=True, max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(a=ANY, b=ANY, c=ANY)
def test_each_entry_point_takes_random_arguments(name, a, b, c):
    try:
        ENTRY_POINTS[name](a, b, c)
    except HandError:
        pass


SETTER_CALLS = {
    "add": lambda w, a, b: w[HandEditor].add(a),
    "remove": lambda w, a, b: w[HandEditor].remove(a),
    "chart.add": lambda w, a, b: w[WaitChart].add(a),
    "chart.remove": lambda w, a, b: w[WaitChart].remove(a),
    "calc.add": lambda w, a, b: w[ScoreCalculator].add(a),
    "calc.remove": lambda w, a, b: w[ScoreCalculator].remove(a),
    "set_hand": lambda w, a, b: w[HandEditor].set_hand(a),
    "set_visible": lambda w, a, b: w[HandEditor].set_visible(a),
    "set_rules": lambda w, a, b: w[HandEditor].set_rules(a),
    "calc.set_hand": lambda w, a, b: w[ScoreCalculator].set_hand(a),
    "set_win_tile": lambda w, a, b: w[ScoreCalculator].set_win_tile(a),
    "set_melds": lambda w, a, b: w[ScoreCalculator].set_melds(a),
    "set_flag": lambda w, a, b: w[ScoreCalculator].set_flag(a, b),
    "set_cap": lambda w, a, b: w[ScoreCalculator].set_cap(a),
    "set_seats": lambda w, a, b: w[ScoreCalculator].set_seats(a, b),
}


@settings(derandomize=True, max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(SETTER_CALLS)), a=ANY, b=ANY)
def test_widget_setters_never_raise(widgets, name, a, b):
    SETTER_CALLS[name](widgets, a, b)  # any exception fails the test
