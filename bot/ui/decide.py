"""The "Decide" menu: a pending decision's choices (goods to return, a card's action), offered
under the deciding player's own ephemeral reply, so only they see it.

It is a :class:`discord.ui.DynamicItem`: the custom_id carries the match id and the version the
choices were listed at, so it works after a restart, and a pick from an older list is refused
as out of date instead of playing something else. The picked value is a ``MatchService.choices``
value, played through ``act_choice``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.commands import Answer, after
from bot.service import Choice

from .channel_problems import undelivered_text
from .replies import answering, answers, sent_at, service_of, tell
from .text import (
    CHOICE_LIMIT,
    CHOICE_TEXT_LIMIT,
    ELLIPSIS,
    choice_names,
    join_lines,
    unreadable_move,
)

Select = discord.ui.Select[discord.ui.View]

MENU_LIMIT = CHOICE_LIMIT  # options in one select menu
MORE = "More choices than fit here: type your game's decide command (or /move) to search them."


def _custom_id(match_id: int, version: int) -> str:
    return f"portolan:decide:{match_id}:{version}"


class DecideSelect(discord.ui.DynamicItem[Select],
                   template=r"^portolan:decide:(?P<match>[0-9]{1,19}):(?P<version>[0-9]{1,10})$"):
    """A menu of the decision's choices at one version of one match."""

    def __init__(self, match_id: int, version: int,
                 choices: Sequence[Choice] = ()) -> None:
        shown = [c for c in choices[:MENU_LIMIT] if len(c.value) <= CHOICE_TEXT_LIMIT]
        # a label cut short shows its end under it (Discord gives an option a description)
        options = [discord.SelectOption(label=name, value=c.value,
                                        description=None if name == c.label else
                                        ELLIPSIS + c.label[len(c.label) - 99:])
                   for c, name in zip(shown, choice_names([c.label for c in shown]),
                                      strict=True)]
        select: Select = discord.ui.Select(
            custom_id=_custom_id(match_id, version), placeholder="Decide",
            min_values=1, max_values=1,
            options=options or [discord.SelectOption(label="(nothing to decide)", value="-")],
        )
        super().__init__(select)
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> DecideSelect:
        return cls(int(match["match"]), int(match["version"]))

    @answers
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = list(self.item.values)
        await decide_from_menu(interaction, self.match_id, self.version,
                               values[0] if values else "")


def decide_view(match_id: int, version: int, choices: Sequence[Choice]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DecideSelect(match_id, version, choices))
    return view


async def decide_from_menu(interaction: discord.Interaction[Any], match_id: int, version: int,
                           value: str) -> None:
    """Plays the picked choice, if the menu is still the current one for this match."""
    async with answering(interaction, "decide menu") as attempt:
        service = service_of(interaction)
        match = await service.match(match_id)
        if match.status != "active":
            await tell(interaction, "This game is over." if match.status != "lobby"
                       else "The game has not started yet.")
            return
        if (match.version != version or not value.startswith(f"v{version}:")
                or unreadable_move(value)):
            await tell(interaction, "That menu is out of date: the game has moved on. "
                       "Use your game's decide command (or /move) to see what is waiting now.")
            return
        result = await service.act_choice(match.channel_id, interaction.user.id, value,
                                          sent_at=sent_at(interaction))
        attempt.changed = result.ok
        await answer_with_menu(interaction, await after(service, None, match.channel_id,
                                                        interaction.user.id, result))


async def answer_with_menu(interaction: discord.Interaction[Any], found: Answer) -> None:
    """A command's private answer (see :class:`bot.commands.Answer`), with its choices as a
    Decide menu when it has some; and, when the channel did not take the move's post, why
    and what would fix it."""
    text = found.text
    if found.result is not None and found.result.ok and found.result.undelivered:
        text = join_lines([text, undelivered_text(found.result.undelivered)])
    if not found.menu:
        await tell(interaction, text)
        return
    more = [MORE] if len(found.menu) > MENU_LIMIT else []
    await tell(interaction, join_lines([text, *more]),
               view=decide_view(found.match_id, found.version, found.menu))


class DecideButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"^portolan:decidebtn:(?P<match>[0-9]{1,19}):(?P<version>[0-9]{1,10})$"):
    """Under a message that asks someone to answer on another player's turn (Pirates, a
    reaction window, a bid): opens that player's choices privately, as a Decide menu."""

    def __init__(self, match_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(
            label="Decide", style=discord.ButtonStyle.primary,
            custom_id=f"portolan:decidebtn:{match_id}:{version}"))
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> DecideButton:
        return cls(int(match["match"]), int(match["version"]))

    @answers
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, "decide button"):
            service = service_of(interaction)
            match = await service.match(self.match_id)
            if match.status != "active":
                await tell(interaction, "That question is out of date: the game is over.")
                return
            # what is asked of the clicker now, even if the game moved on since the button
            # was posted (another answer, a move gathered into the turn's message): the menu
            # carries the version it was made at
            waiting = await service.choices(match.channel_id, interaction.user.id)
            waiting = [c for c in waiting if c.action.type != "undo"]
            if not waiting:
                await tell(interaction, "Nothing is waiting for you here." if
                           match.version == self.version else
                           "That question is out of date: the game has moved on.")
                return
            more = [MORE] if len(waiting) > MENU_LIMIT else []
            await tell(interaction, join_lines(["Your choices:", *more]),
                       view=decide_view(match.id, match.version, waiting))


def decide_button_view(match_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DecideButton(match_id, version))
    return view
