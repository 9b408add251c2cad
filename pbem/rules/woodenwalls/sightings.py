"""Who may shoot whom in Wooden Walls (rulings §11.1, §11.2, §13.3; core G5, G9, G19, G20; plan
§11 q. 22, 23): the range between two areas' deck sections, the arcs of §11.2 as wedges of
relative bearings from the shooting area's reference point, sight (land, smoke plumes, third
ships not lower than the shooting area), and one answer, `sighting`: may area X of ship A shoot
area Y of ship B at range r, with the reason when not.

Area heights: the ship type's height, a tower 2 higher (§4.1). Smoke plumes are the caller's to
give (`fire.smoke_plumes(state)`, §13.3); none by default.

Imports the state (`state.py`), the ship geometry (`shipgeom.py`), the ship table's tower rise
and the core's wedges, sight lines, bearings and limits (`pbem.rules.table`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.table import (
    Polygon,
    Pose,
    Vec,
    Wedge,
    bearing,
    partly_within,
    point_segment_distance,
    within,
)
from pbem.rules.table.placecache import per_place
from pbem.rules.table.sight import blocks
from pbem.rules.woodenwalls.shipgeom import (
    EPSILON,
    LARGEST_RADIUS,
    area_distance,
    bounding_radius,
    hull_polygon,
    pose_key,
    reference_point,
)
from pbem.rules.woodenwalls.shiptypes import TOWER_RISE, ship_type
from pbem.rules.woodenwalls.state import PORT, STARBOARD, TOWERS, GameState, Ship

# §11.2, house rule `arcs`: each area's wedges (first, last relative bearing, clockwise) and the
# side each belongs to ("" for B, S and towers); M has one wedge a side, starboard first (q. 23).
ARCS: dict[str, tuple[tuple[float, float, str], ...]] = {
    "B": ((-90.0, 90.0, ""),),
    "M": ((45.0, 135.0, STARBOARD), (-135.0, -45.0, PORT)),
    "S": ((90.0, -90.0, ""),),
    "T1": ((-180.0, 180.0, ""),),
    "T2": ((-180.0, 180.0, ""),),
}
MARINE_RANGE, SHOOTER_RANGE, ENGINE_RANGE, OARSMEN_RANGE = 1.0, 2.0, 3.0, 0.5  # §11.1
OARSMEN_AREA = "M"  # an open ship's oarsmen shoot as from M (§11.1)


@dataclass(frozen=True, slots=True)
class Sighting:
    """The answer for one shooting area and one target area: `allowed`, the `reason` when not
    (a sentence, "" when allowed), the footprint `distance` between the two deck sections (SL,
    G5), the `side` of the M wedge used ("port" or "starboard"; "" for other areas) and whether
    the refusal is the range alone (`beyond`: the target stands beyond the reach asked)."""

    allowed: bool
    reason: str = ""
    distance: float = 0.0
    side: str = ""
    beyond: bool = False


def area_height(ship: Ship, area: str) -> int:
    """An area's height: the ship type's, a tower's 2 more (§4.1)."""
    return ship.row.height + (TOWER_RISE if area in TOWERS else 0)


def section_range(shooter: Ship, area: str, target: Ship, target_area: str) -> float:
    """The range from one area to another: the footprint distance between their deck-section
    polygons (§11.1, G5, G9), 0 when they touch or overlap."""
    return area_distance(shooter.row, shooter.pose, area, target.row, target.pose, target_area)


def in_range(distance: float, reach: float) -> bool:
    """A range is within reach when it is at most the reach, ε to the shooter (§11.1, G6)."""
    return within(distance, reach, EPSILON)


def arc_side(shooter: Ship, area: str, target: Ship, side: str | None = None) -> str | None:
    """The wedge of `area` (§11.2) in which the target's whole hull (q. 22) lies partly, as its
    side: "" for B, S and towers, "starboard" or "port" for M (starboard first, q. 23); None when
    out of arc. `side` keeps M to one side's wedge (an open ship's oarsmen, §11.1). Kept per
    place: a shooting line asks it once for each area of the same target ship."""
    return _arc_side(shooter.type, *pose_key(shooter.pose), area, target.type,
                     *pose_key(target.pose), side)


@per_place(8192)
def _arc_side(shooter_type: str, x: str, y: str, heading: str, area: str, target_type: str,
              tx: str, ty: str, theading: str, side: str | None) -> str | None:
    pose = Pose(Vec(float.fromhex(x), float.fromhex(y)), float.fromhex(heading))
    apex = reference_point(ship_type(shooter_type), pose, area)
    hull = hull_polygon(ship_type(target_type),
                        Pose(Vec(float.fromhex(tx), float.fromhex(ty)), float.fromhex(theading)))
    for first, last, wedge_side in ARCS[area]:
        if side is not None and wedge_side != side:
            continue
        if partly_within(hull, Wedge(apex, pose.heading, first, last)):
            return wedge_side
    return None


