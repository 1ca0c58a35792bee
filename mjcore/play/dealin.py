"""Dealing in at the table: does :func:`mjcore.deal_in_chances` come true?

:func:`mjcore.play.danger.deal_in_chances` gives each tile of a hand the chance
``1 - (1 - q s) ** 3`` that discarding it deals in: ``q`` the chance another seat is
ready by now (:data:`mjcore.play.readiness.READY`, the table's own seats), ``s`` the
share of the ready hands the unseen tiles can make that wait on the tile
(:func:`mjcore.bulk.waitcount.wait_counts`).  This study plays rounds of the poyang
table of :mod:`mjcore.play.table` (four advisor seats, Poyang rules, no dead wall; round
``seed`` is :func:`mjcore.play.table.play_round` ``(seed)``, the same round as in
``make rounds``) and records, at every discard of every seat, what the seat knew, what
the model predicted for the tile it threw and what happened (:data:`FIELDS`): how many
of the other seats were ready, whether the tile was among their waits and whether it
dealt in.  The two factors can be checked apart: ``q`` against the share of the other
seats actually ready (:func:`readiness`), ``s`` against the waits of the seats that
were ready (:func:`share_calibration`), and the product against the deal-ins
(:func:`calibration`).  Every seat, when it first becomes ready, also gives its waits
(:data:`WAIT_FIELDS`), set beside wait_counts' shares rank by rank
(:func:`waits_by_rank`).  No seat of this table defends, and every ready seat takes
every win, so a tile dealt in exactly when it was among a ready seat's waits.

The cost is the wait count, about 30 ms a discard (a round is about 34 discards and
takes 3 ms to play): 1.1 s of one core a round.  ``make danger`` plays :data:`ROUNDS`
rounds (seeds 0 to 1,199) and records every seat's discards: 40,436 discards, 958 of
them dealt in (78% of the table's rounds end on a discard), in about 11 minutes on 2 free
cores (17.6 minutes measured on 2 cores shared with other work).  Recording one seat a
round would cost the same per deal-in, so every seat is recorded and the rounds are
fewer.  ``python -m mjcore.play.dealin`` writes :data:`DISCARDS_FILE` and
:data:`WAITS_FILE`; a test replays a sample.  Explained in chapter 8.

>>> discards, waits = round_rows(0)
>>> last = discards[-1]
>>> last["seat"], last["tile"], round(last["chance"], 4), last["dealt_in"]
(3, '3m', 0.0422, 1)
"""

from __future__ import annotations

import argparse
import csv
import itertools
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..base.checks import HandError, int_arg, items_arg, real_arg, str_arg
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import N_KINDS, parse, tile_name, to_mpsz
from ..bulk.waitcount import wait_counts
from .danger import MAX_TURN, deal_in_chances
from .games import MAX_SEEDS
from .prob import Estimate
from .table import SEATS, _play, _Seat

POLICIES = ("advisor",) * SEATS
"""The poyang table's seats: chapter 5's advisor at every seat."""

ROUNDS = 1_200
"""Rounds ``make danger`` plays (seeds 0 to ``ROUNDS - 1``), every seat's discards."""

DISCARDS_FILE = "notebooks/data/dealin_poyang.csv"
"""Where ``make danger`` writes a row a discard (from the repository's root)."""

WAITS_FILE = "notebooks/data/dealin_waits_poyang.csv"
"""Where ``make danger`` writes a row a seat that became ready."""

FIELDS = ("seed", "seat", "turn", "tile", "hand", "visible", "chance", "share",
          "ready_chance", "ready_seats", "waited", "dealt_in")
"""A discard: the round's seed, the seat, its discard number (``turn``, 1 for its first),
the tile thrown; the seat's concealed tiles before it (``hand``) and every other tile it
saw (``visible``: the discards and the melds laid down, its own among them), both mpsz;
:func:`~mjcore.play.danger.deal_in_chances` ``(hand, visible, turn, POYANG, seats=3)``
for the tile (``chance``), the share ``s`` of ready hands waiting on it (``share``) and
the chance ``q`` each other seat is ready (``ready_chance``); the other seats actually
ready (``ready_seats``, 0-3), whether the tile was among their waits (``waited``) and
whether a seat won on it (``dealt_in``), 0 or 1."""

