"""Moving one ship as geometry (rulings §6.3, §6.4, §8.1, §9.1, §9.5, §16.6): pivots about the
centre (G17), straight steps swept against every ship on the table and the edge (G10, G11), the
passes of a forward step in abreast order (G14, G15), what a contact is (a ram or a block), the
table edge (ordered ships stop, routers flee), and rout movement.

No dice here. At each pass of a forward step the caller's `on_pass` decides what the shear does
(the judge's echo takes every shear-grapple to fail, `pass_no_dice`; resolution rolls,
§8.2–§8.4) and whether the mover stops at the abreast point. A ram is only marked (§9.1); it is
rolled at step 6.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from pbem.rules.events import Event, event
from pbem.rules.ramcruise.modes import ship_maximum
from pbem.rules.ramcruise.orders import Move, Step
from pbem.rules.ramcruise.ramming import ram_aspect
from pbem.rules.ramcruise.state import (
    AFLOAT,
    BACK,
    FLED,
    RAM,
    SINKING,
    GameState,
    MarkedRam,
    Ship,
)
from pbem.rules.ramcruise.wind import rout_heading_of
from pbem.rules.table import (
    Contact,
    EdgeReached,
    Pass,
    Polygon,
    Pose,
    ahead,
    beyond,
    check_pivot,
    footprint_distance,
    forward_step_events,
    impact_point,
    nearest_to_bow,
    pivot,
    place,
    report_point,
    straight_step,
    to_local,
)

SHEAR_REACH = 0.125  # 3a: no more than ⅛" between the models (§8.1)
EDGE = "edge"

# What a pass does: the state after the shear is resolved, whether the mover stops at the
# abreast point (a shear-grapple held, §8.4), and the events of it.
PassHandler = Callable[[GameState, str, str, Pass], tuple[GameState, bool, tuple[Event, ...]]]


def pass_no_dice(state: GameState, mover: str, victim: str,
                 passed: Pass) -> tuple[GameState, bool, tuple[Event, ...]]:
    """The echo's assumption (§6.6): the shear is noted, nothing is rolled, no grapple holds."""
    return state, False, (event("shear", ship=mover, target=victim,
                                abreast=round(passed.abreast, 2), at=list(report_point(passed.pose.centre)),
                                gap=round(passed.gap, 3), planned=True),)


@dataclass(frozen=True)
class _Others:
    """The ships a mover may meet: every other ship on the table, in scenario order (§6.4)."""

    ships: tuple[Ship, ...]
    polygons: tuple[Polygon, ...]

    @classmethod
    def of(cls, state: GameState, mover: Ship, near: frozenset[str] | None = None) -> _Others:
        if near is None:
            candidates: Sequence[Ship] = state.ships
        else:
            candidates = sorted((state.require(name) for name in near),
                                key=lambda ship: state.order_of(ship.id))
        ships = tuple(ship for ship in candidates if ship.on_table and ship.id != mover.id)
        return cls(ships, tuple(ship.polygon() for ship in ships))


def within_reach(state: GameState, mover: Ship, travel: float) -> frozenset[str]:
    """The broad phase: the ships a move of at most `travel` straight inches could touch,
    overlap or pass within ⅛". Pivots turn about the centre, so the centre goes at most `travel`;
    every corner lies within a footprint's half-diagonal of its centre. A ship farther off than
    that (plus the shear reach, the contact tolerance and a margin) can meet the mover in no
    test, so leaving it out changes no result."""
    reach = travel + mover.half_diagonal + SHEAR_REACH + state.options.contact_tolerance + 1.0
    return frozenset(ship.id for ship in state.ships
                     if ship.id != mover.id and ship.on_table
                     and math.hypot(ship.x - mover.x, ship.y - mover.y) <= reach + ship.half_diagonal)


def _placed(ship: Ship, pose: Pose) -> Ship:
    return replace(ship, x=pose.centre.x, y=pose.centre.y, heading=int(pose.heading) % 360)


def _edge_name(polygon: Polygon, state: GameState) -> str:
    table, epsilon = state.table, state.epsilon
    names = []
    for corner in polygon.corners:
        if corner.y <= epsilon:
            names.append("south")
        if corner.x <= epsilon:
            names.append("west")
        if corner.y >= table.height - epsilon:
            names.append("north")
        if corner.x >= table.width - epsilon:
            names.append("east")
    return next(iter(dict.fromkeys(names)), EDGE)


