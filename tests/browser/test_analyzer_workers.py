"""The analyzer's slow workers follow the device (issue 50): two, or one a core up to four
where the browser reports more than two cores and 8 GB of memory; a question at four
seats is shared out between all of them, and with hand changes the floor comes from those
the questions with hand changes leave idle, or, on two, the chances' from the first worker
before its own question.  The device is what ``navigator`` reports, set for each page from
its address; every wait is for a state of the panel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from test_analyzer_browser import (
    FIRST_ANSWER_MS,
    FOUR_SEAT_HAND,
    HAND_CHANGES,
    HELD_CHANGES,
    PAGE,
    PANEL,
    POSTED,
    Page,
    chance_floors,
    floor_cells,
    four_seat_cells,
    gated_bridge,
    same_values,
    shown_chances,
    shown_points,
    wait_for_chances,
    wait_for_four_seats,
    wait_for_points,
)

import mjcore
from mjcore.play.bestplay import discard_parts

pytestmark = pytest.mark.browser

DEVICE = """
{  // the device the page sees: the cores and memory a test asks for in the address
  const asked = new URLSearchParams(location.search);
  for (const [key, name] of [["cores", "hardwareConcurrency"], ["memory", "deviceMemory"]]) {
    if (asked.has(key)) {
      const value = asked.get(key) === "none" ? undefined : Number(asked.get(key));
      Object.defineProperty(Navigator.prototype, name, { get: () => value });
    }
  }
}
"""
"""Lets a test give the page a device's cores and memory (``?cores=4&memory=8``; "none":
the browser does not say), as ``navigator`` reports them; without them, the machine's."""


@pytest.fixture
def device(chromium) -> Iterator[Page]:
    """A page of its own (in a context of its own) whose device a test sets in the address
    (:data:`DEVICE`), questions recorded (:data:`POSTED`)."""
    context = chromium.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = context.new_page()
        page.add_init_script(DEVICE)
        page.add_init_script(POSTED)
        yield Page(page)
    finally:
        context.close()


@pytest.mark.parametrize("cores, memory, slow", [
    (2, 8, 2), (3, 8, 3), (4, 8, 4), (16, 8, 4), (4, 4, 2), (4, "none", 2), ("none", 8, 2)])
def test_slow_workers_follow_the_cores_and_memory(device: Page, site_url: str, cores, memory,
                                                  slow) -> None:
    """Two slow workers, or one a core up to four where the browser reports more than two
    cores and 8 GB of memory (capped there: Chrome says 8 for more); Python starts only
    when asked."""
    device.open(urljoin(site_url, f"{PAGE}?cores={cores}&memory={memory}"))
    device.page.wait_for_selector(f"{PANEL}[data-picker=ready]")
    assert device.panel("slowWorkers") == str(slow)
    assert device.panel("state") == "idle" and device.page.evaluate("window.mjPosted") == []
    assert device.errors == [] and device.external == []


