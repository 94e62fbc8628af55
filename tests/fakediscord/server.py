"""The fake Discord server: REST routes under ``/api/v10`` and a gateway at ``/gateway``.

Only what Portolan uses is here. Every request is checked the way Discord would check it
(:mod:`tests.fakediscord.openapi` against Discord's OpenAPI description,
:mod:`tests.fakediscord.limits` for the documented payload limits; tokens, unknown channels, the
3-second acknowledgement window, single acknowledgement); a request Discord would refuse gets
Discord's error *and* a line in :attr:`FakeDiscord.problems`, so a test fails even when the bot
shrugs the error off. The fake's own answers and gateway dispatches are checked against the
description too, so the bot is tested against what Discord really sends. Message creates honour
``nonce`` with ``enforce_nonce`` (a repeat returns the first message). Faults are switched on by
the tests: :meth:`FakeDiscord.fail_next` (e.g. a 429 with ``retry_after``),
:attr:`FakeDiscord.closed_dms` (403/50007), :meth:`FakeDiscord.drop_gateway`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import mimetypes
import re
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web

from tests.fakediscord import limits, openapi

API = "/api/v10"
TOKEN = "fake-bot-token"
ACK_WINDOW = 3.0  # seconds Discord allows for the first response to an interaction
FOLLOWUP_WINDOW = 15 * 60.0  # seconds an interaction token stays valid
# how long a nonce sent with enforce_nonce keeps a second create from making a new message
# (Discord says "the past few minutes")
NONCE_WINDOW = 5 * 60.0
HEARTBEAT_MS = 41250
# Discord does not publish its numbers and asks clients to follow the headers; these are the
# commonly observed ones: 5 messages per 5 s in a channel, 50 requests a second per bot
CHANNEL_POSTS, CHANNEL_WINDOW = 5, 5.0
GLOBAL_REQUESTS = 50

# permission bits (Discord's documented values)
VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES = 1 << 10, 1 << 11, 1 << 14, 1 << 15
READ_HISTORY, USE_COMMANDS, MANAGE_CHANNELS = 1 << 16, 1 << 31, 1 << 4
MEMBER_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_HISTORY \
    | USE_COMMANDS
EPHEMERAL = 64
# the callback types Discord accepts for each interaction type (command, component, autocomplete)
ALLOWED_CALLBACKS = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}}
PING_EVERYONE = re.compile(r"@(everyone|here)|<@&\d+>")


def json_response(data: Any, status: int = 200,
                  headers: dict[str, str] | None = None) -> web.Response:
    """JSON with Discord's exact content type (discord.py parses nothing else as JSON)."""
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={**(headers or {}), "Content-Type": "application/json"})


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class Attachment:
    filename: str
    data: bytes


@dataclass
class Message:
    """A message as the fake keeps it: what the bot sent, plus where and when."""

    id: int
    channel_id: int
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: dict[str, Any] | None = None
    nonce: int | str | None = None
    interaction_id: int | None = None  # the interaction it answers, if any
    loading: bool = False  # a deferred "is thinking..." message not yet filled
    created: float = field(default_factory=time.monotonic)
    filled: float | None = None  # when a deferred message got its content
    edits: int = 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self.components for c in row.get("components", [])
                if "custom_id" in c]

    def mass_ping(self) -> bool:
        """Whether the message would notify @everyone, @here or a role."""
        if not PING_EVERYONE.search(self.content):
            return False
        allowed = self.allowed_mentions
        if allowed is None:
            return True
        parse = set(allowed.get("parse", []))
        roles = "<@&" in self.content and ("roles" in parse or bool(allowed.get("roles")))
        return "everyone" in parse or roles

    def pinged(self) -> set[int]:
        """Users this message really notifies: mentioned in the text and allowed to be."""
        mentioned = {int(m) for m in re.findall(r"<@!?(\d+)>", self.content)}
        allowed = self.allowed_mentions
        if allowed is None:
            return mentioned
        if "users" in allowed.get("parse", []):
            return mentioned
        return mentioned & {int(u) for u in allowed.get("users", [])}


@dataclass
class Interaction:
    """One interaction sent to the bot and everything the bot answered to it."""

    id: int
    token: str
    user_id: int
    channel_id: int
    kind: int  # 2 command, 3 component, 4 autocomplete
    sent: float
    acked: float | None = None
    callback_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None  # autocomplete answer
    source: Message | None = None  # the message whose component was used
    errors: list[tuple[int, int]] = field(default_factory=list)  # (status, code) given back

    @property
    def ack_ms(self) -> float | None:
        return None if self.acked is None else (self.acked - self.sent) * 1000

    @property
    def done(self) -> bool:
        """Answered in full: acknowledged and, if deferred with "thinking", filled in."""
        if self.acked is None:
            return False
        if self.kind == 4:
            return self.choices is not None
        return not (self.original is not None and self.original.loading)

    @property
    def replies(self) -> list[Message]:
        own = [self.original] if self.original is not None else []
        return [m for m in own + self.followups if not m.loading]


class Snowflakes:
    """Ids as Discord makes them: the milliseconds since Discord's epoch in the high bits, so an
    interaction's id tells when it was sent (discord.py's ``created_at``), and a counter below."""

    EPOCH_MS = 1_420_070_400_000

    def __init__(self) -> None:
        self._count = itertools.count()

    def __iter__(self) -> Snowflakes:
        return self

    def __next__(self) -> int:
        return self.at(int(time.time() * 1000))

    def at(self, unix_ms: int) -> int:
        """An id for something made at ``unix_ms``."""
        return ((unix_ms - self.EPOCH_MS) << 22) | (next(self._count) & 0x3FFFFF)


