"""The service tests use tests/bot's harness: a real service on a real database, each test
once on SQLite and once on PostgreSQL (tests/pg.py)."""

from __future__ import annotations

from tests.bot.conftest import (  # noqa: F401  (fixtures and the hook that picks backends)
    Harness,
    harness,
    pytest_generate_tests,
    service_backend,
)
