"""The worked examples of the source articles, and the pitfalls they warn about.

Seed 000 section 4.5 (a Java tenpai solver) and seed 001 section 5 (a C++
win-check engine).  Each expectation is checked against the independent
oracle as well as written out, so a wrong expectation would show.
"""

from __future__ import annotations

import pytest
from oracle import (
    PRESET_FORMS,
    as_readings,
    oracle_waits,
    readings,
    wins,
)

from mjcore import (
    POYANG,
    PRESETS,
    RIICHI,
    STANDARD,
    HandError,
    Rules,
    analyze,
    decompositions,
    is_seven_pairs,
    is_shisanlan,
    is_standard_win,
    is_thirteen_orphans,
    is_win,
    parse,
    tile_index,
    tile_name,
    waits,
    winning_forms,
)

PRESET_LIST = [STANDARD, POYANG, RIICHI]


def names(w) -> list[str]:
    return [tile_name(t) for t in w.tiles]


def left(w) -> dict[str, int]:
    return {tile_name(t): n for t, n in w.remaining.items()}


def check_waits_with_oracle(hand: str) -> None:
    counts = parse(hand)
    for rules in PRESET_LIST:
        assert list(waits(counts, rules).tiles) == oracle_waits(counts, PRESET_FORMS[rules.name])


# --- seed 000, section 4.5 ------------------------------------------------

EXAMPLE_1 = "123456789m123s5p"
EXAMPLE_2 = "112233m66m1133s4z"
EXAMPLE_3 = "111222333m444s5s"


def test_seed000_example_hands_match_the_java_indices():
    # The article builds its hands from tile indices; same layout as mjcore.
    from mjcore import from_tiles
    assert from_tiles([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 22]) == parse(EXAMPLE_1)
    assert from_tiles([0, 0, 1, 1, 2, 2, 5, 5, 9, 9, 11, 11, 30]) == parse(EXAMPLE_2)
    assert from_tiles([0, 0, 0, 1, 1, 1, 2, 2, 2, 12, 12, 12, 13]) == parse(EXAMPLE_3)


def test_example_1_single_wait_on_5p():
    w = waits(EXAMPLE_1)
    assert names(w) == ["5p"] and left(w) == {"5p": 3} and w.total == 3
    check_waits_with_oracle(EXAMPLE_1)


def test_example_1_with_two_5p_visible():
    w = waits(EXAMPLE_1, visible="55p")
    assert names(w) == ["5p"] and left(w) == {"5p": 1} and w.total == 1
    # visible given as counts works the same
    assert waits(EXAMPLE_1, visible=parse("55p")) == w


def test_example_3_stacked_triplets_wait_three_ways():
    w = waits(EXAMPLE_3)
    assert names(w) == ["3s", "5s", "6s"]
    assert left(w) == {"3s": 4, "5s": 3, "6s": 4}
    assert w.total == 11 == sum(left(w).values())
    check_waits_with_oracle(EXAMPLE_3)
    # the intuition "single wait on 5s" misses 3s and 6s: each completes a reading
    for extra in ("3s", "6s"):
        completed = parse(EXAMPLE_3 + extra)
        assert is_standard_win(completed)
        assert any(m.kind == "run" for d in decompositions(completed) for m in d.melds)


def test_example_2_pairs_shape_depends_on_the_rules():
    assert waits(EXAMPLE_2, STANDARD).tiles == ()
    assert names(waits(EXAMPLE_2, POYANG)) == ["4z"]
    assert names(waits(EXAMPLE_2, RIICHI)) == ["4z"]
    assert tile_index("4z") == tile_index("北")
    completed = parse(EXAMPLE_2 + "4z")
    assert winning_forms(completed, POYANG) == ["seven_pairs"]
    assert not is_standard_win(completed)
    check_waits_with_oracle(EXAMPLE_2)


def test_a_tile_held_four_times_is_never_a_wait():
    hand = parse("1111m123456789p")
    # a fifth 1m would read as 111m + 11m: the oracle's meld search accepts it ...
    fifth = list(hand)
    fifth[0] = 5
    assert readings(fifth)
    # ... but there is no fifth copy, so 1m is not a wait (and this hand has none)
    assert waits(hand).tiles == ()
    with pytest.raises(HandError, match="1m appears 5 times"):
        is_win(fifth)
    check_waits_with_oracle("1111m123456789p")
    for hand in ("1111m", "1111m234m", "1111222233334m"):
        assert all(parse(hand)[t] < 4 for t in waits(hand).tiles)


def test_dead_wait_is_listed_with_zero():
    w = waits(EXAMPLE_1, visible="555p")
    assert names(w) == ["5p"] and w.remaining[tile_index("5p")] == 0 and w.total == 0
    assert str(w) == "5p(0) total 0"


