"""Effective tiles against a brute-force definition, and the discard advisor.

The brute force here follows the words: draw each tile that is not
already held four times; the drawn hand's shanten is -1 when it wins,
else the best shanten over all its discards; the tile is effective when
that is below the hand's shanten now.
"""

from __future__ import annotations

import random

import pytest
from oracle import POYANG_FORMS, oracle_waits

from mjcore import POYANG, PRESETS, RIICHI, STANDARD, HandError, is_win, parse, tile_name, waits
from mjcore.hand.effective import discard_advice, effective_tiles
from mjcore.hand.shanten import shanten

WALL = [t for t in range(34) for _ in range(4)]


def brute_effective(counts, rules) -> list[int]:
    now = shanten(counts, rules)
    found = []
    for tile in range(34):
        if counts[tile] == 4:
            continue
        drawn = list(counts)
        drawn[tile] += 1
        if is_win(drawn, rules):
            after = -1
        else:
            after = min(shanten(tuple(drawn[:d] + [drawn[d] - 1] + drawn[d + 1:]), rules)
                        for d in range(34) if drawn[d])
        if after < now:
            found.append(tile)
    return found


def random_hand(rng: random.Random, size: int, suits: int = 4) -> tuple[int, ...]:
    tiles = rng.sample([t for t in WALL if t < 9 * suits], size)
    return tuple(tiles.count(t) for t in range(34))


SPECIAL = ["123456789m1111p", "1111m2222p3333s4z", "19m19p19s1234567z", "147m258p369s1234z",
           "11223366m1133s4z", "1112345678999m", "1m", "1111m", "5z"]


@pytest.mark.parametrize("rules", PRESETS.values(), ids=list(PRESETS))
@pytest.mark.parametrize("size", [1, 4, 7, 10, 13])
def test_random_hands_match_brute_force(rules, size):
    rng = random.Random(2026 + size)
    for _ in range(25 if size == 13 else 40):
        hand = random_hand(rng, size, suits=rng.choice([1, 2, 4]))
        assert list(effective_tiles(hand, rules).tiles) == brute_effective(hand, rules), hand


@pytest.mark.parametrize("rules", PRESETS.values(), ids=list(PRESETS))
@pytest.mark.parametrize("hand", SPECIAL)
def test_special_hands_match_brute_force(rules, hand):
    counts = parse(hand)
    assert list(effective_tiles(counts, rules).tiles) == brute_effective(counts, rules)


def test_ready_hands_effective_tiles_are_waits():
    """A ready hand's effective tiles are its waits: the oracle's, and waits()' copies."""
    rng = random.Random(7)
    checked = 0
    while checked < 60:
        hand = random_hand(rng, 14, suits=rng.choice([1, 2]))
        if not is_win(hand):
            continue
        tile = rng.choice([t for t in range(34) if hand[t]])
        ready = tuple(c - (t == tile) for t, c in enumerate(hand))
        visible = random_hand(rng, 6, suits=1)
        if any(a + b > 4 for a, b in zip(ready, visible, strict=True)):
            continue
        # waits() and effective_tiles() read one scan: the tiles themselves come from the
        # oracle, a win checked by decomposition for each tile drawn
        found = effective_tiles(ready, visible=visible)
        assert list(found.tiles) == oracle_waits(ready, POYANG_FORMS), ready
        assert found == waits(ready, visible=visible)
        checked += 1


def test_examples():
    e = effective_tiles("5m23m456p78s99p11z3z")
    assert [tile_name(t) for t in e.tiles] == ["1m", "4m", "6s", "9s", "9p", "1z"]
    assert e.total == 20 and e.remaining[parse("9p").index(1)] == 2
    # four 1p held: shanten 1, and every tile but 1p helps (discard a 1p, wait on the draw)
    e = effective_tiles("123456789m1111p")
    assert shanten("123456789m1111p") == 1
    assert e.tiles == tuple(t for t in range(34) if t != parse("1p").index(1))
    assert e.total == 136 - 13


