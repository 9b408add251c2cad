"""Ship classes, crew factors and equipment (rulings §2 footprints, §3, and §4's cost parts).

The class table of §3.1 with the switch `special_ship` applied, each class's footprint (§2, a
rectangle as the core's `RAM_CRUISE` parameters say), the crew maxima of text part 4, crew
factors by type, class and duty (§3.2) and the equipment a class may carry and what it costs
(§3.3, §4). Rows that come from a house rule name their switch.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from pbem.rules.table import RAM_CRUISE, Footprint, FootprintShape, rectangle

MONOREME, BIREME, TRIREME, QUINQUEREME, SIXTEEN = (
    "monoreme", "bireme", "trireme", "quinquereme", "sixteen")

# special_ship (§3.1): the sixteen at quinquereme speed for 16 points, the printed row, or none.
SPECIAL_SHIP_SETTINGS = ("sixteen", "printed", "off")

# Crew classes and their modifier on every die they add to (§3.2).
ELITE, REGULAR, GREEN = "elite", "regular", "green"
CREW_CLASSES = (ELITE, REGULAR, GREEN)
CLASS_MODIFIER: Mapping[str, int] = {ELITE: 1, REGULAR: 0, GREEN: -1}
# `crew_costs` (§4, house rule): what a crew type of each class adds to a ship's build cost.
CLASS_COST: Mapping[str, int] = {ELITE: 1, REGULAR: 0, GREEN: -1}

# Crew types (text part 4) and the four loss categories every casualty rule uses (§3.2).
CREWMEN, BOWMEN, MARINES = "crewmen", "bowmen", "marines"
CREW_TYPES = (CREWMEN, BOWMEN, MARINES)
MAR, BOW, DECK, OAR = "mar", "bow", "deck", "oar"
LOSS_CATEGORIES = (MAR, BOW, DECK, OAR)
CATEGORY_TYPE: Mapping[str, str] = {MAR: MARINES, BOW: BOWMEN, DECK: CREWMEN, OAR: CREWMEN}

# Equipment (§3.3): boarding gear is a corvus or a harpax, never both.
CORVUS, HARPAX = "corvus", "harpax"
GEAR = (CORVUS, HARPAX)


@dataclass(frozen=True)
class ShipClass:
    """One row of the class table (§3.1) with its footprint (§2). Speeds are inches; `turns`
    is the pivots a move may hold; `points` the purchase points; `house_rule` the switch a row
    comes from ("" for a printed row read as printed)."""

    name: str
    oarbanks: int
    ram: int
    cruise: int
    strategic: int
    turns: int
    points: int
    crew_maximum: int
    rout_sail: int
    length: float
    beam: float
    house_rule: str = ""

    @property
    def zone_limit(self) -> float:
        """How far from the centre the bow and stern zones begin: L/4 (§1 item 3, `ram_zones`)."""
        return self.length / 4

    @property
    def footprint(self) -> Footprint:
        return class_footprint(self.length, self.beam)

    def bigger_than(self, other: ShipClass) -> bool:
        """More oarbanks; equal oarbanks is not bigger (§3.1)."""
        return self.oarbanks > other.oarbanks


# The class table (§3.1) and the footprints (§2), in the rulings' order.
_BASE_CLASSES: tuple[ShipClass, ...] = (
    ShipClass(QUINQUEREME, 5, 8, 4, 2, 2, 5, 12, 8, 5.0, 1.5),
    ShipClass(TRIREME, 3, 12, 6, 3, 3, 3, 7, 8, 4.0, 1.0),
    ShipClass(BIREME, 2, 16, 8, 4, 4, 2, 5, 7, 3.0, 1.0),
    ShipClass(MONOREME, 1, 16, 8, 4, 4, 2, 3, 7, 2.5, 0.75, house_rule="other_classes"),
)
_SIXTEENS: Mapping[str, ShipClass] = {
    "sixteen": ShipClass(SIXTEEN, 16, 8, 4, 2, 2, 16, 36, 6, 6.0, 2.0, house_rule="special_ship"),
    "printed": ShipClass(SIXTEEN, 16, 16, 8, 4, 4, 1, 36, 6, 6.0, 2.0, house_rule="special_ship"),
}
CLASS_NAMES = (QUINQUEREME, TRIREME, BIREME, MONOREME, SIXTEEN)


def crew_maximum_for(oarbanks: int) -> int:
    """Text part 4: 1–3 oarbanks 2n + 1, 4–9 2n + 2, 10 or more 2n + 4."""
    if oarbanks < 1:
        raise ValueError(f"a ship has at least one oarbank, not {oarbanks}")
    if oarbanks <= 3:
        return 2 * oarbanks + 1
    if oarbanks <= 9:
        return 2 * oarbanks + 2
    return 2 * oarbanks + 4


@lru_cache(maxsize=4)
def class_table(special_ship: str = "sixteen") -> Mapping[str, ShipClass]:
    """The classes in force, by name, in the rulings' order (`special_ship`: sixteen, printed
    or off, §3.1)."""
    if special_ship not in SPECIAL_SHIP_SETTINGS:
        raise ValueError(f"special_ship is {', '.join(SPECIAL_SHIP_SETTINGS)}, not {special_ship!r}")
    rows = list(_BASE_CLASSES)
    if special_ship in _SIXTEENS:
        rows.append(_SIXTEENS[special_ship])
    return {row.name: row for row in rows}


def ship_class(name: str, special_ship: str = "sixteen") -> ShipClass:
    """A class by name (any case); ValueError with a sentence naming the classes in force."""
    table = class_table(special_ship)
    found = table.get(name.strip().lower())
    if found is None:
        more = " (special_ship = off: no sixteens in this game)" \
            if name.strip().lower() == SIXTEEN else ""
        raise ValueError(f"there is no ship class {name!r}{more}; the classes are "
                         f"{', '.join(table)}")
    return found


def dimensions(name: str) -> tuple[float, float]:
    """A class's length and beam (§2; the sixteen's whichever `special_ship` row is used)."""
    for row in (*_BASE_CLASSES, _SIXTEENS["sixteen"]):
        if row.name == name:
            return row.length, row.beam
    raise ValueError(f"there is no ship class {name!r}; the classes are {', '.join(CLASS_NAMES)}")


@lru_cache(maxsize=16)
def half_diagonal(name: str) -> float:
    """How far a class's hull reaches from its centre: half its diagonal (every corner lies
    this far off, so two hulls whose centres are farther apart than the sum plus a gap are
    farther apart than the gap). The broad-phase screens use it."""
    length, beam = dimensions(name)
    return math.hypot(length / 2, beam / 2)


@lru_cache(maxsize=16)
def class_footprint(length: float, beam: float) -> Footprint:
    """The class's rectangle, oars included (§2; G3 as `RAM_CRUISE` sets it)."""
    if RAM_CRUISE.footprint is not FootprintShape.RECTANGLE:  # pragma: no cover - core data
        raise ValueError("ram-cruise footprints are rectangles (G1)")
    return rectangle(length, beam)


