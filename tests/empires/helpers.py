"""Building positions for the rule tests: a fresh game, then pieces placed by hand."""

from __future__ import annotations

from typing import Any

from engine.core import Accepted, Action, Event, step
from engine.empires import GAME
from engine.empires.state import PIRATE_ID, EmpiresState, LastTurn, Ship, TurnState


def new(seats: int = 2, seed: int = 1, **options: Any) -> EmpiresState:
    return GAME.setup(options, seats, seed)


def clear(state: EmpiresState, pirate_at: tuple[int, int] | None = None) -> None:
    """No ships, no held ports; the Pirate at ``pirate_at`` (or gone from the map)."""
    state.ships = []
    for hold in state.ports.values():
        if hold.owner is not None:
            state.players[hold.owner].cubes += 1
        hold.owner = None
        hold.forts = 0
    if pirate_at is not None:
        state.ships.append(Ship(id=PIRATE_ID, owner=-1, kind="ship_of_the_line", cell=pirate_at))


def put(state: EmpiresState, seat: int, kind: str, cell: tuple[int, int], ship_id: str) -> str:
    state.ships.append(Ship(id=ship_id, owner=seat, kind=kind, cell=cell))  # type: ignore[arg-type]
    state.players[seat].pieces[kind] -= 1
    return ship_id


def own(state: EmpiresState, seat: int, port: str, forts: int = 0) -> None:
    state.ports[port].owner = seat
    state.ports[port].forts = forts
    state.players[seat].cubes -= 1


def my_turn(state: EmpiresState, seat: int, actions: int = 5, stage: str = "actions") -> None:
    state.phase = "turns"
    state.pending = []
    state.combat = None
    state.order_index = state.order().index(seat)
    state.turn_state = TurnState(seat=seat, stage=stage, actions=actions)  # type: ignore[arg-type]
    state.current = LastTurn(seat=seat)  # what this turn changes is noted as its own


def calm(state: EmpiresState, history: str = "treaty_of_paris") -> None:
    """Fair Weather and a History card that changes nothing during a 2-player turn."""
    state.weather = "fair_weather"
    state.history = history


def do(state: EmpiresState, seat: int, action: Action | dict[str, Any]
       ) -> tuple[EmpiresState, list[Event]]:
    GAME.forget_legal_keys()  # tests change states by hand between steps
    result = step(GAME, state, seat, action, state.version)
    assert isinstance(result, Accepted), result
    return result.state, result.events  # type: ignore[return-value]


def pass_window(state: EmpiresState) -> tuple[EmpiresState, list[Event]]:
    """Every side still waiting in the reaction window passes."""
    events: list[Event] = []
    assert state.combat is not None
    stage = state.combat.stage
    while state.combat is not None and state.combat.stage == stage and state.combat.waiting:
        state, more = do(state, state.combat.waiting[0], {"type": "pass"})
        events += more
    return state, events


def fight(state: EmpiresState, attack: list[int], counter: list[int] | None = None
          ) -> tuple[EmpiresState, list[Event]]:
    """Both sides pass before the roll; the dice are then set to ``attack``/``counter``, and both
    pass again."""
    state, events = pass_window(state)
    assert state.combat is not None and state.combat.stage == "rolled"
    state.combat.attack_dice = list(attack)
    if counter is not None:
        state.combat.counter_dice = list(counter)
    state, more = pass_window(state)
    return state, events + more


def attempt(state: EmpiresState, seat: int, action: Action | dict[str, Any]) -> Any:
    """``step`` without asserting acceptance (for rejections)."""
    GAME.forget_legal_keys()
    return step(GAME, state, seat, action, state.version)


def fleet_around(defender: str, *attackers: str, ids: tuple[str, ...] = ("a", "b", "c"),
                 defender_id: str = "d") -> EmpiresState:
    """Seat 1's ``defender`` at L11 (cell (11, 2)) with seat 0's ``attackers`` around it (at
    (10, 2), (11, 1) and (12, 2), named ``ids`` in turn), in calm weather, on seat 0's turn."""
    state = new(2)
    clear(state)
    calm(state)
    for kind, cell, ship_id in zip(attackers, ((10, 2), (11, 1), (12, 2)), ids, strict=False):
        put(state, 0, kind, cell, ship_id)
    put(state, 1, defender, (11, 2), defender_id)
    my_turn(state, 0)
    return state


def frigate_duel(hands: tuple[list[str], list[str]] = (["broadside"] * 3,
                                                     ["treasure_galleon"] * 3),
                 ) -> EmpiresState:
    """Seat 0's Frigate ``a`` has just attacked seat 1's Frigate ``d`` beside it, in calm
    weather, the seats holding ``hands`` (three Broadsides against three Treasure Galleons):
    the answer window is open."""
    return frigate_attack(hands)[0]


def frigate_attack(hands: tuple[list[str], list[str]]) -> tuple[EmpiresState, list[Event]]:
    """:func:`frigate_duel`, with the attack's events."""
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "frigate", (10, 2), "a")
    put(state, 1, "frigate", (11, 2), "d")
    my_turn(state, 0)
    state.players[0].hand, state.players[1].hand = list(hands[0]), list(hands[1])
    return do(state, 0, {"type": "attack", "ship": "a", "target": "d"})
