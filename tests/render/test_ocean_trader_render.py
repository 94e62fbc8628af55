"""The Ocean Trader board image: size and file size on positions from seeded games, ships where
``layout_positions`` says, secrets kept out of the picture, legibility, nothing off the canvas."""

from __future__ import annotations

import io
import math
from functools import cache

import pytest
from PIL import Image

from engine.core import Accepted, Rng, View, step
from engine.ocean_trader import GAME
from engine.ocean_trader.state import (
    LastTurn,
    OceanTraderState,
    OceanTraderView,
    PendingView,
    Ship,
)
from render import catalog, ocean_trader
from render.common.canvas import MAX_PNG_BYTES, board_problems, clear_static_cache
from render.common.fonts import SMALL_SIZE
from render.common.palette import BACKGROUND, HIGHLIGHT, player_style
from render.ocean_trader import geo
from render.ocean_trader import panels as ocean_trader_panels
from render.ocean_trader import static as ocean_trader_static
from render.ocean_trader import style as ocean_trader_style
from render.ocean_trader.style import HEIGHT, MARGIN, WIDTH

from .helpers import ink_box

NAMES = ["Ann", "Bj\u00f6rn \u00d8stergaard", "Chen", "Dora, who has a very long name indeed",
         "Eve", "Femi"]


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _rgb(png: bytes) -> Image.Image:
    return _decode(png).convert("RGB")


@cache
def _played(seats: int, seed: int, variant: str) -> tuple[OceanTraderState, ...]:
    """Every state of a seeded game of random legal moves."""
    state = GAME.setup({"variant": variant, "turns": 12}, seats, seed)
    chooser = Rng.from_seed(seed * 7919 + seats)
    states = [state]
    for _ in range(1500):
        if GAME.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(GAME.actors(state)))
        outcome = step(GAME, state, seat, chooser.choice(GAME.legal_actions(state, seat)),
                       state.version)
        assert isinstance(outcome, Accepted), outcome
        state = outcome.state
        states.append(state)
    return tuple(states)


def _picks(seats: int, seed: int, variant: str, count: int) -> list[OceanTraderState]:
    states = _played(seats, seed, variant)
    idx = sorted({round(i * (len(states) - 1) / (count - 1)) for i in range(count)})
    return [states[i] for i in idx]


GAMES = [(2, 21, "short"), (6, 22, "short"), (2, 23, "full"), (6, 24, "full")]


def _check_ships(image: Image.Image, view: OceanTraderView) -> int:
    ships = ocean_trader.layout_positions(view)["ships"]
    checked = 0
    for player in view.players:
        for ship in player.ships:
            key = f"{player.seat}.{ship.number}"
            assert key in ships, key
            assert image.getpixel(ships[key]) == player_style(player.seat).rgb, key
            checked += 1
    return checked


# ------------------------------------------------------------------ the image itself


@pytest.mark.parametrize("seats,seed,variant", GAMES)
def test_positions_from_seeded_games_render_within_limits(seats: int, seed: int,
                                                          variant: str) -> None:
    ships_seen = 0
    for state in _picks(seats, seed, variant, 6):
        for viewer in (None, 0):
            view = GAME.view(state, viewer)
            png = ocean_trader.render(view, NAMES[:seats])
            image = _decode(png)
            assert image.format == "PNG" and image.mode in ("P", "RGB")
            assert image.size == (WIDTH, HEIGHT)
            assert image.width >= 1200 and image.width > image.height
            assert len(png) <= MAX_PNG_BYTES
            rgb = image.convert("RGB")
            assert board_problems(rgb, png) == []
            ships_seen += _check_ships(rgb, view)
    assert ships_seen > 0


def test_renderer_is_registered_by_game_id_and_pure() -> None:
    try:
        render = catalog.get("ocean_trader")
    except KeyError:
        catalog.register("ocean_trader", ocean_trader.render)
        render = catalog.get("ocean_trader")
    view = GAME.view(_picks(2, 21, "short", 3)[1], None)
    assert render(view, NAMES) == render(view.model_copy(deep=True), NAMES)


