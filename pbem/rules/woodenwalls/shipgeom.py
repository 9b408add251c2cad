"""Wooden Walls' geometry of one ship, and of a pair, over the open-table core (rulings §2, §3,
§4.4; core G3, G5, G8, G9, G17).

Every function takes a `ShipType` and a `Pose` (where the ship stands), never a ship of the state:
the footprint and hull of a type (the type's cached octagons), placed on the table; the deck
sections of the areas B, M, S (towers T1 on the bow section, T2 on the stern) as keel intervals and
polygons, their reference points on the keel (B/T1 +L/3, M 0, S/T2 −L/3) and the distance between
two areas; the oar sections (n equal u-intervals of each beam, 1 forward, labels "P1", "S2" as the
case keys write them), the deck area each belongs to, the section at a beam point, the side facing
a point and the section whose midpoint is nearest a point; the pivot points of §3 and the rammer's
swing corner of §10.5; contact between two ships (c), and each ship's contact part, K taken within
ε at a collision and within c for ships lying in contact or at a stopped rotation; facing and
adjacency (§3, §4.4).

Imports the core (`pbem.rules.table`: footprints, poses, sections, parts, distances, the G6 tests,
WW's ε and c) and the ship table (`shiptypes.py`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from pbem.rules.table import (
    WOODEN_WALLS,
    ContactParts,
    Footprint,
    KeelSection,
    Polygon,
    Pose,
    Vec,
    clip_section,
    contact_parts,
    deck_reference_points,
    deck_sections,
    faces,
    footprint_distance,
    oar_sections,
    place,
    point_segment_distance,
    section_holding,
    to_local,
    to_world,
    within,
)
from pbem.rules.table.placecache import per_place
from pbem.rules.woodenwalls.shiptypes import AREAS, SHIP_TYPES, ShipType, ship_type

EPSILON = WOODEN_WALLS.epsilon  # ε, 0.00025 SL (G1)
CONTACT = WOODEN_WALLS.contact_tolerance  # c, 0.025 SL (house rule `contact_tolerance`, §1)
PORT, STARBOARD = "port", "starboard"
SIDES = (PORT, STARBOARD)
DECK_SECTION_AREAS = ("B", "M", "S")  # the areas standing on the three deck sections, forward first
# The deck section each area stands on (§2): towers on the bow and stern sections.
_SECTION_OF_AREA = {"B": 0, "M": 1, "S": 2, "T1": 0, "T2": 2}
# On one ship (§4.4): B–M, M–S, T1–B, T2–S.
_SAME_SHIP_ADJACENT = frozenset({frozenset({"B", "M"}), frozenset({"M", "S"}), frozenset({"T1", "B"}),
                                 frozenset({"T2", "S"})})
# Corners of the core's octagon (G3's order, clockwise from the bow-starboard corner).
_BOW_CORNER = {STARBOARD: 0, PORT: 7}
_SHOULDER = {STARBOARD: 1, PORT: 6}
_HIP = {STARBOARD: 2, PORT: 5}


def _area_index(area: str) -> int:
    if area not in _SECTION_OF_AREA:
        raise ValueError(f"there is no deck area {area!r}; the areas are {', '.join(AREAS)}")
    return _SECTION_OF_AREA[area]


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise ValueError(f"a ship's side is port or starboard, not {side!r}")


def _other_side(side: str) -> str:
    return PORT if side == STARBOARD else STARBOARD


# ---------------------------------------------------------------- the ship on the table (§2, G3)


def ship_polygon(ship_type: ShipType, pose: Pose) -> Polygon:
    """The ship's footprint (the octagon L × W, §2) standing at `pose`."""
    return place(ship_type.footprint, pose)


def hull_polygon(ship_type: ShipType, pose: Pose) -> Polygon:
    """The ship's hull at `pose`, the octagon with the beam less 0.05 SL, for shooting arcs only
    (house rule `hull_outline`); kept per place (every shot asks for it)."""
    return _placed_hull(ship_type.id, *pose_key(pose))


