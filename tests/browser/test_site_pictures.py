"""The built site shows hands as tile pictures and tables as styled DataFrames.

In Debian's chromium, on the pages whose hands use mjcore.view.render: every
hand is a span of drawn tiles whose accessible name is its mpsz notation,
each picture is laid out at a readable size, and the chapters' tables are
the Styler tables of mjcore.view.frames.  Skips without the site or chromium,
except under CI=true.
"""

from __future__ import annotations

import pytest
from conftest import OfflinePage

from mjcore import parse, to_mpsz

pytestmark = pytest.mark.browser

# page -> (at least this many hands shown, at least this many frames tables)
PAGES = {
    "book/intro": (1, 1),
    "book/errata": (2, 0),
    "notebooks/01_encoding": (4, 5),
    "notebooks/02_greedy_vs_backtracking": (4, 3),
    "notebooks/03_special_hands": (8, 3),  # the editor's panel no longer draws its hand twice
    "notebooks/07_four_seats": (3, 8),  # the four-seat panel: its hand and its table
    "notebooks/08_race": (3, 12),
    "notebooks/10_poyang_scoring": (5, 9),  # the calculator draws its hand once
}

HANDS_JS = """() => [...document.querySelectorAll('span.mj-hand')].map(span => ({
    label: span.getAttribute('aria-label'),
    text: (span.querySelector('code.mj-mpsz') || {}).textContent || null,
    tiles: [...span.querySelectorAll('svg')].map(svg => {
        const box = svg.getBoundingClientRect();
        return {label: svg.getAttribute('aria-label'), height: box.height,
                width: box.width};
    }),
}))"""


@pytest.fixture(scope="module")
def browser(chromium_page) -> OfflinePage:
    return OfflinePage(chromium_page)


@pytest.mark.parametrize("page", PAGES)
def test_hands_are_drawn_tiles_named_by_their_notation(browser, site_url, page):
    browser.open(f"{site_url}{page}.html")
    hands = browser.page.evaluate(HANDS_JS)
    assert len(hands) >= PAGES[page][0], hands
    for hand in hands:
        tiles = hand["tiles"]
        assert tiles and to_mpsz(parse(" ".join(t["label"].split()[0] for t in tiles))) \
            == hand["label"]
        assert hand["text"] in (None, hand["label"])
        for tile in tiles:
            assert 24 <= tile["height"] <= 64 and 0.6 < tile["width"] / tile["height"] < 0.9, tile
    assert browser.external == [] and browser.errors == []


@pytest.mark.parametrize("page", PAGES)
def test_tables_are_styled_frames(browser, site_url, page):
    browser.open(f"{site_url}{page}.html")
    tables = browser.page.evaluate(
        "() => [...document.querySelectorAll('table[id^=\"T_mj\"]')].map("
        "t => t.querySelectorAll('tbody tr').length)")
    assert len(tables) >= PAGES[page][1] and all(rows >= 1 for rows in tables), tables
    # a column of numbers is right-aligned
    columns = browser.page.evaluate("""() => {
        const found = [];
        for (const table of document.querySelectorAll('table[id^="T_mj"]')) {
            const rows = [...table.querySelectorAll('tbody tr')];
            const width = rows.length ? rows[0].querySelectorAll('td').length : 0;
            for (let i = 0; i < width; i++) {
                const cells = rows.map(r => r.querySelectorAll('td')[i]).filter(Boolean);
                found.push(cells.map(td => [td.textContent.trim(),
                                            getComputedStyle(td).textAlign]));
            }
        }
        return found;
    }""")
    numeric = [c for c in columns
               if c and all(t.replace(",", "").lstrip("-").isdigit() for t, _ in c)]
    assert numeric or not page.startswith("notebooks/")
    for column in numeric:
        assert {align for _, align in column} == {"right"}, column
    others = browser.page.evaluate(
        "() => document.querySelectorAll('.cell_output table:not([id^=\"T_mj\"])"
        ":not(.mj-analysis table):not(.mj-score table)').length")
    assert others == 0, "a table in a cell output that is not a styled DataFrame"
