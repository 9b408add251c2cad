"""The Greeks vs Romans map as a scene (pbem.rules.scene): the table with a light grid every
6" and its inches along the edges, a scale bar, each ship as its 4" × 1" rectangle with a
white bow mark and a label of its id and crew (sailors·marines·captain), the side told by
colour and by pattern, sinking ships crossed and prizes outlined dashed; the viewer's own
range rings, this half's paths, strike points by kind, archery and catapult shots hit or
missed, and a legend drawn with the very styles the map uses. The plan map answers a
player's orders with each ship's plotted path, where it ends, and where it strikes or is
blocked (rulings §5.8).

Coordinates are the table's inches (x east, y north from the south-west corner, rulings §1);
the scene's one transform scales them to pixels and flips y, leaving room above for the title
and around the table for the inches. Everything is read from a view and the events the same
viewer may see; a field that is missing only leaves its mark undrawn.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pbem.rules.scene import (
    Box,
    Circle,
    Group,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
    overlaps,
    text_width,
)
from pbem.rules.table import Pose, Vec, place, rectangle

TITLE = 46  # pixels above the table for the title and subtitle
EDGE = 28  # pixels around the table for the inch numbers
BAR_ROW = 30  # pixels under the table for the scale bar
WIDEST = 1400  # pixels: a table is drawn about this wide when size is left to the map
GRID_STEP = 6  # inches between grid lines
ARCHERY_RANGE, CATAPULT_RANGE = 12.0, 18.0  # inches, footprint to footprint (§7, §9)
LENGTH, BEAM = 4.0, 1.0  # the default footprint (§2), when a ship comes without corners

# Colour-blind-safe colours (Paul Tol's and Okabe-Ito's sets): every fill and mark at least
# 3:1 against the table, the words at least 4.5:1.
INK, WHITE = "#1b1b1b", "#ffffff"
TABLE, GRID, TABLE_EDGE, GRID_LABEL = "#edf3f7", "#c7d5e0", "#5a6570", "#4b5d6c"
ARCHERY, CATAPULT = "#882255", "#117733"
# side -> (fill, pattern); the pattern tells the sides apart without colour
SIDE_LOOK = {"greeks": ("#004488", "plain"), "romans": ("#d55e00", "stripes")}
SPARE = (("#004488", "plain"), ("#d55e00", "stripes"), ("#117733", "keel"),
         ("#aa3377", "checks"))

# Styles: the map and its legend both draw with these, so the legend is the drawing.
BOW = Style(fill=WHITE, stroke="none")
STRIPE = Style(stroke=WHITE, width=2, dash=())
SINKING = Style(stroke=INK, width=2.5, dash=())
TRAIL = Style(stroke=INK, width=2, dash=())
TRAIL_END = Style(fill=INK, stroke="none")
STRIKE = {"ram": Style(fill="none", stroke=INK, width=2.5, dash=()),
          "oar": Style(fill="none", stroke=INK, width=2.5, dash=()),
          "rudder": Style(fill="none", stroke=INK, width=2.5, dash=())}
BLOCKED = Style(stroke=INK, width=3, dash=())
SHOT = {("archery", True): Style(fill=ARCHERY, stroke=ARCHERY, width=2, dash=()),
        ("archery", False): Style(fill=WHITE, stroke=ARCHERY, width=2, dash=(5, 3)),
        ("catapult", True): Style(fill=CATAPULT, stroke=CATAPULT, width=3.5, dash=()),
        ("catapult", False): Style(fill=WHITE, stroke=CATAPULT, width=3.5, dash=(8, 4))}
RING = {"archery": Style(fill="none", stroke=ARCHERY, width=1.5, dash=(8, 4)),
        "catapult": Style(fill="none", stroke=CATAPULT, width=1.5, dash=(2, 4))}
PLAN_TRAIL = Style(stroke=INK, width=2, dash=(6, 3))
PLAN_END = Style(fill="none", stroke=INK, width=2, dash=(4, 3))
PLAN_BOW = Style(fill=INK, stroke="none")
PLAN_STRIKE = Style(fill="none", stroke=INK, width=2.5, dash=(3, 2))
LEADER = Style(stroke=INK, width=1, dash=())
NAME = Style(fill=WHITE, stroke=INK, width=3, font_size=13, anchor="middle", baseline="middle")
CREW = Style(fill=INK, stroke=WHITE, width=3, font_size=12, anchor="middle", baseline="middle")
EDGE_NUMBER = Style(fill=GRID_LABEL, font_size=11, anchor="middle", baseline="middle")
LEGEND_TEXT = Style(fill=INK, font_size=12, baseline="middle")

Corners = tuple[Point, ...]


def side_look(side: str, sides: Sequence[str]) -> tuple[str, str]:
    """The fill and pattern of a side's ships."""
    if side in SIDE_LOOK:
        return SIDE_LOOK[side]
    return SPARE[list(sides).index(side) % len(SPARE)] if side in sides else SPARE[0]


def hull_style(side: str, controller: str, sides: Sequence[str]) -> Style:
    """Filled in the colour of the side controlling it; a prize (§8) has a thick dashed
    outline in the colour of the side it was taken from."""
    fill = side_look(controller, sides)[0]
    if controller != side:
        return Style(fill=fill, stroke=side_look(side, sides)[0], width=3, dash=(5, 3))
    return Style(fill=fill, stroke=INK, width=1.5, dash=())


