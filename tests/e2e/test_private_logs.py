"""The bot's log holds no private text, even at DEBUG: the real bot process plays Empires at Sea
until a card drawn comes by DM, a player looks at their hand with "My view", and neither the
DMs nor that private reply appear in bot.log, though discord.py's records of the requests and
gateway events that carried them are there."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.conftest import TABLE, gone
from tests.e2e.table import play
from tests.e2e.test_games import open_game
from tests.fakediscord import BotProcess, FakeDiscord, Person

MEANINGFUL = 12  # shorter lines ("Done.", a number) could be in the log for other reasons


@pytest.fixture
async def debug_bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake, tmp_path / "bot", env={"PORTOLAN_LOG_LEVEL": "DEBUG"})
    await process.start()
    yield process
    workers = process.children()
    await process.stop()
    assert process.returncode == 0, process.log()[-3000:]
    await gone(workers)


def spellings(line: str) -> set[str]:
    """The ways a line of text can show in a log: as it is, inside JSON, inside a repr."""
    return {line, json.dumps(line)[1:-1], json.dumps(line, ensure_ascii=False)[1:-1],
            repr(line)[1:-1]}


def leaked(log: str, texts: list[str]) -> list[str]:
    lines = {line.strip() for text in texts for line in text.splitlines()}
    return sorted(line for line in lines if len(line) >= MEANINGFUL
                  and any(form in log for form in spellings(line)))


async def test_no_private_text_in_the_debug_log(
        fake: FakeDiscord, debug_bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben, clara = people["anna"], people["ben"], people["clara"]
    await open_game(fake, anna, [ben, clara], "empires", seed=9)
    mine = await clara.click(fake.boards(TABLE)[-1], "My view")
    assert mine.ephemeral and "Your hand" in mine.text
    await play(fake, [anna, ben, clara], actions=300, seed=9, channel=TABLE,
               until=lambda: any("You draw" in dm.content for p in (anna, ben, clara)
                                 for dm in fake.dms(p.id)))
    dms = [dm.content for p in (anna, ben, clara) for dm in fake.dms(p.id)]
    assert any("You draw" in text for text in dms), "no card came by DM"
    await debug_bot.stop()
    log = debug_bot.log()
    # the records are there, at DEBUG, with their payloads withheld
    assert " DEBUG discord.http: POST " in log
    assert "characters of JSON withheld" in log
    assert "WebSocket Event: <gateway op=0 t=INTERACTION_CREATE" in log
    assert "/<token>/" in log and "itoken" not in log  # nor any interaction token
    assert leaked(log, dms) == [], "DM text in the log"
    assert leaked(log, [mine.text]) == [], "a private reply in the log"
    assert "Traceback" not in log, log[-3000:]
