"""A game's channel that does not hear the game: the bot lacks Attach Files or Send Messages
there, the channel or thread is deleted, the bot is removed from the server; and a commit
whose answer was lost on its way back from the database.

Discord's refusals are raised as discord.py raises them (``discord.Forbidden`` and
``discord.NotFound`` with Discord's JSON error codes: 50013 Missing Permissions, 50001
Missing Access, 10003 Unknown Channel); the database is a real SQLite file, with a fault
injected only at the COMMIT boundary."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.storage.db as db
from bot.service.announcements import REFUSED_FIRST
from bot.storage.errors import DatabaseError
from bot.ui.channel_problems import NEEDED
from bot.ui.text import NOTHING_CHANGED

from .conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock, FakeInteraction, Table

STARTED = "The game has begun; the board is in the channel."


def http_error(kind: type[discord.HTTPException], status: int, code: int,
               message: str) -> discord.HTTPException:
    return kind(SimpleNamespace(status=status, reason=message),  # type: ignore[arg-type]
                {"code": code, "message": message})



def refuse_every_post(table: Table, monkeypatch: pytest.MonkeyPatch,
                      kind: type[discord.HTTPException], status: int, code: int,
                      message: str) -> None:
    """Discord refuses every post in the table's channel from now on, with that error."""
    async def refused(*args: Any, **kwargs: Any) -> None:
        raise http_error(kind, status, code, message)

    monkeypatch.setattr(table.channel, "send", refused)

class Refusing:
    """What Discord answers the bot's posts in the table's channel: ``files`` (no Attach
    Files), ``posts`` (no Send Messages), ``gone`` (the channel deleted)."""

    def __init__(self, table: Table) -> None:
        self.files = self.posts = self.gone = False
        self.refused = 0
        original = table.channel.send

        async def send(content: str | None = None, **kwargs: Any) -> Any:
            if self.gone:
                self.refused += 1
                raise http_error(discord.NotFound, 404, 10003, "Unknown Channel")
            if self.posts or (self.files and "file" in kwargs):
                self.refused += 1
                raise http_error(discord.Forbidden, 403, 50013, "Missing Permissions")
            return await original(content, **kwargs)

        table.channel.send = send  # type: ignore[method-assign]


async def opened(table: Table, refusing: Refusing | None = None) -> FakeInteraction:
    """Alice's game of Harbour Race with Bob, started; returns the start's interaction."""
    await table.game("new", ALICE, "race", "target=12", 7)
    await table.game("join", BOB)
    return await table.game("start", ALICE)


async def match_id(table: Table) -> int:
    match = await table.match()
    assert match is not None
    return match.id


async def roll(table: Table) -> FakeInteraction:
    actor = await table.actor()
    return await table.move(actor, (await table.pick(actor, "roll")).value)


def status_text(inter: FakeInteraction) -> str:
    [text] = inter.private
    return text


# --- the bot lacks Attach Files --------------------------------------------------------------

async def test_without_attach_files_the_text_pings_and_buttons_go_alone(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)
    refusing = Refusing(table)
    refusing.files = True
    start = await opened(table)
    [post] = table.channel.messages
    assert "file" not in post.kwargs and "view" in post.kwargs
    assert "Harbour Race begins." in post.text and "Your move: <@" in post.text
    assert "lacks the Attach Files permission" in post.text
    assert post.kwargs["nonce"]  # still shown once however often it is sent
    [told] = start.private
    assert "without the board image" in told and "Attach Files" in told
    assert "the board is in the channel" not in told

    moved = await roll(table)
    assert moved.private[0] == "Done."
    assert len(moved.private) == 1 and "could not post" not in moved.private[0]
    assert await table.service.channel_reachable(await match_id(table))
    status = status_text(await table.game("status", BOB))
    assert "Attach Files" in status

    refusing.files = False  # the permission is given: the boards come back
    await roll(table)
    assert "file" in table.channel.messages[-1].kwargs
    assert "Attach Files" not in status_text(await table.game("status", BOB))


# --- the bot lacks Send Messages -------------------------------------------------------------

