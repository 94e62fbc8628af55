"""What a game's own command group (``/ships ...``) needs: commands whose options together name
one legal action.

A command is described by a :class:`Form`: the action types it plays, and for each of its options
how to read that option's value off a legal action (and how to label it). Then

- autocomplete offers, for one option, only the values found on at least one legal action that
  agrees with the options already filled in;
- on submit, the legal action agreeing with every option given is played; when several differ
  only in their *exchanges* (goods turned into gold or counters on the way), the one using the
  fewest is taken.

Everything is read from ``MatchService.choices``: the engine's legal actions decide what is
offered, and the engine's rejection says why something is refused.

:class:`GameGroupCog` is what the game cogs share: playing a command (defer, find the form, read
the options, pick the legal action, act, answer with the Decide menu), its autocomplete, and
``decide``; each game cog declares its commands and supplies its labels and help.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.service import ActResult, Choice, MatchService, ServiceError
from bot.ui import lookup
from bot.ui.decide import MENU_LIMIT, decide_view, decisions
from bot.ui.replies import answering, sent_at, service_of, tell
from bot.ui.text import (
    CHOICE_LIMIT,
    CHOICE_TEXT_LIMIT,
    NOT_A_MOVE,
    bullets,
    join_lines,
    unreadable_move,
)
from engine.core import Action

from .common import PortolanCog, channel_of

log = logging.getLogger(__name__)

Reader = Callable[[Action], str | None]


WHOLE_DIGITS = 9  # more digits than any count, cell or amount in these games


def whole(text: str) -> int | None:
    """``text`` as a whole number written with 0-9 (and maybe a minus), of at most
    :data:`WHOLE_DIGITS` digits; None otherwise. ``int`` alone would take superscripts and
    fail on them, and fail on thousands of digits."""
    text = text.strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > WHOLE_DIGITS:
        return None
    return int(text)


def norm(value: Any) -> str | None:
    """An option's value as the text the forms compare: None when it was not filled in."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value).strip()
    return text or None


@dataclass(frozen=True)
class Form:
    """One command of a game group: which actions it plays and how its options read them.

    ``fields`` maps each option (as Discord names it) to a reader giving that option's value on
    an action. ``exchanges`` maps the options that only say how a cost is paid (wine for gold,
    metal for navigation) the same way: left empty, the cheapest way is chosen."""

    types: tuple[str, ...]
    fields: Mapping[str, Reader]
    exchanges: Mapping[str, Reader] = field(default_factory=dict)

    def plays(self, action: Action) -> bool:
        return action.type in self.types

    def read(self, action: Action, name: str) -> str | None:
        reader = self.fields.get(name) or self.exchanges[name]
        return reader(action)

    def agrees(self, action: Action, filled: Mapping[str, str | None]) -> bool:
        for name, wanted in filled.items():
            if wanted is None or (name not in self.fields and name not in self.exchanges):
                continue
            if self.read(action, name) != wanted:
                return False
        return True

    def matching(self, actions: Iterable[Action], filled: Mapping[str, str | None]
                 ) -> list[Action]:
        return [a for a in actions if self.plays(a) and self.agrees(a, filled)]

    def exchange_count(self, action: Action) -> int:
        total = 0
        for reader in self.exchanges.values():
            value = reader(action)
            total += int(value) if value and value.isdigit() else 0
        return total

    def differing(self, actions: Sequence[Action]) -> list[str]:
        """The options (not exchanges) on which ``actions`` do not all agree."""
        return [name for name in self.fields
                if len({self.read(a, name) for a in actions}) > 1]


@dataclass(frozen=True)
class Picked:
    """What the options chose: one action, or the options that still tell several apart."""

    action: Action | None
    undecided: list[str]


def pick(form: Form, actions: Sequence[Action], filled: Mapping[str, str | None]) -> Picked:
    found = form.matching(actions, filled)
    if not found:
        return Picked(None, [])
    undecided = form.differing(found)
    if undecided:
        return Picked(None, undecided)
    return Picked(min(found, key=form.exchange_count), [])


def suggestions(
    form: Form,
    actions: Iterable[Action],
    option: str,
    filled: Mapping[str, str | None],
    typed: str,
    label: Callable[[Action], str],
) -> list[app_commands.Choice[str]]:
    """The values of ``option`` on the legal actions that agree with the other options filled
    in, each named by ``label`` (of the first such action), filtered by what was typed."""
    others = {k: v for k, v in filled.items() if k != option}
    wanted = typed.strip().lower()
    seen: dict[str, str] = {}
    for action in form.matching(actions, others):
        value = form.read(action, option)
        if value is None or value in seen or len(value) > CHOICE_TEXT_LIMIT:
            continue
        seen[value] = label(action)
    found = [app_commands.Choice(name=clip_choice(name), value=value)
             for value, name in seen.items()
             if wanted in name.lower() or wanted in value.lower()]
    return found[:CHOICE_LIMIT]


def clip_choice(text: str) -> str:
    if len(text) <= CHOICE_TEXT_LIMIT:
        return text
    return text[: CHOICE_TEXT_LIMIT - 1].rstrip() + "…"


