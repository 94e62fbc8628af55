"""The score-over-time chart of a finished game: every player's score after each turn.

Drawn with Pillow like the boards (the same fonts, player colours and marker shapes), so it
needs no plotting library: a chart of a few lines and a legend is little code, and it looks
like the rest of Portolan. Each line carries its player's marker shape every few turns and at
its end, so the lines tell apart without colour too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from .common.canvas import draw_text, new_canvas, to_png
from .common.fonts import BODY_SIZE, HEADING_SIZE, SMALL_SIZE, font, text_width
from .common.palette import BACKGROUND, INK, PANEL_BORDER, player_style

WIDTH, HEIGHT = 1200, 640
LEFT, RIGHT, TOP, BOTTOM = 90, 300, 70, 70  # the plot's margins; the legend is on the right
GRID = (214, 214, 214)


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` grid lines."""
    if span <= 0:
        return 1.0
    rough = span / ticks
    power = 10 ** math.floor(math.log10(rough))
    for factor in (1, 2, 5, 10):
        if factor * power >= rough:
            return float(factor * power)
    return float(10 * power)


def _marker(draw: ImageDraw.ImageDraw, shape: str, x: float, y: float, r: float,
            fill: tuple[int, int, int]) -> None:
    box = (x - r, y - r, x + r, y + r)
    outline = INK
    if shape == "square":
        draw.rectangle(box, fill=fill, outline=outline, width=2)
    elif shape == "triangle":
        draw.polygon([(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)], fill=fill,
                     outline=outline, width=2)
    elif shape == "diamond":
        draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=fill,
                     outline=outline, width=2)
    elif shape in ("hexagon", "star"):
        sides = 6 if shape == "hexagon" else 10
        points = []
        for k in range(sides):
            reach = r if shape == "hexagon" or k % 2 == 0 else r * 0.45
            angle = math.pi / 2 + 2 * math.pi * k / sides
            points.append((x + reach * math.cos(angle), y - reach * math.sin(angle)))
        draw.polygon(points, fill=fill, outline=outline, width=2)
    else:
        draw.ellipse(box, fill=fill, outline=outline, width=2)


def score_chart(series: Sequence[Sequence[float]], names: Sequence[str], title: str,
                unit: str = "VP", final: Sequence[float] | None = None) -> bytes:
    """A PNG of each seat's score after each turn: ``series[k][seat]`` is the score after
    turn k (k = 0 is the start). ``final``, when given, is each seat's real final score,
    drawn as the last point (Ocean Trader's cash is known only then)."""
    points = [list(row) for row in series]
    if final is not None:
        points.append(list(final))
    seats = len(names)
    image, draw = new_canvas(WIDTH, HEIGHT, BACKGROUND)
    draw_text(draw, (LEFT, 20), title, font(HEADING_SIZE, bold=True), INK)
    values = [v for row in points for v in row] or [0.0]
    low, high = min(0.0, min(values)), max(values)
    step = nice_step(high - low)
    low = math.floor(low / step) * step
    high = max(low + step, math.ceil(high / step) * step)
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM, TOP
    turns = max(1, len(points) - 1)

    def at(turn: int, value: float) -> tuple[float, float]:
        return (x0 + (x1 - x0) * turn / turns, y0 - (y0 - y1) * (value - low) / (high - low))

    small = font(SMALL_SIZE)
    value = low
    while value <= high + step / 2:
        _, y = at(0, value)
        draw.line([(x0, y), (x1, y)], fill=GRID, width=1)
        label = f"{value:g}"
        draw_text(draw, (x0 - 10 - text_width(label, small), round(y - SMALL_SIZE / 2)), label,
                  small, INK)
        value += step
    turn_step = max(1, int(nice_step(turns, 8)))
    for turn in range(0, turns + 1, turn_step):
        x, _ = at(turn, low)
        draw.line([(x, y0), (x, y0 + 6)], fill=INK, width=2)
        label = str(turn)
        draw_text(draw, (round(x - text_width(label, small) / 2), y0 + 10), label, small, INK)
    draw.rectangle((x0, y1, x1, y0), outline=PANEL_BORDER, width=2)
    caption = f"turn ({unit} at its end)"
    draw_text(draw, (x0, y0 + 36), caption, small, INK)
    every = max(1, turns // 10)
    for seat in range(seats):
        style = player_style(seat)
        line = [at(k, row[seat]) for k, row in enumerate(points) if seat < len(row)]
        if len(line) >= 2:
            draw.line(line, fill=style.rgb, width=5, joint="curve")
        for k, (x, y) in enumerate(line):
            if k % every == 0 or k == len(line) - 1:
                _marker(draw, style.shape, x, y, 8 if k < len(line) - 1 else 11, style.rgb)
    # the legend: best final score first
    body = font(BODY_SIZE)
    last = points[-1] if points else [0.0] * seats
    order = sorted(range(seats), key=lambda s: -last[s] if s < len(last) else 0)
    for row, seat in enumerate(order):
        style = player_style(seat)
        y = TOP + 10 + row * 44
        _marker(draw, style.shape, x1 + 34, y + BODY_SIZE / 2, 11, style.rgb)
        score = f"{last[seat]:g}" if seat < len(last) else "-"
        text = names[seat][:16]
        draw_text(draw, (x1 + 56, y), text, body, INK)
        draw_text(draw, (WIDTH - 20 - text_width(score, body), y), score, body, INK)
    return to_png(image)

