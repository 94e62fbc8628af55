"""The local table: Portolan's commands typed in a terminal, with the same service and database.

It is a hot seat: every human seat sits at this one terminal, and commands act for whichever
human seat may act now. Board images go to a folder and their paths are printed. Input may be
piped in, so a whole game can be scripted.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import shlex
import sys
import threading
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from bot import commands as shared
from bot.notices import Notice
from bot.ratings import person
from bot.service import ActResult, Choice, MatchService, ServiceError
from bot.service.records import match_title
from bot.settings import Settings
from bot.storage import MatchRow, Storage
from bot.ui.records import history_lines, leaderboard_lines, player_label, stats_lines
from bot.ui.text import (
    NOT_A_MOVE,
    clean_name,
    clip,
    echo,
    game_rulings,
    local_times,
    rules_text,
    rulings_messages,
    unreadable_move,
)
from engine.core import Action, Game, all_games, registry
from engine.core.commands import FOLD_OVER, CommandTable, grouped_moves

log = logging.getLogger(__name__)

LOCAL_CHANNEL = 1
HOST = 1  # local users are numbered 1, 2, ...
MAX_SEED = 2**63 - 1  # what SQLite stores; Discord's /game new stops lower, at 2**53 - 1
MAX_TURN_HOURS = 24 * 30  # the same limits as /game settings in Discord
MAX_ANSWER_SECONDS = 86400

HELP = """\
Commands (the same as in Discord):
  /game new GAME [name=value ...] [seed=N]   create a game here (you are the host)
  /game join [NAME]        seat another player at this table
  /game addbot [BOT]       add a bot seat: strong, easy, or random (testing); none: the strongest
  /game start              deal and begin (the seat order is shuffled)
  /game status             who plays and whose move it is
  /game board              write the board image and print its path
  /game view               "My view": your hand and secrets, your moves, your own board image
  /game undo               take back your last action of this turn
  /game abort              end the game without a result (asks you to type yes)
  /game export [N] [FILE]  save a game's record as JSON: game N of /game history, or the
                           last game here that is over (finished, or ended with /game abort)
  /game history            the last finished games at this table, with their results
  /game replay N [FILE]    game N of the history as an animated GIF, a frame a turn
  /stats [PLAYER] [GAME]   a player's games, wins, places and rating (default: yours)
  /leaderboard GAME [bots] the best players of a game here (with bots: the bots too)
  /game settings [turn_hours=H] [policy=wait|bot|remove] [answer_seconds=S]
  /move                    list the legal moves of whoever acts now
  /move N | /move TEXT     play move N of that list, or the move with that label
  /ships|/trader|/empires COMMAND [option=value ...]   a game's own commands, as in Discord (e.g.
                           /ships place age=2 box=merchant where=miletus pay=merchant); a value
                           may be any part of its label (a number: only that number); a
                           choice left out is asked for
  /ships|/trader|/empires decide [N]   the decision the game waits for, numbered; N picks one
  /ships|/trader|/empires help [COMMAND]   what that command does and costs
  N                        after a numbered list: play entry N
  /me                      "My view": what only the acting player knows, and every move
  /rules [GAME]            a short summary of a game's rules
  /help                    this list
  /quit                    leave (the game is saved; run again to go on)"""


class LocalTable:
    def __init__(self, service: MatchService, boards: Path, out: TextIO = sys.stdout) -> None:
        self.service = service
        self.boards = boards
        self.out = out
        self.users: dict[int, str] = {HOST: "Player 1"}
        self.menu: list[Choice] = []  # the last numbered list a command answered with
        self.menu_asks = False  # ... asking which of one command's moves was meant
        self.confirming = False  # /game abort asked "yes?"
        # a script waits, after each line, until the bots have moved (its next line is meant
        # for then); at a terminal, lines typed meanwhile are answered at once (below)
        self.waits = True

    def say(self, *lines: str) -> None:
        for line in lines:  # (Discord's bold marks read as noise in plain text)
            print(local_times(line.replace("**", ""), time.time()), file=self.out)
        self.out.flush()

    async def notify(self, notice: Notice) -> None:
        """Prints what Discord would post in the channel."""
        self.say(*notice.lines)
        if notice.board:
            await self.write_board(notice.match_id, notice.version)
        if notice.image is not None:
            self.boards.mkdir(parents=True, exist_ok=True)
            stem, _, suffix = notice.image[0].rpartition(".")
            path = self.boards / f"match{notice.match_id}-{clean_file(stem)}.{suffix}"
            path.write_bytes(notice.image[1])
            self.say(f"[picture] {path}")
        if notice.ping:
            names = ", ".join(self.users.get(u, f"user {u}") for u in notice.ping)
            self.say(f"-> {names}: your move.")

    async def write_board(self, match_id: int, version: int | None = None,
                          viewer: int | None = None) -> Path:
        """Writes the public board (or ``viewer``'s own, with what only they see) and prints
        its path."""
        png = await self.service.render(match_id, viewer)
        self.boards.mkdir(parents=True, exist_ok=True)
        if version is None:
            version = (await self.service.match(match_id)).version
        whose = f"-seat-{clean_file(self.users.get(viewer, str(viewer)))}" if viewer else ""
        path = self.boards / f"match{match_id}-v{version:04d}{whose}.png"
        path.write_bytes(png)
        self.say(f"[{'your board' if viewer else 'board'}] {path}")
        return path

    async def acting_user(self) -> int:
        """The human user who may act now (hot seat), else the host."""
        match = await self.service.current(LOCAL_CHANNEL)
        if match is None or match.status != "active":
            return HOST
        for user in sorted(self.users):
            if await self.service.choices(LOCAL_CHANNEL, user):
                return user
        return HOST

    async def handle(self, line: str) -> bool:
        """Runs one command line; returns False on /quit."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        try:
            words = shlex.split(line)
        except ValueError as err:
            self.say(f"Cannot read that line: {err}.")
            return True
        head, rest = words[0].lstrip("/").lower(), words[1:]
        confirming, self.confirming = self.confirming, False
        try:
            if confirming and not (head == "yes" and not rest):
                self.say("The game goes on.")
                if head == "no" and not rest:
                    return True
            if head in ("quit", "exit"):
                return False
            if confirming and head == "yes" and not rest:
                await self.service.abort(LOCAL_CHANNEL, HOST)
            elif head == "help":
                self.say(HELP)
            elif head == "rules":
                self.say(*_rules(" ".join(rest) or None))
            elif head == "me":
                await self._me()
            elif head == "stats":
                await self._stats(rest)
            elif head == "leaderboard":
                await self._leaderboard(rest)
            elif head == "move":
                await self._move(" ".join(rest))
            elif head == "game" and rest:
                await self._game(rest[0].lower(), rest[1:])
            elif (head.isdecimal() or _whole_number(head)) and not rest:
                await self._pick(head)
            elif head in shared.groups():
                await self._group(head, rest)
            else:
                self.say(f"Unknown command {echo(line)}; {_meant(head)}/help lists the "
                         "commands.")
        except ServiceError as err:
            self.say(clip(str(err)))
        except Exception:  # a bug: the table says so and carries on; the log has the details
            log.exception("local table: %s failed", echo(line))
            self.say("Something went wrong with that command (the log says what); the table "
                     "carries on. /game status shows where the game stands.")
        if self.waits:
            await self.service.idle()
        return True

    async def _game(self, sub: str, args: list[str]) -> None:
        service = self.service
        if sub == "new":
            if not args:
                raise ServiceError("Which game? " + ", ".join(g.id for g in all_games()))
            game = _find_game(args[0])
            options, seed = _options(args[1:])
            await service.create(channel_id=LOCAL_CHANNEL, guild_id=None, game_id=game.id,
                                 host_id=HOST, host_name=self.users[HOST], options=options,
                                 seed=seed, exact_seed=True)  # one terminal: no secrets
            self.say(f"A game of {game.name} is open. Add players with "
                     "/game join or /game addbot, then /game start.")
        elif sub == "join":
            user = max(self.users) + 1
            name = clean_name(" ".join(args), f"Player {user}")
            await service.join(LOCAL_CHANNEL, user, name)
            self.users[user] = name
            self.say(f"{name} joins.")
        elif sub == "addbot":
            lobby = await service.add_bot(LOCAL_CHANNEL, HOST, args[0] if args else None)
            added = [s for s in await service.storage.seats(lobby.id) if s.bot][-1]
            self.say(f"{added.name} joins.")
        elif sub == "start":
            await service.start(LOCAL_CHANNEL, HOST)
        elif sub == "status":
            self.say(*await service.status(LOCAL_CHANNEL))
        elif sub == "view":
            await self._me(board=True)
        elif sub == "board":
            match = await service.current(LOCAL_CHANNEL)
            if match is None or match.status != "active":
                raise ServiceError("No game in progress here.")
            await self.write_board(match.id)
        elif sub == "undo":
            self._result(await service.undo(LOCAL_CHANNEL, await self.acting_user()))
        elif sub == "abort":
            if [a.lower() for a in args] == ["yes"]:
                await service.abort(LOCAL_CHANNEL, HOST)
                return
            if await service.current(LOCAL_CHANNEL) is None:
                raise ServiceError("There is no game here to abort.")
            self.confirming = True
            self.say("This ends the game for everyone, with no result. Type yes to end it "
                     "(anything else keeps it).")
        elif sub == "export":
            numbered = bool(args) and args[0].lstrip("#").isdecimal()
            if numbered:  # game N of /game history, as Discord's match: picks it
                last: MatchRow | None = await service.finished_match(args[0], None)
                args = args[1:]
            else:  # the last game here that is over: finished, or ended with /game abort
                last = await service.last_finished(LOCAL_CHANNEL)
            if last is None:
                await service.export(channel_id=LOCAL_CHANNEL)  # says why not
                raise ServiceError("No game at this table is over yet: there is no record "
                                   "to export.")
            record = await service.export(match_id=last.id)
            path = Path(args[0]) if args else self.boards / f"match{last.id}.json"
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(record, indent=1))
            except (OSError, ValueError) as err:
                raise ServiceError(f"Cannot write the record to {echo(str(path))}: "
                                   f"{getattr(err, 'strerror', None) or err}.") from None
            self.say(f"[record] {path}",
                     f"The record of {match_title(last)} ({last.status}): setup, seed and every "
                     "action; /game export N saves game N of /game history.")
        elif sub == "history":
            rows = await service.history(None, LOCAL_CHANNEL)
            self.say(*history_lines(rows, "at this table", links=False))
        elif sub == "replay":
            if not args:
                raise ServiceError("Which game? /game replay N (its number in /game history).")
            found = await service.finished_match(args[0], None)
            gif = await service.replay_gif(found, HOST)
            path = Path(args[1]) if len(args) > 1 else self.boards / f"replay{found.id}.gif"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(gif)
            self.say(f"[replay of {match_title(found)}] {path} ({len(gif) / 1024:,.0f} KB)")
        elif sub == "settings":
            options, _ = _options(args)
            await service.update_settings(
                LOCAL_CHANNEL, HOST,
                turn_hours=_number(options, "turn_hours", MAX_TURN_HOURS),
                policy=options.get("policy"),
                answer_seconds=_number(options, "answer_seconds", MAX_ANSWER_SECONDS))
            self.say(*(await service.status(LOCAL_CHANNEL))[1:2])
        else:
            self.say(f"Unknown command /game {echo(sub)}; /help lists the commands.")

    def _label(self, player: str) -> str:
        return player_label(player, lambda user: self.users.get(user, f"player {user}"))

    async def _stats(self, args: list[str]) -> None:
        """/stats [PLAYER] [GAME]: a player's record at this table (default: the host)."""
        game = _find_game(args[-1]).id if args and _is_game(args[-1]) else None
        named = args[:-1] if game else args
        user = HOST
        if named:
            wanted = " ".join(named).lower()
            found = [u for u, n in self.users.items() if n.lower() == wanted]
            if not found:
                raise ServiceError(f"Nobody here is called {echo(' '.join(named))}.")
            user = found[0]
        rows = await self.service.stats(None, person(user), game)
        self.say(*stats_lines(self.users.get(user, str(user)), rows, game, "at this table"))

    async def _leaderboard(self, args: list[str]) -> None:
        """/leaderboard GAME [bots]: the best at this table."""
        if not args:
            raise ServiceError("Which game? /leaderboard GAME [bots]")
        bots = args[-1].lower() == "bots"
        game = _find_game(" ".join(args[:-1] if bots else args))
        rows = await self.service.leaderboard(None, game.id, bots=bots)
        self.say(*leaderboard_lines(game.name, rows, self._label, "at this table"))

    async def _move(self, text: str) -> None:
        user = await self.acting_user()
        choices = await self.service.choices(LOCAL_CHANNEL, user)
        if not text:
            if not choices:
                self.say("Nobody at this table can move now.")
            for line in await self._move_lines(choices):
                self.say(line)
            self.menu, self.menu_asks = list(choices), False  # a bare number picks from it
            return
        if unreadable_move(text):
            self.say(NOT_A_MOVE)
            return
        if text.isdecimal() and len(text) <= 6 and 1 <= int(text) <= len(choices):
            value = choices[int(text) - 1].value
        elif _whole_number(text) and choices:  # a number the list does not have (0, -1)
            self.say(f"Pick a number from 1 to {len(choices)}: /move lists them."
                     if len(choices) > 1 else "There is only move 1: /move lists it.")
            return
        else:
            value = text
            self._close_asking()
        result = await self.service.act_choice(LOCAL_CHANNEL, user, value)
        await self._answer(await shared.after(self.service, None, LOCAL_CHANNEL, user, result))

    async def _move_lines(self, choices: list[Choice]) -> list[str]:
        match = await self.service.current(LOCAL_CHANNEL)
        table = registry.get(match.game).commands() if match is not None else None
        return move_lines(table, [(c.action, c.label) for c in choices])

    async def _group(self, name: str, args: list[str]) -> None:
        """A game's command group (``/ships place ...``), read exactly as its Discord group
        reads it (:mod:`bot.commands`)."""
        group = shared.group_named(name)
        command = args[0].lower() if args else ""
        if command == "help":
            self._text(shared.help_text(group, " ".join(args[1:]) or None))
            return
        user = await self.acting_user()
        if command == "decide":
            if len(args) < 2:
                await self._list_decisions(group, user)
                return
            typed = " ".join(args[1:])
            if typed.strip().isdecimal():  # a number picks from the decisions, listed now
                self.menu = await shared.decisions(self.service, group, LOCAL_CHANNEL, user, "")
                self.menu_asks = False
            await self._answer(await shared.decide(
                self.service, group, LOCAL_CHANNEL, user, self._menu_value(typed)))
            return
        known = [c.name for c in group.table.commands]
        if command not in known:
            unknown = f"/{group.name} has no command {args[0][:40]!r}. " if command else ""
            self.say(f"{unknown}/{group.name} commands: {', '.join([*known, 'decide', 'help'])}; "
                     f"/{group.name} help COMMAND explains one.")
            return
        self._close_asking()
        await self._answer(await shared.run(self.service, group, command, LOCAL_CHANNEL, user,
                                            _named(args[1:])))

    async def _list_decisions(self, group: shared.Group, user: int) -> None:
        found = await shared.decisions(self.service, group, LOCAL_CHANNEL, user, "")
        if not found:
            self._text(group.table.nothing_to_decide)
            return
        self.menu, self.menu_asks = found, False
        self.say(f"Decide: type /{group.name} decide N (or just N).",
                 *(f"  {n}. {c.label}" for n, c in enumerate(found, 1)))

    def _close_asking(self) -> None:
        """Another command typed: the list a command answered with, asking which of its moves
        was meant, is done with, and a number no longer picks from it (a decision's list, or
        /move's, stays open: what it offers is still to be done)."""
        if self.menu_asks:
            self.menu, self.menu_asks = [], False

    def _menu_value(self, text: str) -> str:
        """A number picks from the last numbered list; anything else is a choice's label."""
        text = text.strip()
        if text.isdecimal() and len(text) <= 6 and 1 <= int(text) <= len(self.menu):
            return self.menu[int(text) - 1].value
        if text.isdecimal():
            return text
        wanted = text.lower()
        found = [c for c in self.menu if c.label.lower() == wanted]
        return found[0].value if found else text

    async def _answer(self, answer: shared.Answer) -> None:
        """What Discord shows privately, here: the text, and a numbered menu to pick from."""
        if answer.result is not None:
            self._result(answer.result)
        else:
            self._text(answer.text)
        if answer.menu or (answer.result is not None and answer.result.ok):
            self.menu = list(answer.menu)  # a refusal or a plain answer keeps the list open
            self.menu_asks = bool(answer.menu) and answer.result is None
        if answer.menu:
            if answer.result is not None:
                self.say("A decision is waiting for you:")
            self.say(*(f"  {n}. {c.label}" for n, c in enumerate(answer.menu, 1)),
                     "Type its number to play it.")

    def _text(self, text: str) -> None:
        self.say(*text.replace("**", "").replace("`", "").splitlines())

    async def _pick(self, number: str) -> None:
        """A bare number plays that entry of the last numbered list; one the list does not
        have is refused, and the list stays open."""
        if not self.menu:
            self.say("No numbered list is open: /move lists your moves, with numbers to pick.")
            return
        if len(number) > 6 or not 1 <= int(number) <= len(self.menu):
            self.say(f"Pick a number from 1 to {len(self.menu)}, from the list above."
                     if len(self.menu) > 1 else "The list above has only 1.")
            return
        value = self._menu_value(str(int(number)))  # (+2 is 2)
        user = await self.acting_user()
        result = await self.service.act_choice(LOCAL_CHANNEL, user, value)
        await self._answer(await shared.after(self.service, None, LOCAL_CHANNEL, user, result))

    async def _me(self, board: bool = False) -> None:
        """"My view", as Discord's /game view gives it: what only the acting player knows,
        every move they have grouped by command, and (``board``) their own board image."""
        user = await self.acting_user()
        match_id, lines = await self.service.private_summary(LOCAL_CHANNEL, user)
        self.say(*lines)
        if board:
            await self.write_board(match_id, viewer=user)

    def _result(self, result: ActResult) -> None:
        if not result.ok:
            self.say(clip(result.message))  # as in Discord: an echo of a huge value is cut
        for line in result.private:
            self.say(f"(only you see) {line}")


