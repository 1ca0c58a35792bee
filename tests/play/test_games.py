"""Whole games (mjcore.play.games): the advisor, best play on real walls, and the files
``make games`` writes for chapter 6, replayed on a few seeds."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjcore import POYANG, RIICHI, STANDARD, HandError, discard_advice, shanten, win_chances
from mjcore.base.deals import random_hands
from mjcore.base.tiles import N_KINDS
from mjcore.play import games
from mjcore.play.bestplay.api import _prepare
from mjcore.play.games import (
    ADVISORS,
    RUN,
    Game,
    advisor_counts,
    advisor_discard,
    deal,
    first_seeds,
    paired_gain,
    paired_gains,
    paired_row,
    paired_table,
    play_advisor,
    play_best,
    rates,
    read_counts,
    read_paired,
    walls,
)
from mjcore.play.prob import Estimate

ROOT = Path(__file__).resolve().parents[2]
COUNTS = ROOT / games.COUNTS_FILE
PAIRED = ROOT / games.PAIRED_FILE


@pytest.mark.parametrize("rules", [RIICHI, POYANG, STANDARD])
def test_advisor_discard_is_discard_advice_first_choice(rules) -> None:
    rng = random.Random(34)
    for hand in random_hands(300, rng):
        visible = [0] * N_KINDS
        for tile in rng.sample(range(N_KINDS), 8):
            visible[tile] = rng.randint(0, 4 - hand[tile])
        if shanten(hand, rules) < 0:
            continue
        assert advisor_discard(hand, rules, visible) == discard_advice(hand, rules, visible)[0].tile


def test_the_advisor_plays_its_discards_and_counts_turns() -> None:
    hand, wall = deal(3)
    game = play_advisor(hand, wall)
    assert game == Game(3, 11, 6)
    # a complete deal wins at turn 0; a ready one is ready at turn 0
    assert play_advisor("123456789m11122z", wall[:0], draws=0) == Game(-1, 0, 0)
    assert play_best("123456789m11122z", wall[:0], draws=0) == Game(-1, 0, 0)
    # 123456789m1234p5z throws 5z and waits on 1p or 4p; 1s and 9s are thrown, 1p wins
    drawn = [9, 17, 18]  # 1s, 9s, 1p
    assert play_advisor("123456789m1234p5z", drawn, draws=3) == Game(0, 3, 0)
    assert play_best("123456789m1234p5z", drawn, draws=3) == Game(0, 3, 0)


def test_ties_decide_among_equal_counts() -> None:
    # 123456789m123p + 1z 2z: throwing either wind leaves a single wait of 3 copies
    hand = "123456789m123p12z"
    low = play_advisor(hand, [], draws=0, ties="low")
    high = play_advisor(hand, [], draws=0, ties="high")
    assert low == high == Game(0, None, 0)
    assert games._advise(games.as_counts(hand), RIICHI, [4] * N_KINDS, True, "low", {}) == (0, 27)
    assert games._advise(games.as_counts(hand), RIICHI, [4] * N_KINDS, True, "high", {}) == (0, 28)
    picks = {games._advise(games.as_counts(hand), RIICHI, [4] * N_KINDS, True,
                           random.Random(k), {})[1] for k in range(20)}
    assert picks == {27, 28}


def test_best_play_on_shuffled_walls_averages_win_chances() -> None:
    """Keeping only progress the simple count is exact (chapter 6), so the games played
    by the search's policy on real walls win as often as win_chances says."""
    hand, found = walls(3, 1000)
    best = win_chances(hand, 17, RIICHI)[0]
    play, win, tenpai, first = games._player(hand, RIICHI, 17, False)
    assert (win, tenpai, first) == (best.win, best.tenpai, best.tile)
    played = [play(w) for w in found]
    assert Estimate(sum(g.win is not None for g in played), len(played)).covers(win)
    assert Estimate(sum(g.tenpai is not None for g in played), len(played)).covers(tenpai)
    assert all(g.tenpai is not None and g.tenpai <= g.win for g in played if g.win)