def test_four_slow_workers_share_out_a_question_at_four_seats(device: Page, site_url: str,
                                                              capsys) -> None:
    """On a device with four cores and 8 GB the page has four slow workers: a question at
    four seats goes to all four, a group of discards each (discard_parts(hand, 4)), each
    in its two stages, and the columns are mjcore's; the player alone asks two of them."""
    hand, visible = FOUR_SEAT_HAND, "7m6s"
    page = device.page
    device.open(urljoin(site_url, f"{PAGE}?hand={hand}&visible={visible}&fs=calls"
                                  "&cores=4&memory=8"))
    device.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert device.panel("slowWorkers") == "4"
    seconds = wait_for_four_seats(device)
    wait_for_chances(device)
    posted = page.evaluate("window.mjPosted")
    quick = {m["worker"] for m in posted if m["question"] == "answer"}
    four = [m for m in posted if m["question"] == "answer_chances" and m["fourSeats"] == "calls"]
    assert sorted((m["part"], m["parts"], m["stage"]) for m in four) == [
        (part, 4, stage) for part in range(4) for stage in ("keep", "raise")], posted
    workers = {m["worker"] for m in four}
    assert len(workers) == 4 and not quick & workers
    for worker in workers:  # each its own group, the discards that keep the shanten first
        mine = [(m["part"], m["stage"]) for m in four if m["worker"] == worker]
        assert mine == [(mine[0][0], "keep"), (mine[0][0], "raise")]
    assert sum(map(bool, discard_parts(hand, 4))) >= 3  # the hand's discards in 3-4 groups
    entries = mjcore.win_chances(mjcore.parse(hand), visible=mjcore.parse(visible),
                                 discard_wins=True, calls=True)
    cells = four_seat_cells(device)
    assert {tile: win for tile, win, *_ in cells} == same_values(
        {mjcore.tile_name(e.tile): e.win for e in entries})
    assert {tile: part for tile, _, part, *_ in cells} == same_values(
        {mjcore.tile_name(e.tile): e.discard_win for e in entries})
    # the player alone: two of the slow workers (the chances, and the points beside them)
    alone = [m for m in posted if m["question"] in ("answer_chances", "answer_points")
             and m["fourSeats"] == "off"]
    assert len({m["worker"] for m in alone}) == 2 and {m["worker"] for m in alone} <= workers
    assert device.chances() == shown_chances(device, hand, visible)
    with capsys.disabled():
        print(f"\nanalyzer: four seats with calls on {hand} on four workers: {seconds:.0f} s")
    assert device.message() == "" and device.errors == [] and device.external == []


def slow_questions(device: Page) -> list[dict]:
    """The slow questions of the player alone the page has posted (:data:`POSTED`)."""
    return [m for m in device.page.evaluate("window.mjPosted")
            if m["question"] in ("answer_chances", "answer_points")]


def test_spare_workers_bring_the_floor_with_hand_changes(device: Page, site_url: str,
                                                        site_dir: Path) -> None:
    """Hand changes on for a hand the page has not answered without them: on a device with
    four slow workers, the two that the questions with hand changes leave idle compute the
    answers without them, shown as the floor (≥) while those are still computing, then
    replaced by them; kept, they answer at once when the switch goes off."""
    hand = "123456m789p1357s1z"  # chapter 6's: hand changes raise 1z's chance most
    page = device.page
    floors = f"{PANEL} .mj-az-discards td.mj-az-at-least"
    with gated_bridge(device, site_dir, HELD_CHANGES) as gate:
        device.open(urljoin(site_url, f"{PAGE}?hand={hand}&hc=1&cores=4&memory=8"))
        device.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
        assert device.panel("slowWorkers") == "4"
        rows = len(device.discards())
        # both floors, while the answers with hand changes are held at the gate
        page.wait_for_function("([cells, rows]) => document.querySelectorAll(cells).length "
                               "=== 2 * rows", arg=[floors, rows], timeout=FIRST_ANSWER_MS)
        assert device.panel("chances") == "pending" and device.panel("points") == "pending"
        scored = mjcore.win_chances(hand, objective="points")
        assert floor_cells(device, "mj-az-chance") == chance_floors(mjcore.win_chances(hand))
        assert {tile: text for tile, (text, _) in floor_cells(device, "mj-az-points").items()
                } == {mjcore.tile_name(e.tile): f"≥ {e.expected_points:.2f}" for e in scored}
        assert page.locator(f"{PANEL} .mj-az-at-least-note").count() == 1
        # the questions with hand changes on two workers (each posted once its worker's
        # Python has started: wait until both are held), those without on the other two
        gate.wait_for("win", hand)
        gate.wait_for("points", hand)
        posted = slow_questions(device)
        workers = {flag: {m["worker"] for m in posted if m["handChanges"] is flag}
                   for flag in (True, False)}
        assert len(workers[True]) == len(workers[False]) == 2, posted
        assert not workers[True] & workers[False]
        assert sorted(m["question"] for m in posted if not m["handChanges"]) == [
            "answer_chances", "answer_points"]
        # the answers with hand changes replace the floors, each in its column
        gate.release("win", hand)
        wait_for_chances(device, HAND_CHANGES)
        assert device.chances() == shown_chances(device, hand, hand_changes=True)
        assert floor_cells(device, "mj-az-chance") == {}
        assert len(floor_cells(device, "mj-az-points")) == rows
        gate.release("points", hand)
        wait_for_points(device)
        assert device.points() == shown_points(device, hand, hand_changes=True)
        assert page.locator(f"{floors}, {PANEL} .mj-az-at-least-note").count() == 0
        # switched off, the answers the spare workers computed come at once, asking nobody
        asked = len(slow_questions(device))
        device.act(device.switch().uncheck)
        wait_for_chances(device)
        wait_for_points(device)
        assert device.chances() == shown_chances(device, hand)
        assert device.points() == shown_points(device, hand)
        assert len(slow_questions(device)) == asked
    assert device.message() == "" and device.errors == [] and device.external == []


