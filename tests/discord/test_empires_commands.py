"""/empires: every option picked through its autocomplete, against a real MatchService and the
real Empires at Sea engine, from /game new to the end of a game."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

from bot.cogs.empires import COMMAND_OF, HELP_TOPICS, build, sail_form, waiting
from bot.cogs.empires import FORMS as EMPIRES_FORMS
from bot.cogs.empires import Table as CogTable
from bot.cogs.game_groups import pick as choose
from bot.service import Choice
from bot.ui.decide import decide_from_menu
from engine.core import Action, Rng
from engine.empires import GAME
from engine.empires import actions as A
from engine.empires.state import EmpiresState, EmpiresView

from .conftest import ALICE, BOB, CAROL, CHANNEL, FakeInteraction, Table

COG = "EmpiresCog"
AUTOCOMPLETE = {
    ("play", "card"): "play_card", ("play", "where"): "play_where",
    ("discard", "card"): "discard_card",
    ("sail", "ship"): "sail_ship", ("sail", "direction"): "sail_direction",
    ("sail", "distance"): "sail_distance", ("sail", "turn"): "sail_turn",
    ("trade", "port"): "trade_port", ("trade", "give"): "trade_give",
    ("buy", "port"): "buy_port",
    ("attack", "target"): "attack_target", ("attack", "ship"): "attack_ship",
    ("attack", "fleet"): "attack_fleet",
    ("order", "card"): "order_card", ("order", "on"): "order_on",
    ("bribe", "amount"): "bribe_amount",
}
METHOD = {"pass": "pass_"}
OPTIONAL = {("play", "where"), ("sail", "turn"), ("attack", "fleet"), ("order", "on")}


@pytest.fixture(autouse=True)
async def empires_cog(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The /empires group is on the fake bot; boards are drawn by render/ and tested there, so a
    placeholder keeps games quick."""
    assert table.bot.get_cog("EmpiresCog") is not None  # registered by bot.cogs.add_cogs
    table.draw_placeholder_boards(monkeypatch)


# --- driving the commands ---------------------------------------------------------------------
async def suggest(table: Table, user: int, command: str, option: str, typed: str = "",
                  **filled: Any) -> list[app_commands.Choice[str]]:
    return await table.suggest_option(COG, AUTOCOMPLETE[command, option], user, typed,
                                      **filled)


async def empires(table: Table, user: int, command: str, **options: Any) -> FakeInteraction:
    return await table.command(COG, METHOD.get(command, command), user, **options)


async def new_game(table: Table, seed: int = 7) -> None:
    await table.game("new", ALICE, "empires", None, seed)
    await table.game("join", BOB)
    start = await table.game("start", ALICE)
    assert start.private == ["The game has begun; the board is in the channel."], start.calls


async def acting(table: Table) -> list[int]:
    """The players with a move to make (taking one's own move back is not one)."""
    found = []
    for user in (ALICE, BOB):
        if any(c.action.type != "undo" for c in await table.service.choices(CHANNEL, user)):
            found.append(user)
    return found


async def actor(table: Table) -> int:
    found = await acting(table)
    assert len(found) == 1, found
    return found[0]


def other(user: int) -> int:
    return BOB if user == ALICE else ALICE


def done(inter: FakeInteraction) -> bool:
    return inter.deferred_first and bool(inter.private) and inter.private[0].startswith("Done.")


async def state(table: Table) -> EmpiresState:
    match = await table.match()
    assert match is not None
    found = await table.service.state_of(match.id)
    assert isinstance(found, EmpiresState)
    return found


