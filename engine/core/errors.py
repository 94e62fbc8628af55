"""Rejections and errors shared by every game."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Rejection(BaseModel):
    """Why an action was refused. ``message`` is read by the player, so it says what is wrong
    and, where it can, what to do instead. Seats are written ``{s0}``, ``{s1}`` ... and the
    adapter puts in the players' names."""

    code: str
    message: str
    params: dict[str, Any] = Field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


# The codes of step()'s own checks, in the order it makes them.
MALFORMED = "malformed"
GAME_OVER = "game_over"
STALE = "stale_version"
NOT_AN_ACTOR = "not_your_turn"
ILLEGAL = "illegal"
CANNOT_UNDO = "cannot_undo"
NOT_IMPLEMENTED = "not_implemented"


class ContentError(Exception):
    """A data file that does not fit its schema: names the file, the place inside it and the
    problem."""


class ReplayError(Exception):
    """A recorded log that does not replay: a rejected entry, or events that differ from the
    recorded ones (the rules changed under a saved game)."""


class OptionError(ValueError):
    """An invalid game option; the message is shown to whoever set it."""


class RulesVersionError(Exception):
    """A stored game that cannot continue under this release's rules: its rules version is
    unknown, newer than the code, or a version step between them says it cannot be upgraded.

    ``str()`` is the plain message for players; the parts are kept for the service's logs."""

    def __init__(self, message: str, *, game: str = "", from_version: str = "",
                 to_version: str = "", reason: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.game = game
        self.from_version = from_version
        self.to_version = to_version
        self.reason = reason

    def __str__(self) -> str:
        return self.message
