"""Card effects: the closed vocabulary in ``effects.py``, interpreted here.

Effects that need no choice happen at once; the others wait as a pending decision of the player
(or, for Pirates, of the other players)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Event, seat_ref

from .board import board
from .content import ships_content
from .content_models import Gain
from .economy import gain, gain_gold
from .effects import (
    ConvertGoods,
    GainEffect,
    GainGoodsOfChoice,
    OpponentsDiscardGoods,
    PerOwnCube,
    PerOwnShip,
)
from .state import Pending, ShipsState

INTERACTIVE = ("place_ship", "upgrade_ship", "sell_goods", "remove_ships_from_one_age",
               "retrieve_cubes")


def resolve_card(state: ShipsState, seat: int, card_id: str, events: list[Event]) -> None:
    card = ships_content().card(card_id)
    who = seat_ref(seat)
    received: list[str] = []
    for effect in card.effects:
        if isinstance(effect, GainEffect):
            received.append(gain(state, seat, effect.what, effect.amount, events))
        elif isinstance(effect, PerOwnShip):
            age, side, _ = ships_content().ship_box(effect.box)
            count = getattr(state.ages[age.age - 1], side).count(seat)
            for g in effect.each:
                if count:
                    received.append(gain(state, seat, g.what, g.amount * count, events))
        elif isinstance(effect, PerOwnCube):
            count = own_cubes(state.trade, seat, effect)
            for g in effect.each:
                if count:
                    received.append(gain(state, seat, g.what, g.amount * count, events))
        elif isinstance(effect, GainGoodsOfChoice):
            state.pending.append(Pending(kind="choose", seats=[seat], card=card_id,
                                         count=effect.amount, excluded=list(effect.excluded)))
        elif isinstance(effect, ConvertGoods):
            state.pending.append(Pending(kind="convert", seats=[seat], card=card_id,
                                         excluded=list(effect.excluded)))
        elif isinstance(effect, OpponentsDiscardGoods):
            victims = [s for s in range(state.seats) if s != seat
                       and state.players[s].goods_count() > 0]
            if victims:
                state.pending.append(Pending(kind="pirates", seats=victims, card=card_id,
                                             count=effect.amount))
        elif effect.effect in INTERACTIVE:
            state.pending.append(Pending(kind="card", seats=[seat], card=card_id))
    if received:
        events.append(Event(kind="card_gain", seat=seat,
                            text=f"{who} received {_received(received)}."))


def idle_notes(state: ShipsState, seat: int, card_id: str) -> list[str]:
    """Sentences for the card's effects that bring nothing as the table stands, said when the
    card is taken (before it is carried out), so that a card taken for nothing does not pass in
    silence: no ship in the box it counts, no cube where it counts them, no wine to convert, no
    other player with a good to give up."""
    content = ships_content()
    who = seat_ref(seat)
    notes = []
    for effect in content.card(card_id).effects:
        if isinstance(effect, PerOwnShip):
            age, side, box = content.ship_box(effect.box)
            if not getattr(state.ages[age.age - 1], side).count(seat):
                notes.append(f"{who} has no ship in the {box.name} box: "
                             f"no {_gain_words(effect.each)} from it.")
        elif isinstance(effect, PerOwnCube) and not own_cubes(state.trade, seat, effect):
            if effect.in_location is not None:
                where = f"the {content.location(effect.in_location).name} location"
            else:
                good = effect.in_trade_box_with or ""
                where = f"{'an' if good[:1] in 'aeiou' else 'a'} {good} trade box"
            notes.append(f"{who} has no cube in {where}: "
                         f"no {_gain_words(effect.each)} from it.")
        elif isinstance(effect, ConvertGoods) and not state.players[seat].goods.get(effect.good):
            notes.append(f"{who} has no {effect.good} to convert.")
        elif isinstance(effect, OpponentsDiscardGoods) and not any(
                state.players[s].goods_count() for s in range(state.seats) if s != seat):
            notes.append("No other player has a good to return.")
    return notes


def _gain_words(gains: tuple[Gain, ...]) -> str:
    """What a per-ship or per-cube effect gives ("VP", "gold or navigation"), for the words
    "no ... from it"."""
    return " or ".join("VP" if g.what == "vp" else g.what.replace("_", " ") for g in gains)


def _received(parts: list[str]) -> str:
    """What a card gave, listed first, and then what became of it (a full bank, a short pool):
    each part is what was got, with its notes after a semicolon (``economy.gold_text``)."""
    got, notes = [], []
    for part in parts:
        head, *rest = part.split("; ")
        got.append(head)
        notes += rest
    listed = got[0] if len(got) == 1 else f"{', '.join(got[:-1])} and {got[-1]}"
    return "; ".join([listed, *notes])


def own_cubes(trade: Mapping[str, int], seat: int, effect: PerOwnCube) -> int:
    """The seat's cubes in the trade boxes (``trade``, a state's or a view's) that ``effect``
    counts: of a location or of a good. Area 7's merchant box is no trade box and never
    counts."""
    b = board()
    count = 0
    for space, owner in trade.items():
        if owner != seat:
            continue
        box = b.trade[space]
        if effect.in_location is not None and box.location == effect.in_location:
            count += 1
        elif effect.in_trade_box_with is not None and box.good == effect.in_trade_box_with:
            count += 1
    return count


def convert_bonus(state: ShipsState, seat: int, pending: Pending,
                  events: list[Event]) -> list[str]:
    """What one good converted brings, and its words ("1 gold", "1 VP"). The gold of all the
    card's conversions is one gain: a full bank's surplus coins (kept count of in
    ``pending.count``) pair into VP across them, told by a line of their own."""
    if pending.card is None:
        return []
    got = []
    for effect in ships_content().card(pending.card).effects:
        if isinstance(effect, ConvertGoods):
            for g in effect.each:
                if g.what == "gold":
                    before = state.players[seat].gold
                    pending.count += gain_gold(state, seat, g.amount, events,
                                               carried=pending.count)
                    if state.players[seat].gold > before:
                        got.append(f"{state.players[seat].gold - before} gold")
                else:
                    got.append(gain(state, seat, g.what, g.amount, events))
    return got
