"""Ratings: one per player, per game, per server, from the finished games' results.

The model is openskill's Plackett-Luce: it rates games of any number of players from their
finishing order, shares places for ties, and keeps an uncertainty (sigma) beside the skill
(mu) so that a newcomer's rating moves quickly and a regular's slowly. What is shown is the
conservative estimate, mu - 3 sigma, scaled so that a new player starts at 0 and a strong
regular reaches the thousands; it only grows as a player proves themselves.

Who is rated in a game (see README, "Ratings"):
- every seat held by the same person from the start to the end, by its place;
- a bot seat that was a bot from the start, as that bot (``bot:strong``), so that people see
  how they fare against it (bots are left off the people's leaderboard unless asked for);
- a person whose seat a bot took over after a missed deadline is placed last (below everyone
  who played on; several such share the last place), and the bot that finished for them is
  not rated for that game;
- aborted games have no result and rate nobody; a game with fewer than two rated seats
  changes no rating;
- a game that ended while its channel did not hear it (deleted, the bot removed or short of a
  permission: its result is stored with ``unrated``) rates nobody.

Ratings are worked out in the order games finished, so rebuilding them from every stored
result (``python -m bot ratings --rebuild``) gives exactly the values kept game by game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
# shown rating = SCALE * (mu - 3 sigma): 0 for a newcomer (openskill starts everyone at
# mu = 25, sigma = 25 / 3)
SCALE = 40.0
PROVISIONAL_GAMES = 5  # fewer games than this: the rating is marked provisional


@dataclass(frozen=True)
class Rating:
    """A player's standing in one game on one server."""

    player: str  # "u<user id>" for a person, "bot:<name>" for a bot
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: float = 0.0  # a shared first place counts for its share
    places: tuple[int, ...] = field(default_factory=tuple)  # each game's place, in order
    best_match: int | None = None  # the best result's match: a win, among the most players
    best_key: tuple[float, int] = (0.0, 0)  # (share of first place, players beaten)

    @property
    def conservative(self) -> float:
        """The skill the model is sure of (mu - 3 sigma), scaled: the leaderboard's order."""
        return SCALE * (self.mu - 3 * self.sigma)

    @property
    def shown(self) -> int:
        """The rating people see: the conservative skill, never below 0 (a newcomer's)."""
        return max(0, round(self.conservative))

    @property
    def uncertainty(self) -> int:
        return round(SCALE * 3 * self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def is_bot(self) -> bool:
        return self.player.startswith("bot:")


def person(user_id: int) -> str:
    return f"u{user_id}"


def rated_places(result: Mapping[str, Any]) -> list[tuple[str, int]]:
    """(player, place) for each rated seat of a stored result (see the module), place 1
    first; a person who left shares the place after the last seat that played on."""
    ranks = list(result.get("outcome", {}).get("ranks") or [])
    if not ranks or result.get("outcome", {}).get("unrated"):
        return []  # no places, or a game nobody could follow to its end: no rating
    stayed: list[tuple[str, int]] = []
    left: list[str] = []
    for seat in result["seats"]:
        index = seat.get("seat")
        if index is None or index >= len(ranks):
            continue
        if seat.get("left_user_id") is not None:
            left.append(person(int(seat["left_user_id"])))
        elif seat.get("user_id") is not None:
            stayed.append((person(int(seat["user_id"])), int(ranks[index])))
        elif seat.get("bot"):
            stayed.append((f"bot:{seat['bot']}", int(ranks[index])))
    # ranks among those rated only: 1 + how many rated seats finished strictly ahead
    places = [(p, 1 + sum(1 for _, other in stayed if other < r)) for p, r in stayed]
    last = len(stayed) + 1
    return places + [(p, last) for p in left]


def apply(book: Mapping[str, Rating], result: Mapping[str, Any]) -> dict[str, Rating]:
    """The ratings of the players of one finished game after it (only those it changed)."""
    places = rated_places(result)
    # the same bot in several seats is one player: rate its best seat only
    seen: dict[str, int] = {}
    for player, place in places:
        seen[player] = min(place, seen.get(player, place))
    if len(seen) < 2:
        return {}
    players = sorted(seen)
    before = [book.get(p) or Rating(p) for p in players]
    teams = [[MODEL.create_rating([r.mu, r.sigma], name=r.player)] for r in before]
    rated = MODEL.rate(teams, ranks=[float(seen[p]) for p in players])
    firsts = sum(1 for p in players if seen[p] == 1)
    changed = {}
    for old, [new] in zip(before, rated, strict=True):
        place = seen[old.player]
        won = 1.0 / firsts if place == 1 else 0.0
        key = (won, sum(1 for p in players if seen[p] > place))
        better = old.best_match is None or key > old.best_key
        changed[old.player] = replace(
            old, mu=new.mu, sigma=new.sigma, games=old.games + 1, wins=old.wins + won,
            places=(*old.places, place),
            best_match=int(result["match_id"]) if better else old.best_match,
            best_key=key if better else old.best_key)
    return changed


def rebuild(results: Iterable[Mapping[str, Any]]) -> dict[str, Rating]:
    """Every player's rating from results in the order the games finished."""
    book: dict[str, Rating] = {}
    for result in results:
        book.update(apply(book, result))
    return book


def leaderboard(book: Mapping[str, Rating], bots: bool = False,
                limit: int = 10) -> list[Rating]:
    """The best first by shown rating (then by games played); bots only when asked."""
    rows = [r for r in book.values() if bots or not r.is_bot]
    return sorted(rows, key=lambda r: (-r.conservative, -r.games, r.player))[:limit]


def place_counts(rating: Rating, seats: Sequence[int] = (1, 2, 3, 4, 5, 6)) -> dict[int, int]:
    return {place: rating.places.count(place) for place in seats if place in rating.places}
