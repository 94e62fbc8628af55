"""Registers the real games and the test-only Harbour Race for every test; offers the
throwaway PostgreSQL server (tests/pg.py) to the storage and service tests."""

from __future__ import annotations

from engine import catalog
from engine.core import registry
from render import catalog as render_catalog
from tests.games import race, race_render
from tests.pg import postgres  # noqa: F401  (one PostgreSQL server per test process)

catalog.load()
registry.register(race.GAME)
render_catalog.register(race.GAME.id, race_render.render)
