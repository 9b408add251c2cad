"""Movement as geometry (rulings §5, §6.1, §6.3 passing, §6.4): where each ship goes, and where
it strikes or is blocked, worked out with no dice.

Dice never change a position (§5.8): a strike's result changes crews, not places, and a mover
that loses its sailors or its captain in a clash finishes its order (its AP was fixed when the
half opened, §5.1). So one plan serves both the echo at submission and the resolution, which
walks the plan and rolls each strike's dice in the order the strikes happen (§18.2).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pbem.rules.greeksromans.orders import MoveOrder, Step
from pbem.rules.greeksromans.state import LEFT, GameState, Ship
from pbem.rules.table import (
    Polygon,
    Pose,
    StepOutcome,
    Vec,
    ahead,
    aspect_angle,
    beyond,
    check_pivot,
    footprint_distance,
    impact_point,
    nearest_to_bow,
    pass_after_contact,
    pivot,
    place,
    straight_step,
    to_local,
)

OAR, RUDDER, RAM = "oar", "rudder", "ram"
EDGE = "edge"


@dataclass(frozen=True)
class Moved:
    """A step carried out, whole or cut short; for a pivot `start` = `end`."""

    ship: str
    step: str
    start: Vec
    end: Vec
    heading: int
    travel: float


@dataclass(frozen=True)
class Strike:
    """A strike (§6.1): the mover at `at`, the impact point, θ, u on the target, the kind."""

    ship: str
    target: str
    kind: str
    at: Vec
    impact: Vec
    theta: int
    u: float


@dataclass(frozen=True)
class Blocked:
    """The movement ends here (§5.4, §5.5): `by` is a ship id, several joined by commas, or
    "edge"."""

    ship: str
    by: str
    at: Vec
    reason: str


@dataclass(frozen=True)
class Passed:
    """After an oar clash (§6.3): whether the mover gets past the ship it struck."""

    ship: str
    past: str
    made: bool
    to: Vec


@dataclass(frozen=True)
class Left:
    """The ship left the table (`table_edge = leave`, §5.7)."""

    ship: str
    at: Vec
    edge: str


Happening = Moved | Strike | Blocked | Passed | Left


@dataclass(frozen=True)
class MovePlan:
    """Every movement of a half in order, and the ships where it leaves them."""

    happenings: tuple[Happening, ...]
    ships: tuple[Ship, ...]

    def of(self, ship_id: str) -> tuple[Happening, ...]:
        key = ship_id.upper()
        return tuple(h for h in self.happenings if h.ship.upper() == key)


def plan_moves(state: GameState, orders: Sequence[MoveOrder]) -> MovePlan:
    """Carry out the movement orders one ship after another, in the order given (§5.3)."""
    ships = list(state.ships)
    index = {ship.id.upper(): i for i, ship in enumerate(ships)}
    happenings: list[Happening] = []
    for order in orders:
        i = index[order.ship.upper()]
        moved, found = _move_one(state, ships, i, order.steps)
        ships[i] = moved
        happenings += found
    return MovePlan(tuple(happenings), tuple(ships))


def _edge_name(polygon: Polygon, state: GameState) -> str:
    table, epsilon = state.table, state.epsilon
    names = []
    for corner in polygon.corners:
        if corner.y <= epsilon:
            names.append("south")
        if corner.x <= epsilon:
            names.append("west")
        if corner.y >= table.height - epsilon:
            names.append("north")
        if corner.x >= table.width - epsilon:
            names.append("east")
    return next(iter(dict.fromkeys(names)), "edge")


def _move_one(state: GameState, ships: list[Ship], i: int,
              steps: Sequence[Step]) -> tuple[Ship, list[Happening]]:
    mover = ships[i]
    footprint = mover.footprint
    others = _within_reach(state, ships, i, steps)
    polygons = [ships[j].polygon() for j in others]
    table, epsilon = state.table, state.epsilon
    pose = mover.pose
    happenings: list[Happening] = []
    struck: set[int] = set()  # each enemy may be struck once by this mover this half (§5.4)
    status = mover.status
    for step in steps:
        if step.kind in "PS":
            after = pivot(pose, step.amount if step.kind == "S" else -step.amount)
            checked = check_pivot(footprint, after, polygons, table, epsilon)
            if not checked.legal:
                names = ", ".join(ships[others[k]].id for k in checked.overlapping)
                reason = (f"the pivot {step.notation()} would overlap {names}" if names
                          else f"the pivot {step.notation()} would take the ship off the table")
                happenings.append(Blocked(mover.id, names or EDGE, pose.centre, reason))
                break
            pose = after
            happenings.append(Moved(mover.id, step.notation(), pose.centre, pose.centre,
                                    int(pose.heading), 0.0))
            continue
        pose, going, status = _straight(state, mover, ships, others, polygons, pose, step, struck,
                                        happenings)
        if not going:
            break
    return replace(mover, x=pose.centre.x, y=pose.centre.y, heading=int(pose.heading),
                   status=status), happenings


def _half_diagonal(ship: Ship) -> float:
    return math.hypot(ship.length / 2, ship.beam / 2)


def _within_reach(state: GameState, ships: Sequence[Ship], i: int,
                  steps: Sequence[Step]) -> list[int]:
    """The ships the mover could meet at all: the broad phase. Pivots turn about the centre,
    so the centre travels at most the sum of the straight steps; a footprint lies within its
    half-diagonal of its centre. A ship farther than that (plus the contact tolerance) can
    be neither touched nor overlapped, so leaving it out changes no result."""
    mover = ships[i]
    travel = sum(step.inches for step in steps if step.kind in "FB")
    reach = travel + _half_diagonal(mover) + state.options.contact_tolerance + 1.0
    return [j for j, ship in enumerate(ships)
            if j != i and ship.on_table
            and math.hypot(ship.x - mover.x, ship.y - mover.y) <= reach + _half_diagonal(ship)]


def _straight(state: GameState, mover: Ship, ships: Sequence[Ship], others: Sequence[int],
              polygons: Sequence[Polygon], pose: Pose, step: Step, struck: set[int],
              happenings: list[Happening]) -> tuple[Pose, bool, str]:
    """One forward or back step (§5.4), with the pass after a clash (§6.3). Returns where the
    ship stands, whether its movement goes on, and its status (LEFT if it left the table)."""
    footprint, table, epsilon = mover.footprint, state.table, state.epsilon
    forward = step.kind == "F"
    motion = ahead(pose.heading) * (1.0 if forward else -1.0)
    start_polygon = place(footprint, pose)
    gone = 0.0
    outcome: StepOutcome = straight_step(footprint, pose, motion, step.inches, polygons, table,
                                         epsilon)
    ignored: frozenset[int] = frozenset()
    while True:
        happenings.append(Moved(mover.id, step.notation(), pose.centre, outcome.end.centre,
                                int(pose.heading), outcome.travel))
        gone += outcome.travel
        pose = outcome.end
        if not outcome.cut_short:
            return pose, True, mover.status
        met = ", ".join(ships[others[k]].id for k in outcome.contacts)
        if not outcome.contacts:
            return _edge(state, mover, pose, happenings)
        if not forward:
            happenings.append(Blocked(mover.id, met, pose.centre,
                                      f"backing into {met}: only forward steps strike"))
            return pose, False, mover.status
        eligible = [k for k in outcome.contacts
                    if ships[others[k]].controller != mover.controller and k not in struck
                    and beyond(footprint_distance(start_polygon, polygons[k], epsilon),
                               state.options.contact_tolerance, epsilon)]
        if not eligible:
            happenings.append(Blocked(mover.id, met, pose.centre,
                                      _why_no_strike(ships, others, outcome.contacts, mover, struck)))
            return pose, False, mover.status
        chosen = eligible[0] if len(eligible) == 1 else \
            nearest_to_bow(footprint, pose, polygons, eligible, epsilon)
        target = ships[others[chosen]]
        strike = classify(state, mover, pose, target, polygons[chosen])
        happenings.append(strike)
        struck.add(chosen)
        rest = [k for k in outcome.contacts if k != chosen]
        if rest:  # the others touched at that moment block once the strike is made (§5.4)
            names = ", ".join(ships[others[k]].id for k in rest)
            happenings.append(Blocked(mover.id, names, pose.centre,
                                      f"touching {names} at the same moment as the strike"))
            return pose, False, mover.status
        if outcome.edge:
            return _edge(state, mover, pose, happenings)
        if strike.kind != OAR or not state.options.clash_pass:
            return pose, False, mover.status  # the mover stops (§6.4; clash_pass off)
        passed = pass_after_contact(footprint, pose, motion, step.inches - gone, polygons, chosen,
                                    table, epsilon, ignored)
        if passed is None:
            happenings.append(Passed(mover.id, target.id, False, pose.centre))
            return pose, False, mover.status
        happenings.append(Passed(mover.id, target.id, True, passed.end.centre))
        ignored = ignored | {chosen}
        outcome = passed


def _edge(state: GameState, mover: Ship, pose: Pose,
          happenings: list[Happening]) -> tuple[Pose, bool, str]:
    edge = _edge_name(place(mover.footprint, pose), state)
    if state.options.table_edge == "leave":
        happenings.append(Left(mover.id, pose.centre, edge))
        return pose, False, LEFT
    happenings.append(Blocked(mover.id, EDGE, pose.centre, f"the {edge} edge of the table"))
    return pose, False, mover.status


def _why_no_strike(ships: Sequence[Ship], others: Sequence[int], contacts: Sequence[int],
                   mover: Ship, struck: set[int]) -> str:
    reasons = []
    for k in contacts:
        other = ships[others[k]]
        if other.controller == mover.controller:
            reasons.append(f"{other.id} is friendly")
        elif k in struck:
            reasons.append(f"{mover.id} has already struck {other.id} this half")
        else:
            reasons.append(f"{other.id} was already in contact at the start of the step")
    return "; ".join(reasons)


def classify(state: GameState, mover: Ship, pose: Pose, target: Ship, target_polygon: Polygon) -> Strike:
    """Rudder strike behind the oar banks, else oar clash below 45°, else a ram (§6.1)."""
    impact = impact_point(place(mover.footprint, pose), target_polygon, state.epsilon)
    u = to_local(impact, target.pose.centre, float(target.heading)).x
    theta = int(aspect_angle(pose.heading, float(target.heading)))
    if u <= -state.options.stern_limit(target.length) + state.epsilon:
        kind = RUDDER
    elif theta < 45:
        kind = OAR
    else:
        kind = RAM
    return Strike(mover.id, target.id, kind, pose.centre, impact, theta, u)
