"""Ramming and holes in Wooden Walls (rulings §10.1–§10.6, §15.2, §15.3; build plan §1.3, §4).

`ram` resolves a collision that §8.2 classes as a ram (the classing is `collisions.py`'s): the
attack value (§10.2, house rule `ram_calc`), the defence value and the holes (§10.3, house rule
`ram_defence`), head-on the second resolution with the roles swapped and the same S (§10.4), a
lost ram's RAV − 1 and its own holes from ⌈M/2⌉ points (§10.4 reading, plan §11 q. 20), the speeds
after the ram and the rammer's swing (§10.5, house rule `ram_swing`), the lock (a `ram` link, only
when a hole was placed), then the ram-loss die and confusion of a failed ram (§10.6). Holes that
bring a ship's units to its capacity sink it at once (§15.2): it becomes a hulk, or is removed
when `loaded` (§15.3, q. 42), its elements lost and its links ended (`hulks.make_hulk`).

Dice, in §23's order: the rammer's attack die (d8 / d6 / d4 by crews), the target's defence die;
head-on then the target's attack die and the rammer's defence die; then the ram-loss d6s (the
mover's first). Each attack or defence die reveals its roller (§16) before the `ram` event.

Also the small helpers the other collision modules share: a ship's speed level (B as 1, §4.2),
its direction of travel (G7), one speed level lost, the crew comparison, and the obstacles of a
sweep (other ships on the table, then land, §3).

Events: `ram` (rammer, target, speed S, attack A, attack_die and its sides, defence D,
defence_die and its sides, margin M, points), `hole` (ship, holes placed, hole_units, by),
`sink` (ship, x, y, hole_units, capacity, removed, elements_lost), `speed` (ship, old, new,
reason), `swing` (ship, turned, heading, x, y), `lock` (rammer, target), `confused` (ship,
ram_loss_die, ram_lost).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pbem.rules.dice import D6, Dice
from pbem.rules.events import Event, event
from pbem.rules.table import (
    Motion,
    Part,
    PartKind,
    Polygon,
    direction_of_travel,
    heading_difference,
    normalize_heading,
    point_segment_distance,
    sub_stepped_rotation,
    within,
)
from pbem.rules.woodenwalls.hulks import make_hulk
from pbem.rules.woodenwalls.seamanship import ABLE, FR, POOR
from pbem.rules.woodenwalls.shipgeom import EPSILON, swing_point
from pbem.rules.woodenwalls.state import RAM, SUNK, GameState, Link, Ship, relocated

D4, D8 = 4, 8
BEAM_PARTS = (PartKind.BEAM, PartKind.SHOULDER, PartKind.HIP)  # §2's "beam" (q. 19)
QUARTER_PARTS = (PartKind.BOW_QUARTER, PartKind.STERN_QUARTER)  # §2's "a quarter"
_RANK = {FR: 3, ABLE: 2, POOR: 1}
SWING_LIMIT = 45.0  # §10.5: 45° or the lesser difference


# ---------------------------------------------------------------- shared helpers


def speed_level(speed: int | str) -> int:
    """A speed as a number in every comparison of speeds: B counts as 1 (§4.2)."""
    return 1 if speed == "B" else int(speed)


def travel_heading(ship: Ship) -> float | None:
    """The direction of travel (§3, G7): the heading at 1–4, its reverse backing, None stopped."""
    motion = (Motion.BACKING if ship.speed == "B" else
              Motion.STOPPED if ship.speed == 0 else Motion.AHEAD)
    return direction_of_travel(ship.heading, motion)


def one_level_less(speed: int | str) -> int:
    """A speed one level lower: B counts as 1, so it becomes 0 (§4.2, q. 49); 0 stays 0."""
    return max(0, speed_level(speed) - 1)


def crew_die(own: str, other: str) -> int:
    """The die of a ram or defence roll: d8 if `own` crew is better than `other`, d4 if worse,
    d6 if equal (§10.2 (5), §10.3)."""
    if _RANK[own] > _RANK[other]:
        return D8
    return D4 if _RANK[own] < _RANK[other] else D6


def obstacles(state: GameState, mover: str) -> tuple[tuple[Polygon, ...], tuple[str, ...]]:
    """What a sweep of `mover` meets (§3): every other ship on the table (afloat or a hulk) in
    scenario order, then each land polygon; with the ship ids ("" for land) by the same index."""
    ships = [ship for ship in state.ships if ship.on_table and ship.id.upper() != mover.upper()]
    polygons = (*(ship.polygon for ship in ships), *state.terrain.land)
    names = (*(ship.id for ship in ships), *("" for _ in state.terrain.land))
    return polygons, names


def reveal(state: GameState, ship_id: str) -> GameState:
    """The ship's quality shown to the enemy for good: it made a roll whose die or target
    depends on it (§16). Called before the roll's event is written."""
    ship = state.require(ship_id)
    return state if ship.revealed else state.with_ship(replace(ship, revealed=True))


