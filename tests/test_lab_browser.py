"""The chapters' widgets in JupyterLab itself, driven in a real browser as a reader would.

One JupyterLab server from this environment on 127.0.0.1 (a token, a free port, its
settings, workspaces and runtime files in a temporary folder, so nothing in $HOME or
``notebooks/`` changes) serves every chapter that builds a widget.  Each chapter is
copied with its setup cell and its widget cells only (the chapter's own code; the rest
of the chapter takes minutes and the widgets do not need it), opened in Debian's
chromium through Playwright and run with Run > Run All Cells, one kernel per chapter.
Then the test clicks tile faces, presses one with the keyboard, types a bad hand and
changes the rules, and checks what the panel answers against mjcore in this process.
Every request to another host is blocked and fails the test.  The kernel imports mjcore
from this checkout (PYTHONPATH).  Without chromium or JupyterLab the tests skip, except
under make test (or CI=true), where they fail.
"""

from __future__ import annotations

import base64
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT, OfflinePage, missing

from mjcore import parse, tile_index, tile_name, to_mpsz, to_tiles, waits
from mjcore.scoring.poyang import score
from mjcore.view.render import tile_label, tile_svg

nbformat = pytest.importorskip("nbformat")

pytestmark = pytest.mark.browser

WIDGETS = ("HandEditor", "WaitChart", "ScoreCalculator")
START_S = 90  # the server's start on a busy 2-core machine; typically 5-10 s
WIDGET_MS = 120_000  # a chapter's first run: kernel start and imports
ANSWER_MS = 30_000
# The notebook shown, should a chapter opened before stay in a hidden tab.
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden)"
OUTPUT = f"{NOTEBOOK} .jp-OutputArea-output"


def widget_chapters(folder: Path = ROOT / "notebooks") -> list[tuple[str, str]]:
    """(chapter file, widget class) for every code cell that builds one of :data:`WIDGETS`."""
    found = []
    for path in sorted(folder.glob("*.ipynb")):
        book = nbformat.read(path, as_version=4)
        for cell in book.cells:
            if cell.cell_type != "code":
                continue
            found += [(path.name, w) for w in WIDGETS if re.search(rf"\b{w}\(", cell.source)]
    return found


CHAPTERS = widget_chapters()


def test_each_widget_is_in_a_chapter() -> None:
    assert sorted({w for _, w in CHAPTERS}) == sorted(WIDGETS)


