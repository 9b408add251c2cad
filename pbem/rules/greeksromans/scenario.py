"""Scenarios: the default battle of rulings §14, a game master's own in TOML, and ships read
from rows of the case format (cases-open-table.md item 3), which both share.

A scenario of one's own is TOML text of this shape (every key but the ships optional):

    title = "Salamis in small"
    sides = ["greeks", "romans"]      # the first listed rolls first and sets up in the south
    [table]
    width = 72
    height = 48
    [[ship]]                            # as in a rules case; listed in scenario order
    id = "G1"
    side = "greeks"
    nationality = "greek"
    x = 30.0
    y = 6.0
    heading = 0
    admiral = 1
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pbem.rules.greeksromans.state import AFLOAT, SINKING, STATUSES, GameState, Ship, crew_for
from pbem.rules.greeksromans.switches import Options
from pbem.rules.table import GREEKS_ROMANS, Table, on_table, overlaps

DEFAULT = "default"


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    sides: tuple[str, str]
    ships: tuple[Ship, ...]
    table: Table | None = None  # None: the `table` option's (default 72 × 48)


def _default_ships(options: Options) -> tuple[Ship, ...]:
    rows: list[dict[str, Any]] = []
    greeks = (("G1", 30, True, False), ("G2", 18, False, True), ("G3", 42, False, True),
              ("G4", 54, False, False))
    romans = (("R1", 42, True, False), ("R2", 54, False, True), ("R3", 30, False, True),
              ("R4", 18, False, False))
    for side, nationality, heading, y, group in (("greeks", "greek", 0, 6.0, greeks),
                                                 ("romans", "roman", 180, 42.0, romans)):
        for ship_id, x, flagship, catapult in group:
            rows.append({"id": ship_id, "side": side, "nationality": nationality, "x": float(x),
                         "y": y, "heading": heading, "admiral": int(flagship),
                         "catapult": catapult})
    return tuple(ship_from_row(row, n, options) for n, row in enumerate(rows, 1))


def scenario_names() -> tuple[str, ...]:
    return (DEFAULT,)


def scenario_sides(name: str) -> tuple[str, str]:
    if name != DEFAULT:
        raise ValueError(f"there is no scenario {name!r}; the built-in one is {DEFAULT!r}")
    return ("greeks", "romans")


def scenario_title(name: str) -> str:
    scenario_sides(name)
    return "Greeks vs Romans: four ships a side (the default battle)"


def load_scenario(name: str, options: Options, text: str | None = None) -> Scenario:
    """The scenario a game starts from: a game master's own text, or a built-in one by name."""
    if text is not None:
        return scenario_from_text(text, options)
    sides = scenario_sides(name)
    return Scenario(DEFAULT, scenario_title(name), sides, _default_ships(options))


def _number(row: Mapping[str, Any], key: str, where: str, default: Any = None) -> float:
    value = row.get(key, default)
    if value is None:
        raise ValueError(f"{where}: '{key}' is missing")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{where}: '{key}' must be a number, not {value!r}")
    return float(value)


def _whole(row: Mapping[str, Any], key: str, where: str, default: int, top: int | None = None) -> int:
    value = row.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 \
            or (top is not None and value > top):
        limit = f" from 0 to {top}" if top is not None else " of 0 or more"
        raise ValueError(f"{where}: '{key}' must be a whole number{limit}, not {value!r}")
    return value


