"""A game whose channel cannot hear it (deleted, the bot removed from the server or short of
a permission there) waits; once the bot has not been able to post there for
``abandon_days`` (14) and nobody has moved meanwhile, the game is ended as abandoned: not
rated, its seats and channel free, listed with why, its record kept for export and replay.
Heard again before then, it carries on. Real service, both backends."""

from __future__ import annotations

import logging

import pytest

from bot.notices import DeliveryFailed, Notice
from bot.service import ChannelOutOfReach, MatchService, ServiceError
from bot.service.records import result_text
from bot.ui import lookup

from .conftest import Harness
from .test_service import actor_user

CH, ANNA, BEN = 720, 41, 42
DAY = 86400.0
GONE = "channel 720: 404 10003"


async def race(service: MatchService) -> int:
    match = await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                                 host_name="Anna", seed=4, options={"target": 20})
    await service.join(CH, BEN, "Ben")
    await service.start(CH, ANNA)
    for _ in range(2):
        assert (await service.act(CH, await actor_user(service, match.id),
                                  {"type": "roll"})).ok
    await service.idle()
    return match.id


class Channel:
    """The harness's channel, which can be deleted (every post refused for good) and come
    back."""

    def __init__(self, harness: Harness) -> None:
        self.harness = harness
        self.gone = False
        self.busy = False  # Discord answers 503: the post fails for now
        self.refusal: str | None = None  # a refusal for good of what the post holds
        self.posted: list[Notice] = []

    async def deliver(self, notice: Notice) -> None:
        if self.gone and notice.channel_id == CH:
            raise ChannelOutOfReach(GONE)
        if self.busy:
            raise DeliveryFailed(False, "503")
        if self.refusal is not None and notice.channel_id == CH:
            raise DeliveryFailed(True, self.refusal)
        self.posted.append(notice)

    def install(self, service: MatchService) -> None:
        service._notify = self.deliver


async def deleted(harness: Harness) -> tuple[MatchService, Channel, int]:
    service = harness.service
    assert service is not None
    match_id = await race(service)
    channel = Channel(harness)
    channel.install(service)
    channel.gone = True
    assert await service.channel_lost(CH, GONE) == match_id
    return service, channel, match_id


async def status_of(service: MatchService, match_id: int) -> str:
    return (await service.storage.get_match(match_id)).status


async def test_a_game_in_a_deleted_channel_is_ended_as_abandoned_after_14_days(
        harness: Harness) -> None:
    service, channel, match_id = await deleted(harness)
    version = (await service.storage.get_match(match_id)).version
    harness.clock.now += 13.9 * DAY
    await service.tick()
    await service.idle()
    assert await status_of(service, match_id) == "active"  # still waiting for its channel
    service = await harness.restart()  # the time so far is kept in the database
    channel.install(service)
    harness.clock.now += 0.2 * DAY
    assert await service.tick() == []  # nobody is told: nobody could read it
    await service.idle()
    match = await service.storage.get_match(match_id)
    assert match.status == "finished"
    result = await service.storage.result(match_id)
    assert result is not None and result["end_reason"] == "abandoned"
    assert await service.storage.ratings(1, "race") == []  # not rated
    [(listed, entry)] = await service.history(1, None)
    assert listed.id == match_id
    assert "abandoned" in result_text(entry) and "14 days" in result_text(entry)
    assert "not rated" in result_text(entry)
    # the seats and the channel are free: a new game can start there once it is back
    assert await service.current(CH) is None
    channel.gone = False
    await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=BEN,
                         host_name="Ben")
    # the record is kept: its players can export and replay it
    found = await service.finished_match(str(match_id), 1)
    record = await service.export_for(found, ANNA)
    assert len(record["actions"]) == version
    gif = await service.replay_gif(found, ANNA)
    assert gif[:3] == b"GIF"
    assert not [n for n in channel.posted if n.match_id == match_id]  # nothing posted late