def default_size(width: float) -> float:
    """Pixels per inch: the table about WIDEST pixels wide, between 8 and 24."""
    return round(min(max((WIDEST - 2 * EDGE) / width, 8.0), 24.0), 1)


def transform(size: float, height: float) -> Transform:
    return Transform(scale=size, offset=(float(EDGE), TITLE + EDGE + size * height), flip_y=True)


# -- geometry of the marks -------------------------------------------------------------------

def _along(a: Point, b: Point, share: float) -> Point:
    return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share


def ship_frame(corners: Corners) -> tuple[Point, Point, Point, float, float]:
    """Centre, unit vector ahead, unit vector to starboard, length and beam of a rectangle
    given bow-starboard, stern-starboard, stern-port, bow-port (§2)."""
    bow, stern = _along(corners[0], corners[3], 0.5), _along(corners[1], corners[2], 0.5)
    length = math.dist(bow, stern) or 1.0
    beam = math.dist(corners[0], corners[3]) or 1.0
    ahead = ((bow[0] - stern[0]) / length, (bow[1] - stern[1]) / length)
    right = ((corners[0][0] - corners[3][0]) / beam, (corners[0][1] - corners[3][1]) / beam)
    return _along(bow, stern, 0.5), ahead, right, length, beam


def _local(corners: Corners, u: float, v: float) -> Point:
    """The point u inches towards the bow and v to starboard of the ship's centre."""
    centre, ahead, right, _, _ = ship_frame(corners)
    return (centre[0] + u * ahead[0] + v * right[0], centre[1] + u * ahead[1] + v * right[1])


def bow_mark(corners: Corners) -> Corners:
    """A triangle pointing out through the middle of the bow edge."""
    _, _, _, length, beam = ship_frame(corners)
    tip, back = length / 2 - 0.12, length / 2 - min(0.9, length / 3)
    return (_local(corners, tip, 0), _local(corners, back, 0.34 * beam),
            _local(corners, back, -0.34 * beam))


def pattern_lines(corners: Corners, pattern: str) -> tuple[Polyline, ...]:
    """White lines on a hull: stripes across the beam, a keel line, or both (checks)."""
    _, _, _, length, beam = ship_frame(corners)
    half, lines = 0.38 * beam, []
    if pattern in ("stripes", "checks"):
        for k in range(4):
            u = -length / 2 + length * (0.12 + 0.15 * k)
            lines.append(Polyline((_local(corners, u, -half), _local(corners, u, half))))
    if pattern in ("keel", "checks"):
        lines.append(Polyline((_local(corners, -0.45 * length, 0),
                               _local(corners, 0.2 * length, 0))))
    return tuple(lines)


def ship_shape(corners: Corners, hull: Style, pattern: str, sinking: bool, ident: str = "",
               tooltip: str = "") -> Group:
    """A ship's rectangle, its side's pattern, its bow mark, and its diagonals if sinking."""
    parts: list[Primitive] = [Polygon(corners, hull)]
    stripes = pattern_lines(corners, pattern)
    if stripes:
        parts.append(Group(stripes, STRIPE))
    parts.append(Polygon(bow_mark(corners), BOW))
    if sinking:
        parts.append(Group((Polyline((corners[0], corners[2])),
                            Polyline((corners[1], corners[3]))), SINKING,
                           id=f"sinking--{ident.split('--')[-1]}" if ident else ""))
    return Group(tuple(parts), id=ident, tooltip=tooltip)


def grown(corners: Corners, reach: float, arc_steps: int = 8) -> Corners:
    """The outline of a convex footprint grown by `reach` (every point within `reach` of it):
    each edge pushed out, each corner rounded by a quarter circle drawn as a polyline."""
    cx = sum(p[0] for p in corners) / len(corners)
    cy = sum(p[1] for p in corners) / len(corners)
    normals = []
    for i, start in enumerate(corners):
        end = corners[(i + 1) % len(corners)]
        nx, ny = end[1] - start[1], start[0] - end[0]
        size = math.hypot(nx, ny) or 1.0
        mx, my = (start[0] + end[0]) / 2 - cx, (start[1] + end[1]) / 2 - cy
        sign = 1.0 if nx * mx + ny * my >= 0 else -1.0
        normals.append(math.atan2(sign * ny / size, sign * nx / size))
    outline: list[Point] = []
    for i, corner in enumerate(corners):
        first = normals[i - 1]
        sweep = (normals[i] - first + math.pi) % (2 * math.pi) - math.pi
        for k in range(arc_steps + 1):
            angle = first + sweep * k / arc_steps
            outline.append((corner[0] + reach * math.cos(angle),
                            corner[1] + reach * math.sin(angle)))
    return tuple(outline)


