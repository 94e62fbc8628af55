"""The slash commands: thin cogs over MatchService."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord_bot import PortolanBot


async def add_cogs(bot: PortolanBot) -> None:
    from .game import GameCog
    from .game_commands import game_groups
    from .help import HelpCog
    from .play import PlayCog
    from .records import RecordsCog

    for cog in (GameCog(bot), PlayCog(bot), HelpCog(bot), RecordsCog(bot)):
        await bot.add_cog(cog)
    for group in game_groups():  # one per registered game, from its command table
        bot.tree.add_command(group)
