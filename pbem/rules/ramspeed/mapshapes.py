"""The pieces of the Ram Speed map (pbem.rules.ramspeed.mapscene) and what they look like:
the colours, the styles the map and its legend both draw with (so the legend is the
drawing), each side's fill and pattern, the hex arithmetic in hex units (a hex's
centre-to-corner is 1), and the shapes: a galley as a chain of hexes with its side's pattern
and an arrow at the bow, a move's trail, a missile's arrow, a ram's burst, the damage bars
and where a planned move ends. Nothing here reads a view or an event; the labels
(pbem.rules.ramspeed.maplabels), the legend (pbem.rules.ramspeed.maplegend) and the map
itself draw with these.
"""

from __future__ import annotations

import math
from typing import Any

from pbem.rules.ramspeed import hexes
from pbem.rules.scene import (
    Circle,
    Group,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Style,
    shot_end,
    star,
)

SQRT3 = math.sqrt(3)
FACING_DEGREES = {"E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240, "NE": 300}

# Colour-blind-safe colours (Paul Tol's high-contrast and Okabe-Ito sets), each side's fill
# at least 3:1 against the sea and 2:1 against the other side of its scenario.
INK, WHITE = "#1b1b1b", "#ffffff"
SEA, GRID, GRID_LABEL = "#f4f8fb", "#9db3c4", "#4b5d6c"
FIRE, WRECK = "#882255", "#5a6570"
# side -> (fill, pattern); the pattern tells the sides apart without colour
SIDE_LOOK = {"blue": ("#004488", "plain"), "red": ("#d55e00", "stripes"),
             "convoy": ("#996600", "plain"), "raiders": ("#003d33", "stripes")}
SPARE = (("#004488", "plain"), ("#d55e00", "stripes"), ("#117733", "columns"),
         ("#aa3377", "checks"))

# Styles: the map and its legend both draw with these, so the legend is the drawing.
HALO = Style(fill="none", stroke=WHITE, width=6, dash=())  # under marks drawn over hulls
BOW = Style(fill=WHITE, stroke="none")
STRIPE = Style(stroke=WHITE, width=2, dash=())
TRAIL = Style(stroke=INK, width=2, dash=())
DRIFT = Style(stroke=INK, width=2, dash=(5, 3))
TRAIL_END = Style(fill=INK, stroke="none")
RAM = Style(fill="none", stroke=INK, width=2.5, dash=())
CAPTURE = Style(fill="none", stroke=INK, width=3, dash=(5, 3))
GRAPPLE = Style(stroke=INK, width=4, dash=(2, 4))
FIRE_HIT = Style(fill=FIRE, stroke=FIRE, width=2.5, dash=())
FIRE_MISS = Style(fill=WHITE, stroke=FIRE, width=1.5, dash=(4, 3))
SUNK = Style(stroke=WRECK, width=3, dash=())
BAR = Style(fill=WHITE, stroke=INK, width=1, dash=())
BAR_DAMAGE = Style(fill=INK, stroke="none")
PLAN_END = Style(fill="none", stroke=INK, width=2, dash=(4, 3))
PLAN_ARROW = Style(fill=INK, stroke="none")
BAR_WIDTH, BAR_HEIGHT = 32.0, 5.0  # pixels


def side_look(side: str, sides: list[str]) -> tuple[str, str]:
    """The fill and pattern of a side's galleys."""
    if side in SIDE_LOOK:
        return SIDE_LOOK[side]
    return SPARE[sides.index(side) % len(SPARE)] if side in sides else SPARE[0]


def side_colour(side: str, sides: list[str]) -> str:
    return side_look(side, sides)[0]


def hull_style(galley: dict[str, Any], sides: list[str]) -> Style:
    """Filled in the colour of the side commanding it; a prize has a thick dashed outline in
    the colour of the side it was taken from."""
    fill = side_colour(galley["controller"], sides)
    if galley["captured"]:
        return Style(fill=fill, stroke=side_colour(galley["side"], sides), width=3, dash=(5, 3))
    return Style(fill=fill, stroke=INK, width=1.5, dash=())


def zone_style(side: str, sides: list[str]) -> Style:
    return Style(fill=side_colour(side, sides), stroke="none", opacity=0.22)


def plan_tint(side: str, sides: list[str]) -> Style:
    return Style(fill=side_colour(side, sides), stroke="none", opacity=0.3)


def centre(col0: int, row0: int) -> Point:
    """The centre of the hex at 0-based offset column and row, in hex units."""
    return SQRT3 * (col0 + 0.5 * (row0 & 1)) + SQRT3 / 2, 1.5 * row0 + 1


def corners(at: Point, radius: float = 1.0) -> tuple[Point, ...]:
    x, y = at
    return tuple((x + radius * math.cos(math.radians(60 * k - 30)),
                  y + radius * math.sin(math.radians(60 * k - 30))) for k in range(6))


def hex_at(label: str) -> Point:
    return centre(*hexes.to_offset(hexes.parse_label(label)))



def _arrow(at: Point, facing: str, scale: float = 1.0) -> tuple[Point, ...]:
    x, y = at
    angle = math.radians(FACING_DEGREES[facing])
    return ((x + 0.8 * scale * math.cos(angle), y + 0.8 * scale * math.sin(angle)),
            (x + 0.35 * scale * math.cos(angle + 2.3), y + 0.35 * scale * math.sin(angle + 2.3)),
            (x + 0.35 * scale * math.cos(angle - 2.3), y + 0.35 * scale * math.sin(angle - 2.3)))


def pattern_lines(at: Point, pattern: str, radius: float = 0.92) -> tuple[Primitive, ...]:
    """White lines across one hex: stripes (horizontal), columns (vertical), checks (both)."""
    x, y = at
    lines: list[Primitive] = []
    if pattern in ("stripes", "checks"):
        for k in (-0.55, 0.0, 0.55):
            dy = k * radius
            half = SQRT3 / 2 * radius if abs(dy) <= radius / 2 else SQRT3 * (radius - abs(dy))
            lines.append(Polyline(((x - half * 0.85, y + dy), (x + half * 0.85, y + dy))))
    if pattern in ("columns", "checks"):
        for k in (-0.5, 0.0, 0.5):
            dx = k * radius
            half = radius - abs(dx) / SQRT3
            lines.append(Polyline(((x + dx, y - half * 0.85), (x + dx, y + half * 0.85))))
    return tuple(lines)


def galley_shape(centres: list[Point], bow: Point, facing: str, hull: Style,
                 pattern: str, ident: str = "") -> Group:
    """A galley's hexes, its side's pattern over them and the arrow at its bow."""
    stripes = tuple(line for c in centres for line in pattern_lines(c, pattern))
    parts: list[Primitive] = [Group(tuple(Polygon(corners(c, 0.92)) for c in centres), hull)]
    if stripes:
        parts.append(Group(stripes, STRIPE))
    parts.append(Polygon(_arrow(bow, facing), BOW))
    return Group(tuple(parts), id=ident)


def burst(at: Point, outer: float = 0.8, inner: float = 0.45) -> tuple[Point, ...]:
    """An eight-pointed star: the mark of a ram or shear that struck home."""
    return star(at, outer, inner)


def trail(line: list[Point], drift: bool, dot: float, ident: str = "") -> Group:
    """A move (solid) or a drift (dashed), with a dot where it ended."""
    return Group((Polyline(tuple(line), DRIFT if drift else TRAIL),
                  Circle(line[-1], dot, TRAIL_END)), id=ident)


def fire_arrow(start: Point, end: Point, hit: bool, ident: str = "",
               tooltip: str = "") -> Group:
    """A missile attack, firer to target: a solid line ending in a burst for a hit, a dashed
    line ending in a cross for a miss (no triangle: that is the bow's)."""
    return shot_end(start, end, FIRE_HIT if hit else FIRE_MISS, hit, 0.4, ident, tooltip)


def damage_bars(at: Point, size: float, hull: float, rowing: float, ident: str = "") -> Group:
    """Two bars under a label, each full at its threshold: hull damage against sinking above,
    rowing damage against drifting helplessly below. `at` is the top-left corner."""
    x, y = at
    w, h = BAR_WIDTH / size, BAR_HEIGHT / size
    parts: list[Primitive] = []
    for n, share in enumerate((hull, rowing)):
        top = y + n * (h + 2 / size)
        parts.append(Polygon(((x, top), (x + w, top), (x + w, top + h), (x, top + h)), BAR))
        filled = min(max(share, 0.0), 1.0) * w
        if filled > 0:
            parts.append(Polygon(((x, top), (x + filled, top), (x + filled, top + h),
                                  (x, top + h)), BAR_DAMAGE))
    return Group(tuple(parts), id=ident)



def plan_end(footprint: list[Point], facing: str, side: str, sides: list[str],
             ident: str = "") -> Group:
    """Where a galley's planned move leaves it: every hex of it, tinted in its side's colour
    with a dashed outline, and its bow's arrow."""
    return Group((Group(tuple(Polygon(corners(c, 0.92)) for c in footprint),
                        plan_tint(side, sides)),
                  Group(tuple(Polygon(corners(c, 0.92)) for c in footprint), PLAN_END),
                  Polygon(_arrow(footprint[0], facing, 0.8), PLAN_ARROW)), id=ident)
