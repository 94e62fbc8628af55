"""Turn deadlines: one per match, reminders once, gone when the match ends."""

from __future__ import annotations

import pytest

from bot.storage import DeadlineRow, NotFound, Storage, WrongStatus

from .helpers import new_active, new_lobby


async def test_set_replace_and_clear(storage: Storage) -> None:
    match = await new_active(storage)
    assert await storage.deadline(match.id) is None
    await storage.set_deadline(match.id, version=0, seats=[0], due_at=100.0, remind_at=50.0)
    assert await storage.deadline(match.id) == DeadlineRow(match.id, 0, [0], 100.0, 50.0, False)

    await storage.mark_reminded(match.id, 0)
    assert (await storage.deadline(match.id)).reminded is True  # type: ignore[union-attr]

    # A new deadline replaces the old one and needs its own reminder.
    await storage.set_deadline(match.id, version=1, seats=[1, 2], due_at=200.0, remind_at=None)
    assert await storage.deadline(match.id) == DeadlineRow(match.id, 1, [1, 2], 200.0, None, False)

    await storage.clear_deadline(match.id)
    assert await storage.deadline(match.id) is None
    await storage.clear_deadline(match.id)  # nothing to clear is fine


async def test_deadlines_need_an_active_match(storage: Storage) -> None:
    lobby = await new_lobby(storage)
    with pytest.raises(WrongStatus):
        await storage.set_deadline(lobby.id, version=0, seats=[0], due_at=1.0, remind_at=None)
    with pytest.raises(NotFound):
        await storage.set_deadline(404, version=0, seats=[0], due_at=1.0, remind_at=None)


async def test_due_reminders_and_deadlines(storage: Storage) -> None:
    a = await new_active(storage, channel_id=1)
    b = await new_active(storage, channel_id=2)
    c = await new_active(storage, channel_id=3)
    await storage.set_deadline(a.id, version=0, seats=[0], due_at=100.0, remind_at=60.0)
    await storage.set_deadline(b.id, version=0, seats=[1], due_at=90.0, remind_at=None)
    await storage.set_deadline(c.id, version=0, seats=[2], due_at=300.0, remind_at=50.0)

    assert await storage.due_reminders(40.0) == []
    assert [d.match_id for d in await storage.due_reminders(60.0)] == [c.id, a.id]
    await storage.mark_reminded(c.id, 0)
    assert [d.match_id for d in await storage.due_reminders(60.0)] == [a.id]

    # A reminder for an outdated version does not silence the current deadline.
    await storage.set_deadline(a.id, version=1, seats=[1], due_at=160.0, remind_at=120.0)
    await storage.mark_reminded(a.id, 0)
    assert [d.match_id for d in await storage.due_reminders(130.0)] == [a.id]

    assert await storage.due_deadlines(89.0) == []
    assert [d.match_id for d in await storage.due_deadlines(160.0)] == [b.id, a.id]
    assert [d.match_id for d in await storage.due_deadlines(1000.0)] == [b.id, a.id, c.id]


async def test_ending_a_match_removes_its_deadline(storage: Storage) -> None:
    done = await new_active(storage, channel_id=1)
    dropped = await new_active(storage, channel_id=2)
    kept = await new_active(storage, channel_id=3)
    for match in (done, dropped, kept):
        await storage.set_deadline(match.id, version=0, seats=[0], due_at=10.0, remind_at=5.0)
    await storage.finish_match(done.id, end_reason="won", outcome={}, seats=[])
    await storage.abort_match(dropped.id)
    assert [d.match_id for d in await storage.due_deadlines(100.0)] == [kept.id]
    assert [d.match_id for d in await storage.due_reminders(100.0)] == [kept.id]
    with pytest.raises(WrongStatus):
        await storage.set_deadline(done.id, version=0, seats=[0], due_at=1.0, remind_at=None)


async def test_a_claimed_deadline_stays_until_its_effect_is_done(storage: Storage) -> None:
    """A claim pushes the deadline ahead for its holder (no reminder any more); it goes only
    when the holder finishes it. A holder that never does leaves it due again when the claim
    runs out, for anyone; a new clock for the turn replaces the claim."""
    match = await new_active(storage)
    await storage.set_deadline(match.id, version=0, seats=[0], due_at=100.0, remind_at=50.0)
    assert not await storage.claim_deadline(match.id, "turn", 0, now=99.0, until=400.0,
                                            holder="a")  # not due yet
    assert await storage.claim_deadline(match.id, "turn", 0, now=100.0, until=400.0,
                                        holder="a")
    row = await storage.deadline(match.id)
    assert row == DeadlineRow(match.id, 0, [0], 400.0, 50.0, True, held_by="a")
    assert await storage.due_deadlines(399.0) == [] and await storage.due_reminders(399.0) == []
    assert not await storage.claim_deadline(match.id, "turn", 0, now=399.0, until=700.0,
                                            holder="b")
    assert await storage.hold_deadline(match.id, "turn", 0, until=500.0, holder="a")
    assert not await storage.hold_deadline(match.id, "turn", 0, until=900.0, holder="b")
    assert [d.due_at for d in await storage.due_deadlines(500.0)] == [500.0]

    # a ran out: b takes it up, and a can neither keep nor finish it any more
    assert await storage.claim_deadline(match.id, "turn", 0, now=500.0, until=800.0,
                                        holder="b")
    assert not await storage.hold_deadline(match.id, "turn", 0, until=900.0, holder="a")
    assert not await storage.finish_deadline(match.id, "turn", 0, "a")
    assert await storage.finish_deadline(match.id, "turn", 0, "b")
    assert await storage.deadline(match.id) is None

    # a move that starts a new turn writes its clock over a claim
    await storage.set_deadline(match.id, version=0, seats=[0], due_at=100.0, remind_at=None)
    assert await storage.claim_deadline(match.id, "turn", 0, now=100.0, until=400.0,
                                        holder="a")
    await storage.set_deadline(match.id, version=3, seats=[1], due_at=900.0, remind_at=None)
    assert not await storage.finish_deadline(match.id, "turn", 0, "a")
    assert await storage.deadline(match.id) == DeadlineRow(match.id, 3, [1], 900.0, None, False)


