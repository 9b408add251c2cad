"""The Ram Speed map as a scene (pbem.rules.scene): the hex grid with its coordinates along
the edges, galleys as chains of hexes (side told by colour and by pattern) with an arrow at
the bow, a label on each with its damage bars where the viewer may know them, this phase's
trails, missile fire, ram and capture marks, grapples, wrecks, set-up zones, and a legend
drawn with the very styles the map uses. Built from a side's view and the events that side
may see, and nothing else: a galley whose records are hidden shows no damage.

Coordinates are hex units (a hex's centre-to-corner is 1); the transform scales them to
`size` pixels, leaving room above for the title and around the grid for the coordinates.
What every map shares (the star and haloed marks, the arrow, the legend's rows and the title)
is drawn with pbem.rules.scene; everything here is this game's own.

Why this module is over 450 lines: it is the whole hex map, whose parts (the grid, galley
shapes, labels placed on free hexes, the phase's marks, the set-up zones and the legend's
samples) share its colours, styles and hex arithmetic; the labels and their placement
(`Label` to `_label_of`, about 105 lines) are the piece to move to a module of their own
when the map grows.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.placement import in_zone
from pbem.rules.ramspeed.tables import default_tables
from pbem.rules.scene import (
    Box,
    Circle,
    Group,
    LegendLayout,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
    arrow,
    haloed,
    headed,
    legend_rows,
    overlaps,
    star,
    text_width,
)

SQRT3 = math.sqrt(3)
TITLE = 46  # pixels above the grid for the title and subtitle
EDGE = 26  # pixels around the grid for the column and row numbers
WIDEST = 1400  # pixels: the grid is drawn no wider when the map allows
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
LEADER = Style(stroke=INK, width=1, dash=())
NAME = Style(fill=WHITE, stroke=INK, width=3, font_size=13, anchor="middle", baseline="middle")
STATE = Style(fill=INK, stroke=WHITE, width=3, font_size=11, anchor="middle",
              baseline="middle")
EDGE_NUMBER = Style(fill=INK, font_size=11, anchor="middle", baseline="middle")
ZONE_NAME = Style(fill=INK, stroke=WHITE, width=3, font_size=12, anchor="middle",
                  baseline="middle")
LEGEND_TEXT = Style(fill=INK, font_size=12, baseline="middle")
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


def map_size(columns: int) -> float:
    """Pixels per hex unit: as large as fits WIDEST pixels, between 22 (a 32-column map in
    about 1,250 pixels) and 30."""
    return round(min(max(WIDEST / (SQRT3 * (columns + 0.5)), 22.0), 30.0), 1)


def transform(size: float) -> Transform:
    return Transform(scale=size, offset=(float(EDGE), float(TITLE + EDGE)))


def grid_label_size(size: float) -> float:
    """Hex labels: never below 10 px."""
    return round(max(size * 0.42, 10.0), 1)


@lru_cache(maxsize=8)
def grid(columns: int, rows: int, size: float) -> Group:
    """The sea, its labelled hexes and the coordinates along its edges: the same for every map
    of this size, so kept."""
    cells, labels, numbers = [], [], []
    for row0 in range(rows):
        for col0 in range(columns):
            at = centre(col0, row0)
            cells.append(Polygon(corners(at)))
            labels.append(Text((at[0], at[1] + 0.55), f"{col0 + 1:02d}{row0 + 1:02d}"))
    gap = 13 / size  # the numbers stand this far (13 px) off the grid
    for col0 in range(columns):
        numbers.append(Text((centre(col0, 0)[0], -gap), f"{col0 + 1:02d}"))
        numbers.append(Text((centre(col0, rows - 1)[0], 1.5 * rows + 0.5 + gap),
                            f"{col0 + 1:02d}"))
    for row0 in range(rows):
        y = centre(0, row0)[1]
        numbers.append(Text((-gap, y), f"{row0 + 1:02d}"))
        numbers.append(Text((SQRT3 * (columns + 0.5) + gap, y), f"{row0 + 1:02d}"))
    return Group((Group(tuple(cells), Style(fill=SEA, stroke=GRID, width=1)),
                  Group(tuple(labels), Style(fill=GRID_LABEL, font_size=grid_label_size(size),
                                             anchor="middle")),
                  Group(tuple(numbers), EDGE_NUMBER, id="coordinates")),
                 cache_key=f"ramspeed-grid-{columns}x{rows}-{size}")


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
    """A missile attack, firer to target: a solid line and a filled head for a hit, a
    dashed line and an open head for a miss."""
    return arrow(start, end, FIRE_HIT if hit else FIRE_MISS, 0.5, 0.25, ident, tooltip)


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


@dataclass(frozen=True)
class Label:
    """A galley's or a wreck's label: lines of text and perhaps damage bars, in a box of
    `width` by `height` pixels, to be placed near `near` (hex centres, best first)."""

    key: str
    name: str
    state: str
    bars: tuple[float, float] | None
    near: tuple[Point, ...]
    name_style: Style = NAME

    @property
    def width(self) -> float:
        texts = [text_width(self.name, self.name_style.font_size or 12)]
        if self.state:
            texts.append(text_width(self.state, STATE.font_size or 12))
        if self.bars is not None:
            texts.append(BAR_WIDTH)
        return max(texts) + 4

    @property
    def height(self) -> float:
        return 2 + (self.name_style.font_size or 12) + (14 if self.bars is not None else 0) + (
            12 if self.state else 0) + 2

    def drawn(self, at: Point, size: float) -> tuple[Primitive, ...]:
        """The label's primitives with its box centred on `at`."""
        x, y = at
        top = y - self.height / 2 / size
        font = self.name_style.font_size or 12
        items: list[Primitive] = [Text((x, top + (2 + font / 2) / size), self.name,
                                       self.name_style)]
        below = top + (2 + font) / size
        if self.bars is not None:
            items.append(damage_bars((x - BAR_WIDTH / 2 / size, below + 2 / size), size,
                                     *self.bars, ident=f"damage--{self.key}"))
            below += 14 / size
        if self.state:
            items.append(Text((x, below + 6 / size), self.state, STATE))
        return tuple(items)