def short_copy(source: Path, target: Path) -> None:
    """The chapter with its first code cell (the imports) and its widget cells, no outputs."""
    book = nbformat.read(source, as_version=4)
    code = [c for c in book.cells if c.cell_type == "code"]
    keep = [code[0]] + [c for c in code[1:]
                        if any(re.search(rf"\b{w}\(", c.source) for w in WIDGETS)]
    for cell in keep:
        cell.outputs, cell.execution_count = [], None
    book.cells = keep
    nbformat.write(book, target)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 serving short copies of the widget chapters; its base URL."""
    jupyter_lab = Path(sys.executable).parent / "jupyter-lab"
    if not jupyter_lab.is_file():
        missing(f"{jupyter_lab} not found: pip install -r requirements.txt")
    home = tmp_path_factory.mktemp("lab")
    root = home / "notebooks"
    root.mkdir()
    for name in sorted({name for name, _ in CHAPTERS}):
        short_copy(ROOT / "notebooks" / name, root / name)
    config = home / "config"
    config.mkdir()
    # Settings of this server only: no question about fetching Jupyter news.
    notification = home / "settings" / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True)
    (notification / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # No news, no update check, no extension manager: the server asks nothing of the network.
    (config / "jupyter_server_config.json").write_text(json.dumps({"LabApp": {
        "news_url": None, "extension_manager": "readonly",
        "check_for_updates_class": "jupyterlab.handlers.announcements.NeverCheckForUpdate"}}))
    token, port = secrets.token_hex(16), free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_CONFIG_DIR": str(config),
           "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "IPYTHONDIR": str(home / "ipython"), "MPLCONFIGDIR": str(home / "mpl"),
           "JUPYTER_PLATFORM_DIRS": "1", "HOME": str(home)}
    log = (home / "server.log").open("w")
    server = subprocess.Popen(
        [str(jupyter_lab), "--no-browser", "--ServerApp.open_browser=False",
         "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
         "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={root}", f"--LabApp.user_settings_dir={home / 'settings'}",
         f"--LabApp.workspaces_dir={home / 'workspaces'}",
         *(["--allow-root"] if os.geteuid() == 0 else [])],  # root in a container
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=home)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_S
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not start:\n"
                                + (home / "server.log").read_text()[-3000:])
                time.sleep(0.3)
        yield f"{base}/lab/tree/{{name}}?reset&token={token}"  # reset: no tabs restored
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


class Lab(OfflinePage):
    """An offline page in JupyterLab that runs a notebook and drives its widget."""

    def run_all(self, url: str) -> None:
        self.open(url)
        page = self.page
        # Run All only once the cells are shown and the kernel is up (it may restart once).
        page.locator(f"{NOTEBOOK} .jp-Cell").first.wait_for(timeout=WIDGET_MS)
        page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$")).wait_for(
            timeout=WIDGET_MS)
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        self.widget = page.locator(OUTPUT).filter(has=page.locator(".mj-picker")).first
        self.widget.locator(".mj-picker .mj-face").nth(33).wait_for(timeout=WIDGET_MS)

    def picker(self, tile: str):
        return self.widget.locator(".mj-picker").get_by_role(
            "button", name=tile_label(tile_index(tile)), exact=True)

    def hand(self) -> list[str]:
        """The hand's buttons, by accessible name, in order."""
        return self.widget.locator(".mj-hand-faces .mj-face").all_inner_texts()

    def hand_face(self, tile: str):
        return self.widget.locator(".mj-hand-faces").get_by_role(
            "button", name=tile_label(tile_index(tile)), exact=True).first

    def text(self) -> str:
        return self.widget.inner_text()

    def until(self, pattern: str) -> None:
        """Wait until the widget's text matches ``pattern`` (a regular expression)."""
        self.page.wait_for_function(
            "([el, pattern]) => new RegExp(pattern).test(el.innerText)",
            arg=[self.widget.element_handle(), pattern], timeout=ANSWER_MS)

    def type_into(self, label: str, text: str) -> None:
        box = self.widget.get_by_label(label, exact=True)
        box.fill(text)
        box.press("Enter")

    def check_faces(self, hand: str) -> None:
        """The 34 faces are the buttons, pictures with names; the hand appears once."""
        names = self.widget.locator(".mj-picker .mj-face").all_inner_texts()
        assert len(names) == 34 and set(names) == {tile_label(t) for t in range(34)}
        face = self.picker("5s").element_handle()
        shown = face.evaluate("""el => {
            const css = getComputedStyle(el), box = el.getBoundingClientRect();
            return {image: css.backgroundImage, color: css.color, title: el.title,
                    tag: el.tagName, width: box.width, height: box.height};
        }""")
        assert shown["tag"] == "BUTTON", shown
        data = re.fullmatch(r'url\("data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"\)',
                            shown["image"])
        assert data and base64.b64decode(data.group(1)).decode() == tile_svg(tile_index("5s"))
        assert shown["title"].startswith("5s 五条") and shown["color"] == "rgba(0, 0, 0, 0)"
        assert shown["width"] >= 30 and shown["height"] >= 40
        assert sorted(self.hand()) == sorted(tile_label(t) for t in to_tiles(parse(hand)))
        # no picture of the hand other than its buttons
        assert self.widget.locator(".mj-hand").count() == 0

    def press_with_keyboard(self, tile: str) -> None:
        """Tab from the face before ``tile`` to it, then press Enter."""
        t = tile_index(tile)
        self.picker(tile_name(t - 1)).focus()
        self.page.keyboard.press("Tab")
        focused = self.page.evaluate("() => document.activeElement.textContent")
        assert focused == tile_label(t)
        self.page.keyboard.press("Enter")


