"""Generic marks of the open-table map kit: a haloed cross, a shot's line ending in a burst
(hit) or a cross (miss), and the arc a hull's centre sweeps turning about a pivot point (G17).
Sizes are in table units times `k`. Wooden Walls' marks are drawn with these."""

from __future__ import annotations

import math

from pbem.rules.scene import Group, Point, Polygon, Polyline, Style, haloed, star
from pbem.rules.table.mapkit import INK, WHITE


def haloed_cross(at: Point, radius: float, style: Style) -> Group:
    """An X of two arms `radius` from `at` over a white halo 3 px wider than `style`."""
    x, y, r = at[0], at[1], radius
    arms = (Polyline(((x - r, y - r), (x + r, y + r))), Polyline(((x - r, y + r), (x + r, y - r))))
    return Group(
        (Group(arms, Style(stroke=WHITE, width=(style.width or 1) + 3, dash=())), Group(arms, style))
    )


def hit_miss_mark(hit: bool, start: Point, end: Point, line: Style, ink: str, k: float = 1.0,
                  ident: str = "", tooltip: str = "") -> Group:
    """A shot from `start` to `end` in `line` over a white line, ending in a burst of `ink` where
    it hit (radii 0.12 k and 0.06 k), in a cross of `ink` (0.08 k) where it missed."""
    under = Polyline((start, end), Style(stroke=WHITE, width=(line.width or 1) + 3, dash=()))
    head = (
        haloed(Polygon(star(end, 0.12 * k, 0.06 * k), Style(fill=ink, stroke=INK, width=1, dash=())))
        if hit
        else haloed_cross(end, 0.08 * k, Style(stroke=ink, width=2.5, dash=()))
    )
    return Group((under, Polyline((start, end), line), head), id=ident, tooltip=tooltip)


def turn_arc(start: Point, pivot: Point, made: float, steps: int = 8) -> list[Point]:
    """The centre's arc about the pivot for a turn of `made` degrees (+ to starboard, clockwise
    seen from above, G17), `steps` + 1 points from `start`."""
    points = []
    for n in range(steps + 1):
        angle = -math.radians(made) * n / steps
        dx, dy = start[0] - pivot[0], start[1] - pivot[1]
        points.append(
            (
                pivot[0] + dx * math.cos(angle) - dy * math.sin(angle),
                pivot[1] + dx * math.sin(angle) + dy * math.cos(angle),
            )
        )
    return points
