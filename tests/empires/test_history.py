"""Each History card, revealed at the start of a round in a five-nation game on the Atlantic
side. Rulebook, How to Play: "Each round starts by flipping over a Weather card and then a
History card ... Follow the instructions on the cards to the extent possible." The card texts
are the game's own (data/empires/history.yaml)."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.empires import GAME
from engine.empires import actions as A
from engine.empires.cards import apply_history
from engine.empires.combat import attack_total
from engine.empires.resolve import advance
from engine.empires.rules import (
    actions_per_turn,
    attack_banned,
    history_attack_bonus,
    pirate_actions,
    port_card,
    produces,
    trade_banned,
)
from engine.empires.state import Combat, EmpiresState, TurnState

from .helpers import clear, do, fight, new, own, put

US, BRITAIN, FRANCE, SPAIN, DUTCH = range(5)


def table() -> EmpiresState:
    """Five nations, nothing on the map, no Industry, 4 of each resource, Fair Weather."""
    state = new(5, seed=3)
    clear(state)
    for p in state.players:
        p.gold = p.wood = p.steel = 4
        p.in_front = []
    state.weather = "fair_weather"
    return state


def reveal(state: EmpiresState, card: str) -> list[Event]:
    """Starts the next round with ``card`` as its History card, up to the first decision."""
    state.history_deck.insert(0, card)
    state.weather_deck.append("fair_weather")
    state.phase = "round"
    state.turn_state = None
    state.pending = []
    events: list[Event] = []
    advance(state, events)
    return events


def purses(state: EmpiresState) -> list[tuple[int, int, int]]:
    return [(p.gold, p.wood, p.steel) for p in state.players]


@pytest.mark.parametrize(("card", "seat", "gained"), [
    ("bank_of_england", BRITAIN, (3, 0, 0)),
    ("anson", BRITAIN, (3, 0, 0)),
    ("gold_rush", US, (3, 0, 0)),
    ("flota", SPAIN, (3, 0, 0)),
    ("voc_dividend", DUTCH, (3, 0, 0)),
    ("amsterdam_capital", DUTCH, (3, 0, 0)),
    ("colbert", FRANCE, (1, 1, 1)),
    ("bourbon_reforms", SPAIN, (1, 1, 1)),
    ("anglo_dutch_1824", DUTCH, (2, 0, 1)),
    ("tea_party", US, (1, 0, 0)),
    ("batavian_republic", DUTCH, (0, 0, 1)),
    ("adams_onis", SPAIN, (2, 0, 0)),
])
def test_a_card_that_gives_resources_gives_them_to_its_nation_alone(
        card: str, seat: int, gained: tuple[int, int, int]) -> None:
    """"Britain gains 3 Gold", "France gains 1 Gold, 1 Steel and 1 Wood", ...: the nation
    named gains, nobody else (no port and no Industry produces here)."""
    state = table()
    reveal(state, card)
    expected = [(4, 4, 4)] * 5
    expected[seat] = (4 + gained[0], 4 + gained[1], 4 + gained[2])
    assert purses(state) == expected


@pytest.mark.parametrize(("card", "gold", "left"), [
    ("vigo_bay", {SPAIN: 4}, {SPAIN: 2, BRITAIN: 6}),  # Spain loses 2; Britain gains 2
    ("vigo_bay", {SPAIN: 1}, {SPAIN: 0, BRITAIN: 6}),  # Britain's 2 do not come from Spain
    ("south_sea_bubble", {BRITAIN: 7}, {BRITAIN: 4}),  # half of 7, rounded down, is lost
    ("treaty_of_paris", {FRANCE: 4}, {FRANCE: 2, BRITAIN: 6}),
    ("treaty_of_paris", {FRANCE: 1}, {FRANCE: 0, BRITAIN: 5}),  # "or as much as it has"
    ("haitian_revolution", {FRANCE: 4}, {FRANCE: 3}),  # no Santo Domingo: 1 Gold lost
])
def test_a_card_that_takes_gold_takes_what_there_is(
        card: str, gold: dict[int, int], left: dict[int, int]) -> None:
    """"Spain loses 2 Gold; Britain gains 2 Gold", "Britain loses half its Gold (rounded
    down)", "France gives Britain 2 Gold (or as much as it has)", "otherwise France loses 1
    Gold"."""
    state = table()
    for seat, n in gold.items():
        state.players[seat].gold = n
    reveal(state, card)
    for seat, n in left.items():
        assert state.players[seat].gold == n, (card, seat)


