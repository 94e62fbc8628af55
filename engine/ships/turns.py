"""The turn: phase one (action cubes by era), tidy up, and passing play on; the game end."""

from __future__ import annotations

from engine.core import Event, seat_ref
from engine.core.words import count

from .content import ships_content
from .scoring import final_scoring
from .state import LastTurn, ShipsState


def end_condition(state: ShipsState) -> bool:
    """Five or more ship counters in Age 11, both boxes together (rulebook: Ending)."""
    return state.ages[-1].count() >= ships_content().components.end_game.trigger_ships


def check_end_trigger(state: ShipsState, events: list[Event]) -> None:
    """Keeps ``end_triggered`` true to the board: a ship removed from Age 11 can undo it."""
    now = end_condition(state)
    trigger = ships_content().components.end_game.trigger_ships
    if now and not state.end_triggered:
        events.append(Event(kind="end_triggered",
                            text="Five ships are in Age 11: the game ends when this round "
                                 "is complete."))
    elif state.end_triggered and not now:
        # told on the line of the move that did it: an event of its own would set aside, on
        # replay, the stored games in which it happened
        said = f"Fewer than {trigger} ships are in Age 11 again: the game no longer ends with " \
            "this round."
        told = [i for i, e in enumerate(events) if e.text]
        if told:
            i = told[-1]
            events[i] = events[i].model_copy(update={"text": f"{events[i].text} {said}"})
    state.end_triggered = now


def phase_one(state: ShipsState, seat: int) -> None:
    """Two merchant cubes from the stock, free action cubes from the pool by era; a shortfall is
    not made up; with nothing at all, one free action cube (rulebook: Phase One)."""
    player = state.players[seat]
    era = ships_content().action_cubes(state.era)
    merchant = min(era.merchant_cubes, player.stock_cubes)
    player.stock_cubes -= merchant
    player.action_merchant = merchant
    free = min(era.free_action_cubes, state.supply.free_cubes)
    if merchant == 0 and free == 0:
        free = min(ships_content().display.action_cubes.fallback_free_action_cubes,
                   state.supply.free_cubes)
    state.supply.free_cubes -= free
    player.action_free = free


def tidy_up(state: ShipsState, seat: int) -> None:
    player = state.players[seat]
    for box in player.boxes.values():
        state.supply.free_cubes += box.free
        box.free = 0
    player.free_cubes += player.action_free
    player.action_free = 0
    player.stock_cubes += player.action_merchant
    player.action_merchant = 0
    player.took_card = False
    player.turns += 1


def end_turn(state: ShipsState, events: list[Event], by_itself: bool = False) -> None:
    """``by_itself``: the engine ends the turn since nothing is left to do but end it."""
    seat = state.active
    player = state.players[seat]
    unused = player.action_merchant + player.action_free
    tidy_up(state, seat)
    text = f"{seat_ref(seat)} has nothing left to do; the turn passes." if by_itself else \
        f"{seat_ref(seat)} ends their turn" + (
            f", leaving {count(unused, 'action')} unplayed." if unused else ".")
    events.append(Event(kind="end_of_turn", seat=seat, text=text))
    state.last = state.current.model_copy(update={"seat": seat})
    state.current = LastTurn()
    # everyone has had the same number of turns once the last seat in order has played
    if seat == state.seats - 1 and end_condition(state):
        final_scoring(state, events)
        state.finished = True
        state.end_reason = "five ships in Age 11"
        return
    state.active = (seat + 1) % state.seats
    state.turn += 1
    phase_one(state, state.active)
