"""Best play with deal-ins and folding (win_chances(..., deal_ins=...), mjcore.play.bestplay
.dealins): the search against the model written out plainly (tests/oracles/dealin_oracle.py),
against the search without deal-ins when nothing is dangerous, and its arguments."""

from __future__ import annotations

import random

import pytest
from dealin_oracle import make_model
from fourseat_oracle import paid

from mjcore import POYANG, STANDARD, HandError, shanten, win_chances
from mjcore.play.bestplay import search_size
from mjcore.play.bestplay.api import _compute
from mjcore.play.bestplay.dealins import _DealIns, _Pending, _Risk, _risk
from mjcore.play.bestplay.hazards import LOSS


def _synthetic_risk(rng: random.Random, draws: int, loss: float, scale: float) -> _Risk:
    """Dangers as deal_in_chances makes them (rising with the turn, higher for a tile
    more ready hands wait on), with made-up shares and readiness, for the nine wan."""
    shares = tuple(rng.uniform(0.02, 0.3) for _ in range(9)) + (0.0,) * 25
    ready = sorted(rng.uniform(0, scale) for _ in range(draws + 1))  # by turn
    at = [ready[draws - r + 1] for r in range(1, draws + 1)]  # by turns left
    tiles = tuple([0.0] + [1 - (1 - q * s) ** 3 for q in at] for s in shares)
    mean = [0.0] + [sum(tiles[t][r] for t in range(9)) / 9 for r in range(1, draws + 1)]
    root = tuple(1 - (1 - ready[0] * s) ** 3 for s in shares)
    return _Risk(tiles, root, mean, loss, shares)


def _cases():
    rng = random.Random(47)
    found = []
    while len(found) < 12:
        hand = [0] * 9
        for t in rng.sample(range(9), 4):
            hand[t] += 1
        hand[rng.randrange(9)] += 1
        hand = tuple(hand)
        if max(hand) > 4:
            continue
        cap = tuple(min(4, h + rng.randint(1, 3)) for h in hand)  # copies not visible
        draws = rng.randint(2, 4)
        if sum(cap) - sum(hand) < 4 * draws:
            continue
        counts = hand + (0,) * 25
        if not 0 <= shanten(counts, STANDARD) <= draws - 1:
            continue
        found.append((hand, cap, draws, rng.randrange(10**6)))
    return found


@pytest.mark.parametrize("loss", [2.0, 60.0])
@pytest.mark.parametrize("hand, cap, draws, seed", _cases())
def test_the_search_is_the_model(hand, cap, draws, seed, loss):
    """Every discard's net points, chance of winning, chance of dealing in and whether it
    gives up are the plain model's (which walks every tile), with the race and a
    payment that makes a win on a discard a choice."""
    rng = random.Random(seed)
    risk = _synthetic_risk(rng, draws, loss, rng.choice([0.3, 1.0]))
    keep = tuple([1.0] + [rng.uniform(0.7, 1.0) for _ in range(draws)])
    counts = hand + (0,) * 25
    seen = tuple(4 - c for c in cap) + (4,) * 25
    base = sum(c - h for c, h in zip(cap, hand, strict=True)) - draws
    found = _compute(counts, draws, STANDARD, seen, False, "points", discard_wins=True,
                     points=paid, race=keep, risk=risk)
    s14 = shanten(counts, STANDARD)
    for c in found:
        kept = counts[:c.tile] + (counts[c.tile] - 1,) + counts[c.tile + 1:]
        gone = shanten(kept, STANDARD) > s14  # the copy thrown counts as gone
        cap_ = cap[:c.tile] + (cap[c.tile] - gone,) + cap[c.tile + 1:]
        root = make_model(cap_, base, draws, risk, keep, paid)
        p, w, x, folds = root(hand, c.tile, draws)
        assert c.expected_points == pytest.approx(p, abs=1e-9), (hand, c.tile)
        assert c.win == pytest.approx(w, abs=1e-9)
        assert c.deal_in == pytest.approx(x, abs=1e-9)
        assert c.fold == folds
        assert 0 <= c.deal_in <= 1


def test_some_cases_fold_and_some_push():
    """The cases above are not all one answer."""
    folds = set()
    for hand, cap, draws, seed in _cases():
        rng = random.Random(seed)
        risk = _synthetic_risk(rng, draws, 60.0, rng.choice([0.3, 1.0]))
        keep = tuple([1.0] + [rng.uniform(0.7, 1.0) for _ in range(draws)])
        seen = tuple(4 - c for c in cap) + (4,) * 25
        for c in _compute(hand + (0,) * 25, draws, STANDARD, seen, False, "points",
                          discard_wins=True, points=paid, race=keep, risk=risk):
            folds.add(c.fold)
    assert folds == {True, False}


