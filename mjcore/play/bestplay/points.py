"""What a win pays, for the searches with expected points as the goal (Poyang rules).

:func:`_poyang_points` scores a concealed win self-drawn or on a discard
(:mod:`mjcore.scoring.poyang`); :func:`_poyang_pays` gives both from one scoring, with
melds laid down; :func:`_shape` is what a score can tell of a hand, so the quick
searches score one hand per shape.  Explained in chapter 6 section 8 (expected points) and
chapter 10 (the scorer).
"""

from __future__ import annotations


def _shape(b: bytes) -> bytes:
    """A hand (34 bytes) with each suit made the lesser of it and its mirror image, the
    suits in order and the honours sorted: what a Poyang score can tell of it."""
    suits = sorted(min(suit, suit[::-1]) for suit in (b[0:9], b[9:18], b[18:27]))
    return b"".join(suits) + bytes(sorted(b[27:]))


def _poyang_points(counts: tuple[int, ...], tile: int, self_draw: bool = True) -> float:
    """Points the winner collects for a concealed win (chapter 10): self-drawn, paid by the
    three other seats with the self-draw bonus, or on a discard (``self_draw`` False),
    paid by the discarder alone.

    The searches take any function of this shape as ``points`` (tests pass small ones):
    the counts of the complete hand, the winning tile, and how it won.
    """
    from ...scoring.poyang import score, settle

    if self_draw:
        return float(settle(score(counts, win_tile=tile, self_draw=True), winner=0)[0])
    return float(settle(score(counts, win_tile=tile), winner=0, discarder=1)[0])


def _poyang_pays(counts: tuple[int, ...], tile: int,
                 melds: tuple[tuple[str, int], ...] = ()) -> tuple[float, float]:
    """(:func:`_poyang_points` on a discard, self-drawn) from one scoring: the 自摸 fan adds
    to every reading alike, so the best reading is the same (tests check the two agree).
    :class:`_ProgressFourPoints` uses it when ``points`` is :func:`_poyang_points`."""
    from ...scoring.poyang import DEFAULT_RULES as RULES
    from ...scoring.poyang import LaidMeld, score, settle

    found = score(counts, win_tile=tile, melds=[LaidMeld(kind, low) for kind, low in melds])
    fan = found.total_fan + RULES.fan("自摸")
    if RULES.cap is not None:
        fan = min(fan, RULES.cap)
    return (float(settle(found, winner=0, discarder=1)[0]),
            float(settle(RULES.base * 2 ** fan, winner=0)[0]))
