"""The Ram Speed map as a scene (pbem.rules.scene): the hex grid, galleys as chains of hexes
with an arrow at the bow, this phase's trails, ram and capture rings, grapples, wrecks and a
legend. Built from a side's view and the events that side may see, and nothing else: a
galley whose records are hidden shows what the viewer may know (position, type, side).

Coordinates are hex units (a hex's centre-to-corner is 1); the transform scales them to
`size` pixels and leaves room above for the title.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from pbem.rules.ramspeed import hexes
from pbem.rules.scene import (
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
)

SQRT3 = math.sqrt(3)
TOP = 44  # pixels above the grid, for the title
LEGEND_STEP = 160  # pixels for each legend entry
MARK, MARK_EDGE = "#f6e05e", "#744210"
INK, DARK, WRECK = "#1a202c", "#2d3748", "#718096"
PALETTE = {"blue": "#2b6cb0", "red": "#c53030", "convoy": "#b7791f", "raiders": "#276749"}
SPARE = ("#6b46c1", "#2c7a7b", "#dd6b20", "#4a5568")
SEA, GRID, LABEL = "#e6f0f7", "#9fb8cc", "#56728a"
FACING_DEGREES = {"E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240, "NE": 300}


def side_colour(side: str, sides: list[str]) -> str:
    if side in PALETTE:
        return PALETTE[side]
    return SPARE[sides.index(side) % len(SPARE)] if side in sides else SPARE[0]


def centre(col0: int, row0: int) -> Point:
    """The centre of the hex at 0-based offset column and row, in hex units."""
    return SQRT3 * (col0 + 0.5 * (row0 & 1)) + SQRT3 / 2, 1.5 * row0 + 1


def corners(at: Point, radius: float = 1.0) -> tuple[Point, ...]:
    x, y = at
    return tuple((x + radius * math.cos(math.radians(60 * k - 30)),
                  y + radius * math.sin(math.radians(60 * k - 30))) for k in range(6))


def hex_at(label: str) -> Point:
    return centre(*hexes.to_offset(hexes.parse_label(label)))


def transform(size: float) -> Transform:
    return Transform(scale=size, offset=(4.0, float(TOP)))


@lru_cache(maxsize=8)
def grid(columns: int, rows: int, size: float) -> Group:
    """The sea and its labelled hexes: the same for every map of this size, so kept. Labels
    are never below 7 px, readable on the small plan maps too."""
    cells, labels = [], []
    for row0 in range(rows):
        for col0 in range(columns):
            at = centre(col0, row0)
            cells.append(Polygon(corners(at)))
            labels.append(Text((at[0], at[1] + 0.55), f"{col0 + 1:02d}{row0 + 1:02d}"))
    return Group((Group(tuple(cells), Style(fill=SEA, stroke=GRID, width=1)),
                  Group(tuple(labels), Style(fill=LABEL, font_size=round(max(size * 0.42, 7), 1),
                                             anchor="middle"))),
                 cache_key=f"ramspeed-grid-{columns}x{rows}-{size}")


def _arrow(at: Point, facing: str) -> tuple[Point, ...]:
    x, y = at
    angle = math.radians(FACING_DEGREES[facing])
    return ((x + 0.8 * math.cos(angle), y + 0.8 * math.sin(angle)),
            (x + 0.35 * math.cos(angle + 2.3), y + 0.35 * math.sin(angle + 2.3)),
            (x + 0.35 * math.cos(angle - 2.3), y + 0.35 * math.sin(angle - 2.3)))


def _galleys(galleys: dict[str, Any], sides: list[str], size: float,
             ) -> tuple[list[Primitive], list[Primitive], list[Primitive]]:
    """Hull shapes, their labels, and wrecks."""
    shapes: list[Primitive] = []
    labels: list[Primitive] = []
    wrecks: list[Primitive] = []
    label_style = Style(fill="#ffffff", stroke=INK, width=2, font_size=round(max(size * 0.55, 8), 1),
                        anchor="middle", baseline="middle")
    for gid, galley in galleys.items():
        if galley["status"] == "afloat" and galley["hexes"]:
            captured = bool(galley["captured"])
            hull = Style(fill=side_colour(galley["controller"], sides),
                         stroke=side_colour(galley["side"], sides) if captured else INK,
                         width=3 if captured else 1, dash=(5, 3) if captured else None)
            centres = [hex_at(h) for h in galley["hexes"]]
            bow = hex_at(galley["bow"])
            shapes.append(Group(
                (*(Polygon(corners(c, 0.92)) for c in centres),
                 Polygon(_arrow(bow, galley["facing"]), Style(fill="#ffffff", stroke="none"))),
                hull, id=f"galley-{gid}"))
            middle = (sum(c[0] for c in centres) / len(centres),
                      sum(c[1] for c in centres) / len(centres))
            notes = " ".join(n for n in ("captured", "drifting", "adrift") if galley.get(n))
            labels.append(Text(middle, f"{gid} {galley['type'][0].upper()}", label_style,
                               tooltip=f"{gid}: {notes}" if notes else gid))
        elif galley["status"] == "sunk" and galley["bow"]:
            x, y = hex_at(galley["bow"])
            wrecks.append(Group(
                (Polyline(((x - 0.5, y - 0.5), (x + 0.5, y + 0.5))),
                 Polyline(((x - 0.5, y + 0.5), (x + 0.5, y - 0.5))),
                 Text((x, y + 1), f"{gid} (sunk)",
                      Style(fill=WRECK, stroke="none", font_size=round(max(size * 0.55, 8), 1),
                            anchor="middle"))),
                Style(stroke=WRECK, width=3), id=f"wreck-{gid}"))
    return shapes, labels, wrecks


def _happenings(galleys: dict[str, Any], sides: list[str], events: list[dict[str, Any]],
                size: float) -> tuple[list[Primitive], list[Primitive], list[Primitive]]:
    """Trails of this phase's moves, grapple lines (made now or standing) and rings."""
    trails: list[Primitive] = []
    rings: list[Primitive] = []
    grapples: list[tuple[Point, Point]] = []
    dot = 3 / size
    for item in events:
        kind = item["kind"]
        owner = galleys.get(item.get("galley", ""), {})
        colour = side_colour(owner.get("controller", ""), sides) if owner else "#4a5568"
        line: list[Point] = []
        if kind == "move" and item.get("path"):
            labels = [item["start"]] + [step.split()[0] for step in item["path"]
                                        if not step.startswith("off")]
            line = [hex_at(label) for label in labels]
        elif kind == "drift" and item.get("moved") and item.get("to") and item.get("start"):
            line = [hex_at(item["start"]), hex_at(item["to"])]
        elif kind in ("ram", "shear", "capture") and (item.get("success") or kind == "capture"):
            target = galleys.get(item["target"], {})
            if target.get("bow"):
                text = (f"TAKEN by {item['galley']}" if kind == "capture"
                        else f"{kind.upper()} {item['galley']}")
                rings.append(Circle(hex_at(target["bow"]), 0.5,
                                    Style(stroke=MARK_EDGE if kind == "capture" else MARK),
                                    tooltip=text))
        elif kind == "grapple" and item.get("success"):
            a, b = galleys.get(item["galley"], {}), galleys.get(item["target"], {})
            if a.get("bow") and b.get("bow"):
                grapples.append((hex_at(a["bow"]), hex_at(b["bow"])))
        if len(line) > 1:
            trails.append(Polyline(tuple(line), Style(dash=(4, 3)) if kind == "drift"
                                   else Style()))
            trails.append(Circle(line[-1], dot, Style(fill=colour, stroke="none")))
    for gid, galley in galleys.items():  # grapples standing now, each pair once
        for other in galley["grappled_with"]:
            partner = galleys.get(other, {})
            if gid < other and galley.get("bow") and partner.get("bow") and (
                    galley["status"] == partner.get("status") == "afloat"):
                pair = (hex_at(galley["bow"]), hex_at(partner["bow"]))
                if pair not in grapples:
                    grapples.append(pair)
    return trails, [Polyline(pair) for pair in grapples], rings


