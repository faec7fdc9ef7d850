"""The package's layers (docs/ARCHITECTURE.md): no import cycles, and no layer imports one above it.

Every import counts, including those inside functions and under ``TYPE_CHECKING``: a lazy import
hides a cycle from the interpreter, not from the reader.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "voicegame"

# What each layer may import (besides itself). Lower layers know nothing of higher ones.
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "audio": set(),
    "games": {"engine"},
    "solver": {"engine", "games"},
    "language": {"engine", "games", "solver"},
    "storage": {"engine", "games", "audio"},
    "listen": {"engine", "games", "solver", "language", "audio"},
    "play": {"engine", "games", "solver", "language", "audio", "listen", "storage"},
    "cli": {"engine", "games", "solver", "language", "audio", "listen", "storage", "play"},
}
TOP_LEVEL = {"voicegame", "voicegame.__main__", "voicegame.grammars", "voicegame.sounds"}


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """module -> the voicegame modules it imports. ``from pkg import sub`` (a submodule) is an edge
    to ``pkg.sub`` only: Python has already run ``pkg/__init__`` when it runs anything inside pkg."""
    modules = _modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for module, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                subs = [f"{source}.{alias.name}" for alias in node.names if f"{source}.{alias.name}" in modules]
                targets = subs if len(subs) == len(node.names) else [source, *subs]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            graph[module].update(t for t in targets if t in modules and t != module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
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

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ALLOWED else None


def test_every_module_belongs_to_a_layer():
    loose = sorted(m for m in _modules() if layer_of(m) is None and m not in TOP_LEVEL)
    assert loose == [], f"modules outside every layer (put each in one, see docs/ARCHITECTURE.md): {loose}"


def test_no_import_cycles():
    assert cycles(import_graph()) == []


def test_no_layer_imports_a_higher_one():
    wrong = []
    for module, imported in import_graph().items():
        here = layer_of(module)
        if here is None:
            continue
        for target in imported:
            there = layer_of(target)
            if there is not None and there != here and there not in ALLOWED[here]:
                wrong.append(f"{module} -> {target}")
    assert sorted(wrong) == []


def test_the_checker_sees_cycles_and_upward_imports():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    graph = import_graph()
    assert "voicegame.engine.cards" in graph["voicegame.games.klondike"]


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_is_documented(layer):
    text = (PACKAGE.parent / "docs" / "ARCHITECTURE.md").read_text()
    assert f"`{layer}/`" in text
