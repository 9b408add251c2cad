"""G9 keel sections (deck and oar), which section holds a point, section polygons, G5 section
distance and G9 facing: worked by hand on a 4 × 1 rectangle and a 1 × 0.4 stretched octagon
(a = 0.5, q = 0.1, shoulders at u = 0.5 − 0.1√3, hips at u = −0.4), then checked against Shapely
on random WW ships (rulings §4.1 bases)."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from shapely.geometry import LineString, Point
from shapely.geometry import Polygon as ShapelyPolygon

from pbem.rules.table import (
    WOODEN_WALLS,
    Footprint,
    Polygon,
    Pose,
    Vec,
    place,
    rectangle,
    stretched_octagon,
    to_world,
)
from pbem.rules.table.sections import (
    KeelSection,
    clip_section,
    deck_reference_points,
    deck_sections,
    faces,
    keel_projection,
    oar_sections,
    overlap_length,
    section_distance,
    section_holding,
    section_polygon,
)
from tests.rules.table.test_parts import FAST, half_degrees, hulls, poses

EPS = WOODEN_WALLS.epsilon
C = WOODEN_WALLS.contact_tolerance
SHOULDER = 0.5 - 0.1 * math.sqrt(3.0)
OCTAGON = stretched_octagon(1.0, 0.4)
RECTANGLE = rectangle(4.0, 1.0)


def test_deck_sections_and_their_reference_points() -> None:
    bow, midships, stern = deck_sections(RECTANGLE)
    assert (bow.aft, bow.forward) == pytest.approx((2 / 3, 2.0))
    assert (midships.aft, midships.forward) == pytest.approx((-2 / 3, 2 / 3))
    assert (stern.aft, stern.forward) == pytest.approx((-2.0, -2 / 3))
    assert bow.aft == midships.forward and midships.aft == stern.forward   # no gap, no overlap
    assert deck_reference_points(RECTANGLE) == pytest.approx((4 / 3, 0.0, -4 / 3))
    assert [b for s in deck_sections(OCTAGON) for b in (s.aft, s.forward)] == pytest.approx(
        [1 / 6, 0.5, -1 / 6, 1 / 6, -0.5, -1 / 6])
    assert deck_reference_points(OCTAGON) == pytest.approx((1 / 3, 0.0, -1 / 3))


def test_a_section_runs_aft_to_forward() -> None:
    with pytest.raises(ValueError, match="must be less than"):
        KeelSection(0.2, 0.2)
    assert KeelSection(-0.5, 0.25).midpoint == -0.125


def test_oar_sections_cut_the_beam_edge_into_equal_lengths_forward_first() -> None:
    forward, after = oar_sections(OCTAGON, 2)
    assert forward.forward == SHOULDER and after.aft == -0.4             # the ends exactly
    assert forward.aft == after.forward == pytest.approx((SHOULDER - 0.4) / 2)
    assert forward.forward - forward.aft == pytest.approx(after.forward - after.aft)
    # On the rectangle the beam edge is the whole side, bow to stern.
    assert [b for s in oar_sections(RECTANGLE, 3) for b in (s.aft, s.forward)] == pytest.approx(
        [2 / 3, 2.0, -2 / 3, 2 / 3, -2.0, -2 / 3])
    with pytest.raises(ValueError, match="at least one"):
        oar_sections(OCTAGON, 0)


@pytest.mark.parametrize(("u", "index"), [
    (SHOULDER, 0),                   # the shoulder: section 1's forward end
    (SHOULDER + 0.0002, 0),          # within ε forward of it
    (SHOULDER + 0.0003, None),       # on the bow quarter: no oar section
    (0.1, 0),
    ((SHOULDER - 0.4) / 2, 0),       # the cut between 1 and 2 goes forward
    ((SHOULDER - 0.4) / 2 - 0.0002, 0),
    ((SHOULDER - 0.4) / 2 - 0.0003, 1),
    (-0.4, 1),
    (-0.4 - 0.0002, 1),
    (-0.4 - 0.0003, None),
])
def test_the_oar_section_holding_a_point_a_boundary_going_forward(u: float, index: int | None) -> None:
    assert section_holding(u, oar_sections(OCTAGON, 2), EPS) == index


@pytest.mark.parametrize(("u", "index"), [
    (0.5, 0), (1 / 6, 0), (1 / 6 - 0.0002, 0), (1 / 6 - 0.0003, 1), (0.0, 1), (-1 / 6, 1),
    (-1 / 6 - 0.0003, 2), (-0.5, 2), (-0.5003, None), (0.5003, None),
])
def test_the_deck_section_holding_a_point(u: float, index: int | None) -> None:
    assert section_holding(u, deck_sections(OCTAGON), EPS) == index


def outward_and_square(section: Footprint) -> bool:
    middle = Vec(sum(c.x for c in section.corners) / len(section.corners),
                 sum(c.y for c in section.corners) / len(section.corners))
    count = len(section.corners)
    return all(abs(normal.dot(section.corners[(i + 1) % count] - corner)) < 1e-12
               and normal.dot(middle - corner) < 0 and abs(normal.length() - 1.0) < 1e-12
               for i, (corner, normal) in enumerate(zip(section.corners, section.normals, strict=True)))


def test_the_octagons_bow_section_is_cut_square_across_the_beams() -> None:
    bow = clip_section(OCTAGON, deck_sections(OCTAGON)[0])
    sixth = 0.5 / 3
    assert bow.corners == (Vec(0.5, 0.1), Vec(SHOULDER, 0.2), Vec(sixth, 0.2), Vec(sixth, -0.2),
                           Vec(SHOULDER, -0.2), Vec(0.5, -0.1))
    # Kept edges keep the octagon's normals; the cut takes −d.
    octagon = OCTAGON.normals
    assert bow.normals == (octagon[0], octagon[1], Vec(-1.0, 0.0), octagon[5], octagon[6], octagon[7])
    assert bow.half_length == 0.5 and outward_and_square(bow)


def test_a_cut_through_corners_leaves_no_edge_of_no_length() -> None:
    # Hip to shoulder: exactly the rectangle between the beam edges, four corners.
    beam = clip_section(OCTAGON, KeelSection(-0.4, SHOULDER))
    assert sorted((c.x, c.y) for c in beam.corners) == sorted(
        [(SHOULDER, 0.2), (-0.4, 0.2), (-0.4, -0.2), (SHOULDER, -0.2)])
    assert outward_and_square(beam)
    # A section past the footprint, or touching only its bow edge, holds no area.
    with pytest.raises(ValueError, match="holds no part"):
        clip_section(OCTAGON, KeelSection(0.5, 0.7))
    with pytest.raises(ValueError, match="holds no part"):
        clip_section(OCTAGON, KeelSection(-0.9, -0.5))
    # A section longer than the ship is the whole footprint.
    assert clip_section(RECTANGLE, KeelSection(-5.0, 5.0)).corners == RECTANGLE.corners


def test_section_distance_between_two_ships_areas() -> None:
    # Two 4 × 1 ships abreast heading north, beams 1" apart: A's bow section ends 2/3 forward of
    # amidships, B's stern section 2/3 aft, so the nearest corners are 1 across and 4/3 along.
    first, second = Pose(Vec(10.0, 10.0), 0.0), Pose(Vec(12.0, 10.0), 0.0)
    bow, midships, stern = deck_sections(RECTANGLE)
    assert section_distance(RECTANGLE, first, bow, RECTANGLE, second, stern, 0.001) == pytest.approx(5 / 3)
    assert section_distance(RECTANGLE, first, bow, RECTANGLE, second, bow, 0.001) == pytest.approx(1.0)
    # Octagons 0.1 apart beam to beam: bow to bow 0.1; stern to bow 0.1 across, 1/3 along.
    a, b = Pose(Vec(5.0, 5.0), 0.0), Pose(Vec(5.5, 5.0), 0.0)
    decks = deck_sections(OCTAGON)
    assert section_distance(OCTAGON, a, decks[0], OCTAGON, b, decks[0], EPS) == pytest.approx(0.1)
    assert section_distance(OCTAGON, a, decks[2], OCTAGON, b, decks[0], EPS) == pytest.approx(
        math.sqrt(0.01 + 1 / 9))
    # Touching ships: their facing areas are 0 apart.
    touching = Pose(Vec(5.4, 5.0), 0.0)
    assert section_distance(OCTAGON, a, decks[1], OCTAGON, touching, decks[1], EPS) == 0.0


def test_facing_by_more_than_c_with_eps_to_neither_side_beyond_g6() -> None:
    # Dyadic numbers, so every sum is exact: c = 1/8, ε = 2⁻¹⁰, both sections [0.5, 2].
    c, eps = 0.125, 2.0 ** -10
    section = KeelSection(0.5, 2.0)
    ship = Pose(Vec(10.0, 10.0), 0.0)
    shift = 1.5 - c - eps                      # overlap 1.5 − shift = c + ε exactly: not more than c
    other = Pose(Vec(11.0, 10.0 + shift), 0.0)
    assert keel_projection(ship, section, other) == (0.5 - shift, 2.0 - shift)
    assert overlap_length(keel_projection(ship, section, other), (0.5, 2.0)) == c + eps
    assert not faces(ship, section, other, section, c, eps)
    nearer = Pose(Vec(11.0, 10.0 + shift - 2.0 ** -12), 0.0)
    assert faces(ship, section, nearer, section, c, eps)


def test_facing_parallel_opposed_square_and_oblique() -> None:
    bow, midships, stern = deck_sections(RECTANGLE)
    ship = Pose(Vec(10.0, 10.0), 0.0)
    abreast = Pose(Vec(11.0, 10.0), 0.0)
    assert faces(ship, bow, abreast, bow, 0.1, 0.001)
    assert not faces(ship, bow, abreast, midships, 0.1, 0.001)      # they meet at one point only
    # Opposed, abreast: the bow lies against the other's stern.
    opposed = Pose(Vec(11.0, 10.0), 180.0)
    assert keel_projection(ship, bow, opposed) == (-2.0, -2 / 3)
    assert faces(ship, bow, opposed, stern, 0.1, 0.001)
    assert not faces(ship, bow, opposed, bow, 0.1, 0.001)
    # Square across: the whole section projects to one point, which overlaps nothing.
    square = Pose(Vec(10.0, 12.0), 90.0)
    assert keel_projection(ship, bow, square) == (0.0, 0.0)
    assert not any(faces(ship, bow, square, area, 0.1, 0.001) for area in (bow, midships, stern))
    # 60° apart: [2/3, 2] shrinks by cos 60 to [1/3, 1], overlapping both bow and midships by 1/3.
    oblique = Pose(Vec(10.0, 10.0), 60.0)
    assert keel_projection(ship, bow, oblique) == pytest.approx((1 / 3, 1.0))
    assert faces(ship, bow, oblique, bow, 0.1, 0.001) and faces(ship, bow, oblique, midships, 0.1, 0.001)
    assert not faces(ship, bow, oblique, stern, 0.1, 0.001)


# --- Against Shapely -------------------------------------------------------------------------------

@st.composite
def sections(draw: st.DrawFn, footprint: Footprint) -> KeelSection:
    """A section within the ship's length, or a deck section, or an oar section (cuts through
    corners and along edges are common)."""
    half = footprint.half_length
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return draw(st.sampled_from(deck_sections(footprint)))
    if kind == 1:
        return draw(st.sampled_from(oar_sections(footprint, draw(st.integers(1, 5)))))
    ends = sorted((draw(st.floats(-1.2 * half, 1.2 * half)), draw(st.floats(-1.2 * half, 1.2 * half))))
    assume(ends[0] < half - 1e-3 and ends[1] > -half + 1e-3 and ends[1] - ends[0] > 1e-3)
    return KeelSection(ends[0], ends[1])


def shape(polygon: Polygon) -> ShapelyPolygon:
    return ShapelyPolygon([(corner.x, corner.y) for corner in polygon.corners])


def strip(pose: Pose, section: KeelSection) -> ShapelyPolygon:
    # The band aft ≤ u ≤ forward, far wider than any ship.
    corners = [to_world(u, v, pose.centre, pose.heading)
               for u, v in ((section.forward, 5.0), (section.aft, 5.0), (section.aft, -5.0),
                            (section.forward, -5.0))]
    return ShapelyPolygon([(p.x, p.y) for p in corners])


def oracle(footprint: Footprint, pose: Pose, section: KeelSection) -> ShapelyPolygon:
    return shape(place(footprint, pose)).intersection(strip(pose, section))


@given(hulls().flatmap(lambda f: st.tuples(st.just(f), sections(f))), poses)
@FAST
def test_a_section_polygon_is_the_footprint_cut_by_the_strip(drawn: tuple[Footprint, KeelSection],
                                                             pose: Pose) -> None:
    footprint, section = drawn
    expected = oracle(footprint, pose, section)
    got = shape(section_polygon(footprint, pose, section))
    assert got.is_valid and got.exterior.is_ccw is False        # clockwise, as G3 lists corners
    assert got.area == pytest.approx(expected.area, abs=1e-12)
    assert got.symmetric_difference(expected).area < 1e-12
    assert outward_and_square(clip_section(footprint, section))


@given(hulls().flatmap(lambda f: st.tuples(st.just(f), sections(f))),
       hulls().flatmap(lambda f: st.tuples(st.just(f), sections(f))), poses,
       st.floats(-2.0, 2.0), st.floats(-2.0, 2.0), half_degrees)
@FAST
def test_section_distance_agrees_with_shapely(first: tuple[Footprint, KeelSection],
                                              second: tuple[Footprint, KeelSection], pose: Pose,
                                              dx: float, dy: float, heading: float) -> None:
    other = Pose(pose.centre + Vec(dx, dy), heading)
    measured = section_distance(first[0], pose, first[1], second[0], other, second[1], EPS)
    expected = oracle(first[0], pose, first[1]).distance(oracle(second[0], other, second[1]))
    if measured == 0.0:
        assert expected <= math.sqrt(2.0) * EPS + 1e-12           # touching within ε, or overlapping
    else:
        assert measured == pytest.approx(expected, abs=1e-9)


@given(hulls(), st.integers(1, 5), st.floats(0.0, 1.0))
@FAST
def test_oar_sections_tile_the_beam_edge_and_a_point_goes_to_the_first_holding_it(
        footprint: Footprint, count: int, share: float) -> None:
    cut = oar_sections(footprint, count)
    forward, aft = cut[0].forward, cut[-1].aft
    beam_edge = [corner.x for corner in footprint.corners if corner.y == max(c.y for c in footprint.corners)]
    assert (forward, aft) == (max(beam_edge), min(beam_edge))
    assert all(cut[k].aft == cut[k + 1].forward for k in range(count - 1))
    assert all(section.forward - section.aft == pytest.approx((forward - aft) / count) for section in cut)
    u = aft + share * (forward - aft)
    index = section_holding(u, cut, EPS)
    assert index is not None and cut[index].aft - EPS <= u <= cut[index].forward + EPS
    assert not any(cut[k].holds(u, EPS) for k in range(index))


@given(poses, poses, st.floats(-1.0, 1.0), st.floats(0.01, 1.0))
@FAST
def test_the_keel_projection_is_shapelys_projection_onto_the_keel_line(
        ship: Pose, onto: Pose, aft: float, width: float) -> None:
    section = KeelSection(aft, aft + width)
    far = 100.0
    keel = LineString([(p.x, p.y) for p in (to_world(-far, 0.0, onto.centre, onto.heading),
                                             to_world(far, 0.0, onto.centre, onto.heading))])
    ends = [keel.project(Point(p.x, p.y)) - far
            for p in (to_world(section.aft, 0.0, ship.centre, ship.heading),
                      to_world(section.forward, 0.0, ship.centre, ship.heading))]
    low, high = keel_projection(ship, section, onto)
    assert (low, high) == pytest.approx((min(ends), max(ends)), abs=1e-9)
    shared = min(max(ends), 0.5) - max(min(ends), 0.0)
    assume(abs(shared - C - EPS) > 1e-9)
    assert faces(ship, section, onto, KeelSection(0.0, 0.5), C, EPS) == (shared > C + EPS)
