"""Message nonces at the fake Discord, without the bot: with ``enforce_nonce``, a second create
in the same channel with the same nonce within a few minutes returns the first message instead
of making another, so a bot can retry a post it is unsure of without posting twice."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import NONCE_WINDOW, TOKEN

TABLE, OTHER = 555, 556
ANNA = 2001


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(users={ANNA: "Anna"}, channels=(TABLE, OTHER))
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {TOKEN}"}) as session:
        yield session


async def post(fake: FakeDiscord, http: aiohttp.ClientSession, channel: int,
               body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    async with http.post(f"{fake.api_url}/api/v10/channels/{channel}/messages",
                         json=body) as response:
        assert response.status == status, await response.text()
        answer: dict[str, Any] = await response.json()
        return answer


async def test_a_repeated_nonce_returns_the_first_message(
        fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    body = {"content": "Your move", "nonce": "turn-7-board", "enforce_nonce": True}
    first = await post(fake, http, TABLE, body)
    again = await post(fake, http, TABLE, {**body, "content": "Your move (again)"})
    assert again["id"] == first["id"] and again["content"] == "Your move"
    assert first["nonce"] == "turn-7-board"
    assert [m.content for m in fake.channel(TABLE)] == ["Your move"]
    assert fake.repeated_nonces == [(TABLE, "turn-7-board")]
    # an integer nonce is the same nonce as its digits
    number = await post(fake, http, TABLE, {"content": "A", "nonce": 42, "enforce_nonce": True})
    digits = await post(fake, http, TABLE, {"content": "B", "nonce": "42", "enforce_nonce": True})
    assert number["id"] == digits["id"]
    assert fake.problems == []


async def test_a_nonce_holds_in_its_own_channel_only_and_only_when_enforced(
        fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    body = {"content": "Hello", "nonce": "n1", "enforce_nonce": True}
    here = await post(fake, http, TABLE, body)
    there = await post(fake, http, OTHER, body)
    assert here["id"] != there["id"]
    loose = {"content": "Twice", "nonce": "n2"}
    assert (await post(fake, http, TABLE, loose))["id"] != \
        (await post(fake, http, TABLE, loose))["id"]
    assert len(fake.channel(TABLE)) == 3 and len(fake.channel(OTHER)) == 1
    assert fake.problems == []


async def test_a_dm_channel_keeps_nonces_too(fake: FakeDiscord,
                                             http: aiohttp.ClientSession) -> None:
    async with http.post(f"{fake.api_url}/api/v10/users/@me/channels",
                         json={"recipient_id": str(ANNA)}) as opened:
        channel = int((await opened.json())["id"])
    body = {"content": "Your hand: 3 wine", "nonce": "hand-1", "enforce_nonce": True}
    first = await post(fake, http, channel, body)
    assert (await post(fake, http, channel, body))["id"] == first["id"]
    assert [m.content for m in fake.dms(ANNA)] == ["Your hand: 3 wine"]
    assert fake.problems == []


async def test_a_failed_create_does_not_take_the_nonce(
        fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    body = {"content": "Board", "nonce": "turn-8", "enforce_nonce": True}
    fake.fail_next("POST", rf"^/channels/{TABLE}/messages$", 502,
                   {"message": "Bad Gateway", "code": 0})
    await post(fake, http, TABLE, body, status=502)
    assert fake.channel(TABLE) == []
    refused = await post(fake, http, TABLE, {**body, "content": "x" * 2001}, status=400)
    assert refused["code"] == 50035
    fake.problems.clear()  # the refusal above is filed as a problem, as it should be
    made = await post(fake, http, TABLE, body)  # the retry makes the message
    assert (await post(fake, http, TABLE, body))["id"] == made["id"]  # and only once
    assert [m.content for m in fake.channel(TABLE)] == ["Board"]
    assert fake.problems == []


async def test_a_nonce_expires_after_a_few_minutes(
        fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    body = {"content": "Reminder", "nonce": "remind-1", "enforce_nonce": True}
    first = await post(fake, http, TABLE, body)
    fake.channel(TABLE)[0].created -= NONCE_WINDOW + 1
    assert (await post(fake, http, TABLE, body))["id"] != first["id"]
    assert len(fake.channel(TABLE)) == 2


async def test_what_discord_py_sends_for_a_nonce_is_enforced(
        fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    """``Messageable.send(nonce=...)`` sends the nonce as a string with enforce_nonce."""
    from discord.http import handle_message_parameters

    params = handle_message_parameters(content="Turn 3", nonce=1234567890123)
    assert params.payload is not None
    assert params.payload["enforce_nonce"] is True
    first = await post(fake, http, TABLE, params.payload)
    assert (await post(fake, http, TABLE, params.payload))["id"] == first["id"]
    assert len(fake.channel(TABLE)) == 1
    assert fake.problems == []
