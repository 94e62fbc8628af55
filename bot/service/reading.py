"""Reading: what a channel or a player may look at. The open match and its status, a seat's view
and private summary, the board image, and the record of a game that is over (rate-limited per
user: it reads a whole game)."""

from __future__ import annotations

from typing import Any

from bot.notices import name_seats
from bot.service.announcements import DAY, days_text
from bot.service.base import ServiceBase
from bot.service.results import ServiceError
from bot.service.texts import seed_line, set_aside_text
from bot.storage import MatchRow, NotFound, SeatRow
from engine.core import Game, LogEntry, SetupRecord, State, View
from engine.core.commands import grouped_moves

EXPORT_EVERY_SECONDS = 10.0  # per user: an export reads a whole game
# days after a channel's last game was ended as abandoned that the channel, asked, says so
ABANDONED_TOLD_DAYS = 30
NO_GAME = "No game in this channel."
START_ONE = "Start one with /game new."


class Reading(ServiceBase):
    async def current(self, channel_id: int) -> MatchRow | None:
        """The channel's open match (in the lobby or being played)."""
        return await self.storage.open_match(channel_id)

    async def seats(self, match_id: int) -> list[SeatRow]:
        """The seats of a match, in the order they were taken (turn order once it started)."""
        return list(await self.storage.seats(match_id))

    async def match(self, match_id: int) -> MatchRow:
        """The match a button or menu names; a made-up or deleted id is the user's error."""
        try:
            return await self.storage.get_match(match_id)
        except NotFound:
            raise ServiceError("That button belongs to a game this bot does not know "
                               "(any more). Use /game status to see this channel's game.") \
                from None

    async def view(self, match_id: int, viewer: int | None) -> tuple[Game[Any], View, list[str]]:
        match = await self.storage.get_match(match_id)
        game = self._game(match.game)
        state = await self._state(match)
        seats = await self.storage.seats(match.id)
        return game, game.view(state, viewer), self._names(seats)

    async def state_of(self, match_id: int) -> State:
        """The full state, for self-play and tests only: it holds every secret."""
        return await self._state(await self.storage.get_match(match_id))

    async def render(self, match_id: int, viewer_user: int | None = None) -> bytes:
        """The board PNG: public, or as the given user's seat sees it. Drawn off the event loop
        (in a worker process unless ``render_workers`` is 0)."""
        seats = await self.storage.seats(match_id)
        seat = self._seat_of(seats, viewer_user) if viewer_user is not None else None
        game, view, names = await self.view(match_id, seat)
        return await self.painter.draw(game.id, view, names)

    async def private_summary(self, channel_id: int, user_id: int) -> tuple[int, list[str]]:
        """(match id, lines) for "My view": the seat's private lines and legal moves."""
        match = await self._active(channel_id)
        seats = await self.storage.seats(match.id)
        seat = self._seat_of(seats, user_id)
        if seat is None:
            raise ServiceError("You are not playing in this game, so there is nothing private "
                               "to show; the board is public.")
        game = self._game(match.game)
        state = await self._state(match)
        lines = [f"You are {self.shown_name(seats[seat].name)} (seat {seat + 1}) in {game.name}."]
        lines += [name_seats(t, self._shown(seats)) for t in game.private_lines(state, seat)]
        options = await self.choices(channel_id, user_id)
        if options:
            lines.append("Your moves:")
            lines += grouped_moves(game.commands(), self.moves_text(options, self._names(seats)))
        else:
            lines.append("You have nothing to do right now.")
        return match.id, lines

    async def no_game(self, channel_id: int) -> str:
        """What a channel with no game open is told: how to start one; and, for
        ``ABANDONED_TOLD_DAYS`` after its last game was ended as abandoned (the bot could not
        post there), that it was, when and why, so that players coming back (the bot
        invited back, even while the game was being ended) learn what became of it. Nothing
        was posted for that game: this is said only when asked."""
        last = await self.storage.last_finished(channel_id)
        if last is None or last.finished_at is None \
                or self.clock() - last.finished_at > ABANDONED_TOLD_DAYS * DAY:
            return f"{NO_GAME} {START_ONE}"
        result = await self.storage.result(last.id)
        outcome = result["outcome"] if result is not None else {}
        why = outcome.get("abandoned")
        if not isinstance(why, str):
            return f"{NO_GAME} {START_ONE}"
        try:
            name = self._game(last.game).name
        except ServiceError:  # a game this release no longer has
            name = last.game
        days = outcome.get("days")
        because = why if not isinstance(days, int | float) else \
            f"the bot could not post here for {days_text(days)}"
        return (f"{NO_GAME} The last game here, {name}, was ended as abandoned on "
                f"<t:{int(last.finished_at)}:D>: {because} while nobody moved (not rated; "
                f"/game export and /game replay still have it). {START_ONE}")

    async def status(self, channel_id: int) -> list[str]:
        match = await self.storage.open_match(channel_id)
        if match is None:
            return [await self.no_game(channel_id)]
        game = self._game(match.game)
        seats = await self.storage.seats(match.id)
        # a bot seat's name says so already ("Bot 1 (strong)", "Anna (bot)"); an older one
        # ("Bot 1") is told apart here
        names = [self.shown_name(s.name) + (" (bot)" if s.bot and not s.name.endswith(")") else "")
                 for s in seats]
        hours = match.settings.get("turn_hours", 0)
        deadline = f"{hours:g} h per turn, then {match.settings.get('policy')}" if hours else "off"
        answer = match.settings.get("answer_seconds", self.settings.answer_seconds)
        chosen = _options_text(game.options_in_play(match.options))
        lines = [f"{game.name}, {match.status}. Players: {', '.join(names)}.",
                 f"Options: {chosen}. Turn deadline: {deadline}. "
                 f"Time to answer reactions, bids and bribes: "
                 f"{f'{answer:g} s' if answer else 'no limit'}."]
        if match.chosen_seed is not None:
            lines.append(seed_line(match))
        if match.status == "lobby":
            lines.append(f"{len(seats)} of {game.min_players}-{game.max_players} players; "
                         "join with /game join, the host starts with /game start.")
            return lines
        if match.status == "set_aside":
            lines.append(set_aside_text(game.name, match.set_aside_reason))
            return lines
        try:
            state = await self._state(match)
        except ServiceError as err:  # set aside just now
            lines.append(str(err))
            return lines
        since = await self.storage.unreachable_since(match.id)  # out of reach, untouched
        ends = self.abandon_by(since) if since is not None else None
        if ends is not None:
            lines.append(f"If the bot still cannot post here by <t:{int(ends)}:f> and nobody "
                         "moves meanwhile, the game is ended as abandoned (not rated).")
        actors = sorted(game.actors(state))
        lines.append(f"{game.progress(game.view(state, None))}, move {state.version}. To act: "
                     + (", ".join(self.shown_name(seats[s].name) for s in actors) or "nobody")
                     + ".")
        return lines

    async def export(self, channel_id: int | None = None, match_id: int | None = None,
                     requested_by: int | None = None) -> dict[str, Any]:
        """The match record: setup, seed, rules version, seats and the whole action log.

        Only for games that are over: the seed would reveal every hidden card and future roll.
        A record reads a whole game, so each user gets one every few seconds."""
        if requested_by is not None:
            self._throttle(requested_by, EXPORT_EVERY_SECONDS, "record")
        if match_id is None:
            assert channel_id is not None
            open_match = await self.storage.open_match(channel_id)
            if open_match is not None:
                raise ServiceError("The record can be exported once the game is over: it holds "
                                   "the seed, which would reveal hidden cards and future rolls.")
            raise ServiceError("No game in this channel to export.")
        match = await self.storage.get_match(match_id)
        if match.status in ("lobby", "active", "set_aside"):
            raise ServiceError("The record can be exported once the game is over (a game set "
                               "aside: once the host has ended it with /game abort).")
        return await self._record(match)

    async def last_finished(self, channel_id: int) -> MatchRow | None:
        return await self.storage.last_finished(channel_id)

    async def _record(self, match: MatchRow) -> dict[str, Any]:
        seats = await self.storage.seats(match.id)
        entries = await self.storage.actions(match.id)
        return {
            "format": "portolan-match-1",
            "setup": SetupRecord(game=match.game, rules_version=match.rules_version,
                                 options=match.options, seats=len(seats),
                                 seed=match.seed).model_dump(mode="json"),
            "status": match.status,
            # a seed a person chose and the bot's secret mixed into it: anyone can check that
            # mix_seed(chosen, secret) gives the seed the game ran on
            "seed_chosen": match.chosen_seed,
            "seed_secret": match.seed_secret,
            "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in seats],
            "actions": [
                LogEntry(seq=e.seq, seat=e.seat, action=e.action, events=e.events).model_dump(
                    mode="json")
                for e in entries
            ],
        }


def _options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "none"
