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
from mjcore.memo import random_hands, random_wins, time_per_hand
from mjcore.shanten import shanten
from mjcore.waits import waits_by_trial

REPEATS = 5
TO_MAHJONG = (list(range(9)) + list(range(18, 27)) + list(range(9, 18))
              + [27, 28, 29, 30, 33, 32, 31])


def theirs(counts: tuple[int, ...]) -> list[int]:
    return [counts[i] for i in TO_MAHJONG]


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
    random13 = random_hands(n, rng, 13)
    wins = random_wins(n, rng)
    ready = []
    for w in wins:
        w = list(w)
        w[rng.choice([t for t in range(34) if w[t]])] -= 1
        ready.append(tuple(w))
    rows = [("function", "hands", "mjcore us", "mahjong us", "mahjong/mjcore")]

    def row(name: str, hands: list, ours: Callable, ref: Callable) -> None:
        converted = [theirs(h) for h in hands]
        mine = time_per_hand(ours, hands, REPEATS)
        other = time_per_hand(ref, converted, REPEATS)
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
    search = time_per_hand(lambda h: is_win_by_search(h, RIICHI), wins, 3)
    print(f"is_win_by_search (backtracking, no tables) on the wins: {search:.2f} us")
    search = time_per_hand(lambda h: waits_by_trial(h, RIICHI), ready[:500], 3)
    print(f"waits_by_trial (34 backtracking checks): {search:.2f} us")

    big = np.array(random_hands(20_000, rng, 13) * 50, dtype=np.int8)
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


def bench_win_chances() -> None:
    """win_chances (chapter 6) on the issue's two hands: first call, call counts, a stand-in.

    Each hand is timed once, cold, as a user sees it.  The search's time is
    calls of ``effective_mask`` and ``shanten`` plus its own bookkeeping; a
    second run answers those calls from a dict (a stand-in for instant
    tables) to time the bookkeeping alone, so the time with other call
    costs is bookkeeping + calls x cost.
    """
    from mjcore import bestplay

    print("\nwin_chances, RIICHI, 17 draws (one cold call each):")
    cases = [
        ("234578m1689p357s1z, all 14 discards, keep only progress",
         lambda: bestplay.win_chances("234578m1689p357s1z", 17, RIICHI)),
        ("234578m1689p357s1z, the 9 that keep the shanten (the published table)",
         lambda: _keep_roots(bestplay, "234578m1689p357s1z")),
        ("123456m789p1357s2z (1-shanten), all discards, hand changes",
         lambda: bestplay.win_chances("123456m789p1357s2z", 17, RIICHI, hand_changes=True)),
    ]
    for label, run in cases:
        _time_search(label, run, bestplay)


def _keep_roots(bestplay, hand: str) -> None:
    """One search over the discards that keep the shanten (what the published table lists)."""
    from mjcore.tiles import parse

    counts = parse(hand)
    s = bestplay.shanten(counts, RIICHI)
    search = bestplay._Search(RIICHI, 17, 122, (4,) * 34, False, counts, None)
    for t in range(34):
        if counts[t] and bestplay.shanten(bestplay._minus(counts, t), RIICHI) == s:
            search.node13(bestplay._minus(counts, t))
    search.build()
    search.solve("win")


def _time_search(label: str, run: Callable[[], object], bestplay) -> None:
    """One cold run with the real calls recorded, one with the recorded answers."""
    real_mask, real_shanten = bestplay.effective_mask, bestplay.shanten
    masks: dict = {}
    shantens: dict = {}
    calls = [0, 0]

    def mask_recorded(counts, rules):
        calls[0] += 1
        masks[counts] = found = real_mask(counts, rules)
        return found

    def shanten_recorded(counts, rules):
        calls[1] += 1
        shantens[counts] = found = real_shanten(counts, rules)
        return found

    try:
        bestplay.effective_mask, bestplay.shanten = mask_recorded, shanten_recorded
        start = time.perf_counter()
        run()
        now = time.perf_counter() - start
        bestplay.effective_mask = lambda counts, rules: masks[counts]
        bestplay.shanten = lambda counts, rules: shantens[counts]
        start = time.perf_counter()
        run()
        own = time.perf_counter() - start
    finally:
        bestplay.effective_mask, bestplay.shanten = real_mask, real_shanten
    p, s = calls
    some_masks, some_shantens = list(masks)[:50], list(shantens)[:200]
    per_mask = sum(_timed(real_mask, c) for c in some_masks) / len(some_masks)
    per_shanten = sum(_timed(real_shanten, c) for c in some_shantens) / len(some_shantens)
    print(f"  {label}: {now:.2f} s now")
    print(f"    {p:,} effective_mask calls ({per_mask * 1e6:.0f} us each now), "
          f"{s:,} shanten calls ({per_shanten * 1e6:.1f} us each now), "
          f"bookkeeping {own:.2f} s (stand-in)")
    print(f"    with effective_mask 3 us and shanten 1.5 us: "
          f"{own + p * 3e-6 + s * 1.5e-6:.2f} s")


def _timed(function: Callable, counts: tuple[int, ...]) -> float:
    start = time.perf_counter()
    function(counts, RIICHI)
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
    bench_win_chances()
