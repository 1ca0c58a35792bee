"""Hands as the searches keep them: one integer, a byte per kind of tile.

Adding a tile of kind ``t`` is adding ``_ONE[t]``; a suit is nine bytes
(``_SUIT``); the tiles of an effective-tiles mask are remembered per call
(:class:`_Tiles`).  Importing this module builds the shanten tables' wide form that
every search reads (:func:`mjcore.hand.shanten.load_wide_tables`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
_HONOURS = 8 * 27  # the first bit of the honours, in a hand as one integer


class _Halves(dict):
    """Suits (nine bytes of a hand as one integer, taken from bit ``shift`` on) and what to
    add to the hand to put in place of each the lesser of it and its mirror (ranks 9 to 1),
    each worked out when first asked for."""

    def __init__(self, shift: int) -> None:
        super().__init__()
        self.shift = shift

    def __missing__(self, part: int) -> int:
        found = min(part, int.from_bytes(part.to_bytes(9, "little"), "big"))
        found = self[part] = found - part << self.shift
        return found


class _Sorted(dict):
    """The honours of a hand (seven bytes from bit ``_HONOURS``) and what to add to the hand
    to sort the counts, most first, within each of ``groups`` (positions 0-6, east to 7z),
    each worked out when first asked for."""

    def __init__(self, groups: Sequence[tuple[int, ...]]) -> None:
        super().__init__()
        self.groups = groups

    def __missing__(self, part: int) -> int:
        b = bytearray(part.to_bytes(7, "little"))
        for group in self.groups:
            for at, c in zip(group, sorted([b[at] for at in group], reverse=True),
                             strict=True):
                b[at] = c
        found = self[part] = int.from_bytes(b, "little") - part << _HONOURS
        return found


def _least_image(origin: Sequence[int], cap: Sequence[int]) -> Callable[[int], int] | None:
    """The least image of a hand (one integer) under the symmetries that keep ``origin``
    (the hand a search starts from) and ``cap`` (the copies of each tile) as they are:
    a suit mirrored (ranks 9 to 1) where both read the same both ways, and honours that
    both treat alike swapped.  No form tells a hand from these images (runs stay runs,
    terminals terminals, a 十三烂 spread stays one), nor does a search that counts tiles
    beyond the start, so they share their values.  None when there is no such symmetry.

    >>> from mjcore.base.tiles import parse
    >>> start = parse("234578m1689p357s1z")  # 357s reads the same both ways; 2z-7z alike
    >>> image = _least_image(start, (4,) * N_KINDS)
    >>> hand = _key(parse("234578m1689p378s3z"))
    >>> mirrored = _key(parse("234578m1689p237s7z"))  # 3s<->7s, 8s<->2s; 3z<->7z
    >>> image(hand) == image(mirrored), image(hand) == image(_key(parse("234578m1689p378s4z")))
    (True, True)
    >>> image(hand) == image(_key(parse("234578m1689p378s1z")))  # east is held at the start
    False
    >>> _least_image(parse("123m467p789s1234z"), (4,) * N_KINDS) is None  # 567z alike
    False
    >>> _least_image(parse("123m467p789s1234z"), (4,) * 27 + (4, 3, 2, 1, 4, 3, 2)) is None
    True
    """
    parts: list[tuple[int, dict, int]] = [  # (first bit, what to add, mask)
        (k * 8, _Halves(k * 8), _SUIT) for k in (0, 9, 18)
        if tuple(origin[k:k + 9]) == tuple(origin[k:k + 9][::-1])
        and tuple(cap[k:k + 9]) == tuple(cap[k:k + 9][::-1])]
    alike: dict[tuple[int, int], list[int]] = {}
    for t in range(27, N_KINDS):
        alike.setdefault((origin[t], cap[t]), []).append(t - 27)
    groups = [tuple(group) for group in alike.values() if len(group) > 1]
    if groups:
        parts.append((_HONOURS, _Sorted(groups), (1 << 56) - 1))
    if not parts:
        return None
    # the parts are apart (each changes its own bytes): each one's change is read from
    # the hand as it is
    (s1, a1, m1), *rest = parts
    if not rest:
        return lambda hand: hand + a1[hand >> s1 & m1]
    (s2, a2, m2), *rest = rest
    if not rest:
        return lambda hand: hand + a1[hand >> s1 & m1] + a2[hand >> s2 & m2]
    rest += [(0, {0: 0}, 0)] * (2 - len(rest))  # those missing add 0
    (s3, a3, m3), (s4, a4, m4) = rest

    def image(hand: int) -> int:
        return (hand + a1[hand >> s1 & m1] + a2[hand >> s2 & m2] + a3[hand >> s3 & m3]
                + a4[hand >> s4 & m4])

    return image
