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

import itertools
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd
import summary  # bench/summary.py, beside this file: the labels the README's table reads
from mahjong.agari import Agari
from mahjong.shanten import Shanten
from xiangting import PlayerCount, calculate_necessary_tiles, calculate_replacement_number

from mjcore import POYANG, RIICHI, STANDARD, Rules, effective_tiles, is_win, shanten, waits
from mjcore.base.deals import random_hands, random_wins
from mjcore.bulk import batch
from mjcore.hand.decompose import _can_split
from mjcore.lessons.memo import time_in_turn

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


def per_hand(fn: Callable, hands: Sequence, arg: object = None) -> float:
    """Microseconds per hand for one pass over ``hands``: ``fn(hand)``, or ``fn(hand, arg)``.

    The call a user writes, with nothing around it (a ``functools.partial``
    binding a keyword would add about 0.16 µs a call to every library).
    """
    start = time.perf_counter()
    if arg is None:
        for hand in hands:
            fn(hand)
    else:
        for hand in hands:
            fn(hand, arg)
    return (time.perf_counter() - start) / len(hands) * 1e6


Row = dict[str, object]


Call = tuple[Callable, object]  # a function and its second argument (None: no second one)


def compare(name: str, hands_of: Callable[[int], list], ours: Call,
            peers: dict[str, Call]) -> list[Row]:
    """One row per peer: medians over the passes of both times and of their ratio."""
    times: dict[str, list[float]] = {"mjcore": [], **{peer: [] for peer in peers}}
    ratios: dict[str, list[float]] = {peer: [] for peer in peers}
    for p in range(PASSES):
        hands = hands_of(p)
        converted = [theirs(h) for h in hands]
        mine = per_hand(ours[0], hands, ours[1])
        times["mjcore"].append(mine)
        for peer, (fn, arg) in peers.items():
            other = per_hand(fn, converted, arg)
            times[peer].append(other)
            ratios[peer].append(other / mine)
    return peer_rows(name, len(hands), times, ratios)


def peer_rows(name: str, hands: int, times: dict[str, list[float]],
              ratios: dict[str, list[float]]) -> list[Row]:
    """One row per peer of ``ratios``: the medians over the passes of both times (µs a hand)
    and of their ratio, with the lowest and highest ratio, and the same median read the
    other way up (mjcore's time as a multiple of the peer's, what the targets against
    ``xiangting`` state; with an odd number of passes it is the median of those ratios)."""
    return [{"function": name, "hands": hands, "mjcore µs": statistics.median(times["mjcore"]),
             "peer": peer, "peer µs": statistics.median(times[peer]),
             "peer / mjcore": statistics.median(ratios[peer]),
             "lowest, highest": f"{min(ratios[peer]):.2f}-{max(ratios[peer]):.2f}",
             "mjcore time / peer's": 1 / statistics.median(ratios[peer])}
            for peer in ratios]


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

    # every function called as a user writes it: the hand, then the rules or player count
    mahjong = (Shanten.calculate_shanten, None)
    rn, nt = (calculate_replacement_number, FOUR), (calculate_necessary_tiles, FOUR)
    rows = []
    rows += compare("shanten, random 13", random13, (shanten, RIICHI),
                    {"mahjong": mahjong, "xiangting": rn})
    rows += compare("shanten, random 14", random14, (shanten, RIICHI),
                    {"mahjong": mahjong, "xiangting": rn})
    rows += compare("effective_tiles, random 13", random13, (effective_tiles, RIICHI),
                    {"xiangting": nt})
    rows += compare("effective_tiles + .total, random 13", random13,
                    (lambda h: effective_tiles(h, RIICHI).total, None), {"xiangting": nt})
    rows += compare("waits, ready 13", ready13, (waits, RIICHI),
                    {"mahjong": (agari_waits, None), "xiangting": nt})
    rows += compare("is_win, winning 14", wins14, (is_win, RIICHI),
                    {"mahjong": (Agari.is_agari, None)})
    return rows


