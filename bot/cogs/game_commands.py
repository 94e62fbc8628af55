"""The games' own slash command groups (``/ships``, ``/trader``, ``/empires``), generated at
start-up from each registered game's command table; no game is named here.

discord.py builds a command's options from its callback's signature, so each command gets a
callback whose ``__signature__`` lists one parameter per option of the engine's command, each
annotated with a :class:`discord.app_commands.Transformer` that gives the option's Discord type
(text with autocomplete, a whole number in a range, yes/no, or fixed choices) and, for text,
the autocomplete. Every group also gets ``decide`` and ``help``. What a command does is
:func:`bot.commands.run`, shared with the local table.
"""

from __future__ import annotations

import inspect
import keyword
import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from bot import commands as shared
from bot.ui.decide import answer_with_menu
from bot.ui.replies import answering, sent_at, service_of, tell
from bot.ui.text import CHOICE_LIMIT, CHOICE_TEXT_LIMIT, choice_names, clip_choice
from engine.core.commands import Command, Option

from .common import channel_of

log = logging.getLogger(__name__)

AppChoice = app_commands.Choice


def python_name(option: str) -> str:
    """A Python parameter name for a Discord option name (``from`` -> ``from_``)."""
    name = option.replace("-", "_")
    return name + "_" if keyword.iskeyword(name) or not name.isidentifier() else name


def filled_in(interaction: discord.Interaction[Any], command: Command[Any, Any]
              ) -> dict[str, object]:
    """The options already filled in while one is being typed (Discord sends them along)."""
    namespace = getattr(interaction, "namespace", None)
    return {o.name: getattr(namespace, o.name, None) for o in command.options}


class Plain(app_commands.Transformer):
    """An option whose Discord type says what it takes: a whole number, yes/no, fixed values."""

    def __init__(self, option: Option[Any, Any]) -> None:
        self.option = option

    @property
    def type(self) -> discord.AppCommandOptionType:
        kind = self.option.kind
        if kind == "whole":
            return discord.AppCommandOptionType.integer
        if kind == "yes_no":
            return discord.AppCommandOptionType.boolean
        return discord.AppCommandOptionType.string

    @property
    def min_value(self) -> int | None:
        return self.option.low

    @property
    def max_value(self) -> int | None:
        return self.option.high

    @property
    def choices(self) -> list[AppChoice[int | float | str]] | None:
        if not self.option.fixed:
            return None
        return [AppChoice(name=clip_choice(label), value=value)
                for value, label in self.option.fixed]

    async def transform(self, interaction: discord.Interaction[Any], value: Any) -> Any:
        return value


class Suggested(Plain):
    """A text option offered from the legal moves as it is typed."""

    def __init__(self, group: shared.Group, command: Command[Any, Any],
                 option: Option[Any, Any]) -> None:
        super().__init__(option)
        self.group, self.command = group, command

    async def autocomplete(self, interaction: discord.Interaction[Any], value: Any
                           ) -> list[AppChoice[int | float | str]]:
        if interaction.channel_id is None:
            return []
        try:
            found = await shared.values(
                service_of(interaction), self.group, self.command.name, self.option.name,
                interaction.channel_id, interaction.user.id, str(value or ""),
                filled_in(interaction, self.command))
        except Exception:  # an autocomplete cannot show an error; the command will
            log.exception("/%s %s %s autocomplete failed", self.group.name, self.command.name,
                          self.option.name)
            return []
        offered: list[AppChoice[int | float | str]] = [
            AppChoice(name=clip_choice(label), value=v) for label, v in found
            if len(v) <= CHOICE_TEXT_LIMIT]
        return offered[:CHOICE_LIMIT]


def transformer(group: shared.Group, command: Command[Any, Any], option: Option[Any, Any]
                ) -> app_commands.Transformer:
    if option.kind == "text" and not option.fixed:
        return Suggested(group, command, option)
    return Plain(option)