async def play(table: Table, user: int, action: Action, choices: list[Choice],
               counts: dict[str, int]) -> FakeInteraction:
    """Plays ``action`` through the command layer, every value picked from autocomplete; a
    decision without a command of its own goes through /empires decide or the Decide menu."""
    command = COMMAND_OF.get(action.type)
    if command is None:
        value = next(c.value for c in choices if c.action.key() == action.key())
        label = next(c.label for c in choices if c.value == value)
        inter = table.interaction(user)
        inter.namespace = SimpleNamespace()  # type: ignore[attr-defined]
        offered = await table.cog(COG).decide_choice(inter, label.upper())
        assert value in [c.value for c in offered], (label, offered)
        counts["decide"] = counts.get("decide", 0) + 1
        if counts["decide"] % 2:
            return await empires(table, user, "decide", choice=value)
        match = await table.match()
        assert match is not None
        menu = table.interaction(user)
        await decide_from_menu(menu, match.id, match.version, value)  # type: ignore[arg-type]
        menu.via_menu = True  # type: ignore[attr-defined]
        return menu
    counts[command] = counts.get(command, 0) + 1
    form = EMPIRES_FORMS[command]
    if command == "sail":
        form = sail_form({s.id: s.cell for s in (await state(table)).ships})
    options: dict[str, Any] = {}
    for name in form.fields:
        found = form.read(action, name)
        default = (command == "sail" and found == "straight") or \
            (command == "attack" and found == "none")
        if (command, name) in AUTOCOMPLETE:
            offered = await suggest(table, user, command, name, **options)
            assert found in [c.value for c in offered] or found is None, \
                (command, name, found, offered)
        if found is not None and not default:  # what the command assumes is left out
            options[name] = found
    return await empires(table, user, command, **options)


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

    # Sail: the ship, then only the directions and distances it can reach.
    [ship] = await suggest(table, first, "sail", "ship")
    assert (ship.name, ship.value) == ("us1: Transport at [7, 5]", "us1")
    directions = await suggest(table, first, "sail", "direction", ship="us1")
    position = await state(table)
    legal = [a for a in GAME.legal_actions(position, position.turn_state.seat)  # type: ignore
             if isinstance(a, A.Sail)]
    form = sail_form({"us1": (7, 5)})
    assert {c.value for c in directions} == {form.read(a, "direction") for a in legal}
    heading = directions[0].value
    distances = await suggest(table, first, "sail", "distance", ship="us1", direction=heading)
    assert {c.value for c in distances} == {
        form.read(a, "distance") for a in legal if form.read(a, "direction") == heading}
    assert all(c.name.split()[0] == c.value for c in distances)
    far = distances[-1]
    turns = await suggest(table, first, "sail", "turn", ship="us1", direction=heading,
                          distance=far.value)
    assert [c.value for c in turns] == ["straight"]  # no Marine Chronometer
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
    all_done = [inter for inter in table.interactions if inter.calls]
    assert all(inter.deferred_first for inter in all_done)


async def test_the_bribe_stays_private(table: Table) -> None:
    await new_game(table)
    for _ in range(2):  # both turns: discard for gold, then end
        user = await actor(table)
        card = (await suggest(table, user, "discard", "card"))[0]
        assert done(await empires(table, user, "discard", card=card.value))
        assert done(await empires(table, user, "end"))
    assert sorted(await acting(table)) == [ALICE, BOB]  # the bribe: both at once, in secret
    position = await state(table)
    gold = position.players[0].gold
    amounts = await suggest(table, ALICE, "bribe", "amount")
    assert [c.value for c in amounts] == [str(n) for n in range(gold + 1)][:25]
    assert amounts[1].name == "Bribe the Pirate with 1 Gold"
    texts = len(table.channel.texts)
    bribe = await empires(table, ALICE, "bribe", amount="2")
    assert done(bribe) and not bribe.public
    assert all("2 Gold" not in t for t in table.channel.texts[texts:])
    assert await suggest(table, ALICE, "bribe", "amount") == []  # answered
    assert await acting(table) == [BOB]
    too_much = await empires(table, BOB, "bribe", amount="99")
    assert too_much.private == [f"You have {position.players[1].gold} Gold; bribe between 0 "
                                "and that."]
    negative = await empires(table, BOB, "bribe", amount="-1")
    assert negative.private == ["A bribe is 0 Gold or more."]
    assert done(await empires(table, BOB, "bribe", amount="0"))
    assert any("Bribes revealed" in t for t in table.channel.texts)