def in_turn(name: str, hands_of: Callable[[int], list], calls: dict[str, Call]) -> list[Row]:
    """Rows as :func:`compare`'s, each hand going to every library in turn, each call timed
    alone (:func:`mjcore.lessons.memo.time_in_turn`): no loop keeps one library's tables in the
    processor's cache for its next hand."""
    times: dict[str, list[float]] = {n: [] for n in calls}
    ratios: dict[str, list[float]] = {n: [] for n in calls if n != "mjcore"}
    for p in range(PASSES):
        hands = hands_of(p)
        converted = [theirs(h) for h in hands]
        found = time_in_turn({n: (fn, hands if n == "mjcore" else converted, arg)
                              for n, (fn, arg) in calls.items()})
        for n in calls:
            times[n].append(found[n])
        for n in ratios:
            ratios[n].append(found[n] / found["mjcore"])
    return peer_rows(name, len(hands), times, ratios)


def in_turn_rows() -> list[Row]:
    """``shanten`` of :func:`library_rows`, one call at a time, on new hands."""
    seen: set[tuple[int, ...]] = set()

    def random13(p: int) -> list:
        return fresh(SEED + 500 + p, 3000, lambda rng: random_hands(1, rng, 13)[0], seen)

    return in_turn("shanten, random 13, in turn", random13,
                   {"mjcore": (shanten, RIICHI), "mahjong": (Shanten.calculate_shanten, None),
                    "xiangting": (calculate_replacement_number, FOUR)})


def rules_rows() -> list[Row]:
    """The same fresh hands under each rule set: mjcore's time per hand, and against RIICHI."""
    seen: set[tuple[int, ...]] = set()
    rows = []
    for name, fn in (("shanten", shanten), ("effective_tiles", effective_tiles)):
        times: dict[str, list[float]] = {}
        for p in range(PASSES):
            hands = fresh(SEED + 400 + p, 3000, lambda rng: random_hands(1, rng, 13)[0], seen)
            for rules in (RIICHI, POYANG, STANDARD):
                timed = per_hand(fn, hands, rules)
                times.setdefault(rules.name, []).append(timed)
        base = statistics.median(times["riichi"])
        for rules, values in times.items():
            rows.append({"function": name, "rules": rules, "µs a hand": statistics.median(values),
                         "against riichi": statistics.median(values) / base})
    return rows


WILD = Rules(name="poyang-wild", seven_pairs=True, four_as_two_pairs=True, shisanlan=True,
             wild=31)  # the POYANG forms with the four 红中 (7z) wild


def wild_hand(rng: random.Random, size: int, jokers: int) -> tuple[int, ...]:
    """A random hand of ``size`` tiles holding ``jokers`` 红中 (7z) and no other 7z."""
    pool = [t for t in range(34) if t != 31 for _ in range(4)]
    counts = [0] * 34
    counts[31] = jokers
    for tile in rng.sample(pool, size - jokers):
        counts[tile] += 1
    return tuple(counts)


def brute_is_win(counts: tuple[int, ...]) -> bool:
    """Every assignment of the jokers to the 34 kinds, the plain search of each (counts
    over 4 allowed: :func:`mjcore.hand.forms.is_win_by_search` reads any counts)."""
    real = list(counts)
    jokers, real[31] = real[31], 0
    for kinds in itertools.combinations_with_replacement(range(34), jokers):
        hand = real.copy()
        for tile in kinds:
            hand[tile] += 1
        if _can_split(hand, 0, True):
            return True
    return False


