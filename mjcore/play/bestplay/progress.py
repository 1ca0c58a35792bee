"""Keep only progress: the quick searches, alone and at four seats, for chances and points.

A draw is kept only when it lowers the shanten (effective tiles 有效张, chapter 5), so a
depth-first walk visits each hand once: :class:`_Progress` (chance of winning),
:class:`_ProgressPoints` (expected Poyang points), :class:`_ProgressFour` (four seats,
wins on discards too) and :class:`_ProgressFourPoints` (both, a win on a discard a
choice), the last three on the shared walk of :class:`_Progress3`.  A ready hand is
valued by its live copies alone (:mod:`~mjcore.play.bestplay.curves`).  Explained in
chapter 6: the model and the dynamic program (sections 2 and 3), why its count of the
tiles left is exact (section 4), expected points (section 8); four seats in chapter 7,
sections 3 and 8.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from itertools import repeat
from operator import add, le, mul

from ...base.rules import Rules
from ...base.tiles import N_KINDS
from ...hand.shanten import discards_bytes, scan_bytes, special_bytes
from . import limits
from .curves import (
    _beats_points,
    _first_shown,
    _pay_groups,
    _ready_curve,
    _stop_curves,
    _tie,
)
from .keys import _ONE, _SUIT, _Halves, _key, _Tiles
from .leaves import leaf_curves
from .limits import _refuse
from .points import _poyang_pays, _poyang_points, _shape
from .results import WinChance


def _first_id(kid: tuple) -> int:
    """The key of a kid's values in :class:`_Progress`: the id of its win curve."""
    return id(kid[0])


def _mix(best: tuple, kid: tuple, better: list[bool]) -> tuple:
    """Curves taking ``kid``'s values where ``better`` is true, else ``best``'s, at each
    number of draws left (each curve alike).

    Most often the kid is better over one range of draws left (from some number on, or
    between two): the curves are then joined from slices, in C, the same values as
    entry by entry.
    """
    start = better.index(True)
    rest = better[start:]
    stop = start + rest.index(False) if False in rest else len(better)
    if True in better[stop:]:  # better over more than one range: entry by entry
        return tuple([b if x else a for a, b, x in zip(one, two, better, strict=True)]
                     for one, two in zip(best, kid, strict=True))
    return tuple(one[:start] + two[start:stop] + one[stop:]
                 for one, two in zip(best, kid, strict=True))


