"""Fire aboard a Wooden Walls ship (rulings §13; build plan §1.4, §11 q. 3, 34, 35).

Fire is kept per area as a level 0-4 (§13.1). `set_fire` changes one area's level and, when the
level reaches 4, destroys for good what stands on that deck section: the oar sections belonging
to the area (both sides), every engine on the section and every tower on it with the tower's
elements (a destroyed tower's fire goes with it). `burn_out` makes a hulk of a ship whose fire
total reaches its capacity or whose every area is at 4 (§13.1; the hulk itself is
`hulks.make_hulk`'s, §15.3). `douse_step` carries out the deck action phase's `DOUSE` lines
(§13.2), `smoke_plumes` gives the plumes that block sight (§13.3, G20) and `grow` rolls a ship's
fire growth at SinkOrSwim (§13.4, house rule `fire_growth`).

Hulks (q. 34): a hulk rolls no growth and makes no smoke; only ships afloat douse. Engines douse
like any element that did nothing else (q. 35).

Imports the dice, events, the core's plume (`pbem.rules.table`), the state, the ship's geometry
(`shipgeom.py`) and the element order (`elements.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import D6, Dice
from pbem.rules.events import Event, event
from pbem.rules.table import Polygon, smoke_plume
from pbem.rules.woodenwalls.elements import list_key
from pbem.rules.woodenwalls.orders import Douse, Reading
from pbem.rules.woodenwalls.shipgeom import area_oar_sections, reference_point
from pbem.rules.woodenwalls.shiptypes import ENGINE
from pbem.rules.woodenwalls.state import BOARD_SIDES, GameState, Ship, section_label

LARGE = 4  # the largest fire (§13.1)
MEDIUM_PLUME, LARGE_PLUME = 1.0, 1.5  # SL downwind (§13.3)
# The deck section each area stands on (§2): towers on the bow and stern sections.
_SECTION = {"B": 0, "M": 1, "S": 2, "T1": 0, "T2": 2}
_TOWER_ON = {0: "T1", 2: "T2"}


# ---------------------------------------------------------------- smoke (§13.3)


def plume_length(level: int) -> float | None:
    """A plume's length from an area at `level` (§13.3): 1 SL medium (2-3), 1.5 SL large (4),
    None below 2 (no plume)."""
    if level >= LARGE:
        return LARGE_PLUME
    if level >= 2:
        return MEDIUM_PLUME
    return None


def ship_plumes(ship: Ship, downwind: float) -> tuple[Polygon, ...]:
    """The smoke plumes of one ship afloat, area by area (B, M, S, T1, T2): each a rectangle W
    wide from the area's reference point along `downwind` (§13.3, G20). A hulk makes none (q. 34)."""
    if not ship.afloat:
        return ()
    plumes = []
    for area in ship.areas:
        length = plume_length(ship.fire_level(area))
        if length is not None:
            reference = reference_point(ship.row, ship.pose, area)
            plumes.append(smoke_plume(reference, ship.row.beam, downwind, length))
    return tuple(plumes)


def smoke_plumes(state: GameState) -> tuple[Polygon, ...]:
    """Every smoke plume on the table, ships in scenario order, areas B, M, S, T1, T2, blowing
    towards the wind's heading (§13.3); they block sight (§11.2, §15.4 (5))."""
    return tuple(plume for ship in state.ships for plume in ship_plumes(ship, state.wind.heading))


# ---------------------------------------------------------------- levels and level 4 (§13.1)