def _legend(sides: list[str], width: int, base: float) -> tuple[Primitive, ...]:
    entries = [(side_colour(side, sides), side) for side in sides]
    entries += [(DARK, "line: this phase's moves"), (MARK, "ring: ram or shear hit"),
                (INK, "dashes: grapple"), (WRECK, "cross: sunk"),
                (MARK_EDGE, "thick outline: captured")]
    per_row = max(width // LEGEND_STEP, 1)
    items: list[Primitive] = []
    for n, (colour, text) in enumerate(entries):
        x, y = 6 + LEGEND_STEP * (n % per_row), round(base + 20 * (n // per_row), 1)
        items.append(Polygon(((x, y), (x + 12, y), (x + 12, y + 12), (x, y + 12)),
                             Style(fill=colour)))
        items.append(Text((x + 16, y + 10), text))
    return (Group(tuple(items), Style(fill=INK, font_size=12), id="legend"),)


def legend_rows(sides: int, width: int) -> int:
    return -(-(sides + 5) // max(width // LEGEND_STEP, 1))


def map_scene(view: dict[str, Any], events: list[dict[str, Any]], title: str, subtitle: str,
              size: float = 18.0, columns: int | None = None, rows: int | None = None,
              ) -> Scene:
    """Everything the map shows; `view` and `events` are what one side (or an observer, or
    the game master) may see."""
    galleys: dict[str, Any] = view["galleys"]
    columns = columns or int(view.get("columns", 32))
    rows = rows or int(view.get("rows", 24))
    sides = list(dict.fromkeys(g["side"] for g in galleys.values()))
    shapes, labels, wrecks = _galleys(galleys, sides, size)
    trails, grapples, rings = _happenings(galleys, sides, events, size)
    width = max(int(size * SQRT3 * (columns + 0.5) + 8), 480)
    bottom = size * 1.5 * rows + size * 0.5 + TOP
    height = int(bottom + 12 + 20 * legend_rows(len(sides), width))
    items: tuple[Primitive, ...] = (
        grid(columns, rows, size),
        Group(tuple(shapes), id="galleys"),
        Group(tuple(trails), Style(stroke=DARK, width=2), id="trails"),
        Group(tuple(labels), id="labels"),
        Group(tuple(wrecks), id="wrecks"),
        Group(tuple(grapples), Style(stroke=INK, width=3, dash=(6, 6)), id="grapples"),
        Group(tuple(rings), Style(fill="none", width=4), id="rings"),
    )
    overlay = (Text((6, 20), title, Style(fill=INK, font_size=16)),
               Text((6, 38), subtitle, Style(fill="#4a5568", font_size=12)),
               *_legend(sides, width, bottom + 8))
    return Scene(width=width, height=height, title=f"{title}, {subtitle}", items=items,
                 transform=transform(size), overlay=overlay)
