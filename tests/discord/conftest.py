"""A Discord table without Discord: fake interactions, channel and users around a real
PortolanBot, a real MatchService and a real SQLite file. Nothing here touches the network."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord_bot import PortolanBot
from bot.notices import DeliveryFailed
from bot.service import MatchService, Notify
from bot.settings import Settings
from bot.storage import MatchRow, Storage
from bot.ui import lookup

CHANNEL = 555
GUILD = 777
ALICE, BOB, CAROL = 1001, 1002, 1003
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}


def forbidden() -> discord.Forbidden:
    response = SimpleNamespace(status=403, reason="Forbidden")
    return discord.Forbidden(response, {"code": 50007,  # type: ignore[arg-type]
                                        "message": "Cannot send messages to this user"})


@dataclass
class Sent:
    content: str | None
    kwargs: dict[str, Any]
    ephemeral: bool = False
    id: int = 0  # a channel message's id, as Discord gives one

    @property
    def text(self) -> str:
        return self.content or ""


class FakeUser:
    def __init__(self, user_id: int, name: str, dm_open: bool = True) -> None:
        self.id = user_id
        self.display_name = name
        self.name = name.lower()
        self.mention = f"<@{user_id}>"
        self.dm_open = dm_open
        self.dms: list[Sent] = []

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        if not self.dm_open:
            raise forbidden()
        self.dms.append(Sent(content, kwargs))


class FakeChannel:
    def __init__(self, channel_id: int) -> None:
        self.id = channel_id
        self.messages: list[Sent] = []

    async def send(self, content: str | None = None, **kwargs: Any) -> Sent:
        sent = Sent(content, kwargs, id=900_000 + len(self.messages))
        self.messages.append(sent)
        return sent

    @property
    def texts(self) -> list[str]:
        return [m.text for m in self.messages]


def already_acknowledged() -> discord.HTTPException:
    response = SimpleNamespace(status=400, reason="Bad Request")
    return discord.HTTPException(response, {"code": 40060,  # type: ignore[arg-type]
                                            "message": "Interaction has already been "
                                                       "acknowledged."})


def unknown_interaction() -> discord.NotFound:
    response = SimpleNamespace(status=404, reason="Not Found")
    return discord.NotFound(response, {"code": 10062,  # type: ignore[arg-type]
                                       "message": "Unknown interaction"})


class FakeResponse:
    """discord.py's InteractionResponse: done once ``_response_type`` is set."""

    def __init__(self, calls: list[tuple[str, Any]]) -> None:
        self._calls = calls
        self._response_type: discord.InteractionResponseType | None = None
        # Discord took the first answer but replied with a 5xx, so discord.py sent it again
        # and Discord refused that one: 400, 40060 (the answer stands)
        self.answered_twice = False
        # it reached the bot after Discord's 3 s to acknowledge it: 404, 10062
        self.too_late = False

    def is_done(self) -> bool:
        return self._response_type is not None

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self.is_done(), "an interaction is answered once"
        if self.too_late:
            raise unknown_interaction()
        self._calls.append(("defer", {"ephemeral": ephemeral, "thinking": thinking}))
        if self.answered_twice:
            raise already_acknowledged()
        self._response_type = discord.InteractionResponseType.deferred_channel_message

    async def send_message(self, content: str | None = None, *, ephemeral: bool = False,
                           **kwargs: Any) -> None:
        assert not self.is_done(), "an interaction is answered once"
        self._calls.append(("send_message", Sent(content, kwargs, ephemeral)))
        if self.answered_twice:
            raise already_acknowledged()
        self._response_type = discord.InteractionResponseType.channel_message


class FakeFollowup:
    def __init__(self, calls: list[tuple[str, Any]], response: FakeResponse) -> None:
        self._calls = calls
        self._response = response

    async def send(self, content: str | None = None, *, ephemeral: bool = False,
                   **kwargs: Any) -> None:
        assert self._response.is_done(), "a follow-up needs the interaction answered first"
        first = not any(kind == "followup" for kind, _ in self._calls)
        if first and self._calls and self._calls[0][0] == "defer":
            ephemeral = self._calls[0][1]["ephemeral"]  # Discord: the first inherits the defer
        self._calls.append(("followup", Sent(content, kwargs, ephemeral)))


