"""The kit's generic marks (pbem/rules/table/mapshots.py): a haloed cross, a hit or miss mark,
a turn's arc about its pivot (G17)."""

from __future__ import annotations

import math

import pytest

from pbem.rules.scene import Group, Polygon, Polyline, Style
from pbem.rules.table.mapkit import WHITE
from pbem.rules.table.mapshots import haloed_cross, hit_miss_mark, turn_arc

LINE = Style(stroke="#123456", width=2, dash=(4, 2))


def test_a_cross_has_two_arms_of_the_radius_over_a_wider_white_halo() -> None:
    halo, arms = haloed_cross((1.0, 1.0), 0.5, LINE).items
    assert isinstance(halo, Group) and isinstance(arms, Group)
    assert halo.style is not None and halo.style.stroke == WHITE and halo.style.width == 5  # 2 + 3
    assert arms.style == LINE
    first = arms.items[0]
    assert isinstance(first, Polyline) and first.points == ((0.5, 0.5), (1.5, 1.5))


def test_a_hit_ends_in_a_burst_and_a_miss_in_a_cross() -> None:
    hit = hit_miss_mark(True, (0.0, 0.0), (3.0, 0.0), LINE, "#cc3311", 1.0, "shot-1", "hit")
    miss = hit_miss_mark(False, (0.0, 0.0), (3.0, 0.0), LINE, "#cc3311")
    assert hit.id == "shot-1" and hit.tooltip == "hit"
    line = hit.items[1]
    assert isinstance(line, Polyline) and line.style == LINE and line.points == ((0.0, 0.0), (3.0, 0.0))
    burst = [item for item in hit.items[2].items if isinstance(item, Polygon)] \
        if isinstance(hit.items[2], Group) else [hit.items[2]]
    assert burst and all(isinstance(item, Polygon) for item in burst)
    assert max(math.dist(p, (3.0, 0.0)) for p in burst[0].points) == pytest.approx(0.12)
    head = miss.items[2]
    assert isinstance(head, Group) and not any(isinstance(item, Polygon) for item in head.items)


def test_a_turn_arc_about_the_pivot_keeps_the_radius_and_turns_clockwise() -> None:
    # the centre at (0, 1) turning 90 to starboard about the origin ends at (1, 0)
    points = turn_arc((0.0, 1.0), (0.0, 0.0), 90.0, 4)
    assert len(points) == 5
    assert points[-1] == pytest.approx((1.0, 0.0))
    assert all(math.hypot(*p) == pytest.approx(1.0) for p in points)