WAIT_FIELDS = ("seed", "seat", "turn", "waits", "visible")
"""A seat that became ready: the seed, the seat, its discards then (``turn``; 0 dealt
ready), its waits (mpsz) and the tiles discarded or laid down by then (``visible``)."""

CHUNK = 10
"""Rounds a task (about ten seconds)."""

MAX_ROWS = 200_000
"""The most rows the summaries and :func:`read_rows` take."""


def round_rows(seed: int, predict: bool = True) -> tuple[list[dict], list[dict]]:
    """Round ``seed`` of the poyang table: its discards as rows of :data:`FIELDS` and its
    seats' first ready waits as rows of :data:`WAIT_FIELDS` (in the order they became
    ready; a seat dealt ready at the first discard, a dealer dealt ready with its waits
    after its first discard).  ``predict`` False leaves ``chance``, ``share`` and
    ``ready_chance`` None (the round without the wait counts, a thousand times faster).

    >>> discards, waits = round_rows(0, predict=False)
    >>> last = discards[-1]
    >>> last["seat"], last["tile"], last["ready_seats"], last["waited"], last["dealt_in"]
    (3, '3m', 1, 1, 1)
    >>> [(w["seat"], w["turn"], w["waits"]) for w in waits], last["chance"]
    ([(2, 7, '36m')], None)
    """
    seed = int_arg(seed, "seed", 0, MAX_SEEDS - 1)
    if predict is not True and predict is not False:
        raise HandError(f"predict must be True or False, got {predict!r:.40}")
    discards: list[dict] = []
    waits: list[dict] = []
    recorded: set[int] = set()

    def watch(seat: int, tile: int, seats: list[_Seat], seen: list[int]) -> None:
        hand = seats[seat].hand[:]
        hand[tile] += 1
        visible = seen[:]
        visible[tile] -= 1
        ready = [s for k, s in enumerate(seats) if k != seat and s.shanten == 0]
        row = {"seed": seed, "seat": seat, "turn": seats[seat].turns,
               "tile": tile_name(tile), "hand": to_mpsz(hand), "visible": to_mpsz(visible),
               "chance": None, "share": None, "ready_chance": None,
               "ready_seats": len(ready), "waited": int(any(s.mask >> tile & 1 for s in ready)),
               "dealt_in": 0}
        if predict:
            d = deal_in_chances(tuple(hand), tuple(visible), row["turn"], POYANG, None, 3)
            row.update(chance=d.chances[tile], share=d.shares[tile], ready_chance=d.ready)
        discards.append(row)
        for k, s in enumerate(seats):
            if s.shanten == 0 and k not in recorded:
                recorded.add(k)
                waits.append({"seed": seed, "seat": k, "turn": s.ready,
                              "waits": to_mpsz(_tiles_of(s.mask)), "visible": to_mpsz(seen)})

    played = _play(seed, POYANG, POLICIES, 0, "all", {}, watch)
    if played.outcome == "discard":
        discards[-1]["dealt_in"] = 1
    return discards, waits


def _tiles_of(mask: int) -> tuple[int, ...]:
    return tuple(mask >> t & 1 for t in range(N_KINDS))


def _chunk(first: int, last: int) -> tuple[list[dict], list[dict]]:
    discards: list[dict] = []
    waits: list[dict] = []
    for seed in range(first, last):
        d, w = round_rows(seed)
        discards += d
        waits += w
    return discards, waits


