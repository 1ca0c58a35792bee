"""A brute-force oracle for four seats on a tiny one-suit wall, without mjcore's search.

The model (wins on a discard; calls further down):

* The player holds a 3n+1 ``hand`` of one suit (9 counts, 1m-9m; 4 or 7
  tiles in the tests).  The unseen tiles form a ``pool`` (9 counts, 8 to
  12 tiles).  Hand and pool together hold at most four of a tile.
* The game is a uniformly random order of the pool: every distinct order
  of the multiset is equally likely (each tile is drawn uniformly without
  replacement).  A *turn* reveals 4 tiles in order: the three other seats
  each discard one (positions 1, 2, 3 of the turn: right, across, left),
  then the player draws one (position 4).  ``turns`` turns reveal
  ``4 * turns`` tiles, which needs ``4 * turns <= sum(pool)``.
* The player wins on its own draw when hand + drawn tile is complete
  (melds and a pair, :func:`oracle.standard`); with ``discard_wins`` it
  also wins on any of the three discards of a turn when hand + that tile
  is complete.  The game stops at the first win.
* Policy class "progress", the rule of :mod:`bestplay_oracle`: a drawn
  ``t`` is *effective* when some discard ``d != t`` gives
  ``shanten(hand + t - d) == shanten(hand) - 1``; then the player keeps
  ``t`` and discards some such ``d`` (its choice); otherwise it throws
  ``t`` back and the hand is unchanged.  Other seats' discards never enter
  the hand.  (``shanten`` is :func:`bestplay_oracle.shanten`, from its
  definition.)
* What a choice may depend on: ``info="own"``, only the player's own draws
  so far; ``info="full"``, everything revealed so far (the three discards
  of each turn too).  The value is the max over such policies of the
  chance of winning within ``turns`` turns.

Both values come from one list: every distinct sequence of the first
``4 * turns`` tiles, weighted by the number of distinct orders of the
whole pool that begin with it (:func:`openings`).  Backward induction
over turns carries the (weighted) set of sequences consistent with what
the player has seen and with no win so far; at each own draw it groups
the set by what the player may base its choice on (its own draw for
"own", the whole turn's four tiles for "full", as every earlier turn is
already shared by the set) and picks, per group, the discard whose
remaining game wins the most weight.

Besides the chance of winning, each variant returns the chance that the
win came on a discard.  Discards that win equally often may differ in
that share; ``ties`` says which one the choice takes: ``"low"`` the
lowest tile (as :func:`bestplay_oracle.every_order` breaks ties),
``"most"`` / ``"least"`` the most / least wins on a discard among the
best discards (so the two bound the share over all best policies).

:func:`full_by_draws` computes the "full" value a second way, drawing one
position at a time with probability count / tiles left and remembering
each state (hand, tiles left, position): with everything seen, nothing
but that state matters for the rest of the game.

Calls (``calls=True``, full information only):

* The player may claim a discard: 碰 pon a ``t`` from any seat when its
  concealed hand holds two ``t``; 吃 chi only from the left seat
  (position 3 of the turn), a ``t`` that completes a run with two
  concealed tiles, (t-2, t-1), (t-1, t+1) or (t+1, t+2) within 1m-9m.
  The meld is laid down for good (it counts as a complete meld), the
  player discards one concealed tile and the turn ends there: the seats
  after the claimed one do not discard and the player does not draw.
  The next turn starts again with the right seat, so a turn with a claim
  shows 1, 2 or 3 tiles of the wall (claimed from the right, across,
  left) and every turn the player takes exactly one tile.
* Keep-only-progress for claims: a claim, with the discard after it, is
  allowed only when the concealed hand's shanten ends exactly one lower
  than before (a 3m+1 concealed hand is a hand of m melds and a pair
  still to make; laid melds are done).  Passing is always allowed; the
  player's own draws follow the "progress" rule on the concealed hand.
* Wins: concealed hand + a drawn (or, with ``discard_wins``, discarded)
  tile complete, the laid melds counting as melds; a win is always
  taken, before any claim.
* The laid melds never matter again (a win, the shanten and the claims
  look only at the concealed hand), so the state is the concealed hand.
  A claim on the last turn is allowed but never wins anything.
* Ties: ``"low"`` passes unless a claim wins more, and among claims (and
  discards) that win equally takes the first :func:`claim_hands` lists.

:func:`policy_value` rates a caller's own play function exactly on the
same weighted orders, so another implementation's policy can be checked
against the best value; :func:`best_play` is the oracle's best play as
such a function.

>>> ready, pool = (1, 1, 1, 1, 0, 0, 0, 0, 0), (1, 0, 0, 1, 3, 3, 0, 0, 0)  # 1234m waits 1m 4m
>>> four_seat_value(ready, pool, 1, True, "own")  # 1 - C(6, 4) / C(8, 4); 1 - C(6, 3) / C(8, 3)
(Fraction(11, 14), Fraction(9, 14))
>>> pair, pool = (0, 0, 0, 0, 0, 1, 2, 0, 1), (3, 3, 0, 0, 0, 0, 1, 0, 1)  # 6779m; 111222m 7m 9m
>>> four_seat_value(pair, pool, 2, True, "full")  # 7m and 9m: one drawn, one in turn two
(Fraction(1, 7), Fraction(3, 28))
>>> four_seat_value(pair, pool, 2, True, "full", calls=True)  # or pon 7m, wait on 9m
(Fraction(5, 14), Fraction(15, 56))

Points (``four_seat_points``, wins on a discard, no calls): a win pays
``points(complete hand, winning tile, self_drawn)``, a function the
caller gives (tests give small ones).  Taking a win on a discard is then
a choice: the player may pass it and wait, that copy gone for good.  The
value is the best expected payment; between choices that pay alike in
expectation, the one that wins more often (and then the lowest discard).
What a choice may depend on: ``info="own"``, the player's own draws, and
once ready every tile shown from then on (the discards before it was
ready are not looked at, as :mod:`mjcore.play.bestplay` counts them);
``info="full"``, everything shown so far.  :func:`full_points_by_draws`
finds the "full" value again by backward induction over the states
(hand, tiles left, turns left, position in the turn), each choice made
on what has been shown, never on the tiles to come.

>>> ready, pool = (1, 1, 1, 1, 0, 0, 0, 0, 0), (1, 0, 0, 1, 3, 3, 0, 0, 0)  # 1234m waits 1m 4m
>>> paid = lambda hand, tile, drawn: 6 if drawn else 1  # 6 self-drawn, 1 on a discard
>>> four_seat_points(ready, pool, 1, paid, "own")  # pass the first wait a seat shows
(Fraction(45, 28), Fraction(5, 14), Fraction(3, 28))
>>> four_seat_points(ready, pool, 2, paid, "own")  # all 8 shown: a win for sure
(Fraction(93, 28), Fraction(1, 1), Fraction(15, 28))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import factorial

from bestplay_oracle import RANKS, full, plus, shanten
from oracle import standard

Hand = tuple[int, ...]


@cache
def waits(hand: Hand) -> frozenset[int]:
    """The tiles that complete a 3n+1 hand (a fifth copy counts too; the pool never has one)."""
    return frozenset(t for t in range(RANKS) if standard(full(plus(hand, t))))


@cache
def progress_discards(hand: Hand, t: int) -> tuple[int, ...]:
    """The discards the "progress" class allows after drawing ``t`` (empty: throw ``t`` back).

    ``t`` is effective when some ``d != t`` gives shanten(hand + t - d) =
    shanten(hand) - 1; those ``d`` are the choices.  Not called on a win.
    """
    s, h14 = shanten(hand), plus(hand, t)
    return tuple(d for d in range(RANKS)
                 if d != t and h14[d] and shanten(plus(h14, d, -1)) == s - 1)


LEFT = 2  # the seat a chi may come from: 0 right, 1 across, 2 left (positions 1-3 of a turn)


@cache
def claim_hands(hand: Hand, t: int, seat: int) -> tuple[Hand, ...]:
    """The concealed hands a claim of ``t`` from ``seat`` may leave (empty: no claim allowed).

    Pon takes two ``t`` from the hand, from any seat; chi (``seat == LEFT``
    only) takes (t-2, t-1), (t-1, t+1) or (t+1, t+2), all within 1m-9m.
    Then any concealed tile ``d`` is discarded, if the hand's shanten ends
    exactly one lower.  In order: pon, then the runs lowest first, each
    with its discards lowest first; a hand already listed is not repeated.

    >>> claim_hands((2, 0, 0, 1, 0, 0, 1, 0, 0), 0, 0)  # 1147m pons 1m, keeps 7m or 4m
    ((0, 0, 0, 0, 0, 0, 1, 0, 0), (0, 0, 0, 1, 0, 0, 0, 0, 0))
    >>> h = (0, 1, 1, 0, 1, 0, 0, 0, 1)  # 2359m: chi 4m (with 23m or 35m) from the left only
    >>> claim_hands(h, 3, 0), claim_hands(h, 3, 2)
    ((), ((0, 0, 0, 0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 1, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0, 0, 0)))
    """
    taken = [(t, t)] if hand[t] >= 2 else []
    if seat == LEFT:
        taken += [(a, b) for a, b in ((t - 2, t - 1), (t - 1, t + 1), (t + 1, t + 2))
                  if 0 <= a and b < RANKS and hand[a] and hand[b]]
    s, found = shanten(hand), []
    for a, b in taken:
        rest = plus(plus(hand, a, -1), b, -1)
        for d in range(RANKS):
            if rest[d] and shanten(plus(rest, d, -1)) == s - 1 and plus(rest, d, -1) not in found:
                found.append(plus(rest, d, -1))
    return tuple(found)


def orders(counts: Hand) -> int:
    """The number of distinct orders of a multiset of tiles."""
    result = factorial(sum(counts))
    for c in counts:
        result //= factorial(c)
    return result


def openings(pool: Hand, length: int) -> list[tuple[tuple[int, ...], int]]:
    """Every distinct sequence of the first ``length`` tiles of an order of ``pool``.

    Each comes with its weight, the number of distinct orders of the whole
    pool that begin with it (the orders of the tiles left after it); the
    weights add up to :func:`orders` of the pool.
    """
    found = []

    def grow(prefix: tuple[int, ...], left: Hand) -> None:
        if len(prefix) == length:
            found.append((prefix, orders(left)))
            return
        for t in range(RANKS):
            if left[t]:
                grow(prefix + (t,), plus(left, t, -1))

    grow((), pool)
    return found


def _check(hand: Hand, pool: Hand, turns: int, info: str, ties: str, calls: bool = False) -> None:
    assert len(hand) == RANKS and len(pool) == RANKS, (hand, pool)
    assert sum(hand) % 3 == 1, hand
    assert all(h + p <= 4 for h, p in zip(hand, pool, strict=True)), (hand, pool)
    assert min(pool) >= 0 and 0 <= 4 * turns <= sum(pool), (pool, turns)
    assert info in ("own", "full"), info
    assert ties in ("low", "most", "least"), ties
    if calls and info != "full":
        raise ValueError("calls are modelled with full information only (info='full')")


def _better(a: tuple[int, int], b: tuple[int, int], ties: str) -> bool:
    """Whether (wins, wins on a discard) ``a`` beats the best so far ``b``."""
    if a[0] != b[0]:
        return a[0] > b[0]
    return ties == "most" and a[1] > b[1] or ties == "least" and a[1] < b[1]


def four_seat_value(hand: Hand, pool: Hand, turns: int, discard_wins: bool, info: str,
                    ties: str = "low", calls: bool = False,
                    race: tuple[Fraction, ...] | None = None) -> tuple[Fraction, Fraction]:
    """(chance of winning, chance of winning on a discard) under the best "progress" play.

    ``hand``: 9 counts, 3n+1 tiles; ``pool``: 9 counts, the unseen tiles;
    ``turns``: turns of four tiles (three discards, then the player's
    draw); ``discard_wins``: whether hand + a discard wins; ``info``:
    ``"own"`` (choices see only the player's own draws) or ``"full"``
    (choices see every tile revealed); ``ties``: see the module docstring;
    ``calls``: whether the player may pon and chi (see the module
    docstring; ``info="own"`` with calls raises ``ValueError``).
    The chance of a self-drawn win is the first less the second.

    ``race`` (no calls): the chance, by turn (the first for turn 1), that another
    seat's win ends the game at the start of that turn, before its discards and the
    player's draw, whatever the tiles: every weight from that turn on counts that
    much less, so each game's subtree is scaled as the turn begins.
    """
    _check(hand, pool, turns, info, ties, calls)
    if race is not None:
        assert not calls and len(race) == turns and all(0 <= h < 1 for h in race), race
    sequences = openings(pool, 4 * turns)
    if calls:
        won, on_discard = _calls_by_sequences(hand, turns, discard_wins, ties, sequences)
        return Fraction(won, orders(pool)), Fraction(on_discard, orders(pool))

    def solve(h: Hand, turn: int, items: list[tuple[tuple[int, ...], int]]) -> tuple[int, int]:
        """Best (wins, wins on a discard), in weights, over ``items`` from ``turn`` on."""
        if turn == turns or not items:
            return 0, 0
        complete = waits(h)
        won = on_discard = 0
        groups: dict[object, list[tuple[tuple[int, ...], int]]] = defaultdict(list)
        for seq, w in items:
            block = seq[4 * turn:4 * turn + 4]
            if discard_wins and any(x in complete for x in block[:3]):
                won, on_discard = won + w, on_discard + w
            elif block[3] in complete:
                won += w
            else:
                groups[block[3] if info == "own" else block].append((seq, w))
        for key, group in groups.items():
            t = key if info == "own" else key[3]
            choices = progress_discards(h, t)
            if not choices:
                best = solve(h, turn + 1, group)
            else:
                best = (-1, 0)
                for d in choices:  # lowest tile first: "low" keeps the first of equals
                    v = solve(plus(plus(h, t), d, -1), turn + 1, group)
                    if _better(v, best, ties):
                        best = v
            won, on_discard = won + best[0], on_discard + best[1]
        if race is not None:  # the game reached this turn's start with this chance
            return won * (1 - race[turn]), on_discard * (1 - race[turn])
        return won, on_discard

    total = orders(pool)
    assert sum(w for _, w in sequences) == total
    won, on_discard = solve(hand, 0, sequences)
    return Fraction(won, total), Fraction(on_discard, total)


def _calls_by_sequences(hand: Hand, turns: int, discard_wins: bool, ties: str,
                        sequences: list[tuple[tuple[int, ...], int]]) -> tuple[int, int]:
    """(wins, wins on a discard), in weights of orders, with calls and full information.

    A walk down the tree of ``sequences``: ``items`` share every tile
    before ``pos``, so they are grouped by the tile at ``pos`` (everything
    the player has seen); each group takes its best option.  ``p`` is the
    position in the turn (0-2: right, across, left seat; 3: the player),
    ``r`` the turns left.  A claim starts the next turn at the next tile.
    """

    def walk(h: Hand, r: int, p: int, pos: int,
             items: list[tuple[tuple[int, ...], int]]) -> tuple[int, int]:
        if r == 0 or not items:
            return 0, 0
        complete = waits(h)
        groups: dict[int, list[tuple[tuple[int, ...], int]]] = defaultdict(list)
        for seq, w in items:
            groups[seq[pos]].append((seq, w))
        won = on_discard = 0
        for t, group in groups.items():
            weight = sum(w for _, w in group)
            if p < 3 and discard_wins and t in complete:
                best = weight, weight
            elif p < 3:
                best = walk(h, r, p + 1, pos + 1, group)  # pass first: "low" claims only to gain
                for after in claim_hands(h, t, p):
                    option = walk(after, r - 1, 0, pos + 1, group)
                    if _better(option, best, ties):
                        best = option
            elif t in complete:
                best = weight, 0
            elif not progress_discards(h, t):
                best = walk(h, r - 1, 0, pos + 1, group)
            else:
                best = (-1, 0)
                for d in progress_discards(h, t):
                    option = walk(plus(plus(h, t), d, -1), r - 1, 0, pos + 1, group)
                    if _better(option, best, ties):
                        best = option
            won, on_discard = won + best[0], on_discard + best[1]
        return won, on_discard

    return walk(hand, turns, 0, 0, sequences)


def full_by_draws(hand: Hand, pool: Hand, turns: int, discard_wins: bool,
                  ties: str = "low", calls: bool = False) -> tuple[Fraction, Fraction]:
    """The ``info="full"`` value again, one position at a time, remembering states.

    Position ``p`` of a turn (0, 1, 2: the other seats; 3: the player)
    shows tile ``t`` with chance ``left[t] / sum(left)``.  With everything
    seen, the rest of the game depends only on (hand, tiles left, turns
    left, position), so the best play from there is a function of it.
    """
    _check(hand, pool, turns, "full", ties, calls)
    return _state_values(discard_wins, ties, calls)(hand, pool, turns, 0)


@cache
def _state_values(discard_wins: bool, ties: str, calls: bool
                  ) -> Callable[[Hand, Hand, int, int], tuple[Fraction, Fraction]]:
    """The best (win, win on a discard) from (concealed hand, tiles left, turns left, position)."""

    @cache
    def at(h: Hand, left: Hand, r: int, p: int) -> tuple[Fraction, Fraction]:
        if r == 0:
            return Fraction(0), Fraction(0)
        complete = waits(h)
        n = sum(left)
        won, on_discard = Fraction(0), Fraction(0)
        for t in range(RANKS):
            if not left[t]:
                continue
            chance, after = Fraction(left[t], n), plus(left, t, -1)
            if p < 3:
                if discard_wins and t in complete:
                    v = Fraction(1), Fraction(1)
                else:
                    v = at(h, after, r, p + 1)
                    for claimed in claim_hands(h, t, p) if calls else ():
                        option = at(claimed, after, r - 1, 0)
                        if _better(option, v, ties):
                            v = option
            elif t in complete:
                v = Fraction(1), Fraction(0)
            elif not progress_discards(h, t):
                v = at(h, after, r - 1, 0)
            else:
                v = (Fraction(-1), Fraction(0))
                for d in progress_discards(h, t):
                    option = at(plus(plus(h, t), d, -1), after, r - 1, 0)
                    if _better(option, v, ties):
                        v = option
            won, on_discard = won + chance * v[0], on_discard + chance * v[1]
        return won, on_discard

    return at


Play = Callable[[Hand, tuple[int, ...]], bool]


def policy_value(hand: Hand, pool: Hand, turns: int, play: Play) -> Fraction:
    """The exact chance that ``play`` wins within ``turns`` turns, over every order of ``pool``.

    ``play(hand, wall)`` is the caller's whole game: it gets the 9-count
    ``hand`` and one ``wall``, a tuple of tile indices 0-8 in the order
    they show, and returns whether it wins.  It walks the wall itself: a
    turn takes the next four tiles (right, across, left seat, then the
    player's draw), fewer when the player claims (the claimed tile is the
    last of that turn).  Whole orders would be too many (a pool of 12
    tiles may have millions), so ``wall`` is only the first ``4 * turns``
    tiles: all that ``turns`` turns can read, claims or not (the whole
    order when the pool has no more tiles); each distinct prefix weighs
    the number of whole orders that begin with it (:func:`openings`, as
    :func:`four_seat_value` weighs them).

    >>> ready, pool = (1, 1, 1, 1, 0, 0, 0, 0, 0), (1, 0, 0, 1, 3, 3, 0, 0, 0)  # waits 1m 4m
    >>> policy_value(ready, pool, 2, lambda h, wall: wall[3] in (0, 3) or wall[7] in (0, 3))
    Fraction(13, 28)
    """
    _check(hand, pool, turns, "full", "low")
    won = sum(w for wall, w in openings(pool, 4 * turns) if play(hand, wall))
    return Fraction(won, orders(pool))


def best_play(pool: Hand, turns: int, discard_wins: bool, calls: bool = True) -> Play:
    """The best full-information play as a function for :func:`policy_value`.

    It walks its wall and at each choice takes an option worth the most
    by :func:`full_by_draws`'s state values (ties "low": pass before a
    claim, then the first claim or discard listed), so
    ``policy_value(hand, pool, turns, best_play(pool, turns, dw, calls))``
    must equal ``four_seat_value(hand, pool, turns, dw, "full",
    calls=calls)[0]``: a check that the values are those of a real walk
    down the wall.
    """
    at = _state_values(discard_wins, "low", calls)

    def play(hand: Hand, wall: tuple[int, ...]) -> bool:
        h, left, pos = hand, pool, 0
        for r in range(turns, 0, -1):
            for p in range(4):
                t, left, pos = wall[pos], plus(left, wall[pos], -1), pos + 1
                if t in waits(h) and (p == 3 or discard_wins):
                    return True
                if p == 3:
                    if progress_discards(h, t):
                        h = max((plus(plus(h, t), d, -1) for d in progress_discards(h, t)),
                                key=lambda k: at(k, left, r - 1, 0)[0])
                    break
                options = claim_hands(h, t, p) if calls else ()
                claim = max(options, default=None, key=lambda k: at(k, left, r - 1, 0)[0])
                if claim is not None and at(claim, left, r - 1, 0)[0] > at(h, left, r, p + 1)[0]:
                    h = claim
                    break
        return False

    return play


Points = Callable[[Hand, int, bool], int]
"""What a win pays: (the complete hand, the winning tile, whether self-drawn) -> points."""
Triple = tuple[Fraction, Fraction, Fraction]
"""(expected points, chance of winning, chance of winning on a discard)."""


def paid(hand: Hand, tile: int, self_drawn: bool) -> int:
    """A small payment for tiny walls (tests): self-drawn 3 x (1 + kinds held twice or
    more), on a discard 1 + 2 x kinds held three times or more.  It reads the counts
    alone, not the winning tile nor which suit, so mjcore's quick search may take it too."""
    if self_drawn:
        return 3 * (1 + sum(c >= 2 for c in hand))
    return 1 + 2 * sum(c >= 3 for c in hand)


