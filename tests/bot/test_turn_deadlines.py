"""A turn's deadline lasts the whole turn, in every game: one action of a turn, then silence,
still gets the reminder and then the deadline policy (here: a bot plays the rest of the
turn). Real games, real SQLite files."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from typing import Any

import pytest

from bot.notices import DeliveryFailed, Notice
from bot.service import MatchService
from bot.storage import DeadlineRow, StorageError
from engine.core import Accepted, Rng, State, registry, step
from engine.core.bots import default_bot

from .conftest import Harness
from .test_service import actor_user

CH, ANNA, BEN = 700, 21, 22
HOURS = 4.0


async def cut_off_tick(service: MatchService) -> None:
    """A tick (and the work it starts) that a stop cuts off: the CancelledError it ends
    with is the stop's, not a failure."""
    with contextlib.suppress(asyncio.CancelledError):
        await service.tick()
    with contextlib.suppress(asyncio.CancelledError):
        await service.idle()


async def to_a_turn_of_several_actions(service: MatchService, game_id: str, match_id: int
                                       ) -> int:
    """Plays the games' standard bots' moves through the service until a person is about to
    make a move after which the turn is still theirs; makes it and returns that user."""
    game = registry.get(game_id)
    users = {s.seat: s.user_id for s in await service.storage.seats(match_id)}
    rng = Rng.from_seed(3)
    for _ in range(600):
        state = await service.state_of(match_id)
        seat = sorted(game.actors(state))[0]
        legal = game.legal_actions(state, seat)
        action = game.bots()["standard"].choose(game.view(state, seat), legal, rng)
        taker = game.timeout_action(state, seat) is None and len(game.actors(state)) == 1
        keeps = [a for a in legal if taker and _keeps_the_turn(game, state, seat, a)]
        if keeps:
            action = keeps[0]
        result = await service.act(CH, users[seat], action)  # type: ignore[arg-type]
        assert result.ok, result.message
        if keeps:
            return users[seat]  # type: ignore[return-value]
    raise AssertionError(f"no turn of several actions in {game_id}")


def _keeps_the_turn(game: object, state: object, seat: int, action: object) -> bool:
    accepted = step(game, state, seat, action, state.version)  # type: ignore[arg-type, attr-defined]
    return isinstance(accepted, Accepted) and not accepted.turn_ended \
        and game.actors(accepted.state) == {seat}  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", ["ships", "empires", "ocean_trader"])
async def test_one_action_then_silence_meets_the_reminder_and_the_policy(
        harness: Harness, game_id: str) -> None:
    service = harness.service
    assert service is not None
    match = await service.create(channel_id=CH, guild_id=1, game_id=game_id, host_id=ANNA,
                                 host_name="Anna", seed=12, exact_seed=True)
    await service.join(CH, BEN, "Ben")
    await service.update_settings(CH, ANNA, turn_hours=HOURS, policy="bot")
    await service.start(CH, ANNA)
    late = await to_a_turn_of_several_actions(service, game_id, match.id)
    turn = (await service.state_of(match.id)).turn
    row = await service.storage.deadline(match.id)
    assert row is not None and row.turn == turn
    harness.notices.clear()
    harness.clock.now = row.due_at - 0.5 * 3600  # after the reminder time, before the end
    reminders = await service.tick()
    assert [n.ping for n in reminders] == [[late]], reminders
    harness.clock.now = row.due_at + 1
    await service.tick()
    await service.idle()
    state = await service.state_of(match.id)
    assert state.turn > turn or (await service.storage.get_match(match.id)).status != "active"
    lines = [line for n in harness.notices for line in n.lines]
    stand_in = default_bot(registry.get(game_id))  # the strongest for the game
    assert any(f"missed the deadline; the {stand_in} bot plays this turn" in line
               for line in lines), lines


# --- a deadline is never lost, and one game's late turn never holds up the clock ------------
async def race_with_deadline(service: MatchService, channel: int, host: int, other: int,
                             policy: str, seed: int = 4) -> int:
    match = await service.create(channel_id=channel, guild_id=1, game_id="race", host_id=host,
                                 host_name=f"Host {host}", seed=seed, options={"target": 20})
    await service.join(channel, other, f"Guest {other}")
    await service.update_settings(channel, host, turn_hours=1, policy=policy)
    await service.start(channel, host)
    return match.id


def said(harness: Harness, text: str) -> int:
    return sum(text in line for n in harness.notices for line in n.lines)


