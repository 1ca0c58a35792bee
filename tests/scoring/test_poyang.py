"""Poyang scoring: every fan, every stacking rule, the best reading, the cap, payments."""

from __future__ import annotations

import itertools
import random
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcore import STANDARD, HandError, Rules, is_win, parse, to_mpsz
from mjcore.scoring.poyang import (
    EXTRA_FANS,
    FAN_VALUES,
    HAND_FANS,
    LaidMeld,
    PoyangRules,
    Score,
    kong_payments,
    parse_meld,
    score,
    settle,
)

NO_CAP = PoyangRules(cap=None)


def fans(hand: str, **kwargs) -> dict[str, int]:
    return dict(score(hand, **kwargs).fans)


# --- the fan table -----------------------------------------------------------

def test_fan_table_is_seed_002():
    assert dict(FAN_VALUES) == {
        "平胡": 1, "碰碰胡": 3, "七对": 3, "豪华七对": 6, "十三烂": 3, "清一色": 4,
        "混一色": 2, "字一色": 8, "自摸": 1, "门清": 1, "杠上开花": 2, "抢杠胡": 2,
        "海底捞月": 1, "天胡": 6, "地胡": 5}
    assert [n for n, _ in FAN_VALUES] == list(HAND_FANS + EXTRA_FANS)


def test_rules_are_frozen_and_checked():
    rules = PoyangRules()
    with pytest.raises(FrozenInstanceError):
        rules.cap = 8
    for bad in [dict(cap=-1), dict(cap=2.5), dict(cap=True), dict(base=0),
                dict(self_draw_bonus=-1), dict(fan_values=FAN_VALUES[:-1]),
                dict(fan_values=(*FAN_VALUES[:-1], ("地胡", -5))),
                dict(forms=Rules(thirteen_orphans=True)), dict(forms="mcr"), dict(forms=None)]:
        with pytest.raises(HandError):
            PoyangRules(**bad)
    with pytest.raises(HandError, match="unknown fan"):
        rules.fan("大四喜")


# --- hand fans, one at a time ------------------------------------------------------

@pytest.mark.parametrize("hand, win, melds, expected", [
    ("123m456p789s11z", "1z", ["pon 777z"], {"平胡": 1}),
    ("123m456p789s11z", "1z", ["chi 234s"], {"平胡": 1}),
    ("111m555p999s11z", "1z", ["pon 777z"], {"碰碰胡": 3}),
    ("11m", "1m", ["pon 777z", "kong 2222p", "pon 999s", "pon 111s"], {"碰碰胡": 3}),
    ("1133m5577p99s1122z", "2z", [], {"七对": 3, "门清": 1}),
    ("1111m3344p5566s77z", "7z", [], {"豪华七对": 6, "门清": 1}),
    ("147m258p369s12345z", "5z", [], {"十三烂": 3, "门清": 1}),
    ("11123456789m", "9m", ["chi 789m"], {"清一色": 4}),
    ("123456m11z", "1z", ["chi 789m", "pon 777z"], {"混一色": 2}),
    ("11122233344455z", "5z", [], {"碰碰胡": 3, "字一色": 8, "门清": 1}),
    ("11z", "1z", ["pon 222z", "pon 333z", "kong 4444z", "pon 555z"],
     {"碰碰胡": 3, "字一色": 8}),
])
def test_each_hand_fan(hand, win, melds, expected):
    assert fans(hand, win_tile=win, melds=melds, rules=NO_CAP) == expected


def test_pinghu_only_when_alone():
    assert "平胡" in fans("123m456p789s11z", win_tile="1z", melds=["pon 777z"])
    assert "平胡" not in fans("11123456789m", win_tile="9m", melds=["chi 789m"])  # 清一色
    assert "平胡" not in fans("123456m11z", win_tile="1z", melds=["chi 789m", "pon 777z"])
    loose = PoyangRules(pinghu_alone=False)
    assert fans("11123456789m", win_tile="9m", melds=["chi 789m"], rules=loose) == {
        "平胡": 1, "清一色": 4}
    # never with 碰碰胡, even when it may stack
    assert "平胡" not in fans("111m555p999s11z", win_tile="1z", melds=["pon 777z"], rules=loose)


