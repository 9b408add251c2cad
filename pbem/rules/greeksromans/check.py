"""Checking orders when they arrive (rulings §5.8, §16): every line gets a result, refused lines
say why and what would be accepted, and accepted movement lines are echoed with the exact path:
each step's end point, and the ship and point where the ship will strike or be blocked.

Lines already refused are not considered when the rest are checked (§16).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pbem.rules.errors import IllegalOrderError, NotCommandedError, OrderError
from pbem.rules.greeksromans.movement import Blocked, Left, Moved, MovePlan, Passed, Strike, plan_moves
from pbem.rules.greeksromans.orders import (
    HALF_EXAMPLES,
    SETUP_EXAMPLES,
    MoveOrder,
    Order,
    PlaceOrder,
    Reading,
    TargetOrder,
    numbered_lines,
    read_half_line,
    read_setup_line,
)
from pbem.rules.greeksromans.state import GameState, Ship
from pbem.rules.interface import ACCEPTED, REFUSED, LineResult, OrderSheet, PhaseSpec
from pbem.rules.suggest import with_hint, your_pieces
from pbem.rules.table import Pose, Vec, on_table, overlaps, place, report_point

SETUP_DEPTH = 8.0  # free set-up: every corner within 8" of the side's own edge (§14)


def point_text(point: Vec) -> str:
    x, y = report_point(point)
    return f"({x:.2f}, {y:.2f})"


def _kind(order: Order) -> str:
    if isinstance(order, MoveOrder):
        return "movement"
    if isinstance(order, TargetOrder):
        return order.kind
    return "placement"


def _own_ship(state: GameState, reading: Reading, side: str, commands: frozenset[str] | None) -> Ship:
    ship = state.ship(reading.ship)
    if ship is None:
        ids = [s.id for s in state.ships if s.controller == side
               and (commands is None or s.id.upper() in {c.upper() for c in commands})]
        raise IllegalOrderError(with_hint(f"there is no ship {reading.ship} in this game",
                                          reading.ship, ids),
                                accepted=your_pieces(ids, "ships"))
    if ship.controller != side:
        raise IllegalOrderError(f"{ship.id} is not yours: {ship.controller} controls it")
    if commands is not None and ship.id.upper() not in {name.upper() for name in commands}:
        raise NotCommandedError(f"{ship.id} is commanded by another player of your side")
    if not ship.on_table:
        raise IllegalOrderError(f"{ship.id} is {ship.status} and can take no orders")
    return ship


def _cost_text(sixtieths: int) -> str:
    return f"{sixtieths / 60:.2f}".rstrip("0").rstrip(".")


def _check_half_order(state: GameState, ship: Ship, order: MoveOrder | TargetOrder) -> None:
    if isinstance(order, MoveOrder):
        if ship.captain == 0 and order.steps:
            raise IllegalOrderError(f"{ship.id} is sinking (no captain) and may not move",
                                    accepted=f"'{ship.id}: STAY', or no movement line.")
        points = state.ap(ship.id)
        if points is None:
            points = state.bonus + ship.sailors
        cost = order.cost_sixtieths()
        if cost > 60 * points:
            raise IllegalOrderError(
                f"the steps cost {_cost_text(cost)} AP but {ship.id} has {points} AP "
                f"(F costs 1/3 AP an inch, B 1/2, each pivot 4)",
                accepted=f"steps costing at most {points} AP: 2·F + 3·B (in tenths) + 240 per "
                         f"pivot ≤ {60 * points}.")
        return
    for name in order.targets:
        if state.ship(name) is None:
            raise IllegalOrderError(f"target {name} is not a ship in this game",
                                    accepted="targets that are ship ids: "
                                             + ", ".join(s.id for s in state.ships) + ".")
    if order.kind == "ARCHERY" and ship.sailors < 2:
        raise IllegalOrderError(f"{ship.id} has {ship.sailors} sailor"
                                f"{'' if ship.sailors == 1 else 's'}; archery needs at least 2")
    if order.kind == "CATAPULT" and not ship.working_catapult:
        what = "no catapult" if not ship.catapult else "no catapult crew"
        raise IllegalOrderError(f"{ship.id} has {what}, so it cannot shoot a catapult")
    if order.kind == "BOARD" and ship.marines == 0:
        raise IllegalOrderError(f"{ship.id} has no marines, so it cannot board")


@dataclass(frozen=True)
class _Taken:
    number: int
    raw: str
    ship: Ship
    reading: Reading


def _sheet_lines(text: str, read: Callable[[int, str], Reading],
                 accept: Callable[[int, str, Reading, dict[tuple[str, str], int]], Ship],
                 ) -> tuple[list[LineResult | _Taken], dict[tuple[str, str], int]]:
    results: list[LineResult | _Taken] = []
    seen: dict[tuple[str, str], int] = {}
    for number, raw in numbered_lines(text):
        reading: Reading | None = None
        try:
            reading = read(number, raw)
            ship = accept(number, raw, reading, seen)
            seen[(ship.id.upper(), _kind(reading.order))] = number
            results.append(_Taken(number, raw, ship, reading))
        except OrderError as error:
            piece = reading.ship if reading is not None else error.galley
            error.at(number, raw, piece)
            results.append(LineResult(number, raw, piece, REFUSED, error=error))
    return results, seen


def _duplicate(ship: Ship, kind: str, seen: dict[tuple[str, str], int]) -> None:
    earlier = seen.get((ship.id.upper(), kind))
    if earlier is not None:
        raise IllegalOrderError(f"a second {kind} line for {ship.id}; the one on line {earlier} "
                                "stands", accepted="one line of each kind per ship.")


def check_half(state: GameState, side: str, text: str,
               commands: frozenset[str] | None = None) -> OrderSheet:
    """A half's orders (§16): movement lines first or last, any order; refused lines with the
    reason; accepted movement lines echoed with their path (§5.8)."""
    spec = PhaseSpec("half", side)
    if state.phasing != side:
        raise ValueError(f"it is not {side}'s half: {state.phasing or 'nobody'} is moving now")

    def accept(number: int, raw: str, reading: Reading, seen: dict[tuple[str, str], int]) -> Ship:
        ship = _own_ship(state, reading, side, commands)
        order = reading.order
        assert isinstance(order, MoveOrder | TargetOrder)
        _duplicate(ship, _kind(order), seen)
        _check_half_order(state, ship, order)
        return ship

    results, _ = _sheet_lines(text, read_half_line, accept)
    moves = [item.reading.order for item in results
             if isinstance(item, _Taken) and isinstance(item.reading.order, MoveOrder)]
    plan = plan_moves(state, moves)
    lines = tuple(item if isinstance(item, LineResult) else _accepted_half(state, item, plan)
                  for item in results)
    return OrderSheet(phase=spec, side=side, lines=lines)


def _extras(reading: Reading) -> str:
    return f" [extras: {'; '.join(reading.extras)}]" if reading.extras else ""


def _accepted_half(state: GameState, item: _Taken, plan: MovePlan) -> LineResult:
    order = item.reading.order
    ship = item.ship
    if isinstance(order, MoveOrder):
        points = state.ap(ship.id)
        points = state.bonus + ship.sailors if points is None else points
        path, places = describe_path(ship, plan)
        cost = f"costs {_cost_text(order.cost_sixtieths())} of {points} AP"
        echo = f"{order.notation()} => {cost}; {path}{_extras(item.reading)}"
        return LineResult(item.number, item.raw, ship.id, ACCEPTED, echo=echo, order=order,
                          plan=places)
    assert isinstance(order, TargetOrder)
    dice = ship.sailors // 2
    what = {"ARCHERY": f"{dice} {'die' if dice == 1 else 'dice'} at the first enemy within 12\" "
                       "(sailors counted when archery starts)",
            "BOARD": "one attack on the first enemy in contact",
            "CATAPULT": "one shot at the first enemy within 18\""}[order.kind]
    echo = f"{order.notation()} => {what} of {', '.join(order.targets)}{_extras(item.reading)}"
    return LineResult(item.number, item.raw, ship.id, ACCEPTED, echo=echo, order=order)


def describe_path(ship: Ship, plan: MovePlan) -> tuple[str, tuple[str, ...]]:
    """The path in words and as points (§5.8): each step's end, strikes, blocks, the edge.
    The points are "(x, y)", the last "(x, y, heading)", and a point where the ship strikes
    or is blocked carries " strike" or " blocked" (the plan map marks them)."""
    parts: list[str] = []
    start = ship.pose.centre
    points: list[list[Any]] = [[start.x, start.y, ""]]
    heading = ship.heading
    for happening in plan.of(ship.id):
        if isinstance(happening, Moved):
            heading = happening.heading
            if happening.step[0] in "PS":
                parts.append(f"{happening.step} to heading {happening.heading}")
            else:
                parts.append(f"{happening.step} to {point_text(happening.end)}")
                if point_text(happening.end) != point_text(Vec(points[-1][0], points[-1][1])):
                    points.append([happening.end.x, happening.end.y, ""])
        elif isinstance(happening, Strike):
            parts.append(f"strikes {happening.target} at {point_text(happening.impact)} "
                         f"({happening.kind}, θ {happening.theta})")
            points[-1][2] = " strike"
        elif isinstance(happening, Passed):
            parts.append(f"passes {happening.past}" if happening.made
                         else f"cannot get past {happening.past} and stops")
        elif isinstance(happening, Blocked):
            parts.append(f"blocked by {happening.by} at {point_text(happening.at)}: {happening.reason}")
            points[-1][2] = points[-1][2] or " blocked"
        elif isinstance(happening, Left):
            parts.append(f"leaves the table by the {happening.edge} edge at {point_text(happening.at)}")
    places = [point_text(Vec(x, y)) + suffix for x, y, suffix in points[:-1]]
    x, y, suffix = points[-1]
    last = point_text(Vec(x, y))
    places.append(f"{last[:-1]}, {heading}){suffix}")
    return ("; ".join(parts) or "stays where it is"), tuple(places)


# --- free set-up (§14) ------------------------------------------------------------------


def _in_zone(state: GameState, ship: Ship, pose: Pose, side: str) -> bool:
    polygon = place(ship.footprint, pose)
    epsilon, height = state.epsilon, state.table.height
    if side == state.sides[0]:
        return all(corner.y <= SETUP_DEPTH + epsilon for corner in polygon.corners)
    return all(corner.y >= height - SETUP_DEPTH - epsilon for corner in polygon.corners)


def setup_zone(state: GameState, side: str) -> str:
    """The side's own edge (§14): the first side listed sets up in the south."""
    return "south" if side == state.sides[0] else "north"