def pose_key(pose: Pose) -> tuple[str, str, str]:
    """A pose as a cache key: its floats' exact texts."""
    # The floats' exact texts: -0.0 and 0.0 are equal but place to different signed zeros, so
    # they must not share a cache entry (the same game must give the same bits, whatever ran
    # before).
    return float(pose.centre.x).hex(), float(pose.centre.y).hex(), float(pose.heading).hex()


def _pose(x: str, y: str, heading: str) -> Pose:
    return Pose(Vec(float.fromhex(x), float.fromhex(y)), float.fromhex(heading))


@per_place(8192)
def _placed_hull(type_id: str, x: str, y: str, heading: str) -> Polygon:
    return place(ship_type(type_id).hull, _pose(x, y, heading))


def local_point(pose: Pose, point: Vec) -> Vec:
    """A table point in the ship's own (u, v): u towards the bow, v to starboard (G2)."""
    return to_local(point, pose.centre, pose.heading)


# ---------------------------------------------------------------- deck sections (§2, G9)


def area_section(ship_type: ShipType, area: str) -> KeelSection:
    """The keel interval of an area's deck section (§2): B and T1 [L/6, L/2], M [−L/6, L/6],
    S and T2 [−L/2, −L/6]. ValueError with a sentence for an unknown area."""
    return deck_sections(ship_type.footprint)[_area_index(area)]


def area_footprint(ship_type: ShipType, area: str) -> Footprint:
    """An area's deck-section polygon in the ship's frame (the footprint clipped to the section,
    G9), kept once per type and area."""
    return _clipped(ship_type.footprint, _area_index(area))


@cache
def _clipped(footprint: Footprint, index: int) -> Footprint:
    return clip_section(footprint, deck_sections(footprint)[index])


def area_polygon(ship_type: ShipType, pose: Pose, area: str) -> Polygon:
    """An area's deck-section polygon on the table, for the ship standing at `pose` (G9); kept
    per place (every range asks for it)."""
    return _placed_area(ship_type.id, *pose_key(pose), area)


@per_place(16384)
def _placed_area(type_id: str, x: str, y: str, heading: str, area: str) -> Polygon:
    return place(area_footprint(ship_type(type_id), area), _pose(x, y, heading))


def reference_u(ship_type: ShipType, area: str) -> float:
    """The u on the keel of an area's reference point (§2): B and T1 +L/3, M 0, S and T2 −L/3."""
    return deck_reference_points(ship_type.footprint)[_area_index(area)]


def reference_point(ship_type: ShipType, pose: Pose, area: str) -> Vec:
    """An area's reference point on the table: the keel point at `reference_u` (§2)."""
    return to_world(reference_u(ship_type, area), 0.0, pose.centre, pose.heading)


def area_distance(first_type: ShipType, first_pose: Pose, first_area: str,
                  second_type: ShipType, second_pose: Pose, second_area: str) -> float:
    """Area to area: the footprint distance (G5) between the two deck-section polygons, 0 when
    they touch or overlap (§11.1 measures ranges so)."""
    return footprint_distance(area_polygon(first_type, first_pose, first_area),
                              area_polygon(second_type, second_pose, second_area), EPSILON)


def deck_area_at(ship_type: ShipType, pose: Pose, point: Vec) -> str | None:
    """The deck area B, M or S whose section holds a point's u (within ε; a point on a boundary
    goes to the forward section, §2); None when u lies more than ε beyond the bow or stern. With
    a ram embedded, the target's area adjacent to the rammer's B is the one holding I (§4.4)."""
    index = section_holding(local_point(pose, point).x, deck_sections(ship_type.footprint), EPSILON)
    return None if index is None else DECK_SECTION_AREAS[index]


# ---------------------------------------------------------------- oar sections (§2, G9)


def oar_intervals(ship_type: ShipType) -> tuple[KeelSection, ...]:
    """The n oar sections of a beam as keel u-intervals, section 1 (forward) first; the same
    intervals on both sides (§2: the beam edge, shoulder to hip, in n equal lengths)."""
    return _oar_intervals(ship_type.footprint, ship_type.oar_sections)


