"""Ship, element, link and turn rows of Wooden Walls cases and scenario files
(cases-open-table.md, Wooden Walls items 2-6; build plan §8), each key checked, each refusal a
`RowError` (a `CaseError`) sentence naming the ship or table, the key, what was wrong and what is
accepted.

A ship row (`[[ship]]`): `id side type quality x y heading speed`, then the optional keys of WW 3
and the extras of the plan §8 (`EXTRA_KEYS`). A ship given `elements` carries exactly those
(inline tables `{area, kind, grade, armour, shield, count, side, home, missile}`; armour and
shield default to the kind's kit of §4.5, side to the ship's, home to the ship itself); one
without carries its type's default load (§4.5, `elements.with_default_load`). `[turn]` (round,
leg, last_second, first_player, wind "light@90"), `[round] deck` (a forced deck: no shuffle
dice), `[state]` (links "grapple A>B 2", "ram A>B", "corvus A>B"; won_shooting "A>B";
sank_this_round), `[table]` (width, height in SL).

Whole numbers refuse a fraction, NaN, infinity, a bool or a word with a sentence (as
`pbem.rules.errors.case_whole`), never an OverflowError. Imports the state, its elements and
cards, the ship table and `pbem.rules.errors`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pbem.rules.errors import CaseError
from pbem.rules.switchvalues import plain
from pbem.rules.woodenwalls.cards import LEG_NAMES, check_deck
from pbem.rules.woodenwalls.elements import with_default_load
from pbem.rules.woodenwalls.rounds import Mark, RoundRecord
from pbem.rules.woodenwalls.seamanship import QUALITIES
from pbem.rules.woodenwalls.shiptypes import DEFAULT_KIT, ENGINE, PROTECTIONS, ship_type
from pbem.rules.woodenwalls.state import (
    BOARD_SIDES,
    FLAGS,
    FLAGSHIPS,
    GRADES,
    GRAPPLE,
    HULK_REASONS,
    KINDS,
    LINK_KINDS,
    MISSILES,
    SPEEDS,
    STATUSES,
    TOWERS,
    WINDS,
    Element,
    Link,
    Player,
    Ship,
    ShippedOars,
    Wind,
    new_ship,
)

REQUIRED_KEYS = ("id", "side", "type", "quality", "x", "y", "heading", "speed")
OPTIONAL_KEYS = ("protection", "toughened", "flagship", "ram", "grapnels", "corvus", "holes", "added",
                 "fires", "oars_lost", "shipped", "steering_lost", "flag", "status", "controller",
                 "holed_this_round", "elements")
EXTRA_KEYS = ("towers", "harpax", "fire", "flotilla", "loaded", "confused", "revealed", "captured",
              "ap_markers", "rammed_this_round", "hit_this_round", "player", "hulk_reason", "removed",
              "corvus_failed")
SHIP_KEYS = (*REQUIRED_KEYS, *OPTIONAL_KEYS, *EXTRA_KEYS)
SHIP_FLAGS = ("toughened", "ram", "grapnels", "corvus", "harpax", "fire", "loaded", "confused",
              "revealed", "captured", "removed")
MARK_FLAGS = ("holed_this_round", "rammed_this_round", "hit_this_round")
ELEMENT_KEYS = ("area", "kind", "grade", "armour", "shield", "count", "side", "home", "missile")
TURN_KEYS = ("round", "leg", "last_second", "first_player", "wind")
ROUND_KEYS = ("deck",)
STATE_KEYS = ("links", "won_shooting", "sank_this_round")
TABLE_KEYS = ("width", "height")
PHASE_KEYS = ("kind", "ship", "card", "entry", "from", "to", "dice", "orders")
MOST_ELEMENTS = 99  # a row's `count` (no area holds more than 6, §4.4; an over-full row is a case's)
_ID = re.compile(r"[A-Za-z0-9-]{1,12}", re.ASCII)
_LINK = re.compile(r"\s*(\S+)\s+([^\s>]+)\s*>\s*([^\s>]+)(?:\s+(\S+))?\s*")
_WON = re.compile(r"\s*([^\s>]+)\s*>\s*([^\s>]+)\s*")
_WIND = re.compile(r"\s*([A-Za-z]+)\s*@\s*(\S+)\s*")


class RowError(CaseError):
    """A row that cannot be read; the message names the ship (or table) and the key."""


# ---------------------------------------------------------------- values


def _where(ship_id: str, key: str) -> str:
    return f"ship {ship_id or '?'}: {key}"


def whole(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from `low` (to `high`); a bool, fraction, NaN, infinity or word is a
    RowError sentence naming `where`."""
    bounds = f"from {low} to {high}" if high is not None else f"of {low} or more"
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value \
            or value in (math.inf, -math.inf) or value != int(value):
        raise RowError(f"{where} is a whole number {bounds}, not {value!r}")
    number = int(value)
    if number < low or (high is not None and number > high):
        raise RowError(f"{where} is a whole number {bounds}, not {value!r}")
    return number


