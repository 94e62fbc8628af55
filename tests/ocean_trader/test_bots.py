"""Whole games with the standard bot, and the standard bot against the random one."""

from __future__ import annotations

import statistics

import pytest

from engine.core import Action, Event, bot_rng
from engine.ocean_trader import GAME
from engine.ocean_trader import actions as A
from engine.ocean_trader.state import Claim, OceanTraderState, Ship
from engine.ocean_trader.turns import check_claim
from tests.ocean_trader.helpers import (
    act,
    card_for,
    content,
    load_die,
    new_game,
    only_card,
    playout,
    put_at_sea,
)


@pytest.mark.parametrize("variant", ["short", "full"])
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_standard_bots_play_a_whole_game_to_a_winner(seats: int, variant: str) -> None:
    bot = GAME.bots()["standard"]
    state = playout(seats, 3, [bot] * seats, {"variant": variant})
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.winners) >= 1
    assert GAME.actors(state) == set()
    if variant == "full":
        assert state.winner is not None and outcome.winners == [state.winner]
    else:
        assert outcome.winners == [s for s, a in enumerate(state.final_assets or [])
                                   if a == max(state.final_assets or [0])]


def test_the_standard_bot_beats_the_random_bot_in_nine_short_games_of_ten() -> None:
    bots = GAME.bots()
    games, wins = 20, 0
    for seed in range(games):
        seat = seed % 2
        players = [bots["random"], bots["random"]]
        players[seat] = bots["standard"]
        outcome = GAME.outcome(playout(2, seed, players, {"variant": "short"}))
        assert outcome is not None
        wins += outcome.winners == [seat]
    assert wins >= 0.9 * games, f"{wins} of {games}"


# --- the standard bot's behaviours (issue 15), on positions built with the game's own setup ---
def _choose(state: OceanTraderState, seat: int, seed: int = 0) -> Action:
    legal = GAME.legal_actions(state, seat)
    choice = GAME.bots()["standard"].choose(GAME.view(state, seat), legal,
                                            bot_rng(seed, state.version, seat))
    assert isinstance(choice, Action) and choice in legal
    return choice


def _full(seats: int, cash: int) -> OceanTraderState:
    state = new_game(seats, "full", cash=cash)
    for player in state.players:
        player.turns = 20
    return state


def test_never_docks_without_the_fee_when_another_move_exists() -> None:
    state = new_game(2, "full", cash=30)
    put_at_sea(state.players[0].ships[0], "R01", 1, "LIV")  # next to Liverpool (fee £60)
    load_die(state, 3)
    throw = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, A.ThrowDice))
    state, _ = act(state, 0, throw)
    assert state.pending is not None and state.pending.kind == "at_port"
    legal = GAME.legal_actions(state, 0)
    assert any(isinstance(a, A.Dock) for a in legal) and any(isinstance(a, A.SailOn)
                                                              for a in legal)
    for seed in range(10):
        assert not isinstance(_choose(state, 0, seed), A.Dock)


def test_no_seeded_game_has_a_bot_dock_without_the_fee_while_it_could_sail_on() -> None:
    """Issue 15: every elimination was a bot docking at Liverpool without the £60 fee while
    "sail on" was offered."""
    bot = GAME.bots()["standard"]
    for seed in (3, 4):
        state = GAME.setup({"variant": "full"}, 4, seed)
        while GAME.outcome(state) is None:
            seat = min(GAME.actors(state))
            legal = GAME.legal_actions(state, seat)
            action = bot.choose(GAME.view(state, seat), legal, bot_rng(seed, state.version, seat))
            if isinstance(action, A.Dock) and state.pending is not None:
                fee = content().port(state.pending.port).fee
                assert state.players[seat].cash >= fee or len(legal) == 1, (seed, state.turn)
            state, _ = act(state, seat, action)


