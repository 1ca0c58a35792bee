"""A table of four: whole rounds where every seat draws, claims and wins.

The models of chapters 6 and 7 have one player; the other seats only throw
tiles.  Here all four seats play, seeded, under one rule set:

* the 136 tiles of a set (:data:`mjcore.base.deals.WALL`) shuffled by
  ``random.Random(seed)``; the dealer (seat 0) holds 14 tiles, the others 13;
  seats take turns in order 0, 1, 2, 3, the seat after seat ``s`` is its right
  (下家), so seat ``s`` is the left seat (上家) of seat ``s + 1``;
* a seat draws the next tile of the wall, wins if its hand is complete
  (自摸, self-drawn), or discards;
* on a discard the other seats answer in priority order: a win (点炮) first,
  then 碰 pèng by any seat holding a pair of the tile, then 吃 chī by the
  next seat only.  When several seats could win on one discard, the first in
  turn order after the discarder takes it (截胡, head bump), as most Chinese
  tables and Tenhou's default rules do;
* a claim lays the meld down and the claimer discards at once; the turn
  goes on from the claimer's right;
* the round is drawn (荒庄) when the wall, less ``dead_wall`` tiles, runs out.

Kongs 杠 are left out: chapter 5's advisor has no rule for them, and a kong
only swaps a draw for a replacement tile and adds a payment (chapter 10's
:func:`mjcore.scoring.poyang.kong_payments`), so the figures change little.

Each seat plays a policy (:data:`POLICIES`).  ``"advisor"`` is chapter 5's:
it always takes a win, claims 碰 or 吃 when the claim lowers its shanten, and
discards :func:`mjcore.play.games.advisor_discard`'s tile (the most effective
tiles left, counting as seen every tile it holds and every tile discarded or
laid down).  ``"no calls"`` is the same without claims.  Only ``"fold"`` and
``"fold, no calls"`` defend: those seats play the advisor (with or without claims)
until a rule of shanten and discard number (:data:`FOLD`) says the hand is too slow,
then fold (弃胡 qìhú; Japanese betaori): each turn they throw their safest tile as
:func:`mjcore.play.danger.deal_in_chances` ranks it and make no more claims, though they
still take a win when their hand happens to be ready and the tile comes.  The rule is
asked at each of the seat's discards (a claim made before it holds stays made).

Under Poyang rules a win is scored by chapter 10's scorer with the melds laid
down and settled: the discarder pays alone, a self-draw is paid by all three
(:func:`mjcore.scoring.poyang.settle`); under other rules a round records no
points.  :func:`play_round` plays one round and returns a :class:`Round`;
:func:`play_rounds` plays a range of seeds on any executor, and
``python -m mjcore.play.table`` (``make rounds``) writes the rounds of :data:`TABLES`
to files, which a test replays in part, and the race they measured
(:func:`race_hazards`: by a seat's turn, the chance that another seat wins first) to
:data:`HAZARDS_FILE`, which best play reads (``opponents=True``).  :func:`over_by_draws` and
:func:`ready_by_discard` count a round's length and how soon hands are ready as published
statistics of Tenhou's tables count them.  Explained in chapter 8.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..base.checks import HandError, bool_arg, choice_arg, int_arg, items_arg
from ..base.deals import WALL
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import COPIES, N_KINDS, named_tile_arg, tile_name, to_mpsz
from ..hand.shanten import discards_bytes, effective_mask, shanten
from .bestplay.api import _collector_paused, _compute
from .bestplay.calls import _RUNS, _meld_tiles
from .bestplay.claim import _meld_name
from .bestplay.curves import TIE, _beats
from .bestplay.limits import _check_opponents
from .danger import MAX_TURN, deal_in_chances, ready_chance
from .games import MAX_SEEDS, _advise
from .prob import Estimate

SEATS = 4
"""Seats at the table; seat 0 deals."""

POLICIES = ("advisor", "no calls", "always pon", "best play", "fold", "fold, no calls")
"""What a seat can play: chapter 5's advisor, the same advisor that never claims, the
same advisor's discards with every 碰 it can make (whether or not it helps) and no 吃 (the
greedy bots of a published Chinese-rules table, see :data:`TABLES`), best play with the
race (:class:`_Plan`), or the advisor (with claims, or without) until the fold rule
(:data:`FOLD`) says to fold, then the safest tile each turn (:func:`safest_discard`)."""

FOLDERS = ("fold", "fold, no calls")
"""The policies of :data:`POLICIES` that fold."""

FOLD = ((3, 7), (2, 12))
"""The fold rule by default: a seat folds at its discard 7 or later if its hand, after the
advisor's discard, would be 3 or more steps from ready (shanten >= 3), and at its discard
12 or later if it would be 2 or more.  Each pair is (shanten, discard); the seat folds at
the first discard where some pair holds, and stays folded.  Chosen by a paired
measurement at the poyang table (:mod:`mjcore.play.folding`): of six rules tried, the one
with the most points a round for the folding seat (earlier folds cost more)."""

MAX_FOLD_STEPS = 4
"""The most (shanten, discard) pairs a fold rule may have."""


def fold_arg(fold: object) -> tuple[tuple[int, int], ...]:
    """A fold rule checked: one to :data:`MAX_FOLD_STEPS` pairs (shanten 0-8, discard
    1-40), as a tuple of pairs; a seat folds once its shanten after the advisor's discard
    is at least a pair's shanten at that pair's discard number or later.

    >>> fold_arg([(2, 7), [1, 12]])
    ((2, 7), (1, 12))
    >>> fold_arg([(2, 0)])
    Traceback (most recent call last):
    ...
    mjcore.HandError: fold[0]'s discard must be 1 or more, got 0
    """
    steps = items_arg(fold, "fold", MAX_FOLD_STEPS, "(shanten, discard) pairs")
    if not steps:
        raise HandError("fold needs at least one (shanten, discard) pair")
    out = []
    for i, step in enumerate(steps):
        pair = items_arg(step, f"fold[{i}]", 2, "numbers")
        if len(pair) != 2:
            raise HandError(f"fold[{i}] must be a (shanten, discard) pair, got {len(pair)} "
                            "numbers")
        out.append((int_arg(pair[0], f"fold[{i}]'s shanten", 0, 8),
                    int_arg(pair[1], f"fold[{i}]'s discard", 1, MAX_TURN)))
    return tuple(out)


def folds(fold: Sequence[tuple[int, int]], shanten: int, discard: int) -> bool:
    """Whether the rule ``fold`` (checked, as :func:`fold_arg` returns) folds a seat whose
    hand is ``shanten`` from ready after the advisor's discard at its discard ``discard``.

    >>> folds(FOLD, 3, 6), folds(FOLD, 3, 7), folds(FOLD, 2, 11), folds(FOLD, 2, 12)
    (False, True, False, True)
    """
    return any(shanten >= s and discard >= k for s, k in fold)


def safest_discard(hand: Sequence[int], visible: Sequence[int], discard: int,
                   rules: Rules) -> int:
    """A folded seat's discard: the tile of ``hand`` (34 counts) with the least chance of
    dealing in now by :func:`mjcore.play.danger.deal_in_chances` (``visible``: every
    discard and meld shown, the seat's own among them; ``discard``: its discard number,
    capped at 40; the three other seats), ties broken by the lower tile index.

    Under riichi forms the last 5z is safe; under Poyang's a 十三烂 hand can wait on it
    without holding one, and 2m and 8m tie as the safest: the lower goes.

    >>> from mjcore import RIICHI, parse
    >>> hand, seen = parse("123456789m1245p5z"), parse("5z5z5z")
    >>> [tile_name(safest_discard(hand, seen, 10, rules)) for rules in (RIICHI, POYANG)]
    ['5z', '2m']
    """
    chances = deal_in_chances(tuple(hand), tuple(visible), min(discard, MAX_TURN), rules,
                              None, SEATS - 1).chances
    return min(chances, key=lambda t: (chances[t], t))

PLAN_TURNS = 17
"""The turns a "best play" seat plans for at its first discard."""

TILE_SETS = ("all", "no winds")
"""The sets a round can be played with: all 136 tiles, or the 120 left without the winds."""

OUTCOMES = ("self-draw", "discard", "draw")
"""How a round ends: a self-drawn win, a win on a discard, or an exhaustive draw (荒庄)."""

MAX_DEAD_WALL = 14
"""The most tiles a round may leave undrawn (Tenhou keeps 14; Poyang tables, here, none)."""

@dataclass(frozen=True)
class Round:
    """One round played out.

    ``outcome`` one of :data:`OUTCOMES`; ``winner`` and ``discarder`` the seats (None
    when nobody won, or for a self-draw's discarder); ``win_tile`` the tile that
    completed the hand; ``turn`` the winner's turn (its tiles taken, draws and claims,
    the dealer's 14th tile its first), None for a draw; ``discards`` the tiles
    discarded in the round; ``points`` what each seat receives (negative: pays), all 0
    for a draw or under rules without scoring; ``ready`` each seat's first turn after
    which its hand was ready (0: dealt ready), None for never; ``claims`` each seat's
    claims (碰 and 吃); ``turns`` each seat's turns taken when the round ended (what
    :func:`race_hazards` counts); ``hand`` the winner's concealed tiles with the winning
    one (mpsz, "" for a draw) and ``melds`` its melds laid down ("pon 777z", "chi 345m").
    """

    seed: int
    outcome: str
    winner: int | None
    discarder: int | None
    win_tile: int | None
    turn: int | None
    discards: int
    points: tuple[int, int, int, int]
    ready: tuple[int | None, int | None, int | None, int | None]
    claims: tuple[int, int, int, int]
    turns: tuple[int, int, int, int] = (0, 0, 0, 0)
    hand: str = ""
    melds: tuple[str, ...] = ()
    folded: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)


def _minus(counts: list[int], *tiles: int) -> list[int]:
    out = counts[:]
    for t in tiles:
        out[t] -= 1
    return out


class _Seat:
    """One seat's hand, melds and what it knows: its shanten and effective-tiles mask
    (for a ready hand, its waits), kept up to date after each change; ``folded`` its
    discard number when it folded (None while it builds its hand)."""

    __slots__ = ("hand", "melds", "turns", "ready", "claims", "shanten", "mask", "policy",
                 "plan", "folded")

    def __init__(self, hand: list[int], policy: str) -> None:
        self.hand = hand
        self.melds: list[tuple[str, int]] = []
        self.turns = 0
        self.ready: int | None = None
        self.claims = 0
        self.policy = policy
        self.plan: _Plan | None = None
        self.folded: int | None = None
        self.shanten = 8
        self.mask = 0

    def settle(self, rules: Rules) -> None:
        """Its shanten and mask after a discard (3n+1 tiles), and its first ready turn."""
        self.shanten, self.mask = effective_mask(tuple(self.hand), rules)
        if self.shanten == 0 and self.ready is None:
            self.ready = self.turns


class _Plan:
    """A "best play" seat's plan: at its first discard (14 tiles, its ``turn``-th turn,
    ``seen`` the tiles it can see), :func:`mjcore.win_chances` keeping only progress at
    four seats with the race (``discard_wins``, ``opponents=True``, :data:`PLAN_TURNS`
    turns), searched once; then it follows that search, as chapter 6's games follow
    theirs: a draw that does not lower its shanten is thrown at once, one that does is
    kept and the discard is the one the search rates best for the turns left.  It never
    claims and always takes a win.  ``chance``: the chance of winning before anyone else
    the search gave its first discard, ``first`` that discard."""

    def __init__(self, counts: tuple[int, ...], rules: Rules, seen: Sequence[int],
                 turn: int) -> None:
        race = _check_opponents(True, turn, PLAN_TURNS, rules, True)
        searches: dict = {}
        with _collector_paused():
            best = _compute(counts, PLAN_TURNS, rules, tuple(seen), False, "win",
                            searches=searches, discard_wins=True, race=race)[0]
        self.first, self.chance, self.turn = best.tile, best.win, turn
        self.search = searches.get(best.tile)
        self.memo: dict = {}

    def discard(self, seat: _Seat, drawn: int, rules: Rules) -> int | None:
        """The discard after drawing ``drawn`` (the seat's hand holds it; its shanten and
        mask are the 13 tiles' before), or None past the plan's turns."""
        r = PLAN_TURNS - (seat.turns - self.turn)  # turns left after this one
        if r < 0 or self.search is None:
            return None
        if not seat.mask >> drawn & 1:
            return drawn  # no progress: thrown at once
        fast, top, chosen = self.search, None, None
        grown = bytes(seat.hand)
        for d in discards_bytes(grown, rules, self.memo)[1]:
            key = int.from_bytes(grown, "little") - (1 << 8 * d)
            w, t, _ = fast.values.get(key) or fast.value(key, fast.rules)
            if top is None or _beats(w[r], t[r], top[0], top[1], TIE):
                chosen, top = d, (w[r], t[r])
        return chosen


def shuffled_wall(seed: int, tiles: str = "all") -> list[int]:
    """The wall of round ``seed``, in the order it is dealt and drawn: the tiles of
    ``tiles`` (one of :data:`TILE_SETS`) shuffled by ``random.Random(seed)``.  Seat ``s``
    holds tiles ``13 s`` to ``13 s + 12``; the dealer's first draw is tile 52.

    >>> len(shuffled_wall(0)), len(shuffled_wall(0, "no winds"))
    (136, 120)
    """
    seed = int_arg(seed, "seed", 0, MAX_SEEDS - 1)
    winds = range(27, 31) if choice_arg(tiles, "tiles", TILE_SETS) == "no winds" else ()
    wall = [t for t in WALL if t not in winds]
    random.Random(seed).shuffle(wall)
    return wall


def _check_round(seed: object, rules: object, policies: object, dead_wall: object,
                 tiles: object = "all") -> tuple[int, Rules, tuple[str, ...], int, str]:
    seed = int_arg(seed, "seed", 0, MAX_SEEDS - 1)
    rules = rules_arg(rules)
    if rules.wild is not None:
        raise HandError(f"the table has no wild tiles yet: {rules.name} has one")
    if isinstance(policies, str):
        policies = (policies,) * SEATS
    policies = items_arg(policies, "policies", SEATS, "policies")
    if len(policies) != SEATS:
        raise HandError(f"policies needs one policy a seat, {SEATS}, got {len(policies)}")
    policies = tuple(choice_arg(p, "policies", POLICIES) for p in policies)
    if any(p in FOLDERS for p in policies):
        try:
            ready_chance(2, rules)
        except HandError:
            raise HandError(f"policies: a seat that folds needs the table's readiness curve "
                            f"(poyang or riichi rules), and rules {rules.name!r} has none"
                            ) from None
    dead_wall = int_arg(dead_wall, "dead_wall", 0, MAX_DEAD_WALL)
    tiles = choice_arg(tiles, "tiles", TILE_SETS)
    return seed, rules, policies, dead_wall, tiles


def play_round(seed: int, rules: Rules | str = POYANG,
               policies: str | Sequence[str] = "advisor", dead_wall: int = 0,
               tiles: str = "all", fold: Sequence[tuple[int, int]] = FOLD) -> Round:
    """Play one seeded round at a table of four (see the module for the rules).

    ``policies``: one of :data:`POLICIES` for every seat, or a sequence of four;
    ``dead_wall``: tiles left undrawn when the round is drawn (0 to 14); ``tiles``: one
    of :data:`TILE_SETS` (without the winds, the advisors count their 16 copies as
    seen: none is ever drawn); ``fold``: the rule of the seats that fold
    (:data:`FOLD`, checked by :func:`fold_arg`; the other seats ignore it).

    >>> r = play_round(1)
    >>> r.outcome, r.winner, r.turn, r.points
    ('self-draw', 3, 10, (-5, -5, -5, 15))
    >>> r == play_round(1)
    True
    """
    seed, rules, policies, dead_wall, tiles = _check_round(seed, rules, policies, dead_wall,
                                                           tiles)
    return _play(seed, rules, policies, dead_wall, tiles, {}, fold=fold_arg(fold))


def _play(seed: int, rules: Rules, policies: tuple[str, ...], dead_wall: int, tiles: str,
          notes: dict, watch: Callable[[int, int, list[_Seat], list[int]], None] | None = None,
          fold: tuple[tuple[int, int], ...] = FOLD) -> Round:
    """:func:`play_round` on checked arguments; ``notes`` receives each "best play" seat's
    :class:`_Plan` by seat (None where its search was refused: it plays the advisor).

    ``watch``, if given, is called at every discard as ``watch(seat, tile, seats, seen)``
    once the tile has left the seat's hand and the seat is settled (its shanten and mask
    are the new hand's), before the other seats answer: ``seats`` the four
    :class:`_Seat` records, ``seen`` the tiles discarded or laid down, ``tile`` among
    them.  It only reads them: the round is the same with it or without
    (:mod:`mjcore.play.dealin` records what the seats knew).  ``fold``: the checked rule
    of the seats of :data:`FOLDERS`."""
    winds = range(27, 31) if tiles == "no winds" else range(0)
    wall = shuffled_wall(seed, tiles)
    seats = []
    for s in range(SEATS):
        hand = [0] * N_KINDS
        for t in wall[13 * s:13 * s + 13]:
            hand[t] += 1
        seats.append(_Seat(hand, policies[s]))
        seats[s].settle(rules)
    seen = [0] * N_KINDS  # tiles every seat sees: the discards and the melds laid down
    for t in winds:  # (and the tiles not in the set)
        seen[t] = COPIES
    pos, end = 13 * SEATS, len(wall) - dead_wall
    memo: dict = {}
    seat, draw, discards, drawn = 0, True, 0, None
    win = None  # (winner, discarder or None, tile)
    while True:
        me = seats[seat]
        if draw:
            if pos >= end:
                break
            tile = drawn = wall[pos]
            pos += 1
            me.turns += 1
            if me.shanten == 0 and me.mask >> tile & 1:
                me.hand[tile] += 1
                win = (seat, None, tile)
                break
            me.hand[tile] += 1
        tile = None
        if me.policy == "best play":
            if seat not in notes:
                try:
                    notes[seat] = me.plan = _Plan(tuple(me.hand), rules, seen, me.turns)
                except HandError:  # too big a search: the advisor plays this seat
                    notes[seat] = None
                if me.plan is not None:
                    tile = me.plan.first
            elif me.plan is not None:
                tile = me.plan.discard(me, drawn, rules)
        if tile is None and me.folded is None:
            left = [COPIES - h - v for h, v in zip(me.hand, seen, strict=True)]
            best, tile = _advise(tuple(me.hand), rules, left, True, "low", memo)
            if me.policy in FOLDERS and folds(fold, best, me.turns):
                me.folded = me.turns
        if me.folded is not None:
            tile = safest_discard(me.hand, seen, me.turns, rules)
        me.hand[tile] -= 1
        seen[tile] += 1
        discards += 1
        me.settle(rules)
        if watch is not None:
            watch(seat, tile, seats, seen)
        taker = None
        for k in (1, 2, 3):
            other = seats[(seat + k) % SEATS]
            if other.shanten == 0 and other.mask >> tile & 1:
                other.hand[tile] += 1
                win = ((seat + k) % SEATS, seat, tile)
                break
        if win:
            break
        for k in (1, 2, 3):  # 碰 from any seat
            o = (seat + k) % SEATS
            other = seats[o]
            if _claims(other) and other.hand[tile] >= 2:
                if (other.policy == "always pon"
                        or shanten(tuple(_minus(other.hand, tile, tile)), rules) < other.shanten):
                    taker = (o, "pon", tile, (tile, tile))
                break  # only one seat can hold two of the three copies left
        if taker is None:  # 吃 from the left: the next seat only
            o = (seat + 1) % SEATS
            other = seats[o]
            if _claims(other) and other.policy != "always pon":
                best = other.shanten
                for a, b in _RUNS[tile]:
                    if other.hand[a] and other.hand[b]:
                        after = shanten(tuple(_minus(other.hand, a, b)), rules)
                        if after < best:
                            best, taker = after, (o, "chi", min(a, tile), (a, b))
        if taker is None:
            seat, draw = (seat + 1) % SEATS, True
            continue
        o, kind, low, used = taker
        other = seats[o]
        for t in used:
            other.hand[t] -= 1
            seen[t] += 1
        other.melds.append((kind, low))
        other.turns += 1
        other.claims += 1
        seat, draw = o, False
    points = (0, 0, 0, 0)
    folded = tuple(s.folded for s in seats)
    if win is None:
        return Round(seed, "draw", None, None, None, None, discards, points,
                     tuple(s.ready for s in seats), tuple(s.claims for s in seats),
                     tuple(s.turns for s in seats), folded=folded)
    winner, discarder, tile = win
    if rules == POYANG:
        points = tuple(_settle(seats[winner], tile, winner, discarder))
    won = seats[winner]
    return Round(seed, "self-draw" if discarder is None else "discard", winner, discarder,
                 tile, won.turns, discards, points,
                 tuple(s.ready for s in seats), tuple(s.claims for s in seats),
                 tuple(s.turns for s in seats), to_mpsz(tuple(won.hand)),
                 tuple(_meld_text(kind, low) for kind, low in won.melds), folded)


def _claims(seat: _Seat) -> bool:
    """Whether the seat may claim a 碰 (and, unless it plays "always pon", a 吃): the
    advisor, "always pon", and "fold" until it folds."""
    return (seat.policy in ("advisor", "always pon")
            or seat.policy == "fold" and seat.folded is None)


def _meld_text(kind: str, low: int) -> str:
    """A meld as chapter 10's scorer reads it: "pon 777z", "chi 345m"."""
    return f"{kind} {_meld_name(_meld_tiles(kind, low))}"


def _settle(seat: _Seat, tile: int, winner: int, discarder: int | None) -> list[int]:
    """Chapter 10's payments for a Poyang win with the seat's melds laid down."""
    from ..scoring.poyang import LaidMeld, score, settle

    found = score(tuple(seat.hand), win_tile=tile, self_draw=discarder is None,
                  melds=[LaidMeld(kind, low) for kind, low in seat.melds])
    return settle(found, winner=winner, discarder=discarder)


# --- the study: many rounds, their file, their figures --------------------------------

TABLES = {
    "poyang": ("poyang", "advisor", 0, 100_000, "all"),
    "riichi no calls": ("riichi", "no calls", 14, 20_000, "all"),
    "always pon, 120 tiles": ("poyang", "always pon", 0, 20_000, "no winds"),
}
"""The tables ``make rounds`` plays, by name: (rules, policies, dead wall, rounds, tiles).
Four advisor seats under Poyang rules; under riichi forms with Tenhou's 14 tiles left
undrawn, seats that never claim, as the published riichi bots without calls play; and
the model of a published Chinese-rules table (usshe's CSDN article 108184668: 120 tiles
without winds, bots that make every 碰 they can and take every win), the forms and
scoring Poyang's (standard hands and seven pairs), the discards the advisor's."""

ROUNDS_FILES = {"poyang": "notebooks/data/table_poyang.csv",
                "riichi no calls": "notebooks/data/table_riichi.csv",
                "always pon, 120 tiles": "notebooks/data/table_always_pon_120.csv"}
"""Where ``make rounds`` writes each table's rounds (from the repository's root)."""

FIELDS = ("seed", "outcome", "winner", "discarder", "win_tile", "turn", "discards",
          "points", "ready", "claims", "turns", "hand", "melds")
"""The columns of a rounds file, one row a round (seats' values space-separated)."""

MAX_ROUNDS = 100_000
"""The most rounds one :func:`play_rounds` call plays (about four minutes on one core) and
:func:`read_rounds` reads."""

CHUNK = 500
"""Rounds a task: enough to outweigh sending it to a worker."""


def _chunk(first: int, last: int, rules: Rules, policies: tuple[str, ...],
           dead_wall: int, tiles: str, fold: tuple[tuple[int, int], ...] = FOLD
           ) -> list[Round]:
    return [play_round(seed, rules, policies, dead_wall, tiles, fold)
            for seed in range(first, last)]


def play_rounds(first: int, last: int, rules: Rules | str = POYANG,
                policies: str | Sequence[str] = "advisor", dead_wall: int = 0,
                executor: object = None, progress: bool = False,
                tiles: str = "all", fold: Sequence[tuple[int, int]] = FOLD) -> list[Round]:
    """The rounds of seeds ``first`` to ``last`` (exclusive), in seed order, played on
    ``executor`` (any ``concurrent.futures.Executor``; None: this process) in tasks
    of :data:`CHUNK` rounds, with a progress bar if ``progress``; the other arguments
    as :func:`play_round`'s.

    >>> [r.winner for r in play_rounds(0, 4)]
    [2, 3, 0, 0]
    """
    from .studies import chunks, run

    first = int_arg(first, "first", 0, MAX_SEEDS - 1)
    last = int_arg(last, "last", first, min(MAX_SEEDS, first + MAX_ROUNDS))
    _, rules, policies, dead_wall, tiles = _check_round(first, rules, policies, dead_wall,
                                                        tiles)
    fold = fold_arg(fold)
    tasks = [(a, b, rules, policies, dead_wall, tiles, fold)
             for a, b in chunks(first, last, CHUNK)]
    found = run(_chunk, tasks, executor, progress, "rounds", CHUNK)
    return [r for part in found for r in part]


def _seats(values: Sequence[object]) -> str:
    return " ".join("-" if v is None else str(v) for v in values)


def round_row(r: Round) -> dict:
    """A round as a row of a rounds file (:data:`FIELDS`)."""
    return {"seed": r.seed, "outcome": r.outcome,
            "winner": "" if r.winner is None else r.winner,
            "discarder": "" if r.discarder is None else r.discarder,
            "win_tile": "" if r.win_tile is None else tile_name(r.win_tile),
            "turn": "" if r.turn is None else r.turn, "discards": r.discards,
            "points": _seats(r.points), "ready": _seats(r.ready), "claims": _seats(r.claims),
            "turns": _seats(r.turns), "hand": r.hand, "melds": "|".join(r.melds)}


def _seat_values(text: str, name: str, optional: bool) -> tuple:
    parts = text.split(" ")
    if len(parts) != SEATS:
        raise HandError(f"{name} needs {SEATS} values, got {text!r:.40}")
    return tuple(None if optional and p == "-" else int(p) for p in parts)


def read_rounds(path: str | Path) -> list[Round]:
    """The rounds of a file :func:`write_rounds` wrote, as :class:`Round` records."""
    return _read_rounds(path, FIELDS)


def _read_rounds(path: str | Path, fields: tuple[str, ...]) -> list[Round]:
    """Rounds from a CSV of exactly ``fields``: :data:`FIELDS`, and ``folded`` after them
    for the folding study's files (:mod:`mjcore.play.folding`)."""
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if tuple(reader.fieldnames or ()) != fields:
            raise HandError(f"{path}: the columns are not {', '.join(fields)}")
        rows = list(itertools.islice(reader, MAX_ROUNDS + 1))
    if len(rows) > MAX_ROUNDS:
        raise HandError(f"{path}: more than {MAX_ROUNDS:,} rounds")
    folded = "folded" in fields
    try:
        return [Round(int(w["seed"]), choice_arg(w["outcome"], "outcome", OUTCOMES),
                      None if w["winner"] == "" else int(w["winner"]),
                      None if w["discarder"] == "" else int(w["discarder"]),
                      None if w["win_tile"] == "" else named_tile_arg(w["win_tile"], "win_tile"),
                      None if w["turn"] == "" else int(w["turn"]), int(w["discards"]),
                      _seat_values(w["points"], "points", False),
                      _seat_values(w["ready"], "ready", True),
                      _seat_values(w["claims"], "claims", False),
                      _seat_values(w["turns"], "turns", False),
                      w["hand"], tuple(w["melds"].split("|")) if w["melds"] else (),
                      *((_seat_values(w["folded"], "folded", True),) if folded else ()))
                for w in rows]
    except ValueError as error:
        raise HandError(f"{path}: a value is not a whole number ({error})") from None


def write_rounds(path: str | Path, rounds: Sequence[Round]) -> None:
    """Write ``rounds`` to ``path`` as CSV (:data:`FIELDS`)."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(round_row(r) for r in rounds)


@dataclass(frozen=True)
class SeatFigures:
    """One seat over many rounds: the share of rounds it won (``win``), of its wins
    self-drawn (``self_draw``), of rounds it dealt into (``deal_in``), each an
    :class:`~mjcore.play.prob.Estimate`; its mean winning turn with a 95% interval
    (``turn``: mean, low, high; None without wins); its claims per round."""

    win: Estimate
    self_draw: Estimate | None
    deal_in: Estimate
    turn: tuple[float, float, float] | None
    claims: float


@dataclass(frozen=True)
class TableFigures:
    """What many rounds say: per seat (:class:`SeatFigures`, seat 0 deals); the share of
    rounds drawn (``draw``); by turn t (1 to ``turns``), the share of rounds won by turn t
    (``ended_by[t - 1]``) and of seats ready after turn t (``ready_by[t - 1]``)."""

    rounds: int
    seats: tuple[SeatFigures, ...]
    draw: Estimate
    ended_by: tuple[Estimate, ...]
    ready_by: tuple[Estimate, ...]


def _checked_rounds(rounds: object) -> Sequence[Round]:
    """``rounds`` checked: one or more :class:`Round` records, at most :data:`MAX_ROUNDS`."""
    rounds = items_arg(rounds, "rounds", MAX_ROUNDS, "rounds")
    if not rounds or not all(isinstance(r, Round) for r in rounds):
        raise HandError("rounds must be one or more Round records")
    return rounds


def table_figures(rounds: Sequence[Round], turns: int = 20) -> TableFigures:
    """The figures of ``rounds`` (at least one), curves up to ``turns`` (1 to 40).

    >>> f = table_figures(play_rounds(0, 40))
    >>> f.rounds, sum(s.win.hits for s in f.seats) + f.draw.hits
    (40, 40)
    """
    rounds = _checked_rounds(rounds)
    turns = int_arg(turns, "turns", 1, 40)
    n = len(rounds)
    seats = []
    for s in range(SEATS):
        won = [r for r in rounds if r.winner == s]
        drawn = sum(r.outcome == "self-draw" for r in won)
        mean = None
        if won:
            values = [r.turn for r in won]
            m = statistics.fmean(values)
            half = 1.96 * statistics.pstdev(values) / math.sqrt(len(values))
            mean = (m, m - half, m + half)
        seats.append(SeatFigures(Estimate(len(won), n),
                                 Estimate(drawn, len(won)) if won else None,
                                 Estimate(sum(r.discarder == s for r in rounds), n), mean,
                                 sum(r.claims[s] for r in rounds) / n))
    ended = [r.turn for r in rounds if r.turn is not None]
    ready = [v for r in rounds for v in r.ready if v is not None]
    return TableFigures(n, tuple(seats), Estimate(sum(r.outcome == "draw" for r in rounds), n),
                        tuple(Estimate(sum(v <= t for v in ended), n) for t in range(1, turns + 1)),
                        tuple(Estimate(sum(v <= t for v in ready), SEATS * n)
                              for t in range(1, turns + 1)))


def race_hazards(rounds: Sequence[Round], dealt_in: bool = True) -> tuple[Estimate, ...]:
    """The race as one seat sees it: for g = 1, 2, ..., of the seats still playing when
    their g-th turn comes near, the share whose round another seat wins first, in the
    gap after the seat's turn g - 1 and before its turn g.

    Counted over every seat of every round (a round is four seat-rounds) from each
    seat's ``turns`` at the end: a seat whose round another seat won with ``T`` turns
    taken was in the gaps 1 to ``T + 1`` and lost in the last; a seat that won on a
    discard was in the gaps 1 to ``T + 1`` and lost none (its win came first); one that
    won self-drawn on its turn ``T``, or whose round was drawn, was in the gaps 1 to
    ``T``.  Each gap's :class:`~mjcore.play.prob.Estimate` is (seats lost in it, seats in
    it), up to the last gap any seat was in.  This is the per-turn chance that
    :func:`mjcore.win_chances` ``(..., opponents=True)`` reads
    (:data:`mjcore.play.bestplay.hazards.HAZARDS`), treating it as independent of the
    player's hand.

    ``dealt_in=False`` leaves out the wins on the seat's own discards (the seat was in
    the gap and not lost in it): the race without the seat's deal-ins, which
    :func:`mjcore.win_chances` ``(..., deal_ins=True)`` counts from the seat's own
    discards instead (:data:`mjcore.play.bestplay.hazards.OTHERS`).

    >>> h = race_hazards(play_rounds(0, 40))
    >>> h[0].trials, all(e.hits <= e.trials for e in h)
    (160, True)
    >>> o = race_hazards(play_rounds(0, 40), dealt_in=False)
    >>> all(a.hits <= b.hits and a.trials == b.trials for a, b in zip(o, h))
    True
    """
    rounds = _checked_rounds(rounds)
    dealt_in = bool_arg(dealt_in, "dealt_in")
    lost: list[int] = []
    within: list[int] = []
    for r in rounds:
        for s in range(SEATS):
            t = r.turns[s]
            other = r.winner is not None and r.winner != s
            last = t + 1 if other or (r.winner == s and r.outcome == "discard") else t
            while len(within) < last:
                within.append(0)
                lost.append(0)
            for g in range(last):
                within[g] += 1
            if other and (dealt_in or r.discarder != s):
                lost[last - 1] += 1
    return tuple(Estimate(a, b) for a, b in zip(lost, within, strict=True))


def deal_in_loss(rounds: Sequence[Round]) -> tuple[float, int]:
    """What a deal-in cost at the table: the mean points the discarder paid, over the
    rounds won on a discard, and their number.

    >>> loss, n = deal_in_loss(play_rounds(0, 40))
    >>> n > 0 and loss >= 1
    True
    """
    rounds = _checked_rounds(rounds)
    paid = [-r.points[r.discarder] for r in rounds if r.discarder is not None]
    if not paid:
        raise HandError("deal_in_loss needs a round won on a discard")
    return sum(paid) / len(paid), len(paid)


def wall_draws(r: Round) -> int:
    """The tiles the seats drew from the wall in round ``r`` after the deal (the dealer's
    14th tile is the first): every turn taken, less the claims, whose tile came from a
    discard."""
    return sum(r.turns) - sum(r.claims)


def over_by_draws(rounds: Sequence[Round], turns: int = 17) -> tuple[Estimate, ...]:
    """How long rounds last, counted as mjai-manue's game statistics count it: for k = 0
    to ``turns`` (0 to 40), the share of rounds over (won or drawn) with at most 4k + 3
    tiles drawn from the wall (:func:`wall_draws`), that is with ``wall_draws // 4`` at
    most k.  A drawn round of Tenhou's 70 draws has k = 17.

    >>> [e.hits for e in over_by_draws(play_rounds(0, 10), 12)][8:]
    [6, 9, 9, 10, 10]
    """
    rounds = _checked_rounds(rounds)
    turns = int_arg(turns, "turns", 0, 40)
    ended = [0] * (turns + 1)
    for r in rounds:
        k = wall_draws(r) // 4
        if k <= turns:
            ended[k] += 1
    return tuple(Estimate(over, len(rounds)) for over in itertools.accumulate(ended))


def ready_by_discard(rounds: Sequence[Round], discards: int = 18) -> tuple[Estimate, ...]:
    """How soon hands are ready, counted as kobalab's statistics of Tenhou's records count
    it (by a seat's own discards, a claim's included): for t = 1 to ``discards`` (1 to 40),
    of the seats that made a t-th discard, the share whose hand was ready right after it
    (``[t - 1]``), up to the last discard any seat made.  Unlike the ``ready_by`` of
    :class:`TableFigures`, the seats whose round ended before their t-th discard are left
    out; a hand ready once stays ready (the seats here never break one).

    >>> [(e.hits, e.trials) for e in ready_by_discard(play_rounds(0, 10), 40)][5:]
    [(3, 40), (7, 38), (11, 36), (14, 32), (11, 18), (1, 6), (2, 2)]
    """
    rounds = _checked_rounds(rounds)
    discards = int_arg(discards, "discards", 1, 40)
    # seats whose last discard is n; of them, those ready after discard k (k <= n)
    last_discard = [0] * (discards + 2)
    ready_from = [0] * (discards + 2)
    ready_until = [0] * (discards + 2)
    for r in rounds:
        for s in range(SEATS):
            n = min(discards, r.turns[s] - (r.winner == s and r.outcome == "self-draw"))
            last_discard[n] += 1
            ready = r.ready[s]
            if ready is not None and ready <= n and n >= 1:
                ready_from[max(1, ready)] += 1
                ready_until[n] += 1
    found, made, ready_now = [], sum(last_discard[1:]), 0
    for t in range(1, discards + 1):
        if made == 0:
            break
        ready_now += ready_from[t]
        found.append(Estimate(ready_now, made))
        made -= last_discard[t]
        ready_now -= ready_until[t]
    return tuple(found)


HAZARDS_FILE = "mjcore/play/bestplay/hazards.py"
"""The module ``make rounds`` writes: each table's :func:`race_hazards` as numbers."""

