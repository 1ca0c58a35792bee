"""Four seats on a tiny wall, followed tile by tile: the best a player who sees every tile
can do, exactly.

The game is :func:`mjcore.win_chances`' four seats: each turn the right, across and
left seats each show a tile of the wall (their discards), then the player draws one.
The player keeps only progress, as the search does: a draw is kept when some discard
of another tile lowers the shanten, and then the player throws the best such tile;
with ``discard_wins`` a ready hand also wins on the other seats' discards; with
``calls`` the player may claim a discard instead, 碰 (pèng) from any seat with a pair
of it, 吃 (chī) from the left seat with two tiles that make a run with it, when the
claim and the discard after it lower the concealed hand's shanten.  A claim ends the
turn: the meld is laid down for good and the next turn starts with the right seat.

Unlike the search, nothing here is counted: the state is the concealed hand, the
tiles still in the wall, the turns left and the place in the turn, so every tile
shown leaves the wall, claimed, passed or thrown, and every choice may depend on
everything seen.  The value is an exact ``Fraction``.  The work grows with the wall,
so the wall is limited to :data:`MAX_WALL` tiles: enough to measure, on one suit,
how far the search's count is from the truth.  Pure standard library.  Explained
in chapter 7.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from ..base.checks import HandError, bool_arg, int_arg
from ..base.rules import STANDARD
from ..base.tiles import COPIES, N_KINDS, as_counts
from ..hand.shanten import shanten

MAX_WALL = 16
"""The most tiles :func:`best_four_seats` follows."""

Hand = tuple[int, ...]


@cache
def _shanten(hand: Hand) -> int:
    return shanten(hand, STANDARD)


def _move(hand: Hand, tile: int, by: int) -> Hand:
    return hand[:tile] + (hand[tile] + by,) + hand[tile + 1:]


def _keeps(hand: Hand, tile: int) -> list[Hand]:
    """The hands the player may keep after drawing ``tile`` (none: throw it back)."""
    s, grown = _shanten(hand), _move(hand, tile, 1)
    return [kept for d in range(N_KINDS) if d != tile and grown[d]
            for kept in [_move(grown, d, -1)] if _shanten(kept) == s - 1]


def _claims(hand: Hand, tile: int, seat: int) -> list[Hand]:
    """The concealed hands a claim of ``tile`` from ``seat`` (0 right, 1 across, 2 left)
    may leave, its discard made: 碰 from any seat, 吃 from the left one."""
    pairs = [(tile, tile)] if hand[tile] >= 2 else []
    if seat == 2 and tile < 27:
        low = tile // 9 * 9
        pairs += [(a, b) for a, b in ((tile - 2, tile - 1), (tile - 1, tile + 1),
                                      (tile + 1, tile + 2))
                  if a >= low and b < low + 9 and hand[a] and hand[b]]
    s, found = _shanten(hand), []
    for a, b in pairs:
        rest = _move(_move(hand, a, -1), b, -1)
        found += [kept for d in range(N_KINDS) if rest[d]
                  for kept in [_move(rest, d, -1)] if _shanten(kept) == s - 1]
    return found


def best_four_seats(hand: str | Sequence[int], wall: str | Sequence[int], turns: int,
                    discard_wins: bool = True, calls: bool = False) -> Fraction:
    """The chance of winning within ``turns`` turns under the best play that sees every
    tile, for a 3n+1 ``hand`` and the tiles of the ``wall`` in a uniformly random order.

    A hand ready on 1m and 4m, with 1m, 4m and six tiles it cannot use in the wall: in
    one turn it wins when one of them is among the four tiles shown, or on the draw
    alone without discard wins (1 - C(6, 4) / C(8, 4) and 2 / 8):

    >>> best_four_seats("1234m", "14556677m", 1)
    Fraction(11, 14)
    >>> best_four_seats("1234m", "14556677m", 1, discard_wins=False)
    Fraction(1, 4)

    A 碰 of the 7m from any seat leaves 79m's partner 9m as the wait, so calls help:

    >>> best_four_seats("6779m", "11122279m", 2), best_four_seats("6779m", "11122279m", 2,
    ...                                                          calls=True)
    (Fraction(1, 7), Fraction(5, 14))
    """
    counts, pool = as_counts(hand), as_counts(wall)
    if sum(counts) % 3 != 1:
        raise HandError(f"best_four_seats needs a 3n+1 hand, got {sum(counts)} tiles")
    if any(h + w > COPIES for h, w in zip(counts, pool, strict=True)):
        raise HandError("the hand and the wall hold more than four of a tile")
    if sum(pool) > MAX_WALL:
        raise HandError(f"best_four_seats follows every tile: at most {MAX_WALL} in the "
                        f"wall, got {sum(pool)}")
    turns = int_arg(turns, "turns", 0, sum(pool) // 4)
    return _values(bool_arg(discard_wins, "discard_wins"),
                   bool_arg(calls, "calls"))(counts, pool, turns, 0)


@cache
def _values(discard_wins: bool, calls: bool):
    """The value of (hand, wall, turns left, place in the turn: 0-2 a seat, 3 the draw)."""

    @cache
    def value(hand: Hand, wall: Hand, turns: int, place: int) -> Fraction:
        if turns == 0:
            return Fraction(0)
        total = Fraction(0)
        for tile in range(N_KINDS):
            if not wall[tile]:
                continue
            rest = _move(wall, tile, -1)
            wins = _shanten(_move(hand, tile, 1)) < 0
            if place < 3 and discard_wins and wins or place == 3 and wins:
                v = Fraction(1)
            elif place < 3:
                v = value(hand, rest, turns, place + 1)  # pass
                for kept in _claims(hand, tile, place) if calls else ():
                    v = max(v, value(kept, rest, turns - 1, 0))
            else:
                kept = _keeps(hand, tile) or [hand]
                v = max(value(k, rest, turns - 1, 0) for k in kept)
            total += wall[tile] * v
        return total / sum(wall)

    return value
