"""Wooden Walls' ship table and its class tables, in SL (rulings §4.1, §4.3, §4.4, §4.5).

The eleven types of §4.1 (house rule `ship_table`) as frozen `ShipType` rows in the rulings'
order; the six classes of §4.4 (§4.3 prints small and one-bank on one line) as `ShipClass` rows
holding the turn limits of both `turn_table` sets, the maximum speed increase, the pivot limit,
the deck capacities and the frontage; §4.5's default load per type; hole units; the turn scale.
Each type's footprint is the core's stretched octagon L × W (§2, G3) and its hull, for shooting
arcs only, the same with the beam less 0.05 SL (house rule `hull_outline`).

Checked against the text (003, body 8.1, 8.3, 10, 11.5, 11.6 and Appendix 1) where the rulings
say it holds: oar sections, RAV, damage capacity, heights, turn and pivot limits agree; the
pentekonters' and the trihemiola's RAV and the larger ships' height are the rulings' own (§4.1).
Deck capacities, frontage and default loads are the rulings' alone (Appendix 2 has no numbers).

Imports: pbem.rules.table (Footprint, stretched_octagon).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from pbem.rules.table import Footprint, stretched_octagon

# The classes (§4.1 "class selects every class-based table"), from the smallest.
SMALL, ONE_BANK, TWO_BANK, TRIREME_CLASS, QUAD_QUIN, LARGER = (
    "small", "one-bank", "two-bank", "trireme", "quad/quin", "larger")

# Protection (§4.1): undecked; decked with the oarsmen exposed; decked and covered.
OPEN, APHRACT, CATAPHRACT = "open", "aphract", "cataphract"
PROTECTIONS = (OPEN, APHRACT, CATAPHRACT)

# Deck areas (§2, §4.4): bow, midships, stern and the two towers (T1 on the bow section).
AREAS = ("B", "M", "S", "T1", "T2")
TOWER_CAPACITY = 2  # elements per tower (§4.4, text 4.6)
TOWER_RISE = 2  # a tower area is this much higher than its ship (§4.1, text App. 1)
HULL_MARGIN = 0.05  # SL off the footprint's beam for the hull (house rule `hull_outline`, §2)

# Holes count in units (§4.1 reading); capacity is in units and serves fire too (§13).
HOLE_UNITS: Mapping[str, int] = {"S": 1, "M": 2, "L": 4}

# The turn scale (§4.3); a "class" of turning is one step on it, held between its ends.
TURN_SCALE: tuple[float, ...] = (90.0, 60.0, 45.0, 30.0, 22.5, 10.0)

# House rule `turn_table` (§4.3): `first` the plain values, `second` those in parentheses.
FIRST_TABLE, SECOND_TABLE = "first", "second"
TURN_TABLES = (FIRST_TABLE, SECOND_TABLE)
# House rule `turn_column` (§4.3): Slow at speed 1 and backing, Faster at 2-4.
SLOW, FASTER = "slow", "faster"
TURN_COLUMNS = (SLOW, FASTER)

# Element kinds and the kit of a default load (§4.5): grade, armoured, shielded.
MARINES, SHOOTERS, ENGINE = "marines", "shooters", "engine"
DEFAULT_KIT: Mapping[str, tuple[str, bool, bool]] = {
    MARINES: ("experienced", True, True),
    SHOOTERS: ("experienced", False, False),
}


@dataclass(frozen=True)
class ShipClass:
    """One class and its tables: §4.3's maximum speed increase per action phase, moving turn
    limits (Slow, Faster) under `turn_table = first` and `second`, the pivot limit when stopped;
    §4.4's capacities of B, M and S in elements (both sides together) and the frontage."""

    name: str
    max_increase: int
    turn_first: tuple[float, float]
    turn_second: tuple[float, float]
    pivot: float
    bow: int
    midships: int
    stern: int
    frontage: int

    def turn_limit(self, column: str, table: str = FIRST_TABLE) -> float:
        """The moving turn limit of one segment before any shift (§4.3): `column` "slow" or
        "faster", `table` "first" or "second". ValueError with a sentence for other words."""
        if table not in TURN_TABLES:
            raise ValueError(f"there is no turn table {table!r}; the turn tables are first, second")
        if column not in TURN_COLUMNS:
            raise ValueError(f"there is no turn column {column!r}; the turn columns are slow, faster")
        pair = self.turn_first if table == FIRST_TABLE else self.turn_second
        return pair[TURN_COLUMNS.index(column)]

    def capacity(self, area: str) -> int:
        """Elements an area holds, both sides together (§4.4; a tower 2)."""
        capacities = {"B": self.bow, "M": self.midships, "S": self.stern,
                      "T1": TOWER_CAPACITY, "T2": TOWER_CAPACITY}
        if area not in capacities:
            raise ValueError(f"there is no deck area {area!r}; the areas are {', '.join(AREAS)}")
        return capacities[area]


