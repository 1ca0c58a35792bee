"""Benchmark: table-based functions against the ``mahjong`` package, same hands, same run.

Run with ``.venv/bin/python bench/bench.py`` (not a test: timings vary by machine).
Prints per-hand times (median of several repeats) and ratios; RIICHI rules,
which match the forms the mahjong package knows.  Explained in chapter 4.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

import numpy as np
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from mjcore import RIICHI, batch, is_win, waits
from mjcore.forms import is_win_by_search
from mjcore.shanten import shanten
from mjcore.waits import waits_by_trial

REPEATS = 5
TO_MAHJONG = (list(range(9)) + list(range(18, 27)) + list(range(9, 18))
              + [27, 28, 29, 30, 33, 32, 31])


def theirs(counts: tuple[int, ...]) -> list[int]:
    return [counts[i] for i in TO_MAHJONG]


def random_hand(rng: random.Random, size: int) -> tuple[int, ...]:
    counts = [0] * 34
    for t in rng.sample([t for t in range(34) for _ in range(4)], size):
        counts[t] += 1
    return tuple(counts)


def winning_hand(rng: random.Random) -> tuple[int, ...]:
    while True:
        counts = [0] * 34
        counts[rng.randrange(34)] += 2
        for _ in range(4):
            if rng.random() < 0.4:
                counts[rng.randrange(34)] += 3
            else:
                s, r = rng.randrange(3), rng.randrange(7)
                for k in range(3):
                    counts[9 * s + r + k] += 1
        if max(counts) <= 4:
            return tuple(counts)


def per_hand(fn: Callable[[object], object], hands: list, repeats: int = REPEATS) -> float:
    """Median over repeats of the time per hand, in microseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for h in hands:
            fn(h)
        times.append((time.perf_counter() - start) / len(hands) * 1e6)
    return statistics.median(times)


def agari_waits(counts: list[int]) -> list[int]:
    found = []
    for tile in range(34):
        if counts[tile] < 4:
            counts[tile] += 1
            if Agari.is_agari(counts):
                found.append(tile)
            counts[tile] -= 1
    return found


def main(seed: int = 2026, n: int = 3000) -> None:
    rng = random.Random(seed)
    random13 = [random_hand(rng, 13) for _ in range(n)]
    wins = [winning_hand(rng) for _ in range(n)]
    ready = []
    for w in wins:
        w = list(w)
        w[rng.choice([t for t in range(34) if w[t]])] -= 1
        ready.append(tuple(w))
    rows = [("function", "hands", "mjcore us", "mahjong us", "mahjong/mjcore")]

    def row(name: str, hands: list, ours: Callable, ref: Callable) -> None:
        converted = [theirs(h) for h in hands]
        mine = per_hand(ours, hands)
        other = per_hand(ref, converted)
        rows.append((name, str(len(hands)), f"{mine:.2f}", f"{other:.2f}", f"{other / mine:.1f}x"))

    # a first pass fills the per-suit shanten tables; time it separately (cold)
    start = time.perf_counter()
    for h in random13:
        shanten(h, RIICHI)
    cold = (time.perf_counter() - start) / n * 1e6
    row("shanten (random 13)", random13, lambda h: shanten(h, RIICHI),
        Shanten.calculate_shanten)
    row("shanten (ready 13)", ready, lambda h: shanten(h, RIICHI), Shanten.calculate_shanten)
    row("waits (ready 13)", ready, lambda h: waits(h, RIICHI), agari_waits)
    row("waits (random 13)", random13, lambda h: waits(h, RIICHI), agari_waits)
    row("is_win (winning 14)", wins, lambda h: is_win(h, RIICHI), Agari.is_agari)
    for r in rows:
        print(f"{r[0]:<22}{r[1]:>7}{r[2]:>12}{r[3]:>13}{r[4]:>16}")
    print(f"\nshanten, first call on each hand (tables filling): {cold:.2f} us a hand")
    search = per_hand(lambda h: is_win_by_search(h, RIICHI), wins, 3)
    print(f"is_win_by_search (backtracking, no tables) on the wins: {search:.2f} us")
    search = per_hand(lambda h: waits_by_trial(h, RIICHI), ready[:500], 3)
    print(f"waits_by_trial (34 backtracking checks): {search:.2f} us")

    big = np.array([random_hand(rng, 13) for _ in range(20_000)] * 50, dtype=np.int8)
    start = time.perf_counter()
    batch.part_table(9), batch.part_table(7, runs=False)
    build = time.perf_counter() - start
    batch.shanten(big[:1000], RIICHI)
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        batch.shanten(big, RIICHI)
        times.append(time.perf_counter() - start)
    rate = len(big) / statistics.median(times)
    print(f"\nbatch.shanten: {rate:,.0f} hands a second ({len(big):,} 13-tile hands, one core; "
          f"tables built in {build:.2f} s)")
    start = time.perf_counter()
    batch.is_win(np.array(wins * 300, dtype=np.int8), RIICHI)
    print(f"batch.is_win: {len(wins) * 300 / (time.perf_counter() - start):,.0f} hands a second")


if __name__ == "__main__":
    main()