def clean_file(name: str) -> str:
    """A player's name as part of a file name."""
    kept = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    return kept[:40] or "player"


def move_lines(table: CommandTable[Any] | None, labelled: list[tuple[Action, str]]) -> list[str]:
    """``/move``'s list, numbered: one move a line, or past ``FOLD_OVER`` grouped under their
    commands as "My view" lists them (near-alike moves share a line and are played with their
    command; a move on a line of its own keeps its number, for ``/move N``)."""
    if table is None or len(labelled) <= FOLD_OVER:
        return [f"  {number}. {label}" for number, (_, label) in enumerate(labelled, 1)]
    return grouped_moves(table, labelled, numbered=True)


def _whole_number(text: str) -> bool:
    """``text`` is a whole number, signed or not (``7``, ``-1``, ``+3``)."""
    digits = text[1:] if text[:1] in "+-" else text
    return digits.isascii() and digits.isdecimal()


def _named(args: list[str]) -> dict[str, str]:
    """A game command's options, written name=value, each at most once; words after a value
    that name no option belong to it (``where=tyre cloth pay=merchant``)."""
    options: dict[str, str] = {}
    last: str | None = None
    for arg in args:
        name, sep, value = arg.partition("=")
        if not sep or not name:
            if last is None:
                raise ServiceError(f"Options are written name=value, not {echo(arg)}.")
            options[last] += " " + arg
            continue
        if name in options:
            raise ServiceError(f"{echo(name)} is given twice; give each option once.")
        options[name] = value
        last = name
    return options


