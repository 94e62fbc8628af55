"""Delivering notices: one channel message, private parts by DM, closed DMs don't stop play."""

from __future__ import annotations

import pytest

from bot.notices import DeliveryFailed, Notice
from bot.ui.text import MESSAGE_LIMIT

from .conftest import ALICE, BOB, CHANNEL, Table

SECRET = "Your hidden card"


async def play_a_card(table: Table) -> int:
    await table.lobby(ALICE, BOB)
    actor = await table.actor()
    card = await table.pick(actor, "play your card")
    version = await table.version()
    played = await table.move(actor, card.value)
    assert played.private[0].startswith("Done.\nYou draw a")
    assert await table.version() == version + 1  # the game went on
    return actor


async def test_private_lines_go_by_dm_only(table: Table) -> None:
    actor = await play_a_card(table)
    [dm] = table.users[actor].dms
    assert "You draw a" in dm.text and f"<#{CHANNEL}>" in dm.text
    assert all("You draw" not in t and SECRET not in t for t in table.channel.texts)
    assert any("plays a" in t for t in table.channel.texts)  # the public part is public
    assert not any("can't DM" in t for t in table.channel.texts)


async def test_closed_dms_are_pointed_to_my_view(table: Table, caplog) -> None:
    for user in table.users.values():
        user.dm_open = False
    actor = await play_a_card(table)
    name = table.users[actor].display_name
    assert f"{name}, I can't DM you; use the My view button." in table.channel.texts
    assert all("You draw" not in t and SECRET not in t for t in table.channel.texts)
    assert "You draw" not in caplog.text

    # still playable, and the pointer is not repeated every turn
    roll = await table.pick(actor, "roll")
    await table.move(actor, roll.value)
    other = await table.actor()
    card = await table.pick(other, "play your card")
    await table.move(other, card.value)
    texts = table.channel.texts
    assert texts.count(f"{name}, I can't DM you; use the My view button.") == 1
    other_name = table.users[other].display_name
    assert texts.count(f"{other_name}, I can't DM you; use the My view button.") == 1
    assert all("You draw" not in t for t in texts)


async def test_lines_beyond_one_message_go_first_and_the_last_one_pings(table: Table) -> None:
    """A catch-up after an outage can hold more lines than a message: none is cut, and the
    newest (the move asked for, the time to answer) are in the message that pings."""
    lines = [f"Line {i}: " + "the fleet sails on " * 5 for i in range(200)]
    await table.bot.deliver(Notice(1, CHANNEL, 0, lines=lines, ping=[ALICE, ALICE, BOB],
                                   ledger=True))
    *lead, message = table.channel.messages
    assert lead and all(len(m.text) <= MESSAGE_LIMIT for m in table.channel.messages)
    assert "\n".join(m.text for m in table.channel.messages) == \
        "\n".join([*lines, f"Your move: <@{ALICE}> <@{BOB}>"])
    assert all(not m.kwargs["allowed_mentions"].users and "view" not in m.kwargs
               for m in lead)  # only the last pings, and carries the buttons
    assert len({m.kwargs["nonce"] for m in table.channel.messages}) == len(lead) + 1
    assert all(len(m.kwargs["nonce"]) <= 25 for m in table.channel.messages)
    assert message.text.endswith(f"Your move: <@{ALICE}> <@{BOB}>")
    mentions = message.kwargs["allowed_mentions"]
    assert [u.id for u in mentions.users] == [ALICE, BOB]
    assert mentions.everyone is False and mentions.roles is False
    assert "file" not in message.kwargs  # no board in the middle of a turn...
    # ...but those asked to answer get a private way to do it
    (button,) = message.kwargs["view"].children
    assert button.custom_id.startswith("portolan:decidebtn:")


async def test_a_notice_for_a_lost_channel_says_so_for_good(table: Table) -> None:
    with pytest.raises(DeliveryFailed) as failed:
        await table.bot.deliver(Notice(1, 999, 0, lines=["Anyone there?"]))
    assert failed.value.permanent
    assert table.channel.messages == []


