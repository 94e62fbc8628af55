"""Builders for the Ships rules tests.

A position is a fresh ``GAME.setup`` whose state is then edited field by field into exactly the
situation a rule needs. Moves go through ``engine.core.step`` only, as a player's would."""

from __future__ import annotations

from typing import Any

from engine.core import Accepted, Action, Event, Rejection, step
from engine.ships import GAME
from engine.ships.state import ShipsState

# Seat names for the rulebook's four-player examples.
GREEN, RED, BLUE, YELLOW = 0, 1, 2, 3


def new_game(seats: int = 2, seed: int = 1) -> ShipsState:
    return GAME.setup({}, seats, seed)


def set_turn(state: ShipsState, seat: int, merchant: int = 2, free: int = 0,
             stock_free: int = 0) -> ShipsState:
    """Makes ``seat`` the active player with exactly ``merchant`` merchant cubes and ``free``
    free action cubes in its Action cubes section and ``stock_free`` free action cubes kept in its
    available stock. Cubes come from (and go back to) the stock and the pool."""
    for player in state.players:
        player.stock_cubes += player.action_merchant
        player.action_merchant = 0
        state.supply.free_cubes += player.action_free + player.free_cubes
        player.action_free = 0
        player.free_cubes = 0
    player = state.players[seat]
    state.active = seat
    assert player.stock_cubes >= merchant
    player.stock_cubes -= merchant
    player.action_merchant = merchant
    state.supply.free_cubes -= free + stock_free
    player.action_free = free
    player.free_cubes = stock_free
    return state


def position(seats: int = 2, seed: int = 1, seat: int = 0, merchant: int = 2, free: int = 0,
             stock_free: int = 0) -> ShipsState:
    return set_turn(new_game(seats, seed), seat, merchant, free, stock_free)


def give_goods(state: ShipsState, seat: int, **goods: int) -> None:
    """Goods from the pool into the seat's warehouse (no capacity check: the test decides)."""
    player = state.players[seat]
    for good, n in goods.items():
        state.supply.goods[good] -= n
        player.goods[good] = player.goods.get(good, 0) + n
        if not player.goods[good]:
            del player.goods[good]


def give_gold(state: ShipsState, seat: int, n: int) -> None:
    state.supply.gold -= n
    state.players[seat].gold += n


def give_navigation(state: ShipsState, seat: int, n: int) -> None:
    state.supply.navigation -= n
    state.players[seat].navigation += n


def give_industry(state: ShipsState, seat: int, n: int) -> None:
    state.supply.industry -= n
    state.players[seat].industry += n


def put_ships(state: ShipsState, age: int, merchant: list[int] | tuple[int, ...] = (),
              warship: list[int] | tuple[int, ...] = ()) -> None:
    """Ship counters of the given owners into an age's boxes, taken from their stock."""
    era = "galley" if age <= 4 else "sailing" if age <= 8 else "steam"
    boxes = state.ages[age - 1]
    for side, owners in (("merchant", merchant), ("warship", warship)):
        for owner in owners:
            getattr(boxes, side).append(owner)
            state.players[owner].ships[era] -= 1


def put_cube(state: ShipsState, space: str, seat: int) -> None:
    state.trade[space] = seat
    state.players[seat].stock_cubes -= 1


def put_disc(state: ShipsState, space: str, seat: int) -> None:
    state.cities[space] = seat
    state.players[seat].warehouse_discs -= 1


def snapshot(state: ShipsState) -> str:
    return state.model_dump_json()


def _step(state: ShipsState, seat: int, action: dict[str, Any]) -> Accepted | Rejection:
    # The engine may remember the legal moves of a state object it has seen; tests edit
    # positions in place, so each step gets its own copy of the position.
    return step(GAME, state.model_copy(deep=True), seat, action, state.version)


def act(state: ShipsState, seat: int, kind: str, **fields: Any) -> Accepted:
    """Plays one move through ``step``; fails the test if it is refused."""
    result = _step(state, seat, {"type": kind, **fields})
    assert isinstance(result, Accepted), f"refused: {result}"
    return result


def play(state: ShipsState, seat: int, kind: str, **fields: Any) -> ShipsState:
    new = act(state, seat, kind, **fields).state
    assert isinstance(new, ShipsState)
    return new


def refuse(state: ShipsState, seat: int, kind: str, **fields: Any) -> Rejection:
    """Plays one move that must be refused, and checks that the state did not change."""
    before = snapshot(state)
    copy = state.model_copy(deep=True)
    result = step(GAME, copy, seat, {"type": kind, **fields}, state.version)
    assert isinstance(result, Rejection), f"accepted: {kind} {fields}"
    assert snapshot(copy) == before
    return result


def legal(state: ShipsState, seat: int, kind: str | None = None, **fields: Any) -> list[Action]:
    """The seat's legal actions, optionally only those of one type whose fields match."""
    found = []
    for action in GAME.legal_actions(state, seat):
        if kind is not None and action.type != kind:
            continue
        dumped = action.model_dump(mode="json")
        if all(_same(dumped.get(k), v) for k, v in fields.items()):
            found.append(action)
    return found


def _same(got: Any, want: Any) -> bool:
    if isinstance(want, tuple):
        want = list(want)
    return bool(got == want)


def events(accepted: Accepted, kind: str) -> list[Event]:
    return [e for e in accepted.events if e.kind == kind]


def place(spaces: str | tuple[str, ...], age: int, box: str = "merchant", pay: str = "merchant",
          **extra: Any) -> dict[str, Any]:
    """The fields of a Place Ship (or, with from_age/from_box, Upgrade Ship) action."""
    if isinstance(spaces, str):
        spaces = (spaces,)
    return {"age": age, "box": box, "pay": pay, "spaces": list(spaces), **extra}