def _clip_segment(a: Point, b: Point, box: Box) -> tuple[Point, Point] | None:
    """The part of segment ab inside the box (Liang and Barsky), or None."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, a[0] - box[0]), (dx, box[2] - a[0]), (-dy, a[1] - box[1]),
                 (dy, box[3] - a[1])):
        if p == 0:
            if q < 0:
                return None
            continue
        share = q / p
        if p < 0:
            low = max(low, share)
        else:
            high = min(high, share)
    if low > high:
        return None
    return _along(a, b, low), _along(a, b, high)


def clipped(outline: Corners, box: Box) -> tuple[tuple[Point, ...], ...]:
    """A closed outline cut to the box (left, bottom, right, top): the runs of it inside."""
    runs: list[list[Point]] = []
    for i, a in enumerate(outline):
        piece = _clip_segment(a, outline[(i + 1) % len(outline)], box)
        if piece is None:
            continue
        if runs and math.dist(runs[-1][-1], piece[0]) < 1e-9:
            runs[-1].append(piece[1])
        else:
            runs.append([piece[0], piece[1]])
    if len(runs) > 1 and math.dist(runs[-1][-1], runs[0][0]) < 1e-9:
        runs[0] = runs.pop()[:-1] + runs[0]  # the outline began inside: join its two ends
    return tuple(tuple(run) for run in runs)


def burst(at: Point, outer: float = 0.75, inner: float = 0.4) -> Corners:
    """An eight-pointed star: a ram."""
    return tuple((at[0] + (outer if k % 2 == 0 else inner) * math.cos(math.pi * k / 8),
                  at[1] + (outer if k % 2 == 0 else inner) * math.sin(math.pi * k / 8))
                 for k in range(16))


def diamond(at: Point, radius: float = 0.6) -> Corners:
    """A diamond: a rudder strike."""
    x, y = at
    return ((x, y + radius), (x + radius, y), (x, y - radius), (x - radius, y))


def triangle(at: Point, radius: float = 0.65) -> Corners:
    """A triangle pointing up the table: an oar clash."""
    return tuple((at[0] + radius * math.sin(2 * math.pi * k / 3),
                  at[1] + radius * math.cos(2 * math.pi * k / 3)) for k in range(3))


def haloed(item: Polygon | Polyline, ident: str = "", tooltip: str = "") -> Group:
    """A mark with a white halo under it, so that it shows on any hull and on the table."""
    under = Style(fill="none", stroke=WHITE, width=(item.style.width or 1) + 3, dash=())
    halo: Primitive = (Polygon(item.points, under) if isinstance(item, Polygon)
                       else Polyline(item.points, under))
    return Group((halo, item), id=ident, tooltip=tooltip)


def strike_mark(kind: str, at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A strike at its impact point (§6.1): star for a ram, diamond for a rudder strike,
    triangle for an oar clash."""
    shape = burst(at) if kind == "ram" else diamond(at) if kind == "rudder" else triangle(at)
    return haloed(Polygon(shape, STRIKE[kind]), ident, tooltip)


