"""The numbers each open-table ruleset sets in the shared geometry (open-table-core G1).

A ruleset takes its constant below and, where a house rule or a scenario says so, swaps a field
with `dataclasses.replace` (GR's `table` and `contact_tolerance` switches, rulings §1 and §3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class FootprintShape(Enum):
    """Which convex outline a ruleset gives its ships (G1, G3)."""

    RECTANGLE = "rectangle"
    STRETCHED_OCTAGON = "stretched_octagon"


class TurnRule(Enum):
    """How a ruleset turns a ship (G1, G17)."""

    PIVOT_ABOUT_CENTRE = "pivot_about_centre"
    ROTATE_ABOUT_NAMED_POINT = "rotate_about_named_point"


@dataclass(frozen=True)
class Table:
    """The playing area, 0 ≤ x ≤ width and 0 ≤ y ≤ height, in the ruleset's unit (G1, G2)."""

    width: float
    height: float

    def __post_init__(self) -> None:
        if not (self.width > 0 and self.height > 0):
            raise ValueError(f"a table needs a positive width and height, not {self.width} × {self.height}")


@dataclass(frozen=True)
class CoreParameters:
    """One column of the G1 table.

    `ship_length` and `ship_beam` are set only where every ship shares one footprint (GR's 4 × 1);
    the others size footprints by class or type in their own data. `rotation_substep` is the
    angle of one sub-step of a sub-stepped rotation (WW), None for single-step pivots.
    """

    ruleset: str
    unit: str
    table: Table
    epsilon: float
    contact_tolerance: float
    heading_grain: float
    footprint: FootprintShape
    turns: TurnRule
    ship_length: float | None = None
    ship_beam: float | None = None
    rotation_substep: float | None = None


GREEKS_ROMANS = CoreParameters(
    ruleset="greeks-romans", unit="inch", table=Table(72.0, 48.0), epsilon=0.001,
    contact_tolerance=0.1, heading_grain=1.0, footprint=FootprintShape.RECTANGLE,
    turns=TurnRule.PIVOT_ABOUT_CENTRE, ship_length=4.0, ship_beam=1.0)

RAM_CRUISE = CoreParameters(
    ruleset="ram-cruise", unit="inch", table=Table(72.0, 48.0), epsilon=0.001,
    contact_tolerance=0.1, heading_grain=1.0, footprint=FootprintShape.RECTANGLE,
    turns=TurnRule.PIVOT_ABOUT_CENTRE)

SPEED_BAND = CoreParameters(
    ruleset="speed-band", unit="inch", table=Table(72.0, 48.0), epsilon=0.001,
    contact_tolerance=0.1, heading_grain=1.0, footprint=FootprintShape.RECTANGLE,
    turns=TurnRule.PIVOT_ABOUT_CENTRE)

# Wooden Walls measures in ship lengths (1 SL = 10 cm); its ε and c are GR's divided by 4.
WOODEN_WALLS = CoreParameters(
    ruleset="wooden-walls", unit="ship length", table=Table(18.0, 12.0), epsilon=0.00025,
    contact_tolerance=0.025, heading_grain=0.5, footprint=FootprintShape.STRETCHED_OCTAGON,
    turns=TurnRule.ROTATE_ABOUT_NAMED_POINT, rotation_substep=0.5)

ALL_PARAMETERS: tuple[CoreParameters, ...] = (GREEKS_ROMANS, RAM_CRUISE, SPEED_BAND, WOODEN_WALLS)
