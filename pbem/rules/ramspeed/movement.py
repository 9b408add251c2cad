"""The movement phase (6.0-10.0, rulings §3-§6, §12).

One executor serves both checking and resolving: while checking (no dice) every ram and
shear is assumed to fail and every ungrapple to succeed, and an illegal step refuses the
line; while resolving, a step made illegal by earlier dice stops the galley there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.errors import IllegalOrderError
from pbem.rules.events import Event, event
from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.board import Board
from pbem.rules.ramspeed.grappling import grapple, ungrapple
from pbem.rules.ramspeed.motion import Halt, Motion
from pbem.rules.ramspeed.orders import MovementOrder, Step, describe_movement
from pbem.rules.ramspeed.ramming import ram, shear
from pbem.rules.ramspeed.state import AFLOAT, Galley, GameState

MOVES = frozenset({"F", "SP", "SS", "P", "S", "R"})
MAX_DOUBLE = 3  # 6.7


def _speed_problem(galley: Galley, speed: int) -> str:
    if speed == 3:
        if galley.triple_used:
            return f"{galley.id} has already used its one turn of triple speed (6.8)"
        if galley.captured:
            return "captured galleys may not use triple speed (12.4)"
        if galley.merchantman:
            return "merchantmen may not use triple speed (15.3)"
    if speed == 2:
        if galley.double_used >= MAX_DOUBLE:
            return f"{galley.id} has used double speed three times already (6.7)"
        if galley.merchantman:
            return "merchantmen may not use double speed (15.3)"
    return ""


def _turns_cost(motion: Motion) -> str:
    """What the course changes so far cost, for a reason that says where the MA went."""
    return "".join(f"; {turn}" for turn in motion.turns)


def _step(board: Board, key: str, step: Step, motion: Motion) -> None:
    galley = board.galleys[key]  # its position is board.where's, kept there while moving
    kind = board.tables.galleys[galley.type]
    if not motion.can_move:
        raise Halt(motion.cannot_move_because)
    bow, facing = board.where[key]
    if step.kind == "F":
        cost, bow = 1, hexes.add(bow, facing)
    elif step.kind in ("SP", "SS"):
        if motion.last_move != "F":
            raise Halt("a sideslip must directly follow a forward step (6.4)",
                       accepted="F SS F SS, not SS F or F SS SS.")
        cost = 1
        bow = hexes.add(bow, facing + (-1 if step.kind == "SP" else 1))
    elif step.kind in ("P", "S"):
        if motion.speed > 1:
            raise Halt("no course change at double or triple speed (6.7, 6.8)")
        cost = kind.course_change_cost
        short = motion.remaining < cost
        if short:
            if motion.course_changes:
                raise Halt(
                    f"a second course change costs {cost} MA and only {motion.remaining} is left"
                    + _turns_cost(motion)
                )
            cost = motion.remaining  # one course change a turn is always allowed (6.5)
        facing = (facing + (-1 if step.kind == "P" else 1)) % 6
        motion.course_changes += 1
        motion.turns.append(f"the turn to {hexes.FACINGS[facing]} cost {cost} MA"
                            + (" (all that was left: one course change is always allowed, 6.5)"
                               if short else ""))
    else:  # R
        if motion.speed > 1:
            raise Halt("no reverse movement at double or triple speed (6.7, 6.8)")
        cost = 2
        bow = hexes.add(bow, hexes.opposite(facing))
    if step.kind in ("F", "SP", "SS", "R") and motion.remaining < cost:
        halved = motion.allowance < galley.base_ma(board.tables) * motion.speed  # ungrappled
        raise Halt(
            f"{step.kind} needs {cost} MA and only {motion.remaining} of {motion.allowance} is left"
            + _turns_cost(motion)
            + ("; after ungrappling from an enemy a galley moves at most half its movement "
               "allowance (10.0)" if halved else ""),
        )
    footprint = hexes.footprint(bow, facing, kind.length)
    for hex_ in footprint:
        edge = hexes.off_map_edge(hex_, board.columns, board.rows)
        if edge is not None:
            motion.spent += cost
            motion.echo.append(f"{step.kind} leaves the map ({edge} edge)")
            motion.path.append(f"off {edge}")
            board.leave(key, edge)
            motion.gone = True
            return
    for hex_ in footprint:
        holder = board.occupancy.get(hex_)
        if holder is not None and holder != key:
            raise Halt(
                f"{step.kind} would put {galley.id} on {hexes.label(hex_)}, which "
                f"{board.galleys[holder].id} occupies (6.2)"
            )
    board.place(key, bow, facing, footprint)
    motion.spent += cost
    motion.last_move = step.kind
    motion.forward_made = motion.forward_made or step.kind == "F"
    motion.trace.update(footprint)
    where = f"{hexes.label(bow)} {hexes.FACINGS[facing]}"
    motion.path.append(where)
    motion.echo.append(f"{step.kind}→{where} [{motion.spent}/{motion.allowance}]")


def _drift(board: Board, key: str, motion: Motion) -> None:
    """A drifting galley moves one hex straight ahead, or stays if that hex is taken (6.10)."""
    galley = board.galley(key)
    assert galley is not None and galley.bow is not None and galley.facing is not None
    if not motion.can_move:
        board.events.append(event("drift", galley=galley.id, moved=False,
                                  reason=motion.cannot_move_because))
        motion.echo.append("drifts: cannot, grappled")
        return
    bow = hexes.add(galley.bow, galley.facing)
    footprint = hexes.footprint(bow, galley.facing, board.tables.galleys[galley.type].length)
    edge = next((e for h in footprint
                 if (e := hexes.off_map_edge(h, board.columns, board.rows))), None)
    if edge is not None:
        board.events.append(event("drift", galley=galley.id, moved=True,
                                  start=hexes.label(galley.bow), to=None))
        motion.echo.append(f"drifts off the map ({edge} edge)")
        board.leave(key, edge)
        motion.gone = True
        return
    holder = board.occupancy.get(bow)
    if holder is not None and holder != key:
        board.events.append(event("drift", galley=galley.id, moved=False,
                                  reason=f"{hexes.label(bow)} is occupied"))
        motion.echo.append(f"drifts: stays, {hexes.label(bow)} is occupied")
        return
    board.place(key, bow, galley.facing, footprint)
    where = f"{hexes.label(bow)} {hexes.FACINGS[galley.facing]}"
    motion.path.append(where)
    board.events.append(event("drift", galley=galley.id, moved=True,
                              start=hexes.label(galley.bow), to=hexes.label(bow)))
    motion.echo.append(f"drifts→{where}")


def _report_moves(board: Board, galley_id: str, motion: Motion, start: str | None,
                  drifting: bool, final: bool) -> None:
    """A move event for the steps made since the last one, so that events stay in the
    order things happened (moves, then the ram, then more moves)."""
    if motion.checking:  # events tell what happened; checking only needs the echo
        return
    steps = motion.path[motion.reported:]
    if not steps and not final:
        return
    if not steps and motion.reported:
        return
    begin = motion.path[motion.reported - 1].split()[0] if motion.reported else start
    board.events.append(event(
        "move", galley=galley_id, start=begin, path=tuple(steps),
        spent=motion.spent - motion.spent_reported, allowance=motion.allowance,
        speed=motion.speed, drifting=drifting,
    ))
    motion.reported = len(motion.path)
    motion.spent_reported = motion.spent


def execute(board: Board, order: MovementOrder, dice: Dice | None) -> Motion:
    """Carry out one galley's movement orders on the board. With dice=None this checks the
    orders and raises IllegalOrderError for anything that cannot be done."""
    key = order.galley.upper()
    galley = board.galley(key)
    if galley is None:
        raise IllegalOrderError(f"there is no galley {order.galley} in this game")
    if galley.status != AFLOAT or not galley.placed:
        state = {"sunk": "has sunk", "left_map": "has left the map"}.get(galley.status,
                                                                          "is not on the map")
        raise IllegalOrderError(f"{galley.id} {state} and can take no orders")
    motion = Motion(key=key, dice=dice)
    start = board.hexes_of(key)
    start_label = hexes.label(start[0])
    motion.trace.update(start)
    drifting = galley.must_drift(board.tables)
    if drifting:
        attacks = [s for s in order.steps if s.kind in ("RAM", "SHEAR")]
        if attacks and dice is None:
            raise IllegalOrderError(
                f"{galley.id} must drift this turn and cannot ram or shear (6.10)",
                accepted="only UNGRAPPLE and GRAPPLE; the drift itself is automatic.",
            )
        if order.speed > 1 or any(s.kind in MOVES for s in order.steps):
            motion.echo.append("steps ignored: it must drift (6.10)")
        motion.speed = 1
    else:
        problem = _speed_problem(galley, order.speed)
        if problem:
            raise IllegalOrderError(problem)
        motion.speed = order.speed
        enemies = [g for g in galley.grappled_with
                   if board.galleys[g.upper()].owner != galley.owner]
        if order.speed > 1 and order.ungrapple and enemies:
            raise IllegalOrderError(
                "a galley that ungrapples from an enemy may move only half its MA; "
                "drop DOUBLE/TRIPLE (10.0)"
            )
    motion.allowance = galley.base_ma(board.tables) * motion.speed
    try:
        if order.ungrapple:
            ungrapple(board, key, order.ungrapple, motion)
        elif galley.grappled_with:
            motion.can_move = False
            names = ", ".join(sorted(galley.grappled_with))
            motion.cannot_move_because = (
                f"{galley.id} is grappled with {names} and cannot move; "
                "begin its orders with UNGRAPPLE (9.3, 10.0)"
            )
        if drifting:
            _drift(board, key, motion)
        else:
            for step in order.steps:
                if motion.gone or motion.stopped:
                    break
                if step.kind in ("RAM", "SHEAR"):
                    _report_moves(board, galley.id, motion, start_label, drifting, final=False)
                    current = board.galley(key)
                    assert current is not None
                    attack = ram if step.kind == "RAM" else shear
                    attack(board, current, step.target, motion)
                else:
                    _step(board, key, step, motion)
    except Halt as halt:
        if dice is None:
            raise IllegalOrderError(halt.reason, accepted=halt.accepted) from None
        board.events.append(event("halt", galley=galley.id, reason=halt.reason))
        motion.echo.append(f"stopped: {halt.reason}")
    if motion.speed > 1:
        current = board.galley(key)
        assert current is not None
        if motion.speed == 3:  # triple speed is paid for with a drift next turn (6.8)
            board.put(replace(current, triple_used=True, drifting=True))
        else:
            board.put(replace(current, double_used=current.double_used + 1))
    if not drifting:
        _report_moves(board, galley.id, motion, start_label, drifting, final=True)
    if not motion.gone and order.grapple:
        grapple(board, key, order.grapple, motion)
    return motion


def echo(order: MovementOrder, motion: Motion) -> str:
    """What the judge understood, step by step with MA used, for the player's reply."""
    return f"{describe_movement(order)}  =>  " + "; ".join(motion.echo or ["stays"])


