"""The Wooden Walls table map as a scene (pbem.rules.scene), drawn with the open-table map kit.
It shows the table as one viewer sees it after a mail phase's events (`view_events` for the same
viewer; a missing field leaves its mark undrawn, never raises):

- the table in SL with its grid and scale bar, land, currents and the wind arrow, each ship's
  octagon with its bow mark, label, holes, fires, smoke, oars lost or shipped, and the links
  (`mapships`);
- this phase's paths, ship by ship, from the `advance`, `turn`, `oversteer`, `swing` and `shear`
  events (each gives where the ship's centre ended; a turn is drawn as the centre's arc about
  the event's pivot, G17), drifts dotted (§7.9);
- collisions where they happened: a burst for a ram, a dark diamond for a shear or a rake, a
  white one for any other (§8.2, §9, §10), with the holes a ram made in the tooltip;
- shots from the shooting area's reference point to the target area's, a burst for a hit, a
  cross for a miss (§11; fire shots hit with a six, AP throws when they do something); blocks;
  ships that fled this phase;
- a legend of only what is drawn.

Nothing here reads a quality, a die type or a target number (§16): the marks say what happened.
The map's modules, each calling only those above it: `maplabels`, `mapmarks`, `mapships`,
`mapplan` (the plan map) and this one; `plan_scene` is named here too. Coordinates are SL.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pbem.rules.scene import Point, Scene
from pbem.rules.table.mapkit import TRAIL, trail
from pbem.rules.table.maplayout import Drawing
from pbem.rules.woodenwalls.maplabels import (
    number_of,
    point_of,
    pose_of,
    row_of,
    ships_of,
    table_of,
    texts_of,
)
from pbem.rules.woodenwalls.mapmarks import DRIFT, blocked_mark, contact_mark, shot_mark, turn_arc
from pbem.rules.woodenwalls.mapplan import plan_scene as plan_scene
from pbem.rules.woodenwalls.mapships import (
    default_size,
    draw_ships,
    draw_terrain,
    fled_mark,
    new_drawing,
    scene,
)
from pbem.rules.woodenwalls.shipgeom import reference_point

MOVES = ("advance", "turn", "oversteer", "swing", "shear", "drift")
Events = Sequence[dict[str, Any]]


def _mover(item: dict[str, Any]) -> str:
    return str(item.get("attacker") if item.get("kind") == "shear" else item.get("ship", ""))


def _heading_change(item: dict[str, Any]) -> float | None:
    """The heading change an event made, if it says (turn, oversteer, swing)."""
    kind = item.get("kind")
    field = "turned" if kind == "swing" else "made"
    return number_of(item.get(field)) if kind in ("turn", "oversteer", "swing") else None


def _first_heading(ship: dict[str, Any], moves: list[dict[str, Any]]) -> float:
    """The ship's heading as the phase began: before its first heading change, else its heading."""
    for item in moves:
        made = _heading_change(item)
        if made is not None and isinstance(item.get("heading"), (int, float)):
            return number_of(item.get("heading")) - made
        if item.get("kind") == "shear":
            break  # a shear aligns the ship by an amount its event does not give
    return number_of(ship.get("heading"))


def _start(item: dict[str, Any], end: Point, heading: float) -> Point | None:
    """Where the ship's centre stood before its first move of the phase."""
    kind = item.get("kind")
    if kind == "advance":
        sign = -1.0 if str(item.get("step") or "").upper().startswith("B") else 1.0
        distance = sign * number_of(item.get("distance"))
        h = math.radians(heading)
        return end[0] - distance * math.sin(h), end[1] - distance * math.cos(h)
    if kind == "turn":
        pivot = point_of(item.get("pivot"))
        return turn_arc(end, pivot, -number_of(item.get("made")), 1)[-1] if pivot is not None else None
    if kind == "drift":
        h, distance = math.radians(number_of(item.get("heading"))), number_of(item.get("distance"))
        return end[0] - distance * math.sin(h), end[1] - distance * math.cos(h)
    return None


