"""The Wooden Walls map: its marks, their styles, and the legend drawn with them.

Lengths are SL (the table's unit); every mark takes `k`, a factor the legend's samples are
drawn at (the legend draws 10 px a unit, a ship being 1-2 SL long). Owns: a ship's octagon with
its side's pattern and a bow mark (a triangle out through the bow edge, the one triangle on the
map); holes as dots along the keel (original filled, added open, §10.3, §10.7); fires as a ring
at the burning area's reference point (§13.1) and smoke plumes (§13.3); oar sections lost (a red
bar along the beam) and oars shipped (a dashed bar, §7.6, §8.3); links (grapple, corvus, ram;
§10.5, §12.1, §12.5); land and currents (§1, §7.9); paths and drifts; collisions (a diamond),
rams (a burst), shears and rakes (§8-§10); shots, a line from the shooting area's reference
point ending in a burst where it hit and a cross where it missed (issue 24: never the bow mark's
triangle, §11); blocks; the plan map's reveal ring and shooting ranges (§16, §11.1); and the
legend: its order, its words and each sample, drawn with the very functions the map uses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pbem.rules.scene import (
    Circle,
    Group,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Style,
    Text,
    arrow,
    haloed,
    star,
)
from pbem.rules.table import mapshots
from pbem.rules.table.mapkit import INK, PLAN_TRAIL, TRAIL, WHITE, Corners, look_of, trail
from pbem.rules.table.maplayout import LEADER, Drawing
from pbem.rules.woodenwalls.maplabels import LABEL_WORDS, STATE, local, octagon_frame

# Colour-blind-safe colours (Paul Tol's sets), each at least 3:1 against the table.
RAMMED, FIRE, SHOT_INK, LINK_INK, CORVUS_INK = "#cc3311", "#bb5500", "#882255", "#332288", "#805500"
REVEAL_INK, RANGE_INK, CURRENT_INK = "#117733", "#882255", "#225588"
HULL_LINE = Style(stroke=INK, width=1.5, dash=())
BOW = Style(fill=WHITE, stroke="none")
STRIPE = Style(stroke=WHITE, width=1.5, dash=())
HULK = Style(opacity=0.4)
HOLE = Style(fill=INK, stroke=WHITE, width=1, dash=())
ADDED = Style(fill=WHITE, stroke=INK, width=1.5, dash=())
FIRE_RING = Style(fill=FIRE, stroke=WHITE, width=1.5, dash=())
SMOKE = Style(fill="#6c6c6c", stroke="none", opacity=0.35)
OARS_LOST = Style(stroke=RAMMED, width=4, dash=())
OARS_SHIPPED = Style(stroke=INK, width=3, dash=(3, 2))
LAND = Style(fill="#cdbf94", stroke="#6b5a2e", width=1.5, dash=())
CURRENT = Style(fill=CURRENT_INK, stroke=CURRENT_INK, width=1.5, dash=(6, 3), opacity=0.8)
CURRENT_ARROW = Style(fill=CURRENT_INK, stroke=CURRENT_INK, width=2, dash=())
LINKS = {
    "grapple": Style(fill=LINK_INK, stroke=LINK_INK, width=2.5, dash=()),
    "corvus": Style(fill=CORVUS_INK, stroke=CORVUS_INK, width=4, dash=()),
    "ram": Style(fill=RAMMED, stroke=RAMMED, width=3, dash=(5, 2)),
}
DRIFT = Style(stroke=INK, width=1.5, dash=(2, 3))
COLLISION = Style(fill=WHITE, stroke=INK, width=2, dash=())
RAM = Style(fill=RAMMED, stroke=INK, width=1.5, dash=())
SHEAR = Style(fill=INK, stroke=INK, width=1.5, dash=())
SHOT = {
    True: Style(fill=SHOT_INK, stroke=SHOT_INK, width=2, dash=()),
    False: Style(fill=WHITE, stroke=SHOT_INK, width=2, dash=(5, 3)),
}
BLOCKED = Style(stroke=INK, width=3, dash=())
REVEAL = Style(fill="none", stroke=REVEAL_INK, width=1.5, dash=(8, 4))
RANGES = {0.5: (1.0, 2.0), 1.0: (), 2.0: (6.0, 3.0), 3.0: (2.0, 3.0)}
FAN = Style(fill="#117733", stroke="#117733", width=1, dash=(3, 3), opacity=0.12)  # turn limit
BAND = Style(fill="#225588", stroke="#225588", width=1.5, dash=(), opacity=0.25)  # advance range
PLAN_END = Style(fill="none", stroke=INK, width=2, dash=(4, 3))
SAMPLE: Corners = (
    (2.0, 0.2),
    (1.4, 0.5),
    (-1.6, 0.5),
    (-2.0, 0.3),
    (-2.0, -0.3),
    (-1.6, -0.5),
    (1.4, -0.5),
    (2.0, -0.2),
)  # an octagon heading east, 4 x 1 units
K = 4.0  # the legend's marks, this many times the map's


def ship_shape(corners: Corners, hull: Style, pattern: str, ident: str = "", tooltip: str = "") -> Group:
    """A ship's octagon, its side's pattern in white, and its bow mark."""
    _, _, _, length, beam = octagon_frame(corners)
    parts: list[Primitive] = [Polygon(corners, hull)]
    lines = []
    if pattern in ("stripes", "checks"):
        lines += [
            Polyline((local(corners, u, -0.35 * beam), local(corners, u, 0.35 * beam)))
            for u in (-0.3 * length, -0.15 * length, 0.0)
        ]
    if pattern in ("keel", "checks"):
        lines.append(Polyline((local(corners, -0.42 * length, 0), local(corners, 0.15 * length, 0))))
    if lines:
        parts.append(Group(tuple(lines), STRIPE))
    parts.append(Polygon(bow_mark(corners), BOW))
    return Group(tuple(parts), id=ident, tooltip=tooltip)


def bow_mark(corners: Corners) -> Corners:
    """A triangle pointing out through the middle of the bow edge."""
    _, _, _, length, beam = octagon_frame(corners)
    tip, back = length / 2 - 0.02 * length, length / 2 - min(0.22, length / 4)
    return (local(corners, tip, 0), local(corners, back, 0.25 * beam), local(corners, back, -0.25 * beam))


def side_look(side: str, sides: Sequence[str]) -> tuple[Style, str]:
    colour, pattern = look_of(side, sides, {})
    return Style(fill=colour).under(HULL_LINE), pattern


def hole_marks(corners: Corners, holes: Sequence[str], added: Sequence[str], k: float = 1.0) -> Group:
    """One dot a hole along the keel from amidships aft, original filled, added open."""
    _, _, _, length, _ = octagon_frame(corners)
    radius = {"L": 0.045, "M": 0.035, "S": 0.025}
    items: list[Primitive] = []
    for n, (size, style) in enumerate([(h, HOLE) for h in holes] + [(h, ADDED) for h in added]):
        u = -0.05 * length - n * 0.09 * k
        items.append(Circle(local(corners, u, 0.0), radius.get(size, 0.03) * k, style))
    return Group(tuple(items))


def fire_mark(at: Point, level: int, k: float = 1.0, ident: str = "", tooltip: str = "") -> Group:
    """A fire at an area's reference point: a ring, larger with the level (§13.1)."""
    return Group((Circle(at, (0.05 + 0.02 * level) * k, FIRE_RING),), id=ident, tooltip=tooltip)


