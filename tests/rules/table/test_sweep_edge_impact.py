"""G10 sliding sweep, G11 table edge and G12 impact point, by hand-worked numbers; with G7 and G8
they classify GR's strikes (rulings §3, §6.1)."""

from __future__ import annotations

import math

import pytest

from pbem.rules.table import (
    KeelBand,
    Polygon,
    Pose,
    Side,
    Table,
    Vec,
    ahead,
    aspect_angle,
    contact_distance,
    edge_distance,
    impact_point,
    impact_set,
    keel_band,
    nearest_edge,
    on_table,
    passes_edge,
    place,
    rectangle,
    to_local,
)

EPS = 0.001
SHIP = rectangle(4.0, 1.0)
TABLE = Table(72.0, 48.0)
K = math.sqrt(0.5)


def at(x: float, y: float, heading: float) -> Pose:
    return Pose(Vec(x, y), heading)


def test_t_bone_ram_amidships() -> None:
    # A heads east from (10, 10); B lies north-south at (20, 10). A's bow (x = 12) meets B's port
    # side (x = 19.5) after 7.5"; its two bow corners lie on that side, so I is the middle of them.
    mover, target = place(SHIP, at(10, 10, 90)), place(SHIP, at(20, 10, 0))
    t = contact_distance(mover, ahead(90), target, EPS)
    assert t == 7.5
    struck = place(SHIP, at(10 + t, 10, 90))
    assert impact_set(struck, target, EPS) == (Vec(19.5, 9.5), Vec(19.5, 10.5))
    impact = impact_point(struck, target, EPS)
    assert impact == Vec(19.5, 10.0)
    assert aspect_angle(90, 0) == 90                               # θ ≥ 45: a ram (GR §6.1)
    assert keel_band(to_local(impact, Vec(20, 10), 0).x, 4.0, EPS) is KeelBand.WAIST


def test_strike_on_the_last_inch_is_behind_the_oar_banks() -> None:
    # B moved 1.5" north: A's bow-starboard corner meets B's stern-port corner. K has three points
    # (A's two bow corners, then B's corner); the farthest pair is A's bow corners.
    mover, target = place(SHIP, at(10, 10, 90)), place(SHIP, at(20, 11.5, 0))
    t = contact_distance(mover, ahead(90), target, EPS)
    assert t == 7.5
    struck = place(SHIP, at(17.5, 10, 90))
    assert impact_set(struck, target, EPS) == (Vec(19.5, 9.5), Vec(19.5, 10.5), Vec(19.5, 9.5))
    impact = impact_point(struck, target, EPS)
    assert impact == Vec(19.5, 10.0)
    u = to_local(impact, Vec(20, 11.5), 0).x
    assert u == -1.5 and keel_band(u, 4.0, EPS) is KeelBand.STERN   # u_B(I) ≤ −1": rudder strike


def test_head_on_meeting_is_flat_and_the_impact_point_is_the_middle() -> None:
    mover, target = place(SHIP, at(10, 10, 0)), place(SHIP, at(10, 20, 180))
    assert contact_distance(mover, ahead(0), target, EPS) == 6.0
    struck = place(SHIP, at(10, 16, 0))
    assert impact_set(struck, target, EPS) == (Vec(10.5, 18), Vec(9.5, 18), Vec(9.5, 18), Vec(10.5, 18))
    assert impact_point(struck, target, EPS) == Vec(10.0, 18.0)
    assert aspect_angle(0, 180) == 0                                # θ < 45: an oar clash


def test_oblique_strike_at_45_degrees_on_the_stern_quarter() -> None:
    # B at (10, 20) heading 45; its starboard side runs y = x + 10 − √½; A's bow-port corner
    # (9.5, 12 + t) reaches it at y = 19.5 − k, so t* = 7.5 − √½ and I is that corner.
    mover, target = place(SHIP, at(10, 10, 0)), place(SHIP, at(10, 20, 45))
    t = contact_distance(mover, ahead(0), target, EPS)
    assert t == pytest.approx(7.5 - K, abs=1e-12)
    struck = place(SHIP, at(10, 10 + t, 0))
    impact = impact_point(struck, target, EPS)
    assert impact.x == pytest.approx(9.5, abs=1e-12) and impact.y == pytest.approx(19.5 - K, abs=1e-12)
    local = to_local(impact, Vec(10, 20), 45)
    assert local.x == pytest.approx(-K - 0.5, abs=1e-12) and local.y == pytest.approx(0.5, abs=1e-12)
    assert aspect_angle(0, 45) == 45                                 # a ram by θ, but...
    assert keel_band(local.x, 4.0, EPS) is KeelBand.STERN           # ...rudder first (GR §6.1)


def test_a_ship_slides_along_one_it_touches() -> None:
    beside = place(SHIP, at(11, 10, 0))
    mover = place(SHIP, at(10, 10, 0))
    assert contact_distance(mover, ahead(0), beside, EPS) == math.inf
    assert contact_distance(mover, -ahead(0), beside, EPS) == math.inf
    # but a drift sideways into it is a contact at once
    assert contact_distance(mover, Vec(1.0, 0.0), beside, EPS) == 0.0
    assert contact_distance(mover, Vec(-1.0, 0.0), beside, EPS) == math.inf


def test_a_corner_sliding_along_an_edge_is_no_contact() -> None:
    # A's bow-starboard corner runs up B's port side (x = 10.5): the old corner-ray sweep made this
    # a contact; the sliding sweep does not (G10).
    mover, ahead_beside = place(SHIP, at(10, 10, 0)), place(SHIP, at(11, 15, 0))
    assert contact_distance(mover, ahead(0), ahead_beside, EPS) == math.inf