def place_labels(labels: list[Label], size: float, bounds: Box, taken: set[str],
                 ) -> tuple[list[Primitive], list[Box]]:
    """Each label on the first spot near its galley where its box overlaps no other label and
    stays inside `bounds`; a label set beside its galley gets a leader line to it. The hexes
    in `taken` (other galleys) are not offered as spots."""
    placed: list[Box] = []
    drawn: list[Primitive] = []
    for label in labels:
        w, h = label.width / size, label.height / size
        spots = itertools.chain(label.near, (c for c in _around(label.near, taken)
                                             if c not in label.near))  # farther only if need be
        chosen = label.near[0]
        for spot in spots:
            box = _box(spot, w, h)
            inside = (box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2]
                      and box[3] <= bounds[3])
            if inside and not any(overlaps(box, other) for other in placed):
                chosen = spot
                break
        else:
            box = _box(chosen, w, h)
        placed.append(box)
        items = list(label.drawn(chosen, size))
        if chosen not in label.near:
            home = min(label.near, key=lambda c: math.dist(c, chosen))
            items.insert(0, Polyline((home, _edge_towards(box, home)), LEADER))
        drawn.append(Group(tuple(items), id=label.key))
    return drawn, placed


def _box(at: Point, w: float, h: float) -> Box:
    return (at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2)


