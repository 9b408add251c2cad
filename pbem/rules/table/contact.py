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
    # projection() inlined with the same arithmetic and the same min and max (asked for often).
    least = float("inf")
    ours = [(corner.x, corner.y) for corner in first.corners]
    theirs = [(corner.x, corner.y) for corner in second.corners]
    for axis in first.axes + second.axes:
        ax, ay = axis.x, axis.y
        a0, a1 = _interval(ours, ax, ay)
        b0, b1 = _interval(theirs, ax, ay)
        low = b0 if b0 > a0 else a0
        high = b1 if b1 < a1 else a1
        overlap = high - low
        if overlap < least:
            least = overlap
    return least


def apart(first: Polygon, second: Polygon, epsilon: float) -> bool:
    """True when D < −ε (G4): some axis shows a gap wider than ε. The same test as
    `depth(...) < -epsilon`, axis by axis with the same arithmetic, stopping at the first such
    axis (most pairs asked about lie well apart)."""
    ours = [(corner.x, corner.y) for corner in first.corners]
    theirs = [(corner.x, corner.y) for corner in second.corners]
    for axis in first.axes + second.axes:
        ax, ay = axis.x, axis.y
        a0, a1 = _interval(ours, ax, ay)
        b0, b1 = _interval(theirs, ax, ay)
        low = b0 if b0 > a0 else a0
        high = b1 if b1 < a1 else a1
        if high - low < -epsilon:
            return True
    return False


def _interval(points: Sequence[tuple[float, float]], ax: float, ay: float) -> tuple[float, float]:
    # min and max as the builtins take them: the first of equal values is kept.
    x, y = points[0]
    lo = hi = x * ax + y * ay
    for x, y in points[1:]:
        value = x * ax + y * ay
        if value < lo:
            lo = value
        if value > hi:
            hi = value
    return lo, hi


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
