"""The reach distance t_r(r): how far a straight step goes before it comes within r of another
ship (open-table-core G13; SB grapples at r = 1", rulings §1 and §10.1).

Computed with r itself; ε enters only in the test at t = 0 (and, for the caller, in t_r ≤ d + ε).
Used only with r > 0: contacts come from the sweep of G10."""

from __future__ import annotations

import math

from pbem.rules.table.distance import footprint_distance
from pbem.rules.table.footprint import Polygon
from pbem.rules.table.vectors import Vec


def _ray_to_edge(origin: Vec, direction: Vec, start: Vec, end: Vec, normal: Vec, rate: float) -> float:
    # The ray origin + t·direction against the segment [start, end] on the line n·X = n·start;
    # rate = direction·n, never 0 here. The hit must lie between the segment's ends.
    t = ((start.x - origin.x) * normal.x + (start.y - origin.y) * normal.y) / rate
    if t < 0:
        return math.inf
    hit_x, hit_y = origin.x + t * direction.x - start.x, origin.y + t * direction.y - start.y
    ex, ey = end.x - start.x, end.y - start.y
    along = hit_x * ex + hit_y * ey
    if 0.0 <= along <= ex * ex + ey * ey:
        return t
    return math.inf


def _edges_ahead(rays: tuple[Vec, ...], direction: Vec, polygon: Polygon, reach: float,
                 approaching: float) -> float:
    # Parts 1 and 2 of G13: rays from `rays` along `direction` to the edges of `polygon` moved out
    # by r along their outward normals, only the edges whose normal n has direction·n < 0.
    least = math.inf
    for (first, second), normal in zip(polygon.edges(), polygon.normals, strict=True):
        rate = (direction.x * normal.x + direction.y * normal.y) * approaching
        if not rate < 0:
            continue
        shift = normal * reach
        start, end = first + shift, second + shift
        for origin in rays:
            least = min(least, _ray_to_edge(origin, direction * approaching, start, end, normal, rate))
    return least


def reach_distance(mover: Polygon, motion: Vec, other: Polygon, reach: float, epsilon: float) -> float:
    """t_r(r), the least t ≥ 0 at which the mover moved t along the unit vector `motion` lies within
    `reach` of `other` (G13); 0 if it already does (distance ≤ r + ε, G5, G6); math.inf if never.

    Otherwise the least of: each corner of the mover along +m to each edge of the other (outward
    normal n, m·n < 0) moved out by r·n; each corner of the other along −m to each edge of the
    mover (m·n > 0) moved out by r·n; each corner of the mover along +m to the circle of radius r
    about each corner of the other (its first crossing, kept if t ≥ 0)."""
    if reach <= 0:
        raise ValueError(f"a reach distance needs a reach greater than 0, not {reach}")
    if footprint_distance(mover, other, epsilon) <= reach + epsilon:
        return 0.0
    least = min(_edges_ahead(mover.corners, motion, other, reach, 1.0),
                _edges_ahead(other.corners, motion, mover, reach, -1.0))
    squared = reach * reach
    for corner in mover.corners:
        for fixed in other.corners:
            wx, wy = corner.x - fixed.x, corner.y - fixed.y
            beta = wx * motion.x + wy * motion.y
            gamma = wx * wx + wy * wy - squared
            discriminant = beta * beta - gamma
            if discriminant >= 0:
                t = -beta - math.sqrt(discriminant)
                if t >= 0:
                    least = min(least, t)
    return least
