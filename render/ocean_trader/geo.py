"""Where things are on the Ocean Trader chart: a stretched world map (the crowded seas of Asia
and Europe get more room than the open oceans), the ports on it, and every sea space of every
route. Pure geometry from the game data; nothing here draws.

The chart wraps east to west like a real one: the North and South Pacific routes leave one
edge and come back at the other. Points are in chart pixels (0..MAP_W, 0..MAP_H); add the
chart's origin for canvas pixels.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from engine.ocean_trader.content import ocean_trader_content

MAP_W, MAP_H = 1180, 670

FPoint = tuple[float, float]

# Longitude and latitude to chart pixels, piecewise linear (the map is a schematic chart).
_LON = ((-140, 0), (-125, 40), (-100, 120), (-65, 290), (-40, 360), (-10, 440), (40, 590),
        (60, 640), (75, 680), (100, 840), (125, 990), (145, 1060), (180, 1140), (220, 1180))
_LAT = ((64, 0), (50, 80), (30, 220), (10, 330), (-10, 420), (-35, 545), (-47, 620),
        (-62, 670))


def _interp(v: float, knots: tuple[tuple[float, float], ...]) -> float:
    if knots[0][0] > knots[-1][0]:  # descending (latitude)
        knots = tuple((-a, b) for a, b in knots)
        v = -v
    for (a0, b0), (a1, b1) in zip(knots, knots[1:], strict=False):
        if v <= a1:
            return b0 + (b1 - b0) * (v - a0) / (a1 - a0)
    (a0, b0), (a1, b1) = knots[-2], knots[-1]
    return b0 + (b1 - b0) * (v - a0) / (a1 - a0)


def project(lon: float, lat: float) -> FPoint:
    """Chart pixels of a longitude/latitude; longitudes outside -140..220 land beyond the
    chart's edges (unwrapped), so a route can run off one side."""
    turns = math.floor((lon + 140) / 360)
    base = lon - 360 * turns
    return _interp(base, _LON) + MAP_W * turns, _interp(lat, _LAT)


# The real positions of the ports (longitude, latitude).
PORT_LONLAT: dict[str, FPoint] = {
    "LIV": (-3.0, 53.4), "BOR": (-0.6, 44.8), "GIB": (-5.4, 36.1), "ALX": (29.9, 31.2),
    "ADN": (45.0, 12.8), "ZAN": (39.2, -6.2), "CPT": (18.4, -33.9), "BOM": (72.8, 19.0),
    "COL": (79.9, 6.9), "CAL": (88.4, 22.6), "RAN": (96.2, 16.8), "SIN": (103.8, 1.3),
    "BAT": (106.8, -6.2), "MNL": (121.0, 14.6), "HKG": (114.2, 22.3), "SHA": (121.5, 31.2),
    "YOK": (139.6, 35.4), "SYD": (151.2, -33.9), "MEL": (145.0, -37.8), "WEL": (174.8, -41.3),
    "SFO": (-122.4, 37.8), "VAL": (-71.6, -33.0), "CAO": (-77.1, -12.0),
    "BAS": (-58.4, -34.6), "RIO": (-43.2, -22.9), "NYC": (-74.0, 40.7), "NOR": (-90.0, 30.0),
    "HAV": (-82.4, 23.1), "QUE": (-71.2, 46.8),
}

# Where each port's label sits, as the label's anchor corner relative to the port:
# (dx, dy, Pillow-style anchor of the label box: l/m/r then t/m/b).
LABEL_AT: dict[str, tuple[int, int, str]] = {
    "SFO": (-40, -14, "lb"), "QUE": (-14, -8, "rb"), "NOR": (-4, 14, "rt"),
    "HAV": (12, 12, "lt"), "CAO": (-14, 0, "rm"), "VAL": (-14, 0, "rm"),
    "BAS": (10, 10, "lt"), "RIO": (14, 0, "lm"), "CPT": (12, 10, "lt"),
    "NYC": (14, 0, "lm"), "LIV": (14, -10, "lm"), "BOR": (14, -6, "lm"),
    "GIB": (-8, 12, "rt"), "ALX": (0, -12, "mb"), "ADN": (-8, 10, "rt"),
    "ZAN": (-10, 4, "rt"), "BOM": (-14, 0, "rm"), "COL": (-8, 12, "rt"),
    "CAL": (-8, -10, "rb"), "RAN": (8, 4, "lt"), "HKG": (-14, 0, "rm"),
    "SHA": (-8, -8, "rb"), "MNL": (14, 0, "lm"), "YOK": (14, 0, "lm"),
    "SIN": (-10, 10, "rt"), "BAT": (10, 8, "lt"), "SYD": (-8, -10, "rb"),
    "MEL": (-14, 0, "rm"), "WEL": (-12, 14, "rt"),
}

