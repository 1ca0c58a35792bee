"""Hands as the searches keep them: one integer, a byte per kind of tile.

Adding a tile of kind ``t`` is adding ``_ONE[t]``; a suit is nine bytes
(``_SUIT``); the tiles of an effective-tiles mask are remembered per call
(:class:`_Tiles`).  Importing this module builds the shanten tables' wide form that
every search reads (:func:`mjcore.hand.shanten.load_wide_tables`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...base.tiles import N_KINDS
from ...hand.shanten import load_wide_tables
from ...hand.waits import tiles_of


def _plus(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    return counts[:tile] + (counts[tile] + 1,) + counts[tile + 1:]


def _minus(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    return counts[:tile] + (counts[tile] - 1,) + counts[tile + 1:]


def _key(counts: Sequence[int]) -> int:
    """A hand as one integer, a byte per tile (as :class:`_Search` and :class:`_Progress`
    keep hands)."""
    return int.from_bytes(bytes(counts), "little")


_ONE = tuple(1 << 8 * t for t in range(N_KINDS))  # a tile of kind t, in a hand as one integer
load_wide_tables()  # every search reads effective tiles: build their tables now


class _Tiles(dict):
    """Masks and their tiles (:func:`mjcore.hand.waits.tiles_of`), each worked out when first
    asked for: a search meets a few thousand masks, each many times."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        found = self[mask] = tiles_of(mask)
        return found


_SUIT = (1 << 72) - 1  # the nine bytes of one suit, in a hand as one integer
