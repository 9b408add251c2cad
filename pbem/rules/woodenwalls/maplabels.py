"""The Wooden Walls map: reading the view, one ship's octagon, and its label and tooltip.

Owns the view's small readers (a point, a number), the table's size in SL (18 x 12 unless the
view says, §1), the wind ("stiff@45": strength and the heading it blows towards, §7.10), land and
currents (the view's `terrain`, when it gives one), the links ("grapple A>B 2", "ram A>B",
"corvus A>B", WW 8), and a ship's eight corners in G3's order (bow-starboard, shoulder, hip,
stern-starboard, stern-port, hip, shoulder, bow-port: the view's `corners`, or made from its
type, centre and heading). Its frame: the bow edge is corners 7-0, the stern edge 3-4.

A label is the kit's `maplayout.Label`: the id; speed over maximum speed with the flag (§4.2,
§15.4); then holes (original and added, §10.3, §10.7), fires by area (§13.1), oar sections lost,
oars shipped, steering oars lost (§8.3), no ram (§10.6), hulk, captured. Crew quality is never
written, not even a side's own (§16: a map may be forwarded; the report says it). Calls the table
core, the kit, `shiptypes` and `shipgeom` only.
"""

from __future__ import annotations

import math
import re
from typing import Any

from pbem.rules.scene import Point, Style
from pbem.rules.table import Pose, Vec, mapgrid
from pbem.rules.table.mapkit import INK, WHITE, Corners
from pbem.rules.table.maplayout import Label
from pbem.rules.woodenwalls.shipgeom import ship_polygon
from pbem.rules.woodenwalls.shiptypes import ShipType, ship_type

STATE = Style(fill=INK, stroke=WHITE, width=3, font_size=12, anchor="middle", baseline="middle")
WIDTH, HEIGHT = 18.0, 12.0  # SL (§1)
LINK_TEXT = re.compile(r"^\s*(grapple|ram|corvus)\s+([^>\s]+)>(\S+)(?:\s+(\d+))?\s*$", re.IGNORECASE)
WIND_TEXT = re.compile(r"^\s*(light|stiff|strong)\s*@\s*(-?\d+(?:\.\d*)?)\s*$", re.IGNORECASE)
FLAGS = {"standing_off": "standing off", "fleeing": "fleeing"}
LABEL_WORDS = {
    "label": ("RH-1", "id"),
    "label-speed": ("3/4", "speed/maximum speed, flag (standing off, fleeing)"),
    "label-state": ("L+M", "holes L M S (+ added), fire area and level, oars lost P/S and number, "
                           "shipped, steer(ing oars) lost"),
}


def point_of(value: Any) -> Point | None:
    """An [x, y] pair of finite numbers, or None."""
    if (
        isinstance(value, (list, tuple))
        and len(value) >= 2
        and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value[:2]
        )
    ):
        return float(value[0]), float(value[1])
    return None


def number_of(value: Any, default: float = 0.0) -> float:
    """A finite number, or `default`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return default


def texts_of(value: Any) -> list[str]:
    """A list of strings (anything else left out)."""
    return [str(v) for v in value if isinstance(v, str)] if isinstance(value, (list, tuple)) else []


def table_of(view: dict[str, Any]) -> tuple[float, float]:
    """The table's width and height in SL: 18 x 12 unless the view says (§1)."""
    table = view.get("table")
    given: dict[str, Any] = table if isinstance(table, dict) else {}
    width, height = number_of(given.get("width"), WIDTH), number_of(given.get("height"), HEIGHT)
    return (width if width > 0 else WIDTH), (height if height > 0 else HEIGHT)


