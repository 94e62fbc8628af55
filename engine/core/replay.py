"""A game is its setup plus its log: ``replay`` rebuilds any position from them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from .errors import Rejection, ReplayError
from .protocol import Event, Game, Seat, State
from .step import Accepted, step


class SetupRecord(BaseModel):
    """Everything needed to create the initial state."""

    game: str
    rules_version: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int
    seed: int

    def create(self, game: Game[Any]) -> State:
        return game.setup(game.resolve_options(self.options), self.seats, self.seed)


class LogEntry(BaseModel):
    """One accepted action; ``seq`` is the state version it produced."""

    seq: int
    seat: Seat
    action: dict[str, Any]
    events: list[Event] = Field(default_factory=list)

    @classmethod
    def of(cls, accepted: Accepted) -> LogEntry:
        return cls(
            seq=accepted.state.version,
            seat=accepted.seat,
            action=accepted.action.model_dump(mode="json"),
            events=accepted.events,
        )


def replay_from(
    game: Game[Any], state: State, entries: list[LogEntry], check_events: bool = True
) -> State:
    """Applies ``entries`` (which must continue from ``state.version``) through ``step``."""
    for entry in entries:
        result = step(game, state, entry.seat, entry.action, state.version)
        if isinstance(result, Rejection):
            raise ReplayError(f"entry {entry.seq} was rejected on replay: {result}")
        if result.state.version != entry.seq:
            raise ReplayError(f"entry {entry.seq} produced version {result.state.version}")
        if check_events and entry.events and _dump(result.events) != _dump(entry.events):
            raise ReplayError(f"entry {entry.seq} happened differently on replay")
        state = result.state
    return state


def replay(game: Game[Any], setup: SetupRecord, entries: list[LogEntry]) -> State:
    return replay_from(game, setup.create(game), entries)


def _dump(events: list[Event]) -> list[dict[str, Any]]:
    return [e.model_dump(mode="json") for e in events]
