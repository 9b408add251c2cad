"""G18's relative bearings of points, WW's TOWARD and AWAY turns (§21) and approaching (§15.4
trigger 7), by hand-worked angles, then checked against Shapely cones on random scenes."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point
from shapely.geometry import Polygon as ShapelyPolygon

from pbem.rules.table import DeadAstern, Pose, Vec, bearing, relative_bearing
from pbem.rules.table.relative import (
    approaching,
    away_turn,
    relative_bearing_to,
    round_down_in_magnitude,
    toward_turn,
)
from pbem.rules.table.travel import Motion, direction_of_travel

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
SHIP = Pose(Vec(5.0, 5.0), 0.0)


def test_relative_bearings_of_points_from_a_ship() -> None:
    assert relative_bearing_to(Vec(5, 5), 0.0, Vec(6, 6), DeadAstern.STARBOARD) == 45.0
    assert relative_bearing_to(Vec(5, 5), 90.0, Vec(5, 6), DeadAstern.STARBOARD) == -90.0
    assert relative_bearing_to(Vec(5, 5), 315.0, Vec(6, 6), DeadAstern.STARBOARD) == 90.0
    assert relative_bearing_to(Vec(5, 5), 45.5, Vec(6, 6), DeadAstern.PORT) == -0.5


def test_the_half_open_interval_ends_both_ways() -> None:
    # Dead astern is +180 in WW's (−180, 180] and −180 in SB's [−180, 180); a hair either side of
    # it is the same in both, just inside the end each leaves open.
    astern, hair = Vec(5, 4), 1e-9
    assert relative_bearing_to(Vec(5, 5), 0.0, astern, DeadAstern.STARBOARD) == 180.0
    assert relative_bearing_to(Vec(5, 5), 0.0, astern, DeadAstern.PORT) == -180.0
    for dead_astern in DeadAstern:
        to_port = relative_bearing_to(Vec(5, 5), 0.0, Vec(5 - hair, 4), dead_astern)
        to_starboard = relative_bearing_to(Vec(5, 5), 0.0, Vec(5 + hair, 4), dead_astern)
        assert -180.0 < to_port < -179.9999 and 179.9999 < to_starboard < 180.0


@pytest.mark.parametrize(("angle", "grain", "expected"), [
    (29.9, 0.5, 29.5), (-29.9, 0.5, -29.5), (30.0, 0.5, 30.0), (-30.0, 0.5, -30.0),
    (44.75, 0.5, 44.5), (0.4999, 0.5, 0.0), (180.0, 0.5, 180.0), (44.75, 1.0, 44.0),
])
def test_rounding_down_goes_towards_zero_to_a_multiple_of_the_grain(angle: float, grain: float,
                                                                    expected: float) -> None:
    assert round_down_in_magnitude(angle, grain) == expected


def test_a_turn_that_rounds_to_nothing_is_plus_zero() -> None:
    found = round_down_in_magnitude(-0.4, 0.5)
    assert found == 0.0 and math.copysign(1.0, found) == 1.0
    with pytest.raises(ValueError, match="grain"):
        round_down_in_magnitude(1.0, 0.0)


@pytest.mark.parametrize(("target", "remaining", "expected"), [
    (Vec(6, 6), 60.0, 45.0),          # ρ = 45 exactly, under the limit
    (Vec(6, 6), 30.0, 30.0),          # capped by the remaining limit
    (Vec(6, 6), 22.7, 22.5),          # capped at 22.7, then rounded down: a multiple of 0.5
    (Vec(4, 6), 30.0, -30.0),         # to port
    (Vec(6, 7), 60.0, 26.5),          # atan2(1, 2) = 26.565…°, rounded down in magnitude
    (Vec(4, 7), 60.0, -26.5),
    (Vec(5, 9), 60.0, 0.0),           # dead ahead: no turn
    (Vec(6, 6), 0.0, 0.0),            # no turn left
])
def test_toward_turns_to_the_target_rounded_down_and_capped(target: Vec, remaining: float,
                                                            expected: float) -> None:
    assert toward_turn(SHIP, target, remaining) == expected


def test_toward_a_target_dead_astern_turns_to_starboard_in_ww_and_port_in_sb() -> None:
    assert toward_turn(SHIP, Vec(5, 3), 60.0) == 60.0
    assert toward_turn(SHIP, Vec(5, 3), 200.0) == 180.0
    assert toward_turn(SHIP, Vec(5, 3), 60.0, dead_astern=DeadAstern.PORT) == -60.0


def test_toward_from_a_ship_on_another_heading() -> None:
    assert toward_turn(Pose(Vec(5, 5), 315.0), Vec(6, 6), 60.0) == 60.0    # ρ = 90
    assert toward_turn(Pose(Vec(5, 5), 45.5), Vec(6, 6), 60.0) == -0.5     # ρ = −0.5 exactly
    assert toward_turn(Pose(Vec(5, 5), 350.0), Vec(6, 6), 40.0) == 40.0    # ρ = 55 across north


def test_a_target_a_hair_short_of_a_half_degree_rounds_down_a_further_half_degree() -> None:
    # G6: bearings are plain double precision. A point put on bearing 30 by sin and cos comes out
    # at 9.999999999999984° from (5, 5), so TOWARD it turns 9.5, not 10. (Nearer the heading the
    # + 180 − 180 of ρ can swallow the shortfall: from the origin bearing 29.999999999999996
    # still gives ρ = 30.)
    target = Vec(5 + math.sin(math.radians(10)), 5 + math.cos(math.radians(10)))
    assert bearing(SHIP.centre, target) == 9.999999999999984
    assert toward_turn(SHIP, target, 60.0) == 9.5
    near = Vec(math.sin(math.radians(30)), math.cos(math.radians(30)))
    assert bearing(Vec(0, 0), near) == 29.999999999999996
    assert toward_turn(Pose(Vec(0, 0), 0.0), near, 60.0) == 30.0


def test_toward_the_ship_s_own_centre_is_no_turn_and_a_negative_limit_is_refused() -> None:
    assert toward_turn(SHIP, SHIP.centre, 60.0) == 0.0
    assert away_turn(SHIP, SHIP.centre, 60.0) == 0.0
    with pytest.raises(ValueError, match="negative"):
        toward_turn(SHIP, Vec(6, 6), -0.5)


@pytest.mark.parametrize(("target", "remaining", "expected"), [
    (Vec(5, 7), 60.0, 60.0),          # dead ahead: the reverse is dead astern, a starboard turn (WW)
    (Vec(6, 6), 60.0, -60.0),         # bearing 45, reverse 225: ρ = −135, capped
    (Vec(6, 6), 180.0, -135.0),
    (Vec(6, 4), 60.0, -45.0),         # bearing 135, reverse 315: ρ = −45
    (Vec(4, 4), 60.0, 45.0),          # bearing 225, reverse 45
    (Vec(5, 3), 60.0, 0.0),           # dead astern: the reverse is dead ahead
])
def test_away_turns_to_the_reverse_bearing(target: Vec, remaining: float, expected: float) -> None:
    assert away_turn(SHIP, target, remaining) == expected


def test_away_from_a_target_dead_ahead_turns_to_port_in_sb() -> None:
    assert away_turn(SHIP, Vec(5, 7), 60.0, dead_astern=DeadAstern.PORT) == -60.0


def test_approaching_is_a_closed_45_degree_cone_about_the_direction_of_travel() -> None:
    enemy = Vec(0, 0)
    assert approaching(enemy, 0.0, Vec(1, 1))                       # bearing 45: Δ = 45, in
    assert not approaching(enemy, 0.0, Vec(1, 0.999))               # a hair past 45
    assert approaching(enemy, 0.0, Vec(-1, 1))                      # bearing 315
    assert approaching(enemy, 90.0, Vec(1, -1))                     # bearing 135, Δ = 45
    assert not approaching(enemy, 270.0, Vec(1, 0))                 # dead astern of its travel
    assert approaching(enemy, 350.0, Vec(-1, 1))                    # Δ(315, 350) = 35
    assert not approaching(enemy, 350.0, Vec(1, 1))                 # Δ(45, 350) = 55


def test_a_backing_ship_approaches_what_lies_astern_and_a_stopped_one_nothing() -> None:
    astern = Vec(0, -3)
    assert approaching(Vec(0, 0), direction_of_travel(0.0, Motion.BACKING), astern)
    assert not approaching(Vec(0, 0), direction_of_travel(0.0, Motion.AHEAD), astern)
    assert not approaching(Vec(0, 0), direction_of_travel(180.0, Motion.STOPPED), astern)


points = st.builds(Vec, st.floats(-20.0, 20.0), st.floats(-20.0, 20.0))
half_degrees = st.integers(0, 719).map(lambda half: half / 2)
limits = st.integers(0, 360).map(lambda half: half / 2)


@given(points, half_degrees, points, limits, st.sampled_from(list(DeadAstern)))
@FAST
def test_toward_is_the_signed_turn_rounded_down_and_capped(centre: Vec, heading: float, target: Vec,
                                                           remaining: float,
                                                           dead_astern: DeadAstern) -> None:
    assume((target - centre).length() > 1e-6)
    rho = relative_bearing(heading, bearing(centre, target), dead_astern)
    turn = toward_turn(Pose(centre, heading), target, remaining, dead_astern=dead_astern)
    assert (2 * turn).is_integer()
    assert abs(turn) <= min(abs(rho), remaining)
    assert min(abs(rho), remaining) - abs(turn) < 0.5
    assert turn == 0.0 or math.copysign(1.0, turn) == math.copysign(1.0, rho)


def cone(apex: Vec, travel: float, half_angle: float) -> ShapelyPolygon:
    """The sector within `half_angle` of `travel` out to 100 units, as a Shapely polygon."""
    rim = []
    steps = 360
    for k in range(steps + 1):
        angle = math.radians(travel - half_angle + 2 * half_angle * k / steps)
        rim.append((apex.x + 100 * math.sin(angle), apex.y + 100 * math.cos(angle)))
    return ShapelyPolygon([(apex.x, apex.y), *rim])


@given(points, half_degrees, points)
@FAST
def test_approaching_agrees_with_a_shapely_cone(enemy: Vec, travel: float, ship: Vec) -> None:
    offset = ship - enemy
    assume(1e-3 < offset.length() < 50)
    inner, outer = cone(enemy, travel, 45.0 - 1e-6), cone(enemy, travel, 45.0 + 1e-6)
    target = Point(ship.x, ship.y)
    if inner.contains(target):
        assert approaching(enemy, travel, ship)
    elif not outer.intersects(target):
        assert not approaching(enemy, travel, ship)
    assert not approaching(enemy, None, ship)
