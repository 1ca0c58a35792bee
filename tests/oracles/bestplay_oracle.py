"""A brute-force oracle for best play on tiny one-suit walls, without mjcore's search.

A hand and a wall are tuples of 9 counts (1m-9m).  Shanten comes from
its definition, not from mjcore: the fewest tiles to replace to reach a
complete hand (melds and a pair, :func:`oracle.standard`), minus one.
The value of a position is the exact chance (``Fraction``) of winning
within ``r`` draws under the best play of a policy class, averaging
over the next tile drawn, which is the uniform average over every order
of the wall.  :func:`every_order` checks that by enumerating the orders.

Two counts of the tiles left:

* ``exact``: the wall really loses every tile drawn, kept or thrown;
* ``simple``: a tile's count is its copies in the starting wall less the
  copies now held beyond the starting hand (``cap - held``), over the
  number of tiles left, as :mod:`mjcore.play.bestplay` counts them.

Three policy classes: ``progress`` (keep a draw only if it lowers the
shanten, then keep the shanten), ``free`` (keep any draw, discard any
tile) and ``class`` (the hand-changes class of :mod:`mjcore.play.bestplay`,
rewritten here from its documentation).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, permutations

from oracle import standard

RANKS = 9


def full(suit: tuple[int, ...]) -> list[int]:
    """9 counts of wan as 34 counts."""
    return list(suit) + [0] * 25


@cache
def complete_hands(size: int) -> tuple[tuple[int, ...], ...]:
    """Every complete one-suit hand of ``size`` tiles (3n+2), as 9 counts."""
    found = []
    for tiles in combinations_with_replacement(range(RANKS), size):
        counts = tuple(tiles.count(r) for r in range(RANKS))
        if max(counts) <= 4 and standard(full(counts)):
            found.append(counts)
    return tuple(found)


@cache
def shanten(hand: tuple[int, ...]) -> int:
    assert max(hand) <= 4 and sum(hand) % 3, hand
    """Fewest tiles to draw (with as many discards) to complete, minus one."""
    n = sum(hand)
    size = n + 1 if n % 3 == 1 else n
    best = min(sum(max(w - h, 0) for w, h in zip(win, hand, strict=True))
               for win in complete_hands(size))
    return best - 1 if n % 3 == 1 or best else -1


def plus(hand: tuple[int, ...], tile: int, k: int = 1) -> tuple[int, ...]:
    return hand[:tile] + (hand[tile] + k,) + hand[tile + 1:]


def distance(hand: tuple[int, ...], origin: tuple[int, ...]) -> int:
    return sum(max(h - o, 0) for h, o in zip(hand, origin, strict=True))


def value(hand: tuple[int, ...], wall: tuple[int, ...], draws: int, policy: str,
          count: str, origin: tuple[int, ...] | None = None) -> Fraction:
    """The best chance of winning within ``draws`` from a 3n+1 ``hand``.

    ``wall`` is the starting wall; ``origin`` the 3n+2 hand before the
    first discard (the ``class`` policy measures distances from it, and
    with hand changes the simple count puts that discard back).
    """
    origin = hand if origin is None else origin
    s_origin = shanten(origin)
    base = hand if policy == "progress" else origin
    cap = tuple(w + h for w, h in zip(wall, base, strict=True))  # simple count: cap - held
    total = sum(wall)

    def free(h: tuple[int, ...]) -> bool:
        return policy == "free" or (policy == "class"
                                    and distance(h, origin) + shanten(h) <= s_origin)

    @cache
    def best_after(h14: tuple[int, ...], left: tuple[int, ...], r: int, drawn: int,
                   effective: bool) -> Fraction:
        """Best over the discards allowed after drawing ``drawn``; ``r`` draws to come."""
        if shanten(h14) < 0:
            return Fraction(1)
        now = shanten(h14)
        loose = free(h14)
        options = []
        for d in range(RANKS):
            if not h14[d] or (not loose and d == drawn and effective):
                continue
            h13 = plus(h14, d, -1)
            if loose or shanten(h13) == now:
                options.append(at(h13, left, r))
        return max(options)

    def used(h: tuple[int, ...], t: int) -> bool:
        """Whether the policy may keep a drawn ``t`` (else it is thrown at once)."""
        s, h14 = shanten(h), plus(h, t)
        if shanten(h14) < s or policy == "free":
            return True
        if policy == "progress" or not free(h):
            return False
        return any(shanten(plus(h14, d, -1)) <= s for d in range(RANKS) if h14[d] and d != t)

    @cache
    def at(h: tuple[int, ...], left: tuple[int, ...], r: int) -> Fraction:
        if r == 0:
            return Fraction(0)
        s = shanten(h)
        remaining = total - (draws - r)
        if count == "exact":
            result = Fraction(0)
            for t in range(RANKS):
                if left[t]:
                    after = plus(left, t, -1)
                    v = (best_after(plus(h, t), after, r - 1, t, shanten(plus(h, t)) < s)
                         if used(h, t) else at(h, after, r - 1))
                    result += left[t] * v
            return result / remaining
        live, gain, extra, more = 0, Fraction(0), 0, Fraction(0)
        for t in range(RANKS):
            c = cap[t] - h[t]
            if c > 0 and used(h, t):
                v = best_after(plus(h, t), left, r - 1, t, shanten(plus(h, t)) < s)
                if shanten(plus(h, t)) < s:
                    live, gain = live + c, gain + c * v
                else:
                    extra, more = extra + c, more + c * v
        # a tiny wall: the simple count may promise more tiles than are left; the
        # effective draws keep their share, the others share the rest (as bestplay does)
        if live > remaining:
            gain, live = gain * Fraction(remaining, live), remaining
        if live + extra > remaining:
            more, extra = more * Fraction(remaining - live, extra), remaining - live
        return (gain + more + (remaining - live - extra) * at(h, left, r - 1)) / remaining

    return at(hand, wall, draws)


def every_order(hand: tuple[int, ...], wall: tuple[int, ...], draws: int) -> Fraction:
    """The keep-only-progress value by listing every order of the wall.

    The player sees only the tiles drawn so far: at each draw the choice
    is the one :func:`value` rates best for the tiles drawn up to then, and
    the result averages the wins over all distinct orders (each order of
    a multiset is equally likely).
    """
    tiles = [t for t in range(RANKS) for _ in range(wall[t])]
    orders = set(permutations(tiles))
    wins = 0
    for order in orders:
        h, left = hand, wall
        for step in range(draws):
            t = order[step]
            left = plus(left, t, -1)
            h14 = plus(h, t)
            s = shanten(h)
            if shanten(h14) >= s:
                continue
            if shanten(h14) < 0:
                wins += 1
                break
            r = draws - step - 1
            options = [(value_from(plus(h14, d, -1), left, r), -d) for d in range(RANKS)
                       if h14[d] and d != t and shanten(plus(h14, d, -1)) == s - 1]
            h = plus(h14, -max(options)[1], -1)
    return Fraction(wins, len(orders))


def value_from(hand: tuple[int, ...], left: tuple[int, ...], draws: int) -> Fraction:
    """Exact keep-only-progress value of ``hand`` with wall ``left``."""
    return value(hand, left, draws, "progress", "exact")