# §4.3 and §4.4 by class: increase, (Slow, Faster) first, (Slow, Faster) second, pivot,
# capacities B, M, S, frontage.
SHIP_CLASSES: tuple[ShipClass, ...] = (
    ShipClass(SMALL, 1, (90.0, 60.0), (90.0, 60.0), 90.0, 1, 1, 1, 1),
    ShipClass(ONE_BANK, 1, (90.0, 60.0), (90.0, 60.0), 90.0, 1, 2, 1, 1),
    ShipClass(TWO_BANK, 2, (90.0, 60.0), (60.0, 45.0), 60.0, 2, 2, 2, 2),
    ShipClass(TRIREME_CLASS, 3, (60.0, 45.0), (45.0, 30.0), 45.0, 2, 3, 2, 2),
    ShipClass(QUAD_QUIN, 2, (60.0, 45.0), (30.0, 22.5), 22.5, 3, 4, 3, 2),
    ShipClass(LARGER, 1, (45.0, 30.0), (22.5, 22.5), 22.5, 3, 6, 3, 2),
)
CLASS_BY_NAME: Mapping[str, ShipClass] = {row.name: row for row in SHIP_CLASSES}
CLASS_NAMES = tuple(row.name for row in SHIP_CLASSES)


@dataclass(frozen=True)
class DefaultLoad:
    """§4.5's default load of a type: how many elements of each kind (house rule
    `default_load`; a scenario may override, and a ship given elements carries only those)."""

    marines: int
    shooters: int
    engines: int


@dataclass(frozen=True)
class ShipType:
    """One row of §4.1, lengths in SL: `length` L and `beam` W of the base, `oar_sections` n
    per side, `rav` the ram attack value (None: no ram allowed), `hole_capacity` in hole units,
    `height` the height band, `protection` the default (a scenario may set any), and §4.5's
    `default_load`."""

    id: str
    name: str
    ship_class: ShipClass
    rating: int
    length: float
    beam: float
    oar_sections: int
    rav: int | None
    hole_capacity: int
    height: int
    protection: str
    default_load: DefaultLoad

    @property
    def defence_size(self) -> int:
        """The size value for defence (§10.3 `ram_defence`): the RAV, small ships 0, unchanged
        when the ram is lost (§4.1)."""
        return 0 if self.rav is None else self.rav

    @property
    def ram_by_default(self) -> bool:
        """Option `ram` is on for every type with an RAV (§4.1)."""
        return self.rav is not None

    @property
    def grapnels_by_default(self) -> bool:
        """Option `grapnels` is on except on small ships (§4.1)."""
        return self.ship_class.name != SMALL

    @property
    def may_be_toughened(self) -> bool:
        """Option `toughened` needs rating 2 or more (§4.1)."""
        return self.rating >= 2

    @property
    def may_have_towers(self) -> bool:
        """Option `towers` (0-2) is for quad/quin and larger only (§4.1)."""
        return self.ship_class.name in (QUAD_QUIN, LARGER)

    @property
    def ignores_small_holes(self) -> bool:
        """Small holes, original or added, are not placed on quad/quin and larger (§10.3, §10.7)."""
        return self.ship_class.name in (QUAD_QUIN, LARGER)

    @property
    def footprint(self) -> Footprint:
        """The base: the stretched octagon L × W (§2, G3)."""
        return _octagon(self.length, self.beam)

    @property
    def hull(self) -> Footprint:
        """The hull for shooting arcs only: the octagon L × (W − 0.05) (house rule `hull_outline`)."""
        return _octagon(self.length, round(self.beam - HULL_MARGIN, 9))


@cache
def _octagon(length: float, beam: float) -> Footprint:
    return stretched_octagon(length, beam)


def _row(type_id: str, name: str, class_name: str, rating: int, size: tuple[float, float],
         oar_sections: int, rav: int | None, hole_capacity: int, height: int, protection: str,
         load: tuple[int, int, int]) -> ShipType:
    return ShipType(type_id, name, CLASS_BY_NAME[class_name], rating, size[0], size[1], oar_sections,
                    rav, hole_capacity, height, protection, DefaultLoad(*load))


