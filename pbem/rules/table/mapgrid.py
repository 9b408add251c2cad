"""The open-table map kit's grid in any unit, its scale bar, and the stretched-octagon hull
frame (G3's eight corners), for a ruleset whose table is not measured in the kit's 6" grid
(`mapkit.table_grid`, `mapkit.scale_bar`): Wooden Walls draws its table in SL with these.
Pure: only `pbem.rules.scene` and the kit's styles."""

from __future__ import annotations

import math

from pbem.rules.scene import Group, Point, Polygon, Polyline, Primitive, Style, Text
from pbem.rules.table.mapkit import EDGE, EDGE_NUMBER, GRID, INK, TABLE, TABLE_EDGE, WHITE, Corners


def unit_grid(width: float, height: float, size: float, name: str, step: int = 1,
              numbers_id: str = "grid") -> Group:
    """The table `width` x `height` units, a grid line every `step` units, and the units
    numbered along all four edges (under `numbers_id`); kept by its size under a key that begins
    with the ruleset's `name`. `size` is pixels per unit (the numbers stand 13 px off)."""
    lines: list[Primitive] = []
    numbers: list[Primitive] = []
    gap = 13 / size
    for x in range(0, int(width) + 1, step):
        if 0 < x < width:
            lines.append(Polyline(((float(x), 0.0), (float(x), height))))
        numbers += [Text((x, height + gap), str(x)), Text((x, -gap), str(x))]
    for y in range(0, int(height) + 1, step):
        if 0 < y < height:
            lines.append(Polyline(((0.0, float(y)), (width, float(y)))))
        numbers += [Text((-gap, y), str(y)), Text((width + gap, y), str(y))]
    edge = ((0.0, 0.0), (width, 0.0), (width, height), (0.0, height))
    return Group(
        (
            Polygon(edge, Style(fill=TABLE, stroke="none")),
            Group(tuple(lines), Style(stroke=GRID, width=1, dash=())),
            Polygon(edge, Style(fill="none", stroke=TABLE_EDGE, width=1.5, dash=())),
            Group(tuple(numbers), EDGE_NUMBER, id=numbers_id),
        ),
        cache_key=f"{name}-table-{width:g}x{height:g}-{size:g}",
    )


def unit_bar(size: float, block: float, words: str) -> Group:
    """Two blocks of `block` units, black then white, under the table's south-west corner,
    followed by `words` ("2 SL (the grid is 1 SL)")."""
    y, h = -(EDGE + 10) / size, 6 / size
    blocks = tuple(
        Polygon(((x, y), (x + block, y), (x + block, y - h), (x, y - h)),
                Style(fill=fill, stroke=INK, width=1, dash=()))
        for x, fill in ((0.0, INK), (block, WHITE))
    )
    text = Text((2 * block + 8 / size, y - h / 2), words, Style(fill=INK, font_size=12, baseline="middle"))
    return Group((*blocks, text), id="scale")


def octagon_frame(corners: Corners) -> tuple[Point, Point, Point, float, float]:
    """Centre, unit vector ahead, unit vector to starboard, length and beam of a stretched
    octagon in G3's order (bow edge corners 7-0, stern edge 3-4, beam shoulder 1 to shoulder 6)."""
    bow = ((corners[0][0] + corners[7][0]) / 2, (corners[0][1] + corners[7][1]) / 2)
    stern = ((corners[3][0] + corners[4][0]) / 2, (corners[3][1] + corners[4][1]) / 2)
    length = math.dist(bow, stern) or 1.0
    beam = math.dist(corners[1], corners[6]) or 1.0
    ahead = ((bow[0] - stern[0]) / length, (bow[1] - stern[1]) / length)
    right = (ahead[1], -ahead[0])
    return ((bow[0] + stern[0]) / 2, (bow[1] + stern[1]) / 2), ahead, right, length, beam


def octagon_local(corners: Corners, u: float, v: float) -> Point:
    """The point u units towards the bow and v to starboard of the octagon's centre."""
    centre, ahead, right, _, _ = octagon_frame(corners)
    return centre[0] + u * ahead[0] + v * right[0], centre[1] + u * ahead[1] + v * right[1]
