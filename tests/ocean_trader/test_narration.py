"""The lines a seeded bot game writes: who moves first and why, routes by name, and charges
that say why they are paid."""

from __future__ import annotations

import re
from collections.abc import Iterator

from engine.core import Accepted, Action, Event, step
from engine.core.bots import bot_rng
from engine.ocean_trader import GAME
from engine.ocean_trader import actions as A
from engine.ocean_trader.content import ocean_trader_content
from engine.ocean_trader.game import only_end_left
from engine.ocean_trader.prospects import draw_prospect
from engine.ocean_trader.rules import new_ship
from engine.ocean_trader.state import OceanTraderState
from engine.ocean_trader.turns import end_turn
from tests.contract.playout import bot_moves, played
from tests.ocean_trader.helpers import act, new_game, put_at_sea

SEEDS = (3, 4, 5, 6, 7, 8)


def bot_game(seed: int, seats: int = 3) -> tuple[tuple[Action, tuple[Event, ...]], ...]:
    """Every move of a game between standard bots, with the events it made."""
    return bot_moves(GAME, seats, seed)


def lines(seed: int, kind: str | None = None) -> list[str]:
    return [e.text for _, events in bot_game(seed) for e in events
            if e.text and (kind is None or e.kind == kind)]


def test_the_game_opens_by_saying_who_moves_first_and_why() -> None:
    state = GAME.setup({}, 3, 4)
    assert GAME.opening_lines(state) == [
        "Opening throws: {s0} 6, {s1} 6, {s2} 5; then {s0} 5, {s1} 1. {s0} threw highest and "
        "moves first; the turn order is {s0}, {s1}, {s2}."]
    assert state.first_player == 0 and bot_game(4)[0][1][0].seat == 0
    (single,) = GAME.opening_lines(GAME.setup({}, 3, 3))
    assert single.startswith("Opening throw: {s0} 4, {s1} 4, {s2} 6. {s2} threw highest")
    for seed in SEEDS:
        state = GAME.setup({}, 3, seed)
        (said,) = GAME.opening_lines(state)
        who = int(re.search(r"\{s(\d)\} threw highest", said).group(1))  # type: ignore[union-attr]
        assert who == state.first_player
        assert not any("Opening throw" in t for t in lines(seed))  # said once, at the start


def test_no_line_shows_a_route_id() -> None:
    for seed in SEEDS:
        for text in lines(seed):
            assert not re.search(r"\b[A-Z]{3}-[A-Z]{3}\b", text), text
    at_sea = [t for seed in SEEDS for t in lines(seed, "at_sea")]
    assert "{s2}'s ship 1 is at sea between Liverpool and Bordeaux." in at_sea or \
        any(t.endswith("between Liverpool and Bordeaux.") for t in at_sea)
    assert any(" on Western Ocean." in t for t in at_sea)


def test_a_prospect_charge_says_the_card_demands_it() -> None:
    fees = [t for seed in SEEDS for t in lines(seed, "fee") if "Prospect" in t]
    assert fees
    for text in fees:
        assert re.fullmatch(r"\{s\d\} pays £[\d,]+ to the Banker, as the Prospect card .+ "
                            r"demands\.", text), text


def test_a_trade_says_what_it_closes_for_the_turn() -> None:
    """Rulebook, Method of Play: "It is not permitted for any ship to trade and sail during the
    same turn": a trade by the only ship that could sail takes the throw away, and says so."""
    closed = 0
    for seed in SEEDS:
        for action, events in bot_game(seed):
            if not isinstance(action, (A.BuyCargo, A.SellCargo, A.DumpCargo)):
                continue
            text = next(e.text for e in events if e.kind == action.type)
            if text.endswith("; no dice throw this turn."):
                closed += 1
    assert closed
    # with several ships, the trading one stays in port and the others may still sail
    state = new_game(cash=5000)
    state.players[0].ships.append(new_ship(2, insured=False))
    for ship in state.players[0].ships:
        ship.new = False  # in port since before the turn: free to trade
    buy = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, A.BuyCargo))
    _, events = act(state, 0, buy)
    assert [e.text for e in events if e.kind == "buy_cargo"] == [
        f"{{s0}}'s ship {buy.ship} loads Manufactured Goods at Liverpool for £480; it stays in "
        "port this turn."]