def _third_ships(state: GameState, shooter: Ship, target: Ship) -> tuple[Ship, ...]:
    # Ships afloat on the table other than the two (hulks never block, §11.2).
    skip = {shooter.id.upper(), target.id.upper()}
    return tuple(ship for ship in state.ships
                 if ship.afloat and ship.on_table and ship.id.upper() not in skip)


def sight_blocked(state: GameState, shooter: Ship, area: str, target: Ship, target_area: str,
                  plumes: Sequence[Polygon] = ()) -> str:
    """Why the sight line from the shooting area's reference point to the target area's is
    blocked (§11.2 house rule `sight`, G20): land, a smoke plume (§13.3) or a third ship afloat
    not lower than the shooting area (the ship's footprint, §2); "" when it is clear."""
    start = reference_point(shooter.row, shooter.pose, area)
    end = reference_point(target.row, target.pose, target_area)
    if any(blocks(start, end, land, EPSILON) for land in state.terrain.land):
        return "land blocks the sight line"
    if any(blocks(start, end, plume, EPSILON) for plume in plumes):
        return "smoke blocks the sight line"
    height = area_height(shooter, area)
    # the box round the sight line, widened by the largest ship's radius (and a margin): a ship
    # whose centre lies outside it is farther from the line than its own radius (the cheapest
    # test first, then _near_line's)
    margin = LARGEST_RADIUS + EPSILON
    left, right = min(start.x, end.x) - margin, max(start.x, end.x) + margin
    low, high = min(start.y, end.y) - margin, max(start.y, end.y) + margin
    for ship in _third_ships(state, shooter, target):
        if (left <= ship.x <= right and low <= ship.y <= high
                and ship.row.height >= height and _near_line(ship, start, end)
                and blocks(start, end, ship.polygon, EPSILON)):
            return f"{ship.id} blocks the sight line"
    return ""


def _near_line(ship: Ship, start: Vec, end: Vec) -> bool:
    # False when the ship's centre lies farther from the sight line than its bounding radius:
    # no point of its footprint is on the line, so it cannot block (the cheap test first).
    return point_segment_distance(Vec(ship.x, ship.y), start, end) <= bounding_radius(ship.row)


def target_problem(state: GameState, shooter: Ship, target_id: str, target_area: str) -> str:
    """Why a ship's area is no target for the shooter (§11.1): not in the game, not an enemy
    controlled ship afloat on the table, or no such area; "" when it is a target."""
    target = state.ship(target_id)
    if target is None:
        return f"there is no ship {target_id}"
    if target.owner == shooter.owner:
        return f"{target.id} is not an enemy ship"
    if not (target.afloat and target.on_table):
        return f"{target.id} is not afloat"
    if target_area not in target.areas:
        return f"{target.id} has no area {target_area}"
    return ""


def sighting(state: GameState, shooter_id: str, area: str, target_id: str, target_area: str,
             reach: float, *, side: str | None = None, plumes: Sequence[Polygon] = ()) -> Sighting:
    """May `area` of ship `shooter_id` shoot `target_area` of `target_id` at range `reach`
    (§11.1, §11.2)? Checks, in order: the shooter afloat and having the area, the target
    (`target_problem`), the range between the deck sections, the arc (the target's hull partly
    within the area's wedge; `side` keeps M to one side) and sight. Range, arc and sight are all
    taken from `area` (an open ship's oarsmen shoot as from M, §11.1)."""
    shooter = state.require(shooter_id)
    if not (shooter.afloat and shooter.on_table):
        return Sighting(False, f"{shooter.id} is not afloat")
    if area not in shooter.areas:
        return Sighting(False, f"{shooter.id} has no area {area}")
    problem = target_problem(state, shooter, target_id, target_area)
    if problem:
        return Sighting(False, problem)
    target = state.require(target_id)
    distance = section_range(shooter, area, target, target_area)
    name = f"{target.id}.{target_area}"
    if not in_range(distance, reach):
        return Sighting(False, f"{name} is {distance:.2f} SL away, beyond range {reach:g}", distance,
                        beyond=True)
    wedge_side = arc_side(shooter, area, target, side)
    if wedge_side is None:
        where = f"{side} " if side else ""
        return Sighting(False, f"{target.id} is out of the {where}arc of {area}", distance)
    blocked = sight_blocked(state, shooter, area, target, target_area, plumes)
    if blocked:
        return Sighting(False, blocked, distance, wedge_side)
    return Sighting(True, "", distance, wedge_side)


def centre_bearing(shooter: Ship, target: Ship) -> float:
    """The bearing from the shooting ship's centre to the target's (§11.3's wind test, G18)."""
    return bearing(shooter.pose.centre, target.pose.centre)

