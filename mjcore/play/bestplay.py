"""Which tile to discard: the chance of winning under best play.

The model (single player, self-drawn wins only, no calls, nobody else
wins first): after the discard the player holds 13 tiles; the *unseen*
tiles are the 136 less the 14 tiles held before the discard and the
``visible`` tiles, and each draw is a uniformly random unseen tile, drawn
without replacement.  With ``draws=17`` and nothing visible this is the
situation after the first discard of a game.

Two policies, each optimal within its class:

* **keep only progress** (the default): a draw is kept only if it lowers
  the shanten (effective tiles 有效张, chapter 5); the player then
  discards the best tile that keeps the new shanten.  Any other draw is
  discarded at once.  The chance of drawing tile ``t`` is counted as
  (4 - copies held - copies visible - copies the player discarded from
  the hand) / (unseen tiles left), never looking at the tiles drawn and
  thrown at once.  Chapter 6 proves that this count is exact under this
  policy: a tile thrown at once never becomes effective later.
* **hand changes** 手替わり (``hand_changes=True``): the player may also
  keep a draw that does not lower the shanten, trading a tile for a
  better shape, or even step back.  To stay tractable the trades are
  allowed while the hand is "on track": the tiles it holds that were not
  in the starting hand plus its shanten are at most the starting
  shanten; elsewhere only progress is kept.  The count of tiles left is
  the simple one, (4 - copies held - copies visible) / (unseen tiles
  left): the first discard and every tile traded away count as back in
  the wall, so it is no longer exact (chapter 6 measures the error), and
  when it promises more tiles than are left (tiny walls) the effective
  draws keep their share and the other kept draws share the rest.

The search is a dynamic program over hands and the number of draws
done, memoized per hand within one call (never across calls).  Keep only
progress with the chance of winning as the goal (the default) runs
:class:`_Progress`: ready hands valued by their live copies alone, the
best discard after a draw into a 1-shanten hand found by comparing those
counts, the discards that keep the shanten read from the tables
(:func:`mjcore.hand.shanten.discard_mask`), the special forms left out of the
tables' work from a hand whose special forms are above its shanten on
(:func:`mjcore.hand.shanten.special_shanten`).  Keep only progress with expected
points as the goal runs :class:`_ProgressPoints`, the same walk with a ready hand
valued by its live copies and their points; with wins on discards too,
:class:`_ProgressFour` and :class:`_ProgressFourPoints` (where a win on a discard is a
choice, :func:`_stop_curves`).  Hand changes run the general
:class:`_Search`: after a draw, the discards that keep the shanten come from the
tables in one call (:func:`mjcore.hand.shanten.discard_mask`), a hand still free to
trade tries every discard, and the values are found once per class of hands that
the search cannot tell apart (``_Search._quotient``).  Between discards with
equal chances of winning (within :data:`TIE`, float rounding) the higher chance of
being ready is preferred, then the lower tile; with points as the goal, more points
first (within :data:`POINTS_TIE`).  :func:`search_size` counts the work.  Explained
in chapter 6; four seats (``discard_wins``, ``calls``, :func:`claim_advice`) in
chapter 7.
"""

from __future__ import annotations

import gc
import random
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import partial, reduce
from itertools import islice, repeat
from math import fsum
from operator import add, le, mul
from typing import TYPE_CHECKING, NoReturn

from ..base.checks import HandError, bool_arg, choice_arg, instance_arg, int_arg
from ..base.deals import random_wins
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import COPIES, N_KINDS, as_counts, tile_name
from ..hand.effective import effective_mask
from ..hand.shanten import discards_bytes, load_wide_tables, scan_bytes, shanten, special_bytes
from ..hand.waits import tiles_of, unseen

if TYPE_CHECKING:
    from .prob import Estimate

MAX_DRAWS = 70
"""The most draws :func:`win_chances` accepts (a wall has 136 tiles)."""

MAX_POSITIONS = 100_000
"""The most hands one search may visit; a hand that needs more is refused."""

GROWTH = {3: 3, 4: 8}
"""With hand changes, how many times the hands within two draws of the start the whole
search visits, by the start's shanten (0-2: 3, 5 and more: 8), measured on seeded deals
with 17 draws: 2.5-3.1 for 3-shanten hands, 7.3-11.8 for 4-shanten ones.  A search with
more draws than the shanten plus 2 whose first two draws already reach
:data:`MAX_POSITIONS` / ``GROWTH`` hands is refused at once, a fraction of a second
in, instead of after seconds of work."""

MAX_WILD_EVALUATIONS = 200_000
"""Under wild rules the search is the general one, each hand's effective tiles tried draw
by draw: it stops, refusing the hand, past this many shanten evaluations (about one
seconds), counted as it goes, so a hand too far from ready is refused early."""

OBJECTIVES = ("win", "points")
"""What :func:`win_chances` maximizes: the chance of winning, or expected Poyang points."""


# --- argument checks: mjcore.base.checks does each kind; this one adds the wall's limit ---

MAX_CALLS = 3
"""The most shanten :func:`win_chances` and :func:`claim_advice` take with ``calls``: a
hand three from ready is answered in 0.25 to 7 s (10 seeded deals), while of three four
from ready one took 2.8 s and two filled the search's bound after 10 s or more; a hand
further from ready is refused at once instead."""

MAX_POINTS_CALLS = 2
"""The most shanten :func:`win_chances` takes with ``calls`` and objective "points": each
ready hand is a node of its own there, and a hand two from ready needs a few thousand
(0.4 to 3 s on 12 seeded deals), one three from ready more than :data:`MAX_POSITIONS`."""


def _check_calls_shanten(counts: tuple[int, ...], rules: Rules, points: bool) -> None:
    """Refuse at once a hand too far from ready for the search with calls."""
    most = MAX_POINTS_CALLS if points else MAX_CALLS
    found = shanten(counts, rules)
    if found > most:
        what = "points with calls are" if points else "calls are"
        instead = "objective 'win'" if points else "discard_wins alone"
        raise HandError(f"{what} searched for hands at most {most} from ready, this one is "
                        f"{found}: use {instead}")


def _refuse() -> NoReturn:
    """Stop a search at :data:`MAX_POSITIONS` hands."""
    raise HandError(f"this hand needs more than {MAX_POSITIONS:,} positions to search; "
                    f"try a hand closer to ready or fewer draws")


def _refuse_early(near: int) -> NoReturn:
    """Stop a search with hand changes that :data:`GROWTH` says is too big."""
    raise HandError(f"with hand changes this hand needs more than {MAX_POSITIONS:,} "
                    f"positions to search ({near:,} within two draws already); try a hand "
                    f"closer to ready, fewer draws or no hand changes")


def _refuse_wild() -> NoReturn:
    """Stop a search under wild rules at :data:`MAX_WILD_EVALUATIONS`."""
    raise HandError(f"with wild tiles this hand needs more than {MAX_WILD_EVALUATIONS:,} "
                    f"shanten evaluations to search; try a hand closer to ready or fewer draws")


def _check_draws(value: object, left: int) -> int:
    value = int_arg(value, "draws", 0, MAX_DRAWS)
    if value > left:
        raise HandError(f"cannot draw {value} tiles: only {left} are unseen")
    return value


def _check_hand(hand: object) -> tuple[int, ...]:
    counts = as_counts(hand)  # type: ignore[arg-type]
    n = sum(counts)
    if n % 3 == 0 or not 1 <= n <= 14:
        raise HandError(f"win_chances needs 3n+1 or 3n+2 tiles (at most 14), got {n}")
    return counts


# --- results ---------------------------------------------------------------------

@dataclass(frozen=True)
class WinChance:
    """One discard (``tile``; None for a 13-tile hand kept as it is) and its outlook.

    ``shanten`` after the discard; ``win`` the chance of winning within the
    draws; ``by_draws[k]`` the chance of winning with this hand when only
    ``k`` draws are left (the wall ``draws - k`` tiles shorter), so
    ``by_draws[-1] == win`` and ``by_draws[0] == 0`` unless the hand is
    complete; ``tenpai`` the chance of being ready within the draws;
    ``expected_points`` (objective "points") the expected points the
    winner collects, 0 when there is no win; ``discard_win``
    (``discard_wins``) the part of ``win`` won on another seat's discard,
    self-drawn being the rest.
    """

    tile: int | None
    shanten: int
    win: float
    by_draws: tuple[float, ...]
    tenpai: float
    expected_points: float | None = None
    discard_win: float | None = None

    @property
    def name(self) -> str:
        """The discard in mpsz ("-" for none)."""
        return "-" if self.tile is None else tile_name(self.tile)

    def __str__(self) -> str:
        points = "" if self.expected_points is None else f", points {self.expected_points:.3f}"
        ron = "" if self.discard_win is None else f" ({self.discard_win:.4f} on a discard)"
        return (f"discard {self.name}: shanten {self.shanten}, win {self.win:.4f}{ron}, "
                f"tenpai {self.tenpai:.4f}{points}")

    def as_dict(self) -> dict:
        """Plain JSON-ready values."""
        return {"discard": None if self.tile is None else self.name, "shanten": self.shanten,
                "win": self.win, "tenpai": self.tenpai,
                "expected_points": self.expected_points, "discard_win": self.discard_win,
                "by_draws": list(self.by_draws)}


