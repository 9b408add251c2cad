"""The Wooden Walls plan map: the table now as a side sees it, with for the side's own ships
afloat the reveal ring (house rule `reveal_range`, 2 SL about the footprint, §16), the shooting
ranges of each area that an enemy lies within (§11.1: marines 1, shooters 2, an engine 3 SL, an
open ship's oarsmen ½ from M; measured from the area's deck section to the enemy's, and drawn
only where an enemy afloat is within that range and the area's arc, §11.2: issue 24, no ring
that reaches nobody), and each accepted segment's plan as a sketch (§20: as if no other ship
moved, before the clamp of §7.4).

Plans come as the host passes them, (ship id, places): each place "(x, y, heading)", the last
perhaps followed by the segment's intent ("ram RH-ATHENA", "shear ANY"); `segment_places`
writes them from a ship's type, pose and speed and a segment's steps, turning about the pivot
point of §3 (for a checker to put in `LineResult.plan`). Range rings, the reveal ring and the
plan's end are drawn only for the side's own ships, and so is, where the host passes the side's
`speeds.limits`, each own ship's next-segment turn-limit fan (§4.3/§7.3) and advance band (§7.2,
§7.10): the view carries no limit, since an enemy's would show FR or Poor (§16). Calls the kit,
`maplabels`, `mapmarks`, `mapships`, `shipgeom` and `sightings`' arcs and ranges.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pbem.rules.scene import Group, Point, Polygon, Scene, Style
from pbem.rules.table import Pose, Vec, Wedge, footprint_distance, partly_within
from pbem.rules.table.mapkit import INK, PLAN_TRAIL, Corners, heading_unit, range_ring, trail
from pbem.rules.table.maplayout import Drawing
from pbem.rules.woodenwalls.maplabels import (
    number_of,
    pose_of,
    row_of,
    ship_corners,
    ships_of,
    status_of,
    table_of,
)
from pbem.rules.woodenwalls.mapmarks import BAND, FAN, PLAN_END, REVEAL, bow_mark, range_style, side_look
from pbem.rules.woodenwalls.mapships import default_size, draw_ships, draw_terrain, new_drawing, scene
from pbem.rules.woodenwalls.shipgeom import (
    EPSILON,
    area_polygon,
    hull_polygon,
    reference_point,
    ship_polygon,
)
from pbem.rules.woodenwalls.shiptypes import ShipType
from pbem.rules.woodenwalls.sightings import (
    ARCS,
    ENGINE_RANGE,
    MARINE_RANGE,
    OARSMEN_AREA,
    OARSMEN_RANGE,
    SHOOTER_RANGE,
)
from pbem.rules.woodenwalls.speeds import Limits

FAN_REACH = 1.0  # SL the fan reaches past the band's far edge (or past the bow when stopped)
BAND_SPREAD = 5.0  # least half-angle of the band, so a ship that may not turn still shows one
REVEAL_RANGE = 2.0  # SL, house rule `reveal_range` (§16) unless the view's options say
REACH = {"marines": MARINE_RANGE, "shooters": SHOOTER_RANGE, "engine": ENGINE_RANGE}
NUMBER = r"\s*(-?\d+(?:\.\d*)?)\s*"
PLACE = re.compile(rf"^\s*\({NUMBER},{NUMBER}(?:,{NUMBER})?\)\s*(.*)$")
INTENT = re.compile(r"^(ram|shear|rake)\s+([A-Za-z0-9-]+)$", re.IGNORECASE)


@dataclass(frozen=True)
class PlanPlace:
    """One place of a plan: the centre, the heading if given, the intent named there ("")."""

    at: Point
    heading: float | None
    intent: str = ""


def parse_place(text: str) -> PlanPlace | None:
    """ "(8, 3, 0)", "(8, 4.5, 10) ram MA-PELLA"; None if unreadable."""
    found = PLACE.match(text)
    if found is None:
        return None
    rest = (found[4] or "").strip()
    if rest and INTENT.match(rest) is None:
        return None
    return PlanPlace(
        (float(found[1]), float(found[2])),
        float(found[3]) if found[3] is not None else None,
        " ".join(rest.split()).upper() if rest else "",
    )


def _enemies(ships: dict[str, dict[str, Any]], side: str) -> dict[str, dict[str, Any]]:
    return {
        sid: ship
        for sid, ship in ships.items()
        if status_of(ship) == "afloat"
        and str(ship.get("controller") or ship.get("side")) != side
        and row_of(ship)
        and pose_of(ship)
    }


def _reaches(ship: dict[str, Any], side: str) -> dict[str, set[float]]:
    """Each area's ranges by the elements of the ship's side standing in it (§11.1)."""
    found: dict[str, set[float]] = {}
    elements = ship.get("elements")
    for element in elements if isinstance(elements, list) else []:
        if (
            isinstance(element, dict)
            and element.get("side") == side
            and element.get("kind") in REACH
            and element.get("area") in ARCS
        ):
            found.setdefault(str(element["area"]), set()).add(REACH[str(element["kind"])])
    row = row_of(ship)
    lost = ship.get("oars_lost")
    gone = {str(label) for label in lost} if isinstance(lost, list) else set()
    if ship.get("protection") == "open" and row is not None and len(gone) < 2 * row.oar_sections:
        found.setdefault(OARSMEN_AREA, set()).add(OARSMEN_RANGE)  # an intact section on a side
    return found


def _within(
    row: ShipType, pose: Pose, area: str, reach: float, enemies: dict[str, dict[str, Any]]
) -> list[str]:
    """The enemies an area reaches: one of their deck sections within range, the hull in arc."""
    mine = area_polygon(row, pose, area)
    apex = reference_point(row, pose, area)
    found = []
    for sid, enemy in enemies.items():
        erow, epose = row_of(enemy), pose_of(enemy)
        assert erow is not None and epose is not None
        near = any(
            footprint_distance(mine, area_polygon(erow, epose, theirs), EPSILON) <= reach + EPSILON
            for theirs in ("B", "M", "S")
        )
        hull = hull_polygon(erow, epose)
        if near and any(
            partly_within(hull, Wedge(apex, pose.heading, first, last)) for first, last, _ in ARCS[area]
        ):
            found.append(sid)
    return found


def _reveal_range(view: dict[str, Any]) -> float:
    options = view.get("options")
    given = (
        number_of(options.get("reveal_range"), REVEAL_RANGE) if isinstance(options, dict) else REVEAL_RANGE
    )
    return given if given > 0 else REVEAL_RANGE


def own_rings(
    view: dict[str, Any],
    ships: dict[str, dict[str, Any]],
    side: str,
    table: tuple[float, float, float, float],
    drawing: Drawing,
) -> None:
    """The reveal ring of each of the side's ships afloat, and each area's ranges that reach an enemy."""
    enemies = _enemies(ships, side)
    reveal = _reveal_range(view)
    for sid, ship in ships.items():
        corners, row, pose = ship_corners(ship), row_of(ship), pose_of(ship)
        if (
            corners is None
            or status_of(ship) != "afloat"
            or str(ship.get("controller") or ship.get("side")) != side
        ):
            continue
        drawing.rings.append(
            range_ring(
                corners,
                reveal,
                table,
                REVEAL,
                f"reveal--{sid}",
                f"{sid}: enemies within {reveal:g} SL learn its crew, and it theirs",
            )
        )
        drawing.shown["reveal"] = None
        if row is None or pose is None:
            continue
        for area, reaches in _reaches(ship, side).items():
            section = tuple((c.x, c.y) for c in area_polygon(row, pose, area).corners)
            for reach in sorted(reaches):
                within = [other for other in _within(row, pose, area, reach, enemies) if other != sid]
                if not within:
                    continue
                key = f"range-{reach:g}"
                drawing.rings.append(
                    range_ring(
                        section,
                        reach,
                        table,
                        range_style(reach),
                        f"{key}--{sid}--{area}",
                        f"{sid} {area}: range {reach:g} SL reaches {', '.join(within)}",
                    )
                )
                drawing.shown[key] = None


def bow_point(corners: Corners, centre: Point, heading: float) -> Point:
    """The point on the heading line through `centre` level with the outline's foremost corner."""
    ahead = heading_unit(heading)
    reach = max((x - centre[0]) * ahead[0] + (y - centre[1]) * ahead[1] for x, y in corners)
    return centre[0] + ahead[0] * reach, centre[1] + ahead[1] * reach


