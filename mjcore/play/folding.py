"""Folding at the table (弃胡 qìhú; Japanese betaori): does giving up a slow hand pay?

A seat of :mod:`mjcore.play.table` that plays ``"fold"`` is chapter 5's advisor until the
fold rule (:data:`mjcore.play.table.FOLD`) says its hand is too slow: at its discard 7
or later, 3 or more steps from ready after the advisor's discard (shanten >= 3), or at
its discard 12 or later, 2 or more.  From then on it throws, each turn, the tile of its
hand that :func:`mjcore.play.danger.deal_in_chances` rates least likely to deal in, from
what that seat sees (its own hand, every discard and every meld shown), ties to the
lower tile index (:func:`mjcore.play.table.safest_discard`), and it makes no claims.  It
still takes a win if its hand happens to be ready and the tile comes.

The rule was chosen by a paired measurement at the poyang table, 1,000 rounds for each
of the six rules of :data:`RULES_TRIED` (seeds 0 to 999, which this study's seeds
include), the folding seat's points a round against the same seat as an advisor:
folding at shanten >= 2 from discard 5 lost 0.60 points a round (95%: +-0.37), at
shanten >= 1 from discard 6 lost 1.44 (+-0.59), (2, 4) with (1, 8) lost 0.93 (+-0.53),
(2, 7) with (1, 12) lost 0.19 (+-0.24), shanten >= 2 from discard 9 lost 0.03 (+-0.11),
and the rule kept, (3, 7) with (2, 12), gained 0.02 (+-0.10): the later and rarer the
fold, the less it costs.  The order held on 2,000 fresh seeds (1,000 to 2,999) for the
last three: -0.35 (+-0.25), -0.14 (+-0.16), -0.06 (+-0.11).  Under Poyang rules the
discarder of a win pays it alone but a self-draw is shared by all three, seats claim
and are ready soon, and the model ranks tiles by counts alone (it cannot tell which
seat is ready, and without 振听 furiten no tile is safe from a seat for having been
thrown), so a folded hand gives up its wins for little safety.

Two tables, each on its own seeds from 0:

* the poyang table, paired: round ``seed`` with the seat ``seed % 4`` folding
  (:func:`folding_seat`) and the others advisors, beside the same seed with four
  advisors, :func:`mjcore.play.table.play_round` ``(seed)``, the rounds ``make rounds``
  wrote to ``notebooks/data/table_poyang.csv``; the same wall, so the two rounds are the
  same until the seat folds.  :func:`paired_figures` gives the seat's win and deal-in
  shares and mean points a round each way, and the paired difference of points;
* the riichi table with every seat folding by the rule, riichi forms, no claims and 14
  tiles left undrawn (``"fold, no calls"``), the comparable of the project's riichi
  table without calls (:data:`RIICHI_TABLE`: nobody folds) and of people at Tenhou's top
  table (:data:`PEOPLE`); :func:`table_shares` gives a seat's deal-in share and the
  share of rounds drawn.

``python -m mjcore.play.folding`` (``make folding``) plays :data:`ROUNDS` poyang rounds
and :data:`RIICHI_ROUNDS` riichi rounds and writes :data:`POYANG_FILE` and
:data:`RIICHI_FILE` (the rounds, with the discard at which each seat folded).  A poyang
round costs about 4 ms (the seat folds in one round in 26) and a riichi round about
0.06 s (one seat in seven folds; each folded discard's wait count is the cost): 710 s of
CPU in all, 10.3 minutes measured on 2 cores shared with other work (the study got 1.1
of them), about 6 on 2 free cores.  The sizes give intervals of +-0.6 points on the
folding seat's deal-in share and +-0.4 on the riichi table's.

What the committed rounds say (95% intervals): at the poyang table the seat folded in
3.8% of its rounds; folding, it won 24.7% (24.1 to 25.3) and dealt in 19.6% (19.0 to
20.1), against 24.9% (24.3 to 25.5) and 19.9% (19.3 to 20.4) as an advisor; its points a
round -0.08 (-0.28 to 0.11) against -0.05 (-0.24 to 0.15), a paired difference of -0.037
(-0.070 to -0.004): even the rule that cost least costs a little.  At the riichi table
where every seat folds by the rule (14.7% of the seats did), a seat deals in 16.1% of
rounds (15.8 to 16.5) and 12.1% are drawn (11.5 to 12.7), between the table where nobody
folds (17.2%, 8.6%) and people (12.5%, 16.2%).  Written for chapter 8.

>>> r = fold_round(4)
>>> folding_seat(4), r.folded, r.winner
(0, (None, None, None, None), 2)
"""

