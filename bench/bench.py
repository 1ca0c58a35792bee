"""Benchmark: mjcore against the ``mahjong`` package and the native ``xiangting``, fresh hands.

Run with ``make bench`` (not a test: timings vary by machine).  Every pass
draws a new seeded set of hands that no earlier pass has seen, and every
library gets the same hands in the same pass, the first call included
(no warm-up), with mjcore's input checks included.  The table gives the
median over the passes of each time per hand and of each ratio;
RIICHI rules, the forms the other two libraries know.  Explained in
chapter 4.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial

import numpy as np
import pandas as pd
from mahjong.agari import Agari
from mahjong.shanten import Shanten
from xiangting import PlayerCount, calculate_necessary_tiles, calculate_replacement_number

from mjcore import POYANG, RIICHI, STANDARD, batch, effective_tiles, is_win, shanten, waits
from mjcore.memo import random_hands, random_wins

PASSES = 7
SEED = 2026
THEIRS = (list(range(9)) + list(range(18, 27)) + list(range(9, 18))
          + [27, 28, 29, 30, 33, 32, 31])  # mahjong's and xiangting's tile order
FOUR = PlayerCount.FOUR


def theirs(counts: tuple[int, ...]) -> list[int]:
    return [counts[t] for t in THEIRS]


def agari_waits(counts: list[int]) -> list[int]:
    """The waits by the mahjong package: ``Agari.is_agari`` once per candidate tile."""
    found = []
    for tile in range(34):
        if counts[tile] < 4:
            counts[tile] += 1
            if Agari.is_agari(counts):
                found.append(tile)
            counts[tile] -= 1
    return found


def fresh(seed: int, count: int, make: Callable[[random.Random], tuple[int, ...]],
          seen: set[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """``count`` hands no earlier pass has used (``seen`` collects them)."""
    rng = random.Random(seed)
    hands: list[tuple[int, ...]] = []
    while len(hands) < count:
        hand = make(rng)
        if hand not in seen:
            seen.add(hand)
            hands.append(hand)
    return hands


def ready(rng: random.Random) -> tuple[int, ...]:
    """A ready 13-tile hand: a random win with one tile taken out."""
    win = list(random_wins(1, rng)[0])
    win[rng.choice([t for t in range(34) if win[t]])] -= 1
    return tuple(win)


def per_hand(fn: Callable, hands: Sequence) -> float:
    """Microseconds per hand for one pass over ``hands``."""
    start = time.perf_counter()
    for hand in hands:
        fn(hand)
    return (time.perf_counter() - start) / len(hands) * 1e6


Row = dict[str, object]


def compare(name: str, hands_of: Callable[[int], list], ours: Callable,
            peers: dict[str, Callable]) -> list[Row]:
    """One row per peer: medians over the passes of both times and of their ratio."""
    times: dict[str, list[float]] = {"mjcore": [], **{peer: [] for peer in peers}}
    ratios: dict[str, list[float]] = {peer: [] for peer in peers}
    for p in range(PASSES):
        hands = hands_of(p)
        converted = [theirs(h) for h in hands]
        mine = per_hand(ours, hands)
        times["mjcore"].append(mine)
        for peer, fn in peers.items():
            other = per_hand(fn, converted)
            times[peer].append(other)
            ratios[peer].append(other / mine)
    rows = []
    for peer in peers:
        ratio = statistics.median(ratios[peer])
        rows.append({"function": name, "hands": len(hands), "mjcore µs": statistics.median(
            times["mjcore"]), "peer": peer, "peer µs": statistics.median(times[peer]),
            "peer / mjcore": ratio, "lowest, highest": f"{min(ratios[peer]):.2f}-"
            f"{max(ratios[peer]):.2f}"})
    return rows


def library_rows() -> list[Row]:
    seen: set[tuple[int, ...]] = set()

    def random13(p: int) -> list:
        return fresh(SEED + p, 3000, lambda rng: random_hands(1, rng, 13)[0], seen)

    def random14(p: int) -> list:
        return fresh(SEED + 100 + p, 3000, lambda rng: random_hands(1, rng, 14)[0], seen)

    def ready13(p: int) -> list:
        return fresh(SEED + 200 + p, 1000, ready, seen)

    def wins14(p: int) -> list:
        return fresh(SEED + 300 + p, 3000, lambda rng: random_wins(1, rng)[0], seen)

    # every function called the same way: functools.partial binds the rules (or player count)
    rn = partial(calculate_replacement_number, player_count=FOUR)
    nt = partial(calculate_necessary_tiles, player_count=FOUR)
    rows = []
    rows += compare("shanten, random 13", random13, partial(shanten, rules=RIICHI),
                    {"mahjong": Shanten.calculate_shanten, "xiangting": rn})
    rows += compare("shanten, random 14", random14, partial(shanten, rules=RIICHI),
                    {"mahjong": Shanten.calculate_shanten, "xiangting": rn})
    rows += compare("effective_tiles, random 13", random13,
                    partial(effective_tiles, rules=RIICHI), {"xiangting": nt})
    rows += compare("waits, ready 13", ready13, partial(waits, rules=RIICHI),
                    {"mahjong": agari_waits, "xiangting": nt})
    rows += compare("is_win, winning 14", wins14, partial(is_win, rules=RIICHI),
                    {"mahjong": Agari.is_agari})
    return rows


def rules_rows() -> list[Row]:
    """The same fresh hands under each rule set: mjcore's time per hand, and against RIICHI."""
    seen: set[tuple[int, ...]] = set()
    rows = []
    for name, fn in (("shanten", shanten), ("effective_tiles", effective_tiles)):
        times: dict[str, list[float]] = {}
        for p in range(PASSES):
            hands = fresh(SEED + 400 + p, 3000, lambda rng: random_hands(1, rng, 13)[0], seen)
            for rules in (RIICHI, POYANG, STANDARD):
                timed = per_hand(partial(fn, rules=rules), hands)
                times.setdefault(rules.name, []).append(timed)
        base = statistics.median(times["riichi"])
        for rules, values in times.items():
            rows.append({"function": name, "rules": rules, "µs a hand": statistics.median(values),
                         "against riichi": statistics.median(values) / base})
    return rows


