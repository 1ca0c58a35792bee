"""The live analyzer in a real browser: mjcore answering through Pyodide, offline.

Serves the built site (``_build/html`` after ``make book``, or
``$MJ_SITE_DIR``) on 127.0.0.1 and drives Debian's chromium through
Playwright.  Every request to another host is blocked and fails the test,
so an answer proves the analyzer needs no network.  The time from opening
the page to the first answer is printed (a figure, not an assertion: the
machine is shared).  Without the site, its analyzer files or chromium the
tests skip, except under make test (or CI=true), where they fail.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qs, urljoin, urlparse

import pytest
from conftest import OfflinePage, missing
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import mjcore
from mjcore.base.rules import PRESETS, with_wild
from mjcore.play.approximate import approximate_note
from mjcore.play.bestplay import discard_parts
from mjcore.scoring import poyang

pytestmark = pytest.mark.browser

PAGE = "book/analyzer.html"
FIRST_ANSWER_MS = 240_000  # a cold start on a busy 2-core machine; typically a few seconds
ANSWER_MS = 60_000
PANEL = ".mj-analyzer"


class Page(OfflinePage):
    """An offline page that drives the analyzer panel."""

    def panel(self, key: str) -> str | None:
        return self.page.eval_on_selector(PANEL, "(el, key) => el.dataset[key] ?? null", key)

    def answers(self) -> int:
        return int(self.panel("answers") or 0)

    def wait_for_answers(self, count: int, timeout: float = ANSWER_MS) -> None:
        self.page.wait_for_function(
            """([selector, count]) => {
                const el = document.querySelector(selector);
                return el && (Number(el.dataset.answers || 0) >= count
                              || el.dataset.state === 'failed');
            }""", arg=[PANEL, count], timeout=timeout)
        assert self.panel("state") != "failed", self.message()

    def settle(self, key: str, to: tuple[str, ...] = ("done", "failed"),
               timeout: float = FIRST_ANSWER_MS) -> str:
        """Wait until the panel's ``data-<key>`` (a column or list filled later: "chances",
        "points", "fourChances", ...) is one of ``to``; return it."""
        self.page.wait_for_function(
            "([selector, key, to]) => to.includes(document.querySelector(selector).dataset[key])",
            arg=[PANEL, key, list(to)], timeout=timeout)
        return self.panel(key)

    def wait_for_no_slow_questions(self, timeout: float = ANSWER_MS) -> None:
        """Wait until every slow question the page asked is answered or stopped (its
        ``data-mj-slow-questions`` 0): from then on no answer to an older question can
        come, so what the page shows stays."""
        self.page.wait_for_function(
            "() => document.documentElement.dataset.mjSlowQuestions === '0'", timeout=timeout)

    def act(self, action, timeout: float = ANSWER_MS, after_slow: bool = False) -> None:
        """Do ``action`` (a callable) and wait for the answer it asks for; ``after_slow``:
        first wait until the slow questions are done, where a test does not look at what
        a change meanwhile does (it stops their workers, and Python starts again in
        them: seconds of work for nothing)."""
        if after_slow:
            self.wait_for_no_slow_questions()
        before = self.answers()
        action()
        self.wait_for_answers(before + 1, timeout)

    def message(self) -> str:
        box = self.page.locator(f"{PANEL} .mj-az-message")
        return "" if box.is_hidden() else box.inner_text()

    def rows(self, table: str, *keys: str) -> list[tuple]:
        """Each row of ``table`` (a class) as its data attributes ``keys``, in page order."""
        return [tuple(int(v) if v.lstrip("-").isdigit() else v for v in row)
                for row in self.page.eval_on_selector_all(
                    f"{PANEL} .{table} tbody tr",
                    "(rows, keys) => rows.map(r => keys.map(k => r.dataset[k]))", list(keys))]

    def waits(self) -> list[tuple[str, int]]:
        return self.rows("mj-az-waits-table", "tile", "left")

    def effective(self) -> list[tuple[str, int]]:
        return self.rows("mj-az-effective-table", "tile", "left")

    def discards(self) -> list[tuple[str, int, int, list[tuple[str, int]]]]:
        """The discard table: tile, shanten, total and the effective tiles with copies left."""
        return [(*row, [(c["tile"], int(c["left"])) for c in cells])
                for row, cells in zip(
                    self.rows("mj-az-discards", "tile", "shanten", "total"),
                    self.page.eval_on_selector_all(
                        f"{PANEL} .mj-az-discards tbody tr",
                        "rows => rows.map(r => [...r.querySelectorAll('.mj-az-copy')]"
                        ".map(c => ({tile: c.dataset.tile, left: c.dataset.left})))"),
                    strict=True)]

    def faces(self) -> list[dict]:
        """Every tile picture in the panel: its alt text, tile and whether it drew."""
        return self.page.eval_on_selector_all(
            f"{PANEL} img.mj-az-face",
            "imgs => imgs.map(i => ({alt: i.alt, tile: i.dataset.tile, "
            "drawn: i.complete && i.naturalWidth > 0, src: i.getAttribute('src')}))")

    def chances(self) -> list[str]:
        """The chance column's cells, in the order of the discard table."""
        return self.page.locator(f"{PANEL} td.mj-az-chance").all_inner_texts()

    def points(self) -> list[str]:
        """The expected-points column's cells, in the order of the discard table."""
        return self.page.locator(f"{PANEL} td.mj-az-points").all_inner_texts()

    def points_by_tile(self) -> dict[str, float]:
        """The expected points each row holds in full (``data-points``), by its tile."""
        return {tile: float(value) for tile, value in self.page.eval_on_selector_all(
            f"{PANEL} .mj-az-discards tbody tr",
            "rows => rows.map(r => [r.dataset.tile, "
            "r.querySelector('.mj-az-points').dataset.points])")}

    def switch(self):
        """The hand-changes checkbox, found by its role and accessible name."""
        return self.page.locator(PANEL).get_by_role("checkbox", name="hand changes 手替わり")

    def order(self) -> dict:
        """The discard table's order as the page shows it: ``data-order``, the words of the
        title, the order buttons and which of them is pressed."""
        return self.page.eval_on_selector(PANEL, """(panel) => ({
            order: panel.querySelector('.mj-az-discards')?.dataset.order ?? null,
            title: panel.querySelector('.mj-az-discards-title')?.textContent ?? null,
            buttons: [...panel.querySelectorAll('.mj-az-order button')].map(b => b.dataset.order),
            pressed: [...panel.querySelectorAll('.mj-az-order button[aria-pressed=true]')]
                .map(b => b.dataset.order)})""")

    def order_by(self, label: str) -> None:
        """Click the order button named ``label``, found by its role and accessible name,
        and wait until it is pressed (the rows move with it, in the same task)."""
        button = self.page.locator(PANEL).get_by_role(
            "group", name="order the discards by").get_by_role("button", name=label, exact=True)
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true", timeout=ANSWER_MS)

    def cells(self) -> dict[str, list[str]]:
        """Each discard row's cells (their HTML), by the row's tile."""
        return dict(self.page.eval_on_selector_all(
            f"{PANEL} .mj-az-discards tbody tr",
            "rows => rows.map(r => [r.dataset.tile, [...r.cells].map(c => c.outerHTML)])"))

    def column(self, kind: str, table: str = "mj-az-discards") -> tuple[str, str]:
        """The column ``kind`` (its head's ``data-column``) of ``table`` (a class) as the page
        names it: the head's short text and its tooltip, what it means; the legend under
        the table says the same."""
        head, said = self.page.eval_on_selector(f"{PANEL} .{table}", """(table, kind) => {
            const head = table.querySelector(`thead th[data-column="${kind}"]`);
            const legend = table.nextElementSibling;
            const term = legend?.matches('dl.mj-az-legend')
                && legend.querySelector(`dt[data-column="${kind}"]`);
            return [head && [head.textContent, head.title],
                    term && [term.textContent, term.nextElementSibling.textContent]];
        }""", kind)
        assert head is not None, f"no column {kind} in .{table}"
        assert said == head, f"the legend of .{table} says {said} for {kind}, its head {head}"
        return tuple(head)

    def legend(self, table: str = "mj-az-discards") -> list[tuple[str, str, str]]:
        """The legend under ``table`` (a class): each entry's column, short head and meaning,
        in order."""
        return [tuple(entry) for entry in self.page.eval_on_selector(
            f"{PANEL} .{table} + dl.mj-az-legend", """(legend) =>
                [...legend.querySelectorAll('dt')].map(term => [term.dataset.column,
                    term.textContent, term.nextElementSibling.textContent])""")]

    def heads(self, table: str = "mj-az-discards") -> list[tuple[str, str, str]]:
        """The column heads of ``table`` (a class): each one's column, text and tooltip."""
        return [tuple(head) for head in self.page.eval_on_selector_all(
            f"{PANEL} .{table} thead th",
            "heads => heads.map(h => [h.dataset.column, h.textContent, h.title])")]

    def number(self, selector: str, key: str) -> int | None:
        box = self.page.locator(f"{PANEL} {selector}")
        return int(box.get_attribute(f"data-{key}")) if box.count() else None

    def hand_tiles(self) -> list[str]:
        return self.page.locator(f"{PANEL} .mj-az-hand button").evaluate_all(
            "els => els.map(el => el.dataset.tile)")

    def result_text(self) -> str:
        return self.page.locator(f"{PANEL} .mj-az-result").inner_text()

    def type_hand(self, text: str, box: str = ".mj-az-hand-input",
                  after_slow: bool = False) -> None:
        self.act(lambda: (self.page.fill(f"{PANEL} {box}", text),
                          self.page.press(f"{PANEL} {box}", "Enter")), after_slow=after_slow)


@pytest.fixture(scope="module")
def analyzer_files(site_dir: Path) -> Path:
    path = site_dir / "analyzer"
    if not (path / "manifest.json").is_file():
        missing(f"no analyzer in {site_dir}: `make book` copies it there "
                "(book/analyzer/stage.py)")
    if not (site_dir / PAGE).is_file():
        missing(f"no {PAGE} in {site_dir}: add book/analyzer to _toc.yml")
    return path


TWO_CORES = """
Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => 2 });
"""
"""The page as on a device with two cores (two slow workers), whatever this machine has."""


@pytest.fixture(scope="module")
def browser(analyzer_files: Path, chromium_page) -> Page:
    chromium_page.add_init_script(TWO_CORES)
    return Page(chromium_page)


def test_python_starts_only_when_used(browser: Page, site_url: str,
                                     analyzer_files: Path) -> None:
    browser.open(urljoin(site_url, PAGE))
    browser.page.wait_for_selector(f"{PANEL}[data-picker=ready]")
    browser.page.wait_for_timeout(1000)
    assert browser.panel("state") == "idle"
    assert not [p for p in browser.requests if "/pyodide/" in p or p.endswith("worker.mjs")]
    manifest = json.loads((analyzer_files / "manifest.json").read_text(encoding="utf-8"))
    status = browser.page.inner_text(f"{PANEL} .mj-az-status")
    assert f"about {round(manifest['download_bytes'] / 1e6)} MB" in status
    assert len(browser.page.locator(f"{PANEL} .mj-az-picker button").all()) == 34
    assert browser.errors == [] and browser.external == []