def wild_rows() -> list[Row]:
    """Wild tiles: shanten with 0-4 jokers against the same hands read without wilds, and
    is_win with four jokers against brute-force substitution (standard form)."""
    seen: set[tuple[int, ...]] = set()
    rows = []
    times: dict[str, list[float]] = {"mjcore": [], "without wilds": []}
    ratios: dict[str, list[float]] = {"without wilds": []}
    for p in range(PASSES):
        hands = fresh(SEED + 700 + p, 1000,
                      lambda rng: wild_hand(rng, 13, rng.randrange(5)), seen)
        mine = per_hand(shanten, hands, WILD)
        plain = per_hand(shanten, hands, POYANG)
        times["mjcore"].append(mine)
        times["without wilds"].append(plain)
        ratios["without wilds"].append(plain / mine)
    rows += peer_rows("shanten, 13 tiles, 0-4 jokers", len(hands), times, ratios)
    times = {"mjcore": [], "substitution": []}
    ratios = {"substitution": []}
    for p in range(3):
        hands = fresh(SEED + 800 + p, 20, lambda rng: wild_hand(rng, 14, 4), seen)
        mine = per_hand(is_win, hands, WILD)
        brute = per_hand(brute_is_win, hands)
        times["mjcore"].append(mine)
        times["substitution"].append(brute)
        ratios["substitution"].append(brute / mine)
    rows += peer_rows("is_win, 14 tiles, 4 jokers", len(hands), times, ratios)
    return rows


def batch_rows() -> list[Row]:
    """Hands a second on one core for the numpy batch functions, a new batch every pass.

    Timed by wall clock or by the CPU time of all the process's threads, whichever is
    longer, so a second thread of BLAS would not count as speed.
    """
    rows = []
    cases = (("batch.shanten", batch.shanten, RIICHI, 1_000_000),
             ("batch.shanten", batch.shanten, POYANG, 1_000_000),
             ("batch.effective_masks", batch.effective_masks, RIICHI, 200_000),
             ("batch.effective_masks", batch.effective_masks, POYANG, 200_000))
    for name, fn, rules, count in cases:
        rates = []
        for p in range(5):
            hands = batch.random_batch(np.random.default_rng(SEED + 500 + p), count)
            start, cpu = time.perf_counter(), time.process_time()
            fn(hands, rules)
            # CPU time of all threads, should BLAS start any: the rate of one core
            spent = max(time.perf_counter() - start, time.process_time() - cpu)
            rates.append(count / spent)
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


FIGURES: dict[str, float] = {}
"""This run's figures by name, appended to bench/runs.jsonl at the end (bench/summary.py)."""


def record(rows: list[Row], key: tuple[str, ...], value: str) -> None:
    """Keep ``row[value]`` of each row under the name its ``key`` fields make."""
    for row in rows:
        FIGURES[" | ".join(str(row[k]) for k in key) + f" | {value}"] = float(row[value])


def show(title: str, rows: list[Row], formats: dict[str, str]) -> None:
    frame = pd.DataFrame(rows)
    print(f"\n{title}\n")
    print(frame.to_string(index=False, formatters={k: v.format for k, v in formats.items()}))


def machine() -> str:
    """How busy this machine is: the load average, a fixed pure-Python loop, and fixed
    look-ups in a large dict (as the tables are read).

    Printed at the start and at the end: the figures in between are only as
    steady as these lines.  A shared machine's load moves Python's times
    more than the native peers', and the look-ups (memory) more than the
    loop, so the ratios move with it.
    """
    start = time.perf_counter()
    total = 0
    for i in range(1_000_000):
        total += i & 7
    loop = time.perf_counter() - start
    rng = random.Random(SEED)
    keys = [rng.randbytes(9) for _ in range(400_000)]
    table = dict.fromkeys(keys, 1)
    order = [keys[rng.randrange(len(keys))] for _ in range(300_000)]
    start = time.perf_counter()
    for key in order:
        total += table[key]
    reads = time.perf_counter() - start
    return (f"load average {os.getloadavg()[0]:.2f}; a fixed loop of 1,000,000 steps "
            f"{loop:.3f} s; 300,000 look-ups in a dict of 400,000 keys {reads:.3f} s")