def filled_in(interaction: discord.Interaction[Any], names: Iterable[str]) -> dict[str, str | None]:
    """The options of the command being typed that already have a value (Discord sends them
    with each autocomplete request)."""
    namespace = getattr(interaction, "namespace", None)
    return {name: norm(getattr(namespace, name, None)) for name in names}


def version_of(choices: Sequence[Choice]) -> int | None:
    """The game version the choices were listed at (their values start ``v<version>:``)."""
    if not choices:
        return None
    head = choices[0].value.partition(":")[0]
    return int(head[1:]) if head[1:].isdigit() else None


async def legal_actions(service: MatchService, interaction: discord.Interaction[Any]
                        ) -> list[Choice]:
    """The user's legal actions in this channel now; empty when there are none or on any
    failure (an autocomplete has no way to show an error; the command will)."""
    if interaction.channel_id is None:
        return []
    try:
        return await service.choices(interaction.channel_id, interaction.user.id)
    except Exception:
        log.exception("autocomplete failed in channel %s", interaction.channel_id)
        return []


# --- replies ------------------------------------------------------------------------------------
async def reply(interaction: discord.Interaction[Any], channel_id: int, result: ActResult,
                pending: Callable[[Sequence[Choice]], list[Choice]], group: str) -> None:
    """The acting player's ephemeral answer (the refusal verbatim, or "Done." and their private
    news); when a decision now waits for them, it comes with the Decide menu."""
    if not result.ok:
        await tell(interaction, result.message)
        return
    text = join_lines([result.message, *result.private])
    service = service_of(interaction)
    found = pending(await service.choices(channel_id, interaction.user.id))
    match = await service.current(channel_id) if found else None
    if match is None or match.status != "active":
        await tell(interaction, text)
        return
    more = [f"More choices than fit here: type /{group} decide to search them all."] \
        if len(found) > MENU_LIMIT else []
    await tell(interaction, join_lines([text, "A decision is waiting for you: pick it below or "
                                        f"use /{group} decide.", *more]),
               view=decide_view(match.id, match.version, found))


def undecided_text(form: Form, choices: Sequence[Choice], filled: Mapping[str, str | None],
                   undecided: list[str]) -> str:
    """Several legal moves fit the options given: say which option tells them apart."""
    named = {c.action.key(): c.label for c in choices}
    found = form.matching([c.action for c in choices], filled)
    option = undecided[0]
    labels: dict[str, str] = {}
    for action in found:
        value = form.read(action, option)
        if value is not None and value not in labels:
            labels[value] = named.get(action.key(), action.label)
    lines = [f"Several moves fit those options; fill in {option} to say which:",
             bullets(f"{label} ({option}: {value})" for value, label in list(labels.items())[:10])]
    return join_lines(lines)


@dataclass(frozen=True)
class Resolved:
    """A command's options read against the legal actions (see :meth:`GameGroupCog._resolve`):
    ``action`` to play, or None while ``undecided`` names options still to fill in."""

    form: Form
    filled: dict[str, str | None]
    choices: list[Choice]
    undecided: list[str]
    action: Action | None


# --- the cog ------------------------------------------------------------------------------------
Label = Callable[[Action], str]


