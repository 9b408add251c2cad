"""G8 zones, G13 the reach distance and G15 reach events checked against Shapely as an oracle and
against their own definitions, on random SB ships (SB rulings §2 sizes, SPEED_BAND's ε). Shapely
is a test dependency only.

Cases within a hair of a limit (r + ε at the start, a tangent reach) are left to the core."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import MultiPoint, Point
from shapely.geometry import Polygon as ShapelyPolygon

from pbem.rules.table import (
    SPEED_BAND,
    Contact,
    EdgeReached,
    Polygon,
    Pose,
    Reach,
    Vec,
    Zone,
    ahead,
    footprint_distance,
    overlaps,
    place,
    point_zone,
    reach_distance,
    reach_step_events,
    rectangle,
    straight_step,
)

EPS = SPEED_BAND.epsilon
TABLE = SPEED_BAND.table
GRAPPLE = 1.0
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])

# SB rulings §2: triakonter to dekeres.
SIZES = [(3.0, 0.75), (3.5, 0.75), (4.0, 1.0), (4.5, 1.25), (5.0, 1.25), (5.5, 1.5), (6.0, 1.75), (7.0, 2.0)]
types = st.sampled_from(SIZES)
whole_headings = st.integers(0, 359).map(float)


def shape(polygon: Polygon) -> ShapelyPolygon:
    return ShapelyPolygon([(corner.x, corner.y) for corner in polygon.corners])


def unit(heading: float) -> tuple[float, float]:
    return math.sin(math.radians(heading)), math.cos(math.radians(heading))


@st.composite
def pairs(draw: st.DrawFn) -> tuple[Polygon, Vec, Polygon]:
    """A mover, a motion (a whole-degree heading) and another ship within a few inches of it,
    apart at the start."""
    length, beam = draw(types)
    mover = place(rectangle(length, beam), Pose(Vec(36.0, 24.0), draw(whole_headings)))
    other_length, other_beam = draw(types)
    centre = Vec(36.0 + draw(st.floats(-12.0, 12.0)), 24.0 + draw(st.floats(-12.0, 12.0)))
    other = place(rectangle(other_length, other_beam), Pose(centre, draw(whole_headings)))
    assume(not overlaps(mover, other, EPS))
    sin, cos = unit(draw(whole_headings))
    return mover, Vec(sin, cos), other


def swept(polygon: ShapelyPolygon, motion: Vec, t: float) -> ShapelyPolygon:
    # A convex footprint swept along a straight line is the hull of its start and end.
    moved = affinity.translate(polygon, t * motion.x, t * motion.y)
    return MultiPoint([*polygon.exterior.coords, *moved.exterior.coords]).convex_hull


@given(pairs())
@FAST
def test_the_reach_distance_is_the_first_moment_within_r_measured_by_shapely(
        scene: tuple[Polygon, Vec, Polygon]) -> None:
    mover, motion, other = scene
    found = reach_distance(mover, motion, other, GRAPPLE, EPS)
    start, target = shape(mover), shape(other)
    at_start = start.distance(target)
    assume(abs(at_start - GRAPPLE - EPS) > 1e-9)
    if at_start <= GRAPPLE + EPS:
        assert found == 0.0
        return
    assert found > 0.0
    if found == math.inf:
        # Never within r: the whole sweep (far beyond the table) stays at least r away, bar a tangent.
        assert swept(start, motion, 200.0).distance(target) >= GRAPPLE - 1e-9
        return
    # Exactly r away at t_r, and never nearer on the way there.
    moved = affinity.translate(start, found * motion.x, found * motion.y)
    assert math.isclose(moved.distance(target), GRAPPLE, abs_tol=1e-9)
    assert swept(start, motion, found).distance(target) >= GRAPPLE - 1e-9


@given(pairs())
@FAST
def test_the_reach_distance_agrees_with_the_core_s_own_distance(
        scene: tuple[Polygon, Vec, Polygon]) -> None:
    mover, motion, other = scene
    found = reach_distance(mover, motion, other, GRAPPLE, EPS)
    assume(0.0 < found < math.inf)
    there = mover.translated(motion * found)
    assert math.isclose(footprint_distance(there, other, EPS), GRAPPLE, abs_tol=1e-9)
    earlier = mover.translated(motion * max(0.0, found - 0.01))
    assert footprint_distance(earlier, other, EPS) > GRAPPLE


@st.composite
def crowds(draw: st.DrawFn) -> tuple[Pose, float, Vec, list[Polygon], list[int]]:
    """A trireme's straight step (ahead or astern) among a few ships near its path."""
    start = Pose(Vec(draw(st.floats(15.0, 55.0)), draw(st.floats(12.0, 36.0))), draw(whole_headings))
    length = draw(st.floats(0.0, 12.0))
    motion = ahead(start.heading) * draw(st.sampled_from([1.0, -1.0]))
    mover = place(rectangle(4.0, 1.0), start)
    ships = []
    for _ in range(draw(st.integers(1, 6))):
        size = draw(types)
        along, across = draw(st.floats(-3.0, 14.0)), draw(st.floats(-4.0, 4.0))
        sin, cos = unit(start.heading)
        centre = Vec(start.centre.x + along * motion.x + across * cos, start.centre.y + along * motion.y
                     - across * sin)
        polygon = place(rectangle(*size), Pose(centre, draw(whole_headings)))
        if not overlaps(mover, polygon, EPS):
            ships.append(polygon)
    assume(ships)
    pending = draw(st.lists(st.integers(0, len(ships) - 1), max_size=8))
    return start, length, motion, ships, pending