def test_claims_with_a_relative_majority_when_the_check_would_pass() -> None:
    state = _full(4, cash=2000)
    state.players[0].shares, state.banker_shares = 3, 7  # more than an even share of ten
    assert isinstance(_choose(state, 0), A.ClaimMajority)
    # and the claim holds: twelve turns on, nobody else holds as many
    state.claim = Claim(claimant=0, made_on=state.players[0].turns)
    state.players[0].turns += 13
    events: list[Event] = []
    check_claim(state, 0, events)
    assert state.winner == 0
    # with one certificate of ten, a claim would not stand: the bot trades on instead
    state = _full(4, cash=900)
    state.players[0].shares, state.banker_shares = 1, 9
    assert not isinstance(_choose(state, 0), A.ClaimMajority)


def test_buys_a_certificate_when_the_cash_is_spare_and_not_before() -> None:
    state = _full(4, cash=3000)
    assert isinstance(_choose(state, 0), A.BuyShare)
    state = _full(4, cash=1500)  # the £1,000 would leave too little to trade and to hold £750
    assert not isinstance(_choose(state, 0), A.BuyShare)


def test_challenges_a_claim_with_any_holding_that_may_match_it() -> None:
    state = _full(4, cash=1800)
    state.claim = Claim(claimant=1, made_on=20)
    state.players[1].shares, state.players[0].shares, state.banker_shares = 3, 3, 4
    assert isinstance(_choose(state, 0), A.ChallengeClaim)
    # a claim may be made with one certificate: a single one is shown too (it costs nothing
    # but the holding's secret), though here the claimant holds more
    state.players[1].shares, state.players[0].shares, state.banker_shares = 1, 1, 8
    assert isinstance(_choose(state, 0), A.ChallengeClaim)
    state.players[1].shares = 3
    assert isinstance(_choose(state, 0), A.ChallengeClaim)
    state.players[0].shares, state.banker_shares = 0, 7
    assert not isinstance(_choose(state, 0), A.ChallengeClaim)
    # with the Banker out of certificates a tie would block claim after claim: the check
    # decides instead (a tied claimant fails it and forfeits a certificate)
    state.players[0].shares, state.players[2].shares, state.banker_shares = 3, 4, 0
    assert not isinstance(_choose(state, 0), A.ChallengeClaim)


def test_no_claim_into_a_holding_the_table_knows_matches_it_while_the_banker_sells() -> None:
    """Four-player games had two players block each other's claims turn after turn (up to 58
    challenges a game): each claimed again right after blocking, though the other had just
    shown a holding as large."""
    state = _full(4, cash=1800)
    state.players[0].shares, state.players[1].shares, state.banker_shares = 3, 3, 4
    state.players[1].shown = 3
    assert not isinstance(_choose(state, 0), A.ClaimMajority)
    state.players[1].shown = None  # it has dealt with the Banker since: a claim may stand
    assert isinstance(_choose(state, 0), A.ClaimMajority)
    state.players[1].shares = state.players[1].shown = 2
    state.banker_shares = 5
    assert isinstance(_choose(state, 0), A.ClaimMajority)
    # with the Banker out of certificates nobody blocks: the check decides a tie
    state.players[1].shares = state.players[1].shown = 3
    state.players[2].shares, state.banker_shares = 4, 0
    assert isinstance(_choose(state, 0), A.ClaimMajority)


def test_no_challenge_the_table_knows_would_leave_the_claim_standing() -> None:
    state = _full(4, cash=1800)
    state.claim = Claim(claimant=1, made_on=20, beaten=3)  # it withstood a showing of three
    state.players[1].shares, state.players[0].shares, state.banker_shares = 4, 3, 3
    assert not isinstance(_choose(state, 0), A.ChallengeClaim)
    state.players[0].shares, state.banker_shares = 4, 2
    assert isinstance(_choose(state, 0), A.ChallengeClaim)
    state.claim.beaten, state.players[1].shown = 0, 5  # the claimant showed five itself
    state.players[1].shares, state.banker_shares = 5, 1
    assert not isinstance(_choose(state, 0), A.ChallengeClaim)


