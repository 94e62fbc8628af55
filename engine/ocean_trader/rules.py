"""Rules shared by several moves: money, Bills of Lading, the World Trade cards in play, ports.

Money moves only through ``receive`` here and ``turns.pay``; a fee that cannot be paid eliminates
the player (rulebook, Method of Play: "At no time in the game can any ship owner owe money to the
Merchant Banker"), which is the flow of play's business, so ``pay`` lives with it."""

from __future__ import annotations

from engine.core import Event, seat_ref

from .content import OceanTraderContent, ocean_trader_content
from .state import OceanTraderState, OceanTraderView, Player, PlayerView, Ship, TradeSlot


def content() -> OceanTraderContent:
    return ocean_trader_content()


def money(amount: int) -> str:
    return f"£{amount:,}"


def port_name(port_id: str) -> str:
    return content().port(port_id).name


def goods_name(goods_id: str) -> str:
    return content().good(goods_id).name


def route_words(route_id: str) -> str:
    """A route as people say it: its name (``Western Ocean``), else ``between Liverpool and
    Bordeaux``; never the route's id."""
    route = content().route(route_id)
    if route.name:
        return route.name
    return f"between {port_name(route.a)} and {port_name(route.b)}"


def ship_ref(seat: int, number: int) -> str:
    return f"{seat_ref(seat)}'s ship {number}"


# --- money -----------------------------------------------------------------------------------
def receive(state: OceanTraderState, seat: int, amount: int) -> None:
    state.players[seat].cash += amount


# --- Bills of Lading and the World Trade cards -----------------------------------------------
def bills_out(state: OceanTraderState, goods: str) -> int:
    """Bills of Lading of ``goods`` not with the Banker: aboard ships or beside a card."""
    aboard = sum(s.cargo.count(goods) for p in state.players for s in p.ships)
    beside = sum(slot.sold for slot in state.in_play
                 if content().trade_card(slot.card).goods == goods)
    return aboard + beside


def bills_available(state: OceanTraderState, goods: str) -> int:
    return content().rules.bills_of_lading_per_goods.value - bills_out(state, goods)


def bills_left(state: OceanTraderState) -> dict[str, int]:
    """``bills_available`` for every goods, counted in one pass over the ships and the cards."""
    c = content()
    left = {g.id: c.rules.bills_of_lading_per_goods.value for g in c.goods.goods}
    for player in state.players:
        for ship in player.ships:
            for goods in ship.cargo:
                left[goods] -= 1
    for slot in state.in_play:
        if slot.sold:
            left[c.trade_card(slot.card).goods] -= slot.sold
    return left


def sale_price(slot: TradeSlot, goods: str) -> int:
    multipliers = content().rules.world_trade.sale_multipliers
    return content().good(goods).price * multipliers[min(slot.sold, len(multipliers) - 1)]


def dump_price(goods: str) -> int:
    return content().good(goods).price // content().rules.world_trade.unwanted_goods_divisor


def slot_of(state: OceanTraderState, card_id: str) -> TradeSlot | None:
    for slot in state.in_play:
        if slot.card == card_id:
            return slot
    return None


def wanting_cards(table: OceanTraderState | OceanTraderView, port: str, goods: str
                  ) -> list[TradeSlot]:
    """The World Trade cards in play that want ``goods`` at ``port`` (state or any view)."""
    c = content()
    return [slot for slot in table.in_play
            if c.trade_card(slot.card).port == port and c.trade_card(slot.card).goods == goods]


def wanted(table: OceanTraderState | OceanTraderView, goods: str) -> list[TradeSlot]:
    """The World Trade cards in play that want ``goods``, at any port (read off the state or
    any view: the cards are public). Goods no card wants are "no longer required": only they
    may be sold anywhere for half the price (rulebook, Selling Goods)."""
    c = content()
    return [slot for slot in table.in_play if c.trade_card(slot.card).goods == goods]


def card_text(card_id: str) -> str:
    card = content().trade_card(card_id)
    return f"{port_name(card.port)} wants {goods_name(card.goods)}"


