"""The private message each seated player gets when the bot can no longer post in their game's
channel, as the real PortolanBot sends it through the fake Discord's users (DMs, never a
channel post): the words for each reason Discord gives, the day the game will be ended, and a
DM Discord refuses (closed, 403 50007) that breaks nothing and is not tried again."""

from __future__ import annotations

import logging
import time
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.service.deadlines import LEASE_SECONDS
from bot.service.lost_channels import WARN_AFTER
from bot.ui.channel_problems import NEEDED

from .conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock, Table
from .test_channel_faults import Refusing, match_id, opened, refuse_every_post, roll

DAY = 86400.0


async def look(table: Table, clock: FakeClock, after: float = WARN_AFTER + 1) -> None:
    """The bot's clock ticks ``after`` seconds from now (the table's storage keeps the real
    time; its service, the fake clock)."""
    clock.now = time.time() + after
    await table.service.tick()
    await table.service.idle()


def dms(table: Table, user: int) -> list[str]:
    return [sent.text for sent in table.users[user].dms]


async def ends_on(table: Table, game: int) -> str:
    since = await table.service.storage.unreachable_since(game)
    assert since is not None
    return f"<t:{int(since + 14 * DAY)}:D>"


async def test_a_deleted_channel_is_told_to_each_player_by_dm(
        table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    game = await match_id(table)
    Refusing(table).gone = True
    await table.bot.on_guild_channel_delete(SimpleNamespace(id=CHANNEL))  # type: ignore[arg-type]
    posted = len(table.channel.messages)
    before = {user: len(dms(table, user)) for user in (ALICE, BOB)}
    await look(table, clock)
    day = await ends_on(table, game)
    expected = (
        f"Your Harbour Race game in <#{CHANNEL}> is waiting: the bot cannot post in that "
        "channel because the channel was deleted. The game will be ended as abandoned (not "
        f"rated) on {day}.\n"
        "A deleted channel cannot be brought back, so the game cannot go on there; once it "
        "is ended, its players can still get its record with /game export in that server.\n"
        "(Sent once to each player of the game.)")
    for user in (ALICE, BOB):  # the same words for each: nothing of anyone's own
        assert dms(table, user)[before[user]:] == [expected]
    assert len(table.channel.messages) == posted  # never in a channel
    await look(table, clock, WARN_AFTER + LEASE_SECONDS + 1)  # and once
    await look(table, clock, 2 * DAY)
    assert [len(dms(table, user)) for user in (ALICE, BOB)] == [before[ALICE] + 1,
                                                               before[BOB] + 1]


@pytest.mark.parametrize(("status", "code", "kind", "why"), [
    (403, 50013, discord.Forbidden, "because it lacks a permission there"),
    (403, 50001, discord.Forbidden, "because it can no longer see that channel"),
])
async def test_a_missing_permission_says_which_ones_keep_the_game(
        table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, status: int,
        code: int, kind: type[discord.HTTPException], why: str) -> None:
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    game = await match_id(table)
    refuse_every_post(table, monkeypatch, kind, status, code, "no")
    await roll(table)  # its post refused: the channel is out of reach
    assert not await table.service.channel_reachable(game)
    await look(table, clock)
    [text] = dms(table, BOB)
    assert why in text
    assert f"give the bot {NEEDED} there" in text
    assert "The game then carries on where it stopped" in text
    assert "unless the bot can post there again before then" in text
    assert await ends_on(table, game) in text


async def test_a_removed_bot_says_to_invite_it_back(
        table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mention alone is shown as a name only to someone who can see the channel, so the
    names the bot still knows come with it."""
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    await table.bot.on_guild_remove(SimpleNamespace(id=GUILD))  # type: ignore[arg-type]
    monkeypatch.setattr(table.bot, "get_channel", lambda channel_id: SimpleNamespace(
        id=channel_id, name="harbour") if channel_id == CHANNEL else None)
    monkeypatch.setattr(table.bot, "get_guild", lambda guild_id: SimpleNamespace(
        id=guild_id, name="The Sailors") if guild_id == GUILD else None)
    Refusing(table).gone = True
    await look(table, clock)
    [text] = dms(table, ALICE)
    assert text.startswith(f"Your Harbour Race game in <#{CHANNEL}> (#harbour on the server "
                           "The Sailors) is waiting")
    assert "because it was removed from that server" in text
    assert "someone who manages the server can invite the bot back" in text


async def test_closed_dms_break_nothing_and_are_not_tried_again(
        table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    game = await match_id(table)
    Refusing(table).gone = True
    await table.bot.on_guild_channel_delete(SimpleNamespace(id=CHANNEL))  # type: ignore[arg-type]
    bob = table.users[BOB]
    bob.dm_open = False
    tries = []
    real = bob.send

    async def send(content: str | None = None, **kwargs: Any) -> None:
        tries.append(content)
        await real(content, **kwargs)

    monkeypatch.setattr(bob, "send", send)
    caplog.set_level(logging.INFO, logger="bot")
    posted = len(table.channel.messages)
    await look(table, clock)
    assert len(tries) == 1 and bob.dms == []
    assert "is waiting" in dms(table, ALICE)[-1]
    assert f"user {BOB} takes no private message (user {BOB}: 403 50007)" in caplog.text
    assert "Harbour Race game" not in caplog.text  # ids and codes only
    assert len(table.channel.messages) == posted  # no "use My view" for a channel gone
    await look(table, clock, WARN_AFTER + LEASE_SECONDS + 1)
    assert len(tries) == 1  # not tried again
    assert (await table.service.storage.get_match(game)).status == "active"
