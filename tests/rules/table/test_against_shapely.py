"""The core checked against an independent geometry library, Shapely, on random ships (G2–G5,
G10–G12, G15, G17). Shapely is a test dependency only; pbem never imports it.

Where the core's ε makes it differ from exact geometry on purpose, the checks allow for it: two
convex footprints whose least projection overlap D lies within ε are at most √2·ε apart (no
corner of these shapes, nor of their Minkowski difference, is sharper than 90°) and share at most
ε × the smaller diameter of area."""

from __future__ import annotations

import math

import shapely
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, MultiPoint, Point
from shapely.geometry import Polygon as ShapelyPolygon

from pbem.rules.table import (
    Footprint,
    Polygon,
    Pose,
    Relation,
    Table,
    Vec,
    ahead,
    apart,
    check_pivot,
    contact_distance,
    depth,
    distance_at_most,
    edge_distance,
    footprint_distance,
    impact_point,
    impact_set,
    overlaps,
    place,
    point_distance,
    point_segment_distance,
    rectangle,
    relation,
    rotate_about,
    starboard,
    straight_step,
    stretched_octagon,
    to_local,
    to_world,
)

EPS = 0.001
TABLE = Table(72.0, 48.0)
SLACK = math.sqrt(2.0) * EPS + 1e-12
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])

coordinates = st.floats(min_value=5.0, max_value=25.0, allow_nan=False)
headings = st.integers(min_value=0, max_value=719).map(lambda half_degrees: half_degrees / 2)


@st.composite
def footprints(draw: st.DrawFn) -> Footprint:
    length = draw(st.floats(min_value=1.0, max_value=6.0))
    if draw(st.booleans()):
        return rectangle(length, draw(st.floats(min_value=0.3, max_value=2.0)))
    return stretched_octagon(length, draw(st.floats(min_value=0.2, max_value=length / 2)))


poses = st.builds(lambda x, y, h: Pose(Vec(x, y), h), coordinates, coordinates, headings)


def shape(polygon: Polygon) -> ShapelyPolygon:
    return ShapelyPolygon([(corner.x, corner.y) for corner in polygon.corners])


def diameter(polygon: Polygon) -> float:
    return max((p - q).length() for p in polygon.corners for q in polygon.corners)


def area_bound(first: Polygon, second: Polygon) -> float:
    return EPS * min(diameter(first), diameter(second)) * 1.000001 + 1e-12


@st.composite
def near_pairs(draw: st.DrawFn) -> tuple[Polygon, Polygon]:
    """Two footprints whose centres are a few units apart: overlaps, touches and gaps all occur."""
    first = place(draw(footprints()), draw(poses))
    offset = Vec(draw(st.floats(-5.0, 5.0)), draw(st.floats(-5.0, 5.0)))
    centre = Vec(sum(c.x for c in first.corners) / len(first.corners),
                 sum(c.y for c in first.corners) / len(first.corners))
    second = place(draw(footprints()), Pose(centre + offset, draw(headings)))
    return first, second


@given(footprints(), poses)
@FAST
def test_placing_keeps_area_side_lengths_and_a_valid_convex_clockwise_outline(footprint: Footprint,
                                                                               pose: Pose) -> None:
    placed = place(footprint, pose)
    local = ShapelyPolygon([(corner.x, corner.y) for corner in footprint.corners])
    world = shape(placed)
    assert world.is_valid and math.isclose(world.area, local.area, rel_tol=1e-9)
    assert world.convex_hull.area == world.area or math.isclose(world.convex_hull.area, world.area,
                                                                 rel_tol=1e-9)
    assert not world.exterior.is_ccw                     # clockwise seen from above (G3)
    for i, corner in enumerate(placed.corners):
        for j, other in enumerate(placed.corners):
            assert math.isclose((corner - other).length(),
                                (footprint.corners[i] - footprint.corners[j]).length(), abs_tol=1e-9)


