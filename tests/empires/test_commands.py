"""/empires as a command table: every legal move is typed back from its own options, options are
named for people, a required choice left out is asked for, and the help is filled in."""

from __future__ import annotations

import functools
import re

from engine.core import Accepted, Action, Rejection, Rng, step
from engine.core.commands import check_round_trip, resolve, suggest, waiting
from engine.empires import GAME, unavailable
from engine.empires import actions as A
from engine.empires.commands import DECISION_TYPES, leg, table
from engine.empires.content import empires_content
from engine.empires.state import EmpiresState, EmpiresView, TurnState

from .helpers import calm, clear, do, fleet_around, frigate_duel, my_turn, new, own, put
from .test_pirate import bribe_phase

MAPS = ("americas", "atlantic")
MOVES = 250  # enough moves for combat, the Pirate and the refills, little enough for speed
SAIL_SAMPLE = 10  # every tenth position with sails is typed back

Sample = tuple[EmpiresState, int, list[Action], EmpiresView]


@functools.cache
def samples() -> tuple[Sample, ...]:
    """(state, seat, legal actions, the seat's view) over seeded random playouts: every player
    count on both map sides."""
    found: list[Sample] = []
    for seats in range(GAME.min_players, GAME.max_players + 1):
        for index, side in enumerate(MAPS):
            seed = seats * 10 + index
            state = GAME.setup({"map": side}, seats, seed)
            chooser = Rng.from_seed(seed)
            for _ in range(MOVES):
                if GAME.outcome(state) is not None:
                    break
                actors = sorted(GAME.actors(state))
                for seat in actors:
                    legal = GAME.legal_actions(state, seat)
                    found.append((state, seat, legal, GAME.view(state, seat)))
                seat = chooser.choice(actors)
                legal = GAME.legal_actions(state, seat)
                result = step(GAME, state, seat, chooser.choice(legal), state.version)
                assert isinstance(result, Accepted), result
                state = result.state  # type: ignore[assignment]
    return tuple(found)


def same(action: Action | None, expected: Action) -> bool:
    return action is not None and action.key() == expected.key()


def played(actions: list[Action]) -> list[Action]:
    """The actions some command plays: the decisions without a command of their own go through
    the generic ``decide`` (they are the table's ``decisions``)."""
    t = table()
    return [a for a in actions if t.command_of(a) is not None
            or a.type not in t.decisions or a.type == "undo"]


# --- the round trip -----------------------------------------------------------------------------
def test_every_legal_move_comes_back_from_its_options() -> None:
    problems: list[str] = []
    types: set[str] = set()
    for index, (_state, _seat, legal, view) in enumerate(samples()):
        types |= {a.type for a in legal}
        # the many sails of an ordinary turn are alike: a sample of them is enough for speed
        if index % SAIL_SAMPLE and any(isinstance(a, A.Sail) for a in legal):
            continue
        problems += check_round_trip(table(), played(legal), view)
    assert not problems, problems[:10]
    # the playouts met the moves of every command
    for command in table().commands:
        assert command.types & types, command.name


def test_decisions_without_a_command_are_the_tables_decisions() -> None:
    t = table()
    assert t.decisions == DECISION_TYPES
    without = {a.type for _s, _seat, legal, _v in samples() for a in legal
               if t.command_of(a) is None}
    assert without <= t.decisions
    for _state, _seat, legal, _view in samples():
        if any(a.type in t.decisions for a in legal):
            assert waiting(t, legal)


# --- labels for people --------------------------------------------------------------------------
def raw_ids(view: EmpiresView) -> set[str]:
    c = empires_content()
    ids = {card.id for card in c.captains.cards}
    ids |= set(c.board(view.side).ports)
    ids |= {n.id for n in c.rules.nations.items}
    ids |= {s.id for s in view.ships} | {"pirates_bay"}
    # plain words that are ids too ("fortify", "decoy") may appear in a card's own text
    return {i for i in ids if "_" in i or any(ch.isdigit() for ch in i)
            or i in c.board(view.side).ports}