class WinChances(list):
    """The list :func:`win_chances` returns, best first.

    As a table: :func:`mjcore.view.frames.chances_frame`.
    """

    def as_dict(self) -> dict:
        """Plain JSON-ready values."""
        return {"choices": [c.as_dict() for c in self]}

    def __str__(self) -> str:
        return "\n".join(str(c) for c in self)


# --- the search ------------------------------------------------------------------

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
                 start: int = 0) -> tuple[float | Fraction, float | Fraction]:
    """A ready hand that never changes, ``live`` copies of its waits among the ``n``
    tiles it has not drawn, and ``shown`` more tiles to come, each a uniformly random one
    of those left: the chance that one of them is a live copy (it misses all with the
    chance C(n - live, shown) / C(n, shown)), and that the first such is another seat's
    discard.  Every ``step``-th tile shown is the player's draw (turns of three discards
    and a draw: ``step`` 4; its draws alone: 1); ``start`` is the place in the turn of
    the first tile to come."""
    miss, on_discard = one, one - one
    for p in range(shown):
        first = miss * live / (n - p)
        if (start + p) % step != step - 1:
            on_discard += first
        miss -= first
    return one - miss, on_discard


def _stop_curves(items: tuple[tuple[int, object, object], ...], base: int, draws: int,
                 one: float | Fraction, at: int | None = None) -> tuple:
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
    wins, pts, discs = [zero], [zero], [zero]
    sizes = [c for c, _, _ in items]
    vectors: list[tuple[int, ...]] = [()]
    for c in sizes:
        vectors = [v + (k,) for v in vectors for k in range(c + 1)]
    vectors.sort(key=sum)  # fewer copies first: a vector reads those with one copy fewer
    for r in range(1, draws + 1):
        shown = 4 * r
        gap = base - 3 * r  # tiles left less the tiles still to show
        columns: dict[tuple[int, ...], tuple[list, list, list]] = {}
        for vec in vectors:
            live = sum(vec)
            p_col, w_col, d_col = [zero], [zero], [zero]
            columns[vec] = p_col, w_col, d_col
            if not live:
                p_col *= shown + 1
                w_col *= shown + 1
                d_col *= shown + 1
                continue
            lower = [(c, a, b, columns[vec[:g] + (c - 1,) + vec[g + 1:]])
                     for g, (c, (_, a, b)) in enumerate(zip(vec, items, strict=True)) if c]
            for k in range(1, shown + 1):  # k tiles still to show; the player's draw: k % 4 == 1
                m = gap + k
                stay = m - live
                sp, sw, sd = stay * p_col[-1], stay * w_col[-1], stay * d_col[-1]
                if k % 4 == 1:
                    for c, _a, b, _ in lower:
                        sp += c * b
                        sw += c
                else:
                    for c, a, _b, (lp, lw, ld) in lower:
                        cp, cw = lp[k - 1], lw[k - 1]
                        if a > cp + ptie or (a >= cp - ptie and one > cw + tie):  # win now
                            sp += c * a
                            sw += c
                            sd += c
                        else:  # pass: that copy is gone
                            sp += c * cp
                            sw += c * cw
                            sd += c * ld[k - 1]
                p_col.append(sp * one / m)
                w_col.append(sw * one / m)
                d_col.append(sd * one / m)
        p_col, w_col, d_col = columns[tuple(sizes)]
        if at is not None and r == draws:
            return w_col[at], p_col[at], d_col[at]
        pts.append(p_col[shown])
        wins.append(w_col[shown])
        discs.append(d_col[shown])
    return wins, pts, discs


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


