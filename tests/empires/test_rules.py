"""One test per rule of the rulebook (setup, the round, the turn, the cards), named after it."""

from __future__ import annotations

from collections import Counter

from engine.core import Event, Rejection
from engine.empires import GAME
from engine.empires import actions as A
from engine.empires.content import empires_content
from engine.empires.resolve import advance
from engine.empires.state import Pending

from .helpers import attempt, calm, clear, do, my_turn, new, own, put


def legal_types(state, seat):  # noqa: ANN001, ANN201
    return {a.type for a in GAME.legal_actions(state, seat)}


# ------------------------------------------------------------------ setup
def test_nations_by_player_count() -> None:
    expected = {
        2: ["us", "britain"],
        3: ["us", "britain", "france"],
        4: ["us", "britain", "france", "spain"],
        5: ["us", "britain", "france", "spain", "dutch"],
    }
    for seats, nations in expected.items():
        assert [p.nation for p in new(seats).players] == nations


def test_map_side_two_players_americas_else_atlantic_option_overrides() -> None:
    assert new(2).side == "americas" and len(new(2).ports) == 21
    assert new(3).side == "atlantic" and len(new(3).ports) == 37
    assert new(2, map="atlantic").side == "atlantic"
    assert new(4, map="americas").side == "americas"


def test_starting_port_transport_six_cards_and_resources() -> None:
    for seats in (2, 5):
        state = new(seats, seed=7)
        b = empires_content().board(state.side)
        for seat, player in enumerate(state.players):
            ports = [p for p, h in state.ports.items() if h.owner == seat]
            assert len(ports) == 1 and player.cubes == 9
            ships = [s for s in state.ships if s.owner == seat]
            assert len(ships) == 1 and ships[0].kind == "transport"
            assert ships[0].cell in b.neighbours(b.ports[ports[0]].cell)  # orthogonal
            assert len(player.hand) == 6
        # the first round's resources have been collected on top of 2/2/2
        assert all(p.gold >= 2 and p.wood >= 2 and p.steel >= 2 for p in state.players)


def test_random_starting_port_differs_by_seed() -> None:
    starts = {
        tuple(sorted(p for p, h in new(2, seed=s).ports.items() if h.owner is not None))
        for s in range(8)
    }
    assert len(starts) > 1


def test_history_cards_by_era_and_player_count() -> None:
    c = empires_content()
    for seats, per_era in ((2, 5), (3, 5), (4, 5), (5, 4)):
        state = new(seats, seed=3)
        deck = [state.history, *state.history_deck]
        assert len(deck) == 3 * per_era and state.rounds == 3 * per_era
        eras = [c.history_card(h).era for h in deck]
        assert eras == sorted(eras) and Counter(eras) == {1: per_era, 2: per_era, 3: per_era}
        assert all(c.history_card(h).min_players <= seats for h in deck)


def test_fifteen_weather_cards_dealt() -> None:
    state = new(3)
    assert len(state.weather_deck) + 1 == 15


def test_start_player_moves_on_at_each_era() -> None:
    state = new(3, seed=2)
    first = state.start_player
    state.round = 5
    state.phase = "round_end"
    state.turn_state = None
    advance(state, [])
    assert state.start_player == (first + 1) % 3 and state.round == 6
    state.round = 6
    state.phase = "round_end"
    state.turn_state = None
    advance(state, [])
    assert state.start_player == (first + 1) % 3  # not at the end of an ordinary round


# ------------------------------------------------------------------ the round
def test_round_flips_weather_then_history() -> None:
    state = new(2)
    state.phase = "round_end"
    state.round = 1
    state.turn_state = None
    events: list = []
    advance(state, events)
    kinds = [e.kind for e in events]
    assert kinds.index("weather") < kinds.index("history")
    assert all(e.chance for e in events if e.kind in ("weather", "history"))


