"""Which tile to discard: the chance of winning, or expected points, under best play.

The model of chapter 6: one player, self-drawn wins only, no calls, nobody
else wins first.  After the discard the player holds 13 tiles; the *unseen*
tiles are the 136 less the 14 held before the discard and the ``visible``
ones, and each draw is a uniformly random unseen tile, drawn without
replacement (``draws=17`` and nothing visible: the situation after the first
discard of a game).  Chapter 7 seats three other players who discard: the
player also wins on their discards (``discard_wins``) and may claim them
(``calls``).

Two policies, each optimal within its class.  **Keep only progress** (the
default) keeps a draw only when it lowers the shanten; chapter 6 proves that
its count of the tiles left is exact.  **Hand changes** 手替わり
(``hand_changes=True``) may also keep a draw that trades for a better shape,
while the hand is on track; its simple count of the tiles left is an
approximation that chapter 6 measures.  Each search is a dynamic program over
hands and draws, memoized within one call.

One module per model, so each is read on its own:

* :mod:`~mjcore.play.bestplay.api`: the entry points (:func:`win_chances`,
  :func:`claim_advice`, :func:`discard_parts`, :func:`search_size`, :func:`search_table`,
  :func:`simulate_play`, :func:`near_ready_hands`);
* :mod:`~mjcore.play.bestplay.progress`: keep only progress, alone and at
  four seats, chances and points;
* :mod:`~mjcore.play.bestplay.changes`: the general search (hand changes,
  wild tiles, the reference for the quick searches);
* :mod:`~mjcore.play.bestplay.calls`: four seats with calls;
* :mod:`~mjcore.play.bestplay.dealins`: four seats by points with deal-ins, push or
  fold;
* :mod:`~mjcore.play.bestplay.claim`: the claim question;
* :mod:`~mjcore.play.bestplay.exact`: the exact values on tiny walls;
* what they share: :mod:`~mjcore.play.bestplay.curves` (ties, the curves of
  a ready hand, the stopping problem), :mod:`~mjcore.play.bestplay.points`
  (what a win pays), :mod:`~mjcore.play.bestplay.keys` (hands as integers),
  :mod:`~mjcore.play.bestplay.limits` (bounds and argument checks) and
  :mod:`~mjcore.play.bestplay.results` (what the searches return).
"""

from .api import (
    MAX_SAMPLES,
    claim_advice,
    discard_parts,
    near_ready_hands,
    search_size,
    search_table,
    simulate_play,
    win_chances,
)
from .curves import POINTS_TIE, TIE
from .exact import MAX_EXACT_UNSEEN, exact_win_chances
from .limits import (
    MAX_CALLS,
    MAX_DRAWS,
    MAX_POINTS_CALLS,
    MAX_POSITIONS,
    MAX_WILD_EVALUATIONS,
    OBJECTIVES,
    SEATS,
    STAGES,
)
from .results import ClaimAdvice, ClaimOption, SearchSize, WinChance, WinChances

__all__ = ["MAX_CALLS", "MAX_DRAWS", "MAX_EXACT_UNSEEN", "MAX_POINTS_CALLS", "MAX_POSITIONS",
           "MAX_SAMPLES", "MAX_WILD_EVALUATIONS", "OBJECTIVES", "POINTS_TIE", "SEATS", "STAGES",
           "TIE", "ClaimAdvice", "ClaimOption", "SearchSize", "WinChance", "WinChances",
           "claim_advice", "discard_parts", "exact_win_chances", "near_ready_hands", "search_size",
           "search_table", "simulate_play", "win_chances"]