def number(value: object, where: str) -> float:
    """A finite number (int or float, not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RowError(f"{where} is a number, not {value!r}")
    return float(value)


def flag(value: object, where: str) -> bool:
    """true or false, 1 or 0 (cases-open-table.md: flags accept 1 and 0)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise RowError(f"{where} is true or false (or 1 or 0), not {value!r}")


def text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise RowError(f"{where} is text, not {value!r}")
    return value.strip()


def word(value: object, where: str, allowed: Sequence[str]) -> str:
    """An enumerated word in any case (spaces and hyphens read as `_`), one of `allowed`."""
    found = text(value, where).lower().replace(" ", "_").replace("-", "_")
    if found not in allowed:
        shown = ", ".join(choice or "\"\"" for choice in allowed)
        raise RowError(f"{where} is one of {shown}, not {value!r}")
    return found


def heading(value: object, where: str) -> float:
    """A heading in degrees from 0 up to 360, a multiple of 0.5 (§1)."""
    found = number(value, where)
    if not 0 <= found < 360 or found * 2 != int(found * 2):
        raise RowError(f"{where} is degrees from 0 up to 360 in steps of 0.5 (as 22.5), not {value!r}")
    return found


def _list(value: object, where: str) -> list[object]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise RowError(f"{where} is a list, not {value!r}")
    return list(value)


def _table(value: object, where: str, keys: Sequence[str]) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise RowError(f"{where} is a table, not {value!r}")
    unknown = [key for key in value if key not in keys]
    if unknown:
        raise RowError(f"{where} has {unknown[0]!r}, which is no key of it; its keys are "
                       f"{', '.join(keys)}")
    return value


def check_keys(value: object, where: str, keys: Sequence[str]) -> Mapping[str, object]:
    """A table whose keys are all among `keys` (a sentence naming the first stray one)."""
    return _table(value, where, keys)


# ---------------------------------------------------------------- ships (WW 3)


@dataclass(frozen=True, slots=True)
class ShipRow:
    """A ship read from its row, with this round's marks the row sets (§15.4: holed, rammed
    where it lies, hit by shooting)."""

    ship: Ship
    holed: bool = False
    rammed: bool = False
    hit: bool = False


def _speed(value: object, where: str) -> int | str:
    if isinstance(value, str) and value.strip().upper() == "B":
        return "B"
    if isinstance(value, str):
        raise RowError(f"{where} is 0, 1, 2, 3, 4 or \"B\", not {value!r}")
    found = whole(value, where, 0, 4)
    assert found in SPEEDS
    return found


def _letters(value: object, where: str, allowed: Sequence[str], what: str) -> tuple[str, ...]:
    found = []
    for item in _list(value, where):
        if not isinstance(item, str) or item.strip().upper() not in allowed:
            raise RowError(f"{where} lists {what}, not {item!r}")
        found.append(item.strip().upper())
    return tuple(found)


def _sides(value: object, where: str) -> tuple[str, ...]:
    found = []
    for item in _list(value, where):
        side = word(item, f"{where} entry", BOARD_SIDES)
        if side in found:
            raise RowError(f"{where} names {side} twice; name port and starboard once each")
        found.append(side)
    return tuple(found)


def _oars_lost(value: object, where: str, per_side: int) -> tuple[str, ...]:
    labels = [f"{letter}{n}" for letter in "PS" for n in range(1, per_side + 1)]
    found = _letters(value, where, labels, f"oar sections {labels[0]}-{labels[per_side - 1]} and "
                     f"S1-S{per_side}")
    if len(set(found)) != len(found):
        raise RowError(f"{where} names a section twice, not {list(found)!r}")
    return found


def _towers(value: object, where: str) -> tuple[str, ...]:
    if isinstance(value, list):
        found = _letters(value, where, TOWERS, "T1 and T2")
        if len(set(found)) != len(found):
            raise RowError(f"{where} names a tower twice, not {value!r}")
        return found
    return TOWERS[:whole(value, f"{where} (0-2, or a list of T1, T2)", 0, 2)]


