"""The step engine of one Wooden Walls segment (rulings §3, §7.5, §7.7, §7.10, §9.5, §15.5;
plan §11 q. 12, 14, 17, 18, 56, 57): the clamped steps carried out in order.

- A turn step is the core's sub-stepped rotation (G17) about its own pivot point (§3, q. 56: the
  shoulder on the side turned to moving ahead, the centre or beam middle stopped, the hip away from
  the turn backing), stopped at the last clear sub-step by a ship, a hulk, land or the table edge;
  the segment goes on (§7.5). A rotation stopped by the ship named in `RAKE <id>` (or an enemy for
  `RAKE ANY`) hands over to the rake (§9.5, q. 18; never for a backing ship, §7.7). Then the
  oversteer die if the turn made passed the wind's line in a stiff or strong wind (§7.10); the
  repeat (same angle, same world point) is swept as usual, takes no die and never rakes (q. 14).
- A straight step is the core's sweep (G10, G11) to the first contact: the table edge or land
  blocks and voids the rest of the segment (a fleeing ship leaves the table at t_edge or is beached
  on land, §15.5, q. 57); another ship or hulk is a block without collision when the two lay
  within c as the step began (the rest void too, q. 12), else a collision handed to `collide`.
  A `B` step of a ship not backing and an `F` step of a backing or stopped ship fail and are
  dropped (§7.7, §17).

Collisions and rakes are other modules' rules (`collisions`, `shearing`): the engine takes them
as `Hooks`, so that it is whole and testable by itself; `movement.activate` passes the real ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.table import (
    WOODEN_WALLS,
    Polygon,
    Vec,
    ahead,
    footprint_distance,
    straight_step,
    sub_stepped_rotation,
)
from pbem.rules.woodenwalls import weather
from pbem.rules.woodenwalls.orders import ANY, Ahead, Astern, Hold, Intent, Rake, Step, Turn
from pbem.rules.woodenwalls.shipgeom import LARGEST_RADIUS, bounding_radius, pivot_point
from pbem.rules.woodenwalls.state import FLED, FLEEING, STANDING_OFF, GameState, Ship, relocated

EPSILON = WOODEN_WALLS.epsilon  # ε (G1)
SUBSTEP = 0.5  # the rotation's sub-step in degrees (§3, G17)
BACKING = "B"


# ---------------------------------------------------------------- hooks for other modules' rules


@dataclass(frozen=True)
class Bump:
    """A collision as the engine finds it (§8.1): the mover, already placed touching `obstacle`;
    the segment's intent; the SL of straight advance not yet carried out; whether it backs."""

    mover: str
    obstacle: str
    intent: Intent | None
    advance_left: float
    backing: bool


@dataclass(frozen=True)
class Resolved:
    """What a collision's resolution gives back: the state, its events, whether the segment ends
    there (always but after a shear, §8.1, §9.3) and the SL advanced during a shear's slide."""

    state: GameState
    events: tuple[Event, ...]
    ends_segment: bool = True
    advanced: float = 0.0


Collide = Callable[[GameState, Bump, Dice], Resolved]
RakeHook = Callable[[GameState, str, str, Dice], tuple[GameState, tuple[Event, ...]]]


def accidental(state: GameState, bump: Bump, dice: Dice) -> Resolved:
    """A stand-in resolution: an accidental collision with no effect that ends the segment (§8.1)."""
    return Resolved(state, (event("collision", mover=bump.mover, target=bump.obstacle,
                                  result="accidental"),))


