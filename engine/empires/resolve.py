"""Applying an action, and moving the round along (rulebook: How to Play) until someone must
decide something: Weather, History, resources, the players' turns, the Pirate bribe and the
Pirate's turn, refilling hands, the end-of-round recovery, and the end of the game.

An empty hand at the start of a turn skips the Captain's card step. A defender may spend every
Captain's Order during someone else's turn ("at ANY time on ANY players turn"), and the hand
is refilled only at the end of the round. "If a Player is unable or unwilling to play a card,
they must discard one card in exchange for 3 Gold" cannot be obeyed with no card, and "You may
not pass" forbids skipping the turn, so the player keeps the turn, gets no 3 Gold (nothing was
discarded) and takes the actions as usual."""

from __future__ import annotations

from engine.core import Action, Event, seat_ref
from engine.core.words import capital, count, listing

from . import actions as A
from .cards import apply_history, claim, launch, play_card, play_order, window_text
from .combat import close_window, declare, describe_ship, named_ship, roll
from .legal import pending_has_choice, recovery_ports
from .marks import note, settle, turn_begins, turn_ends
from .names import destination, held
from .rules import (
    actions_per_turn,
    board,
    content,
    first_sail_free,
    income,
    pirate_actions,
    port_card,
    produces,
    trade_yield,
)
from .scoring import scores
from .state import PIRATE_ID, EmpiresState, LastTurn, Pending, TurnState


def apply_action(state: EmpiresState, seat: int, action: Action) -> list[Event]:
    events: list[Event] = []
    if state.combat is not None:
        _combat_answer(state, seat, action, events)
    elif state.pending:
        _pending_answer(state, seat, action, events)
    elif state.phase == "bribe":
        assert isinstance(action, A.Bribe)
        _bribe(state, seat, action.amount, events)
    else:
        _turn_action(state, seat, action, events)
    advance(state, events)
    _tell_the_window(state, events)
    return events


def _tell_the_window(state: EmpiresState, events: list[Event]) -> None:
    """The line that opens a reaction window (the attack, or its dice) says who may answer and
    with which kinds of Captain's Order (rulebook, Captain's Orders: "at ANY time")."""
    c = state.combat
    if c is None or c.stage not in ("declared", "rolled") or not c.waiting:
        return
    opening = [i for i, e in enumerate(events)
               if e.kind in ("attack", "dice", "reroll", "order_played")]
    if opening:
        i = opening[-1]
        events[i] = events[i].model_copy(
            update={"text": f"{events[i].text} {window_text(state)}"})


# ------------------------------------------------------------------ combat answers
def _combat_answer(state: EmpiresState, seat: int, action: Action, events: list[Event]) -> None:
    c = state.combat
    assert c is not None
    source = c.source
    if isinstance(action, A.CounterTargets):
        c.counters = list(action.ships)
        c.waiting = []
        events.append(
            Event(
                kind="counter_targets",
                seat=seat,
                text=f"{seat_ref(seat)} aims the counter-attack at "
                f"{listing([named_ship(state, s) for s in action.ships])}.",
            )
        )
        roll(state, events)
        return
    if isinstance(action, A.PlayOrder):
        play_order(state, seat, action, events)
        if c.cancelled:
            c.waiting = []
    else:
        assert isinstance(action, A.Pass)
        c.waiting.remove(seat)
        events.append(Event(kind="pass", seat=seat, text=f"{seat_ref(seat)} passes."))
    if not c.waiting:
        close_window(state, events)
    if state.combat is None:
        _after_attack(state, source, events)


def _after_attack(state: EmpiresState, source: str, events: list[Event]) -> None:
    turn = state.turn_state
    if source == "turn" and turn is not None:
        if turn.keep_turn_on_attack:
            # the outcome's last line says why the turn goes on (wording only: no new event)
            turn.keep_turn_on_attack = False
            last = events[-1]
            events[-1] = last.model_copy(update={
                "text": f"{last.text} Letter of Marque: the attack does not end "
                        f"{seat_ref(turn.seat)}'s turn."})
            _maybe_out_of_actions(state, events)
        else:
            _end_turn(state, events, "attack")
    elif source == "pirate" and turn is not None:
        # the Pirate takes "up to 5 actions ... to sail and attack": an attack is one of
        # them and does not end its turn ("This action ends a Player's turn" is said of
        # the players' own actions); a Pirate sunk by the counter-attack has no turn left
        # ("If the Pirate is defeated, it is taken by the Player who sunk it")
        if state.ship(PIRATE_ID) is None:
            _end_turn(state, events, "sunk")
        else:
            _maybe_out_of_actions(state, events)


