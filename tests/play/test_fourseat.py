"""Four seats: a ready hand also wins on the other seats' discards.

Each turn the three other seats each discard a tile from the wall, then the
player draws.  These tests check the closed form for a ready hand, that
discard wins never lower a chance, and that the policy the search finds,
played on shuffled walls four tiles a turn, wins as often as it says.
"""

from __future__ import annotations

import functools
import random
from math import comb

import pytest

from mjcore import POYANG, RIICHI, shanten, waits, win_chances
from mjcore.play.bestplay import simulate_play

READY = ["111222333m4445s", "123456789m1234p", "1122m3344p5566s7z", "123m456p789s1122z",
         "19m19p19s1234567z"]


def shown_first(n: int, live: int, turns: int) -> tuple[float, float]:
    """The chance that one of ``live`` tiles among ``n`` is among the first ``4 turns``
    shown, and that the first shown is a discard (positions 1-3 of a turn, the player's
    draw 4th): the first copy sits at p when the other live - 1 copies sit after it,
    C(n - p, live - 1) of the C(n, live) places."""
    first = [comb(n - p, live - 1) / comb(n, live) for p in range(1, 4 * turns + 1)]
    return sum(first), sum(f for p, f in enumerate(first, 1) if p % 4)


@pytest.mark.parametrize("hand", READY)
@pytest.mark.parametrize("rules", [POYANG, RIICHI], ids=["poyang", "riichi"])
def test_a_ready_hand_wins_on_any_tile_shown(hand, rules):
    """by_draws[k] = 1 - C(n - L, 4k) / C(n, 4k), n the tiles the player has not drawn
    when k turns are left; the part on a discard by where the first live copy lies."""
    if shanten(hand, rules) != 0:
        pytest.skip("not ready under these rules")
    draws, total = 17, 136 - 13
    live = waits(hand, rules).total
    [chance] = win_chances(hand, draws, rules, discard_wins=True)
    assert chance.shanten == 0 and chance.tenpai == 1
    for k, p in enumerate(chance.by_draws):
        n = total - (draws - k)
        assert p == pytest.approx(1 - comb(n - live, 4 * k) / comb(n, 4 * k), abs=1e-12)
    win, on_discard = shown_first(total, live, draws)
    assert chance.win == pytest.approx(win, abs=1e-12)
    assert chance.discard_win == pytest.approx(on_discard, abs=1e-12)
    # the first live copy is likelier at each of a turn's three discards than at the draw
    # after them (a copy lies further on less often), so at least 3 wins in 4 are on one
    assert chance.discard_win >= 0.75 * chance.win


def _hands(seed: int, n: int, size: int = 14) -> list[str]:
    from mjcore import to_mpsz

    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    found = []
    while len(found) < n:
        rng.shuffle(wall)
        counts = [0] * 34
        for t in wall[:size]:
            counts[t] += 1
        if shanten(counts, POYANG) <= 2:
            found.append(to_mpsz(tuple(counts)))
    return found


@pytest.mark.parametrize("hand", _hands(7, 6))
def test_discard_wins_never_lower_a_chance(hand):
    """Every discard's chance with discard wins is at least its chance without (the same
    own draws, and more tiles to win on once ready); the part on a discard is a part."""
    alone = {c.tile: c for c in win_chances(hand, 12, POYANG)}
    four = win_chances(hand, 12, POYANG, discard_wins=True)
    assert {c.tile for c in four} == set(alone)
    for chance in four:
        other = alone[chance.tile]
        assert chance.win >= other.win - 1e-12
        assert 0 <= chance.discard_win <= chance.win
        assert chance.by_draws[-1] == chance.win
        assert all(a <= b + 1e-12 for a, b in zip(chance.by_draws, chance.by_draws[1:],
                                                   strict=False))
        if other.win > 0:
            assert chance.win > other.win and chance.discard_win > 0
    assert four[0].win >= max(c.win for c in alone.values())


@pytest.mark.parametrize("hand, draws", [
    ("123456m789p1357s", 10), ("234578m689p357s1z", 12), ("1234m5p678s12355z", 8),
])
def test_the_policy_played_on_shuffled_walls(hand, draws):
    """The search's policy on real walls, four tiles a turn (the other seats' discards
    are the wall's tiles): win_chances lies in the 99.9% interval (z = 3.29) around its wins."""
    [chance] = win_chances(hand, draws, RIICHI, discard_wins=True)
    estimate = simulate_play(hand, draws, RIICHI, discard_wins=True, trials=6000, rng=11)
    assert estimate.covers(chance.win, z=3.29)
    alone = simulate_play(hand, draws, RIICHI, trials=6000, rng=11)
    assert alone.hits < estimate.hits  # the same walls, fewer wins without the discards


