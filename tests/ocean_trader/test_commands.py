"""The /trader command table: every legal move comes back from its options, labels are for people,
a required choice is asked for, typed text matches labels, refusals are explained, help is filled.

The Prospect card's cargo loss (``jettison``) and the World Trade cards put back
(``order_cards``) are decisions with no command of their own: the generic ``decide`` answers them
by label, so the round trip skips them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from engine.core import Action, Rng, get
from engine.core.commands import (
    CommandError,
    check_round_trip,
    resolve,
    suggest,
    values_of,
    waiting,
)
from engine.ocean_trader import actions as A
from engine.ocean_trader.bots import StandardBot
from engine.ocean_trader.commands import table
from engine.ocean_trader.content import ocean_trader_content
from engine.ocean_trader.state import OceanTraderState, OceanTraderView, Ship
from tests.ocean_trader.helpers import act, card_for, new_game, only_card, put_at_sea

GAME = get("ocean_trader")
SEATS = range(2, 7)
VARIANTS = ("full", "short")
MOVES = 700


def _no_command(action: Action) -> bool:
    """A decision answered only through ``decide`` (no command plays it)."""
    return action.type in table().decisions and table().command_of(action) is None


@cache
def positions() -> tuple[tuple[str, OceanTraderView, tuple[Action, ...]], ...]:
    """(where, the seat's view, its legal actions) for every actor of every state of seeded
    playouts: every player count, both variants; moves mostly by the standard bot (so ships
    trade and shares change hands), a quarter at random."""
    found: list[tuple[str, OceanTraderView, tuple[Action, ...]]] = []
    bot = StandardBot()
    for variant in VARIANTS:
        for seats in SEATS:
            state = GAME.setup({"variant": variant, "turns": 12}, seats, seats)
            assert isinstance(state, OceanTraderState)
            rng = Rng.from_seed(seats * 31 + len(variant))
            for move in range(MOVES):
                if GAME.outcome(state) is not None:
                    break
                for seat in sorted(GAME.actors(state)):
                    view = GAME.view(state, seat)
                    assert isinstance(view, OceanTraderView)
                    found.append((f"{variant} {seats}p move {move} seat {seat}", view,
                                  tuple(GAME.legal_actions(state, seat))))
                seat = rng.choice(sorted(GAME.actors(state)))
                legal = GAME.legal_actions(state, seat)
                choice = (rng.choice(legal) if rng.below(4) == 0
                          else bot.choose(GAME.view(state, seat), legal, rng))
                state, _ = act(state, seat, choice)
    return tuple(found)


def same(found: Action | None, wanted: Action) -> bool:
    return found is not None and found.key() == wanted.key()


def view_of(state: OceanTraderState, seat: int) -> OceanTraderView:
    view = GAME.view(state, seat)
    assert isinstance(view, OceanTraderView)
    return view


# --- round trip -----------------------------------------------------------------------------------
def test_every_legal_action_comes_back_from_its_options() -> None:
    problems: list[str] = []
    types: set[str] = set()
    for where, view, legal in positions():
        playable = [a for a in legal if not _no_command(a)]
        types.update(a.type for a in playable)
        problems += [f"{where}: {p}" for p in check_round_trip(table(), playable, view)]
    assert not problems, "\n".join(problems[:20])
    # the playouts reach every kind of move a command plays
    assert types >= {"throw_dice", "choose_route", "sail_on", "dock", "buy_cargo", "sell_cargo",
                     "dump_cargo", "buy_ship", "sell_ship", "buy_policy", "surrender_policy",
                     "surrender_spare_policy", "buy_share", "sell_share", "auction_share", "bid",
                     "claim_majority", "challenge_claim", "end_turn"}


def test_only_jettison_and_order_cards_have_no_command_of_their_own() -> None:
    every = {str(cls.model_fields["type"].default) for cls in (
        A.BuyCargo, A.SellCargo, A.DumpCargo, A.ThrowDice, A.ChooseRoute, A.Dock, A.SailOn,
        A.Jettison, A.OrderCards, A.EndTurn, A.BuyShip, A.SellShip, A.BuyPolicy,
        A.SurrenderPolicy, A.SurrenderSparePolicy, A.BuyShare, A.SellShare, A.AuctionShare,
        A.Bid, A.ClaimMajority, A.ChallengeClaim)}
    played = set().union(*(c.types for c in table().commands))
    assert every - played == {"jettison", "order_cards"}
    assert {"jettison", "order_cards"} <= table().decisions


# --- labels ---------------------------------------------------------------------------------------
def _content_ids() -> set[str]:
    c = ocean_trader_content()
    ids = {p.id for p in c.ports.ports} | {r.id for r in c.routes.routes}
    ids |= {card.id for card in c.world_trade.cards} | {card.id for card in c.prospects.cards}
    ids |= {g.id for g in c.goods.goods if "_" in g.id}
    return ids


def _labels() -> Iterator[tuple[str, str, str, str]]:
    for where, view, legal in positions():
        for command in table().commands:
            mine = [a for a in legal if command.takes(a)]
            for option in command.options:
                for value in values_of(command, option.name, mine, view):
                    yield where, f"{command.name} {option.name}", value.value, value.label


def test_labels_are_named_for_people() -> None:
    ids = _content_ids()
    pattern = re.compile(r"\b(" + "|".join(re.escape(i) for i in sorted(ids)) + r")\b")
    bad: list[str] = []
    count = 0
    for where, option, value, label in _labels():
        count += 1
        looks_like_id = "." in value or "_" in value or value.isdigit() or value in ids
        if looks_like_id and label == value:
            bad.append(f"{where}: {option} {value!r} is labelled by its id")
        if pattern.search(label):
            bad.append(f"{where}: {option} label {label!r} shows a raw id")
    assert count > 1000
    assert not bad, "\n".join(bad[:20])


def test_labels_do_not_depend_on_other_seats_secrets() -> None:
    state = _auction()
    seat = min(GAME.actors(state))
    before = _all_labels(state, seat)
    for other in range(state.seats):
        if other != seat:
            state = GAME.scramble_secrets(state, other, Rng.from_seed(other))
    assert _all_labels(state, seat) == before


def _all_labels(state: OceanTraderState, seat: int) -> list[str]:
    legal = GAME.legal_actions(state, seat)
    view = view_of(state, seat)
    return [v.label for c in table().commands for o in c.options
            for v in values_of(c, o.name, [a for a in legal if c.takes(a)], view)]


def test_ship_labels_say_where_the_ship_is_and_what_it_carries() -> None:
    state = new_game(seats=2, variant="short")
    state.players[0].ships[0].cargo = ["tea"]
    view = view_of(state, 0)
    command = table().command("sell-ship")
    mine = [a for a in GAME.legal_actions(state, 0) if command.takes(a)]
    values = values_of(command, "ship", mine, view)
    assert [v.label for v in values] == [
        "Ship 1 in Liverpool, carrying tea: sells for £1,000 (its cargo goes back unpaid; its "
        "policy stays with the office)"]


# --- asking, matching, refusing -----------------------------------------------------------------
def _auction() -> OceanTraderState:
    state = new_game(seats=3, variant="full", cash=5000)
    state.players[0].shares = 2
    state, _ = act(state, 0, A.AuctionShare())
    assert state.auction is not None
    return state


def test_a_bid_left_out_is_asked_for_never_assumed() -> None:
    state = _auction()
    seat = min(GAME.actors(state))
    found = resolve(table(), "bid", {}, GAME.legal_actions(state, seat), view_of(state, seat))
    assert found.action is None and found.asking == "amount"
    labels = [v.label for v in found.values]
    assert labels[0].startswith("Pass") and "£1,200" in labels
    # the auction is a decision the game waits for
    assert waiting(table(), GAME.legal_actions(state, seat)) == []  # bids are not DECISIONS
    found = resolve(table(), "bid", {"amount": "£1,200"}, GAME.legal_actions(state, seat),
                    view_of(state, seat))
    assert same(found.action, A.Bid(amount=1200))


def _leaving_liverpool() -> OceanTraderState:
    state = new_game(seats=2, variant="short")
    state, _ = act(state, 0, A.ThrowDice(depart=(1,)))
    assert state.pending is not None and state.pending.kind == "depart"
    return state


def test_a_route_is_asked_for_and_typed_as_any_part_of_its_label_in_any_case() -> None:
    state = _leaving_liverpool()
    legal = GAME.legal_actions(state, 0)
    view = view_of(state, 0)
    assert waiting(table(), legal) == [a for a in legal if a.type != "undo"]
    found = resolve(table(), "sail", {}, legal, view)
    assert found.asking == "route"
    assert any(v.label.startswith("Liverpool → New York (") for v in found.values)
    found = resolve(table(), "sail", {"route": "new york"}, legal, view)
    assert isinstance(found.action, A.ChooseRoute)
    route = ocean_trader_content().route(found.action.route)
    assert {route.a, route.b} == {"LIV", "NYC"}
    offered = suggest(table(), "sail", "route", "NEW YO", {}, legal, view)
    assert offered and all("New York" in v.label for v in offered)


def test_goods_are_typed_by_name_in_any_case() -> None:
    state = new_game(seats=2, variant="short")
    legal = GAME.legal_actions(state, 0)
    found = resolve(table(), "buy", {"ship": "ship 1 in liverpool", "goods": "COAL"}, legal,
                    view_of(state, 0))
    assert same(found.action, A.BuyCargo(ship=1, goods="coal"))
    # ship left out while only one ship could buy: nothing to ask
    found = resolve(table(), "buy", {"goods": "manufactured"}, legal, view_of(state, 0))
    assert same(found.action, A.BuyCargo(ship=1, goods="manufactures"))
    # goods left out: asked for, with their prices
    found = resolve(table(), "buy", {"ship": "1"}, legal, view_of(state, 0))
    assert found.asking == "goods"
    assert {v.label for v in found.values} == {"Coal for £100", "Manufactured Goods for £480"}


def test_an_illegal_combination_is_refused_and_explained() -> None:
    state = new_game(seats=2, variant="short")
    found = resolve(table(), "buy", {"ship": "1", "goods": "tea"}, GAME.legal_actions(state, 0),
                    view_of(state, 0))
    assert found.refused is not None and same(found.refused, A.BuyCargo(ship=1, goods="tea"))
    assert "Liverpool does not sell that" in GAME.explain(state, 0, found.refused).message
    found = resolve(table(), "bid", {"amount": "1,234"}, GAME.legal_actions(state, 0),
                    view_of(state, 0))
    assert found.refused is not None and same(found.refused, A.Bid(amount=1234))
    assert "no certificate on auction" in GAME.explain(state, 0, found.refused).message


def test_text_that_makes_no_move_is_a_plain_problem() -> None:
    state = _auction()
    seat = min(GAME.actors(state))
    found = resolve(table(), "bid", {"amount": "lots"}, GAME.legal_actions(state, seat),
                    view_of(state, seat))
    assert found.problem is not None and "'lots'" in found.problem


def test_a_departing_ship_not_named_by_number_is_refused_in_a_sentence() -> None:
    state = new_game(seats=2, variant="short")
    found = resolve(table(), "roll", {"depart": "x"}, GAME.legal_actions(state, 0),
                    view_of(state, 0))
    assert found.problem == "Each ship leaving port is picked from the list, not 'x'."


def _at_sea_and_in_port() -> tuple[list[Action], OceanTraderView]:
    """Ship 1 at sea, ship 2 in Bombay free to leave: seat 0's moves and view."""
    state = new_game(seats=2, variant="short")
    state.players[0].ships.append(Ship(number=2, port="BOM"))
    put_at_sea(state.players[0].ships[0], "R07", 2, "NYC")
    return GAME.legal_actions(state, 0), view_of(state, 0)


@pytest.mark.parametrize(("typed", "problem"), [
    ("1,1", "In '1,1' ship 1 is named more than once: name each ship leaving port once, by "
            "its number (as '1,2')."),
    ("2, 1 and 2", "In '2, 1 and 2' ship 2 is named more than once: name each ship leaving "
                   "port once, by its number (as '1,2')."),
    ("1,x", "Each ship leaving port is picked from the list, not 'x'."),
])
def test_departing_ships_typed_twice_or_as_garbage_are_refused_not_guessed(
        typed: str, problem: str) -> None:
    legal, view = _at_sea_and_in_port()
    found = resolve(table(), "roll", {"depart": typed}, legal, view)
    assert found.action is None and found.refused is None
    assert found.problem == problem


def test_departing_ships_typed_out_of_order_are_read_in_number_order() -> None:
    state = new_game(seats=2, variant="short")
    state.players[0].ships.append(Ship(number=2, port="LIV"))
    view = view_of(state, 0)
    built = table().command("roll").make({"depart": "2, 1"}, view)
    assert same(built, A.ThrowDice(depart=(1, 2)))
    assert built.key() in {a.key() for a in GAME.legal_actions(state, 0)}


def test_unknown_options_name_the_valid_ones() -> None:
    state = new_game(seats=2, variant="short")
    found = resolve(table(), "buy", {"cargo": "coal"}, GAME.legal_actions(state, 0),
                    view_of(state, 0))
    assert found.problem is not None
    assert "cargo" in found.problem and "ship, goods" in found.problem


def test_a_spare_policy_is_surrendered_through_surrender() -> None:
    state = new_game(seats=2, variant="short")
    state.players[0].spare_policies = 1
    legal = GAME.legal_actions(state, 0)
    view = view_of(state, 0)
    found = resolve(table(), "surrender", {}, legal, view)
    assert found.asking == "ship"
    assert {v.label for v in found.values} == {
        "Ship 1 in Liverpool: its policy, for £250",
        "A spare policy the office holds (covering no ship), for £250"}
    found = resolve(table(), "surrender", {"ship": "Spare"}, legal, view)
    assert same(found.action, A.SurrenderSparePolicy())
    found = resolve(table(), "surrender", {"ship": "1"}, legal, view)
    assert same(found.action, A.SurrenderPolicy(ship=1))


def test_dock_and_sail_on_answer_the_port_reached() -> None:
    for where, view, legal in positions():
        if any(a.type == "dock" for a in legal):
            found = resolve(table(), "dock", {}, legal, view)
            assert isinstance(found.action, A.Dock), where
            sail = resolve(table(), "sail", {}, legal, view)
            assert sail.asking == "route" or isinstance(sail.action, A.SailOn), where
            return
    pytest.fail("no playout reached a port with movement left")


def test_roll_asks_which_ships_leave_when_there_is_a_choice() -> None:
    state = new_game(seats=2, variant="short")
    found = resolve(table(), "roll", {}, GAME.legal_actions(state, 0), view_of(state, 0))
    # the only ship is in port: it must leave, the one throw there is
    assert same(found.action, A.ThrowDice(depart=(1,)))
    # one ship at sea, one in port: whether the second leaves is asked, never assumed
    state.players[0].ships.append(Ship(number=2, port="BOM"))
    put_at_sea(state.players[0].ships[0], "R07", 2, "NYC")
    legal = GAME.legal_actions(state, 0)
    view = view_of(state, 0)
    found = resolve(table(), "roll", {}, legal, view)
    assert found.asking == "depart"
    assert [(v.value, v.label) for v in found.values] == [
        ("none", "No ship leaves port: only the ships at sea sail"),
        ("2", "Ship 2 leaves Bombay")]
    found = resolve(table(), "roll", {"depart": "bombay"}, legal, view)
    assert same(found.action, A.ThrowDice(depart=(2,)))
    found = resolve(table(), "roll", {"depart": "3"}, legal, view)
    assert found.refused is not None and same(found.refused, A.ThrowDice(depart=(3,)))
    assert "no ship 3" in GAME.explain(state, 0, found.refused).message
    labels = [v.label for v in values_of(table().command("insure"), "ship",
                                          [a for a in legal if a.type == "buy_policy"], view)]
    assert labels == ["Ship 2 in Bombay: £500"]
    surrender = [a for a in legal if a.type == "surrender_policy"]
    assert [v.label for v in values_of(table().command("surrender"), "ship", surrender,
                                       view)] == [
        "Ship 1 at sea, bound for New York: its policy, for £250"]


# --- help -----------------------------------------------------------------------------------------
def test_every_command_has_one_help_topic_with_its_figures_filled() -> None:
    t = table()
    for command in t.commands:
        entry = t.help_for(command.name)
        assert entry.command == command.name
        assert len(command.description) <= 100
        assert re.fullmatch(r"[-_a-z0-9]{1,32}", command.name)
        for option in command.options:
            assert re.fullmatch(r"[a-z0-9_-]{1,32}", option.name)
            assert len(option.description) <= 100
    for entry in t.help:
        assert "{" not in entry.text and "}" not in entry.text, entry.topic
    for topic in ("decide", "ports", "goods"):
        assert t.help_for(topic).command is None
    assert "£20: Gibraltar" in t.help_for("ports").text
    assert "Tea £450" in t.help_for("goods").text
    assert t.nothing_to_decide


def _route_decisions(seeds: range) -> Iterator[tuple[OceanTraderState, int]]:
    """Positions from seeded games between standard bots where a ship leaves port or has
    reached one with points left."""
    bot = StandardBot()
    for seed in seeds:
        state = GAME.setup({"variant": "short"}, 2, seed)
        for _ in range(MOVES):
            if GAME.outcome(state) is not None:
                break
            seat = min(GAME.actors(state))
            if state.pending is not None and state.pending.kind in ("depart", "at_port"):
                yield state, seat
            legal = GAME.legal_actions(state, seat)
            state, _ = act(state, seat, bot.choose(GAME.view(state, seat), legal,
                                                   Rng(state=seed * 7919 + state.version)))


def test_a_route_choice_says_where_the_throw_ends_and_it_ends_there() -> None:
    """Rulebook, Movement: the whole throw is moved, stopping on a port reached exactly; a red
    space draws a Prospect card. Each route's label says where this throw takes the ship, and
    the move does that."""
    told = set()
    for state, seat in _route_decisions(range(3)):
        for action in GAME.legal_actions(state, seat):
            if not isinstance(action, (A.ChooseRoute, A.SailOn)):
                continue
            route = ocean_trader_content().route(action.route)
            there = route.other(state.pending.port or "")
            after, events = act(state, seat, action)
            ship = after.players[seat].ship(action.ship)
            assert ship is not None, action.label
            label = action.label or ""
            if "ends " in label:
                told.add("sea")
                spaces = int(re.search(r"ends (\d+) spaces? out", label).group(1))  # type: ignore[union-attr]
                drawn = any(e.kind == "prospect" for e in events)
                assert drawn == ("red space" in label), label
                if drawn:
                    continue  # (the card drawn there may have moved or sunk the ship since)
                assert ship.route == route.id and ship.port is None, label
                from_start = ship.at if route.other(there) == route.a \
                    else route.length - ship.at
                assert from_start == spaces, label
            elif "docks there" in label:
                told.add("dock")
                assert ship.port == there or after.players[seat].eliminated, label
            elif "to spare" in label:
                told.add("through")
                spare = int(re.search(r"arrives with (\d+) points? to spare", label).group(1))  # type: ignore[union-attr]
                pending = after.pending
                assert pending is not None and pending.kind == "at_port", label
                assert pending.port == there and after.voyage is not None
                assert after.voyage.steps == spare, label
    assert told == {"sea", "dock", "through"}


def test_docking_without_the_fee_says_it_eliminates_only_to_the_ship_owner() -> None:
    """A port's fee that cannot be paid eliminates the player (rulebook, "At no time ... can
    any ship owner owe money"): the dock move's own label says so. The label is read only by
    the deciding player, and another seat's labels never depend on it."""
    for state, seat in _route_decisions(range(3)):
        if state.pending is None or state.pending.kind != "at_port":
            continue
        fee = ocean_trader_content().port(state.pending.port or "").fee
        poor = state.model_copy(deep=True)
        poor.players[seat].cash = fee - 10
        dock = next(a for a in GAME.legal_actions(poor, seat) if isinstance(a, A.Dock))
        assert "you cannot pay it, so docking eliminates you" in (dock.label or "")
        rich = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, A.Dock))
        assert "eliminat" not in (rich.label or "") or state.players[seat].cash < fee
        assert re.search(r", \d+ points? unused \(fee", rich.label or "")
        after, events = act(poor, seat, dock)
        assert after.players[seat].eliminated
        # nor is it ever taken back, so no "took back: ..." line can quote the label publicly
        assert not after.undo_points
        return
    raise AssertionError("no port decision in these games")


