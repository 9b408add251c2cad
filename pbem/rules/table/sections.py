"""Sections along a ship's keel: deck sections, oar sections, which section holds a point, the
section polygons and the distance between them, and facing (open-table-core G9, G5; WW §2–§4).

A section is a u-interval [aft, forward] of the keel (G2 local u, towards the bow). Its polygon is
the footprint clipped by the half-planes u ≥ aft and u ≤ forward, a convex `Footprint` of its own
that `place` puts on the table like any other, so G4 and G5 measure it as they measure ships.
Sections listed forward first give a boundary point to the forward one. Imports the footprint,
vector, distance and limit modules of the core and `parts` for the beam edge; nothing of any
ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.table.distance import footprint_distance
from pbem.rules.table.footprint import Footprint, Polygon, Pose, place
from pbem.rules.table.limits import beyond
from pbem.rules.table.parts import Part, PartKind, ShipSide, edge_index
from pbem.rules.table.vectors import Vec, ahead, sin_cos


@dataclass(frozen=True, slots=True)
class KeelSection:
    """The u-interval [aft, forward] of a ship's keel, aft < forward (G9)."""

    aft: float
    forward: float

    def __post_init__(self) -> None:
        if not self.aft < self.forward:
            raise ValueError(f"a keel section runs from aft to forward, so {self.aft} must be "
                             f"less than {self.forward}")

    @property
    def midpoint(self) -> float:
        return (self.aft + self.forward) / 2

    def holds(self, u: float, epsilon: float) -> bool:
        """True when u lies in the section or within ε of it (G6)."""
        return self.aft - epsilon <= u <= self.forward + epsilon


def deck_sections(footprint: Footprint) -> tuple[KeelSection, KeelSection, KeelSection]:
    """The bow, midships and stern deck sections [L/6, a], [−L/6, L/6], [−a, −L/6], a = L/2 (G9)."""
    half = footprint.half_length
    sixth = half / 3
    return KeelSection(sixth, half), KeelSection(-sixth, sixth), KeelSection(-half, -sixth)


def deck_reference_points(footprint: Footprint) -> tuple[float, float, float]:
    """The u on the keel of the bow, midships and stern sections' reference points: L/3, 0, −L/3
    (G9). The world point is `to_world(u, 0, C, h)`."""
    third = 2 * footprint.half_length / 3
    return third, 0.0, -third


def oar_sections(footprint: Footprint, count: int) -> tuple[KeelSection, ...]:
    """The beam edge (octagon: hip to shoulder; rectangle: stern to bow) cut into `count` equal
    u-intervals, section 1 (forward) first; the same intervals serve both sides (G9)."""
    if count < 1:
        raise ValueError(f"a beam holds at least one oar section, not {count}")
    edge = edge_index(Part(PartKind.BEAM, ShipSide.STARBOARD), len(footprint.corners))
    ends = (footprint.corners[edge].x, footprint.corners[(edge + 1) % len(footprint.corners)].x)
    forward, aft = max(ends), min(ends)
    # The two ends exactly; the cuts between them in equal steps from the forward end.
    bounds = [forward, *(forward + (aft - forward) * k / count for k in range(1, count)), aft]
    return tuple(KeelSection(bounds[k + 1], bounds[k]) for k in range(count))


def section_holding(u: float, sections: Sequence[KeelSection], epsilon: float) -> int | None:
    """The index of the section holding a point's u, sections listed forward first: the first
    that holds u within ε, so a point on (or within ε of) a boundary goes forward (G9, G21).
    None when u is more than ε outside them all."""
    for index, section in enumerate(sections):
        if section.holds(u, epsilon):
            return index
    return None


def _crossing(start: Vec, end: Vec, bound: float) -> Vec:
    # The point of [start, end] at u = bound; an end on the line is taken exactly.
    if start.x == bound:
        return start
    if end.x == bound:
        return end
    share = (bound - start.x) / (end.x - start.x)
    return Vec(bound, start.y + share * (end.y - start.y))


