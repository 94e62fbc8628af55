"""Carrying out an action (``apply``). The action has been validated against ``legal_actions``;
costs are worked out again here from the same rules, never taken from the action."""

from __future__ import annotations

from engine.core import Action, Event, seat_ref
from engine.core.words import count as counted
from engine.core.words import listing

from . import actions as A
from .board import REST_AREA, REST_SPACE, board
from .cards import convert_bonus, idle_notes, resolve_card
from .content import ships_content
from .economy import (
    award,
    bank_space,
    gain,
    gain_gold,
    gain_goods,
    gold_text,
    pay_gold,
    price,
    return_goods,
    surplus_note,
    warehouse_capacity,
)
from .effects import PlaceShip as PlaceShipEffect
from .effects import RemoveShipsFromOneAge, RetrieveCubes, SellGoods
from .effects import UpgradeShip as UpgradeShipEffect
from .legal import card_action_possible
from .rules import (
    ACTION_BOX,
    LAST_AGE,
    METAL_VP,
    SPICE_EXTRA_CUBES,
    AgeOption,
    AreaOption,
    age_options,
    area_options,
    card_action_effect,
    gold_cost,
    own_ships,
    placement_rules,
)
from .scoring import score_area
from .state import REST_MERCHANT, REST_WARSHIP, ActionBox, ShipsState
from .turns import end_turn


def apply_action(state: ShipsState, seat: int, action: Action) -> list[Event]:
    events: list[Event] = []
    who = seat_ref(seat)
    if isinstance(action, A.EndTurn):
        end_turn(state, events)
        return events
    if isinstance(action, (A.DiscardGood, A.ChooseGood, A.ConvertWine, A.StopConverting,
                           A.SkipCard, A.RemoveShips, A.RetrieveMany,
                           A.RetrieveCube)) or \
            getattr(action, "pay", None) == "card":
        _pending_step(state, seat, action, events)
        return events
    assert isinstance(action, A.Paid)
    _pay(state, seat, action, events)
    if isinstance(action, (A.PlaceShip, A.UpgradeShip)):
        place(state, seat, action, events)
    elif isinstance(action, A.RemoveShip):
        _remove_ship(state, seat, action.age, action.box)
        events.append(Event(kind="remove_ship", seat=seat,
                            text=f"{who} removed a ship from Age {action.age}."))
    elif isinstance(action, A.TakeCard):
        state.players[seat].took_card = True
        state.display.remove(action.card)
        # rulebook, Take one card: "You can only select this action once during your turn"
        closes = "; no more cards this turn" if state.display else ""
        idle = "".join(f" {note}" for note in idle_notes(state, seat, action.card))
        name = ships_content().card(action.card).name
        stop = "" if name.endswith("!") and not closes else "."  # "took Vikings!", not "!."
        events.append(Event(kind="take_card", seat=seat, data={"card": action.card},
                            text=f"{who} took {name}{closes}{stop}{idle}"))
        resolve_card(state, seat, action.card, events)
        _tell_the_pirated(state, action.card, events)
        _tell_an_idle_action(state, seat, action.card, events)
    elif isinstance(action, A.TakeGold):
        got = gold_text(state, seat, 1, events)  # "no gold; the pool is empty" when it is
        events.append(Event(kind="take_gold", seat=seat, text=f"{who} took {got}."))
    elif isinstance(action, A.TakeNavigation):
        got = gain(state, seat, "navigation", 2, events)
        events.append(Event(kind="take_navigation", seat=seat, text=f"{who} took {got}."))
    elif isinstance(action, A.SellGoods):
        sell(state, seat, action.goods, 0, 0, events)
    elif isinstance(action, A.Retrieve):
        retrieve(state, seat, boxes=action.source == 0,
                 areas=() if action.source == 0 else (action.source,), events=events,
                 spaces=action.spaces, count=action.count)
    return events


