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
    analyze,
    decompositions,
    discard_advice,
    effective_mask,
    effective_tiles,
    is_win,
    parse,
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
        for hand in (random_hand(rng, size, jokers, kinds=18), random_hand(rng, size, 3, kinds=9)):
            assert is_win(hand, rules) == brute_win(hand, rules), hand


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


def test_the_rules_type_and_which_functions_refuse_wilds():
    from mjcore import analyze, discard_advice, win_chances

    assert type(HONGZHONG) is WildRules and HONGZHONG.wild == RED
    assert Rules(wild=5).wild == 5 and Rules(wild="6z").wild == 32
    with pytest.raises(HandError, match="wild"):
        Rules(wild=34)
    # the references and lessons that read tiles as plain tiles refuse wild rules
    from mjcore.hand.forms import is_win_by_search
    from mjcore.hand.vectors import shanten_lazy
    from mjcore.hand.waits import waits_by_trial
    for call in (lambda: is_win_by_search("123m11z", HONGZHONG),
                 lambda: shanten_lazy("123m1z", HONGZHONG),
                 lambda: waits_by_trial("123m1z", HONGZHONG)):
        with pytest.raises(HandError, match="have wild tiles"):
            call()
    # the library's answers take them
    assert analyze("123m7z", HONGZHONG).waits.tiles
    assert discard_advice("123m11z", HONGZHONG)[0].shanten == 0
    assert win_chances("123456789m1234p7z", 3, HONGZHONG)[0].shanten == -1  # 7z as 1p


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


def readings_by_assignment(hand: tuple, wild_kind: int) -> set:
    """Every reading of the hand with its one joker made each of the 34 kinds in turn, a
    fifth copy included (with one joker no meld or pair is made of jokers alone, so no
    convention enters), as (pair, sorted (tile, kind) of the melds)."""
    found = set()
    real = list(hand)
    real[wild_kind] -= 1
    for kind in range(34):
        trial = real.copy()
        trial[kind] += 1
        found |= {r for r in all_readings(tuple(trial)) if r[0] is not None}
    return found


def as_plain(d) -> tuple:
    return d.pair, tuple(sorted((m.tile, m.kind) for m in d.melds))


@cache
def all_readings(counts: tuple) -> frozenset:
    """Every (pair or None, sorted (tile, kind) of the melds) of any counts: the lowest
    tile's group tried as a triplet, the pair and a run."""
    i = next((t for t, c in enumerate(counts) if c), None)
    if i is None:
        return frozenset({(None, ())})
    found = set()
    for group, take in (("triplet", {i: 3}), ("pair", {i: 2}),
                        ("run", {i: 1, i + 1: 1, i + 2: 1} if i < 27 and i % 9 <= 6 else None)):
        if take is None or any(counts[t] < n for t, n in take.items()):
            continue
        rest = list(counts)
        for t, n in take.items():
            rest[t] -= n
        for pair, melds in all_readings(tuple(rest)):
            if group == "pair":
                if pair is None:
                    found.add((i, melds))
            else:
                found.add((pair, tuple(sorted(melds + ((i, group),)))))
    return frozenset(found)


def test_readings_with_one_joker_are_those_of_every_assignment():
    rules = WILD_RULES["standard"]
    rng = random.Random(33)
    checked = 0
    for hand in [wins_with_jokers(rng, 1, rules) for _ in range(200)]:
        mine = decompositions(hand, rules)
        assert {as_plain(d) for d in mine} == readings_by_assignment(hand, RED), hand
        assert [d.melds for d in mine] == [tuple(sorted(d.melds, key=lambda m: (
            m.tile, m.kind != "triplet"))) for d in mine]  # the plain search's order
        checked += bool(mine)
    assert checked == 200


@pytest.mark.parametrize("jokers", [0, 2, 3, 4])
def test_each_reading_spends_exactly_the_jokers(jokers):
    """A reading's tiles are the real tiles and what the wilds stand for; there is a
    reading exactly when the hand wins in the standard form."""
    rules = WILD_RULES["standard"]
    rng = random.Random(jokers)
    hands = [wins_with_jokers(rng, jokers, rules) for _ in range(60)]
    hands += [random_hand(rng, 8, jokers, kinds=9) for _ in range(60)]
    for hand in hands:
        found = decompositions(hand, rules)
        assert bool(found) == is_win(hand, rules), hand
        for d in found:
            tiles = [d.pair, d.pair] + [t for m in d.melds for t in m.tiles]
            real = [t for t in range(34) if t != RED for _ in range(hand[t])]
            assert sorted(real + list(d.wilds)) == sorted(tiles), (hand, d)
            assert len(d.wilds) == jokers
        if jokers == 0:
            assert found == decompositions(hand)


