"""Backtracking over count tuples: every way to read a hand as melds and a pair.

The search always looks at the smallest tile left.  Every copy of that
tile has to go somewhere, and it can only be the pair, a triplet, or a
run that *starts* at it (nothing smaller is left to start a run through
it).  So the search decides, for the smallest tile, how many of its
copies go to the pair (0 or 2), to a triplet (0 or 3), and the rest to
runs starting there; then it never looks at that tile again.  Each
reading is reached by exactly one path, so there is nothing to
deduplicate.  Explained in chapter 2.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..base.checks import instance_arg, items_arg, tile_arg
from ..base.rules import Rules, rules_arg
from ..base.tiles import HONOR_START, N_KINDS, as_counts, check_size, meld_arg, tile_name


@dataclass(frozen=True, order=True)
class Meld:
    """Three tiles: a ``"run"`` 顺子 (shunzi) from ``tile`` or a ``"triplet"`` 刻子 (kezi).

    A run starts at a suited 1-7: ``Meld(7, "run")`` (891m) is a HandError.
    """

    tile: int
    kind: str

    def __post_init__(self) -> None:
        meld_arg(self.kind, self.tile, ("run", "triplet"), "Meld")

    @property
    def tiles(self) -> tuple[int, int, int]:
        t = self.tile
        return (t, t + 1, t + 2) if self.kind == "run" else (t, t, t)

    def __str__(self) -> str:
        return "".join(tile_name(t)[0] for t in self.tiles) + tile_name(self.tile)[1]


@dataclass(frozen=True)
class Decomposition:
    """One reading of a 3n+2 hand: a pair 雀头 (quetou) and melds.

    Melds come in the order the search takes them: by their lowest tile,
    a triplet before runs that start on the same tile.

    >>> str(decompositions("11123m")[0])
    '11m 123m'
    """

    pair: int
    melds: tuple[Meld, ...]
    wilds: tuple[int, ...] = ()
    """Under wild rules, the tiles the hand's wild tiles stand for, ascending (a wild that
    stands for its own kind is listed as that kind); empty without wild tiles."""

    def __post_init__(self) -> None:
        tile_arg(self.pair, "Decomposition pair")
        for meld in items_arg(self.melds, "Decomposition melds", 4, "melds"):
            instance_arg(meld, Meld, "each of Decomposition melds")
        for tile in items_arg(self.wilds, "Decomposition wilds", 14, "tiles"):
            tile_arg(tile, "each of Decomposition wilds")

    def __str__(self) -> str:
        text = " ".join([tile_name(self.pair)[0] * 2 + tile_name(self.pair)[1]]
                        + [str(m) for m in self.melds])
        if self.wilds:
            text += "; wilds as " + " ".join(tile_name(t) for t in self.wilds)
        return text

    def as_dict(self) -> dict:
        found = {"pair": tile_name(self.pair), "melds": [str(m) for m in self.melds]}
        if self.wilds:
            found["wilds"] = [tile_name(t) for t in self.wilds]
        return found


def _splits(counts: list[int], tile: int, pair: int | None,
            melds: list[Meld]) -> Iterator[tuple[int, tuple[Meld, ...]]]:
    """Yield every (pair, melds) of what is left, consuming tiles from ``tile`` up."""
    while tile < N_KINDS and counts[tile] == 0:
        tile += 1
    if tile == N_KINDS:
        if pair is not None:
            yield pair, tuple(melds)
        return
    n = counts[tile]
    for take_pair in ((False, True) if pair is None else (False,)):
        for take_triplet in (False, True):
            runs = n - 2 * take_pair - 3 * take_triplet
            if runs < 0:
                continue
            if runs and not (tile < HONOR_START and tile % 9 <= 6 and counts[tile + 1] >= runs
                             and counts[tile + 2] >= runs):
                continue
            counts[tile] = 0
            if runs:
                counts[tile + 1] -= runs
                counts[tile + 2] -= runs
            added = ([Meld(tile, "triplet")] if take_triplet else []) + (
                [Meld(tile, "run")] * runs if runs else [])
            yield from _splits(counts, tile + 1, tile if take_pair else pair, melds + added)
            if runs:
                counts[tile + 1] += runs
                counts[tile + 2] += runs
            counts[tile] = n


def decompositions(hand: str | Sequence[int], rules: Rules | str | None = None
                   ) -> list[Decomposition]:
    """Every distinct standard reading of a 3n+2 hand (pair plus melds).

    Works on any concealed part of 2, 5, 8, 11 or 14 tiles, so a hand with
    melds already laid down is read the same way.  Returns an empty list
    when the hand does not split.  Raises :class:`HandError` for another size.

    >>> for d in decompositions("111222333m44455s"):
    ...     print(d)
    55s 123m 123m 123m 444s
    55s 111m 222m 333m 444s
    >>> decompositions("1199m1199p1199s11z")
    []

    Under rules with a wild kind (:class:`~mjcore.base.rules.WildRules`) each reading
    also says what the wild tiles stand for (:attr:`Decomposition.wilds`); wild tiles
    left over once every real tile is placed make melds or the pair of their own kind.
    Other rules change nothing here (the readings are of the standard form).

    >>> from mjcore import HONGZHONG
    >>> for d in decompositions("112m77z", HONGZHONG):   # two 红中 wild
    ...     print(d)
    11m 123m; wilds as 1m 3m
    11m 234m; wilds as 3m 4m
    11m 222m; wilds as 2m 2m
    22m 111m; wilds as 1m 2m
    """
    counts = as_counts(hand)
    check_size(counts, "3n+2", "a winning shape")
    wild = None if rules is None else rules_arg(rules, wild=True).wild
    if wild is None:
        found = [Decomposition(pair, melds)
                 for pair, melds in _splits(list(counts), 0, None, [])]
    else:
        real = list(counts)
        jokers, real[wild] = real[wild], 0
        readings = set(_wild_splits(real, 0, jokers, None, (), wild))
        found = [Decomposition(pair, melds, _stood_for(counts, wild, pair, melds))
                 for pair, melds in readings]
    return sorted(found, key=lambda d: (d.pair, d.melds, d.wilds))


def _wild_splits(counts: list[int], tile: int, jokers: int, pair: int | None,
                 melds: tuple[Meld, ...], wild: int) -> Iterator[tuple[int, tuple[Meld, ...]]]:
    """Yield every (pair, sorted melds) of the real ``counts`` from ``tile`` up with
    ``jokers`` to spend: the lowest real tile left goes into the pair, a triplet or a
    run through it, each missing tile a joker; the jokers left over group by themselves."""
    while tile < N_KINDS and counts[tile] == 0:
        tile += 1
    if tile == N_KINDS:
        if pair is None:
            if jokers < 2:
                return
            pair, jokers = wild, jokers - 2
        if jokers % 3 == 0:
            yield pair, tuple(sorted(melds + (Meld(wild, "triplet"),) * (jokers // 3),
                                     key=_search_order))
        return
    held = counts[tile]
    groups: list[tuple[int | None, Meld | None, tuple[int, ...]]] = []
    if pair is None:
        groups += [(tile, None, (tile,) * used) for used in range(1, min(2, held) + 1)]
    groups += [(None, Meld(tile, "triplet"), (tile,) * used) for used in range(1, min(3, held) + 1)]
    if tile < HONOR_START:
        for start in range(max(tile - 2, tile - tile % 9), min(tile, tile - tile % 9 + 6) + 1):
            above = [t for t in range(tile + 1, start + 3) if counts[t]]
            for mask in range(1 << len(above)):
                taken = [t for i, t in enumerate(above) if mask >> i & 1]
                groups.append((None, Meld(start, "run"), (tile, *taken)))
    for got_pair, meld, real in groups:
        spent = (2 if meld is None else 3) - len(real)
        if spent > jokers:
            continue
        for t in real:
            counts[t] -= 1
        yield from _wild_splits(counts, tile, jokers - spent,
                                pair if got_pair is None else got_pair,
                                melds if meld is None else (*melds, meld), wild)
        for t in real:
            counts[t] += 1


def _search_order(meld: Meld) -> tuple[int, bool]:
    """The order :func:`_splits` takes melds in: by tile, a triplet before runs."""
    return meld.tile, meld.kind != "triplet"


def _stood_for(counts: Sequence[int], wild: int, pair: int,
               melds: tuple[Meld, ...]) -> tuple[int, ...]:
    """The tiles of a reading less the real tiles of the hand: what the wilds stand for."""
    need = [0] * N_KINDS
    need[pair] += 2
    for meld in melds:
        for t in meld.tiles:
            need[t] += 1
    return tuple(t for t in range(N_KINDS)
                 for _ in range(need[t] - (counts[t] if t != wild else 0)))


def _can_split(counts: list[int], tile: int, need_pair: bool) -> bool:
    while tile < N_KINDS and counts[tile] == 0:
        tile += 1
    if tile == N_KINDS:
        return not need_pair
    n = counts[tile]
    for take_pair in ((False, True) if need_pair else (False,)):
        for take_triplet in (False, True):
            runs = n - 2 * take_pair - 3 * take_triplet
            if runs < 0:
                continue
            if runs == 0:
                counts[tile] = 0
                ok = _can_split(counts, tile + 1, need_pair and not take_pair)
                counts[tile] = n
            elif (tile < HONOR_START and tile % 9 <= 6
                  and counts[tile + 1] >= runs and counts[tile + 2] >= runs):
                counts[tile] = 0
                counts[tile + 1] -= runs
                counts[tile + 2] -= runs
                ok = _can_split(counts, tile + 1, need_pair and not take_pair)
                counts[tile + 1] += runs
                counts[tile + 2] += runs
                counts[tile] = n
            else:
                continue
            if ok:
                return True
    return False


def is_standard_win(hand: str | Sequence[int]) -> bool:
    """True when a 3n+2 hand splits into melds and one pair.

    >>> is_standard_win("111222333m44455s"), is_standard_win("11223344556677m")
    (True, True)
    >>> is_standard_win("1199m1199p1199s1z1z")
    False
    """
    counts = as_counts(hand)
    check_size(counts, "3n+2", "a winning shape")
    return _can_split(list(counts), 0, True)