def _pay(state: ShipsState, seat: int, action: A.Paid, events: list[Event]) -> None:
    """The cube into its action box, then the gold (wine exchanged first)."""
    player = state.players[seat]
    box = player.boxes.setdefault(ACTION_BOX[action.type], ActionBox())
    if action.pay == "merchant":
        player.action_merchant -= 1
        box.merchant += 1
    elif action.pay == "free":
        if player.action_free:
            player.action_free -= 1
        else:
            player.free_cubes -= 1
        box.free += 1
    elif action.pay == "oil":
        return_goods(state, seat, "oil")
        state.supply.free_cubes -= 1
        box.free += 1
        events.append(Event(kind="exchange", seat=seat,
                            text=f"{seat_ref(seat)} exchanged oil for a free action cube."))
    cost = gold_cost(action.type, action.pay)
    if isinstance(action, A.TakeCard):
        cost += ships_content().card(action.card).gold_cost.value
    _pay_with_wine(state, seat, cost, action.wine, events)


def _pay_with_wine(state: ShipsState, seat: int, cost: int, wine: int,
                   events: list[Event]) -> None:
    if wine:
        return_goods(state, seat, "wine", wine)
        events.append(Event(kind="exchange", seat=seat,
                            text=f"{seat_ref(seat)} exchanged {wine} wine for gold."))
    pay_gold(state, seat, cost - wine)


# --- Place Ship and Upgrade Ship ---------------------------------------------------------------
def place(state: ShipsState, seat: int, action: A.Placement, events: list[Event]) -> None:
    b = board()
    player = state.players[seat]
    who = seat_ref(seat)
    upgrade = isinstance(action, A.UpgradeShip)
    age = next(o for o in age_options(state, action.from_age if upgrade else None)  # type: ignore[attr-defined]
               if o.age == action.age)
    target_area = b.area_of(action.spaces[0])
    area = next(o for o in area_options(state) if o.area == target_area)
    navigation = age.navigation + area.navigation
    if action.metal:
        return_goods(state, seat, "metal", action.metal)
        award(state, seat, METAL_VP * action.metal, "metal exchange", events)
        events.append(Event(kind="exchange", seat=seat,
                            text=f"{who} exchanged {action.metal} metal for navigation "
                                 f"(+{METAL_VP * action.metal} VP)."))
    from_stock = navigation - action.metal
    player.navigation -= from_stock
    state.supply.navigation += from_stock
    era = b.age_era[action.age]
    counter = True
    if upgrade:
        assert isinstance(action, A.UpgradeShip)
        old_era = b.age_era[action.from_age]
        getattr(state.ages[action.from_age - 1], action.from_box).remove(seat)
        if old_era != era:  # the old counter leaves play; a new one if there is one
            counter = player.ships.get(era, 0) > 0
            if counter:
                player.ships[era] -= 1
    else:
        player.ships[era] -= 1
    present = state.present_age()
    if counter:
        getattr(state.ages[action.age - 1], action.box).append(seat)
    state.current.ages.append(action.age)
    verb = "upgraded a ship to" if upgrade else "placed a ship in"
    events.append(Event(kind=action.type, seat=seat,
                        data={"age": action.age, "box": action.box},
                        text=f"{who} {verb} Age {action.age} "
                             f"({b.ship_names[action.age, action.box]})"
                             + _navigation_paid(age, area) + "."))
    if age.opens and action.age > present:
        state.reached_age = action.age
        _open_age(state, seat, action.age, events)
    rules = placement_rules(state.pending[0].card if action.pay == "card" and state.pending
                            else None)
    previous_area = state.area
    if action.box == "merchant":
        # one industry counter, for the trade box the player named (Area 7 may name the same
        # box twice: one of its cubes takes it)
        boosted = action.industry
        for space in action.spaces:
            industry_box = "take_card" if action.pay == "card" else ACTION_BOX[action.type]
            _place_cube(state, seat, space, space == boosted, industry_box, events)
            boosted = None if space == boosted else boosted
    else:
        if rules.food_cost:
            return_goods(state, seat, "food", rules.food_cost)
        if action.disc_from == "warehouse":
            player.warehouse_discs -= 1
        else:
            player.bank_discs -= 1
        _place_disc(state, seat, action.spaces[0], events)
    if area.opens:
        state.area = target_area
        if previous_area >= 2:
            score_area(state, previous_area, events)


