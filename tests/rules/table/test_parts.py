"""G8 parts of the boundary and the contact part, worked by hand on a 4 × 1 rectangle (GR's ε) and
on a 1 × 0.4 stretched octagon (WW's ε and c), then checked against Shapely on random ships.

The octagon: a = 0.5, b = 0.2, q = 0.1, shoulders at u = 0.5 − 0.1√3, hips at u = −0.4. Standing at
(5, 5) heading 90 (east), world = (5 + u, 5 − v): starboard is south."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import LinearRing, LineString, Point

from pbem.rules.table import (
    GREEKS_ROMANS,
    WOODEN_WALLS,
    Footprint,
    Polygon,
    Pose,
    Relation,
    Vec,
    ahead,
    contact_distance,
    impact_point,
    overlaps,
    place,
    rectangle,
    relation,
    stretched_octagon,
    to_world,
)
from pbem.rules.table.parts import (
    BOW,
    STERN,
    Part,
    PartKind,
    ShipSide,
    boundary_part,
    contact_part,
    contact_parts,
    corner_parts,
    edge_index,
    edge_parts,
    nearest_boundary_point,
)

EPS = WOODEN_WALLS.epsilon          # 0.00025 SL
C = WOODEN_WALLS.contact_tolerance  # 0.025 SL
GR_EPS = GREEKS_ROMANS.epsilon      # 0.001"
SHOULDER = 0.5 - 0.1 * math.sqrt(3.0)
OCTAGON = stretched_octagon(1.0, 0.4)
EAST = place(OCTAGON, Pose(Vec(5.0, 5.0), 90.0))
RECTANGLE = place(rectangle(4.0, 1.0), Pose(Vec(10.0, 10.0), 0.0))   # corners (10.5, 12) (10.5, 8) ...


STBD, PORT = ShipSide.STARBOARD, ShipSide.PORT


def test_a_part_has_a_side_exactly_when_it_is_neither_bow_nor_stern() -> None:
    assert Part(PartKind.BOW_QUARTER, STBD).name == "starboard bow quarter"
    assert BOW.name == "bow" and STERN.side is None
    with pytest.raises(ValueError, match="needs side"):
        Part(PartKind.BEAM)
    with pytest.raises(ValueError, match="has no side"):
        Part(PartKind.STERN, PORT)


def test_the_octagon_names_its_corners_and_edges_from_the_bow_clockwise() -> None:
    assert corner_parts(8) == (BOW, Part(PartKind.SHOULDER, STBD), Part(PartKind.HIP, STBD), STERN,
                               STERN, Part(PartKind.HIP, PORT), Part(PartKind.SHOULDER, PORT), BOW)
    assert edge_parts(8) == (Part(PartKind.BOW_QUARTER, STBD), Part(PartKind.BEAM, STBD),
                             Part(PartKind.STERN_QUARTER, STBD), STERN,
                             Part(PartKind.STERN_QUARTER, PORT), Part(PartKind.BEAM, PORT),
                             Part(PartKind.BOW_QUARTER, PORT), BOW)
    assert corner_parts(4) == (BOW, STERN, STERN, BOW)
    assert edge_parts(4) == (Part(PartKind.BEAM, STBD), STERN, Part(PartKind.BEAM, PORT), BOW)
    assert edge_index(Part(PartKind.BEAM, STBD), 8) == 1
    assert edge_index(Part(PartKind.BEAM, PORT), 4) == 2
    with pytest.raises(ValueError, match="not an edge"):
        edge_index(Part(PartKind.SHOULDER, STBD), 8)
    with pytest.raises(ValueError, match="4 or 8 corners"):
        corner_parts(6)


@pytest.mark.parametrize(("point", "part"), [
    (Vec(10.0, 12.0), BOW),                                      # middle of the bow edge
    (Vec(10.5, 12.0), BOW),                                      # bow corner
    (Vec(10.5, 12.0 - 0.0009), BOW),                             # on the beam, within ε of the corner
    (Vec(10.5, 12.0 - 0.0011), Part(PartKind.BEAM, STBD)),      # just beyond ε
    (Vec(10.5, 10.0), Part(PartKind.BEAM, STBD)),
    (Vec(9.5, 9.0), Part(PartKind.BEAM, PORT)),
    (Vec(10.0, 8.0), STERN),
    (Vec(9.5, 8.0005), STERN),                                   # stern-port corner by ε
    (Vec(9.5, 8.0011), Part(PartKind.BEAM, PORT)),
])
def test_parts_of_a_four_by_one_rectangle(point: Vec, part: Part) -> None:
    assert boundary_part(point, RECTANGLE, GR_EPS) == part


def along(start: Vec, end: Vec, distance: float) -> Vec:
    step = end - start
    return start + step * (distance / step.length())


BOW_STBD, SHOULDER_STBD = Vec(5.5, 4.9), Vec(5.0 + SHOULDER, 4.8)
HIP_STBD, STERN_STBD = Vec(4.6, 4.8), Vec(4.5, 4.9)


@pytest.mark.parametrize(("point", "part"), [
    (Vec(5.5, 5.0), BOW),
    (BOW_STBD, BOW),
    (along(BOW_STBD, SHOULDER_STBD, 0.0002), BOW),                               # within ε of the corner
    (along(BOW_STBD, SHOULDER_STBD, 0.0003), Part(PartKind.BOW_QUARTER, STBD)),
    (along(SHOULDER_STBD, BOW_STBD, 0.0002), Part(PartKind.SHOULDER, STBD)),
    (SHOULDER_STBD, Part(PartKind.SHOULDER, STBD)),
    (along(SHOULDER_STBD, HIP_STBD, 0.0002), Part(PartKind.SHOULDER, STBD)),
    (along(SHOULDER_STBD, HIP_STBD, 0.0003), Part(PartKind.BEAM, STBD)),
    (Vec(5.0, 4.8), Part(PartKind.BEAM, STBD)),
    (Vec(5.0, 5.2), Part(PartKind.BEAM, PORT)),
    (along(HIP_STBD, SHOULDER_STBD, 0.0003), Part(PartKind.BEAM, STBD)),
    (HIP_STBD, Part(PartKind.HIP, STBD)),
    (along(HIP_STBD, STERN_STBD, 0.0003), Part(PartKind.STERN_QUARTER, STBD)),
    (Vec(4.55, 4.85), Part(PartKind.STERN_QUARTER, STBD)),
    (along(STERN_STBD, HIP_STBD, 0.0002), STERN),
    (Vec(4.5, 5.0), STERN),
    (Vec(4.5, 5.1), STERN),
    (Vec(4.55, 5.15), Part(PartKind.STERN_QUARTER, PORT)),
    (Vec(4.6, 5.2), Part(PartKind.HIP, PORT)),
    (Vec(5.0 + SHOULDER, 5.2), Part(PartKind.SHOULDER, PORT)),
    (Vec(5.5 - 0.05 * math.sqrt(3.0), 5.15), Part(PartKind.BOW_QUARTER, PORT)),
])
def test_parts_of_a_stretched_octagon_and_their_exact_boundaries(point: Vec, part: Part) -> None:
    assert boundary_part(point, EAST, EPS) == part


def test_the_contact_part_is_the_part_of_the_boundary_point_nearest_the_impact() -> None:
    ahead_of_bow = Vec(5.7, 5.0)
    assert nearest_boundary_point(ahead_of_bow, EAST) == Vec(5.5, 5.0)
    assert contact_part(EAST, ahead_of_bow, EPS) == BOW
    # Out beyond the starboard shoulder, between its two edges' normals: the corner is nearest.
    off_shoulder = SHOULDER_STBD + Vec(0.01, -0.05)
    assert nearest_boundary_point(off_shoulder, EAST) == SHOULDER_STBD
    assert contact_part(EAST, off_shoulder, EPS) == Part(PartKind.SHOULDER, STBD)
    # Inside, 0.01 from the starboard beam: the beam.
    assert contact_part(EAST, Vec(5.0, 4.81), EPS) == Part(PartKind.BEAM, STBD)


def test_an_exact_tie_between_edges_goes_to_the_first_in_corner_order() -> None:
    # The centre is 0.2 from both beams (0.5 from bow and stern): edge 1 comes before edge 5.
    assert contact_part(EAST, Vec(5.0, 5.0), EPS) == Part(PartKind.BEAM, STBD)
    assert contact_part(RECTANGLE, Vec(10.0, 10.0), GR_EPS) == Part(PartKind.BEAM, STBD)


def test_a_bow_rammed_flat_into_a_beam() -> None:
    # Heading north, bow edge y = 4.8 from x = 4.9 to 5.1, on the target's starboard beam (y = 4.8).
    rammer = place(OCTAGON, Pose(Vec(5.0, 4.3), 0.0))
    assert relation(rammer, EAST, EPS) is Relation.TOUCH
    found = contact_parts(rammer, EAST, EPS, EPS)
    assert found.impact.x == pytest.approx(5.0, abs=1e-12) and found.impact.y == pytest.approx(4.8, abs=1e-12)
    assert found.mover == BOW
    assert found.obstacle == Part(PartKind.BEAM, STBD)


def test_ships_lying_in_contact_take_the_impact_set_within_c() -> None:
    # The same bow 0.02 short of the beam: no contact within ε, one within c (WW §3).
    rammer = place(OCTAGON, Pose(Vec(5.0, 4.28), 0.0))
    with pytest.raises(ValueError, match="not in contact"):
        contact_parts(rammer, EAST, EPS, EPS)
    found = contact_parts(rammer, EAST, C, EPS)
    assert found.impact.y == pytest.approx(4.78, abs=1e-12)
    assert (found.mover, found.obstacle) == (BOW, Part(PartKind.BEAM, STBD))


def test_corner_to_corner_a_bow_corner_on_a_shoulder() -> None:
    # The rammer heads 340 with its bow-port corner on the target's starboard shoulder; its bow edge
    # (bearing 70°) opens away from the target's bow quarter (bearing 60°): one point of contact.
    heading = 340.0
    centre = SHOULDER_STBD - to_world(0.5, -0.1, Vec(0.0, 0.0), heading)
    rammer = place(OCTAGON, Pose(centre, heading))
    assert relation(rammer, EAST, EPS) is Relation.TOUCH
    found = contact_parts(rammer, EAST, EPS, EPS)
    assert (found.impact - SHOULDER_STBD).length() < 1e-12
    assert found.mover == BOW
    assert found.obstacle == Part(PartKind.SHOULDER, STBD)


def test_corner_to_corner_bow_on_stern_and_shoulder_on_hip() -> None:
    # In line ahead, the leader's stern-port corner on the follower's bow-starboard corner.
    follower = place(OCTAGON, Pose(Vec(5.0, 5.0), 0.0))
    leader = place(OCTAGON, Pose(Vec(5.2, 6.0), 0.0))
    found = contact_parts(follower, leader, EPS, EPS)
    assert (found.impact - Vec(5.1, 5.5)).length() < 1e-12
    assert (found.mover, found.obstacle) == (BOW, STERN)
    # Beam to beam, the starboard ship's port hip on the port ship's starboard shoulder.
    abeam = place(OCTAGON, Pose(Vec(5.4, 5.0 + SHOULDER + 0.4), 0.0))
    found = contact_parts(follower, abeam, EPS, EPS)
    assert (found.impact - Vec(5.2, 5.0 + SHOULDER)).length() < 1e-12
    assert (found.mover, found.obstacle) == (Part(PartKind.SHOULDER, STBD), Part(PartKind.HIP, PORT))
    # Shifted 0.1 forward, the beams share 0.1 of edge: I is its middle, on both beams.
    overlapping = place(OCTAGON, Pose(Vec(5.4, 5.0 + SHOULDER + 0.3), 0.0))
    found = contact_parts(follower, overlapping, EPS, EPS)
    assert found.impact.y == pytest.approx(5.0 + SHOULDER - 0.05, abs=1e-12)
    assert (found.mover, found.obstacle) == (Part(PartKind.BEAM, STBD), Part(PartKind.BEAM, PORT))


def test_a_bow_laid_flat_on_a_bow_quarter() -> None:
    # Heading 330 the bow edge runs at bearing 60°, along the target's starboard bow quarter, which
    # is 2q = 0.2 long like the bow edge: the two lie on each other, I is the quarter's middle.
    heading = 330.0
    centre = SHOULDER_STBD - to_world(0.5, -0.1, Vec(0.0, 0.0), heading)
    rammer = place(OCTAGON, Pose(centre, heading))
    found = contact_parts(rammer, EAST, EPS, EPS)
    middle = Vec((BOW_STBD.x + SHOULDER_STBD.x) / 2, (BOW_STBD.y + SHOULDER_STBD.y) / 2)
    assert (found.impact - middle).length() < 1e-9
    assert (found.mover, found.obstacle) == (BOW, Part(PartKind.BOW_QUARTER, STBD))


# --- Against Shapely -------------------------------------------------------------------------------

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
# WW rulings §4.1: the eleven bases, L × W in SL.
SIZES = [(0.6, 0.2), (0.7, 0.2), (0.8, 0.25), (0.8, 0.3), (0.9, 0.25), (1.0, 0.3), (1.1, 0.3),
         (1.2, 0.3), (1.3, 0.35), (1.4, 0.4), (1.6, 0.5)]
half_degrees = st.integers(0, 719).map(lambda k: k / 2)
poses = st.builds(lambda x, y, h: Pose(Vec(x, y), h),
                  st.floats(2.0, 16.0), st.floats(2.0, 10.0), half_degrees)


@st.composite
def hulls(draw: st.DrawFn) -> Footprint:
    """A WW base as the octagon, or a rectangle of the same size (parts are named on both)."""
    length, beam = draw(st.sampled_from(SIZES))
    return stretched_octagon(length, beam) if draw(st.booleans()) else rectangle(length, beam)


ships = st.builds(place, hulls(), poses)


def ring(polygon: Polygon) -> LinearRing:
    return LinearRing([(corner.x, corner.y) for corner in polygon.corners])


def expected_part(point: Vec, polygon: Polygon) -> Part | None:
    """The G8 part by Shapely: a corner within ε, else the edge segment the point lies on; None
    where the point is within a hair of that ε or of two edges (either answer is the core's)."""
    corners = [Point(c.x, c.y) for c in polygon.corners]
    here = Point(point.x, point.y)
    near = [i for i, corner in enumerate(corners) if corner.distance(here) <= EPS]
    if any(abs(corner.distance(here) - EPS) < 1e-9 for corner in corners):
        return None
    if near:
        return corner_parts(len(corners))[near[0]]
    edges = [ring(polygon).coords[i:i + 2] for i in range(len(corners))]
    gaps = [LineString(edge).distance(here) for edge in edges]
    best = sorted(range(len(gaps)), key=gaps.__getitem__)
    if gaps[best[1]] - gaps[best[0]] < 1e-9:
        return None
    return edge_parts(len(corners))[best[0]]


@given(ships, st.floats(0.0, 1.0), st.floats(-0.1, 0.1), st.floats(-0.1, 0.1))
@FAST
def test_the_contact_part_agrees_with_shapely_nearest_points(ship: Polygon, share: float,
                                                            dx: float, dy: float) -> None:
    outline = ring(ship)
    on_ring = outline.interpolate(share, normalized=True)
    impact = Vec(on_ring.x + dx, on_ring.y + dy)
    nearest = nearest_boundary_point(impact, ship)
    assert outline.distance(Point(nearest.x, nearest.y)) < 1e-9
    assert (nearest - impact).length() == pytest.approx(outline.distance(Point(impact.x, impact.y)), abs=1e-9)
    expected = expected_part(nearest, ship)
    assume(expected is not None)
    assert contact_part(ship, impact, EPS) == expected


@given(ships, st.integers(0, 7), st.floats(0.0, 1.0))
@FAST
def test_every_boundary_point_takes_its_edge_or_the_corner_within_eps(ship: Polygon, edge: int,
                                                                      share: float) -> None:
    count = len(ship.corners)
    start, end = ship.edges()[edge % count]
    point = start + (end - start) * share
    length = (end - start).length()
    from_start, from_end = share * length, (1.0 - share) * length
    assume(abs(from_start - EPS) > 1e-9 and abs(from_end - EPS) > 1e-9)
    if from_start <= EPS:
        expected = corner_parts(count)[edge % count]
    elif from_end <= EPS:
        expected = corner_parts(count)[(edge + 1) % count]
    else:
        expected = edge_parts(count)[edge % count]
    assert boundary_part(point, ship, EPS) == expected
    assert expected == expected_part(point, ship) or expected_part(point, ship) is None


@st.composite
def collisions(draw: st.DrawFn) -> tuple[Polygon, Polygon]:
    """A mover swept straight (G10) until it meets a ship near it, on a course (a multiple of 0.5°)
    within a few degrees of the target's centre: a contact as a collision makes."""
    target = draw(ships)
    centre = Vec(sum(c.x for c in target.corners) / len(target.corners),
                 sum(c.y for c in target.corners) / len(target.corners))
    length, beam = draw(st.sampled_from(SIZES))
    start = centre - ahead(draw(st.floats(0.0, 360.0))) * draw(st.floats(0.8, 2.5))
    mover = place(stretched_octagon(length, beam), Pose(start, draw(half_degrees)))
    assume(not overlaps(mover, target, EPS))
    course = math.degrees(math.atan2(centre.x - start.x, centre.y - start.y))
    motion = ahead(round(course * 2) / 2 + draw(st.integers(-20, 20)) / 2)
    t = contact_distance(mover, motion, target, EPS)
    assume(math.isfinite(t))
    return mover.translated(motion * t), target


@given(collisions())
@FAST
def test_at_a_collision_each_contact_part_holds_the_boundary_point_nearest_the_impact(
        scene: tuple[Polygon, Polygon]) -> None:
    mover, target = scene
    found = contact_parts(mover, target, EPS, EPS)
    assert found.impact == impact_point(mover, target, EPS)
    for ship, part in ((mover, found.mover), (target, found.obstacle)):
        outline = ring(ship)
        assert outline.distance(Point(found.impact.x, found.impact.y)) < 2 * EPS
        nearest = outline.interpolate(outline.project(Point(found.impact.x, found.impact.y)))
        expected = expected_part(Vec(nearest.x, nearest.y), ship)
        assume(expected is not None)
        assert part == expected
