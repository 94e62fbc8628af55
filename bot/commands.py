"""A game's own commands (``/ships place ...``), read one way for every front end.

Each registered game declares its command table in the engine (``Game.commands()``, see
:mod:`engine.core.commands`). Discord's slash command groups (:mod:`bot.cogs.game_commands`) and
the local table both call the functions here, so they accept exactly the same commands and
options and give the same answers, refusals and help. Nothing here knows any one game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.notices import name_seats
from bot.service import ActResult, Choice, Commanding, MatchService, ServiceError
from bot.ui import lookup
from bot.ui.text import CHOICE_LIMIT, bullets, echo, join_lines, unreadable_move
from engine.core import Action, Game, all_games
from engine.core.commands import (
    CommandError,
    CommandTable,
    Describe,
    Resolution,
    Value,
    match_text,
    resolve,
    suggest,
    waiting,
)

ASKED_VALUES = 10  # values listed in the text when a choice is asked for


@dataclass(frozen=True)
class Group:
    """A game and its command table."""

    game: Game[Any]
    table: CommandTable[Any]

    @property
    def name(self) -> str:
        return self.table.group


def groups() -> dict[str, Group]:
    """Every registered game's command group, by its name."""
    found: dict[str, Group] = {}
    for game in all_games():
        table = game.commands()
        found[table.group] = Group(game, table)
    return found


def group_named(name: str) -> Group:
    wanted = name.strip().lower().lstrip("/")
    found = groups()
    if wanted in found:
        return found[wanted]
    raise ServiceError(f"There is no command group /{echo(name)}; the games' groups: "
                       + ", ".join(f"/{g}" for g in found) + ".")


@dataclass
class Answer:
    """What a command comes to, for the user who typed it (always private): ``text`` to show,
    the ``result`` of a move when one was tried, and ``menu``: choices to pick from (a decision
    now waiting, or the moves a choice still to make would tell apart), listed at ``version`` of
    match ``match_id``."""

    text: str
    result: ActResult | None = None
    menu: list[Choice] = field(default_factory=list)
    match_id: int = 0
    version: int = 0
    asking: str | None = None  # the option still to choose, when one is asked for

    @property
    def changed(self) -> bool:
        return self.result is not None and self.result.ok


async def context(service: MatchService, group: Group, channel: int, user: int) -> Commanding:
    """The user's legal moves and view in this channel's game, which must be ``group``'s;
    ServiceError (saying why, in words the user can act on) otherwise."""
    found = await service.commanding(channel, user)
    game_id = found.game.id if found is not None else None
    if found is None:  # not seated, or no game in play: which game is here decides the answer
        match = await lookup.open_match(service, channel)
        game_id = match.game if match is not None and match.status == "active" else None
    if game_id is not None and game_id != group.game.id:
        raise ServiceError(f"The game in this channel is not {group.game.name}; use /move "
                           "for it.")
    if found is None:
        raise ServiceError(await lookup.why_no_moves(service, channel, user))
    return found


def _describe(found: Commanding) -> Describe:
    # the labels as the engine words them, players as {sN}: what they go into names them (a
    # message as its text writes names, an autocomplete as typed)
    named = {c.action.key(): c.action.label or c.action.type for c in found.choices}

    def describe(action: Action) -> str:
        return named.get(action.key(), action.label or action.type)
    return describe


def _menu(found: Commanding, actions: Sequence[Action]) -> list[Choice]:
    keys = {a.key() for a in actions}
    return [c for c in found.choices if c.action.key() in keys]


def asked_text(table: CommandTable[Any], resolution: Resolution, names: list[str],
               listed: bool) -> str:
    """A choice still to make: which option (left out, or typed as words that fit more than
    one of its values), and (unless every move that fits is ``listed`` to pick from) the values
    it can take."""
    option = resolution.asking or ""
    typed = resolution.typed.get(option)
    head = f"/{table.group} {resolution.command}: " + (
        f"fill in {option}" if typed is None
        else f"{option} {echo(typed)} fits more than one move")
    if listed:
        return f"{head}; pick the whole move below." if typed is not None \
            else f"{head}, or pick the whole move below."
    values = resolution.values
    shown = bullets(name_seats(v.label, names) for v in values[:ASKED_VALUES])
    more = (f"\n(and {len(values) - ASKED_VALUES} more: start typing {option} to search them)"
            if len(values) > ASKED_VALUES else "")
    return join_lines([f"{head}; it can be:", shown + more])


async def run(service: MatchService, group: Group, command: str, channel: int, user: int,
              options: Mapping[str, object], *, sent_at: float | None = None) -> Answer:
    """``/<group> <command>`` with the typed ``options``: the one legal move they name is
    played; a choice they leave open is asked for; anything else is refused with the reason."""
    found = await context(service, group, channel, user)
    try:
        resolution = resolve(group.table, command, options, [c.action for c in found.choices],
                             found.view, _describe(found))
    except CommandError as err:
        return Answer(str(err))
    shown = service.shown_names(found.names)  # as message text writes them
    if resolution.problem is not None:
        # the moves the user has instead, if any (none at all: out of turn, the reason says so)
        hint = [] if not found.choices or any(group.table.command(command).takes(c.action)
                                              for c in found.choices) \
            else [what_now(group.table, found)]
        return Answer(name_seats(join_lines([resolution.problem, *hint]), shown))
    if resolution.asking is not None:
        menu = _menu(found, resolution.fitting)
        listed = len(menu) <= CHOICE_LIMIT  # what one select menu holds
        return Answer(asked_text(group.table, resolution, shown, listed), menu=menu,
                      match_id=found.match_id, version=found.version,
                      asking=resolution.asking)
    action = resolution.action or resolution.refused
    assert action is not None
    result = await service.act(channel, user, action, found.version, sent_at=sent_at)
    return await after(service, group, channel, user, result)


