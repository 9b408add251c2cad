"""Ships and sides read from rows of the case format (cases-open-table.md, ram-cruise items 2
and 4), which scenario files share: each key checked, with a sentence naming the row and the key
for anything wrong; and the checks a set of ships must pass to start a game.

Crews and equipment default as the format says: crewmen = the oarbanks, all rowing up to the
oarbanks, no bowmen or marines, every class regular, fatigue the full reserve.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from pbem.rules.ramcruise.classes import (
    CORVUS,
    CREW_CLASSES,
    HARPAX,
    LOSS_CATEGORIES,
    REGULAR,
    Crew,
    crew_problem,
    default_oars,
    equipment_problem,
    ship_class,
)
from pbem.rules.ramcruise.state import (
    AFLOAT,
    EDGES,
    FLED,
    MODES,
    NORTH,
    ONSHEARS,
    SINKING,
    SOUTH,
    STANCES,
    STATUSES,
    STRATEGIC,
    SUNK,
    Grapple,
    Ship,
    Side,
    StandingOrders,
)
from pbem.rules.ramcruise.switches import Options
from pbem.rules.table import RAM_CRUISE, Table, on_table, overlaps

EPSILON = RAM_CRUISE.epsilon

SHIP_KEYS = frozenset({
    "id", "side", "class", "x", "y", "heading", "name", "crewmen", "oars", "bowmen", "marines",
    "crewmen_class", "bowmen_class", "marines_class", "tower", "ballistas", "ballistas_fired",
    "corvus", "harpax", "admiral", "mode", "speed", "fatigue", "sheared", "status", "routed",
    "countdown", "countdown_skip", "embedded_in", "grappled_with", "last_melee", "seen_routed",
    "stance", "onbreak", "onshear", "losses"})


def whole(row: Mapping[str, Any], key: str, where: str, default: int, top: int | None = None) -> int:
    value = row.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 \
            or (top is not None and value > top):
        limit = f" from 0 to {top}" if top is not None else " of 0 or more"
        raise ValueError(f"{where}: '{key}' must be a whole number{limit}, not {value!r}")
    return value


def number(row: Mapping[str, Any], key: str, where: str, default: float | None = None) -> float:
    value = row.get(key, default)
    if value is None:
        raise ValueError(f"{where}: '{key}' is missing")
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{where}: '{key}' must be a number, not {value!r}")
    return float(value)


def flag(row: Mapping[str, Any], key: str, where: str) -> bool:
    value = row.get(key, False)
    if value in (0, 1) and not isinstance(value, float):  # flags take true/false or 0/1
        return bool(value)
    raise ValueError(f"{where}: '{key}' is true or false (or 1 or 0), not {value!r}")


def word(row: Mapping[str, Any], key: str, where: str, choices: Sequence[str], default: str) -> str:
    value = row.get(key, default)
    found = value.strip().lower() if isinstance(value, str) else ""
    if found not in choices:
        raise ValueError(f"{where}: '{key}' is {', '.join(choices)}, not {value!r}")
    return found


def ids(row: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = row.get(key, [])
    if isinstance(value, str):
        value = [value] if value else []
    if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
        raise ValueError(f"{where}: '{key}' is a list of ship ids, not {value!r}")
    return tuple(value)


def ship_from_row(row: Mapping[str, Any], position: int, options: Options) -> Ship:
    """One ship from a `[[ship]]` row; crews and equipment default as the case format says
    (crewmen = oarbanks, all rowing up to the oarbanks, no bowmen or marines, regular)."""
    where = f"[[ship]] {position}"
    if not isinstance(row, Mapping):
        raise ValueError(f"{where} must be a table of keys")
    unknown = sorted(set(row) - SHIP_KEYS)
    if unknown:
        raise ValueError(f"{where}: unknown key{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(unknown)}; a ship takes {', '.join(sorted(SHIP_KEYS))}")
    for key in ("id", "side", "class", "x", "y", "heading"):
        if key not in row:
            raise ValueError(f"{where}: '{key}' is missing")
    try:
        klass = ship_class(str(row["class"]), options.special_ship)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    crewmen = whole(row, "crewmen", where, klass.oarbanks)
    oars = whole(row, "oars", where, default_oars(crewmen, klass.oarbanks))
    if oars > crewmen:
        raise ValueError(f"{where}: 'oars' {oars} is more than its {crewmen} crewmen")
    classes = {key: word(row, key, where, CREW_CLASSES, REGULAR)
               for key in ("crewmen_class", "bowmen_class", "marines_class")}
    crew = Crew(oar=oars, deck=crewmen - oars, bowmen=whole(row, "bowmen", where, 0),
                marines=whole(row, "marines", where, 0), **classes)
    problem = crew_problem(klass, crew) if crew.total else ""
    fired = row.get("ballistas_fired")
    count = whole(row, "ballistas", where, len(fired) if isinstance(fired, list) else 0)
    fired_turns = tuple(fired) if isinstance(fired, list) else (0,) * count
    if len(fired_turns) != count or not all(
            isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in fired_turns):
        raise ValueError(f"{where}: 'ballistas_fired' gives one turn (0 for never) per ballista, "
                         f"{count} of them, not {fired!r}")
    corvus, harpax = flag(row, "corvus", where), flag(row, "harpax", where)
    if corvus and harpax:
        raise ValueError(f"{where}: a ship carries a corvus or a harpax, not both")
    gear = CORVUS if corvus else HARPAX if harpax else ""
    tower = flag(row, "tower", where)
    problem = problem or equipment_problem(klass, tower, count, gear)
    if problem:
        raise ValueError(f"{where}: {problem}")
    heading = row["heading"]
    if isinstance(heading, bool) or not isinstance(heading, int) or not 0 <= heading < 360:
        raise ValueError(f"{where}: 'heading' must be whole degrees from 0 to 359, not {heading!r}")
    status = word(row, "status", where, STATUSES, "afloat")
    countdown = whole(row, "countdown", where, 0)
    if (status == SINKING and countdown == 0) or (status in (AFLOAT, SUNK, FLED) and countdown > 0):
        raise ValueError(f"{where}: status {status} does not agree with countdown {countdown} (a "
                         "sinking ship has a countdown of 1 or more; afloat, sunk and fled ships none)")
    speed = number(row, "speed", where, 0.0)
    if speed < 0:
        raise ValueError(f"{where}: 'speed' is inches, 0 or more, not {speed!r}")
    losses = row.get("losses", ["deck", "bow", "mar", "oar"])
    if not isinstance(losses, list) or not losses or not all(
            isinstance(item, str) and item.strip().lower() in LOSS_CATEGORIES for item in losses):
        raise ValueError(f"{where}: 'losses' lists mar, bow, deck or oar, not {losses!r}")
    embedded = row.get("embedded_in", "")
    if not isinstance(embedded, str):
        raise ValueError(f"{where}: 'embedded_in' is a ship id or \"\", not {embedded!r}")
    return Ship(
        id=str(row["id"]), side=str(row["side"]), ship_class=klass.name,
        x=number(row, "x", where), y=number(row, "y", where), heading=heading, crew=crew,
        name=str(row.get("name", "")), tower=tower, ballistas=fired_turns, gear=gear,
        flagship=flag(row, "admiral", where),
        mode=word(row, "mode", where, MODES, STRATEGIC), speed=round(speed * 10),
        fatigue=whole(row, "fatigue", where, options.fatigue_reserve, options.fatigue_reserve),
        sheared=whole(row, "sheared", where, 0, 2), status=status,
        routed=flag(row, "routed", where), countdown=countdown,
        countdown_skip=flag(row, "countdown_skip", where), embedded_in=embedded,
        seen_routed=frozenset(ids(row, "seen_routed", where)),
        standing=StandingOrders(
            stance=word(row, "stance", where, STANCES, "resist"),
            onbreak=word(row, "onbreak", where, STANCES, "resist"),
            onshear=word(row, "onshear", where, ONSHEARS, "grapple"),
            losses=tuple(item.strip().lower() for item in losses)),
    )


def grapples_from_rows(rows: Sequence[Mapping[str, Any]], ships: Sequence[Ship]) -> tuple[Grapple, ...]:
    """The grapples rows name (`grappled_with` is symmetric: either ship may list the other)
    and who last inflicted melee casualties (`last_melee`: the ships a ship was last to inflict
    them on, each one it is grappled to)."""
    order = {ship.id.upper(): index for index, ship in enumerate(ships)}
    pairs: dict[tuple[str, str], str] = {}
    for position, (row, ship) in enumerate(zip(rows, ships, strict=True), 1):
        where = f"[[ship]] {position}"
        for other in ids(row, "grappled_with", where):
            if other.upper() not in order or other.upper() == ship.id.upper():
                raise ValueError(f"{where}: 'grappled_with' names {other!r}, which is no other ship "
                                 "of the case")
            first, second = sorted((ship.id, ships[order[other.upper()]].id),
                                   key=lambda name: order[name.upper()])
            pairs.setdefault((first, second), "")
    for position, (row, ship) in enumerate(zip(rows, ships, strict=True), 1):
        for other in ids(row, "last_melee", f"[[ship]] {position}"):
            key = next((pair for pair in pairs if {p.upper() for p in pair}
                        == {ship.id.upper(), other.upper()}), None)
            if key is None:
                raise ValueError(f"[[ship]] {position}: 'last_melee' names {other!r}, which it is not "
                                 "grappled to")
            pairs[key] = ship.id
    return tuple(Grapple(first, second, last) for (first, second), last in pairs.items())


def ships_problem(ships: Sequence[Ship], sides: Sequence[str], table: Table) -> str:
    """Why these ships cannot start a game ("" if they can): ids repeated or malformed, unknown
    sides, more than one flagship a side, a bad `embedded_in`, ships off the table or
    overlapping."""
    seen: set[str] = set()
    for ship in ships:
        if not ship.id or len(ship.id) > 12 or not all(c.isascii() and (c.isalnum() or c == "-")
                                                       for c in ship.id):
            return f"ship id {ship.id!r} must be 1 to 12 letters, digits or hyphens"
        if ship.id.upper() in seen:
            return f"ship id {ship.id} is used twice"
        seen.add(ship.id.upper())
        if ship.side not in sides:
            return f"ship {ship.id} belongs to a side not in the game ({', '.join(sides)})"
    for side in sides:
        flagships = [ship.id for ship in ships if ship.side == side and ship.flagship]
        if len(flagships) > 1:
            return f"side {side} has more than one admiral ({', '.join(flagships)})"
    for ship in ships:
        if ship.embedded_in and (ship.embedded_in.upper() not in seen
                                 or ship.embedded_in.upper() == ship.id.upper()):
            return f"ship {ship.id} is embedded in {ship.embedded_in!r}, which is no other ship"
    placed = [(ship, ship.polygon()) for ship in ships if ship.on_table]
    for index, (ship, polygon) in enumerate(placed):
        if not on_table(polygon, table, EPSILON):
            return f"ship {ship.id} at ({ship.x}, {ship.y}) is not wholly on the table"
        for other, other_polygon in placed[index + 1:]:
            if overlaps(polygon, other_polygon, EPSILON):
                return f"ships {ship.id} and {other.id} overlap"
    return ""


def sides_from_rows(rows: Any, ships: Sequence[Ship]) -> tuple[Side, Side]:
    """`[[side]]` tables (id, home), side A first; without them, the ships' sides in order of
    appearance, homes south then north."""
    if rows is None or rows == []:
        named = list(dict.fromkeys(ship.side for ship in ships))
        if len(named) != 2:
            raise ValueError(f"a game has two sides, not {len(named)}: give [[side]] tables")
        return Side(named[0], SOUTH), Side(named[1], NORTH)
    if not isinstance(rows, list) or len(rows) != 2 or not all(isinstance(r, Mapping) for r in rows):
        raise ValueError("give two [[side]] tables, side A first, each with an id and a home edge")
    sides = []
    for position, row in enumerate(rows, 1):
        side_id = row.get("id")
        if not isinstance(side_id, str) or not side_id:
            raise ValueError(f"[[side]] {position}: 'id' is missing")
        sides.append(Side(side_id, word(row, "home", f"[[side]] {position}", EDGES, "")))
    if sides[0].id == sides[1].id:
        raise ValueError(f"the two sides have the same id {sides[0].id!r}")
    return sides[0], sides[1]