def test_labels_are_named_for_people() -> None:
    bad: list[str] = []
    for _state, _seat, legal, view in samples():
        ids = raw_ids(view)
        pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, ids))) + r")\b")
        for command in table().commands:
            mine = [a for a in legal if command.takes(a)]
            for option in command.options:
                for action in mine:
                    value = option.value(action, view)
                    if value is None:
                        continue
                    label = option.name_of(action, view, action.label)
                    if label == value and ("." in value or "_" in value or value.isdigit()):
                        bad.append(f"{command.name} {option.name}: {label}")
                    found = pattern.search(label)
                    if found:
                        bad.append(f"{command.name} {option.name}: {label!r} names {found[0]}")
    assert not bad, sorted(set(bad))[:10]


def test_move_labels_name_cells_the_way_the_board_does() -> None:
    """Cells are F8 on the board's edges, so every move label says F8, never [7, 5]."""
    pair = re.compile(r"\[\s*\d+\s*,\s*\d+\s*\]")
    bad = sorted({a.label for _state, _seat, legal, _view in samples() for a in legal
                  if a.label and pair.search(a.label)})
    assert not bad, bad[:10]


def attack_position() -> tuple[EmpiresState, EmpiresView]:
    """Seat 0's Frigate beside Nassau (held by seat 1) and beside seat 1's Transport."""
    state = new(2, seed=3)
    clear(state)
    calm(state)
    my_turn(state, 0)
    nassau = empires_content().board(state.side).ports["nassau"].cell
    x, y = nassau
    put(state, 0, "frigate", (x, y + 1), "us7")
    put(state, 1, "transport", (x + 1, y + 1), "britain8")
    own(state, 1, "nassau")
    return state, GAME.view(state, 0)


def test_ship_and_target_labels() -> None:
    state, view = attack_position()
    legal = GAME.legal_actions(state, 0)
    attack = table().command("attack")
    attacks = [a for a in legal if isinstance(a, A.Attack)]
    targets = {attack.option("target").name_of(a, view, "") for a in attacks}
    assert targets == {"Britain's Transport near Nassau",
                       "Nassau (produces Wood; held by Britain)"}, targets
    ships = {attack.option("ship").name_of(a, view, "") for a in attacks}
    assert ships == {"Frigate at Nassau"}


# --- asking, never assuming ---------------------------------------------------------------------
def test_attack_without_target_asks_for_it() -> None:
    state, view = attack_position()
    legal = GAME.legal_actions(state, 0)
    found = resolve(table(), "attack", {}, legal, view)
    assert found.action is None and found.asking == "target"
    assert {v.value for v in found.values} == {"nassau", "britain8"}
    found = resolve(table(), "attack", {"ship": "frigate"}, legal, view)
    assert found.asking == "target"


def test_bribe_without_amount_asks_for_it() -> None:
    for _state, _seat, legal, view in samples():
        if any(isinstance(a, A.Bribe) for a in legal) and len(legal) > 1:
            found = resolve(table(), "bribe", {}, legal, view)
            assert found.action is None and found.asking == "amount"
            assert [v.value for v in found.values] == [str(n) for n in range(len(legal))]
            chosen = resolve(table(), "bribe", {"amount": "1"}, legal, view).action
            assert chosen is not None and chosen.key() == A.Bribe(amount=1).key()
            return
    raise AssertionError("no bribe met in the playouts")


def test_sail_without_direction_asks_and_turn_defaults_straight() -> None:
    state, view = attack_position()
    legal = GAME.legal_actions(state, 0)
    found = resolve(table(), "sail", {"ship": "Frigate at Nassau"}, legal, view)
    assert found.asking == "direction"
    found = resolve(table(), "sail", {"ship": "frigate", "direction": "south",
                                      "distance": "2"}, legal, view)
    assert isinstance(found.action, A.Sail) and found.action.via is None
    ship = state.ship("us7")
    assert ship is not None
    assert leg(ship.cell, found.action.to) == ("south", 2)


