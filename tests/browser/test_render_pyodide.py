"""The tile pictures under Pyodide (Node, no browser): the same SVG text as CPython.

Skips without the built site or Node, except under CI=true, where it fails.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import missing

from mjcore.view.render import hand_html, tile_svg

NODE_SCRIPT = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "pyodide/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: dir + "pyodide/", stdout: () => {},
                                    stderr: () => {} });
const manifest = JSON.parse(readFileSync(dir + "manifest.json", "utf8"));
pyodide.unpackArchive(new Uint8Array(readFileSync(dir + manifest.wheel)), "wheel");
const faces = pyodide.runPython(
  "from mjcore.view.render import hand_html, tile_svg\n" +
  "[tile_svg(t) for t in range(34)] + [hand_html('19m19p19s1234567z')]").toJs();
console.log(JSON.stringify(faces));
"""


@pytest.fixture(scope="module")
def analyzer_dir(site_dir: Path) -> Path:
    path = site_dir / "analyzer"
    if not (path / "manifest.json").is_file():
        missing(f"no analyzer in {site_dir}: `make book` copies it there")
    return path


def test_pyodide_draws_the_same_faces(analyzer_dir: Path, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        missing("node is not installed: apt-get install nodejs")
    script = tmp_path / "faces.mjs"
    script.write_text(NODE_SCRIPT, encoding="utf-8")
    run = subprocess.run([node, str(script), f"{analyzer_dir}/"], capture_output=True,
                         text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got == [tile_svg(t) for t in range(34)] + [hand_html("19m19p19s1234567z")]
