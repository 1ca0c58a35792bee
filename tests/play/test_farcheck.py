"""Every mode on every deal (``make farcheck``): the committed rows are what the code
answers, every mode offered is asked of every deal, and none was refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjcore import HandError, shanten
from mjcore.base.tiles import to_mpsz
from mjcore.play import farcheck

ROOT = Path(__file__).resolve().parents[2]
ROWS = farcheck.read_rows(ROOT / farcheck.FILE)


def test_each_deal_is_asked_every_mode_its_rules_offer():
    deals: dict = {}
    for row in ROWS:
        deals.setdefault((row["rules"], row["index"]), []).append(row)
    assert {name for name, _ in deals} == set(farcheck.RULES)
    for (name, index), rows in deals.items():
        assert [r["mode"] for r in rows] == list(farcheck.OFFERED[name]), (name, index)
        counts = farcheck.deal(name, index)
        assert {r["hand"] for r in rows} == {to_mpsz(counts)}
        assert {r["shanten"] for r in rows} == {shanten(counts, farcheck.RULES[name])}
    # each rule set's deals are the first ones, none skipped
    for name in farcheck.RULES:
        indices = sorted(i for n, i in deals if n == name)
        assert indices == list(range(len(indices)))


def test_every_deal_is_answered():
    """No deal of any rule set was refused in any mode (``approximate=True``)."""
    refused = [(r["rules"], r["index"], r["mode"]) for r in ROWS if r["answer"] == "refused"]
    assert refused == []
    assert {r["answer"] for r in ROWS} <= set(farcheck.ANSWERS)


def test_far_deals_are_there_and_answered_approximately():
    """The file holds deals five and six steps from ready (riichi forms), answered."""
    far = [r for r in ROWS if r["rules"] == "riichi" and r["shanten"] >= 5]
    assert far and {r["answer"] for r in far} <= {"exact", "approximate"}
    assert any(r["answer"] == "approximate" for r in far)


def _quickest(count: int) -> list[tuple[str, int]]:
    """The deals whose modes took least time in all (a cheap sample to replay)."""
    totals: dict = {}
    for row in ROWS:
        key = row["rules"], row["index"]
        totals[key] = totals.get(key, 0.0) + row["seconds"]
    by_rules: dict = {}
    for key in sorted(totals, key=totals.get):
        by_rules.setdefault(key[0], []).append(key)
    return [key for keys in by_rules.values() for key in keys[:count]]


@pytest.mark.parametrize("name, index", _quickest(1))
def test_a_deal_replays_to_its_rows(name: str, index: int):
    found = farcheck.deal_rows(name, index)
    kept = [r for r in ROWS if (r["rules"], r["index"]) == (name, index)]
    strip = ("rules", "index", "hand", "shanten", "mode", "answer")
    assert [{k: r[k] for k in strip} for r in found] == [{k: r[k] for k in strip}
                                                         for r in kept]


def test_arguments_are_checked(tmp_path):
    with pytest.raises(HandError, match="name"):
        farcheck.deal("chinese", 0)
    with pytest.raises(HandError, match="index"):
        farcheck.deal("riichi", -1)
    with pytest.raises(HandError, match="modes"):
        farcheck.deal_rows("riichi", 0, ("dance",))
    farcheck.write_rows(tmp_path / "rows.csv", ROWS[:3])
    assert [r["mode"] for r in farcheck.read_rows(tmp_path / "rows.csv")] == [
        r["mode"] for r in ROWS[:3]]
    summary = farcheck.summary(ROWS)
    assert sum(e["deals"] for e in summary.values()) == len(ROWS)
