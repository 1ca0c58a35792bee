"""The exact reference on tiny walls: the same policies, every tile of the wall followed.

:func:`exact_win_chances` keeps the hand *and* the tiles still unseen in each state, in
exact fractions, so it measures how far the simple count of
:func:`~mjcore.play.bestplay.api.win_chances` is from the truth (chapter 6, section 4).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...base.checks import HandError, bool_arg
from ...base.rules import POYANG, Rules, rules_arg
from ...base.tiles import N_KINDS, as_counts
from ...hand.shanten import shanten
from ...hand.waits import unseen
from . import limits
from .keys import _minus, _plus
from .limits import _check_draws, _check_hand

MAX_EXACT_UNSEEN = 40
"""The most unseen tiles :func:`exact_win_chances` accepts (it follows the wall exactly)."""


def exact_win_chances(hand: str | Sequence[int], draws: int, rules: Rules | str = POYANG,
                      visible: str | Sequence[int] | None = None,
                      hand_changes: bool = False) -> dict[int | None, Fraction]:
    """The same policies as :func:`win_chances`, with the wall followed exactly.

    Every tile drawn leaves the wall, kept or thrown, so the state is the
    hand *and* the tiles still unseen; the value is an exact ``Fraction``
    keyed by the discard (None for a 3n+1 hand).  Only for tiny walls (at
    most :data:`MAX_EXACT_UNSEEN` unseen tiles): it measures how far the
    simple count of :func:`win_chances` is from the truth.

    A 4-tile hand ready on 1m and 4m, with only 25 wan unseen:

    >>> seen = "123456789s" * 4 + "123456789p" * 4 + "1234567z" * 4 + "5566789m"
    >>> exact_win_chances("1234m", 3, "standard", seen)
    {None: Fraction(1331, 2300)}
    >>> from mjcore import win_chances
    >>> [c] = win_chances("1234m", 3, "standard", seen)
    >>> c.win == 1331 / 2300
    True
    """
    counts = _check_hand(hand)
    rules = rules_arg(rules, wild=True)
    hand_changes = bool_arg(hand_changes, "hand_changes")
    seen = as_counts(visible)
    wall = unseen(counts, seen)
    if sum(wall) > MAX_EXACT_UNSEEN:
        raise HandError(f"exact_win_chances follows every tile: at most {MAX_EXACT_UNSEEN} "
                        f"unseen tiles, got {sum(wall)} (pass the rest as visible)")
    draws = _check_draws(draws, sum(wall))
    origin = counts
    s_origin = shanten(origin, rules)

    def free(h: tuple[int, ...], s: int) -> bool:
        return hand_changes and sum(c - o for c, o in zip(h, origin, strict=True)
                                    if c > o) + s <= s_origin

    memo13: dict = {}
    memo14: dict = {}

    def after_draw(h: tuple[int, ...], left: tuple[int, ...], r: int, tile: int,
                   s: int, effective: bool) -> Fraction:
        if s == 0 and effective:
            return Fraction(1)
        key = (h, left, r, tile)
        if key in memo14:
            return memo14[key]
        now = s - 1 if effective else s
        loose = free(h, now)
        best = Fraction(0)
        for d in range(N_KINDS):
            if not h[d] or (not loose and d == tile and effective):
                continue
            kept = _minus(h, d)
            if loose or shanten(kept, rules) == now:
                best = max(best, before_draw(kept, left, r))
        memo14[key] = best
        return best

    def before_draw(h: tuple[int, ...], left: tuple[int, ...], r: int) -> Fraction:
        if r == 0:
            return Fraction(0)
        key = (h, left, r)
        if key in memo13:
            return memo13[key]
        if len(memo13) >= limits.MAX_POSITIONS:
            raise HandError(f"more than {limits.MAX_POSITIONS:,} positions: use a smaller wall")
        s = shanten(h, rules)
        loose = free(h, s)
        total = 0
        result = Fraction(0)
        for t in range(N_KINDS):
            if not left[t]:
                continue
            total += left[t]
            rest = _minus(left, t)
            grown = _plus(h, t)
            now = shanten(grown, rules)
            if now < s:
                v = after_draw(grown, rest, r - 1, t, s, True)
            elif loose and any(shanten(_minus(grown, d), rules) <= s
                               for d in range(N_KINDS) if grown[d] and d != t):
                v = after_draw(grown, rest, r - 1, t, s, False)
            else:
                v = before_draw(h, rest, r - 1)
            result += left[t] * v
        memo13[key] = result = result / total
        return result

    if sum(counts) % 3 == 1:
        return {None: before_draw(counts, wall, draws)}
    if shanten(counts, rules) < 0:
        return {None: Fraction(1)}
    return {tile: before_draw(_minus(counts, tile), wall, draws)
            for tile in range(N_KINDS) if counts[tile]}