def test_ending_a_turn_without_the_idle_fees_says_it_eliminates() -> None:
    bot = StandardBot()
    state = GAME.setup({"variant": "short"}, 2, 5)
    for _ in range(MOVES):
        seat = min(GAME.actors(state))
        legal = GAME.legal_actions(state, seat)
        end = next((a for a in legal if isinstance(a, A.EndTurn)), None)
        if end is not None and "port fees" in (end.label or ""):
            fees = int(re.search(r"port fees £([\d,]+)", end.label or "").group(1)  # type: ignore[union-attr]
                       .replace(",", ""))
            assert "eliminat" not in (end.label or "") or state.players[seat].cash < fees
            poor = state.model_copy(deep=True)
            poor.players[seat].cash = fees - 1
            end = next(a for a in GAME.legal_actions(poor, seat) if isinstance(a, A.EndTurn))
            assert (end.label or "").endswith(
                ": you cannot pay them, so ending the turn eliminates you)")
            after, _ = act(poor, seat, end)
            assert after.players[seat].eliminated and not after.undo_points
            return
        state, _ = act(state, seat, bot.choose(GAME.view(state, seat), legal,
                                               Rng(state=state.version)))
    raise AssertionError("no turn ended with a ship idle in port")


def test_a_certificate_is_sold_to_another_player_only_by_auction_and_help_says_so() -> None:
    """Rulebook, Share Certificates: certificates "can be re-sold to the Banker for the sum of
    £500 or to the highest bidder". No private sale at an agreed price is a move, so the
    commands a seller reaches for point to the auction."""
    t = table()
    assert "/trader auction" in t.command("sell-share").description
    assert "auction" in t.help_for("sell-share").text
    assert "no private sale" in t.help_for("sell-share").text
    assert "only way to sell a certificate to another player" in t.help_for("auction").text
    topics = {r.topic: r for r in ocean_trader_content().rulings.rulings}
    ruling = topics["Selling a certificate to another player"]
    assert "highest bidder" in ruling.passage and "auction" in ruling.ruling