def _better_points(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether (points, wins, ...) ``a`` beats ``b``: more points, or as many and more wins."""
    return a[:2] > b[:2]


def four_seat_points(hand: Hand, pool: Hand, turns: int, points: Points,
                     info: str = "own", passing: bool = True) -> Triple:
    """(expected points, chance of winning, chance of winning on a discard) under the best
    "progress" play with wins on discards, a win on a discard taken only where it beats
    passing (see the module docstring; ``info`` "own" or "full"); ``passing=False``:
    every win on a discard is taken (the best play of that smaller class).

    The walk of :func:`four_seat_value`, one position at a time: the
    sequences that share everything the player may look at so far move
    together, and each group takes its best option.  Under "own" a
    discard shown before the hand is ready splits nothing (the player
    does not look at it); once ready, every tile shown does.
    """
    _check(hand, pool, turns, info, "low")
    sequences = openings(pool, 4 * turns)

    def walk(h: Hand, pos: int, items: list[tuple[tuple[int, ...], int]]) -> tuple[int, ...]:
        """Best (points, wins, wins on a discard), in weights of orders, from ``pos`` on."""
        if pos == 4 * turns or not items:
            return 0, 0, 0
        complete = waits(h)
        p = pos % 4
        if p < 3 and not complete and info == "own":
            return walk(h, pos + 1, items)  # not ready: a discard changes nothing
        groups: dict[int, list[tuple[tuple[int, ...], int]]] = defaultdict(list)
        for seq, w in items:
            groups[seq[pos]].append((seq, w))
        total = [0, 0, 0]
        for t, group in groups.items():
            weight = sum(w for _, w in group)
            if p < 3:
                if t in complete:
                    win = points(plus(h, t), t, False) * weight, weight, weight
                    best = walk(h, pos + 1, group) if passing else win  # pass: the copy is gone
                    if _better_points(win, best):
                        best = win
                else:
                    best = walk(h, pos + 1, group)
            elif t in complete:
                best = points(plus(h, t), t, True) * weight, weight, 0
            elif not progress_discards(h, t):
                best = walk(h, pos + 1, group)
            else:
                best = None
                for d in progress_discards(h, t):  # the lowest first: it keeps equals
                    option = walk(plus(plus(h, t), d, -1), pos + 1, group)
                    if best is None or _better_points(option, best):
                        best = option
            total = [x + y for x, y in zip(total, best, strict=True)]
        return tuple(total)

    whole = orders(pool)
    return tuple(Fraction(v, whole) for v in walk(hand, 0, sequences))


def full_points_by_draws(hand: Hand, pool: Hand, turns: int, points: Points) -> Triple:
    """:func:`four_seat_points` with ``info="full"`` again, by backward induction over
    (hand, tiles left, turns left, position): position ``p`` of a turn (0-2 the other
    seats, 3 the player) shows ``t`` with chance ``left[t] / sum(left)``, and each
    choice compares the values of the states it leads to."""
    _check(hand, pool, turns, "full", "low")

    @cache
    def at(h: Hand, left: Hand, r: int, p: int) -> Triple:
        if r == 0:
            return Fraction(0), Fraction(0), Fraction(0)
        complete = waits(h)
        n = sum(left)
        total = [Fraction(0)] * 3
        for t in range(RANKS):
            if not left[t]:
                continue
            after = plus(left, t, -1)
            if p < 3:
                v = at(h, after, r, p + 1)
                if t in complete:
                    win = Fraction(points(plus(h, t), t, False)), Fraction(1), Fraction(1)
                    if _better_points(win, v):
                        v = win
            elif t in complete:
                v = Fraction(points(plus(h, t), t, True)), Fraction(1), Fraction(0)
            elif not progress_discards(h, t):
                v = at(h, after, r - 1, 0)
            else:
                v = None
                for d in progress_discards(h, t):
                    option = at(plus(plus(h, t), d, -1), after, r - 1, 0)
                    if v is None or _better_points(option, v):
                        v = option
            total = [x + Fraction(left[t], n) * y for x, y in zip(total, v, strict=True)]
        return tuple(total)

    return at(hand, pool, turns, 0)
