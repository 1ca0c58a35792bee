"""The analyzer as a player's tool, at a phone's size (390 x 844, touch) and a desktop's
(1280 x 1000), in English and on the Chinese edition's page: the tool is within the first
screen, the page never scrolls sideways, the discard table at its widest and a claim's
table fit the analyzer's box, their heads are short (two lines at most on the desktop, the
cards' labels on the phone) with a legend saying what each column means, a tapped tile
joins the hand, touch targets are 40 px or more, the tile picker keeps each suit in one
row or in two (1-5 over 6-9), the hints say tap on a phone, and the answers are mjcore's.
Every wait is for a state of the panel."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urljoin

import pytest
from conftest import ROWS_OF_TILES
from test_analyzer_browser import (
    ANSWER_MS,
    FIRST_ANSWER_MS,
    PAGE,
    PANEL,
    Page,
    claim_rows,
    expected_chances,
    expected_claim,
)

import mjcore

pytestmark = pytest.mark.browser

SIZES = {"phone": ({"width": 390, "height": 844}, True),
         "desktop": ({"width": 1280, "height": 1000}, False)}
HAND = "12389m456p78s9p11z4z"  # chapter 5's hand: four seats with calls widen the table most
# the discard table's columns for HAND with fs=calls&race=1, each as its head's data-column
COLUMNS = ["discard", "shanten", "effective", "total", "danger", "chance", "points", "four",
           "four-discard", "four-points"]


@pytest.fixture(scope="module", params=list(SIZES))
def sized(request, chromium) -> Iterator[tuple[str, Page]]:
    viewport, touch = SIZES[request.param]
    context = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    try:
        yield request.param, Page(context.new_page())
    finally:
        context.close()


def layout(page: Page) -> dict:
    return page.page.evaluate("""(selector) => {
        const box = document.querySelector(selector).getBoundingClientRect();
        return {top: box.top + scrollY, left: box.left, right: box.right,
                page: document.documentElement.scrollWidth, screen: innerWidth,
                height: innerHeight,
                tables: [...document.querySelectorAll(selector + ' table')].map(t => {
                    const r = t.getBoundingClientRect();
                    return [t.className, r.left, r.right, t.scrollWidth - t.clientWidth];
                })};
    }""", PANEL)


def assert_fits(page: Page, name: str) -> None:
    """The tool within the first screen, no sideways scroll, every table inside the panel's
    box with nothing hidden in it, and (on the phone) no touch target under 40 px."""
    shown = layout(page)
    assert shown["top"] < shown["height"] / 2, f"{name}: the analyzer starts at {shown['top']}"
    assert shown["page"] <= shown["screen"], f"{name}: the page scrolls sideways"
    assert shown["tables"], f"{name}: no table to fit"
    for kind, left, right, hidden in shown["tables"]:
        assert shown["left"] - 0.5 <= left and right <= shown["right"] + 0.5, (name, kind)
        assert hidden <= 1, f"{name}: {kind} scrolls {hidden} px inside its box"
    if name == "phone":
        assert small_targets(page) == []
    # the tile picker: a suit in one row, or (on the phone, where nine 40 px tiles do not
    # fit) in two, 1-5 over 6-9; never a tile alone on a row
    assert picker_rows(page) == ([[5, 4]] * 3 if name == "phone" else [[9]] * 3) + [[7]]


def hints(page: Page) -> list[str]:
    """The hints after the picker's and the hand's labels, as the panel shows them."""
    return page.page.eval_on_selector_all(
        f"{PANEL} p.mj-az-label", "labels => labels.map(p => p.lastChild.textContent)")


def picker_rows(page: Page) -> list[list[int]]:
    """How many tiles each row of the picker holds, suit by suit (m, p, s, then honours)."""
    return page.page.eval_on_selector_all(f"{PANEL} .mj-az-picker .mj-az-suit", ROWS_OF_TILES)


def small_targets(page: Page) -> list:
    """Buttons, menus, text boxes and links of the panel smaller than 40 px either way (a
    checkbox counts by its label, which the tap reaches)."""
    return page.page.eval_on_selector(PANEL, """(panel) =>
        [...panel.querySelectorAll('button, select, input, a')]
          .filter(el => el.offsetParent !== null)
          .map(el => el.type === 'checkbox' ? el.closest('label') || el : el)
          .map(el => { const r = el.getBoundingClientRect();
                       return [el.className, Math.round(r.width), Math.round(r.height)]; })
          .filter(([, w, h]) => w < 40 || h < 40)""")


def head_lines(page: Page, table: str = "mj-az-discards") -> dict[str, int]:
    """The lines each head of ``table`` (a class) takes: its text's line boxes, by column."""
    return dict(page.page.eval_on_selector_all(f"{PANEL} .{table} thead th", """heads =>
        heads.map(head => {
            const text = document.createRange();
            text.selectNodeContents(head);
            const tops = [...text.getClientRects()].map(line => Math.round(line.top));
            return [head.dataset.column, new Set(tops).size];
        })"""))


def card_labels(page: Page, table: str = "mj-az-discards") -> list[list[str | None]]:
    """What each cell of ``table``'s rows shows before its value (its ``::before`` text, as
    the phone's cards lay it out: the column's short head; None for nothing), row by row."""
    return page.page.eval_on_selector_all(f"{PANEL} .{table} tbody tr", """rows =>
        rows.map(row => [...row.cells].map(cell => {
            const shown = getComputedStyle(cell, '::before').content;
            return shown === 'none' || shown === 'normal' ? null : JSON.parse(shown);
        }))""")


