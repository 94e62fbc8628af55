"""The standard Ocean Trader bot: a merchant that trades to the World Trade cards in play.

It sees only its seat's view and legal moves. Each ship gets a target: the best port wanting the
goods it carries, or else the best port selling goods that a card in play wants (profit over
distance). It sells first, buys what a card wants with what the voyage may ask for kept back
(the Suez Canal's tow, the fee where the goods sell, the worst Prospect card), keeps goods a
card wants while it can pay the way there, sails by the shortest route (the Roaring Forties
count long westward), insures its ships before loading them, and in the full game saves until
it can buy an outright majority of the certificates in one go, claims at once and keeps its
starting assets through the twelve turns; it challenges rival claims and buys certificates to
block them. In the full game an office left without a ship buys one as soon as it can pay for
it, unless no ship is left at the table and it is clearly ahead on assets."""

from __future__ import annotations

import functools
import heapq

from engine.core import Action, Rng, View

from . import actions as A
from .content import OceanTraderContent, ocean_trader_content
from .content_models import Route
from .legal import throw_points
from .movement import lands_on_red
from .rules import bills_left, office_assets
from .state import OceanTraderState, OceanTraderView, Player, PlayerView, Ship

RESERVE = 120  # cash kept for port fees and Prospect cards, plus SHIP_RESERVE a ship
SHIP_RESERVE = 100
POOR_FLOOR = 150
LAST_FLOOR = 60  # the dearest port's fee
PROSPECT_WORST = 150  # the most a Prospect card asks for
DANGER = 500.0  # how much worse a move ending on a red space is for a poor office


@functools.cache
def _graph() -> tuple[dict[str, dict[str, float]], dict[str, dict[str, str]]]:
    """Shortest sailing distance between ports, and the first route to take."""
    c = ocean_trader_content()
    rf = c.rules.roaring_forties
    dist: dict[str, dict[str, float]] = {}
    first: dict[str, dict[str, str]] = {}
    for source in (p.id for p in c.ports.ports):
        best: dict[str, float] = {source: 0.0}
        via: dict[str, str] = {}
        queue: list[tuple[float, str, str]] = [(0.0, source, "")]
        while queue:
            d, here, route0 = heapq.heappop(queue)
            if d > best.get(here, float("inf")):
                continue
            for route in c.routes_from(here):
                there = route.other(here)
                cost = route.length * _wind_factor(c, route.roaring_forties_east_end, there, rf)
                if d + cost < best.get(there, float("inf")):
                    best[there] = d + cost
                    via[there] = route0 or route.id
                    heapq.heappush(queue, (d + cost, there, route0 or route.id))
        dist[source] = best
        first[source] = via
    return dist, first


def _wind_factor(c: OceanTraderContent, east_end: str | None, toward: str, rf: object) -> float:
    if east_end is None:
        return 1.0
    change = c.rules.roaring_forties.eastward if toward == east_end else \
        c.rules.roaring_forties.westward
    return 3.5 / max(0.5, 3.5 + change)


def distance(a: str, b: str) -> float:
    return _graph()[0][a].get(b, 1e9)


def passage(a: str, b: str) -> list[Route]:
    """The routes of the shortest passage from port ``a`` to port ``b``, in order."""
    c = ocean_trader_content()
    first = _graph()[1]
    routes: list[Route] = []
    here = a
    while here != b and b in first[here] and len(routes) < len(c.ports.ports):
        route = c.route(first[here][b])
        routes.append(route)
        here = route.other(here)
    return routes


@functools.cache
def passage_cost(start: str, port: str) -> int:
    """What a passage from ``start`` to ``port`` pays on the way: the Suez Canal's tow for
    each passage of it, and the fee on docking at its end (once per pair of ports: the
    passage itself is not kept, as nothing else asks for it)."""
    c = ocean_trader_content()
    tow = c.rules.suez_canal_fee.value
    return sum(tow for r in passage(start, port) if r.suez_canal) + c.port(port).fee


def where(ship: Ship) -> tuple[str, float]:
    """The port the ship is in or heading for, and how far off it is."""
    if ship.port is not None:
        return ship.port, 0.0
    assert ship.route is not None and ship.toward is not None
    route = ocean_trader_content().route(ship.route)
    left = (route.spaces + 1 - ship.at) if ship.toward == route.b else ship.at
    return ship.toward, float(left)


