"""Every single-suit hand: mjcore's readings against the brute-force oracle.

A single-suit hand is a count vector over the nine ranks of wan, each
count 0-4.  For 2, 5, 8, 11 and 14 tiles the test compares, hand by hand,
the set of readings mjcore finds with the set the oracle finds.  The
numbers of hands and of winning hands are printed (``pytest -s``) and
each is asserted against a second, independent computation.
"""

from __future__ import annotations

from functools import cache
from math import comb

import pytest
from oracle import as_readings, readings, seven_pairs

from mjcore import POYANG, RIICHI, STANDARD, decompositions, is_standard_win, is_win, waits

WIN_SIZES = (2, 5, 8, 11, 14)


def vectors(n: int, kinds: int) -> list[tuple[int, ...]]:
    """All count vectors of ``kinds`` entries, each 0-4, summing to n."""
    if kinds == 0:
        return [()] if n == 0 else []
    return [(c,) + rest for c in range(min(4, n) + 1) for rest in vectors(n - c, kinds - 1)]


def how_many(n: int, kinds: int) -> int:
    """The same number by inclusion-exclusion (stars and bars, at most 4 per kind)."""
    return sum((-1) ** k * comb(kinds, k) * comb(n - 5 * k + kinds - 1, kinds - 1)
               for k in range(kinds + 1) if n - 5 * k >= 0)


def wan(v: tuple[int, ...]) -> tuple[int, ...]:
    return v + (0,) * 25


@cache
def oracle_table(n: int) -> dict[tuple[int, ...], frozenset]:
    """The oracle's readings of every single-suit hand of n tiles."""
    return {v: frozenset(readings(wan(v))) for v in vectors(n, 9)}


@pytest.mark.parametrize("n", range(15))
def test_number_of_hands(n):
    assert len(vectors(n, 9)) == how_many(n, 9)
    assert len(vectors(n, 7)) == how_many(n, 7)


@pytest.mark.parametrize("n", [*WIN_SIZES[:-1],
                               pytest.param(WIN_SIZES[-1], marks=pytest.mark.slow)])  # verify
def test_every_single_suit_hand(n):
    table = oracle_table(n)
    mj_wins = oracle_wins = mj_readings = 0
    for v, expected in table.items():
        found = as_readings(decompositions(wan(v)))
        assert len(found) == len(set(found)), f"{v}: a reading listed twice"
        assert set(found) == expected, v
        assert is_standard_win(wan(v)) == bool(found)
        mj_wins += bool(found)
        mj_readings += len(found)
    oracle_wins = sum(bool(r) for r in table.values())
    oracle_readings = sum(len(r) for r in table.values())
    print(f"\n{n} tiles: {len(table)} hands, {mj_wins} win, {mj_readings} readings")
    assert len(table) == how_many(n, 9)
    assert mj_wins == oracle_wins
    assert mj_readings == oracle_readings
    assert 0 < mj_wins < len(table)


@pytest.mark.slow  # make verify: every single-suit 14-tile hand, three rule sets
def test_special_forms_over_every_single_suit_14_tile_hand():
    """One suit can hold seven pairs but never 十三烂 or thirteen orphans."""
    table = oracle_table(14)
    counts = {"standard": 0, "poyang": 0, "riichi": 0}
    expected = dict.fromkeys(counts, 0)
    for v, found in table.items():
        hand = wan(v)
        for rules in (STANDARD, POYANG, RIICHI):
            counts[rules.name] += is_win(hand, rules)
        expected["standard"] += bool(found)
        expected["poyang"] += bool(found) or seven_pairs(hand, True)
        expected["riichi"] += bool(found) or seven_pairs(hand, False)
    print(f"\nwinning single-suit 14-tile hands by preset: {counts}")
    assert counts == expected
    assert counts["standard"] < counts["riichi"] < counts["poyang"]


@pytest.mark.parametrize("n", WIN_SIZES)
def test_every_honour_hand(n):
    """Honours only: triplets and a pair, never a run."""
    mj_wins = 0
    for v in vectors(n, 7):
        hand = (0,) * 27 + v
        found = as_readings(decompositions(hand))
        assert set(found) == readings(hand) and len(found) == len(set(found))
        assert all(kind == "triplet" for _, melds in found for kind, _ in melds)
        mj_wins += bool(found)
    # counted directly: exactly one kind holds 2 (the pair), every other kind 0 or 3
    by_hand = sum(1 for v in vectors(n, 7) if v.count(2) == 1
                  and all(c in (0, 2, 3) for c in v))
    assert mj_wins == by_hand


@pytest.mark.parametrize("n, stride", [(1, 1), (4, 1), (7, 1), (10, 3), (13, 9)])
def test_single_suit_waits(n, stride):
    """Waits under STANDARD from the oracle's table of winning hands one tile larger.

    Under STANDARD a tile of another suit cannot complete a one-suit hand
    (it would be alone), so only the nine ranks need looking up.  10- and
    13-tile hands are checked on every ``stride``-th hand to keep the time down.
    """
    winning = {v for v, found in oracle_table(n + 1).items() if found}
    checked = 0
    for v in vectors(n, 9)[::stride]:
        expected = [r for r in range(9) if v[r] < 4
                    and v[:r] + (v[r] + 1,) + v[r + 1:] in winning]
        assert list(waits(wan(v), STANDARD).tiles) == expected, v
        checked += 1
    assert checked == -(-how_many(n, 9) // stride)