from __future__ import annotations

import argparse
import csv
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..base.checks import HandError, choice_arg, int_arg
from ..base.rules import POYANG, RIICHI
from .games import MAX_SEEDS
from .prob import Estimate
from .table import FIELDS as ROUND_FIELDS
from .table import (
    FOLD,
    MAX_ROUNDS,
    SEATS,
    Round,
    _checked_rounds,
    _read_rounds,
    _seats,
    fold_arg,
    play_round,
    round_row,
)

RULES_TRIED = (((2, 5),), ((1, 6),), ((2, 4), (1, 8)), ((2, 7), (1, 12)), ((2, 9),),
               ((3, 7), (2, 12)))
"""The fold rules the default was chosen from (the module says how); each again with
``paired_figures(study_rounds(0, 1000, fold=rule), play_rounds(0, 1000))``."""

ROUNDS = 20_000
"""Poyang rounds ``make folding`` plays (seeds 0 to 19,999: each seat folds in 5,000)."""

RIICHI_ROUNDS = 10_000
"""Riichi rounds ``make folding`` plays (seeds 0 to 9,999), every seat folding."""

POYANG_FILE = "notebooks/data/folding_poyang.csv"
"""Where ``make folding`` writes the poyang rounds with one seat folding."""

RIICHI_FILE = "notebooks/data/folding_riichi.csv"
"""Where ``make folding`` writes the riichi rounds with every seat folding."""

TABLES = ("poyang", "riichi")
"""The two tables of the study."""

FIELDS = (*ROUND_FIELDS, "folded")
"""The columns of the study's files: a rounds file's (:data:`mjcore.play.table.FIELDS`)
and each seat's discard number when it folded (``-`` for never), space-separated."""

PEOPLE = {"deal_in": 0.125, "draw": 0.162}
"""People at Tenhou's top table (鳳凰卓, riichi rules): a seat deals in 12.5% of rounds
and 16.2% of rounds are drawn (the published figures chapter 8 quotes)."""

RIICHI_TABLE = {"deal_in": 0.172, "draw": 0.086}
"""This project's riichi table without calls, where nobody folds (``make rounds``,
20,000 rounds): a seat deals in 17.2% of rounds and 8.6% are drawn."""

CHUNK = 200
"""Rounds a task."""


def folding_seat(seed: int) -> int:
    """The seat that folds in poyang round ``seed``: ``seed % 4``, so each seat folds in
    a quarter of the rounds (the dealer in seeds 0, 4, 8, ...).

    >>> [folding_seat(s) for s in range(6)]
    [0, 1, 2, 3, 0, 1]
    """
    return int_arg(seed, "seed", 0, MAX_SEEDS - 1) % SEATS


def fold_round(seed: int, fold: Sequence[tuple[int, int]] = FOLD) -> Round:
    """Poyang round ``seed`` with :func:`folding_seat` playing ``"fold"`` by the rule
    ``fold`` (:data:`~mjcore.play.table.FOLD`) and the other seats the advisor (no dead
    wall, all 136 tiles)."""
    seat = folding_seat(seed)
    policies = tuple("fold" if s == seat else "advisor" for s in range(SEATS))
    return play_round(seed, POYANG, policies, 0, "all", fold)


def riichi_round(seed: int, fold: Sequence[tuple[int, int]] = FOLD) -> Round:
    """Riichi round ``seed`` with every seat playing ``"fold, no calls"`` by the rule
    ``fold`` (:data:`~mjcore.play.table.FOLD`), 14 tiles left undrawn.

    >>> r = riichi_round(0)
    >>> r.outcome, r.folded
    ('discard', (None, None, None, None))
    """
    return play_round(seed, RIICHI, "fold, no calls", 14, "all", fold)


_PLAYERS = {"poyang": fold_round, "riichi": riichi_round}


