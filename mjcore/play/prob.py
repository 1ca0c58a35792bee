"""Probabilities of drawing a winner: exact (hypergeometric) and simulated.

The model: from where the player sits, every tile not in the hand and not
visible (the wall *and* the other players' concealed hands) is equally
likely to be any of the unseen tiles, so the next ``draws`` tiles the
player takes are a uniformly random set of ``draws`` unseen tiles.  The
model ignores what the other players' discards reveal and anyone
claiming a tile or winning first.

:func:`draw_probability` gives the exact chance as a
``fractions.Fraction``; :func:`simulate_draws` estimates the same
number by sampling, and :func:`simulate_hand` by drawing real tiles for
a real hand and asking :func:`mjcore.is_win`.  Explained in chapter 5.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..base.checks import HandError, instance_arg, int_arg, real_arg
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import COPIES, N_KINDS, as_counts, check_size, tile_name
from ..hand.effective import discard_advice, effective_tiles
from ..hand.forms import is_win
from ..hand.shanten import shanten
from ..hand.waits import Waits, unseen, waits

MAX_UNSEEN = 4 * N_KINDS
"""The largest pool of unseen tiles: the 136 tiles of a set."""

MAX_TRIALS = 40_000
"""The most trials a simulation runs (about a second)."""


def _check_draw(live: int, unseen: int, draws: int, what: str = "draws") -> None:
    int_arg(live, "live", 0, MAX_UNSEEN)
    int_arg(unseen, "unseen", 0, MAX_UNSEEN)
    int_arg(draws, what, 0, MAX_UNSEEN)
    if live > unseen:
        raise HandError(f"live tiles ({live}) cannot outnumber the unseen tiles ({unseen})")
    if draws > unseen:
        raise HandError(f"cannot draw {draws} tiles from {unseen} unseen")


def draw_probability(live: int, unseen: int, draws: int) -> Fraction:
    """Exact chance that ``draws`` tiles, drawn without replacement from ``unseen``, hit a live one.

    ``live`` of the ``unseen`` tiles are winners (a hand's ``waits(...).total``).
    The chance of *missing* them all is C(unseen - live, draws) / C(unseen, draws)
    (hypergeometric), so the answer is one minus that.  Raises
    :class:`~mjcore.HandError` for anything but whole numbers,
    ``unseen`` above 136 (:data:`MAX_UNSEEN`, a whole set), ``live > unseen``
    or ``draws > unseen``.

    A single wait on 5p with nothing visible: 3 copies left among the 123
    tiles a 13-tile hand does not hold.

    >>> draw_probability(3, 123, 1)
    Fraction(1, 41)
    >>> float(draw_probability(3, 123, 10))
    0.2263...
    >>> draw_probability(0, 123, 10), draw_probability(5, 10, 6)
    (Fraction(0, 1), Fraction(1, 1))
    >>> draw_probability(4, 3, 1)
    Traceback (most recent call last):
    ...
    mjcore.HandError: live tiles (4) cannot outnumber the unseen tiles (3)
    """
    _check_draw(live, unseen, draws)
    return 1 - Fraction(math.comb(unseen - live, draws), math.comb(unseen, draws))


def draw_curve(live: int, unseen: int, max_draws: int) -> list[Fraction]:
    """:func:`draw_probability` for 0, 1, ..., ``max_draws`` draws.

    >>> [str(p) for p in draw_curve(1, 4, 4)]
    ['0', '1/4', '1/2', '3/4', '1']
    """
    _check_draw(live, unseen, max_draws, "max_draws")
    return [draw_probability(live, unseen, k) for k in range(max_draws + 1)]


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate: ``hits`` successes in ``trials`` independent trials.

    ``trials`` is at least 1 and ``hits`` from 0 to ``trials``.
    """

    hits: int
    trials: int

    def __post_init__(self) -> None:
        int_arg(self.trials, "trials", 1)
        int_arg(self.hits, "hits", 0, self.trials)

    @property
    def value(self) -> float:
        """The fraction of trials that succeeded."""
        return self.hits / self.trials

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson score interval for the true probability (z = 1.96: 95 %).

        Unlike "value plus or minus z standard errors" it stays inside
        [0, 1] and is not empty when every trial fails.  ``z`` is a
        number from 0 to 10.

        >>> low, high = Estimate(0, 100).interval()
        >>> low, round(high, 4)
        (0.0, 0.037)
        """
        z = real_arg(z, "z", 0, 10)
        n, p = self.trials, self.hits / self.trials
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        low = 0.0 if self.hits == 0 else max(0.0, centre - half)
        high = 1.0 if self.hits == n else min(1.0, centre + half)
        return low, high

    def covers(self, p: float, z: float = 1.96) -> bool:
        """Whether ``p`` (a probability, 0 to 1) lies in :meth:`interval` (closed)."""
        p = real_arg(p, "p", 0, 1)
        low, high = self.interval(z)
        return low <= p <= high


def _rng(rng: random.Random | int) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, bool) or not isinstance(rng, int):
        instance_arg(rng, random.Random, "rng", "a random.Random or an integer seed")
    return random.Random(int_arg(rng, "rng", None, None))


def simulate_draws(live: int, unseen: int, draws: int, trials: int = 10_000,
                   rng: random.Random | int = 2026) -> Estimate:
    """Estimate :func:`draw_probability` by sampling, for validation.

    Each trial shuffles nothing: it samples ``draws`` distinct positions
    out of ``unseen`` (tiles 0 to ``live - 1`` are the live ones) and
    counts a hit if any of them is live.  ``rng`` is a
    ``random.Random`` or a seed, so a run is reproducible.  ``trials``
    is 1 to 40,000 (:data:`MAX_TRIALS`).

    >>> est = simulate_draws(3, 123, 10, trials=2000, rng=random.Random(1))
    >>> est.trials, est.covers(float(draw_probability(3, 123, 10)))
    (2000, True)
    """
    _check_draw(live, unseen, draws)
    _check_trials(trials)
    rng = _rng(rng)
    population = range(unseen)
    hits = sum(1 for _ in range(trials) if min(rng.sample(population, draws), default=live) < live)
    return Estimate(hits, trials)


def _check_trials(trials: int) -> None:
    if int_arg(trials, "trials", 0, MAX_TRIALS) == 0:
        raise HandError("trials must be at least 1")


def simulate_hand(hand: str | Sequence[int], draws: int, trials: int = 10_000,
                  rng: random.Random | int = 2026, rules: Rules = POYANG,
                  visible: str | Sequence[int] | None = None) -> Estimate:
    """Estimate the chance that a 3n+1 hand wins within ``draws`` draws, with real tiles.

    Each trial deals ``draws`` tiles at random from the unseen ones (every
    copy not in the hand or ``visible``) and keeps the hand as it is,
    discarding each draw that does not win; a hit is a draw that makes
    :func:`mjcore.is_win` true.  Nothing here uses :func:`mjcore.waits`,
    so agreement with ``draw_probability(waits(...).total, ...)`` checks
    both.  ``trials`` is 1 to 40,000 (:data:`MAX_TRIALS`).

    >>> est = simulate_hand("123456789m123s5p", 10, trials=500, rng=7)
    >>> est.covers(float(draw_probability(3, 123, 10)))
    True
    """
    rules = rules_arg(rules, wild=True)
    counts = as_counts(hand)
    check_size(counts, "3n+1", "simulate_hand")
    left = unseen(counts, as_counts(visible))
    wall = [tile for tile in range(N_KINDS) for _ in range(left[tile])]
    _check_draw(0, len(wall), draws)
    _check_trials(trials)
    rng = _rng(rng)
    wins: dict[int, bool] = {}
    trial = list(counts)
    for tile in set(wall):
        trial[tile] += 1
        wins[tile] = trial[tile] <= COPIES and is_win(trial, rules)
        trial[tile] -= 1
    hits = sum(1 for _ in range(trials) if any(wins[t] for t in rng.sample(wall, draws)))
    return Estimate(hits, trials)


def win_probability(hand: str | Sequence[int], draws: int, rules: Rules = POYANG,
                    visible: str | Sequence[int] | None = None) -> Fraction:
    """Exact chance that a 3n+1 hand draws one of its waits within ``draws`` draws.

    ``draw_probability(waits(...).total, unseen tiles, draws)``, where the
    unseen tiles are the 136 less the hand and ``visible``.

    >>> win_probability("123456789m123s5p", 1)
    Fraction(1, 41)
    >>> win_probability("123456789m123s5p", 1, visible="55p")
    Fraction(1, 121)
    """
    rules = rules_arg(rules, wild=True)
    counts = as_counts(hand)
    w = waits(counts, rules, visible)
    return draw_probability(w.total, sum(unseen(counts, as_counts(visible))), draws)


@dataclass(frozen=True)
class Outlook:
    """What one way of playing a hand hopes to draw: the tiles, and the tiles they hide among.

    ``discard`` is the tile thrown first (None for a 3n+1 hand),
    ``shanten`` the shanten after it, ``tiles`` the waits (shanten 0) or
    the effective tiles, ``unseen`` the number of tiles not in the hand
    and not visible: after a discard, the 13 kept and the one thrown (now
    seen) are out, so a 14-tile hand and its discards share one count.
    """

    discard: int | None
    shanten: int
    tiles: Waits
    unseen: int

    @property
    def live(self) -> int:
        """Unseen copies of the tiles hoped for."""
        return self.tiles.total

    @property
    def label(self) -> str:
        """A short legend in mpsz: ``discard 9p: 12 of 122 effective (shanten 1)``."""
        start = "" if self.discard is None else f"discard {tile_name(self.discard)}: "
        what = "winning" if self.shanten == 0 else "effective"
        return f"{start}{self.live} of {self.unseen} {what} (shanten {self.shanten})"

    def curve(self, max_draws: int) -> list[Fraction]:
        """Chance of at least one hit within 0..``max_draws`` draws (capped at ``unseen``).

        ``max_draws`` is a whole number 0-136.
        """
        max_draws = int_arg(max_draws, "max_draws", 0, MAX_UNSEEN)
        return draw_curve(self.live, self.unseen, min(max_draws, self.unseen))


def outlooks(hand: str | Sequence[int], rules: Rules = POYANG,
             visible: str | Sequence[int] | None = None, best: int = 3) -> list[Outlook]:
    """The outlook of a 3n+1 hand, or of the ``best`` discards of a 3n+2 hand.

    A ready hand hopes for its waits, any other for its effective tiles
    (:func:`mjcore.hand.effective.effective_tiles`); a 3n+2 hand is ranked by
    :func:`mjcore.hand.effective.discard_advice`; ``best`` is 1 to 34.

    >>> [o.label for o in outlooks("111222333m4445s")]
    ['11 of 123 winning (shanten 0)']
    >>> outlooks("123m")
    Traceback (most recent call last):
    ...
    mjcore.HandError: a hand needs 3n+1 or 3n+2 tiles, at most 14, got 3
    >>> [o.label for o in outlooks("12389m456p78s9p11z4z", best=2)]
    ['discard 9p: 12 of 122 effective (shanten 1)', 'discard 4z: 12 of 122 effective (shanten 1)']
    """
    rules, best = rules_arg(rules, wild=True), int_arg(best, "best", 1, N_KINDS)
    counts, seen = as_counts(hand), as_counts(visible)
    left = sum(unseen(counts, seen))
    n = sum(counts)
    if n % 3 == 0 or n > 14:
        raise HandError(f"a hand needs 3n+1 or 3n+2 tiles, at most 14, got {n}")
    if n % 3 == 1:
        return [Outlook(None, shanten(counts, rules), effective_tiles(counts, rules, seen), left)]
    return [Outlook(d.tile, d.shanten, d.effective, left)
            for d in discard_advice(counts, rules, seen)[:best]]
