"""Waits 听牌 (tingpai): which tiles complete a 3n+1 hand, and how many are left.

Explained in chapter 2 (and, with probabilities, in the waits chapter).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..base.checks import HandError, callable_arg
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import COPIES, N_KINDS, as_counts, check_size, tile_name
from . import wild
from .forms import is_win_by_search
from .shanten import scan, wild_shanten


class Waits:
    """The waits of a hand: ``tiles`` ascending, ``remaining`` copies unseen of each.

    Made by :func:`waits` and :func:`mjcore.effective_tiles` from a 34-bit
    mask and the hand: the tiles and the copies are worked out when first
    asked for, so making one costs next to nothing.  Read-only.

    >>> w = Waits((11, 13), {11: 4, 13: 3})
    >>> w.remaining, w.total, str(w)
    ({11: 4, 13: 3}, 7, '3s(4) 5s(3) total 7')
    >>> w == Waits((11, 13), {11: 4, 13: 3}), w == Waits((11,), {11: 4})
    (True, False)
    """

    __slots__ = ("_tiles", "_left", "_mask", "_hand")
    _tiles: tuple[int, ...] | None
    _left: Sequence[int] | None

    def __init__(self, tiles: Sequence[int], remaining: dict[int, int] | None = None) -> None:
        self._tiles = tuple(tiles)
        remaining = {} if remaining is None else remaining
        left = [0] * N_KINDS
        for tile in self._tiles:
            left[tile] = remaining[tile]
        self._left = tuple(left)

    @property
    def tiles(self) -> tuple[int, ...]:
        """The waits (or effective tiles), ascending tile indices."""
        if self._tiles is None:
            self._tiles = tiles_of(self._mask)
        return self._tiles

    def _copies(self) -> Sequence[int]:
        """Copies unseen of all 34 tiles."""
        if self._left is None:
            self._left = self._hand.translate(_LEFT)
        return self._left

    @property
    def remaining(self) -> dict[int, int]:
        """Copies unseen of each wait, in tile order."""
        return dict(zip(self.tiles, map(self._copies().__getitem__, self.tiles), strict=True))

    @property
    def total(self) -> int:
        """Unseen copies of all waits together (dead waits add 0)."""
        return sum(map(self._copies().__getitem__, self.tiles))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Waits):
            return NotImplemented
        return self.tiles == other.tiles and self.remaining == other.remaining

    def __hash__(self) -> int:
        return hash((self.tiles, tuple(self.remaining.values())))

    def __repr__(self) -> str:
        return f"Waits(tiles={self.tiles!r}, remaining={self.remaining!r})"

    def __str__(self) -> str:
        if not self.tiles:
            return "no waits"
        left = self._copies()
        listed = " ".join(f"{tile_name(t)}({left[t]})" for t in self.tiles)
        return f"{listed} total {self.total}"


_new = object.__new__


def unseen(counts: str | Sequence[int], visible: str | Sequence[int] | None) -> tuple[int, ...]:
    """Copies of each tile neither in the hand nor visible; HandError above four.

    Both arguments are notation or 34 counts, checked like any hand.

    >>> from mjcore import parse
    >>> unseen(parse("55p"), parse("55p"))[22]
    0
    >>> unseen("55p", None)[22]
    2
    >>> unseen(parse("555p"), parse("55p"))
    Traceback (most recent call last):
    ...
    mjcore.HandError: 5p: 3 in hand and 2 visible make 5; a tile has 4 copies
    """
    counts, visible = as_counts(counts), as_counts(visible)
    left = []
    for tile in range(N_KINDS):
        seen = counts[tile] + visible[tile]
        if seen > COPIES:
            raise HandError(f"{tile_name(tile)}: {counts[tile]} in hand and {visible[tile]} "
                            f"visible make {seen}; a tile has {COPIES} copies")
        left.append(COPIES - seen)
    return tuple(left)


def waits(hand: str | Sequence[int], rules: Rules = POYANG,
          visible: str | Sequence[int] | None = None) -> Waits:
    """The tiles that complete a 3n+1 hand, each with its unseen copies.

    ``visible`` holds the tiles seen on the table (discards, melds of
    others), as notation or counts.  A tile held four times is never a
    wait; a wait whose copies are all visible stays listed with 0.  The
    waits are the effective tiles of a ready hand
    (:func:`mjcore.hand.shanten.effective_mask`); a hand that is not ready has none.

    >>> w = waits("111222333m4445s")
    >>> [tile_name(t) for t in w.tiles], w.total
    (['3s', '5s', '6s'], 11)
    >>> print(waits("123456789m123s5p", visible="55p"))
    5p(1) total 1
    """
    if type(rules) is not Rules:
        rules = rules_arg(rules, wild=True)
        if rules.wild is not None:  # a ready hand also waits on the wild kind
            counts = as_counts(hand)
            check_size(counts, "3n+1", "waits")
            ready = wild_shanten(counts, rules) == 0
            mask = wild.effective_mask(counts, rules, wild_shanten)[1] if ready else 0
            return with_copies(mask, bytes(counts), visible)
    b, n, now, mask = scan(hand, rules)
    if n % 3 != 1:
        check_size(tuple(b), "3n+1", "waits")
    return with_copies(mask if now == 0 else 0, b, visible)


def with_copies(mask: int, b: bytes, visible: str | Sequence[int] | None) -> Waits:
    """The tiles of ``mask`` with the copies of each not in the hand ``b`` (34 bytes) nor
    ``visible``.  ``visible`` is checked now; without it, the copies are counted when first
    asked for, and the tiles are read from the mask then too.

    >>> with_copies(0b101, bytes([1, 0, 4] + [0] * 31), "1m")
    Waits(tiles=(0, 2), remaining={0: 2, 2: 0})
    """
    waits_ = _new(Waits)
    waits_._tiles = None
    waits_._mask = mask
    if visible is None:
        waits_._left = None
        waits_._hand = b
    else:
        waits_._left = unseen(tuple(b), as_counts(visible))
    return waits_


_LEFT = bytes(max(COPIES - c, 0) for c in range(256))


def tiles_of(mask: int) -> tuple[int, ...]:
    """The tiles of a 34-bit mask, ascending.

    >>> tiles_of(0b101 | 1 << 33)
    (0, 2, 33)
    """
    return (_RANKS[mask & 511] + _RANKS_S[mask >> 9 & 511] + _RANKS_P[mask >> 18 & 511]
            + _RANKS_Z[mask >> 27 & 127])


_RANKS = [tuple(r for r in range(9) if m >> r & 1) for m in range(512)]
_RANKS_S = [tuple(9 + r for r in ranks) for ranks in _RANKS]
_RANKS_P = [tuple(18 + r for r in ranks) for ranks in _RANKS]
_RANKS_Z = [tuple(27 + r for r in ranks) for ranks in _RANKS[:128]]


def waits_by_trial(hand: str | Sequence[int], rules: Rules = POYANG,
                   visible: str | Sequence[int] | None = None) -> Waits:
    """:func:`waits` the plain way: add each of the 34 tiles and ask the search.

    The reference the tables are tested against (chapter 2 explains it).

    >>> waits_by_trial("111222333m4445s") == waits("111222333m4445s")
    True
    """
    rules = rules_arg(rules)
    counts = as_counts(hand)
    check_size(counts, "3n+1", "waits")
    left = unseen(counts, as_counts(visible))
    found = tiles_that(counts, lambda trial: is_win_by_search(trial, rules))
    return Waits(tuple(found), {t: left[t] for t in found})


def tiles_that(counts: Sequence[int], test: Callable[[tuple[int, ...]], bool]) -> list[int]:
    """The tiles whose draw makes ``test`` true of the hand, never a fifth copy.

    >>> from mjcore import is_win, parse, tile_name
    >>> [tile_name(t) for t in tiles_that(parse("1112m"), is_win)]
    ['2m', '3m']
    """
    counts, test = as_counts(counts), callable_arg(test, "test")
    found = []
    trial = list(counts)
    for tile in range(N_KINDS):
        if counts[tile] == COPIES:
            continue
        trial[tile] += 1
        if test(tuple(trial)):
            found.append(tile)
        trial[tile] -= 1
    return found
