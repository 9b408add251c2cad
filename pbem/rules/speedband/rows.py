"""Ship, player and front rows of the case format (cases-open-table.md, speed-band items 2-5),
shared by rules cases and scenario files: each key checked, each refusal a sentence naming the
ship and the key.

A ship row defaults from its type row (§2.1): `player` = side, `last_band` cruise, `last_speed`
the top of `last_band`, hull 100, crews, rowers, ballistae and tower by type, soldier value 0.6
(or the game's `soldier_value`), standard crew, afloat. Links come from `grappled_with`
(symmetric: every line or corvus) and `corvus_holds` (a pair also named there is a corvus).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from pbem.rules.speedband.shiptypes import BACK, BANDS, SECTIONS, ship_type
from pbem.rules.speedband.state import (
    CORVUS,
    CREWS,
    LINE,
    STATUSES,
    Front,
    Link,
    Player,
    Ship,
    new_ship,
)

SHIP_KEYS = ("id", "side", "type", "x", "y", "heading", "name", "player", "last_band",
             "last_speed", "changed_last_turn", "hull", "archers", "soldiers", "officers",
             "officers_lost", "officers_lost_this_turn", "ballistae", "rowers", "tower",
             "corvus", "corvus_holds", "grappled_with", "soldier_value", "crew",
             "strengthened_bow", "status", "controller", "archer_value", "officer_value")
COUNT_KEYS = ("hull", "archers", "soldiers", "officers", "officers_lost",
              "officers_lost_this_turn", "ballistae")
FLAG_KEYS = ("changed_last_turn", "tower", "corvus", "strengthened_bow")


class RowError(ValueError):
    """A row that cannot be read; the message names the ship and the key."""


def _where(ship_id: str, key: str) -> str:
    return f"ship {ship_id or '?'}: {key}"


def _text(row: Mapping[str, object], key: str, ship_id: str, default: str = "") -> str:
    value = row.get(key, default)
    if not isinstance(value, str):
        raise RowError(f"{_where(ship_id, key)} is text, not {value!r}")
    return value.strip()


def _number(row: Mapping[str, object], key: str, ship_id: str) -> float:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RowError(f"{_where(ship_id, key)} is a number, not {value!r}")
    return float(value)


def _whole(value: object, key: str, ship_id: str, low: int = 0, high: int | None = None,
           where: str = "") -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (
            high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"of {low} or more"
        raise RowError(f"{where or _where(ship_id, key)} is a whole number {bounds}, not "
                       f"{value!r}")
    return value


def _flag(value: object, key: str, ship_id: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise RowError(f"{_where(ship_id, key)} is true or false (or 1 or 0), not {value!r}")


def _tenths(value: float, key: str, ship_id: str) -> int:
    scaled = round(value * 10)
    if abs(value * 10 - scaled) > 1e-6 or abs(scaled) > 999:
        raise RowError(f"{_where(ship_id, key)} is inches with at most one decimal, up to 99.9, "
                       f"not {value!r}")
    return scaled


def ship_from_row(row: Mapping[str, object], soldier_tenths: int = 6) -> Ship:
    """A ship from its row; RowError (a sentence) for a key or value it cannot take."""
    raw_id = row.get("id", "")
    ship_id = raw_id.strip() if isinstance(raw_id, str) else ""
    if not ship_id:
        raise RowError(f"a ship row needs an id (text), not {raw_id!r}")
    unknown = [key for key in row if key not in SHIP_KEYS]
    if unknown:
        raise RowError(f"ship {ship_id}: {unknown[0]!r} is no ship key; the keys are "
                       f"{', '.join(SHIP_KEYS)}")
    side = _text(row, "side", ship_id)
    if not side:
        raise RowError(f"{_where(ship_id, 'side')} is needed")
    try:
        kind = ship_type(_text(row, "type", ship_id))
    except ValueError as wrong:
        raise RowError(f"ship {ship_id}: {wrong}") from None
    x, y = _number(row, "x", ship_id), _number(row, "y", ship_id)
    heading = _whole(row.get("heading"), "heading", ship_id, 0, 359)
    changes: dict[str, object] = {}
    for key in COUNT_KEYS:
        if key in row:
            changes[key] = _whole(row[key], key, ship_id, -1000 if key == "hull" else 0,
                                  100 if key == "hull" else None)
    for key in FLAG_KEYS:
        if key in row:
            changes[key] = _flag(row[key], key, ship_id)
    if "rowers" in row:
        rowers = row["rowers"]
        if not isinstance(rowers, Sequence) or isinstance(rowers, str) or len(rowers) != SECTIONS:
            raise RowError(f"{_where(ship_id, 'rowers')} lists {SECTIONS} numbers, one per oar "
                           f"section, not {rowers!r}")
        changes["rowers"] = tuple(_whole(value, "rowers", ship_id) for value in rowers)
    for key, values in (("crew", CREWS), ("status", STATUSES), ("last_band", BANDS)):
        if key in row:
            word = _text(row, key, ship_id).lower()
            if word not in values:
                raise RowError(f"{_where(ship_id, key)} is one of {', '.join(values)}, not "
                               f"{row[key]!r}")
            changes[key] = word
    for key in ("name", "player", "controller", "corvus_holds"):
        if key in row:
            changes[key] = _text(row, key, ship_id)
    for key, default in (("soldier_value", soldier_tenths), ("archer_value", 5),
                         ("officer_value", 7)):
        changes[key] = default
        if key in row:
            value = _number(row, key, ship_id)
            if not 0 <= value <= 10 or abs(value * 10 - round(value * 10)) > 1e-6:
                raise RowError(f"{_where(ship_id, key)} is a value in tenths such as 0.6, not "
                               f"{row[key]!r}")
            changes[key] = round(value * 10)
    band = str(changes.get("last_band", "cruise"))
    top = kind.band_maximum(band)
    last_speed = -top if band == BACK else top
    if "last_speed" in row:
        last_speed = _tenths(_number(row, "last_speed", ship_id), "last_speed", ship_id)
        if band == BACK:
            last_speed = -abs(last_speed)
    changes["last_speed"] = last_speed
    changes["band"] = band
    if "officers_lost" not in changes and "officers_lost_this_turn" in changes:
        changes["officers_lost"] = changes["officers_lost_this_turn"]
    try:
        return new_ship(ship_id, str(changes.pop("name", ship_id)), kind.name, side, x, y,
                        heading, **changes)
    except ValueError as wrong:
        raise RowError(str(wrong)) from None


def links_from_rows(rows: Sequence[Mapping[str, object]], ships: Sequence[Ship]) -> tuple[Link, ...]:
    """The links the rows name: `grappled_with` both ways, a pair in `corvus_holds` a corvus
    dropped by its holder, every other pair a line (thrower: the first listed)."""
    order = {ship.id.upper(): index for index, ship in enumerate(ships)}
    ids = {ship.id.upper(): ship.id for ship in ships}
    named: dict[frozenset[str], set[str]] = {}
    for row, ship in zip(rows, ships, strict=True):
        others = row.get("grappled_with", [])
        if isinstance(others, str) or not isinstance(others, Sequence):
            raise RowError(f"{_where(ship.id, 'grappled_with')} is a list of ship ids")
        for other in others:
            if not isinstance(other, str) or other.strip().upper() not in ids:
                raise RowError(f"{_where(ship.id, 'grappled_with')} names {other!r}, which is "
                               "no ship of this case")
            if other.strip().upper() == ship.id.upper():
                raise RowError(f"{_where(ship.id, 'grappled_with')} names the ship itself")
            named.setdefault(frozenset({ship.id.upper(), other.strip().upper()}),
                             set()).add(ship.id.upper())
    for pair, naming in named.items():
        if naming != set(pair):
            missing = sorted(pair - naming)[0]
            raise RowError(f"{_where(ids[missing], 'grappled_with')} must name "
                           f"{ids[sorted(naming)[0]]} too: links are symmetric")
    links: list[Link] = []
    holders = {ship.id.upper(): ship.corvus_holds.upper() for ship in ships if ship.corvus_holds}
    for holder, held in holders.items():
        if held not in ids:
            raise RowError(f"{_where(ids[holder], 'corvus_holds')} names {held!r}, which is no "
                           "ship of this case")
        named.setdefault(frozenset({holder, held}), set())
    for pair in sorted(named, key=lambda p: sorted(order[s] for s in p)):
        first, second = sorted(pair, key=lambda s: order[s])
        if holders.get(first) == second:
            links.append(Link(ids[first], ids[second], CORVUS, ids[first]))
        elif holders.get(second) == first:
            links.append(Link(ids[first], ids[second], CORVUS, ids[second]))
        else:
            links.append(Link(ids[first], ids[second], LINE, ids[first]))
    return tuple(links)


def players_from_rows(rows: Sequence[Mapping[str, object]],
                      ships: Sequence[Ship]) -> tuple[Player, ...]:
    """The `[[player]]` rows in initiative order, or one player a side named after it, sides
    in the order their first ship is listed (speed-band item 2)."""
    if not rows:
        sides = dict.fromkeys(ship.side for ship in ships)
        return tuple(Player(side, side) for side in sides)
    players = []
    for row in rows:
        player_id, side = row.get("id"), row.get("side")
        if not isinstance(player_id, str) or not isinstance(side, str) or not player_id.strip():
            raise RowError(f"a player row needs an id and a side (text), not {dict(row)!r}")
        players.append(Player(player_id.strip(), side.strip()))
    return tuple(players)


def assign_players(ships: Sequence[Ship], players: Sequence[Player]) -> tuple[Ship, ...]:
    """Every ship's `player` filled in (its side's when not given) and checked to exist."""
    known = {player.id for player in players}
    result = []
    for ship in ships:
        player = ship.player or ship.side
        if player not in known:
            raise RowError(f"{_where(ship.id, 'player')} is {player!r}, which is no player of "
                           f"this case; the players are {', '.join(sorted(known))}")
        result.append(replace(ship, player=player))
    return tuple(result)


def fronts_from_rows(rows: Sequence[Mapping[str, object]],
                     ships: Sequence[Ship]) -> tuple[Front, ...]:
    """The `[[front]]` rows (speed-band item 4): a listed before b, value -4 to 4."""
    order = {ship.id.upper(): index for index, ship in enumerate(ships)}
    fronts = []
    for row in rows:
        first, second = row.get("a"), row.get("b")
        if not isinstance(first, str) or not isinstance(second, str) or (
                first.upper() not in order or second.upper() not in order):
            raise RowError(f"a front row names two ships of this case as a and b, not {dict(row)!r}")
        if order[first.upper()] >= order[second.upper()]:
            raise RowError(f"front {first}-{second}: a is the ship listed first")
        value = _whole(row.get("value"), "value", first, -4, 4,
                       where=f"front {first}-{second}: value")
        fronts.append(Front(first, second, value))
    return tuple(fronts)

