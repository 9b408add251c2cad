"""The default scenario "Off Mylae" (rulings §18, house rule `scenario = default`) and free set-up
(`setup = free`): each side places every ship with all corners within 8" of its own edge, not
overlapping; the Carthaginians first, then the Romans. A ship not placed legally by the deadline
takes its table position, and so does a placed ship overlapping such a ship, until none overlap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from pbem.rules.speedband.state import (
    ORDERS,
    SETUP,
    GameState,
    Phase,
    Player,
    Ship,
    new_ship,
)
from pbem.rules.speedband.switches import Options
from pbem.rules.table import on_table, overlaps

ROMANS, CARTHAGINIANS = "romans", "carthaginians"
SETUP_DEPTH = 8.0  # §18: every corner within 8" of the side's own edge
SETUP_ORDER = (CARTHAGINIANS, ROMANS)  # §18: the Carthaginians place first
HOME_EDGE: Mapping[str, str] = {ROMANS: "south", CARTHAGINIANS: "north"}


@dataclass(frozen=True)
class ShipRow:
    """One row of §18's table."""

    side: str
    id: str
    name: str
    type: str
    x: float
    y: float
    heading: int
    corvus: bool
    tower: bool
    soldier_value: int  # tenths


# §18, in scenario order (R1 R2 R3 C1 C2 C3).
DEFAULT_ROWS: tuple[ShipRow, ...] = (
    ShipRow(ROMANS, "R1", "Ultor", "quinquereme", 28, 8, 0, True, True, 7),
    ShipRow(ROMANS, "R2", "Victoria", "quinquereme", 40, 8, 0, True, True, 7),
    ShipRow(ROMANS, "R3", "Aquila", "trireme", 52, 8, 0, False, False, 7),
    ShipRow(CARTHAGINIANS, "C1", "Melqart", "heptares", 40, 40, 180, False, True, 6),
    ShipRow(CARTHAGINIANS, "C2", "Tanit", "trireme", 28, 40, 180, False, False, 6),
    ShipRow(CARTHAGINIANS, "C3", "Eshmun", "trireme", 52, 40, 180, False, False, 6),
)


def default_ships() -> tuple[Ship, ...]:
    """§18's ships: crews, rowers and ballistae by type, hull 100, last band Cruise."""
    return tuple(new_ship(row.id, row.name, row.type, row.side, row.x, row.y, row.heading,
                          corvus=row.corvus, tower=row.tower, soldier_value=row.soldier_value)
                 for row in DEFAULT_ROWS)


def default_state(options: Options) -> GameState:
    """The opening position of the default scenario: with `setup = free` the Carthaginians'
    set-up is open, else turn 1's orders. One player a side, named after it (§5)."""
    players = (Player(ROMANS, ROMANS), Player(CARTHAGINIANS, CARTHAGINIANS))
    phase = Phase(SETUP, 0, SETUP_ORDER[0]) if options.setup == "free" else Phase(ORDERS, 1)
    return GameState(default_ships(), players, options, phase=phase, title="Off Mylae")


def table_position(ship_id: str) -> tuple[float, float, int]:
    """A default ship's position in §18's table (the fallback of free set-up)."""
    for row in DEFAULT_ROWS:
        if row.id.upper() == ship_id.upper():
            return row.x, row.y, row.heading
    raise ValueError(f"there is no ship {ship_id} in the default scenario")


def placement_problem(state: GameState, ship: Ship, x: float, y: float, heading: int,
                      unplaced: frozenset[str] = frozenset()) -> str | None:
    """Why a free set-up placement is refused (a sentence), or None when it is legal: on the
    table, every corner within 8" of the side's own edge, overlapping no ship but those in
    `unplaced` (the side's ships not yet placed, which are not there yet)."""
    placed = replace(ship, x=x, y=y, heading=heading)
    polygon = placed.polygon
    epsilon = state.epsilon
    if not on_table(polygon, state.table, epsilon):
        return f"{ship.id} at ({x:g}, {y:g}) heading {heading} would lie off the table"
    edge = HOME_EDGE.get(ship.side)
    if edge is None:
        return f"{ship.id}'s side {ship.side} has no set-up edge in this scenario"
    height = state.table.height
    inside = all((corner.y <= SETUP_DEPTH + epsilon) if edge == "south"
                 else (corner.y >= height - SETUP_DEPTH - epsilon) for corner in polygon.corners)
    if not inside:
        return (f"{ship.id} must lie with every corner within 8\" of the {edge} edge "
                f"(y {'0 to 8' if edge == 'south' else f'{height - SETUP_DEPTH:g} to {height:g}'})")
    for other in state.ships:
        if other.id != ship.id and other.id not in unplaced and overlaps(polygon, other.polygon, epsilon):
            return f"{ship.id} would overlap {other.id}"
    return None


def settle_setup(state: GameState, side: str,
                 placements: Mapping[str, tuple[float, float, int]]) -> GameState:
    """A side's set-up carried out: each legal placement (checked in the order given against
    the ships as they then stand) is made; every other ship of the side keeps its table
    position, and a placed ship overlapping a ship at its table position goes back to its own,
    repeated until none overlap (§18: the table's positions never overlap one another)."""
    placed: dict[str, tuple[float, float, int]] = {}
    current = state
    own = {ship.id for ship in state.ships if ship.side == side}
    for ship_id, (x, y, heading) in placements.items():
        ship = current.require(ship_id)
        if ship.side != side or ship.id in placed:
            continue
        unplaced = frozenset(own - set(placed) - {ship.id})
        if placement_problem(current, ship, x, y, heading, unplaced) is None:
            placed[ship.id] = (x, y, heading)
            current = current.with_ship(replace(ship, x=x, y=y, heading=heading))
    for ship in state.ships:
        if ship.side == side and ship.id not in placed:
            current = _at_table_position(current, ship.id)
    changed = True
    while changed:
        changed = False
        for ship_id in list(placed):
            ship = current.require(ship_id)
            fixed = [other for other in current.ships
                     if other.id != ship_id and other.id not in placed]
            if any(overlaps(ship.polygon, other.polygon, current.epsilon) for other in fixed):
                del placed[ship_id]
                current = _at_table_position(current, ship_id)
                changed = True
    return current


def _at_table_position(state: GameState, ship_id: str) -> GameState:
    x, y, heading = table_position(ship_id)
    return state.with_ship(replace(state.require(ship_id), x=x, y=y, heading=heading))


def next_setup_phase(state: GameState) -> Phase:
    """After a side's set-up: the next side's, then turn 1's orders."""
    order = SETUP_ORDER
    if state.phase.side in order and order.index(state.phase.side) + 1 < len(order):
        return Phase(SETUP, 0, order[order.index(state.phase.side) + 1])
    return Phase(ORDERS, 1)
