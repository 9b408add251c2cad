"""A straight step among other ships and the table edge: its first events, where it stops, the
pass after a clash, and the choice between contacts at one moment (open-table-core G15, G16, G21).

Obstacles are given as a sequence in scenario order and named by their index in it; `ignored`
leaves some out (the struck ship of G16). The ruleset decides what a contact means."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pbem.rules.table.contact import overlaps
from pbem.rules.table.edge import edge_distance, passes_edge
from pbem.rules.table.footprint import Footprint, Polygon, Pose, bow_point, place
from pbem.rules.table.impact import impact_point
from pbem.rules.table.params import Table
from pbem.rules.table.sweep import contact_distance
from pbem.rules.table.vectors import Vec


@dataclass(frozen=True)
class StepOutcome:
    """Where a straight step ends and what stopped it (G15).

    `travel` is how far the ship went and `end` its pose there. `contacts` are the obstacles
    touched at the first moment something happened, in scenario order; `edge` is True when the
    step passes the table edge at that moment (after the contacts, G15). Neither: the whole step."""

    travel: float
    end: Pose
    contacts: tuple[int, ...]
    edge: bool

    @property
    def cut_short(self) -> bool:
        """True when a contact or the edge stopped the step (G15)."""
        return bool(self.contacts) or self.edge


def straight_step(footprint: Footprint, start: Pose, motion: Vec, length: float,
                  obstacles: Sequence[Polygon], table: Table, epsilon: float,
                  ignored: frozenset[int] = frozenset()) -> StepOutcome:
    """Sweep a step of `length` along the unit vector `motion` (G10, G11, G15).

    A contact counts when t*_X ≤ d + ε (G10), the edge when t_edge < d − ε (G11). The first moment
    T is the least of those; events within ε of T (G6) happen with it. The ship stands at
    min(d, T)."""
    mover = place(footprint, start)
    reach = _swept_box(mover, motion, length + 2 * epsilon, 2 * epsilon)
    times = {index: contact_distance(mover, motion, obstacle, epsilon)
             for index, obstacle in enumerate(obstacles)
             if index not in ignored and _boxes_meet(reach, _box(obstacle.corners))}
    hits = {index: t for index, t in times.items() if t <= length + epsilon}
    edge_limit = edge_distance(mover, motion, table)
    edge_counts = passes_edge(edge_limit, length, epsilon)
    first = min([*hits.values(), *([edge_limit] if edge_counts else [])], default=math.inf)
    if first == math.inf:
        return StepOutcome(length, _moved(start, motion, length), (), False)
    travel = min(length, first)
    contacts = tuple(sorted(index for index, t in hits.items() if t <= first + epsilon))
    edge = edge_counts and edge_limit <= first + epsilon
    return StepOutcome(travel, _moved(start, motion, travel), contacts, edge)


Box = tuple[float, float, float, float]


def _box(corners: Sequence[Vec]) -> Box:
    xs, ys = [corner.x for corner in corners], [corner.y for corner in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _swept_box(mover: Polygon, motion: Vec, reach: float, margin: float) -> Box:
    # A quick screen, not a rule: an obstacle met at some t ≤ d + ε lies partly inside the box
    # swept by the mover's corners over that reach, so one whose box misses it is never met.
    west, south, east, north = _box(mover.corners)
    dx, dy = motion.x * reach, motion.y * reach
    return (west + min(dx, 0.0) - margin, south + min(dy, 0.0) - margin,
            east + max(dx, 0.0) + margin, north + max(dy, 0.0) + margin)


def _boxes_meet(first: Box, second: Box) -> bool:
    return first[0] <= second[2] and second[0] <= first[2] and first[1] <= second[3] and second[1] <= first[3]


def _moved(start: Pose, motion: Vec, travel: float) -> Pose:
    centre = start.centre
    return Pose(Vec(centre.x + travel * motion.x, centre.y + travel * motion.y), start.heading)


def pass_after_contact(footprint: Footprint, at_contact: Pose, motion: Vec, remainder: float,
                       obstacles: Sequence[Polygon], struck: int, table: Table, epsilon: float,
                       ignored: frozenset[int] = frozenset()) -> StepOutcome | None:
    """The pass after a clash or failed ram (G16; GR `clash_pass`, SB `ram_pass`).

    The rest of the step, `remainder` = d − t*, is swept from the contact pose with the struck
    ship ignored. If the footprint where that ends overlaps the struck ship, the mover cannot get
    past: None (it stays at the contact and its movement ends). Otherwise the outcome of that
    remainder, whose contacts never include the struck ship."""
    outcome = straight_step(footprint, at_contact, motion, max(0.0, remainder), obstacles, table,
                            epsilon, ignored | {struck})
    if overlaps(place(footprint, outcome.end), obstacles[struck], epsilon):
        return None
    return outcome


def nearest_to_bow(footprint: Footprint, pose: Pose, obstacles: Sequence[Polygon],
                   contacts: Sequence[int], epsilon: float) -> int:
    """Of several obstacles touched at one moment, the one whose impact point (G12) is nearest the
    mover's bow point (G3); equal distances (within ε, G6) go to scenario order (G21; GR §5.4)."""
    if not contacts:
        raise ValueError("there is no contact to choose from")
    mover = place(footprint, pose)
    bow = bow_point(footprint, pose)
    reach = {index: (impact_point(mover, obstacles[index], epsilon) - bow).length() for index in contacts}
    nearest = min(reach.values())
    return min(index for index, distance in reach.items() if distance <= nearest + epsilon)
