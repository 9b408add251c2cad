"""Points, headings, local coordinates and rotation (open-table-core G2).

Headings are degrees clockwise from north; the sine and cosine of a multiple of 90° are exact so
that ships square to the table stay exactly square.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

_QUARTER_TURNS: tuple[tuple[float, float], ...] = ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))


@dataclass(frozen=True, slots=True, init=False)
class Vec:
    """A point or a displacement on the table: x east, y north (G2). Frozen; its constructor
    sets the two slots directly (a frozen dataclass's own goes through object.__setattr__, and
    points are made by the hundred thousand a phase)."""

    x: float
    y: float

    def __init__(self, x: float, y: float) -> None:
        _SET_X(self, x)
        _SET_Y(self, y)

    def __add__(self, other: Vec) -> Vec:
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Vec) -> Vec:
        return Vec(self.x - other.x, self.y - other.y)

    def __neg__(self) -> Vec:
        return Vec(-self.x, -self.y)

    def __mul__(self, factor: float) -> Vec:
        return Vec(self.x * factor, self.y * factor)

    __rmul__ = __mul__

    def dot(self, other: Vec) -> float:
        return self.x * other.x + self.y * other.y

    def length(self) -> float:
        return math.hypot(self.x, self.y)


_SET_X = Vec.x.__set__  # type: ignore[attr-defined,misc]
_SET_Y = Vec.y.__set__  # type: ignore[attr-defined,misc]


def sin_cos(degrees: float) -> tuple[float, float]:
    """(sin, cos) of an angle in degrees, exactly 0 or ±1 at multiples of 90° (G2)."""
    angle = normalize_heading(degrees)
    if angle % 90.0 == 0.0:
        return _QUARTER_TURNS[int(angle // 90.0)]
    radians = math.radians(angle)
    return math.sin(radians), math.cos(radians)


def normalize_heading(heading: float) -> float:
    """A heading taken into 0 ≤ h < 360 (G2)."""
    result = heading % 360.0
    return 0.0 if result == 360.0 else result


def turned(heading: float, alpha: float) -> float:
    """The heading after turning α degrees, to starboard when positive, to port when negative (G2)."""
    return normalize_heading(heading + alpha)


def ahead(heading: float) -> Vec:
    """The unit vector d(h) = (sin h, cos h) towards the bow (G2)."""
    sin, cos = sin_cos(heading)
    return Vec(sin, cos)


def starboard(heading: float) -> Vec:
    """The unit vector s(h) = (cos h, −sin h) towards the ship's right (G2)."""
    sin, cos = sin_cos(heading)
    return Vec(cos, -sin)


def to_local(point: Vec, centre: Vec, heading: float) -> Vec:
    """A world point in a ship's local frame: u towards the bow, v to starboard, as Vec(u, v) (G2)."""
    offset = point - centre
    return Vec(offset.dot(ahead(heading)), offset.dot(starboard(heading)))


def to_world(u: float, v: float, centre: Vec, heading: float) -> Vec:
    """The world point C + u·d(h) + v·s(h) (G2, G3)."""
    sin, cos = sin_cos(heading)
    return Vec(centre.x + u * sin + v * cos, centre.y + u * cos - v * sin)


def rotate(vector: Vec, alpha: float) -> Vec:
    """R_α: the clockwise rotation by α degrees, positive to starboard (G2)."""
    sin, cos = sin_cos(alpha)
    return Vec(vector.x * cos + vector.y * sin, -vector.x * sin + vector.y * cos)
