"""Shanten against brute force and against the ``mahjong`` package.

The brute force is written here from the definition, with nothing from
mjcore's algorithm: list every winning hand ``W`` of the target size and
take the fewest tiles of ``W`` missing from the hand.  ``shanten + 1``
must equal that number.  No tile of ``W`` may exceed four copies, which
is the four-copy rule (a tile held four times cannot be drawn again).
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations, combinations_with_replacement, product

import numpy as np
import pytest
from oracle import PRESET_FORMS, oracle_waits, wins

from mjcore import (
    POYANG,
    PRESETS,
    RIICHI,
    STANDARD,
    HandError,
    Rules,
    effective_tiles,
    is_win,
    parse,
)
from mjcore.hand.shanten import _wide_special, narrow_tables, shanten, sized_shanten
from mjcore.hand.vectors import shanten_lazy, suit_vector

# --- the brute force ------------------------------------------------------

MELDS = ([[t] * 3 for t in range(34)]
         + [[9 * s + r, 9 * s + r + 1, 9 * s + r + 2] for s in range(3) for r in range(7)])


@cache
def winning_hands(melds: int) -> np.ndarray:
    """Every standard winning hand with ``melds`` melds and a pair, as rows of 34 counts."""
    rows = set()
    for chosen in combinations_with_replacement(range(len(MELDS)), melds):
        base = [0] * 34
        for i in chosen:
            for t in MELDS[i]:
                base[t] += 1
        for pair in range(34):
            row = list(base)
            row[pair] += 2
            if max(row) <= 4:
                rows.add(tuple(row))
    return np.array(sorted(rows), dtype=np.int8)


def brute_shanten(counts) -> int:
    """Fewest tiles to draw to reach a standard winning hand, minus one."""
    n = sum(counts)
    target = winning_hands((n - 1) // 3)
    missing = np.maximum(target - np.array(counts, dtype=np.int8), 0).sum(axis=1)
    return int(missing.min()) - 1


def test_brute_force_sizes():
    # 34 pairs; 34 pairs x 55 melds less the 34 with pair and triplet of one tile (5 copies)
    assert [len(winning_hands(m)) for m in (0, 1)] == [34, 34 * 55 - 34]


def random_hand(rng: random.Random, size: int, kinds: list[int]) -> tuple[int, ...]:
    wall = [t for t in kinds for _ in range(4)]
    counts = [0] * 34
    for t in rng.sample(wall, size):
        counts[t] += 1
    return tuple(counts)


@pytest.mark.parametrize("size", [1, 2, 4, 5, 7, 8])
def test_small_hands_match_brute_force(size):
    rng = random.Random(100 + size)
    kinds_choices = [list(range(34)), list(range(9)), list(range(4)) + [27], [0, 1, 2, 27, 28]]
    for i in range(500 if size < 7 else 300):
        kinds = kinds_choices[i % len(kinds_choices)]
        counts = random_hand(rng, size, kinds)
        for rules in PRESETS.values():  # special forms only from 13 tiles on
            assert shanten(counts, rules) == brute_shanten(counts), counts


# One suit, large hands: W may put melds in other suits at no gain, so the best W is the
# best one-suit complete part with at most M melds and at most one pair.

@cache
def suit_parts() -> np.ndarray:
    """Rows (9 counts + melds + pair) of every complete one-suit part, copies <= 4."""
    melds = [[r] * 3 for r in range(9)] + [[r, r + 1, r + 2] for r in range(7)]
    rows = set()
    for k in range(5):
        for chosen in combinations_with_replacement(range(16), k):
            base = [0] * 9
            for i in chosen:
                for r in melds[i]:
                    base[r] += 1
            for pair in [None, *range(9)]:
                row = list(base)
                if pair is not None:
                    row[pair] += 2
                if max(row) <= 4:
                    rows.add((*row, k, pair is not None))
    return np.array(sorted(rows), dtype=np.int16)


def brute_one_suit(part: tuple[int, ...], melds: int) -> int:
    parts = suit_parts()
    allowed = parts[parts[:, 9] <= melds]
    overlap = np.minimum(allowed[:, :9], np.array(part)).sum(axis=1)
    return 3 * melds + 1 - int(overlap.max())


def test_one_suit_hands_with_four_copies_match_brute_force():
    rng = random.Random(7)
    for _ in range(1500):
        size = rng.choice([10, 11, 13, 14])
        weights = [rng.random() ** 3 for _ in range(9)]
        part = [0] * 9
        while sum(part) < size:
            r = rng.choices(range(9), weights)[0]
            if part[r] < 4:
                part[r] += 1
        counts = tuple(part) + (0,) * 25
        assert shanten(counts, STANDARD) == brute_one_suit(tuple(part), (size - 1) // 3), counts


def test_suit_vector_is_the_one_suit_brute_force_everywhere_small():
    parts = suit_parts()
    rng = random.Random(9)
    for _ in range(300):
        part = tuple(rng.randrange(5) if rng.random() < 0.5 else 0 for _ in range(9))
        vector = suit_vector(part)
        for p in (0, 1):
            for m in range(5):
                ok = parts[(parts[:, 9] <= m) & (parts[:, 10] <= p)]
                assert vector[5 * p + m] == np.minimum(ok[:, :9], part).sum(axis=1).max()


# --- named cases ------------------------------------------------------------

def test_four_copies_are_not_drawn_again():
    assert shanten("123456789m1111p") == 1
    # 111 222 333z keep; 4444z can give 444z but then a new pair must be drawn: 2 tiles.
    # (drawing a fifth 4z is impossible; breaking a triplet for the pair costs more)
    assert shanten("1112223334444z", STANDARD) == 1
    assert shanten("1112223334444z", RIICHI) == 1
    assert shanten("1111m") == 1 and brute_shanten(parse("1111m")) == 1
    assert shanten("1111m2222p") == 1 == brute_shanten(parse("1111m2222p"))


def test_complete_and_ready_agree_with_the_oracle():
    """Shanten -1 is a win and shanten 0 of 13 tiles a wait, as the oracle finds them by
    decomposition (is_win reads the same tables as shanten, so it is no witness alone)."""
    rng = random.Random(11)
    wins_seen = ready_seen = 0
    for n in range(2000):
        counts = list(random_hand(rng, 14, list(range(9)) + [27, 28]))
        for name, rules in PRESETS.items():
            won = wins(counts, PRESET_FORMS[name])
            assert (shanten(tuple(counts), rules) == -1) == won == is_win(counts, rules), counts
            wins_seen += won
            if n % 10 == 0:  # a tile out: ready exactly when some draw wins
                held = [t for t in range(34) if counts[t]]
                out = held[n // 10 % len(held)]
                ready = tuple(c - (t == out) for t, c in enumerate(counts))
                waiting = bool(oracle_waits(ready, PRESET_FORMS[name]))
                assert (shanten(ready, rules) == 0) == waiting, ready
                ready_seen += waiting
    assert wins_seen > 50 and ready_seen > 30  # both sides of each check are met (74, 47)


def test_special_forms():
    assert shanten("1122m3344p5566s7z") == 0
    assert shanten("1111m3344p5566s7z") == 0  # four count as two pairs
    # seven different kinds: 1111m is one pair, and a sixth kind must be paired too
    assert shanten("1111m3344p5566s7z", Rules(seven_pairs=True)) == 2
    assert shanten("19m19p19s1234567z", RIICHI) == 0
    assert shanten("19m19p19s1234567z", STANDARD) == 8
    assert shanten("147m258p369s1234z") == 0 == shanten("147m258p369s12345z") + 1
    assert shanten("66668888m88s7777z") == -1 and shanten("66668888m88s777z") == 0
    assert shanten("147m258p369s1234z", STANDARD) > 0
    # 2s7s: two 十三烂 tiles as a pair of ranks, but only one in any three ranks 3 apart
    assert shanten("157m36p27s1133347z") == 3 == brute_shisanlan(parse("157m36p27s1133347z"))


LAN_RANKS = [r for k in range(4) for r in combinations(range(9), k)
             if all(b - a >= 3 for a, b in zip(r, r[1:], strict=False))]


def brute_shisanlan(counts) -> int:
    """13 - best overlap over every 14-tile 十三烂 hand, enumerated."""
    best = 0
    suits = [[sum(1 for r in ranks if counts[9 * s + r]) for ranks in LAN_RANKS]
             for s in range(3)]
    sizes = [len(r) for r in LAN_RANKS]
    honours = sum(1 for c in counts[27:] if c)
    for i, a in enumerate(suits[0]):
        for j, b in enumerate(suits[1]):
            for k, c in enumerate(suits[2]):
                rest = 14 - sizes[i] - sizes[j] - sizes[k]
                if 0 <= rest <= 7:
                    best = max(best, a + b + c + min(rest, honours))
    return 13 - best


def brute_seven_pairs(counts, four_as_two: bool) -> int:
    """Try every choice of 0, 2 (or 4) for each kind held; other pairs go to kinds not held."""
    held = [t for t in range(34) if counts[t]]
    options = (0, 2, 4) if four_as_two else (0, 2)
    best = 0
    for choice in np.array(np.meshgrid(*[options] * len(held))).reshape(len(held), -1).T:
        if choice.sum() <= 14:
            best = max(best, sum(min(int(w), counts[t]) for w, t in zip(choice, held, strict=True)))
    return 13 - best


LAN_ONLY = Rules(name="lan", shisanlan=True)
PAIRS_FOUR = Rules(name="pairs4", seven_pairs=True, four_as_two_pairs=True)
PAIRS_SEVEN_KINDS = Rules(name="pairs7", seven_pairs=True)


def test_special_forms_match_brute_force():
    rng = random.Random(13)
    for _ in range(400):
        counts = random_hand(rng, rng.choice([13, 14]), [0, 3, 6, 10, 13, 16, 19, 22, 25, 27, 28,
                                                         29, 30, 31, 32, 33, 4])
        expected = min(shanten(counts, STANDARD), brute_shisanlan(counts))
        assert shanten(counts, LAN_ONLY) == expected, counts
    for _ in range(400):
        counts = random_hand(rng, rng.choice([13, 14]), [0, 1, 9, 18, 27, 31, 33])
        standard = shanten(counts, STANDARD)
        assert shanten(counts, PAIRS_FOUR) == min(standard, brute_seven_pairs(counts, True))
        assert shanten(counts, PAIRS_SEVEN_KINDS) == min(standard,
                                                         brute_seven_pairs(counts, False))


@pytest.mark.parametrize("bad", ["111m", "", "1m" * 15, [0] * 33, (5,) + (0,) * 33,
                                 ("1",) + (0,) * 33, (1.0,) + (0,) * 33, (-1,) + (1,) * 33,
                                 (256,) + (0,) * 33, (0,) * 34, (1,) * 34, [1] * 35, 34,
                                 None])
def test_bad_hands_raise_hand_error(bad):
    with pytest.raises(HandError):
        shanten(bad)
    with pytest.raises(HandError):
        effective_tiles(bad)


def test_bool_counts_are_the_integers_they_are():
    """Python's True is 1, so a tuple of bools is the hand of those ones (fast and slow path)."""
    ones = (1,) * 13 + (0,) * 21
    as_bools = (True,) * 13 + (False,) * 21
    assert shanten(as_bools) == shanten(list(as_bools)) == shanten(ones)