# §4.1: id, name, class, rating, L × W, oar sections per side, RAV, hole capacity (units),
# height, protection; then §4.5's default load (marines, shooters, engines).
SHIP_TYPES: tuple[ShipType, ...] = (
    _row("oar20", "20-oar", SMALL, 1, (0.60, 0.20), 1, None, 2, 1, OPEN, (1, 0, 0)),
    _row("oar30", "30-oar", SMALL, 1, (0.70, 0.20), 1, None, 2, 1, OPEN, (1, 0, 0)),
    _row("pentekonter", "pentekonter", ONE_BANK, 1, (0.80, 0.25), 2, 1, 4, 1, OPEN, (1, 1, 0)),
    _row("pentekonter2", "two-bank pentekonter", TWO_BANK, 2, (0.80, 0.30), 3, 1, 8, 2, APHRACT,
         (2, 1, 0)),
    _row("hemiola", "hemiola", ONE_BANK, 2, (0.90, 0.25), 2, 1, 4, 1, OPEN, (1, 1, 0)),
    _row("liburnian", "liburnian", TWO_BANK, 2, (1.00, 0.30), 3, 1, 8, 1, APHRACT, (2, 1, 0)),
    _row("trihemiola", "trihemiola", TRIREME_CLASS, 3, (1.10, 0.30), 3, 2, 12, 2, APHRACT, (2, 1, 0)),
    _row("trireme", "trireme", TRIREME_CLASS, 3, (1.20, 0.30), 3, 2, 12, 2, APHRACT, (2, 1, 0)),
    _row("quadrireme", '"4"', QUAD_QUIN, 4, (1.30, 0.35), 4, 3, 16, 3, CATAPHRACT, (3, 2, 0)),
    _row("quinquereme", '"5"', QUAD_QUIN, 5, (1.40, 0.40), 4, 4, 16, 4, CATAPHRACT, (3, 1, 1)),
    _row("larger", '"6" and up', LARGER, 6, (1.60, 0.50), 5, 5, 24, 5, CATAPHRACT, (4, 1, 1)),
)
TYPE_BY_ID: Mapping[str, ShipType] = {row.id: row for row in SHIP_TYPES}
TYPE_IDS = tuple(row.id for row in SHIP_TYPES)


def ship_type(type_id: str) -> ShipType:
    """A row by its id in any case; ValueError with a sentence naming the ids otherwise."""
    row = TYPE_BY_ID.get(type_id)  # the stored id itself: asked at every step
    if row is not None:
        return row
    row = TYPE_BY_ID.get(type_id.strip().lower())
    if row is None:
        raise ValueError(f"there is no ship type {type_id!r}; the types are {', '.join(TYPE_IDS)}")
    return row


def ship_class(name: str) -> ShipClass:
    """A class by its name in any case; ValueError with a sentence naming the classes otherwise."""
    row = CLASS_BY_NAME.get(name.strip().lower())
    if row is None:
        raise ValueError(f"there is no ship class {name!r}; the classes are {', '.join(CLASS_NAMES)}")
    return row


def turn_column(speed: int | str) -> str | None:
    """The column of §4.3's table for a speed (house rule `turn_column`): "slow" at 1 and "B",
    "faster" at 2-4, None when stopped (a stopped ship pivots instead)."""
    if speed == "B" or speed == 1:
        return SLOW
    if speed in (2, 3, 4):
        return FASTER
    if speed == 0:
        return None
    raise ValueError(f"there is no speed {speed!r}; the speeds are 0, 1, 2, 3, 4 and B")


def shifted_turn(angle: float, classes: int) -> float:
    """The angle `classes` steps along the turn scale, up (wider, towards 90) when positive,
    held between 90 and 10 (§4.3: First Rate +1, Poor −1, holed −1, a lost steering oar −2)."""
    if angle not in TURN_SCALE:
        scale = ", ".join(f"{step:g}" for step in TURN_SCALE)
        raise ValueError(f"{angle:g}° is not on the turn scale; the scale is {scale}")
    index = TURN_SCALE.index(angle) - classes
    return TURN_SCALE[min(max(index, 0), len(TURN_SCALE) - 1)]


def hole_units(holes: Iterable[str]) -> int:
    """The units of a list of holes "S", "M", "L" (§4.1 reading: 1, 2, 4)."""
    total = 0
    for size in holes:
        if size not in HOLE_UNITS:
            raise ValueError(f"there is no hole size {size!r}; the sizes are S, M and L")
        total += HOLE_UNITS[size]
    return total
