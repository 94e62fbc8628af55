"""Faults, each against the real bot process and the fake Discord: a SIGKILL mid-game, double
clicks, closed DMs, a 429, a dropped gateway, and the 3-second acknowledgement."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.e2e import store
from tests.e2e.conftest import ANNA, BEN, TABLE, USERS, gone
from tests.e2e.table import DONE, check_pings, movers, play, public, settle
from tests.e2e.test_games import open_game
from tests.fakediscord import BotProcess, FakeDiscord, Person
from tests.fakediscord.server import Interaction

OUT_OF_DATE = ("out of date", "moved first", "not your turn", "no move to make",
               "already done")


def refused_as_stale(text: str) -> bool:
    return any(phrase in text.lower() for phrase in OUT_OF_DATE)


async def test_sigkill_loses_no_acknowledged_action_and_old_buttons_still_answer(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    await open_game(fake, anna, [ben], "ships", seed=21)
    first_board = fake.boards(TABLE)[0]
    played = await play(fake, [anna, ben], actions=10, seed=1, channel=TABLE)
    person, choices = (await movers([anna, ben]))[0]
    last = await person.slash("move", action=choices[0]["value"])
    assert last.text.startswith(DONE)
    workers = bot.children()
    assert workers, "boards are drawn in worker processes"
    await bot.kill()  # between moves: "Done." comes after the board (the window between a
    # commit and its announcement has its own test below)
    await gone(workers)  # the board workers do not outlive the bot
    acknowledged = len(played.moves) + 1
    assert store.actions(bot.db, TABLE) == acknowledged == store.version(bot.db, TABLE)

    await bot.start()
    assert fake.identifies == 2
    assert store.version(bot.db, TABLE) == acknowledged
    for label in ("Legal moves", "My view", "Current board"):
        old = await person.click(first_board, label)
        assert old.ephemeral and old.text
    status = await people["sam"].slash("game status")
    assert f"move {acknowledged}" in status.text
    more = await play(fake, [anna, ben], actions=4, seed=2, channel=TABLE)
    assert len(more.moves) == 4
    assert store.version(bot.db, TABLE) == acknowledged + 4


async def test_a_deadline_that_passed_while_the_bot_was_down_is_applied_once(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    await open_game(fake, anna, [ben], "ships", seed=22)
    saved = await anna.slash("game settings", turn_hours=0.001, policy="bot")  # 3.6 s
    assert "Saved" in saved.text
    await bot.kill()
    before = store.version(bot.db, TABLE)
    await asyncio.sleep(4.0)
    await bot.start()
    await fake.wait_for(lambda: any("missed the deadline" in m.content
                                    for m in public(fake, TABLE)), what="the late turn played")
    await anna.slash("game settings", turn_hours=0.0)  # no second deadline while we look
    await fake.wait_for(lambda: store.version(bot.db, TABLE) > before, what="the bot's moves")
    await settle(fake, TABLE)
    late = [m for m in public(fake, TABLE) if "missed the deadline" in m.content]
    assert len(late) == 1
    assert not any(m.content.startswith("Reminder") for m in public(fake, TABLE))


async def test_double_clicks_apply_exactly_one_action(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben, clara = people["anna"], people["ben"], people["clara"]
    await open_game(fake, anna, [ben, clara], "empires", seed=9)

    def asked() -> list[object]:
        return [m for m in public(fake, TABLE) if any(
            c.startswith("portolan:decidebtn") for c in m.custom_ids)]
    await play(fake, [anna, ben, clara], actions=100, seed=9, channel=TABLE, until=asked)
    question = public(fake, TABLE)[-1]
    who = next(p for p in (anna, ben, clara) if p.id in question.pinged())
    # one user, the same menu item twice at once
    menu = (await who.click(question, "Decide")).replies[-1]
    value = menu.components[0]["components"][0]["options"][0]["value"]
    before = store.version(bot.db, TABLE)
    first, second = await asyncio.gather(who.choose(menu, value), who.choose(menu, value))
    # both were in the bot's hands at once: each deferred before either was answered
    acked = max(first.interaction.acked or 0, second.interaction.acked or 0)
    answered = min(m.filled or m.created for m in (*first.replies, *second.replies))
    assert acked < answered
    texts = sorted([first.text, second.text])
    assert sum(t.startswith(DONE) for t in texts) == 1, texts
    assert any(refused_as_stale(t) for t in texts), texts
    await settle(fake, TABLE)
    assert store.version(bot.db, TABLE) == before + 1
    # two users, the same public button at once: it only opens each one's own choices
    board = fake.boards(TABLE)[-1]
    others = [p for p in (anna, ben, clara) if p is not who][:2]
    clicks = await asyncio.gather(*(p.click(board, "Legal moves") for p in others))
    assert all(c.ephemeral for c in clicks)
    assert store.version(bot.db, TABLE) == before + 1
    # two users sending the same move value at once: only the player to move acts
    mover, choices = (await movers([anna, ben, clara]))[0]
    other = next(p for p in (anna, ben, clara) if p is not mover)
    pair = await asyncio.gather(mover.slash("move", action=choices[0]["value"]),
                                other.slash("move", action=choices[0]["value"]),
                                mover.slash("move", action=choices[0]["value"]))
    assert sum(r.text.startswith(DONE) for r in pair) == 1, [r.text for r in pair]
    await settle(fake, TABLE)
    assert store.version(bot.db, TABLE) == before + 2


async def test_closed_dms_do_not_stop_the_game(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben, clara = people["anna"], people["ben"], people["clara"]
    fake.closed_dms.update({anna.id, ben.id, clara.id})
    await open_game(fake, anna, [ben, clara], "empires", seed=9)

    def refused() -> bool:
        return any(status == 403 for method, path, status in fake.requests
                   if path.endswith("/messages"))
    played = await play(fake, [anna, ben, clara], actions=300, seed=9, channel=TABLE,
                        until=refused)
    assert refused(), "no DM was tried"
    more = await play(fake, [anna, ben, clara], actions=5, seed=4, channel=TABLE)
    assert len(more.moves) == 5 and len(played.moves) > 0
    notes = [m for m in public(fake, TABLE) if "can't DM you" in m.content]
    assert 1 <= len(notes) <= 3  # once per player and game, never the private text
    assert all("You draw" not in m.content for m in public(fake, TABLE))


async def test_a_429_on_a_board_post_is_waited_out_and_sent_once(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    await open_game(fake, anna, [ben], "ships", seed=23)
    boards = len(fake.boards(TABLE))
    fake.rate_limit_next("POST", rf"^/channels/{TABLE}/messages$", retry_after=1.5)
    started = time.monotonic()
    await play(fake, [anna, ben], actions=30, seed=5, channel=TABLE,
               until=lambda: len(fake.boards(TABLE)) > boards)
    limited = [r for r in fake.requests if r[2] == 429]
    assert len(limited) - len(fake.rate_limited) == 1  # ours, besides any the buckets gave
    assert time.monotonic() - started >= 1.5
    posted = fake.boards(TABLE)
    names = [m.attachments[0].filename for m in posted]
    assert len(names) == len(set(names)), "a board was posted twice"
    assert len(posted) == boards + 1


async def test_a_dropped_gateway_is_resumed_and_play_goes_on(
        fake: FakeDiscord, bot: BotProcess, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    await open_game(fake, anna, [ben], "ships", seed=24)
    await play(fake, [anna, ben], actions=3, seed=6, channel=TABLE)
    await fake.drop_gateway()
    # sent while the socket is down: Discord keeps it and replays it on RESUME
    status = await people["sam"].slash("game status")
    assert fake.resumes == 1 and fake.identifies == 1  # resumed, not a new session
    assert status.ephemeral and "Ships" in status.text and status.ack_ms < 3000
    played = await play(fake, [anna, ben], actions=5, seed=7, channel=TABLE)
    assert len(played.moves) == 5


def slow_bot(fake: FakeDiscord, workdir: Path, seconds: float) -> BotProcess:
    """The bot with boards that take ``seconds`` of CPU to draw, in a thread of its own
    process (no workers): the worst case for everything else it does meanwhile."""
    return BotProcess(fake, workdir, argv=("-m", "tests.e2e.slow_render_bot"),
                      env={"PORTOLAN_TEST_RENDER_SECONDS": str(seconds),
                           "PORTOLAN_RENDER_WORKERS": "0"})


async def move_caught_drawing(fake: FakeDiscord, players: list[Person]) -> Interaction:
    """Sends moves until one is still unanswered 0.8 s later: its turn ended and its board is
    being drawn (the reply comes after the board is posted). Returns that interaction."""
    for _ in range(60):
        person, choices = (await movers(players))[0]
        data = person.command_data("move", {"action": choices[0]["value"]})
        record = await fake.send_interaction(person.id, TABLE, 2, data)
        await asyncio.sleep(0.8)
        if not record.done:
            return record
        await settle(fake, TABLE)
    raise AssertionError("no move ended a turn")


async def test_sigkill_between_commit_and_announcement_is_posted_at_the_next_start(
        fake: FakeDiscord, tmp_path: Path, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    slow = slow_bot(fake, tmp_path / "bot", 2.0)
    await slow.start()
    try:
        await open_game(fake, anna, [ben], "ships", seed=26)
        await move_caught_drawing(fake, [anna, ben])
        committed = store.version(slow.db, TABLE)
        posted = len(fake.boards(TABLE))
        await slow.kill()  # the move is committed; its board, ping and reply never left
    finally:
        await slow.kill()
    assert len(fake.boards(TABLE)) == posted
    again = BotProcess(fake, tmp_path / "bot")
    await again.start()
    try:
        board = await fake.wait_for(lambda: [m for m in fake.boards(TABLE)[posted:]
                                             if "restarted before" in m.content],
                                    what="the lost announcement")
        assert board[0].attachments[0].filename.endswith(f"-{committed}.png")
        assert board[0].pinged() & {anna.id, ben.id}
        await settle(fake, TABLE)
        assert len(fake.boards(TABLE)) == posted + 1  # once
        more = await play(fake, [anna, ben], actions=3, seed=8, channel=TABLE)
        assert len(more.moves) == 3
    finally:
        await again.stop()
    assert "Traceback" not in again.log()


async def test_sigterm_in_the_middle_of_a_move_finishes_and_announces_it(
        fake: FakeDiscord, tmp_path: Path, people: dict[str, Person]) -> None:
    anna, ben = people["anna"], people["ben"]
    slow = slow_bot(fake, tmp_path / "bot", 2.0)
    await slow.start()
    await open_game(fake, anna, [ben], "ships", seed=27)
    record = await move_caught_drawing(fake, [anna, ben])
    committed = store.version(slow.db, TABLE)
    await slow.stop()  # SIGTERM while the board is being drawn
    assert slow.returncode == 0
    log = slow.log()
    assert "Portolan has stopped cleanly" in log and "Traceback" not in log, log[-3000:]
    assert record.done and record.replies[0].content.startswith(DONE)
    assert fake.boards(TABLE)[-1].attachments[0].filename.endswith(f"-{committed}.png")


async def test_acknowledged_within_three_seconds_while_a_slow_render_runs(
        fake: FakeDiscord, tmp_path: Path, people: dict[str, Person]) -> None:
    slow = BotProcess(fake, tmp_path / "slow", argv=("-m", "tests.e2e.slow_render_bot"),
                      env={"PORTOLAN_TEST_RENDER_SECONDS": "4",  # over the 3 s window
                           "PORTOLAN_RENDER_WORKERS": "0"})  # the worst case: in-process
    await slow.start()
    try:
        anna, ben = people["anna"], people["ben"]
        await open_game(fake, anna, [ben], "ships", seed=25)  # waits for one slow board
        person, _ = (await movers([anna, ben]))[0]
        board = fake.boards(TABLE)[-1]
        render = asyncio.ensure_future(person.click(board, "Current board", timeout=60))
        await asyncio.sleep(0.3)  # the slow render is under way now
        quick = await asyncio.gather(
            people["sam"].slash("game status"), ben.click(board, "Legal moves"),
            anna.slash("help"), anna.autocomplete("move", "action"),
            ben.slash("rules", game="ships"))
        rendered = await render
        assert rendered.replies[-1].attachments
        assert all(q.ack_ms < 1000 for q in quick[:3]), [q.ack_ms for q in quick[:3]]
        acks = [i.ack_ms for i in fake.interactions.values() if i.ack_ms is not None]
        print(f"acks: n={len(acks)} max={max(acks):.0f} ms")
        assert max(acks) < 3000, sorted(acks)[-5:]
        assert len(quick) == 5
    finally:
        await slow.stop()


async def test_discords_rate_limits_slow_the_posts_but_lose_and_reorder_nothing(
        tmp_path: Path) -> None:
    """With Discord's usual limits on (5 posts per 5 s in a channel, 50 requests a second),
    a game played as fast as the bot answers: every post arrives once, in commit order."""
    fake = FakeDiscord(users=USERS, channels=(TABLE,), rate_limits=True)
    await fake.start()
    # every action posted at once (not gathered into its turn's message): the most posts
    bot = BotProcess(fake, tmp_path / "bot", env={"PORTOLAN_TURN_BATCH_SECONDS": "0"})
    try:
        await bot.start()
        anna, ben = Person(fake, ANNA, TABLE), Person(fake, BEN, TABLE)
        await open_game(fake, anna, [ben], "ships", seed=28)
        played = await play(fake, [anna, ben], actions=11, seed=9, channel=TABLE)
        assert len(played.moves) == 11  # enough for 14 posts: more than 5 in 5 s, twice
        await fake.wait_for(lambda: len(public(fake, TABLE)) >= 11 + 3, 60,
                            "every move's post")
        await settle(fake, TABLE, quiet=1.5)
    finally:
        await bot.stop()
        await fake.stop()
    assert fake.problems == []
    versions = [int(m.attachments[0].filename.rsplit("-", 1)[1].split(".")[0])
                for m in fake.boards(TABLE)]
    assert versions == sorted(set(versions)), versions  # once each, in order
    posted = [m.created for m in public(fake, TABLE) if m.interaction_id is None]
    window = [b - a for a, b in zip(posted, posted[5:], strict=False)]
    assert all(w >= 4.9 for w in window), "more than 5 posts in 5 s got through"
    check_pings(fake, TABLE, played)