def test_auctions_a_certificate_that_cannot_carry_a_claim_and_others_bid_for_it() -> None:
    state = _full(3, cash=1500)
    state.players[0].shares, state.players[1].shares, state.players[2].shares = 2, 4, 4
    state.banker_shares = 0
    state.players[1].cash = state.players[2].cash = 4000
    assert isinstance(_choose(state, 0), A.AuctionShare)
    state, _ = act(state, 0, A.AuctionShare())
    bids = []
    while state.auction is not None:
        seat = min(GAME.actors(state))
        bid = _choose(state, seat)
        assert isinstance(bid, A.Bid)
        bids.append(bid.amount)
        state, _ = act(state, seat, bid)
    assert max(bids) > 0 and state.players[0].shares == 1
    # short of cash for the next fees, a certificate is sold rather than the game lost: to the
    # Banker, for a sure £500 (sealed bids have no reserve: an auction may fetch less, or
    # nothing), whatever the coin says
    for seed in range(8):
        state = _full(3, cash=20)
        state.players[0].shares, state.banker_shares = 1, 9
        assert isinstance(_choose(state, 0, seed), (A.SellShare, A.SurrenderPolicy))
        state.players[0].ships[0].insured = False  # no policy to cash first
        assert isinstance(_choose(state, 0, seed), A.SellShare)


def test_no_certificate_goes_to_auction_while_a_claim_runs() -> None:
    """A bot auctioned a certificate while another player's claim ran, weakening its own
    block; a claimant's certificates are what its claim stands on."""
    for claimant in (0, 1):
        for seed in range(8):
            state = _full(3, cash=1500)
            state.players[0].shares, state.players[1].shares, state.players[2].shares = 2, 4, 4
            state.banker_shares = 0
            state.players[1].cash = state.players[2].cash = 4000
            state.claim = Claim(claimant=claimant, made_on=20)
            assert not isinstance(_choose(state, 0, seed), A.AuctionShare)


def test_full_games_between_standard_bots_end_within_80_turns_per_player() -> None:
    """Issue 15: seeded four-player full games took 140-200 turns per player, and only the
    winner bought certificates; now the median game of ten ends within 80 turns per player,
    more than one player buys certificates in every game, and no two players block each
    other's claims turn after turn (a game of these had 34 challenges that blocked a claim; a
    challenge that fails only shows a holding, and leaves the claim running)."""
    bot = GAME.bots()["standard"]
    lengths = []
    for seed in range(1, 11):
        state = GAME.setup({"variant": "full"}, 4, seed)
        buyers: set[int] = set()
        challenges = 0
        while GAME.outcome(state) is None:
            seat = min(GAME.actors(state))
            action = bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat),
                                bot_rng(seed, state.version, seat))
            state, events = act(state, seat, action)
            buyers |= {e.seat for e in events if e.kind == "buy_share" and e.seat is not None}
            challenges += any(e.kind == "challenge" and e.data["blocked"] for e in events)
        assert state.winner is not None and state.end_reason == "a majority claim succeeded"
        assert len(buyers) > 1, (seed, buyers)
        assert challenges <= 6, (seed, challenges)
        lengths.append(state.turn / 4)
    assert statistics.median(lengths) <= 80, lengths


def test_a_poor_office_with_nothing_aboard_still_buys_cheap_goods_a_card_wants() -> None:
    """Keeping £150 back, an office with £200 and an empty hold could never trade again and
    only waited for a fee or a card to eliminate it; now it keeps a port's fee and trades."""
    def position(cargo: list[str]) -> OceanTraderState:
        state = new_game(2, "short", cash=200)
        only_card(state, next(c.id for c in content().world_trade.cards
                              if c.goods == "coal" and c.port != "LIV"))
        state.players[0].ships[0].cargo = list(cargo)  # in Liverpool, which sells coal
        return state

    choice = _choose(position([]), 0)
    assert isinstance(choice, A.BuyCargo) and choice.goods == "coal"
    # with goods aboard to sell, the £150 stays back
    assert not isinstance(_choose(position(["wool"]), 0), A.BuyCargo)


