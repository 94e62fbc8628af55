"""Row types returned by storage, and their conversion from database rows.

Rows are frozen so a caller cannot mistake a copy for a live record: the database is the only
truth, and a changed row is obtained by asking storage again. JSON columns are decoded here so
the rest of the bot never sees serialized text (snapshots excepted: their text is handed back
untouched, for the game layer to parse).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.ratings import Rating

from .db import Row

STATUSES = ("lobby", "active", "finished", "aborted", "set_aside")
# a match that holds its channel: a set-aside one does until the host aborts it
OPEN_STATUSES = ("lobby", "active", "set_aside")


def dumps(value: Any) -> str:
    """Compact, strict JSON (NaN is not JSON, so it is refused rather than stored)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


@dataclass(frozen=True, slots=True)
class MatchRow:
    """A match; ``version`` counts the actions applied since the start."""

    id: int
    channel_id: int
    guild_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    rules_version: str
    host_id: int
    settings: dict[str, Any]
    created_at: float
    updated_at: float
    finished_at: float | None
    set_aside_reason: str | None = None
    chosen_seed: int | None = None  # a seed a person chose (public); None: the bot's own
    seed_secret: int | None = None  # mixed into chosen_seed; secret until the game is over
    final_message_id: int | None = None  # the Discord message that showed the last board

    @classmethod
    def of(cls, row: Row) -> MatchRow:
        return cls(
            id=row["id"],
            channel_id=row["channel_id"],
            guild_id=row["guild_id"],
            game=row["game"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            status=row["status"],
            version=row["version"],
            rules_version=row["rules_version"],
            host_id=row["host_id"],
            settings=json.loads(row["settings"]),
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            finished_at=row["finished_at"],
            set_aside_reason=row["set_aside_reason"],
            chosen_seed=row["chosen_seed"],
            seed_secret=row["seed_secret"],
            final_message_id=row["final_message_id"],
        )


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A place at the table. ``position`` is join order; ``seat`` is the turn-order seat,
    assigned when the match starts. ``user_id`` is None for a bot seat; ``left_user_id`` is
    the person who held it before a bot took it over."""

    match_id: int
    position: int
    seat: int | None
    user_id: int | None
    name: str
    bot: str | None
    left_user_id: int | None = None

    @classmethod
    def of(cls, row: Row) -> SeatRow:
        return cls(
            match_id=row["match_id"],
            position=row["position"],
            seat=row["seat"],
            user_id=row["user_id"],
            name=row["name"],
            bot=row["bot"],
            left_user_id=row["left_user_id"],
        )


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One accepted action; ``seq`` is the version it produced (1 for the first)."""

    match_id: int
    seq: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: float

    @classmethod
    def of(cls, row: Row) -> ActionRow:
        return cls(
            match_id=row["match_id"],
            seq=row["seq"],
            seat=row["seat"],
            action=json.loads(row["action"]),
            events=json.loads(row["events"]),
            created_at=row["created_at"],
        )


@dataclass(frozen=True, slots=True)
class DeadlineRow:
    """A pending deadline of a match: ``seats`` must act by ``due_at``. A ``turn`` deadline
    lasts the whole of game turn ``turn``; an ``answer`` deadline the window in which seats
    answer (a reaction, a bid, a bribe). ``version`` is the version it was set at: it names
    this deadline, so a late reminder cannot silence a newer one. ``turn`` -1 marks a row from
    before deadlines followed turns: it holds only while the match is still at ``version``.
    ``held_by`` names the process applying it (see :meth:`Storage.claim_deadline`); its
    ``due_at`` is then when that claim runs out, and the deadline is due again. ``told``:
    the channel was told the deadline was missed (:meth:`Storage.mark_told`), so a claim
    that takes it up again carries out its effect without telling it twice."""

    match_id: int
    version: int
    seats: list[int]
    due_at: float
    remind_at: float | None
    reminded: bool
    kind: str = "turn"
    turn: int = -1
    held_by: str | None = None
    told: bool = False

    @classmethod
    def of(cls, row: Row) -> DeadlineRow:
        return cls(
            match_id=row["match_id"],
            version=row["version"],
            seats=json.loads(row["seats"]),
            due_at=row["due_at"],
            remind_at=row["remind_at"],
            reminded=bool(row["reminded"]),
            kind=row["kind"],
            turn=row["turn"],
            held_by=row["held_by"],
            told=bool(row["told"]),
        )


@dataclass(frozen=True, slots=True)
class DeadlineSpec:
    """A deadline to write (see :class:`DeadlineRow`)."""

    kind: str
    turn: int
    seats: list[int]
    due_at: float
    remind_at: float | None


@dataclass(frozen=True, slots=True)
class DeadlinePlan:
    """What a commit does to a match's deadlines: ``write`` replaces the row of each spec's
    kind (not reminded yet), ``clear`` deletes those kinds; a kind in neither is kept as it
    is (a turn's deadline survives every action inside the turn)."""

    write: tuple[DeadlineSpec, ...] = ()
    clear: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Finish:
    """The end of a game, written with the action that ended it."""

    end_reason: str
    outcome: dict[str, Any]
    seats: list[dict[str, Any]]


def result_of(row: Row) -> dict[str, Any]:
    """A ``results`` row as the plain dict ``Storage.results`` promises."""
    return {
        "match_id": row["match_id"],
        "game": row["game"],
        "finished_at": row["finished_at"],
        "end_reason": row["end_reason"],
        "outcome": json.loads(row["outcome"]),
        "seats": json.loads(row["seats"]),
    }


def rating_of(row: Row) -> Rating:
    """A ``ratings`` row as a :class:`bot.ratings.Rating`."""
    won, beaten = json.loads(row["best_key"])
    return Rating(player=row["player"], mu=float(row["mu"]), sigma=float(row["sigma"]),
                  games=int(row["games"]), wins=float(row["wins"]),
                  places=tuple(int(p) for p in json.loads(row["places"])),
                  best_match=row["best_match"], best_key=(float(won), int(beaten)))
