"""Answering interactions: defer at once, follow up ephemerally, turn errors into replies.

Discord wants an answer within 3 seconds; storage and rendering may take longer, so every
command and button that touches them defers first (ephemerally: the first follow-up inherits
that) and sends what it has to say as follow-ups. A public announcement, when there is one,
is a second follow-up, which may be public.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Callable, Coroutine
from types import TracebackType
from typing import Any, TypeVar

import discord

from bot.painter import WorkTimedOut
from bot.service import MatchService, ServiceError

from .text import DONE_BUT_FAILED, DONE_BUT_NOT_DRAWN, NOT_DRAWN, NOTHING_CHANGED, clip

log = logging.getLogger(__name__)

QUIET = discord.AllowedMentions.none()
Item = TypeVar("Item")


def service_of(interaction: discord.Interaction[Any]) -> MatchService:
    """The match service of the bot that received ``interaction``."""
    service: MatchService | None = getattr(interaction.client, "service", None)
    if service is None:
        raise RuntimeError("the bot has no match service yet")
    return service


def sent_at(interaction: discord.Interaction[Any]) -> float:
    """When the user sent the interaction (the time in its snowflake id), in seconds since the
    epoch: the service counts a command that arrives twice once."""
    return interaction.created_at.timestamp()


ALREADY_ACKNOWLEDGED = 40060  # Discord: "Interaction has already been acknowledged"
UNKNOWN_INTERACTION = 10062  # Discord: the interaction's 3 s to be acknowledged are over


class Unanswerable(Exception):
    """The interaction came too late to be answered (Discord: Unknown interaction, 10062):
    nothing was done, and the log says so in a line."""


def answers(callback: Callable[[Item, discord.Interaction[Any]], Coroutine[Any, Any, None]]
            ) -> Callable[[Item, discord.Interaction[Any]], Coroutine[Any, Any, None]]:
    """A button's or a menu's callback, quiet about an interaction that came too late (see
    :class:`Unanswerable`), where discord.py would log it with a traceback."""

    @functools.wraps(callback)
    async def run(item: Item, interaction: discord.Interaction[Any]) -> None:
        with contextlib.suppress(Unanswerable):
            await callback(item, interaction)

    return run


async def defer(interaction: discord.Interaction[Any]) -> None:
    """Acknowledges the interaction ("thinking", privately), unless that is done already.

    discord.py sends a request again when Discord answers it with a 5xx, which Discord does
    now and then after taking it: the deferral sent again is refused as already acknowledged
    (40060). The interaction is then deferred, and its answer follows up as usual, where the
    user would be left with "thinking..." and no answer."""
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.HTTPException as err:
        if err.code != ALREADY_ACKNOWLEDGED:
            raise
        log.info("interaction %s in channel %s was already acknowledged; following up",
                 interaction.id, interaction.channel_id)
        # what discord.py records once a deferral gets through, so that is_done() says so
        interaction.response._response_type = (
            discord.InteractionResponseType.deferred_channel_message)


async def tell(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral follow-up: only the user who asked sees it."""
    await interaction.followup.send(clip(text), ephemeral=True, allowed_mentions=QUIET, **kwargs)


async def announce(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """A public follow-up in the channel (never the first one: that one is ephemeral)."""
    await interaction.followup.send(clip(text), ephemeral=False, allowed_mentions=QUIET, **kwargs)


class answering:  # noqa: N801 - used as ``async with answering(interaction) as attempt``
    """Defers the interaction, then runs the body; a :class:`ServiceError` becomes its message,
    verbatim and ephemeral; anything else is logged and the user is told whether their request
    took effect. Set ``changed`` once a service call that changes a game has returned."""

    def __init__(self, interaction: discord.Interaction[Any], what: str) -> None:
        self.interaction = interaction
        self.what = what
        self.changed = False

    under_way = 0  # answers being given now, so a shutdown can let them finish

    @classmethod
    async def all_sent(cls) -> None:
        """Waits until no interaction is being answered."""
        while cls.under_way:
            await asyncio.sleep(0.05)

    async def __aenter__(self) -> answering:
        type(self).under_way += 1
        try:
            await defer(self.interaction)
        except discord.NotFound as err:
            type(self).under_way -= 1
            if err.code != UNKNOWN_INTERACTION:
                raise
            # it reached the bot after Discord's 3 s: the user has been told it failed, so
            # nothing is done (they may send it again); a line in the log, no traceback
            late = time.time() - sent_at(self.interaction)
            log.warning("%s in channel %s came %.1f s after it was sent, too late to answer; "
                        "nothing was done", self.what, self.interaction.channel_id, late)
            raise Unanswerable(self.what) from None
        except BaseException:
            type(self).under_way -= 1
            raise
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> bool:
        try:
            return await self._finish(exc, tb)
        finally:
            type(self).under_way -= 1

    async def _finish(self, exc: BaseException | None, tb: TracebackType | None) -> bool:
        if exc is None or not isinstance(exc, Exception):
            return False  # success, or cancellation: let it through
        if isinstance(exc, ServiceError):
            await self._reply(str(exc))
            return True
        if isinstance(exc, WorkTimedOut):  # the pool that gave it up has said so in the log
            await self._reply(DONE_BUT_NOT_DRAWN if self.changed else NOT_DRAWN)
            return True
        log.error(
            "%s failed in channel %s for user %s",
            self.what, self.interaction.channel_id, self.interaction.user.id,
            exc_info=(type(exc), exc, tb),
        )
        await self._reply(DONE_BUT_FAILED if self.changed else NOTHING_CHANGED)
        return True

    async def _reply(self, text: str) -> None:
        try:
            await tell(self.interaction, text)
        except discord.HTTPException:
            log.warning("could not answer %s in channel %s", self.what,
                        self.interaction.channel_id)
