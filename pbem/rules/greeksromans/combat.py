"""Archery (rulings §7), boarding and capture (§8) and catapults (§9), each in the order the
orders were written, each die taken from the stream as §18.2 says."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.greeksromans.orders import TargetOrder
from pbem.rules.greeksromans.state import AFLOAT, GameState, Played, Ship
from pbem.rules.table import footprint_distance, report_length, within

ARCHERY_RANGE = 12.0
CATAPULT_RANGE = 18.0


def distance(state: GameState, first: Ship, second: Ship) -> float:
    """Footprint to footprint (§3, G5)."""
    return footprint_distance(first.polygon(), second.polygon(), state.epsilon)


def pick_target(state: GameState, shooter: Ship, targets: Sequence[str],
                reach: float) -> tuple[Ship | None, str]:
    """The first listed ship that is an enemy, on the table and within `reach` (§7, §8, §9);
    else None with the reason for each that was passed over."""
    passed: list[str] = []
    for name in targets:
        target = state.ship(name)
        if target is None:
            passed.append(f"{name} is not in the game")
        elif target.controller == shooter.controller:
            passed.append(f"{target.id} is not an enemy")
        elif not target.on_table:
            passed.append(f"{target.id} is {target.status}")
        else:
            gap = distance(state, shooter, target)
            if within(gap, reach, state.epsilon):
                return target, ""
            passed.append(f"{target.id} is {report_length(gap)}\" away, beyond {reach:g}\"")
    return None, "; ".join(passed) or "no target listed"


def archery(state: GameState, orders: Sequence[TargetOrder], dice: Dice) -> Played:
    """floor(sailors / 2) dice per ship, sailors counted as the step starts; each die tested
    against the target as it stands (§7)."""
    counts = {order.ship.upper(): state.require(order.ship).sailors // 2 for order in orders}
    events: list[Event] = []
    for order in orders:
        shooter = state.require(order.ship)
        count = counts[order.ship.upper()]
        if count == 0:
            events.append(event("archery", ship=shooter.id, target="", dice=[],
                                reason=f"{shooter.id} has fewer than 2 sailors"))
            continue
        target, reason = pick_target(state, shooter, order.targets, ARCHERY_RANGE)
        if target is None:
            events.append(event("archery", ship=shooter.id, target="", dice=[],
                                reason=f"no target: {reason}"))
            continue
        rolls: list[int] = []
        hits: list[Event] = []
        for _ in range(count):
            die = dice.roll(f"archery {shooter.id} at {target.id}")
            rolls.append(die)
            target = state.require(target.id)
            if target.marines > 0:
                if die == 6:
                    state = state.with_ship(replace(target, marines=target.marines - 1))
                    hits.append(event("hit", ship=target.id, by=shooter.id, weapon="archery",
                                      die=die, figure="marine", lost=1,
                                      marines=target.marines - 1, sailors=target.sailors))
            elif target.sailors > 0 and die >= 5:
                state = state.with_ship(replace(target, sailors=target.sailors - 1))
                hits.append(event("hit", ship=target.id, by=shooter.id, weapon="archery", die=die,
                                  figure="sailor", lost=1, marines=0, sailors=target.sailors - 1))
        events.append(event("archery", ship=shooter.id, target=target.id, dice=rolls,
                            hits=len(hits), reason=""))
        events += hits
    return state, tuple(events)


def capture(state: GameState, prize: Ship, by: Ship) -> tuple[GameState, Event]:
    """Every figure aboard dies; one captain of the capturer's side comes aboard (§8)."""
    taken = replace(prize, sailors=0, marines=0, captain=1, catapult_crew=0, admiral=0,
                    status=AFLOAT, controller=by.controller)
    return state.with_ship(taken), event("capture", ship=prize.id, by=by.id, side=by.controller,
                                         was=prize.controller)


def boarding(state: GameState, orders: Sequence[TargetOrder], dice: Dice) -> Played:
    """One attack per ship on the first enemy in contact; no die against a ship with no
    marines; an attacker with no marines makes no attack (§8)."""
    events: list[Event] = []
    contact = state.options.contact_tolerance
    for order in orders:
        attacker = state.require(order.ship)
        if attacker.marines == 0:
            events.append(event("board", ship=attacker.id, target="", die=None, success=False,
                                reason=f"{attacker.id} has no marines"))
            continue
        target, reason = pick_target(state, attacker, order.targets, contact)
        if target is None:
            events.append(event("board", ship=attacker.id, target="", die=None, success=False,
                                reason=f"no target in contact: {reason}"))
            continue
        if target.marines == 0:
            events.append(event("board", ship=attacker.id, target=target.id, die=None,
                                marines=attacker.marines, success=True,
                                reason=f"{target.id} has no marines"))
            state, taken = capture(state, target, attacker)
            events.append(taken)
            continue
        die = dice.roll(f"boarding {attacker.id} on {target.id}")
        success = die <= attacker.marines
        events.append(event("board", ship=attacker.id, target=target.id, die=die,
                            marines=attacker.marines, success=success, reason=""))
        if success:
            left = target.marines - 1
            state = state.with_ship(replace(target, marines=left))
            events.append(event("hit", ship=target.id, by=attacker.id, weapon="boarding", die=die,
                                figure="marine", lost=1, marines=left, sailors=target.sailors))
            if left == 0:
                state, taken = capture(state, state.require(target.id), attacker)
                events.append(taken)
    return state, tuple(events)


def catapults(state: GameState, orders: Sequence[TargetOrder], dice: Dice) -> Played:
    """One shot per working catapult; a 6 kills a marine, or against no marines a second die
    says how many sailors die (§9)."""
    events: list[Event] = []
    for order in orders:
        shooter = state.require(order.ship)
        if not shooter.working_catapult:
            events.append(event("catapult", ship=shooter.id, target="", die=None, hit=False,
                                reason=f"{shooter.id} has no working catapult"))
            continue
        target, reason = pick_target(state, shooter, order.targets, CATAPULT_RANGE)
        if target is None:
            events.append(event("catapult", ship=shooter.id, target="", die=None, hit=False,
                                reason=f"no target: {reason}"))
            continue
        die = dice.roll(f"catapult {shooter.id} at {target.id}")
        events.append(event("catapult", ship=shooter.id, target=target.id, die=die, hit=die == 6,
                            hits=int(die == 6), reason=""))
        if die != 6:
            continue
        if target.marines > 0:
            state = state.with_ship(replace(target, marines=target.marines - 1))
            events.append(event("hit", ship=target.id, by=shooter.id, weapon="catapult", die=die,
                                figure="marine", lost=1, marines=target.marines - 1,
                                sailors=target.sailors))
            continue
        second = dice.roll(f"catapult sailors {target.id}")
        lost = min(second, target.sailors)
        state = state.with_ship(replace(target, sailors=target.sailors - lost))
        events.append(event("hit", ship=target.id, by=shooter.id, weapon="catapult", die=second,
                            figure="sailor", lost=lost, marines=0, sailors=target.sailors - lost))
    return state, tuple(events)
