"""Shearing, the stern rake and the oar and steering saves of Wooden Walls (rulings §8.3, §9;
build plan §1.3, §11 q. 15–18, 53).

`shear` carries out a shear that §8.2 has classed (the classing is `collisions.py`'s): the
attacker aligned beam to beam on the target's side holding I (§9.2) or the slide void when that
place is taken; the slide of the rest of its advance along its new heading, swept against
everything but the target (§9.3), stopping at a block or at a new collision (which it hands
back: the caller resolves it after these saves, q. 53); then the target's oar sections on that
side met by the path of the attacker's contact-side shoulder, in the order the shoulder reaches
them, and the attacker's own test at +2 (a void slide: the section at I and q. 16's projection).

`rake` is §9.5's stern rake, called when a turn of the mover was stopped by the ship named in
its `RAKE` intent. `oar_save` and `steering_save` are §8.3's tests, shared with `collisions.py`:
a seamanship test at −1 per collision speed level above 2 (`oar_save_speed`), +2 for an open
ship, +2 for a shearing attacker's own oars; each reveals its crew (§16) before its `save` event.

Events: `shear` (attacker, target, heading, x, y, slide, void, stopped_by), `rake` (mover,
target, x, y, mover_part, target_part), `save` (ship, test `oars` or `steering`, section or
side, die, modifiers, target, passed, result `shipped` / `destroyed` / `kept` / `lost`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.table import (
    Part,
    PartKind,
    Pose,
    Vec,
    ahead,
    footprint_distance,
    heading_difference,
    keel_projection,
    nearest_boundary_point,
    normalize_heading,
    on_table,
    overlap_length,
    overlaps,
    place,
    section_holding,
    straight_step,
    to_world,
)
from pbem.rules.woodenwalls.ramming import BEAM_PARTS, obstacles, reveal, speed_level
from pbem.rules.woodenwalls.seamanship import Modifier, SeamanshipTest, seamanship_test
from pbem.rules.woodenwalls.shipgeom import (
    CONTACT,
    EPSILON,
    PORT,
    STARBOARD,
    local_point,
    lying_contact_parts,
    oar_intervals,
    oar_label,
)
from pbem.rules.woodenwalls.state import GameState, Ship, ShippedOars, relocated

SHEAR_OWN_OARS = 2  # §9.3: the attacker's own test at +2
OPEN_SHIP = 2  # §8.3: +2 for an open ship


# ---------------------------------------------------------------- the saves (§8.3)


def save_modifiers(ship: Ship, collision_speed: int, own_shear: bool = False) -> tuple[Modifier, ...]:
    """§8.3's modifiers of an oar or steering save: −1 per collision speed level above 2, +2 an
    open ship, +2 a shearing attacker's own oars (§9.3)."""
    found = []
    if collision_speed > 2:
        found.append(Modifier(f"collision speed {collision_speed}", 2 - collision_speed))
    if ship.protection == "open":
        found.append(Modifier("open ship", OPEN_SHIP))
    if own_shear:
        found.append(Modifier("shearing attacker's own oars", SHEAR_OWN_OARS))
    return tuple(found)


def part_side(part: Part) -> str:
    """"port" or "starboard" for a part with a side."""
    assert part.side is not None
    return part.side.value


def section_at(ship: Ship, point: Vec) -> int:
    """The oar section (number, 1 forward) whose u-interval holds the u of the ship's boundary
    point nearest `point` (a boundary goes forward, §2); a u beyond the beam edge takes the end
    section (a shoulder is section 1's end, a hip section n's)."""
    u = local_point(ship.pose, nearest_boundary_point(point, ship.polygon)).x
    intervals = oar_intervals(ship.row)
    index = section_holding(u, intervals, EPSILON)
    if index is None:
        index = 0 if u > intervals[0].forward else len(intervals) - 1
    return index + 1


def _save_event(ship: Ship, test: str, what: str, rolled: SeamanshipTest, result: str) -> Event:
    return event("save", ship=ship.id, test=test, what=what, die=rolled.die,
                 modifiers=rolled.modifier_total, total=rolled.total, target=rolled.target,
                 passed=rolled.passed, result=result)