@pytest.mark.parametrize("rules", ["poyang", "riichi"])
def test_two_slow_workers_bring_the_chances_floor_with_hand_changes(device: Page, site_url: str,
                                                                   site_dir: Path,
                                                                   rules: str) -> None:
    """Hand changes on for a hand the page has not answered without them, on a device with
    two slow workers.  Under Poyang (a points column, whose answer with hand changes keeps
    the second worker about as long as the first takes for both) the first worker computes
    the chances without hand changes first, the chance column's floor (≥), then asks with
    them; the points column has no floor.  Under riichi rules (no points column) the second
    worker, idle otherwise, computes that floor while the first asks with hand changes."""
    hand = "123456m789p1357s1z"  # chapter 6's: hand changes raise 1z's chance most
    page = device.page
    floors = f"{PANEL} .mj-az-discards td.mj-az-at-least"
    with gated_bridge(device, site_dir, HELD_CHANGES) as gate:
        device.open(urljoin(site_url, f"{PAGE}?hand={hand}&hc=1&rules={rules}&cores=2"
                                      "&memory=8"))
        device.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
        assert device.panel("slowWorkers") == "2"
        rows = len(device.discards())
        # the chance column's floor, while the answers with hand changes are held at the gate
        page.wait_for_function("([cells, rows]) => document.querySelectorAll(cells).length "
                               "=== rows", arg=[floors, rows], timeout=FIRST_ANSWER_MS)
        gate.wait_for("win", hand)
        if rules == "poyang":
            gate.wait_for("points", hand)
            assert set(device.points()) == {"…"} and device.panel("points") == "pending"
        assert device.panel("chances") == "pending"
        assert floor_cells(device, "mj-az-chance") == chance_floors(
            mjcore.win_chances(hand, rules=rules))
        if rules == "poyang":  # the points column, without a floor
            assert page.locator(f"{PANEL} td.mj-az-points").count() == rows
            assert floor_cells(device, "mj-az-points") == {}
        else:  # riichi rules: no points column at all
            assert page.locator(f"{PANEL} td.mj-az-points").count() == 0
        assert page.locator(f"{PANEL} .mj-az-at-least-note").count() == 1
        posted = [(m["question"], m["worker"], m["handChanges"]) for m in slow_questions(device)]
        chances = [(worker, flag) for question, worker, flag in posted
                   if question == "answer_chances"]
        if rules == "poyang":  # the floor, then the question with hand changes, on one worker
            assert [flag for _, flag in chances] == [False, True], posted
            assert chances[0][0] == chances[1][0]
            points = [(w, flag) for question, w, flag in posted if question == "answer_points"]
            assert len(points) == 1 and points[0][1] is True, posted
            assert points[0][0] != chances[0][0], posted
        else:  # the floor on the other worker
            assert sorted(flag for _, flag in chances) == [False, True], posted
            assert chances[0][0] != chances[1][0] and len(posted) == 2, posted
        # the answers with hand changes replace the floor
        gate.release("win", hand)
        wait_for_chances(device, HAND_CHANGES)
        assert device.chances() == shown_chances(device, hand, hand_changes=True, rules=rules)
        assert floor_cells(device, "mj-az-chance") == {}
        if rules == "poyang":
            gate.release("points", hand)
            wait_for_points(device)
            assert device.points() == shown_points(device, hand, hand_changes=True)
        assert page.locator(f"{floors}, {PANEL} .mj-az-at-least-note").count() == 0
    assert device.message() == "" and device.errors == [] and device.external == []
