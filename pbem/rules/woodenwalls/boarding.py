"""The boarding step of a Wooden Walls deck action phase (rulings §12.6, §12.8, §12.2 step 4):
`ATTACK` and `MOVE` lines in alternation, the first player's first, the other side's first, and
so on; a side with none left passes. A line that fails when its turn comes is reported and the
same side's next line is tried at once: a failed order changes nothing, so it does not use the
side's turn (plan §11 q. 30). After every deck fight and move, every ship is checked for clearing
and capture (§12.8).

- Across a link (an area of one ship to one of another): only from a ship linked to the other
  that won the shooting against it this phase, not standing off or fleeing; within a ship always.
- `MOVE <n><k> <from> TO [<ship>.]<to>`: the side's first n elements of the kind in list order
  (§4.5), one area along an adjacency (§4.4), into an area with no enemy elements, within
  capacity. `ATTACK`: the deck fight of `deckfight.py`.
- Clearing (§12.8): enemy elements aboard, none of the ship's own side's marines or shooters, and
  at least as many enemy marine elements aboard as its rating. Capture: the clearer's side takes
  control (`controller`, "" when it is the ship's own side again), `captured`, flags gone, its
  quality revealed (§16), speed at most 1 (§4.2), engines pass with the ship, and its queue,
  speed and deck lines are void (`LegOrders.without_ship`) with `on_defaults` set until its new
  controller's next mail (§6.1); its remaining lines of this step by the old side are dropped.
- House rule `oarsmen_fight`: `min_marines` adds nothing; `open_crew` gives an open ship first
  boarded one Poor, unarmoured, unshielded marine element of its own side per intact oar section
  (both sides) in M, beyond capacity if need be (q. 31). "First boarded" is read as: the first
  attack or move across a link into it while no enemy elements are aboard (the state keeps no
  mark of an earlier boarding).

Events: those of `deckfight.fight`, `move` (ship, area, to_ship, to_area, side, element, count),
`capture` (ship, side, from_side), `failed` (line, order, reason).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.woodenwalls.deckfight import (
    FIGHTING,
    adjacent,
    enemies,
    enemies_aboard,
    fight,
    fighters,
    moved,
    room,
)
from pbem.rules.woodenwalls.grappling import failed, written_by
from pbem.rules.woodenwalls.orders import Attack, Move, Reading
from pbem.rules.woodenwalls.shiptypes import ENGINE, MARINES, OPEN
from pbem.rules.woodenwalls.state import (
    BOARD_SIDES,
    FLEEING,
    POOR_GRADE,
    STANDING_OFF,
    Element,
    GameState,
    Ship,
)

Played = tuple[GameState, tuple[Event, ...]]
Tried = tuple[GameState, tuple[Event, ...], bool]  # and whether the line was carried out
CAPTURED_SPEED = 1  # §4.2 (4): a captured ship's maximum speed
OPEN_CREW = "open_crew"


# ---------------------------------------------------------------- clearing and capture (§12.8)


def clearer(ship: Ship) -> str:
    """The side that has cleared the ship (§12.8), "" when it is not cleared: enemy elements
    aboard, none of its own side's marines or shooters, enemy marine elements ≥ its rating."""
    if not ship.afloat:
        return ""
    enemy = [element for element in ship.elements if element.side != ship.owner and element.kind in FIGHTING]
    if not enemy or any(element.side == ship.owner and element.kind in FIGHTING for element in ship.elements):
        return ""
    marines = sum(1 for element in enemy if element.kind == MARINES)
    return enemy[0].side if marines >= ship.row.rating else ""


def capture(state: GameState, ship_id: str, side: str) -> Played:
    """The ship captured by `side` (§12.8): controller, `captured`, flags gone, revealed (§16),
    speed at most 1, engines pass to the captor, its old side's marines and shooters aboard lost,
    its queue, speed and deck lines void and `on_defaults` set (§6.1)."""
    ship = state.require(ship_id)
    old = ship.owner
    elements = tuple(replace(element, side=side) if element.kind == ENGINE else element
                     for element in ship.elements
                     if element.kind == ENGINE or element.side != old)
    speed = ship.speed
    if isinstance(speed, int) and speed > CAPTURED_SPEED:
        speed = CAPTURED_SPEED
    taken = replace(ship, controller="" if side == ship.side else side, captured=True, flag="",
                    revealed=True, speed=speed, elements=elements, on_defaults=True)
    state = state.with_ship(taken)
    state = replace(state, orders=tuple(orders.without_ship(ship.id) for orders in state.orders))
    return state, (event("capture", ship=ship.id, side=side, from_side=old),)


def capture_check(state: GameState) -> Played:
    """Every cleared ship captured, in scenario order (after the shooting step, every deck fight
    and every move, §12.8)."""
    events: list[Event] = []
    for ship in state.ships:
        side = clearer(ship)
        if side:
            state, found = capture(state, ship.id, side)
            events.extend(found)
    return state, tuple(events)


def manned(state: GameState, ship: Ship) -> Ship:
    """With `oarsmen_fight = open_crew`, an open ship not yet boarded gets its oarsmen as Poor,
    unarmoured, unshielded marines of its own side in M, one per intact oar section (q. 31)."""
    if (state.options.oarsmen_fight != OPEN_CREW or ship.protection != OPEN
            or enemies_aboard(ship, ship.owner)):
        return ship
    sections = sum(len(ship.intact_sections(side)) for side in BOARD_SIDES)
    oarsmen = tuple(Element("M", MARINES, ship.owner, ship.id, POOR_GRADE) for _ in range(sections))
    return replace(ship, elements=(*ship.elements, *oarsmen))