def _move_event(ship: Ship, step: str, start: Pose, end: Pose, travel: float) -> Event:
    return event("move", ship=ship.id, step=step, start=list(report_point(start.centre)),
                 end=list(report_point(end.centre)), heading=int(end.heading) % 360,
                 travel=round(travel, 2))


def unembed_if_clear(state: GameState, ship_id: str) -> GameState:
    """An embedded rammer stops being embedded at the end of a move after which it is more than
    c from the ship it rammed (§9.5)."""
    ship = state.require(ship_id)
    if not ship.embedded_in:
        return state
    victim = state.ship(ship.embedded_in)
    if victim is None or not victim.on_table:
        return state.with_ship(replace(ship, embedded_in=""))
    gap = footprint_distance(ship.polygon(), victim.polygon(), state.epsilon)
    if beyond(gap, state.options.contact_tolerance, state.epsilon):
        return state.with_ship(replace(ship, embedded_in=""))
    return state


def _ram_target(state: GameState, mover: Ship, pose: Pose, start_polygon: Polygon,
                others: _Others, contacts: Sequence[int], may_ram: bool) -> int | None:
    """The contact that is a ram (§9.1), or None: the mover may ram (RAM mode, or a router with
    `rout_contact = ram`), the other is an enemy afloat or sinking, the impact point lies in the
    mover's bow zone, the mover was more than c away at the step's start, is not embedded and has
    not rammed it this half; of several at one moment, the impact point nearest the bow point."""
    if not may_ram or mover.embedded_in:
        return None
    epsilon = state.epsilon
    polygon = place(mover.footprint, pose)
    rammed = {ram.target.upper() for ram in state.half_record.marked_rams
              if ram.rammer.upper() == mover.id.upper()}
    eligible = []
    for index in contacts:
        other = state.require(others.ships[index].id)  # as it is now, after any shear on the way
        if other.side == mover.side or other.status not in (AFLOAT, SINKING) or other.id.upper() in rammed:
            continue
        if not beyond(footprint_distance(start_polygon, others.polygons[index], epsilon),
                      state.options.contact_tolerance, epsilon):
            continue
        impact = impact_point(polygon, others.polygons[index], epsilon)
        if to_local(impact, pose.centre, pose.heading).x < mover.length / 4 - epsilon:
            continue
        eligible.append(index)
    if not eligible:
        return None
    if len(eligible) == 1:
        return eligible[0]
    return nearest_to_bow(mover.footprint, pose, others.polygons, eligible, epsilon)


def _mark_ram(state: GameState, mover: Ship, pose: Pose, target: Ship,
              target_polygon: Polygon) -> tuple[GameState, Event]:
    impact = impact_point(place(mover.footprint, pose), target_polygon, state.epsilon)
    aspect = ram_aspect(pose.heading, target, impact, state.epsilon)
    marked = MarkedRam(mover.id, target.id, aspect, (impact.x, impact.y))
    record = replace(state.half_record, marked_rams=(*state.half_record.marked_rams, marked))
    return replace(state, half_record=record), event(
        "ram", ship=mover.id, target=target.id, aspect=aspect, impact=list(report_point(impact)),
        at=list(report_point(pose.centre)), marked=True)


@dataclass(frozen=True)
class _Stepped:
    state: GameState
    pose: Pose
    going: bool
    events: tuple[Event, ...]


def _contact_or_edge(state: GameState, mover: Ship, pose: Pose, start_polygon: Polygon,
                     others: _Others, contacts: Sequence[int], edge: bool, may_ram: bool,
                     routed: bool) -> _Stepped:
    """The step was cut short at `pose`: a ram, a block, or the edge (§6.4, §9.1, §16.6)."""
    found: list[Event] = []
    if contacts:
        target = _ram_target(state, mover, pose, start_polygon, others, contacts, may_ram)
        rest = [index for index in contacts if index != target]
        if target is not None:
            state, marked = _mark_ram(state, mover, pose, others.ships[target], others.polygons[target])
            found.append(marked)
        if rest:
            names = ", ".join(others.ships[index].id for index in rest)
            found.append(event("blocked", ship=mover.id, by=names, at=list(report_point(pose.centre)),
                               reason=f"in contact with {names}"))
        return _Stepped(state, pose, False, tuple(found))
    name = _edge_name(place(mover.footprint, pose), state)
    if routed:
        return _Stepped(state, pose, False, (event("flee", ship=mover.id, edge=name,
                                                   at=list(report_point(pose.centre))),))
    return _Stepped(state, pose, False, (event("blocked", ship=mover.id, by=EDGE,
                                               at=list(report_point(pose.centre)),
                                               reason=f"the {name} edge of the table"),))