def _options(args: list[str]) -> tuple[dict[str, Any], int | None]:
    options: dict[str, Any] = {}
    seed: int | None = None
    for arg in args:
        name, sep, value = arg.partition("=")
        if not sep:
            raise ServiceError(f"Options are written name=value, not {echo(arg)}.")
        if name == "seed":
            seed = _seed(value)
        else:
            options[name] = value
    return options, seed


def _shown(line: str, limit: int = 200) -> str:
    """A line typed at the table as it is echoed: control and format characters (escape
    sequences, bidi overrides) as "?", cut short."""
    hidden = ("Cc", "Cf", "Cs", "Zl", "Zp")
    text = "".join("?" if unicodedata.category(c) in hidden else c for c in line[: limit + 1])
    return text if len(text) <= limit else text[:limit] + "…"


def _seed(text: str) -> int:
    """A seed typed at the table: a whole number that SQLite can store."""
    limit = f"The seed is a whole number from 0 to {MAX_SEED}."
    if not (text.isascii() and text.isdecimal()) or len(text) > len(str(MAX_SEED)):
        raise ServiceError(f"{limit} {echo(text)} is not.")
    seed = int(text)
    if seed > MAX_SEED:
        raise ServiceError(f"{limit} {echo(text)} is too large.")
    return seed