def study_rows(first: int, last: int, executor: object = None,
               progress: bool = False) -> tuple[list[dict], list[dict]]:
    """The discard rows and the wait rows of seeds ``first`` to ``last`` (exclusive), in
    order, played on ``executor`` (any ``concurrent.futures.Executor``; None: this
    process), with a progress bar if ``progress``.

    >>> discards, waits = study_rows(0, 2)
    >>> len(discards), round(max(r["chance"] for r in discards), 3)
    (71, 0.113)
    """
    from .studies import chunks, run

    first = int_arg(first, "first", 0, MAX_SEEDS - 1)
    last = int_arg(last, "last", first, min(MAX_SEEDS, first + 100_000))
    found = run(_chunk, list(chunks(first, last, CHUNK)), executor, progress, "rounds", CHUNK)
    return ([r for d, _ in found for r in d], [r for _, w in found for r in w])


# --- the files ---------------------------------------------------------------------------

_REALS = ("chance", "share", "ready_chance")
_INTS = ("seed", "seat", "turn", "ready_seats", "waited", "dealt_in")


def write_rows(path: str | Path, rows: Iterable[dict], fields: Sequence[str] = FIELDS) -> None:
    """Write rows as CSV with the columns ``fields`` (:data:`FIELDS` or
    :data:`WAIT_FIELDS`; chances to 12 digits, None as an empty cell)."""
    path = _path_arg(path)
    fields = _fields_arg(fields)
    from .studies import rows_arg

    rows = rows_arg(rows, fields, MAX_ROWS)
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fields, lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: "" if row[k] is None else f"{row[k]:.12f}" if k in _REALS
                             else row[k] for k in fields})


def read_rows(path: str | Path, fields: Sequence[str] = FIELDS) -> list[dict]:
    """The rows :func:`write_rows` wrote with the columns ``fields``."""
    path = _path_arg(path)
    fields = _fields_arg(fields)
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if tuple(reader.fieldnames or ()) != fields:
            raise HandError(f"{path}: the columns are not {', '.join(fields)}")
        found = list(itertools.islice(reader, MAX_ROWS + 1))
    if len(found) > MAX_ROWS:
        raise HandError(f"{path}: more than {MAX_ROWS:,} rows")
    try:
        return [{k: (None if w[k] == "" else float(w[k])) if k in _REALS
                 else int(w[k]) if k in _INTS else w[k] for k in fields} for w in found]
    except ValueError as error:
        raise HandError(f"{path}: a value is not a number ({error})") from None


def _path_arg(path: object) -> str | Path:
    if not isinstance(path, (str, Path)):
        raise HandError(f"path must be a file name (str or Path), got {path!r:.40}")
    return path


def _fields_arg(fields: object) -> tuple[str, ...]:
    fields = items_arg(fields, "fields", 20, "column names")
    if fields not in (FIELDS, WAIT_FIELDS):
        raise HandError("fields must be FIELDS or WAIT_FIELDS")
    return fields


# --- the summaries -----------------------------------------------------------------------

def _chance(value: object, name: str) -> float | None:
    return None if value is None else real_arg(value, name, 0.0, 1.0)


def _flag(value: object, name: str) -> int:
    if value is True or value is False or type(value) is int and value in (0, 1):
        return int(value)  # type: ignore[arg-type]
    raise HandError(f"{name} must be 0, 1, True or False, got {value!r:.40}")


_CHECKS = {"chance": _chance, "share": _chance, "ready_chance": _chance,
           "dealt_in": _flag, "waited": _flag,
           "ready_seats": lambda v, name: int_arg(v, name, 0, SEATS - 1),
           "turn": lambda v, name: int_arg(v, name, 0, MAX_TURN),
           "waits": lambda v, name: str_arg(v, name, 100)}


def _rows_arg(rows: object, keys: Sequence[str]) -> list[dict]:
    """``rows`` checked: dicts with ``keys``, each value of its kind; as new dicts of them."""
    rows = items_arg(rows, "rows", MAX_ROWS, "rows")
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or any(k not in row for k in keys):
            raise HandError(f"rows must be dicts with the keys {', '.join(keys)}, "
                            f"got {row!r:.60}")
        out.append({k: _CHECKS[k](row[k], f"rows[{i}][{k!r}]") for k in keys})
    return out


