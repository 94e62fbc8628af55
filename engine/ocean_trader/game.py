"""Ocean Trader (Clipper Games, 1988): the game object registered with the platform."""

from __future__ import annotations

import math
from typing import Any

from engine.core import (
    Action,
    Event,
    Game,
    OptionSpec,
    Outcome,
    Rejection,
    Rng,
    Seat,
    Upgrade,
    View,
    copied,
    seat_ref,
)
from engine.core.commands import CommandTable
from engine.core.search import MAX_HORIZON

from . import actions as A
from .bots import StandardBot, playout_choice
from .commands import table as command_table
from .content import ocean_trader_content
from .estimate import SHORT_SCALE, expected_assets, standing_scale
from .explain import explain
from .legal import actors, legal_actions
from .resolve import apply_action
from .rules import (
    bills_left,
    card_text,
    free_ship_number,
    money,
    new_ship,
    policies_held,
    public_assets,
    total_assets,
)
from .sampler import sample_state as draw_sample
from .state import (
    AuctionView,
    ClaimView,
    OceanTraderState,
    OceanTraderView,
    PendingView,
    Player,
    PlayerView,
    Ship,
    TradeSlot,
)
from .turns import end_turn


def only_end_left(state: OceanTraderState, seat: int) -> bool:
    """Ending the turn is the only move whatever the seat's cash and shares and the Banker's
    certificates: more money and certificates only ever offer more moves, so the test is made
    with plenty of each, and what the table sees happen never tells them."""
    player = state.players[seat]
    if state.pending is None and state.auction is None and seat in actors(state) \
            and (state.variant == "full" or free_ship_number(state, seat) is not None):
        return False  # a certificate to sell, or a ship to buy, would be offered
    # the test is made on the state itself, put back as it was (no copy: this runs after
    # every move of a search's playouts)
    cash, shares, banker = player.cash, player.shares, state.banker_shares
    player.cash = 10**9
    if state.variant == "full":
        player.shares = max(shares, 1)
        state.banker_shares = max(banker, 1)
    try:
        return [a.type for a in legal_actions(state, seat)] == ["end_turn"]
    finally:
        player.cash, player.shares, state.banker_shares = cash, shares, banker


