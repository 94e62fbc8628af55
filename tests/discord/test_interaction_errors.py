"""What Discord answers to the bot's acknowledgement of an interaction, and what the user then
gets: an answer that Discord took though it said otherwise is followed up as usual."""

from __future__ import annotations

import pytest

from bot.ui.buttons import MyViewButton

from .conftest import ALICE, BOB, Table


@pytest.fixture(autouse=True)
def quick_boards(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.draw_placeholder_boards(monkeypatch)


async def test_a_deferral_sent_twice_is_followed_up_once(table: Table) -> None:
    """Discord took the deferral but answered 5xx; discord.py sent it again and got 40060
    (already acknowledged). The user sees "thinking..." and must get the answer."""
    await table.lobby(ALICE, BOB)
    actor = await table.actor()
    version = await table.version()
    roll = await table.pick(actor, "roll")
    cog = table.cog("PlayCog")
    inter = table.interaction(actor)
    inter.response.answered_twice = True
    await type(cog).move.callback(cog, inter, roll.value)  # type: ignore[arg-type]
    assert [kind for kind, _ in inter.calls] == ["defer", "followup"]
    assert inter.private == ["Done."]
    assert await table.version() == version + 1  # played once

    match = await table.match()
    assert match is not None
    clicked = table.interaction(actor)
    clicked.response.answered_twice = True
    await MyViewButton(match.id, match.version).callback(clicked)
    assert clicked.private[0].startswith("You are Alice") or \
        clicked.private[0].startswith("You are Bob"), clicked.calls


async def test_rules_in_several_messages_after_a_deferral_sent_twice(table: Table) -> None:
    cog = table.cog("HelpCog")
    inter = table.interaction(BOB)
    inter.response.answered_twice = True
    await type(cog).rules.callback(cog, inter, "ships")  # type: ignore[arg-type]
    assert inter.calls[0][0] == "defer" and len(inter.replies) > 1
    assert inter.replies[0].text.startswith("**Ships**") and inter.replies[0].ephemeral


async def test_a_board_that_cannot_be_drawn_in_time_is_said_so(
        table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The board workers gave up a drawing (a worker hung; the pool logged it): My view still
    shows the player's hand and moves, and a board asked for says it could not be drawn,
    where both said only 'Something went wrong' and logged a traceback."""
    from bot.painter import WorkTimedOut
    from bot.ui.buttons import NO_VIEW_PICTURE, BoardButton
    from bot.ui.text import NOT_DRAWN

    await table.lobby(ALICE, BOB)
    match = await table.match()
    assert match is not None

    async def hangs(match_id: int, viewer_user: int | None = None) -> bytes:
        raise WorkTimedOut("board work ran for over 30 s")

    monkeypatch.setattr(table.service, "render", hangs)
    caplog.clear()
    mine = table.interaction(ALICE)
    await MyViewButton(match.id, match.version).callback(mine)
    [view] = mine.replies
    assert "Your hidden card:" in view.text and view.text.endswith(NO_VIEW_PICTURE)
    assert "file" not in view.kwargs and view.ephemeral
    board = table.interaction(BOB)
    await BoardButton(match.id, match.version).callback(board)
    assert board.private == [NOT_DRAWN]
    posted = await table.game("board", BOB)
    assert posted.private == [NOT_DRAWN] and not posted.public
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


async def test_a_click_that_came_too_late_does_nothing_and_logs_a_line(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    """A click that reached the bot after Discord's 3 s to acknowledge it (404, Unknown
    interaction): Discord has told the user it failed, so nothing is done (the abort it asked
    for included), and the log has one line, not a traceback."""
    from bot.ui.buttons import AbortButton, MovesButton

    await table.lobby(ALICE, BOB)
    match = await table.match()
    assert match is not None
    caplog.clear()
    for button in (AbortButton(match.id, ALICE), MyViewButton(match.id, match.version),
                   MovesButton(match.id, match.version)):
        late = table.interaction(ALICE, manage_channels=True)
        late.response.too_late = True
        await button.callback(late)  # nothing raised to discord.py
        assert late.calls == []
    assert (await table.match()) is not None  # not aborted
    assert [r.levelname for r in caplog.records if r.name.startswith("bot")] == ["WARNING"] * 3
    assert all("too late to answer" in r.getMessage() for r in caplog.records
               if r.name.startswith("bot"))


async def test_a_slash_command_that_came_too_late_leaves_a_line_not_a_traceback(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    """A slash command that reached the bot after Discord's 3 s (10062): its deferral is
    refused, nothing is done, and discord.py hands the error to the tree, which neither logs
    it again with a traceback nor tries to answer an interaction Discord no longer knows."""
    from discord import app_commands

    from bot.ui.replies import Unanswerable

    late = table.interaction(ALICE)
    late.response.too_late = True
    command = table.slash("game", "status")
    caplog.clear()
    with pytest.raises(Unanswerable) as raised:
        await command.callback(table.cog("GameCog"), late)  # type: ignore[arg-type]
    await table.bot.tree.on_error(late, app_commands.CommandInvokeError(command, raised.value))
    assert late.calls == []
    records = [r for r in caplog.records if r.name.startswith("bot")]
    assert [r.levelname for r in records] == ["WARNING"], records
    assert "too late to answer" in records[0].getMessage()
