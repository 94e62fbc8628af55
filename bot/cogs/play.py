"""/move: one action in this channel's game, picked from autocomplete of the legal moves."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.commands import after
from bot.ui.decide import answer_with_menu
from bot.ui.lookup import why_no_moves
from bot.ui.replies import answering, sent_at, tell
from bot.ui.text import (
    CHOICE_LIMIT,
    CHOICE_TEXT_LIMIT,
    NOT_A_MOVE,
    choice_names,
    unreadable_move,
)

from .common import PortolanCog, channel_of

log = logging.getLogger(__name__)


class PlayCog(PortolanCog):
    @app_commands.command(name="move", description="Make a move in this channel's game")
    @app_commands.describe(action="Start typing: the list shows your legal moves now")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction[Any], action: str) -> None:
        async with answering(interaction, "/move") as attempt:
            channel, user = channel_of(interaction), interaction.user.id
            if not await self.service.choices(channel, user):
                # Nothing would be accepted; say why (no game, not a player, not your turn).
                await tell(interaction, await why_no_moves(self.service, channel, user))
                return
            if unreadable_move(action):
                await tell(interaction, NOT_A_MOVE)
                return
            result = await self.service.act_choice(channel, user, action,
                                                   sent_at=sent_at(interaction))
            attempt.changed = result.ok
            # a decision it leaves waiting comes with its menu, as after a game's own command
            await answer_with_menu(interaction, await after(self.service, None, channel, user,
                                                            result))

    @move.autocomplete("action")
    async def move_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        try:
            choices = await self.service.choices(interaction.channel_id, interaction.user.id)
        except Exception:  # an autocomplete has no way to show an error; /move will
            log.exception("move autocomplete failed in channel %s", interaction.channel_id)
            return []
        typed = current.strip().lower()
        names = choice_names([c.label for c in choices])
        return [app_commands.Choice(name=name, value=c.value)
                for c, name in zip(choices, names, strict=True)
                if typed in c.label.lower() and len(c.value) <= CHOICE_TEXT_LIMIT][:CHOICE_LIMIT]
