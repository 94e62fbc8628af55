"""Read-only questions the Discord adapter asks about a match.

They only read; every change goes through the service.
"""

from __future__ import annotations

from bot.notices import name_seats
from bot.service import MatchService
from bot.storage import MatchRow
from engine.core import seat_ref

NOT_STARTED = "The game has not started yet; the host starts it with /game start."
NOT_PLAYING = "You are not playing in this game; you can watch it."


async def open_match(service: MatchService, channel_id: int) -> MatchRow | None:
    """The match in the lobby or in play in this channel, if any."""
    return await service.current(channel_id)


async def match_row(service: MatchService, match_id: int) -> MatchRow:
    return await service.match(match_id)


async def board_replaced(service: MatchService, match_id: int, version: int) -> bool:
    """Whether a newer board than the one posted at ``version`` has been posted: boards go out
    when a turn ends, so only a turn ended since makes it old. The moves in the middle of a
    turn post lines, not boards: the turn's board is still the newest one."""
    return any(event.get("kind") == "turn_end"
               for row in await service.storage.actions(match_id, after=version)
               for event in row.events)


async def is_seated(service: MatchService, match_id: int, user_id: int) -> bool:
    return any(s.user_id == user_id for s in await service.seats(match_id))


async def next_seat(service: MatchService, channel_id: int) -> int:
    """The number of the seat the next player to join would take (1 for the first)."""
    match = await open_match(service, channel_id)
    return 1 + (len(await service.seats(match.id)) if match is not None else 0)


async def why_no_moves(service: MatchService, channel_id: int, user_id: int) -> str:
    """Why the user has no legal move in this channel now, in words they can act on."""
    match = await open_match(service, channel_id)
    if match is None:
        return await service.no_game(channel_id)  # with the last game's end, if abandoned
    if match.status != "active":
        return NOT_STARTED
    if not await is_seated(service, match.id, user_id):
        return NOT_PLAYING
    game, view, names = await service.view(match.id, None)
    if view.finished:
        return "This game is over."
    return name_seats(game.not_your_move(view, [seat_ref(s) for s in sorted(view.actors)]),
                      service.shown_names(names))
