"""Lost channels: the players of a game whose channel is out of the bot's reach are told so,
privately, before the game is ended as abandoned for it.

The channel deleted, the bot removed from the server or short of a permission there: the bot
cannot post in it, so nobody there learns that the game is waiting, nor that it is ended as
abandoned after ``abandon_days`` (:meth:`Announcements.abandon_unreachable`). Each seated
person (not a bot seat, not a spectator) gets one private message per loss of the channel
instead, never a channel post: which game and where, why the bot cannot post there, the day
it will be ended, and what keeps it. The adapter words it (it knows what Discord's refusals
mean and what the channel and server are called); it holds nothing of any seat's own.

Told once, across restarts and processes: the warning is claimed in the database first
(:meth:`Storage.claim_lost_warning`, checked again under the match's row lock as the
abandoning is) and marked sent afterwards. With ``abandon_days`` 0 nobody is told: the game
waits for ever, nothing is at risk, and the channel says what it waits for when anyone asks
there again (/game status, a move).
"""

from __future__ import annotations

import asyncio

from bot.notices import DeliveryFailed, LostChannel, Notice
from bot.service.base import RETRY_MOST, STORAGE_FAULTS, ServiceBase, log
from bot.service.deadlines import LEASE_SECONDS
from bot.storage import MatchRow

# seconds a channel has been out of reach before its players are told: a permission taken
# away and given back at once, or a post that gets through on the next try, tells nobody
WARN_AFTER = 600.0
WARN_EVERY = 60.0  # seconds at least between two looks for games whose players to tell
WARN = "warn"  # the job (ServiceBase._running, match 0) that tells them
# a private message that fails only for now (Discord busy, the network) is tried this often,
# pauses doubling; one refused for good (DMs closed, 403 50007) is not tried again
DM_TRIES = 3


class LostChannels(ServiceBase):
    def _warn_later(self) -> None:
        """Starts, in the background, a look for games whose players are to be told their
        channel is out of reach (:meth:`warn_lost_channels`) unless one runs or one was made
        in the last ``WARN_EVERY`` seconds (the clock calls this every tick)."""
        if self._notify is None or self.settings.abandon_days <= 0 or self.stopping \
                or (0, WARN) in self._running or self.clock() < self._warn_next:
            return
        self._warn_next = self.clock() + WARN_EVERY
        self._round(WARN, self.warn_lost_channels,
                    "telling players of channels out of reach failed; tried again later")

    async def warn_lost_channels(self) -> list[int]:
        """Tells the seated people of each game of this process's shards whose channel has
        been out of reach for ``WARN_AFTER`` seconds, and who were not told yet in this
        stretch, by a private message each (see the module's docstring). One more post is
        tried in the channel first, as before ending a game: one that gets through means
        the channel is back, and nobody is told; one that fails only for now says nothing,
        and the game is looked at again next time. Nobody is told with ``abandon_days`` 0,
        nor of a game that is being ended now. Returns the ids of the games whose players
        were told."""
        if self._notify is None or self.settings.abandon_days <= 0:
            return []
        now = self.clock()
        told = []
        for match_id in await self.storage.unwarned_lost(now - WARN_AFTER, now, self.shards):
            if self.stopping:
                break
            try:
                if await self._warn(match_id, now):
                    told.append(match_id)
            except STORAGE_FAULTS as err:  # held by another process, the database failing
                log.warning("match %s: its players not told of its channel now (%s); tried "
                            "again later", match_id, type(err).__name__)
            except Exception:
                log.exception("match %s: telling its players of its channel failed", match_id)
            await asyncio.sleep(0)
        return told

    async def _warn(self, match_id: int, now: float) -> bool:
        if self._locks[match_id].locked():
            return False  # a move or a post is under way there: looked at again next time
        try:
            async with self._locks[match_id]:
                match = await self.storage.get_match(match_id)
                problem = await self.storage.delivery_problem(match_id)
                if match.status != "active" or problem is None:
                    return False  # ended meanwhile, or heard again
                since = await self.storage.unreachable_since(match_id)
                ends = self.abandon_by(since) if since is not None else None
                if ends is None or ends <= now:
                    return False  # being ended as abandoned: too late to keep it
                async with self._order[match_id]:  # is the channel still out of reach?
                    tried = await self._post_refused(match, restarted=False)
                if tried != "refused":
                    return False
                claimed = await self.storage.claim_lost_warning(
                    match_id, before=now - WARN_AFTER, now=now, until=now + LEASE_SECONDS)
                if claimed is None:
                    return False  # told by another process, or no longer out of reach
                seats = await self.storage.seats(match_id)
        finally:
            self._evict(match_id)
        # why, as recorded before the post just tried: the gateway's word (the bot removed
        # from the server) says more than the refusal of the post that followed (403
        # Missing Access)
        lost_at, reason = claimed, problem[1]
        people = [s.user_id for s in sorted(seats, key=lambda s: s.seat or 0)
                  if s.user_id is not None and s.seat is not None and s.bot is None]
        game = self._game(match.game).name
        reached = 0
        for user_id in dict.fromkeys(people):
            warning = LostChannel(user_id, match.guild_id, game, reason, ends)
            reached += await self._warn_one(match, warning)
        if not await self.storage.mark_lost_warned(match_id, lost_at):
            log.info("match %s: its channel was back before its players' warning was "
                     "recorded", match_id)
        log.info("match %s: %d of %d players told privately that its channel is out of "
                 "reach (%s)", match_id, reached, len(people), reason)
        return True

    async def _warn_one(self, match: MatchRow, warning: LostChannel) -> bool:
        """One player's private warning, tried again a few times while it fails only for
        now; True if it got through. Logged with ids and codes only."""
        assert self._notify is not None
        notice = Notice(match.id, match.channel_id, match.version, warning=warning)
        for attempt in range(1, DM_TRIES + 1):
            try:
                await self._notify(notice)
                return True
            except DeliveryFailed as err:
                if err.permanent:
                    log.info("match %s: user %s takes no private message (%s); not tried "
                             "again", match.id, warning.user_id, err.reason)
                    return False
                reason = err.reason
            except Exception as err:  # whatever the adapter hit: the others are told still
                reason = type(err).__name__
            if attempt == DM_TRIES or self.stopping:
                log.warning("match %s: user %s could not be sent a private message (%s); "
                            "given up", match.id, warning.user_id, reason)
                return False
            await asyncio.sleep(min(RETRY_MOST, self.retry_first * 2 ** (attempt - 1)))
        return False
