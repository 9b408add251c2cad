"""G8 zones A–D, G13 the reach distance, G15 reach events along a step and G18 the aim step, by
hand-worked numbers with SB's parameters (SPEED_BAND: ε = 0.001"; SB rulings §2: trireme 4 × 1,
quinquereme 5 × 1.25; §10.1: a grapple reaches 1")."""

from __future__ import annotations

import math

import pytest

from pbem.rules.table import (
    SPEED_BAND,
    Contact,
    EdgeReached,
    Pose,
    Reach,
    Vec,
    Zone,
    ahead,
    aim_step,
    aim_turn,
    place,
    point_zone,
    reach_distance,
    reach_step_events,
    rectangle,
    round_half_away,
    straight_step,
    zone,
)

EPS = SPEED_BAND.epsilon
TABLE = SPEED_BAND.table
GRAPPLE = 1.0
TRIREME = rectangle(4.0, 1.0)
QUINQUEREME = rectangle(5.0, 1.25)
EAST, NORTH, WEST = Vec(1.0, 0.0), Vec(0.0, 1.0), Vec(-1.0, 0.0)


def at(x: float, y: float, heading: float) -> Pose:
    return Pose(Vec(x, y), heading)


def trireme(x: float, y: float, heading: float) -> object:
    return place(TRIREME, at(x, y, heading))


# --- G8: zones A–D ------------------------------------------------------------------------------

@pytest.mark.parametrize(("u", "v", "expected"), [
    (2.5, 0.0, Zone.A),            # dead ahead: f = 0.5 ≥ o = −0.5
    (2.0, 0.5, Zone.A),            # the bow corner: f = o = 0
    (2.0, -0.5, Zone.A),           # the other bow corner
    (2.0, 0.0, Zone.A),            # the middle of the bow edge
    (2.5, 1.0, Zone.A),            # on the 45° line out of the bow corner: f = o = 0.5
    (2.4995, 1.0, Zone.A),         # f = 0.4995 ≥ o − ε = 0.499: the benefit of ε
    (2.498, 1.0, Zone.B),          # f = 0.498 < 0.499: the forward side
    (2.008, 0.509, Zone.A),        # f = 0.008 = o − ε exactly in binary: the boundary goes to A
    (-2.008, 0.509, Zone.D),       # and the same astern to D
    (2.2, 1.0, Zone.B),
    (0.0, 0.5, Zone.B),            # on the beam line: u = 0 ≥ −ε
    (-0.0005, -0.5, Zone.B),       # u ≥ −ε still forward
    (-0.002, 0.5, Zone.C),         # abaft the beam line by more than ε
    (-1.0, -1.0, Zone.C),          # f = −3, a = −1, o = 0.5: the after side
    (-2.5, 0.0, Zone.D),           # dead astern
    (-2.0, 0.5, Zone.D),           # the stern corner: a = o = 0
    (-2.0, 0.0, Zone.D),           # the stern edge
    (-2.5, 1.0, Zone.D),           # on the 45° line out of the stern corner
    (-2.498, 1.0, Zone.C),
])
def test_the_zones_of_a_trireme(u: float, v: float, expected: Zone) -> None:
    assert zone(u, v, 4.0, 1.0, EPS) is expected


def test_a_point_inside_the_hull_takes_the_zone_of_its_region() -> None:
    # Inside, o < 0: near the bow edge (f = −0.1, o = −0.2) A; near the side (f = −1.9, o = −0.1) B.
    assert zone(1.9, 0.3, 4.0, 1.0, EPS) is Zone.A
    assert zone(0.1, 0.4, 4.0, 1.0, EPS) is Zone.B
    assert zone(-0.1, 0.4, 4.0, 1.0, EPS) is Zone.C
    assert zone(-1.9, 0.3, 4.0, 1.0, EPS) is Zone.D


def test_the_zone_scales_with_length_and_beam() -> None:
    # A quinquereme 5 × 1.25: (3.0, 1.0) has f = 0.5, o = 0.375 → A; a trireme there has o = 0.5 → A
    # too; at (2.7, 1.0) the quinquereme gives f = 0.2 < o − ε → B, the trireme f = 0.7 → A.
    assert zone(3.0, 1.0, 5.0, 1.25, EPS) is Zone.A
    assert zone(2.7, 1.0, 5.0, 1.25, EPS) is Zone.B
    assert zone(2.7, 1.0, 4.0, 1.0, EPS) is Zone.A


