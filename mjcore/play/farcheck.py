"""Every mode on every deal: seeded 14-tile deals of each rule set asked every question.

``python -m mjcore.play.farcheck`` (``make farcheck``) deals :data:`DEALS` seeded
random hands of 14 tiles under each rule set of :data:`RULES` (17 draws, nothing
visible) and asks :func:`~mjcore.play.bestplay.win_chances` each mode of :data:`MODES`
that the rule set offers, with ``approximate=True``, as the analyzer and the CLI ask.
A row per deal and mode records the hand's steps from ready, whether the answer is
exact, approximate or refused, and the seconds it took (on the machine of the run,
which the times depend on).  The rows go to :data:`FILE`.

The file is written after each chunk of deals, and a run continues from the deals the
file already holds, so a long run can be stopped and taken up again (``--deals`` says
how many deals of each rule set the file should reach).  ``--redo MODE`` asks that mode
again of every deal the file holds and replaces its rows (after a change to that search).
A test replays a sample.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from pathlib import Path

from ..base.checks import HandError, choice_arg, int_arg
from ..base.deals import random_hands
from ..base.rules import HONGZHONG, POYANG, RIICHI, STANDARD
from ..base.tiles import to_mpsz
from ..hand.shanten import shanten

DEALS = 400
"""How many deals of each rule set the check asks (the target of ``make farcheck``)."""

DRAWS = 17

RULES = {r.name: r for r in (STANDARD, POYANG, RIICHI, HONGZHONG)}
"""The rule sets dealt, by name."""

MODES: dict[str, dict] = {
    "progress": {},
    "hand changes": {"hand_changes": True},
    "four seats": {"discard_wins": True},
    "race": {"discard_wins": True, "opponents": True},
    "calls": {"discard_wins": True, "calls": True},
    "points": {"objective": "points"},
    "four-seat points": {"discard_wins": True, "objective": "points"},
    "points with calls": {"discard_wins": True, "calls": True, "objective": "points"},
    "deal-ins": {"discard_wins": True, "objective": "points", "opponents": True,
                 "deal_ins": True},
}
"""Each mode's keywords to :func:`~mjcore.play.bestplay.win_chances`."""

OFFERED = {
    "standard": ("progress", "hand changes", "four seats", "calls"),
    "poyang": tuple(MODES),
    "riichi": ("progress", "hand changes", "four seats", "race", "calls"),
    "hongzhong": ("progress", "hand changes"),
}
"""The modes each rule set offers: points score Poyang hands only, the race is measured
for the Poyang and riichi tables, and wild tiles are searched alone (keep only progress
or hand changes)."""

FILE = "notebooks/data/farcheck.csv"
FIELDS = ("rules", "index", "hand", "shanten", "mode", "answer", "seconds")
_INTS = ("index", "shanten")
_REALS = ("seconds",)
ANSWERS = ("exact", "approximate", "refused")


def deal(name: str, index: int) -> tuple[int, ...]:
    """The ``index``-th seeded 14-tile deal of the rule set ``name``.

    >>> sum(deal("riichi", 0)), deal("riichi", 0) == deal("riichi", 0)
    (14, True)
    """
    name = choice_arg(name, "name", RULES)
    index = int_arg(index, "index", 0, 10 ** 6)
    [hand] = random_hands(1, random.Random(f"farcheck {name} {index}"))
    return hand


def deal_rows(name: str, index: int, modes: Sequence[str] | None = None) -> list[dict]:
    """One row per mode the rule set offers for the ``index``-th deal (of those in
    ``modes``, when given).

    >>> [r["mode"] for r in deal_rows("hongzhong", 0, ("progress", "points"))]
    ['progress']
    """
    from .bestplay import win_chances

    rules, counts = RULES[name], deal(name, index)
    if modes is not None:
        modes = [choice_arg(mode, "modes", MODES) for mode in modes]
    steps = shanten(counts, rules)
    rows = []
    for mode in OFFERED[name]:
        if modes is not None and mode not in modes:
            continue
        start = time.perf_counter()
        try:
            found = win_chances(counts, DRAWS, rules, approximate=True, **MODES[mode])
            answer = "exact" if all(c.exact for c in found) else "approximate"
        except HandError:
            answer = "refused"
        rows.append({"rules": name, "index": index, "hand": to_mpsz(counts),
                     "shanten": steps, "mode": mode, "answer": answer,
                     "seconds": time.perf_counter() - start})
    return rows