RACE_TABLES = {"poyang": "poyang", "riichi": "riichi no calls"}
"""Which table of :data:`TABLES` gives each rule set's race."""


def _curves_source(doc: list[str], values: str, values_doc: list[str], counts: str,
                   counts_doc: list[str], curves: dict[str, Sequence[Estimate]]) -> str:
    """A module of curves by rule-set name: ``values`` (each chance, to 6 digits, with its
    index from 1) and ``counts`` (the trials of each, eight a line), each with its
    docstring lines, under the module docstring ``doc``."""
    lines = ['"""' + doc[0], *doc[1:], '"""', "", f"{values} = {{", *_chance_lines(curves)]
    lines += ["}", *values_doc, "", f"{counts} = {{"]
    for name, curve in curves.items():
        lines.append(f"    {name!r}: (")
        numbers = [f"{e.trials}," for e in curve]
        for k in range(0, len(numbers), 8):
            lines.append("        " + " ".join(numbers[k:k + 8]))
        lines.append("    ),")
    lines += ["}", *counts_doc, ""]
    return "\n".join(lines)


def _chance_lines(curves: dict[str, Sequence[Estimate]]) -> list[str]:
    """The entries of a dict of curves by rule-set name: each chance to 6 digits, with its
    index from 1."""
    lines = []
    for name, curve in curves.items():
        lines.append(f"    {name!r}: (")
        lines.extend(f"        {e.value:.6f},  # {k}" for k, e in enumerate(curve, 1))
        lines.append("    ),")
    return lines