def blocked_mark(at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A cross where a ship was (or will be) blocked (§5.4)."""
    x, y, r = at[0], at[1], 0.45
    under = Style(stroke=WHITE, width=(BLOCKED.width or 1) + 3, dash=())
    arms = (Polyline(((x - r, y - r), (x + r, y + r))), Polyline(((x - r, y + r), (x + r, y - r))))
    return Group((Group(arms, under), Group(arms, BLOCKED)), id=ident, tooltip=tooltip)


def shot_arrow(kind: str, start: Point, end: Point, hit: bool, ident: str = "",
               tooltip: str = "") -> Group:
    """An archery or catapult shot, shooter to target: solid with a filled head when it hit,
    dashed with an open head when all missed; an arrow's head is a triangle, a catapult's a
    round stone."""
    style = SHOT[(kind, hit)]
    length = math.dist(start, end) or 1.0
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    back = (end[0] - 0.55 * ux, end[1] - 0.55 * uy)
    solid = Style(dash=()).under(style)
    head: Primitive
    if kind == "catapult":
        head = Circle((end[0] - 0.3 * ux, end[1] - 0.3 * uy), 0.3, solid)
    else:
        head = Polygon((end, (back[0] - 0.28 * uy, back[1] + 0.28 * ux),
                        (back[0] + 0.28 * uy, back[1] - 0.28 * ux)), solid)
    return Group((Polyline((start, back), style), head), id=ident, tooltip=tooltip)


def trail(line: Sequence[Point], style: Style, dot: float, ident: str = "") -> Group:
    """A path, with a dot where it ended."""
    return Group((Polyline(tuple(line), style), Circle(line[-1], dot, TRAIL_END)), id=ident)


def plan_end(corners: Corners, fill: str, ident: str = "") -> Group:
    """Where a planned move leaves a ship: its rectangle tinted in its side's colour with a
    dashed outline, and a dark bow mark."""
    return Group((Polygon(corners, Style(fill=fill, stroke="none", opacity=0.3)),
                  Polygon(corners, PLAN_END), Polygon(bow_mark(corners), PLAN_BOW)), id=ident)


def _closest_on_segment(p: Point, a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    size = dx * dx + dy * dy
    share = 0.0 if size == 0 else min(max(((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / size, 0.0),
                                      1.0)
    return a[0] + share * dx, a[1] + share * dy


def nearest_points(first: Corners, second: Corners) -> tuple[Point, Point]:
    """The closest pair of points of two convex outlines (corner to edge, both ways, §3)."""
    pairs: list[tuple[float, Point, Point]] = []
    for one, other, flip in ((first, second, False), (second, first, True)):
        for corner in one:
            for i, a in enumerate(other):
                near = _closest_on_segment(corner, a, other[(i + 1) % len(other)])
                pair = (near, corner) if flip else (corner, near)
                pairs.append((math.dist(corner, near), *pair))
    _, a, b = min(pairs, key=lambda found: found[0])
    return a, b


def _separated(first: Corners, second: Corners) -> bool:
    """Whether two convex outlines are apart (the separating-axis test)."""
    for shape in (first, second):
        for i, a in enumerate(shape):
            b = shape[(i + 1) % len(shape)]
            axis = (b[1] - a[1], a[0] - b[0])
            one = [p[0] * axis[0] + p[1] * axis[1] for p in first]
            two = [p[0] * axis[0] + p[1] * axis[1] for p in second]
            if max(one) <= min(two) or max(two) <= min(one):
                return True
    return False


# -- reading the view and the events ---------------------------------------------------------

def _point(value: Any) -> Point | None:
    """An [x, y] pair of numbers, or None."""
    if isinstance(value, (list, tuple)) and len(value) >= 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in value[:2]):
        return float(value[0]), float(value[1])
    return None


def ship_corners(ship: dict[str, Any]) -> Corners | None:
    """A ship's four corners from the view, or made from its centre and heading (§2)."""
    corners = ship.get("corners")
    if isinstance(corners, (list, tuple)) and len(corners) == 4:
        points = [_point(c) for c in corners]
        if all(p is not None for p in points):
            return tuple(p for p in points if p is not None)
    at = _point((ship.get("x"), ship.get("y")))
    heading = ship.get("heading")
    if at is None or not isinstance(heading, (int, float)):
        return None
    polygon = place(rectangle(LENGTH, BEAM), Pose(Vec(*at), float(heading)))
    return tuple((c.x, c.y) for c in polygon.corners)


def on_table(ship: dict[str, Any]) -> bool:
    return ship.get("status", "afloat") in ("afloat", "sinking")


def crew_line(ship: dict[str, Any]) -> str:
    """Sailors·marines·captain, then A for an admiral and C for a catapult crew aboard."""
    def count(name: str) -> str:
        value = ship.get(name)
        return str(value) if isinstance(value, int) else "?"

    marks = (" A" if ship.get("admiral") else "") + (" C" if ship.get("catapult_crew") else "")
    return f"{count('sailors')}·{count('marines')}·{count('captain')}{marks}"


def _tooltip(sid: str, ship: dict[str, Any]) -> str:
    side, controller = ship.get("side", "?"), ship.get("controller") or ship.get("side", "?")
    taken = f", taken by {controller}" if controller != side else ""
    return (f"{sid} ({side}{taken}; {ship.get('status', 'afloat')}): {ship.get('sailors', '?')} "
            f"sailors, {ship.get('marines', '?')} marines, captain {ship.get('captain', '?')}; "
            f"heading {ship.get('heading', '?')}")


@dataclass(frozen=True)
class Label:
    """A ship's label: its id over its crew, in a box of `width` × `height` pixels."""

    key: str
    name: str
    crew: str
    corners: Corners

    @property
    def width(self) -> float:
        return max(text_width(self.name, NAME.font_size or 12),
                   text_width(self.crew, CREW.font_size or 12)) + 4

    @property
    def height(self) -> float:
        return 2 + (NAME.font_size or 12) + (CREW.font_size or 12) + 3

    def drawn(self, at: Point, size: float) -> tuple[Primitive, ...]:
        """The two lines with the box centred on `at` (table inches; y grows north)."""
        top = at[1] + self.height / 2 / size
        font = NAME.font_size or 12
        return (Text((at[0], top - (2 + font / 2) / size), self.name, NAME),
                Text((at[0], top - (2 + font + 1 + (CREW.font_size or 12) / 2) / size),
                     self.crew, CREW))


def _box(at: Point, w: float, h: float) -> Box:
    """A box in table inches as (left, bottom, right, top): `overlaps` only needs order."""
    return (at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2)


def _box_corners(box: Box) -> Corners:
    return ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))


def _spots(corners: Corners) -> Iterator[Point]:
    """Places for a label round its ship, ring by ring outwards, abeam first on each ring."""
    centre, ahead, right, _, _ = ship_frame(corners)
    for reach in (0.9, 1.3, 1.8, 2.4, 3.1, 3.9, 4.8, 5.8, 7.0):
        for turn in sorted(range(16), key=lambda k: (min(k % 8, 8 - k % 8), k)):
            angle = math.pi / 2 + turn * math.pi / 8  # turn 0: to starboard
            dx = math.sin(angle) * ahead[0] + math.cos(angle) * right[0]
            dy = math.sin(angle) * ahead[1] + math.cos(angle) * right[1]
            yield centre[0] + reach * dx, centre[1] + reach * dy


def _leader(corners: Corners, box: Box) -> tuple[Point, Point] | None:
    """The line tying a label to its ship, when it stands more than half an inch off."""
    start, end = nearest_points(corners, _box_corners(box))
    return (start, end) if math.dist(start, end) > 0.5 else None


def _leads_clear(corners: Corners, box: Box, obstacles: Sequence[Corners]) -> bool:
    """Whether the label needs no leader, or its leader crosses none of the obstacles."""
    line = _leader(corners, box)
    return line is None or all(_separated(line, obstacle) for obstacle in obstacles)


def place_labels(labels: Sequence[Label], size: float, table: Box,
                 hulls: Sequence[Corners]) -> list[Primitive]:
    """Each label on the first spot round its ship where its box stays on the table and
    covers no other label and no hull; a label set farther off is tied to its ship by a line
    that crosses no other hull or label. Where no spot is that good, the best there is."""
    pad = 2 / size  # pixels kept clear between two labels
    placed: list[Box] = []
    drawn: list[Primitive] = []
    for label in labels:
        w, h = label.width / size, label.height / size
        centre = ship_frame(label.corners)[0]
        reach = 9.0 + w + h  # farther than any spot's box or leader reaches
        near_hulls = [hull for hull in hulls if any(
            abs(x - centre[0]) < reach and abs(y - centre[1]) < reach for x, y in hull)]
        near_boxes = [box for box in placed if abs(box[0] + box[2] - 2 * centre[0]) < 2 * reach
                      and abs(box[1] + box[3] - 2 * centre[1]) < 2 * reach]
        box = _best_spot(label.corners, w, h, pad, table, near_hulls, near_boxes)
        placed.append(box)
        items = list(label.drawn(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), size))
        line = _leader(label.corners, box)
        if line is not None:
            items.insert(0, Polyline(line, LEADER))
        drawn.append(Group(tuple(items), id=label.key))
    return drawn


