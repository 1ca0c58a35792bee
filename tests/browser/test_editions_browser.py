"""The Chinese edition (中文版) in a real browser: every page renders in Chinese, the
language link leads to the same page in the other edition and back, and the Chinese
search finds the chapters that explain 向听.

Served from the same site as the English edition (``_build/html``, the Chinese one in
``zh_CN/``), by the fixtures of tests/conftest.py.
"""

from __future__ import annotations

import re
from urllib.parse import quote, urljoin

import pytest
from test_browser import ERROR_OUTPUT, PAGES, Browser

pytestmark = pytest.mark.browser

CHINESE = "zh_CN/"
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def browser(site_url: str, chromium_page) -> Browser:
    return Browser(chromium_page)


def chinese_share(text: str) -> float:
    """The share of Chinese characters among the letters and characters of ``text``."""
    han = len(HAN.findall(text))
    latin = len(re.findall(r"[A-Za-z]", text))
    return han / max(1, han + latin)


def prose(browser: Browser) -> str:
    """The page's paragraphs and list items outside code, tables and outputs."""
    return browser.page.evaluate(
        """() => Array.from(document.querySelectorAll('article p, article li'))
            .filter(el => !el.closest('.cell_output, .output, pre, table, .highlight, dl.py'))
            .map(el => el.textContent).join('\\n')""")


# The pages opened: the first, a chapter of each kind, the reference pages.  (That every
# page is translated is the Chinese build's own check: book/_ext/mjeditions.py.)
SAMPLE = ["book/intro", "notebooks/05_waits_probability", "notebooks/11_wild_tiles",
          "book/glossary", "book/api", "book/analyzer"]


def test_the_sample_is_pages_of_the_book() -> None:
    assert set(SAMPLE) <= set(PAGES)


@pytest.mark.parametrize("docname", SAMPLE)
def test_chinese_page_renders_in_chinese(browser: Browser, site_url: str,
                                         docname: str) -> None:
    browser.open(urljoin(site_url, CHINESE + docname + ".html"))
    page = browser.page
    heading = browser.heading()
    assert HAN.search(heading), f"{docname}: the heading {heading!r} is not Chinese"
    assert heading in page.title()
    assert page.get_attribute("html", "lang") == "zh-CN"
    captions = page.locator(".bd-sidebar-primary .caption-text").all_inner_texts()
    assert captions and all(HAN.search(c) for c in captions), captions
    text = prose(browser)
    if docname == "book/api":  # the docstrings stay English: the page's own prose comes first
        text = "\n".join(text.split("\n")[:4])
    assert chinese_share(text) > 0.5, f"{docname}: the prose is mostly English: {text[:200]!r}"
    assert "Traceback (most recent call last)" not in browser.text_outside_code()
    assert [el.inner_text()[:300] for el in page.query_selector_all(ERROR_OUTPUT)] == []
    assert browser.broken_images() == []
    assert browser.errors == [] and browser.external == []


@pytest.mark.parametrize("docname", ["notebooks/05_waits_probability", "book/glossary"])
def test_the_language_link_leads_to_the_same_page(browser: Browser, site_url: str,
                                                  docname: str) -> None:
    english, chinese = (urljoin(site_url, p + docname + ".html") for p in ("", CHINESE))
    browser.open(chinese)
    page = browser.page
    link = page.locator("a.mj-edition")
    assert link.inner_text() == "English" and link.get_attribute("hreflang") == "en"
    # in one row with the theme's buttons, within the header
    row = [page.locator(s).bounding_box() for s in ("a.mj-edition", ".article-header-buttons")]
    assert abs(row[0]["y"] + row[0]["height"] / 2 - row[1]["y"] - row[1]["height"] / 2) < 8
    with page.expect_navigation(wait_until="load"):
        link.click()
    assert page.url == english
    assert page.get_attribute("html", "lang") == "en"
    assert chinese_share(prose(browser)) < 0.2
    assert page.locator("a.mj-edition").inner_text() == "中文"
    with page.expect_navigation(wait_until="load"):
        page.locator("a.mj-edition").click()
    assert page.url == chinese
    assert browser.errors == [] and browser.external == []


def test_chinese_search_finds_the_chapters_on_shanten(browser: Browser, site_url: str,
                                                      site_dir) -> None:
    """Every chapter of the Chinese edition with 向听 in a section heading is among the
    results of a search for 向听 (Sphinx splits Chinese words with jieba)."""
    headed = sorted(
        f"notebooks/{path.stem}" for path in (site_dir / "zh_CN" / "notebooks").glob("*.html")
        if any("向听" in re.sub(r"<[^>]+>", "", heading) for heading in re.findall(
            r"<h[12][^>]*>(.*?)</h[12]>", path.read_text(encoding="utf-8"), re.S)))
    assert len(headed) >= 3, headed
    browser.open(urljoin(site_url, f"{CHINESE}search.html?q={quote('向听')}"))
    page = browser.page
    results = page.locator("#search-results ul.search li a")
    # Sphinx adds the summary line empty when the search starts, then one result every
    # 5 ms, and writes the summary (how many pages were found) only after the last one
    page.wait_for_function(
        "() => document.querySelector('#search-results p.search-summary')"
        "?.textContent.trim()")
    found = {re.sub(r"\.html.*$", "", href.split(CHINESE, 1)[-1])
             for href in results.evaluate_all(
                 "els => els.map(a => new URL(a.getAttribute('href'), location.href).href)")}
    assert set(headed) <= found, f"{sorted(set(headed) - found)} not found: {sorted(found)}"
    assert browser.errors == [] and browser.external == []
