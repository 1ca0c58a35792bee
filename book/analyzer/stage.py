"""Copy the live analyzer into a built site: ``python book/analyzer/stage.py _build/html``.

``make book`` runs this after ``jupyter-book build``.  It fills
``<site>/analyzer/`` with

- the page's scripts from this folder (``analyzer.mjs``, ``strings.mjs``,
  ``worker.mjs``, ``analyzer.css``, ``bridge.py``);
- the five files of the Pyodide core from ``node_modules/pyodide`` (the
  npm package pinned in package.json and package-lock.json, installed by
  ``npm ci``), into ``pyodide/``; the lock file is trimmed to no packages,
  since the analyzer loads none of Pyodide's;
- a wheel of mjcore built now with ``pip wheel --no-deps`` from a clean
  copy of the sources, its version in the file name, with the bytecode
  of every module added: compiled by the staged Pyodide's own Python
  under Node (``precompile.mjs``), so the browser does not compile
  mjcore's sources at each start;
- in the staged ``python_stdlib.zip``, beside each source, the bytecode
  of every standard-library module that Pyodide's start and the
  analyzer's answers import (about 130: the npm package ships sources
  only), compiled the same way;
- the 34 tile faces, ``tiles/1m.svg`` ... ``tiles/7z.svg``, drawn by
  :func:`mjcore.view.render.write_svgs` (the pictures of the chapters and
  widgets), for the picker, the hand and the answers;
- ``manifest.json``: the wheel's file name, the Pyodide version, the
  tiles for the picker, the rules presets and the wild tile of each
  preset that has one (``preset_wild``: hongzhong's 7z).

Nothing goes under ``_static`` (Jupyter Book adds every .js and .css file
there to every page).  The folder is rebuilt from scratch each time.
Exits with a message naming the missing step when node_modules is absent.
``--build`` stages the analyzer alone (``make book`` runs it while the pages
build), ``--editions`` then links it into the editions.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

from mjcore.base.rules import PRESETS, WILD_PRESETS
from mjcore.base.tiles import tile_name
from mjcore.view.render import write_svgs

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PAGE_FILES = ("analyzer.mjs", "strings.mjs", "worker.mjs", "analyzer.css", "bridge.py")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"


def fail(message: str) -> None:
    sys.exit(f"stage.py: error: {message}")


def pinned_pyodide() -> str:
    """The Pyodide version package-lock.json pins, checked against node_modules."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    pinned = lock["packages"]["node_modules/pyodide"]["version"]
    installed_file = PYODIDE_DIR / "package.json"
    if not installed_file.is_file():
        fail(f"{PYODIDE_DIR} is missing: run `npm ci` in {ROOT} (needs Node.js 18+ and npm)")
    installed = json.loads(installed_file.read_text(encoding="utf-8"))["version"]
    if installed != pinned:
        fail(f"node_modules has pyodide {installed}, package-lock.json pins {pinned}: "
             "run `npm ci`")
    return pinned


def copy_pyodide(target: Path) -> None:
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        source = PYODIDE_DIR / name
        if not source.is_file():
            fail(f"{source} is missing: this Pyodide release ships other files")
        if name == "pyodide-lock.json":
            lock = json.loads(source.read_text(encoding="utf-8"))
            lock["packages"] = {}
            (target / name).write_text(json.dumps(lock), encoding="utf-8")
        else:
            shutil.copyfile(source, target / name)


def build_backend_installed() -> bool:
    """Whether this Python has what pyproject.toml's [build-system] requires.

    Then the wheel builds with ``--no-build-isolation``, offline; otherwise
    pip fetches the build backend into an isolated environment, as
    ``pip install -e .`` does.
    """
    from importlib.metadata import PackageNotFoundError, version

    from packaging.requirements import Requirement

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for text in pyproject["build-system"]["requires"]:
        requirement = Requirement(text)
        try:
            installed = version(requirement.name)
        except PackageNotFoundError:
            return False
        if not requirement.specifier.contains(installed, prereleases=True):
            return False
    return True