def test_nothing_dangerous_is_the_search_without_deal_ins():
    """With every danger 0 the search is _ProgressFourPoints' to the last digit: the same
    points and chances, no deal-in and no fold."""
    draws = 9
    zero = _Risk(tuple([0.0] * (draws + 1) for _ in range(34)), (0.0,) * 34,
                 [0.0] * (draws + 1), LOSS["poyang"][0], tuple(range(34)))
    for hand in ("123456789m1245p5z", "12389m456p78s11z4z", "234578m1689p357s1z"):
        from mjcore import as_counts

        args = (as_counts(hand), draws, POYANG, (0,) * 34, False, "points")
        plain = _compute(*args, discard_wins=True)
        risky = _compute(*args, discard_wins=True, risk=zero)
        assert [c.tile for c in risky] == [c.tile for c in plain]
        for a, b in zip(plain, risky, strict=True):
            assert b.expected_points == pytest.approx(a.expected_points, abs=1e-12)
            assert b.win == pytest.approx(a.win, abs=1e-12)
            assert b.tenpai == pytest.approx(a.tenpai, abs=1e-12)
            assert (b.discard_win, b.deal_in, b.fold) == (None, 0.0, False)


def test_a_late_far_hand_folds_and_an_early_one_pushes():
    """A hand one step from ready pushes at its 2nd turn; a hand three steps away folds at
    its 15th (the push-or-fold study's first such hand), and what it throws first is
    safer than what it would throw without deal-ins."""
    from mjcore.play.pushfold import deal

    early = win_chances("12389m456p78s9p11z4z", 16, discard_wins=True, objective="points",
                        opponents=True, turn=2, deal_ins=True)
    assert not early[0].fold and early[0].win > 0.2
    assert search_size().positions > 0
    hand, seen = deal(3, 15, 0)
    ask = dict(visible=seen, discard_wins=True, objective="points", opponents=True,
               turn=15)
    late = win_chances(hand, 9, deal_ins=True, **ask)
    plain = win_chances(hand, 9, **ask)
    assert late[0].fold and late[0].win < 1e-6 and late[0].name != plain[0].name
    risk = _risk(hand, seen, POYANG, 15, 9, LOSS["poyang"][0])
    assert risk.root[late[0].tile] < risk.root[plain[0].tile]


@pytest.mark.parametrize("hand, turn, draws", [("2369m1248p55s136z", 3, 12),
                                               ("12389m456p78s9p11z4z", 10, 8)])
def test_hands_that_share_their_settled_values_are_valued_alike(hand, turn, draws,
                                                                 monkeypatch):
    """Every answer is the same when no hand takes another's settled values (each runs its
    own turns): the hands that share them fold alike."""
    ask = dict(discard_wins=True, objective="points", opponents=True, turn=turn,
               deal_ins=True)
    shared = win_chances(hand, draws, **ask)
    assert search_size().shared > 0
    settle = _DealIns.settle

    def alone(self, key, found):
        if type(found) is _Pending:
            found.settled, found.lengths = {}, []  # nothing kept from another hand
        return settle(self, key, found)

    monkeypatch.setattr(_DealIns, "settle", alone)
    own = win_chances(hand, draws, **ask)
    assert search_size().shared == 0
    assert [c.tile for c in own] == [c.tile for c in shared]
    if turn >= 10:  # late: some discards fold, some push
        assert {c.fold for c in own} == {True, False}
    for a, b in zip(shared, own, strict=True):
        for field in ("win", "tenpai", "expected_points", "deal_in"):
            assert getattr(a, field) == pytest.approx(getattr(b, field), abs=1e-12)
        assert a.by_draws == pytest.approx(b.by_draws, abs=1e-12)
        assert a.fold == b.fold


def test_a_dearer_deal_in_never_pays_more():
    """Net points fall as the loss grows, and the chance of winning with them."""
    values = [win_chances("12389m456p78s11z4z", 6, discard_wins=True, objective="points",
                          opponents=True, turn=12, deal_ins=loss)[0]
              for loss in (0, 3, 12, 50)]
    assert all(b.expected_points <= a.expected_points
               for a, b in zip(values, values[1:], strict=False))
    assert values[0].fold is False and values[-1].fold is True


@pytest.mark.parametrize("args, message", [
    (dict(deal_ins="yes"), "deal_ins must be"),
    (dict(deal_ins=-1), "deal_ins"),
    (dict(deal_ins=True, objective="win"), "objective='points'"),
    (dict(deal_ins=True, discard_wins=False), "discard_wins=True"),
    (dict(deal_ins=True, calls=True), "calls"),
    (dict(deal_ins=True, turn=-1), "turn"),
])
def test_bad_arguments_are_refused(args, message):
    call = dict(discard_wins=True, objective="points") | args
    with pytest.raises(HandError, match=message):
        win_chances("12389m456p78s11z4z", 10, **call)


def test_riichi_rules_are_refused():
    with pytest.raises(HandError, match="poyang"):
        win_chances("12389m456p78s11z4z", 10, "riichi", discard_wins=True,
                    objective="points", deal_ins=True)