# Where a label writes its port's fee, for a label that must be narrow (see
# ``static._label_shape``): Rangoon's stands between Calcutta's and Hong Kong's dots.
LABEL_SHAPES: dict[str, str] = {"RAN": "below"}

# Labels placed by hand (any other port's is placed automatically, preferring LABEL_AT): each
# where it reads as its own port's, no other port's dot close by it and no line from a dot to a
# distant label crossing another label, with room beside each dot for the ships in port and
# as few sea spaces under it as may be. Calcutta's and Rangoon's stand on the land to the north
# (a line down to each dot), Melbourne's on the Australian land above it.
FIXED_LABELS: dict[str, tuple[int, int, str]] = {
    "SFO": (-46, 16, "lt"), "NOR": (-20, 20, "rt"), "NYC": (-12, -29, "rt"),
    "QUE": (-9, -8, "rb"), "HAV": (-66, 48, "lt"), "CAO": (12, -4, "lb"),
    "VAL": (-12, -23, "rt"), "RIO": (-12, -32, "rt"), "BAS": (20, 20, "lt"),
    "LIV": (8, -1, "lb"), "BOR": (12, -34, "lt"), "GIB": (-48, -29, "rt"),
    "ALX": (-5, 10, "rt"), "ADN": (-12, -29, "rt"), "ZAN": (-12, -29, "rt"),
    "CPT": (72, -30, "lt"), "BOM": (-80, -12, "lb"), "CAL": (-1, -63, "rb"),
    "RAN": (-20, -41, "lb"), "COL": (-75, 12, "lt"), "SIN": (-14, 49, "rt"),
    "BAT": (12, 12, "lt"), "MNL": (12, 12, "lt"), "HKG": (65, -6, "lt"),
    "SHA": (-84, -46, "lb"), "YOK": (1, 12, "lt"), "SYD": (-34, -12, "lb"),
    "MEL": (-24, -10, "rb"), "WEL": (-24, 26, "rt"),
}

# Sea routes bend through these points (longitude, latitude) to keep off the land. For the
# two Pacific crossings the longitudes run on past the date line (unwrapped).
VIA: dict[str, tuple[FPoint, ...]] = {
    "R01": ((-6.5, 49.0),),
    "R02": ((-9.0, 51.0), (-15.0, 45.0), (-12.5, 37.5)),
    "R03": ((-5.0, 45.8), (-10.5, 42.5), (-10.0, 37.2)),
    "R04": ((4.0, 38.0), (18.0, 34.5)),
    "R05": ((32.3, 30.0), (33.5, 27.5), (38.0, 21.0), (41.5, 15.0)),
    "R06": ((-18.0, 57.0), (-45.0, 54.5), (-60.0, 49.5)),
    "R07": ((-20.0, 50.5), (-48.0, 43.5)),
    "R08": ((-61.0, 46.5), (-66.0, 42.5)),
    "R09": ((-74.5, 34.0), (-79.0, 27.5), (-81.5, 25.0), (-86.0, 26.5)),
    "R10": ((-69.0, 34.0), (-72.5, 25.0)),
    "R11": ((-87.5, 26.0),),
    "R12": ((-71.0, 17.0), (-55.0, 10.0), (-36.0, -5.0), (-37.0, -15.0)),
    "R13": ((-14.0, 45.0), (-26.0, 20.0), (-29.0, 0.0), (-33.5, -12.0)),
    "R14": ((-11.0, 47.0), (-19.0, 20.0), (-9.0, 0.0), (5.0, -20.0)),
    "R15": ((-48.5, -30.0),),
    "R16": ((-20.0, -29.0),),
    "R17": ((-55.0, -43.0), (-62.0, -55.0), (-70.0, -57.5), (-78.5, -50.0), (-75.5, -38.0)),
    "R18": ((-76.0, -22.0),),
    "R19": ((-90.0, -6.0), (-104.0, 9.0), (-117.0, 25.0)),
    "R20": ((-150.0, 43.0), (-185.0, 44.0)),
    "R21": ((30.0, -41.0), (80.0, -44.0), (128.0, -42.0)),
    "R22": ((149.5, -39.5),),
    "R23": ((163.0, -37.0),),
    "R24": ((200.0, -48.0), (250.0, -45.0)),
    "R25": ((156.0, -22.0), (152.0, -5.0), (134.0, 8.0), (121.5, 20.5)),
    "R26": ((116.0, -35.0), (109.0, -15.0), (104.5, -7.5)),
    "R27": ((106.5, -2.0),),
    "R28": ((107.0, 8.0), (110.5, 17.0)),
    "R29": ((120.0, 26.0),),
    "R30": ((130.0, 29.5), (137.5, 32.5)),
    "R31": ((118.5, 18.5),),
    "R32": ((119.0, 10.5), (111.0, 5.0)),
    "R33": ((98.5, 5.5), (95.5, 12.0)),
    "R34": ((96.0, 6.0), (87.0, 4.5)),
    "R35": ((91.0, 19.0),),
    "R36": ((87.5, 15.0), (83.0, 8.5)),
    "R37": ((75.5, 8.5), (71.5, 14.5)),
    "R38": ((70.0, 8.0), (55.0, 11.0)),
    "R39": ((62.0, 17.0), (52.0, 14.0)),
    "R40": ((52.0, 10.0), (45.0, 0.0)),
    "R41": ((42.0, -15.0), (36.0, -28.0), (28.0, -36.5)),
    "R42": ((40.0, -38.0), (62.0, -20.0), (75.0, -2.0)),
}