@given(footprints(), poses, st.floats(-180.0, 180.0), coordinates, coordinates)
@FAST
def test_rotation_about_a_point_matches_shapely(footprint: Footprint, pose: Pose, alpha: float,
                                               qx: float, qy: float) -> None:
    # Shapely turns counter-clockwise for a positive angle; G17 turns clockwise (to starboard).
    turned = place(footprint, rotate_about(pose, Vec(qx, qy), alpha))
    oracle = affinity.rotate(shape(place(footprint, pose)), -alpha, origin=(qx, qy))
    for corner, (x, y) in zip(turned.corners, list(oracle.exterior.coords)[:-1], strict=True):
        assert math.isclose(corner.x, x, abs_tol=1e-9) and math.isclose(corner.y, y, abs_tol=1e-9)


@given(poses, coordinates, coordinates)
@FAST
def test_local_coordinates_round_trip_and_measure_distance(pose: Pose, x: float, y: float) -> None:
    point = Vec(x, y)
    local = to_local(point, pose.centre, pose.heading)
    back = to_world(local.x, local.y, pose.centre, pose.heading)
    assert math.isclose(back.x, x, abs_tol=1e-9) and math.isclose(back.y, y, abs_tol=1e-9)
    assert math.isclose(local.length(), (point - pose.centre).length(), abs_tol=1e-9)


@given(near_pairs())
@FAST
def test_overlap_touch_and_apart_agree_with_shapely(pair: tuple[Polygon, Polygon]) -> None:
    first, second = pair
    a, b = shape(first), shape(second)
    found = relation(first, second, EPS)
    assert relation(second, first, EPS) is found
    assert apart(first, second, EPS) is apart(second, first, EPS) is (found is Relation.APART)
    if found is Relation.OVERLAP:
        assert a.intersection(b).area > 0
    elif found is Relation.TOUCH:
        assert a.distance(b) <= SLACK and a.intersection(b).area <= area_bound(first, second)
    else:
        assert a.distance(b) > EPS
    if a.intersection(b).area > area_bound(first, second):
        assert found is Relation.OVERLAP
    if a.distance(b) > SLACK:
        assert found is Relation.APART


@given(near_pairs())
@FAST
def test_distance_agrees_with_shapely(pair: tuple[Polygon, Polygon]) -> None:
    first, second = pair
    oracle = shape(first).distance(shape(second))
    found = footprint_distance(first, second, EPS)
    if depth(first, second) < -EPS:
        assert math.isclose(found, oracle, abs_tol=1e-9)
    else:
        assert found == 0.0 and oracle <= SLACK


def _assert_the_least_corner_to_edge_distance(first: Polygon, second: Polygon) -> None:
    assume(depth(first, second) < -EPS)
    least = min(min(point_segment_distance(corner, start, end) for corner in corners
                    for start, end in polygon.edges())
                for corners, polygon in ((first.corners, second), (second.corners, first)))
    assert footprint_distance(first, second, EPS) == least


@given(near_pairs())
@FAST
def test_distance_is_bit_for_bit_the_least_corner_to_edge_distance(pair: tuple[Polygon, Polygon]) -> None:
    # G5's definition, term by term with point_segment_distance: the inlined loop must give the
    # very same float (stored games replay bit for bit), not merely a close one.
    _assert_the_least_corner_to_edge_distance(*pair)


@st.composite
def far_pairs(draw: st.DrawFn) -> tuple[Polygon, Polygon]:
    """Two footprints up to twenty units apart, the distances a shot or a sighting measures."""
    first = place(draw(footprints()), draw(poses))
    second = place(draw(footprints()), Pose(Vec(draw(st.floats(-20.0, 40.0)),
                                                draw(st.floats(-20.0, 40.0))), draw(headings)))
    return first, second


@given(far_pairs())
@FAST
def test_far_distance_is_bit_for_bit_the_least_corner_to_edge_distance(
        pair: tuple[Polygon, Polygon]) -> None:
    # the corners left out as too far to matter must never change the least found
    _assert_the_least_corner_to_edge_distance(*pair)


