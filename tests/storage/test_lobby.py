"""Creating, joining, leaving and starting matches; one open match per channel."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from bot.storage import (
    AlreadySeated,
    ChannelBusy,
    NotFound,
    SeatRow,
    Storage,
    WrongStatus,
)
from tests.pg import Backend

from .helpers import FakeClock, new_active, new_lobby


async def test_create_match(storage: Storage, clock: FakeClock) -> None:
    match = await new_lobby(storage, channel_id=100, host_id=1)
    assert match.status == "lobby"
    assert match.version == 0
    assert match.channel_id == 100 and match.guild_id == 7
    assert match.options == {"board": "small", "ports": [1, 2]}
    assert match.settings == {"turn_minutes": 60}
    assert match.created_at == match.updated_at <= clock.now
    assert match.finished_at is None
    assert await storage.get_match(match.id) == match
    assert await storage.open_match(100) == match
    assert await storage.seats(match.id) == [SeatRow(match.id, 0, None, 1, "host1", None)]


async def test_get_unknown_match(storage: Storage) -> None:
    with pytest.raises(NotFound):
        await storage.get_match(404)
    assert await storage.open_match(404) is None


async def test_join_and_leave(storage: Storage) -> None:
    match = await new_lobby(storage)
    two = await storage.add_seat(match.id, user_id=2, name="two")
    bot = await storage.add_seat(match.id, user_id=None, name="Robo", bot="random")
    bot2 = await storage.add_seat(match.id, user_id=None, name="Robo 2", bot="random")
    assert (two.position, bot.position, bot2.position) == (1, 2, 3)
    assert bot.user_id is None and bot.bot == "random"

    with pytest.raises(AlreadySeated):
        await storage.add_seat(match.id, user_id=2, name="two again")
    with pytest.raises(AlreadySeated):
        await storage.add_seat(match.id, user_id=1, name="host again")

    await storage.remove_seat(match.id, 2)
    with pytest.raises(NotFound):
        await storage.remove_seat(match.id, 2)
    seats = await storage.seats(match.id)
    assert [(s.position, s.user_id) for s in seats] == [(0, 1), (2, None), (3, None)]

    # A newcomer takes the next position; the others keep theirs.
    three = await storage.add_seat(match.id, user_id=3, name="three")
    assert three.position == 4
    assert await storage.seats(match.id) == [seats[0], seats[1], seats[2], three]
    assert (await storage.get_match(match.id)).updated_at > match.updated_at


async def test_start_assigns_seats_and_snapshot(storage: Storage) -> None:
    match = await new_lobby(storage)
    await storage.add_seat(match.id, user_id=2, name="two")
    await storage.add_seat(match.id, user_id=None, name="Robo", bot="random")

    started = await storage.start_match(match.id, seat_order=[2, 0, 1], state_json='{"s":0}')
    assert started.status == "active" and started.version == 0
    assert await storage.get_match(match.id) == started

    seats = await storage.seats(match.id)  # now in turn order
    assert [(s.seat, s.position, s.name) for s in seats] == [
        (0, 2, "Robo"),
        (1, 0, "host1"),
        (2, 1, "two"),
    ]
    assert await storage.latest_snapshot(match.id) == (0, '{"s":0}')
    assert await storage.actions(match.id) == []


async def test_lobby_operations_need_a_lobby(storage: Storage) -> None:
    match = await new_active(storage)
    with pytest.raises(WrongStatus):
        await storage.add_seat(match.id, user_id=9, name="late")
    with pytest.raises(WrongStatus):
        await storage.remove_seat(match.id, 2)
    with pytest.raises(WrongStatus):
        await storage.start_match(match.id, seat_order=[0, 1, 2], state_json="{}")
    with pytest.raises(NotFound):
        await storage.add_seat(404, user_id=9, name="nobody")


@pytest.mark.parametrize("order", [[0, 1], [0, 1, 1], [0, 1, 5], []])
async def test_bad_seat_order_changes_nothing(storage: Storage, order: list[int]) -> None:
    match = await new_lobby(storage)
    await storage.add_seat(match.id, user_id=2, name="two")
    await storage.add_seat(match.id, user_id=3, name="three")
    before = await storage.get_match(match.id)
    seats = await storage.seats(match.id)
    with pytest.raises(ValueError):
        await storage.start_match(match.id, seat_order=order, state_json="{}")
    assert await storage.get_match(match.id) == before
    assert await storage.seats(match.id) == seats
    assert await storage.latest_snapshot(match.id) is None


async def test_channel_busy_until_finished_or_aborted(storage: Storage) -> None:
    first = await new_lobby(storage, channel_id=100)
    other_channel = await new_lobby(storage, channel_id=200)
    with pytest.raises(ChannelBusy) as busy:
        await new_lobby(storage, channel_id=100, host_id=5)
    assert busy.value.match_id == first.id
    assert len(await storage.matches()) == 2  # nothing half-created

    await storage.abort_match(first.id)
    aborted = await storage.get_match(first.id)
    assert aborted.status == "aborted" and aborted.finished_at is not None
    assert await storage.open_match(100) is None

    second = await new_active(storage, channel_id=100)
    with pytest.raises(ChannelBusy) as busy:
        await new_lobby(storage, channel_id=100)
    assert busy.value.match_id == second.id

    await storage.finish_match(second.id, end_reason="won", outcome={}, seats=[])
    third = await new_lobby(storage, channel_id=100)
    assert await storage.open_match(100) == third
    assert await storage.open_match(200) == other_channel

    assert [m.id for m in await storage.matches()] == [
        first.id,
        other_channel.id,
        second.id,
        third.id,
    ]
    assert [m.id for m in await storage.matches("lobby")] == [other_channel.id, third.id]
    assert [m.id for m in await storage.matches("finished")] == [second.id]
    with pytest.raises(ValueError):
        await storage.matches("paused")


async def test_one_open_match_per_channel_is_enforced_by_the_schema(
    storage: Storage, backend: Backend
) -> None:
    await new_lobby(storage, channel_id=100)
    insert = (
        "INSERT INTO matches (channel_id, game, options, seed, status, rules_version, host_id,"
        " settings, created_at, updated_at) VALUES (100, 'g', '{}', 1, ?, '1', 1, '{}', 0, 0)"
    )
    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
        await backend.execute(insert, "active")
    await backend.execute(insert, "finished")  # closed matches do not count


async def test_abort_and_finish_need_an_open_match(storage: Storage) -> None:
    lobby = await new_lobby(storage, channel_id=1)
    with pytest.raises(WrongStatus):
        await storage.finish_match(lobby.id, end_reason="x", outcome={}, seats=[])
    await storage.abort_match(lobby.id)
    with pytest.raises(WrongStatus):
        await storage.abort_match(lobby.id)
    with pytest.raises(WrongStatus):
        await storage.update_settings(lobby.id, {})


async def test_update_settings(storage: Storage) -> None:
    match = await new_lobby(storage)
    updated = await storage.update_settings(match.id, {"turn_minutes": 5, "reminder": True})
    assert updated.settings == {"turn_minutes": 5, "reminder": True}
    assert updated.updated_at > match.updated_at
    assert await storage.get_match(match.id) == updated


async def test_replace_seat_with_bot(storage: Storage) -> None:
    match = await new_active(storage, players=3)
    with pytest.raises(WrongStatus):
        await storage.replace_seat_with_bot((await new_lobby(storage, channel_id=9)).id, 0, "r")
    await storage.replace_seat_with_bot(match.id, 1, "random")
    seats = await storage.seats(match.id)
    assert seats[1] == SeatRow(match.id, 1, 1, None, "user2 (bot)", "random", left_user_id=2)
    # Only that seat changed.
    assert [s.user_id for s in seats] == [1, None, 3]
    # Replacing the bot again swaps the bot, not the name.
    await storage.replace_seat_with_bot(match.id, 1, "greedy")
    assert (await storage.seats(match.id))[1].name == "user2 (bot)"
    assert (await storage.seats(match.id))[1].bot == "greedy"
    with pytest.raises(NotFound):
        await storage.replace_seat_with_bot(match.id, 7, "random")
    # a name given is the seat's name (self-play's host seat, named for its bot)
    await storage.replace_seat_with_bot(match.id, 2, "easy", name="Bot 3 (easy)")
    seats = await storage.seats(match.id)
    assert seats[2] == SeatRow(match.id, 2, 2, None, "Bot 3 (easy)", "easy", left_user_id=3)
    assert [s.name for s in seats[:2]] == ["host1", "user2 (bot)"]
