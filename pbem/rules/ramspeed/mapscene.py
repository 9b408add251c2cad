"""The Ram Speed map as a scene (pbem.rules.scene): the hex grid with its coordinates along
the edges, galleys as chains of hexes (side told by colour and by pattern) with an arrow at
the bow, a label on each with its damage bars where the viewer may know them, this phase's
trails, missile fire, ram and capture marks, grapples, wrecks, set-up zones, and a legend
drawn with the very styles the map uses. Built from a side's view and the events that side
may see, and nothing else: a galley whose records are hidden shows no damage.

Coordinates are hex units (a hex's centre-to-corner is 1); the transform scales them to
`size` pixels, leaving room above for the title and around the grid for the coordinates.
What every map shares (the star and haloed marks, the arrow, the legend's rows and the title)
is drawn with pbem.rules.scene; everything here is this game's own. This module reads the
view and the events into the map's layers and lays the picture out; the colours, styles, hex
arithmetic and the pieces' shapes are in pbem.rules.ramspeed.mapshapes, the labels and their
placement in pbem.rules.ramspeed.maplabels, and the legend in pbem.rules.ramspeed.maplegend.
The styles and helpers that readers of this map look for are named on it too (imported "as"
themselves).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.maplabels import Label, place_labels
from pbem.rules.ramspeed.maplegend import legend, legend_keys
from pbem.rules.ramspeed.mapshapes import BAR as BAR
from pbem.rules.ramspeed.mapshapes import BAR_DAMAGE as BAR_DAMAGE
from pbem.rules.ramspeed.mapshapes import (
    CAPTURE,
    GRAPPLE,
    GRID,
    GRID_LABEL,
    INK,
    RAM,
    SEA,
    SQRT3,
    SUNK,
    WHITE,
    burst,
    centre,
    corners,
    fire_arrow,
    galley_shape,
    hex_at,
    hull_style,
    plan_end,
    side_look,
    trail,
    zone_style,
)
from pbem.rules.ramspeed.mapshapes import DRIFT as DRIFT
from pbem.rules.ramspeed.mapshapes import FIRE as FIRE
from pbem.rules.ramspeed.mapshapes import FIRE_HIT as FIRE_HIT
from pbem.rules.ramspeed.mapshapes import FIRE_MISS as FIRE_MISS
from pbem.rules.ramspeed.mapshapes import PLAN_END as PLAN_END
from pbem.rules.ramspeed.mapshapes import SPARE as SPARE
from pbem.rules.ramspeed.mapshapes import TRAIL as TRAIL
from pbem.rules.ramspeed.mapshapes import pattern_lines as pattern_lines
from pbem.rules.ramspeed.mapshapes import side_colour as side_colour
from pbem.rules.ramspeed.placement import in_zone
from pbem.rules.ramspeed.tables import default_tables
from pbem.rules.scene import (
    Circle,
    Group,
    Piece,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
    focus_of,
    haloed,
    headed,
    piece_at,
)

TITLE = 46  # pixels above the grid for the title and subtitle
EDGE = 26  # pixels around the grid for the column and row numbers
WIDEST = 1400  # pixels: the grid is drawn no wider when the map allows
EDGE_NUMBER = Style(fill=INK, font_size=11, anchor="middle", baseline="middle")
ZONE_NAME = Style(fill=INK, stroke=WHITE, width=3, font_size=12, anchor="middle",
                  baseline="middle")


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
    pieces: list[Piece] = field(default_factory=list)  # each galley afloat, by commander


def _galleys(galleys: dict[str, Any], sides: list[str], drawing: Drawing) -> None:
    for gid, galley in galleys.items():
        if galley["status"] == "afloat" and galley["hexes"]:
            centres = [hex_at(h) for h in galley["hexes"]]
            hull = hull_style(galley, sides)
            pattern = side_look(galley["controller"], sides)[1]
            key = f"captured--{gid}" if galley["captured"] else (
                f"side-{galley['controller']}--{gid}")
            shape = galley_shape(centres, hex_at(galley["bow"]), galley["facing"], hull,
                                 pattern, key)
            drawing.shapes.append(shape)
            drawing.pieces.append(piece_at(centres, galley["controller"], 1.0,
                                           [corners(c, 0.92) for c in centres]))
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



def _scene(view: dict[str, Any], events: list[dict[str, Any]], title: str, subtitle: str,
           size: float, columns: int, rows: int, zones: dict[str, str],
           ends: dict[str, tuple[list[str], str]], viewer: str | None = None) -> Scene:
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
    key_items, key_height = legend(legend_keys(drawing.shown, sides), sides, drawing.shown,
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
                 overlay=headed(title, subtitle, INK, key_items), background=WHITE,
                 focus=focus_of([*drawing.trails, *drawing.marks,
                                 *_named(drawing.shapes, events)]),
                 pieces=tuple(drawing.pieces), viewer=viewer)


def _named(shapes: list[Primitive], events: list[dict[str, Any]]) -> list[Primitive]:
    """The galleys this phase's events name (mover, firer, target), whole: a mark at a bow
    alone would leave the stern out of the frame."""
    named = {str(item.get(key)) for item in events for key in ("galley", "target")
             if item.get(key)}
    return [shape for shape in shapes if shape.id.rpartition("--")[2] in named]


def map_scene(view: dict[str, Any], events: list[dict[str, Any]], title: str, subtitle: str,
              size: float = 0.0, columns: int | None = None, rows: int | None = None,
              zones: dict[str, str] | None = None, viewer: str | None = None) -> Scene:
    """Everything the map shows; `view` and `events` are what one side (`viewer`; None for
    an observer or the game master) may see; `zones` (side -> set-up zone) on maps of the
    set-up. A `size` of 0 is chosen from the map's width."""
    columns = columns or int(view.get("columns", 32))
    rows = rows or int(view.get("rows", 24))
    return _scene(view, events, title, subtitle, size or map_size(columns), columns, rows,
                  zones or {}, {}, viewer)


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
