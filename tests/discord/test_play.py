"""Whole games and single moves through the slash commands, against a real MatchService."""

from __future__ import annotations

import json

from bot.service import Choice
from bot.ui.text import NOTHING_CHANGED
from engine.core import Action

from .conftest import ALICE, BOB, CAROL, CHANNEL, Table

PRIVATE_MARKERS = ("Your hidden card", "You draw")


def assert_nothing_private(table: Table) -> None:
    for text in table.channel.texts:
        for marker in PRIVATE_MARKERS:
            assert marker not in text, text
    for inter in table.interactions:
        for sent in inter.public:
            for marker in PRIVATE_MARKERS:
                assert marker not in sent.text, sent.text


def assert_all_deferred(table: Table) -> None:
    for inter in table.interactions:
        kinds = [kind for kind, _ in inter.calls]
        if "followup" in kinds:
            assert inter.deferred_first, inter.calls


async def test_a_whole_game_from_new_to_export(table: Table) -> None:
    new = await table.game("new", ALICE, "race", "target=12 energy=1", 7)
    assert new.deferred_first
    assert "You opened a game of Harbour Race" in new.private[0]
    [opened] = new.public
    assert "Alice opened a game of **Harbour Race** (target=12, energy=1)" in opened.text
    join = await table.game("join", BOB)
    assert join.private == ["You have joined. The host starts the game with /game start."]
    assert "Bob joined." in join.public[0].text and "Alice, Bob" in join.public[0].text
    assert table.channel.messages == []

    start = await table.game("start", ALICE)
    assert start.private == ["The game has begun; the board is in the channel."]
    [board] = table.channel.messages
    assert "Harbour Race begins" in board.text
    assert board.kwargs["file"].filename.endswith(".png")
    assert board.kwargs["view"].timeout is None
    pinged = [u.id for u in board.kwargs["allowed_mentions"].users]
    assert pinged == [await table.actor()] and f"<@{pinged[0]}>" in board.text

    played_card = False
    for _ in range(200):
        if await table.match() is None:
            break
        actor = await table.actor()
        wanted = "roll" if played_card else "play your card"
        pick = await table.pick(actor, wanted)
        before = await table.version()
        move = await table.move(actor, pick.value)
        assert move.deferred_first
        assert move.private[0].startswith("Done."), move.private
        if not played_card:
            assert "You draw a" in move.private[0]  # the mover sees their draw, ephemerally
            played_card = True
        match = await table.match()
        assert match is None or match.version == before + 1
    else:
        raise AssertionError("the game did not end")

    assert any("The game is over (target reached)." in t for t in table.channel.texts)
    assert table.channel.messages[-1].kwargs.get("file") is not None
    assert await table.service.choices(CHANNEL, ALICE) == []
    assert_nothing_private(table)

    export = await table.game("export", BOB)
    record = json.loads(export.replies[0].kwargs["file"].fp.read())
    assert record["format"] == "portolan-match-1"
    assert record["setup"]["game"] == "race" and record["setup"]["seed"] == 7
    assert record["status"] == "finished" and record["actions"]
    assert_all_deferred(table)


async def test_autocomplete_offers_only_legal_moves_filtered(table: Table) -> None:
    await table.lobby(ALICE, BOB)
    actor = await table.actor()
    other = BOB if actor == ALICE else ALICE
    legal = await table.service.choices(CHANNEL, actor)
    offered = await table.suggest(actor)
    assert 0 < len(offered) <= 25
    assert [(c.name, c.value) for c in offered] == [(c.label, c.value) for c in legal]
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for c in offered)
    assert [c.name for c in await table.suggest(actor, "BOOST")] == [
        c.label for c in legal if "boost" in c.label.lower()]
    assert await table.suggest(actor, "no such move") == []
    assert await table.suggest(other) == []
    assert await table.suggest(CAROL) == []