def test_a_port_typed_for_departing_ships_names_the_ships_there() -> None:
    """A ship that has traded stays in port (rulebook, Method of Play: "It is not permitted for
    any ship to trade and sail during the same turn"); typed by its port, the refusal is that
    ship's own reason, not a complaint about the text."""
    state = new_game(seats=2, variant="short", cash=5000)
    state.players[0].ships.append(Ship(number=2, port="BOM"))
    state, _ = act(state, 0, A.BuyCargo(ship=2, goods="cotton"))
    legal, view = GAME.legal_actions(state, 0), view_of(state, 0)
    found = resolve(table(), "roll", {"depart": "Bombay"}, legal, view)
    assert found.refused is not None and same(found.refused, A.ThrowDice(depart=(2,)))
    assert GAME.explain(state, 0, found.refused).message.startswith("Ship 2 has traded")
    found = resolve(table(), "roll", {"depart": "liverpool and bombay"}, legal, view)
    assert found.refused is not None and same(found.refused, A.ThrowDice(depart=(1, 2)))
    found = resolve(table(), "roll", {"depart": "New York"}, legal, view)
    assert found.problem == "You have no ship in New York."


@pytest.mark.parametrize(("typed", "goods"), [("manufactured", "manufactures"),
                                              ("Tob", "tobacco"), ("silk", "silk")])
