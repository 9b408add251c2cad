"""Convex footprints, poses and their corners on the table (open-table-core G3).

A `Footprint` is a ship's outline in its own frame (u towards the bow, v to starboard); placed at
a `Pose` it becomes a `Polygon` in world coordinates, the form every test of contact, distance
and sweep works on. Land and other areas (WW) are `Polygon`s made straight from world corners.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from pbem.rules.table.vectors import Vec, sin_cos, to_world


@dataclass(frozen=True, slots=True, init=False)
class Pose:
    """Where a ship stands: its centre C and its heading h (G2, G3). Frozen, made like `Vec`."""

    centre: Vec
    heading: float

    def __init__(self, centre: Vec, heading: float) -> None:
        _SET_CENTRE(self, centre)
        _SET_HEADING(self, heading)


_SET_CENTRE = Pose.centre.__set__  # type: ignore[attr-defined,misc]
_SET_HEADING = Pose.heading.__set__  # type: ignore[attr-defined,misc]


@dataclass(frozen=True, slots=True)
class Polygon:
    """A convex polygon on the table: corners clockwise seen from above, the outward unit normal
    of each edge i = [corner i, corner i+1], and the axes of the separating-axis test (the normals
    with exact opposites left out, as G4 permits)."""

    corners: tuple[Vec, ...]
    normals: tuple[Vec, ...]
    axes: tuple[Vec, ...]
    _disc: tuple[float, float, float] | None = field(default=None, init=False, compare=False,
                                                     repr=False)

    def disc(self) -> tuple[float, float, float]:
        """(x, y, r): the mean of the corners and the distance from it to the farthest corner, a
        disc holding the whole polygon (worked out once, on first asking)."""
        found = self._disc
        if found is None:
            corners, hypot = self.corners, math.hypot
            mx = sum(corner.x for corner in corners) / len(corners)
            my = sum(corner.y for corner in corners) / len(corners)
            found = (mx, my, max(hypot(corner.x - mx, corner.y - my) for corner in corners))
            object.__setattr__(self, "_disc", found)
        return found

    def edges(self) -> tuple[tuple[Vec, Vec], ...]:
        """Edge i as the pair (P_i, P_{i+1}), indices mod n (G3)."""
        corners = self.corners
        return tuple((corners[i], corners[(i + 1) % len(corners)]) for i in range(len(corners)))

    def translated(self, offset: Vec) -> Polygon:
        """The same polygon moved by `offset`; normals and axes are unchanged."""
        return Polygon(tuple(corner + offset for corner in self.corners), self.normals, self.axes)


@dataclass(frozen=True, slots=True)
class Footprint:
    """A ship's convex outline in local (u, v), corners clockwise from above (G3).

    `half_length` is L/2, the distance from the centre to the middle of the bow edge."""

    corners: tuple[Vec, ...]
    normals: tuple[Vec, ...]
    axis_indices: tuple[int, ...]
    half_length: float


def _local_normals(corners: Sequence[Vec]) -> tuple[Vec, ...]:
    # In local terms the world normal R_-90 of edge Δu·d + Δv·s is Δv·d − Δu·s (G3).
    normals = []
    for i, start in enumerate(corners):
        end = corners[(i + 1) % len(corners)]
        du, dv = end.x - start.x, end.y - start.y
        size = math.hypot(du, dv)
        if size == 0.0:
            raise ValueError("a footprint has two equal corners in a row")
        normals.append(Vec(dv / size, -du / size))
    return tuple(normals)


def _axis_indices(normals: Sequence[Vec]) -> tuple[int, ...]:
    kept: list[int] = []
    for i, normal in enumerate(normals):
        if not any(normals[j] == -normal for j in kept):
            kept.append(i)
    return tuple(kept)


def _footprint(corners: Sequence[Vec], half_length: float) -> Footprint:
    normals = _local_normals(corners)
    return Footprint(tuple(corners), normals, _axis_indices(normals), half_length)


def rectangle(length: float, beam: float) -> Footprint:
    """The L × W rectangle: bow-starboard, stern-starboard, stern-port, bow-port (G3; GR §2)."""
    if not (length > 0 and beam > 0):
        raise ValueError(f"a rectangle footprint needs a positive length and beam, not {length} × {beam}")
    a, b = length / 2, beam / 2
    return _footprint((Vec(a, b), Vec(-a, b), Vec(-a, -b), Vec(a, -b)), a)


def stretched_octagon(length: float, beam: float) -> Footprint:
    """The stretched octagon of length L and beam W, from the bow clockwise (G3, WW).

    With a = L/2, b = W/2, q = W/4: bow-stbd (a, q), shoulder-stbd (a − q√3, b), hip-stbd
    (−a + q, b), stern-stbd (−a, q), then the same mirrored to port. WW's hull outline for arcs
    is this octagon with the beam less 0.05 SL."""
    a, b, q = length / 2, beam / 2, beam / 4
    shoulder, hip = a - q * math.sqrt(3.0), -a + q
    if not (beam > 0 and hip < shoulder):
        raise ValueError(f"a stretched octagon needs a positive beam and a length well over it, "
                         f"not {length} × {beam}")
    return _footprint((Vec(a, q), Vec(shoulder, b), Vec(hip, b), Vec(-a, q),
                       Vec(-a, -q), Vec(hip, -b), Vec(shoulder, -b), Vec(a, -q)), a)


def place(footprint: Footprint, pose: Pose) -> Polygon:
    """The footprint at a pose: world corners P_i = C + u_i·d(h) + v_i·s(h) (G3)."""
    centre = pose.centre
    sin, cos = sin_cos(pose.heading)
    cx, cy = centre.x, centre.y
    # to_world for each corner, inlined with the very same arithmetic (placing is asked for
    # thousands of times a phase): C + u·d(h) + v·s(h), left to right. The points and the
    # polygon are made by setting their slots (Vec's and a frozen dataclass's __init__ are a
    # Python call each, a fifth of the time here); Polygon has no __post_init__ to skip.
    new, set_x, set_y = object.__new__, _SET_X, _SET_Y
    corners = []
    for corner in footprint.corners:
        u, v = corner.x, corner.y
        point = new(Vec)
        set_x(point, cx + u * sin + v * cos)
        set_y(point, cy + u * cos - v * sin)
        corners.append(point)
    normals = []
    for normal in footprint.normals:
        u, v = normal.x, normal.y
        point = new(Vec)
        set_x(point, u * sin + v * cos)
        set_y(point, u * cos - v * sin)
        normals.append(point)
    made = new(Polygon)
    _SET_CORNERS(made, tuple(corners))
    _SET_NORMALS(made, tuple(normals))
    _SET_AXES(made, tuple([normals[i] for i in footprint.axis_indices]))
    _SET_DISC(made, None)
    return made


# the slots' own setters, for place()
_SET_X, _SET_Y = vars(Vec)["x"].__set__, vars(Vec)["y"].__set__
_SET_CORNERS, _SET_NORMALS = vars(Polygon)["corners"].__set__, vars(Polygon)["normals"].__set__
_SET_AXES, _SET_DISC = vars(Polygon)["axes"].__set__, vars(Polygon)["_disc"].__set__


def area_polygon(corners: Sequence[Vec]) -> Polygon:
    """A convex area given by world corners listed clockwise from above (G3: land, current and
    smoke areas). Raises ValueError if the corners are not a convex clockwise polygon."""
    count = len(corners)
    if count < 3:
        raise ValueError("an area needs at least three corners")
    normals = []
    for i, start in enumerate(corners):
        end, after = corners[(i + 1) % count], corners[(i + 2) % count]
        edge, following = end - start, after - end
        # Clockwise and convex: every turn from one edge to the next is to the right.
        if edge.x * following.y - edge.y * following.x >= 0:
            raise ValueError("an area's corners must be listed clockwise and make a convex polygon")
        size = edge.length()
        normals.append(Vec(-edge.y / size, edge.x / size))
    return Polygon(tuple(corners), tuple(normals), tuple(normals))


def bow_point(footprint: Footprint, pose: Pose) -> Vec:
    """BP = C + (L/2)·d(h), the middle of the bow edge (G3)."""
    return to_world(footprint.half_length, 0.0, pose.centre, pose.heading)
