"""What the best-play models share: ties between discards, the curves of a ready hand,
and the stopping problem of a win on a discard.

A ready hand that no longer changes is valued by a curve: its chance of winning
(and expected points) by draws left, from the copies of its waits still to draw
(:func:`_ready_curve`, alone; :func:`_first_shown`, at four seats).  When a win on
another seat's discard pays less than a self-draw, taking it is a choice, and the
hand's curves solve a small optimal-stopping problem exactly (:func:`_stop_curves`).
Discards whose values differ by float rounding alone are equal (:data:`TIE`,
:data:`POINTS_TIE`): :func:`_beats` and :func:`_beats_points` break the tie by the
chance of being ready.  Explained in chapter 6 section 3 (the dynamic program and a
ready hand's curve) and chapter 7, sections 4 (a ready hand at four seats in closed
form) and 8 (a win on a discard is a choice).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import reduce
from operator import add

TIE = 1e-13
"""Chances of winning this close (float rounding) count as equal: tenpai decides."""


def _tie(one: float | Fraction) -> float:
    """The tolerance for equal chances: :data:`TIE` for floats, 0 for exact fractions."""
    return 0 if isinstance(one, Fraction) else TIE


def _beats(w2, t2, w1, t1, tie) -> bool:
    """Whether a choice with chance of winning ``w2`` and of tenpai ``t2`` is better than
    one with ``w1``, ``t1``: a higher chance of winning, or an equal one (within ``tie``)
    and a higher chance of being ready."""
    return w2 > w1 + tie or (w2 >= w1 - tie and t2 > t1 + tie)


POINTS_TIE = 1e-9
"""Expected points this close count as equal: the chance of winning decides, then tenpai."""


def _beats_points(p2, w2, t2, p1, w1, t1, tie) -> bool:
    """Whether a choice with expected points ``p2`` (chances ``w2``, ``t2``) is better than
    one with ``p1`` (``w1``, ``t1``): more points, or as many (within
    :data:`POINTS_TIE`, 0 for exact fractions) and :func:`_beats`."""
    ptie = tie and POINTS_TIE
    return p2 > p1 + ptie or (p2 >= p1 - ptie and (
        w2 > w1 + tie or (w2 >= w1 - tie and t2 > t1 + tie)))


def _fold(zero: Fraction, values: Iterator[Fraction]) -> Fraction:
    """The sum of exact fractions, in order."""
    return reduce(add, values, zero)


def _first_shown(live: int, n: int, shown: int, one: float | Fraction, step: int = 4,
                 start: int = 0, keep: Sequence | None = None
                 ) -> tuple[float | Fraction, float | Fraction]:
    """A ready hand that never changes, ``live`` copies of its waits among the ``n``
    tiles it has not drawn, and ``shown`` more tiles to come, each a uniformly random one
    of those left: the chance that one of them is a live copy (it misses all with the
    chance C(n - live, shown) / C(n, shown)), and that the first such is another seat's
    discard.  Every ``step``-th tile shown is the player's draw (turns of three discards
    and a draw: ``step`` 4; its draws alone: 1); ``start`` is the place in the turn of
    the first tile to come.

    ``keep`` (the race, :func:`mjcore.win_chances` with ``opponents``): by turns left,
    the chance that the round goes on past the other seats' wins at the start of a turn
    (``keep[r]`` with ``r`` turns left, this one included); a turn begun has passed it.
    """
    if keep is not None:
        return _first_shown_race(live, n, shown, one, step, start, keep)
    miss, on_discard = one, one - one
    for p in range(shown):
        first = miss * live / (n - p)
        if (start + p) % step != step - 1:
            on_discard += first
        miss -= first
    return one - miss, on_discard


def _first_shown_race(live: int, n: int, shown: int, one: float | Fraction, step: int,
                      start: int, keep: Sequence) -> tuple[float | Fraction, float | Fraction]:
    """:func:`_first_shown` when the round may end at each turn's start: ``alive`` is the
    chance that nothing has ended it yet (no win of the player's, none of another seat),
    ``ended`` that another seat's win has (with no race, the arithmetic of
    :func:`_first_shown` exactly)."""
    alive, ended, on_discard = one, one - one, one - one
    for p in range(shown):
        if (start + p) % step == 0:  # a turn begins: the other seats may have won
            k = keep[(shown - p) // step]
            ended += alive - alive * k
            alive *= k
        first = alive * live / (n - p)
        if (start + p) % step != step - 1:
            on_discard += first
        alive -= first
    return one - alive - ended, on_discard


def _stop_curves(items: tuple[tuple[int, object, object], ...], base: int, draws: int,
                 one: float | Fraction, at: int | None = None,
                 keep: Sequence | None = None, risk: tuple | None = None) -> tuple:
    """A ready hand that never changes, four seats, points as the goal: its (chance of
    winning, expected points, chance of winning on a discard) by turns left ``r =
    0..draws``, under the best choice at each discard that would win.

    ``items`` are its waits grouped by what a win pays, each ``(copies, discard points,
    self-drawn points)`` (copies of waits that pay alike are alike: only their number
    matters).  With ``r`` turns left the hand has not drawn ``base + r`` tiles, and
    ``4 r`` of them are still to show, each a uniformly random one of those left: in
    each turn three discards, then its own draw.  Its own draw of a wait wins the
    self-drawn points.  A discard of a wait is a choice: win now (the discard points,
    once), or pass and go on with that copy gone; the choice takes the win only when
    it is worth more (:func:`_beats_points`: more points, or as many and a higher
    chance of winning, which a win now always has).  So the value is a small
    optimal-stopping problem over (tiles left to show, copies left of each group),
    solved backwards exactly (``one=Fraction(1)`` gives fractions); its chance of
    winning is that of the same choices.

    ``at``: instead, the values (win, points, on a discard) with ``draws`` turns left
    and ``at`` tiles still to show (a turn begun: :func:`claim_advice`).

    ``keep``: the race, as for :func:`_first_shown`; every curve is multiplied by
    ``keep[j]`` where a turn begins with ``j`` turns left (``k = 4 j`` tiles to show).

    ``risk`` (deal-ins, :mod:`~mjcore.play.bestplay.dealins`): ``(mean, loss)``, where
    ``mean[j]`` is the chance that a tile the player draws and throws with ``j`` turns
    left deals in (the mean over the tiles it does not wait on), which costs ``loss``
    points and ends the round; the values then gain a fourth curve, the chance of
    dealing in.

    Passing is never forced, and no rule forbids a later win after a pass: seed 002 (the
    Poyang fan table) states none, and nothing like riichi's furiten is modelled.

    Two copies of one wait, 1 point on a discard and 6 self-drawn: with three turns left
    some discards are passed (fewer wins than taking all, more points); when a win pays
    alike either way, every win is taken (:func:`_first_shown`'s chances):

    >>> w, p, d = _stop_curves(((2, 1, 6),), 20, 3, 1.0)
    >>> [round(v, 4) for v in w], [round(v, 4) for v in p]
    ([0.0, 0.3524, 0.6061, 0.6522], [0.0, 0.7571, 1.2987, 1.7194])
    >>> round(_first_shown(2, 23, 12, 1.0)[0], 4)
    0.7826
    >>> w, p, d = _stop_curves(((2, 6, 6),), 20, 3, 1.0)
    >>> all(abs(w[r] - _first_shown(2, 20 + r, 4 * r, 1.0)[0]) < 1e-12 for r in range(4))
    True
    """
    tie = _tie(one)
    ptie = tie and POINTS_TIE
    zero = one - one
    wins, pts, discs, dealt = [zero], [zero], [zero], [zero]
    sizes = [c for c, _, _ in items]
    vectors: list[tuple[int, ...]] = [()]
    for c in sizes:
        vectors = [v + (k,) for v in vectors for k in range(c + 1)]
    vectors.sort(key=sum)  # fewer copies first: a vector reads those with one copy fewer
    for r in range(1, draws + 1):
        shown = 4 * r
        gap = base - 3 * r  # tiles left less the tiles still to show
        columns: dict[tuple[int, ...], tuple[list, list, list, list]] = {}
        for vec in vectors:
            live = sum(vec)
            p_col, w_col, d_col, x_col = [zero], [zero], [zero], [zero]
            columns[vec] = p_col, w_col, d_col, x_col
            lower = [(c, a, b, columns[vec[:g] + (c - 1,) + vec[g + 1:]])
                     for g, (c, (_, a, b)) in enumerate(zip(vec, items, strict=True)) if c]
            for k in range(1, shown + 1):  # k tiles still to show; the player's draw: k % 4 == 1
                m = gap + k
                stay = m - live
                sp, sw, sd, sx = (stay * p_col[-1], stay * w_col[-1], stay * d_col[-1],
                                  stay * x_col[-1])
                if k % 4 == 1:
                    if risk is not None:  # the tile drawn is thrown: it may deal in
                        danger = risk[0][(k + 3) // 4]
                        sp -= danger * (sp + stay * risk[1])
                        sw -= danger * sw
                        sd -= danger * sd
                        sx += danger * (stay - sx)
                    for c, _a, b, _ in lower:
                        sp += c * b
                        sw += c
                else:
                    for c, a, _b, (lp, lw, ld, lx) in lower:
                        cp, cw = lp[k - 1], lw[k - 1]
                        if a > cp + ptie or (a >= cp - ptie and one > cw + tie):  # win now
                            sp += c * a
                            sw += c
                            sd += c
                        else:  # pass: that copy is gone
                            sp += c * cp
                            sw += c * cw
                            sd += c * ld[k - 1]
                            sx += c * lx[k - 1]
                if keep is not None and k % 4 == 0:  # a turn begins: the race
                    f = keep[k // 4]
                    p_col.append(sp * one / m * f)
                    w_col.append(sw * one / m * f)
                    d_col.append(sd * one / m * f)
                    x_col.append(sx * one / m * f)
                    continue
                p_col.append(sp * one / m)
                w_col.append(sw * one / m)
                d_col.append(sd * one / m)
                x_col.append(sx * one / m)
        p_col, w_col, d_col, x_col = columns[tuple(sizes)]
        if at is not None and r == draws:
            return w_col[at], p_col[at], d_col[at]
        pts.append(p_col[shown])
        wins.append(w_col[shown])
        discs.append(d_col[shown])
        dealt.append(x_col[shown])
    return (wins, pts, discs) if risk is None else (wins, pts, discs, dealt)


def _ready_curve(live: int, base: int, draws: int, one: float | Fraction) -> list:
    """The chance of drawing one of ``live`` tiles within r draws, r = 0..``draws``, when
    ``base + r`` tiles are left to draw from."""
    miss, curve = one, [one - one]
    for r in range(1, draws + 1):  # a tiny wall: more live than left is a hit
        miss = miss * max(base + r - live, 0) / (base + r)
        curve.append(one - miss)
    return curve


def _pay_groups(waits: Iterator[tuple[int, tuple]]) -> tuple[tuple[int, object, object], ...]:
    """A ready hand's waits, each (copies, (points on a discard, self-drawn points)),
    grouped by their payments as :func:`_stop_curves` takes them (and as a key for its
    curves): ((copies, on a discard, self-drawn), ...) sorted."""
    groups: dict[tuple, int] = {}
    for c, pair in waits:
        groups[pair] = groups.get(pair, 0) + c
    return tuple(sorted((c, a, b) for (a, b), c in groups.items()))
