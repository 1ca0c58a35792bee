"""The live analyzer on a page of the Chinese edition (<html lang="zh-CN">): the whole
panel in Chinese, the answers still mjcore's.

A page holding the panel, its <html> in Chinese as the zh_CN build's pages are, is served
beside the built site's analyzer (test_analyzer_browser.py's helpers: the same offline
chromium, nothing fetched from another host).  Its buttons, labels, menus, column heads,
status lines and messages come from book/analyzer/strings.mjs in Chinese, mjcore's
refusals through its patterns; the waits, discards and chances are those mjcore computes
here in CPython.  Every wait is for a state of the panel, never for a time.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect
from test_analyzer_browser import (  # noqa: F401  (analyzer_files and browser: fixtures)
    ANSWER_MS,
    FIRST_ANSWER_MS,
    PANEL,
    Page,
    analyzer_files,
    browser,
    chance_order,
    claim_rows,
    expected_chances,
    expected_claim,
    names,
)

import mjcore

pytestmark = pytest.mark.browser

ZH_PAGE = "book/analyzer-zh-CN-test.html"
HTML = """<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>分析器</title>
    <link rel="stylesheet" href="../analyzer/analyzer.css"></head><body>
    <div class="mj-analyzer" data-hand="111222333m444s5s"></div>
    <script type="module" src="../analyzer/analyzer.mjs"></script></body></html>"""

# Latin words the Chinese panel may show: the tiles' mpsz names are digits and one letter,
# so what is left is code (mjcore.win_chances, objective "points"), program names and the
# values of the address (the rules menu's values are not shown).
KEPT = {"Python", "Pyodide", "mjcore", "win_chances", "objective", "points", "MB"}
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def english_words(shown_in: Page) -> set[str]:
    """The Latin words of the panel's text, tooltips, accessible names and placeholders,
    but those of KEPT (and "e.g."-free mpsz notation, which has none)."""
    shown = shown_in.page.eval_on_selector(PANEL, """(panel) => [panel.innerText,
        ...[...panel.querySelectorAll('[title], [aria-label], [placeholder], optgroup')]
          .flatMap(el => [el.title, el.getAttribute('aria-label'),
                          el.getAttribute('placeholder'), el.getAttribute('label')])]
        .filter(Boolean).join('\\n')""")
    return set(re.findall(r"[A-Za-z_]{2,}", shown)) - KEPT


def heads(shown_in: Page, table: str) -> list[str]:
    return shown_in.page.locator(f"{PANEL} .{table} thead th").all_inner_texts()


@pytest.fixture(scope="module")
def chinese(browser: Page, site_url: str):  # noqa: F811  (browser: the imported fixture)
    """The panel on a page whose <html lang> is zh-CN, its picker ready, Python not
    started."""
    url = urljoin(site_url, ZH_PAGE)
    browser.page.route(url, lambda route: route.fulfill(
        content_type="text/html; charset=utf-8", body=HTML))
    browser.open(url)
    browser.page.wait_for_selector(f"{PANEL}[data-picker=ready]")
    yield browser
    browser.page.unroute(url)


def test_the_panel_is_chinese_before_python_starts(chinese: Page) -> None:
    page = chinese.page
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    assert chinese.panel("state") == "idle"
    expect(page.locator(f"{PANEL} .mj-az-go")).to_have_text("分析")
    expect(page.locator(f"{PANEL} .mj-az-clear")).to_have_text("清空")
    expect(page.locator(f"{PANEL} .mj-az-share")).to_have_text("这手牌的链接")
    status = page.inner_text(f"{PANEL} .mj-az-status")
    assert re.fullmatch(r"用到分析器时，Python 才会在你的浏览器里启动"
                        r"（第一次要从本站下载约 \d+ MB）。", status), status
    panel = page.locator(PANEL)
    assert panel.get_by_role("textbox", name="手牌").input_value() == "111222333m444s5s"
    assert panel.get_by_role("combobox", name="规则").locator("option").all_inner_texts() == [
        "标准规则", "鄱阳麻将", "立直麻将", "红中麻将"]
    assert panel.get_by_role("combobox", name="座位").locator("option").all_inner_texts() == [
        "单人：只算自摸", "四家：可点炮胡", "四家：可点炮胡，可吃碰"]
    assert panel.get_by_role("combobox", name="打出者").locator("option").all_inner_texts() == [
        "上家", "对家", "下家"]
    assert panel.get_by_role("checkbox", name="改良").count() == 1
    assert panel.get_by_role("checkbox", name="他家竞速").count() == 1
    assert panel.get_by_role("group", name="添加一张牌").locator("button").count() == 34
    assert page.get_attribute(f"{PANEL} [data-tile='7z'].mj-az-tile", "title") == "7z（中）"
    assert english_words(chinese) == set()
    assert chinese.errors == [] and chinese.external == []


def test_a_ready_hand_is_answered_in_chinese(chinese: Page) -> None:
    page = chinese.page
    chinese.act(lambda: page.get_by_role("button", name="分析").click(),
                timeout=FIRST_ANSWER_MS)
    hand = "111222333m444s5s"
    assert chinese.waits() == names(mjcore.analyze(hand).waits)
    assert heads(chinese, "mj-az-waits-table") == ["牌", "名称", "剩余"]
    assert page.locator(f"{PANEL} .mj-az-waits-table td:nth-child(2)").all_inner_texts() == [
        "3条", "5条", "6条"]
    total = mjcore.analyze(hand).waits.total
    assert page.inner_text(f"{PANEL} .mj-az-total") == f"合计：共剩 {total} 张，听 3 种牌"
    assert page.inner_text(f"{PANEL} .mj-az-shanten") == "向听数：0：听牌，再来一张就胡"
    status = page.inner_text(f"{PANEL} .mj-az-status")
    assert re.fullmatch(r"Python \S+（Pyodide \S+）已启动，用时 [\d.]+ 秒；"
                        r"边输入边由 mjcore 作答。", status), status
    assert chinese.message() == ""
    assert english_words(chinese) == set()
    assert chinese.errors == []


def test_discards_and_chances_are_mjcores_with_chinese_heads(chinese: Page) -> None:
    hand, visible = "12389m456p78s9p11z4z", "7m6s"
    page = chinese.page
    chinese.type_hand(visible, box=".mj-az-visible-input")
    chinese.type_hand(hand)
    assert chinese.settle("chances") == "done", page.inner_text(
        f"{PANEL} .mj-az-chance-status")
    assert chinese.settle("points") == "done", page.inner_text(
        f"{PANEL} .mj-az-points-status")
    assert heads(chinese, "mj-az-discards") == [
        "舍牌", "向听数", "有效张", "合计", "胡率", "期望分"]
    # what each column means, in its tooltip and the legend under the table, in Chinese
    assert chinese.legend() == chinese.heads()
    assert chinese.column("chance") == ("胡率", "17 次摸牌内自摸胡牌（只进不退）")
    assert chinese.column("points") == (
        "期望分", "17 次摸牌内的鄱阳麻将期望得分，门清自摸胡牌（只进不退）")
    # the chances, and their order, are mjcore's
    assert chinese.chances() == expected_chances(chinese, mjcore.win_chances, hand, visible)
    assert [row[0] for row in chinese.discards()] == chance_order(hand, visible)
    title = page.inner_text(f"{PANEL} .mj-az-discards-title")
    assert title == ("打哪张，按 17 次摸牌内的胡牌概率从高到低"
                     "（相同时先比向听数，再比剩余有效张）：")
    line = page.inner_text(f"{PANEL} .mj-az-chance-status")
    assert re.fullmatch(r"17 次摸牌内的胡牌概率（只进不退），用时 \d+ 秒（mjcore.win_chances）。",
                        line), line
    # the other order, by its Chinese button: mjcore.discard_advice's rows
    order = page.locator(PANEL).get_by_role("group", name="舍牌的排序方式")
    assert order.get_by_role("button").all_inner_texts() == ["胡牌概率", "有效张"]
    button = order.get_by_role("button", name="有效张", exact=True)
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true", timeout=ANSWER_MS)
    assert chinese.discards() == [
        (mjcore.tile_name(d.tile), d.shanten, d.total, names(d.effective))
        for d in mjcore.discard_advice(hand, mjcore.POYANG, visible)]
    assert page.inner_text(f"{PANEL} .mj-az-order-text") == (
        "从好到差（先比向听数，再比剩余有效张）")
    assert english_words(chinese) == set()
    assert chinese.message() == "" and chinese.errors == []


def test_a_claim_is_mjcores_in_chinese(chinese: Page) -> None:
    hand = "12389m456p78s11z4z"
    page = chinese.page
    chinese.type_hand("", box=".mj-az-visible-input")
    chinese.type_hand("9s", box=".mj-az-claim-input")
    chinese.type_hand(hand)
    assert chinese.panel("claimed") == "done", chinese.result_text()
    assert claim_rows(chinese) == expected_claim(hand, "9s", "left")
    assert heads(chinese, "mj-az-claim") == ["选择", "然后打出", "胡率", "点炮胡", "听牌"]
    assert chinese.legend("mj-az-claim") == chinese.heads("mj-az-claim")
    assert chinese.column("claim-win", "mj-az-claim")[1] == (
        "四家 17 巡内胡牌（可点炮胡、可吃碰，只进不退）")
    assert chinese.column("claim-ready", "mj-az-claim")[1] == "17 巡内听牌"
    assert [row.split("\t")[0] for row in page.locator(
        f"{PANEL} .mj-az-claim tbody tr").all_inner_texts()] == ["吃 789s", "过"]
    assert chinese.settle("claimPoints", timeout=ANSWER_MS) == "done", chinese.result_text()
    assert page.inner_text(f"{PANEL} .mj-az-claim-points-status").startswith(
        "按鄱阳麻将期望得分，从高到低")
    assert english_words(chinese) == set()
    chinese.type_hand("", box=".mj-az-claim-input")
    assert chinese.errors == []


@pytest.mark.parametrize(("hand", "visible", "claim", "says"), [
    ("1112z8z", "", "", "8z 不是牌：字牌是 1z-7z"),
    ("111m", "", "", "要分析的手牌应有 3n+1 张（看听牌）或 3n+2 张（看胡牌），"
                     "最多 14 张；这里是 3 张"),
    ("11111m", "", "", "1m 出现了 5 次；每种牌只有 4 张"),
    ("1112345678999m", "11m", "", "1m：手牌 3 张加已见 2 张共 5 张；每种牌只有 4 张"),
    ("111m", "8z", "", "已见牌：8z 不是牌：字牌是 1z-7z"),
    ("12389m456p78s11z4z", "", "8z", "吃碰胡：8z 不是牌：字牌是 1z-7z"),
    ("12389m456p78s9p11z4z", "", "9s",
     "吃碰胡：手牌应为 13 张（刚打出一张之后），这里是 14 张"),
])
def test_a_refusal_is_a_chinese_message(chinese: Page, hand: str, visible: str, claim: str,
                                        says: str) -> None:
    """mjcore's refusal of bad hand text, a wrong size, too many copies, bad visible tiles
    or a claim it cannot answer, in Chinese where the page shows it."""
    page = chinese.page
    chinese.type_hand(visible, box=".mj-az-visible-input")
    chinese.type_hand(claim, box=".mj-az-claim-input")
    chinese.type_hand(hand)
    shown = page.inner_text(f"{PANEL} .mj-az-claim-message") if claim else chinese.message()
    assert shown == says
    assert CJK.search(shown) and not re.search(r"[A-Za-z]{3,}", shown)
    assert "Traceback" not in page.inner_text("body")
    assert chinese.errors == []


def test_the_chinese_edition_page_answers_a_hand(browser: Page, site_url: str) -> None:  # noqa: F811
    """The analyzer page of the built Chinese edition (zh_CN/book/analyzer.html, its prose
    from locales/zh_CN): the panel in Chinese, answering the hand in its address as mjcore
    does."""
    browser.errors.clear()
    browser.open(urljoin(site_url, "zh_CN/book/analyzer.html?hand=111222333m444s5s"))
    browser.wait_for_answers(1, timeout=FIRST_ANSWER_MS)
    page = browser.page
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    assert CJK.search(page.locator("article h1").inner_text())
    assert browser.waits() == names(mjcore.waits("111222333m444s5s"))
    assert english_words(browser) == set()
    assert browser.errors == [] and browser.external == []