@pytest.fixture(scope="module")
def browser(lab: str, chromium_page) -> Lab:
    return Lab(chromium_page)


def chapter_for(widget: str) -> str:
    return next(name for name, w in CHAPTERS if w == widget)


def finish(lab: Lab) -> None:
    assert lab.external == [], f"requests left 127.0.0.1: {lab.external}"
    assert lab.errors == [], lab.errors


def test_hand_editor_in_jupyterlab(browser: Lab, lab: str) -> None:
    browser.run_all(lab.format(name=chapter_for("HandEditor")))
    browser.until(r"total: 11 tiles left on 3 waits")
    browser.check_faces("111222333m4445s")
    assert len(browser.hand()) == 13
    browser.hand_face("5s").click()  # 12 tiles: no analysis, the message says why
    browser.until(r"got 12")
    assert len(browser.hand()) == 12
    browser.picker("6s").click()
    total = waits("111222333m4446s").total
    browser.until(rf"total: {total} tiles left")
    browser.press_with_keyboard("5s")  # a 14th tile, from the keyboard: a win
    browser.until(r"win: yes")
    assert browser.widget.get_by_label("hand", exact=True).input_value() == "111222333m44456s"
    browser.type_into("hand", "1112z8z")
    browser.until(r"8z is not a tile: honours are 1z-7z")
    assert len(browser.hand()) == 14 and "win: yes" in browser.text()  # the state stays
    browser.widget.get_by_label("rules", exact=True).select_option("riichi")
    browser.until(r"rules: riichi")
    finish(browser)


def test_wait_chart_in_jupyterlab(browser: Lab, lab: str) -> None:
    browser.run_all(lab.format(name=chapter_for("WaitChart")))
    hand = browser.widget.get_by_label("hand", exact=True).input_value()
    browser.until(r"within 18")
    browser.check_faces(hand)
    browser.widget.locator("img").wait_for(timeout=ANSWER_MS)  # the chart
    counts = list(parse(hand))
    first = next(t for t in range(34) if counts[t])
    browser.hand_face(tile_name(first)).click()
    counts[first] -= 1
    browser.picker("1z").click()
    counts[tile_index("1z")] += 1
    browser.until(re.escape(to_mpsz(counts)))
    assert sorted(browser.hand()) == sorted(tile_label(t) for t in to_tiles(counts))
    browser.type_into("hand", "1112z8z")
    browser.until(r"8z is not a tile")
    assert sorted(browser.hand()) == sorted(tile_label(t) for t in to_tiles(counts))  # kept
    browser.widget.get_by_label("rules", exact=True).select_option("standard")
    browser.type_into("hand", "123456789m1112p")
    browser.until(r"rules: standard")
    browser.widget.locator("img").wait_for(timeout=ANSWER_MS)  # the chart is back
    finish(browser)


def test_score_calculator_in_jupyterlab(browser: Lab, lab: str) -> None:
    browser.run_all(lab.format(name=chapter_for("ScoreCalculator")))
    browser.until(r"points: 16")
    browser.check_faces("111222333m44455s")
    browser.hand_face("5s").click()  # 13 tiles: not a win, the message says why
    browser.page.wait_for_function(
        "el => !/points: 16/.test(el.innerText)",
        arg=browser.widget.element_handle(), timeout=ANSWER_MS)
    assert len(browser.hand()) == 13
    browser.picker("5s").click()
    browser.until(r"points: 16")
    browser.widget.get_by_label("自摸 self-draw", exact=True).check()
    points = score("111222333m44455s", win_tile="5s", self_draw=True).points
    browser.until(rf"points: {points}")
    browser.type_into("hand", "1112z8z")
    browser.until(r"8z is not a tile")
    assert len(browser.hand()) == 14  # the hand's buttons stay
    browser.widget.get_by_label("cap", exact=True).select_option("no cap")
    browser.type_into("hand", "111222333m44455s")
    browser.until(rf"points: {points}")
    finish(browser)