async def test_autocomplete_stops_at_25_and_cuts_long_labels(table: Table, monkeypatch) -> None:
    many = [Choice(f"v0:{i}", f"Sail to harbour {i} " + "x" * 120, Action(type="roll"))
            for i in range(40)]

    async def fake_choices(channel_id: int, user_id: int) -> list[Choice]:
        return many

    monkeypatch.setattr(table.service, "choices", fake_choices)
    offered = await table.suggest(ALICE, "harbour")
    assert len(offered) == 25
    assert all(len(c.name) == 100 for c in offered)
    assert [c.value for c in offered] == [c.value for c in many[:25]]


async def test_moves_out_of_turn_or_by_onlookers_are_refused_and_change_nothing(
    table: Table
) -> None:
    await table.lobby(ALICE, BOB)
    actor = await table.actor()
    other = BOB if actor == ALICE else ALICE
    roll = await table.pick(actor, "roll")
    version = await table.version()

    late = await table.move(other, roll.value)
    assert late.private == [f"It is {table.users[actor].display_name}'s turn, not yours."]
    watcher = await table.move(CAROL, roll.value)
    assert watcher.private == ["You are not playing in this game; you can watch it."]
    typed = await table.move(other, "Roll")
    assert typed.private == late.private
    assert await table.version() == version
    assert not late.public and not watcher.public


async def test_a_stale_choice_is_out_of_date(table: Table) -> None:
    await table.lobby(ALICE, BOB)
    actor = await table.actor()
    boost = await table.pick(actor, "boost")
    done = await table.move(actor, boost.value)
    assert done.private[0].startswith("Done.")
    version = await table.version()

    again = await table.move(actor, boost.value)  # the same choice again: a second send
    assert len(again.private) == 1 and "Already done" in again.private[0]
    assert await table.version() == version
    second = await table.pick(actor, "boost")
    await table.move(actor, second.value)
    version = await table.version()
    stale = await table.move(actor, boost.value)  # two moves on: the list moved on
    assert len(stale.private) == 1 and "out of date" in stale.private[0]
    assert await table.version() == version


async def test_undo_takes_back_a_boost(table: Table) -> None:
    await table.lobby(ALICE, BOB)
    actor = await table.actor()
    boost = await table.pick(actor, "boost")
    await table.move(actor, boost.value)
    undo = await table.game("undo", actor)
    assert undo.private == ["Undone: Boost (+1 to your roll, 2 left)."]  # it names the action
    assert any("took back: Boost (+1 to your roll, 2 left)." in t for t in table.channel.texts)
    nothing = await table.game("undo", actor)
    assert "nothing to undo" in nothing.private[0]


async def test_lobby_errors_are_ephemeral_and_verbatim(table: Table) -> None:
    unknown = await table.game("new", ALICE, "chess")
    (message,) = unknown.private
    assert message.startswith("There is no game 'chess'. Games: ")
    assert "Harbour Race (race)" in message
    bad = await table.game("new", ALICE, "race", "target:30")
    assert "name=value" in bad.private[0]
    low = await table.game("new", ALICE, "race", "target=2")
    assert low.private == ["Option target is at least 8."]
    assert await table.match() is None

    await table.game("new", ALICE, "Harbour Race")  # a name typed by hand works too
    busy = await table.game("new", BOB, "race")
    assert "already has a game" in busy.private[0]
    early = await table.game("start", ALICE)
    assert early.private[0].startswith("Harbour Race needs 2 to 4 players; 1 have joined.")
    not_host = await table.game("start", BOB)
    assert not_host.private == ["Only the host who created the game can do that."]
    host_leaves = await table.game("leave", ALICE)
    assert "You are the host" in host_leaves.private[0]
    for inter in (unknown, bad, low, busy, early, not_host, host_leaves):
        assert inter.deferred_first and not inter.public
    assert await table.version() == 0


async def test_addbot_and_bot_turns(table: Table) -> None:
    await table.game("new", ALICE, "race", "target=10", 3)
    added = await table.game("addbot", ALICE)
    # Harbour Race has no bot of its own, so the only one it has, random, is its default
    assert added.private == ["Bot 1 (random) added."]
    assert "added a random bot, Bot 1 (random)." in added.public[0].text
    await table.game("start", ALICE)
    for _ in range(100):
        await table.service.idle()
        if await table.match() is None:
            break
        roll = await table.pick(ALICE, "roll")
        await table.move(ALICE, roll.value)
    assert await table.match() is None
    assert any("The game is over" in t for t in table.channel.texts)


