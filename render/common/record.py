"""What a board drew and where: the boxes of its texts and pieces, for the layout tests.

Drawing does not depend on this. While ``recording()`` is open (in tests), every line of text
drawn through ``render.common.canvas`` and every piece pasted from a sprite is noted with its
box, so a test can check from the layout itself that no two texts collide, that no label hides
under a piece and that nothing leaves the canvas, on any position a game reaches. Outside a
recording the notes cost one context-variable read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Literal

from .layout import Box

Kind = Literal["text", "piece"]


@dataclass(frozen=True)
class Drawn:
    """One thing drawn: a line of ``text`` (``cut`` when it was shortened with an ellipsis to
    fit) or a piece (``text`` then names what it is, for messages)."""

    kind: Kind
    box: Box
    text: str = ""
    cut: bool = False


_NOTES: ContextVar[list[Drawn] | None] = ContextVar("render_notes", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Note everything drawn inside the block, in drawing order, into the list it yields."""
    notes: list[Drawn] = []
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)


@contextmanager
def elsewhere() -> Iterator[list[Drawn]]:
    """Note what is drawn inside the block on an image of its own into the list it yields,
    apart from the board's; ``pasted`` notes it where that image lands on the board."""
    notes: list[Drawn] = []
    token = _NOTES.set(notes if _NOTES.get() is not None else None)
    try:
        yield notes
    finally:
        _NOTES.reset(token)


def pasted(drawn: Sequence[Drawn], at: tuple[int, int]) -> None:
    """Note ``drawn`` (from ``elsewhere``) moved to where its image is pasted, with ``at`` its
    top-left corner on the board."""
    dx, dy = at
    replay([Drawn(d.kind, (d.box[0] + dx, d.box[1] + dy, d.box[2] + dx, d.box[3] + dy),
                  d.text, d.cut) for d in drawn])


@contextmanager
def paused() -> Iterator[None]:
    """Note nothing inside the block (a sprite drawn off the board, noted once as a piece)."""
    token = _NOTES.set(None)
    try:
        yield
    finally:
        _NOTES.reset(token)


def active() -> bool:
    return _NOTES.get() is not None


def note_text(box: Box, text: str, cut: bool = False) -> None:
    notes = _NOTES.get()
    if notes is not None and text.strip():
        notes.append(Drawn("text", box, text, cut))


def note_piece(box: Box, what: str = "piece") -> None:
    notes = _NOTES.get()
    if notes is not None:
        notes.append(Drawn("piece", box, what))


def replay(drawn: Sequence[Drawn]) -> None:
    """Note again what a cached drawing noted when it was first made."""
    notes = _NOTES.get()
    if notes is not None:
        notes.extend(drawn)


# ------------------------------------------------------------------ checks


def _overlap(a: Box, b: Box) -> tuple[int, int]:
    return min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])


def _inside(inner: Box, outer: Box, slack: int) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def layout_problems(drawn: Sequence[Drawn], size: tuple[int, int], slack: int = 2) -> list[str]:
    """Every collision in what a board drew, in words: two texts whose boxes overlap by more
    than ``slack`` pixels both ways, a text under or across a piece, a text or piece leaving
    the canvas, and a text cut short with an ellipsis. A piece drawn after a text it overlaps
    hides it; a text drawn after a piece and wholly inside it is the piece's label. Texts are
    compared by the box of their ink, halo included."""
    problems: list[str] = []
    canvas: Box = (0, 0, size[0], size[1])
    drawn = list(dict.fromkeys(drawn))  # the same thing drawn twice in one place is one
    texts = [d for d in drawn if d.kind == "text"]
    pieces = [d for d in drawn if d.kind == "piece"]
    for d in drawn:
        if not _inside(d.box, canvas, 0):
            problems.append(f"{d.kind} {d.text!r} at {d.box} leaves the {size[0]}x{size[1]} canvas")
    for d in texts:
        if d.cut:
            problems.append(f"text {d.text!r} at {d.box} is cut short")
    # a sweep over x keeps this fast on boards with a few hundred texts
    order = sorted(texts, key=lambda d: d.box[0])
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if b.box[0] >= a.box[2] - slack:
                break
            w, h = _overlap(a.box, b.box)
            if w > slack and h > slack:
                problems.append(f"texts {a.text!r} at {a.box} and {b.text!r} at {b.box} overlap")
    at = {id(d): i for i, d in enumerate(drawn)}
    for t in texts:
        for p in pieces:
            w, h = _overlap(t.box, p.box)
            if w <= slack or h <= slack:
                continue
            if at[id(p)] > at[id(t)]:
                problems.append(f"text {t.text!r} at {t.box} is hidden under {p.text} at {p.box}")
            elif not _inside(t.box, p.box, slack):
                problems.append(f"text {t.text!r} at {t.box} runs over {p.text} at {p.box}")
    return problems
