"""The Ram Speed map: a scene (pure geometry) built from a side's view and the events it may
see, drawn as SVG through a Jinja template and as PNG with Pillow from the same scene.

The view is all it uses: a galley whose records are hidden is drawn with what the viewer
may know (position, type, side), nothing more.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from io import BytesIO
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from pbem.rules.ramspeed import hexes

SQRT3 = math.sqrt(3)
LEGEND_STEP = 160  # pixels for each legend entry
MARK, MARK_EDGE = "#f6e05e", "#744210"
PALETTE = {"blue": "#2b6cb0", "red": "#c53030", "convoy": "#b7791f", "raiders": "#276749"}
SPARE = ("#6b46c1", "#2c7a7b", "#dd6b20", "#4a5568")
SEA, GRID, LABEL = "#e6f0f7", "#9fb8cc", "#56728a"


def side_colour(side: str, sides: list[str]) -> str:
    if side in PALETTE:
        return PALETTE[side]
    return SPARE[sides.index(side) % len(SPARE)] if side in sides else SPARE[0]


@dataclass(frozen=True)
class GalleyShape:
    id: str
    side: str
    colour: str
    outline: str
    cells: tuple[str, ...]  # polygon points, one per hex
    bow: tuple[float, float]
    middle: tuple[float, float]  # where the label goes
    arrow: str  # polygon points of the bow's arrowhead
    label: str
    note: str  # captured, drifting, ...


@dataclass(frozen=True)
class Scene:
    title: str
    subtitle: str
    columns: int
    rows: int
    size: float
    width: int
    height: int
    top: int
    grid: tuple[tuple[str, str, float, float], ...]  # points, label, x, y
    galleys: tuple[GalleyShape, ...]
    wrecks: tuple[tuple[str, float, float], ...]
    trails: tuple[tuple[str, str, bool], ...]  # points, colour, drifted
    marks: tuple[tuple[str, float, float, str], ...]  # kind, x, y, text
    grapples: tuple[tuple[float, float, float, float], ...]
    legend: tuple[tuple[str, str, str], ...]  # kind, colour, text
    extra: dict[str, Any] = field(default_factory=dict)


def _centre(col0: int, row0: int, size: float, top: int) -> tuple[float, float]:
    x = size * SQRT3 * (col0 + 0.5 * (row0 & 1)) + size * SQRT3 / 2 + 4
    y = size * 1.5 * row0 + size + top
    return round(x, 1), round(y, 1)


def _corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    return [(round(x + size * math.cos(math.radians(60 * k - 30)), 1),
             round(y + size * math.sin(math.radians(60 * k - 30)), 1)) for k in range(6)]


def _points(pairs: list[tuple[float, float]]) -> str:
    return " ".join(f"{x},{y}" for x, y in pairs)


def _at(label: str, size: float, top: int) -> tuple[float, float]:
    col0, row0 = hexes.to_offset(hexes.parse_label(label))
    return _centre(col0, row0, size, top)


def _arrow(x: float, y: float, facing: str, size: float) -> str:
    angle = math.radians({"E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240, "NE": 300}[facing])
    tip = (x + size * 0.8 * math.cos(angle), y + size * 0.8 * math.sin(angle))
    left = (x + size * 0.35 * math.cos(angle + 2.3), y + size * 0.35 * math.sin(angle + 2.3))
    right = (x + size * 0.35 * math.cos(angle - 2.3), y + size * 0.35 * math.sin(angle - 2.3))
    return _points([(round(p[0], 1), round(p[1], 1)) for p in (tip, left, right)])


def build_scene(view: dict[str, Any], events: list[dict[str, Any]], title: str, subtitle: str,
                size: float = 18.0, columns: int | None = None, rows: int | None = None,
                ) -> Scene:
    """Everything the map shows, in pixels; `view` and `events` are a side's view."""
    galleys: dict[str, Any] = view["galleys"]
    columns = columns or int(view.get("columns", 32))
    rows = rows or int(view.get("rows", 24))
    top = 44
    sides = list(dict.fromkeys(g["side"] for g in galleys.values()))
    grid = []
    for row0 in range(rows):
        for col0 in range(columns):
            x, y = _centre(col0, row0, size, top)
            grid.append((_points(_corners(x, y, size)), f"{col0 + 1:02d}{row0 + 1:02d}", x, y))
    shapes, wrecks = [], []
    for gid, galley in galleys.items():
        colour = side_colour(galley["controller"], sides)
        if galley["status"] == "afloat" and galley["hexes"]:
            cells = tuple(_points(_corners(*_at(h, size, top), size * 0.92))
                          for h in galley["hexes"])
            bx, by = _at(galley["bow"], size, top)
            centres = [_at(h, size, top) for h in galley["hexes"]]
            middle = (round(sum(c[0] for c in centres) / len(centres), 1),
                      round(sum(c[1] for c in centres) / len(centres), 1))
            notes = [n for n in ("captured", "drifting", "adrift") if galley.get(n)]
            shapes.append(GalleyShape(
                id=gid, side=galley["side"], colour=colour,
                outline=side_colour(galley["side"], sides) if galley["captured"] else "#1a202c",
                cells=cells, bow=(bx, by), middle=middle,
                arrow=_arrow(bx, by, galley["facing"], size),
                label=f"{gid} {galley['type'][0].upper()}", note=" ".join(notes),
            ))
        elif galley["status"] == "sunk" and galley["bow"]:
            wrecks.append((gid, *_at(galley["bow"], size, top)))
    trails = []
    marks = []
    grapples = []
    for item in events:
        kind = item["kind"]
        owner = galleys.get(item.get("galley", ""), {})
        colour = side_colour(owner.get("controller", ""), sides) if owner else "#4a5568"
        if kind == "move" and item.get("path"):
            labels = [item["start"]] + [step.split()[0] for step in item["path"]
                                        if not step.startswith("off")]
            trails.append((_points([_at(label, size, top) for label in labels]), colour, False))
        elif kind == "drift" and item.get("moved") and item.get("to") and item.get("start"):
            trails.append((_points([_at(item["start"], size, top), _at(item["to"], size, top)]),
                           colour, True))
        elif kind in ("ram", "shear") and item.get("success"):
            target = galleys.get(item["target"], {})
            if target.get("bow"):
                x, y = _at(target["bow"], size, top)
                marks.append((kind, x, y, f"{kind.upper()} {item['galley']}"))
        elif kind == "grapple" and item.get("success"):
            a, b = galleys.get(item["galley"], {}), galleys.get(item["target"], {})
            if a.get("bow") and b.get("bow"):
                grapples.append((*_at(a["bow"], size, top), *_at(b["bow"], size, top)))
        elif kind == "capture":
            target = galleys.get(item["target"], {})
            if target.get("bow"):
                x, y = _at(target["bow"], size, top)
                marks.append(("capture", x, y, f"TAKEN by {item['galley']}"))
    for gid, galley in galleys.items():  # grapples standing now, each pair once
        for other in galley["grappled_with"]:
            partner = galleys.get(other, {})
            if gid < other and galley.get("bow") and partner.get("bow") and (
                    galley["status"] == partner.get("status") == "afloat"):
                line = (*_at(galley["bow"], size, top), *_at(partner["bow"], size, top))
                if line not in grapples:
                    grapples.append(line)
    legend = [("side", side_colour(side, sides), side) for side in sides]
    legend += [("trail", "#2d3748", "line: this phase's moves"),
               ("ram", MARK, "ring: ram or shear hit"), ("grapple", "#1a202c", "dashes: grapple"),
               ("wreck", "#718096", "cross: sunk"),
               ("captured", MARK_EDGE, "thick outline: captured")]
    width = max(int(size * SQRT3 * (columns + 0.5) + 8), 480)
    per_row = max(width // LEGEND_STEP, 1)
    height = int(size * 1.5 * rows + size * 0.5 + top + 12 + 20 * -(-len(legend) // per_row))
    return Scene(title, subtitle, columns, rows, size, width, height, top, tuple(grid),
                 tuple(shapes), tuple(wrecks), tuple(trails), tuple(marks), tuple(grapples),
                 tuple(legend))


def legend_layout(scene: Scene) -> list[tuple[float, float, str, str]]:
    """Legend entries in rows that fit the map's width: x, y, colour, text."""
    per_row = max(scene.width // LEGEND_STEP, 1)
    base = scene.size * 1.5 * scene.rows + scene.size * 0.5 + scene.top + 8
    return [(6 + LEGEND_STEP * (n % per_row), round(base + 20 * (n // per_row), 1), colour, text)
            for n, (_kind, colour, text) in enumerate(scene.legend)]


# --- PNG -----------------------------------------------------------------------------


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Pillow carries its own scalable font: labels render on a machine without fonts
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=8)
def _grid_png(columns: int, rows: int, size: float, width: int, height: int,
              top: int) -> Image.Image:
    """The sea and the labelled grid never change for a map size: drawn once."""
    image = Image.new("RGB", (width, height), _rgb("#ffffff"))
    draw = ImageDraw.Draw(image)
    font = _font(max(int(size * 0.42), 7))
    for row0 in range(rows):
        for col0 in range(columns):
            x, y = _centre(col0, row0, size, top)
            draw.polygon(_corners(x, y, size), fill=_rgb(SEA), outline=_rgb(GRID))
            draw.text((x, y + size * 0.55), f"{col0 + 1:02d}{row0 + 1:02d}", fill=_rgb(LABEL),
                      font=font, anchor="ms")
    return image


def _pairs(points: str) -> list[tuple[float, float]]:
    return [(float(a), float(b)) for a, b in (p.split(",") for p in points.split())]


def _dashed(draw: ImageDraw.ImageDraw, start: tuple[float, float],
            end: tuple[float, float]) -> None:
    length = math.dist(start, end)
    pieces = max(int(length // 6), 1)
    for n in range(0, pieces, 2):
        a, b = n / pieces, min((n + 1) / pieces, 1.0)
        draw.line([(start[0] + (end[0] - start[0]) * a, start[1] + (end[1] - start[1]) * a),
                   (start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b)],
                  fill=_rgb("#1a202c"), width=3)


def draw_png(scene: Scene) -> bytes:
    image = _grid_png(scene.columns, scene.rows, scene.size, scene.width, scene.height,
                      scene.top).copy()
    draw = ImageDraw.Draw(image)
    big, small = _font(16), _font(max(int(scene.size * 0.55), 8))
    draw.text((6, 6), scene.title, fill=_rgb("#1a202c"), font=big)
    draw.text((6, 26), scene.subtitle, fill=_rgb("#4a5568"), font=_font(12))
    for shape in scene.galleys:
        for cell in shape.cells:
            draw.polygon(_pairs(cell), fill=_rgb(shape.colour), outline=_rgb(shape.outline),
                         width=3 if shape.note.startswith("captured") else 1)
        draw.polygon(_pairs(shape.arrow), fill=_rgb("#ffffff"))
    for points, colour, drifted in scene.trails:
        line = _pairs(points)
        if len(line) > 1:
            draw.line(line, fill=_rgb("#1a202c" if drifted else "#2d3748"), width=2)
            end = line[-1]
            draw.ellipse([end[0] - 3, end[1] - 3, end[0] + 3, end[1] + 3], fill=_rgb(colour))
    for shape in scene.galleys:
        draw.text(shape.middle, shape.label, fill=_rgb("#ffffff"), font=small, anchor="mm",
                  stroke_width=2, stroke_fill=_rgb("#1a202c"))
    for gid, x, y in scene.wrecks:
        r = scene.size * 0.5
        draw.line([(x - r, y - r), (x + r, y + r)], fill=_rgb("#718096"), width=3)
        draw.line([(x - r, y + r), (x + r, y - r)], fill=_rgb("#718096"), width=3)
        draw.text((x, y + scene.size), gid, fill=_rgb("#718096"), font=small, anchor="ms")
    for x1, y1, x2, y2 in scene.grapples:
        _dashed(draw, (x1, y1), (x2, y2))
    for kind, x, y, _text in scene.marks:
        r = scene.size * 0.5
        draw.ellipse([x - r, y - r, x + r, y + r], outline=_rgb(MARK_EDGE if kind == "capture"
                                                               else MARK), width=4)
    for index, (x, y, colour, text) in enumerate(legend_layout(scene)):
        draw.rectangle([x, y, x + 12, y + 12], fill=_rgb(colour))
        draw.text((x + 16, y), text, fill=_rgb("#1a202c"), font=_font(12))
        del index
    out = BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=1)
    return out.getvalue()
