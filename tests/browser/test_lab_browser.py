"""The chapters' widgets in JupyterLab itself, driven in a real browser as a reader would.

One JupyterLab server from this environment on 127.0.0.1 (a token, a free port, its
settings, workspaces and runtime files in a temporary folder, so nothing in $HOME or
``notebooks/`` changes) serves a copy, outputs cleared, of every chapter that builds a
widget.  Each is opened in Debian's chromium through Playwright and run with Run > Run
All Cells, one kernel per chapter: whole, except a chapter in :data:`SECTION_ONLY`,
whose studies take minutes (chapter 7): its copy holds its setup cells and the section
that builds the widget, all the widget needs.  Then the test clicks tile faces (the
hand's, the 34 to add, the wild tile's, a discard to claim), presses one with the
keyboard, types a bad hand, changes the rules and the seats; after each step the panel
must say what the same widget built in this process, given the same steps, says.
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

import nbformat
import pytest
from conftest import ROOT, ROWS_OF_TILES, OfflinePage, missing
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from mjcore import parse, tile_index, tile_name, to_tiles
from mjcore.view.render import tile_label, tile_svg
from mjcore.view.widgets import (
    GOAL_LABELS,
    SCORE_FLAGS,
    SEATS_LABELS,
    HandEditor,
    ScoreCalculator,
    SeatsAdvisor,
    WaitChart,
)

# make verify runs these (marked slow): JupyterLab sessions are the longest browser tests,
# and make test keeps within 10 minutes on 2 cores
pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDGETS = ("HandEditor", "WaitChart", "ScoreCalculator", "SeatsAdvisor")
SECTION_ONLY = {"07_four_seats.ipynb"}
"""Chapters run in part: the setup cells and the widget's section (chapter 7's whole run
takes minutes, its widget section seconds)."""
START_S = 90  # the server's start on a busy 2-core machine; typically 3-5 s
RUN_MS = 300_000  # a chapter's whole run with its kernel's start; typically 10-20 s
ANSWER_MS = 30_000
# The notebook shown, should a chapter opened before stay in a hidden tab.
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden)"
OUTPUT = f"{NOTEBOOK} .jp-OutputArea-output"
# Every read after a step waits, up to ANSWER_MS, for the state it checks (Playwright's
# expect, or wait_for_function): the kernel's messages reach the page in their own time,
# and a view is drawn once its model has come, so nothing is read at once.


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


def lab_copy(name: str) -> nbformat.NotebookNode:
    """The chapter without its outputs, as a reader finds it; for a chapter in
    :data:`SECTION_ONLY`, only its setup cells (tagged remove-cell, before the first
    section) and the section whose code builds one of :data:`WIDGETS`, heading to heading."""
    book = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    for cell in book.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    if name in SECTION_ONLY:
        cells = book.cells
        heads = [i for i, c in enumerate(cells)  # cells holding a section's heading
                 if c.cell_type == "markdown" and re.search(r"^## ", c.source, re.M)]
        builds = next(i for i, c in enumerate(cells) if c.cell_type == "code" and any(
            re.search(rf"\b{w}\(", c.source) for w in WIDGETS))
        start = max(h for h in heads if h <= builds)
        end = min([h for h in heads if h > builds] + [len(cells)])
        setup = [c for c in cells[:heads[0]] if "remove-cell" in c.metadata.get("tags", [])]
        book.cells = setup + cells[start:end]
    return book


NARROW = "narrow_column.ipynb"
"""A notebook of its own (not a chapter) that shows the four widgets one under another."""
NARROW_CELLS = ("from mjcore.view.widgets import HandEditor, ScoreCalculator, SeatsAdvisor, "
                "WaitChart", "HandEditor()", "WaitChart()", "ScoreCalculator()",
                'SeatsAdvisor(seats="calls")')
NARROW_PX = 390
"""The window's width for :func:`test_widgets_fit_a_narrow_column`, a phone's: the widgets'
outputs are 274 px wide, narrower than in a laptop's JupyterLab with its side panel open."""


