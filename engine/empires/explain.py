"""Why a move is refused, in words a player can act on. Legality itself is decided by
``legal_actions`` alone; this only finds the most useful reason."""

from __future__ import annotations

from engine.core import Action, Rejection
from engine.core.words import count

from . import actions as A
from .cards import either
from .combat import counter_limit, named_ship
from .effects import ShipKind
from .rules import (
    NO_SAIL_LIMIT,
    attack_banned,
    closed_regions,
    content,
    cost_text,
    has,
    max_sail,
    port_card,
    ports_beside_ship,
    sailing_allowed,
    trade_banned,
)
from .state import PIRATE_ID, PIRATES_BAY, EmpiresState

PENDING_TEXT = {
    "claim": "choose a port to take free (or decline)",
    "choose_resource": "choose the resources the History card gives you",
    "launch": "choose where to launch your free ship (or decline)",
    "relocate": "move your strongest ship into the Mediterranean",
    "free_attack": "make the History card's free attack (or decline)",
    "refill": "discard Captain's Orders if you wish, then refill your hand",
    "draw_port": "draw a free Port card at random (or decline)",
}


PIRATES_TURN = ("On the Pirate's turn you command only the Pirate: it sails and attacks, and "
                "/empires end ends its turn.")


def explain(state: EmpiresState, seat: int, action: Action) -> Rejection:
    reason = _reason(state, seat, action)
    return Rejection(
        code="illegal",
        message=reason or "That move is not possible now. Use /move to see your legal moves.",
        params={"type": action.type},
    )


def _no_bribe(state: EmpiresState) -> str:
    """Why a bribe is refused outside the bribe phase."""
    if not state.pirate_afloat:
        return ("There is no bribe to make now: the Pirate has been sunk, so there is no more "
                "Pirate bribe this game.")
    return ("There is no bribe to make now: the Pirate bribe is chosen in secret once every "
            "player has had a turn this round.")