@cache
def _oar_intervals(footprint: Footprint, count: int) -> tuple[KeelSection, ...]:
    return oar_sections(footprint, count)


def oar_label(side: str, number: int) -> str:
    """An oar section as the case keys write it: "P2", "S1" (§2)."""
    _check_side(side)
    return f"{side[0].upper()}{number}"


def _oar_interval(ship_type: ShipType, number: int) -> KeelSection:
    intervals = oar_intervals(ship_type)
    if not 1 <= number <= len(intervals):
        raise ValueError(f"a {ship_type.id} has oar sections 1 to {len(intervals)} per side, "
                         f"not {number}")
    return intervals[number - 1]


def oar_section_area(ship_type: ShipType, number: int) -> str:
    """The deck area B, M or S an oar section belongs to: the one whose section holds its
    midpoint (§2; a midpoint on a boundary goes forward). The same on both sides."""
    area = _area_of_u(ship_type, _oar_interval(ship_type, number).midpoint)
    assert area is not None  # the beam lies within the keel's length
    return area


def _area_of_u(ship_type: ShipType, u: float) -> str | None:
    index = section_holding(u, deck_sections(ship_type.footprint), EPSILON)
    return None if index is None else DECK_SECTION_AREAS[index]


def area_oar_sections(ship_type: ShipType, area: str) -> tuple[int, ...]:
    """The oar-section numbers (each side) whose midpoint the area's deck section holds, forward
    first (§2); a tower's are those of the section it stands on, so T1 gives B's and T2 S's."""
    section_area = DECK_SECTION_AREAS[_area_index(area)]
    return tuple(number for number in range(1, ship_type.oar_sections + 1)
                 if oar_section_area(ship_type, number) == section_area)


def oar_midpoint(ship_type: ShipType, pose: Pose, side: str, number: int) -> Vec:
    """The midpoint of an oar section on the table: the beam point (u of the interval's middle,
    ±W/2) on that side (§2)."""
    _check_side(side)
    half_beam = ship_type.footprint.corners[_SHOULDER[STARBOARD]].y
    v = half_beam if side == STARBOARD else -half_beam
    return to_world(_oar_interval(ship_type, number).midpoint, v, pose.centre, pose.heading)


def oar_section_at(ship_type: ShipType, pose: Pose, point: Vec) -> str | None:
    """The oar section holding a beam point, as its label: the side by the sign of the point's v,
    the number of the section holding its u (within ε, a boundary to the forward one, §2). None
    when the point lies on the keel line (v = 0) or its u more than ε outside the beam edge. The
    caller gives a point of the beam (e.g. one whose part is a beam, shoulder or hip)."""
    local = local_point(pose, point)
    if local.y == 0.0:
        return None
    index = section_holding(local.x, oar_intervals(ship_type), EPSILON)
    if index is None:
        return None
    return oar_label(STARBOARD if local.y > 0 else PORT, index + 1)


def side_facing(ship_type: ShipType, pose: Pose, point: Vec) -> str:
    """The side facing a point: the one whose beam edge (shoulder to hip) is nearer it (§11.4);
    starboard when both are equally near (within ε: a point on the keel line ahead or astern)."""
    polygon = ship_polygon(ship_type, pose)
    distances = {side: point_segment_distance(point, polygon.corners[_SHOULDER[side]],
                                              polygon.corners[_HIP[side]]) for side in SIDES}
    return PORT if distances[PORT] < distances[STARBOARD] - EPSILON else STARBOARD


def nearest_oar_section(ship_type: ShipType, pose: Pose, side: str, point: Vec,
                        numbers: Sequence[int] | None = None) -> int | None:
    """Of an oar side's sections (`numbers`, default all; e.g. the intact ones), the one whose
    midpoint is nearest `point`, the forward one on a tie (distances within ε); None when
    `numbers` is empty (§11.4: a hit on oarsmen with none left on that side is void)."""
    candidates = sorted(range(1, ship_type.oar_sections + 1) if numbers is None else numbers)
    if not candidates:
        return None
    distances = [(oar_midpoint(ship_type, pose, side, number) - point).length() for number in candidates]
    least = min(distances)
    return next(number for number, distance in zip(candidates, distances, strict=True)
                if within(distance, least, EPSILON))


