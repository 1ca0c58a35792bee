"""A brute-force oracle for four seats on a tiny one-suit wall, without mjcore's search.

The model (wins on a discard, no calls):

* The player holds a 3n+1 ``hand`` of one suit (9 counts, 1m-9m; 4 or 7
  tiles in the tests).  The unseen tiles form a ``pool`` (9 counts, 8 to
  12 tiles).  Hand and pool together hold at most four of a tile.
* The game is a uniformly random order of the pool: every distinct order
  of the multiset is equally likely (each tile is drawn uniformly without
  replacement).  A *turn* reveals 4 tiles in order: the three other seats
  each discard one (positions 1, 2, 3 of the turn: right, across, left),
  then the player draws one (position 4).  ``turns`` turns reveal
  ``4 * turns`` tiles, which needs ``4 * turns <= sum(pool)``.
* The player wins on its own draw when hand + drawn tile is complete
  (melds and a pair, :func:`oracle.standard`); with ``discard_wins`` it
  also wins on any of the three discards of a turn when hand + that tile
  is complete.  The game stops at the first win.
* Policy class "progress", the rule of :mod:`bestplay_oracle`: a drawn
  ``t`` is *effective* when some discard ``d != t`` gives
  ``shanten(hand + t - d) == shanten(hand) - 1``; then the player keeps
  ``t`` and discards some such ``d`` (its choice); otherwise it throws
  ``t`` back and the hand is unchanged.  Other seats' discards never enter
  the hand.  (``shanten`` is :func:`bestplay_oracle.shanten`, from its
  definition.)
* What a choice may depend on: ``info="own"``, only the player's own draws
  so far; ``info="full"``, everything revealed so far (the three discards
  of each turn too).  The value is the max over such policies of the
  chance of winning within ``turns`` turns.

Both values come from one list: every distinct sequence of the first
``4 * turns`` tiles, weighted by the number of distinct orders of the
whole pool that begin with it (:func:`openings`).  Backward induction
over turns carries the (weighted) set of sequences consistent with what
the player has seen and with no win so far; at each own draw it groups
the set by what the player may base its choice on (its own draw for
"own", the whole turn's four tiles for "full", as every earlier turn is
already shared by the set) and picks, per group, the discard whose
remaining game wins the most weight.

Besides the chance of winning, each variant returns the chance that the
win came on a discard.  Discards that win equally often may differ in
that share; ``ties`` says which one the choice takes: ``"low"`` the
lowest tile (as :func:`bestplay_oracle.every_order` breaks ties),
``"most"`` / ``"least"`` the most / least wins on a discard among the
best discards (so the two bound the share over all best policies).

:func:`full_by_draws` computes the "full" value a second way, drawing one
position at a time with probability count / tiles left and remembering
each state (hand, tiles left, position): with everything seen, nothing
but that state matters for the rest of the game.

>>> ready, pool = (1, 1, 1, 1, 0, 0, 0, 0, 0), (1, 0, 0, 1, 3, 3, 0, 0, 0)  # 1234m waits 1m 4m
>>> four_seat_value(ready, pool, 1, True, "own")  # 1 - C(6, 4) / C(8, 4); 1 - C(6, 3) / C(8, 3)
(Fraction(11, 14), Fraction(9, 14))
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache
from math import factorial

from bestplay_oracle import RANKS, full, plus, shanten
from oracle import standard

Hand = tuple[int, ...]


@cache
def waits(hand: Hand) -> frozenset[int]:
    """The tiles that complete a 3n+1 hand (a fifth copy counts too; the pool never has one)."""
    return frozenset(t for t in range(RANKS) if standard(full(plus(hand, t))))


@cache
def progress_discards(hand: Hand, t: int) -> tuple[int, ...]:
    """The discards the "progress" class allows after drawing ``t`` (empty: throw ``t`` back).

    ``t`` is effective when some ``d != t`` gives shanten(hand + t - d) =
    shanten(hand) - 1; those ``d`` are the choices.  Not called on a win.
    """
    s, h14 = shanten(hand), plus(hand, t)
    return tuple(d for d in range(RANKS)
                 if d != t and h14[d] and shanten(plus(h14, d, -1)) == s - 1)


def orders(counts: Hand) -> int:
    """The number of distinct orders of a multiset of tiles."""
    result = factorial(sum(counts))
    for c in counts:
        result //= factorial(c)
    return result


def openings(pool: Hand, length: int) -> list[tuple[tuple[int, ...], int]]:
    """Every distinct sequence of the first ``length`` tiles of an order of ``pool``.

    Each comes with its weight, the number of distinct orders of the whole
    pool that begin with it (the orders of the tiles left after it); the
    weights add up to :func:`orders` of the pool.
    """
    found = []

    def grow(prefix: tuple[int, ...], left: Hand) -> None:
        if len(prefix) == length:
            found.append((prefix, orders(left)))
            return
        for t in range(RANKS):
            if left[t]:
                grow(prefix + (t,), plus(left, t, -1))

    grow((), pool)
    return found


def _check(hand: Hand, pool: Hand, turns: int, info: str, ties: str) -> None:
    assert len(hand) == RANKS and len(pool) == RANKS, (hand, pool)
    assert sum(hand) % 3 == 1, hand
    assert all(h + p <= 4 for h, p in zip(hand, pool, strict=True)), (hand, pool)
    assert min(pool) >= 0 and 0 <= 4 * turns <= sum(pool), (pool, turns)
    assert info in ("own", "full"), info
    assert ties in ("low", "most", "least"), ties


def _better(a: tuple[int, int], b: tuple[int, int], ties: str) -> bool:
    """Whether (wins, wins on a discard) ``a`` beats the best so far ``b``."""
    if a[0] != b[0]:
        return a[0] > b[0]
    return ties == "most" and a[1] > b[1] or ties == "least" and a[1] < b[1]


def four_seat_value(hand: Hand, pool: Hand, turns: int, discard_wins: bool, info: str,
                    ties: str = "low") -> tuple[Fraction, Fraction]:
    """(chance of winning, chance of winning on a discard) under the best "progress" play.

    ``hand``: 9 counts, 3n+1 tiles; ``pool``: 9 counts, the unseen tiles;
    ``turns``: turns of four tiles (three discards, then the player's
    draw); ``discard_wins``: whether hand + a discard wins; ``info``:
    ``"own"`` (choices see only the player's own draws) or ``"full"``
    (choices see every tile revealed); ``ties``: see the module docstring.
    The chance of a self-drawn win is the first less the second.
    """
    _check(hand, pool, turns, info, ties)
    sequences = openings(pool, 4 * turns)

    def solve(h: Hand, turn: int, items: list[tuple[tuple[int, ...], int]]) -> tuple[int, int]:
        """Best (wins, wins on a discard), in weights, over ``items`` from ``turn`` on."""
        if turn == turns or not items:
            return 0, 0
        complete = waits(h)
        won = on_discard = 0
        groups: dict[object, list[tuple[tuple[int, ...], int]]] = defaultdict(list)
        for seq, w in items:
            block = seq[4 * turn:4 * turn + 4]
            if discard_wins and any(x in complete for x in block[:3]):
                won, on_discard = won + w, on_discard + w
            elif block[3] in complete:
                won += w
            else:
                groups[block[3] if info == "own" else block].append((seq, w))
        for key, group in groups.items():
            t = key if info == "own" else key[3]
            choices = progress_discards(h, t)
            if not choices:
                best = solve(h, turn + 1, group)
            else:
                best = (-1, 0)
                for d in choices:  # lowest tile first: "low" keeps the first of equals
                    v = solve(plus(plus(h, t), d, -1), turn + 1, group)
                    if _better(v, best, ties):
                        best = v
            won, on_discard = won + best[0], on_discard + best[1]
        return won, on_discard

    total = orders(pool)
    assert sum(w for _, w in sequences) == total
    won, on_discard = solve(hand, 0, sequences)
    return Fraction(won, total), Fraction(on_discard, total)


def full_by_draws(hand: Hand, pool: Hand, turns: int, discard_wins: bool,
                  ties: str = "low") -> tuple[Fraction, Fraction]:
    """The ``info="full"`` value again, one position at a time, remembering states.

    Position ``p`` of a turn (0, 1, 2: the other seats; 3: the player)
    shows tile ``t`` with chance ``left[t] / sum(left)``.  With everything
    seen, the rest of the game depends only on (hand, tiles left, turns
    left, position), so the best play from there is a function of it.
    """
    _check(hand, pool, turns, "full", ties)

    @cache
    def at(h: Hand, left: Hand, r: int, p: int) -> tuple[Fraction, Fraction]:
        if r == 0:
            return Fraction(0), Fraction(0)
        complete = waits(h)
        n = sum(left)
        won, on_discard = Fraction(0), Fraction(0)
        for t in range(RANKS):
            if not left[t]:
                continue
            chance, after = Fraction(left[t], n), plus(left, t, -1)
            if p < 3:
                if discard_wins and t in complete:
                    v = Fraction(1), Fraction(1)
                else:
                    v = at(h, after, r, p + 1)
            elif t in complete:
                v = Fraction(1), Fraction(0)
            elif not progress_discards(h, t):
                v = at(h, after, r - 1, 0)
            else:
                v = (Fraction(-1), Fraction(0))
                for d in progress_discards(h, t):
                    option = at(plus(plus(h, t), d, -1), after, r - 1, 0)
                    if _better(option, v, ties):
                        v = option
            won, on_discard = won + chance * v[0], on_discard + chance * v[1]
        return won, on_discard

    return at(hand, pool, turns, 0)