def _edge_towards(box: Box, point: Point) -> Point:
    """Where a line from the box's centre to `point` leaves the box."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    dx, dy = point[0] - cx, point[1] - cy
    scale = min((box[2] - cx) / abs(dx) if dx else math.inf,
                (box[3] - cy) / abs(dy) if dy else math.inf, 1.0)
    return cx + dx * scale, cy + dy * scale


def _around(near: tuple[Point, ...], taken: set[str], reach: int = 5) -> Iterator[Point]:
    """Free hex centres within `reach` of the given ones, nearest first, ring by ring."""
    home = [_label_of(c) for c in near]
    found: dict[str, int] = {}
    frontier = [hexes.parse_label(h) for h in home if h]
    seen = set(frontier)
    for ring in range(1, reach + 1):
        frontier = [n for h in frontier for n in hexes.neighbours(h) if n not in seen]
        seen.update(frontier)
        for h in frontier:
            col0, row0 = hexes.to_offset(h)
            if col0 >= 0 and row0 >= 0 and hexes.label(h) not in taken:
                found.setdefault(hexes.label(h), ring)
        yield from (hex_at(label) for label in sorted(k for k in found if found[k] == ring))


def _label_of(point: Point) -> str:
    row0 = round((point[1] - 1) / 1.5)
    col0 = round(point[0] / SQRT3 - 0.5 - 0.5 * (row0 & 1))
    return f"{col0 + 1:02d}{row0 + 1:02d}" if col0 >= 0 and row0 >= 0 else ""


def _damage(galley: dict[str, Any]) -> tuple[float, float] | None:
    """Hull and rowing damage as shares of their thresholds (16.9), or None when the viewer
    may not know them (secret records: the view has no such fields)."""
    if "hull_damage" not in galley or "rowing_damage" not in galley:
        return None
    kind = default_tables().galleys.get(galley["type"])
    if kind is None:
        return None
    return galley["hull_damage"] / kind.sink, galley["rowing_damage"] / kind.drift


def _middle_first(centres: list[Point]) -> tuple[Point, ...]:
    """A galley's hex centres, the middle one first (for two hexes: the stern, leaving the
    bow's arrow clear), then outwards."""
    middle = len(centres) // 2
    return tuple(sorted(centres, key=lambda c: (abs(centres.index(c) - middle),
                                                -centres.index(c))))


@dataclass
class Drawing:
    """What the map draws, layer by layer, and the legend entries it needs."""

    zones: list[Primitive]
    shapes: list[Primitive]
    wrecks: list[Primitive]
    trails: list[Primitive]
    marks: list[Primitive]
    labels: list[Label]
    shown: dict[str, Style | None]  # legend key -> the style it shows, where it varies


def _galleys(galleys: dict[str, Any], sides: list[str], drawing: Drawing) -> None:
    for gid, galley in galleys.items():
        if galley["status"] == "afloat" and galley["hexes"]:
            centres = [hex_at(h) for h in galley["hexes"]]
            hull = hull_style(galley, sides)
            pattern = side_look(galley["controller"], sides)[1]
            key = f"captured--{gid}" if galley["captured"] else (
                f"side-{galley['controller']}--{gid}")
            drawing.shapes.append(galley_shape(centres, hex_at(galley["bow"]),
                                               galley["facing"], hull, pattern, key))
            if galley["captured"]:
                drawing.shown.setdefault("captured", hull)
            drawing.shown.setdefault(f"side-{galley['controller']}", None)
            bars = _damage(galley)
            if bars is not None:
                drawing.shown["damage"] = None
            state = "adrift" if galley.get("adrift") else (
                "drifting" if galley.get("drifting") else "")
            drawing.labels.append(Label(f"label--{gid}", f"{gid} {galley['type'][0].upper()}",
                                        state, bars, _middle_first(centres)))
        elif galley["status"] == "sunk" and galley["bow"]:
            x, y = at = hex_at(galley["bow"])
            drawing.wrecks.append(Group(
                (Polyline(((x - 0.5, y - 0.5), (x + 0.5, y + 0.5))),
                 Polyline(((x - 0.5, y + 0.5), (x + 0.5, y - 0.5)))),
                SUNK, id=f"sunk--{gid}"))
            drawing.shown["sunk"] = None
            drawing.labels.append(Label(f"label--{gid}", f"{gid} sunk", "", None, (at,),
                                        Style(fill=INK, stroke=WHITE, width=3, font_size=12,
                                              anchor="middle", baseline="middle")))


def _nearest(a: list[str], b: list[str]) -> tuple[Point, Point]:
    pairs = [(hexes.distance(hexes.parse_label(x), hexes.parse_label(y)), x, y)
             for x in a for y in b]
    _, x, y = min(pairs)
    return hex_at(x), hex_at(y)


def _shortened(start: Point, end: Point, by: float) -> tuple[Point, Point]:
    length = math.dist(start, end)
    if length <= 2 * by:
        return start, end
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    return (start[0] + ux * by, start[1] + uy * by), (end[0] - ux * by, end[1] - uy * by)


def _where(galley: dict[str, Any]) -> list[str]:
    return list(galley.get("hexes") or ([galley["bow"]] if galley.get("bow") else []))