def ships_of(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    ships = view.get("ships")
    return {str(k): v for k, v in ships.items() if isinstance(v, dict)} if isinstance(ships, dict) else {}


def wind_of(view: dict[str, Any]) -> tuple[str, float] | None:
    """The wind's strength and the heading it blows towards, from "stiff@45" (§7.10)."""
    found = WIND_TEXT.match(str(view.get("wind") or ""))
    return (found[1].lower(), float(found[2]) % 360) if found else None


def links_of(view: dict[str, Any]) -> list[tuple[str, str, str, int]]:
    """The view's links as (kind, a, b, count): a the thrower, rammer or corvus user."""
    found = []
    for text in texts_of(view.get("links")):
        match = LINK_TEXT.match(text)
        if match:
            found.append((match[1].lower(), match[2], match[3], int(match[4] or 0)))
    return found


def _polygon(value: Any) -> tuple[Point, ...] | None:
    points = [point_of(p) for p in value] if isinstance(value, (list, tuple)) else []
    kept = tuple(p for p in points if p is not None)
    return kept if len(kept) >= 3 and len(kept) == len(points) else None


def terrain_of(
    view: dict[str, Any],
) -> tuple[list[tuple[Point, ...]], list[tuple[tuple[Point, ...], float, str]]]:
    """Land polygons and currents (polygon, heading, weak/strong) from the view's `terrain`
    ({"land": [[[x, y], ...]], "currents": [{"polygon": ..., "heading": h, "strength": s}]})."""
    terrain = view.get("terrain")
    given: dict[str, Any] = terrain if isinstance(terrain, dict) else {}
    land = (
        [p for p in map(_polygon, given.get("land") or []) if p is not None]
        if isinstance(given.get("land"), list)
        else []
    )
    currents = []
    for item in given.get("currents") or [] if isinstance(given.get("currents"), list) else []:
        if isinstance(item, dict):
            polygon = _polygon(item.get("polygon"))
            heading = item.get("heading")
            if polygon is not None and isinstance(heading, (int, float)) and not isinstance(heading, bool):
                currents.append((polygon, number_of(heading), str(item.get("strength") or "weak")))
    return land, currents


def row_of(ship: dict[str, Any]) -> ShipType | None:
    """The ship's type row (public: §4.1), or None when the view names no known type."""
    try:
        return ship_type(str(ship.get("type")))
    except (KeyError, ValueError):
        return None


def pose_of(ship: dict[str, Any]) -> Pose | None:
    at = point_of((ship.get("x"), ship.get("y")))
    heading = ship.get("heading")
    if (
        at is None
        or not isinstance(heading, (int, float))
        or isinstance(heading, bool)
        or not math.isfinite(heading)
    ):
        return None
    return Pose(Vec(*at), float(heading))


def ship_corners(ship: dict[str, Any]) -> Corners | None:
    """The eight corners made from the type, centre and heading (G3: unrounded, so that the hull
    and the marks placed by `shipgeom` agree), or failing those the view's `corners`."""
    row, pose = row_of(ship), pose_of(ship)
    if row is not None and pose is not None:
        return tuple((c.x, c.y) for c in ship_polygon(row, pose).corners)
    given = _polygon(ship.get("corners"))
    return given if given is not None and len(given) == 8 else None


def octagon_frame(corners: Corners) -> tuple[Point, Point, Point, float, float]:
    """Centre, unit vector ahead, unit vector to starboard, length and beam (the kit's)."""
    return mapgrid.octagon_frame(corners)


def local(corners: Corners, u: float, v: float) -> Point:
    """The point u SL towards the bow and v to starboard of the octagon's centre (the kit's)."""
    return mapgrid.octagon_local(corners, u, v)


def status_of(ship: dict[str, Any]) -> str:
    return str(ship.get("status") or "afloat")


def fires_of(ship: dict[str, Any]) -> dict[str, int]:
    """The burning areas and their levels (§13.1), levels 1-4 only."""
    fires = ship.get("fires")
    if not isinstance(fires, dict):
        return {}
    return {
        str(area): int(level)
        for area, level in fires.items()
        if isinstance(level, int) and not isinstance(level, bool) and 0 < level <= 4
    }


def speed_line(ship: dict[str, Any]) -> str:
    """Speed over its maximum (§4.2) and the flag (§15.4)."""
    status = status_of(ship)
    if status != "afloat":
        return "hulk" if status == "hulk" else status
    speed, most = ship.get("speed"), ship.get("max_speed")
    words = f"{speed if speed is not None else '?'}" + (f"/{most}" if most is not None else "")
    flag = FLAGS.get(str(ship.get("flag") or ""))
    return f"{words} {flag}" if flag else words


def state_line(ship: dict[str, Any]) -> str:
    """Holes, fires, oars lost and shipped, steering oars lost, no ram, captured."""
    words = []
    holes, added = texts_of(ship.get("holes")), texts_of(ship.get("added"))
    if holes or added:
        words.append("holes " + " ".join(holes) + ("+" + " ".join(added) if added else ""))
    fires = fires_of(ship)
    if fires:
        words.append("fire " + " ".join(f"{area}{level}" for area, level in fires.items()))
    lost = texts_of(ship.get("oars_lost"))
    if lost:
        words.append("oars lost " + ",".join(lost))
    shipped = texts_of(ship.get("shipped"))
    if shipped:
        words.append("shipped " + ",".join(side[:1].upper() for side in shipped))
    steering = texts_of(ship.get("steering_lost"))
    if steering:
        words.append("steer lost " + ",".join(side[:1].upper() for side in steering))
    if ship.get("ram") is False:
        words.append("no ram")
    if ship.get("captured") is True:
        words.append("captured")
    return " ".join(words)


def ship_label(sid: str, ship: dict[str, Any], corners: Corners) -> Label:
    """The ship's label: id, speed line, and its state line when there is one."""
    state = state_line(ship)
    more = ((state, STATE),) if state else ()
    return Label(f"label--{sid}", sid, speed_line(ship), corners, more=more)


def ship_tooltip(sid: str, ship: dict[str, Any]) -> str:
    """What the map knows of a ship, in words; never its crew quality (§16)."""
    state = state_line(ship)
    return (
        f"{sid}, {ship.get('type', '?')} of {ship.get('controller') or ship.get('side', '?')}: "
        f"{status_of(ship)}, speed {ship.get('speed', '?')} (maximum {ship.get('max_speed', '?')}), "
        f"heading {ship.get('heading', '?')}" + (f"; {state}" if state else "")
    )