def test_point_zone_reads_the_local_frame_of_the_ship() -> None:
    # A trireme at (20, 20) heading 90 (bow east): u = Δx, v = −Δy.
    ship = at(20, 20, 90)
    assert point_zone(Vec(23, 20), ship, 4.0, 1.0, EPS) is Zone.A
    assert point_zone(Vec(20, 19), ship, 4.0, 1.0, EPS) is Zone.B     # u = 0, on the beam line
    assert point_zone(Vec(19, 21), ship, 4.0, 1.0, EPS) is Zone.C
    assert point_zone(Vec(17.5, 20.2), ship, 4.0, 1.0, EPS) is Zone.D
    # The same world point about a ship on the reverse heading swaps bow and stern.
    assert point_zone(Vec(23, 20), at(20, 20, 270), 4.0, 1.0, EPS) is Zone.D


# --- G13: the reach distance --------------------------------------------------------------------

def test_a_corner_reaches_an_edge_moved_out_by_r() -> None:
    # Part 1: A spans x 9.5–10.5, B x 19.5–20.5; moving east A's bow-side corners meet B's west
    # edge moved out to x = 18.5 at t = 8.
    assert reach_distance(trireme(10, 10, 0), EAST, trireme(20, 10, 0), GRAPPLE, EPS) == 8.0


def test_a_corner_of_the_other_ship_reaches_an_edge_of_the_mover() -> None:
    # Part 2: A heading 90 spans x 8–12, y 9.5–10.5, moving north. B heading 45 at (10, 20) points a
    # corner down: u = −2, v = 0.5 gives (10 − 1.5√½, 20 − 2.5√½) = (8.939, 18.232), inside A's
    # x-span; it reaches A's north edge moved out to y = 11.5 at t = 18.232 − 11.5.
    found = reach_distance(trireme(10, 10, 90), NORTH, trireme(10, 20, 45), GRAPPLE, EPS)
    assert math.isclose(found, 20 - 2.5 * math.sqrt(0.5) - 11.5, abs_tol=1e-12)


def test_a_corner_reaches_the_circle_about_a_corner() -> None:
    # Part 3: A x 9.5–10.5 moving north; B at (11.6, 20) spans x 11.1–12.1, y 18–22. The corner
    # (10.5, 12) meets the circle of 1" about (11.1, 18): w = (−0.6, −6), β = −6,
    # γ = 36.36 − 1 = 35.36, t = 6 − √0.64 = 5.2.
    found = reach_distance(trireme(10, 10, 0), NORTH, trireme(11.6, 20, 0), GRAPPLE, EPS)
    assert math.isclose(found, 5.2, abs_tol=1e-12)


def test_a_tangent_circle_counts_and_a_wider_gap_never_reaches() -> None:
    # Side gap exactly 1": the corner grazes the circle at t = 6 (β² − γ = 0). At 1.5" never.
    assert reach_distance(trireme(10, 10, 0), NORTH, trireme(12, 20, 0), GRAPPLE, EPS) == 6.0
    assert reach_distance(trireme(10, 10, 0), NORTH, trireme(12.5, 20, 0), GRAPPLE, EPS) == math.inf


def test_within_r_plus_epsilon_at_the_start_is_zero() -> None:
    # Alongside, 1.0005" apart: within 1" + ε already, whichever way the mover goes.
    mover, other = trireme(10, 10, 0), trireme(12.0005, 10, 0)
    assert reach_distance(mover, WEST, other, GRAPPLE, EPS) == 0.0
    # 1.0015" apart: beyond 1" + ε; moving away or alongside it never comes within reach.
    farther = trireme(12.0015, 10, 0)
    assert reach_distance(mover, WEST, farther, GRAPPLE, EPS) == math.inf
    assert reach_distance(mover, NORTH, farther, GRAPPLE, EPS) == math.inf
    assert math.isclose(reach_distance(mover, EAST, farther, GRAPPLE, EPS), 0.0015, abs_tol=1e-12)


def test_the_reach_must_be_positive() -> None:
    with pytest.raises(ValueError, match="greater than 0"):
        reach_distance(trireme(10, 10, 0), EAST, trireme(20, 10, 0), 0.0, EPS)


# --- G15: reach events along a step -------------------------------------------------------------

