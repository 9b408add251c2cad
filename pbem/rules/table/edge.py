"""The table edge: how far a step may go, whether a pose is on the table, the nearest edge
(open-table-core G11)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from pbem.rules.table.footprint import Polygon
from pbem.rules.table.params import Table
from pbem.rules.table.vectors import Vec


def edge_distance(mover: Polygon, motion: Vec, table: Table) -> float:
    """t_edge, the largest t keeping every corner of the moved footprint on the table (G11);
    math.inf when the motion has no component at all."""
    least = math.inf
    for corner in mover.corners:
        if motion.x > 0:
            least = min(least, (table.width - corner.x) / motion.x)
        elif motion.x < 0:
            least = min(least, -corner.x / motion.x)
        if motion.y > 0:
            least = min(least, (table.height - corner.y) / motion.y)
        elif motion.y < 0:
            least = min(least, -corner.y / motion.y)
    return least


def passes_edge(edge_limit: float, step: float, epsilon: float) -> bool:
    """A step of length d passes the edge when t_edge < d − ε; reaching it exactly at the end
    of the step does not (G11)."""
    return edge_limit < step - epsilon


def on_table(polygon: Polygon, table: Table, epsilon: float) -> bool:
    """Every corner has −ε ≤ x ≤ width + ε and −ε ≤ y ≤ height + ε (G11)."""
    return all(-epsilon <= corner.x <= table.width + epsilon
               and -epsilon <= corner.y <= table.height + epsilon for corner in polygon.corners)


class Side(Enum):
    """A table edge, in the order G11 breaks ties."""

    SOUTH = "south"
    WEST = "west"
    NORTH = "north"
    EAST = "east"


# The heading straight out across each edge (G11).
OUTWARD_HEADING = {Side.SOUTH: 180.0, Side.WEST: 270.0, Side.NORTH: 0.0, Side.EAST: 90.0}


@dataclass(frozen=True)
class NearestEdge:
    """The edge nearest a centre, the heading straight out at it and the point straight out (G11)."""

    side: Side
    distance: float
    heading: float
    point: Vec


def nearest_edge(centre: Vec, table: Table) -> NearestEdge:
    """The least of y (south), x (west), height − y (north), width − x (east), ties in that
    order (G11)."""
    candidates = (
        (centre.y, Side.SOUTH, Vec(centre.x, 0.0)),
        (centre.x, Side.WEST, Vec(0.0, centre.y)),
        (table.height - centre.y, Side.NORTH, Vec(centre.x, table.height)),
        (table.width - centre.x, Side.EAST, Vec(table.width, centre.y)),
    )
    distance, side, point = min(candidates, key=lambda candidate: candidate[0])
    return NearestEdge(side, distance, OUTWARD_HEADING[side], point)
