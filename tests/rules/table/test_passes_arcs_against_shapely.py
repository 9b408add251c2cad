"""G14, G15, G18 and G19 checked against Shapely as an oracle and against their own definitions, on
random RC ships (RC rulings §2 sizes, RAM_CRUISE's ε). Shapely is a test dependency only.

As in test_against_shapely.py, cases that lie within a hair of a limit (ε, r + ε, the boundary of a
wedge) are left to the core: there either answer is the core's to make."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, Point
from shapely.geometry import Polygon as ShapelyPolygon

from pbem.rules.table import (
    RAM_CRUISE,
    Contact,
    DeadAstern,
    EdgeReached,
    Footprint,
    Pass,
    Polygon,
    Pose,
    Vec,
    Wedge,
    abreast_point,
    ahead,
    bearing,
    broadside_sides,
    forward_step_events,
    overlaps,
    partly_within,
    pass_within,
    passes_within,
    place,
    rectangle,
    relative_bearing,
    rout_heading,
    straight_step,
)

Scene = tuple[Footprint, Pose, float, list[tuple[Pose, Footprint]]]   # mover, start, t, others

EPS = RAM_CRUISE.epsilon
TABLE = RAM_CRUISE.table
SHEAR = 0.125
HAIR = 1e-9
SLACK = math.sqrt(2.0) * EPS + 1e-12
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])

# RC rulings §2: monoreme, bireme, trireme, quinquereme, sixteen.
SIZES = [(2.5, 0.75), (3.0, 1.0), (4.0, 1.0), (5.0, 1.5), (6.0, 2.0)]
classes = st.sampled_from(SIZES)
whole_headings = st.integers(0, 359).map(float)


def shape(polygon: Polygon) -> ShapelyPolygon:
    return ShapelyPolygon([(corner.x, corner.y) for corner in polygon.corners])


def area_bound(first: Polygon, second: Polygon) -> float:
    def diameter(polygon: Polygon) -> float:
        return max((p - q).length() for p in polygon.corners for q in polygon.corners)
    return EPS * min(diameter(first), diameter(second)) * 1.000001 + 1e-12


def unit(heading: float) -> tuple[float, float]:
    # Independent of the core's sin_cos: plain math, exact enough for an oracle.
    return math.sin(math.radians(heading)), math.cos(math.radians(heading))


@st.composite
def alongside(draw: st.DrawFn) -> Scene:
    """A mover, a step length and ships near its keel line, most nearly parallel (same way or
    opposed) at about the beam's distance, so that passes, near misses and crossings all occur."""
    length, beam = draw(classes)
    start = Pose(Vec(draw(st.floats(15.0, 55.0)), draw(st.floats(12.0, 36.0))), draw(whole_headings))
    travel = draw(st.floats(0.0, 12.0))
    sin, cos = unit(start.heading)
    forward, right = (sin, cos), (cos, -sin)          # d(h) and s(h), G2
    ships = []
    for _ in range(draw(st.integers(1, 5))):
        other_length, other_beam = draw(classes)
        along = draw(st.one_of(st.floats(-2.0, 14.0), st.sampled_from([0.0, travel, travel + EPS / 2])))
        offset = draw(st.one_of(st.sampled_from([0, 0, 1, -1, 10, -44, 44, -45, 45]), st.integers(-50, 50)))
        heading = (start.heading + offset + draw(st.sampled_from([0, 180]))) % 360
        # B's half-width across A's keel (G3 corners turned by the offset), plus a gap around ⅛".
        across = (other_length * abs(math.sin(math.radians(offset)))
                  + other_beam * abs(math.cos(math.radians(offset)))) / 2
        gap = draw(st.one_of(st.floats(0.0, 0.13), st.floats(-0.3, 0.6)))
        lateral = (beam / 2 + across + gap) * draw(st.sampled_from([1.0, -1.0]))
        centre = Vec(start.centre.x + along * forward[0] + lateral * right[0],
                     start.centre.y + along * forward[1] + lateral * right[1])
        ships.append((Pose(centre, float(heading)), rectangle(other_length, other_beam)))
    return rectangle(length, beam), start, travel, ships


def oracle_pass(footprint: Footprint, start: Pose, travel: float, pose: Pose, other: Polygon) -> bool | None:
    """G14 from its words, with Shapely for the overlap and the distance; None if within a hair."""
    apart = abs(start.heading - pose.heading) % 360
    difference = min(apart, 360 - apart)
    if not min(difference, 180 - difference) < 45:
        return False
    dx, dy = unit(start.heading)
    s = (pose.centre.x - start.centre.x) * dx + (pose.centre.y - start.centre.y) * dy
    if abs(s - EPS) < HAIR or abs(s - travel - EPS) < HAIR:
        return None
    if not EPS < s <= travel + EPS:
        return False
    there = affinity.translate(shape(place(footprint, start)), s * dx, s * dy)
    target = shape(other)
    common = there.intersection(target).area
    if common > area_bound(place(footprint, start), other):
        return False                                   # overlapping (G4)
    if common > 0:
        return None                                    # a sliver: overlap or touch is the core's call
    gap = there.distance(target)
    if abs(gap - SHEAR - EPS) < HAIR or (0 < gap <= SLACK):
        return None
    return gap <= SHEAR + EPS


