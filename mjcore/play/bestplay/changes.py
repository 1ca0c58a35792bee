"""The general search: hand changes 手替わり, wild tiles, and the reference for the others.

:class:`_Search` builds the graph of hands reachable under one policy (13-nodes before a
draw, 14-nodes after it), then values it draw by draw.  It runs when the player may keep
a draw that does not lower the shanten, to trade for a better shape (``hand_changes``,
while the hand is on track: tiles beyond the start plus shanten at most the start's
shanten), under wild rules (every draw tried), and as the slow reference the tests hold
the quick searches of :mod:`~mjcore.play.bestplay.progress` against
(``quick=False``).  A hand and its images under the symmetries of the start and the
wall are one node (``keys._least_image``), and values are found once per class of nodes
it cannot tell apart (``_quotient``); a ready hand off track is a leaf valued by its
live copies.  Explained in chapter 6: the policy (section 2), how far its simple count
is from the exact one (section 4), what keeps it quick (section 8, "Points and hand
changes, quicker").  Under wild rules :func:`~mjcore.play.bestplay.api.win_chances`'
docstring shows it at work.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from collections.abc import Sequence
from fractions import Fraction
from functools import partial
from itertools import islice, repeat
from math import fsum
from operator import add, itemgetter, mul, sub, truediv

from ...base.rules import Rules
from ...base.tiles import N_KINDS
from ...hand.effective import effective_mask
from ...hand.shanten import discards_bytes, scan_bytes, shanten
from . import limits
from .curves import (
    TIE,
    _beats,
    _beats_points,
    _first_shown,
    _fold,
    _pay_groups,
    _ready_curve,
    _stop_curves,
    _tie,
)
from .keys import _ONE, _key, _least_image, _Tiles
from .leaves import leaf_curves
from .limits import (
    GROWTH,
    MAX_WILD_EVALUATIONS,
    _refuse,
    _refuse_early,
    _refuse_wild,
)
from .results import WinChance


class _Search:
    """The graph of hands reachable under one policy, and its values by draws done.

    A *13-node* is a hand before a draw (3n+1 tiles); a *14-node* a hand
    after a draw, before the discard.  ``cap[t] - hand[t]`` is the count
    of tile ``t`` still to draw; ``total`` the unseen tiles before the
    first draw.  Values are lists indexed by draws done ``j = 0..draws``.
    """

    def __init__(self, rules: Rules, draws: int, total: int, cap: Sequence[int],
                 hand_changes: bool, origin: tuple[int, ...], points,
                 discard_wins: bool = False, leaves: bool = False,
                 images: bool = False) -> None:
        self.rules, self.draws, self.total, self.cap = rules, draws, total, tuple(cap)
        self.hand_changes, self.origin, self.points = hand_changes, origin, points
        self.discard_wins = discard_wins  # four seats: a ready hand wins on discards too
        self.keep = None  # the race, by draws left (four seats, keep only progress), or None
        self.disc13: list | None = None  # by hand: the chance of winning on a discard
        self.four_curves: dict = {}  # live copies (or waits and points) -> curves
        self.s_origin = shanten(origin, rules) if hand_changes else 0
        # hands within two draws that are too many (with draws enough to grow past them)
        growth = GROWTH[min(max(self.s_origin, 3), 4)]
        self.early = (limits.MAX_POSITIONS // growth if hand_changes and draws > self.s_origin + 2
                      else limits.MAX_POSITIONS)
        self.index13: dict[int, int] = {}  # a hand as one integer, a byte per tile
        self.index14: dict[int, int] = {}
        self.shanten13: list[int] = []
        self.kids13: list[list[tuple[int, int]]] = []  # (copies, 14-node): effective draws
        self.swaps13: dict[int, list[tuple[int, int]]] = {}  # other draws worth keeping
        self.kids14: list[list[tuple[int, int]] | None] = []  # (discard, 13-node); None: a win
        self.gain14: list[float] = []  # points collected for a win, else 0
        self.pay14: dict[int, tuple] = {}  # with discard wins: a win's (on a discard, drawn)
        self.todo: list[int] = []
        self.depth13: list[int] = []
        self.dist13: list[int] = []  # tiles held beyond the starting hand (hand changes)
        self.depth = 0
        self.keeps: dict[int, bool] = {}
        self.known: dict[int, int] = {}
        self.mask_calls = self.shanten_calls = self.classes = 0
        self.discard_memo: dict = {}  # for discards_bytes: the parts seen in this search
        self.kept: dict[int, set[int]] = {}  # for follow: the 14-nodes each 13-node keeps
        self.wild = rules.wild is not None
        self.evaluations = MAX_WILD_EVALUATIONS  # under wild rules, the most before a refusal
        self.cut = 0  # leaves (keep only progress, approximate): see _Progress.cut
        self.leaf_at: dict[int, tuple] = {}  # a leaf 13-node -> (table, steps, live)
        # ready hands off track as leaves (see _expand13 and _node14): with hand changes
        # and the chance of winning as the goal (follow waits at a leaf)
        self.leaves = (leaves and hand_changes and not self.wild and points is None
                       and not discard_wins)
        self.ready13: dict[int, int] = {}  # a ready 13-node off track -> its live copies
        self.ready14: dict[int, int] = {}  # a 14-node whose discards all leave such a hand
        self.lives: dict[int, int] = {}  # a ready hand (one integer) -> its live copies
        self.capital = int.from_bytes(bytes(self.cap), "little")  # minus a hand: copies left
        self.tiles = _Tiles()
        # with hand changes (``images``: no caller follows the policy on a wall, and the
        # points, if any, tell no image from another), a hand and its images
        # (:func:`_least_image`) are one node, the least: the hands as nodes see them,
        # kids included, are least images
        self.image = (_least_image(origin, self.cap)
                      if images and hand_changes and not self.wild else None)
        # a hand met before -> its node: each hand's image is worked out once
        self.seen13 = self.index13 if self.image is None else {}
        self.seen14 = self.index14 if self.image is None else {}

    # building ----------------------------------------------------------------
    def _distance(self, counts: Sequence[int]) -> int:
        return sum(c - o for c, o in zip(counts, self.origin, strict=True) if c > o)

    def root(self, counts: tuple[int, ...]) -> int:
        """The index of a 3n+1 hand given as counts, added (to expand) if new."""
        hand = _key(counts)
        return self.node13(hand if self.image is None else self.image(hand))

    def find13(self, counts: Sequence[int]) -> int:
        """The index of a visited 3n+1 hand given as counts."""
        hand = _key(counts)
        return self.index13[hand if self.image is None else self.image(hand)]

    def node13(self, hand: int, dist: int | None = None) -> int:
        """The index of a 3n+1 hand (one integer, a byte per tile), added (to expand) if
        new; ``dist`` its :meth:`_distance` when the caller knows it."""
        i = self.index13.get(hand)
        if i is None:
            i = self.index13[hand] = len(self.shanten13)
            if i >= self.early and self.depth <= 2:
                _refuse_early(i)
            if i >= limits.MAX_POSITIONS:
                _refuse()
            self.shanten13.append(0)
            self.kids13.append([])
            self.depth13.append(self.depth)
            self.dist13.append(self._distance(hand.to_bytes(N_KINDS, "little"))
                               if dist is None else dist)
            self.todo.append(hand)
        return i

    def build(self) -> None:
        """Visit the hands breadth first: ``depth13`` is the fewest draws to reach each."""
        done = 0
        while done < len(self.todo):
            hand = self.todo[done]
            done += 1
            i = self.index13[hand]
            self.depth = self.depth13[i] + 1
            self._expand13(i, hand)
        self.todo.clear()

    def _node14(self, key: int, hand: int, tile: int, s: int, effective: bool,
                dist: int) -> int:
        """The 14-node after drawing ``tile`` into a 13-node of shanten ``s``: ``hand``, or
        the node ``key`` (its least image, see ``image``); ``dist`` its tiles beyond the
        starting hand."""
        k = self.index14.get(key)
        if k is not None:
            return k
        k = self.index14[key] = len(self.kids14)
        b = hand.to_bytes(N_KINDS, "little")
        if s == 0 and effective:
            self.kids14.append(None)
            self.gain14.append(self.points(tuple(b), tile, True) if self.points else 0.0)
            if self.points and self.discard_wins:
                self.pay14[k] = (self.points(tuple(b), tile, False), self.gain14[k])
            return k
        self.kids14.append([])
        self.gain14.append(0.0)
        now = s - 1 if effective else s
        origin, one = self.origin, _ONE
        if self.hand_changes and dist + now <= self.s_origin:  # free: every discard
            self.kids14[k] = self._into(hand, [(d, dist - (c > origin[d]))
                                               for d, c in enumerate(b) if c])
            return k
        if self.rules.wild is None:
            # the discards that keep the shanten (the hand after the draw is at ``now``),
            # read from the tables in one call, ascending as the loop below takes them
            _, tiles = discards_bytes(b, self.rules, self.discard_memo)
            if now == 0 and self.leaves and all(dist - (b[d] > origin[d]) > self.s_origin
                                                for d in tiles):
                # every discard leaves a ready hand off track: the best has the most live
                # copies, and none needs a node
                lives, live = self.lives, self._live
                self.ready14[k] = max(lives.get(hand - one[d]) or live(hand - one[d])
                                      for d in tiles)
                return k
            self.kids14[k] = self._into(hand, [(d, dist - (b[d] > origin[d]))
                                               for d in tiles if d != tile or not effective])
            return k
        kids = []
        for d in range(N_KINDS):
            if not b[d]:
                continue
            if d == tile and effective:
                continue  # back to the hand before the draw: shanten s, not s - 1
            after = hand - one[d]
            if self.shanten_of(after) != now:
                continue
            kids.append((d, self.node13(after, dist - (b[d] > origin[d]))))
        self.kids14[k] = kids
        return k

    def _into(self, hand: int, discards: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """(discard, 13-node) for each (discard, tiles beyond the start after it) of a
        3n+2 ``hand``, the 13-nodes added if new."""
        get13 = self.index13.get  # a hand seen: its index, with no call (index 0 calls)
        node13, one, image = self.node13, _ONE, self.image
        if image is None:
            return [(d, get13(hand - one[d]) or node13(hand - one[d], dist))
                    for d, dist in discards]
        seen, found = self.seen13, []
        for d, dist in discards:
            kid = hand - one[d]
            i = seen.get(kid)
            if i is None:
                least = image(kid)
                i = seen[kid] = get13(least) or node13(least, dist)
            found.append((d, i))
        return found

    def shanten_of(self, hand: int) -> int:
        """:func:`mjcore.shanten` of a 3n+1 hand, remembered for this search only."""
        s = self.known.get(hand)
        if s is None:
            self.shanten_calls += 1
            s = self.known[hand] = shanten(tuple(hand.to_bytes(N_KINDS, "little")), self.rules)
        return s

    def _worth_keeping(self, hand: int, tile: int, s: int) -> bool:
        """Whether a drawn ``tile`` that is not effective can stay without a step back."""
        known = self.keeps.get(hand)
        if known is None and self.rules.wild is None:
            # the hand's shanten is s (the draw did not lower it): the discards that keep it
            _, tiles = discards_bytes(hand.to_bytes(N_KINDS, "little"), self.rules,
                                      self.discard_memo)
            known = self.keeps[hand] = any(d != tile for d in tiles)
        elif known is None:
            known = False
            b = hand.to_bytes(N_KINDS, "little")
            for d in range(N_KINDS):
                if b[d] and d != tile:
                    if self.shanten_of(hand - _ONE[d]) <= s:
                        known = True
                        break
            self.keeps[hand] = known
        return known

    def _expand13(self, i: int, hand: int) -> None:
        self.mask_calls += 1
        if self.wild and (N_KINDS + 1) * self.mask_calls + self.shanten_calls \
                > self.evaluations:
            _refuse_wild()
        b = hand.to_bytes(N_KINDS, "little")
        if self.wild:
            s, mask = effective_mask(tuple(b), self.rules)
        else:
            s, mask = scan_bytes(b, self.rules)[2:]
        self.shanten13[i] = self.known[hand] = s
        if s + self.depth13[i] > self.draws:
            return  # not even ready in time from here: worth 0
        if s and s <= self.cut:  # a leaf: valued from the table by its live effective copies
            left = (self.capital - hand).to_bytes(N_KINDS, "little")
            self.leaf_at[i] = (f"wild{b[self.rules.wild]}", s,
                               sum(map(left.__getitem__, self.tiles[mask])))
            return
        cap, origin, dist, one, node14 = self.cap, self.origin, self.dist13[i], _ONE, self._node14
        image = self.image
        if s == 0 and self.leaves and dist > self.s_origin:
            # a ready hand off track only waits: its value is the chance of drawing one of
            # its live copies (:func:`_ready_curve`), its wins need no nodes
            self.ready13[i] = self._live(hand, mask)
            return
        kids, swaps = [], []
        free = self.hand_changes and dist + s <= self.s_origin
        seen = self.seen14.get  # a hand met: its node, with no call
        if not free:  # only the effective tiles
            for t in self.tiles[mask]:
                c = cap[t] - b[t]
                if c > 0:
                    grown = hand + one[t]
                    k = seen(grown)
                    if k is None:
                        k = node14(grown if image is None else image(grown), grown, t, s,
                                   True, dist + (b[t] >= origin[t]))
                        self.seen14[grown] = k
                    kids.append((c, k))
            self.kids13[i] = kids
            return
        for t in range(N_KINDS):
            c = cap[t] - b[t]
            if c <= 0:
                continue
            grown = hand + one[t]
            effective = mask >> t & 1
            if effective or self._worth_keeping(grown, t, s):
                k = seen(grown)
                if k is None:
                    k = node14(grown if image is None else image(grown), grown, t, s,
                               bool(effective), dist + (b[t] >= origin[t]))
                    self.seen14[grown] = k
                (kids if effective else swaps).append((c, k))
        self.kids13[i] = kids
        if swaps:
            self.swaps13[i] = swaps

    def _waits(self, hand: int) -> int:
        """The waits of a ready 3n+1 hand, as a mask (for :meth:`follow` at a leaf)."""
        return scan_bytes(hand.to_bytes(N_KINDS, "little"), self.rules)[3]

    def _live(self, hand: int, mask: int | None = None) -> int:
        """The live copies of the waits (``mask``, read if not given) of a ready 3n+1 hand
        (then kept in ``lives``)."""
        if mask is None:
            mask = scan_bytes(hand.to_bytes(N_KINDS, "little"), self.rules)[3]
        left = (self.capital - hand).to_bytes(N_KINDS, "little")
        found = self.lives[hand] = sum(map(left.__getitem__, self.tiles[mask]))
        return found

    # values ------------------------------------------------------------------
    def solve(self, objective: str, one: float | Fraction = 1.0, full: bool = False) -> None:
        """Fill ``win13``, ``ten13``, ``pts13`` (lists by draws done) with the best choices.

        ``one`` is 1.0, or ``Fraction(1)`` for exact values (tests).  With hand changes a
        hand's values are filled from the fewest draws that reach it on (earlier draws
        done are never read: a hand's kids are reached a draw later), unless ``full``.

        With hand changes the graph has cycles (a trade can be undone), so
        the values go backwards one draw at a time over the classes of
        :meth:`_quotient`.  Each draw's values are one list over the classes
        (a column): a class's draws are read from the column of the draw
        after, as one sum over its links.
        """
        if not self.hand_changes:
            self._solve_by_hand(objective, one)
            return
        draws, total = self.draws, self.total
        tie = _tie(one)
        of13, shanten13, kids13, swaps13, kids14, gain14, depth = self._quotient()
        n13 = len(shanten13)
        leaf13, leaf14 = self.leaf13, self.leaf14
        curves = {live: _ready_curve(live, total - draws, draws, one)
                  for live in {*leaf13.values(), *leaf14.values()}}
        leaves13 = [(c, curves[live]) for c, live in leaf13.items()]
        leaves14 = [(c, curves[live]) for c, live in leaf14.items()]
        if full:
            depth = [0] * n13
        zero = one - one
        by_points = objective == "points"
        points = self.points is not None
        # a 14-class's fewest draws to reach (a draw more than its least parent's)
        depth14 = [draws + 1] * len(kids14)
        for i in range(n13):
            d = depth[i] + 1
            for _c, k in kids13[i] + swaps13[i]:
                if d < depth14[k]:
                    depth14[k] = d
        # a 13-class whose draws kept (swaps included) cannot outnumber the tiles left
        # (``tight``, the fewest left before a draw) is *plain*: its links, swaps joined,
        # go in one flat list, each class a slice of it (a 14-class at most once: copies
        # leading to one class are added up), so that a column is a few calls that map
        # over every class at once (fsum over each slice, then the division). Plain
        # classes are computed for every draw done, even those of higher shanten than
        # can be ready in time or of draws done before the fewest that reach them: the
        # first come out 0, exactly as if skipped, the second are never read (a hand's
        # kids are reached a draw later), so their values are those of the earlier loop
        tight = total - draws + 1
        adder = fsum if isinstance(one, float) else partial(_fold, zero)

        class _Flat:
            """Links of some classes as flat lists, each class a slice: the copies and
            14-classes, read by :meth:`sums` in one pass over every class."""

            def __init__(self) -> None:
                self.copies: list = []
                self.kids: list = []
                self.slices: list = []

            def add(self, links: list[tuple[int, int]]) -> None:
                start = len(self.copies)
                self.copies += [c for c, _ in links]
                self.kids += [k for _, k in links]
                self.slices.append(slice(start, len(self.copies)))

            def done(self) -> None:
                """Ready to read: the copies as ``one`` (a float times a float is
                quicker), the 14-classes as one getter."""
                self.copies = [c * one for c in self.copies]
                self.get = itemgetter(*self.kids) if len(self.kids) > 1 else (
                    lambda v14: tuple(v14[k] for k in self.kids))

            def sums(self, v14: list) -> list:
                """Each class's copies times the values ``v14`` of their 14-classes, summed
                (the products in link order, added exactly: fsum)."""
                prods = list(map(mul, self.copies, self.get(v14)))
                return list(map(adder, map(prods.__getitem__, self.slices)))

        plain, plain_t, small, small_swaps = _Flat(), _Flat(), _Flat(), _Flat()
        idx, lives, idx_t, lives_t = [], [], [], []
        tiny = []  # the small classes: (class, shanten, its position in small, copies of draws
        for i in range(n13):  # that help, of the others)
            if i in leaf13:
                continue
            live, extra = sum(c for c, _ in kids13[i]), sum(c for c, _ in swaps13[i])
            if live + extra > tight:
                tiny.append((i, shanten13[i], len(tiny), live, extra))
                small.add(kids13[i])
                small_swaps.add(swaps13[i])
                continue
            if swaps13[i]:
                merged: dict[int, int] = {}
                for c, k in kids13[i] + swaps13[i]:
                    merged[k] = merged.get(k, 0) + c
                links = [(c, k) for k, c in merged.items()]
            else:
                links = kids13[i]
            plain.add(links)
            idx.append(i)
            lives.append(live + extra)
            if shanten13[i] > 0:  # a ready hand's chance of tenpai stays 1
                plain_t.add(links)
                idx_t.append(i)
                lives_t.append(live + extra)
        for flat in (plain, plain_t, small, small_swaps):
            flat.done()
        base14 = [one if kids is None else zero for kids in kids14]
        for c, _curve in leaves14:
            base14[c] = one  # (the tenpai of a leaf; its win is set for each draw)
        gain_base = [g * one if kids is None else zero for kids, g in zip(kids14, gain14,
                                                                         strict=True)]
        live14 = [(k, kids[0], kids[1:]) for k, kids in enumerate(kids14) if kids]
        live14.sort(key=lambda kk: depth14[kk[0]])
        starts14 = [depth14[k] for k, _, _ in live14]
        win = [[zero] * n13]  # by draws done, from the last: win[0] is draws done = draws
        ten = [[one if s <= 0 else zero for s in shanten13]]
        pts = [[zero] * n13] if points else None
        # a sum that every Python rounds alike: sum() compensates floats from 3.12 on, so
        # CPython 3.11 and Pyodide's 3.14 would differ in the last bit; fsum rounds exactly
        # (and is as quick), exact fractions add in link order

        def column(flat: _Flat, idx: list[int], lives: list[int], v14: list, va: list,
                   left: int, out: list) -> None:
            """One draw's values of the plain classes ``idx`` into ``out``: (the copies
            times their 14-classes' values ``v14``, summed, plus the draws that miss
            times the class's value a draw later ``va``) over the tiles left."""
            stays = map(mul, map(sub, repeat(left), lives), map(va.__getitem__, idx))
            deque(map(out.__setitem__, idx,
                      map(truediv, map(add, flat.sums(v14), stays), repeat(left))),
                  maxlen=0)

        for j in range(draws - 1, -1, -1):
            wa, ta = win[-1], ten[-1]
            pa = pts[-1] if points else None
            # 14-classes at draws done j + 1: the best discard, the first of equals
            w14, t14 = list(base14), list(base14)
            p14 = list(gain_base) if points else None
            for k, b, rest in islice(live14, bisect_right(starts14, j + 1)):
                bw, bt = wa[b], ta[b]
                if by_points:
                    bp = pa[b]
                    for i in rest:
                        if _beats_points(pa[i], wa[i], ta[i], bp, bw, bt, tie):
                            b, bw, bt, bp = i, wa[i], ta[i], pa[i]
                else:
                    for i in rest:
                        w = wa[i]
                        if w > bw + tie or (w >= bw - tie and ta[i] > bt + tie):
                            b, bw, bt = i, w, ta[i]
                w14[k], t14[k] = bw, bt
                if points:
                    p14[k] = pa[b]
            for k, curve in leaves14:  # ready after the discard, draws - j - 1 left
                w14[k] = curve[draws - j - 1]
            # 13-classes at draws done j: one draw, then the values above
            left = total - j
            wj = [zero] * n13
            tj = list(ten[0])
            pj = [zero] * n13 if points else None
            reach = draws - j  # a class of higher shanten cannot be ready in time: 0
            for i, curve in leaves13:
                wj[i] = curve[reach]
            column(plain, idx, lives, w14, wa, left, wj)
            column(plain_t, idx_t, lives_t, t14, ta, left, tj)
            if points:
                column(plain, idx, lives, p14, pa, left, pj)
            # a tiny wall: the draws kept may promise more than is left; then the draws
            # that help keep their share and the others share what remains (or all shrink
            # in proportion)
            kw, sw = small.sums(w14), small_swaps.sums(w14)
            kt, st = small.sums(t14), small_swaps.sums(t14)
            kp, sp = (small.sums(p14), small_swaps.sums(p14)) if points else (kw, sw)
            for i, s, n, live, extra in tiny:
                if s > reach or depth[i] > j:
                    continue
                w, t, p, ew, et, ep = kw[n], kt[n], kp[n], sw[n], st[n], sp[n]
                if live > left:
                    w, t, p = w * left / live, t * left / live, p * left / live
                    live, extra = left, 0
                elif live + extra > left:
                    room = left - live
                    ew, et, ep = ew * room / extra, et * room / extra, ep * room / extra
                    extra = room
                if extra:
                    w, t, p = w + ew, t + et, p + ep
                stay = left - live - extra
                wj[i] = (w + stay * wa[i]) / left
                if s > 0:
                    tj[i] = (t + stay * ta[i]) / left
                if points:
                    pj[i] = (p + stay * pa[i]) / left
            win.append(wj)
            ten.append(tj)
            if points:
                pts.append(pj)
        self.classes = n13
        # each class's values by draws done (j = 0 first); each hand's values: its class's
        rows_w = list(zip(*reversed(win), strict=True))
        rows_t = list(zip(*reversed(ten), strict=True))
        self.win13 = [rows_w[c] for c in of13]
        self.ten13 = [rows_t[c] for c in of13]
        if points:
            rows_p = list(zip(*reversed(pts), strict=True))
            self.pts13 = [rows_p[c] for c in of13]
        else:
            self.pts13 = None

    def _quotient(self) -> tuple[list, list, list, list, list, list, list]:
        """The graph with hands of equal values merged: (class of each 13-node, and by
        class: shanten, draws kept, draws kept to trade, and for 14-node classes the
        13-node classes to discard into (None for a win), the points of a win; last,
        each 13-node class's fewest draws to reach).  A class's draws are (copies,
        14-class) pairs, the copies leading to one class added up; its discards are
        classes, each once, in the order of the first member's discards.

        A hand free to trade is a class of its own, a leaf (a ready hand
        off track, or a 14-node whose discards all leave one) a class per
        number of live copies (its best discard's).  Any other 13-node
        keeps only progress: going up from shanten 0, two such hands of one
        shanten are merged when their draws lead, copy for copy, to 14-nodes
        of the same classes, and two 14-nodes when they win the same points
        or their discards lead to the same set of 13-node classes.  A
        14-node back on track (a draw of a tile the starting hand held) may
        discard into a hand of the shanten being classed that has no class
        yet: it is a class of its own.  Each class's members get the same
        values in the loop of :meth:`solve` (they are read in the same order
        from the same numbers, up to the rounding of copies added up), so it
        values one hand per class.  For 234578m1689p357s1z with hand changes
        (17 draws, riichi rules), 45,345 nodes of 13 tiles make 11,459
        classes and 71,772 of 14 (20,621 of them leaves) make 13,642: the
        loop reads 139,000 links instead of 426,000.  Built with a node for
        each hand (``images`` off), 83,876 hands of 13 tiles make 19,897
        classes and 135,070 of 14 make 23,809, 246,000 links instead of
        759,000.
        """
        kids13, kids14, swaps13, gain14 = self.kids13, self.kids14, self.swaps13, self.gain14
        shanten13, dist13, s_origin = self.shanten13, self.dist13, self.s_origin
        ready13, ready14 = self.ready13, self.ready14
        n13 = len(kids13)
        of13: list = [None] * n13
        of14: list = [None] * len(kids14)
        names13: dict = {}
        names14: dict = {}
        reps13: list[int] = []  # each class's first member
        reps14: list[int] = []
        kids: list = []  # each 13-class's draws: (copies, 14-class)
        levels: dict[int, list[int]] = {}  # the other 13-nodes, by shanten
        free = []
        for i, s in enumerate(shanten13):
            if dist13[i] + s <= s_origin:  # free: its own class
                of13[i] = len(reps13)
                reps13.append(i)
                kids.append(None)
                free.append(i)
            elif i in ready13:  # a leaf: its class by its live copies
                key = ("ready", ready13[i])
                c = names13.get(key)
                if c is None:
                    c = names13[key] = len(reps13)
                    reps13.append(i)
                    kids.append([])
                of13[i] = c
            else:
                found = levels.get(s)
                if found is None:
                    levels[s] = [i]
                else:
                    found.append(i)

        def class14(k: int) -> int:
            kids = kids14[k]
            if kids is None:
                key = ("win", gain14[k])
            elif k in ready14:
                key = ("ready", ready14[k])
            else:
                found = [of13[i] for _d, i in kids]
                key = k if None in found else frozenset(found)  # k: a class of its own
            c = names14.get(key)
            if c is None:
                c = names14[key] = len(reps14)
                reps14.append(k)
            of14[k] = c
            return c

        def draws(links: list[tuple[int, int]]) -> dict[int, int]:
            merged: dict[int, int] = {}
            for c, k in links:
                found = of14[k]
                if found is None:
                    found = class14(k)
                merged[found] = merged.get(found, 0) + c
            return merged

        for s in sorted(levels):
            for i in levels[s]:
                key = (s, tuple(sorted(draws(kids13[i]).items())))
                c = names13.get(key)
                if c is None:
                    c = names13[key] = len(reps13)
                    reps13.append(i)
                    kids.append([(n, k) for k, n in key[1]])
                of13[i] = c
        no_swaps: tuple = ()
        swaps: list = [[] for _ in reps13]
        for i in free:
            c = of13[i]
            kids[c] = [(n, k) for k, n in draws(kids13[i]).items()]
            swaps[c] = [(n, k) for k, n in draws(swaps13.get(i, no_swaps)).items()]
        # the leaves' classes and live copies (a 14-node leaf: the best discard's)
        self.leaf13 = {of13[i]: live for i, live in ready13.items()}
        self.leaf14 = {of14[k]: live for k, live in ready14.items() if of14[k] is not None}
        shanten = [shanten13[i] for i in reps13]
        after = [None if kids14[k] is None else list(dict.fromkeys([of13[i] for _d, i
                                                                    in kids14[k]]))
                 for k in reps14]
        gains = [gain14[k] for k in reps14]
        # each class's fewest draws to reach (its members' least)
        depth = [self.draws] * len(reps13)
        for i, c in enumerate(of13):
            if self.depth13[i] < depth[c]:
                depth[c] = self.depth13[i]
        return of13, shanten, kids, swaps, after, gains, depth

    def _solve_by_hand(self, objective: str, one: float | Fraction) -> None:
        """:meth:`solve` for keep-only-progress, one hand at a time.

        Every draw kept lowers the shanten, so the graph has no cycle and a
        breadth-first index puts each hand before the hands it leads to:
        going backwards, each hand's whole list of values is computed once
        from its children's, with the same arithmetic as the general loop.
        """
        draws, total = self.draws, self.total
        tie = _tie(one)
        zero = one - one
        zeros = [zero] * (draws + 1)
        ones = [one] * (draws + 1)
        points = self.points is not None
        by_points = objective == "points"
        shanten13, kids13, kids14 = self.shanten13, self.kids13, self.kids14
        n13 = len(shanten13)
        win13: list = [None] * n13
        ten13: list = [None] * n13
        pts13: list | None = [None] * n13 if points else None
        after14: dict[int, tuple] = {}

        def best_after(k: int) -> tuple:
            found = after14.get(k)
            if found is not None:
                return found
            kids = kids14[k]
            if kids is None:
                gain = [self.gain14[k] * one] * (draws + 1)
                found = (ones, ones, gain, zeros)  # a self-drawn win
            elif not kids:
                found = (zeros, zeros, zeros, zeros)
            else:
                first = kids[0][1]
                bw, bt = list(win13[first]), list(ten13[first])
                bp = list(pts13[first]) if points else None
                bq = list(disc13[first]) if seats else None
                for _d, i in kids[1:]:
                    w2, t2 = win13[i], ten13[i]
                    p2 = pts13[i] if points else None
                    for j in range(draws + 1):
                        if (_beats_points(p2[j], w2[j], t2[j], bp[j], bw[j], bt[j], tie)
                                if by_points else _beats(w2[j], t2[j], bw[j], bt[j], tie)):
                            bw[j], bt[j] = w2[j], t2[j]
                            if points:
                                bp[j] = p2[j]
                            if seats:
                                bq[j] = disc13[i][j]
                found = (bw, bt, bp, bq)
            after14[k] = found
            return found

        seats = self.discard_wins
        keep = self.keep
        disc13: list | None = [None] * n13 if seats else None
        leaf_at = self.leaf_at
        for i in range(n13 - 1, -1, -1):
            s = shanten13[i]
            kids = kids13[i]
            if i in leaf_at:  # by draws done: the table's curves by draws left, reversed
                w, t = leaf_curves(*leaf_at[i], draws, keep)
                win13[i], ten13[i] = w[::-1], t[::-1]
                continue
            if seats and s == 0:  # a ready hand never changes: every tile shown may win
                if points:
                    win13[i], pts13[i], disc13[i] = self._ready_four_points(kids, one)
                else:
                    win13[i], disc13[i] = self._ready_four_seats(kids, one)
                ten13[i] = ones
                continue
            w = list(zeros)
            t = list(ones) if s <= 0 else list(zeros)
            p = list(zeros) if points else None
            q = list(zeros) if seats else None
            if kids and s <= draws:
                live = 0
                sw = st = sp = sq = zeros
                for c, k in kids:
                    gw, gt, gp, gq = best_after(k)
                    live += c
                    sw = [a + c * b for a, b in zip(sw, gw, strict=True)]
                    st = [a + c * b for a, b in zip(st, gt, strict=True)]
                    if points:
                        sp = [a + c * b for a, b in zip(sp, gp, strict=True)]
                    if seats:
                        sq = [a + c * b for a, b in zip(sq, gq, strict=True)]
                for j in range(min(draws - 1, draws - s), -1, -1):
                    left = total - j
                    a, b, got = sw[j + 1], st[j + 1], live
                    e = sp[j + 1] if points else zero
                    f = sq[j + 1] if seats else zero
                    if got > left:  # as in the general loop (progress alone never gets here)
                        a, b, e, f = a * left / got, b * left / got, e * left / got, f * left / got
                        got = left
                    stay = left - got
                    w[j] = (a + stay * w[j + 1]) / left
                    if s > 0:
                        t[j] = (b + stay * t[j + 1]) / left
                    if points:
                        p[j] = (e + stay * p[j + 1]) / left
                    if seats:
                        q[j] = (f + stay * q[j + 1]) / left
                    if keep is not None:  # the race: the round goes on into this turn
                        g = keep[draws - j]
                        w[j] *= g
                        if s > 0:
                            t[j] *= g
                        if points:
                            p[j] *= g
                        if seats:
                            q[j] *= g
            win13[i], ten13[i] = w, t
            if points:
                pts13[i] = p
            if seats:
                disc13[i] = q
        self.win13, self.ten13, self.pts13, self.disc13 = win13, ten13, pts13, disc13

    def _ready_four_seats(self, kids: list[tuple[int, int]],
                          one: float | Fraction) -> tuple[list, list]:
        """A ready hand's (win, win on a discard) by draws done, when it wins on the other
        seats' discards too: it never changes, and each turn shows four tiles (three
        discards, then its own draw) from the ``n = total - j`` tiles it has not drawn,
        so it misses all ``4 r`` with the chance C(n - L, 4r) / C(n, 4r)."""
        live = sum(c for c, _ in kids)
        curves = self.four_curves.get(live)
        if curves is None:
            found = [_first_shown(live, self.total - j, 4 * (self.draws - j), one,
                                  keep=self.keep)
                     for j in range(self.draws + 1)]
            curves = self.four_curves[live] = ([w for w, _ in found], [d for _, d in found])
        return curves

    def _ready_four_points(self, kids: list[tuple[int, int]],
                           one: float | Fraction) -> tuple[list, list, list]:
        """:meth:`_ready_four_seats` with points as the goal: a ready hand's (win, points,
        win on a discard) by draws done, a win on a discard taken only where it is worth
        more than passing (:func:`_stop_curves`, the copies of its draws that win grouped
        by their two payments)."""
        key = _pay_groups((c, self.pay14[k]) for c, k in kids)
        curves = self.four_curves.get(key)
        if curves is None:
            curves = self.four_curves[key] = tuple(
                curve[::-1] for curve in _stop_curves(key, self.total - self.draws,
                                                      self.draws, one, keep=self.keep))
        return curves

    def chance(self, tile: int | None, counts: tuple[int, ...]) -> WinChance:
        i = self.find13(counts)
        w = self.win13[i]
        return WinChance(tile, self.shanten13[i], w[0], tuple(reversed(w)), self.ten13[i][0],
                         None if self.pts13 is None else self.pts13[i][0],
                         None if self.disc13 is None else self.disc13[i][0])

    def follow(self, counts: Sequence[int], wall: Sequence[int]) -> tuple[int | None, int | None]:
        """Play the policy found (the chance of winning as the goal) on a wall, from a 3n+1
        hand the search visited: (the draw that wins, 1 to ``draws``, or None; the first
        draw after which the hand is ready, 0 if it is already, or the winning draw, or
        None).

        A draw the policy keeps goes in, then the discard into the hand the search
        rates best for the draws left (:func:`_beats`, the first of equals), as the
        search itself chose; any other draw is thrown at once.  With discard wins a
        turn takes four tiles of the wall: three other seats' discards, on which a
        ready hand wins, then the player's draw.
        """
        if self.image is not None:  # its nodes are images: not the hands on the wall
            raise ValueError("follow needs a search built with images=False")
        index14, kids14, win13, ten13 = self.index14, self.kids14, self.win13, self.ten13
        kept = self.kept
        hand = _key(counts)
        i = self.index13[hand]
        tenpai = 0 if self.shanten13[i] <= 0 else None
        step = 4 if self.discard_wins else 1
        waits = self._waits(hand) if i in self.ready13 else None  # a leaf only waits
        for j in range(self.draws):
            if waits is not None:
                if waits >> wall[step * j + step - 1] & 1:
                    return j + 1, tenpai
                continue
            if step == 4 and self.shanten13[i] == 0:
                for shown in wall[4 * j:4 * j + 3]:  # the other seats' discards
                    k = index14.get(hand + _ONE[shown])
                    if k is not None and kids14[k] is None:
                        return j + 1, tenpai
            keep = kept.get(i)
            if keep is None:
                keep = kept[i] = {k for _, k in self.kids13[i] + self.swaps13.get(i, [])}
            grown = hand + _ONE[wall[step * j + step - 1]]
            k = index14.get(grown)
            if k is None or k not in keep:
                continue  # thrown at once
            if kids14[k] is None:
                return j + 1, j + 1 if tenpai is None else tenpai
            if k in self.ready14:  # a leaf: the discard that leaves the most live copies
                hand = max((grown - _ONE[d] for d in discards_bytes(
                    grown.to_bytes(N_KINDS, "little"), self.rules, self.discard_memo)[1]),
                    key=lambda kid: (self.lives.get(kid) or self._live(kid), kid))  # lowest d
                waits = self._waits(hand)
                if tenpai is None:
                    tenpai = j + 1
                continue
            after = j + 1
            best = None
            for d, i2 in kids14[k]:
                w, t = win13[i2][after], ten13[i2][after]
                if best is None or _beats(w, t, best[2], best[3], TIE):
                    best = (d, i2, w, t)
            hand, i = grown - _ONE[best[0]], best[1]
            if tenpai is None and self.shanten13[i] <= 0:
                tenpai = j + 1
            if i in self.ready13:
                waits = self._waits(hand)
        return None, tenpai