async def test_an_empty_notice_sends_nothing(table: Table) -> None:
    await table.bot.deliver(Notice(1, CHANNEL, 0))
    assert table.channel.messages == []


async def test_a_notice_that_outruns_the_shutdown_waits_for_the_next_start(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move still under way when the shutdown grace ends reaches Discord after the
    connection closed: it fails for now (posted at the next start), with no traceback."""
    closed = False

    async def session_closed(*args: object, **kwargs: object) -> None:
        nonlocal closed
        closed = True  # the client closed while the request was on its way
        raise RuntimeError("Session is closed")

    monkeypatch.setattr(table.channel, "send", session_closed)
    monkeypatch.setattr(table.bot, "is_closed", lambda: closed)
    with pytest.raises(DeliveryFailed) as failed:
        await table.bot.deliver(Notice(1, CHANNEL, 0, lines=["Late"]))
    assert not failed.value.permanent
    with pytest.raises(DeliveryFailed) as again:  # and nothing more is tried once closed
        await table.bot.deliver(Notice(1, CHANNEL, 1, lines=["Later"]))
    assert "closed" in again.value.reason


async def test_a_runtime_error_while_connected_is_not_hidden(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(table.channel, "send", broken)
    with pytest.raises(RuntimeError):
        await table.bot.deliver(Notice(1, CHANNEL, 0, lines=["Hello"]))


async def test_a_dm_that_fails_on_discords_side_is_no_closed_dm(table: Table, caplog) -> None:
    """A 5xx after discord.py's own retries is Discord's trouble, not the player's settings:
    nobody is told in the channel that their DMs are closed."""
    import discord

    class Troubled:
        status, reason = 503, "Service Unavailable"

    async def fails(content: str | None = None, **kwargs: object) -> None:
        raise discord.DiscordServerError(Troubled(), "try later")  # type: ignore[arg-type]

    table.users[ALICE].send = fails  # type: ignore[method-assign]
    await table.bot.deliver(Notice(1, CHANNEL, 0, lines=["A move."],
                                   private={ALICE: [SECRET]}))
    assert not any("can't DM" in t for t in table.channel.texts)
    assert SECRET not in caplog.text


async def test_a_long_private_part_reaches_the_player_whole(table: Table) -> None:
    lines = [f"Card {i}: " + "a secret cargo for a far port " * 3 for i in range(60)]
    await table.bot.deliver(Notice(1, CHANNEL, 0, lines=["A move."], private={ALICE: lines}))
    dms = table.users[ALICE].dms
    assert len(dms) > 1 and all(len(d.text) <= MESSAGE_LIMIT for d in dms)
    assert all(line in "\n".join(d.text for d in dms) for line in lines)


async def test_a_network_fault_on_the_closed_dm_pointer_sends_nothing_twice(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The move's post and the DMs went out; the line pointing a player with closed DMs to My
    view meets a dropped connection. The notice is delivered (not raised, which would have it
    sent again whole: every DM twice)."""
    await table.lobby(ALICE, BOB)
    table.users[BOB].dm_open = False
    posted = table.channel.send

    async def drops_the_pointer(content: str | None = None, **kwargs: object) -> object:
        if content is not None and "I can't DM you" in content:
            raise ConnectionResetError(104, "Connection reset by peer")
        return await posted(content, **kwargs)

    monkeypatch.setattr(table.channel, "send", drops_the_pointer)
    before = len(table.channel.messages)
    await table.bot.deliver(Notice(1, CHANNEL, 99, lines=["Anna sails."],
                                   private={ALICE: ["You draw a 3."], BOB: ["You draw a 2."]}))
    assert [m.text for m in table.channel.messages[before:]] == ["Anna sails."]
    assert [dm.text.splitlines()[-1] for dm in table.users[ALICE].dms] == ["You draw a 3."]
