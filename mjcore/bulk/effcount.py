"""Effective tiles counted exactly: every 13-tile deal, grouped by shanten (question 6).

The effective tiles 有效张 of a hand (:func:`~mjcore.bulk.counting.effective_tiles`)
are the copies left of every tile whose draw lowers its shanten.  Summing them over
all 13-tile deals by visiting hands is out of the question, so this module
counts them with the censuses of :mod:`mjcore.bulk.counting`: one part of the hand
(a suit or the honours) against the rest, the part's state carrying, for each of its
tiles, which entries of its shanten vector a draw raises.  Explained in chapter 9.

>>> from mjcore import STANDARD
>>> groups = effective_census(STANDARD, 4, 1, False)    # four tiles of one suit
>>> sum(g.deals for g in groups.values())               # C(36, 4): every deal once
58905
>>> groups[0]
EffectiveGroup(hands=249, deals=21744, effective=96000)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import NamedTuple

from ..base.rules import Rules
from ..base.tiles import COPIES
from ..hand.vectors import honor_vector
from .counting import (
    _PROFILES,
    Census,
    Features,
    ShantenState,
    _check_census,
    _deals,
    _lan_of_mask,
    _step,
    convolve,
    feature_census,
    honor_features,
    join_shanten,
    parts,
    project,
    shanten_state,
    suit_feature_census,
    suit_features,
)

# --- effective tiles: what a draw changes in each part (question 6) ---------
#
# A 13-tile hand is one part X (a suit or the honours) and the rest R.  For
# every form the hand's overlap is a max over splits of the target between
# X and R (a sum, for seven pairs and thirteen orphans), and one drawn tile
# raises each of X's entries by at most 1.  So a draw in X lowers a form
# exactly when it raises an entry of X that some best split uses: the
# entry is *tight*.  A part's state is then its usual shanten state plus,
# for each tile of the part, the set of entries its draw raises (a bit
# mask), weighted by the copies left; parts of the same state pool their
# weights by mask.  Pairing X's census with R's gives every hand once per
# part, and the effective tiles of the hand are the sum over its parts.

_SLOTS = 10
SEVEN_PAIR_BIT = 1 << 10
"""A draw that turns a seven-pairs half unit into a whole one: raises while the form is tight."""
SEVEN_NEW_BIT = 1 << 11
"""A draw that adds a seven-pairs half unit: raises only while fewer than 7 units are used."""
ORPHAN_NEW_BIT = 1 << 12
"""A terminal or honour kind not yet held (thirteen orphans)."""
ORPHAN_PAIR_BIT = 1 << 13
"""A terminal or honour already held: raises only while no orphan pair is held."""
LAN_SHIFT = 14
"""十三烂 entries of a part (suit: 0-3 ranks taken; honours: 0-7 taken) start at this bit."""


class EffectiveGroup(NamedTuple):
    """The 13-tile deals of one shanten, and their effective tiles summed over the deals."""

    hands: int
    """Distinct count vectors."""
    deals: int
    """Ways to deal them from 136 tiles."""
    effective: int
    """Sum over the deals of their effective tiles (copies left of tiles that lower shanten)."""


@cache
def _suit_vectors(max_tiles: int) -> tuple[list[int], list[tuple[int, ...]]]:
    """Vector id of every suit of at most ``max_tiles`` tiles, indexed by its base-5 code
    (-1 for a larger suit).

    The same rank-by-rank dynamic program as
    :func:`~mjcore.bulk.counting.suit_feature_census` (one look-up per rank); ids index
    the returned list of vectors.
    """
    ids: list[int] = [-1] * 5 ** 9
    vectors: list[tuple[int, ...]] = []
    seen: dict[tuple[int, ...], int] = {}

    def visit(rank: int, tiles: int, profile: int, code: int) -> None:
        if rank < 0:
            vector = _PROFILES[profile][0]
            found = seen.get(vector)
            if found is None:
                found = seen[vector] = len(vectors)
                vectors.append(vector)
            ids[code] = found
            return
        for c in range(min(COPIES, max_tiles - tiles) + 1):
            visit(rank - 1, tiles + c, _step(c, rank, profile), code + c * 5 ** rank)

    visit(8, 0, 0, 0)
    return ids, vectors


@cache
def _raise_mask(before: tuple[int, ...], after: tuple[int, ...]) -> int:
    """Bits of the entries that ``after`` holds one above ``before``."""
    return sum(1 << s for s in range(len(before)) if after[s] > before[s])


@cache
def _suit_raw_census(tiles: int, empty: bool = False) -> dict:
    """Suits of at most ``tiles`` tiles, for any rules: (size, features) -> [deals, hands, raw].

    ``raw`` maps ``(standard mask, count held, terminal, 十三烂 mask)`` of a
    rank to the deals of the suits times the copies left of that rank:
    what its draw raises, before a rule set turns it into one mask
    (:func:`_project_effective`).  With ``empty``, only the empty suit
    (a suit left out of a smaller game).
    """
    ids, vectors = _suit_vectors(tiles + 1)  # a suit and a suit with one tile drawn
    powers = [5 ** r for r in range(9)]
    std_raise: dict[tuple[int, int], int] = {}
    lan_raise: dict[tuple[int, int], int] = {}
    out: dict[tuple[int, Features], list] = {}
    for part in parts(9, 0 if empty else tiles):
        code = sum(c * p for c, p in zip(part, powers, strict=True))
        vid = ids[code]
        ones, threes, fours = part.count(1), part.count(3), part.count(4)
        present = 0
        for r in range(9):
            if part[r]:
                present |= 1 << r
        features = Features(vectors[vid], 9 - part.count(0) - ones, ones, threes, fours,
                            (part[0] > 0) + (part[8] > 0), int(part[0] >= 2 or part[8] >= 2),
                            _lan_of_mask(present))
        key = (sum(part), features)
        ways = _deals(part)
        entry = out.get(key)
        if entry is None:
            entry = out[key] = [0, 0, {}]
        entry[0] += ways
        entry[1] += 1
        raws = entry[2]
        for r in range(9):
            c = part[r]
            if c == COPIES:
                continue
            nid = ids[code + powers[r]]
            std = std_raise.get((vid, nid))
            if std is None:
                std = std_raise[(vid, nid)] = _raise_mask(vectors[vid], vectors[nid])
            lan = 0
            if c == 0:
                lan = lan_raise.get((present, r), -1)
                if lan < 0:
                    lan = lan_raise[(present, r)] = _raise_mask(
                        _lan_of_mask(present), _lan_of_mask(present | 1 << r)) << LAN_SHIFT
            raw = (std, c, r in (0, 8), lan)
            raws[raw] = raws.get(raw, 0) + ways * (COPIES - c)
    return out


@cache
def _honor_raw_census(tiles: int, empty: bool = False) -> dict:
    """:func:`_suit_raw_census` for the honours (十三烂 entries: honours taken, 0-7)."""
    out: dict[tuple[int, Features], list] = {}
    for part in parts(7, 0 if empty else tiles):
        features = honor_features(part)
        key = (sum(part), features)
        ways = _deals(part)
        entry = out.get(key)
        if entry is None:
            entry = out[key] = [0, 0, {}]
        entry[0] += ways
        entry[1] += 1
        raws = entry[2]
        kinds = features.orphans
        for t in range(7):
            c = part[t]
            if c == COPIES:
                continue
            drawn = part[:t] + (c + 1,) + part[t + 1:]
            lan = sum(1 << (LAN_SHIFT + j) for j in range(kinds + 1, 8)) if c == 0 else 0
            raw = (_raise_mask(features.vector, honor_vector(drawn)), c, True, lan)
            raws[raw] = raws.get(raw, 0) + ways * (COPIES - c)
    return out


def _project_effective(raw: dict, rules: Rules) -> dict:
    """A raw census keyed by shanten state under ``rules``, each rank's draw one bit mask.

    Seven pairs: a draw onto a single (or, four as two pairs, onto three)
    makes a whole unit; onto nothing (or onto a pair) a half unit.
    Thirteen orphans: a terminal or honour not held is a new kind, one
    held can only make the pair.
    """
    poyang = rules.four_as_two_pairs
    out: dict[tuple[int, ShantenState], list] = {}
    for (size, features), (ways, hands, raws) in raw.items():
        key = (size, shanten_state(features, rules))
        entry = out.get(key)
        if entry is None:
            entry = out[key] = [0, 0, {}]
        entry[0] += ways
        entry[1] += hands
        masks = entry[2]
        for (std, c, edge, lan), weight in raws.items():
            mask = std
            if c == 1 or (poyang and c == 3):
                mask |= SEVEN_PAIR_BIT
            elif c == 0 or (poyang and c == 2):
                mask |= SEVEN_NEW_BIT
            if rules.thirteen_orphans and edge:
                mask |= ORPHAN_NEW_BIT if c == 0 else ORPHAN_PAIR_BIT
            if rules.shisanlan:
                mask |= lan
            masks[mask] = masks.get(mask, 0) + weight
    return out


_NONE = -100  # an impossible 十三烂 split: far below any real overlap


def _rest_lan(rules: Rules) -> Callable[[ShantenState, ShantenState], ShantenState]:
    """Join two suits with the honours into the rest of a hand whose part X is a suit.

    The 十三烂 entry becomes, for each number k (0-3) of suited tiles
    X takes, the best overlap of the rest with the other 14 - k tiles.
    """
    join = join_shanten(rules)

    def finish(two: ShantenState, honors: ShantenState) -> ShantenState:
        both = join(two, honors)
        if not rules.shisanlan:
            return both
        kinds = honors.special[0]
        lan = tuple(max((two.special[j] + min(14 - k - j, kinds) for j in range(len(two.special))
                         if 0 <= 14 - k - j <= 7), default=_NONE) for k in range(4))
        return both._replace(special=lan)
    return finish


def _part_shanten(rules: Rules, x: ShantenState, r: ShantenState, honors_x: bool,
                  std: tuple[int, int], melds: int) -> tuple[int, int]:
    """Shanten of a hand from part X and the rest, and the bits of X a draw must raise.

    ``std`` is the standard form's (overlap, tight entries of X); the
    special forms count only for 13 tiles (``melds`` 4).
    """
    overlap, tight = std
    forms = [(3 * melds + 1 - overlap, tight)]
    if melds < 4:
        return forms[0]
    twos = min(x.twos + r.twos, 7)
    ones = x.ones + r.ones
    if rules.seven_pairs:
        value = 13 - 2 * twos - min(ones, 7 - twos)
        bits = SEVEN_PAIR_BIT | (SEVEN_NEW_BIT if ones < 7 - twos else 0)
        forms.append((value, bits))
    if rules.thirteen_orphans:
        pair = x.special[1] | r.special[1]
        value = 13 - x.special[0] - r.special[0] - pair
        forms.append((value, ORPHAN_NEW_BIT | (0 if pair else ORPHAN_PAIR_BIT)))
    elif rules.shisanlan:
        if honors_x:  # X takes j honours, the three suits 14 - j suited tiles
            kinds = x.special[0]
            pairs = [(min(j, kinds) + r.special[14 - j], j) for j in range(5, 8)]
        else:
            pairs = [(x.special[k] + r.special[k], k) for k in range(4)]
        top = max(v for v, _ in pairs)
        forms.append((13 - top, sum(1 << (LAN_SHIFT + k) for v, k in pairs if v == top)))
    value = min(v for v, _ in forms)
    return value, sum(bits for v, bits in forms if v == value)


@cache
def _tight(a: tuple[int, ...], b: tuple[int, ...], melds: int) -> tuple[int, int]:
    """Standard overlap of X (vector ``a``) with the rest (``b``), and X's tight entries.

    The target is ``melds`` melds and a pair; X's entry ``5p + m`` pairs
    with the rest's ``5(1 - p) + melds - m``.
    """
    sums = {s: a[s] + b[5 * (1 - s // 5) + melds - s % 5]
            for s in range(_SLOTS) if s % 5 <= melds}
    top = max(sums.values())
    return top, sum(1 << s for s, v in sums.items() if v == top)


def effective_census(rules: Rules, tiles: int = 13, suits: int = 3,
                     honors: bool = True) -> dict[int, EffectiveGroup]:
    """Exact effective tiles of every ``tiles``-tile deal, grouped by shanten.

    Only the hand itself is seen: a tile has 4 minus the copies held left.
    ``effective / deals`` is the exact average of a group.  ``suits`` (1-3)
    and ``honors`` shrink the tile set, and ``tiles`` may be 1, 4, 7, 10
    or 13 (special forms count only at 13), for checks by brute force.
    Explained in chapter 9.

    >>> from mjcore import STANDARD
    >>> effective_census(STANDARD, 1)
    {0: EffectiveGroup(hands=34, deals=136, effective=408)}
    """
    _check_census("effective_census", rules, tiles, (1, 4, 7, 10, 13), suits, honors)
    return {value: EffectiveGroup(h, w, e)
            for value, (e, h, w) in effective_sums(rules, tiles, suits, honors).items()}


def effective_sums(rules: Rules, tiles: int = 13, suits: int = 3,
                   honors: bool = True) -> dict[int, tuple[int, int, int]]:
    """The dynamic program behind :func:`effective_census`: shanten -> (effective, hands, deals).

    Hands and deals are counted from the honour side's pairs, a second
    count of :func:`~mjcore.bulk.counting.shanten_census`, which they must equal (a test
    checks).  Arguments are not checked here.
    """
    if tiles < 13:
        rules = Rules(name="standard")
    join = join_shanten(rules)
    # the full census is cached and shared with the other censuses; a small hand (a check
    # by brute force) needs only the suits of its size, far fewer
    suit = project(feature_census(False) if tiles == 13 else suit_feature_census(tiles),
                   rules, tiles)
    empty = {(0, shanten_state(suit_features((0,) * 9), rules)): (1, 1)}
    honor = (project(feature_census(True), rules, tiles) if honors
             else {(0, shanten_state(honor_features((0,) * 7), rules)): (1, 1)})
    # Every tile can be drawn, also those of a suit left out (an empty part).
    kinds = [suit] * suits + [empty] * (3 - suits)
    pairs: dict[tuple[int, int], Census] = {}

    def pair(a: Census, b: Census) -> Census:
        if (id(a), id(b)) not in pairs:
            pairs[(id(a), id(b))] = convolve(a, b, join, tiles)
        return pairs[(id(a), id(b))]

    sides = []
    for index, count in ((0, suits), (2, 3 - suits)):
        if count:  # X is kinds[index]; the rest is the other two suits and the honours
            others = kinds[:index] + kinds[index + 1:]
            rest = convolve(pair(others[0], others[1]), honor, _rest_lan(rules), tiles)
            raw = _suit_raw_census(tiles, empty=index > 0)
            sides.append((_project_effective(raw, rules), rest, False, count))
    three = convolve(pair(kinds[0], kinds[1]), kinds[2], join, tiles)
    raw = _honor_raw_census(tiles, empty=not honors)
    sides.append((_project_effective(raw, rules), three, True, 1))
    totals: dict[int, list[int]] = {}
    melds = (tiles - 1) // 3
    for xs, rs, honors_x, copies in sides:
        by_tiles: dict[int, list[tuple[ShantenState, int, int]]] = {}
        for (size, state), (hands, ways) in rs.items():
            by_tiles.setdefault(size, []).append((state, hands, ways))  # type: ignore[arg-type]
        for (size, x), (x_deals, x_hands, masks) in xs.items():
            cached: dict[int, int] = {}
            for r, r_hands, r_deals in by_tiles.get(tiles - size, ()):
                value, bits = _part_shanten(rules, x, r, honors_x,
                                            _tight(x.vector, r.vector, melds), melds)
                found = cached.get(bits)
                if found is None:
                    found = cached[bits] = sum(w for m, w in masks.items() if m & bits)
                entry = totals.setdefault(value, [0, 0, 0])
                entry[0] += copies * found * r_deals
                if honors_x:  # every hand has one honour part: count it once
                    entry[1] += x_hands * r_hands
                    entry[2] += x_deals * r_deals
    return {value: (e, h, w) for value, (e, h, w) in sorted(totals.items())}
