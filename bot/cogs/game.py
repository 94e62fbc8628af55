"""/game: open a game in a channel, gather players, start, watch, undo, abort, export."""

from __future__ import annotations

import io
import json
import re
from typing import Any, Literal

import discord
from discord import app_commands

from bot.service import ActResult, ServiceError
from bot.service.records import match_label, match_title
from bot.storage import MatchRow
from bot.ui import lookup
from bot.ui.buttons import abort_view, board_view, png_file, show_my_view
from bot.ui.channel_problems import (
    CATCH_UP,
    NO_FILES_TEXT,
    problem_text,
    status_text,
    undelivered_text,
)
from bot.ui.records import history_lines
from bot.ui.replies import announce, answering, sent_at, tell
from bot.ui.text import (
    CHOICE_LIMIT,
    clean_name,
    clip_choice,
    echo,
    join_lines,
    options_text,
    pages,
    players_text,
    shown_name,
)
from engine.core import registry
from engine.core.bots import BOT_KINDS, bot_line, bot_names

from .common import PortolanCog, channel_of, find_game, game_autocomplete

MAX_SEED = 2**53 - 1  # Discord's integers stop here
MAX_TURN_HOURS = 24 * 30
POLICY_TEXT = {
    "wait": "the game waits",
    "bot": "a bot plays the late turn",
    "remove": "a bot takes the late player's seat",
}
_OPTION = re.compile(r"^([A-Za-z_][\w-]*)=(\S+)$")


def parse_options(text: str | None) -> dict[str, str]:
    """``"target=30 energy=3"`` (spaces or commas between) as a dict; the game checks values."""
    found: dict[str, str] = {}
    for token in re.split(r"[\s,;]+", (text or "").strip()):
        if not token:
            continue
        match = _OPTION.match(token)
        if match is None:
            raise ServiceError(
                f"Options are written name=value with spaces between, for example "
                f"target=30 energy=3; {echo(token)} is not. /rules lists each game's options."
            )
        found[match[1].lower()] = match[2]
    return found


def user_name(interaction: discord.Interaction[Any], fallback: str) -> str:
    """The user's display name as the game shows it (see :func:`clean_name`)."""
    return clean_name(interaction.user.display_name, fallback)


def shown_user(interaction: discord.Interaction[Any], fallback: str) -> str:
    """The user's name as a message shows it (see :func:`shown_name`)."""
    return shown_name(user_name(interaction, fallback))