def test_pengpeng_needs_laid_melds_to_be_triplets():
    assert "碰碰胡" in fans("111m555p999s11z", win_tile="1z", melds=["pon 777z"])
    assert "碰碰胡" not in fans("111m555p999s11z", win_tile="1z", melds=["chi 123s"])


def test_seven_pairs_needs_no_melds_and_poyang_forms():
    # the same shape with a meld down is not seven pairs
    with pytest.raises(HandError, match="does not win"):
        score("1133m5577p", win_tile="1m", melds=["pon 777z", "pon 111s"])
    with pytest.raises(HandError, match="does not win"):
        score("1133m5577p99s1122z", win_tile="2z", rules=PoyangRules(forms=STANDARD))


def test_luxury_seven_pairs_doubled_once():
    one = fans("1111m3344p5566s77z", win_tile="7z", rules=NO_CAP)
    two = fans("1111m3333p5566s77z", win_tile="7z", rules=NO_CAP)
    three = fans("1111m3333p5555s77z", win_tile="7z", rules=NO_CAP)
    assert one["豪华七对"] == two["豪华七对"] == three["豪华七对"] == 6
    assert "七对" not in one
    per_four = PoyangRules(cap=None, luxury_per_four=True)
    assert [fans(h, win_tile="7z", rules=per_four)["豪华七对"]
            for h in ("1111m3344p5566s77z", "1111m3333p5566s77z", "1111m3333p5555s77z")] == [
        6, 12, 24]
    riichi_pairs = PoyangRules(forms=Rules(seven_pairs=True))  # four is not two pairs
    with pytest.raises(HandError, match="does not win"):
        score("1111m3344p5566s77z", win_tile="7z", rules=riichi_pairs)


def test_luxury_with_four_in_a_standard_reading_too():
    # 11112233m: four 1m can be a pair and a run; the luxury reading wins anyway
    s = score("11112233m445566p", win_tile="6p", rules=NO_CAP)
    assert s.reading == "seven pairs" and s.total_fan == 7
    assert ("11m 123m 123m 456p 456p", 2) in s.readings


# --- extra fans ---------------------------------------------------------------------

BASIC = "123m456p789s11z"  # 平胡 with a pon of 7z down


@pytest.mark.parametrize("kwargs, melds, extra", [
    (dict(self_draw=True), ["pon 777z"], {"自摸": 1}),
    (dict(), ["ankan 7777z"], {"门清": 1}),
    (dict(self_draw=True, after_kong=True), ["kong 7777z"], {"自摸": 1, "杠上开花": 2}),
    (dict(self_draw=True, after_kong=True), ["ankan 7777z"],
     {"自摸": 1, "门清": 1, "杠上开花": 2}),
    (dict(robbing_kong=True), ["pon 777z"], {"抢杠胡": 2}),
    (dict(self_draw=True, last_tile=True), ["pon 777z"], {"自摸": 1, "海底捞月": 1}),
])
def test_each_extra_fan(kwargs, melds, extra):
    win = "2m" if kwargs.get("robbing_kong") else "1z"
    assert fans(BASIC, win_tile=win, melds=melds, rules=NO_CAP, **kwargs) == {"平胡": 1, **extra}


def test_heavenly_and_earthly():
    hand = "123m456p789s11777z"
    assert fans(hand, win_tile="7z", self_draw=True, heavenly=True, rules=NO_CAP) == {
        "平胡": 1, "自摸": 1, "门清": 1, "天胡": 6}
    assert fans(hand, win_tile="7z", earthly=True, rules=NO_CAP) == {
        "平胡": 1, "门清": 1, "地胡": 5}


def test_menqing_rules():
    assert "门清" in fans("1133m5577p99s1122z", win_tile="2z")
    assert "门清" in fans(BASIC, win_tile="1z", melds=["ankan 7777z"])
    for meld in ("pon 777z", "kong 7777z", "chi 123s"):
        assert "门清" not in fans(BASIC, win_tile="1z", melds=[meld])
    strict = PoyangRules(ankan_keeps_menqing=False)
    assert "门清" not in fans(BASIC, win_tile="1z", melds=["ankan 7777z"], rules=strict)
    assert "门清" in fans("1133m5577p99s1122z", win_tile="2z", rules=strict)


