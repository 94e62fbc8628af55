"""The buttons under a board message.

Each is a :class:`discord.ui.DynamicItem`: its custom_id carries the match id and the state
version the board showed, so the bot rebuilds the button from the id alone -- after a restart
too -- and keeps nothing in memory. Clicks answer ephemerally.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import ButtonStyle

from bot.painter import WorkTimedOut
from engine.core import registry
from engine.core.commands import grouped_moves

from . import lookup
from .replies import answering, answers, service_of, tell
from .text import OUT_OF_DATE, pages, rules_text

Button = discord.ui.Button[discord.ui.View]
NO_VIEW_PICTURE = "(Your board could not be drawn in time: the bot is busy. Ask again for it.)"

_IDS = r":(?P<match>[0-9]{1,19}):(?P<version>[0-9]{1,10})$"


def _custom_id(kind: str, match_id: int, version: int) -> str:
    return f"portolan:{kind}:{match_id}:{version}"


def _ids(match: re.Match[str]) -> tuple[int, int]:
    return int(match["match"]), int(match["version"])


class MyViewButton(discord.ui.DynamicItem[Button], template=r"^portolan:myview" + _IDS):
    """Your private view now (hand, cash, moves) and the board as your seat sees it."""

    def __init__(self, match_id: int, version: int) -> None:
        super().__init__(Button(label="My view", style=ButtonStyle.primary,
                                custom_id=_custom_id("myview", match_id, version)))
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> MyViewButton:
        return cls(*_ids(match))

    @answers
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await show_my_view(interaction, self.match_id)


class MovesButton(discord.ui.DynamicItem[Button], template=r"^portolan:moves" + _IDS):
    """Your legal moves, if this board is still the newest."""

    def __init__(self, match_id: int, version: int) -> None:
        super().__init__(Button(label="Legal moves", style=ButtonStyle.secondary,
                                custom_id=_custom_id("moves", match_id, version)))
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> MovesButton:
        return cls(*_ids(match))

    @answers
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await show_moves(interaction, self.match_id, self.version)


class BoardButton(discord.ui.DynamicItem[Button], template=r"^portolan:board" + _IDS):
    """The public board as it is now (the message may be old)."""

    def __init__(self, match_id: int, version: int) -> None:
        super().__init__(Button(label="Current board", style=ButtonStyle.secondary,
                                custom_id=_custom_id("board", match_id, version)))
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> BoardButton:
        return cls(*_ids(match))

    @answers
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await show_board(interaction, self.match_id)


class RulesButton(discord.ui.DynamicItem[Button], template=r"^portolan:rules" + _IDS):
    """The game's summary, options and bots."""

    def __init__(self, match_id: int, version: int) -> None:
        super().__init__(Button(label="Rules", style=ButtonStyle.secondary,
                                custom_id=_custom_id("rules", match_id, version)))
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RulesButton:
        return cls(*_ids(match))

    @answers
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await show_rules(interaction, self.match_id)


class AbortButton(discord.ui.DynamicItem[Button],
                  template=r"^portolan:abort:(?P<match>[0-9]{1,19}):(?P<user>[0-9]{1,20})$"):
    """The confirmation /game abort asks for: only the user who asked may press it, and it ends
    only the game it was asked about."""

    def __init__(self, match_id: int, user_id: int) -> None:
        super().__init__(Button(label="End the game for everyone", style=ButtonStyle.danger,
                                custom_id=f"portolan:abort:{match_id}:{user_id}"))
        self.match_id, self.user_id = match_id, user_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> AbortButton:
        return cls(int(match["match"]), int(match["user"]))

    @answers
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, "abort button") as attempt:
            if interaction.user.id != self.user_id:
                await tell(interaction, "This button is for the person who asked to abort; "
                           "use /game abort yourself.")
                return
            service = service_of(interaction)
            match = await service.current(interaction.channel_id or 0)
            if match is None or match.id != self.match_id:
                await tell(interaction, "That game is already over.")
                return
            permissions = interaction.permissions
            await service.abort(match.channel_id, interaction.user.id,
                                can_manage=bool(permissions and permissions.manage_channels))
            attempt.changed = True
            await tell(interaction, "The game is aborted.")