# ---------------------------------------------------------------- pivot points (§3, §10.5, G17)


def pivot_point(ship_type: ShipType, pose: Pose, speed: int | str, turn: float,
                stopped_pivot: str = "centre") -> Vec:
    """The point a turn of `turn` degrees (positive to starboard, `S<a>`) rotates about, fixed on
    the ship before the turn (§3): moving ahead (speed 1–4) the shoulder on the side turned to;
    stopped (0) the centre, or with `stopped_pivot = beam_mid` the beam-edge midpoint on the side
    turned to; backing ("B") the hip on the side away from the turn. ValueError for a turn of 0,
    an unknown speed or an unknown `stopped_pivot`."""
    if turn == 0:
        raise ValueError("a turn of 0° has no pivot point; give the angle turned, + to starboard")
    toward = STARBOARD if turn > 0 else PORT
    corners = ship_type.footprint.corners
    if speed == "B":
        local = corners[_HIP[_other_side(toward)]]
    elif speed in (1, 2, 3, 4):
        local = corners[_SHOULDER[toward]]
    elif speed == 0:
        if stopped_pivot == "centre":
            return pose.centre
        if stopped_pivot != "beam_mid":
            raise ValueError(f"there is no stopped_pivot {stopped_pivot!r}; the values are centre, "
                             f"beam_mid")
        shoulder, hip = corners[_SHOULDER[toward]], corners[_HIP[toward]]
        local = Vec((shoulder.x + hip.x) / 2, shoulder.y)
    else:
        raise ValueError(f"there is no speed {speed!r}; the speeds are 0, 1, 2, 3, 4 and B")
    return to_world(local.x, local.y, pose.centre, pose.heading)


def swing_point(ship_type: ShipType, pose: Pose, swing: float) -> Vec:
    """The rammer's swing (§10.5, house rule `ram_swing`): the bow corner on the side away from
    the swing, `swing` degrees positive to starboard. ValueError for a swing of 0."""
    if swing == 0:
        raise ValueError("a swing of 0° has no pivot point; give the angle swung, + to starboard")
    corner = ship_type.footprint.corners[_BOW_CORNER[PORT if swing > 0 else STARBOARD]]
    return to_world(corner.x, corner.y, pose.centre, pose.heading)


# ---------------------------------------------------------------- a pair of ships (§1, §3, G8)


def ship_distance(first_type: ShipType, first_pose: Pose, second_type: ShipType,
                  second_pose: Pose) -> float:
    """The footprint distance between two ships (G5), 0 when they touch or overlap."""
    return footprint_distance(ship_polygon(first_type, first_pose),
                              ship_polygon(second_type, second_pose), EPSILON)


def bounding_radius(ship_type: ShipType) -> float:
    """The distance from a ship's centre to its farthest footprint corner."""
    return _bounding_radius(ship_type.id)


@cache
def _bounding_radius(type_id: str) -> float:
    return max(math.hypot(corner.x, corner.y) for corner in ship_type(type_id).footprint.corners)


# The largest bounding radius of every ship type: no ship's footprint reaches farther from its
# centre (a cheap first test of nearness).
LARGEST_RADIUS = max(_bounding_radius(row.id) for row in SHIP_TYPES)


def surely_apart(first_type: ShipType, first_pose: Pose, second_type: ShipType,
                 second_pose: Pose, reach: float) -> bool:
    """True when the ships' footprint distance surely exceeds `reach` (their centres lie farther
    apart than reach, both bounding radii and ε): the cheap test before the exact one."""
    gap = reach + bounding_radius(first_type) + bounding_radius(second_type) + EPSILON
    dx = first_pose.centre.x - second_pose.centre.x
    dy = first_pose.centre.y - second_pose.centre.y
    return dx * dx + dy * dy > gap * gap


