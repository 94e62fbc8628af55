"""Seeded random playouts of any registered game, checking the platform's invariants."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import (
    Accepted,
    Action,
    Event,
    Game,
    LogEntry,
    Rejection,
    Rng,
    SetupRecord,
    State,
    Undo,
    can_undo,
    replay,
    step,
)
from engine.core.bots import bot_rng

MOVE_CAP = 5000


@dataclass
class Playout:
    setup: SetupRecord
    final: State
    log: list[LogEntry] = field(default_factory=list)
    states: list[State] = field(default_factory=list)


def play(game: Game[Any], seats: int, seed: int, undo_rate: float = 0.1,
         keep_states: bool = True) -> Playout:
    """Plays random legal moves (and sometimes undoes one) until the game ends."""
    setup = SetupRecord(game=game.id, rules_version=game.rules_version, seats=seats, seed=seed)
    state = setup.create(game)
    chooser = Rng.from_seed(seed * 7919 + seats)
    result = Playout(setup=setup, final=state)
    for _ in range(MOVE_CAP):
        if keep_states:
            result.states.append(state)
        if game.outcome(state) is not None:
            break
        actors = sorted(game.actors(state))
        assert actors, "a game that is not over must have someone to act"
        seat = chooser.choice(actors)
        undoer = state.undo_points[-1].seat if state.undo_points else None
        if undoer is not None and chooser.below(1000) < undo_rate * 1000:
            assert can_undo(state, undoer)
            outcome = step(game, state, undoer, Undo(), state.version)
        else:
            legal = game.legal_actions(state, seat)
            assert legal, f"seat {seat} may act but has no legal action"
            outcome = step(game, state, seat, chooser.choice(legal), state.version)
        assert isinstance(outcome, Accepted), outcome
        result.log.append(LogEntry.of(outcome))
        state = outcome.state
    else:
        raise AssertionError(f"{game.id} did not end within {MOVE_CAP} moves")
    result.final = state
    return result


_CACHE: dict[tuple[str, int, int], Playout] = {}


def played(game: Game[Any], seats: int, seed: int) -> Playout:
    """``play(game, seats, seed)`` with its states kept, played once per test process; the
    checks that only read the states share it."""
    key = (game.id, seats, seed)
    if key not in _CACHE:
        _CACHE[key] = play(game, seats, seed)
    return _CACHE[key]


_BOT_GAMES: dict[tuple[str, int, int], tuple[tuple[Action, tuple[Event, ...]], ...]] = {}


def bot_moves(game: Game[Any], seats: int, seed: int
              ) -> tuple[tuple[Action, tuple[Event, ...]], ...]:
    """Every move of a game between the game's default bots, with the events it made, played
    once per test process (the narration tests read the lines such games write)."""
    key = (game.id, seats, seed)
    if key not in _BOT_GAMES:
        bot = game.bots()[game.default_bot()]
        state = game.setup({}, seats, seed)
        moves = []
        while game.outcome(state) is None:
            seat = min(game.actors(state))
            action = bot.choose(game.view(state, seat), game.legal_actions(state, seat),
                                bot_rng(seed, state.version, seat))
            outcome = step(game, state, seat, action, state.version)
            assert isinstance(outcome, Accepted), outcome
            moves.append((action, tuple(outcome.events)))
            state = outcome.state
        _BOT_GAMES[key] = tuple(moves)
    return _BOT_GAMES[key]


def replayed(game: Game[Any], playout: Playout) -> State:
    return replay(game, playout.setup, playout.log)


def rejects(result: Accepted | Rejection) -> bool:
    return isinstance(result, Rejection)
