"""The avoidance path split into part 1 (up to the cap min(D, speed)) and part 2 (rulings §8.3)."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.orders import Step
from pbem.rules.speedband.paths import avoid_parts


def F(tenths: int) -> Step:
    return Step("F", tenths)


P45, S30 = Step("P", 45), Step("S", 30)


def test_a_straight_path_is_split_at_the_cap() -> None:
    # 8.3_avoid_moves_in_two_parts: no steps = F8; cap 7.5 -> F7.5 then F0.5.
    assert avoid_parts(80, (), 75) == ((F(75),), (F(5),))


def test_a_turn_exactly_at_the_cap_goes_to_part_two() -> None:
    # 8.3_turn_at_the_cap_belongs_to_part_two: F2 P45 F6, cap 2.
    assert avoid_parts(80, (F(20), P45, F(60)), 20) == ((F(20),), (P45, F(60)))


def test_a_turn_before_the_cap_stays_in_part_one() -> None:
    assert avoid_parts(80, (F(20), P45, F(60)), 25) == ((F(20), P45, F(5)), (F(55),))


def test_a_cap_at_the_speed_takes_the_whole_path_with_trailing_turns() -> None:
    path = (F(20), P45, F(60), S30)
    assert avoid_parts(80, path, 80) == (path, ())
    assert avoid_parts(80, path, 120) == (path, ())   # cap is min(D, speed)


def test_trailing_turns_after_the_cap_go_to_part_two_when_the_cap_is_short() -> None:
    # A cap below the speed that falls on a step end: the turns there are part 2.
    path = (F(20), P45, F(20), S30, F(40))
    assert avoid_parts(80, path, 40) == ((F(20), P45, F(20)), (S30, F(40)))


def test_a_split_step_keeps_its_kind_and_split_steps_are_not_merged() -> None:
    assert avoid_parts(80, (F(30), F(50)), 45) == ((F(30), F(15)), (F(35),))
    assert avoid_parts(-20, (), 5) == ((Step("B", 5),), (Step("B", 15),))


def test_a_cap_of_zero_leaves_everything_for_part_two() -> None:
    assert avoid_parts(80, (F(20), P45, F(60)), 0) == ((), (F(20), P45, F(60)))


def test_speed_zero_rotates_in_part_one() -> None:
    # Cap min(D, 0) = 0 = the speed: part 1 is the whole path, turns in place.
    assert avoid_parts(0, (P45, P45), 0) == ((P45, P45), ())
    assert avoid_parts(0, (), 0) == ((), ())


@pytest.mark.parametrize("cap", range(0, 81, 5))
def test_the_two_parts_always_make_the_path(cap: int) -> None:
    path = (F(25), P45, F(25), S30, F(30))
    first, second = avoid_parts(80, path, cap)
    straight = sum(step.amount for step in first if step.straight)
    assert straight == min(cap, 80)
    turns = [step for step in (*first, *second) if not step.straight]
    assert turns == [P45, S30]
    total = sum(step.amount for step in (*first, *second) if step.straight)
    assert total == 80
