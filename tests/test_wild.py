"""Wild tiles (mjcore.hand.wild) against an independent brute force over the jokers.

The brute force tries every assignment of the hand's jokers to the 34 kinds (a fifth
copy allowed) and asks a plain check written here, from the definitions: a recursive
split into melds and a pair for any counts, and the special forms as stated in chapter
3.  Shanten is held to the least, over the assignments, of a block-counting shanten
(melds, partial melds, pair) that ignores the four-copy limit, since under wild rules a
draw may always be a joker.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcore import (
    POYANG,
    RIICHI,
    STANDARD,
    HandError,
    Rules,
    effective_tiles,
    is_win,
    shanten,
    waits,
    winning_forms,
)
from mjcore.base.rules import HONGZHONG, WildRules
from mjcore.hand import wild

RED = 31  # 7z, 红中
WILD_RULES = {
    "standard": Rules(name="std-wild", wild=RED),
    "poyang": Rules(name="poyang-wild", seven_pairs=True, four_as_two_pairs=True,
                    shisanlan=True, wild=RED),
    "riichi": Rules(name="riichi-wild", seven_pairs=True, thirteen_orphans=True, wild=RED),
}
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


# --- the plain checks, any counts ------------------------------------------------

@cache
def melds_and_pair(counts: tuple[int, ...], pair: bool) -> bool:
    """Every tile in melds, and one pair if ``pair``: the lowest tile's group tried."""
    i = next((t for t, c in enumerate(counts) if c), None)
    if i is None:
        return not pair
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if melds_and_pair(tuple(c), pair):
            return True
        c[i] += 3
    if pair and c[i] >= 2:
        c[i] -= 2
        if melds_and_pair(tuple(c), False):
            return True
        c[i] += 2
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for t in (i, i + 1, i + 2):
            c[t] -= 1
        if melds_and_pair(tuple(c), pair):
            return True
    return False


def plain_win(counts: tuple[int, ...], rules: Rules) -> bool:
    if sum(counts) % 3 != 2:
        return False
    if melds_and_pair(counts, True):
        return True
    if sum(counts) != 14:
        return False
    if rules.seven_pairs:
        ok = (all(c % 2 == 0 for c in counts) if rules.four_as_two_pairs
              else all(c in (0, 2) for c in counts))
        if ok:
            return True
    if rules.thirteen_orphans and all(counts[t] for t in ORPHANS) and sum(
            counts[t] for t in ORPHANS) == 14:
        return True
    if rules.shisanlan and max(counts) <= 1:
        spread = all(b - a >= 3 for s in range(3)
                     for a, b in zip([r for r in range(9) if counts[9 * s + r]],
                                     [r for r in range(9) if counts[9 * s + r]][1:],
                                     strict=False))
        if spread:
            return True
    return False


def assignments(counts: tuple[int, ...], wild_kind: int):
    """The real tiles with each assignment of the jokers to kinds."""
    real = list(counts)
    k = real[wild_kind]
    real[wild_kind] = 0
    for kinds in combinations_with_replacement(range(34), k):
        hand = real.copy()
        for t in kinds:
            hand[t] += 1
        yield tuple(hand)


def brute_win(counts: tuple[int, ...], rules: Rules) -> bool:
    return any(plain_win(h, rules) for h in assignments(counts, rules.wild))


