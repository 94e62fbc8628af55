"""A game's own commands at the local table (``/empires sail ...``), read as Discord reads them."""

from __future__ import annotations

from pathlib import Path

from tests.bot.test_console import play

EMPIRES = ("/game new empires seed=1\n/game join Ben\n/game start\n"
           "/move Discard Coastal Batteries for 3 Gold\n")  # Ben's transport britain2 may sail


def answers(text: str, line: str) -> list[str]:
    """What the table answered to the command ``line``, up to the next command."""
    after = text.split(f"> {line}\n", 1)[1]
    return after.split("\n> ", 1)[0].splitlines()


async def test_a_typed_move_is_played_exactly_or_refused_and_nothing_changes(
        tmp_path: Path) -> None:
    text = await play(tmp_path, EMPIRES + "/move\n/game status\n"
                      "/empires sail to=10,21\n/game status\n"
                      "/empires sail\n/empires sail ship=britain2 direction=west\n/game status\n"
                      "/empires sail ship=britain2 direction=west distance=9\n/game status\n"
                      "/empires sail ship=britain2 direction=west distance=2\n/game status\n")
    assert "Sail britain2 to [4, 11]" in text and "Turn 2, move 1." in text
    # an option the command does not have is refused, naming the ones it has: no ship sails
    assert answers(text, "/empires sail to=10,21") == [
        "/empires sail has no option 'to'; its options are ship, direction, distance, turn."]
    # options left out are asked for, not guessed
    assert answers(text, "/empires sail") == ["Say also direction=..., one of: east, west"]
    assert answers(text, "/empires sail ship=britain2 direction=west") == [
        "Say also distance=..., one of: 1, 2, 3"]
    # a value no legal move has is refused with the engine's reason
    assert "at most 3 cells this round" in " ".join(
        answers(text, "/empires sail ship=britain2 direction=west distance=9"))
    assert text.count("Turn 2, move 1.") == 4  # nothing moved until the full move was typed
    # the move typed is the move played: two cells west of [6, 11]
    assert answers(text, "/empires sail ship=britain2 direction=west distance=2") == [
        "Ben's Transport (britain2) sails to [4, 11]."]
    assert "Turn 2, move 2." in text


async def test_trader_and_empires_refusals_say_why(tmp_path: Path) -> None:
    empires = await play(tmp_path / "e", EMPIRES + "/empires sail ship=britain2 direction=up "
                         "distance=2\n/empires trade port=nowhere give=wood\n/game status\n")
    trader = await play(tmp_path / "t", "/game new ocean_trader seed=1\n/game join Ben\n"
                        "/game start\n/trader roll depart=9\n/trader buy ship=7 goods=coal\n"
                        "/game status\n")
    for text in (empires, trader):
        assert "None of your legal moves matches that" not in text
    # the reasons the Discord commands give
    assert answers(empires, "/empires sail ship=britain2 direction=up distance=2") == [
        "The direction is north, east, south or west, not 'up'."]
    assert answers(empires, "/empires trade port=nowhere give=wood") == [
        "There is no port 'nowhere' on this map."]
    assert answers(trader, "/trader roll depart=9") == ["You have no ship 9."]
    assert answers(trader, "/trader buy ship=7 goods=coal") == ["You have no ship 7."]
    assert "Turn 2, move 1." in empires and "Turn 1, move 0." in trader  # nothing changed


async def test_help_on_a_command_prints_that_commands_help(tmp_path: Path) -> None:
    text = await play(tmp_path, "/ships help place\n/trader help buy\n/empires help sail\n"
                      "/ships help\n/ships help fly\n")
    place = answers(text, "/ships help place")
    assert place[0] == "Place ship" and "Cost:" in place[-1] and "**" not in " ".join(place)
    assert answers(text, "/trader help buy")[0] == "Buy cargo"
    assert answers(text, "/empires help sail")[0] == "Sail"
    assert "commands:" not in text  # not the command list
    assert answers(text, "/ships help")[0].startswith("/ships help TOPIC explains one of: place")
    assert answers(text, "/ships help fly")[0].startswith("There is no help on 'fly'")
