"""The computed paths of §6.6: breaks succeed, shear-grapples fail, lines in the order written."""

from __future__ import annotations

from pbem.rules.ramcruise.orders import Move, Step
from pbem.rules.ramcruise.paths import plan_moves
from pbem.rules.ramcruise.state import CRUISE, STRATEGIC
from tests.rules.ramcruise.positions import ship, state


def _move(who: str, mode: str, *steps: tuple[str, int]) -> Move:
    return Move(who, mode, tuple(Step(kind, amount) for kind, amount in steps))


def test_each_line_moves_from_where_the_earlier_ones_left_the_table() -> None:
    position = state(ship("C1", 20, 10), ship("C3", 20, 5.5), ship("R1", 21.1, 12))
    plan = plan_moves(position, [_move("C1", CRUISE, ("F", 60)), _move("C3", CRUISE, ("F", 60))])
    assert plan.state.require("C1").y == 16.0        # the shear-grapple is taken to fail
    assert plan.state.require("C3").y == 11.5        # C1 is out of its way
    assert plan.passed_by("C1") == frozenset({"R1"})
    assert [item.kind for item in plan.events_of("C1")] == ["move", "shear"]
    assert position.require("C1").y == 10            # the position itself is untouched


def test_in_the_other_order_the_second_line_is_blocked() -> None:
    position = state(ship("C1", 20, 10), ship("C3", 20, 5.5), ship("R1", 21.1, 12))
    plan = plan_moves(position, [_move("C3", CRUISE, ("F", 60)), _move("C1", CRUISE, ("F", 60))])
    assert plan.state.require("C3").y == 5.5 + 0.5   # bow 7.5 -> 8.0 meets C1's stern
    assert plan.events_of("C3")[-1].kind == "blocked"


def test_a_break_is_taken_to_succeed() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 21.05, 10)).with_grapple("C1", "R1")
    held = plan_moves(position, [_move("C1", STRATEGIC, ("F", 20))])
    assert held.state.require("C1").y == 10 and held.events_of("C1") == ()
    broken = plan_moves(position, [_move("C1", STRATEGIC, ("F", 20))], breaking=[("C1", "R1")])
    assert broken.state.require("C1").y == 12.0


def test_routers_sail_first() -> None:
    position = state(ship("C1", 20, 20, routed=True), ship("C2", 40, 10), ship("R1", 60, 44, 180))
    plan = plan_moves(position, [_move("C2", STRATEGIC, ("F", 20))])
    assert [name for name, _ in plan.events] == ["C1", "C2"]
    assert plan.state.require("C1").heading == 135