class _Progress:
    """Keep only progress, chance of winning: the same values as :class:`_Search`, quicker.

    Every hand kept lowers the shanten, so a depth-first walk with a dict
    of values per hand visits each hand once, and three facts keep the
    work small.  A ready hand's value depends only on ``live``, the copies
    of its waits still to draw (one curve per number, computed once).
    After a draw into a 1-shanten hand, the best discard is the ready
    hand with the most live copies.  And the chance of becoming ready
    from a 1-shanten hand is the chance of drawing one of its effective
    tiles, that same curve again.  Values are lists by draws *left*
    ``r = 0..draws``: ``(win, tenpai)``.

    A hand is one integer here, a byte per tile (``to_bytes`` gives what
    the tables read; adding a tile is one addition).  ``tables`` is a
    dict shared by the searches of one call: the masks and kept
    discards of the hands, which do not depend on the copies left.
    ``rules`` are what the tables read at the start: None for the
    standard form alone (fewer than 13 tiles: no special form applies).

    The special forms drop out along the way too.  Each draw kept lowers
    the standard form's shanten by one and any other form's by one at
    most, and a discard lowers none: a hand whose special forms are above
    its shanten (:func:`mjcore.hand.shanten.special_shanten`) passes that on to
    every hand the search reaches from it, ready hands included, so from
    such a hand on the tables read the standard form alone (a special
    form there could change no mask and no kept discard).

    The standard form alone cannot tell a suit from its mirror image
    (ranks 9 to 1: runs stay runs), so where a suit's copies to draw
    read the same both ways too, a hand and its image have the same
    values.  Its *twin*, the hand with each such suit made the lesser
    of it and its image (``flips`` say what to add), keys ``twins``: the
    values of 13-tile hands and what ``after`` and ``best0`` keep of
    14-tile ones, whichever of a pair came first: a pair costs one
    search, not two (for 234578m1689p357s1z, where 357s reads the same
    both ways, the tables are read for 42% fewer hands of 13 tiles and
    47% fewer of 14).
    """

    cut = 0
    """Leaves (``win_chances(..., approximate=True)``): a hand this many steps from ready
    or fewer (1 or more) is not searched but valued from the table of
    :mod:`~mjcore.play.bestplay.leaves`, by its steps and live effective copies; 0: the
    exact search."""

    leaf_kind: str | None = "alone"
    """Which curves of the table of leaves (``LEAVES``) value a leaf here (None:
    this search has no leaves, so no approximate answer)."""

    risky = None
    """Deal-ins (:class:`~mjcore.play.bestplay.dealins._DealIns`): the method that gives
    a kid's values through the discard that reaches it, or None."""

    def __init__(self, rules: Rules | None, draws: int, total: int, cap: Sequence[int],
                 one: float | Fraction, tables: dict) -> None:
        self.rules, self.draws, self.one = rules, draws, one
        self.most = limits.MAX_POSITIONS  # the most hands valued before the search stops
        self.leafs: dict[tuple[int, int], tuple] = {}  # (steps, live effective) -> curves
        self.keep = tables.get("keep")  # the race, by draws left (four seats only), or None
        self.capital = int.from_bytes(bytes(cap), "little")  # minus a hand: copies to draw
        self.base = total - draws  # unseen tiles left when no draws are
        self.values: dict[int, tuple[list, list]] = {}
        self.after: dict[int, int] = {}  # 3n+2 hand -> id of its best kid's win curve
        self.kin: dict[int, tuple[list, list]] = {}  # that id -> the kid's (win, tenpai)
        self.lives: dict[int, int] = {}
        self.best0: dict[int, int] = {}  # 3n+2 hand one from ready -> 8 x best live after a discard
        self.curves: dict[int, list] = {}
        self.ones1: dict[int, tuple[list, list]] = {}
        self.steps: dict[tuple[int, ...], tuple[list, list]] = {}
        self.bests: dict[tuple[int, ...], tuple[list, list]] = {}
        self.masks = tables.setdefault("masks", {})
        self.discards = tables.setdefault("discards", {})
        self.parts = tables.setdefault("parts", {})
        self.tiles = tables.setdefault("tiles", _Tiles())
        halves = tables.setdefault("halves", {})
        same = tables.setdefault("same", defaultdict(int))  # a suit not mirrored: add 0
        suits = [cap[k:k + 9] for k in (0, 9, 18)]
        self.flips = tuple(halves.setdefault(k, _Halves(8 * k)) if suit == suit[::-1] else same
                           for k, suit in zip((0, 9, 18), suits, strict=True))
        self.mirrored = any(flip is not same for flip in self.flips)  # else no twins
        self.twins: dict[int, object] = {}
        zero = one - one
        self.zeros = [zero] * (draws + 1)
        self.ones = [one] * (draws + 1)
        self.tie = _tie(one)
        self.nothing = (self.zeros, self.zeros)  # the values of a hand that cannot win

    def ready_curve(self, live: int) -> list:
        """The chance of drawing one of ``live`` tiles within r draws, r = 0..draws."""
        curve = self.curves.get(live)
        if curve is None:
            curve = self.curves[live] = _ready_curve(live, self.base, self.draws, self.one)
        return curve

    def scan(self, hand: int, rules: Rules | None) -> tuple[int, int]:
        """Shanten and effective mask of a 3n+1 hand not in ``masks`` yet (then kept there)."""
        _, _, now, mask = scan_bytes(hand.to_bytes(N_KINDS, "little"), rules)
        found = self.masks[hand] = now, mask
        return found

    def live(self, hand: int, rules: Rules | None) -> int:
        """Copies of the waits of a ready hand still to draw (then kept in ``lives``)."""
        mask = (self.masks.get(hand) or self.scan(hand, rules))[1]
        left = (self.capital - hand).to_bytes(N_KINDS, "little")
        found = self.lives[hand] = sum(map(left.__getitem__, self.tiles[mask]))
        return found

    def twin(self, hand: int) -> int:
        """The hand's twin (see the class): each suit in ``flips`` made the lesser of it and
        its mirror image; the key of ``twins``."""
        first, second, third = self.flips
        return (hand + first[hand & _SUIT] + second[hand >> 72 & _SUIT]
                + third[hand >> 144 & _SUIT])

    def value(self, hand: int, rules: Rules | None) -> tuple[list, list]:
        """(win, tenpai) by draws left for a 3n+1 hand not valued yet (see ``values``),
        the tables reading ``rules`` (None: the standard form alone).

        Written out in one body (the best discard after a draw, the kept
        discards): calls cost more than the work here.
        """
        values = self.values
        if len(values) >= self.most:
            _refuse()
        twin = (None if rules is not None or not self.mirrored
                else self.twin(hand))
        found = self.twins.get(twin)
        if found is not None:
            values[hand] = found
            return found
        found = self.masks.get(hand)
        if found is None:
            found = self.masks[hand] = scan_bytes(hand.to_bytes(N_KINDS, "little"), rules)[2:]
        s = found[0]
        if rules is not None and special_bytes(hand.to_bytes(N_KINDS, "little"), rules) > s:
            rules = None  # the special forms cannot matter from here on (see the class)
        if s == 0:
            found = values[hand] = (self.ready_curve(self.lives.get(hand)
                                                     or self.live(hand, rules)), self.ones)
            return found
        if s <= self.cut:
            return self.leaf(hand, found[1], s)
        if s == 1:
            return self.value1(hand, rules)
        # the kids' shanten is s - 1; a kid's tenpai curve comes with its win curve, whose
        # id is the kid's key
        groups = self._draws(hand, found[1], rules, self.value1 if s == 2 else self.value,
                             self._best, _first_id)
        kin = self.kin
        if not groups:
            found = self.nothing
        else:  # remembered by the kids' curves (alive in kin): many hands share them
            key = tuple(sorted(groups.items()))
            found = self.steps.get(key)
            if found is None:
                live = sum(groups.values())
                found = self.steps[key] = (
                    self._recur(live, [(kin[k][0], c) for k, c in groups.items()]),
                    self._recur(live, [(kin[k][1], c) for k, c in groups.items()]))
        values[hand] = found
        if twin is not None:
            self.twins[twin] = found
        return found

    def _draws(self, hand: int, mask: int, rules: Rules | None, value, best,
               ident) -> dict[int, int]:
        """The draws that help a 3n+1 hand of shanten 2 or more, grouped by where the best
        discard after each leads: {key of the kid's values: copies}, the kid in ``kin``.

        ``value`` values a kid, ``best`` takes the best of several for each r, and
        ``ident`` gives the key of a kid's values (alive in ``kin``).
        """
        values = self.values
        left = (self.capital - hand).to_bytes(N_KINDS, "little")  # copies still to draw
        one_ = _ONE
        after = self.after  # one statement each: no tuple built and unpacked
        discards = self.discards
        kin = self.kin
        twins = self.twins
        groups: dict[int, int] = {}
        for t in self.tiles[mask]:
            c = left[t]
            if c:
                grown = hand + one_[t]
                k = after.get(grown)  # the key of the kid's values (the kid: kin[k])
                if k is None:
                    pair = (None if rules is not None or not self.mirrored
                            else self.twin(grown))
                    k = twins.get(pair)  # its mirror image's, if valued (None: no mirror)
                    if k is None:  # the best discard after drawing t, for each r
                        kids = []
                        thrown = discards.get(grown) or self.kept(grown, rules)
                        for d in thrown:
                            smaller = grown - one_[d]
                            kids.append(values.get(smaller) or value(smaller, rules))
                        if self.risky is not None:  # each discard's danger (deal-ins)
                            kids = list(map(self.risky, kids, thrown))
                        kid = kids[0]
                        if kids.count(kid) < len(kids):  # (most often all kids are equal)
                            # the same kids' values (alive in values): the same best
                            ids = tuple(map(id, kids))
                            kid = self.bests.get(ids)
                            if kid is None:
                                kid = self.bests[ids] = best(kids)
                        k = ident(kid)
                        kin[k] = kid
                        if pair is not None:
                            twins[pair] = k
                    after[grown] = k
                groups[k] = groups.get(k, 0) + c
        return groups

    def value1(self, hand: int, rules: Rules | None) -> tuple[list, list]:
        """:meth:`value` of a 1-shanten hand, called directly for the kids of a 2-shanten
        hand (their shanten is known): each draw that helps leads to the best ready hand,
        so the hand's values follow from the copies of its draws, counted by live copies."""
        if len(self.values) >= self.most:
            _refuse()
        twin = (None if rules is not None or not self.mirrored
                else self.twin(hand))
        found = self.twins.get(twin)
        if found is not None:
            self.values[hand] = found
            return found
        found = self.masks.get(hand)
        if found is None:
            found = self.masks[hand] = scan_bytes(hand.to_bytes(N_KINDS, "little"), rules)[2:]
        if self.cut:
            return self.leaf(hand, found[1], 1)
        if rules is not None and special_bytes(hand.to_bytes(N_KINDS, "little"), rules) > 1:
            rules = None  # the special forms cannot matter from here on (see the class)
        left = (self.capital - hand).to_bytes(N_KINDS, "little")  # copies still to draw
        one_ = _ONE
        best0 = self.best0  # one statement each: no tuple built and unpacked
        discards = self.discards
        lives = self.lives
        twins = self.twins
        key = 0  # the copies leading to ready hands of m live copies, in byte m
        for t in self.tiles[found[1]]:
            c = left[t]
            if c:
                grown = hand + one_[t]
                shift = best0.get(grown)
                if shift is None:
                    pair = (None if rules is not None or not self.mirrored
                            else self.twin(grown))
                    shift = twins.get(pair)  # its mirror image's, if valued
                    if shift is None:  # 8 x the most live copies a discard that keeps ready leaves
                        m = 0
                        for d in discards.get(grown) or self.kept(grown, rules):
                            ready = grown - one_[d]
                            n = lives.get(ready)
                            if n is None:
                                n = self.live(ready, rules)
                            if n > m:
                                m = n
                        shift = 8 * m
                        if pair is not None:
                            twins[pair] = shift
                    best0[grown] = shift
                key += c << shift
        found = self.ones1.get(key)
        if found is None:
            found = self.ones1[key] = self._one_shanten(key)
        self.values[hand] = found
        if twin is not None:
            self.twins[twin] = found
        return found

    def leaf(self, hand: int, mask: int, s: int) -> tuple:
        """The values of a 3n+1 hand ``s`` steps from ready (effective tiles ``mask``) read
        from the table of leaves by its live effective copies (:attr:`cut`)."""
        left = (self.capital - hand).to_bytes(N_KINDS, "little")
        key = s, sum(map(left.__getitem__, self.tiles[mask]))
        found = self.leafs.get(key)
        if found is None:
            found = self.leafs[key] = leaf_curves(self.leaf_kind, *key, self.draws, self.keep)
        self.values[hand] = found
        return found

    def kept(self, grown: int, rules: Rules | None) -> tuple[int, ...]:
        """The tiles whose discard keeps a 3n+2 hand's shanten (then kept in ``discards``)."""
        found = self.discards[grown] = discards_bytes(grown.to_bytes(N_KINDS, "little"), rules,
                                                      self.parts)[1]
        return found

    def _one_shanten(self, key: int) -> tuple[list, list]:
        """The values of a 1-shanten hand from its ``key``: byte m holds the copies whose
        draw leads (after the best discard) to a ready hand with m live copies."""
        live = sum(key.to_bytes(-(-key.bit_length() // 8), "little"))
        if not live:
            return self.nothing
        curve, weighted, m = self.ready_curve, [], 0
        while key:
            if key & 255:
                weighted.append((curve(m), key & 255))
            key >>= 8
            m += 1
        return self._recur(live, weighted), curve(live)

    def _recur(self, live: int, weighted: list[tuple[list, int]]) -> list:
        """By draws left, a hand of ``live`` copies whose kids have these curves and copies.

        One draw: one of the copies (then the kid's curve with a draw
        fewer), or no progress (this hand with a draw fewer).
        """
        (first, c), *rest = weighted
        total = [c * v for v in first]
        for curve, c in rest:
            total = list(map(add, total, map(mul, curve, repeat(c))))
        zero, base, draws = self.one - self.one, self.base, self.draws
        if self.keep is not None:
            return self._recur_race(live, total)
        found, prev = [zero], zero
        crowded = min(live - base, draws)  # r up to this: no more tiles left than live ones
        for r in range(1, crowded + 1):  # (a tiny wall): each share shrinks to fit
            prev = total[r - 1] / live
            found.append(prev)
        for r in range(max(crowded, 0) + 1, draws + 1):
            left = base + r
            prev = (total[r - 1] + (left - live) * prev) / left
            found.append(prev)
        return found

    def _recur_race(self, live: int, total: list) -> list:
        """:meth:`_recur` with the race: with r turns left the round goes on past the
        other seats' wins with the chance ``keep[r]``, then the player draws."""
        zero, base, keep = self.one - self.one, self.base, self.keep
        found, prev = [zero], zero
        for r in range(1, self.draws + 1):
            left = base + r
            if live >= left:  # a tiny wall: each share shrinks to fit
                prev = keep[r] * total[r - 1] / live
            else:
                prev = keep[r] * (total[r - 1] + (left - live) * prev) / left
            found.append(prev)
        return found

    def _best(self, kids: list[tuple[list, list]]) -> tuple[list, list]:
        """For each r, the best kid (:func:`_beats`; the first of equals)."""
        tie = self.tie
        bw, bt = kids[0]
        for w, t in kids[1:]:
            if w is bw or all(map(le, w, bw)) and all(map(le, t, bt)):
                continue  # no higher chance anywhere: better nowhere (quicker to see)
            better = [w2 > w1 + tie or (w2 >= w1 - tie and t2 > t1 + tie)
                      for w1, w2, t1, t2 in zip(bw, w, bt, t, strict=True)]
            if not any(better):
                continue
            if all(better[1:]):  # r = 0 is a tie: the kids have the same shanten
                bw, bt = w, t
                continue
            bw = [b if x else a for a, b, x in zip(bw, w, better, strict=True)]
            bt = [b if x else a for a, b, x in zip(bt, t, better, strict=True)]
        return bw, bt

    def chance(self, tile: int | None, counts: tuple[int, ...]) -> WinChance:
        hand = _key(counts)
        s = (self.masks.get(hand) or self.scan(hand, self.rules))[0]
        # every draw kept lowers the shanten by one: too far for the draws is too far everywhere
        found = ((self.values.get(hand) or self.value(hand, self.rules)) if s <= self.draws
                 else self.nothing)
        w, t = found[:2]
        return WinChance(tile, s, w[-1], tuple(w), t[-1],
                         found[2][-1] if len(found) > 2 else None)


class _Progress3(_Progress):
    """:class:`_Progress` with a third curve beside win and tenpai (expected points, or the
    part won on a discard; :class:`_ProgressFourPoints` has both, four curves): the same
    walk, the curves of a kid going together.

    A subclass says what a ready hand is worth (:meth:`ready3`) and which of two kids is
    better at each number of draws left (:meth:`better_at`).
    """

    def __init__(self, rules: Rules | None, draws: int, total: int, cap: Sequence[int],
                 one: float | Fraction, tables: dict) -> None:
        super().__init__(rules, draws, total, cap, one, tables)
        self.readies: dict = {}
        self.nothing = (self.zeros, self.zeros, self.zeros)

    def ready3(self, hand: int, mask: int, rules: Rules | None) -> tuple[list, list, list]:
        """The three curves of a ready hand (waits ``mask``)."""
        raise NotImplementedError

    def better_at(self, best: tuple, kid: tuple) -> list[bool]:
        """For each r, whether ``kid`` is better than ``best``."""
        raise NotImplementedError

    def value(self, hand: int, rules: Rules | None) -> tuple[list, list, list]:
        """The three curves by draws left for a 3n+1 hand not valued yet."""
        values = self.values
        if len(values) >= self.most:
            _refuse()
        twin = (None if rules is not None or not self.mirrored
                else self.twin(hand))
        twins = self.twins
        found = twins.get(twin)
        if found is not None:
            values[hand] = found
            return found
        s, mask = self.masks.get(hand) or self.scan(hand, rules)
        if rules is not None and special_bytes(hand.to_bytes(N_KINDS, "little"), rules) > s:
            rules = None  # the special forms cannot matter from here on (see _Progress)
        if s == 0:
            found = self.ready3(hand, mask, rules)
        elif s <= self.cut:
            return self.leaf(hand, mask, s)
        else:  # a kid's three curves go together: the kid's own id is its key
            groups = self._draws(hand, mask, rules, self.value, self._best3, id)
            kin = self.kin
            if not groups:
                found = self.nothing
            else:
                key = tuple(sorted(groups.items()))
                found = self.steps.get(key)
                if found is None:
                    found = self.steps[key] = self._step(sum(groups.values()),
                                                         [(kin[k], c) for k, c in groups.items()])
            found = self.settle(hand, found)
        values[hand] = found
        if twin is not None:
            twins[twin] = found
        return found

    def _step(self, live: int, kids: list[tuple[tuple, int]]) -> tuple:
        """The curves of a hand not ready whose draws lead to ``kids`` (each the values
        after the best discard, with its copies), ``live`` copies in all."""
        return tuple(self._recur(live, [(kid[n], c) for kid, c in kids])
                     for n in range(len(self.nothing)))

    def settle(self, hand: int, found: tuple) -> tuple:
        """A hand's values as the search keeps them (a subclass may choose otherwise at some
        draws left: :class:`~mjcore.play.bestplay.dealins._DealIns` folds)."""
        return found

    def _best3(self, kids: list[tuple[list, list, list]]) -> tuple[list, list, list]:
        """For each r, the best kid by :meth:`better_at` (the first of equals), as
        :class:`_Search` chooses."""
        best = kids[0]
        for kid in kids[1:]:
            better = self.better_at(best, kid)
            if not any(better):
                continue
            if all(better[1:]):  # r = 0 is a tie: nothing is won without a draw
                best = kid
                continue
            best = _mix(best, kid, better)
        return best


class _ProgressPoints(_Progress3):
    """Keep only progress, expected points: the values of :class:`_Search`, found the way
    :class:`_Progress` finds the chance of winning.

    Values are three lists by draws left, ``(win, tenpai, points)``.  A
    ready hand's values depend only on ``live``, its waits' copies still
    to draw, and ``gain``, the sum over them of each copy's points: the
    first wait drawn is each copy alike, so its expected points are
    ``gain / live`` times its chance of winning (one triple per pair of
    numbers).  After a draw the best discard is the one with the most
    expected points, then the higher chance of winning (the first of
    equals), for each number of draws left.  Poyang's fans read a suit
    and its mirror image alike (runs, triplets, pairs, one suit), so
    twins share values as in :class:`_Progress`.
    """

    leaf_kind = None  # no table of leaves for points

    def __init__(self, rules: Rules | None, draws: int, total: int, cap: Sequence[int],
                 one: float | Fraction, tables: dict, points) -> None:
        super().__init__(rules, draws, total, cap, one, tables)
        self.points = points
        self.gains: dict[int, float] = tables.setdefault("gains", {})
        self.shapes: dict[bytes, float] = tables.setdefault("shapes", {})

    def gain(self, grown: int, tile: int) -> float:
        """Points for the win that drawing ``tile`` made ``grown`` (then kept in ``gains``).

        A self-drawn concealed win's points read the hand alone (no fan
        reads the last tile), and no fan tells a suit from its mirror image,
        one suit from another or one honour from another: hands with the
        same :func:`_shape` share their points (tests check both facts).
        """
        b = grown.to_bytes(N_KINDS, "little")
        shape = _shape(b)
        found = self.shapes.get(shape)
        if found is None:
            found = self.shapes[shape] = self.points(tuple(b), tile, True)
        self.gains[grown] = found
        return found

    def ready3(self, hand: int, mask: int, rules: Rules | None) -> tuple[list, list, list]:
        """(win, tenpai, points) of a ready hand: from its live copies and their points."""
        left = (self.capital - hand).to_bytes(N_KINDS, "little")  # copies still to draw
        live, gain, gains = 0, 0.0, self.gains
        for t in self.tiles[mask]:
            c = left[t]
            if c:
                grown = hand + _ONE[t]
                g = gains.get(grown)
                live += c
                gain += c * (self.gain(grown, t) if g is None else g)
        found = self.readies.get((live, gain))
        if found is None:
            curve = self.ready_curve(live)
            found = self.readies[live, gain] = (
                curve, self.ones, [v * gain / live for v in curve] if live else self.zeros)
        return found

    def better_at(self, best: tuple, kid: tuple) -> list[bool]:
        """By :func:`_beats_points`: more points, then a higher chance, then tenpai."""
        (bw, bt, bp), (w, t, p), tie = best, kid, self.tie
        return [_beats_points(p2, w2, t2, p1, w1, t1, tie)
                for p1, p2, w1, w2, t1, t2 in zip(bp, p, bw, w, bt, t, strict=True)]


class _ProgressFour(_Progress3):
    """Keep only progress with wins on discards (four seats): the values of :class:`_Search`
    with ``discard_wins``, found the way :class:`_Progress` finds them.

    Values are three lists by draws (turns) left, ``(win, tenpai, on a
    discard)``.  A ready hand never changes, so its values depend only on
    ``live``: of the ``n = base + r`` tiles it has not drawn, each turn
    shows four (three discards, then its draw), and it wins at the first
    live copy shown.  Before it is ready the other seats' discards do not
    matter (nothing can be done with them), so the draws count as for one
    player.  After a draw the best discard is chosen as :class:`_Progress`
    chooses it (the chance of winning, then tenpai), and the part won on a
    discard comes with it.
    """

    leaf_kind = "four"

    def ready_four(self, live: int) -> tuple[list, list, list]:
        """A ready hand's (win, tenpai, on a discard) by turns left, from its live copies."""
        found = self.readies.get(live)
        if found is None:
            shown = [_first_shown(live, self.base + r, 4 * r, self.one, keep=self.keep)
                     for r in range(self.draws + 1)]
            found = self.readies[live] = ([w for w, _ in shown], self.ones,
                                          [d for _, d in shown])
        return found

    def ready3(self, hand: int, mask: int, rules: Rules | None) -> tuple[list, list, list]:
        return self.ready_four(self.lives.get(hand) or self.live(hand, rules))

    def better_at(self, best: tuple, kid: tuple) -> list[bool]:
        """By :func:`_beats`: a higher chance of winning, then tenpai."""
        (bw, bt, _), (w, t, _), tie = best, kid, self.tie
        return [w2 > w1 + tie or (w2 >= w1 - tie and t2 > t1 + tie)
                for w1, w2, t1, t2 in zip(bw, w, bt, t, strict=True)]

    def chance(self, tile: int | None, counts: tuple[int, ...]) -> WinChance:
        hand = _key(counts)
        s = (self.masks.get(hand) or self.scan(hand, self.rules))[0]
        found = ((self.values.get(hand) or self.value(hand, self.rules)) if s <= self.draws
                 else self.nothing)
        w, t, d = found
        return WinChance(tile, s, w[-1], tuple(w), t[-1], None, d[-1])



class _ProgressFourPoints(_ProgressPoints):
    """Keep only progress with wins on discards and expected points as the goal (four
    seats): the values of :class:`_Search` with ``discard_wins`` and points, found the way
    :class:`_ProgressPoints` finds them.

    Values are four lists by turns left, ``(win, tenpai, points, on a
    discard)``.  A ready hand never changes: its values depend only on
    its waits' copies still to draw, grouped by what a win on each pays
    (on a discard, self-drawn), and a win on a discard is a choice
    (:func:`_stop_curves`).  Before it is ready the other seats' discards
    change nothing the player can use, as in :class:`_ProgressFour`.  After
    a draw the best discard is chosen as :class:`_ProgressPoints` chooses
    it (more points, then a higher chance of winning, then tenpai), and
    the chance of winning and the part on a discard are those of that
    choice.  Poyang's fans read neither the winning tile nor which suit
    is which, on a discard as self-drawn, so a hand's two payments are
    kept by its :func:`_shape` and twins share values.
    """

    def __init__(self, rules: Rules | None, draws: int, total: int, cap: Sequence[int],
                 one: float | Fraction, tables: dict, points) -> None:
        super().__init__(rules, draws, total, cap, one, tables, points)
        self.nothing = (self.zeros, self.zeros, self.zeros, self.zeros)
        self.pays: dict[int, tuple] = tables.setdefault("pays", {})
        self.pairs: dict[bytes, tuple] = tables.setdefault("pairs", {})
        self.stops: dict[tuple, tuple] = tables.setdefault("stops", {})

    def pay(self, grown: int, tile: int) -> tuple:
        """(points on a discard, self-drawn points) for the win that ``tile`` made
        ``grown`` (then kept in ``pays``), one pair per :func:`_shape`."""
        b = grown.to_bytes(N_KINDS, "little")
        shape = _shape(b)
        found = self.pairs.get(shape)
        if found is None:
            counts = tuple(b)
            found = self.pairs[shape] = (
                _poyang_pays(counts, tile) if self.points is _poyang_points else
                (self.points(counts, tile, False), self.points(counts, tile, True)))
        self.pays[grown] = found
        return found

    def pay_key(self, hand: int, mask: int) -> tuple:
        """A ready hand's live copies grouped by their two payments (:func:`_pay_groups`):
        what its curves read, and their key."""
        left = (self.capital - hand).to_bytes(N_KINDS, "little")  # copies still to draw
        pays = self.pays
        return _pay_groups((left[t], pays.get(grown := hand + _ONE[t]) or self.pay(grown, t))
                           for t in self.tiles[mask] if left[t])

    def ready3(self, hand: int, mask: int, rules: Rules | None) -> tuple[list, ...]:
        """(win, tenpai, points, on a discard) of a ready hand, from its live copies grouped
        by their two payments."""
        key = self.pay_key(hand, mask)
        found = self.readies.get(key)
        if found is None:
            curves = self.stops.get(key)
            if curves is None:
                curves = self.stops[key] = _stop_curves(key, self.base, self.draws, self.one,
                                                        keep=self.keep)
            w, p, d = curves
            found = self.readies[key] = (w, self.ones, p, d)
        return found

    def better_at(self, best: tuple, kid: tuple) -> list[bool]:
        """By :func:`_beats_points`: more points, then a higher chance, then tenpai."""
        (bw, bt, bp, _), (w, t, p, _), tie = best, kid, self.tie
        return [_beats_points(p2, w2, t2, p1, w1, t1, tie)
                for p1, p2, w1, w2, t1, t2 in zip(bp, p, bw, w, bt, t, strict=True)]

    def chance(self, tile: int | None, counts: tuple[int, ...]) -> WinChance:
        hand = _key(counts)
        s = (self.masks.get(hand) or self.scan(hand, self.rules))[0]
        found = ((self.values.get(hand) or self.value(hand, self.rules)) if s <= self.draws
                 else self.nothing)
        w, t, p, d = found
        return WinChance(tile, s, w[-1], tuple(w), t[-1], p[-1], d[-1])