def main() -> None:
    print(f"mjcore benchmark: fresh hands every pass, {PASSES} passes, medians; RIICHI rules")
    print(f"machine at the start: {START}")
    ratio_formats = {"mjcore µs": "{:.2f}", "peer µs": "{:.2f}", "peer / mjcore": "{:.2f}x",
                     "mjcore time / peer's": "{:.2f}x"}
    for rows in (library_rows(), in_turn_rows()):
        for value in ("mjcore µs", "peer µs", "peer / mjcore"):
            record(rows, ("function", "peer"), value)
        show("Against the mahjong package (2.1.0) and xiangting (6.0.2), same hands"
             if "in turn" not in rows[0]["function"] else
             "One call at a time: each hand to the three libraries in turn, each call timed "
             "alone", rows, ratio_formats)
    rows = rules_rows()
    record(rows, ("function", "rules"), "against riichi")
    show("mjcore under each rule set, same hands", rows,
         {"µs a hand": "{:.2f}", "against riichi": "{:.2f}x"})
    rows = wild_rows()
    for value in ("mjcore µs", "peer µs", "peer / mjcore"):
        record(rows, ("function", "peer"), value)
    show("Wild tiles (7z, POYANG forms), fresh hands: against the same hands without wilds, "
         "and against trying every assignment of the jokers", rows, ratio_formats)
    rows = batch_rows()
    record(rows, ("function", "rules"), "hands a second")
    show("numpy batches, one core", rows, {"hands a second": "{:,.0f}"})
    rows = cold_rows()
    record(rows, ("library",), "import + first answer, s")
    show("Cold start, fresh process", rows,
         {"import + first answer, s": "{:.3f}", "whole process, s": "{:.3f}"})
    bench_counting()


def bench_counting() -> None:
    """Exact effective tiles of every 13-tile deal, RIICHI and POYANG: one fresh process, cold."""
    code = ("import time; t = time.perf_counter(); from mjcore import POYANG, RIICHI; "
            "from mjcore.bulk.effcount import effective_census as e; e(RIICHI); e(POYANG); "
            "print(time.perf_counter() - t)")
    seconds = float(subprocess.run([sys.executable, "-c", code], check=True,
                                   capture_output=True, text=True).stdout)
    print(f"effcount.effective_census, RIICHI and POYANG, cold process: {seconds:.1f} s")
    FIGURES["effcount.effective_census | s"] = seconds


WIN_CASES = {
    summary.WIN: 'bestplay.win_chances("234578m1689p357s1z", 17, RIICHI)',
    summary.POYANG_WIN: 'bestplay.win_chances("234578m1689p357s1z", 17, "poyang")',
    "win_chances, 234578m1689p357s1z, the 13 tiles after 1p (one row of the published table)":
        'bestplay.win_chances("234578m689p357s1z", 17, RIICHI, visible="1p")',
    summary.CHANGES: 'bestplay.win_chances("123456m789p1357s2z", 17, RIICHI, hand_changes=True)',
    summary.HAND_CHANGES:
        'bestplay.win_chances("234578m1689p357s1z", 17, RIICHI, hand_changes=True)',
    summary.POINTS:
        'bestplay.win_chances("234578m1689p357s1z", 17, "poyang", objective="points")',
    "win_chances, 234578m1689p357s1z, all 14 discards, POYANG, four seats with discard wins":
        'bestplay.win_chances("234578m1689p357s1z", 17, "poyang", discard_wins=True)',
    summary.CALLS:
        'bestplay.win_chances("234578m1689p357s1z", 17, "poyang", discard_wins=True, '
        'calls=True)',
    summary.RACE:
        'bestplay.win_chances("234578m1689p357s1z", 17, "poyang", discard_wins=True, '
        'calls=True, opponents=True)',
    summary.DEAL_INS:
        'bestplay.win_chances("234578m1689p357s1z", 17, "poyang", discard_wins=True, '
        'objective="points", opponents=True, deal_ins=True)',
    summary.CLAIM: 'bestplay.claim_advice("12389m456p78s11z4z", "9s", "left")',
}

