"""The abreast point of a forward step and the pass within r (open-table-core G14; RC shears,
r = ⅛", rulings §1 item 7 and §8.1).

Other ships are named by their index in the scenario-order sequence of obstacles, as in `step`;
the caller says which of them may be passed, with each one's pose (its centre and heading)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pbem.rules.table.contact import overlaps
from pbem.rules.table.distance import footprint_distance
from pbem.rules.table.footprint import Footprint, Polygon, Pose, place
from pbem.rules.table.headings import aspect_angle
from pbem.rules.table.vectors import Vec, ahead, starboard

# Ships more than 45° off parallel cross rather than pass (G14: θ(A, B) < 45).
PASS_ASPECT = 45.0


@dataclass(frozen=True, slots=True)
class Pass:
    """A passes ship `other` within r on a step (G14): `abreast` is s*, how far along the step A's
    centre comes level with B's; `pose` is A there (at P*, on the step's heading); `gap` is the
    distance between the footprints there (G5). `t` is s*, its place among a step's events (G15)."""

    other: int
    abreast: float
    pose: Pose
    gap: float

    @property
    def t(self) -> float:
        return self.abreast


def abreast_distance(start: Pose, other_centre: Vec) -> float:
    """s* = (C_B − P₀)·d(h) for a forward step from centre P₀ on heading h (G14)."""
    return (other_centre - start.centre).dot(ahead(start.heading))


def abreast_point(start: Pose, other_centre: Vec) -> Vec:
    """P* = P₀ + s*·d(h), where A's centre stands level with B's centre (G14)."""
    return _along(start, abreast_distance(start, other_centre)).centre


def _along(start: Pose, travel: float) -> Pose:
    # The same arithmetic as a straight step's end (step._moved), so P* at s* = t is the end pose.
    direction = ahead(start.heading)
    return Pose(Vec(start.centre.x + travel * direction.x, start.centre.y + travel * direction.y),
                start.heading)


def _radius(corners: Sequence[Vec], centre: Vec) -> float:
    return math.sqrt(max((corner.x - centre.x) ** 2 + (corner.y - centre.y) ** 2 for corner in corners))


@dataclass(frozen=True, slots=True)
class _Step:
    """What every pass test of one step shares: its start, d(h), s(h), the mover's radius."""

    footprint: Footprint
    start: Pose
    travel: float
    forward: Vec
    right: Vec
    radius: float

    @classmethod
    def of(cls, footprint: Footprint, start: Pose, travel: float) -> _Step:
        return cls(footprint, start, travel, ahead(start.heading), starboard(start.heading),
                   _radius(footprint.corners, Vec(0.0, 0.0)))


def _test(step: _Step, other: int, other_pose: Pose, other_polygon: Polygon, reach: float,
          epsilon: float) -> Pass | None:
    dx, dy = other_pose.centre.x - step.start.centre.x, other_pose.centre.y - step.start.centre.y
    abreast = dx * step.forward.x + dy * step.forward.y          # s* = (C_B − P₀)·d(h)
    if not (epsilon < abreast <= step.travel + epsilon):
        return None
    # A quick screen, not a rule: at P* the centres are |lateral| apart, so footprints whose
    # corners lie within radii ρ_A, ρ_B of their centres are at least |lateral| − ρ_A − ρ_B apart.
    room = abs(dx * step.right.x + dy * step.right.y) - step.radius - reach - 2 * epsilon
    if room > 0 and room > _radius(other_polygon.corners, other_pose.centre):
        return None
    if not aspect_angle(step.start.heading, other_pose.heading) < PASS_ASPECT:
        return None
    pose = _along(step.start, abreast)
    mover = place(step.footprint, pose)
    if overlaps(mover, other_polygon, epsilon):
        return None
    gap = footprint_distance(mover, other_polygon, epsilon)
    if gap > reach + epsilon:
        return None
    return Pass(other, abreast, pose, gap)


def pass_within(footprint: Footprint, start: Pose, travel: float, other: int, other_pose: Pose,
                other_polygon: Polygon, reach: float, epsilon: float) -> Pass | None:
    """Whether A, stepping forward `travel` (the actual length, after any cut short) from `start`,
    passes ship `other` (at `other_pose`, outline `other_polygon`) within `reach` (G14): θ < 45,
    ε < s* ≤ t + ε, A at P* does not overlap B (G4) and their distance there is ≤ r + ε (G5, G6).
    The Pass, or None."""
    return _test(_Step.of(footprint, start, travel), other, other_pose, other_polygon, reach, epsilon)


def in_abreast_order(passes: Sequence[Pass], epsilon: float) -> tuple[Pass, ...]:
    """Passes in increasing s*; s* equal within ε (G6) go in scenario order (G14, G21). Taken one
    at a time: the next is the first in scenario order of those within ε of the least s* left."""
    left = sorted(passes, key=lambda found: (found.abreast, found.other))
    ordered: list[Pass] = []
    while left:
        least = left[0].abreast
        chosen = min((found for found in left if found.abreast <= least + epsilon),
                     key=lambda found: found.other)
        ordered.append(chosen)
        left.remove(chosen)
    return tuple(ordered)


def passes_within(footprint: Footprint, start: Pose, travel: float, obstacles: Sequence[Polygon],
                  passable: Mapping[int, Pose], reach: float, epsilon: float) -> tuple[Pass, ...]:
    """Every pass within `reach` on a forward step of actual length `travel` (G14), of the ships
    named in `passable` (index in `obstacles` → that ship's pose), in abreast order."""
    step = _Step.of(footprint, start, travel)
    found = (_test(step, index, pose, obstacles[index], reach, epsilon) for index, pose in passable.items())
    return in_abreast_order([one for one in found if one is not None], epsilon)

