"""What every test shares: the oracles' path, one hypothesis profile, and the browser tests'
fixtures (the built site on 127.0.0.1 and an offline chromium)."""

from __future__ import annotations

import functools
import http.server
import itertools
import os
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlparse

import chapter_runs  # noqa: F401  (nbval compares the chapters with the book build's runs)
import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent

# The tests are grouped as the package is (tests/hand/, tests/play/, ...); the brute-force
# oracles they hold mjcore against live apart, in tests/oracles/, imported by name
# (``import bestplay_oracle``) from any group.
sys.path.insert(0, str(Path(__file__).resolve().parent / "oracles"))

# Property tests run the same examples on every run and never time one: no deadline, no
# health check that measures how long generating took (both depend on the machine's load),
# no example database carried from one run to the next.
settings.register_profile("mjcore", derandomize=True, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("mjcore")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--hands", type=int, default=100_000,
                     help="seeded hands compared with xiangting (make verify: 1,000,000)")


# Under pytest-xdist's --dist loadfile (make test) each file's tests go to one worker.  A
# module's doctests go with its test file (mjcore/bulk/counting.py with
# tests/bulk/test_counting.py), and the files in SAME_WORKER with the file named, so the
# tables and brute-force cases they both build (cached for a process's life) are built in
# one process, not two: counting's doctests and tests took 61 s together against 105 s
# apart.
SAME_WORKER = {"tests/play/test_race.py": "tests/play/test_fourseat.py"}  # _oracle_cases


def worker_group(path: str) -> str:
    """The group of tests that share a worker with the file ``path`` (relative to the root).

    >>> worker_group("mjcore/bulk/counting.py"), worker_group("mjcore/cli.py")
    ('tests/bulk/test_counting.py', 'mjcore/cli.py')
    """
    parts = path.split("/")
    if parts[0] == "mjcore" and len(parts) == 3:
        tests = f"tests/{parts[1]}/test_{parts[2]}"
        if (ROOT / tests).is_file():
            return tests
    return SAME_WORKER.get(path, path)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SharedCaches(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return worker_group(nodeid.split("::", 1)[0])

    return SharedCaches(config, log)


def missing(reason: str) -> None:
    """Skip a test whose prerequisite is absent, but fail it under ``make test`` or CI=true.

    ``make test`` sets MJ_MAKE_TEST=1 after installing or checking every
    prerequisite (tools/system-packages.sh) and building the book, so there
    a missing one is a failure; a bare ``pytest`` skips.
    """
    if os.environ.get("MJ_MAKE_TEST") == "1":
        pytest.fail(f"{reason} (under make test, MJ_MAKE_TEST=1, this is a failure, not a skip)")
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true, so this is a failure, not a skip)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built HTML: $MJ_SITE_DIR, or _build/html after `make book`."""
    path = Path(os.environ.get("MJ_SITE_DIR", ROOT / "_build" / "html"))
    if not (path / "index.html").is_file():
        missing(f"no built site at {path}: run `make book` first")
    return path


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


class _Server(http.server.ThreadingHTTPServer):
    """Quiet about a browser that drops a download (the analyzer stops a worker mid-start)."""

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Serve the site from a free port on 127.0.0.1 for the session."""
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


CHROMIUM = os.environ.get("MJ_CHROMIUM", "/usr/bin/chromium")  # make test passes $(CHROMIUM)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Offline: every request leaving the machine goes to a proxy that is not there (port 9,
    # discard, which nothing serves) and fails at once; 127.0.0.1 bypasses proxies.  Unlike
    # intercepting every request (Playwright's route), this keeps the browser's cache, so a
    # page opened again in the same profile (_Profiles) compiles Pyodide's WebAssembly from
    # its code cache, not anew.
    "--proxy-server=http://127.0.0.1:9",
]


class OfflinePage:
    """A chromium page (launched with :data:`CHROMIUM_ARGS`, which send every request
    leaving 127.0.0.1 to a proxy that is not there) that records every request.

    ``external`` lists the requests that left 127.0.0.1 (they failed), ``errors`` script
    errors, ``console`` the errors logged in the console (a resource that failed to load,
    a script's ``console.error``) and ``requests`` the local paths fetched (from the
    network or the cache), each since the last :meth:`open`.
    """

    def __init__(self, page) -> None:
        self.page = page
        self.external: list[str] = []
        self.errors: list[str] = []
        self.console: list[str] = []
        self.requests: list[str] = []
        page.context.on("request", self._record)  # the page's and its workers'
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("console", lambda message: self.console.append(
            f"{message.text} ({message.location.get('url', '')})")
            if message.type == "error" else None)

    def _record(self, request) -> None:
        url = request.url
        parsed = urlparse(url)
        if parsed.scheme in ("http", "https", "ws", "wss") and parsed.hostname != "127.0.0.1":
            self.external.append(url)
        else:
            self.requests.append(parsed.path)

    def open(self, url: str) -> None:
        self.external.clear()
        self.errors.clear()
        self.console.clear()
        self.requests.clear()
        response = self.page.goto(url, wait_until="load")
        assert response is not None and response.ok, f"{url}: HTTP {response and response.status}"


