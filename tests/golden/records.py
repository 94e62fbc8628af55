"""Golden records: whole bot-played games, stored, that every later release must replay the same.

A record is one gzip-compressed JSON object (format ``portolan-golden-1``):

``setup``
    ``game``, ``rules_version``, ``options`` (every option, defaults filled in), ``seats``,
    ``seed``: what :class:`~engine.core.SetupRecord` holds.
``bot``
    the bot that played every seat (the game's best).
``log``
    the log entries, as the match service stores them: ``seq``, ``seat``, ``action``,
    ``events``.
``outcome``
    ``scores``, ``ranks``, ``end_reason``.
``final``
    ``version`` and ``turn`` of the final state and ``sha256``, the digest of its whole JSON
    (:func:`state_digest`).

The games are played as ``python -m bot selfplay`` plays them: in each position the first seat
(in seat order) that may act chooses with the bot's own generator, ``bot_rng(seed, version,
seat)``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from engine.core import (
    Accepted,
    Game,
    LogEntry,
    Outcome,
    RulesVersionError,
    SetupRecord,
    State,
    bot_rng,
    registry,
    step,
    upgrade_log,
)
from engine.core.replay import first_difference

FORMAT = "portolan-golden-1"
HERE = Path(__file__).parent
RECORDS = HERE / "records"
MOVE_CAP = 20_000
MAX_BYTES = 300_000


@dataclass(frozen=True)
class Golden:
    """One recorded game: which game, how many seats, which seed and options."""

    game: str
    seats: int
    seed: int
    options: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        extra = "".join(f"-{value}" for _, value in self.options)
        return f"{self.game}-{self.seats}p{extra}-seed{self.seed}"

    @property
    def path(self) -> Path:
        return RECORDS / f"{self.name}.json.gz"


# Three games of each, at different player counts, with both Ocean Trader variants and an
# Empires at Sea board side chosen against the player count.
GOLDEN: tuple[Golden, ...] = (
    Golden("ships", 2, 101),
    Golden("ships", 3, 103),
    Golden("ships", 4, 102),
    Golden("empires", 2, 201),
    Golden("empires", 3, 203, (("map", "americas"),)),
    Golden("empires", 5, 202),
    Golden("ocean_trader", 2, 303),
    Golden("ocean_trader", 3, 301, (("variant", "full"),)),
    Golden("ocean_trader", 6, 302),
)


def state_digest(state: State) -> str:
    """The sha256 of the whole state as canonical JSON (keys sorted, nothing left out)."""
    text = json.dumps(state.model_dump(mode="json"), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def play(spec: Golden) -> dict[str, Any]:
    """Plays the game with the game's best bot in every seat and returns its record."""
    game = registry.get(spec.game)
    setup = SetupRecord(game=game.id, rules_version=game.rules_version,
                        options=game.resolve_options(dict(spec.options)), seats=spec.seats,
                        seed=spec.seed)
    bot_name = game.default_bot()
    bot = game.bots()[bot_name]
    state = setup.create(game)
    log: list[LogEntry] = []
    while game.outcome(state) is None:
        if len(log) >= MOVE_CAP:
            raise RuntimeError(f"{spec.name} did not end within {MOVE_CAP} actions")
        seat = sorted(game.actors(state))[0]
        action = bot.choose(game.view(state, seat), game.legal_actions(state, seat),
                            bot_rng(setup.seed, state.version, seat))
        result = step(game, state, seat, action, state.version)
        if not isinstance(result, Accepted):
            raise RuntimeError(f"{spec.name}: the bot's move was refused: {result}")
        log.append(LogEntry.of(result))
        state = result.state
    outcome = game.outcome(state)
    assert outcome is not None
    return {
        "format": FORMAT,
        "setup": setup.model_dump(mode="json"),
        "bot": bot_name,
        "outcome": outcome.model_dump(mode="json"),
        "final": {"version": state.version, "turn": state.turn, "sha256": state_digest(state)},
        "log": [e.model_dump(mode="json") for e in log],
    }


def dump(record: dict[str, Any]) -> bytes:
    """The record's file contents: the same record always gives the same bytes."""
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(gzip.decompress(path.read_bytes()))
    if record.get("format") != FORMAT:
        raise ValueError(f"{path.name} is not a golden record ({FORMAT})")
    return record


