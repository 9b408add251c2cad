"""One ship of a Wooden Walls game and what stands on it (rulings §2, §4, §10, §13, §15; build
plan §2.2, §2.4): the fighting `Element`, oars shipped (`ShippedOars`) and the frozen `Ship` with
its holes, fires, oar sections, steering oars, flags and status, and the derived facts that need
no rule (hole units, fire total, the areas it has, intact oar sections). Split from `state.py`
(which re-exports every name here) to keep each module short.

Imports the ship table (`shiptypes.py`), crew qualities (`seamanship.py`) and the core's poses
and footprints (`pbem.rules.table`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from functools import cache
from operator import attrgetter

from pbem.rules.table import Polygon, Pose, Vec, place
from pbem.rules.table.placecache import per_place
from pbem.rules.woodenwalls.seamanship import ABLE, QUALITIES
from pbem.rules.woodenwalls.shiptypes import (
    AREAS,
    ENGINE,
    MARINES,
    PROTECTIONS,
    SHOOTERS,
    ShipType,
    hole_units,
    ship_type,
)

KINDS = (MARINES, SHOOTERS, ENGINE)
PICKED, EXPERIENCED, POOR_GRADE = "picked", "experienced", "poor"
GRADES = (PICKED, EXPERIENCED, POOR_GRADE)
MISSILES = ("", "archers", "slingers")  # a shooter's kind: public, no rule uses it (§4.5)
DECK_AREAS = AREAS[:3]
TOWERS = AREAS[3:]
SPEEDS: tuple[int | str, ...] = (0, 1, 2, 3, 4, "B")
PORT, STARBOARD = "port", "starboard"
BOARD_SIDES = (PORT, STARBOARD)
SECTION_LETTERS = {PORT: "P", STARBOARD: "S"}
AFLOAT, HULK, FLED = "afloat", "hulk", "fled"  # beached counts as fled (§15.5)
STATUSES = (AFLOAT, HULK, FLED)
SUNK, BURNT_OUT, ABANDONED = "sunk", "burnt_out", "abandoned"
HULK_REASONS = ("", SUNK, BURNT_OUT, ABANDONED)
STANDING_OFF, FLEEING = "standing_off", "fleeing"
FLAGS = ("", STANDING_OFF, FLEEING)
FLEET, FLOTILLA = "fleet", "flotilla"
FLAGSHIPS = ("", FLEET, FLOTILLA)
NO_FIRES = (0, 0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Element:
    """A fighting element (§4.5, plan §2.4): its `area`, `kind` (marines, shooters, engine), the
    `side` it fights for, its `home` ship (flagship crews keep theirs, §12.7), `grade` (picked,
    experienced, poor; "" for an engine, and "" gives marines and shooters experienced), armour
    and shield, and a shooter's `missile`."""

    area: str
    kind: str
    side: str
    home: str
    grade: str = ""
    armoured: bool = False
    shielded: bool = False
    missile: str = ""

    def __post_init__(self) -> None:
        if self.area not in AREAS:
            raise ValueError(f"an element stands in area {', '.join(AREAS)}, not {self.area!r}")
        if self.kind not in KINDS:
            raise ValueError(f"an element is {', '.join(KINDS)}, not {self.kind!r}")
        if self.kind == ENGINE:
            if self.grade or self.armoured or self.shielded or self.missile:
                raise ValueError("an engine has no grade, armour, shield or missile")
        elif not self.grade:
            object.__setattr__(self, "grade", EXPERIENCED)
        elif self.grade not in GRADES:
            raise ValueError(f"marines and shooters are {', '.join(GRADES)}, not {self.grade!r}")
        if self.missile not in MISSILES or (self.missile and self.kind != SHOOTERS):
            raise ValueError(f"only shooters are archers or slingers, not {self.kind} {self.missile!r}")
        if not (self.side and self.home):
            raise ValueError("an element needs the side it fights for and its home ship")

    def moved(self, area: str) -> Element:
        return replace(self, area=area)


@dataclass(frozen=True, slots=True)
class ShippedOars:
    """One side's oars shipped, with the activation (round, card) that shipped them: they go out
    again at a later activation with no turn (§7.6, §8.3). Round 0 and card "" when unknown."""

    side: str
    round: int = 0
    card: str = ""

    def __post_init__(self) -> None:
        if self.side not in BOARD_SIDES:
            raise ValueError(f"oars are shipped on the port or starboard side, not {self.side!r}")


