"""Parts of a ship's boundary and the contact part at an impact (open-table-core G8, WW §2, §3).

A ship's boundary is cut into named parts. On the stretched octagon (G3): the bow (the bow edge
with both bow corners), the bow quarters, the shoulders (corners), the beams, the hips (corners),
the stern quarters and the stern (the stern edge with its corners). A point within ε of a corner
lies on that corner; elsewhere it lies on the edge nearest it. On the rectangle, the one other
footprint of G3, the same rule gives the bow, the two beams and the stern, the bow corners going
to the bow and the stern corners to the stern (the core names parts for WW's octagon only; this is
the same rule on four corners, for any ruleset that wants it).

The contact part of a ship at an impact point I (G12) is the part holding the point of its
boundary nearest I. Imports the polygon and point types, the G5 point-to-segment distance and the
G6 "within" test; nothing of any ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pbem.rules.table.distance import point_segment_distance
from pbem.rules.table.footprint import Polygon
from pbem.rules.table.impact import impact_point
from pbem.rules.table.limits import within
from pbem.rules.table.vectors import Vec


class PartKind(Enum):
    """What a part of the boundary is (G8), from the bow aft."""

    BOW = "bow"
    BOW_QUARTER = "bow quarter"
    SHOULDER = "shoulder"
    BEAM = "beam"
    HIP = "hip"
    STERN_QUARTER = "stern quarter"
    STERN = "stern"


class ShipSide(Enum):
    """A ship's own sides (G2: starboard is +v); not the table's sides (`edge.Side`)."""

    PORT = "port"
    STARBOARD = "starboard"


@dataclass(frozen=True, slots=True)
class Part:
    """A part of a ship's boundary (G8): its kind, and its side for all but the bow and stern."""

    kind: PartKind
    side: ShipSide | None = None

    def __post_init__(self) -> None:
        middle = self.kind not in (PartKind.BOW, PartKind.STERN)
        if middle != (self.side is not None):
            raise ValueError(f"a {self.kind.value} part {'needs' if middle else 'has no'} side")

    @property
    def name(self) -> str:
        """The part in words, as a report writes it: "bow", "starboard bow quarter"."""
        return self.kind.value if self.side is None else f"{self.side.value} {self.kind.value}"


BOW = Part(PartKind.BOW)
STERN = Part(PartKind.STERN)
_S, _P = ShipSide.STARBOARD, ShipSide.PORT

# Corner i and edge i = [corner i, corner i+1] in G3's order, from the bow-starboard corner clockwise.
_OCTAGON_CORNERS = (BOW, Part(PartKind.SHOULDER, _S), Part(PartKind.HIP, _S), STERN,
                    STERN, Part(PartKind.HIP, _P), Part(PartKind.SHOULDER, _P), BOW)
_OCTAGON_EDGES = (Part(PartKind.BOW_QUARTER, _S), Part(PartKind.BEAM, _S),
                  Part(PartKind.STERN_QUARTER, _S), STERN, Part(PartKind.STERN_QUARTER, _P),
                  Part(PartKind.BEAM, _P), Part(PartKind.BOW_QUARTER, _P), BOW)
_RECTANGLE_CORNERS = (BOW, STERN, STERN, BOW)
_RECTANGLE_EDGES = (Part(PartKind.BEAM, _S), STERN, Part(PartKind.BEAM, _P), BOW)


def corner_parts(corner_count: int) -> tuple[Part, ...]:
    """The part each corner of a footprint lies on, in G3's corner order: 8 corners for the
    stretched octagon, 4 for the rectangle. Raises ValueError for any other outline."""
    if corner_count == 8:
        return _OCTAGON_CORNERS
    if corner_count == 4:
        return _RECTANGLE_CORNERS
    raise ValueError(f"parts are named on a ship's footprint of 4 or 8 corners, not {corner_count}")


def edge_parts(corner_count: int) -> tuple[Part, ...]:
    """The part each edge i = [corner i, corner i+1] of a footprint lies on, in G3's order (G8)."""
    return _OCTAGON_EDGES if corner_parts(corner_count) is _OCTAGON_CORNERS else _RECTANGLE_EDGES


def edge_index(part: Part, corner_count: int) -> int:
    """Which edge of a footprint a part that is an edge is (G3's numbering): the starboard beam is
    edge 1 of the octagon and edge 0 of the rectangle. Raises ValueError for a corner part."""
    edges = edge_parts(corner_count)
    if part not in edges:
        raise ValueError(f"the {part.name} is not an edge of a footprint of {corner_count} corners")
    return edges.index(part)


def _nearest_edge(point: Vec, ship: Polygon) -> int:
    # The least distance, compared exactly; the first edge in corner order on an exact tie.
    distances = [point_segment_distance(point, start, end) for start, end in ship.edges()]
    return distances.index(min(distances))


def boundary_part(point: Vec, ship: Polygon, epsilon: float) -> Part:
    """The part of a ship's boundary a point on it lies on (G8): the corner's part if the point is
    within ε of a corner (G6; the first such corner in G3's order), otherwise the part of the edge
    whose segment is nearest (G5 point to segment; the first in G3's order on an exact tie).
    Meant for points on the boundary; any other point is given the same rule."""
    parts = corner_parts(len(ship.corners))
    for corner, part in zip(ship.corners, parts, strict=True):
        if within((point - corner).length(), 0.0, epsilon):
            return part
    return edge_parts(len(ship.corners))[_nearest_edge(point, ship)]


def nearest_boundary_point(point: Vec, polygon: Polygon) -> Vec:
    """The point of a polygon's boundary nearest `point`, inside or outside it: the foot on the
    nearest edge segment (G5's clamped τ), the first edge in corner order on an exact tie."""
    start, end = polygon.edges()[_nearest_edge(point, polygon)]
    along = end - start
    squared = along.dot(along)
    tau = 0.0 if squared == 0.0 else min(1.0, max(0.0, (point - start).dot(along) / squared))
    return start + along * tau


def contact_part(ship: Polygon, impact: Vec, epsilon: float) -> Part:
    """A ship's contact part at an impact point I: the part (G8) holding the point of its boundary
    nearest I. Corners are taken within ε, whatever tolerance found I (G12)."""
    return boundary_part(nearest_boundary_point(impact, ship), ship, epsilon)


@dataclass(frozen=True, slots=True)
class ContactParts:
    """Both ships' contact parts at one contact, with the impact point I they were taken at."""

    impact: Vec
    mover: Part
    obstacle: Part


def contact_parts(mover: Polygon, obstacle: Polygon, tolerance: float, epsilon: float) -> ContactParts:
    """The impact point I of two ships in contact (G12, K taken within `tolerance`: ε at a
    collision, c for ships lying in contact or at a stopped rotation in WW) and each ship's
    contact part there (G8, corners within ε). Raises ValueError if they are not in contact."""
    point = impact_point(mover, obstacle, tolerance)
    return ContactParts(point, contact_part(mover, point, epsilon), contact_part(obstacle, point, epsilon))
