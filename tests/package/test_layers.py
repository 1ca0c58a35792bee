"""The package's folders are layers: no module imports one above it, and no import cycle.

Every ``import`` and ``from ... import`` of every mjcore module is read, those inside
functions included (a late import is still an arrow), and resolved to the module it
names.  The layers, lowest first, are the order of :data:`LAYERS`; a module may import
its own layer and those below.  A subpackage's ``__init__`` sits in that subpackage's
layer, and ``import mjcore`` or ``from mjcore import name`` anywhere but in
``mjcore/__init__`` itself is an arrow to the top.  No import may go round in a cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mjcore"

LAYERS = ("base", "hand", "bulk", "scoring", "play", "lessons", "view", "")
"""mjcore's subpackages, lowest first; "" is the top (``mjcore/__init__``, ``cli``)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The mjcore modules ``path`` imports anywhere in its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from pkg import mod` names a module; `from mod import name` the module itself
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in known else module
                       for a in node.names]
        for target in targets:
            while target not in known and "." in target:
                target = target.rpartition(".")[0]
            if target in known and target != name:  # `mjcore` too: an arrow to the top
                found.add(target)
    return found


def layer(name: str) -> str:
    """The subpackage ``name`` is in (its ``__init__`` too), or "" for the top package's
    own modules (``mjcore``, ``mjcore.cli``, ``mjcore.__main__``)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and (PACKAGE / parts[1]).is_dir() else ""


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_every_module_sits_in_a_layer():
    assert {layer(name) for name in modules()} <= set(LAYERS)
    assert all((PACKAGE / sub / "__init__.py").is_file() for sub in LAYERS if sub)


def test_no_module_imports_a_higher_layer():
    up = [f"{name} -> {dep}" for name, deps in graph().items() for dep in sorted(deps)
          if LAYERS.index(layer(dep)) > LAYERS.index(layer(name))]
    assert not up, "imports that go up a layer:\n" + "\n".join(up)


def test_no_import_cycle():
    assert cycles(graph()) == []


def test_base_checks_imports_nothing_of_mjcore():
    assert graph()["mjcore.base.checks"] == set()


def test_the_reader_finds_imports_inside_functions_and_cycles(tmp_path):
    """The checks above can fail: a late import is an arrow, so is one of ``mjcore`` itself,
    a subpackage's ``__init__`` sits in its layer, and a loop is a cycle."""
    assert [layer(name) for name in ("mjcore", "mjcore.cli", "mjcore.base", "mjcore.base.tiles",
                                     "mjcore.play.bestplay", "mjcore.view.widgets.seats")] \
        == ["", "", "base", "base", "play", "view"]
    text = (PACKAGE / "base" / "rules.py").read_text(encoding="utf-8")
    probe = tmp_path / "rules.py"
    probe.write_text(text + "\n\ndef _late():\n    from ..view import frames\n", "utf-8")
    found = imported("mjcore.base.rules", probe, modules())
    assert "mjcore.view.frames" in found and "mjcore.base.checks" in found
    for late in ("from mjcore import win_chances", "import mjcore", "from .. import shanten"):
        probe.write_text(text + f"\n\ndef _late():\n    {late}\n", "utf-8")
        assert "mjcore" in imported("mjcore.base.rules", probe, modules()), late
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("name", ["mjcore.hand.shanten", "mjcore.play.bestplay.api"])
def test_known_arrows_are_read(name):
    """A sample of arrows the code really has: the reader is not blind."""
    deps = graph()[name]
    assert "mjcore.base.checks" in deps and "mjcore.base.rules" in deps


def third_party(path: Path) -> set[str]:
    """The top-level packages outside mjcore that ``path`` imports anywhere in its code."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found - {"mjcore"}


def test_only_the_widgets_package_imports_ipywidgets():
    """ipywidgets is an extra (``pip install mjcore[widgets]``): one package imports it."""
    importers = sorted(name for name, path in modules().items()
                       if "ipywidgets" in third_party(path))
    assert importers and all(name.startswith("mjcore.view.widgets.") for name in importers), \
        importers
