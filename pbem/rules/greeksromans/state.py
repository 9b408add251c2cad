"""The position of a Greeks vs Romans game: ships with their crews, and the turn (rulings §2, §4).

Everything is frozen; play makes new values. Positions are kept at full precision (§5.3) and
rounded only in views.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

from pbem.rules.events import Event
from pbem.rules.greeksromans.switches import Options
from pbem.rules.table import GREEKS_ROMANS, Footprint, Polygon, Pose, Table, Vec, place, rectangle
from pbem.rules.table.params import CoreParameters

AFLOAT, SINKING, SUNK, LEFT = "afloat", "sinking", "sunk", "left"
STATUSES = (AFLOAT, SINKING, SUNK, LEFT)
GREEK, ROMAN = "greek", "roman"

# Starting crews by nationality (§2): sailors, marines, captain.
CREWS: Mapping[str, tuple[int, int, int]] = {GREEK: (3, 2, 1), ROMAN: (2, 3, 1)}


@dataclass(frozen=True, slots=True)
class Ship:
    """One ship (§2). `side` is the side it started with; `controller` the side that owns it
    now (§8). `flagship` marks the ship that began with the side's admiral (§13)."""

    id: str
    side: str
    nationality: str
    x: float
    y: float
    heading: int
    sailors: int
    marines: int
    captain: int
    catapult: bool
    catapult_crew: int
    admiral: int
    controller: str
    status: str = AFLOAT
    length: float = 4.0
    beam: float = 1.0
    flagship: bool = False

    @property
    def pose(self) -> Pose:
        return Pose(Vec(self.x, self.y), float(self.heading))

    @property
    def footprint(self) -> Footprint:
        return _rectangle(self.length, self.beam)

    def polygon(self) -> Polygon:
        return placed_footprint(self.x, self.y, self.heading, self.length, self.beam)

    @property
    def on_table(self) -> bool:
        """Afloat or sinking: still there to block, be struck and be shot at (§5.4, §10)."""
        return self.status in (AFLOAT, SINKING)

    @property
    def captured(self) -> bool:
        return self.controller != self.side

    @property
    def working_catapult(self) -> bool:
        return self.catapult and self.catapult_crew > 0


@lru_cache(maxsize=8192)
def placed_footprint(x: float, y: float, heading: int, length: float, beam: float) -> Polygon:
    # A placed footprint is a pure value of the ship's pose and size: a ship that has not
    # moved is not placed again for every other ship's every step.
    return place(_rectangle(length, beam), Pose(Vec(x, y), float(heading)))


@lru_cache(maxsize=16)
def _rectangle(length: float, beam: float) -> Footprint:
    # Footprints are pure values: one per size serves every ship of that size.
    return rectangle(length, beam)


@dataclass(frozen=True)
class GameState:
    """The table and the turn. `half` is 0 before the first half of a turn opens (initiative,
    set-up), else 1 or 2; `initiative` is the side doing half 1 ("" before the first roll);
    `action_points` are the AP fixed when the open half began, per phasing ship (§5.1)."""

    ships: tuple[Ship, ...]
    sides: tuple[str, str]
    options: Options
    turn: int = 1
    half: int = 0
    initiative: str = ""
    last_initiative_loser: str = ""
    bonus: int = 0
    action_points: tuple[tuple[str, int], ...] = ()
    winner: str | None = None
    scenario: str = "default"
    title: str = "Greeks vs Romans"
    _index: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {s.id.upper(): i for i, s in enumerate(self.ships)})

    def ship(self, ship_id: str) -> Ship | None:
        index = self._index.get(ship_id.upper())
        return None if index is None else self.ships[index]

    def require(self, ship_id: str) -> Ship:
        found = self.ship(ship_id)
        if found is None:
            raise ValueError(f"there is no ship {ship_id} in this game")
        return found

    def with_ships(self, ships: Iterable[Ship], **changes: object) -> GameState:
        return replace(self, ships=tuple(ships), **changes)  # type: ignore[arg-type]

    def with_ship(self, ship: Ship) -> GameState:
        index = self._index[ship.id.upper()]
        ships = list(self.ships)
        ships[index] = ship
        return replace(self, ships=tuple(ships))

    def ap(self, ship_id: str) -> int | None:
        for name, points in self.action_points:
            if name.upper() == ship_id.upper():
                return points
        return None

    @property
    def phasing(self) -> str:
        """The side performing the open half ("" when no half is open)."""
        if self.half == 0 or not self.initiative:
            return ""
        return self.initiative if self.half == 1 else self.other(self.initiative)

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    @property
    def core(self) -> CoreParameters:
        """The geometry core's parameters with this game's table and contact tolerance."""
        return replace(GREEKS_ROMANS, table=Table(self.options.table_width, self.options.table_height),
                       contact_tolerance=self.options.contact_tolerance)

    @property
    def table(self) -> Table:
        return Table(self.options.table_width, self.options.table_height)

    @property
    def epsilon(self) -> float:
        return GREEKS_ROMANS.epsilon


def crew_for(nationality: str) -> tuple[int, int, int]:
    """Sailors, marines, captain a ship of this nationality starts with (§2)."""
    found = CREWS.get(nationality)
    if found is None:
        raise ValueError(f"nationality {nationality!r} is not greek or roman")
    return found


Played = tuple[GameState, tuple[Event, ...]]
"""A step of play's result: the new state and what happened, in order."""
