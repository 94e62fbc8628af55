"""The Discord bot: wires MatchService to slash commands, buttons and channel messages.

The bot gets its settings (and, for tests, a service factory) in ``__init__``; ``setup_hook``
opens the database, builds the service with :meth:`PortolanBot.deliver` as its notify
callback, adds the cogs and the button classes, syncs commands to the development guild when
one is set, and starts the deadline clock. Global command sync is a separate step
(``python -m bot sync``), not something every start does.

``PORTOLAN_SHARDS`` (e.g. ``0-3/8``) makes this process run only those gateway shards, so
several processes sharing one PostgreSQL database split a large community between them; each
one's background work takes only its shards' matches (see ``MatchService.shards``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import yarl
from discord.ext import commands, tasks

from bot.cogs import add_cogs
from bot.discord_tree import PortolanTree
from bot.notices import DeliveryFailed, LostChannel, Notice
from bot.painter import WorkTimedOut
from bot.service import ChannelOutOfReach, MatchService, Notify
from bot.settings import Settings, parse_shards
from bot.storage import Storage
from bot.storage.postgres import is_url
from bot.ui.buttons import DYNAMIC_ITEMS, board_view, png_file
from bot.ui.channel_problems import (
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_CHANNEL,
    UNKNOWN_GUILD,
    lost_channel_text,
)
from bot.ui.decide import decide_button_view
from bot.ui.replies import QUIET, answering
from bot.ui.text import MESSAGE_LIMIT, NO_DM, clean_name, join_lines, pages, shown_name
from engine import catalog as engine_catalog

log = logging.getLogger(__name__)

ServiceFactory = Callable[[Notify], Awaitable[MatchService]]
# seconds to let moves under way finish and be announced; under docker stop's default 10 s
SHUTDOWN_GRACE = 7.0
WORKERS_GRACE = 3.0  # seconds for the board workers to finish the board they are drawing
IDENTIFY_INTERVAL = 5.0  # Discord's least time between two IDENTIFYs of one bucket
NO_BOARD_FILE = ("(The board image could not be attached: the bot lacks the Attach Files "
                 "permission in this channel. /game board shows it.)")
NO_PICTURE_FILE = ("(The picture could not be attached: the bot lacks the Attach Files "
                   "permission in this channel.)")
# what Discord answers when a channel is out of the bot's reach (Missing Access, Missing
# Permissions; Unknown Channel, Unknown Guild): only these count towards ending a game as
# abandoned, not a refusal of what a post holds (400 Invalid Form Body, 413, ...)
OUT_OF_REACH = {(403, MISSING_ACCESS), (403, MISSING_PERMISSIONS), (404, UNKNOWN_CHANNEL),
                (404, UNKNOWN_GUILD)}


class PortolanBot(commands.AutoShardedBot):
    def __init__(
        self,
        settings: Settings,
        *,
        service_factory: ServiceFactory | None = None,
        storage_path: Path | str | None = None,
        sync_only: bool = False,
    ) -> None:
        sharding: dict[str, Any] = {}
        if settings.shards and not sync_only:
            shard_ids, shard_count = parse_shards(settings.shards)
            sharding = {"shard_ids": shard_ids, "shard_count": shard_count}
        super().__init__(
            **sharding,
            command_prefix=commands.when_mentioned,  # slash commands only; a prefix is required
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=QUIET,
            tree_cls=PortolanTree,
        )
        self.settings = settings
        self._service_factory = service_factory
        self._storage_path = (storage_path if is_url(storage_path) else Path(storage_path)) \
            if storage_path is not None else settings.db
        self._sync_only = sync_only
        self._storage: Storage | None = None
        self._service: MatchService | None = None
        self._dm_closed: set[tuple[int, int]] = set()  # (match, user) told to use My view
        self._closing: asyncio.Future[None] | None = None
        self._terminating: asyncio.Future[None] | None = None
        self._ticking = asyncio.Lock()  # held while the deadline clock runs
        self.failed: str | None = None  # why the start failed, if it did
        self._warming: asyncio.Future[None] | None = None  # the board workers starting
        # each match's running message of the turn going on, with the lines it shows
        self._turn_posts: dict[int, tuple[discord.Message, list[str]]] = {}
        self._identified: list[tuple[int, float]] = []  # (shard, when) of recent IDENTIFYs
        self._max_concurrency: int | None = None  # Discord's, read when first needed
        # channels where the bot may post but not attach files (its last try with a file)
        self.files_refused: set[int] = set()

    @property
    def service(self) -> MatchService:
        if self._service is None:
            raise RuntimeError("the match service is not ready: setup_hook has not run")
        return self._service

    # --- start and stop -------------------------------------------------------------------
    async def prepare(self) -> None:
        """Everything ``setup_hook`` does that needs no connection to Discord."""
        engine_catalog.load()
        if not self._sync_only and self._service is None:
            if self.settings.shards and not is_url(self._storage_path):
                log.warning("PORTOLAN_SHARDS is set but the database is a SQLite file: "
                            "several bot processes need PostgreSQL (PORTOLAN_DB)")
            if self._service_factory is not None:
                self._service = await self._service_factory(self.deliver)
            else:
                self._storage = await Storage.open(self._storage_path)
                self._service = MatchService(self._storage, self.settings, notify=self.deliver)
            self._service.shown_name = shown_name  # names in messages read as typed
        await add_cogs(self)
        self.add_dynamic_items(*DYNAMIC_ITEMS)

    async def setup_hook(self) -> None:
        # SIGTERM (systemd, docker stop) closes as cleanly as Ctrl+C: bot moves finish, the
        # database and the board workers are closed
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._terminate)
        await self.prepare()
        if self._sync_only:
            return
        # before the gateway connects: the matches with something to post again are locked at
        # once (no fresh move can overtake it); the posting goes on in the background
        await self.service.catch_up(background=True)
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development guild %s", len(synced), guild.id)
        self.ticker.change_interval(seconds=self.settings.tick_seconds)
        self.ticker.start()

    async def before_identify_hook(self, shard_id: int | None, *,
                                   initial: bool = False) -> None:
        """Discord's rule for IDENTIFY, instead of discord.py's 5 s before every shard but
        the first: shards identify in ``max_concurrency`` buckets (``shard % max_concurrency``),
        one per bucket every 5 s; shards of other buckets need not wait."""
        loop = asyncio.get_running_loop()
        shard = shard_id or 0
        recent = [(s, t) for s, t in self._identified if loop.time() - t < IDENTIFY_INTERVAL]
        if recent:
            if self._max_concurrency is None:
                try:
                    limits = (await self.http.get_bot_gateway())[2]
                    self._max_concurrency = max(1, int(limits["max_concurrency"]))
                except Exception:  # not told: the safest, one at a time
                    self._max_concurrency = 1
            buckets = self._max_concurrency
            same = [t for s, t in recent if s % buckets == shard % buckets]
            if same:
                await asyncio.sleep(max(same) + IDENTIFY_INTERVAL - loop.time())
        self._identified = [*recent, (shard, loop.time())]

    def _terminate(self) -> None:
        log.info("SIGTERM: closing")
        self._terminating = asyncio.ensure_future(self.close())

    async def on_ready(self) -> None:
        if self.shard_ids is not None:
            log.info("logged in as %s; in %d servers (shards %s of %s)", self.user,
                     len(self.guilds), ",".join(map(str, self.shard_ids)), self.shard_count)
        else:
            log.info("logged in as %s; in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        """Stops cleanly, once, however many times it is called (SIGTERM, Ctrl+C, the end of
        ``async with``): the deadline clock stops, moves under way are finished and announced,
        then Discord, the board workers and the database are closed."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        if self._service is not None:
            # no new moves; wait, without cancelling, for a deadline being applied, moves
            # under way (people's and bots') and their announcements, and answers being given
            self._service.stopping = True
            idle = asyncio.gather(self._stop_ticker(), self._service.idle(),
                                  answering.all_sent())
            await asyncio.wait({idle}, timeout=SHUTDOWN_GRACE)
            if not idle.done():
                log.warning("closing while moves are still under way; what was committed "
                            "but not announced is posted at the next start")
                idle.cancel()  # what is left is cut off here, not when the loop closes
                with contextlib.suppress(asyncio.CancelledError):
                    await idle
        try:
            if hasattr(self, "_AutoShardedClient__queue"):
                await super().close()
            else:  # never connected (sync only, a failed login): discord.py's sharded close
                await self.http.close()  # expects the event queue that connecting creates
        finally:
            try:
                if self._service is not None:
                    await asyncio.wait_for(self._service.close(), WORKERS_GRACE)
            except TimeoutError:
                log.warning("the board workers did not stop in time")
            finally:
                if self._storage is not None:
                    await self._storage.close()
                    self._storage = None
        if self.ticker.is_running():
            self.ticker.cancel()
        if self.failed is None:
            log.info("Portolan has stopped cleanly")
        else:
            log.error("Portolan stopped after a failed start: %s", self.failed)

    async def _stop_ticker(self) -> None:
        """Stops the deadline clock between runs (a deadline is applied whole)."""
        async with self._ticking:
            self.ticker.cancel()

    # --- the deadline clock ---------------------------------------------------------------
    @tasks.loop(seconds=30)  # the real interval comes from settings.tick_seconds
    async def ticker(self) -> None:
        """Reminders and deadlines; the first run, at start, catches up on any that came due
        while the bot was down."""
        async with self._ticking:
            try:
                await self.service.tick()
            except Exception:
                log.exception("the deadline clock failed; it runs again next tick")
            # games whose posts Discord refused for good, tried again now and then
            self.service.retry_refused()

    @ticker.before_loop
    async def _before_ticker(self) -> None:
        await self.wait_until_ready()
        # bot seats that were due to move when the bot stopped, match by match, in the
        # background: deadlines and interactions need not wait for it
        await self.service.resume(background=True)
        self._warming = asyncio.ensure_future(self.service.painter.warm())

    # --- channels and servers lost --------------------------------------------------------
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_lost(channel.id, f"channel {channel.id}: deleted")

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_lost(payload.thread_id, f"channel {payload.thread_id}: deleted")

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was kicked or banned, or the server deleted: its games wait (no reminders,
        deadlines or bot moves; an end reached meanwhile is not rated)."""
        try:
            await self.service.guild_lost(guild.id, f"server {guild.id}: the bot was removed")
        except Exception:
            log.exception("recording the loss of server %s failed", guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Invited (back): the games there that waited for their channel try again at once."""
        try:
            await self.service.post_refused(guild_id=guild.id)
        except Exception:
            log.exception("trying the games of server %s again failed", guild.id)

    async def _channel_lost(self, channel_id: int, reason: str) -> None:
        self._forget_channel(channel_id)
        try:
            await self.service.channel_lost(channel_id, reason)
        except Exception:
            log.exception("recording the loss of channel %s failed", channel_id)

    def _forget_channel(self, channel_id: int) -> None:
        self.files_refused.discard(channel_id)
        for match_id, (message, _) in list(self._turn_posts.items()):
            if getattr(message.channel, "id", None) == channel_id:
                del self._turn_posts[match_id]

    # --- delivering notices ---------------------------------------------------------------
    async def deliver(self, notice: Notice) -> None:
        """Posts a notice: one channel message (lines, board, buttons, pings), then each
        private part by DM. A closed DM only earns a pointer to the My view button.

        Raises ``DeliveryFailed`` when the channel message did not get through (the DMs are
        then not sent: the notice is tried again whole, and a move's post carries a nonce so
        that Discord shows it once however often it is sent).

        A warning that the channel is out of reach (``notice.warning``) is no channel post:
        it goes by DM to its one player alone (:meth:`_send_warning`)."""
        if self.is_closed():
            raise DeliveryFailed(False, "the connection to Discord is closed")
        if notice.warning is not None:
            await self._send_warning(notice.channel_id, notice.warning)
            return
        try:
            channel = await self.resolve_channel(notice.channel_id)
            await self._post(channel, notice)
        except RuntimeError:
            # aiohttp's "Session is closed": a move that outran the shutdown grace reaches
            # Discord after the connection closed; it is posted at the next start
            if self.is_closed():
                raise DeliveryFailed(False, "the connection to Discord closed") from None
            raise
        unreachable = await self._send_private(notice)
        if unreachable and channel is not None:
            text = join_lines(NO_DM.format(name=name) for name in unreachable)
            try:
                await channel.send(text, allowed_mentions=QUIET)
            except discord.HTTPException as err:
                log.warning("match %s: could not post to channel %s (%s)",
                            notice.match_id, notice.channel_id, err.status)
            except (aiohttp.ClientError, OSError, TimeoutError) as err:
                # the notice went out, its DMs too: raising would send them all again
                log.warning("match %s: could not post to channel %s (%s)",
                            notice.match_id, notice.channel_id, type(err).__name__)

    async def _post(self, channel: discord.abc.Messageable, notice: Notice) -> None:
        """One channel message for a notice; the lines of a turn still going on
        (``notice.running``) are added to the turn's running message by an edit when there is
        one and they fit."""
        if notice.running:
            if await self._add_to_turn_post(notice):
                return
        else:
            self._turn_posts.pop(notice.match_id, None)
        message = await self._send(channel, notice)
        if notice.running and message is not None:
            self._turn_posts[notice.match_id] = (message, list(notice.lines))

    async def _add_to_turn_post(self, notice: Notice) -> bool:
        """Edits the turn's running message to show ``notice``'s lines too. False when there
        is none, or the lines no longer fit in it, or it was deleted: a new one is posted."""
        found = self._turn_posts.get(notice.match_id)
        if found is None:
            return False
        message, shown = found
        lines = shown + notice.lines
        content = "\n".join(lines)
        if len(content) > MESSAGE_LIMIT:
            return False
        with _refusals(notice.channel_id):
            try:
                await message.edit(content=content, allowed_mentions=QUIET)
            except discord.NotFound:
                self._turn_posts.pop(notice.match_id, None)
                return False
        self._turn_posts[notice.match_id] = (message, lines)
        return True

    async def _send(self, channel: discord.abc.Messageable,
                    notice: Notice) -> discord.Message | None:
        pings = list(dict.fromkeys(notice.ping))
        tail = ("Your move: " + " ".join(f"<@{uid}>" for uid in pings)) if pings else ""
        # lines beyond one message (a turn's catch-up after an outage) go first, whole, in
        # messages of their own: the last one carries the newest lines, the board and pings
        *lead, lines = _paged(notice.lines, MESSAGE_LIMIT - len(tail) - len(NO_BOARD_FILE) - 2)
        for n, page in enumerate(lead):
            first: dict[str, Any] = {"nonce": f"{notice.nonce}c{n}"[:25]} if notice.ledger else {}
            with _refusals(notice.channel_id):
                await channel.send("\n".join(page), allowed_mentions=QUIET, **first)
        content = _content(lines, tail)
        extra: dict[str, Any] = {}
        if notice.board:
            try:
                png = await self.service.render(notice.match_id)
                extra["file"] = png_file(png, f"board-{notice.match_id}-{notice.version}.png")
            except WorkTimedOut:
                pass  # told once, by the pool that gave it up; the lines go without it
            except Exception:
                log.exception("match %s: drawing the board failed", notice.match_id)
            extra["view"] = board_view(notice.match_id, notice.version, finished=notice.finished)
        elif pings:  # someone must answer in the middle of a turn: a private way to do it
            extra["view"] = decide_button_view(notice.match_id, notice.version)
        if notice.image is not None and "file" not in extra:
            extra["file"] = png_file(notice.image[1], notice.image[0])
        if not content and not extra:
            return None
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, replied_user=False,
            users=[discord.Object(id=uid) for uid in pings],
        ) if pings else QUIET
        if notice.ledger:
            extra["nonce"] = notice.nonce
        with _refusals(notice.channel_id):
            try:
                message = await channel.send(content or None, allowed_mentions=mentions,
                                             **extra)
            except discord.Forbidden as err:
                if err.code != MISSING_PERMISSIONS or "file" not in extra:
                    raise
                # Send Messages without Attach Files: the text, the pings and the buttons
                # still go, saying why the picture does not
                (log.info if notice.channel_id in self.files_refused else log.warning)(
                    "match %s: may not attach files in channel %s; posting the text alone",
                    notice.match_id, notice.channel_id)
                del extra["file"]
                note = NO_BOARD_FILE if notice.board else NO_PICTURE_FILE
                message = await channel.send(_content([*lines, note], tail),
                                             allowed_mentions=mentions, **extra)
                self.files_refused.add(notice.channel_id)
            else:
                if "file" in extra:
                    self.files_refused.discard(notice.channel_id)
        if notice.finished and notice.board:
            await self.service.final_post(notice.match_id, message.id)
        return message

    async def _send_private(self, notice: Notice) -> list[str]:
        """DMs each private part; returns the names of players newly found unreachable.
        Logs never carry the private text, only who could not be reached."""
        unreachable: list[str] = []
        for user_id, lines in notice.private.items():
            if not lines:
                continue
            texts = pages([f"From your game in <#{notice.channel_id}> (only you see this):",
                           *lines])
            name = f"<@{user_id}>"
            key = (notice.match_id, user_id)
            try:
                user = await self.resolve_user(user_id)
                name = shown_name(clean_name(user.display_name, "")) or name
                for text in texts:
                    await user.send(text, allowed_mentions=QUIET)
            except discord.HTTPException as err:
                if err.status == 429 or err.status >= 500:  # Discord's trouble, not the DMs'
                    log.warning("match %s: a DM to user %s failed for now (%s)",
                                notice.match_id, user_id, err.status)
                    continue
                log.info("match %s: cannot DM user %s (%s, code %s)",
                         notice.match_id, user_id, err.status, err.code)
                if key not in self._dm_closed:  # say it once per game, not every turn
                    self._dm_closed.add(key)
                    unreachable.append(name)
            except Exception as err:  # the network, a timeout: the rest of the notice goes
                log.warning("match %s: a DM to user %s failed (%s)", notice.match_id, user_id,
                            type(err).__name__)
            else:
                self._dm_closed.discard(key)
        return unreachable

    async def _send_warning(self, channel_id: int, warning: LostChannel) -> None:
        """DMs one player that the bot cannot post in their game's channel (only ever by
        DM: the channel would not take it). Raises ``DeliveryFailed``, with ids and codes
        only, when it did not get to them: for good when Discord refuses it (DMs closed,
        403 50007; a user it shares no server with any more), for now otherwise."""
        text = lost_channel_text(warning.game, self._where(channel_id, warning.guild_id),
                                 warning.reason, warning.ends_at)
        try:
            user = await self.resolve_user(warning.user_id)
            for page in pages([text]):
                await user.send(page, allowed_mentions=QUIET)
        except discord.HTTPException as err:
            raise DeliveryFailed(_refused_for_good(err), f"user {warning.user_id}: "
                                 f"{err.status} {err.code}") from None
        except (aiohttp.ClientError, OSError, TimeoutError) as err:
            raise DeliveryFailed(False, f"user {warning.user_id}: "
                                 f"{type(err).__name__}") from None

    def _where(self, channel_id: int, guild_id: int | None) -> str:
        """A channel as a DM names it: its mention (which Discord shows as a name only to
        someone who can see the channel), with the channel's and the server's names when
        the bot still knows them (not for a channel deleted or a server it left)."""
        channel = self.get_channel(channel_id)
        guild = self.get_guild(guild_id) if guild_id is not None else None
        names = [f"#{shown_name(name)}" for name in [getattr(channel, "name", None)] if name]
        if guild is not None and guild.name:
            names.append(f"on the server {shown_name(guild.name)}")
        return f"<#{channel_id}>" + (f" ({' '.join(names)})" if names else "")

    async def resolve_channel(self, channel_id: int) -> discord.abc.Messageable:
        """The channel, or ``DeliveryFailed`` (permanent when it is gone or out of reach)."""
        channel: Any = self.get_channel(channel_id)
        if channel is None:
            with _refusals(channel_id):
                channel = await self.fetch_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise DeliveryFailed(True, f"channel {channel_id} takes no messages")
        return channel

    async def resolve_user(self, user_id: int) -> discord.User:
        return self.get_user(user_id) or await self.fetch_user(user_id)


