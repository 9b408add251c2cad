"""The `[state]`, `[turn]`, `[round]` and `[table]` rows of Wooden Walls cases (cases-open-table.md,
Wooden Walls items 2, 4, 5 and 6; split from rows.py): links ("grapple A>B 2", "ram A>B",
"corvus A>B", in the order made), won shootings ("A>B"), this round's marks (§15.4: the ship
rows' flags and `sank_this_round`), the round, leg, last second side, first player and wind
("light@90"), a forced deck (no shuffle dice) and the table in SL. Each refusal is a `RowError`
sentence. Imports the values (`rowvalues.py`), the ship rows, the state, the round and the cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pbem.rules.switchvalues import plain
from pbem.rules.table import Polygon, Vec, area_polygon
from pbem.rules.woodenwalls.cards import LEG_NAMES, check_deck
from pbem.rules.woodenwalls.rounds import Mark, RoundRecord
from pbem.rules.woodenwalls.rows import ShipRow
from pbem.rules.woodenwalls.rowvalues import (
    RowError,
    as_list,
    as_table,
    heading,
    number,
    text,
    whole,
    word,
)
from pbem.rules.woodenwalls.state import (
    CURRENTS,
    GRAPPLE,
    LINK_KINDS,
    WINDS,
    Current,
    Link,
    Ship,
    Terrain,
    Wind,
)

TURN_KEYS = ("round", "leg", "last_second", "first_player", "wind")
ROUND_KEYS = ("deck",)
STATE_KEYS = ("links", "won_shooting", "sank_this_round")
TABLE_KEYS = ("width", "height")
PHASE_KEYS = ("kind", "ship", "card", "entry", "from", "to", "dice", "orders")
_LINK = re.compile(r"\s*(\S+)\s+([^\s>]+)\s*>\s*([^\s>]+)(?:\s+(\S+))?\s*")
_WON = re.compile(r"\s*([^\s>]+)\s*>\s*([^\s>]+)\s*")
_WIND = re.compile(r"\s*([A-Za-z]+)\s*@\s*(\S+)\s*")


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
    for entry in as_list(entries, "[state] links"):
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
    for entry in as_list(entries, "[state] won_shooting"):
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
    for entry in as_list([] if sank is None else sank, "[state] sank_this_round"):
        table = as_table(entry, "[state] sank_this_round entry", ("id", "x", "y"))
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
    found = as_table({} if table is None else table, "[turn]", TURN_KEYS)
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
    found = as_table({} if table is None else table, "[round]", ROUND_KEYS)
    if "deck" not in found:
        return ()
    cards = as_list(found["deck"], "[round] deck")
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
    found = as_table(table, "[table]", TABLE_KEYS)
    width = number(found.get("width", 18), "[table] width")
    height = number(found.get("height", 12), "[table] height")
    if not (0 < width < 10000 and 0 < height < 10000):
        raise RowError(f"[table] width and height are SL above 0 (below 10000), not {width:g} x {height:g}")
    return f"{plain(width)}x{plain(height)}"


# ---------------------------------------------------------------- [[land]] and [[current]] (§1, §7.5, §7.10)


def _corners(value: object, where: str) -> Polygon:
    if not isinstance(value, list) or len(value) < 3:
        raise RowError(f"{where} corners are a list of at least three [x, y] points, clockwise")
    points = []
    for point in value:
        if not isinstance(point, list) or len(point) != 2:
            raise RowError(f"{where} corners are [x, y] points, not {point!r}")
        points.append(Vec(number(point[0], f"{where} x"), number(point[1], f"{where} y")))
    try:
        return area_polygon(points)
    except ValueError as wrong:
        raise RowError(f"{where}: {wrong}") from None


def _tables(rows: object, key: str, owner: str) -> list[object]:
    if not isinstance(rows, list):
        raise RowError(f"{owner} lists [[{key}]] tables, not {rows!r}")
    return rows


def terrain_from_rows(land_rows: object, current_rows: object, owner: str = "a case") -> Terrain:
    """The terrain of `[[land]]` rows (`corners`, clockwise [x, y] points in SL) and `[[current]]`
    rows (`corners`, `heading` it runs towards, `strength` weak (default) or strong), §1, §7.5,
    §7.10; shared by scenario files and case files (`owner` names which in a refusal)."""
    land = []
    for n, row in enumerate(_tables(land_rows, "land", owner), start=1):
        table = as_table(row, f"[[land]] {n}", ("corners",))
        land.append(_corners(table.get("corners"), f"[[land]] {n}"))
    currents = []
    for n, row in enumerate(_tables(current_rows, "current", owner), start=1):
        where = f"[[current]] {n}"
        table = as_table(row, where, ("corners", "heading", "strength"))
        if "heading" not in table:
            raise RowError(f"{where} needs the heading it runs towards")
        currents.append(Current(_corners(table.get("corners"), where),
                                heading(table["heading"], f"{where} heading"),
                                word(table.get("strength", "weak"), f"{where} strength", CURRENTS)))
    return Terrain(tuple(land), tuple(currents))