def _navigation_paid(age: AgeOption, area: AreaOption) -> str:
    """What a placement's navigation paid for: opening the next age, the next area, or both
    (the ship's own age costs nothing once it is open)."""
    costs = [(n, what) for n, what in ((age.navigation, f"Age {age.age}"),
                                       (area.navigation, f"Area {area.area}")) if n]
    if not costs:
        return ""
    if len(costs) == 1:
        return f", paying {costs[0][0]} navigation to open {costs[0][1]}"
    parts = " and ".join(f"{n} to open {what}" for n, what in costs)
    return f", paying {age.navigation + area.navigation} navigation ({parts})"


def _open_age(state: ShipsState, seat: int, age: int, events: list[Event]) -> None:
    """First ship in a new age: its VP, the penalties for ships left behind, a new era."""
    b = board()
    penalties = ships_content().ages.penalties
    first = b.age_first_vp[age]
    award(state, seat, first, "first ship in a new age", events)
    text = f"{seat_ref(seat)} is first into Age {age}: +{first} VP."
    if age - 2 >= 1:
        behind = state.ages[age - 3].merchant + state.ages[age - 3].warship
        if behind and penalties.two_below_vp_loss:
            text += (f" Ships in Age {age - 2} are now two ages behind: "
                     + _losses(behind, penalties.two_below_vp_loss) + ".")
    events.append(Event(kind="first_ship", seat=seat, text=text))
    if age - 2 >= 1:
        for owner in state.ages[age - 3].merchant + state.ages[age - 3].warship:
            award(state, owner, -penalties.two_below_vp_loss, "ship two ages behind", events)
    if age - 3 >= 1:
        boxes = state.ages[age - 4]
        lagging = boxes.merchant + boxes.warship
        for owner in lagging:
            award(state, owner, -penalties.three_below_vp_loss, "ship three ages behind",
                  events)
            if penalties.three_below_returned:
                state.players[owner].ships[b.age_era[age - 3]] += 1
        if penalties.three_below_returned:
            boxes.merchant.clear()
            boxes.warship.clear()
        if lagging:
            gone = " and leave the board" if penalties.three_below_returned else ""
            events.append(Event(kind="obsolete",
                                text=f"Ships in Age {age - 3} are now three ages behind{gone}: "
                                     + _losses(lagging, penalties.three_below_vp_loss) + "."))
    era = b.age_era[age]
    if era != state.era:
        _new_era(state, era, events)


def _new_era(state: ShipsState, era: str, events: list[Event]) -> None:
    """The display is flushed and twelve cards of the new era dealt (rulebook, Place Ship)."""
    state.era = era
    deck = state.decks.get(era, [])
    state.rng.shuffle(deck)
    shown = ships_content().components.setup.cards_on_display
    state.display = deck[:shown]
    state.decks[era] = deck[shown:]
    names = ", ".join(ships_content().card(c).name for c in state.display)
    era_name = next(e.name for e in ships_content().ages.eras if e.id == era)
    events.append(Event(kind="new_era", chance=True, reveals=True,
                        data={"era": era, "display": list(state.display)},
                        text=f"The {era_name} begins. New cards: {names}."))