def draw_trade_card(state: OceanTraderState, events: list[Event]) -> None:
    """Brings the top World Trade card into play, reshuffling the cards out of play into a new
    deck when it is empty (the rulebook does not say; the game would otherwise stall)."""
    if not state.trade_deck and state.trade_discard:
        state.trade_deck = state.trade_discard
        state.trade_discard = []
        state.rng.shuffle(state.trade_deck)
        events.append(Event(kind="deck_shuffled", chance=True,
                            data={"deck": "world_trade", "cards": len(state.trade_deck)},
                            text="The World Trade cards out of play are shuffled into a new "
                                 "deck."))
    if not state.trade_deck:
        return
    card = state.trade_deck.pop(0)
    state.in_play.append(TradeSlot(card=card))
    state.drawn.append(card)
    events.append(Event(kind="trade_card", chance=True, data={"card": card},
                        text=f"New World Trade card: {card_text(card)}."))


def remove_trade_card(state: OceanTraderState, slot: TradeSlot, why: str,
                      events: list[Event]) -> None:
    """The card leaves play (its Bills go back to the Banker) and is replaced at once."""
    state.in_play.remove(slot)
    state.trade_discard.append(slot.card)
    events.append(Event(kind="trade_card_out", data={"card": slot.card},
                        text=f"The card '{card_text(slot.card)}' leaves play ({why})."))
    draw_trade_card(state, events)


# --- ships and ports --------------------------------------------------------------------------
def can_trade(state: OceanTraderState, seat: int, ship: Ship) -> bool:
    """In port since before this turn, and neither sailed nor traded this turn."""
    return ship_may_trade(ship, state.players[seat].turns)


def ship_may_trade(ship: Ship, turns: int) -> bool:
    """``can_trade`` for a ship whose owner has played ``turns`` turns (read off a view too)."""
    return (ship.port is not None and not ship.traded and not ship.sailed
            and not ship.docked_now and not ship.new and ship.quarantine_through < turns)


def is_held(state: OceanTraderState, seat: int, ship: Ship) -> bool:
    return ship.held_through >= state.players[seat].turns


def must_sail(state: OceanTraderState, seat: int, ship: Ship) -> bool:
    """At sea and not held by a Prospect card: it must move this turn (rulebook, Sailing)."""
    return ship.port is None and not is_held(state, seat, ship) and not ship.sailed


def may_depart(state: OceanTraderState, seat: int, ship: Ship) -> bool:
    return (ship.port is not None and not ship.traded and not ship.sailed and not ship.new
            and not ship.docked_now and not is_held(state, seat, ship)
            and ship.quarantine_through < state.players[seat].turns)


def free_ship_number(state: OceanTraderState, seat: int) -> int | None:
    used = {s.number for s in state.players[seat].ships}
    for number in range(1, content().rules.ships.max_per_player + 1):
        if number not in used:
            return number
    return None


def policies_held(state: OceanTraderState, seat: int) -> int:
    """The office's policies: those covering its ships and its spare ones."""
    player = state.players[seat]
    return sum(1 for s in player.ships if s.insured) + player.spare_policies


def new_ship(number: int, insured: bool) -> Ship:
    return Ship(number=number, port=content().start_port, insured=insured, new=True)


def public_assets(state: OceanTraderState, seat: int) -> int:
    """The part of a player's total assets everyone can see: ships, their insurance and
    cargo, and spare policies (not cash or shares, which are secret)."""
    player = state.players[seat]
    return 0 if player.eliminated else office_assets(player)


def office_assets(player: Player | PlayerView) -> int:
    """What ``public_assets`` counts, from the office itself or from what a view shows of it."""
    values = content().rules.asset_values
    total = values.policy * player.spare_policies
    for ship in player.ships:
        total += values.ship + (values.policy if ship.insured else 0)
        total += sum(content().good(g).price for g in ship.cargo)
    return total


def total_assets(state: OceanTraderState, seat: int) -> int:
    player = state.players[seat]
    if player.eliminated:
        return 0
    share = content().rules.asset_values.share
    return public_assets(state, seat) + player.cash + share * player.shares


def shipless_turns_allowed(players_in: int) -> int:
    """Ruling "No ships left": the turns, all players' together, that may end with no ship held
    before the game ends (twelve each)."""
    return content().rules.no_ships_left.turns * players_in
