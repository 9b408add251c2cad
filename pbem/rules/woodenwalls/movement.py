"""One activation of a Wooden Walls ship (rulings §6.2, §7.5, §7.6, §7.7, §12.4, §12.5, §15.5,
§16, §23; plan §4, §11 q. 11, 12, 28).

`activate(state, ship_id, card, entry, dice)`:

1. the activation is counted (`activations` = k, `acted`); the entry is queue entry k of the
   controlling side's orders, or §6.2's default segment (no entry, or a ship on defaults, §6.1);
   macros (`macros.resolve`) are evaluated on the present state (the special states below move
   no ship, so it is the state they would see after items 1–4);
2. §7.6's special states in order: (1) confused: the activation is lost, the entry consumed and
   the confusion ends (q. 11); (2) the rammer of an embedded ram with `BREAK`: the disengage
   seamanship test (no modifiers, §24), a pass ending its locks; (3) the user of a lowered corvus
   with `BREAK`: the lift d6 (5–6 the link ends); the activation ends either way; (4) held (an
   embedded ram either way, a lowered corvus either way, a grapple link unless `BREAK` and the
   link's grapples are no more than the intact oar sections, shipped ones counting (q. 28), on the
   side of its contact part): no move, and above speed 0 one speed level lost (B counts as 1); a
   grapple broken with `BREAK` ends and every thrower in it loses its grapnels (§12.4);
3. (5) a standing-off or fleeing ship's segment may be replaced (`macros.standing_off`,
   `macros.fleeing`, §15.5), the standing-off trial run carried out with no dice;
4. (6) the segment clamped (`clamp.clamp`; `event("clamp", line=…)` when it changed) and its
   steps carried out by `steps.carry_out`, collisions handed to `collisions.resolve` and a rake
   to `shearing.rake`;
5. oars shipped before this activation go out at its end when its segment made no turn (§7.6);
   links of the ship no longer in contact end (§12.1).

Every die is drawn in §23's order: the `BREAK` die, then each turn step's rake tests and
oversteer die, then each collision's dice.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.table import Pose
from pbem.rules.woodenwalls import clamp, collisions, macros, shearing
from pbem.rules.woodenwalls.orders import Segment
from pbem.rules.woodenwalls.seamanship import seamanship_test
from pbem.rules.woodenwalls.shipgeom import in_contact, lying_contact_parts, side_facing
from pbem.rules.woodenwalls.state import (
    CORVUS,
    FLEEING,
    GRAPPLE,
    LIGHT,
    RAM,
    STANDING_OFF,
    GameState,
    Link,
    Ship,
    Wind,
    evolved,
)
from pbem.rules.woodenwalls.steps import Bump, Carried, Hooks, Resolved, carry_out

D6 = 6
LIFT_FROM = 5  # the corvus lifts on a d6 of 5–6 (§12.5)


# ---------------------------------------------------------------- the hooks into §8–§10


def _collide(state: GameState, bump: Bump, dice: Dice) -> Resolved:
    contact = collisions.Contact(bump.mover, bump.obstacle, bump.intent, bump.advance_left, bump.backing)
    outcome = collisions.resolve(state, contact, dice)
    return Resolved(outcome.state, outcome.events, outcome.ends_segment, outcome.advanced)


RULES = Hooks(_collide, shearing.rake)


def _trial_collide(state: GameState, bump: Bump, dice: Dice) -> Resolved:
    return Resolved(state, ())


# A standing-off ship's trial run (§15.5): swept, stopping at the first contact, no dice.
TRIAL = Hooks(_trial_collide)


# ---------------------------------------------------------------- the activation


def activate(state: GameState, ship_id: str, card: str, entry: int, dice: Dice,
             hooks: Hooks = RULES) -> tuple[GameState, tuple[Event, ...]]:
    """One activation of `ship_id` on `card`, carrying out queue entry `entry` (k, from 1) or the
    default segment (§6.2, §7.6); see the module. `hooks` are the collision and rake rules."""
    ship = state.require(ship_id)
    if not ship.afloat:
        raise ValueError(f"{ship.id} is a {ship.status} ship and is never activated (§5.5)")
    line = f"{ship.id}/{entry}"
    ordered = None if ship.on_defaults else state.orders_of(ship.owner).entry(ship.id, entry)
    ship = evolved(ship, activations=max(ship.activations, entry), acted=True)
    state = state.with_ship(ship)
    events: list[Event] = [event("activation", ship=ship.id, card=card, entry=entry, line=line,
                                 default=ordered is None)]
    if ship.confused:
        state = state.with_ship(replace(ship, confused=False))
        events.append(event("confused", ship=ship.id, line=line, lost=True))
        return state, tuple(events)
    segment = macros.default_segment(ship)
    if ordered is not None:
        resolved = macros.resolve(state, ship, ordered)
        segment = resolved.segment
        if resolved.failed:
            events.append(event("failed", ship=ship.id, line=line, reason=resolved.failed))
    # A fleeing ship's judge's segment carries BREAK (§15.5), so it tries to leave its links.
    break_away = segment.break_away or ship.flag == FLEEING
    state, found, moves = special_states(state, ship.id, break_away, line, dice)
    events.extend(found)
    if not moves:
        return state, tuple(events)
    state, found = carry_segment(state, ship.id, segment, line, dice, hooks)
    return state, (*events, *found)


def carry_segment(state: GameState, ship_id: str, segment: Segment, line: str, dice: Dice,
                  hooks: Hooks = RULES) -> tuple[GameState, tuple[Event, ...]]:
    """§7.6 items 5 and 6 for a ship free to move: the §15.5 replacement, the clamp, the steps,
    then oars out again and links out of contact."""
    ship = state.require(ship_id)
    events: list[Event] = []
    segment, found = _replaced(state, ship, segment, line)
    events.extend(found)
    clamped = clamp.clamp(state, ship, segment)
    if clamped.clamped:
        events.append(event("clamp", ship=ship.id, line=line, notes=clamped.notes))
    elif clamped.notes:
        events.append(event("current", ship=ship.id, line=line, notes=clamped.notes))
    for failure in clamped.failed:
        events.append(event("failed", ship=ship.id, line=line, reason=failure))
    shipped_before = tuple(oars.side for oars in ship.shipped)
    carried = carry_out(state, ship.id, clamped.steps, clamped.intent, dice, hooks)
    state = carried.state
    events.extend(carried.events)
    if carried.fled:
        return state, tuple(events)
    state, found = _oars_out(state, ship.id, shipped_before, carried)
    events.extend(found)
    state, found = parted_links(state, ship.id)
    events.extend(found)
    return state, tuple(events)


def _replaced(state: GameState, ship: Ship, segment: Segment, line: str
              ) -> tuple[Segment, tuple[Event, ...]]:
    # §7.6 item 5, §15.5 (`flight = auto`).
    if ship.flag == FLEEING:
        replacement = macros.fleeing(state, ship)
    elif ship.flag == STANDING_OFF:
        replacement = macros.standing_off(state, ship, segment, lambda tried: trial(state, ship.id, tried))
    else:
        return segment, ()
    if not replacement.replaced:
        return replacement.segment, ()
    return replacement.segment, (event("failed", ship=ship.id, line=line, reason=replacement.note,
                                       replaced=replacement.segment.notation()),)


def trial(state: GameState, ship_id: str, segment: Segment) -> Pose:
    """Where a segment would leave the ship (§15.5's trial: clamped, swept, stopping at the first
    contact, no dice: the wind is taken as light, so no oversteer die)."""
    calm = replace(state, wind=Wind(LIGHT, state.wind.heading))
    ship = calm.require(ship_id)
    clamped = clamp.clamp(calm, ship, replace(segment, intent=None))
    carried = carry_out(calm, ship_id, clamped.steps, None, _NoDice(), TRIAL)
    return carried.state.require(ship_id).pose


class _NoDice(Dice):
    """Dice for a trial run, which rolls none (§15.5)."""

    def _next(self, purpose: str, sides: int) -> int:
        raise ValueError(f"a trial run rolls no dice, but {purpose} was asked for")


# ---------------------------------------------------------------- §7.6 items 2–4


def special_states(state: GameState, ship_id: str, break_away: bool, line: str, dice: Dice
                   ) -> tuple[GameState, tuple[Event, ...], bool]:
    """§7.6 items 2–4 in order: the disengage test, the corvus lift, held or breaking away.
    Returns the state, the events and whether the ship goes on to move."""
    events: list[Event] = []
    ship = state.require(ship_id)
    rams = _links_made(state, ship.id, RAM)
    if rams and break_away:
        test = seamanship_test(dice, ship.id, ship.quality, f"disengage {ship.id}",
                               naturals=state.options.naturals)
        state = state.with_ship(replace(ship, revealed=True))
        events.append(event("lock", ship=ship.id, line=line, test="disengage", die=test.die,
                            passed=test.passed, ended=test.passed))
        if test.passed:
            for link in rams:
                state = state.without_link(link)
    ship = state.require(ship.id)
    corvi = _links_made(state, ship.id, CORVUS)
    if corvi and break_away:
        die = dice.roll(f"corvus lift {ship.id}", D6)
        lifted = die >= LIFT_FROM
        events.append(event("corvus", ship=ship.id, line=line, action="lift", die=die, lifted=lifted))
        if lifted:
            for link in corvi:
                state = state.without_link(link)
            return state, tuple(events), False
        state, found = _held(state, ship.id, corvi[0], line)
        return state, (*events, *found), False
    holding = _holding_link(state, ship.id, break_away)
    if holding is not None:
        state, found = _held(state, ship.id, holding, line)
        return state, (*events, *found), False
    state, found = _break_grapples(state, ship.id, line)
    return state, (*events, *found), True


def _links_made(state: GameState, ship_id: str, kind: str) -> list[Link]:
    # The ship's links of `kind` in which it is ship a (the rammer, the corvus user).
    wanted = ship_id.upper()
    return [link for link in state.links_of(ship_id) if link.kind == kind and link.a.upper() == wanted]


def _holding_link(state: GameState, ship_id: str, break_away: bool) -> Link | None:
    # §7.6 item 4: the first link (in the order made) that holds the ship.
    for link in state.links_of(ship_id):
        if link.kind != GRAPPLE or not break_away or not can_break(state, ship_id, link):
            return link
    return None


def can_break(state: GameState, ship_id: str, link: Link) -> bool:
    """§7.6 item 4, §12.4: the link's grapples are no more than the ship's intact oar sections
    (shipped ones count, q. 28) on the side of its contact part with the other ship (K within c;
    a part with no side, or ships no longer within c: the side facing the other's centre)."""
    ship, other = state.require(ship_id), state.require(link.other(ship_id))
    try:
        parts = lying_contact_parts(ship.row, ship.pose, other.row, other.pose)
        side = parts.mover.side.value if parts.mover.side is not None else side_facing(
            ship.row, ship.pose, parts.impact)
    except ValueError:
        side = side_facing(ship.row, ship.pose, other.pose.centre)
    return link.count <= len(ship.intact_sections(side))


def _held(state: GameState, ship_id: str, link: Link, line: str) -> tuple[GameState, tuple[Event, ...]]:
    # Held: no move; above speed 0 one level lost (B counts as 1, §4.2).
    ship = state.require(ship_id)
    events = [event("held", ship=ship.id, line=line, by=link.other(ship.id), link=link.kind)]
    if ship.speed != 0:
        speed: int | str = 0 if ship.speed == "B" else int(ship.speed) - 1
        state = state.with_ship(replace(ship, speed=speed))
        events.append(event("speed", ship=ship.id, old=ship.speed, new=speed, reason="held"))
    return state, tuple(events)


def _break_grapples(state: GameState, ship_id: str, line: str) -> tuple[GameState, tuple[Event, ...]]:
    # Only reached with BREAK or no grapple: every grapple link left ends as the ship starts to
    # move; each ship that threw grapples in it loses its grapnels (§12.4).
    events: list[Event] = []
    for link in [link for link in state.links_of(ship_id) if link.kind == GRAPPLE]:
        state = state.without_link(link)
        for thrower in link.throwers:
            state = state.with_ship(replace(state.require(thrower), grapnels=False))
        events.append(event("grapple", ship=ship_id, line=line, action="broken", other=link.other(ship_id),
                            grapples=link.count, grapnels_lost=link.throwers))
    return state, tuple(events)


# ---------------------------------------------------------------- after the segment


def _oars_out(state: GameState, ship_id: str, shipped_before: tuple[str, ...], carried: Carried
              ) -> tuple[GameState, tuple[Event, ...]]:
    # §7.6: oars shipped before this activation go out at its end if its segment made no turn.
    ship = state.require(ship_id)
    going = tuple(side for side in shipped_before if ship.shipped_on(side))
    if carried.turned or not going:
        return state, ()
    kept = tuple(oars for oars in ship.shipped if oars.side not in going)
    return state.with_ship(replace(ship, shipped=kept)), (event("oars", ship=ship_id, out=going),)


def parted_links(state: GameState, ship_id: str) -> tuple[GameState, tuple[Event, ...]]:
    """§12.1: the ship's links whose two ships are no longer in contact (footprint distance more
    than c) end."""
    events: list[Event] = []
    for link in state.links_of(ship_id):
        first, second = state.require(link.a), state.require(link.b)
        if first.on_table and second.on_table and in_contact(first.row, first.pose, second.row, second.pose):
            continue
        state = state.without_link(link)
        events.append(event("link", a=link.a, b=link.b, link=link.kind, ended=True,
                            reason="no longer in contact"))
    return state, tuple(events)


__all__ = ["RULES", "TRIAL", "activate", "can_break", "carry_segment", "parted_links", "special_states",
           "trial"]
