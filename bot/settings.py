"""Settings from the environment or ``.env``; every one is listed in README.md and .env.example."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DeadlinePolicy = Literal["wait", "bot", "remove"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_prefix="PORTOLAN_", extra="ignore", populate_by_name=True,
        env_ignore_empty=True,
    )

    discord_token: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("DISCORD_TOKEN", "discord_token")
    )
    dev_guild_id: int | None = Field(
        default=None, validation_alias=AliasChoices("DEV_GUILD_ID", "dev_guild_id")
    )
    # a SQLite file (the default), or a PostgreSQL database as postgresql://user:pw@host/name
    db: Path | str = Path("var/portolan.sqlite3")

    @field_validator("db", mode="before")
    @classmethod
    def _db_path_or_url(cls, value: object) -> object:
        """A postgresql:// (or postgres://) URL stays text; anything else is a file path."""
        if isinstance(value, str) and not value.startswith(("postgresql://", "postgres://")):
            return Path(value)
        return value

    board_dir: Path = Path("var/boards")
    snapshot_every: int = Field(default=20, ge=1)
    bot_delay: float = Field(default=1.5, ge=0)
    # CPU seconds the strong bot thinks about each move (less: faster and weaker)
    bot_think_seconds: float = Field(default=0.5, gt=0, le=10)
    # worker processes bots think in; 0: a thread of the bot's process
    bot_workers: int = Field(default=1, ge=0, le=32)
    turn_hours: float = Field(default=0, ge=0)  # 0: no turn deadline
    remind_hours: float = Field(default=0, ge=0)  # 0: remind when a quarter of the time is left
    deadline_policy: DeadlinePolicy = "wait"
    # seconds to answer at a moment with a short time limit (reaction window, bid, bribe);
    # then the game's default answer is given (a pass, no bid); 0: no limit
    answer_seconds: float = Field(default=300, ge=0)
    tick_seconds: float = Field(default=30, gt=0)
    # a game whose channel the bot has not been able to post in for this many days (deleted,
    # the bot removed from the server or short of a permission there), and in which nobody
    # moved for as long, is ended as abandoned (not rated, its record kept); 0: it waits
    abandon_days: float = Field(default=14, ge=0, le=3650)
    # a turn's lines are gathered into its board message; a turn longer than this many
    # seconds shows them meanwhile in one running message, edited as the turn goes on;
    # 0: every action is posted at once
    turn_batch_seconds: float = Field(default=20, ge=0)
    # worker processes drawing board images; 0: draw in a thread of the bot's process
    render_workers: int = Field(default=2, ge=0, le=32)
    log_level: str = "INFO"
    # a seed a person picks with /game new is mixed with a secret of the bot's (revealed in
    # the record after the game); off: played as given (tests, tournaments that publish seeds)
    mix_seeds: bool = True
    # where Discord is: left unset, the real one; set, a stand-in that speaks its protocol
    # (the fake Discord of the end-to-end tests and bench/load.py, or a proxy)
    discord_api_url: str | None = None  # e.g. http://127.0.0.1:8080 (the "/api/v10" is added)
    discord_gateway_url: str | None = None  # e.g. ws://127.0.0.1:8080/gateway
    # the Discord gateway shards this process runs, as FIRST-LAST/COUNT (e.g. 0-3/8) or
    # ONE/COUNT; unset: one process runs every shard. Several processes need PostgreSQL
    shards: str | None = None

    @field_validator("shards")
    @classmethod
    def _shard_range(cls, value: str | None) -> str | None:
        if value is not None:
            parse_shards(value)
        return value


class SettingsError(Exception):
    """A setting that cannot be read: its message names each setting and what is wrong."""


def env_name(field: str) -> str:
    """The environment variable a setting is read from (``DISCORD_TOKEN``, ``PORTOLAN_DB``)."""
    alias = Settings.model_fields[field].validation_alias
    if isinstance(alias, AliasChoices):
        return str(alias.choices[0])
    return f"PORTOLAN_{field.upper()}"


def load_settings() -> Settings:
    """The settings of the environment and ``.env``; a value that cannot be read raises
    ``SettingsError`` naming the variable, what it holds and what it should hold, rather than
    a traceback at start."""
    try:
        return Settings()
    except ValidationError as error:
        lines = []
        for problem in error.errors():
            field = str(problem["loc"][0]) if problem["loc"] else ""
            name = env_name(field) if field in Settings.model_fields else field or "a setting"
            got = problem.get("input")
            shown = f" (it is {got!r})" if isinstance(got, str | int | float) \
                and name != "DISCORD_TOKEN" else ""
            message = str(problem["msg"]).removeprefix("Value error, ")
            lines.append(f"{name}{shown}: {message}")
        raise SettingsError("A setting cannot be read (see .env.example):\n  "
                            + "\n  ".join(lines)) from None


def parse_shards(text: str) -> tuple[list[int], int]:
    """``"0-3/8"`` -> ``([0, 1, 2, 3], 8)``; ``"2/8"`` -> ``([2], 8)``. ``ValueError`` names
    what is wrong."""
    head, slash, count_text = text.strip().partition("/")
    first_text, dash, last_text = head.partition("-")
    try:
        count = int(count_text)
        first = int(first_text)
        last = int(last_text) if dash else first
    except ValueError:
        raise ValueError(f"PORTOLAN_SHARDS {text!r}: write FIRST-LAST/COUNT, e.g. 0-3/8"
                         ) from None
    if not slash or count < 1 or not 0 <= first <= last < count:
        raise ValueError(f"PORTOLAN_SHARDS {text!r}: shards FIRST to LAST of COUNT, with "
                         "0 <= FIRST <= LAST < COUNT (e.g. 0-3/8)")
    return list(range(first, last + 1)), count
