"""The slash commands: thin cogs over MatchService."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord_bot import PortolanBot


async def add_cogs(bot: PortolanBot) -> None:
    from .empires import EmpiresCog
    from .game import GameCog
    from .help import HelpCog
    from .play import PlayCog
    from .ships import ShipsCog
    from .trader import TraderCog

    for cog in (GameCog(bot), PlayCog(bot), ShipsCog(bot), TraderCog(bot), EmpiresCog(bot),
                HelpCog(bot)):
        await bot.add_cog(cog)
