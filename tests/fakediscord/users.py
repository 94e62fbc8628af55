"""People at the fake Discord: they type slash commands (with the options the synced command
tree allows, as Discord's client does), ask for autocomplete, click buttons and pick from menus.

Each action sends an INTERACTION_CREATE through the gateway and waits until the bot has
answered it in full; an :class:`Exchange` holds what came back and how long the acknowledgement
took. Anything a real client would stop (an unknown option, a value outside fixed choices) is
refused here with an AssertionError, because the bot never sees it; what a client lets through
(an autocomplete value typed by hand, a stale button) is sent as is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.fakediscord.server import FakeDiscord, Interaction, Message

OPTION_TYPES: dict[int, type | tuple[type, ...]] = {3: str, 4: int, 5: bool, 10: (int, float)}


@dataclass
class Exchange:
    """One interaction and the bot's answer to it."""

    interaction: Interaction

    @property
    def replies(self) -> list[Message]:
        return self.interaction.replies

    @property
    def text(self) -> str:
        return "\n".join(m.content for m in self.replies)

    @property
    def ephemeral(self) -> bool:
        return all(m.ephemeral for m in self.replies)

    @property
    def ack_ms(self) -> float:
        assert self.interaction.ack_ms is not None
        return self.interaction.ack_ms

    @property
    def choices(self) -> list[dict[str, Any]]:
        return self.interaction.choices or []


class Person:
    def __init__(self, fake: FakeDiscord, user_id: int, channel_id: int) -> None:
        self.fake = fake
        self.id = user_id
        self.channel_id = channel_id
        self.name = fake.users[user_id]

    # --- slash commands -------------------------------------------------------------------
    async def slash(self, command: str, *, timeout: float = 30.0, **options: Any) -> Exchange:
        data = self.command_data(command, options)
        return await self.send(2, data, timeout=timeout)

    async def autocomplete(self, command: str, focused: str, typed: str = "",
                           **options: Any) -> list[dict[str, Any]]:
        """The choices the bot offers for ``focused`` after typing ``typed``."""
        data = self.command_data(command, options, focused=(focused, typed))
        return (await self.send(4, data)).choices

    def command_data(self, command: str, options: dict[str, Any],
                     focused: tuple[str, str] | None = None) -> dict[str, Any]:
        """The ``data`` of a command interaction, built against the synced command tree."""
        first, *path = command.split()
        synced = self.fake.commands.get(self.fake.guild_id, [])
        schema = next((c for c in synced if c["name"] == first and c.get("type", 1) == 1), None)
        assert schema is not None, f"/{first} is not a synced command"
        data: dict[str, Any] = {"id": schema["id"], "name": first, "type": 1}
        if self.fake.guild_of(self.channel_id) == self.fake.guild_id:
            # the development guild's copy; in another guild the same command is global
            data["guild_id"] = str(self.fake.guild_id)
        level, holder = schema.get("options", []), data
        for name in path:
            sub = next((o for o in level if o["name"] == name and o["type"] in (1, 2)), None)
            assert sub is not None, f"/{command}: no sub-command {name!r}"
            node: dict[str, Any] = {"type": sub["type"], "name": name}
            holder["options"] = [node]
            level, holder = sub.get("options", []), node
        values = []
        for name, value in options.items():
            values.append(self._option(command, level, name, value))
        if focused is not None:
            name, typed = focused
            spec = self._spec(command, level, name)
            assert spec.get("autocomplete"), f"/{command} {name} has no autocomplete"
            values = [v for v in values if v["name"] != name]
            values.append({"type": spec["type"], "name": name, "value": typed, "focused": True})
        holder["options"] = values
        return data

    @staticmethod
    def _spec(command: str, level: list[dict[str, Any]], name: str) -> dict[str, Any]:
        spec = next((o for o in level if o["name"] == name), None)
        assert spec is not None, f"/{command} has no option {name!r}"
        return spec

    def _option(self, command: str, level: list[dict[str, Any]], name: str,
                value: Any) -> dict[str, Any]:
        spec = self._spec(command, level, name)
        kind = spec["type"]
        expected = OPTION_TYPES.get(kind)
        assert expected is not None, f"option type {kind} is not supported by the fake client"
        assert isinstance(value, expected), f"/{command} {name}: {value!r} is not type {kind}"
        choices = spec.get("choices")
        if choices:
            assert value in [c["value"] for c in choices], \
                f"/{command} {name}: {value!r} is not one of the fixed choices"
        return {"type": kind, "name": name, "value": value}

    # --- components -----------------------------------------------------------------------
    async def click(self, message: Message, label: str, *, timeout: float = 30.0) -> Exchange:
        """Clicks the button whose label (or custom_id) is ``label`` on ``message``."""
        button = self._component(message, label, 2)
        return await self.send(3, {"custom_id": button["custom_id"], "component_type": 2},
                               message=message, timeout=timeout, channel_id=message.channel_id)

    async def choose(self, message: Message, value: str, *,
                     timeout: float = 30.0) -> Exchange:
        """Picks ``value`` in the (first) string select menu on ``message``."""
        select = next((c for row in message.components for c in row.get("components", [])
                       if c.get("type") == 3), None)
        assert select is not None, "the message has no select menu"
        values = [o["value"] for o in select.get("options", [])]
        assert value in values, f"{value!r} is not offered (offered: {values})"
        return await self.send(3, {"custom_id": select["custom_id"], "component_type": 3,
                                   "values": [value]}, message=message, timeout=timeout,
                               channel_id=message.channel_id)

    @staticmethod
    def _component(message: Message, label: str, kind: int) -> dict[str, Any]:
        for row in message.components:
            for component in row.get("components", []):
                if component.get("type") == kind and label in (
                        component.get("label"), component.get("custom_id")):
                    return component
        raise AssertionError(f"no component {label!r} on the message")

    # --- sending --------------------------------------------------------------------------
    async def send(self, kind: int, data: dict[str, Any], *, message: Message | None = None,
                   timeout: float = 30.0, channel_id: int | None = None) -> Exchange:
        record = await self.fake.send_interaction(
            self.id, channel_id or self.channel_id, kind, data, message)
        what = data.get("name") or data.get("custom_id")
        await self.fake.wait_for(lambda: record.done, timeout,
                                 f"an answer to {self.name}'s interaction {what}")
        return Exchange(record)
