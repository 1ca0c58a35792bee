"""Shared fixtures: the built site served on 127.0.0.1 for the browser test."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def missing(reason: str) -> None:
    """Skip a test whose prerequisite is absent, but fail it under CI=true."""
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


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Serve the site from a free port on 127.0.0.1 for the session."""
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
