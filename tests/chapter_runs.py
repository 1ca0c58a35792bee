"""How the chapters are tested: nbval's comparison, on the book build's run of each.

``pytest --nbval`` runs every chapter in a kernel and compares each cell's fresh
outputs with the stored ones (after tests/sanitize.cfg).  ``make test`` has just
built the book, which ran every chapter once for the site (tools/run_chapters.py,
into the build's jupyter-cache), so it sets ``MJ_CHAPTER_RUNS`` to that cache and
nbval takes each cell's fresh outputs from that run instead of running the chapter
a second time.  Everything else is nbval's own: one test per cell, the same
sanitizers, markers (``# NBVAL_IGNORE_OUTPUT``) and comparison, and a cell whose run
raised fails.  A chapter whose current cells have no run in the cache fails too.

Without the variable, ``pytest --nbval`` runs the chapters itself, as usual.  This
module is imported by tests/conftest.py (a conftest.py beside the chapters would shadow
that one, which the tests import by name).
"""

from __future__ import annotations

import copy
import os

import nbformat
import pytest
from nbval.plugin import IPyNbCell, IPyNbFile, coalesce_streams

RUNS = os.environ.get("MJ_CHAPTER_RUNS")


def _setup_from_runs(self: IPyNbFile) -> None:
    """Instead of starting a kernel: the outputs of the book build's run of this chapter."""
    from jupyter_cache import get_cache

    self.setup_sanitize_files()
    stored = nbformat.read(str(self.fspath), as_version=4)
    try:
        _, ran = get_cache(RUNS).merge_match_into_notebook(stored)
    except KeyError:
        pytest.fail(f"{self.fspath.basename}: no run of its current cells in {RUNS} "
                    "(make book runs the chapters: tools/run_chapters.py)", pytrace=False)
    self.runs = [cell.outputs for cell in ran.cells if cell.cell_type == "code"]


def _runtest_from_runs(self: IPyNbCell) -> None:
    """nbval's runtest with the kernel's messages replaced by the run's outputs."""
    if self.options["skip"]:
        pytest.skip()
    outs = coalesce_streams(copy.deepcopy(self.parent.runs[self.cell_num]))
    self.test_outputs = outs
    for out in outs:
        if out.output_type == "error" and not self.options["check_exception"]:
            self.raise_cell_error("Cell execution caused an exception",
                                  "\n" + "\n".join(out.traceback))
    unrun = self.cell.execution_count is None
    if unrun and self.cell.outputs:
        self.raise_cell_error("Unrun reference cell has outputs")
    if self.options["check"] and not unrun:
        if not self.compare_outputs(outs, coalesce_streams(self.cell.outputs)):
            self.raise_cell_error("Cell outputs differ", "\n".join(self.comparison_traceback))


if RUNS:
    IPyNbFile.setup = _setup_from_runs
    IPyNbCell.runtest = _runtest_from_runs