def test_resources_from_ports_and_industry_cards() -> None:
    state = new(2)
    clear(state)
    calm(state)
    own(state, 0, "veracruz")  # 2 gold icons
    own(state, 0, "boston")  # 1 steel
    state.players[0].in_front = ["lumber_mill", "shipyard"]
    before = state.players[0].model_copy()
    state.phase = "production"
    state.turn_state = None
    advance(state, [])
    p = state.players[0]
    assert (p.gold - before.gold, p.steel - before.steel, p.wood - before.wood) == (2, 2, 2)


def test_history_applied_to_the_extent_possible() -> None:
    state = new(2)
    calm(state, "flota")  # Spain is not playing: nothing happens
    before = [p.model_copy() for p in state.players]
    state.phase = "round"
    state.round = 1
    state.history_deck.insert(0, "flota")
    state.turn_state = None
    advance(state, [])
    assert state.history == "flota"
    # only production changed the resources; nobody gained the 3 Gold for Spain
    assert all(p.gold - b.gold < 3 for p, b in zip(state.players, before, strict=True))


def test_history_gain_and_no_production() -> None:
    state = new(2)
    clear(state)
    own(state, 1, "boston")
    state.history_deck.insert(0, "great_plague")  # Britain's ports produce nothing
    state.phase = "round"
    state.turn_state = None
    steel = state.players[1].steel
    advance(state, [])
    assert state.players[1].steel == steel


def test_the_history_line_tells_what_the_card_gave_and_took() -> None:
    # Navigation Acts: Britain gains 1 Gold a port it controls, at most 3; the line that
    # reveals the card says what it gave (it used to say nothing of it)
    state = new(2)
    clear(state)
    for port in ("boston", "nassau", "havana", "veracruz"):
        own(state, 1, port)
    state.history_deck.insert(0, "navigation_acts")
    state.phase = "round"
    state.turn_state = None
    events: list[Event] = []
    advance(state, events)
    (line,) = [e.text for e in events if e.kind == "history"]
    assert line.endswith("(maximum 3). {s1} gains 3 Gold."), line


def test_free_claims_each_player_in_turn_order() -> None:
    state = new(2)
    state.history_deck.insert(0, "smallpox_vaccine")
    state.phase = "round"
    state.turn_state = None
    advance(state, [])
    first = state.order()[0]
    assert state.pending[0].kind == "claim" and state.pending[0].seat == first
    cubes = state.players[first].cubes
    port = next(a for a in GAME.legal_actions(state, first) if isinstance(a, A.ClaimPort))
    state, _ = do(state, first, port)
    assert state.ports[port.port].owner == first and state.players[first].cubes == cubes - 1
    second = state.order()[1]
    assert state.pending[0].seat == second
    state, _ = do(state, second, {"type": "decline"})
    assert not state.pending and state.turn_state is not None


# ------------------------------------------------------------------ the turn
def test_play_or_discard_one_card_never_pass() -> None:
    state = new(2)
    seat = state.turn_state.seat  # type: ignore[union-attr]
    types = legal_types(state, seat)
    assert "end_turn" not in types and "discard_card" in types
    rejected = attempt(state, seat, {"type": "end_turn"})
    assert isinstance(rejected, Rejection) and "may not pass" in rejected.message
    gold = state.players[seat].gold
    card = state.players[seat].hand[0]
    state, _ = do(state, seat, {"type": "discard_card", "card": card})
    assert state.players[seat].gold == gold + 3 and state.captain_discard[-1] == card
    assert state.turn_state.stage == "actions"  # type: ignore[union-attr]


