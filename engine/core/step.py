"""``step``: the only way anything outside the engine changes a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from . import errors
from .errors import Rejection
from .protocol import Action, Event, Game, Seat, State, Undo, UndoPoint, copied, seat_ref


@dataclass(frozen=True)
class Accepted:
    """An accepted action: the new state, what happened, and the log entry to store."""

    state: State
    events: list[Event]
    action: Action
    seat: Seat

    @property
    def turn_ended(self) -> bool:
        return any(e.kind == "turn_end" for e in self.events)


def _describe_validation(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "action"
    return f"{where}: {first.get('msg', 'invalid')}"


def step(
    game: Game[Any],
    state: State,
    seat: Seat,
    action: Action | dict[str, Any],
    expected_version: int,
) -> Accepted | Rejection:
    """Checks, in order: the action is well-formed, the game is not over, the version is
    current, the seat may act, the action is legal. A rejection changes nothing."""
    try:
        parsed = game.parse_action(action)
    except ValidationError as err:
        return Rejection(
            code=errors.MALFORMED,
            message=f"That is not a move in {game.name} ({_describe_validation(err)}).",
        )
    if game.outcome(state) is not None:
        return Rejection(code=errors.GAME_OVER, message="This game is over.")
    if expected_version != state.version:
        return Rejection(
            code=errors.STALE,
            message="Someone moved first: the game has changed since you looked. "
            "Look at the board again and choose anew.",
            params={"expected": expected_version, "current": state.version},
        )
    if isinstance(parsed, Undo):
        return _undo(game, state, seat)
    actors = game.actors(state)
    if seat not in actors:
        if not 0 <= seat < state.seats:
            message = "You are not playing in this game."
        else:
            message = game.not_your_move(game.view(state, None),
                                         [seat_ref(s) for s in sorted(actors)])
        return Rejection(code=errors.NOT_AN_ACTOR, message=message,
                         params={"actors": sorted(actors)})
    rejection = game.validate(state, seat, parsed)
    if rejection is not None:
        return rejection

    new = copied(state)
    new.undo_points = []
    events = game.apply(new, seat, parsed)
    new.version = state.version + 1
    barrier = (
        new.turn != state.turn
        or game.outcome(new) is not None
        or any(e.chance or e.reveals for e in events)
    )
    if not barrier:
        earlier = state.model_copy(update={"undo_points": []}).model_dump_json()
        new.undo_points = [*state.undo_points, UndoPoint(seat=seat, state=earlier)]
    if new.turn != state.turn:
        events.append(Event(kind="turn_end", seat=seat, data={"turn": state.turn}))
    return Accepted(state=new, events=events, action=parsed, seat=seat)


def _undo(game: Game[Any], state: State, seat: Seat) -> Accepted | Rejection:
    if not state.undo_points:
        return Rejection(
            code=errors.CANNOT_UNDO,
            message="There is nothing to undo: a turn's actions can be taken back only until "
            "the turn ends or an action that cannot be taken back is made (a die thrown, a "
            "card drawn or shown, a move the other players were asked to answer, or a move "
            "the rules make final).",
        )
    last = state.undo_points[-1]
    if last.seat != seat:
        return Rejection(
            code=errors.CANNOT_UNDO,
            message=f"The last action was {seat_ref(last.seat)}'s; you can only undo your own.",
        )
    earlier = game.load_state(last.state)
    earlier.undo_points = state.undo_points[:-1]
    earlier.version = state.version + 1  # versions only grow, so old buttons go stale
    event = Event(kind="undo", seat=seat, text=f"{seat_ref(seat)} took back their last action.")
    return Accepted(state=earlier, events=[event], action=Undo(), seat=seat)


def can_undo(state: State, seat: Seat) -> bool:
    """Whether ``seat`` may take back the last action now."""
    return bool(state.undo_points) and state.undo_points[-1].seat == seat