@given(alongside())
@FAST
def test_passes_agree_with_the_definition_measured_by_shapely(
        scene: Scene) -> None:
    footprint, start, travel, ships = scene
    polygons = [place(size, pose) for pose, size in ships]
    found = {one.other: one for one in passes_within(footprint, start, travel, polygons,
                                                     {i: pose for i, (pose, _) in enumerate(ships)},
                                                     SHEAR, EPS)}
    for index, (pose, _) in enumerate(ships):
        expected = oracle_pass(footprint, start, travel, pose, polygons[index])
        if expected is not None:
            assert (index in found) is expected, index


@given(alongside())
@FAST
def test_the_gap_at_the_abreast_point_is_shapely_s_distance(
        scene: Scene) -> None:
    footprint, start, travel, ships = scene
    for index, (pose, size) in enumerate(ships):
        other = place(size, pose)
        found = pass_within(footprint, start, travel, index, pose, other, SHEAR, EPS)
        if found is None:
            continue
        there, target = shape(place(footprint, found.pose)), shape(other)
        if found.gap > 0:
            assert math.isclose(found.gap, there.distance(target), abs_tol=1e-9)
        else:
            assert there.distance(target) <= SLACK
        assert found.gap <= SHEAR + EPS
        # P* is the foot of the perpendicular from B's centre to the mover's keel line.
        dx, dy = unit(start.heading)
        keel = LineString([(start.centre.x - 100 * dx, start.centre.y - 100 * dy),
                           (start.centre.x + 100 * dx, start.centre.y + 100 * dy)])
        centre = Point(pose.centre.x, pose.centre.y)
        assert math.isclose(centre.distance(Point(found.pose.centre.x, found.pose.centre.y)),
                            keel.distance(centre), abs_tol=1e-9)
        assert found.pose.centre == abreast_point(start, pose.centre)
        assert found.pose.heading == start.heading


@given(alongside())
@FAST
def test_passes_are_in_abreast_order(scene: Scene) -> None:
    footprint, start, travel, ships = scene
    polygons = [place(size, pose) for pose, size in ships]
    found = passes_within(footprint, start, travel, polygons, dict(enumerate(pose for pose, _ in ships)),
                          SHEAR, EPS)
    for i, earlier in enumerate(found):
        for later in found[i + 1:]:
            assert earlier.abreast <= later.abreast + EPS          # never a clearly nearer one later
            if earlier.abreast == later.abreast:
                assert earlier.other < later.other                  # equal: scenario order


@given(alongside(), st.floats(0.5, 16.0), st.one_of(st.none(), st.floats(2.0, 16.0)), whole_headings)
@FAST
def test_a_forward_step_s_events_are_the_plain_step_plus_its_passes_in_g15_order(
        scene: Scene, length: float, blocker: float | None, blocker_heading: float) -> None:
    footprint, start, _, ships = scene
    if blocker is not None:     # a trireme somewhere ahead on the keel line, to cut steps short
        ships = [*ships, (Pose(start.centre + ahead(start.heading) * blocker, blocker_heading),
                          rectangle(4.0, 1.0))]
    mover = place(footprint, start)
    kept = [(pose, size) for pose, size in ships if not overlaps(mover, place(size, pose), EPS)]
    polygons = [place(size, pose) for pose, size in kept]
    passable = {i: pose for i, (pose, _) in enumerate(kept)}
    stepped = forward_step_events(footprint, start, length, polygons, TABLE, EPS, passable, SHEAR)
    plain = straight_step(footprint, start, ahead(start.heading), length, polygons, TABLE, EPS)
    assert stepped.outcome == plain                       # a pass stops nothing by itself
    assert stepped.passes == passes_within(footprint, start, plain.travel, polygons, passable, SHEAR, EPS)
    kinds = [0 if isinstance(event, Pass) else 1 if isinstance(event, Contact) else 2
             for event in stepped.events]
    assert kinds == sorted(kinds)                         # passes, then contacts, then the edge
    assert tuple(event.other for event in stepped.events if isinstance(event, Contact)) == plain.contacts
    assert any(isinstance(event, EdgeReached) for event in stepped.events) == plain.edge
    for event in stepped.events:
        assert event.t <= plain.travel + EPS
        if not isinstance(event, Pass):
            assert (event.t, event.pose) == (plain.travel, plain.end)