# ------------------------------------------------------------------ pending decisions
def _pending_answer(state: EmpiresState, seat: int, action: Action, events: list[Event]) -> None:
    p = state.pending[0]
    if p.kind == "choose_resource":
        assert isinstance(action, A.ChooseResource)
        player = state.players[seat]
        setattr(player, action.resource, getattr(player, action.resource) + 1)
        p.count -= 1
        more = f" ({p.count} more to choose)" if p.count > 0 else ""
        events.append(
            Event(kind="gain", seat=seat,
                  text=f"{seat_ref(seat)} takes 1 {action.resource.capitalize()}{more}.")
        )
        if p.count <= 0:
            state.pending.pop(0)
        return
    if p.kind == "refill":
        if isinstance(action, A.DiscardOrder):
            state.players[seat].hand.remove(action.card)
            state.captain_discard.append(action.card)
            events.append(
                Event(
                    kind="discard",
                    seat=seat,
                    reveals=True,  # the card is shown: no undo past it
                    text=f"{seat_ref(seat)} discards {content().captain(action.card).name}.",
                    data={"card": action.card},
                )
            )
            return
        state.pending.pop(0)
        _refill(state, seat, events)
        return
    state.pending.pop(0)
    if isinstance(action, A.Decline):
        events.append(Event(kind="decline", seat=seat, text=f"{seat_ref(seat)} declines."))
    elif isinstance(action, A.ClaimPort):
        claim(state, seat, action.port, events, "takes command of")
    elif isinstance(action, A.Draw) and p.kind == "draw_port":
        _draw_port(state, seat, events)
    elif isinstance(action, A.Launch):
        launch(state, seat, p.ship, action.cell, events)
    elif isinstance(action, A.Relocate):
        ship = state.ship(action.ship)
        assert ship is not None
        who = capital(describe_ship(state, ship))
        note(state, "sail", seat=ship.owner, ship=ship.id, kind=ship.kind, start=ship.cell,
             cell=action.cell)
        ship.cell = action.cell
        events.append(
            Event(
                kind="relocate",
                seat=seat,
                text=f"{who} sails to "
                f"{destination(state.side, action.cell, held(state, ship.owner))} "
                "in the Mediterranean.",
            )
        )
    elif isinstance(action, A.Attack):
        declare(
            state, seat, [action.ship, *action.fleet], action.target, "history", p.bonus, events
        )


def _draw_text(seat: int, drawn: int, held: int) -> str:
    who, card = seat_ref(seat), "Captain's card"
    if drawn:
        return f"{who} draws {count(drawn, card)}."
    if held >= content().rules.setup.hand_size:
        return f"{who} already holds {count(held, card)} and draws none."
    return f"{who} draws no {card}: the deck and the discard pile are empty."


def _refill(state: EmpiresState, seat: int, events: list[Event]) -> None:
    hand = state.players[seat].hand
    drawn: list[str] = []
    while len(hand) < content().rules.setup.hand_size:
        if not state.captain_deck:
            if not state.captain_discard:
                break
            state.captain_deck = state.captain_discard
            state.captain_discard = []
            state.rng.shuffle(state.captain_deck)
            events.append(
                Event(
                    kind="reshuffle",
                    chance=True,
                    text="The Captain's discard pile is shuffled into a new deck.",
                    data={"size": len(state.captain_deck)},
                )
            )
        card = state.captain_deck.pop()
        hand.append(card)
        drawn.append(card)
    events.append(
        Event(
            kind="draw",
            seat=seat,
            chance=True,
            text=_draw_text(seat, len(drawn), len(hand)),
            data={"count": len(drawn)},
        )
    )
    if drawn:
        events.append(
            Event(
                kind="drawn",
                seat=seat,
                to=[seat],
                text="You draw " + ", ".join(content().captain(c).name for c in drawn) + ".",
                data={"cards": drawn},
            )
        )