def test_hand_plus_visible_above_four_is_an_error():
    with pytest.raises(HandError, match="5p: 1 in hand and 4 visible make 5"):
        waits(EXAMPLE_1, visible="5555p")
    with pytest.raises(HandError, match="1m"):
        analyze("111m", visible="11m")
    with pytest.raises(HandError, match="1m"):
        analyze("11123m", visible="11m")


# --- seed 001, section 5 --------------------------------------------------

@pytest.mark.parametrize("hand", ["567z11m", "11m中发白", "11m东南西", "123z55p", "11m白发中"])
def test_honours_never_form_runs(hand):
    counts = parse(hand)
    assert decompositions(counts) == []
    for rules in PRESET_LIST:
        assert not is_win(counts, rules)
    assert not readings(counts)


def test_honour_run_is_not_a_wait():
    assert waits("567z1m").tiles == ()
    assert waits("56z11m").tiles == ()    # 5z6z wait for 7z only as a run: no
    assert names(waits("55z11m")) == ["1m", "5z"]


@pytest.mark.parametrize("hand", ["89m1s11p", "9m12s11p", "9s12p11m", "9p12z11m", "8m9m1s11p"])
def test_no_runs_across_suits(hand):
    assert decompositions(hand) == []
    assert not is_win(hand, POYANG)
    assert not readings(parse(hand))


def test_runs_at_the_top_of_each_suit_do_work():
    for hand, top in (("789m11p", "789m"), ("789s11p", "789s"), ("789p11m", "789p")):
        (only,) = decompositions(hand)
        assert [str(m) for m in only.melds] == [top] and only.melds[0].kind == "run"
        assert is_standard_win(hand)


def test_four_of_a_kind_in_seven_pairs():
    hand = parse("2222m33m55m66m77m88m")   # the seed's example: four 2m and five pairs
    assert is_seven_pairs(hand, four_as_two_pairs=True)
    assert not is_seven_pairs(hand, four_as_two_pairs=False)
    assert is_win(hand, POYANG)
    assert not is_win(hand, RIICHI)
    assert not is_win(hand, STANDARD)
    assert winning_forms(hand, POYANG) == ["seven_pairs"]
    for rules in PRESET_LIST:
        assert is_win(hand, rules) == wins(hand, PRESET_FORMS[rules.name])
    # two fours are still "pairs" under POYANG
    assert is_win("1111m2222p3333s55z", POYANG) and not is_win("1111m2222p3333s55z", RIICHI)


@pytest.mark.parametrize("call", [
    lambda c: decompositions(c),
    lambda c: is_win(c),
    lambda c: is_win(c, RIICHI),
    lambda c: is_standard_win(c),
    lambda c: winning_forms(c),
    lambda c: analyze(c),
])
def test_counts_list_of_caller_is_left_untouched_3n2(call):
    for hand in ("111222333m44455s", "11223344556677m", "147m258p369s12345z", "1199m1199p1199s11z"):
        counts = list(parse(hand))
        before = counts.copy()
        call(counts)
        assert counts == before


@pytest.mark.parametrize("call", [
    lambda c: waits(c),
    lambda c: waits(c, STANDARD, visible=[0] * 34),
    lambda c: analyze(c),
])
def test_counts_list_of_caller_is_left_untouched_3n1(call):
    for hand in (EXAMPLE_1, EXAMPLE_2, EXAMPLE_3, "1112345678999m"):
        counts = list(parse(hand))
        before = counts.copy()
        call(counts)
        assert counts == before


def test_reading_display_order():
    # melds by starting tile; the triplet before a run from the same tile
    assert [str(d) for d in decompositions("11112344m")] == ["44m 111m 123m"]
    assert [str(d) for d in decompositions("111123m456p789s11z")] == ["11z 111m 123m 789s 456p"]


def test_repeated_calls_agree():
    # a search that forgot to restore its counts would answer differently the second time
    counts = list(parse("11122233344455m"))
    first = decompositions(counts)
    assert decompositions(counts) == first and len(first) == len(readings(counts))


@pytest.mark.parametrize("hand, expected", [
    ("11m", ["11m"]),
    ("11123m", ["11m 123m"]),
    ("11123m456p", ["11m 123m 456p"]),
    ("11123444m", ["11m 123m 444m", "44m 111m 234m"]),
    ("11122233344m", ["11m 123m 234m 234m", "44m 123m 123m 123m", "44m 111m 222m 333m"]),
    ("123456789m11z", ["11z 123m 456m 789m"]),
])
def test_partial_hands_of_3n_plus_2(hand, expected):
    """Hands with melds laid down leave 2, 5, 8 or 11 concealed tiles."""
    found = decompositions(hand)
    assert sorted(str(d) for d in found) == sorted(expected)
    assert sorted(as_readings(found)) == sorted(readings(parse(hand)))
    assert is_win(hand, STANDARD)


