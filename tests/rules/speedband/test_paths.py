"""Path legality of rulings §3.3, worked by hand from §21's example lines and the trireme row
(turn angle 45; Slow 3 turns, Cruise 2, Battle 1, Ram 0, Stop 3, Back 1)."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.notation import read_line
from pbem.rules.speedband.orders import Movement, Step
from pbem.rules.speedband.paths import full_path, path_problem
from pbem.rules.speedband.shiptypes import ship_type
from pbem.rules.speedband.state import Ship, new_ship


def ship(type_name: str = "trireme", **changes: object) -> Ship:
    return new_ship("X1", "X", type_name, "romans", 30, 20, 0, **changes)


def problem(line: str, type_name: str = "trireme", **changes: object) -> str | None:
    reading = read_line(f"X1: {line}", "orders")
    assert reading is not None and isinstance(reading.order, Movement)
    order = reading.order
    return path_problem(ship(type_name, **changes), ship_type(type_name), order.speed,
                        order.steps, bool(order.ram))


@pytest.mark.parametrize("line", [
    "SPEED 9.5 F2 S30 F7.5",   # Battle: one turn
    "SPEED 10 RAM C3",         # straight
    "SPEED 8 F3 A F5 RAM C2",  # Cruise: two turns allowed, A counts as one
    "SPEED 0 P30 P30",         # rotating in place needs no run
    "BACK 2",
    "SPEED 7 F2 P45 F2 S45 F3",  # Slow: three turns
    "SPEED 8 F6 S45 F2 P10",     # a trailing turn after a 2" run
    "SPEED 7 F3 F4",             # a split step
    "SPEED 0 P45 S45 P45",       # Stop: three turns
])
def test_legal_paths(line: str) -> None:
    assert problem(line) is None


@pytest.mark.parametrize(("line", "said"), [
    ("SPEED 0 F1", "at SPEED 0 a ship only turns in place"),
    ("SPEED 8 F4 B4", "a SPEED path has only F steps, not B4"),
    ("BACK 2 F2", "a BACK path has only B steps, not F2"),
    ("SPEED 8 F3 S20 F4", 'the straight steps total 7" but the written speed is 8"'),
    ("SPEED 11 F5 S10 F6", "the ram band allows 0 turns, and the path has 1"),
    ("SPEED 9 F3 S10 F3 P10 F3", "the battle band allows 1 turn, and the path has 2"),
    ("SPEED 8 F3 A F5", "the aim step A turns towards a ram target: it needs a RAM clause"),
    ("SPEED 7 F3 S50 F4", "the turn S50 is outside 1 to 45 degrees, the most a trireme turns"),
    ("SPEED 7 F3 P0 F4", "the turn P0 is outside 1 to 45 degrees"),
    ("SPEED 8 F1.9 S20 F6.1", 'the turn S20 comes after 1.9" of straight movement'),
    ("SPEED 8 F4 S20 F2 S20 F1.5 P5 F0.5", "the cruise band allows 2 turns, and the path has 3"),
    ("SPEED 7 F4 S20 F1.5 P20 F1.5", 'the turn P20 comes after 1.5" of straight movement'),
    ("SPEED 8 S10 F8", 'the turn S10 comes after 0" of straight movement'),
])
def test_paths_that_break_section_3_3(line: str, said: str) -> None:
    found = problem(line)
    assert found is not None and found.startswith(said)


def test_the_row_the_ship_moves_as_sets_the_turn_angle() -> None:
    # a dekeres turns at most 15 degrees
    assert problem("SPEED 4 F2 S15 F2", "dekeres") is None
    assert problem("SPEED 4 F2 S16 F2", "dekeres") is not None


def test_no_turns_once_all_sections_are_lost() -> None:
    assert problem("SPEED 0 P10", rowers=(0,) * 8) == (
        "X1 has lost all eight oar sections and cannot turn")
    assert problem("SPEED 0", rowers=(0,) * 8) is None


def test_no_steps_is_straight_ahead() -> None:
    assert full_path(95, ()) == (Step("F", 95),)
    assert full_path(-15, ()) == (Step("B", 15),)
    assert full_path(0, ()) == ()
