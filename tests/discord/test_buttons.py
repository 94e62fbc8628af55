"""Board buttons: rebuilt from their custom_id alone, stale clicks answered, views private."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.ui.buttons import (
    DYNAMIC_ITEMS,
    BoardButton,
    MovesButton,
    MyViewButton,
    RulesButton,
    board_view,
)
from bot.ui.text import OUT_OF_DATE

from .conftest import ALICE, BOB, CAROL, Table


async def rebuild(table: Table, item: Any, user_id: int = ALICE) -> Any:
    """What discord.py does on a click: match the custom_id, then ``from_custom_id``."""
    cls = type(item)
    match = cls.__discord_ui_compiled_template__.match(item.custom_id)
    assert match is not None
    return await cls.from_custom_id(table.interaction(user_id), item.item, match)


@pytest.mark.parametrize("cls", [MyViewButton, MovesButton, BoardButton, RulesButton])
async def test_custom_ids_round_trip(table: Table, cls: Any) -> None:
    item = cls(123456789012345, 4321)
    assert len(item.custom_id) <= 100
    again = await rebuild(table, item)
    assert type(again) is cls
    assert (again.match_id, again.version, again.custom_id) == (123456789012345, 4321,
                                                                item.custom_id)
    others = [c for c in DYNAMIC_ITEMS if c is not cls]
    assert not any(o.__discord_ui_compiled_template__.match(item.custom_id) for o in others)


def test_board_view_never_times_out() -> None:
    view = board_view(7, 3)
    assert view.timeout is None and view.is_persistent()
    assert [type(i) for i in view.children] == [MyViewButton, MovesButton, BoardButton,
                                                RulesButton]
    assert [type(i) for i in board_view(7, 3, finished=True).children] == [RulesButton]


async def test_registered_with_the_bot(table: Table) -> None:
    stored = table.bot._connection._view_store._dynamic_items  # where discord.py looks on click
    assert set(DYNAMIC_ITEMS) <= set(stored.values())


async def click(table: Table, item: Any, user_id: int) -> Any:
    rebuilt = await rebuild(table, item, user_id)
    inter = table.interaction(user_id)
    await rebuilt.callback(inter)
    assert inter.deferred_first and not inter.public
    return inter


async def test_an_old_board_says_out_of_date(table: Table) -> None:
    await table.lobby(ALICE, BOB)
    match = await table.match()
    assert match is not None
    actor = await table.actor()
    fresh = await click(table, MovesButton(match.id, match.version), actor)
    assert fresh.private[0].startswith(
        "Your moves (play one with /move, or with the command it is listed under):")
    assert "Roll" in fresh.private[0]

    # a move in the middle of the turn posts its line, not a board: the turn's board is still
    # the newest, and its button lists the moves as they are now
    boost = await table.pick(actor, "boost")
    boards = [m for m in table.channel.messages if "file" in m.kwargs]
    await table.move(actor, boost.value)
    assert [m for m in table.channel.messages if "file" in m.kwargs] == boards
    still = await click(table, MovesButton(match.id, match.version), actor)
    assert "Roll the die (+1)" in still.private[0], still.private

    # My view shows the present, whatever the version of the board it hangs under
    mine = await click(table, MyViewButton(match.id, match.version), actor)
    assert "Your hidden card:" in mine.private[0]
    assert "Roll the die (+1)" in mine.private[0]
    assert mine.replies[0].kwargs["file"].filename == "my-view.png"

    # the turn ends: a new board goes out, and the old one's button says so
    await table.move(actor, (await table.pick(actor, "roll")).value)
    assert len([m for m in table.channel.messages if "file" in m.kwargs]) == len(boards) + 1
    stale = await click(table, MovesButton(match.id, match.version), actor)
    assert stale.private == [OUT_OF_DATE]
    stale = await click(table, MovesButton(match.id, match.version), await table.actor())
    assert stale.private == [OUT_OF_DATE]



async def test_moves_button_for_someone_who_may_not_move(table: Table) -> None:
    await table.lobby(ALICE, BOB)
    match = await table.match()
    assert match is not None
    actor = await table.actor()
    other = BOB if actor == ALICE else ALICE
    waiting = await click(table, MovesButton(match.id, match.version), other)
    assert waiting.private == [f"It is {table.users[actor].display_name}'s turn, not yours."]
    watcher = await click(table, MovesButton(match.id, match.version), CAROL)
    assert watcher.private == ["You are not playing in this game; you can watch it."]
    onlooker = await click(table, MyViewButton(match.id, match.version), CAROL)
    assert "You are not playing in this game" in onlooker.private[0]
    assert all("Your hidden card" not in t for t in onlooker.private)


async def test_board_and_rules_buttons(table: Table) -> None:
    await table.lobby(ALICE, BOB)
    match = await table.match()
    assert match is not None
    board = await click(table, BoardButton(match.id, 0), CAROL)
    assert board.private == ["The board now."]
    assert board.replies[0].kwargs["file"].filename.endswith(".png")
    rules = await click(table, RulesButton(match.id, 0), CAROL)
    assert "Harbour Race" in rules.private[0] and "target" in rules.private[0]

    await table.abort(ALICE)
    gone = await click(table, MovesButton(match.id, match.version), ALICE)
    assert gone.private == ["This game was aborted."]


async def test_button_clicks_survive_a_restart(table: Table, settings: Any, storage: Any
                                               ) -> None:
    """A new bot with a new service over the same database answers an old button."""
    from bot.discord_bot import PortolanBot
    from bot.service import MatchService

    await table.lobby(ALICE, BOB)
    match = await table.match()
    assert match is not None
    actor = await table.actor()

    async def factory(notify: Any) -> MatchService:
        return MatchService(storage, settings, notify=notify)

    fresh_bot = PortolanBot(settings, service_factory=factory)
    await fresh_bot.prepare()
    item = MovesButton(match.id, match.version)
    cls = type(item)
    found = cls.__discord_ui_compiled_template__.match(item.custom_id)
    assert found is not None
    inter = table.interaction(actor)
    inter.client = fresh_bot
    rebuilt = await cls.from_custom_id(inter, item.item, found)
    await rebuilt.callback(inter)
    assert inter.private[0].startswith("Your moves")
    assert isinstance(inter.replies[0].kwargs.get("allowed_mentions"), discord.AllowedMentions)


async def test_decide_button_opens_the_clickers_choices_privately(table: Table) -> None:
    from bot.ui.decide import DecideButton, DecideSelect

    await table.lobby(ALICE, BOB)
    match = await table.match()
    assert match is not None
    actor = await table.actor()
    other = BOB if actor == ALICE else ALICE
    item = DecideButton(match.id, match.version)
    assert type(await rebuild(table, item)) is DecideButton
    mine = await click(table, item, actor)
    (menu,) = mine.replies[0].kwargs["view"].children
    assert isinstance(menu, DecideSelect)
    assert any(o.label.startswith("Roll") for o in menu.item.options)
    waiting = await click(table, item, other)
    assert waiting.private == ["Nothing is waiting for you here."]
    boost = await table.pick(actor, "boost")
    await table.move(actor, boost.value)
    # the game moved on, but the actor is still asked: the button opens what is asked now
    later = await click(table, item, actor)
    (menu,) = later.replies[0].kwargs["view"].children
    assert any(o.label.startswith("Roll (+1)") or "+1" in o.label for o in menu.item.options)
    stale = await click(table, item, other)
    assert stale.private == ["That question is out of date: the game has moved on."]
