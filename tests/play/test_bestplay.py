"""win_chances: the published table, brute force over whole walls, simulation, laws."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from operator import add

import bestplay_oracle as bo
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjcore import (
    POYANG,
    RIICHI,
    STANDARD,
    HandError,
    draw_probability,
    effective_tiles,
    parse,
    shanten,
    tile_index,
    to_mpsz,
    waits,
    win_chances,
)
from mjcore.play.bestplay import discard_parts, exact_win_chances, search_table, simulate_play
from mjcore.play.bestplay.api import _compute

# tomohxx/mahjong-win-prob, README.md, "echo 234578m1689p357s1z | ./main": the chance of
# winning by the end for each discard (columns) at turn 1-14 (rows; turn 1 = 17 draws
# left, turn t = 18 - t).  Turns 15-18 print 0.0000 for every discard.
PUBLISHED = {
    "2m": "1387 1208 1035 0870 0715 0572 0442 0328 0230 0150 0089 0045 0018 0004",
    "5m": "1387 1208 1035 0870 0715 0572 0442 0328 0230 0150 0089 0045 0018 0004",
    "8m": "0879 0754 0637 0527 0426 0335 0255 0186 0128 0082 0047 0024 0009 0002",
    "1p": "1511 1326 1146 0973 0808 0654 0512 0385 0274 0182 0110 0057 0023 0006",
    "6p": "1432 1252 1077 0910 0752 0605 0471 0351 0249 0164 0098 0050 0020 0005",
    "9p": "1432 1252 1077 0910 0752 0605 0471 0351 0249 0164 0098 0050 0020 0005",
    "3s": "1114 0966 0824 0689 0564 0449 0346 0255 0178 0116 0068 0035 0014 0003",
    "7s": "1114 0966 0824 0689 0564 0449 0346 0255 0178 0116 0068 0035 0014 0003",
    "1z": "1511 1326 1146 0973 0808 0654 0512 0385 0274 0182 0110 0057 0023 0006",
}
TABLE_HAND = "234578m1689p357s1z"


def one_discard(hand: str, tile: str, draws: int, rules=RIICHI, hand_changes=False):
    """The entry of one discard, computed on the 13 tiles left (the discard is visible)."""
    counts = list(parse(hand))
    counts[tile_index(tile)] -= 1
    [chance] = win_chances(counts, draws, rules, visible=tile, hand_changes=hand_changes)
    return chance


@pytest.mark.parametrize("tile", sorted(PUBLISHED))
def test_published_table(tile):
    chance = one_discard(TABLE_HAND, tile, 17)
    assert chance.shanten == 3
    printed = [int(cell) / 10_000 for cell in PUBLISHED[tile].split()]
    for turn, cell in enumerate(printed + [0.0] * 4, start=1):
        assert round(chance.by_draws[18 - turn], 4) == cell, (tile, turn)
    assert chance.by_draws[-1] == chance.win


def test_a_discard_entry_is_the_13_tile_hand_with_that_tile_visible():
    hand = "123456m1289p357s1z"  # every discard, raising ones too
    whole = {c.tile: c for c in win_chances(hand, 6, RIICHI)}
    assert len(whole) == len({t for t in range(34) if parse(hand)[t]})
    for tile, chance in whole.items():
        alone = one_discard(hand, f"{tile % 9 + 1}{'msp'[tile // 9]}" if tile < 27 else "1z", 6)
        assert alone.shanten == chance.shanten
        assert alone.win == pytest.approx(chance.win, abs=1e-12)
        assert alone.tenpai == pytest.approx(chance.tenpai, abs=1e-12)


def test_best_first_and_ties_by_tile():
    result = win_chances("123456789m1234p5z", draws=4)
    wins = [round(c.win, 12) for c in result]
    assert wins == sorted(wins, reverse=True)
    for a, b in zip(result, result[1:], strict=False):
        if round(a.win, 12) == round(b.win, 12):
            assert a.tile < b.tile


# --- brute force over every wall order ----------------------------------------------

def tiny_case(rng: random.Random, max_copies: int):
    """A one-suit hand of 4, 5, 7 or 8 tiles, a wall of a few wan, and 2-4 draws."""
    n = rng.choice([4, 5, 7, 8])
    while True:
        hand = [0] * 9
        for _ in range(n):
            hand[rng.randrange(9)] += 1
        if max(hand) > 4:
            continue
        wall = [rng.randint(0, min(max_copies, 4 - h)) for h in hand]
        if sum(wall) >= 6:
            return tuple(hand), tuple(wall), rng.randint(2, 4)


def embed(hand, wall):
    """The tiny case as 34 counts: everything not in hand or wall is visible."""
    seen = [4 - h - w for h, w in zip(hand, wall, strict=True)] + [4] * 25
    return tuple(bo.full(hand)), tuple(seen)


@pytest.mark.parametrize("seed", range(12))
def test_keep_only_progress_is_exact(seed):
    """The simple count equals the exact value over every order of the wall."""
    hand, wall, draws = tiny_case(random.Random(seed), 2 + seed % 3)
    counts, seen = embed(hand, wall)
    for chance in _compute(counts, draws, STANDARD, seen, False, "win", Fraction(1)):
        if chance.shanten < 0:
            continue
        kept = hand if chance.tile is None else bo.plus(hand, chance.tile, -1)
        assert chance.win == bo.value(kept, wall, draws, "progress", "exact"), chance.tile
        assert chance.win == bo.value(kept, wall, draws, "progress", "simple")


@pytest.mark.parametrize("seed", range(6))
def test_hand_changes_simple_count_and_exact(seed):
    """Both counts under hand changes against the oracle; the exact one never loses."""
    hand, wall, draws = tiny_case(random.Random(100 + seed), 2)
    counts, seen = embed(hand, wall)
    simple = _compute(counts, draws, STANDARD, seen, True, "win", Fraction(1))
    exact = exact_win_chances(counts, draws, STANDARD, seen, hand_changes=True)
    progress = exact_win_chances(counts, draws, STANDARD, seen)
    for chance in simple:
        if chance.shanten < 0:
            continue
        kept = hand if chance.tile is None else bo.plus(hand, chance.tile, -1)
        assert chance.win == bo.value(kept, wall, draws, "class", "simple", hand)
        assert exact[chance.tile] == bo.value(kept, wall, draws, "class", "exact", hand)
        assert exact[chance.tile] >= progress[chance.tile]
        assert bo.value(kept, wall, draws, "free", "exact", hand) >= exact[chance.tile]


def test_every_order_listed():
    hand, wall = (1, 1, 0, 1, 1, 0, 0, 0, 0), (1, 1, 1, 1, 1, 1, 0, 0, 0)
    counts, seen = embed(hand, wall)
    [chance] = _compute(counts, 3, STANDARD, seen, False, "win", Fraction(1))
    assert chance.win == bo.every_order(hand, wall, 3) == bo.value_from(hand, wall, 3)
    assert 0 < chance.win < 1


# --- the real process, simulated ----------------------------------------------------

@pytest.mark.parametrize("hand, draws", [("123456789m1234p", 10), ("12345m6789p2356s", 8),
                                         ("1133557799m135p", 9)])
def test_simulation_inside_its_interval(hand, draws):
    """Real shuffled walls (every drawn tile gone), the policy the search found."""
    [chance] = win_chances(hand, draws)
    est = simulate_play(hand, draws, trials=4000, rng=random.Random(2026))
    assert est.covers(chance.win, z=3.0), (est.value, chance.win)


# --- laws -----------------------------------------------------------------------------

@st.composite
def tiny_hands(draw):
    seed = draw(st.integers(0, 10_000))
    return tiny_case(random.Random(seed), draw(st.integers(1, 3)))


@settings(max_examples=25, deadline=None)
@given(tiny_hands())
def test_laws_on_tiny_walls(case):
    hand, wall, draws = case
    counts, seen = embed(hand, wall)
    progress = win_chances(counts, draws, STANDARD, seen)
    changes = win_chances(counts, draws, STANDARD, seen, hand_changes=True)
    exact_progress = exact_win_chances(counts, draws, STANDARD, seen)
    exact_changes = exact_win_chances(counts, draws, STANDARD, seen, hand_changes=True)
    more = {c.tile: c for c in win_chances(counts, draws + 1, STANDARD, seen)} \
        if draws < sum(wall) else None
    for c in changes:  # the simple count may be off on a tiny wall, but stays a chance
        assert 0 <= c.win <= c.tenpai <= 1
        assert all(a <= b + 1e-12 for a, b in zip(c.by_draws, c.by_draws[1:], strict=False))
    for c in progress:
        assert 0 <= c.win <= 1 and 0 <= c.tenpai <= 1
        assert c.win <= c.tenpai + 1e-12
        assert all(a <= b + 1e-12 for a, b in zip(c.by_draws, c.by_draws[1:], strict=False))
        assert c.by_draws[-1] == c.win
        if c.shanten < 0:
            assert c.win == 1 and c.by_draws[0] == 1
        else:
            assert c.by_draws[0] == 0
        assert exact_progress[c.tile] == pytest.approx(c.win, abs=1e-12)
        assert exact_changes[c.tile] >= exact_progress[c.tile]
        if more is not None:
            assert more[c.tile].win >= c.win - 1e-12


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["111222333m4445s", "123456789m1234p", "1122m3344p5566s7z",
                        "19m19p19s1234567z", "147m258p369s1235z", "123m456p789s1122z"]),
       st.integers(0, 8), st.sampled_from([POYANG, RIICHI, STANDARD]))
def test_a_ready_hand_is_hypergeometric(hand, draws, rules):
    if shanten(hand, rules) != 0:
        return
    [chance] = win_chances(hand, draws, rules)
    live = waits(hand, rules).total
    assert chance.win == pytest.approx(float(draw_probability(live, 123, draws)), abs=1e-12)
    for k, p in enumerate(chance.by_draws):
        expect = draw_probability(live, 123 - draws + k, k)
        assert p == pytest.approx(float(expect), abs=1e-12)
    assert chance.tenpai == 1


def test_complete_hand_is_one():
    [chance] = win_chances("123456789m11122z", 5)
    assert (chance.tile, chance.shanten, chance.win, chance.tenpai) == (None, -1, 1.0, 1.0)
    assert chance.by_draws == (1.0,) * 6


def test_special_forms_count():
    # 十三烂 (Poyang): ready on any of the missing honours and suits that fit
    [lan] = win_chances("147m258p369s1234z", 3, POYANG)
    assert lan.shanten == 0 and lan.win > 0
    [std] = win_chances("147m258p369s1234z", 3, STANDARD)
    assert std.win == 0
    [orphans] = win_chances("19m19p19s1234567z", 3, RIICHI)
    assert orphans.win == pytest.approx(float(draw_probability(39, 123, 3)))


def test_hand_changes_help_a_hand_that_wants_a_better_shape():
    hand = "1379m2468p13579s"  # 13 tiles, far from ready: only a sanity check
    hand = "123456m789p1357s"
    [keep] = win_chances(hand, 6)
    [change] = win_chances(hand, 6, hand_changes=True)
    assert change.win > keep.win


# --- points ---------------------------------------------------------------------------

def test_points_change_the_best_discard():
    hand = POINTS_HAND
    by_win = win_chances(hand, 8)
    by_points = win_chances(hand, 8, objective="points")
    assert by_win[0].tile != by_points[0].tile
    best = {c.tile: c for c in by_points}
    assert best[by_points[0].tile].expected_points > best[by_win[0].tile].expected_points
    assert best[by_win[0].tile].win > best[by_points[0].tile].win
    assert all(c.expected_points is not None for c in by_points)
    assert all(c.expected_points is None for c in by_win)


def test_points_of_a_ready_hand():
    from mjcore.scoring.poyang import score, settle

    [chance] = win_chances("123456789m1112p", 4, objective="points")
    collected = settle(score("123456789m11122p", win_tile="2p", self_draw=True), winner=0)[0]
    assert chance.expected_points == pytest.approx(chance.win * collected)


POINTS_HAND = "33455677799m23p2z"  # a one-suit hand: 清一色 beats speed


def _random_deals(n: int, seed: int, most: int) -> list[tuple[int, ...]]:
    """``n`` seeded 14-tile deals of shanten at most ``most`` under Poyang rules."""
    rng, wall, found = random.Random(seed), [t for t in range(34) for _ in range(4)], []
    while len(found) < n:
        rng.shuffle(wall)
        counts = [0] * 34
        for t in wall[:14]:
            counts[t] += 1
        if shanten(counts, POYANG) <= most:
            found.append(tuple(counts))
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_quick_points_search_agrees_with_the_general_one(seed):
    """Keep only progress with points: the quick search and the general one (which values
    every hand draw by draw) give the same values for every discard."""
    rng = random.Random(seed)
    for counts in _random_deals(4, seed, 2):
        draws = rng.choice([4, 6, 8])
        args = (counts, draws, POYANG, (0,) * 34, False, "points")
        quick = {c.tile: c for c in _compute(*args)}
        general = {c.tile: c for c in _compute(*args, quick=False)}
        assert quick.keys() == general.keys()
        for tile, one in quick.items():
            two = general[tile]
            assert one.shanten == two.shanten
            for a, b in [(one.win, two.win), (one.tenpai, two.tenpai),
                         (one.expected_points, two.expected_points),
                         *zip(one.by_draws, two.by_draws, strict=True)]:
                assert abs(a - b) < 1e-12


def _winning_hands(rng: random.Random) -> list[tuple[int, ...]]:
    """Standard wins, seven pairs (a four among them at times) and 十三烂, seeded."""
    from mjcore.base.deals import random_wins

    hands = random_wins(60, rng)
    for _ in range(20):
        kinds = rng.sample(range(34), 6)
        pairs = [0] * 34
        for t in kinds:
            pairs[t] = 2
        pairs[kinds[0]] = 4 if rng.random() < 0.5 else 2
        if pairs[kinds[0]] == 2:
            pairs[rng.choice([t for t in range(34) if not pairs[t]])] = 2
        hands.append(tuple(pairs))
    for _ in range(20):  # 十三烂: ranks three apart or more in each suit, honours once each
        lan = [0] * 34
        for k in (0, 9, 18):
            for rank in rng.choice([(0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 3, 7), (0, 4, 8)]):
                lan[k + rank] = 1
        for t in rng.sample(range(27, 34), 5):
            lan[t] = 1
        hands.append(tuple(lan))
    return hands


def test_points_read_the_hand_not_the_last_tile_nor_which_suit():
    """What the quick points search relies on: a concealed win's points, self-drawn or on a
    discard, do not depend on the winning tile, on mirroring a suit, on which suit is which
    or on which honour is which.  On a discard the discarder alone pays, no 自摸 fan nor
    bonus: less than a third of the self-drawn payment; _poyang_pays gives both from one
    scoring."""
    from mjcore.play.bestplay.points import _poyang_pays, _poyang_points

    rng = random.Random(34)
    for hand in _winning_hands(rng):
        tiles = [t for t in range(34) if hand[t]]
        suits = [list(hand[k:k + 9]) for k in (0, 9, 18)]
        rng.shuffle(suits)
        suits = [s[::-1] if rng.random() < 0.5 else s for s in suits]
        honours = list(hand[27:])
        rng.shuffle(honours)
        other = tuple(sum(suits, []) + honours)
        for drawn in (True, False):
            points = {_poyang_points(hand, t, drawn) for t in tiles}
            assert len(points) == 1
            assert _poyang_points(other, next(t for t in range(34) if other[t]),
                                  drawn) in points
        assert 3 * _poyang_points(hand, tiles[0], False) < _poyang_points(hand, tiles[0])
        assert _poyang_pays(hand, tiles[-1]) == (_poyang_points(hand, tiles[-1], False),
                                                 _poyang_points(hand, tiles[-1], True))


# --- the result and the arguments -------------------------------------------------

def test_chances_frame_and_dict():
    from mjcore.view.frames import chances_frame

    result = win_chances("123456789m1234p5z", draws=4)
    frame = chances_frame(result)
    assert list(frame.columns) == ["discard", "shanten", "win", "tenpai"]
    assert len(frame) == len(result) and frame["win"].iloc[0] == result[0].win
    assert result.as_dict()["choices"][0]["discard"] == result[0].name


@pytest.mark.parametrize("kwargs, message", [
    ({"hand": "123m"}, "3n+1 or 3n+2"),
    ({"hand": "123456789m1234p5z", "draws": -1}, "draws must be 0 or more"),
    ({"hand": "123456789m1234p5z", "draws": 71}, "draws must be at most 70"),
    ({"hand": "123456789m1234p5z", "draws": True}, "draws must be a whole number"),
    ({"hand": "123456789m1234p5z", "draws": 2.0}, "draws must be a whole number"),
    ({"hand": "123456789m1234p5z", "hand_changes": 1}, "hand_changes must be True or False"),
    ({"hand": "123456789m1234p5z", "objective": "speed"}, "objective must be one of"),
    ({"hand": "123456789m1234p5z", "rules": "mcr"}, "rules must be a mjcore.Rules"),
    ({"hand": "123456789m1234p5z", "visible": "5555z"}, "a tile has 4 copies"),
    ({"hand": "123456789m1234p5z", "objective": "points", "rules": RIICHI}, "poyang rules"),
    ({"hand": "11123m", "objective": "points"}, "13 or 14 tiles"),
    ({"hand": "123456789m1234p5z", "discard_wins": "yes"}, "discard_wins must be True or False"),
    ({"hand": "123456789m1234p5z", "discard_wins": True, "draws": 31},
     "31 turns need 124, only 122 are unseen"),
    ({"hand": "123456789m1234p5z", "discard_wins": True, "hand_changes": True},
     "four seats (discard_wins, calls) with hand_changes are not modelled yet"),
    ({"hand": "147m258p369s12345z", "calls": True, "rules": "standard"},
     "calls are searched for hands at most 3 from ready, this one is 8: use discard_wins "
     "alone"),
    ({"hand": "234578m1689p357s1z", "calls": True, "objective": "points"},
     "points with calls are searched for hands at most 2 from ready, this one is 3"),
    ({"hand": "123456789m1234p5z", "discard_wins": True, "rules": "hongzhong"},
     "four seats (discard_wins, calls) under wild rules"),
    ({"hand": "123456789m1234p5z", "discards": "9p"}, "discards: 9p is not in the hand"),
    ({"hand": "123456789m1234p5z", "discards": [1, 40]},
     "each of discards 40 is not a tile name or an index 0-33"),
    ({"hand": "123456789m1234p5z", "discards": 5}, "discards must be a list of tiles"),
    ({"hand": "123456789m1234p5z", "discards": ""}, "discards names no tile"),
    ({"hand": "123456789m1234p", "discards": "1m"}, "discards needs a hand of 3n+2 tiles"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(HandError, match=re.escape(message)):
        win_chances(**kwargs)


@pytest.mark.parametrize("kwargs", [
    {"rules": RIICHI},
    {"rules": RIICHI, "hand_changes": True},
    {"objective": "points"},
    {"discard_wins": True, "calls": True},
    {"discard_wins": True, "calls": True, "opponents": True, "turn": 6},
    {"discard_wins": True, "objective": "points", "opponents": True, "deal_ins": True},
])
def test_asking_some_discards_gives_each_the_whole_call_s_answer(kwargs):
    # the analyzer splits a slow question between its workers by discards: each part
    # must answer its discards as the whole call does, those that keep the shanten (one
    # shared search) and those that raise it (a search each) alike
    hand = "12389m456p78s9p11z4z"
    whole = {c.tile: c for c in win_chances(hand, 12, **kwargs)}
    for part, names in (("9p4z", {"9p", "4z"}), ([0, 1, "3m", 8], {"1m", "2m", "3m", "9m"}),
                        ("1z2m9m", {"1z", "2m", "9m"})):
        some = win_chances(hand, 12, discards=part, **kwargs)
        assert {c.name for c in some} == names  # those asked, best first as in the whole
        assert [c.tile for c in some] == [t for t in whole if whole[t].name in names]
        for c in some:
            w = whole[c.tile]
            assert c.shanten == w.shanten and c.exact == w.exact
            assert abs(c.win - w.win) < 1e-12 and abs(c.tenpai - w.tenpai) < 1e-12
            for x, y in ((c.expected_points, w.expected_points), (c.deal_in, w.deal_in),
                         (c.discard_win, w.discard_win)):
                assert (x is None) == (y is None) and (x is None or abs(x - y) < 1e-9)


@pytest.mark.parametrize("hand, rules, hand_changes", [
    ("234578m1689p357s1z", POYANG, False),
    ("12389m456p78s9p11z4z", RIICHI, False),
    ("12389m456p78s9p11z4z", RIICHI, True),
    ("1112223334445m9p", POYANG, False),
    ("11122233344455m", POYANG, False),
])
def test_discard_parts_split_the_discards(hand, rules, hand_changes):
    counts = parse(hand)
    groups = [parse(g) if g else (0,) * 34 for g in discard_parts(hand, 3, rules, hand_changes)]
    held = [t for t in range(34) if counts[t]]
    # every discard once, in one group; the discards that keep the shanten together
    assert sorted(t for g in groups for t in range(34) for _ in range(g[t])) == held
    keep = {t for t in held if shanten(counts[:t] + (counts[t] - 1,) + counts[t + 1:], rules)
            == shanten(counts, rules)}
    assert sum(any(g[t] for t in keep) for g in groups) == (1 if keep else 0)
    if hand_changes or shanten(counts, rules) < 0:  # one search serves all: one group
        assert sum(map(any, groups)) == 1
    else:
        assert sum(map(any, groups)) > 1
    # the stages split each group: first its discards that keep the shanten, then the
    # others; where one search serves all, the first stage has them all
    stages = {stage: [parse(g) if g else (0,) * 34
                      for g in discard_parts(hand, 3, rules, hand_changes, stage)]
              for stage in ("keep", "raise")}
    one_search = hand_changes or shanten(counts, rules) < 0
    for g, first, then in zip(groups, stages["keep"], stages["raise"], strict=True):
        assert tuple(map(add, first, then)) == g
        assert {t for t in range(34) if first[t]} == (
            {t for t in range(34) if g[t]} if one_search else keep & {t for t in range(34)
                                                                       if g[t]})


@pytest.mark.parametrize("hand, parts", [
    ("234578m1689p357s1z", 2), ("234578m1689p357s1z", 3), ("2459m14899p79s567z", 2),
    ("1778m25p234668s25z", 2), ("12389m456p78s9p11z4z", 2), ("1358m2479p1368s17z", 3),
])
def test_discard_parts_even_out_the_work(hand, parts):
    # the work as the docstring says: the square of a root's kinds that lower its shanten,
    # ten times that for a root further from ready, the shared search the sum of its
    # roots'; no move of one search to another group, nor trade of two, would lighten the
    # heaviest group
    counts = parse(hand)
    s14 = shanten(counts, POYANG)
    weight = {}
    for t in (t for t in range(34) if counts[t]):
        root = counts[:t] + (counts[t] - 1,) + counts[t + 1:]
        kinds = len(effective_tiles(root, POYANG).tiles)
        keeps = shanten(root, POYANG) == s14
        weight[t] = (kinds ** 2 * (1 if keeps else 10), keeps)
    groups = [parse(g) if g else (0,) * 34 for g in discard_parts(hand, parts)]
    searches = []  # by group: the work of each search in it
    for g in groups:
        held = [t for t in range(34) if g[t]]
        shared = sum(weight[t][0] for t in held if weight[t][1])
        searches.append([weight[t][0] for t in held if not weight[t][1]]
                        + ([shared] if shared else []))
    loads = [sum(w) for w in searches]
    top = loads.index(max(loads))
    n = sum(not keeps for _, keeps in weight.values()) + any(k for _, k in weight.values())
    assert sum(map(any, groups)) == min(parts, n)  # no group idle while another has two
    for g, other in enumerate(searches):
        for a in searches[top]:
            for b in [0, *other] if g != top else []:
                assert max(loads[top] - a + b, loads[g] + a - b) >= loads[top] or b >= a


def test_the_parts_answer_as_the_whole_call():
    hand, kw = "12389m456p78s9p11z4z", {"draws": 12, "discard_wins": True, "calls": True}
    whole = win_chances(hand, **kw)
    merged = sorted((c for part in discard_parts(hand, 3) for c in win_chances(
        hand, discards=part, **kw)), key=lambda c: (-round(c.win, 12), c.tile))
    assert [c.tile for c in merged] == [c.tile for c in whole]
    for a, b in zip(merged, whole, strict=True):  # the same, but for the last bits
        assert max(abs(x - y) for x, y in zip((a.win, a.tenpai, a.discard_win, *a.by_draws),
                                              (b.win, b.tenpai, b.discard_win, *b.by_draws),
                                              strict=True)) < 1e-12


def test_draws_bounded_by_the_wall():
    seen = "123456789s" * 4 + "56789p" * 4 + "1234p" * 3 + "1234z" * 4 + "67z" * 4 + "5z" * 3
    with pytest.raises(HandError, match="cannot draw 40 tiles: only 27 are unseen"):
        win_chances("123456789m1234p5z", 40, visible=seen)


def test_search_table_is_the_recursion():
    """Row by row, a ready hand's column is hypergeometric on a shrinking wall."""
    rows = search_table("123456789m1234p", 4)
    hand, s, by_draws = rows[0]
    assert (hand, s) == ("123456789m1234p", 0)
    live = waits("123456789m1234p").total
    for k, p in enumerate(by_draws):
        assert p == pytest.approx(float(draw_probability(live, 123 - 4 + k, k)))
    assert len({r[0] for r in rows}) == len(rows)


