"""No import cycles among engine modules. Every import counts: at the top, inside a function (an
import put there to dodge a cycle is still the cycle) and under ``TYPE_CHECKING`` (a cycle for
the reader, if not for the interpreter)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_imports() -> dict[str, set[str]]:
    """Each engine module and the engine modules it imports (``from pkg import mod`` counts as
    importing ``pkg.mod``)."""
    paths = {module_name(p): p for p in (ROOT / "engine").rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    sub = f"{module}.{alias.name}"
                    found.add(sub if sub in paths else module)
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a path that returns to its start) for each strongly connected group."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group: set[str] = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_path_in(graph, g) for g in groups]


def _path_in(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    start = min(group)
    paths = [[start]]
    while paths:
        path = paths.pop(0)
        for w in sorted(graph[path[-1]] & group):
            if w == start:
                return [*path, start]
            if w not in path:
                paths.append([*path, w])
    raise AssertionError(group)


def test_the_checker_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]


def test_engine_modules_import_each_other_one_way() -> None:
    found = cycles(engine_imports())
    assert not found, "import cycles: " + "; ".join(" -> ".join(c) for c in found)