def in_contact(first_type: ShipType, first_pose: Pose, second_type: ShipType,
               second_pose: Pose) -> bool:
    """Two ships are in contact when their footprint distance is at most c (§1, within ε, G6)."""
    if surely_apart(first_type, first_pose, second_type, second_pose, CONTACT):
        return False
    return within(ship_distance(first_type, first_pose, second_type, second_pose), CONTACT, EPSILON)


def collision_parts(mover_type: ShipType, mover_pose: Pose, obstacle_type: ShipType,
                    obstacle_pose: Pose) -> ContactParts:
    """The impact point I at a collision (the moment t*, K taken within ε) and each ship's contact
    part there: the part holding its boundary point nearest I (§3, G8, G12). ValueError if no
    corner of either lies within ε of the other."""
    return contact_parts(ship_polygon(mover_type, mover_pose), ship_polygon(obstacle_type, obstacle_pose),
                         EPSILON, EPSILON)


def lying_contact_parts(first_type: ShipType, first_pose: Pose, second_type: ShipType,
                        second_pose: Pose) -> ContactParts:
    """I and each ship's contact part for ships lying in contact (§12) or at a stopped rotation,
    K taken within c (§3, G8, G12). ValueError if no corner of either lies within c of the
    other."""
    return contact_parts(ship_polygon(first_type, first_pose), ship_polygon(second_type, second_pose),
                         CONTACT, EPSILON)


# ---------------------------------------------------------------- facing and adjacency (§3, §4.4)


def area_faces(first_type: ShipType, first_pose: Pose, first_area: str,
               second_type: ShipType, second_pose: Pose, second_area: str) -> bool:
    """Area X of the first ship faces area Y of the second when X's section u-interval, projected
    onto the second's keel line, overlaps Y's by more than c (§3, G9). Projecting one way: with
    keels not parallel the two directions can differ. Contact is the caller's to check."""
    return faces(first_pose, area_section(first_type, first_area), second_pose,
                 area_section(second_type, second_area), CONTACT, EPSILON)


def facing_areas(first_type: ShipType, first_pose: Pose, first_area: str, second_type: ShipType,
                 second_pose: Pose, second_areas: Sequence[str] = DECK_SECTION_AREAS) -> tuple[str, ...]:
    """Of the second ship's areas (`second_areas`, default B, M, S; give its towers too when it
    has them), those the first ship's area faces, in the order given (§3)."""
    return tuple(area for area in second_areas
                 if area_faces(first_type, first_pose, first_area, second_type, second_pose, area))


def adjacent_on_ship(area: str, other: str) -> bool:
    """Two areas of one ship are adjacent when they are B–M, M–S, T1–B or T2–S (§4.4)."""
    _area_index(area)
    _area_index(other)
    return frozenset({area, other}) in _SAME_SHIP_ADJACENT


def adjacent_across(first_type: ShipType, first_pose: Pose, first_area: str,
                    second_type: ShipType, second_pose: Pose, second_area: str) -> bool:
    """Areas of two grapple-linked ships are adjacent when they face (§4.4): X faces Y or Y faces
    X (either projection, so adjacency is symmetric). Whether the ships are linked is the
    caller's to check; a corvus or an embedded ram uses `ram_adjacent_area` instead."""
    return (area_faces(first_type, first_pose, first_area, second_type, second_pose, second_area)
            or area_faces(second_type, second_pose, second_area, first_type, first_pose, first_area))


def ram_adjacent_area(target_type: ShipType, target_pose: Pose, impact: Vec) -> str:
    """For a corvus or an embedded ram, the target's area adjacent to the user's B: the area whose
    deck section holds I (§4.4). ValueError when I lies beyond the target's bow or stern."""
    area = deck_area_at(target_type, target_pose, impact)
    if area is None:
        raise ValueError("the impact point lies beyond the target's bow or stern, so no area of "
                         "the target holds it")
    return area