def _reason(state: EmpiresState, seat: int, action: Action) -> str | None:
    c = state.combat
    if c is not None:
        if c.stage == "targets":
            # rulebook, Fleet Attacks: "A Ship of the Line may counter-attack up to two
            # attacking ships. Frigates and Transports must chose one ship to counterattack."
            limit = counter_limit(state, c)
            aim = "one ship" if limit == 1 else f"up to {count(limit, 'ship')}"
            ships = either([f"{named_ship(state, s)} ({s})" for s in c.ships])
            return (f"Name the attacking ships your counter-attack aims at: your "
                    f"{content().rules.table_of_war.ships[_target_kind(state)].name} may aim "
                    f"at {aim}, chosen from {ships}. /empires decide lists the choices.")
        if not isinstance(action, (A.PlayOrder, A.Pass)):
            return "An attack is being fought: play a Captain's Order or pass."
        if isinstance(action, A.PlayOrder):
            if action.card not in state.players[seat].hand:
                return f"You hold no {_card_name(action.card)}."
            return (
                f"{_card_name(action.card)} cannot be played like that in this attack: orders "
                "help only your own ships and ports, and re-rolls and counter-attack "
                "bonuses wait until the dice are rolled."
            )
        return None
    if state.pending:
        p = state.pending[0]
        return f"First {PENDING_TEXT[p.kind]}."
    if state.phase == "bribe":
        if isinstance(action, A.Bribe):
            return f"You have {state.players[seat].gold} Gold; bribe between 0 and that."
        return "Everyone is choosing a secret bribe for the Pirate: send a bribe (0 is allowed)."
    if isinstance(action, A.Bribe):
        return _no_bribe(state)
    turn = state.turn_state
    if turn is None:
        return "Nobody may act now."
    player = state.players[seat]
    if turn.pirate and not isinstance(action, (A.Sail, A.Attack, A.EndTurn)):
        return PIRATES_TURN
    if turn.stage == "card":
        if isinstance(action, (A.PlayCard, A.DiscardCard)):
            if action.card not in player.hand:
                return f"You hold no {_card_name(action.card)}."
            if isinstance(action, A.PlayCard):
                card = content().captain(action.card)
                if not has(player, card.cost_of()):
                    return (
                        f"{card.name} costs {cost_text(card.cost_of())}; you have "
                        f"{player.gold} Gold, {player.steel} Steel, {player.wood} Wood. "
                        "Play another card or discard one for 3 Gold."
                    )
                if card.type == "order":
                    return (
                        f"{card.name} is a Captain's Order for combat; keep it for an attack "
                        "and play or discard another card now."
                    )
                return (
                    f"{card.name} has no valid target there: choose a place where it can "
                    "act, or discard a card for 3 Gold."
                )
            return None
        return (
            "Start your turn by playing one Captain's card (paying its cost) or discarding "
            "one for 3 Gold; you may not pass."
        )
    if isinstance(action, (A.PlayCard, A.DiscardCard)):
        return "You have already played your Captain's card this turn."
    ship_id = getattr(action, "ship", None)
    if isinstance(action, (A.Sail, A.Attack)):
        ship = state.ship(ship_id or "")
        if ship is None:
            return f"There is no ship {ship_id!r} on the map."
        if turn.pirate and ship.id != PIRATE_ID:
            return "On the Pirate's turn you command only the Pirate."
        if not turn.pirate and ship.owner != seat:
            return f"{ship_id} is not your ship."
    no_actions = turn.actions <= 0
    if isinstance(action, A.Sail):
        if not sailing_allowed(state):
            return "The Weather (Becalmed) allows no Sailing this round."
        if no_actions:
            return "You have no actions left: end your turn."
        if action.via is not None and turn.turned:
            return "Your Marine Chronometer's turn is used once per turn."
        ship = state.ship(action.ship)
        assert ship is not None
        b = content().board(state.side)
        for region in closed_regions(state):
            weather = content().weather_card(state.weather or "")
            if b.in_region(ship.cell, region):
                return f"The Weather ({weather.name}): {weather.text} This ship is there."
            if b.in_region(action.to, region):
                return (f"The Weather ({weather.name}): {weather.text} That cell is there: "
                        "sail the ship elsewhere.")
        limit = max_sail(state)
        reach = f", at most {limit} cells this round," if limit < NO_SAIL_LIMIT else ""
        return (
            f"A ship sails in one straight line{reach} and stops before land, a port or "
            "another ship (and the Weather may close a region). Pick a reachable cell."
        )
    if isinstance(action, (A.Trade, A.BuyPort, A.Attack)) and no_actions:
        return "You have no actions left: end your turn."
    if isinstance(action, A.Trade):
        if action.port not in state.ports:
            return f"There is no port {action.port!r} on this map."
        if trade_banned(state, seat, action.port):
            return "The History card forbids trading at that port this round."
        if getattr(player, action.give) < 1:
            return f"You have no {action.give.capitalize()} to give."
        beside = any(action.port in ports_beside_ship(state, s)
                     for s in state.ships if s.owner == seat)
        if beside and action.give == port_card(state, action.port).produces:
            give = action.give.capitalize()
            return (f"Paying {give} for {give} gains nothing unless a card gives more than "
                    "one for one: give another resource.")
        return "Trade needs one of your ships beside the port."
    if isinstance(action, A.BuyPort):
        if action.port not in state.ports:
            return f"There is no port {action.port!r} on this map."
        if state.ports[action.port].owner is not None:
            return "That port is already controlled: attack it to take it."
        if not has(player, content().rules.turn.buy_port_cost):
            return "A port costs 1 Gold, 1 Steel and 1 Wood."
        if player.cubes < 1:
            return "You have no port cube left."
        return (
            "Buying a port needs one of your ships beside it (and the History card may "
            "close the Americas)."
        )
    if isinstance(action, A.Attack):
        target_ship = state.ship(action.target)
        defender = (
            target_ship.owner
            if target_ship
            else (state.ports[action.target].owner if action.target in state.ports else None)
        )
        if turn.pirate:
            # rulebook, Piracy: the Pirate sails "and attack[s] the other Players"
            if action.target == PIRATES_BAY:
                return ("The Pirate does not attack Pirate's Bay: it attacks the other "
                        "players' ships and ports.")
            if defender == seat:
                return ("The Pirate attacks the other players' ships and ports, never those "
                        "of the player commanding it.")
            return "The Pirate attacks a ship or port of another player beside it."
        if target_ship is None and action.target != PIRATES_BAY:
            if action.target not in state.ports:
                return f"There is no ship or port {action.target!r} to attack."
            if defender is None:
                return (f"{port_card(state, action.target).name} is held by nobody: there is "
                        "no enemy to attack there, but a ship beside it may buy it.")
        why = attack_banned(
            state, seat, defender if defender is not None and defender >= 0 else None
        )
        if why:
            return f"No attack: {why}"
        if defender == seat:
            return "You cannot attack your own ships or ports."
        return (
            "Every attacking ship must be beside the target, which must be an enemy ship or "
            "port (or Pirate's Bay)."
        )
    if isinstance(action, A.PlayOrder):
        return "Only Full Sail can be played outside combat, on your own turn."
    return "That is not a move for this moment of the turn."


def _target_kind(state: EmpiresState) -> ShipKind:
    """The kind of the ship an attack aims at (the combat's target is a ship)."""
    assert state.combat is not None
    ship = state.ship(state.combat.target)
    assert ship is not None
    return ship.kind


def _card_name(card_id: str) -> str:
    try:
        return content().captain(card_id).name
    except KeyError:
        return f"card {card_id!r}"
