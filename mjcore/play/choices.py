"""Whose discard is best: the advisor's against best play, one player's against four seats'.

Two studies on seeded 14-tile hands one step from ready
(:func:`mjcore.play.bestplay.near_ready_hands`, seed 2026), 17 turns, Poyang rules:

- :func:`advisor_row` (chapter 6, section 6): the first discard of chapter 5's advisor
  (:func:`mjcore.hand.effective.discard_advice`, most effective tiles) against the best
  one by :func:`mjcore.win_chances`, and the chance of winning of each;
- :func:`four_seats_row` (chapter 7, section 7): the best discard for one player against
  the best at four seats that win on discards too (``discard_wins=True``, with or
  without ``calls``), and what the lone player's choice wins at four seats.

``python -m mjcore.play.choices`` (``make choices``) asks :data:`STUDY`'s hands on every
core and writes :data:`ADVISOR_FILE` and :data:`FOUR_SEATS_FILE` (about 50 s of work),
which the chapters read; a test replays a sample.  The chances are stored exactly
(``repr``), so a chapter's differences of chances are those of the search itself.

>>> row = advisor_row(hands(1)[0])
>>> row["hand"], row["advisor"], row["best"], round(row["best_win"], 4)
('12348m556677p266z', '2z', '2z', 0.4507)
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

from ..base.checks import bool_arg, int_arg
from ..base.tiles import as_counts, tile_name, to_mpsz
from ..hand.effective import discard_advice
from .bestplay import near_ready_hands, win_chances

STUDY = {"advisor": 2000, "four seats": 1000, "four seats with calls": 200, "seed": 2026,
         "draws": 17}
"""What ``make choices`` asks: the advisor on the first 2,000 seeded hands, four seats on
the first 1,000, four seats with calls on the first 200."""

ADVISOR_FILE = "notebooks/data/choices_advisor.csv"
"""Where ``make choices`` writes the advisor's study (from the repository's root)."""

FOUR_SEATS_FILE = "notebooks/data/choices_four_seats.csv"
"""Where ``make choices`` writes the four-seat study (from the repository's root)."""

ADVISOR_FIELDS = ("deal", "hand", "advisor", "best", "advisor_shanten", "best_shanten",
                  "advisor_win", "best_win")
"""A row of :data:`ADVISOR_FILE`: the hand's place among the seeded hands, the hand, the
advisor's first discard and the best one, the shanten after each and their chances of
winning."""

FOUR_SEATS_FIELDS = ("deal", "calls", "hand", "alone", "four_seats", "alone_shanten",
                     "four_seats_shanten", "alone_at_four", "best_at_four")
"""A row of :data:`FOUR_SEATS_FILE`: the hand's place, whether the four seats call (1) or
not (0), the hand, the best discard alone and at four seats, the shanten after each, the
lone player's discard's chance at four seats and the best chance at four seats."""

_ADVISOR_INTS = ("deal", "advisor_shanten", "best_shanten")
_ADVISOR_REALS = ("advisor_win", "best_win")
_FOUR_INTS = ("deal", "calls", "alone_shanten", "four_seats_shanten")
_FOUR_REALS = ("alone_at_four", "best_at_four")


def hands(n: int, seed: int = STUDY["seed"]) -> list[tuple[int, ...]]:
    """The first ``n`` seeded hands of the studies (14 tiles, one step from ready)."""
    return near_ready_hands(int_arg(n, "n", 0, 100_000), 1, random.Random(seed))


def advisor_row(hand: str | Sequence[int], deal: int = 0,
                draws: int = STUDY["draws"]) -> dict:
    """The advisor's first discard of a 14-tile ``hand`` against the best one
    (:data:`ADVISOR_FIELDS`)."""
    hand = as_counts(hand)
    deal = int_arg(deal, "deal", 0, 100_000)
    first = discard_advice(hand)[0]
    chances = win_chances(hand, draws)
    mine = next(c for c in chances if c.tile == first.tile)
    return {"deal": deal, "hand": to_mpsz(hand), "advisor": tile_name(first.tile),
            "best": chances[0].name, "advisor_shanten": mine.shanten,
            "best_shanten": chances[0].shanten, "advisor_win": mine.win,
            "best_win": chances[0].win}


def four_seats_row(hand: str | Sequence[int], deal: int = 0, calls: bool = False,
                   draws: int = STUDY["draws"]) -> dict:
    """The best discard of a 14-tile ``hand`` for one player against the best at four
    seats that win on discards, with ``calls`` or not (:data:`FOUR_SEATS_FIELDS`).

    >>> row = four_seats_row("2222345577m337p5s")
    >>> row["alone"], row["four_seats"], round(row["alone_at_four"], 3)
    ('5m', '5s', 0.672)
    """
    hand = as_counts(hand)
    deal = int_arg(deal, "deal", 0, 100_000)
    calls = bool_arg(calls, "calls")
    alone = win_chances(hand, draws)[0]
    four = win_chances(hand, draws, discard_wins=True, calls=calls)
    mine = next(c for c in four if c.tile == alone.tile)
    return {"deal": deal, "calls": int(calls), "hand": to_mpsz(hand), "alone": alone.name,
            "four_seats": four[0].name, "alone_shanten": alone.shanten,
            "four_seats_shanten": four[0].shanten, "alone_at_four": mine.win,
            "best_at_four": four[0].win}


def study_rows(advisor: int = STUDY["advisor"], four_seats: int = STUDY["four seats"],
               with_calls: int = STUDY["four seats with calls"], executor: object = None,
               progress: bool = False) -> tuple[list[dict], list[dict]]:
    """The advisor's rows of the first ``advisor`` hands, and the four-seat rows of the
    first ``four_seats`` hands without calls then the first ``with_calls`` with them,
    asked one hand a task on ``executor`` (any ``concurrent.futures.Executor``; None:
    this process)."""
    from .studies import run

    advisor = int_arg(advisor, "advisor", 0, 100_000)
    four_seats = int_arg(four_seats, "four_seats", 0, 100_000)
    with_calls = int_arg(with_calls, "with_calls", 0, 100_000)
    seeded = hands(max(advisor, four_seats, with_calls))
    tasks = ([(advisor_row, seeded[i], i) for i in range(advisor)]
             + [(four_seats_row, seeded[i], i, False) for i in range(four_seats)]
             + [(four_seats_row, seeded[i], i, True) for i in range(with_calls)])
    rows = run(_ask, tasks, executor, progress, "questions")
    return rows[:advisor], rows[advisor:]


def _ask(row, *args) -> dict:
    """One task of :func:`study_rows`: ``row(*args)`` (a module-level function, so that a
    process pool can send it)."""
    return row(*args)


def write_rows(path: str | Path, rows: Sequence[dict], four_seats: bool = False) -> None:
    """Write the advisor's rows, or with ``four_seats`` the four-seat rows, as CSV, the
    chances exactly."""
    from .studies import write_csv

    four_seats = bool_arg(four_seats, "four_seats")
    fields, reals = ((FOUR_SEATS_FIELDS, _FOUR_REALS) if four_seats
                     else (ADVISOR_FIELDS, _ADVISOR_REALS))
    write_csv(path, rows, fields, reals, 100_000, digits=None)


def read_rows(path: str | Path, four_seats: bool = False) -> list[dict]:
    """The rows :func:`write_rows` wrote (``four_seats`` as there)."""
    from .studies import read_csv

    if bool_arg(four_seats, "four_seats"):
        return read_csv(path, FOUR_SEATS_FIELDS, _FOUR_INTS, _FOUR_REALS)
    return read_csv(path, ADVISOR_FIELDS, _ADVISOR_INTS, _ADVISOR_REALS)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m mjcore.play.choices``: ask :data:`STUDY`'s hands on every core and write
    :data:`ADVISOR_FILE` and :data:`FOUR_SEATS_FILE`."""
    from .studies import every_core

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--root", default=".", help="the repository (default: here)")
    args = parser.parse_args(argv)
    with every_core() as pool:
        advisor, four = study_rows(executor=pool, progress=True)
    write_rows(Path(args.root) / ADVISOR_FILE, advisor)
    write_rows(Path(args.root) / FOUR_SEATS_FILE, four, four_seats=True)
    differ = sum(r["best_win"] - r["advisor_win"] > 1e-12 for r in advisor)
    print(f"{len(advisor)} hands asked of the advisor ({differ} where its discard is not "
          f"the best), {len(four)} four-seat questions; written to {ADVISOR_FILE} and "
          f"{FOUR_SEATS_FILE}")


if __name__ == "__main__":
    main()
