"""The setup logic of ``make book`` and ``make test`` on a machine without the system packages.

``tools/system-packages.sh`` runs here with a PATH holding only stubs:
``id`` (root or not), ``apt-get`` (records its arguments and, when told
to, "installs" a package by writing its stub), ``node``, ``npm`` and
``fc-list``.  Chromium is looked for at ``$CHROMIUM``, a path under the
test's temporary folder.  Nothing on the real machine is installed or
removed.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, missing

SCRIPT = ROOT / "tools" / "system-packages.sh"
SH = "/bin/sh"

APT_GET = f"""#!{sys.executable}
import os, sys
from pathlib import Path
with open(os.environ["STUB_LOG"], "a") as log:
    log.write(" ".join(sys.argv[1:]) + "\\n")
if sys.argv[1:2] == ["install"] and os.environ.get("STUB_APT_WORKS") == "1":
    bin_dir = Path(os.environ["STUB_BIN"])
    made = {{"chromium": Path(os.environ["CHROMIUM"]), "nodejs": bin_dir / "node",
             "npm": bin_dir / "npm", "fonts-noto-cjk": bin_dir / "fc-list"}}
    for name in sys.argv[2:]:
        if name in made:
            made[name].write_text(os.environ["STUB_" + name.replace("-", "_").upper()])
            made[name].chmod(0o755)
