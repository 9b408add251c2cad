"""G1 parameters and G2 coordinates, headings, local coordinates and rotation, by hand-worked numbers."""

from __future__ import annotations

import math
from dataclasses import FrozenInstanceError, replace

import pytest

from pbem.rules.table import (
    GREEKS_ROMANS,
    RAM_CRUISE,
    SPEED_BAND,
    WOODEN_WALLS,
    FootprintShape,
    Table,
    TurnRule,
    Vec,
    ahead,
    normalize_heading,
    rotate,
    sin_cos,
    starboard,
    to_local,
    to_world,
    turned,
)


def test_greeks_romans_parameters_are_the_g1_column() -> None:
    gr = GREEKS_ROMANS
    assert (gr.unit, gr.table, gr.epsilon, gr.contact_tolerance, gr.heading_grain) == \
        ("inch", Table(72.0, 48.0), 0.001, 0.1, 1.0)
    assert gr.footprint is FootprintShape.RECTANGLE and gr.turns is TurnRule.PIVOT_ABOUT_CENTRE
    assert (gr.ship_length, gr.ship_beam) == (4.0, 1.0)


def test_the_other_columns_of_g1() -> None:
    for other in (RAM_CRUISE, SPEED_BAND):
        assert (other.table, other.epsilon, other.contact_tolerance, other.heading_grain) == \
            (Table(72.0, 48.0), 0.001, 0.1, 1.0)
        assert other.footprint is FootprintShape.RECTANGLE and other.ship_length is None
    ww = WOODEN_WALLS
    assert (ww.unit, ww.table, ww.heading_grain, ww.rotation_substep) == \
        ("ship length", Table(18.0, 12.0), 0.5, 0.5)
    assert ww.footprint is FootprintShape.STRETCHED_OCTAGON and ww.turns is TurnRule.ROTATE_ABOUT_NAMED_POINT


def test_wooden_walls_tolerances_are_greeks_romans_scaled_by_four_exactly() -> None:
    # G1: scaling by 4 is exact in binary floating point, so WW may compute in quarter-SL.
    assert WOODEN_WALLS.epsilon * 4 == GREEKS_ROMANS.epsilon
    assert WOODEN_WALLS.contact_tolerance * 4 == GREEKS_ROMANS.contact_tolerance


def test_parameters_are_frozen_and_a_house_rule_replaces_a_field() -> None:
    with pytest.raises(FrozenInstanceError):
        GREEKS_ROMANS.epsilon = 0.01  # type: ignore[misc]
    small = replace(GREEKS_ROMANS, table=Table(48.0, 36.0), contact_tolerance=0.2)
    assert small.table.width == 48.0 and small.contact_tolerance == 0.2 and small.epsilon == 0.001
    with pytest.raises(ValueError, match="positive width"):
        Table(0.0, 10.0)


def test_ahead_and_starboard_at_north_and_east() -> None:
    # GR §1: at h = 0 the ship faces north and starboard is east; at h = 90 it faces east and
    # starboard is south.
    assert ahead(0) == Vec(0.0, 1.0) and starboard(0) == Vec(1.0, 0.0)
    assert ahead(90) == Vec(1.0, 0.0) and starboard(90) == Vec(0.0, -1.0)
    assert ahead(180) == Vec(0.0, -1.0) and starboard(180) == Vec(-1.0, 0.0)
    assert ahead(270) == Vec(-1.0, 0.0) and starboard(270) == Vec(0.0, 1.0)


def test_quarter_turns_are_exact_and_others_follow_sin_cos() -> None:
    for angle, expected in ((0, (0.0, 1.0)), (90, (1.0, 0.0)), (180, (0.0, -1.0)), (270, (-1.0, 0.0)),
                            (360, (0.0, 1.0)), (-90, (-1.0, 0.0)), (450, (1.0, 0.0))):
        assert sin_cos(angle) == expected
    sin, cos = sin_cos(45)
    assert sin == pytest.approx(math.sqrt(0.5)) and cos == pytest.approx(math.sqrt(0.5))
    assert sin_cos(30.5) == (math.sin(math.radians(30.5)), math.cos(math.radians(30.5)))


def test_turning_to_starboard_adds_to_port_subtracts_mod_360() -> None:
    assert turned(350, 20) == 10 and turned(10, -20) == 350 and turned(0, -45) == 315
    assert turned(359.5, 0.5) == 0 and normalize_heading(-360) == 0 and normalize_heading(720.5) == 0.5


def test_local_coordinates_and_back() -> None:
    # GR §3: u towards B's bow, v to B's starboard. B at (20, 10) heading 90 (east).
    centre = Vec(20.0, 10.0)
    assert to_local(Vec(22.0, 10.0), centre, 90) == Vec(2.0, 0.0)     # bow middle
    assert to_local(Vec(20.0, 9.5), centre, 90) == Vec(0.0, 0.5)      # starboard is south
    assert to_local(Vec(18.0, 10.5), centre, 90) == Vec(-2.0, -0.5)   # stern-port corner
    assert to_world(-2.0, -0.5, centre, 90) == Vec(18.0, 10.5)
    point = Vec(23.25, 7.5)
    local = to_local(point, centre, 137)
    back = to_world(local.x, local.y, centre, 137)
    assert back.x == pytest.approx(point.x, abs=1e-12) and back.y == pytest.approx(point.y, abs=1e-12)


def test_rotation_turns_ahead_and_starboard_with_the_heading() -> None:
    # G2: R_α d(h) = d(h + α) and R_α s(h) = s(h + α); positive α is clockwise (to starboard).
    assert rotate(Vec(0.0, 1.0), 90) == Vec(1.0, 0.0)
    assert rotate(Vec(1.0, 0.0), 90) == Vec(0.0, -1.0)
    for heading, alpha in ((0, 45), (30, 17), (200, -75), (359, 2)):
        for unit in (ahead, starboard):
            turned_vector, expected = rotate(unit(heading), alpha), unit(heading + alpha)
            assert turned_vector.x == pytest.approx(expected.x, abs=1e-15)
            assert turned_vector.y == pytest.approx(expected.y, abs=1e-15)


def test_a_tiny_negative_angle_is_not_a_full_turn() -> None:
    # −2e-67 % 360 rounds to 360.0 in floating point; it must read as 0°, not past the last quarter.
    assert normalize_heading(-2e-67) == 0.0
    assert sin_cos(-2e-67) == (0.0, 1.0)