# A trireme at (10, 10) heading 90 spans x 8–12, y 9.5–10.5 and steps east. Triremes heading 90
# at (20, 11.5) and (20, 8.5) lie 0.5" off each side: each comes within 1" when the corner
# (12, 10.5) meets the circle about (18, 11): t = 6 − √0.75 (part 3).
START = at(10, 10, 90)
SIDE_T = 6 - math.sqrt(0.75)
ABOVE, BELOW = trireme(20, 11.5, 90), trireme(20, 8.5, 90)


def test_reach_events_come_in_t_and_do_not_stop_the_step() -> None:
    far = trireme(30, 11.5, 90)                    # the same, 10" further: t = 16 − √0.75
    obstacles = [far, ABOVE]
    stepped = reach_step_events(TRIREME, START, EAST, 17.0, obstacles, TABLE, EPS, [0, 1], GRAPPLE)
    assert [(event.other, round(event.t, 9)) for event in stepped.reaches] == \
        [(1, round(SIDE_T, 9)), (0, round(10 + SIDE_T, 9))]
    assert stepped.outcome == straight_step(TRIREME, START, EAST, 17.0, obstacles, TABLE, EPS)
    assert stepped.travel == 17.0 and not stepped.outcome.cut_short
    first = stepped.reaches[0]
    assert first.pose.heading == 90 and math.isclose(first.pose.centre.x, 10 + SIDE_T, abs_tol=1e-12)


def test_equal_reach_times_go_in_scenario_order_of_the_other_ship_and_each_pair_once() -> None:
    obstacles = [ABOVE, BELOW]
    stepped = reach_step_events(TRIREME, START, EAST, 8.0, obstacles, TABLE, EPS, [1, 0, 1], GRAPPLE)
    assert [event.other for event in stepped.events] == [0, 1]
    assert math.isclose(stepped.events[0].t, stepped.events[1].t, abs_tol=1e-12)


def test_only_pending_pairs_have_reach_events() -> None:
    stepped = reach_step_events(TRIREME, START, EAST, 8.0, [ABOVE, BELOW], TABLE, EPS, [1], GRAPPLE)
    assert [event.other for event in stepped.events] == [1]
    assert reach_step_events(TRIREME, START, EAST, 8.0, [ABOVE, BELOW], TABLE, EPS, [], GRAPPLE).events == ()


def test_a_reach_at_the_moment_of_a_contact_comes_first_a_later_one_never() -> None:
    # A trireme heading 0 dead ahead with its west edge at x = 12 + SIDE_T: contact at SIDE_T, the
    # same t as the reach of ABOVE; the reach goes first. BELOW, pending but 1" further on, is not
    # reached: the contact stops the step first.
    ahead_ship = trireme(12.5 + SIDE_T, 10, 0)
    later = trireme(21, 8.5, 90)
    obstacles = [ahead_ship, later, ABOVE]
    stepped = reach_step_events(TRIREME, START, EAST, 10.0, obstacles, TABLE, EPS, [2, 1], GRAPPLE)
    assert [type(event) for event in stepped.events] == [Reach, Contact]
    assert [event.other for event in stepped.events] == [2, 0]
    assert math.isclose(stepped.travel, SIDE_T, abs_tol=1e-12)


def test_a_reach_before_the_edge_comes_before_it_one_beyond_the_stand_never() -> None:
    # From (58, 10) heading 90 the bow corners reach x = 72 at t = 12 (the edge, G11). Pending
    # ships 0.5" off the side with their near corners at x = 66 and 71.5 are reached at
    # t = 6 − √0.75 and 11.5 − √0.75 (part 3); one at 77.5 only past the edge, so never.
    start = at(58, 10, 90)
    near, close, past = (place(TRIREME, at(x, 11.5, 90)) for x in (68.0, 73.5, 79.5))
    stepped = reach_step_events(TRIREME, start, EAST, 20.0, [past, close, near], TABLE, EPS, [0, 1, 2],
                                GRAPPLE)
    assert [type(event) for event in stepped.events] == [Reach, Reach, EdgeReached]
    assert [event.t for event in stepped.events] == \
        pytest.approx([6 - math.sqrt(0.75), 11.5 - math.sqrt(0.75), 12.0], abs=1e-12)
    assert [getattr(event, "other", None) for event in stepped.events[:2]] == [2, 1]
    assert stepped.outcome.edge and stepped.travel == 12.0


