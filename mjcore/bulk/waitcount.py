"""Which tiles another seat waits on: ready hands counted exactly from the unseen tiles.

A seat that is ready holds 13 tiles drawn from the tiles the player has
not seen.  :func:`wait_counts` counts, exactly, the ready 13-tile hands
those tiles can make (each hand weighted by the ways to take its copies
from the copies left, the product of C(left, held) over the kinds) and,
for each tile, how many of them wait on it.  The ratio is the chance
that a ready seat waits on the tile, with nothing known of that seat.

Visiting hands is out of the question (about 4e13 of them), so the count
runs over the ranks instead.  Whether a suit is four melds and a pair
depends on the suit only through a small *state*: the readings still
open after the ranks so far (runs waiting for one or two more ranks,
whether the pair is taken).  A dynamic program carries, rank by rank,
the total weight of every prefix in each state; one more tile at some
rank (the tile a seat waits on) is one more flag.  Each winning form is
counted on its own and joined by inclusion and exclusion: a hand ready
both as melds and as seven pairs is counted once.  Explained in chapter 9.

A wait is a tile whose draw completes the hand with a copy of it left
(a hand holding four of a kind does not wait on it).  The tiles the
seat holds come from the unseen ones, so a wait may be a tile with no
copy unseen: the player's own discard.

>>> from mjcore import RIICHI
>>> counts = wait_counts(rules=RIICHI)
>>> counts.ready
39270395383132
>>> counts.waiting[0] == counts.waiting[8], counts.waiting[4] > counts.waiting[27]
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb
from typing import NamedTuple

from ..base.checks import HandError
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import COPIES, N_KINDS, as_counts

HAND = 13
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

_CHOOSE = tuple(tuple(comb(u, c) for c in range(COPIES + 1)) for u in range(COPIES + 1))
"""``_CHOOSE[u][c]``: ways to take ``c`` copies from ``u`` left."""


class WaitCounts(NamedTuple):
    """Ready 13-tile hands from the unseen tiles, and those waiting on each tile."""

    ready: int
    """Ready hands, each weighted by the ways to take its copies from those unseen."""
    waiting: tuple[int, ...]
    """For each of the 34 tiles, the ready hands (weighted alike) that wait on it."""
    forms: dict[str, tuple[int, ...]]
    """The waiting counts of each form the rules accept ("standard", "seven_pairs",
    "thirteen_orphans", "shisanlan"); "both" are hands waiting on the tile both as melds
    and as seven pairs (``waiting`` = the forms' sum less "both"); "seven_pairs_ready" are
    hands ready as seven pairs and waiting on the tile as melds."""
    ready_forms: dict[str, int]
    """The ready hands of each form (same keys but "seven_pairs_ready"; "both": ready as
    melds and as seven pairs; under rules with both thirteen orphans and 十三烂, the hands
    ready both ways are in each): ``ready`` is their sum less "both"."""

    def shares(self) -> tuple[float, ...]:
        """For each tile, the chance that a ready hand waits on it (0 when none is ready).

        >>> from mjcore import RIICHI
        >>> round(wait_counts(rules=RIICHI).shares()[4], 4)
        0.0504
        """
        return tuple(w / self.ready if self.ready else 0.0 for w in self.waiting)


# --- the melds automaton ----------------------------------------------------
#
# A reading in progress is (a, b, p): a runs that take their last tile at this
# rank, b runs that take this rank and the next, p whether the pair is taken.
# Three equal runs read as three pungs, so a and b stay below 3.  A state is
# the set of readings still open, kept as a bit mask over the 18 readings.

def _reading(a: int, b: int, p: int) -> int:
    return 1 << (a * 6 + b * 2 + p)


_DONE = _reading(0, 0, 0) | _reading(0, 0, 1)
"""The readings that close a part: no run left open."""


@cache
def _next(state: int, count: int, runs: bool) -> int:
    """The readings after a rank holding ``count`` tiles (``runs``: a run may start here)."""
    out = 0
    for code in range(18):
        if not state >> code & 1:
            continue
        a, b, p = code // 6, code // 2 % 3, code % 2
        rest = count - a - b
        if rest < 0:
            continue
        for pair in (0, 1) if not p else (0,):
            left = rest - 2 * pair
            if left < 0:
                continue
            new = left % 3
            if new and not runs:
                continue
            out |= _reading(b, new, p | pair)
    return out


_START = _reading(0, 0, 0)


def _rank_runs(size: int) -> tuple[bool, ...]:
    return tuple(size == 9 and r <= 6 for r in range(size))


# --- seven pairs: what a held count says --------------------------------------

_EVEN, _ODD_HERE, _ODD, _DEAD = 0, 1, 2, 3
"""Seven-pairs flags of a part: no odd kind, one odd kind at the marked rank, one odd
kind elsewhere, out of seven pairs."""


def _pair_kind(rules: Rules) -> tuple[int, ...]:
    """Per held count: 0 even, 1 odd, 3 out of seven pairs (per the rules' form)."""
    if not rules.seven_pairs:
        return (_DEAD,) * 5
    if rules.four_as_two_pairs:
        return (_EVEN, _ODD, _EVEN, _ODD, _EVEN)
    return (_EVEN, _ODD, _EVEN, _DEAD, _DEAD)


def _odd_step(flag: int, kind: int, here: bool) -> int:
    if kind == _DEAD or flag == _DEAD:
        return _DEAD
    if kind == _EVEN:
        return flag
    return (_ODD_HERE if here else _ODD) if flag == _EVEN else _DEAD


# --- one part: melds, with the tile a seat waits on ----------------------------

def _ready_part(left: Sequence[int], kinds: tuple[int, ...]) -> dict:
    """13-side census of one part: (tiles, complete, waits, odd flag) -> weight.

    ``complete``: the part is melds (and at most a pair) as it is; ``waits``: one more
    tile (of a kind held at most three times) makes it so.  Parts that are neither
    cannot be in a hand ready as melds and are dropped.
    """
    runs = _rank_runs(len(left))
    cur = {(_START, 0, _EVEN, 0): 1}
    for rank, u in enumerate(left):
        take = _CHOOSE[u]
        run = runs[rank]
        new: dict = {}
        for (now, plus, odd, tiles), weight in cur.items():
            for c in range(min(u, HAND - tiles) + 1):
                after = _next(now, c, run)
                more = _next(plus, c, run) if plus else 0
                if c < COPIES and now:
                    more |= _next(now, c + 1, run)
                if not after and not more:
                    continue
                key = (after, more, _odd_step(odd, kinds[c], False), tiles + c)
                new[key] = new.get(key, 0) + weight * take[c]
        cur = new
    out: dict = {}
    for (now, plus, odd, tiles), weight in cur.items():
        key = (tiles, bool(now & _DONE), bool(plus & _DONE), odd)
        if key[1] or key[2]:
            out[key] = out.get(key, 0) + weight
    return out


def _complete_part(left: Sequence[int], kinds: tuple[int, ...]) -> tuple[dict, list[dict]]:
    """14-side censuses of one part: complete parts by (tiles, odd flag), and for each rank
    the complete parts holding it, weighted as if one copy of it were not held (the
    copy the seat waits on); the odd flag is then the held part's."""
    size = len(left)
    runs = _rank_runs(size)
    levels = [{(_START, _EVEN, 0): 1}]
    for rank, u in enumerate(left):
        levels.append(_advance(levels[-1], rank, u, runs[rank], kinds, None))
    whole = _closed(levels[-1])
    marked = []
    for rank in range(size):
        cur = _advance(levels[rank], rank, left[rank], runs[rank], kinds, rank)
        for later in range(rank + 1, size):
            cur = _advance(cur, later, left[later], runs[later], kinds, None)
        marked.append(_closed(cur))
    return whole, marked


def _advance(cur: dict, rank: int, u: int, run: bool, kinds: tuple[int, ...],
             mark: int | None) -> dict:
    new: dict = {}
    if mark is None:
        take = _CHOOSE[u]
        for (state, odd, tiles), weight in cur.items():
            for c in range(min(u, HAND + 1 - tiles) + 1):
                after = _next(state, c, run)
                if after:
                    key = (after, _odd_step(odd, kinds[c], False), tiles + c)
                    new[key] = new.get(key, 0) + weight * take[c]
        return new
    take = _CHOOSE[u]
    for (state, odd, tiles), weight in cur.items():
        for held in range(min(u, HAND - tiles, COPIES - 1) + 1):
            after = _next(state, held + 1, run)
            if after:
                key = (after, _odd_step(odd, kinds[held], True), tiles + held + 1)
                new[key] = new.get(key, 0) + weight * take[held]
    return new


def _closed(cur: dict) -> dict:
    out: dict = {}
    for (state, odd, tiles), weight in cur.items():
        if state & _DONE:
            out[(tiles, odd)] = out.get((tiles, odd), 0) + weight
    return out


# --- joining parts ----------------------------------------------------------------

def _join_odd(a: int, b: int) -> int:
    if a == _DEAD or b == _DEAD:
        return _DEAD
    if a == _EVEN:
        return b
    return a if b == _EVEN else _DEAD


def _rest(parts: list[dict]) -> dict:
    """Complete parts joined: (tiles, parts with a pair, odd flag) -> weight."""
    cur = {(0, 0, _EVEN): 1}
    for part in parts:
        new: dict = {}
        for (tiles, pairs, odd), weight in cur.items():
            for (more, flag), w in part.items():
                total = tiles + more
                if total > HAND + 1:
                    continue
                pp = pairs + (more % 3 == 2)
                if pp > 1:
                    continue
                key = (total, pp, _join_odd(odd, flag))
                new[key] = new.get(key, 0) + weight * w
        cur = new
    return cur


def _standard(left: Sequence[int], kinds: tuple[int, ...]) -> tuple[list[int], list[int],
                                                                      list[int]]:
    """Per tile: hands waiting on it as melds; those also ready as seven pairs with the
    tile their single; those ready as seven pairs at all."""
    spans = ((0, 9), (9, 18), (18, 27), (27, 34))
    censuses = [_complete_part(left[a:b], kinds) for a, b in spans]
    melds = [0] * N_KINDS
    both = [0] * N_KINDS
    pairs_ready = [0] * N_KINDS
    for index, (start, _) in enumerate(spans):
        rest = _rest([censuses[j][0] for j in range(4) if j != index])
        by_tiles: dict[tuple[int, int], list[int]] = {}
        for (tiles, pairs, odd), weight in rest.items():
            entry = by_tiles.setdefault((tiles, pairs), [0, 0, 0])
            entry[0] += weight
            if odd == _EVEN:
                entry[1] += weight
            elif odd == _ODD:
                entry[2] += weight
        for rank, marked in enumerate(censuses[index][1]):
            tile = start + rank
            for (tiles, odd), weight in marked.items():
                entry = by_tiles.get((HAND + 1 - tiles, 1 - (tiles % 3 == 2)))
                if entry is None:
                    continue
                melds[tile] += weight * entry[0]
                if odd == _ODD_HERE:
                    both[tile] += weight * entry[1]
                if odd in (_ODD_HERE, _ODD):
                    pairs_ready[tile] += weight * entry[1]
                elif odd == _EVEN:
                    pairs_ready[tile] += weight * entry[2]
    return melds, both, pairs_ready


def _ready_standard(left: Sequence[int], kinds: tuple[int, ...]) -> tuple[int, int]:
    """Hands ready as melds, and those also ready as seven pairs."""
    spans = ((0, 9), (9, 18), (18, 27), (27, 34))
    # summary: (tiles, open part: 0 none / its tiles mod 3, pair parts, a pair part
    # waits, odd flag)
    cur = {(0, 0, 0, False, _EVEN): 1}
    for a, b in spans:
        part = _ready_part(left[a:b], kinds)
        new: dict = {}
        for (tiles, open_, pairs, pair_waits, odd), weight in cur.items():
            for (more, complete, waits, flag), w in part.items():
                total = tiles + more
                if total > HAND:
                    continue
                o, pp, pw = open_, pairs, pair_waits
                if complete:
                    if more % 3 == 2:
                        pp += 1
                        pw = pw or waits
                        if pp > 2:
                            continue
                elif o:
                    continue
                else:
                    o = more % 3
                    if not o:
                        continue
                key = (total, o, pp, pw, _join_odd(odd, flag))
                new[key] = new.get(key, 0) + weight * w
        cur = new
    ready = both = 0
    for (tiles, open_, pairs, pair_waits, odd), weight in cur.items():
        if tiles != HAND:
            continue
        if (open_ == 1 and pairs == 0 or open_ == 2 and pairs == 1
                or open_ == 0 and pairs == 2 and pair_waits):
            ready += weight
            if odd == _ODD:
                both += weight
    return ready, both


# --- the other forms, kind by kind ------------------------------------------------

def _seven_pairs(left: Sequence[int], kinds: tuple[int, ...]) -> tuple[int, list[int]]:
    """Hands ready as seven pairs, and per tile those whose single (odd kind) it is."""
    even = [[c for c in range(COPIES + 1) if kinds[c] == _EVEN and c <= u] for u in left]
    # polynomials in tiles: prefix[k] = even hands over kinds < k
    size = len(left)
    prefix = [[1]]
    for k in range(size):
        prefix.append(_times(prefix[-1], _even_poly(left[k], even[k])))
    suffix = [[1]] * (size + 1)
    for k in range(size - 1, -1, -1):
        suffix[k] = _times(suffix[k + 1], _even_poly(left[k], even[k]))
    per_tile = [0] * size
    for k in range(size):
        u = left[k]
        rest = None
        for c in range(min(u, COPIES - 1) + 1):
            if kinds[c] != _ODD:
                continue
            if rest is None:
                rest = _times(prefix[k], suffix[k + 1])
            if HAND - c < len(rest):
                per_tile[k] += _CHOOSE[u][c] * rest[HAND - c]
    return sum(per_tile), per_tile


def _even_poly(u: int, counts: list[int]) -> list[int]:
    poly = [0] * (max(counts) + 1)
    for c in counts:
        poly[c] += _CHOOSE[u][c]
    return poly


def _times(a: list[int], b: list[int]) -> list[int]:
    out = [0] * min(len(a) + len(b) - 1, HAND + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if i + j <= HAND:
                    out[i + j] += x * y
    return out


def _thirteen_orphans(left: Sequence[int]) -> tuple[int, list[int], int]:
    """Hands ready as thirteen orphans, per tile those waiting on it, and those holding
    the thirteen kinds once each (also ready as 十三烂)."""
    per_tile = [0] * N_KINDS
    ones = [left[t] for t in ORPHANS]
    all_once = 1
    for u in ones:
        all_once *= u
    ready = all_once
    for i, t in enumerate(ORPHANS):
        found = 0
        for j, q in enumerate(ORPHANS):
            if j == i:
                continue
            w = _CHOOSE[left[q]][2]
            for k, other in enumerate(ones):
                if k not in (i, j):
                    w *= other
            found += w
        per_tile[t] = all_once + found
        ready += found
    return ready, per_tile, all_once


@cache
def _lan_suits() -> tuple[tuple[int, ...], ...]:
    """The ranks of every suit part of 十三烂: no rank twice, held ranks 3 or more apart."""
    found = [()]
    for size in range(1, 4):
        for ranks in _subsets(range(9), size):
            if all(b - a >= 3 for a, b in zip(ranks, ranks[1:], strict=False)):
                found.append(ranks)
    return tuple(found)


def _subsets(items: range, size: int) -> list[tuple[int, ...]]:
    if size == 0:
        return [()]
    return [(first, *more) for i, first in enumerate(items)
            for more in _subsets(items[i + 1:], size - 1)]


def _shisanlan(left: Sequence[int]) -> tuple[int, list[int]]:
    """Hands ready as 十三烂, and per tile those waiting on it."""
    suit_parts = _lan_suits()
    honor_parts = [ranks for size in range(8) for ranks in _subsets(range(7), size)]
    parts = []  # per part: list of (ranks, room mask) with its weight by tiles
    for start, shapes in ((0, suit_parts), (9, suit_parts), (18, suit_parts),
                          (27, honor_parts)):
        rows = []
        for ranks in shapes:
            w = 1
            for r in ranks:
                w *= left[start + r]
            rows.append((ranks, w))
        parts.append((start, shapes is honor_parts, rows))
    per_tile = [0] * N_KINDS
    # 13-side: each part lan, a tile addable somewhere
    cur = {(0, False): 1}
    for _, honors, rows in parts:
        new: dict = {}
        for ranks, w in rows:
            if not w:
                continue
            room = _lan_room(ranks, honors)
            for (tiles, any_room), weight in cur.items():
                total = tiles + len(ranks)
                if total <= HAND:
                    key = (total, any_room or bool(room))
                    new[key] = new.get(key, 0) + weight * w
        cur = new
    ready = cur.get((HAND, True), 0)
    by_tiles = [_lan_by_tiles(rows) for _, _, rows in parts]
    for index, (start, honors, _) in enumerate(parts):
        rest = [1]
        for j in range(4):
            if j != index:
                rest = _times(rest, by_tiles[j])
        for ranks in honor_parts if honors else suit_parts:
            if len(ranks) > HAND + 1:
                continue
            for r in ranks:
                w = 1
                for s in ranks:
                    if s != r:
                        w *= left[start + s]
                need = HAND + 1 - len(ranks)
                if w and need < len(rest):
                    per_tile[start + r] += w * rest[need]
    return ready, per_tile


def _lan_room(ranks: tuple[int, ...], honors: bool) -> int:
    if honors:
        return sum(1 << r for r in range(7) if r not in ranks)
    return sum(1 << r for r in range(9) if all(abs(r - s) >= 3 for s in ranks))


def _lan_by_tiles(rows: list) -> list[int]:
    poly = [0] * (HAND + 1)
    for ranks, w in rows:
        if len(ranks) <= HAND:
            poly[len(ranks)] += w
    return poly


# --- the whole count --------------------------------------------------------------

def left_arg(visible: object) -> tuple[int, ...]:
    """The copies of each kind not visible, from ``visible`` (notation or 34 counts)."""
    try:
        seen = as_counts(visible)  # type: ignore[arg-type]
    except HandError as error:
        raise HandError(f"visible: {error}") from None
    return tuple(COPIES - c for c in seen)


def wait_counts(visible: str | Sequence[int] | None = None,
                rules: Rules | str = POYANG) -> WaitCounts:
    """Ready 13-tile hands made from the tiles not ``visible``, and those waiting on each tile.

    ``visible`` is what the player sees (its own hand, every discard, the
    melds shown), as notation or 34 counts, or None for nothing.  Each
    hand is weighted by the ways to take its copies from those left, so
    the counts are the number of ways another seat could hold a ready
    hand.  Exact integers; :meth:`WaitCounts.shares` gives the chance
    that a ready seat waits on each tile.  Rules with wild tiles are refused.

    >>> from mjcore import RIICHI
    >>> full = wait_counts(rules=RIICHI)
    >>> seen = wait_counts("1111m", RIICHI)
    >>> seen.ready < full.ready, seen.waiting[0] > 0, seen.shares()[1] < full.shares()[1]
    (True, True, True)
    """
    left = left_arg(visible)
    rules = rules_arg(rules)
    return _wait_counts(left, rules)


@cache
def _wait_counts_cached(left: tuple[int, ...], rules: Rules) -> WaitCounts:
    return _count(left, rules)


def _wait_counts(left: tuple[int, ...], rules: Rules) -> WaitCounts:
    if not any(c < COPIES for c in left):
        return _wait_counts_cached(left, rules)
    return _count(left, rules)


def _count(left: tuple[int, ...], rules: Rules) -> WaitCounts:
    kinds = _pair_kind(rules)
    melds, both, pairs_ready = _standard(left, kinds)
    ready_melds, ready_both = _ready_standard(left, kinds)
    forms = {"standard": tuple(melds)}
    ready_forms = {"standard": ready_melds}
    ready = ready_melds
    waiting = list(melds)
    if rules.seven_pairs:
        ready_pairs, pairs = _seven_pairs(left, kinds)
        ready += ready_pairs - ready_both
        waiting = [w + p - b for w, p, b in zip(waiting, pairs, both, strict=True)]
        forms["seven_pairs"] = tuple(pairs)
        forms["both"] = tuple(both)
        forms["seven_pairs_ready"] = tuple(pairs_ready)
        ready_forms["seven_pairs"] = ready_pairs
        ready_forms["both"] = ready_both
    if rules.thirteen_orphans:
        ready_orphans, orphans, thirteen = _thirteen_orphans(left)
        ready += ready_orphans - (thirteen if rules.shisanlan else 0)
        waiting = [w + o for w, o in zip(waiting, orphans, strict=True)]
        forms["thirteen_orphans"] = tuple(orphans)
        ready_forms["thirteen_orphans"] = ready_orphans
    if rules.shisanlan:
        ready_lan, lan = _shisanlan(left)
        ready += ready_lan
        waiting = [w + x for w, x in zip(waiting, lan, strict=True)]
        forms["shisanlan"] = tuple(lan)
        ready_forms["shisanlan"] = ready_lan
    return WaitCounts(ready, tuple(waiting), forms, ready_forms)


__all__ = ["WaitCounts", "left_arg", "wait_counts"]
