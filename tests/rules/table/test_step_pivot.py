"""G15 events along a straight step, G16 the pass after a clash, G17 pivots and G21 tie-breaks and
report rounding, by hand-worked numbers (GR §5.4, §5.5, §6.3)."""

from __future__ import annotations

import math

from pbem.rules.table import (
    Pose,
    Table,
    Vec,
    ahead,
    check_pivot,
    nearest_to_bow,
    pass_after_contact,
    pivot,
    place,
    rectangle,
    report_length,
    report_point,
    rotate_about,
    straight_step,
)

EPS = 0.001
SHIP = rectangle(4.0, 1.0)
TABLE = Table(72.0, 48.0)


def at(x: float, y: float, heading: float) -> Pose:
    return Pose(Vec(x, y), heading)


def test_a_clear_step_is_made_in_full() -> None:
    outcome = straight_step(SHIP, at(10, 10, 90), ahead(90), 6.0, [place(SHIP, at(20, 30, 0))], TABLE, EPS)
    assert (outcome.travel, outcome.end, outcome.contacts, outcome.edge) == (6.0, at(16, 10, 90), (), False)
    assert not outcome.cut_short


def test_the_worked_example_of_the_case_format() -> None:
    # cases-open-table.md: G1 at (10, 10) heading 90, F6 S45 F3 ends at (18.12, 7.88), heading 135.
    pose = straight_step(SHIP, at(10, 10, 90), ahead(90), 6.0, [], TABLE, EPS).end
    pose = pivot(pose, 45)
    pose = straight_step(SHIP, pose, ahead(pose.heading), 3.0, [], TABLE, EPS).end
    assert pose.heading == 135 and report_point(pose.centre) == (18.12, 7.88)
    assert pose.centre.x == 16 + 3 * math.sin(math.radians(135))   # full precision in play


def test_a_contact_cuts_the_step_short() -> None:
    outcome = straight_step(SHIP, at(10, 10, 90), ahead(90), 10.0, [place(SHIP, at(20, 10, 0))], TABLE, EPS)
    assert (outcome.travel, outcome.end, outcome.contacts) == (7.5, at(17.5, 10, 90), (0,))
    assert not outcome.edge
    assert outcome.cut_short


def test_a_ship_touched_exactly_at_the_end_of_the_step_counts_as_touched() -> None:
    target = [place(SHIP, at(20, 10, 0))]
    assert straight_step(SHIP, at(10, 10, 90), ahead(90), 7.5, target, TABLE, EPS).contacts == (0,)
    within = straight_step(SHIP, at(10, 10, 90), ahead(90), 7.4995, target, TABLE, EPS)
    assert within.contacts == (0,) and within.travel == 7.4995          # t* ≤ d + ε
    assert straight_step(SHIP, at(10, 10, 90), ahead(90), 7.49, target, TABLE, EPS).contacts == ()


def test_reaching_the_edge_exactly_is_not_a_block_passing_it_is() -> None:
    exact = straight_step(SHIP, at(36, 44, 0), ahead(0), 2.0, [], TABLE, EPS)
    assert (exact.travel, exact.edge) == (2.0, False)
    over = straight_step(SHIP, at(36, 44, 0), ahead(0), 2.5, [], TABLE, EPS)
    assert (over.travel, over.end, over.edge, over.contacts) == (2.0, at(36, 46, 0), True, ())


def test_the_edge_before_a_ship_and_a_ship_before_the_edge() -> None:
    beyond_the_edge = [place(SHIP, at(36, 51, 0))]   # its stern at y = 49
    outcome = straight_step(SHIP, at(36, 40, 0), ahead(0), 8.0, beyond_the_edge, TABLE, EPS)
    assert (outcome.travel, outcome.contacts, outcome.edge) == (6.0, (), True)
    near = [place(SHIP, at(36, 47, 90))]          # its south side y = 46.5
    outcome = straight_step(SHIP, at(36, 40, 0), ahead(0), 8.0, near, TABLE, EPS)
    assert (outcome.travel, outcome.contacts, outcome.edge) == (4.5, (0,), False)


def test_a_contact_and_the_edge_at_one_moment_come_together_contacts_first() -> None:
    on_the_edge = [place(SHIP, at(36, 48.5, 90))]   # its south side is the north edge y = 48
    outcome = straight_step(SHIP, at(36, 40, 0), ahead(0), 8.0, on_the_edge, TABLE, EPS)
    assert (outcome.travel, outcome.contacts, outcome.edge) == (6.0, (0,), True)


def test_two_ships_touched_at_one_moment_in_scenario_order() -> None:
    # Two ships lying east-west end to end across A's path: A's bow edge meets both at t = 3.5.
    west, east = place(SHIP, at(8, 16, 90)), place(SHIP, at(12, 16, 90))
    outcome = straight_step(SHIP, at(10, 10, 0), ahead(0), 6.0, [east, west], TABLE, EPS)
    assert (outcome.travel, outcome.contacts) == (3.5, (0, 1))
    # Impact points (10.25, 15.5) and (9.75, 15.5) are both 0.25 from the bow point (10, 15.5):
    # scenario order decides (G21).
    assert nearest_to_bow(SHIP, outcome.end, [east, west], outcome.contacts, EPS) == 0
    assert nearest_to_bow(SHIP, outcome.end, [west, east], outcome.contacts, EPS) == 0