def with_speed(state: GameState, ship_id: str, speed: int | str,
               reason: str) -> tuple[GameState, tuple[Event, ...]]:
    """The ship's speed set, with a `speed` event when it changes."""
    ship = state.require(ship_id)
    if ship.speed == speed:
        return state, ()
    return (state.with_ship(replace(ship, speed=speed)),
            (event("speed", ship=ship.id, old=str(ship.speed), new=str(speed), reason=reason),))


# ---------------------------------------------------------------- values (§10.2, §10.3)


def rav_used(ship: Ship) -> int:
    """The RAV a ship rams with: its type's, one less when its ram is lost or set off (§10.4
    reading). ValueError for a type with no RAV (it never rams)."""
    rav = ship.row.rav
    if rav is None:
        raise ValueError(f"a {ship.row.id} has no RAV and never rams (§10.4)")
    return rav if ship.ram else rav - 1


def ram_speed(rammer: Ship, target: Ship) -> int:
    """S of §10.2 (1): the rammer's speed, minus the target's if the target's direction of travel
    is within 45° of the rammer's heading, plus it if more than 135° from it, else (or stopped)
    the rammer's alone; never below 0. B counts as 1."""
    speed = speed_level(rammer.speed)
    travel = travel_heading(target)
    if travel is not None:
        apart = heading_difference(travel, rammer.heading)
        if apart <= 45:
            speed -= speed_level(target.speed)
        elif apart > 135:
            speed += speed_level(target.speed)
    return max(0, speed)


def bow_flush(rammer: Ship, target: Ship) -> bool:
    """Both bow corners of the rammer within ε of the target's boundary (§10.2 (3))."""
    corners = rammer.polygon.corners
    edges = target.polygon.edges()
    return all(within(min(point_segment_distance(corner, start, end) for start, end in edges), 0.0, EPSILON)
               for corner in (corners[0], corners[7]))


def attack_before_die(rammer: Ship, target: Ship, target_part: Part, speed: int) -> float:
    """§10.2 (2)–(4): RAV × S, + ½ RAV on the target's beam (beam, shoulder or hip, q. 19) with
    both bow corners flush, − ½ RAV on a quarter, halved if the target is toughened."""
    rav = rav_used(rammer)
    value = float(rav * speed)
    if target_part.kind in BEAM_PARTS and bow_flush(rammer, target):
        value += rav / 2
    elif target_part.kind in QUARTER_PARTS:
        value -= rav / 2
    return value / 2 if target.toughened else value


def defence_before_die(state: GameState, rammer: Ship, target: Ship) -> int:
    """§10.3: the target's size value, less the rammer's RAV as used under `ram_defence =
    difference`; the size alone under `size`."""
    size = target.row.defence_size
    return size - rav_used(rammer) if state.options.ram_defence == "difference" else size