# --- the mahjong package ------------------------------------------------------
# mahjong orders man 0-8, pin 9-17, sou 18-26, then east south west north haku hatsu chun;
# mjcore orders m 0-8, s 9-17, p 18-26, east south west north zhong fa bai.
TO_MAHJONG = (list(range(9)) + list(range(18, 27)) + list(range(9, 18))
              + [27, 28, 29, 30, 33, 32, 31])


def mahjong_order(counts) -> list[int]:
    return [counts[i] for i in TO_MAHJONG]


def test_tile_order_mapping():
    from mahjong.tile import TilesConverter
    ours = parse("1m2s3p1z5z7z")
    theirs = TilesConverter.string_to_34_array(man="1", sou="2", pin="3", honors="157")
    assert mahjong_order(ours) == theirs  # mahjong's honors 5 haku, 7 chun; ours 5z bai, 7z chun


def comparison_hands(count: int, seed: int) -> list[tuple[int, ...]]:
    """Seeded 13- and 14-tile hands: a third uniform, a third few kinds, a third with a quad."""
    rng = random.Random(seed)
    hands = []
    for i in range(count):
        size = 13 + i % 2
        style = i % 3
        if style == 0:
            counts = random_hand(rng, size, list(range(34)))
        elif style == 1:
            kinds = rng.sample(range(34), rng.randrange(5, 12))
            counts = random_hand(rng, size, kinds)
        else:
            quad = rng.randrange(34)
            rest = random_hand(rng, size - 4, [t for t in range(34) if t != quad])
            counts = tuple(4 if t == quad else c for t, c in enumerate(rest))
        hands.append(counts)
    return hands


