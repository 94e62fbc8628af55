"""The command table's refusals, on a table of its own: when a typed value fits no move, the
values it lists (or the option it says to leave out) are those of the moves the other typed
options leave open."""

from __future__ import annotations

from typing import Any, Literal

from engine.core import Action
from engine.core.commands import Command, CommandTable, Option, resolve


class Go(Action):
    type: Literal["go"] = "go"
    side: str
    far: str | None = None  # only the right side goes far
    speed: str = "slow"


def _side(action: Go, view: Any) -> str:
    return action.side


def _far(action: Go, view: Any) -> str | None:
    return action.far


def _speed(action: Go, view: Any) -> str:
    return action.speed


TABLE: CommandTable[Any] = CommandTable(
    group="test", description="a table for tests", nothing_to_decide="Nothing.",
    commands=(Command("go", "Go somewhere", (Go,), (
        Option("side", "Which side", _side),
        Option("far", "How far (right only)", _far, lambda a, v: f"{a.far} far",
               required=False),
        Option("speed", "How fast", _speed)),),))
# a required option (speed) left out: the refusal says which typed value fits no move
MOVES = [Go(side="left"), Go(side="left", speed="fast"), Go(side="right", far="1"),
         Go(side="right", far="2")]


def test_an_option_the_other_options_moves_do_not_take_is_to_be_left_out() -> None:
    found = resolve(TABLE, "go", {"side": "left", "far": "9"}, MOVES, None)
    assert found.problem == ("None of your /test go moves with side 'left' now takes far: "
                             "leave it out."), found.problem


def test_a_value_no_move_has_lists_the_values_the_other_options_leave_open() -> None:
    found = resolve(TABLE, "go", {"side": "right", "far": "9"}, MOVES, None)
    assert found.problem is not None and found.problem.endswith("It can be: 1 far; 2 far."), found
    found = resolve(TABLE, "go", {"side": "left", "speed": "slow", "far": "9"}, MOVES, None)
    assert found.problem is not None, found  # every required option typed: no move fits


def test_a_word_typed_twice_must_be_in_the_label_twice() -> None:
    """The last way a typed value names a label, by all its words, counts a word typed twice
    as two: "1, 1" (a ship named twice) is not "Ship 1 leaves Liverpool", and fits no value,
    where the words "1" and "1" were each found once in it."""
    from engine.core.commands import Value, match_text

    ships = [Value("1", "Ship 1 leaves Liverpool", Go(side="left")),
             Value("2", "Ship 2 leaves Bombay", Go(side="right"))]
    assert match_text("1, 1", ships) == []
    assert match_text("liverpool 1", ships) == ships[:1]
    assert match_text("ship ship", ships) == []
    assert match_text("2 leaves", ships) == ships[1:]
    # a label's parts typed with its punctuation left out or changed still name it
    city = [Value("athens", "Athens city: +2 VP", Go(side="left"))]
    assert match_text("athens: +2 VP", city) == city
    assert match_text("athens;2", city) == city
