"""The bounds every best-play search keeps, and the argument checks of its entry points.

A search that would visit more than :data:`MAX_POSITIONS` hands is refused with a
:class:`~mjcore.HandError`; the searches with hand changes, wild tiles and calls refuse
the hands they cannot finish at once, before the work, by the bounds here
(:data:`GROWTH`, :data:`MAX_WILD_EVALUATIONS`, :data:`MAX_CALLS`,
:data:`MAX_POINTS_CALLS`).  Every search reads ``limits.MAX_POSITIONS`` when it
checks, so one assignment lowers the bound for all of them (the tests do).
The checks build on :mod:`mjcore.base.checks`, which does each kind of argument;
these add what a wall and a hand allow.  Chapter 6 sections 8 and 9 meet the refusals.
"""

from __future__ import annotations

from typing import NoReturn

from ...base.checks import HandError, int_arg, items_arg, real_arg
from ...base.rules import POYANG, RIICHI, Rules
from ...base.tiles import as_counts, named_tile_arg, parse, tile_name
from ...hand.shanten import shanten

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


def _check_discards(discards: object, counts: tuple[int, ...]) -> frozenset[int] | None:
    """``discards`` of :func:`~mjcore.win_chances`: None (every discard), or the tiles to
    value, as notation ("3m8p") or a list of tile names or indices, each in the hand.

    >>> hand = as_counts("234578m1689p357s1z")
    >>> sorted(_check_discards("8p3m", hand)), sorted(_check_discards([2, "8p"], hand))
    ([2, 25], [2, 25])
    >>> _check_discards("9m", hand)
    Traceback (most recent call last):
    ...
    mjcore.HandError: discards: 9m is not in the hand
    """
    if discards is None:
        return None
    if sum(counts) % 3 != 2:
        raise HandError(f"discards needs a hand of 3n+2 tiles (before its discard), "
                        f"got {sum(counts)}")
    if isinstance(discards, str):
        named = parse(discards)
        tiles = [t for t in range(len(named)) if named[t]]
    else:
        tiles = [named_tile_arg(t, "each of discards")
                 for t in items_arg(discards, "discards", 34, "tiles")]
    if not tiles:
        raise HandError("discards names no tile: leave it out (None) to value every discard")
    for t in tiles:
        if not counts[t]:
            raise HandError(f"discards: {tile_name(t)} is not in the hand")
    return frozenset(tiles)


SEATS = ("right", "across", "left")
"""The seats a discard can come from, in the order they discard after the player."""

STAGES = ("all", "keep", "raise")
"""What of each group :func:`~mjcore.play.bestplay.discard_parts` gives: every discard, or
those that keep the shanten (one shared search, quick), or the others."""


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


MAX_LOSS = 10_000
"""The most points a deal-in may be said to cost (``win_chances(..., deal_ins=...)``)."""


def _check_deal_ins(deal_ins: object, objective: str, discard_wins: bool, calls: bool,
                    rules: Rules) -> float | None:
    """The points a deal-in costs, or None without deal-ins: ``deal_ins`` False, True (the
    table's mean payment, :data:`~mjcore.play.bestplay.hazards.LOSS`) or a number of
    points (0 to :data:`MAX_LOSS`); the model needs expected points at four seats with
    wins on discards and no calls, under the Poyang rules."""
    if deal_ins is False:
        return None
    if deal_ins is True:
        from .hazards import LOSS

        loss = LOSS["poyang"][0]
    elif isinstance(deal_ins, (int, float)):
        loss = real_arg(deal_ins, "deal_ins", 0, MAX_LOSS)
    else:
        raise HandError(f"deal_ins must be True, False or the points a deal-in costs, got "
                        f"{deal_ins!r:.40}")
    if objective != "points":
        raise HandError("deal_ins weighs wins against losses: use objective='points'")
    if not discard_wins or calls:
        raise HandError("deal_ins plays four seats with wins on discards and no calls: use "
                        "discard_wins=True (calls with deal-ins are not modelled yet)")
    if rules != POYANG:
        raise HandError(f"deal_ins reads the Poyang table's seats: use the poyang rules, "
                        f"not {rules.name}")
    return loss


MAX_RACE_TURNS = 100
"""The longest curve of the other seats' wins :func:`win_chances` takes (``opponents``)."""


def _check_opponents(opponents: object, turn: object, draws: int, rules: Rules,
                     four_seats: bool, others: bool = False) -> tuple | None:
    """The race as the searches read it, or None without opponents: by turns left ``r``
    (0 to ``draws``), the chance that the round goes on past the other seats' wins at the
    start of the turn with ``r`` turns left, the gap before the player's turn
    ``turn + draws - r + 1`` (``keep[0]`` is never read).

    ``opponents``: False, True (the curve the table measured under ``rules``,
    :data:`~mjcore.play.bestplay.hazards.HAZARDS`, for the poyang and riichi presets) or
    a sequence of chances, the chance that another seat wins in the gap before the
    player's turn 1, 2, ...; ``turn``: the player's turns taken so far (0 to
    :data:`MAX_DRAWS`).  ``four_seats``: whether the caller plays four seats.
    ``others`` (deal-ins): ``True`` reads the race less the player's own deal-ins
    (:data:`~mjcore.play.bestplay.hazards.OTHERS`), which the search counts itself.
    """
    turn = int_arg(turn, "turn", 0, MAX_DRAWS)
    if opponents is False:
        return None
    if opponents is True:
        from .hazards import HAZARDS, OTHERS

        name = "poyang" if rules == POYANG else "riichi" if rules == RIICHI else None
        if name is None:
            raise HandError(f"opponents=True reads the table's race, measured under the "
                            f"poyang and riichi rules, not {rules.name}: pass the chances "
                            f"by turn instead")
        curve = (OTHERS if others else HAZARDS)[name]
    else:
        if isinstance(opponents, (str, bytes, int, float)):
            raise HandError(f"opponents must be True, False or a sequence of chances by "
                            f"turn, got {opponents!r:.40}")
        curve = tuple(real_arg(h, "opponents", 0, 1)
                      for h in items_arg(opponents, "opponents", MAX_RACE_TURNS, "turns"))
    if not four_seats:
        raise HandError("opponents race at four seats: use discard_wins=True or calls=True")
    if turn + draws > len(curve):
        raise HandError(f"opponents: the curve covers the player's turns 1 to {len(curve)}, "
                        f"and turn {turn} with {draws} draws needs turn {turn + draws}")
    return tuple([1.0] + [1.0 - curve[turn + draws - r] for r in range(1, draws + 1)])


EXACT_FIRST = 30_000
"""With ``approximate=True``, the most hands the exact search values (half a second)
before the search with leaves takes over (:mod:`~mjcore.play.bestplay.leaves`)."""

TWO_DRAWS = 40_000
"""With ``approximate=True``, the most hands the search with two draws before the leaves
values before the one with a single draw takes over."""

WILD_LEAVES = 1_500_000
"""With ``approximate=True`` under wild rules, the most shanten evaluations each search
with leaves may make (about two seconds) before the next, shallower one takes over."""