def test_the_hand_changes_walk_follows_its_search() -> None:
    """The walk of a general search, run without hand changes, wins as often as the
    exact value: it takes the draws and discards the search's values say."""
    hand, _ = deal(13)
    tile = win_chances(hand, 17, RIICHI)[0].tile
    root = list(hand)
    root[tile] -= 1
    visible = [0] * N_KINDS
    visible[tile] = 1
    search, left, _ = _prepare(tuple(root), 17, RIICHI, visible, False)
    wall = [t for t in range(N_KINDS) for _ in range(left[t])]
    rng, wins, n = random.Random(5), 0, 3000
    for _ in range(n):
        rng.shuffle(wall)
        wins += games._walk_changes(search, tuple(root), RIICHI, wall, 17)[0] is not None
    [exact] = win_chances(tuple(root), 17, RIICHI, visible=visible)
    assert Estimate(wins, n).covers(exact.win)


def test_walls_are_orders_of_the_tiles_the_deal_leaves() -> None:
    hand, found = walls(11, 5)
    assert (hand, found[0]) == deal(11)
    assert len(set(found)) == 5
    assert all(sorted(w) == sorted(found[0]) and len(w) == 122 for w in found)


@pytest.mark.parametrize("call, message", [
    (lambda: play_advisor("123456789m1234p", deal(0)[1]), "hand must have 14 tiles"),
    (lambda: play_advisor(deal(0)[0], deal(0)[1][:5]), "wall has 5 tiles; 17 draws"),
    (lambda: play_advisor("1111m23456789p11z", [0] + list(range(1, 20))),
     "wall and hand hold tile 0 more than 4 times"),
    (lambda: play_advisor(*deal(0), count="all"), "count must be one of"),
    (lambda: play_advisor(*deal(0), ties="middle"), "ties must be one of"),
    (lambda: play_advisor(*deal(0), ties=3), "ties must be 'low', 'high' or a random"),
    (lambda: play_advisor(*deal(0), draws=71), "draws must be at most 70"),
    (lambda: play_advisor(deal(0)[0], "123m"), "wall must be a list of tile indices"),
    (lambda: play_advisor(deal(0)[0], [34] * 17), "each tile of wall 34 is not"),
    (lambda: play_best(*deal(0), hand_changes="yes"), "hand_changes must be True or False"),
    (lambda: play_best(*deal(0), rules="hongzhong"), "have wild tiles"),
    (lambda: deal(-1), "seed must be 0 or more"),
    (lambda: walls(0, 0), "n must be 1 or more"),
    (lambda: advisor_counts(5, 4), "last (4) must not be below first (5)"),
    (lambda: paired_row(0, 1001), "n must be at most 1000"),
    (lambda: first_seeds(7, 1), "shanten_dealt must be at most 6"),
    (lambda: advisor_discard("123456789m11122z"), "the hand is complete"),
    (lambda: advisor_discard("123456789m1122z"), "advisor_discard needs 3n+2 tiles"),
    (lambda: paired_gain([], "best", "advisor", "points"), "what must be one of"),
    (lambda: paired_gain([], "best", "advisor"), "at least 2 deals"),
    (lambda: paired_gains([], "points"), "what must be one of"),
    (lambda: paired_table([], "points"), "what must be one of"),
])
def test_bad_arguments_raise_hand_error_naming_them(call, message) -> None:
    with pytest.raises(HandError, match=None) as raised:
        call()
    assert message in str(raised.value)


def test_a_file_with_other_columns_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.csv"
    path.write_text("seed,shanten\n1,2\n", encoding="utf-8")
    with pytest.raises(HandError, match="must have the columns"):
        read_counts(path)


# --- the committed files -----------------------------------------------------------

@pytest.fixture(scope="module")
def counts() -> list[dict]:
    return read_counts(COUNTS)


@pytest.fixture(scope="module")
def paired() -> list[dict]:
    return read_paired(PAIRED)


def test_the_advisors_file_holds_the_run_make_games_says(counts) -> None:
    first = f"0-{RUN['block'] - 1}"
    rest = f"{RUN['block']}-{RUN['games'] - 1}"
    assert {r["seeds"] for r in counts} == {first, rest}
    for name in ADVISORS:
        for seeds, size in ((first, RUN["block"]), (rest, RUN["games"] - RUN["block"])):
            assert sum(r["games"] for r in counts
                       if r["advisor"] == name and r["seeds"] == seeds) == size
        assert rates(counts, name)["games"] == RUN["games"]
    for r in counts:
        assert r["win"] is None or (r["tenpai"] is not None and r["tenpai"] <= r["win"] <= 17)
        assert r["games"] > 0 and -1 <= r["shanten"] <= 6