def assert_short_heads(page: Page, name: str, table: str = "mj-az-discards",
                       titled: bool = False) -> list[tuple[str, str, str]]:
    """``table``'s heads (returned) are short: two lines at most on the desktop; on the
    phone, where its rows are cards, each cell shows its column's short head before its
    value, but the first one where it is the card's title (``titled``: the claim's
    option); a legend under the table says what each means."""
    heads = page.heads(table)
    assert page.legend(table) == heads
    if name == "desktop":
        lines = head_lines(page, table)
        assert list(lines) == [column for column, *_ in heads], lines
        assert all(1 <= n <= 2 for n in lines.values()), lines
    else:
        shorts = [short for _, short, _ in heads]
        labels = card_labels(page, table)
        assert labels and labels == [[None] + shorts[1:] if titled else shorts] * len(labels)
    return heads


CLAIM_HAND = "12389m456p78s11z4z"  # chapter 5's hand after throwing 9p: 吃 789s or pass


def assert_claim_fits(page: Page, name: str) -> None:
    """Ask the claim of a 9s from the left (the race on, from turn 1, as the address has
    it): its table fits the panel too, a table with heads of two lines at most on the
    desktop, cards with each value's short head on the phone, a legend under it; the
    options are mjcore.claim_advice's."""
    page.type_hand("9s", box=".mj-az-claim-input")
    page.type_hand(CLAIM_HAND)
    assert page.panel("claimed") == "done", page.result_text()
    assert page.settle("claimPoints", timeout=ANSWER_MS) == "done", page.result_text()
    assert_fits(page, name)
    heads = assert_short_heads(page, name, "mj-az-claim", titled=True)
    assert [column for column, *_ in heads] == [
        "option", "then-discard", "claim-win", "claim-discard", "claim-ready"]
    assert claim_rows(page) == expected_claim(CLAIM_HAND, "9s", "left", opponents=True)
    page.type_hand("", box=".mj-az-claim-input")


def test_the_tool_comes_first_fits_and_takes_a_tap(sized, site_url: str) -> None:
    name, page = sized
    page.open(urljoin(site_url, f"{PAGE}?hand={HAND}&fs=calls&race=1"))
    page.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    assert page.settle("chances") == "done" and page.settle("fourChances") == "done"
    # and the expected points, alone and at four seats: the table at its widest
    assert page.settle("fourPoints") == "done" and page.settle("danger") == "done"
    assert page.settle("points") == "done"
    assert_fits(page, name)
    # short heads, and under the table a legend of every column with what it means
    heads = assert_short_heads(page, name)
    assert [column for column, *_ in heads] == COLUMNS
    assert page.column("chance") == ("win %", "win within 17 draws, self-drawn (keep only "
                                              "progress)")
    assert page.column("four") == (
        "4\xa0seats +\xa0calls", "four seats with calls (吃 碰): win before anyone else within "
        "17 turns (keep only progress; the others race too, from your turn 1)")
    # the answers are mjcore's, whatever the layout
    assert page.chances() == expected_chances(page, mjcore.win_chances, HAND, "")
    # the hints over the picker and the hand: a phone has no hover, and is tapped
    assert hints(page) == ([" (tap one to add it)", " (tap a tile to remove one copy)"]
                           if name == "phone" else
                           [" (hover for its name)", " (click a tile to remove one copy)"])
    assert_claim_fits(page, name)
    # a tapped (clicked) tile joins the hand, and the page still fits
    page.act(lambda: page.page.fill(f"{PANEL} .mj-az-hand-input", "111222333m444s")
             or page.page.press(f"{PANEL} .mj-az-hand-input", "Enter"))
    tile = page.page.locator(f"{PANEL} .mj-az-picker .mj-az-tile[data-tile='5s']")
    page.act(tile.tap if name == "phone" else tile.click)
    assert page.page.input_value(f"{PANEL} .mj-az-hand-input") == "111222333m4445s"
    assert page.waits() == [("3s", 4), ("5s", 3), ("6s", 4)]
    assert layout(page)["page"] <= layout(page)["screen"]
    assert page.errors == [] and page.external == []


def test_the_chinese_edition_fits_too(sized, site_url: str) -> None:
    """The analyzer page of the Chinese edition (zh_CN/book/analyzer.html), whose heads and
    labels are Chinese: the tool first, the widest discard table (four seats with calls and
    the race) and then a claim's table fit the panel at both sizes, as in English."""
    name, page = sized
    page.open(urljoin(site_url, f"zh_CN/{PAGE}?hand={HAND}&fs=calls&race=1"))
    page.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    for column in ("chances", "fourChances", "fourPoints", "danger", "points"):
        assert page.settle(column) == "done", (column, page.result_text())
    assert page.page.evaluate("document.documentElement.lang") == "zh-CN"
    assert hints(page) == (["（轻点一张即加入手牌）", "（轻点一张牌可去掉一张）"] if name == "phone"
                           else ["（鼠标悬停可看牌名）", "（点击一张牌可去掉一张）"])
    assert_fits(page, name)
    assert [column for column, *_ in assert_short_heads(page, name)] == COLUMNS
    assert_claim_fits(page, name)
    assert page.errors == [] and page.external == []
