"""The README's examples run: its Python session as a doctest, its commands as a CLI call."""

from __future__ import annotations

import doctest
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_examples() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "README", str(README), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.tries >= 3 and runner.failures == 0


COMMANDS = re.findall(r"^python -m mjcore .*$", README.read_text(encoding="utf-8"), re.M)


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_commands(command: str) -> None:
    args = shlex.split(command)[1:]
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_readme_lists_commands() -> None:
    assert len(COMMANDS) >= 3


def test_readme_figures_are_the_summary_of_the_recorded_runs() -> None:
    """The table under "Measured" is what bench/summary.py prints from bench/runs.jsonl."""
    sys.path.insert(0, str(README.parent / "bench"))
    try:
        import summary
    finally:
        sys.path.pop(0)
    text = README.read_text(encoding="utf-8")
    shown = re.search(r"<!-- bench/summary.py -->\n(.*?)\n<!-- end bench/summary.py -->",
                      text, re.S)
    assert shown is not None
    assert shown.group(1) == summary.table()


def test_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8")) <= 10_000
