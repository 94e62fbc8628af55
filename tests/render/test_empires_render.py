"""The Empires at Sea board image: size, file size, where ships and ports land, secrets kept
out of a spectator's image, the hand in "My view", legibility, and positions from seeded
games of 2 and 5 players."""

from __future__ import annotations

import functools
import io

import pytest
from PIL import Image, ImageChops

from engine.core import Accepted, Rng, View, step
from engine.empires import GAME
from engine.empires.state import PIRATE, EmpiresState, EmpiresView, LastTurn, Mark, Ship
from render import empires
from render.common.canvas import MAX_PNG_BYTES, board_problems, clear_static_cache
from render.common.fonts import SMALL_SIZE
from render.common.palette import BACKGROUND
from render.empires import hand as empires_hand
from render.empires import panels as empires_panels
from render.empires import pieces as empires_pieces
from render.empires import static as empires_static
from render.empires.layout import HAND_H, HEIGHT, MARGIN, WIDTH
from render.empires.palette import nation_style

from .helpers import ink_box

NAMES = ["Ann", "Bj\u00f6rn \u00d8stergaard", "Chen", "Dora, who has a very long name indeed",
         "Eve"]


def _rgb(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


@functools.cache
def _playout(seats: int, seed: int, side: str | None = None) -> tuple[EmpiresState, ...]:
    """Every state of a seeded game of random legal moves (on ``side``, the map option, when
    given)."""
    state = GAME.setup({} if side is None else {"map": side}, seats, seed)
    chooser = Rng.from_seed(seed * 7919 + seats)
    states = [state]
    while GAME.outcome(state) is None and len(states) < 5000:
        seat = chooser.choice(sorted(GAME.actors(state)))
        outcome = step(GAME, state, seat, chooser.choice(GAME.legal_actions(state, seat)),
                       state.version)
        assert isinstance(outcome, Accepted), outcome
        state = outcome.state
        states.append(state)
    return tuple(states)


def _picks(seats: int, seed: int, count: int) -> list[EmpiresState]:
    states = _playout(seats, seed)
    idx = sorted({round(i * (len(states) - 1) / (count - 1)) for i in range(count)})
    return [states[i] for i in idx]


def _bare(seats: int = 5, side: str = "atlantic") -> EmpiresView:
    """A table with nothing on the map, so a placed piece is the only thing that changes."""
    state = GAME.setup({"map": side}, seats, 1)
    view = GAME.view(state, None)
    view.ships = []
    view.port_owners = {k: None for k in view.port_owners}
    view.port_forts = {}
    return view


# ------------------------------------------------------------------ the image itself


@pytest.mark.parametrize("seats,seed", [(2, 21), (5, 22)])
def test_positions_from_seeded_games_are_landscape_boards_within_limits(seats: int,
                                                                         seed: int) -> None:
    positions_by_side: dict[str, dict] = {}
    for state in _picks(seats, seed, count=7):
        for viewer in (None, 0):
            view = GAME.view(state, viewer)
            png = empires.render(view, NAMES[:seats])
            image = Image.open(io.BytesIO(png))
            assert image.format == "PNG" and image.mode in ("P", "RGB")
            assert image.width == WIDTH >= 1200 and image.width > image.height
            assert image.height == HEIGHT + (HAND_H if viewer is not None else 0)
            assert len(png) <= MAX_PNG_BYTES
            assert board_problems(image.convert("RGB"), png) == []
            if viewer is not None:
                continue
            # every ship and every held port shows its owner where layout_positions says
            pos = positions_by_side.setdefault(
                view.side, empires.layout_positions(view.side, view.seats))
            rgb = image.convert("RGB")
            for s in view.ships:
                want = empires_pieces.PIRATE_HULL if s.owner == PIRATE else \
                    nation_style(s.owner).rgb
                assert rgb.getpixel(pos["ship"][tuple(s.cell)]) == want, s
            for port, owner in view.port_owners.items():
                if owner is not None:
                    assert rgb.getpixel(pos["port"][port]) == nation_style(owner).rgb, port


def test_rejects_another_games_view() -> None:
    other = View(game="race", version=0, viewer=None, seats=2, turn=0, actors=[0])
    with pytest.raises(TypeError):
        empires.render(other, NAMES)


def test_render_is_a_pure_function_of_the_view() -> None:
    view = GAME.view(_picks(5, 3, 3)[1], None)
    assert empires.render(view, NAMES) == empires.render(view.model_copy(deep=True), NAMES)


# ------------------------------------------------------------------ where pieces land


@pytest.mark.parametrize("side,seats", [("atlantic", 5), ("americas", 2), ("atlantic", 2)])
def test_layout_positions_lie_inside_the_board(side: str, seats: int) -> None:
    pos = empires.layout_positions(side, seats)
    points = list(pos["ship"].values()) + list(pos["port"].values())
    assert len(set(points)) == len(points)
    for x, y in points:
        assert MARGIN <= x < WIDTH - MARGIN and MARGIN <= y < HEIGHT - MARGIN


@pytest.mark.parametrize("seat", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("kind", ["transport", "frigate", "ship_of_the_line"])
def test_ship_and_port_owner_appear_where_layout_positions_puts_them(seat: int,
                                                                     kind: str) -> None:
    pos = empires.layout_positions("atlantic", 5)
    cell, port = (12, 9), "lisbon"
    colour = nation_style(seat).rgb
    empty = _rgb(empires.render(_bare(), NAMES))
    assert empty.getpixel(pos["ship"][cell]) != colour
    assert empty.getpixel(pos["port"][port]) != colour

    view = _bare()
    view.ships = [Ship(id="s1", owner=seat, kind=kind, cell=cell)]  # type: ignore[arg-type]
    view.port_owners[port] = seat
    view.port_forts = {port: 2}
    placed = _rgb(empires.render(view, NAMES))
    assert placed.getpixel(pos["ship"][cell]) == colour
    assert placed.getpixel(pos["port"][port]) == colour


def test_the_pirate_is_drawn_in_black() -> None:
    pos = empires.layout_positions("americas", 2)
    view = _bare(2, "americas")
    view.ships = [Ship(id="pirate", owner=PIRATE, kind="ship_of_the_line", cell=(9, 9))]
    image = _rgb(empires.render(view, NAMES[:2]))
    assert image.getpixel(pos["ship"][(9, 9)]) == empires_pieces.PIRATE_HULL


# ------------------------------------------------------------------ secrets


def _secret_states() -> list[EmpiresState]:
    """Positions with full hands, from every phase, bribes in and not yet in included."""
    out: list[EmpiresState] = []
    for seats, seed in ((2, 31), (5, 32)):
        states = _playout(seats, seed)
        bribing = [s for s in states if s.phase == "bribe" and any(
            b is not None for b in s.bribes)]
        out += _picks(seats, seed, 4) + bribing[:2]
    return out


def test_spectator_image_is_the_same_whatever_the_hands_and_bribes() -> None:
    for state in _secret_states():
        expected = empires.render(GAME.view(state, None), NAMES[: state.seats])
        for seat in range(state.seats):
            for n in range(2):
                scrambled = GAME.scramble_secrets(state, seat, Rng.from_seed(seat * 10 + n))
                got = empires.render(GAME.view(scrambled, None), NAMES[: state.seats])
                assert got == expected, (state.phase, seat)


def test_spectator_image_with_the_last_turn_is_the_same_whatever_the_secrets() -> None:
    """The rings of the last turn (a card played, ships sailed) show nothing of a hand or a
    bribe: the spectator's image is the same whatever they are."""
    picks: list[EmpiresState] = []
    for seats, seed in ((2, 31), (5, 32)):
        shown = [s for s in _playout(seats, seed)
                 if {"card", "sail"} <= {m.what for m in s.last.marks + s.current.marks}]
        picks += shown[:: max(len(shown) // 3, 1)][:3]
    assert len(picks) >= 4
    for state in picks:
        view = GAME.view(state, None)
        expected = empires.render(view, NAMES[: state.seats])
        unmarked = view.model_copy(update={"last": LastTurn(), "current": LastTurn()})
        assert empires.render(unmarked, NAMES[: state.seats]) != expected  # the rings show
        for seat in range(state.seats):
            scrambled = GAME.scramble_secrets(state, seat, Rng.from_seed(seat + 5))
            got = empires.render(GAME.view(scrambled, None), NAMES[: state.seats])
            assert got == expected, (state.version, seat)


def test_my_view_adds_the_hand_and_keeps_the_board() -> None:
    state = _picks(2, 41, 3)[1]
    spectator = _rgb(empires.render(GAME.view(state, None), NAMES[:2]))
    mine = _rgb(empires.render(GAME.view(state, 0), NAMES[:2]))
    assert mine.size == (WIDTH, HEIGHT + HAND_H)
    hand_strip = mine.crop((0, HEIGHT, WIDTH, HEIGHT + HAND_H))
    assert ink_box(hand_strip, BACKGROUND) is not None
    # the map is the same picture in both
    lay_map = (MARGIN, MARGIN, 600, 800)
    assert ImageChops.difference(mine.crop(lay_map), spectator.crop(lay_map)).getbbox() is None


# ------------------------------------------------------------------ staying on the canvas


def _crowded() -> EmpiresView:
    view = GAME.view(_picks(5, 51, 3)[1], 2)
    for i, p in enumerate(view.players):
        p.gold, p.wood, p.steel = 999, 120, 88
        p.in_front = ["copper_sheathing", "carronades", "lumber_mill", "shipyard",
                      "royal_mint", "iron_works"] * (i + 1)
        p.captured = ["transport", "frigate", "ship_of_the_line", "pirate"] * 3
        p.hand_size = 12
    view.hand = ["land_ho", "royal_charter", "fortify", "naval_base", "press_gang",
                 "launch_sotl", "letter_of_marque", "treasure_galleon"]
    view.chest = 1234
    view.port_owners = {k: i % 5 for i, k in enumerate(view.port_owners)}
    view.port_forts = {k: 1 + i % 2 for i, k in enumerate(view.port_owners)}
    return view


def test_a_crowded_table_stays_on_the_canvas() -> None:
    png = empires.render(_crowded(), NAMES)
    image = _rgb(png)
    assert len(png) <= MAX_PNG_BYTES
    ink = ink_box(image, BACKGROUND)
    assert ink is not None
    assert ink[0] >= MARGIN // 2 and ink[1] >= MARGIN // 2
    assert ink[2] <= image.width - MARGIN // 2 and ink[3] <= image.height - MARGIN // 2


# ------------------------------------------------------------------ legibility


def test_no_text_below_the_half_scale_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every font the board asks for is at least 20 px. (Letters inside icons - a marker's
    initial, a resource chip's G/W/S - are icon art explained by the key.)"""
    sizes: set[int] = set()
    for module in (empires, empires_static, empires_panels, empires_pieces, empires_hand):
        if hasattr(module, "font"):
            original = module.font

            def recording(size: int, bold: bool = False, _original=original):  # noqa: ANN202
                sizes.add(size)
                return _original(size, bold)

            monkeypatch.setattr(module, "font", recording)
    clear_static_cache()
    empires_static.port_labels.cache_clear()
    empires_static.region_labels.cache_clear()
    try:
        for state in _picks(2, 61, 3) + _picks(5, 62, 3):
            empires.render(GAME.view(state, 0), NAMES[: state.seats])
        empires.render(_crowded(), NAMES)
    finally:
        clear_static_cache()
    assert sizes and min(sizes) >= SMALL_SIZE >= 20


# ------------------------------------------------------------------ Empire Score


def test_each_nations_score_on_the_board_is_the_engines_empire_score() -> None:
    from engine.empires.scoring import scores

    for state in _picks(2, 71, 4) + _picks(5, 72, 4):
        view = GAME.view(state, None)
        assert [empires_panels.empire_score(view, s) for s in range(state.seats)] == \
            scores(state)


def test_names_on_the_sea_move_off_the_ships() -> None:
    """A port or region name that lies on the sea is placed each turn where no ship is."""
    for state in _picks(2, 73, 6) + _picks(5, 74, 6):
        view = GAME.view(state, None)
        ships = {(int(s.cell[0]), int(s.cell[1])) for s in view.ships}
        labels = empires_static.moving_labels(view.side, view.seats)[0]
        assert labels
        for label, j in zip(labels, empires_static._choose(labels, ships), strict=True):
            assert j >= 0 and not label.spots[j][2] & ships, label.text


# ------------------------------------------------------------------ port names and ports


def _name_boxes(view: EmpiresView) -> dict[str, tuple[int, int, int, int]]:
    """Where the board drew each port's name (the box of its ink, halo included)."""
    from render.common.record import recording

    # (the names on land, drawn with the static board, are noted again from its cache)
    with recording() as notes:
        empires.render(view, NAMES[: view.seats])
    names = {p.name for p in empires_static.board(view.side).ports.values()}
    return {d.text: d.box for d in notes if d.kind == "text" and d.text in names}


def _box_gap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> float:
    dx = max(b[0] - a[2], a[0] - b[2], 0)
    dy = max(b[1] - a[3], a[1] - b[3], 0)
    return float((dx * dx + dy * dy) ** 0.5)


def _misplaced_names(view: EmpiresView) -> list[str]:
    """Port names a reader could attach to another port: one standing beside another port
    on that port's row (within a cell: names mostly stand beside their port, so a reader
    looks along the row), or one clearly nearer another port than its own."""
    from render.empires.layout import layout

    lay = layout(view.side, view.seats)
    ports = empires_static.board(view.side).ports.values()
    cells = {p.name: lay.grid.box(*p.cell) for p in ports}
    out = []
    for name, box in _name_boxes(view).items():
        own = _box_gap(box, cells[name])
        for other, cell in cells.items():
            if other == name:
                continue
            on_row = min(box[3], cell[3]) - max(box[1], cell[1]) >= 0.4 * (box[3] - box[1])
            gap_x = max(cell[0] - box[2], box[0] - cell[2], 0)
            if on_row and gap_x <= lay.cell:  # within a cell of the side's map
                out.append(f"{name} beside {other}")
            elif _box_gap(box, cell) + lay.px(4) < own:
                out.append(f"{name} nearer {other}")
    return out


@pytest.mark.parametrize("side,seats", [("atlantic", 2), ("atlantic", 4), ("atlantic", 5),
                                        ("americas", 2), ("americas", 3), ("americas", 5)])
def test_every_port_name_stands_by_its_own_port(side: str, seats: int) -> None:
    """Port Royal's name once stood beside Santo Domingo's port, and read as its name."""
    view = _bare(seats, side)
    assert len(_name_boxes(view)) == len(empires_static.board(side).ports)
    assert _misplaced_names(view) == []


def test_port_names_stand_by_their_ports_in_seeded_games() -> None:
    """Ships can take the places where a name reads right; then, rarely, it goes where it
    might not (it was one name in eight before names kept off other ports' rows)."""
    names = misplaced = 0
    three = _playout(3, 83, "americas")
    for state in _picks(2, 81, 6) + _picks(5, 82, 8) + [three[i] for i in range(0, len(three),
                                                                              len(three) // 5)]:
        view = GAME.view(state, None)
        names += len(empires_static.board(view.side).ports)
        misplaced += len(_misplaced_names(view))
    assert misplaced <= 0.02 * names, misplaced


BARE = [("atlantic", 2), ("atlantic", 4), ("atlantic", 5), ("americas", 2), ("americas", 3),
        ("americas", 5)]


@functools.cache
def _bare_names(side: str, seats: int) -> dict[str, tuple[int, int, int, int]]:
    return _name_boxes(_bare(seats, side))


def _on_row(box: tuple[int, int, int, int], cell: tuple[int, int, int, int]) -> bool:
    return min(box[3], cell[3]) - max(box[1], cell[1]) >= 0.4 * (box[3] - box[1])


def _gap_x(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> int:
    return max(b[0] - a[2], a[0] - b[2], 0)


def _run_ons(side: str, seats: int, boxes: dict[str, tuple[int, int, int, int]]) -> list[str]:
    """Port names that read as running on from another port's name along that port's row:
    standing off their own port's row, on the other's, within a cell of its name, which
    stands beside it on the row."""
    from render.empires.layout import layout

    lay = layout(side, seats)
    cells = {p.name: lay.grid.box(*p.cell) for p in empires_static.board(side).ports.values()}

    def beside(box: tuple[int, int, int, int], cell: tuple[int, int, int, int]) -> bool:
        return _on_row(box, cell) and _gap_x(box, cell) <= lay.cell

    return [f"{name} after {other}" for name, box in boxes.items()
            if not beside(box, cells[name]) for other, them in boxes.items()
            if other != name and _on_row(box, cells[other]) and beside(them, cells[other])
            and _gap_x(box, them) <= lay.cell]


@pytest.mark.parametrize("side,seats", BARE)
def test_each_port_name_stands_nearer_its_own_port_than_any_other(side: str,
                                                                  seats: int) -> None:
    """Santo Domingo's name stood on Port Royal's port, nearer it than its own, and Port
    Royal's as near Willemstad's port as its own."""
    from render.empires.layout import layout

    lay = layout(side, seats)
    cells = {p.name: lay.grid.box(*p.cell) for p in empires_static.board(side).ports.values()}
    boxes = _bare_names(side, seats)
    assert len(boxes) == len(cells)
    near = [f"{name} as near {other}" for name, box in boxes.items() for other, cell in
            cells.items() if other != name and _box_gap(box, cell) <= _box_gap(box, cells[name])]
    assert near == []


@pytest.mark.parametrize("side,seats", BARE)
def test_no_port_name_reads_as_a_line_of_another_ports(side: str, seats: int) -> None:
    """Toulon's name stood over its port on Bordeaux's row, a few pixels after Bordeaux's
    name, and read as Bordeaux's second word: a name off its own port's row keeps clear of
    another port's name on that port's row."""
    assert _run_ons(side, seats, _bare_names(side, seats)) == []


def _ship_boxes(view: EmpiresView) -> list[tuple[int, int, int, int]]:
    """The boxes of the ships on the map, as drawn."""
    from render.common.layout import icon_box
    from render.empires import SHIP
    from render.empires.layout import layout

    lay = layout(view.side, view.seats)
    return [icon_box(lay.grid.center(int(s.cell[0]), int(s.cell[1])), lay.cell - lay.px(
        empires_static.CELL - SHIP)) for s in view.ships]


def _lines_over_ships(view: EmpiresView) -> list[str]:
    """The port names whose leader line (a name a cell from its port) runs over a ship: its
    ink, 2 px wide, through the ship's box."""
    from render.empires import changes

    ships = {(int(s.cell[0]), int(s.cell[1])) for s in view.ships} | changes.kept_clear(view)
    out = []
    for label, _j, line in empires_static.placed_names(view.side, view.seats, ships):
        if line is None:
            continue
        (x0, y0), (x1, y1) = line
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        dots = [(x0 + (x1 - x0) * t / steps, y0 + (y1 - y0) * t / steps)
                for t in range(steps + 1)]
        for box in _ship_boxes(view):
            if any(box[0] - 1 < x < box[2] + 1 and box[1] - 1 < y < box[3] + 1
                   for x, y in dots):
                out.append(f"{label.text} over the ship at {box}")
    return out


def _crowded_caribbean() -> EmpiresView:
    """The Americas side with ships packed round Santo Domingo, Havana and Port Royal, as a
    five-player game reached them (the position once put Santo Domingo's name a cell above
    its port, its line across the ship between)."""
    view = _bare(5, "americas")
    cells = [(2, 9), (4, 11), (4, 12), (7, 7), (7, 11), (7, 12), (8, 10), (9, 7), (10, 9),
             (10, 14), (12, 10), (14, 7)]
    view.ships = [Ship(id=f"s{i}", owner=i % 5, kind="frigate", cell=c)
                  for i, c in enumerate(cells)]
    return view


def test_in_a_crowded_caribbean_a_name_stays_by_its_port_and_no_line_crosses_a_ship() -> None:
    """Santo Domingo's name stood a cell above its port with its line across a ship, where
    the place under its port was free but for Willemstad's name."""
    view = _crowded_caribbean()
    assert _lines_over_ships(view) == []
    placed = {label.text: line for label, _j, line in
              empires_static.placed_names(view.side, view.seats,
                                          {(int(s.cell[0]), int(s.cell[1])) for s in view.ships})}
    assert placed["Santo Domingo"] is None  # no line: by its port
    assert _hidden_letters(view) == []


def test_no_leader_line_crosses_a_ship_in_seeded_games() -> None:
    """Philadelphia's, Charleston's and Santo Domingo's lines once ran across ships: a place
    whose line would cross a ship is taken as the ship's, as a place under a ship is."""
    crossed = {}
    for seats, seed, side in ((5, 92, "americas"), (2, 81, None)):
        states = _playout(seats, seed, side)
        for i in range(0, len(states), 3):
            found = _lines_over_ships(GAME.view(states[i], None))
            if found:
                crossed[(seats, seed, i)] = found
    assert not crossed, crossed


def test_a_held_port_shows_its_owner_and_what_it_produces() -> None:
    """A held port keeps a wide frame in its resource's colour round the owner's cube."""
    from render.empires.layout import layout

    view = _bare()
    lay = layout(view.side, view.seats)
    ports = empires_static.board(view.side).ports
    for seat, pid in enumerate(["lisbon", "havana", "boston"]):
        view.port_owners[pid] = seat
    image = _rgb(empires.render(view, NAMES))
    pos = empires.layout_positions(view.side, view.seats)
    for seat, pid in enumerate(["lisbon", "havana", "boston"]):
        assert image.getpixel(pos["port"][pid]) == nation_style(seat).rgb
        x0, y0, x1, y1 = lay.grid.box(*ports[pid].cell)
        resource = empires_pieces.RESOURCE_RGB[ports[pid].produces]
        cell = [image.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)]
        # a wide frame round a cube its initial can be read on at half size (a thin one was
        # a quarter of the cell)
        assert cell.count(resource) >= 0.35 * len(cell), pid


def test_a_fort_stands_out_at_half_size() -> None:
    """A Fort token is a black tower in a white halo, large enough to show on a board shown
    at half size: where it stands, a dark patch and a light one round it (the old token, a
    dark square with a thin white edge, added 13 dark pixels there and 9 light ones)."""
    from render.empires.layout import layout

    view = _bare()
    lay = layout(view.side, view.seats)
    cell = lay.grid.box(*empires_static.board(view.side).ports["lisbon"].cell)
    view.port_owners["lisbon"] = 1
    plain = _rgb(empires.render(view, NAMES))
    view.port_forts = {"lisbon": 1}
    fort = _rgb(empires.render(view, NAMES))
    corner = (cell[2] - 18, cell[1] - 6, cell[2] + 4, cell[3] - 14)
    size = ((corner[2] - corner[0]) // 2, (corner[3] - corner[1]) // 2)
    counts = []
    for image in (plain, fort):
        histogram = image.crop(corner).resize(size, Image.LANCZOS).convert("L").histogram()
        counts.append((sum(histogram[:67]), sum(histogram[201:])))
    assert counts[1][0] - counts[0][0] >= 15  # dark: the tower
    assert counts[1][1] - counts[0][1] >= 15  # light: its halo


# ------------------------------------------------------------------ what the last turn changed


def _last_turn() -> EmpiresView:
    """Britain's last turn: a Frigate sailed from (12, 4) to (12, 9), Lisbon bought, and a US
    Transport sunk at (16, 9)."""
    view = _bare()
    view.ships = [Ship(id="s1", owner=1, kind="frigate", cell=(12, 9))]
    view.port_owners["lisbon"] = 1
    view.last = LastTurn(seat=1, marks=[
        Mark(what="sail", seat=1, ship="s1", kind="frigate", start=(12, 4), cell=(12, 9)),
        Mark(what="port", seat=1, port="lisbon", how="bought"),
        Mark(what="attack", seat=1, how="ship", ship="s0", kind="transport", cell=(16, 9)),
        Mark(what="sunk", seat=0, ship="s0", kind="transport", cell=(16, 9)),
    ])
    return view


def _magenta(image: Image.Image, box: tuple[int, int, int, int], near: int = 0) -> int:
    """Pixels of ``box`` in the rings' colour (``near``: within that much of it per channel,
    for a scaled image)."""
    from render.common.palette import HIGHLIGHT

    data = image.crop(box).tobytes()
    return sum(1 for i in range(0, len(data), 3)
               if all(abs(data[i + c] - HIGHLIGHT[c]) <= near for c in range(3)))


def test_the_last_turns_changes_are_ringed_on_the_map() -> None:
    """The ship that sailed and the port bought are ringed, the way the ship came is dotted
    from where it set out, and a cross marks where a ship was sunk; none of it without the
    last turn."""
    from render.common.layout import inset
    from render.empires.layout import layout

    view = _last_turn()
    lay = layout(view.side, view.seats)
    lisbon = empires_static.board(view.side).ports["lisbon"].cell
    marked = _rgb(empires.render(view, NAMES))
    plain = _rgb(empires.render(view.model_copy(update={"last": LastTurn()}), NAMES))
    places = {
        "the ship's ring": inset(lay.grid.box(12, 9), -3),
        "the port's ring": inset(lay.grid.box(*lisbon), -4),
        "the trail": lay.grid.box(12, 6),
        "where the trail starts": lay.grid.box(12, 4),
        "the cross": lay.grid.box(16, 9),
    }
    for what, box in places.items():
        assert _magenta(plain, box) == 0, what
        assert _magenta(marked, box) >= 40, what
    # a ring's side is drawn whole, four pixels wide
    x0, y0, x1, y1 = lay.grid.box(12, 9)
    assert _magenta(marked, (x0, y0 - 1, x1, y0 + 3)) >= 3 * (x1 - x0)


def test_the_rings_and_the_trail_read_at_half_size() -> None:
    from render.common.layout import inset
    from render.empires.layout import layout

    view = _last_turn()
    lay = layout(view.side, view.seats)
    marked = _rgb(empires.render(view, NAMES))
    half = marked.resize((marked.width // 2, marked.height // 2), Image.LANCZOS)

    def halved(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        return box[0] // 2, box[1] // 2, box[2] // 2 + 1, box[3] // 2 + 1

    assert _magenta(half, halved(inset(lay.grid.box(12, 9), -3)), near=40) >= 30
    assert _magenta(half, halved(lay.grid.box(12, 6)), near=60) >= 6


def test_the_status_says_whose_turn_the_rings_show_and_what_it_did() -> None:
    from render.common.record import recording

    with recording() as notes:
        empires.render(_last_turn(), NAMES)
    texts = " ".join(d.text for d in notes if d.kind == "text")
    assert "Ringed: Britain's last turn (Bj\u00f6rn \u00d8stergaard)" in texts
    assert "Britain sailed a ship, bought Lisbon and attacked a Transport; United States " \
        "lost a Transport." in texts
    with recording() as notes:
        empires.render(_bare(), NAMES)
    assert [d.text for d in notes if d.kind == "text" and d.text.startswith("Ringed:")
            and d.text != "Ringed: last turn"] == []  # nothing changed: no line (the key's)


def test_the_key_says_what_the_rings_are() -> None:
    from render.common.record import recording

    clear_static_cache()  # the key is noted as the static board is drawn
    try:
        with recording() as notes:
            empires.render(_bare(), NAMES)
    finally:
        clear_static_cache()
    texts = [d.text for d in notes if d.kind == "text"]
    assert {"Ringed: last turn", "Sailed from", "Sunk"} <= set(texts)


# ------------------------------------------------------------------ read at half size


def _half(image: Image.Image) -> Image.Image:
    return image.resize((image.width // 2, image.height // 2), Image.LANCZOS)


@pytest.mark.parametrize("forts", [0, 1, 2])
def test_a_held_ports_initial_reads_at_half_size(forts: int) -> None:
    """The owner's initial on a held port is bold type as tall as the board's smallest text,
    under Fort tokens too (the marker's letter it replaced was 7 px tall, 3 at half size)."""
    from render.common.layout import icon_box, inset
    from render.empires.layout import layout

    lay = layout("atlantic", 5)
    at = lay.grid.center(*empires_static.board("atlantic").ports["boston"].cell)
    aside = empires_pieces.FORT_ASIDE[forts]
    # inside the cube's outline, and clear of where the marker's ring it replaced ran
    cube = inset(icon_box((at[0] + aside[0], at[1] + aside[1]), empires_pieces.HELD), 4)
    for seat in range(5):
        view = _bare()
        view.port_owners["boston"] = seat
        view.port_forts = {"boston": forts} if forts else {}
        image = _rgb(empires.render(view, NAMES))
        st = nation_style(seat)
        letter = ink_box(image.crop(cube), st.rgb)
        assert letter is not None, st.name
        assert letter[3] - letter[1] >= 12, st.name  # rows of the initial's ink


def test_united_states_pieces_stand_out_on_the_sea() -> None:
    """The United States' grey shows on the pale sea (its white did not: contrast 1.3), and
    a port it holds does not look like an uncontrolled one, steel ports too."""
    from render.common.palette import SEA, contrast_ratio
    from render.empires.layout import layout

    us = nation_style(0)
    assert contrast_ratio(us.rgb, SEA) >= 2.0
    lay = layout("atlantic", 5)
    cell = lay.grid.box(*empires_static.board("atlantic").ports["boston"].cell)  # steel
    box = (cell[0] // 2, cell[1] // 2, cell[2] // 2 + 1, cell[3] // 2 + 1)
    empty = _half(_rgb(empires.render(_bare(), NAMES))).crop(box)
    view = _bare()
    view.port_owners["boston"] = 0
    held = _half(_rgb(empires.render(view, NAMES))).crop(box)
    diff = ImageChops.difference(empty, held).convert("L")
    mean = sum(i * n for i, n in enumerate(diff.histogram())) / (box[2] - box[0]) / \
        (box[3] - box[1])
    assert mean >= 50, mean  # the white cube left 30 on a grey-scale difference


def test_a_naval_base_is_twice_a_forts_width() -> None:
    """A Naval Base's two Fort tokens stand as one black castle along the port's top, as wide
    as the port, so that it tells from a Fort (one tower) at half size: its towers are joined
    by a wall (two towers apart, in white halos, blurred into one small token)."""
    from render.empires.layout import layout

    lay = layout("atlantic", 5)
    cell = lay.grid.box(*empires_static.board("atlantic").ports["lisbon"].cell)
    band = (cell[0] + 2, cell[1] + 2, cell[2] - 2, cell[1] + 8)  # inside the port, over its cube
    widths = []
    for forts in (1, 2):
        view = _bare()
        view.port_owners["lisbon"] = 1
        view.port_forts = {"lisbon": forts}
        crop = _rgb(empires.render(view, NAMES)).crop(band)
        dark = [x for x in range(crop.width)
                if any(sum(crop.getpixel((x, y))) < 150 for y in range(crop.height))]
        widths.append(max(dark) - min(dark) + 1)
        joined = set(range(crop.width // 2 - 3, crop.width // 2 + 4)) <= set(dark)
    assert widths[1] >= 2 * widths[0] - 2, widths
    assert joined  # the wall between the Naval Base's towers


@pytest.mark.parametrize("side,seats", [("atlantic", 3), ("atlantic", 4), ("atlantic", 5),
                                        ("americas", 2), ("americas", 5)])
def test_the_round_holds_the_longest_weather_and_history(side: str, seats: int) -> None:
    """The nations' blocks grow where there are few of them, never so far that the round's
    panel leaves out a line of the longest Weather and History cards."""
    from engine.empires.content import empires_content
    from render.common.record import recording

    c = empires_content()
    weather = max(c.weather.cards, key=lambda w: len(w.name) + len(w.text))
    view = GAME.view(GAME.setup({"map": side}, seats, 1), None)
    view.weather = weather.id
    for history in sorted(c.history.cards, key=lambda h: -len(h.title) - len(h.text))[:4]:
        view.history = history.id
        with recording() as notes:
            empires.render(view, NAMES[:seats])
        drawn = " ".join(d.text for d in notes if d.kind == "text").split()
        for text in (weather.text, history.text):
            words = text.split()
            assert words[-1] in drawn and words[-2] in drawn, (history.id, text)


# ------------------------------------------------------------------ each side's map its own size


def _overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("seats,scene_bottom", [(2, 730), (3, 524), (4, 438), (5, 442)])
def test_the_atlantic_side_keeps_its_layout(seats: int, scene_bottom: int) -> None:
    """The rulebook's big map keeps its 34-pixel cells, the status and the key under it and
    the round and the nations on the right, where they always were."""
    from render.empires.layout import CELL, layout

    lay = layout("atlantic", seats)
    assert lay.cell == CELL == 34 and lay.px(17) == 17
    assert lay.grid.origin == (38, 34) and lay.grid.bounds == (38, 34, 1058, 850)
    assert lay.frame == (8, 8, 1062, 854)
    assert lay.key == (632, 862, 1062, 1144) and lay.status == (8, 862, 624, 1144)
    assert lay.scene == (1070, 8, 1592, scene_bottom)
    assert lay.nations[-1] == (1070, {2: 944, 3: 944, 4: 974, 5: 1010}[seats], 1592, 1144)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_americas_map_fills_the_boards_height(seats: int) -> None:
    """The Americas grid (16 x 24 cells) at the Atlantic side's cell took a third of the
    width and left the room under it to the key: its cells now grow until the map with its
    numbers fills the board's height, about half its width, and the key goes on the right."""
    from render.empires.layout import CELL, layout

    lay = layout("americas", seats)
    g = lay.grid.bounds
    assert lay.cell >= 44 > CELL
    assert lay.frame[1] == MARGIN and lay.frame[3] == HEIGHT - MARGIN
    assert g[3] + lay.cell > HEIGHT - MARGIN  # no room for another row
    assert lay.frame[2] - lay.frame[0] >= 0.45 * WIDTH
    assert lay.key[0] > lay.frame[2]  # the key beside the map, not under it
    boxes = [lay.frame, lay.key, lay.scene, lay.status, *lay.nations]
    for i, a in enumerate(boxes):
        assert MARGIN <= a[0] < a[2] <= WIDTH - MARGIN and MARGIN <= a[1] < a[3] <= HEIGHT
        assert not any(_overlaps(a, b) for b in boxes[i + 1:]), (a, boxes)
    assert lay.status[3] - lay.status[1] >= 200
    assert min(n[2] - n[0] for n in lay.nations) >= 400


@pytest.mark.parametrize("side,seats", [("atlantic", 3), ("americas", 2), ("americas", 5)])
def test_the_key_fits_its_box(side: str, seats: int) -> None:
    from render.common.record import recording
    from render.empires.layout import layout

    lay = layout(side, seats)
    key = ("Transport", "Frigate", "Ship of the Line", "Pirate", "Fort", "Naval Base",
           "Gold port", "Wood port", "Steel port", "Ringed: last turn", "Sailed from", "Sunk",
           "Attacked")
    clear_static_cache()  # the key is noted as the static board is drawn
    try:
        with recording() as notes:
            empires.render(_bare(seats, side), NAMES[:seats])
    finally:
        clear_static_cache()
    drawn = [d for d in notes if d.kind == "text" and d.text in key
             and d.box[0] >= lay.key[0] and d.box[1] >= lay.key[1]]
    assert {d.text for d in drawn} == set(key)
    for d in drawn:
        assert d.box[2] <= lay.key[2] and d.box[3] <= lay.key[3], d


def _scaled_view(side: str, seats: int) -> EmpiresView:
    """A Frigate that sailed from (12, 4) to (12, 9), a Transport sunk at (14, 9), Boston held
    with a Fort."""
    view = _bare(seats, side)
    view.ships = [Ship(id="s1", owner=1, kind="frigate", cell=(12, 9))]
    view.port_owners["boston"] = 1
    view.port_forts = {"boston": 1}
    view.last = LastTurn(seat=1, marks=[
        Mark(what="sail", seat=1, ship="s1", kind="frigate", start=(12, 4), cell=(12, 9)),
        Mark(what="sunk", seat=0, ship="s0", kind="transport", cell=(14, 9)),
    ])
    return view


def _map_notes(side: str, seats: int) -> dict[str, list[tuple[int, int, int, int]]]:
    """The boxes of what was drawn on the map, by piece or text."""
    from render.common.record import recording
    from render.empires.layout import layout

    g = layout(side, seats).grid.bounds
    clear_static_cache()
    try:
        with recording() as notes:
            empires.render(_scaled_view(side, seats), NAMES[:seats])
    finally:
        clear_static_cache()
    out: dict[str, list[tuple[int, int, int, int]]] = {}
    for d in notes:
        if g[0] - 60 <= d.box[0] and d.box[2] <= g[2] + 60 and g[1] - 40 <= d.box[1] \
                and d.box[3] <= g[3] + 40:
            out.setdefault(d.text, []).append(d.box)
    # the largest first: the map's, not the key's under the Atlantic side's map
    return {k: sorted(v, key=lambda b: -(b[2] - b[0]) * (b[3] - b[1])) for k, v in out.items()}


def test_everything_on_the_map_grows_with_the_cell() -> None:
    """The Americas map's ships, ports, Fort tokens, names, a trail's start and a sunk
    ship's cross are as large for its cells as the Atlantic side's are for its own."""
    from render.empires.layout import layout

    small, large = layout("atlantic", 5), layout("americas", 2)
    scale = large.cell / small.cell
    a, b = _map_notes("atlantic", 5), _map_notes("americas", 2)

    def size(box: tuple[int, int, int, int]) -> tuple[int, int]:
        return box[2] - box[0], box[3] - box[1]

    for what in ("ship", "port_cube", "fort_tower", "origin", "sunk_cross", "skull",
                 "Boston", "Pirate's Bay", "Caribbean", "A", "12"):
        assert what in a and what in b, what
        (wa, ha), (wb, hb) = size(a[what][0]), size(b[what][0])
        # (type's ink grows a little less than its size)
        assert abs(wb / wa - scale) <= 0.15 and abs(hb / ha - scale) <= 0.15, (what, wa, wb)


def test_the_americas_rings_and_trail_read_at_half_size() -> None:
    from render.common.layout import inset
    from render.empires.layout import layout

    lay = layout("americas", 2)
    marked = _rgb(empires.render(_scaled_view("americas", 2), NAMES[:2]))
    half = _half(marked)

    def halved(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        return box[0] // 2, box[1] // 2, box[2] // 2 + 1, box[3] // 2 + 1

    assert _magenta(half, halved(inset(lay.grid.box(12, 9), -3)), near=40) >= 40
    assert _magenta(half, halved(lay.grid.box(12, 6)), near=60) >= 8
    assert _magenta(half, halved(lay.grid.box(14, 9)), near=60) >= 15  # the cross
    # a ring's side is drawn whole, as thick as the cell is large
    x0, y0, x1, _ = lay.grid.box(12, 9)
    assert _magenta(marked, (x0, y0 - 1, x1, y0 + lay.px(4) - 1)) >= (lay.px(4) - 1) * (x1 - x0)


def test_a_narrow_nation_block_still_shows_the_ports() -> None:
    """Two columns of nations beside the Americas map are narrower than the Atlantic side's
    one: where the ports leave no room by the resources, they lead the cards' line."""
    from render.common.record import recording

    view = GAME.view(_picks(2, 41, 3)[1], None)
    for i, p in enumerate(view.players):
        p.gold, p.wood, p.steel, p.hand_size = 12, 10, 10, 12
        p.in_front = ["copper_sheathing", "lumber_mill"] * (i + 1)
    for k in view.port_owners:
        view.port_owners[k] = None
    view.port_owners["boston"] = 0
    view.port_owners["havana"] = 1
    view.port_forts = {"havana": 2}
    with recording() as notes:
        empires.render(view, NAMES[:2])
    texts = " ".join(d.text for d in notes if d.kind == "text")
    assert texts.count("Ports 1") == 2, texts
    assert "Base" in texts
    assert not any(d.cut for d in notes)


@pytest.mark.parametrize("seats,seed", [(3, 91), (5, 92)])
def test_nothing_collides_beside_the_americas_map(seats: int, seed: int) -> None:
    """``test_board_layout``'s check (no two texts collide, no name under a piece, nothing off
    the canvas or cut short) on the Americas side with more than two nations, whose blocks
    are narrower than the Atlantic side's."""
    from render.common.record import layout_problems, recording

    clear_static_cache()  # the static board's texts are noted as it is drawn
    states = _playout(seats, seed, "americas")
    found: dict[str, int] = {}
    for i in range(0, len(states), max(len(states) // 7, 1)):
        for viewer in (None, i % seats):
            with recording() as notes:
                png = empires.render(GAME.view(states[i], viewer), NAMES[:seats])
            for problem in layout_problems(notes, Image.open(io.BytesIO(png)).size):
                found.setdefault(problem, i)
    assert not found, found


# ------------------------------------------------------------------ port names at half size


@pytest.mark.parametrize("side,seats", [("atlantic", 5), ("americas", 2)])
def test_port_names_read_at_half_size(side: str, seats: int) -> None:
    """Every port's name is bold type whose small letters ink at least 14 px at the Atlantic
    side's cell (7 at half size; at 20 px regular they were 11), its capitals with their white
    halo at least 21 px (they were 18), on the static board and on the sea alike."""
    from render.common.fonts import is_bold, stroke_width, text_bbox
    from render.empires.layout import layout

    lay = layout(side, seats)
    f = empires_static.port_font(lay)
    assert is_bold(f)
    x = text_bbox(f, "x", "la", stroke_width(f))
    assert x[3] - x[1] >= 14, x
    boxes = _name_boxes(_bare(seats, side))
    assert len(boxes) == len(empires_static.board(side).ports)
    assert min(b[3] - b[1] for b in boxes.values()) >= 21, boxes


@pytest.mark.parametrize("side,seats", [("atlantic", 5), ("atlantic", 2), ("americas", 2)])
def test_region_names_keep_clear_of_the_ports(side: str, seats: int) -> None:
    """'Mediterranean' stood 4 px from Gibraltar's port, under Gibraltar's name like a second
    line of it: a region's name keeps 8 px (at the Atlantic side's cell) from every port and
    every port's name."""
    from render.common.record import recording
    from render.empires.layout import layout

    lay = layout(side, seats)
    ports = empires_static.board(side).ports.values()
    regions = {r.capitalize() for r in empires_static.board(side).regions}
    clear_static_cache()
    try:
        with recording() as notes:
            empires.render(_bare(seats, side), NAMES[:seats])
    finally:
        clear_static_cache()
    g = lay.grid.bounds
    drawn = {d.text: d.box for d in notes if d.kind == "text" and d.box[1] < g[3]}
    shown = [r for r in regions if r in drawn]
    assert shown
    for region in shown:
        for p in ports:
            assert _box_gap(drawn[region], lay.grid.box(*p.cell)) >= lay.px(8), (region, p.id)
            assert _box_gap(drawn[region], drawn[p.name]) >= lay.px(8), (region, p.name)


def _crowded_names() -> EmpiresView:
    """Ships on every sea cell round London, Plymouth, Lisbon and Gibraltar, four of them
    ringed as sailed, London a Naval Base and Plymouth and Lisbon Forts."""
    view = _bare()
    ports = empires_static.board(view.side).ports
    near = [ports[p].cell for p in ("london", "plymouth", "lisbon", "gibraltar")]
    cells = [c for c in sorted(empires_static.board(view.side).sea)
             if any(abs(c[0] - p[0]) <= 1 and abs(c[1] - p[1]) <= 1 for p in near)]
    view.ships = [Ship(id=f"s{i}", owner=i % 5, kind="frigate", cell=c)  # type: ignore[arg-type]
                  for i, c in enumerate(cells)]
    for pid in ("london", "plymouth", "lisbon"):
        view.port_owners[pid] = 1
    view.port_forts = {"london": 2, "plymouth": 1, "lisbon": 1}
    view.last = LastTurn(seat=1, marks=[
        Mark(what="sail", seat=1, ship=s.id, kind="frigate", start=(12, 4), cell=s.cell)
        for s in view.ships[::2]] + [Mark(what="port", seat=1, port="lisbon", how="bought")])
    return view


def _hidden_letters(view: EmpiresView) -> list[str]:
    """The port and region names some pixel of whose letters the board does not show in
    the name's ink (a piece or ring drawn over it), with how many pixels."""
    from PIL import ImageDraw

    from render.common.canvas import draw_text
    from render.common.fonts import font
    from render.common.palette import INK, WHITE
    from render.empires import changes
    from render.empires.layout import layout
    from render.empires.static import REGION_LINE

    lay = layout(view.side, view.seats)
    image = _rgb(empires.render(view, NAMES[: view.seats]))
    names: list[tuple[tuple[int, int], str, bool, bool]] = [
        (xy, text, region, region) for xy, text, region, _ in
        empires_static.fixed_names(view.side, view.seats)]
    labels = empires_static.moving_labels(view.side, view.seats)[0]
    ships = {(int(s.cell[0]), int(s.cell[1])) for s in view.ships} | changes.kept_clear(view)
    for label, j in zip(labels, empires_static._choose(labels, ships), strict=True):
        if j >= 0:
            names.append((label.spots[j][0], label.text, label.port is None, label.bold))
    assert len(names) >= 20
    out = []
    for xy, text, region, bold in names:
        f = empires_static.label_font(lay, True) if region else empires_static.port_font(lay)
        if not region and bold != empires_static.PORT_BOLD:
            f = font(f.size, bold)
        ink = REGION_LINE if region else INK
        mask = Image.new("RGB", image.size, WHITE)
        draw = ImageDraw.Draw(mask)
        draw.fontmode = "1"
        box = draw_text(draw, xy, text, f, ink, anchor="la")
        want, got = mask.crop(box).tobytes(), image.crop(box).tobytes()
        letters = [i for i in range(0, len(want), 3) if want[i:i + 3] == bytes(ink)]
        # (the board's palette holds the ink within a few levels)
        lost = [i for i in letters if max(abs(got[i + c] - ink[c]) for c in range(3)) > 12]
        assert letters, text
        if lost:
            out.append(f"{text}: {len(lost)}")
    return out


def test_no_piece_or_ring_hides_a_letter_of_a_name() -> None:
    """Ships, Fort tokens and rings beside London, Plymouth and Lisbon were drawn over the
    edges of their names (a ring over the names on land and the sea): every pixel of every
    letter of a port's or region's name is in the name's ink on the board."""
    assert _hidden_letters(_crowded_names()) == []


def test_no_line_or_ring_hides_a_letter_in_seeded_games() -> None:
    """A name placed a cell from its port is tied to it by a line; Cartagena's line once ran
    across the letters of Port Royal's name below its port: names are drawn over every line,
    piece and ring."""
    states = _playout(4, 6, "atlantic")
    hidden = {}
    for i in range(0, len(states), max(len(states) // 25, 1)):
        lost = _hidden_letters(GAME.view(states[i], None))
        if lost:
            hidden[i] = lost
    assert not hidden, hidden


def _attack_on_lisbon(attack: bool) -> EmpiresView:
    """Britain's Frigate beside Lisbon, which Spain holds; the last turn it attacked Lisbon
    (or, with ``attack`` False, traded there)."""
    view = _bare()
    view.ships = [Ship(id="s1", owner=1, kind="frigate", cell=(21, 5))]
    view.port_owners["lisbon"] = 3
    mark = Mark(what="attack", seat=1, how="port", port="lisbon", cell=(22, 5)) if attack \
        else Mark(what="trade", seat=1, port="lisbon")
    view.last = LastTurn(seat=1, marks=[mark])
    return view


def test_an_attacked_port_is_marked_apart_from_the_other_changes() -> None:
    """A port attacked the last turn had only the ring every change has: it carries crossed
    swords too (a piece the key shows as 'Attacked'), which a port traded at does not."""
    from render.common.record import recording
    from render.empires.layout import layout

    lay = layout("atlantic", 5)
    cell = lay.grid.box(*empires_static.board("atlantic").ports["lisbon"].cell)
    found = {}
    for attack in (True, False):
        with recording() as notes:
            image = _rgb(empires.render(_attack_on_lisbon(attack), NAMES))
        g = lay.grid.bounds
        found[attack] = [d.box for d in notes if d.kind == "piece" and d.text == "attacked"
                         and d.box[3] <= g[3]]  # not the key's, under the map
        if attack:
            marked = image
    assert found[False] == []
    assert len(found[True]) == 1
    box = found[True][0]
    # on the port's ring's top left corner, within the ring's reach of the cell
    assert cell[0] - 3 <= box[0] and box[2] <= (cell[0] + cell[2]) // 2 + 2
    assert cell[1] - 3 <= box[1] and box[3] <= (cell[1] + cell[3]) // 2 + 2
    # at half size the disc is a patch of the rings' colour with white swords on it
    half = _half(marked)
    corner = (box[0] // 2, box[1] // 2, box[2] // 2 + 1, box[3] // 2 + 1)
    assert _magenta(half, corner, near=40) >= 25
    assert sum(1 for p in half.crop(corner).get_flattened_data() if min(p) >= 200) >= 4


def test_the_key_shows_the_attacked_mark() -> None:
    from render.common.record import recording

    clear_static_cache()
    try:
        with recording() as notes:
            empires.render(_bare(), NAMES)
    finally:
        clear_static_cache()
    assert "Attacked" in {d.text for d in notes if d.kind == "text"}
    assert any(d.text == "attacked" for d in notes if d.kind == "piece")
