"""Shanten, effective tiles and win checks for many hands at once, with numpy.

A batch is a 2-D integer array, one hand (34 counts) a row.  Each part
becomes a base-5 key (one float32 matrix product gives the four keys of
every row), the key reads one packed number per part from the class
tables of :mod:`mjcore.hand.tables` turned into numpy arrays, and the pair
tables combine the classes: the same reads as the scalar functions, with
no Python loop over hands.  Rows go through in chunks that fit the
caches.  ``part_table`` is the dynamic program of :mod:`mjcore.hand.shanten`
run for every key at once; :mod:`mjcore.bulk.tablegen` builds the class tables
from it.  Only this module needs numpy.  Explained in chapter 4.

>>> import numpy as np
>>> from mjcore import parse
>>> hands = np.array([parse("111222333m44455s"), parse("123456789m1111p"), parse("1m")])
>>> shanten(hands).tolist(), is_win(hands[:1]).tolist()
([-1, 1, 0], [True])
>>> [bin(m) for m in effective_masks(hands[2:])]
['0b1']
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..base.checks import HandError
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import COPIES
from ..hand import tables as _t
from ..hand.tables import LAN_SETS, ORPHANS, complete_honors, complete_parts

_NEG = -64  # "not possible" in an int8 overlap table


def _powers(n: int) -> np.ndarray:
    """Base-5 place values, first count most significant (as ``tiles.key_base5``)."""
    return 5 ** np.arange(n - 1, -1, -1, dtype=np.int32)


@cache
def part_table(ranks: int = 9, runs: bool = True, loose: bool = False) -> np.ndarray:
    """Overlap vectors of every part of ``ranks`` counts: shape (10, 5**ranks), int8.

    Row ``5 * p + m`` is the best overlap with at most ``m`` melds and
    ``p`` pairs (as :func:`mjcore.hand.vectors.suit_vector`); column is the
    base-5 key.  The same dynamic program over ranks as the scalar code,
    run for all prefixes of the key at once.  ``runs=False`` gives the
    honours table (7 ranks, triplets and pairs only).  ``loose=True``: the
    target may hold more than four of a rank held four times
    (:func:`mjcore.hand.vectors.loose_vector`, for wild tiles).

    >>> part_table(9)[:, 4 * 5 ** 8].tolist()
    [0, 3, 4, 4, 4, 2, 3, 4, 4, 4]
    >>> part_table(9, loose=True)[:, 4 * 5 ** 8].tolist()
    [0, 3, 4, 4, 4, 2, 4, 4, 4, 4]
    """
    most = 3 * 4 + 2 if loose else COPIES  # the most copies of one rank a target holds
    kind = np.int16 if loose else np.int8  # int16: "not possible" added up stays negative
    gains = np.minimum.outer(np.arange(most + 1), np.arange(5)).astype(kind)  # [drawn, held]
    if loose:
        gains[COPIES + 1:, :COPIES] = 4 * _NEG  # beyond four copies only where four are held
    states = {(0, 0): np.zeros((1, 10), dtype=kind)}
    for rank in range(ranks):
        new: dict[tuple[int, int], np.ndarray] = {}
        for (open1, open2), vec in states.items():
            used = open1 + open2
            for started in range(min(most - used, 4) + 1 if runs and rank <= ranks - 3
                                 else 1):
                for triplet in (0, 1):
                    for pair in (0, 1):
                        drawn = used + started + 3 * triplet + 2 * pair
                        melds = started + triplet
                        if drawn > most or melds > 4:
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
    return np.ascontiguousarray(np.maximum(states[(0, 0)], 0).T.astype(np.int8))


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
def _lan_valid() -> np.ndarray:
    """By presence bitmask of a suit (bit r for rank r): is it a 十三烂 rank set?"""
    valid = np.zeros(512, dtype=bool)
    for ranks in LAN_SETS:
        valid[sum(1 << r for r in ranks)] = True
    return valid


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


@cache
def _dense() -> dict[str, np.ndarray]:
    """The class tables of :mod:`mjcore.hand.tables` as flat numpy arrays, indexed by base-5 key.

    ``suit_row`` and ``honor_row`` hold a part's numbers packed in one
    int64: bits 0-9 the vector class, 10-33 the counts for the special
    forms (as :data:`mjcore.hand.tables.SUIT`), 34-36 the 十三烂 class, and
    from bit 37 where its effective class starts.

    Built once from the complete tables (a fraction of a second): every
    suit and honour part, so no row ever waits for a table to fill.  A
    key with more than 14 tiles gets the extra vector class ``NS`` (or
    ``NH``), whose pairs are all dead, so its row's code is 255.
    """
    out: dict[str, np.ndarray] = {}
    ns, nh = _t.SUIT_VCLASSES, _t.HONOR_VCLASSES
    lan_of = np.array(_t.LAN_CLASS_OF, dtype=np.int64)
    for part, ranks, table, dead in (("suit", 9, _t.SUIT, ns), ("honor", 7, _t.HONOR, nh)):
        digits = np.frombuffer(b"".join(table), dtype=np.uint8).reshape(-1, ranks)
        where = digits.astype(np.int64) @ _powers(ranks).astype(np.int64)
        packed = np.full(5 ** ranks, dead, dtype=np.int64)
        packed[where] = np.fromiter(table.values(), dtype=np.int64, count=len(table))
        presence = packed >> 34 & 511
        # one read per part: vector class, the special counts, 十三烂 class, effective class
        out[f"{part}_row"] = (packed & 0x3FFFFFFFF | lan_of.take(presence) << _LAN_AT
                              | (packed >> 43) << _BASE_AT)
        out[f"{part}_presence"] = presence.astype(np.int16)
        out[f"{part}_eff"] = np.array(getattr(_t, f"{part.upper()}_EFF"), dtype=np.int64)
    pair_ss = np.zeros((ns + 1, ns + 1), dtype=np.int32)
    pair_ss[:ns, :ns] = np.array(_t.PAIR_SS).reshape(ns, ns)
    pair_sh = np.zeros((ns + 1, nh + 1), dtype=np.int32)
    pair_sh[:ns, :nh] = np.array(_t.PAIR_SH).reshape(ns, nh)
    out["pair_ss"], out["pair_sh"] = pair_ss.ravel(), pair_sh.ravel()
    out["final"] = np.frombuffer(_t.FINAL, dtype=np.uint8).astype(np.int16)
    out["wild_final"] = np.array(_t.WILD_FINAL, dtype=np.int32)
    out["rest_s"] = np.array(_t.REST_S, dtype=np.int32)
    out["rest_c"] = np.array(_t.REST_C, dtype=np.int32)
    out["rest_h"] = np.array(_t.REST_H, dtype=np.int32)
    out["opt_s"] = np.array(_t.OPT_S, dtype=np.int32)
    out["opt_h"] = np.array(_t.OPT_H, dtype=np.int32)
    out["lan2"] = np.array(_t.LAN2, dtype=np.int32)
    out["lan3"] = np.array(_t.LAN3, dtype=np.int32)
    out["lanf"] = np.array(_t.LANF, dtype=np.int16)
    out["lan_opt"] = np.array(_t.LAN_OPT, dtype=np.int32)
    out["lan_raise"] = np.array(_t.LAN_RAISE, dtype=np.int64)
    out["lan_honors"] = np.array(_t.LAN_HONORS, dtype=bool)
    return out


CHUNK = 1 << 14
"""Rows handled at once: small enough for the caches, large enough for numpy."""
_BLOCK = 1024  # rows a matrix product: small enough that OpenBLAS keeps to one thread (on a
# two-core machine, 4,096 rows took a second thread, twice the CPU time for a third less wall
# time; make bench counts every thread's CPU time, so one core's rate)
_LAN_AT, _BASE_AT = 34, 37  # where the packed rows keep the 十三烂 class and the effective class
_PARTS = ((0, 9), (9, 9), (18, 9), (27, 7))
_PLACES = np.zeros((34, 4), dtype=np.float32)  # row @ _PLACES: the four parts' base-5 keys
for _part, (_start, _ranks) in enumerate(_PARTS):
    _PLACES[_start:_start + _ranks, _part] = 5.0 ** np.arange(_ranks - 1, -1, -1)


def _part_keys(rows: np.ndarray) -> np.ndarray:
    """The base-5 keys of every row's four parts, shape (4, rows), by matrix products.

    Exact in float32: a key is below 5**9 < 2**24.
    """
    counts = rows.astype(np.float32)
    keys = np.empty((len(rows), 4), dtype=np.float32)
    for i in range(0, len(rows), _BLOCK):
        np.matmul(counts[i:i + _BLOCK], _PLACES, out=keys[i:i + _BLOCK])
    return np.ascontiguousarray(keys.T).astype(np.intp)


class _Chunk:
    """One chunk of rows through the standard form: keys, packed rows, classes and codes."""

    def __init__(self, rows: np.ndarray, d: dict[str, np.ndarray]) -> None:
        self.keys = keys = _part_keys(rows)
        self.suits = suits = d["suit_row"].take(keys[:3])  # (3, n): the packed rows
        self.honors = honors = d["honor_row"].take(keys[3])
        ns, nh = _t.SUIT_VCLASSES, _t.HONOR_VCLASSES
        va, vs, vp = suits & 1023
        vz = honors & 1023
        self.vc = (va, vs, vp, vz)
        self.ab = d["pair_ss"].take(va * (ns + 1) + vs)
        self.ch = d["pair_sh"].take(vp * (nh + 1) + vz)
        self.code = d["final"].take(self.ab * _t.CH + self.ch)

    def fields(self, rows: np.ndarray | slice = slice(None)) -> tuple:
        """The packed rows of these rows' parts and their special counts added."""
        sa, ss, sp = self.suits[:, rows]
        h = self.honors[rows]
        return (sa, ss, sp, h), (sa + ss + sp + h) >> 10 & 0xFFFFFF