def check_seed(seed: int | None) -> None:
    """Discord keeps an integer option within its bounds; a payload made by hand need not."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ServiceError(f"The seed is a whole number from 0 to {MAX_SEED}.")


def act_reply(result: ActResult) -> str:
    """What the acting player reads: the refusal verbatim, or "Done." and their private news
    (and, when the channel did not take the move's post, why and what would fix it)."""
    if not result.ok:
        return result.message
    refused = [undelivered_text(result.undelivered)] if result.undelivered else []
    return join_lines([result.message, *result.private, *refused])


def deadline_text(settings: dict[str, Any]) -> str:
    hours = float(settings.get("turn_hours") or 0)
    answer = float(settings.get("answer_seconds") or 0)
    answers = (f"{answer:g} s to answer reactions, bids and bribes" if answer
               else "no limit on answering reactions, bids and bribes")
    if not hours:
        return f"no turn deadline; {answers}"
    policy = str(settings.get("policy", "wait"))
    return f"{hours:g} h per turn; then {POLICY_TEXT.get(policy, policy)}; {answers}"


class GameCog(PortolanCog):
    game = app_commands.Group(
        name="game", description="Open, join and run a board game in this channel",
        guild_only=True,
    )

    # --- lobby ----------------------------------------------------------------------------
    @game.command(name="new", description="Open a new game in this channel (you host it)")
    @app_commands.describe(
        game="Which game to play",
        options="Game options as name=value, e.g. target=30 energy=3 (see /rules)",
        seed="A fixed random seed, to replay a game exactly",
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def game_new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: str | None = None,
        seed: app_commands.Range[int, 0, MAX_SEED] | None = None,
    ) -> None:
        async with answering(interaction, "/game new") as attempt:
            found = find_game(game)
            check_seed(seed)
            name = user_name(interaction, "Player 1")
            shown = shown_name(name)
            match = await self.service.create(
                channel_id=channel_of(interaction), guild_id=interaction.guild_id,
                game_id=found.id, host_id=interaction.user.id, host_name=name,
                options=parse_options(options), seed=seed,
            )
            attempt.changed = True
            await tell(interaction, f"You opened a game of {found.name} and have the first "
                       "place at the table. Start it with /game start once everyone is in.")
            chosen = options_text(found.options_in_play(match.options))
            await announce(
                interaction,
                f"{shown} opened a game of **{found.name}** ({chosen}), "
                f"for {players_text(found.min_players, found.max_players)}. "
                f"Join with /game join; {shown} starts it with /game start.",
            )

    @game.command(name="join", description="Take a seat in this channel's game")
    async def game_join(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, "/game join") as attempt:
            channel = channel_of(interaction)
            seat = await lookup.next_seat(self.service, channel)
            name = user_name(interaction, f"Player {seat}")
            await self.service.join(channel, interaction.user.id, name)
            attempt.changed = True
            await tell(interaction, "You have joined. The host starts the game with /game start.")
            status = await self.service.status(channel)
            await announce(interaction, f"{shown_name(name)} joined. {status[0]}")

    @game.command(name="leave", description="Give up your seat before the game starts")
    async def game_leave(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, "/game leave") as attempt:
            channel = channel_of(interaction)
            await self.service.leave(channel, interaction.user.id)
            attempt.changed = True
            await tell(interaction, "You have left the game.")
            status = await self.service.status(channel)
            await announce(interaction, f"{shown_user(interaction, 'A player')} left. {status[0]}")

    @game.command(name="addbot", description="Host: add a bot player to the game")
    @app_commands.describe(bot="Which bot: strong, easy, or random (for testing); none: the "
                                "game's strongest")
    async def game_addbot(self, interaction: discord.Interaction[Any], bot: str | None = None
                          ) -> None:
        async with answering(interaction, "/game addbot") as attempt:
            channel = channel_of(interaction)
            match = await self.service.add_bot(channel, interaction.user.id, bot)
            attempt.changed = True
            seats = await self.service.storage.seats(match.id)
            added = [s for s in seats if s.bot][-1]
            await tell(interaction, f"{shown_name(added.name)} added.")
            status = await self.service.status(channel)
            await announce(interaction, f"{shown_user(interaction, 'The host')} added a "
                           f"{added.bot} bot, {shown_name(added.name)}. {status[0]}")

    @game_addbot.autocomplete("bot")
    async def addbot_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Each bot the channel's game has, with what it is like ("strong: looks ahead")."""
        names, game = list(BOT_KINDS), None
        if interaction.channel_id is not None:
            match = await lookup.open_match(self.service, interaction.channel_id)
            if match is not None:
                game = registry.get(match.game)
                names = bot_names(game)
        typed = current.strip().lower()
        return [app_commands.Choice(name=clip_choice(f"{n}: {bot_line(game, n)}"),
                                    value=n)
                for n in names if typed in n][:CHOICE_LIMIT]

    @game.command(name="start", description="Host: start the game with the players who joined")
    async def game_start(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, "/game start") as attempt:
            channel = channel_of(interaction)
            notice = await self.service.start(channel, interaction.user.id)
            attempt.changed = True
            refused = await self.service.delivery_trouble(notice.match_id)
            if refused is not None:
                await tell(interaction, "The game has begun, but the bot could not post it in "
                           "this channel, so the players were not told. "
                           f"{problem_text(refused)} {CATCH_UP}")
            elif channel in getattr(self.bot, "files_refused", ()):
                await tell(interaction, "The game has begun; it is posted in the channel "
                           "without the board image: the bot lacks the Attach Files "
                           "permission here (/game board shows the board).")
            else:
                await tell(interaction, "The game has begun; the board is in the channel.")

    @game.command(name="settings", description="Host: set the turn deadline and what happens after")
    @app_commands.describe(
        turn_hours="Hours each turn may take (0: no deadline)",
        policy="When a player misses the deadline: wait, a bot plays the turn, or a bot takes over",
        answer_seconds="Seconds to answer a reaction, bid or bribe before passing (0: no limit)",
    )
    async def game_settings(
        self,
        interaction: discord.Interaction[Any],
        turn_hours: app_commands.Range[float, 0, MAX_TURN_HOURS] | None = None,
        policy: Literal["wait", "bot", "remove"] | None = None,
        answer_seconds: app_commands.Range[int, 0, 86400] | None = None,
    ) -> None:
        async with answering(interaction, "/game settings") as attempt:
            channel = channel_of(interaction)
            if turn_hours is None and policy is None and answer_seconds is None:
                status = await self.service.status(channel)
                await tell(interaction, join_lines(status[:2]))
                return
            match = await self.service.update_settings(
                channel, interaction.user.id, turn_hours=turn_hours, policy=policy,
                answer_seconds=answer_seconds)
            attempt.changed = True
            text = deadline_text(match.settings)
            await tell(interaction, f"Saved: {text}.")
            await announce(interaction, f"{shown_user(interaction, 'The host')} set the turn "
                           f"deadline: {text}.")

    # --- watching -------------------------------------------------------------------------
    @game.command(name="status", description="Who plays, the options, and whose move it is")
    async def game_status(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, "/game status"):
            channel = channel_of(interaction)
            match = await self.service.current(channel)
            problems = []
            if match is not None and match.status == "active" \
                    and await self.service.delivery_trouble(match.id) is not None \
                    and not await self.service.post_again(match.id):  # fixed by now?
                refused = await self.service.delivery_trouble(match.id)
                problems.append(status_text(refused or ""))
            if match is not None and channel in getattr(self.bot, "files_refused", ()):
                problems.append(NO_FILES_TEXT)
            await tell(interaction, join_lines([*await self.service.status(channel),
                                                *problems]))

    @game.command(name="board", description="Post the board as it is now, for everyone")
    async def game_board(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, "/game board"):
            channel = channel_of(interaction)
            match = await lookup.open_match(self.service, channel)
            if match is None:
                raise ServiceError(await self.service.no_game(channel))
            if match.status != "active":
                raise ServiceError(lookup.NOT_STARTED)
            png = await self.service.render(match.id)
            status = await self.service.status(channel)
            await tell(interaction, "The board is posted below.")
            await announce(interaction, status[-1],
                           file=png_file(png, f"board-{match.id}-{match.version}.png"),
                           view=board_view(match.id, match.version))

    @game.command(name="view", description="Your private view: your hand, your moves, your board")
    async def game_view(self, interaction: discord.Interaction[Any]) -> None:
        await show_my_view(interaction, None)

    # --- taking back, ending --------------------------------------------------------------
    @game.command(name="undo", description="Take back your last action of this turn")
    async def game_undo(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, "/game undo") as attempt:
            result = await self.service.undo(channel_of(interaction), interaction.user.id,
                                             sent_at=sent_at(interaction))
            attempt.changed = result.ok
            await tell(interaction, act_reply(result))

    @game.command(name="abort", description="Host or channel manager: end this game now")
    async def game_abort(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, "/game abort"):
            permissions = interaction.permissions
            match = await self.service.may_abort(
                channel_of(interaction), interaction.user.id,
                can_manage=bool(permissions and permissions.manage_channels))
            await tell(interaction, "This ends the game for everyone, with no result. Press the "
                       "button to end it; otherwise the game goes on.",
                       view=abort_view(match.id, interaction.user.id))

    @game.command(name="export",
                  description="The record of a game that is over (default: this channel's last, "
                              "finished or aborted)")
    @app_commands.describe(match="A finished game you played in, by number (see /game history)")
    async def game_export(self, interaction: discord.Interaction[Any],
                          match: str | None = None) -> None:
        async with answering(interaction, "/game export"):
            if match is not None:
                found = await self.service.finished_match(match, interaction.guild_id)
                record = await self.service.export_for(found, interaction.user.id)
                last = found
            else:
                channel = channel_of(interaction)
                before = await self.service.last_finished(channel)
                if before is None:
                    await self.service.export(channel_id=channel)  # explains why there is none
                    raise ServiceError("No game in this channel is over yet (finished, or ended "
                                       "with /game abort), so there is none to export.")
                last = before
                record = await self.service.export(match_id=last.id,
                                                   requested_by=interaction.user.id)
            data = json.dumps(record, indent=1, ensure_ascii=False).encode()
            name = f"portolan-{last.game}-{last.id}.json"
            await tell(interaction,
                       f"The record of match {last.id} ({last.status}): setup, seed and every "
                       "action, enough to replay it.",
                       file=discord.File(io.BytesIO(data), filename=name))

    @game_export.autocomplete("match")
    async def export_autocomplete(self, interaction: discord.Interaction[Any], current: str
                                  ) -> list[app_commands.Choice[str]]:
        rows = await self.service.played_by(interaction.user.id, interaction.guild_id)
        return _match_choices(rows, current)

    @game.command(name="history", description="The last finished games and their results")
    @app_commands.describe(where="This channel (the default) or the whole server")
    async def game_history(self, interaction: discord.Interaction[Any],
                           where: Literal["channel", "server"] = "channel") -> None:
        async with answering(interaction, "/game history"):
            channel = None if where == "server" else channel_of(interaction)
            rows = await self.service.history(interaction.guild_id, channel)
            place = "on this server" if channel is None else "in this channel"
            # every game listed, none cut
            for page in pages(history_lines(rows, place, shown=shown_name)):
                await tell(interaction, page)

    @game.command(name="replay", description="A finished game, replayed as an animation")
    @app_commands.describe(match="A finished game of this server, by number (see /game history)")
    async def game_replay(self, interaction: discord.Interaction[Any], match: str) -> None:
        async with answering(interaction, "/game replay"):
            found = await self.service.finished_match(match, interaction.guild_id)
            gif = await self.service.replay_gif(found, interaction.user.id)
            await tell(interaction, "The replay is in the channel.")
            await announce(interaction, f"{shown_user(interaction, 'Someone')} shows the replay "
                           f"of game {match_title(found)}: every turn's board.",
                           file=discord.File(io.BytesIO(gif),
                                             filename=f"replay-{found.game}-{found.id}.gif"))

    @game_replay.autocomplete("match")
    async def replay_autocomplete(self, interaction: discord.Interaction[Any], current: str
                                  ) -> list[app_commands.Choice[str]]:
        rows = await self.service.history(interaction.guild_id, None, limit=25)
        return _match_choices(rows, current)


def _match_choices(rows: list[tuple[MatchRow, dict[str, Any]]], current: str
                   ) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower().lstrip("#")
    choices = []
    for match, result in rows:
        label = match_label(match, result)
        if typed in label.lower():
            choices.append(app_commands.Choice(name=clip_choice(label), value=str(match.id)))
    return choices[:CHOICE_LIMIT]
