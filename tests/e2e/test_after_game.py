"""After a game, through the real bot process: a player who misses the deadline is replaced
by the game's default bot (policy remove; the strong bot), the bots play it out,
the summary with its chart follows the last board, and the history, ratings and replay
commands answer from the database."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import TABLE, stopped_cleanly
from tests.e2e.table import public, settle
from tests.fakediscord import BotProcess, FakeDiscord, Person


async def test_a_game_played_out_by_bots_has_its_summary_history_and_replay(
        fake: FakeDiscord, tmp_path: Path, people: dict[str, Person]) -> None:
    bot = BotProcess(fake, tmp_path / "bot", env={"PORTOLAN_BOT_THINK_SECONDS": "0.01",
                                                  "PORTOLAN_TURN_BATCH_SECONDS": "0"})
    await bot.start()
    try:
        anna, ben = people["anna"], people["ben"]
        # a short game: three turns each
        assert "You opened" in (await anna.slash("game new", game="ocean_trader",
                                                 options="turns=3", seed=5)).text
        added = await anna.slash("game addbot", bot="easy")
        assert "Bot 1 (easy) added." in added.text
        await anna.slash("game settings", turn_hours=0.0003, policy="remove")
        assert "The game has begun" in (await anna.slash("game start")).text
        await fake.wait_for(
            lambda: any(m.content.startswith("**How the game went**")
                        for m in public(fake, TABLE)), what="the summary", timeout=180)
        await settle(fake, TABLE, quiet=0.3)
        posts = public(fake, TABLE)
        said = "\n".join(m.content for m in posts)
        assert "Anna missed the deadline and the strong bot takes the seat" in said
        over = next(i for i, m in enumerate(posts) if "The game is over" in m.content)
        summary = next(m for m in posts[over:] if m.content.startswith("**How the game"))
        [chart] = summary.attachments
        assert chart.data[:8] == b"\x89PNG\r\n\x1a\n" and chart.filename == "scores.png"

        history = await ben.slash("game history")
        final = posts[over]
        assert f"/channels/{fake.guild_id}/{TABLE}/{final.id})" in history.text
        number = history.text.split("\n- #", 1)[1].split(" ", 1)[0]
        # Anna left the game: she is rated, last; the easy bot too; Ben played no game
        stats = await anna.slash("stats", game="ocean_trader")
        assert "Ocean Trader: 1 game, 0 wins (2nd ×1)" in stats.text, stats.text
        assert "no finished game" in (await ben.slash("stats")).text
        board = await ben.slash("leaderboard", game="ocean_trader", bots=True)
        assert "the easy bot" in board.text and f"<@{anna.id}>" in board.text

        replay = await ben.slash("game replay", match=number, timeout=120)
        assert replay.text == "The replay is in the channel."
        await settle(fake, TABLE, quiet=0.3)
        [shown] = [m for m in public(fake, TABLE) if m.attachments
                   and m.attachments[0].filename.endswith(".gif")]
        gif = shown.attachments[0].data
        assert gif[:6] == b"GIF89a" and len(gif) < 10 * 2**20
        refused = await ben.slash("game export", match=number)
        assert "Only the players" in refused.text
        record = await anna.slash("game export", match=number)
        [file] = [a for m in record.replies for a in m.attachments]
        assert file.filename.endswith(".json") and b'"seed_secret"' in file.data
    finally:
        await stopped_cleanly(bot)