@given(st.one_of(far_pairs(), near_pairs()))
@FAST
def test_the_corners_bound_is_never_below_the_distance_and_is_two_corners_apart(
        pair: tuple[Polygon, Polygon]) -> None:
    # distance_at_most lets a caller skip the exact range when two corners are within reach:
    # it must never be below the range (as computed, so a skip never changes an outcome) and
    # must be a distance between a corner of each (Shapely's points of the two shapes)
    first, second = pair
    bound = distance_at_most(first, second)
    assert footprint_distance(first, second, EPS) <= bound
    assert shape(first).distance(shape(second)) <= bound + 1e-9
    assert any(math.isclose(bound, math.hypot(a.x - b.x, a.y - b.y), rel_tol=0, abs_tol=1e-12)
               for a in first.corners for b in second.corners)


@given(footprints(), poses, coordinates, coordinates)
@FAST
def test_point_distance_agrees_with_shapely(footprint: Footprint, pose: Pose, x: float, y: float) -> None:
    placed = place(footprint, pose)
    oracle = shape(placed).distance(Point(x, y))
    found = point_distance(Vec(x, y), placed, EPS)
    if found == 0.0:
        assert oracle <= SLACK
    else:
        assert math.isclose(found, oracle, abs_tol=1e-9) and oracle > 0


def minkowski_entry(mover: Polygon, motion: Vec, obstacle: Polygon, shrink: float) -> float:
    """The oracle for G10: A + t·m meets B exactly when t·m lies in M = B ⊕ (−A), the convex hull
    of the corner differences, and overlaps it by more than ε when t·m lies in M shrunk by ε. The
    contact is where the ray enters M, if the ray ever reaches the shrunk M beyond t = 0."""
    differences = MultiPoint([(b.x - a.x, b.y - a.y) for a in mover.corners for b in obstacle.corners])
    meeting = differences.convex_hull
    deep = meeting.buffer(-shrink, join_style="mitre")
    far = 500.0
    ray = LineString([(0.0, 0.0), (motion.x * far, motion.y * far)])
    inside = ray.intersection(deep)
    if inside.is_empty or inside.length <= 0:
        return math.inf
    entry = ray.intersection(meeting)
    return max(0.0, float(min(x * motion.x + y * motion.y for x, y in shapely.get_coordinates(entry))))


@st.composite
def sweeps(draw: st.DrawFn) -> tuple[Polygon, Vec, Polygon, Footprint, Pose]:
    """A mover, a unit motion (ahead, astern or any drift) and an obstacle placed near its path."""
    footprint = draw(footprints())
    pose = draw(poses)
    kind = draw(st.sampled_from(["ahead", "astern", "drift"]))
    motion = {"ahead": ahead(pose.heading), "astern": -ahead(pose.heading),
              "drift": ahead(draw(headings))}[kind]
    side = Vec(motion.y, -motion.x)
    centre = pose.centre + motion * draw(st.floats(-3.0, 12.0)) + side * draw(st.floats(-4.0, 4.0))
    obstacle = place(draw(footprints()), Pose(centre, draw(headings)))
    mover = place(footprint, pose)
    assume(not overlaps(mover, obstacle, EPS))
    return mover, motion, obstacle, footprint, pose


@given(sweeps())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
def test_sweep_matches_the_minkowski_oracle(sweep: tuple[Polygon, Vec, Polygon, Footprint, Pose]) -> None:
    mover, motion, obstacle, _, _ = sweep
    found = contact_distance(mover, motion, obstacle, EPS)
    strict = minkowski_entry(mover, motion, obstacle, EPS + 1e-7)
    loose = minkowski_entry(mover, motion, obstacle, EPS - 1e-7)
    if strict == loose:
        if math.isinf(strict):
            assert math.isinf(found)
        else:
            assert math.isclose(found, strict, abs_tol=1e-7)
    else:   # the ray grazes the ε-shrunk shape: either answer is the core's to make
        assert math.isinf(found) or math.isclose(found, loose, abs_tol=1e-7)