@cache
def blocks(counts: tuple[int, ...], melds: int, partials: int, pair: bool, goal: int) -> int:
    """The best 2*melds + partials + pair over the ways to take groups from ``counts``."""
    i = next((t for t, c in enumerate(counts) if c), None)
    if i is None:
        return 2 * melds + partials + pair
    c = list(counts)
    best = blocks(tuple(c[:i] + [0] + c[i + 1:]), melds, partials, pair, goal)  # left alone
    groups = [((i, i, i), 1), ((i, i), 0)]
    if i < 27 and i % 9 <= 6:
        groups.append(((i, i + 1, i + 2), 1))
    if i < 27 and i % 9 <= 7:
        groups.append(((i, i + 1), 0))
    if i < 27 and i % 9 <= 6:
        groups.append(((i, i + 2), 0))
    for tiles, whole in groups:
        if any(c[t] < tiles.count(t) for t in set(tiles)):
            continue
        for t in tiles:
            c[t] -= 1
        rest = tuple(c)
        for t in tiles:
            c[t] += 1
        if whole:
            if melds + partials < goal:
                best = max(best, blocks(rest, melds + 1, partials, pair, goal))
        else:
            if len(tiles) == 2 and tiles[0] == tiles[1] and not pair:
                best = max(best, blocks(rest, melds, partials, True, goal))
            if melds + partials < goal:
                best = max(best, blocks(rest, melds, partials + 1, pair, goal))
    return best


