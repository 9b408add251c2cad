"""A straight step among other ships and the table edge: its first events, where it stops, the
pass after a clash, and the choice between contacts at one moment (open-table-core G15, G16, G21).

Obstacles are given as a sequence in scenario order and named by their index in it; `ignored`
leaves some out (the struck ship of G16). The ruleset decides what a contact means.

`straight_step` answers where a step ends; `forward_step_events` (RC) also lists the passes within
r (G14) along a forward step, in the order of G15, so that the ruleset may stop at one;
`reach_step_events` (SB) lists the reach events of pending grapple pairs (G13) along any
straight step, in the same order, so that the ruleset may stop at a grapple that holds."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pbem.rules.table.abreast import Pass, passes_within
from pbem.rules.table.contact import overlaps
from pbem.rules.table.edge import edge_distance, passes_edge
from pbem.rules.table.footprint import Footprint, Polygon, Pose, bow_point, place
from pbem.rules.table.impact import impact_point
from pbem.rules.table.params import Table
from pbem.rules.table.reach import reach_distance
from pbem.rules.table.sweep import contact_distance
from pbem.rules.table.vectors import Vec, ahead


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
                  ignored: frozenset[int] = frozenset(), *,
                  placed: Polygon | None = None) -> StepOutcome:
    """Sweep a step of `length` along the unit vector `motion` (G10, G11, G15).

    A contact counts when t*_X ≤ d + ε (G10), the edge when t_edge < d − ε (G11). The first moment
    T is the least of those; events within ε of T (G6) happen with it. The ship stands at
    min(d, T). `placed` is the footprint placed at `start`, when the caller has it already."""
    mover = place(footprint, start) if placed is None else placed
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


@dataclass(frozen=True, slots=True)
class Contact:
    """The mover touches obstacle `other` at the first moment of contact, standing at `pose`, `t`
    along the step (G10, G15)."""

    other: int
    t: float
    pose: Pose


@dataclass(frozen=True, slots=True)
class EdgeReached:
    """The step passes the table edge; the mover stands at `pose`, `t` along the step (G11, G15)."""

    t: float
    pose: Pose


StepEvent = Pass | Contact | EdgeReached


@dataclass(frozen=True)
class StepEvents:
    """A straight step's events in the order of G15, and where it ends unless the ruleset stops
    it at a pass.

    `events`: the passes (G14) in abreast order, every one within ε of the ship's stand or before
    it, then the contacts of the first moment in scenario order, then the edge at that moment.
    `outcome` is where the step ends when no pass stops it (what `straight_step` answers). A pass
    stops nothing by itself: the ruleset iterates the events and, where it stops the ship at a
    pass (RC's shear-grapple), calls `stop_at` with it."""

    events: tuple[StepEvent, ...]
    outcome: StepOutcome
    stopped_by: Pass | None = None

    @property
    def passes(self) -> tuple[Pass, ...]:
        return tuple(event for event in self.events if isinstance(event, Pass))

    @property
    def travel(self) -> float:
        return self.outcome.travel

    @property
    def end(self) -> Pose:
        return self.outcome.end

    def stop_at(self, passed: Pass) -> StepEvents:
        """The step cut at one of its passes: the events up to and including it, the ship standing
        at its abreast point P* (G14, G15), with no contact and no edge."""
        if passed not in self.events:
            raise ValueError("that pass is not one of this step's events")
        kept = self.events[:self.events.index(passed) + 1]
        return StepEvents(kept, StepOutcome(passed.abreast, passed.pose, (), False), passed)

    def until(self, stops: Callable[[Pass], bool]) -> StepEvents:
        """The step cut at the first pass for which `stops` is True (taken in order, each pass
        asked once, none after it), or the whole step if none is."""
        for event in self.events:
            if isinstance(event, Pass) and stops(event):
                return self.stop_at(event)
        return self


def forward_step_events(footprint: Footprint, start: Pose, length: float, obstacles: Sequence[Polygon],
                        table: Table, epsilon: float, passable: Mapping[int, Pose], reach: float,
                        ignored: frozenset[int] = frozenset()) -> StepEvents:
    """A forward step of `length` from `start` with its events (G14, G15): contacts and the edge as
    `straight_step` finds them along d(h), and the passes within `reach` of the ships named in
    `passable` (index in `obstacles` → that ship's pose; only those are passed, and only those near
    the path are tested) at s* in (ε, t + ε], t the length the step actually makes; `ignored`
    leaves ships out of the sweep only. Events go in increasing t; at equal t passes come first,
    then contacts, then the edge."""
    outcome = straight_step(footprint, start, ahead(start.heading), length, obstacles, table, epsilon,
                            ignored)
    passes = passes_within(footprint, start, outcome.travel, obstacles, passable, reach, epsilon)
    contacts = tuple(Contact(index, outcome.travel, outcome.end) for index in outcome.contacts)
    edge = (EdgeReached(outcome.travel, outcome.end),) if outcome.edge else ()
    return StepEvents((*passes, *contacts, *edge), outcome)


@dataclass(frozen=True, slots=True)
class Reach:
    """The mover comes within reach of ship `other`, a pending grapple pair (SB), `t` along the
    step, standing at `pose` (G13, G15)."""

    other: int
    t: float
    pose: Pose


ReachStepEvent = Reach | Contact | EdgeReached


def _in_reach_order(reaches: Sequence[Reach], epsilon: float) -> tuple[Reach, ...]:
    # Increasing t; t equal within ε (G6) in scenario order of the other ship, one at a time (G15).
    left = sorted(reaches, key=lambda found: (found.t, found.other))
    ordered: list[Reach] = []
    while left:
        least = left[0].t
        chosen = min((found for found in left if found.t <= least + epsilon), key=lambda found: found.other)
        ordered.append(chosen)
        left.remove(chosen)
    return tuple(ordered)


@dataclass(frozen=True)
class ReachStepEvents:
    """A straight step's events with SB's reach events, in the order of G15, and where it ends
    unless the ruleset stops it at a reach (a grapple that holds).

    `events`: the reach events in increasing t (equal t in scenario order), every one within ε of
    the ship's stand or before it, then the contacts of the first moment in scenario order, then
    the edge at that moment. Each pending pair appears at most once. A reach stops nothing by
    itself: after a failed try the step goes on; where a try holds the ruleset calls `stop_at`."""

    events: tuple[ReachStepEvent, ...]
    outcome: StepOutcome
    stopped_by: Reach | None = None

    @property
    def reaches(self) -> tuple[Reach, ...]:
        return tuple(event for event in self.events if isinstance(event, Reach))

    @property
    def travel(self) -> float:
        return self.outcome.travel

    @property
    def end(self) -> Pose:
        return self.outcome.end

    def stop_at(self, reached: Reach) -> ReachStepEvents:
        """The step cut at one of its reach events: the events up to and including it, the ship
        standing where it came within reach, with no contact and no edge (G15)."""
        if reached not in self.events:
            raise ValueError("that reach is not one of this step's events")
        kept = self.events[:self.events.index(reached) + 1]
        return ReachStepEvents(kept, StepOutcome(reached.t, reached.pose, (), False), reached)

    def until(self, stops: Callable[[Reach], bool]) -> ReachStepEvents:
        """The step cut at the first reach for which `stops` is True (taken in order, each asked
        once, none after it), or the whole step if none is."""
        for event in self.events:
            if isinstance(event, Reach) and stops(event):
                return self.stop_at(event)
        return self


def reach_step_events(footprint: Footprint, start: Pose, motion: Vec, length: float,
                      obstacles: Sequence[Polygon], table: Table, epsilon: float,
                      pending: Sequence[int], reach: float,
                      ignored: frozenset[int] = frozenset()) -> ReachStepEvents:
    """A straight step of `length` along the unit vector `motion` with SB's events (G13, G15):
    contacts and the edge as `straight_step` finds them, and a reach event at t_r(`reach`) for each
    ship named in `pending` (indices in `obstacles`; the pending grapple pairs not yet tried this
    step) whose t_r ≤ t + ε, t the length the step actually makes. A pair already within reach at
    the start has t_r = 0. `ignored` leaves ships out of the sweep only. Events go in increasing t;
    at equal t (G6) reach events come first in scenario order, then contacts, then the edge."""
    outcome = straight_step(footprint, start, motion, length, obstacles, table, epsilon, ignored)
    mover = place(footprint, start)
    screen = _swept_box(mover, motion, outcome.travel + 2 * epsilon, reach + 2 * epsilon)
    found = []
    for index in dict.fromkeys(pending):
        polygon = obstacles[index]
        if not _boxes_meet(screen, _box(polygon.corners)):
            continue                    # a quick screen: no point of the sweep comes within reach
        t = reach_distance(mover, motion, polygon, reach, epsilon)
        if t <= outcome.travel + epsilon:
            found.append(Reach(index, t, _moved(start, motion, min(t, outcome.travel))))
    contacts = tuple(Contact(index, outcome.travel, outcome.end) for index in outcome.contacts)
    edge = (EdgeReached(outcome.travel, outcome.end),) if outcome.edge else ()
    return ReachStepEvents((*_in_reach_order(found, epsilon), *contacts, *edge), outcome)
