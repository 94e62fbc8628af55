"""Games that survive what real use brings, through the real bot process and the fake Discord:
a game that can no longer be rebuilt, one move of a turn and then silence (and a SIGKILL in
between), a Discord 5xx on a turn's board, and a command sent twice."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

from tests.e2e import store
from tests.e2e.conftest import OTHER_TABLE, TABLE
from tests.e2e.table import DONE, UNDO, movers, public, settle
from tests.e2e.test_games import open_game
from tests.fakediscord import BotProcess, FakeDiscord, Person


def match_id(db: object, channel: int) -> int:
    rows = store.query(db, "SELECT id FROM matches WHERE channel_id = ? ORDER BY id DESC "  # type: ignore[arg-type]
                       "LIMIT 1", channel)
    return int(rows[0][0])  # type: ignore[call-overload]


async def one_move(person: Person) -> str:
    (mover, choices), *_ = await movers([person])
    exchange = await mover.slash("move", action=choices[0]["value"])
    return exchange.text


async def mid_turn_move(fake: FakeDiscord, people: list[Person]) -> Person:
    """Plays until someone makes a move after which it is still their turn (no new board);
    returns them."""
    for _ in range(60):
        await settle(fake, TABLE)
        (person, choices), *_ = await movers(people)
        boards = len(fake.boards(TABLE))
        done = await person.slash("move", action=choices[0]["value"])
        assert done.text.startswith(DONE), done.text
        await settle(fake, TABLE)
        if len(fake.boards(TABLE)) == boards and [p for p, _ in await movers(people)] == [person]:
            return person
    raise AssertionError("no move left the turn with the same player")


async def test_a_game_that_cannot_be_rebuilt_is_set_aside_and_the_others_play(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    await open_game(fake, anna, [ben], "ships", seed=31)
    for _ in range(3):
        assert (await one_move(anna if (await movers([anna])) else ben)).startswith(DONE)
    other_anna = Person(fake, anna.id, OTHER_TABLE)
    other_ben = Person(fake, ben.id, OTHER_TABLE)
    await open_game(fake, other_anna, [other_ben], "empires", seed=32)
    await settle(fake, OTHER_TABLE)
    await bot.stop()
    broken = match_id(bot.db, TABLE)
    with sqlite3.connect(bot.db) as db:  # a release changed what this stored action means
        db.execute("UPDATE actions SET action = '{\"type\": \"teleport\"}' WHERE match_id = ? "
                   "AND seq = 2", (broken,))
        db.execute("DELETE FROM snapshots WHERE match_id = ? AND version > 0", (broken,))
    await bot.start()
    status = await anna.slash("game status")
    assert "set aside" in status.text, status.text
    await fake.wait_for(lambda: any("set aside" in m.content for m in public(fake, TABLE)),
                        what="the channel told")
    # the other game plays on
    assert (await one_move(other_anna if await movers([other_anna]) else other_ben)
            ).startswith(DONE)
    await bot.stop()
    await bot.start()  # told once, not at every start
    await settle(fake, TABLE)
    assert sum("set aside" in m.content for m in public(fake, TABLE)) == 1
    assert "Portolan has stopped cleanly" in bot.log()
    asked = await anna.slash("game abort")
    assert "ends the game for everyone" in asked.text
    aborted = await anna.click(asked.replies[-1], "End the game for everyone")
    assert "aborted" in aborted.text.lower()
    record = await anna.slash("game export")
    assert record.replies[-1].attachments, record.text


async def test_one_move_then_silence_meets_the_deadline_even_across_a_sigkill(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    await open_game(fake, anna, [ben], "ships", seed=33)
    saved = await anna.slash("game settings", turn_hours=0.002, policy="bot")  # 7.2 s
    assert "Saved" in saved.text
    late = await mid_turn_move(fake, [anna, ben])  # the turn goes on ...
    await bot.kill()  # ... and the process dies right after
    await bot.start()
    await fake.wait_for(lambda: any("missed the deadline" in m.content
                                    for m in public(fake, TABLE)), timeout=40,
                        what="the late turn played by a bot")
    await anna.slash("game settings", turn_hours=0.0)
    await settle(fake, TABLE)
    [late_line] = [m for m in public(fake, TABLE) if "missed the deadline" in m.content]
    assert late.name in late_line.content


async def test_a_turn_board_refused_by_discord_is_posted_later_once_with_its_ping(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    await open_game(fake, anna, [ben], "ships", seed=34)
    boards = len(fake.boards(TABLE))
    await settle(fake, TABLE)
    # the next post to the channel is refused: a turn's lines go out with its board, so that
    # is the board of the first turn that ends from here
    fake.fail_next("POST", rf"/channels/{TABLE}/messages$", 503,
                   {"message": "Service Unavailable", "code": 0})

    def refused() -> bool:
        return any(status == 503 for _, path, status in fake.requests
                   if path.endswith(f"/channels/{TABLE}/messages"))
    for _ in range(40):
        (person, choices), *_ = await movers([anna, ben])
        assert (await person.slash("move", action=choices[0]["value"])).text.startswith(DONE)
        await settle(fake, TABLE, quiet=0.3)
        if refused():
            break
    else:
        raise AssertionError("no turn ended")
    fake.clear_faults()
    await fake.wait_for(lambda: len(fake.boards(TABLE)) > boards, timeout=20,
                        what="the board posted again")
    await settle(fake, TABLE, quiet=0.5)
    version = store.version(bot.db, TABLE)
    names = [m.attachments[0].filename for m in fake.boards(TABLE)]
    assert len(names) == len(set(names)), names  # each board once
    assert names[-1].endswith(f"-{version}.png")
    assert fake.boards(TABLE)[-1].pinged(), "the next player is pinged"
    announced = store.query(bot.db, "SELECT announced FROM matches WHERE id = ?",
                            match_id(bot.db, TABLE))
    assert announced == [(version,)]


async def test_undo_sent_twice_takes_back_one_action(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    await open_game(fake, anna, [ben], "ships", seed=35)
    for _ in range(60):  # until someone can take a move back
        await settle(fake, TABLE)
        found = await movers([anna, ben])
        person = found[0][0]
        everything = await person.autocomplete("move", "action")
        if any(c["name"] == UNDO for c in everything):
            break
        assert (await person.slash("move", action=found[0][1][0]["value"])).text.startswith(
            DONE)
    else:
        raise AssertionError("no undoable move came")
    before = store.actions(bot.db, TABLE)
    fake.pace_ms = 300  # the same command, sent again 0.3 s later
    first, second = await asyncio.gather(person.slash("game undo"), person.slash("game undo"))
    fake.pace_ms = 5000
    texts = sorted([first.text, second.text])
    assert sum(t.startswith("Undone") for t in texts) == 1, texts
    assert any("Already done" in t for t in texts), texts
    assert store.actions(bot.db, TABLE) == before + 1


async def test_a_failed_start_says_it_failed_and_why(fake: FakeDiscord, tmp_path: Path) -> None:
    process = BotProcess(fake, tmp_path / "bot")
    process.workdir.mkdir(parents=True)
    process.db.write_bytes(b"this is no database" * 100)
    with process.log_path.open("wb") as log:
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", cwd=process.workdir,
            env=process.environment(), stdin=asyncio.subprocess.DEVNULL, stdout=log,
            stderr=log)
        code = await asyncio.wait_for(child.wait(), 60)
    text = process.log()
    assert code == 1, text
    assert "Portolan failed to start" in text and "not a database" in text, text
    assert "stopped cleanly" not in text, text
