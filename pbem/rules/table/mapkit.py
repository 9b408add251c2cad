"""The table-map kit, for any open-table ruleset's map (a scene of pbem.rules.scene): the
table with a light grid every 6" and its inches along the edges, a scale bar, a ship as its
rectangle with a bow mark and its side's pattern (crossed when sinking), trails, strike and
block marks, shot arrows (with a white halo under them if asked, for shots between ships
alongside), grapples, range rings cut to the table and the outline of a fleet's merged reach,
and the colours and styles they are drawn with (over the pieces every map shares: `star`,
`haloed` and `arrow` of pbem.rules.scene). Labels, their placement, the heading arrow of the
title band, the legend and the scene around it all are in `pbem.rules.table.maplayout`.

Coordinates are the table's inches (x east, y north from the south-west corner); the scene's
one transform scales them to pixels and flips y, leaving room above for the title and around
the table for the inches. A ship's rectangle is given by its corners bow-starboard,
stern-starboard, stern-port, bow-port. Nothing here knows a ruleset's pieces or weapons: a
ruleset picks the shapes and styles for its own strikes and shots and says which ships reach
how far.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from pbem.rules.scene import (
    Box,
    Circle,
    Group,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Style,
    Text,
    Transform,
    arrow,
    haloed,
    shot_end,
    star,
)

TITLE = 46  # pixels above the table for the title and subtitle
EDGE = 28  # pixels around the table for the inch numbers
BAR_ROW = 30  # pixels under the table for the scale bar
WIDEST = 1400  # pixels: a table is drawn about this wide when size is left to the map
GRID_STEP = 6  # inches between grid lines

# Colour-blind-safe colours (Paul Tol's and Okabe-Ito's sets): every fill and mark at least
# 3:1 against the table, the words at least 4.5:1.
INK, WHITE = "#1b1b1b", "#ffffff"
TABLE, GRID, TABLE_EDGE, GRID_LABEL = "#edf3f7", "#c7d5e0", "#5a6570", "#4b5d6c"
# (fill, pattern) for sides a ruleset gives no look of its own; the pattern tells the sides
# apart without colour
SPARE = (("#004488", "plain"), ("#d55e00", "stripes"), ("#117733", "keel"),
         ("#aa3377", "checks"))

# Styles: the map and its legend both draw with these, so the legend is the drawing.
BOW = Style(fill=WHITE, stroke="none")
STRIPE = Style(stroke=WHITE, width=2, dash=())
SINKING = Style(stroke=INK, width=2.5, dash=())
TRAIL = Style(stroke=INK, width=2, dash=())
TRAIL_END = Style(fill=INK, stroke="none")
BLOCKED = Style(stroke=INK, width=3, dash=())
PLAN_TRAIL = Style(stroke=INK, width=2, dash=(6, 3))
PLAN_END = Style(fill="none", stroke=INK, width=2, dash=(4, 3))
PLAN_BOW = Style(fill=INK, stroke="none")
PLAN_STRIKE = Style(fill="none", stroke=INK, width=2.5, dash=(3, 2))
LINK = Style(fill=INK, stroke=INK, width=3, dash=())
EDGE_NUMBER = Style(fill=GRID_LABEL, font_size=11, anchor="middle", baseline="middle")

Corners = tuple[Point, ...]


def look_of(side: str, sides: Sequence[str], looks: Mapping[str, tuple[str, str]]
            ) -> tuple[str, str]:
    """The fill and pattern of a side's ships: the ruleset's own look for it, or else a spare
    one by the side's place among `sides`."""
    if side in looks:
        return looks[side]
    return SPARE[list(sides).index(side) % len(SPARE)] if side in sides else SPARE[0]


def default_size(width: float) -> float:
    """Pixels per inch: the table about WIDEST pixels wide, between 8 and 24."""
    return round(min(max((WIDEST - 2 * EDGE) / width, 8.0), 24.0), 1)


def transform(size: float, height: float) -> Transform:
    return Transform(scale=size, offset=(float(EDGE), TITLE + EDGE + size * height), flip_y=True)


# -- geometry of the marks -------------------------------------------------------------------

def heading_unit(heading: float) -> Point:
    """The unit vector along a heading (degrees clockwise from north, up the table)."""
    return math.sin(math.radians(heading)), math.cos(math.radians(heading))


def along(a: Point, b: Point, share: float) -> Point:
    """The point `share` of the way from a to b."""
    return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share