def _by_area(value: object, where: str, areas: Sequence[str], high: int | None) -> tuple[int, ...]:
    table = _table(value, where, areas)
    levels = [0, 0, 0, 0, 0]
    order = ("B", "M", "S", "T1", "T2")
    for area, level in table.items():
        levels[order.index(area)] = whole(level, f"{where} {area}", 0, high)
    return tuple(levels)


def _element(value: object, where: str, ship_id: str, side: str) -> list[Element]:
    table = _table(value, where, ELEMENT_KEYS)
    if "area" not in table or "kind" not in table:
        raise RowError(f"{where} needs an area (B, M, S, T1, T2) and a kind ({', '.join(KINDS)})")
    area = text(table["area"], f"{where} area").upper()
    kind = word(table["kind"], f"{where} kind", KINDS)
    count = whole(table.get("count", 1), f"{where} count", 1, MOST_ELEMENTS)
    owner = text(table.get("side", side), f"{where} side") or side
    home = text(table.get("home", ship_id), f"{where} home") or ship_id
    if kind == ENGINE:
        stray = [key for key in ("grade", "armour", "shield", "missile") if key in table]
        if stray:
            raise RowError(f"{where}: an engine has no {stray[0]} (engines have no grade, armour, "
                           "shield or missile)")
        element = Element(area, kind, owner, home)
    else:
        grade, armoured, shielded = DEFAULT_KIT[kind]
        grade = word(table.get("grade", grade), f"{where} grade", GRADES)
        armoured = flag(table.get("armour", armoured), f"{where} armour")
        shielded = flag(table.get("shield", shielded), f"{where} shield")
        missile = word(table.get("missile", ""), f"{where} missile", MISSILES)
        if missile and kind != "shooters":
            raise RowError(f"{where} missile: only shooters are archers or slingers")
        try:
            element = Element(area, kind, owner, home, grade, armoured, shielded, missile)
        except ValueError as wrong:
            raise RowError(f"{where}: {wrong}") from None
    if area not in ("B", "M", "S", "T1", "T2"):
        raise RowError(f"{where} area is B, M, S, T1 or T2, not {table['area']!r}")
    return [element] * count


def _elements(value: object, ship_id: str, side: str) -> tuple[Element, ...]:
    where = _where(ship_id, "elements")
    found: list[Element] = []
    for number_, item in enumerate(_list(value, where), start=1):
        found += _element(item, f"{where} {number_}", ship_id, side)
    return tuple(found)


def _identity(row: Mapping[str, object]) -> str:
    raw = row.get("id", "")
    ship_id = raw.strip() if isinstance(raw, str) else ""
    if not _ID.fullmatch(ship_id):
        raise RowError(f"a ship row needs an id of 1-12 letters, digits or hyphens (rulings §20), "
                       f"not {raw!r}")
    return ship_id