class GatewaySession:
    """One gateway session: its sequence and the dispatches sent (for RESUME)."""

    def __init__(self, session_id: str, shard: int) -> None:
        self.id = session_id
        self.shard = shard
        self.seq = 0
        self.sent: list[dict[str, Any]] = []
        self.ws: web.WebSocketResponse | None = None
        self.compressor: Any = None


class FakeDiscord:
    def __init__(self, *, users: dict[int, str], channels: tuple[int, ...] = (555, 556),
                 guild_id: int = 777, admins: tuple[int, ...] = (), shards: int = 1,
                 rate_limits: bool = False,
                 guilds: dict[int, tuple[int, ...]] | None = None,
                 max_concurrency: int = 1) -> None:
        """``guild_id`` with ``channels`` is the main guild (the development guild commands
        are synced to); ``guilds`` adds more, each with its channels, on the shards Discord's
        rule puts them. ``max_concurrency``: how many shards may IDENTIFY at once (as
        ``GET /gateway/bot`` tells the bot)."""
        self.application_id = 4242
        self.bot_user_id = 4242
        self.guild_id = guild_id
        self.users = dict(users)
        self.channels = list(channels)
        # every guild's channels (the main guild's list is ``channels`` itself)
        self.guild_channels: dict[int, list[int]] = {guild_id: self.channels}
        for other, its_channels in (guilds or {}).items():
            self.guild_channels[other] = list(its_channels)
        self.admins = set(admins)
        self.closed_dms: set[int] = set()
        self.problems: list[str] = []
        self.requests: list[tuple[str, str, int]] = []
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.messages: dict[int, list[Message]] = {}
        self.dm_channels: dict[int, int] = {}
        self.interactions: dict[str, Interaction] = {}
        self._bodies: dict[int, tuple[Any, list[Attachment]]] = {}  # by id() of the request
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        # Discord's usual rate limits, when switched on (the load benchmark, the rate limit
        # test); off, the fake is a generous Discord, so functional tests run at full speed
        self.rate_limits = rate_limits
        self.rate_limited: list[str] = []  # 429s given by the buckets below (not by fail_next)
        self._posts: dict[int, list[float]] = {}  # channel -> times of recent posts
        # (channel, nonce) -> the message created with it, for enforce_nonce
        self._nonces: dict[tuple[int, str], Message] = {}
        self.repeated_nonces: list[tuple[int, str]] = []  # creates answered with an earlier one
        self._recent: list[float] = []  # times of recent requests counted globally
        self.connected = asyncio.Event()
        self._faults: list[tuple[str, re.Pattern[str], int, dict[str, Any], dict[str, str]]] = []
        self._ids = Snowflakes()
        # People take a few seconds between commands: each interaction is stamped at least
        # ``pace_ms`` after the one before (a test of a double send makes it small)
        self.pace_ms = 5000
        self._sent_ms = 0
        self.shards = shards  # what GET /gateway/bot recommends
        self.max_concurrency = max_concurrency
        self.guild_shard = self.shard_of(guild_id)
        self._sessions: dict[str, GatewaySession] = {}
        self._live: dict[int, GatewaySession] = {}  # by shard id
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.base_url = ""

    # --- running --------------------------------------------------------------------------
    async def start(self, port: int = 0) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self._record])
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        sockets = site._server.sockets  # type: ignore[union-attr]
        self.base_url = f"http://127.0.0.1:{sockets[0].getsockname()[1]}"

    async def stop(self) -> None:
        for session in self._sessions.values():
            if session.ws is not None and not session.ws.closed:
                await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_url(self) -> str:
        return self.base_url

    @property
    def gateway_url(self) -> str:
        return self.base_url.replace("http://", "ws://") + "/gateway"

    def env(self) -> dict[str, str]:
        """The bot's settings that point it here."""
        return {
            "DISCORD_TOKEN": TOKEN,
            "DEV_GUILD_ID": str(self.guild_id),
            "PORTOLAN_DISCORD_API_URL": self.api_url,
            "PORTOLAN_DISCORD_GATEWAY_URL": self.gateway_url,
        }

    # --- waiting for the bot ----------------------------------------------------------------
    async def changed(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 20.0,
                       what: str = "a condition") -> Any:
        """Waits until ``predicate()`` is truthy (checked whenever the bot does something)."""
        async def loop() -> Any:
            async with self._changed:
                while not (result := predicate()):
                    await self._changed.wait()
                return result
        try:
            return await asyncio.wait_for(loop(), timeout)
        except TimeoutError:
            raise AssertionError(f"the bot did not bring about {what} within {timeout} s") \
                from None

    async def wait_ready(self, timeout: float = 60.0) -> None:
        await self.wait_for(lambda: self.connected.is_set() and self.guild_id in self.commands,
                            timeout, "a gateway connection and a command sync")

    # --- faults -----------------------------------------------------------------------------
    def fail_next(self, method: str, path: str, status: int, body: dict[str, Any],
                  headers: dict[str, str] | None = None) -> None:
        """The next request matching ``method`` and the ``path`` regex gets this answer."""
        self._faults.append((method, re.compile(path), status, body, headers or {}))

    def clear_faults(self) -> None:
        """Forgets the faults queued by :meth:`fail_next` that no request has met yet."""
        self._faults.clear()

    def rate_limit_next(self, method: str, path: str, retry_after: float) -> None:
        self.fail_next(method, path, 429, {
            "message": "You are being rate limited.", "retry_after": retry_after,
            "global": False, "code": 0}, {
            "Via": "1.1 google", "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": str(retry_after), "X-RateLimit-Bucket": "fakebucket",
            "X-RateLimit-Scope": "user"})

    @property
    def _session(self) -> GatewaySession | None:
        """The session of the shard that holds the main guild: where its events go."""
        return self._live.get(self.guild_shard)

    def shard_of(self, guild_id: int) -> int:
        """Discord's rule for a guild's shard."""
        return (guild_id >> 22) % self.shards

    def guild_of(self, channel_id: int) -> int | None:
        """The guild a channel is in (None: a DM)."""
        return next((g for g, chans in self.guild_channels.items() if channel_id in chans),
                    None)

    def live_shards(self) -> dict[int, str]:
        """Shard -> the id of its session, for each shard connected now."""
        return {shard: s.id for shard, s in self._live.items()
                if s.ws is not None and not s.ws.closed}

    def _update_connected(self) -> None:
        live = [s for s in self._live.values() if s.ws is not None and not s.ws.closed]
        if len(live) == self.shards:
            self.connected.set()
        else:
            self.connected.clear()

    async def drop_gateway(self, code: int = 4000, shard: int | None = None) -> None:
        """Closes the bot's gateway socket (of the main guild's shard, or ``shard``'s) the way
        Discord does when it wants a resume."""
        session = self._session if shard is None else self._live.get(shard)
        if session is not None and session.ws is not None:
            self.connected.clear()
            await session.ws.close(code=code, message=b"fake Discord dropped the connection")

    # --- what the tests read ----------------------------------------------------------------
    def channel(self, channel_id: int) -> list[Message]:
        return self.messages.get(channel_id, [])

    def dms(self, user_id: int) -> list[Message]:
        channel = self.dm_channels.get(user_id)
        return self.messages.get(channel, []) if channel is not None else []

    def boards(self, channel_id: int) -> list[Message]:
        """The board images posted for everyone in the channel (``board-<match>-<version>.png``;
        not other pictures, such as the score chart after a game)."""
        return [m for m in self.channel(channel_id) if not m.ephemeral and any(
            a.filename.startswith("board-") and a.filename.endswith(".png")
            for a in m.attachments)]

    # --- gateway ----------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        try:
            compressor = transport_compressor(request.query.get("compress"))
        except ValueError as err:
            self.problems.append(f"gateway: {err}")
            await ws.close(code=4000, message=b"unsupported compression")
            return ws
        if request.query.get("v") != "10" or request.query.get("encoding") != "json":
            self.problems.append(f"gateway: unexpected query {dict(request.query)}")
        hello = {"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": None, "t": None}
        await self._send(ws, compressor, hello)
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                continue
            payload = json.loads(frame.data)
            op, data = payload.get("op"), payload.get("d")
            if op == 1:
                self.heartbeats += 1
                await self._send(ws, compressor, {"op": 11, "d": None, "s": None, "t": None})
            elif op == 2:
                await self._identify(ws, compressor, data)
            elif op == 6:
                await self._resume(ws, compressor, data)
            elif op in (3, 4, 8):
                continue
            else:
                self.problems.append(f"gateway: unknown opcode {op}")
        self._update_connected()
        await self.changed()
        return ws

    async def _send(self, ws: web.WebSocketResponse, compressor: Any,
                    payload: dict[str, Any]) -> None:
        text = json.dumps(payload)
        if compressor is None:
            await ws.send_str(text)
        else:
            await ws.send_bytes(compressor(text.encode()))

    async def _identify(self, ws: web.WebSocketResponse, compressor: Any,
                        data: dict[str, Any]) -> GatewaySession | None:
        if data.get("token") != TOKEN:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        if not isinstance(data.get("intents"), int) or "properties" not in data:
            self.problems.append(f"gateway: malformed IDENTIFY {sorted(data)}")
        shard, count = data.get("shard") or [0, 1]
        if count != self.shards or not 0 <= shard < count:
            await ws.close(code=4010, message=b"Invalid shard.")
            self.problems.append(f"gateway: IDENTIFY as shard {shard} of {count}, "
                                 f"{self.shards} recommended")
            return None
        self.identifies += 1
        session = GatewaySession(f"session{self.identifies}", shard)
        session.ws, session.compressor = ws, compressor
        self._sessions[session.id] = session
        self._live[shard] = session
        mine = [g for g in self.guild_channels if self.shard_of(g) == shard]
        await self._dispatch("READY", {
            "v": 10, "user": self._me(),
            "guilds": [{"id": str(g), "unavailable": True} for g in mine],
            "session_id": session.id, "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [], "relationships": [], "user_settings": {},
            "session_type": "normal", "shard": [shard, count],
        }, session)
        for guild in mine:
            await self._dispatch("GUILD_CREATE", self._guild(guild), session)
        self._update_connected()
        await self.changed()
        return session

    async def _resume(self, ws: web.WebSocketResponse, compressor: Any,
                      data: dict[str, Any]) -> GatewaySession | None:
        session = self._sessions.get(data.get("session_id", ""))
        if data.get("token") != TOKEN or session is None:
            await self._send(ws, compressor, {"op": 9, "d": False, "s": None, "t": None})
            return None
        self.resumes += 1
        session.ws, session.compressor = ws, compressor
        self._live[session.shard] = session
        missed = [p for p in session.sent if p["s"] > int(data.get("seq") or 0)]
        for payload in missed:
            await self._send(ws, compressor, payload)
        await self._dispatch("RESUMED", {}, session)
        self._update_connected()
        await self.changed()
        return session

    async def _dispatch(self, event: str, data: dict[str, Any],
                        session: GatewaySession | None = None) -> bool:
        """Sends an event on a session (by default the guild's shard); kept for a RESUME if the
        socket is down."""
        self.problems.extend(f"spec, the fake's {event} dispatch: {p}"
                             for p in openapi.spec().check_dispatch(event, data))
        session = session or self._session
        if session is None:
            return False
        session.seq += 1
        payload = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.sent.append(payload)
        if session.ws is None or session.ws.closed:
            return False
        try:
            await self._send(session.ws, session.compressor, payload)
        except ConnectionError:
            return False
        return True

    # --- interactions (sent by users.Person) -------------------------------------------------
    async def send_interaction(self, user_id: int, channel_id: int, kind: int,
                               data: dict[str, Any],
                               message: Message | None = None) -> Interaction:
        self._sent_ms = max(int(time.time() * 1000), self._sent_ms + self.pace_ms)
        interaction_id = self._ids.at(self._sent_ms)
        token = f"itoken{interaction_id}"
        record = Interaction(interaction_id, token, user_id, channel_id, kind, time.monotonic(),
                             source=message)
        self.interactions[token] = record
        payload: dict[str, Any] = {
            "id": str(interaction_id), "application_id": str(self.application_id),
            "type": kind, "token": token, "version": 1, "data": data,
            "locale": "en-GB", "entitlements": [], "context": 0,
            "app_permissions": str(MEMBER_PERMISSIONS), "attachment_size_limit": 10 * 2**20,
        }
        guild = self.guild_of(channel_id)
        payload["authorizing_integration_owners"] = {"0": str(guild or self.guild_id)}
        if guild is None:
            payload["channel_id"] = str(channel_id)
            payload["channel"] = self._channel_json(channel_id)
            payload["user"] = self._user(user_id)
            payload["context"] = 1
        else:
            payload["guild_id"] = str(guild)
            payload["guild_locale"] = "en-GB"
            payload["channel_id"] = str(channel_id)
            payload["channel"] = self._channel_json(channel_id)
            payload["member"] = self._interaction_member(user_id)
        if message is not None:
            payload["message"] = self._message_json(message)
        # on the connection of the guild's shard (a DM's: the main guild's, as before)
        await self._dispatch("INTERACTION_CREATE", payload,
                             self._live.get(self.shard_of(guild)) if guild is not None
                             else None)
        return record

    # --- REST -------------------------------------------------------------------------------
    @web.middleware
    async def _record(self, request: web.Request, handler: Any) -> web.StreamResponse:
        response = await handler(request)
        self.requests.append((request.method, request.path, response.status))
        await self.changed()
        return response

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = request.path[len(API):]
        body, files = await self._read(request)
        operation = openapi.spec().operation(request.method, path)
        if operation is not None:  # an unknown route is a 404 and a problem, further on
            refused = self._invalid(f"spec, {request.method} {operation.template}",
                                    openapi.spec().check_request(request.method, path, body))
            if refused is not None:
                return refused
        self._bodies[id(request)] = body, files
        try:
            response = await self._answer(request, path)
        finally:
            del self._bodies[id(request)]
        if isinstance(response, web.Response) and response.status < 500:
            # Discord's 5xx (a fault a test asked for) is outside the description
            self._check_answer(request.method, path, response)
        return response

    async def _answer(self, request: web.Request, path: str) -> web.StreamResponse:
        for index, (method, pattern, status, body, headers) in enumerate(self._faults):
            if method == request.method and pattern.search(path):
                del self._faults[index]
                return json_response(body, status=status, headers=headers)
        webhook = path.startswith(("/interactions/", "/webhooks/"))
        if not webhook and request.headers.get("Authorization") != f"Bot {TOKEN}":
            return self._error(401, 0, "401: Unauthorized", problem=f"no bot token on {path}")
        if self.rate_limits and not webhook and (limited := self._global_limit()) is not None:
            self.rate_limited.append(f"global {request.method} {path}")
            return limited
        for verb, route, handler in self._routes():
            if verb == request.method and (match := re.fullmatch(route, path)):
                return await handler(request, *match.groups())
        self.problems.append(f"unknown route {request.method} {path}")
        return self._error(404, 0, "404: Not Found")

    @staticmethod
    def _template(method: str, path: str) -> str:
        operation = openapi.spec().operation(method, path)
        return operation.template if operation is not None else path

    def _check_answer(self, method: str, path: str, response: web.Response) -> None:
        """Files a problem for each way an answer of the fake differs from the description."""
        raw = response.body
        body = json.loads(raw) if isinstance(raw, bytes) and raw else None
        problems = openapi.spec().check_response(method, path, response.status, body)
        where = f"{method} {self._template(method, path)}"
        self.problems.extend(f"spec, the fake's {response.status} answer to {where}: {p}"
                             for p in problems)

    def _routes(self) -> list[tuple[str, str, Any]]:
        return [
            ("GET", r"/users/@me", self._get_me),
            ("GET", r"/oauth2/applications/@me", self._get_application),
            ("GET", r"/gateway(?:/bot)?", self._get_gateway),
            ("PUT", r"/applications/(\d+)/guilds/(\d+)/commands", self._put_guild_commands),
            ("PUT", r"/applications/(\d+)/commands", self._put_global_commands),
            ("GET", r"/applications/(\d+)/guilds/(\d+)/commands", self._get_guild_commands),
            ("POST", r"/interactions/(\d+)/([\w-]+)/callback", self._callback),
            ("POST", r"/webhooks/(\d+)/([\w-]+)", self._followup),
            ("PATCH", r"/webhooks/(\d+)/([\w-]+)/messages/(@original|\d+)", self._edit_webhook),
            ("GET", r"/webhooks/(\d+)/([\w-]+)/messages/(@original|\d+)", self._get_webhook),
            ("DELETE", r"/webhooks/(\d+)/([\w-]+)/messages/(@original|\d+)",
             self._delete_webhook),
            ("GET", r"/channels/(\d+)", self._get_channel),
            ("POST", r"/channels/(\d+)/messages", self._post_message),
            ("PATCH", r"/channels/(\d+)/messages/(\d+)", self._edit_message),
            ("GET", r"/channels/(\d+)/messages/(\d+)", self._get_message),
            ("POST", r"/users/@me/channels", self._open_dm),
            ("GET", r"/users/(\d+)", self._get_user),
        ]

    def _invalid(self, what: str, problems: list[str]) -> web.Response | None:
        """Discord's 400 for a payload over its limits (and a problem line each), or None."""
        if not problems:
            return None
        self.problems.extend(f"{what}: {p}" for p in problems)
        return self._error(400, 50035, "Invalid Form Body")

    def _error(self, status: int, code: int, message: str, *,
               problem: str | None = None) -> web.Response:
        if problem is not None:
            self.problems.append(problem)
        return json_response({"code": code, "message": message}, status=status)

    @staticmethod
    async def _read(request: web.Request) -> tuple[Any, list[Attachment]]:
        """A JSON body (None if there is none), or a multipart one (``payload_json`` +
        ``files[n]``)."""
        if request.content_type != "multipart/form-data":
            raw = await request.read() if request.can_read_body else b""
            return (json.loads(raw) if raw else None), []
        payload: Any = None
        files: list[Attachment] = []
        reader = await request.multipart()
        async for part in reader:
            if part.name == "payload_json":  # type: ignore[union-attr]
                payload = json.loads(await part.text())  # type: ignore[union-attr]
            elif part.filename:  # type: ignore[union-attr]
                data = await part.read()  # type: ignore[union-attr]
                files.append(Attachment(part.filename, bytes(data)))  # type: ignore[union-attr]
        return payload, files

    def _body(self, request: web.Request) -> tuple[Any, list[Attachment]]:
        """What :meth:`_read` found in the request: its JSON ({} if none) and its files."""
        body, files = self._bodies[id(request)]
        return ({} if body is None else body), files

    async def _get_me(self, request: web.Request) -> web.Response:
        return json_response(self._me())

    async def _get_application(self, request: web.Request) -> web.Response:
        return json_response({
            "id": str(self.application_id), "name": "Portolan", "icon": None,
            "description": "", "type": None, "rpc_origins": [], "bot_public": True,
            "bot_require_code_grant": False, "verify_key": "00" * 32,
            "bot": self._user(self.bot_user_id), "owner": self._user(1), "team": None,
            "flags": 0, "flags_new": "0", "redirect_uris": [], "tags": [],
            "interactions_endpoint_url": None, "role_connections_verification_url": None,
            "approximate_guild_count": 1, "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0, "explicit_content_filter": 0,
            "eligible_oauth2_scopes": ["applications.commands", "bot"],
            "integration_types_config": {"0": {}},
        })

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url, "shards": self.shards,
                              "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0,
            "max_concurrency": self.max_concurrency}})

    async def _put_guild_commands(self, request: web.Request, app: str,
                                  guild: str) -> web.Response:
        if int(guild) not in self.guild_channels:
            return self._error(403, 50001, "Missing Access", problem=f"sync to guild {guild}")
        return await self._put_commands(request, app, int(guild))

    async def _put_global_commands(self, request: web.Request, app: str) -> web.Response:
        return await self._put_commands(request, app, None)

    async def _put_commands(self, request: web.Request, app: str,
                            guild: int | None) -> web.Response:
        body, _ = self._body(request)
        problems = limits.check_commands(body)
        if int(app) != self.application_id:
            problems.append(f"commands synced for application {app}")
        refused = self._invalid("command sync", problems)
        if refused is not None:
            return refused
        stored = [self._command_json(command, guild) for command in body]
        self.commands[guild] = stored
        return json_response(stored)

    async def _get_guild_commands(self, request: web.Request, app: str,
                                  guild: str) -> web.Response:
        return json_response(self.commands.get(int(guild), []))

    def _command_json(self, command: dict[str, Any], guild: int | None) -> dict[str, Any]:
        """A synced command as Discord gives it back: ids added, nulls dropped, defaults in."""
        kind = command.get("type") or 1
        permissions = command.get("default_member_permissions")
        stored: dict[str, Any] = {
            **without_nulls(command), "id": str(next(self._ids)),
            "version": str(next(self._ids)), "application_id": str(self.application_id),
            "type": kind, "description": command.get("description") or "",
            "default_member_permissions": None if permissions is None else str(permissions),
            "dm_permission": command.get("dm_permission") is not False,
            "contexts": command.get("contexts"),
            "integration_types": command.get("integration_types") or [0],
            "nsfw": bool(command.get("nsfw")),
        }
        if guild is not None:
            stored["guild_id"] = str(guild)
        return stored

    # interactions
    def _interaction(self, token: str) -> Interaction | None:
        record = self.interactions.get(token)
        if record is None:
            return None
        if time.monotonic() - record.sent > FOLLOWUP_WINDOW:
            return None
        return record

    async def _callback(self, request: web.Request, interaction_id: str,
                        token: str) -> web.Response:
        body, files = self._body(request)
        record = self._interaction(token)
        if record is None or record.id != int(interaction_id):
            return self._error(404, 10062, "Unknown interaction",
                               problem=f"callback for an unknown interaction {interaction_id}")
        late = time.monotonic() - record.sent
        if record.acked is not None:
            record.errors.append((400, 40060))
            return self._error(400, 40060, "Interaction has already been acknowledged.",
                               problem=f"interaction {interaction_id} acknowledged twice")
        if late > ACK_WINDOW:
            record.errors.append((404, 10062))
            return self._error(404, 10062, "Unknown interaction",
                               problem=f"interaction {interaction_id} acknowledged after "
                                       f"{late:.2f} s")
        refused = self._invalid("callback", limits.check_callback(body, files=sizes(files)))
        if refused is not None:
            return refused
        kind = body["type"]
        data = body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS[record.kind]:
            record.errors.append((400, 40000))
            return self._error(400, 50035, "Invalid Form Body",
                               problem=f"callback type {kind} to an interaction of type "
                                       f"{record.kind}")
        record.acked = time.monotonic()
        record.callback_type = kind
        shown: Message | None = None  # the message the response made or changed
        if kind in (4, 5):
            shown = self._new_message(record.channel_id, data, files,
                                      interaction=record.id, loading=kind == 5)
            record.original = shown
        elif kind == 7 and record.source is not None:
            self._apply_edit(record.source, data, files)
            shown = record.source
        elif kind == 8:
            record.choices = list(data.get("choices", []))
        # what ?with_response=true gives back; a resource only for the kinds that have one
        about: dict[str, Any] = {"id": str(record.id), "type": record.kind}
        answer: dict[str, Any] = {"interaction": about}
        if shown is not None:
            about.update(response_message_id=str(shown.id),
                         response_message_loading=shown.loading,
                         response_message_ephemeral=shown.ephemeral)
            if kind in (4, 7):
                answer["resource"] = {"type": kind, "message": self._message_json(shown)}
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return json_response(answer)

    async def _followup(self, request: web.Request, app: str, token: str) -> web.Response:
        body, files = self._body(request)
        record = self._interaction(token)
        if record is None or int(app) != self.application_id:
            return self._error(404, 10015, "Unknown Webhook",
                               problem=f"follow-up on an unknown interaction token {token}")
        if record.acked is None:
            return self._error(404, 10015, "Unknown Webhook",
                               problem=f"follow-up before acknowledging interaction {record.id}")
        refused = self._invalid("follow-up", limits.check_message(
            body, files=sizes(files), in_interaction=True))
        if refused is not None:
            return refused
        original = record.original
        if original is not None and original.loading:
            # the first follow-up after a deferral fills the "thinking" message, keeping its
            # ephemeral flag
            flags = original.flags
            self._apply_edit(original, body, files)
            original.flags = flags | (body.get("flags", 0) & ~EPHEMERAL)
            original.loading = False
            original.filled = time.monotonic()
            if request.query.get("wait") not in ("1", "true", "True"):
                return web.Response(status=204)
            return json_response(self._message_json(original))
        message = self._new_message(record.channel_id, body, files, interaction=record.id)
        record.followups.append(message)
        if request.query.get("wait") not in ("1", "true", "True"):
            return web.Response(status=204)  # the message only when asked to wait for it
        return json_response(self._message_json(message))

    def _webhook_message(self, token: str, which: str) -> Message | None:
        record = self._interaction(token)
        if record is None:
            return None
        if which == "@original":
            if record.callback_type in (6, 7):  # a component's update: its own message
                return record.source
            return record.original
        return next((m for m in record.followups if m.id == int(which)), None)

    async def _edit_webhook(self, request: web.Request, app: str, token: str,
                            which: str) -> web.Response:
        body, files = self._body(request)
        message = self._webhook_message(token, which)
        if message is None:
            return self._error(404, 10008, "Unknown Message",
                               problem=f"edit of unknown interaction message {which}")
        refused = self._invalid("edit", limits.check_message(
            body, files=sizes(files), in_interaction=True, edit=True))
        if refused is not None:
            return refused
        self._apply_edit(message, body, files)
        if message.loading:
            message.loading, message.filled = False, time.monotonic()
        return json_response(self._message_json(message))

    async def _get_webhook(self, request: web.Request, app: str, token: str,
                           which: str) -> web.Response:
        message = self._webhook_message(token, which)
        if message is None:
            return self._error(404, 10008, "Unknown Message")
        return json_response(self._message_json(message))

    async def _delete_webhook(self, request: web.Request, app: str, token: str,
                              which: str) -> web.Response:
        message = self._webhook_message(token, which)
        if message is None:
            return self._error(404, 10008, "Unknown Message")
        self.messages.get(message.channel_id, []).remove(message)
        return web.Response(status=204)

    # channels and users
    def _known_channel(self, channel_id: int) -> bool:
        return self.guild_of(channel_id) is not None or channel_id in self.dm_channels.values()

    async def _get_channel(self, request: web.Request, channel: str) -> web.Response:
        if not self._known_channel(int(channel)):
            return self._error(404, 10003, "Unknown Channel")
        return json_response(self._channel_json(int(channel)))

    async def _post_message(self, request: web.Request, channel: str) -> web.Response:
        body, files = self._body(request)
        channel_id = int(channel)
        if not self._known_channel(channel_id):
            return self._error(404, 10003, "Unknown Channel",
                               problem=f"message to unknown channel {channel}")
        owner = next((u for u, c in self.dm_channels.items() if c == channel_id), None)
        if owner is not None and owner in self.closed_dms:
            return self._error(403, 50007, "Cannot send messages to this user")
        headers, limited = self._channel_bucket(channel_id) if self.rate_limits else ({}, None)
        if limited is not None:
            self.rate_limited.append(f"channel {channel_id}")
            return limited
        refused = self._invalid("message", limits.check_message(body, files=sizes(files)))
        if refused is not None:
            return refused
        nonce = body.get("nonce")
        key = (channel_id, str(nonce))
        if nonce is not None and body.get("enforce_nonce"):
            first = self._nonces.get(key)
            if first is not None and time.monotonic() - first.created <= NONCE_WINDOW:
                self.repeated_nonces.append(key)
                return json_response(self._message_json(first), headers=headers)
        message = self._new_message(channel_id, body, files)
        message.nonce = nonce
        if nonce is not None and body.get("enforce_nonce"):
            self._nonces[key] = message
        return json_response(self._message_json(message), headers=headers)

    async def _edit_message(self, request: web.Request, channel: str,
                            message_id: str) -> web.Response:
        body, files = self._body(request)
        message = next((m for m in self.channel(int(channel)) if m.id == int(message_id)), None)
        if message is None:
            return self._error(404, 10008, "Unknown Message",
                               problem=f"edit of unknown message {message_id}")
        refused = self._invalid("edit", limits.check_message(body, files=sizes(files), edit=True))
        if refused is not None:
            return refused
        self._apply_edit(message, body, files)
        return json_response(self._message_json(message))

    async def _get_message(self, request: web.Request, channel: str,
                           message_id: str) -> web.Response:
        message = next((m for m in self.channel(int(channel)) if m.id == int(message_id)), None)
        if message is None:
            return self._error(404, 10008, "Unknown Message")
        return json_response(self._message_json(message))

    async def _open_dm(self, request: web.Request) -> web.Response:
        body, _ = self._body(request)
        user_id = int(body.get("recipient_id", 0))
        if user_id not in self.users:
            return self._error(400, 50033, "Invalid Recipient(s)",
                               problem=f"DM to unknown user {user_id}")
        channel_id = self.dm_channels.setdefault(user_id, next(self._ids))
        return json_response(self._channel_json(channel_id))

    async def _get_user(self, request: web.Request, user: str) -> web.Response:
        if int(user) not in self.users and int(user) != self.bot_user_id:
            return self._error(404, 10013, "Unknown User")
        return json_response(self._user(int(user)))

    # --- rate limits ------------------------------------------------------------------------
    def _channel_bucket(self, channel_id: int) -> tuple[dict[str, str], web.Response | None]:
        """The per-channel bucket for posting messages: its headers, or a 429 if it is empty."""
        now = time.monotonic()
        posts = [t for t in self._posts.get(channel_id, []) if t > now - CHANNEL_WINDOW]
        reset_after = (posts[0] + CHANNEL_WINDOW - now) if posts else CHANNEL_WINDOW
        if len(posts) >= CHANNEL_POSTS:
            self._posts[channel_id] = posts
            return {}, _too_many(reset_after, "user")
        posts.append(now)
        self._posts[channel_id] = posts
        reset_after = posts[0] + CHANNEL_WINDOW - now
        return {
            "X-RateLimit-Limit": str(CHANNEL_POSTS),
            "X-RateLimit-Remaining": str(CHANNEL_POSTS - len(posts)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": "channel-messages",
        }, None

    def _global_limit(self) -> web.Response | None:
        now = time.monotonic()
        self._recent = [t for t in self._recent if t > now - 1.0]
        if len(self._recent) >= GLOBAL_REQUESTS:
            return _too_many(self._recent[0] + 1.0 - now, "global")
        self._recent.append(now)
        return None

    # --- messages ---------------------------------------------------------------------------
    def _new_message(self, channel_id: int, data: dict[str, Any], files: list[Attachment], *,
                     interaction: int | None = None, loading: bool = False) -> Message:
        message = Message(next(self._ids), channel_id, interaction_id=interaction,
                          loading=loading)
        self._apply_edit(message, data, files)
        message.edits = 0
        if message.mass_ping():
            self.problems.append(f"a message pings everyone or a role: {message.content[:80]!r}")
        self.messages.setdefault(channel_id, []).append(message)
        return message

    @staticmethod
    def _apply_edit(message: Message, data: dict[str, Any], files: list[Attachment]) -> None:
        if "content" in data:
            message.content = data["content"] or ""
        if "components" in data:
            message.components = numbered(data["components"] or [])
        if "flags" in data:
            message.flags = int(data["flags"] or 0)
        if "allowed_mentions" in data:
            message.allowed_mentions = data["allowed_mentions"]
        if "attachments" in data or files:
            kept = {str(a.get("id")) for a in data.get("attachments", [])}
            message.attachments = [a for i, a in enumerate(message.attachments)
                                   if str(i) in kept] + files
        message.edits += 1

    # --- JSON shapes ------------------------------------------------------------------------
    def _user(self, user_id: int, *, bot: bool = False) -> dict[str, Any]:
        name = "Portolan" if user_id == self.bot_user_id else self.users.get(user_id, "user")
        return {"id": str(user_id), "username": name.lower(), "discriminator": "0",
                "global_name": name, "avatar": None, "bot": bot or user_id == self.bot_user_id,
                "public_flags": 0, "flags": 0, "banner": None, "accent_color": None,
                "avatar_decoration_data": None, "collectibles": None, "primary_guild": None}

    def _me(self) -> dict[str, Any]:
        """The bot's own user, as READY and ``GET /users/@me`` give it to the bot."""
        return {**self._user(self.bot_user_id, bot=True), "mfa_enabled": False,
                "locale": "en-US", "verified": True, "email": None}

    def _member(self, user_id: int) -> dict[str, Any]:
        return {"user": self._user(user_id), "roles": [], "joined_at": now_iso(),
                "deaf": False, "mute": False, "flags": 0, "pending": False, "nick": None,
                "avatar": None, "banner": None, "premium_since": None,
                "communication_disabled_until": None}

    def _interaction_member(self, user_id: int) -> dict[str, Any]:
        """A member as an interaction carries it: with the permissions they have there."""
        permissions = MEMBER_PERMISSIONS | (MANAGE_CHANNELS if user_id in self.admins else 0)
        return {**self._member(user_id), "permissions": str(permissions)}

    def _channel_json(self, channel_id: int) -> dict[str, Any]:
        owner = next((u for u, c in self.dm_channels.items() if c == channel_id), None)
        if owner is not None:
            return {"id": str(channel_id), "type": 1, "last_message_id": None, "flags": 0,
                    "recipients": [self._user(owner)]}
        guild = self.guild_of(channel_id) or self.guild_id
        position = self.guild_channels[guild].index(channel_id)
        return {"id": str(channel_id), "type": 0, "guild_id": str(guild),
                "name": f"table-{position + 1}",
                "position": position, "permission_overwrites": [],
                "nsfw": False, "parent_id": None, "topic": None, "last_message_id": None,
                "rate_limit_per_user": 0, "flags": 0}

    def _guild(self, guild_id: int | None = None) -> dict[str, Any]:
        guild_id = self.guild_id if guild_id is None else guild_id
        everyone = {"id": str(guild_id), "name": "@everyone", "color": 0,
                    "colors": {"primary_color": 0, "secondary_color": None,
                               "tertiary_color": None},
                    "hoist": False, "position": 0, "permissions": str(MEMBER_PERMISSIONS),
                    "managed": False, "mentionable": False, "icon": None,
                    "unicode_emoji": None, "flags": 0}
        return {
            "id": str(guild_id),
            "name": "Harbour Club" if guild_id == self.guild_id else f"Harbour Club {guild_id}",
            "icon": None, "splash": None,
            "discovery_splash": None, "owner_id": str(min(self.users)), "afk_channel_id": None,
            "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 1,
            "explicit_content_filter": 0, "roles": [everyone], "emojis": [], "stickers": [],
            "features": [], "mfa_level": 0, "system_channel_id": None,
            "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None,
            "description": None, "banner": None, "premium_tier": 0,
            "preferred_locale": "en-GB", "public_updates_channel_id": None,
            "nsfw_level": 0, "premium_progress_bar_enabled": False, "nsfw": False,
            "home_header": None, "application_id": None, "region": "deprecated",
            "widget_enabled": False, "widget_channel_id": None, "max_presences": None,
            "max_members": 25000000, "max_stage_video_channel_users": 50,
            "max_video_channel_users": 25, "premium_subscription_count": 0,
            "safety_alerts_channel_id": None, "incidents_data": None,
            "joined_at": now_iso(), "large": False, "unavailable": False,
            "member_count": len(self.users) + 1, "voice_states": [], "presences": [],
            "members": [self._member(self.bot_user_id)],
            "channels": [self._channel_json(c) for c in self.guild_channels[guild_id]],
            "threads": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
        }

    def _attachment_json(self, message: Message, index: int,
                         attachment: Attachment) -> dict[str, Any]:
        url = f"{self.base_url}/attachments/{message.id}/{attachment.filename}"
        data: dict[str, Any] = {"id": str(index), "filename": attachment.filename,
                                "size": len(attachment.data), "url": url, "proxy_url": url}
        kind, _ = mimetypes.guess_type(attachment.filename)
        if kind is not None:  # Discord leaves the type out when it cannot tell
            data["content_type"] = kind
        return data

    def _message_json(self, message: Message) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(message.id), "channel_id": str(message.channel_id),
            "author": self._user(self.bot_user_id, bot=True), "content": message.content,
            "timestamp": now_iso(), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [self._attachment_json(message, i, a)
                            for i, a in enumerate(message.attachments)],
            "embeds": [], "pinned": False, "type": 0 if message.interaction_id is None else 20,
            # numbered again: a test may have put components on a message by hand
            "flags": message.flags, "components": numbered(message.components),
        }
        guild = self.guild_of(message.channel_id)
        if guild is not None:
            data["guild_id"] = str(guild)
        if message.nonce is not None:
            data["nonce"] = message.nonce
        if message.interaction_id is not None:
            data["webhook_id"] = str(self.application_id)
            data["application_id"] = str(self.application_id)
        return data


