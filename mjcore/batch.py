"""Shanten and win checks for many hands at once, with numpy.

A batch is a 2-D integer array, one hand (34 counts) a row.  Each suit
becomes a base-5 key (a dot product), the key indexes a table, and the
parts combine with vectorised max-plus, so there is no Python loop over
hands.  The tables hold the same numbers as the pure-Python ones of
:mod:`mjcore.shanten` and :mod:`mjcore.tables`; this module builds them
for every key at once (about a second, on first use).  Only this module
needs numpy.  Explained in chapter 4.

>>> import numpy as np
>>> from mjcore import parse
>>> hands = np.array([parse("111222333m44455s"), parse("123456789m1111p"), parse("1m")])
>>> shanten(hands).tolist(), is_win(hands[:1]).tolist()
([-1, 1, 0], [True])
"""

from __future__ import annotations

from functools import cache

import numpy as np

from .checks import rules_arg
from .rules import POYANG, Rules
from .shanten import _LAN_SPLITS, LAN_SETS, SIZES
from .tables import ORPHANS, complete_honors, complete_parts
from .tiles import COPIES, HandError

_NEG = -64  # "not possible" in an int8 overlap table


def _powers(n: int) -> np.ndarray:
    """Base-5 place values, first count most significant (as ``tiles.key_base5``)."""
    return 5 ** np.arange(n - 1, -1, -1, dtype=np.int32)


@cache
def part_table(ranks: int = 9, runs: bool = True) -> np.ndarray:
    """Overlap vectors of every part of ``ranks`` counts: shape (10, 5**ranks), int8.

    Row ``5 * p + m`` is the best overlap with at most ``m`` melds and
    ``p`` pairs (as :func:`mjcore.shanten.suit_vector`); column is the
    base-5 key.  The same dynamic program over ranks as the scalar code,
    run for all prefixes of the key at once.  ``runs=False`` gives the
    honours table (7 ranks, triplets and pairs only).

    >>> part_table(9)[:, 4 * 5 ** 8].tolist()
    [0, 3, 4, 4, 4, 2, 3, 4, 4, 4]
    """
    gains = np.minimum.outer(np.arange(5), np.arange(5)).astype(np.int8)  # [drawn, held]
    states = {(0, 0): np.zeros((1, 10), dtype=np.int8)}
    for rank in range(ranks):
        new: dict[tuple[int, int], np.ndarray] = {}
        for (open1, open2), vec in states.items():
            used = open1 + open2
            for started in range(COPIES - used + 1 if runs and rank <= ranks - 3 else 1):
                for triplet in (0, 1):
                    for pair in (0, 1):
                        drawn = used + started + 3 * triplet + 2 * pair
                        melds = started + triplet
                        if drawn > COPIES or melds > 4:
                            continue
                        shifted = np.full_like(vec, _NEG)
                        for p in range(pair, 2):
                            lo = 5 * p + melds
                            shifted[:, lo:5 * p + 5] = vec[:, lo - 5 * pair - melds:
                                                           5 * p + 5 - 5 * pair - melds]
                        # prefix * 5 + held: the new rank is the least significant digit
                        out = (shifted[:, None, :] + gains[drawn][None, :, None]).reshape(-1, 10)
                        key = (started, open1)
                        if key in new:
                            np.maximum(new[key], out, out=new[key])
                        else:
                            new[key] = out
        states = new
    return np.ascontiguousarray(np.maximum(states[(0, 0)], 0).T)


@cache
def _status_tables() -> tuple[np.ndarray, np.ndarray]:
    """Per key: 0 complete without pair, 1 with the pair, 9 not complete."""
    suits = np.full(5 ** 9, 9, dtype=np.int8)
    for part, pair in complete_parts().items():
        suits[int(np.dot(part, _powers(9)))] = pair
    honors = np.full(5 ** 7, 9, dtype=np.int8)
    for part, pair in complete_honors().items():
        honors[int(np.dot(part, _powers(7)))] = pair
    return suits, honors


@cache
def _lan_tables() -> tuple[np.ndarray, np.ndarray]:
    """By presence bitmask of a suit (bit r for rank r): 十三烂 overlaps, and validity."""
    best = np.zeros((512, 4), dtype=np.int8)
    valid = np.zeros(512, dtype=bool)
    for ranks in LAN_SETS:
        valid[sum(1 << r for r in ranks)] = True
    for mask in range(512):
        for ranks in LAN_SETS:
            hit = sum(mask >> r & 1 for r in ranks)
            best[mask, len(ranks)] = max(best[mask, len(ranks)], hit)
    return best, valid


