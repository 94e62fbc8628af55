"""What the match service answers: the result of a move, a move on offer, and the two errors
an adapter shows or reports; and the refusal an adapter raises for a channel out of its
reach."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.notices import DeliveryFailed, Notice
from engine.core import Action, Game, View


class ServiceError(Exception):
    """A request that cannot be done; the message is shown to the user as it is."""


class SaveFailed(Exception):
    """Storage could not write a move (the disk is full, an I/O error); nothing was saved.
    ``unknown``: the database failed while committing and could not be asked afterwards, so
    the move may have been saved after all (it is announced once that is known)."""

    def __init__(self, message: str, *, unknown: bool = False) -> None:
        super().__init__(message)
        self.unknown = unknown


class ChannelOutOfReach(DeliveryFailed):
    """What an adapter raises when a notice cannot be delivered because its channel is out of
    the bot's reach: deleted, the bot removed from the server, or short of a permission
    there. A refusal for good like any other; only these count towards ending a game as
    abandoned (``abandon_days``): a post refused for what it holds (a payload Discord will
    not take) says nothing of the channel."""

    def __init__(self, reason: str) -> None:
        super().__init__(True, reason)


@dataclass
class ActResult:
    """What the acting user is told (ephemerally). ``ok``: the action was applied now (a
    command that arrived twice is not ok the second time: it says it was already done)."""

    ok: bool
    message: str
    private: list[str] = field(default_factory=list)
    version: int = 0
    notice: Notice | None = None  # what to announce, delivered once the match is unlocked
    # why the channel did not get the move's post, when the adapter refused it for good (the
    # adapter's reason, which its front end turns into words for the player)
    undelivered: str | None = None


@dataclass(frozen=True)
class Choice:
    """A legal action offered to a seat: ``value`` names it at one version of the game."""

    value: str
    label: str
    action: Action


@dataclass(frozen=True)
class Commanding:
    """What a game command is read against, for one user in one channel, at one version: the
    game, the user's seat, that seat's own view (what option labels may show them) and its legal
    actions as choices."""

    game: Game[Any]
    match_id: int
    version: int
    seat: int
    view: View
    choices: list[Choice]
    names: list[str]


class Undone(NamedTuple):
    """The move an undo takes back, as it was offered, and whether the channel may hear it."""

    label: str
    public: bool
