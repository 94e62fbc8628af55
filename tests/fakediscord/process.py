"""The bot as a separate process, exactly as it is run: ``python -m bot run``.

It runs in its own working directory (so no developer's ``.env`` is read) with the settings
that point it at the fake Discord, a database file the test chooses, and no delay for bot
players. Its log goes to a file the tests can read when something fails.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.fakediscord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    def __init__(self, fake: FakeDiscord, workdir: Path, *, env: dict[str, str] | None = None,
                 argv: tuple[str, ...] = ("-m", "bot", "run")) -> None:
        self.fake = fake
        self.workdir = workdir
        self.db = workdir / "portolan.sqlite3"
        self.log_path = workdir / "bot.log"
        self.argv = argv
        self.extra_env = env or {}
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("PORTOLAN_") and k not in ("DISCORD_TOKEN", "DEV_GUILD_ID")}
        env.update(self.fake.env())
        env.update({
            "PYTHONPATH": str(ROOT),
            "PORTOLAN_DB": str(self.db),
            "PORTOLAN_BOARD_DIR": str(self.workdir / "boards"),
            "PORTOLAN_BOT_DELAY": "0",
            "PORTOLAN_TICK_SECONDS": "1",
            "PORTOLAN_LOG_LEVEL": "INFO",
            "PORTOLAN_MIX_SEEDS": "false",  # the tests' chosen seeds are played as given
        })
        env.update(self.extra_env)
        return env

    @property
    def shards(self) -> list[int] | None:
        """The shards this process runs (``PORTOLAN_SHARDS``), or None: all of them."""
        text = self.extra_env.get("PORTOLAN_SHARDS")
        if text is None:
            return None
        head = text.partition("/")[0]
        first, _, last = head.partition("-")
        return list(range(int(first), int(last or first) + 1))

    async def start(self, timeout: float = 60.0) -> None:
        """Starts the bot and waits until it is connected and has synced its commands (a
        process running some shards: until each of its shards has a new session)."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.fake.connected.clear()
        self.fake.commands.pop(self.fake.guild_id, None)
        before = self.fake.live_shards()
        log = self.log_path.open("ab")
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, *self.argv, cwd=self.workdir, env=self.environment(),
            stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=log)
        log.close()
        self.starts += 1
        mine = self.shards
        try:
            if mine is None:
                await self.fake.wait_ready(timeout)
            else:
                await self.fake.wait_for(
                    lambda: self.fake.guild_id in self.fake.commands and all(
                        self.fake.live_shards().get(s) not in (None, before.get(s))
                        for s in mine), timeout, f"sessions of shards {mine}")
        except AssertionError:
            await self.kill()
            raise AssertionError(f"the bot did not start; its log:\n{self.log()}") from None

    async def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as when the machine loses power."""
        await self._signal(signal.SIGKILL)

    async def stop(self) -> None:
        await self._signal(signal.SIGTERM)

    async def _signal(self, sig: int) -> None:
        if self.process is None or self.process.returncode is not None:
            return
        self.process.send_signal(sig)
        try:
            await asyncio.wait_for(self.process.wait(), 20)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
        self.fake.connected.clear()

    @property
    def returncode(self) -> int | None:
        return None if self.process is None else self.process.returncode

    def children(self) -> list[int]:
        """The bot's child processes (its board workers), from /proc."""
        if self.process is None:
            return []
        return _descendants(self.process.pid)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def _descendants(pid: int) -> list[int]:
    try:
        children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return children + [d for c in children for d in _descendants(c)]


def alive(pid: int) -> bool:
    """Whether a process is still running (a zombie counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status
