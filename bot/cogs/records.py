"""/stats and /leaderboard: the server's ratings, read from what the service keeps."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.ratings import person
from bot.ui.records import leaderboard_lines, player_label, stats_lines
from bot.ui.replies import answering, tell
from bot.ui.text import join_lines

from .common import PortolanCog, find_game, game_autocomplete


class RecordsCog(PortolanCog):
    @app_commands.command(name="stats", description="A player's games, wins, places and rating")
    @app_commands.describe(player="Whose (default: yours)",
                           game="Which game (default: every game they played)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def stats(self, interaction: discord.Interaction[Any],
                    player: discord.User | None = None, game: str | None = None) -> None:
        async with answering(interaction, "/stats"):
            who = player or interaction.user
            game_id = find_game(game).id if game else None
            found = await self.service.stats(interaction.guild_id, person(who.id), game_id)
            await tell(interaction, join_lines(stats_lines(f"<@{who.id}>", found, game_id)))

    @app_commands.command(name="leaderboard", description="The server's best players of a game")
    @app_commands.describe(game="Which game", bots="Show the bots too (default: people only)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str,
                          bots: bool = False) -> None:
        async with answering(interaction, "/leaderboard"):
            found = find_game(game)
            rows = await self.service.leaderboard(interaction.guild_id, found.id, bots=bots)
            await tell(interaction, join_lines(leaderboard_lines(found.name, rows, player_label)))
