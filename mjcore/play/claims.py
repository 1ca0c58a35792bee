"""The claim question on seeded hands: when 碰 (pèng) or 吃 (chī) beats passing.

Each hand is one of :func:`mjcore.play.bestplay.near_ready_hands` (14 tiles,
one step from ready) after the discard chapter 5's advisor ranks first
(:func:`mjcore.hand.effective.discard_advice`), so 13 tiles one step from ready.
Every discard the hand could claim is asked of
:func:`mjcore.play.bestplay.claim_advice`: a tile it holds two of, from each of
the three seats (碰), and a tile that completes a run with two of its tiles, from
the left seat (吃).  A tile it holds three of is left out: breaking a triplet is
a kong's business, which the model leaves out.

:func:`claim_rows` asks one hand; :func:`claim_study` asks seeded hands;
``python -m mjcore.play.claims`` (``make claims``) writes the rows to the file
chapter 7 reads (:func:`read_claims`), which a test replays in part.  Pure
standard library.  Explained in chapter 7.
"""

from __future__ import annotations

import argparse
import csv
import random
from collections.abc import Sequence
from pathlib import Path

from ..base.checks import HandError, int_arg
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import N_KINDS, parse, tile_name, to_mpsz
from ..hand.effective import discard_advice
from ..hand.shanten import shanten
from .bestplay import SEATS, claim_advice, near_ready_hands

CLAIMS_FILE = "notebooks/data/claims.csv"
"""Where ``make claims`` writes the study (from the repository's root)."""

FIELDS = ("deal", "hand", "tile", "seat", "offered", "best", "meld", "discard",
          "pass_win", "claim_win", "claim_tenpai", "pass_tenpai", "progress")
"""The columns of :data:`CLAIMS_FILE`, one row per (hand, tile, seat) asked."""

POINTS_FILE = "notebooks/data/claims_points.csv"
"""Where ``make claims`` writes the study with expected points as the goal."""

POINTS_FIELDS = FIELDS + ("pass_points", "claim_points")
"""The columns of :data:`POINTS_FILE`: the chances are those of the points policy."""

RACE_FILES = {"win": "notebooks/data/claims_race.csv",
              "points": "notebooks/data/claims_race_points.csv"}
"""Where ``make claims`` writes the same study with the race (``opponents=True``, the
player at its first turn), by goal."""


def _runs(counts: Sequence[int], tile: int) -> bool:
    """Whether two tiles of ``counts`` make a run with ``tile`` (within its suit)."""
    if tile >= 27:
        return False
    low, rank = tile // 9 * 9, tile % 9
    pairs = ((-2, -1), (-1, 1), (1, 2))
    return any(0 <= rank + a and rank + b < 9 and counts[low + rank + a]
               and counts[low + rank + b] for a, b in pairs)


def claim_rows(hand: str | Sequence[int], draws: int = 17, rules: Rules | str = POYANG,
               deal: int = 0, objective: str = "win", opponents: bool = False) -> list[dict]:
    """Every claimable discard of a 13-tile ``hand``, with the best claim against passing.

    One row per (tile, seat): ``offered`` the claims the seat allows ("pon",
    "chi" or "pon chi"), ``best`` the kind :func:`claim_advice` ranks first
    and ``meld``, ``discard`` the best claim's meld and discard after it; the
    chances of winning of passing and of that claim, their chances of being
    ready, and ``progress``: whether the claim, with its discard, lowers the
    shanten.  ``objective`` "points": the options ranked by expected points
    (:func:`claim_advice`), and each row has ``pass_points`` and ``claim_points``.
    ``opponents``: the race (:func:`claim_advice`'s ``opponents=True``, ``turn=1``).

    >>> rows = claim_rows("12389m456p78s11z4z")
    >>> len(rows), [(r["tile"], r["meld"], r["discard"]) for r in rows if r["best"] != "pass"]
    (15, [('7m', '789m', '4z'), ('6s', '678s', '4z'), ('9s', '789s', '4z')])
    """
    counts = parse(hand) if isinstance(hand, str) else tuple(hand)
    if sum(counts) != 13:
        raise HandError(f"claim_rows needs a 13-tile hand, got {sum(counts)} tiles")
    rules = rules_arg(rules)
    before = shanten(counts, rules)
    rows = []
    searches: dict = {}  # the questions on one hand share their searches
    for tile in range(N_KINDS):
        if counts[tile] >= 3:
            continue
        for seat in SEATS:
            offered = (["pon"] if counts[tile] == 2 else []) + (
                ["chi"] if seat == "left" and _runs(counts, tile) else [])
            if not offered:
                continue
            options = claim_advice(counts, tile, seat, draws, rules, objective=objective,
                                   searches=searches, opponents=opponents)
            passing = next(o for o in options if o.kind == "pass")
            claim = next(o for o in options if o.kind != "pass")
            meld = parse(claim.meld)
            rest = [c - m for c, m in zip(counts, meld, strict=True)]
            rest[tile] += 1
            rest[claim.discard] -= 1
            rows.append({
                "deal": deal, "hand": to_mpsz(counts), "tile": tile_name(tile),
                "seat": seat, "offered": " ".join(offered), "best": options[0].kind,
                "meld": claim.meld, "discard": tile_name(claim.discard),
                "pass_win": passing.win, "claim_win": claim.win,
                "claim_tenpai": claim.tenpai, "pass_tenpai": passing.tenpai,
                "progress": shanten(tuple(rest), rules) < before})
            if objective == "points":
                rows[-1].update(pass_points=passing.expected_points,
                                claim_points=claim.expected_points)
    return rows


