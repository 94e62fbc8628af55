"""The clock plan on its own: an answer window keeps its clock while those it asked answer;
a window that asks again starts a new one."""

from __future__ import annotations

from typing import Any

from bot.service import clocks
from bot.storage import DeadlineRow, SeatRow
from engine.core import State


class Asking:
    """A stand-in game whose actors, all asked for a timed answer, are given by the test."""

    def __init__(self, asked: set[int]) -> None:
        self.asked = asked

    def actors(self, state: State) -> set[int]:
        return self.asked

    def timeout_action(self, state: State, seat: int) -> Any:
        return object()


SEATS = [SeatRow(1, i, i, 10 + i, f"P{i}", None) for i in range(3)]
STATE = State(game="g", rules_version="1", seed=1, seats=3, turn=4)
SETTINGS = {"answer_seconds": 100}


def window(seats: list[int], due: float) -> DeadlineRow:
    return DeadlineRow(1, 7, seats, due, None, False, kind="answer", turn=4)


def test_an_answer_leaves_the_window_its_clock() -> None:
    plan = clocks.plan(Asking({1}), STATE, SEATS, SETTINGS, [window([0, 1], 150.0)], 120.0)  # type: ignore[arg-type]
    [spec] = plan.write
    assert spec.seats == [1] and spec.due_at == 150.0  # the same clock, fewer seats


def test_a_window_that_asks_again_starts_a_new_clock() -> None:
    plan = clocks.plan(Asking({0, 1}), STATE, SEATS, SETTINGS, [window([1], 150.0)], 120.0)  # type: ignore[arg-type]
    [spec] = plan.write
    assert spec.seats == [0, 1] and spec.due_at == 220.0


def test_nobody_asked_clears_the_window() -> None:
    plan = clocks.plan(Asking(set()), STATE, SEATS, SETTINGS, [window([1], 150.0)], 120.0)  # type: ignore[arg-type]
    assert plan.clear == ("answer",) and plan.write == ()
