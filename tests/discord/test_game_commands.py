"""The games' generated slash command groups, driven the way a player drives them: every option
picked from its autocomplete (or its fixed choices), a choice left open asked for with a menu.

The helpers here are shared by the per-game files (test_ships_commands.py, ...); the tests here
are the promises every group keeps alike."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import commands as shared
from bot.service import Choice
from bot.ui.decide import decide_from_menu
from engine.core import Action, View
from engine.core.commands import Command, Option, waiting

from .conftest import ALICE, BOB, CAROL, CHANNEL, FakeInteraction, Table

GAMES = {"ships": "Ships", "trader": "Ocean Trader", "empires": "Empires at Sea"}
NEW_GAME = {"ships": ("ships", None), "trader": ("ocean_trader", "variant=short turns=3"),
            "empires": ("empires", None)}


@pytest.fixture(autouse=True)
def quick_boards(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards are drawn by render/ and tested there; a placeholder keeps games quick."""
    table.draw_placeholder_boards(monkeypatch)


# --- shared helpers ---------------------------------------------------------------------------
def group_of(name: str) -> shared.Group:
    return shared.groups()[name]


async def new_game(table: Table, game: str, options: str | None = None, seed: int = 7) -> None:
    await table.game("new", ALICE, game, options, seed)
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


async def seat_view(table: Table, user: int) -> View:
    return (await seat_and_view(table, user))[1]


async def seat_and_view(table: Table, user: int) -> tuple[int, View]:
    match = await table.match()
    assert match is not None
    seat = next(s.seat for s in await table.service.storage.seats(match.id)
                if s.user_id == user)
    assert seat is not None
    _game, view, _names = await table.service.view(match.id, seat)
    return seat, view


async def legal(table: Table, user: int) -> list[Action]:
    return [c.action for c in await table.service.choices(CHANNEL, user)
            if c.action.type != "undo"]


def menu_of(inter: FakeInteraction) -> discord.ui.Select[Any] | None:
    """The select menu under the user's last reply, if it carries one."""
    for sent in reversed(inter.replies):
        view = sent.kwargs.get("view")
        if view is None:
            continue
        for child in view.children:
            item = getattr(child, "item", child)  # a DynamicItem wraps its Select
            if isinstance(item, discord.ui.Select):
                return item
    return None


def menu_values(inter: FakeInteraction) -> list[str]:
    menu = menu_of(inter)
    assert menu is not None, inter.calls
    return [o.value for o in menu.options]


async def pick_from_menu(table: Table, user: int, asked: FakeInteraction, value: str
                         ) -> FakeInteraction:
    """Picks ``value`` in the menu a reply carried, as Discord sends the pick."""
    menu = menu_of(asked)
    assert menu is not None and value in [o.value for o in menu.options], (value, asked.calls)
    found = re.fullmatch(r"portolan:decide:(\d+):(\d+)", menu.custom_id or "")
    assert found, menu.custom_id
    inter = table.interaction(user)
    await decide_from_menu(inter, int(found[1]), int(found[2]), value)  # type: ignore[arg-type]
    return inter


async def decide_offered(table: Table, group: str, user: int, typed: str = ""
                         ) -> list[discord.app_commands.Choice[str]]:
    """The autocomplete list of ``/<group> decide choice``."""
    leaf = table.slash(group, "decide")
    param = leaf._params["choice"]
    assert param.autocomplete is not None
    inter = table.interaction(user)
    inter.namespace = SimpleNamespace()  # type: ignore[attr-defined]
    offered: list[discord.app_commands.Choice[str]] = await param.autocomplete(inter, typed)
    assert len(offered) <= 25 and all(len(c.name) <= 100 for c in offered)
    return offered


async def offered(table: Table, group: str, command: str, option: str, user: int,
                  typed: str = "", **filled: Any) -> list[discord.app_commands.Choice[Any]]:
    """The autocomplete list of one option (see ``Table.offered``)."""
    return await table.offered(group, command, option, user, typed, **filled)


def has_autocomplete(table: Table, group: str, command: str, option: str) -> bool:
    leaf = table.slash(group, command)
    return next(p for p in leaf.parameters if p.display_name == option).autocomplete is not None


async def typed_options(table: Table, group: str, user: int, command: Command[Any, Any],
                        action: Action, view: View) -> dict[str, Any]:
    """The options (Discord names) a player fills in for ``action``: each text value picked from
    the autocomplete list (typed when it is not among the first offered), fixed values from the
    fixed choices, numbers and yes/no as Discord sends them; what an option means when left out
    is left out."""
    options: dict[str, Any] = {}
    for option in command.options:
        value = option.value(action, view)
        if value is None:
            continue
        if option.fixed:
            assert value in dict(option.fixed), (command.name, option.name, value)
        elif option.kind == "text":
            assert has_autocomplete(table, group, command.name, option.name)
            listed = await offered(table, group, command.name, option.name, user, **options)
            if value not in [c.value for c in listed]:
                listed = await offered(table, group, command.name, option.name, user,
                                       typed=value, **options)
            assert value in [c.value for c in listed], (command.name, option.name, value,
                                                        listed)
        if value == option.default:
            continue
        options[option.name] = discord_value(option, value)
    return options


