"""Keeping what each turn changed on the table (``state.LastTurn``), for the board's rings.

A change is noted in ``state.current`` as it is made (``note``), only ever from what the whole
table saw: a ship sailing, launched or sunk, a port changing hands, fortified or traded at, an
attack, a card played or discarded face up; never a hand, a card drawn or a bribe.

When a turn ends, what it changed becomes ``state.last`` and ``state.current`` starts afresh,
with no seat: what changes between turns (the round's end, the next round's History) is noted
there, and joins the last turn (``after``) when the next turn begins, so the board after a turn
rings that turn and whatever followed it, and the turn in progress beside it. The game's end
does the same, so the final board rings the last turn and the round's end."""

from __future__ import annotations

from typing import Any

from engine.core.construct import construct

from .state import EmpiresState, LastTurn, Mark, MarkKind


def note(state: EmpiresState, what: MarkKind, **fields: Any) -> None:
    """Notes a change the whole table saw, in the turn in progress (or between turns)."""
    state.current.marks.append(Mark(what=what, **fields))


def turn_ends(state: EmpiresState) -> None:
    """The turn in progress is over: what it changed is the last turn's."""
    state.last = state.current
    state.current = LastTurn()


def turn_begins(state: EmpiresState, seat: int, pirate: bool = False) -> None:
    """``seat``'s turn (the Pirate's, commanded by ``seat``) begins: what changed since the
    last turn ended joins it, and the new turn starts with nothing changed."""
    settle(state)
    state.current = LastTurn(seat=seat, pirate=pirate)


def settle(state: EmpiresState) -> None:
    """What changed between turns joins the last turn (at a turn's start, or the game's end)."""
    between = state.current
    if between.seat is not None:  # a turn never ended (not met in play): it is the last one
        turn_ends(state)
        return
    if between.marks:
        last = state.last
        state.last = LastTurn(seat=last.seat, pirate=last.pirate, after=True,
                              marks=[*last.marks, *between.marks])
    state.current = LastTurn()


def marks_copy(turn: LastTurn) -> LastTurn:
    """A copy of what a turn changed, for a view or a sampled state: its own list, the marks
    themselves shared (they are frozen)."""
    return construct(LastTurn, seat=turn.seat, pirate=turn.pirate, after=turn.after,
                     marks=list(turn.marks))