async def test_autocomplete_offers_only_legal_choices(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    # before the card, no sailing, trading or attacking is offered
    assert await suggest(table, first, "sail", "ship") == []
    assert await suggest(table, first, "attack", "target") == []
    assert await suggest(table, first, "trade", "port") == []
    assert await suggest(table, first, "bribe", "amount") == []
    assert await suggest(table, first, "order", "card") == []
    # the other player and an onlooker are offered nothing
    assert await suggest(table, other(first), "play", "card") == []
    assert await suggest(table, CAROL, "discard", "card") == []
    # typing filters by label, any case
    assert [c.value for c in await suggest(table, first, "play", "card", "IRON S")] == \
        ["iron_shipment"]
    assert done(await empires(table, first, "play", card="iron_shipment"))
    # a ship that does not exist, or a direction it cannot take, leaves nothing to offer
    assert await suggest(table, first, "sail", "direction", ship="britain2") == []
    for option in ("direction", "distance"):
        assert len(await suggest(table, first, "sail", option, ship="us1")) <= 25
    inter = table.interaction(first)
    inter.namespace = SimpleNamespace()  # type: ignore[attr-defined]
    assert await table.cog(COG).decide_choice(inter, "") == []  # an ordinary turn


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
        assert inter.deferred_first and not inter.public
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
    texts = {}
    for topic in HELP_TOPICS:
        inter = await table.command(COG, "help", CAROL, topic)
        [text] = inter.private
        assert inter.deferred_first and 0 < len(text) <= 2000
        assert text.startswith(f"**{topic.name}")
        texts[topic.value] = text
    assert "Cost: 1 action and 1 Gold, 1 Wood, 1 Steel; it ends your turn." in texts["buy"]
    assert "You get 3 Gold." in texts["discard"]
    assert "Frigate attack +1, defence 7" in texts["war"]
    assert "Naval Base 10" in texts["scoring"]
    assert "5 actions" in texts["bribe"]


async def test_not_an_empires_channel(table: Table) -> None:
    await table.lobby(ALICE, BOB)  # Harbour Race
    inter = await empires(table, ALICE, "end")
    assert inter.private == ["The game in this channel is not Empires at Sea; use /move for it."]


def test_fleets_and_turns_are_options_of_their_own() -> None:
    attack = EMPIRES_FORMS["attack"]
    alone = A.Attack(ship="us1", target="pirate")
    fleet = A.Attack(ship="us1", fleet=("us3",), target="pirate")
    filled = {"target": "pirate", "ship": "us1"}
    assert choose(attack, [alone, fleet], {**filled, "fleet": "none"}).action == alone
    assert choose(attack, [alone, fleet], {**filled, "fleet": "us3"}).action == fleet
    assert choose(attack, [alone, fleet], filled).undecided == ["fleet"]
    sail = sail_form({"us1": (3, 3)})
    straight = A.Sail(ship="us1", to=(3, 1))
    turning = A.Sail(ship="us1", to=(5, 1), via=(3, 1))
    assert [sail.read(turning, f) for f in ("direction", "distance", "turn")] == \
        ["north", "2", "east-2"]
    wanted = {"ship": "us1", "direction": "north", "distance": "2"}
    assert choose(sail, [straight, turning], {**wanted, "turn": "straight"}).action == straight
    assert choose(sail, [straight, turning], {**wanted, "turn": "east-2"}).action == turning
    assert build("order", {"card": "Broadside", "on": "attack-2"}, CogTable(None)) == \
        A.PlayOrder(card="broadside", die=("attack", 1))


# --- a whole game -----------------------------------------------------------------------------
async def test_a_whole_game_through_the_empires_commands(table: Table) -> None:
    began = time.monotonic()
    await new_game(table, seed=5)
    bot = GAME.bots()["standard"]
    counts: dict[str, int] = {}
    for _step in range(800):
        match = await table.match()
        if match is None:
            break
        user = min(await acting(table))  # at the bribe, both act: one after the other
        choices = await table.service.choices(CHANNEL, user)
        seat = next(s.seat for s in await table.service.storage.seats(match.id)
                    if s.user_id == user)
        assert seat is not None
        _game, view, _names = await table.service.view(match.id, seat)
        assert isinstance(view, EmpiresView)
        actions = [c.action for c in choices if c.action.type != "undo"]
        action = bot.choose(view, actions, Rng.from_seed(match.version))
        inter = await play(table, user, action, choices, counts)
        assert done(inter) and not inter.public, (action, inter.calls)
        if waiting(await table.service.choices(CHANNEL, user)) and \
                not getattr(inter, "via_menu", False):  # the shared menu words its own reply
            assert "A decision is waiting for you: pick it below or use /empires decide." in \
                inter.private[0], inter.private
        after = await table.match()
        assert after is None or after.version == match.version + 1
    else:
        raise AssertionError(f"the game did not end: {counts}")
    assert any("The game is over" in t for t in table.channel.texts), table.channel.texts[-3:]
    for command in ("play", "sail", "bribe", "attack", "pass", "buy", "decide"):
        assert counts.get(command), counts
    assert time.monotonic() - began < 30, counts
