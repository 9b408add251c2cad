"""G17's sub-stepped rotation and its blocker (WW rulings §3, §9.5), by hand-worked numbers, then
against Shapely on random WW scenes.

Hand case, a 4 × 1 rectangle at (10, 10) heading 0 turning to starboard about its centre: its
bow-starboard corner (0.5, 2) from the centre goes to x = 0.5 cos α + 2 sin α, so past a wall whose
west face is at x = 10.5 + δ it reaches 0.5 cos α + 2 sin α − 0.5 − δ: at α = 0.5°, 1°, 1.5° that
is 0.017434 − δ, 0.034829 − δ and 0.052183 − δ. That corner's reach is the least depth D (G4)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Polygon as ShapelyPolygon
from shapely.geometry import box as shapely_box

from pbem.rules.table import (
    WOODEN_WALLS,
    Footprint,
    Polygon,
    Pose,
    Table,
    Vec,
    area_polygon,
    footprint_distance,
    on_table,
    overlaps,
    place,
    rectangle,
    rotate_about,
    stretched_octagon,
    to_world,
)
from pbem.rules.table.rotation import (
    RotationOutcome,
    stop_impact_point,
    sub_stepped_rotation,
    substep_count,
)

EPS = 0.001
SHIP = rectangle(4.0, 1.0)
TABLE = Table(72.0, 48.0)
START = Pose(Vec(10.0, 10.0), 0.0)
CENTRE = START.centre
REACH_1_DEGREE = 0.5 * math.cos(math.radians(1)) + 2 * math.sin(math.radians(1)) - 0.5   # 0.034829


def box(west: float, south: float, east: float, north: float) -> Polygon:
    return area_polygon([Vec(west, north), Vec(east, north), Vec(east, south), Vec(west, south)])


FAR = box(30, 30, 31, 31)
EAST_OF_BOW = box(10.54, 11, 14, 13)            # δ = 0.04: clear at 1°, 0.0122 deep at 1.5°
WEST_OF_STERN = box(6, 7, 9.46, 9)              # the same, mirrored through the centre


def test_the_rotation_stops_before_the_sub_step_that_overlaps() -> None:
    found = sub_stepped_rotation(SHIP, START, CENTRE, 10.0, [FAR, EAST_OF_BOW], TABLE, EPS, 0.5)
    assert found == RotationOutcome(10.0, 1.0, Pose(CENTRE, 1.0), (1,), False)
    assert found.blocked and found.blocker == 1


def test_the_first_of_several_blockers_in_scenario_order_and_ignored_ones_left_out() -> None:
    # The stern-port corner swings west as the bow swings east: both walls are met at 1.5°.
    obstacles = [FAR, WEST_OF_STERN, EAST_OF_BOW]
    found = sub_stepped_rotation(SHIP, START, CENTRE, 10.0, obstacles, TABLE, EPS, 0.5)
    assert (found.made, found.overlapping, found.blocker) == (1.0, (1, 2), 1)
    without = sub_stepped_rotation(SHIP, START, CENTRE, 10.0, obstacles, TABLE, EPS, 0.5,
                                   ignored=frozenset({1}))
    assert (without.made, without.overlapping, without.blocker) == (1.0, (2,), 2)


def test_touching_at_a_sub_step_is_allowed_overlapping_by_more_than_epsilon_is_not() -> None:
    touching = box(10.5 + REACH_1_DEGREE - EPS / 2, 11, 14, 13)     # 1°: D = ε/2, a touch
    assert sub_stepped_rotation(SHIP, START, CENTRE, 10.0, [touching], TABLE, EPS, 0.5).made == 1.0
    pressing = box(10.5 + REACH_1_DEGREE - 2 * EPS, 11, 14, 13)     # 1°: D = 2ε, an overlap
    assert sub_stepped_rotation(SHIP, START, CENTRE, 10.0, [pressing], TABLE, EPS, 0.5).made == 0.5


def test_a_port_turn_blocked_by_the_mirror_image_wall() -> None:
    west_of_bow = box(6, 11, 9.46, 13)
    found = sub_stepped_rotation(SHIP, START, CENTRE, -10.0, [west_of_bow], TABLE, EPS, 0.5)
    assert (found.made, found.pose, found.blocker) == (-1.0, Pose(CENTRE, 359.0), 0)


def test_a_first_sub_step_that_fails_leaves_the_ship_where_it_was() -> None:
    hard_by = box(10.5 + 0.01, 11, 14, 13)          # 0.5°: 0.0074 deep
    found = sub_stepped_rotation(SHIP, START, CENTRE, 0.5, [hard_by], TABLE, EPS, 0.5)
    assert (found.made, found.pose, found.blocker) == (0.0, START, 0)


def test_a_turn_made_in_full_and_a_turn_of_nothing() -> None:
    full = sub_stepped_rotation(SHIP, START, CENTRE, 10.0, [FAR], TABLE, EPS, 0.5)
    assert full == RotationOutcome(10.0, 10.0, Pose(CENTRE, 10.0))
    assert not full.blocked and full.blocker is None
    assert sub_stepped_rotation(SHIP, START, CENTRE, 0.0, [EAST_OF_BOW], TABLE, EPS, 0.5) == \
        RotationOutcome(0.0, 0.0, START)


def test_the_table_edge_stops_a_rotation_with_no_blocker() -> None:
    # A WW trireme (1.2 × 0.3 SL) heading east, its bow at x = 18 − 0.0005 on an 18 × 12 table.
    # About its centre its bow-port corner (0.6, −0.075) goes to x = C_x + 0.6 cos α + 0.075 sin α:
    # 18.000131 at 0.5° (within ε = 0.00025 of the edge) and 18.000718 at 1° (off).
    trireme = stretched_octagon(1.2, 0.3)
    start = Pose(Vec(17.4 - 0.0005, 6.0), 90.0)
    found = sub_stepped_rotation(trireme, start, start.centre, 5.0, [], WOODEN_WALLS.table,
                                 WOODEN_WALLS.epsilon, 0.5)
    assert (found.made, found.pose) == (0.5, Pose(start.centre, 90.5))
    assert (found.overlapping, found.edge) == ((), True)
    assert found.blocked and found.blocker is None
    assert stop_impact_point(trireme, found, [], WOODEN_WALLS.contact_tolerance) is None


def test_a_ww_rotation_about_the_shoulder_is_blocked_by_a_ship_alongside_to_port() -> None:
    # Trireme A at (5, 5) heading 0, moving ahead, turns S20 about its starboard shoulder
    # Q = (5.15, 5.470096). Its port hip, (−0.3, −0.995096) from Q, swings west to
    # x = 5.15 − 0.3 cos α − 0.995096 sin α. Trireme B lies parallel to port, centre (4.68, 4.8),
    # its starboard beam at x = 4.83 (0.02 SL off A's). The hip reaches past it by
    # −0.32 + 0.3 cos α + 0.995096 sin α: −0.011328 at 0.5°, −0.002679 at 1°, +0.005946 at 1.5°.
    trireme = stretched_octagon(1.2, 0.3)
    start = Pose(Vec(5.0, 5.0), 0.0)
    shoulder = to_world(0.6 - 0.075 * math.sqrt(3.0), 0.15, start.centre, start.heading)
    alongside = place(trireme, Pose(Vec(4.68, 4.8), 0.0))
    found = sub_stepped_rotation(trireme, start, shoulder, 20.0, [alongside], WOODEN_WALLS.table,
                                 WOODEN_WALLS.epsilon, 0.5)
    assert (found.made, found.blocker, found.edge) == (1.0, 0, False)
    # C' = Q + R_1°(C − Q), C − Q = (−0.15, −0.470096).
    assert found.pose.heading == 1.0
    assert found.pose.centre.x == pytest.approx(4.9918185, abs=1e-7)
    assert found.pose.centre.y == pytest.approx(5.0026895, abs=1e-7)
    # K with tol = c (G12): A's port hip (0.00268 off B) and B's starboard shoulder (4.83, 5.270096),
    # 0.0165 inside c of A's port beam; I is their midpoint.
    impact = stop_impact_point(trireme, found, [alongside], WOODEN_WALLS.contact_tolerance)
    assert impact is not None
    assert (impact.x, impact.y) == (pytest.approx(4.8313394, abs=1e-7), pytest.approx(4.8752417, abs=1e-7))
    with pytest.raises(ValueError, match="not in contact"):
        stop_impact_point(trireme, found, [alongside], WOODEN_WALLS.epsilon)     # 0.00268 > ε


@pytest.mark.parametrize(("alpha", "count"), [(0.0, 0), (0.5, 1), (-0.5, 1), (10.0, 20), (-37.5, 75)])
def test_a_turn_has_two_sub_steps_a_degree(alpha: float, count: int) -> None:
    assert substep_count(alpha, 0.5) == count


def test_a_turn_that_is_not_whole_sub_steps_is_refused() -> None:
    with pytest.raises(ValueError, match="sub-steps"):
        substep_count(0.3, 0.5)
    with pytest.raises(ValueError, match="greater than 0"):
        substep_count(1.0, 0.0)


# Against Shapely: WW octagons a few SL from one another, turned about a corner or the centre.

WW = WOODEN_WALLS
W_EPS = WW.epsilon
FAST = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
SIZES = [(0.6, 0.2), (0.8, 0.25), (1.0, 0.3), (1.2, 0.3), (1.4, 0.4), (1.6, 0.5)]
half_degrees = st.integers(0, 719).map(lambda half: half / 2)


def shape(polygon: Polygon) -> ShapelyPolygon:
    return ShapelyPolygon([(corner.x, corner.y) for corner in polygon.corners])


def diameter(polygon: Polygon) -> float:
    return max((p - q).length() for p in polygon.corners for q in polygon.corners)


def area_bound(first: Polygon, second: Polygon) -> float:
    # Not overlapping (D ≤ ε): they share at most ε × the smaller diameter of area.
    return W_EPS * min(diameter(first), diameter(second)) * 1.000001 + 1e-12


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Pose, tuple[float, float], Vec, float, list[Polygon]]:
    size = draw(st.sampled_from(SIZES))
    start = Pose(Vec(draw(st.floats(0.3, 6.0)), draw(st.floats(0.3, 6.0))), draw(half_degrees))
    placed = place(stretched_octagon(*size), start)
    pivot = draw(st.sampled_from([start.centre, *placed.corners]))
    alpha = draw(st.integers(-120, 120)) / 2
    others = []
    for _ in range(draw(st.integers(1, 4))):
        other = place(stretched_octagon(*draw(st.sampled_from(SIZES))),
                      Pose(start.centre + Vec(draw(st.floats(-1.0, 1.0)), draw(st.floats(-1.0, 1.0))),
                           draw(half_degrees)))
        if not overlaps(placed, other, W_EPS):
            others.append(other)
    return start, size, pivot, alpha, others


@given(scenes())
@FAST
def test_every_sub_step_made_is_clear_and_the_next_overlaps_its_blocker_by_shapely(
        scene: tuple[Pose, tuple[float, float], Vec, float, list[Polygon]]) -> None:
    start, size, pivot, alpha, others = scene
    footprint = stretched_octagon(*size)
    table = Table(18.0, 12.0)
    assume(all(-W_EPS <= c.x <= 18 + W_EPS and -W_EPS <= c.y <= 12 + W_EPS
               for c in place(footprint, start).corners))
    found = sub_stepped_rotation(footprint, start, pivot, alpha, others, table, W_EPS, 0.5)
    assert (2 * found.made).is_integer() and abs(found.made) <= abs(alpha)
    assert found.made == 0 or math.copysign(1, found.made) == math.copysign(1, alpha)
    assert found.blocked == (found.made != alpha)
    on_table = shapely_box(-W_EPS - 1e-9, -W_EPS - 1e-9, 18 + W_EPS + 1e-9, 12 + W_EPS + 1e-9)
    origin = shape(place(footprint, start))
    sign = 1 if alpha > 0 else -1
    for k in range(1, round(2 * abs(found.made)) + 1):
        # Shapely turns counter-clockwise for a positive angle; G17 turns clockwise.
        turned = affinity.rotate(origin, -sign * k / 2, origin=(pivot.x, pivot.y))
        assert on_table.contains(turned)
        for other in others:
            assert turned.intersection(shape(other)).area <= area_bound(place(footprint, start), other)
    made = shape(place(footprint, found.pose))
    expected = affinity.rotate(origin, -found.made, origin=(pivot.x, pivot.y))
    assert made.symmetric_difference(expected).area < 1e-9
    if found.blocked:
        failing = affinity.rotate(origin, -(found.made + sign / 2), origin=(pivot.x, pivot.y))
        if found.blocker is not None:
            assert failing.intersection(shape(others[found.blocker])).area > 0
            for index in range(found.blocker):
                assert index not in found.overlapping
        if found.edge:
            assert not shapely_box(0, 0, 18, 12).contains(failing)
    assert found.pose == (rotate_about(start, pivot, found.made) if found.made else start)


def every_sub_step(footprint: Footprint, start: Pose, pivot: Vec, alpha: float, others: list[Polygon],
                   table: Table) -> RotationOutcome:
    """G17 word for word: every sub-step against every obstacle and the table, no skipping."""
    sign = 1 if alpha > 0 else -1
    made = start
    for k in range(1, round(2 * abs(alpha)) + 1):
        trial = rotate_about(start, pivot, sign * k / 2)
        polygon = place(footprint, trial)
        overlapping = tuple(i for i, other in enumerate(others) if overlaps(polygon, other, W_EPS))
        edge = not on_table(polygon, table, W_EPS)
        if overlapping or edge:
            return RotationOutcome(alpha, sign * (k - 1) / 2 + 0.0, made, overlapping, edge)
        made = trial
    return RotationOutcome(alpha, alpha + 0.0, made)


@given(scenes())
@FAST
def test_skipping_sub_steps_that_cannot_fail_changes_nothing(
        scene: tuple[Pose, tuple[float, float], Vec, float, list[Polygon]]) -> None:
    start, size, pivot, alpha, others = scene
    footprint, table = stretched_octagon(*size), Table(18.0, 12.0)
    assert sub_stepped_rotation(footprint, start, pivot, alpha, others, table, W_EPS, 0.5) == \
        every_sub_step(footprint, start, pivot, alpha, others, table)


@given(scenes(), st.floats(0.0, 0.01))
@FAST
def test_skipping_changes_nothing_with_a_ship_a_hair_away(
        scene: tuple[Pose, tuple[float, float], Vec, float, list[Polygon]], gap: float) -> None:
    # The nearest other ship moved straight at the turning one until only `gap` separates them on
    # the line between centres: contacts come within a sub-step or two of the start.
    start, size, pivot, alpha, others = scene
    footprint, table = stretched_octagon(*size), Table(18.0, 12.0)
    mover = place(footprint, start)
    assume(others)
    other = others[0]
    centre = Vec(sum(c.x for c in other.corners) / 8, sum(c.y for c in other.corners) / 8)
    towards = start.centre - centre
    assume(towards.length() > 1e-6)
    towards = towards * (1 / towards.length())
    low, high = 0.0, towards.dot(start.centre - centre)
    for _ in range(60):                      # the farthest shift that keeps them apart by the gap
        middle = (low + high) / 2
        if footprint_distance(mover, other.translated(towards * middle), W_EPS) > gap:
            low = middle
        else:
            high = middle
    moved = [other.translated(towards * low), *others[1:]]
    assume(not any(overlaps(mover, polygon, W_EPS) for polygon in moved))
    assert sub_stepped_rotation(footprint, start, pivot, alpha, moved, table, W_EPS, 0.5) == \
        every_sub_step(footprint, start, pivot, alpha, moved, table)
