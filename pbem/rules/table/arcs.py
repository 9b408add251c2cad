"""Arcs: which broadside a target lies on (RC) and whether a polygon is partly within a wedge of
relative bearings (WW) (open-table-core G19).

GR and SB have no arcs. The broadside test takes ε to the firer's benefit like any limit (G6);
the wedge is a bearing test and compares in plain double precision (G6, G18)."""

from __future__ import annotations

from dataclasses import dataclass

from pbem.rules.table.bearings import DeadAstern, bearing, relative_bearing
from pbem.rules.table.footprint import Polygon, Pose
from pbem.rules.table.vectors import Vec, ahead, starboard, turned


@dataclass(frozen=True)
class BroadsideSides:
    """The sides of a firer a target lies on (G19); a target ahead or astern is often on both."""

    starboard: bool
    port: bool


def broadside_sides(firer: Pose, target: Polygon, epsilon: float) -> BroadsideSides:
    """With v_i the firer's local v (G2) of each of the target's corners: starboard when
    max v_i > ε, port when min v_i < −ε (G19; RC §1 item 5, §14)."""
    side = starboard(firer.heading)
    offsets = [(corner - firer.centre).dot(side) for corner in target.corners]
    return BroadsideSides(starboard=max(offsets) > epsilon, port=min(offsets) < -epsilon)


@dataclass(frozen=True)
class Wedge:
    """The wedge with apex Q of the relative bearings from `first` clockwise round to `last`,
    both included, seen from a ship on `heading` (G18, G19). Both bounds lie in [−180, 180];
    `first` > `last` wraps through dead astern (WW's stern arc is first = 90, last = −90), and
    first = −180, last = 180 is all round."""

    apex: Vec
    heading: float
    first: float
    last: float

    def __post_init__(self) -> None:
        if not (-180.0 <= self.first <= 180.0 and -180.0 <= self.last <= 180.0):
            raise ValueError(f"a wedge's bounds are relative bearings from −180 to 180, "
                             f"not {self.first} and {self.last}")

    @property
    def span(self) -> float:
        """The wedge's angle, clockwise from `first` to `last` (0 to 360)."""
        return self.last - self.first if self.last >= self.first else self.last - self.first + 360.0

    def covers_bearing(self, relative: float) -> bool:
        """True when a relative bearing lies in the closed interval, on the circle (±180 are one
        bearing, so either convention of G18 gives the same answer)."""
        offset = (relative - self.first) % 360.0
        if offset == 360.0:     # a tiny negative difference; on the circle it is 0
            offset = 0.0
        return offset <= self.span


def _cross(first: Vec, second: Vec) -> float:
    return first.x * second.y - first.y * second.x


def _ray_meets_segment(origin: Vec, direction: Vec, start: Vec, end: Vec) -> bool:
    # origin + λ·direction = start + μ·(end − start), λ ≥ 0 and 0 ≤ μ ≤ 1, by Cramer's rule.
    along, offset = end - start, start - origin
    denominator = _cross(direction, along)
    if denominator == 0.0:      # parallel: they meet only if collinear, with the segment ahead
        return (_cross(offset, direction) == 0.0
                and max(offset.dot(direction), (end - origin).dot(direction)) >= 0.0)
    reach = _cross(offset, along) / denominator
    share = _cross(offset, direction) / denominator
    return reach >= 0.0 and 0.0 <= share <= 1.0


def _contains(polygon: Polygon, point: Vec) -> bool:
    # Closed: inside or on the boundary (every outward normal sees the point behind its edge).
    return all(normal.dot(point - corner) <= 0.0
               for normal, corner in zip(polygon.normals, polygon.corners, strict=True))


def partly_within(polygon: Polygon, wedge: Wedge) -> bool:
    """A polygon (WW: a target's hull) is partly within a wedge when a corner's relative bearing
    from the apex lies in the wedge, or a boundary ray of the wedge (from the apex on heading
    h + first or h + last) meets one of its edges, or the apex lies inside it (G19)."""
    for corner in polygon.corners:
        if wedge.covers_bearing(relative_bearing(wedge.heading, bearing(wedge.apex, corner),
                                                 DeadAstern.STARBOARD)):
            return True
    rays = (ahead(turned(wedge.heading, wedge.first)), ahead(turned(wedge.heading, wedge.last)))
    for direction in rays:
        if any(_ray_meets_segment(wedge.apex, direction, start, end) for start, end in polygon.edges()):
            return True
    return _contains(polygon, wedge.apex)
