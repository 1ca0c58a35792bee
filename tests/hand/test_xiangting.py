"""mjcore's shanten and effective tiles against the native xiangting package, hand for hand.

Under RIICHI rules the two compute the same things: xiangting's
replacement number is shanten + 1, and its necessary tiles are
mjcore's effective tiles (for 3n+2 hands: the tiles whose draw, with the
right discard, lowers the shanten).  ``make test`` compares 100,000
seeded hands; ``make verify`` (``--hands 1000000``) a million.  Every
size 1-14 that is 3n+1 or 3n+2 comes equally often; a third of the hands
hold a four of a kind, a third are drawn from a few kinds (many pairs:
seven pairs often ties the standard form) or from the terminals and
honours (thirteen orphans), and the rest from the whole wall.  The batch
(numpy) functions must give the same answers on the same hands.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from xiangting import (
    PlayerCount,
    calculate_necessary_tiles,
    calculate_replacement_number,
    calculate_unnecessary_tiles,
)

from mjcore import RIICHI
from mjcore.bulk import batch
from mjcore.hand.shanten import SIZES, discard_mask, effective_mask, shanten

# xiangting orders the 34 kinds m, p, s, then 1z-7z (east ... north, white, green, red)
THEIRS = (list(range(9)) + list(range(18, 27)) + list(range(9, 18))
          + [27, 28, 29, 30, 33, 32, 31])
ORPHAN_KINDS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def seeded_hands(count: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` hands as described in the module docstring, reproducibly."""
    rng = random.Random(seed)
    hands = []
    i = 0
    while len(hands) < count:
        i += 1
        size = SIZES[i % len(SIZES)]
        counts = [0] * 34
        kind = i % 6
        if kind < 2 and size >= 4:  # a four of a kind, the rest from the wall
            four = rng.randrange(34)
            counts[four] = 4
            wall = [t for t in range(34) if t != four for _ in range(4)]
            tiles = rng.sample(wall, size - 4)
        elif kind == 2:  # a few kinds: pairs, triplets, fours
            kinds = rng.sample(range(34), rng.randrange(2, 9))
            tiles = rng.sample([t for t in kinds for _ in range(4)], min(size, 4 * len(kinds)))
        elif kind == 3:  # mostly terminals and honours
            wall = [t for t in ORPHAN_KINDS for _ in range(4)] + rng.sample(range(136), 8)
            tiles = rng.sample([t % 34 if t >= 34 else t for t in wall], size)
        else:
            tiles = rng.sample([t for t in range(34) for _ in range(4)], size)
        for t in tiles:
            counts[t] += 1
        if max(counts) <= 4 and sum(counts) == size:
            hands.append(tuple(counts))
    return hands


def theirs(counts: tuple[int, ...]) -> list[int]:
    return [counts[t] for t in THEIRS]


def their_mask(bits: int) -> int:
    return sum(1 << THEIRS[i] for i in range(34) if bits >> i & 1)


@pytest.fixture(scope="module")
def hands(request) -> list[tuple[int, ...]]:
    return seeded_hands(request.config.getoption("--hands"), seed=2026)


def test_the_hands_cover_every_size_and_fours(hands, request):
    assert len(hands) == request.config.getoption("--hands")
    sizes = {sum(h) for h in hands}
    assert sizes == set(SIZES)
    big = [h for h in hands if sum(h) >= 4]
    assert sum(4 in h for h in big) >= len(big) // 3


def test_shanten_and_effective_tiles_agree_with_xiangting(hands):
    four = PlayerCount.FOUR
    wrong = []
    for counts in hands:
        number, necessary = calculate_necessary_tiles(theirs(counts), four)
        ours = effective_mask(counts, RIICHI)
        if ours != (number - 1, their_mask(necessary)) or shanten(counts, RIICHI) != number - 1:
            wrong.append(counts)
    assert not wrong, f"{len(wrong)} of {len(hands)} differ, first {wrong[0]}"


def test_discard_masks_agree_with_unnecessary_tiles(hands):
    """discard_mask (3n+2 hands) against xiangting's unnecessary tiles, one memo for all."""
    four = PlayerCount.FOUR
    memo: dict = {}
    wrong = []
    checked = 0
    for counts in hands:
        if sum(counts) % 3 != 2:
            continue
        checked += 1
        number, unnecessary = calculate_unnecessary_tiles(theirs(counts), four)
        if discard_mask(counts, RIICHI, memo) != (number - 1, their_mask(unnecessary)):
            wrong.append(counts)
    assert checked > len(hands) // 3
    assert not wrong, f"{len(wrong)} of {checked} differ, first {wrong[0]}"


def test_replacement_number_is_shanten_plus_one(hands):
    four = PlayerCount.FOUR
    sample = hands[:: max(1, len(hands) // 20_000)]
    assert all(calculate_replacement_number(theirs(h), four) == shanten(h, RIICHI) + 1
               for h in sample)


def test_batch_gives_the_scalar_answers(hands):
    rows = np.array(hands, dtype=np.int8)
    want = np.array([shanten(h, RIICHI) for h in hands])
    assert (batch.shanten(rows, RIICHI) == want).all()
    masks = batch.effective_masks(rows, RIICHI)
    assert all(int(m) == effective_mask(h, RIICHI)[1] for m, h in zip(masks, hands, strict=True))