def _forward(state: GameState, mover: Ship, pose: Pose, step: Step, length: float,
             on_pass: PassHandler | None, sheared: set[str], may_ram: bool, routed: bool,
             near: frozenset[str] | None = None) -> _Stepped:
    """A forward step (§6.4): its passes in abreast order (G14, G15), each resolved by `on_pass`,
    which may stop the mover at the abreast point (§8.4); then the contact or the edge."""
    others = _Others.of(state, mover, near)
    footprint, epsilon = mover.footprint, state.epsilon
    passable = {} if on_pass is None else {
        index: ship.pose for index, ship in enumerate(others.ships)
        if ship.status in (AFLOAT, SINKING) and ship.id.upper() not in sheared}
    found = forward_step_events(footprint, pose, length, others.polygons, state.table, epsilon,
                                passable, SHEAR_REACH)
    shears: list[Event] = []
    start_polygon = place(footprint, pose)
    for item in found.events:
        if not isinstance(item, Pass) or on_pass is None:
            continue
        victim = state.require(others.ships[item.other].id)
        if victim.status not in (AFLOAT, SINKING):  # struck earlier in this step (§8.1 item 4)
            continue
        sheared.add(victim.id.upper())
        state = state.with_ship(_placed(state.require(mover.id), item.pose))
        state, stop, more = on_pass(state, mover.id, victim.id, item)
        shears += more
        if stop:
            moved = _move_event(mover, step.notation(), pose, item.pose, item.abreast)
            return _Stepped(state, item.pose, False, (moved, *shears))
    end = found.end
    events = [_move_event(mover, step.notation(), pose, end, found.travel), *shears]
    contacts = tuple(item.other for item in found.events if isinstance(item, Contact))
    edge = any(isinstance(item, EdgeReached) for item in found.events)
    if not contacts and not edge:
        return _Stepped(state, end, True, tuple(events))
    stepped = _contact_or_edge(state, mover, end, start_polygon, others, contacts, edge, may_ram,
                               routed)
    return _Stepped(stepped.state, end, False, (*events, *stepped.events))


def _backward(state: GameState, mover: Ship, pose: Pose, step: Step, length: float,
              near: frozenset[str] | None = None) -> _Stepped:
    """A step astern (§6.1 BACK): swept like any other, never shears or rams; a contact or the
    edge blocks."""
    others = _Others.of(state, mover, near)
    motion = ahead(pose.heading) * -1.0
    outcome = straight_step(mover.footprint, pose, motion, length, others.polygons, state.table,
                            state.epsilon)
    events: tuple[Event, ...] = (_move_event(mover, step.notation(), pose, outcome.end, outcome.travel),)
    if not outcome.cut_short:
        return _Stepped(state, outcome.end, True, events)
    stepped = _contact_or_edge(state, mover, outcome.end, place(mover.footprint, pose), others,
                               outcome.contacts, outcome.edge, False, False)
    return _Stepped(stepped.state, outcome.end, False, events + stepped.events)


def _pivot(state: GameState, mover: Ship, pose: Pose, alpha: int, label: str,
           near: frozenset[str] | None = None) -> _Stepped:
    """A pivot about the centre (§6.3, G17): made only onto the table and clear of every ship;
    otherwise the ship is blocked and its movement ends."""
    others = _Others.of(state, mover, near)
    after = pivot(pose, float(alpha))
    checked = check_pivot(mover.footprint, after, others.polygons, state.table, state.epsilon)
    if not checked.legal:
        names = ", ".join(others.ships[index].id for index in checked.overlapping)
        reason = (f"the pivot {label} would overlap {names}" if names
                  else f"the pivot {label} would take it off the table")
        return _Stepped(state, pose, False, (event("blocked", ship=mover.id, by=names or EDGE,
                                                   at=list(report_point(pose.centre)), reason=reason),))
    return _Stepped(state, after, True, (_move_event(mover, label, pose, after, 0.0),))


