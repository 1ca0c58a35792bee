"""The model of win_chances(..., deal_ins=...) written out plainly, for tiny one-suit hands.

Keep only progress at four seats, expected points, every throw a possible deal-in, and
at each turn the choice to fold (throw the hand's tiles safest first, then the draws).
It reads the same inputs as mjcore's search (a ``_Risk``: each tile's danger by turns
left, the mean danger of a thrown draw, the loss) and follows the same simple count (a
draw is any of the copies the hand does not hold, of ``base + r`` tiles), but walks
every draw and every discard itself, tile by tile, with its own shanten
(:mod:`bestplay_oracle`) and its own optimal stopping on a ready hand; mjcore groups
draws, waits and payments, shares values between mirror images and folds by a bound.
"""

from __future__ import annotations

from functools import cache

from bestplay_oracle import shanten

TIE = 1e-9
"""Points this close are equal (mjcore's POINTS_TIE): then more wins, then push."""


def make_model(cap: tuple[int, ...], base: int, draws: int, risk, keep, points):
    """The values of the model, as functions of a hand (9 counts of one suit).

    ``cap``: copies not visible of each of the 9 tiles; ``base``: tiles left to draw when
    no turn is left; ``risk``: mjcore's ``_Risk``; ``keep``: the race by turns left (or
    None); ``points(hand34, tile, self_drawn)``: what a win pays.
    """
    loss = risk.loss

    def full(hand: tuple[int, ...], tile: int) -> tuple[int, ...]:
        """The complete hand (34 counts) that ``tile`` makes of ``hand``."""
        return hand[:tile] + (hand[tile] + 1,) + hand[tile + 1:] + (0,) * 25

    def go(r: int) -> float:
        return 1.0 if keep is None else keep[r]

    def fold(hand: tuple[int, ...], r: int) -> tuple[float, float]:
        """(points, dealt in) of folding: each turn the hand's next tile, safest first,
        when it is no more dangerous than a drawn tile on average, else the drawn tile."""
        order = sorted((t for t in range(9) for _ in range(hand[t])),
                       key=lambda t: (risk.shares[t], t))
        alive, p, x, i = 1.0, 0.0, 0.0, 0
        for turns_left in range(r, 0, -1):
            alive *= go(turns_left)
            danger = risk.mean[turns_left]
            if i < len(order) and risk.tiles[order[i]][turns_left] <= danger:
                danger = risk.tiles[order[i]][turns_left]
                i += 1
            p -= alive * danger * loss
            x += alive * danger
            alive *= 1 - danger
        return p, x

    @cache
    def ready(hand: tuple[int, ...], copies: tuple[tuple[int, int], ...], k: int,
              r: int) -> tuple[float, ...]:
        """A ready ``hand`` with ``copies`` ((wait, live copies), ...), ``k`` tiles still
        to show of the ``4 r`` of its turns: (points, win, dealt in)."""
        if k == 0:
            return 0.0, 0.0, 0.0
        m = base - 3 * r + k
        live = sum(c for _, c in copies)
        stay = m - live
        np_, nw, nx = ready(hand, copies, k - 1, r)
        p, w, x = stay * np_, stay * nw, stay * nx
        if k % 4 == 1:  # the player's draw: a wait wins self-drawn, another is thrown
            danger = risk.mean[(k + 3) // 4]
            p = stay * ((1 - danger) * np_ - danger * loss)
            w = stay * (1 - danger) * nw
            x = stay * ((1 - danger) * nx + danger)
            for tile, c in copies:
                p += c * points(full(hand, tile), tile, True)
                w += c
        else:
            for g, (tile, c) in enumerate(copies):
                if not c:
                    continue
                fewer = copies[:g] + ((tile, c - 1),) + copies[g + 1:]
                pp, pw, px = ready(hand, fewer, k - 1, r)
                now = points(full(hand, tile), tile, False)
                if now > pp + TIE or (now >= pp - TIE and 1 > pw + 1e-13):
                    p += c * now
                    w += c
                else:
                    p += c * pp
                    w += c * pw
                    x += c * px
        f = 1 / m * (go(k // 4) if k % 4 == 0 else 1.0)
        return p * f, w * f, x * f

    def ready_hand(hand: tuple[int, ...], r: int) -> tuple[float, ...]:
        copies = tuple((t, cap[t] - hand[t]) for t in range(9)
                       if hand[t] < 4 and cap[t] > hand[t]
                       and shanten(hand[:t] + (hand[t] + 1,) + hand[t + 1:]) < 0)
        return ready(hand, copies, 4 * r, r)

    @cache
    def value(hand: tuple[int, ...], r: int) -> tuple[float, float, float, bool]:
        """A 3n+1 hand with ``r`` turns left: (points, win, dealt in, folds now)."""
        if r == 0:
            return 0.0, 0.0, 0.0, False
        s = shanten(hand)
        if s == 0:
            p, w, x = ready_hand(hand, r)
        else:
            left = base + r
            draws_ = [(t, cap[t] - hand[t]) for t in range(9) if cap[t] - hand[t] > 0]
            helpful = []
            for t, c in draws_:
                grown = hand[:t] + (hand[t] + 1,) + hand[t + 1:]
                if shanten(grown) < s:
                    helpful.append((c, after(grown, r, s - 1)))
            live = sum(c for c, _ in helpful)
            p = w = x = 0.0
            for c, (kp, kw, kx) in helpful:
                p += c * kp
                w += c * kw
                x += c * kx
            if live >= left:
                p, w, x = p / live, w / live, x / live
            else:
                np_, nw, nx, _ = value(hand, r - 1)
                danger = risk.mean[r]
                stay = left - live
                p = (p + stay * ((1 - danger) * np_ - danger * loss)) / left
                w = (w + stay * (1 - danger) * nw) / left
                x = (x + stay * ((1 - danger) * nx + danger)) / left
            p, w, x = p * go(r), w * go(r), x * go(r)
        fp, fx = fold(hand, r)
        if fp > p + TIE:
            return fp, 0.0, fx, True
        return p, w, x, False

    def after(grown: tuple[int, ...], r: int, target: int) -> tuple[float, float, float]:
        """The best discard of a 3n+2 hand drawn with ``r`` turns left, keeping shanten
        ``target``: its danger now, then the hand with a turn fewer."""
        best = None
        for d in range(9):
            if not grown[d]:
                continue
            kept = grown[:d] + (grown[d] - 1,) + grown[d + 1:]
            if shanten(kept) != target:
                continue
            kp, kw, kx, _ = value(kept, r - 1)
            danger = risk.tiles[d][r]
            option = ((1 - danger) * kp - danger * loss, (1 - danger) * kw,
                      (1 - danger) * kx + danger)
            if best is None or option[0] > best[0] + TIE or (
                    option[0] >= best[0] - TIE and option[1] > best[1] + 1e-13):
                best = option
        return best

    def root(hand14: tuple[int, ...], tile: int, draws_: int) -> tuple[float, ...]:
        """The hand after throwing ``tile`` now: (points, win, dealt in, folds next)."""
        kept = hand14[:tile] + (hand14[tile] - 1,) + hand14[tile + 1:]
        p, w, x, folds = value(kept, draws_)
        danger = risk.root[tile]
        return ((1 - danger) * p - danger * loss, (1 - danger) * w,
                (1 - danger) * x + danger, folds or w <= 1e-9)

    return root
