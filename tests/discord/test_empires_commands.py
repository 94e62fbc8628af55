"""/empires: the generated command group, every option picked through its autocomplete, against
a real MatchService and the real Empires at Sea engine, from /game new to the end of a game.

How typed options become a move (fleets, turns, orders) is tested on the engine's table in
tests/empires/test_commands.py; here the commands are played as a player plays them."""

from __future__ import annotations

import time
from typing import Any

import pytest

from engine.core import Action, Rng
from engine.core.commands import Resolution, resolve, waiting
from engine.empires import GAME
from engine.empires import actions as A
from engine.empires.commands import STEP
from engine.empires.state import EmpiresState, EmpiresView
from tests.empires.helpers import calm, clear, my_turn, put
from tests.empires.helpers import new as new_position

from .conftest import ALICE, BOB, CAROL, CHANNEL, FakeInteraction, Table
from .test_game_commands import (
    acting,
    actor,
    decide_offered,
    done,
    group_of,
    legal,
    menu_of,
    menu_values,
    named_for_people,
    offered,
    other,
    pick_from_menu,
    play_action,
    seat_and_view,
)
from .test_game_commands import new_game as start_game

G = "empires"


@pytest.fixture(autouse=True)
def quick_boards(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)


async def new_game(table: Table, seed: int = 7) -> None:
    await start_game(table, "empires", None, seed)


async def empires(table: Table, user: int, command: str, **options: object) -> FakeInteraction:
    return await table.play(G, command, user, **options)


async def suggest(table: Table, user: int, command: str, option: str, typed: str = "",
                  **filled: object) -> list[Any]:
    return await offered(table, G, command, option, user, typed, **filled)


async def state(table: Table) -> EmpiresState:
    match = await table.match()
    assert match is not None
    found = await table.service.state_of(match.id)
    assert isinstance(found, EmpiresState)
    return found


async def bot_move(table: Table, user: int) -> Action:
    """The standard bot's move for the user's seat (not played)."""
    match = await table.match()
    assert match is not None
    _seat, view = await seat_and_view(table, user)
    assert isinstance(view, EmpiresView)
    return GAME.bots()["standard"].choose(view, await legal(table, user),
                                          Rng.from_seed(match.version))


async def a_heading(table: Table, user: int) -> str:
    """A direction in which the user's ship can sail one cell."""
    sail = group_of(G).table.command("sail")
    _seat, view = await seat_and_view(table, user)
    return next(str(sail.option("direction").value(a, view))
                for a in await legal(table, user)
                if isinstance(a, A.Sail) and sail.option("distance").value(a, view) == "1")


async def to_the_bribe(table: Table) -> None:
    for _ in range(2):  # both turns: discard for gold, then end
        user = await actor(table)
        card = (await suggest(table, user, "discard", "card"))[0]
        assert done(await empires(table, user, "discard", card=card.value))
        assert done(await empires(table, user, "end"))
    assert sorted(await acting(table)) == [ALICE, BOB]  # the bribe: both at once, in secret


