"""/ships: the generated command group, every option picked through its autocomplete, against a
real MatchService and the real Ships engine, from /game new to the end of a game.

How typed options become a move is tested on the engine's table in tests/ships/test_commands.py;
here the commands are played as a player plays them on Discord."""

from __future__ import annotations

import time

import pytest

from bot.ui.decide import DecideSelect, decide_from_menu
from engine.core import Action
from engine.ships import actions as A
from engine.ships.state import ShipsState, ShipsView

from .conftest import ALICE, BOB, CAROL, CHANNEL, FakeInteraction, Table
from .test_game_commands import (
    actor,
    done,
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

G = "ships"


@pytest.fixture(autouse=True)
def quick_boards(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)


async def new_game(table: Table, seed: int = 7) -> None:
    await start_game(table, "ships", None, seed)


async def ships(table: Table, user: int, command: str, **options: object) -> FakeInteraction:
    return await table.play(G, command, user, **options)


async def suggest(table: Table, user: int, command: str, option: str, typed: str = "",
                  **filled: object) -> list:  # type: ignore[type-arg]
    return await offered(table, G, command, option, user, typed, **filled)


async def pick(table: Table, user: int, command: str, option: str, start: str,
               **filled: object) -> str:
    """The value of the one suggestion whose name starts with ``start``."""
    found = [c for c in await suggest(table, user, command, option, **filled)
             if c.name.lower().startswith(start.lower())]
    assert len(found) == 1, (start, found)
    return str(found[0].value)


async def state(table: Table) -> ShipsState:
    match = await table.match()
    assert match is not None
    found = await table.service.state_of(match.id)
    assert isinstance(found, ShipsState)
    return found


# --- a few turns, option by option ------------------------------------------------------------
async def test_first_turns_through_the_ships_commands(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    version = await table.version()

    # Place a ship: the first ship goes to Age 1, its cube to Area 2.
    [age] = await suggest(table, first, "place", "age")
    assert (age.name, age.value) == ("Age 1 (the first ship)", "1")
    spaces = await suggest(table, first, "place", "where", age="1", box="merchant")
    names = [c.name for c in spaces]
    assert "Miletus: oil (Area 2)" in names and all("(Area 2)" in n for n in names)
    oil = next(c.value for c in spaces if c.name == "Miletus: oil (Area 2)")
    pays = await suggest(table, first, "place", "pay", age="1", box="merchant", where=oil)
    assert [(c.name, c.value) for c in pays] == [("pay with a merchant cube", "merchant")]
    placed = await ships(table, first, "place", age="1", box="merchant", where=oil,
                         pay="merchant")
    assert done(placed), placed.calls
    assert not placed.public  # the public line is the service's notice, not the command's
    assert await table.version() == version + 1
    assert any("Miletus" in t for t in table.channel.texts)

    # Take a card, paying with the second merchant cube; the card list shows its text.
    cards = await suggest(table, first, "card", "card")
    assert cards and all(":" in c.name for c in cards)
    gold = await pick(table, first, "card", "card", "Gold 2")
    pay = await pick(table, first, "card", "pay", "pay with a merchant cube", card=gold)
    took = await ships(table, first, "card", card=gold, pay=pay)
    assert done(took), took.calls

    # Sell the oil with a free action cube (it costs gold: the list says how much).
    sales = await suggest(table, first, "sell", "goods")
    assert [(c.name, c.value) for c in sales] == [("1 oil for 2 gold", "oil:1")]
    pays = await suggest(table, first, "sell", "pay", goods="oil:1")
    assert [(c.name, c.value) for c in pays] == [("pay with a free action cube + 1 gold",
                                                  "free")]
    sold = await ships(table, first, "sell", goods="oil:1", pay="free")
    assert done(sold), sold.calls
    # the card's two gold paid for the cube; the oil's two fill the bank's two open spaces
    position = await state(table)
    assert position.players[position.active].gold == 2

    # End the turn: the other player is pinged.
    if await legal(table, first):
        assert done(await ships(table, first, "end"))
    second = await actor(table)
    assert second == other(first)
    assert f"<@{second}>" in table.channel.texts[-1]

    # The second player places in Age 1 (the present age), or Age 2 once they can pay for it.
    ages = await suggest(table, second, "place", "age")
    assert [(c.name, c.value) for c in ages] == [("Age 1 (present age)", "1")]
    navigation = await pick(table, second, "navigation", "pay", "pay with a merchant")
    assert done(await ships(table, second, "navigation", pay=navigation))
    ages = await suggest(table, second, "place", "age")
    assert [c.name for c in ages] == ["Age 1 (present age)", "Age 2 (next age): 2 navigation"]
    assert all(inter.deferred_first for inter in table.interactions if inter.calls)


async def test_autocomplete_agrees_with_the_options_filled_in(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    actions = await legal(table, first)
    spaces = await suggest(table, first, "place", "where")
    wanted = {",".join(a.spaces) for a in actions if isinstance(a, A.PlaceShip)}
    assert {c.value for c in spaces} == wanted
    # typing filters by label (any case)
    assert [c.name for c in await suggest(table, first, "place", "where", "MILETUS")] == [
        c.name for c in spaces if "miletus" in c.name.lower()]
    assert await suggest(table, first, "sell", "goods") == []  # nothing to sell yet
    # a value filled in by part of its label narrows the others like its value does
    assert [c.value for c in await suggest(table, first, "card", "pay", card="gold 2")] == \
        [c.value for c in await suggest(table, first, "card", "pay", card="galley_gold_2")]
    # the other player, and an onlooker, are offered nothing
    assert await suggest(table, other(first), "place", "age") == []
    assert await suggest(table, CAROL, "gold", "pay") == []


async def test_autocomplete_offers_nothing_for_options_no_legal_move_has(table: Table) -> None:
    """An option filled in with a value no legal move has (Age 2 before any navigation, the
    warship box without food, a space that does not exist) leaves nothing to offer: the list
    must agree with what is filled in, as the command will (it refuses such a move)."""
    await new_game(table)
    first = await actor(table)
    assert await suggest(table, first, "place", "where", age="1", box="warship") == []
    assert await suggest(table, first, "place", "where", age="2") == []
    assert await suggest(table, first, "place", "pay", where="nowhere.t0") == []


async def test_autocomplete_names_values_for_people(table: Table) -> None:
    """No choice shows a raw id (a space like miletus.t0, a card like galley_gold_2) as its
    name; a plain count may read as itself."""
    await new_game(table, seed=2)
    seen = 0
    for _turn in range(6):
        user = await actor(table)
        for command, option in (("place", "age"), ("place", "where"), ("place", "pay"),
                                ("card", "card"), ("card", "pay"), ("sell", "goods"),
                                ("retrieve", "from"), ("remove", "ship"),
                                ("upgrade", "from")):
            found = await suggest(table, user, command, option)
            seen += len(found)
            assert named_for_people(found) == [], (command, option)
        move = next(a for a in await legal(table, user) if isinstance(a, A.PlaceShip)
                    or a.type == "end_turn")
        choices = await table.service.choices(CHANNEL, user)
        assert done(await play_action(table, G, user, move, choices, {}, {}))
    assert seen > 20


async def test_a_value_may_be_typed_as_any_unambiguous_part_of_its_label(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    version = await table.version()
    placed = await ships(table, first, "place", age="age 1", box="merchant",
                         where="miletus: OIL", pay="MERCHANT CUBE")
    assert done(placed), placed.calls
    assert await table.version() == version + 1
    spaces = (await state(table)).players[0].ships, table.channel.texts[-1]
    assert "Miletus" in spaces[1]
    took = await ships(table, first, "card", card="gold 2", pay="merchant")
    assert done(took), took.calls


async def test_a_choice_left_out_is_asked_for_with_a_menu(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    version = await table.version()
    # "miletus" is part of two boxes' labels: which one is asked, never assumed
    asked = await ships(table, first, "place", where="miletus")
    [text] = asked.private
    assert text == "/ships place: where 'miletus' fits more than one move; pick the whole move " \
        "below."
    fits = [a for a in await legal(table, first) if isinstance(a, A.PlaceShip)
            and a.spaces[0].startswith("miletus")]
    choices = {c.action.key(): c.value for c in await table.service.choices(CHANNEL, first)}
    assert sorted(menu_values(asked)) == sorted(choices[a.key()] for a in fits)
    assert len(fits) == 2
    menu = menu_of(asked)
    assert menu is not None and all("Miletus" in o.label for o in menu.options)
    # nothing filled in at all: the menu offers every placement, and nothing is played
    everything = await ships(table, first, "gold")
    assert "fill in pay" in everything.private[0]
    assert len(menu_values(everything)) == 2
    assert await table.version() == version
    # the menu plays the move picked from it
    picked = await pick_from_menu(table, first, asked, choices[fits[0].key()])
    assert done(picked), picked.calls
    assert await table.version() == version + 1


async def test_a_command_without_a_choice_plays_at_once(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    version = await table.version()
    navigation = await ships(table, first, "navigation")  # one way to pay: no question
    assert done(navigation) and menu_of(navigation) is None, navigation.calls
    ended = await ships(table, first, "end")
    assert done(ended) and menu_of(ended) is None, ended.calls
    assert await table.version() == version + 2
    assert await actor(table) == other(first)


async def test_rejected_commands_change_nothing_and_say_why(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    second = other(first)
    version = await table.version()

    out_of_turn = await ships(table, second, "gold", pay="merchant")
    name = table.users[first].display_name
    assert out_of_turn.private == [f"It is {name}'s turn, not yours."]
    watcher = await ships(table, CAROL, "gold", pay="merchant")
    assert watcher.private == ["You are not playing in this game; you can watch it."]
    too_far = await ships(table, first, "place", age="2", box="merchant",
                          where="miletus.t0", pay="merchant")
    assert too_far.private == ["Your ship can go to Age 1, not Age 2."]
    garbage = await ships(table, first, "place", age="soon", box="merchant",
                          where="miletus.t0", pay="merchant")
    assert garbage.private == ["The age is picked from the list, not 'soon'."]
    unknown = await ships(table, first, "sell", goods="silk:1", pay="merchant")
    assert unknown.private == ["There is no good 'silk'; the goods are food, oil, metal, wine "
                               "and cloth."]
    no_gold = await ships(table, first, "navigation", pay="free")
    assert no_gold.private[0].startswith("That costs 1 gold; you have 0")
    # decide is the decision the game waits for, as in every game: none waits mid-turn
    stale = await ships(table, first, "decide", choice="v99:0")
    assert stale.private == ["No decision is waiting for you: play an action (/ships place, "
                             "/ships sell, ...) or end your turn with /ships end."]
    for inter in (out_of_turn, watcher, too_far, garbage, unknown, no_gold, stale):
        assert inter.deferred_first and not inter.public and menu_of(inter) is None
    assert await table.version() == version

    # A next age the player cannot pay for: the list leaves it out and the command says why.
    place = await pick(table, first, "place", "where", "Miletus: oil", age="1", box="merchant")
    assert done(await ships(table, first, "place", age="1", box="merchant", where=place,
                            pay="merchant"))
    if await legal(table, first):
        assert done(await ships(table, first, "end"))
    assert await actor(table) == second
    assert [c.value for c in await suggest(table, second, "place", "age")] == ["1"]
    version = await table.version()
    where = (await suggest(table, second, "place", "where", age="1", box="merchant"))[0]
    broke = await ships(table, second, "place", age="2", box="merchant", where=where.value,
                        pay="merchant")
    assert broke.private == ["You need 2 navigation counters; you have 0 (and 0 metal to "
                             "exchange)."]
    assert await table.version() == version


async def test_help_explains_each_action_with_its_costs(table: Table) -> None:
    texts = {}
    for entry in ("place", "upgrade", "remove", "card", "gold", "navigation", "sell",
                  "retrieve", "exchanges", "cards"):
        inter = await ships(table, CAROL, "help", topic=entry)
        [texts[entry]] = inter.private
    for command in ("place", "upgrade", "card", "gold", "navigation", "sell"):
        assert "Cost: a merchant cube" in texts[command], command
        assert f"Use `/ships {command}" in texts[command]
    assert "free action cube (oil can buy one) + 2 gold" in texts["place"]
    assert "1 metal → a navigation counter and 2 VP" in texts["exchanges"]
    assert "Pirates" in texts["cards"] and "Merchant 2 (1 gold)" in texts["cards"]
    listing = await ships(table, CAROL, "help", topic="")
    assert listing.private[0].startswith("**/ships**")
    unknown = await ships(table, CAROL, "help", topic="juggling")
    assert unknown.private[0].startswith("There is no help on 'juggling'; ask about one of:")


async def test_not_a_ships_channel(table: Table) -> None:
    await table.lobby(ALICE, BOB)  # Harbour Race
    inter = await ships(table, ALICE, "end")
    assert inter.private == ["The game in this channel is not Ships; use /move for it."]
    leaf = table.slash(G, "end")
    none = table.interaction(ALICE, channel_id=999)
    await leaf.callback(none)  # type: ignore[call-arg]
    assert none.private == ["No game in this channel. Start one with /game new."]


# --- a whole game -----------------------------------------------------------------------------
def progress(view: ShipsView, seat: int, action: Action) -> float:
    """A plain player that pushes the ships up the track, so that a game ends soon: ships into
    the highest age first, then cards, cubes back when short, navigation, sales, gold."""
    me = view.players[seat]
    spent = getattr(action, "wine", 0) + getattr(action, "metal", 0)
    not_merchant = 5 if getattr(action, "pay", "merchant") not in ("merchant", "card") else 0
    if isinstance(action, (A.PlaceShip, A.UpgradeShip)):
        return 100 + action.age * 10 - spent - not_merchant
    if isinstance(action, A.RemoveShip):  # a counter to place again, when the era's are out
        return (95 - action.age if not me.ships.get(view.era) and action.age < 11 else -5) - spent
    if isinstance(action, A.TakeCard):
        return 60 - spent
    if isinstance(action, A.Retrieve):
        return (90 if me.stock_cubes < 2 else 5) - action.source
    if isinstance(action, A.TakeNavigation):
        return 40 - spent - not_merchant
    if isinstance(action, A.SellGoods):
        return 30 + sum(n for _, n in action.goods) - spent
    if isinstance(action, A.TakeGold):
        return 10 - spent
    if isinstance(action, A.EndTurn):
        return 0
    if isinstance(action, A.SkipCard):
        return -1
    return 2  # a decision: the first of its kind


async def test_a_whole_game_through_the_ships_commands(table: Table) -> None:
    began = time.monotonic()
    await new_game(table, seed=2)
    counts: dict[str, int] = {}
    last: dict[int, FakeInteraction] = {}
    said = 0  # moves made for someone, as the channel says
    for _step in range(800):
        match = await table.match()
        if match is None:
            break
        user = await actor(table)
        choices = await table.service.choices(CHANNEL, user)
        seat, view = await seat_and_view(table, user)
        assert isinstance(view, ShipsView)
        actions = [c.action for c in choices if c.action.type != "undo"]
        action = max(actions, key=lambda a: progress(view, seat, a))
        inter = await play_action(table, G, user, action, choices, counts, last)
        assert done(inter) and not inter.public, (action, inter.calls)
        last[user] = inter
        after = await table.match()
        # one version for the move, and one for each move it forced on someone (said so)
        forced = sum(t.count("had no other choice") for t in table.channel.texts) - said
        said += forced
        assert after is None or after.version == match.version + 1 + forced
    else:
        raise AssertionError(f"the game did not end: {counts}")
    assert any("The game is over" in t for t in table.channel.texts), table.channel.texts[-3:]
    assert await table.service.choices(CHANNEL, ALICE) == []
    for command in ("place", "upgrade", "card", "sell", "navigation", "retrieve", "decide"):
        assert counts.get(command), counts
    assert time.monotonic() - began < 30, counts


async def test_a_stale_decide_menu_is_refused(table: Table) -> None:
    await new_game(table)
    first = await actor(table)
    match = await table.match()
    assert match is not None
    old = match.version
    asked = await ships(table, first, "gold")  # a menu of the two ways to pay
    stale = menu_values(asked)[0]
    assert done(await ships(table, first, "gold", pay="merchant"))
    picked = await pick_from_menu(table, first, asked, stale)
    assert "out of date" in picked.private[0]
    inter = table.interaction(first)
    await decide_from_menu(inter, match.id, old, f"v{old}:0")  # type: ignore[arg-type]
    assert "out of date" in inter.private[0]
    assert await table.version() == old + 1
    item = DecideSelect(match.id, old, [])
    assert item.item.custom_id == f"portolan:decide:{match.id}:{old}"


async def test_commands_with_no_move_say_why_and_change_nothing(table: Table) -> None:
    """A command none of whose moves is open says why, in the game's words, never only that
    there is no such move now; a space typed by its name is refused for what stops it, not as
    a space that does not exist. Nothing changes."""
    await new_game(table)
    first = await actor(table)
    second = other(first)
    version = await table.version()
    name = table.users[first].display_name
    answers = {
        "out of turn": (await ships(table, second, "place"), f"It is {name}'s turn, not yours."),
        "nothing to sell": (await ships(table, first, "sell"),
                            "You have no goods in your warehouse to sell."),
        "no ship": (await ships(table, first, "remove"),
                    "You have no ship on the Ship Age track to remove."),
        "no card": (await ships(table, first, "skip"),
                    "You have no card action to give up: that is only for a card you have just "
                    "taken."),
        "not open": (await ships(table, first, "place", age="1", box="merchant",
                                 where="north america: food", pay="merchant"),
                     "Cubes and discs go to Area 2 now, not Area 5 (North America: food)."),
    }
    for case, (inter, said) in answers.items():
        [text] = inter.private
        assert text.splitlines()[0] == said, case
        assert "move now" not in text, case
        assert inter.deferred_first and not inter.public and menu_of(inter) is None
    # a player with no move at all is told only why, not an empty list of moves
    assert answers["out of turn"][0].private == [f"It is {name}'s turn, not yours."]
    assert await table.version() == version