def _place_cube(state: ShipsState, seat: int, space: str, industry: bool, industry_box: str,
                events: list[Event]) -> None:
    b = board()
    player = state.players[seat]
    who = seat_ref(seat)
    player.stock_cubes -= 1
    state.current.spaces.append(space)
    extra = 0
    if industry:
        player.industry -= 1
        # the counter goes to the action box that allowed the action (rulebook, Industry)
        player.boxes.setdefault(industry_box, ActionBox()).industry += 1
        extra = 1
    if space.startswith(REST_MERCHANT):
        good = space.rsplit(".", 1)[1]
        state.rest_merchant[seat] += 1
        got = gain_goods(state, seat, good, 1 + extra)
        events.append(Event(kind="cube", seat=seat,
                            text=f"{who} took {_goods(got, good)} in the Rest of the World"
                                 + (" (with industry)." if extra else ".")))
        return
    state.trade[space] = seat
    box_info = b.trade[space]
    place_name = b.location_names[box_info.location]
    if box_info.kind == "spice":
        spice = ships_content().areas.spice_box
        player.stock_cubes -= SPICE_EXTRA_CUBES
        player.spice_cubes += SPICE_EXTRA_CUBES
        award(state, seat, spice.vp, "spice", events)
        gold = gold_text(state, seat, spice.gold, events)
        events.append(Event(kind="spice", seat=seat,
                            text=f"{who} traded spice in {place_name}: a cube to the Spice Box,"
                                 f" +{spice.vp} VP and {gold}."))
    elif box_info.kind == "gold":
        gold = gold_text(state, seat, box_info.amount, events)
        events.append(Event(kind="cube", seat=seat,
                            text=f"{who} took {gold} in {place_name}."))
    else:
        assert box_info.good is not None
        amount = ships_content().good(box_info.good).trade_box_yield + extra
        got = gain_goods(state, seat, box_info.good, amount)
        events.append(Event(kind="cube", seat=seat,
                            text=f"{who} took {_goods(got, box_info.good)} in {place_name}"
                                 + (" (with industry)." if extra else ".")))


def _place_disc(state: ShipsState, seat: int, space: str, events: list[Event]) -> None:
    b = board()
    who = seat_ref(seat)
    state.current.spaces.append(space)
    if space == REST_WARSHIP:
        state.rest_warship[seat] += 1
        vp = ships_content().rest_of_world.warship_box.vp
        award(state, seat, vp, "Rest of the World warship box", events)
        events.append(Event(kind="disc", seat=seat,
                            text=f"{who} placed a disc in the Rest of the World: +{vp} VP."))
        return
    state.cities[space] = seat
    city = b.cities[space]
    got = gain(state, seat, city.gain, city.amount, events)
    events.append(Event(kind="disc", seat=seat,
                        text=f"{who} placed a disc in {b.location_names[city.location]} and "
                             f"took {got}."))


def _remove_ship(state: ShipsState, seat: int, age: int, side: str) -> None:
    getattr(state.ages[age - 1], side).remove(seat)
    state.players[seat].ships[board().age_era[age]] += 1


# --- Sell and Retrieve -------------------------------------------------------------------------
def sell(state: ShipsState, seat: int, goods: tuple[tuple[str, int], ...], extra_gold: int,
         vp_per_good: int, events: list[Event]) -> None:
    sold = 0
    value = 0
    for good, count in goods:
        return_goods(state, seat, good, count)
        sold += count
        value += (price(good) + extra_gold) * count
    award(state, seat, vp_per_good * sold, "card sale bonus", events)
    player = state.players[seat]
    before, room = player.gold, bank_space(player)
    surplus = gain_gold(state, seat, value, events, said=True)
    kept = player.gold - before
    text = listing([f"{n} {g}" for g, n in goods])
    note = ""
    if kept < value:
        note = (f"; {kept} gold goes into the bank" if kept else
                "; none of it goes into the bank")
        if kept < min(value, room):  # the pool ran out before the bank was full
            note += ", all the pool had"
        if surplus:
            note += f"; {surplus_note(kept, room, surplus)}"
    events.append(Event(kind="sell", seat=seat,
                        text=f"{seat_ref(seat)} sold {text} for {value} gold"
                             + (f" and {vp_per_good * sold} VP" if vp_per_good else "")
                             + note + "."))