async def test_without_send_messages_the_players_are_told_and_status_brings_it_back(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)
    refusing = Refusing(table)
    refusing.posts = True
    start = await opened(table)
    [told] = start.private
    assert "the board is in the channel" not in told
    assert "could not post it in this channel" in told and NEEDED in told
    game = await match_id(table)
    assert not await table.service.channel_reachable(game)  # the game waits

    moved = await roll(table)
    [text] = moved.private
    assert text.startswith("Done.\n")
    assert "could not post it in this channel" in text and NEEDED in text
    assert "Send Messages" in text and "Attach Files" in text and "View Channel" in text
    assert table.channel.messages == []
    status = status_text(await table.game("status", BOB))
    assert "The bot cannot post in this channel, so the game waits" in status
    assert NEEDED in status

    refusing.posts = False  # someone gives the bot its permission: /game status posts
    status = status_text(await table.game("status", BOB))
    assert "cannot post" not in status
    [post] = table.channel.messages
    assert post.text.startswith("(Posted late: it could not be posted at first.)")
    assert "rolls" in post.text and "Your move: <@" in post.text  # what was missed
    assert "file" in post.kwargs
    match = await table.match()
    assert match is not None
    assert await table.service.storage.announced(game) == match.version
    assert await table.service.channel_reachable(game)


