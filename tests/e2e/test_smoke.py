"""The bot connects to the fake Discord, syncs its commands and answers a first game."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tests.e2e.conftest import ANNA, BEN, TABLE, USERS
from tests.fakediscord import BotProcess, FakeDiscord, Person


async def test_a_game_opens_and_starts(fake: FakeDiscord, bot: BotProcess,
                                       people: dict[str, Person]) -> None:
    assert fake.identifies == 1 and fake.heartbeats >= 1  # discord.py beats at once
    names = {c["name"] for c in fake.commands[fake.guild_id]}
    assert {"game", "move", "help", "rules", "ships", "trader", "empires"} <= names
    anna, ben = people["anna"], people["ben"]
    opened = await anna.slash("game new", game="ships", seed=7)
    assert opened.ephemeral and "You opened a game of Ships" in opened.text
    joined = await ben.slash("game join")
    assert "You have joined" in joined.text
    started = await anna.slash("game start")
    assert "The game has begun" in started.text
    board = await fake.wait_for(lambda: fake.boards(TABLE), what="a board in the channel")
    assert board[-1].attachments[0].data.startswith(b"\x89PNG")
    assert len(board[-1].pinged() & {ANNA, BEN}) == 1


async def test_the_bot_shards_as_discord_recommends(tmp_path: Path) -> None:
    """Told to use two shards (as Discord does past 2,500 guilds), the bot opens both in one
    process and answers in a guild that lives on the second."""
    guild = (3 << 22) + 5  # (id >> 22) % 2 == 1: the guild is on shard 1
    fake = FakeDiscord(users=USERS, channels=(TABLE,), guild_id=guild, shards=2)
    await fake.start()
    bot = BotProcess(fake, tmp_path / "bot")
    try:
        await bot.start(timeout=90)
        assert fake.identifies == 2 and fake.guild_shard == 1
        anna = Person(fake, ANNA, TABLE)
        opened = await anna.slash("game new", game="ships")
        assert "You opened" in opened.text
    finally:
        await bot.stop()
        await fake.stop()
    assert fake.problems == []
    assert bot.returncode == 0


async def test_global_sync_publishes_every_command(fake: FakeDiscord, tmp_path: Path) -> None:
    """``python -m bot sync`` logs in, puts the commands for every server, and exits."""
    sync = BotProcess(fake, tmp_path / "sync")
    sync.workdir.mkdir(parents=True)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "sync", cwd=sync.workdir, env=sync.environment(),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    output, _ = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, output.decode()
    assert {"game", "move", "help", "rules", "stats", "leaderboard", "ships", "trader",
            "empires"} == {
        c["name"] for c in fake.commands[None]}
    assert fake.identifies == 0  # no gateway connection for a sync