def hazards_source(curves: dict[str, Sequence[Estimate]],
                   others: dict[str, Sequence[Estimate]],
                   losses: dict[str, tuple[float, int]]) -> str:
    """The text of :data:`HAZARDS_FILE` for these curves (by rule-set name):
    :func:`race_hazards`, the same without the seat's own deal-ins (``others``), and
    :func:`deal_in_loss` (``losses``)."""
    lines = ["", "OTHERS = {", *_chance_lines(others)]
    lines += ["}", '"""As :data:`HAZARDS`, less the wins on the player\'s own discards, which',
              "``win_chances(..., deal_ins=True)`` counts from each discard's danger instead",
              '(the same seat-rounds)."""', "", "LOSS = {"]
    lines += [f"    {name!r}: ({loss:.6f}, {n})," for name, (loss, n) in losses.items()]
    lines += ["}", '"""By rule-set name, (the mean points a deal-in cost the discarder, the',
              'rounds won on a discard it was counted from)."""', ""]
    return _race_source(curves) + "\n".join(lines)


def _race_source(curves: dict[str, Sequence[Estimate]]) -> str:
    """The first part of :func:`hazards_source`: :data:`HAZARDS` and its samples."""
    return _curves_source(
        ["The race: by the player\'s turn, the chance that another seat wins first.",
         "",
         "Written by ``make rounds`` (:func:`mjcore.play.table.main`) from the rounds of",
         ":data:`mjcore.play.table.TABLES` (:func:`mjcore.play.table.race_hazards`); a test",
         "computes it again from the committed rounds files.  ``HAZARDS[name][g - 1]`` is",
         "the chance, under the rule set ``name``, that another seat wins in the gap before",
         "the player\'s turn ``g``, given the round has gone on until then; ``SAMPLES`` the",
         "seat-rounds each was counted from."],
        "HAZARDS",
        ['"""By rule-set name, the chance per turn of the player\'s that another seat wins',
         'first (index ``g - 1`` for the gap before its turn ``g``)."""'],
        "SAMPLES",
        ['"""By rule-set name, the seat-rounds each chance of :data:`HAZARDS` was counted',
         'from."""'], curves)


