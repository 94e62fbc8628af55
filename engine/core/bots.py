"""Bot players, as a host picks them: by name, the same three for every game.

- ``strong`` looks ahead (:class:`engine.core.search.SearchBot`, guided by the game's own
  bot), for a given number of CPU seconds a move; a game has it when it can sample what a
  seat cannot see (``Game.sample_state``).
- ``easy`` is the game's own rule-of-thumb bot (``Game.bots()["standard"]``), which answers
  at once. Seats stored under its old name, ``standard``, still get it.
- ``random`` picks any legal move: for testing, and given only when asked for by name.

The default is the strongest a game has, as measured: ``strong``, unless the game says its
search is not yet stronger than its own bot (``Game.search_by_default``), then ``easy``.
A bot sees exactly what its seat sees: the seat's view and legal actions; the ``Bot``
protocol and ``RandomBot`` are in ``protocol``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .protocol import Bot, Game
from .rng import Rng
from .search import SearchBot

#: Every bot a host may name, strongest first, with the line ``/game addbot`` and help show.
BOT_KINDS: dict[str, str] = {
    "strong": "looks ahead, trying moves on guesses of what it cannot see",
    "easy": "plays by rules of thumb, at once: a gentle opponent",
    "random": "any legal move, for testing: it plays badly on purpose",
}
OLD_NAMES = {"standard": "easy"}
#: Stronger bots are stand-ins for weaker ones when a game lacks them (or one fails).
FALLBACK = {"strong": "easy", "easy": "random"}


def bot_rng(seed: int, version: int, seat: int) -> Rng:
    """The generator a bot uses for one decision: fixed by the match, the position and the seat,
    independent of the game's own dice."""
    return Rng.from_seed(seed).fork((version << 8) | seat)


def can_look_ahead(game: Game[Any]) -> bool:
    """Whether the game can sample a seat's unseen information, which the strong bot needs."""
    return type(game).sample_state is not Game.sample_state


def bot_names(game: Game[Any]) -> list[str]:
    """The bots ``game`` has, strongest first."""
    names = []
    for name in BOT_KINDS:
        if name == "strong" and not (can_look_ahead(game) and "standard" in game.bots()):
            continue
        if name == "easy" and "standard" not in game.bots():
            continue
        names.append(name)
    return names


def default_bot(game: Game[Any]) -> str:
    """The bot a seat gets when nobody names one: the strongest the game has, which is the
    game's own bot where its search is not measured stronger (``Game.search_by_default``)."""
    names = bot_names(game)
    if names[0] == "strong" and not type(game).search_by_default:
        return names[1]
    return names[0]


def bot_line(game: Game[Any] | None, name: str) -> str:
    """What a bot is like, as /game addbot and /rules say it, marked when it is ``game``'s
    default."""
    line = BOT_KINDS[name]
    return f"{line} (the default)" if game is not None and name == default_bot(game) else line


def canonical(name: str) -> str:
    """A typed or stored bot name as it is meant: lower case, an old name as its new one."""
    name = name.strip().lower()
    return OLD_NAMES.get(name, name)


def resolve(game: Game[Any], name: str | None) -> str:
    """The bot a stored or typed name means for ``game``: an old name is read as its new one,
    no name is the default, and a bot the game lacks is stood in for by the next weaker one.
    A name that is no bot at all raises ``KeyError``."""
    if not name:
        return default_bot(game)
    name = canonical(name)
    if name not in BOT_KINDS:
        raise KeyError(name)
    have = bot_names(game)
    while name not in have:
        name = FALLBACK[name]
    return name


def make_bot(game: Game[Any], name: str, think_seconds: float = 0.5,
             clock: Callable[[], float] = time.thread_time) -> Bot:
    """The bot ``name`` (as :func:`resolve` reads it) for ``game``; ``think_seconds`` is the
    strong bot's CPU time a move, counted on ``clock`` (the thinking thread's own time)."""
    name = resolve(game, name)
    own = game.bots()
    if name == "strong":
        return SearchBot(game, own["standard"], budget=think_seconds, clock=clock)
    return own["standard" if name == "easy" else "random"]