def _clip(corners: Sequence[Vec], normals: Sequence[Vec], bound: float,
          keep_forward: bool) -> tuple[list[Vec], list[Vec]]:
    """One half-plane (u ≥ bound, or u ≤ bound) of a convex outline, corners clockwise, each
    corner's normal that of the edge it starts; the clip line's edge takes (∓1, 0)."""
    sign = 1.0 if keep_forward else -1.0
    clip_normal = Vec(-sign, 0.0)
    kept_corners: list[Vec] = []
    kept_normals: list[Vec] = []
    count = len(corners)
    for i, start in enumerate(corners):
        end = corners[(i + 1) % count]
        start_in, end_in = sign * (start.x - bound) >= 0.0, sign * (end.x - bound) >= 0.0
        if start_in:
            kept_corners.append(start)
            kept_normals.append(normals[i])
            if not end_in:
                kept_corners.append(_crossing(start, end, bound))
                kept_normals.append(clip_normal)
        elif end_in:
            kept_corners.append(_crossing(start, end, bound))
            kept_normals.append(normals[i])
    # A corner equal to the next starts an edge of no length: keep the next, whose edge is real.
    total = len(kept_corners)
    real = [i for i in range(total) if kept_corners[i] != kept_corners[(i + 1) % total]]
    return [kept_corners[i] for i in real], [kept_normals[i] for i in real]


def clip_section(footprint: Footprint, section: KeelSection) -> Footprint:
    """The section's polygon in the ship's frame: the footprint clipped by u ≥ aft and u ≤ forward
    (G9), convex, corners clockwise from the first kept. Its edges keep the footprint's normals and
    the cuts take ±d; every normal is an axis (G4 allows keeping opposites). `half_length` stays the
    ship's. It depends on the footprint alone, so a ruleset may keep one per type and area.
    Raises ValueError when the section holds no area of the footprint."""
    corners, normals = _clip(footprint.corners, footprint.normals, section.aft, keep_forward=True)
    corners, normals = _clip(corners, normals, section.forward, keep_forward=False)
    if len(corners) < 3:
        raise ValueError(f"the keel section from u = {section.aft} to {section.forward} holds no "
                         f"part of the footprint")
    return Footprint(tuple(corners), tuple(normals), tuple(range(len(corners))), footprint.half_length)


def section_polygon(footprint: Footprint, pose: Pose, section: KeelSection) -> Polygon:
    """The section's polygon on the table, for a ship standing at `pose` (G9, G3)."""
    return place(clip_section(footprint, section), pose)


def section_distance(first: Footprint, first_pose: Pose, first_section: KeelSection,
                     second: Footprint, second_pose: Pose, second_section: KeelSection,
                     epsilon: float) -> float:
    """Section to section: the footprint distance (G5) between the two sections' polygons (G9);
    0 when they touch or overlap. WW measures shooting ranges between areas this way (§11.1)."""
    return footprint_distance(section_polygon(first, first_pose, first_section),
                              section_polygon(second, second_pose, second_section), epsilon)


def keel_projection(ship: Pose, section: KeelSection, onto: Pose) -> tuple[float, float]:
    """The section's stretch of `ship`'s keel projected onto the keel line of the ship at `onto`,
    as [low, high] in that ship's u: { (C_A − C_B)·d(h_B) + u·cos(h_A − h_B) : u in the section }
    (G9). A keel square to the other's projects to a single point."""
    offset = (ship.centre - onto.centre).dot(ahead(onto.heading))
    _, cos = sin_cos(ship.heading - onto.heading)
    ends = (offset + section.aft * cos, offset + section.forward * cos)
    return min(ends), max(ends)


def overlap_length(first: tuple[float, float], second: tuple[float, float]) -> float:
    """How far two intervals [low, high] overlap: min(highs) − max(lows), negative for a gap."""
    return min(first[1], second[1]) - max(first[0], second[0])


def faces(ship: Pose, section: KeelSection, other: Pose, other_section: KeelSection,
          contact_tolerance: float, epsilon: float) -> bool:
    """Section [x₀, x₁] of a ship faces section [y₀, y₁] of the other when its keel projection
    (`keel_projection`) overlaps [y₀, y₁] by more than c: overlap > c + ε (G9, G6 "more than").
    The test projects the first ship onto the second; with keels not parallel the reverse
    projection is shorter, so the two directions can differ."""
    projected = keel_projection(ship, section, other)
    return beyond(overlap_length(projected, (other_section.aft, other_section.forward)),
                  contact_tolerance, epsilon)