def abort_view(match_id: int, user_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AbortButton(match_id, user_id))
    return view


def _decide_items() -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    from .decide import DecideButton, DecideSelect

    return DecideButton, DecideSelect


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MyViewButton, MovesButton, BoardButton, RulesButton, AbortButton, *_decide_items(),
)


def board_view(match_id: int, version: int, *, finished: bool = False) -> discord.ui.View:
    """The buttons for the board of ``match_id`` at ``version``; never times out."""
    view = discord.ui.View(timeout=None)
    if not finished:
        view.add_item(MyViewButton(match_id, version))
        view.add_item(MovesButton(match_id, version))
        view.add_item(BoardButton(match_id, version))
    view.add_item(RulesButton(match_id, version))
    return view


def png_file(png: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


# --- what the clicks do (plain functions, so tests and commands can call them) ---------------
async def show_my_view(interaction: discord.Interaction[Any], match_id: int | None) -> None:
    """The present, whatever the button's version: private lines, moves, the seat's board.
    (``match_id`` is the board's match, if asked from a board; None from /game view.)"""
    async with answering(interaction, "my view"):
        service = service_of(interaction)
        current, lines = await service.private_summary(interaction.channel_id or 0,
                                                       interaction.user.id)
        if match_id is not None and current != match_id:
            lines.insert(0, "That board is from another game; here is yours in this channel.")
        try:
            picture = {"file": png_file(await service.render(current,
                                                             viewer_user=interaction.user.id),
                                        "my-view.png")}
        except WorkTimedOut:  # the lines are what matters: the hand, the moves
            picture = {}
            lines.append(NO_VIEW_PICTURE)
        first, *rest = pages(lines) or [""]  # every move, over as many messages as it takes
        await tell(interaction, first, **picture)
        for page in rest:
            await tell(interaction, page)


async def show_moves(interaction: discord.Interaction[Any], match_id: int, version: int) -> None:
    async with answering(interaction, "legal moves"):
        service = service_of(interaction)
        match = await lookup.match_row(service, match_id)
        if match.status != "active":
            await tell(interaction, _not_live(match.status))
            return
        if match.version != version and await lookup.board_replaced(service, match_id, version):
            await tell(interaction, OUT_OF_DATE)
            return
        channel_id = interaction.channel_id or match.channel_id
        found = await service.commanding(channel_id, interaction.user.id)
        if found is None or not found.choices:
            await tell(interaction, await lookup.why_no_moves(service, channel_id,
                                                              interaction.user.id))
            return
        # message text: a player's name in a move's label (a claim to challenge) as typed,
        # its markdown escaped and its mentions broken (a menu's label takes it as it is)
        lines = ["Your moves (play one with /move, or with the command it is listed under):",
                 *grouped_moves(found.game.commands(),
                                service.moves_text(found.choices, found.names))]
        for page in pages(lines):
            await tell(interaction, page)


async def show_board(interaction: discord.Interaction[Any], match_id: int) -> None:
    async with answering(interaction, "current board"):
        service = service_of(interaction)
        match = await lookup.match_row(service, match_id)
        png = await service.render(match_id)
        note = "The board now." if match.status == "active" else _not_live(match.status)
        await tell(interaction, note, file=png_file(png, f"board-{match_id}-{match.version}.png"))


async def show_rules(interaction: discord.Interaction[Any], match_id: int) -> None:
    async with answering(interaction, "rules"):
        match = await lookup.match_row(service_of(interaction), match_id)
        await tell(interaction, rules_text(registry.get(match.game)))


def _not_live(status: str) -> str:
    if status == "aborted":
        return "This game was aborted."
    if status == "lobby":
        return lookup.NOT_STARTED
    return "This game is over."
