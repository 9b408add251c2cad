"""Macros and the judge's segments of Wooden Walls (rulings §6.2, §15.5, §17, §21; plan §11 q. 38).

- `default_segment`: `F1` at speed 1-4, `B0.5` backing, `HOLD` stopped, never with `BREAK` or an
  intent (§6.2).
- `resolve` / `resolve_entry`: a queue entry evaluated on the present state as the activation
  starts (after §7.6 items 1-4). `TOWARD T [d]`: β the bearing from the ship's centre to T's
  (a ship's centre or a point), Δ = β − h in (−180, 180], a = min(|Δ|, the turn limit) rounded
  down to 0.5 (`S a` when Δ > 0, `P a` when Δ < 0, none when a is 0), then `F d` (default the
  maximum advance), `BREAK` and the intent; the turn does not iterate. `AWAY` uses β + 180. A
  stopped ship only pivots (the turn alone, against its pivot limit). A backing ship's TOWARD or
  AWAY fails (§17) and the default segment is carried out, as when ship T is no longer on the
  table. `IF NEAR X r`: true when X's footprint distance is ≤ r SL (G6, within ε), false when X
  is not on the table; the branch chosen is resolved the same way.
- `nearest_enemy`, `standing_off`, `fleeing`: §15.5 with `flight = auto`. A standing-off ship's
  segment loses its intent and is tried first (by the caller's `trial`: clamped, swept, stopping
  at the first contact, no dice); when it would end nearer the enemy ship that was nearest at the
  start (G6 `shorter`, ties in scenario order, q. 38) it is replaced by `AWAY <that enemy>`. A
  fleeing ship's segment is `TOWARD` the point on the nearest table edge straight out from its
  centre (G11), at full advance, with `BREAK`.

A resolved segment is not yet clamped (`clamp.py` does that). Imports the orders, the limits
(`speeds.py`), the state and the core's bearings, distances and edges.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from pbem.rules.table import (
    Pose,
    Vec,
    away_turn,
    footprint_distance,
    nearest_edge,
    place,
    shorter,
    toward_turn,
    within,
)
from pbem.rules.woodenwalls.orders import (
    Ahead,
    Astern,
    Away,
    Entry,
    Hold,
    IfNear,
    Segment,
    Step,
    Toward,
    Turn,
)
from pbem.rules.woodenwalls.speeds import BACKING, limits
from pbem.rules.woodenwalls.state import STANDING_OFF, GameState, Ship

DEFAULT_AHEAD = 1.0  # §6.2: F1 at speed 1-4
DEFAULT_ASTERN = 0.5  # §6.2: B0.5 backing


def default_segment(ship: Ship) -> Segment:
    """The default segment (§6.2): F1 at speed 1-4, B0.5 backing, HOLD stopped; no BREAK, no
    intent (clamped afterwards like any segment)."""
    if ship.speed == BACKING:
        return Segment((Astern(DEFAULT_ASTERN),))
    if ship.speed == 0:
        return Segment((Hold(),))
    return Segment((Ahead(DEFAULT_AHEAD),))


@dataclass(frozen=True, slots=True)
class Resolved:
    """An entry resolved: the `segment` to clamp and carry out, and `failed` the reason the
    ordered macro failed (§17, reported with the order consumed; "" when it did not)."""

    segment: Segment
    failed: str = ""


def _aim_point(state: GameState, target: str | Vec) -> Vec | None:
    if isinstance(target, Vec):
        return target
    found = state.ship(target)
    if found is None or not found.on_table:
        return None
    return found.pose.centre


def _aim(state: GameState, ship: Ship, macro: Toward | Away) -> Resolved:
    verb = macro.verb
    if ship.speed == BACKING:
        return Resolved(default_segment(ship), f"{verb} fails for a backing ship: the default "
                                               f"segment is carried out")
    point = _aim_point(state, macro.target)
    if point is None:
        return Resolved(default_segment(ship), f"{verb} {macro.target}: that ship is no longer on "
                                               f"the table; the default segment is carried out")
    found = limits(state, ship)
    turn_of = toward_turn if isinstance(macro, Toward) else away_turn
    angle = turn_of(ship.pose, point, found.turn)
    steps: list[Step] = [Turn(angle)] if angle else []
    if ship.speed != 0:
        distance = found.advance_max if macro.distance is None else macro.distance
        steps.append(Ahead(distance))
    elif not steps:
        steps.append(Hold())
    return Resolved(Segment(tuple(steps), macro.break_away, macro.intent))


def near(state: GameState, ship: Ship, other: str, radius: float) -> bool:
    """`IF NEAR other radius` (§21): the footprint distance is ≤ radius SL (within ε, G6);
    false when `other` is not on the table (fled, removed or not in the game)."""
    found = state.ship(other)
    if found is None or not found.on_table:
        return False
    epsilon = state.core.epsilon
    return within(footprint_distance(ship.polygon, found.polygon, epsilon), radius, epsilon)


def resolve(state: GameState, ship: Ship, entry: Entry) -> Resolved:
    """The entry as a plain segment on the present state (§21), with the reason when a macro
    failed (§17)."""
    if isinstance(entry, Segment):
        return Resolved(entry)
    if isinstance(entry, IfNear):
        branch = entry.then if near(state, ship, entry.ship, entry.radius) else entry.otherwise
        return resolve(state, ship, branch)
    return _aim(state, ship, entry)


def resolve_entry(state: GameState, ship: Ship, entry: Entry) -> Segment:
    """The entry as a plain segment (§21): a segment passes through; TOWARD, AWAY and IF NEAR
    are evaluated now; a failed macro gives the default segment (§17, §6.2)."""
    return resolve(state, ship, entry).segment


# ---------------------------------------------------------------- §15.5: standing off, fleeing


def nearest_enemy(state: GameState, ship: Ship) -> Ship | None:
    """The enemy ship afloat (another side controls it) nearest by footprint distance (G5), the
    first in scenario order on a tie within ε; None when there is none."""
    epsilon = state.core.epsilon
    best: tuple[float, Ship] | None = None
    for other in state.ships:
        if other.owner == ship.owner or not other.afloat or other.id == ship.id:
            continue
        distance = footprint_distance(ship.polygon, other.polygon, epsilon)
        if best is None or shorter(distance, best[0], epsilon):
            best = (distance, other)
    return None if best is None else best[1]


@dataclass(frozen=True, slots=True)
class Replacement:
    """A standing-off or fleeing ship's segment (§15.5): `segment` to clamp and carry out,
    `replaced` whether the judge replaced the ordered one (reported as failed, §17), `enemy`
    the enemy whose distance was kept ("" none), `note` what was done."""

    segment: Segment
    replaced: bool
    enemy: str = ""
    note: str = ""


Trial = Callable[[Segment], Pose]


def standing_off(state: GameState, ship: Ship, segment: Segment, trial: Trial) -> Replacement:
    """§15.5 for a standing-off ship (flag `standing_off`; any other ship's segment is returned
    as it is): the resolved `segment` without its intent (no RAM, SHEAR or RAKE) is tried by
    `trial`, which carries it out on the present state (clamped, swept, stopping at the first
    contact, no dice) and gives the pose where the ship would end. If the footprint distance to
    the enemy ship afloat nearest at the start would be less at that pose (G6 `shorter`, q. 38),
    the segment is replaced by `AWAY <that enemy>` (resolved here, to be clamped), keeping
    `BREAK`."""
    if ship.flag != STANDING_OFF:
        return Replacement(segment, False)
    plain = replace(segment, intent=None)
    enemy = nearest_enemy(state, ship)
    if enemy is None:
        return Replacement(plain, False, "", "no enemy ship afloat: the segment stands")
    epsilon = state.core.epsilon
    start = footprint_distance(ship.polygon, enemy.polygon, epsilon)
    end_polygon = place(ship.row.footprint, trial(plain))
    end = footprint_distance(end_polygon, enemy.polygon, epsilon)
    if not shorter(end, start, epsilon):
        return Replacement(plain, False, enemy.id)
    away = resolve(state, ship, Away(enemy.id, break_away=segment.break_away)).segment
    return Replacement(away, True, enemy.id,
                       f"standing off: the segment would close on {enemy.id}; AWAY {enemy.id} instead")


def flight_point(state: GameState, ship: Ship) -> Vec:
    """The point on the nearest table edge straight out from the ship's centre (G11; ties south,
    west, north, east)."""
    return nearest_edge(ship.pose.centre, state.table).point


def fleeing(state: GameState, ship: Ship) -> Replacement:
    """A fleeing ship's segment (§15.5): `TOWARD` the edge point straight out from its centre,
    at full advance, with `BREAK`, resolved on the present state (a backing ship's fails to the
    default segment, §21). Replaces whatever was ordered."""
    point = flight_point(state, ship)
    found = resolve(state, ship, Toward(point, None, True))
    side = nearest_edge(ship.pose.centre, state.table).side.value
    note = found.failed or f"fleeing: TOWARD the {side} edge"
    return Replacement(found.segment, True, "", note)


__all__ = [
    "Replacement", "Resolved", "Trial", "default_segment", "fleeing", "flight_point", "near",
    "nearest_enemy", "resolve", "resolve_entry", "standing_off",
]
