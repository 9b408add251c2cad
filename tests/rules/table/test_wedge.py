"""G19's wedge test as WW uses it (rulings §2 `hull_outline`, §11.2 `arcs`): a target's hull
partly within a wedge of relative bearings from a shooting area's reference point, by hand-worked
cases, then against a Shapely sector on random WW hulls with half-degree headings and bounds.

The wedge is already in the core (`arcs.Wedge`, `arcs.partly_within`, first built for RC); these
tests take it through WW's octagon hulls, arcs and 0.5° grain."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString
from shapely.geometry import Polygon as ShapelyPolygon

from pbem.rules.table import Polygon, Pose, Vec, Wedge, partly_within, place, stretched_octagon, to_world

HULL = stretched_octagon(1.2, 0.3 - 0.05)            # a trireme's hull, W − 0.05 SL (§2)
# WW's default arcs (§11.2) as (first, last): B, M to starboard, M to port, S, a tower.
BOW, MID_STARBOARD, MID_PORT, STERN, TOWER = (-90.0, 90.0), (45.0, 135.0), (-135.0, -45.0), (90.0, -90.0), \
    (-180.0, 180.0)


def arc(apex: Vec, heading: float, bounds: tuple[float, float]) -> Wedge:
    return Wedge(apex, heading, *bounds)


# The shooter, a trireme at (5, 5) heading east; area B's reference point on the keel at u = L/3.
SHOOTER = Pose(Vec(5.0, 5.0), 90.0)
B_POINT = to_world(0.4, 0.0, SHOOTER.centre, SHOOTER.heading)            # (5.4, 5): B's rays point N and S


def test_a_hull_whose_bow_corners_lie_on_the_boundary_ray_is_in_the_closed_arc() -> None:
    # Target heading east at y = 7 with its bow corners (x = C_x + 0.6) exactly on the ray north.
    on_ray = place(HULL, Pose(Vec(5.4 - 0.6, 7.0), 90.0))
    assert on_ray.corners[0].x == B_POINT.x == 5.4
    assert partly_within(on_ray, arc(B_POINT, SHOOTER.heading, BOW))
    # 0.0001 SL further west it lies wholly west of the ray: outside B, inside M to port and S
    # (relative bearings just past −90). (Centred at 4.8, 9e-16 west, a corner's bearing of
    # −2.6e-14° is 360 − 2.6e-14, which is 360.0 in double precision and so 0: still on the ray.)
    a_hair_west = place(HULL, Pose(Vec(4.7999, 7.0), 90.0))
    assert partly_within(place(HULL, Pose(Vec(4.8, 7.0), 90.0)), arc(B_POINT, SHOOTER.heading, BOW))
    assert not partly_within(a_hair_west, arc(B_POINT, SHOOTER.heading, BOW))
    assert partly_within(a_hair_west, arc(B_POINT, SHOOTER.heading, MID_PORT))
    assert partly_within(a_hair_west, arc(B_POINT, SHOOTER.heading, STERN))
    assert not partly_within(a_hair_west, arc(B_POINT, SHOOTER.heading, MID_STARBOARD))


def test_a_hull_across_a_boundary_ray_is_in_both_wedges_it_meets() -> None:
    crossing = place(HULL, Pose(Vec(5.4, 3.0), 90.0))        # x 4.8–6.0, y 2.875–3.125, across the ray south
    assert partly_within(crossing, arc(B_POINT, SHOOTER.heading, BOW))
    assert partly_within(crossing, arc(B_POINT, SHOOTER.heading, STERN))
    assert partly_within(crossing, arc(B_POINT, SHOOTER.heading, MID_STARBOARD))
    assert not partly_within(crossing, arc(B_POINT, SHOOTER.heading, MID_PORT))


def test_a_hull_spanning_a_narrow_wedge_is_in_it_by_the_rays_alone() -> None:
    # A wedge of relative bearings −1 to +1 from the B point, the shooter heading east; a larger
    # ship's hull 5 SL ahead lies broadside-on across it (keel north, y 4.2–5.8). Its nearest
    # corners, the shoulders at (10.625, 5.605), are 6.6° off the keel line: none is in the wedge,
    # yet both rays cross its port beam edge (x = 10.175, y = 5 ± 0.083).
    across = place(stretched_octagon(1.6, 0.5 - 0.05), Pose(Vec(10.4, 5.0), 0.0))
    narrow = Wedge(B_POINT, SHOOTER.heading, -1.0, 1.0)
    off_keel = [math.degrees(math.atan2(c.x - B_POINT.x, c.y - B_POINT.y)) - 90.0 for c in across.corners]
    assert min(abs(relative) for relative in off_keel) > 6.6
    assert not any(narrow.covers_bearing(relative) for relative in off_keel)
    assert partly_within(across, narrow)


def test_the_stern_arc_wraps_through_dead_astern() -> None:
    # Shooter heading north; S's reference point at u = −L/3, (5, 4.6). A hull heading east
    # centred dead astern at (5, 3): its corners' relative bearings are ±158.7° to ±164.1°.
    north = Pose(Vec(5.0, 5.0), 0.0)
    s_point = to_world(-0.4, 0.0, north.centre, north.heading)
    astern = place(HULL, Pose(Vec(5.0, 3.0), 90.0))
    assert partly_within(astern, arc(s_point, 0.0, STERN))
    assert partly_within(astern, arc(s_point, 0.0, TOWER))
    assert not partly_within(astern, arc(s_point, 0.0, BOW))
    assert not partly_within(astern, arc(s_point, 0.0, MID_STARBOARD))   # the 135° ray passes east of it
    assert not partly_within(astern, arc(s_point, 0.0, MID_PORT))


def test_the_midships_arc_is_one_side_at_a_time() -> None:
    abeam = place(HULL, Pose(Vec(5.0, 2.0), 90.0))           # due south of the shooter: its starboard
    assert partly_within(abeam, arc(SHOOTER.centre, SHOOTER.heading, MID_STARBOARD))
    assert not partly_within(abeam, arc(SHOOTER.centre, SHOOTER.heading, MID_PORT))
    assert partly_within(abeam, arc(SHOOTER.centre, 270.0, MID_PORT))  # the same target seen heading west


# Against Shapely.

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
SIZES = [(0.6, 0.2), (0.8, 0.25), (1.0, 0.3), (1.2, 0.3), (1.4, 0.4), (1.6, 0.5)]
half_degrees = st.integers(0, 719).map(lambda half: half / 2)
bounds = st.integers(-360, 360).map(lambda half: half / 2)


def shape(polygon: Polygon) -> ShapelyPolygon:
    return ShapelyPolygon([(corner.x, corner.y) for corner in polygon.corners])


def unit(heading: float) -> tuple[float, float]:
    return math.sin(math.radians(heading)), math.cos(math.radians(heading))


def sector(wedge: Wedge) -> ShapelyPolygon | LineString:
    """The wedge out to 100 SL as a Shapely shape (a ray when it has no width)."""
    steps = max(1, int(wedge.span * 4))
    rim = []
    for k in range(steps + 1):
        dx, dy = unit(wedge.heading + wedge.first + wedge.span * k / steps)
        rim.append((wedge.apex.x + 100 * dx, wedge.apex.y + 100 * dy))
    if wedge.span == 0:
        return LineString([(wedge.apex.x, wedge.apex.y), rim[0]])
    return ShapelyPolygon([(wedge.apex.x, wedge.apex.y), *rim])


def rays(wedge: Wedge) -> list[LineString]:
    out = []
    for bound in (wedge.first, wedge.last):
        dx, dy = unit(wedge.heading + bound)
        out.append(LineString([(wedge.apex.x, wedge.apex.y),
                               (wedge.apex.x + 100 * dx, wedge.apex.y + 100 * dy)]))
    return out


@st.composite
def hulls(draw: st.DrawFn) -> Polygon:
    length, beam = draw(st.sampled_from(SIZES))
    centre = Vec(draw(st.floats(-2.0, 2.0)), draw(st.floats(-2.0, 2.0)))
    return place(stretched_octagon(length, beam - 0.05), Pose(centre, draw(half_degrees)))


@given(half_degrees, bounds, bounds, st.sampled_from([-0.4, 0.0, 0.4]), hulls())
@FAST
def test_partly_within_agrees_with_a_shapely_sector_on_ww_hulls(heading: float, first: float, last: float,
                                                                 u: float, target: Polygon) -> None:
    apex = to_world(u, 0.0, Vec(0.0, 0.0), heading)          # a reference point on a keel through the origin
    wedge = Wedge(apex, heading, first, last)
    assume(wedge.span < 360)
    outline = shape(target)
    # A boundary ray within a hair of the hull without crossing it is the core's to call.
    assume(all(ray.distance(outline) > 1e-7 or ray.intersection(outline).length > 1e-7
               for ray in rays(wedge)))
    assert partly_within(target, wedge) == sector(wedge).intersects(outline)
