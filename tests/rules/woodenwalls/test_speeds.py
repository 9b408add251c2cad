"""Wooden Walls speeds (rulings §4.2, §4.3, §4.4, §7.2, §7.8, §7.10, §11.7, §15.5; plan §11 q. 3-8,
49): the maximum speed in §4.2's order, turn and pivot limits with their shifts, the advance range
with wind and current, and the end-of-phase speed changes. Every value worked by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.table import Vec, area_polygon
from pbem.rules.woodenwalls import speeds
from pbem.rules.woodenwalls.orders import Speed
from pbem.rules.woodenwalls.rounds import LegOrders
from pbem.rules.woodenwalls.shiptypes import MARINES
from pbem.rules.woodenwalls.state import (
    FLEEING,
    Current,
    Element,
    GameState,
    Ship,
    ShippedOars,
    Terrain,
    Wind,
    new_ship,
)
from pbem.rules.woodenwalls.switches import Options

R, M = "rhodes", "macedon"
TRIREME_OARS = ("P1", "P2", "P3", "S1", "S2", "S3")


def ship(type_id: str = "trireme", speed: int | str = 2, **changes: object) -> Ship:
    return new_ship("X", type_id, R, 9.0, 6.0, 0.0, speed, **changes)


def alone(one: Ship, **changes: object) -> GameState:
    return replace(GameState((one,)), **changes)  # type: ignore[arg-type]


# ---------------------------------------------------------------- maximum speed (§4.2, §11.7)


@pytest.mark.parametrize(("lost", "top"), [(0, 4), (1, 3), (2, 2), (3, 2), (4, 1), (5, 1), (6, 0)])
def test_trireme_oar_losses_proportional(lost: int, top: int) -> None:
    # n0 = 6: r = 4l/6 = 0.67, 1.33, 2, 2.67, 3.33 → reductions 1, 2, 2, 3, 4 (fraction ≥ ¼ adds 1);
    # 4 − 4 = 0 is held at 1 while a section is left; 6 lost → 0 (the rulings' own list).
    one = ship(oars_lost=TRIREME_OARS[:lost])
    assert speeds.max_speed(alone(one), one) == top


@pytest.mark.parametrize(("lost", "top"), [(1, 3), (2, 3), (3, 2)])
def test_quinquereme_oar_losses(lost: int, top: int) -> None:
    # n0 = 8: r = 0.5 → 0 + 1 = 1 → 3; r = 1.0 → 1 (fraction 0) → 3; r = 1.5 → 1 + 1 = 2 → 2.
    one = ship("quinquereme", oars_lost=("P1", "P2", "P3")[:lost])
    assert speeds.max_speed(alone(one), one) == top


def test_oar_reduction_quarter_boundary() -> None:
    # larger, n0 = 10: l = 3 → r = 1.2 (fraction 0.2 < ¼) → 1; l = 8 → r = 3.2 → 3;
    # n0 = 16 (made up): l = 1 → r = 0.25, exactly ¼ → 1.
    assert speeds.oar_reduction(3, 10) == 1
    assert speeds.oar_reduction(8, 10) == 3
    assert speeds.oar_reduction(1, 16) == 1


def test_per_hit_one_a_section_floor_one() -> None:
    # per_hit: 4 − 2 = 2; 4 − 5 = −1 held at 1 (a section left); 6 lost → 0.
    state = alone(ship(), options=Options(oar_speed="per_hit"))
    assert speeds.max_speed(state, ship(oars_lost=TRIREME_OARS[:2])) == 2
    assert speeds.max_speed(state, ship(oars_lost=TRIREME_OARS[:5])) == 1
    assert speeds.max_speed(state, ship(oars_lost=TRIREME_OARS)) == 0


def test_holed_minus_one_after_oars() -> None:
    # 2 lost → 2, holed → 1 (plan §9.2); 4 lost → 1, holed → 0 (the hole comes after the floor).
    assert speeds.max_speed(alone(ship()), ship(holes=("S",))) == 3
    assert speeds.max_speed(alone(ship()), ship(holes=("M",), oars_lost=TRIREME_OARS[:2])) == 1
    assert speeds.max_speed(alone(ship()), ship(added=("S",), oars_lost=TRIREME_OARS[:4])) == 0


def test_fire_larger_than_small_limits_to_one() -> None:
    # q. 3: an area at level 2 or more; two small fires in two areas (total 2) do not.
    assert speeds.max_speed(alone(ship()), ship(fires=(0, 2, 0, 0, 0))) == 1
    assert speeds.max_speed(alone(ship()), ship(fires=(1, 1, 0, 0, 0))) == 4


def test_captured_limits_to_one() -> None:
    assert speeds.max_speed(alone(ship()), ship(captured=True)) == 1
    # none left stays 0 under the limit of 1
    assert speeds.max_speed(alone(ship()), ship(captured=True, oars_lost=TRIREME_OARS)) == 0


# ---------------------------------------------------------------- turn and pivot limits (§4.3)


@pytest.mark.parametrize(("changes", "turn"), [
    ({"quality": "FR"}, 60.0),  # Faster 45, FR +1 → 60
    ({"quality": "FR", "holes": ("S",)}, 45.0),  # +1 − 1 = 0 → 45
    ({"quality": "FR", "steering_lost": ("port",)}, 30.0),  # +1 − 2 = −1 → 30
    ({"quality": "FR", "steering_lost": ("port", "starboard")}, 10.0),  # both lost: 10
    ({"quality": "POOR"}, 30.0),  # −1 → 30
    ({"quality": "ABLE"}, 45.0),
])
def test_trireme_turn_limits_at_speed_2(changes: dict[str, object], turn: float) -> None:
    one = ship(**changes)
    assert speeds.limits(alone(one), one).turn == turn


def test_slow_column_at_speed_1_and_backing() -> None:
    # quinquereme Slow 60, POOR −1 → 45 (plan §9.2); a trireme backing uses Slow 60.
    quin = ship("quinquereme", 1, quality="POOR")
    assert speeds.limits(alone(quin), quin).turn == 45.0
    back = ship(speed="B")
    assert speeds.limits(alone(back), back).turn == 60.0


def test_second_turn_table() -> None:
    # turn_table = second: trireme Faster (30), Slow (45)
    state = alone(ship(), options=Options(turn_table="second"))
    assert speeds.limits(state, ship()).turn == 30.0
    assert speeds.limits(state, ship(speed=1)).turn == 45.0


def test_shifts_held_at_scale_ends() -> None:
    # small Slow 90, FR +1 stays 90; larger Faster 30, POOR −1 → 22.5, holed too → 10, one
    # steering oar more → still 10 (held).
    small = ship("oar20", 1, quality="FR")
    assert speeds.limits(alone(small), small).turn == 90.0
    big = ship("larger", 2, quality="POOR", holes=("S",), steering_lost=("port",))
    assert speeds.limits(alone(big), big).turn == 10.0


def test_halve_steering_loss() -> None:
    # q. 7: shifts first, then halve rounded down to 0.5: ABLE 45 → 22.5; FR 60 → 30;
    # larger ABLE 30 → 15; both lost: 10 whatever (q. 6).
    state = alone(ship(), options=Options(steering_loss="halve"))
    assert speeds.limits(state, ship(steering_lost=("port",))).turn == 22.5
    assert speeds.limits(state, ship(quality="FR", steering_lost=("starboard",))).turn == 30.0
    assert speeds.limits(state, ship("larger", steering_lost=("port",))).turn == 15.0
    assert speeds.limits(state, ship(steering_lost=("port", "starboard"))).turn == 10.0


def test_halve_rounds_down_to_half_degree() -> None:
    # 22.5 / 2 = 11.25 → 11; 10 / 2 = 5
    assert speeds.halved(22.5) == 11.0
    assert speeds.halved(10.0) == 5.0
    assert speeds.halved(45.0) == 22.5


@pytest.mark.parametrize(("quality", "pivot"), [("POOR", 10.0), ("ABLE", 22.5), ("FR", 30.0)])
def test_stopped_quinquereme_pivot(quality: str, pivot: float) -> None:
    # 22.5 on the scale: POOR one step down → 10, FR one up → 30 (q. 5)
    one = ship("quinquereme", 0, quality=quality)
    found = speeds.limits(alone(one), one)
    assert (found.pivot, found.turn) == (pivot, pivot)
    assert (found.advance_min, found.advance_max) == (0.0, 0.0)


def test_pivot_holed_but_not_steering() -> None:
    # trireme pivot 45: holed → 30; both steering oars lost change nothing (§4.3).
    assert speeds.pivot_limit(ship(speed=0, holes=("S",))) == 30.0
    assert speeds.pivot_limit(ship(speed=0, steering_lost=("port", "starboard"))) == 45.0


# ---------------------------------------------------------------- advance (§7.2, §7.10, §4.4)


@pytest.mark.parametrize(("speed", "low", "high"), [(1, 0.25, 1.0), (2, 0.5, 1.0), (3, 0.67, 1.0),
                                                    (4, 0.75, 1.0), ("B", 0.25, 0.5)])
def test_advance_range(speed: int | str, low: float, high: float) -> None:
    one = ship(speed=speed)
    found = speeds.limits(alone(one), one)
    assert (found.advance_min, found.advance_max) == (low, high)


@pytest.mark.parametrize(("heading", "halved"), [(270.0, True), (245.0, True), (300.0, True),
                                                 (235.0, False), (90.0, False)])
def test_strong_wind_upwind_halves(heading: float, halved: bool) -> None:
    # the wind blows towards 90, upwind is 270; within 30° (|245 − 270| = 25, 300 − 270 = 30)
    # speed 4: ¾ and 1 halve to 0.375 and 0.5; 235 is 35° off.
    one = replace(ship(speed=4), heading=heading)
    found = speeds.limits(alone(one, wind=Wind("strong", 90.0)), one)
    expected = (0.375, 0.5) if halved else (0.75, 1.0)
    assert (found.advance_min, found.advance_max) == expected


def test_stiff_wind_does_not_halve() -> None:
    one = replace(ship(speed=4), heading=270.0)
    found = speeds.limits(alone(one, wind=Wind("stiff", 90.0)), one)
    assert (found.advance_min, found.advance_max) == (0.75, 1.0)


def box(x0: float, y0: float, x1: float, y1: float) -> tuple[Vec, ...]:
    return (Vec(x0, y0), Vec(x0, y1), Vec(x1, y1), Vec(x1, y0))  # clockwise


def with_current(one: Ship, heading: float, strength: str = "weak", where: tuple[float, ...] = (
        8.0, 5.0, 10.0, 7.0)) -> GameState:
    current = Current(area_polygon(box(*where)), heading, strength)
    return alone(one, terrain=Terrain(currents=(current,)))


def test_weak_current_minimum_becomes_maximum() -> None:
    # heading 0, current towards 20 (20° ≤ 30): speed 2 minimum ½ → 1
    one = ship()
    found = speeds.limits(with_current(one, 20.0), one)
    assert (found.advance_min, found.advance_max) == (1.0, 1.0)
    found = speeds.limits(with_current(one, 40.0), one)  # 40° off: no change
    assert (found.advance_min, found.advance_max) == (0.5, 1.0)
    # a current polygon the footprint does not overlap (x from 12): no change
    found = speeds.limits(with_current(one, 0.0, where=(12.0, 5.0, 14.0, 7.0)), one)
    assert found.advance_min == 0.5


def test_over_crewed_flag() -> None:
    # trireme deck capacity 2 + 3 + 2 = 7; 4 elements of its own side: 8 > 7 → over-crewed;
    # 3: 6 ≤ 7 → not.
    marines = tuple(Element(area, MARINES, R, "X") for area in ("B", "B", "M", "S"))
    assert speeds.limits(alone(ship()), ship(elements=marines)).over_crewed
    assert not speeds.limits(alone(ship()), ship(elements=marines[:3])).over_crewed


# ---------------------------------------------------------------- speed changes (§7.8, §15.5)


def ordered(one: Ship, *lines: tuple[int | str, int], side: str = R) -> GameState:
    orders = LegOrders(side, speeds=tuple((one.id, Speed(value, at)) for value, at in lines))
    return alone(one, orders=(orders,))


def changed(state: GameState, phase: int = 1) -> tuple[int | str, list[str]]:
    after, events = speeds.apply_changes(state, phase)
    return after.require("X").speed, [event.kind for event in events]


def test_increase_within_class() -> None:
    # trireme +3: 1 → 4 as ordered, no clamp
    assert changed(ordered(ship(speed=1), (4, 1))) == (4, ["speed"])


def test_increase_capped_by_class() -> None:
    # trireme 0 → 4 ordered, +3 → 3, clamped; quadrireme (+2) 1 → 4 gives 3
    state = ordered(ship(speed=0), (4, 1))
    after, events = speeds.apply_changes(state, 1)
    assert after.require("X").speed == 3
    assert events[0].kind == "clamp" and events[0]["line"] == "X"
    assert changed(ordered(ship("quadrireme", speed=1), (4, 1))) == (3, ["clamp", "speed"])


def test_increase_capped_by_maximum() -> None:
    # 2 sections lost: maximum 2; 1 → 3 ordered gives 2, clamped
    assert changed(ordered(ship(speed=1, oars_lost=("P1", "S1")), (3, 1))) == (2, ["clamp", "speed"])


def test_any_decrease() -> None:
    assert changed(ordered(ship(speed=4), (0, 1))) == (0, ["speed"])


def test_backing_via_zero() -> None:
    # 2 → B clamped to 0; 0 → B; B → 2 clamped to 0; B with maximum 0 refused to 0
    assert changed(ordered(ship(speed=2), ("B", 1))) == (0, ["clamp", "speed"])
    assert changed(ordered(ship(speed=0), ("B", 1))) == ("B", ["speed"])
    assert changed(ordered(ship(speed="B"), (2, 1))) == (0, ["clamp", "speed"])
    assert changed(ordered(ship(speed=0, oars_lost=TRIREME_OARS), ("B", 1))) == (0, ["clamp"])


def test_only_lines_of_this_phase() -> None:
    assert changed(ordered(ship(speed=1), (4, 2)), 1) == (1, [])
    assert changed(ordered(ship(speed=1), (4, 2)), 2) == (4, ["speed"])


def test_lines_of_a_side_not_controlling_ignored() -> None:
    assert changed(ordered(ship(speed=1), (4, 1), side=M)) == (1, [])


def test_shipped_oars_lose_a_level_then_order() -> None:
    # forced loss first: 3 → 2; then SPEED 3 is an increase of 1 → 3
    shipped = (ShippedOars("port"),)
    assert changed(alone(ship(speed=3, shipped=shipped))) == (2, ["speed"])
    assert changed(ordered(ship(speed=3, shipped=shipped), (3, 1))) == (3, ["speed", "speed"])
    # B counts as 1: one level lost is 0 (q. 49)
    assert changed(alone(ship(speed="B", shipped=shipped))) == (0, ["speed"])


def test_fleeing_rises_by_maximum_increase() -> None:
    # trireme fleeing at 1 → 4 (+3, maximum 4); quadrireme at 1 → 3 (+2); backing → 0 first;
    # a fleeing ship's own SPEED line is not carried out.
    assert changed(alone(ship(speed=1, flag=FLEEING))) == (4, ["speed"])
    assert changed(alone(ship("quadrireme", speed=1, flag=FLEEING))) == (3, ["speed"])
    assert changed(alone(ship(speed="B", flag=FLEEING))) == (0, ["speed"])
    assert changed(ordered(ship(speed=1, flag=FLEEING), (0, 1))) == (4, ["speed"])
    # holed: maximum 3 → 1 + 3 capped at 3
    assert changed(alone(ship(speed=1, flag=FLEEING, holes=("S",)))) == (3, ["speed"])


def test_speed_above_maximum_drops() -> None:
    # holed: maximum 3; at 4 it drops to 3 at the phase's end (step 3)
    state = alone(ship(speed=4, holes=("S",)))
    after, events = speeds.apply_changes(state, 1)
    assert after.require("X").speed == 3
    assert events[0]["reason"] == "maximum"


def test_speed_value_b_counts_one() -> None:
    assert [speeds.speed_value(value) for value in (0, "B", 3)] == [0, 1, 3]
