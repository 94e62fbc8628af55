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
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from bot.service import Choice, MatchService
from bot.ui.text import CHOICE_LIMIT, CHOICE_TEXT_LIMIT
from engine.core import Action

log = logging.getLogger(__name__)

Reader = Callable[[Action], str | None]


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
