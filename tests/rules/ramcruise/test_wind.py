"""The wind and the rout heading (rulings §16.5, §16.6, §20)."""

from __future__ import annotations

import pytest

from pbem.rules.ramcruise.wind import change_wind, changed_wind, roll_wind, rout_heading_of
from tests.rules.ramcruise.positions import dice, ship, state


@pytest.mark.parametrize(("die", "heading"), [(1, 0), (2, 60), (3, 120), (4, 180), (5, 240), (6, 300)])
def test_the_wind_die(die: int, heading: int) -> None:
    found, told = roll_wind(dice(die))
    assert found == heading and told["die"] == die


@pytest.mark.parametrize(("wind", "die", "after"), [
    (90, 1, 45), (90, 6, 135), (0, 1, 315), (330, 6, 15), (90, 2, 90), (90, 5, 90)])
def test_the_wind_change(wind: int, die: int, after: int) -> None:
    assert changed_wind(wind, die) == after


def test_no_die_without_wind_change() -> None:
    position = state(ship("C1", 10, 10))
    rolled = dice()
    after, events = change_wind(position, rolled)
    assert after.wind == 90 and events == () and rolled.log == []
    rolling = state(ship("C1", 10, 10), wind_change="roll")
    after, events = change_wind(rolling, dice(6))
    assert after.wind == 135 and events[0]["was"] == 90


@pytest.mark.parametrize(("wind", "carthage", "rome"), [
    (90, 135, 45),    # §20: the default wind gives Carthage 135 and Rome 45
    (180, 180, 225),  # downwind is Carthage's home: straight home; Rome dead upwind: W + 45
    (0, 45, 0),
    (270, 225, 315),
])
def test_rout_headings(wind: int, carthage: int, rome: int) -> None:
    position = state(ship("C1", 10, 10), wind=wind)
    assert rout_heading_of(position, "carthage") == carthage
    assert rout_heading_of(position, "rome") == rome