def test_the_advisors_first_block_is_what_this_code_plays(counts) -> None:
    block = [r for r in counts if r["seeds"] == f"0-{RUN['block'] - 1}"]
    assert advisor_counts(0, RUN["block"]) == block


def test_the_paired_file_holds_the_first_deals_of_each_shanten(paired) -> None:
    assert len(paired) == RUN["deals"] * RUN["best_up_to"]
    for s in range(1, RUN["best_up_to"] + 1):
        rows = [r for r in paired if r["shanten"] == s]
        assert [r["seed"] for r in rows] == first_seeds(s, RUN["deals"])
    for r in paired:
        assert r["walls"] == RUN["walls"]
        played = [p for p in ("advisor", "high", "best", "changes") if f"{p}_wins" in r]
        assert played[:2] == ["advisor", "high"]
        if not r["refused"]:
            assert ("changes" in played) == (r["shanten"] <= RUN["changes_up_to"])
        for p in played:
            assert 0 <= r[f"{p}_wins"] <= r[f"{p}_ready"] <= r["walls"]
        for key in ("best_win", "best_tenpai", "changes_win", "changes_tenpai"):
            assert key not in r or 0 <= r[key] <= 1


@pytest.mark.parametrize("shanten_dealt", [1, 2, 3])
def test_paired_rows_are_what_this_code_plays(paired, shanten_dealt, tmp_path: Path) -> None:
    """The first deal of each shanten, replayed and written as make games writes it."""
    seed = first_seeds(shanten_dealt, 1)[0]
    row = paired_row(seed, RUN["walls"], shanten_dealt <= RUN["changes_up_to"])
    path = tmp_path / "row.csv"
    games._write_rows(path, [row], games.PAIRED_FIELDS)
    assert read_paired(path) == [r for r in paired if r["seed"] == seed]


def test_the_chapter_tables_count_the_paired_rows(paired) -> None:
    names = {name: key for key, name in games.POLICIES.items()}
    lines = paired_gains(paired)
    # a line for each shanten and each comparison whose two policies at least two deals played
    expected = set()
    for s in {r["shanten"] for r in paired}:
        for better, worse in games.GAINS:
            played = [r for r in paired if r["shanten"] == s
                      and f"{better}_wins" in r and f"{worse}_wins" in r]
            if len(played) >= 2:
                expected.add((s, games.POLICIES[better], games.POLICIES[worse]))
    assert {(line["shanten"], line["gain of"], line["over"]) for line in lines} == expected
    assert len(lines) == len(expected)
    for line in lines:
        better, worse = names[line["gain of"]], names[line["over"]]
        # each deal's gain per game: the difference of the two counts over its walls
        gains = [(r[f"{better}_wins"] - r[f"{worse}_wins"]) / r["walls"] for r in paired
                 if r["shanten"] == line["shanten"]
                 and f"{better}_wins" in r and f"{worse}_wins" in r]
        n = len(gains)
        mean = sum(gains) / n
        stdev = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
        half = 1.96 * stdev / math.sqrt(n)
        assert line["deals"] == n
        assert line["gain"] == pytest.approx(mean, rel=1e-12, abs=1e-15)
        assert line["low"] == pytest.approx(mean - half, rel=1e-12, abs=1e-15)
        assert line["high"] == pytest.approx(mean + half, rel=1e-12, abs=1e-15)
    for line in paired_table(paired):
        rows = [r for r in paired if r["shanten"] == line["shanten"]]
        assert line["advisor"] == (sum(r["advisor_wins"] for r in rows)
                                   / sum(r["walls"] for r in rows))


