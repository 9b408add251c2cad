"""Moving one ship (rulings §6.3, §6.4, §8.1, §9.1, §9.5, §16.6), with no dice: shears go to the
caller's pass handler, rams are marked."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.events import Event, event
from pbem.rules.ramcruise.movement import move_ship, rout_ship
from pbem.rules.ramcruise.orders import Move, Step
from pbem.rules.ramcruise.paths import pass_no_dice
from pbem.rules.ramcruise.state import BACK, CRUISE, FLED, RAM, SIDE, STRATEGIC, TAIL, GameState, MarkedRam
from pbem.rules.table import Pass
from tests.rules.ramcruise.positions import ship, state


def _move(mode: str, *steps: tuple[str, int], who: str = "C1") -> Move:
    return Move(who, mode, tuple(Step(kind, amount) for kind, amount in steps))


class Recorder:
    """A pass handler that notes each pass and may hold the mover at one of them."""

    def __init__(self, hold: str = "") -> None:
        self.passes: list[tuple[str, float]] = []
        self.hold = hold

    def __call__(self, position: GameState, mover: str, victim: str,
                 passed: Pass) -> tuple[GameState, bool, tuple[Event, ...]]:
        self.passes.append((victim, passed.abreast))
        return position, victim == self.hold, (event("shear", ship=mover, target=victim),)


def test_a_straight_move_and_a_pivot() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 60, 44, 180))
    after, events = move_ship(position, _move(STRATEGIC, ("F", 20), ("S", 45), ("F", 10)), pass_no_dice)
    c1 = after.require("C1")
    assert (c1.x, c1.y, c1.heading) == pytest.approx((20.7071, 12.7071, 45), abs=1e-4)
    assert [item.kind for item in events] == ["move", "move", "move"]


def test_a_pivot_that_would_overlap_ends_the_move() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 21.2, 10))
    after, events = move_ship(position, _move(STRATEGIC, ("S", 45), ("F", 20)), pass_no_dice)
    assert (after.require("C1").heading, after.require("C1").y) == (0, 10)
    assert events[-1].kind == "blocked" and events[-1]["by"] == "R1"


def test_the_table_edge_blocks_at_the_bow() -> None:
    position = state(ship("C1", 20, 44), ship("R1", 60, 10, 180))
    after, events = move_ship(position, _move(CRUISE, ("F", 60)), pass_no_dice)
    assert after.require("C1").y == pytest.approx(46.0)       # bow on the north edge
    assert events[-1].kind == "blocked" and events[-1]["by"] == "edge"


def test_passes_go_in_abreast_order_and_only_once_a_move() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 21.1, 14), ship("R2", 18.9, 12), ship("C2", 18.9, 14))
    recorder = Recorder()
    move_ship(position, _move(CRUISE, ("F", 30), ("F", 30)), recorder)
    # s* is measured from each step's start: R1 and C2 come level 1" into the second step
    assert recorder.passes == [("R2", 2.0), ("R1", 1.0), ("C2", 1.0)]   # a friend is passed too


def test_a_ship_is_passed_once_in_a_move_even_coming_back() -> None:
    # A bireme passes R1 going north, turns about with four pivots and comes back past it going
    # south at the same 0.1": the second pass is not a shear (§8.1 item 4).
    position = state(ship("C1", 20, 10, klass="bireme"), ship("R1", 21.1, 12), ship("R2", 60, 44, 180))
    recorder = Recorder()
    after, _ = move_ship(position, _move(CRUISE, ("F", 60), ("S", 45), ("S", 45), ("S", 45), ("S", 45),
                                         ("F", 60)), recorder)
    assert after.require("C1").heading == 180 and after.require("C1").y == pytest.approx(10.0)
    assert recorder.passes == [("R1", 2.0)]


def test_a_held_pass_stops_the_mover_at_the_abreast_point() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 21.1, 12), ship("R2", 21.1, 14))
    recorder = Recorder(hold="R1")
    after, _ = move_ship(position, _move(CRUISE, ("F", 60)), recorder)
    assert after.require("C1").y == pytest.approx(12.0)
    assert recorder.passes == [("R1", 2.0)]


def test_beyond_an_eighth_or_at_45_degrees_no_pass() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 21.126, 12), ship("R2", 18.5, 16, 45))
    recorder = Recorder()
    move_ship(position, _move(CRUISE, ("F", 60)), recorder)
    assert recorder.passes == []


def test_backing_never_shears() -> None:
    position = state(ship("C1", 20, 12), ship("R1", 21.1, 10))
    recorder = Recorder()
    after, _ = move_ship(position, _move(BACK, ("B", 30)), recorder)
    assert recorder.passes == [] and after.require("C1").y == pytest.approx(9.0)


def test_a_ram_contact_is_marked_with_its_aspect() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 20, 14.5, 90))
    after, events = move_ship(position, _move(RAM, ("F", 80)), pass_no_dice)
    assert after.require("C1").y == pytest.approx(12.0)      # bow 12 -> R1's south side at 14
    assert after.half_record.marked_rams == (MarkedRam("C1", "R1", SIDE, (20.0, 14.0)),)
    assert events[-1].kind == "ram"


def test_a_ship_rammed_this_half_is_not_rammed_again() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 20, 14.5, 90))
    position = replace(position, half_record=replace(position.half_record, marked_rams=(
        MarkedRam("C1", "R1", SIDE, (20.0, 14.0)),)))
    after, events = move_ship(position, _move(RAM, ("F", 80)), pass_no_dice)
    assert len(after.half_record.marked_rams) == 1 and events[-1].kind == "blocked"


def test_a_cruise_contact_and_a_friend_block() -> None:
    for mode, other in ((CRUISE, "R1"), (RAM, "C2")):
        position = state(ship("C1", 20, 10), ship(other, 20, 14.5, 90))
        after, events = move_ship(position, _move(mode, ("F", 60 if mode == CRUISE else 80)), pass_no_dice)
        assert after.half_record.marked_rams == () and events[-1].kind == "blocked"
        assert after.require("C1").y == pytest.approx(12.0)


def test_contact_from_within_c_is_no_ram() -> None:
    position = state(ship("C1", 20, 11.95), ship("R1", 20, 14.5, 90))   # bow 0.05 from R1
    after, events = move_ship(position, _move(RAM, ("F", 80)), pass_no_dice)
    assert after.half_record.marked_rams == () and events[-1].kind == "blocked"


def test_the_nearest_to_the_bow_middle_is_rammed() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 17.7, 14.5, 90), ship("R2", 21.8, 14.5, 90))
    after, events = move_ship(position, _move(RAM, ("F", 80)), pass_no_dice)
    assert [(ram.target, ram.aspect) for ram in after.half_record.marked_rams] == [("R2", TAIL)]
    assert events[-1].kind == "blocked" and events[-1]["by"] == "R1"


def test_a_rammer_backing_clear_is_no_longer_embedded() -> None:
    position = state(ship("C1", 20, 12, embedded_in="R1"), ship("R1", 20, 14.5, 90))
    after, _ = move_ship(position, _move(BACK, ("B", 2)), pass_no_dice)
    assert after.require("C1").embedded_in == ""         # 0.2 > c + ε
    after, _ = move_ship(position, _move(BACK, ("B", 1)), pass_no_dice)
    assert after.require("C1").embedded_in == "R1"       # 0.1 is within c: still embedded


def test_a_router_pivots_to_its_heading_and_sails() -> None:
    position = state(ship("C1", 20, 20, 0, routed=True, sheared=2), ship("R1", 60, 44, 180))
    after, _, tenths, mode = rout_ship(position, "C1")
    c1 = after.require("C1")
    assert c1.heading == 135 and (tenths, mode) == (80, STRATEGIC)
    assert (c1.x, c1.y) == pytest.approx((25.6569, 14.3431), abs=1e-4)


def test_a_router_flees_only_when_the_edge_comes_first() -> None:
    position = state(ship("C1", 20, 10, 180, routed=True), ship("C2", 30, 9.9, 180, routed=True),
                     ship("R1", 60, 44, 180), wind=180)
    after, _, _, _ = rout_ship(position, "C1")
    after, _, _, _ = rout_ship(after, "C2")
    assert after.require("C1").status == "afloat" and after.require("C1").y == pytest.approx(2.0)
    assert after.require("C2").status == FLED


def test_a_blocked_rout_pivot_holds_the_router() -> None:
    position = state(ship("C1", 20, 10, routed=True), ship("R1", 21.2, 10))
    after, events, tenths, _ = rout_ship(position, "C1")
    assert after.require("C1") == position.require("C1") and tenths == 0
    assert events[0].kind == "blocked"


def test_a_router_contact_blocks_unless_rout_contact_is_ram() -> None:
    for contact, marked in (("block", 0), ("ram", 1)):
        position = state(ship("C1", 20, 20, 135, routed=True), ship("R1", 23.6, 16.4, 45),
                         rout_contact=contact)
        after, _, _, _ = rout_ship(position, "C1")
        assert len(after.half_record.marked_rams) == marked


def test_an_embedded_router_backs_off_its_strategic_maximum() -> None:
    position = state(ship("C1", 20, 12, routed=True, sheared=1, embedded_in="R1"),
                     ship("R1", 20, 14.5, 90, status="sinking", countdown=2))
    after, _, tenths, mode = rout_ship(position, "C1")
    c1 = after.require("C1")
    assert (c1.y, c1.heading, c1.embedded_in, tenths, mode) == (pytest.approx(10.5), 0, "", 15, BACK)


def test_sinking_and_grappled_routers_do_not_move() -> None:
    sinking = state(ship("C1", 20, 20, routed=True, status="sinking", countdown=1))
    assert rout_ship(sinking, "C1")[0] == sinking
    # R1 lies 0.05 off C1's bow: the pivot to 135 and the sail would be clear of it
    free = state(ship("C1", 20, 20, routed=True), ship("R1", 20, 24.05))
    assert rout_ship(free, "C1")[2] == 80
    held = free.with_grapple("C1", "R1")
    assert rout_ship(held, "C1")[0] == held


def test_an_embedded_router_sheared_twice_stays() -> None:
    position = state(ship("C1", 20, 12, routed=True, sheared=2, embedded_in="R1"),
                     ship("R1", 20, 14.5, 90, status="sinking", countdown=2))
    after, events, tenths, _ = rout_ship(position, "C1")
    assert after == position and tenths == 0 and events == ()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(4, 30), st.floats(4, 30), st.integers(0, 359)), min_size=1,
                max_size=6),
       st.integers(0, 359), st.lists(st.sampled_from(["F20", "F35", "S30", "P45", "F5"]), min_size=1,
                                     max_size=4))
def test_the_broad_phase_changes_no_result(others: list[tuple[float, float, int]], heading: int,
                                           steps: list[str]) -> None:
    from pbem.rules.table import overlaps
    mover = ship("C1", 17, 17, heading, mode=RAM)
    placed = [mover]
    for number, (x, y, facing) in enumerate(others):
        candidate = ship(f"R{number}" if number % 2 else f"C{number + 2}", x, y, facing)
        if all(not overlaps(candidate.polygon(), old.polygon(), 0.001) for old in placed):
            placed.append(candidate)
    position = state(*placed)
    order = Move("C1", RAM, tuple(Step(text[0], int(text[1:]) * (10 if text[0] == "F" else 1))
                                  for text in steps))
    recorder, everyone = Recorder(), Recorder()
    narrow = move_ship(position, order, recorder)
    import pbem.rules.ramcruise.movement as movement
    real = movement.within_reach
    try:
        movement.within_reach = lambda s, m, t: frozenset(o.id for o in s.ships if o.id != m.id)  # type: ignore[assignment]
        wide = move_ship(position, order, everyone)
    finally:
        movement.within_reach = real
    assert narrow == wide and recorder.passes == everyone.passes
