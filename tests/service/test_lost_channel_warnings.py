"""A game whose channel the bot cannot post in (deleted, the bot removed from the server or
short of a permission there) is ended as abandoned after ``abandon_days``; its players cannot
see that happen in the channel, so each seated person is told privately, once per loss of the
channel: which game, why, the day it will be ended, how to keep it. Real service, both
backends; the adapter is a stand-in that records what it is handed."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.notices import DeliveryFailed, LostChannel, Notice
from bot.service import ChannelOutOfReach, MatchService
from bot.service.deadlines import LEASE_SECONDS
from bot.service.lost_channels import DM_TRIES, WARN_AFTER
from bot.storage import Storage
from tests.bot.test_service import actor_user

from .conftest import Harness

CH, GUILD, ANNA, BEN, CLEO = 730, 5, 51, 52, 53
DAY = 86400.0
GONE = f"channel {CH}: 404 10003"


class Adapter:
    """What the service hands the adapter: channel posts (refused for good while the
    channel is ``gone``) and private warnings (``dm_refused`` users refuse theirs for good,
    ``dm_busy`` counts failures for now still to come)."""

    def __init__(self) -> None:
        self.gone = False
        self.dm_refused: set[int] = set()
        self.dm_busy = 0
        self.posted: list[Notice] = []
        self.warned: list[LostChannel] = []
        self.dm_tries = 0

    async def deliver(self, notice: Notice) -> None:
        if notice.warning is not None:
            self.dm_tries += 1
            user = notice.warning.user_id
            if user in self.dm_refused:
                raise DeliveryFailed(True, f"user {user}: 403 50007")
            if self.dm_busy:
                self.dm_busy -= 1
                raise DeliveryFailed(False, f"user {user}: 503 0")
            assert not notice.lines and not notice.board and not notice.ping
            assert not notice.private  # nothing of any seat's own
            self.warned.append(notice.warning)
            return
        if self.gone and notice.channel_id == CH:
            raise ChannelOutOfReach(GONE)
        self.posted.append(notice)

    def to(self) -> list[int]:
        return [w.user_id for w in self.warned]


async def started(service: MatchService, *, bot: bool = True) -> int:
    """Anna's Harbour Race with Ben, Cleo and (``bot``) a bot seat, two moves in."""
    match = await service.create(channel_id=CH, guild_id=GUILD, game_id="race", host_id=ANNA,
                                 host_name="Anna", seed=4, options={"target": 20})
    await service.join(CH, BEN, "Ben")
    await service.join(CH, CLEO, "Cleo")
    if bot:
        await service.add_bot(CH, ANNA, "random")
    await service.start(CH, ANNA)
    for _ in range(2):
        await service.idle()
        assert (await service.act(CH, await actor_user(service, match.id),
                                  {"type": "roll"})).ok
    await service.idle()
    return match.id


async def lost(harness: Harness, *, bot: bool = True) -> tuple[MatchService, Adapter, int]:
    """The game above, its channel deleted just now."""
    service = harness.service
    assert service is not None
    match_id = await started(service, bot=bot)
    adapter = Adapter()
    service._notify = adapter.deliver
    adapter.gone = True
    assert await service.channel_lost(CH, GONE) == match_id
    return service, adapter, match_id


async def sweep(harness: Harness, service: MatchService, seconds: float = WARN_AFTER + 1
                ) -> None:
    """Time passes, and the clock ticks as the bot's does."""
    harness.clock.now += seconds
    await service.tick()
    await service.idle()


async def test_each_seated_person_is_told_once(harness: Harness) -> None:
    service, adapter, match_id = await lost(harness)
    since = await service.storage.unreachable_since(match_id)
    assert since is not None
    await sweep(harness, service, WARN_AFTER - 60)
    assert adapter.warned == []  # not at once: a channel back at the next try tells nobody
    await sweep(harness, service, 61)
    assert sorted(adapter.to()) == [ANNA, BEN, CLEO]  # not the bot seat
    for warning in adapter.warned:
        assert warning == LostChannel(warning.user_id, GUILD, "Harbour Race", GONE,
                                      since + 14 * DAY)
    assert not [n for n in adapter.posted if n.match_id == match_id]  # nothing in a channel
    for _ in range(3):  # the next looks, past the claim's time too
        await sweep(harness, service, LEASE_SECONDS)
    assert len(adapter.warned) == 3
    assert (await service.storage.get_match(match_id)).status == "active"  # still waiting


async def test_a_restart_does_not_tell_them_again(harness: Harness) -> None:
    service, adapter, match_id = await lost(harness)
    await sweep(harness, service)
    assert len(adapter.warned) == 3
    service = await harness.restart()
    service._notify = adapter.deliver
    await sweep(harness, service, LEASE_SECONDS)
    assert len(adapter.warned) == 3
    assert await service.warn_lost_channels() == []


async def test_two_processes_tell_them_once(harness: Harness) -> None:
    """Two bot processes running the same shard (one database): one of them tells."""
    service, adapter, match_id = await lost(harness)
    assert harness.storage is not None
    other = await Storage.open(harness.path, clock=harness.clock)
    twin = MatchService(other, harness.settings, adapter.deliver, clock=harness.clock)
    try:
        harness.clock.now += WARN_AFTER + 1
        told = await asyncio.gather(service.warn_lost_channels(), twin.warn_lost_channels())
        assert sorted(told) == [[], [match_id]]
        assert sorted(adapter.to()) == [ANNA, BEN, CLEO]
        harness.clock.now += LEASE_SECONDS + 1
        assert await twin.warn_lost_channels() == []
    finally:
        await twin.idle()
        await twin.close()
        await other.close()


