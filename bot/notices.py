"""What the service asks an adapter (Discord or the local table) to deliver."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core import Event, Outcome

_SEAT = re.compile(r"\{s(\d+)\}")


def name_seats(text: str, names: Sequence[str]) -> str:
    """Replaces the engine's ``{s0}`` seat references with the players' names."""

    def one(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if seat < len(names) else f"seat {seat + 1}"

    return _SEAT.sub(one, text)


@dataclass(frozen=True)
class LostChannel:
    """A private warning to one seated person that the bot cannot post in their game's
    channel, and that the game is ended as abandoned at ``ends_at`` unless it can again
    (the adapter words it; see :mod:`bot.service.lost_channels`). ``reason`` is the
    adapter's own for the refusal (``"channel 555: 403 50013"``, ``"channel 555:
    deleted"``): it names no player and holds nothing of anyone's seat."""

    user_id: int
    guild_id: int | None
    game: str  # the game's name
    reason: str
    ends_at: float


@dataclass
class Notice:
    """One delivery for a match's channel.

    ``lines`` are public; ``board`` asks for the public board image of ``version`` with buttons;
    ``ping`` lists the users to mention (once per turn); ``private`` holds lines that only
    one user may read (sent by DM where allowed; always available through "My view")."""

    match_id: int
    channel_id: int
    version: int
    lines: list[str] = field(default_factory=list)
    board: bool = False
    ping: list[int] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    finished: bool = False
    # a move's (or a start's) announcement, recorded once delivered so that one cut off by a
    # crash is posted again; reminders and other side notices are not
    ledger: bool = False
    # the version announced before this notice's own lines begin (-1: none, the start)
    since: int | None = None
    # the lines of a turn still going on, let out after a while: the adapter adds them to the
    # turn's running message (edits it) rather than posting a new one where it can
    running: bool = False
    # a picture posted with the lines: (file name, PNG bytes), e.g. the score chart after a game
    image: tuple[str, bytes] | None = None
    # not a channel post: a private message to one player alone (by DM), that the channel is
    # out of the bot's reach; the adapter raises DeliveryFailed if it did not get to them
    warning: LostChannel | None = None

    @property
    def nonce(self) -> str:
        """Names this announcement for Discord (at most 25 characters): a post tried again
        with it is shown once, however many times it was sent."""
        return f"p{self.match_id % 10**11}v{self.version}"[:25]


class DeliveryFailed(Exception):
    """The adapter could not deliver a notice. ``permanent``: it never will as things stand
    (the channel is gone, access was lost); otherwise it may later (a 5xx, the network)."""

    def __init__(self, permanent: bool, reason: str) -> None:
        super().__init__(reason)
        self.permanent = permanent
        self.reason = reason


def public_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    return [name_seats(e.text, names) for e in events if e.text and e.to is None]


def private_lines(events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str]:
    return [
        name_seats(e.text, names)
        for e in events
        if e.text and e.to is not None and seat in e.to
    ]


def result_lines(outcome: Outcome, names: Sequence[str]) -> list[str]:
    order = sorted(range(len(outcome.ranks)), key=lambda s: (outcome.ranks[s], s))
    lines = [f"The game is over ({outcome.end_reason})."]
    for seat in order:
        score = outcome.scores[seat]
        shown = int(score) if float(score).is_integer() else score
        lines.append(f"{outcome.ranks[seat]}. {names[seat]}: {shown}")
    return lines
