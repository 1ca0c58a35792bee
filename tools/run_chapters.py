"""Run the chapters for the book build, each once, two at a time, into its cache.

    python tools/run_chapters.py [--jobs N]

``make book`` calls this before ``jupyter-book build``.  The build executes
notebooks through myst-nb's jupyter-cache (``execute_notebooks: cache`` in
_config.yml), which keys a run by the notebook's code cells only.  This script

1. empties that cache when the code a chapter runs has changed since the cache was
   filled (mjcore's sources and tables, the data files ``make games`` writes, the
   pinned packages: their digest is kept beside the cache), so the site never shows
   outputs of older code;
2. runs every chapter whose cells have no run in the cache (and the site's other pages
   that run code, the errata and the introduction, which the English and the Chinese
   builds would otherwise both run at once), with the same function
   myst-nb uses (``single_nb_execution``, in the chapter's folder, errors fatal),
   ``--jobs`` at a time (default 2, this project's machines have two cores), the
   longest first (:data:`SECONDS`), and stores each run in the cache, where the build
   then finds it.

Under ``make test`` nbval compares the chapters' stored outputs with these same
runs (tests/chapter_runs.py), so every chapter is executed once per ``make test``.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "_build" / ".jupyter_cache"
DIGEST = ROOT / "_build" / ".jupyter_cache.code"
TIMEOUT = 600  # seconds a cell may take, as execute.timeout in _config.yml


def code_digest() -> str:
    """A digest of what the chapters' outputs depend on besides their own cells."""
    files = sorted(p for p in (ROOT / "mjcore").rglob("*") if p.suffix in (".py", ".bin"))
    files += sorted((ROOT / "notebooks" / "data").glob("*.csv"))  # what make games wrote
    files += [ROOT / "requirements.txt", ROOT / "pyproject.toml"]
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


SECONDS = {"01_encoding": 3.7, "02_greedy_vs_backtracking": 39.7, "03_special_hands": 11.5,
           "04_memoization_timings": 15.9, "05_waits_probability": 5.2, "06_best_play": 16.8,
           "07_four_seats": 28.8, "08_race": 21.9, "09_counting": 71.3,
           "10_poyang_scoring": 11.3, "11_wild_tiles": 18.1, "errata": 26.3, "intro": 1.9}
"""Each chapter's and page's run in seconds, as a fresh ``make test`` printed them on
2026-12-06 (two at a time, 2 cores, a slow host): only the order of the runs reads them,
the longest first, so that no long chapter starts last.  A chapter missing here runs
first."""


def chapters() -> list[Path]:
    """The chapters, then the site's other pages that run code (MyST notebooks such as the
    errata): run here with the chapters, not by the English and the Chinese builds, which
    start together and would each run them."""
    pages = [p for p in sorted((ROOT / "book").glob("*.md"))
             if "```{code-cell}" in p.read_text(encoding="utf-8")]
    return sorted((ROOT / "notebooks").glob("*.ipynb")) + pages


def read(path: Path | str):
    """A chapter or a page as the build reads it: a notebook."""
    import nbformat

    path = Path(path)
    if path.suffix == ".md":
        from myst_nb.core.read import read_myst_markdown_notebook

        return read_myst_markdown_notebook(path.read_text(encoding="utf-8"), path=path)
    return nbformat.read(path, as_version=4)


def longest_first(paths: list[Path]) -> list[Path]:
    """``paths`` in the order to run them: the longest known run first, the unknown ones
    before all (they may be long), ties by name."""
    return sorted(paths, key=lambda p: (-SECONDS.get(p.stem, float("inf")), p.name))


def run_one(path: str) -> tuple[str, float, str | None, str]:
    """Execute one chapter: (path, seconds, error or None, the executed notebook as JSON).

    The run is stored by the calling process, one at a time (the cache is one
    SQLite file)."""
    import nbformat
    from jupyter_cache.executors.utils import single_nb_execution

    nb = read(path)
    result = single_nb_execution(nb, cwd=str(Path(path).parent), timeout=TIMEOUT,
                                 allow_errors=False, meta_override=True)
    error = None if result.err is None else result.exc_string
    return path, result.time, error, nbformat.writes(nb)


def stale(paths: list[Path]) -> list[Path]:
    """The chapters whose current cells have no run in the cache."""
    from jupyter_cache import get_cache

    cache = get_cache(str(CACHE))
    out = []
    for path in paths:
        try:
            cache.match_cache_notebook(read(path))
        except KeyError:
            out.append(path)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="chapters run at once (1-8)")
    jobs = parser.parse_args().jobs
    if not 1 <= jobs <= 8:
        parser.error("--jobs must be 1-8")
    digest = code_digest()
    if not DIGEST.is_file() or DIGEST.read_text() != digest:
        shutil.rmtree(CACHE, ignore_errors=True)
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        DIGEST.write_text(digest)
    todo = longest_first(stale(chapters()))
    if not todo:
        print("chapters: every chapter's run is in the cache")
        return 0
    import nbformat
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    cache = get_cache(str(CACHE))
    start = time.perf_counter()
    failed = []
    with ProcessPoolExecutor(max_workers=min(jobs, len(todo))) as pool:
        for path, seconds, error, text in pool.map(run_one, map(str, todo)):
            name = Path(path).name
            print(f"chapters: {name} ran in {seconds:.1f} s" + (" and FAILED" if error else ""))
            if error:
                failed.append((name, error))
                continue
            cache.cache_notebook_bundle(
                CacheBundleIn(nbformat.reads(text, as_version=4), path,
                              data={"execution_seconds": seconds}),
                check_validity=False, overwrite=True)
    for name, error in failed:
        print(f"\n{name} failed:\n{error}", file=sys.stderr)
    print(f"chapters: {len(todo)} run in {time.perf_counter() - start:.1f} s, {jobs} at a time")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
