"""G3 footprints, world corners and the bow point, by hand-worked numbers."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.table import Pose, Vec, area_polygon, bow_point, place, rectangle, stretched_octagon
from pbem.rules.table.vectors import to_world

SHIP = rectangle(4.0, 1.0)


def test_greeks_romans_corners_in_the_order_of_rulings_2() -> None:
    # G1 of the default scenario: centre (30, 6), heading 0 (north), 4 × 1.
    placed = place(SHIP, Pose(Vec(30.0, 6.0), 0))
    assert placed.corners == (Vec(30.5, 8.0), Vec(30.5, 4.0), Vec(29.5, 4.0), Vec(29.5, 8.0))
    # bow-starboard, stern-starboard, stern-port, bow-port; outward normals starboard, astern,
    # port, ahead; only two axes (the opposite normals are dropped, G4).
    assert placed.normals == (Vec(1.0, 0.0), Vec(0.0, -1.0), Vec(-1.0, 0.0), Vec(0.0, 1.0))
    assert placed.axes == (Vec(1.0, 0.0), Vec(0.0, -1.0))


def test_corners_of_a_ship_heading_east_and_one_heading_south_west() -> None:
    east = place(SHIP, Pose(Vec(10.0, 10.0), 90))
    assert east.corners == (Vec(12.0, 9.5), Vec(8.0, 9.5), Vec(8.0, 10.5), Vec(12.0, 10.5))
    k = math.sqrt(0.5)
    south_west = place(SHIP, Pose(Vec(0.0, 0.0), 225))
    expected = [(-2.5 * k, -1.5 * k), (1.5 * k, 2.5 * k), (2.5 * k, 1.5 * k), (-1.5 * k, -2.5 * k)]
    for corner, (x, y) in zip(south_west.corners, expected, strict=True):
        assert corner.x == pytest.approx(x, abs=1e-12) and corner.y == pytest.approx(y, abs=1e-12)


def test_bow_point_is_the_middle_of_the_bow_edge() -> None:
    assert bow_point(SHIP, Pose(Vec(30.0, 6.0), 0)) == Vec(30.0, 8.0)
    assert bow_point(SHIP, Pose(Vec(10.0, 10.0), 90)) == Vec(12.0, 10.0)
    octagon = stretched_octagon(1.0, 0.3)
    assert bow_point(octagon, Pose(Vec(5.0, 5.0), 180)) == Vec(5.0, 4.5)


def test_stretched_octagon_corners_from_the_bow_clockwise() -> None:
    # a = L/2 = 2, b = W/2 = 0.5, q = W/4 = 0.25.
    octagon = stretched_octagon(4.0, 1.0)
    shoulder = 2 - 0.25 * math.sqrt(3)
    assert octagon.corners == (Vec(2, 0.25), Vec(shoulder, 0.5), Vec(-1.75, 0.5), Vec(-2, 0.25),
                               Vec(-2, -0.25), Vec(-1.75, -0.5), Vec(shoulder, -0.5), Vec(2, -0.25))
    # Bow and stern normals are ±d, beams ±s; the shoulders lean 60° from the bow, the hips 45°.
    normals = octagon.normals
    assert normals[7] == Vec(1.0, 0.0) and normals[3] == Vec(-1.0, 0.0)
    assert normals[1] == Vec(0.0, 1.0) and normals[5] == Vec(0.0, -1.0)
    assert normals[0].x == pytest.approx(0.5) and normals[0].y == pytest.approx(math.sqrt(3) / 2)
    assert normals[2].x == pytest.approx(-math.sqrt(0.5)) and normals[2].y == pytest.approx(math.sqrt(0.5))
    assert len(octagon.axis_indices) == 6  # bow/stern and the two beams are opposite pairs


def test_footprints_refuse_impossible_sizes() -> None:
    with pytest.raises(ValueError, match="positive length"):
        rectangle(0.0, 1.0)
    with pytest.raises(ValueError, match="stretched octagon"):
        stretched_octagon(1.0, 2.0)


def test_an_area_is_made_from_clockwise_world_corners() -> None:
    island = area_polygon([Vec(0, 0), Vec(0, 2), Vec(3, 2), Vec(3, 0)])
    assert island.normals == (Vec(-1.0, 0.0), Vec(0.0, 1.0), Vec(1.0, 0.0), Vec(0.0, -1.0))
    with pytest.raises(ValueError, match="clockwise"):
        area_polygon([Vec(0, 0), Vec(3, 0), Vec(3, 2), Vec(0, 2)])
    with pytest.raises(ValueError, match="three corners"):
        area_polygon([Vec(0, 0), Vec(1, 1)])


def test_translating_a_polygon_moves_its_corners_only() -> None:
    placed = place(SHIP, Pose(Vec(30.0, 6.0), 0))
    moved = placed.translated(Vec(0.0, 2.0))
    assert moved.corners[0] == Vec(30.5, 10.0) and moved.normals == placed.normals


@settings(max_examples=300, deadline=None)
@given(st.floats(-50, 50), st.floats(-50, 50), st.floats(0, 360, exclude_max=True),
       st.floats(0.6, 6.0), st.floats(0.1, 1.0), st.booleans())
def test_placed_corners_are_to_world_of_each_corner_bit_for_bit(
        x: float, y: float, heading: float, length: float, beam: float, octagon: bool) -> None:
    # place() works the corners out itself for speed; it must give exactly to_world's numbers
    footprint = stretched_octagon(length, min(beam, length / 2)) if octagon else rectangle(length, beam)
    placed = place(footprint, Pose(Vec(x, y), heading))
    assert placed.corners == tuple(to_world(c.x, c.y, Vec(x, y), heading) for c in footprint.corners)
