"""The local table writes Discord's timestamps out in their own styles."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from bot.ui.text import local_times

AT = 1_796_000_000  # 2026-11-30 00:53:20 UTC
NOW = AT - 14 * 86400


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("style, written", [
    ("t", "00:53"), ("T", "00:53:20"), ("d", "30 Nov 2026"), ("D", "30 Nov 2026"),
    ("f", "30 Nov 2026 00:53"), ("", "30 Nov 2026 00:53"),
    ("F", "Monday 30 Nov 2026 00:53"), ("R", "in 14 days"),
])
def test_each_style_is_written_as_discord_shows_it(style: str, written: str) -> None:
    stamp = f"<t:{AT}:{style}>" if style else f"<t:{AT}>"
    assert local_times(f"by {stamp}.", NOW) == f"by {written}."


@pytest.mark.parametrize("seconds, written", [
    (20, "now"), (300, "in 5 min"), (-300, "5 min ago"), (3 * 3600, "in 3 h"),
    (-3 * 86400, "3 days ago"),
])
def test_a_relative_time_reads_in_minutes_hours_or_days(seconds: int, written: str) -> None:
    assert local_times(f"<t:{NOW + seconds}:R>", NOW) == written
