"""The trail of each ship the last turn (or the turn in progress) sailed, from the ship's own
``wake`` (``engine.ocean_trader.movement``): a small ring where it set out and dots along the
routes it took, drawn on the chart under the ships, as the Empires at Sea board draws its
ships' trails. The dots keep off the ports' dots and labels, so that no name is crossed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import ImageDraw

from engine.ocean_trader.content import ocean_trader_content
from engine.ocean_trader.state import OceanTraderView
from render.common import trail
from render.common.layout import Box, Point
from render.common.record import paused

from . import geo
from .static import PORT_R
from .style import MAP_BOX

FINE = 6  # points worked out along the route for each sea space crossed


def sailed(view: OceanTraderView) -> set[tuple[int, int]]:
    """(seat, ship number) of the ships whose trail is drawn: those the last finished turn
    sailed or docked, and those the turn in progress has."""
    last = view.last
    before = set() if last.seat is None else {(last.seat, n) for n in last.sailed}
    return before | {(p.seat, s.number) for p in view.players for s in p.ships
                     if s.sailed or s.docked_now}


def paths(view: OceanTraderView) -> list[list[list[Point]]]:
    """Each drawn trail as canvas polylines, in order from where the ship set out: more than
    one where a route leaves one edge of the chart and comes back at the other."""
    wanted = sailed(view)
    out = []
    for player in view.players:
        for ship in player.ships:
            if (player.seat, ship.number) in wanted and len(ship.wake) >= 2:
                lines = _polylines(ship.wake)
                if lines:
                    out.append(lines)
    return out


def _polylines(wake: list[tuple[str, int]]) -> list[list[Point]]:
    """The chart points along a wake, split where the chart wraps."""
    routes = geo.routes()
    points: list[tuple[float, float]] = []
    for (r0, a0), (r1, a1) in zip(wake, wake[1:], strict=False):
        if r0 != r1 or r0 not in routes:
            continue  # through a port onto the next route: the same point
        geom = routes[r0]
        n = ocean_trader_content().route(r0).spaces + 1
        steps = max(1, abs(a1 - a0) * FINE)
        for k in range(steps + 1):
            at = a0 + (a1 - a0) * k / steps
            points.append(geo.wrap(geo.along(geom.path, min(max(at / n, 0.0), 1.0))))
    lines: list[list[Point]] = [[]]
    previous: tuple[float, float] | None = None
    for p in points:
        if previous is not None and abs(p[0] - previous[0]) > geo.MAP_W / 2:
            lines.append([])  # off one edge, on at the other
        canvas = (round(p[0]) + MAP_BOX[0], round(p[1]) + MAP_BOX[1])
        if not lines[-1] or lines[-1][-1] != canvas:
            lines[-1].append(canvas)
        previous = p
    return [line for line in lines if len(line) >= 2]


def draw_trails(draw: ImageDraw.ImageDraw, view: OceanTraderView, keep_off: Iterable[Box],
                dots: Sequence[Point]) -> None:
    """The trails, before the ships: no dot within ``keep_off`` (the chart's writing) or on
    one of the ports' ``dots``."""
    kept = list(keep_off)
    with paused():  # under the ships and the chart's writing, as the Empires trails are
        for lines in paths(view):
            for i, line in enumerate(lines):
                first = i == 0
                for at in trail.dots(line, skip_start=trail.ORIGIN // 2 + 6 if first else 0,
                                     skip_end=0):
                    if _clear(at, kept, dots):
                        trail.dot(draw, at, trail.DOT)
            trail.origin(draw, lines[0][0], trail.ORIGIN)


def _clear(at: Point, boxes: list[Box], dots: Sequence[Point]) -> bool:
    r = trail.DOT // 2 + 1
    if any(b[0] - r <= at[0] <= b[2] + r and b[1] - r <= at[1] <= b[3] + r for b in boxes):
        return False
    near = PORT_R + r + 2
    return all((at[0] - x) ** 2 + (at[1] - y) ** 2 > near * near for x, y in dots)