# ------------------------------------------------------------------ the Pirate bribe
def _bribe(state: EmpiresState, seat: int, amount: int, events: list[Event]) -> None:
    state.bribes[seat] = amount
    events.append(
        Event(kind="bribe_given", seat=seat, text=f"{seat_ref(seat)} has chosen a bribe.")
    )
    # "Players secretly select an amount of Gold": the amount is told to its owner alone, so
    # that nothing said of this move to the others (an undo names a move told to everyone)
    # can give it away
    events.append(
        Event(kind="bribe_chosen", seat=seat, to=[seat],
              text=f"Your secret bribe: {count(amount, 'Gold', 'Gold')}, kept hidden until "
                   "every bribe is in.",
              data={"amount": amount})
    )
    if any(b is None for b in state.bribes):
        return
    bribes = [int(b or 0) for b in state.bribes]
    for s, b in enumerate(bribes):
        state.players[s].gold -= b
    state.chest += sum(bribes)
    state.last_bribes = bribes
    state.bribes = []
    top = max(bribes)
    winners = [s for s, b in enumerate(bribes) if b == top]
    text = "Bribes revealed: " + ", ".join(f"{seat_ref(s)} {b}" for s, b in enumerate(bribes))
    if len(winners) == 1:
        winner = winners[0]
        text += f". {seat_ref(winner)} commands the Pirate this round."
        state.phase = "pirate"
        state.turn_state = TurnState(
            seat=winner, pirate=True, stage="actions", actions=pirate_actions(state)
        )
        turn_begins(state, winner, pirate=True)
    else:
        text += ". A tie: the Pirate does nothing this round."
        state.phase = "refill"
    events.append(
        Event(
            kind="bribes_revealed",
            reveals=True,
            text=text,
            data={"bribes": bribes, "chest": state.chest},
        )
    )


# ------------------------------------------------------------------ the turn
def _turn_action(state: EmpiresState, seat: int, action: Action, events: list[Event]) -> None:
    turn = state.turn_state
    assert turn is not None
    player = state.players[seat]
    if isinstance(action, A.EndTurn):
        _end_turn(state, events, "end")
        return
    if isinstance(action, A.PlayCard):
        play_card(state, seat, action, events)
        _start_actions(state, events)
        return
    if isinstance(action, A.DiscardCard):
        player.hand.remove(action.card)
        state.captain_discard.append(action.card)
        gold = content().rules.turn.discard_for_gold
        player.gold += gold
        note(state, "card", seat=seat, card=action.card, how="discarded")
        events.append(
            Event(
                kind="discard",
                seat=seat,
                reveals=True,  # the card is shown: no undo past it
                text=f"{seat_ref(seat)} discards "
                f"{content().captain(action.card).name} for {gold} Gold.",
                data={"card": action.card},
            )
        )
        _start_actions(state, events)
        return
    if isinstance(action, A.PlayOrder):
        play_order(state, seat, action, events)
        return
    if isinstance(action, A.Sail):
        ship = state.ship(action.ship)
        assert ship is not None
        turn.actions -= 1
        if action.via is not None:
            turn.turned = True
        who = capital(describe_ship(state, ship))
        note(state, "sail", seat=ship.owner, ship=ship.id, kind=ship.kind, start=ship.cell,
             via=action.via, cell=action.to)
        ship.cell = action.to
        events.append(
            Event(
                kind="sail",
                seat=seat,
                # "Sailing is touch move, no undos": the move is shown to the table at once
                # and, like a die roll, cannot be taken back
                reveals=True,
                text=f"{who} sails to "
                f"{destination(state.side, action.to, held(state, ship.owner))}.",
                data={"ship": ship.id, "to": list(action.to)},
            )
        )
    elif isinstance(action, A.Trade):
        turn.actions -= 1
        card = port_card(state, action.port)
        n = trade_yield(state, seat)
        setattr(player, action.give, getattr(player, action.give) - 1)
        setattr(player, card.produces, getattr(player, card.produces) + n)
        owner = state.ports[action.port].owner
        text = (f"{seat_ref(seat)} trades 1 {action.give.capitalize()} for {n} "
                f"{card.produces.capitalize()} at {card.name}")
        note(state, "trade", seat=seat, port=action.port)
        if owner is not None and owner != seat:
            setattr(
                state.players[owner], action.give, getattr(state.players[owner], action.give) + 1
            )
            text += f"; {seat_ref(owner)} receives the {action.give.capitalize()}"
        events.append(Event(kind="trade", seat=seat, text=text + "."))
    elif isinstance(action, A.BuyPort):
        turn.actions -= 1
        cost = content().rules.turn.buy_port_cost
        player.gold -= cost.gold
        player.steel -= cost.steel
        player.wood -= cost.wood
        claim(state, seat, action.port, events, "buys")
        _end_turn(state, events, "buy")
        return
    elif isinstance(action, A.Attack):
        turn.actions -= 1
        declare(
            state,
            seat,
            [action.ship, *action.fleet],
            action.target,
            "pirate" if turn.pirate else "turn",
            0,
            events,
        )
        return
    _maybe_out_of_actions(state, events)