def test_the_impact_point_nearest_the_bow_point_is_struck() -> None:
    # West ship moved 0.3" west: its impact point is (9.6, 15.5), 0.4 from the bow point.
    west, east = place(SHIP, at(7.7, 16, 90)), place(SHIP, at(12, 16, 90))
    outcome = straight_step(SHIP, at(10, 10, 0), ahead(0), 6.0, [west, east], TABLE, EPS)
    assert outcome.contacts == (0, 1)
    assert nearest_to_bow(SHIP, outcome.end, [west, east], outcome.contacts, EPS) == 1


def test_ignored_obstacles_are_left_out_of_the_sweep() -> None:
    obstacles = [place(SHIP, at(20, 10, 0))]
    outcome = straight_step(SHIP, at(10, 10, 90), ahead(90), 10.0, obstacles, TABLE, EPS, frozenset({0}))
    assert (outcome.travel, outcome.contacts) == (10.0, ())


# G16 / GR §6.3: A heads north from (10, 10); B heads south at (10.9, 20), overlapping A's path
# by 0.1": the oar clash comes at t* = 6 with A at (10, 16).
STRUCK = place(SHIP, at(10.9, 20, 180))


def test_the_clash_happens_at_six() -> None:
    outcome = straight_step(SHIP, at(10, 10, 0), ahead(0), 10.0, [STRUCK], TABLE, EPS)
    assert (outcome.travel, outcome.end, outcome.contacts) == (6.0, at(10, 16, 0), (0,))


def test_a_mover_that_would_end_inside_the_struck_ship_cannot_pass() -> None:
    # F10: the remaining 4" would leave A at (10, 20), across B.
    assert pass_after_contact(SHIP, at(10, 16, 0), ahead(0), 10.0 - 6.0, [STRUCK], 0, TABLE, EPS) is None


def test_a_mover_that_clears_the_struck_ship_passes() -> None:
    # F20: the remaining 14" ends at (10, 30), clear of B (y 18..22).
    outcome = pass_after_contact(SHIP, at(10, 16, 0), ahead(0), 14.0, [STRUCK], 0, TABLE, EPS)
    assert outcome is not None
    assert (outcome.travel, outcome.end, outcome.contacts, outcome.edge) == (14.0, at(10, 30, 0), (), False)


def test_touching_the_struck_ship_at_the_end_of_the_pass_is_nothing() -> None:
    # F14: the remaining 8" ends at (10, 24), A's stern on B's stern edge y = 22.
    outcome = pass_after_contact(SHIP, at(10, 16, 0), ahead(0), 8.0, [STRUCK], 0, TABLE, EPS)
    assert outcome is not None and (outcome.travel, outcome.contacts) == (8.0, ())


def test_the_pass_meets_another_ship_beyond() -> None:
    # A third ship at (10, 33) heading north: A's bow (18 at the clash) meets its stern (31) after 13".
    beyond = place(SHIP, at(10, 33, 0))
    outcome = pass_after_contact(SHIP, at(10, 16, 0), ahead(0), 14.0, [STRUCK, beyond], 0, TABLE, EPS)
    assert outcome is not None
    assert (outcome.travel, outcome.end, outcome.contacts) == (13.0, at(10, 29, 0), (1,))


def test_a_pivot_turns_about_the_centre() -> None:
    # GR §3, §5.2: the centre does not move; S45 adds 45, P30 subtracts 30, mod 360.
    assert pivot(at(36, 24, 0), 45) == at(36, 24, 45)
    assert pivot(at(36, 24, 10), -30) == at(36, 24, 340)


def test_rotation_about_another_point() -> None:
    # G17: C' = Q + R_α(C − Q). A ship at (10, 12) turned 90° to starboard about (10, 10).
    assert rotate_about(at(10, 12, 0), Vec(10, 10), 90) == at(12, 10, 90)
    assert rotate_about(at(10, 12, 0), Vec(10, 12), 90) == pivot(at(10, 12, 0), 90)


def test_a_pivot_into_a_touching_ship_is_refused_either_way() -> None:
    # GR §5.5: side by side and touching, a pivot either way swings bow or stern into the other.
    beside = [place(SHIP, at(11, 10, 0))]
    for alpha in (10, -10):
        check = check_pivot(SHIP, pivot(at(10, 10, 0), alpha), beside, TABLE, EPS)
        assert check.on_table and check.overlapping == (0,) and not check.legal
    # After backing off 1" sideways clear of it, a pivot of 10 is legal (touching is allowed).
    assert check_pivot(SHIP, pivot(at(9, 10, 0), 10), beside, TABLE, EPS).legal


def test_a_pivot_off_the_table_is_refused() -> None:
    # Heading east at (36, 0.6): S45 swings the stern-starboard corner to y = 0.6 − 2.5·√½ < 0.
    check = check_pivot(SHIP, pivot(at(36, 0.6, 90), 45), [], TABLE, EPS)
    assert not check.on_table and check.overlapping == () and not check.legal
    assert check_pivot(SHIP, pivot(at(36, 24, 90), 45), [], TABLE, EPS).legal


def test_reports_round_to_a_hundredth_and_never_print_minus_zero() -> None:
    assert report_length(7.878679656440357) == 7.88
    assert report_length(-0.001) == 0.0 and str(report_length(-0.001)) == "0.0"
    assert report_point(Vec(18.121320343559642, 47.99999999)) == (18.12, 48.0)
