"""Four seats with calls: 吃 chī from the left seat, 碰 pèng from any seat.

:class:`_Calls` keeps only progress at a table of four where the player may claim a
discard instead of drawing; every state (concealed hand and tiles taken) is a node by
turns done, and a state and its images (suits swapped, ranks reversed, honours swapped)
share their curves.  :class:`_CallsPoints` has expected points as the goal, each win
scored with the melds laid down (a claim ends 门清).  Explained in chapter 7: the
search over turns and seats (section 3), what stays exact (section 5), points with
calls (section 9).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from ...base.rules import Rules
from ...base.tiles import N_KINDS
from ...hand.shanten import discards_bytes, scan_bytes
from . import limits
from .curves import _beats, _beats_points, _first_shown, _pay_groups, _stop_curves, _tie
from .keys import _ONE, _SUIT, _key, _Tiles
from .limits import _refuse
from .points import _poyang_pays, _poyang_points
from .results import SearchSize, WinChance


def _meld_tiles(kind: str, low: int) -> tuple[int, int, int]:
    """The tiles of a 碰 ("pon") or 吃 ("chi") from its lowest tile."""
    return (low,) * 3 if kind == "pon" else (low, low + 1, low + 2)


class _Pairs(dict):
    """A suit of a state, its concealed tiles and the copies left of each as one integer
    (nine bytes each, the copies left above bit 72), and the lesser of it and its mirror
    (ranks 9 to 1 in both), each worked out when first asked for."""

    def __missing__(self, pair: int) -> int:
        b = pair.to_bytes(18, "little")
        found = self[pair] = min(pair, int.from_bytes(b[8::-1] + b[:8:-1], "little"))
        return found


class _Honours(dict):
    """The honours of a state, concealed tiles and copies left as one integer (seven bytes
    each, the copies left above bit 56), and the same pairs (tile held, copies left) sorted,
    each worked out when first asked for."""

    def __missing__(self, pair: int) -> int:
        b = pair.to_bytes(14, "little")
        found = self[pair] = int.from_bytes(bytes(
            x for two in sorted(zip(b[:7], b[7:], strict=True)) for x in two), "little")
        return found


_TAKEN = 8 * N_KINDS  # a state is the concealed hand, plus the tiles taken above this bit
_REPEAT = sum(_ONE)  # times a hand (bytes of at most 4 each): their sum in byte N_KINDS - 1
_TOP = 8 * (N_KINDS - 1)
_RUNS = tuple(
    tuple((a, b) for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2))
          if t < 27 and a >= t // 9 * 9 and b < t // 9 * 9 + 9)
    for t in range(N_KINDS))
"""For each tile, the pairs of tiles it makes a run with (吃), within its suit."""


class _Calls:
    """Keep only progress with four seats and calls (吃 chī, 碰 pèng): every state a node,
    by turns done.

    The model extends :func:`mjcore.win_chances`' four seats (``discard_wins``).
    Each turn the right, across and left seats each discard a tile, then the
    player draws.  With calls the player may claim a discard instead: 碰 from
    any seat with a pair of it in the concealed hand, 吃 from the left seat
    only, with two concealed tiles that make a run with it.  The meld is laid
    down, the player discards, and the turn ends there: the seats after the
    one claimed from do not discard, the player does not draw, and the next
    turn starts with the right seat again.  So every turn the player takes
    exactly one tile, its draw or the one it claims, and ``draws`` counts
    turns.  A claim is a choice, taken where it is worth more than passing;
    keeping only progress, a claim is offered when it lowers the shanten, as
    a draw is kept.  Kongs (杠) are left out: a kong keeps the shanten (its
    fourth tile is a replacement draw), so keeping only progress never makes
    one; with them a player would get a few extra draws, so these chances are
    a little low for a game that allows them.

    The count.  A ready hand never changes (nothing lowers a shanten of 0 but
    a win), so it keeps the closed form of ``discard_wins``.  Before that,
    every tile shown (a discard or the player's draw) is counted as one drawn
    from the tiles the player has not taken, ``n = N - j`` after ``j`` turns,
    with ``cap - held`` copies of each tile: a discard the player passes is
    not taken out.  That is exact where nothing can be claimed (the other
    seats' discards then change nothing the player can use, as for
    ``discard_wins``), and an approximation once the player passes a tile it
    could have claimed: tests measure its error against the exact value of
    the same policy on every order of tiny walls.  Passing leaves the count
    as it was, so a claim is one more choice beside the values without
    calls: allowing calls never lowers a value.

    Values are lists by turns done ``j = 0..draws``: (win, tenpai, the part of
    win on a discard).

    A state is one integer: the concealed hand (a byte per tile) in the low
    bits and, from bit ``_TAKEN`` on, every tile the player holds, laid melds
    included (for the copies left to draw or claim).  Each state's three
    curves are computed once, from its kids' (states of lower shanten):
    the graph has no cycle.  A state's images (suits swapped, a suit's ranks
    reversed, honours swapped, in the hand and the copies left alike) have the
    same curves, since no form tells them apart: the first of them met is
    computed and the others share its curves (:meth:`twin`), which about
    halves the states and hands a search works out.

    Most states are one tile from ready, and their curves read the copies
    left of the few tiles their hand keeps, nothing else (:meth:`_one`): they
    are keyed by their hand and those copies, not by the tiles taken, and so
    are the 3n+2 hands that reach them after a draw or a claim
    (:meth:`_best1`); a state two from ready shares its curves with the
    states that agree on the tiles its turns can read (:meth:`_reach2`).  On
    the published hand (the five discards that raise its shanten) the search
    values 23K states and 45K keys one from ready, where there were 100K
    states, and 21.7K of those keys need a hand worked out (the others are
    images of one).
    """

    def __init__(self, rules: Rules, draws: int, total: int, cap: Sequence[int],
                 discard_wins: bool, one: float | Fraction = 1.0,
                 keep: Sequence | None = None) -> None:
        self.rules, self.draws, self.total = rules, draws, total
        self.keep = keep  # the race: by turns left, the chance the round goes on (or None)
        self.capital = int.from_bytes(bytes(cap), "little")
        self.discard_wins, self.one = discard_wins, one
        self.tie = _tie(one)
        zero = one - one
        self.zeros = [zero] * (draws + 1)
        self.ones = [one] * (draws + 1)
        self.nothing = (self.zeros, self.zeros, self.zeros)
        self.values: dict[int, tuple[list, list, list]] = {}
        self.bests: dict[int, tuple[list, list, list]] = {}
        self.scans: dict[int, tuple[int, int]] = {}
        self.readies: dict[int, tuple[list, list, list]] = {}
        self.parts: dict = {}  # discards_bytes' memo
        self.kids: dict[int, tuple] = {}  # a state's links (see links)
        self.mixes: dict[tuple[int, int], tuple] = {}  # see _better
        self.alive: list[tuple] = []
        self.s14: dict[int, tuple[int, tuple[int, ...]]] = {}  # see _fourteen
        self.melds: dict[int, tuple] = {}  # see _melds
        self.canon: dict[int, tuple[list, list, list]] = {}  # see _solve1
        self.after: dict[int, tuple] = {}  # see _readies
        self.tiles = _Tiles()
        self.turns: dict[tuple, tuple[list, list, list]] = {}  # see _solve
        self.twins: dict[int, tuple[list, list, list]] = {}  # see value
        self.pairs, self.honours = _Pairs(), _Honours()
        self.spreads: dict[int, int] = {}  # see spread
        self.after1: dict[int, tuple] = {}  # see _best1
        self.best1: dict[int, tuple[list, list, list]] = {}  # see _best1
        self.reach2: dict[int, int] = {}  # see _reach2
        self.nears: dict[int, int] = {}  # a 3n+1 hand's effective tiles, spread (see _after1)

    # the hand -----------------------------------------------------------------
    def _rules(self, conc: int) -> Rules | None:
        """The forms the tables read: the special forms need 13 or 14 concealed tiles."""
        return self.rules if conc * _REPEAT >> _TOP & 0xFF >= 13 else None

    def scan(self, conc: int) -> tuple[int, int]:
        """Shanten and effective mask of a 3n+1 concealed hand."""
        found = self.scans.get(conc)
        if found is None:
            found = self.scans[conc] = scan_bytes(conc.to_bytes(N_KINDS, "little"),
                                                  self._rules(conc))[2:]
        return found

    def left(self, taken: int) -> bytes:
        """Copies of each tile the player may still draw or claim."""
        return (self.capital - taken).to_bytes(N_KINDS, "little")

    def size(self) -> SearchSize:
        """The work done so far, as :func:`search_size` reports it: states valued (one
        from ready: their keys, :meth:`_one`), hands after a draw or a claim (one from
        ready: their keys, :meth:`_best1`), and (with points) winning hands scored."""
        return SearchSize(len(self.values) + len(self.canon), len(self.bests) + len(self.best1),
                          0)

    # values -------------------------------------------------------------------
    def value(self, state: int) -> tuple[list, list, list]:
        """(win, tenpai, on a discard) by turns done for a state."""
        found = self.values.get(state)
        if found is not None:
            return found
        if len(self.values) + len(self.canon) >= 4 * limits.MAX_POSITIONS:  # for all discards
            _refuse()
        conc, taken = state & ((1 << _TAKEN) - 1), state >> _TAKEN
        s, mask = self.scan(conc)
        if s == 0:
            found = self.ready(sum(self.left(taken)[t] for t in self.tiles[mask]))
        elif s > self.draws:
            found = self.nothing
        elif s == 1:
            found = self._one(conc, self.spread(mask), self.capital - taken)
        else:
            # a state and its images (suits swapped, a suit's ranks mirrored, honours
            # swapped; every form reads a hand the same way) have the same values: one is
            # computed
            left = self.capital - taken
            twin = self.twin(conc, left)
            found = self.twins.get(twin)
            if found is None:
                if s == 2:  # the values read the copies left of the tiles in reach alone
                    other = self.twin(conc, left & self._reach2(conc, mask))
                    found = self.twins.get(other)
                    if found is None:
                        found = self.twins[other] = self._solve(state, conc, taken, s, mask)
                    self.twins[twin] = found
                else:
                    found = self.twins[twin] = self._solve(state, conc, taken, s, mask)
        self.values[state] = found
        return found

    def twin(self, conc: int, left: int) -> int:
        """The least image of a state (its concealed hand and the copies left of each
        tile) under the symmetries of the forms, as one integer: a key for its values."""
        pairs = self.pairs
        m = pairs[conc & _SUIT | (left & _SUIT) << 72]
        s = pairs[conc >> 72 & _SUIT | (left >> 72 & _SUIT) << 72]
        p = pairs[conc >> 144 & _SUIT | (left >> 144 & _SUIT) << 72]
        if m > s:
            m, s = s, m
        if s > p:
            s, p = p, s
            if m > s:
                m, s = s, m
        return m | s << 144 | p << 288 | self.honours[conc >> 216 | (left >> 216) << 56] << 432

    def _one(self, conc: int, near: int, left: int) -> tuple[list, list, list]:
        """The curves of a state one tile from ready: its concealed hand, ``near`` (a byte
        0xFF for each tile its draws keep, :meth:`spread`) and the copies left of each
        tile (one integer, as :attr:`capital`).

        They read the copies left of the tiles it keeps alone: its draws and claims are
        among them, and so is every wait of a ready hand it can reach (were ``w`` a wait
        of the hand with ``t`` in and ``d`` out, the hand with ``w`` in and ``d`` out
        would be ready, waiting on ``t``: ``w`` lowers its shanten).  So states that agree
        there, up to an image, share their curves."""
        key = conc | (left & near) << _TAKEN
        found = self.canon.get(key)
        if found is None:
            twin = self.twin(conc, left & near)
            found = self.twins.get(twin)
            if found is None:
                found = self.twins[twin] = self._solve1(conc, left)
            self.canon[key] = found
        return found

    def _reach2(self, conc: int, mask: int) -> int:
        """The tiles (a byte 0xFF each) whose copies left a state two tiles from ready
        reads: those its turn keeps (draws and claims), and those the hands it goes on
        to read (:meth:`_best1`), the copies left there moved by the same tiles for
        every state of this hand."""
        found = self.reach2.get(conc)
        if found is None:
            found = self.spread(mask)
            for t in self.tiles[mask]:
                found |= self._after1(conc + _ONE[t])[0]
            for _, _, rest, _ in self._melds(conc):
                found |= self._after1(rest)[0]
            self.reach2[conc] = found
        return found

    def _after1(self, conc: int) -> tuple[int, tuple]:
        """For a 3n+2 hand one tile from ready or ready: (the tiles its discards' states
        read, a byte 0xFF each; (the hand after each discard, the tiles it reads or
        waits on, the discard as a hand)), over the discards that keep its shanten."""
        found = self.after1.get(conc)
        if found is None:
            kids = []
            reach = 0
            nears = self.nears
            for d in self._discards(conc):
                kid = conc - _ONE[d]
                near = nears.get(kid)
                if near is None:
                    near = nears[kid] = self.spread(self.scan(kid)[1])
                kids.append((kid, near, _ONE[d]))
                reach |= near
            found = self.after1[conc] = (reach, tuple(kids))
        return found

    def _best1(self, conc: int, left: int) -> tuple[list, list, list]:
        """:meth:`best` for a 3n+2 hand one tile from ready (``left``: the copies left,
        one integer): its discards' states read the copies left of the tiles they keep
        alone (:meth:`_one`), so states of this hand that agree on all those share it."""
        found = self.after1.get(conc)
        reach, kids = found if found is not None else self._after1(conc)
        key = conc | (left & reach) << _TAKEN
        found = self.best1.get(key)
        if found is not None:
            return found
        canon, one = self.canon, self._one
        found = self._best_of(  # each kid as _one keys it
            canon.get(kc | (left + back & near) << _TAKEN) or one(kc, near, left + back)
            for kc, near, back in kids)
        self.best1[key] = found
        return found

    def _readies(self, grown: int) -> tuple[tuple[int, int], ...]:
        """For a 3n+2 hand one tile from winning: (the discard as a hand, the waits of
        the ready hand it leaves, a byte 0xFF each) for each discard that keeps it ready."""
        found = self.after.get(grown)
        if found is None:
            nears = self.nears
            kids = []
            for d in self._discards(grown):
                kid = grown - _ONE[d]
                waits = nears.get(kid)
                if waits is None:
                    waits = nears[kid] = self.spread(self.scan(kid)[1])
                kids.append((_ONE[d], waits))
            found = self.after[grown] = tuple(kids)
        return found

    def spread(self, mask: int) -> int:
        """A byte 0xFF for each tile of a 34-bit mask (to keep those bytes of a hand)."""
        found = self.spreads.get(mask)
        if found is None:
            found = self.spreads[mask] = sum(0xFF * _ONE[t] for t in self.tiles[mask])
        return found

    def _solve1(self, conc: int, left: int) -> tuple[list, list, list]:
        """:meth:`_solve` for a hand one tile from ready (``left``: the copies left, one
        integer), without a node for each ready hand it can reach: every draw or claim it
        keeps makes a ready hand, and a ready hand's curves rise with its live copies
        (:meth:`ready`), so the best discard after each is the one that leaves the most.
        The same curves as :meth:`_solve`, keyed by those live copies (one number for each
        ready hand's curves): the links are built only for a key not met before."""
        b = left.to_bytes(N_KINDS, "little")
        readies, after = self.after, self._readies
        draw = []  # (copies, live copies after the draw), as live << 3 | copies
        for t in self.tiles[self.scan(conc)[1]]:
            c = b[t]
            if c:
                # the live copies of a ready hand: its waits' copies left (bytes kept by
                # its spread mask), summed by the multiplication into the top byte
                grown = conc + _ONE[t]
                lt = left - _ONE[t]
                live = 0
                for back, waits in readies.get(grown) or after(grown):
                    found = ((lt + back) & waits) * _REPEAT >> _TOP & 0xFF
                    if found > live:
                        live = found
                draw.append(live << 3 | c)
        pon, at_left = {}, {}  # the most live copies after each claim
        for t, kind, rest, _ in self._melds(conc):
            if b[t]:
                lt = left - _ONE[t]
                live = 0
                for back, waits in readies.get(rest) or after(rest):
                    found = ((lt + back) & waits) * _REPEAT >> _TOP & 0xFF
                    if found > live:
                        live = found
                if kind == "pon":
                    pon[t] = live
                if live > at_left.get(t, -1):
                    at_left[t] = live
        key = (1, tuple(sorted(draw)), tuple(sorted(live << 3 | b[t] for t, live in pon.items())),
               tuple(sorted(live << 3 | b[t] for t, live in at_left.items())))
        found = self.turns.get(key)
        if found is None:
            ready = self.ready
            found = self._turns(key, (b, [(x & 7, ready(x >> 3)) for x in draw],
                                      {t: ready(live) for t, live in pon.items()},
                                      {t: ready(live) for t, live in at_left.items()}), 1)
        return found

    def ready(self, live: int) -> tuple[list, list, list]:
        """A ready hand's curves: it never changes; with discard wins every tile shown may
        win (the closed form of :func:`mjcore.win_chances`), else its draws only."""
        found = self.readies.get(live)
        if found is None:
            step = 4 if self.discard_wins else 1
            shown = [_first_shown(live, self.total - j, step * (self.draws - j), self.one, step,
                                  keep=self.keep)
                     for j in range(self.draws + 1)]
            found = self.readies[live] = ([w for w, _ in shown], self.ones,
                                          [d for _, d in shown])
        return found

    def best(self, conc: int, taken: int) -> tuple[list, list, list]:
        """For a 3n+2 concealed hand (after a draw or a claim) whose shanten went down:
        for each number of turns done, the best discard's values (:func:`_beats`, the
        first of equals), over the discards that keep its shanten."""
        if self._shanten14(conc) == 1:
            return self._best1(conc, self.capital - taken)
        key = conc | taken << _TAKEN
        found = self.bests.get(key)
        if found is not None:
            return found
        twin = self.twin(conc, self.capital - taken)  # as for value
        found = self.twins.get(twin)
        if found is not None:
            self.bests[key] = found
            return found
        found = self._best_of(self.value((conc - _ONE[d]) | (taken - _ONE[d]) << _TAKEN)
                              for d in self._discards(conc))
        self.bests[key] = self.twins[twin] = found
        return found

    def claims(self, conc: int, taken: int, left: bytes) -> tuple[dict, dict]:
        """The claims that lower the shanten: {tile: best values after 碰 it} and
        {tile: best values after the best 吃 of it} (from the left seat only)."""
        pon, chi = {}, {}
        for t, kind, rest, _ in self._melds(conc):
            if not left[t]:
                continue
            values = self.best(rest, taken + _ONE[t])
            table = pon if kind == "pon" else chi
            table[t] = values if t not in table else self._better(table[t], values)
        return pon, chi

    def _melds(self, conc: int) -> tuple[tuple[int, str, int, int], ...]:
        """The claims of a 3n+1 concealed hand that lower its shanten, whatever is left
        to draw: (tile, "pon" or "chi", the concealed hand with the meld laid down, the
        meld's lowest tile)."""
        found = self.melds.get(conc)
        if found is None:
            # only a tile the hand keeps when drawn can be worth claiming: laying a meld
            # down keeps every way the concealed hand could use it, and adds none
            s, mask = self.scan(conc)
            b = conc.to_bytes(N_KINDS, "little")
            found = []
            fourteen, lower = self._fourteen, s - 1
            for t in self.tiles[mask]:
                if b[t] >= 2:
                    rest = conc - 2 * _ONE[t]
                    if fourteen(rest)[0] == lower:
                        found.append((t, "pon", rest, t))
                for a, c in _RUNS[t]:
                    if b[a] and b[c]:
                        rest = conc - _ONE[a] - _ONE[c]
                        if fourteen(rest)[0] == lower:
                            found.append((t, "chi", rest, min(a, t)))
            found = self.melds[conc] = tuple(found)
        return found

    def _discards(self, conc: int) -> tuple[int, ...]:
        """The discards of a 3n+2 concealed hand that keep its shanten."""
        return self._fourteen(conc)[1]

    def _shanten14(self, conc: int) -> int:
        """Shanten of a 3n+2 concealed hand (its best discard's)."""
        return self._fourteen(conc)[0]

    def _fourteen(self, conc: int) -> tuple[int, tuple[int, ...]]:
        found = self.s14.get(conc)
        if found is None:
            found = self.s14[conc] = discards_bytes(conc.to_bytes(N_KINDS, "little"),
                                                    self._rules(conc), self.parts)
        return found

    def _best_of(self, kids: Iterable[tuple]) -> tuple:
        """The best of the kids' curves for each number of turns done (the first of equals,
        :meth:`_better` over the distinct ones in order)."""
        found, rest = None, None
        for kid in kids:
            if found is None:
                found = kid
            elif kid is not found:
                rest = [kid] if rest is None else rest + [kid]
        for kid in rest or ():
            found = self._better(found, kid)
        return found

    def _better(self, one: tuple, two: tuple) -> tuple[list, list, list]:
        """For each number of turns done, the better of two choices (the first of equals):
        one of them where it is better everywhere (kept by identity, so that equal
        choices share their curves and :meth:`_solve` its work), else a mix of both."""
        if one is two:
            return one
        key = (id(one), id(two))
        found = self.mixes.get(key)
        if found is not None:
            return found
        tie = self.tie
        better = [_beats(w2, t2, w1, t1, tie)
                  for w1, t1, w2, t2 in zip(one[0], one[1], two[0], two[1], strict=True)]
        if not any(better):
            found = one
        elif all(better):
            found = two
        else:
            found = tuple([b if x else a for a, b, x in zip(first, second, better, strict=True)]
                          for first, second in zip(one, two, strict=True))
        self.mixes[key] = found
        self.alive.append((one, two))  # the ids in the key stay theirs
        return found

    def _solve(self, state: int, conc: int, taken: int, s: int,
               mask: int) -> tuple[list, list, list]:
        """The curves of a state of shanten ``s`` >= 1: a turn is the right, across and
        left seats' discards (each a chance to claim), then the player's draw."""
        links = self.links(state, conc, taken, s, mask)
        left, draw, pon, at_left = links
        # states whose turns lead, copy for copy, to the same values have the same values
        return self._turns((s, tuple(sorted((id(kid), c) for c, kid in draw)),
                            tuple(sorted((id(kid), left[t]) for t, kid in pon.items())),
                            tuple(sorted((id(kid), left[t]) for t, kid in at_left.items()))),
                           links, s)

    def _turns(self, key: tuple, links: tuple, s: int) -> tuple[list, list, list]:
        """The curves of a state from its links, once for each ``key``."""
        curves = self.turns.get(key)
        if curves is None:
            curves = w, t, d = list(self.zeros), list(self.zeros), list(self.zeros)
            keep, one, tie, total = self.keep, self.one, self.tie, self.total
            left, draw, pon, at_left = links
            live = sum(c for c, _ in draw)
            seats = [[(left[tile], kid) for tile, kid in options.items()]
                     for options in (at_left, pon, pon)]
            # turn()'s [0], the same sums in the same order, held in locals
            for j in range(min(self.draws - 1, self.draws - s), -1, -1):
                after, n = j + 1, total - j
                x0, x1, x2 = (n - live) * w[after], (n - live) * t[after], (n - live) * d[after]
                for c, kid in draw:
                    x0 += c * kid[0][after]
                    x1 += c * kid[1][after]
                    x2 += c * kid[2][after]
                x0, x1, x2 = x0 / n, x1 / n, x2 / n
                for options in seats:  # the left seat, across, right: claim or pass
                    y0, y1, y2 = x0 * one, x1 * one, x2 * one
                    for c, kid in options:
                        kw, kt = kid[0][after], kid[1][after]
                        if _beats(kw, kt, x0, x1, tie):
                            y0 += c * (kw - x0) / n
                            y1 += c * (kt - x1) / n
                            y2 += c * (kid[2][after] - x2) / n
                    x0, x1, x2 = y0, y1, y2
                if keep is not None:  # the race: the round goes on into this turn
                    f = keep[self.draws - j]
                    x0, x1, x2 = f * x0, f * x1, f * x2
                w[j], t[j], d[j] = x0, x1, x2
            self.turns[key] = curves
        return curves

    def links(self, state: int, conc: int, taken: int, s: int, mask: int) -> tuple:
        """What a state's turn can lead to: (copies left of each tile, [(copies, values
        after drawing it)], {tile: values after 碰}, {tile: values after the best claim
        of it from the left seat}), kept for :meth:`follow`."""
        found = self.kids.get(state)
        if found is None:
            left = self.left(taken)
            if s == 2:  # each draw or claim kept makes a hand one from ready
                whole, best1, better = self.capital - taken, self._best1, self._better
                draw = [(left[t], best1(conc + _ONE[t], whole - _ONE[t]))
                        for t in self.tiles[mask] if left[t]]
                pon, chi = {}, {}  # as claims
                for t, kind, rest, _ in self._melds(conc):
                    if left[t]:
                        values = best1(rest, whole - _ONE[t])
                        table = pon if kind == "pon" else chi
                        table[t] = values if t not in table else better(table[t], values)
            else:
                draw = [(left[t], self.best(conc + _ONE[t], taken + _ONE[t]))
                        for t in self.tiles[mask] if left[t]]
                pon, chi = self.claims(conc, taken, left)
            at_left = {t: self._better(pon[t], chi[t]) if t in pon and t in chi
                       else pon.get(t) or chi[t] for t in set(pon) | set(chi)}
            found = self.kids[state] = (left, draw, pon, at_left)
        return found

    def turn(self, links: tuple, curves: tuple, j: int) -> list[list]:
        """The values of a turn begun after ``j`` turns, at each tile it shows: before the
        right seat's discard, the across seat's, the left seat's, and the player's draw
        (each [win, tenpai, on a discard]), from the values after it (``j + 1``)."""
        left, draw, pon, at_left = links
        one, tie, after = self.one, self.tie, j + 1
        n = self.total - j
        live = sum(c for c, _ in draw)
        x = [(n - live) * curves[0][after], (n - live) * curves[1][after],
             (n - live) * curves[2][after]]
        for c, kid in draw:
            x[0] += c * kid[0][after]
            x[1] += c * kid[1][after]
            x[2] += c * kid[2][after]
        x = [v / n for v in x]
        shown = [x]
        for options in (at_left, pon, pon):  # the left seat, across, right: claim or pass
            y = [v * one for v in x]
            for tile, kid in options.items():
                kw, kt, kd = kid[0][after], kid[1][after], kid[2][after]
                if _beats(kw, kt, x[0], x[1], tie):
                    c = left[tile]
                    y[0] += c * (kw - x[0]) / n
                    y[1] += c * (kt - x[1]) / n
                    y[2] += c * (kd - x[2]) / n
            x = y
            shown.append(x)
        return shown[::-1]

    def _choose(self, conc: int, taken: int, after: int) -> tuple[int, int]:
        """The discard :meth:`best` takes from a 3n+2 concealed hand, at ``after`` turns
        done: the hand and the tiles taken after it."""
        chosen = None
        for d in self._discards(conc):
            kid = (conc - _ONE[d], taken - _ONE[d])
            w, t, _ = self.value(kid[0] | kid[1] << _TAKEN)
            if chosen is None or _beats(w[after], t[after], chosen[1], chosen[2], self.tie):
                chosen = (kid, w[after], t[after])
        return chosen[0]

    def _claim(self, conc: int, taken: int, tile: int, chi: bool,
               after: int) -> tuple[tuple[int, int], list]:
        """The best claim of ``tile`` (碰, or 吃 too from the left seat) and its discard,
        at ``after`` turns done: (the hand and tiles taken after it, its values there)."""
        s = self.scan(conc)[0]
        b = conc.to_bytes(N_KINDS, "little")
        rests = [conc - 2 * _ONE[tile]] if b[tile] >= 2 else []
        if chi:
            rests += [conc - _ONE[a] - _ONE[c] for a, c in _RUNS[tile] if b[a] and b[c]]
        chosen = None
        for rest in rests:
            if self._shanten14(rest) != s - 1:
                continue
            kid = self._choose(rest, taken + _ONE[tile], after)
            w, t, d = self.value(kid[0] | kid[1] << _TAKEN)
            if chosen is None or _beats(w[after], t[after], chosen[1][0], chosen[1][1],
                                        self.tie):
                chosen = (kid, [w[after], t[after], d[after]])
        return chosen

    def follow(self, counts: Sequence[int], wall: Sequence[int]) -> tuple[int | None, bool]:
        """Play the policy found on a wall (the unseen tiles in the order they come), from
        a 3n+1 hand: (the turn of the win, 1 to ``draws``, or None; whether it came on a
        discard).  Each turn takes the right, across and left seats' discards from the
        wall, then the player's draw; a claim ends the turn (the next tiles are the next
        turn's).  The player claims where the claim's values beat passing
        (:func:`_beats`), as the search counted them."""
        conc = _key(counts)
        taken, p = conc, 0
        for j in range(self.draws):
            s, mask = self.scan(conc)
            if s == 0:  # ready: the first wait shown wins (a discard only with discard wins)
                for k in range(4):
                    tile = wall[p + k]
                    if mask >> tile & 1 and (k == 3 or self.discard_wins):
                        return j + 1, k < 3
                p += 4
                continue
            state = conc | taken << _TAKEN
            curves = self.value(state)
            if s > self.draws - j:
                return None, False  # cannot be ready in time
            links = self.links(state, conc, taken, s, mask)
            passing = self.turn(links, curves, j)
            claimed = None
            for k, options in enumerate((links[2], links[2], links[3])):  # right, across, left
                tile = wall[p]
                p += 1
                if tile in options:
                    kid, values = self._claim(conc, taken, tile, k == 2, j + 1)
                    if _beats(values[0], values[1], passing[k + 1][0], passing[k + 1][1],
                              self.tie):
                        claimed = kid
                        break
            if claimed is not None:
                conc, taken = claimed
                continue
            tile = wall[p]
            p += 1
            if mask >> tile & 1:
                conc, taken = self._choose(conc + _ONE[tile], taken + _ONE[tile], j + 1)
        return None, False

    def chance(self, tile: int | None, counts: tuple[int, ...],
               thrown: bool = False) -> WinChance:
        """The curves of a 3n+1 hand after ``tile`` was discarded (``thrown``: that copy
        is gone for good, so it stays among the tiles taken; no other root is then
        needed for the same search)."""
        conc = _key(counts)
        s = self.scan(conc)[0]
        w, t, d = self.value(conc | (conc + (_ONE[tile] if thrown else 0)) << _TAKEN)
        return WinChance(tile, s, w[0], tuple(reversed(w)), t[0], None,
                         d[0] if self.discard_wins else None)


class _CallsPoints(_Calls):
    """:class:`_Calls` with expected points as the goal: the same model and policy class
    (keep only progress, a claim taken where it is worth more), with what each win pays.

    A win's points depend on the melds laid down (a claim ends 门清 and can make
    碰碰胡 or 清一色), so a state here is the concealed hand, the tiles taken and the
    melds, and every ready hand is a node of its own: its waits grouped by what a
    win on each pays, on a discard and self-drawn, and a win on a discard is a
    choice (:func:`_stop_curves`, as without calls).  Choices compare by
    :func:`_beats_points`: more expected points, then a higher chance of winning,
    then tenpai.  Values are four lists by turns done: (win, tenpai, on a discard,
    points).

    ``points`` is :func:`_poyang_points` (scored with the melds by
    :func:`mjcore.scoring.poyang.score`) or, in tests, any function of its shape,
    which then sees the whole hand, melds included, as counts.
    """

    def __init__(self, rules: Rules, draws: int, total: int, cap: Sequence[int],
                 points, one: float | Fraction = 1.0, keep: Sequence | None = None) -> None:
        super().__init__(rules, draws, total, cap, True, one, keep)
        self.points = points
        self.nothing = (self.zeros, self.zeros, self.zeros, self.zeros)
        self.states: dict[tuple, tuple] = {}
        self.best14: dict[tuple, tuple] = {}
        self.links4: dict[tuple, tuple] = {}
        self.stops: dict[tuple, tuple] = {}
        self.pays: dict[tuple, tuple] = {}

    def size(self) -> SearchSize:
        return SearchSize(len(self.states), len(self.best14), 0, scorings=len(self.pays))

    def pay(self, conc: int, melds: tuple, tile: int) -> tuple:
        """(points on a discard, self-drawn points) of the win ``tile`` makes: ``conc``
        the concealed hand with it, ``melds`` as (kind, lowest tile) pairs."""
        key = (conc, melds, tile)
        found = self.pays.get(key)
        if found is None:
            counts = tuple(conc.to_bytes(N_KINDS, "little"))
            if self.points is _poyang_points:
                found = _poyang_pays(counts, tile, melds)
            else:
                whole = list(counts)
                for kind, low in melds:
                    for t in _meld_tiles(kind, low):
                        whole[t] += 1
                whole = tuple(whole)
                found = (self.points(whole, tile, False), self.points(whole, tile, True))
            self.pays[key] = found
        return found

    def state(self, conc: int, taken: int, melds: tuple) -> tuple:
        """(win, tenpai, on a discard, points) by turns done for a state."""
        key = (conc | taken << _TAKEN, melds)
        found = self.states.get(key)
        if found is not None:
            return found
        if len(self.states) >= limits.MAX_POSITIONS:
            _refuse()
        s, mask = self.scan(conc)
        if s == 0:
            left = self.left(taken)
            items = _pay_groups((left[w], self.pay(conc + _ONE[w], melds, w))
                                for w in self.tiles[mask] if left[w])
            found = self.stops.get(items)
            if found is None:
                w, p, d = _stop_curves(items, self.total - self.draws, self.draws, self.one,
                                       keep=self.keep)
                found = self.stops[items] = (w[::-1], self.ones, d[::-1], p[::-1])
        elif s > self.draws:
            found = self.nothing
        else:
            links = self.links4.get(key)
            if links is None:
                links = self.links4[key] = self.links_of(conc, taken, melds, mask)
            found = w, t, d, p = tuple(list(self.zeros) for _ in range(4))
            keep = self.keep
            for j in range(min(self.draws - 1, self.draws - s), -1, -1):
                w[j], t[j], d[j], p[j] = self.turn(links, found, j)[0]
                if keep is not None:  # the race: the round goes on into this turn
                    f = keep[self.draws - j]
                    w[j], t[j], d[j], p[j] = f * w[j], f * t[j], f * d[j], f * p[j]
        self.states[key] = found
        return found

    def links_of(self, conc: int, taken: int, melds: tuple, mask: int) -> tuple:
        """As :meth:`_Calls.links`, each claim with its meld laid down."""
        left = self.left(taken)
        draw = [(left[t], self.best4(conc + _ONE[t], taken + _ONE[t], melds))
                for t in self.tiles[mask] if left[t]]
        pon, at_left = {}, {}
        for t, kind, rest, low in self._melds(conc):
            if not left[t]:
                continue
            values = self.best4(rest, taken + _ONE[t], tuple(sorted(melds + ((kind, low),))))
            if kind == "pon":
                pon[t] = values
            at_left[t] = values if t not in at_left else self.better(at_left[t], values)
        return left, draw, pon, at_left

    def best4(self, conc: int, taken: int, melds: tuple) -> tuple:
        """As :meth:`_Calls.best`: the best discard's values for each number of turns."""
        key = (conc | taken << _TAKEN, melds)
        found = self.best14.get(key)
        if found is None:
            for d in self._discards(conc):
                kid = self.state(conc - _ONE[d], taken - _ONE[d], melds)
                found = kid if found is None else self.better(found, kid)
            self.best14[key] = found
        return found

    def better(self, one: tuple, two: tuple) -> tuple:
        """For each number of turns done, the better of two choices (the first of equals)."""
        tie = self.tie
        pick = [_beats_points(p2, w2, t2, p1, w1, t1, tie) for w1, t1, p1, w2, t2, p2
                in zip(one[0], one[1], one[3], two[0], two[1], two[3], strict=True)]
        if not any(pick):
            return one
        if all(pick):
            return two
        return tuple([b if x else a for a, b, x in zip(first, second, pick, strict=True)]
                     for first, second in zip(one, two, strict=True))

    def turn(self, links: tuple, curves: tuple, j: int) -> list[list]:
        """As :meth:`_Calls.turn`, with points: [win, tenpai, on a discard, points] before
        the right seat's discard, the across seat's, the left seat's and the draw."""
        left, draw, pon, at_left = links
        one, tie, after = self.one, self.tie, j + 1
        n = self.total - j
        live = sum(c for c, _ in draw)
        x = [(n - live) * curve[after] for curve in curves]
        for c, kid in draw:
            for i in range(4):
                x[i] += c * kid[i][after]
        x = [v / n for v in x]
        shown = [x]
        for options in (at_left, pon, pon):  # the left seat, across, right: claim or pass
            y = [v * one for v in x]
            for tile, kid in options.items():
                k = [kid[i][after] for i in range(4)]
                if _beats_points(k[3], k[0], k[1], x[3], x[0], x[1], tie):
                    c = left[tile]
                    for i in range(4):
                        y[i] += c * (k[i] - x[i]) / n
            x = y
            shown.append(x)
        return shown[::-1]

    def chance(self, tile: int | None, counts: tuple[int, ...],
               thrown: bool = False) -> WinChance:
        conc = _key(counts)
        s = self.scan(conc)[0]
        w, t, d, p = self.state(conc, conc + (_ONE[tile] if thrown else 0), ())
        return WinChance(tile, s, w[0], tuple(reversed(w)), t[0], p[0], d[0])