def _seeded_deals(rules, n: int) -> list[tuple[int, ...]]:
    """``n`` seeded deals of 13 and 14 tiles in turn, at most 2 from ready."""
    rng = random.Random(35)
    wall = [t for t in range(34) for _ in range(4)]
    found = []
    while len(found) < n:
        rng.shuffle(wall)
        counts = [0] * 34
        for t in wall[:13 + len(found) % 2]:
            counts[t] += 1
        if shanten(tuple(counts), rules) <= 2:
            found.append(tuple(counts))
    return found


def _same_values(quick, general, points: bool = False) -> None:
    """The same discards in the same order, every value equal to 1e-12."""
    assert [c.tile for c in quick] == [c.tile for c in general]
    for a, b in zip(quick, general, strict=True):
        assert (a.shanten, a.tenpai) == (b.shanten, pytest.approx(b.tenpai, abs=1e-12))
        pairs = [(a.win, b.win), (a.discard_win, b.discard_win),
                 *zip(a.by_draws, b.by_draws, strict=True)]
        if points:
            pairs.append((a.expected_points, b.expected_points))
        for x, y in pairs:
            assert x == pytest.approx(y, abs=1e-12)


@pytest.mark.parametrize("rules", [POYANG, RIICHI], ids=["poyang", "riichi"])
def test_the_quick_search_agrees_with_the_general_one(rules):
    """_ProgressFour (the quick walk) and _Search with discard wins (every hand a node)
    agree on seeded deals."""
    from mjcore.play.bestplay.api import _compute

    for counts in _seeded_deals(rules, 10):
        args = (counts, 10, rules, (0,) * 34, False, "win")
        _same_values(_compute(*args, discard_wins=True),
                     _compute(*args, discard_wins=True, quick=False))


ORACLE_CASES = 12