def test_card_cost_must_be_paid() -> None:
    state = new(2)
    seat = state.turn_state.seat  # type: ignore[union-attr]
    p = state.players[seat]
    p.hand = ["launch_sotl"] * 6
    p.gold = p.wood = p.steel = 1
    assert not any(isinstance(a, A.PlayCard) for a in GAME.legal_actions(state, seat))
    cell = next(iter(empires_content().board("americas").sea))
    rejected = attempt(
        state, seat, {"type": "play_card", "card": "launch_sotl", "cell": list(cell)}
    )
    assert isinstance(rejected, Rejection) and "costs 2 Gold, 3 Wood, 3 Steel" in rejected.message
    p.gold, p.wood, p.steel = 2, 3, 3
    play = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, A.PlayCard))
    state, _ = do(state, seat, play)
    p = state.players[seat]
    assert (p.gold, p.wood, p.steel) == (0, 0, 0)
    assert any(s.kind == "ship_of_the_line" and s.owner == seat for s in state.ships)


def test_five_actions_changed_by_weather_and_history() -> None:
    state = new(3)
    seat = state.turn_state.seat  # type: ignore[union-attr]
    calm(state, "colbert")
    state.weather = "fair_weather"
    state.turn_state.actions = 0  # type: ignore[union-attr]
    state.players[seat].hand[0] = "treasure_galleon"
    state2, _ = do(state, seat, {"type": "play_card", "card": "treasure_galleon"})
    assert state2.turn_state.actions == 5  # type: ignore[union-attr]
    state.weather = "strong_breeze"
    state.history = "great_storm"
    state2, _ = do(state, seat, {"type": "play_card", "card": "treasure_galleon"})
    assert state2.turn_state.actions == 5 + 2 - 1  # type: ignore[union-attr]


def test_sailing_one_direction_until_blocked_not_through_ships_or_ports() -> None:
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "transport", (10, 2), "t")
    put(state, 1, "transport", (13, 2), "b")
    my_turn(state, 0)
    moves = {
        tuple(a.to) for a in GAME.legal_actions(state, 0) if isinstance(a, A.Sail) and a.ship == "t"
    }
    assert (11, 2) in moves and (12, 2) in moves and (13, 2) not in moves
    assert (14, 2) not in moves  # never through a ship
    assert (10, 0) in moves and (9, 2) in moves and (8, 2) in moves  # to the coast
    assert (11, 3) not in moves  # one direction only
    # Halifax's cell (8,3) is a port, never a destination
    put(state, 0, "frigate", (8, 5), "f")
    state.players[0].pieces["frigate"] += 0
    f_moves = {
        tuple(a.to) for a in GAME.legal_actions(state, 0) if isinstance(a, A.Sail) and a.ship == "f"
    }
    assert (8, 4) in f_moves and (8, 3) not in f_moves and (8, 2) not in f_moves
    state, _ = do(state, 0, {"type": "sail", "ship": "t", "to": [12, 2]})
    assert state.ship("t").cell == (12, 2) and state.turn_state.actions == 4  # type: ignore


def test_weather_limits_sailing() -> None:
    state = new(2)
    clear(state)
    put(state, 0, "transport", (10, 2), "t")
    my_turn(state, 0)
    state.weather = "fog"
    far = max(
        abs(a.to[0] - 10) + abs(a.to[1] - 2)
        for a in GAME.legal_actions(state, 0)
        if isinstance(a, A.Sail)
    )
    assert far == 2
    state.weather = "becalmed"
    assert not any(isinstance(a, A.Sail) for a in GAME.legal_actions(state, 0))


def test_trade_one_for_one_and_the_owner_receives_the_payment() -> None:
    state = new(2)
    clear(state)
    calm(state)
    own(state, 1, "boston")  # steel
    put(state, 0, "transport", (8, 4), "t")
    my_turn(state, 0)
    p0, p1 = state.players[0].model_copy(), state.players[1].model_copy()
    state, _ = do(state, 0, {"type": "trade", "port": "boston", "give": "gold"})
    assert state.players[0].gold == p0.gold - 1 and state.players[0].steel == p0.steel + 1
    assert state.players[1].gold == p1.gold + 1