def test_a_poor_office_sails_where_the_throw_ends_off_the_red_spaces() -> None:
    """One Prospect card in six asks for more than £150 or sinks an uninsured ship: a poor
    office leaving port takes a route on which the throw does not end on a red space."""
    checked = 0
    for port in content().ports.ports:
        routes = content().routes_from(port.id)
        for die in range(1, 7):
            ends = {}
            for route in routes:
                at = die if port.id == route.a else route.spaces + 1 - die
                if route.roaring_forties_east_end is None and 0 < die <= route.spaces:
                    ends[route.id] = at in route.red
            if len(set(ends.values())) < 2 or checked >= 6:
                continue
            state = new_game(2, "short", cash=120)
            ship = state.players[0].ships[0]
            ship.port, ship.insured = port.id, False
            state.in_play = []  # nothing to trade for
            load_die(state, die)
            state, _ = act(state, 0, A.ThrowDice(depart=[1]))
            legal = GAME.legal_actions(state, 0)
            if not all(isinstance(a, A.ChooseRoute) for a in legal):
                continue
            choice = _choose(state, 0)
            assert isinstance(choice, A.ChooseRoute)
            assert not ends.get(choice.route, False), (port.id, die, choice.route)
            checked += 1
    assert checked >= 3


def test_cargo_is_bought_only_with_the_voyage_costs_kept_back() -> None:
    """Issue 15: the opening Manufactured Goods left £270 of £750, and the Suez Canal's tow and
    the fees on the way to the card left the office too poor to trade. The purchase keeps back
    the tow and the fee where the goods sell, beyond the £150 a Prospect card may ask for, while
    another deal in reach (Coal for Rio de Janeiro) does so."""
    def position(cash: int) -> OceanTraderState:
        state = new_game(2, "full", cash=cash)
        # through the canal from Liverpool; Coal across the Atlantic pays less but asks less
        only_card(state, card_for("CAL", "manufactures"), card_for("RIO", "coal"))
        return state

    keep = 150 + content().rules.suez_canal_fee.value + content().port("CAL").fee
    choice = _choose(position(480 + keep), 0)
    assert isinstance(choice, A.BuyCargo) and choice.goods == "manufactures"
    choice = _choose(position(480 + keep - 1), 0)
    assert isinstance(choice, A.BuyCargo) and choice.goods == "coal"


def test_insures_a_ship_before_buying_cargo_for_it() -> None:
    state = new_game(2, "full", cash=2000)
    only_card(state, card_for("CAL", "manufactures"))
    state.players[0].ships.append(Ship(number=2, port="LIV"))
    assert any(isinstance(a, A.BuyCargo) for a in GAME.legal_actions(state, 0))
    assert _choose(state, 0) == next(a for a in GAME.legal_actions(state, 0)
                                     if isinstance(a, A.BuyPolicy) and a.ship == 2)


def test_a_shipless_office_buys_a_ship_whatever_certificates_it_holds() -> None:
    """Issue 15: an office that had lost its only ship never bought another while it held a
    certificate; without a ship its cash never grows and no claim of its can hold."""
    state = _full(2, cash=2100)
    state.players[0].ships, state.players[0].shares, state.banker_shares = [], 2, 7
    assert isinstance(_choose(state, 0), A.BuyShip)
    # short of the price, it has nothing to buy one with
    state.players[0].cash = 1900
    assert not isinstance(_choose(state, 0), A.BuyShip)


def test_with_no_ships_left_buys_one_unless_clearly_ahead_on_assets() -> None:
    """Ruling "No ships left": with no ship at the table the game ends on total assets after
    twelve turns each unless someone buys one. Behind, or not sure to be ahead, the office buys a
    ship; clearly ahead, it keeps its cash, and makes no claim that would fail without a ship."""
    state = _full(2, cash=2100)
    for player in state.players:
        player.ships = []
    state.shipless_turns = 3
    state.players[0].shares, state.banker_shares = 2, 7  # the rival may hold the other seven
    assert isinstance(_choose(state, 0), A.BuyShip)
    state.players[0].cash, state.players[0].shares, state.banker_shares = 2500, 5, 4
    legal = GAME.legal_actions(state, 0)
    assert any(isinstance(a, A.BuyShip) for a in legal)
    assert any(isinstance(a, A.ClaimMajority) for a in legal)
    assert isinstance(_choose(state, 0), A.EndTurn)


