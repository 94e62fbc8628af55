"""After the game, through the Discord layer: the summary with its chart, /game history with
the link to the last board, /stats, /leaderboard, /game replay and /game export match:."""

from __future__ import annotations

import io

from PIL import Image

from .conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, Table


async def finished_game(table: Table) -> int:
    """Alice and a random bot play Harbour Race to the end; returns the match id."""
    await table.game("new", ALICE, "race", "target=10", 3)
    await table.game("addbot", ALICE)
    await table.game("start", ALICE)
    match = await table.match()
    assert match is not None
    for _ in range(100):
        await table.service.idle()
        if await table.match() is None:
            break
        roll = await table.pick(ALICE, "roll")
        await table.move(ALICE, roll.value)
    await table.service.idle()
    assert await table.match() is None
    return match.id


async def test_the_summary_follows_the_last_board_with_its_chart(table: Table) -> None:
    await finished_game(table)
    texts = table.channel.texts
    over = next(i for i, t in enumerate(texts) if "The game is over" in t)
    summary = table.channel.messages[over + 1]
    assert summary.text.startswith("**How the game went**")
    chart = summary.kwargs["file"]
    assert chart.filename == "scores.png"
    assert Image.open(io.BytesIO(chart.fp.read())).size == (1200, 640)


async def test_history_links_the_last_board_and_stats_rate_the_players(table: Table) -> None:
    match_id = await finished_game(table)
    final = next(m for m in table.channel.messages if "The game is over" in m.text)
    shown = await table.game("history", BOB)
    [text] = shown.private
    assert f"#{match_id} Harbour Race" in text
    assert f"(https://discord.com/channels/{GUILD}/{CHANNEL}/{final.id})" in text
    server = await table.game("history", BOB, "server")
    assert f"#{match_id} Harbour Race" in server.private[0]

    stats = await table.command("RecordsCog", "stats", ALICE)
    assert f"**<@{ALICE}>** on this server:" in stats.private[0]
    assert "Harbour Race: 1 game" in stats.private[0] and "rating " in stats.private[0]
    nobody = await table.command("RecordsCog", "stats", CAROL)
    assert nobody.private == [f"<@{CAROL}> has no finished game on this server yet."]

    people = await table.command("RecordsCog", "leaderboard", BOB, "race")
    assert f"1. <@{ALICE}>:" in people.private[0] and "random bot" not in people.private[0]
    everyone = await table.command("RecordsCog", "leaderboard", BOB, "race", True)
    assert "the random bot" in everyone.private[0]


async def test_replay_and_export_of_a_finished_game(table: Table) -> None:
    match_id = await finished_game(table)
    replay = await table.game("replay", BOB, str(match_id))
    assert replay.private == ["The replay is in the channel."]
    [post] = replay.public
    gif = post.kwargs["file"]
    assert gif.filename == f"replay-race-{match_id}.gif"
    frames = Image.open(io.BytesIO(gif.fp.read()))
    assert frames.format == "GIF" and frames.n_frames > 2

    mine = await table.game("export", ALICE, f"#{match_id}")
    assert mine.replies[0].kwargs["file"].filename == f"portolan-race-{match_id}.json"
    theirs = await table.game("export", CAROL, str(match_id))
    assert theirs.private == [f"Only the players of game #{match_id} can have its record."]

    for bad, said in (("soon", "Name a finished game by its number"),
                      ("#99999", "This server has no finished game #99999."),
                      ("1" * 40, "Name a finished game by its number")):
        refused = await table.game("replay", CAROL, bad)
        assert refused.private[0].startswith(said), refused.private
        assert not refused.public

    elsewhere = await table.command("GameCog", "game_replay", BOB, str(match_id),
                                    inter_kwargs={"guild_id": GUILD + 1})
    assert elsewhere.private == [f"This server has no finished game #{match_id}."]
