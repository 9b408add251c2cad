"""The Greeks vs Romans map as a scene (pbem.rules.scene), drawn with the open-table map kit
(`pbem.rules.table.mapkit` for the table, the ships and the marks; `pbem.rules.table.maplayout`
for labels, the legend and the scene): what is this game's own is here. Each ship is its
4" × 1" rectangle with a label of its id and crew (sailors·marines·captain), the side told by
colour and by pattern (Greeks plain blue, Romans striped orange), sinking ships crossed and
prizes outlined dashed (§8); the viewer's own archery and catapult range rings (§7, §9), this
half's paths, strike points by kind (§6.1: a star for a ram, a diamond for a rudder strike,
a triangle for an oar clash), blocks (§5.4), archery and catapult shots hit or missed, and a
legend drawn with the very styles the map uses. The plan map answers a player's orders with
each ship's plotted path, where it ends, and where it strikes or is blocked (rulings §5.8).

Coordinates are the table's inches (x east, y north from the south-west corner, rulings §1).
Everything is read from a view and the events the same viewer may see; a field that is
missing only leaves its mark undrawn. The kit's styles and sizes this map draws with are
named on it too (imported "as" themselves), so that a reader of this map finds them here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from pbem.rules.scene import Box, Group, Point, Polygon, Polyline, Primitive, Scene, Style, Text, haloed
from pbem.rules.table import Pose, Vec, place, rectangle
from pbem.rules.table.mapkit import BLOCKED as BLOCKED
from pbem.rules.table.mapkit import BOW as BOW
from pbem.rules.table.mapkit import EDGE as EDGE
from pbem.rules.table.mapkit import GRID_LABEL as GRID_LABEL
from pbem.rules.table.mapkit import (
    INK,
    PLAN_STRIKE,
    PLAN_TRAIL,
    TRAIL,
    WHITE,
    Corners,
    blocked_mark,
    burst,
    default_size,
    diamond,
    grown,
    look_of,
    nearest_points,
    plan_end,
    range_ring,
    ship_frame,
    ship_shape,
    shot_arrow,
    trail,
    triangle,
)
from pbem.rules.table.mapkit import PLAN_END as PLAN_END
from pbem.rules.table.mapkit import SINKING as SINKING
from pbem.rules.table.mapkit import SPARE as SPARE
from pbem.rules.table.mapkit import STRIPE as STRIPE
from pbem.rules.table.mapkit import TABLE as TABLE
from pbem.rules.table.mapkit import TITLE as TITLE
from pbem.rules.table.maplayout import CREW, LEADER, NAME, SAMPLE, Drawing, Label, table_scene

ARCHERY_RANGE, CATAPULT_RANGE = 12.0, 18.0  # inches, footprint to footprint (§7, §9)
LENGTH, BEAM = 4.0, 1.0  # the default footprint (§2), when a ship comes without corners

# Colour-blind-safe colours (Paul Tol's and Okabe-Ito's sets), at least 3:1 against the table.
ARCHERY, CATAPULT = "#882255", "#117733"
# side -> (fill, pattern); the pattern tells the sides apart without colour
SIDE_LOOK = {"greeks": ("#004488", "plain"), "romans": ("#d55e00", "stripes")}

# Styles of this game's strikes, shots and ranges: the map and its legend both draw with them.
STRIKE = {"ram": Style(fill="none", stroke=INK, width=2.5, dash=()),
          "oar": Style(fill="none", stroke=INK, width=2.5, dash=()),
          "rudder": Style(fill="none", stroke=INK, width=2.5, dash=())}
SHOT = {("archery", True): Style(fill=ARCHERY, stroke=ARCHERY, width=2, dash=()),
        ("archery", False): Style(fill=WHITE, stroke=ARCHERY, width=2, dash=(5, 3)),
        ("catapult", True): Style(fill=CATAPULT, stroke=CATAPULT, width=3.5, dash=()),
        ("catapult", False): Style(fill=WHITE, stroke=CATAPULT, width=3.5, dash=(8, 4))}
RING = {"archery": Style(fill="none", stroke=ARCHERY, width=1.5, dash=(8, 4)),
        "catapult": Style(fill="none", stroke=CATAPULT, width=1.5, dash=(2, 4))}


def side_look(side: str, sides: Sequence[str]) -> tuple[str, str]:
    """The fill and pattern of a side's ships."""
    return look_of(side, sides, SIDE_LOOK)


def hull_style(side: str, controller: str, sides: Sequence[str]) -> Style:
    """Filled in the colour of the side controlling it; a prize (§8) has a thick dashed
    outline in the colour of the side it was taken from."""
    fill = side_look(controller, sides)[0]
    if controller != side:
        return Style(fill=fill, stroke=side_look(side, sides)[0], width=3, dash=(5, 3))
    return Style(fill=fill, stroke=INK, width=1.5, dash=())



def strike_mark(kind: str, at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A strike at its impact point (§6.1): star for a ram, diamond for a rudder strike,
    triangle for an oar clash."""
    shape = burst(at) if kind == "ram" else diamond(at) if kind == "rudder" else triangle(at)
    return haloed(Polygon(shape, STRIKE[kind]), ident, tooltip)


def weapon_arrow(kind: str, start: Point, end: Point, hit: bool, ident: str = "",
                 tooltip: str = "") -> Group:
    """An archery or catapult shot, shooter to target: solid with a filled head when it hit,
    dashed with an open head when all missed; an arrow's head is a triangle, a catapult's a
    round stone."""
    return shot_arrow(SHOT[(kind, hit)], start, end, kind == "catapult", ident, tooltip,
                      hit=hit)


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


def _ships(ships: dict[str, Any], viewer: str | None, table: Box, drawing: Drawing) -> None:
    """Each ship on the table, its label, and the range rings of the viewer's own ships
    that have an enemy within that reach now (cut to the table: nothing to shoot at beyond
    it); a ring round a ship with nothing to shoot at only hides the table."""
    enemies = [c for c in (ship_corners(s) for s in ships.values()
                           if on_table(s) and viewer is not None
                           and str(s.get("controller") or s.get("side", "")) != viewer)
               if c is not None]
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
        drawing.ship(ship_shape(corners, hull, pattern, sinking, f"{key}--{sid}",
                                _tooltip(sid, ship)), controller, corners)
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
            if armed and any(math.dist(*nearest_points(corners, enemy)) <= reach
                             for enemy in enemies):
                drawing.rings.append(range_ring(corners, reach, table, RING[kind],
                                                f"ring-{kind}--{sid}",
                                                f"{sid}: {kind} range {reach:g}\""))
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
    drawing.marks.append(weapon_arrow(
        kind, (start[0] + nx, start[1] + ny), (end[0] + nx, end[1] + ny), hit,
        f"{kind}-{'hit' if hit else 'miss'}--{n}",
        f"{pair[0]} {kind} at {pair[1]}: {hits} hit{'s' if hits != 1 else ''}"))
    drawing.shown[f"{kind}-{'hit' if hit else 'miss'}"] = None


# -- the legend and the scene ------------------------------------------------------------------

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
        return (weapon_arrow(kind, (-2.2, 0.0), (2.2, 0.0), result == "hit"),
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
    return table_scene(drawing, title, subtitle, size, width, height, "greeksromans", _swatch,
                       LEGEND_ORDER)


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
    drawing = Drawing(_sides(ships), viewer=viewer)
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
    drawing = Drawing(_sides(ships), viewer=side)
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