def race_source(tables: dict[str, Sequence[Round]]) -> str:
    """The text of :data:`HAZARDS_FILE` from the rounds of :data:`RACE_TABLES` (by table
    name): what ``make rounds`` writes and a test computes again."""
    curves = {rules: race_hazards(tables[name]) for rules, name in RACE_TABLES.items()}
    others = {rules: race_hazards(tables[name], False) for rules, name in RACE_TABLES.items()}
    return hazards_source(curves, others, {"poyang": deal_in_loss(tables["poyang"])})


READY_FILE = "mjcore/play/readiness.py"
"""The module ``make rounds`` writes: each table's :func:`ready_by_discard` as numbers."""


def ready_source(curves: dict[str, Sequence[Estimate]]) -> str:
    """The text of :data:`READY_FILE` for these curves (by rule-set name)."""
    return _curves_source(
        ["How soon the other seats are ready: by a seat\'s own discards, the share ready.",
         "",
         "Written by ``make rounds`` (:func:`mjcore.play.table.main`) from the rounds of",
         ":data:`mjcore.play.table.TABLES` (:func:`mjcore.play.table.ready_by_discard`); a",
         "test computes it again from the committed rounds files.  ``READY[name][k - 1]``",
         "is the share of the seats that made a k-th discard, under the rule set ``name``,",
         "whose hand was ready right after it; ``SEATS`` the seats each was counted from."],
        "READY",
        ['"""By rule-set name, the share of seats ready after their k-th discard (index',
         '``k - 1``)."""'],
        "SEATS",
        ['"""By rule-set name, the seats each share of :data:`READY` was counted from."""'],
        curves)