def test_a_paired_gain_divides_each_deal_by_its_own_walls() -> None:
    """Deals of 10, 40 and 20 walls (the committed file has 50 for every deal): each
    deal's gain is its own difference over its own walls, and the deals weigh alike."""
    rows = [{"seed": 1, "shanten": 2, "walls": 10, "best_wins": 6, "advisor_wins": 2,
             "advisor_discard": "1z"},
            {"seed": 2, "shanten": 2, "walls": 40, "best_wins": 10, "advisor_wins": 10,
             "advisor_discard": "1z"},
            {"seed": 3, "shanten": 2, "walls": 20, "best_wins": 9, "advisor_wins": 4,
             "advisor_discard": "1z"}]
    line = paired_gain(rows, "best", "advisor")
    # gains 4/10, 0/40 and 5/20: mean 0.65 / 3, deviations 0.4 - m, -m, 0.25 - m
    mean = (0.4 + 0.0 + 0.25) / 3
    stdev = math.sqrt(((0.4 - mean) ** 2 + mean ** 2 + (0.25 - mean) ** 2) / 2)
    half = 1.96 * stdev / math.sqrt(3)
    assert line["deals"] == 3
    assert line["gain"] == pytest.approx(mean, rel=1e-12)
    assert (line["low"], line["high"]) == pytest.approx((mean - half, mean + half), rel=1e-12)
    # the chapter's table of wins per game weighs the walls: 25 wins over 70 games
    assert paired_table(rows)[0]["best play"] == pytest.approx(25 / 70)


# --- random values: only HandError, ever -------------------------------------------

ANY = st.one_of(
    st.none(), st.booleans(), st.integers(-10 ** 30, 10 ** 30), st.integers(-3, 40),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["riichi", "low", "high", "unseen", "positional", "wins", "ready",
                     "advisor", "best", "changes", "123456789m1234p5z", "/", "\0"]),
    st.lists(st.integers(-1, 40), max_size=40).map(tuple),
    st.lists(st.dictionaries(st.sampled_from(["advisor", "shanten", "win", "tenpai", "games",
                                              "walls", "advisor_wins", "refused"]),
                             st.one_of(st.none(), st.integers(-2, 20), st.text(max_size=3)),
                             max_size=6), max_size=3),
    st.sampled_from([RIICHI, random.Random(3), (), {}, [[]], Path("/"), COUNTS]),
)

CALLS = {
    "deal": lambda a, b, c: deal(a),
    "walls": lambda a, b, c: walls(a, b),
    "play_advisor": lambda a, b, c: play_advisor(a, b, c),
    "play_advisor count": lambda a, b, c: play_advisor(*deal(0), count=a, ties=b, draws=c),
    "play_best": lambda a, b, c: play_best(a, b, c),
    "advisor_discard": lambda a, b, c: advisor_discard(a, b, c),
    "advisor_counts": lambda a, b, c: advisor_counts(a, b, c),
    "first_seeds": lambda a, b, c: first_seeds(a, b, c),
    "rates": lambda a, b, c: rates(a, b, c),
    "wins_by_turn": lambda a, b, c: games.wins_by_turn(a, b, c),
    "advisor_table": lambda a, b, c: games.advisor_table(a, b),
    "paired_table": lambda a, b, c: paired_table(a, b),
    "paired_gains": lambda a, b, c: paired_gains(a, b),
    "paired_gain": lambda a, b, c: paired_gain(a, b, c),
    "read_counts": lambda a, b, c: read_counts(a),
    "read_paired": lambda a, b, c: read_paired(a),
}


@settings(derandomize=True, max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(CALLS)), a=ANY, b=ANY, c=ANY)
def test_random_arguments_raise_nothing_but_hand_error(name, a, b, c) -> None:
    try:
        CALLS[name](a, b, c)
    except HandError:
        pass


def test_the_advisor_study_in_tasks_counts_as_one_call(monkeypatch):
    """advisor_study cuts the seeds into tasks and adds their counts up: the same rows as
    one advisor_counts call over the range, on a pool of threads as in this process."""
    from concurrent.futures import ThreadPoolExecutor

    from mjcore.play import games

    monkeypatch.setattr(games, "CHUNK", 7)
    whole = games.advisor_counts(0, 30)
    assert games.advisor_study(0, 30) == whole
    with ThreadPoolExecutor(2) as pool:
        assert games.advisor_study(0, 30, executor=pool) == whole
    assert sum(r["games"] for r in whole) == 30 * len(games.ADVISORS)
