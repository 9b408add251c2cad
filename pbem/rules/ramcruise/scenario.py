"""Scenarios (rulings §20): the default battle, Carthage and Rome as at Mylae; a game master's
own in TOML; ships read from rows of the case format (cases-open-table.md, ram-cruise item 4),
which both share; the free set-up zones and the judge's placement of ships nobody placed.

A scenario of one's own is TOML text of this shape (every key but the sides and ships optional;
a switch the game master sets explicitly wins over the scenario's value):

    title = "A skirmish"
    turns = 8                          # turn_limit
    budget = 20
    wind = 90                          # the downwind heading
    fire_darts = "off"                 # off, on, or a side's id
    build = false                      # true: no ships; both sides build to the budget (§4)
    [table]
    width = 72
    height = 48
    [[side]]                           # side A (moves first, §5.1), then side B
    id = "carthage"
    home = "south"
    [[ship]]                           # as in a rules case; listed in scenario order
    id = "C1"
    side = "carthage"
    class = "quinquereme"
    x = 36.0
    y = 6.0
    heading = 0
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pbem.rules.ramcruise.classes import BIREME, CORVUS, ELITE, GREEN, QUINQUEREME, REGULAR, TRIREME
from pbem.rules.ramcruise.fleet import BuildLine, Design, build_fleet, purchase_points
from pbem.rules.ramcruise.rows import (
    grapples_from_rows,
    number,
    ship_from_row,
    ships_problem,
    sides_from_rows,
    whole,
)
from pbem.rules.ramcruise.state import (
    AWAY_HEADING,
    BUILD,
    EAST,
    FLED,
    MOVE,
    NORTH,
    SETUP,
    SOUTH,
    SUNK,
    WEST,
    WIND,
    GameState,
    Grapple,
    Phase,
    Ship,
    Side,
)
from pbem.rules.ramcruise.switches import Options
from pbem.rules.table import RAM_CRUISE, Pose, Table, Vec, footprint_distance, on_table, overlaps, place

DEFAULT = "default"
SETUP_DEPTH = 8.0  # free set-up: every corner within 8" of the home edge (§20)
FRIENDLY_GAP = 0.25  # no two footprints of a side closer than ¼" (§20, §6.5)
STERN_GAP = 0.5  # the judge's placement: stern ½" from the home edge (§20)
PLACEMENT_STEP = 4.0  # ... centres at 4", 8", 12", … along the edge (§20)
EPSILON = RAM_CRUISE.epsilon


@dataclass(frozen=True)
class Scenario:
    """Forces and deployment: sides (A first) with home edges, the ships (none when both sides
    build, `build`), and the scenario's own table, turn limit, budget, wind and fire darts."""

    name: str
    title: str
    sides: tuple[Side, Side]
    ships: tuple[Ship, ...]
    build: bool = False
    table: Table | None = None
    turn_limit: int = 12
    budget: int = 20
    wind: int = 90
    fire_darts: str = "off"
    grapples: tuple[Grapple, ...] = ()


# §20's table: id, name, x of the centre, and the build line (class; crewmen, their class and
# how many row; bowmen; marines; equipment). Side A's ships stand at y 6 heading 0, B's at 42, 180.
_DEFAULT_FLEETS: tuple[tuple[str, str, tuple[tuple[str, str, int, Design], ...]], ...] = (
    ("carthage", SOUTH, (
        ("C1", "Melqart", 36, Design(QUINQUEREME, 6, REGULAR, 5, 2, REGULAR, 4, REGULAR,
                                     tower=True, ballistas=1, admiral=True)),
        ("C2", "Tanit", 26, Design(TRIREME, 3, ELITE, 3, 2, REGULAR, 2, REGULAR)),
        ("C3", "Baal Hammon", 46, Design(TRIREME, 4, REGULAR, 3, 1, REGULAR, 2, REGULAR)),
        ("C4", "Elissa", 16, Design(BIREME, 2, ELITE, 2, 2, REGULAR, 1, REGULAR)),
        ("C5", "Hanno", 56, Design(BIREME, 2, REGULAR, 2, 1, ELITE, 2, REGULAR)),
    )),
    ("rome", NORTH, (
        ("R1", "Duilius", 36, Design(QUINQUEREME, 5, GREEN, 5, 2, REGULAR, 5, ELITE,
                                     gear=CORVUS, admiral=True)),
        ("R2", "Victoria", 46, Design(QUINQUEREME, 5, GREEN, 5, 1, REGULAR, 6, REGULAR, gear=CORVUS)),
        ("R3", "Concordia", 26, Design(TRIREME, 4, REGULAR, 3, 1, REGULAR, 2, REGULAR, ballistas=1)),
        ("R4", "Fortuna", 56, Design(TRIREME, 3, GREEN, 3, 1, GREEN, 3, REGULAR, gear=CORVUS)),
        ("R5", "Aquila", 16, Design(BIREME, 2, REGULAR, 2, 2, ELITE, 1, REGULAR)),
    )),
)
_DEFAULT_Y = {SOUTH: 6.0, NORTH: 42.0}
DEFAULT_BUDGET = 20


