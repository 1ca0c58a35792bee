"""The numpy batch functions give the scalar answers, row for row."""

from __future__ import annotations

import random
from itertools import product

import numpy as np
import pytest

from mjcore import PRESETS, STANDARD, HandError
from mjcore import is_win as scalar_is_win
from mjcore.bulk.batch import effective_masks, is_win, part_table, shanten
from mjcore.hand.shanten import shanten as scalar_shanten
from mjcore.hand.vectors import SIZES, honor_vector, suit_vector


def random_rows(rng: random.Random, count: int, sizes) -> np.ndarray:
    rows = np.zeros((count, 34), dtype=np.int64)
    for i in range(count):
        kinds = list(range(34)) if i % 2 else rng.sample(range(34), rng.randrange(3, 12))
        wall = [t for t in kinds for _ in range(4)]
        for t in rng.sample(wall, min(rng.choice(sizes), len(wall))):
            rows[i, t] += 1
    return rows[np.isin(rows.sum(axis=1), sizes)]


def test_tables_are_the_scalar_vectors():
    suits, honors = part_table(9), part_table(7, runs=False)
    assert suits.shape == (10, 5 ** 9) and honors.shape == (10, 5 ** 7)
    rng = random.Random(5)
    keys = [k for k in product(range(5), repeat=9) if sum(k) <= 6]
    keys += [tuple(rng.randrange(5) for _ in range(9)) for _ in range(3000)]
    for part in keys:
        key = int(np.dot(part, 5 ** np.arange(8, -1, -1)))
        assert tuple(suits[:, key]) == suit_vector(part), part
    for part in product(range(5), repeat=7):
        key = int(np.dot(part, 5 ** np.arange(6, -1, -1)))
        assert tuple(honors[:, key]) == honor_vector(part), part


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_shanten_matches_scalar(rules):
    rows = random_rows(random.Random(len(rules.name)), 20_000, SIZES)
    got = shanten(rows, rules)
    assert got.tolist() == [scalar_shanten(tuple(int(c) for c in r), rules) for r in rows]


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_is_win_matches_scalar(rules):
    rng = random.Random(17)
    rows = random_rows(rng, 20_000, (2, 5, 8, 11, 14))
    got = is_win(rows, rules)
    expected = [scalar_is_win([int(c) for c in r], rules) for r in rows]
    assert got.tolist() == expected and sum(expected) > 200
    # complete hands found by shanten -1 are exactly the wins
    assert (shanten(rows, rules) == -1).tolist() == expected


def test_special_forms_in_batch():
    from mjcore import parse
    hands = ["1122m3344p5566s77z", "1111m3344p5566s77z", "19m19p19s12345677z",
             "147m258p369s12345z"]
    rows = np.array([parse(h) for h in hands])
    for rules in PRESETS.values():
        assert is_win(rows, rules).tolist() == [scalar_is_win(h, rules) for h in hands]
        assert shanten(rows, rules).tolist() == [scalar_shanten(h, rules) for h in hands]


@pytest.mark.parametrize("bad", [np.zeros((2, 33), int), np.zeros(34, int),
                                 np.full((1, 34), 5), np.zeros((1, 34), int),
                                 np.zeros((1, 34)) + 0.5])
def test_bad_batches_raise_hand_error(bad):
    with pytest.raises(HandError):
        shanten(bad)
    with pytest.raises(HandError):
        is_win(bad)


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_effective_masks_match_scalar(rules):
    """Every preset, every size, with rows built to tie a special form (each read of the
    packed part numbers is used somewhere here)."""
    from mjcore import effective_mask, parse
    rows = random_rows(random.Random(3 + len(rules.name)), 10_000, SIZES)
    near = ["147m258p369s12345z", "147m258p369s1234z", "1122m3344p5566s17z", "19m19p19s1234567z",
            "19m19p19s1234566z", "1111m3344p5566s7z", "14m258p369s123456z"]
    rows = np.concatenate([rows, np.array([parse(h) for h in near])])
    masks = effective_masks(rows, rules)
    got = list(zip(shanten(rows, rules).tolist(), masks.tolist(), strict=True))
    assert got == [effective_mask(tuple(int(c) for c in r), rules) for r in rows]
    tail = rows[-len(near):]
    lowered = (shanten(tail, rules) < shanten(tail, STANDARD)).sum()  # a special form counts
    assert lowered >= 5 if rules != STANDARD else lowered == 0


def test_random_batch_draws_as_one_sample_per_row():
    """Made a chunk of rows at a time, the batch is what one draw for all rows gives."""
    from mjcore.bulk.batch import CHUNK, random_batch
    count, size = CHUNK + 5, 13
    tiles = np.random.default_rng(11).random((count, 136)).argsort(axis=1)[:, :size] // 4
    want = np.zeros((count, 34), dtype=np.int8)
    for row, drawn in enumerate(tiles):
        np.add.at(want[row], drawn, 1)
    got = random_batch(np.random.default_rng(11), count, size)
    assert (got == want).all() and (got.sum(axis=1) == size).all()