def _maybe_out_of_actions(state: EmpiresState, events: list[Event]) -> None:
    """A turn ends by itself when its actions are spent."""
    turn = state.turn_state
    if turn is not None and turn.stage == "actions" and turn.actions <= 0:
        _end_turn(state, events, "spent")


def _start_actions(state: EmpiresState, events: list[Event]) -> None:
    turn = state.turn_state
    assert turn is not None
    turn.stage = "actions"
    # rulebook, How to Play: cards that add actions or ship movements "modify the total
    # permitted action count, and these additional actions can be used in any way"
    turn.actions += actions_per_turn(state, turn.seat) + first_sail_free(state, turn.seat)
    _maybe_out_of_actions(state, events)


# how a turn's end is told, by what ended it: the player, spent actions, or a move that ends
# the turn by the rules (rulebook, How to Play: buying a port and attacking end a turn)
END_WORDS = {
    "end": "{who} ends their turn.",
    "spent": "{who} has no actions left; the turn passes.",
    "buy": "Buying a port ends {whose} turn.",
    "attack": "The attack ends {whose} turn.",
}
PIRATE_END_WORDS = {
    "end": "{who} ends the Pirate's turn.",
    "spent": "The Pirate has no actions left; its turn ends.",
    "sunk": "With the Pirate sunk, its turn ends.",
}


def _end_turn(state: EmpiresState, events: list[Event], why: str) -> None:
    turn = state.turn_state
    assert turn is not None
    who = seat_ref(turn.seat)
    words = (PIRATE_END_WORDS if turn.pirate else END_WORDS)[why]
    events.append(Event(kind="end_of_turn", seat=turn.seat, data={"why": why},
                        text=words.format(who=who, whose=f"{who}'s")))
    state.turn_state = None
    state.turn += 1
    turn_ends(state)
    if turn.pirate:
        state.phase = "refill"
    else:
        state.order_index += 1


def _start_turn(state: EmpiresState, seat: int, events: list[Event]) -> None:
    """A turn opens with the Captain's card step; an empty hand skips it (see the module
    docstring), and the turn goes straight to its actions."""
    state.turn_state = TurnState(seat=seat)
    turn_begins(state, seat)
    events.append(Event(kind="turn", seat=seat, text=f"{seat_ref(seat)}'s turn."))
    if not state.players[seat].hand:
        events.append(
            Event(
                kind="no_card",
                seat=seat,
                text=f"{seat_ref(seat)} has no Captain's card to play or discard, "
                "and goes straight to the actions.",
            )
        )
        _start_actions(state, events)


# ------------------------------------------------------------------ the round
def advance(state: EmpiresState, events: list[Event]) -> None:
    """Runs the round on until someone has a decision to make (or the game ends)."""
    while not state.finished:
        if state.combat is not None:
            return
        if state.pending:
            if pending_has_choice(state):
                return
            state.pending.pop(0)
            continue
        phase = state.phase
        if phase == "round":
            _begin_round(state, events)
        elif phase == "production":
            _production(state, events)
            state.phase = "turns"
            state.order_index = 0
        elif phase == "turns":
            if state.turn_state is not None:
                return
            if state.order_index < state.seats:
                _start_turn(state, state.order()[state.order_index], events)
                continue
            state.phase = "bribe"
            if state.pirate_afloat and state.ship(PIRATE_ID) is not None:
                state.bribes = [None] * state.seats
                events.append(
                    Event(
                        kind="bribe_phase",
                        text="Bribe the Pirate: everyone chooses in secret an amount of "
                        "Gold, from none to all they hold; the highest bribe commands the "
                        "Pirate this round.",
                    )
                )
                return
            state.phase = "refill"
        elif phase == "bribe":
            return
        elif phase == "pirate":
            if state.turn_state is not None:
                return
            state.phase = "refill"
        elif phase == "refill":
            # after the last round no card will be played, so hands are not refilled; the
            # recovery still comes, as it ends every round
            if state.round < state.rounds:
                state.pending += [Pending(kind="refill", seat=s) for s in state.order()]
            state.phase = "recovery"
        elif phase == "recovery":
            _recovery(state, events)
            state.phase = "round_end"
        elif phase == "round_end":
            if state.round >= state.rounds:
                _end_game(state, events)
                return
            if state.round % state.per_era == 0:
                state.start_player = (state.start_player + 1) % state.seats
                events.append(
                    Event(
                        kind="era",
                        text=f"Era {state.era} ends; {seat_ref(state.start_player)}"
                        " is now the start player.",
                    )
                )
            state.phase = "round"
        else:
            return