READY_DISCARDS = 24
"""How many discards :data:`READY_FILE` follows."""


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m mjcore.play.table``: play :data:`TABLES` on every core and write
    :data:`ROUNDS_FILES`."""
    from .studies import every_core

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--rounds", type=int, default=None,
                        help="rounds a table (default: each table's own)")
    parser.add_argument("--root", default=".", help="the repository (default: here)")
    args = parser.parse_args(argv)
    tables = {}
    with every_core() as pool:
        for name, (rules, policies, dead_wall, n, tiles) in TABLES.items():
            rounds = play_rounds(0, args.rounds or n, rules, policies, dead_wall, pool, True,
                                 tiles)
            path = Path(args.root) / ROUNDS_FILES[name]
            write_rounds(path, rounds)
            print(f"{ROUNDS_FILES[name]}: {len(rounds):,} rounds", flush=True)
            tables[name] = rounds
    (Path(args.root) / HAZARDS_FILE).write_text(race_source(tables), encoding="utf-8")
    print(f"{HAZARDS_FILE}: the race by turn", flush=True)
    ready = {rules: ready_by_discard(tables[name], READY_DISCARDS)
             for rules, name in RACE_TABLES.items()}
    (Path(args.root) / READY_FILE).write_text(ready_source(ready), encoding="utf-8")
    print(f"{READY_FILE}: the other seats ready by discard", flush=True)


__all__ = ["CHUNK", "FIELDS", "FOLD", "FOLDERS", "HAZARDS_FILE", "MAX_DEAD_WALL",
           "MAX_FOLD_STEPS", "MAX_ROUNDS", "OUTCOMES", "PLAN_TURNS", "POLICIES",
           "RACE_TABLES", "READY_DISCARDS", "READY_FILE", "ROUNDS_FILES", "SEATS", "TABLES",
           "TILE_SETS", "deal_in_loss", "fold_arg", "folds", "hazards_source",
           "over_by_draws", "play_round", "play_rounds", "race_hazards", "race_source",
           "read_rounds", "ready_by_discard", "ready_source",
           "Round", "round_row", "safest_discard", "SeatFigures", "shuffled_wall",
           "table_figures", "TableFigures", "wall_draws", "write_rounds"]


if __name__ == "__main__":
    main()