def batch_rows() -> list[Row]:
    """Hands a second on one core for the numpy batch functions, a new batch every pass."""
    rows = []
    cases = (("batch.shanten", batch.shanten, RIICHI, 1_000_000),
             ("batch.shanten", batch.shanten, POYANG, 1_000_000),
             ("batch.effective_masks", batch.effective_masks, RIICHI, 200_000),
             ("batch.effective_masks", batch.effective_masks, POYANG, 200_000))
    for name, fn, rules, count in cases:
        rates = []
        for p in range(5):
            hands = batch.random_batch(np.random.default_rng(SEED + 500 + p), count)
            start = time.perf_counter()
            fn(hands, rules)
            rates.append(count / (time.perf_counter() - start))
        rows.append({"function": name, "rules": rules.name, "hands": count,
                     "hands a second": statistics.median(rates)})
    return rows


COLD = {
    "mjcore": "import mjcore; mjcore.shanten('1112345678999m', mjcore.RIICHI)",
    "mahjong": ("from mahjong.shanten import Shanten; from mahjong.tile import TilesConverter; "
                "Shanten.calculate_shanten(TilesConverter.string_to_34_array(man='1112345678999'))"),
    "xiangting": ("import xiangting; xiangting.calculate_replacement_number("
                  "[3,1,1,1,1,1,1,1,3] + [0] * 25, xiangting.PlayerCount.FOUR)"),
}


def cold_rows() -> list[Row]:
    """A fresh CPython process each time: the import plus the first answer, and the whole run."""
    rows = []
    for name, code in COLD.items():
        inside, whole = [], []
        timed = f"import time; t = time.perf_counter(); {code}; print(time.perf_counter() - t)"
        for _ in range(5):
            start = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", timed], capture_output=True, text=True,
                                 check=True)
            whole.append(time.perf_counter() - start)
            inside.append(float(out.stdout))
        rows.append({"library": name, "import + first answer, s": statistics.median(inside),
                     "whole process, s": statistics.median(whole)})
    return rows


def show(title: str, rows: list[Row], formats: dict[str, str]) -> None:
    frame = pd.DataFrame(rows)
    print(f"\n{title}\n")
    print(frame.to_string(index=False, formatters={k: v.format for k, v in formats.items()}))


def main() -> None:
    print(f"mjcore benchmark: fresh hands every pass, {PASSES} passes, medians; RIICHI rules")
    show("Against the mahjong package (2.1.0) and xiangting (6.0.2), same hands",
         library_rows(), {"mjcore µs": "{:.2f}", "peer µs": "{:.2f}", "peer / mjcore": "{:.2f}x"})
    show("mjcore under each rule set, same hands", rules_rows(),
         {"µs a hand": "{:.2f}", "against riichi": "{:.2f}x"})
    show("numpy batches, one core", batch_rows(), {"hands a second": "{:,.0f}"})
    show("Cold start, fresh process", cold_rows(),
         {"import + first answer, s": "{:.3f}", "whole process, s": "{:.3f}"})
    bench_counting()


def bench_counting() -> None:
    """Exact effective tiles of every 13-tile deal, RIICHI and POYANG: one fresh process, cold."""
    code = ("import time; t = time.perf_counter(); from mjcore import POYANG, RIICHI; "
            "from mjcore.counting import effective_census as e; e(RIICHI); e(POYANG); "
            "print(time.perf_counter() - t)")
    seconds = float(subprocess.run([sys.executable, "-c", code], check=True,
                                   capture_output=True, text=True).stdout)
    print(f"counting.effective_census, RIICHI and POYANG, cold process: {seconds:.1f} s")


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