def move_ship(state: GameState, move: Move, on_pass: PassHandler) -> tuple[GameState, tuple[Event, ...]]:
    """Carry out one ship's movement line step by step (§6.4): pivots (G17), forward steps with
    their shears (§8.1, through `on_pass`) and rams (§9.1, marked in the half's record), steps
    astern; the first block, ram, held shear-grapple or edge ends it. An embedded rammer that
    ends more than c from its victim is free (§9.5)."""
    mover = state.require(move.ship)
    pose = mover.pose
    near = within_reach(state, mover, move.distance / 10)
    events: list[Event] = []
    sheared: set[str] = set()  # §8.1 item 4: once per ship per move
    for step in move.steps:
        mover = state.require(move.ship)
        if step.kind in ("P", "S"):
            stepped = _pivot(state, mover, pose, step.amount if step.kind == "S" else -step.amount,
                             step.notation(), near)
        elif step.kind == "F":
            stepped = _forward(state, mover, pose, step, step.amount / 10, on_pass, sheared,
                               move.mode == RAM, False, near)
        else:
            stepped = _backward(state, mover, pose, step, step.amount / 10, near)
        state, pose = stepped.state, stepped.pose
        events += stepped.events
        if not stepped.going:
            break
    state = state.with_ship(_placed(state.require(move.ship), pose))
    return unembed_if_clear(state, move.ship), tuple(events)


def rout_ship(state: GameState, ship_id: str) -> tuple[GameState, tuple[Event, ...], int, str]:
    """One routed ship's movement at step 2 (§16.6), with the tenths it sailed for its speed and
    the mode it is recorded with (plan: strategic after a sail, back after backing, stay when it
    did not move). Sinking or grappled routers do not move. An embedded one backs straight off
    M(strategic) (none if sheared twice). The others pivot to the rout heading (no move at all if
    that pivot is not legal), then sail straight ahead, never shearing; a contact blocks (or is
    a ram with `rout_contact = ram`), and the edge before anything else makes it flee."""
    ship = state.require(ship_id)
    if ship.status == SINKING or state.grappled_with(ship.id):
        return state, (), 0, "stay"
    if ship.embedded_in:
        if ship.sheared >= 2:
            return state, (), 0, "stay"
        eighths = ship_maximum(state, ship, BACK)
        tenths = (eighths * 10) // 8
        if tenths <= 0:
            return state, (), 0, "stay"
        stepped = _backward(state, ship, ship.pose, Step("B", tenths), eighths / 8,
                            within_reach(state, ship, eighths / 8))
        state = stepped.state.with_ship(_placed(stepped.state.require(ship.id), stepped.pose))
        state = unembed_if_clear(state, ship.id)
        return state, stepped.events, tenths, BACK
    heading = rout_heading_of(state, ship.side)
    alpha = ((heading - ship.heading + 180) % 360) - 180
    sail = state.row(ship).rout_sail
    near = within_reach(state, ship, float(sail))
    others = _Others.of(state, ship, near)
    after = pivot(ship.pose, float(alpha))
    checked = check_pivot(ship.footprint, after, others.polygons, state.table, state.epsilon)
    if not checked.legal:
        names = ", ".join(others.ships[index].id for index in checked.overlapping)
        why = (f"the pivot to the rout heading {heading} would overlap {names}" if names
               else f"the pivot to the rout heading {heading} would take it off the table")
        return state, (event("blocked", ship=ship.id, by=names or EDGE,
                             at=list(report_point(ship.pose.centre)), reason=why),), 0, "stay"
    events: list[Event] = []
    if alpha:
        events.append(_move_event(ship, f"pivot to {heading}", ship.pose, after, 0.0))
    state = state.with_ship(_placed(ship, after))
    step = Step("F", sail * 10)
    stepped = _forward(state, state.require(ship.id), after, step, float(sail), None, set(),
                       state.options.rout_contact == "ram", True, near)
    state = stepped.state.with_ship(_placed(stepped.state.require(ship.id), stepped.pose))
    events += stepped.events
    if any(item.kind == "flee" for item in stepped.events):
        state = state.released(ship.id).with_ship(replace(state.require(ship.id), status=FLED,
                                                          embedded_in=""))
    return unembed_if_clear(state, ship.id), tuple(events), sail * 10, "strategic"

