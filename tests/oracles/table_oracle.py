"""A table of four replayed the slow way, from mjcore's public answers alone.

Written apart from :mod:`mjcore.play.table`: no incremental state, no masks.  At every
step each seat's hand is asked afresh: a win is ``is_win`` of the hand with the tile,
a claim is taken when ``shanten`` after it is lower than before, a discard is
``advisor_discard`` with every discarded and laid-down tile passed as visible.  The
rules it follows are the module's (head bump for several winners, 碰 before 吃, 吃 from
the next seat only, the claimer discards at once, no kongs).
"""

from __future__ import annotations

import random

from mjcore import is_win, shanten
from mjcore.base.deals import WALL
from mjcore.play.games import advisor_discard


def replay(seed, rules, calls=(True, True, True, True), dead_wall=0, always_pon=(), winds=True):
    """(outcome, winner, discarder, tile, winner's turn, discards, claims by seat, turns by
    seat at the end).  ``always_pon``: the seats that make every pon they can and no chi;
    ``winds``: False plays the 120 tiles without the four winds."""
    wall = [t for t in WALL if winds or not 27 <= t <= 30]
    random.Random(seed).shuffle(wall)
    hands = [[0] * 34 for _ in range(4)]
    for s in range(4):
        for t in wall[13 * s:13 * s + 13]:
            hands[s][t] += 1
    seen = [0] * 34 if winds else [0] * 27 + [4] * 4 + [0] * 3
    turns, claims = [0] * 4, [0] * 4
    pos, end = 52, len(wall) - dead_wall
    seat, draw, discards = 0, True, 0
    while True:
        hand = hands[seat]
        if draw:
            if pos >= end:
                return ("draw", None, None, None, None, discards, tuple(claims), tuple(turns))
            tile = wall[pos]
            pos += 1
            turns[seat] += 1
            hand[tile] += 1
            if is_win(tuple(hand), rules):
                return ("self-draw", seat, None, tile, turns[seat], discards, tuple(claims),
                        tuple(turns))
        tile = advisor_discard(tuple(hand), rules, visible=tuple(seen))
        hand[tile] -= 1
        seen[tile] += 1
        discards += 1
        for k in (1, 2, 3):
            o = (seat + k) % 4
            grown = list(hands[o])
            grown[tile] += 1
            if is_win(tuple(grown), rules):
                return ("discard", o, seat, tile, turns[o], discards, tuple(claims),
                        tuple(turns))
        taker = None
        for k in (1, 2, 3):
            o = (seat + k) % 4
            if (calls[o] or o in always_pon) and hands[o][tile] >= 2:
                rest = list(hands[o])
                rest[tile] -= 2
                if o in always_pon or shanten(tuple(rest), rules) < shanten(tuple(hands[o]),
                                                                            rules):
                    taker = (o, (tile, tile))
        o = (seat + 1) % 4
        if taker is None and calls[o] and tile < 27:
            best = shanten(tuple(hands[o]), rules)
            low = tile // 9 * 9
            for a, b in ((tile - 2, tile - 1), (tile - 1, tile + 1), (tile + 1, tile + 2)):
                if a >= low and b < low + 9 and hands[o][a] and hands[o][b]:
                    rest = list(hands[o])
                    rest[a] -= 1
                    rest[b] -= 1
                    after = shanten(tuple(rest), rules)
                    if after < best:
                        best, taker = after, (o, (a, b))
        if taker is None:
            seat, draw = (seat + 1) % 4, True
            continue
        o, used = taker
        for t in used:
            hands[o][t] -= 1
            seen[t] += 1
        turns[o] += 1
        claims[o] += 1
        seat, draw = o, False