def _sector(apex: Point, heading: float, half: float, inner: float, outer: float, steps: int = 12) -> Corners:
    """The sector about `heading` (degrees clockwise from north) ± `half` between radii `inner`
    and `outer` of `apex` (a wedge when `inner` is 0)."""
    angles = [heading - half + 2 * half * k / steps for k in range(steps + 1)]

    def at(angle: float, radius: float) -> Point:
        rad = math.radians(angle)
        return apex[0] + radius * math.sin(rad), apex[1] + radius * math.cos(rad)

    outside = [at(angle, outer) for angle in angles]
    inside = [apex] if inner <= 0 else [at(angle, inner) for angle in reversed(angles)]
    return tuple(outside + inside)


def limit_marks(sid: str, corners: Corners, pose: Pose, limit: Limits) -> Group:
    """The next segment's turn-limit fan (a wedge from the bow, ± `limit.turn`, which is the pivot
    limit for a stopped ship, §4.3/§7.3) and, for a moving ship, its advance range (the band
    `advance_min` to `advance_max` ahead of the bow, §7.2 with §7.10's halving in `limit`)."""
    heading = pose.heading
    bow = bow_point(corners, (pose.centre.x, pose.centre.y), heading)
    turn = limit.pivot if limit.advance_max <= 0 else limit.turn
    reach = limit.advance_max + FAN_REACH
    items: list[Polygon] = [Polygon(_sector(bow, heading, turn, 0.0, reach), FAN)]
    words = f"{sid}: may turn up to {turn:g}° next segment"
    if limit.advance_max > 0:
        spread = max(turn, BAND_SPREAD)
        items.append(Polygon(_sector(bow, heading, spread, limit.advance_min, limit.advance_max), BAND))
        words += f", advancing {limit.advance_min:g} to {limit.advance_max:g} SL"
    return Group(tuple(items), id=f"limits--{sid}", tooltip=words)