def retrieve(state: ShipsState, seat: int, boxes: bool, areas: tuple[int, ...],
             events: list[Event], spaces: tuple[str, ...] | None = None,
             count: int | None = None) -> None:
    """Cubes back to the stock: every own cube in the action boxes (with their industry) when
    ``boxes``; from ``areas``, the trade boxes in ``spaces`` and ``count`` cubes of Area 7
    (every own cube in an area when left out)."""
    player = state.players[seat]
    cubes = 0
    if boxes:
        for box in player.boxes.values():
            cubes += box.merchant
            player.industry += box.industry
            box.merchant = 0
            box.industry = 0
    for area in areas:
        if area == REST_AREA:
            taken = state.rest_merchant[seat] if count is None else count
            cubes += taken
            state.rest_merchant[seat] -= taken
            continue
        for space in board().trade_by_area.get(area, ()):
            if state.trade.get(space) == seat and (spaces is None or space in spaces):
                del state.trade[space]
                cubes += 1
    player.stock_cubes += cubes
    where = (["the action boxes"] if boxes else []) + [f"Area {a}" for a in areas]
    if not where:
        return  # Factories ended after single cubes
    events.append(Event(kind="retrieve", seat=seat,
                        text=f"{seat_ref(seat)} retrieved {counted(cubes, 'cube')} from "
                             f"{' and '.join(where)}."))


# --- pending decisions -------------------------------------------------------------------------
def _tell_the_pirated(state: ShipsState, card: str, events: list[Event]) -> None:
    """Pirates asks the other players for goods: the card's line says who must answer, and
    with what (any good they hold; goods are public)."""
    pirates = next((p for p in state.pending if p.kind == "pirates" and p.card == card), None)
    taken = [i for i, e in enumerate(events) if e.kind == "take_card"]
    if pirates is None or not taken:
        return
    each = " each" if len(pirates.seats) > 1 else ""
    ask = (f" {listing([seat_ref(s) for s in pirates.seats])} must{each} return "
           f"{counted(pirates.count, 'good')} of their choice to the pool.")
    i = taken[-1]
    events[i] = events[i].model_copy(update={"text": events[i].text + ask})


def _tell_an_idle_action(state: ShipsState, seat: int, card: str, events: list[Event]) -> None:
    """A card whose action nothing on the table allows (Docks without goods, Lighthouse without
    a ship, Ram without a city space it can reach): the card's line says why, before the
    action is given up, so that it does not read as the player's choice."""
    pending = state.pending[0] if state.pending else None
    if pending is None or pending.kind != "card" or pending.card != card:
        return
    if card_action_possible(state, seat):
        return
    why = _idle_reason(state, seat, card_action_effect(card))
    taken = [i for i, e in enumerate(events) if e.kind == "take_card"]
    if taken:
        i = taken[-1]
        text = f"{events[i].text} {why}: the card's action cannot be carried out."
        events[i] = events[i].model_copy(update={"text": text})


def _idle_reason(state: ShipsState, seat: int, effect: object) -> str:
    who = seat_ref(seat)
    player = state.players[seat]
    if isinstance(effect, SellGoods):
        return f"{who} has no goods to sell"
    if isinstance(effect, RemoveShipsFromOneAge):
        return f"{who} has no ship on the Ship Age track"
    if isinstance(effect, RetrieveCubes):
        return f"{who} has no merchant cube in the action boxes or on the board"
    if isinstance(effect, UpgradeShipEffect):
        if not any(age < LAST_AGE for age, _ in own_ships(state, seat)):
            return f"{who} has no ship on the Ship Age track to move up"
        return f"None of {who}'s ships can move up as the table stands"
    assert isinstance(effect, PlaceShipEffect)
    era = ships_content().components.per_player
    names = {s.era: s.name for s in era.ship_counters}
    eras = {board().age_era[o.age] for o in age_options(state)}
    if not any(player.ships.get(e, 0) for e in eras):
        return f"{who} has no {' or '.join(names[e] for e in sorted(eras))} counter left"
    if effect.box == "warship" and not player.warehouse_discs + player.bank_discs:
        return f"{who} has no city disc left on the display"
    if effect.box == "merchant" and player.stock_cubes < effect.merchant_cubes:
        return (f"{who} has fewer than {effect.merchant_cubes} merchant cubes in the available "
                "stock")
    where = "city space" if effect.box == "warship" else "trade box"
    return f"{who} can reach no free {where} as the table stands"