def _plus(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    return counts[:tile] + (counts[tile] + 1,) + counts[tile + 1:]


def _minus(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    return counts[:tile] + (counts[tile] - 1,) + counts[tile + 1:]


def _key(counts: Sequence[int]) -> int:
    """A hand as one integer, a byte per tile (as :class:`_Search` and :class:`_Progress`
    keep hands)."""
    return int.from_bytes(bytes(counts), "little")


class _Search:
    """The graph of hands reachable under one policy, and its values by draws done.

    A *13-node* is a hand before a draw (3n+1 tiles); a *14-node* a hand
    after a draw, before the discard.  ``cap[t] - hand[t]`` is the count
    of tile ``t`` still to draw; ``total`` the unseen tiles before the
    first draw.  Values are lists indexed by draws done ``j = 0..draws``.
    """

    def __init__(self, rules: Rules, draws: int, total: int, cap: Sequence[int],
                 hand_changes: bool, origin: tuple[int, ...], points,
                 discard_wins: bool = False, leaves: bool = False) -> None:
        self.rules, self.draws, self.total, self.cap = rules, draws, total, tuple(cap)
        self.hand_changes, self.origin, self.points = hand_changes, origin, points
        self.discard_wins = discard_wins  # four seats: a ready hand wins on discards too
        self.disc13: list | None = None  # by hand: the chance of winning on a discard
        self.four_curves: dict = {}  # live copies (or waits and points) -> curves
        self.s_origin = shanten(origin, rules) if hand_changes else 0
        # hands within two draws that are too many (with draws enough to grow past them)
        growth = GROWTH[min(max(self.s_origin, 3), 4)]
        self.early = (MAX_POSITIONS // growth if hand_changes and draws > self.s_origin + 2
                      else MAX_POSITIONS)
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
        # ready hands off track as leaves (see _expand13 and _node14): with hand changes
        # and the chance of winning as the goal (follow waits at a leaf)
        self.leaves = (leaves and hand_changes and not self.wild and points is None
                       and not discard_wins)
        self.ready13: dict[int, int] = {}  # a ready 13-node off track -> its live copies
        self.ready14: dict[int, int] = {}  # a 14-node whose discards all leave such a hand
        self.lives: dict[int, int] = {}  # a ready hand (one integer) -> its live copies
        self.capital = int.from_bytes(bytes(self.cap), "little")  # minus a hand: copies left
        self.tiles = _Tiles()

    # building ----------------------------------------------------------------
    def _distance(self, counts: Sequence[int]) -> int:
        return sum(c - o for c, o in zip(counts, self.origin, strict=True) if c > o)

    def root(self, counts: tuple[int, ...]) -> int:
        """The index of a 3n+1 hand given as counts, added (to expand) if new."""
        return self.node13(_key(counts))

    def find13(self, counts: Sequence[int]) -> int:
        """The index of a visited 3n+1 hand given as counts."""
        return self.index13[_key(counts)]

    def find14(self, counts: Sequence[int]) -> int | None:
        """The index of a visited 3n+2 hand given as counts, None if not visited."""
        return self.index14.get(_key(counts))

    def node13(self, hand: int, dist: int | None = None) -> int:
        """The index of a 3n+1 hand (one integer, a byte per tile), added (to expand) if
        new; ``dist`` its :meth:`_distance` when the caller knows it."""
        i = self.index13.get(hand)
        if i is None:
            i = self.index13[hand] = len(self.shanten13)
            if i >= self.early and self.depth <= 2:
                _refuse_early(i)
            if i >= MAX_POSITIONS:
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

    def _node14(self, hand: int, tile: int, s: int, effective: bool, dist: int) -> int:
        """The 14-node after drawing ``tile`` into a 13-node of shanten ``s``; ``dist`` its
        tiles beyond the starting hand."""
        k = self.index14.get(hand)
        if k is not None:
            return k
        k = self.index14[hand] = len(self.kids14)
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
        origin, one, node13 = self.origin, _ONE, self.node13
        if self.hand_changes and dist + now <= self.s_origin:  # free: every discard
            self.kids14[k] = [(d, node13(hand - one[d], dist - (c > origin[d])))
                              for d, c in enumerate(b) if c]
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
            self.kids14[k] = [(d, node13(hand - one[d], dist - (b[d] > origin[d])))
                              for d in tiles if d != tile or not effective]
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
            kids.append((d, node13(after, dist - (b[d] > origin[d]))))
        self.kids14[k] = kids
        return k

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
                > MAX_WILD_EVALUATIONS:
            _refuse_wild()
        b = hand.to_bytes(N_KINDS, "little")
        if self.wild:
            s, mask = effective_mask(tuple(b), self.rules)
        else:
            s, mask = scan_bytes(b, self.rules)[2:]
        self.shanten13[i] = self.known[hand] = s
        if s + self.depth13[i] > self.draws:
            return  # not even ready in time from here: worth 0
        cap, origin, dist, one, node14 = self.cap, self.origin, self.dist13[i], _ONE, self._node14
        if s == 0 and self.leaves and dist > self.s_origin:
            # a ready hand off track only waits: its value is the chance of drawing one of
            # its live copies (:func:`_ready_curve`), its wins need no nodes
            self.ready13[i] = self._live(hand, mask)
            return
        kids, swaps = [], []
        free = self.hand_changes and dist + s <= self.s_origin
        if not free:  # only the effective tiles: walk the set bits of the mask
            rest = mask
            while rest:
                low = rest & -rest
                rest ^= low
                t = low.bit_length() - 1
                c = cap[t] - b[t]
                if c > 0:
                    kids.append((c, node14(hand + one[t], t, s, True, dist + (b[t] >= origin[t]))))
            self.kids13[i] = kids
            return
        for t in range(N_KINDS):
            c = cap[t] - b[t]
            if c <= 0:
                continue
            beyond = dist + (b[t] >= origin[t])
            if mask >> t & 1:
                kids.append((c, node14(hand + one[t], t, s, True, beyond)))
            else:
                after = hand + one[t]
                if self._worth_keeping(after, t, s):
                    swaps.append((c, node14(after, t, s, False, beyond)))
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
        # a 13-class: its draws as counts and 14-classes; while the draws kept (swaps
        # included) cannot outnumber the tiles left, the swaps join the same sum
        tight = total - draws + 1  # the fewest tiles left before a draw
        # and the classes in order of their fewest draws to reach: those of draws done j
        # are a prefix (as are the 14-node classes, a draw later than the hands before)
        plain, small = [], []
        depth14 = [draws + 1] * len(kids14)
        for i in sorted(range(n13), key=depth.__getitem__):
            if i in leaf13:
                continue
            links = kids13[i] + swaps13[i]
            for _c, k in links:
                if depth[i] < depth14[k]:
                    depth14[k] = depth[i] + 1
            if sum(c for c, _ in links) <= tight:
                plain.append((i, shanten13[i], sum(c for c, _ in links),
                              [c for c, _ in links], [k for _, k in links]))
            else:
                small.append(i)
        starts = [depth[e[0]] for e in plain]
        base14 = [one if kids is None else zero for kids in kids14]
        for c, _curve in leaves14:
            base14[c] = one  # (the tenpai of a leaf; its win is set for each draw)
        gain_base = [g * one if kids is None else zero for kids, g in zip(kids14, gain14,
                                                                         strict=True)]
        live14 = [(k, [i for _d, i in kids]) for k, kids in enumerate(kids14) if kids]
        live14.sort(key=lambda kk: depth14[kk[0]])
        starts14 = [depth14[k] for k, _ in live14]
        win = [[zero] * n13]  # by draws done, from the last: win[0] is draws done = draws
        ten = [[one if s <= 0 else zero for s in shanten13]]
        pts = [[zero] * n13] if points else None
        # a sum that every Python rounds alike: sum() compensates floats from 3.12 on, so
        # CPython 3.11 and Pyodide's 3.14 would differ in the last bit; fsum rounds exactly
        # (and is as quick), exact fractions add in link order
        mul_ = mul
        adder = fsum if isinstance(one, float) else partial(_fold, zero)
        for j in range(draws - 1, -1, -1):
            wa, ta = win[-1], ten[-1]
            pa = pts[-1] if points else None
            # 14-classes at draws done j + 1: the best discard, the first of equals
            w14, t14 = list(base14), list(base14)
            p14 = list(gain_base) if points else None
            for k, kids in islice(live14, bisect_right(starts14, j + 1)):
                b = kids[0]
                bw, bt = wa[b], ta[b]
                if by_points:
                    bp = pa[b]
                    for i in kids:
                        if _beats_points(pa[i], wa[i], ta[i], bp, bw, bt, tie):
                            b, bw, bt, bp = i, wa[i], ta[i], pa[i]
                else:
                    for i in kids:
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
            for i, s, live, cs, ks in islice(plain, bisect_right(starts, j)):
                if s > reach:
                    continue
                stay = left - live
                wj[i] = (adder(map(mul_, cs, map(w14.__getitem__, ks)))
                         + stay * wa[i]) / left
                if s > 0:
                    tj[i] = (adder(map(mul_, cs, map(t14.__getitem__, ks)))
                             + stay * ta[i]) / left
                if points:
                    pj[i] = (adder(map(mul_, cs, map(p14.__getitem__, ks)))
                             + stay * pa[i]) / left
            for i in small:  # a tiny wall: the draws kept may promise more than is left
                s = shanten13[i]
                if s > reach or depth[i] > j:
                    continue
                live = 0
                w = t = p = zero
                for c, k in kids13[i]:
                    live += c
                    w += c * w14[k]
                    t += c * t14[k]
                    if points:
                        p += c * p14[k]
                if live > left:
                    w, t, p, live = w * left / live, t * left / live, p * left / live, left
                if swaps13[i]:
                    w, t, p, live = self._add_swaps(swaps13[i], w, t, p, live, left,
                                                    w14, t14, p14)
                stay = left - live
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
        13-node classes to discard into, the points of a win; last, each 13-node class's
        fewest draws to reach).

        A hand free to trade is a class of its own, a leaf (a ready hand
        off track, or a 14-node whose discards all leave one) a class per
        number of live copies (its best discard's).  Any other 13-node
        keeps only progress, so the hands it leads to are of lower
        shanten: going up from shanten 0, two such hands of one shanten
        are merged when their draws lead, copy for copy, to 14-nodes of
        the same classes, and two 14-nodes when they win the same points
        or their discards lead to the same set of 13-node classes.  Each
        class's members get the same values in the loop of :meth:`solve`
        (they are read in the same order from the same numbers), so it
        values one hand per class.  For 234578m1689p357s1z with hand
        changes (17 draws, riichi rules), 83,876 hands of 13 tiles make
        20,389 classes and 135,070 of 14 (38,232 of them leaves) make
        24,573: the loop reads 319,000 links instead of 759,000.
        """
        kids13, kids14, swaps13, gain14 = self.kids13, self.kids14, self.swaps13, self.gain14
        shanten13, dist13, s_origin = self.shanten13, self.dist13, self.s_origin
        n13 = len(kids13)
        of13: list = [None] * n13
        of14: list = [None] * len(kids14)
        names13: dict = {}
        names14: dict = {}

        ready13, ready14 = self.ready13, self.ready14

        def class14(k: int) -> int:
            kids = kids14[k]
            key = (("win", gain14[k]) if kids is None
                   else ("ready", ready14[k]) if k in ready14
                   else frozenset([of13[i] for _d, i in kids]))
            found = of14[k] = names14.setdefault(key, len(names14))
            return found

        for i in sorted(range(n13), key=shanten13.__getitem__):
            if dist13[i] + shanten13[i] <= s_origin or i in swaps13:  # free: its own class
                of13[i] = names13[i] = len(names13)
                continue
            if i in ready13:  # a leaf: its class by its live copies
                of13[i] = names13.setdefault(("ready", ready13[i]), len(names13))
                continue
            key = []
            for c, k in kids13[i]:
                found = of14[k]
                key.append((class14(k) if found is None else found, c))
            key.sort()
            of13[i] = names13.setdefault((shanten13[i], tuple(key)), len(names13))
        for k, found in enumerate(of14):
            if found is None:
                class14(k)
        # the leaves' classes and live copies (a 14-node leaf: the best discard's)
        self.leaf13 = {of13[i]: live for i, live in ready13.items()}
        self.leaf14 = {of14[k]: live for k, live in ready14.items()}
        first13: dict[int, int] = {}
        for i, c in enumerate(of13):
            first13.setdefault(c, i)
        first14: dict[int, int] = {}
        for k, c in enumerate(of14):
            first14.setdefault(c, k)
        reps13 = [first13[c] for c in range(len(first13))]
        reps14 = [first14[c] for c in range(len(first14))]
        no_swaps: tuple = ()
        shanten = [shanten13[i] for i in reps13]
        kids = [[(c, of14[k]) for c, k in kids13[i]] for i in reps13]
        swaps = [[(c, of14[k]) for c, k in swaps13.get(i, no_swaps)] for i in reps13]
        after = [None if kids14[k] is None else [(d, of13[i]) for d, i in kids14[k]]
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
        disc13: list | None = [None] * n13 if seats else None
        for i in range(n13 - 1, -1, -1):
            s = shanten13[i]
            kids = kids13[i]
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
            found = [_first_shown(live, self.total - j, 4 * (self.draws - j), one)
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
                                                      self.draws, one))
        return curves

    @staticmethod
    def _add_swaps(swaps, w, t, p, live, left, win14, ten14, pts14):
        """Add the draws kept for a better shape; on a tiny wall the simple count can
        promise more tiles than are left: then the effective draws keep their share
        and the others share what remains (or everything shrinks in proportion)."""
        extra = 0
        sw = st = sp = w - w
        for c, k in swaps:
            extra += c
            sw += c * win14[k]
            st += c * ten14[k]
            if pts14 is not None:
                sp += c * pts14[k]
        if live + extra > left:
            room = left - live
            sw, st, sp, extra = sw * room / extra, st * room / extra, sp * room / extra, room
        return w + sw, t + st, p + sp, live + extra

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


_ONE = tuple(1 << 8 * t for t in range(N_KINDS))  # a tile of kind t, in a hand as one integer
load_wide_tables()  # every search reads effective tiles: build their tables now


def _first_id(kid: tuple) -> int:
    """The key of a kid's values in :class:`_Progress`: the id of its win curve."""
    return id(kid[0])


class _Tiles(dict):
    """Masks and their tiles (:func:`mjcore.hand.waits.tiles_of`), each worked out when first
    asked for: a search meets a few thousand masks, each many times."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        found = self[mask] = tiles_of(mask)
        return found


_SUIT = (1 << 72) - 1  # the nine bytes of one suit, in a hand as one integer


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

    def __init__(self, rules: Rules | None, draws: int, total: int, cap: Sequence[int],
                 one: float | Fraction, tables: dict) -> None:
        self.rules, self.draws, self.one = rules, draws, one
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
        if len(values) >= MAX_POSITIONS:
            _refuse()
        twin = None if rules is not None else self.twin(hand)
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
                    pair = None if rules is not None else self.twin(grown)
                    k = twins.get(pair)  # its mirror image's, if valued (None: no mirror)
                    if k is None:  # the best discard after drawing t, for each r
                        kids = []
                        for d in discards.get(grown) or self.kept(grown, rules):
                            smaller = grown - one_[d]
                            kids.append(values.get(smaller) or value(smaller, rules))
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
        if len(self.values) >= MAX_POSITIONS:
            _refuse()
        twin = None if rules is not None else self.twin(hand)
        found = self.twins.get(twin)
        if found is not None:
            self.values[hand] = found
            return found
        found = self.masks.get(hand)
        if found is None:
            found = self.masks[hand] = scan_bytes(hand.to_bytes(N_KINDS, "little"), rules)[2:]
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
                    pair = None if rules is not None else self.twin(grown)
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
        if len(values) >= MAX_POSITIONS:
            _refuse()
        twin = None if rules is not None else self.twin(hand)
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
        else:  # a kid's three curves go together: the kid's own id is its key
            groups = self._draws(hand, mask, rules, self.value, self._best3, id)
            kin = self.kin
            if not groups:
                found = self.nothing
            else:
                key = tuple(sorted(groups.items()))
                found = self.steps.get(key)
                if found is None:
                    live = sum(groups.values())
                    kids = [(kin[k], c) for k, c in groups.items()]
                    found = self.steps[key] = tuple(
                        self._recur(live, [(kid[n], c) for kid, c in kids])
                        for n in range(len(self.nothing)))
        values[hand] = found
        if twin is not None:
            twins[twin] = found
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
            best = tuple([b if x else a for a, b, x in zip(one, two, better, strict=True)]
                         for one, two in zip(best, kid, strict=True))
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

    def ready_four(self, live: int) -> tuple[list, list, list]:
        """A ready hand's (win, tenpai, on a discard) by turns left, from its live copies."""
        found = self.readies.get(live)
        if found is None:
            shown = [_first_shown(live, self.base + r, 4 * r, self.one)
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

    def ready3(self, hand: int, mask: int, rules: Rules | None) -> tuple[list, ...]:
        """(win, tenpai, points, on a discard) of a ready hand, from its live copies grouped
        by their two payments."""
        left = (self.capital - hand).to_bytes(N_KINDS, "little")  # copies still to draw
        pays = self.pays
        key = _pay_groups((left[t], pays.get(grown := hand + _ONE[t]) or self.pay(grown, t))
                          for t in self.tiles[mask] if left[t])
        found = self.readies.get(key)
        if found is None:
            curves = self.stops.get(key)
            if curves is None:
                curves = self.stops[key] = _stop_curves(key, self.base, self.draws, self.one)
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

# --- four seats with calls ---------------------------------------------------------

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
        self.s14: dict[int, tuple[int, tuple[int, ...]]] = {}  # see _fourteen
        self.melds: dict[int, tuple] = {}  # see _melds
        self.plans: dict[int, tuple] = {}  # see _plan1
        self.canon: dict[int, tuple[list, list, list]] = {}  # see _solve1
        self.after: dict[int, tuple] = {}  # see _readies
        self.tiles = _Tiles()
        self.turns: dict[tuple, tuple[list, list, list]] = {}  # see _solve
        self.twins: dict[int, tuple[list, list, list]] = {}  # see value
        self.pairs, self.honours = _Pairs(), _Honours()

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

    def size(self) -> SearchSize:
        """The work done so far, as :func:`search_size` reports it: states valued, hands
        after a draw or a claim, and (with points) winning hands scored."""
        return SearchSize(len(self.values), len(self.bests), 0)

    # values -------------------------------------------------------------------
    def value(self, state: int) -> tuple[list, list, list]:
        """(win, tenpai, on a discard) by turns done for a state."""
        found = self.values.get(state)
        if found is not None:
            return found
        if len(self.values) >= 4 * MAX_POSITIONS:  # one search serves all 14 discards
            _refuse()
        conc, taken = state & ((1 << _TAKEN) - 1), state >> _TAKEN
        # a state and its images (suits swapped, a suit's ranks mirrored, honours swapped;
        # every form reads a hand the same way) have the same values: one is computed
        twin = self.twin(conc, self.capital - taken)
        found = self.twins.get(twin)
        if found is not None:
            self.values[state] = found
            return found
        s, mask = self.scan(conc)
        if s == 0:
            found = self.ready(sum(self.left(taken)[t] for t in range(N_KINDS)
                                   if mask >> t & 1))
        elif s > self.draws:
            found = self.nothing
        elif s == 1:
            found = self._solve1(conc, taken)
        else:
            found = self._solve(state, conc, taken, s, mask)
        self.values[state] = self.twins[twin] = found
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

    def _solve1(self, conc: int, taken: int) -> tuple[list, list, list]:
        """:meth:`_solve` for a hand one tile from ready, without a node for each ready
        hand it can reach: every draw or claim it keeps makes a ready hand, and a ready
        hand's curves rise with its live copies (:meth:`ready`), so the best discard
        after each is the one that leaves the most.  The same curves as :meth:`_solve`."""
        draw_plan, claim_plan, relevant = self._plan1(conc)
        # only the copies left of the tiles in the plan count: states that agree on those
        # (reached after other claims or discards) have the same curves
        key = conc | (self.capital - taken & relevant) << _TAKEN
        found = self.canon.get(key)
        if found is not None:
            return found
        left = self.left(taken)
        ready = self.ready
        draw = [(left[t], ready(max(corr + sum([left[w] for w in waits])
                                    for waits, corr in options)))
                for t, options in draw_plan if left[t]]
        pon, at_left = {}, {}  # the most live copies after each claim, then the curves
        for t, kind, options in claim_plan:
            if left[t]:
                live = max(corr + sum([left[w] for w in waits]) for waits, corr in options)
                if kind == "pon":
                    pon[t] = live
                at_left[t] = max(live, at_left.get(t, live))
        pon = {t: ready(live) for t, live in pon.items()}
        at_left = {t: ready(live) for t, live in at_left.items()}
        found = self.canon[key] = self._turns(
            (1, tuple(sorted((id(kid), c) for c, kid in draw)),
             tuple(sorted((id(kid), left[t]) for t, kid in pon.items())),
             tuple(sorted((id(kid), left[t]) for t, kid in at_left.items()))),
            (left, draw, pon, at_left), 1)
        return found

    def _plan1(self, conc: int) -> tuple[tuple, tuple, int]:
        """For a hand one tile from ready, whatever is left to draw: ([(tile, options)]
        for each tile it keeps, [(tile, "pon" or "chi", options)] for each claim, a byte
        0xFF for each tile named in them), an option being one discard after it: (the
        waits of the ready hand it leaves, the copies of them its tile and the discard
        add to or take from what is left)."""
        found = self.plans.get(conc)
        if found is None:
            def options(grown: int, tile: int) -> tuple:
                return tuple((waits, (mask >> d & 1) - (mask >> tile & 1))
                             for waits, mask, d in self._readies(grown))
            mask = self.scan(conc)[1]
            draw_plan = tuple((t, options(conc + _ONE[t], t)) for t in self.tiles[mask])
            claim_plan = tuple((t, kind, options(rest, t))
                               for t, kind, rest, _ in self._melds(conc))
            named = {t for t, _ in draw_plan} | {t for t, _, _ in claim_plan}
            for some in ([opts for _, opts in draw_plan], [opts for *_, opts in claim_plan]):
                named.update(w for opts in some for waits, _ in opts for w in waits)
            found = self.plans[conc] = (draw_plan, claim_plan,
                                        sum(0xFF * _ONE[t] for t in named))
        return found

    def ready(self, live: int) -> tuple[list, list, list]:
        """A ready hand's curves: it never changes; with discard wins every tile shown may
        win (the closed form of :func:`mjcore.win_chances`), else its draws only."""
        found = self.readies.get(live)
        if found is None:
            step = 4 if self.discard_wins else 1
            shown = [_first_shown(live, self.total - j, step * (self.draws - j), self.one, step)
                     for j in range(self.draws + 1)]
            found = self.readies[live] = ([w for w, _ in shown], self.ones,
                                          [d for _, d in shown])
        return found

    def best(self, conc: int, taken: int) -> tuple[list, list, list]:
        """For a 3n+2 concealed hand (after a draw or a claim) whose shanten went down:
        for each number of turns done, the best discard's values (:func:`_beats`, the
        first of equals), over the discards that keep its shanten."""
        key = conc | taken << _TAKEN
        found = self.bests.get(key)
        if found is not None:
            return found
        twin = self.twin(conc, self.capital - taken)  # as for value
        found = self.twins.get(twin)
        if found is not None:
            self.bests[key] = found
            return found
        kids = None
        for d in self._discards(conc):
            kid = self.value((conc - _ONE[d]) | (taken - _ONE[d]) << _TAKEN)
            if found is None:
                found = kid
            elif kid is not found:
                kids = [found, kid] if kids is None else kids + [kid]
        if kids is not None:
            found = kids[0]
            for kid in kids[1:]:
                found = self._better(found, kid)
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

    def _readies(self, grown: int) -> tuple[tuple[tuple[int, ...], int, int], ...]:
        """The ready hands a 3n+2 hand one tile from winning can leave: (waits, their
        mask, the discard) for each discard that keeps it ready."""
        found = self.after.get(grown)
        if found is None:
            found = self.after[grown] = tuple(
                (self.tiles[mask], mask, d)
                for d in self._discards(grown) for mask in (self.scan(grown - _ONE[d])[1],))
        return found

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
                 points, one: float | Fraction = 1.0) -> None:
        super().__init__(rules, draws, total, cap, True, one)
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
        if len(self.states) >= MAX_POSITIONS:
            _refuse()
        s, mask = self.scan(conc)
        if s == 0:
            left = self.left(taken)
            items = _pay_groups((left[w], self.pay(conc + _ONE[w], melds, w))
                                for w in self.tiles[mask] if left[w])
            found = self.stops.get(items)
            if found is None:
                w, p, d = _stop_curves(items, self.total - self.draws, self.draws, self.one)
                found = self.stops[items] = (w[::-1], self.ones, d[::-1], p[::-1])
        elif s > self.draws:
            found = self.nothing
        else:
            links = self.links4.get(key)
            if links is None:
                links = self.links4[key] = self.links_of(conc, taken, melds, mask)
            found = w, t, d, p = tuple(list(self.zeros) for _ in range(4))
            for j in range(min(self.draws - 1, self.draws - s), -1, -1):
                w[j], t[j], d[j], p[j] = self.turn(links, found, j)[0]
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


# --- the claim question ---------------------------------------------------------------

SEATS = ("right", "across", "left")
"""The seats a discard can come from, in the order they discard after the player."""


@dataclass(frozen=True)
class ClaimOption:
    """One answer to a discard: ``kind`` "pass", "win", "pon" or "chi"; ``meld`` the meld
    laid down (mpsz, "" for pass and win); ``discard`` the tile thrown after the claim
    (the best, None for pass and win); the chance of winning within the turns left
    (``win``, of which ``discard_win`` on a discard) and of being ready (``tenpai``)
    under best play after it; ``expected_points`` with objective "points" (else None)."""

    kind: str
    meld: str
    discard: int | None
    win: float
    tenpai: float
    discard_win: float
    expected_points: float | None = None

    def __str__(self) -> str:
        what = self.kind if not self.meld else f"{self.kind} {self.meld}"
        if self.discard is not None:
            what += f", discard {tile_name(self.discard)}"
        points = "" if self.expected_points is None else f", points {self.expected_points:.3f}"
        return (f"{what}: win {self.win:.4f} ({self.discard_win:.4f} on a discard), "
                f"tenpai {self.tenpai:.4f}{points}")

    def as_dict(self) -> dict:
        """Plain JSON-ready values."""
        found = {"kind": self.kind, "meld": self.meld,
                 "discard": None if self.discard is None else tile_name(self.discard),
                 "win": self.win, "tenpai": self.tenpai, "discard_win": self.discard_win}
        if self.expected_points is not None:
            found["expected_points"] = self.expected_points
        return found


class ClaimAdvice(list):
    """The list :func:`claim_advice` returns, best first."""

    def as_dict(self) -> dict:
        """Plain JSON-ready values."""
        return {"options": [o.as_dict() for o in self]}

    def __str__(self) -> str:
        return "\n".join(str(o) for o in self)


def claim_advice(hand: str | Sequence[int], tile: str | int, seat: str, draws: int = 17,
                 rules: Rules | str = POYANG, visible: str | Sequence[int] | None = None,
                 objective: str = "win", *, searches: dict | None = None) -> ClaimAdvice:
    """Should the player claim this discard?  Every option for a 13-tile hand when
    ``seat`` ("right", "across" or "left") has just discarded ``tile``, best first.

    The game is :func:`win_chances`' four seats with calls and wins on a discard:
    ``draws`` counts the turns left, this one included (a claim ends it).  The
    options: pass (the turn goes on: the seats after ``seat`` discard, then the
    player draws), win when the tile completes the hand, 碰 with a pair of it, and
    吃 with each run it completes, from the left seat only (from another seat no
    吃 is offered).  After a claim the best discard is named, and the values
    are those of best play from there, keeping only progress; any claim is
    shown, not only those that lower the shanten.  Kongs are not modelled.

    Chapter 5's hand after throwing 9p, and a 9s from the left seat: 吃 789s and throw
    the north wind, rather than pass (from the right seat only passing is offered):

    >>> print(claim_advice("12389m456p78s11z4z", "9s", "left"))
    chi 789s, discard 4z: win 0.9517 (0.7249 on a discard), tenpai 1.0000
    pass: win 0.8338 (0.6385 on a discard), tenpai 0.9654
    >>> [o.kind for o in claim_advice("12389m456p78s11z4z", "9s", "right")]
    ['pass']

    ``objective`` "points" (Poyang rules, a hand at most :data:`MAX_POINTS_CALLS` from
    ready) ranks the options by expected points, as :func:`win_chances` does.  A claim
    ends 门清 (a fan), and a win on a discard is paid by the discarder alone, so the
    same 9s is better passed:

    >>> print(claim_advice("12389m456p78s11z4z", "9s", "left", objective="points"))
    pass: win 0.5706 (0.2189 on a discard), tenpai 0.9460, points 8.887
    chi 789s, discard 4z: win 0.6513 (0.2302 on a discard), tenpai 1.0000, points 6.777

    ``searches``: a dict, kept by a caller asking many questions of one hand (a
    study): the searches each question runs are kept there and reused by the next
    that needs the same one (the same answers, sooner).
    """
    counts = _check_hand(hand)
    if sum(counts) != 13:
        raise HandError(f"claim_advice needs a 13-tile hand (the discard just made), "
                        f"got {sum(counts)} tiles")
    from ..base.tiles import named_tile_arg

    tile = named_tile_arg(tile, "tile")
    seat = choice_arg(seat, "seat", SEATS)
    rules = rules_arg(rules)
    seen = list(as_counts(visible))
    if counts[tile] + seen[tile] >= COPIES:
        raise HandError(f"{tile_name(tile)} cannot be discarded: all four are in the hand "
                        f"or visible")
    seen[tile] += 1
    left = sum(unseen(counts, seen))
    draws = _check_draws(draws, left)
    if draws < 1:
        raise HandError("claim_advice needs at least 1 turn left (this one)")
    _check_four_seats(draws, left, rules, False)
    objective = choice_arg(objective, "objective", OBJECTIVES)
    points = None
    if objective == "points":
        if rules != POYANG:
            raise HandError(f"objective 'points' scores Poyang hands: use the poyang rules, "
                            f"not {rules.name}")
        points = _poyang_points
    _check_calls_shanten(counts, rules, points is not None)
    if searches is None:
        searches = {}
    instance_arg(searches, dict, "searches", "a dict")
    with _collector_paused():
        return _claim_options(counts, tile, SEATS.index(seat), draws, rules, left,
                              tuple(COPIES - v for v in seen), searches, points)


def _meld_tiles(kind: str, low: int) -> tuple[int, int, int]:
    """The tiles of a 碰 ("pon") or 吃 ("chi") from its lowest tile."""
    return (low,) * 3 if kind == "pon" else (low, low + 1, low + 2)


def _meld_name(tiles: tuple[int, int, int]) -> str:
    """A meld in mpsz: "555m", "345s"."""
    from ..base.tiles import to_mpsz

    return to_mpsz(tuple(tiles.count(t) for t in range(N_KINDS)))


def _claim_options(counts: tuple[int, ...], tile: int, k: int, draws: int, rules: Rules,
                   total: int, cap: tuple[int, ...], searches: dict,
                   points=None) -> ClaimAdvice:
    """:func:`claim_advice` on checked arguments: ``k`` the seat's place in the turn,
    ``total`` and ``cap`` the unseen tiles with the discard counted as seen, ``points``
    (objective "points") what a win pays, as for :func:`_compute`.

    Each option counts the discard where it ends up: passed, it is gone (the
    search runs on ``cap``); claimed, the player holds it (the search runs on
    ``cap`` with the discard back among the tiles not taken, which the claim
    then takes).
    """
    def search(total: int, cap: tuple[int, ...]) -> _Calls:
        key = (rules, draws, total, cap, points)
        found = searches.get(key)
        if found is None:
            found = searches[key] = (_Calls(rules, draws, total, cap, True) if points is None
                                     else _CallsPoints(rules, draws, total, cap, points))
        return found

    def values(search: _Calls, conc: int, taken: int, melds: tuple) -> tuple:
        """(win, tenpai, on a discard, points or None) by turns done."""
        if points is None:
            return (*search.value(conc | taken << _TAKEN), None)
        return search.state(conc, taken, melds)

    calls = search(total + 1, _plus(cap, tile))  # for the claims
    conc = _key(counts)
    state = conc | conc << _TAKEN
    s, mask = calls.scan(conc)
    options = []
    if s == 0:  # ready: passing, the rest of the turn and the next turns may each win
        if points is None:
            live = sum(cap[t] - counts[t] for t in range(N_KINDS) if mask >> t & 1)
            win, on_discard = _first_shown(live, total, 4 * draws - k - 1, 1.0, start=k + 1)
            after = [win, 1.0, on_discard]
        else:
            items = _pay_groups((cap[w] - counts[w], calls.pay(conc + _ONE[w], (), w))
                                for w in calls.tiles[mask] if cap[w] > counts[w])
            win, gain, on_discard = _stop_curves(items, total - draws + k + 1, draws, 1.0,
                                                 at=4 * draws - k - 1)
            after = [win, 1.0, on_discard, gain]
    elif s <= draws:
        gone = search(total, cap)
        if points is None:
            after = gone.turn(gone.links(state, conc, conc, s, mask), gone.value(state),
                              0)[k + 1]
        else:
            after = gone.turn(gone.links_of(conc, conc, (), mask),
                              gone.state(conc, conc, ()), 0)[k + 1]
    else:
        after = [0.0, 0.0, 0.0, 0.0]
    gain = None if points is None else float(after[3])
    options.append(ClaimOption("pass", "", None, *map(float, after[:3]), gain))
    if s == 0 and mask >> tile & 1:
        gain = None if points is None else float(calls.pay(conc + _ONE[tile], (), tile)[0])
        options.append(ClaimOption("win", "", None, 1.0, 1.0, 1.0, gain))
    b = bytes(counts)
    melds = []
    if b[tile] >= 2:
        melds.append(("pon", tile, conc - 2 * _ONE[tile]))
    if k == 2:
        for a, c in _RUNS[tile]:
            if b[a] and b[c]:
                melds.append(("chi", min(a, tile), conc - _ONE[a] - _ONE[c]))
    for kind, low, rest in melds:
        best = None
        for d in range(N_KINDS):
            if not rest >> 8 * d & 255:
                continue
            w, t, q, p = values(calls, rest - _ONE[d], conc + _ONE[tile] - _ONE[d],
                                ((kind, low),))
            one = (d, w[1], t[1], q[1], None if p is None else p[1])
            if best is None or (_beats(one[1], one[2], best[1], best[2], TIE)
                                if points is None else
                                _beats_points(one[4], one[1], one[2], best[4], best[1],
                                              best[2], TIE)):
                best = one
        options.append(ClaimOption(kind, _meld_name(_meld_tiles(kind, low)), best[0],
                                   best[1], best[2], best[3], best[4]))
    if points is None:
        options.sort(key=lambda o: (-round(o.win, 12), -round(o.tenpai, 12)))
    else:
        options.sort(key=lambda o: (-round(o.expected_points, 9), -round(o.win, 12),
                                    -round(o.tenpai, 12)))
    _LAST_SIZE[:] = [calls.size()]
    return ClaimAdvice(options)


def _shape(b: bytes) -> bytes:
    """A hand (34 bytes) with each suit made the lesser of it and its mirror image, the
    suits in order and the honours sorted: what a Poyang score can tell of it."""
    suits = sorted(min(suit, suit[::-1]) for suit in (b[0:9], b[9:18], b[18:27]))
    return b"".join(suits) + bytes(sorted(b[27:]))


def _poyang_points(counts: tuple[int, ...], tile: int, self_draw: bool = True) -> float:
    """Points the winner collects for a concealed win (chapter 9): self-drawn, paid by the
    three other seats with the self-draw bonus, or on a discard (``self_draw`` False),
    paid by the discarder alone.

    The searches take any function of this shape as ``points`` (tests pass small ones):
    the counts of the complete hand, the winning tile, and how it won.
    """
    from ..scoring.poyang import score, settle

    if self_draw:
        return float(settle(score(counts, win_tile=tile, self_draw=True), winner=0)[0])
    return float(settle(score(counts, win_tile=tile), winner=0, discarder=1)[0])


def _poyang_pays(counts: tuple[int, ...], tile: int,
                 melds: tuple[tuple[str, int], ...] = ()) -> tuple[float, float]:
    """(:func:`_poyang_points` on a discard, self-drawn) from one scoring: the 自摸 fan adds
    to every reading alike, so the best reading is the same (tests check the two agree).
    :class:`_ProgressFourPoints` uses it when ``points`` is :func:`_poyang_points`."""
    from ..scoring.poyang import DEFAULT_RULES as RULES
    from ..scoring.poyang import LaidMeld, score, settle

    found = score(counts, win_tile=tile, melds=[LaidMeld(kind, low) for kind, low in melds])
    fan = found.total_fan + RULES.fan("自摸")
    if RULES.cap is not None:
        fan = min(fan, RULES.cap)
    return (float(settle(found, winner=0, discarder=1)[0]),
            float(settle(RULES.base * 2 ** fan, winner=0)[0]))


@dataclass(frozen=True)
class SearchSize:
    """How much work one :func:`win_chances` call did (to predict its time)."""

    positions: int
    """Hands of 3n+1 tiles visited (the quick search leaves out ready hands reached only
    to count their live copies)."""
    after_draw: int
    """Hands of 3n+2 tiles visited."""
    shanten_calls: int
    """Calls of :func:`mjcore.shanten` (discards tried by the general search under wild
    rules; the other searches read their discards from the tables and make none)."""
    classes: int = 0
    """With hand changes: the classes of hands of 3n+1 tiles the draw-by-draw loop values,
    one for all the hands in a class (``_Search._quotient``)."""
    scorings: int = 0
    """With ``objective="points"``: calls of the Poyang scorer (the quick search scores one
    hand per shape, :func:`_shape`)."""


_LAST_SIZE: list[SearchSize] = []


def search_size() -> SearchSize:
    """The work done by the most recent :func:`win_chances` (or :func:`claim_advice`) call
    in this process.

    >>> _ = win_chances("123456789m1234p5z", draws=3)
    >>> search_size().positions > 0
    True
    """
    if not _LAST_SIZE:
        raise HandError("no win_chances call yet")
    return _LAST_SIZE[-1]


def win_chances(hand: str | Sequence[int], draws: int = 17, rules: Rules | str = POYANG,
                visible: str | Sequence[int] | None = None, hand_changes: bool = False,
                objective: str = "win", discard_wins: bool = False,
                calls: bool = False) -> WinChances:
    """The chance of winning within ``draws`` draws for each discard, under best play.

    For a 3n+2 hand (14 tiles in play): one :class:`WinChance` per distinct
    discard, best first (highest ``win``, or highest ``expected_points``
    for ``objective="points"``; ties by the lower tile index).  For a 3n+1
    hand: one entry, ``tile`` None, for the hand as it is.  A complete
    3n+2 hand is a win already: one entry, ``tile`` None, ``win`` 1.
    Every form the ``rules`` switch on counts.

    ``objective="points"`` (Poyang rules, 13 or 14 tiles) maximizes the
    expected points the winner collects when settling a self-drawn,
    concealed win (:func:`mjcore.scoring.poyang.score` with 自摸 and 门清, then
    :func:`mjcore.scoring.poyang.settle`: three payers).  With
    ``discard_wins`` a win on a discard is paid by the discarder alone
    (no 自摸 fan, no self-draw bonus: for a plain concealed win 4 points
    against 27 self-drawn), so taking it is a choice: the search takes it
    only where it is worth more than passing (more points, or as many and
    a higher chance of winning), and a ready hand may pass a wait shown
    on a discard to wait for its own draw, that copy gone for good (no
    rule against winning after a pass is modelled).  ``win`` and
    ``discard_win`` are then the chances of the policy that maximizes the
    points, and the points with discard wins are never below those
    without (passing every discard leaves the player's own draws).

    ``discard_wins=True`` plays four seats: each turn the three other
    seats each discard a tile from the wall, then the player draws, and a
    ready hand wins on any of those discards too; ``draws`` counts turns,
    four tiles shown each, and ``discard_win`` gives the part of ``win``
    won on a discard.  The discards before the hand is ready change
    nothing the player can use, so the count stays exact for the best
    policy on the player's own draws (a brute force over tiny walls
    agrees).  ``calls=True`` plays four seats too, and the player may
    claim a discard (碰 from any seat, 吃 from the left one; the turn ends
    at the claim): :class:`_Calls`, where the count becomes an
    approximation.  With ``objective="points"`` too, every win is scored
    with the melds laid down (a claim ends 门清): :class:`_CallsPoints`,
    for a hand at most :data:`MAX_POINTS_CALLS` from ready (others are
    refused at once).  For now four seats need keep only progress: not
    ``hand_changes`` nor wild rules.  With both options off the values are
    those of one player, exactly.

    >>> [c] = win_chances("111222333m4445s", draws=5, discard_wins=True)
    >>> round(c.win, 4), round(c.discard_win, 4)
    (0.8706, 0.6816)
    >>> [p] = win_chances("111222333m4445s", draws=5, discard_wins=True, objective="points")
    >>> p.win < c.win and p.discard_win < c.discard_win  # some discards passed
    True

    Raises :class:`HandError` for a bad argument, or a search above
    :data:`MAX_POSITIONS` hands.

    A ready hand waiting on 3s, 5s and 6s (11 tiles unseen of 123):

    >>> [c] = win_chances("111222333m4445s", draws=5)
    >>> c.shanten, round(c.win, 4), round(c.tenpai, 4)
    (0, 0.3791, 1.0)
    >>> from mjcore import draw_probability
    >>> abs(c.win - draw_probability(11, 123, 5)) < 1e-12
    True

    Under wild rules a drawn wild tile is one more wait (the four 红中 here), and the
    search is the general one (:class:`_Search`), which tries every draw:

    >>> from mjcore import HONGZHONG
    >>> [c] = win_chances("111222333m4445s", draws=5, rules=HONGZHONG)
    >>> abs(c.win - draw_probability(15, 123, 5)) < 1e-12
    True

    The 13 tiles of 234578m1689p357s1z after discarding 1p (now visible),
    as tomohxx/mahjong-win-prob's README prints it for 17 draws:

    >>> [c] = win_chances("234578m689p357s1z", rules="riichi", visible="1p")
    >>> c.shanten, round(c.win, 4), round(c.by_draws[4], 4)
    (3, 0.1511, 0.0006)

    Explained in chapter 6, four seats in chapter 7.
    """
    counts = _check_hand(hand)
    rules = rules_arg(rules, wild=True)
    hand_changes = bool_arg(hand_changes, "hand_changes")
    objective = choice_arg(objective, "objective", OBJECTIVES)
    discard_wins = bool_arg(discard_wins, "discard_wins")
    calls = bool_arg(calls, "calls")
    seen = as_counts(visible)
    left = sum(unseen(counts, seen))
    draws = _check_draws(draws, left)
    if discard_wins or calls:
        _check_four_seats(draws, left, rules, hand_changes)
    if calls:
        _check_calls_shanten(counts, rules, objective == "points")
    with _collector_paused():
        return _compute(counts, draws, rules, seen, hand_changes, objective,
                        discard_wins=discard_wins, calls=calls)


def _check_four_seats(draws: int, left: int, rules: Rules, hand_changes: bool) -> None:
    """What four seats need: four tiles shown a turn, and (for now) keep only progress and
    no wild tiles."""
    if 4 * draws > left:
        raise HandError(f"with four seats each turn shows 4 tiles: {draws} turns need "
                        f"{4 * draws}, only {left} are unseen")
    if hand_changes:
        raise HandError("four seats (discard_wins, calls) with hand_changes are not "
                        "modelled yet: use one or the other")
    if rules.wild is not None:
        raise HandError(f"four seats (discard_wins, calls) under wild rules ({rules.name}) "
                        f"are not modelled yet")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector (if it runs) for a search, then restore it.

    A search builds some 10^5 lists, tuples and dicts and no reference
    cycles: the collector's passes over them find nothing to free and
    cost about 3% of the instructions and 6% of the cache misses of the
    table hand's call (cachegrind).
    """
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def _compute(counts: tuple[int, ...], draws: int, rules: Rules, seen: tuple[int, ...],
             hand_changes: bool, objective: str, one: float | Fraction = 1.0,
             quick: bool = True, searches: dict | None = None,
             discard_wins: bool = False, calls: bool = False, points=None) -> WinChances:
    """:func:`win_chances` on checked arguments; ``one=Fraction(1)`` gives exact values,
    ``quick=False`` runs the general :class:`_Search` where a quick one would (tests).

    ``points``, with objective "points": what a win pays, a function of the shape of
    :func:`_poyang_points` (the default, which needs Poyang rules and 13 or 14 tiles);
    tests pass small ones for tiny walls.  The quick searches keep its values by
    :func:`_shape`, so it must read a hand as Poyang's fans do: not the winning tile,
    nor a suit's mirror image, nor which suit or honour is which.

    ``searches``, a dict, receives each discard's solved search (a :class:`_Progress` or
    a :class:`_Search`), for a caller that then follows the policy on a wall
    (:mod:`mjcore.play.games`).
    """
    n = sum(counts)
    total = sum(unseen(counts, seen))
    if objective != "points":
        points = None
    elif points is None:
        if rules != POYANG:
            raise HandError(f"objective 'points' scores Poyang hands: use the poyang rules, "
                            f"not {rules.name}")
        if n < 13:
            raise HandError(f"objective 'points' needs a hand of 13 or 14 tiles, got {n}")
        points = _poyang_points

    origin = counts
    cap = tuple(COPIES - v for v in seen)
    results: list[WinChance] = []
    sizes = [0, 0, 0, 0, 0]

    tables: dict = {}  # masks and kept discards: true answers, whatever rules computed them
    shared: dict = {}  # the search with calls, for all roots

    def run(cap_: Sequence[int], roots: list[tuple[int | None, tuple[int, ...]]]) -> None:
        if calls:  # one search for every root: a thrown tile that counts as gone is held
            seats = shared.get("calls")
            if seats is None:
                seats = shared["calls"] = (
                    _Calls(rules, draws, total, cap, discard_wins, one) if points is None
                    else _CallsPoints(rules, draws, total, cap, points, one))
            results.extend(seats.chance(tile, root, cap_ != cap) for tile, root in roots)
            found = seats.size()
            sizes[0], sizes[1], sizes[4] = found.positions, found.after_draw, found.scorings
            return
        if quick and not hand_changes and rules.wild is None:
            fast = (_ProgressFourPoints(rules if n >= 13 else None, draws, total, cap_, one,
                                        tables, points)
                    if discard_wins and points is not None else
                    _ProgressFour(rules if n >= 13 else None, draws, total, cap_, one, tables)
                    if discard_wins else
                    _Progress(rules if n >= 13 else None, draws, total, cap_, one, tables)
                    if points is None else
                    _ProgressPoints(rules if n >= 13 else None, draws, total, cap_, one,
                                    tables, points))
            results.extend(fast.chance(tile, root) for tile, root in roots)
            if searches is not None:
                searches.update((tile, fast) for tile, _ in roots)
            sizes[0] += len(fast.values)
            sizes[1] += len(fast.after) + len(fast.best0)
            return
        search = _Search(rules, draws, total, cap_, hand_changes, origin, points, discard_wins,
                         leaves=True)
        for _tile, root in roots:
            search.root(root)
        search.build()
        search.solve(objective, one)
        results.extend(search.chance(tile, root) for tile, root in roots)
        if searches is not None:
            searches.update((tile, search) for tile, _ in roots)
        sizes[0] += len(search.shanten13)
        sizes[1] += len(search.kids14)
        sizes[2] += search.shanten_calls
        sizes[3] += search.classes
        sizes[4] += (sum(kids is None for kids in search.kids14) * (1 + discard_wins)
                     if points else 0)

    if n % 3 == 1:
        run(cap, [(None, counts)])
    elif shanten(counts, rules) < 0:
        gain = (points(counts, next(t for t in range(N_KINDS) if counts[t]), True) if points
                else None)
        results.append(WinChance(None, -1, one, (one,) * (draws + 1), one, gain))
    else:
        s14 = shanten(counts, rules)
        keep, raise_ = [], []
        for tile in range(N_KINDS):
            if counts[tile]:
                root = _minus(counts, tile)
                (keep if shanten(root, rules) == s14 else raise_).append((tile, root))
        # The copy thrown first is never effective again after a discard that keeps
        # the shanten, so those roots share one search; the others count it as gone.
        if hand_changes:
            run(cap, keep + raise_)
        else:
            if keep:
                run(cap, keep)
            for tile, root in raise_:
                run(cap[:tile] + (cap[tile] - 1,) + cap[tile + 1:], [(tile, root)])
    sizes[4] += len(tables.get("shapes", ())) + len(tables.get("pairs", ()))
    _LAST_SIZE[:] = [SearchSize(*sizes)]
    if objective == "points":
        results.sort(key=lambda c: (-round(c.expected_points, 9), -round(c.win, 12),
                                    -1 if c.tile is None else c.tile))
    else:
        results.sort(key=lambda c: (-round(c.win, 12), -1 if c.tile is None else c.tile))
    return WinChances(results)


def _prepare(hand, draws, rules, visible, hand_changes, full: bool = False,
             discard_wins: bool = False,
             calls: bool = False) -> tuple[_Search | _Calls, tuple[int, ...]]:
    """A solved search for a checked 3n+1 hand (keep only progress or hand changes; with
    ``calls``, the four-seat :class:`_Calls`); ``full``: every hand's values for every
    number of draws done (:meth:`_Search.solve`)."""
    counts = _check_hand(hand)
    if sum(counts) % 3 != 1:
        raise HandError(f"this needs a hand of 3n+1 tiles (after the discard), "
                        f"got {sum(counts)}")
    rules = rules_arg(rules, wild=True)
    hand_changes = bool_arg(hand_changes, "hand_changes")
    seen = as_counts(visible)
    left = unseen(counts, seen)
    draws = _check_draws(draws, sum(left))
    discard_wins = bool_arg(discard_wins, "discard_wins")
    calls = bool_arg(calls, "calls")
    if discard_wins or calls:
        _check_four_seats(draws, sum(left), rules, hand_changes)
    if calls:
        _check_calls_shanten(counts, rules, False)
        seats = _Calls(rules, draws, sum(left), tuple(COPIES - v for v in seen), discard_wins)
        seats.chance(None, counts)
        return seats, left
    search = _Search(rules, draws, sum(left), tuple(COPIES - v for v in seen), hand_changes,
                     counts, None, discard_wins)
    search.root(counts)
    search.build()
    search.solve("win", full=full)
    return search, left


def search_table(hand: str | Sequence[int], draws: int, rules: Rules | str = POYANG,
                 visible: str | Sequence[int] | None = None,
                 hand_changes: bool = False) -> list[tuple[str, int, tuple[float, ...]]]:
    """The dynamic program's table for a 3n+1 hand: every hand it visits, in visiting order.

    Each row is (hand in mpsz, shanten, chance of winning with k draws
    left for k = 0 ... draws); the first row is the hand itself.

    >>> rows = search_table("111222333m4445s", 2)
    >>> rows[0][0], rows[0][1], [round(p, 4) for p in rows[0][2]]
    ('111222333m4445s', 0, [0.0, 0.0902, 0.1715])
    """
    search, _ = _prepare(hand, draws, rules, visible, hand_changes, full=True)
    by_index = sorted(search.index13.items(), key=lambda item: item[1])
    from ..base.tiles import to_mpsz

    return [(to_mpsz(tuple(hand.to_bytes(N_KINDS, "little"))), search.shanten13[i],
             tuple(reversed(search.win13[i]))) for hand, i in by_index]


def simulate_play(hand: str | Sequence[int], draws: int, rules: Rules | str = POYANG,
                  visible: str | Sequence[int] | None = None, hand_changes: bool = False,
                  trials: int = 2000, rng: random.Random | int = 2026,
                  discard_wins: bool = False, calls: bool = False) -> Estimate:
    """Play the policy :func:`win_chances` finds against real shuffled walls.

    Each trial shuffles the unseen tiles (every tile drawn leaves the
    wall, so this is the exact process) and plays ``draws`` draws: a draw
    the policy keeps goes in, then the discard the search rates best for
    the draws left; any other draw is thrown.  Returns the wins as an
    :class:`~mjcore.play.prob.Estimate`.  Under keep-only-progress its value
    estimates ``win`` itself; with hand changes it measures the policy's
    true chance, which the simple count only approximates.  ``discard_wins``
    and ``calls``: four seats, as in :func:`win_chances` (each turn takes
    four tiles of the shuffled wall, fewer when the player claims one).

    >>> est = simulate_play("111222333m4445s", 5, trials=4000, rng=2)
    >>> est.trials, est.covers(win_chances("111222333m4445s", 5)[0].win)
    (4000, True)
    """
    from .prob import Estimate, _check_trials, _rng

    _check_trials(trials)
    rng = _rng(rng)
    search, left = _prepare(hand, draws, rules, visible, hand_changes,
                            discard_wins=discard_wins, calls=calls)
    start = _check_hand(hand)
    wall = [t for t in range(N_KINDS) for _ in range(left[t])]
    wins = 0
    for _ in range(trials):
        rng.shuffle(wall)
        wins += search.follow(start, wall)[0] is not None
    return Estimate(wins, trials)


MAX_SAMPLES = 100_000
"""The most hands :func:`near_ready_hands` makes in one call."""


def near_ready_hands(n: int, target: int, rng: random.Random,
                     rules: Rules | str = POYANG) -> list[tuple[int, ...]]:
    """``n`` random 14-tile hands of shanten ``target``: a random win with two tiles swapped.

    Each hand starts from :func:`mjcore.base.deals.random_wins`, and two of its
    tiles are replaced by tiles drawn from what is left of the set; hands
    of another shanten are dropped.  ``rng`` is a ``random.Random``.  Two
    swaps from a win reach shanten 1 at most, so ``target`` is -1, 0 or 1
    (anything else would never be found: a HandError), and ``n`` at most
    :data:`MAX_SAMPLES`.

    >>> from mjcore import shanten
    >>> hands = near_ready_hands(3, 1, random.Random(1))
    >>> [(sum(h), shanten(h)) for h in hands]
    [(14, 1), (14, 1), (14, 1)]
    """

    n = int_arg(n, "n", 0, MAX_SAMPLES)
    target = int_arg(target, "target", -1, 1)
    rules = rules_arg(rules, wild=True)
    found: list[tuple[int, ...]] = []
    while len(found) < n:
        counts = list(random_wins(1, rng)[0])
        for _ in range(2):
            out = rng.choice([t for t in range(N_KINDS) if counts[t]])
            counts[out] -= 1
            counts[rng.choice([t for t in range(N_KINDS) if counts[t] < COPIES])] += 1
        hand = tuple(counts)
        if shanten(hand, rules) == target:
            found.append(hand)
    return found


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
        if len(memo13) >= MAX_POSITIONS:
            raise HandError(f"more than {MAX_POSITIONS:,} positions: use a smaller wall")
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


__all__ = ["MAX_DRAWS", "MAX_POSITIONS", "MAX_WILD_EVALUATIONS", "OBJECTIVES", "SEATS",
           "ClaimAdvice", "ClaimOption", "SearchSize", "WinChance", "WinChances",
           "claim_advice", "exact_win_chances", "near_ready_hands", "search_size",
           "search_table", "simulate_play", "win_chances"]
