"""The list of every move ("My view", "Legal moves") late in a game: moves alike but for how
they are paid, where the ship goes, which trade boxes are retrieved from or which goods are sold
share a line, and every one of them is still played by its command."""

from __future__ import annotations

from engine.core import Action
from engine.core.commands import FOLD_OVER, grouped_moves, resolve
from engine.ships import GAME
from engine.ships import actions as A
from engine.ships.board import board
from engine.ships.commands import fold, gold_of, pay_text, table
from engine.ships.state import ShipsState

from .helpers import give_gold, give_goods, position, put_cube, put_ships, snapshot

AREA_6 = ("india.t0", "india.t1", "spice_islands.t0", "spice_islands.t1", "china.t0",
          "china.t1", "china.t2")
MESSAGE = 2000  # Discord's characters a message: the list is sent a page a message


def late() -> ShipsState:
    """Seat 0 late in a game: cubes in seven of Area 6's trade boxes (127 ways to retrieve some
    of them), two ships to move up, goods to sell, and a free action cube: 460 moves."""
    state = position(stock_free=1)
    state.era, state.area, state.reached_age = "steam", 6, 9
    for space in AREA_6:
        put_cube(state, space, 0)
    put_ships(state, 8, merchant=[0], warship=[0])
    put_ships(state, 9, merchant=[1])
    give_gold(state, 0, 3)
    give_goods(state, 0, cloth=2, wine=1, food=2)
    return state


def _labelled(state: ShipsState) -> list[tuple[Action, str]]:
    return [(a, a.label or a.type) for a in GAME.legal_actions(state, 0)]


def _pages(lines: list[str]) -> int:
    count, used = 1, 0
    for line in lines:
        if used and used + 1 + len(line) > MESSAGE:
            count, used = count + 1, 0
        used += len(line) + (1 if used else 0)
    return count


def test_a_late_list_reads_in_a_few_lines() -> None:
    labelled = _labelled(late())
    assert len(labelled) == 460
    lines = grouped_moves(table(), labelled)
    assert len(lines) <= 30 and max(len(line) for line in lines) < MESSAGE // 2, lines
    assert _pages(lines) <= 2
    retrieve = lines.index("/ships retrieve (254 moves):")
    named = ", ".join(board().space_label(s) for s in AREA_6)
    assert lines[retrieve + 1] == (
        "  - Retrieve all your cubes from Area 6, or those in some of its trade boxes (boxes, "
        f"joined with 'and': {named}): pay with a merchant cube, or a free action cube")
    assert "/ships end:" in lines and "  - End your turn" in lines
    assert lines[lines.index("/ships upgrade (96 moves):") + 1].startswith(
        "  - Upgrade from Age 8 merchant to Age 9 or from Age 8 warship to Age 9, warship: "
        "India city: +4 gold, India city: +2 merchant cubes, ")


def test_every_move_is_on_one_line_that_names_it() -> None:
    labelled = _labelled(late())
    table_ = table()
    for command in table_.commands:
        mine = [(a, label) for a, label in labelled if command.takes(a)]
        if not mine or command.fold is None:
            continue
        seen: list[int] = []
        for row in command.fold(mine):
            seen += row.moves
            for index in row.moves:
                action = mine[index][0]
                assert isinstance(action, A.Paid)
                way = pay_text(action.pay, gold_of(action)).removeprefix("pay with ")
                assert way in row.text, (row.text, mine[index][1])
                for space in getattr(action, "spaces", None) or ():
                    assert board().space_label(space) in row.text, (row.text, mine[index][1])
                if isinstance(action, A.SellGoods):
                    assert all(good in row.text for good, _ in action.goods), row.text
        assert len(seen) == len(set(seen)), command.name  # no move on two lines


def test_a_move_on_a_shared_line_is_played_with_the_names_it_shows() -> None:
    state = late()
    before = snapshot(state)
    moves, view = GAME.legal_actions(state, 0), GAME.view(state, 0)
    # two trade boxes of the retrieve line, joined with 'and', paid as the line says
    found = resolve(table(), "retrieve", {"from": "6", "boxes": "India: cloth (1st box) and "
                                          "China: wine", "pay": "free"}, moves, view)
    assert isinstance(found.action, A.Retrieve), found
    assert found.action.spaces == ("india.t0", "china.t1") and found.action.pay == "free"
    found = resolve(table(), "upgrade", {"from": "8 warship", "box": "warship",
                                         "where": "china city: +1 industry", "disc": "bank",
                                         "pay": "merchant"}, moves, view)
    assert isinstance(found.action, A.UpgradeShip), found
    assert (found.action.from_box, found.action.spaces) == ("warship", ("china.c1",))
    found = resolve(table(), "sell", {"goods": "2 cloth, 2 food, 1 wine", "pay": "merchant"},
                    moves, view)
    assert isinstance(found.action, A.SellGoods), found
    assert found.action.goods == (("cloth", 2), ("food", 2), ("wine", 1))
    assert snapshot(state) == before


def test_a_short_list_still_shows_every_move_on_its_own_line() -> None:
    labelled = _labelled(position(stock_free=1))
    assert len(labelled) <= FOLD_OVER
    lines = grouped_moves(table(), labelled)
    assert sorted(line.removeprefix("  - ") for line in lines if line.startswith("  - ")) == \
        sorted(label for _, label in labelled)
    assert all(not line.endswith("moves):") for line in lines)


def test_numbered_moves_keep_their_place_in_the_list() -> None:
    labelled = _labelled(late())
    lines = grouped_moves(table(), labelled, numbered=True)
    end = next(i for i, (a, _) in enumerate(labelled) if isinstance(a, A.EndTurn))
    assert f"  {end + 1}. End your turn" in lines


def test_labels_that_do_not_read_as_expected_are_listed_alone() -> None:
    moves = [(A.TakeGold(pay=pay), f"Gold somehow, {pay}") for pay in ("merchant", "free")]
    assert fold(moves) == []
