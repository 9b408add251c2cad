"""Morale at SinkOrSwim (Wooden Walls rulings §15.4, §15.5 step 4, §16; build plan §1.4, §11
q. 36, 37).

`triggers` lists which of §15.4's items (1)-(8) hold for a ship afloat (a fleeing ship only item
8); `modifiers` gives the ±2s of the test; `morale_step` tests every ship afloat with a trigger,
once, in scenario order (a seamanship d6, §4.6, the ship revealed before its event, §16), and
carries out the failures: a ship with enemy elements aboard surrenders under `boarded_test = on`,
otherwise a first failure raises the yellow flag (standing off), a second the red (fleeing);
`rally = off` never lowers one. `fleeing_surrenders` is §15.5's step 4: a fleeing ship held or
with maximum speed 0 is captured by the side of the first linked enemy ship, else abandoned.

Readings: "friendly ship" is always another ship afloat of the same controlling side; a hulk
counts only as a ship that was rammed or sank (§15.4). Distances are footprint distances (G5)
at the test, within 4 SL with ε (G6); a sunk ship counts where its hulk lies, a removed one
(`loaded`, q. 42) where it sank. Sight (q. 37) is the segment between centres, blocked by land
and smoke plumes (G20), not by ships. A flagship counts itself for the +2 within 4 SL, as the
rulings say, but not for the −2 "no friendly flagship in sight", where "friendly" means another
ship: a flagship with no other flagship in sight takes both. A flotilla flagship is a flagship
only for the ships of its own flotilla, the fleet flagship for its whole side (§4.1's reading).
A captured ship (§12.8) keeps its engines (now of the
captor's side); its own marines and shooters are lost, the captor's aboard become its crew, its
flags go and it sails on default segments until its new controller's next mail (§6.1).

Imports the dice, events, the core (distances, sight, approaching), the state, the seamanship
test, `fire.smoke_plumes` and `speeds.max_speed`; the hulk of an abandoned ship is made by the
function `sinkorswim` passes in (`make_hulk`), so the two modules import in one direction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.table import Polygon, approaching, blocks, footprint_distance, place, within
from pbem.rules.table.travel import Motion, direction_of_travel
from pbem.rules.table.vectors import Vec
from pbem.rules.woodenwalls.fire import LARGE, smoke_plumes
from pbem.rules.woodenwalls.rounds import Mark
from pbem.rules.woodenwalls.seamanship import Modifier, seamanship_test
from pbem.rules.woodenwalls.shiptypes import ENGINE, MARINES, SHOOTERS
from pbem.rules.woodenwalls.speeds import max_speed
from pbem.rules.woodenwalls.state import FLEEING, FLEET, STANDING_OFF, GameState, Ship

NEAR = 4.0  # SL: "within 4 SL" (§15.4)
BONUS = 2
HulkMaker = Callable[[GameState, str, str], tuple[GameState, tuple[Event, ...]]]


# ---------------------------------------------------------------- who is where


def _eps(state: GameState) -> float:
    return state.core.epsilon


def near(state: GameState, ship: Ship, polygon: Polygon) -> bool:
    """The footprint distance from `ship` to `polygon` is within 4 SL (G5, G6)."""
    return within(footprint_distance(ship.polygon, polygon, _eps(state)), NEAR, _eps(state))


def boarded(ship: Ship) -> bool:
    """Enemy elements are aboard: an element of a side other than the controlling one."""
    return any(element.side != ship.owner for element in ship.elements)


def friends(state: GameState, ship: Ship) -> tuple[Ship, ...]:
    """The other ships afloat of the same controlling side (a hulk is not one, §15.4)."""
    return tuple(other for other in state.ships
                 if other.afloat and other.owner == ship.owner and other.id != ship.id)


def enemies(state: GameState, ship: Ship) -> tuple[Ship, ...]:
    """The ships afloat of another controlling side."""
    return tuple(other for other in state.ships if other.afloat and other.owner != ship.owner)


def in_sight(state: GameState, ship: Ship, other: Ship) -> bool:
    """The segment between the centres crosses no land and no smoke plume (§15.4 (5), q. 37)."""
    blockers = (*state.terrain.land, *smoke_plumes(state))
    return not any(blocks(ship.pose.centre, other.pose.centre, polygon, _eps(state))
                   for polygon in blockers)


def _marked_polygon(state: GameState, mark: Mark) -> Polygon:
    # Where a marked ship counts: its footprint now, or where it was marked when it has left
    # the table (removed or fled).
    marked = state.require(mark.ship)
    if marked.on_table:
        return marked.polygon
    return place(marked.row.footprint, replace(marked.pose, centre=Vec(mark.x, mark.y)))


def _marks(state: GameState) -> tuple[Mark, ...]:
    return (*state.record.rammed, *state.record.sunk)


def _marked_near(state: GameState, ship: Ship, friendly: bool) -> bool:
    # A ship of the side (friendly: ship's, else another) rammed or sunk within 4 SL this round.
    for mark in _marks(state):
        marked = state.require(mark.ship)
        if marked.id == ship.id or (marked.owner == ship.owner) != friendly:
            continue
        if near(state, ship, _marked_polygon(state, mark)):
            return True
    return False


def _approaching(state: GameState, ship: Ship) -> bool:
    # §15.4 (7) reading: an enemy ship within 4 SL whose speed is above 0 and whose direction of
    # travel points within 45° of the bearing to this ship's centre.
    for enemy in enemies(state, ship):
        if enemy.speed == 0 or not near(state, ship, enemy.polygon):
            continue
        motion = Motion.BACKING if enemy.speed == "B" else Motion.AHEAD
        if approaching(enemy.pose.centre, direction_of_travel(enemy.heading, motion), ship.pose.centre):
            return True
    return False


# ---------------------------------------------------------------- triggers and modifiers (§15.4)


def triggers(state: GameState, ship: Ship) -> tuple[int, ...]:
    """The items (1)-(8) of §15.4 that hold for a ship afloat, in number order; a fleeing ship
    only (8). (1) holed this round (flooding's holes included, q. 36); (2) half or more of its
    oar sections lost; (3) no marines or shooters of its controlling side aboard; (4) a friendly
    ship sank within 4 SL this round; (5) no friendly ship in sight; (6) a level-4 fire aboard;
    (7) standing off and hit by shooting this round or approached by an enemy within 4 SL;
    (8) `boarded_test = on` and enemy elements aboard."""
    found = []
    if ship.flag != FLEEING:
        if state.record.was_holed(ship.id):
            found.append(1)
        if ship.oar_sections and 2 * len(ship.oars_lost) >= ship.oar_sections:
            found.append(2)
        if not any(element.side == ship.owner and element.kind in (MARINES, SHOOTERS)
                   for element in ship.elements):
            found.append(3)
        if _sank_near(state, ship):
            found.append(4)
        if not any(in_sight(state, ship, friend) for friend in friends(state, ship)):
            found.append(5)
        if LARGE in ship.fires:
            found.append(6)
        if ship.flag == STANDING_OFF and (state.record.was_hit(ship.id) or _approaching(state, ship)):
            found.append(7)
    if state.options.boarded_test and boarded(ship):
        found.append(8)
    return tuple(found)


def _sank_near(state: GameState, ship: Ship) -> bool:
    for mark in state.record.sunk:
        marked = state.require(mark.ship)
        if marked.id != ship.id and marked.owner == ship.owner and near(state, ship,
                                                                        _marked_polygon(state, mark)):
            return True
    return False


def _flagship(ship: Ship, other: Ship) -> bool:
    # Whether `other` is a flagship for `ship`: itself if it is one; another ship afloat of the
    # same controlling side, the fleet flagship for all, a flotilla's for its flotilla (§4.1).
    if not other.flagship:
        return False
    if other.id == ship.id:
        return True
    if not (other.afloat and other.owner == ship.owner):
        return False
    return other.flagship == FLEET or (bool(other.flotilla) and other.flotilla == ship.flotilla)


def modifiers(state: GameState, ship: Ship) -> tuple[Modifier, ...]:
    """The ±2s of §15.4's test, in the rulings' order, each once."""
    found = []
    if not any(not boarded(enemy) and near(state, ship, enemy.polygon) for enemy in enemies(state, ship)):
        found.append(Modifier("no unboarded enemy ship within 4 SL", BONUS))
    if not any(not boarded(friend) and near(state, ship, friend.polygon) for friend in friends(state, ship)):
        found.append(Modifier("no unboarded friendly ship within 4 SL", -BONUS))
    flagships = [other for other in state.ships if _flagship(ship, other)]
    if any(other.id == ship.id or near(state, ship, other.polygon) for other in flagships):
        found.append(Modifier("a friendly flagship within 4 SL", BONUS))
    if not any(other.id != ship.id and in_sight(state, ship, other) for other in flagships):
        found.append(Modifier("no friendly flagship in sight", -BONUS))
    if _marked_near(state, ship, friendly=False):
        found.append(Modifier("an enemy ship rammed or sunk within 4 SL", BONUS))
    if _marked_near(state, ship, friendly=True):
        found.append(Modifier("a friendly ship rammed or sunk within 4 SL", -BONUS))
    return tuple(found)


# ---------------------------------------------------------------- the tests


def morale_step(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """SinkOrSwim step 3 (§15.1): every ship afloat with a trigger tests once, in scenario order,
    each on the state its predecessors left."""
    events: list[Event] = []
    for ship_id in [ship.id for ship in state.ships]:
        state, made = morale_test(state, ship_id, dice)
        events.extend(made)
    return state, tuple(events)


def morale_test(state: GameState, ship_id: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """One ship's test (§15.4) if it is afloat and a trigger holds: the seamanship d6 with the
    modifiers, the ship revealed (§16) before its "morale" event; a failure as `fail`."""
    ship = state.require(ship_id)
    if not ship.afloat:
        return state, ()
    found = triggers(state, ship)
    if not found:
        return state, ()
    test = seamanship_test(dice, ship.id, ship.quality, f"morale {ship.id}", modifiers(state, ship),
                           naturals=state.options.naturals)
    ship = replace(ship, revealed=True)
    state = state.with_ship(ship)
    made = event("morale", ship=ship.id, triggers=found, die=test.die, total=test.total,
                 target=test.target, passed=test.passed,
                 modifiers=tuple(f"{m.reason} {m.value:+d}" for m in test.modifiers))
    if test.passed:
        return state, (made,)
    state, failed = fail(state, ship.id)
    return state, (made, *failed)


def fail(state: GameState, ship_id: str) -> tuple[GameState, tuple[Event, ...]]:
    """A failed morale test (§15.4): with enemy elements aboard and `boarded_test = on` the ship
    surrenders to the side whose elements are aboard (the first in the ship's element list);
    else no flag → standing off, standing off → fleeing (a "flag" event). `rally = off`."""
    ship = state.require(ship_id)
    if state.options.boarded_test and boarded(ship):
        captor = next(element.side for element in ship.elements if element.side != ship.owner)
        return capture(state, ship.id, captor, "surrender")
    if ship.flag == FLEEING:
        return state, ()
    flag = FLEEING if ship.flag == STANDING_OFF else STANDING_OFF
    state = state.with_ship(replace(ship, flag=flag))
    return state, (event("flag", ship=ship.id, flag=flag),)


def capture(state: GameState, ship_id: str, captor: str, cause: str) -> tuple[GameState, tuple[Event, ...]]:
    """The ship captured by `captor` (§12.8 as the surrender applies it): the controlling side's
    marines and shooters lost, its engines the captor's, flags gone, maximum speed 1
    (`captured`), revealed (§16), on default segments until the new controller's mail (§6.1);
    a ship recaptured by its starting side is its own again."""
    ship = state.require(ship_id)
    kept = tuple(replace(element, side=captor) if element.kind == ENGINE and element.side == ship.owner
                 else element for element in ship.elements
                 if element.side != ship.owner or element.kind == ENGINE)
    lost = len(ship.elements) - len(kept)
    captured = replace(ship, controller="" if captor == ship.side else captor, captured=True,
                       elements=kept, flag="", revealed=True, on_defaults=True)
    return state.with_ship(captured), (event("capture", ship=ship.id, by=captor, cause=cause,
                                             elements_lost=lost),)


# ---------------------------------------------------------------- fleeing ships (§15.5 step 4)


def held(state: GameState, ship: Ship) -> bool:
    """Held at SinkOrSwim (§7.6 item 4): any link (an embedded ram, a lowered corvus, a grapple:
    no segment carries `BREAK` here)."""
    return state.linked(ship.id)


def fleeing_surrenders(state: GameState, make_hulk: HulkMaker) -> tuple[GameState, tuple[Event, ...]]:
    """§15.5 step 4, ships in scenario order: a fleeing ship afloat that is held or has maximum
    speed 0 surrenders, captured by the side of the enemy ship of its first link made (the order
    made), otherwise abandoned (a hulk, `make_hulk`)."""
    events: list[Event] = []
    for ship_id in [ship.id for ship in state.ships]:
        ship = state.require(ship_id)
        if not ship.afloat or ship.flag != FLEEING:
            continue
        if not (held(state, ship) or max_speed(state, ship) == 0):
            continue
        captor = next((state.require(link.other(ship.id)).owner for link in state.links_of(ship.id)
                       if state.require(link.other(ship.id)).owner != ship.owner), "")
        if captor:
            state, made = capture(state, ship.id, captor, "cannot flee")
        else:
            state, made = make_hulk(state, ship.id, "abandoned")
        events.extend(made)
    return state, tuple(events)