def discord_value(option: Option[Any, Any], value: str) -> Any:
    if option.kind == "whole":
        return int(value)
    if option.kind == "yes_no":
        return value == "yes"
    return value


async def play_action(table: Table, group: str, user: int, action: Action,
                      choices: list[Choice], counts: dict[str, int],
                      last: dict[int, FakeInteraction]) -> FakeInteraction:
    """Plays ``action`` through the commands alone: its own command with every option picked as
    a player picks it, or, for a decision the game waits for, alternately ``/<group> decide``
    (its value picked from the decide list) and the menu under the user's last answer."""
    table_ = group_of(group).table
    actions = [c.action for c in choices]
    command = table_.command_of(action)
    deciding = bool(waiting(table_, actions))
    if deciding:
        counts["decision"] = counts.get("decision", 0) + 1
    if command is None or (deciding and counts["decision"] % 3 == 0):
        value = next(c.value for c in choices if c.action.key() == action.key())
        label = next(c.label for c in choices if c.value == value)
        previous = last.get(user)
        if previous is not None and menu_of(previous) is not None and \
                value in menu_values(previous) and counts.get("decide", 0) % 2:
            counts["menu"] = counts.get("menu", 0) + 1
            counts["decide"] = counts.get("decide", 0) + 1
            return await pick_from_menu(table, user, previous, value)
        offered = await decide_offered(table, group, user, label.upper())
        assert value in [c.value for c in offered], (label, offered)
        counts["decide"] = counts.get("decide", 0) + 1
        return await table.play(group, "decide", user, choice=value)
    counts[command.name] = counts.get(command.name, 0) + 1
    view = await seat_view(table, user)
    options = await typed_options(table, group, user, command, action, view)
    return await table.play(group, command.name, user, **options)


LOOKS_LIKE_ID = re.compile(r"[._]|^\d+$")


def named_for_people(offered: list[discord.app_commands.Choice[Any]],
                     counts: tuple[str, ...] = ()) -> list[tuple[str, Any]]:
    """The choices whose name is their raw value though the value looks like an id (has '.',
    '_' or is digits; ``counts`` are plain counts, which read fine as they are)."""
    return [(c.name, c.value) for c in offered
            if str(c.value) == c.name and LOOKS_LIKE_ID.search(str(c.value))
            and str(c.value) not in counts]


# --- what every group promises ----------------------------------------------------------------
@pytest.mark.parametrize("group", sorted(GAMES))
async def test_another_games_channel_is_pointed_to_move(table: Table, group: str) -> None:
    await table.lobby(ALICE, BOB)  # Harbour Race
    inter = await table.play(group, "end", ALICE)
    assert inter.private == [f"The game in this channel is not {GAMES[group]}; use /move "
                             "for it."]
    assert await offered(table, group, *{"ships": ("gold", "pay"), "trader": ("buy", "goods"),
                                        "empires": ("play", "card")}[group], ALICE) == []


@pytest.mark.parametrize("group", sorted(GAMES))
async def test_unknown_options_are_answered_with_the_valid_ones(table: Table, group: str
                                                                ) -> None:
    game, options = NEW_GAME[group]
    await new_game(table, game, options)
    user = await actor(table)
    version = await table.version()
    command = {"ships": "gold", "trader": "buy", "empires": "play"}[group]
    found = await shared.run(table.service, group_of(group), command, CHANNEL, user,
                             {"colour": "red"})
    valid = ", ".join(o.name for o in group_of(group).table.command(command).options)
    assert found.text.startswith(f"/{group} {command} has no option ")
    assert "colour" in found.text and found.text.endswith(f"; its options: {valid}.")
    assert not found.changed and not found.menu
    assert await table.version() == version


@pytest.mark.parametrize("group", sorted(GAMES))
async def test_help_lists_every_topic_and_each_fits_a_message(table: Table, group: str
                                                              ) -> None:
    topics = group_of(group).table.help
    for entry in topics:
        inter = await table.play(group, "help", CAROL, topic=entry.topic)
        [text] = inter.private
        assert inter.deferred_first and 0 < len(text) <= 2000
        assert text.startswith(f"**{entry.title}**")
        if entry.command is not None:
            assert f"Use `/{group} {entry.command}" in text
    commands = {c.name for c in group_of(group).table.commands}
    assert commands <= {e.command for e in topics}
