"""Which deadlines a match should have after a move: a pure function of the new state.

A game has up to two clocks at once. The *turn* clock starts when a turn passes to a person
and lasts the whole turn, however many actions the turn takes (so one move followed by silence
still meets the reminder and the deadline policy). The *answer* clock runs while people are
asked for an answer with a short time limit (a reaction, a sealed bid, a secret bribe); an
answer by one of them does not restart it for the others. The plan is written in the same
transaction as the move, so no crash can leave a turn without its deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage import DeadlinePlan, DeadlineRow, DeadlineSpec, SeatRow
from engine.core import Game, State


def answering(game: Game[Any], state: State, seats: Sequence[SeatRow]) -> list[int]:
    """Human seats asked for an answer that has a short time limit."""
    return [s for s in sorted(game.actors(state))
            if seats[s].bot is None and game.timeout_action(state, s) is not None]


def turn_takers(game: Game[Any], state: State, seats: Sequence[SeatRow]) -> list[int]:
    """Human seats that must act now without a short time limit: the turn is theirs."""
    timed = set(answering(game, state, seats))
    return [s for s in sorted(game.actors(state)) if seats[s].bot is None and s not in timed]


def plan(game: Game[Any], state: State, seats: Sequence[SeatRow], settings: dict[str, Any],
         current: Sequence[DeadlineRow], now: float, *, remind_hours: float = 0,
         default_answer_seconds: float = 0) -> DeadlinePlan:
    """The deadlines after a move (or a start, with ``current`` empty) that left ``state``."""
    rows = {row.kind: row for row in current}
    write: list[DeadlineSpec] = []
    clear: list[str] = []

    timed = answering(game, state, seats)
    seconds = float(settings.get("answer_seconds", default_answer_seconds) or 0)
    answer = rows.get("answer")
    if timed and seconds:
        # the same window while only people it asked are still asked (its seats shrink as
        # they answer); anyone asked anew, say a second bidding round, starts a new clock
        same = answer is not None and answer.turn == state.turn \
            and set(timed) <= set(answer.seats) and answer.due_at <= now + seconds
        if answer is not None and same:
            if sorted(timed) != sorted(answer.seats):
                write.append(DeadlineSpec("answer", state.turn, timed, answer.due_at, None))
        else:
            write.append(DeadlineSpec("answer", state.turn, timed, now + seconds, None))
    elif answer is not None:
        clear.append("answer")

    hours = float(settings.get("turn_hours", 0) or 0)
    turn = rows.get("turn")
    takers = turn_takers(game, state, seats)
    same_turn = turn is not None and turn.turn == state.turn and turn.turn >= 0
    if not hours:
        if turn is not None:
            clear.append("turn")
    elif same_turn:
        pass  # the turn goes on: its clock keeps running
    elif takers:
        due = now + hours * 3600
        remind = remind_hours or hours / 4
        write.append(DeadlineSpec("turn", state.turn, takers, due,
                                  due - remind * 3600 if remind < hours else None))
    elif turn is not None:
        clear.append("turn")  # the turn passed to bots, or only answers are awaited
    return DeadlinePlan(write=tuple(write), clear=tuple(clear))