# --- stacking -------------------------------------------------------------------------

def test_one_suit_with_seven_pairs_stacks_as_in_seed_002():
    s = score("11223355778899m", win_tile="9m", rules=NO_CAP)
    assert dict(s.fans) == {"七对": 3, "清一色": 4, "门清": 1}
    assert sum(f for n, f in s.fans if n in HAND_FANS) == 7
    assert s.total_fan == 8


def test_all_honours_excludes_half_flush():
    hand = "11223344556677z"
    assert fans(hand, win_tile="7z", rules=NO_CAP) == {"七对": 3, "字一色": 8, "门清": 1}
    both = PoyangRules(cap=None, honors_excludes_half=False)
    assert fans(hand, win_tile="7z", rules=both) == {
        "七对": 3, "混一色": 2, "字一色": 8, "门清": 1}


def test_hand_fans_without_stacking_keep_the_largest():
    single = PoyangRules(cap=None, stack_hand_fans=False)
    assert fans("11223344556677m", win_tile="7m", rules=single) == {"清一色": 4, "门清": 1}
    assert fans("11112233445566z", win_tile="6z", rules=single) == {"字一色": 8, "门清": 1}


def test_everything_adds_up():
    s = score("11z", win_tile="1z", melds=["pon 222z", "ankan 3333z", "ankan 4444z",
                                             "ankan 5555z"],
              self_draw=True, after_kong=True, last_tile=True, rules=NO_CAP)
    assert dict(s.fans) == {"碰碰胡": 3, "字一色": 8, "自摸": 1, "杠上开花": 2, "海底捞月": 1}
    assert s.total_fan == 15 and s.fan == 15 and s.points == 2 ** 15


# --- the best reading -------------------------------------------------------------------

def test_best_reading_is_not_the_first_found():
    s = score("111222333m44455s", win_tile="5s")
    assert [r for r, _ in s.readings] == ["55s 123m 123m 123m 444s", "55s 111m 222m 333m 444s"]
    assert [t for _, t in s.readings] == [2, 4]
    assert s.reading == "55s 111m 222m 333m 444s"
    assert dict(s.fans) == {"碰碰胡": 3, "门清": 1}


def test_seven_pairs_beats_the_standard_readings():
    s = score("11223344556677m", win_tile="7m", rules=NO_CAP)
    assert s.reading == "seven pairs" and s.readings[-1] == ("seven pairs", 8)
    assert len(s.readings) == 4
    assert all(t == 5 for _, t in s.readings[:-1])  # 清一色 4 + 门清 1


def test_best_is_the_maximum_over_readings():
    rng = random.Random(2026)
    checked = 0
    while checked < 200:
        counts = [0] * 34
        for t in rng.sample(range(34), 7):
            counts[t] = rng.choice([2, 2, 3, 3, 4])
        tiles = [t for t, c in enumerate(counts) for _ in range(c)]
        rng.shuffle(tiles)
        hand = [0] * 34
        for t in tiles[:14]:
            hand[t] += 1
        if not is_win(hand):
            continue
        s = score(hand, win_tile=tiles[0], rules=NO_CAP)
        assert s.total_fan == max(t for _, t in s.readings) == sum(f for _, f in s.fans)
        checked += 1


# --- the cap -----------------------------------------------------------------------------

def test_cap_and_points():
    hand = "11223344556677m"
    capped = score(hand, win_tile="7m")
    assert (capped.total_fan, capped.fan, capped.points) == (8, 6, 64)
    free = score(hand, win_tile="7m", rules=NO_CAP)
    assert (free.total_fan, free.fan, free.points) == (8, 8, 256)
    low = score(hand, win_tile="7m", rules=PoyangRules(cap=7, base=5))
    assert (low.fan, low.points) == (7, 5 * 2 ** 7)
    small = score(BASIC, win_tile="1z", melds=["pon 777z"])
    assert (small.total_fan, small.fan, small.points) == (1, 1, 2)