def _best_spot(corners: Corners, w: float, h: float, pad: float, table: Box,
               hulls: Sequence[Corners], placed: Sequence[Box]) -> Box:
    """The first spot whose box is on the table, apart from the placed labels and the hulls,
    with a leader (if any) crossing neither; failing that the first that meets the most of
    these, in that order."""
    fallback: list[Box | None] = [None, None, None]  # on the table; and apart; and clear
    obstacles = [*(hull for hull in hulls if hull != corners), *map(_box_corners, placed)]
    first: Box | None = None
    for spot in _spots(corners):
        box = _box(spot, w, h)
        first = first or box
        if not (table[0] <= box[0] and box[2] <= table[2] and table[1] <= box[1]
                and box[3] <= table[3]):
            continue
        fallback[0] = fallback[0] or box
        if any(overlaps((box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad), other)
               for other in placed):
            continue
        fallback[1] = fallback[1] or box
        if not all(_separated(_box_corners(box), hull) for hull in hulls):
            continue
        fallback[2] = fallback[2] or box
        if _leads_clear(corners, box, obstacles):
            return box
    chosen = fallback[2] or fallback[1] or fallback[0] or first
    assert chosen is not None
    return chosen


# -- the drawing -------------------------------------------------------------------------------

@dataclass
class Drawing:
    """What the map draws, layer by layer, and the legend entries it needs (key -> the hull
    style and pattern its sample shows, where that varies)."""

    sides: list[str]
    rings: list[Primitive] = field(default_factory=list)
    ships: list[Primitive] = field(default_factory=list)
    trails: list[Primitive] = field(default_factory=list)
    marks: list[Primitive] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    hulls: list[Corners] = field(default_factory=list)
    shown: dict[str, tuple[Style, str] | None] = field(default_factory=dict)


def _ships(ships: dict[str, Any], viewer: str | None, table: Box, drawing: Drawing) -> None:
    """Each ship on the table, its label, and the viewer's own ships' range rings (cut to
    the table: nothing to shoot at beyond it)."""
    for sid, ship in ships.items():
        corners = ship_corners(ship)
        if corners is None or not on_table(ship):
            continue
        side = str(ship.get("side", ""))
        controller = str(ship.get("controller") or side)
        sinking = ship.get("status") == "sinking"
        hull = hull_style(side, controller, drawing.sides)
        pattern = side_look(controller, drawing.sides)[1]
        key = "captured" if controller != side else f"side-{controller}"
        drawing.ships.append(ship_shape(corners, hull, pattern, sinking, f"{key}--{sid}",
                                        _tooltip(sid, ship)))
        drawing.shown.setdefault(key, (hull, pattern))
        if sinking:
            drawing.shown.setdefault("sinking", (hull, pattern))
        drawing.hulls.append(corners)
        drawing.labels.append(Label(f"label--{sid}", sid, crew_line(ship), corners))
        drawing.shown["label"] = None
        if viewer is None or controller != viewer:
            continue
        sailors, crew = ship.get("sailors"), ship.get("catapult_crew")
        for kind, reach, armed in (("archery", ARCHERY_RANGE, isinstance(sailors, int)
                                    and sailors >= 2),
                                   ("catapult", CATAPULT_RANGE, isinstance(crew, int)
                                    and crew >= 1)):
            if armed:
                runs = clipped(grown(corners, reach), table)
                drawing.rings.append(Group(tuple(Polyline(run) for run in runs), RING[kind],
                                           id=f"ring-{kind}--{sid}",
                                           tooltip=f"{sid}: {kind} range {reach:g}\""))
                drawing.shown[f"ring-{kind}"] = None


def _events(ships: dict[str, Any], events: Sequence[dict[str, Any]], drawing: Drawing,
            size: float) -> None:
    """This half's paths, strikes, blocks and shots; an event lacking what a mark needs
    draws nothing."""
    shots: dict[tuple[str, str], int] = {}
    for n, line in _paths(events):
        drawing.trails.append(trail(line, TRAIL, 4 / size, f"move--{n}"))
        drawing.shown["move"] = None
    for n, item in enumerate(events):
        if not isinstance(item, dict):
            continue
        kind = item.get("kind")
        if kind == "strike" or kind in STRIKE:
            strike, at = _strike_kind(item), _point(item.get("impact"))
            if strike is not None and at is not None:
                drawing.marks.append(strike_mark(
                    strike, at, f"strike-{strike}--{n}",
                    f"{item.get('ship', '?')} {strike} on {item.get('target', '?')}"))
                drawing.shown[f"strike-{strike}"] = None
        elif kind == "blocked" and (at := _point(item.get("at"))) is not None:
            drawing.marks.append(blocked_mark(at, f"blocked--{n}",
                                              f"{item.get('ship', '?')} blocked"))
            drawing.shown["blocked"] = None
        elif kind in ("archery", "catapult"):
            _shot(str(kind), n, item, ships, drawing, shots)