def section_label(side: str, number: int) -> str:
    """An oar section as the case keys write it: "P2", "S1"."""
    return f"{SECTION_LETTERS[side]}{number}"


def _section_key(label: str) -> tuple[int, int]:
    return (0 if label[0] == "P" else 1, int(label[1:]))


@dataclass(frozen=True, slots=True)
class Ship:
    """One ship (plan §2.2). `type` a §4.1 id; `side` its starting side, `controller` the side
    controlling it ("" its own), `player` the player ordering it ("" the side's only one);
    `quality` hidden (§16), `quality_assigned` whether a setup QUALITY line gave it, `revealed`
    whether the enemy knows it. `protection` "" takes the type's. `towers` the tower areas
    standing ("T1", "T2"); `speed` 0-4 or "B"; `holes` original and `added` holes in the order
    made ("L", "M", "S"); `fires` the level 0-4 of B, M, S, T1, T2; `oars_lost` destroyed
    sections ("P1", "S2", kept port first, each from 1 up); `shipped` and `steering_lost` port
    first; `status` with `hulk_reason` and `removed` (a `loaded` ship sunk, q. 42); `corvus_failed`
    the deck action phase (over the game) of its last failed drop, 0 none; `ap_markers` per area
    like `fires`; `activations` made this leg and `acted` on the current card (§5.5, §6.2);
    `on_defaults` until its new controller's next mail (§6.1)."""

    id: str
    type: str
    side: str
    x: float
    y: float
    heading: float
    speed: int | str = 0
    controller: str = ""
    player: str = ""
    quality: str = ABLE
    quality_assigned: bool = False
    revealed: bool = False
    protection: str = ""
    toughened: bool = False
    towers: tuple[str, ...] = ()
    corvus: bool = False
    harpax: bool = False
    fire: bool = False
    grapnels: bool = True
    ram: bool = True
    flagship: str = ""
    flotilla: str = ""
    loaded: bool = False
    holes: tuple[str, ...] = ()
    added: tuple[str, ...] = ()
    fires: tuple[int, ...] = NO_FIRES
    oars_lost: tuple[str, ...] = ()
    shipped: tuple[ShippedOars, ...] = ()
    steering_lost: tuple[str, ...] = ()
    elements: tuple[Element, ...] = ()
    flag: str = ""
    status: str = AFLOAT
    hulk_reason: str = ""
    removed: bool = False
    confused: bool = False
    captured: bool = False
    corvus_failed: int = 0
    ap_markers: tuple[int, ...] = NO_FIRES
    activations: int = 0
    acted: bool = False
    on_defaults: bool = False
    # Kept, not stored (the codec skips names starting with "_"): the type's row, set by
    # __post_init__, and the pose, made when first asked (both asked at every step).
    _row: ShipType = field(init=False, repr=False, compare=False)
    _pose: Pose | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        row = ship_type(self.type)
        object.__setattr__(self, "_row", row)
        problems = []
        if self.speed not in SPEEDS or isinstance(self.speed, bool):
            problems.append(f"speed is 0, 1, 2, 3, 4 or B, not {self.speed!r}")
        if self.quality not in QUALITIES:
            problems.append(f"quality is FR, ABLE or POOR, not {self.quality!r}")
        if self.protection and self.protection not in PROTECTIONS:
            problems.append(f"protection is {', '.join(PROTECTIONS)}, not {self.protection!r}")
        if self.toughened and not row.may_be_toughened:
            problems.append(f"a {row.id} (rating {row.rating}) cannot be toughened: rating 2 or more only")
        if self.ram and row.rav is None:
            problems.append(f"a {row.id} has no ram (no RAV, §4.1): ram is off")
        if self.towers and not row.may_have_towers:
            problems.append(f"a {row.id} has no towers: quad/quin and larger only")
        if len(set(self.towers)) != len(self.towers) or not set(self.towers) <= set(TOWERS):
            problems.append(f"towers are T1 and T2, each once, not {list(self.towers)!r}")
        for name, values in (("fires", self.fires), ("ap_markers", self.ap_markers)):
            if len(values) != len(AREAS) or min(values) < 0:
                problems.append(f"{name} holds one whole number of 0 or more for each of B, M, S, T1, T2")
        if max(self.fires, default=0) > 4:
            problems.append("a fire's level is at most 4 (large)")
        if not {*self.holes, *self.added} <= {"L", "M", "S"}:
            problems.append("holes are L, M or S")
        lost = set(self.oars_lost)
        if not lost <= _section_labels(row.oar_sections) or len(lost) != len(self.oars_lost):
            problems.append(f"a {row.id}'s oar sections are P1-P{row.oar_sections} and "
                            f"S1-S{row.oar_sections}, each lost once, not {list(self.oars_lost)!r}")
        shipped = [oars.side for oars in self.shipped]
        for name, sides in (("shipped", shipped), ("steering_lost", list(self.steering_lost))):
            if not set(sides) <= set(BOARD_SIDES) or len(set(sides)) != len(sides):
                problems.append(f"{name} names port and starboard, each once, not {sides!r}")
        for word, value, allowed in (("flag", self.flag, FLAGS), ("status", self.status, STATUSES),
                                     ("hulk_reason", self.hulk_reason, HULK_REASONS),
                                     ("flagship", self.flagship, FLAGSHIPS)):
            if value not in allowed:
                problems.append(f"{word} is one of {', '.join(repr(v) for v in allowed)}, not {value!r}")
        if self.hulk_reason and self.status != HULK:
            problems.append("only a hulk has a reason for being one")
        areas = (*DECK_AREAS, *self.towers)
        strays = sorted({element.area for element in self.elements} - set(areas))
        if strays:
            problems.append(f"elements stand in {', '.join(strays)}, an area the ship does not have")
        if problems:
            raise ValueError(f"ship {self.id}: " + "; ".join(problems))
        if not self.protection:
            object.__setattr__(self, "protection", row.protection)
        object.__setattr__(self, "oars_lost", tuple(sorted(self.oars_lost, key=_section_key)))
        object.__setattr__(self, "shipped", tuple(sorted(self.shipped, key=lambda o: o.side != PORT)))
        object.__setattr__(self, "steering_lost", tuple(sorted(self.steering_lost,
                                                               key=lambda side: side != PORT)))
        object.__setattr__(self, "towers", tuple(sorted(self.towers)))

    # --- the type and the place

    @property
    def row(self) -> ShipType:
        return self._row

    @property
    def pose(self) -> Pose:
        pose = self._pose
        if pose is None:
            pose = Pose(Vec(self.x, self.y), self.heading)
            object.__setattr__(self, "_pose", pose)
        return pose

    @property
    def polygon(self) -> Polygon:
        """The footprint where the ship stands (kept per place: asked at every step)."""
        if self.x == 0.0 or self.y == 0.0:  # a signed zero would share the other zero's entry
            return place(self.row.footprint, self.pose)
        return _placed(self.type, self.x, self.y, self.heading)

    @property
    def owner(self) -> str:
        """The side that controls the ship now (a captor, §12.8)."""
        return self.controller or self.side

    @property
    def afloat(self) -> bool:
        return self.status == AFLOAT

    @property
    def on_table(self) -> bool:
        """Afloat or a hulk not removed: it has a footprint and is an obstacle (§15.3, q. 42)."""
        return self.status != FLED and not self.removed

    # --- derived facts that need no rule

    @property
    def areas(self) -> tuple[str, ...]:
        """The areas the ship has: B, M, S and its towers standing (§4.4)."""
        return (*DECK_AREAS, *self.towers)

    @property
    def hole_units(self) -> int:
        """Units of every hole, original and added (§4.1 reading: S 1, M 2, L 4)."""
        return hole_units((*self.holes, *self.added))

    @property
    def holed(self) -> bool:
        return bool(self.holes or self.added)

    def fire_level(self, area: str) -> int:
        return self.fires[_area_index(area)]

    @property
    def fire_total(self) -> int:
        """The sum of the areas' fire levels (§13.1), against capacity for burning out."""
        return sum(self.fires)

    @property
    def burning(self) -> bool:
        return any(self.fires)

    def with_fire(self, area: str, level: int) -> Ship:
        fires = list(self.fires)
        fires[_area_index(area)] = level
        return replace(self, fires=tuple(fires))

    def ap_marker(self, area: str) -> int:
        return self.ap_markers[_area_index(area)]

    def lost_sections(self, side: str) -> tuple[int, ...]:
        """The destroyed oar sections of one side, numbers from 1 up."""
        letter = SECTION_LETTERS[side]
        return tuple(int(label[1:]) for label in self.oars_lost if label[0] == letter)

    def intact_sections(self, side: str) -> tuple[int, ...]:
        """The oar sections of one side not destroyed (shipped ones count, q. 28), from 1 up."""
        lost = set(self.lost_sections(side))
        return tuple(n for n in range(1, self.row.oar_sections + 1) if n not in lost)

    @property
    def oar_sections(self) -> int:
        """Sections at the start, both sides (n₀ of §11.7)."""
        return 2 * self.row.oar_sections

    def shipped_on(self, side: str) -> bool:
        return any(oars.side == side for oars in self.shipped)

    def steering_oar_lost(self, side: str) -> bool:
        return side in self.steering_lost