def _shipped(state: GameState, side: str) -> ShippedOars:
    return ShippedOars(side, state.phase.round, state.round.card)


def oar_save(state: GameState, ship_id: str, side: str, number: int, collision_speed: int, dice: Dice,
             own_shear: bool = False) -> tuple[GameState, tuple[Event, ...]]:
    """One oar save (§8.3): pass, that side's oars are shipped; fail, the section is destroyed.
    The caller has checked the section is intact and the side was not shipped at the contact."""
    ship = state.require(ship_id)
    label = oar_label(side, number)
    rolled = seamanship_test(dice, ship.id, ship.quality, f"oar save {ship.id} {label}",
                             save_modifiers(ship, collision_speed, own_shear),
                             naturals=state.options.naturals)
    state = reveal(state, ship.id)
    ship = state.require(ship_id)
    if rolled.passed:
        if not ship.shipped_on(side):
            ship = replace(ship, shipped=(*ship.shipped, _shipped(state, side)))
        result = "shipped"
    else:
        ship = replace(ship, oars_lost=(*ship.oars_lost, label))
        result = "destroyed"
    state = state.with_ship(ship)
    return state, (_save_event(ship, "oars", label, rolled, result),)


def steering_save(state: GameState, ship_id: str, side: str, collision_speed: int,
                  dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """One steering-oar save (§8.3, §9.5): fail, that steering oar is lost. The caller has
    checked it was not lost already."""
    ship = state.require(ship_id)
    rolled = seamanship_test(dice, ship.id, ship.quality, f"steering save {ship.id} {side}",
                             save_modifiers(ship, collision_speed), naturals=state.options.naturals)
    state = reveal(state, ship.id)
    ship = state.require(ship_id)
    if not rolled.passed:
        ship = replace(ship, steering_lost=(*ship.steering_lost, side))
    state = state.with_ship(ship)
    return state, (_save_event(ship, "steering", side, rolled, "kept" if rolled.passed else "lost"),)


def section_save(state: GameState, ship: Ship, side: str, number: int, collision_speed: int,
                 dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """The oar save of a section unless §8.3 says none is made: the ship sank (or is a hulk),
    the section is destroyed already, or the side was shipped when the contact began (`ship` as
    it was then)."""
    now = state.require(ship.id)
    if not now.afloat or ship.shipped_on(side) or number in now.lost_sections(side):
        return state, ()
    return oar_save(state, ship.id, side, number, collision_speed, dice)


# ---------------------------------------------------------------- the shear (§9.2, §9.3)


@dataclass(frozen=True)
class Slide:
    """What a shear did: the state and events, the SL slid (`advanced`), and the ship a new
    collision at the slide's end is with (`collided`, "" none) with the advance left after it."""

    state: GameState
    events: tuple[Event, ...]
    advanced: float
    collided: str = ""
    advance_left: float = 0.0


def aligned_pose(attacker: Ship, target: Ship, impact: Vec) -> tuple[Pose, str, int]:
    """§9.2: the attacker's place beam to beam on the target's side holding I (its shoulder at
    u_T(I)), heading the target's or its reverse, whichever is nearer its own (the target's on
    a tie). Gives the pose, the target's side and +1 (same heading) or −1 (reversed)."""
    local = local_point(target.pose, nearest_boundary_point(impact, target.polygon))
    side = STARBOARD if local.y > 0 else PORT
    reverse = normalize_heading(target.heading + 180)
    same = (heading_difference(attacker.heading, target.heading)
            <= heading_difference(attacker.heading, reverse))
    sign = 1 if same else -1
    shoulder = attacker.row.footprint.corners[1]
    half_beams = target.row.footprint.corners[1].y + shoulder.y
    centre = to_world(local.x - sign * shoulder.x, half_beams if side == STARBOARD else -half_beams,
                      target.pose.centre, target.heading)
    return Pose(centre, target.heading if same else reverse), side, sign


def _void(state: GameState, attacker: Ship, target: Ship, pose: Pose) -> bool:
    polygons, names = obstacles(state, attacker.id)
    placed = place(attacker.row.footprint, pose)
    if not on_table(placed, state.table, EPSILON):
        return True
    return any(overlaps(placed, polygon, EPSILON) for polygon, name in zip(polygons, names, strict=True)
               if name.upper() != target.id.upper())


def _slide(state: GameState, attacker: Ship, target: Ship, pose: Pose,
           advance: float) -> tuple[float, Pose, str, str]:
    """The slide swept with the target ignored: SL slid, the end pose, what stopped it ("" none,
    a ship id, "land", "edge") and the ship of a new collision ("" none)."""
    polygons, names = obstacles(state, attacker.id)
    ignored = frozenset(index for index, name in enumerate(names) if name.upper() == target.id.upper())
    outcome = straight_step(attacker.row.footprint, pose, ahead(pose.heading), max(0.0, advance), polygons,
                            state.table, EPSILON, ignored)
    if outcome.contacts:
        index = outcome.contacts[0]
        if not names[index]:
            return outcome.travel, outcome.end, "land", ""
        start = place(attacker.row.footprint, pose)
        apart = footprint_distance(start, polygons[index], EPSILON) > CONTACT + EPSILON
        return outcome.travel, outcome.end, names[index], names[index] if apart else ""
    return outcome.travel, outcome.end, "edge" if outcome.edge else "", ""


def _reached(target: Ship, start: float, travel: float, sign: int, void: bool) -> tuple[int, ...]:
    """The target's sections the shoulder's path [u_T(I), u_T(I) ± travel] meets by more than ε,
    in the order reached; with no path (void or no advance) the section holding u_T(I)."""
    intervals = oar_intervals(target.row)
    path = (min(start, start + sign * travel), max(start, start + sign * travel))
    if void or path[1] - path[0] <= EPSILON:
        index = section_holding(start, intervals, EPSILON)
        return () if index is None else (index + 1,)
    met = [number for number, section in enumerate(intervals, start=1)
           if overlap_length(path, (section.aft, section.forward)) > EPSILON]
    return tuple(sorted(met, key=lambda number: -number if sign > 0 else number))


def _attacker_losses(attacker: Ship, target: Ship, pose: Pose, travel: float, sign: int,
                     void: bool) -> tuple[int, ...]:
    """The attacker's sections whose extent met the target's beam extent during the slide, in
    the target's frame (§9.3); a void slide: at the impact position by G9's projection (q. 16)."""
    beam = (target.row.footprint.corners[2].x, target.row.footprint.corners[1].x)  # hip to shoulder
    found = []
    for number, section in enumerate(oar_intervals(attacker.row), start=1):
        if void:
            extent = keel_projection(attacker.pose, section, target.pose)
        else:
            centre_u = local_point(target.pose, pose.centre).x
            ends = (centre_u + sign * section.aft, centre_u + sign * section.forward)
            swept = sign * travel
            extent = (min(ends) + min(0.0, swept), max(ends) + max(0.0, swept))
        if overlap_length(extent, beam) > EPSILON:
            found.append(number)
    return tuple(found)


def shear(state: GameState, attacker_id: str, target_id: str, impact: Vec, collision_speed: int,
          advance_left: float, dice: Dice) -> Slide:
    """A shear (§9.1–§9.3) of `attacker_id` along `target_id`, I the impact point, with the
    advance left of the segment (q. 15). Saves in §23's order: the target's sections in the order
    reached, then the attacker's own test (none when that side was shipped at the contact or has
    no section left). A new collision at the slide's end is handed back."""
    attacker, target = state.require(attacker_id), state.require(target_id)
    pose, side, sign = aligned_pose(attacker, target, impact)
    own_side = side if sign < 0 else (PORT if side == STARBOARD else STARBOARD)
    start_u = local_point(target.pose, nearest_boundary_point(impact, target.polygon)).x
    void = _void(state, attacker, target, pose)
    travel, stopped, collided = 0.0, "", ""
    if not void:
        travel, end, stopped, collided = _slide(state, attacker, target, pose, advance_left)
        state = state.with_ship(relocated(attacker, end.centre.x, end.centre.y, end.heading))
    moved = state.require(attacker_id)
    events: list[Event] = [event("shear", attacker=attacker_id, target=target.id, heading=moved.heading,
                                 x=moved.x, y=moved.y, slide=travel, void=void, stopped_by=stopped)]
    for number in _reached(target, start_u, travel, sign, void):
        state, told = section_save(state, target, side, number, collision_speed, dice)
        events.extend(told)
    if not attacker.shipped_on(own_side) and attacker.intact_sections(own_side):
        lost = _attacker_losses(attacker, target, pose, travel, sign, void)
        state, told = _own_test(state, attacker_id, own_side, lost, collision_speed, dice)
        events.extend(told)
    left = max(0.0, advance_left - travel)
    return Slide(state, tuple(events), travel, collided, left if collided else 0.0)


def _own_test(state: GameState, attacker_id: str, side: str, met: tuple[int, ...], collision_speed: int,
              dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """The attacker ships all its contact-side oars (§9.3): one test at +2; pass shipped, fail every
    section in `met` (not destroyed already) destroyed."""
    ship = state.require(attacker_id)
    rolled = seamanship_test(dice, ship.id, ship.quality, f"shear oars {ship.id} {side}",
                             save_modifiers(ship, collision_speed, own_shear=True),
                             naturals=state.options.naturals)
    state = reveal(state, ship.id)
    ship = state.require(attacker_id)
    if rolled.passed:
        ship = replace(ship, shipped=(*ship.shipped, _shipped(state, side)))
        result = "shipped"
    else:
        lost = [oar_label(side, number) for number in met if number not in ship.lost_sections(side)]
        ship = replace(ship, oars_lost=(*ship.oars_lost, *lost))
        result = "destroyed " + " ".join(lost) if lost else "none lost"
    state = state.with_ship(ship)
    return state, (_save_event(ship, "oars", side, rolled, result),)


# ---------------------------------------------------------------- the stern rake (§9.5)

_RAKING_PARTS = (PartKind.STERN_QUARTER, PartKind.HIP)


def rake(state: GameState, mover: str, target: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """§9.5: a turn of `mover` stopped by `target`, named in its `RAKE` intent. With the mover's
    contact part (K within c, §3) its stern quarter, hip or beam aft of its centre and the
    target's on its beam (beam, shoulder, hip): the target's oar section at I tests, then a
    stern-quarter mover's steering oar on that side (no +2). Collision speed is the mover's
    speed alone (q. 17; B as 1). Otherwise nothing happens. Backing ships never rake (§7.7)."""
    ship, other = state.require(mover), state.require(target)
    if ship.speed == "B" or not other.afloat:
        return state, ()
    parts = lying_contact_parts(ship.row, ship.pose, other.row, other.pose)
    mine, theirs = parts.mover, parts.obstacle
    aft_beam = mine.kind is PartKind.BEAM and local_point(
        ship.pose, nearest_boundary_point(parts.impact, ship.polygon)).x < 0
    if not (mine.kind in _RAKING_PARTS or aft_beam) or theirs.kind not in BEAM_PARTS:
        return state, ()
    speed = speed_level(ship.speed)
    events: list[Event] = [event("rake", mover=ship.id, target=other.id, x=parts.impact.x, y=parts.impact.y,
                                 mover_part=mine.name, target_part=theirs.name)]
    state, told = section_save(state, other, part_side(theirs), section_at(other, parts.impact), speed, dice)
    events.extend(told)
    side = part_side(mine)
    if mine.kind is PartKind.STERN_QUARTER and not ship.steering_oar_lost(side):
        state, told = steering_save(state, ship.id, side, speed, dice)
        events.extend(told)
    return state, tuple(events)


__all__ = ["Slide", "aligned_pose", "oar_save", "part_side", "rake", "save_modifiers",
           "section_at", "section_save", "shear", "steering_save"]
