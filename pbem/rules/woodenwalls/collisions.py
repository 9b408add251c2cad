"""Collisions in Wooden Walls (rulings §8; build plan §1.3, §4, §11 q. 53).

`movement.py` places the mover at its first contact with another ship (touching within ε, more
than c apart when the step began) and calls `resolve` with a `Contact`. Here: the impact point I
and both ships' contact parts (§3, K within ε), the intent (§8.1: the segment's `RAM` / `SHEAR`
naming the ship contacted, or `ANY`, against an enemy ship afloat), the classification (§8.2:
ram, shear, the shear-band test for θ in 25..35, or accidental; a type with no RAV never rams,
§10.4), head-on (§8.2), the collision speed (§8.3), then the ram (`ramming.py`) or the shear
(`shearing.py`) and the saves of §8.3 in §23's order: the target's oar test, the target's
steering test, the mover's oar test, the mover's steering test, each only where §8.3 says. A
shear's slide that ends in a new collision is resolved here after the shear's saves (q. 53).

Dice (§23 block 3, per collision): the shear-band test; the ram dice and ram-loss dice
(`ramming.ram`); the saves (after a shear `shearing.shear`'s, else those above).

Events: `collision` (mover, target, result `ram` / `shear` / `accidental`, x, y of I,
mover_part, target_part, theta, speed: the collision speed, head_on), `claim` (the shear-band
test: ship, die, target, passed), and those of `ramming` and `shearing`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.table import ContactParts, PartKind, aspect_angle, heading_difference
from pbem.rules.woodenwalls.orders import ANY, Intent, Ram, Shear
from pbem.rules.woodenwalls.ramming import BEAM_PARTS, ram, reveal, speed_level, travel_heading
from pbem.rules.woodenwalls.seamanship import seamanship_test
from pbem.rules.woodenwalls.shearing import part_side, section_at, section_save, shear, steering_save
from pbem.rules.woodenwalls.shipgeom import collision_parts
from pbem.rules.woodenwalls.state import GameState, Ship

RAMMED, SHEARED, ACCIDENTAL = "ram", "shear", "accidental"
SHEAR_BAND = (25.0, 35.0)  # house rule `shear_band` (§8.2)
HEAD_ON = 135.0  # §8.2: headings more than 135° apart


@dataclass(frozen=True)
class Contact:
    """A collision handed over by `movement.py`: the mover (already at the contact position), the
    ship it contacted, its segment's intent, the SL of the clamped segment's straight advance not
    yet carried out, and whether the mover is backing."""

    mover: str
    obstacle: str
    intent: Intent | None
    advance_left: float
    backing: bool


@dataclass(frozen=True)
class Outcome:
    """A collision resolved: the state and events, whether the mover's segment ends (always: at
    the collision, §8.1, or after a shear's slide that used the rest of its advance with its
    remaining turns void, §9.3), and the SL the mover advanced while sliding."""

    state: GameState
    events: tuple[Event, ...]
    ends_segment: bool
    advanced: float


# ---------------------------------------------------------------- §8.1, §8.2


def intent_applies(state: GameState, mover: Ship, obstacle: Ship, intent: Intent | None) -> bool:
    """§8.1: a `RAM` or `SHEAR` intent counts when it names the ship contacted or is `ANY`, and
    the ship contacted is an enemy ship afloat (the brief's reading: a hulk or a friend is met
    by accident)."""
    if not isinstance(intent, Ram | Shear) or not obstacle.afloat or obstacle.owner == mover.owner:
        return False
    return intent.target.upper() in (ANY, obstacle.id.upper())


def collision_speed(mover: Ship, target: Ship) -> int:
    """§8.3: the mover's speed, plus the target's if its direction of travel is within 60° of the
    reverse of the mover's, minus it if within 60° of the mover's own, else (or stopped) the
    mover's alone; never below 0; B counts as 1 with its direction reversed."""
    speed = speed_level(mover.speed)
    own, other = travel_heading(mover), travel_heading(target)
    if own is None or other is None:
        return max(0, speed)
    if heading_difference(other, own) <= 60:
        speed -= speed_level(target.speed)
    elif heading_difference(other, own) >= 120:
        speed += speed_level(target.speed)
    return max(0, speed)


