"""``python -m tests.e2e.slow_render_bot``: the bot exactly as ``python -m bot run``, except
that every board takes PORTOLAN_TEST_RENDER_SECONDS more CPU time to draw (a busy loop that
holds the interpreter, as a heavy render would). For the acknowledgement test only."""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from bot.__main__ import main
from render import catalog


def slowed(draw: Any) -> Any:
    seconds = float(os.environ.get("PORTOLAN_TEST_RENDER_SECONDS", "2"))

    def draw_slowly(*args: Any, **kwargs: Any) -> Any:
        end = time.process_time() + seconds
        while time.process_time() < end:
            sum(range(1000))
        return draw(*args, **kwargs)
    return draw_slowly


_get = catalog.get
catalog.get = lambda game_id: slowed(_get(game_id))  # type: ignore[assignment]

if __name__ == "__main__":
    sys.exit(main(["run"]))
