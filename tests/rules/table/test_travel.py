"""G7's direction of travel (WW rulings §3): the heading ahead, the reverse backing, none stopped."""

from __future__ import annotations

import pytest

from pbem.rules.table import heading_difference
from pbem.rules.table.travel import Motion, direction_of_travel


@pytest.mark.parametrize(("heading", "motion", "expected"), [
    (90.0, Motion.AHEAD, 90.0),
    (0.0, Motion.AHEAD, 0.0),
    (90.0, Motion.BACKING, 270.0),
    (270.0, Motion.BACKING, 90.0),
    (0.0, Motion.BACKING, 180.0),
    (180.0, Motion.BACKING, 0.0),          # 360 taken back to 0, never 360
    (180.5, Motion.BACKING, 0.5),
    (359.5, Motion.BACKING, 179.5),
])
def test_ahead_is_the_heading_and_backing_its_reverse(heading: float, motion: Motion,
                                                      expected: float) -> None:
    assert direction_of_travel(heading, motion) == expected


@pytest.mark.parametrize("heading", [0.0, 90.0, 212.5])
def test_a_stopped_ship_has_no_direction_of_travel(heading: float) -> None:
    assert direction_of_travel(heading, Motion.STOPPED) is None


def test_a_ship_backing_north_travels_the_way_one_heading_south_goes_ahead() -> None:
    # WW §8.3: directions of travel, not headings, decide whether two ships close or run together.
    backing = direction_of_travel(0.0, Motion.BACKING)
    ahead = direction_of_travel(180.0, Motion.AHEAD)
    assert backing is not None and ahead is not None
    assert heading_difference(backing, ahead) == 0.0
    assert heading_difference(backing, 0.0) == 180.0