def _check(hands: np.ndarray, sizes: tuple[int, ...], what: str) -> tuple[np.ndarray, np.ndarray]:
    hands = np.asarray(hands)
    if hands.ndim != 2 or hands.shape[1] != 34 or not np.issubdtype(hands.dtype, np.integer):
        raise HandError(f"{what} needs a 2-D integer array of rows of 34 counts, "
                        f"got shape {hands.shape} of {hands.dtype}")
    bad = np.flatnonzero(((hands < 0) | (hands > COPIES)).any(axis=1))
    if bad.size:
        raise HandError(f"row {bad[0]}: a count outside 0-{COPIES}")
    n = hands.sum(axis=1)
    bad = np.flatnonzero(~np.isin(n, sizes))
    if bad.size:
        raise HandError(f"row {bad[0]}: {what} needs {', '.join(map(str, sizes))} tiles, "
                        f"got {n[bad[0]]}")
    return hands, n


def _keys(hands: np.ndarray) -> list[np.ndarray]:
    p9, p7 = _powers(9), _powers(7)
    return [hands[:, 0:9] @ p9, hands[:, 9:18] @ p9, hands[:, 18:27] @ p9, hands[:, 27:34] @ p7]


def _combine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Max-plus of two (10, N) vector stacks, as :func:`mjcore.shanten.combine`."""
    out = np.empty_like(a)
    for p in (0, 1):
        for m in range(5):
            row = out[5 * p + m]
            row[:] = a[5 * p + m] + b[0]
            for p1 in range(p + 1):
                for m1 in range(m + 1):
                    np.maximum(row, a[5 * p1 + m1] + b[5 * (p - p1) + m - m1], out=row)
    return out


def shanten(hands: np.ndarray, rules: Rules = POYANG) -> np.ndarray:
    """Shanten of every row: the same numbers as :func:`mjcore.shanten.shanten`.

    Rows may mix sizes (1-14 tiles, not a multiple of 3).  Returns int8.
    Raises :class:`HandError` naming the first bad row.
    """
    rules = rules_arg(rules)
    hands, n = _check(hands, SIZES, "shanten")
    hands = hands.astype(np.int32, copy=False)
    ka, kb, kc, kh = _keys(hands)
    suits, honors = part_table(9), part_table(7, runs=False)
    total = _combine(_combine(_combine(suits[:, ka], suits[:, kb]), suits[:, kc]), honors[:, kh])
    melds = (n - 1) // 3
    best = (3 * melds + 1 - np.take_along_axis(total, (5 + melds)[None, :], axis=0)[0])
    best = best.astype(np.int8)
    big = np.flatnonzero(n >= 13)
    if big.size:
        h = hands[big]
        special = np.full(big.size, 99, dtype=np.int16)
        if rules.seven_pairs:
            twos = (h >= 2).sum(axis=1)
            ones = (h == 1).sum(axis=1)
            if rules.four_as_two_pairs:
                twos += (h == 4).sum(axis=1)
                ones += (h == 3).sum(axis=1)
            twos = np.minimum(twos, 7)
            special = np.minimum(special, 13 - 2 * twos - np.minimum(ones, 7 - twos))
        if rules.thirteen_orphans:
            o = h[:, list(ORPHANS)]
            special = np.minimum(special, 13 - (o > 0).sum(axis=1) - (o >= 2).any(axis=1))
        if rules.shisanlan:
            lan, _ = _lan_tables()
            bits = 1 << np.arange(9)
            la, lb, lc = (lan[(h[:, s:s + 9] > 0) @ bits] for s in (0, 9, 18))
            kinds = (h[:, 27:34] > 0).sum(axis=1)
            over = np.max([la[:, k1] + lb[:, k2] + lc[:, k3] + np.minimum(14 - k1 - k2 - k3, kinds)
                           for k1, k2, k3 in _LAN_SPLITS], axis=0)
            special = np.minimum(special, 13 - over)
        best[big] = np.minimum(best[big], special)
    return best


def is_win(hands: np.ndarray, rules: Rules = POYANG) -> np.ndarray:
    """Whether each row (2, 5, 8, 11 or 14 tiles) wins: the same as :func:`mjcore.is_win`.

    Returns a boolean array.  Raises :class:`HandError` naming the first bad row.
    """
    rules = rules_arg(rules)
    hands, n = _check(hands, (2, 5, 8, 11, 14), "a winning shape")
    hands = hands.astype(np.int32, copy=False)
    ka, kb, kc, kh = _keys(hands)
    suits, honors = _status_tables()
    win = (suits[ka] + suits[kb] + suits[kc] + honors[kh]) == 1
    big = np.flatnonzero((n == 14) & ~win)
    if big.size:
        h = hands[big]
        special = np.zeros(big.size, dtype=bool)
        if rules.seven_pairs:
            special |= ((h % 2 == 0).all(axis=1) if rules.four_as_two_pairs
                        else (h == 2).sum(axis=1) == 7)
        if rules.thirteen_orphans:
            o = h[:, list(ORPHANS)]
            special |= (o > 0).all(axis=1) & (o.sum(axis=1) == 14)
        if rules.shisanlan:
            _, valid = _lan_tables()
            bits = 1 << np.arange(9)
            ok = (h <= 1).all(axis=1)
            for s in (0, 9, 18):
                ok &= valid[(h[:, s:s + 9] > 0) @ bits]
            special |= ok
        win[big] = special
    return win