def test_rejects_another_games_view() -> None:
    other = View(game="race", version=0, viewer=None, seats=2, turn=0, actors=[0])
    with pytest.raises(TypeError):
        ocean_trader.render(other, NAMES)


# ------------------------------------------------------------------ where ships land


def test_layout_positions_lie_on_the_chart() -> None:
    positions = ocean_trader.layout_positions()
    assert len(positions["ports"]) == 29
    assert len(positions["spaces"]) == sum(r.spaces for r in
                                           ocean_trader_static.ocean_trader_content()
                                           .routes.routes)
    x0, y0, x1, y1 = ocean_trader_style.MAP_BOX
    for x, y in [*positions["ports"].values(), *positions["spaces"].values()]:
        assert x0 <= x < x1 and y0 <= y < y1


@pytest.mark.parametrize("seat", range(6))
def test_a_ship_shows_its_owners_colour_where_layout_puts_it(seat: int) -> None:
    state = GAME.setup({}, 6, 5)
    for player in state.players:
        player.ships = []
    route = "R13"  # Liverpool - Rio: a long open ocean passage
    state.players[seat].ships = [Ship(number=2, route=route, at=5, toward="RIO")]
    view = GAME.view(state, None)
    point = ocean_trader.layout_positions(view)["ships"][f"{seat}.2"]
    space = ocean_trader.layout_positions()["spaces"][f"{route}.5"]
    assert abs(point[0] - space[0]) < 40 and abs(point[1] - space[1]) < 20
    image = _rgb(ocean_trader.render(view, NAMES))
    assert image.getpixel(point) == player_style(seat).rgb
    state.players[seat].ships = []
    empty = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    assert empty.getpixel(point) != player_style(seat).rgb


def test_a_crowded_port_keeps_every_fleet_visible() -> None:
    state = GAME.setup({}, 6, 6)  # every fleet starts in Liverpool
    for player in state.players:
        player.ships += [Ship(number=2, port="LIV"), Ship(number=3, port="CPT", insured=True,
                                                          cargo=["silk", "wine", "coal"])]
    view = GAME.view(state, None)
    image = _rgb(ocean_trader.render(view, NAMES))
    assert _check_ships(image, view) == 18


def _fleets_at(*seats: list[tuple[int, str | None, str | None, int]]) -> OceanTraderView:
    """A two-or-more-seat view with exactly these ships: per seat, (number, port, route,
    space), a ship at sea heading for the route's far end."""
    state = GAME.setup({}, max(len(seats), 2), 8)
    for player in state.players:
        player.ships = []
    for seat, ships in enumerate(seats):
        state.players[seat].ships = [
            Ship(number=n, port=port, route=route, at=at,
                 toward=None if route is None else
                 ocean_trader_static.ocean_trader_content().route(route).b)
            for n, port, route, at in ships]
    return GAME.view(state, None)


# Positions a player met (a two-player game at the local table): a ship docked at Bordeaux was
# drawn beside Gibraltar's dot (round 9), one docked at Calcutta beside Rangoon's dot with
# Calcutta's dot under Rangoon's label, one docked at Alexandria at the top of the Suez Canal,
# away from its label (the last round), and one at sea off Bordeaux beside Bordeaux's dot.
MET_IN_PLAY = [
    [[(1, "BOR", None, 0)], [(1, "BOR", None, 0)]],
    [[(1, "CAL", None, 0)], [(1, "ALX", None, 0)]],
    [[(1, None, "R02", 2)], [(1, "SIN", None, 0)]],
]


def _gap(box: tuple[int, int, int, int], point: tuple[int, int]) -> float:
    x, y = point
    return math.hypot(max(box[0] - x, 0, x - box[2]), max(box[1] - y, 0, y - box[3]))


