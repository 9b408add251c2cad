"""Ramming (rulings §9.2–§9.5): the aspect of a ram, its modifiers on both charts, the number
needed, and the marked rams rolled at step 6 in contact order (the ram 2d6; on success the
victim's countdown d6, the head-on follow-up d6 and the holed rammer's own countdown d6), the
rammer embedded in its victim."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.ramcruise.morale import record_trigger
from pbem.rules.ramcruise.sinking import countdown_for, with_countdown
from pbem.rules.ramcruise.state import (
    HEAD,
    HEAD_ON,
    RAMMED,
    SIDE,
    SURRENDERED,
    TAIL,
    GameState,
    MarkedRam,
    Ship,
)
from pbem.rules.table import Vec, aspect_angle, keel_band, opposed, to_local
from pbem.rules.table.bands import KeelBand

# `ram_aspect` (§9.2): the base number needed on 2d6.
BASE_NEEDED: Mapping[str, int] = {HEAD_ON: 12, HEAD: 9, TAIL: 9, SIDE: 7}
HEAD_ON_ASPECT = 45.0  # θ < 45 (§9.2)
FASTER, BIGGER = -1, -2  # §9.3: "down" favours the rammer on both charts
HOLED = 3  # §9.4: a follow-up of 1–3 holes the rammer too


def ram_aspect(rammer_heading: float, target: Ship, impact: Vec, epsilon: float) -> str:
    """§9.2, tested in this order: head-on (θ < 45, opposed, I in the target's bow zone), head
    (I in its bow zone), tail (I in its stern zone), side (its waist)."""
    u = to_local(impact, target.pose.centre, float(target.heading)).x
    band = keel_band(u, target.length, epsilon)
    if band is KeelBand.BOW:
        heading = float(target.heading)
        if aspect_angle(rammer_heading, heading) < HEAD_ON_ASPECT and opposed(rammer_heading, heading):
            return HEAD_ON
        return HEAD
    if band is KeelBand.STERN:
        return TAIL
    return SIDE


@dataclass(frozen=True)
class Modifiers:
    """§9.3, the same on the number needed and on the countdown die: faster −1 (speeds this
    half and the target's last), bigger −2 (more oarbanks), cheaper + the difference in purchase
    points."""

    faster: int
    bigger: int
    cheaper: int

    @property
    def total(self) -> int:
        return self.faster + self.bigger + self.cheaper


def modifiers(state: GameState, rammer: Ship, target: Ship) -> Modifiers:
    mine, theirs = state.row(rammer), state.row(target)
    return Modifiers(
        faster=FASTER if rammer.speed > target.speed else 0,
        bigger=BIGGER if mine.bigger_than(theirs) else 0,
        cheaper=theirs.points - mine.points if mine.points < theirs.points else 0)


def needed(aspect: str, found: Modifiers) -> int:
    """The number needed on 2d6 (§9.3): base + modifiers; ≤ 2 always and > 12 never succeeds,
    and the dice are rolled all the same."""
    return BASE_NEEDED[aspect] + found.total


def resolve_ram(state: GameState, marked: MarkedRam, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """One marked ram at step 6 (§9.1, §9.4, §21 item 3.6)."""
    rammer, target = state.require(marked.rammer), state.require(marked.target)
    if rammer.status == SURRENDERED or target.status == SURRENDERED or not target.in_play \
            or not rammer.on_table:
        return state, (event("ram", ship=rammer.id, target=target.id, aspect=marked.aspect,
                             void=True, reason="a ship surrendered before the ram was rolled"),)
    found = modifiers(state, rammer, target)
    number = needed(marked.aspect, found)
    first = dice.roll(f"ram {rammer.id} on {target.id}")
    second = dice.roll(f"ram {rammer.id} on {target.id}")
    success = first + second >= number
    events: list[Event] = [event(
        "ram", ship=rammer.id, target=target.id, aspect=marked.aspect, dice=[first, second],
        total=first + second, needed=number, faster=found.faster, bigger=found.bigger,
        cheaper=found.cheaper, success=success)]
    if not success:
        return state, tuple(events)
    die = dice.roll(f"countdown {target.id} (rammed by {rammer.id})")
    modified = die + found.total
    countdown = countdown_for(modified)
    state = state.with_ship(with_countdown(target, countdown))
    events.append(event("sinking", ship=target.id, die=die, modified=modified, countdown=countdown,
                        kept=state.require(target.id).countdown, by=rammer.id))
    if marked.aspect == HEAD_ON:
        follow = dice.roll(f"head-on follow-up {rammer.id}")
        holed = follow <= HOLED
        events.append(event("follow_up", ship=rammer.id, die=follow, holed=holed))
        if holed:
            own = dice.roll(f"countdown {rammer.id} (holed head-on)")
            count = countdown_for(own)
            state = state.with_ship(with_countdown(state.require(rammer.id), count))
            events.append(event("sinking", ship=rammer.id, die=own, modified=own, countdown=count,
                                kept=state.require(rammer.id).countdown, by=target.id))
    state = state.with_ship(replace(state.require(rammer.id), embedded_in=target.id))
    return record_trigger(state, target.id, RAMMED), tuple(events)


def resolve_marked(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """Step 6: the rams marked in movement, in the order the contacts happened (§5.2, §9.1)."""
    events: list[Event] = []
    for marked in state.half_record.marked_rams:
        state, found = resolve_ram(state, marked, dice)
        events += found
    return state, tuple(events)