def _pending_step(state: ShipsState, seat: int, action: Action, events: list[Event]) -> None:
    pending = state.pending[0]
    who = seat_ref(seat)
    if isinstance(action, A.DiscardGood):
        return_goods(state, seat, action.good)
        events.append(Event(kind="discard", seat=seat,
                            text=f"{who} returned one {action.good}."))
        if pending.kind == "discard":
            player = state.players[seat]
            if player.goods_count() <= warehouse_capacity(player):
                state.pending.pop(0)
        else:  # Pirates: each other player returns one good
            pending.seats.remove(seat)
            if not pending.seats:
                state.pending.pop(0)
        return
    if isinstance(action, A.ChooseGood):
        pending.count -= 1
        if pending.count <= 0:
            state.pending.pop(0)
        gain_goods(state, seat, action.good, 1)  # may ask for a discard first
        events.append(Event(kind="choose", seat=seat, text=f"{who} took one {action.good}."))
        return
    if isinstance(action, A.ConvertWine):
        return_goods(state, seat, "wine")
        gain_goods(state, seat, action.good, 1)  # one for one: the warehouse cannot overflow
        got = convert_bonus(state, seat, pending, events)
        events.append(Event(kind="convert", seat=seat,
                            text=f"{who} turned one wine into {action.good}"
                                 + (f", receiving {' and '.join(got)}." if got else ".")))
        return
    if isinstance(action, A.StopConverting):
        state.pending.pop(0)
        return
    if isinstance(action, A.RetrieveCube):  # Factories, one cube at a time
        if action.space == REST_SPACE:
            state.rest_merchant[seat] -= 1
        else:
            del state.trade[action.space]
        state.players[seat].stock_cubes += 1
        pending.count += 1
        place = "Area 7" if action.space == REST_SPACE else board().space_label(action.space)
        events.append(Event(kind="retrieve", seat=seat,
                            text=f"{who} retrieved a cube from {place}."))
        return
    if isinstance(action, A.SkipCard):
        state.pending.pop(0)
        events.append(Event(kind="skip_card", seat=seat, text=f"{who} gave up the card."))
        return
    card_effect_done(state, seat, action, events)


def card_effect_done(state: ShipsState, seat: int, action: Action, events: list[Event]) -> None:
    """Carries out the action a card grants (the pending ``card`` decision), then clears it."""
    pending = state.pending[0]
    assert pending.kind == "card" and pending.card is not None
    if isinstance(action, (A.PlaceShip, A.UpgradeShip)):
        place(state, seat, action, events)  # reads the card's restrictions from the pending
    elif isinstance(action, A.SellGoods):
        effect = next(e for e in ships_content().card(pending.card).effects
                      if isinstance(e, SellGoods))
        sell(state, seat, action.goods, effect.extra_gold_per_good, effect.vp_per_good, events)
    elif isinstance(action, A.RemoveShips):
        boxes = state.ages[action.age - 1]
        for side, count in (("merchant", action.merchant), ("warship", action.warship)):
            for _ in range(count):
                getattr(boxes, side).remove(seat)
        state.players[seat].ships[board().age_era[action.age]] += action.merchant + \
            action.warship
        events.append(Event(kind="remove_ships", seat=seat,
                            text=f"{seat_ref(seat)} removed "
                                 f"{counted(action.merchant + action.warship, 'ship')}"
                                 f" from Age {action.age}."))
    elif isinstance(action, A.RetrieveMany):
        retrieve(state, seat, action.boxes, action.areas, events)
    state.pending.remove(pending)


def _goods(got: int, good: str) -> str:
    return f"{got} {good}" if got else f"no {good} (the pool has none)"


def _losses(owners: list[int], each: int) -> str:
    """"{s0} loses 1 VP (1 ship), {s2} loses 2 VP (2 ships)", in seat order."""
    parts = [f"{seat_ref(o)} loses {each * owners.count(o)} VP "
             f"({counted(owners.count(o), 'ship')})" for o in sorted(set(owners))]
    return listing(parts)