async def test_settings_status_board_and_abort(table: Table) -> None:
    await table.lobby(ALICE, BOB)
    shown = await table.game("settings", ALICE)
    assert "Turn deadline: off" in shown.private[0]
    saved = await table.game("settings", ALICE, 24, "bot")
    assert saved.private == ["Saved: 24 h per turn; then a bot plays the late turn; 300 s to "
                             "answer reactions, bids and bribes."]
    assert "Alice set the turn deadline" in saved.public[0].text
    refused = await table.game("settings", BOB, 1)
    assert refused.private == ["Only the host who created the game can do that."]

    status = await table.game("status", CAROL)
    assert "Harbour Race, active. Players:" in status.private[0]
    assert "24 h per turn, then bot" in status.private[0]

    board = await table.game("board", CAROL)
    assert board.private == ["The board is posted below."]
    [posted] = board.public
    assert posted.kwargs["file"].filename.endswith(".png")
    assert [item.custom_id.split(":")[1] for item in posted.kwargs["view"].children] == [
        "myview", "moves", "board", "rules"]

    live = await table.game("export", ALICE)
    assert live.private[0].startswith("The record can be exported once the game is over")
    not_allowed = await table.game("abort", BOB)
    assert not_allowed.private == [
        "Only the host or someone with Manage Channels can abort the game."]
    asked = await table.game("abort", BOB, manage_channels=True)
    assert asked.private == ["This ends the game for everyone, with no result. Press the "
                             "button to end it; otherwise the game goes on."]
    assert await table.match() is not None  # asked, not done
    [button] = asked.replies[0].kwargs["view"].children
    other = table.interaction(ALICE)
    await button.callback(other)  # only the one who asked may confirm
    assert other.private[0].startswith("This button is for the person who asked")
    assert await table.match() is not None
    aborted = await table.abort(BOB, manage_channels=True)
    assert aborted.private == ["The game is aborted."]
    assert table.channel.texts[-1] == "The game was aborted."
    assert await table.match() is None
    exported = await table.game("export", ALICE)
    assert json.loads(exported.replies[0].kwargs["file"].fp.read())["status"] == "aborted"


async def test_unexpected_errors_are_logged_and_say_nothing_changed(
    table: Table, monkeypatch, caplog
) -> None:
    await table.game("new", ALICE, "race")

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(table.service, "join", broken)
    inter = await table.game("join", BOB)
    assert inter.private == [NOTHING_CHANGED] and not inter.public
    assert "disk on fire" in caplog.text


async def test_private_view_command(table: Table) -> None:
    await table.lobby(ALICE, BOB)
    mine = await table.game("view", ALICE)
    assert mine.deferred_first
    assert "Your hidden card:" in mine.private[0]
    assert mine.replies[0].kwargs["file"].filename == "my-view.png"
    onlooker = await table.game("view", CAROL)
    assert "You are not playing in this game" in onlooker.private[0]
    assert_nothing_private(table)


async def test_my_view_shows_every_move_by_command_over_several_messages(table: Table) -> None:
    """A Ships opening offers some forty moves: My view lists every one, grouped under the
    command that plays it, in messages that each fit Discord's limit."""
    await table.game("new", ALICE, "ships", None, 3)
    await table.game("join", BOB)
    await table.game("start", ALICE)
    mover = ALICE if await table.service.choices(CHANNEL, ALICE) else BOB
    moves = await table.service.choices(CHANNEL, mover)
    mine = await table.game("view", mover)
    assert mine.replies[0].kwargs["file"].filename == "my-view.png"
    text = "\n".join(mine.private)
    assert all(len(page) <= 2000 for page in mine.private)
    listed = [line for line in text.splitlines() if line.startswith("  - ")]
    assert len(listed) == len(moves) > 25
    assert "/ships place:" in text and "/ships end:" in text