def _happenings(galleys: dict[str, Any], events: list[dict[str, Any]], drawing: Drawing,
                size: float) -> None:
    """Trails of this phase's moves, missile fire, grapple lines (made now or standing) and
    the marks of rams, shears and captures."""
    grapples: list[tuple[Point, Point]] = []
    shots: dict[tuple[str, str], int] = {}
    dot = 4 / size
    for n, item in enumerate(events):
        kind = item["kind"]
        owner = galleys.get(item.get("galley", ""), {})
        target = galleys.get(item.get("target", ""), {})
        line: list[Point] = []
        if kind == "move" and item.get("path"):
            labels = [item["start"]] + [step.split()[0] for step in item["path"]
                                        if not step.startswith("off")]
            line = [hex_at(label) for label in labels]
        elif kind == "drift" and item.get("moved") and item.get("to") and item.get("start"):
            line = [hex_at(item["start"]), hex_at(item["to"])]
        elif kind in ("ram", "shear") and item.get("success") and target.get("bow"):
            drawing.marks.append(haloed(Polygon(burst(hex_at(target["bow"])), RAM),
                                        f"ram--{n}", f"{kind} by {item['galley']}"))
            drawing.shown["ram"] = None
        elif kind == "capture" and target.get("bow"):
            drawing.marks.append(haloed(Circle(hex_at(target["bow"]), 0.6, CAPTURE),
                                        f"capture--{n}", f"taken by {item['galley']}"))
            drawing.shown["capture"] = None
        elif kind == "grapple" and item.get("success") and owner.get("bow") and target.get("bow"):
            grapples.append((hex_at(owner["bow"]), hex_at(target["bow"])))
        elif kind == "fire" and _where(owner) and _where(target):
            start, end = _shortened(*_nearest(_where(owner), _where(target)), 0.3)
            pair = (item["galley"], item["target"])
            shift = 0.22 * shots.get(pair, 0)
            shots[pair] = shots.get(pair, 0) + 1
            length = math.dist(start, end) or 1.0
            nx, ny = -(end[1] - start[1]) / length * shift, (end[0] - start[0]) / length * shift
            hit = bool(item.get("hit"))
            drawing.marks.append(fire_arrow(
                (start[0] + nx, start[1] + ny), (end[0] + nx, end[1] + ny), hit,
                f"fire-{'hit' if hit else 'miss'}--{n}",
                f"{item['galley']} {item.get('weapon', '')} at {item['target']}: "
                f"{'hit' if hit else 'missed'}"))
            drawing.shown["fire-hit" if hit else "fire-miss"] = None
        if len(line) > 1:
            drawing.trails.append(trail(line, kind == "drift", dot,
                                        f"{'drift' if kind == 'drift' else 'move'}--{n}"))
            drawing.shown["drift" if kind == "drift" else "move"] = None
    for gid, galley in galleys.items():  # grapples standing now, each pair once
        for other in galley["grappled_with"]:
            partner = galleys.get(other, {})
            if gid < other and galley.get("bow") and partner.get("bow") and (
                    galley["status"] == partner.get("status") == "afloat"):
                pair = (hex_at(galley["bow"]), hex_at(partner["bow"]))
                if pair not in grapples and pair[::-1] not in grapples:
                    grapples.append(pair)
    for n, pair in enumerate(grapples):
        drawing.marks.append(haloed(Polyline(pair, GRAPPLE), f"grapple--{n}"))
        drawing.shown["grapple"] = None


def _zones(zones: dict[str, str], sides: list[str], columns: int, rows: int,
           drawing: Drawing) -> None:
    """The set-up zones (4.4, 15.3), tinted in their sides' colours."""
    for side, zone in zones.items():
        cells = tuple(Polygon(corners(centre(col0, row0)))
                      for row0 in range(rows) for col0 in range(columns)
                      if in_zone(hexes.from_offset(col0, row0), zone, columns, rows))
        if cells:
            middle = (sum(c.points[0][0] for c in cells) / len(cells) - SQRT3 / 2,
                      sum(c.points[0][1] for c in cells) / len(cells) + 0.5)
            drawing.zones.append(Group(cells, zone_style(side, sides), id=f"zone-{side}--"))
            drawing.zones.append(Text(middle, f"{side} set-up zone", ZONE_NAME))
            drawing.shown[f"zone-{side}"] = None


