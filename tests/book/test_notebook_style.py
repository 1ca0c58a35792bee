"""Code in the chapters fits the page: no code line longer than 80 characters; and the
chapters' stored outputs are the same on every run (no memory address in any of them)
and carry no widget state (the site has no widget manager to read it).

The site shows 80 characters of code uncut at a common laptop width;
longer lines are clipped behind a scroll bar.  Every notebook is found by
glob (the chapters and the MyST notebooks among the book pages), never
listed by hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAX_WIDTH = 80

NOTEBOOKS = sorted(ROOT.glob("notebooks/*.ipynb"))
MYST_NOTEBOOKS = sorted(p for p in ROOT.glob("book/*.md")
                        if "\nkernelspec:" in p.read_text(encoding="utf-8").split("\n---", 1)[0])


def ipynb_code_lines(path: Path) -> list[tuple[str, str]]:
    """(where, line) for every line of every code cell: where is 'cell N line M'."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [(f"cell {i} line {j}", line)
            for i, cell in enumerate(cells) if cell["cell_type"] == "code"
            for j, line in enumerate("".join(cell["source"]).split("\n"), start=1)]


def myst_code_lines(path: Path) -> list[tuple[str, str]]:
    """(where, line) for every line inside a {code-cell} block: where is 'line N'."""
    found, inside = [], False
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if re.match(r"^```\{code-cell\}", line):
            inside = True
        elif inside and line.startswith("```"):
            inside = False
        elif inside:
            found.append((f"line {n}", line))
    return found


def too_wide(lines: list[tuple[str, str]]) -> list[str]:
    return [f"{where} ({len(line)} chars): {line.strip()[:60]}"
            for where, line in lines if len(line) > MAX_WIDTH]


def test_the_glob_finds_the_chapters_and_the_book_notebooks():
    assert len(NOTEBOOKS) >= 7
    assert {p.name for p in MYST_NOTEBOOKS} >= {"intro.md", "errata.md"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_code_lines_fit_the_page(path):
    wide = too_wide(ipynb_code_lines(path))
    assert not wide, f"{path.name}: {len(wide)} code lines over {MAX_WIDTH}:\n" + "\n".join(wide)


@pytest.mark.parametrize("path", MYST_NOTEBOOKS, ids=lambda p: p.name)
def test_book_page_code_lines_fit_the_page(path):
    wide = too_wide(myst_code_lines(path))
    assert not wide, f"{path.name}: {len(wide)} code lines over {MAX_WIDTH}:\n" + "\n".join(wide)


# Python's default repr of an object, "<pandas.io.formats.style.Styler at 0x7f0de0621a90>"
ADDRESS = re.compile(r"<[^<>\n]* at 0x[0-9a-fA-F]+>")


def stored_addresses(path: Path) -> list[str]:
    """'cell N: repr' for every default repr (with its memory address) in the stored outputs."""
    found = []
    for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        for output in cell.get("outputs", []):
            texts = [output.get("text", ""), *output.get("data", {}).values()]
            for text in texts:
                text = "".join(text) if isinstance(text, list) else str(text)
                found += [f"cell {i}: {m}" for m in ADDRESS.findall(text)]
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_outputs_hold_no_memory_address(path):
    found = stored_addresses(path)
    assert not found, f"{path.name}: {len(found)} outputs differ from run to run:\n" + "\n".join(
        found[:10])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_chapters_store_no_widget_state(path):
    """The site loads no widget manager (``nb_ipywidgets_js`` is empty in _config.yml), so a
    stored widget state would only add its weight (hundreds of kB) to the page."""
    assert "widgets" not in json.loads(path.read_text(encoding="utf-8"))["metadata"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_chapters_store_no_execution_timestamps(path):
    """``make chapters`` runs nbconvert with ``record_timing=False``: a cell's stored
    execution times would change on every run, so each re-run would touch every cell."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    timed = [i for i, cell in enumerate(cells) if "execution" in cell.get("metadata", {})]
    assert not timed, f"{path.name}: cells {timed[:10]} store execution timestamps"


def test_the_address_pattern_finds_a_default_repr(tmp_path):
    notebook = tmp_path / "n.ipynb"
    notebook.write_text(json.dumps({"cells": [{"cell_type": "code", "source": [], "outputs": [
        {"output_type": "execute_result", "data": {
            "text/plain": ["<pandas.io.formats.style.Styler at 0x7f0de0621a90>"]}},
        {"output_type": "stream", "name": "stdout", "text": "mask 0x3ff, <table of 2 rows>"}]}]}))
    assert stored_addresses(notebook) == ["cell 0: <pandas.io.formats.style.Styler at "
                                          "0x7f0de0621a90>"]


def test_too_wide_catches_a_long_line():
    assert too_wide([("x", "a" * 81), ("y", "b" * 80)]) == [f"x (81 chars): {'a' * 60}"]