@given(sweeps())
@FAST
def test_at_the_contact_they_touch_and_a_little_before_they_do_not(
        sweep: tuple[Polygon, Vec, Polygon, Footprint, Pose]) -> None:
    mover, motion, obstacle, _, _ = sweep
    found = contact_distance(mover, motion, obstacle, EPS)
    assume(math.isfinite(found))
    there = mover.translated(motion * found)
    assert shape(there).distance(shape(obstacle)) <= 1e-9
    assert shape(there).intersection(shape(obstacle)).area <= area_bound(mover, obstacle)
    if found > 1e-6:
        before = mover.translated(motion * (found - min(found, 0.01) / 2))
        assert shape(before).distance(shape(obstacle)) > 0
    # the impact point lies on both outlines, and so does every point of the impact set (G12)
    impact = Point(*_xy(impact_point(there, obstacle, EPS)))
    assert shape(there).exterior.distance(impact) <= EPS + 1e-9
    assert shape(obstacle).exterior.distance(impact) <= EPS + 1e-9
    for corner in impact_set(there, obstacle, EPS):
        assert shape(there).exterior.distance(Point(*_xy(corner))) <= EPS + 1e-9
        assert shape(obstacle).exterior.distance(Point(*_xy(corner))) <= EPS + 1e-9


def _xy(point: Vec) -> tuple[float, float]:
    return point.x, point.y


on_table_poses = st.builds(lambda x, y, h: Pose(Vec(x, y), h), st.floats(4.0, 68.0), st.floats(4.0, 44.0),
                           headings)


@given(footprints(), on_table_poses, headings)
@FAST
def test_edge_distance_is_the_last_t_on_the_table(footprint: Footprint, pose: Pose, heading: float) -> None:
    mover, motion = place(footprint, pose), ahead(heading)
    limit = edge_distance(mover, motion, TABLE)
    table = shapely.box(0.0, 0.0, TABLE.width, TABLE.height)
    assert table.buffer(1e-9, join_style="mitre").covers(shape(mover.translated(motion * limit)))
    assert not table.covers(shape(mover.translated(motion * (limit + 1e-3))))


@given(footprints(), on_table_poses, headings, st.floats(0.1, 30.0),
       st.lists(st.tuples(st.floats(-8.0, 8.0), st.floats(-8.0, 8.0), headings), max_size=5))
@FAST
def test_a_step_never_ends_overlapping_a_ship_or_off_the_table(
        footprint: Footprint, pose: Pose, heading_of_motion: float, length: float,
        others: list[tuple[float, float, float]]) -> None:
    mover = place(footprint, pose)
    obstacles = [place(rectangle(4.0, 1.0), Pose(pose.centre + Vec(dx, dy), h)) for dx, dy, h in others]
    obstacles = [obstacle for obstacle in obstacles if not overlaps(mover, obstacle, EPS)]
    motion = ahead(heading_of_motion)
    outcome = straight_step(footprint, pose, motion, length, obstacles, TABLE, EPS)
    assert 0.0 <= outcome.travel <= length
    end = shape(place(footprint, outcome.end))
    for obstacle in obstacles:
        assert end.intersection(shape(obstacle)).area <= area_bound(mover, obstacle)
    table = shapely.box(0.0, 0.0, TABLE.width, TABLE.height)
    assert table.buffer(1e-9, join_style="mitre").covers(end)
    for index in outcome.contacts:      # every contact reported touches at the end (G4)
        assert end.distance(shape(obstacles[index])) <= SLACK


@given(footprints(), on_table_poses, st.integers(-45, 45),
       st.lists(st.tuples(st.floats(-6.0, 6.0), st.floats(-6.0, 6.0), headings), max_size=4))