def _chunk(first: int, last: int, table: str, fold: tuple[tuple[int, int], ...]
           ) -> list[Round]:
    return [_PLAYERS[table](seed, fold) for seed in range(first, last)]


def study_rounds(first: int, last: int, table: str = "poyang", executor: object = None,
                 progress: bool = False, fold: Sequence[tuple[int, int]] = FOLD
                 ) -> list[Round]:
    """The rounds of seeds ``first`` to ``last`` (exclusive) of ``table`` (one of
    :data:`TABLES`: :func:`fold_round` or :func:`riichi_round`, by the rule ``fold``), in
    order, on ``executor`` (any ``concurrent.futures.Executor``; None: this process),
    with a progress bar if ``progress``.

    >>> [r.winner for r in study_rounds(0, 4)]
    [2, 3, 0, 0]
    """
    from .studies import chunks, run

    first = int_arg(first, "first", 0, MAX_SEEDS - 1)
    last = int_arg(last, "last", first, min(MAX_SEEDS, first + MAX_ROUNDS))
    table = choice_arg(table, "table", TABLES)
    fold = fold_arg(fold)
    tasks = [(a, b, table, fold) for a, b in chunks(first, last, CHUNK)]
    found = run(_chunk, tasks, executor, progress, "rounds", CHUNK)
    return [r for part in found for r in part]


# --- the files ---------------------------------------------------------------------------

def write_rounds(path: str | Path, rounds: Sequence[Round]) -> None:
    """Write ``rounds`` to ``path`` as CSV (:data:`FIELDS`)."""
    path = _path_arg(path)
    rounds = _checked_rounds(rounds)
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows({**round_row(r), "folded": _seats(r.folded)} for r in rounds)


def read_rounds(path: str | Path) -> list[Round]:
    """The rounds of a file :func:`write_rounds` wrote, as
    :class:`~mjcore.play.table.Round` records."""
    return _read_rounds(_path_arg(path), FIELDS)


def _path_arg(path: object) -> str | Path:
    if not isinstance(path, (str, Path)):
        raise HandError(f"path must be a file name (str or Path), got {path!r:.40}")
    return path


# --- the summaries -----------------------------------------------------------------------

@dataclass(frozen=True)
class Mean:
    """A mean over rounds with its 95% interval (``low`` to ``high``: the mean plus or
    minus 1.96 standard errors)."""

    value: float
    low: float
    high: float


def _mean(values: Sequence[float]) -> Mean:
    m = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return Mean(m, m - half, m + half)


@dataclass(frozen=True)
class SeatResults:
    """One seat over rounds: the share it won (``win``), the share it dealt in
    (``deal_in``), each an :class:`~mjcore.play.prob.Estimate`, and its mean points a
    round under Poyang scoring (``points``)."""

    win: Estimate
    deal_in: Estimate
    points: Mean


@dataclass(frozen=True)
class PairedFigures:
    """The poyang table, paired: ``rounds`` seeds; the share of them in which the seat
    folded (``folded``); the folding seat (``fold``) and the same seat as an advisor on
    the same seeds (``advisor``); the mean of its points folding less its points as an
    advisor, seed by seed (``difference``)."""

    rounds: int
    folded: Estimate
    fold: SeatResults
    advisor: SeatResults
    difference: Mean


def _seat_results(rounds: Sequence[Round], seats: Sequence[int]) -> SeatResults:
    n = len(rounds)
    pairs = list(zip(rounds, seats, strict=True))
    return SeatResults(Estimate(sum(r.winner == s for r, s in pairs), n),
                       Estimate(sum(r.discarder == s for r, s in pairs), n),
                       _mean([r.points[s] for r, s in pairs]))