def resolve_movement(
    state: GameState, side: str, orders: Sequence[MovementOrder], dice: Dice,
    board: Board | None = None,
) -> tuple[GameState, tuple[Event, ...]]:
    """Resolve one side's movement phase from its accepted orders, in the order given."""
    board = board or Board(state)
    moving = [g for g in board.galleys.values()
              if g.owner == side and g.status == AFLOAT and g.placed]
    drifting_at_start = {g.id.upper() for g in moving if g.drifting}
    ordered = set()
    for order in orders:
        if order.galley.upper() in ordered:  # two players' sheets (15.2): the first counts
            board.events.append(event("refused", galley=order.galley, side=side,
                                      reason=f"{order.galley} already moved on another "
                                      "player's orders this phase"))
            continue
        execute(board, order, dice)
        board.check_victory()  # after each resolved action (rulings §10, §14)
        ordered.add(order.galley.upper())
    # drifting galleys with no orders move after the others, in ID order (rulings §10)
    for galley in sorted(moving, key=lambda g: g.id):
        key = galley.id.upper()
        current = board.galley(key)
        if (key not in ordered and current is not None and current.status == AFLOAT
                and current.must_drift(board.tables)):
            execute(board, MovementOrder(galley=galley.id), dice)
            board.check_victory()
    for key in drifting_at_start:  # the one-turn drift has now been served (6.10)
        current = board.galley(key)
        if current is not None:
            board.put(replace(current, drifting=False, drifted=True))
    return board.freeze(), tuple(board.events)