def holes_from_points(points: int) -> tuple[str, ...]:
    """⌊P/3⌋ large holes, then a medium if P mod 3 = 2 or a small if 1 (§10.3: 9 → L L L,
    5 → L M, 4 → L S)."""
    if points <= 0:
        return ()
    tail = {0: (), 1: ("S",), 2: ("M",)}[points % 3]
    return ("L",) * (points // 3) + tail


def placed_holes(ship: Ship, holes: Sequence[str]) -> tuple[str, ...]:
    """The holes that go on the ship: small ones are not placed on quad/quin and larger (§10.3)."""
    return tuple(hole for hole in holes if not (hole == "S" and ship.row.ignores_small_holes))


# ---------------------------------------------------------------- one resolution


@dataclass(frozen=True, slots=True)
class Resolution:
    """One ram's numbers: rammer and target ids, S, A and D with their dice, the margin M, the
    holes it makes on the target and (a lost ram's win) on the rammer, before placing."""

    rammer: str
    target: str
    speed: int
    attack: float
    defence: float
    margin: float
    holes: tuple[str, ...]
    self_holes: tuple[str, ...]


def _resolution(state: GameState, rammer: Ship, target: Ship, target_part: Part, speed: int,
                dice: Dice) -> tuple[GameState, Resolution, Event]:
    attack_sides = crew_die(rammer.quality, target.quality)
    attack_die = dice.roll(f"ram attack {rammer.id}", attack_sides)
    attack = attack_before_die(rammer, target, target_part, speed) + attack_die
    defence_sides = crew_die(target.quality, rammer.quality)
    defence_die = dice.roll(f"ram defence {target.id}", defence_sides)
    defence = defence_before_die(state, rammer, target) + defence_die
    margin = attack - defence
    points = math.ceil(margin) if margin > 0 else 0
    holes = holes_from_points(points)
    self_holes = holes_from_points(math.ceil(margin / 2)) if margin > 0 and not rammer.ram else ()
    state = reveal(reveal(state, rammer.id), target.id)
    found = Resolution(rammer.id, target.id, speed, attack, defence, margin, holes, self_holes)
    return state, found, event("ram", rammer=rammer.id, target=target.id, speed=speed, attack=attack,
                               attack_die=attack_die, attack_sides=attack_sides, defence=defence,
                               defence_die=defence_die, defence_sides=defence_sides, margin=margin,
                               points=points)


def add_holes(state: GameState, ship_id: str, holes: Sequence[str], by: str,
              rammed: bool) -> tuple[GameState, tuple[Event, ...], tuple[str, ...]]:
    """Original holes placed on a ship (small ones not on quad/quin and larger), marked holed (and
    `rammed`: holed by a ram, where it lies) in the round's record; the ship sinks at once when
    its hole units reach its capacity (§15.2). Gives the holes placed."""
    ship = state.require(ship_id)
    placed = placed_holes(ship, holes)
    if not placed or not ship.afloat:
        return state, (), ()
    ship = replace(ship, holes=(*ship.holes, *placed))
    record = (state.record.with_rammed(ship.id, ship.x, ship.y) if rammed
              else state.record.with_holed(ship.id))
    state = replace(state.with_ship(ship), record=record)
    events: tuple[Event, ...] = (event("hole", ship=ship.id, holes=placed, hole_units=ship.hole_units,
                                       by=by),)
    if ship.hole_units >= ship.row.hole_capacity:
        state, sunk = make_hulk(state, ship.id, SUNK)
        events += sunk
    return state, events, placed


# ---------------------------------------------------------------- after the ram (§10.5, §10.6)


def _swing(state: GameState, rammer: Ship, target: Ship) -> tuple[GameState, tuple[Event, ...]]:
    """The rammer swings towards the target's heading (q. 21) by 45° or the lesser difference,
    about its bow corner away from the swing, swept with the target not ignored (`ram_swing`)."""
    difference = normalize_heading(target.heading - rammer.heading)
    signed = difference if difference <= 180 else difference - 360
    alpha = math.copysign(min(SWING_LIMIT, abs(signed)), signed)
    if alpha == 0:
        return state, ()
    polygons, _ = obstacles(state, rammer.id)
    pivot = swing_point(rammer.row, rammer.pose, alpha)
    outcome = sub_stepped_rotation(rammer.row.footprint, rammer.pose, pivot, alpha, polygons, state.table,
                                   EPSILON, state.core.rotation_substep or 0.5)
    pose = outcome.pose
    moved = relocated(rammer, pose.centre.x, pose.centre.y, normalize_heading(pose.heading))
    return state.with_ship(moved), (event("swing", ship=rammer.id, turned=outcome.made,
                                          heading=moved.heading, x=moved.x, y=moved.y),)


def _after(state: GameState, before: tuple[Ship, Ship]) -> tuple[GameState, tuple[Event, ...]]:
    """§10.5's speeds for one resolution, judged on the ships as they were at the contact: the
    target's direction of travel against the rammer's heading."""
    rammer, target = before
    events: tuple[Event, ...] = ()
    travel = travel_heading(target)
    apart = None if travel is None else heading_difference(travel, rammer.heading)
    if apart is not None and apart <= 45:
        for ship_id in (rammer.id, target.id):
            ship = state.require(ship_id)
            if ship.afloat:
                state, found = with_speed(state, ship_id, one_level_less(ship.speed), "ram: away")
                events += found
        return state, events
    if state.require(rammer.id).afloat:
        reason = ("ram: target stopped" if apart is None else
                  "ram: across" if apart <= 135 else "ram: towards")
        state, found = with_speed(state, rammer.id, 0, reason)
        events += found
    if apart is not None and apart <= 135:
        if state.require(target.id).afloat:
            now = state.require(target.id)
            state, found = with_speed(state, target.id, one_level_less(now.speed), "ram: across")
            events += found
        if state.require(rammer.id).afloat:
            state, found = _swing(state, state.require(rammer.id), target)
            events += found
    return state, events


def ram_loss(state: GameState, ship_id: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """§10.6: a failed rammer rolls a d6, on a 6 its ram is lost; either way it is confused (its
    next activation lost, §7.6). The die has no modifier (§24) and reveals nothing."""
    die = dice.roll(f"ram loss {ship_id}", D6)
    ship = state.require(ship_id)
    lost = die == 6 and ship.ram
    state = state.with_ship(replace(ship, confused=True, ram=ship.ram and die != 6))
    return state, (event("confused", ship=ship_id, ram_loss_die=die, ram_lost=lost),)


# ---------------------------------------------------------------- the ram


def ram(state: GameState, rammer_id: str, target_id: str, target_part: Part, rammer_part: Part,
        head_on: bool, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """A ram of `rammer_id` into `target_id` (§10.1), the target's contact part `target_part`
    (and the rammer's `rammer_part`, its bow when head-on), in §23's and §10.5's order: the
    resolution's dice (head-on the second resolution's too), holes and sinking, the speeds and
    swing, the locks, then the ram-loss dice. The saves of §8.3 are the caller's."""
    rammer, target = state.require(rammer_id), state.require(target_id)
    speed = ram_speed(rammer, target)
    pairs = [(rammer, target, target_part)]
    if head_on:
        pairs.append((target, rammer, rammer_part))
    events: list[Event] = []
    found: list[Resolution] = []
    for attacker, defender, part in pairs:
        state, resolution, announced = _resolution(state, attacker, defender, part, speed, dice)
        found.append(resolution)
        events.append(announced)
    placed_any: list[bool] = []
    for resolution in found:
        state, told, placed = add_holes(state, resolution.target, resolution.holes, resolution.rammer, True)
        events.extend(told)
        placed_any.append(bool(placed))
        state, told, _ = add_holes(state, resolution.rammer, resolution.self_holes, resolution.rammer, False)
        events.extend(told)
    for attacker, defender, _ in pairs:
        state, told = _after(state, (attacker, defender))
        events.extend(told)
    for resolution, holed in zip(found, placed_any, strict=True):
        if holed and state.require(resolution.rammer).afloat and state.require(resolution.target).afloat:
            state = state.with_link(Link(RAM, resolution.rammer, resolution.target))
            events.append(event("lock", rammer=resolution.rammer, target=resolution.target))
    for resolution in found:
        if resolution.margin < 0 and state.require(resolution.rammer).afloat:
            state, told = ram_loss(state, resolution.rammer, dice)
            events.extend(told)
    return state, tuple(events)

