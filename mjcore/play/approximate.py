"""Approximate answers in words: what the command line, the widgets and the analyzer say
of an answer :func:`mjcore.win_chances` approximated.

``win_chances(..., approximate=True)`` answers a hand too far from ready for the exact
search rather than refuse it, and marks each such answer ``exact=False`` (chapter 6,
far hands): keeping only progress, the search looks one or two draws ahead and values
the hands it reaches there from a table of mean chances
(:mod:`~mjcore.play.bestplay.leaves`; under wild tiles a table counted on hongzhong
deals); too far for hand changes or calls, the answer is
the best play without them, a floor under theirs.  Every interface marks such a row
(a table with :data:`MARK`) and says once what it is, :func:`approximate_note`, with the
error :data:`~mjcore.play.bestplay.leaftable.ERRORS` (``WILD_ERRORS`` under wild tiles)
measured.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base.rules import POYANG, Rules, rules_arg
from .bestplay.leaftable import ERRORS, WILD_ERRORS
from .bestplay.results import WinChance

MARK = "~"
"""What marks an approximate row (``exact`` False) in a table or a line."""


def measured_error(wild: bool = False) -> str:
    """The error of the search with leaves against the exact one, as
    :data:`~mjcore.play.bestplay.leaftable.ERRORS` measured it (``wild``: under wild tiles,
    ``WILD_ERRORS``), in words (the widest of its depths: an answer does not say how many
    draws it searched).

    >>> print(measured_error())
    on 22 riichi deals the exact search solves, such chances were off by 1.3 percentage points on average, 5.0 at worst, and the best discard was the exact one in at least 86% of them
    >>> print(measured_error(wild=True))
    on 11 hongzhong deals the exact search solves, such chances were off by 1.7 percentage points on average, 7.2 at worst, and the best discard was the exact one in at least 82% of them
    """  # noqa: E501
    rows = (WILD_ERRORS if wild else ERRORS).values()
    deals = min(row[0] for row in rows)
    mean = max(row[1] for row in rows)
    worst = max(abs(row[2]) for row in rows)
    same = min(row[3] for row in rows)
    return (f"on {deals} {'hongzhong' if wild else 'riichi'} deals the exact search solves, "
            f"such chances were off by {100 * mean:.1f} percentage points on average, "
            f"{100 * worst:.1f} at worst, and the best discard was the exact one in at least "
            f"{same:.0%} of them")


LEAVES = "one or two draws ahead, valuing the hands it reaches from a table of mean chances"
"""What the search with leaves does, in words."""


def approximate_note(chances: Sequence[WinChance], *, hand_changes: bool = False,
                     calls: bool = False, rules: Rules | str = POYANG) -> str:
    """What the approximate answers among ``chances`` are, in words that follow
    "approximate: " (or :data:`MARK` in a table whose rows bear it); "" when every answer
    is exact.  ``hand_changes`` and ``calls``: what the question asked (too far for them,
    the answer is the best play without them); ``rules``: under rules with 十三烂 keeping
    only progress stays exact (the table of leaves knows only the other forms).

    >>> from mjcore import win_chances
    >>> far = win_chances("13567m26p3449s457z", 12, calls=True, approximate=True)
    >>> print(approximate_note(far, calls=True))
    the hand is too far from ready for the search with calls, so the answer plays four seats without calls, a play open with calls too: its chances are a floor under theirs.
    >>> far[0].exact, approximate_note(win_chances("123456789m1234p5z", 4, approximate=True))
    (False, '')
    """  # noqa: E501
    if all(c.exact for c in chances):
        return ""
    rules = rules_arg(rules, wild=True)
    simpler = "hand changes" if hand_changes else "calls" if calls else None
    if simpler is None:
        return (f"the hand is too far from ready for the exact search, "
                f"so the search looks {LEAVES}; {measured_error(rules.wild is not None)}.")
    play = "keeps only progress" if hand_changes else "plays four seats without calls"
    text = (f"the hand is too far from ready for the search with "
            f"{simpler}, so the answer {play}, a play open with {simpler} too: its chances "
            "are a floor under theirs.")
    if not rules.shisanlan:  # keep only progress may have been cut at leaves too
        text += (f" Its search may also look only {LEAVES}; "
                 f"{measured_error(rules.wild is not None)}.")
    return text


__all__ = ["MARK", "LEAVES", "approximate_note", "measured_error"]
