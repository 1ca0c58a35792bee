"""The installed environment is requirements.txt's, whole: make installs it with --no-deps."""

from __future__ import annotations

import importlib.util
import subprocess
import sys


def test_every_requirement_of_the_installed_packages_is_installed():
    # a package requirements.txt forgot to pin would not be installed (--no-deps)
    done = subprocess.run([sys.executable, "-m", "pip", "check"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_jsonschema_is_imported_without_its_slow_iri_check():
    # left out of requirements.txt: it compiles a grammar on import, seconds in every
    # process that imports nbformat
    assert importlib.util.find_spec("rfc3987_syntax") is None