async def test_a_seat_handover_that_could_not_be_stored_is_done_at_a_later_tick(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Policy 'remove': the storage fails as the seat is handed to the bot. The deadline is
    still due once its claim runs out, and the next tick hands the seat over."""
    service = harness.service
    assert service is not None
    match_id = await race_with_deadline(service, CH, ANNA, BEN, "remove")
    late = await actor_user(service, match_id)

    async def fails(*args: object, **kwargs: object) -> None:
        raise StorageError("disk I/O error")
    for name in ("replace_seat_with_bot", "hand_seats_to_bot"):  # this release's, and the last
        monkeypatch.setattr(service.storage, name, fails, raising=False)
    harness.clock.now += 2 * 3600
    await service.tick()
    await service.idle()
    assert not any(s.bot for s in await service.storage.seats(match_id))
    monkeypatch.undo()

    harness.clock.now += 600  # past the claim of the failed attempt
    await service.tick()
    await service.idle()
    seats = await service.storage.seats(match_id)
    assert [s.left_user_id for s in seats if s.bot] == [late]
    assert said(harness, "missed the deadline and the random bot takes the seat") == 1
    assert await service.storage.deadline(match_id) is None or \
        (await service.state_of(match_id)).turn > 0


async def test_a_late_turn_cut_off_by_a_stop_is_played_after_the_restart(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Policy 'bot': the process stops while the bot is choosing the late move (its task
    cancelled, as at the end of the shutdown grace). After the restart the deadline is due
    again and the late turn is played."""
    service = harness.service
    assert service is not None
    match_id = await race_with_deadline(service, CH, ANNA, BEN, "bot")
    late = await actor_user(service, match_id)

    async def stopped(*args: object, **kwargs: object) -> None:
        raise asyncio.CancelledError
    monkeypatch.setattr(service, "_bot_choice", stopped)
    harness.clock.now += 2 * 3600
    await cut_off_tick(service)  # the last release: inside tick
    assert (await service.state_of(match_id)).turn == 0
    service = await harness.restart()

    harness.clock.now += 3600
    await service.tick()
    await service.idle()
    assert (await service.state_of(match_id)).turn > 0
    assert await actor_user(service, match_id) != late
    # told once: the first claim told it, the claim after the restart only plays the turn
    assert said(harness, "missed the deadline; the random bot plays this turn") == 1
    row = await service.storage.deadline(match_id)
    assert row is None or row.held_by is None  # the next turn's own clock


async def test_a_late_turn_cut_off_by_a_lost_channel_is_told_once(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Policy 'bot': the channel is deleted just as the bot is to play the late turn, so the
    turn waits (its claim runs out). The channel comes back: the deadline is taken up again
    and the turn played, and the channel read 'missed the deadline' once."""
    service = harness.service
    assert service is not None
    service.retry_first = 0.01
    match_id = await race_with_deadline(service, CH, ANNA, BEN, "bot")
    late = await actor_user(service, match_id)
    real = service._bot_choice
    lost = [False]

    async def channel_goes(game: Any, state: State, seat: int, name: str) -> Any:
        if not lost[0]:
            lost[0] = True
            await service.channel_lost(CH, "channel 700: 404 10003")
            raise RuntimeError("the channel went away under the bot")
        return await real(game, state, seat, name)
    monkeypatch.setattr(service, "_bot_choice", channel_goes)
    harness.clock.now += 2 * 3600
    await service.tick()
    await service.idle()
    assert lost[0] and (await service.state_of(match_id)).turn == 0  # the game waits
    assert said(harness, "missed the deadline; the random bot plays this turn") == 1

    harness.clock.now += 600  # the claim ran out; then the bot is let back in
    assert await service.post_again(match_id)
    await service.tick()
    await service.idle()
    assert (await service.state_of(match_id)).turn > 0
    assert await actor_user(service, match_id) != late
    assert said(harness, "missed the deadline; the random bot plays this turn") == 1


async def test_a_missed_deadline_whose_line_never_went_out_is_told_when_taken_up_again(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Policy 'bot': the process dies after claiming the deadline and before its line is
    handed to the channel. The claim runs out; the next claim tells the line, once."""
    service = harness.service
    assert service is not None
    match_id = await race_with_deadline(service, CH, ANNA, BEN, "bot")

    async def dies(notice: Any) -> None:
        raise asyncio.CancelledError
    monkeypatch.setattr(service, "_deliver", dies)
    harness.clock.now += 2 * 3600
    await cut_off_tick(service)
    monkeypatch.undo()
    assert said(harness, "missed the deadline") == 0
    service = await harness.restart()

    harness.clock.now += 600
    await service.tick()
    await service.idle()
    assert (await service.state_of(match_id)).turn > 0
    assert said(harness, "missed the deadline; the random bot plays this turn") == 1


async def test_a_missed_deadline_whose_line_failed_for_now_is_told_when_taken_up_again(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Policy 'bot': Discord answers the 'missed the deadline' line with a 503 (it is not
    posted), then the process stops while the bot plays the turn. The deadline is not marked
    told: the claim after the restart tells the line, once, and plays the turn."""
    service = harness.service
    assert service is not None
    match_id = await race_with_deadline(service, CH, ANNA, BEN, "bot")

    async def busy_for_the_line(notice: Notice) -> None:
        if any("missed the deadline" in line for line in notice.lines):
            raise DeliveryFailed(False, "503")
        await harness.record(notice)

    async def stopped(*args: object, **kwargs: object) -> None:
        raise asyncio.CancelledError
    service._notify = busy_for_the_line
    monkeypatch.setattr(service, "_bot_choice", stopped)
    harness.clock.now += 2 * 3600
    await cut_off_tick(service)
    assert said(harness, "missed the deadline") == 0
    row = await service.storage.deadline(match_id)
    assert row is not None and not row.told
    service = await harness.restart()

    harness.clock.now += 3600
    await service.tick()
    await service.idle()
    assert (await service.state_of(match_id)).turn > 0
    assert said(harness, "missed the deadline; the random bot plays this turn") == 1


async def test_told_is_read_with_the_claim_not_before_it(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Policy 'bot': the line was told (and marked) by a claim that then ran out. A tick
    that read the deadline before that mark still claims it afterwards: what the claim finds
    decides, so the line is not told twice."""
    service = harness.service
    assert service is not None
    match_id = await race_with_deadline(service, CH, ANNA, BEN, "bot")

    async def stopped(*args: object, **kwargs: object) -> None:
        raise asyncio.CancelledError
    monkeypatch.setattr(service, "_bot_choice", stopped)
    harness.clock.now += 2 * 3600
    await cut_off_tick(service)
    told = "missed the deadline; the random bot plays this turn"
    assert said(harness, told) == 1
    service = await harness.restart()
    real = service.storage.deadlines

    async def read_before_the_mark(match: int) -> list[DeadlineRow]:
        return [dataclasses.replace(r, told=False) for r in await real(match)]
    monkeypatch.setattr(service.storage, "deadlines", read_before_the_mark)
    harness.clock.now += 3600
    await service.tick()
    await service.idle()
    assert (await service.state_of(match_id)).turn > 0
    assert said(harness, told) == 1


async def test_a_late_turn_that_keeps_failing_holds_up_no_other_game(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Game A's bot fails at every try of its late turn; game B's deadline, due a minute
    later, is applied in the same tick, and the next tick does not start A's turn again."""
    service = harness.service
    assert service is not None
    service.retry_first = 0.01
    a = await race_with_deadline(service, CH, ANNA, BEN, "bot", seed=4)
    harness.clock.now += 60
    b = await race_with_deadline(service, CH + 1, 31, 32, "remove", seed=5)
    real = service._bot_choice

    async def broken(game: Any, state: State, seat: int, name: str) -> Any:
        if state.seed == 4:
            raise RuntimeError(f"bot seat {seat} may act but has no legal action")
        return await real(game, state, seat, name)
    monkeypatch.setattr(service, "_bot_choice", broken)
    harness.clock.now += 2 * 3600
    try:
        await asyncio.wait_for(service.tick(), 10)
        assert [s.bot is not None for s in await service.storage.seats(b)] == [True, False]
        assert said(harness, "takes the seat from now on") == 1
        row = await service.storage.deadline(a)
        assert row is not None and row.held_by is not None  # claimed while A's turn is tried
        harness.clock.now += 30
        await asyncio.wait_for(service.tick(), 10)
        assert said(harness, "the random bot plays this turn") == 1  # not started twice
    finally:
        service.stopping = True
        await asyncio.wait_for(service.idle(), 30)
    assert (await service.state_of(a)).turn == 0
    assert await service.storage.deadline(a) is not None  # still there, for the next start


async def test_a_reminder_the_storage_failed_to_prepare_is_sent_later(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The storage fails while a reminder is being made: it is not marked sent, and goes out
    at a tick once its claim runs out (still before the deadline)."""
    service = harness.service
    assert service is not None
    match_id = await race_with_deadline(service, CH, ANNA, BEN, "wait")
    late = await actor_user(service, match_id)
    real = service.storage.get_match

    async def fails(*args: object, **kwargs: object) -> None:
        raise StorageError("disk I/O error")
    monkeypatch.setattr(service.storage, "get_match", fails)
    harness.clock.now += 0.8 * 3600  # the reminder is due at 0.75 h of 1 h
    assert await service.tick() == []
    monkeypatch.setattr(service.storage, "get_match", real)
    harness.clock.now += 600
    reminders = await service.tick()
    assert [n.ping for n in reminders] == [[late]]
    assert await service.tick() == []  # once