def test_no_dice_throw_is_said_only_when_the_throw_is_gone() -> None:
    for seed in SEEDS[:3]:
        state = GAME.setup({}, 3, seed)
        bot = GAME.bots()[GAME.default_bot()]
        while GAME.outcome(state) is None and state.turn < 40:
            seat = min(GAME.actors(state))
            legal = GAME.legal_actions(state, seat)
            action = bot.choose(GAME.view(state, seat), legal, bot_rng(seed, state.version, seat))
            outcome = step(GAME, state, seat, action, state.version)
            assert isinstance(outcome, Accepted)
            said = " ".join(e.text for e in outcome.events)
            throws_before = any(isinstance(a, A.ThrowDice) for a in legal)
            after = GAME.legal_actions(outcome.state, seat) \
                if outcome.state.turn == state.turn else []
            throws_after = any(isinstance(a, A.ThrowDice) for a in after)
            if "no dice throw this turn" in said:
                assert throws_before and not throws_after and outcome.state.turn == state.turn
            elif isinstance(action, A.BuyCargo) and outcome.state.turn == state.turn:
                assert throws_after or not throws_before, said
            state = outcome.state


def test_a_turn_in_ocean_trader_never_ends_by_itself() -> None:
    """The office is always open to a player who may act (a ship to buy, or a policy to take out
    or surrender for each ship), so ending the turn is never the only move: every turn a seeded
    game plays ends with its player's own End turn, and says so."""
    ends = 0
    for seed in SEEDS:
        for action, events in bot_game(seed):
            for e in events:
                if e.kind == "end_of_turn":
                    ends += 1
                    assert isinstance(action, A.EndTurn), (action, e.text)
                    assert e.text.startswith(f"{{s{e.seat}}} ends their turn."), e.text
    assert ends
    for seed in (1, 2):
        for state in played(GAME, 3, seed).states[::7]:
            if state.pending is None and state.auction is None and not state.finished:
                assert not only_end_left(state, state.active)


def test_the_turn_passing_by_itself_would_say_so() -> None:
    """The wording ``end_turn`` uses when the engine ends a turn, on a seeded game's state."""
    state = played(GAME, 3, 1).states[10].model_copy(deep=True)
    events: list[Event] = []
    seat = state.active
    end_turn(state, events, by_itself=True)
    assert events[-1].text == f"{{s{seat}}} has nothing left to do; the turn passes."


def test_an_auction_says_who_may_bid_and_how() -> None:
    """A reaction window: the auction line names who may answer, with what, and that passing is
    allowed; it never tells anyone's cash."""
    text, bidders = _first_auction(2)
    names = [f"{{s{s}}}" for s in bidders]
    assert text.endswith(f"auctions a share certificate: {' and '.join(names)} may each hand "
                         f"in a sealed bid of £100 or more (up to their cash) or pass."), text
    assert not re.search(r"£(?!100\b)[\d,]+", text), text


def _full_game(seed: int) -> Iterator[tuple[OceanTraderState, Action, list[Event]]]:
    """A full-variant game between standard bots: each state, the move made and its events."""
    state = GAME.setup(GAME.resolve_options({"variant": "full"}), 3, seed)
    bot = GAME.bots()[GAME.default_bot()]
    while GAME.outcome(state) is None and state.version < 1500:
        seat = min(GAME.actors(state))
        legal = GAME.legal_actions(state, seat)
        action = bot.choose(GAME.view(state, seat), legal, bot_rng(seed, state.version, seat))
        outcome = step(GAME, state, seat, action, state.version)
        assert isinstance(outcome, Accepted)
        yield state, action, outcome.events
        state = outcome.state