"""
STUBS = {
    "nodejs": "#!/bin/sh\necho v20.19.0\n",
    "npm": "#!/bin/sh\necho 10.8.2\n",
    "fonts-noto-cjk": "#!/bin/sh\necho 'Noto Sans CJK SC'\n",
    "chromium": "#!/bin/sh\necho Chromium 156\n",
}


class Machine:
    """A fake machine: a PATH of stubs, a chromium path, an apt-get log."""

    def __init__(self, tmp: Path) -> None:
        self.bin = tmp / "bin"
        self.bin.mkdir()
        self.chromium = tmp / "usr-bin" / "chromium"
        self.chromium.parent.mkdir()
        self.log = tmp / "apt.log"
        self.log.write_text("")
        self.env = {"PATH": str(self.bin), "STUB_LOG": str(self.log),
                    "STUB_BIN": str(self.bin), "CHROMIUM": str(self.chromium),
                    "PYTHON": sys.executable, "STUB_APT_WORKS": "1"}
        for name, text in STUBS.items():
            self.env["STUB_" + name.replace("-", "_").upper()] = text
        self.uid(0)

    def write(self, path: Path, text: str) -> None:
        path.write_text(text)
        path.chmod(path.stat().st_mode | stat.S_IXUSR)

    def uid(self, uid: int) -> None:
        self.write(self.bin / "id", f"#!/bin/sh\necho {uid}\n")

    def has(self, *packages: str) -> None:
        for name in packages:
            path = {"chromium": self.chromium, "nodejs": self.bin / "node",
                    "npm": self.bin / "npm", "fonts-noto-cjk": self.bin / "fc-list"}[name]
            self.write(path, STUBS[name])

    def apt(self) -> None:
        self.write(self.bin / "apt-get", APT_GET)

    def run(self, goal: str, *command: str) -> subprocess.CompletedProcess:
        argv = list(command) or [SH, str(SCRIPT), goal]
        return subprocess.run(argv, env=self.env, capture_output=True, text=True,
                              timeout=60, cwd=ROOT)

    def apt_calls(self) -> list[str]:
        return self.log.read_text().splitlines()


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    return Machine(tmp_path)


def test_nothing_to_do_when_everything_is_there(machine: Machine) -> None:
    machine.has("chromium", "nodejs", "npm", "fonts-noto-cjk")
    machine.apt()
    run = machine.run("test")
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")
    assert machine.apt_calls() == []


def test_root_with_apt_installs_what_is_missing(machine: Machine) -> None:
    machine.has("nodejs", "npm")
    machine.apt()
    run = machine.run("test")
    assert run.returncode == 0, run.stderr
    assert run.stdout == "make test: installing chromium fonts-noto-cjk (apt-get, as root)\n"
    assert machine.apt_calls() == ["update -qq", "install -y -qq chromium fonts-noto-cjk"]
    assert os.access(machine.chromium, os.X_OK)
    assert machine.run("test").stdout == ""  # installed: a second run does nothing


def test_make_book_needs_only_node_and_npm(machine: Machine) -> None:
    machine.apt()
    run = machine.run("book")
    assert run.returncode == 0, run.stderr
    assert machine.apt_calls() == ["update -qq", "install -y -qq nodejs npm"]
    assert not machine.chromium.exists()


def test_not_root_stops_with_one_line_naming_the_command(machine: Machine) -> None:
    machine.has("nodejs", "npm", "fonts-noto-cjk")
    machine.apt()
    machine.uid(1000)
    run = machine.run("test")
    assert run.returncode == 1
    assert run.stdout == ""
    assert run.stderr == ("error: make test needs chromium: run `sudo apt-get install -y "
                          "chromium`, then make test again\n")
    assert machine.apt_calls() == []
    assert f"\n```text\n{run.stderr}```\n" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_without_apt_get_names_the_packages(machine: Machine) -> None:
    run = machine.run("book")
    assert run.returncode == 1
    assert run.stderr == ("error: make book needs nodejs npm (Debian package names): install "
                          "them with your system's package manager, then run make book again\n")


def test_a_failed_install_stops_with_one_line(machine: Machine) -> None:
    machine.has("nodejs", "npm", "fonts-noto-cjk")
    machine.apt()
    machine.env["STUB_APT_WORKS"] = "0"
    run = machine.run("test")
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1
    assert run.stderr.startswith("error: apt-get install did not provide everything make test "
                                 "needs (still missing: chromium)")


def test_old_node_is_named(machine: Machine) -> None:
    machine.has("npm")
    machine.write(machine.bin / "node", "#!/bin/sh\necho v12.22.9\n")
    machine.apt()
    run = machine.run("book")
    assert run.returncode == 1
    assert run.stderr.startswith("error: make book needs Node.js 18 or newer and this "
                                 "machine has node v12.22.9")
    assert machine.apt_calls() == []


def test_python_without_venv_asks_for_python3_venv(machine: Machine) -> None:
    machine.has("nodejs", "npm")
    machine.write(machine.bin / "python3", "#!/bin/sh\nexit 1\n")  # no ensurepip
    machine.env["PYTHON"] = str(machine.bin / "python3")
    machine.uid(1000)
    machine.apt()
    run = machine.run("book")
    assert run.stderr == ("error: make book needs python3-venv: run `sudo apt-get install -y "
                          "python3-venv`, then make book again\n")


def test_make_test_stops_before_installing_anything(machine: Machine) -> None:
    """``make test`` runs the check first: nothing is built when a package is missing."""
    machine.has("nodejs", "npm", "fonts-noto-cjk")
    machine.apt()
    machine.uid(1000)
    make = "/usr/bin/make"
    if not os.access(make, os.X_OK):
        missing(f"{make} not found")
    run = machine.run("test", make, "--no-print-directory", "-C", str(ROOT), "test",
                      f"CHROMIUM={machine.chromium}", f"PYTHON={sys.executable}")
    assert run.returncode != 0
    lines = run.stderr.splitlines()
    assert lines[0] == ("error: make test needs chromium: run `sudo apt-get install -y "
                        "chromium`, then make test again")
    assert len(lines) == 2 and "system-test" in lines[1]  # make's own "*** Error 1" line
    assert run.stdout == ""


@pytest.mark.parametrize("env, fails", [({}, False), ({"MJ_MAKE_TEST": "1"}, True),
                                        ({"CI": "true"}, True)])
def test_missing_fails_under_make_test(monkeypatch: pytest.MonkeyPatch, env: dict,
                                       fails: bool) -> None:
    monkeypatch.delenv("MJ_MAKE_TEST", raising=False)
    monkeypatch.delenv("CI", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(pytest.fail.Exception if fails else pytest.skip.Exception):
        missing("chromium is absent")


def test_ci_runs_make_test_only() -> None:
    commands = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
                if line and not line.startswith("#")]
    assert commands == ["set -euo pipefail", 'cd "$(dirname "$0")/.."', "make test"]