def check_setup(state: GameState, side: str, text: str,
                commands: frozenset[str] | None = None) -> OrderSheet:
    """Placements within 8" of the side's own edge, wholly on the table, overlapping no ship
    (§14). Each line is checked on the table as the accepted lines above it leave it; ships
    the submission does not name stay where they stand."""
    spec = PhaseSpec("setup", side, setup_zone(state, side))
    placed: dict[str, Pose] = {}
    zone = setup_zone(state, side)

    def accept(number: int, raw: str, reading: Reading, seen: dict[tuple[str, str], int]) -> Ship:
        ship = _own_ship(state, reading, side, commands)
        _duplicate(ship, "placement", seen)
        order = reading.order
        assert isinstance(order, PlaceOrder)
        pose = Pose(Vec(order.x, order.y), float(order.heading))
        polygon = place(ship.footprint, pose)
        if not on_table(polygon, state.table, state.epsilon):
            raise IllegalOrderError(f"{ship.id} at ({order.x:g}, {order.y:g}) heading {order.heading} "
                                    "is not wholly on the table", accepted=SETUP_EXAMPLES + ".")
        if not _in_zone(state, ship, pose, side):
            raise IllegalOrderError(f"every corner of {ship.id} must lie within {SETUP_DEPTH:g}\" of "
                                    f"the {zone} edge", accepted=SETUP_EXAMPLES + ".")
        for other in state.ships:
            if other.id.upper() == ship.id.upper() or not other.on_table:
                continue
            key = other.id.upper()
            other_polygon = place(other.footprint, placed[key]) if key in placed else other.polygon()
            if overlaps(polygon, other_polygon, state.epsilon):
                raise IllegalOrderError(f"{ship.id} there would overlap {other.id}",
                                        accepted=SETUP_EXAMPLES + ".")
        placed[ship.id.upper()] = pose
        return ship

    results, _ = _sheet_lines(text, read_setup_line, accept)
    lines = tuple(item if isinstance(item, LineResult) else LineResult(
        item.number, item.raw, item.ship.id, ACCEPTED,
        echo=f"{item.reading.order.notation()} => centre "
             f"{point_text(placed[item.ship.id.upper()].centre)}, heading "
             f"{int(placed[item.ship.id.upper()].heading)}",
        order=item.reading.order, plan=(point_text(placed[item.ship.id.upper()].centre),))
        for item in results)
    return OrderSheet(phase=spec, side=side, lines=lines)


def accepted_orders(sheets: Sequence[OrderSheet]) -> list[Order]:
    """The accepted orders of several sheets, in the order received and written."""
    return [line.order for sheet in sheets for line in sheet.accepted if line.order is not None]


__all__ = ["HALF_EXAMPLES", "accepted_orders", "check_half", "check_setup", "describe_path",
           "point_text", "setup_zone"]