@pytest.mark.parametrize("name", list(WILD_RULES))
def test_the_batch_functions_agree_with_the_scalar_ones(name):
    np = pytest.importorskip("numpy")
    from mjcore.bulk import batch
    rules = WILD_RULES[name]
    rng = random.Random(11)
    sizes = [rng.choice((1, 4, 5, 8, 13, 14)) for _ in range(600)]
    hands = [random_hand(rng, size, rng.randrange(min(size, 4) + 1)) for size in sizes]
    hands += [with_a_four(rng, 14, rng.randrange(4)) for _ in range(100)]
    hands = [h for h in hands if sum(h) % 3]
    rows = np.array(hands)
    assert batch.shanten(rows, rules).tolist() == [shanten(h, rules) for h in hands]
    wins = [h for h in hands if sum(h) % 3 == 2]
    assert batch.is_win(np.array(wins), rules).tolist() == [is_win(h, rules) for h in wins]
    some = rows[:60]
    assert batch.effective_masks(some, rules).tolist() == [
        effective_mask(h, rules)[1] for h in hands[:60]]
    with pytest.raises(HandError, match="row 0: shanten needs 1-14 tiles"):
        batch.shanten(np.array([random_hand(rng, 12, 1)]), rules)


def test_effective_mask_of_fourteen_tiles_is_a_draw_and_the_best_discard():
    rules = WILD_RULES["poyang"]
    rng = random.Random(4)
    for _ in range(30):
        hand = random_hand(rng, 14, rng.randrange(3))
        now, mask = effective_mask(hand, rules)
        for t in range(34):
            if hand[t] == 4:
                continue
            drawn = tuple(c + (i == t) for i, c in enumerate(hand))
            best = min(shanten(tuple(c - (i == d) for i, c in enumerate(drawn)), rules)
                       for d in range(34) if drawn[d] and d != t)
            assert bool(mask >> t & 1) == (best < now), (hand, t)


def test_discard_advice_and_analyze_take_wild_rules():
    rules = HONGZHONG
    hand = parse("12389m12s456p11z7z9p")  # 14 tiles, one 红中
    advice = discard_advice(hand, rules)
    for d in advice:
        after = tuple(c - (i == d.tile) for i, c in enumerate(hand))
        assert d.shanten == shanten(after, rules)
        assert set(d.effective.tiles) == {
            t for t in range(34) if after[t] < 4
            and shanten(tuple(c + (i == t) for i, c in enumerate(after)), rules) < d.shanten}
    assert advice[0].shanten == min(d.shanten for d in advice)
    report = analyze("123456789m11p23s7z", rules)
    assert report.win and all(d.wilds for d in report.decompositions)
    assert "wilds as" in str(report)


def test_win_chances_of_a_ready_hand_count_the_wild_tiles_as_waits():
    from mjcore import draw_probability, win_chances
    for hand in ("111222333m4445s", "123456789m1111p", "1122m3344p5566s1z"):
        w = waits(hand, HONGZHONG)
        [c] = win_chances(hand, 6, HONGZHONG)
        assert RED in w.tiles and c.shanten == 0
        assert abs(c.win - draw_probability(w.total, 136 - 13, 6)) < 1e-12, hand


@pytest.mark.parametrize("hand", ["123m456p78s1122z35p", "12389m456p78s9p11z4z",
                                  "2234m567p11357s9p"])
def test_win_chances_with_every_wild_tile_seen_are_those_without_wilds(hand):
    """With all four 红中 visible and none in hand no joker can come: the wild rules'
    general search must give the plain rules' quick search's values."""
    from mjcore import win_chances
    rules = WILD_RULES["poyang"]
    wild_play = win_chances(hand, 8, rules, visible="7777z")
    plain = win_chances(hand, 8, POYANG, visible="7777z")
    assert [(c.tile, c.shanten) for c in wild_play] == [(c.tile, c.shanten) for c in plain]
    for a, b in zip(wild_play, plain, strict=True):
        assert abs(a.win - b.win) < 1e-12 and abs(a.tenpai - b.tenpai) < 1e-12


def test_a_wild_search_too_large_is_refused():
    from mjcore import win_chances
    with pytest.raises(HandError, match="with wild tiles this hand needs more than 200,000"):
        win_chances("13m2469p147s12z7z35p", 8, HONGZHONG)


# --- Poyang scoring with wild tiles: 硬胡 and 软胡 ----------------------------------------