def _default_scenario(options: Options) -> Scenario:
    ships: list[Ship] = []
    sides: list[Side] = []
    for side_id, home, rows in _DEFAULT_FLEETS:
        lines = [BuildLine(number, ship_id, design)
                 for number, (ship_id, _, _, design) in enumerate(rows, 1)]
        fleet = build_fleet(side_id, lines, replace(options, special_ship="sixteen"),
                            budget=DEFAULT_BUDGET)
        if fleet.refused:  # pragma: no cover - the table above is §20's and fits its budget
            raise ValueError(f"the default scenario does not build: {fleet.refused}")
        for ship, (_, name, x, _) in zip(fleet.ships, rows, strict=True):
            ships.append(replace(ship, name=name, x=float(x), y=_DEFAULT_Y[home],
                                 heading=AWAY_HEADING[home], placed=True))
        sides.append(Side(side_id, home))
    return Scenario(DEFAULT, scenario_title(DEFAULT), (sides[0], sides[1]), tuple(ships))


def scenario_names() -> tuple[str, ...]:
    return (DEFAULT,)


def scenario_sides(name: str) -> tuple[str, str]:
    if name != DEFAULT:
        raise ValueError(f"there is no scenario {name!r}; the built-in one is {DEFAULT!r} (or "
                         "give a scenario file)")
    return ("carthage", "rome")


def scenario_title(name: str) -> str:
    scenario_sides(name)
    return "Carthage and Rome, five ships a side, as at Mylae (the default battle)"


def load_scenario(name: str, options: Options, text: str | None = None) -> Scenario:
    """The scenario a game starts from: a game master's own text, or the built-in one by name."""
    if text is not None:
        return scenario_from_text(text, options)
    scenario_sides(name)
    return _default_scenario(options)


def scenario_from_text(text: str, options: Options) -> Scenario:
    """A game master's scenario (TOML, see the module's note); ValueError with a sentence."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"the scenario is not valid TOML: {exc}") from None
    build = data.get("build", False)
    if not isinstance(build, bool):
        raise ValueError("'build' is true or false")
    rows = data.get("ship", [])
    if not isinstance(rows, list) or (not rows and not build):
        raise ValueError("the scenario lists no ships: give [[ship]] tables, or build = true")
    if rows and build:
        raise ValueError("a scenario either lists its ships or has both sides build (build = true), "
                         "not both")
    ships = [ship_from_row(row, n, options) for n, row in enumerate(rows, 1)]
    sides = sides_from_rows(data.get("side"), ships)
    side_ids = (sides[0].id, sides[1].id)
    for side in side_ids:  # §4: with no admiral named, a side's first ship is the flagship
        own = [index for index, ship in enumerate(ships) if ship.side == side]
        if own and not any(ships[index].flagship for index in own):
            ships[own[0]] = replace(ships[own[0]], flagship=True)
    table_data = data.get("table", {})
    table = Table(number(table_data, "width", "[table]", options.table_width),
                  number(table_data, "height", "[table]", options.table_height)) \
        if table_data else None
    problem = ships_problem(ships, side_ids, table or Table(options.table_width, options.table_height))
    if problem:
        raise ValueError(f"the scenario cannot be played: {problem}")
    wind = data.get("wind", 90)
    if isinstance(wind, bool) or not isinstance(wind, int) or not 0 <= wind < 360:
        raise ValueError(f"'wind' is the downwind heading in whole degrees 0-359, not {wind!r}")
    fire_darts = data.get("fire_darts", "off")
    if not isinstance(fire_darts, str) or (fire_darts not in ("off", "on") and fire_darts not in side_ids):
        raise ValueError(f"'fire_darts' is off, on or one of {', '.join(side_ids)}, not {fire_darts!r}")
    return Scenario(
        str(data.get("name", "custom")), str(data.get("title", "A scenario of one's own")), sides,
        tuple(ships), build, table,
        turn_limit=whole(data, "turns", "the scenario", 12), budget=whole(data, "budget",
                                                                           "the scenario", 20),
        wind=wind, fire_darts=fire_darts, grapples=grapples_from_rows(rows, ships))


# --- deployment (§20)

def in_setup_zone(ship: Ship, home: str, table: Table) -> bool:
    """Every corner within 8" of the home edge, and on the table (§20)."""
    polygon = ship.polygon()
    if not on_table(polygon, table, EPSILON):
        return False
    return all(_from_edge(corner, home, table) <= SETUP_DEPTH + EPSILON for corner in polygon.corners)


def _from_edge(point: Vec, home: str, table: Table) -> float:
    if home == SOUTH:
        return point.y
    if home == NORTH:
        return table.height - point.y
    if home == WEST:
        return point.x
    return table.width - point.x