# --- typing parts of labels ---------------------------------------------------------------------
def test_typed_values_accept_part_of_a_label_in_any_case() -> None:
    state, view = attack_position()
    legal = GAME.legal_actions(state, 0)
    found = resolve(table(), "attack", {"target": "nassau", "ship": "FRIGATE"}, legal, view)
    assert same(found.action, A.Attack(ship="us7", target="nassau"))
    found = resolve(table(), "attack", {"target": "britain's transport"}, legal, view)
    assert same(found.action, A.Attack(ship="us7", target="britain8"))
    names = [v.label for v in suggest(table(), "attack", "target", "NASS", {}, legal, view)]
    assert len(names) == 2 and any(n.startswith("Nassau (") for n in names), names


def test_a_port_name_typed_in_lower_case() -> None:
    state, view = attack_position()
    nassau = empires_content().board(state.side).ports["nassau"]
    state.ports["nassau"].owner = None
    state.players[1].cubes += 1
    legal = GAME.legal_actions(state, 0)
    give = next(r for r in ("gold", "wood", "steel") if r != nassau.produces)
    view = GAME.view(state, 0)
    found = resolve(table(), "trade", {"port": "nassau", "give": give.upper()}, legal, view)
    assert same(found.action, A.Trade.model_validate({"port": "nassau", "give": give}))
    found = resolve(table(), "buy", {"port": "nAsSaU"}, legal, view)
    assert same(found.action, A.BuyPort(port="nassau"))


# --- refusals and problems ----------------------------------------------------------------------
def test_an_illegal_combination_is_refused_with_a_reason() -> None:
    state, view = attack_position()
    legal = GAME.legal_actions(state, 0)
    found = resolve(table(), "sail", {"ship": "frigate", "direction": "north",
                                      "distance": "30"}, legal, view)
    assert isinstance(found.refused, A.Sail), found
    reason = GAME.explain(state, 0, found.refused)
    assert isinstance(reason, Rejection) and reason.message
    found = resolve(table(), "bribe", {"amount": "3"}, legal, view)
    assert isinstance(found.refused, A.Bribe)
    assert GAME.explain(state, 0, found.refused).message
    found = resolve(table(), "buy", {"port": "havana"}, legal, view)
    assert found.refused == A.BuyPort(port="havana")
    assert GAME.explain(state, 0, found.refused).message


def test_a_distance_no_move_has_lists_the_distances_of_the_direction_typed() -> None:
    # south, 30 cells: the refusal lists how far the ship can sail south, not every move's
    state, view = attack_position()
    legal = GAME.legal_actions(state, 0)
    ship = state.ship("us7")
    assert ship is not None
    south = [a for a in legal if isinstance(a, A.Sail) and a.via is None
             and leg(ship.cell, a.to)[0] == "south"]
    others = [a for a in legal if isinstance(a, A.Sail) and a not in south]
    assert south and others
    found = resolve(table(), "sail", {"direction": "south", "distance": "30"}, legal, view)
    assert found.problem is not None
    listed = found.problem.split("It can be: ", 1)[1]
    assert listed.count("cell") == len(south), found.problem


def test_a_turn_action_with_no_move_open_says_why() -> None:
    """/empires sail, attack, trade and buy with no move open give the moment's reason (the
    card the turn starts with, another's turn, the Weather, the History card, an empty purse),
    never only "You have no /empires sail move now"."""
    state, _ = attack_position()

    def said(command: str, seat: int = 0, **typed: str) -> str:
        found = resolve(table(), command, typed, GAME.legal_actions(state, seat),
                        GAME.view(state, seat))
        assert found.problem is not None, found
        assert "move now" not in found.problem, found.problem
        return found.problem

    my_turn(state, 0, stage="card")
    assert said("sail").startswith("Start your turn by playing one Captain's card")
    assert said("attack").startswith("Start your turn by playing one Captain's card")
    assert said("sail", seat=1) == "It is {s0}'s turn."
    my_turn(state, 0)
    state.weather = "becalmed"
    assert said("sail") == "The Weather (Becalmed) allows no Sailing this round."
    state.history = "treaty_of_utrecht"
    assert said("attack").startswith("No attack this round: Treaty of Utrecht: Peace")
    my_turn(state, 0, actions=0)
    assert said("trade") == "You have no actions left: end your turn with /empires end."
    my_turn(state, 0)
    player = state.players[0]
    player.gold = player.wood = player.steel = 0
    assert said("buy").startswith("A port costs 1 Gold, 1 Wood")
    assert said("trade") == "You have no Gold, Wood or Steel to give."


