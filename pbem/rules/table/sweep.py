"""The sliding sweep of a straight step to its first contact (open-table-core G10)."""

from __future__ import annotations

import math

from pbem.rules.table.contact import projection
from pbem.rules.table.footprint import Polygon
from pbem.rules.table.vectors import Vec

# Below this |m·n| an axis counts as square to the motion: headings and motions are multiples
# of 0.5°, so nothing smaller can be a real component (G10).
SQUARE = 1e-12


def contact_distance(mover: Polygon, motion: Vec, obstacle: Polygon, epsilon: float) -> float:
    """t*, how far the mover goes along the unit vector `motion` before it touches the obstacle
    in an encounter that further motion would turn into an overlap; math.inf if it never does
    (sliding along, grazing past or moving away from a ship it touches) (G10).

    The obstacle must not overlap the mover at the start (G4)."""
    latest_entry = -math.inf
    lowest_open = 0.0
    highest_close = math.inf
    for axis in mover.axes + obstacle.axes:
        a0, a1 = projection(mover.corners, axis)
        b0, b1 = projection(obstacle.corners, axis)
        rate = motion.x * axis.x + motion.y * axis.y
        if abs(rate) < SQUARE:
            if min(a1, b1) - max(a0, b0) <= epsilon:
                return math.inf
            continue
        if rate > 0:
            entry, leave = (b0 - a1) / rate, (b1 - a0) / rate
        else:
            entry, leave = (b1 - a0) / rate, (b0 - a1) / rate
        slack = epsilon / abs(rate)
        latest_entry = max(latest_entry, entry)
        lowest_open = max(lowest_open, entry + slack)
        highest_close = min(highest_close, leave - slack)
    # The open windows (entry + ε/|r|, exit − ε/|r|) and t > 0 share a point.
    if lowest_open < highest_close:
        return max(0.0, latest_entry)
    return math.inf
