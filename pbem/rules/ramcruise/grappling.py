"""Grapples, the corvus and the harpax, and breaking away (rulings §11; the victim's grapple of
§8.4 rolls here too).

    break_away(state, side, lines, dice) -> (state, events)       # §5.2 step 1, §21 item 3.1
    throw_lines(state, side, lines, dice) -> (state, events)      # step 8, §21 item 3.8
    attempt_grapple(state, thrower, target, dice) -> (state, events)   # one §11.2 roll
    grapple_needed(state, thrower, target) -> int                 # the §11.2 number
    may_break(state, breaker, other) -> str                       # "" or why not (§11.4)

`lines` are `orders.Targets` (verb BREAK or GRAPPLE) in the order written. Every die is taken
through `Dice` in §21's order and every event carries its dice: `break` (breaker, target, dice,
total, needed, success, reason) and `grapple` (thrower, target, dice, total, needed, success,
reason). A new grapple starts with no last-to-inflict record ("since that grapple was made",
§11.4); melee keeps that record (`melee.py`). `throw_lines` ends with step 8's surrender checks
(§12.4), so the step is whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.ramcruise.melee import surrender_checks
from pbem.rules.ramcruise.orders import Targets
from pbem.rules.ramcruise.state import ACCEPT, RESIST, GameState, Ship
from pbem.rules.table import footprint_distance, report_length, within

GRAPPLE_REACH = 0.125       # ⅛" (§11.1)
GEAR_REACH = 0.375          # ⅜" with a corvus or harpax (§11.1)
RESISTED, WANTED = 9, 5     # the plain grapple and the break-away (§11.2, §11.4)
CORVUS_NUMBER = 3           # corvus or harpax, either way (`corvus_odds = 3`)
PRINTED_CORVUS_WANTED = 5   # `corvus_odds = printed`: 3 resisted, 5 both want


def roll_2d6(dice: Dice, purpose: str) -> tuple[int, int]:
    """Two dice, one after the other from the stream (§21: "2d6")."""
    first = dice.roll(purpose)
    return first, dice.roll(purpose)


def distance(state: GameState, first: Ship, second: Ship) -> float:
    """Footprint to footprint (G5)."""
    return footprint_distance(first.polygon(), second.polygon(), state.epsilon)


def resists(target: Ship) -> bool:
    """A routed target always counts as resisting (§11.2)."""
    return target.routed or target.standing.stance == RESIST


def grapple_needed(state: GameState, thrower: Ship, target: Ship) -> int:
    """§11.2: 9 resisted, 5 both want; with a corvus or harpax 3 either way (`corvus_odds = 3`)
    or 3 resisted and 5 wanted (`printed`)."""
    resisted = resists(target)
    if thrower.corvus_or_harpax:
        if state.options.corvus_odds == "printed" and not resisted:
            return PRINTED_CORVUS_WANTED
        return CORVUS_NUMBER
    return RESISTED if resisted else WANTED


def may_throw(ship: Ship) -> str:
    """Why a ship may not throw a grapple ("" if it may): §11.1, §8.4."""
    if not ship.in_play:
        return f"{ship.id} is {ship.status}"
    if ship.routed:
        return f"{ship.id} is routed"
    if ship.crew.total < 1:
        return f"{ship.id} has no crew"
    return ""


def attempt_grapple(state: GameState, thrower_id: str, target_id: str,
                    dice: Dice) -> tuple[GameState, list[Event]]:
    """One grapple roll of §11.2 (2d6 by the thrower), whoever throws it (step 8, or a shear
    victim at its shearer, §8.4); the caller has checked reach and who may throw. On success
    the two are grappled; a phasing target whose `STANCE` was `RESIST` forfeits its melee this
    half (§12.3)."""
    thrower, target = state.require(thrower_id), state.require(target_id)
    needed = grapple_needed(state, thrower, target)
    dice_ = roll_2d6(dice, f"grapple {thrower.id} (at {target.id})")
    total = sum(dice_)
    success = total >= needed
    stance = "routed" if target.routed else target.standing.stance
    events = [event("grapple", ship=thrower.id, target=target.id, dice=list(dice_), total=total,
                    needed=needed, gear=thrower.gear, stance=stance, success=success, reason="")]
    if success:
        state = state.with_grapple(thrower.id, target.id)
        if target.side == state.phasing and target.standing.stance == RESIST:
            record = state.half_record
            state = replace(state, half_record=replace(
                record, forfeits=record.forfeits | {target.id}))
    return state, events


def may_break(state: GameState, breaker: Ship, other: Ship) -> str:
    """Why `breaker` may not try to break its grapple with `other` ("" if it may), §11.4: only
    the last of the two to inflict melee casualties since the grapple was made; if neither has
    yet, either (`break_first = either`) or neither (`none`)."""
    link = state.grapple(breaker.id, other.id)
    if link is None:
        return f"{breaker.id} is not grappled to {other.id}"
    if link.last_casualties == "":
        if state.options.break_first == "none":
            return (f"neither {breaker.id} nor {other.id} has inflicted melee casualties yet "
                    "(break_first = none)")
        return ""
    if link.last_casualties.upper() != breaker.id.upper():
        return f"{other.id} was the last to inflict melee casualties, not {breaker.id}"
    return ""


def break_away(state: GameState, side: str, lines: Sequence[Targets],
               dice: Dice) -> tuple[GameState, list[Event]]:
    """Step 1 (§11.4): each phasing ship's BREAK line in the order written, target by target,
    2d6 each (§21 item 3.1): 9 or more, 5 or more if the other ship's `ONBREAK` is `ACCEPT` or
    it is routed. The corvus never helps (reading). A line whose ship may not try fails with no
    die (§18)."""
    events: list[Event] = []
    for line in lines:
        breaker = state.ship(line.ship)
        if breaker is None or breaker.side != side:
            events.append(event("break", ship=line.ship, target="", dice=[], total=0, needed=0,
                                success=False, reason=f"{line.ship} is no ship of {side}"))
            continue
        for name in line.targets:
            breaker = state.require(breaker.id)
            other = state.ship(name)
            why = f"there is no ship {name}" if other is None else \
                f"{breaker.id} is {breaker.status}" if not breaker.in_play else \
                may_break(state, breaker, other)
            if other is None or why:
                events.append(event("break", ship=breaker.id, target=name if other is None
                                    else other.id, dice=[], total=0, needed=0, success=False,
                                    reason=why))
                continue
            accepts = other.routed or other.standing.onbreak == ACCEPT
            needed = WANTED if accepts else RESISTED
            dice_ = roll_2d6(dice, f"break {breaker.id} (from {other.id})")
            total = sum(dice_)
            success = total >= needed
            if success:
                state = state.without_grapple(breaker.id, other.id)
            events.append(event("break", ship=breaker.id, target=other.id, dice=list(dice_),
                                total=total, needed=needed, success=success, reason=""))
    return state, events


def grapple_reach(thrower: Ship) -> float:
    return GEAR_REACH if thrower.corvus_or_harpax else GRAPPLE_REACH


def why_not_target(state: GameState, thrower: Ship, target: Ship | None, name: str) -> str:
    """Why a listed target takes no grapple now ("" if it does): §11.1."""
    if target is None:
        return f"there is no ship {name}"
    if target.side == thrower.side:
        return f"{target.id} is not an enemy"
    if not target.in_play:
        return f"{target.id} is {target.status}"
    if state.grapple(thrower.id, target.id) is not None:
        return f"{target.id} is already grappled to {thrower.id}"
    reach = grapple_reach(thrower)
    gap = distance(state, thrower, target)
    if not within(gap, reach, state.epsilon):
        return f"{target.id} is {report_length(gap):g}\" away, beyond {reach:g}\""
    return ""


def throw_lines(state: GameState, side: str, lines: Sequence[Targets],
                dice: Dice) -> tuple[GameState, list[Event]]:
    """Step 8 (§11.1): each phasing ship's GRAPPLE line in the order written, one grapple at
    each listed target that qualifies at that moment (an enemy, afloat or sinking, not yet
    grappled to it, within ⅛", or ⅜" with a corvus or harpax), at most one at an enemy in the
    half; 2d6 per grapple thrown (§21 item 3.8). Then the surrender checks that end step 8
    (§12.4)."""
    events: list[Event] = []
    thrown: set[tuple[str, str]] = set()
    for line in lines:
        thrower = state.ship(line.ship)
        why = f"{line.ship} is no ship of {side}" if thrower is None or thrower.side != side \
            else may_throw(thrower)
        if thrower is None or why:
            events.append(event("grapple", ship=line.ship, target="", dice=[], total=0,
                                needed=0, success=False, reason=why))
            continue
        for name in line.targets:
            thrower = state.require(thrower.id)
            target = state.ship(name)
            why = may_throw(thrower) or why_not_target(state, thrower, target, name)
            if target is not None and (thrower.id, target.id) in thrown:
                why = f"{thrower.id} has thrown at {target.id} already this half"
            if target is None or why:
                events.append(event("grapple", ship=thrower.id, target=name if target is None
                                    else target.id, dice=[], total=0, needed=0, success=False,
                                    reason=why))
                continue
            thrown.add((thrower.id, target.id))
            state, more = attempt_grapple(state, thrower.id, target.id, dice)
            events += more
    state, more = surrender_checks(state)
    return state, events + more
