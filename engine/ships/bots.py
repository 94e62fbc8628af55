"""The standard Ships bot: a greedy player that values each legal move by what it is worth in
victory points, now or later, against the best opponent.

It sees only its seat's view and legal moves. Rules of thumb it follows: pieces in the present
area are worth their area's score (counted when the wave moves on); opening an area scores the
old one for everyone, which is good only when it scores better than the others; opening an age
earns its first-ship VP but costs ships left behind; goods and gold are worth half their price
in VP; free action cubes left at the end are worth nothing, so it spends them on good moves.

Three habits of people it keeps (issue 15):
- a sale is worth the gold it brings (kept in the bank, or 1 VP per 2 past it) and the room it
  makes for the goods still to come; goods that would not fit are not counted as gained;
- the wave moves on: the area left behind is scored now or at the end anyway, so moving on costs
  little, and the next area's fresh boxes score one more each (rulebook: Placing Your Merchant
  Cube or City Disc in the Next Area); navigation is worth more while the next border needs it;
- every ship on the track will lose 1 VP when the age two above it opens and 2 VP when the age
  three above opens (rulebook: Placing Your Ship in the Next Age Level), so a new ship is charged
  that loss up front, and upgrading a ship already on the track is preferred to building;
- the steam ages' borders (13-15 navigation) come down only by one for each ship in the age below,
  so ships pile up there unless someone holds the navigation: a seat a few counters short of
  opening the next steam age collects them, as the first ship there is worth 9-11 VP.

A card is worth what it brings (its gains, or the best way of carrying out its action): taking
one is the turn's action, so a card whose action cannot be carried out is not taken. Cubes are
taken back from the present area, which is still to be scored, only when its being full is what
stops the seat building, and then one at a time."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from engine.core import Action, Rng, View

from . import actions as A
from .board import REST_AREA, board
from .cards import own_cubes
from .content import ships_content
from .economy import bank_space, price, row_spaces
from .effects import (
    ConvertGoods,
    GainEffect,
    GainGoodsOfChoice,
    OpponentsDiscardGoods,
    PerOwnCube,
    PerOwnShip,
    RemoveShipsFromOneAge,
    RetrieveCubes,
)
from .effects import PlaceShip as PlaceShipEffect
from .effects import SellGoods as SellGoodsEffect
from .effects import UpgradeShip as UpgradeShipEffect
from .legal import placement_targets
from .rules import (
    ACTION_BOX,
    LAST_AGE,
    age_options,
    area_border,
    area_options,
    card_action_effect,
    gold_cost,
    metal_range,
    opening_cost,
    own_ships,
    placement_rules,
)
from .scoring import area_scores
from .state import ShipsView

CUBE = 1.2  # a merchant cube used up from the stock
NAVIGATION = 0.7
GOLD = 0.5
PAY = {"merchant": 0.0, "free": 0.5, "oil": 1.3, "card": 0.0}
KEPT_GOLD = 0.55  # gold in the bank pays for actions, so a little more than its 1 VP per 2
ROOM = 0.9  # a warehouse space freed while the warehouse is (nearly) full
SELL_FIRST = 1.5  # a full warehouse emptied while another action this turn can fill it
OBSOLETE = 0.9  # how surely a ship's coming VP losses are paid (it may be upgraded or removed)
AREA_NAVIGATION = 0.45
WAVE = 1.5  # opening the next area: its boxes are fresh and score one more each
AGE_REACH = 0.5  # how surely navigation that brings the next age within reach opens it for me
AGE_SPAN = 4  # the navigation short of the next age that is worth collecting for it
BENEFIT = {"merchant_cubes": 1.2, "free_action_cubes": 1.0, "gold": 0.5, "navigation": 0.7,
           "industry": 0.8, "vp": 1.0}
SKIP = -1.0  # giving up a card's action: the card is taken, so only a worse action is worse
CARD = 0.3  # a card taken is one the others cannot take


class StandardBot:
    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        assert isinstance(view, ShipsView)
        me = view.viewer if view.viewer is not None else view.active
        return choose_from(view, me, legal, rng)


def choose_from(view: ShipsView, me: int, legal: list[Action], rng: Rng) -> Action:
    """The standard bot's choice for seat ``me`` among ``legal``, from a table as the seat
    sees it (its view, or a search's sample read the same way)."""
    best: list[Action] = []
    best_value = float("-inf")
    # when a full area is what stops all building, a cube taken back from it opens one of
    # its trade boxes again; a seat with no ship to build or upgrade, or with the navigation
    # to move on to the next area, is not stopped by the area, and taking its cubes back
    # would only throw away their score
    area_boxes = board().trade_by_area.get(view.area, ())
    no_build = not any(isinstance(a, (A.PlaceShip, A.UpgradeShip)) for a in legal)
    blocked = no_build and bool(area_boxes) and all(t in view.trade for t in area_boxes) \
        and _has_ship_to_build(view, me) and not _can_move_on(view, me)
    pos = _Position(view, me, blocked, no_build)
    for action in legal:
        value = _value(pos, action)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


class _Position:
    """What the values of one decision's moves share, worked out at most once."""

    def __init__(self, view: ShipsView, me: int, blocked: bool, no_build: bool) -> None:
        self.view = view
        self.me = me
        self.player = view.players[me]
        self.blocked = blocked
        self.no_build = no_build
        self.cards: dict[str, float] = {}

    @cached_property
    def area_scores(self) -> list[int]:
        """The present area's score for each seat, were it scored now."""
        view = self.view
        return (area_scores(view, view.area)  # type: ignore[arg-type]
                if view.area >= 2 else [0] * view.seats)

    @cached_property
    def leading(self) -> bool:
        """Whether the seat is ahead were the game to end now (the area scored, goods sold)."""
        pending = self.area_scores
        worth = [p.vp + pending[i] + (p.gold + sum(price(g) * n for g, n in p.goods.items())) / 2
                 for i, p in enumerate(self.view.players)]
        return worth[self.me] >= max(worth)

    @cached_property
    def wave_lag(self) -> float:
        return _wave_lag(self.view)

    @cached_property
    def fullness(self) -> float:
        return _fullness(self.view)

    @cached_property
    def next_border(self) -> int:
        return _next_border(self.view)

    @cached_property
    def age_gap(self) -> int:
        """The navigation the seat is short of opening the next age (0 when there is none)."""
        return _age_gap(self.view, self.me)

    @cached_property
    def opening_worth(self) -> float:
        """What opening the next age is worth to the seat: its first-ship VP and the ships it
        leaves behind, the others' against the seat's own."""
        nxt = self.view.present_age + 1
        if not 2 <= nxt <= LAST_AGE:
            return 0.0
        return board().age_first_vp[nxt] + _age_penalties(self.view, self.me, nxt)

    @cached_property
    def room(self) -> int:
        return _warehouse_room(self.view, self.me)

    def card_worth(self, card: str) -> float:
        """What taking ``card`` brings (its gold cost and the cube aside), worked out once."""
        if card not in self.cards:
            self.cards[card] = _card_worth(self, card)
        return self.cards[card]

    @cached_property
    def present_discs(self) -> int:
        """Discs in the present area: each takes one off the next border's navigation."""
        view = self.view
        if view.area == REST_AREA:
            return sum(view.rest_warship)
        b = board()
        return sum(1 for c in view.cities if b.cities[c].area == view.area)


def _value(pos: _Position, action: Action) -> float:
    view, me, player = pos.view, pos.me, pos.player
    blocked, no_build = pos.blocked, pos.no_build
    if isinstance(action, A.EndTurn):
        # merchant cubes left in the Action cubes section cost nothing to use
        return -0.6 if player.action_merchant else 0.0
    if isinstance(action, A.DiscardGood):
        return -price(action.good) * GOLD
    if isinstance(action, A.ChooseGood):
        return _goods_gain(pos, action.good, 1)
    if isinstance(action, A.ConvertWine):
        return price(action.good) * GOLD
    if isinstance(action, A.StopConverting):
        return 0.0
    if isinstance(action, A.SkipCard):
        return SKIP
    if isinstance(action, A.RetrieveCube):
        return -2.0  # whole areas at once are the bot's way
    if isinstance(action, A.RetrieveMany):
        return _many_back(pos, action.boxes, action.areas)
    if isinstance(action, A.RemoveShips):
        return _ships_back(pos, action.age, action.merchant + action.warship)
    value = 0.0
    if isinstance(action, A.Paid):
        spare = action.pay == "free" and player.free_cubes + player.action_free >= 3
        value -= (0.1 if spare else PAY[action.pay]) + action.wine * 1.0
        if isinstance(action, A.TakeCard):
            value -= ships_content().card(action.card).gold_cost.value * GOLD
        elif action.type in ACTION_BOX:  # the gold printed on the action box
            value -= gold_cost(action.type, action.pay) * GOLD
    if isinstance(action, (A.PlaceShip, A.UpgradeShip)):
        # the longer the game, the keener to build: a stand-off must not last for ever
        return value + _placement(pos, action) + view.turn / 60
    if isinstance(action, A.SellGoods):
        return value + _sale(pos, action)
    if isinstance(action, A.Retrieve):
        cubes = _cubes_back(view, me, action)
        need = 1.0 if player.stock_cubes < 3 else 0.2
        # cubes in the present area are still to be scored; older areas have been. When the
        # full area stops all building, one cube taken back from it opens a box to build in
        # (+2, and its score is the price of going on); more give up their score for nothing
        opens = blocked and cubes > 0 and action.source == view.area
        scored = cubes - 1 if opens else cubes
        lost = scored * board().area_values.get(action.source, 0) * 0.8 \
            if action.source == view.area else 0.0
        return value + cubes * need - lost - 0.3 + (2.0 if opens else 0.0)
    if isinstance(action, A.TakeNavigation):
        available = min(2, view.supply.navigation)  # an empty pool gives nothing
        return value + _navigation_worth(pos, available) - (0.5 if not available else 0.0)
    if isinstance(action, A.TakeGold):
        return value + GOLD + 0.1
    if isinstance(action, A.TakeCard):
        return value + pos.card_worth(action.card)
    if isinstance(action, A.RemoveShip):
        # a ship about to lose VP for lagging is worth taking back (its losses are saved)
        saved = OBSOLETE * _imminent_loss(view, action.age)
        return value + max(saved - 1.6, _removal(view, me, action.age) if no_build else -1.5)
    return value


def _navigation_worth(pos: _Position, available: int) -> float:
    """What ``available`` navigation counters coming in are worth: more while the wave lags
    and the next border needs them, and more when they bring the next steam age within reach;
    little once the seat holds more than any border asks."""
    player = pos.player
    short = pos.next_border - player.navigation - player.goods.get("metal", 0)
    each = NAVIGATION + (0.4 * min(2, pos.wave_lag) if short > 0 else 0.0)
    return (available * each if player.navigation < 16 else 0.2) + _age_reach(pos, available)


def _placement(pos: _Position, action: A.Placement) -> float:
    view, me = pos.view, pos.me
    b = board()
    value = 0.0
    present = view.present_age
    area = b.area_of(action.spaces[0])
    area_value = b.area_values[area]
    # navigation and metal spent
    value += action.metal * (2.0 - NAVIGATION - price("metal") * GOLD)
    age_nav, area_nav = _navigation_cost(pos, action)
    # metal pays the age's part first; navigation kept has no worth at the end, and the
    # border is what holds the wave back, so it costs less than navigation in general
    metal_left = max(0, action.metal - age_nav)
    value -= max(0, age_nav - action.metal) * NAVIGATION
    value -= max(0, area_nav - metal_left) * AREA_NAVIGATION
    # a new age: its first-ship VP, less my ships left behind, plus the others'
    if action.age > present:
        value += b.age_first_vp[action.age]
        value += _age_penalties(view, me, action.age)
    # the VP the ship will lose as the ages move on past it, charged now; an upgrade moves a
    # ship already on the track, so it adds only the difference
    future = max(present, action.age)
    value -= OBSOLETE * _liability(action.age, future)
    if isinstance(action, A.UpgradeShip):
        value += 0.5 + OBSOLETE * _liability(action.from_age, future)
    if action.age == len(view.ages):
        # ships in the last age bring the end nearer, which only a leader wants
        value += 3.0 if pos.leading else -0.5
    # a new area scores the one left behind for everyone
    if area > max(view.area, 1) and view.area >= 2:
        scores = pos.area_scores
        mine = scores[me]
        best_other = max((s for i, s in enumerate(scores) if i != me), default=0)
        # the area is scored at the end if not now: moving on only stops the others adding
        value += (mine - best_other) * 0.2 + WAVE * (1 + pos.wave_lag + 2 * pos.fullness)
    if action.box == "merchant":
        for space in action.spaces:
            value -= CUBE
            value += area_value * 0.8  # scored when the wave moves on
            trade = b.trade.get(space)
            if trade is None:  # Area 7's box: one good of choice
                value += price(space.rsplit(".", 1)[1]) * GOLD
            elif trade.kind == "spice":
                value += 7 + GOLD - CUBE
            elif trade.kind == "gold":
                value += trade.amount * GOLD
            else:
                good = trade.good or "food"
                extra = 1 if space == action.industry else 0  # the box the counter goes with
                amount = ships_content().good(good).trade_box_yield + extra
                value += _goods_gain(pos, good, amount)
        if action.industry:
            value -= 0.3  # the counter cycles like a cube
    else:
        value -= price("food") * GOLD + 0.3
        space = action.spaces[0]
        if space in b.cities:
            city = b.cities[space]
            value += BENEFIT.get(city.gain, 0.5) * city.amount
            own_cubes = sum(1 for t, owner in view.trade.items()
                            if owner == me and b.trade[t].location == city.location)
            value += (area_value + own_cubes) * 0.8
        else:
            value += 6 + (area_value + view.rest_merchant[me]) * 0.8
        value += _disc_row(pos, action.disc_from)
    return value


def _wave_lag(view: ShipsView) -> float:
    """How far the wave is behind the pace people keep: the age track sets the game's length
    and the wave must sweep Areas 2-7 in it, about one area for every two ages."""
    if view.area < 2 or view.area >= REST_AREA:
        return 0.0
    return max(0.0, 1.5 + view.present_age / 2 - view.area)


def _fullness(view: ShipsView) -> float:
    """The share of the present area's trade boxes taken: a full area is one to move on from."""
    boxes = board().trade_by_area.get(view.area, ())
    if not boxes:
        return 0.0
    return sum(1 for t in boxes if t in view.trade) / len(boxes)


def _next_border(view: ShipsView) -> int:
    """The navigation it costs now to open the next area (0 when there is none to open)."""
    if view.area < 2 or view.area >= REST_AREA:
        return 0
    discs = sum(1 for c in board().cities_by_area.get(view.area, ()) if c in view.cities)
    return max(0, area_border(view.area + 1) - discs)


def _age_gap(view: ShipsView, me: int) -> int:
    """The navigation ``me`` is short of opening the next age: its border less one for each ship
    in the present age, less the navigation and metal the seat holds."""
    nxt = view.present_age + 1
    if nxt > LAST_AGE or board().age_era[nxt] != "steam":
        return 0
    player = view.players[me]
    return max(0, opening_cost(view, nxt) - player.navigation - player.goods.get("metal", 0))


def _age_reach(pos: _Position, navigation: int) -> float:
    """Navigation that brings the next age within reach: its first ship is worth the age's VP
    (Age 11's is 11) and no ship counter is spent waiting for the border to come down, so the
    counters that close the gap share the opening's worth."""
    gap = pos.age_gap
    if not 0 < gap <= AGE_SPAN or navigation <= 0:
        return 0.0
    return AGE_REACH * max(0.0, pos.opening_worth) * min(navigation, gap) / gap


def _liability(age: int, present: int) -> int:
    """The VP one ship in ``age`` is still to lose: 1 when the age two above opens, 2 when the
    age three above opens (and it leaves the board), counting only ages not yet opened."""
    loss = 0
    if present < age + 2 <= LAST_AGE:
        loss += 1
    if present < age + 3 <= LAST_AGE:
        loss += 2
    return loss


def _imminent_loss(view: ShipsView, age: int) -> int:
    """The VP a ship in ``age`` loses when the next age opens."""
    nxt = view.present_age + 1
    if nxt > LAST_AGE:
        return 0
    return {2: 1, 3: 2}.get(nxt - age, 0)


def _goods_gain(pos: _Position, good: str, amount: int) -> float:
    """What goods coming into the warehouse are worth: past its room the cheapest goods held
    (or coming) go back to the pool, and those are no gain."""
    view, me = pos.view, pos.me
    amount = min(amount, view.supply.goods.get(good, 0))
    room = max(0, pos.room)
    gained = float(price(good) * amount)
    overflow = amount - room
    if overflow > 0:
        player = view.players[me]
        held = sorted([price(g) for g, n in player.goods.items() for _ in range(n)]
                      + [price(good)] * amount)
        gained -= sum(held[:overflow]) + 0.5 * overflow  # and a good thrown away is a waste
    return gained * GOLD


def _sale(pos: _Position, action: A.SellGoods) -> float:
    """A sale is worth the gold it brings, less the goods' own worth at the end (the final sale
    would bring their price too), plus the room it makes while the warehouse is nearly full."""
    view = pos.view
    extra, vp_each = 0, 0
    if action.pay == "card" and view.pending and view.pending[0].card:
        effect = card_action_effect(view.pending[0].card)
        if isinstance(effect, SellGoodsEffect):
            extra, vp_each = effect.extra_gold_per_good, effect.vp_per_good
    return _sale_worth(pos, action.goods, extra, vp_each)


def _sale_worth(pos: _Position, goods: tuple[tuple[str, int], ...], extra: int,
                vp_each: int) -> float:
    """See ``_sale``: ``extra`` gold and ``vp_each`` VP a good sold are a card's bonus."""
    player = pos.player
    sold = sum(n for _, n in goods)
    worth = sum(price(g) * n for g, n in goods)
    value = _gold_worth(pos, worth + extra * sold) + vp_each * sold - worth * GOLD
    room = pos.room
    value += ROOM * min(sold, max(0, 3 - room)) - 0.1 * sold
    if room <= 1 and player.action_merchant + player.action_free >= 2:
        # a person sells first and then places in the same turn, with room for the goods (a
        # food box brings two)
        value += SELL_FIRST * min(sold, 2 - room)
    return value


def _disc_row(pos: _Position, row: str | None) -> float:
    """A disc leaves a space open in the warehouse or the bank: worth most where it is short."""
    player = pos.player
    if row == "warehouse":
        return 0.7 if pos.room <= 1 else 0.25
    return 0.5 if bank_space(player) <= 1 and player.gold >= 2 else 0.15


def _removal(view: ShipsView, me: int, age: int) -> float:
    """A ship taken back is a counter to build again: worth it when the era's counters have run
    out, or when the ship is about to cost VP for lagging behind."""
    b = board()
    value = -1.5
    era = b.age_era[view.present_age] if view.present_age else "galley"
    if b.age_era[age] == era and view.players[me].ships.get(era, 0) == 0:
        value += 3.0 - 0.1 * (age - 1)  # the lowest ship of the era first
    return value


def _navigation_cost(pos: _Position, action: A.Placement) -> tuple[int, int]:
    """The navigation the move costs: to open a new age, and to open a new area."""
    view = pos.view
    b = board()
    age_cost = 0
    if action.age > view.present_age and action.age > 1:
        age_cost = opening_cost(view, action.age)
    cost = 0
    area = b.area_of(action.spaces[0])
    if view.area >= 2 and area > view.area:
        cost += max(0, area_border(area) - pos.present_discs)
    return age_cost, cost


def _age_penalties(view: ShipsView, me: int, age: int) -> float:
    value = 0.0
    for back, loss in ((2, 1), (3, 2)):
        if age - back >= 1:
            boxes = view.ages[age - back - 1]
            owners = boxes.merchant + boxes.warship
            mine = owners.count(me)
            others = max((owners.count(s) for s in range(view.seats) if s != me), default=0)
            value += (others - mine) * loss * 0.7
    return value


def _warehouse_room(view: ShipsView, me: int) -> int:
    player = view.players[me]
    return row_spaces("warehouse") - player.warehouse_discs - player.goods_count()


def _cubes_back(view: ShipsView, me: int, action: A.Retrieve) -> int:
    source = action.source
    if action.spaces is not None:
        return len(action.spaces)
    if action.count is not None:
        return action.count
    return _area_cubes(view, me, source)


def _has_ship_to_build(view: ShipsView, me: int) -> bool:
    """Whether the seat holds a ship counter of the present era or has a ship on the track it
    could move up: then only the board can be what stops it building."""
    if view.players[me].ships.get(view.era, 0) > 0:
        return True
    return any(age < LAST_AGE for age, _ in own_ships(view, me))


def _can_move_on(view: ShipsView, me: int) -> bool:
    """Whether the seat holds the navigation (and metal) the next area's border asks."""
    if view.area >= REST_AREA or view.area < 2:
        return True
    player = view.players[me]
    return player.navigation + player.goods.get("metal", 0) >= _next_border(view)


def _area_cubes(view: ShipsView, me: int, area: int) -> int:
    """The seat's cubes in ``area`` (0: the action boxes; ``REST_AREA``: Area 7's box)."""
    if area == 0:
        return sum(b.merchant for b in view.players[me].boxes.values())
    if area == REST_AREA:
        return view.rest_merchant[me]
    return sum(1 for t, owner in view.trade.items()
               if owner == me and board().trade[t].area == area)


def _cube_back(pos: _Position, area: int) -> float:
    """One cube back into the stock from ``area`` (0: the action boxes), as Retrieve counts it:
    worth more while the stock is low, and a cube taken from the present area gives up the
    area's score it was placed for."""
    view = pos.view
    need = 1.0 if pos.player.stock_cubes < 3 else 0.2
    lost = board().area_values.get(area, 0) * 0.8 if area == view.area else 0.0
    return need - lost


def _many_back(pos: _Position, boxes: bool, areas: tuple[int, ...]) -> float:
    """Factories: cubes back from the action boxes and from whole areas, each as Retrieve
    counts it; stopping (nothing chosen) is worth nothing."""
    view, me = pos.view, pos.me
    value = 0.0
    for area in (0, *areas) if boxes else areas:
        value += _area_cubes(view, me, area) * _cube_back(pos, area)
    return value - 0.3 if boxes or areas else 0.0


def _ships_back(pos: _Position, age: int, ships: int) -> float:
    """Lighthouse, Sea Clocks: ships taken back from one age. A ship about to lose VP for
    lagging saves them; any other is a ship given up for nothing (it could still be upgraded,
    and it counts toward opening the next age), so it is worse than giving the card's action
    up. A counter back to build with, when the era's have run out, counts once."""
    view, me = pos.view, pos.me
    saved = OBSOLETE * _imminent_loss(view, age)
    value = ships * (saved - 1.2)
    if pos.no_build:
        value += max(0.0, _removal(view, me, age) + 1.5)
    return value


def _gold_worth(pos: _Position, amount: int) -> float:
    """``amount`` gold from the pool (what it still holds): worth ``KEPT_GOLD`` a coin in the
    bank, and what a full bank turns away 1 VP a pair."""
    taken = min(amount, pos.view.supply.gold)
    kept = min(taken, bank_space(pos.player))
    return kept * KEPT_GOLD + (taken - kept) // 2


def _gain_worth(pos: _Position, what: str, amount: int) -> float:
    """A card's or a city's gain, as the bot counts the same things elsewhere; what the pool
    no longer holds is not gained."""
    view, player = pos.view, pos.player
    if amount <= 0:
        return 0.0
    if what == "gold":
        return _gold_worth(pos, amount)
    if what == "vp":
        return float(amount)
    if what == "merchant_cubes":
        return min(amount, player.pool_cubes) * BENEFIT[what]
    if what == "free_action_cubes":
        return min(amount, view.supply.free_cubes) * BENEFIT[what]
    if what == "navigation":
        return _navigation_worth(pos, min(amount, view.supply.navigation))
    if what == "industry":
        return min(amount, view.supply.industry) * BENEFIT[what]
    return BENEFIT.get(what, 0.5) * amount


def _card_worth(pos: _Position, card: str) -> float:
    """What a card brings, effect by effect, as the bot counts the same gains elsewhere; a card
    with an action (place or upgrade a ship, sell goods, take ships or cubes back) is worth the
    best way of carrying it out. Taking a card is the turn's action (rulebook: Take One Card),
    so a card whose action cannot be carried out, or only at a loss, or that brings nothing
    (Vikings with no ship in the Longships box), is not worth the cube: ``SKIP``."""
    view, me, player = pos.view, pos.me, pos.player
    content = ships_content()
    gained = 0.0
    for effect in content.card(card).effects:
        if isinstance(effect, GainEffect):
            gained += _gain_worth(pos, effect.what, effect.amount)
        elif isinstance(effect, PerOwnShip):
            age, side, _ = content.ship_box(effect.box)
            n = getattr(view.ages[age.age - 1], side).count(me)
            gained += sum(_gain_worth(pos, g.what, g.amount * n) for g in effect.each)
        elif isinstance(effect, PerOwnCube):
            n = own_cubes(view.trade, me, effect)
            gained += sum(_gain_worth(pos, g.what, g.amount * n) for g in effect.each)
        elif isinstance(effect, GainGoodsOfChoice):
            gained += max((_goods_gain(pos, g, effect.amount) for g in content.goods_ids
                           if g not in effect.excluded and view.supply.goods.get(g, 0) > 0),
                          default=0.0)
        elif isinstance(effect, ConvertGoods):
            held = player.goods.get(effect.good, 0)
            dearest = max((price(g) for g in content.goods_ids if g not in effect.excluded
                           and g != effect.good), default=0)
            each = sum(BENEFIT.get(g.what, 0.5) * g.amount for g in effect.each)
            gained += held * (each + max(0, dearest - price(effect.good)) * GOLD)
        elif isinstance(effect, OpponentsDiscardGoods):
            victims = sum(1 for s, p in enumerate(view.players) if s != me and p.goods_count())
            gained += 0.5 * victims * effect.amount
        else:
            best = _card_action(pos, card, effect)
            if best is None or best <= SKIP:
                return SKIP
            gained += best
    return CARD + gained if gained > 0 else SKIP


def _card_action(pos: _Position, card: str, effect: object) -> float | None:
    """The best way of carrying out a card's action, as the bot values the same move when the
    card is played; None when there is none."""
    view, me, player = pos.view, pos.me, pos.player
    if isinstance(effect, (PlaceShipEffect, UpgradeShipEffect)):
        upgrade = isinstance(effect, UpgradeShipEffect)
        # a warship placed by a card that waives the food keeps the food the bot counts
        food = price("food") * GOLD if isinstance(effect, PlaceShipEffect) \
            and effect.food_cost == 0 else 0.0
        return max((_placement(pos, a) + view.turn / 60 + (food if a.box == "warship" else 0.0)
                    for a in _card_placements(view, me, card, upgrade)), default=None)
    if isinstance(effect, SellGoodsEffect):
        held = {g: n for g, n in sorted(player.goods.items()) if n > 0}
        sales: list[tuple[tuple[str, int], ...]] = [((g, n),) for g, n in held.items()]
        if len(held) > 1:
            sales.append(tuple(held.items()))
        return max((_sale_worth(pos, goods, effect.extra_gold_per_good, effect.vp_per_good)
                    for goods in sales), default=None)
    if isinstance(effect, RemoveShipsFromOneAge):
        return max((_ships_back(pos, age, n) for age, side in own_ships(view, me)
                    for n in range(1, view.ages[age - 1].count() + 1)
                    if n <= view.ages[age - 1].merchant.count(me)
                    + view.ages[age - 1].warship.count(me)), default=None)
    if isinstance(effect, RetrieveCubes):
        parts = []
        boxed = _area_cubes(view, me, 0)
        if effect.action_boxes and boxed:
            parts.append(boxed * _cube_back(pos, 0))
        areas = {board().trade[t].area for t, owner in view.trade.items() if owner == me}
        if view.rest_merchant[me]:
            areas.add(REST_AREA)
        if effect.areas != "none":
            worth = sorted((_area_cubes(view, me, a) * _cube_back(pos, a) for a in areas),
                           reverse=True)
            parts += [w for w in worth if w > 0] if effect.areas == "all" else worth[:1]
        return sum(parts) - 0.3 if parts else None
    return None


def _card_placements(view: ShipsView, me: int, card: str, upgrade: bool
                     ) -> list[A.Placement]:
    """The ships a card's Place Ship or Upgrade Ship could put down, as the legal moves offer
    them once the card is taken (no gold to pay; the least metal that meets the navigation)."""
    rules = placement_rules(card)
    player = view.players[me]
    eras = board().age_era
    origins: list[tuple[int, str] | None] = (
        [o for o in own_ships(view, me) if o[0] < LAST_AGE] if upgrade else [None])
    areas = area_options(view)
    found: list[A.Placement] = []
    for origin in origins:
        for age in age_options(view, origin[0] if origin else None):
            if not upgrade and player.ships.get(eras[age.age], 0) < 1:
                continue
            for area in areas:
                metals = metal_range(view, me, age.navigation + area.navigation)
                if not metals:
                    continue
                targets = placement_targets(view, me, area.area, rules, 0)  # type: ignore[arg-type]
                for side, spaces, extra in targets:
                    fields: dict[str, Any] = dict(
                        pay="card", wine=0, age=age.age, box=side, spaces=spaces,
                        metal=metals.start, disc_from=extra.get("disc_from"),
                        industry=extra.get("industry"))
                    if origin is None:
                        found.append(A.PlaceShip.model_construct(**fields))
                    else:
                        fields.update(from_age=origin[0], from_box=origin[1])
                        found.append(A.UpgradeShip.model_construct(**fields))
    return found
