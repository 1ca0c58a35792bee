"""The claim question: one discard from one seat, every answer to it.

:func:`_claim_options` values passing, winning, and each 碰 or 吃 the discard allows
(with the best discard after it) on the searches of :mod:`~mjcore.play.bestplay.calls`;
:func:`~mjcore.play.bestplay.api.claim_advice` checks the arguments and calls it.
Explained in chapter 7, sections 6 (when to claim) and 9 (what 门清 costs).
"""

from __future__ import annotations

from ...base.rules import Rules
from ...base.tiles import N_KINDS, to_mpsz
from .calls import _RUNS, _TAKEN, _Calls, _CallsPoints, _meld_tiles
from .curves import TIE, _beats, _beats_points, _first_shown, _pay_groups, _stop_curves
from .keys import _ONE, _key, _plus
from .results import _LAST_SIZE, ClaimAdvice, ClaimOption


def _meld_name(tiles: tuple[int, int, int]) -> str:
    """A meld in mpsz: "555m", "345s"."""
    return to_mpsz(tuple(tiles.count(t) for t in range(N_KINDS)))


def _claim_options(counts: tuple[int, ...], tile: int, k: int, draws: int, rules: Rules,
                   total: int, cap: tuple[int, ...], searches: dict,
                   points=None, keep: tuple | None = None) -> ClaimAdvice:
    """:func:`claim_advice` on checked arguments: ``k`` the seat's place in the turn,
    ``total`` and ``cap`` the unseen tiles with the discard counted as seen, ``points``
    (objective "points") what a win pays, as for :func:`_compute`.

    Each option counts the discard where it ends up: passed, it is gone (the
    search runs on ``cap``); claimed, the player holds it (the search runs on
    ``cap`` with the discard back among the tiles not taken, which the claim
    then takes).  ``keep``: the race by turns left (the turn under way has passed it).
    """
    def search(total: int, cap: tuple[int, ...]) -> _Calls:
        key = (rules, draws, total, cap, points, keep)
        found = searches.get(key)
        if found is None:
            found = searches[key] = (
                _Calls(rules, draws, total, cap, True, keep=keep) if points is None
                else _CallsPoints(rules, draws, total, cap, points, keep=keep))
        return found

    def values(search: _Calls, conc: int, taken: int, melds: tuple) -> tuple:
        """(win, tenpai, on a discard, points or None) by turns done."""
        if points is None:
            return (*search.value(conc | taken << _TAKEN), None)
        return search.state(conc, taken, melds)

    calls = search(total + 1, _plus(cap, tile))  # for the claims
    conc = _key(counts)
    state = conc | conc << _TAKEN
    s, mask = calls.scan(conc)
    options = []
    if s == 0:  # ready: passing, the rest of the turn and the next turns may each win
        if points is None:
            live = sum(cap[t] - counts[t] for t in range(N_KINDS) if mask >> t & 1)
            win, on_discard = _first_shown(live, total, 4 * draws - k - 1, 1.0, start=k + 1,
                                           keep=keep)
            after = [win, 1.0, on_discard]
        else:
            items = _pay_groups((cap[w] - counts[w], calls.pay(conc + _ONE[w], (), w))
                                for w in calls.tiles[mask] if cap[w] > counts[w])
            win, gain, on_discard = _stop_curves(items, total - draws + k + 1, draws, 1.0,
                                                 at=4 * draws - k - 1, keep=keep)
            after = [win, 1.0, on_discard, gain]
    elif s <= draws:
        gone = search(total, cap)
        if points is None:
            after = gone.turn(gone.links(state, conc, conc, s, mask), gone.value(state),
                              0)[k + 1]
        else:
            after = gone.turn(gone.links_of(conc, conc, (), mask),
                              gone.state(conc, conc, ()), 0)[k + 1]
    else:
        after = [0.0, 0.0, 0.0, 0.0]
    gain = None if points is None else float(after[3])
    options.append(ClaimOption("pass", "", None, *map(float, after[:3]), gain))
    if s == 0 and mask >> tile & 1:
        gain = None if points is None else float(calls.pay(conc + _ONE[tile], (), tile)[0])
        options.append(ClaimOption("win", "", None, 1.0, 1.0, 1.0, gain))
    b = bytes(counts)
    melds = []
    if b[tile] >= 2:
        melds.append(("pon", tile, conc - 2 * _ONE[tile]))
    if k == 2:
        for a, c in _RUNS[tile]:
            if b[a] and b[c]:
                melds.append(("chi", min(a, tile), conc - _ONE[a] - _ONE[c]))
    for kind, low, rest in melds:
        best = None
        for d in range(N_KINDS):
            if not rest >> 8 * d & 255:
                continue
            w, t, q, p = values(calls, rest - _ONE[d], conc + _ONE[tile] - _ONE[d],
                                ((kind, low),))
            one = (d, w[1], t[1], q[1], None if p is None else p[1])
            if best is None or (_beats(one[1], one[2], best[1], best[2], TIE)
                                if points is None else
                                _beats_points(one[4], one[1], one[2], best[4], best[1],
                                              best[2], TIE)):
                best = one
        options.append(ClaimOption(kind, _meld_name(_meld_tiles(kind, low)), best[0],
                                   best[1], best[2], best[3], best[4]))
    if points is None:
        options.sort(key=lambda o: (-round(o.win, 12), -round(o.tenpai, 12)))
    else:
        options.sort(key=lambda o: (-round(o.expected_points, 9), -round(o.win, 12),
                                    -round(o.tenpai, 12)))
    _LAST_SIZE[:] = [calls.size()]
    return ClaimAdvice(options)