SEARCH_PASSES = 3
"""Passes of :func:`bench_fresh_searches`, each a fresh process with a new seeded set."""

FRESH_SEARCH = """
import json, random, time
from mjcore import RIICHI, POYANG, HandError, shanten
from mjcore.play import bestplay
rng = random.Random({seed})
wall = [t for t in range(34) for _ in range(4)]
def deals(target, n):
    found = []
    while len(found) < n:
        rng.shuffle(wall)
        counts = [0] * 34
        for t in wall[:14]:
            counts[t] += 1
        if shanten(counts, RIICHI) == target and shanten(counts, POYANG) == target:
            found.append(tuple(counts))
    return found
out = {{"hand changes": [], "points": [], "answered": [], "refused": []}}
for hand in deals(1, 3) + deals(2, 3):
    for kind, kw in (("hand changes", dict(rules=RIICHI, hand_changes=True)),
                     ("points", dict(rules=POYANG, objective="points"))):
        t = time.perf_counter()
        bestplay.win_chances(hand, 17, **kw)
        out[kind].append(time.perf_counter() - t)
for hand in deals(4, 2):
    t = time.perf_counter()
    try:
        bestplay.win_chances(hand, 17, RIICHI, hand_changes=True)
        kind = "answered"
    except HandError:
        kind = "refused"
    out[kind].append(time.perf_counter() - t)
print(json.dumps(out))
"""


def bench_fresh_searches() -> None:
    """win_chances with hand changes or points on fresh seeded deals, each pass a fresh
    process and a new set: 3 hands 1 from ready and 3 hands 2 from ready (both ways),
    2 hands 4 from ready (hand changes: answered or refused, and how soon)."""
    found: dict[str, list[float]] = {"hand changes": [], "points": [], "answered": [],
                                     "refused": []}
    for seed in range(SEARCH_PASSES):
        out = subprocess.run([sys.executable, "-c", FRESH_SEARCH.format(seed=seed)],
                             check=True, capture_output=True, text=True).stdout
        for kind, times in json.loads(out).items():
            found[kind] += times
    print(f"\nwin_chances on fresh deals, 17 draws ({SEARCH_PASSES} passes, a new seeded set "
          "each):")
    for kind in ("hand changes", "points"):
        times = found[kind]
        FIGURES[f"{summary.NEAR} | {kind} | s"] = max(times)
        print(f"  1-2 from ready, {kind}: median {statistics.median(times):.2f} s, "
              f"slowest {max(times):.2f} s of {len(times)}")
    for kind in ("answered", "refused"):
        times = found[kind]
        FIGURES[f"{summary.FAR} | {kind} | s"] = max(times, default=0.0)
        print(f"  4 from ready with hand changes, {kind}: {len(times)}, slowest "
              f"{max(times, default=0.0):.2f} s")


FAR_DEALS = """
import json, random, time
from mjcore import HONGZHONG, POYANG, RIICHI, shanten
from mjcore.play import bestplay
rng = random.Random("far {seed}")
wall = [t for t in range(34) for _ in range(4)]
def deals(target, n, rules=RIICHI):
    found = []
    while len(found) < n:
        rng.shuffle(wall)
        counts = [0] * 34
        for t in wall[:14]:
            counts[t] += 1
        if shanten(counts, rules) == target:
            found.append(tuple(counts))
    return found
cases = {{"5 from ready": (deals(5, 20), dict(rules=RIICHI)),
          "6 from ready": (deals(6, 3), dict(rules=RIICHI)),
          "hand changes": (deals(4, 3), dict(rules=RIICHI, hand_changes=True)),
          "calls": (deals(4, 3, POYANG), dict(rules=POYANG, discard_wins=True, calls=True)),
          "race": (deals(5, 3), dict(rules=RIICHI, discard_wins=True, opponents=True)),
          "wild": (deals(4, 3, HONGZHONG), dict(rules=HONGZHONG))}}
out = {{}}
for kind, (hands, kw) in cases.items():
    out[kind] = []
    for hand in hands:
        t = time.perf_counter()
        bestplay.win_chances(hand, 17, approximate=True, **kw)
        out[kind].append(time.perf_counter() - t)
print(json.dumps(out))
"""


