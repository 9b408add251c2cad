"""Fleet building (rulings §4): a ship's design and its build cost, the checks on a design, a
side's build lines taken in the order written with a running total against the budget, the
flagship, and the state every ship starts in.

A refused line builds nothing and the lines after it are still checked (§4, as Ram Speed
rulings §10): one that would pass the budget is refused and a later one that fits is built.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pbem.rules.ramcruise.classes import (
    REGULAR,
    Crew,
    ShipClass,
    crew_cost,
    crew_problem,
    default_oars,
    equipment_cost,
    equipment_problem,
    ship_class,
)
from pbem.rules.ramcruise.state import STRATEGIC, Ship
from pbem.rules.ramcruise.switches import Options


@dataclass(frozen=True)
class Design:
    """What a build line asks for (§19 build line): a class, crew factors by type with their
    classes, how many crewmen row (`oars`; None: all of them up to the oarbanks, §4), and the
    equipment of §3.3."""

    ship_class: str
    crewmen: int = 0
    crewmen_class: str = REGULAR
    oars: int | None = None
    bowmen: int = 0
    bowmen_class: str = REGULAR
    marines: int = 0
    marines_class: str = REGULAR
    tower: bool = False
    ballistas: int = 0
    gear: str = ""
    admiral: bool = False

    def crew(self, oarbanks: int) -> Crew:
        """The crew factors by duty: crewmen at the oars as OARS says, else up to the oarbanks."""
        oar = default_oars(self.crewmen, oarbanks) if self.oars is None else min(self.oars, self.crewmen)
        return Crew(oar=oar, deck=self.crewmen - oar, bowmen=self.bowmen, marines=self.marines,
                    crewmen_class=self.crewmen_class, bowmen_class=self.bowmen_class,
                    marines_class=self.marines_class)


def design_problem(design: Design, options: Options) -> str:
    """Why a design cannot be built ("" if it can): the class in force, the crew, the oars and
    the equipment (§4's checks but the admiral and the budget, which are the fleet's)."""
    try:
        row = ship_class(design.ship_class, options.special_ship)
    except ValueError as error:
        return str(error)
    for name in ("crewmen", "bowmen", "marines", "ballistas"):
        if getattr(design, name) < 0:
            return f"{name} cannot be fewer than 0"
    if design.oars is not None and design.oars > design.crewmen:
        return (f"OARS {design.oars} puts more crewmen at the oars than the {design.crewmen} "
                f"the ship has")
    problem = crew_problem(row, design.crew(row.oarbanks))
    if problem:
        return problem
    return equipment_problem(row, design.tower, design.ballistas, design.gear)


def build_cost(design: Design, row: ShipClass) -> int:
    """Class points + equipment + crew-class adjustment, never below 1 (§4)."""
    cost = row.points + equipment_cost(design.tower, design.ballistas, design.gear) \
        + crew_cost(design.crew(row.oarbanks))
    return max(1, cost)


@dataclass(frozen=True)
class BuildLine:
    """A build line read from a side's orders: its line number, the new ship's id, the design."""

    line_no: int
    ship_id: str
    design: Design


@dataclass(frozen=True)
class Built:
    line_no: int
    ship_id: str
    cost: int
    total: int  # the running total after this ship


@dataclass(frozen=True)
class Refused:
    line_no: int
    ship_id: str
    reason: str


@dataclass(frozen=True)
class Fleet:
    """A side's build lines checked in order: the ships built (in the order written, the
    flagship marked), what each cost, the lines refused and why."""

    side: str
    ships: tuple[Ship, ...]
    built: tuple[Built, ...]
    refused: tuple[Refused, ...]

    @property
    def total(self) -> int:
        return self.built[-1].total if self.built else 0

    @property
    def flagship(self) -> str:
        return next((ship.id for ship in self.ships if ship.flagship), "")


def starting_ship(ship_id: str, side: str, design: Design, options: Options,
                  flagship: bool = False) -> Ship:
    """A newly built ship as §4 starts it: strategic rung, speed 0, a full fatigue reserve, not
    sheared, afloat, every ballista loaded, standing orders at their defaults; not yet placed."""
    row = ship_class(design.ship_class, options.special_ship)
    return Ship(id=ship_id, side=side, ship_class=row.name, x=0.0, y=0.0, heading=0,
                crew=design.crew(row.oarbanks), tower=design.tower,
                ballistas=(0,) * design.ballistas, gear=design.gear, flagship=flagship,
                mode=STRATEGIC, speed=0, fatigue=options.fatigue_reserve, placed=False)


def build_fleet(side: str, lines: Sequence[BuildLine], options: Options,
                taken: Iterable[str] = (), budget: int | None = None) -> Fleet:
    """A side's build lines in the order written (§4). `taken` are ids already used in the game
    (the other side's accepted ships); `budget` the scenario's, else the `budget` switch."""
    limit = options.budget if budget is None else budget
    used = {name.upper() for name in taken}
    accepted: list[tuple[BuildLine, ShipClass]] = []
    built: list[Built] = []
    refused: list[Refused] = []
    total = 0
    admiral_line = 0  # the line number of the first accepted ADMIRAL line (for the sentence)
    admiral_index = -1
    for line in lines:
        reason = ""
        if line.ship_id.upper() in used:
            reason = f"the id {line.ship_id} is already a ship of this game; give each ship its own id"
        if not reason:
            reason = design_problem(line.design, options)
        if not reason and line.design.admiral and admiral_index >= 0:
            reason = (f"the admiral is already on the ship of line {admiral_line}; a side has one "
                      f"admiral (leave ADMIRAL off this line)")
        row = ship_class(line.design.ship_class, options.special_ship) if not reason else None
        if row is not None:
            cost = build_cost(line.design, row)
            if total + cost > limit:
                reason = (f"{line.ship_id} costs {cost}, which would bring the fleet to {total + cost} "
                          f"of its {limit} points; {limit - total} point"
                          f"{'' if limit - total == 1 else 's'} left")
        if reason or row is None:
            refused.append(Refused(line.line_no, line.ship_id, reason))
            continue
        total += cost
        used.add(line.ship_id.upper())
        if line.design.admiral:
            admiral_line, admiral_index = line.line_no, len(accepted)
        accepted.append((line, row))
        built.append(Built(line.line_no, line.ship_id, cost, total))
    flagship = max(admiral_index, 0)  # with no ADMIRAL, the first ship built (§4)
    ships = tuple(starting_ship(line.ship_id, side, line.design, options, flagship=index == flagship)
                  for index, (line, _) in enumerate(accepted))
    return Fleet(side, ships, tuple(built), tuple(refused))


def purchase_points(ships: Iterable[Ship], options: Options) -> int:
    """The class points of the ships (§3.1: purchase points are never the build cost), for a
    side's start and its losses (§17)."""
    return sum(ship_class(ship.ship_class, options.special_ship).points for ship in ships)