@dataclass(frozen=True)
class Bin:
    """Discards whose predicted chance fell in ``[low, high]``: their mean chance
    (``predicted``) and the share that came true (``observed``, an
    :class:`~mjcore.play.prob.Estimate` with its 95% interval)."""

    low: float
    high: float
    predicted: float
    observed: Estimate


def _bins(scored: list[tuple[float, bool]], bins: int) -> list[Bin]:
    scored.sort()
    if len(scored) < bins:
        raise HandError(f"the summary needs at least {bins} rows with a chance, "
                        f"got {len(scored)}")
    out = []
    for k in range(bins):
        part = scored[k * len(scored) // bins:(k + 1) * len(scored) // bins]
        out.append(Bin(part[0][0], part[-1][0], statistics.fmean(c for c, _ in part),
                       Estimate(sum(w for _, w in part), len(part))))
    return out


def calibration(rows: Sequence[dict], bins: int = 10) -> list[Bin]:
    """The discards with a chance, sorted by it and cut into ``bins`` groups of nearly
    equal size (deciles for 10): for each, the mean predicted chance and the share that
    dealt in.

    >>> rows = [{"chance": c / 100, "dealt_in": int(c > 5)} for c in range(10)]
    >>> [(round(b.predicted, 2), b.observed.hits) for b in calibration(rows, 2)]
    [(0.02, 0), (0.07, 4)]
    """
    rows = _rows_arg(rows, ("chance", "dealt_in"))
    bins = int_arg(bins, "bins", 1, 100)
    return _bins([(r["chance"], bool(r["dealt_in"])) for r in rows
                  if r["chance"] is not None], bins)


def share_calibration(rows: Sequence[dict], bins: int = 10) -> list[Bin]:
    """The second factor alone: the discards made while ``k`` other seats (1-3) were
    ready, with the chance ``1 - (1 - s) ** k`` that one of them waits on the tile if
    each waits as wait_counts' share ``s`` says, in ``bins`` groups as
    :func:`calibration`'s, against the share whose tile was among their waits.

    >>> rows = [{"share": s / 10, "ready_seats": 1, "waited": int(s > 4)} for s in range(8)]
    >>> [(round(b.predicted, 2), b.observed.hits) for b in share_calibration(rows, 2)]
    [(0.15, 0), (0.55, 3)]
    """
    rows = _rows_arg(rows, ("share", "ready_seats", "waited"))
    bins = int_arg(bins, "bins", 1, 100)
    return _bins([(1.0 - (1.0 - r["share"]) ** r["ready_seats"], bool(r["waited"]))
                  for r in rows if r["share"] is not None and r["ready_seats"]], bins)


@dataclass(frozen=True)
class TurnReady:
    """At the seats' discard ``turn``: the chance ``q`` the model gave each other seat
    of being ready (``predicted``) and the other seats actually ready (``observed``,
    seats ready of the three others at each discard made)."""

    turn: int
    predicted: float
    observed: Estimate


def readiness(rows: Sequence[dict], turns: int = 20) -> list[TurnReady]:
    """The first factor alone: for each discard number 1 to ``turns`` (1 to 40) that
    some row has, the model's ``q`` (the mean of ``ready_chance``) beside the share of
    the other seats that were ready.

    >>> rows = [{"turn": 2, "ready_chance": 0.25, "ready_seats": k} for k in (0, 1, 2)]
    >>> r = readiness(rows)[0]
    >>> r.turn, r.predicted, (r.observed.hits, r.observed.trials)
    (2, 0.25, (3, 9))
    """
    rows = _rows_arg(rows, ("turn", "ready_chance", "ready_seats"))
    turns = int_arg(turns, "turns", 1, MAX_TURN)
    out = []
    for t in range(1, turns + 1):
        part = [r for r in rows if r["turn"] == t and r["ready_chance"] is not None]
        if part:
            out.append(TurnReady(t, statistics.fmean(r["ready_chance"] for r in part),
                                 Estimate(sum(r["ready_seats"] for r in part),
                                          (SEATS - 1) * len(part))))
    return out


@dataclass(frozen=True)
class RankWaits:
    """Tiles of one rank (``"1"`` to ``"9"`` over the three suits, or ``"honours"``): of
    the table's seats that became ready, the share waiting on such a tile, per tile
    (``observed``: waits on these tiles of all seat-tiles), and the share wait_counts
    gives a ready hand made from all 136 tiles, the mean over the same tiles
    (``predicted``)."""

    rank: str
    predicted: float
    observed: Estimate


RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "honours")
"""The groups of :func:`waits_by_rank`."""


