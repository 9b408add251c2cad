"""The geometry screens of the speed work (issue 21), no rule, only what need not be measured:
a ship's footprint kept by its place (`placed`), its half-diagonal (`radius`), `apart` (two
footprints surely farther than a reach) and a uniform grid of ship centres. A state keeps a grid
once asked (GameState.ships_near) and moves one ship in it at a time as play moves them; a query
gives, in scenario order, every ship whose centre may lie within a square of a given half-width,
and perhaps some farther.

`Derived` is what a GameState keeps of its ship and link tuples (its id index, its links by
pair and its grid) while they stay the same tuples.

Imports the ship types and the table's footprints (never the state: `Derived` is generic in
the state's ship and link classes);
ships come to the grid as (x, y) centres by their place in scenario order.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Generic, Protocol, TypeVar

from pbem.rules.speedband.shiptypes import TYPE_NAMES, ship_type
from pbem.rules.table import Polygon, Pose, Vec, place

ShipT = TypeVar("ShipT")
LinkT = TypeVar("LinkT")

APART_SLACK = 1e-6  # inches: far above rounding, far below anything a rule measures


class Placed(Protocol):
    @property
    def type(self) -> str: ...

    @property
    def x(self) -> float: ...

    @property
    def y(self) -> float: ...


@lru_cache(maxsize=8192)
def placed(type_name: str, x: float, y: float, heading: int) -> Polygon:
    """The type's footprint at a place, kept: a ship's polygon is asked for at every step."""
    return place(ship_type(type_name).footprint, Pose(Vec(x, y), float(heading)))


@cache
def radius(type_name: str) -> float:
    """The farthest corner of the type's footprint from its centre (half its diagonal)."""
    return max(math.hypot(corner.x, corner.y) for corner in ship_type(type_name).footprint.corners)


@cache
def longest() -> float:
    """The largest radius of any type."""
    return max(radius(name) for name in TYPE_NAMES)


def apart(first: Placed, second: Placed, reach: float) -> bool:
    """True when the two footprints are surely more than `reach` apart (their centres farther
    than both half-diagonals and `reach`), so the footprint distance (G5) need not be taken.
    False says nothing."""
    gap = math.hypot(first.x - second.x, first.y - second.y)
    return gap - radius(first.type) - radius(second.type) > reach + APART_SLACK


CELL = 8.0          # inches a side: a few ships' lengths
WIDEST = 64         # cells a side: a wider query takes every ship
Key = tuple[int, int] | None  # None holds a centre that is not a finite point
Cells = Mapping[Key, tuple[int, ...]]


def key_of(x: float, y: float) -> Key:
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    return math.floor(x / CELL), math.floor(y / CELL)


def cells_of(centres: Sequence[tuple[float, float]]) -> dict[Key, tuple[int, ...]]:
    """The grid of these centres, each cell's numbers (places in scenario order) ascending."""
    found: dict[Key, list[int]] = {}
    for number, (x, y) in enumerate(centres):
        found.setdefault(key_of(x, y), []).append(number)
    return {key: tuple(numbers) for key, numbers in found.items()}


def moved(cells: Cells, number: int, before: tuple[float, float],
          after: tuple[float, float]) -> Cells:
    """The grid with the centre numbered `number` moved from `before` to `after` (the same grid when
    it stays in its cell)."""
    old, new = key_of(*before), key_of(*after)
    if old == new:
        return cells
    changed = dict(cells)
    left = tuple(kept for kept in changed[old] if kept != number)
    if left:
        changed[old] = left
    else:
        del changed[old]
    changed[new] = tuple(sorted((*changed.get(new, ()), number)))
    return changed


def around(cells: Cells, x: float, y: float, half_width: float, count: int) -> Sequence[int]:
    """The numbers, ascending, of every centre within `half_width` of (x, y) along both axes
    (some farther too) among `count` centres."""
    low, high = key_of(x - half_width, y - half_width), key_of(x + half_width, y + half_width)
    if low is None or high is None or max(high[0] - low[0], high[1] - low[1]) > WIDEST:
        return range(count)
    found = list(cells.get(None, ()))
    for column in range(low[0], high[0] + 1):
        for row in range(low[1], high[1] + 1):
            found.extend(cells.get((column, row), ()))
    found.sort()
    return found


class Derived(Generic[ShipT, LinkT]):
    """What a state's ship and link tuples give, kept while they are the same tuples: the id
    index, the links by pair (made when first asked) and the grid (GameState.ships_near)."""

    __slots__ = ("ships", "links", "index", "pairs", "cells")

    def __init__(self, ships: tuple[ShipT, ...], links: tuple[LinkT, ...], index: Mapping[str, int],
                 pairs: Mapping[frozenset[str], LinkT] | None = None,
                 cells: Cells | None = None) -> None:
        self.ships, self.links, self.index = ships, links, index
        self.pairs, self.cells = pairs, cells
