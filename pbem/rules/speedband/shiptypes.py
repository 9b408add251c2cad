"""The ship table of rulings §2.1 (house rule `ship_table`), the band ladder of §2.3 and §3.1,
turns per band (Play Aid: Turning, §3.3) and the row shifts of §16.

Band maxima are kept in tenths of an inch so that every speed comparison is exact (§3.1).
The rows are in §2.1's order: the next row down is one slower and turns no sharper (text 9.1,
9.2, 9.5), so a shift is an index step, held at the table's ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from pbem.rules.table import Footprint, rectangle

# The band ladder (§2.3): Back Oars 0, Stop 1, Slow 2, Cruise 3, Battle 4, Ram 5.
BACK, STOP, SLOW, CRUISE, BATTLE, RAM = "back", "stop", "slow", "cruise", "battle", "ram"
BANDS = (BACK, STOP, SLOW, CRUISE, BATTLE, RAM)
BAND_INDEX: Mapping[str, int] = {band: index for index, band in enumerate(BANDS)}
FORWARD_BANDS = (SLOW, CRUISE, BATTLE, RAM)

# Play Aid: Turning (§3.3): how many turns a path may hold in each band.
TURNS_BY_BAND: Mapping[str, int] = {BACK: 1, STOP: 3, SLOW: 3, CRUISE: 2, BATTLE: 1, RAM: 0}

SECTIONS = 8  # oar sections, numbered 1-8 bow to stern; odd port, even starboard (`oar_sides`)

TRIAKONTER, PENTAKONTER, TRIREME, QUADREME = "triakonter", "pentakonter", "trireme", "quadreme"
QUINQUEREME, HEPTARES, OCTERES, DEKERES = "quinquereme", "heptares", "octeres", "dekeres"


@dataclass(frozen=True)
class ShipType:
    """One row of §2.1. Lengths in inches; band maxima in tenths of an inch (Back is the
    largest backward speed); `turn_angle` the largest heading change of one turn;
    `rowers` the rower factors of each of the eight sections at the start."""

    name: str
    length: float
    beam: float
    tons: int
    back: int
    slow: int
    cruise: int
    battle: int
    ram: int
    turn_angle: int
    rowers: int
    archers: int
    soldiers: int
    officers: int
    ballistae: int
    tower: bool
    corvus_allowed: bool
    heavy: bool

    def band_maximum(self, band: str) -> int:
        """The largest speed of a band in tenths (Stop is 0; Back a backward distance)."""
        return {BACK: self.back, STOP: 0, SLOW: self.slow, CRUISE: self.cruise,
                BATTLE: self.battle, RAM: self.ram}[band]

    @property
    def footprint(self) -> Footprint:
        """The G3 rectangle L x W (house rule `footprint`)."""
        return _footprint(self.length, self.beam)


@cache
def _footprint(length: float, beam: float) -> Footprint:
    return rectangle(length, beam)


def _row(name: str, length: float, beam: float, tons: int, speeds: tuple[int, int, int, int, int],
         turn: int, rowers: int, archers: int, soldiers: int, ballistae: int,
         big: bool, heavy: bool) -> ShipType:
    back, slow, cruise, battle, ram = (10 * speed for speed in speeds)
    return ShipType(name, length, beam, tons, back, slow, cruise, battle, ram, turn, rowers,
                    archers, soldiers, 3, ballistae, tower=big, corvus_allowed=big, heavy=heavy)


# §2.1: type, L, W, tons, (Back, Slow, Cruise, Battle, Ram) in inches, turn, rowers/section,
# archers, soldiers, ballistae, tower and corvus allowed, heavy. Every ship has 3 officers.
SHIP_TYPES: tuple[ShipType, ...] = (
    _row(TRIAKONTER, 3.0, 0.75, 15, (2, 7, 9, 11, 12), 60, 1, 1, 1, 0, False, False),
    _row(PENTAKONTER, 3.5, 0.75, 25, (2, 7, 9, 10, 12), 60, 1, 1, 2, 0, False, False),
    _row(TRIREME, 4.0, 1.0, 50, (2, 7, 8, 10, 11), 45, 2, 2, 2, 0, False, False),
    _row(QUADREME, 4.5, 1.25, 70, (2, 6, 7, 9, 10), 40, 3, 3, 2, 1, True, False),
    _row(QUINQUEREME, 5.0, 1.25, 100, (2, 6, 7, 8, 9), 30, 4, 3, 4, 1, True, False),
    _row(HEPTARES, 5.5, 1.5, 150, (1, 5, 6, 7, 8), 30, 5, 4, 6, 2, True, True),
    _row(OCTERES, 6.0, 1.75, 180, (1, 5, 6, 7, 8), 20, 6, 4, 8, 2, True, True),
    _row(DEKERES, 7.0, 2.0, 250, (1, 4, 5, 6, 7), 15, 8, 6, 10, 3, True, True),
)
TYPE_BY_NAME: Mapping[str, ShipType] = {row.name: row for row in SHIP_TYPES}
TYPE_NAMES = tuple(row.name for row in SHIP_TYPES)


def ship_type(name: str) -> ShipType:
    """A row by its name in any case; ValueError with a sentence naming the rows otherwise."""
    row = TYPE_BY_NAME.get(name.strip().lower())
    if row is None:
        raise ValueError(f"there is no ship type {name!r}; the types are {', '.join(TYPE_NAMES)}")
    return row


def shifted(row: ShipType, rows_down: int) -> ShipType:
    """The row `rows_down` rows below (negative: above), held at the table's ends (§16:
    `opt_crew_quality` and `opt_overcrew` move a ship's speeds and turns this way)."""
    index = TYPE_NAMES.index(row.name) + rows_down
    return SHIP_TYPES[min(max(index, 0), len(SHIP_TYPES) - 1)]


def band_of(row: ShipType, tenths: int) -> str | None:
    """The band of a written speed in tenths (§3.1): negative is backward. None when the speed
    is above the Ram (or Back) maximum, which is illegal."""
    if tenths == 0:
        return STOP
    if tenths < 0:
        return BACK if -tenths <= row.back else None
    for band in FORWARD_BANDS:
        if tenths <= row.band_maximum(band):
            return band
    return None


def max_band(row: ShipType, lost_sections: int, hull: int) -> str:
    """§2.3: Ram less one band per two lost sections and per 30% of hull lost, never below Stop
    (so Back Oars is always within it)."""
    index = (BAND_INDEX[RAM] - lost_sections // 2 - max(0, 100 - hull) // 30)
    return BANDS[max(index, BAND_INDEX[STOP])]