def study_hands(n: int, seed: int = 2026) -> list[tuple[int, ...]]:
    """``n`` seeded 13-tile hands one step from ready: near-ready 14-tile hands after the
    advisor's first discard.

    >>> [sum(h) for h in study_hands(2)]
    [13, 13]
    """
    n = int_arg(n, "n", 0, 100_000)
    found = []
    for hand in near_ready_hands(n, 1, random.Random(seed)):
        thrown = discard_advice(hand)[0].tile
        found.append(hand[:thrown] + (hand[thrown] - 1,) + hand[thrown + 1:])
    return found


def claim_study(n: int, seed: int = 2026, draws: int = 17, objective: str = "win",
                executor: object = None, progress: bool = False,
                opponents: bool = False) -> list[dict]:
    """:func:`claim_rows` of each of :func:`study_hands` (``deal`` its place in the list),
    one task a hand on ``executor`` (any ``concurrent.futures.Executor``; None: this
    process), with a progress bar if ``progress`` (:func:`mjcore.play.studies.run`);
    ``opponents``: with the race."""
    from .studies import run

    tasks = [(hand, draws, POYANG, i, objective, opponents)
             for i, hand in enumerate(study_hands(n, seed))]
    return [row for rows in run(claim_rows, tasks, executor, progress, "hands") for row in rows]


def read_claims(path: str | Path = CLAIMS_FILE) -> list[dict]:
    """The rows :func:`main` wrote, with numbers and booleans as Python values."""
    try:
        with open(path, encoding="utf-8", newline="") as source:
            rows = list(csv.DictReader(source))
    except (OSError, ValueError, csv.Error) as error:
        raise HandError(f"cannot read {path}: {error}") from None
    for row in rows:
        if set(row) not in (set(FIELDS), set(POINTS_FIELDS)):
            raise HandError(f"{path}: the columns must be {', '.join(FIELDS)} (and "
                            f"pass_points, claim_points)")
        row["deal"] = int(row["deal"])
        for field in ("pass_win", "claim_win", "claim_tenpai", "pass_tenpai", "pass_points",
                      "claim_points"):
            if field in row:
                row[field] = float(row[field])
        row["progress"] = row["progress"] == "True"
    return rows


STUDY = {"n": 3000, "seed": 2026, "draws": 17}
"""What ``make claims`` asks: 3,000 seeded hands, 17 turns (for each goal)."""



def main(argv: Sequence[str] | None = None) -> None:
    """Write :data:`CLAIMS_FILE` (``--hands`` to ask fewer, for a quick look), or with
    ``--points`` :data:`POINTS_FILE`; with ``--race``, the file of :data:`RACE_FILES`."""
    parser = argparse.ArgumentParser(prog="python -m mjcore.play.claims")
    parser.add_argument("--points", action="store_true")
    parser.add_argument("--race", action="store_true")
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    from .studies import every_core

    with every_core() as pool:
        rows = claim_study(STUDY["n"] if args.hands is None else args.hands, STUDY["seed"],
                           STUDY["draws"], "points" if args.points else "win", pool, True,
                           args.race)
    out_path = args.out or (RACE_FILES["points" if args.points else "win"] if args.race
                            else POINTS_FILE if args.points else CLAIMS_FILE)
    with open(out_path, "w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, POINTS_FIELDS if args.points else FIELDS,
                                lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: repr(v) if isinstance(v, float) else v
                             for k, v in row.items()})


if __name__ == "__main__":
    main()