class StandardBot:
    def choose(self, view: View, legal: list[Action], rng: Rng) -> Action:
        assert isinstance(view, OceanTraderView)
        me = view.viewer if view.viewer is not None else view.active
        return _best(_Plan(view, me, legal, rng, view.certificates, view.bills_available),
                     legal, rng)


def playout_choice(state: OceanTraderState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The standard bot's move read straight from a state (a search's sample) instead of the
    seat's view: the same choice, as the bot reads nothing of the state its view hides from
    it but the decks' order and others' cash and shares, which it never uses."""
    c = ocean_trader_content()
    certificates = c.certificates(state.seats) if state.variant == "full" else 0
    return _best(_Plan(state, seat, legal, rng, certificates, bills_left(state)), legal, rng)


def _best(plan: _Plan, legal: list[Action], rng: Rng) -> Action:
    best: list[Action] = []
    best_value = float("-inf")
    for action in legal:
        value = plan.value(action)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


class _Plan:
    """What the bot makes of the table. It reads a seat's view, or a state the same way (the
    fields it reads have the same names and meaning in both)."""

    def __init__(self, view: OceanTraderView | OceanTraderState, me: int, legal: list[Action],
                 rng: Rng, certificates: int, bills: dict[str, int]) -> None:
        self.view = view
        self.certificates = certificates
        self.bills = bills
        self.legal_types = {a.type for a in legal}
        self.me = me
        self.c = ocean_trader_content()
        self.player: PlayerView | Player = view.players[me]
        self.cash = self.player.cash or 0
        self.shares = self.player.shares or 0
        self.short = view.variant == "short"
        self.turns_left = view.turn_limit - self.player.turns if self.short else 999
        self.majority = self.certificates // 2 + 1
        self.reserve = RESERVE + SHIP_RESERVE * len(self.player.ships)
        self.full_floor = min(self.reserve, POOR_FLOOR)
        # short of cash for the next fees: raise money before a fee eliminates us
        self.emergency = self.cash < 100 + 60 * len(self.player.ships)
        self.wanted = self._wanted()
        self.open = self._open_demand()
        self._shares_init(legal, rng)

    @functools.cached_property
    def floor(self) -> int:
        """Cash kept when buying cargo, beyond what the voyage asks for: the reserve, but never
        so much that a poor office cannot trade its way out (a Prospect card asks £150 at
        most). With nothing aboard to sell, an office too poor to keep that much back and still
        trade (under £300, or with no deal in reach that leaves it) keeps only a port's fee: an
        office that stops trading only waits for a fee or a card to eliminate it, and a market
        whose cards want only dear goods may stay so for dozens of turns."""
        if any(s.cargo for s in self.player.ships):
            return self.full_floor
        if self.cash < 2 * POOR_FLOOR:
            return LAST_FLOOR
        if any(self._target(s, self.full_floor) is not None for s in self.player.ships):
            return self.full_floor
        return LAST_FLOOR

    @functools.cached_property
    def targets(self) -> dict[int, str | None]:
        """Each ship's target port, worked out only for the moves that ask for it (a search's
        playouts read a plan for one move at a time)."""
        return {s.number: self._target(s, self.floor) for s in self.player.ships}

    def _shares_init(self, legal: list[Action], rng: Rng) -> None:
        """What the office knows of the certificates: how many a claim needs, whether the Banker
        has any left (his stock is secret, but a purchase we can afford and are not offered
        means he has none), and what we would bid."""
        view, rules = self.view, self.c.rules
        active = [p for p in view.players if not p.eliminated]
        # rulebook, Method of Play: the claim needs a majority "plus" the starting assets at the
        # check, i.e. more certificates than anyone else; more than an even share of them is a
        # holding the others are unlikely to match, and an outright majority cannot be matched
        self.claim_at = max(2, min(self.majority, self.certificates // max(1, len(active)) + 1))
        main_turn = view.pending is None and view.auction is None and view.active == self.me
        self.banker_empty = (not self.short and main_turn and self.cash >= rules.shares.price
                             and "buy_share" not in {a.type for a in legal})
        self.outright = 2 * self.shares > self.certificates
        self.claiming = view.claim is not None and view.claim.claimant == self.me
        self.rival_claim = view.claim is not None and view.claim.claimant != self.me
        # cash kept back before buying a certificate: the claim's £750 and £300 to trade with
        # (against the bot that also kept £300 a ship, it won 54.8% of 4,000 two-player full
        # games, and with four players the difference is within the noise; keeping less loses
        # the trade that pays for the rest, 21% at £300 in all, and keeping more the race, 33%
        # at £2,000)
        self.share_keep = rules.claim.must_hold_cash + 300
        self.coin = rng.below(2)
        self.die = rng.below(6)  # an auction nobody bid in is offered again now and then
        self.bid = self._bid_target(rng)

    def _bid_target(self, rng: Rng) -> int:
        """A sealed bid below the Banker's price (he sells for £1,000), more to block a claim
        or when the Banker has none left; nothing when the cash is needed for trade."""
        if self.short or self.view.auction is None:
            return 0
        price = self.c.rules.shares.price
        if self.rival_claim:
            limit = min(self.cash - 300, price + 500)
        else:
            limit = min(self.cash - self.share_keep, price - 100)
        if limit < 300:
            return 0
        limit -= limit % 100
        return int(max(300, limit - 100 * rng.below(3)))

    # --- what the market wants -----------------------------------------------------------
    def _wanted(self) -> list[tuple[str, str, int]]:
        """(port, goods, price of the next sale) for each card in play still buying."""
        found = []
        mult = self.c.rules.world_trade.sale_multipliers
        for slot in self.view.in_play:
            card = self.c.trade_card(slot.card)
            price = self.c.good(card.goods).price * mult[min(slot.sold, len(mult) - 1)]
            found.append((card.port, card.goods, price))
        return found

    def _open_demand(self) -> dict[str, int]:
        """For each goods a card in play wants: the purchases still to make (two a card, less
        those made) less the cargoes of it already aboard any ship, which will get there first
        or race us for them."""
        per_card = self.c.rules.world_trade.purchases_per_card
        demand: dict[str, int] = {}
        for slot in self.view.in_play:
            goods = self.c.trade_card(slot.card).goods
            demand[goods] = demand.get(goods, 0) + per_card - slot.sold
        for player in self.view.players:
            for ship in player.ships:
                for goods in ship.cargo:
                    if goods in demand:
                        demand[goods] -= 1
        return demand

    def _keep(self, source: str, port: str, floor: int | None = None) -> int:
        """Cash kept back when buying cargo at ``source`` to sell at ``port``: what the voyage
        asks for on the way (the Suez Canal's tows and the fee at its end) and the floor (the
        worst Prospect card, which eliminates an office that cannot pay it), a port's fee for
        each other ship, and the claim's £750 once claiming. An office too poor for the floor
        keeps only what the voyage asks for."""
        keep = passage_cost(source, port) + self._saving()
        keep += LAST_FLOOR * (len(self.player.ships) - 1)
        floor = self.floor if floor is None else floor
        return keep if floor == LAST_FLOOR else keep + floor

    def _where(self, ship: Ship) -> tuple[str, float]:
        return where(ship)

    def _target(self, ship: Ship, floor: int) -> str | None:
        here, off = self._where(ship)
        dist = _graph()[0]
        from_here = dist[here]
        best, best_score = None, 0.0
        for port, goods, price in self.wanted:
            if goods in ship.cargo:
                d = off + from_here.get(port, 1e9)
                score = (price - self.c.good(goods).price / 2) / (d + 2)
                if d / 3.5 <= self.turns_left and score > best_score:
                    best, best_score = port, score
        if best is not None and (len(ship.cargo) >= 2 or best_score > 40):
            return best
        if len(ship.cargo) < self.c.rules.ships.cargo_capacity:
            for port, goods, price in self.wanted:
                cost = self.c.good(goods).price
                if self.bills.get(goods, 0) <= 0 or cost > self.cash - floor \
                        or self.open.get(goods, 0) <= 0:
                    continue
                for source in self.c.trade_card_sources(goods):
                    d = off + from_here.get(source, 1e9) + dist[source].get(port, 1e9)
                    if d / 3.5 + 2 > self.turns_left:
                        continue
                    way = 0 if source == here and not off else passage_cost(here, source)
                    if self.cash - way - cost < self._keep(source, port, floor):
                        continue  # the goods could not be bought there with the cash kept back
                    score = (price - cost) / (d + 4)
                    if score > best_score:
                        best, best_score = source, score
        return best

    # --- scoring moves ----------------------------------------------------------------------
    def value(self, action: Action) -> float:
        handler = getattr(self, "_" + action.type)
        return float(handler(action))

    def _bid(self, action: A.Bid) -> float:
        if action.amount == self.bid:
            return 1.0
        return 0.0 if action.amount == 0 else -1.0

    def _choose_route(self, action: A.ChooseRoute) -> float:
        route = self.c.route(action.route)
        return self._route_value(action.ship, action.route) + self._landing(route)

    def _sail_on(self, action: A.SailOn) -> float:
        route = self.c.route(action.route)
        return self._route_value(action.ship, action.route) + self._landing(route)

    def _landing(self, route: Route) -> float:
        """Where this throw ends on ``route`` from the port the ship is in or passing, as the
        engine counts it (``legal.throw_points``): in a port, the next one or this one, whose
        fee we may not be able to pay; or, for an office too poor for the worst Prospect card,
        on a red space (one card in six asks for money it has not got, or sinks an uninsured
        ship)."""
        here = self.view.pending.port if self.view.pending else None
        points = throw_points(self.view, self.me, route)
        if points is None or here is None:
            return 0.0
        # no points left (or the wind drives it back): the ship stays in the port it is in or
        # passing (docking there, or leaving it only to pay its fee for the turn)
        port = here if points <= 0 else route.other(here) if points == route.length else None
        if port is not None:
            # the throw ends in a port whose fee we cannot pay
            return -1e6 if self.c.port(port).fee > self.cash else 0.0
        card_move = self.view.voyage is not None and self.view.voyage.card_move
        if self.cash < PROSPECT_WORST and not card_move and lands_on_red(route, here, points):
            return -DANGER
        return 0.0

    def _route_value(self, number: int, route_id: str) -> float:
        ship = self._ship(number)
        target = self.targets.get(number)
        route = self.c.route(route_id)
        here = self.view.pending.port if self.view.pending else None
        if here is None:
            return 0.0
        there = route.other(here)
        if target is None:
            # nothing to trade for: keep to the open sea, where no fees are paid, on long
            # routes (few forced stops) towards cheap ports
            return route.length - self.c.port(there).fee / 10
        wind = _wind_factor(self.c, route.roaring_forties_east_end, there, None)
        del ship
        return -(route.length * wind + distance(there, target))

    def _dock(self, action: A.Dock) -> float:
        port = self.view.pending.port if self.view.pending else None
        ship = self._ship(action.ship)
        if port is None:
            return 0.0
        if self.c.port(port).fee > self.cash:
            return -1e9  # the fee cannot be paid: docking would eliminate us; sail on
        target = self.targets.get(action.ship)
        if port == target:
            return 1e6
        if any(p == port and g in ship.cargo for p, g, _ in self.wanted):
            return 1e6
        if target is None:
            return -1e5  # nothing to do there but pay fees: sail on, unless made to dock
        return -1e6

    def _jettison(self, action: A.Jettison) -> float:
        return -self.c.good(action.goods).price

    def _order_cards(self, action: A.OrderCards) -> float:
        return 0.0

    def _sell_cargo(self, action: A.SellCargo) -> float:
        return 10000 + next(p for port, g, p in self.wanted
                            if g == action.goods and port == self._ship(action.ship).port)

    def _dump_cargo(self, action: A.DumpCargo) -> float:
        # only goods no card wants are offered (goods a card wants are carried to it)
        ship = self._ship(action.ship)
        if self.emergency:
            return 3500.0
        # half the price is a poor sale: keep the goods for a card to come, unless the cash is
        # needed for cargo a card wants now
        need = any(self.c.good(g).price > self.cash - self.floor and self.open.get(g, 0) > 0
                   and ship.port in self.c.trade_card_sources(g) for _, g, _ in self.wanted)
        full = len(ship.cargo) >= self.c.rules.ships.cargo_capacity
        return 3000.0 if self.turns_left > 3 and (need or full) else -1.0

    def _buy_cargo(self, action: A.BuyCargo) -> float:
        ship = self._ship(action.ship)
        cost = self.c.good(action.goods).price
        best = 0.0
        for port, goods, price in self.wanted:
            if goods != action.goods or port == ship.port:
                continue
            if self.open.get(goods, 0) <= 0:
                continue  # the cargoes aboard already cover what the cards still buy
            if self.cash - cost < self._keep(ship.port or "", port):
                continue
            d = distance(ship.port or "", port)
            if d / 3.5 + 1 > self.turns_left:
                continue
            best = max(best, (price - cost) / (d + 4))
        return 2000 + best if best > 0 else -1.0

    def _throw_dice(self, action: A.ThrowDice) -> float:
        value = 100.0
        for ship in self.player.ships:
            if ship.port is None:
                continue
            leaving = ship.number in action.depart
            target = self.targets.get(ship.number)
            wants_out = target is not None and target != ship.port
            if target is None:
                wants_out = True  # a ship idle in port pays its fee every turn
            value += 10 if leaving == wants_out else -10
        return value

    def _end_turn(self, action: A.EndTurn) -> float:
        fees = sum(self.c.port(s.port).fee for s in self.player.ships
                   if s.port is not None and not (s.traded or s.docked_now or s.new))
        return 50.0 if fees <= self.cash else -1e6  # the idle fees would eliminate us

    def _buy_ship(self, action: A.BuyShip) -> float:
        price = self.c.rules.ships.buy_price
        if not self.player.ships and not self.short:
            return 6000.0 if self._ship_wanted() else -1.0
        spare = self.reserve + SHIP_RESERVE + 300
        if self.short:
            ok = self.turns_left >= 18 and self.cash >= price + spare
        else:
            ok = self.cash >= price + self.c.rules.insurance.extra_policy_price + spare \
                and self.shares == 0 and self.view.claim is None
        # a second ship before the certificates: it doubles the trade that pays for them
        return 6000.0 if ok else -1.0

    def _ship_wanted(self) -> bool:
        """A shipless office in the full game buys a ship as soon as it can pay for one: without
        one it cannot trade, so its cash never grows, nor make a claim that holds (the check
        wants a ship), however many certificates it holds. Only under the ruling "No ships
        left", where the game ends on total assets unless someone buys a ship, it keeps its cash
        when clearly ahead on assets: the count's end then wins the game."""
        if self.cash < self.c.rules.ships.buy_price:
            return False
        return self.view.shipless_turns is None or not self._clearly_ahead()

    def _clearly_ahead(self) -> bool:
        """Our total assets beat what each rival may hold: what everyone sees of its office, the
        start's £750 for its secret cash and an even share of the certificates we do not hold
        (some may be the Banker's, so that guess errs on the rival's side)."""
        values = self.c.rules.asset_values
        players: list[Player | PlayerView] = list(self.view.players)
        rivals = [p for seat, p in enumerate(players) if seat != self.me and not p.eliminated]
        if not rivals:
            return True
        their_shares = (self.certificates - self.shares) / len(rivals)
        guess = self.c.rules.start.cash + values.share * their_shares
        mine = office_assets(self.player) + self.cash + values.share * self.shares
        return all(mine > office_assets(p) + guess for p in rivals)

    def _sell_ship(self, action: A.SellShip) -> float:
        if self.emergency and len(self.player.ships) > 1:
            return 3300.0
        claim = self.view.claim
        if claim is None or claim.claimant != self.me or len(self.player.ships) < 2:
            return -1.0
        # while claiming, spare ships only cost fees: keep one insured ship
        insured = [s for s in self.player.ships if s.insured]
        if self._ship(action.ship).insured and len(insured) < 2:
            return -1.0
        return 7000.0

    def _buy_policy(self, action: A.BuyPolicy) -> float:
        """Before cargo is bought: a ship lost uninsured takes its cargo down with it."""
        if self.player.spare_policies > 0:
            return 2600.0  # the office's spare policy covers the ship for nothing
        price = self.c.rules.insurance.extra_policy_price
        if self.short and self.turns_left < 20:
            return -1.0
        return 2600.0 if self.cash >= price + self.reserve + self._saving() else -1.0

    def _surrender_policy(self, action: A.SurrenderPolicy) -> float:
        spare = self.player.spare_policies or sum(s.insured for s in self.player.ships) > 1
        if not self.emergency or (self.claiming and not spare):
            return -1.0
        # the last policy on the only ship goes only when the next fee cannot be paid: a ship
        # lost uninsured leaves nothing to trade with
        if not spare and len(self.player.ships) == 1 and self.cash >= 60:
            return -1.0
        return 3400.0

    def _surrender_spare_policy(self, action: A.SurrenderSparePolicy) -> float:
        """A spare policy covers nothing: keep it for a ship to come, but cash it when short."""
        return 3400.0 if self.emergency else -1.0

    def _saving(self) -> int:
        """Cash set aside: the claim's £750 once claiming, nothing before."""
        claim = self.view.claim
        if claim is not None and claim.claimant == self.me:
            return self.c.rules.claim.must_hold_cash + 300
        return 0

    def _buy_share(self, action: A.BuyShare) -> float:
        price = self.c.rules.shares.price
        if self.rival_claim:  # block a rival's claim (rulebook: "an equal or greater" holding)
            # ... but not with the money the trade needs: a claim with no cash behind it fails
            return 5000.0 if self.cash >= price + self.reserve + 400 else -1.0
        if self.claiming:  # more certificates make the check safer; keep the £750
            keep = self.c.rules.claim.must_hold_cash + 300
            return 5000.0 if not self.outright and self.cash >= price + keep else -1.0
        if self.outright or self.emergency:
            return -1.0
        # rulebook, Useful Hints: not too early; a second ship first if it can be had
        ready = self.shares > 0 or len(self.player.ships) > 1 or self.player.turns >= 20
        return 5000.0 if ready and self.cash >= price + self.share_keep else -1.0

    def _sell_share(self, action: A.SellShare) -> float:
        # short of cash even while claiming: the check wants £750 anyway, and a fee we cannot
        # pay eliminates us
        return 3200.0 if self.emergency else -1.0

    def _auction_share(self, action: A.AuctionShare) -> float:
        """Never when short of cash: the sealed bids have no reserve, so an auction may fetch
        less than the Banker's sure £500, or nothing (a tester saw a certificate bought at
        auction for £900 go back for £400). Nor while anyone claims: the claimant needs its
        certificates, and the others theirs to block the claim."""
        if self.emergency or self.claiming or self.rival_claim:
            return -1.0
        # the Banker has none left and our holding cannot carry a claim: the players who can
        # will bid more than the certificate's £1,000 for it (and a tie between them ends);
        # only now and then, as nobody may have the cash to bid
        if self.banker_empty and self.shares < self.claim_at and self.coin and self.die == 0:
            return 3250.0
        return -1.0

    def _claim_majority(self, action: A.ClaimMajority) -> float:
        if not self.player.ships and not (
                self._ship_wanted() and self.cash >= self.c.rules.ships.buy_price
                + self.c.rules.claim.must_hold_cash):
            return -1.0  # the check wants a ship and £750: a failed claim forfeits a certificate
        if self.outright:
            return 9000.0
        if self.shares >= self.claim_at and (self.banker_empty or not self._matched()):
            return 9000.0
        return -1.0

    def _matched(self) -> bool:
        """A rival is known to hold as many certificates as we do (shown in a challenge and
        not changed since where the table could not see): while the Banker sells
        certificates, a claim now would only be blocked, and claim and block would follow each
        other turn after turn. (With the Banker out of them nobody blocks a claim, and the
        check that a tie fails sends a certificate back to him for the next purchase.)"""
        players: list[Player | PlayerView] = list(self.view.players)
        return any(p.shown is not None and p.shown >= self.shares
                   for seat, p in enumerate(players) if seat != self.me and not p.eliminated)

    def _challenge_claim(self, action: A.ChallengeClaim) -> float:
        """Show any holding that may match the claimant's: a claim may be made with a single
        certificate, and showing costs nothing but the holding's secret (a tester claimed with
        one and two bots holding certificates let it run). Not when the table knows the
        claimant holds more (a challenge the claim withstood, or a holding it showed); and only
        while the Banker still sells certificates, so that the tie, if it is one, is broken by
        the next purchase. With the Banker out of certificates a tie would block claim after
        claim for ever; the check itself fails a claimant we match, who then forfeits a
        certificate to the Banker."""
        claim = self.view.claim
        if claim is None or self.shares < 1 or "buy_share" not in self.legal_types:
            return -1.0
        # a challenge the claim has withstood showed it holds more than that; so does a
        # holding the claimant showed itself
        if claim.beaten >= self.shares:
            return -1.0
        shown = self.view.players[claim.claimant].shown
        return -1.0 if shown is not None and shown > self.shares else 8000.0

    def _ship(self, number: int) -> Ship:
        for ship in self.player.ships:
            if ship.number == number:
                return ship
        raise KeyError(number)
