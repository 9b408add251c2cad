"""The ram / cruise / strategic map as a scene (pbem.rules.scene), drawn with the open-table map
kit (`pbem.rules.table.mapkit` for the table, the hulls and the marks; `maplayout` for labels,
the legend and the scene); what is this game's own is here. It is what a player plans with:

- each ship its class's rectangle (§2) with its bow, the sides told by colour and pattern,
  sinking ships crossed, struck ships faded, routers with an arrow along their rout heading
  (§16.6), grapples as links (§11.3) and embedded rammers' rams stuck in (§9.5);
- a three-line label: the id; the crew (crewmen at the oars + on deck, bowmen, marines, each
  with its class); the gear, the last move's mode and speed, fatigue, shears, countdown, rout,
  surrender;
- for the viewer's own ships their reaches, cut to the table: bow fire 2" and 4" (§14), the
  ballista bands 5", 12", 20" (§15.1), the grapple ⅛" or ⅜" (§11.1) and, for the fleet as a
  whole, sight 25" (§1 item 6);
- this round's paths, shears at their abreast points (made or avoided), rams (marked, holed or
  failed), bow and ballista shots (hit or missed), blocks and flights;
- the wind: an arrow with its downwind heading over the table, and each side's rout heading.

The plan map answers a movement line as the echo does (§6.6): the path, where the ship ends,
its shears with their abreast points, its ram contact and its block. Its places are strings,
"(x, y)" with the last "(x, y, heading)", each perhaps followed by "shear <id>", "ram <id>" or
"blocked"; `plan_places` makes them from a planned move's events.

Coordinates are the table's inches (x east, y north from the south-west corner). Everything is
read from a view (view.py) and events the same viewer may see; a missing field leaves its mark
undrawn.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pbem.rules.ramcruise.classes import dimensions
from pbem.rules.ramcruise.grappling import GEAR_REACH, GRAPPLE_REACH
from pbem.rules.ramcruise.missiles import BALLISTA_BANDS, BOW_LONG, BOW_SHORT
from pbem.rules.ramcruise.state import HOME_HEADING
from pbem.rules.ramcruise.switches import Options
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
    arrow,
    haloed,
    text_width,
)
from pbem.rules.table import Pose, Vec, place, rectangle, rout_heading
from pbem.rules.table.mapkit import (
    INK,
    PLAN_STRIKE,
    PLAN_TRAIL,
    TRAIL,
    WHITE,
    Corners,
    blocked_mark,
    burst,
    clipped,
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
)
from pbem.rules.table.maplayout import CREW, LEADER, NAME, SAMPLE, Drawing, Label, table_scene

SIGHT = Options().sight  # §1 item 6; the view carries no options, so the default's 25"

# Colour-blind-safe colours (Paul Tol's sets), each at least 3:1 against the table.
BOWFIRE, BALLISTA, GRAPPLING, SIGHTED, RAMMED = "#882255", "#117733", "#332288", "#5f6b75", "#cc3311"

# The viewer's reaches: key, inches, ring style (ballista bands from missiles, §15.1).
REACHES = {
    "bow-short": (BOW_SHORT, Style(fill="none", stroke=BOWFIRE, width=1.5, dash=())),
    "bow-long": (BOW_LONG, Style(fill="none", stroke=BOWFIRE, width=1.5, dash=(6, 3))),
    **{f"ballista-{band}": (reach, Style(fill="none", stroke=BALLISTA, width=1.5, dash=dash))
       for (reach, band, _), dash in zip(BALLISTA_BANDS, ((), (8, 4), (2, 4)), strict=True)},
    "grapple": (GRAPPLE_REACH, Style(fill="none", stroke=GRAPPLING, width=1.5, dash=())),
    "grapple-gear": (GEAR_REACH, Style(fill="none", stroke=GRAPPLING, width=1.5, dash=(3, 2))),
    "sight": (SIGHT, Style(fill="none", stroke=SIGHTED, width=1.5, dash=(12, 6))),
}
SHOT = {("bow", True): Style(fill=BOWFIRE, stroke=BOWFIRE, width=2, dash=()),
        ("bow", False): Style(fill=WHITE, stroke=BOWFIRE, width=2, dash=(5, 3)),
        ("ballista", True): Style(fill=BALLISTA, stroke=BALLISTA, width=3.5, dash=()),
        ("ballista", False): Style(fill=WHITE, stroke=BALLISTA, width=3.5, dash=(8, 4))}
SHOT_WEAPONS = ("bow", "ballista")
RAM = {"marked": Style(fill=WHITE, stroke=INK, width=2.5, dash=()),
       "hit": Style(fill=RAMMED, stroke=INK, width=2, dash=()),
       "miss": Style(fill=WHITE, stroke=INK, width=2.5, dash=(3, 2))}
SHEAR = {"shear": Style(fill=INK, stroke=INK, width=1.5, dash=()),
         "avoided": Style(fill=WHITE, stroke=INK, width=2, dash=())}
HULL_LINE = Style(stroke=INK, width=1.5, dash=())
STRUCK = Style(opacity=0.4)
LINK = Style(fill=INK, stroke=INK, width=3, dash=())
EMBEDDED = Style(stroke=RAMMED, width=5, dash=())
ROUT = Style(fill=INK, stroke=INK, width=2, dash=(5, 3))
WIND = Style(fill=INK, stroke=INK, width=3, dash=())
STATE = Style(fill=INK, stroke=WHITE, width=3, font_size=11, anchor="middle", baseline="middle")
WIND_TEXT = Style(fill=INK, font_size=13, anchor="end", baseline="middle")

MODE_WORD = {"strategic": "strat", "cruise": "cruise", "ram": "ram", "back": "back", "stay": "stay"}
GEAR_WORD = (("corvus", "Cv"), ("harpax", "Hx"))


@dataclass(frozen=True)
class ShipLabel(Label):
    """The kit's two-line label with a third line under it: the ship's state."""

    state: str = ""

    @property
    def width(self) -> float:
        return max(super().width, text_width(self.state, STATE.font_size or 11) + 4)

    @property
    def height(self) -> float:
        return super().height + (STATE.font_size or 11) + 1

    def drawn(self, at: Point, size: float) -> tuple[Primitive, ...]:
        """The three lines with the box centred on `at` (table inches; y grows north)."""
        top = at[1] + self.height / 2 / size
        name, crew, state = (style.font_size or 12 for style in (NAME, CREW, STATE))
        return (Text((at[0], top - (2 + name / 2) / size), self.name, NAME),
                Text((at[0], top - (2 + name + 1 + crew / 2) / size), self.crew, CREW),
                Text((at[0], top - (2 + name + 1 + crew + 1 + state / 2) / size), self.state, STATE))


# -- reading the view ---------------------------------------------------------------------------

def _point(value: Any) -> Point | None:
    """An [x, y] pair of numbers, or None."""
    if isinstance(value, (list, tuple)) and len(value) >= 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in value[:2]):
        return float(value[0]), float(value[1])
    return None


def _number(value: Any, default: float = 0.0) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default


def ship_corners(ship: dict[str, Any]) -> Corners | None:
    """A ship's corners from the view, or made from its centre, heading and class (§2)."""
    corners = ship.get("corners")
    if isinstance(corners, (list, tuple)) and len(corners) == 4:
        points = [p for p in map(_point, corners) if p is not None]
        if len(points) == 4:
            return tuple(points)
    at, heading = _point((ship.get("x"), ship.get("y"))), ship.get("heading")
    try:
        length, beam = dimensions(str(ship.get("class")))
    except ValueError:
        return None
    if at is None or not isinstance(heading, (int, float)):
        return None
    polygon = place(rectangle(length, beam), Pose(Vec(*at), float(heading)))
    return tuple((c.x, c.y) for c in polygon.corners)