def what_now(table: CommandTable[Any], found: Commanding) -> str:
    """What the user can do instead: the decision waiting, or the commands with moves now."""
    actions = [c.action for c in found.choices]
    if waiting(table, actions):
        return (f"A decision is waiting for you first: /{table.group} decide lists it"
                + _commands_text(table, waiting(table, actions)) + ".")
    return "Your moves now" + _commands_text(table, actions, ": ") + "."


def _commands_text(table: CommandTable[Any], actions: Sequence[Action], lead: str = " (or "
                   ) -> str:
    names = list(dict.fromkeys(f"/{table.group} {c.name}" for a in actions
                               if (c := table.command_of(a)) is not None))
    if not names:
        return ""
    return lead + ", ".join(names) + (")" if lead == " (or " else "")


async def after(service: MatchService, group: Group | None, channel: int, user: int,
                result: ActResult) -> Answer:
    """The answer to a move: the refusal verbatim, or "Done." and the private news; when a
    decision now waits for the user, its choices come as the menu."""
    if not result.ok:
        return Answer(result.message, result)
    text = join_lines([result.message, *result.private])
    found = await service.commanding(channel, user)
    if found is None:
        return Answer(text, result)
    table = group.table if group is not None else found.game.commands()
    pending = waiting(table, [c.action for c in found.choices])
    if not pending:
        return Answer(text, result)
    return Answer(join_lines([text, "A decision is waiting for you: pick it below or use "
                              f"/{table.group} decide."]), result,
                  menu=_menu(found, pending), match_id=found.match_id, version=found.version)


async def values(service: MatchService, group: Group, command: str, option: str, channel: int,
                 user: int, typed: str, filled: Mapping[str, object]) -> list[tuple[str, str]]:
    """For autocomplete: (label, value) of each value ``option`` can take now, given the other
    options filled in; empty when the user has no move (the command itself says why)."""
    try:
        found = await context(service, group, channel, user)
    except ServiceError:
        return []
    listed: list[Value] = suggest(group.table, command, option, typed, filled,
                                  [c.action for c in found.choices], found.view,
                                  _describe(found))
    return [(name_seats(v.label, found.names), v.value) for v in listed]


async def decide(service: MatchService, group: Group, channel: int, user: int, choice: str, *,
                 sent_at: float | None = None) -> Answer:
    """``/<group> decide``: a decision the game waits for, picked from its choices."""
    found = await context(service, group, channel, user)
    table = group.table
    pending = waiting(table, [c.action for c in found.choices])
    if not pending:
        return Answer(table.nothing_to_decide)
    if unreadable_move(choice):
        return Answer("That is not a move; pick one from the list.")
    allowed = _menu(found, pending)
    if choice in {c.value for c in found.choices} and choice not in {c.value for c in allowed}:
        return Answer("That is not one of the decisions waiting for you; pick one from the list.")
    if choice not in {c.value for c in found.choices}:  # typed: any part of a label
        named = match_text(choice, [Value(c.value, c.label, c.action) for c in allowed])
        if len(named) > 1:
            return Answer(f"Several choices fit {echo(choice)}; pick one below.",
                          menu=[c for c in allowed if c.value in {v.value for v in named}],
                          match_id=found.match_id, version=found.version)
        if named:
            choice = named[0].value
    result = await service.act_choice(channel, user, choice, sent_at=sent_at)
    return await after(service, group, channel, user, result)


async def decisions(service: MatchService, group: Group, channel: int, user: int,
                    typed: str) -> list[Choice]:
    """For the decide command's autocomplete: the waiting decision's choices matching ``typed``
    (none while no decision waits)."""
    try:
        found = await context(service, group, channel, user)
    except ServiceError:
        return []
    pending = waiting(group.table, [c.action for c in found.choices])
    offered = _menu(found, pending) if pending else []
    wanted = typed.strip().lower()
    return [c for c in offered if wanted in c.label.lower()]


def help_text(group: Group, topic: str | None) -> str:
    """``/<group> help [topic]``: one topic, or the list of topics."""
    table = group.table
    if not topic:
        lines = [f"**/{table.group}**: {table.description}"]
        # every group has /<group> decide besides its table's commands
        typed = {c.name for c in table.commands} | {"decide"}
        lines += [f"`{e.topic}`: {e.title}" for e in table.help if e.topic in typed]
        # topics that are not commands: listed apart, so that none is typed as a command
        others = [e for e in table.help if e.topic not in typed]
        if others:
            lines.append("Other topics:")
            lines += [f"`{e.topic}`: {e.title}" for e in others]
        lines.append(f"/{table.group} help TOPIC explains one.")
        return join_lines(lines)
    try:
        entry = table.help_for(topic)
    except CommandError as err:
        raise ServiceError(str(err)) from None
    usage = ""
    if entry.command is not None:
        command = table.command(entry.command)
        usage = f"Use `/{table.group} {command.name}" + "".join(
            f" {o.name}" if o.required else f" [{o.name}]" for o in command.options) + "`."
    return join_lines([f"**{entry.title}**", entry.text, usage])
