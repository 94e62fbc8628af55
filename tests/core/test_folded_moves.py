"""The list of every move, on a table of its own: past FOLD_OVER moves, a command with a fold
lists its near-alike moves on shared lines; a move the fold leaves out (or gives twice) is
listed once on its own, and a command without a fold lists every move as before."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Literal

from engine.core import Action
from engine.core.commands import FOLD_OVER, Command, CommandTable, Folded, grouped_moves


class Row(Action):
    type: Literal["row"] = "row"
    boat: int
    oars: int


class Rest(Action):
    type: Literal["rest"] = "rest"


def by_boat(labelled: Sequence[tuple[Row, str]]) -> list[Folded]:
    """A line a boat, however many oars; boat 0's moves left out, boat 1's given twice."""
    boats: dict[int, list[int]] = {}
    for index, (action, _) in enumerate(labelled):
        if action.boat:
            boats.setdefault(action.boat, []).append(index)
    rows = [Folded(f"boat {boat} with any oars", tuple(moves)) for boat, moves in boats.items()]
    return rows + [Folded("boat 1 again", tuple(boats.get(1, ())))]


ROW: Command[Row, Any] = Command("row", "Row a boat", (Row,), fold=by_boat)
TABLE: CommandTable[Any] = CommandTable(
    group="test", description="a table for tests", nothing_to_decide="Nothing.",
    commands=(ROW, Command("rest", "Rest", (Rest,))))
PLAIN = dataclasses.replace(TABLE, commands=(dataclasses.replace(ROW, fold=None),
                                             TABLE.commands[1]))


def moves(boats: int, oars: int) -> list[tuple[Action, str]]:
    rows: list[tuple[Action, str]] = [(Row(boat=b, oars=o), f"boat {b}, {o} oars")
                                      for b in range(boats) for o in range(oars)]
    return [*rows, (Rest(), "Rest")]


def test_a_long_list_shares_lines_and_says_how_many_moves_a_command_has() -> None:
    listed = moves(3, 20)
    assert len(listed) > FOLD_OVER
    lines = grouped_moves(TABLE, listed)
    assert lines == ["/test row (60 moves):",
                     *(f"  - boat 0, {o} oars" for o in range(20)),  # left out: alone
                     "  - boat 1 with any oars",  # once, though given twice
                     "  - boat 2 with any oars",
                     "/test rest:", "  - Rest"]


def test_numbered_moves_on_their_own_line_show_their_place() -> None:
    lines = grouped_moves(TABLE, moves(3, 20), numbered=True)
    assert lines[1:3] == ["  1. boat 0, 0 oars", "  2. boat 0, 1 oars"]
    assert lines[-1] == "  61. Rest"
    assert "  - boat 1 with any oars" in lines


def test_a_short_list_or_a_table_without_folds_lists_every_move() -> None:
    short = moves(2, FOLD_OVER // 2 - 1)
    assert len(short) <= FOLD_OVER
    every = ["/test row:", *(f"  - {label}" for _, label in short[:-1]), "/test rest:",
             "  - Rest"]
    assert grouped_moves(TABLE, short) == every
    long = moves(3, 20)
    assert grouped_moves(PLAIN, long) == ["/test row:", *(f"  - {label}" for _, label in
                                                          long[:-1]), "/test rest:", "  - Rest"]