async def test_a_refused_game_is_tried_again_now_and_then(
        table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody moves or asks: the game comes back by itself once the permission is fixed."""
    table.draw_placeholder_boards(monkeypatch)
    refusing = Refusing(table)
    refusing.posts = True
    await opened(table)
    await roll(table)
    game = await match_id(table)
    service = table.service
    tries = refusing.refused
    assert await service.post_refused() == 0  # found: tried after a pause
    assert refusing.refused == tries
    clock.now += REFUSED_FIRST + 1
    assert await service.post_refused() == 0  # still refused: the pause doubles
    assert refusing.refused > tries
    tries = refusing.refused
    clock.now += REFUSED_FIRST + 1
    assert await service.post_refused() == 0 and refusing.refused == tries  # waits
    refusing.posts = False
    clock.now += REFUSED_FIRST + 1
    service.retry_refused()  # as the bot's clock calls it
    await service.idle()
    [post] = table.channel.messages
    assert "rolls" in post.text or "roll" in post.text.lower()
    assert await service.channel_reachable(game)


async def test_a_refused_game_is_tried_again_at_a_start(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)
    refusing = Refusing(table)
    refusing.posts = True
    await opened(table)
    game = await match_id(table)
    refusing.posts = False  # fixed while the bot was down
    await table.service.catch_up()
    await table.service.idle()
    [post] = table.channel.messages
    assert "Harbour Race has begun. Players in seat order:" in post.text
    assert "Your move: <@" in post.text
    assert await table.service.channel_reachable(game)


# --- the channel deleted, the bot removed ----------------------------------------------------

async def play_out(table: Table) -> None:
    """Both players move (by their slash commands, as a stand-in for whatever plays on)
    until the game is over."""
    for _ in range(500):
        match = await table.match()
        if match is None:
            return
        for user in (ALICE, BOB):
            choices = [c for c in await table.service.choices(CHANNEL, user)
                       if c.action.type != "undo"]
            if choices:
                assert (await table.service.act_choice(CHANNEL, user, choices[0].value)).ok
                break
    raise AssertionError("the game did not end")


async def test_a_deleted_channel_puts_its_game_on_hold_and_its_end_is_not_rated(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)
    Refusing(table).gone = True
    [told] = (await opened(table)).private
    assert "could not post it" in told and "no longer exists" in told
    game = await match_id(table)
    await table.bot.on_guild_channel_delete(SimpleNamespace(id=CHANNEL))  # type: ignore[arg-type]
    assert not await table.service.channel_reachable(game)
    await play_out(table)
    await table.service.idle()
    [result] = await table.service.storage.results()
    assert result["outcome"]["unrated"]
    assert await table.service.storage.ratings(GUILD, "race") == []


async def test_a_finished_game_in_a_channel_that_hears_it_is_rated(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    await play_out(table)
    await table.service.idle()
    [result] = await table.service.storage.results()
    assert "unrated" not in result["outcome"]
    assert len(await table.service.storage.ratings(GUILD, "race")) == 2


@pytest.mark.parametrize(("kind", "status", "code", "message"), [
    (discord.NotFound, 404, 10003, "Unknown Channel"),
    (discord.Forbidden, 403, 50001, "Missing Access"),
])
async def test_a_post_refused_as_out_of_reach_puts_the_game_on_hold(
        table: Table, monkeypatch: pytest.MonkeyPatch, kind: type[discord.HTTPException],
        status: int, code: int, message: str) -> None:
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    game = await match_id(table)
    refuse_every_post(table, monkeypatch, kind, status, code, message)
    [text] = (await roll(table)).private
    assert text.startswith("Done.\n") and "could not post it in this channel" in text
    assert not await table.service.channel_reachable(game)


@pytest.mark.parametrize(("kind", "status", "code", "message", "lost"), [
    (discord.NotFound, 404, 10003, "Unknown Channel", True),
    (discord.NotFound, 404, 10004, "Unknown Guild", True),
    (discord.Forbidden, 403, 50001, "Missing Access", True),
    (discord.Forbidden, 403, 50013, "Missing Permissions", True),
    (discord.HTTPException, 400, 50035, "Invalid Form Body", False),
    (discord.HTTPException, 413, 40005, "Request entity too large", False),
    (discord.HTTPException, 400, 50006, "Cannot send an empty message", False),
])
async def test_only_a_channel_out_of_reach_ends_its_game_as_abandoned(
        table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
        kind: type[discord.HTTPException], status: int, code: int, message: str,
        lost: bool) -> None:
    """Every 4xx but 429 puts the game on hold, but only the channel deleted, the bot removed
    or short of a permission ends it as abandoned after 14 days: a post Discord refuses for
    what it holds, in a channel that works, does not."""
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    game = await match_id(table)
    refuse_every_post(table, monkeypatch, kind, status, code, message)
    await roll(table)
    assert not await table.service.channel_reachable(game)
    clock.now = time.time() + 15 * 86400  # (the table's storage keeps the real time)
    ended = await table.service.abandon_unreachable()
    assert ended == ([game] if lost else [])
    match = await table.service.storage.get_match(game)
    assert match.status == ("finished" if lost else "active")


async def test_a_deleted_thread_and_a_removed_bot_put_their_games_on_hold(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    game = await match_id(table)
    service = table.service
    await table.bot.on_raw_thread_delete(  # type: ignore[arg-type]
        SimpleNamespace(thread_id=CHANNEL + 1, guild_id=GUILD, parent_id=CHANNEL))
    assert await service.channel_reachable(game)  # another thread: nothing here
    await table.bot.on_raw_thread_delete(  # type: ignore[arg-type]
        SimpleNamespace(thread_id=CHANNEL, guild_id=GUILD, parent_id=1))
    assert not await service.channel_reachable(game)
    await service.storage.mark_announced(game, 0)  # got through again
    await table.bot.on_guild_remove(SimpleNamespace(id=GUILD + 1))  # type: ignore[arg-type]
    assert await service.channel_reachable(game)
    await table.bot.on_guild_remove(SimpleNamespace(id=GUILD))  # type: ignore[arg-type]
    assert not await service.channel_reachable(game)
    posted = len(table.channel.messages)
    await table.bot.on_guild_join(SimpleNamespace(id=GUILD))  # type: ignore[arg-type]
    await service.idle()
    assert await service.channel_reachable(game)  # invited back: the game goes on
    [back] = table.channel.messages[posted:]
    assert back.text.startswith("(The bot can post in this channel again; the game goes on.)")
    assert "Your move: <@" in back.text


# --- a commit whose answer was lost ----------------------------------------------------------

def lose_commit_answer(monkeypatch: pytest.MonkeyPatch, *, committed: bool) -> None:
    """The next COMMIT runs (``committed``) or not, and the caller hears the error a lost
    PostgreSQL connection gives either way."""
    real = db.execute
    armed = [True]

    async def lossy(conn: Any, sql: str, params: Any = ()) -> Any:
        if sql == "COMMIT" and armed[0]:
            armed[0] = False
            if committed:
                await real(conn, sql, params)
            raise DatabaseError("lost the connection to the database: connection was closed")
        return await real(conn, sql, params)

    monkeypatch.setattr(db, "execute", lossy)


async def test_a_move_committed_though_the_answer_was_lost_is_done_and_posted(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    version = await table.version()
    actor = await table.actor()
    posted = len(table.channel.messages)
    lose_commit_answer(monkeypatch, committed=True)
    moved = await roll(table)
    await table.service.idle()
    assert moved.private == ["Done."]
    assert await table.version() == version + 1
    [post] = table.channel.messages[posted:]
    other = BOB if actor == ALICE else ALICE
    assert f"Your move: <@{other}>" in post.text
    assert await table.service.storage.announced(await match_id(table)) == version + 1


async def test_a_move_whose_commit_failed_changed_nothing(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    version = await table.version()
    posted = len(table.channel.messages)
    lose_commit_answer(monkeypatch, committed=False)
    [text] = (await roll(table)).private
    await table.service.idle()
    assert "Nothing was changed" in text and text != NOTHING_CHANGED
    assert await table.version() == version
    assert len(table.channel.messages) == posted
    moved = await roll(table)  # and the next try goes through
    assert moved.private == ["Done."] and await table.version() == version + 1


async def test_a_move_whose_save_cannot_be_checked_is_posted_once_it_can(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The database cannot even be asked right after the lost COMMIT: the player is told the
    move may not have been saved, and it is posted once the database answers again."""
    import bot.storage.repository as repository

    table.draw_placeholder_boards(monkeypatch)
    table.service.retry_first = 0.01
    await opened(table)
    version = await table.version()
    posted = len(table.channel.messages)
    real_execute, real_fetchone = db.execute, repository.fetchone
    armed, down = [True], [0]

    async def lossy(conn: Any, sql: str, params: Any = ()) -> Any:
        result = await real_execute(conn, sql, params)
        if sql == "COMMIT" and armed[0]:
            armed[0] = False
            down[0] = 1  # the next read of the match fails too: the server is restarting
            raise DatabaseError("lost the connection to the database: connection was closed")
        return result

    async def flaky(conn: Any, sql: str, params: Any = ()) -> Any:
        if down[0] and "FROM matches WHERE id" in sql:
            down[0] -= 1
            raise DatabaseError("lost the connection to the database: connection was closed")
        return await real_fetchone(conn, sql, params)

    monkeypatch.setattr(db, "execute", lossy)
    monkeypatch.setattr(repository, "fetchone", flaky)
    [text] = (await roll(table)).private
    assert "may not have been saved" in text and "/game status" in text
    await table.service.idle()
    assert await table.version() == version + 1
    [post] = table.channel.messages[posted:]
    assert post.text.startswith("(Posted late: it could not be posted at first.)")
    assert "rolls" in post.text
    assert await table.service.storage.announced(await match_id(table)) == version + 1


@pytest.mark.parametrize("policy", ["remove", "bot"])
async def test_a_game_whose_channel_is_gone_keeps_its_seats_past_the_deadline(
        table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, policy: str) -> None:
    """Nobody can reach a deleted channel: a missed turn deadline neither hands the seat to a
    bot nor plays the turn, and no reminder is sent; the deadline waits for the channel."""
    table.draw_placeholder_boards(monkeypatch)
    await opened(table)
    await table.service.update_settings(CHANNEL, ALICE, turn_hours=1.0, policy=policy,
                                        answer_seconds=None)
    await roll(table)  # the turn's clock starts with this move
    game = await match_id(table)
    version = (await table.match()).version  # type: ignore[union-attr]
    await table.bot.on_guild_channel_delete(SimpleNamespace(id=CHANNEL))  # type: ignore[arg-type]
    clock.now += 3 * 3600
    for _ in range(2):
        assert await table.service.tick() == []
        await table.service.idle()
        clock.now += 600  # past a claim's time, too
    match = await table.match()
    assert match is not None and match.version == version  # nobody moved for the seat
    assert all(seat.bot is None for seat in await table.service.storage.seats(game))
    assert [r for r in await table.service.storage.deadlines(game) if r.kind == "turn"]
