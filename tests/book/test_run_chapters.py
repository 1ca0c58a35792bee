"""tools/run_chapters.py orders the chapters' runs by how long each took, the longest
first: every chapter must be in its table, or a new long chapter could start last."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import run_chapters  # noqa: E402


def test_every_chapter_has_its_run_time():
    assert {p.stem for p in run_chapters.chapters()} == set(run_chapters.SECONDS)


def test_the_longest_runs_first_and_an_unknown_chapter_before_all():
    paths = [Path(f"{name}.ipynb") for name in ("01_encoding", "new", "09_counting",
                                                 "07_four_seats")]
    order = [p.stem for p in run_chapters.longest_first(paths)]
    assert order == ["new", "09_counting", "07_four_seats", "01_encoding"]