def plan_end(footprint: list[Point], facing: str, side: str, sides: list[str],
             ident: str = "") -> Group:
    """Where a galley's planned move leaves it: every hex of it, tinted in its side's colour
    with a dashed outline, and its bow's arrow."""
    return Group((Group(tuple(Polygon(corners(c, 0.92)) for c in footprint),
                        plan_tint(side, sides)),
                  Group(tuple(Polygon(corners(c, 0.92)) for c in footprint), PLAN_END),
                  Polygon(_arrow(footprint[0], facing, 0.8), PLAN_ARROW)), id=ident)


def _swatch(key: str, sides: list[str], shown: dict[str, Style | None]) -> tuple[
        Primitive, str]:
    """The sample of one legend entry, in hex units around (0, 0), and its words."""
    one = [(0.0, 0.0)]
    if key.startswith("side-"):
        side = key[5:]
        colour, pattern = side_look(side, sides)
        return (galley_shape(one, one[0], "E", Style(fill=colour, stroke=INK, width=1.5,
                                                     dash=()), pattern),
                f"{side} ({'striped' if pattern == 'stripes' else pattern})"
                if pattern != "plain" else side)
    if key == "captured":
        hull = shown["captured"] or Style()
        return galley_shape(one, one[0], "E", hull, "plain"), "dashed outline: a prize"
    if key in ("move", "drift"):
        return (trail([(-1.2, 0.4), (0.3, -0.4)], key == "drift", 0.25),
                "this phase's move" if key == "move" else "drift")
    if key == "ram":
        return haloed(Polygon(burst((0, 0)), RAM)), "ram or shear hit"
    if key == "capture":
        return haloed(Circle((0, 0), 0.6, CAPTURE)), "taken this phase"
    if key == "grapple":
        return haloed(Polyline(((-1.2, 0), (1.2, 0)), GRAPPLE)), "grappled"
    if key in ("fire-hit", "fire-miss"):
        return (fire_arrow((-1.3, 0), (1.3, 0), key == "fire-hit"),
                "missile hit" if key == "fire-hit" else "missile missed")
    if key == "sunk":
        return (Group((Polyline(((-0.5, -0.5), (0.5, 0.5))),
                       Polyline(((-0.5, 0.5), (0.5, -0.5)))), SUNK), "sunk")
    if key == "damage":
        return (damage_bars((-BAR_WIDTH / 2 / LEGEND_UNIT, -6 / LEGEND_UNIT), LEGEND_UNIT,
                            0.5, 0.25),
                "damage bars: hull (upper, full: sinks), rowing (lower, full: adrift)")
    if key.startswith("zone-"):
        return (Polygon(corners((0, 0)), zone_style(key[5:], sides)),
                f"{key[5:]} set-up zone")
    if key == "plan-end":
        return plan_end(one, "E", sides[0] if sides else "", sides), "where the move ends"
    raise ValueError(f"no legend entry {key!r}")


LEGEND_UNIT = 11.0  # pixels per hex unit in the legend's samples
LEGEND_ROW = 26  # pixels
LEGEND = LegendLayout(row=LEGEND_ROW, unit=LEGEND_UNIT, sample=15, words=34, room=36, gap=14,
                      text=LEGEND_TEXT)


def legend(keys: list[str], sides: list[str], shown: dict[str, Style | None], width: int,
           top: float) -> tuple[tuple[Primitive, ...], float]:
    """The legend's entries flowed into rows under the map, and the height they take."""
    return legend_rows([(key, *_swatch(key, sides, shown)) for key in keys], width, top, LEGEND)


LEGEND_ORDER = ("captured", "damage", "move", "drift", "fire-hit", "fire-miss", "ram",
                "capture", "grapple", "sunk", "plan-end")


def _legend_keys(shown: dict[str, Style | None], sides: list[str]) -> list[str]:
    keys = [f"side-{side}" for side in sides if f"side-{side}" in shown]
    keys += [f"zone-{side}" for side in sides if f"zone-{side}" in shown]
    return keys + [key for key in LEGEND_ORDER if key in shown]