# --- the quick search against the general one ------------------------------------------

def general_search(counts, draws, rules, seen):
    """Keep only progress by the general search (:class:`_Search`), one 3n+1 hand."""
    from mjcore.hand.waits import unseen
    from mjcore.play.bestplay.changes import _Search

    cap = tuple(4 - v for v in seen)
    search = _Search(rules, draws, sum(unseen(counts, seen)), cap, False, counts, None)
    search.root(counts)
    search.build()
    search.solve("win")
    return search.chance(None, counts)


@pytest.mark.parametrize("rules", [POYANG, RIICHI, STANDARD])
def test_quick_search_equals_the_general_one(rules):
    """win_chances keeps only progress with a search of its own (ready layers collapsed,
    hands as integers); on seeded hands of every size it gives the general search's values:
    win, tenpai and the whole curve by draws left."""
    from mjcore.base.deals import random_hands
    from mjcore.play.bestplay import near_ready_hands

    rng = random.Random(7)
    hands = []
    for counts in near_ready_hands(8, 1, rng, rules):  # 13 tiles of shanten 1 or 2
        tile = rng.choice([t for t in range(34) if counts[t]])
        hands.append(counts[:tile] + (counts[tile] - 1,) + counts[tile + 1:])
    hands += random_hands(12, rng, 4) + random_hands(12, rng, 7)
    checked = 0
    for counts in hands:
        seen = [0] * 34
        for t in rng.sample([t for t in range(34) if counts[t] < 4], 6):
            seen[t] = rng.randint(1, 4 - counts[t])
        seen = tuple(seen)
        for draws in (3, 9):
            mine = win_chances(counts, draws, rules, seen)[0]
            theirs = general_search(counts, draws, rules, seen)
            assert mine.shanten == theirs.shanten
            assert mine.by_draws == pytest.approx(theirs.by_draws, abs=1e-12)
            assert mine.tenpai == pytest.approx(theirs.tenpai, abs=1e-12)
            checked += mine.win > 0
    assert checked > 30  # most of them can win: the curves compared are not all zeros