def on_table(ship: dict[str, Any]) -> bool:
    """Afloat, sinking or struck: still a hull on the table (sunk and fled ships are gone)."""
    return ship.get("status", "afloat") in ("afloat", "sinking", "surrendered")


def fights(ship: dict[str, Any]) -> bool:
    """Afloat or sinking, not routed: a ship whose reaches mean something (§13.1, §16.4)."""
    return ship.get("status", "afloat") in ("afloat", "sinking") and not ship.get("routed")


def _count(ship: dict[str, Any], name: str) -> int:
    value = ship.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _typed(count: int, klass: Any) -> str:
    return f"{count}{str(klass)[:1]}" if count and isinstance(klass, str) and klass else str(count)


def gear_words(ship: dict[str, Any]) -> list[str]:
    """A for the flagship, T tower, B ballista (B2 for two), Cv corvus, Hx harpax."""
    ballistas = _count(ship, "ballistas")
    words = ["A"] if ship.get("admiral") else []
    words += ["T"] if ship.get("tower") else []
    words += [f"B{ballistas if ballistas > 1 else ''}"] if ballistas else []
    return words + [word for name, word in GEAR_WORD if ship.get(name)]


def crew_line(ship: dict[str, Any]) -> str:
    """Crewmen (at the oars, + on deck when any are), bowmen, marines, each with its class's
    letter (e r g)."""
    oars, deck = _count(ship, "oars"), _count(ship, "deck")
    crewmen = _typed(deck, ship.get("crewmen_class"))
    crewmen = f"{oars}+{crewmen}" if deck else _typed(oars, ship.get("crewmen_class"))
    return " ".join((crewmen, _typed(_count(ship, "bowmen"), ship.get("bowmen_class")),
                     _typed(_count(ship, "marines"), ship.get("marines_class"))))


def state_line(ship: dict[str, Any]) -> str:
    """Its gear, then the last move's mode and speed in inches, fatigue, shears, the countdown
    (+1 while its first own end of half is still to be skipped, §10.2), routed, struck."""
    gear = " ".join(gear_words(ship))
    words = [gear] if gear else []
    if ship.get("routed"):
        words.append("routed")
    else:
        speed = _number(ship.get("speed"))
        mode = MODE_WORD.get(str(ship.get("mode")), str(ship.get("mode", "?")))
        words.append(f"{mode} {speed:g}" if speed else mode)
    words.append(f"f{_count(ship, 'fatigue')}")
    if _count(ship, "sheared"):
        words.append(f"sh{_count(ship, 'sheared')}")
    if _count(ship, "countdown"):
        words.append(f"sinks {_count(ship, 'countdown')}" + ("+1" if ship.get("countdown_skip") else ""))
    if ship.get("status") == "surrendered":
        words.append("struck")
    return " · ".join(words)


