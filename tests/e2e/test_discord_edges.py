"""What Discord may send that the bot's own commands do not expect, and names that would
break a message's formatting, through the fake Discord. Each gets a private answer, nothing
Discord would refuse, and no traceback in the bot's log (checked by the ``table`` fixture)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Table
from tests.e2e.table import public, settle
from tests.fakediscord import BotProcess, FakeDiscord, Person

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.usefixtures("table")]


@pytest.fixture
def fake(shared_fake: FakeDiscord) -> FakeDiscord:
    return shared_fake


@pytest.fixture
def bot(shared_bot: BotProcess) -> BotProcess:
    return shared_bot


def _stale(fake: FakeDiscord, person: Person, command: str,
           options: list[dict[str, Any]]) -> dict[str, Any]:
    """The data of a command as a Discord app that loaded an older command list sends it."""
    synced = fake.commands[fake.guild_id]
    schema = next(c for c in synced if c["name"] == command)
    return {"id": schema["id"], "name": command, "type": 1, "guild_id": str(fake.guild_id),
            "options": options}


@pytest.mark.parametrize("options", [
    [{"type": 1, "name": "frobnicate", "options": []}],  # a sub-command since removed
    # an option that was text and is now a whole number
    [{"type": 1, "name": "new", "options": [
        {"type": 3, "name": "game", "value": "ships"},
        {"type": 3, "name": "seed", "value": "not a number"}]}],
])
async def test_a_command_the_bot_no_longer_has_is_answered(
        fake: FakeDiscord, table: Table, options: list[dict[str, Any]]) -> None:
    anna = table.people["anna"]
    reply = await anna.send(2, _stale(fake, anna, "game", options))
    await settle(fake, table.here)
    assert reply.ephemeral and "Reload Discord" in reply.text, reply.text
    assert public(fake, table.here) == []


async def test_autocomplete_of_a_command_the_bot_no_longer_has_offers_nothing(
        fake: FakeDiscord, table: Table) -> None:
    anna = table.people["anna"]
    data = _stale(fake, anna, "game", [{"type": 1, "name": "frobnicate", "options": [
        {"type": 3, "name": "what", "value": "x", "focused": True}]}])
    reply = await anna.send(4, data)
    assert reply.interaction.callback_type == 8 and reply.choices == []