def set_fire(state: GameState, ship_id: str, area: str, level: int,
             cause: str) -> tuple[GameState, tuple[Event, ...]]:
    """The area's fire set to `level` (held to 0-4), with a "fire" event naming the `cause`
    ("growth", "douse", "shot", ...); at level 4 what stands on its deck section is destroyed
    (§13.1, `level_four`). Nothing changes (and no event) when the level stays the same."""
    ship = state.require(ship_id)
    was = ship.fire_level(area)
    level = max(0, min(LARGE, level))
    if level == was:
        return state, ()
    ship = ship.with_fire(area, level)
    events = [event("fire", ship=ship.id, area=area, level=level, was=was, cause=cause)]
    if level == LARGE:
        ship, destroyed = level_four(ship, area)
        if destroyed:
            events.append(event("fire", ship=ship.id, area=area, level=level, was=level,
                                cause="destroyed", destroyed=destroyed))
    return state.with_ship(ship), tuple(events)


def level_four(ship: Ship, area: str) -> tuple[Ship, tuple[str, ...]]:
    """What a level-4 fire in `area` destroys for good (§13.1): the oar sections belonging to the
    area, both sides ("P1", "S1"); every engine on the area's deck section (B and T1 share the bow
    section, S and T2 the stern); every tower on that section, with its elements and its fire.
    Returns the ship and what went ("S1", "engine B", "T1"), in that order."""
    section = _SECTION[area]
    lost = tuple(section_label(side, number) for side in BOARD_SIDES
                 for number in area_oar_sections(ship.row, area)
                 if section_label(side, number) not in ship.oars_lost)
    tower = _TOWER_ON.get(section)
    towers = (tower,) if tower in ship.towers else ()
    engines = tuple(f"engine {element.area}" for element in ship.elements
                    if element.kind == ENGINE and _SECTION[element.area] == section
                    and element.area not in towers)
    kept = tuple(element for element in ship.elements
                 if element.area not in towers
                 and not (element.kind == ENGINE and _SECTION[element.area] == section))
    burnt = ship
    for name in towers:
        burnt = burnt.with_fire(name, 0)
    burnt = replace(burnt, oars_lost=(*ship.oars_lost, *lost), elements=kept,
                    towers=tuple(name for name in ship.towers if name not in towers))
    return burnt, (*lost, *engines, *towers)


def burnt_out(ship: Ship) -> bool:
    """A ship afloat whose fire total reaches its capacity (§4.1, in units) or with every area it
    has at level 4 is burnt out (§13.1)."""
    if not ship.afloat:
        return False
    if ship.fire_total >= ship.row.hole_capacity:
        return True
    return all(ship.fire_level(area) == LARGE for area in ship.areas)


# ---------------------------------------------------------------- growth (§13.4)


def growth_change(die: int) -> int:
    """A fire-growth d6 (§13.4): 1-2 the level −1, 3-4 no change, 5-6 +1."""
    if die <= 2:
        return -1
    return 0 if die <= 4 else 1


