"""``python -m bot [run|local|selfplay|replay|bench|sync]``."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.logs import setup_logging
from bot.settings import SettingsError, load_settings
from bot.storage.postgres import is_url

NO_TOKEN = """\
No DISCORD_TOKEN is set, so Portolan opens the local table instead of connecting to Discord.
To run the bot: create an application at https://discord.com/developers/applications,
add a bot, copy its token into .env as DISCORD_TOKEN=... (see README.md), and run again.
"""


def database(text: str) -> Path | str:
    """A ``--db`` value: a postgresql:// URL as it is, anything else a file path."""
    return text if is_url(text) else Path(text)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Portolan")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (the local table without a token)")
    local = sub.add_parser("local", help="play at the local table in this terminal")
    local.add_argument("--game", help="create and start this game at once")
    local.add_argument("--players", type=int, default=2, help="seats in all (with --game)")
    local.add_argument("--bots", type=int, default=0, help="how many seats are bots")
    local.add_argument("--seed", type=int, help="the match seed (random when left out)")
    local.add_argument("--db", type=database, help="database file or postgresql:// URL "
                       "(default from settings)")
    local.add_argument("--boards", type=Path, help="folder for board images")
    selfplay = sub.add_parser("selfplay", help="whole games between bots, one JSON line each")
    selfplay.add_argument("game")
    selfplay.add_argument("--games", type=int, default=1)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    selfplay.add_argument("--bot", default=None, help="strong, easy or random (default: easy, "
                          "which plays at once)")
    selfplay.add_argument("--records", type=Path, help="write each game's record here")
    selfplay.add_argument("--db", type=database,
                          help="database file or postgresql:// URL (default: a temporary file)")
    selfplay.add_argument("--max-actions", type=int, default=20000, help="move cap per game")
    selfplay.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                          help="a game option (repeatable), as in /game new")
    replay = sub.add_parser("replay", help="render every turn of an exported match")
    replay.add_argument("record", type=Path)
    replay.add_argument("--out", type=Path, required=True,
                        help="a folder for the boards (or, with --gif, the GIF file)")
    replay.add_argument("--gif", action="store_true",
                        help="one animated GIF of the whole game, a frame a turn")
    rate = sub.add_parser("ratings", help="check (or rebuild) the ratings from the results")
    rate.add_argument("--rebuild", action="store_true",
                      help="replace the kept ratings with those worked out from the results")
    rate.add_argument("--db", help="the database (default: PORTOLAN_DB)")
    sub.add_parser("bench", help="run the benchmarks in bench/ and print their figures")
    sub.add_parser("sync", help="sync slash commands globally with Discord")
    from bot.storage import transfer

    transfer.add_arguments(sub.add_parser(
        "migrate-db", help="copy every game to another database (SQLite to PostgreSQL)"))
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "migrate-db":
        from bot.storage import transfer

        return transfer.run_cli(args)
    try:
        settings = load_settings()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    from engine import catalog

    catalog.load()
    command = args.command or "run"
    if command == "run":
        if settings.discord_token is None:
            print(NO_TOKEN, file=sys.stderr)
            from bot.console import run_local

            return asyncio.run(run_local(settings))
        from bot.discord_bot import run

        run(settings)
        return 0
    if command == "local":
        from bot.console import run_local

        return asyncio.run(run_local(
            settings, game=args.game, players=args.players, bots=args.bots, seed=args.seed,
            db=args.db, boards=args.boards,
        ))
    if command == "selfplay":
        from bot.selfplay import run_selfplay

        options = dict(o.partition("=")[::2] for o in args.option)
        return asyncio.run(run_selfplay(
            args.game, games=args.games, seed=args.seed, players=args.players, bot=args.bot,
            records=args.records, db=args.db, max_actions=args.max_actions, settings=settings,
            options=options,
        ))
    if command == "replay":
        if args.gif:
            from bot.history import load_record, replay_gif

            out = args.out if args.out.suffix == ".gif" else args.out / "replay.gif"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(replay_gif(load_record(args.record)))
            print(f"replay written to {out} ({out.stat().st_size / 1e6:.1f} MB)")
            return 0
        from bot.selfplay import render_record

        written = render_record(args.record, args.out)
        print(f"{len(written)} boards written to {args.out}")
        return 0
    if command == "ratings":
        from bot.storage.ratings_check import check_ratings

        return asyncio.run(check_ratings(args.db or settings.db, rebuild=args.rebuild))
    if command == "bench":
        import runpy

        for script in sorted(Path("bench").glob("*.py")):
            print(f"== {script}")
            sys.argv = [str(script), "--json"]
            runpy.run_path(str(script), run_name="__main__")
        return 0
    if command == "sync":
        if settings.discord_token is None:
            print(NO_TOKEN, file=sys.stderr)
            return 2
        from bot.discord_bot import sync_global

        asyncio.run(sync_global(settings))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
