"""Relative bearings of points from a ship, WW's TOWARD and AWAY turns, and whether a ship is
approaching another (open-table-core G18; WW rulings §3, §15.4 trigger 7, §21).

Built on `bearings` (the bearing and the relative bearing in either half-open interval, G18),
`headings` (Δ between headings, G7) and `footprint.Pose`; nothing here recomputes an angle those
already give. Bearings come from atan2 and compare in plain double precision (G6): a target placed
exactly on a half-degree bearing may come out a hair short of it and round down a further 0.5°."""

from __future__ import annotations

import math

from pbem.rules.table.bearings import DeadAstern, bearing, relative_bearing
from pbem.rules.table.footprint import Pose
from pbem.rules.table.headings import heading_difference
from pbem.rules.table.vectors import Vec, turned

# WW's approach cone (G18, WW §15.4): the bearing within 45° of the direction of travel.
APPROACH_CONE = 45.0


def relative_bearing_to(origin: Vec, heading: float, target: Vec, dead_astern: DeadAstern) -> float:
    """The relative bearing of `target` seen from `origin` on `heading` (G18): the bearing of the
    target less the heading, in [−180, 180) with `DeadAstern.PORT` (SB) and (−180, 180] with
    `DeadAstern.STARBOARD` (WW); positive to starboard."""
    return relative_bearing(heading, bearing(origin, target), dead_astern)


def round_down_in_magnitude(angle: float, grain: float) -> float:
    """The multiple of `grain` next towards zero from `angle` (itself if it is one); never −0.0
    (G18, G21: WW's TOWARD rounds down to 0.5°)."""
    if not grain > 0:
        raise ValueError(f"a grain must be greater than 0, not {grain}")
    whole = math.floor(abs(angle) / grain) * grain
    return math.copysign(whole, angle) + 0.0 if whole else 0.0


def _capped_turn(heading: float, towards: float, remaining: float, dead_astern: DeadAstern,
                 grain: float) -> float:
    if not remaining >= 0:
        raise ValueError(f"a remaining turn limit cannot be negative, not {remaining}")
    rho = relative_bearing(heading, towards, dead_astern)
    return round_down_in_magnitude(math.copysign(min(abs(rho), remaining), rho), grain)


def toward_turn(pose: Pose, target: Vec, remaining: float, *,
                dead_astern: DeadAstern = DeadAstern.STARBOARD, grain: float = 0.5) -> float:
    """The signed turn of TOWARD (G18, WW §21): ρ, the relative bearing of `target` from the
    ship's centre, capped in magnitude by the `remaining` turn limit and rounded down in magnitude
    to a multiple of `grain`; positive to starboard, 0 when ρ is 0 or rounds to 0. Dead astern
    turns to starboard by default (WW's (−180, 180]). A target at the centre itself gives no turn."""
    if target == pose.centre:
        return 0.0
    return _capped_turn(pose.heading, bearing(pose.centre, target), remaining, dead_astern, grain)


def away_turn(pose: Pose, target: Vec, remaining: float, *,
              dead_astern: DeadAstern = DeadAstern.STARBOARD, grain: float = 0.5) -> float:
    """The signed turn of AWAY (G18, WW §21): as `toward_turn` with the bearing b + 180, so a
    target dead ahead puts the reverse dead astern (a starboard turn in WW)."""
    if target == pose.centre:
        return 0.0
    reverse = turned(bearing(pose.centre, target), 180.0)
    return _capped_turn(pose.heading, reverse, remaining, dead_astern, grain)


def approaching(mover_centre: Vec, travel: float | None, target_centre: Vec,
                cone: float = APPROACH_CONE) -> bool:
    """E approaches A when E is moving (its direction of travel `travel` is not None, so its speed
    is above 0) and the bearing of A's centre from E's is within `cone` (45°) of that direction of
    travel: Δ ≤ 45 (G7, G18; WW §15.4). Compared in plain double precision (G6)."""
    if travel is None:
        return False
    return heading_difference(bearing(mover_centre, target_centre), travel) <= cone
