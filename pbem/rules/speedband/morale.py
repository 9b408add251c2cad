"""Morale at the end of a turn (rulings §14.1, §14.2; house rules `morale_mods`, `flight`,
`capture`): a ship without officers surrenders or flees, a ship that lost officers this turn
rolls once for each, and a ship that begins to flee takes its flight heading (§14.3).

    morale_phase(state, dice) -> (state, events)          # §14.1, ships in scenario order
    flight_heading(ship, state) -> int                    # §14.3: 180, 270, 0 or 90
    modifiers(state, ship, nth) -> tuple[(name, value)]   # §14.2 for the nth officer lost

Ships are taken in scenario order, each on the position left by the ships before it (a ship
that surrendered is no longer an enemy or a friend within 6"). For a ship afloat or fleeing:
with no officers it surrenders when an enemy (afloat or fleeing) is within 6" (footprint
distance, ε), to the side of the nearest such enemy (ties: scenario order), and otherwise flees
if not fleeing already; with officers, an afloat ship rolls a d100 for each officer lost this
turn, in the order lost, and holds while roll + modifiers ≤ hull %, stopping at the first
failure, which makes it flee. A fleeing ship makes no rolls (§14.1's reading). Every ship's
`officers_lost_this_turn` is back to 0 afterwards.

The officer modifier of the nth roll counts the officers lost before this turn and this turn's
up to the nth: (officers_lost − officers_lost_this_turn + n) × 10.

Events, one line each:
- `morale` (ship, officer, roll, officers, areas, outnumbered, crew, total, hull, held): one
  d100 for the `officer`-th officer lost this turn; the four modifiers, roll + them = total.
- `flee` (ship, reason, edge, flight_heading): the ship begins to flee ("morale" or "no
  officers"); its flight edge (south, west, north, east) and heading.
- `surrender` (ship, to, nearest, distance): a ship without officers surrenders to the side
  `to` of the nearest enemy `nearest` within 6"; it loses its archers and soldiers and every
  link and front.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.speedband.fronts import areas_held_by_enemies, without_fronts_of
from pbem.rules.speedband.state import (
    AFLOAT,
    CORVUS,
    CUT_ALL,
    ELITE,
    FLEEING,
    POOR,
    SURRENDERED,
    GameState,
    Ship,
)
from pbem.rules.table import footprint_distance, nearest_edge, within

Played = tuple[GameState, tuple[Event, ...]]

SIGHT = 6.0            # §14.1, §14.2: "with 6"", read as within 6"
PER_OFFICER = 10       # §14.2, each officer lost so far, this one included
PER_AREA = 10          # §14.2, each area of this ship an enemy holds
OUTNUMBERED = 10       # §14.2
CREW_MODS = {POOR: 15, ELITE: -5}  # text 9.1, 9.2 with opt_crew_quality


def _gap(state: GameState, first: Ship, second: Ship) -> float:
    return footprint_distance(first.polygon, second.polygon, state.epsilon)


def _near(state: GameState, ship: Ship) -> tuple[list[tuple[float, Ship]], list[Ship]]:
    """(distance, enemy) and friends within 6", afloat or fleeing, the ship itself left out,
    in scenario order."""
    enemies: list[tuple[float, Ship]] = []
    friends: list[Ship] = []
    reach = SIGHT + state.epsilon
    for other in state.ships_near(ship, reach):  # all but those surely beyond 6"
        if not other.active:
            continue
        gap = _gap(state, ship, other)
        if not within(gap, SIGHT, state.epsilon):
            continue
        if state.enemies(ship, other):
            enemies.append((gap, other))
        else:
            friends.append(other)
    return enemies, friends


def modifiers(state: GameState, ship: Ship, nth: int) -> tuple[tuple[str, int], ...]:
    """§14.2 for the roll of the nth officer lost this turn (1 for the first)."""
    enemies, friends = _near(state, ship)
    crew = CREW_MODS.get(ship.crew, 0) if state.options.opt_crew_quality else 0
    before = ship.officers_lost - ship.officers_lost_this_turn
    return (("officers", PER_OFFICER * (before + nth)),
            ("areas", PER_AREA * areas_held_by_enemies(state, ship.id)),
            ("outnumbered", OUTNUMBERED if len(enemies) > len(friends) else 0),
            ("crew", crew))


def flight_heading(ship: Ship, state: GameState) -> tuple[str, int]:
    """The flight edge and heading (§14.3, G11): the edge nearest the centre, ties south,
    west, north, east; heading 180, 270, 0 or 90."""
    edge = nearest_edge(ship.pose.centre, state.table)
    return edge.side.value, int(edge.heading)


def _flee(state: GameState, ship: Ship, reason: str) -> Played:
    """The ship begins to flee: its heading fixed and the judge's standing orders written
    (§14.3: CUT ALL, no melee, its corvus links worked on to free it)."""
    edge, heading = flight_heading(ship, state)
    holders = [link.thrower for link in state.links
               if link.kind == CORVUS and link.links(ship.id) and link.thrower != ship.id]
    standing = replace(ship.standing, cut=CUT_ALL, melee="", raise_corvus=bool(ship.corvus_holds),
                       break_corvus=min(holders, key=state.order_of) if holders else "")
    ship = replace(ship, status=FLEEING, flight_heading=heading, standing=standing)
    return state.with_ship(ship), (event("flee", ship=ship.id, reason=reason, edge=edge,
                                         flight_heading=heading),)


def _surrender(state: GameState, ship: Ship, gap: float, nearest: Ship) -> Played:
    """§14.4 (`capture`): a prize of the nearest enemy's side, without archers and soldiers,
    its links and fronts ended (a corvus it held, or that held it, is free again)."""
    ship = replace(ship, status=SURRENDERED, controller=nearest.owner, archers=0, soldiers=0,
                   corvus_holds="", flight_heading=None)
    state = state.with_ship(ship)
    for other in state.ships:
        if other.corvus_holds.upper() == ship.id.upper():
            state = state.with_ship(replace(other, corvus_holds=""))
    state = without_fronts_of(state.released(ship.id), ship.id)
    return state, (event("surrender", ship=ship.id, to=nearest.owner, nearest=nearest.id,
                         distance=round(gap, 3)),)


def _rolls(state: GameState, ship: Ship, dice: Dice) -> Played:
    """An afloat ship's morale rolls, one per officer lost this turn, to the first failure."""
    events: list[Event] = []
    for nth in range(1, ship.officers_lost_this_turn + 1):
        mods = modifiers(state, ship, nth)
        roll = dice.roll(f"morale {ship.id} {nth}", 100)
        total = roll + sum(value for _, value in mods)
        held = total <= ship.hull
        events.append(event("morale", ship=ship.id, officer=nth, roll=roll, **dict(mods),
                            total=total, hull=ship.hull, held=held))
        if not held:
            state, more = _flee(state, ship, "morale")
            return state, (*events, *more)
    return state, tuple(events)


def morale_phase(state: GameState, dice: Dice) -> Played:
    """§14.1 for every ship in scenario order; then every `officers_lost_this_turn` is 0."""
    events: list[Event] = []
    for listed in state.ships:
        ship = state.require(listed.id)
        if not ship.active:
            continue
        if ship.officers == 0:
            enemies, _ = _near(state, ship)
            if enemies:
                least = min(gap for gap, _ in enemies)
                gap, nearest = next(found for found in enemies
                                    if found[0] <= least + state.epsilon)
                state, more = _surrender(state, ship, gap, nearest)
            elif ship.status == AFLOAT:
                state, more = _flee(state, ship, "no officers")
            else:
                more = ()
        elif ship.status == AFLOAT:
            state, more = _rolls(state, ship, dice)
        else:
            more = ()
        events += more
    state = state.with_ships(replace(ship, officers_lost_this_turn=0)
                             if ship.officers_lost_this_turn else ship for ship in state.ships)
    return state, tuple(events)