@given(whole_headings, st.one_of(st.sampled_from([0, 45, 46, 180, 314, 315]), st.integers(0, 359)))
@settings(max_examples=500, deadline=None)
def test_the_rout_heading_is_the_heading_within_45_of_downwind_nearest_home(downwind: float,
                                                                            delta: int) -> None:
    home = (downwind + delta) % 360

    def apart(first: float, second: float) -> float:
        difference = abs(first - second) % 360
        return min(difference, 360 - difference)

    found = rout_heading(downwind, home)
    assert 0 <= found < 360 and found == int(found)
    assert apart(found, downwind) <= 45                          # 5c: downwind or up to 45° off it
    candidates = [(downwind + k) % 360 for k in range(-45, 46)]
    assert apart(found, home) == min(apart(k, home) for k in candidates)   # 3d: nearest home
    assert (found == home) == (apart(home, downwind) <= 45)
    if apart(home, downwind) == 180:                             # home dead upwind: W ± 45 tie
        assert found == (downwind + 45) % 360


points = st.builds(Vec, st.floats(-50.0, 50.0), st.floats(-50.0, 50.0))


@given(points, points, st.floats(0.0, 359.5))
@FAST
def test_a_bearing_points_at_its_target_and_the_relative_bearing_turns_to_it(
        origin: Vec, target: Vec, heading: float) -> None:
    assume((target - origin).length() > 1e-6)
    found = bearing(origin, target)
    assert 0 <= found < 360
    direction, offset = ahead(found), target - origin
    assert abs(direction.x * offset.y - direction.y * offset.x) <= 1e-9 * offset.length()
    assert direction.dot(offset) > 0
    for dead_astern in DeadAstern:
        rho = relative_bearing(heading, found, dead_astern)
        if dead_astern is DeadAstern.PORT:
            assert -180 <= rho < 180                                # SB
        else:
            assert -180 < rho <= 180                                # WW
        turned_by = (heading + rho - found) % 360                   # h + ρ is the bearing again
        assert min(turned_by, 360 - turned_by) <= 1e-9


target_polygons = st.builds(lambda size, x, y, h: place(rectangle(*size), Pose(Vec(x, y), h)),
                            classes, st.floats(-12.0, 12.0), st.floats(-12.0, 12.0), whole_headings)


def half_plane(firer: Pose, side: float, offset: float) -> ShapelyPolygon:
    """The points with side·v ≥ offset, as far as 1000 units."""
    forward, right = ahead(firer.heading), Vec(ahead(firer.heading).y, -ahead(firer.heading).x)
    near, far = right * (side * offset), right * (side * 1000.0)
    corners = [firer.centre + near + forward * 1000, firer.centre + far + forward * 1000,
               firer.centre + far - forward * 1000, firer.centre + near - forward * 1000]
    return ShapelyPolygon([(corner.x, corner.y) for corner in corners])


@given(whole_headings, target_polygons)
@FAST
def test_broadside_sides_agree_with_shapely_half_planes(heading: float, target: Polygon) -> None:
    firer = Pose(Vec(0.0, 0.0), heading)
    sides = broadside_sides(firer, target, EPS)
    for side, found in ((1.0, sides.starboard), (-1.0, sides.port)):
        surely = half_plane(firer, side, EPS + HAIR).intersects(shape(target))
        maybe = half_plane(firer, side, EPS - HAIR).intersects(shape(target))
        if surely == maybe:
            assert found == surely


def sector(wedge: Wedge) -> ShapelyPolygon | LineString:
    """The wedge as a Shapely shape out to 1000 units (a ray when it has no width)."""
    steps = max(1, int(wedge.span * 4))
    rim = []
    for k in range(steps + 1):
        dx, dy = unit(wedge.heading + wedge.first + wedge.span * k / steps)
        rim.append((wedge.apex.x + 1000 * dx, wedge.apex.y + 1000 * dy))
    if wedge.span == 0:
        return LineString([(wedge.apex.x, wedge.apex.y), rim[0]])
    return ShapelyPolygon([(wedge.apex.x, wedge.apex.y), *rim])


def rays(wedge: Wedge) -> list[LineString]:
    out = []
    for bound in (wedge.first, wedge.last):
        dx, dy = unit(wedge.heading + bound)
        out.append(LineString([(wedge.apex.x, wedge.apex.y),
                               (wedge.apex.x + 1000 * dx, wedge.apex.y + 1000 * dy)]))
    return out


@given(whole_headings, st.integers(-180, 180), st.integers(-180, 180), target_polygons)
@FAST
def test_partly_within_agrees_with_a_shapely_sector(heading: float, first: int, last: int,
                                                     target: Polygon) -> None:
    wedge = Wedge(Vec(0.0, 0.0), heading, float(first), float(last))
    assume(wedge.span < 360)
    outline = shape(target)
    assume(all(ray.distance(outline) > 1e-7 or ray.intersection(outline).length > 1e-7
               for ray in rays(wedge)))
    assert partly_within(target, wedge) == sector(wedge).intersects(outline)