def _checked(hands: np.ndarray, what: str) -> np.ndarray:
    """The batch as an array of rows of 34 counts 0-4; HandError naming the first bad row."""
    hands = np.asarray(hands)
    if hands.ndim != 2 or hands.shape[1] != 34 or not np.issubdtype(hands.dtype, np.integer):
        raise HandError(f"{what} needs a 2-D integer array of rows of 34 counts, "
                        f"got shape {hands.shape} of {hands.dtype}")
    if hands.size and (hands.min() < 0 or hands.max() > COPIES):
        bad = np.flatnonzero(((hands < 0) | (hands > COPIES)).any(axis=1))
        raise HandError(f"row {bad[0]}: a count outside 0-{COPIES}")
    return hands


def _chunks(hands: np.ndarray, d: dict[str, np.ndarray], what: str):
    """(first row, rows, :class:`_Chunk`) for each chunk of checked rows; a HandError names
    the first row whose size is no hand."""
    for start in range(0, len(hands), CHUNK):
        rows = hands[start:start + CHUNK]
        chunk = _Chunk(rows, d)
        if (chunk.code == 255).any():
            raise _size_error(rows, chunk.code, start, what)
        yield start, rows, chunk


def _size_error(rows: np.ndarray, code: np.ndarray, offset: int, what: str) -> HandError:
    first = int(np.flatnonzero(code == 255)[0])
    n = int(rows[first].sum())
    return HandError(f"row {offset + first}: {what} needs 1-14 tiles and not a multiple of 3, "
                     f"got {n}")


