"""Effective tiles 有效张 (yǒuxiào zhāng, ukeire) and a discard advisor.

A tile is *effective* for a 3n+1 hand when drawing it lowers the shanten
number (:func:`mjcore.hand.shanten.shanten`).  For a ready hand (shanten 0)
the effective tiles are exactly its waits.  For a 3n+2 hand,
:func:`discard_advice` tries each distinct discard and ranks them by the
shanten left and then by how many effective tiles remain unseen.
Explained in chapter 5.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import N_KINDS, as_counts, check_size, tile_name
from . import wild
from .shanten import effective_mask, scan, shanten, wild_shanten
from .waits import Waits, unseen, with_copies

__all__ = ["Discard", "discard_advice", "effective_mask", "effective_tiles"]


def effective_tiles(counts: str | Sequence[int], rules: Rules = POYANG,
                    visible: str | Sequence[int] | None = None) -> Waits:
    """The tiles whose draw lowers the shanten of a 3n+1 hand, with unseen copies.

    Returns a :class:`~mjcore.hand.waits.Waits`: ``tiles`` ascending,
    ``remaining`` the copies neither in the hand nor ``visible``, and
    ``total``.  A tile held four times is never listed; one whose copies
    are all visible is listed with 0.  Raises
    :class:`~mjcore.HandError` for a hand that is not 3n+1 tiles.

    Two shanten: 456p is a run; 23m and 78s want a third tile, the pairs
    99p and 11z a third copy.  The lone 5m and 3z help nothing yet.

    >>> print(effective_tiles("5m23m456p78s99p11z3z"))
    1m(4) 4m(4) 6s(4) 9s(4) 9p(2) 1z(2) total 20
    >>> print(effective_tiles("111222333m4445s"))  # ready: the waits
    3s(4) 5s(3) 6s(4) total 11
    >>> print(effective_tiles("111222333m4445s", visible="666s"))
    3s(4) 5s(3) 6s(1) total 8
    """
    if type(rules) is not Rules:
        rules = rules_arg(rules, wild=True)
        if rules.wild is not None:
            hand = as_counts(counts)
            check_size(hand, "3n+1", "effective_tiles")
            return with_copies(wild.effective_mask(hand, rules, wild_shanten)[1], bytes(hand),
                               visible)
    b, n, _, mask = scan(counts, rules)
    if n % 3 != 1:
        check_size(tuple(b), "3n+1", "effective_tiles")
    return with_copies(mask, b, visible)


@dataclass(frozen=True)
class Discard:
    """One choice of the advisor: discard ``tile``, be ``shanten`` away, hope for ``effective``."""

    tile: int
    shanten: int
    effective: Waits

    @property
    def total(self) -> int:
        """Unseen copies of the effective tiles after this discard."""
        return self.effective.total

    def __str__(self) -> str:
        return f"discard {tile_name(self.tile)}: shanten {self.shanten}, {self.effective}"


def discard_advice(counts: str | Sequence[int], rules: Rules = POYANG,
                   visible: str | Sequence[int] | None = None) -> list[Discard]:
    """Every distinct discard of a 3n+2 hand, best first.

    For each tile held, the hand after discarding one copy, its shanten
    and its :func:`effective_tiles`.  The discarded copy counts as
    visible (it lies face up in the discards), so it is never counted as
    a tile still to draw.  Best first means lowest shanten, then most
    effective tiles unseen, then most kinds of effective tile, then the
    lower tile index.  Raises :class:`~mjcore.HandError` for a
    hand that is not 3n+2 tiles.

    >>> advice = discard_advice("12389m456p78s9p11z4z")
    >>> for d in advice[:2]:
    ...     print(d)
    discard 9p: shanten 1, 7m(4) 6s(4) 9s(4) total 12
    discard 4z: shanten 1, 7m(4) 6s(4) 9s(4) total 12
    >>> [(tile_name(d.tile), d.shanten, d.total) for d in advice[2:4]]
    [('9m', 2, 38), ('8s', 2, 38)]

    Under wild rules a wild tile is a discard like any other (rarely a good one), and
    a drawn wild tile is among the effective tiles of every hand it helps:

    >>> from mjcore import HONGZHONG
    >>> print(discard_advice("12389m456p78s9p11z7z", HONGZHONG)[0])
    discard 9p: shanten 0, 7m(4) 6s(4) 9s(4) 7z(3) total 15
    """
    rules = rules_arg(rules, wild=True)
    counts = as_counts(counts)
    check_size(counts, "3n+2", "discard_advice")
    seen = list(as_counts(visible))
    unseen(counts, seen)  # HandError when hand and visible share too many copies
    choices = []
    for tile in range(N_KINDS):
        if not counts[tile]:
            continue
        after = list(counts)
        after[tile] -= 1
        seen[tile] += 1
        after_t = tuple(after)
        choices.append(Discard(tile, shanten(after_t, rules),
                               effective_tiles(after_t, rules, seen)))
        seen[tile] -= 1
    choices.sort(key=lambda d: (d.shanten, -d.total, -len(d.effective.tiles), d.tile))
    return choices