class OceanTrader(Game[OceanTraderState]):
    id = "ocean_trader"
    name = "Ocean Trader"
    min_players = 2
    max_players = 6
    rules_version = "5"
    # rules 2 (issue 12): policies belong to the office, ships sell with cargo aboard, the
    # Roaring Forties count for a throw that enters the route, and the turn no longer ends by
    # itself. Actions keep their shape; a stored game whose events differ is set aside by replay.
    version_steps = (
        Upgrade("1", "2", events="keep",
                note="Policies outlive the ships they covered; a ship sells with its cargo "
                     "aboard; the Roaring Forties change a throw that enters the route; a turn "
                     "ends only when its player ends it; dealings with the Banker are "
                     "announced."),
        # rules 3: a game in which no player holds a ship ends after twelve turns each (ruling
        # "No ships left"). Games that never came to that replay exactly as before; one stored
        # with every fleet gone tells a new event there, so replay sets it aside.
        Upgrade("2", "3", events="keep",
                note="A game in which no player holds a ship any more ends after twelve more "
                     "turns each, total assets deciding the places."),
        # rules 4: only goods no World Trade card in play wants sell for half price (rulebook,
        # Selling Goods: "goods that are no longer required"); a stored game that sold wanted
        # goods so is set aside by replay
        Upgrade("3", "4", events="keep",
                note="Only goods that no World Trade card in play wants may be sold for half "
                     "price; goods a card wants are carried to its port."),
        # rules 5: a ship setting out into the Roaring Forties that the wind leaves short of
        # its first space stays in port (the turn's fee at its end), where a throw of 1
        # docked it again there and charged the fee at once; a stored game that had such a
        # throw tells it differently, so replay sets it aside
        Upgrade("4", "5", events="keep",
                note="A ship that the Roaring Forties keep from leaving port stays there and "
                     "pays the port's fee at the end of the turn, as a ship that stays does; it "
                     "no longer docks there again at once."),
    )
    options = (
        OptionSpec(name="variant", kind="choice", default="short", choices=("full", "short"),
                   description="full: win by a majority of the shares held for twelve turns; "
                               "short: no shares, a turn limit, most assets wins"),
        OptionSpec(name="turns", kind="int", default=30, minimum=1, maximum=500,
                   description="the short game's number of turns for each player",
                   only_with=("variant", "short")),
    )
    state_type = OceanTraderState
    # how far apart in expected assets two seats must stand for one to be clearly ahead, in the
    # short game (the fit is told in ``estimate``); a search asks ``standing_scale_for``, which
    # widens it for the full game
    standing_scale = SHORT_SCALE
    # the search is the default bot (search_by_default, as for every game). With two players
    # it is a little stronger than this game's own bot, far from the 70% asked of it
    # (bench/arena.py --a search --b standard --budget 0.5 --seed 101: 57 of 100, interval
    # 0.47-0.66; the full game, --option variant=full: 26 of 40, and 20 of 40 from --seed 1,
    # 46 of 80 in all, interval 0.47-0.68), and with four it finishes first more often than
    # its share (--players 4 --seed 101: 22 of 60, interval 0.26-0.49, where a quarter is the
    # share; 8 of 20 from seed 1; with three, 19.5 of 40 from seed 101, interval 0.34-0.64).
    # Under rules 4 (half-price sales only of goods no card wants): two players, 30 of 60 from
    # seed 101 (0.38-0.62); four players, 11 of 40 from seed 101 and 11 of 40 from seed 1, 22
    # of 80 where a quarter is the share (each 0.16-0.43), no longer clearly above it.
    # Two-player games are mostly the dice's: the same search shown the dice to come wins 14
    # of 20, shown them and the hidden cards 38 of 40 (bench/hidden.py), but shown only the
    # others' cash 17 of 40, only the cards and cash 24 of 40 (seed 101), and with four times
    # the budget (--budget 2.0, 216 playouts a move) it wins 16 of 30: neither more search nor
    # anything a player could count or guess would take it far above easy
    # playouts to the end of the short game from the first race (64 turns of the full game):
    # a standing read a few turns ahead misjudges what pays only later (a policy surrendered,
    # a cargo not bought), and moves it preferred lost games (bench/decisions.py). Three
    # candidates, so that each plays more rounds of the longer playouts; a finished playout
    # scored by how far apart the final assets are, not by win or loss alone; the guide's own
    # move never put out of the race, and played unless another leads it by two standard
    # errors: with a dozen rounds a move, a guide's move put out on a few of them was the
    # commonest way to a worse move
    search_tuning = {"horizon": MAX_HORIZON, "candidates": 3, "final": "standing",
                     "anchor": 2.0, "drop_own": math.inf}
    score_unit = "pounds of visible assets"  # drawn on the chart, after the figure
    action_adapter = A.ACTION_ADAPTER
    summary = (
        "Sail clipper ships from Liverpool round a world of ports, buying the goods each port "
        "sells and selling them where a World Trade card wants them: four times the price for "
        "the first cargo, twice for the second. One throw of the die moves all your ships; red "
        "spaces draw Prospect cards, good and bad; every ship can be insured. Profits buy "
        "share certificates: claim a majority and hold it, with your starting ship, policy and "
        "£750, for twelve more turns to win. The short game has no shares: after the turn "
        "limit, the most assets wins."
    )

    def setup(self, options: dict[str, Any], seats: int, seed: int) -> OceanTraderState:
        self.check_players(seats)
        options = self.resolve_options(options)
        c = ocean_trader_content()
        start = c.rules.start
        state = OceanTraderState(
            **self.base_state_fields(options, seats, seed),
            variant=options["variant"],
            turn_limit=options["turns"],
            players=[Player(cash=start.cash,
                            ships=[new_ship(n + 1, insured=n < start.policies)
                                   for n in range(start.ships)])
                     for _ in range(seats)],
            trade_deck=c.trade_deck(),
            prospect_deck=c.prospect_deck(),
            banker_shares=c.certificates(seats) if options["variant"] == "full" else 0,
        )
        for player in state.players:
            for ship in player.ships:
                ship.new = False  # the starting ships have been in Liverpool since the start
        state.rng.shuffle(state.trade_deck)
        state.rng.shuffle(state.prospect_deck)
        state.in_play = []
        for _ in range(c.cards_in_play(seats)):
            state.in_play.append(TradeSlot(card=state.trade_deck.pop(0)))
        # rulebook, Method of Play: the dice is thrown until one player has the outright
        # highest score; that player starts
        contenders = list(range(seats))
        while True:
            throws = [state.rng.randint(1, c.rules.die_faces.value) for _ in contenders]
            state.opening_rolls.append(
                [throws[contenders.index(s)] if s in contenders else 0 for s in range(seats)])
            best = max(throws)
            contenders = [s for s, t in zip(contenders, throws, strict=True) if t == best]
            if len(contenders) == 1:
                break
        state.first_player = state.active = contenders[0]
        return state

    def actors(self, state: OceanTraderState) -> set[Seat]:
        return actors(state)

    def legal_actions(self, state: OceanTraderState, seat: Seat) -> list[Action]:
        return legal_actions(state, seat)

    def timeout_action(self, state: OceanTraderState, seat: Seat) -> Action | None:
        """A sealed bid not made in time is no bid."""
        if state.auction is not None and seat in actors(state):
            return A.Bid(amount=0)
        return None

    def explain(self, state: OceanTraderState, seat: Seat, action: Action) -> Rejection:
        return explain(state, seat, action)

    def apply(self, state: OceanTraderState, seat: Seat, action: Action) -> list[Event]:
        turn = state.turn
        events = apply_action(state, seat, action)
        # a turn with nothing left to do but end it ends by itself (not a turn just begun);
        # the table sees it, so it must not depend on the player's secret cash and shares
        if not state.finished and state.turn == turn and state.pending is None \
                and state.auction is None and not isinstance(action, A.EndTurn):
            if only_end_left(state, state.active):
                end_turn(state, events, by_itself=True)
        return events

    def opening_lines(self, state: OceanTraderState) -> list[str]:
        return [_opening(state)]

    def awaited(self, view: View) -> str | None:
        """An auction waits for sealed bids, whoever's turn it is."""
        assert isinstance(view, OceanTraderView)
        if view.auction is None:
            return None
        return (f"hand in a sealed bid (or pass) for the Share Certificate "
                f"{seat_ref(view.auction.seller)} offers")

    def progress(self, view: View) -> str:
        """The active player's round, as the board counts it (and of the short game's limit)."""
        assert isinstance(view, OceanTraderView)
        active = next((p for p in view.players if p.seat == view.active), None)
        now = (active.turns if active is not None else 0) + 1
        if view.variant == "short":
            return f"Round {min(now, view.turn_limit)} of {view.turn_limit}"
        return f"Round {now}"

    def view(self, state: OceanTraderState, viewer: Seat | None) -> OceanTraderView:
        c = ocean_trader_content()
        players = []
        for seat, p in enumerate(state.players):
            own = viewer == seat
            players.append(PlayerView(seat=seat, ships=[_copy_ship(s) for s in p.ships],
                                      eliminated=p.eliminated, turns=p.turns,
                                      spare_policies=p.spare_policies,
                                      challenged=p.challenged, shown=p.shown,
                                      cash=p.cash if own else None,
                                      shares=p.shares if own else None))
        pending = None
        if state.pending is not None:
            pd = state.pending
            pending = PendingView(kind=pd.kind, seat=pd.seat, ship=pd.ship, port=pd.port,
                                  count=pd.count,
                                  cards=list(pd.cards) if viewer == pd.seat else [])
        auction = None
        if state.auction is not None:
            au = state.auction
            auction = AuctionView(seller=au.seller,
                                  waiting_for=[s for s in au.bidders if s not in au.bids],
                                  my_bid=au.bids.get(viewer) if viewer is not None else None)
        claim = None
        if state.claim is not None:
            claimant = state.players[state.claim.claimant]
            claim = ClaimView(claimant=state.claim.claimant,
                              turns_done=state.claim.turns_done(claimant.turns),
                              turns_needed=c.rules.claim.turns,
                              made_on=state.claim.made_on, beaten=state.claim.beaten)
        return OceanTraderView(
            **self.base_view_fields(state, viewer),
            variant=state.variant,
            turn_limit=state.turn_limit,
            first_player=state.first_player,
            opening_rolls=[list(r) for r in state.opening_rolls],
            active=state.active,
            players=players,
            in_play=[s.model_copy() for s in state.in_play],
            trade_deck_size=len(state.trade_deck),
            prospect_deck_size=len(state.prospect_deck),
            bills_available=bills_left(state),
            certificates=c.certificates(state.seats) if state.variant == "full" else 0,
            thrown=state.thrown,
            voyage=copied(state.voyage) if state.voyage else None,
            pending=pending,
            auction=auction,
            claim=claim,
            last_prospect=state.last_prospect,
            last=copied(state.last),
            trade_discard=list(state.trade_discard),
            prospect_discard=list(state.prospect_discard),
            eliminated_order=list(state.eliminated_order),
            shipless_turns=state.shipless_turns,
            end_reason=state.end_reason,
            winner=state.winner,
            final_assets=list(state.final_assets) if state.final_assets else None,
        )

    def figures(self, state: OceanTraderState, events: list[Event]) -> dict[str, float]:
        kinds = [e.kind for e in events]
        return {"eliminations": kinds.count("eliminated"),
                "share_buyers": len({e.seat for e in events if e.kind == "buy_share"}),
                "shares_bought": kinds.count("buy_share"), "auctions": kinds.count("auction"),
                "challenges": kinds.count("challenge"), "sales": kinds.count("sell_cargo")}

    def public_scores(self, state: OceanTraderState) -> list[float] | None:
        """What the table sees of each player's assets: ships, insurance and cargo, and spare
        policies (cash and shares are secret until the end)."""
        return [float(public_assets(state, seat)) for seat in range(state.seats)]

    def standing(self, state: OceanTraderState) -> list[float]:
        """Each seat's expected final assets: total assets, plus what wanted cargo aboard will
        fetch and what the fleet will earn (``estimate``); an eliminated player below everyone."""
        return expected_assets(state)

    def standing_scale_for(self, state: OceanTraderState) -> float:
        """The short game's ``standing_scale``, and a wider one for the full game, won by a
        claim rather than by assets (``estimate.standing_scale``)."""
        return standing_scale(state)

    def playout_action(self, state: OceanTraderState, seat: Seat, rng: Rng) -> Action | None:
        """The standard bot's move, read from the state instead of the seat's view."""
        legal = legal_actions(state, seat)
        if not legal:
            return None
        return playout_choice(state, seat, legal, rng)

    def outcome(self, state: OceanTraderState) -> Outcome | None:
        """The winner first (a successful claim, the last player standing, or the most assets in
        the short game); then by total assets; eliminated players last, the latest out first."""
        if not state.finished or state.final_assets is None:
            return None
        assets = state.final_assets
        out = state.eliminated_order

        def key(seat: int) -> tuple[int, int, int]:
            if state.players[seat].eliminated:
                return (0, 0, out.index(seat))
            return (1 if state.winner == seat else 0, 1, assets[seat])

        keys = [key(s) for s in range(state.seats)]
        ranks = [1 + sum(1 for other in keys if other > k) for k in keys]
        return Outcome(scores=[float(a) for a in assets], ranks=ranks,
                       end_reason=state.end_reason)

    def scramble_secrets(self, state: OceanTraderState, owner: Seat | None,
                         rng: Rng) -> OceanTraderState:
        """A seat's cash and shares (and its sealed bid) are its own; the decks' order, the
        Banker's certificates and the PRNG are nobody's."""
        new = copied(state)
        if owner is None:
            rng.shuffle(new.trade_deck)
            rng.shuffle(new.prospect_deck)
            new.banker_shares = rng.below(11)
            new.rng = Rng(state=rng.next_u64())
        else:
            player = new.players[owner]
            player.cash = rng.below(20000)
            player.shares = rng.below(11)
            if new.auction is not None and owner in new.auction.bids:
                new.auction.bids[owner] = rng.below(2000)
        return new

    def sample_state(self, view: Any, seat: Seat, rng: Rng) -> OceanTraderState:
        """A state agreeing with ``seat``'s own view, the hidden rest drawn with ``rng``
        (what is drawn and what is assumed: ``sampler``)."""
        if not isinstance(view, OceanTraderView):
            raise TypeError(f"an Ocean Trader view is needed, not {type(view).__name__}")
        return draw_sample(view, seat, rng, self.rules_version)

    def private_lines(self, state: OceanTraderState, seat: Seat) -> list[str]:
        player = state.players[seat]
        lines = [f"Cash: {money(player.cash)}"]
        if state.variant == "full":
            lines.append(f"Share certificates: {player.shares}")
        lines.append(f"Total assets: {money(total_assets(state, seat))}")
        lines += _claim_lines(state, seat)
        if state.pending is not None and state.pending.seat == seat and state.pending.cards:
            lines.append("Top of the World Trade deck: " + "; ".join(
                card_text(card) for card in state.pending.cards))
        return lines

    def commands(self) -> CommandTable[OceanTraderView]:
        return command_table()

    def bots(self) -> dict[str, Any]:
        return {**super().bots(), "standard": StandardBot()}

    def rulings(self) -> list[tuple[str, str, str]]:
        """How this game reads the rulebook where it is silent or ambiguous, as (topic,
        ruling, the rulebook passage it reads)."""
        return [(r.topic, r.ruling, r.passage) for r in ocean_trader_content().rulings.rulings]