@pytest.fixture(scope="module")
def answered(browser: Page, site_url: str) -> Page:
    """The analyzer opened with ?hand=111222333m444s5s, after its first answer."""
    browser.errors.clear()
    browser.open(urljoin(site_url, PAGE + "?hand=111222333m444s5s"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    return browser


def test_query_string_hand_is_answered_offline(answered: Page, capsys) -> None:
    first_ms = int(answered.panel("firstAnswerMs"))
    status = answered.page.inner_text(f"{PANEL} .mj-az-status")
    with capsys.disabled():
        print(f"\nanalyzer: first answer {first_ms / 1000:.1f} s after the page opened "
              f"({status})")
    assert answered.message() == ""
    assert answered.waits() == [("3s", 4), ("5s", 3), ("6s", 4)]
    total = answered.page.locator(f"{PANEL} .mj-az-total")
    assert total.get_attribute("data-total") == "11"
    assert answered.page.locator(f"{PANEL} .mj-az-shanten").get_attribute("data-shanten") == "0"
    assert answered.hand_tiles() == ["1m"] * 3 + ["2m"] * 3 + ["3m"] * 3 + ["4s"] * 3 + ["5s"]
    assert "Traceback" not in answered.page.inner_text("body")
    assert answered.external == [], f"the analyzer needs the network: {answered.external}"
    assert answered.errors == []
    fetched = {Path(p).name for p in answered.requests}
    assert {"worker.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "bridge.py"} <= fetched
    assert any(name.startswith("mjcore-") and name.endswith(".whl") for name in fetched)


def test_bad_hand_shows_the_message(answered: Page) -> None:
    answered.type_hand("1112z8z")
    assert answered.message() == "8z is not a tile: honours are 1z-7z"
    assert answered.result_text() == ""
    assert "Traceback" not in answered.page.inner_text("body")
    answered.type_hand("111m")
    assert answered.message() == ("a hand to analyse has 3n+1 tiles (waits) or 3n+2 tiles "
                                  "(win), at most 14; got 3")
    assert answered.errors == []


def test_picker_builds_a_winning_hand(answered: Page) -> None:
    page = answered.page
    page.click(f"{PANEL} .mj-az-clear")
    for tile in ["1m", "1m", "1m", "2m", "3m"]:
        answered.act(lambda tile=tile: page.click(f"{PANEL} .mj-az-picker [data-tile='{tile}']"))
    assert page.input_value(f"{PANEL} .mj-az-hand-input") == "11123m"
    assert page.locator(f"{PANEL} .mj-az-win").get_attribute("data-win") == "true"
    assert page.locator(f"{PANEL} .mj-az-readings li").all_inner_texts() == ["11m 123m"]
    assert page.locator(f"{PANEL} .mj-az-shanten").get_attribute("data-shanten") == "-1"
    # a tile of the hand removes one copy: 1123m is a 4-tile hand waiting on 1m and 4m
    answered.act(lambda: page.click(f"{PANEL} .mj-az-hand [data-tile='1m'] >> nth=0"))
    assert page.input_value(f"{PANEL} .mj-az-hand-input") == "1123m"
    assert [tile for tile, _ in answered.waits()] == ["1m", "4m"]
    assert parse_qs(urlparse(page.url).query) == {"hand": ["1123m"]}


def test_rules_and_visible_tiles_change_the_answer(answered: Page) -> None:
    page = answered.page
    answered.type_hand("112233m66m1133s4z")
    assert answered.waits() == [("4z", 3)]  # seven pairs win under Poyang rules
    answered.act(lambda: page.select_option(f"{PANEL} .mj-az-rules", "standard"))
    assert answered.waits() == []
    assert "none, the hand is not ready" in answered.result_text()
    expected = mjcore.effective_tiles("112233m66m1133s4z", mjcore.STANDARD)
    assert answered.effective() == [(mjcore.tile_name(t), n) for t, n in
                                    expected.remaining.items()]
    answered.act(lambda: page.select_option(f"{PANEL} .mj-az-rules", "poyang"))
    answered.type_hand("4z", box=".mj-az-visible-input")
    assert answered.waits() == [("4z", 2)]
    query = parse_qs(urlparse(page.url).query)
    assert query == {"hand": ["112233m66m1133s4z"], "visible": ["4z"]}
    share = page.get_attribute(f"{PANEL} .mj-az-share", "href")
    assert parse_qs(urlparse(share).query) == query
    assert answered.external == [] and answered.errors == []


def names(waits: mjcore.Waits) -> list[tuple[str, int]]:
    return [(mjcore.tile_name(t), waits.remaining[t]) for t in waits.tiles]


def test_thirteen_tiles_not_ready_show_effective_tiles(answered: Page) -> None:
    hand, visible = "5m23m456p78s99p11z3z", "1z9p"
    answered.type_hand(visible, box=".mj-az-visible-input")
    answered.type_hand(hand)
    expected = mjcore.effective_tiles(hand, mjcore.POYANG, visible)
    assert answered.effective() == names(expected)
    assert answered.number(".mj-az-total", "total") == expected.total
    assert answered.number(".mj-az-shanten", "shanten") == mjcore.shanten(hand)
    assert answered.waits() == [] and answered.discards() == []
    # visible tiles lower the copies: the same hand without them
    answered.type_hand("", box=".mj-az-visible-input")
    assert answered.effective() == names(mjcore.effective_tiles(hand))
    assert answered.message() == "" and answered.errors == []


def test_tiles_are_pictures_named_in_mpsz(answered: Page) -> None:
    """Picker, hand and answers show mjcore.view.render's faces, each named by its mpsz text."""
    answered.type_hand("12389m456p78s9p11z4z")
    answered.page.wait_for_function(
        "(s) => [...document.querySelectorAll(s + ' img')].every(i => i.complete)", arg=PANEL)
    faces = answered.faces()
    picker = answered.page.locator(f"{PANEL} .mj-az-picker img").evaluate_all(
        "imgs => imgs.map(i => i.alt)")
    assert sorted(picker) == sorted(mjcore.tile_name(t) for t in range(34))
    assert answered.page.locator(f"{PANEL} .mj-az-hand img").evaluate_all(
        "imgs => imgs.map(i => i.alt)") == answered.hand_tiles()
    assert len(faces) > 34 + 14 + 13  # picker, hand, and the discard table
    assert all(f["drawn"] and f["alt"] == f["tile"] and f["src"].endswith(f"/{f['tile']}.svg")
               for f in faces), [f for f in faces if not f["drawn"]]
    # a button's accessible name is the tile's mpsz text
    assert answered.page.get_by_role("button", name="7z", exact=True).count() == 1


def test_fourteen_tiles_show_the_discards_best_first(answered: Page) -> None:
    hand, visible = "12389m456p78s9p11z4z", "7m6s"
    answered.type_hand(visible, box=".mj-az-visible-input", after_slow=True)
    answered.type_hand(hand)
    expected = mjcore.discard_advice(hand, mjcore.POYANG, visible)
    assert answered.page.locator(f"{PANEL} .mj-az-win").get_attribute("data-win") == "false"
    wait_for_chances(answered)
    assert answered.chances() == expected_chances(answered, mjcore.win_chances, hand, visible)
    assert [row[0] for row in answered.discards()] == chance_order(hand, visible)
    # the effective-tile order, as mjcore.discard_advice gives it, one click away
    answered.order_by("effective tiles")
    assert answered.discards() == [(mjcore.tile_name(d.tile), d.shanten, d.total,
                                    names(d.effective)) for d in expected]
    assert answered.page.locator(f"{PANEL} .mj-az-discards tr.mj-az-best").get_attribute(
        "data-tile") == mjcore.tile_name(expected[0].tile)
    answered.order_by("chance of winning")
    answered.type_hand("", box=".mj-az-visible-input", after_slow=True)
    wait_for_chances(answered)
    assert [row[0] for row in answered.discards()] == chance_order(hand)
    assert answered.message() == "" and answered.errors == []


def test_discards_are_ordered_by_the_chance_of_winning(answered: Page) -> None:
    """Once chances are in, the rows follow them; two buttons switch to effective tiles."""
    hand = "12389m456p78s9p11z4z"
    answered.type_hand("", box=".mj-az-visible-input")
    answered.type_hand(hand)
    wait_for_chances(answered)
    answers = answered.answers()
    by_chance = [row[0] for row in answered.discards()]
    assert by_chance == chance_order(hand)
    # the page's own example: 8s leaves more effective tiles, 8m wins more often
    totals = {row[0]: row[2] for row in answered.discards()}
    chances = dict(zip(by_chance, answered.chances(), strict=True))
    assert (totals["8s"], totals["8m"]) == (38, 34)
    assert (chances["8m"], chances["8s"]) == ("23.5%", "18.2%")
    assert by_chance.index("8m") < by_chance.index("8s")
    shown = [float(text.rstrip("%")) for text in answered.chances()]
    assert shown == sorted(shown, reverse=True)
    order = answered.order()
    assert order["order"] == "chance" and order["pressed"] == ["chance"]
    assert order["buttons"] == ["chance", "effective"]
    assert "best first by the chance of winning within 17 draws" in order["title"]
    best = answered.page.locator(f"{PANEL} .mj-az-discards tr.mj-az-best")
    assert best.count() == 1 and best.get_attribute("data-tile") == by_chance[0]
    cells = answered.cells()
    # effective tiles: mjcore.discard_advice's order, the same rows and cells
    answered.order_by("effective tiles")
    by_effective = [mjcore.tile_name(d.tile) for d in mjcore.discard_advice(hand)]
    assert by_effective != by_chance
    assert [row[0] for row in answered.discards()] == by_effective
    assert by_effective.index("8s") < by_effective.index("8m")
    order = answered.order()
    assert order["order"] == "effective" and order["pressed"] == ["effective"]
    assert "best first (lowest shanten, then most effective tiles left)" in order["title"]
    assert "chance" not in order["title"]
    assert best.get_attribute("data-tile") == by_effective[0]
    assert answered.cells() == cells
    assert answered.answers() == answers  # the rows moved; mjcore was not asked again
    # the reader's choice holds for the next hand, once its chances are in
    answered.type_hand("7m6s", box=".mj-az-visible-input")
    wait_for_chances(answered)
    assert answered.order()["order"] == "effective"
    assert [row[0] for row in answered.discards()] == [
        mjcore.tile_name(d.tile) for d in mjcore.discard_advice(hand, visible="7m6s")]
    answered.type_hand("", box=".mj-az-visible-input")
    wait_for_chances(answered)
    answers = answered.answers()
    # and back, without asking mjcore again
    answered.order_by("chance of winning")
    assert [row[0] for row in answered.discards()] == by_chance
    assert answered.order()["pressed"] == ["chance"]
    assert answered.cells() == cells
    answered.page.wait_for_timeout(500)
    assert answered.answers() == answers and answered.panel("chances") == "done"
    assert answered.message() == "" and answered.errors == []


@pytest.mark.parametrize("hand", ["11223344556677m", "111222333m44455s", "147m258p369s12345z"])
def test_a_winning_hand_shows_every_reading_and_its_poyang_score(answered: Page,
                                                                hand: str) -> None:
    answered.type_hand(hand)
    page = answered.page
    assert page.locator(f"{PANEL} .mj-az-win").get_attribute("data-win") == "true"
    assert page.locator(f"{PANEL} .mj-az-readings li").all_inner_texts() == [
        str(d) for d in mjcore.decompositions(hand)]
    win_tile = mjcore.to_tiles(mjcore.parse(hand))[0]
    for how, self_draw in (("discard", False), ("self_draw", True)):
        expected = poyang.score(hand, win_tile=win_tile, self_draw=self_draw)
        row = page.locator(f"{PANEL} .mj-az-score tr[data-how={how}]")
        assert (int(row.get_attribute("data-fan")), int(row.get_attribute("data-points"))) == (
            expected.fan, expected.points)
        fans = row.locator("td").nth(1).inner_text()
        assert [part.split()[0] for part in fans.split(", ")] == [n for n, _ in expected.fans]
    assert answered.discards() == []
    assert answered.message() == "" and answered.errors == []


def test_no_poyang_score_under_other_rules(answered: Page) -> None:
    answered.type_hand("111222333m44455s")
    answered.act(lambda: answered.page.select_option(f"{PANEL} .mj-az-rules", "standard"))
    assert answered.page.locator(f"{PANEL} .mj-az-win").get_attribute("data-win") == "true"
    assert answered.page.locator(f"{PANEL} .mj-az-score").count() == 0
    answered.act(lambda: answered.page.select_option(f"{PANEL} .mj-az-rules", "poyang"))
    assert answered.page.locator(f"{PANEL} .mj-az-score").count() == 1


KEEP_ONLY_PROGRESS = "keep only progress"
HAND_CHANGES = "with hand changes"
FELL_BACK = "keep only progress: too far for hand changes"


def wait_for_chances(browser: Page, policy: str = KEEP_ONLY_PROGRESS) -> None:
    """Wait until the chance column is filled (or failed), and check it is filled; its head
    (in its tooltip and the legend) says the draws and the ``policy`` played."""
    assert browser.settle("chances") == "done", browser.page.inner_text(
        f"{PANEL} .mj-az-chance-status")
    assert browser.column("chance") == ("win %", f"win within 17 draws, self-drawn ({policy})")


def wait_for_points(browser: Page) -> None:
    """Wait until the expected-points column is filled (or failed), and check it is filled;
    then nothing is computing any more."""
    assert browser.settle("points") == "done", browser.page.inner_text(
        f"{PANEL} .mj-az-points-status")
    assert browser.page.locator(f"{PANEL} progress").count() == 0


def chance_order(hand: str, visible: str = "", rules=mjcore.POYANG,
                 hand_changes: bool = False) -> list[str]:
    """The discards by CPython's chance of winning, highest first; equal chances keep
    mjcore.discard_advice's order."""
    win = {e.tile: float(e.win) for e in mjcore.win_chances(
        mjcore.parse(hand), draws=17, rules=rules, visible=mjcore.parse(visible),
        hand_changes=hand_changes)}
    advice = mjcore.discard_advice(hand, rules, visible)
    return [mjcore.tile_name(d.tile) for d in sorted(advice, key=lambda d: -win[d.tile])]


def expected_chances(browser: Page, win_chances, hand: str, visible: str) -> list[str]:
    """What the chance column should show, from ``win_chances`` run here in CPython."""
    entries = win_chances(mjcore.parse(hand), draws=17, rules=mjcore.POYANG,
                          visible=mjcore.parse(visible), hand_changes=False, objective="win",
                          approximate=True)
    shown = {mjcore.tile_name(e.tile): f"{100 * float(e.win):.1f}%" for e in entries}
    return [shown.get(row[0], "–") for row in browser.discards()]


# --- wild tiles 赖子 (issue 33) ---------------------------------------------------------

WILD = with_wild("poyang", "7z")


def test_wild_menu_is_none_then_hongzhong_then_every_tile(answered: Page) -> None:
    page = answered.page
    options = page.eval_on_selector_all(f"{PANEL} select.mj-az-wild option",
                                        "els => els.map(e => [e.value, e.textContent])")
    options = [tuple(option) for option in options]
    assert options[:2] == [("", "none"), ("7z", "7z 中 (red dragon)")]
    values = [value for value, _ in options[1:]]
    assert len(values) == len(set(values)) == 34
    assert values[1:] == [f"{rank}{suit}" for suit in "mpsz" for rank in range(1, 10)
                          if suit != "z" or rank < 7]  # mpsz order, 7z listed first
    assert page.input_value(f"{PANEL} select.mj-az-wild") == ""
    assert "wild" not in parse_qs(urlparse(page.url).query)


def test_wild_tile_from_the_address_changes_the_waits(browser: Page, site_url: str) -> None:
    page = browser.page
    hand = "12345678m1112p7z"  # 1-shanten with plain tiles; ready when 7z is wild
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&wild=7z"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert browser.message() == ""
    assert page.input_value(f"{PANEL} select.mj-az-wild") == "7z"
    assert browser.waits() == names(mjcore.waits(hand, WILD))
    assert ("7z", 3) in browser.waits()  # the wild tile itself, one copy in the hand
    assert browser.number(".mj-az-shanten", "shanten") == mjcore.shanten(hand, WILD) == 0
    assert page.locator(f"{PANEL} .mj-az-wild-line").get_attribute("data-wild") == "7z"
    assert "rules: poyang, 7z wild" in browser.result_text()
    wild_tiles = page.locator(f"{PANEL} .mj-az-hand .mj-az-wild-tile").evaluate_all(
        "els => els.map(el => el.dataset.tile)")
    assert wild_tiles == ["7z"]
    # none: the plain answer, and the address forgets the wild tile
    browser.act(lambda: page.select_option(f"{PANEL} select.mj-az-wild", ""))
    assert browser.waits() == []
    assert browser.effective() == names(mjcore.effective_tiles(hand))
    assert page.locator(f"{PANEL} .mj-az-wild-line").count() == 0
    assert page.locator(f"{PANEL} .mj-az-hand .mj-az-wild-tile").count() == 0
    assert parse_qs(urlparse(page.url).query) == {"hand": [hand]}
    # any other tile from the menu: 2p wild, with two 2p visible
    browser.type_hand("22p", box=".mj-az-visible-input")
    browser.act(lambda: page.select_option(f"{PANEL} select.mj-az-wild", "2p"))
    two_p = with_wild("poyang", "2p")
    shown = browser.waits() or browser.effective()
    expected = mjcore.waits(hand, two_p, "22p")
    assert shown == names(expected if expected.tiles else
                          mjcore.effective_tiles(hand, two_p, "22p"))
    query = parse_qs(urlparse(page.url).query)
    assert query == {"hand": [hand], "visible": ["22p"], "wild": ["2p"]}
    share = page.get_attribute(f"{PANEL} .mj-az-share", "href")
    assert parse_qs(urlparse(share).query) == query
    assert browser.message() == "" and browser.errors == [] and browser.external == []


def test_effective_tiles_under_wild_rules(browser: Page, site_url: str) -> None:
    hand, visible = "5m23m456p78s99p1z3z7z", "9p"
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&visible={visible}&wild=7z"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    expected = mjcore.effective_tiles(hand, WILD, visible)
    assert browser.effective() == names(expected)
    assert browser.number(".mj-az-total", "total") == expected.total
    assert browser.number(".mj-az-shanten", "shanten") == mjcore.shanten(hand, WILD) == 2
    assert mjcore.shanten(hand) == 3  # the wild 7z saves a step
    assert browser.message() == "" and browser.errors == []


def test_hongzhong_rules_come_with_the_red_dragon_wild(browser: Page, site_url: str) -> None:
    page = browser.page
    hand = "123456789m1112p"
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&rules=hongzhong"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert page.input_value(f"{PANEL} select.mj-az-rules") == "hongzhong"
    assert page.input_value(f"{PANEL} select.mj-az-wild") == "7z"
    assert browser.waits() == names(mjcore.waits(hand, mjcore.HONGZHONG)) == [
        ("2p", 3), ("3p", 4), ("7z", 4)]
    assert "rules: hongzhong" in browser.result_text()
    assert parse_qs(urlparse(page.url).query) == {"hand": [hand], "rules": ["hongzhong"]}
    # none: hongzhong's forms without a wild tile, which the address must say
    browser.act(lambda: page.select_option(f"{PANEL} select.mj-az-wild", ""))
    assert browser.waits() == [("2p", 3), ("3p", 4)]
    query = parse_qs(urlparse(page.url).query, keep_blank_values=True)
    assert query == {"hand": [hand], "rules": ["hongzhong"], "wild": [""]}
    # another preset keeps the wild menu as it is; hongzhong again chooses 7z
    browser.act(lambda: page.select_option(f"{PANEL} select.mj-az-rules", "poyang"))
    assert page.input_value(f"{PANEL} select.mj-az-wild") == ""
    browser.act(lambda: page.select_option(f"{PANEL} select.mj-az-rules", "hongzhong"))
    assert page.input_value(f"{PANEL} select.mj-az-wild") == "7z"
    assert ("7z", 4) in browser.waits()
    # the address with wild= empty opens as it was left
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&rules=hongzhong&wild="))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert page.input_value(f"{PANEL} select.mj-az-wild") == ""
    assert browser.waits() == [("2p", 3), ("3p", 4)]
    assert browser.message() == "" and browser.errors == [] and browser.external == []


@pytest.mark.parametrize("hand, hard", [("123456789m11p777z", True),
                                        ("123456789m11p23s7z", False)])
def test_poyang_scores_a_win_with_wild_tiles(browser: Page, site_url: str, hand: str,
                                             hard: bool) -> None:
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&wild=7z"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    page = browser.page
    forms = poyang.PoyangRules(forms=WILD)
    for how, self_draw in (("discard", False), ("self_draw", True)):
        expected = poyang.score(hand, win_tile=mjcore.to_tiles(mjcore.parse(hand))[0],
                                self_draw=self_draw, rules=forms)
        row = page.locator(f"{PANEL} .mj-az-score tr[data-how={how}]")
        assert (int(row.get_attribute("data-fan")), int(row.get_attribute("data-points"))) == (
            expected.fan, expected.points)
        fans = row.locator("td").nth(1).inner_text()
        assert [part.split()[0] for part in fans.split(", ")] == [n for n, _ in expected.fans]
        assert ("硬胡" in fans) is hard
    assert browser.message() == "" and browser.errors == []


def test_unknown_wild_tile_in_the_address_is_a_message(browser: Page, site_url: str) -> None:
    browser.open(urljoin(site_url, f"{PAGE}?hand=111222333m444s5s&wild=8z"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert browser.message() == ('unknown wild tile "8z": choose a tile such as 7z from the '
                                 "wild menu, or none")
    assert browser.page.input_value(f"{PANEL} select.mj-az-wild") == ""
    assert browser.waits() == [("3s", 4), ("5s", 3), ("6s", 4)]  # answered without one
    assert browser.errors == []


def test_fourteen_tiles_under_wild_rules(browser: Page, site_url: str) -> None:
    """Discards and the chance of winning with 7z wild, as mjcore gives them."""
    hand = "12345678m1112p7z5z"
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&wild=7z"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    expected = mjcore.discard_advice(hand, WILD)
    assert browser.page.locator(f"{PANEL} .mj-az-score").count() == 0
    wait_for_chances(browser)
    entries = mjcore.win_chances(mjcore.parse(hand), draws=17, rules=WILD,
                                 hand_changes=False)
    shown = {mjcore.tile_name(e.tile): f"{100 * float(e.win):.1f}%" for e in entries}
    assert browser.chances() == [shown.get(row[0], "–") for row in browser.discards()]
    assert [row[0] for row in browser.discards()] == chance_order(hand, rules=WILD)
    # discarding 7z, the wild tile, leaves the lowest chance of all
    assert browser.discards()[-1][0] == "7z"
    browser.order_by("effective tiles")
    assert browser.discards() == [(mjcore.tile_name(d.tile), d.shanten, d.total,
                                   names(d.effective)) for d in expected]
    assert browser.discards()[0][0] == "5z"
    assert browser.message() == "" and browser.errors == []


# --- hand changes 手替わり and expected points (issue 34) --------------------------------


def shown_chances(browser: Page, hand: str, visible: str = "",
                  hand_changes: bool = False, rules: str = "poyang") -> list[str]:
    """The chance column mjcore gives here in CPython, in the page's row order."""
    entries = mjcore.win_chances(mjcore.parse(hand), draws=17, visible=mjcore.parse(visible),
                                 hand_changes=hand_changes, rules=rules)
    shown = {mjcore.tile_name(e.tile): f"{100 * float(e.win):.1f}%" for e in entries}
    return [shown[row[0]] for row in browser.discards()]


def shown_points(browser: Page, hand: str, visible: str = "",
                 hand_changes: bool = False) -> list[str]:
    """The expected-points column mjcore gives here in CPython, rounded as the page shows
    it, in the page's row order."""
    entries = mjcore.win_chances(mjcore.parse(hand), draws=17, visible=mjcore.parse(visible),
                                 hand_changes=hand_changes, objective="points")
    # the page's values in full are mjcore's, as floats travel through JSON (to the last
    # bits: the page's two workers each answer a group of discards, see same_values)
    assert browser.points_by_tile() == same_values({mjcore.tile_name(e.tile): e.expected_points
                                                    for e in entries})
    shown = {mjcore.tile_name(e.tile): f"{e.expected_points:.2f}" for e in entries}
    return [shown[row[0]] for row in browser.discards()]


def test_hand_changes_switch_changes_the_chance(browser: Page, site_url: str) -> None:
    """Chapter 6's hand 123456m789p1357s, 1z drawn: its best discard 1z wins more often
    with hand changes; the switch goes in the address and stays for the next hand."""
    hand = "123456m789p1357s1z"
    plain, changes = ({e.tile: float(e.win) for e in mjcore.win_chances(hand, hand_changes=flag)}
                      for flag in (False, True))
    one_z = mjcore.tile_index("1z")
    assert changes[one_z] > plain[one_z] + 0.1  # 44.5% against 31.4%
    page = browser.page
    browser.errors.clear()
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    switch = browser.switch()
    assert not switch.is_checked()
    wait_for_chances(browser)
    assert browser.discards()[0][0] == "1z"
    assert browser.chances()[0] == f"{100 * plain[one_z]:.1f}%"
    assert browser.chances() == shown_chances(browser, hand)
    wait_for_points(browser)
    # on: the same table computed again with hand changes, the address says so
    browser.act(switch.check)
    wait_for_chances(browser, HAND_CHANGES)
    assert browser.discards()[0][0] == "1z"
    assert browser.chances()[0] == f"{100 * changes[one_z]:.1f}%"
    assert browser.chances() == shown_chances(browser, hand, hand_changes=True)
    assert [row[0] for row in browser.discards()] == chance_order(hand, hand_changes=True)
    assert "(with hand changes)" in page.inner_text(f"{PANEL} .mj-az-chance-status")
    wait_for_points(browser)
    assert browser.points() == shown_points(browser, hand, hand_changes=True)
    assert parse_qs(urlparse(page.url).query) == {"hand": [hand], "hc": ["1"]}
    share = page.get_attribute(f"{PANEL} .mj-az-share", "href")
    assert parse_qs(urlparse(share).query) == {"hand": [hand], "hc": ["1"]}
    # the next hand keeps the switch
    other = "12389m456p78s9p11z4z"
    browser.type_hand(other)
    assert switch.is_checked()
    wait_for_chances(browser, HAND_CHANGES)
    assert browser.chances() == shown_chances(browser, other, hand_changes=True)
    assert browser.chances() != shown_chances(browser, other)
    assert parse_qs(urlparse(page.url).query) == {"hand": [other], "hc": ["1"]}
    # and a reload of the address
    browser.open(page.url)
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert browser.switch().is_checked()
    wait_for_chances(browser, HAND_CHANGES)
    assert browser.chances() == shown_chances(browser, other, hand_changes=True)
    # off: keep only progress again, and the address forgets the switch
    browser.act(browser.switch().uncheck)
    wait_for_chances(browser)
    assert browser.chances() == shown_chances(browser, other)
    assert parse_qs(urlparse(page.url).query) == {"hand": [other]}
    assert browser.message() == "" and browser.errors == [] and browser.external == []


# mjcore's own win_chances, appended to the bridge.py the workers fetch, its answers with
# hand changes held at the test's Gate (GATE) until the test lets them go: the floor the
# page shows meanwhile is a state the test holds while it looks.
HELD_CHANGES = '''
_unheld_win_chances = mjcore.win_chances


def _held_win_chances(counts, *, hand_changes, objective, discards=None, **kwargs):
    if hand_changes:
        _gate(objective, counts, discards)
    return _unheld_win_chances(counts, hand_changes=hand_changes, objective=objective,
                               discards=discards, **kwargs)


mjcore.win_chances = _held_win_chances
'''


def floor_cells(browser: Page, column: str) -> dict[str, tuple[str, str]]:
    """The cells of ``column`` (a class) that show a floor ("≥"), by their row's tile: their
    text and tooltip."""
    return {tile: tuple(cell) for tile, cell in browser.page.eval_on_selector_all(
        f"{PANEL} .mj-az-discards tbody tr",
        """(rows, column) => rows.flatMap(r => [...r.querySelectorAll(
            `td.${column}.mj-az-at-least`)].map(c => [r.dataset.tile,
                                                     [c.textContent, c.title]]))""", column)}


def chance_floors(entries) -> dict[str, tuple[str, str]]:
    """The chance column's floor, as :func:`floor_cells` reads it, for ``entries``
    (mjcore's answers without hand changes)."""
    return {mjcore.tile_name(e.tile): (
        f"≥ {100 * e.win:.1f}%", f"at least {100 * e.win:.1f}%, the chance keeping only "
        "progress: with hand changes, still being computed, it can only be higher")
        for e in entries}


def test_hand_changes_start_from_the_answers_without_them(browser: Page, site_url: str,
                                                           site_dir: Path) -> None:
    """Turned on, hand changes show at once the answers the page has without them, as a
    floor ("≥": hand changes only add choices), each column until its own answer comes,
    mjcore's with hand changes; the line saying what "≥" means goes with the last floor.
    For a hand the page has no answers for, the first of two slow workers computes the
    chance column's floor before its question with hand changes."""
    hand = "123456m789p1357s1z"  # chapter 6's: hand changes raise 1z's chance most
    note = browser.page.locator(f"{PANEL} .mj-az-at-least-note")
    with gated_bridge(browser, site_dir, HELD_CHANGES) as gate:
        browser.errors.clear()
        browser.open(urljoin(site_url, f"{PAGE}?hand={hand}"))
        browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
        wait_for_chances(browser)
        wait_for_points(browser)
        assert floor_cells(browser, "mj-az-chance") == {} and note.count() == 0
        browser.act(browser.switch().check)
        assert browser.panel("chances") == "pending" and browser.panel("points") == "pending"
        plain = mjcore.win_chances(hand)
        by_points = mjcore.win_chances(hand, objective="points")
        points = {mjcore.tile_name(e.tile): f"{e.expected_points:.2f}" for e in by_points}
        assert floor_cells(browser, "mj-az-chance") == chance_floors(plain)
        assert {tile: text for tile, (text, _) in floor_cells(browser, "mj-az-points").items()
                } == {tile: f"≥ {value}" for tile, value in points.items()}
        assert note.inner_text().startswith("≥ at least: the answers keeping only progress")
        # the chance with hand changes comes: its column is mjcore's, the points still a floor
        gate.release("win", hand)
        wait_for_chances(browser, HAND_CHANGES)
        assert browser.chances() == shown_chances(browser, hand, hand_changes=True)
        assert floor_cells(browser, "mj-az-chance") == {}
        assert len(floor_cells(browser, "mj-az-points")) == len(points) and note.count() == 1
        gate.release("points", hand)
        wait_for_points(browser)
        assert browser.points() == shown_points(browser, hand, hand_changes=True)
        assert floor_cells(browser, "mj-az-points") == {} and note.count() == 0
        # the floor the page showed holds: mjcore's chance with hand changes is at least the
        # one without for every discard (more choices, never fewer), here in CPython
        changes = {e.tile: e for e in mjcore.win_chances(hand, hand_changes=True)}
        assert all(changes[e.tile].win >= e.win for e in plain)
        # a hand the page has not answered without hand changes: on two slow workers the
        # first computes the chances without them (the chance column's floor) before it
        # asks with them, held; the points column waits with nothing in it
        other = "123456m789p1358s1z"
        browser.type_hand(other)
        gate.wait_for("win", other)
        assert browser.panel("chances") == "pending"
        assert floor_cells(browser, "mj-az-chance") == chance_floors(mjcore.win_chances(other))
        assert set(browser.points()) == {"…"} and floor_cells(browser, "mj-az-points") == {}
        assert note.count() == 1
        gate.release("win", other)
        gate.release("points", other)
        wait_for_chances(browser, HAND_CHANGES)
        wait_for_points(browser)
        assert note.count() == 0
        assert browser.errors == [] and browser.external == []


def test_expected_points_column_under_poyang_only(browser: Page, site_url: str) -> None:
    """Poyang: the points mjcore computes, filled after the chances, which keep the order;
    riichi: no column; Poyang with a wild tile: no column, and a line says why."""
    hand, visible = "12389m456p78s9p11z4z", "7m6s"
    page = browser.page
    browser.errors.clear()
    page.add_init_script(POSTED)
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&visible={visible}"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert browser.column("points") == (
        "points", "expected Poyang points within 17 draws, won self-drawn with a concealed hand "
        "(keep only progress)")
    wait_for_chances(browser)
    wait_for_points(browser)
    # the points come from the other slow worker, asked beside the chances (which of the
    # two posts first is the one whose Python starts first)
    slow = {m["question"]: m["worker"] for m in page.evaluate("window.mjPosted")
            if m["question"] in ("answer_chances", "answer_points")}
    assert len(slow) == 2 and slow["answer_chances"] != slow["answer_points"], slow
    assert browser.points() == shown_points(browser, hand, visible)
    assert [row[0] for row in browser.discards()] == chance_order(hand, visible)
    by_points = mjcore.win_chances(hand, visible=visible, objective="points")
    assert max(float(text) for text in browser.points()) == round(
        by_points[0].expected_points, 2)
    assert "objective \"points\"" in page.inner_text(f"{PANEL} .mj-az-points-status")
    # the order buttons move the points with their rows
    points = dict(zip([row[0] for row in browser.discards()], browser.points(), strict=True))
    browser.order_by("effective tiles")
    assert dict(zip([row[0] for row in browser.discards()], browser.points(),
                    strict=True)) == points
    browser.order_by("chance of winning")
    # riichi: no points at all
    browser.act(lambda: page.select_option(f"{PANEL} select.mj-az-rules", "riichi"))
    wait_for_chances(browser)
    assert page.locator(f"{PANEL} .mj-az-points-head, {PANEL} td.mj-az-points").count() == 0
    assert page.locator(f"{PANEL} .mj-az-points-status").count() == 0
    assert browser.panel("points") is None
    # Poyang with 7z wild: mjcore's points are for Poyang without wild tiles
    browser.act(lambda: page.select_option(f"{PANEL} select.mj-az-rules", "poyang"))
    browser.act(lambda: page.select_option(f"{PANEL} select.mj-az-wild", "7z"))
    wait_for_chances(browser)
    assert browser.points() == []
    assert page.inner_text(f"{PANEL} .mj-az-points-status") == (
        "no expected points with a wild tile: mjcore scores them under Poyang rules "
        "without one")
    assert browser.message() == "" and browser.errors == [] and browser.external == []


FAR = "2468m13579p246s12z"
"""A hand 4 steps from ready under Poyang's forms, 6 under riichi's, too far for the
search with hand changes: answered at once by keep only progress (approximate), but with
a wild tile, which mjcore does not approximate, refused."""


def test_a_far_hand_is_answered_and_marked_approximate(browser: Page, site_url: str) -> None:
    """FAR under riichi rules with hand changes and 7z wild: too far for hand changes, so
    keep only progress with wild tiles, cut at leaves: each value marked ~, the column
    head and the status line saying it keeps only progress, and a line under the table
    quoting the error measured on hongzhong deals.  Without the wild
    tile: the same under the riichi table.  Hand changes off: the exact answer, nothing
    marked."""
    riichi = mjcore.RIICHI
    wild = mjcore.win_chances(FAR, rules=with_wild(riichi, "7z"), hand_changes=True,
                              approximate=True)
    assert not any(e.exact for e in wild)
    page = browser.page
    browser.errors.clear()
    browser.open(urljoin(site_url, f"{PAGE}?hand={FAR}&rules=riichi&hc=1&wild=7z"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    wait_for_chances(browser, FELL_BACK)  # the head does not claim hand changes: they fell back
    status = page.locator(f"{PANEL} .mj-az-chance-status").inner_text()
    assert "(keep only progress: too far for hand changes)" in status
    shown = {mjcore.tile_name(e.tile): f"~{100 * e.win:.1f}%" for e in wild}
    assert browser.chances() == [shown[row[0]] for row in browser.discards()]
    note = page.locator(f"{PANEL} .mj-az-approximate-note")
    line = approximate_note(wild, hand_changes=True, rules=with_wild(riichi, "7z"))
    assert note.all_inner_texts() == [f"~ approximate: {line}"]
    assert "hongzhong deals" in line
    assert "Traceback" not in page.inner_text("body") and browser.message() == ""
    # no wild tile: approximate answers, marked
    expected = mjcore.win_chances(FAR, rules=riichi, hand_changes=True, approximate=True)
    assert not any(e.exact for e in expected)
    browser.act(lambda: page.select_option(f"{PANEL} select.mj-az-wild", ""))
    wait_for_chances(browser, FELL_BACK)
    shown = {mjcore.tile_name(e.tile): f"~{100 * e.win:.1f}%" for e in expected}
    assert browser.chances() == [shown[row[0]] for row in browser.discards()]
    marked = page.locator(f"{PANEL} td.mj-az-approximate")
    assert marked.count() == len(expected)
    assert marked.first.get_attribute("title").startswith("approximate: see the line under")
    line = approximate_note(expected, hand_changes=True, rules=riichi)
    assert note.all_inner_texts() == [f"~ approximate: {line}"]
    assert "percentage points on average" in line  # riichi: the table's measured error
    # hand changes off: keep only progress, exact, nothing marked
    browser.act(browser.switch().uncheck)
    wait_for_chances(browser)
    exact = {mjcore.tile_name(e.tile): f"{100 * e.win:.1f}%"
             for e in mjcore.win_chances(FAR, rules=riichi)}
    assert browser.chances() == [exact[row[0]] for row in browser.discards()]
    expect(note).to_have_count(0)
    assert page.locator(f"{PANEL} td.mj-az-approximate").count() == 0
    assert browser.panel("points") is None  # riichi: no expected points
    assert "Traceback" not in page.inner_text("body") and browser.message() == ""
    assert browser.errors == [] and browser.external == []


def test_unknown_hand_changes_value_in_the_address_is_a_message(browser: Page,
                                                               site_url: str) -> None:
    browser.open(urljoin(site_url, f"{PAGE}?hand=111222333m444s5s&hc=yes"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert browser.message() == ('unknown hc "yes": hc=1 turns hand changes on, hc=0 or none '
                                 "leaves them off")
    assert not browser.switch().is_checked()
    assert browser.waits() == [("3s", 4), ("5s", 3), ("6s", 4)]
    assert browser.errors == []


def test_panel_in_a_chapter_page(browser: Page, site_url: str) -> None:
    """The compact panel a chapter can hold: one div and the module script."""
    url = urljoin(site_url, "notebooks/analyzer-panel-test.html")
    html = """<!doctype html><html><head><title>panel</title>
        <link rel="stylesheet" href="../analyzer/analyzer.css"></head><body>
        <div class="mj-analyzer" data-compact data-hand="147m258p369s1234z"></div>
        <script type="module" src="../analyzer/analyzer.mjs"></script></body></html>"""
    browser.page.route(url, lambda route: route.fulfill(content_type="text/html", body=html))
    try:
        browser.errors.clear()
        browser.open(url)
        page = browser.page
        page.wait_for_selector(f"{PANEL}[data-picker=ready]")
        assert page.locator(f"{PANEL} details.mj-az-picker-box").count() == 1
        share = page.get_attribute(f"{PANEL} .mj-az-share", "href")
        assert urljoin(url, share) == urljoin(site_url, PAGE + "?hand=147m258p369s1234z")
        browser.act(lambda: page.click(f"{PANEL} .mj-az-go"), timeout=FIRST_ANSWER_MS)
        assert browser.waits() == [("7z", 4), ("6z", 4), ("5z", 4)]  # 十三烂 under Poyang
        assert browser.errors == [] and browser.external == []
    finally:
        browser.page.unroute(url)


# --- four seats: wins on a discard 点炮胡, calls 吃 碰, and the claim question (issue 35) ---

FOUR_SEAT_HAND = "12389m456p78s9p11z4z"  # 1-shanten: four seats with calls in 0.1 s here


def four_seat_cells(browser: Page) -> list[tuple[str, float, float, str, str]]:
    """Each discard row's four-seat cells: tile, the chance and the part won on a discard
    in full (their data), and as shown."""
    return [(tile, float(win), float(part), shown, shown_part)
            for tile, win, part, shown, shown_part in browser.page.eval_on_selector_all(
                f"{PANEL} .mj-az-discards tbody tr",
                "rows => rows.map(r => [r.dataset.tile, "
                "r.querySelector('.mj-az-four').dataset.win, "
                "r.querySelector('.mj-az-four-discard').dataset.discardWin, "
                "r.querySelector('.mj-az-four').textContent, "
                "r.querySelector('.mj-az-four-discard').textContent])")]


POSTED = """
if (!window.mjPosted) {  // once, however many tests of the page add it
  window.mjPosted = [];
  const NativeWorker = window.Worker;
  let workers = 0;
  const shown = (column) => [...document.querySelectorAll(".mj-az-discards tbody tr")]
    .filter((r) => r.querySelector(column)?.dataset.win !== undefined)
    .map((r) => r.dataset.tile);
  window.Worker = class extends NativeWorker {
    constructor(...args) { super(...args); this.mjNumber = workers++; }
    postMessage(message, ...rest) {
      if (message && message.question) {
        window.mjPosted.push({ worker: this.mjNumber, question: message.question,
          part: message.part ?? null, parts: message.parts ?? null,
          stage: message.stage ?? null, fourSeats: message.fourSeats ?? null,
          handChanges: message.handChanges ?? null, filled: shown(".mj-az-four") });
      }
      return super.postMessage(message, ...rest);
    }
  };
}
"""
"""Records each question the page posts to a worker (in window.mjPosted): which worker,
for the discard table's slow questions the group of discards asked and its stage and
whether with hand changes, and the discards whose four-seat chance was shown then
(``filled``)."""


def same_values(expected: dict[str, float]):
    """``expected`` to the last bits of a float: the page's two slow workers each answer a
    group of the discards (mjcore.play.bestplay.discard_parts), and a search shared by
    fewer discards may add the same terms in another order."""
    return pytest.approx(expected, rel=0, abs=1e-12)


def wait_for_four_seats(browser: Page) -> float:
    """Wait until the four-seat columns are filled (or failed), check they are filled, and
    return the seconds the page says they took."""
    settled = browser.settle("fourChances")
    status = browser.page.inner_text(f"{PANEL} .mj-az-four-status")
    assert settled == "done", status
    return float(status.split(" computed in ")[1].split(" s ")[0])


def seats_menu(browser: Page):
    return browser.page.locator(PANEL).get_by_role("combobox", name="seats")


def test_four_seats_add_the_chance_with_discard_wins(browser: Page, site_url: str,
                                                     capsys) -> None:
    """fs=calls: per discard, the chance of winning at four seats and the part won on a
    discard, exactly mjcore.win_chances(discard_wins=True, calls=True)'s here in CPython;
    the table follows that chance; the points there are mjcore's answer or its message.
    Then the menu: discard wins without calls (fs=1), then alone again."""
    hand, visible = FOUR_SEAT_HAND, "7m6s"
    page = browser.page
    browser.errors.clear()
    page.add_init_script(POSTED)
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&visible={visible}&fs=calls"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert seats_menu(browser).input_value() == "calls"
    seconds = {"calls": wait_for_four_seats(browser)}
    # the question went to the two slow workers, a group of discards each, and the quick
    # worker asked none of it
    posted = page.evaluate("window.mjPosted")
    quick = {m["worker"] for m in posted if m["question"] == "answer"}
    four = [m for m in posted if m["question"] == "answer_chances" and m["fourSeats"] == "calls"]
    assert sorted((m["part"], m["parts"], m["stage"]) for m in four) == [
        (0, 2, "keep"), (0, 2, "raise"), (1, 2, "keep"), (1, 2, "raise")], posted
    assert len({m["worker"] for m in four}) == 2 and not quick & {m["worker"] for m in four}
    assert all(discard_parts(hand, 2))  # this hand's discards split in two non-empty groups
    # each worker asks its group's discards that keep the shanten first, and the column
    # shows them before it asks the others (those discards share one search, so one group
    # holds them all: the other worker's first stage asks none)
    keep = [{mjcore.tile_name(t) for t, n in enumerate(mjcore.parse(g) if g else ()) if n}
            for g in discard_parts(hand, 2, stage="keep")]
    assert sorted(map(len, keep)) == [0, 2]
    for worker in {m["worker"] for m in four}:
        mine = [m for m in four if m["worker"] == worker]
        assert [m["stage"] for m in mine] == ["keep", "raise"]
        assert keep[mine[1]["part"]] <= set(mine[1]["filled"]), mine
    wait_for_chances(browser)
    for menu, four_calls in (("calls", True), ("discard_wins", False)):
        if menu != "calls":
            browser.act(lambda menu=menu: seats_menu(browser).select_option(menu))
            seconds[menu] = wait_for_four_seats(browser)
            wait_for_chances(browser)  # the player alone comes after the four seats
        entries = mjcore.win_chances(mjcore.parse(hand), visible=mjcore.parse(visible),
                                     discard_wins=True, calls=four_calls)
        expected = {mjcore.tile_name(e.tile): (e.win, e.discard_win) for e in entries}
        cells = four_seat_cells(browser)
        assert {tile: win for tile, win, *_ in cells} == same_values(
            {tile: win for tile, (win, _) in expected.items()})
        assert {tile: part for tile, _, part, *_ in cells} == same_values(
            {tile: part for tile, (_, part) in expected.items()})
        assert [(shown, part) for _, win, _, shown, part in cells] == [
            (f"{100 * expected[tile][0]:.1f}%", f"{100 * expected[tile][1]:.1f}%")
            for tile, *_ in cells]
        # the table follows the chance at four seats; ties keep discard_advice's order
        advice = mjcore.discard_advice(hand, visible=visible)
        assert [row[0] for row in browser.discards()] == [
            mjcore.tile_name(d.tile) for d in sorted(
                advice, key=lambda d: -expected[mjcore.tile_name(d.tile)][0])]
        order = browser.order()
        assert order["order"] == "four" and order["buttons"] == ["chance", "four", "effective"]
        assert "within 17 turns at four seats" in order["title"]
        assert browser.column("four") == (
            ("4\xa0seats +\xa0calls",
             "four seats with calls (吃 碰): win within 17 turns (keep only progress)")
            if four_calls else ("4 seats", "four seats: win within 17 turns (keep only progress)"))
        # the player alone is still there, and the same as without four seats
        assert browser.chances() == shown_chances(browser, hand, visible)
        # expected points at four seats: mjcore's, or its message (never a blank)
        browser.settle("fourPoints")
        line = page.inner_text(f"{PANEL} .mj-az-four-points-status")
        try:
            scored = mjcore.win_chances(hand, visible=visible, objective="points",
                                        discard_wins=True, calls=four_calls)
        except mjcore.HandError as refused:
            assert browser.panel("fourPoints") == "failed"
            assert line.endswith(f"could not be computed: {refused}")
            assert page.locator(f"{PANEL} td.mj-az-four-points").count() == 0
        else:
            assert browser.panel("fourPoints") == "done", line
            assert {tile: float(v) for tile, v in page.eval_on_selector_all(
                f"{PANEL} .mj-az-discards tbody tr", "rows => rows.map(r => [r.dataset.tile, "
                "r.querySelector('.mj-az-four-points').dataset.points])")} == same_values({
                mjcore.tile_name(e.tile): e.expected_points for e in scored})
        assert page.locator(f"{PANEL} progress").count() == 0
        fs_shown = "calls" if four_calls else "1"
        query = {"hand": [hand], "visible": [visible], "fs": [fs_shown]}
        assert parse_qs(urlparse(page.url).query) == query
        assert parse_qs(urlparse(page.get_attribute(f"{PANEL} .mj-az-share", "href")).query) == (
            query)
    with capsys.disabled():
        print(f"\nanalyzer: four seats on {hand} in the browser: " +
              ", ".join(f"{menu} {s:.0f} s" for menu, s in seconds.items()))
    # hand changes at four seats: mjcore does not model them yet, and the page says so in
    # the columns' place, while the player alone is answered
    with pytest.raises(mjcore.HandError) as refused:
        mjcore.win_chances(hand, hand_changes=True, discard_wins=True)
    browser.act(browser.switch().check)
    browser.settle("fourChances", to=("failed",))
    assert page.inner_text(f"{PANEL} .mj-az-four-status") == (
        f"The chance of winning at four seats could not be computed: {refused.value}")
    cells = four_seat_cells_text(browser)
    assert cells and set(cells) == {"–"}
    wait_for_chances(browser, HAND_CHANGES)  # the player alone, after the four seats
    assert browser.chances() == shown_chances(browser, hand, visible, hand_changes=True)
    assert browser.order()["buttons"] == ["chance", "effective"]
    assert "Traceback" not in page.inner_text("body") and browser.message() == ""
    browser.act(browser.switch().uncheck)
    # alone: no four-seat column, and the address forgets the menu
    browser.act(lambda: seats_menu(browser).select_option("off"))
    wait_for_chances(browser)
    assert page.locator(f"{PANEL} .mj-az-four, {PANEL} .mj-az-four-status").count() == 0
    assert browser.panel("fourChances") is None
    assert browser.order()["buttons"] == ["chance", "effective"]
    assert parse_qs(urlparse(page.url).query) == {"hand": [hand], "visible": [visible]}
    assert browser.message() == "" and browser.errors == [] and browser.external == []


def four_seat_cells_text(browser: Page) -> list[str]:
    return browser.page.locator(
        f"{PANEL} td.mj-az-four, {PANEL} td.mj-az-four-discard").all_inner_texts()


def claim_rows(browser: Page) -> list[dict]:
    """The claim table's rows, best first: kind, meld, discard and the chances in full."""
    rows = browser.page.eval_on_selector_all(
        f"{PANEL} .mj-az-claim tbody tr",
        "rows => rows.map(r => ({...r.dataset, shown: r.cells[2].textContent}))")
    return [{"kind": r["kind"], "meld": r["meld"], "discard": r["discard"] or None,
             "win": float(r["win"]), "tenpai": float(r["tenpai"]),
             "discard_win": float(r["discardWin"]), "shown": r["shown"]} for r in rows]


def expected_claim(hand: str, tile: str, seat: str, opponents: bool = False) -> list[dict]:
    return [dict(o.as_dict(), shown=f"{100 * o.win:.1f}%")
            for o in mjcore.claim_advice(hand, tile, seat, opponents=opponents)]


def claim_points(browser: Page) -> list[dict]:
    """The claim by expected points, once the second worker has answered: the options
    best first, as the list under the claim's table holds them."""
    assert browser.settle("claimPoints", timeout=ANSWER_MS) == "done", browser.result_text()
    items = browser.page.eval_on_selector_all(
        f"{PANEL} .mj-az-claim-points li", "items => items.map(li => ({...li.dataset}))")
    return [{"kind": i["kind"], "meld": i["meld"], "discard": i["discard"] or None,
             "points": float(i["points"]), "win": float(i["win"])} for i in items]


def expected_claim_points(hand: str, tile: str, seat: str) -> list[dict]:
    return [{"kind": o.kind, "meld": o.meld,
             "discard": None if o.discard is None else mjcore.tile_name(o.discard),
             "points": o.expected_points, "win": o.win}
            for o in mjcore.claim_advice(hand, tile, seat, objective="points")]


def test_claim_shows_every_option_as_mjcore_gives_it(browser: Page, site_url: str,
                                                     capsys) -> None:
    """claim=9s&from=left: 吃 789s then pass, exactly mjcore.claim_advice's, and by points
    pass first; from the right only pass, and a line says why; 碰 of 1z from across; the
    address follows."""
    hand = "12389m456p78s11z4z"  # chapter 5's hand after throwing 9p
    page = browser.page
    browser.errors.clear()
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&claim=9s&from=left"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert browser.panel("claimed") == "done", browser.result_text()
    assert claim_rows(browser) == expected_claim(hand, "9s", "left")
    assert [r["kind"] for r in claim_rows(browser)] == ["chi", "pass"]
    # short heads; the legend under the table says what each means, over how many turns
    assert browser.legend("mj-az-claim") == browser.heads("mj-az-claim")
    assert [short for _, short, _ in browser.heads("mj-az-claim")] == [
        "option", "then discard", "win %", "on discard", "ready"]
    assert browser.column("claim-win", "mj-az-claim")[1] == (
        "win within 17 turns at four seats (wins on discards and calls, keep only progress)")
    assert browser.column("claim-ready", "mj-az-claim")[1] == "ready (tenpai) within 17 turns"
    # then, from the second worker, the same options by expected points: pass first
    assert claim_points(browser) == expected_claim_points(hand, "9s", "left")
    assert [p["kind"] for p in claim_points(browser)] == ["pass", "chi"]
    listed = page.inner_text(f"{PANEL} .mj-az-claim-points-status")
    assert "By expected Poyang points" in listed and "8.89 points" in listed
    title = page.locator(f"{PANEL} .mj-az-claim-title")
    assert (title.get_attribute("data-claim"), title.get_attribute("data-from")) == ("9s", "left")
    assert page.locator(f"{PANEL} .mj-az-claim tr.mj-az-best").get_attribute(
        "data-kind") == "chi"
    # from the right: no 吃, a clear answer and not an error
    seat = page.locator(PANEL).get_by_role("combobox", name="discarded by")
    started = time.perf_counter()
    browser.act(lambda: seat.select_option("right"))
    claim_ms = 1000 * (time.perf_counter() - started)
    assert claim_rows(browser) == expected_claim(hand, "9s", "right")
    assert [r["kind"] for r in claim_rows(browser)] == ["pass"]
    assert "No 吃 chī here" in page.inner_text(f"{PANEL} .mj-az-claim-note")
    assert "would make 789s" in page.inner_text(f"{PANEL} .mj-az-claim-note")
    assert parse_qs(urlparse(page.url).query) == {"hand": [hand], "claim": ["9s"],
                                                  "from": ["right"]}
    # 碰 the east wind from across
    browser.act(lambda: seat.select_option("across"))
    browser.type_hand("1z", box=".mj-az-claim-input")
    assert claim_rows(browser) == expected_claim(hand, "1z", "across")
    assert "pon" in [r["kind"] for r in claim_rows(browser)]
    assert claim_points(browser) == expected_claim_points(hand, "1z", "across")
    query = {"hand": [hand], "claim": ["1z"], "from": ["across"]}
    assert parse_qs(urlparse(page.url).query) == query
    assert parse_qs(urlparse(page.get_attribute(f"{PANEL} .mj-az-share", "href")).query) == (
        query)
    # an empty box: no claim, and the address forgets it
    browser.type_hand("", box=".mj-az-claim-input")
    assert page.locator(f"{PANEL} .mj-az-claim").count() == 0
    assert browser.panel("claimed") is None and browser.panel("claimPoints") is None
    assert page.locator(f"{PANEL} .mj-az-claim-points-status").count() == 0
    assert parse_qs(urlparse(page.url).query) == {"hand": [hand]}
    with capsys.disabled():
        print(f"\nanalyzer: a claim answered {claim_ms:.0f} ms after the seat changed")
    assert browser.message() == "" and browser.errors == [] and browser.external == []


def test_a_claim_without_points_says_why_or_nothing(browser: Page, site_url: str) -> None:
    """By points only under Poyang rules and at most two from ready: a hand three from
    ready gets a line saying so, riichi rules get nothing (they have no points)."""
    page = browser.page
    far = "234578m1689p357s"  # the published hand after 1z: three from ready
    browser.open(urljoin(site_url, f"{PAGE}?hand={far}&claim=9s&from=left"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert browser.panel("claimed") == "done", browser.result_text()
    assert page.inner_text(f"{PANEL} .mj-az-claim-points-status") == (
        "no expected points for this claim: with calls mjcore scores hands at most 2 from "
        "ready, this one is 3")
    assert browser.panel("claimPoints") is None
    browser.open(urljoin(site_url, f"{PAGE}?hand=12389m456p78s11z4z&rules=riichi&claim=9s"
                                   "&from=left"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert browser.panel("claimed") == "done", browser.result_text()
    assert page.locator(f"{PANEL} .mj-az-claim-points-status").count() == 0
    assert browser.panel("claimPoints") is None
    assert browser.errors == [] and browser.external == []


def test_bad_claim_tile_or_seat_is_a_message(browser: Page, site_url: str) -> None:
    hand = "12389m456p78s11z4z"
    page = browser.page
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&claim=8z&from=north"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    # the seat the menu cannot show: the page's message, the claim asked from the left
    assert browser.message() == ('unknown from "north": the claim comes from left, across or '
                                 "right (answered here from the left)")
    assert page.locator(PANEL).get_by_role("combobox", name="discarded by").input_value() == (
        "left")
    # the tile mjcore cannot read: its message where the options would be
    assert browser.panel("claimed") == "failed"
    assert page.inner_text(f"{PANEL} .mj-az-claim-message") == (
        "claim: 8z is not a tile: honours are 1z-7z")
    assert page.locator(f"{PANEL} .mj-az-claim").count() == 0
    assert browser.effective() == names(mjcore.effective_tiles(hand))  # the hand answered
    # a claim for a 14-tile hand: mjcore says it needs 13
    browser.type_hand("9s", box=".mj-az-claim-input")
    browser.type_hand(hand + "9s", after_slow=True)
    assert page.inner_text(f"{PANEL} .mj-az-claim-message") == (
        "claim: claim_advice needs a 13-tile hand (the discard just made), got 14 tiles")
    assert "Traceback" not in page.inner_text("body")
    assert browser.errors == [] and browser.external == []


def race_box(browser: Page):
    """The "others race too" checkbox, found by its role and accessible name."""
    return browser.page.locator(PANEL).get_by_role("checkbox", name="others race too (opponents)")


def race_cells(browser: Page, hand: str, visible: str, draws: int, turn: int) -> None:
    """The four-seat columns are mjcore's chances with the race, in full and as shown."""
    entries = mjcore.win_chances(hand, draws, visible=visible, discard_wins=True, calls=True,
                                 opponents=True, turn=turn)
    expected = {mjcore.tile_name(e.tile): (e.win, e.discard_win) for e in entries}
    cells = four_seat_cells(browser)
    assert {tile: win for tile, win, *_ in cells} == same_values(
        {tile: win for tile, (win, _) in expected.items()})
    assert {tile: part for tile, _, part, *_ in cells} == same_values(
        {tile: part for tile, (_, part) in expected.items()})
    assert [shown for _, _, _, shown, _ in cells] == [
        f"{100 * expected[tile][0]:.1f}%" for tile, *_ in cells]


def test_the_race_makes_four_seats_win_before_anyone_else(browser: Page,
                                                          site_url: str) -> None:
    """Ticking "others race too" at four seats with calls: the four-seat columns become
    mjcore.win_chances(..., opponents=True, turn=...)'s, their head and the order say
    before anyone else, the player alone is unchanged; from turn 9 the table's longest
    round leaves 15 turns; a turn past 15 is the bridge's message; a claim races too; the
    address follows, and the box is usable only with four seats or a claim."""
    hand, visible = FOUR_SEAT_HAND, "7m6s"
    page = browser.page
    turn = page.locator(PANEL).get_by_role("spinbutton", name="turn")
    browser.errors.clear()
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&visible={visible}&fs=calls"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    wait_for_four_seats(browser)
    expect(race_box(browser)).to_be_enabled()
    expect(race_box(browser)).not_to_be_checked()
    expect(turn).to_be_hidden()
    browser.act(race_box(browser).check, after_slow=True)
    wait_for_four_seats(browser)
    race_cells(browser, hand, visible, 17, 1)
    assert browser.column("four")[1] == (
        "four seats with calls (吃 碰): win before anyone else within 17 turns (keep only "
        "progress; the others race too, from your turn 1)")
    assert "before anyone else within 17 turns at four seats, from turn 1" in (
        browser.order()["title"])
    wait_for_chances(browser)  # the player alone, after the four-seat columns: no race
    assert browser.chances() == shown_chances(browser, hand, visible)
    expect(turn).to_be_visible()
    assert parse_qs(urlparse(page.url).query) == {"hand": [hand], "visible": [visible],
                                                  "fs": ["calls"], "race": ["1"]}
    # from turn 9: 15 turns left at most, as the table's longest Poyang round left
    browser.type_hand("9", box=".mj-az-turn", after_slow=True)
    wait_for_four_seats(browser)
    race_cells(browser, hand, visible, 15, 9)
    assert browser.column("four")[1].endswith(
        "win before anyone else within 15 turns (keep only progress; the others race too, from "
        "your turn 9)")
    assert parse_qs(urlparse(page.url).query)["turn"] == ["9"]
    browser.type_hand("16", box=".mj-az-turn", after_slow=True)
    assert browser.settle("fourChances", to=("failed",)) == "failed"
    assert page.inner_text(f"{PANEL} .mj-az-four-status").endswith(
        "could not be computed: turn must be at most 15, got 16")
    browser.type_hand("9", box=".mj-az-turn", after_slow=True)
    # a claim after 9p, in the race: claim_advice's options with it, the seats menu off
    browser.type_hand("9s", box=".mj-az-claim-input", after_slow=True)
    browser.type_hand("12389m456p78s11z4z", after_slow=True)
    browser.act(lambda: seats_menu(browser).select_option("off"), after_slow=True)
    expect(race_box(browser)).to_be_enabled()  # a claim is asked at four seats
    assert browser.panel("claimed") == "done", browser.result_text()
    assert claim_rows(browser) == [
        dict(o.as_dict(), shown=f"{100 * o.win:.1f}%") for o in mjcore.claim_advice(
            "12389m456p78s11z4z", "9s", "left", 15, visible=visible, opponents=True,
            turn=9)]
    assert "chance of the win before anyone else within 15 turns" in page.inner_text(
        f"{PANEL} .mj-az-claim-title")
    assert browser.column("claim-win", "mj-az-claim")[1] == (
        "win before anyone else within 15 turns at four seats (wins on discards and calls, "
        "keep only progress; the others race too, from your turn 9)")
    # no claim and no four seats: the box is not usable, and the address forgets the race
    browser.type_hand("", box=".mj-az-claim-input")
    expect(race_box(browser)).to_be_disabled()
    expect(turn).to_be_hidden()
    assert parse_qs(urlparse(page.url).query) == {"hand": ["12389m456p78s11z4z"],
                                                  "visible": [visible]}
    assert browser.message() == "" and browser.errors == [] and browser.external == []


def danger_cells(browser: Page) -> list[tuple[str, float, float, str]]:
    """Each discard row's deal-in cell, in the page's order: tile, the chance of dealing in
    and the share of ready hands waiting on it in full (their data), and as shown."""
    return [(tile, float(chance), float(share), shown)
            for tile, chance, share, shown in browser.page.eval_on_selector_all(
                f"{PANEL} .mj-az-discards tbody tr",
                "rows => rows.map(r => [r.dataset.tile, "
                "r.querySelector('.mj-az-danger').dataset.danger, "
                "r.querySelector('.mj-az-danger').dataset.share, "
                "r.querySelector('.mj-az-danger').textContent])")]


def assert_danger_is_mjcores(browser: Page, hand: str, visible: str, turn: int,
                             rules: str = "poyang") -> None:
    """The deal-in column is mjcore.deal_in_chances(hand, visible, turn, rules)'s, three
    other seats, for every discard, in full and as shown; the legend line says the turn and
    how often a seat is ready."""
    assert browser.settle("danger") == "done", browser.result_text()
    want = mjcore.deal_in_chances(hand, visible, turn, rules)
    cells = danger_cells(browser)
    assert sorted(tile for tile, *_ in cells) == sorted(mjcore.tile_name(t) for t in want.tiles)
    for tile, chance, share, shown in cells:
        assert chance == pytest.approx(want.chance(tile), abs=1e-12), tile
        assert share == pytest.approx(want.shares[mjcore.tile_index(tile)], abs=1e-12), tile
        assert shown == f"{100 * want.chance(tile):.2f}%", tile
    head = browser.page.locator(f"{PANEL} th.mj-az-danger-head")
    expect(head).to_have_text("deal-in")
    assert browser.column("danger") == (
        "deal-in", f"the chance this discard deals in now, at your turn {turn} (放炮 fàngpào)")
    legend = browser.page.locator(f"{PANEL} .mj-az-danger-status")
    expect(legend).to_have_attribute("data-turn", str(turn))
    assert legend.inner_text().startswith(
        f"deal-in: the chance this discard, made now at your turn {turn}, deals in (放炮 "
        f"fàngpào): that one of the 3 other seats is ready (each is "
        f"{100 * want.ready:.2f}% of the time")


def test_the_race_adds_the_chance_each_discard_deals_in(browser: Page, site_url: str) -> None:
    """With the race on, the discard table gains a deal-in column beside the quick ones:
    mjcore.deal_in_chances at the race's turn with the visible tiles, with a legend line;
    a new turn or visible tiles answer again; standard rules give the bridge's message
    instead of a column; the race off takes the column away."""
    hand, visible = FOUR_SEAT_HAND, "7m6s"
    page = browser.page
    browser.errors.clear()
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&visible={visible}&fs=calls&race=1"
                                   "&turn=9"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    expect(race_box(browser)).to_be_checked()
    assert_danger_is_mjcores(browser, hand, visible, 9)
    # the column sits with the quick ones, before the slow columns the second worker fills
    heads = page.locator(f"{PANEL} .mj-az-discards thead th").all_inner_texts()
    assert heads[:5] == ["discard", "shanten", "effective tiles", "total", "deal-in"]
    wait_for_four_seats(browser)
    assert len(danger_cells(browser)) == len(browser.discards())  # the rows moved together
    # another turn and more visible tiles: answered again, mjcore's numbers again
    browser.type_hand("3", box=".mj-az-turn", after_slow=True)
    assert_danger_is_mjcores(browser, hand, visible, 3)
    browser.type_hand("7m6s1z5p", box=".mj-az-visible-input", after_slow=True)
    assert_danger_is_mjcores(browser, hand, "7m6s1z5p", 3)
    # riichi rules read riichi's seats
    browser.act(lambda: page.select_option(f"{PANEL} .mj-az-rules", "riichi"), after_slow=True)
    assert_danger_is_mjcores(browser, hand, "7m6s1z5p", 3, "riichi")
    # standard rules: the table never played them, so a message and no column
    browser.act(lambda: page.select_option(f"{PANEL} .mj-az-rules", "standard"), after_slow=True)
    assert browser.settle("danger") == "failed"
    expect(page.locator(f"{PANEL} th.mj-az-danger-head")).to_have_count(0)
    expect(page.locator(f"{PANEL} td.mj-az-danger")).to_have_count(0)
    expect(page.locator(f"{PANEL} .mj-az-danger-status")).to_have_text(
        "deal-in: no column: others race too: the table of four measured the race under the "
        "poyang and riichi rules, not standard")
    # the race off: no column, no line, no state
    browser.act(lambda: page.select_option(f"{PANEL} .mj-az-rules", "poyang"), after_slow=True)
    assert browser.settle("danger") == "done"
    browser.act(race_box(browser).uncheck, after_slow=True)
    assert browser.panel("danger") is None
    expect(page.locator(f"{PANEL} th.mj-az-danger-head")).to_have_count(0)
    expect(page.locator(f"{PANEL} .mj-az-danger-status")).to_have_count(0)
    assert "Traceback" not in page.inner_text("body")
    assert browser.message() == "" and browser.errors == [] and browser.external == []


def deal_in_cells(browser: Page) -> list[tuple[str, float, float, str, str, str]]:
    """Each discard row's cells of the points net of deal-ins, in the page's order: tile,
    the net points and the chance of dealing in in full (their data), the chance as
    shown, and the push or fold cell's data and text."""
    return [(tile, float(points), float(deal_in), shown, fold, then)
            for tile, points, deal_in, shown, fold, then in browser.page.eval_on_selector_all(
                f"{PANEL} .mj-az-discards tbody tr",
                "rows => rows.map(r => [r.dataset.tile, "
                "r.querySelector('.mj-az-four-points').dataset.points, "
                "r.querySelector('.mj-az-four-deal-in').dataset.dealIn, "
                "r.querySelector('.mj-az-four-deal-in').textContent, "
                "r.querySelector('.mj-az-four-then').dataset.fold, "
                "r.querySelector('.mj-az-four-then').textContent])")]


def assert_deal_ins_are_mjcores(browser: Page, hand: str, turn: int, answer: str) -> None:
    """The expected points at four seats are mjcore.win_chances(..., deal_ins=True)'s with
    the race from ``turn`` (over the turns the table's longest round left), net of
    deal-ins, for every discard, with its chance of dealing in and push or fold, in full
    and as shown; the answer line is the best discard's push or fold, ``answer``."""
    wait_for_four_seats(browser)
    assert browser.settle("fourPoints") == "done", browser.result_text()
    draws = min(17, 24 - turn)
    want = mjcore.win_chances(hand, draws, discard_wins=True, objective="points",
                              opponents=True, turn=turn, deal_ins=True)
    by_tile = {mjcore.tile_name(c.tile): c for c in want}
    cells = deal_in_cells(browser)
    assert sorted(tile for tile, *_ in cells) == sorted(by_tile)
    for tile, points, deal_in, shown, fold, then in cells:
        c = by_tile[tile]
        # Pyodide's libm may differ from CPython's in the last bit (as deal_in_chances does)
        assert points == pytest.approx(c.expected_points, abs=1e-12), tile
        assert deal_in == pytest.approx(c.deal_in, abs=1e-12), tile
        assert fold == str(c.fold).lower(), tile
        assert (shown, then) == (f"{100 * c.deal_in:.2f}%", "fold" if c.fold else "push")
    assert answer == ("fold" if want[0].fold else "push")
    assert browser.panel("pushFold") == answer
    line = browser.page.locator(f"{PANEL} .mj-az-push-fold")
    expect(line).to_have_attribute("data-answer", answer)
    expect(line).to_have_attribute("data-tile", want[0].name)
    says = {"push": "push (best play keeps trying to win)",
            "fold": "fold (best play gives up winning and throws its safest tiles)"}[answer]
    expect(line).to_have_text(f"Push or fold: {says}, after {want[0].name}, the best "
                              "discard by net expected points.")
    assert browser.column("four-points") == (
        "net points", f"four seats: expected points before anyone else within {draws} turns, "
        f"net of deal-ins (keep only progress or fold; the others race too, from your turn "
        f"{turn})")
    assert browser.column("four-deal-in") == (
        "round deal\u2011in", f"deal-in before the round ends, within {draws} turns: the chance "
        "of dealing in (放炮 fàngpào) under the play for net points")
    assert browser.column("four-then") == (
        "then", "push: best play keeps trying to win after this discard; fold: it gives up "
        "winning and throws its safest tiles")
    assert "deal_ins=True" in browser.page.inner_text(f"{PANEL} .mj-az-four-points-status")


def test_the_race_at_four_seats_counts_deal_ins(browser: Page, site_url: str) -> None:
    """Expected points at four seats winning on discards, with the race: net of deal-ins,
    each discard's chance of dealing in before the round ends and push or fold, and the
    answer line, all mjcore.win_chances(..., deal_ins=True)'s; a hand that folds says
    fold; with calls a note and no deal-in columns; the race off, nothing of it."""
    hand = FOUR_SEAT_HAND
    page = browser.page
    browser.errors.clear()
    browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&fs=1&race=1&turn=10"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    expect(race_box(browser)).to_be_checked()
    assert seats_menu(browser).input_value() == "discard_wins"
    assert_deal_ins_are_mjcores(browser, hand, 10, "push")
    # the quick deal-in column (the chance now) stays beside them
    assert browser.settle("danger") == "done"
    assert page.locator(f"{PANEL} th.mj-az-danger-head").inner_text() == "deal-in"
    # two steps from ready, from turn 13: best play folds (a hand quick to search)
    browser.type_hand("13", box=".mj-az-turn", after_slow=True)
    browser.type_hand("3478m1p45566779s7z", after_slow=True)
    assert_deal_ins_are_mjcores(browser, "3478m1p45566779s7z", 13, "fold")
    # with calls: deal-ins are not modelled, a note says so, the points are the race's
    browser.type_hand(hand, after_slow=True)
    browser.act(lambda: seats_menu(browser).select_option("calls"), after_slow=True)
    wait_for_four_seats(browser)
    assert browser.settle("fourPoints") == "done", browser.result_text()
    expect(page.locator(f"{PANEL} .mj-az-deal-ins-note")).to_have_text(
        "Deal-ins are counted only at four seats with wins on discards and no calls (four "
        "seats: 点炮胡, wins on discards): with calls the expected points leave them out.")
    scored = mjcore.win_chances(hand, 11, discard_wins=True, calls=True, objective="points",
                                opponents=True, turn=13)
    assert {tile: float(v) for tile, v in page.eval_on_selector_all(
        f"{PANEL} .mj-az-discards tbody tr", "rows => rows.map(r => [r.dataset.tile, "
        "r.querySelector('.mj-az-four-points').dataset.points])")} == same_values({
        mjcore.tile_name(c.tile): c.expected_points for c in scored})
    for gone in ("td.mj-az-four-deal-in", "td.mj-az-four-then", ".mj-az-push-fold"):
        expect(page.locator(f"{PANEL} {gone}")).to_have_count(0)
    assert browser.panel("pushFold") is None
    # wins on discards without the race: the points are not net, no column, no note
    browser.act(lambda: seats_menu(browser).select_option("discard_wins"), after_slow=True)
    browser.act(race_box(browser).uncheck, after_slow=True)
    wait_for_four_seats(browser)
    assert browser.settle("fourPoints") == "done"
    for gone in ("td.mj-az-four-deal-in", ".mj-az-push-fold", ".mj-az-deal-ins-note"):
        expect(page.locator(f"{PANEL} {gone}")).to_have_count(0)
    assert "Traceback" not in page.inner_text("body")
    assert browser.message() == "" and browser.errors == [] and browser.external == []


# A stand-in with the interface of mjcore.win_chances (issue 13), appended to the
# bridge.py the workers fetch: it checks the page's plumbing for the slow column
# (the slow workers, progress, filled afterwards), not the chances themselves.  Each answer
# waits at the test's Gate until the test lets it go: "still computing" is a state the
# test holds while it looks, not a race against a timer (issue 45).
STAND_IN = '''
from types import SimpleNamespace as _Entry


def _stand_in_win_chances(counts, *, draws, rules, visible, hand_changes, objective,
                          approximate, discards=None):
    if (hand_changes is not False or draws != DRAWS or objective not in ("win", "points")
            or approximate is not True):
        # not a HandError: a refusal with hand changes is answered by the bridge, as
        # mjcore would, with the best play without them; this is a failure
        raise RuntimeError(f"stand-in called with draws={draws}, hand_changes={hand_changes}, "
                           f"objective={objective}")
    _gate(objective, counts, discards)  # slow, as the real search is, until the test says go
    asked = None if discards is None else parse(discards)  # a worker's group of discards
    return [_Entry(tile=d.tile, shanten=d.shanten, win=d.total / 200, tenpai=d.total / 100,
                   by_draws=[d.total / 200] * draws,
                   expected_points=d.total / 7 if objective == "points" else None,
                   exact=True)
            for d in discard_advice(counts, rules, visible) if asked is None or asked[d.tile]]


mjcore.win_chances = _stand_in_win_chances
'''

# In the browser the stand-in's answer waits on a synchronous request (a worker may
# block) to analyzer/gate, which the test's Gate holds; in CPython it goes at once.
GATE = '''
def _gate(objective, counts, discards):
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", f"gate?{objective}-{to_mpsz(counts)}-{discards}", False)
    request.send(None)
'''


class Gate:
    """The requests to analyzer/gate (:data:`GATE`), each held until the test lets it go.

    Route it with ``context.route(Gate.matches, gate.hold)``.  A request whose worker the
    page has stopped since is let go like the others: nobody waits for its answer.
    """

    def __init__(self, page) -> None:
        self.page = page
        self.held: list = []
        self.open = False

    @staticmethod
    def matches(url: str) -> bool:
        return urlparse(url).path.endswith("/analyzer/gate")

    def hold(self, route) -> None:
        self.held.append(route)
        if self.open:
            self._let_go()

    def wait_for(self, objective: str, hand: str) -> str:
        """Wait until the stand-in's answer waits here for ``objective`` ("win" or
        "points") on ``hand`` (a slow worker may still be starting; the player alone is
        asked whole, ``discards`` None); return its query."""
        query = f"{objective}-{mjcore.to_mpsz(mjcore.parse(hand))}-None"
        deadline = time.monotonic() + FIRST_ANSWER_MS / 1000
        while query not in [urlparse(r.request.url).query for r in self.held]:
            assert time.monotonic() < deadline, f"no question {query} came to the gate"
            self.page.wait_for_timeout(100)  # Playwright hands over the requests meanwhile
        return query

    def release(self, objective: str, hand: str) -> None:
        """Let the stand-in's answer go, once it waits here (:meth:`wait_for`), and only
        it: the others held (the points are asked beside the chances, of the other slow
        worker) and those after it wait."""
        self._let_go(self.wait_for(objective, hand))

    def let_all_through(self) -> None:
        """Let every answer go, those held and those to come."""
        self.open = True
        self._let_go()

    def _let_go(self, query: str | None = None) -> None:
        """Let the answers held go: those asking ``query``, or all (None)."""
        held = []
        for route in self.held:
            if query is not None and urlparse(route.request.url).query != query:
                held.append(route)
                continue
            try:
                route.fulfill(status=200, content_type="text/plain", body="go")
            except PlaywrightError:
                pass  # the worker that asked was stopped: nothing waits for the answer
        self.held = held


@contextmanager
def gated_bridge(browser: Page, site_dir: Path, code: str) -> Iterator[Gate]:
    """The page's workers fetch the site's bridge.py with :data:`GATE` and ``code``
    appended, and the requests to the gate wait on the :class:`Gate` given; after, all let
    go and the site's own bridge.py again (for the next page opened)."""
    source = (site_dir / "analyzer" / "bridge.py").read_text(encoding="utf-8") + GATE + code
    pattern = "**/analyzer/bridge.py"
    context = browser.page.context
    context.route(pattern, lambda route: route.fulfill(
        content_type="text/x-python; charset=utf-8", body=source))
    gate = Gate(browser.page)
    context.route(Gate.matches, gate.hold)
    try:
        yield gate
    finally:
        gate.let_all_through()
        context.unroute(Gate.matches)
        context.unroute(pattern)


def test_chance_column_fills_after_the_quick_columns(browser: Page, site_url: str,
                                                     site_dir: Path) -> None:
    """Runs last: the page's workers keep the stand-in until the page is reopened."""
    # the same stand-in here in CPython, on a dummy module (mjcore itself is left alone)
    namespace = {"DRAWS": 17, "HandError": mjcore.HandError, "_gate": lambda *_: None,
                 "discard_advice": mjcore.discard_advice, "parse": mjcore.parse,
                 "mjcore": SimpleNamespace()}
    exec(STAND_IN, namespace)  # noqa: S102 - the test's own source
    stand_in = namespace["mjcore"].win_chances
    hand, visible = "12389m456p78s9p11z4z", "7m6s"
    with gated_bridge(browser, site_dir, STAND_IN) as gate:
        browser.errors.clear()
        browser.open(urljoin(site_url, f"{PAGE}?hand={hand}&visible={visible}"))
        browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
        page = browser.page
        expected = mjcore.discard_advice(hand, PRESETS["poyang"], visible)
        # the quick columns are there at once; the chance column is still computing, its
        # answer held at the gate
        assert [row[0] for row in browser.discards()] == [mjcore.tile_name(d.tile)
                                                          for d in expected]
        assert browser.panel("chances") == "pending"
        assert page.locator(f"{PANEL} progress.mj-az-chance-progress").is_visible()
        assert set(browser.chances()) == {"…"}
        assert browser.order() == {"order": "effective", "buttons": [], "pressed": [],
                                   "title": "which tile to discard 打哪张, best first "
                                            "(lowest shanten, then most effective tiles left):"}
        # the legend under the table lists every column, those still computing too
        assert browser.legend() == browser.heads()
        assert [column for column, *_ in browser.legend()] == [
            "discard", "shanten", "effective", "total", "chance", "points"]
        gate.release("win", hand)
        wait_for_chances(browser)
        # the expected points, asked of the other slow worker: pending until they come
        assert browser.panel("points") == "pending"
        assert set(browser.points()) == {"…"}
        assert page.locator(f"{PANEL} .mj-az-points-status progress").is_visible()
        shown = expected_chances(browser, stand_in, hand, visible)
        # the stand-in's chance is total / 200: by it the 2-shanten discards with more
        # effective tiles come first, and equal totals keep discard_advice's order
        by_chance = sorted(expected, key=lambda d: -d.total)
        assert [row[0] for row in browser.discards()] == [mjcore.tile_name(d.tile)
                                                          for d in by_chance]
        assert by_chance != expected
        assert browser.chances() == shown == [f"{100 * d.total / 200:.1f}%" for d in by_chance]
        assert browser.order()["order"] == "chance"
        gate.release("points", hand)
        wait_for_points(browser)
        assert browser.points() == [f"{d.total / 7:.2f}" for d in by_chance]
        assert browser.legend() == browser.heads()
        assert [row[0] for row in browser.discards()] == [mjcore.tile_name(d.tile)
                                                          for d in by_chance]
        # a new hand stops a computation still running, and then slow workers still
        # starting: no stale column is filled later (its question, held at the gate, is
        # stopped: none is left to answer), and the next hand gets its column
        for _ in range(2):
            browser.type_hand("1123456789m1299p")
            assert browser.panel("chances") == "pending"
            browser.type_hand("1112345678999m")
            browser.wait_for_no_slow_questions()
            assert browser.panel("chances") is None
            assert page.locator(f"{PANEL} td.mj-az-chance").count() == 0
            assert page.locator(f"{PANEL} .mj-az-legend").count() == 0  # it goes with its table
        # the switch stops the expected points still computing: the stand-in refuses hand
        # changes, so the table that comes is the switch's, never the older question's
        other = "12345m456p78s9p11z4z"
        browser.type_hand(other)
        gate.release("win", other)
        wait_for_chances(browser)
        assert browser.panel("points") == "pending"
        browser.act(browser.switch().check)
        browser.settle("chances", to=("failed",))
        assert "stand-in called with draws=17, hand_changes=True" in page.inner_text(
            f"{PANEL} .mj-az-chance-status")
        browser.wait_for_no_slow_questions()  # the older expected points among them
        assert browser.settle("points") == "failed"
        assert set(browser.chances()) == set(browser.points()) == {"–"}
        # off again: the answers already computed for this question come back at once
        browser.act(browser.switch().uncheck)
        assert browser.panel("chances") == "done"
        assert browser.chances() == [f"{100 * row[2] / 200:.1f}%" for row in browser.discards()]
        gate.let_all_through()
        browser.type_hand(hand)
        wait_for_chances(browser)
        assert browser.chances() == shown
        assert browser.errors == [] and browser.external == []


# A win_chances that always fails, as mjcore would on a hand it cannot answer.
FAILING = '''
def _failing_win_chances(counts, *, draws, rules, visible, hand_changes, objective,
                         approximate, discards=None):
    raise HandError("stand-in: no chance of winning for this hand")


mjcore.win_chances = _failing_win_chances
'''


def test_failed_chances_keep_the_effective_tile_order(browser: Page, site_url: str,
                                                      site_dir: Path) -> None:
    """Reopens the page with a bridge whose chances fail: no order buttons, no reordering."""
    source = (site_dir / "analyzer" / "bridge.py").read_text(encoding="utf-8") + FAILING
    pattern = "**/analyzer/bridge.py"
    browser.page.context.route(pattern, lambda route: route.fulfill(
        content_type="text/x-python; charset=utf-8", body=source))
    hand = "12389m456p78s9p11z4z"
    try:
        browser.open(urljoin(site_url, f"{PAGE}?hand={hand}"))
        browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
        page = browser.page
        assert browser.settle("chances") == "failed"
        assert page.inner_text(f"{PANEL} .mj-az-chance-status") == (
            "The chance of winning could not be computed: "
            "stand-in: no chance of winning for this hand")
        # the points, asked beside them, are not shown after failed chances
        assert browser.panel("points") == "failed"
        assert page.inner_text(f"{PANEL} .mj-az-points-status") == (
            "Expected points were not computed either.")
        assert set(browser.points()) == {"–"}
        expected = mjcore.discard_advice(hand)
        assert browser.discards() == [(mjcore.tile_name(d.tile), d.shanten, d.total,
                                       names(d.effective)) for d in expected]
        assert [row[0] for row in browser.discards()] != chance_order(hand)
        assert set(browser.chances()) == {"–"}
        order = browser.order()
        assert order["order"] == "effective" and order["buttons"] == []
        assert "lowest shanten, then most effective tiles left" in order["title"]
        assert page.locator(f"{PANEL} .mj-az-order").count() == 0
        assert browser.message() == "" and browser.errors == [] and browser.external == []
    finally:
        browser.page.context.unroute(pattern)
