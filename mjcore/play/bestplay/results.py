"""What the best-play searches return: one answer per discard or claim, and the work done.

:class:`WinChance` is one discard's outlook (chance of winning, of being ready, by draws
left, expected points, the part won on a discard), :class:`WinChances` the list
:func:`~mjcore.play.bestplay.api.win_chances` returns; :class:`ClaimOption` and
:class:`ClaimAdvice` are the same for
:func:`~mjcore.play.bestplay.api.claim_advice`; :class:`SearchSize` counts what one
call searched.  The tables of :mod:`mjcore.view.frames` show them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...base.tiles import tile_name


@dataclass(frozen=True)
class WinChance:
    """One discard (``tile``; None for a 13-tile hand kept as it is) and its outlook.

    ``shanten`` after the discard; ``win`` the chance of winning within the
    draws; ``by_draws[k]`` the chance of winning with this hand when only
    ``k`` draws are left (the wall ``draws - k`` tiles shorter), so
    ``by_draws[-1] == win`` and ``by_draws[0] == 0`` unless the hand is
    complete; ``tenpai`` the chance of being ready within the draws;
    ``expected_points`` (objective "points") the expected points the
    winner collects, 0 when there is no win; ``discard_win``
    (``discard_wins``) the part of ``win`` won on another seat's discard,
    self-drawn being the rest.  With ``deal_ins``: ``expected_points`` are net
    (the losses taken off), ``deal_in`` is the chance of dealing in, and
    ``fold`` whether best play gives up winning after this discard (it folds
    at once, or its chance of winning is none).  ``exact`` is False for an answer
    the search approximated (``win_chances(..., approximate=True)`` on a hand too far
    from ready for the exact search: :mod:`~mjcore.play.bestplay.leaves`).
    """

    tile: int | None
    shanten: int
    win: float
    by_draws: tuple[float, ...]
    tenpai: float
    expected_points: float | None = None
    discard_win: float | None = None
    deal_in: float | None = None
    fold: bool | None = None
    exact: bool = True

    @property
    def name(self) -> str:
        """The discard in mpsz ("-" for none)."""
        return "-" if self.tile is None else tile_name(self.tile)

    def __str__(self) -> str:
        points = "" if self.expected_points is None else f", points {self.expected_points:.3f}"
        ron = "" if self.discard_win is None else f" ({self.discard_win:.4f} on a discard)"
        risk = ("" if self.deal_in is None else
                f", deal-in {self.deal_in:.4f}{', then fold' if self.fold else ''}")
        return (f"discard {self.name}: shanten {self.shanten}, win {self.win:.4f}{ron}, "
                f"tenpai {self.tenpai:.4f}{points}{risk}{'' if self.exact else ' (approximate)'}")

    def as_dict(self) -> dict:
        """Plain JSON-ready values."""
        return {"discard": None if self.tile is None else self.name, "shanten": self.shanten,
                "win": self.win, "tenpai": self.tenpai,
                "expected_points": self.expected_points, "discard_win": self.discard_win,
                "by_draws": list(self.by_draws)} | ({} if self.deal_in is None else {
                    "deal_in": self.deal_in, "fold": self.fold}) | (
                    {} if self.exact else {"exact": False})


class WinChances(list):
    """The list :func:`win_chances` returns, best first.

    As a table: :func:`mjcore.view.frames.chances_frame`.
    """

    def as_dict(self) -> dict:
        """Plain JSON-ready values."""
        return {"choices": [c.as_dict() for c in self]}

    def __str__(self) -> str:
        return "\n".join(str(c) for c in self)


@dataclass(frozen=True)
class ClaimOption:
    """One answer to a discard: ``kind`` "pass", "win", "pon" or "chi"; ``meld`` the meld
    laid down (mpsz, "" for pass and win); ``discard`` the tile thrown after the claim
    (the best, None for pass and win); the chance of winning within the turns left
    (``win``, of which ``discard_win`` on a discard) and of being ready (``tenpai``)
    under best play after it; ``expected_points`` with objective "points" (else None)."""

    kind: str
    meld: str
    discard: int | None
    win: float
    tenpai: float
    discard_win: float
    expected_points: float | None = None

    def __str__(self) -> str:
        what = self.kind if not self.meld else f"{self.kind} {self.meld}"
        if self.discard is not None:
            what += f", discard {tile_name(self.discard)}"
        points = "" if self.expected_points is None else f", points {self.expected_points:.3f}"
        return (f"{what}: win {self.win:.4f} ({self.discard_win:.4f} on a discard), "
                f"tenpai {self.tenpai:.4f}{points}")

    def as_dict(self) -> dict:
        """Plain JSON-ready values."""
        found = {"kind": self.kind, "meld": self.meld,
                 "discard": None if self.discard is None else tile_name(self.discard),
                 "win": self.win, "tenpai": self.tenpai, "discard_win": self.discard_win}
        if self.expected_points is not None:
            found["expected_points"] = self.expected_points
        return found


class ClaimAdvice(list):
    """The list :func:`claim_advice` returns, best first."""

    def as_dict(self) -> dict:
        """Plain JSON-ready values."""
        return {"options": [o.as_dict() for o in self]}

    def __str__(self) -> str:
        return "\n".join(str(o) for o in self)


@dataclass(frozen=True)
class SearchSize:
    """How much work one :func:`win_chances` call did (to predict its time)."""

    positions: int
    """Hands of 3n+1 tiles visited (the quick search leaves out ready hands reached only
    to count their live copies)."""
    after_draw: int
    """Hands of 3n+2 tiles visited."""
    shanten_calls: int
    """Calls of :func:`mjcore.shanten` (discards tried by the general search under wild
    rules; the other searches read their discards from the tables and make none)."""
    classes: int = 0
    """With hand changes: the classes of hands of 3n+1 tiles the draw-by-draw loop values,
    one for all the hands in a class (``_Search._quotient``)."""
    scorings: int = 0
    """With ``objective="points"``: calls of the Poyang scorer (the quick search scores one
    hand per shape, :func:`~mjcore.play.bestplay.points._shape`)."""
    shared: int = 0
    """With ``deal_ins``: hands not ready that took the curves of a hand already valued,
    which has the same draws ahead and folds with the same safest tiles, instead of
    running their own turn by turn (:mod:`mjcore.play.bestplay.dealins`)."""


_LAST_SIZE: list[SearchSize] = []
