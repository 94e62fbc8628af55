"""Why a /ships command has no move that fits what was typed: read off the seat's view (which
shows the whole table), in the same words as :mod:`engine.ships.explain` uses for a whole move.

The command table asks this only once no legal move of a command agrees with the options typed
and no whole move can be built for the engine to explain; legality stays with
``legal_actions``. Every reason given is a fact of the table that rules out every move the
command could make (or every one with the value typed); when none is known, None leaves the
table's own answer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import seat_ref
from engine.core.words import count

from .board import REST_AREA, board
from .content import ships_content
from .economy import bank_space
from .effects import PlaceShip as PlaceShipEffect
from .effects import RetrieveCubes
from .explain import (
    CARD_MOVES,
    DECISION_MOVES,
    TOOK_CARD,
    age_refusal,
    board_label,
    boxes_hold,
    card_effect,
    card_name,
    cost_text,
    either,
    missing,
    no_pay_text,
    nothing_back_yet,
    nothing_waiting,
    pay_reason,
    pending_text,
    pool_reason,
    retrieve_started,
    return_reason,
    sale_reason,
    spaces_reason,
    waiting_text,
)
from .legal import PAY_WITH
from .rules import (
    LAST_AGE,
    SPICE_EXTRA_CUBES,
    age_options,
    area_options,
    card_action_effect,
    free_city_spaces,
    free_trade_boxes,
    gold_cost,
    metal_range,
    own_cube_areas,
    own_ships,
    pay_options,
    placement_rules,
    wine_range,
)
from .state import Pending, ShipsView


@dataclass(frozen=True)
class Asked:
    """What the options typed for a command say, read as far as they can be (None: left out,
    or not readable). ``spaces`` are the board's spaces the text named; when it names none or
    several of them, ``where`` is the text as typed and ``spaces`` the ones it might mean."""

    pay: str | None = None
    age: int | None = None
    box: str | None = None
    spaces: tuple[str, ...] | None = None
    where: str | None = None
    ship: tuple[int, str] | None = None
    card: str | None = None
    goods: tuple[tuple[str, int], ...] | None = None
    sources: tuple[int, ...] | None = None
    boxes: tuple[str, ...] | None = None
    good: str | None = None
    disc: str | None = None
    industry: bool = False
    wine: int | None = None
    metal: int | None = None


def why_none(kind: str, asked: Asked, view: ShipsView) -> str | None:
    """Why none of the viewer's legal moves of ``kind`` (the first action type of a command)
    agrees with what was ``asked``, from what the view shows: the game is over, it is not the
    viewer's turn, a decision waits first, or what the move needs and the viewer lacks. None
    when none of these is known to be the reason."""
    seat = view.viewer
    if seat is None or not 0 <= seat < len(view.players):
        return None
    if view.scores is not None:
        return "This game is over."
    if view.pending:
        pending = view.pending[0]
        if seat not in pending.seats:
            return waiting_text(view)
        if pending.kind != "card":
            if kind != DECISION_MOVES[pending.kind]:
                return f"First {pending_text(view, seat)}."
            return _decision_none(kind, asked, view, seat, pending)
        if kind == "skip_card":
            effect = card_action_effect(pending.card) if pending.card else None
            started = isinstance(effect, RetrieveCubes) and pending.count > 0
            return retrieve_started(pending) if started else None
        if kind != CARD_MOVES.get(card_effect(pending.card) or "") or \
                asked.pay not in (None, "card"):
            return f"First {pending_text(view, seat)}."
        return _turn_none(kind, asked, view, seat, pending)
    if seat != view.active:
        return f"It is {seat_ref(view.active)}'s turn, not yours."
    waiting = nothing_waiting(kind)
    if waiting:
        return waiting
    return _turn_none(kind, asked, view, seat, None)


def _decision_none(kind: str, asked: Asked, view: ShipsView, seat: int, pending: Pending
                   ) -> str | None:
    player = view.players[seat]
    if asked.good is None:
        return None
    if kind == "discard_good":
        return return_reason(player, asked.good)
    if kind == "convert_wine" and player.goods.get("wine", 0) < 1:
        return "You have no wine left to turn into other goods: stop converting."
    return pool_reason(view, pending, asked.good)


def _turn_none(kind: str, asked: Asked, view: ShipsView, seat: int, pending: Pending | None
               ) -> str | None:
    """In the seat's own turn (or for the card it carries out, ``pending``): what the command's
    moves need that the seat lacks."""
    pays = ["card"]
    if pending is None:
        pays = pay_options(view, seat)
        if asked.pay is not None:
            if asked.pay not in pays:
                return pay_reason(view, seat, asked.pay)
            pays = [asked.pay]
        if not pays:
            return no_pay_text(view, seat)
    player = view.players[seat]
    if asked.wine:
        if pending is not None:
            return "A card's action costs no gold: leave out wine."
        if asked.wine > player.goods.get("wine", 0):
            return f"You have {player.goods.get('wine', 0)} wine, not {asked.wine}."
    if asked.metal and asked.metal > player.goods.get("metal", 0):
        return f"You have {player.goods.get('metal', 0)} metal, not {asked.metal}."
    card = pending.card if pending is not None else None
    needs = {
        "place_ship": _place_none, "upgrade_ship": _upgrade_none, "remove_ship": _remove_none,
        "take_card": _card_none, "take_gold": _gold_none, "sell_goods": _sell_none,
        "retrieve": _retrieve_none, "remove_ships": _remove_ships_none,
    }.get(kind)
    reason = needs(asked, view, seat, pays, card) if needs is not None else None
    if reason or pending is not None:
        return reason
    return _cost_none(kind, asked, view, seat, pays)


def _cost_none(kind: str, asked: Asked, view: ShipsView, seat: int, pays: list[str]
               ) -> str | None:
    """The gold the command costs when the seat cannot pay it whichever way it pays."""
    if kind not in ("place_ship", "upgrade_ship", "remove_ship", "take_card", "take_gold",
                    "take_navigation", "sell_goods", "retrieve"):
        return None
    extra = 0
    if kind == "take_card":
        cards = [asked.card] if asked.card in view.display else view.display
        extra = min((ships_content().card(c).gold_cost.value for c in cards if c), default=0)
    player = view.players[seat]
    costs = sorted((gold_cost(kind, pay) + extra, pay) for pay in pays)
    if kind == "sell_goods":
        if any(_sale_paid(view, seat, asked, pay, cost) for cost, pay in costs):
            return None
        cost, pay = costs[0]
        if wine_range(view, seat, cost):  # only the wine for sale could pay
            return (f"That costs {cost} gold when you {PAY_WITH[pay]}; you have {player.gold}, "
                    "and wine you sell cannot also pay for the sale.")
        return cost_text(view, seat, cost, pay)
    if any(wine_range(view, seat, cost) for cost, _ in costs):
        return None
    cost, pay = costs[0]
    return cost_text(view, seat, cost, pay)


def _sale_paid(view: ShipsView, seat: int, asked: Asked, pay: str, cost: int) -> bool:
    """Whether some sale (of the goods asked, or of any the seat holds) can pay ``cost``: wine
    that is sold cannot also pay, nor oil that pays for the action be sold."""
    if asked.goods is not None:
        return bool(wine_range(view, seat, cost, dict(asked.goods).get("wine", 0)))
    held = dict(view.players[seat].goods)
    if pay == "oil":
        held["oil"] = held.get("oil", 0) - 1
    if any(n > 0 for good, n in held.items() if good != "wine") and wine_range(view, seat, cost):
        return True
    return held.get("wine", 0) > 0 and bool(wine_range(view, seat, cost, 1))


def _place_none(asked: Asked, view: ShipsView, seat: int, pays: list[str], card: str | None
                ) -> str | None:
    player = view.players[seat]
    ages = age_options(view)
    if asked.age is not None:
        if asked.age not in [o.age for o in ages]:
            return age_refusal(view, [o.age for o in ages], asked.age, None)
        ages = [o for o in ages if o.age == asked.age]
    era = board().age_era
    stocked = [o for o in ages if player.ships.get(era[o.age], 0) > 0]
    within = [o for o in stocked if metal_range(view, seat, o.navigation)]
    if not within:
        bare = [o for o in ages if o not in stocked]
        lacking = " or ".join(dict.fromkeys(era[o.age] for o in bare))
        if not stocked:
            return f"You have no {lacking} ship counters left."
        far = min(stocked, key=lambda o: o.navigation)
        needs = (f"Age {far.age} needs {count(far.navigation, 'navigation counter')}; "
                 f"{_you_have(view, seat)}.")
        if not bare:
            return needs
        return f"You have no {lacking} ship counters left for Age {bare[0].age}, and {needs}"
    return _target_none(asked, view, seat, placement_rules(card), [o.navigation for o in within],
                        card)


def _upgrade_none(asked: Asked, view: ShipsView, seat: int, pays: list[str], card: str | None
                  ) -> str | None:
    ships = own_ships(view, seat)
    if asked.ship is not None:
        if asked.ship not in ships:
            return f"You have no ship in Age {asked.ship[0]}'s {asked.ship[1]} box."
        ships = [asked.ship]
    if not ships:
        return "You have no ship on the Ship Age track to move up."
    movable = [s for s in ships if s[0] < LAST_AGE]
    if not movable:
        return f"A ship in Age {LAST_AGE} cannot move up, and your ships are all there."
    navigation = [age_options(view, s[0])[0].navigation for s in movable]
    if not any(metal_range(view, seat, n) for n in navigation):
        return (f"Moving any of your ships up opens a new age, which needs at least "
                f"{count(min(navigation), 'navigation counter')}; {_you_have(view, seat)}.")
    return _target_none(asked, view, seat, placement_rules(card), navigation, card)


def _target_none(asked: Asked, view: ShipsView, seat: int, rules: PlaceShipEffect,
                 age_navigation: list[int], card: str | None) -> str | None:
    """What a ship placed at one of the ages costing ``age_navigation`` lacks: a cube or a disc
    (or a food) to put down, or a free space to put it in."""
    if asked.box is not None and rules.box is not None and asked.box != rules.box:
        return f"The {card_name(card)} card places a ship in the {rules.box} box only."
    player = view.players[seat]
    if asked.industry and player.industry < 1:
        return "You have no industry counter."
    box = asked.box or rules.box
    if asked.disc is not None:
        if box == "merchant":
            return "A merchant ship places a cube, not a city disc: leave out the disc."
        box = "warship"
        short = missing(view, seat, box, rules)
        if short:
            return f"You have {short}."
        if (player.warehouse_discs if asked.disc == "warehouse" else player.bank_discs) < 1:
            other = "bank" if asked.disc == "warehouse" else "warehouse"
            return f"Your {asked.disc} row has no city disc left; take it from your {other} row."
    if asked.industry and box == "warship":
        return "An industry counter adds a good in a trade box, not in a city."
    cheapest = min(age_navigation, default=0)
    if asked.spaces is not None and asked.where is None:
        return spaces_reason(view, seat, asked.spaces, box, rules, cheapest)
    if asked.spaces is not None:  # the text named no space, or several: what they share
        if not asked.spaces:
            return f"There is no space {asked.where!r} on the board."
        areas = {board().area_of(s) for s in asked.spaces}
        allowed = [o.area for o in area_options(view)]
        if len(areas) == 1 and not areas & set(allowed):
            shown = " or ".join(f"Area {a}" for a in allowed)
            return (f"Cubes and discs go to {shown} now, not Area {areas.pop()} "
                    f"({_place_of(asked.spaces) or asked.where}).")
        several = _several_reason(view, seat, asked.spaces, asked.where or "", box, rules,
                                  cheapest)
        if several:
            return several
    sides = [box] if box else ["merchant", "warship"]
    lacks = [missing(view, seat, side, rules) for side in sides]
    if all(lacks):
        return "You have " + ", and ".join(lack for lack in lacks if lack) + "."
    can = [side for side, lack in zip(sides, lacks, strict=True) if not lack]
    reachable = [o.area for o in area_options(view)
                 if metal_range(view, seat, cheapest + o.navigation)]
    if not reachable:
        return None
    spice: list[str] = []
    few: list[str] = []
    for side in can:
        if side == "warship":
            if any(free_city_spaces(view, a) for a in reachable):
                return None
            continue
        free = [t for a in reachable for t in free_trade_boxes(view, a)]
        if rules.merchant_cubes > 1:
            if len(free) >= rules.merchant_cubes:
                return None
            few = free
        elif any(not missing(view, seat, side, rules, (t,)) for t in free):
            return None
        else:
            spice += free
    if few:
        return (f"The {card_name(card)} card places {rules.merchant_cubes} cubes, and only "
                f"{count(len(few), 'trade box', 'trade boxes')} you can reach "
                f"{'is' if len(few) == 1 else 'are'} free.")
    if spice:
        stock = view.players[seat].stock_cubes
        named = either([board_label([s]) for s in spice])
        return (f"The only free trade {'box' if len(spice) == 1 else 'boxes'} you can reach "
                f"{'is' if len(spice) == 1 else 'are'} {named}: "
                f"a spice box takes {1 + SPICE_EXTRA_CUBES} of your merchant cubes (one stays in "
                f"the Spice box), and you have {stock} in your available stock.")
    what = {"merchant": "trade box", "warship": "city space"}
    spaces = " and every ".join(what[side] for side in can)
    text = f"Every {spaces} you can reach ({' or '.join(f'Area {a}' for a in reachable)}) is taken"
    far = [o for o in area_options(view) if o.area not in reachable]
    if far:
        text += (f"; Area {far[0].area} needs "
                 f"{count(cheapest + far[0].navigation, 'navigation counter')}, and "
                 f"{_you_have(view, seat)}")
    return text + "."


def _you_have(view: ShipsView, seat: int) -> str:
    """The navigation a player has to reach an area or age with, and the metal it may
    exchange for more."""
    player = view.players[seat]
    return (f"you have {player.navigation} (and {player.goods.get('metal', 0)} metal to "
            f"exchange)")


def _several_reason(view: ShipsView, seat: int, spaces: Sequence[str], where: str,
                    box: str | None, rules: PlaceShipEffect, cheapest: int) -> str | None:
    """Why none of the ``spaces`` a name stands for ("china", "rest of the world") takes the
    cube or disc: their area is not yet open and the navigation to open it is short, or they
    are taken (and any left lack the same thing). None when one of them could take it."""
    b = board()
    areas = {b.area_of(s) for s in spaces}
    name = _place_of(spaces) or ("the Rest of the World" if areas == {REST_AREA} else where)
    options = {o.area: o for o in area_options(view)}
    if len(areas) == 1 and (option := options.get(next(iter(areas)))) is not None:
        navigation = cheapest + option.navigation
        if option.navigation and not metal_range(view, seat, navigation):
            return (f"Placing in {name} opens Area {option.area}: you need "
                    f"{count(navigation, 'navigation counter')}; {_you_have(view, seat)}.")
    taken = [s for s in spaces if s in view.trade or s in view.cities]
    if not taken or rules.merchant_cubes != 1:
        return None
    kinds = " and every ".join(dict.fromkeys(
        "trade box" if s in b.trade else "city space" for s in taken))
    taken_text = f"every {kinds} of {name} is taken"
    free = [s for s in spaces if s not in taken]
    if not free:
        return taken_text[0].upper() + taken_text[1:] + "."
    reasons = {spaces_reason(view, seat, [s], box, rules, cheapest) or "" for s in free}
    if len(reasons) == 1 and "" not in reasons:
        return f"{reasons.pop().removesuffix('.')}, and {taken_text}."
    return None


def _place_of(spaces: Sequence[str]) -> str | None:
    """The name of the one location all ``spaces`` are in, if they are in one."""
    b = board()
    places = {b.trade[s].location if s in b.trade else
              b.cities[s].location if s in b.cities else "" for s in spaces}
    if len(places) != 1 or "" in places:
        return None
    return b.location_names[places.pop()]


def _remove_none(asked: Asked, view: ShipsView, seat: int, pays: list[str], card: str | None
                 ) -> str | None:
    ships = own_ships(view, seat)
    if asked.ship is not None and asked.ship not in ships:
        return f"You have no ship in Age {asked.ship[0]}'s {asked.ship[1]} box to remove."
    if not ships:
        return "You have no ship on the Ship Age track to remove."
    return None


def no_card_left(era: str) -> str:
    """Why the display is empty: when it is dealt again (the first ship in the next era's first
    age), or that it never is (rulebook, An Explanation of the Cards: a new era's twelve)."""
    content = ships_content()
    names = {e.id: e.name for e in content.ages.eras}
    eras = list(names)
    if era not in eras or era == eras[-1]:
        return (f"No card is left on display, and none come out again: the {names.get(era, era)}"
                " is the last.")
    following = eras[eras.index(era) + 1]
    age = min(a for a, e in board().age_era.items() if e == following)
    shown = content.components.setup.cards_on_display
    return (f"No card is left on display; {shown} cards of the {names[following]} come out "
            f"when the first ship goes into Age {age}.")


def _card_none(asked: Asked, view: ShipsView, seat: int, pays: list[str], card: str | None
               ) -> str | None:
    if view.players[seat].took_card:
        return TOOK_CARD
    if not view.display:
        return no_card_left(view.era)
    if asked.card is not None and asked.card not in view.display:
        try:
            name = ships_content().card(asked.card).name
        except KeyError:
            return f"There is no card {asked.card!r} on display."
        return f"{name} is not on display."
    return None


def _gold_none(asked: Asked, view: ShipsView, seat: int, pays: list[str], card: str | None
               ) -> str | None:
    if bank_space(view.players[seat]) < 1:
        return "Your bank is full: take a city disc from it first, or spend some gold."
    return None


def _sell_none(asked: Asked, view: ShipsView, seat: int, pays: list[str], card: str | None
               ) -> str | None:
    player = view.players[seat]
    pay = pays[0] if len(pays) == 1 else None
    if asked.goods is not None:
        return sale_reason(player, asked.goods, pay)
    if not any(player.goods.values()):
        return "You have no goods in your warehouse to sell."
    if pay == "oil" and set(g for g, n in player.goods.items() if n) == {"oil"} \
            and player.goods["oil"] == 1:
        return "Your only good is the oil that pays for the action: nothing is left to sell."
    return None


def _retrieve_none(asked: Asked, view: ShipsView, seat: int, pays: list[str], card: str | None
                   ) -> str | None:
    player = view.players[seat]
    areas = own_cube_areas(view, seat)
    sources = asked.sources
    if card is not None and sources == () and view.pending and view.pending[0].count == 0:
        return nothing_back_yet(view.pending[0])
    for space in asked.boxes or ():
        if view.trade.get(space) != seat:
            return f"You have no cube in {board().space_label(space)}."
    if sources:
        if card is None and len(sources) > 1:
            return "Retrieve takes back from your action boxes or from one area, not several."
        if 0 in sources and not boxes_hold(player):
            return "Your action boxes hold none of your merchant cubes or industry counters."
        for area in sources:
            if area and area not in areas:
                return f"You have no cube in Area {area} to retrieve."
    if not boxes_hold(player) and not areas:
        return ("You have no merchant cube in your action boxes or on the board to bring "
                "back.")
    return None


def _remove_ships_none(asked: Asked, view: ShipsView, seat: int, pays: list[str],
                       card: str | None) -> str | None:
    ships = own_ships(view, seat)
    if asked.age is not None and asked.age not in {age for age, _ in ships}:
        return f"You have no ship in Age {asked.age}."
    if not ships:
        return (f"You have no ship on the Ship Age track for the {card_name(card)} card to "
                "take back: give the card up.")
    return None