def _special(f: np.ndarray, packed: tuple[np.ndarray, ...], best: np.ndarray, rules: Rules,
             d: dict[str, np.ndarray]) -> np.ndarray:
    """The least of ``best`` and the special forms, for 13- and 14-tile rows (as the scalar).

    ``packed``: the rows' four packed part numbers (:meth:`_Chunk.fields`).
    """
    sa, ss, sp, h = packed
    pairs, width, orphans, _ = _special_arrays(rules)
    if rules.seven_pairs:  # one look-up in the added counts, as the scalar's special_tables
        best = np.minimum(best, pairs.take(f & width))
    if rules.thirteen_orphans:
        best = np.minimum(best, orphans.take(f >> 16 & 255))
    if rules.shisanlan:
        labc = _lan_class(sa, ss, sp, d)
        best = np.minimum(best, 13 - d["lanf"].take(labc * 8 + (h >> 14 & 15)))
    return best


def _lan_class(sa: np.ndarray, ss: np.ndarray, sp: np.ndarray,
               d: dict[str, np.ndarray]) -> np.ndarray:
    """The 十三烂 class of the three suits together (``LAN3``), from their packed rows."""
    n = _t.LAN_N
    ab = d["lan2"].take((sa >> _LAN_AT & 7) * n + (ss >> _LAN_AT & 7))
    return d["lan3"].take(ab * n + (sp >> _LAN_AT & 7))


