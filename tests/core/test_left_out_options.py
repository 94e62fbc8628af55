"""An option left out that the moves still differ in, on a table of its own: a table that asks
for it with its values answers with them alone; any other table asks with the moves that fit,
as before."""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

from engine.core import Action
from engine.core.commands import Command, CommandTable, Option, resolve


class Sail(Action):
    type: Literal["sail"] = "sail"
    ship: str
    port: str
    far: str | None = None  # only the galley may go far


def _ship(action: Sail, view: Any) -> str:
    return action.ship


def _port(action: Sail, view: Any) -> str:
    return action.port


def _far(action: Sail, view: Any) -> str | None:
    return action.far


ASKING: CommandTable[Any] = CommandTable(
    group="test", description="a table for tests", nothing_to_decide="Nothing.",
    commands=(Command("sail", "Sail a ship to a port", (Sail,), (
        Option("ship", "Which ship", _ship, lambda a, v: f"the {a.ship}"),
        Option("port", "Which port", _port, lambda a, v: f"port {a.port}"),
        Option("far", "How far (the galley only)", _far, required=False)),),))
VALUES = dataclasses.replace(ASKING, values_for_left_out=True)
# two ships, each to any of three ports: six moves for two ships
MOVES = [Sail(ship=ship, port=port) for ship in ("cog", "hulk") for port in "abc"]


def test_a_left_out_option_is_answered_with_its_values() -> None:
    found = resolve(VALUES, "sail", {}, MOVES, None)
    assert found.problem == "/test sail: fill in ship. Choose from: the cog; the hulk.", found
    assert found.asking is None and found.action is None and not found.fitting


def test_a_long_list_of_values_says_how_many_more() -> None:
    ports = [Sail(ship="cog", port=f"{n}", far=far) for n in range(12) for far in ("1", "2")]
    found = resolve(VALUES, "sail", {"ship": "cog"}, ports, None)
    assert found.problem == ("/test sail: fill in port. Choose from: port 0; port 1; port 2; "
                             "port 3; port 4; port 5; port 6; port 7 (and 4 more)."), found


def test_as_many_moves_as_values_are_still_asked_with_the_moves() -> None:
    # a move a value: the menu of moves is the list of values, and a click plays one
    found = resolve(VALUES, "sail", {"ship": "cog"}, MOVES, None)
    assert found.asking == "port" and len(found.fitting) == 3, found


def test_moves_without_the_option_are_still_asked_with_the_moves() -> None:
    # a move that has no far at all cannot be named by a value of far: the menu offers it
    moves = [Sail(ship="galley", port="a"), Sail(ship="galley", port="a", far="1"),
             Sail(ship="galley", port="a", far="2")]
    found = resolve(VALUES, "sail", {"ship": "galley", "port": "a"}, moves, None)
    assert found.asking == "far" and len(found.fitting) == 3, found


def test_other_tables_ask_with_every_move_that_fits() -> None:
    found = resolve(ASKING, "sail", {}, MOVES, None)
    assert found.asking == "ship" and found.problem is None
    assert [v.label for v in found.values] == ["the cog", "the hulk"]
    assert list(found.fitting) == MOVES