@pytest.mark.parametrize("fan", range(1, 8))
def test_points_table_of_seed_002(fan):
    rules = PoyangRules(cap=None, fan_values=tuple(
        (n, fan if n == "平胡" else v) for n, v in FAN_VALUES))
    s = score(BASIC, win_tile="1z", melds=["pon 777z"], rules=rules)
    assert s.points == 2 ** fan


# --- melds and input checks ------------------------------------------------------------------

def test_parse_meld():
    assert parse_meld("chi 345m") == LaidMeld("chi", 2)
    assert parse_meld("吃 5m3m4m") == LaidMeld("chi", 2)
    assert parse_meld("碰 中中中") == parse_meld("pon 777z") == LaidMeld("pon", 31)
    assert parse_meld("kong 1111p") == parse_meld("明杠 1111p") == LaidMeld("kong", 18)
    assert parse_meld("ANKAN 9999s").kind == "ankan"
    assert str(parse_meld("chi 534s")) == "chi 345s"


@pytest.mark.parametrize("meld, names", [
    ("chi 357m", "357m"), ("chi 789z", "8z"), ("chi 123z", "one suit"), ("chi 891m", "consecutive"),
    ("chi 1234m", "1234m"), ("pon 778z", "778z"), ("pon 7777z", "3 copies"),
    ("kong 111p", "4 copies"), ("ankan 1112p", "1112p"), ("peng 111m", "kind"),
    ("pon", "kind"), ("pon 8z8z8z", "8z"), ("chi 12", "suit"),
])
def test_bad_melds(meld, names):
    with pytest.raises(HandError, match=names):
        parse_meld(meld)


@pytest.mark.parametrize("hand, kwargs, names", [
    ("123m456p789s11z", dict(win_tile="1z"), "needs 14"),              # 11 tiles, no melds
    ("123m456p789s11z7z", dict(win_tile="1z", melds=["pon 777z"]), "needs 11"),
    ("11m", dict(win_tile="1m", melds=["pon 111z"] * 5), "at most 4"),
    ("123m456p789s11z", dict(win_tile="1z", melds=["pon 777z", "x"]),
     "kind"),
    ("123m456p789s777z", dict(win_tile="7z", melds=["pon 777z"]), "needs 11"),
    ("123m456p789s77z", dict(win_tile="7z", melds=["pon 777z"]), "7z appears 5 times"),
    ("123m456p789s11z", dict(win_tile="5z", melds=["pon 777z"]), "5z is not in the hand"),
    ("123m456p789s11z", dict(win_tile="8z", melds=["pon 777z"]), "8z"),
    ("123m456p789s11z", dict(win_tile=34, melds=["pon 777z"]), "0-33"),
    ("123m456p789s11z", dict(win_tile="1z", melds="pon 777z"), "list"),
    ("123m456p789s11z", dict(win_tile="1z", melds=["pon 777z"], after_kong=True), "self_draw"),
    ("123m456p789s11z", dict(win_tile="1z", melds=["pon 777z"], self_draw=True,
                             after_kong=True), "needs a kong"),
    ("123m456p789s11z", dict(win_tile="2m", melds=["pon 777z"], self_draw=True,
                             robbing_kong=True), "not self_draw"),
    ("123m456p789s11z", dict(win_tile="1z", melds=["pon 777z"], robbing_kong=True),
     "not 2"),
    ("123m456p789s11z", dict(win_tile="1z", melds=["pon 777z"], last_tile=True), "self_draw"),
    ("123m456p789s11z", dict(win_tile="1z", melds=["pon 777z"], heavenly=True,
                             self_draw=True), "meld"),
    ("123m456p789s11777z", dict(win_tile="1z", heavenly=True), "self_draw"),
    ("123m456p789s11777z", dict(win_tile="1z", earthly=True, self_draw=True), "not self_draw"),
    ("123m456p789s11777z", dict(win_tile="1z", earthly=True, heavenly=True), "both"),
    ("123m456p789s11777z", dict(win_tile="1z", self_draw=True, heavenly=True,
                                last_tile=True), "last_tile"),
    ("123m456p789s11777z", dict(win_tile="1z", self_draw=1), "True or False"),
    ("1199m1199p1199s12z", dict(win_tile="1z"), "does not win"),
    ("123m456p789s12z", dict(win_tile="1z", melds=["pon 777z"]),
     "does not win: no reading as melds and a pair$"),
    ("123m456p789s11z", dict(win_tile="1z", melds=["pon 777z"], rules=Rules()), "PoyangRules"),
])
def test_bad_input_names_the_problem(hand, kwargs, names):
    with pytest.raises(HandError, match=names):
        score(hand, **kwargs)