def test_a_trade_may_pay_the_resource_the_port_produces() -> None:
    # "pay one resource to the bank for one resource of the type produced by that port": any
    # resource; with the Treaty of Aix-la-Chapelle (3 for 1) paying Steel for Steel is a gain
    state = new(2)
    clear(state)
    calm(state, history="aix_la_chapelle")
    put(state, 0, "transport", (8, 4), "t")  # beside Boston, which produces Steel
    my_turn(state, 0)
    steel = state.players[0].steel
    trade = next(a for a in GAME.legal_actions(state, 0)
                 if isinstance(a, A.Trade) and a.port == "boston" and a.give == "steel")
    assert trade.label == "Trade 1 Steel for 3 Steel at Boston"
    state, events = do(state, 0, trade)
    assert state.players[0].steel == steel + 2
    assert any(e.kind == "trade" and "1 Steel for 3 Steel" in e.text for e in events)
    # one for one it would only spend an action: not offered, and refused saying why
    calm(state)
    assert not any(isinstance(a, A.Trade) and a.give == "steel" and a.port == "boston"
                   for a in GAME.legal_actions(state, 0))
    rejection = attempt(state, 0, {"type": "trade", "port": "boston", "give": "steel"})
    assert isinstance(rejection, Rejection) and "gains nothing" in rejection.message


def test_buy_port_costs_gold_steel_wood_and_ends_the_turn() -> None:
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "transport", (8, 4), "t")
    my_turn(state, 0)
    p = state.players[0].model_copy()
    turn = state.turn
    state, _ = do(state, 0, {"type": "buy_port", "port": "boston"})
    q = state.players[0]
    assert state.ports["boston"].owner == 0
    assert (q.gold, q.steel, q.wood, q.cubes) == (p.gold - 1, p.steel - 1, p.wood - 1, p.cubes - 1)
    assert state.turn == turn + 1 and (state.turn_state is None or state.turn_state.seat != 0)


def test_advancements_and_industry_stay_in_front_events_are_discarded() -> None:
    state = new(2)
    seat = state.turn_state.seat  # type: ignore[union-attr]
    p = state.players[seat]
    p.hand[:3] = ["lumber_mill", "naval_academy", "treasure_galleon"]
    p.gold = p.wood = p.steel = 5
    s1, _ = do(state, seat, {"type": "play_card", "card": "lumber_mill"})
    assert "lumber_mill" in s1.players[seat].in_front
    s2, _ = do(state, seat, {"type": "play_card", "card": "naval_academy"})
    assert "naval_academy" in s2.players[seat].in_front
    assert s2.turn_state.actions == 6  # type: ignore[union-attr]
    s3, _ = do(state, seat, {"type": "play_card", "card": "treasure_galleon"})
    assert s3.captain_discard[-1] == "treasure_galleon" and s3.players[seat].gold == 8


def test_land_ho_takes_a_port_free_and_does_not_end_the_turn() -> None:
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "transport", (8, 4), "t")
    my_turn(state, 0, stage="card")
    state.players[0].hand[0] = "land_ho"
    p = state.players[0].model_copy()
    state, _ = do(state, 0, {"type": "play_card", "card": "land_ho", "port": "boston"})
    q = state.players[0]
    assert state.ports["boston"].owner == 0 and (q.gold, q.steel, q.wood) == (
        p.gold,
        p.steel,
        p.wood,
    )
    assert state.turn_state is not None and state.turn_state.seat == 0


def test_fortify_and_the_two_naval_base_limit() -> None:
    state = new(2)
    clear(state)
    calm(state)
    for port in ("boston", "new_york", "philadelphia"):
        own(state, 0, port)
    state.ports["boston"].forts = 2
    state.ports["new_york"].forts = 2
    state.ports["philadelphia"].forts = 1
    my_turn(state, 0, stage="card")
    state.players[0].hand = ["fortify", "naval_base"] * 3
    state.players[0].gold = state.players[0].steel = state.players[0].wood = 9
    plays = [a for a in GAME.legal_actions(state, 0) if isinstance(a, A.PlayCard)]
    assert not plays  # every target would be a third Naval Base
    state.ports["new_york"].forts = 0
    plays = {(a.card, a.port) for a in GAME.legal_actions(state, 0) if isinstance(a, A.PlayCard)}
    assert ("fortify", "philadelphia") in plays and ("naval_base", "new_york") in plays
    tokens = state.fort_tokens
    state, _ = do(state, 0, {"type": "play_card", "card": "naval_base", "port": "new_york"})
    assert state.ports["new_york"].forts == 2 and state.fort_tokens == tokens - 2


