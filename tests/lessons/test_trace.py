"""Tests for mjcore.lessons.trace: the recorded search trees agree with mjcore's search."""

from __future__ import annotations

from collections import Counter
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcore import HandError, decompositions, from_tiles, is_standard_win, parse
from mjcore.lessons.trace import ORDERS, Node, duplicate_paths, path_counts, render, search_tree

HARD = ["111222333m44455s", "11123455678999m", "11112345678999m", "11122233344455m",
        "11112222333344m", "22334455667788m", "11122233344459m"]


@st.composite
def hands_3n2(draw, kinds: int = 34) -> tuple[int, ...]:
    """A 3n+2 hand (2-14 tiles) drawn from the first ``kinds`` tile kinds."""
    size = draw(st.sampled_from([2, 5, 8, 11, 14]))
    counts = [0] * 34
    while sum(counts) < size:
        tile = draw(st.integers(0, kinds - 1))
        if counts[tile] < 4:
            counts[tile] += 1
    return tuple(counts)


@settings(max_examples=300, deadline=None)
@given(hands_3n2(kinds=9) | hands_3n2(kinds=34))
def test_smallest_first_reaches_each_reading_once(counts):
    tree = search_tree(counts, "smallest")
    assert path_counts(tree) == Counter(decompositions(counts))
    assert duplicate_paths(tree) == 0


@settings(max_examples=150, deadline=None)
@given(hands_3n2(kinds=9))
def test_all_orders_find_the_same_readings(counts):
    expected = set(decompositions(counts))
    for order in ORDERS:
        assert set(search_tree(counts, order).readings()) == expected
    assert bool(expected) == is_standard_win(counts)


@settings(max_examples=150, deadline=None)
@given(hands_3n2(kinds=9))
def test_anywhere_reaches_a_reading_once_per_order_of_its_parts(counts):
    for reading, paths in path_counts(search_tree(counts, "anywhere")).items():
        parts = Counter(reading.melds)
        parts[("pair", reading.pair)] += 1
        orders = factorial(sum(parts.values()))
        for k in parts.values():
            orders //= factorial(k)
        assert paths == orders


@settings(max_examples=150, deadline=None)
@given(hands_3n2(kinds=9))
def test_one_meld_repeats_only_with_four_of_a_kind(counts):
    if max(counts) < 4:
        assert duplicate_paths(search_tree(counts, "one_meld")) == 0


def test_node_counts_of_hard_hands():
    sizes = {h: [search_tree(h, o).size for o in ORDERS] for h in HARD}
    assert sizes["111222333m44455s"] == [614, 26, 10]
    assert sizes["11123455678999m"] == [1239, 15, 8]
    assert all(smallest < one_meld < anywhere for anywhere, one_meld, smallest in sizes.values())


def test_known_repeats():
    assert [duplicate_paths(search_tree("11112344m", o)) for o in ORDERS] == [5, 1, 0]
    assert sorted(path_counts(search_tree("111222333m44455s", "anywhere")).values()) == [20, 120]


def test_tree_shape_of_111222333m44455s():
    tree = search_tree("111222333m44455s")
    assert tree.label == "111222333m44455s"
    assert [c.label for c in tree.children] == ["123m 123m 123m", "111m", "11m 123m"]
    assert tree.size == 10 and tree.depth == 5
    wins = [leaf for leaf in tree.leaves() if leaf.is_win]
    dead = [leaf for leaf in tree.leaves() if not leaf.is_win]
    assert [str(leaf.reading) for leaf in wins] == ["55s 123m 123m 123m 444s",
                                                   "55s 111m 222m 333m 444s"]
    assert [leaf.label for leaf in dead] == ["11m 123m"]


def test_a_hand_that_does_not_win_has_only_dead_ends():
    tree = search_tree("11122233344459m")
    assert tree.readings() == [] and all(not leaf.is_win for leaf in tree.leaves())
    assert not is_standard_win("11122233344459m")


def test_render_marks_wins_and_dead_ends():
    text = render(search_tree("11122m", "anywhere"))
    assert text.splitlines()[0] == "11122m"
    assert "  11m dead end" in text.splitlines()
    assert text.count("win: 22m 111m") == 2


def test_node_properties():
    leaf = Node("x")
    assert leaf.size == 1 and leaf.depth == 0 and not leaf.is_win
    assert list(leaf.leaves()) == [leaf] and leaf.readings() == []


def test_honours_are_triplets_and_pairs_only():
    tree = search_tree("123z11m", "anywhere")
    assert tree.readings() == []
    assert {str(r) for r in search_tree("111z777z11m", "anywhere").readings()} == {
        "11m 111z 777z"}


def test_runs_do_not_cross_suits():
    for order in ORDERS:
        assert search_tree("89m1s11p", order).readings() == []


def test_bad_input():
    with pytest.raises(HandError, match="3n\\+2"):
        search_tree("111m")
    with pytest.raises(ValueError, match="order must be one of"):
        search_tree("11m", "random")
    with pytest.raises(HandError):
        search_tree(from_tiles([0] * 4) + (0,), "smallest")


def test_accepts_counts_and_notation_alike():
    assert search_tree(parse("11123m")) == search_tree("11123m")


def test_honours_at_the_end_of_the_index_range():
    for order in ORDERS:
        assert [str(r) for r in search_tree("55z", order).readings()] == ["55z"]
        assert [str(r) for r in search_tree("567z11z", order).readings()] == []
        assert {str(r) for r in search_tree("555z666z77z", order).readings()} == {
            "77z 666z 555z"}
