"""Push or fold (攻守判断) by shanten and turn: what best play with deal-ins answers.

For each number of steps from ready (0 to 3) and each of the player's turns in
:data:`TURNS`, :data:`HANDS` seeded Poyang hands of 14 tiles are asked
:func:`mjcore.win_chances` ``(..., discard_wins=True, objective="points",
opponents=True, turn=turn, deal_ins=True)``, with the tiles a table would have shown by
then (``4 (turn - 1)`` tiles of the rest of the set, the player's own discards and the
other seats') and the turns a round has left (``min(17, 24 - turn)``, the table's
longest round).  A row records the best discard, whether best play then folds, its net
points, chance of winning and of dealing in, and the best discard of the same question
without deal-ins (``plain``): where the two differ, a safer tile beat the one that keeps
the shape.  ``python -m mjcore.play.pushfold`` (``make pushfold``) writes :data:`FILE`
on every core (8.7 minutes measured on 2 shared cores); chapter 8 reads it and a test replays a
sample.

>>> row = hand_row(0, 9, 0)
>>> row["shanten"], row["turn"], row["fold"] in (0, 1)
(0, 9, True)
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

from ..base.checks import int_arg
from ..base.deals import random_wins
from ..base.rules import POYANG
from ..base.tiles import COPIES, N_KINDS, to_mpsz
from ..hand.shanten import shanten
from .bestplay import win_chances

SHANTENS = (0, 1, 2, 3)
"""The steps from ready the study asks about."""

TURNS = (3, 6, 9, 12, 15)
"""The player's turns the study asks at (the discard about to be made)."""

HANDS = 40
"""Hands a cell (a shanten and a turn)."""

FILE = "notebooks/data/pushfold_poyang.csv"
"""Where ``make pushfold`` writes its rows (from the repository's root)."""

FIELDS = ("shanten", "turn", "index", "hand", "visible", "draws", "best", "fold", "points",
          "win", "deal_in", "plain")
"""A row: the cell (``shanten``, ``turn``) and the hand's ``index`` in it; the hand and
the visible tiles (mpsz); the turns left asked about; the best discard with deal-ins,
``fold`` (1: best play gives up winning after it), its net points, chance of winning and
of dealing in; the best discard without deal-ins (``plain``)."""

_INTS = ("shanten", "turn", "index", "draws", "fold")
_REALS = ("points", "win", "deal_in")


def deal(target: int, turn: int, index: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ``index``-th hand of the cell (``target`` steps from ready, ``turn``): a random
    complete hand with ``target + 1`` tiles swapped for others of the set, drawn again
    until it is ``target`` from ready, and ``4 (turn - 1)`` of the remaining tiles as
    visible; seeded by the cell and the index.

    >>> hand, seen = deal(1, 3, 0)
    >>> sum(hand), sum(seen), shanten(hand, POYANG)
    (14, 8, 1)
    """
    target = int_arg(target, "target", 0, max(SHANTENS))
    turn = int_arg(turn, "turn", 1, 24)
    index = int_arg(index, "index", 0, 10_000)
    rng = random.Random(f"pushfold {target} {turn} {index}")
    while True:
        counts = list(random_wins(1, rng)[0])
        for _ in range(target + 1):
            out = rng.choice([t for t in range(N_KINDS) if counts[t]])
            counts[out] -= 1
            counts[rng.choice([t for t in range(N_KINDS) if counts[t] < COPIES])] += 1
        hand = tuple(counts)
        if shanten(hand, POYANG) == target:
            break
    rest = [t for t in range(N_KINDS) for _ in range(COPIES - hand[t])]
    rng.shuffle(rest)
    seen = [0] * N_KINDS
    for t in rest[:4 * (turn - 1)]:
        seen[t] += 1
    return hand, tuple(seen)


def hand_row(target: int, turn: int, index: int) -> dict:
    """The row (:data:`FIELDS`) of the ``index``-th hand of a cell."""
    hand, seen = deal(target, turn, index)
    draws = min(17, 24 - turn)
    ask = dict(draws=draws, rules=POYANG, visible=seen, discard_wins=True,
               objective="points", opponents=True, turn=turn)
    best = win_chances(hand, deal_ins=True, **ask)[0]
    plain = win_chances(hand, **ask)[0]
    return {"shanten": target, "turn": turn, "index": index, "hand": to_mpsz(hand),
            "visible": to_mpsz(seen), "draws": draws, "best": best.name,
            "fold": int(bool(best.fold)), "points": best.expected_points, "win": best.win,
            "deal_in": best.deal_in, "plain": plain.name}


def study_rows(hands: int = HANDS, executor: object = None,
               progress: bool = False) -> list[dict]:
    """Every cell's first ``hands`` rows, in order of shanten, turn and index, asked on
    ``executor`` (any ``concurrent.futures.Executor``; None: this process)."""
    from .studies import run

    hands = int_arg(hands, "hands", 1, 1000)
    tasks = [(s, t, i) for s in SHANTENS for t in TURNS for i in range(hands)]
    return run(hand_row, tasks, executor, progress, "hands")


def write_rows(path: str | Path, rows: Sequence[dict]) -> None:
    """Write rows as CSV (:data:`FIELDS`; numbers to 12 digits)."""
    from .studies import write_csv

    write_csv(path, rows, FIELDS, _REALS, 100_000)


def read_rows(path: str | Path) -> list[dict]:
    """The rows :func:`write_rows` wrote."""
    from .studies import read_csv

    return read_csv(path, FIELDS, _INTS, _REALS)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m mjcore.play.pushfold``: ask every cell on every core and write
    :data:`FILE`."""
    from .studies import every_core

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--hands", type=int, default=HANDS, help="hands a cell")
    parser.add_argument("--root", default=".", help="the repository (default: here)")
    args = parser.parse_args(argv)
    with every_core() as pool:
        rows = study_rows(args.hands, pool, True)
    write_rows(Path(args.root) / FILE, rows)
    folds = sum(r["fold"] for r in rows)
    print(f"{FILE}: {len(rows):,} hands, {folds:,} fold", flush=True)


__all__ = ["FIELDS", "FILE", "HANDS", "SHANTENS", "TURNS", "deal", "hand_row", "main",
           "read_rows", "study_rows", "write_rows"]


if __name__ == "__main__":
    main()