def ship_frame(corners: Corners) -> tuple[Point, Point, Point, float, float]:
    """Centre, unit vector ahead, unit vector to starboard, length and beam of a rectangle
    given bow-starboard, stern-starboard, stern-port, bow-port."""
    bow, stern = along(corners[0], corners[3], 0.5), along(corners[1], corners[2], 0.5)
    length = math.dist(bow, stern) or 1.0
    beam = math.dist(corners[0], corners[3]) or 1.0
    ahead = ((bow[0] - stern[0]) / length, (bow[1] - stern[1]) / length)
    right = ((corners[0][0] - corners[3][0]) / beam, (corners[0][1] - corners[3][1]) / beam)
    return along(bow, stern, 0.5), ahead, right, length, beam


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
    return along(a, b, low), along(a, b, high)


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


def range_ring(corners: Corners, reach: float, table: Box, style: Style, ident: str = "",
               tooltip: str = "") -> Group:
    """Everything within `reach` of a ship, outlined and cut to the table (nothing to shoot
    at beyond it)."""
    runs = clipped(grown(corners, reach), table)
    return Group(tuple(Polyline(run) for run in runs), style, id=ident, tooltip=tooltip)


def distance_to(point: Point, corners: Corners) -> float:
    """How far a point lies from a convex outline (0 inside it)."""
    sides, found = [], math.inf
    for i, (ax, ay) in enumerate(corners):
        bx, by = corners[(i + 1) % len(corners)]
        sides.append((bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax))
        found = min(found, math.dist(point, _closest_on_segment(point, (ax, ay), (bx, by))))
    return 0.0 if all(side >= 0 for side in sides) or all(side <= 0 for side in sides) else found


def _dense(outline: Corners, step: float) -> Corners:
    """The outline with a point at least every `step` inches along it."""
    points: list[Point] = []
    for i, a in enumerate(outline):
        b = outline[(i + 1) % len(outline)]
        pieces = max(1, math.ceil(math.dist(a, b) / step))
        points += [(a[0] + (b[0] - a[0]) * k / pieces, a[1] + (b[1] - a[1]) * k / pieces)
                   for k in range(pieces)]
    return tuple(points)


def merged_reach(hulls: Sequence[Corners], reach: float, table: Box, step: float = 0.5
                 ) -> tuple[tuple[Point, ...], ...]:
    """The outline of everything within `reach` of any of the hulls (a fleet's sight, say),
    cut to the table: each hull's grown outline, kept where no other hull is nearer than
    `reach` (crossings found by halving, to within `step` / 2**30)."""
    runs: list[tuple[Point, ...]] = []
    frames = [(ship_frame(hull)[0], max(math.dist(ship_frame(hull)[0], p) for p in hull))
              for hull in hulls]
    for n, hull in enumerate(hulls):
        # the other hulls, nearest first, that come within reach of this one's outline at all
        others = sorted((k for k in range(len(hulls)) if k != n and math.dist(
            frames[k][0], frames[n][0]) < 2 * reach + frames[k][1] + frames[n][1]),
            key=lambda k: math.dist(frames[k][0], frames[n][0]))

        def outside(p: Point, others: list[int] = others) -> bool:
            for k in others:
                gap = math.dist(p, frames[k][0])  # the centre is inside: gap >= the distance
                if gap < reach - 1e-9 or (gap < reach + frames[k][1]
                                          and distance_to(p, hulls[k]) < reach - 1e-9):
                    return False
            return True

        outline = _dense(grown(hull, reach, max(8, math.ceil(4 * reach))), step)
        for piece in clipped(outline, table):
            runs += _kept_runs(piece, outside)
    return tuple(runs)


def _kept_runs(piece: Sequence[Point], outside: Callable[[Point], bool]
               ) -> list[tuple[Point, ...]]:
    """The runs of a polyline where `outside` holds, each cut where it stops holding."""
    runs: list[tuple[Point, ...]] = []
    run: list[Point] = []
    for a, b in zip(piece, piece[1:], strict=False):
        keep_a, keep_b = outside(a), outside(b)
        if keep_a != keep_b:
            low, high = (a, b) if keep_a else (b, a)  # low kept, high not
            for _ in range(30):
                middle = ((low[0] + high[0]) / 2, (low[1] + high[1]) / 2)
                low, high = (middle, high) if outside(middle) else (low, middle)
            if keep_a:
                run += [a, low] if not run else [low]
                runs.append(tuple(run))
                run = []
            else:
                run = [low, b]
        elif keep_a:
            run += [a, b] if not run else [b]
    if len(run) > 1:
        runs.append(tuple(run))
    return runs