def test_where_the_ships_stand_is_a_reason_for_no_move() -> None:
    """A player whose every ship is in the region the Weather closes (Hurricane Season: "No
    ship may start or end a Sailing action in the Caribbean"), who has no ship, or none beside
    a port (rulebook, Trading: "If a Player has a ship adjacent to a port"; Buy a Port: "adjacent
    to an uncontrolled Port") is told so, not only "You have no /empires sail move now"."""
    state = new(2)
    clear(state, pirate_at=(12, 20))
    calm(state)
    my_turn(state, 0)

    def said(command: str) -> str | None:
        return resolve(table(), command, {}, GAME.legal_actions(state, 0),
                       GAME.view(state, 0)).problem

    assert said("sail") == "You have no ship on the map to sail."
    assert said("attack") == "You have no ship on the map to attack with."
    put(state, 0, "transport", (12, 9), "a")  # in the Caribbean, beside no port
    state.weather = "hurricane"
    assert said("sail") == ("The Weather (Hurricane Season): No ship may start or end a Sailing "
                            "action in the Caribbean this round. Your ship cannot sail, as it "
                            "is there.")
    assert said("trade").startswith("Trading needs one of your ships beside a port")
    assert said("buy").startswith("Buying a port needs one of your ships beside an "
                                  "uncontrolled port")
    put(state, 0, "transport", (10, 1), "b")  # out of the Caribbean, beside Quebec
    view = GAME.view(state, 0)
    assert unavailable.sail({}, view) is None and unavailable.trade({}, view) is None
    assert unavailable.buy({}, view) is None
    own(state, 1, "quebec")  # a trade there, but nothing to buy
    assert unavailable.trade({}, GAME.view(state, 0)) is None
    assert said("buy").startswith("Buying a port needs")


def test_reasons_for_no_move_fit_the_moment_they_are_given_in() -> None:
    """A History card's free attack is made with /empires attack, so it is no reason to refuse
    one; on the Pirate's turn its commander neither trades nor buys, whatever the purse; a
    player whose bribe is in is not told to send one; another's Pirate turn is the Pirate's."""
    from engine.empires.state import Pending, TurnState

    state = new(2)
    clear(state, pirate_at=(10, 2))
    calm(state)
    put(state, 0, "frigate", (11, 2), "a")
    state.phase = "production"
    state.turn_state = None
    state.pending = [Pending(kind="free_attack", seat=0, bonus=2, against="pirate",
                             optional=True)]
    legal, view = GAME.legal_actions(state, 0), GAME.view(state, 0)
    found = resolve(table(), "attack", {"target": "bogus"}, legal, view)
    assert found.problem is not None and "free attack" not in found.problem, found.problem
    assert "Pirate" in found.problem  # the target the free attack may take

    state.pending = []
    state.phase = "pirate"
    state.turn_state = TurnState(seat=1, pirate=True, stage="actions", actions=5)
    state.players[1].gold = state.players[1].wood = state.players[1].steel = 0
    for command in ("trade", "buy"):
        found = resolve(table(), command, {}, GAME.legal_actions(state, 1), GAME.view(state, 1))
        assert found.problem is not None and found.problem.startswith(
            "On the Pirate's turn you command only the Pirate"), found.problem
    found = resolve(table(), "sail", {}, GAME.legal_actions(state, 0), GAME.view(state, 0))
    assert found.problem == "It is the Pirate's turn ({s1} commands it)."

    state.phase = "bribe"
    state.turn_state = None
    state.bribes = [3, None]
    found = resolve(table(), "sail", {}, GAME.legal_actions(state, 0), GAME.view(state, 0))
    assert found.problem == "Your bribe is in: play goes on when everyone has sent theirs."
    found = resolve(table(), "sail", {}, GAME.legal_actions(state, 1), GAME.view(state, 1))
    assert found.problem is not None and "send yours" in found.problem