def test_visible_lowers_remaining_and_dead_tiles_stay_listed():
    hand = "5m23m456p78s99p11z3z"
    e = effective_tiles(hand, visible="1111m6s")
    assert e.tiles == effective_tiles(hand).tiles
    assert e.remaining[0] == 0 and e.remaining[parse("6s").index(1)] == 3
    assert e.total == 20 - 4 - 1
    with pytest.raises(HandError, match="a tile has 4 copies"):
        effective_tiles(hand, visible="999p")


def test_sizes_checked():
    with pytest.raises(HandError, match="effective_tiles needs 3n\\+1 tiles"):
        effective_tiles("11m")
    with pytest.raises(HandError, match="discard_advice needs 3n\\+2 tiles"):
        discard_advice("1m")


# --- discard advice ------------------------------------------------------------

@pytest.mark.parametrize("rules", [POYANG, STANDARD, RIICHI], ids=lambda r: r.name)
def test_advice_covers_each_discard_once_and_is_sorted(rules):
    rng = random.Random(11)
    for _ in range(15):
        hand = random_hand(rng, rng.choice([5, 11, 14]), suits=rng.choice([1, 2, 4]))
        advice = discard_advice(hand, rules)
        assert sorted(d.tile for d in advice) == [t for t in range(34) if hand[t]]
        keys = [(d.shanten, -d.total) for d in advice]
        assert keys == sorted(keys)
        best = advice[0].shanten
        assert best == (0 if is_win(hand, rules) else shanten(hand, rules))
        for d in advice:
            after = tuple(c - (t == d.tile) for t, c in enumerate(hand))
            assert d.shanten == shanten(after, rules)
            assert d.effective.tiles == effective_tiles(after, rules).tiles


def test_advice_counts_the_discard_as_visible():
    advice = {tile_name(d.tile): d for d in discard_advice("12389m456p78s9p11z4z")}
    d = advice["9m"]  # after it, 9m is effective again, with 3 copies left not 4
    assert d.effective.remaining[8] == 3
    assert [tile_name(x.tile) for x in discard_advice("12389m456p78s9p11z4z")[:2]] == ["9p", "4z"]
    with_visible = {tile_name(d.tile): d for d in
                    discard_advice("12389m456p78s9p11z4z", visible="7m")}
    assert with_visible["9p"].total == advice["9p"].total - 1


def test_advice_on_a_winning_hand_keeps_it_ready():
    advice = discard_advice("111222333m44456s")
    assert advice[0].shanten == 0
    assert {tile_name(d.tile) for d in advice if d.shanten == 0} >= {"6s", "4s", "1m"}


def spread_hand(rng: random.Random, size: int) -> tuple[int, ...]:
    """Distinct tiles, honours and far-apart ranks likely: hands near 十三烂 and seven pairs."""
    kinds = rng.sample(range(34), size) if rng.random() < 0.7 else None
    counts = [0] * 34
    if kinds is None:  # pairs of a few kinds plus singles
        for t in rng.sample(range(34), 7):
            counts[t] = rng.choice((1, 2, 2, 3, 4))
        while sum(counts) > size:
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        while sum(counts) < size:
            t = rng.randrange(34)
            counts[t] += counts[t] < 4
    else:
        for t in kinds:
            counts[t] = 1
    return tuple(counts)


@pytest.mark.parametrize("rules", PRESETS.values(), ids=list(PRESETS))
def test_special_form_hands_match_brute_force(rules):
    from mjcore.hand.shanten import effective_mask

    rng = random.Random(13)
    for _ in range(150):
        counts = spread_hand(rng, 13)
        mask = effective_mask(counts, rules)[1]
        assert [t for t in range(34) if mask >> t & 1] == brute_effective(counts, rules), counts


@pytest.mark.parametrize("rules", PRESETS.values(), ids=list(PRESETS))
def test_fourteen_tile_effective_tiles_are_exchanges_that_help(rules):
    """For a 3n+2 hand: the tiles that, drawn for some discard, lower the shanten."""
    from mjcore.hand.shanten import effective_mask

    rng = random.Random(14)
    for i in range(60):
        counts = spread_hand(rng, 14) if i % 2 else random_hand(rng, 14)
        now, mask = effective_mask(counts, rules)
        want = [t for t in range(34) if counts[t] < 4 and any(
            shanten(tuple(c + (t == k) - (d == k) for k, c in enumerate(counts)), rules) < now
            for d in range(34) if counts[d] and d != t)]
        assert [t for t in range(34) if mask >> t & 1] == want, counts


