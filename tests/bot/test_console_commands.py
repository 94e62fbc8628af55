"""A game's own commands at the local table (``/empires sail ...``), read as Discord reads them
(both go through bot.commands and the engine's command tables)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.core import get
from tests.bot.test_console import play

EMPIRES = ("/game new empires seed=1\n/game join Ben\n/game start\n"
           "/move Discard Coastal Batteries for 3 Gold\n")  # Ben's transport britain2 may sail
SHIPS = "/game new ships seed=3\n/game join Ben\n/game start\n"


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
    assert "Sail the Transport at Port Royal to L5" in text
    assert "Round 1 of 15, move 1." in text  # the round the board shows, not a count of turns
    # an option the command does not have is refused, naming the ones it has: no ship sails
    assert answers(text, "/empires sail to=10,21") == [
        "/empires sail has no option 'to'; its options: ship, direction, distance, turn."]
    # options left out are asked for, not guessed: the moves that fit, numbered
    asked = answers(text, "/empires sail")
    assert asked[0].startswith("/empires sail: fill in direction")
    assert len([x for x in asked if re.match(r"  \d+\. ", x)]) == 4
    asked = answers(text, "/empires sail ship=britain2 direction=west")
    assert asked[0].startswith("/empires sail: fill in distance")
    assert len([x for x in asked if re.match(r"  \d+\. ", x)]) == 3
    # a value no legal move has is refused with the engine's reason
    assert "at most 3 cells this round" in " ".join(
        answers(text, "/empires sail ship=britain2 direction=west distance=9"))
    assert text.count("Round 1 of 15, move 1.") == 4  # nothing moved until the full move was typed
    # the move typed is the move played: two cells west of L7
    assert answers(text, "/empires sail ship=britain2 direction=west distance=2") == [
        "Ben's Transport at Port Royal sails to L5 near Havana."]
    assert "Round 1 of 15, move 2." in text


async def test_a_choice_left_out_is_listed_and_its_number_plays_it(tmp_path: Path) -> None:
    text = await play(tmp_path, SHIPS + "/ships place age=1 box=merchant where=miletus "
                      "pay=merchant\n/game status\n2\n/game status\n")
    asked = answers(text, "/ships place age=1 box=merchant where=miletus pay=merchant")
    assert asked[0] == ("/ships place: where 'miletus' fits more than one move; pick the "
                        "whole move below.")
    assert [x.split(": ", 1)[1] for x in asked[1:3]] == [
        "Miletus: oil in Area 2 (next area); pay with a merchant cube",
        "Miletus: wine in Area 2 (next area); pay with a merchant cube"]
    assert "Round 1, move 0." in text  # asked, not assumed
    assert "took 1 wine in Miletus" in " ".join(answers(text, "2"))
    assert "Round 1, move 1." in text


async def test_typed_values_are_any_part_of_a_label_in_any_case(tmp_path: Path) -> None:
    text = await play(tmp_path, SHIPS + '/ships place age=1 box=merchant where="TYRE CLOTH" '
                      "pay=merchant\n")
    assert "took 1 cloth in Tyre" in text


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
        "There is no port called 'nowhere' on this side of the board."]
    assert answers(trader, "/trader roll depart=9") == ["You have no ship 9."]
    assert answers(trader, "/trader buy ship=7 goods=coal") == ["You have no ship 7."]
    assert "Round 1 of 15, move 1." in empires and "Round 1 of 30, move 0." in trader  # no change


async def test_help_on_a_command_prints_that_commands_help(tmp_path: Path) -> None:
    text = await play(tmp_path, "/ships help place\n/trader help buy\n/empires help sail\n"
                      "/ships help\n/ships help fly\n")
    place = answers(text, "/ships help place")
    assert place[0] == "Place ship" and "**" not in " ".join(place)
    assert any(line.startswith("Cost:") for line in place)
    assert place[-1].startswith("Use /ships place age box where pay")
    assert answers(text, "/trader help buy")[0] == "Buy cargo"
    assert answers(text, "/empires help sail")[0] == "Sail"
    assert "commands:" not in text  # not the command list
    listing = answers(text, "/ships help")
    assert listing[0].startswith("/ships:") and "place: Place ship" in listing
    assert answers(text, "/ships help fly")[0].startswith("There is no help on 'fly'")


async def test_a_game_is_named_by_its_id_its_name_or_its_group(tmp_path: Path) -> None:
    text = await play(tmp_path, "/rules trader\n/rules Ocean Trader\n/rules ocean_trader\n"
                      "/rules /empires\n/game new trader seed=1\n")
    for line in ("/rules trader", "/rules Ocean Trader", "/rules ocean_trader"):
        assert answers(text, line)[0] == "Ocean Trader (2-6 players)"
    empires = answers(text, "/rules /empires")
    assert empires[0] == "Empires at Sea (2-5 players)"
    # as Discord's /rules: the bots, then how the rulebook is read, each ruling with its passage
    assert "• strong: looks ahead, trying moves on guesses of what it cannot see (the " \
        "default)" in empires
    assert "How Portolan reads the Empires at Sea rulebook (the passage each ruling reads is " \
        "quoted below it)" in empires
    assert sum(line.startswith("    ") for line in empires) == len(get("empires").rulings())
    assert answers(text, "/game new trader seed=1") == [
        "A game of Ocean Trader is open. Add players with /game join or /game addbot, then "
        "/game start."]


async def test_abort_asks_for_yes_first(tmp_path: Path) -> None:
    text = await play(tmp_path, SHIPS + "/game abort\nno\n/game status\n/game abort\n"
                      "/game status\nyes\n/game abort\nyes\n/game status\n")
    assert answers(text, "/game abort")[0].startswith("This ends the game for everyone")
    assert answers(text, "no") == ["The game goes on."]
    second = text.split("> /game abort\n")[2]  # any other line keeps the game, and runs
    assert answers(second, "/game status")[:2] == ["The game goes on.",
                                                    "Ships, active. Players: Ben, Player 1."]
    assert answers(text, "yes") == ["Unknown command 'yes'; /help lists the commands."]
    assert answers(text.split("> /game abort\n")[3], "yes") == ["The game was aborted."]
    assert text.rstrip().endswith("No game in this channel. Start one with /game new.")


async def test_my_view_lists_every_move_by_command_and_writes_my_board(tmp_path: Path) -> None:
    text = await play(tmp_path, SHIPS + "/me\n/game view\n")
    mine = answers(text, "/me")
    moves = [x for x in mine if x.startswith("  - ")]
    assert len(moves) > 25  # every one, not the first 25
    heads = [x for x in mine if x.startswith("/ships ")]
    assert heads[:2] == ["/ships place:", "/ships card:"] and "/ships end:" in heads
    view = answers(text, "/game view")
    assert view[:len(mine)] == mine
    [board] = [x for x in view if x.startswith("[your board] ")]
    path = Path(board.removeprefix("[your board] "))
    assert path.name == "match1-v0000-seat-ben.png" and path.read_bytes()[:4] == b"\x89PNG"


async def test_a_word_in_a_cards_name_beats_one_in_its_text(tmp_path: Path) -> None:
    """Docks, Greek Empire and Vikings! speak of gold in their text; Gold 2 is named so."""
    text = await play(tmp_path, SHIPS + "/ships card card=gold pay=merchant\n")
    assert answers(text, "/ships card card=gold pay=merchant")[0] == \
        "Ben took Gold 2; no more cards this turn."


async def test_a_value_no_move_has_is_answered_with_what_it_can_be(tmp_path: Path) -> None:
    text = await play(tmp_path, SHIPS + "/ships place where=london\n")
    [answer] = answers(text, "/ships place where=london")
    assert answer.startswith("Cubes and discs go to Area 2 now, not Area 4 (London). Options "
                             "for where now: Tyre: food (Area 2); Tyre: cloth (Area 2);")
    assert "pick it from the list" not in answer


async def test_values_with_spaces_need_no_quotes(tmp_path: Path) -> None:
    text = await play(tmp_path, SHIPS + "/ships place age=1 box=merchant where=tyre cloth "
                      "pay=merchant\n")
    assert "took 1 cloth in Tyre" in text


async def test_a_decision_left_by_move_is_shown_and_decide_n_works_in_a_later_session(
        tmp_path: Path) -> None:
    opening = "/game new ships seed=1\n/game join Ben\n/game start\n/move 1\n/move 1\n/move 1\n"
    text = await play(tmp_path, opening)
    took = answers(text, "/move 1")  # the first
    assert took[0].startswith("Player 1 placed a ship")
    docks = text.split("> /move 1\n")[3].split("\n> ", 1)[0].splitlines()
    assert docks[:3] == ["Player 1 took Docks; no more cards this turn.",
                         "A decision is waiting for you:",
                         "  1. Sell 1 food for 2 gold and 1 VP (card)"]
    # a new session on the same database: no list printed yet, and decide 3 still works
    later = await play(tmp_path, "/ships place\n/ships decide 3\n")
    assert answers(later, "/ships place") == [
        "First carry out (or give up) the Docks card you took: it sells goods.",
        "A decision is waiting for you first: /ships decide lists it (or /ships sell, "
        "/ships skip)."]
    assert "Player 1 sold 1 cloth for" in " ".join(answers(later, "/ships decide 3"))
    typed = await play(tmp_path / "again", opening + "/ships decide give up\n")
    assert answers(typed, "/ships decide give up") == ["Player 1 gave up the card."]


async def test_the_start_says_who_moves_first(tmp_path: Path) -> None:
    """Ocean Trader's opening throw and Empires' drawn start player decide who starts, not the
    seat order: the start line names who does."""
    for game in ("ocean_trader", "empires", "ships"):
        text = await play(tmp_path / game, f"/game new {game} seed=2\n/game join Ben\n"
                          "/game start\n")
        [begins] = [x for x in text.splitlines() if " begins. " in x]
        first = begins.split("First to move: ", 1)[1].rstrip(".")
        assert f"-> {first}: your move." in text, (game, text)