def _tooltip(sid: str, ship: dict[str, Any], turn: int) -> str:
    fired = [f for f in ship.get("ballistas_fired", []) if isinstance(f, int)]
    loaded = sum(1 for f in fired if f == 0 or turn >= f + 2)
    gear = [name for name in ("tower", "corvus", "harpax") if ship.get(name)]
    gear += [f"{len(fired)} ballista{'s' if len(fired) != 1 else ''} ({loaded} loaded)"] if fired else []
    return (f"{sid} {ship.get('name', '')}, {ship.get('class', '?')} of {ship.get('side', '?')}"
            f"{' (flagship)' if ship.get('admiral') else ''}: crewmen {_count(ship, 'crewmen')} "
            f"{ship.get('crewmen_class', '')} ({_count(ship, 'oars')} at the oars, "
            f"{_count(ship, 'deck')} on deck), bowmen {_count(ship, 'bowmen')} "
            f"{ship.get('bowmen_class', '')}, marines {_count(ship, 'marines')} "
            f"{ship.get('marines_class', '')}; {', '.join(gear) or 'no gear'}; "
            f"{ship.get('status', 'afloat')}{', routed' if ship.get('routed') else ''}; "
            f"last move {ship.get('mode', '?')} {_number(ship.get('speed')):g}\", fatigue "
            f"{_count(ship, 'fatigue')}, sheared {_count(ship, 'sheared')}; heading "
            f"{ship.get('heading', '?')}")


def rout_headings(view: dict[str, Any]) -> dict[str, int]:
    """Each side's rout heading R from the wind and its home edge (§16.6, G18)."""
    sides, wind = view.get("sides"), view.get("wind")
    if not isinstance(sides, dict) or not isinstance(wind, (int, float)):
        return {}
    return {str(side): int(rout_heading(float(wind), float(HOME_HEADING[found["home"]])))
            for side, found in sides.items()
            if isinstance(found, dict) and found.get("home") in HOME_HEADING}


def _ahead(heading: float) -> Point:
    return math.sin(math.radians(heading)), math.cos(math.radians(heading))


# -- the reaches -------------------------------------------------------------------------------

def _distance_to(point: Point, corners: Corners) -> float:
    """How far a point lies from a convex outline (0 inside it)."""
    sides, found = [], math.inf
    for i, (ax, ay) in enumerate(corners):
        bx, by = corners[(i + 1) % len(corners)]
        dx, dy = bx - ax, by - ay
        sides.append(dx * (point[1] - ay) - dy * (point[0] - ax))
        size = dx * dx + dy * dy
        share = 0.0 if size == 0 else min(max(((point[0] - ax) * dx + (point[1] - ay) * dy) / size,
                                              0.0), 1.0)
        found = min(found, math.dist(point, (ax + share * dx, ay + share * dy)))
    return 0.0 if all(side >= 0 for side in sides) or all(side <= 0 for side in sides) else found


def _dense(outline: Corners, step: float) -> Corners:
    points: list[Point] = []
    for i, a in enumerate(outline):
        b = outline[(i + 1) % len(outline)]
        pieces = max(1, math.ceil(math.dist(a, b) / step))
        points += [(a[0] + (b[0] - a[0]) * k / pieces, a[1] + (b[1] - a[1]) * k / pieces)
                   for k in range(pieces)]
    return tuple(points)


def merged_reach(hulls: Sequence[Corners], reach: float, table: Box, step: float = 0.5
                 ) -> tuple[tuple[Point, ...], ...]:
    """The outline of everything within `reach` of any of the hulls, cut to the table: each
    hull's grown outline, kept where no other hull is nearer than `reach` (crossings found by
    halving)."""
    runs: list[tuple[Point, ...]] = []
    frames = [(ship_frame(hull)[0], max(math.dist(ship_frame(hull)[0], p) for p in hull)) for hull in hulls]
    for n, hull in enumerate(hulls):
        # the other hulls, nearest first, that come within reach of this one's outline at all
        others = sorted((k for k in range(len(hulls)) if k != n
                         and math.dist(frames[k][0], frames[n][0]) < 2 * reach + frames[k][1] + frames[n][1]),
                        key=lambda k: math.dist(frames[k][0], frames[n][0]))

        def outside(p: Point, others: list[int] = others) -> bool:
            for k in others:
                gap = math.dist(p, frames[k][0])  # the centre is inside the hull: gap ≥ the distance
                if gap < reach - 1e-9 or (gap < reach + frames[k][1]
                                          and _distance_to(p, hulls[k]) < reach - 1e-9):
                    return False
            return True

        for piece in clipped(_dense(grown(hull, reach, max(8, math.ceil(4 * reach))), step), table):
            run: list[Point] = []
            for a, b in zip(piece, piece[1:], strict=False):
                keep_a, keep_b = outside(a), outside(b)
                if keep_a != keep_b:
                    low, high = (a, b) if keep_a else (b, a)  # low kept, high not
                    for _ in range(30):
                        middle = ((low[0] + high[0]) / 2, (low[1] + high[1]) / 2)
                        low, high = (middle, high) if outside(middle) else (low, middle)
                    cut = low
                    if keep_a:
                        run += [a, cut] if not run else [cut]
                        runs.append(tuple(run))
                        run = []
                    else:
                        run = [cut, b]
                elif keep_a:
                    run += [a, b] if not run else [b]
            if len(run) > 1:
                runs.append(tuple(run))
    return tuple(runs)