@contextlib.contextmanager
def _refusals(channel_id: int) -> Iterator[None]:
    """Turns what Discord or the network answers a call about a channel with into
    ``DeliveryFailed``: for good or for now (see ``_refused_for_good``), and
    ``ChannelOutOfReach`` when it says the channel is out of the bot's reach."""
    try:
        yield
    except discord.HTTPException as err:
        reason = f"channel {channel_id}: {err.status} {err.code}"
        if (err.status, err.code) in OUT_OF_REACH:
            raise ChannelOutOfReach(reason) from None
        raise DeliveryFailed(_refused_for_good(err), reason) from None
    except (aiohttp.ClientError, OSError, TimeoutError) as err:
        raise DeliveryFailed(False, f"channel {channel_id}: {type(err).__name__}") from None


def _paged(lines: list[str], limit: int) -> list[list[str]]:
    """``lines`` in groups of whole lines of at most ``limit`` characters each (at least one
    group, maybe empty)."""
    return [page.split("\n") for page in pages(lines, limit)] or [[]]


def _content(lines: list[str], tail: str) -> str:
    """A notice's message text: its lines (cut to fit), then the pings."""
    body = join_lines(lines, MESSAGE_LIMIT - len(tail) - 1)
    return "\n".join(part for part in (body, tail) if part)