def _full_game_lines(seed: int) -> list[str]:
    return [e.text for _, _, events in _full_game(seed) for e in events if e.text]


def _first_auction(seed: int) -> tuple[str, list[int]]:
    """The line of the first auction a seeded full game can hold: played by the bots until a
    player may buy a share certificate, who buys one and auctions it at once."""
    for state, _, _ in _full_game(seed):
        seat = state.active
        if seat not in GAME.actors(state):
            continue
        buy = next((a for a in GAME.legal_actions(state, seat) if isinstance(a, A.BuyShare)),
                   None)
        if buy is None:
            continue
        bought = step(GAME, state, seat, buy, state.version)
        assert isinstance(bought, Accepted)
        auction = next(a for a in GAME.legal_actions(bought.state, seat)
                       if isinstance(a, A.AuctionShare))
        outcome = step(GAME, bought.state, seat, auction, bought.state.version)
        assert isinstance(outcome, Accepted)
        event = next(e for e in outcome.events if e.kind == "auction")
        return event.text, list(event.data["bidders"])
    raise AssertionError("no player could buy a certificate")


def test_docking_says_the_ship_trades_from_the_next_turn() -> None:
    """A ship trades after a complete turn in port, so docking closes trading for that turn."""
    docks = [e for seed in SEEDS for _, events in bot_game(seed) for e in events
             if e.kind == "dock"]
    assert docks
    for e in docks:
        assert e.text.endswith((f"; it may trade there from {{s{e.seat}}}'s next turn.",
                                f"; in quarantine, it may trade there from the turn after "
                                f"{{s{e.seat}}}'s next.")), e.text


def _drawn(card: str, cargo: list[str]) -> tuple[OceanTraderState, list[Event]]:
    """{s0}'s ship 1, at sea with ``cargo``, draws the Prospect card ``card``."""
    state = new_game(cash=2000)
    ship = state.players[0].ships[0]
    put_at_sea(ship, "R04", 3, "ALX")
    ship.new, ship.cargo = False, cargo
    state.prospect_deck.remove(card)
    state.prospect_deck.insert(0, card)
    events: list[Event] = []
    draw_prospect(state, 0, ship, events, drive_back=lambda *args: None)
    return state, events


def test_a_cargo_card_drawn_with_an_empty_hold_says_nothing_is_lost() -> None:
    card = next(c.id for c in ocean_trader_content().prospects.cards
                if c.effect.effect == "lose_cargo")
    _, events = _drawn(card, [])
    assert events[-1].text.endswith(" The ship carries no cargo, so nothing is lost.")
    _, events = _drawn(card, ["tea", "coal"])
    assert "nothing is lost" not in events[0].text


def test_the_turn_a_held_ship_loses_is_told_as_it_begins() -> None:
    """Becalmed: "This ship does not move on its owner's next turn"; the table is told when
    that turn comes, not left to wonder why the ship stands."""
    card = next(c.id for c in ocean_trader_content().prospects.cards
                if c.effect.effect == "miss_turns" and getattr(c.effect, "turns", 0) == 1)
    state, _ = _drawn(card, [])
    state.voyage = None
    state, events = act(state, 0, A.EndTurn())
    assert [e.text for e in events if e.kind == "end_of_turn"][0].endswith("ends their turn.")
    state, events = act(state, 1, next(a for a in GAME.legal_actions(state, 1)
                                       if isinstance(a, A.EndTurn)))
    assert [e.text for e in events if e.kind == "end_of_turn"] == [
        "{s1} ends their turn. {s0}'s ship 1 may not move this turn, held by a Prospect card."]
    state, events = act(state, 0, A.EndTurn())
    state, events = act(state, 1, next(a for a in GAME.legal_actions(state, 1)
                                       if isinstance(a, A.EndTurn)))
    assert "held by a Prospect card" not in events[-1].text  # one turn only