def _reaches(sid: str, ship: dict[str, Any], corners: Corners, table: Box, drawing: Drawing) -> None:
    """One own ship's rings: bow fire with bowmen, the ballista bands with a ballista, its
    grapple (⅜" with a corvus or harpax, §11.1) with any crew."""
    keys = ["bow-short", "bow-long"] if _count(ship, "bowmen") else []
    keys += [f"ballista-{band}" for _, band, _ in BALLISTA_BANDS] if _count(ship, "ballistas") else []
    crew = _count(ship, "crewmen") + _count(ship, "bowmen") + _count(ship, "marines")
    keys += (["grapple-gear" if ship.get("corvus") or ship.get("harpax") else "grapple"]
             if crew else [])
    for key in keys:
        reach, style = REACHES[key]
        drawing.rings.append(range_ring(corners, reach, table, style, f"ring-{key}--{sid}",
                                        f'{sid}: {key.replace("-", " ")} {reach:g}"'))
        drawing.shown[f"ring-{key}"] = None


# -- the ships ---------------------------------------------------------------------------------

def _ships(view: dict[str, Any], ships: dict[str, Any], viewer: str | None, table: Box,
           drawing: Drawing) -> None:
    turn = int(_number(view.get("turn"), 1))
    routs = rout_headings(view)
    seeing: list[Corners] = []
    placed: dict[str, Corners] = {}
    for sid, ship in ships.items():
        corners = ship_corners(ship)
        if corners is None or not on_table(ship):
            continue
        placed[sid] = corners
        side = str(ship.get("side", ""))
        colour, pattern = look_of(side, drawing.sides, {})
        hull = Style(fill=colour).under(HULL_LINE)
        shape = ship_shape(corners, hull, pattern, ship.get("status") == "sinking",
                           f"side-{side}--{sid}", _tooltip(sid, ship, turn))
        drawing.ships.append(Group((shape,), STRUCK) if ship.get("status") == "surrendered" else shape)
        drawing.shown.setdefault(f"side-{side}", (hull, pattern))
        for key, present in (("sinking", ship.get("status") == "sinking"),
                             ("surrendered", ship.get("status") == "surrendered")):
            if present:
                drawing.shown.setdefault(key, (hull, pattern))
        drawing.hulls.append(corners)
        drawing.labels.append(ShipLabel(f"label--{sid}", sid, crew_line(ship), corners,
                                        state_line(ship)))
        drawing.shown.update(dict.fromkeys(LABEL_WORDS))
        if ship.get("routed") and side in routs and ship.get("status") in ("afloat", "sinking"):
            centre = ship_frame(corners)[0]
            dx, dy = _ahead(routs[side])
            drawing.marks.append(arrow(centre, (centre[0] + 3.5 * dx, centre[1] + 3.5 * dy), ROUT,
                                       0.6, 0.3, f"rout--{sid}", f"{sid} is routed: it sails {routs[side]}"))
            drawing.shown["rout"] = None
        if viewer is not None and side == viewer and fights(ship):
            _reaches(sid, ship, corners, table, drawing)
            seeing.append(corners)
    if seeing:
        reach, style = REACHES["sight"]
        runs = merged_reach(seeing, reach, table)
        drawing.rings.append(Group(tuple(Polyline(run) for run in runs), style, id="ring-sight",
                                   tooltip=f'within {reach:g}" of your ships (sight)'))
        drawing.shown["ring-sight"] = None
    _links(ships, placed, drawing)


def _links(ships: dict[str, Any], placed: dict[str, Corners], drawing: Drawing) -> None:
    """Grapples (§11.3), once a pair, and embedded rammers' rams (§9.5)."""
    order = {sid: n for n, sid in enumerate(placed)}
    for sid, corners in placed.items():
        ship = ships[sid]
        for other in ship.get("grappled_with", []):
            if order.get(str(other), -1) > order[sid]:
                ends = (ship_frame(corners)[0], ship_frame(placed[str(other)])[0])
                drawing.marks.append(grapple_mark(ends, f"grapple--{sid}--{other}",
                                                  f"{sid} and {other} are grappled"))
                drawing.shown["grapple"] = None
        victim = str(ship.get("embedded_in") or "")
        if victim:
            ahead = ship_frame(corners)[1]
            bow = ((corners[0][0] + corners[3][0]) / 2, (corners[0][1] + corners[3][1]) / 2)
            tip = (bow[0] + 0.6 * ahead[0], bow[1] + 0.6 * ahead[1])
            drawing.marks.append(haloed(Polyline((bow, tip), EMBEDDED), f"embedded--{sid}",
                                        f"{sid} is embedded in {victim}"))
            drawing.shown["embedded"] = None


# -- this round's events -------------------------------------------------------------------------

def _paths(events: Sequence[dict[str, Any]]) -> list[tuple[int, list[Point]]]:
    """Each ship's path from its `move` events (one a step), with the index of its first: a
    step starting where the ship's last ended carries the same line on."""
    paths: list[tuple[int, list[Point]]] = []
    last: dict[str, list[Point]] = {}
    for n, item in enumerate(events):
        if not isinstance(item, dict) or item.get("kind") != "move":
            continue
        start, end, ship = _point(item.get("start")), _point(item.get("end")), str(item.get("ship", ""))
        if start is None or end is None:
            continue
        going = last.get(ship)
        if going is not None and going[-1] == start:
            if end != start:
                going.append(end)
        else:
            line = [start] if end == start else [start, end]
            paths.append((n, line))
            last[ship] = line
    return [(n, line) for n, line in paths if len(line) > 1]