def test_robbing_kong_win_tile_is_the_only_copy():
    ok = score(BASIC, win_tile="2m", melds=["pon 777z"], robbing_kong=True)
    assert "抢杠胡" in dict(ok.fans)
    with pytest.raises(HandError, match="not 2"):  # a pair of 1z: two copies
        score(BASIC, win_tile="1z", melds=["pon 777z"], robbing_kong=True)
    with pytest.raises(HandError, match="not 2"):  # 2m in hand and in a chi
        score(BASIC, win_tile="2m", melds=["chi 234m"], robbing_kong=True)


def test_counts_and_chinese_input():
    a = score(parse("11223344556677m"), win_tile=6, rules=NO_CAP)
    b = score("1万1万2万2万3万3万4万4万5万5万6万6万7万7万", win_tile="7万", rules=NO_CAP)
    assert a.fans == b.fans and a.hand == b.hand == "11223344556677m"


# --- the result object -----------------------------------------------------------------------

def test_score_text_and_dict():
    s = score("111222333m44455s", win_tile="5s", self_draw=True)
    assert isinstance(s, Score) and s.fans == [("碰碰胡", 3), ("自摸", 1), ("门清", 1)]
    assert s.lines() == ["hand: 111222333m44455s, win tile: 5s (self-drawn)",
                         "reading: 55s 111m 222m 333m 444s (best of 2)",
                         "fans: 碰碰胡 3, 自摸 1, 门清 1", "fan: 5", "points: 32"]
    d = s.as_dict()
    assert d["fans"] == [{"name": "碰碰胡", "fan": 3}, {"name": "自摸", "fan": 1},
                         {"name": "门清", "fan": 1}]
    assert (d["total_fan"], d["fan"], d["points"]) == (5, 5, 32)
    assert "capped from 8" in str(score("11223344556677m", win_tile="7m"))


# --- settlement ------------------------------------------------------------------------------

def test_discard_win_discarder_pays():
    s = score(BASIC, win_tile="1z", melds=["pon 777z"])
    assert settle(s, winner=1, discarder=3) == [0, 2, 0, -2]


def test_self_draw_each_pays_points_plus_bonus():
    s = score(BASIC, win_tile="1z", melds=["pon 777z"], self_draw=True)
    assert s.points == 4
    assert settle(s, winner=2) == [-5, -5, 15, -5]
    assert settle(s, winner=2, rules=PoyangRules(self_draw_bonus=0)) == [-4, -4, 12, -4]


def test_robbed_player_pays_three_times():
    s = score(BASIC, win_tile="2m", melds=["pon 777z"], robbing_kong=True)
    assert s.points == 8  # 平胡 1 + 抢杠胡 2
    assert settle(s, winner=0, discarder=2) == [24, 0, -24, 0]
    assert settle(s, winner=0, discarder=2, robbing_kong=True) == [24, 0, -24, 0]
    once = PoyangRules(robbed_pays_all=False)
    assert settle(s, winner=0, discarder=2, rules=once) == [8, 0, -8, 0]


@given(points=st.integers(0, 10_000), winner=st.integers(0, 3),
       discarder=st.one_of(st.none(), st.integers(0, 3)), robbing=st.booleans(),
       bonus=st.integers(0, 5))