def _refused_for_good(err: discord.HTTPException) -> bool:
    """A 4xx stays so until someone changes something: 403 (access lost), 404 (the channel
    deleted), a payload Discord refuses. A 429 beyond discord.py's own retries, a 5xx and the
    like may pass."""
    return 400 <= err.status < 500 and err.status != 429


def _token(settings: Settings) -> str:
    if settings.discord_token is None:
        raise SystemExit("DISCORD_TOKEN is not set (environment or .env).")
    return settings.discord_token.get_secret_value()


async def sync_global(settings: Settings) -> int:
    """Registers the slash commands with Discord for every server (``python -m bot sync``);
    global changes can take a while to show. Returns how many top-level commands were synced."""
    point_at_discord(settings)
    bot = PortolanBot(settings, sync_only=True)
    async with bot:
        await bot.login(_token(settings))  # runs setup_hook: cogs only, no database
        synced = await bot.tree.sync()
    log.info("synced %d commands globally", len(synced))
    return len(synced)


def point_at_discord(settings: Settings) -> None:
    """Sends discord.py's REST calls and gateway connection to the stand-in named in the
    settings, if any (discord.py keeps both addresses as class attributes)."""
    if settings.discord_api_url:
        host = yarl.URL(settings.discord_api_url).host or ""
        if host not in ("127.0.0.1", "::1", "localhost"):
            log.warning("PORTOLAN_DISCORD_API_URL points at %s: the bot token is sent there",
                        host)
        discord.http.Route.BASE = settings.discord_api_url.rstrip("/") + "/api/v10"
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


def run(settings: Settings) -> None:
    """Runs the bot until it is stopped (SIGTERM or Ctrl+C), then waits for a clean close.
    Logging is set up by ``bot.__main__``."""
    point_at_discord(settings)
    bot = PortolanBot(settings)

    async def main() -> None:
        async with bot:
            try:
                await bot.start(_token(settings))
            except Exception as err:
                bot.failed = f"{type(err).__name__}: {err}"
                raise
        await bot.close()  # returns once the whole close has run, not only Discord's part

    with contextlib.suppress(KeyboardInterrupt):
        try:
            asyncio.run(main())
        except Exception as err:
            log.error("Portolan failed to start: %s: %s", type(err).__name__, err)
            raise SystemExit(1) from None