# --- a few turns, option by option ------------------------------------------------------------
async def test_first_turns_through_the_empires_commands(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    version = await table.version()
    # The turn starts with a card from the hand: only what can be paid for is offered to play.
    cards = await suggest(table, first, "play", "card")
    assert {c.value for c in cards} == {"coastal_batteries", "fortify", "iron_shipment",
                                        "iron_works"}
    shipment = next(c for c in cards if c.value == "iron_shipment")
    assert shipment.name == "Iron Shipment (free): Gain 3 Steel."
    assert await suggest(table, first, "play", "where", card="iron_shipment") == []
    discards = await suggest(table, first, "discard", "card")
    assert len(discards) == 6 and "launch_frigate" in {c.value for c in discards}
    played = await empires(table, first, "play", card=shipment.value)
    assert done(played), played.calls
    assert not played.public
    assert await table.version() == version + 1
    assert any("Iron Shipment" in t for t in table.channel.texts)

    # Sail: the ship, then only the distances it can reach that way, then how it turns.
    [ship] = await suggest(table, first, "sail", "ship")
    assert (ship.name, ship.value) == ("Transport at New York", "us1")
    sails = [a for a in await legal(table, first) if isinstance(a, A.Sail)]
    sail = group_of(G).table.command("sail")
    _seat, view = await seat_and_view(table, first)
    heading = sail.option("direction").value(sails[0], view)
    distances = await suggest(table, first, "sail", "distance", ship="us1", direction=heading)
    assert {c.value for c in distances} == {
        sail.option("distance").value(a, view) for a in sails
        if sail.option("direction").value(a, view) == heading}
    assert all(c.name.split()[0] == c.value for c in distances)
    far = distances[-1]
    turns = await suggest(table, first, "sail", "turn", ship="us1", direction=heading,
                          distance=far.value)
    assert [(c.name, c.value) for c in turns] == [("Straight on (no turn)", "straight")]
    version = await table.version()
    # a ship sails forward, never the other way round; and a number names only itself (0 was
    # read as a part of a label, and sailed)
    for typed in ("-1", "-2", "0"):
        backwards = await empires(table, first, "sail", ship="us1", direction=heading,
                                  distance=typed)
        assert backwards.private == [f"The distance is a whole number of cells, 1 or more, "
                                     f"not '{typed}'."], backwards.calls
    assert await table.version() == version
    sailed = await empires(table, first, "sail", ship="us1", direction=heading,
                           distance=far.value)
    assert done(sailed), sailed.calls
    assert any("sails to" in t for t in table.channel.texts)

    # End the turn: the other player starts theirs with a card (or a discard for 3 Gold).
    assert done(await empires(table, first, "end"))
    second = await actor(table)
    assert second == other(first)
    discards = await suggest(table, second, "discard", "card")
    discarded = await empires(table, second, "discard", card=discards[0].value)
    assert done(discarded), discarded.calls
    assert "3 Gold" in table.channel.texts[-1]
    assert done(await empires(table, second, "end"))
    assert all(inter.deferred_first for inter in table.interactions if inter.calls)


async def test_the_bribe_stays_private(table: Table) -> None:
    await new_game(table)
    await to_the_bribe(table)
    position = await state(table)
    gold = position.players[0].gold
    texts = len(table.channel.texts)
    bribe = await empires(table, ALICE, "bribe", amount=2)
    assert done(bribe) and not bribe.public
    assert all("2 Gold" not in t for t in table.channel.texts[texts:])
    assert gold >= 2
    assert await acting(table) == [BOB]
    again = await empires(table, ALICE, "bribe", amount=1)  # answered already
    assert not done(again) and not again.public
    too_much = await empires(table, BOB, "bribe", amount=99)
    assert too_much.private == [f"You have {position.players[1].gold} Gold; bribe between 0 "
                                "and that."]
    negative = await empires(table, BOB, "bribe", amount=-1)
    assert negative.private == ["A bribe is 0 Gold or more."]
    assert done(await empires(table, BOB, "bribe", amount=0))
    assert any("Bribes revealed" in t for t in table.channel.texts)


async def test_a_bribe_without_an_amount_is_asked_for_with_a_menu(table: Table) -> None:
    await new_game(table)
    await to_the_bribe(table)
    version = await table.version()
    gold = (await state(table)).players[0].gold
    asked = await empires(table, ALICE, "bribe")
    assert asked.private == ["/empires bribe: fill in amount, or pick the whole "
                             "move below."]
    menu = menu_of(asked)
    assert menu is not None
    assert [o.label for o in menu.options] == [
        f"Bribe the Pirate with {n} Gold" for n in range(gold + 1)][:25]
    assert await table.version() == version  # nothing assumed
    texts = len(table.channel.texts)
    picked = await pick_from_menu(table, ALICE, asked, menu.options[1].value)
    assert done(picked) and not picked.public, picked.calls
    assert all("1 Gold" not in t for t in table.channel.texts[texts:])
    assert await acting(table) == [BOB]


async def test_autocomplete_offers_only_legal_choices(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    # before the card, no sailing, trading or attacking is offered
    assert await suggest(table, first, "sail", "ship") == []
    assert await suggest(table, first, "attack", "target") == []
    assert await suggest(table, first, "trade", "port") == []
    assert await suggest(table, first, "order", "card") == []
    # the other player and an onlooker are offered nothing
    assert await suggest(table, other(first), "play", "card") == []
    assert await suggest(table, CAROL, "discard", "card") == []
    # typing filters by label, any case
    assert [c.value for c in await suggest(table, first, "play", "card", "IRON S")] == \
        ["iron_shipment"]
    assert done(await empires(table, first, "play", card="iron_shipment"))
    # the ports: those beside a ship, named for people
    assert {c.value for c in await suggest(table, first, "buy", "port")} == {
        a.port for a in await legal(table, first) if isinstance(a, A.BuyPort)}
    for option in ("distance", "turn"):
        assert len(await suggest(table, first, "sail", option, ship="us1")) <= 25
    assert await decide_offered(table, G, first) == []  # an ordinary turn


async def test_sail_offers_only_the_directions_the_ship_can_take(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    assert done(await empires(table, first, "play", card="iron_shipment"))
    sails = [a for a in await legal(table, first) if isinstance(a, A.Sail)]
    sail = group_of(G).table.command("sail")
    _seat, view = await seat_and_view(table, first)
    legal_ways = {sail.option("direction").value(a, view) for a in sails}
    assert len(legal_ways) < 4
    directions = await suggest(table, first, "sail", "direction", ship="us1")
    assert {c.value for c in directions} == legal_ways


async def test_autocomplete_names_values_for_people(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    for command, option in (("play", "card"), ("discard", "card")):
        found = await suggest(table, first, command, option)
        assert found and named_for_people(found) == [], (command, option)
    assert done(await empires(table, first, "play", card="iron_shipment"))
    heading = await a_heading(table, first)
    for command, option, filled in (("sail", "ship", {}),
                                    ("sail", "distance", {"ship": "us1",
                                                          "direction": heading}),
                                    ("sail", "turn", {"ship": "us1"}),
                                    ("trade", "port", {}), ("buy", "port", {})):
        found = await suggest(table, first, command, option, **filled)
        assert found and named_for_people(found, counts=tuple("123456789")) == [], \
            (command, option, found)
        assert all(c.name != c.value for c in found if command != "sail"
                   or option != "distance")


async def test_a_value_may_be_typed_as_any_unambiguous_part_of_its_label(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    played = await empires(table, first, "play", card="iron ship")
    assert done(played), played.calls
    assert any("Iron Shipment" in t for t in table.channel.texts)
    heading = await a_heading(table, first)
    sailed = await empires(table, first, "sail", ship="transport", direction=heading.upper(),
                           distance="1 CELL")
    assert done(sailed), sailed.calls
    assert any("sails to" in t for t in table.channel.texts)


Ways = dict[tuple[str, str], list[str]]  # (direction, distance) -> the ships sailing it


async def two_transports(table: Table) -> tuple[int, Ways, tuple[str, str]]:
    """The bots play until a player's two Transports can both sail some way, and one of them can
    sail a way the other cannot that is not the first it is offered: that player, the
    Transports sailing each (direction, distance) straight on, in the order the moves are
    offered, and the last such way."""
    sail = group_of(G).table.command("sail")
    for _step in range(400):
        users = await acting(table)
        assert users, "the game ended before a player could sail two Transports"
        user = min(users)
        _seat, view = await seat_and_view(table, user)
        assert isinstance(view, EmpiresView)
        transports = {s.id for s in view.ships if s.kind == "transport"}
        ways: Ways = {}
        for a in await legal(table, user):
            if isinstance(a, A.Sail) and a.via is None and a.ship in transports:
                way = (str(sail.option("direction").value(a, view)),
                       str(sail.option("distance").value(a, view)))
                ways.setdefault(way, []).append(a.ship)
        first: dict[str, tuple[str, str]] = {}  # each Transport's first way offered
        for way, ships in ways.items():
            for ship in ships:
                first.setdefault(ship, way)
        alone = [w for w, s in ways.items() if len(s) == 1 and first[s[0]] != w]
        if any(len(s) == 2 for s in ways.values()) and alone:
            return user, ways, alone[-1]
        move = await bot_move(table, user)
        value = next(c.value for c in await table.service.choices(CHANNEL, user)
                     if c.action.key() == move.key())
        assert (await table.service.act_choice(CHANNEL, user, value)).ok
    raise AssertionError("no player came to sail two Transports")


async def test_a_ship_typed_by_its_kind_sails_the_one_that_fits(table: Table) -> None:
    """ship:transport with two Transports: the one that can sail that way and that far sails,
    whichever of its moves is offered first; when both can, which one is asked for with a menu
    naming them, and nothing is assumed."""
    await new_game(table, seed=5)
    user, ways, alone = await two_transports(table)
    version = await table.version()
    for way, ships in ways.items():
        if len(ships) != 2:
            continue
        asked = await empires(table, user, "sail", ship="transport", direction=way[0],
                              distance=way[1])
        assert asked.private[0].startswith(
            "/empires sail: ship 'transport' fits more than one move"), (way, asked.calls)
        labels = [o.label for o in menu_of(asked).options]  # type: ignore[union-attr]
        assert len(set(labels)) == 2, labels  # each move names its own Transport
        assert all(label.startswith("Sail the Transport") for label in labels), labels
        sails = [c.action for c in await table.service.choices(CHANNEL, user)
                 if c.value in menu_values(asked)]
        assert sorted(a.ship for a in sails if isinstance(a, A.Sail)) == sorted(ships)
    nowhere = await empires(table, user, "sail", ship="transport", direction=alone[0],
                            distance="30")
    assert not done(nowhere) and menu_of(nowhere) is None, nowhere.calls
    assert await table.version() == version  # nothing assumed, a refusal changes nothing

    [ship] = ways[alone]
    before = next(s.cell for s in (await state(table)).ships if s.id == ship)
    sailed = await empires(table, user, "sail", ship="TRANSPORT", direction=alone[0],
                           distance=alone[1])
    assert done(sailed), sailed.calls
    assert await table.version() == version + 1
    dx, dy = STEP[alone[0]]
    cells = int(alone[1])
    after = next(s.cell for s in (await state(table)).ships if s.id == ship)
    assert tuple(after) == (before[0] + dx * cells, before[1] + dy * cells)


def test_each_ship_a_typed_name_fits_is_read_with_every_move_it_has() -> None:
    """Two Transports far apart: a way only one can sail is that one's, whichever sail of each
    is listed first; a way both can sail asks which, never plays one of them."""
    position = new_position(2, seed=3)
    clear(position)
    calm(position)
    my_turn(position, 0)
    put(position, 0, "transport", (3, 8), "us1")
    put(position, 0, "transport", (11, 22), "us2")
    actions = GAME.legal_actions(position, 0)
    view = GAME.view(position, 0)
    t = group_of(G).table
    sail = t.command("sail")

    def read(**typed: str) -> Resolution:
        return resolve(t, "sail", typed, actions, view, lambda a: a.label or a.type)

    ways: dict[tuple[str, str], set[str]] = {}
    for a in actions:
        if isinstance(a, A.Sail) and a.via is None:
            ways.setdefault((str(sail.option("direction").value(a, view)),
                             str(sail.option("distance").value(a, view))), set()).add(a.ship)
    assert {len(s) for s in ways.values()} == {1, 2}
    for (direction, distance), ships in ways.items():
        found = read(ship="transport", direction=direction, distance=distance)
        if len(ships) == 1:
            assert isinstance(found.action, A.Sail) and {found.action.ship} == ships, found
        else:
            assert found.action is None and found.asking == "ship", found
            assert {v.value for v in found.values} == ships
            assert {a.ship for a in found.fitting if isinstance(a, A.Sail)} == ships
    east = read(ship="transport", direction="east")  # only us2 sails east: how far?
    assert east.asking == "distance"
    assert {a.ship for a in east.fitting if isinstance(a, A.Sail)} == {"us2"}
    far = read(ship="transport", direction="north", distance="30")  # neither: refused
    assert isinstance(far.refused, A.Sail) and far.action is None


async def test_a_choice_left_out_is_asked_for_with_a_menu(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    version = await table.version()
    asked = await empires(table, first, "play")
    assert asked.private == ["/empires play: fill in card, or pick the whole "
                             "move below."]
    plays = {c.value for c in await table.service.choices(CHANNEL, first)
             if isinstance(c.action, A.PlayCard)}
    assert set(menu_values(asked)) == plays
    assert await table.version() == version
    assert done(await empires(table, first, "play", card="iron_shipment"))
    # a ship and no direction: the menu holds that ship's sails only
    sail = await empires(table, first, "sail", ship="us1")
    assert "/empires sail: fill in direction" in sail.private[0]
    sails = {c.value for c in await table.service.choices(CHANNEL, first)
             if isinstance(c.action, A.Sail) and c.action.ship == "us1"}
    assert set(menu_values(sail)) == sails
    assert await table.version() == version + 1


async def test_an_attack_without_a_target_asks_which_when_several_exist(table: Table) -> None:
    await new_game(table, seed=5)
    attack = group_of(G).table.command("attack")
    for _step in range(400):  # the bots play until a player may attack two targets
        users = await acting(table)
        assert users, "the game ended before two targets were in reach"
        user = min(users)
        attacks = [a for a in await legal(table, user) if isinstance(a, A.Attack)]
        _seat, view = await seat_and_view(table, user)
        targets = {attack.option("target").value(a, view) for a in attacks}
        if len(targets) >= 2:
            break
        move = await bot_move(table, user)
        value = next(c.value for c in await table.service.choices(CHANNEL, user)
                     if c.action.key() == move.key())
        assert (await table.service.act_choice(CHANNEL, user, value)).ok
    else:
        raise AssertionError("no position with two targets")
    version = await table.version()
    asked = await empires(table, user, "attack")
    assert asked.private[0].startswith("/empires attack: fill in target")
    fits = {c.value for c in await table.service.choices(CHANNEL, user)
            if isinstance(c.action, A.Attack)}
    assert set(menu_values(asked)) <= fits and len(menu_values(asked)) >= 2
    assert await table.version() == version
    offered_targets = await suggest(table, user, "attack", "target")
    assert {c.value for c in offered_targets} == targets
    assert named_for_people(offered_targets) == []


async def test_a_command_without_a_choice_plays_at_once(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    assert done(await empires(table, first, "play", card="iron_shipment"))
    version = await table.version()
    ended = await empires(table, first, "end")
    assert done(ended) and menu_of(ended) is None, ended.calls
    assert await table.version() == version + 1
    assert await actor(table) == other(first)


async def test_rejected_commands_change_nothing_and_say_why(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    second = other(first)
    version = await table.version()

    out_of_turn = await empires(table, second, "end")
    name = table.users[first].display_name
    assert out_of_turn.private == [f"It is {name}'s turn, not yours."]
    watcher = await empires(table, CAROL, "end")
    assert watcher.private == ["You are not playing in this game; you can watch it."]
    no_card = await empires(table, first, "end")
    assert no_card.private[0].startswith("Start your turn by playing one Captain's card")
    not_held = await empires(table, first, "play", card="decoy")
    assert not_held.private == ["You hold no Decoy."]
    nowhere = await empires(table, first, "play", card="launch_frigate", where="7,5")
    assert nowhere.private == ["Launch Frigate has no valid target there: choose a place where "
                               "it can act, or discard a card for 3 Gold."]
    early = await empires(table, first, "sail", ship="us1", direction="north", distance="1")
    assert early.private[0].startswith("Start your turn by playing one Captain's card")
    decide = await empires(table, first, "decide", choice="v0:0")
    assert decide.private[0].startswith("No decision is waiting for you")
    for inter in (out_of_turn, watcher, no_card, not_held, nowhere, early, decide):
        assert inter.deferred_first and not inter.public and menu_of(inter) is None
    assert await table.version() == version

    assert done(await empires(table, first, "play", card="iron_shipment"))
    version = await table.version()
    aground = await empires(table, first, "sail", ship="us1", direction="west", distance="9")
    assert aground.private[0].startswith("A ship sails in one straight line")
    theirs = await empires(table, first, "sail", ship="britain2", direction="north",
                           distance="1")
    assert theirs.private == ["britain2 is not your ship."]
    sideways = await empires(table, first, "sail", ship="us1", direction="up", distance="1")
    assert sideways.private == ["The direction is north, east, south or west, not 'up'."]
    nothing_beside = await empires(table, first, "buy", port="quebec")
    assert nothing_beside.private[0].startswith("Buying a port needs one of your ships beside")
    bad_give = await empires(table, first, "trade", port="new_york", give="rum")
    assert bad_give.private == ["Give gold, wood or steel."]
    far = await empires(table, first, "attack", target="pirate", ship="us1")
    assert far.private[0].startswith("Every attacking ship must be beside the target")
    no_fight = await empires(table, first, "pass")
    assert no_fight.private == ["That is not a move for this moment of the turn."]
    assert await table.version() == version


async def test_help_explains_each_action_with_its_costs(table: Table) -> None:
    texts = {e.topic: (await empires(table, CAROL, "help", topic=e.topic)).private[0]
             for e in group_of(G).table.help}
    assert "Cost: 1 action and 1 Gold, 1 Wood, 1 Steel; it ends your turn." in texts["buy"]
    assert "You get 3 Gold." in texts["discard"]
    assert "Frigate attack +1, defence 7" in texts["war"]
    assert "Naval Base 10" in texts["scoring"]
    assert "5 actions" in texts["bribe"]


async def test_not_an_empires_channel(table: Table) -> None:
    await table.lobby(ALICE, BOB)  # Harbour Race
    inter = await empires(table, ALICE, "end")
    assert inter.private == ["The game in this channel is not Empires at Sea; use /move for it."]


# --- a whole game -----------------------------------------------------------------------------
async def test_a_whole_game_through_the_empires_commands(table: Table) -> None:
    began = time.monotonic()
    await new_game(table, seed=5)
    counts: dict[str, int] = {}
    last: dict[int, FakeInteraction] = {}
    said = 0  # moves made for someone, as the channel says
    for _step in range(800):
        match = await table.match()
        if match is None:
            break
        user = min(await acting(table))  # at the bribe, both act: one after the other
        choices = await table.service.choices(CHANNEL, user)
        action = await bot_move(table, user)
        inter = await play_action(table, G, user, action, choices, counts, last)
        assert done(inter) and not inter.public, (action, inter.calls)
        last[user] = inter
        if waiting(group_of(G).table, await legal(table, user)):
            assert "A decision is waiting for you: pick it below or use /empires decide." in \
                inter.private[0], inter.private
            assert menu_of(inter) is not None
        after = await table.match()
        # one version for the move, and one for each move it forced on someone (said so)
        forced = sum(t.count("had no other choice") for t in table.channel.texts) - said
        said += forced
        assert after is None or after.version == match.version + 1 + forced
    else:
        raise AssertionError(f"the game did not end: {counts}")
    assert any("The game is over" in t for t in table.channel.texts), table.channel.texts[-3:]
    for command in ("play", "sail", "bribe", "attack", "pass", "buy", "decide", "menu"):
        assert counts.get(command), counts
    assert time.monotonic() - began < 30, counts
