"""Random deals: hands drawn from a full wall, and random winning hands.

Seeded: every function takes a ``random.Random``, never the global generator, so a
chapter or a test that passes ``random.Random(2026)`` gets the same hands on every run.
Used by the chapters, the tests, the benchmark and :func:`mjcore.play.bestplay.near_ready_hands`.
"""

from __future__ import annotations

import random

from .checks import instance_arg, int_arg
from .tiles import COPIES, N_KINDS

MAX_NEW_HANDS = 100_000
"""The most hands :func:`random_hands` and :func:`random_wins` make in one call."""

WALL = tuple(tile for tile in range(N_KINDS) for _ in range(COPIES))


def random_hands(n: int, rng: random.Random, size: int = 14) -> list[tuple[int, ...]]:
    """``n`` hands of ``size`` tiles drawn from a full wall of 136.

    >>> [sum(h) for h in random_hands(3, random.Random(1))]
    [14, 14, 14]

    ``n`` is 0 to 100,000 (:data:`MAX_NEW_HANDS`) and ``size`` 0-136.
    """
    n, size = int_arg(n, "n", 0, MAX_NEW_HANDS), int_arg(size, "size", 0, len(WALL))
    instance_arg(rng, random.Random, "rng", "a random.Random")
    hands = []
    for _ in range(n):
        counts = [0] * N_KINDS
        for tile in rng.sample(WALL, size):
            counts[tile] += 1
        hands.append(tuple(counts))
    return hands


def random_wins(n: int, rng: random.Random) -> list[tuple[int, ...]]:
    """``n`` winning hands: a random pair and four random melds (40% triplets).

    A draw that would hold a fifth copy of a tile is thrown away and drawn again.

    >>> from mjcore import is_standard_win
    >>> all(is_standard_win(h) for h in random_wins(50, random.Random(1)))
    True
    """
    n = int_arg(n, "n", 0, MAX_NEW_HANDS)
    instance_arg(rng, random.Random, "rng", "a random.Random")
    hands = []
    while len(hands) < n:
        counts = [0] * N_KINDS
        counts[rng.randrange(N_KINDS)] += 2
        for _ in range(4):
            if rng.random() < 0.4:
                counts[rng.randrange(N_KINDS)] += 3
            else:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                for t in range(start, start + 3):
                    counts[t] += 1
        if max(counts) <= COPIES:
            hands.append(tuple(counts))
    return hands


__all__ = ["MAX_NEW_HANDS", "WALL", "random_hands", "random_wins"]
