"""The README's table of figures: the median of the last three ``make bench`` runs.

    python bench/summary.py [--runs N]

Reads bench/runs.jsonl (``make bench`` appends one line a run) and prints a
Markdown table: each target, mjcore's figure and the peer's beside it, and
whether the median meets the target.  ``tests/book/test_readme.py`` checks that the
README shows exactly this table.  Standard library only.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
from pathlib import Path

RUNS = Path(__file__).resolve().parent / "runs.jsonl"

WIN = "win_chances, 234578m1689p357s1z, all 14 discards, keep only progress (target 0.5 s)"
POYANG_WIN = ("win_chances, 234578m1689p357s1z, all 14 discards, POYANG rules "
              "(the live analyzer's)")
CHANGES = ("win_chances, 123456m789p1357s2z (1-shanten), all discards, hand changes "
           "(target 10 s)")
HAND_CHANGES = ("win_chances, 234578m1689p357s1z, all 14 discards, hand changes "
                "(target 3 s)")
POINTS = ("win_chances, 234578m1689p357s1z, all 14 discards, POYANG rules, expected points "
          "(target 1 s)")
CALLS = ("win_chances, 234578m1689p357s1z, all 14 discards, POYANG, four seats with discard "
         "wins and calls (target 3 s)")
RACE = ("win_chances, 234578m1689p357s1z, all 14 discards, POYANG, four seats with discard "
        "wins, calls and opponents (target 3 s)")
DEAL_INS = ("win_chances, 234578m1689p357s1z, all 14 discards, POYANG, four seats with discard "
            "wins, points, opponents and deal-ins (target 3 s)")
CLAIM = ("claim_advice, 12389m456p78s11z4z (1-shanten) and a 9s from the left, POYANG, 17 "
         "turns (target 0.2 s)")
NEAR = "win_chances, fresh hands 1-2 from ready, 17 draws, slowest hand (target 0.3 s)"
"""With ``| hand changes | s`` or ``| points | s``: the slowest of the fresh hands."""
FAR = "win_chances, fresh hands 4 from ready, hand changes, 17 draws"
"""With ``| answered | s`` (target 20 s) and ``| refused | s`` (target 1 s): the slowest."""
FAR_DEALS = "win_chances(approximate=True), fresh far deals, 17 draws"
"""With ``| 5 from ready | s`` (riichi, keep only progress, target 5 s), ``| 6 from ready
| s``, and ``| hand changes | s``, ``| calls | s``, ``| race | s``, ``| wild | s``
(target 10 s): the slowest of the fresh deals."""
WAIT_COUNTS = "wait_counts, the full set, RIICHI, fresh process with the import (target 1 s)"
DANGER = ("deal_in_chances, fresh 14-tile hands with 12-39 visible tiles, POYANG, slowest "
          "(target 0.5 s)")
"""The labels of the win_chances cases this table reads; bench/bench.py times them under
these names and records each as ``LABEL | s``."""


# the analyzer's modes as the README's row names them (the others by their own names)
NAMES = {"all": "alone", "discard wins": "four seats", "four seats": "calls",
         "race": "the race", "claim points": "claim by points"}


def us(x: float) -> str:
    return f"{x:.2f} µs"


def seconds(x: float) -> str:
    return f"{x:.2f} s"


def millions(x: float) -> str:
    return f"{x / 1e6:.1f} M/s"


# (what, target as text, mjcore's figure, the peer's figure or None, met?) from the medians
def rows(m: dict[str, float]) -> list[tuple[str, str, str, str, bool | None]]:
    def pair(function: str, peer: str) -> tuple[float, float, float]:
        key = f"{function} | {peer} | "
        return m[key + "mjcore µs"], m[key + "peer µs"], m[key + "peer / mjcore"]

    out = []
    mine, theirs, ratio = pair("shanten, random 13", "mahjong")
    out.append(("`shanten`, random 13 tiles", "20x faster than `mahjong`", us(mine),
                f"{us(theirs)} (mjcore {ratio:.1f}x faster)", ratio >= 20))
    mine, theirs, ratio = pair("shanten, random 13", "xiangting")
    out.append(("`shanten`, random 13 tiles", "at most 2x `xiangting`'s time", us(mine),
                f"{us(theirs)} (mjcore {1 / ratio:.2f}x its time)", 1 / ratio <= 2))
    mine, theirs, ratio = pair("effective_tiles, random 13", "xiangting")
    out.append(("`effective_tiles`, random 13 tiles", "at most 3x `xiangting`'s time",
                us(mine), f"{us(theirs)} (mjcore {1 / ratio:.2f}x its time)", 1 / ratio <= 3))
    mine, theirs, ratio = pair("waits, ready 13", "mahjong")
    out.append(("`waits`, ready 13 tiles", "20x faster than `Agari` per candidate",
                us(mine), f"{us(theirs)} (mjcore {ratio:.1f}x faster)", ratio >= 20))
    mine, theirs, ratio = pair("is_win, winning 14", "mahjong")
    out.append(("`is_win`, winning 14 tiles", "(none)", us(mine),
                f"{us(theirs)} (mjcore {ratio:.1f}x faster)", None))
    for name, low in (("batch.shanten", 15e6), ("batch.effective_masks", 1e6)):
        r, p = m[f"{name} | riichi | hands a second"], m[f"{name} | poyang | hands a second"]
        out.append((f"`{name}`, RIICHI / POYANG", f"{millions(low)} on one core",
                    f"{millions(r)} / {millions(p)}", "", min(r, p) >= low))
    s, e = (m[f"{f} | poyang | against riichi"] for f in ("shanten", "effective_tiles"))
    out.append(("POYANG against RIICHI: `shanten` / `effective_tiles`",
                "within 1.5x", f"{s:.2f}x / {e:.2f}x", "", max(s, e) <= 1.5))
    cold = m["mjcore | import + first answer, s"]
    out.append(("cold start: import and first `shanten`", "0.3 s", f"{cold:.3f} s",
                f"`mahjong` {m['mahjong | import + first answer, s']:.3f} s, `xiangting` "
                f"{m['xiangting | import + first answer, s']:.3f} s", cold <= 0.3))
    out.append(("`win_chances`, all 14 discards of 234578m1689p357s1z, RIICHI", "0.5 s",
                seconds(m[WIN + ' | s']), "", m[WIN + ' | s'] <= 0.5))
    out.append(("the same under POYANG (the live analyzer's rules)", "(none)",
                seconds(m[POYANG_WIN + ' | s']), "", None))
    out.append(("a 1-shanten hand, every discard, with hand changes", "10 s",
                seconds(m[CHANGES + ' | s']), "", m[CHANGES + ' | s'] <= 10))
    if HAND_CHANGES + " | s" in m:
        hc, pts = m[HAND_CHANGES + " | s"], m[POINTS + " | s"]
        out.append(("234578m1689p357s1z with hand changes", "3 s", seconds(hc),
                    "mahjong-cpp (C++): ~5 s, 3-shanten", hc <= 3))
        out.append(("234578m1689p357s1z by expected points, POYANG", "1 s", seconds(pts), "",
                    pts <= 1))
        near = [m[f"{NEAR} | {kind} | s"] for kind in ("hand changes", "points")]
        out.append(("fresh hands 1-2 from ready, hand changes / points, slowest", "0.3 s",
                    " / ".join(map(seconds, near)), "", max(near) <= 0.3))
    if FAR_DEALS + " | 5 from ready | s" in m:
        five, six = (m[f"{FAR_DEALS} | {k} from ready | s"] for k in (5, 6))
        out.append(("fresh riichi deals 5 / 6 from ready, `approximate=True`, slowest",
                    "5 s / (none)", f"{seconds(five)} / {seconds(six)}",
                    "tomohxx/mahjong-win-prob (C++): 0.1-1 s / 1-20 s, exact", five <= 5))
        modes = [m[f"{FAR_DEALS} | {k} | s"] for k in ("hand changes", "calls", "race", "wild")]
        out.append(("far deals with hand changes / calls / the race / wild tiles, slowest",
                    "10 s", " / ".join(map(seconds, modes)), "", max(modes) <= 10))
    if CALLS + " | s" in m:
        calls, claim = m[CALLS + " | s"], m[CLAIM + " | s"]
        out.append(("234578m1689p357s1z, four seats with calls, POYANG", "3 s",
                    seconds(calls), "", calls <= 3))
        out.append(("`claim_advice`, a 1-shanten hand", "0.2 s", seconds(claim), "",
                    claim <= 0.2))
    if RACE + " | s" in m:
        race = m[RACE + " | s"]
        out.append(("the same with calls and the race (`opponents=True`)", "3 s",
                    seconds(race), "", race <= 3))
    if DEAL_INS + " | s" in m:
        dealt = m[DEAL_INS + " | s"]
        out.append(("by points with the race and deal-ins (`deal_ins=True`)", "3 s",
                    seconds(dealt), "", dealt <= 3))
    if DANGER + " | s" in m:
        full, danger = m[WAIT_COUNTS + " | s"], m[DANGER + " | s"]
        out.append(("`wait_counts`, 136 tiles, import included / `deal_in_chances`, "
                    "slowest hand", "1 s / 0.5 s", f"{seconds(full)} / {seconds(danger)}",
                    "tomohxx/predictor (C++): 3 ms", full <= 1 and danger <= 0.5))
    if "shanten, 13 tiles, 0-4 jokers | without wilds | mjcore µs" in m:
        mine, theirs, ratio = pair("shanten, 13 tiles, 0-4 jokers", "without wilds")
        out.append(("`shanten` with wild tiles (7z), 13 tiles, 0-4 of them",
                    "at most 2x the time without wilds", us(mine),
                    f"{us(theirs)} without (mjcore {1 / ratio:.2f}x that time)", 1 / ratio <= 2))
        mine, theirs, ratio = pair("is_win, 14 tiles, 4 jokers", "substitution")
        out.append(("`is_win` with four wild tiles", "100x faster than trying every assignment",
                    us(mine), f"{theirs / 1000:.1f} ms by substitution (mjcore {ratio:.0f}x "
                    "faster)", ratio >= 100))
    if "pyodide | race | s" in m:
        modes = ["all", "hand changes", "points", "discard wins", "four seats", "race",
                 "deal-ins", "claim points"]
        # as the page asks: shared out between its two slow workers where it does that
        shared = "pyodide | two workers | race | s" in m
        asked = {k: m.get(f"pyodide | two workers | {k} | s", m[f"pyodide | {k} | s"])
                 for k in modes}
        # the player alone and hand changes under POYANG, the page's default rules (the
        # other modes are POYANG's already), where the runs timed them so; and hand changes
        # by points, the page's other column with the switch on, where they timed it too
        poyang = {"all": m.get("pyodide | alone | poyang | s"),
                  "hand changes": m.get("pyodide | hand changes | poyang | s")}
        under = None not in poyang.values()
        if under:
            asked.update(poyang)
            by_points = m.get("pyodide | hand changes points | poyang | s")
            if by_points is not None:
                modes.insert(2, "hand changes by points")
                asked["hand changes by points"] = by_points
        # the first answers: the discards that keep the shanten (the page's first stage)
        first = [m.get(f"pyodide | two workers | {k} | keep | s")
                 for k in ("four seats", "race", "deal-ins")]
        # on four workers, as the page has on a device with four free cores (each group
        # timed alone, the heaviest): beside the target, which two workers decide
        quad = [m.get(f"pyodide | four workers | {k} | s")
                for k in ("four seats", "race", "deal-ins")]
        # runs from before the POYANG timings: say which rules the first two are under
        notes = [note for note, on in (("four seats on two workers", shared),
                                       ("alone and hand changes under RIICHI", not under))
                 if on]
        out.append(("Pyodide in Node, the analyzer's modes on 234578m1689p357s1z"
                    + (" under POYANG" if under else "")
                    + (f" ({'; '.join(notes)})" if notes else "") + ": "
                    + " / ".join(NAMES.get(k, k) for k in modes), "2 s each",
                    " / ".join(seconds(asked[k]) for k in modes),
                    "; ".join(
                        f"{what}: " + " / ".join(map(seconds, found)) for what, found in (
                            ("first answers (calls / race / deal-ins)", first),
                            ("on four workers (each group alone)", quad)) if None not in found),
                    max(asked.values()) <= 2))
        out.append(("Pyodide in Node: danger / far riichi / far wild", "(none)", " / ".join(
            seconds(m[f"pyodide | {k} | s"]) for k in ("danger", "far", "far wild")), "",
                    None))
    elif "pyodide | far | s" in m:
        out.append(("Pyodide in Node: 14 discards / hand changes / points / calls / "
                    "danger / deal-ins / far riichi / far wild", "(none)", " / ".join(
                        seconds(m[f"pyodide | {k} | s"]) for k in
                        ("all", "hand changes", "points", "four seats", "danger",
                         "deal-ins", "far", "far wild")), "", None))
    elif "pyodide | deal-ins | s" in m:
        out.append(("Pyodide in Node: 14 discards / hand changes / points / calls / "
                    "danger / deal-ins", "(none)", " / ".join(
                        seconds(m[f"pyodide | {k} | s"]) for k in
                        ("all", "hand changes", "points", "four seats", "danger",
                         "deal-ins")), "", None))
    elif "pyodide | danger | s" in m:
        out.append(("under Pyodide in Node: the 14 discards / hand changes / points / calls / "
                    "danger", "(none)", " / ".join(
                        seconds(m[f"pyodide | {k} | s"]) for k in
                        ("all", "hand changes", "points", "four seats", "danger")), "", None))
    elif "pyodide | four seats | s" in m:
        out.append(("under Pyodide in Node: the 14 discards / hand changes / points / calls",
                    "(none)", " / ".join(seconds(m[f"pyodide | {k} | s"]) for k in
                                         ("all", "hand changes", "points", "four seats")),
                    "", None))
    elif "pyodide | hand changes | s" in m:
        out.append(("under Pyodide in Node: the 14 discards / hand changes / points", "(none)",
                    " / ".join(seconds(m[f"pyodide | {k} | s"])
                               for k in ("all", "hand changes", "points")), "", None))
    elif "pyodide | all | s" in m:
        out.append(("the 14 discards under Pyodide in Node", "(none)",
                    seconds(m["pyodide | all | s"]), "", None))
    return out


LOOP = re.compile(r"a fixed loop of 1,000,000 steps ([0-9.]+) s")
"""How long the host took for a fixed loop, in a run's ``machine at the start`` and ``at the
end`` (bench.py's ``machine()``): the table says the range, how busy the shared host was."""


def medians(runs: list[dict]) -> dict[str, float]:
    keys = set.intersection(*(set(r["figures"]) for r in runs))
    return {k: statistics.median(r["figures"][k] for r in runs) for k in keys}


def table(count: int = 3, path: Path = RUNS) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    runs = [json.loads(line) for line in lines if line.strip()][-count:]
    dates = sorted({r["date"][:10] for r in runs})
    loops = [float(found) for r in runs for when in ("start", "end")
             for found in LOOP.findall(r.get(f"machine at the {when}", ""))]
    host = (f" (shared: a 1M-step loop took {min(loops):.3f}-{max(loops):.3f} s)"
            if len(loops) == 2 * len(runs) else "")
    out = [f"Median of the last {len(runs)} `make bench` runs ({', '.join(dates)}), on this "
           f"project's 2-core machine{host}, RIICHI rules, fresh seeded hands every pass:",
           "",
           "| what | target | mjcore | peer | met |", "|---|---|---|---|---|"]
    for what, target, mine, peer, met in rows(medians(runs)):
        mark = "" if met is None else ("yes" if met else "**no**")
        out.append(f"| {what} | {target} | {mine} | {peer} | {mark} |")
    return "\n".join(out)


if __name__ == "__main__":
    count = 3
    if sys.argv[1:2] == ["--runs"]:
        count = int(sys.argv[2])
    print(table(count))