def test_poyang_hard_and_soft_wins():
    from mjcore import with_wild
    from mjcore.scoring.poyang import PoyangRules, score, settle

    wild = PoyangRules(forms=with_wild("poyang", "7z"))
    plain = PoyangRules()
    rng = random.Random(8)
    for _ in range(40):  # hands without the wild kind: the same readings, plus 硬胡
        hand = list(wins_with_jokers(rng, 0, WILD_RULES["poyang"]))
        tile = next(t for t in range(34) if hand[t])
        a = score(tuple(hand), win_tile=tile, rules=plain, self_draw=True)
        b = score(tuple(hand), win_tile=tile, rules=wild, self_draw=True)
        assert b.fans == a.fans + [("硬胡", 1)] and b.readings == [
            (text, fan + 1) for text, fan in a.readings]
        c = score(tuple(hand), win_tile=tile, rules=PoyangRules(forms=wild.forms,
                                                                hard_win_fan=0))
        assert c.fans == score(tuple(hand), win_tile=tile, rules=plain).fans
    # a soft win is worth half the same fans won hard (below the cap)
    soft = score("123456789m11p23s7z", win_tile="1p", rules=wild, self_draw=True)
    hard = score("123456789m11p123s", win_tile="1p", rules=wild, self_draw=True)
    assert [f for f in soft.fans] + [("硬胡", 1)] == hard.fans
    assert 2 * soft.points == hard.points
    assert settle(soft, winner=1, rules=wild) == [-(soft.points + 1), 3 * (soft.points + 1),
                                                  -(soft.points + 1), -(soft.points + 1)]
    # seven pairs with a wild tile: soft; 十三烂 with 红中 as itself: hard
    assert "硬胡" not in dict(score("1122m3344p5566s17z", win_tile="1z", rules=wild).fans)
    assert "硬胡" in dict(score("147m258p369s1236z7z", win_tile="1z", rules=wild).fans)
    with pytest.raises(HandError, match="does not win"):
        score("1199m1199p1199s12z", win_tile="2z", rules=wild)
    with pytest.raises(HandError, match="hard_win_fan"):
        PoyangRules(hard_win_fan=-1)


@pytest.mark.parametrize("name, plain", [("standard", STANDARD), ("poyang", POYANG),
                                         ("riichi", RIICHI)])
def test_a_hand_without_wild_tiles_gets_todays_answers(name, plain):
    """No 红中 in hand and no four of a kind (where a drawn joker may be a fifth copy):
    the shanten is today's, and the effective tiles are today's and the wild kind (a
    drawn joker always helps)."""
    rules = WILD_RULES[name]
    rng = random.Random(len(name) + 100)
    checked = 0
    while checked < 400:
        hand = random_hand(rng, rng.choice((4, 7, 10, 13)), 0)
        if 4 in hand:
            continue
        checked += 1
        assert shanten(hand, rules) == shanten(hand, plain), hand
        mine = set(effective_tiles(hand, rules).tiles)
        assert mine == set(effective_tiles(hand, plain).tiles) | {RED}, hand


def test_loose_vectors_differ_from_plain_ones_only_where_four_are_held():
    """What lets wild shanten read the plain tables whenever no part holds four of a kind:
    over every suit, the loose overlap vector (a target may hold more than four of a rank
    held four times) equals the plain one unless the suit holds four of a kind; and the
    stored loose vectors are the scalar function's."""
    np = pytest.importorskip("numpy")
    from mjcore.bulk.batch import part_table
    from mjcore.hand import tables
    from mjcore.hand.vectors import loose_vector, suit_vector

    plain, loose = part_table(9), part_table(9, loose=True)
    codes = np.arange(5 ** 9)
    four = np.zeros(5 ** 9, dtype=bool)
    for r in range(9):
        four |= codes // 5 ** r % 5 == 4
    assert (plain[:, ~four] == loose[:, ~four]).all()
    assert (plain[:, four] != loose[:, four]).any(axis=0).sum() > 1000
    rng = random.Random(5)
    for key in rng.sample(tables.part_keys(9), 300):
        code = sum(c * 5 ** (8 - r) for r, c in enumerate(key))
        assert tuple(loose[:, code].tolist()) == loose_vector(tuple(key))
        assert tuple(plain[:, code].tolist()) == suit_vector(tuple(key))
        assert tables.LOOSE_VECTORS[tables.SUIT_LOOSE[key]] == loose_vector(tuple(key))


def test_outlooks_count_the_thrown_tile_as_seen():
    """After a discard the unseen tiles are those of the 14-tile hand: a hand of jokers
    that every draw completes hopes for every unseen tile, no more."""
    from mjcore import outlooks, unseen
    for o in outlooks("1m7777z", HONGZHONG):
        assert o.live == o.unseen == sum(unseen(parse("1m7777z"), None)) == 131
        assert o.curve(3)[-1] == 1