def placement_problem(ships: Sequence[Ship], placing: Ship, home: str, table: Table) -> str:
    """Why `placing` (at its pose) may not be set up there ("" if it may): the zone, overlap
    with any ship placed, and ¼" from the side's own placed ships (§20)."""
    if not in_setup_zone(placing, home, table):
        return (f"every corner of {placing.id} must lie on the table within {SETUP_DEPTH:g}\" of "
                f"the {home} edge")
    polygon = placing.polygon()
    for other in ships:
        if other.id == placing.id or not other.on_table:
            continue
        if overlaps(polygon, other.polygon(), EPSILON):
            return f"{placing.id} there would overlap {other.id}"
        if other.side == placing.side and \
                footprint_distance(polygon, other.polygon(), EPSILON) < FRIENDLY_GAP - EPSILON:
            return f"{placing.id} there would be closer than ¼\" to {other.id}"
    return ""


def judge_place(ships: Sequence[Ship], placing: Ship, home: str, table: Table) -> Pose | None:
    """Where the judge puts a ship nobody placed (§20): stern ½" from the home edge, heading
    straight away from it, centre at the first of 4", 8", 12", … along the edge (from the west
    corner on the south and north edges, the south corner on the west and east) that keeps ¼"
    from every ship already placed. None when no such place is left on the edge."""
    heading = AWAY_HEADING[home]
    inward = STERN_GAP + placing.length / 2
    along_edge = table.width if home in (SOUTH, NORTH) else table.height
    others = [other.polygon() for other in ships if other.id != placing.id and other.on_table]
    step = 1
    while step * PLACEMENT_STEP <= along_edge:
        along = step * PLACEMENT_STEP
        centre = {SOUTH: Vec(along, inward), NORTH: Vec(along, table.height - inward),
                  WEST: Vec(inward, along), EAST: Vec(table.width - inward, along)}[home]
        polygon = place(placing.footprint, Pose(centre, float(heading)))
        if on_table(polygon, table, EPSILON) and all(
                footprint_distance(polygon, other, EPSILON) >= FRIENDLY_GAP - EPSILON
                for other in others):
            return Pose(centre, float(heading))
        step += 1
    return None


def place_unplaced(ships: Sequence[Ship], side: Side,
                   table: Table) -> tuple[tuple[Ship, ...], tuple[str, ...]]:
    """The side's unplaced ships placed by the judge, in scenario order (§20); with the ids of
    any for which no place was left."""
    placed = list(ships)
    left: list[str] = []
    for index, ship in enumerate(placed):
        if ship.side != side.id or ship.placed or ship.status in (SUNK, FLED):
            continue
        pose = judge_place(placed, ship, side.home, table)
        if pose is None:
            left.append(ship.id)
            continue
        placed[index] = replace(ship, x=pose.centre.x, y=pose.centre.y, heading=int(pose.heading),
                                placed=True)
    return tuple(placed), tuple(left)


def initial_state(scenario: Scenario, options: Options) -> GameState:
    """The game before its first phase: the scenario's values where the game master set none,
    ships unplaced for a free set-up, each side's start points and fleet reserve, and the
    opening phase (the wind roll, the build round, B's set-up, or turn 1's first round)."""
    given = options.given
    if scenario.table is not None and "table" not in given:
        options = replace(options, table_width=scenario.table.width, table_height=scenario.table.height)
    if "turn_limit" not in given:
        options = replace(options, turn_limit=scenario.turn_limit)
    if "budget" not in given:
        options = replace(options, budget=scenario.budget)
    if "fire_darts" not in given:
        options = replace(options, fire_darts=scenario.fire_darts)
    side_ids = (scenario.sides[0].id, scenario.sides[1].id)
    options = options.for_sides(side_ids)
    ships = scenario.ships
    if options.setup == "free":
        ships = tuple(replace(ship, placed=False) for ship in ships)
    problem = ships_problem(ships, side_ids, Table(options.table_width, options.table_height))
    if problem:
        raise ValueError(f"the scenario cannot be played on this table: {problem}")
    sides = tuple(replace(side, start_points=purchase_points(
        (ship for ship in ships if ship.side == side.id), options),
        fatigue=options.fatigue_reserve) for side in scenario.sides)
    first, second = sides
    if options.wind_roll:
        phase = Phase(WIND)
    elif scenario.build:
        phase = Phase(BUILD)
    elif options.setup == "free":
        phase = Phase(SETUP, side=second.id)
    else:
        phase = Phase(MOVE, 1, 1, first.id)
    heading = options.wind_heading
    return GameState(ships=ships, sides=(first, second), options=options, phase=phase,
                     grapples=scenario.grapples,
                     wind=scenario.wind if heading is None else heading,
                     scenario=scenario.name, title=scenario.title)