@dataclass(frozen=True, slots=True)
class Crew:
    """A ship's crew factors by type and duty (§3.2): crewmen at the oars (`oar`) and on deck
    (`deck`), bowmen and marines, and one class per type."""

    oar: int = 0
    deck: int = 0
    bowmen: int = 0
    marines: int = 0
    crewmen_class: str = REGULAR
    bowmen_class: str = REGULAR
    marines_class: str = REGULAR

    def __post_init__(self) -> None:
        for name in ("oar", "deck", "bowmen", "marines"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"crew factors are whole numbers of 0 or more, not {name} = {value!r}")
        for name in ("crewmen_class", "bowmen_class", "marines_class"):
            if getattr(self, name) not in CREW_CLASSES:
                raise ValueError(f"{name} is elite, regular or green, not {getattr(self, name)!r}")

    @property
    def crewmen(self) -> int:
        return self.oar + self.deck

    @property
    def total(self) -> int:
        return self.oar + self.deck + self.bowmen + self.marines

    @property
    def fighting(self) -> int:
        """Factors that melee: marines and crewmen on deck (§12.2)."""
        return self.marines + self.deck

    def of_type(self, crew_type: str) -> int:
        return {CREWMEN: self.crewmen, BOWMEN: self.bowmen, MARINES: self.marines}[crew_type]

    def class_of_type(self, crew_type: str) -> str:
        return {CREWMEN: self.crewmen_class, BOWMEN: self.bowmen_class,
                MARINES: self.marines_class}[crew_type]

    def count(self, category: str) -> int:
        """Factors in a loss category (§3.2): mar, bow, deck, oar."""
        return {MAR: self.marines, BOW: self.bowmen, DECK: self.deck, OAR: self.oar}[category]

    def class_of(self, category: str) -> str:
        """The class of the type a loss category belongs to (§3.2)."""
        return self.class_of_type(CATEGORY_TYPE[category])

    def modifier(self, category: str) -> int:
        """Elite +1, regular 0, green −1 for that category's type (§3.2)."""
        return CLASS_MODIFIER[self.class_of(category)]

    def lowest_class(self) -> str | None:
        """The worst class among the types that still have a factor (§3.2, for morale);
        None when no factor is left."""
        present = [self.class_of_type(t) for t in CREW_TYPES if self.of_type(t) > 0]
        if not present:
            return None
        return max(present, key=CREW_CLASSES.index)

    def manned(self, oarbanks: int) -> int:
        """Manned oarbanks: min(oarbanks, crewmen at the oars) (§3.2)."""
        return min(oarbanks, self.oar)

    def unmanned(self, oarbanks: int) -> int:
        return oarbanks - self.manned(oarbanks)

    def without(self, category: str, factors: int = 1) -> Crew:
        """The crew after losing factors of one category; ValueError if it has too few."""
        if factors < 0 or self.count(category) < factors:
            raise ValueError(f"the crew has {self.count(category)} {category}, not {factors} to lose")
        field = {MAR: "marines", BOW: "bowmen", DECK: "deck", OAR: "oar"}[category]
        return replace(self, **{field: getattr(self, field) - factors})

    def with_duty(self, factors: int, to: str) -> Crew:
        """Crewmen moved between the oars and the deck (§3.2 `DUTY`): `to` is deck or oar."""
        if to not in (DECK, OAR):
            raise ValueError(f"crewmen change duty to deck or oar, not {to!r}")
        source = self.oar if to == DECK else self.deck
        if factors < 0 or factors > source:
            raise ValueError(f"there are {source} crewmen to move to {to}, not {factors}")
        if to == DECK:
            return replace(self, oar=self.oar - factors, deck=self.deck + factors)
        return replace(self, oar=self.oar + factors, deck=self.deck - factors)


