"""Dropping the corvus (rulings §11; house rules `corvus_timing = end_of_movement`,
`corvus_reach`): after every ship has activated, each ship with a `CORVUS` list, in scenario
order, drops on the first listed ship that qualifies. No die is rolled.

A target qualifies when it is an enemy, afloat or fleeing, at a dead stop (written speed 0,
dead in the water, or held by a line or a corvus), within `corvus_reach` of the corvus ship's
bow point (point-to-ship distance, G5, ε in the dropper's favour), and the bow point is not in
its zone D (not across the stern, §1.1). The corvus ship is afloat (not fleeing), carries a
corvus that holds nothing, and the pair has no corvus between them either way. The corvus
replaces any grapple line between the pair and is never cut (§10.3). The corvus work of
RAISE and BREAK is `corvus_work`.

Events (one line each):

- `corvus`: ship (the corvus ship), target, distance (float, inches, bow point to target),
  zone (of the bow point about the target), replaced_line (bool).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from pbem.rules.events import Event, event
from pbem.rules.speedband.orders import Corvus
from pbem.rules.speedband.ramming import zone_of
from pbem.rules.speedband.state import AFLOAT, CORVUS, LINE, GameState, Ship
from pbem.rules.table import bow_point, point_distance, within

Played = tuple[GameState, tuple[Event, ...]]


def _wish(wishes: Mapping[str, Corvus], folded: Mapping[str, Corvus], ship_id: str) -> Corvus | None:
    # The wish under the ship's id, else under the first key equal to it in upper case
    # (`folded`, made once for every ship).
    found = wishes.get(ship_id)
    return found if found is not None else folded.get(ship_id.upper())


def may_drop(ship: Ship) -> bool:
    """The corvus ship may drop: afloat, carrying a corvus that holds nothing."""
    return ship.status == AFLOAT and ship.corvus and not ship.corvus_holds


def at_dead_stop(state: GameState, ship: Ship) -> bool:
    """§11: written speed 0, dead in the water, grappled or held by a corvus."""
    return ship.written_speed == 0 or ship.dead_in_water or state.held(ship.id)


def bow_reach(state: GameState, dropper: Ship, target: Ship) -> tuple[float, str]:
    """The point-to-ship distance from the dropper's bow point to the target (G5) and the zone
    of that point about the target (§1.1)."""
    point = bow_point(dropper.row.footprint, dropper.pose)
    return (point_distance(point, target.polygon, state.epsilon),
            zone_of(point, target, state.epsilon))


def qualifies(state: GameState, dropper: Ship, target: Ship) -> bool:
    """§11: whether `dropper` may drop its corvus on `target` now (the dropper's own state is
    `may_drop`)."""
    if target.id == dropper.id or not target.active or not state.enemies(dropper, target):
        return False
    if not at_dead_stop(state, target):
        return False
    link = state.link(dropper.id, target.id)
    if link is not None and link.kind == CORVUS:
        return False
    distance, zone = bow_reach(state, dropper, target)
    return within(distance, state.options.corvus_reach, state.epsilon) and zone != "D"


def drop_all(state: GameState, wishes: Mapping[str, Corvus]) -> Played:
    """The end-of-movement drops (§11), ships in scenario order, each on the first listed
    target that qualifies at that moment (an earlier drop holds its target, which is then at a
    dead stop for the next)."""
    events: list[Event] = []
    folded: dict[str, Corvus] = {}
    for key, value in wishes.items():
        folded.setdefault(key.upper(), value)
    for ship in state.ships:
        wish = _wish(wishes, folded, ship.id)
        if wish is None:
            continue
        dropper = state.require(ship.id)
        if not may_drop(dropper):
            continue
        for name in wish.targets:
            target = state.ship(name)
            if target is None or not qualifies(state, dropper, target):
                continue
            distance, zone = bow_reach(state, dropper, target)
            old = state.link(dropper.id, target.id)
            state = state.with_link(dropper.id, target.id, CORVUS)
            state = state.with_ship(replace(dropper, corvus_holds=target.id))
            record = state.record
            if (dropper.id, "corvus") not in record.revealed:
                state = replace(state, record=replace(
                    record, revealed=(*record.revealed, (dropper.id, "corvus"))))
            events.append(event("corvus", ship=dropper.id, target=target.id, distance=distance,
                                zone=zone, replaced_line=old is not None and old.kind == LINE))
            break
    return state, tuple(events)