def _begin_round(state: EmpiresState, events: list[Event]) -> None:
    state.round += 1
    state.turn += 1
    state.last_bribes = None
    state.weather = state.weather_deck.pop()
    state.history = state.history_deck.pop(0)
    w = content().weather_card(state.weather)
    h = content().history_card(state.history)
    events.append(
        Event(
            kind="weather",
            chance=True,
            text=f"Round {state.round}. Weather: {w.name}: {w.text}",
            data={"card": w.id},
        )
    )
    events.append(
        Event(
            kind="history",
            chance=True,
            text=f"History ({h.year}): {h.title}: {h.text}",
            data={"card": h.id},
        )
    )
    state.phase = "production"
    apply_history(state, events)


def _production(state: EmpiresState, events: list[Event]) -> None:
    for seat, player in enumerate(state.players):
        got = income(board(state), [p for p, hold in state.ports.items()
                                    if hold.owner == seat and produces(state, p)],
                     player.in_front)
        for r, n in got.items():
            setattr(player, r, getattr(player, r) + n)
        if any(got.values()):
            events.append(
                Event(
                    kind="produce",
                    seat=seat,
                    text=f"{seat_ref(seat)} collects "
                    + ", ".join(f"{n} {r.capitalize()}" for r, n in got.items() if n)
                    + ".",
                    data=got,
                )
            )


def _recovery(state: EmpiresState, events: list[Event]) -> None:
    """Rulebook, Combat: "At the end of a round, if a Player has no Ports, they may draw a Port
    card at random and take this Port at no cost. If they have no ships, they may launch a new
    Transport". Both are offered (each may be declined), in turn order, after every round
    including the last. Whether a player has no port or no ship is judged when the offer comes,
    so a port drawn first can be the one the Transport is launched from."""
    for seat in state.order():
        state.pending.append(Pending(kind="draw_port", seat=seat))
        state.pending.append(Pending(kind="launch", seat=seat, ship="transport", recovery=True))


def _draw_port(state: EmpiresState, seat: int, events: list[Event]) -> None:
    free = recovery_ports(state, seat)
    port_id = state.rng.choice(free)
    events.append(
        Event(
            kind="port_drawn",
            seat=seat,
            chance=True,
            text=f"{seat_ref(seat)} has no port and draws {port_card(state, port_id).name}.",
            data={"port": port_id},
        )
    )
    claim(state, seat, port_id, events, "takes command of")


def _end_game(state: EmpiresState, events: list[Event]) -> None:
    state.finished = True
    state.phase = "over"
    settle(state)
    state.end_reason = "The last History card has been played."
    events.append(
        Event(
            kind="game_over",
            text="The last round is over. Empire Scores: "
            + ", ".join(f"{seat_ref(s)} {v}" for s, v in enumerate(scores(state)))
            + ".",
        )
    )


def setup_board(state: EmpiresState) -> None:
    """Starting ports and Transports (rulebook: Player Setup)."""
    b = board(state)
    free = sorted(b.ports)
    for seat in range(state.seats):
        port_id = state.rng.choice(free)
        free.remove(port_id)
        state.ports[port_id].owner = seat
        state.players[seat].cubes -= 1
    for seat in range(state.seats):
        port_id = next(p for p, h in state.ports.items() if h.owner == seat)
        occupied = {s.cell for s in state.ships}
        cells = [c for c in b.sea_beside(b.ports[port_id].cell) if c not in occupied]
        if cells:
            launch(state, seat, "transport", cells[0], [])
    state.current = LastTurn()  # the starting pieces are no turn's change