def default_oars(crewmen: int, oarbanks: int) -> int:
    """Every crewman is at the oars up to the oarbank count, the rest on deck (§4)."""
    return min(crewmen, oarbanks)


def crew_problem(row: ShipClass, crew: Crew) -> str:
    """Why a crew cannot man a ship of this class ("" if it can): §4's crew checks."""
    if crew.total < 1:
        return "a ship needs at least 1 crew factor"
    if crew.total > row.crew_maximum:
        return (f"a {row.name} carries at most {row.crew_maximum} crew factors, not "
                f"{crew.total} ({crew.crewmen} crewmen, {crew.bowmen} bowmen, {crew.marines} marines)")
    if crew.oar > row.oarbanks:
        return (f"a {row.name} has {row.oarbanks} oarbank{'s' if row.oarbanks > 1 else ''}, so at "
                f"most {row.oarbanks} crewmen at the oars, not {crew.oar}")
    return ""


def crew_cost(crew: Crew) -> int:
    """`crew_costs` (§4): for each crew type with a factor, elite +1, regular 0, green −1."""
    return sum(CLASS_COST[crew.class_of_type(t)] for t in CREW_TYPES if crew.of_type(t) > 0)


@dataclass(frozen=True)
class EquipmentRule:
    """Who may carry an item and what it costs (§3.3, house rule `equipment`)."""

    item: str
    min_oarbanks: int
    cost: int

    def most(self, oarbanks: int) -> int:
        """How many a ship of this many oarbanks may carry."""
        if oarbanks < self.min_oarbanks:
            return 0
        if self.item == "ballista":
            return oarbanks // 2
        return 1


EQUIPMENT: Mapping[str, EquipmentRule] = {
    "tower": EquipmentRule("tower", 3, 1),
    "ballista": EquipmentRule("ballista", 2, 1),
    CORVUS: EquipmentRule(CORVUS, 3, 1),
    HARPAX: EquipmentRule(HARPAX, 3, 1),
    "admiral": EquipmentRule("admiral", 1, 0),
}


def equipment_problem(row: ShipClass, tower: bool, ballistas: int, gear: str) -> str:
    """Why a ship of this class may not carry this equipment ("" if it may), §3.3."""
    if gear not in ("", *GEAR):
        return f"boarding gear is a corvus or a harpax, not {gear!r}"
    if tower and EQUIPMENT["tower"].most(row.oarbanks) < 1:
        return f"a tower needs 3 or more oarbanks; a {row.name} has {row.oarbanks}"
    most = EQUIPMENT["ballista"].most(row.oarbanks)
    if ballistas < 0 or ballistas > most:
        if most == 0:
            return f"a {row.name} carries no ballista"
        return f"a {row.name} carries at most {most} ballista{'s' if most > 1 else ''}, not {ballistas}"
    if gear and EQUIPMENT[gear].most(row.oarbanks) < 1:
        return f"a {gear} needs 3 or more oarbanks; a {row.name} has {row.oarbanks}"
    return ""


def equipment_cost(tower: bool, ballistas: int, gear: str) -> int:
    """Tower 1, each ballista 1, a corvus or harpax 1; the admiral costs nothing (§3.3)."""
    return (EQUIPMENT["tower"].cost * int(tower) + EQUIPMENT["ballista"].cost * ballistas
            + (EQUIPMENT[gear].cost if gear else 0))
