"""SB's aim step: a turn towards the ram target, made as a single-step pivot
(open-table-core G18 and G17; SB rulings §6.3, `aim_step`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.table.bearings import DeadAstern, bearing, relative_bearing
from pbem.rules.table.footprint import Footprint, Polygon, Pose
from pbem.rules.table.params import Table
from pbem.rules.table.pivot import PivotCheck, check_pivot, pivot
from pbem.rules.table.vectors import Vec


def round_half_away(value: float) -> float:
    """A whole number by rounding halves away from zero (G18, G21: SB's aim); never −0.0."""
    magnitude = abs(value)
    whole = math.floor(magnitude)
    if magnitude - whole >= 0.5:            # exact: a float less its floor loses no bits
        whole += 1
    return float(whole) if value >= 0 or whole == 0 else -float(whole)


def aim_turn(pose: Pose, target_centre: Vec, turn_angle: float) -> float:
    """a = clamp(rnd(ρ), −T, +T): ρ the signed turn in [−180, 180) from the heading to the bearing
    of the target's centre from the ship's centre (dead astern a port turn), T the turn angle (G18)."""
    if turn_angle < 0:
        raise ValueError(f"a turn angle cannot be negative, not {turn_angle}")
    rho = relative_bearing(pose.heading, bearing(pose.centre, target_centre), DeadAstern.PORT)
    return max(-turn_angle, min(turn_angle, round_half_away(rho))) + 0.0


@dataclass(frozen=True)
class AimStep:
    """An aim step (G18): the turn a, the pose it would give, and whether that single-step pivot
    may be made (G17); when it may not, the ruleset blocks the ship (or a fleeing ship leaves)."""

    turn: float
    after: Pose
    check: PivotCheck

    @property
    def legal(self) -> bool:
        return self.check.legal


def aim_step(footprint: Footprint, pose: Pose, target_centre: Vec, turn_angle: float,
             obstacles: Sequence[Polygon], table: Table, epsilon: float,
             ignored: frozenset[int] = frozenset()) -> AimStep:
    """The aim step of a ship at `pose` towards a target centred at `target_centre` with turn angle
    T: the turn of `aim_turn`, then the single-step pivot about the centre checked against the
    table and the other ships in `obstacles` (scenario order; `ignored` left out) (G17, G18)."""
    turn = aim_turn(pose, target_centre, turn_angle)
    after = pivot(pose, turn)
    return AimStep(turn, after, check_pivot(footprint, after, obstacles, table, epsilon, ignored))
