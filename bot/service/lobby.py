"""The lobby: a match is created in a channel, people and bots take its seats, and the host
starts it (the seat order comes from the seed), changes its settings or aborts it."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from bot.notices import Notice, name_seats
from bot.service.base import ServiceBase
from bot.service.results import ServiceError
from bot.service.texts import bot_seat_name, seed_line
from bot.storage import AlreadySeated, ChannelBusy, DeadlinePlan, MatchRow, TableFull, WrongStatus
from bot.ui.text import clean_name
from engine.core import OptionError, Rng
from engine.core import bots as kinds

POLICIES = ("wait", "bot", "remove")
MAX_SEED = (1 << 63) - 1  # what SQLite's INTEGER holds


class Lobby(ServiceBase):
    async def create(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        game_id: str,
        host_id: int,
        host_name: str,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        exact_seed: bool = False,
    ) -> MatchRow:
        """A new match in the channel's lobby.

        A seed a person chooses is public (shown in the lobby and at the start) and is mixed
        with a secret of the bot's, revealed in the record after the end: whoever picks the
        seed learns nothing of hidden cards, deck orders or future rolls that the others do
        not. ``exact_seed`` (self-play, the local table, tests) plays the seed as given."""
        game = self._game(game_id)
        try:
            resolved = game.resolve_options(options)
        except OptionError as err:
            raise ServiceError(str(err)) from None
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise ServiceError(f"A seed is a whole number from 0 to {MAX_SEED}.")
        chosen = secret = None
        if seed is None:
            seed = secrets.randbits(62)
        else:
            chosen = seed
            if not exact_seed and self.settings.mix_seeds:
                secret = secrets.randbits(62)
                seed = mix_seed(chosen, secret)
        settings = {
            "turn_hours": self.settings.turn_hours,
            "policy": self.settings.deadline_policy,
            "answer_seconds": self.settings.answer_seconds,
        }
        try:
            return await self.storage.create_match(
                channel_id=channel_id,
                guild_id=guild_id,
                game=game.id,
                options=resolved,
                seed=seed,
                host_id=host_id,
                host_name=clean_name(host_name, "Player 1"),
                rules_version=game.rules_version,
                settings=settings,
                chosen_seed=chosen,
                seed_secret=secret,
            )
        except ChannelBusy:
            raise ServiceError(
                "This channel already has a game. Finish or abort it (/game abort), "
                "or start a thread and play there."
            ) from None

    async def join(self, channel_id: int, user_id: int, name: str) -> MatchRow:
        match = await self._lobby(channel_id)
        game = self._game(match.game)
        seats = await self.storage.seats(match.id)
        if any(s.user_id == user_id for s in seats):
            raise ServiceError("You have already joined this game.")
        if len(seats) >= game.max_players:
            raise ServiceError(f"{game.name} is full ({game.max_players} players).")
        try:
            await self.storage.add_seat(match.id, user_id=user_id,
                                        name=clean_name(name, f"Player {len(seats) + 1}"),
                                        max_seats=game.max_players)
        except TableFull:
            raise ServiceError(f"{game.name} is full ({game.max_players} players).") from None
        except AlreadySeated:
            raise ServiceError("You have already joined this game.") from None
        except WrongStatus:
            raise ServiceError("The game has already started.") from None
        return match

    async def leave(self, channel_id: int, user_id: int) -> MatchRow:
        match = await self._lobby(channel_id, "You can only leave before the game starts.")
        seats = await self.storage.seats(match.id)
        if not any(s.user_id == user_id for s in seats):
            raise ServiceError("You have not joined this game.")
        if user_id == match.host_id:
            raise ServiceError("You are the host: use /game abort to cancel the game instead.")
        await self.storage.remove_seat(match.id, user_id)
        return match

    async def add_bot(self, channel_id: int, user_id: int, bot: str | None = None) -> MatchRow:
        """Adds a bot seat, named for its kind ("Bot 2 (strong)"); no name: the strongest."""
        match = await self._lobby(channel_id)
        self._require_host(match, user_id)
        game = self._game(match.game)
        bot = kinds.canonical(bot) if bot else kinds.default_bot(game)
        if bot not in kinds.bot_names(game):
            known = ", ".join(kinds.bot_names(game))
            raise ServiceError(f"No bot {bot[:40]!r} for {game.name} (bots: {known}).")
        seats = await self.storage.seats(match.id)
        if len(seats) >= game.max_players:
            raise ServiceError(f"{game.name} is full ({game.max_players} players).")
        number = sum(1 for s in seats if s.bot) + 1
        try:
            await self.storage.add_seat(match.id, user_id=None, name=bot_seat_name(number, bot),
                                        bot=bot, max_seats=game.max_players)
        except TableFull:
            raise ServiceError(f"{game.name} is full ({game.max_players} players).") from None
        except WrongStatus:
            raise ServiceError("The game has already started.") from None
        return match

    async def start(self, channel_id: int, user_id: int) -> Notice:
        match = await self._lobby(channel_id)
        self._require_host(match, user_id)
        game = self._game(match.game)
        seats = await self.storage.seats(match.id)
        if not game.min_players <= len(seats) <= game.max_players:
            raise ServiceError(
                f"{game.name} needs {game.min_players} to {game.max_players} players; "
                f"{len(seats)} have joined. Others join with /game join; add a bot with "
                "/game addbot."
            )
        order = [s.position for s in seats]
        Rng.from_seed(match.seed).fork(1).shuffle(order)  # seat order comes from the seed
        async with self._announcing(match.id) as announce:  # in order, like every move
            state = game.setup(match.options, len(seats), match.seed)
            by_position = {s.position: s for s in seats}
            first = self._plan(match, game, state, [by_position[p] for p in order], [])
            try:
                match = await self.storage.start_match(
                    match.id, seat_order=order, state_json=state.model_dump_json(),
                    deadlines=first,
                )
            except WrongStatus:  # a second /game start that came at the same moment
                raise ServiceError("The game has already started.") from None
            except ValueError:  # someone joined or left at the same moment
                raise ServiceError("The players changed just now; look at /game status and "
                                   "start again.") from None
            self._remember(match.id, state)
            seats = await self.storage.seats(match.id)
            names = [self.shown_name(s.name) for s in seats]
            notice = Notice(match.id, match.channel_id, state.version, board=True, ledger=True,
                            since=-1)
            starting = [names[s] for s in sorted(game.actors(state)) if s < len(names)]
            notice.lines.append(  # who starts is the game's to say: it may not be seat 1
                f"{game.name} begins. Players in seat order: " + ", ".join(names) + "."
                + (f" First to move: {' and '.join(starting)}." if starting else ""))
            notice.lines += [name_seats(line, names) for line in game.opening_lines(state)]
            if match.chosen_seed is not None:
                notice.lines.append(seed_line(match))
            self._after_turn(game, state, seats, notice, previous_actors=set())
            announce.append(notice)
        self._maybe_run_bots(match.id)
        return notice

    async def update_settings(
        self, channel_id: int, user_id: int, *, turn_hours: float | None = None,
        policy: str | None = None, answer_seconds: float | None = None,
    ) -> MatchRow:
        match = await self._open(channel_id)
        self._require_host(match, user_id)
        settings = dict(match.settings)
        if turn_hours is not None:
            if turn_hours < 0:
                raise ServiceError("Turn hours are 0 (no deadline) or more.")
            settings["turn_hours"] = turn_hours
        if answer_seconds is not None:
            if answer_seconds < 0:
                raise ServiceError("The time to answer is 0 (no limit) or more seconds.")
            settings["answer_seconds"] = answer_seconds
        if policy is not None:
            if policy not in POLICIES:
                raise ServiceError(f"The deadline policy is one of: {', '.join(POLICIES)}.")
            settings["policy"] = policy
        match = await self.storage.update_settings(match.id, settings)
        if match.status == "active":
            async with self._locks[match.id]:
                match = await self.storage.get_match(match.id)  # a move may have come first
                if match.status != "active":
                    return match
                state = await self._state(match)
                seats = await self.storage.seats(match.id)
                # new settings, new clocks from now
                plan = self._plan(match, self._game(match.game), state, seats, [])
                await self.storage.plan_deadlines(match.id, state.version, DeadlinePlan(
                    write=plan.write, clear=tuple({"turn", "answer"} - {w.kind
                                                                          for w in plan.write})))
        return match

    async def may_abort(self, channel_id: int, user_id: int, can_manage: bool = False
                        ) -> MatchRow:
        """The open game here, if the user may abort it (the host, or with Manage Channels);
        ServiceError saying why not otherwise."""
        match = await self._open(channel_id)
        if user_id != match.host_id and not can_manage:
            raise ServiceError("Only the host or someone with Manage Channels can abort the game.")
        return match

    async def abort(self, channel_id: int, user_id: int, can_manage: bool = False) -> Notice:
        match = await self.may_abort(channel_id, user_id, can_manage)
        async with self._locks[match.id]:
            try:
                await self.storage.abort_match(match.id)
            except WrongStatus:  # it ended, or someone aborted it, a moment ago
                raise ServiceError("This game is already over.") from None
            self._finished(match.id)
        notice = Notice(match.id, match.channel_id, match.version, lines=["The game was aborted."])
        await self._deliver(notice)
        self._evict(match.id)
        return notice


def mix_seed(chosen: int, secret: int) -> int:
    """The seed a game runs on when a person chose ``chosen``: nobody can steer it or work
    it out without ``secret``, and anyone given both can check it."""
    digest = hashlib.sha256(f"portolan-seed:{chosen}:{secret}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2