def test_near_ready_hands_refuses_a_shanten_two_swaps_never_reach():
    from mjcore.play.bestplay import near_ready_hands

    with pytest.raises(HandError, match="target"):
        near_ready_hands(1, 2, random.Random(1))
    with pytest.raises(HandError, match="n "):
        near_ready_hands(10**9, 1, random.Random(1))


# --- a hand and its mirror image ---------------------------------------------------------

def mirror(tile: int) -> int:
    """A tile read from 9 to 1 in its suit (honours stay)."""
    return tile if tile >= 27 else 9 * (tile // 9) + 8 - tile % 9


def mirrored(counts: tuple[int, ...], suits: tuple[int, ...] = (0, 1, 2)) -> tuple[int, ...]:
    """The counts with each of ``suits`` (0 m, 1 s, 2 p) read from 9 to 1."""
    return tuple(counts[mirror(t)] if t < 27 and t // 9 in suits else counts[t]
                 for t in range(34))


def symmetric_cases(rng: random.Random, rules):
    """Seeded 3n+1 hands (13, 7 and 4 tiles) with visible tiles that read the same from 9
    to 1 in every suit (a tile and its mirror image, the same number of each), so that the
    copies not visible do too: each suit can be mirrored in the search."""
    from mjcore.base.deals import random_hands
    from mjcore.play.bestplay import near_ready_hands

    hands = []
    for counts in near_ready_hands(6, 1, rng, rules):
        tile = rng.choice([t for t in range(34) if counts[t]])
        hands.append(counts[:tile] + (counts[tile] - 1,) + counts[tile + 1:])
    hands += random_hands(6, rng, 7) + random_hands(6, rng, 4)
    for counts in hands:
        seen = [0] * 34
        for t in rng.sample(range(27), 3):
            room = 4 - max(counts[t], counts[mirror(t)])
            seen[t] = seen[mirror(t)] = rng.randint(0, room)
        yield counts, tuple(seen)


@pytest.mark.parametrize("rules", [POYANG, RIICHI, STANDARD])
def test_a_hand_and_its_mirror_image_share_a_search(rules):
    """Where a suit's copies to draw read the same from 9 to 1, the quick search values a hand
    and its mirror image once (the class's twins). Its values stay the general search's, and
    a hand's values equal its image's exactly (fractions), with visible tiles mirrored too."""
    from mjcore.hand.waits import unseen
    from mjcore.play.bestplay.progress import _Progress

    rng = random.Random(23)
    shared = 0
    for counts, seen in symmetric_cases(rng, rules):
        total, draws = sum(unseen(counts, seen)), 9
        fast = _Progress(rules if sum(counts) >= 13 else None, draws, total,
                         tuple(4 - v for v in seen), 1.0, {})
        mine = fast.chance(None, counts)
        shared += sum(hand not in fast.masks for hand in fast.values)  # valued by a twin
        theirs = general_search(counts, draws, rules, seen)
        assert mine.shanten == theirs.shanten
        assert mine.by_draws == pytest.approx(theirs.by_draws, abs=1e-12)
        assert mine.tenpai == pytest.approx(theirs.tenpai, abs=1e-12)
        [a] = _compute(counts, draws, rules, seen, False, "win", Fraction(1))
        for suits in [(0,), (1, 2), (0, 1, 2)]:
            image = mirrored(counts, suits)
            [b] = _compute(image, draws, rules, seen, False, "win", Fraction(1))
            assert (a.shanten, a.by_draws, a.tenpai) == (b.shanten, b.by_draws, b.tenpai)
    assert shared > 10  # the twins were used: not a test of the general search alone


def test_discards_of_a_mirror_image_hand_are_mirrored():
    """A 14-tile hand and its mirror image: each discard's chances equal those of the mirrored
    discard, exactly, including the discards that raise the shanten (their searches count
    the thrown copy as gone, so a suit's copies to draw no longer read the same both ways)."""
    counts = parse("234578m1689p357s1z")
    image = mirrored(counts)
    ours = {c.tile: c for c in _compute(counts, 6, RIICHI, (0,) * 34, False, "win",
                                        Fraction(1))}
    theirs = {c.tile: c for c in _compute(image, 6, RIICHI, (0,) * 34, False, "win",
                                          Fraction(1))}
    assert sorted(map(mirror, ours)) == sorted(theirs)
    for tile, chance in ours.items():
        other = theirs[mirror(tile)]
        assert (chance.shanten, chance.by_draws, chance.tenpai) == (
            other.shanten, other.by_draws, other.tenpai), tile


# --- the quick search leaves the special forms out when they cannot matter ---------------

SPECIAL_NEAR = ["1122m3344p5566s7z", "1122m3344p5567s7z", "19m19p19s1234566z", "147m258p369s1235z",
                "147m258p36s12345z", "1199m1188p2277s3z", "258m147p369s1223z"]


@pytest.mark.parametrize("rules", [POYANG, RIICHI])
def test_a_draw_lowers_each_form_by_one_at_most(rules):
    """The facts the quick search rests on when it leaves the special forms out: a drawn
    tile lowers the standard form's shanten and the special forms' (``special_shanten``)
    by one at most, and a discard lowers neither; so a special form above the standard
    one stays above along progress."""
    from mjcore.base.deals import random_hands
    from mjcore.hand.shanten import special_shanten

    rng = random.Random(12)
    hands = random_hands(60, rng, 13) + [parse(h) for h in SPECIAL_NEAR]
    steps = 0
    for counts in hands:
        st0, sp0 = shanten(counts, STANDARD), special_shanten(counts, rules)
        assert shanten(counts, rules) == min(st0, sp0)
        for t in range(34):
            if counts[t] == 4:
                continue
            grown = counts[:t] + (counts[t] + 1,) + counts[t + 1:]
            st1, sp1 = shanten(grown, STANDARD), special_shanten(grown, rules)
            assert st1 >= st0 - 1 and sp1 >= sp0 - 1
            assert shanten(grown, rules) == min(st1, sp1)
            for d in range(34):
                if grown[d] and d != t:
                    kept = grown[:d] + (grown[d] - 1,) + grown[d + 1:]
                    assert shanten(kept, STANDARD) >= st1
                    assert special_shanten(kept, rules) >= sp1
                    steps += 1
    assert steps > 20_000


@pytest.mark.parametrize("rules", [POYANG, RIICHI])
def test_leaving_the_special_forms_out_changes_no_value(rules, monkeypatch):
    """win_chances with the shortcut (the tables read the standard form alone from a hand
    whose special forms are above its shanten) and without it (they always read the rules)
    give the same floats; hands of both kinds are among the starts."""
    from mjcore.hand.shanten import special_shanten
    from mjcore.play.bestplay import near_ready_hands, progress

    rng = random.Random(13)
    hands = [parse(h) for h in SPECIAL_NEAR if shanten(h, rules) <= 3]
    for counts in near_ready_hands(6, 1, rng, rules):
        tile = rng.choice([t for t in range(34) if counts[t]])
        hands.append(counts[:tile] + (counts[tile] - 1,) + counts[tile + 1:])
        hands.append(counts)
    shortcut = [special_shanten(h, rules) > shanten(h, rules) for h in hands if sum(h) == 13]
    assert any(shortcut) and not all(shortcut)
    quick = [win_chances(h, 6, rules) for h in hands]
    monkeypatch.setattr(progress, "special_bytes", lambda b, rules_: -1)  # never above
    full = [win_chances(h, 6, rules) for h in hands]
    assert quick == full


@pytest.mark.parametrize(("hand_changes", "draws"), [(False, 4), (True, 2)])
def test_a_search_above_the_limit_is_refused(monkeypatch, hand_changes, draws):
    """Both searches stop with a HandError at MAX_POSITIONS hands, and run to the end
    within it (the limit is lowered here to keep the test quick; 147m258p369s12345z
    under RIICHI needs more than the real 100,000)."""
    from mjcore.play.bestplay import limits, search_size

    args = ("234578m689p357s1z", draws, RIICHI)  # 13 tiles: one search
    [chance] = win_chances(*args, hand_changes=hand_changes)
    size = search_size().positions
    monkeypatch.setattr(limits, "MAX_POSITIONS", size // 2)
    with pytest.raises(HandError, match=f"more than {size // 2:,} positions"):
        win_chances(*args, hand_changes=hand_changes)
    monkeypatch.setattr(limits, "MAX_POSITIONS", size)
    assert win_chances(*args, hand_changes=hand_changes) == [chance]


def test_the_cycle_collector_is_restored(monkeypatch):
    """win_chances pauses the cycle collector for its search and leaves it as it found it,
    after an answer and after a search refused midway alike."""
    import gc

    from mjcore.play.bestplay import api, limits

    running = gc.isenabled()
    seen = []
    monkeypatch.setattr(api, "_compute",
                        lambda *args, **kwargs: seen.append(gc.isenabled()) or [])
    try:
        for state in (True, False):
            (gc.enable if state else gc.disable)()
            win_chances("111222333m4445s", draws=3)
            assert seen.pop() is False and gc.isenabled() is state
        monkeypatch.undo()
        monkeypatch.setattr(limits, "MAX_POSITIONS", 2)
        for state in (True, False):
            (gc.enable if state else gc.disable)()
            with pytest.raises(HandError, match="more than 2 positions"):
                win_chances("234578m689p357s1z", draws=6)
            assert gc.isenabled() is state
    finally:
        (gc.enable if running else gc.disable)()


def test_hand_changes_search_values_one_hand_per_class():
    """The quotient merges hands (the oracle tests above check the values it gives)."""
    from mjcore.play.bestplay.changes import _Search

    counts = parse("123456m789p1357s")
    search = _Search(RIICHI, 8, 136 - 13, (4,) * 34, True, counts, None)
    search.root(counts)
    search.build()
    of13, shanten13, kids, swaps, after, gains, depth = search._quotient()
    assert len(of13) == len(search.kids13)
    assert 0 < len(shanten13) < len(search.kids13) / 2
    assert len(after) < len(search.kids14) / 2
    assert all(search.shanten13[i] == shanten13[c] for i, c in enumerate(of13))
    assert depth == [min(search.depth13[i] for i in range(len(of13)) if of13[i] == c)
                     for c in range(len(shanten13))]


def _leaf_search(counts, draws, total, cap, leaves, one):
    from mjcore.play.bestplay.changes import _Search
    from mjcore.play.bestplay.keys import _minus

    search = _Search(STANDARD if sum(counts) < 13 else RIICHI, draws, total, cap, True,
                     counts, None, leaves=leaves)
    roots = [(t, _minus(counts, t)) for t in range(34) if counts[t]]
    for _t, root in roots:
        search.root(root)
    search.build()
    search.solve("win", one)
    return search, [search.chance(t, root) for t, root in roots]


def test_ready_hands_off_track_as_leaves_change_no_value():
    """With hand changes, a ready hand off track (and a 14-node whose discards all leave
    one) is a leaf valued by its live copies: exact fractions on tiny walls and floats on
    a real hand equal those of the search that builds every node, and leaves do occur."""
    leaves = 0
    for seed in range(40):
        hand, wall, draws = tiny_case(random.Random(300 + seed), 2)
        counts, seen = embed(hand, wall)
        cap = tuple(4 - v for v in seen)
        total = sum(c - h for c, h in zip(cap, counts, strict=True))
        if sum(counts) % 3 != 2:
            continue
        with_leaves, got = _leaf_search(counts, draws, total, cap, True, Fraction(1))
        _, want = _leaf_search(counts, draws, total, cap, False, Fraction(1))
        assert got == want, seed
        leaves += len(with_leaves.ready13) + len(with_leaves.ready14)
    assert leaves > 0
    counts = parse("4566889m3567p89s6z")
    search, got = _leaf_search(counts, 17, 136 - 14, (4,) * 34, True, 1.0)
    plain, want = _leaf_search(counts, 17, 136 - 14, (4,) * 34, False, 1.0)
    assert search.ready13 and search.ready14 and not plain.ready13
    assert len(search.shanten13) < len(plain.shanten13)
    for a, b in zip(got, want, strict=True):
        assert abs(a.win - b.win) < 1e-12 and abs(a.tenpai - b.tenpai) < 1e-12
        assert all(abs(x - y) < 1e-12 for x, y in zip(a.by_draws, b.by_draws, strict=True))


@pytest.mark.parametrize("hand", ["4566889m3567p89s6z", "12389m456p78s9p11z4z"])
def test_follow_plays_the_same_games_with_leaves(hand):
    """follow waits at a leaf and takes the discard with the most live copies: on 300
    shuffled walls it plays every game as the search that builds every node does."""
    from mjcore.play.bestplay.keys import _minus

    counts = parse(hand)
    search, got = _leaf_search(counts, 17, 136 - 14, (4,) * 34, True, 1.0)
    plain, _ = _leaf_search(counts, 17, 136 - 14, (4,) * 34, False, 1.0)
    assert search.ready13 and search.ready14
    root = _minus(counts, max(got, key=lambda c: c.win).tile)
    wall = [t for t in range(34) for _ in range(4 - counts[t])]
    rng = random.Random(11)
    games = []
    for _ in range(300):
        rng.shuffle(wall)
        games.append(search.follow(root, wall))
        assert games[-1] == plain.follow(root, wall)
    assert 50 < sum(w is not None for w, _ in games) < 250


def test_hand_changes_values_from_the_fewest_draws_on():
    """solve fills a hand's values from the fewest draws that reach it: they equal the
    values of a solve that fills every number of draws done, which search_table shows."""
    from mjcore.play.bestplay.changes import _Search

    counts = parse("123456m789p1357s")
    searches = []
    for full in (False, True):
        search = _Search(RIICHI, 8, 136 - 13, (4,) * 34, True, counts, None)
        search.root(counts)
        search.build()
        search.solve("win", full=full)
        searches.append(search)
    part, full = searches
    skipped = 0
    for i, d in enumerate(part.depth13):
        for rows in ((part.win13, full.win13), (part.ten13, full.ten13)):
            assert rows[0][i][d:] == rows[1][i][d:]
            skipped += rows[0][i][:d] != rows[1][i][:d]
    assert skipped > 0  # the earlier draws done were left out
    table = search_table("123456m789p1357s", 8, RIICHI, hand_changes=True)
    by_hand = {to_mpsz(tuple(h.to_bytes(34, "little"))): i for h, i in full.index13.items()}
    assert all(row[2] == tuple(reversed(full.win13[by_hand[row[0]]])) for row in table)


def test_a_far_hand_with_hand_changes_is_refused_within_two_draws():
    """Four from ready: refused once the hands within two draws predict too big a search,
    long before the search itself would reach its limit."""
    from mjcore.play.bestplay import MAX_POSITIONS
    from mjcore.play.bestplay.limits import GROWTH

    hand = "245m377p15668s135z"
    assert shanten(parse(hand), RIICHI) == 4
    with pytest.raises(HandError, match="within two draws already") as refused:
        win_chances(hand, 17, RIICHI, hand_changes=True)
    near = int(re.search(r"\(([\d,]+) within", str(refused.value))[1].replace(",", ""))
    assert near == MAX_POSITIONS // GROWTH[4]
    assert win_chances(hand, 17, RIICHI)[0].win > 0  # without hand changes: answered


def _with_and_without_images(counts, draws, rules, one, seen=(0,) * 34, objective="win",
                             points=None):
    """win_chances with hand changes as _compute gives it (a hand and its images one node)
    and as for a caller that follows the policy (``searches``: every hand a node), with
    each search's count of 13-tile nodes."""
    from mjcore.play.bestplay import search_size

    args = (counts, draws, rules, seen, True, objective, one)
    merged = _compute(*args, points=points)
    merged_size = search_size().positions
    searches: dict = {}
    plain = _compute(*args, searches=searches, points=points)
    assert searches  # (the searches a caller would follow: built without images)
    return merged, plain, merged_size, search_size().positions


def test_hand_changes_search_merges_images_and_changes_no_value():
    """With hand changes a hand and its images (a suit read backwards where the start and
    the wall read the same both ways, honours the start treats alike swapped) are one
    node: exact fractions equal the search's with a node per hand on small hands, floats
    agree to 1e-12 on dealt ones, and the searches are smaller."""
    rng = random.Random(5)
    smaller = 0
    for _ in range(12):
        counts = [0] * 34
        for t in rng.sample([t for t in range(34) for _ in range(4)], 8):
            counts[t] += 1
        merged, plain, n_merged, n_plain = _with_and_without_images(
            tuple(counts), 2, STANDARD, Fraction(1))
        assert merged == plain, counts
        assert n_merged <= n_plain
        smaller += n_merged < n_plain
    assert smaller >= 6
    # 357s reads the same both ways, but not the wall once two 3s are seen: not mirrored
    merged, plain, _, _ = _with_and_without_images(parse("357s115m66p"), 3, STANDARD,
                                                   Fraction(1), parse("33s"))
    assert merged == plain
    for seed, rules in ((6, RIICHI), (7, POYANG)):
        for counts in _random_deals(2, seed, 2):
            merged, plain, n_merged, n_plain = _with_and_without_images(counts, 6, rules, 1.0)
            assert n_merged < n_plain
            for a, b in zip(merged, plain, strict=True):
                assert (a.tile, a.shanten) == (b.tile, b.shanten)
                for x, y in [(a.win, b.win), (a.tenpai, b.tenpai),
                             *zip(a.by_draws, b.by_draws, strict=True)]:
                    assert abs(x - y) < 1e-12


def test_hand_changes_by_points_merge_images_only_for_poyang_points():
    """By Poyang points, which no fan of which tells a suit from its mirror image or one
    honour from another, images are one node too (the same values, fewer nodes); a points
    function that tells east from the other honours keeps a node per hand."""
    counts = parse("123456m789p1357s2z")
    merged, plain, n_merged, n_plain = _with_and_without_images(
        counts, 6, POYANG, 1.0, objective="points")
    assert n_merged < n_plain
    for a, b in zip(merged, plain, strict=True):
        assert a.tile == b.tile
        assert abs(a.expected_points - b.expected_points) < 1e-9 and abs(a.win - b.win) < 1e-12

    def east(hand, tile, self_draw=True):  # a win with east in it pays double
        return 2.0 if hand[27] else 1.0

    merged, plain, n_merged, n_plain = _with_and_without_images(
        parse("1123456m789p357s"), 4, STANDARD, Fraction(1), objective="points", points=east)
    assert merged == plain and n_merged == n_plain


def test_a_search_with_images_cannot_be_followed():
    """follow plays real hands on a wall: a search whose nodes are images refuses."""
    from mjcore.play.bestplay.changes import _Search

    root = parse("123456m789p1357s")
    search = _Search(RIICHI, 4, 136 - 13, (4,) * 34, True, root, None, images=True)
    search.root(root)
    search.build()
    search.solve("win")
    assert search.image is not None and search.chance(None, root).win > 0
    with pytest.raises(ValueError, match="images=False"):
        search.follow(root, list(range(34)))
