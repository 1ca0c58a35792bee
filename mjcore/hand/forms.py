"""Special winning forms, each its own check, and the rules-aware ``is_win``.

Special forms are separate checks rather than extra branches of the
meld search: none of them is made of melds.  Explained in chapter 3.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base.checks import HandError, bool_arg
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import SUITS, as_counts, check_size
from . import wild
from .decompose import _can_split
from .shanten import sized_shanten, wild_shanten
from .tables import standard_win

TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def is_seven_pairs(hand: str | Sequence[int], four_as_two_pairs: bool = True) -> bool:
    """Seven pairs 七对 (qidui): 14 concealed tiles in seven pairs.

    With ``four_as_two_pairs`` a four of a kind counts as two pairs
    (luxury seven pairs 豪华七对, haohua qidui); without it the seven
    pairs must be seven different kinds.

    >>> is_seven_pairs("1122m3344p5566s77z")
    True
    >>> is_seven_pairs("1111m3344p5566s77z"), is_seven_pairs("1111m3344p5566s77z", False)
    (True, False)
    """
    return _seven_pairs(as_counts(hand), bool_arg(four_as_two_pairs, "four_as_two_pairs"))


def _seven_pairs(counts: tuple[int, ...], four_as_two_pairs: bool) -> bool:
    if sum(counts) != 14:
        return False
    if four_as_two_pairs:
        return all(c % 2 == 0 for c in counts)
    return all(c in (0, 2) for c in counts)


def is_thirteen_orphans(hand: str | Sequence[int]) -> bool:
    """Thirteen orphans 十三幺 (shisanyao): each terminal and honour, one of them twice.

    All thirteen kinds must be present; fourteen tiles drawn only from
    those kinds are not enough.

    >>> is_thirteen_orphans("19m19p19s12345677z")
    True
    >>> is_thirteen_orphans("111999m19p19s1234z")
    False
    """
    return _thirteen_orphans(as_counts(hand))


def _thirteen_orphans(counts: tuple[int, ...]) -> bool:
    return (sum(counts) == 14
            and all(counts[t] >= 1 for t in TERMINALS_AND_HONORS)
            and sum(counts[t] for t in TERMINALS_AND_HONORS) == 14)


def is_shisanlan(hand: str | Sequence[int]) -> bool:
    """十三烂 (shisanlan): 14 different tiles, suited ones far apart.

    No tile twice (so the honours are all different), and any two tiles
    of the same suit are at least 3 ranks apart, as in 147m 258s 369p.

    >>> is_shisanlan("147m258p369s12345z")
    True
    >>> is_shisanlan("146m258p369s12345z")
    False
    """
    return _shisanlan(as_counts(hand))


def _shisanlan(counts: tuple[int, ...]) -> bool:
    if sum(counts) != 14 or max(counts) > 1:
        return False
    for s in range(len(SUITS)):
        ranks = [r for r in range(9) if counts[9 * s + r]]
        if any(b - a < 3 for a, b in zip(ranks, ranks[1:], strict=False)):
            return False
    return True


def winning_forms(hand: str | Sequence[int], rules: Rules = POYANG) -> list[str]:
    """The names of the forms a 3n+2 hand wins in under ``rules``.

    >>> from mjcore import STANDARD
    >>> winning_forms("11223344556677m")
    ['standard', 'seven_pairs']
    >>> winning_forms("11223344556677m", STANDARD)
    ['standard']
    """
    rules = rules_arg(rules, wild=True)
    if rules.wild is not None:
        return wild.winning_forms(hand, rules)
    counts = as_counts(hand)
    check_size(counts, "3n+2", "a winning shape")
    forms = []
    if standard_win(counts):
        forms.append("standard")
    if rules.seven_pairs and is_seven_pairs(counts, rules.four_as_two_pairs):
        forms.append("seven_pairs")
    if rules.thirteen_orphans and is_thirteen_orphans(counts):
        forms.append("thirteen_orphans")
    if rules.shisanlan and is_shisanlan(counts):
        forms.append("shisanlan")
    return forms


def is_win(hand: str | Sequence[int], rules: Rules = POYANG) -> bool:
    """True when a 3n+2 hand wins under ``rules`` (POYANG by default).

    A hand wins when its shanten is -1: the complete tables of
    :mod:`mjcore.hand.tables` answer it in a few look-ups, special forms
    included (chapter 4); :func:`is_win_by_search` is the backtracking
    reference the tests hold it to.

    Raises :class:`HandError` when the hand is not 2, 5, 8, 11 or 14 tiles.

    >>> from mjcore import RIICHI
    >>> is_win("111222333m44455s")
    True
    >>> is_win("19m19p19s12345677z"), is_win("19m19p19s12345677z", RIICHI)
    (False, True)
    """
    rules = rules_arg(rules, wild=True)
    if rules.wild is not None:  # the tables with jokers (mjcore.hand.shanten.wild_shanten)
        counts = as_counts(hand)
        check_size(counts, "3n+2", "a winning shape")
        return wild_shanten(counts, rules) == -1
    try:
        n, now = sized_shanten(hand, rules)
    except HandError:
        n = now = None
    if n is None or n % 3 != 2:  # the message every winning shape gives
        check_size(as_counts(hand), "3n+2", "a winning shape")
    return now == -1


def is_win_by_search(hand: str | Sequence[int], rules: Rules = POYANG) -> bool:
    """:func:`is_win` by the backtracking search of chapter 2, without tables.

    The reference the tables are tested against.

    >>> is_win_by_search("111222333m44455s"), is_win_by_search("1199m1199p1199s11z")
    (True, True)
    """
    rules = rules_arg(rules)
    counts = as_counts(hand)
    check_size(counts, "3n+2", "a winning shape")
    return _can_split(list(counts), 0, True) or _special_win(counts, rules)


def _special_win(counts: tuple[int, ...], rules: Rules) -> bool:
    """Special forms on checked counts: only a 14-tile hand can hold one."""
    return sum(counts) == 14 and bool(
        rules.seven_pairs and _seven_pairs(counts, rules.four_as_two_pairs)
        or rules.thirteen_orphans and _thirteen_orphans(counts)
        or rules.shisanlan and _shisanlan(counts))