def _special_arrays(rules: Rules) -> tuple[np.ndarray, int, np.ndarray, bool]:
    """:func:`mjcore.hand.shanten.special_tables` as numpy arrays (int16)."""
    from ..hand.shanten import special_tables

    found = rules._special_arrays
    if found is None:
        pairs, width, orphans, lan = special_tables(rules)
        found = (np.array(pairs, dtype=np.int16), width, np.array(orphans, dtype=np.int16), lan)
        object.__setattr__(rules, "_special_arrays", found)
    return found


def shanten(hands: np.ndarray, rules: Rules = POYANG) -> np.ndarray:
    """Shanten of every row: the same numbers as :func:`mjcore.shanten`.

    Rows may mix sizes (1-14 tiles, not a multiple of 3).  Returns int8.
    A row is its four parts' base-5 keys (a matrix product), four reads
    of packed part numbers and three pair-table reads, as in the scalar
    function, then the special forms from the added counts.  Raises
    :class:`HandError` naming the first bad row.
    """
    rules = rules_arg(rules, wild=True)
    hands = _checked(hands, "shanten")
    d = _dense()
    if rules.wild is not None:
        return _wild_shanten(hands, rules, d)
    out = np.empty(len(hands), dtype=np.int8)
    for start, _rows, chunk in _chunks(hands, d, "shanten"):
        code = chunk.code
        best = (code & 15) - 1
        big = np.flatnonzero(code >= 208)
        if big.size == len(code):
            packed, f = chunk.fields()
            best = _special(f, packed, best, rules, d)
        elif big.size:
            packed, f = chunk.fields(big)
            best[big] = _special(f, packed, best[big], rules, d)
        out[start:start + CHUNK] = best
    return out