@pytest.mark.parametrize("n", [20_000, pytest.param(200_000, marks=pytest.mark.slow)])
def test_mahjong_package_agrees(n):
    """200,000 hands in make verify, the first 20,000 of them in make test."""
    from mahjong.shanten import Shanten
    calculate = Shanten.calculate_shanten
    hands = comparison_hands(n, seed=2026)
    differences = [h for h in hands if shanten(h, RIICHI) != calculate(mahjong_order(h))]
    assert differences == []
    quads = sum(1 for h in hands if 4 in h)
    assert quads > 0.33 * n


def test_mahjong_package_on_four_copies():
    from mahjong.shanten import Shanten
    for hand in ["123456789m1111p", "1112223334444z", "1111m2222p3333s4z", "11112222333344m"]:
        counts = parse(hand)
        assert shanten(counts, RIICHI) == Shanten.calculate_shanten(mahjong_order(counts)), hand


def test_tables_agree_with_the_lazy_design_under_every_preset():
    """The tables' shanten (narrow numbers, inline special forms) against shanten_lazy, which
    runs the dynamic program per suit and counts the special forms its own way."""
    rng = random.Random(2027)
    hands = [random_hand(rng, size, list(range(34))) for size in (13, 14) for _ in range(1500)]
    for rules in (STANDARD, POYANG, RIICHI):
        differ = [h for h in hands if shanten(h, rules) != shanten_lazy(h, rules)]
        assert differ == [], (rules.name, differ[:3])
        sized = [h for h in hands if sized_shanten(h, rules) != (sum(h), shanten_lazy(h, rules))]
        assert sized == [], (rules.name, sized[:3])


