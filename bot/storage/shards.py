"""Which matches a bot process looks after when several share one database.

Discord puts each guild on one gateway shard, ``(guild_id >> 22) % shard_count``; a process
running some shards sees only their guilds' interactions, so its background work (deadlines,
bot seats, catch-up) takes only their matches. A match with no guild (the local table) belongs
to shard 0.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shards:
    ids: tuple[int, ...]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shards {self.ids} of {self.count}")

    @classmethod
    def of(cls, ids: list[int] | tuple[int, ...] | range, count: int) -> Shards:
        return cls(tuple(sorted(set(ids))), count)

    @property
    def every(self) -> bool:
        return len(self.ids) == self.count

    def shard(self, guild_id: int | None) -> int:
        return ((guild_id or 0) >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.shard(guild_id) in self.ids

    def where(self, guild_column: str = "m.guild_id") -> str:
        """The same test as SQL (the same on SQLite and PostgreSQL; the numbers are ints
        checked above, so they are written into the text)."""
        ids = ", ".join(str(int(i)) for i in self.ids)
        return f"((COALESCE({guild_column}, 0) >> 22) % {int(self.count)}) IN ({ids})"


def owned(shards: Shards | None) -> Shards | None:
    """``None`` (or every shard): no filter needed."""
    return None if shards is None or shards.every else shards