def _wild_shanten(hands: np.ndarray, rules: Rules, d: dict[str, np.ndarray]) -> np.ndarray:
    """:func:`shanten` under wild rules, as :func:`mjcore.hand.shanten.wild_shanten`: the
    real tiles' overlap at the whole hand's size (``WILD_FINAL``) less the jokers; a row
    whose real tiles hold four of a kind goes to the scalar function (a joker may be a
    fifth copy there, which the vectorised tables do not know)."""
    from ..hand.shanten import wild_shanten

    out = np.empty(len(hands), dtype=np.int8)
    for start in range(0, len(hands), CHUNK):
        rows = hands[start:start + CHUNK].copy()
        jokers = rows[:, rules.wild].astype(np.int16)
        rows[:, rules.wild] = 0
        chunk = _Chunk(rows, d)
        wild_code = d["wild_final"].take(chunk.ab * _t.CH + chunk.ch)
        size = (wild_code & 15) + jokers
        bad = (size < 1) | (size > 14) | (size % 3 == 0)
        if bad.any():
            first = int(np.flatnonzero(bad)[0])
            raise HandError(f"row {start + first}: shanten needs 1-14 tiles and not a "
                            f"multiple of 3, got {int(size[first])}")
        target = np.where(size % 3 == 2, size, size + 1)
        best = target - (wild_code >> (4 * ((target - 2) // 3) + 4) & 15) - 1
        big = np.flatnonzero(size >= 13)
        if big.size:
            packed, f = chunk.fields(big)
            best[big] = _special(f, packed, best[big], rules, d)
        best = best - jokers
        for i in np.flatnonzero((rows == COPIES).any(axis=1)):
            best[i] = wild_shanten(tuple(hands[start + i].tolist()), rules)
        out[start:start + CHUNK] = best
    return out


def _bits(rows: np.ndarray) -> np.ndarray:
    """Each row of 34 booleans as a 34-bit integer (bit t for column t)."""
    packed = np.packbits(rows, axis=1, bitorder="little")  # (n, 5) bytes
    wide = np.zeros((len(rows), 8), dtype=np.uint8)
    wide[:, :packed.shape[1]] = packed
    return wide.view("<u8")[:, 0].astype(np.int64)


def effective_masks(hands: np.ndarray, rules: Rules = POYANG) -> np.ndarray:
    """The effective tiles of every row as a 34-bit mask: :func:`mjcore.effective_mask`'s.

    Rows may mix sizes (1-14 tiles, not a multiple of 3).  Returns int64.
    """
    rules = rules_arg(rules, wild=True)
    hands = _checked(hands, "effective tiles")
    if rules.wild is not None:  # each row by the scalar function (no vectorised form yet)
        from ..hand.shanten import effective_mask

        return np.array([effective_mask(tuple(row), rules)[1] for row in hands.tolist()],
                        dtype=np.int64)
    d = _dense()
    out = np.empty(len(hands), dtype=np.int64)
    eff, heff = d["suit_eff"], d["honor_eff"]
    ch_n, rest, hv, sv = _t.CH, _t.REST, _t.HONOR_VCLASSES, _t.SUIT_VCLASSES
    opt_s, opt_h = d["opt_s"], d["opt_h"]
    for start, rows, chunk in _chunks(hands, d, "effective tiles"):
        code = chunk.code
        ba, bs, bp = chunk.suits >> _BASE_AT
        bz = chunk.honors >> _BASE_AT
        va, vs, vp, vz = chunk.vc
        ab, ch = chunk.ab, chunk.ch
        mask = (eff.take(ba + opt_s.take(va * rest + d["rest_s"].take(vs * ch_n + ch)))
                | eff.take(bs + opt_s.take(vs * rest + d["rest_s"].take(va * ch_n + ch))) << 9
                | eff.take(bp + opt_s.take(vp * rest + d["rest_c"].take(ab * hv + vz))) << 18
                | heff.take(bz + opt_h.take(vz * rest + d["rest_h"].take(ab * sv + vp))) << 27)
        best = (code & 15) - 1
        some = np.flatnonzero(code >= 208)
        if some.size:
            packed, f = chunk.fields(some)
            least = _special(f, packed, best[some] + 1, rules, d)  # best + 1: a tie counts
            tied = least <= best[some]
            if tied.any():
                rows_ = some[tied]
                mask[rows_] = _special_masks(rows[rows_], chunk.keys[:3, rows_],
                                             tuple(x[tied] for x in packed), f[tied],
                                             least[tied], best[rows_], mask[rows_], rules, d)
        out[start:start + CHUNK] = mask
    return out


def _special_masks(rows: np.ndarray, keys: np.ndarray, packed: tuple[np.ndarray, ...],
                   f: np.ndarray, least: np.ndarray, best: np.ndarray, mask: np.ndarray,
                   rules: Rules, d: dict[str, np.ndarray]) -> np.ndarray:
    """Effective tiles where a special form attains the least shanten (the scalar rules).

    ``keys``: the suits' base-5 keys, shape (3, rows); ``packed``: the four packed numbers.
    """
    sa, ss, sp, h = packed
    mask = np.where(best == least, mask, 0)
    count = [_bits(rows == c) for c in range(4)]
    kinds, twos = f >> 4 & 15, f & 15
    ones = kinds - twos
    if rules.seven_pairs:
        if rules.four_as_two_pairs:
            twos = twos + (f >> 8 & 15)
            ones = ones + (f >> 12 & 15)
            pair_draw, unit_draw = count[1] | count[3], count[0] | count[2]
        else:
            pair_draw, unit_draw = count[1], count[0]
        pairs = np.minimum(twos, 7)
        at = 13 - 2 * pairs - np.minimum(ones, 7 - pairs) == least
        found = np.where(pairs < 7, pair_draw, 0) | np.where(ones < 7 - pairs, unit_draw, 0)
        mask |= np.where(at, found, 0)
    if rules.thirteen_orphans:
        paired = (f >> 20 & 15) > 0
        at = 13 - (f >> 16 & 15) - paired == least
        found = _ORPHAN_BITS & (count[0] | np.where(paired, 0, count[1]))
        mask |= np.where(at, found, 0)
    if rules.shisanlan:
        n = _t.LAN_N
        la, ls, lp = (x >> _LAN_AT & 7 for x in (sa, ss, sp))
        hk = h >> 14 & 15
        labc = _lan_class(sa, ss, sp, d)
        at = 13 - d["lanf"][labc * 8 + hk] == least
        found = np.where(d["lan_honors"][labc * 8 + hk], count[0] & _HONOR_BITS, 0)
        for shift, key, x, rest in ((0, keys[0], la, d["lan2"][ls * n + lp]),
                                    (9, keys[1], ls, d["lan2"][la * n + lp]),
                                    (18, keys[2], lp, d["lan2"][la * n + ls])):
            presence = d["suit_presence"][key].astype(np.int64)
            kmask = d["lan_opt"][(x * _t.LAN_LAB + rest) * 8 + hk]
            found |= d["lan_raise"][presence * 16 + kmask] << shift
        mask |= np.where(at, found, 0)
    return mask


_ORPHAN_BITS = sum(1 << t for t in ORPHANS)
_HONOR_BITS = sum(1 << t for t in range(27, 34))


def random_batch(rng: np.random.Generator, count: int, size: int = 13) -> np.ndarray:
    """``count`` random hands of ``size`` tiles as int8 rows, each a sample of the 136 tiles.

    >>> hands = random_batch(np.random.default_rng(1), 3)
    >>> hands.shape, hands.sum(axis=1).tolist(), int(hands.max()) <= 4
    ((3, 34), [13, 13, 13], True)
    """
    if not isinstance(rng, np.random.Generator):
        raise HandError(f"rng must be a numpy Generator, got {type(rng).__name__}")
    if type(count) is not int or not 0 <= count <= 10_000_000:
        raise HandError(f"count must be an integer 0-10,000,000, got {count!r}")
    if type(size) is not int or not 1 <= size <= 14:
        raise HandError(f"size must be an integer 1-14, got {size!r}")
    hands = np.zeros((count, 34), dtype=np.int8)
    for start in range(0, count, CHUNK):  # a chunk at a time: the same draws, little memory
        n = min(CHUNK, count - start)
        tiles = rng.random((n, 136)).argsort(axis=1)[:, :size] // 4
        np.add.at(hands, (np.repeat(np.arange(start, start + n), size), tiles.ravel()), 1)
    return hands


def is_win(hands: np.ndarray, rules: Rules = POYANG) -> np.ndarray:
    """Whether each row (2, 5, 8, 11 or 14 tiles) wins: the same as :func:`mjcore.is_win`.

    Returns a boolean array.  Raises :class:`HandError` naming the first bad row.
    """
    rules = rules_arg(rules, wild=True)
    hands, n = _check(hands, (2, 5, 8, 11, 14), "a winning shape")
    if rules.wild is not None:
        return shanten(hands, rules) == -1
    ka, kb, kc, kh = _part_keys(hands)
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
            valid = _lan_valid()
            bits = 1 << np.arange(9)
            ok = (h <= 1).all(axis=1)
            for s in (0, 9, 18):
                ok &= valid[(h[:, s:s + 9] > 0) @ bits]
            special |= ok
        win[big] = special
    return win