def _number(options: dict[str, Any], name: str, most: float) -> float | None:
    """An option that is a number from 0 to ``most`` (None when it was left out)."""
    text = options.get(name)
    if text is None:
        return None
    try:
        value = float(text) if len(text) <= 30 else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value <= most:  # also refuses nan
        raise ServiceError(f"{name} is a number from 0 to {most:g}; {echo(text)} is not.")
    return value


def _find_game(text: str) -> Game[Any]:
    """The installed game called ``text`` (its id or its name, any case)."""
    from bot.cogs.common import find_game

    return find_game(text)


def _is_game(text: str) -> bool:
    try:
        _find_game(text)
    except ServiceError:
        return False
    return True


def _rules(game_id: str | None) -> list[str]:
    games = [_find_game(game_id)] if game_id else all_games()
    if not games:
        return ["No games are installed."]
    if len(games) == 1:  # as Discord's /rules answers: the game, then how its book is read
        rulings = game_rulings(games[0])
        texts = [rules_text(games[0]), *(rulings_messages(games[0].name, rulings)
                                         if rulings else [])]
        # (a quoted passage is indented: "> " starts the lines a player types here)
        return [f"    {line[2:]}" if line.startswith("> ") else line
                for text in texts for line in ["", *text.splitlines()]][1:]
    lines = []
    for game in games:
        lines.append(f"{game.name} ({game.id}), {game.min_players}-{game.max_players} players: "
                     f"{game.summary}")
        for spec in game.options:
            lines.append(f"  option {spec.name} (default {spec.default}): {spec.description}")
    lines.append("/rules GAME says more of one game: its bots and how its rulebook is read.")
    return lines