GAME = OceanTrader()


def _copy_ship(ship: Ship) -> Ship:
    """A copy sharing nothing with ``ship`` (its cargo is its only list): a deep copy's
    result, at a fraction of the cost."""
    return ship.model_copy(update={"cargo": list(ship.cargo)})


def _claim_lines(state: OceanTraderState, seat: Seat) -> list[str]:
    """A running claim, as it stands for ``seat``: the claimant reads what the check will ask
    of them beside what they hold now; the others, how to block it."""
    claim = state.claim
    if claim is None:
        return []
    rules = ocean_trader_content().rules.claim
    left = max(rules.turns - claim.turns_done(state.players[claim.claimant].turns), 0)
    when = f"checked after {left} more of {'your' if seat == claim.claimant else 'their'} " \
        f"turn{'s' if left != 1 else ''}"
    if seat != claim.claimant:
        return [f"{seat_ref(claim.claimant)} claims a majority, {when}. To block it, show as "
                "many certificates as they hold or more (/trader challenge)."]
    player = state.players[seat]
    policies = policies_held(state, seat)
    return [f"Your claim of a majority is {when}. The check asks for more certificates than "
            f"any other player, {rules.must_hold_ships} ship, {rules.must_hold_policies} "
            f"policy and {money(rules.must_hold_cash)}; you hold {player.shares} "
            f"certificate{'s' if player.shares != 1 else ''}, {len(player.ships)} "
            f"ship{'s' if len(player.ships) != 1 else ''}, {policies} "
            f"polic{'ies' if policies != 1 else 'y'} and "
            f"{money(player.cash)}."]


def _opening(state: OceanTraderState) -> str:
    """Who moves first and why (rulebook, Method of Play: the die is thrown until one player
    has the outright highest score), said as the game starts."""
    rounds = []
    for throws in state.opening_rolls:
        rounds.append(", ".join(f"{seat_ref(s)} {t}" for s, t in enumerate(throws) if t))
    first = state.first_player
    order = [(first + i) % state.seats for i in range(state.seats)]
    return (f"Opening {'throw' if len(rounds) == 1 else 'throws'}: " + "; then ".join(rounds)
            + f". {seat_ref(first)} threw highest and moves first; the turn order is "
            f"{', '.join(seat_ref(s) for s in order)}.")