@given(crowds())
@FAST
def test_reach_events_are_every_pending_pair_reached_in_g15_order(
        scene: tuple[Pose, float, Vec, list[Polygon], list[int]]) -> None:
    start, length, motion, ships, pending = scene
    footprint = rectangle(4.0, 1.0)
    stepped = reach_step_events(footprint, start, motion, length, ships, TABLE, EPS, pending, GRAPPLE)
    plain = straight_step(footprint, start, motion, length, ships, TABLE, EPS)
    assert stepped.outcome == plain                            # a reach stops nothing by itself
    mover = place(footprint, start)
    expected = {index for index in pending
                if reach_distance(mover, motion, ships[index], GRAPPLE, EPS) <= plain.travel + EPS}
    reaches = stepped.reaches
    assert sorted(event.other for event in reaches) == sorted(expected)     # each pair once
    for i, event in enumerate(reaches):                        # G15: least t, ties in scenario order
        least = min(left.t for left in reaches[i:])
        assert event.other == min(left.other for left in reaches[i:] if left.t <= least + EPS)
    kinds = [0 if isinstance(event, Reach) else 1 if isinstance(event, Contact) else 2
             for event in stepped.events]
    assert kinds == sorted(kinds)                              # reaches, contacts, then the edge
    assert tuple(event.other for event in stepped.events if isinstance(event, Contact)) == plain.contacts
    assert any(isinstance(event, EdgeReached) for event in stepped.events) is plain.edge
    for event in reaches:                                      # placed where it came within reach
        assert event.pose.heading == start.heading
        assert math.isclose((event.pose.centre - start.centre).length(), min(event.t, plain.travel),
                            abs_tol=1e-9)


def world(pose: Pose, local: list[tuple[float, float]]) -> ShapelyPolygon:
    sin, cos = unit(pose.heading)
    return ShapelyPolygon([(pose.centre.x + u * sin + v * cos, pose.centre.y + u * cos - v * sin)
                           for u, v in local])


@given(types, whole_headings, st.floats(-8.0, 8.0), st.floats(-8.0, 8.0))
@FAST
def test_zones_are_the_wedges_out_of_the_corners_and_the_halves_of_the_beam_line(
        size: tuple[float, float], heading: float, du: float, dv: float) -> None:
    # The oracle: zone A is the right-angled wedge bounded by the 45° lines out of the bow corners
    # (apex on the keel at u = L/2 − W/2), D the same astern, and the rest is cut by u = 0; Shapely
    # says which region holds the point. Points within a hair of 2ε of a boundary are the core's.
    length, beam = size
    pose = Pose(Vec(36.0, 24.0), heading)
    sin, cos = unit(heading)
    point = Point(36.0 + du * sin + dv * cos, 24.0 + du * cos - dv * sin)
    far, bow, stern = 60.0, length / 2 - beam / 2, -length / 2 + beam / 2
    bow_wedge = world(pose, [(bow, 0.0), (bow + far, -far), (bow + far, far)])
    stern_wedge = world(pose, [(stern, 0.0), (stern - far, far), (stern - far, -far)])
    forward_half = world(pose, [(0.0, -far), (0.0, far), (far, far), (far, -far)])
    regions = (bow_wedge, stern_wedge, forward_half)
    assume(all(region.exterior.distance(point) > 2 * EPS for region in regions))
    found = point_zone(Vec(point.x, point.y), pose, length, beam, EPS)
    if bow_wedge.contains(point):
        assert found is Zone.A
    elif stern_wedge.contains(point):
        assert found is Zone.D
    else:
        assert found is (Zone.B if forward_half.contains(point) else Zone.C)
