"""G20's sight lines and smoke plumes (WW rulings §11.2, §13.3, §15.4), by hand-worked lengths,
then against Shapely's clipping on random WW hulls, plumes and areas."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point
from shapely.geometry import Polygon as ShapelyPolygon

from pbem.rules.table import WOODEN_WALLS, Polygon, Pose, Vec, area_polygon, place, stretched_octagon
from pbem.rules.table.sight import blockers, blocks, clipped_segment, inside_length, smoke_plume

EPS = WOODEN_WALLS.epsilon                                    # 0.00025 SL
TRIREME = stretched_octagon(1.2, 0.3)
# Heading 90 (east): the keel along y = 5 from x = 4.4 to 5.6, the port beam edge along y = 5.15
# from the hip (4.475) to the shoulder (5.6 − 0.075√3 = 5.470096), the bow edge x = 5.6.
HULL = place(TRIREME, Pose(Vec(5.0, 5.0), 90.0))
SQUARE = area_polygon([Vec(4, 6), Vec(6, 6), Vec(6, 4), Vec(4, 4)])


def test_a_line_along_the_keel_crosses_the_whole_hull_and_is_blocked() -> None:
    assert inside_length(Vec(0, 5), Vec(10, 5), HULL) == pytest.approx(1.2, abs=1e-12)
    assert clipped_segment(Vec(0, 5), Vec(10, 5), HULL) == (Vec(4.4, 5.0), Vec(5.6, 5.0))
    assert blocks(Vec(0, 5), Vec(10, 5), HULL, EPS)
    assert blocks(Vec(10, 5), Vec(0, 5), HULL, EPS)


def test_a_line_along_the_beam_edge_is_inside_the_closed_hull_a_hair_off_it_is_not() -> None:
    assert inside_length(Vec(0, 5.15), Vec(10, 5.15), HULL) == pytest.approx(0.995096, abs=1e-6)
    assert blocks(Vec(0, 5.15), Vec(10, 5.15), HULL, EPS)
    assert clipped_segment(Vec(0, 5.150001), Vec(10, 5.150001), HULL) is None
    assert not blocks(Vec(0, 5.150001), Vec(10, 5.150001), HULL, EPS)


def test_a_tangent_through_a_corner_passes_and_a_chord_over_epsilon_is_blocked() -> None:
    # The bow-port corner (5.6, 5.075) is the meeting of the bow edge (normal east) and the bow
    # quarter (normal 60° from east); the line through it with normal n at 30° from east touches
    # only the corner. Moved h inside, it cuts a chord of 2h/tan 30° = 2√3·h.
    corner = HULL.corners[7]
    assert (corner.x, corner.y) == pytest.approx((5.6, 5.075))
    normal, along = Vec(math.cos(math.radians(30)), math.sin(math.radians(30))), Vec(-0.5, math.sqrt(3) / 2)
    for h, chord, blocked in ((0.0, 0.0, False), (0.00005, 0.000173205, False), (0.0001, 0.000346410, True)):
        middle = corner - normal * h
        start, end = middle - along * 2, middle + along * 2
        assert inside_length(start, end, HULL) == pytest.approx(chord, abs=1e-9)
        assert blocks(start, end, HULL, EPS) is blocked


def test_a_line_cutting_a_square_s_corner() -> None:
    # x + y = 12 − h cuts the corner (6, 6) off over h√2: ε = 0.00025 lies between h = 0.0001 and 0.0002.
    assert inside_length(Vec(3, 9), Vec(9, 3), SQUARE) == 0.0
    assert not blocks(Vec(3, 9 - 0.0001), Vec(9, 3 - 0.0001), SQUARE, EPS)
    assert blocks(Vec(3, 9 - 0.0002), Vec(9, 3 - 0.0002), SQUARE, EPS)
    chord = inside_length(Vec(3, 9 - 0.0002), Vec(9, 3 - 0.0002), SQUARE)
    assert chord == pytest.approx(0.0002 * math.sqrt(2))


def test_segments_ending_inside_lying_inside_or_outside_entirely() -> None:
    assert inside_length(Vec(5, 5), Vec(10, 5), SQUARE) == 1.0
    assert inside_length(Vec(4.5, 5), Vec(5.5, 5), SQUARE) == 1.0
    assert inside_length(Vec(5, 5), Vec(5, 5), SQUARE) == 0.0          # a point has no length
    assert inside_length(Vec(7, 0), Vec(7, 10), SQUARE) == 0.0
    assert clipped_segment(Vec(0, 5), Vec(3.9, 5), SQUARE) is None      # its line crosses; it stops short


def test_a_smoke_plume_runs_downwind_from_the_reference_point() -> None:
    # Wind blowing east (90): a medium fire's plume, 1 SL long and W = 0.3 wide, from (5, 5).
    plume = smoke_plume(Vec(5, 5), 0.3, 90.0, 1.0)
    assert plume.corners == (Vec(6.0, 4.85), Vec(5.0, 4.85), Vec(5.0, 5.15), Vec(6.0, 5.15))
    # A large fire's plume, 1.5 SL, on heading 45: its upwind end is centred on the reference point.
    slanted = smoke_plume(Vec(0, 0), 1.0, 45.0, 1.5)
    half = math.sqrt(2) / 4                                              # 0.5 along s(45) = (√½, −√½)
    expected = [(1.5 * math.sqrt(0.5) + half, 1.5 * math.sqrt(0.5) - half), (half, -half), (-half, half),
                (1.5 * math.sqrt(0.5) - half, 1.5 * math.sqrt(0.5) + half)]
    for corner, (x, y) in zip(slanted.corners, expected, strict=True):
        assert (corner.x, corner.y) == (pytest.approx(x, abs=1e-12), pytest.approx(y, abs=1e-12))
    with pytest.raises(ValueError, match="positive"):
        smoke_plume(Vec(0, 0), 0.0, 90.0, 1.0)


def test_a_smoke_plume_blocks_a_sight_line_across_it_and_not_one_beside_it() -> None:
    medium, large = smoke_plume(Vec(5, 5), 0.3, 90.0, 1.0), smoke_plume(Vec(5, 5), 0.3, 90.0, 1.5)
    across = (Vec(5.5, 0), Vec(5.5, 10))
    assert inside_length(*across, medium) == pytest.approx(0.3) and blocks(*across, medium, EPS)
    assert blocks(Vec(6.0, 0), Vec(6.0, 10), medium, EPS)                  # along its downwind end
    assert not blocks(Vec(6.001, 0), Vec(6.001, 10), medium, EPS)
    assert not blocks(Vec(6.4, 0), Vec(6.4, 10), medium, EPS)
    assert blocks(Vec(6.4, 0), Vec(6.4, 10), large, EPS)
    assert inside_length(Vec(5.2, 5), Vec(10, 5), medium) == pytest.approx(0.8)   # from inside the smoke


def test_blockers_lists_what_blocks_in_order_leaving_out_the_ships_at_the_ends() -> None:
    shooter = place(TRIREME, Pose(Vec(2, 5), 0.0))
    target = place(TRIREME, Pose(Vec(9, 5), 0.0))
    land = area_polygon([Vec(7, 8), Vec(8, 8), Vec(8, 7), Vec(7, 7)])
    plume = smoke_plume(Vec(7, 4), 0.3, 0.0, 1.5)                         # x 6.85–7.15, y 4–5.5
    polygons = [shooter, land, HULL, plume, target]
    line = (Vec(2, 5), Vec(9, 5))                                          # centre to centre
    assert blockers(*line, polygons, EPS, ignored=frozenset({0, 4})) == (2, 3)
    assert blockers(*line, polygons, EPS) == (0, 2, 3, 4)
    assert blockers(Vec(2, 7.5), Vec(9, 7.5), polygons, EPS) == (1,)


# Against Shapely: random segments and random WW hulls, plumes and areas near them.

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
SIZES = [(0.6, 0.2), (0.8, 0.25), (1.0, 0.3), (1.2, 0.3), (1.4, 0.4), (1.6, 0.5)]
# Thousandths: GEOS mis-measures subnormal and vanishing segments, and a grid puts some lines exactly
# along edges and through corners.
coordinates = st.integers(-1000, 1000).map(lambda n: n / 1000)
points = st.builds(Vec, coordinates, coordinates)
half_degrees = st.integers(0, 719).map(lambda half: half / 2)


def shape(polygon: Polygon) -> ShapelyPolygon:
    return ShapelyPolygon([(corner.x, corner.y) for corner in polygon.corners])


@st.composite
def polygons(draw: st.DrawFn) -> Polygon:
    kind = draw(st.sampled_from(["hull", "plume"]))
    centre = Vec(draw(st.floats(-0.3, 0.3)), draw(st.floats(-0.3, 0.3)))
    if kind == "hull":
        length, beam = draw(st.sampled_from(SIZES))
        return place(stretched_octagon(length, beam - 0.05), Pose(centre, draw(half_degrees)))
    return smoke_plume(centre, draw(st.sampled_from([0.2, 0.3, 0.5])), draw(half_degrees),
                       draw(st.sampled_from([1.0, 1.5])))


@given(points, points, polygons())
@FAST
def test_the_part_inside_is_shapely_s_intersection(start: Vec, end: Vec, polygon: Polygon) -> None:
    assume((end - start).length() > 0)
    # Not a segment lying along an edge's line: there the overlap turns on the last bits of the
    # corners (an edge a few 1e-17 off the line crosses it), for this code and for Shapely alike.
    along = end - start
    assume(all(abs(normal.dot(along)) > 1e-9 * along.length() or abs(normal.dot(start - corner)) > 1e-9
               for normal, corner in zip(polygon.normals, polygon.corners, strict=True)))
    line, outline = LineString([(start.x, start.y), (end.x, end.y)]), shape(polygon)
    oracle = line.intersection(outline).length
    assert inside_length(start, end, polygon) == pytest.approx(oracle, abs=1e-9)
    clipped = clipped_segment(start, end, polygon)
    if clipped is not None:
        for point in clipped:
            assert line.distance(Point(point.x, point.y)) <= 1e-9
            assert outline.distance(Point(point.x, point.y)) <= 1e-9
    elif not line.intersects(outline):
        assert inside_length(start, end, polygon) == 0.0
    if abs(oracle - EPS) > 1e-9:
        assert blocks(start, end, polygon, EPS) == (oracle > EPS)


@given(points, st.sampled_from([0.2, 0.3, 0.5]), half_degrees, st.sampled_from([1.0, 1.5]))
@FAST
def test_a_plume_is_a_width_by_length_rectangle_whose_upwind_end_is_centred_on_the_reference(
        reference: Vec, width: float, downwind: float, length: float) -> None:
    plume = smoke_plume(reference, width, downwind, length)
    outline = shape(plume)
    assert outline.is_valid and not outline.exterior.is_ccw                 # clockwise (G3)
    assert outline.area == pytest.approx(width * length)
    upwind = plume.corners[1] + (plume.corners[2] - plume.corners[1]) * 0.5
    assert (upwind - reference).length() <= 1e-12
    centroid = outline.centroid
    direction = Vec(math.sin(math.radians(downwind)), math.cos(math.radians(downwind)))
    assert centroid.x == pytest.approx(reference.x + direction.x * length / 2, abs=1e-9)
    assert centroid.y == pytest.approx(reference.y + direction.y * length / 2, abs=1e-9)
