"""Rules versions: a game's version steps decide which stored games continue under new rules.

Dinghy is a toy game released twice. Under rules 1 a move is ``{"type": "row", "n": 2}``; rules
2 renamed the field to ``strokes`` and says how old logs are rewritten. Rules 3 (a third
release) changed the course of play, and games from before it cannot continue.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import pytest
from pydantic import Field, TypeAdapter

from engine.core import (
    Accepted,
    Action,
    Event,
    Game,
    LogEntry,
    NotUpgradable,
    Outcome,
    ReplayError,
    Rng,
    RulesVersionError,
    Seat,
    SetupRecord,
    State,
    Upgrade,
    VersionStep,
    View,
    all_games,
    bot_rng,
    check_version_steps,
    replay,
    replay_from,
    step,
    upgrade_log,
    version_path,
)

GOAL = 15


class RowV1(Action):
    type: Literal["row"] = "row"
    n: int = Field(ge=1, le=2)


class RowV2(Action):
    type: Literal["row"] = "row"
    strokes: int = Field(ge=1, le=2)


class DinghyState(State):
    active: Seat = 0
    positions: list[int]


class Dinghy1(Game[DinghyState]):
    """Row one or two strokes, then the current carries you on by a die roll."""

    id = "dinghy"
    name = "Dinghy"
    min_players = 2
    max_players = 3
    rules_version = "1"
    state_type = DinghyState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(RowV1)

    def strokes(self, action: Action) -> int:
        assert isinstance(action, RowV1)
        return action.n

    def row(self, strokes: int) -> Action:
        return RowV1(n=strokes, label=f"Row {strokes}")

    def setup(self, options: dict[str, Any], seats: int, seed: int) -> DinghyState:
        return DinghyState(**self.base_state_fields(options, seats, seed), positions=[0] * seats)

    def actors(self, state: DinghyState) -> set[Seat]:
        return set() if self.outcome(state) else {state.active}

    def legal_actions(self, state: DinghyState, seat: Seat) -> list[Action]:
        return [self.row(1), self.row(2)] if seat in self.actors(state) else []

    def apply(self, state: DinghyState, seat: Seat, action: Action) -> list[Event]:
        current = state.rng.randint(0, 3)
        state.positions[seat] += self.strokes(action) + current
        state.active = (seat + 1) % state.seats
        state.turn += 1
        return [Event(kind="row", seat=seat, data={"strokes": self.strokes(action)},
                      text=f"Seat {seat} rows."),
                Event(kind="current", seat=seat, chance=True, data={"current": current},
                      text=f"The current carries them {current} on.")]

    def view(self, state: DinghyState, viewer: Seat | None) -> View:
        return View(**self.base_view_fields(state, viewer))

    def outcome(self, state: DinghyState) -> Outcome | None:
        if max(state.positions) < GOAL:
            return None
        return Outcome.from_scores([float(p) for p in state.positions], "reached the shore")

    def scramble_secrets(self, state: DinghyState, owner: Seat | None, rng: Rng) -> DinghyState:
        return state.model_copy(deep=True)


def rename_n(action: dict[str, Any]) -> dict[str, Any]:
    action["strokes"] = action.pop("n")
    return action


class Dinghy2(Dinghy1):
    rules_version = "2"
    version_steps: ClassVar[tuple[VersionStep, ...]] = (
        Upgrade("1", "2", action=rename_n, note="A row's field is `strokes`."),)
    action_adapter = TypeAdapter(RowV2)

    def strokes(self, action: Action) -> int:
        assert isinstance(action, RowV2)
        return action.strokes

    def row(self, strokes: int) -> Action:
        return RowV2(strokes=strokes, label=f"Row {strokes}")


SPRING_TIDE = "Rules 3 adds the spring tide, which changes every current already rolled."


class Dinghy3(Dinghy2):
    rules_version = "3"
    version_steps = (*Dinghy2.version_steps, NotUpgradable("2", "3", SPRING_TIDE))


def play(game: Game[Any], seats: int, seed: int) -> tuple[SetupRecord, list[LogEntry], State]:
    setup = SetupRecord(game=game.id, rules_version=game.rules_version, seats=seats, seed=seed)
    state = setup.create(game)
    log: list[LogEntry] = []
    while game.outcome(state) is None:
        seat = sorted(game.actors(state))[0]
        move = bot_rng(seed, state.version, seat).choice(game.legal_actions(state, seat))
        result = step(game, state, seat, move, state.version)
        assert isinstance(result, Accepted), result
        log.append(LogEntry.of(result))
        state = result.state
    return setup, log, state


def test_an_old_log_upgrades_and_replays_under_the_new_rules() -> None:
    old, new = Dinghy1(), Dinghy2()
    setup, log, final = play(old, 3, seed=4)
    assert all("n" in e.action for e in log)
    with pytest.raises(ReplayError, match="rejected"):  # the old log as it is: not a move now
        replay(new, setup, log)

    upgraded = upgrade_log(new, setup.rules_version, log)
    assert all(set(e.action) == {"type", "strokes"} for e in upgraded)
    assert all("n" in e.action for e in log)  # the stored entries are left as they were
    assert [e.events for e in upgraded] == [e.events for e in log]  # kept, so replay checks them
    fresh = SetupRecord(**{**setup.model_dump(), "rules_version": new.rules_version})
    again = replay_from(new, fresh.create(new), upgraded)
    assert again.rules_version == "2"
    assert again.positions == final.positions  # type: ignore[attr-defined]
    assert new.outcome(again) == old.outcome(final)  # type: ignore[arg-type]


def test_the_current_version_needs_no_upgrade() -> None:
    _, log, _ = play(Dinghy2(), 2, seed=1)
    assert upgrade_log(Dinghy2(), "2", log) is log
    assert version_path(Dinghy2(), "2") == []


def test_undo_entries_pass_through_an_action_upgrade() -> None:
    entry = LogEntry(seq=3, seat=0, action={"type": "undo"})
    assert upgrade_log(Dinghy2(), "1", [entry])[0].action == {"type": "undo"}


def test_events_can_be_dropped_or_rewritten() -> None:
    _, log, _ = play(Dinghy1(), 2, seed=2)

    class Dropping(Dinghy2):
        version_steps = (Upgrade("1", "2", action=rename_n, events="drop"),)

    def facts_only(events: list[Event]) -> list[Event]:
        return [e.model_copy(update={"text": ""}) for e in events]

    class Rewriting(Dinghy2):
        version_steps = (Upgrade("1", "2", action=rename_n, events=facts_only),)

    assert all(e.events == [] for e in upgrade_log(Dropping(), "1", log))
    rewritten = upgrade_log(Rewriting(), "1", log)
    assert all(x.text == "" for e in rewritten for x in e.events)
    assert all(e.events for e in rewritten)


@pytest.mark.parametrize("stored, words", [
    ("1b", "which this release does not know"),
    ("3", "newer than this release's Dinghy 2"),
    ("10", "newer than this release's Dinghy 2"),
])
def test_an_unknown_or_newer_version_cannot_continue(stored: str, words: str) -> None:
    with pytest.raises(RulesVersionError) as raised:
        upgrade_log(Dinghy2(), stored, [])
    text = str(raised.value)
    assert text.startswith(f"This game was started under the rules of Portolan's Dinghy {stored}")
    assert words in text
    assert "it cannot continue under Dinghy 2" in text
    assert (raised.value.from_version, raised.value.to_version) == (stored, "2")


@pytest.mark.parametrize("stored", ["1", "2"])
def test_a_step_that_is_not_upgradable_stops_with_its_message(stored: str) -> None:
    old = Dinghy1() if stored == "1" else Dinghy2()
    _, log, _ = play(old, 2, seed=3)
    with pytest.raises(RulesVersionError) as raised:
        upgrade_log(Dinghy3(), stored, log)
    assert str(raised.value) == (
        f"This game was started under the rules of Portolan's Dinghy {stored}; it cannot "
        f"continue under Dinghy 3, the rules of this release. {SPRING_TIDE}"
    )
    assert raised.value.reason == SPRING_TIDE


def test_the_path_follows_the_steps_in_order() -> None:
    assert [(s.from_version, s.to_version) for s in version_path(Dinghy3(), "1")] == [
        ("1", "2"), ("2", "3")]


def test_every_registered_game_declares_a_sound_history() -> None:
    for game in [*all_games(), Dinghy1(), Dinghy2(), Dinghy3()]:
        check_version_steps(game)
        assert game.rules_version
        assert upgrade_log(game, game.rules_version, []) == []


@pytest.mark.parametrize("steps, problem", [
    ((Upgrade("1", "2"), Upgrade("1", "2")), "two version steps start"),
    ((Upgrade("1", "1"),), "to itself"),
    ((Upgrade("1", "2"), NotUpgradable("2", "3", "")), "no message"),
    ((Upgrade("1", "3"),), "do not lead"),
    ((Upgrade("1", "2"), Upgrade("2", "4"), Upgrade("4", "1")), "starts at the current"),
    ((Upgrade("0", "1"), Upgrade("1", "0")), "do not lead"),
])
def test_a_broken_history_is_refused(steps: tuple[Any, ...], problem: str) -> None:
    class Broken(Dinghy2):
        version_steps = steps

    with pytest.raises(ValueError, match=problem):
        check_version_steps(Broken())
