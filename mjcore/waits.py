"""Waits 听牌 (tingpai): which tiles complete a 3n+1 hand, and how many are left.

Explained in chapter 2 (and, with probabilities, in the waits chapter).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .checks import callable_arg, rules_arg
from .forms import is_win_by_search
from .rules import POYANG, Rules
from .tables import fast_counts, wait_tiles
from .tiles import COPIES, N_KINDS, HandError, as_counts, check_size, tile_name


@dataclass(frozen=True)
class Waits:
    """The waits of a hand: ``tiles`` ascending, ``remaining`` copies unseen of each."""

    tiles: tuple[int, ...]
    remaining: dict[int, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Unseen copies of all waits together (dead waits add 0)."""
        return sum(self.remaining.values())

    def __str__(self) -> str:
        if not self.tiles:
            return "no waits"
        listed = " ".join(f"{tile_name(t)}({self.remaining[t]})" for t in self.tiles)
        return f"{listed} total {self.total}"


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
    mjcore.tiles.HandError: 5p: 3 in hand and 2 visible make 5; a tile has 4 copies
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
    wait; a wait whose copies are all visible stays listed with 0.

    >>> w = waits("111222333m4445s")
    >>> [tile_name(t) for t in w.tiles], w.total
    (['3s', '5s', '6s'], 11)
    >>> print(waits("123456789m123s5p", visible="55p"))
    5p(1) total 1
    """
    rules = rules_arg(rules)
    counts = fast_counts(hand)
    check_size(counts, "3n+1", "waits")
    found = wait_tiles(counts, rules)
    if visible is None:
        return Waits(tuple(found), {t: COPIES - counts[t] for t in found})
    left = unseen(counts, as_counts(visible))
    return Waits(tuple(found), {t: left[t] for t in found})


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