def ship_paths(
    ships: dict[str, dict[str, Any]], events: Events
) -> tuple[list[tuple[str, int, list[Point], bool]], dict[int, Point]]:
    """Each ship's runs this phase as (ship, first event's index, points, drift), and where each
    ship stood at each event of it (by event index, for blocks)."""
    by_ship: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for n, item in enumerate(events):
        if item.get("kind") in (*MOVES, "blocked"):
            by_ship.setdefault(_mover(item), []).append((n, item))
    runs: list[tuple[str, int, list[Point], bool]] = []
    where: dict[int, Point] = {}
    for sid, found in by_ship.items():
        ship = ships.get(sid, {})
        moves = [
            item
            for _, item in found
            if item.get("kind") in MOVES and point_of((item.get("x"), item.get("y")))
        ]
        at: Point | None = None
        pivot: Point | None = None
        heading = _first_heading(ship, moves)
        for n, item in found:
            end = point_of((item.get("x"), item.get("y")))
            kind = item.get("kind")
            if kind == "blocked" or end is None:
                if at is not None:
                    where[n] = at
                continue
            if kind == "turn":
                pivot = point_of(item.get("pivot"))
            start = at if at is not None else _start(item, end, heading)
            at, where[n] = end, end
            if start is None or math.dist(start, end) < 1e-6:
                continue
            if kind in ("turn", "oversteer") and pivot is not None:
                line = turn_arc(start, pivot, number_of(item.get("made")))
                line[-1] = end
            else:
                line = [start, end]
            drift = kind == "drift"
            if (
                runs
                and runs[-1][0] == sid
                and runs[-1][3] == drift
                and math.dist(runs[-1][2][-1], start) < 1e-6
            ):
                runs[-1][2].extend(line[1:])
            else:
                runs.append((sid, n, line, drift))
    return runs, where


def _centre(ships: dict[str, dict[str, Any]], sid: Any) -> Point | None:
    return point_of((ships.get(str(sid), {}).get("x"), ships.get(str(sid), {}).get("y")))


def _area_point(ships: dict[str, dict[str, Any]], sid: Any, area: Any) -> Point | None:
    """An area's reference point (§2) on the ship as it stands, or its centre."""
    ship = ships.get(str(sid))
    if ship is None:
        return None
    row, pose = row_of(ship), pose_of(ship)
    fires = ship.get("fires")
    areas = fires if isinstance(fires, dict) else {"B": 0, "M": 0, "S": 0}  # the areas it has
    if row is not None and pose is not None and isinstance(area, str) and area in areas:
        at = reference_point(row, pose, str(area))
        return at.x, at.y
    return _centre(ships, sid)


def _collision(n: int, item: dict[str, Any], events: Events, drawing: Drawing) -> None:
    at = point_of((item.get("x"), item.get("y")))
    if at is None:
        return
    result = str(item.get("result") or "collision")
    kind = (
        "ram"
        if result == "ram"
        else "shear"
        if item.get("kind") == "rake" or result == "shear"
        else "collision"
    )
    mover, target = item.get("mover"), item.get("target")
    words = f"{mover} rakes {target}" if item.get("kind") == "rake" else f"{mover} meets {target}: {result}"
    if kind == "ram":
        holes = next(
            (
                texts_of(e.get("holes"))
                for e in events[n + 1 :]
                if e.get("kind") == "hole" and e.get("ship") == target and e.get("by") == mover
            ),
            [],
        )
        words += f", holed {' '.join(holes)}" if holes else ", no hole"
    drawing.marks.append(contact_mark(kind, at, 1.0, f"{kind}--{n}", words))
    drawing.shown[kind] = None


