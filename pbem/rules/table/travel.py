"""A ship's direction of travel (open-table-core G7; WW rulings §3, used by §8.3 collision speed,
§10.5 after the ram and §15.4 approaching).

The direction of travel is the heading when the ship moves ahead, the reverse when it backs and
none when it is stopped; it is built from the heading alone, so it is a multiple of the grain and
compares exactly like any heading (G6, G7). Imports `vectors` (G2) only."""

from __future__ import annotations

from enum import Enum

from pbem.rules.table.vectors import turned


class Motion(Enum):
    """How a ship is moving (G7): ahead (WW speed 1–4), backing (WW speed B) or stopped (0)."""

    AHEAD = "ahead"
    BACKING = "backing"
    STOPPED = "stopped"


def direction_of_travel(heading: float, motion: Motion) -> float | None:
    """h moving ahead, h + 180 (mod 360) backing, None stopped (G7)."""
    if motion is Motion.AHEAD:
        return turned(heading, 0.0)
    if motion is Motion.BACKING:
        return turned(heading, 180.0)
    return None
