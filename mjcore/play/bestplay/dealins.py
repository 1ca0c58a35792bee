"""Dealing in inside best play: every discard may be another seat's win, and the player may
fold (弃胡).

:func:`~mjcore.play.bestplay.api.win_chances` with ``deal_ins`` (four seats with wins on
discards, expected points as the goal) plays the game of :class:`_ProgressFourPoints`
with one more way for the round to end: a tile the player throws deals in with the chance
:func:`mjcore.deal_in_chances` gives it at that turn, and costs ``loss`` points (the
table's mean payment, :data:`~mjcore.play.bestplay.hazards.LOSS`).  The values become net
points: the wins' points less the expected losses.

What the search reads (:func:`_risk`): each tile's danger by turns left, from the shares
counted once at the root (what the player sees now; the tiles shown later are not
followed, as the simple count follows no tile of the wall) and the chance that a seat is
ready at that turn (:data:`mjcore.play.readiness.READY`).  A kept draw's discard is
chosen with its own danger; a draw that does not help is thrown at the mean danger of
the unseen tiles, as the count takes that draw as any unseen tile.

Folding: at the start of each turn the player may stop building and throw the safest
tiles it can.  Its value is counted for one fold policy: each turn, the next of the
hand's tiles in order of danger when that tile is no more dangerous than a tile drawn
(on average), else the tile drawn.  The player can follow it, so the true fold is
worth at least as much (a folder who sees a safe draw throws that instead, and still
takes a win that comes; neither is counted).  A ready hand folds
when the search reaches it or plays to the end.  Explained in chapter 8.

Sharing: folding makes a hand's values its own, but what a fold reads is only the
dangers of the hand's safest tiles, as many as the turns at which it tries folding
(tiles whose dangers read alike at every turn are one *kind of danger*).  Hands whose
draws lead to the same kids and which fold with the same kinds of danger get the same
values, so ``_DealIns.settle`` keeps each settled hand by those kinds and the next hand
like it takes its values (:attr:`~mjcore.play.bestplay.results.SearchSize.shared`
counts them); settled curves are kept once by their values (``_DealIns.intern``), so
hands whose curves come out equal share the work above them too, as in the other
searches (chapter 6, section 10).  A hand's curves stop at the most turns left it can
be read at: each kept draw lowers the shanten by one and takes a turn, so a hand
``k`` draws from the root is read with ``draws - k`` turns left or fewer.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import compress, islice, repeat
from math import inf
from operator import add, ge, gt, itemgetter, mul, ne, sub
from typing import NamedTuple

from ...base.rules import Rules
from ...base.tiles import COPIES, N_KINDS
from ...bulk.waitcount import _wait_counts
from ..danger import MAX_TURN, ready_chance
from .curves import POINTS_TIE, _stop_curves
from .keys import _key
from .progress import _ProgressFourPoints
from .results import WinChance

GIVEN_UP = 1e-9
"""A chance of winning this small under best play is none: the play has given up (its
``fold`` is True even where, for a turn, it throws what keeps the shape)."""


class _Risk(NamedTuple):
    """What a search with deal-ins reads (:func:`_risk`)."""

    tiles: tuple[list[float], ...]
    """For each tile, its danger by turns left ``r`` (the discard of that turn; index 0
    unused)."""
    root: tuple[float, ...]
    """Each tile's danger at the discard being chosen now (the root's)."""
    mean: list[float]
    """By turns left, the danger of an unseen tile drawn and thrown (copy-weighted)."""
    loss: float
    """Points a deal-in costs."""
    shares: tuple[float, ...]
    """For each tile, the share of the ready hands that wait on it."""


def _risk(counts: Sequence[int], seen: Sequence[int], rules: Rules, turn: int, draws: int,
          loss: float, seats: int = 3) -> _Risk:
    """The dangers for a hand ``counts`` and the tiles ``seen``, its discard ``turn`` now
    and ``draws`` turns to come (the turn with ``r`` left is ``turn + draws - r + 1``).

    >>> from mjcore import POYANG
    >>> r = _risk((0,) * 33 + (1,), (0,) * 34, POYANG, 9, 3, 5.0)
    >>> 0 < r.root[33] < r.tiles[33][1] and len(r.mean) == 4
    True
    """
    left = tuple(COPIES - counts[t] - seen[t] for t in range(N_KINDS))
    shares = _wait_counts(left, rules).shares()
    by_turn = {}
    for t in range(turn, turn + draws + 1):
        q = ready_chance(max(1, min(t, MAX_TURN)), rules)
        by_turn[t] = [1.0 - (1.0 - q * s) ** seats for s in shares]
    at = [by_turn[turn + draws - r + 1] for r in range(1, draws + 1)]
    total = sum(left)
    tiles = tuple([0.0] + [row[t] for row in at] for t in range(N_KINDS))
    mean = [0.0] + [sum(c * d for c, d in zip(left, row, strict=True)) / total for row in at]
    return _Risk(tiles, tuple(by_turn[turn]), mean, float(loss), shares)


class _Pending:
    """A hand not ready, before it is settled (``_DealIns.settle``): the coefficients
    of its turns (:meth:`_DealIns._steps`) and its kids' curves summed by copies.

    Hands of the same kids settle alike when they try folding with the same kinds of
    danger: ``settled`` keeps each one's curves by the prefix of its ``order`` (its
    tiles' kinds of danger, safest first) that its folds read, ``lengths`` the lengths
    of those prefixes."""

    __slots__ = ("coefficients", "totals", "settled", "lengths")

    def __init__(self, coefficients: list, totals: list[list]) -> None:
        self.coefficients, self.totals = coefficients, totals
        self.settled: dict[bytes, tuple] = {}
        self.lengths: list[int] = []


class _DealIns(_ProgressFourPoints):
    """Keep only progress at four seats, expected net points, with deal-ins and folding.

    Values are four lists by turns left, ``(win, tenpai, points, dealt in)``: the part
    won on a discard is not followed (``discard_win`` is None).  A kid after a draw is
    valued through the discard that leads to it (:meth:`risky`: it deals in with that
    tile's danger, or the round goes on), and the best discard is chosen as
    :class:`_ProgressFourPoints` chooses it.  A draw that does
    not help is thrown at the mean danger (:meth:`_step`).  Each hand may fold
    (:meth:`settle`).  Twins share values only in the suits whose dangers read the
    same both ways.  A hand's lists stop at ``reach`` (by its shanten) turns left, the
    most it is read at from the roots (all of one shanten, set by the first
    :meth:`chance`); a root's run to ``draws``.
    """

    def __init__(self, rules: Rules | None, draws: int, total: int, cap: Sequence[int],
                 one: float | Fraction, tables: dict, points, risk: _Risk) -> None:
        super().__init__(rules, draws, total, cap, one, tables, points)
        self.nothing = (self.zeros,) * 4
        # a suit and its mirror image are alike only where the dangers are too
        same = tables["same"]
        self.flips = tuple(
            flip if risk.shares[k:k + 9] == risk.shares[k:k + 9][::-1] else same
            for k, flip in zip((0, 9, 18), self.flips, strict=True))
        self.mirrored = any(flip is not same for flip in self.flips)
        self.risk = risk
        self.ptie = self.tie and POINTS_TIE
        # a ready hand's curves read only its payments, the same in every search of a call
        self.readies = tables.setdefault("ready deal-ins", {})
        self.ones = tables.setdefault("ones", self.ones)
        self.risked: dict[tuple[int, int], tuple] = {}
        self.folds: dict[int, list[bool]] = {}  # hand -> by turns left, whether it folds
        self.dangers = tuple(danger[1:] for danger in risk.tiles)  # r = 1..draws
        # by tile, for r = 1..draws: the chance the round goes on past its discard, and
        # the loss that discard costs on average
        self.going = tuple([1 - v for v in danger[1:]] for danger in risk.tiles)
        self.lost = tuple([v * risk.loss for v in danger[1:]] for danger in risk.tiles)
        self.mean_on = [1 - v for v in risk.mean]
        self.mean_lost = [v * risk.loss for v in risk.mean]
        self.kept_on = self.keep or [1.0] * (draws + 1)
        # tiles whose dangers read the same at every turn are one kind of danger (a byte
        # of a hand's ``order``): folds read only the dangers, so hands whose tiles,
        # safest first, are of the same kinds of danger fold alike
        kinds: dict[tuple, int] = {}
        self.danger_kind = [kinds.setdefault(tuple(danger), len(kinds))
                            for danger in risk.tiles]
        rows = list(kinds)
        # by the hand's safest kind of danger: folding can be worth no more than throwing
        # a tile as safe as that one (or a drawn one at the mean) every turn (the loss only
        # grows with each danger), so a hand that pushes for more never folds (:meth:`settle`)
        self.above = []
        for danger in rows:
            least = [min(a, b) for a, b in zip(danger, risk.mean, strict=True)]
            value, above = 0.0, [0.0]
            for r in range(1, draws + 1):
                value = self.kept_on[r] * ((1 - least[r]) * value - least[r] * risk.loss)
                above.append(value)
            self.above.append(above)
        self.fold_values: dict[bytes | tuple, float] = {}
        # by kind of danger (the last row: a drawn tile, at the mean danger), for each r:
        # the chance that the round goes on past the throw, and its expected loss, the
        # race included
        self.fold_rows = tuple(
            [(k * (1 - v), k * v * risk.loss) for k, v in zip(self.kept_on, danger,
                                                               strict=True)]
            for danger in (*rows, risk.mean))
        self.mean_row = self.fold_rows[-1]
        self.coefficients: dict[int, list] = {}
        self.safest = sorted(range(N_KINDS), key=lambda t: (risk.shares[t], t))
        self.shared = 0  # hands not ready that took another's settled curves
        self.by_safety = itemgetter(*self.safest)  # a hand's counts, safest tile first
        self.units = [bytes((self.danger_kind[t],)) for t in self.safest]
        self.never = [-inf] * (draws + 1)  # nothing to lose: folding is never tried
        # the roots' shanten (set by the first, :meth:`chance`), and by shanten the most
        # turns left at which a hand's values are read: each draw kept lowers the shanten
        # by one and takes a turn, so a hand ``top - s`` draws from a root is read only with
        # ``draws - (top - s)`` turns left or fewer, and its curves stop there (exact: the
        # values at each r read only values at r or fewer)
        self.top: int | None = None
        self.reach: list[int] = []
        # settled curves by their values: hands settled alike share one object (see settle)
        self.interned: dict[tuple, tuple] = {}

    def risky(self, kid: tuple, tile: int) -> tuple:  # type: ignore[override]
        """A kid's curves after throwing ``tile`` to reach it, by the turns left when the
        tile is thrown: it deals in (the loss, and the round is over) or the kid goes on
        with a turn fewer."""
        key = (id(kid), self.danger_kind[tile])  # tiles of one kind of danger: the same
        found = self.risked.get(key)
        if found is None:
            on, lost = self.going[tile], self.lost[tile]
            w, t, p, x = kid
            zero = self.zeros[0]
            found = ([zero, *map(mul, on, w)], [zero, *map(mul, on, t)],
                     [zero, *map(sub, map(mul, on, p), lost)],
                     [zero, *map(add, map(mul, on, x), self.dangers[tile])])
            self.risked[key] = found, kid  # the kid kept alive while its id keys this
            return found
        return found[0]

    def better_at(self, best: tuple, kid: tuple) -> list[bool]:
        """By :func:`~mjcore.play.bestplay.curves._beats_points` on net points: more
        points, then a higher chance of winning, then tenpai.

        The points decide almost every entry, so they are compared first for all r at
        once (in C), and the chances only where the points are within
        :data:`POINTS_TIE` of each other (r = 0 among them): the same answers as
        :func:`_beats_points` entry by entry."""
        (bw, bt, bp, _), (w, t, p, _), ptie = best, kid, self.ptie
        better = list(map(gt, p, map(add, bp, repeat(ptie))))  # more points
        near = list(map(ge, p, map(sub, bp, repeat(ptie))))  # not fewer points
        if near != better:  # as many points: the chance of winning, then tenpai
            tie = self.tie
            for r in compress(range(len(p)), map(ne, near, better)):
                w1, w2 = bw[r], w[r]
                better[r] = w2 > w1 + tie or (w2 >= w1 - tie and t[r] > bt[r] + tie)
        return better

    def _step(self, live: int, kids: list[tuple[tuple, int]]) -> _Pending:
        """What the four curves of a hand not ready are made of: each turn the round may
        end (the race), then a draw leads to a kid (its curves already hold the
        discard's danger) or is thrown at the mean danger (:meth:`_steps`).  The curves
        themselves are run turn by turn in :meth:`settle`, where the hand may fold."""
        if len(kids) < 4:  # few kids: list by list (column by column costs more here)
            (first, c), *rest = kids
            totals = []
            for n in range(4):
                total = [c * v for v in first[n]]
                for kid, k in rest:
                    total = list(map(add, total, map(mul, kid[n], repeat(k))))
                totals.append(total)
        else:  # turn by turn, each a sum of products in C
            copies = [k for _, k in kids]
            totals = [[sum(map(mul, turn, copies))
                       for turn in zip(*[kid[n] for kid, _ in kids], strict=True)]
                      for n in range(4)]
        return _Pending(self.coefficients.get(live) or self._steps(live), totals)

    def _steps(self, live: int) -> list[tuple[float, float, float, float]]:
        """For a hand with ``live`` copies that help, for r = 1..draws, the coefficients
        ``(a, b, lost, dealt)`` of ``value[r] = a * kids[r] + b * value[r - 1]``, less
        ``lost`` for the points and plus ``dealt`` for the chance of dealing in."""
        keep, on, lost, mean = self.kept_on, self.mean_on, self.mean_lost, self.risk.mean
        rows = []
        for r in range(1, self.draws + 1):
            left = self.base + r
            if live >= left:  # a tiny wall: each share shrinks to fit
                rows.append((keep[r] / live, 0.0, 0.0, 0.0))
                continue
            f = keep[r] / left
            stay = f * (left - live)
            rows.append((f, stay * on[r], stay * lost[r], stay * mean[r]))
        self.coefficients[live] = rows
        return rows

    def ready3(self, hand: int, mask: int, rules: Rules | None) -> tuple[list, ...]:
        """A ready hand's four curves (:func:`_stop_curves` with the danger of the tiles it
        draws and throws), or folding where that is worth more."""
        key = self.pay_key(hand, mask)
        reach = self.reach[0]
        found = self.readies.get((key, reach))
        if found is None:  # r up to reach: the same values as up to draws (each r alone)
            w, p, _, x = _stop_curves(key, self.base, reach, self.one, keep=self.keep,
                                      risk=(self.risk.mean, self.risk.loss))
            found = self.readies[key, reach] = (w, self.ones[:reach + 1], p, x)
        return self.settle(hand, found)

    def settle(self, hand: int, found: tuple | _Pending) -> tuple:
        """Push or fold at each number of turns left: fold where its value (a loss, at
        most 0) is above pushing's by more than :data:`POINTS_TIE`; a folded hand wins
        nothing and is not counted ready.

        A hand not ready (``found`` a :class:`_Pending`) is run turn by turn, each turn
        reading the settled one before: a draw that does not help leads to this hand
        with a turn fewer, which may have folded.  A ready hand pushes to the end from
        each turn or folds (:meth:`ready3`).  Folding is tried only where
        :attr:`above` says it may be worth more.  The curves stop at ``reach`` turns
        left, the most the hand is read at (see the class).
        """
        loss = self.risk.loss
        pending = type(found) is _Pending
        reach = self.reach[self.masks[hand][0]]  # the most turns left the hand is read at
        if not pending and len(found[0]) > reach + 1:  # (the values of no draw that helps)
            found = tuple(curve[:reach + 1] for curve in found)
        if not loss and not pending:  # nothing to lose: folding is never worth more
            return found
        order = self.order(hand.to_bytes(N_KINDS, "little"))
        if pending:  # settled already for a hand of the same kids folding alike?
            settled = found.settled
            for m in found.lengths:
                hit = settled.get(order[:m])
                if hit is not None:
                    if hit[1] is not None:
                        self.folds[hand] = hit[1]
                    self.shared += 1
                    return hit[0]
        above = self.above[order[0]] if loss else self.never
        draws, tie, fold_at = self.draws, POINTS_TIE, self._fold
        zero = self.zeros[0]
        if not pending:  # a ready hand: where pushing is not clearly best, it may fold
            p = found[2]
            for r0 in range(1, reach + 1):
                if above[r0] > p[r0] + tie and fold_at(order, r0) > p[r0] + tie:
                    break
            else:
                return found
            choose = [False] * (draws + 1)
            cw, ct, cp, cx = (list(curve) for curve in found)
            for r in range(r0, reach + 1):
                if above[r] > p[r] + tie:
                    fold = fold_at(order, r)
                    if fold > p[r] + tie:
                        choose[r] = True
                        cw[r] = ct[r] = zero
                        cp[r], cx[r] = fold, -fold / loss
            self.folds[hand] = choose
            return self.intern((cw, ct, cp, cx))
        tw, tt, tp, tx = found.totals
        w = t = p = x = zero  # nothing is won, lost or made with no turn left
        cw, ct, cp, cx = [w], [w], [w], [w]
        choose, read = None, 1 if loss else 0  # read: the tiles (safest first) folds read
        fold_values, n = self.fold_values, len(order)
        for r, (a, b, lost, dealt), kw, kt, kp, kx in zip(
                range(1, reach + 1), islice(found.coefficients, reach), islice(tw, 1, None),
                islice(tt, 1, None), islice(tp, 1, None), islice(tx, 1, None), strict=True):
            w = a * kw + b * w
            t = a * kt + b * t
            p = a * kp + b * p - lost
            x = a * kx + b * x + dealt
            if above[r] > p + tie:
                fold = fold_values.get(order[:r] if r <= n else (order, r))  # as _fold keys
                if fold is None:
                    fold = fold_at(order, r)
                read = r
                if fold > p + tie:
                    if choose is None:
                        choose = [False] * (draws + 1)
                    choose[r] = True
                    w = t = zero
                    p, x = fold, -fold / loss
            cw.append(w)
            ct.append(t)
            cp.append(p)
            cx.append(x)
        curves = self.intern((cw, ct, cp, cx))
        if read not in found.lengths:
            found.lengths.append(read)
        found.settled[order[:read]] = curves, choose
        if choose is not None:
            self.folds[hand] = choose
        return curves

    def intern(self, curves: tuple) -> tuple:
        """The curves of a settled hand, as the one object of their values: a hand's
        parents key its values by the object (``risked``, ``bests``, the groups of
        ``steps``), so hands whose curves are equal, though their tiles differ, share the
        work above them.  Exact: equal values are the same values."""
        cw, ct, cp, cx = curves
        key = (*cp, *cw, *ct, *cx)
        found = self.interned.get(key)
        if found is None:
            found = self.interned[key] = curves
        return found

    def order(self, held: bytes) -> bytes:
        """A hand's tiles (``held``, its bytes), safest first, each copy once, each as
        its kind of danger (``danger_kind``)."""
        return b"".join(map(mul, self.units, self.by_safety(held)))

    def _fold(self, order: bytes, top: int) -> float:
        """Folding's points with ``top`` turns left, the hand's tiles safest first being
        ``order``: each turn the player throws the next of them when it is no more
        dangerous than a tile drawn, else the tile it draws (at the mean danger).  Kept
        by the tiles it may throw (``fold_values``): hands alike in the kinds of danger of
        their ``top`` safest tiles fold alike."""
        key = order[:top] if len(order) >= top else (order, top)
        found = self.fold_values.get(key)
        if found is not None:
            return found
        rows, mean = self.fold_rows, self.mean_row
        v, alive, j = self.zeros[0], 1.0, 0
        for r in range(top, 0, -1):
            on, lost = mean[r]
            if j < len(order):
                here = rows[order[j]][r]
                if here[0] >= on:
                    on, lost = here
                    j += 1
            v -= alive * lost  # lost and on hold the race of this turn already
            alive *= on
        self.fold_values[key] = v
        return v

    def fold_curves(self, held: bytes) -> list:
        """Folding's points from a hand (``held``, its bytes) by turns left (the chance of
        dealing in is the loss over the cost of one deal-in)."""
        order = self.order(held)
        return [self.zeros[0]] + [self._fold(order, r) for r in range(1, self.draws + 1)]

    def chance(self, tile: int | None, counts: tuple[int, ...]) -> WinChance:
        """One root: the hand after throwing ``tile`` (None: a 13-tile hand as it is), that
        throw's own danger included."""
        hand = _key(counts)
        s = (self.masks.get(hand) or self.scan(hand, self.rules))[0]
        if s <= self.draws:
            if self.top is None:
                self.top = s
                self.reach = [self.draws - s + shanten for shanten in range(s + 1)]
            elif s != self.top:
                raise ValueError("a search with deal-ins values roots of one shanten")
            w, t, p, x = self.values.get(hand) or self.value(hand, self.rules)
            fold = self.folds.get(hand, [False] * (self.draws + 1))[-1]
        else:  # too far to win: valued by folding at once
            zeros = self.zeros
            p = self.fold_curves(hand.to_bytes(N_KINDS, "little"))
            x = [-v / self.risk.loss if self.risk.loss else v for v in p]
            w, t, fold = zeros, zeros, True
        fold = fold or w[-1] <= GIVEN_UP  # it no longer plays to win
        if tile is None:
            return WinChance(None, s, w[-1], tuple(w), t[-1], p[-1], None, x[-1], fold)
        danger, loss = self.risk.root[tile], self.risk.loss
        return WinChance(tile, s, (1 - danger) * w[-1], tuple((1 - danger) * v for v in w),
                         (1 - danger) * t[-1], (1 - danger) * p[-1] - danger * loss,
                         None, (1 - danger) * x[-1] + danger, fold)
