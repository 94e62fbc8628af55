"""/help and /rules: answered at once from what the bot knows, no storage involved."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.service import ServiceError
from bot.ui.replies import QUIET, defer
from bot.ui.text import clip, game_rulings, pages, rules_text, rulings_messages

from .common import PortolanCog, find_game, game_autocomplete

PLATFORM_GROUPS = {"game"}


def command_lines(tree: app_commands.CommandTree[Any]) -> list[str]:
    """One line per platform command (usage and description), and one line per game's command
    group listing its subcommands (each game's own help explains them), so /help stays within
    a message as games are added."""
    lines = []
    for command in tree.get_commands():
        if isinstance(command, app_commands.Group) and command.name not in PLATFORM_GROUPS:
            subs = "|".join(c.name for c in command.commands)
            lines.append(f"`/{command.name} {subs}`: {command.description}")
            continue
        for leaf in command.walk_commands() if isinstance(command, app_commands.Group) \
                else [command]:
            if not isinstance(leaf, app_commands.Command):
                continue
            params = " ".join(p.display_name if p.required else f"[{p.display_name}]"
                              for p in leaf.parameters)
            usage = f"/{leaf.qualified_name}" + (f" {params}" if params else "")
            lines.append(f"`{usage}`: {leaf.description}")
    return lines


class HelpCog(PortolanCog):
    @app_commands.command(name="help", description="Every Portolan command, one line each")
    async def show_help(self, interaction: discord.Interaction[Any]) -> None:
        # whole lines to a message, in as many as they need: one message clipped the last
        # lines (the bots) once the commands' lines had grown past Discord's 2,000 characters
        messages = pages([
            "Portolan hosts board games in this channel (or a thread: one game per channel).",
            *command_lines(self.bot.tree),
            "Bots for `/game addbot`: strong (looks ahead), easy (rules of thumb), random (for "
            "testing); with no name, the game's strongest. /rules says more.",
        ])
        if len(messages) == 1:
            await interaction.response.send_message(messages[0], ephemeral=True,
                                                    allowed_mentions=QUIET)
            return
        await defer(interaction)
        for message in messages:
            await interaction.followup.send(message, ephemeral=True, allowed_mentions=QUIET)

    @app_commands.command(name="rules", description="What a game is about, its players and options")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        rulings: list[tuple[str, str, str]] = []
        try:
            found = find_game(game)
            text = rules_text(found)
            rulings = game_rulings(found)
        except ServiceError as err:
            text = str(err)
        if not rulings:
            await interaction.response.send_message(clip(text), ephemeral=True,
                                                    allowed_mentions=QUIET)
            return
        # the rules, then the rulings in as many messages as they need, all private
        await defer(interaction)
        for message in [clip(text), *rulings_messages(found.name, rulings)]:
            await interaction.followup.send(message, ephemeral=True, allowed_mentions=QUIET)