@functools.cache
def _oracle_cases() -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Seeded tiny one-suit walls for the brute force: a 4- or 7-tile wan hand, a pool of
    wan with few kinds (its orders stay few): one from ready with 2 turns of a pool of 8,
    one or two from ready with 3 turns of a pool of 12; only cases that can win (by the
    brute force itself: seconds, so the tests take the cases by number, and the first
    test to run finds them, once a process)."""
    import bestplay_oracle as bo
    from fourseat_oracle import four_seat_value

    rng = random.Random(350)
    found = []
    while len(found) < ORACLE_CASES:
        turns = 2 if len(found) < 8 else 3
        size = rng.choice([4, 7])
        hand = [0] * 9
        for _ in range(size):
            hand[rng.randrange(9)] += 1
        kinds = rng.sample(range(9), 4 if turns == 2 else 3)
        pool = [0] * 9
        while sum(pool) < 4 * turns:
            k = rng.choice(kinds)
            pool[k] += hand[k] + pool[k] < 4
            if all(hand[k] + pool[k] == 4 for k in kinds):
                break
        if (max(hand) > 4 or sum(pool) < 4 * turns
                or not 1 <= bo.shanten(tuple(hand)) <= turns - 1):
            continue
        case = (tuple(hand), tuple(pool), turns)
        if four_seat_value(*case, True, "own")[0] > 0:
            found.append(case)
    return found


@pytest.mark.parametrize("case", range(ORACLE_CASES))
def test_exact_against_every_order_of_a_tiny_wall(case):
    """The chapter's claim: keeping only progress, the search's count is exact for the
    best policy that chooses on the player's own draws.  The brute force
    (tests/oracles/fourseat_oracle.py, every order of the wall, written apart from mjcore) agrees
    in exact fractions, the part on a discard inside its range over equal choices; a
    player who reads every discard can do better (``full``), never worse."""
    from fractions import Fraction

    from fourseat_oracle import four_seat_value

    from mjcore import STANDARD, to_mpsz
    from mjcore.play.bestplay.api import _compute

    hand, pool, turns = _oracle_cases()[case]
    counts = tuple(hand) + (0,) * 25
    seen = tuple(4 - h - p for h, p in zip(hand, pool, strict=True)) + (4,) * 25
    for quick in (True, False):
        [mine] = _compute(counts, turns, STANDARD, seen, False, "win", one=Fraction(1),
                          quick=quick, discard_wins=True)
        win, on_discard = four_seat_value(hand, pool, turns, True, "own")
        assert mine.win == win, (to_mpsz(counts), pool, turns)
        low = four_seat_value(hand, pool, turns, True, "own", ties="least")[1]
        high = four_seat_value(hand, pool, turns, True, "own", ties="most")[1]
        assert low <= mine.discard_win <= high
    assert four_seat_value(hand, pool, turns, True, "full")[0] >= win


# --- points: a win on a discard is a choice -------------------------------------------

@pytest.mark.parametrize("case", range(ORACLE_CASES))
def test_points_exact_against_every_order_of_a_tiny_wall(case):
    """With points a win on a discard is a choice: the quick and the general search equal
    the brute force (tests/oracles/fourseat_oracle.py's points walk, every order of the wall) in
    exact fractions, points, chance of winning and the part on a discard, when the player
    looks at its own draws and, once ready, at every tile shown (as the count does); a
    player who reads every discard can do better, never worse."""
    from fractions import Fraction

    from fourseat_oracle import four_seat_points, paid

    from mjcore import STANDARD, to_mpsz
    from mjcore.play.bestplay.api import _compute

    hand, pool, turns = _oracle_cases()[case]
    counts = tuple(hand) + (0,) * 25
    seen = tuple(4 - h - p for h, p in zip(hand, pool, strict=True)) + (4,) * 25
    want = four_seat_points(hand, pool, turns, paid, "own")
    for quick in (True, False):
        [mine] = _compute(counts, turns, STANDARD, seen, False, "points", one=Fraction(1),
                          quick=quick, discard_wins=True, points=paid)
        assert (mine.expected_points, mine.win, mine.discard_win) == want, (
            to_mpsz(counts), pool, turns, quick)
    assert four_seat_points(hand, pool, turns, paid, "full")[0] >= want[0]
    assert four_seat_points(hand, pool, turns, paid, "own", passing=False)[0] <= want[0]


def test_points_quick_search_agrees_with_the_general_one():
    """_ProgressFourPoints and _Search with discard wins and points agree on seeded deals."""
    from mjcore.play.bestplay.api import _compute

    for counts in _seeded_deals(POYANG, 8):
        args = (counts, 10, POYANG, (0,) * 34, False, "points")
        _same_values(_compute(*args, discard_wins=True),
                     _compute(*args, discard_wins=True, quick=False), points=True)


@pytest.mark.parametrize("hand", _hands(7, 4))
def test_discard_wins_never_lower_points(hand):
    """Passing every discard leaves the player's own draws, as without discard wins: with
    the choice, every discard's expected points are at least those without; the part won
    on a discard is a part of the wins, and the curve by draws is the policy's."""
    alone = {c.tile: c for c in win_chances(hand, 12, POYANG, objective="points")}
    four = win_chances(hand, 12, POYANG, objective="points", discard_wins=True)
    assert {c.tile for c in four} == set(alone)
    for chance in four:
        other = alone[chance.tile]
        assert chance.expected_points >= other.expected_points - 1e-9
        assert 0 <= chance.discard_win <= chance.win and chance.by_draws[-1] == chance.win
        if other.expected_points > 0:
            assert chance.expected_points > other.expected_points
    assert four[0].expected_points == max(c.expected_points for c in four)


def test_taking_every_discard_win_never_beats_the_choice():
    """A ready hand's points with the choice (_stop_curves) against taking every win: the
    first live copy shown is each copy alike, so taking all pays each group's share of
    the wins on a discard and self-drawn (_first_shown); the choice pays at least that,
    and with Poyang's payments (4 on a discard, 27 self-drawn for a plain concealed win)
    it passes some discards early on."""
    from fractions import Fraction

    from mjcore.play.bestplay.curves import _first_shown, _stop_curves

    rng = random.Random(5)
    for _ in range(40):
        items = tuple(sorted((rng.randint(1, 4), rng.randint(1, 20), rng.randint(1, 60))
                             for _ in range(rng.randint(1, 3))))
        base, draws = rng.randint(40, 100), rng.randint(1, 12)
        wins, pts, _ = _stop_curves(items, base, draws, 1.0)
        live = sum(c for c, _, _ in items)
        for r in range(draws + 1):
            win, on_discard = _first_shown(live, base + r, 4 * r, 1.0)
            taken = sum(c * (a * on_discard + b * (win - on_discard))
                        for c, a, b in items) / live
            assert pts[r] >= taken - 1e-9
            assert wins[r] <= win + 1e-12
    wins, pts, discs = _stop_curves(((8, 4, 27),), 105, 17, Fraction(1))
    win, on_discard = _first_shown(8, 122, 68, Fraction(1))
    assert pts[17] > 4 * on_discard + 27 * (win - on_discard) and wins[17] < win
    assert _stop_curves(((8, 4, 27),), 105, 1, Fraction(1))[0][1] == _first_shown(
        8, 106, 4, Fraction(1))[0]  # the last turn: every win is taken


# --- calls: 碰 from any seat, 吃 from the left seat -----------------------------------

@pytest.mark.parametrize("hand, helps", [
    ("123456m789p1357s", True), ("12389m456p78s11z4z", True), ("2468m1357p246s55z", True),
    ("1122m3344p567s79s", False),  # seven pairs one from ready: a claim breaks them
])
def test_calls_never_lower_a_chance(hand, helps):
    """A claim is one more choice beside passing, and passing leaves the count as it was:
    with calls every discard's chance (and tenpai) is at least its chance without, with
    discard wins or without."""
    for discard_wins in (False, True):
        without = {c.tile: c for c in win_chances(hand, 9, RIICHI, discard_wins=discard_wins)}
        with_calls = win_chances(hand, 9, RIICHI, discard_wins=discard_wins, calls=True)
        for chance in with_calls:
            other = without[chance.tile]
            assert chance.win >= other.win - 1e-12 and chance.tenpai >= other.tenpai - 1e-12
            assert (chance.discard_win is None) is (not discard_wins)
        best, before = max(c.win for c in with_calls), max(c.win for c in without.values())
        assert best > before + 0.01 if helps else best == pytest.approx(before, abs=1e-12)


def test_a_ready_hand_never_claims():
    """Nothing lowers a shanten of 0 but a win: with calls a ready hand's values are
    those without."""
    for discard_wins in (False, True):
        [a] = win_chances("111222333m4445s", 9, RIICHI, discard_wins=discard_wins)
        [b] = win_chances("111222333m4445s", 9, RIICHI, discard_wins=discard_wins, calls=True)
        assert a.by_draws == pytest.approx(b.by_draws, abs=1e-12)
        assert a.discard_win == b.discard_win or a.discard_win == pytest.approx(b.discard_win)


def test_calls_bad_arguments():
    from mjcore import HandError

    for kwargs, message in [({"calls": 1}, "calls must be True or False"),
                            ({"calls": True, "hand_changes": True}, "not modelled yet"),
                            ({"calls": True, "objective": "points", "rules": RIICHI},
                             "poyang rules"),
                            ({"calls": True, "draws": 31}, "31 turns need 124")]:
        with pytest.raises(HandError, match=message):
            win_chances("123456789m1234p5z", **{"draws": 9, **kwargs})
    # a hand too far from ready for the search with calls: refused before any search
    with pytest.raises(HandError, match="calls are searched for hands at most 3 from ready"):
        simulate_play("147m258p369s1234z", 9, "standard", discard_wins=True, calls=True)


@pytest.mark.parametrize("hand", ["56m11122p5799s47z", "246m123567p2578s", "3457m67p124566s2z"])
def test_calls_policy_on_shuffled_walls(hand):
    """With calls the count is an approximation (a passed discard stays in the count):
    the policy the search finds, played on 4,000 shuffled walls, wins at least as often
    as the search says (inside its 99.9% interval or above) and at most 5 points more.
    Seeded deals measured 0.2 to 3.4 points more (12 turns, discard wins on and off)."""
    for discard_wins in (False, True):
        [chance] = win_chances(hand, 12, RIICHI, discard_wins=discard_wins, calls=True)
        played = simulate_play(hand, 12, RIICHI, discard_wins=discard_wins, calls=True,
                               trials=4000, rng=12)
        low, high = played.interval(z=3.29)
        assert chance.win <= high and low - chance.win <= 0.05


# --- the claim question -------------------------------------------------------------------

def test_claim_advice_options():
    """Every option, best first: 碰 from any seat, 吃 from the left seat only, the win
    when the tile completes a ready hand (then first, at 1), the discard named after a
    claim, and passing always there."""
    from mjcore.play.bestplay import claim_advice

    for seat in ("right", "across", "left"):
        kinds = [o.kind for o in claim_advice("12389m456p78s11z4z", "1z", seat)]
        assert sorted(kinds) == ["pass", "pon"]
        kinds = [o.kind for o in claim_advice("12389m456p78s11z4z", "9s", seat)]
        assert sorted(kinds) == (["chi", "pass"] if seat == "left" else ["pass"])
    options = claim_advice("123456m789p1357s", "2s", "left", draws=8)
    assert [(o.kind, o.meld, o.discard is not None) for o in options] == [
        ("chi", "123s", True), ("pass", "", False)]
    assert all(a.win >= b.win for a, b in zip(options, options[1:], strict=False))
    ready = claim_advice("111222333m4445s", "5s", "across", draws=8)
    assert ready[0].kind == "win" and (ready[0].win, ready[0].tenpai) == (1.0, 1.0)
    assert [o.kind for o in ready] == ["win", "pass"]
    assert ready.as_dict()["options"][1]["kind"] == "pass"


def test_claim_advice_pass_is_the_rest_of_the_turn():
    """Passing a tile nobody could use: the later the seat, the fewer tiles are left to
    see this turn, so the chance of a ready hand shrinks from right to left; each is the
    closed form over the tiles still to show."""
    from mjcore.play.bestplay import claim_advice

    hand, draws, live = "111222333m4445s", 4, 11
    n = 136 - 13 - 1  # the discard is seen
    values = []
    for k, seat in enumerate(("right", "across", "left")):
        [option] = claim_advice(hand, "9p", seat, draws=draws)
        shown = 4 * draws - k - 1
        assert option.win == pytest.approx(1 - comb(n - live, shown) / comb(n, shown),
                                           abs=1e-12)
        values.append(option.win)
    assert values[0] > values[1] > values[2]


@pytest.mark.parametrize("kwargs, message", [
    ({"seat": "north"}, "seat must be one of"),
    ({"hand": "123456m789p1357s2z"}, "needs a 13-tile hand"),
    ({"tile": "5x"}, "tile"),
    ({"tile": "1m", "visible": "111m"}, "1m cannot be discarded"),
    ({"draws": 0}, "at least 1 turn"),
    ({"draws": 31}, "31 turns need 124"),
    ({"rules": "hongzhong"}, "wild"),
    ({"searches": []}, "searches must be a dict"),
    ({"objective": "money"}, "objective must be one of"),
    ({"objective": "points", "rules": "riichi"}, "poyang rules"),
    ({"hand": "147m258p369s1234z", "rules": "standard"},
     "calls are searched for hands at most 3 from ready, this one is 8"),
    ({"hand": "234578m689p357s1z", "objective": "points"},
     "points with calls are searched for hands at most 2 from ready, this one is 3"),
])
def test_claim_advice_bad_arguments(kwargs, message):
    from mjcore import HandError
    from mjcore.play.bestplay import claim_advice

    args = {"hand": "123456m789p1357s", "tile": "3s", "seat": "left", "draws": 8, **kwargs}
    with pytest.raises(HandError, match=message):
        claim_advice(**args)


CALL_WALLS = [("1222588", "33556668"), ("1145568", "66778889"), ("3357799", "11368888"),
              ("1135679", "22234888"), ("6779", "11122279"), ("5689", "11122249")]
"""Tiny one-suit walls (hand, pool; wan), 2 turns, where claims matter (the oracle's)."""


@pytest.mark.parametrize("hand, pool", CALL_WALLS)
def test_calls_against_every_order_of_a_tiny_wall(hand, pool):
    """With calls the count is an approximation.  On every order of a tiny wall the
    policy the search finds (played by follow) wins exactly ``policy``: never above the
    best play that reads every tile (the oracle's ``full``).  On these walls it is at
    least the search's own figure, and at most 15 points above it (measured 0 to 13.8:
    a passed discard stays in the count, and on a wall of 8 tiles that matters most);
    the next test has a wall where the figure is too high."""
    from fractions import Fraction

    from fourseat_oracle import four_seat_value, policy_value

    from mjcore import STANDARD
    from mjcore.play.bestplay.calls import _Calls

    nine = [tuple(s.count(str(r + 1)) for r in range(9)) for s in (hand, pool)]
    counts = nine[0] + (0,) * 25
    cap = tuple(h + p for h, p in zip(*nine, strict=True)) + (0,) * 25
    for discard_wins in (False, True):
        calls = _Calls(STANDARD, 2, sum(nine[1]), cap, discard_wins, Fraction(1))
        mine = calls.chance(None, counts).win
        policy = policy_value(*nine, 2, lambda h, w, c=calls: c.follow(h + (0,) * 25, w)[0]
                              is not None)
        full = four_seat_value(*nine, 2, discard_wins, "full", calls=True)[0]
        assert mine <= policy <= full
        assert policy - mine <= Fraction(15, 100)


def test_calls_can_promise_more_than_any_play():
    """The count is not a bound either way: on 1278m against 24469999m (2 turns, discard
    wins) the search says 241/448, its own policy wins 43/84 and the best play that reads
    every tile 29/56 (chapter 7 finds 4 such walls in 40)."""
    from fractions import Fraction

    from fourseat_oracle import four_seat_value, policy_value

    from mjcore import STANDARD
    from mjcore.play.bestplay.calls import _Calls

    nine = [tuple(s.count(str(r + 1)) for r in range(9)) for s in ("1278", "24469999")]
    cap = tuple(h + p for h, p in zip(*nine, strict=True)) + (0,) * 25
    calls = _Calls(STANDARD, 2, sum(nine[1]), cap, True, Fraction(1))
    mine = calls.chance(None, nine[0] + (0,) * 25).win
    policy = policy_value(*nine, 2, lambda h, w: calls.follow(h + (0,) * 25, w)[0]
                          is not None)
    full = four_seat_value(*nine, 2, True, "full", calls=True)[0]
    assert (mine, policy, full) == (Fraction(241, 448), Fraction(43, 84), Fraction(29, 56))
    assert policy < full < mine


def test_claim_advice_at_the_top():
    """mjcore.claim_advice, as the issue names it, is the play layer's (loaded on first use)."""
    import mjcore
    from mjcore.play import bestplay

    assert mjcore.claim_advice is bestplay.claim_advice
    assert {"claim_advice", "ClaimAdvice", "ClaimOption"} <= set(mjcore.__all__)


def test_claim_advice_shares_searches():
    """Questions on one hand sharing their searches get the same answers: the search for
    the claims is the same for every tile, the one for passing for every seat."""
    from mjcore.play.bestplay import claim_advice

    hand, searches = "12389m456p78s11z4z", {}
    for tile in ("7m", "9s", "1z"):
        for seat in ("right", "left"):
            alone = claim_advice(hand, tile, seat, draws=10)
            assert claim_advice(hand, tile, seat, draws=10, searches=searches) == alone
    assert len(searches) == 1 + 3


def test_claim_advice_values_a_claim_as_the_search_does():
    """A claim's chance is the one the search gives the same claim at the start of a
    turn, where the discard is still among the tiles the player has not taken (it
    once counted the claimed tile twice: as seen and as taken)."""
    from mjcore import as_counts
    from mjcore.play.bestplay import claim_advice
    from mjcore.play.bestplay.calls import _Calls
    from mjcore.play.bestplay.keys import _key

    for hand, tile, seat in [("12389m456p78s11z4z", "9s", "left"),
                             ("123456m789p1357s", "2s", "left"),
                             ("12389m456p78s11z4z", "1z", "across")]:
        counts = as_counts(hand)
        calls = _Calls(POYANG, 17, 136 - 13, (4,) * 34, True)
        conc = _key(counts)
        pon, chi = calls.claims(conc, conc, calls.left(conc))
        t = as_counts(tile).index(1)
        searched = chi.get(t) or pon.get(t)
        [claimed] = [o for o in claim_advice(hand, tile, seat) if o.kind != "pass"]
        if searched is None:  # the claim keeps the shanten: the search never makes it
            assert calls.scan(conc)[0] <= calls._shanten14(conc - 2 * (1 << 8 * t))
            continue
        assert claimed.win == pytest.approx(searched[0][1], abs=1e-12)
        assert claimed.discard_win == pytest.approx(searched[2][1], abs=1e-12)


@pytest.mark.parametrize("hand, tile", [("111m456p789s2345z", "1m"), ("1112345678999m", "9m"),
                                        ("555p1234m6789s12z", "5p")])
def test_claim_advice_chances_are_chances(hand, tile):
    """Three copies held and the fourth discarded: every option's figures stay between 0
    and 1, the part won on a discard within the win (the claimed tile counted once)."""
    from mjcore.play.bestplay import claim_advice

    for seat in ("right", "across", "left"):
        for option in claim_advice(hand, tile, seat, draws=10):
            assert 0 <= option.discard_win <= option.win <= 1
            assert option.win <= option.tenpai <= 1


def _image(counts, order, flips, honours):
    """A hand's image: suit k of the image is suit ``order[k]`` of the hand, ranks
    reversed where ``flips[k]``; honour k is honour ``honours[k]``."""
    out = []
    for k, suit in enumerate(order):
        part = list(counts[9 * suit:9 * suit + 9])
        out += part[::-1] if flips[k] else part
    return tuple(out + [counts[27 + h] for h in honours])


@pytest.mark.parametrize("seed", [3, 4])
def test_calls_values_are_the_same_for_a_hand_and_its_image(seed):
    """Swapping suits, reversing a suit's ranks or swapping honours changes no form, so a
    hand and its image have the same chances with calls (the search computes one state
    of each such pair: here the two searches run apart)."""
    from mjcore import to_mpsz
    from mjcore.base.tiles import parse

    rng = random.Random(seed)
    hand = parse(_hands(seed, 1, 13)[0])
    order = rng.sample(range(3), 3)
    flips = [rng.random() < 0.5 for _ in range(3)]
    honours = rng.sample(range(7), 7)
    image = _image(hand, order, flips, honours)
    assert image != hand and sorted(image) == sorted(hand)
    [one] = win_chances(to_mpsz(hand), 8, POYANG, discard_wins=True, calls=True)
    [two] = win_chances(to_mpsz(image), 8, POYANG, discard_wins=True, calls=True)
    assert one.by_draws == pytest.approx(two.by_draws, abs=1e-12)
    assert (one.tenpai, one.discard_win) == pytest.approx((two.tenpai, two.discard_win),
                                                          abs=1e-12)


@pytest.mark.parametrize("hand, rules", [("234578m1689p357s1z", POYANG),
                                         ("1133557m2468p19s1z", POYANG),
                                         ("19m19p19s12345z58m3p", RIICHI)])
def test_calls_one_from_ready_reads_its_effective_tiles_alone(hand, rules):
    """The search keys a state one tile from ready by its hand and the copies left of the
    tiles it keeps (_Calls._one): every wait of a ready hand it reaches by a draw or a
    claim is among those (special forms included), so no other copy changes its values."""
    from mjcore.base.tiles import parse
    from mjcore.play.bestplay.calls import _TAKEN, _Calls
    from mjcore.play.bestplay.keys import _ONE

    counts = parse(hand)
    calls = _Calls(rules, 8, 136 - 14, (4,) * 34, True)
    for t in range(34):
        if counts[t]:
            root = list(counts)
            root[t] -= 1
            calls.chance(t, tuple(root), True)
    hands = {key & ((1 << _TAKEN) - 1) for key in calls.canon}
    assert len(hands) > 100
    for conc in hands:
        s, mask = calls.scan(conc)
        near = calls.spread(mask)
        assert s == 1
        grown = [conc + _ONE[t] for t in calls.tiles[mask]]
        grown += [rest for _, _, rest, _ in calls._melds(conc)]
        for g in grown:
            for _, kept in calls._readies(g):
                assert kept & ~near == 0


def test_calls_images_share_values_exactly(monkeypatch):
    """The search with each state keyed by itself, not by its least image, gives the
    same values."""
    from mjcore.play.bestplay.calls import _TAKEN, _Calls

    hand = "13m11235p7899s147z"  # 65,641 states shared, 104,230 apart
    shared = win_chances(hand, 8, POYANG, discard_wins=True, calls=True)
    monkeypatch.setattr(_Calls, "twin", lambda self, conc, left: conc | left << _TAKEN)
    apart = win_chances(hand, 8, POYANG, discard_wins=True, calls=True)
    assert [c.tile for c in shared] == [c.tile for c in apart]
    for one, two in zip(shared, apart, strict=True):
        assert one.by_draws == pytest.approx(two.by_draws, abs=1e-12)
        assert one.discard_win == pytest.approx(two.discard_win, abs=1e-12)


# --- points with calls -----------------------------------------------------------------

def _calls_points(hand, draws, points=None):
    from mjcore.base.tiles import parse
    from mjcore.play.bestplay.api import _compute

    return _compute(parse(hand), draws, POYANG, (0,) * 34, False, "points",
                    discard_wins=True, calls=True, points=points)


@pytest.mark.parametrize("hand", ["12389m456p78s9p11z4z", "123456m789p1357s2z"])
def test_calls_points_of_one_a_win_are_the_chances(hand):
    """Each win paying 1 point, on a discard or self-drawn: the expected points are the
    chance of winning, and the points search plays as the chance search does."""
    ones = _calls_points(hand, 8, lambda counts, tile, self_draw: 1.0)
    chances = win_chances(hand, 8, POYANG, discard_wins=True, calls=True)
    assert sorted(c.tile for c in ones) == sorted(c.tile for c in chances)
    by_tile = {c.tile: c for c in chances}
    for one in ones:
        two = by_tile[one.tile]
        assert one.expected_points == pytest.approx(one.win, abs=1e-12)
        assert one.by_draws == pytest.approx(two.by_draws, abs=1e-12)
        assert (one.tenpai, one.discard_win) == pytest.approx((two.tenpai, two.discard_win),
                                                              abs=1e-12)


@pytest.mark.parametrize("hand", ["12389m456p78s9p11z4z", "3468m149p37s13466z"])
def test_calls_points_without_claims_are_discard_wins_points(hand, monkeypatch):
    """With every claim taken away, the search with calls gives what the points search
    with discard wins alone (:class:`_ProgressFourPoints`) gives."""
    from mjcore.play.bestplay.calls import _CallsPoints

    alone = win_chances(hand, 10, POYANG, discard_wins=True, objective="points")
    monkeypatch.setattr(_CallsPoints, "_melds", lambda self, conc: ())
    claimless = win_chances(hand, 10, POYANG, discard_wins=True, calls=True,
                            objective="points")
    by_tile = {c.tile: c for c in alone}
    for one in claimless:
        two = by_tile[one.tile]
        assert (one.expected_points, one.win, one.tenpai, one.discard_win) == pytest.approx(
            (two.expected_points, two.win, two.tenpai, two.discard_win), abs=1e-9)


@pytest.mark.parametrize("hand, helps", [("12389m456p78s9p11z4z", True),
                                         ("3468m149p37s13466z", False),
                                         ("788m39p188s134567z", False)])
def test_calls_never_lower_points(hand, helps):
    """A claim is a choice: never fewer expected points.  On two of these hands no
    claim is worth 门清 and the lost 自摸 payments, at any discard."""
    alone = {c.tile: c.expected_points
             for c in win_chances(hand, 10, POYANG, discard_wins=True, objective="points")}
    calls = win_chances(hand, 10, POYANG, discard_wins=True, calls=True, objective="points")
    assert all(c.expected_points >= alone[c.tile] - 1e-9 for c in calls)
    assert any(c.expected_points > alone[c.tile] + 1e-3 for c in calls) == helps


def test_calls_points_states_hold_their_melds():
    """Every state of the points search with calls: the tiles taken are the concealed
    hand, the melds laid down (a 碰 three of its tile, a 吃 the run from its lowest) and
    at most the one tile thrown first."""
    from mjcore.play.bestplay.calls import _TAKEN, _CallsPoints

    found = []
    chance = _CallsPoints.chance

    def keep(self, *args):
        found.append(self)
        return chance(self, *args)

    _CallsPoints.chance = keep
    try:
        _calls_points("12389m456p78s9p11z4z", 8)
    finally:
        _CallsPoints.chance = chance
    [search] = set(found)
    kinds = set()
    for key, melds in search.states:
        conc, taken = key & ((1 << _TAKEN) - 1), key >> _TAKEN
        rest = list((taken - conc).to_bytes(34, "little"))
        for kind, low in melds:
            kinds.add(kind)
            for t in ((low,) * 3 if kind == "pon" else (low, low + 1, low + 2)):
                rest[t] -= 1
        assert min(rest) >= 0 and sum(rest) <= 1, (key, melds)
    assert kinds == {"pon", "chi"}


@pytest.mark.parametrize("hand, tile, melds", [
    ("23456m789p22z", 0, [("pon", 27)]), ("123m2z", 28, [("chi", 6), ("pon", 20), ("pon", 33)]),
    ("1m", 0, [("pon", 9), ("pon", 18), ("chi", 3), ("pon", 28)]),
])
def test_a_melded_win_pays_as_scored(hand, tile, melds):
    """What the points search pays for a win with melds laid down: the Poyang scorer's
    answer for the same hand written out (no 门清 once a meld is down)."""
    from mjcore.base.tiles import parse, to_mpsz
    from mjcore.play.bestplay.points import _poyang_pays
    from mjcore.scoring.poyang import score, settle

    counts = list(parse(hand))
    counts[tile] += 1
    runs = {kind_low: (kind_low[1],) * 3 if kind_low[0] == "pon" else
            tuple(range(kind_low[1], kind_low[1] + 3)) for kind_low in melds}
    written = [f"{kind} {to_mpsz(tuple(runs[kind, low].count(t) for t in range(34)))}"
               for kind, low in melds]
    on_discard = settle(score(tuple(counts), win_tile=tile, melds=written), winner=0,
                        discarder=1)[0]
    drawn = settle(score(tuple(counts), win_tile=tile, melds=written, self_draw=True),
                   winner=0)[0]
    assert _poyang_pays(tuple(counts), tile, tuple(melds)) == (on_discard, drawn)
    assert "门清" not in dict(score(tuple(counts), win_tile=tile, melds=written).fans)
    assert "门清" in dict(score("123456m789p11122z", win_tile="1m").fans)


def test_claim_advice_points():
    """Under points the options come ranked by expected points; the win option pays the
    discard's payment, and the figures are chances and points."""
    from mjcore import claim_advice
    from mjcore.play.bestplay.points import _poyang_points

    for hand, tile, seat in [("12389m456p78s11z4z", "9s", "left"),
                             ("123456m789p1122z", "1z", "right")]:
        options = claim_advice(hand, tile, seat, objective="points")
        gains = [o.expected_points for o in options]
        assert gains == sorted(gains, reverse=True) and min(gains) >= 0
        assert all(0 <= o.discard_win <= o.win <= 1 for o in options)
    [win] = [o for o in options if o.kind == "win"]
    assert win.expected_points == _poyang_points(
        tuple(c + (t == 27) for t, c in enumerate(__import__("mjcore").parse("123456m789p1122z"))),
        27, False)


def test_search_size_counts_the_searches_with_calls():
    """search_size reports the states, the hands after a draw or a claim and (with
    points) the wins scored, for win_chances and claim_advice alike."""
    from mjcore.play.bestplay import claim_advice, search_size

    hand = "12389m456p78s9p11z4z"
    win_chances(hand, 17, POYANG, discard_wins=True, calls=True)
    chance = search_size()
    assert chance.positions > 0 and chance.after_draw > 0 and chance.scorings == 0
    win_chances(hand, 17, POYANG, objective="points", discard_wins=True, calls=True)
    points = search_size()
    assert points.positions > chance.positions and points.after_draw > 0
    assert points.scorings > 0
    claim_advice("12389m456p78s11z4z", "9s", "left", objective="points")
    claimed = search_size()
    assert claimed.positions > 0 and claimed.after_draw > 0 and claimed.scorings > 0