def paired_figures(folding: Sequence[Round], advisors: Sequence[Round]) -> PairedFigures:
    """The paired comparison of ``folding`` (poyang rounds where :func:`folding_seat`
    folds, :func:`fold_round`) and ``advisors`` (the same seeds, in the same order, with
    four advisors): each side's :class:`SeatResults` for that seat, and the paired
    difference of its points.

    >>> f = paired_figures(study_rounds(0, 8), [play_round(s) for s in range(8)])
    >>> f.rounds, f.fold.win.hits + f.fold.deal_in.hits <= 8, f.difference.value
    (8, True, 0.0)
    """
    folding = _checked_rounds(folding)
    advisors = _checked_rounds(advisors)
    if [r.seed for r in folding] != [r.seed for r in advisors]:
        raise HandError("folding and advisors must hold the same seeds in the same order")
    seats = [folding_seat(r.seed) for r in folding]
    diff = [f.points[s] - a.points[s] for f, a, s in zip(folding, advisors, seats, strict=True)]
    return PairedFigures(len(folding),
                         Estimate(sum(r.folded[s] is not None
                                      for r, s in zip(folding, seats, strict=True)),
                                  len(folding)),
                         _seat_results(folding, seats), _seat_results(advisors, seats),
                         _mean(diff))


@dataclass(frozen=True)
class TableShares:
    """A table's rounds: a seat's deal-in share (``deal_in``: rounds won on a discard of
    all seat-rounds, four a round, the average of the four seats' shares as chapter 8
    counts it; its Wilson interval treats the seat-rounds as independent, which is
    conservative: a round has at most one deal-in), the share of rounds drawn
    (``draw``), and the share of seat-rounds in which the seat folded (``folded``)."""

    rounds: int
    deal_in: Estimate
    draw: Estimate
    folded: Estimate


def table_shares(rounds: Sequence[Round]) -> TableShares:
    """:class:`TableShares` of ``rounds`` (one or more).

    >>> s = table_shares(study_rounds(0, 10, "riichi"))
    >>> s.rounds, s.deal_in.trials, s.deal_in.hits + s.draw.hits <= 10
    (10, 40, True)
    """
    rounds = _checked_rounds(rounds)
    n = len(rounds)
    return TableShares(n, Estimate(sum(r.outcome == "discard" for r in rounds), SEATS * n),
                       Estimate(sum(r.outcome == "draw" for r in rounds), n),
                       Estimate(sum(f is not None for r in rounds for f in r.folded),
                                SEATS * n))


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m mjcore.play.folding``: play :data:`ROUNDS` poyang rounds and
    :data:`RIICHI_ROUNDS` riichi rounds on every core and write :data:`POYANG_FILE` and
    :data:`RIICHI_FILE`."""
    from .studies import every_core
    from .table import ROUNDS_FILES
    from .table import read_rounds as read_table

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="poyang rounds")
    parser.add_argument("--riichi-rounds", type=int, default=RIICHI_ROUNDS,
                        help="riichi rounds")
    parser.add_argument("--root", default=".", help="the repository (default: here)")
    args = parser.parse_args(argv)
    root = Path(args.root)
    with every_core() as pool:
        folding = study_rounds(0, args.rounds, "poyang", pool, True)
        write_rounds(root / POYANG_FILE, folding)
        riichi = study_rounds(0, args.riichi_rounds, "riichi", pool, True)
        write_rounds(root / RIICHI_FILE, riichi)
    advisors = read_table(root / ROUNDS_FILES["poyang"])[:args.rounds]
    f = paired_figures(folding, advisors)
    print(f"{POYANG_FILE}: {f.rounds:,} rounds, the seat folded in {f.folded.hits:,}; "
          f"points a round {f.fold.points.value:+.3f} folding, "
          f"{f.advisor.points.value:+.3f} as an advisor, difference "
          f"{f.difference.value:+.3f} ({f.difference.low:+.3f} to {f.difference.high:+.3f})",
          flush=True)
    s = table_shares(riichi)
    print(f"{RIICHI_FILE}: {s.rounds:,} rounds, deal-in {s.deal_in.value:.1%} a seat, "
          f"draws {s.draw.value:.1%}, seats folded {s.folded.value:.1%}", flush=True)


__all__ = ["CHUNK", "FIELDS", "PEOPLE", "POYANG_FILE", "RIICHI_FILE", "RIICHI_ROUNDS",
           "RIICHI_TABLE", "ROUNDS", "RULES_TRIED", "TABLES", "Mean", "PairedFigures",
           "SeatResults", "TableShares", "fold_round", "folding_seat", "main",
           "paired_figures", "read_rounds", "riichi_round", "study_rounds", "table_shares",
           "write_rounds"]


if __name__ == "__main__":
    main()
