"""The bot's start-up and its deadline clock, without a connection to Discord."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord_bot import PortolanBot
from bot.settings import Settings
from engine.core import all_games

from .conftest import ALICE, BOB, FakeClock, Table


async def test_sync_only_bot_needs_no_database(settings: Settings) -> None:
    bot = PortolanBot(settings, sync_only=True)
    await bot.prepare()
    groups = {g.commands().group for g in all_games()}  # one per game, the test game's too
    assert {"ships", "trader", "empires", "race"} <= groups
    assert {c.name for c in bot.tree.get_commands()} == {"game", "move", "help", "rules",
                                                         "stats", "leaderboard", *groups}
    with pytest.raises(RuntimeError):
        bot.service  # noqa: B018 - the property refuses until there is a service
    assert not settings.db.exists()


@pytest.mark.parametrize("dev_guild", [None, 4242])
async def test_setup_hook_syncs_only_to_the_dev_guild(
    settings: Settings, storage: Any, monkeypatch: pytest.MonkeyPatch, dev_guild: int | None
) -> None:
    from bot.service import MatchService

    settings = settings.model_copy(update={"dev_guild_id": dev_guild, "tick_seconds": 5})

    async def factory(notify: Any) -> MatchService:
        return MatchService(storage, settings, notify=notify)

    bot = PortolanBot(settings, service_factory=factory)
    synced: list[Any] = []
    copied: list[Any] = []

    async def fake_sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        synced.append(guild)
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    monkeypatch.setattr(bot.tree, "copy_global_to", lambda *, guild: copied.append(guild))
    await bot.setup_hook()
    try:
        assert bot.ticker.is_running()
        assert bot.ticker.seconds == 5
        if dev_guild is None:
            assert synced == [] and copied == []
        else:
            assert [g.id for g in synced] == [dev_guild] and [g.id for g in copied] == [dev_guild]
    finally:
        bot.ticker.cancel()


async def test_a_tick_applies_a_missed_deadline(table: Table, clock: FakeClock) -> None:
    await table.lobby(ALICE, BOB)
    await table.game("settings", ALICE, 2, "bot")
    actor = await table.actor()
    version = await table.version()

    await table.bot.ticker()  # one run of the clock, as at start: nothing is due yet
    assert await table.version() == version

    clock.now += 3 * 3600
    await table.bot.ticker()
    await table.service.idle()
    late = table.users[actor].display_name
    assert f"{late} missed the deadline; the random bot plays this turn." in table.channel.texts
    assert await table.version() > version
    assert await table.actor() != actor


async def test_a_failing_tick_is_logged_not_raised(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken() -> None:
        raise RuntimeError("clock stopped")

    monkeypatch.setattr(table.service, "tick", broken)
    await table.bot.ticker()
    assert "the deadline clock failed" in caplog.text
