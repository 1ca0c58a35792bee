"""Tiles and notation: parsing, names, glyphs, keys, and every input error."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcore import (
    HandError,
    analyze,
    as_counts,
    can_start_run,
    from_tiles,
    is_win,
    key_base5,
    key_bits,
    parse,
    tile_glyph,
    tile_index,
    tile_name,
    tile_name_en,
    tile_name_zh,
    to_chinese,
    to_glyphs,
    to_mpsz,
    to_tiles,
    unseen,
    waits,
)
from mjcore.base.tiles import check_size, from_key_bits, rank_of, suit_of

ALL = range(34)


def one(tile: int) -> tuple[int, ...]:
    counts = [0] * 34
    counts[tile] = 1
    return tuple(counts)


# --- the index layout ---------------------------------------------------

def test_index_layout_in_mpsz():
    expected = ([f"{r}m" for r in range(1, 10)] + [f"{r}s" for r in range(1, 10)]
                + [f"{r}p" for r in range(1, 10)] + ["1z", "2z", "3z", "4z", "7z", "6z", "5z"])
    assert [tile_name(t) for t in ALL] == expected


def test_5z_is_bai_and_7z_is_zhong():
    assert parse("5z") == one(33) == parse("白")
    assert parse("7z") == one(31) == parse("中")
    assert parse("6z") == one(32) == parse("发")
    assert tile_index("5z") == 33 and tile_index("7z") == 31
    assert tile_name_en(33) == "white dragon" and tile_name_en(31) == "red dragon"


def test_suit_and_rank():
    assert [suit_of(t) for t in (0, 8, 9, 17, 18, 26, 27, 33)] == list("mmsspp" + "zz")
    assert [rank_of(t) for t in (0, 8, 9, 26)] == [1, 9, 1, 9]
    assert [rank_of(t) for t in range(27, 34)] == [1, 2, 3, 4, 7, 6, 5]


def test_can_start_run_exactly_the_21_run_starts():
    starts = [t for t in ALL if can_start_run(t)]
    assert len(starts) == 21
    assert starts == [9 * s + r for s in range(3) for r in range(7)]
    assert not any(can_start_run(t) for t in range(27, 34))


# --- parse and to_mpsz --------------------------------------------------

@pytest.mark.parametrize("text, canonical", [
    ("123m456p789s11z", "123m456p789s11z"),
    ("5z 7z 1m 9p 1s", "1m9p1s57z"),
    ("1m1m1m", "111m"),
    ("321m", "123m"),
    ("1s2s3s,4p、5p，6p", "456p123s"),
    ("", ""),
    ("1234567z", "1234567z"),
])
def test_parse_to_mpsz(text, canonical):
    assert to_mpsz(parse(text)) == canonical
    assert parse(canonical) == parse(text)


def test_every_single_tile_round_trips_in_every_notation():
    for t in ALL:
        assert parse(tile_name(t)) == one(t)
        assert parse(tile_name_zh(t)) == one(t)
        assert tile_index(tile_name(t)) == t == tile_index(tile_name_zh(t))
        assert to_mpsz(one(t)) == tile_name(t)
        assert from_tiles([t]) == one(t)


def test_chinese_names():
    assert parse("1万2万3万 4条 5筒 东南西北 中发白") == parse("123m4s5p1234567z")
    assert [tile_name_zh(t) for t in (0, 9, 18, 26)] == ["1万", "1条", "1筒", "9筒"]
    assert [tile_name_zh(t) for t in range(27, 34)] == list("东南西北中发白")
    assert to_chinese(parse("12m5z7z")) == "1万 2万 中 白"


def test_traditional_and_alternative_characters():
    assert parse("1萬 2條 3餅 東 發") == parse("1m2s3p16z")
    assert parse("3索 4饼") == parse("3s4p")
    assert parse("一万九筒五条") == parse("1m9p5s")
    # Several digits may share one suit character, as in mpsz.
    assert parse("123万") == parse("123m")


def test_glyphs_have_the_right_unicode_names():
    words = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]
    suit_words = {"m": "CHARACTERS", "s": "BAMBOOS", "p": "CIRCLES"}
    honour_words = ["EAST WIND", "SOUTH WIND", "WEST WIND", "NORTH WIND",
                    "RED DRAGON", "GREEN DRAGON", "WHITE DRAGON"]
    for t in ALL:
        name = unicodedata.name(tile_glyph(t))
        if t < 27:
            assert name == f"MAHJONG TILE {words[t % 9]} OF {suit_words[suit_of(t)]}"
        else:
            assert name == f"MAHJONG TILE {honour_words[t - 27]}"
    assert to_glyphs(parse("1m7z")) == tile_glyph(0) + tile_glyph(31)


def test_english_names():
    assert tile_name_en(0) == "1 characters"
    assert tile_name_en(13) == "5 bamboo"
    assert tile_name_en(22) == "5 dots"
    assert [tile_name_en(t) for t in range(27, 31)] == [
        "east wind", "south wind", "west wind", "north wind"]


def test_to_tiles_from_tiles():
    counts = parse("112m9p77z")
    assert to_tiles(counts) == [0, 0, 1, 26, 31, 31]
    assert from_tiles(to_tiles(counts)) == counts
    assert from_tiles(reversed(to_tiles(counts))) == counts


def test_keys():
    counts = parse("19m19p19s1234567z")
    assert from_key_bits(key_bits(counts)) == counts
    full = (4,) * 34
    assert key_bits(full).bit_length() == 3 * 33 + 3
    assert key_base5(full) == 5 ** 34 - 1
    assert key_base5(full).bit_length() == 79 > 64


# --- errors -------------------------------------------------------------

def error_of(func, *args) -> str:
    with pytest.raises(HandError) as info:
        func(*args)
    assert isinstance(info.value, ValueError)
    return str(info.value)


@pytest.mark.parametrize("text, named", [
    ("123x", "'x'"),
    ("1m2q", "'q'"),
    ("1Z", "'Z'"),
    ("１m", "'１'"),          # full-width digit
    ("1m!", "'!'"),
    ("1m 2", "'2'"),           # digits at the end with no suit
    ("12", "'12'"),
    ("12东", "'12'"),           # digits before an honour name
    ("m", "'m'"),              # suit with no digits
    ("1m万", "'万'"),
    ("0m", "'0'"),
    ("5m0p", "'0'"),
    ("8z", "8z"),
    ("9z", "9z"),
    ("11111m", "1m"),
    ("5p5p5p5p 5筒", "5p"),
    ("中中中中7z", "7z"),
])
def test_parse_errors_name_the_offender(text, named):
    assert named in error_of(parse, text)


def test_parse_error_positions():
    assert "position 3" in error_of(parse, "123x")
    assert "position 2" in error_of(parse, "5 0m")


def test_parse_rejects_non_strings():
    assert "bytes" in error_of(parse, b"123m")
    assert "NoneType" in error_of(parse, None)


def test_fifth_copy_says_how_many():
    assert error_of(parse, "11111m") == "1m appears 5 times; a tile has 4 copies"


@pytest.mark.parametrize("func, hand, got", [
    (is_win, "1112223334445m", "got 13"),
    (is_win, "1m", "got 1"),
    (waits, "11122233344455m", "got 14"),
    (waits, "11m", "got 2"),
    (analyze, "111222333444555m", "got 15"),
    (analyze, "111222333444m", "got 12"),
    (analyze, "", "got 0"),
])
def test_wrong_number_of_tiles(func, hand, got):
    assert got in error_of(func, hand)


def test_check_size():
    assert check_size(parse("11m"), "3n+2") == 2
    assert check_size(parse("1m"), "3n+1") == 1
    assert "3n+1" in error_of(check_size, parse("11m"), "3n+1")


def test_as_counts_errors():
    assert "33" in error_of(as_counts, [0] * 33)
    assert "35" in error_of(as_counts, [0] * 35)
    assert "-1" in error_of(as_counts, [0] * 33 + [-1])
    assert "5z" in error_of(as_counts, [0] * 33 + [-1])
    assert "5 times" in error_of(as_counts, [5] + [0] * 33)
    assert "1.0" in error_of(as_counts, [1.0] + [0] * 33)
    assert "'1'" in error_of(as_counts, ["1"] + [0] * 33)
    assert as_counts([True] + [0] * 33) == as_counts([1] + [0] * 33)  # bool is an int
    assert "int" in error_of(as_counts, 7)
    assert as_counts(None) == (0,) * 34
    assert as_counts([0] * 34) == (0,) * 34


def test_tile_errors():
    for bad in (-1, 34, 1.5, True, "1m", None):
        assert repr(bad) in error_of(tile_name, bad)
    assert "not one tile" in error_of(tile_index, "11m")
    assert "not one tile" in error_of(tile_index, "")
    assert "34" in error_of(from_tiles, [34])


def test_from_key_bits_rejects_impossible_keys():
    assert "7 times" in error_of(from_key_bits, 7)
    assert "1m" in error_of(from_key_bits, 5)
    # bits above the 102 that 34 tiles use would otherwise be dropped silently
    assert "2**102" in error_of(from_key_bits, 1 << 102)
    assert "-1" in error_of(from_key_bits, -1)
    assert "'1m'" in error_of(from_key_bits, "1m")
    assert from_key_bits(key_bits((4,) * 34)) == (4,) * 34


def test_unseen_checks_its_arguments():
    assert unseen("55p", "55p")[22] == 0
    assert unseen("55p", None)[22] == 2
    assert unseen((0,) * 34, None) == (4,) * 34
    assert "33" in error_of(unseen, (0,) * 33, None)
    assert "'x'" in error_of(unseen, "x", None)
    assert "5p" in error_of(unseen, "555p", "55p")


def test_visible_errors():
    assert "5p" in error_of(lambda: waits("123456789m123s5p", visible="5555p"))
    assert "5p" in error_of(lambda: analyze("123456789m123s5p", visible="5555p"))
    assert "'x'" in error_of(lambda: waits("123456789m123s5p", visible="5x"))


# --- nothing but HandError escapes ----------------------------------------

ALPHABET = "0123456789mpsz zMP万萬条條索筒饼餅东東南西北中发發白一二三五九,，、!x\t\n"


@settings(deadline=None, derandomize=True, max_examples=600)
@given(st.text(alphabet=ALPHABET, max_size=30) | st.text(max_size=12))
def test_parse_random_text(text):
    try:
        counts = parse(text)
    except HandError as exc:
        assert str(exc)
        return
    assert isinstance(counts, tuple) and len(counts) == 34
    assert all(isinstance(c, int) and 0 <= c <= 4 for c in counts)
    assert parse(to_mpsz(counts)) == counts


@settings(deadline=None, derandomize=True, max_examples=300)
@given(st.text(alphabet="123456789mpsz", max_size=20))
def test_analyze_random_text(text):
    """Any typed hand either analyses or fails with HandError, never another exception."""
    try:
        result = analyze(text)
    except HandError:
        return
    assert result.as_dict()["tiles"] == sum(parse(text))


VALID_COUNTS = st.lists(st.integers(0, 4), min_size=34, max_size=34)
ONE_BAD_COUNT = st.tuples(  # 34 counts, one of them out of range or not an integer
    VALID_COUNTS, st.integers(0, 33),
    st.integers(-3, 8).filter(lambda c: not 0 <= c <= 4) | st.floats() | st.none(),
    st.sampled_from([list, tuple])).map(lambda t: t[3]([*t[0][:t[1]], t[2], *t[0][t[1] + 1:]]))


@settings(deadline=None, derandomize=True, max_examples=600)  # about half invalid
@given(st.one_of(
    st.lists(st.integers(-2, 6) | st.floats() | st.none() | st.booleans(),
             min_size=32, max_size=36),
    ONE_BAD_COUNT, VALID_COUNTS, VALID_COUNTS.map(tuple)))
def test_as_counts_random(seq):
    """34 integers 0-4 (a bool in a list reads as 0 or 1) come back as that tuple of ints;
    anything else is refused."""
    valid = len(seq) == 34 and all(type(c) in (int, bool) and 0 <= c <= 4 for c in seq)
    if not valid:
        with pytest.raises(HandError):
            as_counts(seq)
        return
    counts = as_counts(seq)
    assert type(counts) is tuple and counts == tuple(seq)
    assert all(type(c) is int for c in counts)
