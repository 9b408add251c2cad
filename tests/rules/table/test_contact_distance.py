"""G4 overlap and touch, G5 distances and G6 limits, by hand-worked numbers."""

from __future__ import annotations

import math

import pytest

from pbem.rules.table import (
    Pose,
    Relation,
    Vec,
    at_least,
    beyond,
    closer_than,
    depth,
    footprint_distance,
    lengths_equal,
    overlaps,
    place,
    point_distance,
    point_segment_distance,
    rectangle,
    relation,
    shorter,
    tenths_beyond_eighths_by_one,
    tenths_within_eighths,
    touches,
    within,
)

EPS = 0.001
SHIP = rectangle(4.0, 1.0)


A = place(SHIP, Pose(Vec(10.0, 10.0), 0))   # x 9.5..10.5, y 8..12


def test_side_by_side_ships_meeting_along_an_edge_touch() -> None:
    beside = place(SHIP, Pose(Vec(11.0, 10.0), 0))
    assert depth(A, beside) == 0.0
    assert relation(A, beside, EPS) is Relation.TOUCH and touches(A, beside, EPS)
    assert not overlaps(A, beside, EPS)
    assert footprint_distance(A, beside, EPS) == 0.0   # touching footprints are at distance 0


def test_ships_meeting_at_a_corner_touch() -> None:
    corner_to_corner = place(SHIP, Pose(Vec(11.0, 14.0), 0))
    assert relation(A, corner_to_corner, EPS) is Relation.TOUCH


def test_the_tolerance_decides_between_touch_overlap_and_apart() -> None:
    # Half an ε either way still touches; two ε is an overlap or a gap.
    assert relation(A, place(SHIP, Pose(Vec(10.9995, 10.0), 0)), EPS) is Relation.TOUCH
    assert relation(A, place(SHIP, Pose(Vec(11.0005, 10.0), 0)), EPS) is Relation.TOUCH
    assert relation(A, place(SHIP, Pose(Vec(10.998, 10.0), 0)), EPS) is Relation.OVERLAP
    assert relation(A, place(SHIP, Pose(Vec(11.002, 10.0), 0)), EPS) is Relation.APART
    assert depth(A, place(SHIP, Pose(Vec(10.998, 10.0), 0))) == pytest.approx(0.002)


def test_crossing_ships_overlap() -> None:
    across = place(SHIP, Pose(Vec(10.0, 10.0), 90))
    assert depth(A, across) == 1.0 and overlaps(A, across, EPS)


def test_distance_between_parallel_ships_is_the_gap() -> None:
    assert footprint_distance(A, place(SHIP, Pose(Vec(13.0, 10.0), 0)), EPS) == 2.0


def test_distance_between_offset_ships_is_corner_to_corner() -> None:
    # A's bow-starboard corner (10.5, 12) to the other's stern-port corner (11.5, 13).
    other = place(SHIP, Pose(Vec(12.0, 15.0), 0))
    assert footprint_distance(A, other, EPS) == pytest.approx(math.sqrt(2.0), abs=1e-12)
    assert footprint_distance(other, A, EPS) == footprint_distance(A, other, EPS)


def test_distance_to_a_ship_lying_across_is_to_its_stern() -> None:
    # Heading east at (15, 10): its stern edge is x = 13, A's starboard side x = 10.5.
    assert footprint_distance(A, place(SHIP, Pose(Vec(15.0, 10.0), 90)), EPS) == 2.5


def test_point_to_segment() -> None:
    start, end = Vec(0.0, 0.0), Vec(4.0, 0.0)
    assert point_segment_distance(Vec(2.0, 3.0), start, end) == 3.0     # τ inside
    assert point_segment_distance(Vec(7.0, 4.0), start, end) == 5.0     # τ clamped to 1
    assert point_segment_distance(Vec(-3.0, 4.0), start, end) == 5.0    # τ clamped to 0
    assert point_segment_distance(Vec(1.0, 1.0), start, start) == math.sqrt(2.0)


def test_point_to_footprint() -> None:
    assert point_distance(Vec(10.0, 10.0), A, EPS) == 0.0            # inside
    assert point_distance(Vec(10.5005, 10.0), A, EPS) == 0.0         # within ε of the side
    assert point_distance(Vec(12.0, 10.0), A, EPS) == 1.5
    assert point_distance(Vec(11.0, 13.0), A, EPS) == pytest.approx(math.hypot(0.5, 1.0))


def test_limits_give_the_player_epsilon() -> None:
    # GR §3: a range ≤ R + ε is within R; "more than" is the exact complement.
    assert within(12.0005, 12.0, EPS) and not beyond(12.0005, 12.0, EPS)
    assert within(12.001, 12.0, EPS)
    assert not within(12.002, 12.0, EPS) and beyond(12.002, 12.0, EPS)
    assert within(0.1, 0.1, EPS) and within(0.1009, 0.1, EPS)       # contact at c = 0.1
    assert closer_than(11.998, 12.0, EPS) and not closer_than(11.9995, 12.0, EPS)
    assert at_least(11.9995, 12.0, EPS) and not at_least(11.998, 12.0, EPS)
    assert lengths_equal(3.0, 3.001, EPS) and not lengths_equal(3.0, 3.002, EPS)
    assert shorter(3.0, 3.002, EPS) and not shorter(3.0, 3.0005, EPS)


def test_ram_cruise_tenths_against_eighths_in_whole_numbers() -> None:
    # 2.5" = 25 tenths against 2 4/8" = 20 eighths: equal, so within; 2.6" is not.
    assert tenths_within_eighths(25, 20) and not tenths_within_eighths(26, 20)
    # D ≥ M + 1: 3.5" against 2 4/8" is exactly one more; 3.4" is not.
    assert tenths_beyond_eighths_by_one(35, 20) and not tenths_beyond_eighths_by_one(34, 20)