def _paths(events: Sequence[dict[str, Any]]) -> list[tuple[int, list[Point]]]:
    """Each ship's path this half, from its `move` events (one per step, or one for the whole
    move), each with the index of its first event: a step that starts where the ship's last
    one ended carries the same line on."""
    paths: list[tuple[int, list[Point]]] = []
    last: dict[str, list[Point]] = {}
    for n, item in enumerate(events):
        if not isinstance(item, dict) or item.get("kind") != "move" or not isinstance(
                item.get("path"), (list, tuple)):
            continue
        line: list[Point] = []
        for point in (p for p in map(_point, item["path"]) if p is not None):
            if not line or point != line[-1]:
                line.append(point)
        ship = str(item.get("ship", ""))
        going = last.get(ship)
        if ship and going is not None and line and line[0] == going[-1]:
            going.extend(line[1:])
        elif line:
            paths.append((n, line))
            last[ship] = line
    return [(n, line) for n, line in paths if len(line) > 1]


def _strike_kind(item: dict[str, Any]) -> str | None:
    """What kind of strike (§6.1) an event tells: its "strike" field (an event's own "kind"
    is "strike"), or failing that "type", or a "kind" that is itself oar, rudder or ram."""
    for name in ("strike", "type", "kind"):
        value = item.get(name)
        if isinstance(value, str) and value in STRIKE:
            return value
    return None


def _shot(kind: str, n: int, item: dict[str, Any], ships: dict[str, Any], drawing: Drawing,
          shots: dict[tuple[str, str], int]) -> None:
    shooter, target = ships.get(str(item.get("ship"))), ships.get(str(item.get("target")))
    hits = item.get("hits")
    if not isinstance(shooter, dict) or not isinstance(target, dict) or not isinstance(
            hits, int) or isinstance(hits, bool):
        return
    one, two = ship_corners(shooter), ship_corners(target)
    if one is None or two is None:
        return
    start, end = nearest_points(one, two)
    pair = (str(item["ship"]), str(item["target"]))
    shift = 0.35 * shots.get(pair, 0)
    shots[pair] = shots.get(pair, 0) + 1
    length = math.dist(start, end)
    if length < 0.3:  # in contact: draw from centre to centre instead
        start, end, length = ship_frame(one)[0], ship_frame(two)[0], math.dist(
            ship_frame(one)[0], ship_frame(two)[0])
    length = length or 1.0
    nx, ny = -(end[1] - start[1]) / length * shift, (end[0] - start[0]) / length * shift
    hit = hits > 0
    drawing.marks.append(shot_arrow(
        kind, (start[0] + nx, start[1] + ny), (end[0] + nx, end[1] + ny), hit,
        f"{kind}-{'hit' if hit else 'miss'}--{n}",
        f"{pair[0]} {kind} at {pair[1]}: {hits} hit{'s' if hits != 1 else ''}"))
    drawing.shown[f"{kind}-{'hit' if hit else 'miss'}"] = None


# -- the table, the scale bar and the legend -------------------------------------------------

def table_grid(width: float, height: float, size: float) -> Group:
    """The table, its grid every 6" and the inches along all four edges: the same for every
    map of this size, so kept."""
    lines: list[Primitive] = []
    numbers: list[Primitive] = []
    gap = 13 / size  # the numbers stand 13 px off the table
    for x in range(0, int(width) + 1, GRID_STEP):
        if 0 < x < width:
            lines.append(Polyline(((x, 0.0), (x, height))))
        numbers += [Text((x, height + gap), str(x)), Text((x, -gap), str(x))]
    for y in range(0, int(height) + 1, GRID_STEP):
        if 0 < y < height:
            lines.append(Polyline(((0.0, y), (width, y))))
        numbers += [Text((-gap, y), str(y)), Text((width + gap, y), str(y))]
    edge = ((0.0, 0.0), (width, 0.0), (width, height), (0.0, height))
    return Group((Polygon(edge, Style(fill=TABLE, stroke="none")),
                  Group(tuple(lines), Style(stroke=GRID, width=1, dash=())),
                  Polygon(edge, Style(fill="none", stroke=TABLE_EDGE, width=1.5, dash=())),
                  Group(tuple(numbers), EDGE_NUMBER, id="inches")),
                 cache_key=f"greeksromans-table-{width:g}x{height:g}-{size:g}")


def scale_bar(size: float) -> Group:
    """Twelve inches in two blocks of six under the table's south-west corner."""
    y, h = -(EDGE + 10) / size, 6 / size
    blocks = tuple(Polygon(((x, y), (x + 6, y), (x + 6, y - h), (x, y - h)),
                           Style(fill=fill, stroke=INK, width=1, dash=()))
                   for x, fill in ((0.0, INK), (6.0, WHITE)))
    words = Text((12 + 8 / size, y - h / 2), '12" (the grid is 6")',
                 Style(fill=INK, font_size=12, baseline="middle"))
    return Group((*blocks, words), id="scale")


LEGEND_UNIT = 10.0  # pixels per inch in the legend's samples
LEGEND_ROW = 28  # pixels
SAMPLE: Corners = ((2.0, 0.5), (-2.0, 0.5), (-2.0, -0.5), (2.0, -0.5))  # heading east
LEGEND_ORDER = ("captured", "sinking", "label", "move", "strike-ram", "strike-oar",
                "strike-rudder", "blocked", "archery-hit", "archery-miss", "catapult-hit",
                "catapult-miss", "ring-archery", "ring-catapult", "plan", "plan-end",
                "plan-strike")


