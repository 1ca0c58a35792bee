"""When the analyzer page shows each column for the published hand, in headless chromium.

    python bench/page_time.py [SITE] [MODE ...]

SITE is a built site (default ``_build/html``, from ``make book``); each MODE is the
page's seats menu as its address takes it (``off``, ``1`` for wins on discards, ``calls``;
default ``calls off``).  For each mode the page is opened on a warm-up hand (so the
workers have started), then 234578m1689p357s1z (Poyang rules) is typed in, and the page's
own state is polled every 20 ms from the quick answer on: the seconds until the first
four-seat cell is filled (``firstFour``) and until each slow column is done or failed
(``fourChances``, ``fourPoints``, ``chances``, ``points``).  Not part of ``make bench``:
it needs the built site and chromium, and times the page as a reader meets it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
HAND = "234578m1689p357s1z"
WARM_UP = "12389m456p78s9p11z4z"  # no 7m: its table is told apart from HAND's
PORT = 8767

WATCH = """
() => new Promise((resolve) => {
  const t0 = performance.now();
  const seen = {};
  const root = document.querySelector(".mj-analyzer");
  const tick = () => {
    const now = (performance.now() - t0) / 1000;
    const filled = [...document.querySelectorAll("td.mj-az-four")]
      .filter((c) => c.dataset.win !== undefined).length;
    if (filled && !seen.firstFour) seen.firstFour = now;
    for (const key of ["fourChances", "fourPoints", "chances", "points"]) {
      if (["done", "failed"].includes(root.dataset[key]) && !seen[key]) seen[key] = now;
    }
    const over = (key) => seen[key] || root.dataset[key] === undefined;
    if (seen.chances && over("points") && over("fourChances") && over("fourPoints")) {
      resolve(seen);
    } else {
      setTimeout(tick, 20);
    }
  };
  tick();
})
"""


def main(site: str = "_build/html", modes: tuple[str, ...] = ("calls", "off")) -> None:
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(PORT), "-d", site],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            page = browser.new_page()
            for mode in modes:
                page.goto(f"http://127.0.0.1:{PORT}/book/analyzer.html?hand={WARM_UP}&fs={mode}")
                page.wait_for_function("document.querySelector('.mj-analyzer').dataset.state"
                                       " === 'ready'", timeout=60000)
                page.wait_for_function("document.querySelectorAll('.mj-az-discards tbody tr')"
                                       ".length > 0", timeout=60000)
                page.evaluate(WATCH)  # the warm-up hand's columns, all of them
                page.fill(".mj-analyzer .mj-az-hand-input", HAND)
                page.press(".mj-analyzer .mj-az-hand-input", "Enter")
                page.wait_for_function("document.querySelector('.mj-az-discards tbody "
                                       "tr[data-tile=\"7m\"]') !== null", timeout=60000)
                shown = page.evaluate(WATCH)
                print(mode, json.dumps({k: round(v, 2) for k, v in shown.items()}))
            browser.close()
    finally:
        server.kill()


MODES = ("off", "1", "calls")

if __name__ == "__main__":
    args = sys.argv[1:]
    site = args.pop(0) if args and Path(args[0]).is_dir() else "_build/html"
    wrong = [a for a in args if a not in MODES]
    problem = (f"unknown mode {wrong[0]!r}: one of {', '.join(MODES)}" if wrong else
               None if (Path(site) / "book" / "analyzer.html").is_file() else
               f"no analyzer page in {site} (make book builds it)")
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        sys.exit(2)
    main(site, tuple(args) or ("calls", "off"))