def test_the_haitian_revolution_frees_santo_domingo_from_france() -> None:
    """"If France controls Santo Domingo it becomes uncontrolled (remove the cube and return
    the Port card to the uncontrolled pile); otherwise France loses 1 Gold.\""""
    state = table()
    own(state, FRANCE, "santo_domingo")
    cubes = state.players[FRANCE].cubes
    events = reveal(state, "haitian_revolution")
    assert state.ports["santo_domingo"].owner is None
    assert state.players[FRANCE].cubes == cubes + 1 and state.players[FRANCE].gold == 4
    assert "Santo Domingo becomes uncontrolled." in [e.text for e in events]


def test_the_cultivation_system_pays_a_gold_for_every_dutch_port() -> None:
    """"The Dutch gain 1 Gold for each port they control" (no maximum, unlike the Navigation
    Acts): the Gold comes before the round's production."""
    state = table()
    for port in ("amsterdam", "elmina", "luanda", "goree", "cape_town"):
        own(state, DUTCH, port)
    state.history = "cultivation_system"
    apply_history(state, [])  # the card alone, without the production that follows it
    assert state.players[DUTCH].gold == 4 + 5


@pytest.mark.parametrize(("card", "idle", "working"), [
    ("great_plague", ["london", "plymouth"], ["brest", "lisbon"]),  # Britain's ports
    ("port_royal_quake", ["havana", "port_royal", "willemstad"], ["cartagena", "veracruz"]),
    ("irish_famine", ["london", "brest", "lisbon"], ["elmina", "havana"]),  # Europe
    ("latin_independence", ["cartagena"], ["havana", "lisbon", "recife"]),  # Spain's, S. Am.
])
def test_a_card_that_stops_production_stops_only_the_ports_it_names(
        card: str, idle: list[str], working: list[str]) -> None:
    """"Britain's ports produce no resources this round", "Island ports in the Caribbean
    ...", "Ports in Europe ...", "Spain's ports in South America produce no resources this
    round"."""
    state = table()
    for port in ("london", "plymouth"):
        own(state, BRITAIN, port)
    for port in ("cartagena", "havana", "lisbon"):
        own(state, SPAIN, port)
    for port in ("brest", "port_royal", "willemstad", "veracruz", "elmina", "recife"):
        own(state, FRANCE, port)
    state.history = card
    assert [p for p in idle if produces(state, p)] == []
    assert [p for p in working if not produces(state, p)] == []


@pytest.mark.parametrize(("card", "actions"), [
    ("great_storm", [4, 4, 4, 4, 4]),  # "Every player has -1 action this round"
    ("franco_american", [5, 5, 6, 5, 5]),  # "France gets +1 action"
    ("anglo_dutch_4", [5, 5, 5, 5, 4]),  # "The Dutch have -1 action this round"
    ("belgian_revolution", [5, 5, 5, 5, 4]),
    ("revolutions_1848", [5, 4, 4, 4, 4]),  # "Britain, France, Spain and the Dutch each ..."
])
def test_a_card_that_changes_actions_changes_them_for_the_nations_it_names(
        card: str, actions: list[int]) -> None:
    state = table()
    state.history = card
    assert [actions_per_turn(state, s) for s in range(5)] == actions
    assert pirate_actions(state) == 5  # a player's action, not the Pirate's


def test_the_sack_of_panama_gives_the_pirate_two_more_actions_this_round_only() -> None:
    """"Buccaneers: the Pirate gets +2 actions in this round's bribe phase.\""""
    state = table()
    reveal(state, "sack_of_panama")
    assert pirate_actions(state) == 7
    reveal(state, "gold_rush")
    assert pirate_actions(state) == 5