def test_no_ship_hides_a_port() -> None:
    """A pill over a port's dot reads as a ship in that port, and a pill beside a port's dot
    as a ship in that port: pills keep off every dot and every label, a fleet in port stands
    nearer its own port's dot than any other (with room to spare when it is alone there), and
    a fleet at sea keeps clear of the ports' dots (a leader line joins a pill moved off its
    spot to the spot)."""
    views = [GAME.view(state, None) for args in GAMES for state in _picks(*args, 8)]
    views.append(_fleets_at([(1, "BAT", None, 0)], [(1, "BOR", None, 0)]))  # crowded labels
    views += [_fleets_at(*seats) for seats in MET_IN_PLAY]
    views += [_fleets_at([(1, port, None, 0)]) for port in sorted(ocean_trader_static.geo.ports())]
    dots = ocean_trader.layout_positions()["ports"]
    labels = ocean_trader._chart_texts()  # the port labels, the chart's note and its legend
    for view in views:
        for seat, numbers, box in ocean_trader.ship_boxes(view):
            hidden = [port for port, (x, y) in dots.items()
                      if box[0] <= x < box[2] and box[1] <= y < box[3]]
            assert not hidden, (seat, numbers, box, hidden)
            covered = [b for b in labels if box[0] < b[2] and b[0] < box[2] and box[1] < b[3]
                       and b[1] < box[3]]
            assert not covered, (seat, numbers, box, covered)
            ship = next(s for s in view.players[seat].ships if s.number == numbers[0])
            fleets = sum(any(s.port == ship.port for s in p.ships) for p in view.players)
            if ship.port is None:  # at sea: not beside a port's dot
                assert ship.route is not None
                spaces = ocean_trader_static.ocean_trader_content().route(ship.route).spaces
                if 1 <= ship.at <= spaces:  # (not come to the port at the end of its route)
                    assert min(_gap(box, dot) for dot in dots.values()) >= 16, (seat, box)
                continue
            # it reads as in its own port (but for a crowd of fleets, which may spread
            # further: six start in Liverpool, between Bordeaux and Quebec)
            own = _gap(box, dots[ship.port])
            rival, port = min((_gap(box, dot), port) for port, dot in dots.items()
                              if port != ship.port)
            if fleets == 1:
                assert rival >= own + 8, (seat, numbers, ship.port, own, port, rival)
            elif fleets <= 3:
                assert rival >= own, (seat, numbers, ship.port, own, port, rival)


def test_the_positions_met_in_play_read_as_in_their_ports() -> None:
    """The ships of the positions a player met stand right against their own port's dot, far
    nearer it than any other."""
    dots = ocean_trader.layout_positions()["ports"]
    for seats in MET_IN_PLAY:
        view = _fleets_at(*seats)
        for seat, numbers, box in ocean_trader.ship_boxes(view):
            ship = next(s for s in view.players[seat].ships if s.number == numbers[0])
            if ship.port is None:
                continue
            own = _gap(box, dots[ship.port])
            others = sorted(_gap(box, dot) for port, dot in dots.items() if port != ship.port)
            assert own <= 16 and others[0] >= own + 12, (ship.port, own, others[0])


def test_a_label_reads_as_its_own_ports() -> None:
    """No other port's dot lies close by a port's label nearer than the label's own dot
    (Calcutta's dot sat under Rangoon's label), and no line from a dot to its label crosses
    another label."""
    boxes = {port: ocean_trader._on_chart(box)
             for port, box in ocean_trader_static.label_boxes().items()}
    points = ocean_trader.layout_positions()["ports"]
    for port, box in boxes.items():
        own = _gap(box, points[port])
        for other, point in points.items():
            if other != port:
                near = _gap(box, point)
                assert near >= 22 or near >= own + 10, (port, other, near, own)
        if own <= 14:  # near enough to need no line
            continue
        (x0, y0) = points[port]
        x1, y1 = min(max(x0, box[0]), box[2] - 1), min(max(y0, box[1]), box[3] - 1)
        along = [(x0 + (x1 - x0) * i / 40, y0 + (y1 - y0) * i / 40) for i in range(41)]
        for other, b in boxes.items():
            crossed = [p for p in along if b[0] <= p[0] < b[2] and b[1] <= p[1] < b[3]]
            assert other == port or not crossed, (port, other)


