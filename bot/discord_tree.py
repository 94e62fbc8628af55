"""The bot's slash command tree: what it answers when discord.py cannot run a command.

A command Discord sends may no longer be the bot's own: a user's Discord app keeps the list
of commands it loaded, so after an upgrade renamed a command or changed its options (and before
``python -m bot sync`` reaches every server) it may send one the bot does not have, or with the
options of before. discord.py then raises instead of calling the command, and by default only
logs a traceback: the user is never answered and Discord shows "The application did not
respond". Here every such error gets a private answer saying what to do, and a one-line log.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.ui.replies import QUIET, Unanswerable
from bot.ui.text import NOTHING_CHANGED

log = logging.getLogger(__name__)

STALE_COMMAND = ("That command has changed since your Discord app loaded its list of "
                 "commands, so nothing was done. Reload Discord (Ctrl+R, or restart the app) "
                 "and try again; /help lists the commands as they are now.")
NOT_HERE = "Use this in a server channel or thread."
# what a command's option could not be read as (an option of a changed type, a member or
# channel Discord could not resolve)
BAD_OPTION = ("One of the options could not be read, so nothing was done. Reload Discord "
              "(Ctrl+R) and try the command again.")


def error_text(error: app_commands.AppCommandError) -> str | None:
    """What the user reads for an error discord.py raised before running a command; None
    for an error raised by the command itself (a bug, logged with its traceback)."""
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return STALE_COMMAND
    if isinstance(error, app_commands.NoPrivateMessage):
        return NOT_HERE
    if isinstance(error, app_commands.TransformerError):
        return BAD_OPTION
    if isinstance(error, app_commands.CheckFailure):
        return "You may not use that command here."
    return None


class PortolanTree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """A slash command's options must be those the bot's command has, of its types:
        discord.py hands a value of another type (text where a whole number is now asked)
        to the command as it is. A mismatch is answered as a changed command (``on_error``)."""
        data: Any = interaction.data or {}
        if interaction.type not in (discord.InteractionType.application_command,
                                    discord.InteractionType.autocomplete) \
                or data.get("type", 1) != 1:
            return True
        try:
            command, options = self._get_app_command_options(data)
        except app_commands.AppCommandError:
            return True  # raised again when the tree reads the command, and answered then
        if not isinstance(command, app_commands.Command):
            return True
        types = {p.display_name: p.type.value for p in command.parameters}
        for option in options:
            if types.get(option.get("name")) != option.get("type"):
                raise app_commands.CommandSignatureMismatch(command)
        return True

    async def on_error(self, interaction: discord.Interaction[Any],
                       error: app_commands.AppCommandError, /) -> None:
        if isinstance(error, app_commands.CommandInvokeError) \
                and isinstance(error.original, Unanswerable):
            return  # it came after Discord's 3 s: nothing was done, and the log has its line
        text = error_text(error)
        data: Any = interaction.data or {}
        what = getattr(interaction.command, "qualified_name", None) or data.get("name", "?")
        if text is None:
            log.error("/%s failed in channel %s for user %s", what, interaction.channel_id,
                      interaction.user.id, exc_info=error)
            text = NOTHING_CHANGED
        else:
            log.warning("/%s from user %s in channel %s not run: %s", what,
                        interaction.user.id, interaction.channel_id,
                        type(error).__name__)
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                if not interaction.response.is_done():
                    await interaction.response.autocomplete([])
            elif interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True, allowed_mentions=QUIET)
            else:
                await interaction.response.send_message(text, ephemeral=True,
                                                        allowed_mentions=QUIET)
        except discord.HTTPException as err:  # too late (3 s), or Discord's trouble
            log.warning("could not answer /%s in channel %s (%s)", what,
                        interaction.channel_id, err.status)
