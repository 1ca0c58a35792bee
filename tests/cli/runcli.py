"""How the command-line tests run ``python -m mjcore``, and what a bad call must print.

:func:`run` calls :func:`mjcore.cli.main` in the test's own process, with its output
written to a terminal-like stream of the given encoding: the same parser, the same
lines and exit status, without the quarter second a new Python takes to start and
import mjcore (the command-line tests make about two hundred calls).
``process=True`` starts ``python -m mjcore`` as a user does, for what only a new
process shows: the installed package, the terminal's own encoding, ``sys.argv``.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

from mjcore.cli import main


def run(*args: str, process: bool = False, cwd=None, encoding: str = "utf-8",
        **env: str) -> subprocess.CompletedProcess:
    """``python -m mjcore ARGS``: its exit status and what it wrote, read in ``encoding``
    (the terminal's).  In this process unless ``process``; ``cwd`` and ``env`` (variables
    for the new process) ask for one."""
    if process or cwd is not None or env:
        done = subprocess.run(
            [sys.executable, "-m", "mjcore", *args], capture_output=True, cwd=cwd, timeout=120,
            env={**os.environ, "PYTHONIOENCODING": encoding, "PYTHONUTF8": "0", **env})
        return subprocess.CompletedProcess(done.args, done.returncode,
                                           done.stdout.decode(encoding),
                                           done.stderr.decode(encoding))
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict",
                                 newline="\n") for _ in range(2))
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    written = []
    for stream in (out, err):
        stream.flush()
        written.append(stream.buffer.getvalue().decode(encoding))
    return subprocess.CompletedProcess(["python", "-m", "mjcore", *args], code, *written)


def assert_one_error_line(done: subprocess.CompletedProcess, names: str) -> None:
    """Exit status 2, nothing on stdout, and exactly one ``error:`` line naming ``names``,
    never a traceback."""
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ") and names in lines[0], lines[0]