def test_a_failed_try_goes_on_a_grapple_that_holds_stops_the_mover() -> None:
    obstacles = [ABOVE, BELOW]
    stepped = reach_step_events(TRIREME, START, EAST, 8.0, obstacles, TABLE, EPS, [0, 1], GRAPPLE)
    assert stepped.until(lambda reach: False) is stepped                  # both tries fail
    held = stepped.until(lambda reach: reach.other == 1)                 # the second holds
    assert [event.other for event in held.events] == [0, 1] and held.stopped_by == stepped.events[1]
    assert math.isclose(held.travel, SIDE_T, abs_tol=1e-12) and not held.outcome.cut_short
    with pytest.raises(ValueError, match="not one of this step's events"):
        held.stop_at(Reach(5, 1.0, START))


def test_a_pair_within_reach_at_the_start_has_its_event_at_t_zero_and_backing_works() -> None:
    # Backing (m = −d(h)) west with a pending ship 0.5" off the side: t_r = 0.
    stepped = reach_step_events(TRIREME, START, -ahead(90), 3.0, [trireme(10, 11.5, 90)], TABLE, EPS,
                                [0], GRAPPLE)
    assert [(event.other, event.t) for event in stepped.events] == [(0, 0.0)]
    assert stepped.travel == 3.0 and stepped.end.centre == Vec(7.0, 10.0)


# --- G18: the aim step --------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "expected"), [
    (2.5, 3.0), (-2.5, -3.0), (0.5, 1.0), (-0.5, -1.0), (1.5, 2.0), (2.4999, 2.0), (-2.4999, -2.0),
    (0.49999999999999994, 0.0), (-179.5, -180.0), (7.0, 7.0), (0.0, 0.0),
])
def test_rounding_takes_halves_away_from_zero(value: float, expected: float) -> None:
    assert round_half_away(value) == expected


def test_rounding_a_small_negative_gives_plus_zero() -> None:
    assert math.copysign(1.0, round_half_away(-0.4)) == 1.0


@pytest.mark.parametrize(("target", "turn"), [
    (Vec(11, 20), 6.0),            # bearing atan(1/10) = 5.71°, rounded to 6
    (Vec(9, 20), -6.0),            # 354.29°: ρ = −5.71, to port
    (Vec(20, 10), 30.0),           # abeam to starboard: capped at T
    (Vec(0, 10), -30.0),           # abeam to port
    (Vec(10, 0), -30.0),           # dead astern: ρ = −180, a port turn
    (Vec(10, 30), 0.0),            # dead ahead
])
def test_the_aim_turn_rounds_and_caps_the_signed_turn(target: Vec, turn: float) -> None:
    assert aim_turn(at(10, 10, 0), target, 30.0) == turn


def test_the_aim_turn_of_a_ship_on_another_heading_and_a_turn_angle_of_180() -> None:
    # Heading 300 towards a target bearing 45: ρ = 105 → 45 capped by a trireme's 45°.
    assert aim_turn(at(10, 10, 300), Vec(20, 20), 45.0) == 45.0
    assert aim_turn(at(10, 10, 0), Vec(10, 0), 180.0) == -180.0
    with pytest.raises(ValueError, match="negative"):
        aim_turn(at(10, 10, 0), Vec(10, 0), -1.0)


def test_the_aim_step_is_a_single_step_pivot() -> None:
    made = aim_step(TRIREME, at(30, 20, 0), Vec(31, 30), 45.0, [], TABLE, EPS)
    assert made.turn == 6.0 and made.after == at(30, 20, 6.0) and made.legal


def test_an_aim_step_into_a_ship_or_off_the_table_is_not_legal() -> None:
    # A neighbour 0.2" off the starboard side: turning 30° swings the bow corner to x = 11.433.
    blocked = aim_step(TRIREME, at(10, 10, 0), Vec(20, 10), 30.0, [trireme(11.2, 10, 0)], TABLE, EPS)
    assert blocked.turn == 30.0 and not blocked.legal and blocked.check.overlapping == (0,)
    ignored = aim_step(TRIREME, at(10, 10, 0), Vec(20, 10), 30.0, [trireme(11.2, 10, 0)], TABLE, EPS,
                       frozenset({0}))
    assert ignored.legal
    # At x = 1 a 30° port turn puts the bow-port corner at x = 1 − 1 − 0.433 < 0.
    edge = aim_step(TRIREME, at(1, 24, 0), Vec(0, 24), 30.0, [], TABLE, EPS)
    assert edge.turn == -30.0 and not edge.check.on_table and not edge.legal
