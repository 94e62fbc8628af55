"""Replay checks a stored log by what decides the game, never by the wording of its events."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core import (
    Accepted,
    Event,
    LogEntry,
    ReplayError,
    SetupRecord,
    replay,
    step,
)
from engine.core.replay import event_facts
from tests.games.race import GAME, PlayCard, RaceState, Roll

SETUP = SetupRecord(game=GAME.id, rules_version=GAME.rules_version, seats=2, seed=5)


def recorded_log(moves: int = 12) -> list[LogEntry]:
    """A short game: each turn plays the card when it can, then rolls."""
    state = SETUP.create(GAME)
    assert isinstance(state, RaceState)
    log: list[LogEntry] = []
    while len(log) < moves and GAME.outcome(state) is None:
        seat = state.active
        action = PlayCard() if not state.played and state.hands[seat] is not None else Roll()
        result = step(GAME, state, seat, action, state.version)
        assert isinstance(result, Accepted), result
        log.append(LogEntry.of(result))
        assert isinstance(result.state, RaceState)
        state = result.state
    return log


def edited(log: list[LogEntry], change: Callable[[Event], None]) -> list[LogEntry]:
    """A copy of ``log`` with ``change(event)`` applied to every event (in place, on copies)."""
    copies = [e.model_copy(deep=True) for e in log]
    for entry in copies:
        for event in entry.events:
            change(event)
    return copies


def test_a_log_replays_to_the_same_state() -> None:
    log = recorded_log()
    again = replay(GAME, SETUP, log)
    assert again.version == len(log)
    assert any(e.chance for entry in log for e in entry.events)


def test_reworded_events_still_replay() -> None:
    log = recorded_log()

    def reword(event: Event) -> None:
        event.text = f"(an older wording) {event.kind} happened."

    reworded = edited(log, reword)
    assert all(e.text.startswith("(an older wording)") for x in reworded for e in x.events)
    assert replay(GAME, SETUP, reworded) == replay(GAME, SETUP, log)


def test_different_chance_data_does_not_replay() -> None:
    log = recorded_log()
    first_roll = next(i for i, x in enumerate(log) if any(e.kind == "roll" for e in x.events))
    changed = [e.model_copy(deep=True) for e in log]
    for event in changed[first_roll].events:
        if event.kind == "roll":
            event.data["roll"] = event.data["roll"] % 6 + 1
    with pytest.raises(ReplayError, match=rf"entry {first_roll + 1} .*roll.*data"):
        replay(GAME, SETUP, changed)


@pytest.mark.parametrize("field, value", [
    ("kind", "something_else"), ("seat", 3), ("to", [0, 1]), ("chance", False), ("reveals", True),
])
def test_each_decisive_field_is_compared(field: str, value: object) -> None:
    log = recorded_log()
    changed = [e.model_copy(deep=True) for e in log]
    event = next(e for x in changed for e in x.events if e.kind == "draw")
    setattr(event, field, value)
    with pytest.raises(ReplayError, match=field):
        replay(GAME, SETUP, changed)


def test_a_missing_or_extra_event_does_not_replay() -> None:
    log = recorded_log()
    changed = [e.model_copy(deep=True) for e in log]
    entry = next(x for x in changed if len(x.events) > 1)
    entry.events.pop()
    with pytest.raises(ReplayError, match="events recorded"):
        replay(GAME, SETUP, changed)


def test_entries_without_events_are_not_checked() -> None:
    log = recorded_log()
    bare = [x.model_copy(update={"events": []}) for x in log]
    assert replay(GAME, SETUP, bare) == replay(GAME, SETUP, log)


def test_event_facts_leave_out_only_the_wording() -> None:
    event = recorded_log(1)[0].events[0]
    facts = event_facts([event])[0]
    assert set(facts) == set(event.model_dump()) - {"text"}
