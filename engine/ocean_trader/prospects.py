"""Prospect cards: drawn when a ship ends its throw on a red space and obeyed at once
(rulebook, Sailing). Each card's effect is one entry of the vocabulary in ``effects.py``."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, seat_ref

from . import effects as E
from .rules import card_text, content, money, new_ship, receive, remove_trade_card, ship_ref
from .state import OceanTraderState, Pending, Ship
from .turns import pay

DriveBack = Callable[[OceanTraderState, int, Ship, int, list[Event]], None]
"""Moves a ship back along its route by so many spaces: ``movement``'s, passed in by the
sailing that drew the card (``movement`` draws the cards, so this module cannot import it)."""


def draw_prospect(state: OceanTraderState, seat: int, ship: Ship, events: list[Event],
                  drive_back: DriveBack) -> None:
    if not state.prospect_deck:
        state.prospect_deck = state.prospect_discard
        state.prospect_discard = []
        state.rng.shuffle(state.prospect_deck)
        events.append(Event(kind="deck_shuffled", chance=True,
                            data={"deck": "prospect", "cards": len(state.prospect_deck)},
                            text="The Prospect cards are shuffled into a new pack."))
    card_id = state.prospect_deck.pop(0)
    state.prospect_discard.append(card_id)
    state.last_prospect = card_id
    card = content().prospect(card_id)
    outcome = ""
    if isinstance(card.effect, E.CancelCategory) and not any(
            content().trade_card(slot.card).category == card.effect.category
            for slot in state.in_play):
        outcome = (f" No {content().category_name(card.effect.category)} card is in play, so "
                   f"none is cancelled.")
    elif isinstance(card.effect, E.LoseCargo) and not ship.cargo:
        outcome = " The ship carries no cargo, so nothing is lost."
    elif isinstance(card.effect, E.DividendPerShare) and state.variant == "short":
        # rulebook, Short Game: "ignoring the share certificates" (in the full game who
        # collects stays secret: each holder is told alone)
        outcome = " The short game has no share certificates, so nobody collects."
    events.append(Event(kind="prospect", seat=seat, chance=True,
                        data={"card": card_id, "ship": ship.number},
                        text=f"{ship_ref(seat, ship.number)} draws a Prospect card: "
                             f"{card.title}. {card.text}{outcome}"))
    apply_effect(state, seat, ship, card.effect, events, drive_back)


def apply_effect(state: OceanTraderState, seat: int, ship: Ship, effect: E.Effect,
                 events: list[Event], drive_back: DriveBack) -> None:
    player = state.players[seat]
    voyage = state.voyage
    if isinstance(effect, E.CancelCategory):
        name = content().category_name(effect.category)
        for slot in list(state.in_play):
            if content().trade_card(slot.card).category == effect.category:
                remove_trade_card(state, slot, f"{name} cancelled", events)
    elif isinstance(effect, E.MissTurns):
        ship.held_through = player.turns + effect.turns
    elif isinstance(effect, E.Move):
        if effect.spaces > 0 and voyage is not None:
            voyage.ship, voyage.steps = ship.number, effect.spaces
            voyage.card_move, voyage.forced = True, False
        elif effect.spaces < 0:
            drive_back(state, seat, ship, -effect.spaces, events)
    elif isinstance(effect, E.DoubleNextRoll):
        ship.double_next = True
    elif isinstance(effect, E.Pay):
        title = content().prospect(state.last_prospect).title if state.last_prospect else ""
        pay(state, seat, effect.amount, "a Prospect card", events,
            why=f"to the Banker, as the Prospect card {title} demands" if title else
            "to the Banker, as a Prospect card demands")
    elif isinstance(effect, E.Collect):
        receive(state, seat, effect.amount)
        events.append(Event(kind="collect", seat=seat, data={"amount": effect.amount},
                            text=f"{seat_ref(seat)} collects {money(effect.amount)}."))
    elif isinstance(effect, E.LoseShip):
        lose_ship(state, seat, ship, events)
    elif isinstance(effect, E.LoseCargo):
        count = min(effect.count, len(ship.cargo))
        if count and len(set(ship.cargo)) == 1:
            for _ in range(count):
                lose_cargo(state, seat, ship, ship.cargo[0], events)
        elif count:
            state.pending = Pending(kind="jettison", seat=seat, ship=ship.number, count=count)
    elif isinstance(effect, E.DividendPerShare):
        for other, holder in enumerate(state.players):
            if holder.shares and not holder.eliminated:
                amount = effect.amount * holder.shares
                receive(state, other, amount)
                events.append(Event(kind="dividend", seat=other, to=[other],
                                    data={"amount": amount},
                                    text=f"You collect a dividend of {money(amount)}."))
    elif isinstance(effect, E.ToNextPort):
        if voyage is not None and ship.route is not None:
            voyage.ship, voyage.steps = ship.number, content().route(ship.route).spaces + 2
            voyage.card_move, voyage.forced = True, True
            if effect.quarantine:
                ship.quarantine_through = player.turns + 1
    elif isinstance(effect, E.PeekTradeDeck):
        count = min(effect.count, len(state.trade_deck))
        cards = state.trade_deck[:count]
        if count:
            events.append(Event(kind="peek", seat=seat, to=[seat], reveals=True,
                                data={"cards": cards},
                                text="The top World Trade cards are: " + "; ".join(
                                    card_text(c) for c in cards) + "."))
        if count > 1:
            del state.trade_deck[:count]
            state.pending = Pending(kind="order_cards", seat=seat, cards=cards)


def lose_ship(state: OceanTraderState, seat: int, ship: Ship, events: list[Event]) -> None:
    """Ship and cargo are lost; a policy pays a new ship at Liverpool and the cargo's value."""
    player = state.players[seat]
    value = sum(content().good(g).price for g in ship.cargo)
    player.ships.remove(ship)
    if state.voyage is not None and state.voyage.ship == ship.number:
        state.voyage.ship = None
    if ship.insured:
        replacement = new_ship(ship.number, insured=True)
        player.ships.append(replacement)
        player.ships.sort(key=lambda s: s.number)
        receive(state, seat, value)
        events.append(Event(kind="ship_lost", seat=seat,
                            data={"ship": ship.number, "insured": True, "paid": value},
                            text=f"{ship_ref(seat, ship.number)} is lost. The insurance pays a "
                                 f"new ship at {content().port(content().start_port).name} and "
                                 f"{money(value)} for the cargo."))
    else:
        events.append(Event(kind="ship_lost", seat=seat,
                            data={"ship": ship.number, "insured": False, "paid": 0},
                            text=f"{ship_ref(seat, ship.number)} is lost with its cargo, "
                                 f"uninsured."))


def lose_cargo(state: OceanTraderState, seat: int, ship: Ship, goods: str,
               events: list[Event]) -> None:
    ship.cargo.remove(goods)
    paid = content().good(goods).price if ship.insured else 0
    if paid:
        receive(state, seat, paid)
    events.append(Event(kind="cargo_lost", seat=seat,
                        data={"ship": ship.number, "goods": goods, "paid": paid},
                        text=f"{ship_ref(seat, ship.number)} loses a cargo of "
                             f"{content().good(goods).name}"
                             + (f"; the insurance pays {money(paid)}." if paid else ".")))