def seven_pairs_field(i: int, bits: tuple[int, ...], rules: Rules) -> tuple[int, int]:
    """One field value of the special-form tables read on its own: its seven-pairs shanten
    and the bits of the draws that help it, from the counts packed in ``i`` (widths
    ``bits``: kinds held twice or more, kinds held, fours, threes)."""
    doubled = rules.seven_pairs and rules.four_as_two_pairs
    counts, rest = [], i
    for width in bits[:4]:
        counts.append(rest % 2 ** width)
        rest //= 2 ** width
    twos, kinds, fours, threes = counts if doubled else counts[:2] + [0, 0]
    held = min(twos + fours, 7)  # pairs, fours counting twice with four_as_two_pairs
    singles = kinds - twos + threes
    value = 13 - 2 * held - min(singles, 7 - held) if rules.seven_pairs else 99
    helps = (0b1010 if doubled else 0b10) if held < 7 else 0  # a pair made
    if singles < 7 - held:
        helps |= 0b101 if doubled else 0b1  # a kind added
    return value, helps


@pytest.mark.parametrize("flags", list(product((False, True), repeat=4)))
def test_special_form_tables_hold_each_field_read_alone(flags):
    """The tables of seven pairs and thirteen orphans, narrow and wide, built at once for
    a rule set: every entry is what its field value gives read on its own, for every
    combination of the special forms' switches."""
    seven, fours, orphans, lan = flags
    rules = Rules(name="t", seven_pairs=seven, four_as_two_pairs=fours,
                  thirteen_orphans=orphans, shisanlan=lan)
    narrow = (3, 4, 2, 3, 4, 3)
    pairs, width, orphan_table, lan_on = narrow_tables(rules)
    assert (lan_on, len(pairs)) == (lan, width + 1)
    assert pairs == [seven_pairs_field(i, narrow, rules)[0] for i in range(width + 1)]
    pairs, width, orphan_table, lan_on, helps, orphan_helps = _wide_special(rules)
    wide = (4, 4, 4, 4, 4, 4)
    assert width + 1 == (2 ** 16 if seven and fours else 2 ** 8) == len(pairs) == len(helps)
    assert list(zip(pairs, helps, strict=True)) == [
        seven_pairs_field(i, wide, rules) for i in range(width + 1)]
    assert orphan_table == [13 - i % 16 - (i >= 16) if orphans else 99 for i in range(256)]
    assert orphan_helps == [1 if i >= 16 else 3 for i in range(256)]