async def test_a_channel_back_before_then_carries_the_game_on(harness: Harness) -> None:
    service, channel, match_id = await deleted(harness)
    harness.clock.now += 10 * DAY
    channel.gone = False  # the bot is invited back
    assert await service.post_again(match_id)
    harness.clock.now += 5 * DAY
    channel.gone = True  # and lost again: a new stretch
    assert await service.channel_lost(CH, GONE) == match_id
    harness.clock.now += 10 * DAY  # 25 days since it was first lost, 10 since the last time
    await service.tick()
    await service.idle()
    assert await status_of(service, match_id) == "active"
    channel.gone = False
    assert (await service.act(CH, await actor_user(service, match_id), {"type": "roll"})).ok


async def test_a_channel_that_takes_a_post_at_the_last_try_carries_the_game_on(
        harness: Harness) -> None:
    """The channel came back without the bot noticing yet (its tries wait up to 6 hours):
    before ending a game the bot tries once more, and the post gets through."""
    service, channel, match_id = await deleted(harness)
    harness.clock.now += 14.5 * DAY
    channel.gone = False
    await service.tick()
    await service.idle()
    assert await status_of(service, match_id) == "active"
    assert await service.storage.delivery_problem(match_id) is None
    assert any(n.match_id == match_id for n in channel.posted)


async def test_a_game_played_on_where_the_bot_cannot_post_is_not_abandoned(
        harness: Harness) -> None:
    """Short of Send Messages, players can still move with slash commands: the 14 days count
    from the last move."""
    service, channel, match_id = await deleted(harness)
    harness.clock.now += 10 * DAY
    assert (await service.act(CH, await actor_user(service, match_id), {"type": "roll"})).ok
    harness.clock.now += 10 * DAY
    await service.tick()
    await service.idle()
    assert await status_of(service, match_id) == "active"
    harness.clock.now += 5 * DAY
    await service.tick()
    await service.idle()
    assert await status_of(service, match_id) == "finished"


async def test_status_says_when_a_game_out_of_reach_would_be_ended(harness: Harness) -> None:
    service, channel, match_id = await deleted(harness)
    since = await service.storage.unreachable_since(match_id)
    assert since is not None
    lines = await service.status(CH)
    assert "To act:" in lines[-1]  # still the last line
    ends = int(since + 14 * DAY)
    assert any(f"<t:{ends}:f>" in line and "abandoned" in line for line in lines), lines


