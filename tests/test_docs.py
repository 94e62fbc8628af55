"""The README and .env.example stay true to the code."""

from __future__ import annotations

import re
from pathlib import Path

from bot.__main__ import _parser
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def env_names() -> set[str]:
    names = set()
    for name, field in Settings.model_fields.items():
        alias = field.validation_alias
        choices = getattr(alias, "choices", None)
        names.add(choices[0] if choices else f"PORTOLAN_{name.upper()}")
    return names


def test_every_setting_is_in_env_example_and_readme() -> None:
    example = (ROOT / ".env.example").read_text()
    readme = (ROOT / "README.md").read_text()
    listed = set(re.findall(r"^([A-Z_]+)=", example, re.M))
    assert listed == env_names()
    for name in env_names():
        assert f"`{name}`" in readme, name


def test_readme_quick_start_is_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["make run", "make test"]


def test_every_cli_command_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text()
    subparsers = next(a for a in _parser()._actions if a.dest == "command")
    for name in subparsers.choices:  # type: ignore[union-attr]
        if name != "run":
            assert f"python -m bot {name}" in readme, name


def test_ci_runs_make_test_only() -> None:
    script = (ROOT / ".ci/run").read_text()
    assert "make test" in script
    assert "pytest" not in script


def test_every_slash_command_is_in_the_readme() -> None:
    from bot.cogs.game import GameCog
    from bot.cogs.help import HelpCog
    from bot.cogs.play import PlayCog

    readme = (ROOT / "README.md").read_text()
    names = [f"/game {c.name}" for c in GameCog.game.commands]  # type: ignore[attr-defined]
    for cog in (HelpCog, PlayCog):
        names += [f"/{c.name}" for c in cog.__cog_app_commands__]  # type: ignore[attr-defined]
    assert len(names) > 10
    for name in names:
        short = f" {name.split()[-1]}`"
        assert f"`{name}" in readme or f"{name}`" in readme or short in readme, name
