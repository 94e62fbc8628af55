"""Ratings kept game by game in the transaction that finishes each game, on both backends:
who is rated, and a rebuild from the stored results equal to what was kept."""

from __future__ import annotations

import pytest

from bot import ratings
from bot.storage import Storage
from bot.storage.ratings_check import check_ratings
from tests.pg import Backend

from .helpers import FakeClock, new_active


async def finish(store: Storage, channel: int, ranks: list[int],
                 seats: list[dict[str, object]]) -> int:
    match = await new_active(store, channel_id=channel, players=len(ranks))
    await store.finish_match(match.id, end_reason="score",
                             outcome={"scores": [10.0 - r for r in ranks], "ranks": ranks},
                             seats=seats)
    return match.id


def seat(n: int, user: int | None = None, bot: str | None = None,
         left: int | None = None) -> dict[str, object]:
    return {"seat": n, "user_id": user, "name": f"p{n}", "bot": bot, "left_user_id": left}


async def test_each_finish_rates_its_players_and_a_rebuild_gives_the_same(
        storage: Storage, clock: FakeClock) -> None:
    games = [
        ([1, 2], [seat(0, 1), seat(1, 2)]),
        ([2, 1, 3], [seat(0, 1), seat(1, 2), seat(2, bot="strong")]),
        ([1, 1, 3], [seat(0, 2), seat(1, 3), seat(2, 1)]),  # a shared first place
        ([1, 2, 3], [seat(0, 3), seat(1, bot="easy", left=1), seat(2, 2)]),  # 1 left
        ([1, 2], [seat(0, bot="strong"), seat(1, bot="strong")]),  # one bot: nobody to rate
    ]
    for n, (ranks, seats) in enumerate(games):
        await finish(storage, 100 + n, ranks, seats)
        clock.advance(60)
    kept = await storage.all_ratings()
    book = kept[(7, "ships")]
    assert set(book) == {"u1", "u2", "u3", "bot:strong"}
    assert book["u1"].games == 4 and book["u1"].places == (1, 2, 3, 3)
    assert book["u2"].wins == 0.5 + 1 + 0.0 and book["u2"].places == (2, 1, 1, 2)
    assert book["bot:strong"].games == 1  # the all-bot game changed nothing
    # the easy bot that finished for the person who left is not rated for that game
    assert "bot:easy" not in book
    assert book["u3"].best_match is not None

    count = await storage.rebuild_ratings()
    assert count == 4
    assert await storage.all_ratings() == kept  # exactly: every float as it was kept


async def test_servers_and_games_are_rated_apart(storage: Storage) -> None:
    await finish(storage, 100, [1, 2], [seat(0, 1), seat(1, 2)])
    assert await storage.ratings(8, "ships") == []
    assert await storage.ratings(7, "empires") == []
    [one, two] = await storage.ratings(7, "ships")
    assert (one.player, two.player) == ("u1", "u2") and one.mu > two.mu


async def test_leaving_a_game_ranks_below_everyone_who_played_on() -> None:
    result = {"match_id": 1, "outcome": {"ranks": [3, 1, 2]},
              "seats": [seat(0, 5), seat(1, bot="strong", left=6), seat(2, 7)]}
    # the seat that left was first when the bot finished it: the person is still last
    assert sorted(ratings.rated_places(result)) == [("u5", 2), ("u6", 3), ("u7", 1)]


async def test_the_command_finds_a_lost_update_and_rebuilds(
        backend: Backend, capsys: pytest.CaptureFixture[str]) -> None:
    store = await Storage.open(backend.target)
    try:
        await finish(store, 100, [1, 2], [seat(0, 1), seat(1, 2)])
        await finish(store, 101, [2, 1], [seat(0, 1), seat(1, 2)])
    finally:
        await store.close()
    assert await check_ratings(backend.target) == 0
    assert "2 ratings" in capsys.readouterr().out
    store = await Storage.open(backend.target)
    try:  # as if an update had been lost: u1 back to a newcomer
        async with store._write() as db:
            await store._put_rating(db, 7, "ships", ratings.Rating("u1"), 0.0)
    finally:
        await store.close()
    assert await check_ratings(backend.target) == 1
    assert "1 of 2 ratings" in capsys.readouterr().out
    assert await check_ratings(backend.target, rebuild=True) == 0
    assert await check_ratings(backend.target) == 0