async def test_none_when_the_channel_is_back_before_the_look(harness: Harness) -> None:
    service, adapter, match_id = await lost(harness)
    harness.clock.now += 60
    adapter.gone = False  # the bot is given its permission back, and posts again
    assert await service.post_again(match_id)
    await sweep(harness, service)
    assert adapter.warned == []


async def test_none_when_the_channel_takes_the_post_tried_first(harness: Harness) -> None:
    """The channel came back without the bot noticing yet: before telling anyone, the bot
    tries a post, which gets through, and the game goes on."""
    service, adapter, match_id = await lost(harness)
    adapter.gone = False
    await sweep(harness, service)
    assert adapter.warned == []
    assert await service.channel_reachable(match_id)
    assert any(n.match_id == match_id for n in adapter.posted)


async def test_a_channel_lost_again_is_told_of_again(harness: Harness) -> None:
    service, adapter, match_id = await lost(harness, bot=False)
    await sweep(harness, service)
    assert len(adapter.warned) == 3
    adapter.gone = False
    assert await service.post_again(match_id)
    await sweep(harness, service)
    adapter.gone = True
    assert await service.channel_lost(CH, GONE) == match_id
    await sweep(harness, service)
    assert len(adapter.warned) == 6
    since = await service.storage.unreachable_since(match_id)
    assert since is not None and adapter.warned[-1].ends_at == since + 14 * DAY  # from now


async def test_a_refused_private_message_is_not_tried_again(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """Ben's DMs are closed (403 50007): the others are told, nothing breaks, Ben's is
    not tried again, and the log holds ids and codes, not the message."""
    service, adapter, match_id = await lost(harness)
    adapter.dm_refused = {BEN}
    caplog.set_level(logging.INFO, logger="bot")
    await sweep(harness, service)
    assert sorted(adapter.to()) == [ANNA, CLEO]
    tries = adapter.dm_tries
    assert tries == 3
    for _ in range(2):
        await sweep(harness, service, LEASE_SECONDS)
    assert adapter.dm_tries == tries
    [line] = [r.getMessage() for r in caplog.records if str(BEN) in r.getMessage()]
    assert f"match {match_id}: user {BEN} takes no private message (user {BEN}: 403 50007)" \
        in line
    assert "Harbour Race" not in caplog.text and "abandoned on" not in caplog.text
    assert (await service.storage.get_match(match_id)).status == "active"


async def test_a_private_message_failing_for_now_is_tried_a_few_times(
        harness: Harness) -> None:
    service, adapter, match_id = await lost(harness, bot=False)
    service.retry_first = 0.01
    adapter.dm_busy = DM_TRIES - 1  # Anna's first tries: then it gets through
    await sweep(harness, service)
    assert sorted(adapter.to()) == [ANNA, BEN, CLEO]
    adapter.warned.clear()
    adapter.dm_busy = 10**6  # Discord busy for good: given up after a few tries each
    adapter.gone = False
    assert await service.post_again(match_id)
    adapter.gone = True
    assert await service.channel_lost(CH, GONE) == match_id
    tries = adapter.dm_tries
    await sweep(harness, service)
    assert adapter.warned == [] and adapter.dm_tries == tries + 3 * DM_TRIES
    await sweep(harness, service, LEASE_SECONDS)
    assert adapter.dm_tries == tries + 3 * DM_TRIES  # not tried for ever


async def test_nobody_is_told_when_games_are_never_abandoned(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """``abandon_days`` 0: the game waits for ever, nothing is at risk, nobody is told."""
    service, adapter, match_id = await lost(harness)
    monkeypatch.setattr(service.settings, "abandon_days", 0.0)
    await sweep(harness, service)
    assert await service.warn_lost_channels() == []
    await sweep(harness, service, 30 * DAY)
    assert adapter.warned == []


async def test_nobody_is_told_of_a_game_being_ended_now(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games were never abandoned (0), then are (14 days) with the channel lost for 20
    days: the game is ended, nobody is told it could still be kept."""
    service, adapter, match_id = await lost(harness)
    monkeypatch.setattr(service.settings, "abandon_days", 0.0)
    await sweep(harness, service, 20 * DAY)
    monkeypatch.setattr(service.settings, "abandon_days", 14.0)
    assert await service.warn_lost_channels() == []
    await sweep(harness, service)
    assert (await service.storage.get_match(match_id)).status == "finished"
    assert adapter.warned == []


async def test_a_seat_a_bot_took_over_is_not_told(harness: Harness) -> None:
    """A player whose seat went to a bot (a missed deadline, policy remove) no longer plays:
    only the people seated now are told."""
    service, adapter, match_id = await lost(harness, bot=False)
    game = await service.storage.get_match(match_id)
    await service.storage.replace_seat_with_bot(match_id, 1, "random")
    seats = await service.storage.seats(match_id)
    gone = next(s.left_user_id for s in seats if s.seat == 1)
    assert game.status == "active" and gone is not None
    await sweep(harness, service)
    assert sorted(adapter.to()) == sorted({ANNA, BEN, CLEO} - {gone})
