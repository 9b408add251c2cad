"""Overlap and touch by the separating-axis test with the tolerance ε (open-table-core G4)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from pbem.rules.table.footprint import Polygon
from pbem.rules.table.vectors import Vec


class Relation(Enum):
    """How two footprints lie: overlapping, touching (within ε) or apart (G4)."""

    OVERLAP = "overlap"
    TOUCH = "touch"
    APART = "apart"


def projection(corners: Sequence[Vec], axis: Vec) -> tuple[float, float]:
    """The interval [lo, hi] of the corners projected on an axis (G4)."""
    values = [corner.x * axis.x + corner.y * axis.y for corner in corners]
    return min(values), max(values)


def depth(first: Polygon, second: Polygon) -> float:
    """D, the least projection overlap min(a₁, b₁) − max(a₀, b₀) over the axes of both (G4).

    Positive: they overlap that deep; negative: a gap that wide on some axis."""
    least = float("inf")
    for axis in first.axes + second.axes:
        a0, a1 = projection(first.corners, axis)
        b0, b1 = projection(second.corners, axis)
        least = min(least, min(a1, b1) - max(a0, b0))
    return least


def relation(first: Polygon, second: Polygon, epsilon: float) -> Relation:
    """Overlap when D > ε, touch when −ε ≤ D ≤ ε, apart when D < −ε (G4)."""
    found = depth(first, second)
    if found > epsilon:
        return Relation.OVERLAP
    if found >= -epsilon:
        return Relation.TOUCH
    return Relation.APART


def overlaps(first: Polygon, second: Polygon, epsilon: float) -> bool:
    """True when the two footprints overlap by more than ε (G4); touching is not overlapping."""
    return depth(first, second) > epsilon


def touches(first: Polygon, second: Polygon, epsilon: float) -> bool:
    """True when the footprints meet along an edge or at a point, or lie closer than ε (G4)."""
    return relation(first, second, epsilon) is Relation.TOUCH
