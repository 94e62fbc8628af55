"""Imports point one way: bot -> render -> engine; engine.core knows no game; games never
import each other; the engine uses no Discord, Pillow, SQLite or asyncio."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("ships", "empires", "ocean_trader")


def imports(package: str) -> dict[Path, set[str]]:
    found: dict[Path, set[str]] = {}
    for path in (ROOT / package).rglob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
        found[path] = names
    return found


def top(name: str) -> str:
    return name.split(".")[0]


def test_engine_imports_no_adapter_or_io_library() -> None:
    banned = {"bot", "render", "discord", "PIL", "sqlite3", "aiosqlite", "asyncio", "random"}
    for path, names in imports("engine").items():
        assert not {top(n) for n in names} & banned, path


def test_render_imports_no_bot_or_discord() -> None:
    found = imports("render")
    for game in GAMES:  # each game's renderer is a package named like its engine package
        assert (ROOT / "engine" / game / "__init__.py").is_file(), game
        assert ROOT / "render" / game / "__init__.py" in found, game
    for path, names in found.items():
        assert not {top(n) for n in names} & {"bot", "discord", "aiosqlite", "sqlite3"}, path


def test_core_knows_no_game_and_games_do_not_import_each_other() -> None:
    for path, names in imports("engine").items():
        rel = path.relative_to(ROOT / "engine").parts
        if rel[0] == "core":
            assert not any(n.startswith(f"engine.{g}") for n in names for g in GAMES), path
        if rel[0] in GAMES:
            others = [g for g in GAMES if g != rel[0]]
            assert not any(n.startswith(f"engine.{g}") for n in names for g in others), path


def test_nothing_reads_outside_the_repository() -> None:
    outside = "../" + "shared"  # spelt in two parts so this file does not match itself
    for package in ("engine", "render", "bot", "tests", "bench"):
        for path in (ROOT / package).rglob("*.py"):
            assert outside not in path.read_text(encoding="utf-8"), path
