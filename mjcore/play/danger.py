"""Dealing in (放炮 fàngpào): the chance that a discard is the tile another seat waits on.

A discard deals in when one of the other seats is ready and waits on it.
Each seat is ready by now with a chance that depends on how far the round
is (the table's seats, :data:`mjcore.play.readiness.READY`, or a curve the
caller gives); a ready seat waits on a tile with the share of the ready
hands that can be made from the unseen tiles that wait on it, counted
exactly by :func:`mjcore.bulk.waitcount.wait_counts`.  The seats are taken
as independent, and a seat's hand as any ready hand the unseen tiles can
make, each equally likely: what real players leave out of their hands
and say by their discards is not in it.  Explained in chapter 8.

>>> d = deal_in_chances("123456789m1245p5z", turn=10, rules="riichi")
>>> d.tiles == tuple(sorted(d.chances)), 0 < d.chance("5z") < d.chance("4p")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..base.checks import HandError, int_arg, items_arg, real_arg
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import COPIES, N_KINDS, as_counts, named_tile_arg, tile_name
from ..bulk.waitcount import WaitCounts, _wait_counts
from .readiness import READY

MAX_TURN = 40
"""The latest turn asked about (a round has at most about 30)."""


class Dangers(NamedTuple):
    """The chance each tile of a hand deals in if discarded now."""

    tiles: tuple[int, ...]
    """The distinct tiles of the hand, in order."""
    chances: dict[int, float]
    """Tile -> the chance that discarding it now deals in to one of the other seats."""
    shares: tuple[float, ...]
    """For each of the 34 tiles, the chance that a ready seat waits on it."""
    ready: float
    """The chance that each other seat is ready now."""
    seats: int
    """The other seats (1-3)."""
    counts: WaitCounts
    """The exact counts the shares come from."""

    def chance(self, tile: int | str) -> float:
        """The chance for one tile of the hand (index or name such as "5m").

        >>> deal_in_chances("19m", turn=12, seats=1).chance("9m") > 0
        True
        """
        t = named_tile_arg(tile, "tile")
        if t not in self.chances:
            raise HandError(f"tile {tile_name(t)} is not in the hand")
        return self.chances[t]


def ready_chance(turn: int, rules: Rules | str = POYANG,
                 ready: float | Sequence[float] | None = None) -> float:
    """The chance that another seat is ready when the player makes its discard ``turn``.

    ``ready`` None reads the table's seats (:data:`mjcore.play.readiness.READY`, for the
    poyang and riichi presets): the share ready after ``turn - 1`` discards of their own,
    as many as a seat after the player has made.  A number is that chance itself; a list
    gives it by the seat's discards (``ready[k - 1]`` after ``k`` of them, the last
    value holding beyond its end).

    >>> ready_chance(1), round(ready_chance(10), 4), ready_chance(5, ready=0.2)
    (0.0, 0.3984, 0.2)
    >>> ready_chance(10, ready=[0.1, 0.3])
    0.3
    """
    turn = int_arg(turn, "turn", 1, MAX_TURN)
    if ready is None:
        rules = rules_arg(rules)
        curve = READY.get(rules.name) if rules is _preset(rules.name) else None
        if curve is None:
            raise HandError(f"ready: the table has no curve for rules {rules.name!r}; pass "
                            "ready= a chance or a list of chances by discard")
    elif isinstance(ready, (int, float)) and not isinstance(ready, bool):
        return real_arg(ready, "ready", 0.0, 1.0)
    else:
        items = items_arg(ready, "ready", MAX_TURN, "chances")
        if not items:
            raise HandError("ready must be a chance 0-1 or a list of chances, got an empty "
                            "list")
        curve = tuple(real_arg(x, "ready", 0.0, 1.0) for x in items)
    if turn == 1:
        return 0.0
    return curve[min(turn - 1, len(curve)) - 1]


def _preset(name: str) -> Rules | None:
    from ..base.rules import PRESETS
    return PRESETS.get(name)


def deal_in_chances(hand: str | Sequence[int], visible: str | Sequence[int] | None = None,
                    turn: int = 1, rules: Rules | str = POYANG,
                    ready: float | Sequence[float] | None = None, seats: int = 3) -> Dangers:
    """For each tile of ``hand``, the chance that discarding it now deals in.

    ``hand`` is the player's concealed tiles (1 to 14, notation or 34 counts;
    one tile asks about that tile alone); ``visible`` every other tile the
    player sees (discards, melds shown).  ``turn`` is the player's discard
    about to be made (1 for the first), ``ready`` as in :func:`ready_chance`,
    ``seats`` the other seats (1-3).  With ``q`` the chance a seat is ready
    and ``s`` the share of ready hands waiting on the tile, the chance is
    ``1 - (1 - q s) ** seats``.

    The last copy of an honour is safe (no hand waits on a tile it cannot
    hold); the last copy of 1m is not (23m waits on it):

    >>> d = deal_in_chances("1m5z", visible="1m1m1m5z5z5z", turn=12, rules="riichi")
    >>> d.chance("5z"), d.chance("1m") > 0
    (0.0, True)
    """
    try:
        counts = as_counts(hand)
        seen = as_counts(visible) if visible is not None else (0,) * N_KINDS
    except HandError as error:
        raise HandError(f"{'visible' if _is_hand(hand) else 'hand'}: {error}") from None
    held = sum(counts)
    if not 1 <= held <= 14:
        raise HandError(f"hand must hold 1 to 14 tiles, got {held}")
    for t in range(N_KINDS):
        if counts[t] + seen[t] > COPIES:
            raise HandError(f"{tile_name(t)}: {counts[t]} in hand and {seen[t]} visible "
                            f"make {counts[t] + seen[t]}; a tile has {COPIES} copies")
    rules = rules_arg(rules)
    seats = int_arg(seats, "seats", 1, 3)
    q = ready_chance(turn, rules, ready)
    left = tuple(COPIES - counts[t] - seen[t] for t in range(N_KINDS))
    found = _wait_counts(left, rules)
    shares = found.shares()
    tiles = tuple(t for t in range(N_KINDS) if counts[t])
    chances = {t: 1.0 - (1.0 - q * shares[t]) ** seats for t in tiles}
    return Dangers(tiles, chances, shares, q, seats, found)


def _is_hand(hand: object) -> bool:
    try:
        as_counts(hand)  # type: ignore[arg-type]
    except HandError:
        return False
    return True


__all__ = ["MAX_TURN", "Dangers", "deal_in_chances", "ready_chance"]
