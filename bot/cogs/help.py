"""/help and /rules: answered at once from what the bot knows, no storage involved."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.service import ServiceError
from bot.ui.replies import QUIET
from bot.ui.text import join_lines, rules_text

from .common import PortolanCog, find_game, game_autocomplete


def command_lines(tree: app_commands.CommandTree[Any]) -> list[str]:
    """One line per slash command in ``tree``: its usage and its description."""
    lines = []
    for command in tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue  # a group: its subcommands are listed
        params = " ".join(p.name if p.required else f"[{p.name}]" for p in command.parameters)
        usage = f"/{command.qualified_name}" + (f" {params}" if params else "")
        lines.append(f"`{usage}`: {command.description}")
    return lines


class HelpCog(PortolanCog):
    @app_commands.command(name="help", description="Every Portolan command, one line each")
    async def show_help(self, interaction: discord.Interaction[Any]) -> None:
        text = join_lines([
            "Portolan hosts board games in this channel (or a thread: one game per channel).",
            *command_lines(self.bot.tree),
        ])
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=QUIET)

    @app_commands.command(name="rules", description="What a game is about, its players and options")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        try:
            text = rules_text(find_game(game))
        except ServiceError as err:
            text = str(err)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=QUIET)
