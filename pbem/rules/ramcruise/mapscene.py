"""The ram / cruise / strategic map as a scene (pbem.rules.scene), drawn with the open-table map
kit (`pbem.rules.table.mapkit` for the table, the hulls and the marks; `maplayout` for labels,
the heading arrow, the legend and the scene). It is what a player plans with:

- each ship its class's rectangle (§2) with its bow, the sides told by colour and pattern,
  sinking ships crossed, struck ships faded, routers with an arrow along their rout heading
  (§16.6), grapples as links (§11.3) and embedded rammers' rams stuck in (§9.5);
- a three-line label: the id; the crew (crewmen at the oars + on deck, bowmen, marines, each
  with its class); the gear, the last move's mode and speed, fatigue, shears, countdown, rout,
  surrender;
- for the viewer's own ships each reach that holds an enemy, cut to the table: bow fire 2"
  and 4" (§14), the ballista bands 5", 12", 20" (§15.1), the grapple ⅛" or ⅜" (§11.1);
  and, for the fleet as a whole, sight 25" (§1 item 6);
- this round's paths, shears at their abreast points (made or avoided), rams (marked, holed or
  failed), bow and ballista shots (hit or missed), blocks and flights;
- the wind: an arrow with its downwind heading over the table, and each side's rout heading.

The map's modules, each calling only those above it: `maplabels` (reading a ship of the view,
its label and tooltip), `mapreach` (the viewer's reaches), `mapmarks` (this game's marks,
their styles and the legend), `mapships` (the table now, the wind, the scene round it),
`mapplan` (the plan map and its places, §6.6) and this module, which reads this round's
events into paths and marks and makes `map_scene`. It names `plan_scene`, the plan's places
and the colours and kit pieces the tests read, so that the package's map is found here.

Coordinates are the table's inches (x east, y north from the south-west corner). Everything is
read from a view (view.py) and events the same viewer may see; a missing field leaves its mark
undrawn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pbem.rules.ramcruise.maplabels import number_of, point_of, ship_corners
from pbem.rules.ramcruise.mapmarks import RAMMED as RAMMED
from pbem.rules.ramcruise.mapmarks import SHOT_WEAPONS, WIND, ram_mark, shear_mark, shot_mark
from pbem.rules.ramcruise.mapplan import PlanPlace as PlanPlace
from pbem.rules.ramcruise.mapplan import parse_plan_place as parse_plan_place
from pbem.rules.ramcruise.mapplan import plan_places as plan_places
from pbem.rules.ramcruise.mapplan import plan_scene as plan_scene
from pbem.rules.ramcruise.mapreach import BALLISTA as BALLISTA
from pbem.rules.ramcruise.mapreach import BOWFIRE as BOWFIRE
from pbem.rules.ramcruise.mapreach import GRAPPLING as GRAPPLING
from pbem.rules.ramcruise.mapreach import SIGHTED as SIGHTED
from pbem.rules.ramcruise.mapships import draw_ships, new_drawing, scene, ships_of, table_of
from pbem.rules.scene import Point, Scene, arrow
from pbem.rules.table.mapkit import (
    TRAIL,
    blocked_mark,
    default_size,
    heading_unit,
    nearest_points,
    ship_frame,
    trail,
)
from pbem.rules.table.mapkit import merged_reach as merged_reach
from pbem.rules.table.maplayout import Drawing

# -- this round's events -------------------------------------------------------------------------

def _paths(events: Sequence[dict[str, Any]]) -> list[tuple[int, list[Point]]]:
    """Each ship's path from its `move` events (one a step), with the index of its first: a
    step starting where the ship's last ended carries the same line on."""
    paths: list[tuple[int, list[Point]]] = []
    last: dict[str, list[Point]] = {}
    for n, item in enumerate(events):
        if not isinstance(item, dict) or item.get("kind") != "move":
            continue
        start, end, ship = point_of(item.get("start")), point_of(item.get("end")), str(item.get("ship", ""))
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


def _impact(item: dict[str, Any], ships: dict[str, Any]) -> Point | None:
    """A ram's impact point, or failing that the middle of the two hulls' closest points."""
    given = point_of(item.get("impact"))
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
        at = point_of(item.get("at"))
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
            heading = number_of(ships.get(who, {}).get("heading") if isinstance(ships.get(who), dict) else 0)
            dx, dy = heading_unit(heading)
            words = f"{who} leaves the table by the {item.get('edge')} edge"
            drawing.marks.append(arrow(at, (at[0] + 2 * dx, at[1] + 2 * dy), WIND, 0.6, 0.35,
                                       f"fled--{n}", words))
            drawing.shown["fled"] = None
        elif kind == "fire" and item.get("weapon") in SHOT_WEAPONS and isinstance(item.get("hit"), bool):
            _shot(n, item, ships, drawing, shots)


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


def map_scene(view: dict[str, Any], events: Sequence[dict[str, Any]], title: str, subtitle: str,
              viewer: str | None, size: float = 0.0) -> Scene:
    """The table as `viewer` (a side; None for observers and the game master) sees it after
    `events`: the ships, the viewer's own reaches, this round's paths, shears, rams, shots,
    blocks and flights, the wind, and a legend. `size` is pixels per inch; 0 fits the table
    into about 1,400 pixels."""
    ships = ships_of(view)
    width, height = table_of(view)
    size = size or default_size(width)
    drawing = new_drawing(view, ships)
    drawing.viewer = viewer
    draw_ships(view, ships, viewer, (0.0, 0.0, width, height), drawing)
    _events(ships, events, drawing, size)
    return scene(drawing, title, subtitle, size, width, height)