def oar_bar(start: Point, end: Point, shipped: bool, ident: str = "", tooltip: str = "") -> Group:
    """An oar section lost (a red bar) or a side's oars shipped (a dashed bar), along the beam."""
    return haloed(Polyline((start, end), OARS_SHIPPED if shipped else OARS_LOST), ident, tooltip)


def link_mark(
    kind: str, ends: tuple[Point, Point], k: float = 1.0, ident: str = "", tooltip: str = ""
) -> Group:
    """A link (§12.1): a line between the two ships with a hook at each end."""
    style = LINKS.get(kind, LINKS["grapple"])
    hooks = tuple(haloed(Circle(end, 0.05 * k, style)) for end in ends)
    return Group((haloed(Polyline(ends, style)), *hooks), id=ident, tooltip=tooltip)


def current_mark(
    polygon: Sequence[Point], heading: float, strength: str, ident: str = "", tooltip: str = ""
) -> Group:
    """A current's outline with an arrow across its middle along its heading (two for strong)."""
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    dx, dy = math.sin(math.radians(heading)), math.cos(math.radians(heading))
    arrows = [
        arrow(
            (cx - 0.5 * dx + s * dy, cy - 0.5 * dy - s * dx),
            (cx + 0.5 * dx + s * dy, cy + 0.5 * dy - s * dx),
            CURRENT_ARROW,
            0.2,
            0.12,
        )
        for s in ((-0.15, 0.15) if strength == "strong" else (0.0,))
    ]
    outline = Polygon(tuple(polygon), Style(fill="none", opacity=0.8).under(CURRENT))
    return Group((outline, *arrows), id=ident, tooltip=tooltip)