def command_callback(group: shared.Group, command: Command[Any, Any]
                     ) -> Callable[..., Coroutine[Any, Any, None]]:
    names = {python_name(o.name): o.name for o in command.options}

    async def callback(interaction: discord.Interaction[Any], **given: Any) -> None:
        async with answering(interaction, f"/{group.name} {command.name}") as attempt:
            options = {names[k]: v for k, v in given.items() if k in names and v is not None}
            found = await shared.run(service_of(interaction), group, command.name,
                                     channel_of(interaction), interaction.user.id, options,
                                     sent_at=sent_at(interaction))
            attempt.changed = found.changed
            await answer_with_menu(interaction, found)

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    for option in command.options:
        asked = option.required and option.default is None
        parameters.append(inspect.Parameter(
            python_name(option.name), inspect.Parameter.KEYWORD_ONLY,
            annotation=transformer(group, command, option),
            default=inspect.Parameter.empty if asked else None))
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    renames = {p: o for p, o in names.items() if p != o}
    if renames:
        app_commands.rename(**renames)(callback)
    app_commands.describe(**{python_name(o.name): o.description for o in command.options})(
        callback)
    return callback


def decide_command(group: shared.Group) -> app_commands.Command[Any, Any, None]:
    async def decide(interaction: discord.Interaction[Any], choice: str) -> None:
        async with answering(interaction, f"/{group.name} decide") as attempt:
            found = await shared.decide(service_of(interaction), group, channel_of(interaction),
                                        interaction.user.id, choice,
                                        sent_at=sent_at(interaction))
            attempt.changed = found.changed
            await answer_with_menu(interaction, found)

    async def choices(interaction: discord.Interaction[Any], current: str
                      ) -> list[AppChoice[str]]:
        if interaction.channel_id is None:
            return []
        try:
            found = await shared.decisions(service_of(interaction), group,
                                           interaction.channel_id, interaction.user.id, current)
        except Exception:
            log.exception("/%s decide autocomplete failed", group.name)
            return []
        shown = found[:CHOICE_LIMIT]
        return [AppChoice(name=name, value=c.value)
                for c, name in zip(shown, choice_names([c.label for c in shown]), strict=True)]

    made: app_commands.Command[Any, Any, None] = app_commands.Command(
        name="decide", description="Make a decision the game waits for",
        callback=app_commands.describe(
            choice="Start typing: the list shows what you can decide now")(decide))
    made.autocomplete("choice")(choices)
    return made


def help_command(group: shared.Group) -> app_commands.Command[Any, Any, None]:
    topics = [AppChoice(name=clip_choice(e.title), value=e.topic) for e in group.table.help]

    async def show(interaction: discord.Interaction[Any], topic: str) -> None:
        async with answering(interaction, f"/{group.name} help"):
            await tell(interaction, shared.help_text(group, topic))

    async def offered(interaction: discord.Interaction[Any], current: str
                      ) -> list[AppChoice[str]]:
        typed = current.strip().lower()
        return [t for t in topics if typed in t.name.lower() or typed in t.value][:CHOICE_LIMIT]

    made: app_commands.Command[Any, Any, None] = app_commands.Command(
        name="help", description=f"What a /{group.name} command does and what it costs",
        callback=app_commands.describe(topic="A command, or a topic such as the exchanges")(
            show))
    made.autocomplete("topic")(offered)
    return made


def build_group(group: shared.Group) -> app_commands.Group:
    """The slash command group of one game: its table's commands, then decide and help."""
    made = app_commands.Group(name=group.name, description=group.table.description,
                              guild_only=True)
    for command in group.table.commands:
        made.add_command(app_commands.Command(
            name=command.name, description=command.description,
            callback=command_callback(group, command)))
    made.add_command(decide_command(group))
    made.add_command(help_command(group))
    return made


def game_groups() -> list[app_commands.Group]:
    return [build_group(group) for group in shared.groups().values()]