class _Profiles:
    """Chromium profile folders for one test process, each used by one chromium at a time
    and then by the next.  A profile keeps the WebAssembly that chromium compiled, as a
    private window (a context of one browser) does not: on the second and later opens of
    the analyzer Python started in 1.1-1.2 s against 1.7-2.1 s, eight opens took 24 s of
    the machine's CPU against 32-34 s, and the analyzer's browser file 97-105 s against
    127-128 s.  It keeps the site's files too (the HTTP cache), which do not change while
    the tests run; the site itself stores nothing in the browser."""

    def __init__(self, root: Path) -> None:
        self.free: list[Path] = []
        self.new = (root / f"profile{n}" for n in itertools.count())

    def launch(self, playwright, **options: object):
        """A chromium of its own (a persistent context, ``options`` as a context takes
        them) in a free profile folder, which it gives back when closed."""
        folder = self.free.pop() if self.free else next(self.new)
        context = playwright.chromium.launch_persistent_context(
            folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS, **options)
        context.on("close", lambda _: self.free.append(folder))
        return context


@pytest.fixture(scope="session")
def profiles(tmp_path_factory) -> Iterator[_Profiles]:
    root = tmp_path_factory.mktemp("chromium")
    yield _Profiles(root)
    shutil.rmtree(root, ignore_errors=True)  # 60-200 MB


@pytest.fixture(scope="module")
def playwright() -> Iterator[object]:
    """Playwright, for a test module, to drive Debian's chromium (never a downloaded
    browser)."""
    if not os.access(CHROMIUM, os.X_OK):
        missing(f"{CHROMIUM} not found: apt-get install chromium (make test installs it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright is not installed: pip install -r requirements.txt")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def chromium(playwright, profiles: _Profiles) -> Iterator[SimpleNamespace]:
    """Chromium for a test module: ``chromium.new_context(**options)`` launches one with
    :data:`CHROMIUM_ARGS` in a profile of :class:`_Profiles`; each test makes the contexts
    and pages it needs, and closes them."""
    opened: list = []

    def new_context(**options: object):
        opened.append(profiles.launch(playwright, **options))
        return opened[-1]

    try:
        yield SimpleNamespace(new_context=new_context)
    finally:
        for context in opened:
            context.close()  # a second close does nothing


@pytest.fixture(scope="module")
def chromium_page(chromium) -> Iterator[object]:
    """A fresh Playwright page in :func:`chromium`, 1400 x 900."""
    context = chromium.new_context(viewport={"width": 1400, "height": 900})
    yield context.pages[0] if context.pages else context.new_page()


ROWS_OF_TILES = """rows => rows.map(row => {
    const lines = new Map();
    for (const tile of row.children) {
        const top = Math.round(tile.getBoundingClientRect().top);
        lines.set(top, (lines.get(top) || 0) + 1);
    }
    return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
})"""
"""JavaScript: for each element of ``rows`` (a tile picker's suits), how many of its children
(tiles) stand on each line it wraps onto, top to bottom."""


def chosen_face(choice) -> str:
    """The tile a :class:`mjcore.view.widgets.TileChoice` shows as chosen, as its buttons
    show it: "7z", or "" for its none button.  Exactly one button is marked, by its ring,
    its class and "(chosen)" in its name, and its value agrees."""
    buttons = [choice.none_button, *choice.tile_buttons]
    marked = [b for b in buttons if b.button_style == "warning"]
    assert len(marked) == 1, [b.description for b in marked]
    [button] = marked
    assert "mj-chosen" in button._dom_classes and button.description.endswith(" (chosen)")
    assert "chosen" in button.tooltip
    assert [b for b in buttons if "(chosen)" in b.description or "mj-chosen" in b._dom_classes
            ] == [button]
    name = "" if button is choice.none_button else button.description.split()[0]
    assert choice.value == (None if button is choice.none_button
                            else choice.tile_buttons.index(button))
    return name
