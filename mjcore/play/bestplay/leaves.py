"""Leaves: the values of hands the approximate search does not search, read from a table.

A hand far from ready has too many futures for the exact search within a second or
two (chapter 6, "Far hands"): under the riichi forms a five-shanten deal visits 100,000
to 3.6 million hands.  ``win_chances(..., approximate=True)`` then searches only the
first draws exactly and values the hands it reaches there, the *leaves*, from
``LEAVES`` of :mod:`~mjcore.play.bestplay.leaftable`: the mean curves (chance of winning, of
being ready, of winning on a discard at four seats) of the hands with the same steps
from ready and the same live effective copies, averaged over every hand the exact
searches of nearer seeded deals visited (``make leaves``,
:mod:`mjcore.play.farhands`).  The answers carry ``exact=False``; their error against
the exact search, measured on deals it can still solve, is in ``ERRORS`` (by the draws
searched before the leaves: deals, mean error, worst error, share of deals with the
exact best discard, worst loss of the discard chosen), and in ``WILD_ERRORS`` under the
wild tiles of hongzhong, where the search with wild tiles reads the same table (a
wild tile drawn is one more effective copy there).

The table was counted with 17 draws and nothing visible: a leaf with more draws left
reads the 17-draw value (too low), and with the race (``opponents``) its curves are
discounted turn by turn as if its wins came at the times the table's curve says.

>>> curves = leaf_curves("alone", 2, 40, 17, None)
>>> len(curves), len(curves[0]), curves[0][0], 0 < curves[0][17] < curves[1][17] <= 1
(2, 18, 0.0, True)
>>> leaf_curves("alone", 2, 40, 17, None)[0] > leaf_curves("alone", 3, 40, 17, None)[0]
True
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from .leaftable import DRAWS, ERRORS, LEAVES, WILD_ERRORS

_LIVES = {kind: {s: sorted(row) for s, row in table.items()} for kind, table in LEAVES.items()}
"""The live effective copies the table has, by kind and steps from ready, in order."""


def leaf_curves(kind: str, steps: int, live: int, draws: int,
                keep: Sequence[float] | None) -> tuple[list[float], ...]:
    """The curves by draws left (0 to ``draws``) of a hand ``steps`` from ready (1 or more)
    with ``live`` copies of its effective tiles still to draw, from the table's ``kind``
    ("alone": win and tenpai; "four": win, tenpai and the part won on a discard;
    "wild0" to "wild4": win and tenpai under wild tiles, that many held).

    The nearest count of live copies the table has stands for ``live``, the farthest
    steps it has for any farther hand.  ``keep`` (the race, by turns left, as the
    searches read it) discounts each turn's gain by the chance the round lasts to it.
    """
    if kind not in LEAVES:  # more wild tiles held than the table saw: the most it saw
        kind = max((k for k in LEAVES if k[:-1] == kind[:-1]), default=kind)
    table, lives = LEAVES[kind], _LIVES[kind]
    if steps not in table:
        steps = max(table)
    row = lives[steps]
    i = min(bisect_left(row, live), len(row) - 1)
    if i and live - row[i - 1] <= row[i] - live:
        i -= 1
    found = []
    for curve in table[steps][row[i]]:
        full = [0.0, *curve]
        values = [full[min(r, DRAWS)] for r in range(draws + 1)]
        found.append(values if keep is None else _raced(values, keep))
    return tuple(found)


def _raced(values: list[float], keep: Sequence[float]) -> list[float]:
    """A curve by draws left with the race: the gain of the k-th draw from now, at r turns
    left, counts if the round lasts through the starts of turns r, r - 1, ..., r - k + 1."""
    found = [values[0]]
    for r in range(1, len(values)):
        total, lasts = values[0], 1.0
        for k in range(1, r + 1):
            lasts *= keep[r - k + 1]
            total += (values[k] - values[k - 1]) * lasts
        found.append(total)
    return found


__all__ = ["ERRORS", "WILD_ERRORS", "leaf_curves"]