def build_wheel(target: Path) -> str:
    """``pip wheel --no-deps`` of mjcore from a clean copy (no stale build/ directory)."""
    with tempfile.TemporaryDirectory(prefix="mjcore-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            if (ROOT / name).is_file():
                shutil.copyfile(ROOT / name, src / name)
        shutil.copytree(ROOT / "mjcore", src / "mjcore",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        out = Path(tmp) / "wheel"
        isolation = ["--no-build-isolation"] if build_backend_installed() else []
        if not isolation:
            print("stage.py: the build backend pyproject.toml asks for is not in this Python; "
                  "pip fetches it into an isolated build environment")
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation,
                        "--quiet", "--disable-pip-version-check", "-w", str(out), str(src)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        (wheel,) = out.glob("mjcore-*-py3-none-any.whl")
        shutil.copyfile(wheel, target / wheel.name)
        return wheel.name


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def precompile(wheel: Path, pyodide_dir: Path) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The bytecode of the wheel's modules and of the standard-library modules the
    analyzer imports, compiled by Pyodide's Python under Node (``precompile.mjs``)."""
    node = shutil.which("node")
    if node is None:
        fail("node is missing: make book installs it (tools/system-packages.sh)")
    with tempfile.TemporaryDirectory(prefix="mjcore-pyc-") as tmp:
        out = Path(tmp) / "pycs.json"
        run = subprocess.run([node, str(HERE / "precompile.mjs"), str(pyodide_dir), str(wheel),
                              str(HERE / "bridge.py"), str(out)],
                             capture_output=True, text=True, timeout=300)
        if run.returncode != 0 or not out.is_file():
            # Node prints a line of Pyodide's minified source before the error: skip it
            readable = [line for line in run.stderr.splitlines() if len(line) < 500]
            fail("precompile.mjs failed:\n" + "\n".join(readable[-25:]))
        found = json.loads(out.read_text(encoding="utf-8"))
    wheel_pycs, stdlib_pycs = ({name: base64.b64decode(text) for name, text in part.items()}
                               for part in (found["wheel"], found["stdlib"]))
    if not wheel_pycs or not stdlib_pycs:
        fail("precompile.mjs compiled no module")
    return wheel_pycs, stdlib_pycs


def add_to_zip(path: Path, files: dict[str, bytes], record: bool = False) -> None:
    """Rewrite the zip ``path`` with ``files`` added (each new to it); with ``record``,
    ``path`` is a wheel and its RECORD lists them too."""
    with tempfile.TemporaryDirectory(prefix="mjcore-zip-") as tmp:
        rebuilt = Path(tmp) / path.name
        with zipfile.ZipFile(path) as old, zipfile.ZipFile(rebuilt, "w",
                                                           zipfile.ZIP_DEFLATED) as new:
            names = old.namelist()
            if clash := sorted(set(files) & set(names)):
                fail(f"{path.name} already holds {clash[0]}")
            record_name = next((n for n in names if n.endswith(".dist-info/RECORD")), None)
            if record and record_name is None:
                fail(f"{path.name} has no RECORD")
            for item in old.infolist():
                if not (record and item.filename == record_name):
                    new.writestr(item, old.read(item.filename))
            for name, data in files.items():
                new.writestr(name, data)
            if record:
                lines = old.read(record_name).decode().splitlines()
                body = [line for line in lines if not line.startswith(f"{record_name},")]
                body += [_record_line(name, data) for name, data in files.items()]
                new.writestr(record_name, "\n".join([*body, f"{record_name},,"]) + "\n")
        shutil.copyfile(rebuilt, path)


def add_bytecode(wheel: Path, pyodide_dir: Path) -> None:
    """Add bytecode compiled by Pyodide's Python (:func:`precompile`): the wheel's modules
    to the wheel (and its RECORD), and the standard-library modules the analyzer imports
    to ``python_stdlib.zip``, each beside its source (zipimport takes the pyc first)."""
    wheel_pycs, stdlib_pycs = precompile(wheel, pyodide_dir)
    stdlib = pyodide_dir / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as z:
        sources = set(z.namelist())
    if missing := sorted(name for name in stdlib_pycs if name[:-1] not in sources):
        fail(f"precompile.mjs compiled {missing[0]}, whose source is not in {stdlib.name}")
    add_to_zip(wheel, wheel_pycs, record=True)
    add_to_zip(stdlib, stdlib_pycs)


TILES_DIR = "tiles"


def manifest(wheel: str, pyodide_version: str, faces: set[str]) -> dict:
    sys.path.insert(0, str(HERE))
    try:
        import bridge
    finally:
        sys.path.remove(str(HERE))
    tiles = bridge.tiles()
    for tile in tiles:  # the page shows tile N as tiles/N.svg
        if f"{tile['name']}.svg" not in faces:
            fail(f"mjcore.view.render.write_svgs wrote no {tile['name']}.svg")
    return {"wheel": wheel, "pyodide": pyodide_version, "tiles": tiles,
            "rules": [*PRESETS, *WILD_PRESETS], "default_rules": "poyang",
            "preset_wild": {name: tile_name(r.wild) for name, r in WILD_PRESETS.items()}}


def size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def stage(site: Path) -> Path:
    """Rebuild ``site/analyzer``, link it into the editions built there, and return it."""
    if not (site / "index.html").is_file():
        fail(f"{site} is not a built site: run jupyter-book build first")
    target = build(site)
    link_editions(site)
    return target


def build(site: Path) -> Path:
    """Rebuild ``site/analyzer`` (the site's pages may still be building) and return it."""
    site.mkdir(parents=True, exist_ok=True)
    version = pinned_pyodide()
    target = site / "analyzer"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir()
    for name in PAGE_FILES:
        shutil.copyfile(HERE / name, target / name)
    copy_pyodide(target / "pyodide")
    try:
        wheel = build_wheel(target)
    except subprocess.CalledProcessError as error:
        fail(f"pip wheel failed:\n{error.stderr}")
    add_bytecode(target / wheel, target / "pyodide")
    faces = set(write_svgs(target / TILES_DIR))
    data = manifest(wheel, version, faces)
    # What the first start reads: the Pyodide core and the wheel (the page's scripts aside).
    data["download_bytes"] = size(target / "pyodide") + (target / wheel).stat().st_size
    (target / "manifest.json").write_text(
        json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return target


def link_editions(site: Path) -> None:
    """Give each edition built in ``site`` (the Chinese one, ``zh_CN``) the analyzer staged
    in ``site/analyzer``: its analyzer page loads the same files, hard-linked."""
    target = site / "analyzer"
    if not (target / "manifest.json").is_file():
        fail(f"{target} is not staged: run stage.py --build {site} first")
    edition = site / "zh_CN"
    if (edition / "index.html").is_file():
        if (edition / "analyzer").exists():
            shutil.rmtree(edition / "analyzer")
        shutil.copytree(target, edition / "analyzer", copy_function=_link)


def _link(source: str, target: str) -> None:
    """A hard link to ``source`` (no second copy on disk), or a copy where links fail."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


USAGE = ("usage: python book/analyzer/stage.py [--build | --editions] SITE_DIR  "
         "(e.g. _build/html)")


def main(argv: list[str]) -> None:
    """``SITE_DIR``: stage the analyzer into a built site.  ``make book`` does it in two
    steps, ``--build`` while the site's pages build (the analyzer alone), then
    ``--editions`` (its links into the editions just built)."""
    step = argv.pop(0) if argv and argv[0] in ("--build", "--editions") else None
    if len(argv) != 1 or argv[0].startswith("-"):
        sys.exit(USAGE)
    site = Path(argv[0])
    if step == "--editions":
        link_editions(site)
        return
    target = build(site) if step == "--build" else stage(site)
    print(f"analyzer: {target} ({size(target) / 1e6:.1f} MB: Pyodide core, the mjcore wheel "
          "and the tile faces)")


if __name__ == "__main__":
    main(sys.argv[1:])
