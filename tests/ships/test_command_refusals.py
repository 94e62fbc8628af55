"""/ships commands that no legal move fits are refused with the game's own reason, something the
player can act on, never a bare "You have no /ships place move now"; a refusal changes nothing.

Each answer is what the command table gives a player: its problem, or the engine's reason for
the move the options describe."""

from __future__ import annotations

import pytest

from engine.core import Accepted, Rejection, step
from engine.core.commands import resolve
from engine.ships import GAME
from engine.ships.commands import table
from engine.ships.economy import bank_space
from engine.ships.explain import GENERIC
from engine.ships.rules import gold_cost
from engine.ships.state import ActionBox, ShipsState

from .helpers import give_goods, play, position, put_cube, put_disc, put_ships, snapshot
from .test_commands import sampled


def answer(state: ShipsState, seat: int, command: str, **typed: object) -> str:
    """What ``/ships command`` with ``typed`` answers ``seat``; it must be a refusal, with a
    reason, that leaves the state as it was."""
    before = snapshot(state)
    found = resolve(table(), command, typed, GAME.legal_actions(state, seat),
                    GAME.view(state, seat))
    assert found.action is None and found.asking is None, found
    if found.problem is not None:
        message = found.problem
    else:
        assert found.refused is not None
        copy = state.model_copy(deep=True)
        result = step(GAME, copy, seat, found.refused, state.version)
        assert isinstance(result, Rejection), result
        assert snapshot(copy) == before
        message = result.message
    assert snapshot(state) == before
    assert "move now" not in message and GENERIC not in message, message
    return message


# --- nothing to place, sell or pay with -----------------------------------------------------------
def test_place_without_a_cube_in_stock_or_a_food() -> None:
    state = position()
    state.players[0].stock_cubes = 0
    assert answer(state, 0, "place") == (
        "You have no merchant cube in your available stock (retrieve some first), and no food "
        "in your warehouse to pay for a warship (a warship box costs one food).")
    give_goods(state, 0, food=1)  # the warship box is open: the merchant box is not
    assert answer(state, 0, "place", box="merchant").startswith(
        "You have no merchant cube in your available stock (retrieve some first). Options for "
        "box now: warship box")


def test_a_space_with_a_good_is_named_for_what_stops_it() -> None:
    # North America: food exists; before Area 5 is open the cube cannot go there (it used to
    # say there was no such space), and once it is open, only a cube to place is missing.
    state = position()
    typed = {"age": "1", "box": "merchant", "where": "north america: food", "pay": "merchant"}
    assert answer(state, 0, "place", **typed) == \
        "Cubes and discs go to Area 2 now, not Area 5 (North America: food)."
    state.area = 5
    state.players[0].stock_cubes = 0
    said = ("You have no merchant cube in your available stock to place in North America: food "
            "(retrieve some first).")
    assert answer(state, 0, "place", **typed) == said
    assert answer(state, 0, "place", where="North America: food") == said
    give_goods(state, 0, food=1)  # city spaces are open to a warship: they are the options
    assert answer(state, 0, "place", where="north america: food").startswith(
        said + " Options for where now: North America city: +2 merchant cubes (Area 5);")


def test_a_warship_without_food_is_refused_for_the_food_whatever_place_is_named() -> None:
    # Knossos has two trade boxes and a city space: the warship's missing food is the reason
    # (it used to say that Knossos: oil is a trade box, which no other name would mend)
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 2
    said = "You have no food in your warehouse to pay for a warship (a warship box costs one food)."
    for where in ("knossos", "Knossos: oil", "knossos city"):
        assert answer(state, 0, "place", age="1", box="warship", where=where,
                      pay="merchant") == said, where


def test_a_space_in_an_area_not_yet_open_says_what_opening_it_needs() -> None:
    state = position()
    state.area = 4
    put_cube(state, "london.t0", 1)
    assert answer(state, 0, "place", where="north america: food").startswith(
        "Placing in North America: food opens Area 5: you need 10 navigation counters; you "
        "have 0 (and 0 metal to exchange).")


def test_a_location_named_whose_spaces_are_all_taken_says_so() -> None:
    """Place Ship: "You must choose one empty trade box in the present area" and "You choose
    one empty city space". A location named (where=china) whose trade boxes are all taken says
    so, with what the city spaces lack, where it said only that no move has where 'china'."""
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 6
    for space in ("china.t0", "china.t1", "china.t2"):
        put_cube(state, space, 1)
    assert answer(state, 0, "place", where="china").startswith(
        "You have no food in your warehouse to pay for a warship (a warship box costs one "
        "food), and every trade box of China is taken.")
    put_disc(state, "china.c0", 1)
    put_disc(state, "china.c1", 1)
    assert answer(state, 0, "place", where="china").startswith(
        "Every trade box and every city space of China is taken.")


