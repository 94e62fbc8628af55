"""Why a move is refused, in words a player can act on.

Legality itself is decided by ``legal_actions`` alone (an action is legal exactly when it is one
of them); this module only finds the most useful reason for a refusal of a whole move
(:func:`explain`). Its checks and words are shared with :mod:`engine.ships.unavailable`, which
says why a command has no move at all, so both say the same thing the same way; they read the
state or any seat's view of it (the same table)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Action, Rejection, seat_ref
from engine.core.words import count, listing

from . import actions as A
from .board import REST_AREA, board
from .content import ships_content
from .economy import bank_space
from .effects import PlaceShip as PlaceShipEffect
from .effects import RetrieveCubes
from .legal import PAY_WITH
from .rules import (
    LAST_AGE,
    SPICE_EXTRA_CUBES,
    Table,
    age_options,
    area_options,
    card_action_effect,
    gold_cost,
    industry_allowed,
    industry_choices,
    industry_good,
    is_spice,
    metal_range,
    own_cube_areas,
    own_ships,
    placement_rules,
    wine_range,
)
from .state import REST_MERCHANT, Pending, Player, ShipsState

GENERIC = "That move is not possible now. Use /move to see your legal moves."
TOOK_CARD = "You can take only one card a turn, and you have taken one this turn."

# what the card waiting to be carried out lets the player do, by its effect
CARD_DOES = {
    "place_ship": "it places a ship",
    "upgrade_ship": "it moves one of your ships up one age",
    "sell_goods": "it sells goods",
    "remove_ships_from_one_age": "it takes your ships in one age back to stock",
    "retrieve_cubes": "it brings cubes back to your stock",
}
# the kind of move (a command's first action type) that carries out each card effect
CARD_MOVES = {
    "place_ship": "place_ship", "upgrade_ship": "upgrade_ship", "sell_goods": "sell_goods",
    "remove_ships_from_one_age": "remove_ships", "retrieve_cubes": "retrieve",
}
# the kind of move each other decision is made with
DECISION_MOVES = {"discard": "discard_good", "pirates": "discard_good", "choose": "choose_good",
                  "convert": "convert_wine"}


def explain(state: ShipsState, seat: int, action: Action) -> Rejection:
    reason = _reason(state, seat, action)
    return Rejection(code="illegal", message=reason or GENERIC)


# --- the words every refusal shares --------------------------------------------------------------
def cards_with(effect: str) -> str:
    """The names of the cards with ``effect`` ("Lighthouse or Sea Clocks")."""
    names = list(dict.fromkeys(card.name for card in ships_content().cards.cards
                               if any(e.effect == effect for e in card.effects)))
    if len(names) <= 1:
        return "".join(names) or "a card"
    return ", ".join(names[:-1]) + f" or {names[-1]}"


def nothing_waiting(kind: str) -> str | None:
    """Why a move of ``kind`` that only a decision allows is refused when none is waiting."""
    if kind == "discard_good":
        return ("Nothing asks you to return a good now: that happens only when your warehouse "
                f"overflows, or when another player takes {cards_with('opponents_discard_goods')}.")
    if kind == "choose_good":
        return "No card is giving you goods of your choice now."
    if kind in ("convert_wine", "stop_converting"):
        return "No card is letting you turn wine into other goods now."
    if kind == "skip_card":
        return "You have no card action to give up: that is only for a card you have just taken."
    if kind == "remove_ships":
        return (f"Only a card you have just taken ({cards_with('remove_ships_from_one_age')}) "
                "takes several of your ships off one age; Remove One Ship takes one.")
    if kind in ("retrieve_many", "retrieve_cube"):
        return "Only a card you have just taken grants that."
    return None


def card_name(card_id: str | None) -> str:
    if card_id is None:
        return "last"
    try:
        return ships_content().card(card_id).name
    except KeyError:
        return card_id


def card_effect(card_id: str | None) -> str | None:
    effect = card_action_effect(card_id) if card_id is not None else None
    found = getattr(effect, "effect", None)
    return found if isinstance(found, str) else None


def pending_text(table: Table, seat: int) -> str:
    """What the seat must do before anything else: the decision waiting for it."""
    pending = table.pending[0]
    name = card_name(pending.card)
    if pending.kind == "discard":
        return "return goods until the rest fit in your warehouse"
    if pending.kind == "pirates":
        return f"return one good to the pool ({name})"
    if pending.kind == "choose":
        return f"choose the goods the {name} card gives you"
    if pending.kind == "convert":
        return "turn wine into other goods, or stop converting"
    does = CARD_DOES.get(card_effect(pending.card) or "")
    return f"carry out (or give up) the {name} card you took" + (f": {does}" if does else "")


def waiting_text(table: Table) -> str:
    """Whom the game waits for, and to do what (for a seat that is not asked)."""
    who = listing([seat_ref(s) for s in table.pending[0].seats])
    return f"Waiting for {who} to {awaited_text(table)}."


def awaited_text(table: Table) -> str:
    """What the decision waiting is, for those who are not asked (after "Waiting for Ann
    to")."""
    pending = table.pending[0]
    name = card_name(pending.card)
    return {
        "discard": "return goods until the rest fit in their warehouse",
        "pirates": f"return a good to the pool ({name})",
        "choose": f"choose the goods the {name} card gives",
        "convert": "turn wine into other goods",
        "card": f"carry out (or give up) the {name} card",
    }[pending.kind]


def pay_reason(table: Table, seat: int, pay: str) -> str | None:
    """Why the seat cannot start an action paying with ``pay`` now, if it cannot."""
    player = table.players[seat]
    if pay == "card":
        return "Only a card you have just taken grants that."
    if pay == "merchant" and player.action_merchant < 1:
        return ("You have no merchant cube left in your Action cubes section; pay with a free "
                "action cube (or oil) instead.")
    if pay == "free" and player.action_free + player.free_cubes < 1:
        return "You have no free action cube."
    if pay == "oil":
        if player.goods.get("oil", 0) < 1:
            return "You have no oil to exchange for a free action cube."
        if table.supply.free_cubes < 1:
            return "The pool has no free action cube left to exchange your oil for."
    return None


def no_pay_text(table: Table, seat: int) -> str:
    """Why no action can be paid for at all: every cube of the turn is spent."""
    oil = ("the pool has no free action cube left for your oil"
           if table.players[seat].goods.get("oil", 0) else "no oil to exchange for one")
    return ("You have no merchant cube left in your Action cubes section and no free action "
            f"cube, and {oil}: end your turn.")


def cost_text(table: Table, seat: int, cost: int, pay: str | None = None) -> str:
    player = table.players[seat]
    how = f" when you {PAY_WITH[pay]}" if pay in PAY_WITH else ""
    return (f"That costs {cost} gold{how}; you have {player.gold} (and "
            f"{player.goods.get('wine', 0)} wine to exchange).")


def _goods_text(player: Player) -> str:
    return listing([f"{n} {good}" for good, n in sorted(player.goods.items()) if n]) or "none"


def _unknown_good(good: str) -> str | None:
    goods = ships_content().goods_ids
    if good in goods:
        return None
    return f"There is no good {good!r}; the goods are {listing(list(goods))}."


def sale_reason(player: Player, goods: Sequence[tuple[str, int]], pay: str | None) -> str | None:
    """Why the seat cannot sell ``goods``, if it cannot (oil that pays for the action is not
    for sale)."""
    if not goods:
        return "Say which goods to sell."
    for good, wanted in goods:
        unknown = _unknown_good(good)
        if unknown:
            return unknown
        held = player.goods.get(good, 0)
        if good == "oil" and pay == "oil":
            if held == 1:
                return "Your only oil pays for the action, so it is not for sale."
            held -= 1
        if held < 1:
            return f"You have no {good} to sell."
        if held < wanted:
            return f"You have {held} {good}, not {wanted}."
    return None


def pool_reason(table: Table, pending: Pending, good: str) -> str | None:
    unknown = _unknown_good(good)
    if unknown:
        return unknown
    if good in pending.excluded:
        return f"The {card_name(pending.card)} card does not give {good}."
    if table.supply.goods.get(good, 0) < 1:
        return f"The pool has no {good} left."
    return None


def return_reason(player: Player, good: str) -> str | None:
    unknown = _unknown_good(good)
    if unknown:
        return unknown
    if player.goods.get(good, 0) < 1:
        return f"You have no {good} to return; you hold {_goods_text(player)}."
    return None


# --- placing a ship ------------------------------------------------------------------------------
def _is_trade(space: str) -> bool:
    return space in board().trade or space.startswith(REST_MERCHANT + ".")


def missing(table: Table, seat: int, side: str, rules: PlaceShipEffect,
            spaces: Sequence[str] = ()) -> str | None:
    """What the seat lacks to place on ``side`` (in ``spaces`` when named), as the end of a
    sentence that starts "You have"; None when it lacks nothing."""
    player = table.players[seat]
    if side == "warship":
        if player.goods.get("food", 0) < rules.food_cost:
            return "no food in your warehouse to pay for a warship (a warship box costs one food)"
        if player.warehouse_discs + player.bank_discs < 1:
            return "no city disc left on your display to place"
        return None
    spice = sum(1 for s in spaces if is_spice(s))
    needed = (len(spaces) or rules.merchant_cubes) + SPICE_EXTRA_CUBES * spice
    if player.stock_cubes >= needed:
        return None
    where = f" to place in {board_label(spaces)}" if spaces else ""
    if player.stock_cubes == 0:
        return f"no merchant cube in your available stock{where} (retrieve some first)"
    what = board_label(spaces) if spaces else "this"
    why = "; a spice box keeps one more in the Spice box" if spice else ""
    return (f"only {count(player.stock_cubes, 'merchant cube')} in your available stock "
            f"({what} takes {needed}{why})")


def board_label(spaces: Sequence[str]) -> str:
    return " and ".join(board().space_label(s) for s in spaces)


def spaces_reason(table: Table, seat: int, spaces: Sequence[str], side: str | None,
                  rules: PlaceShipEffect, age_navigation: int, metal: int = 0) -> str | None:
    """Why a cube or disc cannot go to ``spaces`` now, if it cannot: the space itself, its area,
    the navigation to reach it, whether it is free, and what the seat needs to put one there.
    ``side`` is the ship's box (None: the one the spaces are for)."""
    b = board()
    if not spaces:
        return "Say where the cube or disc goes."
    for space in spaces:
        if not b.is_space(space):
            return f"There is no space {space!r} on the board."
        good = space.removeprefix(REST_MERCHANT + ".")
        if good != space and good not in b.rest_goods:
            return (f"The Rest of the World's merchant box gives {either(b.rest_goods)}, "
                    f"never {good}.")
    label = board_label(spaces)
    trade = [_is_trade(s) for s in spaces]
    side = side or rules.box or ("merchant" if all(trade) else "warship")
    # what the seat lacks for any space on this side (a food, a disc, a cube) comes first:
    # naming another space would not help
    lacks = missing(table, seat, side, rules)
    if lacks:
        on_its_side = all(trade) if side == "merchant" else not any(trade)
        if on_its_side:  # the spaces named are the side's own: say where
            lacks = missing(table, seat, side, rules, spaces) or lacks
        return f"You have {lacks}."
    if side == "warship" and any(trade):
        return f"{label} is a trade box: a warship places a city disc in a city space."
    if side == "merchant" and not all(trade):
        return f"{label} is a city space: a merchant ship places a cube in a trade box."
    if side == "warship" and len(spaces) != 1:
        return "A warship places one city disc: name one city space."
    if side == "merchant" and len(spaces) != rules.merchant_cubes:
        return (f"This places {count(rules.merchant_cubes, 'cube')}: name "
                f"{count(rules.merchant_cubes, 'trade box', 'trade boxes')}.")
    areas = {o.area: o for o in area_options(table)}
    numbers = sorted({b.area_of(s) for s in spaces})
    if len(numbers) > 1:
        return "The cubes go to trade boxes of one area."
    if len(set(spaces)) < len(spaces) and numbers[0] != REST_AREA:
        return "Each trade box takes one cube: name different ones."
    if numbers[0] not in areas:
        allowed = " or ".join(f"Area {a}" for a in areas)
        return f"Cubes and discs go to {allowed} now, not Area {numbers[0]} ({label})."
    navigation = age_navigation + areas[numbers[0]].navigation
    if metal > navigation:
        return (f"Metal can be exchanged only for navigation used at once: this move needs "
                f"{navigation}, so at most {navigation} metal.")
    if not metal_range(table, seat, navigation):
        if areas[numbers[0]].navigation:
            player = table.players[seat]
            return (f"Placing in {label} opens Area {numbers[0]}: you need "
                    f"{count(navigation, 'navigation counter')}; you have {player.navigation} "
                    f"(and {player.goods.get('metal', 0)} metal to exchange).")
        return navigation_text(table, seat, navigation)
    for space in spaces:
        if space in table.trade or space in table.cities:
            return f"{b.space_label(space)} is taken."
    lacks = missing(table, seat, side, rules, spaces)
    return f"You have {lacks}." if lacks else None


def navigation_text(table: Table, seat: int, navigation: int) -> str:
    player = table.players[seat]
    return (f"You need {navigation} navigation counters; you have {player.navigation} "
            f"(and {player.goods.get('metal', 0)} metal to exchange).")


def either(items: Sequence[str]) -> str:
    return ", ".join(items[:-1]) + f" or {items[-1]}" if len(items) > 1 else "".join(items)


def age_refusal(table: Table, allowed: Sequence[int], age: int, origin: int | None) -> str:
    """Why a ship cannot go to ``age`` when it may go only to ``allowed`` (``origin``: the age an
    upgraded ship comes from), with the rule that shuts it: a present age emptied of ships
    opens no next age, no Place Ship goes below the present age, an upgrade goes one age up."""
    where = " or ".join(f"Age {a}" for a in allowed) or "nowhere"
    text = f"Your ship can go to {where}, not Age {age}"
    present = table.present_age() if isinstance(table, ShipsState) else table.present_age
    if origin is not None:
        if age != origin + 1:
            text += f": an upgrade moves a ship exactly one age up, from Age {origin}"
    elif present and age == present + 1 and not table.ages[present - 1].count():
        text += (f": Age {age} opens only while Age {present}, the present age, holds a ship, "
                 "and it has none now")
    elif present and age < present:
        text += (f": once a ship is in Age {present}, Place Ship goes no lower (only Upgrade "
                 "Ship moves a ship into a lower age)")
    return text + "."


def _placement_reason(state: Table, seat: int, action: A.Placement,
                      card: str | None = None) -> str | None:
    player = state.players[seat]
    b = board()
    rules = placement_rules(card)
    origin = action.from_age if isinstance(action, A.UpgradeShip) else None
    if isinstance(action, A.UpgradeShip):
        if (action.from_age, action.from_box) not in own_ships(state, seat):
            return f"You have no ship in Age {action.from_age}'s {action.from_box} box."
        if action.from_age >= LAST_AGE:
            return f"A ship in Age {LAST_AGE} cannot move up."
    ages = {o.age: o for o in age_options(state, origin)}
    if action.age not in ages:
        return age_refusal(state, list(ages), action.age, origin)
    era = b.age_era[action.age]
    if origin is None and player.ships.get(era, 0) < 1:
        return f"You have no {era} ship counters left."
    if rules.box is not None and action.box != rules.box:
        return f"The {card_name(card)} card places a ship in the {rules.box} box only."
    reason = spaces_reason(state, seat, action.spaces, action.box, rules,
                           ages[action.age].navigation, action.metal)
    if reason:
        return reason
    if action.box == "warship":
        if action.industry:
            return "An industry counter adds a good in a trade box, not in a city."
        if action.disc_from is None:
            return "Say which row of your display the city disc comes from: warehouse or bank."
        discs = player.warehouse_discs if action.disc_from == "warehouse" else player.bank_discs
        if discs < 1:
            other = "bank" if action.disc_from == "warehouse" else "warehouse"
            return (f"Your {action.disc_from} row has no city disc left; take it from your "
                    f"{other} row.")
        return None
    if action.disc_from is not None:
        return "A merchant ship places a cube, not a city disc: leave out the disc."
    if action.industry:
        if player.industry < 1:
            return "You have no industry counter."
        if not any(industry_allowed(s) for s in action.spaces):
            return (f"An industry counter adds one more good in a goods box; "
                    f"{board_label(action.spaces)} gives no goods counter.")
        if action.industry not in action.spaces:
            if len(action.spaces) == 1:
                return (f"The industry counter goes with the box you place in "
                        f"({board_label(action.spaces)}): leave out extra.")
            return (f"The industry counter adds a good of one of the trade boxes you place "
                    f"in ({board_label(action.spaces)}); name one of them.")
        if not industry_allowed(action.industry):
            return (f"An industry counter adds one more good in a goods box; "
                    f"{board_label((action.industry,))} gives no goods counter.")
        if action.industry not in industry_choices(action.spaces):
            return (f"The extra good is {industry_good(action.industry)} whichever box takes "
                    "it: leave out extra.")
    return None


# --- a whole move ---------------------------------------------------------------------------------
def _partial_reason(state: ShipsState, seat: int, action: A.Retrieve) -> str | None:
    """Why some of an area's cubes cannot be taken back as asked."""
    if action.count is not None:
        held = state.rest_merchant[seat]
        if action.source != REST_AREA:
            return "A number of cubes is for Area 7; elsewhere name the trade boxes."
        if not 0 < action.count < held:
            return (f"You have {held} cubes in Area 7: take 1 to {held - 1} of them, or leave "
                    "out the number to take them all.")
    if action.spaces is not None:
        mine = {t for t, owner in state.trade.items()
                if owner == seat and board().trade[t].area == action.source}
        wrong = [t for t in action.spaces if t not in mine]
        if wrong:
            named = board().space_label(wrong[0]) if wrong[0] in board().trade else wrong[0]
            return f"You have no cube in {named} in Area {action.source}."
        if not action.spaces or set(action.spaces) == mine:
            return "To take every cube of the area, leave out the trade boxes."
    return None


def _decides(pending: Pending, action: Action) -> bool:
    """Whether ``action`` is a move of the decision ``pending`` (right or wrong)."""
    if pending.kind in ("discard", "pirates"):
        return isinstance(action, A.DiscardGood)
    if pending.kind == "choose":
        return isinstance(action, A.ChooseGood)
    if pending.kind == "convert":
        return isinstance(action, (A.ConvertWine, A.StopConverting))
    if isinstance(action, (A.SkipCard, A.RemoveShips, A.RetrieveMany, A.RetrieveCube)):
        return True
    return isinstance(action, A.Paid) and action.pay == "card"


def boxes_hold(player: Player) -> bool:
    return any(b.merchant or b.industry for b in player.boxes.values())


def _reason(state: ShipsState, seat: int, action: Action) -> str | None:
    if state.pending:
        pending = state.pending[0]
        if not _decides(pending, action):
            return f"First {pending_text(state, seat)}."
        return _decision_reason(state, seat, pending, action)
    if not isinstance(action, A.Paid):
        if isinstance(action, A.EndTurn):
            return None
        return nothing_waiting(action.type) or "There is no decision waiting for that."
    player = state.players[seat]
    reason = pay_reason(state, seat, action.pay)
    if reason:
        return reason
    cost = gold_cost(action.type, action.pay)
    if isinstance(action, A.TakeCard):
        if player.took_card:
            return TOOK_CARD
        if action.card not in state.display:
            return f"{card_name(action.card)} is not on display."
        cost += ships_content().card(action.card).gold_cost.value
    if isinstance(action, A.SellGoods):
        reason = sale_reason(player, action.goods, action.pay)
        if reason:
            return reason
    wine_sold = dict(action.goods).get("wine", 0) if isinstance(action, A.SellGoods) else 0
    if not wine_range(state, seat, cost, wine_sold):
        return cost_text(state, seat, cost)
    if action.wine > cost:
        return (f"Wine can be exchanged only for gold used at once: this move costs {cost} gold, "
                f"so at most {cost} wine.")
    if action.wine > player.goods.get("wine", 0) - wine_sold:
        return f"You have {player.goods.get('wine', 0) - wine_sold} wine, not {action.wine}."
    if isinstance(action, A.RemoveShip):
        if (action.age, action.box) not in own_ships(state, seat):
            return f"You have no ship in Age {action.age}'s {action.box} box to remove."
    if isinstance(action, A.Retrieve):
        if action.source == 0 and not boxes_hold(player):
            return "Your action boxes hold none of your merchant cubes or industry counters."
        if action.source and action.source not in own_cube_areas(state, seat):
            return f"You have no cube in Area {action.source} to retrieve."
        part = _partial_reason(state, seat, action)
        if part:
            return part
    if isinstance(action, A.TakeGold) and bank_space(player) < 1:
        return "Your bank is full: take a city disc from it first, or spend some gold."
    if isinstance(action, (A.PlaceShip, A.UpgradeShip)):
        return _placement_reason(state, seat, action)
    return None


def _decision_reason(state: ShipsState, seat: int, pending: Pending, action: Action
                     ) -> str | None:
    """Why a move of the decision waiting for the seat is refused."""
    player = state.players[seat]
    if isinstance(action, A.DiscardGood):
        return return_reason(player, action.good)
    if isinstance(action, A.ChooseGood):
        return pool_reason(state, pending, action.good)
    if isinstance(action, A.ConvertWine):
        if player.goods.get("wine", 0) < 1:
            return "You have no wine left to turn into other goods: stop converting."
        return pool_reason(state, pending, action.good)
    if isinstance(action, A.StopConverting):
        return None
    effect = card_action_effect(pending.card) if pending.card is not None else None
    kind = card_effect(pending.card)
    if isinstance(action, A.SkipCard):
        if isinstance(effect, RetrieveCubes) and pending.count > 0:
            return retrieve_started(pending)
        return None
    moves = "retrieve" if isinstance(action, (A.RetrieveMany, A.RetrieveCube)) else action.type
    if kind is None or CARD_MOVES.get(kind) != moves:
        return f"First {pending_text(state, seat)}."
    if isinstance(action, (A.PlaceShip, A.UpgradeShip)):
        return _placement_reason(state, seat, action, pending.card)
    if isinstance(action, A.SellGoods):
        return sale_reason(player, action.goods, "card")
    if isinstance(action, A.RemoveShips):
        boxes = state.ages[action.age - 1] if 1 <= action.age <= len(state.ages) else None
        mine = (boxes.merchant.count(seat), boxes.warship.count(seat)) if boxes else (0, 0)
        if action.merchant > mine[0] or action.warship > mine[1]:
            return (f"You have {count(mine[0], 'merchant ship')} and {count(mine[1], 'warship')} "
                    f"in Age {action.age}.")
        if not action.merchant + action.warship:
            return "Take back at least one ship, or give up the card."
        return None
    if isinstance(action, A.RetrieveMany) and isinstance(effect, RetrieveCubes):
        if action.boxes and not boxes_hold(player):
            return "Your action boxes hold none of your merchant cubes or industry counters."
        areas = own_cube_areas(state, seat)
        for area in action.areas:
            if area not in areas:
                return f"You have no cube in Area {area} to retrieve."
        if not action.boxes and not action.areas and pending.count == 0:
            return nothing_back_yet(pending)
    if isinstance(action, A.RetrieveCube):
        if action.space in board().trade and state.trade.get(action.space) != seat:
            return f"You have no cube in {board().space_label(action.space)}."
        if action.space not in board().trade and not state.rest_merchant[seat]:
            return f"You have no cube in Area {REST_AREA}."
    return None


def retrieve_started(pending: Pending) -> str:
    return (f"Cubes have come back already, so the {card_name(pending.card)} card's action is "
            "carried out: retrieve nothing more to finish it.")


def nothing_back_yet(pending: Pending) -> str:
    return (f"Nothing has come back yet: take some cubes back, or give up the "
            f"{card_name(pending.card)} card.")