class GameGroupCog(PortolanCog):
    """A game's command group: each command names one legal action option by option.

    A game cog sets the class attributes and overrides the hooks where its game differs; its
    commands and autocompletes are one-line calls into :meth:`_play`, :meth:`_suggest`,
    :meth:`_decide`, :meth:`_decide_choices` and :meth:`_help`."""

    GAME_ID: ClassVar[str]
    GAME_NAME: ClassVar[str]  # for "The game in this channel is not ..."
    GROUP: ClassVar[str]  # the command group's name, for "/<group> <command>"
    FORMS: ClassVar[Mapping[str, Form]]
    # the answer to "/<group> decide" when no decision is waiting
    NOTHING_TO_DECIDE: ClassVar[str]
    # options an action always has that mean "no" when left out (``{"industry": "no"}``)
    DEFAULTS: ClassVar[Mapping[str, str]] = {}
    # whether "/<group> decide" refuses a current choice that is not a waiting decision
    ONLY_WAITING: ClassVar[bool] = True

    # --- hooks ------------------------------------------------------------------------------
    def waiting(self, choices: Sequence[Choice]) -> list[Choice]:
        """The choices of a decision waiting for the user (none in an ordinary turn)."""
        return decisions(choices)

    async def _context(self, command: str, channel: int) -> Any:
        """What the game needs to know before reading a command's options (default: nothing)."""
        return None

    def _form(self, command: str, context: Any) -> Form:
        return self.FORMS[command]

    async def _build(self, command: str, filled: Mapping[str, str | None], channel: int,
                     user: int, context: Any) -> Action:
        """The action the options describe when no legal action agrees with them, so that the
        engine says why it is refused."""
        raise NotImplementedError

    def _undecided(self, form: Form, choices: Sequence[Choice],
                   filled: Mapping[str, str | None], undecided: list[str]) -> str:
        return undecided_text(form, choices, filled, undecided)

    async def _reply(self, interaction: discord.Interaction[Any], channel: int,
                     result: ActResult) -> None:
        await reply(interaction, channel, result, self.waiting, self.GROUP)

    async def _suggest_context(self, interaction: discord.Interaction[Any], command: str,
                               option: str) -> Any:
        """What the labels of ``option`` need, looked up before listing (default: nothing)."""
        return None

    async def _labels(self, interaction: discord.Interaction[Any], command: str, option: str,
                      choices: Sequence[Choice], context: Any) -> tuple[Form, Label]:
        """The form of ``command`` and how to label one value of ``option``."""
        named = {c.action.key(): c.label for c in choices}
        return self.FORMS[command], lambda a: named.get(a.key(), a.label or a.type)

    # --- the shared paths -------------------------------------------------------------------
    async def _require_game(self, channel: int) -> None:
        match = await lookup.open_match(self.service, channel)
        if match is not None and match.status == "active" and match.game != self.GAME_ID:
            raise ServiceError(
                f"The game in this channel is not {self.GAME_NAME}; use /move for it.")

    async def _suggest(self, interaction: discord.Interaction[Any], command: str, option: str,
                       current: str) -> list[app_commands.Choice[str]]:
        choices = await legal_actions(self.service, interaction)
        if not choices:
            return []
        context = await self._suggest_context(interaction, command, option)
        try:
            form, label = await self._labels(interaction, command, option, choices, context)
            filled = filled_in(interaction, [*form.fields, *form.exchanges])
            return suggestions(form, [c.action for c in choices], option, filled, current,
                               label)
        except Exception:  # never let a label break the list
            logging.getLogger(type(self).__module__).exception(
                "/%s %s %s autocomplete failed", self.GROUP, command, option)
            return []

    async def _resolve(self, command: str, channel: int, user: int,
                       options: Mapping[str, Any]) -> Resolved:
        """What the options of ``command`` name for ``user`` now: the one legal action agreeing
        with all of them (else the action they describe, for the engine to refuse), or the
        options that still tell several legal actions apart. Discord and the local table both
        read a command's options this way."""
        await self._require_game(channel)
        context = await self._context(command, channel)
        form = self._form(command, context)
        filled = {name: norm(value) for name, value in options.items()}
        for name, value in self.DEFAULTS.items():
            if name in form.fields and filled.get(name) is None:
                filled[name] = value
        choices = await self.service.choices(channel, user)
        picked = pick(form, [c.action for c in choices], filled)
        action = picked.action
        if action is None and not picked.undecided:
            action = await self._build(command, filled, channel, user, context)
        return Resolved(form, filled, list(choices), picked.undecided, action)

    async def _play(self, interaction: discord.Interaction[Any], command: str,
                    **options: Any) -> None:
        async with answering(interaction, f"/{self.GROUP} {command}") as attempt:
            channel, user = channel_of(interaction), interaction.user.id
            found = await self._resolve(command, channel, user, options)
            if found.action is None:
                await tell(interaction, self._undecided(found.form, found.choices, found.filled,
                                                        found.undecided))
                return
            result = await self.service.act(channel, user, found.action,
                                            version_of(found.choices),
                                            sent_at=sent_at(interaction))
            attempt.changed = result.ok
            await self._reply(interaction, channel, result)

    async def _decide(self, interaction: discord.Interaction[Any], choice: str) -> None:
        async with answering(interaction, f"/{self.GROUP} decide") as attempt:
            channel, user = channel_of(interaction), interaction.user.id
            await self._require_game(channel)
            choices = await self.service.choices(channel, user)
            if not choices:
                await tell(interaction, await lookup.why_no_moves(self.service, channel, user))
                return
            found = self.waiting(choices)
            if not found:
                await tell(interaction, self.NOTHING_TO_DECIDE)
                return
            if unreadable_move(choice):
                await tell(interaction, NOT_A_MOVE)
                return
            if (self.ONLY_WAITING and choice in {c.value for c in choices}
                    and choice not in {c.value for c in found}):
                await tell(interaction, "That is not one of the decisions waiting for you; "
                           "pick one from the list.")
                return
            result = await self.service.act_choice(channel, user, choice,
                                                   sent_at=sent_at(interaction))
            attempt.changed = result.ok
            await self._reply(interaction, channel, result)

    async def _decide_choices(self, interaction: discord.Interaction[Any], current: str
                              ) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        found = self.waiting(await legal_actions(self.service, interaction))
        return [app_commands.Choice(name=clip_choice(c.label), value=c.value)
                for c in found if typed in c.label.lower()][:CHOICE_LIMIT]

    async def _help(self, interaction: discord.Interaction[Any],
                    action: app_commands.Choice[str], text: Callable[[str], str]) -> None:
        async with answering(interaction, f"/{self.GROUP} help"):
            topic = action.value if isinstance(action, app_commands.Choice) else str(action)
            await tell(interaction, text(topic))