def test_the_rest_of_the_world_named_before_it_is_open_says_what_opening_it_needs() -> None:
    """Placing Your Merchant Cube or City Disc in the Next Area: "There is a box at the border
    between each area which indicates the number of navigation counters required to place in
    that area." Naming the Rest of the World before Area 7 is open says what it needs."""
    state = position()
    put_ships(state, 1, merchant=[1])
    state.area = 6
    assert answer(state, 0, "place", where="rest of the world").startswith(
        "Placing in the Rest of the World opens Area 7: you need 14 navigation counters; you "
        "have 0 (and 0 metal to exchange).")


def test_sell_with_nothing_to_sell() -> None:
    state = position()
    assert answer(state, 0, "sell") == "You have no goods in your warehouse to sell."
    assert answer(state, 0, "sell", goods="food") == "You have no food to sell."
    give_goods(state, 0, cloth=1)
    assert answer(state, 0, "sell", goods="food") == \
        "You have no food to sell. Options for goods now: 1 cloth for 4 gold."
    assert answer(state, 0, "sell", goods="food", pay="merchant") == "You have no food to sell."
    assert answer(state, 0, "sell", goods="silk", pay="merchant") == \
        "There is no good 'silk'; the goods are food, oil, metal, wine and cloth."


def test_gold_with_a_full_bank_and_navigation_without_money() -> None:
    state = position()
    player = state.players[0]
    player.gold += bank_space(player)
    assert answer(state, 0, "gold") == \
        "Your bank is full: take a city disc from it first, or spend some gold."
    state = position(merchant=0, free=1)
    cost = gold_cost("take_navigation", "free")
    assert cost > 0
    assert answer(state, 0, "navigation") == (
        f"That costs {cost} gold when you pay with a free action cube; you have 0 (and 0 wine "
        "to exchange).")


def test_no_action_cube_left() -> None:
    state = position(merchant=0)
    assert answer(state, 0, "navigation") == (
        "You have no merchant cube left in your Action cubes section and no free action cube, "
        "and no oil to exchange for one: end your turn.")
    assert answer(state, 0, "gold", pay="merchant") == (
        "You have no merchant cube left in your Action cubes section; pay with a free action "
        "cube (or oil) instead.")


def test_no_ship_counter_of_the_era_left() -> None:
    state = position()
    state.players[0].ships["galley"] = 0
    assert answer(state, 0, "place") == "You have no galley ship counters left."


def test_no_ship_to_remove_upgrade_or_cube_to_retrieve() -> None:
    state = position()
    assert answer(state, 0, "remove") == "You have no ship on the Ship Age track to remove."
    assert answer(state, 0, "upgrade") == "You have no ship on the Ship Age track to move up."
    assert answer(state, 0, "retrieve") == \
        "You have no merchant cube in your action boxes or on the board to bring back."
    state.players[0].boxes = {"sell_goods": ActionBox(merchant=1)}
    state.players[0].stock_cubes -= 1
    assert answer(state, 0, "retrieve", **{"from": "2"}).startswith(
        "You have no cube in Area 2 to retrieve. Options for from now: everything in your "
        "action boxes")


def test_upgrade_into_an_age_not_open() -> None:
    state = position()
    put_ships(state, 1, merchant=[0])
    assert answer(state, 0, "upgrade") == (
        "Moving any of your ships up opens a new age, which needs at least 2 navigation "
        "counters; you have 0 (and 0 metal to exchange).")


# --- an action already used, a decision waiting, another player's turn ---------------------------
def test_a_second_card_in_one_turn() -> None:
    state = position()
    state.display = ["currency", "docks"]
    state = play(state, 0, "take_card", pay="merchant", card="currency")
    assert answer(state, 0, "card") == \
        "You can take only one card a turn, and you have taken one this turn."


@pytest.mark.parametrize(("era", "said"), [
    ("galley", "No card is left on display; 12 cards of the Sailing Ship era come out when the "
               "first ship goes into Age 5."),
    ("sailing", "No card is left on display; 12 cards of the Steamship era come out when the "
                "first ship goes into Age 9."),
    ("steam", "No card is left on display, and none come out again: the Steamship era is the "
              "last."),
])
def test_an_empty_display_says_when_cards_come_out_again(era: str, said: str) -> None:
    """An Explanation of the Cards: "as soon as a player places a ship in the Steamship era any
    cards left on display are removed. The Steamship era cards should then be shuffled and
    twelve drawn": the last deal. An empty display in the Steamship era says no more cards
    come, where it said twelve more come out when the next era begins."""
    state = position()
    state.era = era
    state.display = []
    assert answer(state, 0, "card") == said


def _docks() -> ShipsState:
    state = position()
    state.display = ["docks"]
    give_goods(state, 0, food=1)
    return play(state, 0, "take_card", pay="merchant", card="docks")


@pytest.mark.parametrize("command", ["place", "card", "gold", "end"])
def test_a_command_while_a_card_waits(command: str) -> None:
    state = _docks()
    assert answer(state, 0, command) == \
        "First carry out (or give up) the Docks card you took: it sells goods."


def test_a_command_while_another_player_decides() -> None:
    state = _docks()
    assert answer(state, 1, "place") == "Waiting for {s0} to carry out (or give up) the Docks card."


