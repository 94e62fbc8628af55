"""What the cogs share: finding a game by what was typed, autocomplete for games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import MatchService, ServiceError
from bot.ui.text import CHOICE_LIMIT, CHOICE_TEXT_LIMIT, echo, players_text
from engine.core import Game, all_games

if TYPE_CHECKING:
    from bot.discord_bot import PortolanBot


class PortolanCog(commands.Cog):
    def __init__(self, bot: PortolanBot) -> None:
        self.bot = bot

    @property
    def service(self) -> MatchService:
        return self.bot.service


def _plain(text: str) -> str:
    return " ".join(text.strip().lower().lstrip("/").replace("_", " ").replace("-", " ").split())


def find_game(text: str) -> Game[Any]:
    """The registered game that ``text`` names: its id, its name or its command group, in any
    case (``trader``, ``Ocean Trader``, ``ocean_trader``)."""
    wanted = _plain(text)
    games = all_games()
    for game in games:
        if wanted and wanted in {_plain(game.id), _plain(game.name), _plain(game.commands().group)}:
            return game
    known = ", ".join(f"{g.name} ({g.id})" for g in games) or "none"
    raise ServiceError(f"There is no game {echo(text)}. Games: {known}.")


async def game_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    found = []
    for game in all_games():
        if (typed in game.name.lower() or typed in game.id.lower()
                or typed in game.commands().group):
            label = f"{game.name} ({players_text(game.min_players, game.max_players)})"
            found.append(app_commands.Choice(name=label[:CHOICE_TEXT_LIMIT], value=game.id))
    return found[:CHOICE_LIMIT]


def channel_of(interaction: discord.Interaction[Any]) -> int:
    """The channel (or thread) the command came from: one game per channel."""
    if interaction.channel_id is None:
        raise ServiceError("Use this in a server channel or thread.")
    return interaction.channel_id
