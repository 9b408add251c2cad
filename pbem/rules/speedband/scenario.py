"""The default scenario "Off Mylae" (rulings §18, house rule `scenario = default`) and free set-up
(`setup = free`): each side places every ship with all corners within 8" of its own edge, not
overlapping; the Carthaginians first, then the Romans. A ship not placed legally by the deadline
takes its table position, and so does a placed ship overlapping such a ship, until none overlap.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pbem.rules.speedband.rows import (
    RowError,
    assign_players,
    fronts_from_rows,
    links_from_rows,
    players_from_rows,
    ship_from_row,
)
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

DEFAULT = "default"
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
    position (where `state`, the opening of the set-up, has it), and a placed ship overlapping a
    ship at its table position goes back to its own, repeated until none overlap (§18: the
    table's positions never overlap one another)."""
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
            current = _at_table_position(current, state, ship.id)
    changed = True
    while changed:
        changed = False
        for ship_id in list(placed):
            ship = current.require(ship_id)
            fixed = [other for other in current.ships
                     if other.id != ship_id and other.id not in placed]
            if any(overlaps(ship.polygon, other.polygon, current.epsilon) for other in fixed):
                del placed[ship_id]
                current = _at_table_position(current, state, ship_id)
                changed = True
    return current


def _at_table_position(state: GameState, opening: GameState, ship_id: str) -> GameState:
    """The ship back where the scenario put it (§18's table for the default battle)."""
    where = opening.require(ship_id)
    return state.with_ship(replace(state.require(ship_id), x=where.x, y=where.y,
                                   heading=where.heading))


def next_setup_phase(state: GameState) -> Phase:
    """After a side's set-up: the next side's, then turn 1's orders."""
    order = SETUP_ORDER
    if state.phase.side in order and order.index(state.phase.side) + 1 < len(order):
        return Phase(SETUP, 0, order[order.index(state.phase.side) + 1])
    return Phase(ORDERS, 1)


# --- the scenarios a game can start from


def scenario_names() -> tuple[str, ...]:
    return (DEFAULT,)


def scenario_sides(name: str) -> tuple[str, ...]:
    if name != DEFAULT:
        raise ValueError(f"there is no scenario {name!r}; the built-in one is {DEFAULT!r} (or "
                         "give a scenario file)")
    return (ROMANS, CARTHAGINIANS)


def scenario_title(name: str) -> str:
    scenario_sides(name)
    return "Off Mylae: three Roman ships against three Carthaginian (the default battle, §18)"


def load_scenario(name: str, options: Options, text: str | None = None) -> GameState:
    """The opening state: a game master's scenario file (TOML) or the built-in one by name.
    ValueError with a sentence for an unknown name or a file that cannot be played."""
    if text is not None:
        return scenario_from_text(text, options)
    scenario_sides(name)
    return default_state(options)


SCENARIO_KEYS = ("title", "ship", "player", "front")


def scenario_from_text(text: str, options: Options) -> GameState:
    """A game master's scenario: `title`, `[[ship]]` rows (the keys of a case's ship rows,
    `grappled_with` and `corvus_holds` included), optional `[[player]]` rows in initiative order
    and `[[front]]` rows. Free set-up needs the sides of §18 (their home edges); ship ids may not
    be a word of the notation."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as wrong:
        raise ValueError(f"the scenario file is not valid TOML: {wrong}") from None
    unknown = [key for key in data if key not in SCENARIO_KEYS]
    if unknown:
        raise ValueError(f"the scenario file has {unknown[0]!r}, which is no scenario key; the "
                         f"keys are {', '.join(SCENARIO_KEYS)}")
    rows = data.get("ship", [])
    if not isinstance(rows, list) or not rows or not all(isinstance(row, dict) for row in rows):
        raise ValueError("a scenario file lists its ships as [[ship]] tables (at least one)")
    try:
        ships = tuple(ship_from_row(row, options.soldier_tenths) for row in rows)
        players = players_from_rows(_tables(data, "player"), ships)
        ships = assign_players(ships, players)
        links = links_from_rows(rows, ships)
        fronts = fronts_from_rows(_tables(data, "front"), ships)
    except RowError as wrong:
        raise ValueError(f"the scenario file cannot be played: {wrong}") from None
    reserved = [ship.id for ship in ships if ship.id.upper() in RESERVED_IDS]
    if reserved:
        raise ValueError(f"ship id {reserved[0]} is a word of the notation; give it another id")
    sides = tuple(dict.fromkeys(ship.side for ship in ships))
    if len(sides) < 2:
        raise ValueError("a scenario needs ships of at least two sides")
    if options.setup == "free" and any(side not in HOME_EDGE for side in sides):
        raise ValueError("free set-up needs the sides romans and carthaginians (their home "
                         "edges, §18); use setup = fixed with this scenario")
    title = data.get("title", "A game master's scenario")
    if not isinstance(title, str):
        raise ValueError("the scenario's title is text")
    try:
        state = GameState(ships, players, options, links=links, fronts=fronts,
                          scenario="file", title=title)
    except ValueError as wrong:
        raise ValueError(f"the scenario file cannot be played: {wrong}") from None
    phase = Phase(SETUP, 0, SETUP_ORDER[0]) if options.setup == "free" else Phase(ORDERS, 1)
    return replace(state, phase=phase)


def _tables(data: Mapping[str, object], key: str) -> Sequence[Mapping[str, object]]:
    rows = data.get(key, [])
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise ValueError(f"a scenario file lists [[{key}]] tables")
    return rows


# Words of §21 that a ship id may not be (plan, open question 10).
RESERVED_IDS = frozenset({
    "ANY", "OFF", "TO", "SPEED", "BACK", "RAM", "PORT", "STARBOARD", "STBD", "REACT", "IGNORE",
    "SHEAR", "AVOID", "GRAPPLE", "CORVUS", "CUT", "ENEMY", "ALL", "NONE", "ARCHERS", "ARCHER",
    "BALLISTA", "BALLISTAE", "SOLDIERS", "SOLDIER", "OFFICERS", "OFFICER", "ROWERS", "ROWER",
    "MELEE", "LOSSES", "RAISE", "BREAK", "TRANSFER"})
