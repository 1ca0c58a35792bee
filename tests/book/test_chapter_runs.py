"""tests/chapter_runs.py: nbval compares a chapter's stored outputs with the book build's run.

A small notebook and a jupyter-cache holding a "run" of it made by hand (no kernel
is started anywhere here): nbval passes when the stored outputs equal the run's,
fails when they differ or when the run raised, and fails when the cache has no run
of the notebook's current cells.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from jupyter_cache import get_cache
from jupyter_cache.base import CacheBundleIn

TESTS = Path(__file__).resolve().parents[1]  # tests/, where chapter_runs.py is


def notebook(outputs: list[list]) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    for i, outs in enumerate(outputs):
        cell = nbformat.v4.new_code_cell(f"print({i})", execution_count=i + 1)
        cell.outputs = outs
        nb.cells.append(cell)
    return nb


def stream(text: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_output("stream", name="stdout", text=text)


def run_nbval(tmp_path: Path, stored: nbformat.NotebookNode,
              ran: nbformat.NotebookNode | None) -> subprocess.CompletedProcess:
    path = tmp_path / "chapter.ipynb"
    nbformat.write(stored, path)
    cache = tmp_path / "cache"
    if ran is not None:
        get_cache(str(cache)).cache_notebook_bundle(CacheBundleIn(ran, str(path)),
                                                    check_validity=False, overwrite=True)
    # nbval and the plugin under test only: the other installed plugins (hypothesis, xdist,
    # ...) would cost each run seconds of imports
    env = {**os.environ, "MJ_CHAPTER_RUNS": str(cache), "PYTHONPATH": str(TESTS),
           "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "nbval", "-p", "chapter_runs",
         "-p", "no:cacheprovider", "--nbval", "--rootdir", str(tmp_path), str(path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_equal_outputs_pass_without_a_kernel(tmp_path):
    outs = [[stream("0\n")], [stream("1\n")]]
    done = run_nbval(tmp_path, notebook(outs), notebook(outs))
    assert done.returncode == 0, done.stdout
    assert "2 passed" in done.stdout


def test_a_different_output_fails_that_cell(tmp_path):
    done = run_nbval(tmp_path, notebook([[stream("0\n")], [stream("1\n")]]),
                     notebook([[stream("0\n")], [stream("one\n")]]))
    assert done.returncode == 1
    assert "1 failed, 1 passed" in done.stdout and "Cell outputs differ" in done.stdout


def test_a_run_that_raised_fails(tmp_path):
    error = nbformat.v4.new_output("error", ename="ValueError", evalue="x",
                                   traceback=["ValueError: x"])
    done = run_nbval(tmp_path, notebook([[stream("0\n")]]), notebook([[error]]))
    assert done.returncode == 1 and "caused an exception" in done.stdout


@pytest.mark.parametrize("ran", [None, "other cells"])
def test_no_run_of_the_current_cells_fails(tmp_path, ran):
    stored = notebook([[stream("0\n")]])
    other = None
    if ran:
        other = notebook([[stream("0\n")]])
        other.cells[0].source = "print('changed')"
    done = run_nbval(tmp_path, stored, other)
    assert done.returncode == 1
    assert "no run of its current cells" in done.stdout