async def run_local(
    settings: Settings, *, game: str | None = None, players: int = 2, bots: int = 0,
    seed: int | None = None, db: Path | str | None = None, boards: Path | None = None,
    stdin: TextIO | None = None, stdout: TextIO | None = None,
) -> int:
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    storage = await Storage.open(db or settings.db)
    table: LocalTable | None = None
    notify: Callable[[Notice], Any] = lambda notice: table.notify(notice)  # type: ignore[union-attr]  # noqa: E731
    # at the table every line is printed as it happens: nothing to gather into fewer posts
    service = MatchService(storage, settings.model_copy(
        update={"bot_delay": 0.0, "turn_batch_seconds": 0.0}), notify)
    table = LocalTable(service, boards or settings.board_dir, out)
    interactive = stdin.isatty()
    table.waits = not interactive
    try:
        await _restore_users(table)
        await service.catch_up()
        await service.tick()
        await service.resume()
        table.say("Portolan local table. /help lists the commands; /quit leaves.")
        if game:
            await _quick_start(table, game, players, bots, seed)
        if interactive:
            await _read_at_a_terminal(table, stdin, out)
        else:
            while True:
                line = await asyncio.to_thread(stdin.readline)
                if not line:
                    break
                table.say(f"> {_shown(line.rstrip())}")
                if not await table.handle(line):
                    break
    finally:
        await service.idle()
        await service.close()
        await storage.close()
    return 0