def test_a_corner_grazing_past_is_no_contact() -> None:
    # B at 45° with its stern-port corner exactly on the line x = 10.5 of A's starboard side.
    target = place(SHIP, at(10.5 + 2.5 * K, 20, 45))
    assert min(corner.x for corner in target.corners) == pytest.approx(10.5, abs=1e-12)
    assert contact_distance(place(SHIP, at(10, 10, 0)), ahead(0), target, EPS) == math.inf


def test_touching_bow_to_stern_contacts_at_once_forward_and_never_astern() -> None:
    mover, ahead_of_it = place(SHIP, at(10, 10, 0)), place(SHIP, at(10, 14, 0))
    assert contact_distance(mover, ahead(0), ahead_of_it, EPS) == 0.0
    assert contact_distance(mover, -ahead(0), ahead_of_it, EPS) == math.inf


def test_an_overlap_within_epsilon_is_no_contact() -> None:
    # Ships 0.9995" apart centre to centre overlap 0.0005" across: less than ε, they pass.
    mover, target = place(SHIP, at(10, 10, 0)), place(SHIP, at(10.9995, 20, 180))
    assert contact_distance(mover, ahead(0), target, EPS) == math.inf
    target = place(SHIP, at(10.998, 20, 180))
    assert contact_distance(mover, ahead(0), target, EPS) == 6.0


def test_a_ship_moving_away_never_meets_one_behind() -> None:
    assert contact_distance(place(SHIP, at(10, 10, 0)), ahead(0), place(SHIP, at(10, 2, 0)), EPS) == math.inf


def test_edge_distance_forward_back_and_oblique() -> None:
    ship = place(SHIP, at(36, 44, 0))
    assert edge_distance(ship, ahead(0), TABLE) == 2.0          # bow at 46, edge at 48
    assert edge_distance(ship, -ahead(0), TABLE) == 42.0        # stern at 42, edge at 0
    assert edge_distance(place(SHIP, at(36, 44, 90)), ahead(90), TABLE) == 34.0
    # heading 45 from (70, 24): the bow-starboard corner is at x = 70 + 2.5·√½
    oblique = edge_distance(place(SHIP, at(70, 24, 45)), ahead(45), TABLE)
    assert oblique == pytest.approx(2 * math.sqrt(2) - 2.5, abs=1e-12)
    assert edge_distance(ship, Vec(0.0, 0.0), TABLE) == math.inf


def test_reaching_the_edge_at_the_end_of_a_step_does_not_pass_it() -> None:
    assert not passes_edge(2.0, 2.0, EPS)
    assert not passes_edge(2.0, 2.0005, EPS)
    assert passes_edge(2.0, 2.002, EPS) and passes_edge(2.0, 2.5, EPS)


def test_on_table_allows_epsilon() -> None:
    assert on_table(place(SHIP, at(36, 0.5, 90)), TABLE, EPS)
    assert on_table(place(SHIP, at(36, 0.4995, 90)), TABLE, EPS)
    assert not on_table(place(SHIP, at(36, 0.498, 90)), TABLE, EPS)
    assert not on_table(place(SHIP, at(71, 24, 90)), TABLE, EPS)


def test_nearest_edge_with_ties_south_west_north_east() -> None:
    south = nearest_edge(Vec(10, 10), TABLE)
    assert (south.side, south.distance, south.heading, south.point) == (Side.SOUTH, 10, 180, Vec(10, 0))
    west = nearest_edge(Vec(1, 20), TABLE)
    assert (west.side, west.heading, west.point) == (Side.WEST, 270, Vec(0, 20))
    north = nearest_edge(Vec(30, 47), TABLE)
    assert (north.side, north.heading, north.point) == (Side.NORTH, 0, Vec(30, 48))
    east = nearest_edge(Vec(70, 30), TABLE)
    assert (east.side, east.distance, east.heading, east.point) == (Side.EAST, 2, 90, Vec(72, 30))
    assert nearest_edge(Vec(24, 24), TABLE).side is Side.SOUTH   # south, west and north all 24


def test_impact_point_refuses_ships_not_in_contact() -> None:
    with pytest.raises(ValueError, match="not in contact"):
        impact_point(place(SHIP, at(10, 10, 0)), place(SHIP, at(20, 10, 0)), EPS)


def grazed(depth_of_cut: float) -> tuple[float, Vec, Polygon]:
    """A drifts along ahead(330) across a corner of B so that, at the deepest, the two overlap
    `depth_of_cut` on both axes (B ⊕ −A is a 2 × 8 box whose south-west corner the
    motion cuts across, 5 units along it)."""
    motion = ahead(330)
    corner = motion * 5.0 - Vec(depth_of_cut, depth_of_cut)      # M's south-west corner
    target = place(SHIP, at(10 + corner.x + 1, 10 + corner.y + 4, 0))
    return contact_distance(place(SHIP, at(10, 10, 0)), motion, target, EPS), motion, target


def test_a_corner_cut_no_deeper_than_epsilon_is_a_graze_deeper_is_a_contact() -> None:
    # G10's windows (e + ε/|r|, x − ε/|r|): a drift that would cut 0.0009 into B passes it
    # (without the ε/|r| at both ends of the windows it would be a contact).
    assert grazed(0.0009)[0] == math.inf
    t, motion, _ = grazed(0.0011)
    assert t == pytest.approx(5.0 - 0.0011 / motion.y, abs=1e-9)   # entry through M's south side
