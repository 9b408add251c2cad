"""The set-up phase (4.4, 15.3, rulings §10): placing galleys in a zone."""

from __future__ import annotations

from pbem.rules.errors import IllegalOrderError
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.hexes import Hex
from pbem.rules.ramspeed.orders import SetupOrder

ZONES = ("east", "west", "convoy", "raiders")
EDGE_DEPTH = 4  # 4.4: within four hexes of the edge
CORNER_RANGE = 8  # 15.3: within eight hexes of the corner


MAP_MAX = 99  # hexes are named CCRR: two digits each (rulings §1)
MAP_MIN_COLUMNS = 2 * EDGE_DEPTH + 2  # 4.4: the east and west zones with water between
MAP_MIN_ROWS = 8  # a quinquereme (4 hexes) placed on a slant, with water around it


def map_size_problem(columns: int, rows: int, title: str,
                     zones: set[str | None]) -> str | None:
    """Why a map of this size cannot hold a game whose sides set up in these zones, or
    None: every hex needs a CCRR name, and the two set-up zones must stay apart."""
    wanted = f"{MAP_MIN_COLUMNS} to {MAP_MAX} columns and {MAP_MIN_ROWS} to {MAP_MAX} rows"
    if not (MAP_MIN_COLUMNS <= columns <= MAP_MAX and MAP_MIN_ROWS <= rows <= MAP_MAX):
        return f"a {title} map must have {wanted}; {columns} x {rows} was asked"
    if zones & {"convoy", "raiders"}:  # 15.3: corner zones further apart than their reach
        apart = hexes.distance(hexes.from_offset(0, 0), hexes.from_offset(columns - 1, rows - 1))
        if apart <= 2 * CORNER_RANGE + 1:
            return (f"on a {columns} x {rows} map the {title} set-up corners are only {apart} "
                    f"hexes apart; they need more than {2 * CORNER_RANGE + 1}: use a larger map")
    return None


def in_zone(hex_: Hex, zone: str, columns: int, rows: int) -> bool:
    """Whether a hex lies in a set-up zone; no zone ("") means anywhere on the map."""
    if not zone:
        return True
    col0, row0 = hexes.to_offset(hex_)
    if zone == "east":
        return col0 >= columns - EDGE_DEPTH
    if zone == "west":
        return col0 < EDGE_DEPTH
    if zone == "convoy":
        return hexes.distance(hex_, hexes.from_offset(columns - 1, rows - 1)) <= CORNER_RANGE
    if zone == "raiders":
        return hexes.distance(hex_, hexes.from_offset(0, 0)) <= CORNER_RANGE
    raise ValueError(f"unknown set-up zone {zone!r}")


def zone_text(zone: str, columns: int, rows: int) -> str:
    if not zone:
        return "on the map"
    if zone == "east":
        return f"columns {columns - EDGE_DEPTH + 1:02d}-{columns:02d}"
    if zone == "west":
        return f"columns 01-{EDGE_DEPTH:02d}"
    corner = "0101" if zone == "raiders" else f"{columns:02d}{rows:02d}"
    return f"within {CORNER_RANGE} hexes of {corner}"


def place(board: Board, order: SetupOrder, zone: str) -> str:
    """Place one galley; raises IllegalOrderError with the reason when it cannot go there."""
    key = order.galley.upper()
    galley = board.galley(key)
    assert galley is not None
    if galley.placed:
        raise IllegalOrderError(f"{galley.id} is already on the map")
    length = board.tables.galleys[galley.type].length
    footprint = hexes.footprint(order.bow, order.facing, length)
    where = ", ".join(hexes.label(h) for h in footprint)
    accepted = f"a bow hex and facing that keep every hex {zone_text(zone, board.columns, board.rows)}."
    for hex_ in footprint:
        if not board.on_map(hex_):
            raise IllegalOrderError(
                f"{galley.id} would lie on {where}; {hexes.label(hex_)} is off the map",
                accepted=accepted)
        if not in_zone(hex_, zone, board.columns, board.rows):
            raise IllegalOrderError(
                f"{galley.id} would lie on {where}; {hexes.label(hex_)} is outside the "
                f"{zone} set-up zone (4.4)", accepted=accepted)
        holder = board.occupancy.get(hex_)
        if holder is not None:
            raise IllegalOrderError(
                f"{hexes.label(hex_)} is already taken by {board.galleys[holder].id} (6.2)",
                accepted=accepted)
    board.place(key, order.bow, order.facing)
    return f"{galley.type} on {where} facing {hexes.FACINGS[order.facing]}"


# facing a galley placed by the judge takes: towards the enemy's side of the map
ZONE_FACING = {"east": 3, "west": 0, "convoy": 4, "raiders": 1, "": 0}


def place_leftovers(board: Board, side: str, zone: str) -> list[tuple[str, str, str]]:
    """House rule: a galley its side left unplaced when its set-up phase ends is placed by
    the judge, in the first spot of the zone (by row, then column) where it fits, facing
    the enemy. Returns (galley, bow, facing) for each."""
    placed = []
    facing = ZONE_FACING.get(zone, 0)
    spots = [hexes.from_offset(col0, row0) for row0 in range(board.rows)
             for col0 in range(board.columns)]
    for key, galley in list(board.galleys.items()):
        if galley.side != side or galley.placed or key in board.where:
            continue
        length = board.tables.galleys[galley.type].length
        for bow in spots:
            footprint = hexes.footprint(bow, facing, length)
            if all(board.on_map(h) and in_zone(h, zone, board.columns, board.rows)
                   and h not in board.occupancy for h in footprint):
                board.place(key, bow, facing, footprint)
                placed.append((galley.id, hexes.label(bow), hexes.FACINGS[facing]))
                break
    return placed