def narrow_notebook() -> nbformat.NotebookNode:
    """:data:`NARROW`: the four widgets, each in a cell of its own."""
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source) for source in NARROW_CELLS],
        metadata={"kernelspec": kernel})  # as the chapters have: no dialog asks for one


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 serving copies of the widget chapters; a notebook's URL,
    ``{name}`` to fill in."""
    jupyter_lab = Path(sys.executable).parent / "jupyter-lab"
    if not jupyter_lab.is_file():
        missing(f"{jupyter_lab} not found: pip install -r requirements.txt")
    home = tmp_path_factory.mktemp("lab")
    root = home / "notebooks"
    root.mkdir()
    for name in sorted({name for name, _ in CHAPTERS}):
        nbformat.write(lab_copy(name), root / name)
    nbformat.write(narrow_notebook(), root / NARROW)
    config = home / "config"
    config.mkdir()
    # Settings of this server only: no question about fetching Jupyter news, and every
    # cell in the page (no windowing), so the test sees when the last one has run.
    settings = home / "settings" / "@jupyterlab"
    for plugin, values in {"apputils-extension/notification": {"fetchNews": "false",
                                                                "checkForUpdates": False},
                           "notebook-extension/tracker": {"windowingMode": "none"}}.items():
        path = settings / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
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
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy
        while True:
            try:
                with direct.open(f"{base}/api/status?token={token}", timeout=2):
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

    def run_all(self, url: str, cells: int) -> None:
        """Open the notebook, Run All Cells once its kernel is up, wait for all ``cells``."""
        self.open(url)
        page = self.page
        page.locator(f"{NOTEBOOK} .jp-Cell").first.wait_for(timeout=RUN_MS)
        page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$")).wait_for(
            timeout=RUN_MS)
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        page.wait_for_function("""([selector, cells]) => {
            const prompts = [...document.querySelectorAll(selector)].map(p => p.textContent);
            return prompts.length === cells && prompts.every(p => /^\\[\\d+\\]:$/.test(p));
        }""", arg=[f"{NOTEBOOK} .jp-CodeCell .jp-InputArea-prompt", cells], timeout=RUN_MS)
        assert self.page.locator(f"{NOTEBOOK} .jp-OutputArea-output[data-mime-type="
                                 f"'application/vnd.jupyter.stderr']").count() == 0
        self.widget = page.locator(OUTPUT).filter(has=page.locator(".mj-picker")).first
        self.widget.locator(".mj-picker .mj-face").nth(33).wait_for(timeout=ANSWER_MS)

    def box(self, label: str):
        return self.widget.get_by_label(label, exact=True)

    def menu(self, label: str) -> str:
        """The option chosen in a menu, as shown (once the menu has its options)."""
        expect(self.box(label).locator("option:checked")).to_have_count(1, timeout=ANSWER_MS)
        return self.box(label).evaluate("el => el.selectedOptions[0].textContent")

    def readout(self, label: str | None = None) -> int:
        """The number a slider (the one named ``label``, if the widget has more) shows
        beside it, once drawn."""
        slider = self.widget if label is None else self.widget.locator(
            ".widget-slider", has=self.page.locator(".widget-label", has_text=re.compile(
                rf"^{re.escape(label)}$")))
        shown = slider.locator(".widget-readout")
        expect(shown).to_have_text(re.compile(r"^\s*\d+\s*$"), timeout=ANSWER_MS)
        return int(shown.text_content())

    def picker(self, tile: str):
        return self.widget.locator(".mj-picker").get_by_role(
            "button", name=tile_label(tile_index(tile)), exact=True)

    def hand_face(self, tile: int):
        return self.widget.locator(".mj-hand-faces").get_by_role(
            "button", name=tile_label(tile), exact=True).first

    def says(self, html: str) -> None:
        """Wait until the panel (the widget's last HTML) has the text of ``html``."""
        check = """([el, html]) => {
            const panels = el.querySelectorAll('.widget-html-content');
            const want = document.createElement('div');
            want.innerHTML = html;
            return panels.length > 0
                && panels[panels.length - 1].textContent === want.textContent;
        }"""
        try:
            self.page.wait_for_function(check, arg=[self.widget.element_handle(), html],
                                        timeout=ANSWER_MS)
        except PlaywrightTimeout as error:
            shown = self.widget.locator(".widget-html-content").last.text_content()
            raise AssertionError(f"the panel shows {shown!r}, not the text of {html!r}") from error

    def type_into(self, label: str, text: str) -> None:
        self.box(label).fill(text)
        self.box(label).press("Enter")

    def check_faces(self, counts) -> None:
        """The 34 faces are the buttons, pictures with names; the hand appears once."""
        faces = self.widget.locator(".mj-picker .mj-face")
        expect(faces).to_have_count(34, timeout=ANSWER_MS)
        names = faces.all_inner_texts()
        assert set(names) == {tile_label(t) for t in range(34)}
        face = self.picker("5s")
        # the face's picture comes from the style sheet, itself a view of its own
        expect(face).to_have_css("background-image",
                                 re.compile(r'^url\("data:image/svg\+xml;base64,'),
                                 timeout=ANSWER_MS)
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
        self.shows_hand(counts)
        # no picture of the hand other than its buttons
        expect(self.widget.locator(".mj-hand")).to_have_count(0, timeout=ANSWER_MS)

    def choose(self, row: str, name: str) -> None:
        """Click the button ``name`` (a tile's "7z 红中", or the none button's text) in the
        row of faces with class ``row``; it must then be the one marked chosen."""
        faces = self.widget.locator(f".{row}")
        faces.get_by_role("button", name=re.compile(rf"^{re.escape(name)}( \(chosen\))?$")
                          ).click()
        chosen = faces.get_by_role("button", name=f"{name} (chosen)", exact=True)
        # name, ring, class and title come in one message; each is waited for all the same
        expect(chosen).to_contain_class("mod-warning mj-chosen", timeout=ANSWER_MS)
        expect(chosen).to_have_attribute("title", re.compile("chosen"), timeout=ANSWER_MS)
        expect(faces.locator(".mj-chosen")).to_have_count(1, timeout=ANSWER_MS)

    def toggle(self, label: str) -> None:
        """Click one of a ToggleButtons' buttons by its label."""
        self.widget.locator(".widget-toggle-button", has_text=re.compile(
            rf"^{re.escape(label)}$")).click()

    def toggled(self, index: int) -> str:
        """The label of the button pressed in the ``index``-th ToggleButtons."""
        return self.widget.locator(".widget-toggle-buttons").nth(index).locator(
            ".widget-toggle-button.mod-active").inner_text()

    def shows_hand(self, counts) -> None:
        """Wait until the hand's buttons, by accessible name, are the tiles of ``counts``
        (in mpsz order, as the widget lays them out)."""
        expect(self.widget.locator(".mj-hand-faces .mj-face")).to_have_text(
            [tile_label(t) for t in sorted(to_tiles(counts), key=mpsz_order)],
            timeout=ANSWER_MS)

    def press_with_keyboard(self, tile: str) -> None:
        """Tab from the face before ``tile`` to it, then press Enter."""
        t = tile_index(tile)
        self.picker(tile_name(t - 1)).focus()
        self.page.keyboard.press("Tab")
        expect(self.picker(tile)).to_be_focused(timeout=ANSWER_MS)
        self.page.keyboard.press("Enter")

    def finish(self) -> None:
        assert self.external == [], f"requests left 127.0.0.1: {self.external}"
        assert self.errors == [], self.errors


@pytest.fixture(scope="module")
def lab_page(lab: str, chromium_page) -> Lab:
    return Lab(chromium_page)


def run_chapter(lab_page: Lab, lab: str, widget: str) -> None:
    name = next(name for name, w in CHAPTERS if w == widget)
    lab_page.run_all(lab.format(name=name),
                     sum(c.cell_type == "code" for c in lab_copy(name).cells))


def drive(lab_page: Lab, steps: list, panel, hand=None) -> None:
    """Each step done in JupyterLab, then here; after each the widget there must say what
    ``panel()`` says here, which holds the step's text, and show ``hand(text)`` if given."""
    for in_lab, here, said in steps:
        in_lab()
        here()
        shown = panel()
        assert said in shown
        lab_page.says(shown)
        if hand is not None:
            lab_page.shows_hand(hand(said))


def mpsz_order(tile: int) -> tuple[int, int]:
    """Tiles in the order mpsz notation writes them: m, p, s, then z."""
    return "mpsz".index(tile_name(tile)[1]), tile


def last_tile(counts) -> int:
    """The tile of the hand's last button (mpsz order: m, p, s, z)."""
    return max((t for t in range(34) if counts[t]), key=mpsz_order)


def test_hand_editor_in_jupyterlab(lab_page: Lab, lab: str) -> None:
    run_chapter(lab_page, lab, "HandEditor")
    mirror = HandEditor(lab_page.box("hand").input_value(), rules=lab_page.menu("rules"),
                        visible=lab_page.box("visible").input_value())
    lab_page.says(mirror.analysis_html)
    lab_page.check_faces(mirror.counts)
    assert picker_rows(lab_page.widget) == [[9]] * 3 + [[7]]  # a wide column
    steps = [  # (in JupyterLab, here, what the panel then says)
        (lambda: lab_page.hand_face(last_tile(mirror.counts)).click(),
         lambda: mirror.remove(last_tile(mirror.counts)), "got 12"),
        (lambda: lab_page.picker("6s").click(), lambda: mirror.add("6s"), "<b>waits</b>"),
        (lambda: lab_page.press_with_keyboard("5s"), lambda: mirror.add("5s"), "win</b>: yes"),
        (lambda: lab_page.type_into("hand", "1112z8z"), lambda: mirror.set_hand("1112z8z"),
         "8z is not a tile"),
        (lambda: lab_page.box("rules").select_option("riichi"),
         lambda: mirror.set_rules("riichi"), "rules</b>: riichi"),
        (lambda: lab_page.choose("mj-wild-picker", "7z 红中"), lambda: mirror.set_wild("7z"),
         "riichi, 7z wild")]
    drive(lab_page, steps, lambda: mirror.analysis_html, lambda _: mirror.counts)
    lab_page.finish()


def test_wait_chart_in_jupyterlab(lab_page: Lab, lab: str) -> None:
    run_chapter(lab_page, lab, "WaitChart")
    mirror = WaitChart(lab_page.box("hand").input_value(), rules=lab_page.menu("rules"),
                       visible=lab_page.box("visible").input_value(),
                       max_draws=lab_page.readout())
    lab_page.says(mirror.table_html)
    counts = parse(mirror.hand_text.value)
    lab_page.check_faces(counts)
    lab_page.widget.locator("img").wait_for(timeout=ANSWER_MS)  # the chart
    first = min(t for t in range(34) if counts[t])
    free = next(t for t in (27, 0, 9, 18) if counts[t] < 4)
    steps = [  # (in JupyterLab, here, what the table then says)
        (lambda: lab_page.hand_face(first).click(), lambda: mirror.remove(first), "hand"),
        (lambda: lab_page.picker(tile_name(free)).click(), lambda: mirror.add(free), "hand"),
        (lambda: lab_page.type_into("hand", "1112z8z"), lambda: mirror.set_hand("1112z8z"),
         "8z is not a tile"),
        # the chapter's chart is Poyang's: riichi is a change the last table shows
        (lambda: lab_page.box("rules").select_option("riichi"),
         lambda: mirror.set_rules("riichi"), "8z is not a tile"),
        (lambda: lab_page.choose("mj-wild-picker", "7z 红中"), lambda: mirror.set_wild("7z"),
         "8z is not a tile"),
        (lambda: lab_page.type_into("hand", "123456789m1112p"),
         lambda: mirror.set_hand("123456789m1112p"), "rules</b>: riichi, 7z wild")]
    drive(lab_page, steps, lambda: mirror.table_html)
    assert mirror.figure is not None
    lab_page.widget.locator("img").wait_for(timeout=ANSWER_MS)  # the chart is back
    lab_page.shows_hand(parse("123456789m1112p"))
    lab_page.finish()


BIG = "11223344556677m"  # seven pairs in one suit: more fan than the default cap


def test_score_calculator_in_jupyterlab(lab_page: Lab, lab: str) -> None:
    capped = ScoreCalculator(BIG, win_tile="7m")
    before = capped.panel_html
    capped.set_cap(None)
    assert capped.panel_html != before  # the cap step below changes what the panel says
    run_chapter(lab_page, lab, "ScoreCalculator")
    boxes = lab_page.widget.locator(".widget-checkbox input")
    expect(boxes).to_have_count(len(SCORE_FLAGS), timeout=ANSWER_MS)
    checked = {flag: box.is_checked() for flag, box in zip(SCORE_FLAGS, boxes.all(),
                                                          strict=True)}
    mirror = ScoreCalculator(lab_page.box("hand").input_value(),
                             win_tile=lab_page.box("win tile").input_value(),
                             melds=lab_page.box("melds").input_value(), **checked)
    mirror.set_seats(int(lab_page.menu("winner")), int(lab_page.menu("discarder")))
    lab_page.says(mirror.panel_html)
    hand = mirror.hand_text.value
    lab_page.check_faces(parse(hand))
    win = tile_index(mirror.win_text.value)
    steps = [  # (in JupyterLab, here, what the panel then says)
        (lambda: lab_page.hand_face(win).click(), lambda: mirror.remove(win), "mj-message"),
        (lambda: lab_page.picker(tile_name(win)).click(), lambda: mirror.add(win), "points"),
        (lambda: lab_page.box("自摸 self-draw").click(),
         lambda: mirror.set_flag("self_draw", not checked["self_draw"]), "points"),
        (lambda: lab_page.type_into("hand", "1112z8z"), lambda: mirror.set_hand("1112z8z"),
         "8z is not a tile"),
        # a hand over the cap (the chapter's scores 6 fan, the cap itself), so that lifting
        # the cap changes the points
        (lambda: lab_page.type_into("hand", BIG), lambda: mirror.set_hand(BIG),
         "is not in the hand"),
        (lambda: lab_page.type_into("win tile", "7m"), lambda: mirror.set_win_tile("7m"),
         "points"),
        (lambda: lab_page.box("cap").select_option("no cap"), lambda: mirror.set_cap(None),
         "points"),
        (lambda: lab_page.choose("mj-wild-picker", "7z 红中"), lambda: mirror.set_wild("7z"),
         "硬胡")]
    drive(lab_page, steps, lambda: mirror.panel_html,
          lambda said: parse(hand) if said == "8z is not a tile"
          else parse(mirror.hand_text.value))
    assert mirror.rules.cap is None
    lab_page.finish()


def test_seats_advisor_in_jupyterlab(lab_page: Lab, lab: str) -> None:
    run_chapter(lab_page, lab, "SeatsAdvisor")
    seats = {label: mode for mode, label in SEATS_LABELS.items()}[lab_page.toggled(0)]
    goal = {label: goal for goal, label in GOAL_LABELS.items()}[lab_page.toggled(1)]
    assert lab_page.toggled(2) == "left 上家"
    mirror = SeatsAdvisor(lab_page.box("hand").input_value(), rules=lab_page.menu("rules"),
                          visible=lab_page.box("visible").input_value(), seats=seats,
                          draws=lab_page.readout("turns"),
                          objective=goal)
    lab_page.says(mirror.panel_html)
    lab_page.check_faces(mirror.counts)
    throw = tile_index("9p")
    assert mirror.counts[throw] and sum(mirror.counts) == 14
    steps = [  # (in JupyterLab, here, what the panel then says)
        (lambda: lab_page.hand_face(throw).click(), lambda: mirror.remove(throw),
         "Pick a tile"),
        (lambda: lab_page.choose("mj-claim-picker", "9s 九条"), lambda: mirror.set_claim("9s"),
         "吃 chi"),
        (lambda: lab_page.toggle(GOAL_LABELS["points"]),
         lambda: mirror.set_objective("points"), "best first by expected points"),
        (lambda: lab_page.toggle(GOAL_LABELS["win"]), lambda: mirror.set_objective("win"),
         "吃 chi"),
        (lambda: lab_page.toggle("right 下家"), lambda: mirror.set_seat("right"), "No 吃"),
        (lambda: lab_page.widget.get_by_role("checkbox", name="others race too").check(),
         lambda: mirror.set_opponents(True), "winning before anyone else"),
        (lambda: lab_page.widget.get_by_role("checkbox", name="others race too").uncheck(),
         lambda: mirror.set_opponents(False), "No 吃"),
        (lambda: lab_page.choose("mj-claim-picker", "no claim"),
         lambda: mirror.set_claim(None), "Pick a tile"),
        (lambda: lab_page.toggle(SEATS_LABELS["alone"]), lambda: mirror.set_seats("alone"),
         "best alone first"),
        (lambda: lab_page.press_with_keyboard("9p"), lambda: mirror.add(throw),
         "best alone first"),
        (lambda: lab_page.type_into("hand", "1112z8z"), lambda: mirror.set_hand("1112z8z"),
         "8z is not a tile"),
        (lambda: lab_page.choose("mj-wild-picker", "7z 红中"), lambda: mirror.set_wild("7z"),
         "7z wild"),
        (lambda: lab_page.toggle(SEATS_LABELS["discard_wins"]),
         lambda: mirror.set_seats("discard_wins"), "under wild rules")]
    drive(lab_page, steps, lambda: mirror.panel_html, lambda _: mirror.counts)
    assert mirror.hand_text.value == "1112z8z" and sum(mirror.counts) == 14
    lab_page.finish()


# What of a widget's output is too wide for it: ``cut``, the outermost parts that stick out
# on the right, but for those in a box that scrolls sideways; ``sideways``, the boxes that
# scroll sideways (ipywidgets' boxes do, rather than cut off what is too wide for them),
# each as its tag and classes.  Only a panel (an HTML widget) holding a table may scroll.
TOO_WIDE = """output => {
    const right = output.getBoundingClientRect().right + 0.5;
    const past = el => el.getBoundingClientRect().right > right;
    const sideways = el => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)
        && el.scrollWidth > el.clientWidth + 1;
    const scrolled = el => {
        for (let up = el.parentElement; up !== output; up = up.parentElement) {
            if (sideways(up)) return true;
        }
        return false;
    };
    const name = el => [el.tagName.toLowerCase(), ...el.classList].join('.');
    const all = [...output.querySelectorAll('*')];
    return {
        cut: all.filter(el => past(el) && !past(el.parentElement) && !scrolled(el)).map(name),
        sideways: all.filter(sideways).map(
            el => el.matches('.widget-html') && el.querySelector('table') ? 'panel' : name(el)),
    };
}"""
SIDEWAYS = "el => el.scrollWidth > el.clientWidth"


def picker_rows(output) -> list[list[int]]:
    """How many faces each row of an output's picker holds, suit by suit (m, p, s, honours)."""
    return output.locator(".mj-picker .mj-suit").evaluate_all(ROWS_OF_TILES)


def test_widgets_fit_a_narrow_column(lab_page: Lab, lab: str) -> None:
    """In a window :data:`NARROW_PX` wide, the four widgets fit the notebook's column: no
    part of one is cut off at the right (a wide table scrolls sideways in its panel's box),
    the notebook does not scroll sideways, and the controls still work: riichi rules chosen
    and a hand typed with 13 waits (a long row of tiles), and a win tile typed, update their
    panels, which still fit."""
    page = lab_page.page
    wide = page.viewport_size
    lab_page.run_all(lab.format(name=NARROW), len(NARROW_CELLS))
    page.set_viewport_size({"width": NARROW_PX, "height": wide["height"]})
    try:
        side = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
        side.click()  # the file browser closes: the notebook has the window's width
        expect(side).to_have_count(0, timeout=ANSWER_MS)
        page.wait_for_function(f"""() => document.querySelector('{NOTEBOOK}')
            .getBoundingClientRect().width <= {NARROW_PX}""", timeout=ANSWER_MS)
        outputs = page.locator(OUTPUT).filter(has=page.locator(".mj-picker"))
        expect(outputs).to_have_count(len(NARROW_CELLS) - 1, timeout=ANSWER_MS)
        editor, chart, calc, advisor = outputs.all()
        # a suit's nine faces fit a row no more (38 px each in 274 px): 1-5 over 6-9, and
        # the seven honours still one row; never a face alone on a row
        for output in outputs.all():
            expect(output.locator(".mj-picker .mj-suit")).to_have_count(4)
            assert picker_rows(output) == [[5, 4]] * 3 + [[7]]
        for output in (editor, calc, advisor):  # each panel drawn
            expect(output.locator(".widget-html-content").last).to_contain_text(
                "hand", timeout=ANSWER_MS)
        expect(chart.locator("img")).to_have_count(1, timeout=ANSWER_MS)
        notebook = page.locator(f"{NOTEBOOK} .jp-WindowedPanel-outer")  # what scrolls

        def fits() -> None:
            for widget, output in zip(NARROW_CELLS[1:], outputs.all(), strict=True):
                shown = output.evaluate(TOO_WIDE)
                assert shown["cut"] == [] and set(shown["sideways"]) <= {"panel"}, (widget,
                                                                                   shown)
            assert not notebook.evaluate(SIDEWAYS)
            assert not page.evaluate(f"() => ({SIDEWAYS})(document.scrollingElement)")

        fits()
        # the four-seat table is wider than the column: it scrolls in the panel's box
        assert advisor.evaluate(TOO_WIDE)["sideways"] == ["panel"]
        lab_page.widget = editor
        mirror = HandEditor()
        lab_page.box("rules").select_option("riichi")
        mirror.set_rules("riichi")
        lab_page.type_into("hand", "19m19p19s1234567z")
        mirror.set_hand("19m19p19s1234567z")
        assert "on 13 waits" in mirror.analysis_html
        lab_page.says(mirror.analysis_html)
        lab_page.widget = calc
        scored = ScoreCalculator()
        lab_page.type_into("win tile", "4s")
        scored.set_win_tile("4s")
        assert "<b>win tile</b>: <code>4s</code>" in scored.panel_html
        lab_page.says(scored.panel_html)
        fits()
    finally:
        page.set_viewport_size(wide)
    lab_page.finish()
