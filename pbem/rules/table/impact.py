"""The impact set and the impact point of a contact (open-table-core G12)."""

from __future__ import annotations

from pbem.rules.table.distance import point_segment_distance
from pbem.rules.table.footprint import Polygon
from pbem.rules.table.vectors import Vec


def _on_boundary(point: Vec, polygon: Polygon, tolerance: float) -> bool:
    return any(point_segment_distance(point, start, end) <= tolerance for start, end in polygon.edges())


def impact_set(mover: Polygon, obstacle: Polygon, tolerance: float) -> tuple[Vec, ...]:
    """K: the mover's corners within `tolerance` of the obstacle's boundary, then the obstacle's
    corners within it of the mover's boundary, each in corner order (G12; tol = ε, WW at times c)."""
    return (tuple(corner for corner in mover.corners if _on_boundary(corner, obstacle, tolerance))
            + tuple(corner for corner in obstacle.corners if _on_boundary(corner, mover, tolerance)))


def impact_point(mover: Polygon, obstacle: Polygon, tolerance: float) -> Vec:
    """I: the midpoint of the two points of K farthest apart (the first such pair in K's order),
    or K's only point (G12). Raises ValueError when the two are not in contact (K empty)."""
    points = impact_set(mover, obstacle, tolerance)
    if not points:
        raise ValueError("no corner of either footprint lies on the other's boundary: "
                         "they are not in contact")
    first, second, farthest = points[0], points[0], -1.0
    for i, start in enumerate(points):
        for end in points[i + 1:]:
            apart = (end - start).length()
            if apart > farthest:
                first, second, farthest = start, end, apart
    return Vec((first.x + second.x) / 2, (first.y + second.y) / 2)
