"""The /ships command table: every legal move comes back from its options, labels are named for
people, a choice left out is asked for, and the help is complete."""

from __future__ import annotations

import functools
import re

import pytest

from engine.core import Action, Rejection
from engine.core.commands import check_round_trip, resolve, suggest, values_of
from engine.ships import GAME
from engine.ships import actions as A
from engine.ships.board import board
from engine.ships.commands import table
from engine.ships.content import ships_content
from engine.ships.state import ActionBox, ShipsState
from tests.contract.playout import play as playout

from .helpers import (
    give_gold,
    give_goods,
    give_industry,
    give_navigation,
    play,
    position,
    put_cube,
    put_ships,
    snapshot,
)

# a few games of every size; decisions (cards, full warehouses) are rare, so every state that
# has one is checked, and every STRIDE-th other state (the check is quadratic in the moves)
GAMES = ((2, 1), (3, 2), (4, 3))
STRIDE = 12
ID = re.compile(r"^(?:[a-z0-9]+(?:[._][a-z0-9]+)+|\d+)$")


@functools.cache
def sampled() -> tuple[tuple[ShipsState, int], ...]:
    found: list[tuple[ShipsState, int]] = []
    for seats, seed in GAMES:
        for index, state in enumerate(playout(GAME, seats, seed).states):
            assert isinstance(state, ShipsState)
            for seat in sorted(GAME.actors(state)):
                if state.pending or index % STRIDE == 0:
                    found.append((state, seat))
    return tuple(found)


def _moves(state: ShipsState, seat: int) -> list[Action]:
    return GAME.legal_actions(state, seat)


def content_ids() -> set[str]:
    """The content's ids that look like ids (a word alone, such as ``oil``, is also a name)."""
    c = ships_content()
    ids = set(board().trade) | set(board().cities)
    ids |= {loc.id for area in c.areas.areas for loc in area.locations}
    ids |= {card.id for card in c.cards.cards}
    return {i for i in ids if ID.match(i)}


def test_every_legal_move_comes_back_from_its_options() -> None:
    seen: set[str] = set()
    for state, seat in sampled():
        moves = _moves(state, seat)
        seen |= {a.type for a in moves}
        problems = check_round_trip(table(), moves, GAME.view(state, seat))
        assert not problems, problems[:5]
    assert {"place_ship", "upgrade_ship", "retrieve", "end_turn"} <= seen


def _factories(single: bool = False) -> ShipsState:
    state = position(stock_free=1)
    state.era = "sailing"
    state.display = ["factories"]
    state.players[0].bank_discs = 0
    state.area = 3
    for space in ("tyre.t0", "tyre.t1", "athens.t1"):
        put_cube(state, space, 0)
    state.rest_merchant[0] = 2
    state.players[0].boxes = {"sell_goods": ActionBox(merchant=2)}
    state.players[0].stock_cubes -= 4
    state = play(state, 0, "take_card", pay="merchant", card="factories")
    if single:
        state = play(state, 0, "retrieve_cube", space="tyre.t0")
    return state


def _hanseatic() -> ShipsState:
    state = position(stock_free=1)
    state.era = "sailing"
    state.display = ["hanseatic_league"]
    give_goods(state, 0, wine=2)
    return play(state, 0, "take_card", pay="merchant", card="hanseatic_league")


def _partial() -> ShipsState:
    state = position()
    state.area = 7
    for space in ("tyre.t0", "tyre.t1", "miletus.t0"):
        put_cube(state, space, 0)
    state.rest_merchant[0] = 3
    return state


@pytest.mark.parametrize("make", [lambda: _factories(), lambda: _factories(single=True),
                                  _hanseatic, _partial])
def test_card_actions_and_partial_retrieves_come_back(make: object) -> None:
    assert callable(make)
    state = make()
    moves = _moves(state, 0)
    assert not check_round_trip(table(), moves, GAME.view(state, 0))


