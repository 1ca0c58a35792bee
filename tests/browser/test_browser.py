"""The built site in a real browser: every page of the table of contents renders.

Drives Debian's chromium (``/usr/bin/chromium``) through Playwright against
``_build/html`` (or ``$MJ_SITE_DIR``) served on 127.0.0.1.  For each page in
``_toc.yml``: the title names the page's heading, no traceback or stderr
output is shown, every image loaded, no script error was raised and no
request left 127.0.0.1.  Then the left sidebar is followed from each page to
the next.  On a phone's screen no page of either edition is wider than the
screen.  Without the site or chromium the tests skip, except under
make test (or CI=true), where they fail.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml
from conftest import ROOT, OfflinePage

from mjcore import tile_index
from mjcore.view.render import tile_svg

pytestmark = pytest.mark.browser

ERROR_OUTPUT = ".output.traceback, .output.error, .output.stderr, .cell_output .stderr"
# Code a page shows on purpose: doctests (an expected HandError), cell sources, listings.
SOURCE_CODE = '.doctest, .cell_input, div[class^="highlight-"]'


def toc_pages(toc_file: Path = ROOT / "_toc.yml") -> list[str]:
    """Document names in reading order: the root, then every entry of every part."""
    toc = yaml.safe_load(toc_file.read_text(encoding="utf-8"))
    pages = [toc["root"]]

    def walk(entries: list[dict]) -> None:
        for entry in entries:
            if "file" in entry:
                pages.append(entry["file"])
            for key in ("sections", "chapters"):
                walk(entry.get(key, []))
            for part in entry.get("parts", []):
                walk(part.get("chapters", []))

    walk([toc])
    return [Path(p).with_suffix("").as_posix() for p in pages]


PAGES = toc_pages()


def test_toc_lists_the_book() -> None:
    assert PAGES[0] == "book/intro"
    assert len(PAGES) == len(set(PAGES)) >= 4


class Browser(OfflinePage):
    """An offline page that can read a page's heading, text and images."""

    def heading(self) -> str:
        return self.page.evaluate(
            """() => {
                const h1 = document.querySelector('article h1, main h1, h1');
                if (!h1) return '';
                const copy = h1.cloneNode(true);
                copy.querySelectorAll('.headerlink').forEach(a => a.remove());
                return copy.textContent.replace(/\\s+/g, ' ').trim();
            }"""
        )

    def text_outside_code(self) -> str:
        return self.page.evaluate(
            """(selector) => {
                const copy = document.body.cloneNode(true);
                copy.querySelectorAll(selector).forEach(el => el.remove());
                return copy.textContent;
            }""",
            SOURCE_CODE,
        )

    def broken_images(self) -> list[str]:
        return self.page.evaluate(
            """async () => {
                const imgs = Array.from(document.images);
                imgs.forEach(img => { img.loading = 'eager'; });
                await Promise.all(imgs.map(img => img.complete ? null : new Promise(
                    done => { img.onload = img.onerror = done; })));
                return imgs.filter(img => img.naturalWidth === 0).map(img => img.src);
            }"""
        )


@pytest.fixture(scope="module")
def browser(site_url: str, chromium_page) -> Browser:
    return Browser(chromium_page)


ICON = tile_svg(tile_index("7z"))
"""The site's icon, as book/_ext/mjbook.py writes it: mjcore's picture of 7z 中."""


@pytest.mark.parametrize("docname", PAGES)
def test_page_renders(browser: Browser, site_url: str, docname: str) -> None:
    browser.open(urljoin(site_url, docname + ".html"))
    page = browser.page
    heading = browser.heading()
    assert heading, f"{docname}: no <h1> heading"
    assert heading in page.title(), f"{docname}: title {page.title()!r} lacks {heading!r}"
    assert "Traceback (most recent call last)" not in browser.text_outside_code(), \
        f"{docname} shows a traceback"
    errors = [el.inner_text()[:300] for el in page.query_selector_all(ERROR_OUTPUT)]
    assert errors == [], f"{docname} shows error or stderr output: {errors}"
    assert browser.broken_images() == [], f"{docname}: images did not load"
    # the tab's icon is the site's own (the browser asks for no /favicon.ico): 7z's picture
    assert page.evaluate("""async () => {
        const link = document.querySelector('link[rel~="icon"]');
        return link && (await fetch(link.href)).text();
    }""") == ICON, f"{docname}: no icon, or not the site's"
    # one search field on a wide screen, the sidebar's (the theme's top bar held a twin)
    assert page.evaluate("""[...document.querySelectorAll('.search-button-field')]
        .filter(field => field.offsetParent !== null).length""") == 1, docname
    assert browser.errors == [], f"{docname}: script errors {browser.errors}"
    assert browser.console == [], f"{docname}: errors in the console {browser.console}"
    assert browser.external == [], f"{docname} needs the network: {browser.external}"