async def _read_at_a_terminal(table: LocalTable, stdin: TextIO, out: TextIO) -> None:
    """Reads the lines typed at a terminal while the bots move, as Discord takes a command
    at any moment: each is answered as things stand when it is typed (a move out of turn is
    refused then), never kept for the player's next turn. The prompt comes back once the
    bots are done."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue()

    def read() -> None:  # a daemon thread: a read still waiting does not hold up /quit
        while True:
            try:
                line = stdin.readline()
            except (OSError, ValueError):
                line = ""
            try:
                loop.call_soon_threadsafe(lines.put_nowait, line)
            except RuntimeError:  # the table has closed
                return
            if not line:
                return

    threading.Thread(target=read, name="local table input", daemon=True).start()
    idle: asyncio.Future[None] | None = None
    while True:
        if idle is None:
            idle = asyncio.ensure_future(table.service.idle())
        typed = asyncio.ensure_future(lines.get())
        either: set[asyncio.Future[Any]] = {idle, typed}
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        if not typed.done():  # the bots are done: the table waits for the player
            print("> ", end="", file=out, flush=True)
            await typed
        if idle.done():
            idle = None
        line = typed.result()
        if not line or not await table.handle(line):
            if idle is not None:
                await idle  # (as a script's /quit: the bots' moves are saved first)
            return


async def _restore_users(table: LocalTable) -> None:
    """Picks up the local players of a game saved in this database."""
    match = await table.service.current(LOCAL_CHANNEL)
    if match is None:
        return
    for seat in await table.service.seats(match.id):
        if seat.user_id is not None:
            table.users[seat.user_id] = seat.name
    table.say("A saved game is open here:", *await table.service.status(LOCAL_CHANNEL))


async def _quick_start(table: LocalTable, game: str, players: int, bots: int,
                       seed: int | None) -> None:
    if await table.service.current(LOCAL_CHANNEL) is not None:
        table.say("Carrying on with the saved game; /game abort ends it.")
        return
    seed_arg = [f"seed={seed}"] if seed is not None else []
    await table.handle(shlex.join(["/game", "new", game, *seed_arg]))
    match = await table.service.current(LOCAL_CHANNEL)
    if match is None:  # refused, and the table said why
        return
    most = _find_game(match.game).max_players  # no more seats than the game has
    players = max(1, min(players, most))
    bots = max(0, min(bots, players - 1))
    for _ in range(players - 1 - bots):
        await table.handle("/game join")
    for _ in range(bots):
        await table.handle("/game addbot")
    await table.handle("/game start")


# the /game subcommands, so that one typed without "/game" in front is pointed to
GAME_SUBCOMMANDS = ("new", "join", "addbot", "start", "status", "view", "board", "undo",
                    "abort", "export", "history", "replay", "settings")


def _meant(head: str) -> str:
    """"did you mean /game status? " for a /game subcommand typed on its own (or /move for
    "moves"), else nothing."""
    if head in GAME_SUBCOMMANDS:
        return f"did you mean /game {head}? "
    if head in ("moves", "legal"):
        return "did you mean /move? "
    return ""
