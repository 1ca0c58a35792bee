"""Far hands: the table of leaves the approximate search reads, and its measured error.

``python -m mjcore.play.farhands`` (``make leaves``) runs on every core:

1. :func:`leaf_table`: for each number of steps from ready in :data:`DEALS`, that many
   seeded 14-tile riichi deals (:func:`deal`) are asked the exact search, keep only
   progress with 17 draws, alone and at four seats (wins on discards).  Every hand of 13
   tiles a search values, one step from ready or more, adds its curves (by draws left)
   to the mean of its steps and live effective copies.  A deal whose search would pass
   :data:`BUDGET` hands is left out.  :func:`leaves_source` writes the means to
   ``mjcore/play/bestplay/leaftable.py``.
2. :func:`error_rows`: other seeded deals (:data:`CHECKS`), riichi deals four and five
   steps from ready and hongzhong deals (wild tiles) three and four, asked exactly (up
   to :data:`BUDGET` hands or :data:`WILD_BUDGET` evaluations) and approximately with
   two draws and with one draw searched before the leaves.  A row per deal and depth
   says how far the approximate chances are from the exact ones and which discard each
   picks; they go to :data:`FILE` and their summaries to the table module's ``ERRORS``
   and ``WILD_ERRORS``.

Chapter 6's section on far hands reads both, and a test replays a sample.
"""

from __future__ import annotations

import argparse
import random
import textwrap
from collections.abc import Sequence
from pathlib import Path

from ..base.checks import HandError
from ..base.rules import RIICHI, Rules, rules_arg
from ..base.tiles import COPIES, N_KINDS, to_mpsz
from ..hand.shanten import shanten

DEALS = {1: 30, 2: 40, 3: 40, 4: 40, 5: 30}
"""Seeded deals by steps from ready whose exact searches fill the table."""

WILD_DEALS = {1: 10, 2: 20, 3: 20}
"""Seeded hongzhong deals (wild tiles) by steps from ready whose exact searches fill the
table's "wild" curves."""

CHECKS = {("riichi", 4): 16, ("riichi", 5): 16, ("hongzhong", 3): 12, ("hongzhong", 4): 8}
"""Seeded deals (other seeds) by rule set and steps from ready whose error is measured:
keep only progress under the riichi forms, and under the wild tiles of hongzhong (where
the leaves read the same table)."""

DRAWS = 17
"""The draws every search of the study has (the table's longest curve)."""

BUDGET = 300_000
"""The most hands an exact search of the study may value (a deal that needs more is left
out: the five-shanten deals that would take 35 to 50 seconds)."""

WILD_BUDGET = 2_000_000
"""The most shanten evaluations an exact search under wild rules may make in the error
rows (a deal that needs more is left out)."""

DEPTHS = (2, 1)
"""The draws searched exactly before the leaves, in the error rows."""

FILE = "notebooks/data/farhands.csv"
"""Where ``make leaves`` writes the error rows (from the repository's root)."""

MODULE = "mjcore/play/bestplay/leaftable.py"
"""Where ``make leaves`` writes the table."""

FIELDS = ("rules", "shanten", "index", "hand", "depth", "positions", "exact_positions", "best",
          "exact_best", "win", "exact_win", "mean_error", "worst_error", "loss")
"""An error row: the deal (rule set, steps from ready, index, hand in mpsz), the draws searched
before the leaves and the hands valued, those of the exact search; the best discard of
each and its chance of winning (each by its own search); the mean and the worst of
(approximate - exact) over the discards, by absolute value (the worst with its sign);
``loss``, the exact chance of the exact best less that of the approximate best."""

_INTS = ("shanten", "index", "depth", "positions", "exact_positions")
_REALS = ("win", "exact_win", "mean_error", "worst_error", "loss")