@pytest.mark.parametrize(("card", "banned", "free"), [
    ("treaty_of_utrecht", [(US, BRITAIN), (FRANCE, None)], []),  # None: the Pirate
    ("congress_of_vienna", [(BRITAIN, US), (FRANCE, None)], [(US, BRITAIN), (US, None)]),
    ("spanish_succession", [(SPAIN, FRANCE), (FRANCE, SPAIN)], [(BRITAIN, SPAIN)]),
    ("franco_american", [(FRANCE, US), (US, FRANCE)], [(FRANCE, BRITAIN)]),
    ("batavian_republic", [(FRANCE, DUTCH), (DUTCH, FRANCE)], [(DUTCH, BRITAIN)]),
    ("peninsular_war", [(BRITAIN, SPAIN), (SPAIN, BRITAIN)], [(SPAIN, FRANCE)]),
])
def test_a_card_of_peace_forbids_the_attacks_it_names(
        card: str, banned: list[tuple[int, int | None]], free: list[tuple[int, int | None]]
) -> None:
    """"Peace: no player may attack this round", "only the US may initiate combat this
    round", "Spain and France may not attack each other this round", ..."""
    state = table()
    state.history = card
    for seat, target in banned:
        assert attack_banned(state, seat, target), (card, seat, target)
    for seat, target in free:
        assert attack_banned(state, seat, target) is None, (card, seat, target)


@pytest.mark.parametrize(("card", "bonuses"), [
    # (attacker, defender, at a port?, bonus)
    ("beachy_head", [(FRANCE, BRITAIN, False, 1), (FRANCE, None, True, 1), (BRITAIN, FRANCE,
                                                                           False, 0)]),
    ("chesapeake", [(FRANCE, US, True, 1), (US, FRANCE, False, 0)]),
    ("barfleur", [(BRITAIN, FRANCE, False, 1), (BRITAIN, SPAIN, False, 0)]),
    ("the_nile", [(BRITAIN, FRANCE, True, 1), (FRANCE, BRITAIN, False, 0)]),
    ("quiberon_bay", [(BRITAIN, FRANCE, False, 2), (BRITAIN, US, False, 0)]),
    ("jenkins_ear", [(BRITAIN, SPAIN, False, 1), (BRITAIN, FRANCE, False, 0)]),
    ("havana_1762", [(BRITAIN, SPAIN, True, 2), (BRITAIN, SPAIN, False, 0)]),
    ("war_of_1812", [(US, BRITAIN, False, 1), (BRITAIN, US, False, 0)]),
    ("burning_washington", [(BRITAIN, US, True, 1), (BRITAIN, US, False, 0)]),
    ("anglo_dutch_1", [(BRITAIN, DUTCH, False, 1), (DUTCH, BRITAIN, True, 1),
                       (BRITAIN, FRANCE, False, 0)]),
    ("spanish_succession", [(US, SPAIN, False, 1), (BRITAIN, SPAIN, True, 1),
                            (DUTCH, SPAIN, False, 1), (FRANCE, SPAIN, False, 0),
                            (US, BRITAIN, False, 0)]),
    ("peninsular_war", [(SPAIN, FRANCE, False, 1), (SPAIN, US, False, 0)]),
])
def test_a_card_of_war_adds_to_the_attacks_it_names(
        card: str, bonuses: list[tuple[int, int | None, bool, int]]) -> None:
    """"France gets +1 attack this round", "Britain gets +1 attack against French ships and
    ports", "Britain gets +2 attack against Spanish ports", ...; rulebook, Combat: "adding any
    modifiers from History"."""
    state = table()
    state.history = card
    for seat, target, port, bonus in bonuses:
        assert history_attack_bonus(state, seat, target, port) == bonus, (card, seat, target)