def bench_far_deals() -> None:
    """win_chances(approximate=True) on fresh seeded riichi deals far from ready, one
    fresh process and a new set each run: 20 deals 5 from ready and 3 deals 6 from ready
    keeping only progress; 3 deals 4 from ready with hand changes, 3 poyang deals 4 from
    ready at four seats with calls, 3 deals 5 from ready at four seats with the race, 3
    hongzhong deals 4 from ready (wild tiles)."""
    out = subprocess.run([sys.executable, "-c", FAR_DEALS.format(seed=0)], check=True,
                         capture_output=True, text=True).stdout
    print("\nwin_chances(approximate=True) on fresh far deals, 17 draws:")
    for kind, times in json.loads(out).items():
        FIGURES[f"{summary.FAR_DEALS} | {kind} | s"] = max(times)
        print(f"  {kind}: median {statistics.median(times):.2f} s, slowest {max(times):.2f} s "
              f"of {len(times)}")


FRESH_DANGER = """
import json, random, time
t = time.perf_counter()
from mjcore import RIICHI, deal_in_chances, wait_counts
wait_counts(rules=RIICHI)
cold = time.perf_counter() - t
rng = random.Random({seed})
wall = [t for t in range(34) for _ in range(4)]
times = []
for _ in range(10):
    rng.shuffle(wall)
    hand, seen = [0] * 34, [0] * 34
    for t in wall[:14]:
        hand[t] += 1
    for t in wall[14:14 + rng.randrange(12, 40)]:
        seen[t] += 1
    t = time.perf_counter()
    deal_in_chances(hand, seen, turn=rng.randrange(2, 18), rules="poyang")
    times.append(time.perf_counter() - t)
print(json.dumps({{"cold": cold, "danger": times}}))
"""


def bench_danger() -> None:
    """deal_in_chances (chapter 8) on fresh seeded hands with 12-39 visible tiles, each pass
    a fresh process and a new set; and wait_counts of the full set, import included."""
    cold, danger = [], []
    for seed in range(SEARCH_PASSES):
        out = json.loads(subprocess.run([sys.executable, "-c", FRESH_DANGER.format(seed=seed)],
                                        check=True, capture_output=True, text=True).stdout)
        cold.append(out["cold"])
        danger += out["danger"]
    FIGURES[f"{summary.WAIT_COUNTS} | s"] = statistics.median(cold)
    FIGURES[f"{summary.DANGER} | s"] = max(danger)
    print(f"\nwait_counts of the full set, RIICHI, import included: median "
          f"{statistics.median(cold):.3f} s of {len(cold)} fresh processes")
    print(f"deal_in_chances, every tile of a fresh 14-tile hand, POYANG, visible tiles: median "
          f"{statistics.median(danger) * 1000:.0f} ms, slowest {max(danger) * 1000:.0f} ms of "
          f"{len(danger)}")


WIN_RUNS = 5


