"""Hex geometry for Ram Speed (rulings §1, §2).

Hexes are pointy-topped in horizontal rows; labels are `CCRR` (column, row, from 01), and
every even-numbered row is shifted half a hex east ("odd-r" on 0-based indexes).
Internally a hex is an axial pair (q, r): r is the 0-based row, q = col0 - (r - (r & 1)) // 2.
"""

from __future__ import annotations

import functools
import re

Hex = tuple[int, int]

# Facings in clockwise order; starboard is +1, port is -1 (rulings §1).
FACINGS = ("E", "SE", "SW", "W", "NW", "NE")
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

_LABEL = re.compile(r"^(\d\d)(\d\d)$")


def from_offset(col0: int, row0: int) -> Hex:
    return (col0 - (row0 - (row0 & 1)) // 2, row0)


def to_offset(hex_: Hex) -> tuple[int, int]:
    q, r = hex_
    return (q + (r - (r & 1)) // 2, r)


def parse_label(text: str) -> Hex:
    """`0807` -> the hex at column 8, row 7. Raises ValueError for anything else."""
    match = _LABEL.match(text.strip())
    if not match:
        raise ValueError(f"'{text}' is not a hex; write four digits, column then row, like 0807")
    col, row = int(match.group(1)), int(match.group(2))
    if col < 1 or row < 1:
        raise ValueError(f"'{text}' is not a hex; columns and rows count from 01")
    return from_offset(col - 1, row - 1)


def label(hex_: Hex) -> str:
    col0, row0 = to_offset(hex_)
    return f"{col0 + 1:02d}{row0 + 1:02d}"


def facing_index(text: str) -> int:
    if text.upper() not in FACINGS:
        raise ValueError(f"'{text}' is not a facing; facings are {' '.join(FACINGS)}")
    return FACINGS.index(text.upper())


def add(hex_: Hex, direction: int, steps: int = 1) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return (hex_[0] + dq * steps, hex_[1] + dr * steps)


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(hex_: Hex) -> tuple[Hex, ...]:
    q, r = hex_
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def on_map(hex_: Hex, columns: int, rows: int) -> bool:
    col0, row0 = to_offset(hex_)
    return 0 <= col0 < columns and 0 <= row0 < rows


@functools.lru_cache(maxsize=8)
def map_hexes(columns: int, rows: int) -> frozenset[Hex]:
    """Every hex of a map of this size (on_map of each is true), for a membership test."""
    return frozenset(from_offset(col0, row0) for col0 in range(columns) for row0 in range(rows))


def off_map_edge(hex_: Hex, columns: int, rows: int) -> str | None:
    """Which edge a hex lies beyond (north, south, west, east), or None when on the map."""
    col0, row0 = to_offset(hex_)
    if row0 < 0:
        return "north"
    if row0 >= rows:
        return "south"
    if col0 < 0:
        return "west"
    if col0 >= columns:
        return "east"
    return None


def footprint(bow: Hex, facing: int, length: int) -> tuple[Hex, ...]:
    """The hexes of a galley, bow first, stern following behind along its facing (§2)."""
    dq, dr = DIRECTIONS[facing % 6]
    q, r = bow
    return tuple((q - dq * k, r - dr * k) for k in range(length))


def side_row(bow: Hex, facing: int, length: int, side: int) -> tuple[Hex, ...]:
    """The L+1 hexes touching a galley along one side (side -1 = port, +1 = starboard),
    from the hex beside and just ahead of the bow to the one beside and just behind the stern."""
    start = add(bow, facing + side)
    dq, dr = DIRECTIONS[facing % 6]
    return tuple((start[0] - dq * k, start[1] - dr * k) for k in range(length + 1))


def galley_distance(a: tuple[Hex, ...], b: tuple[Hex, ...]) -> int:
    """Range between two galleys: between their closest hexes (rule 11.2)."""
    return min(distance(x, y) for x in a for y in b)


def touching(a: tuple[Hex, ...], b: tuple[Hex, ...]) -> bool:
    """True when any hex of one galley is next to any hex of the other."""
    return galley_distance(a, b) == 1
