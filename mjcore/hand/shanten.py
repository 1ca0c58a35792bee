"""Shanten 向听 (xiangting): how many tiles a hand is from winning, exactly.

The definition used here: ``shanten + 1`` is the least number of tiles
that must be drawn (discarding freely) to hold a winning hand, where no
tile goes above four copies counting those in the hand.  So -1 is a
complete hand and 0 is ready (tenpai, 听牌 tingpai).

Equivalently: among all winning hands ``W`` of the right size, find the
one sharing the most tiles with the hand (the *overlap*); the tiles of
``W`` not in the hand are the ones to draw.  For a hand of ``3M+1`` or
``3M+2`` tiles the target has ``M`` melds and a pair, and

    shanten = 3M + 1 - overlap.

The overlap splits over the parts (three suits and the honours), each
summed up by a vector (:mod:`mjcore.hand.vectors`, chapter 4's dynamic
program).  :func:`shanten` runs none of it: :mod:`mjcore.bulk.tablegen`
ran the program for every suit ahead of time and combined the vectors
pairwise, so a hand is a handful of look-ups in the complete tables of
:mod:`mjcore.hand.tables`.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add
from struct import Struct
from struct import error as StructError

from ..base.checks import HandError
from ..base.rules import POYANG, Rules, WildRules, rules_arg
from ..base.tiles import COPIES, as_counts
from . import tables as _t
from . import wild
from .vectors import SIZES, Vector, honor_vector, loose_vector, max_plus, suit_vector

_SIZES = frozenset(SIZES)



def shanten(hand: str | Sequence[int], rules: Rules = POYANG) -> int:
    """Shanten of a hand of 1-14 tiles (not a multiple of 3): -1 complete, 0 ready.

    Exact: ``shanten + 1`` tiles must be drawn to win, never a fifth copy.
    Special forms count for 13- and 14-tile hands, as ``rules`` say.
    A count is an integer 0-4 (Python's ``True`` and ``False`` are the
    integers 1 and 0).  Raises :class:`HandError` for a bad hand or
    another number of tiles.

    The standard form is seven look-ups in the complete tables of
    :mod:`mjcore.hand.tables`: the parts' classes (read from a plain dict of
    the small parts, ``PartTable.plain``, when it holds them), two pair
    tables and the final table.  For 13 and 14 tiles, seven pairs and
    thirteen orphans are one more look-up in the parts' special-form
    counts added, and 十三烂 a few more when its bound allows.
    Explained in chapter 4.

    >>> shanten("111222333m44455s"), shanten("111222333m4445s"), shanten("123456789m1111p")
    (-1, 0, 1)
    >>> from mjcore import RIICHI, STANDARD
    >>> shanten("1122m3344p5566s17z"), shanten("1122m3344p5566s17z", STANDARD)
    (0, 3)
    >>> [shanten("19m19p19s1234567z", r) for r in (POYANG, RIICHI, STANDARD)]
    [0, 0, 8]
    >>> shanten("147m258p369s1234z")
    0
    >>> shanten("111m")
    Traceback (most recent call last):
    ...
    mjcore.HandError: shanten needs 1-14 tiles and not a multiple of 3, got 3
    """
    if type(rules) is not Rules:
        if type(rules) is WildRules:
            return wild_shanten(hand, rules)
        rules = rules_arg(rules, wild=True)
        if rules.wild is not None:  # a wild preset by name, or a subclass of WildRules
            return wild_shanten(hand, rules)
    if type(hand) is tuple or type(hand) is list:
        try:  # the counts as bytes, cut into the three suits and the honours (_SPLIT)
            ka, ks, kp, kz = _SPLIT(bytearray(hand))
            a = _SUIT_FAST[ka]  # one statement each: no tuple built and unpacked
            s = _SUIT_FAST[ks]
            p = _SUIT_FAST[kp]
            z = _HONOR_FAST[kz]
        except (TypeError, ValueError, KeyError, StructError):
            a = None
        if a is not None:  # narrow numbers (tables.SUIT_SHANTEN), one digit: quick to add, mask
            code = _FINAL[_PAIR_SS[a & 1023][s & 1023]][_PAIR_SH[p & 1023][z & 1023]]
            if code < 208:  # fewer than 13 tiles: the standard form only
                return (code & 15) - 1
            if code < 255:
                # the special forms, inline (see _narrow_special), as shanten + 1 like the
                # code's low bits: seven pairs and thirteen orphans in one look-up of the
                # parts' counts added (_shanten_tables)
                low, fields = code & 15, (a + s + p + z) >> 10
                forms, lan_bounds = rules._shanten_forms or _shanten_tables(rules)
                special = forms[fields]
                if special < low:
                    low = special
                if lan_bounds is not None and low > lan_bounds[fields]:
                    # 十三烂 (as lan_overlap): the suits' ranks held from the wide numbers,
                    # the honours' kinds from the narrow one
                    of, n = _LAN_CLASS_OF, _LAN_N
                    lan = 14 - _LANF[8 * _LAN3[_LAN2[of[_SUIT[ka] >> 34 & 511] * n
                                                     + of[_SUIT[ks] >> 34 & 511]] * n
                                               + of[_SUIT[kp] >> 34 & 511]] + (z >> 13 & 15)]
                    if lan < low:
                        low = lan
                return low - 1
    # a bad hand (HandError), a string, or a part of more tiles than the plain dicts hold
    return sized_shanten(checked(hand, "shanten"), rules)[1]


def wild_shanten(hand: str | Sequence[int], rules: Rules) -> int:
    """:func:`shanten` under rules with a wild kind (a :class:`~mjcore.base.rules.WildRules`).

    In the replacement-number view a hand of real tiles and ``k`` jokers is as far from
    a win as its real tiles are from a whole hand of its own size, less the ``k`` places
    the jokers fill.  The real tiles' overlap with a hand of ``m`` melds and a pair is
    one look-up: the parts' vector classes and the pair tables as in :func:`shanten`,
    then :data:`mjcore.hand.tables.WILD_FINAL`, which keeps every combined class's
    overlap for each ``m`` (the real tiles of 13 with one joker are 12, a size
    :data:`~mjcore.hand.tables.FINAL` has no answer for).  The special forms are the
    plain tables' overlaps less ``k`` too.  A part holding four of a kind may need a
    joker as a fifth copy, which no plain table knows: there the parts'
    :func:`~mjcore.hand.vectors.loose_vector` are combined instead.  A bad hand goes to
    :func:`mjcore.hand.wild.shanten`, the exact search, which says what is wrong.
    Explained in the chapter on wild tiles.

    >>> from mjcore import parse, HONGZHONG
    >>> wild_shanten(parse("123m456p789s1122z7z"), HONGZHONG)
    -1
    >>> wild_shanten(parse("123456789m1111p"), HONGZHONG)   # a drawn 7z as a fifth 1p
    0
    """
    if type(hand) is not tuple and type(hand) is not list:
        hand = as_counts(hand)  # notation: checked and counted
    try:
        b = bytearray(hand)
        jokers = b[rules.wild]
        b[rules.wild] = 0
        keys = _SPLIT(b)
        try:  # the plain dicts of the small parts first, as in shanten
            a = _SUIT_FAST[keys[0]]
            s = _SUIT_FAST[keys[1]]
            p = _SUIT_FAST[keys[2]]
            z = _HONOR_FAST[keys[3]]
        except KeyError:
            a, s = _SUIT_SH[keys[0]], _SUIT_SH[keys[1]]
            p, z = _SUIT_SH[keys[2]], _HONOR_SH[keys[3]]
    except (TypeError, ValueError, KeyError, StructError):
        a = None  # a bad hand: the exact function says what is wrong
    if a is not None:
        code = _WILD_FINAL[_PAIR_SS[a & 1023][s & 1023]][_PAIR_SH[p & 1023][z & 1023]]
        size = (code & 15) + jokers
        shift = _WILD_SHIFT[size] if size < 15 else None
        if shift is not None:
            target, shift = shift
            fields = (a + s + p + z) >> 10
            if fields & _FOURS:  # a joker may be a fifth copy
                best = target - _loose_overlap(keys, (target - 2) // 3) - 1
            else:
                best = target - (code >> shift & 15) - 1
            if size >= 13:  # _narrow_special, inline
                forms, lan_bounds = rules._shanten_forms or _shanten_tables(rules)
                special = forms[fields] - 1
                if special < best:
                    best = special
                if lan_bounds is not None and best >= lan_bounds[fields]:
                    best = min(best, 13 - lan_overlap(_SUIT[keys[0]], _SUIT[keys[1]],
                                                      _SUIT[keys[2]], _HONOR[keys[3]]))
            return best - jokers
    return wild.shanten(hand, rules)


_FOURS = 3 << 7
"""The narrow counts' field of kinds held four times (see :func:`narrow_tables`)."""
_WILD_SHIFT = [((n if n % 3 == 2 else n + 1), 4 * ((n if n % 3 == 2 else n + 1) - 2) // 3 + 4)
               if n in SIZES else None for n in range(15)]
"""For each size of a hand: the size of the whole hand it grows to, and where its
overlap (one pair and that many melds) sits in a :data:`~mjcore.hand.tables.WILD_FINAL` code."""


def _loose_overlap(keys: tuple[bytes, ...], melds: int) -> int:
    """The real tiles' overlap with one pair and ``melds`` melds when a part holds four of
    a kind: the parts' :func:`~mjcore.hand.vectors.loose_vector`, combined (both remembered)."""
    whole = _LOOSE.get(keys)
    if whole is None:
        a, s, p, z = (_part_vector(key, honors) for key, honors in zip(
            keys, (False, False, False, True), strict=True))
        whole = max_plus(max_plus(a, s), max_plus(p, z))
        if len(_LOOSE) >= MAX_LOOSE:
            _LOOSE.clear()
        _LOOSE[keys] = whole
    return whole[5 + melds]


def _part_vector(key: bytes, honors: bool) -> Vector:
    """A part's :func:`~mjcore.hand.vectors.loose_vector` where it holds four of a kind (a
    suit's read from :data:`mjcore.hand.tables.SUIT_LOOSE`); else its plain vector, found by
    its vector class in the tables (worked out once a class)."""
    if COPIES in key:
        if honors:
            return loose_vector(tuple(key), True)
        try:
            return _t.LOOSE_VECTORS[_t.SUIT_LOOSE[key]]
        except (KeyError, IndexError):  # while `make tables` runs, the tables are empty
            return loose_vector(tuple(key))
    number = (_HONOR_SH[key] & 1023) + 1024 if honors else _SUIT_SH[key] & 1023
    found = _BY_CLASS.get(number)
    if found is None:
        found = _BY_CLASS[number] = (honor_vector(tuple(key)) if honors
                                     else suit_vector(tuple(key)))
    return found


_BY_CLASS: dict[int, Vector] = {}
"""A part's vector class (the honours' plus 1024) -> its overlap vector."""
_LOOSE: dict[tuple[bytes, ...], Vector] = {}
MAX_LOOSE = 100_000
"""The most combined loose vectors :func:`_loose_overlap` keeps (then it starts again)."""


def sized_shanten(hand: str | Sequence[int], rules: Rules = POYANG) -> tuple[int, int]:
    """The number of tiles of a hand and its shanten, from one pass over the tables.

    For callers that must also check the size, as :func:`mjcore.is_win` does.

    >>> sized_shanten("111222333m44455s"), sized_shanten("19m19p19s1234567z")
    ((14, -1), (13, 0))
    """
    if type(rules) is not Rules:
        rules = rules_arg(rules)
    if type(hand) is tuple or type(hand) is list:
        try:
            keys = ka, ks, kp, kz = _SPLIT(bytearray(hand))
            a = _SUIT_SH[ka]  # as in shanten: one statement each
            s = _SUIT_SH[ks]
            p = _SUIT_SH[kp]
            z = _HONOR_SH[kz]
        except (TypeError, ValueError, KeyError, StructError):
            a = None
        if a is not None:
            code = _FINAL[_PAIR_SS[a & 1023][s & 1023]][_PAIR_SH[p & 1023][z & 1023]]
            if code < 208:
                return code >> 4, (code & 15) - 1
            if code < 255:
                return code >> 4, _narrow_special(keys, (a + s + p + z) >> 10, (code & 15) - 1,
                                                  rules)
    return sized_shanten(checked(hand, "a hand"), rules)


def checked(hand: object, what: str) -> tuple[int, ...]:
    """The hand as 34 checked counts of 1-14 tiles, not a multiple of 3; else a HandError.

    >>> checked("11m", "shanten")[0]
    2
    >>> checked("111m", "shanten")
    Traceback (most recent call last):
    ...
    mjcore.HandError: shanten needs 1-14 tiles and not a multiple of 3, got 3
    """
    counts = as_counts(hand)
    n = sum(counts)
    if n not in _SIZES:
        raise HandError(f"{what} needs 1-14 tiles and not a multiple of 3, got {n}")
    return counts


def special_tables(rules: Rules) -> tuple[list[int], int, list[int], bool]:
    """Seven pairs and thirteen orphans as look-ups in the parts' added counts, per rules.

    The packed numbers of :data:`mjcore.hand.tables.SUIT` add up to counts in
    4-bit fields (shifted down by 10): kinds held twice or more (bits 0-3),
    kinds held (4-7), fours (8-11), threes (12-15), terminal kinds (16-19)
    and terminal pairs (20-23).  Returns the seven-pairs shanten of every
    value of the low 8 bits (16 with four-as-two-pairs, whose fours and
    threes count), that width's mask, the thirteen-orphans shanten of bits
    16-23, and whether 十三烂 counts; a form the rules leave out is 99.
    Built once per ``Rules`` object (at most 65,536 small sums) and kept
    on it, with two more lists the effective tiles (:func:`scan_bytes`)
    read there directly: for the same indices, the counts whose tiles
    help each form (bit c: the tiles held c times; see
    :func:`_special_mask`).  :func:`shanten` reads its own narrower counts
    (:func:`narrow_tables`).

    >>> from mjcore import POYANG, RIICHI
    >>> pairs, width, orphans, lan = special_tables(RIICHI)
    >>> pairs[6 | 7 << 4], width, orphans[12 | 1 << 4], lan  # 6 pairs + a single; 12 + a pair
    (0, 255, 0, False)
    >>> special_tables(POYANG)[1:3:2], special_tables(POYANG)[2][0]
    ((65535,), 99)
    """
    return _wide_special(rules)[:4]


NARROW_BITS = (3, 4, 2, 3, 4, 3)
"""The widths of the narrow counts' fields, lowest first (see :func:`narrow_tables`)."""
WIDE_BITS = (4,) * 6
"""The widths of the wide counts' fields (see :func:`special_tables`)."""


def narrow_tables(rules: Rules) -> tuple[list[int], int, list[int], bool]:
    """:func:`special_tables` for the narrow counts of :data:`mjcore.hand.tables.SUIT_SHANTEN`.

    The parts' numbers add up to counts in narrower fields (shifted down
    by 10): kinds held twice or more (bits 0-2), kinds held (3-6), fours
    (7-8), threes (9-11), terminal kinds (12-15) and terminal pairs
    (16-18).  Returns the seven-pairs shanten of every value of the low 7
    bits (12 with four-as-two-pairs), that width's mask, the
    thirteen-orphans shanten of bits 12-18, and whether 十三烂 counts;
    built once per ``Rules`` object and kept on it.

    >>> from mjcore import POYANG, RIICHI
    >>> pairs, width, orphans, lan = narrow_tables(RIICHI)
    >>> pairs[6 | 7 << 3], width, orphans[12 | 1 << 4], lan  # 6 pairs + a single; 12 + a pair
    (0, 127, 0, False)
    >>> narrow_tables(POYANG)[1], narrow_tables(POYANG)[2][0]
    (4095, 99)
    """
    return _form_tables(rules, "_narrow_tables", NARROW_BITS)


def _shanten_tables(rules: Rules) -> tuple[bytes, bytes | None]:
    """:func:`narrow_tables` as :func:`shanten` reads them: one look-up per hand, no mask.

    Returns two tables of ``2**19`` bytes indexed by the narrow counts
    added (all 19 bits): the least of the seven-pairs and thirteen-orphans
    shanten, plus one (as the final table's codes; 100 for a form the
    rules leave out), and when 十三烂 counts, its bound ``14 -`` kinds held
    (else None).  Built once per ``Rules`` object (copies of 4,096-byte rows,
    at C speed) and kept on it.

    >>> from mjcore import POYANG, RIICHI
    >>> forms, lan_bounds = _shanten_tables(RIICHI)
    >>> forms[6 | 7 << 3], forms[12 << 12 | 1 << 16], forms[0], lan_bounds  # as narrow_tables
    (1, 1, 14, None)
    >>> _shanten_tables(POYANG)[1][7 << 3]
    7
    """
    found = rules._shanten_forms
    if found is None:
        pairs, width, orphans, lan = narrow_tables(rules)
        # bits 0-11 (seven pairs; its table repeated if narrower) give a place in a row,
        # bits 12-18 (thirteen orphans) the row: the seven-pairs row with every value above
        # that orphans' one lowered to it, one per orphans value (a few differ)
        row = bytes(seven + 1 for seven in pairs) * (4096 // (width + 1))
        rows = {orphan: row.translate(_at_most(orphan + 1)) for orphan in set(orphans)}
        forms = b"".join([rows[orphan] for orphan in orphans])
        lan_bounds = (bytes(max(0, 14 - (i >> 3 & 15)) for i in range(128)) * 4096
                      if lan else None)  # kinds held: bits 3-6
        found = forms, lan_bounds
        object.__setattr__(rules, "_shanten_forms", found)  # Rules is frozen: set it once
    return found


def _at_most(cap: int) -> bytes:
    """A ``bytes.translate`` table lowering every byte above ``cap`` (clamped to 0-255) to it."""
    cap = max(0, min(cap, 255))
    return bytes(range(cap)) + bytes((cap,)) * (256 - cap)


def _form_tables(rules: Rules, kept: str, bits: tuple[int, ...]) -> tuple:
    """:func:`special_tables` for counts in fields of these widths (kinds held twice or
    more, kinds held, fours, threes, terminal kinds, terminal pairs), kept on ``rules``
    under the name ``kept``; the wide ones (``_special_tables``) with the helping counts
    of both forms after them."""
    found = getattr(rules, kept)
    if found is not None:
        return found
    twos_bits, kinds_bits, fours_bits, threes_bits, ends_bits, end_pairs_bits = bits
    doubled = rules.seven_pairs and rules.four_as_two_pairs  # fours and threes count
    low = twos_bits + kinds_bits
    width = (1 << low + (fours_bits + threes_bits if doubled else 0)) - 1
    # a field value i: kinds held twice or more (twos) and kinds held, then with fours as
    # two pairs fours (more twos) and threes (more singles).  Its entries depend on the
    # twos (at most 7) and the singles alone, so each such pair is worked out once, into
    # flat lists at twos * span + singles + shift; the 65,536 values of the wide fields
    # then only pick their places (a loop over them took most of a first call)
    twos_top, kinds_top = 1 << twos_bits, 1 << kinds_bits
    fours_top, threes_top = (1 << fours_bits, 1 << threes_bits) if doubled else (1, 1)
    shift = twos_top - 1  # the singles run from -shift (more twos than kinds: never held)
    span = shift + kinds_top + threes_top - 1
    pair_of, count_of = [0] * (8 * span), [0] * (8 * span)
    for twos in range(8):
        for ones in range(-shift, span - shift):
            at = twos * span + ones + shift
            pair_of[at] = 13 - 2 * twos - min(ones, 7 - twos) if rules.seven_pairs else 99
            # a draw helps seven pairs by making a pair while fewer than 7 are held (a
            # single, or with fours as two pairs a three too), or by adding a kind while the
            # singles are fewer than the pairs missing (a new kind, or a pair: its third copy)
            counts = (0b1010 if doubled else 0b10) if twos < 7 else 0
            if ones < 7 - twos:
                counts |= 0b101 if doubled else 0b1
            count_of[at] = counts
    # the places in the order of i: twos first, then kinds, fours, threes
    ranks = [kinds - twos + shift for kinds in range(kinds_top) for twos in range(twos_top)]
    places: list[int] = []
    for threes in range(threes_top):
        for fours in range(fours_top):
            row = [min(twos + fours, 7) * span + threes for twos in range(twos_top)]
            places += map(add, row * kinds_top, ranks)
    pairs, pair_counts = list(map(pair_of.__getitem__, places)), list(
        map(count_of.__getitem__, places))
    orphans = [13 - (i & (1 << ends_bits) - 1) - (i >> ends_bits > 0)
               if rules.thirteen_orphans else 99 for i in range(1 << ends_bits + end_pairs_bits)]
    found = pairs, width, orphans, rules.shisanlan
    if kept == "_special_tables":  # an orphan held helps while no pair is: then new ones only
        found += (pair_counts, [0b1 if i >> ends_bits else 0b11 for i in range(len(orphans))])
    object.__setattr__(rules, kept, found)  # Rules is frozen: set it once
    return found


def _wide_special(rules: Rules) -> tuple:
    """:func:`special_tables` and the two lists of helping counts after them, as
    ``rules._special_tables`` keeps them."""
    return _form_tables(rules, "_special_tables", WIDE_BITS)


def _narrow_special(keys: tuple[bytes, ...], fields: int, best: int, rules: Rules) -> int:
    """The least of ``best`` (standard form) and the special forms ``rules`` allow (13-14
    tiles), from the parts' ``keys`` and their narrow counts added: the tables
    :func:`shanten` reads (:func:`_shanten_tables`)."""
    forms, lan_bounds = rules._shanten_forms or _shanten_tables(rules)
    best = min(best, forms[fields] - 1)
    if lan_bounds is not None and best >= lan_bounds[fields]:
        ka, ks, kp, kz = keys
        best = min(best, 13 - lan_overlap(_SUIT[ka], _SUIT[ks], _SUIT[kp], _HONOR[kz]))
    return best


def special_shanten(hand: str | Sequence[int], rules: Rules = POYANG) -> int:
    """The least shanten of the special forms ``rules`` switch on; 99 when none applies.

    Special forms count for hands of 13 and 14 tiles only.  A drawn tile
    lowers any form's shanten by one at most, so once this is above the
    standard form's shanten it stays above along a run of draws that each
    lower the standard form's (chapter 6 uses this to leave the special
    forms out of a search).  Raises :class:`HandError` for a bad hand.

    >>> from mjcore import RIICHI, STANDARD
    >>> special_shanten("1122m3344p5566s17z", RIICHI), shanten("1122m3344p5566s17z", STANDARD)
    (0, 3)
    >>> special_shanten("234578m1689p357s1z", RIICHI), special_shanten("1122m", RIICHI)
    (6, 99)
    """
    if type(rules) is not Rules:
        rules = rules_arg(rules)
    counts = checked(hand, "special_shanten")
    return special_bytes(bytes(counts), rules) if sum(counts) >= 13 else 99


def special_bytes(b: bytes, rules: Rules) -> int:
    """:func:`special_shanten` of a checked hand of 13 or 14 tiles given as 34 bytes."""
    keys = ka, ks, kp, kz = _SPLIT(b)
    fields = (_SUIT_SH[ka] + _SUIT_SH[ks] + _SUIT_SH[kp] + _HONOR_SH[kz]) >> 10
    return _narrow_special(keys, fields, 99, rules)


def lan_overlap(a: int, s: int, p: int, z: int) -> int:
    """The 十三烂 overlap of a hand from its parts' packed numbers.

    The numbers are those of :data:`mjcore.hand.tables.SUIT`.

    >>> from mjcore import parse
    >>> from mjcore.hand.tables import HONOR, SUIT
    >>> b = bytes(parse("147m258p369s1234z"))
    >>> lan_overlap(SUIT[b[0:9]], SUIT[b[9:18]], SUIT[b[18:27]], HONOR[b[27:34]])
    13
    """
    n, of = _LAN_N, _LAN_CLASS_OF
    return _LANF[8 * _LAN3[_LAN2[of[a >> 34 & 511] * n + of[s >> 34 & 511]] * n
                           + of[p >> 34 & 511]] + (z >> 14 & 15)]


def effective_mask(counts: str | Sequence[int], rules: Rules = POYANG) -> tuple[int, int]:
    """Shanten of a hand and its effective tiles as a 34-bit mask (bit t: tile t).

    For a 3n+1 hand a tile is effective when drawing it lowers the
    shanten; for a 3n+2 hand, when drawing it and discarding the right
    tile does (the "necessary tiles" of other libraries).  A tile held
    four times is never effective.  Table-driven like :func:`shanten`:
    for each part, the slots of its overlap vector that some best split
    of the target uses, and the ranks whose draw raises one of them.

    >>> s, mask = effective_mask("111222333m4445s")
    >>> s, [t for t in range(34) if mask >> t & 1]
    (0, [11, 13, 14])

    Under wild rules each draw is tried (:func:`mjcore.hand.wild.effective_mask`).
    """
    if type(rules) is not Rules:
        rules = rules_arg(rules, wild=True)
        if rules.wild is not None:
            return wild.effective_mask(checked(counts, "effective tiles"), rules, wild_shanten)
    _, _, now, mask = scan(counts, rules)
    return now, mask


def scan(hand: str | Sequence[int], rules: Rules = POYANG) -> tuple[bytes, int, int, int]:
    """The checked hand as 34 bytes, its number of tiles, shanten and effective mask.

    What :func:`effective_mask`, :func:`mjcore.effective_tiles` and
    :func:`mjcore.waits` share: one pass over the tables.

    >>> b, n, now, mask = scan("111222333m4445s")
    >>> b[0], n, now, bin(mask)
    (3, 13, 0, '0b110100000000000')
    """
    if type(rules) is not Rules:
        rules = rules_arg(rules)
    if type(hand) is tuple or type(hand) is list:
        try:
            found = scan_bytes(bytes(bytearray(hand)), rules)  # quicker than bytes(hand)
        except (TypeError, ValueError):
            found = None
        if found is not None:
            return found
    return scan(checked(hand, "effective tiles"), rules)


def scan_bytes(b: bytes, rules: Rules | None) -> tuple[bytes, int, int, int] | None:
    """:func:`scan` of a hand given as 34 bytes (a count per tile), None for a bad one.

    ``rules`` None: the standard form alone (for a caller that knows no
    special form can reach the hand's shanten, see :func:`special_shanten`).
    """
    try:
        a, s, p, z = _SPLIT(b)
        a = _SUIT[a]  # one statement each: no tuple built and unpacked
        s = _SUIT[s]
        p = _SUIT[p]
        z = _HONOR[z]
    except (KeyError, StructError):
        return None
    va = a & 1023
    vs = s & 1023
    vp = p & 1023
    vz = z & 1023
    ab, ch = _PAIR_SS[va][vs], _PAIR_SH[vp][vz]
    code = _FINAL[ab][ch]
    if code == 255:
        return None
    mask = (_SUIT_EFF[(a >> 43) + _OPT_S[va][_REST_S[vs][ch]]]
            | _SUIT_EFF[(s >> 43) + _OPT_S[vs][_REST_S[va][ch]]] << 9
            | _SUIT_EFF[(p >> 43) + _OPT_S[vp][_REST_C[ab][vz]]] << 18
            | _HONOR_EFF[(z >> 43) + _OPT_H[vz][_REST_H[ab][vp]]] << 27)
    if code < 208 or rules is None:  # fewer than 13 tiles, or the standard form alone
        return b, code >> 4, (code & 15) - 1, mask
    best, fields = (code & 15) - 1, (a + s + p + z) >> 10 & 0xFFFFFF
    # can a special form reach best?
    pairs, width, orphans, lan, pair_counts, orphan_counts = (rules._special_tables
                                                              or _wide_special(rules))
    # 十三烂's shanten, worked out once here when its bound allows (else 99)
    lan = 13 - lan_overlap(a, s, p, z) if lan and best >= 13 - (fields >> 4 & 15) else 99
    i, j = fields & width, fields >> 16 & 255
    if pairs[i] <= best or orphans[j] <= best or lan <= best:
        return (b, code >> 4) + _special_mask(b, (a, s, p, z), pairs[i], pair_counts[i],
                                              orphans[j], orphan_counts[j], lan, best, mask)
    return b, code >> 4, best, mask


def discard_mask(hand: str | Sequence[int], rules: Rules = POYANG,
                 memo: dict | None = None) -> tuple[int, int]:
    """Shanten of a 3n+2 hand and the tiles whose discard keeps it, as a 34-bit mask.

    The "unnecessary tiles" of other libraries: bit t is set when the
    hand less one copy of t has the same shanten.  A discard changes one
    part only, and it keeps the standard form's shanten exactly when, in
    some best split of the target, that part's slot loses nothing; so the
    answer for a part depends on the part and its pattern of best slots
    (the number the tables file calls ``opt_s``) alone.  Each part is worked
    out by trying its ranks on the tables; ``memo`` (a dict the caller
    keeps, for example for one search) remembers parts already seen.
    When a special form may attain the least shanten, every discard is
    tried with :func:`shanten`.  Raises :class:`HandError` for a hand
    that is not 3n+2 tiles.

    The nine discards of 234578m1689p357s1z that stay at three shanten:

    >>> from mjcore import tile_name
    >>> s, mask = discard_mask("234578m1689p357s1z")
    >>> s, " ".join(tile_name(t) for t in range(34) if mask >> t & 1)
    (3, '2m 5m 8m 3s 7s 1p 6p 9p 1z')
    """
    if type(rules) is not Rules:
        rules = rules_arg(rules)
    if memo is not None and type(memo) is not dict:
        raise HandError(f"memo must be a dict (or None), got {type(memo).__name__}")
    counts = checked(hand, "discard_mask")
    if sum(counts) % 3 != 2:
        raise HandError(f"discard_mask needs 3n+2 tiles (at most 14), got {sum(counts)}")
    best, tiles = discards_bytes(bytes(counts), rules, {} if memo is None else memo)
    return best, sum(1 << t for t in tiles)


def discards_bytes(b: bytes, rules: Rules | None, memo: dict) -> tuple[int, tuple[int, ...]]:
    """:func:`discard_mask` of a checked 3n+2 hand given as 34 bytes, the tiles ascending
    in place of the mask (the search walks them); ``rules`` None: the standard form alone
    (as for :func:`scan_bytes`)."""
    keys = pa, ps, pp, pz = _SPLIT(b)
    a = _SUIT_SH[pa]  # the narrow numbers, one statement each (no tuple built)
    s = _SUIT_SH[ps]
    p = _SUIT_SH[pp]
    z = _HONOR_SH[pz]
    va = a & 1023
    vs = s & 1023
    vp = p & 1023
    vz = z & 1023
    ab, ch = _PAIR_SS[va][vs], _PAIR_SH[vp][vz]
    code = _FINAL[ab][ch]
    best = (code & 15) - 1
    # 14 tiles: when a special form reaches best, its discards are found part by part
    # (the narrow counts of the hand less one tile); the standard form's join them on a tie
    special = None
    if code >= 208 and rules:
        low_special = _narrow_special(keys, (a + s + p + z) >> 10, best + 1, rules)
        if low_special <= best:
            special = _special_discards(keys, (a, s, p, z), low_special, rules)
            if low_special < best:
                return low_special, special
    # a part's discards depend on the part and its pattern of best slots: the memo keeps
    # a row per part (the part's hash is cached from the look-up above), a slot per suit
    # and pattern. Written out per part: a loop over the four costs more
    get, low = memo.get, code & 15
    row = get(pa)
    if row is None:
        row = memo[pa] = [None] * 96
    q = _OPT_S[va][_REST_S[vs][ch]]
    ra = row[q]
    if ra is None:
        ra = row[q] = _part_discards(pa, 0, low, va, vs, vp, vz, ab, ch)
    row = get(ps)
    if row is None:
        row = memo[ps] = [None] * 96
    q = 32 + _OPT_S[vs][_REST_S[va][ch]]
    rs = row[q]
    if rs is None:
        rs = row[q] = _part_discards(ps, 9, low, va, vs, vp, vz, ab, ch)
    row = get(pp)
    if row is None:
        row = memo[pp] = [None] * 96
    q = 64 + _OPT_S[vp][_REST_C[ab][vz]]
    rp = row[q]
    if rp is None:
        rp = row[q] = _part_discards(pp, 18, low, va, vs, vp, vz, ab, ch)
    row = get(pz)
    if row is None:
        row = memo[pz] = [None] * 32
    q = _OPT_H[vz][_REST_H[ab][vp]]
    rz = row[q]
    if rz is None:
        rz = row[q] = _part_discards(pz, 27, low, va, vs, vp, vz, ab, ch)
    if special is not None:
        return best, tuple(sorted({*ra, *rs, *rp, *rz, *special}))
    return best, ra + rs + rp + rz


def _special_discards(keys: tuple[bytes, ...], values: tuple[int, int, int, int], best: int,
                      rules: Rules) -> tuple[int, ...]:
    """Tiles (ascending) of a 14-tile hand, given as its parts' ``keys`` and table
    ``values``, whose discard leaves a special form at shanten ``best``: only the part
    that loses the tile changes, so each trial is one look-up and
    :func:`_narrow_special`."""
    tiles = []
    for index, key in enumerate(keys):
        table = _HONOR_SH if index == 3 else _SUIT_SH
        others = sum(values) - values[index]
        for r, held in enumerate(key):
            if not held:
                continue
            smaller = key[:r] + bytes((held - 1,)) + key[r + 1:]
            parts = keys[:index] + (smaller,) + keys[index + 1:]
            fields = (others + table[smaller]) >> 10
            if _narrow_special(parts, fields, best + 1, rules) <= best:
                tiles.append(9 * index + r)
    return tuple(tiles)


def _part_discards(part: bytes, offset: int, low: int, va: int, vs: int, vp: int, vz: int,
                   ab: int, ch: int) -> tuple[int, ...]:
    """Tiles of one part (ascending, ``offset`` added) whose discard keeps the standard
    form's shanten (code's low 4 bits)."""
    tiles = []
    for r, held in enumerate(part):
        if not held:
            continue
        smaller = part[:r] + bytes((held - 1,)) + part[r + 1:]
        if offset == 0:
            code = _FINAL[_PAIR_SS[_SUIT_SH[smaller] & 1023][vs]][ch]
        elif offset == 9:
            code = _FINAL[_PAIR_SS[va][_SUIT_SH[smaller] & 1023]][ch]
        elif offset == 18:
            code = _FINAL[ab][_PAIR_SH[_SUIT_SH[smaller] & 1023][vz]]
        else:
            code = _FINAL[ab][_PAIR_SH[vp][_HONOR_SH[smaller] & 1023]]
        if code & 15 == low:
            tiles.append(offset + r)
    return tuple(tiles)


def _special_mask(b: bytes, parts: tuple[int, int, int, int], seven: int, seven_counts: int,
                  orphans: int, orphan_counts: int, lan: int, best: int,
                  mask: int) -> tuple[int, int]:
    """Join the special forms to the standard form's shanten ``best`` and effective ``mask``.

    ``seven``, ``orphans``, ``lan``: the shanten of seven pairs, thirteen
    orphans and 十三烂 (99 when the rules leave a form out, or 十三烂
    cannot reach ``best``); ``seven_counts`` and ``orphan_counts``: the
    counts whose tiles help the form (bit c: the tiles held c times), from
    :func:`special_tables`' lists.  A draw lowers the least shanten exactly
    when it lowers a form that attains it, so the effective tiles are those
    of the forms at the least.

    Seven pairs take seven units of two, the overlap ``2 T + min(O, 7 - T)``
    for T pairs held (T at most 7) and O kinds that give one tile of a
    unit; a draw that makes a pair raises it while T < 7, a draw that
    adds such a kind while O < 7 - T.  Without four-as-two-pairs only
    singles make pairs and only new kinds give a tile; with it, a third
    copy gives a tile of a second unit and a fourth completes it.
    Each form's tiles are one ``translate`` of the hand, read only when
    it is at the least.
    """
    if seven <= best:
        found = _tiles_with_counts(b, seven_counts)
        if seven < best:
            best, mask = seven, found
        else:
            mask |= found
    if orphans <= best:
        found = _ORPHAN_TILES & _tiles_with_counts(b, orphan_counts)
        if orphans < best:
            best, mask = orphans, found
        else:
            mask |= found
    if lan <= best:
        found = _lan_mask(b, parts)
        if lan < best:
            best, mask = lan, found
        else:
            mask |= found
    return best, mask


def _lan_mask(b: bytes, parts: tuple[int, int, int, int]) -> int:
    """The 十三烂 effective tiles of a 13- or 14-tile hand: new ranks and honours that help."""
    n, lab, of, opt, raise_ = _LAN_N, _LAN_LAB, _LAN_CLASS_OF, _LAN_OPT, _LAN_RAISE
    a, s, p, z = parts
    pa, ps, pp = a >> 34 & 511, s >> 34 & 511, p >> 34 & 511
    la, ls, lp = of[pa], of[ps], of[pp]
    hk = z >> 14 & 15
    mask = (raise_[pa * 16 + opt[(la * lab + _LAN2[ls * n + lp]) * 8 + hk]]
            | raise_[ps * 16 + opt[(ls * lab + _LAN2[la * n + lp]) * 8 + hk]] << 9
            | raise_[pp * 16 + opt[(lp * lab + _LAN2[la * n + ls]) * 8 + hk]] << 18)
    if _LAN_HONORS[_LAN3[_LAN2[la * n + ls] * n + lp] * 8 + hk]:
        mask |= _tiles_with_counts(b, 0b1) & _HONOR_TILES
    return mask


def _rows(flat: list[int] | bytes, width: int) -> list:
    """A flat table cut into rows of ``width``: two subscripts instead of a multiply-add."""
    return [flat[i:i + width] for i in range(0, len(flat), width or 1)]


_SUIT_SH, _HONOR_SH = _t.SUIT_SHANTEN, _t.HONOR_SHANTEN
# shanten's own: the same parts of at most tables.SMALL tiles in plain dicts (quicker reads)
_SUIT_FAST = getattr(_SUIT_SH, "plain", _SUIT_SH)  # ({} while `make tables` runs)
_HONOR_FAST = getattr(_HONOR_SH, "plain", _HONOR_SH)


def load_wide_tables() -> None:
    """Build the wide tables (:data:`mjcore.hand.tables.WIDE_NAMES`) now, complete.

    Effective tiles, 十三烂 and the discards that keep the shanten read
    them; without this call the first of those answers builds them
    (about 0.1 s).  Importing :mod:`mjcore.play.bestplay` calls it, as every
    search reads them.
    """
    global _SUIT, _HONOR, _SUIT_EFF, _HONOR_EFF, _REST_S, _REST_C, _REST_H, _OPT_S, _OPT_H
    if not isinstance(_OPT_H, _StandIn):  # built already (a stand-in read in mid-expression)
        return
    _SUIT, _HONOR, _SUIT_EFF, _HONOR_EFF = _t.SUIT, _t.HONOR, _t.SUIT_EFF, _t.HONOR_EFF
    _REST_S = _rows(_t.REST_S, _t.CH)
    _REST_C = _rows(_t.REST_C, _t.HONOR_VCLASSES)
    _REST_H = _rows(_t.REST_H, _t.SUIT_VCLASSES)
    _OPT_S = _rows(_t.OPT_S, _t.REST)
    _OPT_H = _rows(_t.OPT_H, _t.REST)


class _StandIn:
    """Stands for one of this module's wide tables (named ``name`` here) until the first
    read, which builds them all (:func:`load_wide_tables`) and puts them under their names;
    an expression that read this name before that keeps reading through it."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def _built(self) -> dict | list:
        load_wide_tables()
        return globals()[self.name]


class _Wide(_StandIn, dict):
    """For :data:`mjcore.hand.tables.SUIT` or ``HONOR``: a dict, read by key."""

    def __missing__(self, key: bytes) -> int:
        return self._built()[key]


class _WideRows(_StandIn, list):
    """For a wide list table (``_REST_S``, ``_SUIT_EFF``, ...), read by index."""

    def __getitem__(self, index: int) -> object:
        return self._built()[index]


_SUIT, _HONOR = _Wide("_SUIT"), _Wide("_HONOR")
_SUIT_EFF, _HONOR_EFF = _WideRows("_SUIT_EFF"), _WideRows("_HONOR_EFF")
_REST_S, _REST_C, _REST_H = _WideRows("_REST_S"), _WideRows("_REST_C"), _WideRows("_REST_H")
_OPT_S, _OPT_H = _WideRows("_OPT_S"), _WideRows("_OPT_H")
if "SUIT" in vars(_t):  # already built (by another module), or empty while `make tables` runs
    load_wide_tables()
_SPLIT = Struct("9s9s9s7s").unpack
"""34 counts as bytes -> the three suits and the honours, 9, 9, 9 and 7 bytes, in one call
(less than half the work of four slices); ``struct.error`` unless 34 bytes long."""
_PAIR_SS = _rows(_t.PAIR_SS, _t.SUIT_VCLASSES)
_PAIR_SH = _rows(_t.PAIR_SH, _t.HONOR_VCLASSES)
_FINAL = _rows(_t.FINAL, _t.CH)
_WILD_FINAL = _rows(_t.WILD_FINAL, _t.CH)
_LAN_N, _LAN2, _LAN3, _LANF = _t.LAN_N, _t.LAN2, _t.LAN3, _t.LANF
_LAN_CLASS_OF = _t.LAN_CLASS_OF
# read from here, not as _t.NAME: the tables module has a __getattr__ (its WIDE_NAMES), and
# Python does not speed up reading a name from such a module
_LAN_LAB, _LAN_OPT, _LAN_RAISE, _LAN_HONORS = _t.LAN_LAB, _t.LAN_OPT, _t.LAN_RAISE, _t.LAN_HONORS
_tiles_with_counts = _t.tiles_with_counts
_ORPHAN_TILES = sum(1 << t for t in _t.ORPHANS)
_HONOR_TILES = sum(1 << t for t in range(27, 34))