def turn_arc(start: Point, pivot: Point, made: float, steps: int = 8) -> list[Point]:
    """The centre's arc about the pivot for a turn of `made` degrees (G17; the kit's)."""
    return mapshots.turn_arc(start, pivot, made, steps)


def diamond(at: Point, radius: float) -> Corners:
    x, y = at
    return ((x, y + radius), (x + radius, y), (x, y - radius), (x - radius, y))


def cross(at: Point, radius: float, style: Style) -> Group:
    """An X of two arms over a white halo (the kit's)."""
    return mapshots.haloed_cross(at, radius, style)


def contact_mark(kind: str, at: Point, k: float = 1.0, ident: str = "", tooltip: str = "") -> Group:
    """A collision (a white diamond), a ram (a red burst), a shear or rake (a dark diamond)."""
    if kind == "ram":
        return haloed(Polygon(star(at, 0.2 * k, 0.1 * k), RAM), ident, tooltip)
    return haloed(
        Polygon(diamond(at, 0.13 * k), SHEAR if kind in ("shear", "rake") else COLLISION), ident, tooltip
    )


def shot_mark(
    hit: bool, start: Point, end: Point, k: float = 1.0, ident: str = "", tooltip: str = ""
) -> Group:
    """A shot over a white line, solid ending in a burst where it hit, dashed ending in a cross
    where it missed: never a triangle (issue 24; the kit's mark)."""
    return mapshots.hit_miss_mark(hit, start, end, SHOT[hit], SHOT_INK, k, ident, tooltip)


def blocked_mark(at: Point, k: float = 1.0, ident: str = "", tooltip: str = "") -> Group:
    """A block (§7.5): a short dark bar across where the ship stopped, in a ring."""
    ring = Circle(at, 0.1 * k, Style(fill=WHITE, stroke=INK, width=2, dash=()))
    bar = Polyline(((at[0] - 0.07 * k, at[1]), (at[0] + 0.07 * k, at[1])), BLOCKED)
    return Group((haloed(ring), bar), id=ident, tooltip=tooltip)


def range_style(reach: float) -> Style:
    return Style(fill="none", stroke=RANGE_INK, width=1.5, dash=RANGES.get(reach, ()))


LEGEND_ORDER = (
    "hulk",
    "fled",
    "wind",
    "label",
    "label-speed",
    "label-state",
    "land",
    "current",
    "grapple",
    "corvus",
    "ram-link",
    "holes",
    "fire",
    "smoke",
    "oars-lost",
    "oars-shipped",
    "move",
    "drift",
    "collision",
    "ram",
    "shear",
    "shot-hit",
    "shot-miss",
    "blocked",
    "reveal",
    "range-0.5",
    "range-1",
    "range-2",
    "range-3",
    "plan",
    "plan-end",
    "turn-limit",
    "advance",
)
MARK_WORDS = {
    "hulk": "faded: a hulk",
    "fled": "fled off the table here",
    "land": "land",
    "current": "current (its heading; two arrows: strong)",
    "grapple": "grappled",
    "corvus": "corvus down (from the user's bow)",
    "ram-link": "ram lodged (rammer's bow)",
    "holes": "holes: original dots, added rings",
    "fire": "fire at an area (larger: higher)",
    "smoke": "smoke plume",
    "oars-lost": "oar section lost",
    "oars-shipped": "oars shipped",
    "move": "this phase's path (turns as arcs)",
    "drift": "drift",
    "collision": "collision",
    "ram": "ram",
    "shear": "shear or rake",
    "shot-hit": "shot: hit",
    "shot-miss": "shot: missed",
    "blocked": "blocked",
    "reveal": "reveal range about the ship",
    "plan": "planned path",
    "plan-end": "where the plan ends",
    "turn-limit": "how far it may turn in its next segment",
    "advance": "how far its next segment may advance",
}