class CourseChanged(AssertionError):
    """A recorded game no longer replays as it was recorded."""


def check(record: dict[str, Any], label: str) -> str:
    """Replays ``record`` under the current rules and raises :class:`CourseChanged`, with what
    to do about it, when it does not end exactly as recorded. Returns a line saying what was
    checked."""
    setup = SetupRecord.model_validate(record["setup"])
    game = registry.get(setup.game)
    entries = [LogEntry.model_validate(raw) for raw in record["log"]]
    if setup.rules_version != game.rules_version:
        return _check_upgraded(game, setup, entries, label)

    state = setup.create(game)
    for entry in entries:
        result = step(game, state, entry.seat, entry.action, state.version)
        where = f"entry {entry.seq} (seat {entry.seat}, {json.dumps(entry.action)})"
        if not isinstance(result, Accepted):
            _changed(game, label, f"{where} is now refused: {result}")
        difference = first_difference(entry.events, result.events)
        if difference is not None:
            _changed(game, label, f"{where} happened differently: {difference}")
        state = result.state

    outcome = game.outcome(state)
    recorded = Outcome.model_validate(record["outcome"])
    if outcome != recorded:
        now = outcome.model_dump(mode="json") if outcome else "no end"
        _changed(game, label, f"it ended {now}, recorded {recorded.model_dump(mode='json')}")
    final = record["final"]
    if (state.version, state.turn) != (final["version"], final["turn"]):
        _changed(game, label, f"it ended at version {state.version}, turn {state.turn}; "
                              f"recorded: version {final['version']}, turn {final['turn']}")
    if state_digest(state) != final["sha256"]:
        raise CourseChanged(
            f"The final state of a recorded {game.name} game changed ({label}), though every "
            f"event and the outcome are as recorded. If only the state's form changed on "
            f"purpose (a field added, renamed or reordered) and saved games still load, "
            f"regenerate the golden records with `python -m tests.golden.make`; otherwise "
            f"raise {_possessive(game.name)} rules_version and write an upgrade step for it."
        )
    return f"{label}: {len(entries)} actions, as recorded"


def _check_upgraded(game: Game[Any], setup: SetupRecord, entries: list[LogEntry],
                    label: str) -> str:
    """A record from older rules: upgraded as the service would, it must replay whole (the
    outcome may differ, since the rules changed on purpose; events the upgrade keeps are
    checked)."""
    try:
        upgraded = upgrade_log(game, setup.rules_version, entries)
    except RulesVersionError as err:
        raise CourseChanged(
            f"A recorded {game.name} game ({label}) cannot continue under the current rules: "
            f"{err} If that is intended, regenerate the golden records with "
            f"`python -m tests.golden.make`."
        ) from None
    fresh = setup.model_copy(update={"rules_version": game.rules_version})
    state = fresh.create(game)
    for entry in upgraded:
        result = step(game, state, entry.seat, entry.action, state.version)
        if not isinstance(result, Accepted):
            _upgrade_failed(game, setup, label, f"entry {entry.seq} is refused: {result}")
        difference = first_difference(entry.events, result.events) if entry.events else None
        if difference is not None:
            _upgrade_failed(game, setup, label,
                            f"entry {entry.seq} happened differently: {difference}")
        state = result.state
    return (f"{label}: upgraded from {game.name} {setup.rules_version} to "
            f"{game.rules_version}, {len(upgraded)} actions replayed")


def _changed(game: Game[Any], label: str, what: str) -> NoReturn:
    raise CourseChanged(
        f"The course of a recorded {game.name} game changed ({label}): {what}.\n"
        f"A game in progress that went this way would now go differently: raise "
        f"{_possessive(game.name)} rules_version and write an upgrade step for it (version_steps "
        f"in its game.py), or regenerate the golden records with `python -m tests.golden.make` "
        f"if no game in progress can have played through what changed."
    )


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _upgrade_failed(game: Game[Any], setup: SetupRecord, label: str, what: str) -> NoReturn:
    raise CourseChanged(
        f"A recorded {game.name} {setup.rules_version} game ({label}) does not continue under "
        f"{game.name} {game.rules_version} after its upgrade: {what}. Fix the upgrade step from "
        f"{setup.rules_version}, or declare it not upgradable."
    )