def deal(target: int, index: int, seed: str = "far deals",
         rules: Rules = RIICHI) -> tuple[int, ...]:
    """The ``index``-th seeded 14-tile deal ``target`` steps from ready under ``rules``
    (the riichi forms): random hands of 14 tiles from the whole set, those of other
    shanten dropped.

    >>> shanten(deal(5, 0), RIICHI), sum(deal(5, 0))
    (5, 14)
    """
    rng = random.Random(f"{seed} {target} {index}" if rules == RIICHI
                        else f"{seed} {rules.name} {target} {index}")
    wall = [t for t in range(N_KINDS) for _ in range(COPIES)]
    while True:
        rng.shuffle(wall)
        counts = [0] * N_KINDS
        for t in wall[:14]:
            counts[t] += 1
        if shanten(tuple(counts), rules) == target:
            return tuple(counts)


def deal_sums(target: int, index: int, name: str = "riichi") -> dict | None:
    """The sums the deal's exact searches add to the table: {(kind, steps, live): [hands,
    curve sums...]}, or None for a deal past :data:`BUDGET` (:data:`WILD_BUDGET`).  Under
    the riichi forms the searches alone ("alone") and at four seats ("four"); under
    hongzhong the search with wild tiles, by the wild tiles held ("wild0" to "wild4")."""
    from ..hand.effective import effective_mask
    from .bestplay import api, limits

    rules = rules_arg(name, wild=True)
    counts = deal(target, index, "far deals", rules)
    sums: dict = {}
    saved = limits.MAX_POSITIONS, limits.MAX_WILD_EVALUATIONS
    limits.MAX_POSITIONS, limits.MAX_WILD_EVALUATIONS = BUDGET, WILD_BUDGET
    kinds = (("alone", False), ("four", True)) if rules.wild is None else (("wild", False),)
    try:
        for kind, four in kinds:
            searches: dict = {}
            try:
                api._compute(counts, DRAWS, rules, (0,) * N_KINDS, False, "win",
                             searches=searches, discard_wins=four)
            except HandError:
                return None
            for found in {id(f): f for f in searches.values()}.values():
                for hand, s, mask, curves in _valued(found, rules, effective_mask):
                    if s < 1:
                        continue
                    left = (found.capital - hand).to_bytes(N_KINDS, "little")
                    held = "" if rules.wild is None else hand.to_bytes(N_KINDS, "little")[
                        rules.wild]
                    key = f"{kind}{held}", s, sum(left[t] for t in found.tiles[mask])
                    acc = sums.get(key)
                    if acc is None:
                        acc = sums[key] = [0] + [[0.0] * (DRAWS + 1) for _ in curves]
                    acc[0] += 1
                    for total, curve in zip(acc[1:], curves, strict=True):
                        for r, v in enumerate(curve):
                            total[r] += v
    finally:
        limits.MAX_POSITIONS, limits.MAX_WILD_EVALUATIONS = saved
    return sums


def _valued(search: object, rules: Rules, effective_mask) -> list[tuple]:
    """Every 13-tile hand a solved search valued: (hand as one integer, steps from ready,
    effective mask, curves by draws left)."""
    if rules.wild is None:
        return [(hand, *(search.masks.get(hand) or search.scan(hand, rules)), curves)
                for hand, curves in search.values.items()]
    found = []
    for hand, i in search.index13.items():
        s = search.shanten13[i]
        if s >= 1 and search.win13[i] is not None:
            mask = effective_mask(tuple(hand.to_bytes(N_KINDS, "little")), rules)[1]
            found.append((hand, s, mask, (search.win13[i][::-1], search.ten13[i][::-1])))
    return found


def leaf_table(executor: object = None, progress: bool = False,
               names: Sequence[str] = ("riichi", "hongzhong")) -> tuple[dict, int]:
    """The mean curves {kind: {steps: {live: (curves...)}}} (each curve by draws left 1 to
    :data:`DRAWS`, rounded to 6 digits) and the number of deals left out, from the deals
    of :data:`DEALS` (riichi) and :data:`WILD_DEALS` (hongzhong) of the rule sets
    ``names``."""
    from .studies import run

    plan = {"riichi": DEALS, "hongzhong": WILD_DEALS}
    tasks = [(s, i, name) for name in names for s, n in plan[name].items() for i in range(n)]
    total: dict = {}
    out = 0
    for sums in run(deal_sums, tasks, executor, progress, "deals"):
        if sums is None:
            out += 1
            continue
        for key, (n, *curves) in sums.items():
            acc = total.setdefault(key, [0] + [[0.0] * (DRAWS + 1) for _ in curves])
            acc[0] += n
            for into, curve in zip(acc[1:], curves, strict=True):
                for r, v in enumerate(curve):
                    into[r] += v
    table: dict = {}
    for (kind, s, live), (n, *curves) in sorted(total.items()):
        table.setdefault(kind, {}).setdefault(s, {})[live] = tuple(
            tuple(round(v / n, 6) for v in curve[1:]) for curve in curves)
    return table, out