def test_launch_needs_a_piece_and_a_free_cell_beside_an_own_port() -> None:
    state = new(2)
    clear(state)
    calm(state)
    own(state, 0, "boston")
    my_turn(state, 0, stage="card")
    state.players[0].hand = ["launch_transport"] * 6
    cells = {tuple(a.cell) for a in GAME.legal_actions(state, 0) if isinstance(a, A.PlayCard)}
    assert cells == {(8, 4), (7, 5)}
    state.players[0].pieces["transport"] = 0
    assert not any(isinstance(a, A.PlayCard) for a in GAME.legal_actions(state, 0))


def test_refill_to_six_in_turn_order_orders_may_be_discarded_first() -> None:
    state = new(2)
    clear(state)
    state.turn_state = None
    state.phase = "refill"
    state.round = 1
    state.pirate_afloat = False
    state.players[0].hand = ["decoy", "broadside"]
    state.players[1].hand = ["decoy"] * 5
    advance(state, [])
    order = state.order()
    assert [p.seat for p in state.pending if p.kind == "refill"] == order
    first = order[0]
    hand = state.players[first].hand
    if "decoy" in hand:
        state, _ = do(state, first, {"type": "discard_order", "card": "decoy"})
        assert "decoy" in state.captain_discard
    state, events = do(state, first, {"type": "draw"})
    assert len(state.players[first].hand) == 6
    drawn = next(e for e in events if e.kind == "drawn")
    assert drawn.to == [first]  # only the drawer sees the cards


def test_discard_pile_reshuffled_when_the_deck_runs_out() -> None:
    state = new(2)
    state.turn_state = None
    state.phase = "refill"
    state.pending = [Pending(kind="refill", seat=0)]
    state.players[0].hand = []
    state.captain_discard = state.captain_deck[2:]
    state.captain_deck = state.captain_deck[:2]
    state, events = do(state, 0, {"type": "draw"})
    assert len(state.players[0].hand) == 6
    assert any(e.kind == "reshuffle" and e.chance for e in events)


def test_recovery_free_port_and_transport_at_the_end_of_the_round() -> None:
    state = new(2)
    clear(state)
    own(state, 1, "boston")
    put(state, 1, "transport", (8, 4), "b")
    state.turn_state = None
    state.phase = "recovery"
    state.pending = []
    advance(state, [])
    # "they may draw a Port card": offered, not forced
    assert state.pending[0].kind == "draw_port" and state.pending[0].seat == 0
    assert {a.type for a in GAME.legal_actions(state, 0)} == {"draw", "decline"}
    state, events = do(state, 0, A.Draw())
    assert sum(1 for h in state.ports.values() if h.owner == 0) == 1  # drew a port
    assert any(e.kind == "port_drawn" and e.chance for e in events)
    assert state.pending[0].kind == "launch" and state.pending[0].seat == 0
    launch = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, A.Launch))
    state, _ = do(state, 0, launch)
    assert [s.kind for s in state.ships if s.owner == 0] == ["transport"]