# ---------------------------------------------------------------- permission (§12.6)


def acting_side(state: GameState, line: Reading) -> str:
    """The side of a boarding line: the side whose orders hold it, else the side of the marines
    or shooters in its source area, else the controller of its ship."""
    side = written_by(state, line)
    if side:
        return side
    ship = state.ship(line.ship)
    if ship is None:
        return ""
    order = line.order
    area = order.source if isinstance(order, Attack | Move) else ""
    found = [element.side for element in ship.elements if element.area == area and element.kind in FIGHTING]
    return found[0] if found else ship.owner


def _across(state: GameState, source: Ship, target: Ship) -> str:
    """"" when elements may act from `source` across to `target`, else why not."""
    if state.link(source.id, target.id) is None:
        return f"{source.id} and {target.id} are not linked"
    if source.flag in (STANDING_OFF, FLEEING):
        return f"{source.id} is {source.flag.replace('_', ' ')}: nothing crosses from it"
    if not state.round.won_by(source.id, target.id):
        return f"{source.id} did not win the shooting against {target.id}"
    return ""


def _places(state: GameState, line: Reading, source_area: str, ship_name: str,
            area: str) -> tuple[Ship, Ship]:
    """The source and target ships (the target with its oarsmen when boarded across); ValueError
    with the reason when the line cannot act there."""
    source, target = state.ship(line.ship), state.ship(ship_name or line.ship)
    if source is None or target is None or not source.afloat or not target.afloat:
        raise ValueError(f"{line.ship} or {ship_name or line.ship} is not afloat in the game")
    if source_area not in source.areas or area not in target.areas:
        raise ValueError(f"{source.id} has no {source_area} or {target.id} no {area}")
    if source.id.upper() == target.id.upper():
        return source, source
    reason = _across(state, source, target)
    if reason:
        raise ValueError(reason)
    return source, manned(state, target)


# ---------------------------------------------------------------- the lines


def _attack(state: GameState, side: str, line: Reading, dice: Dice) -> Tried:
    order = line.order
    assert isinstance(order, Attack)
    try:
        source, target = _places(state, line, order.source, order.target.ship, order.target.area)
    except ValueError as error:
        return state, (failed(line, str(error)),), False
    trial = state.with_ship(target)
    source = trial.require(source.id)
    if not fighters(trial, source, order.source, side):
        return state, (failed(line, f"{source.id}'s {order.source} holds no marines or shooters of "
                                    f"{side}: an attack from an empty area"),), False
    if not enemies(trial, target, order.target.area, side):
        return state, (failed(line, f"{target.id}'s {order.target.area} holds no enemy elements"),), False
    if not adjacent(trial, source, order.source, target, order.target.area):
        return state, (failed(line, f"{order.source} is not adjacent to {target.id}'s "
                                    f"{order.target.area}"),), False
    state, found = fight(trial, side, source.id, order.source, target.id, order.target.area, dice,
                         until_loss=order.until_loss, enter=order.enter)
    return state, found, True


def _move(state: GameState, side: str, line: Reading) -> Tried:
    order = line.order
    assert isinstance(order, Move)
    destination = order.destination
    try:
        source, target = _places(state, line, order.source, destination.ship, destination.area)
    except ValueError as error:
        return state, (failed(line, str(error)),), False
    trial = state.with_ship(target)
    source = trial.require(source.id)
    movers = [number for number in fighters(trial, source, order.source, side)
              if source.elements[number].kind == order.kind]
    if len(movers) < order.count:
        return state, (failed(line, f"{source.id}'s {order.source} holds {len(movers)} {order.kind} "
                                    f"of {side}, not {order.count}"),), False
    if enemies(trial, target, destination.area, side):
        return state, (failed(line, f"{target.id}'s {destination.area} holds enemy elements"),), False
    if not adjacent(trial, source, order.source, target, destination.area):
        return state, (failed(line, f"{order.source} is not adjacent to {target.id}'s "
                                    f"{destination.area}"),), False
    if room(target, destination.area) < order.count:
        return state, (failed(line, f"{target.id}'s {destination.area} has room for "
                                    f"{max(0, room(target, destination.area))}, not {order.count}"),), False
    state = moved(trial, source.id, movers[:order.count], target.id, destination.area)
    return state, (event("move", ship=source.id, area=order.source, to_ship=target.id,
                         to_area=destination.area, side=side, element=order.kind, count=order.count),), True


# ---------------------------------------------------------------- the step (§12.2 (4))


def boarding_step(state: GameState, lines: Sequence[Reading], first_player: str, dice: Dice) -> Played:
    """The boarding step: `ATTACK` and `MOVE` lines in alternation, the first player's side
    first (§12.6, q. 30), the capture check after every fight and move (§12.8). Other lines are
    passed over."""
    sides = [first_player, *(side for side in state.sides if side != first_player)]
    pending: dict[str, list[Reading]] = {side: [] for side in sides}
    for line in lines:
        if isinstance(line.order, Attack | Move):
            pending.setdefault(acting_side(state, line), []).append(line)
    order = list(pending)
    events: list[Event] = []
    turn = 0
    while any(pending.values()):
        side = order[turn % len(order)]
        turn += 1
        while pending[side]:
            line = pending[side].pop(0)
            if isinstance(line.order, Attack):
                state, found, done = _attack(state, side, line, dice)
            else:
                state, found, done = _move(state, side, line)
            events.extend(found)
            if done:
                state, taken = capture_check(state)
                events.extend(taken)
                for captured in taken:
                    void = captured["ship"].upper()
                    old = captured["from_side"]
                    pending[old] = [kept for kept in pending.get(old, []) if kept.ship.upper() != void]
                break
    return state, tuple(events)