def test_labels_are_named_for_people() -> None:
    ids = content_ids()
    states = [*sampled(), (_factories(), 0), (_factories(True), 0), (_hanseatic(), 0),
              (_partial(), 0)]
    for state, seat in states[::3]:
        moves = _moves(state, seat)
        view = GAME.view(state, seat)
        for command in table().commands:
            mine = [a for a in moves if command.takes(a)]
            for option in command.options:
                for value in values_of(command, option.name, mine, view):
                    if ID.match(value.value) or value.value.isdigit():
                        assert value.label != value.value, (command.name, option.name)
                    words = set(re.findall(r"[a-z0-9_.]+", value.label))
                    assert not words & ids, (command.name, option.name, value.label)


def test_a_required_choice_left_out_is_asked_for() -> None:
    state = position()
    view = GAME.view(state, 0)
    found = resolve(table(), "place", {"age": "1", "box": "merchant", "pay": "merchant"},
                    _moves(state, 0), view)
    assert found.asking == "where" and len(found.values) > 1 and found.action is None
    assert all(v.label for v in found.values)


def test_pay_labels_use_the_engine_words() -> None:
    state = position()
    view = GAME.view(state, 0)
    labels = [v.label for v in suggest(table(), "gold", "pay", "", {}, _moves(state, 0), view)]
    assert labels and all(label.startswith("pay with a merchant cube") for label in labels)


def test_typed_values_take_any_part_of_a_label() -> None:
    state = position()
    state.display = ["currency"]
    view = GAME.view(state, 0)
    found = resolve(table(), "card", {"card": "CURR", "pay": "merchant"}, _moves(state, 0), view)
    assert isinstance(found.action, A.TakeCard) and found.action.card == "currency"
    # a trade box typed by its place's name in lower case
    found = resolve(table(), "place", {"age": "1", "box": "merchant", "where": "tyre: cloth",
                                       "pay": "merchant"}, _moves(state, 0), view)
    spaces = {board().space_label(s) for s in getattr(found.action, "spaces", ())}
    assert found.action is not None, found
    assert spaces == {"Tyre: cloth"}


def _three_ships_to_move_up() -> ShipsState:
    """Seat 0 with two ships in Age 5 and one in Age 6 to move up, and the means to do so."""
    state = position(stock_free=1)
    put_ships(state, 5, merchant=[0, 1], warship=[0])
    put_ships(state, 6, merchant=[0], warship=[1])
    give_navigation(state, 0, 10)
    give_gold(state, 0, 5)
    return state


def test_a_ship_to_move_up_is_named_by_its_age_alone() -> None:
    # "from=6" names the one ship in Age 6 (its label reads "Age 6 merchant: Fluyt, ..."); with
    # two ships in Age 5, "from=5" asks which, and a number matching no ship's age lists them
    state = _three_ships_to_move_up()
    view = GAME.view(state, 0)
    found = resolve(table(), "upgrade", {"from": "6"}, _moves(state, 0), view)
    # the ship is known: where the cube goes is asked
    assert (found.problem or "").startswith("/ships upgrade: fill in where. Choose from: "), found
    found = resolve(table(), "upgrade", {"from": "6", "where": "tyre: food"}, _moves(state, 0),
                    view)
    assert found.asking == "pay", found
    assert {(a.from_age, a.from_box) for a in found.fitting} == {(6, "merchant")}
    found = resolve(table(), "upgrade", {"from": "5"}, _moves(state, 0), view)
    assert found.asking == "from" and len(found.values) == 2
    found = resolve(table(), "upgrade", {"from": "3"}, _moves(state, 0), view)
    assert found.problem is not None and "Age 5 merchant: Cog" in found.problem


