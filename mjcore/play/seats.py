"""Four seats with calls: best play when the player may claim a discard (吃 chī, 碰 pèng).

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
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..base.rules import Rules
from ..base.tiles import N_KINDS
from ..hand.shanten import discards_bytes, scan_bytes
from .bestplay import MAX_POSITIONS, WinChance, _beats, _key, _refuse, _tie

_ONE = tuple(1 << 8 * t for t in range(N_KINDS))
_TAKEN = 8 * N_KINDS  # a state is the concealed hand, plus the tiles taken above this bit
_RUNS = tuple(
    tuple((a, b) for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2))
          if t < 27 and a >= t // 9 * 9 and b < t // 9 * 9 + 9)
    for t in range(N_KINDS))
"""For each tile, the pairs of tiles it makes a run with (吃), within its suit."""


class _Calls:
    """Keep only progress with four seats and calls: every state a node, by turns done.

    A state is one integer: the concealed hand (a byte per tile) in the low
    bits and, from bit ``_TAKEN`` on, every tile the player holds, laid melds
    included (for the copies left to draw or claim).  Each state's three
    curves are computed once, from its kids' (states of lower shanten):
    the graph has no cycle.
    """

    def __init__(self, rules: Rules, draws: int, total: int, cap: Sequence[int],
                 discard_wins: bool, one: float | Fraction = 1.0) -> None:
        self.rules, self.draws, self.total = rules, draws, total
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
        self.s14: dict[int, int] = {}
        self.turns: dict[tuple, tuple[list, list, list]] = {}  # see _solve

    # the hand -----------------------------------------------------------------
    def _rules(self, conc: int) -> Rules | None:
        """The forms the tables read: the special forms need 13 or 14 concealed tiles."""
        return self.rules if sum(conc.to_bytes(N_KINDS, "little")) >= 13 else None

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

    # values -------------------------------------------------------------------
    def value(self, state: int) -> tuple[list, list, list]:
        """(win, tenpai, on a discard) by turns done for a state."""
        found = self.values.get(state)
        if found is not None:
            return found
        if len(self.values) >= MAX_POSITIONS:
            _refuse()
        conc, taken = state & ((1 << _TAKEN) - 1), state >> _TAKEN
        s, mask = self.scan(conc)
        if s == 0:
            found = self.ready(sum(self.left(taken)[t] for t in range(N_KINDS)
                                   if mask >> t & 1))
        elif s > self.draws:
            found = self.nothing
        else:
            found = self._solve(state, conc, taken, s, mask)
        self.values[state] = found
        return found

    def ready(self, live: int) -> tuple[list, list, list]:
        """A ready hand's curves: it never changes; with discard wins every tile shown may
        win (the closed form of :func:`mjcore.win_chances`), else its draws only."""
        found = self.readies.get(live)
        if found is None:
            one, zero = self.one, self.one - self.one
            win, disc = [], []
            step = 4 if self.discard_wins else 1
            for j in range(self.draws + 1):
                n = self.total - j
                miss, on_discard = one, zero
                for p in range(step * (self.draws - j)):
                    first = miss * live / (n - p)
                    if p % step != step - 1:
                        on_discard += first
                    miss -= first
                win.append(one - miss)
                disc.append(on_discard)
            found = self.readies[live] = (win, self.ones, disc)
        return found

    def best(self, conc: int, taken: int) -> tuple[list, list, list]:
        """For a 3n+2 concealed hand (after a draw or a claim) whose shanten went down:
        for each number of turns done, the best discard's values (:func:`_beats`, the
        first of equals), over the discards that keep its shanten."""
        key = conc | taken << _TAKEN
        found = self.bests.get(key)
        if found is not None:
            return found
        b = conc.to_bytes(N_KINDS, "little")
        _, tiles = discards_bytes(b, self._rules(conc), self.parts)
        found = kids = None
        for d in tiles:
            kid = self.value((conc - _ONE[d]) | (taken - _ONE[d]) << _TAKEN)
            if found is None:
                found = kid
            elif kid is not found:
                kids = [found, kid] if kids is None else kids + [kid]
        if kids is not None:
            found = kids[0]
            for kid in kids[1:]:
                found = self._better(found, kid)
        self.bests[key] = found
        return found

    def claims(self, conc: int, taken: int, s: int, left: bytes) -> tuple[dict, dict]:
        """The claims that lower the shanten: {tile: best values after 碰 it} and
        {tile: best values after the best 吃 of it} (from the left seat only)."""
        b = conc.to_bytes(N_KINDS, "little")
        pon, chi = {}, {}
        for t in range(N_KINDS):
            if not left[t]:
                continue
            options = []
            if b[t] >= 2:
                options.append(("pon", conc - 2 * _ONE[t]))
            for a, c in _RUNS[t]:
                if b[a] and b[c]:
                    options.append(("chi", conc - _ONE[a] - _ONE[c]))
            for kind, rest in options:  # the meld laid down, before the discard
                if self._shanten14(rest) != s - 1:
                    continue
                values = self.best(rest, taken + _ONE[t])
                table = pon if kind == "pon" else chi
                table[t] = values if t not in table else self._better(table[t], values)
        return pon, chi

    def _shanten14(self, conc: int) -> int:
        """Shanten of a 3n+2 concealed hand (its best discard's)."""
        found = self.s14.get(conc)
        if found is None:
            found = self.s14[conc] = discards_bytes(conc.to_bytes(N_KINDS, "little"),
                                                    self._rules(conc), self.parts)[0]
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
        key = (s, tuple(sorted((id(kid), c) for c, kid in draw)),
               tuple(sorted((id(kid), left[t]) for t, kid in pon.items())),
               tuple(sorted((id(kid), left[t]) for t, kid in at_left.items())))
        curves = self.turns.get(key)
        if curves is None:
            curves = w, t, d = list(self.zeros), list(self.zeros), list(self.zeros)
            for j in range(min(self.draws - 1, self.draws - s), -1, -1):
                w[j], t[j], d[j] = self.turn(links, curves, j)[0]
            self.turns[key] = curves
        return curves

    def links(self, state: int, conc: int, taken: int, s: int, mask: int) -> tuple:
        """What a state's turn can lead to: (copies left of each tile, [(copies, values
        after drawing it)], {tile: values after 碰}, {tile: values after the best claim
        of it from the left seat}), kept for :meth:`follow`."""
        found = self.kids.get(state)
        if found is None:
            left = self.left(taken)
            draw = [(left[t], self.best(conc + _ONE[t], taken + _ONE[t]))
                    for t in range(N_KINDS) if mask >> t & 1 and left[t]]
            pon, chi = self.claims(conc, taken, s, left)
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
        _, tiles = discards_bytes(conc.to_bytes(N_KINDS, "little"), self._rules(conc),
                                  self.parts)
        chosen = None
        for d in tiles:
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

    def chance(self, tile: int | None, counts: tuple[int, ...]) -> WinChance:
        conc = _key(counts)
        s = self.scan(conc)[0]
        w, t, d = self.value(conc | conc << _TAKEN)
        return WinChance(tile, s, w[0], tuple(reversed(w)), t[0], None,
                         d[0] if self.discard_wins else None)

