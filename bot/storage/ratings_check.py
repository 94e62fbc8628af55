"""``python -m bot ratings [--rebuild]``: the ratings worked out again from every stored result,
compared with those kept game by game, and (with ``--rebuild``) put in their place."""

from __future__ import annotations

from pathlib import Path

from .postgres import redacted
from .repository import Storage


async def check_ratings(target: str | Path, rebuild: bool = False) -> int:
    """Prints how the kept ratings compare with the results; returns the exit status (1 when
    they differ and were not rebuilt)."""
    store = await Storage.open(target)
    try:
        kept = await store.all_ratings()
        fresh = await store.ratings_from_results()
        differ = sorted(f"{game} on server {guild}: {player}"
                        for key in set(kept) | set(fresh)
                        for guild, game in [key]
                        for player in set(kept.get(key, {})) | set(fresh.get(key, {}))
                        if kept.get(key, {}).get(player) != fresh.get(key, {}).get(player))
        count = sum(len(book) for book in fresh.values())
        where = redacted(str(target))
        if not differ:
            print(f"{count} ratings in {where}, all as the results give them.")
            return 0
        print(f"{len(differ)} of {count} ratings in {where} differ from the results:")
        for line in differ[:20]:
            print(f"  {line}")
        if rebuild:
            await store.rebuild_ratings()
            print("Rebuilt from the results.")
            return 0
        print("Run with --rebuild to put the results' ratings in their place.")
        return 1
    finally:
        await store.close()
