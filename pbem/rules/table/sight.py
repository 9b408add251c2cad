"""Sight lines and smoke plumes (open-table-core G20, WW; WW rulings §11.2, §13.3, §15.4).

A sight line is the segment between two points (areas' reference points, or centres). A convex
polygon blocks it when the part of the segment inside the polygon, the segment clipped by the
polygon's closed half-planes, is longer than ε. So a line through a single corner (a tangent)
passes, and so does one that nicks a corner over no more than ε; one running along an edge for
more than ε is blocked, the edge being part of the polygon. Which polygons may block (land, smoke,
third ships) is the ruleset's to say. A smoke plume is a rectangle from a reference point
downwind, made here with `footprint.rectangle` and `footprint.place`."""

from __future__ import annotations

from collections.abc import Sequence

from pbem.rules.table.footprint import Polygon, Pose, place, rectangle
from pbem.rules.table.vectors import Vec, ahead


def clipped_segment(start: Vec, end: Vec, polygon: Polygon) -> tuple[Vec, Vec] | None:
    """The part of the segment [start, end] inside the polygon, its boundary included, as its two
    ends in the segment's direction (G20); None when no point of the segment is inside.

    Cyrus–Beck clipping: on P(t) = start + t·(end − start), 0 ≤ t ≤ 1, each edge i keeps the t with
    n_i·(P(t) − P_i) ≤ 0."""
    lowest, highest = 0.0, 1.0
    along = end - start
    for normal, corner in zip(polygon.normals, polygon.corners, strict=True):
        outside = normal.dot(start - corner)        # > 0: start is beyond this edge's line
        rate = normal.dot(along)
        if rate == 0.0:
            if outside > 0.0:
                return None
            continue
        bound = -outside / rate
        if rate > 0.0:
            highest = min(highest, bound)
        else:
            lowest = max(lowest, bound)
        if lowest > highest:
            return None
    return start + along * lowest, start + along * highest


def inside_length(start: Vec, end: Vec, polygon: Polygon) -> float:
    """The length of the part of the segment [start, end] inside the polygon (G20); 0 if none."""
    clipped = clipped_segment(start, end, polygon)
    if clipped is None:
        return 0.0
    return (clipped[1] - clipped[0]).length()


def blocks(start: Vec, end: Vec, polygon: Polygon, epsilon: float) -> bool:
    """True when the polygon blocks the sight line [start, end]: the part inside it is longer
    than ε (G20)."""
    return inside_length(start, end, polygon) > epsilon


def blockers(start: Vec, end: Vec, polygons: Sequence[Polygon], epsilon: float,
             ignored: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """The polygons (indices, in the order given) that block the sight line [start, end], leaving
    out those named in `ignored` (the two ships whose areas it joins, say) (G20)."""
    return tuple(index for index, polygon in enumerate(polygons)
                 if index not in ignored and blocks(start, end, polygon, epsilon))


def smoke_plume(reference: Vec, width: float, downwind: float, length: float) -> Polygon:
    """A smoke plume (G20, WW §13.3): the rectangle `length` long (WW: 1 SL from a medium fire,
    1.5 SL from a large one) and `width` wide (the burning ship's W), from the burning area's
    reference point along `downwind`, the heading the wind blows towards, the point in the middle
    of its upwind end. Corners clockwise, the downwind ones first (G3's rectangle order)."""
    if not (width > 0 and length > 0):
        raise ValueError(f"a smoke plume needs a positive width and length, not {width} × {length}")
    return place(rectangle(length, width), Pose(reference + ahead(downwind) * (length / 2), downwind))