def ship_row(row: object, *, quality_needed: bool = True) -> ShipRow:
    """A ship from its row (WW 3); RowError for a key or value it cannot take. A scenario
    file's rows may leave out `quality` (the allotment gives it, §19)."""
    if not isinstance(row, Mapping):
        raise RowError(f"a [[ship]] row is a table, not {row!r}")
    ship_id = _identity(row)
    unknown = [key for key in row if key not in SHIP_KEYS]
    if unknown:
        raise RowError(f"ship {ship_id}: {unknown[0]!r} is no ship key; the keys are "
                       f"{', '.join(SHIP_KEYS)}")
    needed = [key for key in REQUIRED_KEYS if key not in row and (quality_needed or key != "quality")]
    if needed:
        raise RowError(f"ship {ship_id}: {needed[0]} is needed (a ship row gives "
                       f"{', '.join(REQUIRED_KEYS)})")
    side = text(row["side"], _where(ship_id, "side"))
    if not side:
        raise RowError(f"{_where(ship_id, 'side')} is needed: the side id, as rhodes")
    try:
        kind = ship_type(text(row["type"], _where(ship_id, "type")))
    except RowError:
        raise
    except ValueError as wrong:
        raise RowError(f"ship {ship_id}: {wrong}") from None
    changes: dict[str, object] = {}
    if "quality" in row:
        quality = text(row["quality"], _where(ship_id, "quality")).upper()
        if quality not in QUALITIES:
            raise RowError(f"{_where(ship_id, 'quality')} is FR, ABLE or POOR, not {row['quality']!r}")
        changes["quality"] = quality
    for key in SHIP_FLAGS:
        if key in row:
            changes[key] = flag(row[key], _where(ship_id, key))
    for key, allowed in (("protection", PROTECTIONS), ("flagship", FLAGSHIPS), ("flag", FLAGS),
                         ("status", STATUSES), ("hulk_reason", HULK_REASONS)):
        if key in row:
            changes[key] = word(row[key], _where(ship_id, key), allowed)
    for key in ("controller", "player", "flotilla"):
        if key in row:
            changes[key] = text(row[key], _where(ship_id, key))
    for key in ("holes", "added"):
        if key in row:
            changes[key] = _letters(row[key], _where(ship_id, key), ("L", "M", "S"), "holes L, M or S")
    if "oars_lost" in row:
        changes["oars_lost"] = _oars_lost(row["oars_lost"], _where(ship_id, "oars_lost"),
                                          kind.oar_sections)
    if "shipped" in row:
        changes["shipped"] = tuple(ShippedOars(side_) for side_ in
                                   _sides(row["shipped"], _where(ship_id, "shipped")))
    if "steering_lost" in row:
        changes["steering_lost"] = _sides(row["steering_lost"], _where(ship_id, "steering_lost"))
    towers = _towers(row["towers"], _where(ship_id, "towers")) if "towers" in row else ()
    if towers:
        changes["towers"] = towers
    areas = ("B", "M", "S", *towers)
    if "fires" in row:
        changes["fires"] = _by_area(row["fires"], f"{_where(ship_id, 'fires')} (area = level 0-4)",
                                    areas, 4)
    if "ap_markers" in row:
        changes["ap_markers"] = _by_area(row["ap_markers"], f"{_where(ship_id, 'ap_markers')} "
                                         "(area = markers)", areas, None)
    if "corvus_failed" in row:
        changes["corvus_failed"] = whole(row["corvus_failed"], _where(ship_id, "corvus_failed"))
    if "elements" in row:
        changes["elements"] = _elements(row["elements"], ship_id, side)
    marks = {key: flag(row[key], _where(ship_id, key)) for key in MARK_FLAGS if key in row}
    x = number(row["x"], _where(ship_id, "x"))
    y = number(row["y"], _where(ship_id, "y"))
    facing = heading(row["heading"], _where(ship_id, "heading"))
    speed = _speed(row["speed"], _where(ship_id, "speed"))
    try:
        ship = new_ship(ship_id, kind.id, side, x, y, facing, speed, **changes)
    except ValueError as wrong:
        raise RowError(str(wrong)) from None
    if "elements" not in row:
        ship = with_default_load(ship)
    return ShipRow(ship, marks.get("holed_this_round", False), marks.get("rammed_this_round", False),
                   marks.get("hit_this_round", False))


def ship_rows(rows: object, *, quality_needed: bool = True) -> tuple[ShipRow, ...]:
    """Every `[[ship]]` row in scenario order; ids unique in any case, element homes naming
    ships of the rows."""
    if not isinstance(rows, list):
        raise RowError(f"ships are [[ship]] tables, not {rows!r}")
    found = tuple(ship_row(row, quality_needed=quality_needed) for row in rows)
    seen: dict[str, str] = {}
    for each in found:
        if each.ship.id.upper() in seen:
            raise RowError(f"ship {each.ship.id}: two ships have this id (in any case); ids are unique")
        seen[each.ship.id.upper()] = each.ship.id
    sides = {each.ship.side for each in found}
    homed = []
    for each in found:
        ship = each.ship
        elements = []
        for element in ship.elements:
            if element.home.upper() not in seen:
                raise RowError(f"{_where(ship.id, 'elements')} home {element.home!r} is no ship of "
                               f"the rows; the ships are {', '.join(seen.values())}")
            if element.side not in sides:
                raise RowError(f"{_where(ship.id, 'elements')} side {element.side!r} is no side of the "
                               f"ships; the sides are {', '.join(sorted(sides))}")
            elements.append(replace(element, home=seen[element.home.upper()]))
        if ship.controller and ship.controller not in sides:
            raise RowError(f"{_where(ship.id, 'controller')} is {ship.controller!r}, no side of the "
                           f"ships; the sides are {', '.join(sorted(sides))} (\"\" its own)")
        homed.append(replace(each, ship=replace(ship, elements=tuple(elements))))
    return tuple(homed)


