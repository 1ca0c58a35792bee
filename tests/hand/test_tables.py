"""Table-based win checks and waits: the tables against the backtracking search."""

from __future__ import annotations

import random
from itertools import product

import pytest

from mjcore import POYANG, PRESETS, RIICHI, STANDARD, HandError, is_win, parse, waits
from mjcore.hand.decompose import _can_split
from mjcore.hand.forms import is_win_by_search as search_is_win
from mjcore.hand.tables import complete_honors, complete_parts, standard_win
from mjcore.hand.waits import waits_by_trial as search_waits

RULES = list(PRESETS.values())


def all_parts(size: int, max_tiles: int = 14):
    for part in product(range(5), repeat=size):
        if sum(part) <= max_tiles:
            yield part


def test_suit_table_is_the_backtracking_search_on_every_suit():
    table = complete_parts()
    checked = 0
    for part in all_parts(9):
        n = sum(part)
        if n % 3 == 1:
            assert part not in table
            continue
        counts = list(part) + [0] * 25
        assert (part in table) == _can_split(counts, 0, n % 3 == 2), part
        if part in table:
            assert table[part] == (n % 3 == 2)
        checked += 1
    assert checked == 273005 and len(table) == 21743


def test_honour_table_is_the_backtracking_search():
    table = complete_honors()
    for part in all_parts(7):
        n = sum(part)
        counts = [0] * 27 + list(part)
        expected = n % 3 != 1 and _can_split(counts, 0, n % 3 == 2)
        assert (part in table) == expected, part


def random_hand(rng: random.Random, size: int, kinds: list[int]) -> tuple[int, ...]:
    wall = [t for t in kinds for _ in range(4)]
    counts = [0] * 34
    for t in rng.sample(wall, size):
        counts[t] += 1
    return tuple(counts)


def winning_hand(rng: random.Random, melds: int) -> tuple[int, ...]:
    """A random standard winning hand (rejection sampling keeps copies <= 4)."""
    while True:
        counts = [0] * 34
        counts[rng.randrange(34)] += 2
        for _ in range(melds):
            if rng.random() < 0.5:
                counts[rng.randrange(34)] += 3
            else:
                s, r = rng.randrange(3), rng.randrange(7)
                for k in range(3):
                    counts[9 * s + r + k] += 1
        if max(counts) <= 4:
            return tuple(counts)


def hand_pool(rng: random.Random, count: int, size: int) -> list[tuple[int, ...]]:
    """Random hands, near-wins and one-suit hands: many waits and many four-copy cases."""
    pool = []
    for i in range(count):
        kind = i % 3
        if kind == 0:
            pool.append(random_hand(rng, size, list(range(34))))
        elif kind == 1:
            pool.append(random_hand(rng, size, list(range(9)) + [27]))
        else:
            full = list(winning_hand(rng, (size - 1) // 3))
            if size % 3 == 1:
                full[rng.choice([t for t in range(34) if full[t]])] -= 1
            else:
                drop = rng.choice([t for t in range(34) if full[t]])
                full[drop] -= 1
                full[rng.choice([t for t in range(34) if full[t] < 4])] += 1
            pool.append(tuple(full))
    return pool


@pytest.mark.parametrize("size", [2, 5, 8, 11, 14])
def test_is_win_matches_the_search(size):
    rng = random.Random(2026 + size)
    for counts in hand_pool(rng, 3000, size):
        for rules in RULES:
            assert is_win(counts, rules) == search_is_win(counts, rules), (counts, rules.name)


SPECIAL = ["1122m3344p5566s77z", "1111m3344p5566s77z", "19m19p19s12345677z",
           "147m258p369s12345z", "147m258p369s1234z5z", "11223344556677m"]


@pytest.mark.parametrize("hand", SPECIAL)
def test_is_win_special_forms(hand):
    for rules in RULES:
        assert is_win(hand, rules) == search_is_win(hand, rules)


@pytest.mark.parametrize("size", [1, 4, 7, 10, 13])
def test_waits_match_the_search(size):
    rng = random.Random(4000 + size)
    for counts in hand_pool(rng, 700, size):
        for rules in RULES:
            assert waits(counts, rules) == search_waits(counts, rules), (counts, rules.name)


@pytest.mark.parametrize("hand", ["1122m3344p5566s7z", "1111m3344p5566s7z", "1122m3344p5556s7z",
                                  "19m19p19s1234567z", "19m19p19s1234566z", "147m258p369s1234z",
                                  "14m258p369s12345z", "1112345678999m"])
def test_waits_special_forms(hand):
    for rules in RULES:
        assert waits(hand, rules) == search_waits(hand, rules), rules.name


def test_waits_with_visible_tiles():
    assert waits("123456789m123s5p", visible="55p") == search_waits("123456789m123s5p",
                                                                       visible="55p")
    assert str(waits("1112345678999m", RIICHI)) == str(search_waits("1112345678999m", RIICHI))


def test_standard_win_needs_exactly_one_pair():
    assert standard_win(parse("11m")) and not standard_win(parse("11m22p111s"))
    assert not standard_win(parse("111m"))


@pytest.mark.parametrize("bad", ["111m", "1m" * 5, [0] * 33, (5,) + (0,) * 33, "11m" * 8])
def test_bad_hands_raise_hand_error(bad):
    with pytest.raises(HandError):
        is_win(bad, POYANG)
    with pytest.raises(HandError):
        waits(bad, STANDARD)
