"""The command tree builds, fits Discord's limits, and /help and /rules describe it."""

from __future__ import annotations

import re
from typing import Any

from discord import app_commands

from bot.cogs.game import parse_options
from bot.service import ServiceError
from engine.core import all_games

from .conftest import CAROL, Table

NAME = re.compile(r"^[-_\w]{1,32}$")
PLATFORM = {
    "game new", "game join", "game leave", "game addbot", "game start", "game status",
    "game board", "game view", "game undo", "game abort", "game export", "game settings",
    "game history", "game replay", "move", "rules", "help", "stats", "leaderboard",
}
# each registered game's group, generated from its command table (the test game's too), with
# decide and help; the names Discord users know are pinned for the real games
GENERATED = {f"{g.commands().group} {c.name}" for g in all_games() for c in g.commands().commands}
EXPECTED = PLATFORM | GENERATED | {f"{g.commands().group} {extra}" for g in all_games()
                                   for extra in ("decide", "help")}
PINNED = {
    "ships place", "ships upgrade", "ships remove", "ships card", "ships gold",
    "ships navigation", "ships sell", "ships retrieve", "ships end", "ships return",
    "ships choose", "ships convert", "ships skip", "ships remove-ships",
    *(f"trader {name}" for name in (
        "roll", "sail", "dock", "buy", "sell", "dump", "buy-ship", "sell-ship", "insure",
        "surrender", "buy-share", "sell-share", "auction", "bid", "claim", "challenge", "end")),
    *(f"empires {name}" for name in (
        "play", "discard", "sail", "trade", "buy", "attack", "order", "pass", "bribe", "end")),
}


def test_the_games_commands_people_know_are_there() -> None:
    assert PINNED <= GENERATED


def check_text(name: str, description: str) -> None:
    assert NAME.match(name) and name == name.lower(), name
    assert 1 <= len(description) <= 100, (name, description)


def test_the_tree_fits_discords_limits(table: Table) -> None:
    tree = table.bot.tree
    top = tree.get_commands()
    assert len(top) <= 100
    seen = set()
    for command in tree.walk_commands():
        check_text(command.name, command.description)
        if isinstance(command, app_commands.Group):
            assert len(command.commands) <= 25
            continue
        seen.add(command.qualified_name)
        assert len(command.parameters) <= 25
        for param in command.parameters:
            check_text(param.name, param.description)
            assert len(param.choices) <= 25
    assert seen == EXPECTED
    for command in top:
        payload: dict[str, Any] = command.to_dict(tree)  # what a sync would send
        assert payload["name"] == command.name


def test_policy_is_a_choice_and_game_autocompletes(table: Table) -> None:
    game = table.cog("GameCog")
    policy = next(p for p in type(game).game_settings.parameters if p.name == "policy")
    assert [c.value for c in policy.choices] == ["wait", "bot", "remove"]
    new = {p.name: p for p in type(game).game_new.parameters}
    assert new["game"].autocomplete and new["game"].required
    assert not new["options"].required and not new["seed"].required


async def test_help_lists_every_command(table: Table) -> None:
    """Every command, and the bots, in whole lines: as many messages as they need, none over
    Discord's 2,000 characters (one message clipped its last lines once they grew past it)."""
    inter = await table.command("HelpCog", "show_help", CAROL)
    assert all(len(message) <= 2000 for message in inter.private)
    text = "\n".join(inter.private)
    lines = text.splitlines()
    for name in EXPECTED:
        group, _, sub = name.partition(" ")
        if group in ("game", "move", "rules", "help", "stats", "leaderboard") or not sub:
            assert f"/{name}" in text
        else:  # a game's group is one line naming its subcommands
            line = next(x for x in lines if x.startswith(f"`/{group} "))
            assert sub in line.split("`")[1].split(" ", 1)[1].split("|")
    own = ("game", "move", "rules", "help", "stats", "leaderboard")
    platform = [n for n in EXPECTED if n.split()[0] in own]
    groups = {n.split()[0] for n in EXPECTED} - set(own)
    assert "Bots for `/game addbot`: strong (looks ahead), easy" in text
    assert len(lines) == len(platform) + len(groups) + 1 + 1
    assert not any(line.endswith("…") for line in lines)


async def test_rules_and_game_autocomplete(table: Table) -> None:
    inter = await table.command("HelpCog", "rules", CAROL, "race")
    [text] = inter.private
    assert text.startswith("**Harbour Race** (2-4 players)")
    assert "Race your boat to the target" in text
    assert "target: Track length; a whole number 8-60, default 20." in text
    assert "Bots for /game addbot:\n• random: any legal move" in text
    unknown = await table.command("HelpCog", "rules", CAROL, "go")
    (message,) = unknown.private
    assert message.startswith("There is no game 'go'. Games: ")
    assert "Harbour Race (race)" in message

    from bot.cogs.common import game_autocomplete

    offered = await game_autocomplete(table.interaction(CAROL), "HARB")
    assert [(c.name, c.value) for c in offered] == [("Harbour Race (2-4 players)", "race")]


def test_parse_options() -> None:
    assert parse_options("target=30 energy=3") == {"target": "30", "energy": "3"}
    assert parse_options(" Target=30,energy=3 ") == {"target": "30", "energy": "3"}
    assert parse_options(None) == {} and parse_options("") == {}
    for bad in ("target", "=3", "target = 3"):
        try:
            parse_options(bad)
        except ServiceError as err:
            assert "name=value" in str(err)
        else:
            raise AssertionError(bad)