@settings(max_examples=300, deadline=None)
def test_settlement_sums_to_zero(points, winner, discarder, robbing, bonus):
    rules = PoyangRules(self_draw_bonus=bonus)
    if discarder == winner or (robbing and discarder is None):
        with pytest.raises(HandError):
            settle(points, winner=winner, discarder=discarder, robbing_kong=robbing, rules=rules)
        return
    pay = settle(points, winner=winner, discarder=discarder, robbing_kong=robbing, rules=rules)
    assert len(pay) == 4 and sum(pay) == 0
    assert all(p <= 0 for seat, p in enumerate(pay) if seat != winner)
    if discarder is None:
        assert pay[winner] == 3 * (points + bonus)
    else:
        assert pay[winner] == (3 if robbing else 1) * points == -pay[discarder]


@pytest.mark.parametrize("kwargs, names", [
    (dict(winner=4), "winner"), (dict(winner=True), "winner"),
    (dict(winner=0, discarder=0), "cannot also"), (dict(winner=0, discarder=-1), "discarder"),
])
def test_bad_settlement(kwargs, names):
    with pytest.raises(HandError, match=names):
        settle(4, **kwargs)


def test_settlement_must_agree_with_the_score():
    drawn = score(BASIC, win_tile="1z", melds=["pon 777z"], self_draw=True)
    on_discard = score(BASIC, win_tile="1z", melds=["pon 777z"])
    with pytest.raises(HandError, match="self-drawn"):
        settle(drawn, winner=0, discarder=1)
    with pytest.raises(HandError, match="pass the discarder"):
        settle(on_discard, winner=0)
    with pytest.raises(HandError, match="without robbing_kong"):
        settle(on_discard, winner=0, discarder=1, robbing_kong=True)
    with pytest.raises(HandError, match="Score or points"):
        settle(-1, winner=0, discarder=1)


# --- kongs -------------------------------------------------------------------------------------

def test_kong_payments():
    assert kong_payments("kong", owner=1, discarder=0) == [-2, 2, 0, 0]
    assert kong_payments("明杠", owner=1, discarder=0) == [-2, 2, 0, 0]
    assert kong_payments("ankan", owner=0) == [6, -2, -2, -2]
    assert kong_payments("bukong", owner=2) == [-1, -1, 3, -1]
    assert kong_payments("补杠", owner=2, robbed=True) == [0, 0, 0, 0]
    rules = PoyangRules(exposed_kong_pays=3, concealed_kong_pays=1, added_kong_pays=2)
    assert kong_payments("kong", owner=1, discarder=0, rules=rules) == [-3, 3, 0, 0]
    assert kong_payments("ankan", owner=0, rules=rules) == [3, -1, -1, -1]


def test_kong_payments_sum_to_zero():
    for kind, owner, discarder in itertools.product(["kong", "ankan", "bukong"], range(4),
                                                    [None, 0, 1, 2, 3]):
        try:
            pay = kong_payments(kind, owner=owner, discarder=discarder)
        except HandError:
            assert (kind == "kong") != (discarder is not None) or discarder == owner
            continue
        assert sum(pay) == 0 and pay[owner] > 0


@pytest.mark.parametrize("args, kwargs, names", [
    (("kong",), dict(owner=0), "pass the discarder"),
    (("kong",), dict(owner=0, discarder=0), "cannot also"),
    (("ankan",), dict(owner=0, discarder=1), "not made on a discard"),
    (("ankan",), dict(owner=0, robbed=True), "only an added kong"),
    (("pon",), dict(owner=0), "unknown kong kind"),
    (("bukong",), dict(owner=4), "owner"),
])
def test_bad_kong_payments(args, kwargs, names):
    with pytest.raises(HandError, match=names):
        kong_payments(*args, **kwargs)


def test_a_whole_round_of_payments_sums_to_zero():
    s = score("1133m5577p99s1122z", win_tile="2z", self_draw=True)
    rounds = [settle(s, winner=3), kong_payments("ankan", owner=1),
              kong_payments("kong", owner=0, discarder=3), kong_payments("bukong", owner=2)]
    totals = [sum(col) for col in zip(*rounds, strict=True)]
    assert s.points == 32 and totals == [-34, -28, -32, 94] and sum(totals) == 0
    assert to_mpsz(parse(s.hand)) == s.hand
