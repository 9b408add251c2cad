"""Rotations and whether a single-step pivot may be made (open-table-core G17)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.table.contact import overlaps
from pbem.rules.table.edge import on_table
from pbem.rules.table.footprint import Footprint, Polygon, Pose, place
from pbem.rules.table.params import Table
from pbem.rules.table.vectors import Vec, rotate, turned


def rotate_about(pose: Pose, point: Vec, alpha: float) -> Pose:
    """The pose after turning α (to starboard positive) about a point fixed on the table:
    C' = Q + R_α(C − Q), h' = h + α mod 360 (G17)."""
    return Pose(point + rotate(pose.centre - point, alpha), turned(pose.heading, alpha))


def pivot(pose: Pose, alpha: float) -> Pose:
    """A pivot about the centre (GR, RC, SB): the centre stays, the heading turns by α (G17)."""
    return Pose(pose.centre, turned(pose.heading, alpha))


@dataclass(frozen=True)
class PivotCheck:
    """Why a single-step pivot may or may not be made (G17): whether the new footprint is on the
    table, and the obstacles (scenario-order indices) it would overlap."""

    on_table: bool
    overlapping: tuple[int, ...]

    @property
    def legal(self) -> bool:
        return self.on_table and not self.overlapping


def check_pivot(footprint: Footprint, after: Pose, obstacles: Sequence[Polygon], table: Table,
                epsilon: float, ignored: frozenset[int] = frozenset()) -> PivotCheck:
    """A single-step pivot is legal when the footprint at its new pose is on the table (G11) and
    overlaps no other footprint (G4); touching is allowed, headings in between do not matter (G17)."""
    placed = place(footprint, after)
    return PivotCheck(on_table(placed, table, epsilon),
                      tuple(index for index, obstacle in enumerate(obstacles)
                            if index not in ignored and overlaps(placed, obstacle, epsilon)))
