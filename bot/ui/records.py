"""The texts of /stats, /leaderboard and /game history, for Discord and the local table alike.
A player is named by ``label`` (Discord shows ``<@id>`` as the member's name; the local table
has its own names)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.ratings import PROVISIONAL_GAMES, Rating
from bot.service.records import match_title, result_text
from bot.storage import MatchRow
from engine.core import registry


def player_label(player: str, person: Callable[[int], str] | None = None) -> str:
    """How a rated player is named: a bot by its kind; a person by ``person(user id)``, on
    Discord a mention (shown as their name, pinging nobody)."""
    if player.startswith("bot:"):
        return f"the {player[4:]} bot"
    user = int(player[1:])
    return person(user) if person is not None else f"<@{user}>"


def _rating_text(r: Rating) -> str:
    mark = f", provisional: {r.games} of {PROVISIONAL_GAMES} games" if r.provisional else ""
    return f"rating {r.shown} (± {r.uncertainty}{mark})"


def _places_text(r: Rating) -> str:
    counts: dict[int, int] = {}
    for place in r.places:
        counts[place] = counts.get(place, 0) + 1
    names = {1: "1st", 2: "2nd", 3: "3rd"}
    return ", ".join(f"{names.get(p, f'{p}th')} ×{n}" for p, n in sorted(counts.items()))


def _plural(n: float, word: str) -> str:
    return f"{n:g} {word}{'' if n == 1 else 's'}"


def stats_lines(name: str, found: Sequence[tuple[str, Rating]], game_id: str | None,
                where: str = "on this server") -> list[str]:
    if not found:
        which = f" of {registry.get(game_id).name}" if game_id else ""
        return [f"{name} has no finished game{which} {where} yet."]
    lines = [f"**{name}** {where}:"]
    for game, r in found:
        best = f"; best: game #{r.best_match}" if r.best_match is not None else ""
        lines.append(f"- {game}: {_plural(r.games, 'game')}, {_plural(r.wins, 'win')} "
                     f"({_places_text(r)}); {_rating_text(r)}{best}")
    return lines


def leaderboard_lines(game_name: str, rows: Sequence[Rating], label: Callable[[str], str],
                      where: str = "on this server") -> list[str]:
    if not rows:
        return [f"Nobody has finished a game of {game_name} {where} yet."]
    lines = [f"**{game_name}: the best {where}** (a rating is the skill it is sure of; "
             f"* marks fewer than {PROVISIONAL_GAMES} games)"]
    for n, r in enumerate(rows, start=1):
        mark = "*" if r.provisional else ""
        lines.append(f"{n}. {label(r.player)}: {r.shown}{mark} ({_plural(r.games, 'game')}, "
                     f"{_plural(r.wins, 'win')})")
    return lines


def message_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    if guild_id is None or message_id is None:
        return ""
    return f" [final board](https://discord.com/channels/{guild_id}/{channel_id}/{message_id})"


def history_lines(rows: Sequence[tuple[MatchRow, dict[str, Any]]], where: str,
                  links: bool = True, shown: Callable[[str], str] = str) -> list[str]:
    """The last finished games, each player's name as ``shown`` writes it."""
    if not rows:
        return [f"No finished game {where} yet."]
    lines = [f"**The last finished games {where}** (newest first; /game replay shows one):"]
    for match, result in rows:
        link = message_link(match.guild_id, match.channel_id, match.final_message_id) \
            if links else ""
        lines.append(f"- {match_title(match)}: {result_text(result, shown)}{link}")
    return lines