def test_text_that_makes_no_move_is_a_problem() -> None:
    state, view = attack_position()
    legal = GAME.legal_actions(state, 0)
    found = resolve(table(), "sail", {"ship": "frigate", "direction": "south",
                                      "distance": "far"}, legal, view)
    assert found.problem and "whole number" in found.problem
    found = resolve(table(), "sail", {"ship": "frigate", "direction": "up",
                                      "distance": "1"}, legal, view)
    assert found.problem and "north, east, south or west" in found.problem
    found = resolve(table(), "trade", {"port": "nassau", "give": "rum"}, legal, view)
    assert found.problem and "gold, wood or steel" in found.problem.lower()


def test_unknown_options_list_the_valid_ones() -> None:
    state, view = attack_position()
    legal = GAME.legal_actions(state, 0)
    found = resolve(table(), "attack", {"victim": "nassau"}, legal, view)
    assert found.problem and "victim" in found.problem
    assert "target, ship, fleet" in found.problem


# --- the table's shape and help -----------------------------------------------------------------
def test_names_and_descriptions_fit_discord() -> None:
    t = table()
    assert [c.name for c in t.commands] == ["play", "discard", "sail", "trade", "buy", "attack",
                                            "order", "pass", "bribe", "end"]
    for command in t.commands:
        assert len(command.description) <= 100
        for option in command.options:
            assert re.fullmatch(r"[a-z0-9_-]{1,32}", option.name)
            assert len(option.description) <= 100
    assert table().command("attack").option("target").default is None
    assert table().command("attack").option("target").required
    assert table().command("bribe").option("amount").default is None
    assert t.nothing_to_decide


def test_help_has_one_topic_per_command_with_figures_filled() -> None:
    t = table()
    for command in t.commands:
        entry = t.help_for(command.name)
        assert entry.command == command.name and entry.text
    for entry in t.help:
        assert "{" not in entry.text and "}" not in entry.text, entry.topic
    assert {"decide", "war", "scoring"} <= {e.topic for e in t.help}
    r = empires_content().rules
    assert f"{r.turn.discard_for_gold} Gold" in t.help_for("discard").text
    assert f"Naval Base defence {r.table_of_war.ports['naval_base'].defence}" in t.help_for(
        "war").text


# --- an attack's reaction windows ---------------------------------------------------------------
def test_orders_in_an_attack_come_back_and_ask_for_their_ship() -> None:
    """A fleet of three Transports attacks a Ship of the Line; both sides hold every order."""
    state = fleet_around("ship_of_the_line", "transport", "transport", "transport",
                         ids=("us1", "us2", "us3"), defender_id="britain4")
    orders = ["broadside", "evasive", "double_shot", "weather_gage", "decoy", "full_sail"]
    state.players[0].hand = list(orders)
    state.players[1].hand = list(orders)
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    fleets = {v.label for v in suggest(table(), "attack", "fleet", "", {"ship": "us1"}, legal,
                                        view)}
    assert "Alone (no fleet)" in fleets and len(fleets) == 4
    assert not check_round_trip(table(), played(legal), view)
    state, _ = do(state, 0, A.Attack(ship="us1", fleet=("us2", "us3"), target="britain4"))
    seen: set[str] = set()
    for _ in range(12):
        if state.combat is None:
            break
        for seat in sorted(GAME.actors(state)):
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            assert not check_round_trip(table(), played(legal), view)
            for action in legal:
                if isinstance(action, A.PlayOrder):
                    seen.add(table().command("order").option("on").name_of(action, view, ""))
        seat = min(GAME.actors(state))
        legal = GAME.legal_actions(state, seat)
        if state.combat.stage == "targets":
            state, _ = do(state, seat, legal[-1])
        elif state.combat.stage == "declared":
            evasive = resolve(table(), "order", {"card": "evasive"}, legal, GAME.view(state, seat))
            if seat == 0:  # the attacker's ships each may take the defence bonus: asked
                assert evasive.asking == "on"
                labels = {v.label for v in evasive.values}
                assert len(labels) == 3 and all(x.startswith("Your Transport") for x in labels)
            state, _ = do(state, seat, A.Pass())
        else:
            state, _ = do(state, seat, legal[0] if seat == 1 else A.Pass())
    assert any(label.startswith("Re-roll the") for label in seen), seen