def summary(rows: Sequence[dict]) -> dict:
    """{(rules, mode): {"deals", "approximate", "refused", "slowest"}} over ``rows``."""
    out: dict = {}
    for row in rows:
        entry = out.setdefault((row["rules"], row["mode"]),
                               {"deals": 0, "approximate": 0, "refused": 0, "slowest": 0.0})
        entry["deals"] += 1
        entry["approximate"] += row["answer"] == "approximate"
        entry["refused"] += row["answer"] == "refused"
        entry["slowest"] = max(entry["slowest"], row["seconds"])
    return out


def write_rows(path: str | Path, rows: Sequence[dict]) -> None:
    """Write rows as CSV (:data:`FIELDS`)."""
    from .studies import write_csv

    write_csv(path, rows, FIELDS, _REALS, 100_000)


def read_rows(path: str | Path) -> list[dict]:
    """The rows :func:`write_rows` wrote."""
    from .studies import read_csv

    return read_csv(path, FIELDS, _INTS, _REALS)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m mjcore.play.farcheck``: ask every mode of :data:`DEALS` deals of each
    rule set, continuing from the rows :data:`FILE` holds."""
    from concurrent.futures import ProcessPoolExecutor

    from .studies import chunks, run

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--deals", type=int, default=DEALS, help="deals of each rule set")
    parser.add_argument("--workers", type=int, default=None, help="processes (every core)")
    parser.add_argument("--root", default=".", help="the repository (default: here)")
    parser.add_argument("--redo", action="append", choices=list(MODES), default=[],
                        help="ask this mode again of every deal held (repeatable)")
    args = parser.parse_args(argv)
    path = Path(args.root) / FILE
    rows = read_rows(path) if path.exists() else []
    done = {(r["rules"], r["index"]) for r in rows}
    with ProcessPoolExecutor(args.workers) as pool:
        if args.redo:
            _redo(rows, args.redo, pool, path)
        for first, last in chunks(0, args.deals, 10):
            tasks = [(name, i) for i in range(first, last) for name in RULES
                     if (name, i) not in done]
            if not tasks:
                continue
            for found in run(deal_rows, tasks, pool, True, "deals"):
                rows += found
            rows.sort(key=lambda r: (list(RULES).index(r["rules"]), r["index"],
                                     list(MODES).index(r["mode"])))
            write_rows(path, rows)
            print(f"{FILE}: {len({(r['rules'], r['index']) for r in rows})} deals", flush=True)
    for key, entry in summary(rows).items():
        print(*key, entry, flush=True)


def _redo(rows: list[dict], modes: Sequence[str], pool, path: Path) -> None:
    """Ask ``modes`` again of every deal in ``rows`` (in place), writing ``path`` after
    each chunk of ten deals."""
    from .studies import chunks, run

    deals = sorted({(r["rules"], r["index"]) for r in rows
                    if set(OFFERED[r["rules"]]) & set(modes)}, key=lambda d: (d[1], d[0]))
    at = {(r["rules"], r["index"], r["mode"]): i for i, r in enumerate(rows)}
    for first, last in chunks(0, len(deals), 40):
        tasks = [(*d, tuple(modes)) for d in deals[first:last]]
        for found in run(deal_rows, tasks, pool, True, "deals"):
            for row in found:
                rows[at[row["rules"], row["index"], row["mode"]]] = row
        write_rows(path, rows)
        print(f"{FILE}: {last} of {len(deals)} deals asked {', '.join(modes)} again",
              flush=True)


__all__ = ["ANSWERS", "DEALS", "DRAWS", "FIELDS", "FILE", "MODES", "OFFERED", "RULES",
           "deal", "deal_rows", "main", "read_rows", "summary", "write_rows"]


if __name__ == "__main__":
    main()
