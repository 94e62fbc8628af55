"""MatchService: load -> engine.step -> persist -> announce. It knows no Discord types.

Every change to a game, from any adapter, goes through :meth:`MatchService.act` (or the bot and
deadline paths, which use the same ``_commit``), which runs ``engine.core.step`` under the
match's lock and commits the action, the new version, the turn's deadlines and (when the move
ends the game) the result in one transaction before anyone is told about it.

Each match stands on its own: one that cannot be rebuilt (a release changed its rules, a
stored record no longer reads) is set aside with its reason, its channel is told, and every
other game goes on. A notice counts as announced only once the adapter delivered it; one that
failed for a while is posted later, with what it missed, in order.

The service is one class made of parts, one concern each, that reach one another through
``self``:

- ``base``: the shared state (storage, settings, locks, state cache, background tasks) and the
  lookups every request starts with;
- ``lobby``: create, join, leave, add a bot, start, settings, abort;
- ``moves``: act, the choices offered, double sends, undo, and ``_commit``, the one path that
  changes a game, with the notice it leaves;
- ``announcements``: delivery in commit order, missed lines, redelivery, catch-up at a start;
- ``lost_channels``: the players of a game whose channel is out of reach told so privately;
- ``deadlines``: reminders, turn deadlines and their policy, answers that ran out of time;
- ``clocks``: the pure plan of which deadlines a match has after a move (a turn's clock, an
  answer window's clock);
- ``bots``: bot seats, and the supervision of background work;
- ``loading``: the state cache, rebuilds from snapshots and the log, upgrades, setting aside;
- ``reading``: status, views, the board image, exports;
- ``records``: after the games: history, ratings, stats, leaderboards, replays;
- ``results`` and ``texts``: what the service answers, and the player-facing texts it builds.
"""

from __future__ import annotations

from bot.service.announcements import Announcements
from bot.service.base import RETRY_FIRST, RETRY_MOST, STORAGE_FAULTS, SURFACE_AFTER, Notify
from bot.service.bots import BotSeats
from bot.service.deadlines import Deadlines
from bot.service.loading import CACHED_STATES, Loading
from bot.service.lobby import MAX_SEED, POLICIES, Lobby, mix_seed
from bot.service.lost_channels import LostChannels
from bot.service.moves import DOUBLE_SEND_SECONDS, Moves
from bot.service.reading import EXPORT_EVERY_SECONDS, Reading
from bot.service.records import Records
from bot.service.results import (
    ActResult,
    ChannelOutOfReach,
    Choice,
    Commanding,
    SaveFailed,
    ServiceError,
)

__all__ = [
    "CACHED_STATES",
    "DOUBLE_SEND_SECONDS",
    "EXPORT_EVERY_SECONDS",
    "MAX_SEED",
    "POLICIES",
    "RETRY_FIRST",
    "RETRY_MOST",
    "STORAGE_FAULTS",
    "SURFACE_AFTER",
    "ActResult",
    "ChannelOutOfReach",
    "Choice",
    "Commanding",
    "MatchService",
    "Notify",
    "SaveFailed",
    "ServiceError",
    "mix_seed",
]


class MatchService(Lobby, Moves, Announcements, LostChannels, Deadlines, BotSeats, Loading,
                   Reading, Records):
    """One game service for every channel and adapter (see the package's docstring)."""