def no_rake(state: GameState, mover: str, target: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """A stand-in rake that does nothing."""
    return state, ()


@dataclass(frozen=True)
class Hooks:
    """The rules the engine hands over to: a collision's resolution and the stern rake."""

    collide: Collide = accidental
    rake: RakeHook = no_rake


@dataclass(frozen=True)
class Carried:
    """A segment carried out: the state, the events, whether any turn was made (for "oars out
    again", §7.6) and whether the ship left the table or was beached (§15.5)."""

    state: GameState
    events: tuple[Event, ...]
    turned: bool
    fled: bool


# ---------------------------------------------------------------- obstacles


@dataclass(frozen=True)
class Obstacles:
    """Every other ship on the table (hulks included) in scenario order, then the land polygons;
    `names[i]` is the ship id of obstacle i, "" for land."""

    polygons: tuple[Polygon, ...]
    names: tuple[str, ...]

    def name(self, index: int) -> str:
        return self.names[index]


def obstacles_for(state: GameState, ship_id: str, centre: Vec | None = None,
                  reach: float = 0.0) -> Obstacles:
    """What a ship's steps are swept against (§3): other ships and hulks on the table, then land.
    With `centre`, only the ships that could meet a sweep kept within `reach` of it (their
    bounding circles within reach and contact), in the same order: a ship farther off can touch
    nothing the sweep reaches, so the sweep's result is the same."""
    own = state.ship_order.get(ship_id.upper(), -1)
    ships = state.ships
    if centre is None:
        others = [other for number, other in enumerate(ships) if number != own and other.on_table]
    else:
        # one pass: a ship whose centre is farther off than the sweep's reach and the largest
        # ship's radius is left out by two subtractions before its own radius is asked for
        gap = reach + _contact(state) + EPSILON
        cx, cy, hypot, far = centre.x, centre.y, math.hypot, gap + LARGEST_RADIUS
        others = [other for number, other in enumerate(ships)
                  if -far <= other.x - cx <= far and -far <= other.y - cy <= far
                  and number != own and other.on_table
                  and hypot(other.x - cx, other.y - cy) <= gap + bounding_radius(other.row)]
    land = state.terrain.land
    return Obstacles((*(other.polygon for other in others), *land),
                     (*(other.id for other in others), *("" for _ in land)))


def _contact(state: GameState) -> float:
    return state.options.contact_tolerance


# ---------------------------------------------------------------- the segment


def carry_out(state: GameState, ship_id: str, steps: tuple[Step, ...], intent: Intent | None,
              dice: Dice, hooks: Hooks = Hooks()) -> Carried:
    """Carry out a clamped segment's steps in order (§7.5) for ship `ship_id`; see the module."""
    events: list[Event] = []
    turned = False
    pending = list(steps)
    while pending:
        step = pending.pop(0)
        ship = state.require(ship_id)
        if isinstance(step, Hold):
            continue
        if isinstance(step, Turn):
            if step.angle == 0:
                continue
            state, found, made = turn_step(state, ship, step.angle, intent, dice, hooks)
            events.extend(found)
            turned = turned or made
            continue
        failure = _failing(ship, step)
        if failure:
            events.append(event("failed", ship=ship.id, step=step.notation(), reason=failure))
            continue
        left = sum(later.distance for later in pending if isinstance(later, (Ahead, Astern)))
        outcome = advance_step(state, ship, step, intent, left, dice, hooks)
        state = outcome.state
        events.extend(outcome.events)
        if outcome.fled:
            return Carried(state, tuple(events), turned, True)
        if outcome.ends:
            break
        pending = _consumed(pending, outcome.consume)
        if outcome.remainder is not None:
            pending.insert(0, outcome.remainder)
    return Carried(state, tuple(events), turned, False)


def _failing(ship: Ship, step: Ahead | Astern) -> str:
    # §7.7, §17: B only backing; F only at speed 1–4.
    if isinstance(step, Astern) and ship.speed != BACKING:
        return f"{ship.id} is not backing: a B step needs speed B"
    if isinstance(step, Ahead) and ship.speed in (0, BACKING):
        return f"{ship.id} is {'backing' if ship.speed == BACKING else 'stopped'}: an F step needs speed 1-4"
    return ""


def _consumed(pending: list[Step], amount: float) -> list[Step]:
    # Advance made during a shear's slide comes off the later advance steps, first to last (q. 15).
    if amount <= 0:
        return pending
    kept: list[Step] = []
    for step in pending:
        if isinstance(step, (Ahead, Astern)) and amount > 0:
            taken = min(amount, step.distance)
            amount -= taken
            if step.distance - taken > EPSILON:
                kept.append(replace(step, distance=step.distance - taken))
            continue
        kept.append(step)
    return kept


# ---------------------------------------------------------------- a turn step (§3, §7.10, §9.5)


def _names_target(state: GameState, ship: Ship, intent: Intent | None, target: str) -> bool:
    if not isinstance(intent, Rake) or not target:
        return False
    if intent.target == ANY:
        other = state.require(target)
        return other.afloat and other.owner != ship.owner
    return intent.target.upper() == target.upper()


def rotate(state: GameState, ship: Ship, angle: float, point_x: float, point_y: float
           ) -> tuple[GameState, float, str, str]:
    """The sub-stepped rotation of `ship` by `angle` about a world point (G17): the new state, the
    turn made, the blocking ship's id ("" none, land or the edge) and what stopped it (the ship's
    id, "land", "edge" or "")."""
    pivot = Vec(point_x, point_y)
    swing = max(math.hypot(corner.x - point_x, corner.y - point_y) for corner in ship.polygon.corners)
    found = obstacles_for(state, ship.id, pivot, swing)
    outcome = sub_stepped_rotation(ship.row.footprint, ship.pose, Vec(point_x, point_y), angle,
                                   found.polygons, state.table, EPSILON, SUBSTEP,
                                   placed=ship.polygon)
    blocker = "" if outcome.blocker is None else found.name(outcome.blocker)
    moved = relocated(ship, outcome.pose.centre.x, outcome.pose.centre.y, outcome.pose.heading)
    by = blocker or ("land" if outcome.overlapping else ("edge" if outcome.edge else ""))
    return state.with_ship(moved), outcome.made, blocker, by


def turn_step(state: GameState, ship: Ship, angle: float, intent: Intent | None, dice: Dice,
              hooks: Hooks = Hooks()) -> tuple[GameState, tuple[Event, ...], bool]:
    """One turn step of `angle` (§3, §7.5): the rotation about the step's own pivot point, the rake
    hand-off when the named ship stops it (§9.5, never backing, standing off or fleeing), then the
    oversteer die and its repeat (§7.10, q. 14). Returns the state, the events and whether any
    turn was made."""
    point = pivot_point(ship.row, ship.pose, ship.speed, angle, state.options.stopped_pivot)
    start = ship.heading
    state, made, blocker, by = rotate(state, ship, angle, point.x, point.y)
    moved = state.require(ship.id)
    events = [event("turn", ship=ship.id, ordered=angle, made=made, heading=moved.heading,
                    x=moved.x, y=moved.y, pivot=(point.x, point.y), blocked_by=by)]
    may_rake = ship.speed != BACKING and ship.flag not in (STANDING_OFF, FLEEING)
    if blocker and may_rake and _names_target(state, ship, intent, blocker):
        state, raked = hooks.rake(state, ship.id, blocker, dice)
        events.extend(raked)
    state, found = oversteer_step(state, ship.id, start, made, point.x, point.y, dice)
    events.extend(found)
    turned = made != 0 or any(item.kind == "oversteer" and item.get("made", 0) != 0 for item in found)
    return state, tuple(events), turned


def oversteer_step(state: GameState, ship_id: str, start: float, made: float, point_x: float,
                   point_y: float, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """§7.10: the oversteer die when the turn made passed the wind's line in a stiff or strong
    wind; on an oversteer the turn is repeated at once about the same world point, swept as usual
    (it may be stopped), with no die and no rake (q. 14, q. 56)."""
    roll = weather.oversteer(state, ship_id, start, made, dice)
    if roll is None:
        return state, ()
    if not roll.repeats:
        return state, (event("oversteer", ship=ship_id, die=roll.die, repeated=False, made=0.0),)
    ship = state.require(ship_id)
    state, again, _, by = rotate(state, ship, made, point_x, point_y)
    moved = state.require(ship_id)
    return state, (event("oversteer", ship=ship_id, die=roll.die, repeated=True, made=again,
                         heading=moved.heading, x=moved.x, y=moved.y, blocked_by=by),)


# ---------------------------------------------------------------- a straight step (§7.5, §15.5)


@dataclass(frozen=True)
class Advanced:
    """One straight step carried out: the state and events; `ends` when the rest of the segment is
    void (block, collision); `fled` when the ship left the table or was beached; `consume` the SL
    a shear's slide took off the later steps, and `remainder` the rest of this step still to be
    carried out after it."""

    state: GameState
    events: tuple[Event, ...]
    ends: bool = False
    fled: bool = False
    consume: float = 0.0
    remainder: Ahead | Astern | None = None


def advance_step(state: GameState, ship: Ship, step: Ahead | Astern, intent: Intent | None,
                 later: float, dice: Dice, hooks: Hooks = Hooks()) -> Advanced:
    """A straight step of `step.distance` (F ahead, B astern) swept to its first contact (§7.5);
    `later` is the advance of the steps after it (for the collision's `advance_left`)."""
    motion = ahead(ship.heading) * (-1.0 if isinstance(step, Astern) else 1.0)
    found = obstacles_for(state, ship.id, ship.pose.centre, step.distance + bounding_radius(ship.row))
    outcome = straight_step(ship.row.footprint, ship.pose, motion, step.distance, found.polygons,
                            state.table, EPSILON, placed=ship.polygon)
    moved = relocated(ship, outcome.end.centre.x, outcome.end.centre.y, ship.heading)
    state = state.with_ship(moved)
    events = [event("advance", ship=ship.id, step=step.notation(), distance=outcome.travel,
                    x=moved.x, y=moved.y)]
    ships = [index for index in outcome.contacts if found.name(index)]
    if ships:
        other = found.name(ships[0])
        apart = footprint_distance(ship.polygon, state.require(other).polygon, EPSILON)
        if apart <= _contact(state) + EPSILON:  # within c as the step began: a block (q. 12)
            events.append(event("blocked", ship=ship.id, by=other, collision=False))
            return Advanced(state, tuple(events), ends=True)
        bump = Bump(ship.id, other, intent, step.distance - outcome.travel + later, ship.speed == BACKING)
        resolved = hooks.collide(state, bump, dice)
        rest = step.distance - outcome.travel
        left = rest - resolved.advanced
        remainder = replace(step, distance=left) if left > EPSILON else None
        return Advanced(resolved.state, (*events, *resolved.events), ends=resolved.ends_segment,
                        consume=max(0.0, resolved.advanced - rest), remainder=remainder)
    if outcome.contacts or outcome.edge:
        by = "land" if outcome.contacts else "edge"
        if ship.flag == FLEEING:
            return _fled(state, ship.id, by, tuple(events))
        events.append(event("blocked", ship=ship.id, by=by, collision=False))
        return Advanced(state, tuple(events), ends=True)
    return Advanced(state, tuple(events))


def _fled(state: GameState, ship_id: str, by: str, events: tuple[Event, ...]) -> Advanced:
    # §15.5, q. 57: a fleeing ship passing the edge leaves at t_edge; touching land it is beached.
    ship = state.require(ship_id)
    state = state.with_ship(replace(ship, status=FLED)).released(ship_id)
    return Advanced(state, (*events, event("fled", ship=ship_id, x=ship.x, y=ship.y,
                                           beached=by == "land")), ends=True, fled=True)