# Coarse coastlines (longitude, latitude), for the look of a chart only.
LAND: tuple[tuple[FPoint, ...], ...] = (
    # North and Central America
    ((-175, 75), (-55, 75), (-55, 52), (-66, 45), (-70, 42), (-76, 35), (-81, 31), (-80, 25.5),
     (-82, 28), (-85, 30), (-90, 29), (-97, 27), (-97, 21), (-92, 18.5), (-88, 21.5),
     (-87, 15.5), (-83, 10), (-79, 9), (-77, 8), (-80, 7), (-85, 10), (-92, 15), (-105, 20),
     (-110, 24), (-115, 30), (-118, 34), (-124, 40), (-124, 48), (-133, 56), (-150, 60),
     (-165, 60), (-175, 65)),
    ((-85, 22), (-80, 23.3), (-74, 20), (-78, 19.8)),  # Cuba
    ((-50, 60), (-42, 60), (-20, 72), (-55, 78), (-70, 77)),  # Greenland
    # South America
    ((-77, 8), (-72, 12), (-62, 10.5), (-52, 5), (-35, -5), (-39, -13), (-41, -22), (-48, -26),
     (-53, -34), (-58, -38), (-65, -42), (-68, -50), (-69, -55), (-74, -52), (-73, -40),
     (-71, -30), (-70, -18), (-76, -14), (-81, -6), (-80, 0), (-78, 5)),
    # Europe and Asia
    ((-10, 36), (-9, 43), (-2, 43.5), (-4.5, 48), (2, 51), (8, 55), (10, 58), (5, 62),
     (10, 72), (185, 72), (185, 66), (160, 60), (140, 52), (142, 46), (135, 43), (129, 35),
     (126, 37), (122, 31), (121, 28), (118, 24), (113, 22), (108, 21), (106, 17), (109, 12),
     (105, 9), (100, 13), (104, 1.5), (101, 3), (98, 8), (98, 16), (94, 17), (91, 22),
     (87, 21.5), (85, 19.5), (80, 15), (80, 10), (77, 8), (73, 16), (72, 21), (68, 23),
     (62, 25), (57, 25), (56, 27), (50, 30), (48, 29), (51, 24), (56, 26), (59, 22), (55, 17),
     (45, 13), (43, 15), (39, 21), (35, 28), (33, 30), (35, 34), (36, 37), (27, 37), (26, 40),
     (23, 37), (22, 40), (19, 42), (16, 40), (13, 45), (12, 44), (15, 40), (8, 44), (3, 43),
     (0, 39), (-6, 36)),
    ((-5, 50), (1, 51), (2, 53), (-2, 56), (-3, 58.5), (-6, 58), (-5, 55), (-3, 54),
     (-5, 52)),  # Britain
    ((-10, 52), (-6, 52), (-6, 55), (-9, 55)),  # Ireland
    # Africa
    ((-17, 21), (-13, 28), (-9, 33), (-6, 35.5), (10, 37), (11, 33), (20, 31), (32, 31),
     (34, 28), (39, 20), (43, 12), (51, 12), (49, 6), (40, -3), (40, -11), (35, -24),
     (32, -29), (27, -34), (20, -35), (18, -32), (12, -17), (13, -6), (9, 4), (3, 6), (-8, 4),
     (-13, 8), (-17, 15)),
    ((44, -13), (50, -15), (47, -25), (43.5, -22)),  # Madagascar
    ((80, 9.8), (82, 7), (81, 6), (79.8, 7)),  # Ceylon
    ((95, 5), (106, -5.5), (104, -5), (98, 0)),  # Sumatra
    ((105.5, -6.6), (114, -7), (114, -8.5), (106, -7.5)),  # Java
    ((109, 1), (117, 7), (119, 1), (116, -4), (110, -3)),  # Borneo
    ((131, -1), (141, -3), (150, -10), (141, -9), (135, -4)),  # New Guinea
    ((120, 18.5), (122.5, 18.5), (122.5, 13), (120, 14)),  # Luzon
    ((130, 31), (135, 34), (140, 35), (142, 40), (141, 45), (139, 38), (133, 35)),  # Japan
    # Australia and New Zealand
    ((114, -22), (122, -18), (130, -12), (137, -12), (142, -11), (146, -19), (153, -26),
     (151, -34), (150, -37), (144, -38.5), (140, -38), (135, -35), (130, -32), (115, -34),
     (114, -28)),
    ((172, -34), (178, -38), (175, -41.5), (171, -46), (167, -46), (172, -41)),
)