@per_place(8192)
def _placed(type_id: str, x: float, y: float, heading: float) -> Polygon:
    return place(ship_type(type_id).footprint, Pose(Vec(x, y), heading))


@cache
def _section_labels(per_side: int) -> frozenset[str]:
    return frozenset(section_label(side, n) for side in BOARD_SIDES for n in range(1, per_side + 1))


@cache
def _slots() -> tuple[Callable[[Ship], tuple[object, ...]],
                      tuple[Callable[[object, object], None], ...]]:
    # Every field's value in one call, and each slot's own setter (a frozen ship's fields are
    # set on a fresh one without going through its __setattr__).
    names = tuple(item.name for item in fields(Ship))
    return attrgetter(*names), tuple(getattr(Ship, name).__set__ for name in names)


def _copy(ship: Ship) -> Ship:
    # A field-for-field copy, kept values (_row, _pose) included, without __init__'s checks.
    values, setters = _slots()
    made: Ship = object.__new__(Ship)
    for setter, value in zip(setters, values(ship), strict=True):
        setter(made, value)
    return made


def relocated(ship: Ship, x: float, y: float, heading: float) -> Ship:
    """replace(ship, x=x, y=y, heading=heading) without the checks, for a move at every step:
    Ship.__post_init__ checks nothing these three change."""
    return evolved(ship, x=x, y=y, heading=heading)


