"""Ship, element and player rows of Wooden Walls cases and scenario files (cases-open-table.md,
Wooden Walls item 3; build plan §8), each key checked, each refusal a `RowError` (a `CaseError`)
sentence naming the ship, the key, what was wrong and what is accepted. The `[state]`,
`[turn]`, `[round]` and `[table]` rows are read in `rowstate.py`, the values in `rowvalues.py`
(split to keep each module short).

A ship row (`[[ship]]`): `id side type quality x y heading speed`, then the optional keys of WW 3
and the extras of the plan §8 (`EXTRA_KEYS`). A ship given `elements` carries exactly those
(inline tables `{area, kind, grade, armour, shield, count, side, home, missile}`; armour and
shield default to the kind's kit of §4.5, side to the ship's, home to the ship itself); one
without carries its type's default load (§4.5, `elements.with_default_load`). Imports the
values, the state, its elements, the ship table and the crew qualities.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pbem.rules.woodenwalls.elements import with_default_load
from pbem.rules.woodenwalls.rowvalues import (
    RowError,
    as_list,
    as_table,
    flag,
    heading,
    number,
    text,
    whole,
    word,
)
from pbem.rules.woodenwalls.seamanship import QUALITIES
from pbem.rules.woodenwalls.shiptypes import DEFAULT_KIT, ENGINE, PROTECTIONS, ship_type
from pbem.rules.woodenwalls.state import (
    BOARD_SIDES,
    FLAGS,
    FLAGSHIPS,
    GRADES,
    HULK_REASONS,
    KINDS,
    MISSILES,
    SPEEDS,
    STATUSES,
    TOWERS,
    Element,
    Player,
    Ship,
    ShippedOars,
    new_ship,
)

__all__ = ["SHIP_KEYS", "RowError", "ShipRow", "players_from_rows", "ship_row", "ship_rows"]

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
MOST_ELEMENTS = 99  # a row's `count` (no area holds more than 6, §4.4; an over-full row is a case's)
_ID = re.compile(r"[A-Za-z0-9-]{1,12}", re.ASCII)


def _where(ship_id: str, key: str) -> str:
    return f"ship {ship_id or '?'}: {key}"


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
    for item in as_list(value, where):
        if not isinstance(item, str) or item.strip().upper() not in allowed:
            raise RowError(f"{where} lists {what}, not {item!r}")
        found.append(item.strip().upper())
    return tuple(found)


def _sides(value: object, where: str) -> tuple[str, ...]:
    found = []
    for item in as_list(value, where):
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
    table = as_table(value, where, areas)
    levels = [0, 0, 0, 0, 0]
    order = ("B", "M", "S", "T1", "T2")
    for area, level in table.items():
        levels[order.index(area)] = whole(level, f"{where} {area}", 0, high)
    return tuple(levels)


def _element(value: object, where: str, ship_id: str, side: str) -> list[Element]:
    table = as_table(value, where, ELEMENT_KEYS)
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
    for number_, item in enumerate(as_list(value, where), start=1):
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
        for row in as_list(rows, "[[player]]"):
            table = as_table(row, "a [[player]] row", ("id", "side"))
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