class FakeInteraction:
    sent = 0  # interactions so far, for their times

    def __init__(self, client: Any, user: FakeUser, channel_id: int | None = CHANNEL,
                 guild_id: int | None = GUILD, manage_channels: bool = False) -> None:
        self.client = client
        self.user = user
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.permissions = discord.Permissions(manage_channels=manage_channels)
        # Discord's: the time in the snowflake id. People take a few seconds between commands
        # (a test of a double send gives two interactions the same time)
        FakeInteraction.sent += 1
        self.id = 1_100_000_000_000_000_000 + FakeInteraction.sent
        self.created_at = datetime.fromtimestamp(1_700_000_000 + 5 * FakeInteraction.sent, UTC)
        self.calls: list[tuple[str, Any]] = []
        self.response = FakeResponse(self.calls)
        self.followup = FakeFollowup(self.calls, self.response)

    @property
    def replies(self) -> list[Sent]:
        """Everything the user was answered, follow-ups and direct responses alike."""
        return [s for kind, s in self.calls if kind in ("followup", "send_message")]

    @property
    def private(self) -> list[str]:
        return [s.text for s in self.replies if s.ephemeral]

    @property
    def public(self) -> list[Sent]:
        return [s for s in self.replies if not s.ephemeral]

    @property
    def deferred_first(self) -> bool:
        return bool(self.calls) and self.calls[0] == (
            "defer", {"ephemeral": True, "thinking": True})