def ship_from_row(row: Mapping[str, Any], number: int, options: Options) -> Ship:
    """One ship from a `[[ship]]` row (cases-open-table.md item 3): crews default by
    nationality, a catapult brings its crew, the footprint comes from the options."""
    where = f"[[ship]] {number}"
    for key in ("id", "side", "x", "y", "heading"):
        if key not in row:
            raise ValueError(f"{where}: '{key}' is missing")
    ship_id, side = str(row["id"]), str(row["side"])
    nationality = str(row.get("nationality", "greek" if side.lower().startswith("g") else "roman"))
    sailors, marines, captain = crew_for(nationality)
    heading = row["heading"]
    if isinstance(heading, bool) or not isinstance(heading, int) or not 0 <= heading < 360:
        raise ValueError(f"{where}: 'heading' must be whole degrees from 0 to 359, not {heading!r}")
    catapult = row.get("catapult", False)
    if not isinstance(catapult, bool):
        raise ValueError(f"{where}: 'catapult' is true or false, not {catapult!r}")
    captain = _whole(row, "captain", where, captain, 1)
    status = str(row.get("status", AFLOAT if captain else SINKING))
    if status not in STATUSES:
        raise ValueError(f"{where}: status {status!r} is not one of {', '.join(STATUSES)}")
    if status in (AFLOAT, SINKING) and (status == AFLOAT) != (captain == 1):
        raise ValueError(f"{where}: status {status} does not agree with captain = {captain} "
                         "(a ship with no captain is sinking)")
    admiral = _whole(row, "admiral", where, 0, 1)
    controller = str(row.get("controller", "")) or side
    return Ship(
        id=ship_id, side=side, nationality=nationality,
        x=_number(row, "x", where), y=_number(row, "y", where), heading=heading,
        sailors=_whole(row, "sailors", where, sailors), marines=_whole(row, "marines", where, marines),
        captain=captain, catapult=catapult,
        catapult_crew=_whole(row, "catapult_crew", where, 1 if catapult else 0, 1),
        admiral=admiral, controller=controller, status=status,
        length=_number(row, "length", where, options.length),
        beam=_number(row, "beam", where, options.beam),
        flagship=bool(row.get("flagship", admiral == 1)),
    )


def ships_problem(ships: Sequence[Ship], sides: Sequence[str], table: Table) -> str:
    """Why these ships cannot start a game ("" if they can): unknown sides, ids repeated or
    malformed, ships off the table or overlapping."""
    seen: set[str] = set()
    epsilon = GREEKS_ROMANS.epsilon
    for ship in ships:
        if not ship.id or len(ship.id) > 12 or not all(c.isalnum() or c == "-" for c in ship.id):
            return f"ship id {ship.id!r} must be 1 to 12 letters, digits or hyphens"
        if ship.id.upper() in seen:
            return f"ship id {ship.id} is used twice"
        seen.add(ship.id.upper())
        if ship.side not in sides or ship.controller not in sides:
            return f"ship {ship.id} belongs to a side not in the game ({', '.join(sides)})"
        if ship.length <= 0 or ship.beam <= 0:
            return f"ship {ship.id} needs a positive length and beam"
    placed = [(ship, ship.polygon()) for ship in ships if ship.on_table]
    for index, (ship, polygon) in enumerate(placed):
        if not on_table(polygon, table, epsilon):
            return f"ship {ship.id} at ({ship.x}, {ship.y}) is not wholly on the table"
        for other, other_polygon in placed[index + 1:]:
            if overlaps(polygon, other_polygon, epsilon):
                return f"ships {ship.id} and {other.id} overlap"
    return ""


def scenario_from_text(text: str, options: Options) -> Scenario:
    """A game master's scenario (TOML, see the module's note); ValueError with a sentence."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"the scenario is not valid TOML: {exc}") from None
    rows = data.get("ship", [])
    if not isinstance(rows, list) or not rows:
        raise ValueError("the scenario lists no ships: give [[ship]] tables")
    ships = tuple(ship_from_row(row, n, options) for n, row in enumerate(rows, 1))
    sides_given = data.get("sides") or list(dict.fromkeys(ship.side for ship in ships))
    if len(sides_given) != 2:
        raise ValueError(f"a scenario has two sides, not {len(sides_given)} ({sides_given})")
    sides = (str(sides_given[0]), str(sides_given[1]))
    table_data = data.get("table", {})
    table = Table(float(table_data.get("width", options.table_width)),
                  float(table_data.get("height", options.table_height))) if table_data else None
    problem = ships_problem(ships, sides, table or Table(options.table_width, options.table_height))
    if problem:
        raise ValueError(f"the scenario cannot be played: {problem}")
    return Scenario(str(data.get("name", "custom")), str(data.get("title", "A scenario of one's own")),
                    sides, ships, table)


def initial_state(scenario: Scenario, options: Options) -> GameState:
    """Turn 1 before its initiative roll (§4)."""
    if scenario.table is not None:
        options = replace(options, table_width=scenario.table.width, table_height=scenario.table.height)
    problem = ships_problem(scenario.ships, scenario.sides, Table(options.table_width, options.table_height))
    if problem:
        raise ValueError(f"the scenario cannot be played on this table: {problem}")
    return GameState(ships=scenario.ships, sides=scenario.sides, options=options,
                     scenario=scenario.name, title=scenario.title)