def test_a_ship_to_move_up_left_out_is_answered_with_the_ships() -> None:
    # 60 upgrades (three ships, each to any free space, paid two ways): the answer names the
    # three ships once each, not the 60 moves, and plays nothing
    state = _three_ships_to_move_up()
    before = snapshot(state)
    view = GAME.view(state, 0)
    moves = _moves(state, 0)
    assert sum(isinstance(a, A.UpgradeShip) for a in moves) == 60
    found = resolve(table(), "upgrade", {}, moves, view)
    assert found.problem == (
        "/ships upgrade: fill in from. Choose from: Age 5 merchant: Cog, up to Age 6 (present "
        "age); Age 5 warship: Spanish Warship, up to Age 6 (present age); Age 6 merchant: "
        "Fluyt, up to Age 7 (next age): 9 navigation."), found
    assert found.action is None and found.asking is None and not found.fitting
    # the ship given, the next option left out is answered the same way
    found = resolve(table(), "upgrade", {"from": "5 warship"}, moves, view)
    assert (found.problem or "").startswith(
        "/ships upgrade: fill in where. Choose from: Tyre: food (Area 2); Tyre: cloth (Area 2);")
    assert (found.problem or "").endswith(" (and 2 more)."), found
    # every value it names plays, once typed back with the rest
    typed = {"from": "6", "where": "tyre: food", "pay": "merchant"}
    found = resolve(table(), "upgrade", typed, moves, view)
    assert isinstance(found.action, A.UpgradeShip) and found.action.from_age == 6, found
    assert snapshot(state) == before


def _canal(area: int) -> ShipsState:
    """Seat 0 has taken the Panama Canal, with an industry counter to spend."""
    state = position(stock_free=1)
    state.era = "steam"
    state.display = ["panama_canal"]
    put_ships(state, 9, merchant=[1])
    state.area = area
    give_industry(state, 0, 1)
    return play(state, 0, "take_card", pay="merchant", card="panama_canal")


@pytest.mark.parametrize("area", [2, 7])
def test_canal_industry_choices_come_back(area: int) -> None:
    state = _canal(area)
    moves = _moves(state, 0)
    assert not check_round_trip(table(), moves, GAME.view(state, 0))


def test_canal_industry_asks_which_good_gets_the_extra_one() -> None:
    # two cubes giving food and cloth: "industry yes" asks which good the counter adds to
    state = _canal(2)
    view = GAME.view(state, 0)
    typed = {"age": "9", "box": "merchant", "where": "tyre.t0,tyre.t1", "pay": "card",
             "industry": "yes"}
    found = resolve(table(), "place", typed, _moves(state, 0), view)
    assert found.asking == "extra", found
    assert {v.label for v in found.values} == {"+1 food with industry (Tyre: food)",
                                               "+1 cloth with industry (Tyre: cloth)"}
    found = resolve(table(), "place", {**typed, "extra": "cloth"}, _moves(state, 0), view)
    assert isinstance(found.action, A.PlaceShip) and found.action.industry == "tyre.t1"


def test_extra_naming_a_good_the_move_does_not_give_says_which_it_can() -> None:
    state = _canal(2)
    view = GAME.view(state, 0)
    typed = {"age": "9", "box": "merchant", "where": "tyre.t0,tyre.t1", "pay": "card",
             "industry": "yes", "extra": "gold"}
    found = resolve(table(), "place", typed, _moves(state, 0), view)
    assert found.problem == ("Extra names the good the industry counter adds one more of: "
                             "food or cloth.")
    one = {"age": "1", "box": "merchant", "where": "tyre.t1", "pay": "merchant",
           "industry": "yes", "extra": "food"}
    plain = position()
    give_industry(plain, 0, 1)
    found = resolve(table(), "place", one, _moves(plain, 0), GAME.view(plain, 0))
    assert found.problem == "Here the industry counter can only add cloth: leave out extra."


def test_industry_on_one_box_needs_no_extra() -> None:
    state = position()
    give_industry(state, 0, 1)
    view = GAME.view(state, 0)
    found = resolve(table(), "place", {"age": "1", "box": "merchant", "where": "tyre.t1",
                                       "pay": "merchant", "industry": "yes"},
                    _moves(state, 0), view)
    assert isinstance(found.action, A.PlaceShip) and found.action.industry == "tyre.t1"