@pytest.mark.parametrize("rules", PRESETS.values(), ids=list(PRESETS))
def test_discard_mask_is_the_discards_that_keep_the_shanten(rules):
    """discard_mask (3n+2 hands) against its definition, special forms included."""
    from mjcore.hand.shanten import discard_mask

    rng = random.Random(15)
    memo: dict = {}
    for i in range(240):
        size = (2, 5, 8, 11, 14, 14)[i % 6]
        counts = (spread_hand(rng, 14) if i % 4 == 3 and size == 14
                  else random_hand(rng, size, suits=rng.choice([1, 2, 4])))
        now = shanten(counts, rules)
        want = [d for d in range(34) if counts[d] and shanten(
            tuple(c - (k == d) for k, c in enumerate(counts)), rules) == now]
        for found in (discard_mask(counts, rules), discard_mask(counts, rules, memo)):
            assert found[0] == now
            assert [t for t in range(34) if found[1] >> t & 1] == want, counts


def _pairs_or_orphans(rng: random.Random, i: int) -> tuple[int, ...]:
    """A 14-tile hand of many pairs (seven pairs near) or of terminals, honours and
    scattered tiles (thirteen orphans, 十三烂 near)."""
    counts = [0] * 34
    if i % 2:
        kinds = rng.sample(range(34), 9)
        for k in kinds[:rng.randint(3, 7)]:
            counts[k] = 2
        pool = kinds
    else:
        pool = [0, 8, 9, 17, 18, 26, *range(27, 34), *rng.sample(range(27), 6)]
    while sum(counts) < 14:
        k = rng.choice(pool)
        counts[k] += counts[k] < 4
    while sum(counts) > 14:
        k = rng.randrange(34)
        counts[k] -= counts[k] > 0
    return tuple(counts)


@pytest.mark.parametrize("rules", [RIICHI, POYANG], ids=["riichi", "poyang"])
def test_discard_mask_where_a_special_form_leads(rules):
    """discard_mask against its definition on hands where a special form reaches the
    shanten (its discards are found part by part, joined with the standard form's on
    a tie), both cases met."""
    from mjcore.hand.shanten import discard_mask, special_shanten

    rng = random.Random(34)
    memo: dict = {}
    met = set()
    for i in range(600):
        counts = _pairs_or_orphans(rng, i)
        now = shanten(counts, rules)
        want = sum(1 << d for d in range(34) if counts[d] and shanten(
            tuple(c - (k == d) for k, c in enumerate(counts)), rules) == now)
        assert discard_mask(counts, rules, memo) == (now, want), counts
        special, standard = special_shanten(counts, rules), shanten(counts, STANDARD)
        met.add("tie" if special == standard else "below" if special < standard else "")
    assert {"tie", "below"} <= met


def test_discard_memo_keeps_the_suits_apart():
    """One memo for the same part in all three suits: each answer names its own suit's
    tiles (the memo stores the hand's tiles, so a part's row has a range of slots per
    suit), and every pattern of best slots fits its range of 32."""
    import sys

    from mjcore.hand.shanten import discard_mask

    shanten_module = sys.modules["mjcore.hand.shanten"]
    assert max(map(max, shanten_module._OPT_S)) < 32
    assert max(map(max, shanten_module._OPT_H)) < 32
    memo: dict = {}
    for hand in ("1345m1345p1345s11z", "1345p1345s1345m22z", "2399m2399p2399s33z"):
        counts = parse(hand)
        now = shanten(counts, RIICHI)
        want = sum(1 << d for d in range(34) if counts[d] and shanten(
            tuple(c - (k == d) for k, c in enumerate(counts)), RIICHI) == now)
        assert discard_mask(counts, RIICHI, memo) == (now, want), hand


def test_discard_mask_wants_a_3n_plus_2_hand():
    from mjcore.hand.shanten import discard_mask

    with pytest.raises(HandError, match="3n\\+2"):
        discard_mask("111222333m4445s")
    with pytest.raises(HandError, match="rules"):
        discard_mask("111222333m44455s", "bogus")
    with pytest.raises(HandError, match="memo must be a dict"):
        discard_mask("111222333m44455s", memo=[])