def block_shanten(counts: tuple[int, ...], rules: Rules) -> int:
    """Shanten with no four-copy limit, from blocks, and the special forms' counts."""
    size = sum(counts)
    goal = (size - 2) // 3 if size % 3 == 2 else (size - 1) // 3  # melds wanted
    best = 2 * goal - blocks(counts, 0, 0, False, goal)
    if size >= 13:
        if rules.seven_pairs:
            if rules.four_as_two_pairs:
                best = min(best, 6 - sum(c // 2 for c in counts))
            else:
                pairs = sum(1 for c in counts if c >= 2)
                kinds = sum(1 for c in counts if c)
                best = min(best, 6 - pairs + max(0, 7 - kinds))
        if rules.thirteen_orphans:
            kinds = sum(1 for t in ORPHANS if counts[t])
            best = min(best, 13 - kinds - any(counts[t] >= 2 for t in ORPHANS))
        if rules.shisanlan:
            best = min(best, lan_shanten(counts))
    return best


LAN_SETS = [s for s in range(512) if all(
    b - a >= 3 for a, b in zip([r for r in range(9) if s >> r & 1],
                               [r for r in range(9) if s >> r & 1][1:], strict=False))]


def lan_shanten(counts: tuple[int, ...]) -> int:
    """十三烂: 13 less the most tiles kept in a pattern (one honour of each kind, and
    in each suit a set of ranks at least 3 apart)."""
    kept = sum(1 for t in range(27, 34) if counts[t])
    for s in range(3):
        kept += max(bin(m).count("1") for m in LAN_SETS
                    if all(counts[9 * s + r] for r in range(9) if m >> r & 1))
    return 13 - kept


def brute_shanten(counts: tuple[int, ...], rules: Rules) -> int:
    return min(block_shanten(h, rules) for h in assignments(counts, rules.wild))


def random_hand(rng: random.Random, size: int, jokers: int, kinds: int = 34) -> tuple:
    counts = [0] * 34
    counts[RED] = jokers
    pool = [t for t in range(kinds) if t != RED for _ in range(4)]
    for t in rng.sample(pool, size - jokers):
        counts[t] += 1
    return tuple(counts)


# --- the tests -------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(WILD_RULES))
@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_is_win_against_every_assignment(name, jokers):
    rules = WILD_RULES[name]
    rng = random.Random(2026 + jokers)
    hands = [random_hand(rng, 14, jokers) for _ in range(150)]
    hands += [with_a_four(rng, 14, jokers) for _ in range(150)]
    for hand in hands + [wins_with_jokers(rng, jokers, rules) for _ in range(150)]:
        assert is_win(hand, rules) == brute_win(hand, rules), hand
        assert bool(winning_forms(hand, rules)) == is_win(hand, rules)


def with_a_four(rng: random.Random, size: int, jokers: int) -> tuple:
    """A random hand holding four of a kind (not the wild kind)."""
    while True:
        counts = list(random_hand(rng, size - 4, jokers, kinds=27))
        four = rng.choice([t for t in range(34) if t != RED and not counts[t]])
        counts[four] = 4
        return tuple(counts)


def wins_with_jokers(rng: random.Random, jokers: int, rules: Rules) -> tuple:
    """A winning hand of real tiles with ``jokers`` of its tiles made jokers."""
    while True:
        counts = [0] * 34
        counts[rng.randrange(27)] += 2
        for _ in range(4):
            if rng.random() < 0.4:
                counts[rng.randrange(31)] += 3
            else:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                for t in range(start, start + 3):
                    counts[t] += 1
        if max(counts) > 4 or counts[RED]:
            continue
        tiles = [t for t in range(34) for _ in range(counts[t])]
        for t in rng.sample(tiles, jokers):
            counts[t] -= 1
            counts[RED] += 1
        return tuple(counts)


@pytest.mark.parametrize("jokers, size, count", [(3, 8, 12), (4, 8, 4), (3, 14, 6), (4, 14, 2)])
def test_many_jokers_against_every_assignment(jokers, size, count):
    rng = random.Random(7 * jokers + size)
    rules = WILD_RULES["poyang"]
    for _ in range(count):
        for hand in (random_hand(rng, size, jokers, kinds=18), wins_with_jokers_small(rng, size)):
            assert is_win(hand, rules) == brute_win(hand, rules), hand


def wins_with_jokers_small(rng: random.Random, size: int) -> tuple:
    counts = [0] * 34
    counts[RED] = 3
    pool = [t for t in range(9) for _ in range(4)]
    for t in rng.sample(pool, size - 3):
        counts[t] += 1
    return tuple(counts)


@pytest.mark.parametrize("name", list(WILD_RULES))
@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_shanten_against_every_assignment(name, jokers):
    rules = WILD_RULES[name]
    rng = random.Random(99 + jokers)
    sizes = (4, 5, 7, 8, 13, 14) if jokers < 2 else (4, 5, 7, 8)
    for size in sizes:
        for _ in range(25 if jokers < 2 else 8):
            hand = random_hand(rng, size, jokers, kinds=34 if size >= 13 else 18)
            assert shanten(hand, rules) == brute_shanten(hand, rules), hand
        if size >= jokers + 4:
            hand = with_a_four(rng, size, jokers)
            assert shanten(hand, rules) == brute_shanten(hand, rules), hand


@pytest.mark.parametrize("jokers", [0, 1])
def test_waits_are_the_draws_that_win(jokers):
    rules = WILD_RULES["riichi"]
    rng = random.Random(5 + jokers)
    checked = 0
    while checked < 6:
        hand = list(wins_with_jokers(rng, jokers, rules))
        out = rng.choice([t for t in range(34) if hand[t] and t != RED])
        hand[out] -= 1
        hand = tuple(hand)
        expected = [t for t in range(34) if hand[t] < 4
                    and brute_win(tuple(c + (i == t) for i, c in enumerate(hand)), rules)]
        assert list(waits(hand, rules).tiles) == expected, hand
        assert RED in expected  # a ready hand waits on the wild kind itself
        checked += 1


def test_a_fifth_copy_and_the_wild_kind_itself():
    assert is_win("11112m", HONGZHONG) is False
    assert is_win("1111m7z", HONGZHONG)              # 111 + 1 and a joker as a fifth 1m
    assert is_win("777z11m", HONGZHONG)              # three jokers as 红中 itself
    assert shanten("123456789m1111p", HONGZHONG) == 0
    assert list(waits("123456789m1111p", HONGZHONG).tiles) == [RED]
    assert shanten("123456789m1111p", POYANG) == 1   # without wilds, unchanged


def test_seven_pairs_and_orphans_with_jokers():
    assert winning_forms("1122m3344p5566s17z", HONGZHONG) == ["seven_pairs"]
    riichi = WILD_RULES["riichi"]
    assert is_win("19m19p19s11234567z", riichi)      # the joker is 红中 itself
    assert is_win("19m19p1s1234566z77z", riichi)     # the jokers: 9s and 红中
    assert is_win("1111m3344p5566s77z", riichi) is False  # four of a kind: not 2 pairs
    assert is_win("1111m3344p5566s77z", HONGZHONG)


@given(st.integers(0, 10 ** 9))
@settings(max_examples=60, deadline=None)
def test_a_joker_never_raises_shanten(seed):
    """Replacing any tile of a hand by a joker never raises its shanten, and a winning
    hand stays winning."""
    rng = random.Random(seed)
    rules = WILD_RULES[rng.choice(list(WILD_RULES))]
    hand = list(random_hand(rng, rng.choice((5, 8, 11, 13, 14)), rng.randrange(3)))
    before = shanten(hand, rules)
    real = [t for t in range(34) if hand[t] and t != RED]
    if real:
        hand[rng.choice(real)] -= 1
        hand[RED] += 1
        with_joker = shanten(hand, rules)
        assert with_joker <= before
        # the joker against every tile it could stand for (one with a copy left)
        hand[RED] -= 1
        for tile in range(34):
            if tile != RED and hand[tile] < 4:
                hand[tile] += 1
                assert with_joker <= shanten(hand, rules)
                hand[tile] -= 1


def test_no_joker_in_hand_wins_exactly_as_without_wilds():
    rng = random.Random(11)
    for _ in range(300):
        hand = random_hand(rng, 14, 0)
        for name, plain in (("standard", STANDARD), ("poyang", POYANG), ("riichi", RIICHI)):
            assert is_win(hand, WILD_RULES[name]) == is_win(hand, plain)


def test_effective_tiles_with_a_joker_are_the_draws_that_help():
    counts = wild.as_counts("5m23m456p78s99p11z7z")
    now = shanten(counts, HONGZHONG)
    found = effective_tiles(counts, HONGZHONG).tiles
    for t in range(34):
        if counts[t] < 4:
            drawn = tuple(c + (i == t) for i, c in enumerate(counts))
            assert (t in found) == (shanten(drawn, HONGZHONG) < now)


def test_the_rules_type_and_the_functions_that_refuse_wilds():
    from mjcore import analyze, discard_advice, win_chances

    assert type(HONGZHONG) is WildRules and HONGZHONG.wild == RED
    assert Rules(wild=5).wild == 5 and Rules(wild="6z").wild == 32
    with pytest.raises(HandError, match="wild"):
        Rules(wild=34)
    for call in (lambda: analyze("123m", HONGZHONG), lambda: discard_advice("123m11z", HONGZHONG),
                 lambda: win_chances("123456789m1234p5z", 3, HONGZHONG)):
        with pytest.raises(HandError, match="wild tiles"):
            call()


@pytest.mark.parametrize("call, name, hand", [(waits, "waits", "123m45p"),
                                              (effective_tiles, "effective_tiles", "123m45p"),
                                              (is_win, "a winning shape", "123m4p")])
def test_a_wrong_size_names_the_function(call, name, hand):
    with pytest.raises(HandError, match=f"^{name} needs"):
        call(hand, HONGZHONG)


@pytest.mark.parametrize("name", list(WILD_RULES))
def test_the_tables_agree_with_the_exact_search_on_thousands_of_hands(name):
    """mjcore.shanten (the tables, mjcore.hand.shanten.wild_shanten) against the exact
    joker search of mjcore.hand.wild (held to the brute force above): 0-4 jokers, every
    size, a third of the hands holding four of a kind, where a joker may be a fifth copy."""
    rules = WILD_RULES[name]
    rng = random.Random(len(name))
    fours = 0
    for i in range(3000):
        size = rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 13, 14))
        jokers = rng.randrange(min(4, size) + 1)
        if i % 3 == 0 and size >= jokers + 4:
            hand = with_a_four(rng, size, jokers)
            fours += 1
        else:
            hand = random_hand(rng, size, jokers)
        assert shanten(hand, rules) == wild.shanten(hand, rules), hand
    assert fours > 600