def grapple_mark(ends: tuple[Point, Point], ident: str = "", tooltip: str = "") -> Group:
    """A grapple: a line between the two ships' centres with a hook at each end."""
    hooks = tuple(haloed(Circle(end, 0.22, LINK)) for end in ends)
    return Group((haloed(Polyline(ends, LINK)), *hooks), id=ident, tooltip=tooltip)


def ram_mark(kind: str, at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A ram at its impact point: open when marked, filled when it holed, dashed when it failed."""
    return haloed(Polygon(burst(at), RAM[kind]), ident, tooltip)


def shear_mark(kind: str, at: Point, ident: str = "", tooltip: str = "") -> Group:
    """A shear at the abreast point (§8.1), a diamond (bows are triangles): filled when made,
    open when the victim avoided it."""
    return haloed(Polygon(diamond(at, 0.5), SHEAR[kind]), ident, tooltip)


def _impact(item: dict[str, Any], ships: dict[str, Any]) -> Point | None:
    """A ram's impact point, or failing that the middle of the two hulls' closest points."""
    given = _point(item.get("impact"))
    if given is not None:
        return given
    one, two = (ships.get(str(item.get(name))) for name in ("ship", "target"))
    first = ship_corners(one) if isinstance(one, dict) else None
    second = ship_corners(two) if isinstance(two, dict) else None
    if first is None or second is None:
        return None
    a, b = nearest_points(first, second)
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _events(ships: dict[str, Any], events: Sequence[dict[str, Any]], drawing: Drawing, size: float) -> None:
    for n, line in _paths(events):
        drawing.trails.append(trail(line, TRAIL, 4 / size, f"move--{n}"))
        drawing.shown["move"] = None
    items = [item for item in events if isinstance(item, dict)]
    rolled = {(item.get("ship"), item.get("target")) for item in items
              if item.get("kind") == "ram" and "success" in item}
    impacts = {(item.get("ship"), item.get("target")): item.get("impact") for item in items
               if item.get("kind") == "ram" and "impact" in item}
    shots: dict[tuple[str, str], int] = {}
    for n, item in enumerate(events):
        if not isinstance(item, dict):
            continue
        kind, who = item.get("kind"), str(item.get("ship", "?"))
        at = _point(item.get("at"))
        if kind in ("shear", "avoid") and at is not None:
            shear = "shear" if kind == "shear" else "avoided"
            victim, mover = (item.get("target"), who) if kind == "shear" else (who, item.get("by"))
            drawing.marks.append(shear_mark(shear, at, f"shear-{shear}--{n}",
                                            f"{mover} passes {victim}: abreast {item.get('abreast', '?')}\""))
            drawing.shown[f"shear-{shear}"] = None
        elif kind == "ram" and not item.get("void"):
            pair = (item.get("ship"), item.get("target"))
            if "success" not in item and pair in rolled:
                continue  # the roll's mark stands for it
            ram = "marked" if "success" not in item else "hit" if item["success"] else "miss"
            found = _impact({**item, "impact": item.get("impact", impacts.get(pair))}, ships)
            if found is not None:
                words = f"{who} rams {item.get('target', '?')} ({item.get('aspect', '?')})"
                drawing.marks.append(ram_mark(ram, found, f"ram-{ram}--{n}", words))
                drawing.shown[f"ram-{ram}"] = None
        elif kind == "blocked" and at is not None:
            drawing.marks.append(blocked_mark(at, f"blocked--{n}", f"{who}: {item.get('reason', 'blocked')}"))
            drawing.shown["blocked"] = None
        elif kind == "flee" and at is not None:
            heading = _number(ships.get(who, {}).get("heading") if isinstance(ships.get(who), dict) else 0)
            dx, dy = _ahead(heading)
            words = f"{who} leaves the table by the {item.get('edge')} edge"
            drawing.marks.append(arrow(at, (at[0] + 2 * dx, at[1] + 2 * dy), WIND, 0.6, 0.35,
                                       f"fled--{n}", words))
            drawing.shown["fled"] = None
        elif kind == "fire" and item.get("weapon") in SHOT_WEAPONS and isinstance(item.get("hit"), bool):
            _shot(n, item, ships, drawing, shots)


def shot_mark(weapon: str, hit: bool, start: Point, end: Point, ident: str = "",
              tooltip: str = "") -> Group:
    """A bow shot (a triangle head) or a ballista's (a stone) over a white halo, so that it
    shows on the hulls of ships alongside: solid when it hit, dashed when it missed."""
    style = SHOT[(weapon, hit)]
    halo = Polyline((start, end), Style(stroke=WHITE, width=(style.width or 1) + 3, dash=()))
    return Group((halo, shot_arrow(style, start, end, weapon == "ballista")), id=ident, tooltip=tooltip)


def _shot(n: int, item: dict[str, Any], ships: dict[str, Any], drawing: Drawing,
          shots: dict[tuple[str, str], int]) -> None:
    """A bow shot (triangle head) or a ballista's (a stone), firer to target, solid when it
    hit; repeated shots between the same pair stand side by side."""
    shooter, target = ships.get(str(item.get("ship"))), ships.get(str(item.get("target")))
    one = ship_corners(shooter) if isinstance(shooter, dict) else None
    two = ship_corners(target) if isinstance(target, dict) else None
    if one is None or two is None:
        return
    start, end = nearest_points(one, two)
    if math.dist(start, end) < 0.6:  # alongside: centre to centre instead
        start, end = ship_frame(one)[0], ship_frame(two)[0]
    pair = (str(item["ship"]), str(item["target"]))
    shift = 0.35 * shots.get(pair, 0)
    shots[pair] = shots.get(pair, 0) + 1
    length = math.dist(start, end) or 1.0
    nx, ny = -(end[1] - start[1]) / length * shift, (end[0] - start[0]) / length * shift
    weapon, hit = str(item["weapon"]), bool(item["hit"])
    words = f"{pair[0]} {weapon} at {pair[1]}: {'hit' if hit else 'missed'}"
    drawing.marks.append(shot_mark(weapon, hit, (start[0] + nx, start[1] + ny), (end[0] + nx, end[1] + ny),
                                   f"{weapon}-{'hit' if hit else 'miss'}--{n}", words))
    drawing.shown[f"{weapon}-{'hit' if hit else 'miss'}"] = None


# -- the legend and the scene ----------------------------------------------------------------------

LEGEND_ORDER = ("sinking", "surrendered", "rout", "label", "label-crew", "label-state", "grapple",
                "embedded", "move", "shear-shear", "shear-avoided", "ram-marked", "ram-hit",
                "ram-miss", "blocked", "fled", "bow-hit", "bow-miss", "ballista-hit",
                "ballista-miss", *(f"ring-{key}" for key in REACHES), "wind", "plan", "plan-end",
                "plan-shear", "plan-ram")
RING_WORDS = {"bow-short": 'bow fire 2" (short)', "bow-long": 'bow fire 4" (long)',
              "ballista-short": 'ballista 5" (short)', "ballista-medium": 'ballista 12" (medium)',
              "ballista-long": 'ballista 20" (long)', "grapple": 'grapple 1/8"',
              "grapple-gear": 'grapple 3/8" (corvus, harpax)',
              "sight": f'sight {SIGHT:g}" of your fleet'}
MARK_WORDS = {"shear-shear": "shear at the abreast point", "shear-avoided": "shear avoided",
              "ram-marked": "ram contact (rolled after the fire)", "ram-hit": "ram holed it",
              "ram-miss": "ram failed", "blocked": "blocked", "fled": "fled off the table",
              "grapple": "grappled", "embedded": "rammer embedded in its victim",
              "rout": "routed: sails this way", "plan-shear": "will shear here (abreast point)",
              "plan-ram": "will ram here", "plan-end": "where the move ends"}
LABEL_WORDS = {"label": ("C1", NAME, "id"),
               "label-crew": ("5+1r", CREW, "crewmen (at the oars+on deck), bowmen, marines; "
                                            "e elite, r regular, g green"),
               "label-state": ("A T B", STATE, "A flagship, T tower, B ballista, Cv corvus, Hx harpax; "
                                               "last move and its inches, f fatigue, sh shears, "
                                               "sinks in n own ends (+1: one skipped)")}


@dataclass
class WindDrawing(Drawing):
    """The kit's drawing with this map's wind: the downwind heading and each side's rout heading."""

    wind: float | None = None
    routs: dict[str, int] = field(default_factory=dict)


def _wind_words(drawing: WindDrawing) -> str:
    routing = ", ".join(f"{side} {heading}" for side, heading in drawing.routs.items())
    return f"wind towards {drawing.wind or 0:g}" + (f"; routers sail {routing}" if routing else "")


def _swatch(key: str, drawing: Drawing) -> tuple[Primitive, str]:
    """The sample of one legend entry, in inches around (0, 0), and its words."""
    look = drawing.shown.get(key)
    if key.startswith("side-"):
        side = key[5:]
        colour, pattern = look_of(side, drawing.sides, {})
        return (ship_shape(SAMPLE, Style(fill=colour).under(HULL_LINE), pattern, False),
                side if pattern == "plain" else f"{side} ({pattern})")
    if key in ("sinking", "surrendered") and look is not None:
        sample = ship_shape(SAMPLE, look[0], look[1], key == "sinking")
        return ((sample, "crossed: sinking") if key == "sinking"
                else (Group((sample,), STRUCK), "faded: struck (surrendered)"))
    if key in LABEL_WORDS:
        text, style, words = LABEL_WORDS[key]
        if key == "label" and "leader" in drawing.shown:
            return (Group((Polyline(((-2.6, -0.6), (-1.5, 0.0)), LEADER), Text((0.0, 0.0), text, style))),
                    words + "; a line ties a label set apart to its ship")
        return Text((0.0, 0.0), text, style), words
    if key in ("move", "plan"):
        return (trail(((-2.0, -0.4), (0.0, 0.4), (1.5, 0.4)), TRAIL if key == "move" else PLAN_TRAIL,
                      0.35), "this round's path" if key == "move" else "planned path")
    if key.startswith("shear-"):
        return shear_mark(key[6:], (0.0, 0.0)), MARK_WORDS[key]
    if key.startswith("ram-"):
        return ram_mark(key[4:], (0.0, 0.0)), MARK_WORDS[key]
    if key in ("plan-shear", "plan-ram"):
        shape = diamond((0.0, 0.0), 0.5) if key == "plan-shear" else burst((0.0, 0.0))
        return haloed(Polygon(shape, PLAN_STRIKE)), MARK_WORDS[key]
    if key == "blocked":
        return blocked_mark((0.0, 0.0)), MARK_WORDS[key]
    if key in ("fled", "rout"):
        return arrow((-1.8, 0.0), (1.8, 0.0), WIND if key == "fled" else ROUT, 0.6, 0.35), MARK_WORDS[key]
    if key == "grapple":
        return grapple_mark(((-1.6, 0.0), (1.6, 0.0))), MARK_WORDS[key]
    if key == "embedded":
        return haloed(Polyline(((-1.0, 0.0), (1.0, 0.0)), EMBEDDED)), MARK_WORDS[key]
    if key.startswith(("bow-", "ballista-")):
        weapon, result = key.split("-")
        return (shot_mark(weapon, result == "hit", (-2.2, 0.0), (2.2, 0.0)),
                f"{'bow fire' if weapon == 'bow' else weapon}: {'hit' if result == 'hit' else 'missed'}")
    if key.startswith("ring-"):
        style = REACHES[key[5:]][1]
        return (Polygon(grown(((-1.6, 0.2), (1.6, 0.2), (1.6, -0.2), (-1.6, -0.2)), 0.45, 3), style),
                RING_WORDS[key[5:]])
    if key == "wind" and isinstance(drawing, WindDrawing):
        dx, dy = _ahead(drawing.wind or 0.0)
        return arrow((-1.2 * dx, -1.2 * dy), (1.2 * dx, 1.2 * dy), WIND, 0.7, 0.4), _wind_words(drawing)
    if key == "plan-end":
        fill = look[0].fill if look and look[0].fill else INK
        return plan_end(SAMPLE, fill), MARK_WORDS[key]
    raise ValueError(f"no legend entry {key!r}")


def table_of(view: dict[str, Any]) -> tuple[float, float]:
    """The table's width and height in inches: 72 × 48 unless the view says (§2)."""
    table = view.get("table")
    given: dict[str, Any] = table if isinstance(table, dict) else {}
    width, height = _number(given.get("width"), 72.0), _number(given.get("height"), 48.0)
    return (width if width > 0 else 72.0), (height if height > 0 else 48.0)


def _ships_of(view: dict[str, Any]) -> dict[str, Any]:
    ships = view.get("ships")
    return {str(k): v for k, v in ships.items() if isinstance(v, dict)} if isinstance(ships, dict) else {}


def _drawing(view: dict[str, Any], ships: dict[str, Any]) -> WindDrawing:
    """An empty drawing with the sides in the view's order (A first) and the wind."""
    sides = view.get("sides")
    order = [str(side) for side in sides] if isinstance(sides, dict) else []
    order += [str(s.get("side")) for s in ships.values() if str(s.get("side")) not in order]
    wind = view.get("wind")
    drawing = WindDrawing(order, routs=rout_headings(view))
    if isinstance(wind, (int, float)) and not isinstance(wind, bool):
        drawing.wind = float(wind)
        drawing.shown["wind"] = None
    return drawing


def _wind_arrow(scene: Scene, wind: float) -> Group:
    """The wind over the table's north-east corner, in the title's band: an arrow blowing
    downwind and its heading."""
    x, y, half = scene.width - 34.0, 23.0, 15.0
    dx, dy = _ahead(wind)
    line = arrow((x - half * dx, y + half * dy), (x + half * dx, y - half * dy), WIND, 9, 5)
    return Group((line, Text((x - 24, y), f"wind {wind:g}", WIND_TEXT)), id="wind",
                 tooltip=f"the wind blows towards {wind:g}")


def _scene(drawing: WindDrawing, title: str, subtitle: str, size: float, width: float,
           height: float) -> Scene:
    scene = table_scene(drawing, title, subtitle, size, width, height, "ramcruise", _swatch,
                        LEGEND_ORDER)
    if drawing.wind is None:
        return scene
    return replace(scene, overlay=(*scene.overlay, _wind_arrow(scene, drawing.wind)))


def map_scene(view: dict[str, Any], events: Sequence[dict[str, Any]], title: str, subtitle: str,
              viewer: str | None, size: float = 0.0) -> Scene:
    """The table as `viewer` (a side; None for observers and the game master) sees it after
    `events`: the ships, the viewer's own reaches, this round's paths, shears, rams, shots,
    blocks and flights, the wind, and a legend. `size` is pixels per inch; 0 fits the table
    into about 1,400 pixels."""
    ships = _ships_of(view)
    width, height = table_of(view)
    size = size or default_size(width)
    drawing = _drawing(view, ships)
    _ships(view, ships, viewer, (0.0, 0.0, width, height), drawing)
    _events(ships, events, drawing, size)
    return _scene(drawing, title, subtitle, size, width, height)


# -- the plan map ----------------------------------------------------------------------------------

NUMBER = r"\s*(-?\d+(?:\.\d*)?)\s*"
PLAN_POINT = re.compile(rf"^\s*\({NUMBER},{NUMBER}(?:,{NUMBER})?\)"
                        r"((?:\s+(?:shear|ram)\s+[A-Za-z0-9-]+|\s+blocked)*)\s*$", re.IGNORECASE)
PLAN_MARK = re.compile(r"(shear|ram)\s+([A-Za-z0-9-]+)|(blocked)", re.IGNORECASE)


@dataclass(frozen=True)
class PlanPlace:
    """One place of a plan: the ship's centre there, its heading if given, and what happens
    there (("shear", "R3"), ("ram", "R5"), ("blocked", ""))."""

    at: Point
    heading: float | None
    marks: tuple[tuple[str, str], ...]


def parse_plan_place(text: str) -> PlanPlace | None:
    """"(26, 11)", "(16, 18, 0) ram R5", "(46.74, 10.19, 10) blocked"; None if unreadable."""
    found = PLAN_POINT.match(text)
    if found is None:
        return None
    marks = tuple((m[1].lower(), m[2]) if m[1] else ("blocked", "")
                  for m in PLAN_MARK.finditer(found[4] or ""))
    return PlanPlace((float(found[1]), float(found[2])),
                     float(found[3]) if found[3] is not None else None, marks)


def _place_text(point: Point, heading: float | None = None) -> str:
    x, y = (f"{round(value, 2):g}" for value in point)
    return f"({x}, {y})" if heading is None else f"({x}, {y}, {heading:g})"


def plan_places(ship_id: str, start: Point, heading: float, events: Sequence[dict[str, Any]]
                ) -> tuple[str, ...]:
    """A planned move's places (§6.6) from its events (movement's with the echo's
    assumptions, as dicts): the start, each shear's abreast point in path order, each step's
    end, the last with the heading; a shear, a ram contact or a block is named at its place."""
    places: list[list[Any]] = [[start, []]]
    pending: list[Any] | None = None
    for item in events:
        if not isinstance(item, dict) or str(item.get("ship")) != ship_id and item.get("kind") != "avoid":
            continue
        kind = item.get("kind")
        if kind == "move" and (end := _point(item.get("end"))) is not None:
            heading = _number(item.get("heading"), heading)
            if pending is not None and pending[0] != places[-1][0]:
                places.append(pending)
            pending = [end, []]
        elif kind in ("shear", "avoid") and (at := _point(item.get("at"))) is not None:
            victim = item.get("target") if kind == "shear" else item.get("ship")
            mover = item.get("ship") if kind == "shear" else item.get("by")
            if str(mover) != ship_id:
                continue
            if at != places[-1][0] and (pending is None or at != pending[0]):
                places.append([at, []])
            (pending if pending is not None and at == pending[0] else places[-1])[1].append(f"shear {victim}")
        elif kind in ("ram", "blocked"):
            target = pending if pending is not None else places[-1]
            target[1].append(f"ram {item.get('target')}" if kind == "ram" else "blocked")
    if pending is not None and (pending[0] != places[-1][0] or pending[1]):
        if pending[0] == places[-1][0]:
            places[-1][1] += pending[1]
        else:
            places.append(pending)
    texts = [" ".join([_place_text(point), *marks]) for point, marks in places[:-1]]
    point, marks = places[-1]
    return (*texts, " ".join([_place_text(point, heading), *marks]))


def _plan(sid: str, ship: dict[str, Any], places: Sequence[PlanPlace], side: str,
          drawing: WindDrawing, size: float) -> None:
    line = [place_.at for place_ in places]
    if len(line) > 1:
        drawing.trails.append(trail(line, PLAN_TRAIL, 4 / size, f"plan--{sid}"))
        drawing.shown["plan"] = None
    now = ship_corners(ship)
    headings = [place_.heading for place_ in places if place_.heading is not None]
    heading = headings[-1] if headings else _number(ship.get("heading"))
    if now is not None and line and (len(line) > 1 or heading != _number(ship.get("heading"))):
        _, _, _, length, beam = ship_frame(now)
        end = place(rectangle(round(length, 6), round(beam, 6)), Pose(Vec(*line[-1]), heading))
        fill = look_of(str(ship.get("side") or side), drawing.sides, {})[0]
        corners = tuple((c.x, c.y) for c in end.corners)
        drawing.marks.insert(0, plan_end(corners, fill, f"plan-end--{sid}"))
        drawing.shown.setdefault("plan-end", (Style(fill=fill), ""))
        bow = ((corners[0][0] + corners[3][0]) / 2, (corners[0][1] + corners[3][1]) / 2)
    else:
        bow = line[-1] if line else (0.0, 0.0)
    for n, place_ in enumerate(places):
        for what, other in place_.marks:
            if what == "shear":
                drawing.marks.append(haloed(Polygon(diamond(place_.at, 0.5), PLAN_STRIKE),
                                            f"plan-shear--{sid}-{n}", f"{sid} shears {other} here"))
                drawing.shown["plan-shear"] = None
            elif what == "ram":
                drawing.marks.append(haloed(Polygon(burst(bow if n == len(places) - 1 else place_.at),
                                                    PLAN_STRIKE), f"plan-ram--{sid}-{n}",
                                            f"{sid} rams {other} here"))
                drawing.shown["plan-ram"] = None
            else:
                drawing.marks.append(blocked_mark(place_.at, f"blocked--{sid}-{n}",
                                                  f"{sid} is blocked here"))
                drawing.shown["blocked"] = None


def plan_scene(view: dict[str, Any], side: str, plans: Sequence[tuple[str, Sequence[str]]],
               title: str, subtitle: str) -> Scene:
    """The table now, with each accepted movement line's path plotted (§6.6): the line it
    takes, where the ship ends, its shears at their abreast points, its ram and its block."""
    ships = _ships_of(view)
    by_key = {sid.upper(): sid for sid in ships}
    width, height = table_of(view)
    size = default_size(width)
    drawing = _drawing(view, ships)
    _ships(view, ships, None, (0.0, 0.0, width, height), drawing)
    for piece, plan in plans:
        sid = by_key.get(str(piece).upper())
        if sid is not None:
            places = [p for p in map(parse_plan_place, map(str, plan)) if p is not None]
            _plan(sid, ships[sid], places, side, drawing, size)
    return _scene(drawing, title, subtitle, size, width, height)
