"""A game is its setup plus its log: ``replay`` rebuilds any position from them.

A replay checks the recorded events against the replayed ones by what decides the game -- each
event's kind, seat, audience, data and its chance and reveal marks -- and never by its ``text``,
the wording players read: rewording a message is not a rules change."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from .errors import Rejection, ReplayError
from .protocol import Event, Game, Seat, State
from .step import Accepted, step

# The parts of an event that say what happened; everything else (``text``) is presentation.
DECISIVE_FIELDS = frozenset({"kind", "seat", "to", "data", "chance", "reveals"})


class SetupRecord(BaseModel):
    """Everything needed to create the initial state."""

    game: str
    rules_version: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int
    seed: int

    def create(self, game: Game[Any]) -> State:
        state: State = game.setup(game.resolve_options(self.options), self.seats, self.seed)
        return state


class LogEntry(BaseModel):
    """One accepted action; ``seq`` is the state version it produced. An empty ``events`` list
    means the events were not kept (or were dropped by an upgrade) and are not checked."""

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


def event_facts(events: list[Event]) -> list[dict[str, Any]]:
    """What decides the game in ``events``: each event without its wording."""
    return [e.model_dump(mode="json", include=set(DECISIVE_FIELDS)) for e in events]


def first_difference(recorded: list[Event], replayed: list[Event]) -> str | None:
    """``None`` when the two lists tell the same course of play; otherwise a short account of
    the first event that differs (its wording is ignored)."""
    old, new = event_facts(recorded), event_facts(replayed)
    for index, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            fields = sorted(k for k in DECISIVE_FIELDS if a.get(k) != b.get(k))
            changes = "; ".join(f"{k}: {a.get(k)!r} recorded, {b.get(k)!r} now" for k in fields)
            return f"event {index + 1} ({a['kind']}) differs: {changes}"
    if len(old) != len(new):
        extra = [e["kind"] for e in (old[len(new):] or new[len(old):])]
        return (f"{len(old)} events recorded, {len(new)} now "
                f"({'missing' if len(old) > len(new) else 'new'}: {', '.join(extra)})")
    return None


def replay_from(
    game: Game[Any], state: State, entries: list[LogEntry], check_events: bool = True
) -> State:
    """Applies ``entries`` (which must continue from ``state.version``) through ``step``.

    With ``check_events``, an entry that recorded events must produce the same ones (by
    :func:`event_facts`), or :class:`ReplayError` says where the course of play changed."""
    for entry in entries:
        result = step(game, state, entry.seat, entry.action, state.version)
        if isinstance(result, Rejection):
            raise ReplayError(f"entry {entry.seq} was rejected on replay: {result}")
        if result.state.version != entry.seq:
            raise ReplayError(f"entry {entry.seq} produced version {result.state.version}")
        if check_events and entry.events:
            difference = first_difference(entry.events, result.events)
            if difference is not None:
                raise ReplayError(f"entry {entry.seq} happened differently on replay: "
                                  f"{difference}")
        state = result.state
    return state


def replay(game: Game[Any], setup: SetupRecord, entries: list[LogEntry]) -> State:
    return replay_from(game, setup.create(game), entries)