def own_limits(
    ships: dict[str, dict[str, Any]], side: str, limits: Mapping[str, Limits], drawing: Drawing
) -> None:
    """The fan and band of each of the side's ships afloat that `limits` names (never an enemy's)."""
    for sid, ship in ships.items():
        corners, pose, limit = ship_corners(ship), pose_of(ship), limits.get(sid)
        if (
            corners is None
            or pose is None
            or limit is None
            or status_of(ship) != "afloat"
            or str(ship.get("controller") or ship.get("side")) != side
        ):
            continue
        drawing.rings.append(limit_marks(sid, corners, pose, limit))
        drawing.shown["turn-limit"] = None
        if limit.advance_max > 0:
            drawing.shown["advance"] = None


def _plan(
    sid: str, ship: dict[str, Any], places: Sequence[PlanPlace], side: str, drawing: Drawing, size: float
) -> None:
    line: list[Point] = []
    for place in places:
        if not line or math.dist(line[-1], place.at) > 1e-9:
            line.append(place.at)
    intent = next((place.intent for place in reversed(places) if place.intent), "")
    if len(line) > 1:
        drawing.trails.append(trail(line, PLAN_TRAIL, 3 / size, f"plan--{sid}"))
        drawing.shown["plan"] = None
    row = row_of(ship)
    headings = [place.heading for place in places if place.heading is not None]
    if row is None or not line or not headings:
        return
    end = ship_polygon(row, Pose(Vec(*line[-1]), headings[-1]))
    corners: Corners = tuple((c.x, c.y) for c in end.corners)
    hull, _ = side_look(str(ship.get("controller") or ship.get("side") or side), drawing.sides)
    words = f"{sid} ends its plan here" + (f", {intent.lower()} if it meets that ship" if intent else "")
    drawing.marks.insert(
        0,
        Group(
            (
                Polygon(corners, Style(fill=hull.fill, stroke="none", opacity=0.3)),
                Polygon(corners, PLAN_END),
                Polygon(bow_mark(corners), Style(fill=INK, stroke="none")),
            ),
            id=f"plan-end--{sid}",
            tooltip=words,
        ),
    )
    drawing.shown.setdefault("plan-end", (hull, ""))


def plan_scene(
    view: dict[str, Any],
    side: str,
    plans: Sequence[tuple[str, Sequence[str]]],
    title: str,
    subtitle: str,
    limits: Mapping[str, Limits] | None = None,
) -> Scene:
    """The table now as `side` sees it (`view` is that side's view): its ships' reveal rings and
    the ranges that reach an enemy, and each accepted segment's plan (ship, places): its path and
    where it ends. A plan naming no ship of the side, or with no readable place, draws nothing;
    of two plans for one ship the later is drawn. `limits` (ship id -> `speeds.limits`, which the
    view does not carry, §16) adds each own ship's turn-limit fan and advance band."""
    ships = ships_of(view)
    by_key = {
        sid.upper(): sid
        for sid, ship in ships.items()
        if str(ship.get("controller") or ship.get("side")) == side
    }
    width, height = table_of(view)
    size = default_size(width)
    drawing = new_drawing(view, ships)
    drawing.viewer = side
    draw_terrain(view, drawing)
    draw_ships(view, ships, drawing)
    own_rings(view, ships, side, (0.0, 0.0, width, height), drawing)
    own_limits(ships, side, limits or {}, drawing)
    chosen: dict[str, Sequence[str]] = {}
    for piece, plan in plans:
        sid = by_key.get(str(piece).upper())
        if sid is not None and plan:
            chosen[sid] = plan
    for sid, plan in chosen.items():
        places = [p for p in map(parse_place, map(str, plan)) if p is not None]
        if places:
            _plan(sid, ships[sid], places, side, drawing, size)
    return scene(drawing, title, subtitle, size, width, height)