# The fields Ship.__post_init__ checks nothing of (or, for `speed`, only its value, checked
# here): `evolved` changes them without running the checks again.
_UNCHECKED = frozenset({"x", "y", "heading", "activations", "acted", "revealed", "on_defaults",
                        "speed"})


def evolved(ship: Ship, **changes: object) -> Ship:
    """replace(ship, **changes), without __post_init__'s checks when every change is to a field
    they do not concern (a place, the activation counters, `revealed`, a speed of 0-4 or B);
    otherwise `replace` itself. Asked hundreds of times a leg."""
    if not changes.keys() <= _UNCHECKED:
        return replace(ship, **changes)  # type: ignore[arg-type]
    speed = changes.get("speed", 0)
    if speed not in SPEEDS or isinstance(speed, bool):
        raise ValueError(f"ship {ship.id}: speed is 0, 1, 2, 3, 4 or B, not {speed!r}")
    made = _copy(ship)
    for name, value in changes.items():
        object.__setattr__(made, name, value)
    if changes.keys() & {"x", "y", "heading"}:
        object.__setattr__(made, "_pose", None)
    return made


def without_element(ship: Ship, number: int) -> Ship:
    """The ship with the element at place `number` of `ship.elements` gone (a removal cannot
    leave an element in an area the ship lacks, so __post_init__'s checks are not run again)."""
    if not 0 <= number < len(ship.elements):
        raise ValueError(f"{ship.id} has no element number {number}")
    made = _copy(ship)
    object.__setattr__(made, "elements", (*ship.elements[:number], *ship.elements[number + 1:]))
    return made


def _area_index(area: str) -> int:
    if area not in AREAS:
        raise ValueError(f"there is no deck area {area!r}; the areas are {', '.join(AREAS)}")
    return AREAS.index(area)


def new_ship(ship_id: str, type_id: str, side: str, x: float, y: float, heading: float,
             speed: int | str = 0, **changes: object) -> Ship:
    """A ship with its type's options (§4.1: `grapnels` off on small ships, `ram` on with an RAV)
    and no elements (`elements.with_default_load` gives §4.5's); changes as keywords."""
    row = ship_type(type_id)
    base = Ship(ship_id, row.id, side, x, y, heading, speed, grapnels=row.grapnels_by_default,
                ram=row.ram_by_default)
    return replace(base, **changes)  # type: ignore[arg-type]