def test_a_command_out_of_turn() -> None:
    state = position()
    assert answer(state, 1, "place") == "It is {s0}'s turn, not yours."
    assert answer(state, 1, "sell") == "It is {s0}'s turn, not yours."


def test_a_full_warehouse_comes_first_and_only_goods_held_go_back() -> None:
    state = position()
    give_goods(state, 0, wine=2, cloth=1)
    state = play(state, 0, "place_ship", age=1, box="merchant", spaces=["miletus.t0"],
                 pay="merchant")
    assert state.pending and state.pending[0].kind == "discard"
    assert answer(state, 0, "sell") == \
        "First return goods until the rest fit in your warehouse."
    assert answer(state, 0, "return", good="food") == \
        "You have no food to return; you hold 1 cloth, 1 oil and 2 wine."
    assert answer(state, 1, "gold") == \
        "Waiting for {s0} to return goods until the rest fit in their warehouse."


@pytest.mark.parametrize(("command", "typed", "said"), [
    ("return", {}, "Nothing asks you to return a good now: that happens only when your "
                   "warehouse overflows, or when another player takes Pirates."),
    ("return", {"good": "food"}, "Nothing asks you to return a good now"),
    ("choose", {}, "No card is giving you goods of your choice now."),
    ("convert", {"good": "cloth"}, "No card is letting you turn wine into other goods now."),
    ("skip", {}, "You have no card action to give up: that is only for a card you have just "
                 "taken."),
    ("remove-ships", {}, "Only a card you have just taken (Lighthouse or Sea Clocks) takes "
                         "several of your ships off one age; Remove One Ship takes one."),
])
def test_a_decision_nothing_asks_for(command: str, typed: dict[str, str], said: str) -> None:
    assert answer(position(), 0, command, **typed).startswith(said)


def test_a_game_over() -> None:
    state = position()
    state.finished = True
    assert answer(state, 0, "place") == "This game is over."


# --- whole moves the engine refuses for their own reason -----------------------------------------
@pytest.mark.parametrize(("typed", "said"), [
    ({"box": "merchant", "where": "rest of the world: oil"},
     "The Rest of the World's merchant box gives food, metal, wine or cloth, never oil."),
    ({"box": "warship", "where": "miletus: oil", "disc": "warehouse"},
     "Miletus: oil is a trade box: a warship places a city disc in a city space."),
    ({"box": "merchant", "where": "atlantis"}, "There is no space 'atlantis' on the board."),
])
def test_a_whole_placement_is_refused_for_its_reason(typed: dict[str, str], said: str) -> None:
    state = position()
    state.area = 7
    give_goods(state, 0, food=1)
    assert answer(state, 0, "place", age="1", pay="merchant", **typed) == said


def test_a_space_name_that_fits_several_spaces_is_asked_back() -> None:
    state = position()
    state.area = 4
    put_cube(state, "london.t0", 1)
    found = resolve(table(), "place", {"age": "1", "box": "merchant", "where": "amsterdam",
                                       "pay": "merchant"},
                    GAME.legal_actions(state, 0), GAME.view(state, 0))
    assert found.asking == "where"  # both Amsterdam boxes are open: which one is asked
    state.area = 2
    said = answer(state, 0, "place", age="1", box="merchant", where="amsterdam", pay="merchant")
    assert said.startswith("'amsterdam' names several spaces (Amsterdam: cloth; Amsterdam: "
                           "food; Amsterdam city: +3 gold)")


# --- every state of a few games -------------------------------------------------------------------
def test_no_command_is_refused_without_a_reason() -> None:
    """In every sampled state, for every seat, a command with nothing typed either has a move,
    or says why it has none (the engine's reason for the one move a command without options
    plays)."""
    for state, _ in sampled():
        for seat in range(state.seats):
            moves = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            for command in table().commands:
                if any(command.takes(a) for a in moves):
                    continue
                found = resolve(table(), command.name, {}, moves, view)
                if found.refused is not None:
                    result = step(GAME, state, seat, found.refused, state.version)
                    assert not isinstance(result, Accepted)
                    assert GENERIC not in result.message, (command.name, result.message)
                    continue
                assert found.problem and "move now" not in found.problem, (command.name, seat)


def test_an_option_the_open_moves_do_not_take_is_named_so() -> None:
    """A card's retrieval pays nothing, so ``wine`` means nothing to it: the answer says to leave
    the option out (in the game's words where it has them), never "It can be: ." with nothing
    listed."""
    seen = 0
    for state, seat in sampled():
        moves = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        for command, option in (("retrieve", "wine"), ("place", "disc"), ("upgrade", "disc")):
            takes = [a for a in moves if table().command(command).takes(a)]
            if not takes or any(table().command(command).option(option).value(a, view)
                                is not None for a in takes):
                continue
            found = resolve(table(), command, {option: "1"}, moves, view)
            assert found.problem and "leave" in found.problem and "It can be" not in \
                found.problem, found
            seen += 1
    assert seen > 0
