"""Zones A–D about a ship (open-table-core G8, SB `zones`; SB rulings §1.1).

Bounded by the 45° lines out of the four corners and the beam line u = 0: the bow edge and bow
corners are A, the stern edge and stern corners D, the sides forward of amidships B, abaft C."""

from __future__ import annotations

from enum import Enum

from pbem.rules.table.footprint import Pose
from pbem.rules.table.vectors import Vec, to_local


class Zone(Enum):
    """A zone about a ship (G8): A the bow, B the forward side, C the after side, D the stern."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"


def zone(u: float, v: float, length: float, beam: float, epsilon: float) -> Zone:
    """The zone of a point at local (u, v) on a ship of length L and beam W (G8).

    With f = u − L/2, a = −u − L/2 and o = |v| − W/2: A if f ≥ o − ε; else D if a ≥ o − ε;
    else B if u ≥ −ε; else C. A and D take their ε boundaries, so corners go to A or D."""
    half_length = length / 2
    outboard = abs(v) - beam / 2
    if u - half_length >= outboard - epsilon:
        return Zone.A
    if -u - half_length >= outboard - epsilon:
        return Zone.D
    if u >= -epsilon:
        return Zone.B
    return Zone.C


def point_zone(point: Vec, pose: Pose, length: float, beam: float, epsilon: float) -> Zone:
    """The zone of a world point about a ship standing at `pose` (G2 local coordinates, G8): the
    approach zone of a rammer's bow point, or the impact zone of an impact point (SB §1.1)."""
    local = to_local(point, pose.centre, pose.heading)
    return zone(local.x, local.y, length, beam, epsilon)