def players_from_rows(rows: object, ships: Sequence[Ship]) -> tuple[Player, ...]:
    """`[[player]]` rows (`id`, `side`) in the scenario's player order; none: () (one player
    a side, named after it). Every ship's `player` must name a player of its side."""
    if rows is None or rows == []:
        players: tuple[Player, ...] = ()
    else:
        found = []
        for row in _list(rows, "[[player]]"):
            table = _table(row, "a [[player]] row", ("id", "side"))
            player_id = text(table.get("id", ""), "a [[player]] row's id")
            side = text(table.get("side", ""), f"player {player_id or '?'}: side")
            if not player_id or not side:
                raise RowError(f"a [[player]] row needs an id and a side (text), not {dict(table)!r}")
            found.append(Player(player_id, side))
        players = tuple(found)
    known = {(player.id, player.side) for player in players}
    for ship in ships:
        if ship.player and (ship.player, ship.side) not in known:
            raise RowError(f"{_where(ship.id, 'player')} is {ship.player!r}, no player of side "
                           f"{ship.side} in the [[player]] rows")
    return players


# ---------------------------------------------------------------- [state] (WW 6)


def _ids(ships: Sequence[Ship]) -> dict[str, str]:
    return {ship.id.upper(): ship.id for ship in ships}


def _named(ids: Mapping[str, str], name: str, where: str) -> str:
    found = ids.get(name.upper())
    if found is None:
        raise RowError(f"{where} names {name!r}, which is no ship of this case; the ships are "
                       f"{', '.join(ids.values())}")
    return found


def links_from_rows(entries: object, ships: Sequence[Ship]) -> tuple[Link, ...]:
    """`[state] links` in the order made: "grapple A>B g" (A threw g grapples; "grapple B>A h"
    adds B's throws to the same link, q. 32), "ram A>B" (A the rammer; head-on, "ram B>A" is a
    second link), "corvus A>B" (A the user)."""
    ids = _ids(ships)
    links: list[Link] = []
    seen: set[tuple[str, str, str]] = set()
    accepted = "\"grapple A>B 2\", \"ram A>B\" or \"corvus A>B\""
    for entry in _list(entries, "[state] links"):
        match = _LINK.fullmatch(entry) if isinstance(entry, str) else None
        if match is None:
            raise RowError(f"[state] links entry is {accepted}, not {entry!r}")
        kind = match.group(1).lower()
        if kind not in LINK_KINDS:
            raise RowError(f"[state] links entry {entry!r}: a link is {accepted}")
        first = _named(ids, match.group(2), f"[state] links entry {entry!r}")
        second = _named(ids, match.group(3), f"[state] links entry {entry!r}")
        if first == second:
            raise RowError(f"[state] links entry {entry!r} joins a ship to itself")
        key = (kind, first.upper(), second.upper())
        if key in seen:
            raise RowError(f"[state] links entry {entry!r} is given twice (give a grapple's count once "
                           "per thrower)")
        seen.add(key)
        count_text = match.group(4)
        if kind != GRAPPLE:
            if count_text is not None:
                raise RowError(f"[state] links entry {entry!r}: only a grapple has a count")
            links.append(Link(kind, first, second))
            continue
        if count_text is None or not count_text.isdigit() or int(count_text) < 1:
            raise RowError(f"[state] links entry {entry!r}: a grapple gives its count, a whole number "
                           "from 1, as \"grapple A>B 2\"")
        throws = (first,) * int(count_text)
        for number_, link in enumerate(links):
            if link.kind == GRAPPLE and link.joins(first) and link.joins(second):
                links[number_] = replace(link, throws=(*link.throws, *throws))
                break
        else:
            links.append(Link(GRAPPLE, first, second, throws))
    return tuple(links)


def won_from_rows(entries: object, ships: Sequence[Ship]) -> tuple[str, ...]:
    """`[state] won_shooting`: "A>B" (A won the shooting against B, §11.5), in the order given."""
    ids = _ids(ships)
    found: list[str] = []
    for entry in _list(entries, "[state] won_shooting"):
        match = _WON.fullmatch(entry) if isinstance(entry, str) else None
        if match is None:
            raise RowError(f"[state] won_shooting entry is \"A>B\" (winner, loser), not {entry!r}")
        winner = _named(ids, match.group(1), f"[state] won_shooting entry {entry!r}")
        loser = _named(ids, match.group(2), f"[state] won_shooting entry {entry!r}")
        if winner == loser:
            raise RowError(f"[state] won_shooting entry {entry!r} names one ship twice")
        if f"{winner}>{loser}" not in found:
            found.append(f"{winner}>{loser}")
    return tuple(found)