@FAST
def test_pivot_legality_agrees_with_shapely(footprint: Footprint, pose: Pose, alpha: int,
                                            others: list[tuple[float, float, float]]) -> None:
    obstacles = [place(rectangle(4.0, 1.0), Pose(pose.centre + Vec(dx, dy), h)) for dx, dy, h in others]
    after = rotate_about(pose, pose.centre, alpha)
    check = check_pivot(footprint, after, obstacles, TABLE, EPS)
    placed = place(footprint, after)
    turned = shape(placed)
    assert after.centre == pose.centre
    table = shapely.box(0.0, 0.0, TABLE.width, TABLE.height)
    strict = table.buffer(EPS - 1e-9, join_style="mitre").covers(turned)
    loose = table.buffer(EPS + 1e-9, join_style="mitre").covers(turned)
    if strict == loose:     # not a corner within 1e-9 of the ε line
        assert check.on_table == strict
    for index, obstacle in enumerate(obstacles):
        area = turned.intersection(shape(obstacle)).area
        if index in check.overlapping:
            assert area > 0
        else:
            assert area <= area_bound(placed, obstacle)
    assert check.legal == (check.on_table and not check.overlapping)


@given(poses, st.sampled_from([0.0, 90.0, 180.0, 270.0]))
@FAST
def test_ships_square_to_the_table_stay_exactly_square(pose: Pose, quarter: float) -> None:
    # G2: exact sin and cos at multiples of 90°, so an axis-aligned ship has axis-aligned edges.
    placed = place(rectangle(4.0, 1.0), Pose(pose.centre, quarter))
    for start, end in placed.edges():
        assert start.x == end.x or start.y == end.y
    assert starboard(quarter).x in (-1.0, 0.0, 1.0)


@given(footprints(), on_table_poses, headings, st.floats(0.1, 20.0),
       st.lists(st.tuples(st.floats(-10.0, 10.0), st.floats(-10.0, 10.0), headings), max_size=6))
@FAST
def test_a_step_reports_exactly_the_first_contacts_of_every_obstacle(
        footprint: Footprint, pose: Pose, heading_of_motion: float, length: float,
        others: list[tuple[float, float, float]]) -> None:
    # straight_step screens obstacles by their boxes; the answer must be that of sweeping every one.
    mover, motion = place(footprint, pose), ahead(heading_of_motion)
    obstacles = [place(rectangle(4.0, 1.0), Pose(pose.centre + Vec(dx, dy), h)) for dx, dy, h in others]
    obstacles = [obstacle for obstacle in obstacles if not overlaps(mover, obstacle, EPS)]
    times = [contact_distance(mover, motion, obstacle, EPS) for obstacle in obstacles]
    hits = [t for t in times if t <= length + EPS]
    limit = edge_distance(mover, motion, TABLE)
    first = min(hits + ([limit] if limit < length - EPS else []), default=math.inf)
    outcome = straight_step(footprint, pose, motion, length, obstacles, TABLE, EPS)
    assert outcome.travel == min(length, first)
    assert outcome.contacts == tuple(i for i, t in enumerate(times) if t <= length + EPS and t <= first + EPS)


quarter_poses = st.builds(lambda x, y, h: Pose(Vec(x / 4, y / 4), h),
                          st.integers(40, 80), st.integers(40, 80),
                          st.integers(0, 7).map(lambda eighth: eighth * 45.0))


@given(quarter_poses, quarter_poses, st.sampled_from([1.0, -1.0]), st.sampled_from([(4.0, 1.0), (2.0, 1.0)]))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
def test_sweep_on_a_grid_where_ships_touch_slide_and_graze_exactly(
        pose: Pose, other: Pose, sense: float, size: tuple[float, float]) -> None:
    # Quarter-unit positions and 45° headings make exact touches, slides and corner grazes common.
    mover, obstacle = place(rectangle(*size), pose), place(rectangle(4.0, 1.0), other)
    assume(not overlaps(mover, obstacle, EPS))
    motion = ahead(pose.heading) * sense
    found = contact_distance(mover, motion, obstacle, EPS)
    strict = minkowski_entry(mover, motion, obstacle, EPS + 1e-7)
    loose = minkowski_entry(mover, motion, obstacle, EPS - 1e-7)
    if strict == loose:
        assert found == strict or math.isclose(found, strict, abs_tol=1e-7)
    else:
        assert math.isinf(found) or math.isclose(found, loose, abs_tol=1e-7)
