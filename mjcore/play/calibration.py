"""Calibration: does best play's chance with the race come true at a table of four?

:func:`mjcore.win_chances` with ``opponents=True`` treats the other seats' wins as a
chance per turn, the same whatever the player holds.  At :mod:`mjcore.play.table`'s
table, seat 0 (the dealer) plays best play with the race (the policy "best play": one
search at its first discard, followed to the end) and the other three the advisor.
Each round records the chance the search gave the dealer's first discard and whether
the dealer then won; :func:`calibration` groups the rounds by that chance and sets the
share actually won beside the mean chance, with intervals.  The gap is the price of
the model's independence.  ``python -m mjcore.play.calibration`` (``make
calibration``) writes :data:`CALIBRATION_FILE`, which the race chapter reads and a test
replays in part.
"""

from __future__ import annotations

import argparse
import csv
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..base.checks import HandError, int_arg, items_arg
from ..base.rules import POYANG
from ..base.tiles import N_KINDS, tile_name, to_mpsz
from ..hand.shanten import shanten
from .games import MAX_SEEDS
from .prob import Estimate
from .table import SEATS, _check_round, _play, shuffled_wall

POLICIES = ("best play", "advisor", "advisor", "advisor")
"""Seat 0 plays best play with the race, the others chapter 5's advisor."""

ROUNDS = 2_000
"""Rounds ``make calibration`` plays (seeds 0 to ``ROUNDS - 1``)."""

CALIBRATION_FILE = "notebooks/data/calibration_poyang.csv"
"""Where ``make calibration`` writes its rows (from the repository's root)."""

FIELDS = ("seed", "hand", "shanten", "discard", "chance", "outcome", "turn")
"""A row: the seed, the dealer's 14 tiles and their shanten, the discard best play chose
and its chance of winning before anyone else ("" when the search was refused: the dealer
played the advisor), how the round ended for the dealer ("won", "lost": another seat
won, "draw") and the round's winning turn."""

CHUNK = 20
"""Rounds a task (a round takes 0.1 to 8 seconds: the dealer's search)."""


def calibration_row(seed: int) -> dict:
    """One round of :data:`POLICIES` under Poyang rules, as a row of :data:`FIELDS`.

    >>> row = calibration_row(2)
    >>> row["hand"], row["shanten"], row["discard"], round(row["chance"], 3), row["outcome"]
    ('12347m259p14s2467z', 1, '2m', 0.666, 'won')
    """
    seed, rules, policies, dead_wall, tiles = _check_round(seed, POYANG, POLICIES, 0)
    notes: dict = {}
    played = _play(seed, rules, policies, dead_wall, tiles, notes)
    plan = notes.get(0)
    first = _dealt(seed)
    outcome = ("draw" if played.winner is None else "won" if played.winner == 0 else "lost")
    return {"seed": seed, "hand": to_mpsz(first), "shanten": shanten(first, rules),
            "discard": "" if plan is None else tile_name(plan.first),
            "chance": None if plan is None else plan.chance, "outcome": outcome,
            "turn": played.turn}


def _dealt(seed: int) -> tuple[int, ...]:
    """The dealer's 14 tiles: its 13 and its first draw
    (:func:`mjcore.play.table.shuffled_wall`)."""
    wall = shuffled_wall(seed)
    counts = [0] * N_KINDS
    for t in wall[:13] + [wall[13 * SEATS]]:
        counts[t] += 1
    return tuple(counts)


def _chunk(first: int, last: int) -> list[dict]:
    return [calibration_row(seed) for seed in range(first, last)]


def calibration_rows(first: int, last: int, executor: object = None,
                     progress: bool = False) -> list[dict]:
    """The rows of seeds ``first`` to ``last`` (exclusive), in order, on ``executor`` (any
    ``concurrent.futures.Executor``; None: this process), with a progress bar if
    ``progress``."""
    from .studies import chunks, run

    first = int_arg(first, "first", 0, MAX_SEEDS - 1)
    last = int_arg(last, "last", first, min(MAX_SEEDS, first + 100_000))
    found = run(_chunk, list(chunks(first, last, CHUNK)), executor, progress, "rounds", CHUNK)
    return [row for part in found for row in part]


def write_rows(path: str | Path, rows: Iterable[dict]) -> None:
    """Write calibration rows as CSV (:data:`FIELDS`; chances to 12 digits)."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, FIELDS, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({**row, "chance": "" if row["chance"] is None
                             else f"{row['chance']:.12f}",
                             "turn": "" if row["turn"] is None else row["turn"]})


def read_rows(path: str | Path) -> list[dict]:
    """The rows :func:`write_rows` wrote."""
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if tuple(reader.fieldnames or ()) != FIELDS:
            raise HandError(f"{path}: the columns are not {', '.join(FIELDS)}")
        try:
            return [{"seed": int(w["seed"]), "hand": w["hand"], "shanten": int(w["shanten"]),
                     "discard": w["discard"],
                     "chance": None if w["chance"] == "" else float(w["chance"]),
                     "outcome": w["outcome"],
                     "turn": None if w["turn"] == "" else int(w["turn"])}
                    for w in reader]
        except ValueError as error:
            raise HandError(f"{path}: a value is not a number ({error})") from None


@dataclass(frozen=True)
class Bin:
    """Rounds whose predicted chance fell in ``[low, high]``: their mean chance
    (``predicted``) and the share the dealer won (``won``, an
    :class:`~mjcore.play.prob.Estimate` with its interval)."""

    low: float
    high: float
    predicted: float
    won: Estimate


def calibration(rows: Sequence[dict], bins: int = 10) -> list[Bin]:
    """The rows with a chance, sorted by it and cut into ``bins`` groups of nearly equal
    size (deciles for 10): for each, the mean chance and the share won.

    >>> rows = [{"chance": c / 10, "outcome": "won" if c > 5 else "lost"} for c in range(10)]
    >>> [(b.predicted, b.won.hits) for b in calibration(rows, 2)]
    [(0.2, 0), (0.7, 4)]
    """
    rows = items_arg(rows, "rows", 100_000, "rows")
    bins = int_arg(bins, "bins", 1, 100)
    scored = sorted((r["chance"], r["outcome"] == "won") for r in rows
                    if r.get("chance") is not None)
    if len(scored) < bins:
        raise HandError(f"calibration needs at least {bins} rows with a chance, "
                        f"got {len(scored)}")
    out = []
    for k in range(bins):
        part = scored[k * len(scored) // bins:(k + 1) * len(scored) // bins]
        out.append(Bin(part[0][0], part[-1][0], statistics.fmean(c for c, _ in part),
                       Estimate(sum(w for _, w in part), len(part))))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m mjcore.play.calibration``: play :data:`ROUNDS` rounds on every core and
    write :data:`CALIBRATION_FILE`."""
    from .studies import every_core

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds to play")
    parser.add_argument("--root", default=".", help="the repository (default: here)")
    args = parser.parse_args(argv)
    with every_core() as pool:
        rows = calibration_rows(0, args.rounds, pool, True)
    write_rows(Path(args.root) / CALIBRATION_FILE, rows)
    print(f"{CALIBRATION_FILE}: {len(rows):,} rounds", flush=True)


__all__ = ["CALIBRATION_FILE", "CHUNK", "FIELDS", "POLICIES", "ROUNDS", "Bin", "calibration",
           "calibration_row", "calibration_rows", "main", "read_rows", "write_rows"]


if __name__ == "__main__":
    main()