def record_from_rows(rows: Sequence[ShipRow], sank: object) -> RoundRecord:
    """This round's marks (§15.4): the rows' holed, rammed (where the ship lies) and hit flags,
    and `[state] sank_this_round = [{id, x, y}]` (where each hulk lies)."""
    record = RoundRecord()
    for row in rows:
        ship = row.ship
        if row.holed:
            record = record.with_holed(ship.id)
        if row.rammed:
            record = record.with_rammed(ship.id, ship.x, ship.y)
        if row.hit:
            record = record.with_hit(ship.id)
    ids = _ids([row.ship for row in rows])
    marks = []
    for entry in _list([] if sank is None else sank, "[state] sank_this_round"):
        table = _table(entry, "[state] sank_this_round entry", ("id", "x", "y"))
        if set(table) != {"id", "x", "y"}:
            raise RowError(f"[state] sank_this_round entry is {{id, x, y}}, not {dict(table)!r}")
        where = "[state] sank_this_round entry"
        name = _named(ids, text(table["id"], f"{where} id"), where)
        marks.append(Mark(name, number(table["x"], f"{where} x"), number(table["y"], f"{where} y")))
    return replace(record, sunk=tuple(marks))


# ---------------------------------------------------------------- [turn], [round], [table] (WW 2-5)


@dataclass(frozen=True, slots=True)
class TurnRow:
    """`[turn]`: the round, the leg, the side second in the previous action phase ("" the
    game's first), the first player, and the wind (None: the scenario's or light@90)."""

    round: int = 1
    leg: str = "A"
    last_second: str = ""
    first_player: str = ""
    wind: Wind | None = None


def wind_from_text(value: object, where: str = "[turn] wind") -> Wind:
    """"light@90": strength (light, stiff, strong) and the heading it blows towards (§7.10)."""
    match = _WIND.fullmatch(value) if isinstance(value, str) else None
    if match is None or match.group(1).lower() not in WINDS:
        raise RowError(f"{where} is strength@heading, strength light, stiff or strong, as "
                       f"\"light@90\", not {value!r}")
    try:
        towards = float(match.group(2))
    except ValueError:
        raise RowError(f"{where} is strength@heading with a heading in degrees, as \"stiff@45\", "
                       f"not {value!r}") from None
    return Wind(match.group(1).lower(), heading(towards, f"{where} heading"))


def turn_from_table(table: object, sides: Sequence[str], round_limit: int) -> TurnRow:
    """`[turn]` read and checked against the case's sides."""
    found = _table({} if table is None else table, "[turn]", TURN_KEYS)
    number_ = whole(found.get("round", 1), "[turn] round", 1, round_limit)
    leg = text(found.get("leg", "A"), "[turn] leg").upper()
    if leg not in LEG_NAMES:
        raise RowError(f"[turn] leg is A, B or C, not {found.get('leg')!r}")
    named = {}
    for key in ("last_second", "first_player"):
        side = text(found.get(key, ""), f"[turn] {key}")
        if side and side not in sides:
            raise RowError(f"[turn] {key} is a side of the case ({', '.join(sides)}) or \"\", "
                           f"not {side!r}")
        named[key] = side
    wind = wind_from_text(found["wind"]) if "wind" in found else None
    return TurnRow(number_, leg, named["last_second"], named["first_player"], wind)


def deck_from_table(table: object) -> tuple[str, ...]:
    """`[round] deck`: the six card ids in the order turned (a forced deck: no shuffle dice);
    () when no deck is given."""
    found = _table({} if table is None else table, "[round]", ROUND_KEYS)
    if "deck" not in found:
        return ()
    cards = _list(found["deck"], "[round] deck")
    if not all(isinstance(card, str) for card in cards):
        raise RowError(f"[round] deck lists the card ids M1 M2 M3 M4 MB F, not {cards!r}")
    try:
        return check_deck([str(card).strip().upper() for card in cards])
    except ValueError as wrong:
        raise RowError(f"[round] deck: {wrong}") from None


def table_option(table: object) -> str | None:
    """`[table]` width and height in SL as the `table` switch's WIDTHxHEIGHT; None when absent."""
    if table is None:
        return None
    found = _table(table, "[table]", TABLE_KEYS)
    width = number(found.get("width", 18), "[table] width")
    height = number(found.get("height", 12), "[table] height")
    if not (0 < width < 10000 and 0 < height < 10000):
        raise RowError(f"[table] width and height are SL above 0 (below 10000), not {width:g} x {height:g}")
    return f"{plain(width)}x{plain(height)}"