def classify(state: GameState, mover: Ship, target: Ship, parts: ContactParts, intent: Intent | None,
             backing: bool, dice: Dice) -> tuple[GameState, str, tuple[Event, ...]]:
    """§8.2's table with the shear-band test (a seamanship test without modifiers, §24, that
    reveals the mover's crew): `ram`, `shear` or `accidental`. A ram from a type with no RAV is
    accidental (§10.4)."""
    if backing or mover.speed == "B" or not intent_applies(state, mover, target, intent):
        return state, ACCIDENTAL, ()
    events: tuple[Event, ...] = ()
    mine, theirs = parts.mover.kind, parts.obstacle.kind
    result = ACCIDENTAL
    if mine is PartKind.BOW:
        result = RAMMED
    elif isinstance(intent, Shear) and mine in (PartKind.BOW_QUARTER, PartKind.SHOULDER) \
            and theirs in BEAM_PARTS:
        theta = aspect_angle(mover.heading, target.heading)
        low, high = SHEAR_BAND
        if theta < low:
            result = SHEARED
        elif theta > high:
            result = RAMMED
        else:
            rolled = seamanship_test(dice, mover.id, mover.quality, f"shear claim {mover.id}",
                                     naturals=state.options.naturals)
            state = reveal(state, mover.id)
            result = SHEARED if rolled.passed else RAMMED
            events = (event("claim", ship=mover.id, die=rolled.die, target=rolled.target,
                            passed=rolled.passed),)
    if result == RAMMED and mover.row.rav is None:
        result = ACCIDENTAL
    return state, result, events


def head_on(mover: Ship, target: Ship, parts: ContactParts) -> bool:
    """§8.2: the target rams back when its part is also its bow, the headings are more than 135°
    apart and its type has an RAV (a lost ram rams back with RAV − 1, q. 20)."""
    return (parts.obstacle.kind is PartKind.BOW and target.afloat and target.row.rav is not None
            and heading_difference(mover.heading, target.heading) > HEAD_ON)


# ---------------------------------------------------------------- §8.3 saves


def _ship_saves(state: GameState, ship: Ship, parts: ContactParts, part_of_ship: str, speed: int,
                dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    part = parts.mover if part_of_ship == "mover" else parts.obstacle
    events: tuple[Event, ...] = ()
    if part.kind in BEAM_PARTS:
        state, told = section_save(state, ship, part_side(part), section_at(ship, parts.impact), speed, dice)
        events += told
    if part.kind is PartKind.STERN_QUARTER:
        side = part_side(part)
        now = state.require(ship.id)
        if now.afloat and not now.steering_oar_lost(side):
            state, told = steering_save(state, ship.id, side, speed, dice)
            events += told
    return state, events


def saves(state: GameState, mover: Ship, target: Ship, parts: ContactParts, speed: int,
          dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """§8.3 after a ram or an accidental collision, in §23's order: the target's oar test, its
    steering test, the mover's oar test, its steering test; `mover` and `target` as they were
    when the contact began (a side shipped then makes no test); none for a ship sunk or a hulk."""
    state, first = _ship_saves(state, target, parts, "obstacle", speed, dice)
    state, second = _ship_saves(state, mover, parts, "mover", speed, dice)
    return state, first + second


# ---------------------------------------------------------------- the collision


def resolve(state: GameState, contact: Contact, dice: Dice) -> Outcome:
    """One collision (§8–§10): classified, resolved as a ram, a shear or an accident, with its
    saves; a shear's slide that ends in a new collision resolves that one too (q. 53)."""
    mover, target = state.require(contact.mover), state.require(contact.obstacle)
    parts = collision_parts(mover.row, mover.pose, target.row, target.pose)
    speed = collision_speed(mover, target)
    state, result, claimed = classify(state, mover, target, parts, contact.intent, contact.backing, dice)
    both = result == RAMMED and head_on(mover, target, parts)
    events: list[Event] = [event("collision", mover=mover.id, target=target.id, result=result,
                                 x=parts.impact.x, y=parts.impact.y, mover_part=parts.mover.name,
                                 target_part=parts.obstacle.name,
                                 theta=aspect_angle(mover.heading, target.heading), speed=speed,
                                 head_on=both), *claimed]
    if result == SHEARED:
        slide = shear(state, mover.id, target.id, parts.impact, speed, contact.advance_left, dice)
        events.extend(slide.events)
        if not slide.collided:
            return Outcome(slide.state, tuple(events), True, slide.advanced)
        after = resolve(slide.state, Contact(mover.id, slide.collided, contact.intent, slide.advance_left,
                                             False), dice)
        return Outcome(after.state, (*events, *after.events), True, slide.advanced + after.advanced)
    if result == RAMMED:
        state, told = ram(state, mover.id, target.id, parts.obstacle, parts.mover, both, dice)
        events.extend(told)
    state, told = saves(state, mover, target, parts, speed, dice)
    events.extend(told)
    return Outcome(state, tuple(events), True, 0.0)