def _shot_hit(n: int, item: dict[str, Any], events: Events) -> bool | None:
    """Whether a shot hit: the hit roll's result, a fire shot's six, an AP throw's effect."""
    if isinstance(item.get("hit"), bool):
        return bool(item["hit"])
    if item.get("shot") == "fire" or "sixes" in item:
        return number_of(item.get("sixes")) > 0
    if item.get("shot") == "ap":
        return any(
            e.get("kind") == "ap"
            and e.get("ship") == item.get("ship")
            and e.get("target") == item.get("target")
            and e.get("effect") not in (None, "none")
            for e in events[n + 1 :]
        )
    return None


def _shot(
    n: int, item: dict[str, Any], events: Events, ships: dict[str, dict[str, Any]], drawing: Drawing
) -> None:
    if item.get("failed") is not False:
        return
    hit = _shot_hit(n, item, events)
    start = _area_point(ships, item.get("ship"), item.get("area"))
    end = _area_point(ships, item.get("target"), item.get("target_area"))
    if hit is None or start is None or end is None or math.dist(start, end) < 1e-6:
        return
    result = "hit" if hit else "miss"
    words = (
        f"{item.get('ship')} {item.get('area', '')} shoots at {item.get('target')}."
        f"{item.get('target_area', '')}: {'hit' if hit else 'missed'}"
    )
    drawing.marks.append(shot_mark(hit, start, end, 1.0, f"shot-{result}--{n}", words))
    drawing.shown[f"shot-{result}"] = None


def _events(
    ships: dict[str, dict[str, Any]], events: Events, drawing: Drawing, size: float, fled: set[str]
) -> None:
    runs, where = ship_paths(ships, events)
    for sid, n, line, drift in runs:
        drawing.trails.append(
            trail(line, DRIFT if drift else TRAIL, 3 / size, f"{'drift' if drift else 'move'}--{sid}--{n}")
        )
        drawing.shown["drift" if drift else "move"] = None
    for n, item in enumerate(events):
        kind = item.get("kind")
        if kind in ("collision", "rake"):
            _collision(n, item, events, drawing)
        elif kind == "shot":
            _shot(n, item, events, ships, drawing)
        elif kind == "blocked":
            at = where.get(n) or _centre(ships, item.get("ship"))
            if at is not None:
                by = item.get("by")
                what = "the table edge" if by == "edge" else by or "something"
                words = f"{item.get('ship')} is blocked by {what}"
                drawing.marks.append(blocked_mark(at, 1.0, f"blocked--{n}", words))
                drawing.shown["blocked"] = None
        elif kind == "fled" and str(item.get("ship")) not in fled:
            at = point_of((item.get("x"), item.get("y")))
            if at is not None:
                drawing.marks.append(
                    fled_mark(str(item.get("ship")), ships.get(str(item.get("ship")), {}), at)
                )
                drawing.shown["fled"] = None
                fled.add(str(item.get("ship")))


def map_scene(
    view: dict[str, Any],
    events: Sequence[dict[str, Any]],
    title: str,
    subtitle: str,
    viewer: str | None,
    size: float = 0.0,
) -> Scene:
    """The table as `viewer` (a side; None for observers and the game master) sees it after
    `events` (the phase's, as view_events gives them to the same viewer): land, currents, wind,
    the ships with their marks, labels and links, this phase's paths, collisions, shots, blocks
    and flights, and a legend. `size` is pixels per SL; 0 fits the table into about 1,400 px.
    The viewer changes nothing here: the view and events are already the viewer's (§16)."""
    ships = ships_of(view)
    width, height = table_of(view)
    size = size if size > 0 and math.isfinite(size) else default_size(width)
    drawing = new_drawing(view, ships)
    drawing.viewer = viewer
    draw_terrain(view, drawing)
    draw_ships(view, ships, drawing)
    fled = {
        sid
        for sid, ship in ships.items()
        if ship.get("status") == "fled" and point_of((ship.get("x"), ship.get("y"))) is not None
    }
    _events(ships, [item for item in events if isinstance(item, dict)], drawing, size, fled)
    return scene(drawing, title, subtitle, size, width, height)