def _swatch(key: str, drawing: Drawing) -> tuple[Primitive, str]:
    """The sample of one legend entry, in inches around (0, 0), and its words."""
    look = drawing.shown.get(key)
    if key.startswith("side-"):
        side = key[5:]
        colour, pattern = side_look(side, drawing.sides)
        words = side if pattern == "plain" else f"{side} ({pattern})"
        return ship_shape(SAMPLE, hull_style(side, side, drawing.sides), pattern, False), words
    if key in ("captured", "sinking") and look is not None:
        sample = ship_shape(SAMPLE, look[0], look[1], key == "sinking")
        return sample, ("dashed outline: captured, in its old side's colour"
                        if key == "captured" else "crossed: sinking (no captain)")
    if key == "label":
        lines = Group((Text((0.0, 0.5), "G1", NAME), Text((0.0, -0.6), "3·2·1", CREW)))
        if "leader" not in drawing.shown:
            return lines, "id; sailors·marines·captain (A admiral, C catapult crew)"
        return (Group((Polyline(((-2.6, -0.6), (-1.3, 0.0)), LEADER), lines)),
                "id; sailors·marines·captain (A admiral, C catapult crew); a line ties it "
                "to its ship when set apart")
    if key in ("move", "plan"):
        return (trail(((-2.0, -0.4), (0.0, 0.4), (1.5, 0.4)),
                      TRAIL if key == "move" else PLAN_TRAIL, 0.35),
                "this half's path" if key == "move" else "planned path")
    if key.startswith("strike-"):
        kind = key[7:]
        words = {"ram": "ram", "oar": "oar clash", "rudder": "rudder strike"}[kind]
        return strike_mark(kind, (0.0, 0.0)), words
    if key == "blocked":
        return blocked_mark((0.0, 0.0)), "blocked"
    if key in ("archery-hit", "archery-miss", "catapult-hit", "catapult-miss"):
        kind, result = key.split("-")
        return (shot_arrow(kind, (-2.2, 0.0), (2.2, 0.0), result == "hit"),
                f"{kind}: {'hit' if result == 'hit' else 'all missed'}")
    if key.startswith("ring-"):
        kind = key[5:]
        reach = ARCHERY_RANGE if kind == "archery" else CATAPULT_RANGE
        return (Polygon(grown(((-1.6, 0.2), (1.6, 0.2), (1.6, -0.2), (-1.6, -0.2)), 0.45, 3),
                        RING[kind]), f"{kind} range {reach:g}\" of your ships")
    if key == "plan-end":
        fill = side_look(drawing.sides[0], drawing.sides)[0] if drawing.sides else INK
        return plan_end(SAMPLE, look[0].fill or fill if look else fill), "where the move ends"
    if key == "plan-strike":
        return haloed(Polygon(burst((0.0, 0.0)), PLAN_STRIKE)), "will strike here"
    raise ValueError(f"no legend entry {key!r}")


def _moved(item: Primitive, scale: float, at: Point) -> Primitive:
    """A primitive drawn in inches (y north), moved to pixels (y down) round `at`."""
    def point(p: Point) -> Point:
        return at[0] + p[0] * scale, at[1] - p[1] * scale

    if isinstance(item, Group):
        return Group(tuple(_moved(i, scale, at) for i in item.items), item.style, item.id)
    if isinstance(item, Circle):
        return Circle(point(item.centre), item.radius * scale, item.style)
    if isinstance(item, Text):
        return Text(point(item.at), item.text, item.style)
    return type(item)(tuple(point(p) for p in item.points), item.style)


def legend(drawing: Drawing, width: int, top: float) -> tuple[tuple[Primitive, ...], float]:
    """The legend's entries, only for what the map draws, flowed into rows under the map,
    and the height they take."""
    keys = [f"side-{side}" for side in drawing.sides if f"side-{side}" in drawing.shown]
    keys += [key for key in LEGEND_ORDER if key in drawing.shown]
    items: list[Primitive] = []
    x, y = 6.0, top
    for key in keys:
        sample, words = _swatch(key, drawing)
        wide = 58 + text_width(words, LEGEND_TEXT.font_size or 12) * 0.8 + 16
        if x > 6 and x + wide > width:
            x, y = 6.0, y + LEGEND_ROW
        middle = (x + 25, y + LEGEND_ROW / 2)
        items.append(Group((_moved(sample, LEGEND_UNIT, middle),
                            Text((x + 54, middle[1]), words, LEGEND_TEXT)), id=f"legend-{key}"))
        x += wide
    return tuple(items), (y + LEGEND_ROW - top) if keys else 0.0


def table_of(view: dict[str, Any]) -> tuple[float, float]:
    """The table's width and height in inches: 72 × 48 unless the view says (§1)."""
    table = view.get("table")
    given: dict[str, Any] = table if isinstance(table, dict) else {}

    def length(name: str, default: float) -> float:
        value = given.get(name)
        return float(value) if isinstance(value, (int, float)) and value > 0 else default

    return length("width", 72.0), length("height", 48.0)