@dataclass(frozen=True)
class RouteGeom:
    id: str
    path: tuple[FPoint, ...]  # unwrapped chart pixels, port a to port b
    spaces: tuple[FPoint, ...]  # space 1..n, wrapped onto the chart
    wraps: bool


def wrap(p: FPoint) -> FPoint:
    return p[0] % MAP_W, p[1]


def along(path: tuple[FPoint, ...], t: float) -> FPoint:
    """The point a fraction ``t`` of the way along a polyline."""
    lengths = [math.dist(a, b) for a, b in zip(path, path[1:], strict=False)]
    goal = t * sum(lengths)
    for (a, b), d in zip(zip(path, path[1:], strict=False), lengths, strict=True):
        if goal <= d or d == 0:
            f = goal / d if d else 0.0
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        goal -= d
    return path[-1]


@functools.cache
def ports() -> dict[str, FPoint]:
    """Each port's centre on the chart."""
    return {p: project(*ll) for p, ll in PORT_LONLAT.items()}


@functools.cache
def routes() -> dict[str, RouteGeom]:
    """Every route's drawn path and the centres of its sea spaces."""
    out: dict[str, RouteGeom] = {}
    for route in ocean_trader_content().routes.routes:
        a_ll, b_ll = PORT_LONLAT[route.a], PORT_LONLAT[route.b]
        via = list(VIA.get(route.id, ()))
        wraps = any(not -140 <= lon < 220 for lon, _ in via)
        if wraps:  # carry the far port on in the same direction, past the chart's edge
            lon = b_ll[0] + (360 if via[-1][0] > b_ll[0] + 180 else -360
                             if via[-1][0] < b_ll[0] - 180 else 0)
            b_ll = (lon, b_ll[1])
        pts = [a_ll, *via, b_ll]
        path = tuple(project(lon, lat) for lon, lat in pts)
        n = route.spaces
        spaces = tuple(wrap(along(path, i / (n + 1))) for i in range(1, n + 1))
        out[route.id] = RouteGeom(route.id, path, spaces, wraps)
    return out


def space_point(route_id: str, at: int) -> FPoint:
    """The centre of space ``at`` (1..n) of a route; 0 and n + 1 are its ports."""
    geom = routes()[route_id]
    route = ocean_trader_content().route(route_id)
    if at <= 0:
        return ports()[route.a]
    if at > len(geom.spaces):
        return ports()[route.b]
    return geom.spaces[at - 1]
