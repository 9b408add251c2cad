"""Distances between footprints and from a point to a footprint (open-table-core G5)."""

from __future__ import annotations

import math

from pbem.rules.table.contact import apart
from pbem.rules.table.footprint import Polygon
from pbem.rules.table.vectors import Vec


def point_segment_distance(point: Vec, start: Vec, end: Vec) -> float:
    """|P − E₀ − τ(E₁ − E₀)| with τ the projection parameter clamped to [0, 1] (G5)."""
    ex, ey = end.x - start.x, end.y - start.y
    px, py = point.x - start.x, point.y - start.y
    squared = ex * ex + ey * ey
    tau = 0.0 if squared == 0.0 else min(1.0, max(0.0, (px * ex + py * ey) / squared))
    return math.hypot(px - tau * ex, py - tau * ey)


def _corners_to_edges(corners: tuple[Vec, ...], other: Polygon) -> float:
    # point_segment_distance for each corner and each edge of `other`, inlined with the same
    # numbers (every distance is asked for often): τ = (P−E₀)·e / |e|² is clamped to [0, 1] by
    # comparing the dot product with |e|² before dividing, which gives the very τ the clamp would
    # (0 when the dot is ≤ 0, 1 when it is ≥ |e|², the quotient itself otherwise).
    # Corners are taken nearest `other`'s middle first; one farther from that middle than the
    # least distance found plus the radius of a disc holding `other` (with a margin far above
    # any rounding) cannot come nearer, and neither can any after it: the least is the same float.
    ring = other.corners
    count = len(ring)
    hypot = math.hypot
    mx, my, radius = other.disc()
    edges = []
    for i, start in enumerate(ring):
        end = ring[(i + 1) % count]
        ex, ey = end.x - start.x, end.y - start.y
        edges.append((start.x, start.y, ex, ey, ex * ex + ey * ey))
    least = math.inf
    for off, cx, cy in sorted((hypot(corner.x - mx, corner.y - my), corner.x, corner.y)
                              for corner in corners):
        if off - radius > least * (1.0 + 1e-9) + 1e-9:
            break
        for sx, sy, ex, ey, squared in edges:
            px, py = cx - sx, cy - sy
            dot = px * ex + py * ey
            if dot <= 0.0:
                found = hypot(px, py)
            elif dot >= squared:
                found = hypot(px - ex, py - ey)
            else:
                tau = dot / squared
                found = hypot(px - tau * ex, py - tau * ey)
            if found < least:
                least = found
    return least


def footprint_distance(first: Polygon, second: Polygon, epsilon: float) -> float:
    """0 if the footprints touch or overlap (D ≥ −ε); otherwise the least distance from a corner
    of either to an edge of the other (G5). All ranges are measured this way."""
    if not apart(first, second, epsilon):  # depth(first, second) >= -epsilon
        return 0.0
    there, back = _corners_to_edges(first.corners, second), _corners_to_edges(second.corners, first)
    return back if back < there else there


def distance_at_most(first: Polygon, second: Polygon) -> float:
    """A bound that footprint_distance never exceeds, for a test that needs no exact range: the
    distance between two corners, the one of `first` nearest the middle of `second`'s bounding
    disc and the one of `second` nearest that corner (two points of the footprints)."""
    mx, my, _ = second.disc()
    near = min(first.corners, key=lambda c: (c.x - mx) * (c.x - mx) + (c.y - my) * (c.y - my))
    nx, ny = near.x, near.y
    return min(math.hypot(c.x - nx, c.y - ny) for c in second.corners)


def point_distance(point: Vec, polygon: Polygon, epsilon: float) -> float:
    """dist(P, X): 0 if P is inside X or within ε outside every edge line, otherwise the least
    distance to X's edges (G5)."""
    inside = all(normal.dot(point - corner) <= epsilon
                 for normal, corner in zip(polygon.normals, polygon.corners, strict=True))
    if inside:
        return 0.0
    return min(point_segment_distance(point, start, end) for start, end in polygon.edges())
