"""The speed-band plan map: each accepted movement line's path as the echo plots it (rulings
§20, §21: as if no other ship moved), over the table now.

Owns the grammar of the plan's places as `echo.plan_places` writes them (`LineResult.plan`):
"(x, y, heading)" for the start and the pose after each step, the last perhaps followed by
"ram <target>" and "side port|starboard" (the shear side): `parse_plan_place` and `PlanPlace`;
and `plan_scene`, the table (`mapships`) with the zone lines round the side's enemies
(`mapreach`, §1.1) and each line's dashed path, where the ship ends in its side's tint, its ram
at the bow where it ends, and the ship's reaches from there that hold an enemy (`mapreach`). A
place that cannot be read is left out. Calls the kit, `maplabels`, `mapreach` and `mapships`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pbem.rules.scene import Point, Polygon, Scene, Style, haloed
from pbem.rules.speedband.maplabels import number_of, ship_corners
from pbem.rules.speedband.mapreach import enemy_zones, own_reaches
from pbem.rules.speedband.mapships import bow_point, draw_ships, new_drawing, scene, ships_of, table_of
from pbem.rules.table import Pose, Vec, place, rectangle
from pbem.rules.table.mapkit import (
    PLAN_STRIKE,
    PLAN_TRAIL,
    Corners,
    burst,
    default_size,
    look_of,
    plan_end,
    ship_frame,
    trail,
)
from pbem.rules.table.maplayout import Drawing

NUMBER = r"\s*(-?\d+(?:\.\d*)?)\s*"
PLAN_POINT = re.compile(rf"^\s*\({NUMBER},{NUMBER}(?:,{NUMBER})?\)(.*)$")
RAM_WORDS = re.compile(r"\bram\s+([A-Za-z0-9-]+)", re.IGNORECASE)
SIDE_WORDS = re.compile(r"\bside\s+(port|starboard)\b", re.IGNORECASE)


@dataclass(frozen=True)
class PlanPlace:
    """One place of a plan: the ship's centre there, its heading if given, the ram target named
    there ("" for none) and the shear side named with it ("")."""

    at: Point
    heading: float | None
    ram: str = ""
    side: str = ""


def parse_plan_place(text: str) -> PlanPlace | None:
    """"(28, 16, 0)", "(52, 26, 0) ram C3 side port"; None if unreadable."""
    found = PLAN_POINT.match(text)
    if found is None:
        return None
    rest = found[4] or ""
    if rest.strip() and not RAM_WORDS.search(rest) and not SIDE_WORDS.search(rest):
        return None
    ram, side = RAM_WORDS.search(rest), SIDE_WORDS.search(rest)
    return PlanPlace((float(found[1]), float(found[2])),
                     float(found[3]) if found[3] is not None else None,
                     ram[1] if ram else "", side[1].lower() if side else "")


def _plan(sid: str, ship: dict[str, Any], places: Sequence[PlanPlace], side: str,
          drawing: Drawing, size: float) -> Corners | None:
    """Draw one plan; where it leaves the ship (its hull now if it does not move it)."""
    line: list[Point] = []
    for place_ in places:
        if not line or math.dist(line[-1], place_.at) > 1e-9:
            line.append(place_.at)
    if len(line) > 1:
        drawing.trails.append(trail(line, PLAN_TRAIL, 4 / size, f"plan--{sid}"))
        drawing.shown["plan"] = None
    now = ship_corners(ship)
    headings = [place_.heading for place_ in places if place_.heading is not None]
    heading = headings[-1] if headings else number_of(ship.get("heading"))
    bow = line[-1] if line else None
    ended: Corners | None = None
    if now is not None and line and (len(line) > 1 or heading != number_of(ship.get("heading"))):
        _, _, _, length, beam = ship_frame(now)
        end = place(rectangle(round(length, 6), round(beam, 6)), Pose(Vec(*line[-1]), heading))
        fill = look_of(str(ship.get("side") or side), drawing.sides, {})[0]
        corners = tuple((c.x, c.y) for c in end.corners)
        drawing.marks.insert(0, plan_end(corners, fill, f"plan-end--{sid}"))
        drawing.shown.setdefault("plan-end", (Style(fill=fill), ""))
        bow = bow_point(corners)
        ended = corners
    rams = [place_ for place_ in places if place_.ram]
    if rams and bow is not None:
        target, shear = rams[-1].ram, rams[-1].side
        words = f"{sid} rams {target} if its bow meets it" + (f"; {shear} oars at risk" if shear else "")
        drawing.marks.append(haloed(Polygon(burst(bow), PLAN_STRIKE), f"plan-ram--{sid}", words))
        drawing.shown["plan-ram"] = None
    return ended or now


def plan_scene(view: dict[str, Any], side: str, plans: Sequence[tuple[str, Sequence[str]]],
               title: str, subtitle: str) -> Scene:
    """The table now as `side` sees it (`view` is that side's view), with each accepted
    movement line's plan (ship, places) plotted: its path, where the ship ends and its ram, and
    from there its reaches that hold an enemy where it stands now (issue 24). A plan naming no
    ship of the view, or with no place that can be read, draws nothing; of two plans for one
    ship the later is drawn."""
    ships = ships_of(view)
    by_key = {sid.upper(): sid for sid in ships}
    width, height = table_of(view)
    size = default_size(width)
    drawing = new_drawing(view, ships)
    drawing.viewer = side
    draw_ships(view, ships, drawing)
    enemy_zones(ships, side, drawing)
    chosen: dict[str, Sequence[str]] = {}
    for piece, plan in plans:  # one plan a ship: a later one stands for an earlier
        sid = by_key.get(str(piece).upper())
        if sid is not None and plan:
            chosen[sid] = plan
    ends: dict[str, Corners] = {}
    for sid, plan in chosen.items():
        places = [p for p in map(parse_plan_place, map(str, plan)) if p is not None]
        end = _plan(sid, ships[sid], places, side, drawing, size)
        if end is not None and places:
            ends[sid] = end
    own_reaches(view, ships, side, (0.0, 0.0, width, height), drawing, ends)
    return scene(drawing, title, subtitle, size, width, height)