def test_an_illegal_combination_is_refused_with_a_reason() -> None:
    state = position()
    view = GAME.view(state, 0)
    far = next(t for t, box in board().trade.items() if box.area == 6)
    found = resolve(table(), "place", {"age": "1", "box": "merchant", "where": far,
                                       "pay": "merchant"}, _moves(state, 0), view)
    assert isinstance(found.refused, A.PlaceShip)
    rejection = GAME.explain(state, 0, found.refused)
    assert isinstance(rejection, Rejection) and rejection.message


def test_words_that_make_no_move_are_a_problem() -> None:
    state = position()
    view = GAME.view(state, 0)
    found = resolve(table(), "place", {"age": "far", "box": "merchant", "where": "nowhere",
                                       "pay": "merchant"}, _moves(state, 0), view)
    assert found.problem and "far" in found.problem


def test_unknown_options_list_the_valid_ones() -> None:
    state = position()
    found = resolve(table(), "gold", {"colour": "red"}, _moves(state, 0), GAME.view(state, 0))
    assert found.problem and "colour" in found.problem and "pay, wine" in found.problem


def test_partial_retrieve_by_boxes_and_by_count() -> None:
    state = _partial()
    view = GAME.view(state, 0)
    moves = _moves(state, 0)
    found = resolve(table(), "retrieve", {"from": "area 2", "pay": "merchant",
                                          "boxes": "Tyre: cloth"}, moves, view)
    assert isinstance(found.action, A.Retrieve), found
    assert found.action.source == 2 and len(found.action.spaces or ()) == 1
    found = resolve(table(), "retrieve", {"from": "7", "pay": "merchant", "cubes": 2}, moves,
                    view)
    assert isinstance(found.action, A.Retrieve) and found.action.count == 2
    found = resolve(table(), "retrieve", {"from": "Area 2", "pay": "merchant"}, moves, view)
    assert isinstance(found.action, A.Retrieve)
    assert found.action.source == 2 and found.action.spaces is None  # left out: all


def test_factories_single_cubes_through_retrieve() -> None:
    state = _factories()
    view = GAME.view(state, 0)
    moves = _moves(state, 0)
    found = resolve(table(), "retrieve", {"from": "2", "boxes": "athens"}, moves, view)
    assert isinstance(found.action, A.RetrieveCube) and found.action.space == "athens.t1"
    found = resolve(table(), "retrieve", {"from": "7", "cubes": 1}, moves, view)
    assert isinstance(found.action, A.RetrieveCube) and found.action.space == "rest_of_world"
    state = _factories(single=True)
    found = resolve(table(), "retrieve", {"from": "none"}, _moves(state, 0),
                    GAME.view(state, 0))
    assert isinstance(found.action, A.RetrieveMany) and not found.action.areas


def test_convert_and_stop() -> None:
    state = _hanseatic()
    view = GAME.view(state, 0)
    moves = _moves(state, 0)
    found = resolve(table(), "convert", {"good": "Cloth"}, moves, view)
    assert isinstance(found.action, A.ConvertWine) and found.action.good == "cloth"
    found = resolve(table(), "convert", {"good": "stop"}, moves, view)
    assert isinstance(found.action, A.StopConverting)


def test_help_covers_every_command_with_its_figures() -> None:
    t = table()
    topics = {h.topic for h in t.help}
    assert {"exchanges", "cards"} <= topics
    for command in t.commands:
        entry = t.help_for(command.name)
        assert entry.command == command.name
        assert len(command.description) <= 100
        for option in command.options:
            assert re.match(r"^[a-z0-9_-]{1,32}$", option.name)
            assert len(option.description) <= 100
    for entry in t.help:
        assert "{" not in entry.text and "}" not in entry.text
    assert "Factories" in t.help_for("retrieve").text
    assert t.turn_end == "end_turn" and t.nothing_to_decide
