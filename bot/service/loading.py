"""Loading: a match's state, from memory (a bounded cache of the recently used) or rebuilt from
storage: the newest usable snapshot and the log after it, or, for a match stored under older
rules, its log upgraded and replayed. A match that cannot be rebuilt is set aside with its
reason and its channel is told; every other game goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.notices import Notice
from bot.service.base import STORAGE_FAULTS, ServiceBase, log
from bot.service.results import ServiceError
from bot.service.texts import safe_reason, set_aside_text
from bot.storage import MatchRow, StaleVersion
from engine.core import Game, LogEntry, ReplayError, SetupRecord, State, replay_from, upgrade_log

CACHED_STATES = 256  # states kept in memory; the rest are rebuilt from storage when needed


class Loading(ServiceBase):
    async def _state(self, match: MatchRow, again: bool = True) -> State:
        """The current state: from memory, or rebuilt from storage (see :meth:`_rebuild`).
        A match that cannot be rebuilt is set aside, and ``ServiceError`` says so. (Reads
        outside the match's lock may meet a move committed meanwhile: the state is the one
        at ``match.version``, and a failure is only believed once the row is read again.)"""
        cached = self._states.get(match.id)
        if cached is not None and cached.version == match.version:
            self._states.move_to_end(match.id)
            return cached
        game = self._game(match.game)
        if match.status == "set_aside":
            raise ServiceError(set_aside_text(game.name, match.set_aside_reason))
        try:
            state = await self._rebuild(match)
        except StaleVersion:
            raise ServiceError("Someone moved first: look at the board again.") from None
        except STORAGE_FAULTS:
            raise
        except Exception as err:
            fresh = await self.storage.get_match(match.id)
            if again and (fresh.version, fresh.status, fresh.rules_version) != \
                    (match.version, match.status, match.rules_version):
                return await self._state(fresh, again=False)  # it changed meanwhile
            if match.status == "active":
                await self._set_aside(match, game, err)
                raise ServiceError(set_aside_text(game.name, safe_reason(err))) from None
            log.error("match %s: its record cannot be rebuilt (%s)", match.id,
                      type(err).__name__)
            raise ServiceError("This game's record cannot be loaded by this version of the "
                               "bot.") from None
        self._remember(match.id, state)
        return state

    async def _rebuild(self, match: MatchRow) -> State:
        """The match's state at its version: the newest usable snapshot plus the log after it.
        A snapshot that does not load, or disagrees with the match or its log, is skipped for
        an earlier one (and finally the setup); skipped ones are replaced by a good one. A
        match stored under older rules has its log upgraded (or cannot continue)."""
        game = self._game(match.game)
        seats = len(await self.storage.seats(match.id))
        setup = SetupRecord(game=game.id, rules_version=game.rules_version,
                            options=match.options, seats=seats, seed=match.seed)
        if match.rules_version != game.rules_version:
            return await self._upgrade(match, game, setup)
        bad: list[int] = []
        # the state at match.version exactly, even if a move commits while this reads
        at_most = match.version
        state: State | None = None
        while state is None:
            snap = await self.storage.latest_snapshot(match.id, at_most)
            if snap is None:
                break
            version, text = snap
            try:
                loaded = game.load_state(text)
                if (loaded.version, loaded.game, loaded.rules_version, loaded.seed) != \
                        (version, game.id, game.rules_version, match.seed):
                    raise ReplayError("the snapshot does not belong to this match's record")
                rows = await self.storage.actions(match.id, after=version)
                state = replay_from(game, loaded, log_entries(
                    [r for r in rows if r.seq <= match.version]))
            except STORAGE_FAULTS:
                raise
            except Exception as err:
                log.warning("match %s: the snapshot at version %s is unusable (%s); trying "
                            "an earlier one", match.id, version, type(err).__name__)
                bad.append(version)
                at_most = version - 1
        if state is None:
            rows = await self.storage.actions(match.id)
            state = replay_from(game, setup.create(game), log_entries(
                [r for r in rows if r.seq <= match.version]))
        if state.version != match.version:
            raise ReplayError(f"the log ends at version {state.version}, the match is at "
                              f"{match.version}")
        if bad:
            for version in bad:
                await self.storage.drop_snapshot(match.id, version)
            await self.storage.add_snapshot(match.id, state.version, state.model_dump_json())
        return state

    async def _upgrade(self, match: MatchRow, game: Game[Any], setup: SetupRecord) -> State:
        """A match stored under older rules: its log rewritten by the game's version steps
        and replayed from the setup under the new rules, then stored that way. Raises
        ``RulesVersionError`` (its text is for the players) when it cannot continue."""
        rows = [r for r in await self.storage.actions(match.id) if r.seq <= match.version]
        entries = upgrade_log(game, match.rules_version, log_entries(rows))
        state = replay_from(game, setup.create(game), entries)
        await self.storage.upgrade_log(
            match.id, rules_version=game.rules_version,
            entries=[(e.seq, e.action, [ev.model_dump(mode="json") for ev in e.events])
                     for e in entries],
            state_json=state.model_dump_json(), version=state.version,
        )
        log.info("match %s: upgraded from rules %s to %s", match.id, match.rules_version,
                 game.rules_version)
        return state

    async def _set_aside(self, match: MatchRow, game: Game[Any], err: Exception) -> None:
        """Sets a match that cannot be rebuilt aside: the reason stored and logged once, its
        channel told once what happened and what the host can do."""
        reason = safe_reason(err)
        if not await self.storage.set_aside(match.id, reason):
            return
        self._forget(match.id)
        log.error("match %s (%s) is set aside: %s [%s]", match.id, match.game, reason,
                  type(err).__name__)
        notice = Notice(match.id, match.channel_id, match.version,
                        lines=[set_aside_text(game.name, reason)])
        self._spawn(self._deliver(notice))

    def _remember(self, match_id: int, state: State) -> None:
        self._states[match_id] = state
        self._states.move_to_end(match_id)
        while len(self._states) > CACHED_STATES:
            self._states.popitem(last=False)

    def _forget(self, match_id: int) -> None:
        self._states.pop(match_id, None)
        self._sent.pop(match_id, None)

    def _finished(self, match_id: int) -> None:
        """A finished game leaves memory (a later look at it is rebuilt from storage); its locks
        go once they are let go."""
        self._forget(match_id)
        self._ended_now(match_id)


def log_entries(rows: Sequence[Any]) -> list[LogEntry]:
    return [LogEntry(seq=r.seq, seat=r.seat, action=r.action, events=r.events) for r in rows]
