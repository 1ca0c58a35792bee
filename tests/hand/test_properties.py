"""Property tests: mjcore against the brute-force oracle on random hands.

Hands come from three generators: any tiles of the 136 (rarely a win),
tiles of one suit (more readings, more wins), and hands built from a
pair and melds (a standard win unless trimming to four copies broke
it), optionally with one tile removed (often a ready hand).  Runs are
derandomized, so they are repeatable.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import (
    MELDS,
    POYANG_FORMS,
    RIICHI_FORMS,
    STANDARD_FORMS,
    as_readings,
    counts_of,
    meld_tiles,
    oracle_waits,
    readings,
    wins,
)

from mjcore import (
    POYANG,
    RIICHI,
    STANDARD,
    analyze,
    decompositions,
    from_tiles,
    is_standard_win,
    is_win,
    key_base5,
    key_bits,
    parse,
    to_chinese,
    to_mpsz,
    to_tiles,
    waits,
    winning_forms,
)
from mjcore.base.tiles import from_key_bits

PRESET_FORMS = [(STANDARD, STANDARD_FORMS), (POYANG, POYANG_FORMS), (RIICHI, RIICHI_FORMS)]
WIN_SIZES = (2, 5, 8, 11, 14)
WAIT_SIZES = (1, 4, 7, 10, 13)

SETTINGS = settings(deadline=None, derandomize=True, max_examples=250)


@st.composite
def any_tiles(draw, sizes):
    """n tiles drawn from the full set of 136 (4 copies of 34 kinds)."""
    n = draw(st.sampled_from(sizes))
    copies = draw(st.lists(st.integers(0, 135), min_size=n, max_size=n, unique=True))
    return tuple(counts_of(c // 4 for c in copies))


@st.composite
def one_suit(draw, sizes):
    """n tiles of one suit (or of the honours when they are enough)."""
    n = draw(st.sampled_from(sizes))
    start, kinds = draw(st.sampled_from([(0, 9), (9, 9), (18, 9)] + [(27, 7)] * (n <= 28)))
    copies = draw(st.lists(st.integers(0, 4 * kinds - 1), min_size=n, max_size=n, unique=True))
    return tuple(counts_of(start + c // 4 for c in copies))


SUIT_MELDS = [[m for m in MELDS if m[1] // 9 == s and m[1] < 27] for s in range(3)]


@st.composite
def built(draw, drop_one=False):
    """A pair plus 0-4 melds, no tile more than 4 times; maybe minus one tile.

    Half the time pair and melds share one suit, where readings overlap most.
    """
    if draw(st.booleans()):
        pair = draw(st.integers(0, 33))
        melds = draw(st.lists(st.sampled_from(MELDS), max_size=4))
    else:
        suit = draw(st.integers(0, 2))
        pair = 9 * suit + draw(st.integers(0, 8))
        melds = draw(st.lists(st.sampled_from(SUIT_MELDS[suit]), min_size=2, max_size=4))
    tiles = [pair, pair] + [t for m in melds for t in meld_tiles(m)]
    too_many = [t for t, c in Counter(tiles).items() if c > 4]
    for t in too_many:                  # repair rather than reject: drop the excess
        while tiles.count(t) > 4:
            tiles.remove(t)
    tiles = tiles[: len(tiles) - (len(tiles) - 2) % 3]   # back to 3n+2
    if drop_one:
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    return tuple(counts_of(tiles))


ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


@st.composite
def special(draw, drop_one=False):
    """14 tiles shaped like a special form, maybe with one tile changed or removed.

    Seven pairs (a kind may repeat, giving four of a kind), thirteen
    orphans, or 十三烂 (three ranks of each suit at least 3 apart, plus honours).
    """
    shape = draw(st.sampled_from(["pairs", "orphans", "lan"]))
    if shape == "pairs":
        kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7))
        tiles = [t for k in kinds for t in (k, k)]
    elif shape == "orphans":
        tiles = ORPHANS + [draw(st.sampled_from(ORPHANS))]
    else:
        tiles = []
        for suit in range(3):
            first = draw(st.integers(0, 2))
            tiles += [9 * suit + r for r in (first, first + 3, first + 6)]
        tiles += draw(st.permutations(range(27, 34)))[:5]
    tiles = draw(st.permutations(tiles))
    if draw(st.booleans()):                         # change one tile
        tiles[0] = draw(st.integers(0, 33))
    if drop_one:
        tiles.pop()
    counts = counts_of(tiles)
    if max(counts) > 4:                             # seven pairs of one kind: trim
        counts = [min(c, 4) for c in counts]
        extra = 14 - drop_one - sum(counts)
        for t in range(34):
            while extra and counts[t] < 4:
                counts[t] += 1
                extra -= 1
    return tuple(counts)


win_hands = any_tiles(WIN_SIZES) | one_suit(WIN_SIZES) | built() | special()
wait_hands = (any_tiles(WAIT_SIZES) | one_suit(WAIT_SIZES) | built(drop_one=True)
              | special(drop_one=True))


@SETTINGS
@given(win_hands)
def test_decompositions_equal_the_oracle(counts):
    found = as_readings(decompositions(counts))
    assert len(found) == len(set(found)), "a reading listed twice"
    assert set(found) == readings(counts)
    assert is_standard_win(counts) == bool(found)


@settings(deadline=None, derandomize=True, max_examples=400)
@given(built())
def test_decompositions_of_built_hands_equal_the_oracle(counts):
    found = as_readings(decompositions(counts))
    assert len(found) == len(set(found))
    assert set(found) == readings(counts)


@SETTINGS
@given(win_hands)
def test_decompositions_are_sorted_and_use_every_tile(counts):
    found = decompositions(counts)
    assert found == sorted(found, key=lambda d: (d.pair, d.melds))
    for d in found:
        # melds by starting tile; at one tile the triplet comes before runs ("111m 123m")
        assert list(d.melds) == sorted(d.melds, key=lambda m: (m.tile, m.kind != "triplet"))
        tiles = [d.pair, d.pair] + [t for m in d.melds for t in m.tiles]
        assert from_tiles(tiles) == counts


@SETTINGS
@given(win_hands)
def test_is_win_equals_the_oracle_under_each_preset(counts):
    for rules, forms in PRESET_FORMS:
        assert is_win(counts, rules) == wins(counts, forms)
        assert bool(winning_forms(counts, rules)) == is_win(counts, rules)
        assert analyze(counts, rules).win == is_win(counts, rules)


@SETTINGS
@given(wait_hands)
def test_waits_equal_the_oracle(counts):
    for rules, forms in PRESET_FORMS:
        w = waits(counts, rules)
        assert list(w.tiles) == oracle_waits(counts, forms)
        assert w.remaining == {t: 4 - counts[t] for t in w.tiles}
        assert all(n > 0 for n in w.remaining.values())


@SETTINGS
@given(wait_hands, st.data())
def test_visible_tiles_only_lower_the_remaining_counts(counts, data):
    free = [t for t in range(34) for _ in range(4 - counts[t])]
    picked = data.draw(st.lists(st.sampled_from(range(len(free))), max_size=8, unique=True))
    visible = tuple(counts_of(free[i] for i in picked))
    plain, seen = waits(counts), waits(counts, visible=visible)
    assert seen.tiles == plain.tiles
    assert seen.remaining == {t: plain.remaining[t] - visible[t] for t in plain.tiles}


@SETTINGS
@given(any_tiles(range(0, 15)) | one_suit(range(0, 15)))
def test_notation_round_trips(counts):
    assert parse(to_mpsz(counts)) == counts
    assert parse(to_chinese(counts)) == counts
    assert from_tiles(to_tiles(counts)) == counts
    assert to_mpsz(parse(to_mpsz(counts))) == to_mpsz(counts)


@SETTINGS
@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_keys_round_trip_and_are_injective(counts):
    counts = tuple(counts)
    assert from_key_bits(key_bits(counts)) == counts
    digits, key = [], key_base5(counts)
    for _ in range(34):
        key, d = divmod(key, 5)
        digits.append(d)
    assert tuple(reversed(digits)) == counts and key == 0


def _swap_suits(counts, order):
    """Move suit blocks: order[i] is where suit i goes (0 m, 1 s, 2 p)."""
    out = [0] * 34
    for s in range(3):
        out[9 * order[s]: 9 * order[s] + 9] = counts[9 * s: 9 * s + 9]
    out[27:] = counts[27:]
    return tuple(out)


@SETTINGS
@given(win_hands, st.permutations([0, 1, 2]))
def test_renaming_suits_changes_nothing(counts, order):
    moved = _swap_suits(counts, order)
    assert len(decompositions(moved)) == len(decompositions(counts))
    for rules, _ in PRESET_FORMS:
        assert is_win(moved, rules) == is_win(counts, rules)