# --- cells named as the board's edges name them ------------------------------------------------
def test_cells_are_named_row_letter_then_column_number_and_read_back() -> None:
    from engine.empires.names import cell_text, read_cell

    assert cell_text((7, 5)) == "F8" and cell_text((0, 0)) == "A1" and cell_text((29, 23)) == "X30"
    # the rules' own [x, y] and the old option values x,y are still read
    for typed in ("F8", "f8", " F8 ", "8F", "[7, 5]", "7,5", "7, 5"):
        assert read_cell(typed) == (7, 5), typed
    assert read_cell("Havana") is None and read_cell("") is None
    for x in range(30):
        for y in range(24):
            assert read_cell(cell_text((x, y))) == (x, y)


def test_a_card_played_on_a_sea_cell_is_offered_and_typed_as_its_square() -> None:
    from engine.empires.names import cell_text

    for _state, _seat, legal, view in samples():
        plays = [a for a in legal if isinstance(a, A.PlayCard) and a.cell is not None]
        if not plays:
            continue
        play = plays[0]
        assert play.cell is not None
        square = cell_text(play.cell)
        for typed in (square, square.lower()):
            found = resolve(table(), "play", {"card": play.card, "where": typed}, legal, view)
            assert same(found.action, play), typed
        offered = suggest(table(), "play", "where", "", {"card": play.card}, legal, view)
        assert any(v.value == square and v.label.startswith(f"At {square}") for v in offered)
        return
    raise AssertionError("no card played on a sea cell in the playouts")


def test_an_attack_to_answer_and_the_bribe_are_decisions_decide_lists() -> None:
    """The game waits for an answer to an attack (an Order or a pass) and for the round's
    secret bribe: /empires decide lists them, as it lists every other moment the game waits
    for (a player in an answer window read "No decision is waiting for you")."""
    duel = frigate_duel()
    for seat in sorted(GAME.actors(duel)):
        legal = GAME.legal_actions(duel, seat)
        listed = waiting(table(), legal)
        assert listed and {a.type for a in listed} <= {"play_order", "pass"}
        assert any(a.type == "pass" for a in listed)
    bribes = bribe_phase(2)
    listed = waiting(table(), GAME.legal_actions(bribes, 0))
    assert listed and {a.type for a in listed} == {"bribe"}
    mid_turn, _view = attack_position()  # an ordinary turn: nothing waits
    assert waiting(table(), GAME.legal_actions(mid_turn, 0)) == []


def test_an_attack_with_no_target_beside_the_ships_says_so() -> None:
    """Rulebook, Attack: "If a Player has a ship adjacent to an enemy ship or Port, they may
    use an action to attack." With no enemy ship, port, Pirate or Pirate's Bay beside any of
    its ships, /empires attack says so, where it said only "You have no /empires attack move
    now"; on the Pirate's turn its commander's own ships are no target."""
    state = new(2)
    clear(state, pirate_at=(12, 20))
    calm(state)
    my_turn(state, 0)
    put(state, 0, "transport", (10, 1), "a")  # beside Quebec, which nobody holds

    def said() -> str | None:
        return resolve(table(), "attack", {}, GAME.legal_actions(state, 0),
                       GAME.view(state, 0)).problem

    assert said() == ("Your ship is beside no enemy ship or port, nor the Pirate or Pirate's "
                      "Bay: an attack needs its target next to the attacking ship (not "
                      "diagonally).")
    put(state, 0, "transport", (14, 1), "b")
    assert (said() or "").startswith("None of your ships is beside an enemy ship or port")
    own(state, 1, "quebec")
    assert unavailable.attack({}, GAME.view(state, 0)) is None
    state.phase = "pirate"
    state.turn_state = TurnState(seat=0, pirate=True, stage="actions", actions=5)
    put(state, 0, "transport", (13, 20), "c")  # the commander's own ship beside the Pirate
    assert said() == ("The Pirate is beside no other nation's ship or port: it attacks only "
                      "what is next to it (not diagonally).")
