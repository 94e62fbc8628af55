"""After the games: history, ratings and replays, read from the stored results.

Nothing here changes a game. Ratings are kept by storage, updated in the transaction that
finishes a game (``bot.ratings`` says who is rated and how); everything else is read from the
results and the records of finished games, which hold nothing secret any more.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from bot import history, ratings
from bot.service.base import ServiceBase, log
from bot.service.results import ServiceError
from bot.storage import MatchRow, NotFound
from engine.core import registry

HISTORY_LIMIT = 10
LEADERBOARD_LIMIT = 10
MAX_MATCH_ID = 10**15
REPLAY_EVERY_SECONDS = 30.0  # per user: a replay draws every board of a game


def _day(timestamp: float | None) -> str:
    if timestamp is None:
        return "?"
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).strftime("%d %b %Y")


def result_text(result: dict[str, Any], shown: Callable[[str], str] = str) -> str:
    """ "Anna won (108), Ben 2nd (102)" from a stored result, each name as ``shown`` writes
    it; a game ended as abandoned says so and why ("abandoned, not rated: its channel could
    not be reached for 14 days")."""
    why = result["outcome"].get("abandoned")
    if why is not None:
        return f"abandoned, not rated: {why}"
    ranks = result["outcome"]["ranks"]
    scores = result["outcome"].get("scores", [])
    names = {s["seat"]: s["name"] for s in result["seats"] if s.get("seat") is not None}
    order = sorted(names, key=lambda s: (ranks[s], s))
    parts = []
    for seat in order:
        score = scores[seat] if seat < len(scores) else None
        score_text = f" ({score:g})" if isinstance(score, int | float) else ""
        place = "won" if ranks[seat] == 1 else f"{_ordinal(ranks[seat])}"
        parts.append(f"{shown(names[seat])} {place}{score_text}")
    return ", ".join(parts)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def match_title(match: MatchRow) -> str:
    """ "#12 Ships, 01 Dec 2026": a finished game's number, game and day."""
    game = registry.get(match.game).name
    return f"#{match.id} {game}, {_day(match.finished_at or match.updated_at)}"


def match_label(match: MatchRow, result: dict[str, Any]) -> str:
    """How a finished game is named in menus: "#12 Ships, 01 Dec 2026: Anna won"."""
    ranks = result["outcome"].get("ranks", [])
    winners = [s["name"] for s in result.get("seats", [])
               if s.get("seat") is not None and s["seat"] < len(ranks)
               and ranks[s["seat"]] == 1]
    tail = f": {' and '.join(winners)} won" if winners else \
        ": abandoned" if result["outcome"].get("abandoned") is not None else ""
    return match_title(match) + tail


class Records(ServiceBase):
    async def final_post(self, match_id: int, message_id: int) -> None:
        """Remembers the message that showed a finished game's last board (for the history's
        link); a failure to remember costs only the link."""
        try:
            await self.storage.set_final_message(match_id, message_id)
        except Exception as err:
            log.warning("match %s: the final board's message was not remembered (%s)",
                        match_id, type(err).__name__)

    async def history(self, guild_id: int | None, channel_id: int | None,
                      limit: int = HISTORY_LIMIT) -> list[tuple[MatchRow, dict[str, Any]]]:
        """The last finished games of a channel (or of a whole server when ``channel_id`` is
        None), newest first, each with its result."""
        return await self.storage.finished(guild_id=guild_id, channel_id=channel_id,
                                           limit=limit)

    async def played_by(self, user_id: int, guild_id: int | None,
                        limit: int = 25) -> list[tuple[MatchRow, dict[str, Any]]]:
        """The last finished games ``user_id`` played in on that server, newest first."""
        return await self.storage.finished(guild_id=guild_id, user_id=user_id, limit=limit)

    async def finished_match(self, raw: str | int, guild_id: int | None) -> MatchRow:
        """A finished game of this server named by its number ("12" or "#12")."""
        text = str(raw).strip().lstrip("#").split(" ", 1)[0]
        if not (text.isascii() and text.isdecimal()) or not 0 < int(text) < MAX_MATCH_ID:
            raise ServiceError("Name a finished game by its number, as /game history lists "
                               "them (for example 12).")
        try:
            match: MatchRow | None = await self.storage.get_match(int(text))
        except NotFound:
            match = None
        if match is None or match.guild_id != guild_id or match.status != "finished":
            raise ServiceError(f"This server has no finished game #{text}.")
        return match

    async def export_for(self, match: MatchRow, user_id: int) -> dict[str, Any]:
        """A finished game's record, for someone who played in it (it holds the seed, the
        hands and every secret of the game, so only its players get it)."""
        seats = await self.storage.seats(match.id)
        result = await self.storage.result(match.id)
        players = {s.user_id for s in seats} | {
            s.get("left_user_id") for s in (result or {}).get("seats", [])}
        if user_id not in players:
            raise ServiceError(f"Only the players of game #{match.id} can have its record.")
        return await self.export(match_id=match.id, requested_by=user_id)

    async def replay_gif(self, match: MatchRow, requested_by: int) -> bytes:
        """The finished game as an animated GIF of its public boards, drawn in a board worker.
        Each user gets one every little while: it draws every board of the game."""
        self._throttle(requested_by, REPLAY_EVERY_SECONDS, "replay")
        record = await self._record(match)
        gif: bytes = await self.painter.run(history.replay_gif, record)
        return gif

    async def stats(self, guild_id: int | None, player: str,
                    game_id: str | None) -> list[tuple[str, ratings.Rating]]:
        """A player's (``ratings.person(id)`` or ``bot:strong``) ratings on this server, with
        each game's name: one per game they played (or only ``game_id``'s)."""
        games = [registry.get(game_id)] if game_id else registry.all_games()
        found = []
        for game in games:
            rating = await self.storage.rating(guild_id, game.id, player)
            if rating is not None:
                found.append((game.name, rating))
        return found

    async def leaderboard(self, guild_id: int | None, game_id: str, bots: bool = False,
                          limit: int = LEADERBOARD_LIMIT) -> list[ratings.Rating]:
        book = {r.player: r for r in await self.storage.ratings(guild_id, game_id)}
        return ratings.leaderboard(book, bots=bots, limit=limit)
