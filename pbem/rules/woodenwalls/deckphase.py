"""A deck action phase of Wooden Walls (rulings §12.2, §12.8, §13.2, §14; build plan §1.4).

The steps, each for both sides with the first player's orders first (§12.2): (1) posting: `SHIFT`
lines, then elements standing in an area with an AP marker leave it (§14); (2) shooting (§11,
`shooting.shooting_step`), then the capture check (§12.8); (3) grappling (§12.3-§12.5,
`grappling.grappling_step`); (4) boarding (§12.6-§12.8, `boarding.boarding_step`, which checks
captures after every fight and move); (5) extinguishing (§13.2, `fire.douse_step`). The deck lines
are those in force in each side's `LegOrders` (with `mail = round` they stand for all three deck
action phases: a line whose target is gone fails in that phase only). The phase's first player is
the first player of the leg's last action phase (§5.4); this phase's won shootings start empty and
`deck_phases` counts the phase (the corvus retry, §12.5).

Posting reading (plan §11, added here): `SHIFT <n><k> <from>-<to>` moves the first n of the side's
elements of that kind in the source area, in list order (§4.5); it fails whole when fewer stand
there, when the destination holds enemy elements or an AP marker, or when it lacks room for all n.
An element still in an area with an AP marker after the side's SHIFT lines is moved by the judge
to the first area adjacent on its ship (B, M, S, T1, T2 order) with room, no marker and no enemy
element; with none it stays, and the event says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.woodenwalls import boarding, fire, grappling, shooting
from pbem.rules.woodenwalls.elements import area_elements, room
from pbem.rules.woodenwalls.orders import Reading, Shift
from pbem.rules.woodenwalls.shipgeom import adjacent_on_ship
from pbem.rules.woodenwalls.shiptypes import ENGINE, MARINES, SHOOTERS
from pbem.rules.woodenwalls.state import GameState, Ship


def deck_lines(state: GameState, first_player: str) -> tuple[Reading, ...]:
    """Every deck line in force, the first player's side's first, each side's in the order
    written."""
    sides = sorted(state.sides, key=lambda side: side != first_player)
    return tuple(line for side in sides for line in state.orders_of(side).deck)


def _side_of_line(state: GameState, line: Reading) -> str:
    for orders in state.orders:
        if any(kept is line for kept in orders.deck):
            return orders.side
    ship = state.ship(line.ship)
    return ship.owner if ship is not None else ""


def _enemy_in(ship: Ship, area: str, side: str) -> bool:
    return any(element.area == area and element.side != side for element in ship.elements)


def shift(state: GameState, side: str, ship_id: str, order: Shift) -> tuple[GameState, Event]:
    """One `SHIFT` line carried out, or failed with the reason (§12.2)."""
    ship = state.ship(ship_id)
    fields = {"ship": ship_id, "side": side, "line": f"{ship_id}: {order.notation()}"}
    problem = ""
    if ship is None or not ship.on_table:
        problem = f"{ship_id} is not on the table"
    elif order.source not in ship.areas or order.destination not in ship.areas:
        missing = order.source if order.source not in ship.areas else order.destination
        problem = f"{ship.id} has no area {missing}"
    elif order.kind == ENGINE:
        problem = "engines never move"
    if problem or ship is None:
        return state, event("shift", **fields, done=False, reason=problem)
    chosen = [number for number in _places(ship, order.source, side, order.kind, state)][:order.count]
    if len(chosen) < order.count:
        problem = (f"only {len(chosen)} {order.kind} of {side} stand in {ship.id}'s {order.source}, "
                   f"not {order.count}")
    elif _enemy_in(ship, order.destination, side):
        problem = f"{ship.id}'s {order.destination} holds enemy elements"
    elif ship.ap_marker(order.destination):
        problem = f"{ship.id}'s {order.destination} holds an AP marker: no element may enter (§14)"
    elif room(ship, order.destination) < order.count:
        problem = (f"{ship.id}'s {order.destination} has room for {max(room(ship, order.destination), 0)}, "
                   f"not {order.count}")
    if problem:
        return state, event("shift", **fields, done=False, reason=problem)
    moved = tuple(element.moved(order.destination) if number in chosen else element
                  for number, element in enumerate(ship.elements))
    return state.with_ship(replace(ship, elements=moved)), event(
        "shift", **fields, done=True, count=order.count, element=order.kind,
        source=order.source, destination=order.destination)


def _places(ship: Ship, area: str, side: str, kind: str, state: GameState) -> list[int]:
    wanted = area_elements(ship, area, state.ship_order, side=side, kind=kind)
    places: list[int] = []
    for element in wanted:
        for number, candidate in enumerate(ship.elements):
            if candidate is element and number not in places:
                places.append(number)
                break
    return places


def leave_markers(state: GameState, side: str) -> tuple[GameState, tuple[Event, ...]]:
    """The side's elements (not engines) in an area with an AP marker leave it (§14): each to the
    first area adjacent on its ship with room, no marker and no enemy element, or it stays."""
    events: list[Event] = []
    for ship in state.ships:
        if not ship.on_table or not any(ship.ap_markers):
            continue
        for area in ship.areas:
            if not ship.ap_marker(area):
                continue
            for number in reversed(_places_any(ship, area, side)):
                current = state.require(ship.id)
                element = current.elements[number]
                goal = next((other for other in current.areas
                             if adjacent_on_ship(area, other) and not current.ap_marker(other)
                             and room(current, other) > 0 and not _enemy_in(current, other, side)),
                            None)
                if goal is None:
                    events.append(event("marker_stay", ship=ship.id, side=side, area=area,
                                        element=element.kind))
                    continue
                elements = tuple(e.moved(goal) if n == number else e
                                 for n, e in enumerate(current.elements))
                state = state.with_ship(replace(current, elements=elements))
                events.append(event("marker_leave", ship=ship.id, side=side, area=area,
                                    destination=goal, element=element.kind))
            ship = state.require(ship.id)
    return state, tuple(events)


def _places_any(ship: Ship, area: str, side: str) -> list[int]:
    return [number for number, element in enumerate(ship.elements)
            if element.area == area and element.side == side and element.kind != ENGINE]


def posting_step(state: GameState, lines: Sequence[Reading],
                 first_player: str) -> tuple[GameState, tuple[Event, ...]]:
    """§12.2 (1): each side's `SHIFT` lines in order, the first player's first, then its elements
    leave AP-marked areas (§14)."""
    events: list[Event] = []
    sides = sorted(state.sides, key=lambda side: side != first_player)
    for side in sides:
        for line in lines:
            if isinstance(line.order, Shift) and _side_of_line(state, line) == side:
                state, made = shift(state, side, line.ship, line.order)
                events.append(made)
        if state.options.ap_weapons:
            state, more = leave_markers(state, side)
            events.extend(more)
    return state, tuple(events)


def play(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """One whole deck action phase (§12.2) with the orders in force."""
    first = state.round.deck_first_player or state.round.first_player or state.sides[0]
    state = replace(state, round=replace(state.round, deck_first_player=first, won_shooting=(),
                                         deck_phases=state.round.deck_phases + 1))
    lines = deck_lines(state, first)
    events: list[Event] = [event("deck_phase", number=state.round.deck_phases, first=first)]
    state, made = posting_step(state, lines, first)
    events.extend(made)
    state, made = shooting.shooting_step(state, lines, first, dice)
    events.extend(made)
    state, made = boarding.capture_check(state)
    events.extend(made)
    state, made = grappling.grappling_step(state, lines, first, dice)
    events.extend(made)
    state, made = boarding.boarding_step(state, lines, first, dice)
    events.extend(made)
    state, made = fire.douse_step(state, lines, first, dice, busy_elements(state, events))
    events.extend(made)
    return state, tuple(events)


def busy_elements(state: GameState, events: Sequence[Event]) -> frozenset[tuple[str, int]]:
    """(ship id, element place) of the elements that did something else this phase (§12.6, §13.2:
    an element that shoots, grapples, fights or moves has acted), read from the steps' events:
    a shot marks the acting side's marines and shooters of its area (an `ENGINE` shot its
    engines, a `FIRE` shot every element there); a grapple the thrower's marines of the grappling
    area; a corvus cut the marines in B (§12.4), a grapple cut the ship's marines (the tests'
    facing areas are not in the event, so all of them count); a deck fight the attacker's
    elements of its area (defenders may still douse); a move or an entry the movers' side in the
    area they went to. Elements are found by area and side in the state after the earlier steps
    (the reading: which of several like elements acted is not tracked, so all of them count as
    busy)."""
    marks: set[tuple[str, str, str, tuple[str, ...]]] = set()
    for made in events:
        ship_id = str(made.get("ship", ""))
        ship = state.ship(ship_id)
        if ship is None:
            continue
        if made.kind == "shot" and not made.get("failed", False):
            kinds = {"engine": (ENGINE,), "fire": (MARINES, SHOOTERS, ENGINE),
                     "ap": (SHOOTERS,)}.get(str(made.get("shot", "")), (MARINES, SHOOTERS))
            marks.add((ship.id, str(made.get("area", "")), ship.owner, kinds))
        elif made.kind == "grapple":
            marks.add((ship.id, str(made.get("area", "")), ship.owner, (MARINES,)))
        elif made.kind == "cut" and made.get("how") == "corvus":
            marks.add((ship.id, "B", ship.owner, (MARINES,)))
        elif made.kind == "cut" and made.get("how") == "cut":
            for area in ship.areas:
                marks.add((ship.id, area, ship.owner, (MARINES,)))
        elif made.kind == "fight":  # the attacker's elements; defending is no bar (§13.2)
            attacker = _element_side(ship, str(made.get("area", "")), ship.owner)
            marks.add((ship.id, str(made.get("area", "")), attacker, (MARINES, SHOOTERS)))
        elif made.kind in ("move", "enter"):
            marks.add((str(made.get("to_ship", "")), str(made.get("to_area", "")),
                       str(made.get("side", "")), (MARINES, SHOOTERS)))
    found: set[tuple[str, int]] = set()
    for ship_id, area, side, kinds in marks:
        ship = state.ship(ship_id)
        if ship is None:
            continue
        for number, element in enumerate(ship.elements):
            if element.area == area and element.side == side and element.kind in kinds:
                found.add((ship.id, number))
    return frozenset(found)


def _element_side(ship: Ship, area: str, fallback: str) -> str:
    sides = {element.side for element in ship.elements if element.area == area}
    return next(iter(sides)) if len(sides) == 1 else fallback