def _rank_tiles(rank: str) -> tuple[int, ...]:
    if rank == "honours":
        return tuple(range(27, 34))
    r = int(rank) - 1
    return (r, 9 + r, 18 + r)


def waits_by_rank(rows: Sequence[dict], rules: Rules | str = POYANG) -> list[RankWaits]:
    """For each group of :data:`RANKS`, how often a table seat that became ready waits on
    a tile of it, beside wait_counts' share under ``rules`` (nothing seen).

    >>> w = waits_by_rank([{"waits": "14m"}, {"waits": "5z"}])
    >>> w[0].rank, w[0].observed.hits, w[0].observed.trials, round(w[0].predicted, 3)
    ('1', 1, 6, 0.067)
    >>> w[-1].rank, w[-1].observed.hits, w[-1].observed.trials
    ('honours', 1, 14)
    """
    rows = _rows_arg(rows, ("waits",))
    rules = rules_arg(rules)
    if not rows:
        raise HandError("rows must hold at least one seat's waits")
    try:
        held = [parse(r["waits"]) for r in rows]
    except HandError as error:
        raise HandError(f"rows: a waits value: {error}") from None
    shares = wait_counts(None, rules).shares()
    out = []
    for rank in RANKS:
        tiles = _rank_tiles(rank)
        hits = sum(1 for h in held for t in tiles if h[t])
        out.append(RankWaits(rank, statistics.fmean(shares[t] for t in tiles),
                             Estimate(hits, len(held) * len(tiles))))
    return out


def deal_in_rate(rows: Sequence[dict]) -> Estimate:
    """The share of the discards that dealt in.

    >>> deal_in_rate([{"dealt_in": 0}, {"dealt_in": 1}]).value
    0.5
    """
    rows = _rows_arg(rows, ("dealt_in",))
    if not rows:
        raise HandError("rows must hold at least one discard")
    return Estimate(sum(r["dealt_in"] for r in rows), len(rows))


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m mjcore.play.dealin``: play :data:`ROUNDS` rounds on every core and
    write :data:`DISCARDS_FILE` and :data:`WAITS_FILE`."""
    from .studies import every_core

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds to play")
    parser.add_argument("--root", default=".", help="the repository (default: here)")
    args = parser.parse_args(argv)
    with every_core() as pool:
        discards, waits = study_rows(0, args.rounds, pool, True)
    write_rows(Path(args.root) / DISCARDS_FILE, discards, FIELDS)
    write_rows(Path(args.root) / WAITS_FILE, waits, WAIT_FIELDS)
    print(f"{DISCARDS_FILE}: {len(discards):,} discards, "
          f"{sum(r['dealt_in'] for r in discards):,} dealt in", flush=True)
    print(f"{WAITS_FILE}: {len(waits):,} seats ready", flush=True)


__all__ = ["CHUNK", "DISCARDS_FILE", "FIELDS", "MAX_ROWS", "POLICIES", "RANKS", "ROUNDS",
           "WAITS_FILE", "WAIT_FIELDS", "Bin", "RankWaits", "TurnReady", "calibration",
           "deal_in_rate", "main", "read_rows", "readiness", "round_rows",
           "share_calibration", "study_rows", "waits_by_rank", "write_rows"]


if __name__ == "__main__":
    main()