def test_a_leader_line_shows_at_half_size() -> None:
    """The line from a pill moved off its spot back to the spot stays dark at half size."""
    image = ocean_trader.board_canvas(2)
    draw = ocean_trader.PaletteDraw(image)
    spot, box = (300, 300), (400, 286, 460, 314)  # a pill 100 pixels east of its spot
    ocean_trader._leader(draw, spot, box)
    half = image.convert("RGB").resize((image.width // 2, image.height // 2),
                                       Image.Resampling.LANCZOS)
    across = [0.2126 * r + 0.7152 * g + 0.0722 * b  # half way along, across the line
              for r, g, b in (half.getpixel((175, y)) for y in range(140, 161))]
    assert min(across) < 60 and sum(v < 170 for v in across) >= 2, across


def test_the_ship_awaiting_a_decision_is_ringed() -> None:
    state = GAME.setup({}, 3, 7)
    view = GAME.view(state, None)
    box = [b for s, n, b in ocean_trader.ship_boxes(view) if s == view.active][0]
    probe = (box[0] - 2, (box[1] + box[3]) // 2)  # on the ring round the pill
    assert _rgb(ocean_trader.render(view, NAMES)).getpixel(probe) != HIGHLIGHT
    view.pending = PendingView(kind="depart", seat=view.active, ship=1, port="LIV")
    assert _rgb(ocean_trader.render(view, NAMES)).getpixel(probe) == HIGHLIGHT
    assert "choose a route for ship 1 leaving Liverpool" in \
        ocean_trader_panels.pending_text(view.pending, NAMES)


# ------------------------------------------------------------------ secrets


@pytest.mark.parametrize("seats,seed,variant", [(2, 23, "full"), (6, 24, "full"),
                                                (6, 22, "short")])
def test_spectator_image_is_the_same_whatever_the_secrets(seats: int, seed: int,
                                                          variant: str) -> None:
    rng = Rng.from_seed(99)
    for state in _picks(seats, seed, variant, 4):
        base = ocean_trader.render(GAME.view(state, None), NAMES[:seats])
        for seat in range(seats):
            scrambled = GAME.scramble_secrets(state, seat, rng)
            assert ocean_trader.render(GAME.view(scrambled, None), NAMES[:seats]) == base
            # and no other seat's view shows this seat's cash or shares
            other = (seat + 1) % seats
            assert ocean_trader.render(GAME.view(scrambled, other), NAMES[:seats]) == \
                ocean_trader.render(GAME.view(state, other), NAMES[:seats])


def test_own_cash_appears_only_in_the_viewers_office() -> None:
    state = GAME.setup({"variant": "full"}, 3, 8)
    state.players[1].cash = 123_456
    own = _rgb(ocean_trader.render(GAME.view(state, 1), NAMES))
    spectator = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    office = ocean_trader_style.office_boxes(3)[1]
    assert own.crop(office).tobytes() != spectator.crop(office).tobytes()
    for seat in (0, 2):
        box = ocean_trader_style.office_boxes(3)[seat]
        assert own.crop(box).tobytes() == spectator.crop(box).tobytes()


def test_a_spare_policy_shows_in_the_open_office() -> None:
    state = GAME.setup({"variant": "short"}, 3, 8)
    plain = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    state.players[2].spare_policies = 1
    spare = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    for seat in range(3):
        box = ocean_trader_style.office_boxes(3)[seat]
        assert (plain.crop(box).tobytes() != spare.crop(box).tobytes()) == (seat == 2)


def test_a_holding_the_table_knows_shows_in_that_office_for_everyone() -> None:
    state = GAME.setup({"variant": "full"}, 3, 8)
    state.players[2].shares = 4
    plain = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    state.players[2].shown = 4  # shown in a challenge
    for viewer in (None, 0, 1):
        assert "4 shares shown" in [t for t, _ in _texts(GAME.view(state, viewer))]
    known = _rgb(ocean_trader.render(GAME.view(state, None), NAMES))
    for seat in range(3):
        box = ocean_trader_style.office_boxes(3)[seat]
        assert (plain.crop(box).tobytes() != known.crop(box).tobytes()) == (seat == 2)
    own = [t for t, _ in _texts(GAME.view(state, 2))]
    assert "4 shares shown" not in own and "4 shares" in own  # its own holding, as always


# ------------------------------------------------------------------ legibility and bounds


def test_no_text_below_the_half_scale_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: set[int] = set()
    for module in (ocean_trader_static, ocean_trader_panels, ocean_trader_style):
        original = module.font

        def recording(size: int, bold: bool = False, _original=original):  # noqa: ANN202
            sizes.add(size)
            return _original(size, bold)

        monkeypatch.setattr(module, "font", recording)
    clear_static_cache()
    try:
        for seats, seed, variant in GAMES:
            for state in _picks(seats, seed, variant, 3):
                ocean_trader.render(GAME.view(state, 0), NAMES[:seats])
    finally:
        clear_static_cache()
    assert sizes and min(sizes) >= SMALL_SIZE >= 20


@pytest.mark.parametrize("seats,seed,variant", GAMES)
def test_nothing_runs_off_the_canvas(seats: int, seed: int, variant: str) -> None:
    for state in _picks(seats, seed, variant, 3):
        view = GAME.view(state, 0)
        for player in view.players:  # full holds, every ship out, long names
            player.ships = [Ship(number=n, port="SFO" if n == 1 else None,
                                 route=None if n == 1 else "R24", at=n, toward="VAL",
                                 insured=True, cargo=["manufactures", "tobacco", "spices"])
                            for n in (1, 2, 3)]
        image = _rgb(ocean_trader.render(view, [n * 3 for n in NAMES[:seats]]))
        ink = ink_box(image, BACKGROUND)
        assert ink is not None
        assert ink[0] >= MARGIN // 2 and ink[1] >= MARGIN // 2
        assert ink[2] <= WIDTH - MARGIN // 2 and ink[3] <= HEIGHT - MARGIN // 2


def test_final_position_names_the_result() -> None:
    states = _played(2, 21, "short")
    final = GAME.view(states[-1], None)
    assert final.finished
    png = ocean_trader.render(final, NAMES[:2])
    assert len(png) <= MAX_PNG_BYTES


# ------------------------------------------------------------------ what the texts say


def _texts(view: OceanTraderView) -> list[tuple[str, int]]:
    """Every text line the board draws, with its height in pixels."""
    from render.common.record import recording

    with recording() as notes:
        ocean_trader.render(view, NAMES[:view.seats])
    return [(d.text, d.box[3] - d.box[1]) for d in notes if d.kind == "text"]


def test_the_short_game_shows_one_round_count_and_no_shares() -> None:
    state = _picks(2, 21, "short", 3)[1]
    for viewer in (None, 0):
        texts = [t for t, _ in _texts(GAME.view(state, viewer))]
        assert sum(t.startswith("Round ") and t.endswith(f" of {state.turn_limit}")
                   for t in texts) == 1, texts
        assert not any("turn " in t.lower() and t[-1].isdigit() for t in texts), texts
        assert not any("share" in t.lower() or t.endswith(" sh") or " sh," in t
                       for t in texts), texts


def test_a_seats_own_board_shows_its_secrets_large() -> None:
    state = GAME.setup({"variant": "full"}, 3, 8)
    state.players[1].cash = 4_321
    state.players[1].shares = 3
    own = _texts(GAME.view(state, 1))
    cash = [h for t, h in own if t == "Your cash 4,321"]
    assert cash and min(cash) >= 20
    assert ("3 shares" in [t for t, _ in own])
    public = [t for t, _ in _texts(GAME.view(state, None))]
    assert not any("4,321" in t or "Your" in t for t in public)


# ------------------------------------------------------------------ what the turn may do


def _turn_of(seat: int, ships: list[Ship], thrown: int | None = None) -> OceanTraderView:
    state = GAME.setup({}, 2, 8)
    state.active = seat
    state.thrown = thrown
    state.players[seat].ships = ships
    return GAME.view(state, None)


def test_the_status_says_what_the_players_ships_can_do() -> None:
    """The line under whose turn it is reads the view: ships in port that may trade, ships at
    sea that must sail (a player whose only ship was at sea was told to trade in port)."""
    at_sea = Ship(number=1, route="R40", at=2, toward="ADN")
    cases = [
        ([at_sea], None, "Throw the die: ship 1 must sail"),
        ([at_sea, Ship(number=2, port="BOM")], None,
         "Trade with ship 2, then throw: ship 1 must sail"),
        ([Ship(number=1, port="LIV"), Ship(number=2, port="BOM")], None,
         "Trade with ships 1 and 2, or throw the die to sail"),
        ([Ship(number=1, port="BOM", quarantine_through=5)], None, "End the turn"),
        ([Ship(number=1, port="BOM", traded=True), Ship(number=2, port="LIV")], None,
         "Trade with ship 2, or throw the die to sail"),
        ([Ship(number=1, port="BOM", docked_now=True, sailed=True)], 4, "End the turn"),
        ([Ship(number=1, port="BOM"), at_sea.model_copy(update={"sailed": True})], 4,
         "Trade with ship 1, or end the turn"),
        ([at_sea.model_copy(update={"held_through": 3})], None,
         "End the turn (ship 1 held by a Prospect card)"),
    ]
    for ships, thrown, said in cases:
        view = _turn_of(1, [s.model_copy() for s in ships], thrown)
        assert ocean_trader_panels.task_text(view, NAMES) == (1, said), said
    view = _turn_of(1, [at_sea.model_copy()])
    texts = " ".join(t for t, _ in _texts(view))
    assert "must sail" in texts and "Trade in port" not in texts


# ------------------------------------------------------------------ read at half size


def _styled(view: OceanTraderView, monkeypatch: pytest.MonkeyPatch) \
        -> list[tuple[str, int, bool, tuple[int, int, int], tuple[float, float]]]:
    """Every line of text the board draws (its static parts too): the text, its font's size,
    whether it is bold, its colour and where it is drawn."""
    from render.common import canvas
    from render.common.fonts import is_bold

    seen = []
    original = canvas._line

    def line(draw, xy, text, f, fill, anchor, outline):  # noqa: ANN001, ANN202
        seen.append((text, f.size, is_bold(f), fill, xy))
        return original(draw, xy, text, f, fill, anchor, outline)

    monkeypatch.setattr(canvas, "_line", line)
    clear_static_cache()
    try:
        ocean_trader.render(view, NAMES[:view.seats])
    finally:
        clear_static_cache()
    return seen


def test_numbers_are_bold_and_in_full_ink(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thin grey figures were misread at half size ("3,130" as "3,190", "deck 75" as
    "dock /5"): every number is bold, in full ink, and a size over the smallest beside the
    chart (the final assets, the deck, what a card pays, the key's and the cargo's prices)."""
    import re

    from render.common.palette import INK

    state = _played(2, 21, "short")[-1].model_copy(deep=True)
    state.players[1].ships = [Ship(number=1, port="ALX", cargo=["timber", "timber"])]
    view = GAME.view(state, None)
    assert view.finished and view.final_assets
    numbers = [(t, size, bold, fill, xy) for t, size, bold, fill, xy in _styled(view, monkeypatch)
               if re.fullmatch(r"(deck |pays )?[\d,]+", t)]
    said = {t for t, *_ in numbers}
    assert {f"deck {view.trade_deck_size}", "120", "140"} <= said, said
    assert any(t == f"{a:,}" for a in view.final_assets for t in said), said
    for text, size, bold, fill, xy in numbers:
        assert bold and fill == INK, (text, size, bold, fill)
        beside = xy[0] >= ocean_trader_style.RIGHT_X or xy[1] >= ocean_trader_style.MAP_BOX[3]
        assert size >= (22 if beside else SMALL_SIZE), (text, size, xy)


def test_goods_codes_and_prices_read_at_half_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """A code's "i" loses its dot at half size ("Ti" read "Tl"): no code has one, or an "l";
    and a cargo's price stands on a white part of its chip, apart from the code ("Ti140")."""
    codes = [code for _, code in ocean_trader_style.GOODS.values()]
    assert len(set(codes)) == len(codes)
    assert not [c for c in codes if set(c) & set("iIl1")], codes
    image = ocean_trader.board_canvas(2)
    draw = ocean_trader.PaletteDraw(image)
    right = ocean_trader_style.goods_chip(draw, 100, 100, "timber", "140")
    rgb = image.convert("RGB")
    top = 100 - ocean_trader_style.CHIP_H // 2
    assert rgb.getpixel((103, top + 3)) == ocean_trader_style.GOODS["timber"][0]
    assert rgb.getpixel((right - 4, top + 3)) == (255, 255, 255)
    state = GAME.setup({}, 2, 8)
    state.players[0].ships[0].cargo = ["wine"]
    styled = _styled(GAME.view(state, None), monkeypatch)
    office = ocean_trader_style.office_boxes(2)[0]
    chip = [(t, size, bold) for t, size, bold, _, (x, y) in styled
            if office[0] <= x < office[2] and office[1] <= y < office[3] and t in ("Wn", "400")]
    assert len(chip) == 2 and all(size >= 22 and bold for _, size, bold in chip), chip


@pytest.mark.parametrize("x", [100, 101])
def test_a_priced_chips_rim_is_as_heavy_as_its_rule(x: int) -> None:
    """A laden ship's chip ("Te 450") is framed all round as heavily as the rule between its
    code and its price: its rim was 1 px beside the 2 px rule, went grey at half size, and
    the white price part read as a stray bracket ("Te 450]")."""
    image = ocean_trader.board_canvas(4)
    draw = ocean_trader.PaletteDraw(image)
    cy = 100
    right = ocean_trader_style.goods_chip(draw, x, cy, "tea", "450")
    rgb = image.convert("RGB")
    split = x + ocean_trader_style.chip_width("tea")
    ink = ocean_trader_style.INK
    top, bottom = cy - ocean_trader_style.CHIP_H // 2, cy + ocean_trader_style.CHIP_H // 2 - 1

    def run(points: list[tuple[int, int]]) -> int:
        return sum(1 for p in points if rgb.getpixel(p) == ink)

    rule = run([(split + d, top + 4) for d in range(-2, 3)])
    assert rule >= 2
    middle = (split + right) // 2
    assert run([(right - 1 - d, cy) for d in range(3)]) == rule  # the right end
    assert run([(middle, top + d) for d in range(3)]) == rule  # the price part's top
    assert run([(middle, bottom - d) for d in range(3)]) == rule  # ... and bottom
    assert rgb.getpixel((right - 1 - rule, cy)) == (255, 255, 255)
    # at half size the right end is as dark as the rule, wherever the chip falls
    half = rgb.resize((rgb.width // 2, rgb.height // 2), Image.LANCZOS)

    def darkness(x0: int, x1: int) -> float:
        row = (top + 4) // 2
        return float(sum(765 - sum(half.getpixel((h, row))) for h in range(x0 // 2, x1 // 2 + 1)))

    assert darkness(right - 4, right + 1) >= 0.8 * darkness(split - 3, split + 2)


def test_the_legend_and_the_last_prospect_card_are_large(monkeypatch: pytest.MonkeyPatch) -> None:
    """The legend of the red and Suez spaces and the last Prospect card were too small to
    read at half size: bold, and a size over the smallest."""
    state = GAME.setup({}, 2, 8)
    state.last_prospect = ocean_trader_static.ocean_trader_content().prospects.cards[0].id
    styled = _styled(GAME.view(state, None), monkeypatch)
    legend = [(size, bold) for t, size, bold, *_ in styled
              if t in ("Prospect card", "Suez tow 50")]
    assert len(legend) >= 2 and all(size >= 22 and bold for size, bold in legend), legend
    last = [(size, bold) for t, size, bold, *_ in styled if t.startswith("Last Prospect card")]
    assert last and all(size >= 24 and bold for size, bold in last), last


# ------------------------------------------------------------------ what the turn changed


def test_the_ships_the_turn_in_progress_changed_are_ringed() -> None:
    """The view marks what the turn in progress did with each ship (sailed, docked, traded,
    bought), and keeps what the last finished turn did (``last``): those ships are ringed like
    any change."""
    state = GAME.setup({}, 2, 8)
    state.players[1].ships = []
    state.players[0].ships = [Ship(number=1, port="BOM"), Ship(number=2, port="CPT")]
    view = GAME.view(state, None)
    boxes = {n[0]: b for _, n, b in ocean_trader.ship_boxes(view)}

    def ringed(image: Image.Image, number: int) -> bool:
        box = boxes[number]
        return image.getpixel((box[0] - 2, (box[1] + box[3]) // 2)) == HIGHLIGHT

    plain = _rgb(ocean_trader.render(view, NAMES))
    assert not ringed(plain, 1) and not ringed(plain, 2)
    for flag in ("traded", "sailed", "docked_now", "new"):
        changed = view.model_copy(deep=True)
        setattr(changed.players[0].ships[0], flag, True)
        image = _rgb(ocean_trader.render(changed, NAMES))
        assert ringed(image, 1) and not ringed(image, 2), flag
    # once the turn has ended, the view's record of it rings the same ships
    for kind in ("traded", "sailed", "issued"):
        ended = view.model_copy(deep=True)
        ended.last = LastTurn(seat=0, **{kind: [2]})
        image = _rgb(ocean_trader.render(ended, NAMES))
        assert ringed(image, 2) and not ringed(image, 1), kind


def test_a_ship_the_last_turn_sailed_leaves_a_trail_along_its_routes_off_the_names() -> None:
    """From where it set out (Liverpool), down to Gibraltar and on towards Alexandria: dots
    in the ring colour along the routes it took, none on a port's name; a ship the last turn
    only traded with (ringed the same) draws none, whatever its wake."""
    state = GAME.setup({}, 2, 8)
    state.players[1].ships = []
    ship = Ship(number=1, route="R04", at=2, toward="ALX",
                wake=[("R02", 0), ("R02", 1), ("R02", 2), ("R02", 3), ("R02", 4), ("R04", 0),
                      ("R04", 1), ("R04", 2)])
    state.players[0].ships = [ship]
    view = GAME.view(state, None)

    def magenta(last: LastTurn) -> set[tuple[int, int]]:
        changed = view.model_copy(deep=True)
        changed.last = last
        image = _rgb(ocean_trader.render(changed, NAMES)).crop(ocean_trader_style.MAP_BOX)
        left, top = ocean_trader_style.MAP_BOX[:2]
        return {(x + left, y + top) for y in range(image.height) for x in range(image.width)
                if image.getpixel((x, y)) == HIGHLIGHT}

    ringed = magenta(LastTurn(seat=0, traded=[1]))
    trail = magenta(LastTurn(seat=0, sailed=[1])) - ringed
    assert len(trail) > 300
    # along the two routes: every trail pixel near their drawn paths
    paths = [geo.routes()[r].path for r in ("R02", "R04")]
    near = [(round(x) + ocean_trader_style.MAP_BOX[0], round(y) + ocean_trader_style.MAP_BOX[1])
            for path in paths for k in range(200)
            for x, y in [geo.along(path, k / 199)]]
    assert all(min(math.dist(p, q) for q in near) < 14 for p in list(trail)[::25])
    # it starts at Liverpool (a ring on its dot) and reaches east of Gibraltar
    liverpool, gibraltar = (ocean_trader.layout_positions()["ports"][p] for p in ("LIV", "GIB"))
    assert min(math.dist(p, liverpool) for p in trail) < 10
    assert any(p[0] > gibraltar[0] + 20 for p in trail)
    labels = [ocean_trader._on_chart(b) for b in ocean_trader_static.label_boxes().values()]
    assert not any(b[0] <= x <= b[2] and b[1] <= y <= b[3] for x, y in trail for b in labels)


def test_the_world_trade_cards_the_last_turn_drew_are_ringed() -> None:
    view = GAME.view(GAME.setup({}, 2, 8), None)

    def ring_pixels(v: OceanTraderView) -> int:
        crop = _rgb(ocean_trader.render(v, NAMES)).crop(ocean_trader_static.CARDS_BOX)
        return sum(n for n, colour in crop.getcolors(1 << 24) or [] if colour == HIGHLIGHT)

    assert ring_pixels(view) == 0
    drawn = view.model_copy(deep=True)
    drawn.last = LastTurn(seat=0, cards=[view.in_play[1].card])
    assert ring_pixels(drawn) > 200
