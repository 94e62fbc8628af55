"""Names people and servers choose, shown in the bot's messages: their markdown escaped and
their mentions broken, so that a display name such as ``**Alice** @everyone`` reads as typed,
does not bold or underline the text around it, and pings nobody (the allowed mentions stop the
notification; the escaping stops the highlight and the formatting)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.ui.text import shown_name

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, Table
from .test_deliver import play_a_card

HOSTILE = "**Alice** @everyone"
MENTION = "<@123456789012345678>"


@pytest.mark.parametrize(("name", "shown"), [
    ("**Alice**", r"\*\*Alice\*\*"),
    ("__init__", r"\_\_init\_\_"),
    ("||spoiler|| `x`", r"\|\|spoiler\|\| \`x\`"),
    ("# Big", r"\# Big"),
    ("> quote", r"\> quote"),
    ("@everyone @here", "@\u200beveryone @\u200bhere"),
    (MENTION, "<@\u200b123456789012345678>"),
    ("Plain Name", "Plain Name"),
])
def test_a_name_is_shown_as_typed(name: str, shown: str) -> None:
    assert shown_name(name) == shown


async def test_announcements_show_a_hostile_name_escaped(table: Table) -> None:
    table.users[ALICE].display_name = HOSTILE
    table.users[BOB].display_name = MENTION
    new = await table.game("new", ALICE, "race", "target=12", 7)
    join = await table.game("join", BOB)
    opened, joined = new.public[0].text, join.public[0].text
    assert opened.startswith(r"\*\*Alice\*\* @" "\u200beveryone opened a game of **"), opened
    assert "**Alice**" not in opened and "@everyone" not in opened
    assert joined.startswith("<@\u200b123456789012345678> joined."), joined
    leave = await table.game("leave", BOB)
    assert MENTION not in leave.public[0].text


async def test_a_closed_dm_names_its_player_escaped(table: Table) -> None:
    for user in table.users.values():
        user.dm_open = False
        user.display_name = "__Bob__ @here"
    await play_a_card(table)
    told = [t for t in table.channel.texts if "I can't DM you" in t]
    assert told and all(t.startswith(r"\_\_Bob\_\_ @" "\u200bhere, I can't DM you")
                        for t in told), told


def test_a_lost_channel_dm_names_channel_and_server_escaped(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table.bot, "get_channel", lambda channel_id: SimpleNamespace(
        id=channel_id, name="__harbour__"))
    monkeypatch.setattr(table.bot, "get_guild", lambda guild_id: SimpleNamespace(
        id=guild_id, name="**The Sailors** @everyone"))
    assert table.bot._where(CHANNEL, GUILD) == (
        rf"<#{CHANNEL}> (#\_\_harbour\_\_ on the server \*\*The Sailors\*\* @" "\u200beveryone)")


async def test_a_game_in_play_writes_hostile_names_escaped_and_labels_them_as_typed(
        table: Table) -> None:
    """The names the service writes into the game's own lines (who begins, whose turn it is,
    a move refused out of turn, /game status) are escaped too; a move's label in a menu or an
    autocomplete is plain text to Discord, so a name there stays as typed."""
    table.users[ALICE].display_name = HOSTILE
    table.users[BOB].display_name = "__Bob__"
    await table.lobby(ALICE, BOB)
    posted = "\n".join(table.channel.texts)
    assert "**Alice**" not in posted and "@everyone" not in posted, posted
    assert r"\*\*Alice\*\* @" "\u200beveryone" in posted and r"\_\_Bob\_\_" in posted, posted
    actor = await table.actor()
    other = BOB if actor == ALICE else ALICE
    roll = await table.pick(actor, "roll")
    late = await table.move(other, roll.value)
    escaped = shown_name(table.users[actor].display_name)
    assert late.private == [f"It is {escaped}'s turn, not yours."], late.private
    [status] = (await table.game("status", CAROL)).private
    assert r"\*\*Alice\*\*" in status and r"\_\_Bob\_\_" in status, status
    assert "**Alice**" not in status.replace(r"\*\*Alice\*\*", ""), status
    labels = [c.name for c in await table.suggest(actor)]
    assert labels and not any("\\" in label for label in labels), labels


async def test_the_legal_moves_button_writes_a_name_in_a_move_escaped(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move's label that names a player (an Ocean Trader claim to challenge) is message text
    in the Legal moves list: the name there is escaped as in the game's own lines, and stays
    as typed in the autocomplete."""
    from bot.ui.buttons import MovesButton
    from engine.ocean_trader.state import OceanTraderState

    from .test_game_commands import actor, new_game

    table.draw_placeholder_boards(monkeypatch)
    table.users[ALICE].display_name = "**Alice** <@123456789012345678>"
    table.users[BOB].display_name = "__Bob__ @everyone"
    await new_game(table, "ocean_trader", "variant=full")
    match = await table.match()
    assert match is not None
    position = await table.service.state_of(match.id)  # the service's own copy
    assert isinstance(position, OceanTraderState)
    for player in position.players:  # a certificate each: one to claim, one to show
        player.shares += 1
        position.banker_shares -= 1
    claimant = await actor(table)
    [claim] = [c for c in await table.service.choices(CHANNEL, claimant)
               if c.action.type == "claim_majority"]
    assert (await table.service.act_choice(CHANNEL, claimant, claim.value)).ok
    for _ in range(40):  # the claimant's turn goes on to its end
        if await actor(table) != claimant:
            break
        choices = [c for c in await table.service.choices(CHANNEL, claimant)
                   if c.action.type != "undo"]
        pick = next((c for c in choices if c.action.type in ("end_turn", "throw_dice",
                                                               "choose_route", "dock")),
                    choices[0])
        assert (await table.service.act_choice(CHANNEL, claimant, pick.value)).ok, pick
    challenger = await actor(table)
    assert challenger != claimant
    typed = table.users[claimant].display_name
    match = await table.match()
    assert match is not None
    inter = table.interaction(challenger)
    await MovesButton(match.id, match.version).callback(inter)
    listed = "\n".join(inter.private)
    assert f"Challenge {shown_name(typed)}'s claim" in listed, listed
    assert typed not in listed
    labels = [c.name for c in await table.suggest(challenger, "challenge")]
    assert any(name.startswith(f"Challenge {typed}'s claim") for name in labels), labels
    # My view lists the same moves as message text
    _, mine = await table.service.private_summary(CHANNEL, challenger)
    assert any(f"Challenge {shown_name(typed)}'s claim" in line for line in mine), mine
    assert not any(typed in line for line in mine), mine