def test_goods_typed_by_the_start_of_their_name_are_read(typed: str, goods: str) -> None:
    state = new_game(seats=2, variant="short")
    state.players[0].ships[0].traded = True  # no buy open: the command is built, then refused
    view = view_of(state, 0)
    built = table().command("buy").make({"ship": "1", "goods": typed}, view)
    assert isinstance(built, A.BuyCargo) and built.goods == goods


def test_goods_typed_ambiguously_or_unknown_are_refused_in_a_sentence() -> None:
    view = view_of(new_game(seats=2, variant="short"), 0)
    with pytest.raises(CommandError, match=r"^'co' could be Coal, Coffee, Copper or Cotton: "
                                           r"type more of the name\.$"):
        table().command("buy").make({"ship": "1", "goods": "co"}, view)
    with pytest.raises(CommandError, match="no goods called 'gold dust'"):
        table().command("buy").make({"ship": "1", "goods": "gold dust"}, view)


def _refusal(state: OceanTraderState, command: str, **typed: str) -> str | None:
    found = resolve(table(), command, typed, GAME.legal_actions(state, 0), view_of(state, 0))
    assert found.action is None and found.refused is None
    return found.problem


def test_goods_typed_without_the_ship_are_refused_with_the_goods_own_reason() -> None:
    """Rulebook, Buying Goods: "Goods can only be purchased by a ship which is docked at a port
    which sells those goods"; Selling Goods: sold "at a port that is currently wanting to
    purchase those goods". With the ship left out (a fleet of one), the refusal says why those
    goods do not trade, then what does; the cash named is the player's own."""
    state = new_game(seats=2, variant="short", cash=300)
    assert _refusal(state, "buy", goods="manufactured goods") == (
        "You need £480 for Manufactured Goods; you have £300. Options for goods now: Coal for "
        "£100.")
    assert _refusal(state, "buy", goods="tea") == (
        "Liverpool does not sell Tea; it sells Manufactured Goods, Coal. Options for goods now: "
        "Coal for £100.")
    state.players[1].ships[0].cargo = ["coal"] * 3
    state.players[1].ships.append(Ship(number=2, port="GIB", cargo=["coal"] * 3))
    state.players[0].cash = 5000
    assert _refusal(state, "buy", goods="coal") == (
        "All 6 Bills of Lading for Coal are out; none can be bought now. Options for goods now: "
        "Manufactured Goods for £480.")
    state.players[1].ships[1].cargo = []
    state.players[0].ships[0].cargo = ["tea"]
    only_card(state, card_for("LIV", "tea"))
    assert _refusal(state, "sell", goods="silk") == (
        "Ship 1 carries no Silk. Options for goods now: Tea to Liverpool for £1,800.")


def test_a_ship_typed_twice_in_depart_is_refused_not_read_as_one() -> None:
    """'/trader roll depart=1,1' names ship 1 twice: refused with the reason, where the
    matcher of labels found the word '1' in 'Ship 1 ...' for each and played ship 1."""
    state = new_game(seats=2, variant="full")
    seat = min(GAME.actors(state))
    for typed in ("1,1", "1 1"):
        found = resolve(table(), "roll", {"depart": typed}, GAME.legal_actions(state, seat),
                        view_of(state, seat))
        assert found.action is None and found.problem is not None, typed
        assert "ship 1 is named more than once" in found.problem, found.problem