PHONE = {"width": 360, "height": 740}
"""A phone's screen, in CSS pixels: many Android phones are 360 wide, the narrowest in
wide use (the analyzer's own tests take 390, an iPhone's)."""


@pytest.fixture(scope="module")
def phone(chromium) -> Iterator[Browser]:
    """A page on :data:`PHONE`'s screen, touch and a mobile viewport: a page wider than
    the screen makes the browser zoom out, and ``innerWidth`` says how wide it made it."""
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        yield Browser(context.new_page())
    finally:
        context.close()


@pytest.mark.parametrize("edition", ["", "zh_CN/"])
@pytest.mark.parametrize("docname", PAGES)
def test_page_fits_a_phone(phone: Browser, site_url: str, docname: str, edition: str) -> None:
    """On a phone no page of either edition is wider than the screen: a long URL, dotted
    name or signature wraps (book/_ext/static/mjbook.css), a wide table or code block
    scrolls in its own box, and an analyzer panel, once built, fits too."""
    phone.open(urljoin(site_url, edition + docname + ".html"))
    if phone.page.query_selector(".mj-analyzer"):
        phone.page.wait_for_function(
            "() => document.querySelector('.mj-analyzer').dataset.picker === 'ready'")
        # and the panel's controls stay inside its box (a menu shrinks with its label)
        assert phone.page.eval_on_selector(".mj-az", """box => {
            const right = box.getBoundingClientRect().right + 0.5;
            return [...box.querySelectorAll('button, select, input, label')]
                .filter(el => el.offsetParent !== null && el.getBoundingClientRect().right > right)
                .map(el => el.className || el.tagName);
        }""") == []
    shown = phone.page.evaluate("[innerWidth, document.documentElement.scrollWidth]")
    assert shown == [PHONE["width"]] * 2, f"{edition}{docname} is {shown[1]} px wide"
    assert phone.console == [], f"{edition}{docname}: errors in the console {phone.console}"


def test_root_redirects_to_intro(browser: Browser, site_url: str) -> None:
    browser.open(site_url)
    browser.page.wait_for_url("**/book/intro.html")
    assert browser.external == []


def test_requests_to_other_hosts_fail_and_are_recorded(browser: Browser, site_url: str) -> None:
    """What every browser test leans on: a request leaving 127.0.0.1, from the page or
    from a worker, by name or by address, fails and lands in ``external``; the site's
    own requests land in ``requests``."""
    browser.open(urljoin(site_url, PAGES[0] + ".html"))
    away = ["http://example.com/a.js", "https://pypi.org/simple/", "http://192.0.2.1/x"]
    fetch = """async (urls) => Promise.all(urls.map(u => fetch(u, {mode: 'no-cors'})
        .then(() => 'loaded', () => 'failed')))"""
    assert browser.page.evaluate(fetch, away) == ["failed"] * 3
    worker = """async (url) => new Promise(done => {
        const code = `fetch("${url}", {mode: "no-cors"}).then(() => postMessage("loaded"),
                                                          () => postMessage("failed"))`;
        const w = new Worker(URL.createObjectURL(new Blob([code])));
        w.onmessage = (event) => done(event.data);
    })"""
    assert browser.page.evaluate(worker, "http://example.org/w.js") == "failed"
    assert browser.external == [*away, "http://example.org/w.js"]
    assert f"/{PAGES[0]}.html" in browser.requests


STEPS = list(zip(PAGES[:-1], PAGES[1:], strict=True))
SAMPLE = {0, len(STEPS) // 2, len(STEPS) - 1}
"""The steps make test takes (the first, a middle one, the last; the sidebar is the same
template on every page); make verify takes them all."""


@pytest.mark.parametrize("here, there", [
    pytest.param(*step, id=f"{step[0]}->{step[1]}",
                 marks=() if i in SAMPLE else pytest.mark.slow)
    for i, step in enumerate(STEPS)])
def test_sidebar_leads_to_next_page(browser: Browser, site_url: str,
                                    here: str, there: str) -> None:
    browser.open(urljoin(site_url, here + ".html"))
    page = browser.page
    target = urljoin(site_url, there + ".html")
    links = page.locator(".bd-sidebar-primary nav.bd-docs-nav a.reference.internal")
    hrefs = [urljoin(page.url, h).split("#")[0]
             for h in links.evaluate_all("els => els.map(a => a.getAttribute('href'))")]
    assert target in hrefs, f"the sidebar of {here} has no link to {there}: {hrefs}"
    old_title = page.title()
    with page.expect_navigation(wait_until="load"):
        links.nth(hrefs.index(target)).click()
    assert page.url.split("#")[0] == target
    assert page.title() != old_title
    assert browser.heading() in page.title()
    assert browser.external == [], f"{there} needs the network: {browser.external}"