def test_a_history_bonus_counts_in_the_attack_total() -> None:
    """Rulebook, Combat: "rolling one die and then adding any modifiers from History"."""
    state = table()
    state.history = "quiberon_bay"
    put(state, BRITAIN, "transport", (21, 3), "b")
    put(state, FRANCE, "transport", (21, 4), "f")
    c = Combat(source="turn", attacker=BRITAIN, ships=["b"], target="f", target_kind="ship",
               defender=FRANCE, attack_dice=[3])
    assert attack_total(state, c) == 3 + 1 + 2  # the die, the Weather Gage, the card


def test_cards_that_forbid_trading_forbid_it_only_where_they_say() -> None:
    """"Britain may not trade at US ports this round"; "No player may trade at
    British-controlled ports this round"."""
    state = table()
    own(state, US, "boston")
    own(state, BRITAIN, "london")
    state.history = "tea_party"
    assert trade_banned(state, BRITAIN, "boston")
    assert not trade_banned(state, FRANCE, "boston") and not trade_banned(state, BRITAIN,
                                                                            "london")
    state.history = "continental_system"
    assert all(trade_banned(state, s, "london") for s in range(5))
    assert not trade_banned(state, FRANCE, "boston")


@pytest.mark.parametrize(("card", "seat"), [
    ("colonial_charters", US), ("la_salle", FRANCE), ("adams_onis", US)])
def test_a_free_port_in_north_america_is_offered_there_only(card: str, seat: int) -> None:
    """"The US may take command of one uncontrolled port in North America free of cost.\""""
    state = table()
    reveal(state, card)
    assert [p.kind for p in state.pending] == ["claim"] and GAME.actors(state) == {seat}
    offered = {a.port for a in GAME.legal_actions(state, seat) if isinstance(a, A.ClaimPort)}
    assert offered and {port_card(state, p).continent for p in offered} == {"North America"}
    gold = state.players[seat].gold
    state, _ = do(state, seat, {"type": "claim_port", "port": "boston"})
    assert state.ports["boston"].owner == seat and state.players[seat].gold == gold


def test_independence_launches_a_free_us_transport() -> None:
    """"The US may launch a Transport free of cost, adjacent to a port it controls (if it has
    a Transport piece left).\""""
    state = table()
    own(state, US, "new_york")
    reveal(state, "independence")
    assert GAME.actors(state) == {US}
    before = (purses(state)[US], state.players[US].pieces["transport"])
    state, _ = do(state, US, {"type": "launch", "cell": [7, 5]})
    assert [s.cell for s in state.ships if s.owner == US] == [(7, 5)]
    assert state.players[US].pieces["transport"] == before[1] - 1
    state = table()
    own(state, US, "new_york")
    state.players[US].pieces["transport"] = 0
    reveal(state, "independence")
    assert not state.pending  # no piece left: nothing to decide


def test_the_great_exhibition_lets_britain_choose_three_resources() -> None:
    """"Britain gains 3 resources of its choice" (designers' FAQ: "Britain chooses which
    resources to take")."""
    state = table()
    reveal(state, "great_exhibition")
    assert GAME.actors(state) == {BRITAIN}
    assert not any(isinstance(a, A.Decline) for a in GAME.legal_actions(state, BRITAIN))
    for resource in ("steel", "steel", "gold"):
        state, _ = do(state, BRITAIN, {"type": "choose_resource", "resource": resource})
    assert purses(state)[BRITAIN] == (5, 4, 6) and not state.pending


def test_the_raid_on_the_medway_is_a_free_dutch_attack_on_britain_at_plus_two() -> None:
    """"The Dutch may at once make one free attack, at +2, with a ship adjacent to a British
    ship or port": only British targets are offered, the attack adds 2, and nobody's turn
    ends."""
    state = table()
    own(state, BRITAIN, "plymouth")
    put(state, DUTCH, "frigate", (20, 2), "d")  # beside Plymouth
    put(state, FRANCE, "transport", (19, 2), "f")  # beside the Dutch Frigate: not offered
    reveal(state, "medway")
    assert GAME.actors(state) == {DUTCH}
    attacks = [a for a in GAME.legal_actions(state, DUTCH) if isinstance(a, A.Attack)]
    assert [a.target for a in attacks] == ["plymouth"]
    assert "(free, +2)" in attacks[0].label
    state, _ = do(state, DUTCH, attacks[0])
    assert state.combat is not None and state.combat.bonus == 2
    state, _ = fight(state, [1])  # 1 + 1 gage + 1 Frigate + 2 = 5 against a Port's 5
    assert state.ports["plymouth"].owner == DUTCH
    assert state.turn_state is not None and state.phase == "turns"


