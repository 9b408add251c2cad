"""The kit's grid in any unit, its scale bar and the stretched-octagon frame
(pbem/rules/table/mapgrid.py)."""

from __future__ import annotations

import math

import pytest

from pbem.rules.scene import Group, Polygon, Polyline, Text
from pbem.rules.table.mapgrid import octagon_frame, octagon_local, unit_bar, unit_grid
from pbem.rules.table.mapkit import INK, WHITE


def test_the_grid_has_a_line_every_step_inside_the_table_and_numbers_on_all_edges() -> None:
    grid = unit_grid(6.0, 4.0, 50.0, "demo", 2, "units")
    assert grid.cache_key == "demo-table-6x4-50"
    lines = grid.items[1]
    assert isinstance(lines, Group)
    xs = sorted(item.points[0][0] for item in lines.items
                if isinstance(item, Polyline) and item.points[0][1] == 0.0)
    ys = sorted(item.points[0][1] for item in lines.items
                if isinstance(item, Polyline) and item.points[0][0] == 0.0)
    assert xs == [2.0, 4.0]  # 0 and 6 are the table's edges: no line
    assert ys == [2.0]
    numbers = grid.items[3]
    assert isinstance(numbers, Group) and numbers.id == "units"
    words = [item.text for item in numbers.items if isinstance(item, Text)]
    # x 0, 2, 4, 6 top and bottom, y 0, 2, 4 left and right: 2 * 4 + 2 * 3 = 14
    assert len(words) == 14 and words.count("6") == 2 and words.count("4") == 4


def test_the_bar_is_two_blocks_of_the_unit_and_its_words() -> None:
    bar = unit_bar(50.0, 1.0, "2 SL (the grid is 1 SL)")
    assert bar.id == "scale"
    blocks = [item for item in bar.items if isinstance(item, Polygon)]
    assert [max(x for x, _ in b.points) - min(x for x, _ in b.points) for b in blocks] == [1.0, 1.0]
    assert [b.style.fill for b in blocks if b.style is not None] == [INK, WHITE]
    (words,) = [item for item in bar.items if isinstance(item, Text)]
    assert words.text == "2 SL (the grid is 1 SL)"
    assert words.at[0] == pytest.approx(2.0 + 8 / 50.0)  # two blocks then 8 px


def test_the_octagon_frame_of_a_hull_heading_east() -> None:
    # a hull 2 long, 0.5 wide at (1, 1) heading 90: bow edge x 2 (corners 7, 0), stern x 0 (3, 4)
    corners = ((2.0, 0.9), (1.8, 0.75), (0.2, 0.75), (0.0, 0.9),
               (0.0, 1.1), (0.2, 1.25), (1.8, 1.25), (2.0, 1.1))
    centre, ahead, right, length, beam = octagon_frame(corners)
    assert centre == pytest.approx((1.0, 1.0))
    assert ahead == pytest.approx((1.0, 0.0))
    assert right == pytest.approx((0.0, -1.0))  # starboard of east is south
    assert length == pytest.approx(2.0) and beam == pytest.approx(0.5)
    assert octagon_local(corners, 0.5, 0.25) == pytest.approx((1.5, 0.75))
    assert math.dist(octagon_local(corners, 1.0, 0.0), (2.0, 1.0)) < 1e-9