def error_row(name: str, target: int, index: int, depth: int) -> dict | None:
    """The error row (:data:`FIELDS`) of the :data:`CHECKS` deal under the rule set
    ``name`` with ``depth`` draws searched before the leaves, or None when the exact
    search passes :data:`BUDGET` (or :data:`WILD_BUDGET`)."""
    rows = deal_rows(name, target, index, (depth,))
    return rows[0] if rows else None


def deal_rows(name: str, target: int, index: int,
              depths: Sequence[int] = DEPTHS) -> list[dict]:
    """The error rows of one :data:`CHECKS` deal, one for each of ``depths`` (none when
    the exact search passes its bound): the exact search runs once."""
    from .bestplay import api, limits

    rules = rules_arg(name, wild=True)
    counts = deal(target, index, "far checks", rules)
    saved = limits.MAX_POSITIONS, limits.MAX_WILD_EVALUATIONS
    try:
        limits.MAX_POSITIONS, limits.MAX_WILD_EVALUATIONS = BUDGET, WILD_BUDGET
        try:
            exact = api.win_chances(counts, DRAWS, rules)
        except HandError:
            return []
        exact_positions = api.search_size().positions
    finally:
        limits.MAX_POSITIONS, limits.MAX_WILD_EVALUATIONS = saved
    wins = {c.tile: c.win for c in exact}
    rows = []
    for depth in depths:
        with api._collector_paused():
            approx = api._compute(counts, DRAWS, rules, (0,) * N_KINDS, False, "win",
                                  approximate=depth)
        errors = [c.win - wins[c.tile] for c in approx]
        rows.append({"rules": name, "shanten": target, "index": index,
                     "hand": to_mpsz(counts), "depth": depth,
                     "positions": api.search_size().positions,
                     "exact_positions": exact_positions, "best": approx[0].name,
                     "exact_best": exact[0].name, "win": approx[0].win,
                     "exact_win": exact[0].win,
                     "mean_error": sum(map(abs, errors)) / len(errors),
                     "worst_error": max(errors, key=abs),
                     "loss": exact[0].win - wins[approx[0].tile]})
    return rows


def error_rows(executor: object = None, progress: bool = False,
               names: Sequence[str] = ("riichi", "hongzhong")) -> list[dict]:
    """Every :data:`CHECKS` deal's rows of the rule sets ``names`` for each of
    :data:`DEPTHS` (deals past the bound left out), in order."""
    from .studies import run

    tasks = [(name, s, i) for (name, s), n in CHECKS.items() if name in names
             for i in range(n)]
    return [row for rows in run(deal_rows, tasks, executor, progress, "deals")
            for row in rows]


def errors_summary(rows: Sequence[dict], name: str = "riichi") -> dict:
    """{depth: (rows, mean of the mean errors, worst error, share of rows whose best
    discard is the exact best, worst loss)} over the rows of the rule set ``name``."""
    found = {}
    rows = [r for r in rows if r["rules"] == name]
    for depth in sorted({r["depth"] for r in rows}, reverse=True):
        mine = [r for r in rows if r["depth"] == depth]
        found[depth] = (len(mine), round(sum(r["mean_error"] for r in mine) / len(mine), 6),
                        round(max((r["worst_error"] for r in mine), key=abs), 6),
                        round(sum(r["best"] == r["exact_best"] for r in mine) / len(mine), 6),
                        round(max(r["loss"] for r in mine), 6))
    return found


