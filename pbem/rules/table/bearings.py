"""Bearings, signed turns and the rout heading (open-table-core G18).

Bearings come from atan2 and compare in plain double precision (G6); the rout heading is built
from headings alone, so it is a multiple of the grain and exact."""

from __future__ import annotations

import math
from enum import Enum

from pbem.rules.table.edge import OUTWARD_HEADING, Side
from pbem.rules.table.vectors import Vec, normalize_heading


class DeadAstern(Enum):
    """Which way a bearing dead astern turns (G18): SB counts it a port turn (−180, so relative
    bearings lie in [−180, 180)); WW a starboard one (+180, so they lie in (−180, 180])."""

    PORT = "port"
    STARBOARD = "starboard"


def _into_circle(degrees: float) -> float:
    # Python's float % can give 360.0 for a tiny negative angle; that is 0 on the circle.
    result = degrees % 360.0
    return 0.0 if result == 360.0 else result


def bearing(origin: Vec, target: Vec) -> float:
    """The bearing of `target` from `origin`: atan2(Δx, Δy) in degrees, clockwise from north,
    taken into [0, 360) (G18). A target at the origin itself has bearing 0."""
    return _into_circle(math.degrees(math.atan2(target.x - origin.x, target.y - origin.y)))


def relative_bearing(heading: float, bearing: float, dead_astern: DeadAstern) -> float:
    """ρ = ((b − h + 180) mod 360) − 180, the bearing seen from a ship on heading h, which is also
    the signed turn from h to b; positive to starboard (G18). Dead astern is −180 with
    `DeadAstern.PORT` (SB) and +180 with `DeadAstern.STARBOARD` (WW)."""
    rho = _into_circle(bearing - heading + 180.0) - 180.0
    if dead_astern is DeadAstern.STARBOARD and rho == -180.0:
        return 180.0
    return rho


def home_heading(edge: Side) -> float:
    """The heading straight at a side's home edge: south 180, north 0, west 270, east 90
    (G18, RC §16.6; the same as the heading straight out across that edge, G11)."""
    return OUTWARD_HEADING[edge]


def rout_heading(downwind: float, home: float) -> float:
    """RC's rout heading R, the heading within 45° of the downwind heading W nearest the home
    heading H (G18; RC §16.6). With δ = (H − W) mod 360: R = H when δ ≤ 45 or δ ≥ 315;
    R = W + 45 when 45 < δ ≤ 180 (so H dead upwind goes to W + 45); R = W − 45 when
    180 < δ < 315."""
    delta = normalize_heading(home - downwind)
    if delta <= 45.0 or delta >= 315.0:
        return normalize_heading(home)
    if delta <= 180.0:
        return normalize_heading(downwind + 45.0)
    return normalize_heading(downwind - 45.0)
