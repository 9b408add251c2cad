"""Wooden Walls' ship geometry (rulings §2, §3, §4.4; core G8, G9, G17), worked by hand.

Most tests stand a trireme (L 1.2, W 0.3: a = 0.6, b = 0.15, q = 0.075) at C = (5, 4) heading 90
(east), where a local (u, v) lands on the table at (5 + u, 4 − v). Its shoulders are at
u = 0.6 − 0.075·√3 = 0.470096, its hips at u = −0.525; the beam is cut into three oar sections of
0.331699 each, boundaries 0.138397 and −0.193301, midpoints 0.304247, −0.027452, −0.359151.
Two Shapely checks compare the clipped deck sections with Shapely's intersection."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Point, box
from shapely.geometry import Polygon as ShapelyPolygon

from pbem.rules.table import Part, PartKind, Polygon, Pose, ShipSide, Vec
from pbem.rules.woodenwalls import shipgeom
from pbem.rules.woodenwalls.shipgeom import (
    adjacent_across,
    adjacent_on_ship,
    area_distance,
    area_faces,
    area_oar_sections,
    area_polygon,
    area_section,
    collision_parts,
    deck_area_at,
    facing_areas,
    hull_polygon,
    in_contact,
    lying_contact_parts,
    nearest_oar_section,
    oar_intervals,
    oar_label,
    oar_midpoint,
    oar_section_area,
    oar_section_at,
    pivot_point,
    ram_adjacent_area,
    reference_point,
    reference_u,
    ship_distance,
    ship_polygon,
    side_facing,
    swing_point,
)
from pbem.rules.woodenwalls.shiptypes import SHIP_TYPES, TYPE_IDS, ShipType, ship_type

TRIREME = ship_type("trireme")
QUINQUEREME = ship_type("quinquereme")
EAST = Pose(Vec(5.0, 4.0), 90.0)
SHOULDER_U = 0.6 - 0.075 * math.sqrt(3.0)  # 0.470096


def corners(polygon: Polygon) -> list[tuple[float, float]]:
    return [(corner.x, corner.y) for corner in polygon.corners]


def same_corners(polygon: Polygon, expected: list[tuple[float, float]]) -> bool:
    """The same corners in the same cyclic order, each to 0.0001 SL."""
    got = corners(polygon)
    if len(got) != len(expected):
        return False
    for shift in range(len(got)):
        turned = got[shift:] + got[:shift]
        if all(math.isclose(x, ex, abs_tol=1e-4) and math.isclose(y, ey, abs_tol=1e-4)
               for (x, y), (ex, ey) in zip(turned, expected, strict=True)):
            return True
    return False


def close(point: Vec, x: float, y: float) -> bool:
    return math.isclose(point.x, x, abs_tol=1e-4) and math.isclose(point.y, y, abs_tol=1e-4)


# ---------------------------------------------------------------- deck sections (§2)


def test_trireme_deck_sections_at_heading_90() -> None:
    # Bow section u ≥ 0.2: both bow corners, both shoulders and the cut at u = 0.2 (clockwise).
    assert same_corners(area_polygon(TRIREME, EAST, "B"), [
        (5.6, 3.925), (5.0 + SHOULDER_U, 3.85), (5.2, 3.85), (5.2, 4.15), (5.0 + SHOULDER_U, 4.15),
        (5.6, 4.075)])
    assert same_corners(area_polygon(TRIREME, EAST, "M"), [(5.2, 3.85), (4.8, 3.85), (4.8, 4.15),
                                                          (5.2, 4.15)])
    assert same_corners(area_polygon(TRIREME, EAST, "S"), [
        (4.8, 3.85), (4.475, 3.85), (4.4, 3.925), (4.4, 4.075), (4.475, 4.15), (4.8, 4.15)])
    # Towers stand on the bow and stern sections.
    assert area_polygon(TRIREME, EAST, "T1") == area_polygon(TRIREME, EAST, "B")
    assert area_polygon(TRIREME, EAST, "T2") == area_polygon(TRIREME, EAST, "S")
    assert (area_section(TRIREME, "M").aft, area_section(TRIREME, "M").forward) == pytest.approx((-0.2, 0.2))


def test_trireme_section_areas_and_clockwise_order() -> None:
    # Bow: 0.3 × 0.270096 + the bow trapezoid 0.129904 × (0.3 + 0.15)/2; stern: 0.3 × 0.325 +
    # 0.075 × (0.15 + 0.3)/2.
    expected = {"B": 0.3 * (SHOULDER_U - 0.2) + 0.075 * math.sqrt(3.0) * 0.225, "M": 0.12,
                "S": 0.0975 + 0.016875}
    for area, size in expected.items():
        shape = ShapelyPolygon(corners(area_polygon(TRIREME, EAST, area)))
        assert shape.area == pytest.approx(size, abs=1e-9)
        assert not shape.exterior.is_ccw


def test_reference_points() -> None:
    assert [reference_u(TRIREME, area) for area in ("B", "M", "S", "T1", "T2")] == pytest.approx(
        [0.4, 0.0, -0.4, 0.4, -0.4])
    assert close(reference_point(TRIREME, EAST, "B"), 5.4, 4.0)
    assert close(reference_point(TRIREME, EAST, "M"), 5.0, 4.0)
    assert close(reference_point(TRIREME, EAST, "T2"), 4.6, 4.0)
    with pytest.raises(ValueError, match="there is no deck area 'X'"):
        reference_u(TRIREME, "X")


def test_deck_area_at_a_point_goes_forward_on_a_boundary() -> None:
    assert deck_area_at(TRIREME, EAST, Vec(5.2, 4.0)) == "B"  # u = L/6 exactly
    assert deck_area_at(TRIREME, EAST, Vec(4.8, 3.85)) == "M"  # u = −L/6 exactly
    assert deck_area_at(TRIREME, EAST, Vec(4.5, 4.1)) == "S"
    assert deck_area_at(TRIREME, EAST, Vec(5.7, 4.0)) is None  # ahead of the bow


def test_area_distance_between_two_ships_abreast() -> None:
    # Both heading north, 0.5 apart: A's bow section's aft starboard corner (5.15, 5.2) to B's
    # stern section's forward port corner (5.35, 4.8) is √(0.2² + 0.4²); midships 0.2 apart.
    first, second = Pose(Vec(5.0, 5.0), 0.0), Pose(Vec(5.5, 5.0), 0.0)
    assert area_distance(TRIREME, first, "B", TRIREME, second, "S") == pytest.approx(math.sqrt(0.2), abs=1e-9)
    assert area_distance(TRIREME, first, "M", TRIREME, second, "M") == pytest.approx(0.2, abs=1e-9)


def test_ship_and_hull_polygons() -> None:
    assert close(ship_polygon(TRIREME, EAST).corners[1], 5.0 + SHOULDER_U, 3.85)
    # The hull is 0.25 wide: b = 0.125, q = 0.0625, shoulder u = 0.6 − 0.0625·√3.
    assert close(hull_polygon(TRIREME, EAST).corners[1], 5.6 - 0.0625 * math.sqrt(3.0), 3.875)


# ---------------------------------------------------------------- oar sections (§2)


def test_trireme_oar_sections() -> None:
    bounds = [bound for section in oar_intervals(TRIREME) for bound in (section.forward, section.aft)]
    assert bounds == pytest.approx([SHOULDER_U, 0.138397, 0.138397, -0.193301, -0.193301, -0.525],
                                   abs=1e-6)
    assert [oar_section_area(TRIREME, n) for n in (1, 2, 3)] == ["B", "M", "S"]
    assert close(oar_midpoint(TRIREME, EAST, "starboard", 1), 5.304247, 3.85)
    assert close(oar_midpoint(TRIREME, EAST, "port", 3), 4.640849, 4.15)
    with pytest.raises(ValueError, match="oar sections 1 to 3 per side, not 4"):
        oar_midpoint(TRIREME, EAST, "port", 4)


def test_quinquereme_midships_holds_two_oar_sections() -> None:
    # a 0.7, q 0.1: beam 0.526795 to −0.6 in four; midpoints 0.385945, 0.104246, −0.177452,
    # −0.459151 against L/6 = 0.233333.
    assert [oar_section_area(QUINQUEREME, n) for n in (1, 2, 3, 4)] == ["B", "M", "M", "S"]
    assert area_oar_sections(QUINQUEREME, "M") == (2, 3)
    assert area_oar_sections(QUINQUEREME, "T1") == (1,)
    assert area_oar_sections(TRIREME, "T2") == (3,)


def test_oar_section_at_a_beam_point() -> None:
    assert oar_section_at(TRIREME, EAST, Vec(5.0 + 0.138397459621556, 3.85)) == "S1"  # boundary: forward
    assert oar_section_at(TRIREME, EAST, Vec(5.0, 4.15)) == "P2"
    assert oar_section_at(TRIREME, EAST, Vec(4.475, 4.15)) == "P3"  # the port hip
    assert oar_section_at(TRIREME, EAST, Vec(5.55, 3.9)) is None  # the bow quarter
    assert oar_section_at(TRIREME, EAST, Vec(5.3, 4.0)) is None  # the keel line
    assert oar_label("starboard", 2) == "S2"


def test_side_facing_and_nearest_oar_section() -> None:
    # Heading east, starboard is south.
    assert side_facing(TRIREME, EAST, Vec(5.0, 2.0)) == "starboard"
    assert side_facing(TRIREME, EAST, Vec(4.0, 6.0)) == "port"
    assert side_facing(TRIREME, EAST, Vec(8.0, 4.0)) == "starboard"  # on the keel line: a tie
    stern_reference = reference_point(TRIREME, EAST, "S")  # u = −0.4
    assert nearest_oar_section(TRIREME, EAST, "starboard", stern_reference) == 3
    assert nearest_oar_section(TRIREME, EAST, "starboard", stern_reference, (1, 2)) == 2
    # Halfway between the midpoints of 1 and 2 (u = 0.138397): the forward one.
    assert nearest_oar_section(TRIREME, EAST, "port", Vec(5.138397, 4.5)) == 1
    assert nearest_oar_section(TRIREME, EAST, "port", stern_reference, ()) is None


# ---------------------------------------------------------------- pivot points (§3, §10.5)


def test_pivot_points() -> None:
    # Ahead: the shoulder on the side turned to (starboard is south at heading 90).
    assert close(pivot_point(TRIREME, EAST, 3, 30.0), 5.0 + SHOULDER_U, 3.85)
    assert close(pivot_point(TRIREME, EAST, 1, -45.0), 5.0 + SHOULDER_U, 4.15)
    # Stopped: the centre, or the beam-edge midpoint u = (0.470096 − 0.525)/2 on the side turned to.
    assert pivot_point(TRIREME, EAST, 0, 20.0) == Vec(5.0, 4.0)
    assert close(pivot_point(TRIREME, EAST, 0, 20.0, "beam_mid"), 4.972548, 3.85)
    assert close(pivot_point(TRIREME, EAST, 0, -20.0, "beam_mid"), 4.972548, 4.15)
    # Backing: the hip on the side away from the turn.
    assert close(pivot_point(TRIREME, EAST, "B", 30.0), 4.475, 4.15)
    assert close(pivot_point(TRIREME, EAST, "B", -30.0), 4.475, 3.85)
    # The rammer's swing: the bow corner away from the swing.
    assert close(swing_point(TRIREME, EAST, 45.0), 5.6, 4.075)
    assert close(swing_point(TRIREME, EAST, -22.5), 5.6, 3.925)


def test_pivot_point_refusals() -> None:
    with pytest.raises(ValueError, match="a turn of 0°"):
        pivot_point(TRIREME, EAST, 2, 0.0)
    with pytest.raises(ValueError, match="there is no speed 5"):
        pivot_point(TRIREME, EAST, 5, 10.0)
    with pytest.raises(ValueError, match="there is no stopped_pivot 'hip'"):
        pivot_point(TRIREME, EAST, 0, 10.0, "hip")
    with pytest.raises(ValueError, match="a swing of 0°"):
        swing_point(TRIREME, EAST, 0.0)


# ---------------------------------------------------------------- contact parts (§3, G8)


def test_bow_to_beam_collision() -> None:
    # A's bow edge x = 5.6, y 3.925..4.075 flat on B's port beam x = 5.75 − 0.15, y 3.575..4.570:
    # K is A's two bow corners, I their midpoint (5.6, 4); on B that is u = −0.1, oar section P2, M.
    target = Pose(Vec(5.75, 4.1), 0.0)
    assert ship_distance(TRIREME, EAST, TRIREME, target) == 0.0
    assert in_contact(TRIREME, EAST, TRIREME, target)
    parts = collision_parts(TRIREME, EAST, TRIREME, target)
    assert close(parts.impact, 5.6, 4.0)
    assert parts.mover == Part(PartKind.BOW)
    assert parts.obstacle == Part(PartKind.BEAM, ShipSide.PORT)
    assert oar_section_at(TRIREME, target, parts.impact) == "P2"
    assert ram_adjacent_area(TRIREME, target, parts.impact) == "M"


def test_bow_corner_to_beam_at_45_degrees() -> None:
    # Heading 45, A's starboard bow corner (0.6, 0.075) lies 0.675·√½ east and 0.525·√½ north of C:
    # put it on B's port beam at (5.6, 4). K is that corner alone, so I is the corner; A's part is
    # the bow (its corners belong to it), B's the port beam.
    root = math.sqrt(0.5)
    rammer = Pose(Vec(5.6 - 0.675 * root, 4.0 - 0.525 * root), 45.0)
    target = Pose(Vec(5.75, 4.1), 0.0)
    parts = collision_parts(TRIREME, rammer, TRIREME, target)
    assert close(parts.impact, 5.6, 4.0)
    assert (parts.mover, parts.obstacle) == (Part(PartKind.BOW), Part(PartKind.BEAM, ShipSide.PORT))


def test_lying_in_contact_uses_c() -> None:
    # 0.02 apart: in contact (≤ c), I found within c but not within ε.
    target = Pose(Vec(5.77, 4.1), 0.0)
    assert in_contact(TRIREME, EAST, TRIREME, target)
    parts = lying_contact_parts(TRIREME, EAST, TRIREME, target)
    assert close(parts.impact, 5.6, 4.0)
    assert (parts.mover, parts.obstacle) == (Part(PartKind.BOW), Part(PartKind.BEAM, ShipSide.PORT))
    with pytest.raises(ValueError):
        collision_parts(TRIREME, EAST, TRIREME, target)
    assert not in_contact(TRIREME, EAST, TRIREME, Pose(Vec(5.78, 4.1), 0.0))


def test_ram_adjacent_area_beyond_the_ship() -> None:
    with pytest.raises(ValueError, match="beyond the target's bow or stern"):
        ram_adjacent_area(TRIREME, EAST, Vec(6.0, 4.0))


# ---------------------------------------------------------------- facing and adjacency (§3, §4.4)


def test_facing_of_two_ships_side_by_side() -> None:
    # Both north, B 0.1 ahead: A's sections land 0.1 aft on B's keel (B [0.1, 0.5], M [−0.3, 0.1],
    # S [−0.7, −0.3]); B's M lands on A's keel at [−0.1, 0.3].
    first, second = Pose(Vec(5.0, 5.0), 0.0), Pose(Vec(5.3, 5.1), 0.0)
    assert in_contact(TRIREME, first, TRIREME, second)
    assert facing_areas(TRIREME, first, "B", TRIREME, second) == ("B", "M")
    assert facing_areas(TRIREME, first, "M", TRIREME, second) == ("M", "S")
    assert facing_areas(TRIREME, first, "S", TRIREME, second) == ("S",)
    assert facing_areas(TRIREME, second, "M", TRIREME, first) == ("B", "M")
    assert facing_areas(TRIREME, first, "B", TRIREME, second, ("B", "M", "S", "T1", "T2")) == (
        "B", "M", "T1")


def test_facing_needs_more_than_c() -> None:
    # A's bow section overlaps B's midships by 0.025 (exactly c: not more) or 0.03.
    first = Pose(Vec(5.0, 5.0), 0.0)
    assert facing_areas(TRIREME, first, "B", TRIREME, Pose(Vec(5.3, 5.025), 0.0)) == ("B",)
    assert facing_areas(TRIREME, first, "B", TRIREME, Pose(Vec(5.3, 5.03), 0.0)) == ("B", "M")


def test_facing_opposite_and_square() -> None:
    first = Pose(Vec(5.0, 5.0), 0.0)
    # Heading the other way, B's stern lies beside A's bow.
    assert facing_areas(TRIREME, first, "B", TRIREME, Pose(Vec(5.3, 5.0), 180.0)) == ("S",)
    # Square keels: the section projects to a point and faces nothing (plan §11 q. 2).
    assert facing_areas(TRIREME, first, "M", TRIREME, Pose(Vec(5.0, 5.75), 90.0)) == ()


def test_adjacency_across_takes_either_projection() -> None:
    # B at 60°, 0.3 east of A: A's M lands on B's keel at [−0.1, 0.1] − 0.3·sin 60 = [−0.36, −0.16],
    # short of B's bow section; B's B lands on A's keel at [0.1, 0.3], overlapping A's M by 0.1.
    first, second = Pose(Vec(5.0, 5.0), 0.0), Pose(Vec(5.3, 5.0), 60.0)
    assert not area_faces(TRIREME, first, "M", TRIREME, second, "B")
    assert area_faces(TRIREME, second, "B", TRIREME, first, "M")
    assert adjacent_across(TRIREME, first, "M", TRIREME, second, "B")
    assert adjacent_across(TRIREME, second, "B", TRIREME, first, "M")
    assert not adjacent_across(TRIREME, first, "B", TRIREME, second, "S")


def test_adjacent_on_one_ship() -> None:
    pairs = {(x, y) for x in ("B", "M", "S", "T1", "T2") for y in ("B", "M", "S", "T1", "T2")
             if adjacent_on_ship(x, y)}
    assert pairs == {("B", "M"), ("M", "B"), ("M", "S"), ("S", "M"), ("T1", "B"), ("B", "T1"),
                     ("T2", "S"), ("S", "T2")}


# ---------------------------------------------------------------- against Shapely


@pytest.mark.parametrize("ship", SHIP_TYPES, ids=lambda row: row.id)
def test_deck_sections_match_shapely_clipping(ship: ShipType) -> None:
    # The footprint at a slanted pose, cut by Shapely's boxes of the three u-bands (built in the
    # ship's frame, then turned and moved like the ship), against the clipped polygons.
    pose = Pose(Vec(3.2, 7.1), 37.5)
    local_ship = ShapelyPolygon([(c.x, c.y) for c in ship.footprint.corners])
    half = ship.length / 2
    for area, (low, high) in {"B": (half / 3, half), "M": (-half / 3, half / 3),
                              "S": (-half, -half / 3)}.items():
        band = local_ship.intersection(box(low, -1.0, high, 1.0))
        # Local (u, v) → world: x = C.x + u·sin h + v·cos h, y = C.y + u·cos h − v·sin h.
        sin, cos = math.sin(math.radians(37.5)), math.cos(math.radians(37.5))
        world = affinity.affine_transform(band, [sin, cos, cos, -sin, 3.2, 7.1])
        ours = ShapelyPolygon(corners(area_polygon(ship, pose, area)))
        assert ours.symmetric_difference(world).area < 1e-12
    whole = ShapelyPolygon(corners(ship_polygon(ship, pose)))
    parts = [ShapelyPolygon(corners(area_polygon(ship, pose, area))) for area in ("B", "M", "S")]
    assert sum(part.area for part in parts) == pytest.approx(whole.area, abs=1e-12)


def test_oar_midpoints_lie_on_the_beam_per_shapely() -> None:
    pose = Pose(Vec(6.0, 6.0), 22.5)
    exterior = ShapelyPolygon(corners(ship_polygon(QUINQUEREME, pose))).exterior
    for side in ("port", "starboard"):
        for number in (1, 2, 3, 4):
            midpoint = oar_midpoint(QUINQUEREME, pose, side, number)
            assert exterior.distance(Point(midpoint.x, midpoint.y)) < 1e-12
            assert oar_section_at(QUINQUEREME, pose, midpoint) == oar_label(side, number)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TYPE_IDS), st.sampled_from(TYPE_IDS),
       st.floats(-3, 3), st.floats(-3, 3), st.floats(0, 359.5), st.floats(0, 359.5),
       st.floats(0, 2.5))
def test_surely_apart_never_hides_ships_within_reach(first: str, second: str, dx: float, dy: float,
                                                     one: float, two: float, reach: float) -> None:
    """The cheap screen before the footprint distance: when it says apart, they are apart."""
    a, b = ship_type(first), ship_type(second)
    here, there = Pose(Vec(9.0, 6.0), one), Pose(Vec(9.0 + dx, 6.0 + dy), two)
    if shipgeom.surely_apart(a, here, b, there, reach):
        assert shipgeom.ship_distance(a, here, b, there) > reach
