"""How a game in progress crosses a release that changed its rules.

A game's ``rules_version`` names the rules it plays by now. Its ``version_steps`` say what
happens to games stored under earlier versions, one step per change of version:

- :class:`Upgrade` -- stored games continue under the new rules. ``action`` rewrites one stored
  action (as JSON) from the old form to the new one (``None``: actions are unchanged); the
  platform's own ``undo`` entries are never passed to it. ``events`` says what becomes of the
  recorded events: ``"keep"`` (the new rules must tell the same story, and replay checks that
  they do), ``"drop"`` (not checked any more: the right choice when the new rules change what
  happens), or a function that rewrites an entry's event list.
- :class:`NotUpgradable` -- stored games cannot continue; ``message`` tells the players why,
  in a sentence or two.

Steps form one chain, each starting where the one before ended, the last one ending at the
current ``rules_version``; :func:`check_version_steps` checks a declaration.

:func:`upgrade_log` rewrites a stored log for the current rules, or raises
:class:`~engine.core.errors.RulesVersionError` (its text is for the players) when there is no
way there. Only the log is upgraded: the service replays the upgraded log from a fresh
``SetupRecord(...).create(game)`` under the new rules and ignores snapshots made under older
ones, so no step needs a function for states. The stored options are read against the current
option table (an option added since gets its default); a step that renames or removes an option,
or changes the setup in a way the old log cannot follow, is declared not upgradable.
"""

from __future__ import annotations

import copy
from typing import Any

from .errors import RulesVersionError
from .protocol import Game, NotUpgradable, Upgrade, VersionStep
from .replay import LogEntry


def rules_name(game: Game[Any], version: str) -> str:
    """How players read a rules version: "Ships 2"."""
    return f"{game.name} {version}"


def version_path(game: Game[Any], from_version: str) -> list[VersionStep]:
    """The steps from ``from_version`` to the game's current rules, in order (none when they
    are the same). Raises :class:`RulesVersionError` when the version is unknown or newer than
    this release; does not look at what the steps say."""
    current = game.rules_version
    steps = {s.from_version: s for s in game.version_steps}
    path: list[VersionStep] = []
    version = from_version
    while version != current:
        found = steps.get(version)
        if found is None or len(path) > len(steps):
            raise _no_path(game, from_version)
        path.append(found)
        version = found.to_version
    return path


def upgrade_log(game: Game[Any], from_version: str, entries: list[LogEntry]) -> list[LogEntry]:
    """``entries``, stored under ``from_version``, rewritten for ``game.rules_version`` (the same
    list when the versions are equal). Raises :class:`RulesVersionError` when the version is
    unknown, newer than this release, or a step on the way is not upgradable."""
    path = version_path(game, from_version)
    if not path:
        return entries
    for s in path:
        if isinstance(s, NotUpgradable):
            raise RulesVersionError(
                f"{_started(game, from_version)}; it cannot continue under "
                f"{rules_name(game, game.rules_version)}, the rules of this release. "
                f"{_sentence(s.message)}",
                game=game.id, from_version=from_version, to_version=game.rules_version,
                reason=s.message,
            )
    upgraded = entries
    for s in path:
        assert isinstance(s, Upgrade)
        upgraded = [apply_step(s, e) for e in upgraded]
    return upgraded


def check_version_steps(game: Game[Any]) -> None:
    """Raises ``ValueError`` unless the game's steps form one chain ending at its current
    ``rules_version``, each step between two different versions and each message written."""
    steps = game.version_steps
    starts = [s.from_version for s in steps]
    if len(set(starts)) != len(starts):
        raise ValueError(f"{game.id}: two version steps start at the same rules version")
    for s in steps:
        if not isinstance(s, Upgrade | NotUpgradable):
            raise ValueError(f"{game.id}: {s!r} is not a version step")
        if s.from_version == s.to_version:
            raise ValueError(f"{game.id}: a version step from {s.from_version} to itself")
        if isinstance(s, NotUpgradable) and not s.message.strip():
            raise ValueError(f"{game.id}: the step from {s.from_version} has no message")
    if game.rules_version in starts:
        raise ValueError(f"{game.id}: a version step starts at the current rules version")
    for start in starts:
        try:
            version_path(game, start)
        except RulesVersionError:
            raise ValueError(f"{game.id}: the steps from rules version {start} do not lead to "
                             f"the current one, {game.rules_version}") from None


def apply_step(step: Upgrade, entry: LogEntry) -> LogEntry:
    """``entry`` rewritten by one upgrade step."""
    action = copy.deepcopy(entry.action)
    if step.action is not None and action.get("type") != "undo":
        action = step.action(action)
    events = [e.model_copy(deep=True) for e in entry.events]
    if step.events == "drop":
        events = []
    elif callable(step.events) and events:
        events = step.events(events)
    return LogEntry(seq=entry.seq, seat=entry.seat, action=action, events=events)


def _started(game: Game[Any], version: str) -> str:
    return f"This game was started under the rules of Portolan's {rules_name(game, version)}"


def _no_path(game: Game[Any], from_version: str) -> RulesVersionError:
    current = game.rules_version
    old, new = _order(from_version), _order(current)
    if old is not None and new is not None and old > new:
        message = (f"{_started(game, from_version)}, which are newer than this release's "
                   f"{rules_name(game, current)}; it cannot continue under "
                   f"{rules_name(game, current)}. It can go on once the bot runs the newer "
                   "release again.")
        reason = "newer than this release"
    else:
        message = (f"{_started(game, from_version)}, which this release does not know; it "
                   f"cannot continue under {rules_name(game, current)}.")
        reason = "unknown rules version"
    return RulesVersionError(message, game=game.id, from_version=from_version,
                             to_version=current, reason=reason)


def _order(version: str) -> tuple[int, ...] | None:
    parts = version.split(".")
    return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else None


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."