def _sample(key: str, drawing: Drawing) -> Primitive:
    """A legend entry's sample, in legend units round (0, 0)."""
    left, right = (-2.0, 0.0), (2.0, 0.0)
    if key in ("hulk", "plan-end"):
        look = drawing.shown.get(key)
        hull = look[0] if look else Style(fill=INK).under(HULL_LINE)
        shape = ship_shape(SAMPLE, hull, look[1] if look else "plain")
        return (
            Group((shape,), HULK)
            if key == "hulk"
            else Group((Polygon(SAMPLE, Style(fill=hull.fill, opacity=0.3)), Polygon(SAMPLE, PLAN_END)))
        )
    if key == "fled":
        return arrow(left, right, Style(fill=INK, stroke=INK, width=3, dash=()), 0.6, 0.35)
    if key == "land":
        return Polygon(((-1.5, -0.6), (1.5, -0.6), (1.8, 0.6), (-1.2, 0.6)), LAND)
    if key == "current":
        return current_mark(((-2.0, -0.7), (2.0, -0.7), (2.0, 0.7), (-2.0, 0.7)), 90.0, "weak")
    if key in ("grapple", "corvus", "ram-link"):
        return link_mark("ram" if key == "ram-link" else key, (left, right), K)
    if key == "holes":
        return hole_marks(SAMPLE, ("L", "M"), ("S",), K)
    if key == "fire":
        return fire_mark((0.0, 0.0), 2, K)
    if key == "smoke":
        return Polygon(((-2.0, -0.5), (2.0, -0.5), (2.0, 0.5), (-2.0, 0.5)), SMOKE)
    if key.startswith("oars-"):
        return oar_bar(left, right, key == "oars-shipped")
    if key in ("move", "plan"):
        return trail(((-2.0, -0.4), (0.0, 0.4), (1.5, 0.4)), TRAIL if key == "move" else PLAN_TRAIL, 0.35)
    if key == "drift":
        return Polyline((left, right), DRIFT)
    if key in ("collision", "ram", "shear"):
        return contact_mark(key, (0.0, 0.0), K)
    if key.startswith("shot-"):
        return shot_mark(key == "shot-hit", (-2.2, 0.0), (2.2, 0.0), K)
    if key == "blocked":
        return blocked_mark((0.0, 0.0), K)
    if key == "reveal":
        return Polyline(((-2.0, -0.5), (-1.0, 0.5), (1.0, 0.5), (2.0, -0.5)), REVEAL)
    if key.startswith("range-"):
        return Polyline(((-2.0, -0.5), (-1.0, 0.5), (1.0, 0.5), (2.0, -0.5)), range_style(float(key[6:])))
    if key == "turn-limit":
        return Polygon(((-2.0, 0.0), (2.0, -0.8), (2.0, 0.8)), FAN)
    if key == "advance":
        return Polygon(((-0.8, -0.7), (1.6, -0.9), (1.6, 0.9), (-0.8, 0.7)), BAND)
    raise ValueError(f"no legend entry {key!r}")


def swatch(key: str, drawing: Drawing) -> tuple[Primitive, str]:
    """The sample of one legend entry, in legend units around (0, 0), and its words."""
    if key.startswith("side-"):
        side = key[5:]
        hull, pattern = side_look(side, drawing.sides)
        return ship_shape(SAMPLE, hull, pattern), side if pattern == "plain" else f"{side} ({pattern})"
    if key in LABEL_WORDS:
        text, words = LABEL_WORDS[key]
        if key == "label" and "leader" in drawing.shown:
            return (
                Group((Polyline(((-2.6, -0.6), (-1.5, 0.0)), LEADER), Text((0.0, 0.0), text, STATE))),
                words + "; a line ties a label set apart to its ship",
            )
        return Text((0.0, 0.0), text, STATE), words
    if key.startswith("range-"):
        return _sample(key, drawing), f"shooting range {key[6:]} SL about an area's deck section"
    return _sample(key, drawing), MARK_WORDS[key]