async def test_abandon_days_0_keeps_a_game_waiting_for_ever(harness: Harness,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    service, channel, match_id = await deleted(harness)
    monkeypatch.setattr(service.settings, "abandon_days", 0.0)
    harness.clock.now += 400 * DAY
    await service.tick()
    await service.idle()
    assert await status_of(service, match_id) == "active"
    assert not any("abandoned" in line for line in await service.status(CH))


async def test_a_last_post_that_fails_only_for_now_carries_the_game_on(
        harness: Harness) -> None:
    """The channel is back, but Discord answers the last try with a 503: that says nothing
    of the channel, so the game is not ended; once Discord answers again, it goes on."""
    service, channel, match_id = await deleted(harness)
    service.retry_first = 0.01
    harness.clock.now += 14.5 * DAY
    channel.gone, channel.busy = False, True
    await service.tick()
    await service.idle()
    assert await status_of(service, match_id) == "active"
    assert await service.storage.result(match_id) is None
    channel.busy = False
    assert await service.post_again(match_id)
    assert (await service.act(CH, await actor_user(service, match_id), {"type": "roll"})).ok


async def test_without_an_adapter_no_game_is_ended_for_want_of_a_last_post(
        harness: Harness) -> None:
    """No adapter (``notify`` None) means no last post can be tried: nothing is ended."""
    service, channel, match_id = await deleted(harness)
    service._notify = None
    harness.clock.now += 15 * DAY
    assert await service.abandon_unreachable() == []
    await service.tick()
    await service.idle()
    assert await status_of(service, match_id) == "active"


async def test_a_game_ended_meanwhile_elsewhere_is_left_alone_without_a_word(
        harness: Harness, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """Another process ended the game between this one's look for such games and its turn
    to end it: nothing is posted, and the log does not say the game goes on."""
    service, channel, match_id = await deleted(harness)
    harness.clock.now += 15 * DAY
    before = harness.clock.now - 14 * DAY
    stale = await service.storage.long_unreachable(before)
    assert stale == [match_id]
    assert await service.abandon_unreachable() == [match_id]  # "the other process"
    monkeypatch.setattr(service.storage, "long_unreachable",
                        lambda *args, **kwargs: _found(stale))
    caplog.set_level(logging.INFO, logger="bot")
    posted = len(channel.posted)
    assert await service.abandon_unreachable() == []
    assert "goes on" not in caplog.text, caplog.text
    assert len(channel.posted) == posted
    assert await status_of(service, match_id) == "finished"


async def _found(ids: list[int]) -> list[int]:
    return ids


@pytest.mark.parametrize("refusal", ["channel 720: 400 50035", "channel 720: 413 40005",
                                     "channel 720: 400 50006"])
async def test_posts_refused_for_what_they_hold_are_no_lost_channel(
        harness: Harness, refusal: str) -> None:
    """Discord refuses the game's posts for good for what they hold (Invalid Form Body, too
    large, empty), in a channel that works: that is not the channel deleted, the bot removed
    or short of a permission, so the game is never ended as abandoned for it."""
    service = harness.service
    assert service is not None
    match_id = await race(service)
    channel = Channel(harness)
    channel.install(service)
    channel.refusal = refusal
    assert (await service.act(CH, await actor_user(service, match_id), {"type": "roll"})).ok
    await service.idle()
    assert not await service.channel_reachable(match_id)  # refused for good all the same
    harness.clock.now += 15 * DAY
    await service.tick()
    await service.idle()
    assert await service.abandon_unreachable() == []
    assert await status_of(service, match_id) == "active"
    assert not any("abandoned" in line for line in await service.status(CH))


async def test_a_lost_channel_whose_posts_are_then_refused_for_what_they_hold_waits(
        harness: Harness) -> None:
    """The channel was deleted, then comes back, and the post tried is refused for what it
    holds: the channel is no longer lost, so its clock stops."""
    service, channel, match_id = await deleted(harness)
    harness.clock.now += 10 * DAY
    channel.gone, channel.refusal = False, "channel 720: 400 50035"
    assert not await service.post_again(match_id)
    harness.clock.now += 5 * DAY
    await service.tick()
    await service.idle()
    assert await status_of(service, match_id) == "active"


async def test_a_release_upgrading_the_game_does_not_put_its_end_back(
        harness: Harness) -> None:
    """The bot's own changes to a match (a release upgrading its rules version) are no
    move: /game status keeps the same date, and the game is ended then."""
    service, channel, match_id = await deleted(harness)
    since = await service.storage.unreachable_since(match_id)
    assert since is not None
    ends = f"<t:{int(since + 14 * DAY)}:f>"
    harness.clock.now += 10 * DAY
    match = await service.storage.get_match(match_id)
    entries = [(a.seq, a.action, a.events) for a in await service.storage.actions(match_id)]
    snapshot = await service.storage.latest_snapshot(match_id)
    assert snapshot is not None
    await service.storage.upgrade_log(match_id, rules_version=match.rules_version,
                                      entries=entries, state_json=snapshot[1],
                                      version=match.version)
    assert any(ends in line for line in await service.status(CH))
    harness.clock.now += 4.1 * DAY
    await service.tick()
    await service.idle()
    assert await status_of(service, match_id) == "finished"


NO_GAME = "No game in this channel. Start one with /game new."


async def test_the_channel_of_an_abandoned_game_says_so_when_asked(harness: Harness) -> None:
    """Players who come back to the channel (the bot invited back, even while the game was
    being ended) learn what became of their game: for a while, the answer that there is no
    game here says the last one was ended as abandoned, when and why."""
    service, channel, match_id = await deleted(harness)
    harness.clock.now += 14.5 * DAY
    await service.tick()
    await service.idle()
    over = await service.storage.get_match(match_id)
    assert over.status == "finished" and over.finished_at is not None
    channel.gone = False  # the bot is invited back
    [line] = await service.status(CH)
    assert line.startswith("No game in this channel.") and line.endswith("/game new.")
    assert f"The last game here, Harbour Race, was ended as abandoned on <t:" \
           f"{int(over.finished_at)}:D>: the bot could not post here for 14 days" in line
    assert "not rated" in line
    with pytest.raises(ServiceError, match="ended as abandoned"):
        await service.act(CH, ANNA, {"type": "roll"})
    with pytest.raises(ServiceError, match="ended as abandoned"):
        await service.join(CH, 99, "Cleo")
    # the adapter's own answer to a command with no move (/move, a game's commands)
    assert "ended as abandoned" in await lookup.why_no_moves(service, CH, ANNA)
    assert not [n for n in channel.posted if n.match_id == match_id]  # told only when asked
    harness.clock.now += 31 * DAY  # for a while only
    assert await service.status(CH) == [NO_GAME]


async def test_a_new_game_in_the_channel_is_told_of_no_abandoned_one(
        harness: Harness) -> None:
    """Once another game is opened in the channel, it is that game the channel hears of."""
    service, channel, match_id = await deleted(harness)
    harness.clock.now += 14.5 * DAY
    await service.tick()
    await service.idle()
    channel.gone = False
    assert "ended as abandoned" in (await service.status(CH))[0]
    new = await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=BEN,
                               host_name="Ben")
    assert not any("abandoned" in line for line in await service.status(CH))
    await service.abort(CH, BEN)
    assert await service.status(CH) == [NO_GAME]  # the last game here is that one
    assert (await service.storage.get_match(new.id)).status == "aborted"


async def test_a_lobby_in_a_deleted_channel_is_closed(harness: Harness) -> None:
    """Nobody can join or start a lobby whose channel is gone: it is aborted, with nothing
    posted, and its seats are free; a game in play elsewhere is not touched."""
    service = harness.service
    assert service is not None
    channel = Channel(harness)
    channel.install(service)
    lobby = await service.create(channel_id=CH, guild_id=1, game_id="race", host_id=ANNA,
                                 host_name="Anna", seed=4)
    await service.join(CH, BEN, "Ben")
    other = await service.create(channel_id=CH + 1, guild_id=1, game_id="race", host_id=ANNA,
                                 host_name="Anna", seed=5)
    channel.posted.clear()
    channel.gone = True
    assert await service.channel_lost(CH, GONE) == lobby.id
    assert await status_of(service, lobby.id) == "aborted"
    assert await status_of(service, other.id) == "lobby"
    assert not channel.posted
    assert await service.current(CH) is None
    # heard again (a thread deleted twice, a restart's catch-up): nothing more happens
    assert await service.channel_lost(CH, GONE) is None
    assert await status_of(service, lobby.id) == "aborted"


async def test_the_lobbies_of_a_server_the_bot_left_are_closed(harness: Harness) -> None:
    """Removed from a server, the bot closes its lobbies there (nobody can start them) and
    its games in play wait; another server's lobby stays open."""
    service = harness.service
    assert service is not None
    match_id = await race(service)
    lobby = await service.create(channel_id=CH + 1, guild_id=1, game_id="race",
                                 host_id=ANNA, host_name="Anna")
    elsewhere = await service.create(channel_id=CH + 2, guild_id=2, game_id="race",
                                     host_id=BEN, host_name="Ben")
    lost = await service.guild_lost(1, "server 1: the bot was removed")
    assert sorted(lost) == sorted([match_id, lobby.id])
    assert await status_of(service, lobby.id) == "aborted"
    assert await status_of(service, match_id) == "active"
    assert await service.storage.delivery_problem(match_id) is not None
    assert await status_of(service, elsewhere.id) == "lobby"