def test_the_barbary_wars_attack_the_pirate_or_pay_two_gold_once_it_is_sunk() -> None:
    """"The US may at once attack the Pirate, at +2, with one ship adjacent to it. If the
    Pirate has already been sunk, the US gains 2 Gold instead.\""""
    state = table()
    clear(state, pirate_at=(10, 9))
    put(state, US, "ship_of_the_line", (10, 8), "u")
    put(state, US, "frigate", (11, 9), "v")
    reveal(state, "barbary_wars")
    attacks = [a for a in GAME.legal_actions(state, US) if isinstance(a, A.Attack)]
    assert {a.target for a in attacks} == {"pirate"} and all(not a.fleet for a in attacks)
    state, _ = do(state, US, {"type": "attack", "ship": "u", "target": "pirate"})
    state, _ = fight(state, [3], [1])  # 3 + 1 + 2 + 2 = 8 against the Pirate's 8
    assert state.ship("pirate") is None and state.players[US].captured == ["pirate"]
    gold = state.players[US].gold
    events = reveal(state, "barbary_wars")
    assert state.players[US].gold == gold + 2 and not state.pending
    assert "{s0} gains 2 Gold" in next(e.text for e in events if e.kind == "history")


def test_trafalgar_moves_each_nations_strongest_ship_into_the_mediterranean() -> None:
    """"Each nation, in turn order, must move its strongest available ship at sea from
    outside the Mediterranean to any unoccupied location in the Mediterranean. A nation whose
    only ship is already in the Mediterranean may move it to another location there.\""""
    state = table()
    state.start_player = US
    put(state, US, "transport", (8, 4), "ut")
    put(state, US, "frigate", (7, 5), "uf")
    put(state, BRITAIN, "transport", (26, 7), "bt")  # already in the Mediterranean, alone
    reveal(state, "trafalgar")
    assert GAME.actors(state) == {US}
    moves = GAME.legal_actions(state, US)
    assert moves and all(isinstance(a, A.Relocate) and a.ship == "uf" for a in moves)
    assert (26, 7) not in [tuple(a.cell) for a in moves if isinstance(a, A.Relocate)]
    state, _ = do(state, US, {"type": "relocate", "ship": "uf", "cell": [29, 6]})
    assert GAME.actors(state) == {BRITAIN}
    assert any(isinstance(a, A.Decline) for a in GAME.legal_actions(state, BRITAIN))
    state, _ = do(state, BRITAIN, {"type": "decline"})
    assert not state.pending  # France, Spain and the Dutch have no ship
    assert state.ship("uf").cell == (29, 6)  # type: ignore[union-attr]


def test_the_monroe_doctrine_closes_the_americas_to_all_but_the_us() -> None:
    """"No nation except the US may buy or claim a port in the Americas this round.\""""
    state = table()
    put(state, BRITAIN, "transport", (8, 4), "b")  # beside Boston
    put(state, US, "transport", (7, 5), "u")  # beside Boston and New York
    state.history = "monroe_doctrine"
    state.phase = "turns"
    state.turn_state = TurnState(seat=BRITAIN, stage="actions", actions=5)
    assert not any(isinstance(a, A.BuyPort) for a in GAME.legal_actions(state, BRITAIN))
    state.turn_state = TurnState(seat=US, stage="actions", actions=5)
    state.order_index = state.order().index(US)
    assert {a.port for a in GAME.legal_actions(state, US) if isinstance(a, A.BuyPort)} == {
        "boston", "new_york"}