def _too_many(retry_after: float, scope: str) -> web.Response:
    """A 429 as Discord sends it (discord.py needs the ``Via`` header to trust it)."""
    retry_after = max(round(retry_after, 3), 0.001)
    headers = {"Via": "1.1 google", "Retry-After": str(max(1, round(retry_after))),
               "X-RateLimit-Scope": scope}
    if scope == "global":
        headers["X-RateLimit-Global"] = "true"
    return json_response({"message": "You are being rate limited.", "code": 0,
                          "retry_after": retry_after, "global": scope == "global"},
                         status=429, headers=headers)


def transport_compressor(kind: str | None) -> Callable[[bytes], bytes] | None:
    """Gateway transport compression as Discord does it: one stream per connection, each
    message flushed so the client can decode it on arrival (zlib-stream, or zstd-stream, which
    discord.py asks for when it has a zstd decoder)."""
    if kind is None:
        return None
    if kind == "zlib-stream":
        z = zlib.compressobj()
        return lambda data: z.compress(data) + z.flush(zlib.Z_SYNC_FLUSH)
    if kind == "zstd-stream":
        try:
            import zstandard  # type: ignore[import-not-found]

            stream = zstandard.ZstdCompressor().compressobj()
            return lambda data: stream.compress(data) + stream.flush(
                zstandard.COMPRESSOBJ_FLUSH_BLOCK)
        except ImportError:
            pass
        try:
            from compression.zstd import ZstdCompressor  # type: ignore[import-not-found]
        except ImportError:
            raise ValueError("zstd-stream asked for, but no zstd encoder here") from None
        compressor = ZstdCompressor()
        return lambda data: compressor.compress(data, ZstdCompressor.FLUSH_BLOCK)
    raise ValueError(f"unknown compress={kind}")


def without_nulls(value: Any) -> Any:
    """A JSON value without the fields set to null, at any depth (Discord leaves them out of
    what it gives back)."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value


SELECT_TYPES = (3, 5, 6, 7, 8)


def numbered(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Message components as Discord keeps them: null fields dropped, a select's value counts
    filled in, and every component numbered with an ``id``: the sender's own ids are kept,
    the others get 1, 2, 3, ... in order, skipping those already taken."""
    kept = without_nulls(components)

    def walk(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        found = []
        for item in items:
            found.append(item)
            found += walk(item.get("components", []))
        return found
    every = walk(kept)
    taken = {c["id"] for c in every if isinstance(c.get("id"), int)}
    counter = itertools.count(1)
    for component in every:
        if component.get("type") in SELECT_TYPES:
            component.setdefault("min_values", 1)
            component.setdefault("max_values", 1)
        if "id" not in component:
            component["id"] = next(n for n in counter if n not in taken)
    return kept


def sizes(files: list[Attachment]) -> list[tuple[str, int]]:
    return [(f.filename, len(f.data)) for f in files]
