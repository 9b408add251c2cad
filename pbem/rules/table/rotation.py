"""The sub-stepped rotation and its blocker (open-table-core G17, WW; WW rulings §3, §9.5, §10.5).

A turn of α about a point Q fixed on the table before the turn is tried sub-step by sub-step: at
k = 1, 2, … |α|/step the footprint at the signed angle k·step (WW: 0.5°) about Q must be on the
table (G11) and overlap (G4) no obstacle, touching allowed. The rotation stops before the first
sub-step that fails; what that sub-step overlaps is the blocker (the first in scenario order).

Obstacles are other ships, hulks and land polygons in scenario order, named by index, as in
`step`; `ignored` leaves some out. Built on `pivot.rotate_about` (the pose at each sub-step),
`contact.depth` (overlap is D > ε, G4), `edge.on_table`, `footprint.place` and
`impact.impact_point` (K and I at the stop, WW with tol = c, G12)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.table.contact import depth
from pbem.rules.table.edge import on_table
from pbem.rules.table.footprint import Footprint, Polygon, Pose, place
from pbem.rules.table.impact import impact_point
from pbem.rules.table.params import Table
from pbem.rules.table.pivot import rotate_about
from pbem.rules.table.vectors import Vec


@dataclass(frozen=True)
class RotationOutcome:
    """How far a sub-stepped rotation got (G17).

    `ordered` is the signed turn asked for and `made` the signed turn carried out, a multiple of
    the sub-step of the same sign and no larger; `pose` is where the ship stands after `made`.
    When it stopped short, `overlapping` lists (in scenario order) what the first failing sub-step
    would overlap and `edge` says whether that sub-step would leave the table; both may hold."""

    ordered: float
    made: float
    pose: Pose
    overlapping: tuple[int, ...] = ()
    edge: bool = False

    @property
    def blocked(self) -> bool:
        """True when the rotation stopped short of the turn ordered (G17)."""
        return bool(self.overlapping) or self.edge

    @property
    def blocker(self) -> int | None:
        """The obstacle the failing sub-step overlaps, the first in scenario order if several;
        None when the turn was made in full or only the table edge stopped it (G17, G21)."""
        return self.overlapping[0] if self.overlapping else None


def substep_count(alpha: float, substep: float) -> int:
    """2|α| for WW's 0.5° sub-step: the number of sub-steps in a turn of α. Raises ValueError when
    α is not a whole number of sub-steps (every angle in a WW order is a multiple of 0.5°, §1)."""
    if not substep > 0:
        raise ValueError(f"a rotation sub-step must be greater than 0, not {substep}")
    count = round(abs(alpha) / substep)
    if count * substep != abs(alpha):
        raise ValueError(f"a turn of {alpha}° is not a whole number of {substep}° sub-steps")
    return count


def _box_distance(point: Vec, polygon: Polygon) -> float:
    # The distance from a point to the polygon's bounding box: never more than to the polygon.
    xs, ys = [corner.x for corner in polygon.corners], [corner.y for corner in polygon.corners]
    dx = max(min(xs) - point.x, 0.0, point.x - max(xs))
    dy = max(min(ys) - point.y, 0.0, point.y - max(ys))
    return math.hypot(dx, dy)


def _table_margin(polygon: Polygon, table: Table, epsilon: float) -> float:
    # How far the nearest corner may still go before it is more than ε off the table (G11).
    return min(min(corner.x, table.width - corner.x, corner.y, table.height - corner.y)
               for corner in polygon.corners) + epsilon


# A hair taken off every clearance, far below any ε, so rounding never lets a skip go too far.
_HAIR = 1e-9


def sub_stepped_rotation(footprint: Footprint, start: Pose, point: Vec, alpha: float,
                         obstacles: Sequence[Polygon], table: Table, epsilon: float, substep: float,
                         ignored: frozenset[int] = frozenset(), *,
                         placed: Polygon | None = None) -> RotationOutcome:
    """Turn a ship at `start` by the signed angle α (to starboard positive) about `point` (Q, fixed
    in world coordinates before the turn), in sub-steps of `substep` degrees (G17).

    Sub-step k is the pose rotate_about(start, Q, ±k·substep). The first k whose footprint is off
    the table or overlaps an obstacle stops the rotation at k − 1 (so at 0 when k = 1 fails, and
    the ship does not move); the turn made may be less than ordered. Sub-steps after a failing one
    are never tried, even if they would pass.

    The answer is that of testing every sub-step against every obstacle; to save work, a test is
    skipped where it cannot fail: no point of the footprint moves farther than R·θ in a turn of θ
    radians (R its farthest corner from Q), so an obstacle at least a gap g away (the separating
    axis of G4 bounds g from below) cannot be reached before R·θ ≥ g, nor the edge before the
    nearest corner's room to it is used up. `placed` is the footprint placed at `start`, when the
    caller has it already."""
    count = substep_count(alpha, substep)
    sign = 1.0 if alpha > 0 else -1.0
    if placed is None:
        placed = place(footprint, start)
    radius = max((corner - point).length() for corner in placed.corners)
    # Every pose of the swept footprint lies within this disc about Q: obstacles beyond it never count.
    near = [index for index, obstacle in enumerate(obstacles)
            if index not in ignored and _box_distance(point, obstacle) <= radius + epsilon]
    sweep_per_step = radius * math.radians(substep)     # the farthest any point moves per sub-step

    def next_due(k: int, clearance: float) -> int:
        # The first sub-step after k that could use up `clearance`.
        return k + max(1, math.ceil((clearance - _HAIR) / sweep_per_step))

    due = dict.fromkeys(near, 1)
    edge_due = 1
    for k in range(1, count + 1):
        checking = [index for index in near if due[index] <= k]
        if not checking and edge_due > k:
            continue
        polygon = place(footprint, rotate_about(start, point, sign * k * substep))
        overlapping = []
        for index in checking:
            found = depth(polygon, obstacles[index])
            if found > epsilon:
                overlapping.append(index)
            else:
                due[index] = next_due(k, -found)
        edge = False
        if edge_due <= k:
            edge = not on_table(polygon, table, epsilon)
            if not edge:
                edge_due = next_due(k, _table_margin(polygon, table, epsilon))
        if overlapping or edge:
            made = sign * (k - 1) * substep + 0.0
            pose = rotate_about(start, point, made) if k > 1 else start
            return RotationOutcome(alpha, made, pose, tuple(overlapping), edge)
    return RotationOutcome(alpha, alpha + 0.0, rotate_about(start, point, alpha) if count else start)


def stop_impact_point(footprint: Footprint, outcome: RotationOutcome, obstacles: Sequence[Polygon],
                      tolerance: float) -> Vec | None:
    """I between the ship where its rotation stopped and the blocker (G12, G17; WW takes
    tol = c at a stopped rotation); None when no obstacle blocked it. Raises ValueError, as
    `impact_point` does, if no corner of either lies within `tolerance` of the other's boundary."""
    if outcome.blocker is None:
        return None
    return impact_point(place(footprint, outcome.pose), obstacles[outcome.blocker], tolerance)