def _scene(view: dict[str, Any], events: list[dict[str, Any]], title: str, subtitle: str,
           size: float, columns: int, rows: int, zones: dict[str, str],
           ends: dict[str, tuple[list[str], str]]) -> Scene:
    galleys: dict[str, Any] = view["galleys"]
    sides = list(dict.fromkeys([*(g["side"] for g in galleys.values()), *zones]))
    drawing = Drawing([], [], [], [], [], [], {})
    _zones(zones, sides, columns, rows, drawing)
    _galleys(galleys, sides, drawing)
    _happenings(galleys, events, drawing, size)
    for gid, (footprint, facing) in ends.items():
        drawing.marks.insert(0, plan_end([hex_at(h) for h in footprint], facing,
                                         galleys[gid]["controller"], sides, f"plan-end--{gid}"))
        drawing.shown["plan-end"] = None
    taken = {h for g in galleys.values() if g["status"] == "afloat" for h in g["hexes"]}
    grid_width, grid_height = SQRT3 * (columns + 0.5), 1.5 * rows + 0.5
    labels, _ = place_labels(drawing.labels, size, (0.0, 0.0, grid_width, grid_height), taken)
    width = max(math.ceil(size * grid_width + 2 * EDGE), 480)
    bottom = TITLE + 2 * EDGE + size * grid_height
    key_items, key_height = legend(_legend_keys(drawing.shown, sides), sides, drawing.shown,
                                   width, bottom)
    items: tuple[Primitive, ...] = (
        grid(columns, rows, size),
        Group(tuple(drawing.zones), id="zones"),
        Group(tuple(drawing.shapes), id="galleys"),
        Group(tuple(drawing.wrecks), id="wrecks"),
        Group(tuple(drawing.trails), id="trails"),
        Group(tuple(drawing.marks), id="marks"),
        Group(tuple(labels), id="labels"),
    )
    return Scene(width=width, height=math.ceil(bottom + key_height + 8),
                 title=f"{title}, {subtitle}", items=items, transform=transform(size),
                 overlay=headed(title, subtitle, INK, key_items), background=WHITE)


def map_scene(view: dict[str, Any], events: list[dict[str, Any]], title: str, subtitle: str,
              size: float = 0.0, columns: int | None = None, rows: int | None = None,
              zones: dict[str, str] | None = None) -> Scene:
    """Everything the map shows; `view` and `events` are what one side (or an observer, or
    the game master) may see; `zones` (side -> set-up zone) on maps of the set-up. A `size`
    of 0 is chosen from the map's width."""
    columns = columns or int(view.get("columns", 32))
    rows = rows or int(view.get("rows", 24))
    return _scene(view, events, title, subtitle, size or map_size(columns), columns, rows,
                  zones or {}, {})


PLAN_SIZE = 20.0  # pixels per hex unit on the map answering a player's orders


def plan_scene(view: dict[str, Any], plans: list[tuple[str, tuple[str, ...]]], title: str,
               subtitle: str, columns: int, rows: int,
               zones: dict[str, str] | None = None) -> Scene:
    """The side's galleys now, each accepted line's plan drawn as a trail, and every hex of
    each galley where its plan leaves it. A plan is the start ("0906 E") and the place after
    each step ("0907 SE", or "off north" when it leaves the map)."""
    galleys: dict[str, Any] = view["galleys"]
    by_key = {gid.upper(): gid for gid in galleys}
    trails, ends = [], {}
    for piece, plan in plans:
        gid = by_key.get(piece.upper())
        if gid is None or len(plan) < 2:
            continue
        trails.append({"kind": "move", "galley": gid, "start": plan[0].split()[0],
                       "path": list(plan[1:])})
        last = plan[-1].split()
        kind = default_tables().galleys.get(galleys[gid]["type"])
        if last[0] == "off" or len(last) < 2 or kind is None:
            continue
        footprint = hexes.footprint(hexes.parse_label(last[0]), hexes.facing_index(last[1]),
                                    kind.length)
        ends[gid] = ([hexes.label(h) for h in footprint if hexes.on_map(h, columns, rows)],
                     last[1])
    return _scene(view, trails, title, subtitle, PLAN_SIZE, columns, rows, zones or {},
                  {gid: end for gid, end in ends.items() if end[0]})
