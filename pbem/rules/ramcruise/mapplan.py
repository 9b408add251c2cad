"""The ram / cruise / strategic plan map: a movement line's answer drawn as the echo gives it
(§6.6), and the places it is written in.

Owns the plan's places, strings "(x, y)" with the last "(x, y, heading)", each perhaps
followed by "shear <id>", "ram <id>" or "blocked": their grammar (`parse_plan_place`,
`PlanPlace`), `plan_places`, which makes them from a planned move's events, and
`plan_scene`, the table now (`mapships`) with each accepted line's path, where the ship
ends, its shears at their abreast points, its ram contact and its block. Calls the kit,
`maplabels` and `mapships`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pbem.rules.ramcruise.maplabels import number_of, point_of, ship_corners
from pbem.rules.ramcruise.mapships import draw_ships, new_drawing, scene, ships_of, table_of
from pbem.rules.scene import Point, Polygon, Scene, Style, haloed
from pbem.rules.table import Pose, Vec, place, rectangle
from pbem.rules.table.mapkit import (
    PLAN_STRIKE,
    PLAN_TRAIL,
    blocked_mark,
    burst,
    default_size,
    diamond,
    look_of,
    plan_end,
    ship_frame,
    trail,
)
from pbem.rules.table.maplayout import Drawing

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
        if kind == "move" and (end := point_of(item.get("end"))) is not None:
            heading = number_of(item.get("heading"), heading)
            if pending is not None and pending[0] != places[-1][0]:
                places.append(pending)
            pending = [end, []]
        elif kind in ("shear", "avoid") and (at := point_of(item.get("at"))) is not None:
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
          drawing: Drawing, size: float) -> None:
    line = [place_.at for place_ in places]
    if len(line) > 1:
        drawing.trails.append(trail(line, PLAN_TRAIL, 4 / size, f"plan--{sid}"))
        drawing.shown["plan"] = None
    now = ship_corners(ship)
    headings = [place_.heading for place_ in places if place_.heading is not None]
    heading = headings[-1] if headings else number_of(ship.get("heading"))
    if now is not None and line and (len(line) > 1 or heading != number_of(ship.get("heading"))):
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
    ships = ships_of(view)
    by_key = {sid.upper(): sid for sid in ships}
    width, height = table_of(view)
    size = default_size(width)
    drawing = new_drawing(view, ships)
    drawing.viewer = side
    draw_ships(view, ships, None, (0.0, 0.0, width, height), drawing)
    for piece, plan in plans:
        sid = by_key.get(str(piece).upper())
        if sid is not None:
            places = [p for p in map(parse_plan_place, map(str, plan)) if p is not None]
            _plan(sid, ships[sid], places, side, drawing, size)
    return scene(drawing, title, subtitle, size, width, height)