def burst(at: Point, outer: float = 0.75, inner: float = 0.4) -> Corners:
    """An eight-pointed star (a ram's mark, say)."""
    return star(at, outer, inner)


def diamond(at: Point, radius: float = 0.6) -> Corners:
    """A diamond (a rudder strike's mark, say)."""
    x, y = at
    return ((x, y + radius), (x + radius, y), (x, y - radius), (x - radius, y))


def triangle(at: Point, radius: float = 0.65) -> Corners:
    """A triangle pointing up the table (an oar clash's mark, say)."""
    return tuple((at[0] + radius * math.sin(2 * math.pi * k / 3),
                  at[1] + radius * math.cos(2 * math.pi * k / 3)) for k in range(3))


def blocked_mark(at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A cross where a ship was (or will be) blocked."""
    x, y, r = at[0], at[1], 0.45
    under = Style(stroke=WHITE, width=(BLOCKED.width or 1) + 3, dash=())
    arms = (Polyline(((x - r, y - r), (x + r, y + r))), Polyline(((x - r, y + r), (x + r, y - r))))
    return Group((Group(arms, under), Group(arms, BLOCKED)), id=ident, tooltip=tooltip)


def shot_arrow(style: Style, start: Point, end: Point, stone: bool, ident: str = "",
               tooltip: str = "", halo: bool = False, hit: bool | None = None) -> Group:
    """A shot, shooter to target, in `style` (a ruleset's: solid for a hit, dashed for a
    miss, say); its head, always solid, is a triangle, or a round stone if `stone`. With
    `halo` it lies on a white line 3 px wider, so that it shows over the hulls of ships
    alongside (a shot drawn centre to centre). Given `hit`, it ends instead in a burst for a
    hit or a cross for a miss, which no ship's bow marker shares."""
    if halo:
        under = Polyline((start, end), Style(stroke=WHITE, width=(style.width or 1) + 3, dash=()))
        return Group((under, shot_arrow(style, start, end, stone, hit=hit)), id=ident,
                     tooltip=tooltip)
    if hit is not None:
        return shot_end(start, end, style, hit, 0.6, ident, tooltip)
    if not stone:
        return arrow(start, end, style, 0.55, 0.28, ident, tooltip)
    length = math.dist(start, end) or 1.0
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    back = (end[0] - 0.55 * ux, end[1] - 0.55 * uy)
    head = Circle((end[0] - 0.3 * ux, end[1] - 0.3 * uy), 0.3, Style(dash=()).under(style))
    return Group((Polyline((start, back), style), head), id=ident, tooltip=tooltip)


def grapple_mark(ends: tuple[Point, Point], ident: str = "", tooltip: str = "",
                 style: Style = LINK) -> Group:
    """A grapple (or any link between two ships): a line between their centres with a hook,
    a round dot, at each end, all over a white halo."""
    hooks = tuple(haloed(Circle(end, 0.22, style)) for end in ends)
    return Group((haloed(Polyline(ends, style)), *hooks), id=ident, tooltip=tooltip)


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
    """The closest pair of points of two convex outlines (corner to edge, both ways)."""
    pairs: list[tuple[float, Point, Point]] = []
    for one, other, flip in ((first, second, False), (second, first, True)):
        for corner in one:
            for i, a in enumerate(other):
                near = _closest_on_segment(corner, a, other[(i + 1) % len(other)])
                pair = (near, corner) if flip else (corner, near)
                pairs.append((math.dist(corner, near), *pair))
    _, a, b = min(pairs, key=lambda found: found[0])
    return a, b


def separated(first: Corners, second: Corners) -> bool:
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


# -- the table and the scale bar ---------------------------------------------------------------

def table_grid(width: float, height: float, size: float, name: str) -> Group:
    """The table, its grid every 6" and the inches along all four edges: the same for every
    map of this size, so kept (under a key that begins with the ruleset's `name`)."""
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
                 cache_key=f"{name}-table-{width:g}x{height:g}-{size:g}")


def scale_bar(size: float) -> Group:
    """Twelve inches in two blocks of six under the table's south-west corner."""
    y, h = -(EDGE + 10) / size, 6 / size
    blocks = tuple(Polygon(((x, y), (x + 6, y), (x + 6, y - h), (x, y - h)),
                           Style(fill=fill, stroke=INK, width=1, dash=()))
                   for x, fill in ((0.0, INK), (6.0, WHITE)))
    words = Text((12 + 8 / size, y - h / 2), '12" (the grid is 6")',
                 Style(fill=INK, font_size=12, baseline="middle"))
    return Group((*blocks, words), id="scale")