def test_partial_hands_waits():
    assert names(waits("1m")) == ["1m"]
    assert names(waits("1112m")) == ["2m", "3m"]   # 1111m+2m is no win: 1m is not a wait
    assert names(waits("1123m")) == ["1m", "4m"]
    assert waits("1123m", visible="11m").remaining == {0: 0, 3: 4}
    for hand in ("1m", "1112m", "1123m", "1112345m", "1112345678m"):
        check_waits_with_oracle(hand)


# --- special forms and presets -------------------------------------------

SEVEN_PAIRS = "1122m3344p5566s77z"
THIRTEEN_ORPHANS = "19m19p19s12345677z"
SHISANLAN = "147m258p369s12345z"


@pytest.mark.parametrize("hand, forms", [
    (SEVEN_PAIRS, {"standard": [], "poyang": ["seven_pairs"], "riichi": ["seven_pairs"]}),
    ("1111m3344p5566s77z", {"standard": [], "poyang": ["seven_pairs"], "riichi": []}),
    (THIRTEEN_ORPHANS, {"standard": [], "poyang": [], "riichi": ["thirteen_orphans"]}),
    (SHISANLAN, {"standard": [], "poyang": ["shisanlan"], "riichi": []}),
    ("11223344556677m", {"standard": ["standard"], "poyang": ["standard", "seven_pairs"],
                         "riichi": ["standard", "seven_pairs"]}),
    ("11112233m445566p", {"standard": ["standard"], "poyang": ["standard", "seven_pairs"],
                          "riichi": ["standard"]}),
])
def test_forms_under_each_preset(hand, forms):
    counts = parse(hand)
    for name, rules in PRESETS.items():
        assert winning_forms(counts, rules) == forms[name]
        assert is_win(counts, rules) == bool(forms[name]) == wins(counts, PRESET_FORMS[name])


def test_presets():
    assert set(PRESETS) == {"standard", "poyang", "riichi"}
    assert not POYANG.thirteen_orphans and POYANG.shisanlan and POYANG.seven_pairs
    assert POYANG.four_as_two_pairs
    assert RIICHI.thirteen_orphans and not RIICHI.shisanlan and not RIICHI.four_as_two_pairs
    assert not (STANDARD.seven_pairs or STANDARD.thirteen_orphans or STANDARD.shisanlan)
    assert is_win(THIRTEEN_ORPHANS) is False  # POYANG is the default
    with pytest.raises(AttributeError):
        POYANG.shisanlan = False  # frozen


def test_custom_rules():
    everything = Rules(name="all", seven_pairs=True, four_as_two_pairs=True,
                       thirteen_orphans=True, shisanlan=True)
    for hand in (SEVEN_PAIRS, THIRTEEN_ORPHANS, SHISANLAN, "1111m3344p5566s77z"):
        assert is_win(hand, everything)
        assert is_win(hand, everything) == wins(parse(hand), (True, True, True, True))


def test_thirteen_orphans_needs_all_thirteen():
    assert is_thirteen_orphans(THIRTEEN_ORPHANS)
    assert is_thirteen_orphans("119m19p19s1234567z")
    assert not is_thirteen_orphans("111999m19p19s1234z")   # only terminals, not all 13
    assert not is_thirteen_orphans("19m19p19s1234567z5m")  # 13 orphans plus a middle tile
    assert not is_thirteen_orphans("19m19p19s1234567z")    # 13 tiles


def test_shisanlan_definition():
    assert is_shisanlan(SHISANLAN)
    assert is_shisanlan("147m36p25s1234567z")
    assert not is_shisanlan("146m258p369s12345z")    # 4 and 6 only two apart
    assert not is_shisanlan("147m258p369s11234z")    # honour twice
    assert not is_shisanlan("147m258p369s1234z")     # 13 tiles
    assert not is_shisanlan("1477m258p369s1234z")    # suited tile twice


def test_shisanlan_waits_under_poyang():
    hand = "147m258p369s1234z"   # 13 tiles, any of the three missing honours completes it
    w = waits(hand, POYANG)
    assert names(w) == ["7z", "6z", "5z"]   # index order: zhong, fa, bai
    assert waits(hand, STANDARD).tiles == ()
    check_waits_with_oracle(hand)


def test_thirteen_orphans_thirteen_way_wait_under_riichi():
    hand = "19m19p19s1234567z"
    assert len(waits(hand, RIICHI).tiles) == 13
    assert waits(hand, STANDARD).tiles == ()
    # under POYANG the same 13 tiles are one tile short of 十三烂: any 4-6 of a suit fits
    assert names(waits(hand, POYANG)) == ["4m", "5m", "6m", "4s", "5s", "6s", "4p", "5p", "6p"]
    check_waits_with_oracle(hand)