async def test_handing_seats_to_a_bot_removes_the_claimed_deadline_at_once(
        storage: Storage) -> None:
    match = await new_active(storage)
    await storage.set_deadline(match.id, version=0, seats=[0, 2], due_at=100.0, remind_at=None)
    assert await storage.claim_deadline(match.id, "turn", 0, now=100.0, until=400.0,
                                        holder="a")
    assert not await storage.hand_seats_to_bot(match.id, [0, 2], "standard", kind="turn",
                                               version=0, holder="b")  # not b's
    assert not any(s.bot for s in await storage.seats(match.id))
    with pytest.raises(NotFound):  # no seat 7: nothing is changed, the claim stays
        await storage.hand_seats_to_bot(match.id, [0, 7], "standard", kind="turn",
                                        version=0, holder="a")
    assert not any(s.bot for s in await storage.seats(match.id))
    assert (await storage.deadline(match.id)).held_by == "a"  # type: ignore[union-attr]
    assert await storage.hand_seats_to_bot(match.id, [0, 2], "standard", kind="turn",
                                           version=0, holder="a")
    assert [s.bot for s in await storage.seats(match.id)] == ["standard", None, "standard"]
    assert await storage.deadline(match.id) is None


async def test_a_claimed_reminder_is_due_again_until_it_is_marked_sent(
        storage: Storage) -> None:
    match = await new_active(storage)
    await storage.set_deadline(match.id, version=0, seats=[0], due_at=1000.0, remind_at=50.0)
    assert not await storage.claim_reminder(match.id, "turn", 0, now=49.0, until=350.0)
    assert not await storage.claim_reminder(match.id, "turn", 1, now=50.0, until=350.0)
    assert await storage.claim_reminder(match.id, "turn", 0, now=50.0, until=350.0)
    assert not await storage.claim_reminder(match.id, "turn", 0, now=60.0, until=360.0)
    assert await storage.due_reminders(349.0) == []
    assert [d.match_id for d in await storage.due_reminders(350.0)] == [match.id]
    assert await storage.claim_reminder(match.id, "turn", 0, now=350.0, until=650.0)
    assert await storage.mark_reminded(match.id, 0)
    assert await storage.due_reminders(1000.0) == []
    assert not await storage.claim_reminder(match.id, "turn", 0, now=1000.0, until=1300.0)


async def test_a_missed_deadline_is_marked_told_once_and_a_new_clock_starts_untold(
        storage: Storage) -> None:
    """The holder of a claim marks its deadline told once the channel was told of the miss;
    the mark outlives the claim running out and being taken up again (a late turn run again
    after a crash), so it is told once. Another holder cannot mark it; a new clock is a new
    deadline, not told yet."""
    match = await new_active(storage)
    await storage.set_deadline(match.id, version=0, seats=[0], due_at=100.0, remind_at=None)
    assert (await storage.deadline(match.id)).told is False  # type: ignore[union-attr]
    assert not await storage.mark_told(match.id, "turn", 0, "a")  # not claimed yet
    assert await storage.claim_deadline(match.id, "turn", 0, now=100.0, until=400.0,
                                        holder="a")
    assert not await storage.mark_told(match.id, "turn", 0, "b")  # not b's claim
    assert not await storage.mark_told(match.id, "turn", 1, "a")  # not that deadline
    assert await storage.mark_told(match.id, "turn", 0, "a")
    # a ran out (its process died): b takes it up, and finds it told
    assert await storage.claim_deadline(match.id, "turn", 0, now=400.0, until=700.0,
                                        holder="b")
    row = await storage.deadline(match.id)
    assert row is not None and row.told is True and row.held_by == "b"
    # a new clock (the next turn, new settings) is a deadline of its own
    await storage.set_deadline(match.id, version=0, seats=[0], due_at=900.0, remind_at=None)
    assert (await storage.deadline(match.id)).told is False  # type: ignore[union-attr]


async def test_a_claim_reads_told_as_it_claims(storage: Storage) -> None:
    """What a claim finds (``told`` among it) is read in the claim's own transaction, so a
    mark made by an earlier claim after the deadline was read is seen."""
    match = await new_active(storage)
    await storage.set_deadline(match.id, version=0, seats=[0], due_at=100.0, remind_at=None)
    first = await storage.claim_deadline(match.id, "turn", 0, now=100.0, until=400.0,
                                         holder="a")
    assert first is not None and not first.told and first.held_by == "a"
    assert first.due_at == 400.0
    assert await storage.mark_told(match.id, "turn", 0, "a")
    again = await storage.claim_deadline(match.id, "turn", 0, now=400.0, until=700.0,
                                         holder="b")
    assert again is not None and again.told and again.held_by == "b"
    assert await storage.claim_deadline(match.id, "turn", 0, now=500.0, until=800.0,
                                        holder="c") is None  # b holds it
