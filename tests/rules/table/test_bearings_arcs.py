"""G18 bearings, relative bearings and RC's rout heading; G19 RC's broadside sides and WW's wedge,
by hand-worked numbers (RC rulings §1 item 5, §14, §16.6; WW rulings §11.2)."""

from __future__ import annotations

import math

import pytest

from pbem.rules.table import (
    RAM_CRUISE,
    BroadsideSides,
    DeadAstern,
    Polygon,
    Pose,
    Side,
    Vec,
    Wedge,
    area_polygon,
    bearing,
    broadside_sides,
    home_heading,
    partly_within,
    place,
    rectangle,
    relative_bearing,
    rout_heading,
)

EPS = RAM_CRUISE.epsilon
TRIREME = rectangle(4.0, 1.0)


def box(west: float, south: float, east: float, north: float) -> Polygon:
    # Clockwise from above: north-west, north-east, south-east, south-west.
    return area_polygon([Vec(west, north), Vec(east, north), Vec(east, south), Vec(west, south)])


# --- G18: bearings ------------------------------------------------------------------------------

@pytest.mark.parametrize(("dx", "dy", "expected"), [
    (0, 1, 0.0), (1, 0, 90.0), (0, -1, 180.0), (-1, 0, 270.0), (1, 1, 45.0), (-1, 1, 315.0),
    (0, 0, 0.0),                     # a target at the origin itself
])
def test_bearings_are_clockwise_from_north_in_0_to_360(dx: float, dy: float, expected: float) -> None:
    assert math.isclose(bearing(Vec(10, 10), Vec(10 + dx, 10 + dy)), expected, abs_tol=1e-12)


def test_a_bearing_a_hair_west_of_north_is_just_under_360_or_0_never_360() -> None:
    # atan2 gives −1e-300 degrees; mod 360 in floating point would round that up to 360.0.
    found = bearing(Vec(0, 0), Vec(-1e-300, 1))
    assert 0.0 <= found < 360.0


@pytest.mark.parametrize(("heading", "towards", "expected"), [
    (350, 10, 20.0),                 # across north, to starboard
    (10, 350, -20.0),                # to port
    (90, 180, 90.0), (90, 0, -90.0), (0, 0, 0.0),
    (90, 269, 179.0), (90, 271, -179.0),
])
def test_relative_bearings_are_signed_turns_positive_to_starboard(heading: float, towards: float,
                                                                  expected: float) -> None:
    for dead_astern in DeadAstern:
        assert relative_bearing(heading, towards, dead_astern) == expected


def test_dead_astern_is_a_port_turn_in_sb_and_a_starboard_turn_in_ww() -> None:
    assert relative_bearing(90, 270, DeadAstern.PORT) == -180.0
    assert relative_bearing(90, 270, DeadAstern.STARBOARD) == 180.0
    assert relative_bearing(0, 180, DeadAstern.PORT) == -180.0
    assert relative_bearing(0, 180, DeadAstern.STARBOARD) == 180.0


def test_a_hair_past_dead_astern_stays_in_each_convention_s_range() -> None:
    # b − h + 180 = −1e-300, which floating-point mod 360 rounds up to 360: ρ would be +180, out of
    # SB's [−180, 180). It is dead astern, so −180 for SB and +180 for WW.
    assert relative_bearing(180.0, -1e-300, DeadAstern.PORT) == -180.0
    assert relative_bearing(180.0, -1e-300, DeadAstern.STARBOARD) == 180.0
    assert relative_bearing(10.0, 10.0 - 1e-14, DeadAstern.PORT) == pytest.approx(0.0, abs=1e-12)


# --- G18: the rout heading (RC §16.6) -----------------------------------------------------------

def test_home_headings_point_straight_at_the_home_edge() -> None:
    sides = (Side.SOUTH, Side.NORTH, Side.WEST, Side.EAST)
    assert [home_heading(side) for side in sides] == [180, 0, 270, 90]


@pytest.mark.parametrize(("downwind", "home", "expected"), [
    (90, 90, 90),       # δ = 0: downwind is home
    (45, 90, 90),       # δ = 45: home is just within 45° of downwind
    (135, 90, 90),      # δ = 315: the same on the other side
    (44, 90, 89),       # δ = 46: W + 45
    (136, 90, 91),      # δ = 314: W − 45
    (90, 180, 135),     # δ = 90: W + 45
    (90, 0, 45),        # δ = 270: W − 45
    (90, 270, 135),     # δ = 180, home dead upwind: W + 45
    (0, 180, 45),       # δ = 180 again
    (181, 0, 226),      # δ = 179: W + 45
    (179, 0, 134),      # δ = 181: W − 45
    (330, 90, 15),      # δ = 120: W + 45 = 375, mod 360
    (30, 270, 345),     # δ = 240: W − 45 = −15, mod 360
    (300, 0, 345),      # δ = 60 (wind_change from a rolled 300)
])
def test_the_rout_heading_cases(downwind: float, home: float, expected: float) -> None:
    assert rout_heading(downwind, home) == expected


# --- G19: broadside sides (RC §14) --------------------------------------------------------------

def test_a_target_abeam_to_starboard_is_on_the_starboard_side_only() -> None:
    # Firer at (10, 10) heading 0: s = (1, 0), v = x − 10. The trireme at x 11.5–12.5: v 1.5–2.5.
    firer = Pose(Vec(10, 10), 0)
    assert broadside_sides(firer, place(TRIREME, Pose(Vec(12, 10), 0)), EPS) == BroadsideSides(True, False)
    assert broadside_sides(firer, place(TRIREME, Pose(Vec(8, 10), 0)), EPS) == BroadsideSides(False, True)