def _scene(drawing: Drawing, title: str, subtitle: str, size: float, width: float,
           height: float) -> Scene:
    labels = place_labels(drawing.labels, size, (0.0, 0.0, width, height), drawing.hulls)
    if any(isinstance(label, Group) and isinstance(label.items[0], Polyline)
           for label in labels):
        drawing.shown["leader"] = None
    picture_width = max(math.ceil(size * width + 2 * EDGE), 480)
    bottom = TITLE + 2 * EDGE + size * height + BAR_ROW
    key_items, key_height = legend(drawing, picture_width, bottom)
    items: tuple[Primitive, ...] = (
        table_grid(width, height, size),
        scale_bar(size),
        Group(tuple(drawing.rings), id="rings"),
        Group(tuple(drawing.ships), id="ships"),
        Group(tuple(drawing.trails), id="trails"),
        Group(tuple(drawing.marks), id="marks"),
        Group(tuple(labels), id="labels"),
    )
    overlay = (Text((6, 20), title, Style(fill=INK, font_size=16)),
               Text((6, 38), subtitle, Style(fill=INK, font_size=12)),
               Group(key_items, id="legend"))
    return Scene(width=picture_width, height=math.ceil(bottom + key_height + 8),
                 title=f"{title}, {subtitle}", items=items,
                 transform=transform(size, height), overlay=overlay, background=WHITE)


def _sides(ships: dict[str, Any]) -> list[str]:
    return list(dict.fromkeys(str(ship.get("side", "")) for ship in ships.values()
                              if isinstance(ship, dict)))


def _ships_of(view: dict[str, Any]) -> dict[str, Any]:
    ships = view.get("ships")
    return {str(k): v for k, v in ships.items() if isinstance(v, dict)} if isinstance(
        ships, dict) else {}


def map_scene(view: dict[str, Any], events: Sequence[dict[str, Any]], title: str,
              subtitle: str, viewer: str | None, size: float = 0.0) -> Scene:
    """The table as `viewer` (a side; None for observers and the game master) sees it after
    `events`: ships on the table, the viewer's own range rings, this half's paths, strikes,
    blocks and shots, and a legend. `size` is pixels per inch; 0 fits the table into about
    1,400 pixels."""
    ships = _ships_of(view)
    width, height = table_of(view)
    size = size or default_size(width)
    drawing = Drawing(_sides(ships))
    _ships(ships, viewer, (0.0, 0.0, width, height), drawing)
    _events(ships, events, drawing, size)
    return _scene(drawing, title, subtitle, size, width, height)


PLAN_POINT = re.compile(r"^\s*\(\s*(-?\d+(?:\.\d*)?)\s*,\s*(-?\d+(?:\.\d*)?)\s*"
                        r"(?:,\s*(-?\d+(?:\.\d*)?)\s*)?\)\s*(strike|blocked)?\s*$", re.IGNORECASE)


def parse_plan_point(text: str) -> tuple[Point, float | None, str] | None:
    """"(18.12, 7.88)" or "(18.12, 7.88, 135)", perhaps followed by "strike" or "blocked":
    the point, the heading if given, and the suffix ("" if none); None if unreadable."""
    found = PLAN_POINT.match(text)
    if found is None:
        return None
    heading = float(found[3]) if found[3] is not None else None
    return (float(found[1]), float(found[2])), heading, (found[4] or "").lower()


def plan_scene(view: dict[str, Any], side: str, plans: Sequence[tuple[str, Sequence[str]]],
               title: str, subtitle: str) -> Scene:
    """The table now, with each checked movement line's path plotted (§5.8): the line it
    takes, the ship's rectangle where it ends, and where it will strike or be blocked."""
    ships = _ships_of(view)
    by_key = {sid.upper(): sid for sid in ships}
    width, height = table_of(view)
    size = default_size(width)
    drawing = Drawing(_sides(ships))
    _ships(ships, None, (0.0, 0.0, width, height), drawing)
    for piece, plan in plans:
        sid = by_key.get(str(piece).upper())
        if sid is None:
            continue
        ship = ships[sid]
        read = [p for p in (parse_plan_point(str(text)) for text in plan) if p is not None]
        line = [point for point, _, _ in read]
        if len(line) > 1:
            drawing.trails.append(trail(line, PLAN_TRAIL, 4 / size, f"plan--{sid}"))
            drawing.shown["plan"] = None
        now = ship_corners(ship)
        headings = [h for _, h, _ in read if h is not None]
        turned = bool(headings) and headings[-1] != float(ship.get("heading") or 0)
        if (len(line) > 1 or (line and turned)) and now is not None:  # moved, or turned
            heading = headings[-1] if headings else float(ship.get("heading") or 0)
            _, _, _, length, beam = ship_frame(now)
            # the footprint as the view's corners give it, to a millionth of an inch
            end = place(rectangle(round(length, 6), round(beam, 6)),
                        Pose(Vec(*line[-1]), heading))
            fill = side_look(str(ship.get("controller") or side), drawing.sides)[0]
            drawing.marks.insert(0, plan_end(tuple((c.x, c.y) for c in end.corners), fill,
                                             f"plan-end--{sid}"))
            drawing.shown.setdefault("plan-end", (Style(fill=fill), ""))
        for n, (point, _, suffix) in enumerate(read):
            if suffix == "strike":
                drawing.marks.append(haloed(Polygon(burst(point), PLAN_STRIKE),
                                            f"plan-strike--{sid}-{n}", f"{sid} strikes here"))
                drawing.shown["plan-strike"] = None
            elif suffix == "blocked":
                drawing.marks.append(blocked_mark(point, f"blocked--{sid}-{n}",
                                                  f"{sid} is blocked here"))
                drawing.shown["blocked"] = None
    return _scene(drawing, title, subtitle, size, width, height)