_HEAD = '''
"""The table of leaves (:mod:`~mjcore.play.bestplay.leaves`), written by ``make leaves``
(:mod:`mjcore.play.farhands`): do not edit.

``LEAVES[kind][steps][live]``: the mean curves, by draws left 1 to ``DRAWS``, of the
hands so many steps from ready with so many live effective copies that the exact
searches of seeded deals valued: riichi deals alone ("alone": win and tenpai) and at
four seats ("four": win, tenpai and the part won on a discard), hongzhong deals with
their wild tiles, by the wild tiles held ("wild0" to "wild4": win and tenpai).
``ERRORS[depth]``: the approximate search with ``depth`` draws searched before the
leaves against the exact one on other riichi deals: (deals, mean error, worst error,
share of deals with the same best discard, worst loss of the discard chosen), chances
as fractions; ``WILD_ERRORS`` the same on hongzhong deals.
"""
'''


def leaves_source(table: dict, errors: dict, wild_errors: dict) -> str:
    """The text of the table module: ``DRAWS``, ``LEAVES``, ``ERRORS`` and
    ``WILD_ERRORS``."""
    head = _HEAD.strip("\n").splitlines()
    lines = [*head, "", f"DRAWS = {DRAWS}", ""]
    for name, found in (("ERRORS", errors), ("WILD_ERRORS", wild_errors)):
        lines += [f"{name} = {{", *(f"    {k!r}: {v!r}," for k, v in found.items()), "}", ""]
    lines.append("LEAVES = {")
    for kind, rows in table.items():
        lines.append(f"    {kind!r}: {{")
        for s, lives in rows.items():
            lines.append(f"        {s}: {{")
            for live, curves in lives.items():
                lines.append(f"            {live}: (")
                for curve in curves:
                    lines += textwrap.wrap(f"{curve!r},", 100, initial_indent=" " * 16,
                                           subsequent_indent=" " * 17)
                lines.append("            ),")
            lines.append("        },")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_rows(path: str | Path, rows: Sequence[dict]) -> None:
    """Write rows as CSV (:data:`FIELDS`; numbers to 12 digits)."""
    from .studies import write_csv

    write_csv(path, rows, FIELDS, _REALS, 10_000)


def read_rows(path: str | Path) -> list[dict]:
    """The rows :func:`write_rows` wrote."""
    from .studies import read_csv

    return read_csv(path, FIELDS, _INTS, _REALS)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m mjcore.play.farhands {table,errors}``: write the table module, or
    measure its error (in a new process, which reads the new table) and write
    :data:`FILE` and the module's ``ERRORS``."""
    from .studies import every_core

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("step", choices=("table", "errors"))
    parser.add_argument("--root", default=".", help="the repository (default: here)")
    args = parser.parse_args(argv)
    root = Path(args.root)
    with every_core() as pool:
        if args.step == "table":
            table, out = leaf_table(pool, True)
            (root / MODULE).write_text(leaves_source(table, {}, {}), encoding="utf-8")
            print(f"{MODULE}: {sum(len(v) for t in table.values() for v in t.values())} "
                  f"rows, {out} deals past the budget", flush=True)
            return
        rows = error_rows(pool, True)
    write_rows(root / FILE, rows)
    from .bestplay.leaftable import LEAVES

    table = {kind: rows_ for kind, rows_ in LEAVES.items()}
    summary, wild = errors_summary(rows), errors_summary(rows, "hongzhong")
    (root / MODULE).write_text(leaves_source(table, summary, wild), encoding="utf-8")
    print(f"{FILE}: {len(rows)} rows; riichi {summary}, hongzhong {wild}", flush=True)


__all__ = ["BUDGET", "CHECKS", "DEALS", "DEPTHS", "DRAWS", "FIELDS", "FILE", "MODULE",
           "WILD_BUDGET", "WILD_DEALS", "deal",
           "deal_rows", "deal_sums", "error_row", "error_rows", "errors_summary", "leaf_table",
           "leaves_source", "main", "read_rows", "write_rows"]


if __name__ == "__main__":
    main()