def test_the_recovery_draw_keeps_out_of_the_ports_the_monroe_doctrine_closes() -> None:
    # the History card holds until the next is drawn, so through the round's recovery: Britain
    # may not "claim a port in the Americas this round", and draws only among the others
    side = empires_content().board("atlantic")
    open_ports = sorted(p for p, card in side.ports.items() if not card.ruby)
    assert open_ports and len(open_ports) < len(side.ports)
    for seed in range(8):
        state = new(3, seed=seed, map="atlantic")
        clear(state)
        state.history = "monroe_doctrine"
        britain = next(s for s in range(3) if state.players[s].nation == "britain")
        for seat in range(3):
            if seat != britain:
                own(state, seat, open_ports[seat])
        state.turn_state = None
        state.phase = "recovery"
        state.pending = []
        advance(state, [])
        while state.pending[0].seat != britain or state.pending[0].kind != "draw_port":
            state, _ = do(state, state.pending[0].seat, A.Decline())
        [draw] = [a for a in GAME.legal_actions(state, britain) if isinstance(a, A.Draw)]
        assert draw.label.endswith("(among the ports the History card leaves open)")
        state, _ = do(state, britain, A.Draw())
        taken = [p for p, hold in state.ports.items() if hold.owner == britain]
        assert len(taken) == 1 and not side.ports[taken[0]].ruby


def test_game_ends_after_the_last_history_card_with_the_empire_score() -> None:
    state = new(2)
    clear(state)
    state.turn_state = None
    state.round = state.rounds
    state.phase = "refill"
    state.pending = []
    own(state, 0, "boston", forts=1)  # Fort: 5
    own(state, 0, "new_york", forts=2)  # Naval Base: 10
    put(state, 0, "frigate", (10, 2), "f")  # 5
    state.players[0].captured = ["pirate", "transport"]  # 10 + 2
    p = state.players[0]
    p.gold, p.wood, p.steel = 5, 3, 2  # 2 + 1
    own(state, 1, "halifax")  # Port: 2
    q = state.players[1]
    q.gold, q.wood, q.steel = 1, 4, 0  # 0
    advance(state, [])
    # the last round's recovery still comes: seat 1 has no ship and may launch a Transport
    assert GAME.actors(state) == {1} and state.pending[0].kind == "launch"
    state, _ = do(state, 1, A.Decline())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == [35.0, 2.0] and outcome.winners == [0]
    assert GAME.actors(state) == set()


def test_private_lines_list_the_hand_with_costs_and_effects() -> None:
    state = new(2)
    state.players[0].hand = ["launch_frigate", "decoy"]
    lines = GAME.private_lines(state, 0)
    assert lines[0] == "Your nation: United States."  # told in words, not only by colour
    assert GAME.private_lines(state, 1)[0] == "Your nation: Britain."
    assert any("Launch Frigate" in x and "1 Gold, 2 Wood, 2 Steel" in x for x in lines)
    assert any("Decoy" in x and "Captain's Order" in x and "free" in x for x in lines)


def test_views_show_only_the_viewers_own_hand() -> None:
    state = new(3)
    assert GAME.view(state, 1).hand == sorted(state.players[1].hand)
    assert GAME.view(state, None).hand is None
    assert [p.hand_size for p in GAME.view(state, 0).players] == [6, 6, 6]
    assert "rng" not in GAME.view(state, 0).model_dump()


def test_rejections_say_why_and_what_to_do() -> None:
    state = new(2)
    clear(state)
    calm(state)
    put(state, 0, "transport", (10, 2), "t")
    my_turn(state, 0)
    for action, words in (
        ({"type": "sail", "ship": "t", "to": [11, 3]}, "one straight line"),
        ({"type": "buy_port", "port": "boston"}, "ships beside it"),
        ({"type": "play_card", "card": "decoy"}, "already played"),
        ({"type": "attack", "ship": "t", "target": "boston"}, "enemy"),
    ):
        rejected = attempt(state, 0, action)
        assert isinstance(rejected, Rejection) and words in rejected.message, rejected
    state.turn_state.actions = 0  # type: ignore[union-attr]
    rejected = attempt(
        state,
        0,
        {"type": "trade", "port": "boston", "give": "gold"},
    )
    assert isinstance(rejected, Rejection) and "no actions left" in rejected.message