def grow(state: GameState, ship_id: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """House rule `fire_growth = roll` (§13.4): each burning area of a ship afloat, B, M, S, T1,
    T2, rolls a d6 (no modifier, §24) against its level then; `none` rolls nothing, nor does a
    hulk (q. 34). A level reaching 4 destroys at once (`set_fire`)."""
    if state.options.fire_growth != "roll" or not state.require(ship_id).afloat:
        return state, ()
    events: list[Event] = []
    for area in state.require(ship_id).areas:
        ship = state.require(ship_id)
        if area not in ship.areas:  # a tower destroyed by this growth's level 4
            continue
        level = ship.fire_level(area)
        if not level:
            continue
        die = dice.roll(f"fire growth {ship.id} {area}", D6)
        change = growth_change(die)
        if change == 0:
            events.append(event("fire", ship=ship.id, area=area, level=level, was=level,
                                cause="growth", die=die))
            continue
        state, made = set_fire(state, ship.id, area, level + change, "growth")
        if not made:  # a large fire rolling +1 stays large
            made = (event("fire", ship=ship.id, area=area, level=level, was=level, cause="growth"),)
        events.append(_with_die(made[0], die))
        events.extend(made[1:])
    return state, tuple(events)


def _with_die(made: Event, die: int) -> Event:
    return event(made.kind, **dict(made.fields), die=die)


# ---------------------------------------------------------------- extinguishing (§13.2)


def douse_target(level: int) -> int:
    """The d6 a douse needs against a fire of `level` (§13.2): 1 → 4+, 2-3 → 5+, 4 → 6."""
    if level >= LARGE:
        return 6
    return 5 if level >= 2 else 4


def douse(state: GameState, reading: Reading, dice: Dice,
          busy: frozenset[tuple[str, int]] = frozenset()) -> tuple[GameState, tuple[Event, ...]]:
    """One `DOUSE <area> <n>` line (§13.2): up to n of the ordering side's elements in the area,
    in list order, that did nothing else this deck action phase (`busy`: (ship id, element
    index)) each roll a d6, one at a time against the level then: a success lowers it by 1, a 1
    raises it by 1 (at most 4). The dice stop when the fire is out. A line that cannot be carried
    out fails with a "fire" event giving the reason, and no die."""
    order = reading.order
    assert isinstance(order, Douse)
    ship = state.ship(reading.ship)
    reason = _douse_fault(state, ship, order)
    if reason or ship is None:
        return state, (event("fire", ship=reading.ship.upper(), area=order.area, cause="douse",
                             failed=reason),)
    rollers = free_elements(state, ship, order.area, busy)[:order.count]
    if not rollers:
        return state, (event("fire", ship=ship.id, area=order.area, cause="douse",
                             failed=f"no element of {ship.owner} in {order.area} is free to douse"),)
    events: list[Event] = []
    for number, _place in enumerate(rollers, start=1):
        level = state.require(ship.id).fire_level(order.area)
        if not level:
            break
        die = dice.roll(f"douse {ship.id} {order.area} {number}", D6)
        change = -1 if die >= douse_target(level) else (1 if die == 1 else 0)
        state, made = set_fire(state, ship.id, order.area, level + change, "douse")
        if not made:
            made = (event("fire", ship=ship.id, area=order.area, level=level, was=level, cause="douse"),)
        events.append(_with_die(made[0], die))
        events.extend(made[1:])
    return state, tuple(events)


def free_elements(state: GameState, ship: Ship, area: str,
                  busy: frozenset[tuple[str, int]] = frozenset()) -> tuple[int, ...]:
    """The places in `ship.elements` of the ordering side's elements in `area`, in list order
    (§4.5), leaving out those in `busy` (engines included, q. 35)."""
    places = [number for number, element in enumerate(ship.elements)
              if element.area == area and element.side == ship.owner and (ship.id, number) not in busy]
    return tuple(sorted(places, key=lambda number: list_key(ship.elements[number], state.ship_order)))


def _douse_fault(state: GameState, ship: Ship | None, order: Douse) -> str:
    if ship is None:
        return "there is no such ship"
    if not ship.afloat:
        return f"{ship.id} is not afloat"
    if order.area not in ship.areas:
        return f"{ship.id} has no area {order.area}"
    if not ship.fire_level(order.area):
        return f"no fire burns in {ship.id}'s {order.area}"
    return ""


def douse_step(state: GameState, lines: Sequence[Reading], first_player: str, dice: Dice,
               busy: frozenset[tuple[str, int]] = frozenset()) -> tuple[GameState, tuple[Event, ...]]:
    """The extinguishing step of a deck action phase (§12.2, §13.2, §23 block 4): the `DOUSE`
    lines of both sides, the first player's side's first, each side's in the order written,
    line by line, die by die. `lines` holds every deck reading; the others are passed over."""
    douses = [line for line in lines if isinstance(line.order, Douse)]
    first = [line for line in douses if _side_of(state, line) == first_player]
    rest = [line for line in douses if _side_of(state, line) != first_player]
    events: list[Event] = []
    for line in (*first, *rest):
        state, made = douse(state, line, dice, busy)
        events.extend(made)
    return state, tuple(events)


def _side_of(state: GameState, line: Reading) -> str:
    ship = state.ship(line.ship)
    return "" if ship is None else ship.owner