def test_a_target_dead_ahead_across_the_bow_is_on_both_sides() -> None:
    # Across the bow at (10, 15) heading 90: x 8–12, v −2 to 2.
    firer = Pose(Vec(10, 10), 0)
    assert broadside_sides(firer, place(TRIREME, Pose(Vec(10, 15), 90)), EPS) == BroadsideSides(True, True)


def test_starboard_turns_with_the_heading() -> None:
    # Heading 90: s = (0, −1), so starboard is south: v = 10 − y.
    firer = Pose(Vec(10, 10), 90)
    assert broadside_sides(firer, place(TRIREME, Pose(Vec(10, 8), 90)), EPS) == BroadsideSides(True, False)


@pytest.mark.parametrize(("east", "starboard"), [(0.001, False), (0.0011, True)])
def test_a_corner_at_epsilon_is_not_yet_on_the_side(east: float, starboard: bool) -> None:
    # Firer at the origin heading 0, v = x: the target reaches v = `east` to starboard, −3 to port.
    sides = broadside_sides(Pose(Vec(0, 0), 0), box(-3, 5, east, 7), EPS)
    assert sides == BroadsideSides(starboard, True)


@pytest.mark.parametrize(("west", "port"), [(-0.001, False), (-0.0011, True)])
def test_a_corner_at_minus_epsilon_is_not_yet_on_port(west: float, port: bool) -> None:
    sides = broadside_sides(Pose(Vec(0, 0), 0), box(west, 5, 3, 7), EPS)
    assert sides == BroadsideSides(True, port)


# --- G19: the wedge (WW §11.2) ------------------------------------------------------------------

APEX = Vec(10, 10)


def test_a_forward_wedge_holds_what_is_ahead_and_not_what_is_behind() -> None:
    bow = Wedge(APEX, 0, -90, 90)                   # WW's B arc
    assert partly_within(box(9, 14, 11, 16), bow)
    assert not partly_within(box(9, 4, 11, 6), bow)


def test_a_stern_wedge_wraps_through_dead_astern() -> None:
    stern = Wedge(APEX, 0, 90, -90)                 # WW's S arc, 90 to 180 and −180 to −90
    assert partly_within(box(9, 4, 11, 6), stern)
    assert not partly_within(box(9, 14, 11, 16), stern)


def test_the_starboard_wedge_turns_with_the_heading() -> None:
    starboard = Wedge(APEX, 0, 45, 135)             # WW's M arc to starboard
    assert partly_within(box(14, 9, 16, 11), starboard)     # due east, bearing 90
    assert not partly_within(box(9, 14, 11, 16), starboard)  # due north
    # On heading 90 the same wedge looks south (relative 90 is bearing 180).
    assert partly_within(box(9, 4, 11, 6), Wedge(APEX, 90, 45, 135))
    assert not partly_within(box(14, 9, 16, 11), Wedge(APEX, 90, 45, 135))


def test_a_target_spanning_a_narrow_wedge_is_in_it_by_the_boundary_rays() -> None:
    # Corners at bearings atan2(±5, 4) ≈ ±51° and atan2(±5, 6) ≈ ±40°, all outside [−1, 1]; the
    # wedge's rays at 359° and 1° cross its south edge y = 14.
    assert partly_within(box(5, 14, 15, 16), Wedge(APEX, 0, -1, 1))


def test_a_target_round_the_apex_is_in_any_wedge() -> None:
    assert partly_within(box(9, 9, 11, 11), Wedge(APEX, 0, -1, 1))


def test_a_corner_exactly_on_the_boundary_ray_counts_the_interval_is_closed() -> None:
    # The target's south-east corner (10, 12) is dead ahead of the apex: relative bearing 0.
    target = box(8, 12, 10, 14)
    assert partly_within(target, Wedge(APEX, 0, 0, 90))
    assert not partly_within(target, Wedge(APEX, 0, 0.5, 90))


def test_all_round_holds_everything_and_dead_astern_bounds_agree() -> None:
    behind = box(9, 4, 11, 6)
    assert partly_within(behind, Wedge(APEX, 0, -180, 180))
    # −180 and +180 are one bearing: a wedge from −180 to −90 holds dead astern.
    assert partly_within(box(9.9, 4, 10.1, 6), Wedge(APEX, 0, -180, -170))
    assert partly_within(box(9.9, 4, 10.1, 6), Wedge(APEX, 0, 170, 180))


def test_a_wedge_bound_outside_minus_180_to_180_is_refused() -> None:
    with pytest.raises(ValueError, match="relative bearings from −180 to 180"):
        Wedge(APEX, 0, 90, 270)


@pytest.mark.parametrize(("first", "last", "relative", "inside"), [
    (0, 90, 0.0, True), (0, 90, 90.0, True),            # closed at both ends
    (0, 90, -0.0001, False), (0, 90, 90.0001, False),
    (90, -90, 180.0, True), (90, -90, -180.0, True),    # wrapping: dead astern either way
    (90, -90, -90.0, True), (90, -90, -89.9, False), (90, -90, 0.0, False),
    (-180, 180, 0.0, True), (-180, 180, 180.0, True),   # all round
])
def test_a_wedge_covers_a_closed_interval_of_relative_bearings_on_the_circle(
        first: float, last: float, relative: float, inside: bool) -> None:
    assert Wedge(APEX, 0, first, last).covers_bearing(relative) is inside
