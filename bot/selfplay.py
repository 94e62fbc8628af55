"""Whole games between bots through the real service and database, and rendering of records."""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.history import load_record, replay_turns
from bot.service import MatchService
from bot.service.texts import bot_seat_name
from bot.settings import Settings
from bot.storage import Storage
from engine.core import Event, registry
from engine.core import bots as kinds
from render import catalog as render_catalog

SELFPLAY_HOST = 0  # the user id that hosts self-play matches before a bot takes its seat


async def run_selfplay(
    game_id: str, *, games: int, seed: int, players: int | None, bot: str | None,
    records: Path | None, db: Path | str | None, max_actions: int, settings: Settings,
    options: dict[str, str] | None = None,
) -> int:
    """Plays ``games`` games with every seat a bot and prints one JSON line per game, then a
    summary line. Returns a non-zero exit status when any game errors or hits the move cap."""
    game = registry.get(game_id)
    seats = players or game.min_players
    # the quick bot unless told: figures over many games, in seconds (strong thinks a while)
    have = kinds.bot_names(game)
    bot_name = kinds.canonical(bot) if bot else ("easy" if "easy" in have else have[0])
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    errors = 0
    finished = 0
    total_actions = 0
    figures: dict[str, list[float]] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        storage = await Storage.open(db or Path(scratch) / "selfplay.sqlite3")
        service = MatchService(storage, settings.model_copy(update={"bot_delay": 0.0}),
                               run_bots=False)
        try:
            for index in range(games):
                game_seed = seed + index
                line = await _one_game(service, game_id, seats, bot_name, game_seed, index,
                                       max_actions, records, options or {})
                errors += 0 if line.get("finished") and "error" not in line else 1
                finished += bool(line.get("finished"))
                total_actions += int(line.get("actions", 0))
                for key, value in {"turns_per_player": line.get("turns_per_player", 0),
                                   **line.get("figures", {})}.items():
                    figures.setdefault(key, []).append(float(value))
                print(json.dumps(line), flush=True)
        finally:
            await storage.close()
    seconds = time.perf_counter() - started
    summary = {"game": game_id, "players": seats, "bot": bot_name, "finished": finished,
               "actions": total_actions, "seconds": round(seconds, 3),
               "actions_per_s": round(total_actions / seconds, 1) if seconds else None,
               # per game: the median of each figure over the games played
               "median": {k: statistics.median(v) for k, v in figures.items()}}
    print(json.dumps({"summary": summary, "games": games, "errors": errors}), flush=True)
    return 1 if errors else 0


async def _one_game(service: MatchService, game_id: str, seats: int, bot_name: str,
                    seed: int, index: int, max_actions: int, records: Path | None,
                    options: dict[str, str]) -> dict[str, Any]:
    line: dict[str, Any] = {"game": game_id, "seed": seed, "players": seats}
    started = time.perf_counter()
    channel = 10_000_000 + index
    # every seat is named for its bot, as /game addbot names one: the host's, taken by a bot
    # once the game has started, is the last number
    host_name = bot_seat_name(seats, bot_name)
    try:
        match = await service.create(channel_id=channel, guild_id=None, game_id=game_id,
                                     host_id=SELFPLAY_HOST, host_name=host_name, seed=seed,
                                     options=options, exact_seed=True)
        for _ in range(seats - 1):
            await service.add_bot(channel, SELFPLAY_HOST, bot_name)
        await service.start(channel, SELFPLAY_HOST)
        host_seat = next(s.seat for s in await service.storage.seats(match.id)
                         if s.user_id == SELFPLAY_HOST)
        assert host_seat is not None
        await service.storage.replace_seat_with_bot(match.id, host_seat, bot_name,
                                                    name=host_name)
        actions = 0
        while actions < max_actions:
            moved = await service.run_bot_turns(match.id, delay=0, limit=max_actions - actions)
            actions += moved
            if moved == 0:
                break
        match = await service.storage.get_match(match.id)
        state = await service.state_of(match.id)
        game = registry.get(game_id)
        outcome = game.outcome(state)
        events = [Event.model_validate(e) for row in await service.storage.actions(match.id)
                  for e in row.events]
        line.update(finished=outcome is not None,
                    end_reason=outcome.end_reason if outcome else
                    ("move cap" if match.version >= max_actions else "stuck"),
                    turns=state.turn, turns_per_player=round(state.turn / seats, 1),
                    figures=game.figures(state, events), actions=match.version,
                    scores=outcome.scores if outcome else None,
                    winners=outcome.winners if outcome else [])
        if outcome is None:
            await service.storage.abort_match(match.id)
        if records is not None:
            record = await service.export(match_id=match.id)
            (records / f"{game_id}-{seed}.json").write_text(json.dumps(record, indent=1))
    except Exception as err:  # one broken game must not hide the others
        line.update(finished=False, error=f"{type(err).__name__}: {err}")
        print(f"game {index} (seed {seed}) failed: {err}", file=sys.stderr)
    line["seconds"] = round(time.perf_counter() - started, 3)
    return line


def render_record(record_path: Path, out: Path) -> list[Path]:
    """Writes the public board before the first move and after every turn as numbered PNGs."""
    turns = replay_turns(load_record(record_path))
    renderer = render_catalog.get(turns.game.id)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for n, (view, seq) in enumerate(zip(turns.views, turns.seqs, strict=True)):
        path = out / f"{n:04d}-{f'move{seq}' if seq else 'start'}.png"
        path.write_bytes(renderer(view, turns.names))
        written.append(path)
    return written