def test_with_no_deal_that_keeps_the_floor_back_buys_what_leaves_the_voyage_paid() -> None:
    """Issue 15: with £510 and cards wanting only Coffee, Silk and Manufactured Goods, no deal
    left the £150 floor beyond the voyage's costs, and the office drifted for fifty turns,
    paying fees, until it was poor. With no deal in reach that keeps the floor, it keeps back
    only what the voyage asks for."""
    def position(*cards: str) -> OceanTraderState:
        state = new_game(2, "full", cash=480)
        only_card(state, *cards)
        ship = state.players[0].ships[0]
        ship.port = "RIO"  # sells Coffee (£350) and Sugar (£220); New Orleans' fee is £40
        return state

    choice = _choose(position(card_for("NOR", "coffee")), 0)
    assert isinstance(choice, A.BuyCargo) and choice.goods == "coffee"
    # a deal that keeps the floor back comes first
    choice = _choose(position(card_for("NOR", "coffee"), card_for("NYC", "sugar")), 0)
    assert isinstance(choice, A.BuyCargo) and choice.goods == "sugar"


def test_a_favourable_current_doubles_the_throw_the_bot_expects() -> None:
    """The bot left a doubled throw (a Favourable Current) out of where the ship would end, so
    a poor office sailed for the port its cargo sells in and docked there without the fee:
    from Colombo a doubled 2 ends in Calcutta's dock (£60), whose label says so. It reads the
    engine's count now (``legal.throw_points``) and keeps clear of it."""
    def position(die: int, double: bool) -> OceanTraderState:
        state = new_game(2, "short", cash=50)
        only_card(state, card_for("CAL", "wine"))
        ship = state.players[0].ships[0]
        ship.port, ship.cargo, ship.double_next = "COL", ["wine"], double
        load_die(state, die)
        state, _ = act(state, 0, A.ThrowDice(depart=[1]))
        assert state.pending is not None and state.pending.kind == "depart"
        return state

    state = position(2, double=True)
    calcutta = next(a for a in GAME.legal_actions(state, 0)
                    if isinstance(a, A.ChooseRoute) and a.route == "R36")
    assert "docks there" in calcutta.label
    for seed in range(5):
        choice = _choose(state, 0, seed)
        assert isinstance(choice, A.ChooseRoute) and choice.route != "R36"
        after, _ = act(state, 0, choice)
        assert not after.players[0].eliminated
    # as with a plain 4, which the bot always counted
    choice = _choose(position(4, double=False), 0)
    assert isinstance(choice, A.ChooseRoute) and choice.route != "R36"


def test_the_roaring_forties_count_on_a_throw_that_sails_on_into_them() -> None:
    """A ship passing Cape Town with points left that sails on into the Roaring Forties gains
    2 (ruling "Entering the Roaring Forties during a throw"); the bot counted the points left
    without the wind, so a poor office with cargo for Melbourne sailed on with 3 into space 5,
    a red one, and with 5 turned away for Colombo, though the wind takes 5 to space 7, off the
    red ones (5 and 9)."""
    def position(die: int) -> tuple[OceanTraderState, A.SailOn]:
        state = new_game(2, "short", cash=120)  # too poor for the worst Prospect card
        only_card(state, card_for("MEL", "spices"))
        ship = state.players[0].ships[0]
        ship.cargo, ship.insured = ["spices"], False
        put_at_sea(ship, "R41", 7, "CPT")  # a space short of Cape Town
        load_die(state, die)
        state, _ = act(state, 0, A.ThrowDice(depart=[]))
        assert state.pending is not None and state.pending.kind == "at_port"
        melbourne = next(a for a in GAME.legal_actions(state, 0)
                         if isinstance(a, A.SailOn) and a.route == "R21")
        return state, melbourne

    state, melbourne = position(4)  # 3 points left, 5 with the wind
    assert "Roaring Forties +2, ends 5 spaces out on a red space" in melbourne.label
    for seed in range(5):
        assert _choose(state, 0, seed) != melbourne
    state, melbourne = position(6)  # 5 points left, 7 with the wind
    assert "ends 7 spaces out)" in melbourne.label
    for seed in range(5):
        assert _choose(state, 0, seed) == melbourne
