"""The local table's ``/move`` list: one move a line while it is short, and late in a Ships game
grouped as "My view" groups it, the moves on lines of their own keeping their numbers."""

from __future__ import annotations

import re

from bot.console import move_lines
from engine.ships import GAME
from engine.ships.commands import table
from tests.ships.test_move_list import _labelled, late


def test_a_short_list_is_numbered_one_move_a_line() -> None:
    labelled = _labelled(GAME.setup({}, 2, 3))
    lines = move_lines(table(), labelled)
    assert lines == [f"  {n}. {label}" for n, (_, label) in enumerate(labelled, 1)]


def test_a_late_list_is_grouped_and_its_numbers_still_pick_the_same_moves() -> None:
    labelled = _labelled(late())
    assert len(labelled) == 460
    lines = move_lines(table(), labelled)
    assert len(lines) <= 30, lines  # where it printed 460 lines
    assert "/ships retrieve (254 moves):" in lines
    numbered = [m for m in (re.match(r"  (\d+)\. (.*)", line) for line in lines) if m]
    assert numbered  # the moves alone on their lines, e.g. ending the turn
    for m in numbered:
        assert labelled[int(m.group(1)) - 1][1] == m.group(2)


def test_without_a_game_the_list_is_numbered() -> None:
    labelled = _labelled(late())[:3]
    assert move_lines(None, labelled) == [f"  {n}. {label}"
                                          for n, (_, label) in enumerate(labelled, 1)]