@dataclass
class Table:
    bot: PortolanBot
    service: MatchService
    channel: FakeChannel
    users: dict[int, FakeUser]
    interactions: list[FakeInteraction] = field(default_factory=list)

    def interaction(self, user_id: int, **kwargs: Any) -> FakeInteraction:
        inter = FakeInteraction(self.bot, self.users[user_id], **kwargs)
        self.interactions.append(inter)
        return inter

    def cog(self, name: str) -> Any:
        cog = self.bot.get_cog(name)
        assert cog is not None
        return cog

    async def game(self, command: str, user_id: int, *args: Any, manage_channels: bool = False,
                   **kwargs: Any) -> FakeInteraction:
        """Runs ``/game <command>`` as the user, with the command's arguments."""
        return await self.command("GameCog", f"game_{command}", user_id, *args,
                                  inter_kwargs={"manage_channels": manage_channels}, **kwargs)

    async def abort(self, user_id: int, *, manage_channels: bool = False) -> FakeInteraction:
        """``/game abort`` and then its confirmation button, pressed by the same user; returns
        the button's interaction (the /game abort one answers only with the question)."""
        asked = await self.game("abort", user_id, manage_channels=manage_channels)
        [reply] = asked.replies
        [button] = reply.kwargs["view"].children
        inter = self.interaction(user_id, manage_channels=manage_channels)
        await button.callback(inter)
        return inter

    async def command(self, cog_name: str, attribute: str, user_id: int, *args: Any,
                      inter_kwargs: dict[str, Any] | None = None, **kwargs: Any
                      ) -> FakeInteraction:
        cog = self.cog(cog_name)
        inter = self.interaction(user_id, **(inter_kwargs or {}))
        await getattr(type(cog), attribute).callback(cog, inter, *args, **kwargs)
        return inter

    def slash(self, group: str, command: str) -> discord.app_commands.Command[Any, Any, Any]:
        """A game group's generated command, as registered on the bot's tree."""
        found = self.bot.tree.get_command(group)
        assert isinstance(found, discord.app_commands.Group), group
        leaf = found.get_command(command)
        assert isinstance(leaf, discord.app_commands.Command), (group, command)
        return leaf

    async def play(self, group: str, command: str, user_id: int, **options: Any
                   ) -> FakeInteraction:
        """Runs ``/<group> <command>`` with the options given (by their Discord names), as
        discord.py would call the generated callback."""
        leaf = self.slash(group, command)
        by_name = {p.display_name: p.name for p in leaf.parameters}
        unknown = set(options) - set(by_name)
        assert not unknown, f"/{group} {command} has no option {unknown}"
        inter = self.interaction(user_id)
        await leaf.callback(inter, **{by_name[k]: v for k, v in options.items()})  # type: ignore[call-arg]
        return inter

    async def offered(self, group: str, command: str, option: str, user_id: int,
                      typed: str = "", **filled: Any) -> list[discord.app_commands.Choice[Any]]:
        """The autocomplete list of one option of a game command while ``typed`` is typed, with
        the other options filled in (as Discord sends them), within Discord's limits."""
        leaf = self.slash(group, command)
        param = next(p for p in leaf.parameters if p.display_name == option)
        assert param.autocomplete is not None, f"/{group} {command} {option} has no autocomplete"
        inter = self.interaction(user_id)
        inter.namespace = SimpleNamespace(**filled)  # type: ignore[attr-defined]
        # the option's Transformer (see bot.cogs.game_commands)
        transformer = leaf._params[param.name]._annotation
        offered: list[discord.app_commands.Choice[Any]] = await transformer.autocomplete(
            inter, typed)
        assert len(offered) <= 25
        assert all(len(c.name) <= 100 and len(str(c.value)) <= 100 for c in offered)
        return offered

    def draw_placeholder_boards(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Boards are drawn by render/ and tested there; a placeholder keeps games quick."""

        async def placeholder(match_id: int, viewer_user: int | None = None) -> bytes:
            return b"\x89PNG placeholder"

        monkeypatch.setattr(self.service, "render", placeholder)

    async def suggest(self, user_id: int, typed: str = ""
                      ) -> list[discord.app_commands.Choice[str]]:
        cog = self.cog("PlayCog")
        return await cog.move_autocomplete(self.interaction(user_id), typed)

    async def pick(self, user_id: int, label_start: str) -> discord.app_commands.Choice[str]:
        """The user's one suggested move whose label starts so (typed in capitals, to show
        that filtering ignores case)."""
        found = [c for c in await self.suggest(user_id, label_start.upper())
                 if c.name.lower().startswith(label_start.lower())]
        assert len(found) == 1, found
        return found[0]

    async def move(self, user_id: int, value: str) -> FakeInteraction:
        return await self.command("PlayCog", "move", user_id, value)

    async def match(self) -> MatchRow | None:
        return await lookup.open_match(self.service, CHANNEL)

    async def version(self) -> int:
        match = await self.match()
        assert match is not None
        return match.version

    async def actor(self) -> int:
        """The user who may act now (a human seat in these tests)."""
        acting = [u for u in (ALICE, BOB) if await self.service.choices(CHANNEL, u)]
        assert len(acting) == 1, acting
        return acting[0]

    async def lobby(self, *players: int, options: str | None = "target=12", seed: int = 7
                    ) -> None:
        """A started game of Harbour Race hosted by the first player."""
        host, *others = players
        await self.game("new", host, "race", options, seed)
        for user in others:
            await self.game("join", user)
        start = await self.game("start", host)
        assert start.private == ["The game has begun; the board is in the channel."], start.calls


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    # every action is posted as it happens (tests/discord/test_turn_posts.py gathers turns)
    return Settings(_env_file=None, bot_delay=0, db=tmp_path / "t.sqlite3", render_workers=0,  # type: ignore[call-arg]
                    bot_workers=0, bot_think_seconds=0.02,
                    mix_seeds=False, turn_batch_seconds=0)


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    store = await Storage.open(tmp_path / "t.sqlite3")
    try:
        yield store
    finally:
        await store.close()


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def users() -> dict[int, FakeUser]:
    return {uid: FakeUser(uid, name) for uid, name in NAMES.items()}


@pytest.fixture
async def table(settings: Settings, storage: Storage, users: dict[int, FakeUser],
                clock: FakeClock) -> AsyncIterator[Table]:
    async def factory(notify: Notify) -> MatchService:
        return MatchService(storage, settings, notify=notify, clock=clock)

    bot = PortolanBot(settings, service_factory=factory)
    await bot.prepare()
    channel = FakeChannel(CHANNEL)

    async def resolve_channel(channel_id: int) -> FakeChannel:
        if channel_id != CHANNEL:
            raise DeliveryFailed(True, f"channel {channel_id}: 404 10003")
        return channel

    async def resolve_user(user_id: int) -> FakeUser:
        return users[user_id]

    bot.resolve_channel = resolve_channel  # type: ignore[method-assign, assignment]
    bot.resolve_user = resolve_user  # type: ignore[method-assign, assignment]
    table = Table(bot, bot.service, channel, users)
    try:
        yield table
    finally:
        await bot.service.idle()
    for inter in table.interactions:  # every answer that follows up was deferred first
        if any(kind == "followup" for kind, _ in inter.calls):
            assert inter.deferred_first, inter.calls