def bench_win_chances() -> None:
    """win_chances (chapter 6), 17 draws, RIICHI unless said: each case in a fresh process.

    Then the same calls under Pyodide in Node, from the working tree's files
    (bench/pyodide_time.mjs), when Node and the npm Pyodide are there, and the analyzer's
    modes that share out their discards between its two slow workers as it does, and between
    four as it does on a device with four free cores (each group timed alone); the player
    alone and hand changes are timed under RIICHI, then again under POYANG, the analyzer's
    default rules, which the README's row of the analyzer's modes shows, and hand changes by
    expected points (the page's other column with the switch on).
    """
    print(f"\nwin_chances, 17 draws (first call in a fresh process, median of {WIN_RUNS}, "
          "lowest-highest):")
    for label, call in WIN_CASES.items():
        code = ("import time; from mjcore import RIICHI; from mjcore.play import bestplay; "
                "t = time.perf_counter(); "
                f"{call}; s = time.perf_counter() - t; z = bestplay.search_size(); "
                "print(s, z.positions, z.after_draw)")
        runs = [subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                               text=True).stdout.split() for _ in range(WIN_RUNS)]
        times = [float(r[0]) for r in runs]
        FIGURES[f"{label} | s"] = statistics.median(times)
        print(f"  {label}: {statistics.median(times):.2f} s, {min(times):.2f}-{max(times):.2f} "
              f"({int(runs[0][1]):,} hands of 3n+1 tiles, "
              f"{int(runs[0][2]):,} of 3n+2)")
    root = Path(__file__).resolve().parent.parent
    node = shutil.which("node")
    if node is None or not (root / "node_modules" / "pyodide").is_dir():
        print("  Pyodide: skipped (needs node and node_modules/pyodide: make book)")
        return
    out = subprocess.run([node, str(root / "bench" / "pyodide_time.mjs"), str(root)],
                         check=True, capture_output=True, text=True).stdout
    found = json.loads(out.strip().splitlines()[-1])
    split = found.pop("split")
    four = found.pop("four")
    FIGURES.update({f"pyodide | {k} | s": v for k, v in found.items()})
    FIGURES.update({f"pyodide | two workers | {k} | s": v for k, v in split.items()})
    FIGURES.update({f"pyodide | four workers | {k} | s": v for k, v in four.items()})
    print(f"  Pyodide in Node: import {found['import']:.2f} s, all 14 discards "
          f"{found['all']:.2f} s, the 1-shanten hand with hand changes {found['changes']:.2f} s, "
          f"234578m1689p357s1z with hand changes {found['hand changes']:.2f} s, "
          f"by points {found['points']:.2f} s, four seats with discard wins and calls "
          f"{found['four seats']:.2f} s, without calls {found['discard wins']:.2f} s, with "
          f"calls and the race {found['race']:.2f} s, claim_advice {found['claim']:.3f} s, "
          f"by points {found['claim points']:.2f} s, deal_in_chances "
          f"{found['danger']:.3f} s, four seats by points with the race and deal-ins "
          f"{found['deal-ins']:.2f} s; under POYANG (the analyzer's default rules) all 14 "
          f"discards {found['alone | poyang']:.2f} s, with hand changes "
          f"{found['hand changes | poyang']:.2f} s, by points "
          f"{found['hand changes points | poyang']:.2f} s")
    print("  Pyodide in Node, the analyzer's two slow workers, a group of discards each: " +
          ", ".join(f"{k} {v:.2f} s" for k, v in split.items()))
    print("  Pyodide in Node, four slow workers (each group timed alone, as on four free "
          "cores), the heaviest group: " + ", ".join(f"{k} {v:.2f} s" for k, v in four.items()))


RUNS = Path(__file__).resolve().parent / "runs.jsonl"
"""Every run's figures, one JSON line a run, appended (``--no-record`` to skip)."""


if __name__ == "__main__":
    START = start = machine()
    main()
    bench_win_chances()
    bench_fresh_searches()
    bench_far_deals()
    bench_danger()
    end = machine()
    print(f"\nmachine at the end: {end}")
    if "--no-record" not in sys.argv[1:]:
        line = {"date": time.strftime("%Y-%m-%d %H:%M"), "machine at the start": start,
                "machine at the end": end, "figures": FIGURES}
        with RUNS.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
        print(f"recorded in {RUNS.relative_to(RUNS.parent.parent)}; "
              "python bench/summary.py prints the medians of the last three runs")
