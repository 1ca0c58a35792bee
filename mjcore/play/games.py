"""Whole games: one player's deal and wall, played by the advisor or by best play.

The model is the single-player game of published simulations: a full set of
136 tiles is shuffled (:func:`deal`, seeded); the player holds the first 14
and draws the next ones in order.  Nobody else plays: no calls, no wins by
discard, nobody wins first.  *Turn 0* is the discard from the 14 tiles dealt;
turn k (1 to ``draws``, 17 by default) is the k-th draw and its discard, so
the game ends after 17 draws, as chapter 6's ``win_chances(hand, 17)``.

Every game gives a :class:`Game`: the shanten of the 14 tiles dealt, the
turn of the win (0 when the deal itself is complete) and the first turn
after which the hand was ready (or won), None for never.

Two ways to play:

* :func:`play_advisor`: chapter 5's advisor at every turn.  Among the discards
  that keep the shanten, the one that leaves the most effective tiles 有效张
  (``count="unseen"``: copies neither held nor discarded by the player, as
  :func:`mjcore.hand.effective.discard_advice` counts them with the player's
  discards visible), then the most kinds of them; ``ties`` decides among
  equals.  A drawn tile goes through the same rule, so the advisor may keep a
  draw that does not lower the shanten when it leaves more effective tiles.
  ``count="positional"`` is the count of tomohxx/necessary-and-unnecessary-tiles'
  sample program from January 2025 (commit 336672e) until its fix in
  February 2026 (commit bd045ac), kept to show where that program's
  published figures come from: every tile 4 copies, less one for each of the
  first 14 + k kinds in index order at turn k, whatever tiles were drawn.
* :func:`play_best`: ``win_chances``'s best discard at turn 0, then the policy
  its search found (keep only progress, or ``hand_changes``), followed on the
  real wall: at each draw the hand the search rates best for the draws left.

:func:`advisor_counts` and :func:`paired_row` play seeded deals;
``python -m mjcore.play.games`` (``make games``) writes them to the files
chapter 6 reads (:func:`read_counts`, :func:`read_paired`).  Pure standard
library.  Explained in chapter 6.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from ..base.checks import HandError, bool_arg, choice_arg, int_arg, items_arg, show, tile_arg
from ..base.deals import WALL
from ..base.rules import RIICHI, Rules, rules_arg
from ..base.tiles import COPIES, N_KINDS, as_counts, check_size, tile_name
from ..hand.shanten import discards_bytes, effective_mask, shanten
from ..hand.waits import tiles_of, unseen
from .bestplay.api import _collector_paused, _compute
from .bestplay.curves import TIE, _beats
from .bestplay.keys import _minus, _plus
from .bestplay.limits import MAX_DRAWS
from .prob import Estimate
from .studies import chunks, run

DRAWS = 17
"""Draws after the deal's discard: tomohxx's 18 turns less the one that makes 14 tiles."""

HAND = 14
"""Tiles dealt to the player."""

COUNTS = ("unseen", "positional")
"""How :func:`play_advisor` counts the effective tiles (see the module)."""

TIES = ("low", "high")
"""Fixed tie-breaks of :func:`play_advisor`: the lower tile index first, or the higher."""

ADVISORS = {
    "advisor": ("unseen", "low"),
    "honours first": ("unseen", "high"),
    "random ties": ("unseen", "random"),
    "positional": ("positional", "low"),
}
"""The advisors :func:`advisor_counts` plays, by name: (``count``, ``ties``), where
"random" is ``ties=random.Random`` (the deal's generator, after its shuffle).
"advisor" is chapter 5's; "random ties" tomohxx's program of 2018 (which had no step for
the kinds of effective tile), "positional" his program of 2025 (see the module)."""

MAX_WALLS = 1000
"""The most walls :func:`walls` and :func:`paired_row` deal for one hand."""

MAX_SEEDS = 10_000_000
"""Seeds are whole numbers below this."""

MAX_GAMES = 50_000
"""The most deals one :func:`advisor_counts` call plays (about four minutes)."""

MAX_DEALS = 1000
"""The most seeds one :func:`first_seeds` call finds."""

MAX_SCAN = 200_000
"""The most seeds :func:`first_seeds` looks at (a few seconds) before it gives up."""

MAX_ROWS = 1_000_000
"""The most rows the functions that read a run's rows take."""


@dataclass(frozen=True)
class Game:
    """One deal played out.

    ``shanten`` of the 14 tiles dealt; ``win`` the turn whose draw completed
    the hand (0: dealt complete), None for no win; ``tenpai`` the first turn
    after whose discard the hand was ready, or the turn of the win if it
    came first, None for never.
    """

    shanten: int
    win: int | None
    tenpai: int | None


# --- deals ---------------------------------------------------------------------

def _shuffled(rng: random.Random) -> tuple[tuple[int, ...], list[int]]:
    tiles = list(WALL)
    rng.shuffle(tiles)
    counts = [0] * N_KINDS
    for tile in tiles[:HAND]:
        counts[tile] += 1
    return tuple(counts), tiles[HAND:]


def deal(seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The 14 tiles dealt (34 counts) and the 122 left (tile indices, in draw order).

    The 136 tiles of a set (``mjcore.base.deals.WALL``) shuffled by
    ``random.Random(seed)``; ``seed`` is a whole number 0 to 9,999,999.

    >>> from mjcore import to_mpsz
    >>> hand, wall = deal(0)
    >>> sum(hand), len(wall)
    (14, 122)
    >>> to_mpsz(hand), wall[:3]
    ('1478m2569p345s247z', (16, 10, 13))
    """
    seed = int_arg(seed, "seed", 0, MAX_SEEDS - 1)
    hand, wall = _shuffled(random.Random(seed))
    return hand, tuple(wall)


def walls(seed: int, n: int) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    """The deal of ``seed`` and ``n`` walls for it: :func:`deal`'s, then reshuffles.

    Each further wall shuffles the same 122 tiles again with the same
    generator, so every wall is a uniformly random order of the tiles the
    hand leaves.  ``n`` is 1 to 1,000 (:data:`MAX_WALLS`).

    >>> hand, found = walls(0, 3)
    >>> (hand, found[0]) == deal(0), [sorted(w) == sorted(found[0]) for w in found]
    (True, [True, True, True])
    """
    seed = int_arg(seed, "seed", 0, MAX_SEEDS - 1)
    n = int_arg(n, "n", 1, MAX_WALLS)
    rng = random.Random(seed)
    hand, wall = _shuffled(rng)
    found = [tuple(wall)]
    for _ in range(n - 1):
        rng.shuffle(wall)
        found.append(tuple(wall))
    return hand, found


def _check_game(hand: object, wall: object, rules: object, draws: object
                ) -> tuple[tuple[int, ...], tuple[int, ...], Rules, int]:
    """The checked arguments of a game: 14 tiles, a wall they leave room for, rules, draws."""
    counts = as_counts(hand)  # type: ignore[arg-type]
    if sum(counts) != HAND:
        raise HandError(f"hand must have {HAND} tiles to start a game, got {sum(counts)}")
    rules = rules_arg(rules)
    draws = int_arg(draws, "draws", 0, MAX_DRAWS)
    tiles = items_arg(wall, "wall", len(WALL) - HAND, "tile indices")
    for tile in tiles:
        tile_arg(tile, "each tile of wall")
    if len(tiles) < draws:
        raise HandError(f"wall has {len(tiles)} tiles; {draws} draws need that many")
    held = list(counts)
    for tile in tiles:
        held[tile] += 1
        if held[tile] > COPIES:
            raise HandError(f"wall and hand hold tile {tile} more than {COPIES} times")
    return counts, tiles, rules, draws


# --- the advisor ---------------------------------------------------------------

def _advise(counts: tuple[int, ...], rules: Rules, left: Sequence[int], kinds: bool,
            ties: str | random.Random, memo: dict) -> tuple[int, int | None]:
    """The 14-tile shanten and the advisor's discard (None for a complete hand).

    Among the discards that keep the shanten (:func:`mjcore.hand.shanten.discard_mask`'s
    tiles, ascending): the most copies ``left`` of the effective tiles, then (``kinds``)
    the most kinds of them; among equals the lower tile ("low"), the higher ("high"),
    or the first from a random tile on, in index order round the end (a random.Random).
    """
    best, kept = discards_bytes(bytes(counts), rules, memo)
    if best < 0:
        return best, None
    top, equal = None, []
    for d in kept:
        mask = effective_mask(_minus(counts, d), rules)[1]
        key = (sum(left[t] for t in tiles_of(mask)), mask.bit_count() if kinds else 0)
        if top is None or key > top:
            top, equal = key, [d]
        elif key == top:
            equal.append(d)
    if ties == "low":
        return best, equal[0]
    if ties == "high":
        return best, equal[-1]
    start = ties.randrange(N_KINDS)
    return best, min(equal, key=lambda d: (d - start) % N_KINDS)


def _ties_arg(ties: object) -> str | random.Random:
    if isinstance(ties, random.Random):
        return ties
    if not isinstance(ties, str):
        raise HandError(f"ties must be 'low', 'high' or a random.Random, got {show(ties)}")
    return choice_arg(ties, "ties", TIES)


def advisor_discard(hand: str | Sequence[int], rules: Rules | str = RIICHI,
                    visible: str | Sequence[int] | None = None) -> int:
    """Chapter 5's advisor's discard from a 3n+2 hand: ``discard_advice(...)[0].tile``.

    The same choice, found among the discards that keep the shanten only
    (a few, not every tile held), as :func:`play_advisor` makes it at each
    turn.  A complete hand has nothing to discard: a HandError.

    >>> from mjcore import tile_name
    >>> tile_name(advisor_discard("12389m456p78s9p11z4z", "poyang"))
    '9p'
    """
    rules = rules_arg(rules)
    counts = as_counts(hand)
    check_size(counts, "3n+2", "advisor_discard")
    left = unseen(counts, as_counts(visible))
    choice = _advise(counts, rules, left, True, "low", {})[1]
    if choice is None:
        raise HandError("the hand is complete: there is nothing to discard")
    return choice


def play_advisor(hand: str | Sequence[int], wall: Sequence[int], rules: Rules | str = RIICHI,
                 draws: int = DRAWS, count: str = "unseen",
                 ties: str | random.Random = "low") -> Game:
    """Play 14 tiles and a wall (tile indices, drawn in order) by the advisor.

    ``count`` is "unseen" (chapter 5's advisor) or "positional" (the count
    of tomohxx's 2025 program, see the module); "unseen" then prefers more
    kinds of effective tile.  ``ties`` among equals: "low" (the lower tile
    index, as ``discard_advice``), "high" (the higher: honours before
    number tiles), or a ``random.Random`` (from a random tile on, the first
    in index order, as tomohxx's 2018 program scanned).  The wall must leave
    room for the hand: no tile more than four times in both.

    >>> hand, wall = deal(3)
    >>> play_advisor(hand, wall)
    Game(shanten=3, win=11, tenpai=6)
    >>> play_advisor("123456789m1234p5z", [], draws=0)  # ready after the discard
    Game(shanten=0, win=None, tenpai=0)
    >>> play_advisor("123456789m1234p5z", [], draws=3)
    Traceback (most recent call last):
    ...
    mjcore.HandError: wall has 0 tiles; 3 draws need that many
    """
    counts, tiles, rules, draws = _check_game(hand, wall, rules, draws)
    count = choice_arg(count, "count", COUNTS)
    ties = _ties_arg(ties)
    seen = [0] * N_KINDS
    memo: dict = {}
    kinds = count == "unseen"
    start = tenpai = None
    for turn in range(draws + 1):
        if turn:
            counts = _plus(counts, tiles[turn - 1])
        if kinds:
            left = [COPIES - c - v for c, v in zip(counts, seen, strict=True)]
        else:
            left = [COPIES - (t <= 13 + turn) for t in range(N_KINDS)]
        s, d = _advise(counts, rules, left, kinds, ties, memo)
        if start is None:
            start = s
        if d is None:
            return Game(start, turn, turn if tenpai is None else tenpai)
        counts = _minus(counts, d)
        seen[d] += 1
        if s == 0 and tenpai is None:
            tenpai = turn
    return Game(start, None, tenpai)


# --- best play -----------------------------------------------------------------

def play_best(hand: str | Sequence[int], wall: Sequence[int], rules: Rules | str = RIICHI,
              draws: int = DRAWS, hand_changes: bool = False) -> Game:
    """Play 14 tiles and a wall by best play: ``win_chances``'s policy on the real wall.

    Turn 0 throws ``win_chances(hand, draws, rules, hand_changes=...)[0]``;
    then each draw the policy keeps goes in and the hand the search rates
    best for the draws left stays (a higher chance of winning, then of being
    ready, then the first in tile order), as the search itself chooses.
    Keeping only progress, the mean of the wins over random walls is that
    discard's ``win``.  Raises HandError where ``win_chances`` does (a search
    above its limit).

    >>> hand, wall = deal(3)
    >>> play_best(hand, wall)  # one wall: the advisor wins on it (play_advisor)
    Game(shanten=3, win=None, tenpai=9)
    """
    counts, tiles, rules, draws = _check_game(hand, wall, rules, draws)
    hand_changes = bool_arg(hand_changes, "hand_changes")
    return _player(counts, rules, draws, hand_changes)[0](tiles)


def _player(counts: tuple[int, ...], rules: Rules, draws: int, hand_changes: bool
            ) -> tuple[Callable[[Sequence[int]], Game], float, float, int | None]:
    """Best play of checked 14 tiles: a function that plays a wall, the chances of winning
    and of being ready that ``win_chances`` gives its first discard, and that discard
    (None for a complete hand).  The search is made once, for every wall given."""
    start = shanten(counts, rules)
    if start < 0:
        return (lambda wall: Game(start, 0, 0)), 1.0, 1.0, None
    searches: dict = {}
    with _collector_paused():
        best = _compute(counts, draws, rules, (0,) * N_KINDS, hand_changes, "win",
                        searches=searches)[0]
    root = _minus(counts, best.tile)
    search = searches[best.tile]
    walk = _walk_changes if hand_changes else _walk_progress

    def play(wall: Sequence[int]) -> Game:
        with _collector_paused():
            return Game(start, *walk(search, root, rules, wall, draws))

    return play, best.win, best.tenpai, best.tile


def _walk_progress(fast, root: tuple[int, ...], rules: Rules, wall: Sequence[int],
                   draws: int) -> tuple[int | None, int | None]:
    """Follow a keep-only-progress search (:class:`mjcore.play.bestplay.progress._Progress`):
    (turn of the win, first turn ready)."""
    counts = root
    s, mask = effective_mask(counts, rules)
    tenpai = 0 if s == 0 else None
    memo: dict = {}
    for j in range(draws):
        tile = wall[j]
        if not mask >> tile & 1:
            continue  # thrown at once
        if s == 0:
            return j + 1, tenpai
        grown = _plus(counts, tile)
        r = draws - j - 1  # draws left after this one
        chosen, top = grown, None
        for d in discards_bytes(bytes(grown), rules, memo)[1]:
            kid = _minus(grown, d)
            key = int.from_bytes(bytes(kid), "little")
            if s == 1:  # a ready kid: its live copies decide
                w, t = fast.ready_curve(fast.lives.get(key) or fast.live(key, rules)), fast.ones
            else:
                w, t = fast.values.get(key) or fast.value(key, rules)
            if top is None or _beats(w[r], t[r], top[0], top[1], TIE):
                chosen, top = kid, (w[r], t[r])
        counts, s = chosen, s - 1
        mask = effective_mask(counts, rules)[1]
        if s == 0 and tenpai is None:
            tenpai = j + 1
    return None, tenpai


def _walk_changes(search, root: tuple[int, ...], rules: Rules, wall: Sequence[int],
                  draws: int) -> tuple[int | None, int | None]:
    """Follow a hand-changes search (``_Search.follow``)."""
    return search.follow(root, wall)


# --- seeded runs: what make games writes and chapter 6 reads --------------------

def _seeds_arg(first: object, last: object) -> tuple[int, int]:
    first = int_arg(first, "first", 0, MAX_SEEDS)
    last = int_arg(last, "last", 0, MAX_SEEDS)
    if last < first:
        raise HandError(f"last ({last}) must not be below first ({first})")
    if last - first > MAX_GAMES:
        raise HandError(f"last - first must be at most {MAX_GAMES:,} deals, "
                        f"got {last - first:,}")
    return first, last


def advisor_counts(first: int, last: int, rules: Rules | str = RIICHI,
                   draws: int = DRAWS) -> list[dict]:
    """Every :data:`ADVISORS` entry on the deals of seeds ``first`` to ``last - 1``,
    one game each (the deal's own wall), counted by (shanten dealt, win, tenpai);
    at most 50,000 deals (:data:`MAX_GAMES`).

    Rows ``{"advisor", "seeds", "shanten", "win", "tenpai", "games"}``, ``seeds``
    as "first-(last - 1)", ``win`` and ``tenpai`` a turn or None; sorted.

    >>> rows = advisor_counts(0, 2)
    >>> [(r["advisor"], r["shanten"], r["win"], r["tenpai"], r["games"]) for r in rows[:2]]
    [('advisor', 4, None, 15, 1), ('advisor', 4, None, None, 1)]
    """
    first, last = _seeds_arg(first, last)
    rules = rules_arg(rules)
    draws = int_arg(draws, "draws", 0, MAX_DRAWS)
    found: Counter = Counter()
    for seed in range(first, last):
        rng = random.Random(seed)
        hand, wall = _shuffled(rng)
        for name, (count, ties) in ADVISORS.items():
            game = play_advisor(hand, wall, rules, draws, count, rng if ties == "random" else ties)
            found[name, game.shanten, game.win, game.tenpai] += 1
    return _counted(found, first, last)


def _counted(found: Counter, first: int, last: int) -> list[dict]:
    """The rows of :func:`advisor_counts` from its counter, sorted."""
    order = list(ADVISORS)
    keys = sorted(found, key=lambda k: (order.index(k[0]), k[1], _turn_key(k[2]),
                                        _turn_key(k[3])))
    return [{"advisor": a, "seeds": f"{first}-{last - 1}", "shanten": s, "win": w, "tenpai": t,
             "games": found[a, s, w, t]} for a, s, w, t in keys]


def _turn_key(turn: int | None) -> int:
    return 99 if turn is None else turn


CHUNK = 1000
"""Deals a task of :func:`advisor_study`."""


def advisor_study(first: int, last: int, rules: Rules | str = RIICHI, draws: int = DRAWS,
                  executor: object = None, progress: bool = False) -> list[dict]:
    """:func:`advisor_counts` of seeds ``first`` to ``last - 1`` (any number of deals), in
    tasks of :data:`CHUNK` deals on ``executor`` (any ``concurrent.futures.Executor``;
    None: this process), with a progress bar if ``progress``: the same rows, ``seeds``
    naming the whole range.

    >>> advisor_study(0, 5) == advisor_counts(0, 5)
    True
    """
    first = int_arg(first, "first", 0, MAX_SEEDS - 1)
    last = int_arg(last, "last", first + 1, MAX_SEEDS)
    rules = rules_arg(rules)
    draws = int_arg(draws, "draws", 0, MAX_DRAWS)
    tasks = [(a, b, rules, draws) for a, b in chunks(first, last, CHUNK)]
    found: Counter = Counter()
    for rows in run(advisor_counts, tasks, executor, progress, "deals", CHUNK):
        for r in rows:
            found[r["advisor"], r["shanten"], r["win"], r["tenpai"]] += r["games"]
    return _counted(found, first, last)


def paired_row(seed: int, n: int, hand_changes: bool = False, rules: Rules | str = RIICHI,
               draws: int = DRAWS) -> dict:
    """The deal of ``seed`` on ``n`` walls (:func:`walls`), played by chapter 5's advisor
    (``advisor``: ties "low"; ``high``: ties "high"), by best play keeping only progress
    (``best``) and, if ``hand_changes``, by best play with hand changes (``changes``).

    For each: the wins and the games ever ready (``_wins``, ``_ready``, out of ``n``)
    and the first discard in mpsz (``_discard``); for best play also the chances
    ``win_chances`` gives that discard (``_win``, ``_tenpai``: with hand changes the
    simple count's, see :mod:`mjcore.play.bestplay`).  A search above its limit sets
    ``refused`` and leaves out that policy's figures (and those of hand changes).

    >>> row = paired_row(3, 4)
    >>> row["shanten"], row["advisor_wins"], row["best_wins"], round(row["best_win"], 4)
    (3, 2, 0, 0.2017)
    """
    seed = int_arg(seed, "seed", 0, MAX_SEEDS - 1)
    n = int_arg(n, "n", 1, MAX_WALLS)
    hand_changes = bool_arg(hand_changes, "hand_changes")
    rules = rules_arg(rules)
    draws = int_arg(draws, "draws", 0, MAX_DRAWS)
    hand, found = walls(seed, n)
    row: dict = {"seed": seed, "shanten": shanten(hand, rules), "walls": n, "refused": False}
    if row["shanten"] >= 0:
        row["advisor_discard"] = tile_name(advisor_discard(hand, rules))
    for name, ties in (("advisor", "low"), ("high", "high")):
        games = [play_advisor(hand, w, rules, draws, "unseen", ties) for w in found]
        row.update(_tally(name, games))
    policies = [("best", False)] + ([("changes", True)] if hand_changes else [])
    for name, changes in policies:
        try:
            play, win, tenpai, discard = _player(hand, rules, draws, changes)
        except HandError:
            row["refused"] = True
            break
        row.update(_tally(name, [play(w) for w in found]))
        row[f"{name}_win"], row[f"{name}_tenpai"], first = win, tenpai, discard
        if first is not None:
            row[f"{name}_discard"] = tile_name(first)
    return row


def _tally(name: str, games: list[Game]) -> dict:
    return {f"{name}_wins": sum(g.win is not None for g in games),
            f"{name}_ready": sum(g.tenpai is not None for g in games)}


PAIRED_FIELDS = ("seed", "shanten", "walls", "refused", "advisor_discard", "advisor_wins",
                 "advisor_ready", "high_wins", "high_ready", "best_discard", "best_wins",
                 "best_ready", "best_win", "best_tenpai", "changes_discard", "changes_wins",
                 "changes_ready", "changes_win", "changes_tenpai")
"""The columns of the paired file, in order (a figure not computed is left empty)."""

COUNT_FIELDS = ("advisor", "seeds", "shanten", "win", "tenpai", "games")
"""The columns of the advisors' file, in order (no win or never ready: empty)."""


def first_seeds(shanten_dealt: int, n: int, rules: Rules | str = RIICHI) -> list[int]:
    """The ``n`` lowest seeds whose 14 tiles dealt have shanten ``shanten_dealt`` (0-6).

    ``n`` is 0 to 1,000 (:data:`MAX_DEALS`); a HandError when the first 200,000 seeds
    (:data:`MAX_SCAN`) hold fewer such deals.

    >>> first_seeds(1, 3)
    [18, 102, 107]
    """
    shanten_dealt = int_arg(shanten_dealt, "shanten_dealt", 0, 6)
    n = int_arg(n, "n", 0, MAX_DEALS)
    rules = rules_arg(rules)
    found, seed = [], 0
    while len(found) < n:
        if seed >= MAX_SCAN:
            raise HandError(f"fewer than {n} deals of shanten {shanten_dealt} below "
                            f"seed {MAX_SCAN:,}")
        if shanten(deal(seed)[0], rules) == shanten_dealt:
            found.append(seed)
        seed += 1
    return found


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, float):
        return f"{value:.6f}"
    return str(value)


def _write_rows(path: str | Path, rows: Iterable[dict], fields: Sequence[str]) -> None:
    """Write ``rows`` to a CSV file with these columns (None empty, floats to 6 places)."""
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(fields)
        for row in rows:
            writer.writerow([_cell(row.get(f)) for f in fields])


def read_counts(path: str | Path) -> list[dict]:
    """The rows of an advisors' file (:func:`advisor_counts`), as it gave them."""
    rows = []
    for raw in _read(path, COUNT_FIELDS):
        rows.append({"advisor": raw["advisor"], "seeds": raw["seeds"],
                     "shanten": _number(raw["shanten"], path), "win": _turn(raw["win"], path),
                     "tenpai": _turn(raw["tenpai"], path),
                     "games": _number(raw["games"], path)})
    return _count_rows(rows)


def read_paired(path: str | Path) -> list[dict]:
    """The rows of a paired file (:func:`paired_row`), as it gave them, floats rounded."""
    rows = []
    for raw in _read(path, PAIRED_FIELDS):
        row: dict = {"refused": raw["refused"] == "yes"}
        for f in PAIRED_FIELDS:
            if f == "refused" or raw[f] == "":
                continue
            if f.endswith("_discard"):
                row[f] = raw[f]
            elif "." in raw[f]:
                row[f] = _number(raw[f], path, float)
            else:
                row[f] = _number(raw[f], path)
        rows.append(row)
    return _paired_rows(rows)


def _read(path: object, fields: Sequence[str]) -> list[dict]:
    if not isinstance(path, (str, os.PathLike)):
        raise HandError(f"path must be a file name, got {show(path)}")
    try:
        with open(path, newline="", encoding="utf-8") as source:
            reader = csv.DictReader(source)
            names = tuple(reader.fieldnames or ())
            found = list(islice(reader, MAX_ROWS + 1))
    except (OSError, ValueError, csv.Error) as error:  # ValueError: a NUL, not UTF-8
        raise HandError(f"path {show(str(path))} cannot be read: {error}") from None
    if names != tuple(fields):
        raise HandError(f"{show(str(path))} must have the columns {', '.join(fields)}")
    if len(found) > MAX_ROWS or any(None in row or None in row.values() for row in found):
        raise HandError(f"{show(str(path))} is not a file make games wrote")
    return found


def _number(text: str, path: object, kind: type = int) -> int | float:
    try:
        return kind(text)
    except ValueError:
        raise HandError(f"{show(str(path))} holds {show(text)} where a number belongs") from None


def _turn(text: str, path: object) -> int | None:
    return None if text == "" else int(_number(text, path))


def _count_rows(rows: object) -> list[dict]:
    """The rows of an advisors' run, checked: dicts with ``COUNT_FIELDS`` of the right kinds."""
    found = list(items_arg(rows, "rows", MAX_ROWS, "rows"))
    for row in found:
        if not (isinstance(row, dict) and isinstance(row.get("advisor"), str)
                and all(_whole(row.get(f)) for f in ("shanten", "games"))
                and all(row.get(f) is None or _whole(row[f]) for f in ("win", "tenpai"))
                and "win" in row and "tenpai" in row and row["games"] >= 0):
            raise HandError(f"rows must be rows of advisor_counts or read_counts, "
                            f"got {show(row)} among them")
    return found


def _paired_rows(rows: object) -> list[dict]:
    """The rows of a paired run, checked: dicts of :func:`paired_row`'s fields and kinds."""
    found = list(items_arg(rows, "rows", MAX_ROWS, "rows"))
    for row in found:
        if not (isinstance(row, dict) and set(row) <= set(PAIRED_FIELDS)
                and _whole(row.get("shanten")) and _whole(row.get("walls"))
                and row["walls"] >= 1 and all(_fits(f, v) for f, v in row.items())):
            raise HandError(f"rows must be rows of paired_row or read_paired, "
                            f"got {show(row)} among them")
    return found


def _whole(value: object) -> bool:
    return type(value) is int


def _fits(field: str, value: object) -> bool:
    if field == "refused":
        return isinstance(value, bool)
    if field.endswith("_discard"):
        return isinstance(value, str)
    if field.endswith(("_win", "_tenpai")):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return _whole(value)


# --- what the chapter shows ----------------------------------------------------

def rates(rows: Iterable[dict], advisor: str, by_turn: int = DRAWS) -> dict:
    """One advisor's games in the advisors' rows: how many, the wins and ready games by
    turn ``by_turn``, and the mean turn of the wins.

    >>> r = rates(advisor_counts(0, 20), "advisor")
    >>> r["games"], r["wins"], r["ready"]
    (20, 4, 12)
    """
    rows = _count_rows(rows)
    advisor = choice_arg(advisor, "advisor", ADVISORS)
    by_turn = int_arg(by_turn, "by_turn", 0, MAX_DRAWS)
    games = wins = ready = turns = 0
    for row in rows:
        if row["advisor"] != advisor:
            continue
        n = row["games"]
        games += n
        if row["win"] is not None and row["win"] <= by_turn:
            wins += n
            turns += n * row["win"]
        if row["tenpai"] is not None and row["tenpai"] <= by_turn:
            ready += n
    return {"games": games, "wins": wins, "ready": ready,
            "mean win turn": turns / wins if wins else math.nan}


def wins_by_turn(rows: Iterable[dict], advisor: str, turns: Iterable[int]) -> list[Estimate]:
    """One advisor's games won by each of ``turns``, as :class:`~mjcore.play.prob.Estimate`
    (the games independent: one per deal).

    >>> [e.hits for e in wins_by_turn(advisor_counts(0, 20), "advisor", [10, 17])]
    [0, 4]
    """
    rows = _count_rows(rows)
    found = []
    for turn in items_arg(turns, "turns", MAX_DRAWS + 1, "turns"):
        counted = rates(rows, advisor, int_arg(turn, "turn", 0, MAX_DRAWS))
        found.append(Estimate(counted["wins"], counted["games"]))
    return found


def advisor_table(rows: Iterable[dict], by_turn: int = DRAWS) -> list[dict]:
    """For each of :data:`ADVISORS` in the advisors' rows: the games, the chances of a
    win and of being ready by turn ``by_turn`` with their 95% intervals
    (:meth:`mjcore.play.prob.Estimate.interval`, the games independent), and the mean
    turn of the wins.

    >>> [(r["advisor"], r["games"], r["win"]) for r in advisor_table(advisor_counts(0, 20))][:2]
    [('advisor', 20, 0.2), ('honours first', 20, 0.2)]
    """
    rows = _count_rows(rows)
    by_turn = int_arg(by_turn, "by_turn", 0, MAX_DRAWS)
    table = []
    for name, (count, ties) in ADVISORS.items():
        found = rates(rows, name, by_turn)
        if not found["games"]:
            continue
        win = Estimate(found["wins"], found["games"])
        ready = Estimate(found["ready"], found["games"])
        table.append({"advisor": name, "count": count, "ties": ties, "games": found["games"],
                      "win": win.value, "win low": win.interval()[0],
                      "win high": win.interval()[1], "tenpai": ready.value,
                      "tenpai low": ready.interval()[0], "tenpai high": ready.interval()[1],
                      "mean win turn": found["mean win turn"]})
    return table


POLICIES = {"advisor": "advisor", "high": "honours first", "best": "best play",
            "changes": "hand changes"}
"""The policies of the paired file (the prefix of their columns) and their names."""


def paired_table(rows: Iterable[dict], what: str = "wins") -> list[dict]:
    """By shanten dealt: the deals, in how many of them best play's first discard is the
    advisor's, and for each policy of :data:`POLICIES` the share of its games (all walls
    of all deals) that won (``what="wins"``) or were ever ready ("ready"); for best play
    also the mean chance ``win_chances`` gave (``exact``), and for hand changes the
    simple count's (``promised``).

    >>> line = paired_table([paired_row(3, 4)])[0]
    >>> line["deals"], line["advisor"], line["best play"], round(line["best play exact"], 4)
    (1, 0.5, 0.0, 0.2017)
    """
    what = choice_arg(what, "what", ("wins", "ready"))
    rows = _paired_rows(rows)
    chance = "win" if what == "wins" else "tenpai"
    table = []
    for s in sorted({r["shanten"] for r in rows}):
        group = [r for r in rows if r["shanten"] == s]
        line: dict = {"shanten": s, "deals": len(group),
                      "same first discard": sum(r.get("best_discard") == r["advisor_discard"]
                                                for r in group)}
        for key, name in POLICIES.items():
            played = [r for r in group if f"{key}_{what}" in r]
            if played:
                line[name] = (sum(r[f"{key}_{what}"] for r in played)
                              / sum(r["walls"] for r in played))
        for key, name in (("best", "best play exact"), ("changes", "hand changes promised")):
            values = [r[f"{key}_{chance}"] for r in group if f"{key}_{chance}" in r]
            if values:
                line[name] = statistics.fmean(values)
        table.append(line)
    return table


GAINS = (("best", "advisor"), ("changes", "advisor"), ("changes", "best"), ("high", "advisor"))
"""The comparisons :func:`paired_gains` makes: (better, worse) policies of the paired file."""


def paired_gains(rows: Iterable[dict], what: str = "wins") -> list[dict]:
    """:func:`paired_gain` of each of :data:`GAINS` by shanten dealt, where at least two
    deals have both policies: rows ``{"shanten", "gain of", "over", "deals", "gain",
    "low", "high"}``, the policies by their names in :data:`POLICIES`."""
    what = choice_arg(what, "what", ("wins", "ready"))
    rows = _paired_rows(rows)
    table = []
    for s in sorted({r["shanten"] for r in rows}):
        group = [r for r in rows if r["shanten"] == s]
        for better, worse in GAINS:
            both = [r for r in group if f"{better}_{what}" in r and f"{worse}_{what}" in r]
            if len(both) >= 2:
                table.append({"shanten": s, "gain of": POLICIES[better],
                              "over": POLICIES[worse], **paired_gain(both, better, worse, what)})
    return table


def paired_gain(rows: Iterable[dict], better: str, worse: str, what: str = "wins") -> dict:
    """The mean gain of policy ``better`` over ``worse`` (``what``: "wins" or "ready"),
    per game, over the rows (deals) where both were played, with a 95% interval.

    Each deal counts once: its gain is the difference of the two counts over its
    walls, divided by the walls (the same deal, the same walls for both), and the
    interval is the mean plus or minus 1.96 standard errors of those gains.
    """
    what = choice_arg(what, "what", ("wins", "ready"))
    better = choice_arg(better, "better", POLICIES)
    worse = choice_arg(worse, "worse", POLICIES)
    rows = _paired_rows(rows)
    gains = [(row[f"{better}_{what}"] - row[f"{worse}_{what}"]) / row["walls"]
             for row in rows if f"{better}_{what}" in row and f"{worse}_{what}" in row]
    if len(gains) < 2:
        raise HandError(f"paired_gain needs at least 2 deals with both {better} and {worse}")
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
    return {"deals": len(gains), "gain": mean, "low": mean - half, "high": mean + half}


# --- make games ----------------------------------------------------------------

COUNTS_FILE = "notebooks/data/games_advisors.csv"
PAIRED_FILE = "notebooks/data/games_paired.csv"
RUN = {"games": 30_000, "block": 1_000, "walls": 50, "deals": 150,
       "best_up_to": 3, "changes_up_to": 3}
"""The committed run: the advisors on the deals of seeds 0-29,999 (in two blocks, 0-999
and the rest); best play on the first 150 deals of each shanten 1 to ``best_up_to``
(:func:`first_seeds`), 50 walls each, with hand changes too up to ``changes_up_to``."""


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m mjcore.play.games``: write the two files of :data:`RUN`."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    for key, value in RUN.items():
        parser.add_argument(f"--{key.replace('_', '-')}", type=int, default=value)
    parser.add_argument("--root", default=".", help="the repository (default: here)")
    args = parser.parse_args(argv)
    from .studies import every_core

    root = Path(args.root)
    with every_core() as pool:
        counts = []
        for first, last in ((0, args.block), (args.block, args.games)):
            counts += advisor_study(first, last, executor=pool, progress=True)
        _write_rows(root / COUNTS_FILE, counts, COUNT_FIELDS)
        print(f"{COUNTS_FILE}: {len(counts)} rows", flush=True)
        tasks = [(seed, args.walls, s <= args.changes_up_to)
                 for s in range(1, args.best_up_to + 1) for seed in first_seeds(s, args.deals)]
        paired = run(paired_row, tasks, pool, True, "deals")
    _write_rows(root / PAIRED_FILE, paired, PAIRED_FIELDS)


if __name__ == "__main__":
    main()
