"""The labels of the Ram Speed map (pbem.rules.ramspeed.mapscene): a galley's or a wreck's
name, its state and, where the viewer may know them, its damage bars, each placed on the
first free spot near its hexes (its own hexes first, then the free hexes around, ring by
ring) where it overlaps no other label and stays on the grid, with a leader line back to the
galley when it is set apart.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass

from pbem.rules.ramspeed import hexes
from pbem.rules.ramspeed.mapshapes import BAR_WIDTH, INK, SQRT3, WHITE, damage_bars, hex_at
from pbem.rules.scene import (
    Box,
    Group,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Style,
    Text,
    overlaps,
    text_width,
)

LEADER = Style(stroke=INK, width=1, dash=())
NAME = Style(fill=INK, stroke=WHITE, width=3, font_size=13, anchor="middle", baseline="middle")
PLATE = Style(fill=WHITE, stroke=INK, width=1, dash=())  # no side's pattern crosses a label
STATE = Style(fill=INK, stroke=WHITE, width=3, font_size=12, anchor="middle",
              baseline="middle")  # 12 px: no word of a label is smaller (issue 24)
STATE_ROW = 14  # px the state line takes under the name or the bars


@dataclass(frozen=True)
class Label:
    """A galley's or a wreck's label: lines of text and perhaps damage bars, in a box of
    `width` by `height` pixels, to be placed near `near` (hex centres, best first)."""

    key: str
    name: str
    state: str
    bars: tuple[float, float] | None
    near: tuple[Point, ...]
    name_style: Style = NAME

    @property
    def width(self) -> float:
        texts = [text_width(self.name, self.name_style.font_size or 12)]
        if self.state:
            texts.append(text_width(self.state, STATE.font_size or 12))
        if self.bars is not None:
            texts.append(BAR_WIDTH)
        return max(texts) + 4

    @property
    def height(self) -> float:
        return 2 + (self.name_style.font_size or 12) + (14 if self.bars is not None else 0) + (
            STATE_ROW if self.state else 0) + 2

    def drawn(self, at: Point, size: float) -> tuple[Primitive, ...]:
        """The label's primitives with its box centred on `at`."""
        x, y = at
        top = y - self.height / 2 / size
        font = self.name_style.font_size or 12
        half, inset = self.width / 2 / size - 1 / size, top + 1 / size
        bottom = top + (self.height - 1) / size  # a pixel inside the box: plates never touch
        items: list[Primitive] = [Polygon(((x - half, inset), (x + half, inset),
                                           (x + half, bottom), (x - half, bottom)), PLATE),
                                  Text((x, top + (2 + font / 2) / size), self.name,
                                       self.name_style)]
        below = top + (2 + font) / size
        if self.bars is not None:
            items.append(damage_bars((x - BAR_WIDTH / 2 / size, below + 2 / size), size,
                                     *self.bars, ident=f"damage--{self.key}"))
            below += 14 / size
        if self.state:
            items.append(Text((x, below + STATE_ROW / 2 / size), self.state, STATE))
        return tuple(items)


def place_labels(labels: list[Label], size: float, bounds: Box, taken: set[str],
                 ) -> tuple[list[Primitive], list[Box]]:
    """Each label on the first spot near its galley where its box overlaps no other label and
    no other galley's hex (`taken`: the hexes of the galleys afloat) and stays inside
    `bounds`; a label set beside its galley gets a leader line to it."""
    placed: list[Box] = []
    drawn: list[Primitive] = []
    hulls = _Hulls(taken)
    for label in labels:
        w, h = label.width / size, label.height / size
        spots = itertools.chain(label.near, (c for c in _around(label.near, taken)
                                             if c not in label.near))  # farther only if need be
        chosen = label.near[0]
        for spot in spots:
            box = _box(spot, w, h)
            inside = (box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2]
                      and box[3] <= bounds[3])
            if (inside and not any(overlaps(box, other) for other in placed)
                    and not hulls.meet(box, label.near)):
                chosen = spot
                break
        else:
            box = _box(chosen, w, h)
        placed.append(box)
        items = list(label.drawn(chosen, size))
        if chosen not in label.near:
            home = min(label.near, key=lambda c: math.dist(c, chosen))
            items.insert(0, Polyline((home, _edge_towards(box, home)), LEADER))
        drawn.append(Group(tuple(items), id=label.key))
    return drawn, placed


HULL = 0.92  # a galley's hex as drawn (mapshapes.galley_shape), from its centre to a corner
_APOTHEM = HULL * SQRT3 / 2


class _Hulls:
    """The hexes of the galleys afloat, bucketed by place so that a box is tried against
    the few hexes near it only."""

    CELL = 2.0  # hex units a bucket spans

    def __init__(self, taken: set[str]) -> None:
        self.buckets: dict[tuple[int, int], list[Point]] = {}
        for label in taken:
            centre = hex_at(label)
            self.buckets.setdefault(self._cell(centre), []).append(centre)

    def _cell(self, point: Point) -> tuple[int, int]:
        return math.floor(point[0] / self.CELL), math.floor(point[1] / self.CELL)

    def meet(self, box: Box, own: tuple[Point, ...]) -> bool:
        """Whether `box` overlaps a hex of a galley other than the one on `own`."""
        left, top = self._cell((box[0] - HULL, box[1] - HULL))
        right, bottom = self._cell((box[2] + HULL, box[3] + HULL))
        return any(_meets_hex(box, centre)
                   for col in range(left, right + 1) for row in range(top, bottom + 1)
                   for centre in self.buckets.get((col, row), ()) if centre not in own)


def _meets_hex(box: Box, centre: Point) -> bool:
    """Whether a box overlaps a galley's pointed-top hex round `centre` (the shadows of
    the two on the hex's three edge normals and on the box's two sides all overlap)."""
    hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    dx, dy = (box[0] + box[2]) / 2 - centre[0], (box[1] + box[3]) / 2 - centre[1]
    if abs(dx) >= hw + _APOTHEM or abs(dy) >= hh + HULL:
        return False
    return all(abs(dx * 0.5 + dy * sign * SQRT3 / 2) < hw * 0.5 + hh * SQRT3 / 2 + _APOTHEM
               for sign in (1, -1))


def _box(at: Point, w: float, h: float) -> Box:
    return (at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2)


def _edge_towards(box: Box, point: Point) -> Point:
    """Where a line from the box's centre to `point` leaves the box."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    dx, dy = point[0] - cx, point[1] - cy
    scale = min((box[2] - cx) / abs(dx) if dx else math.inf,
                (box[3] - cy) / abs(dy) if dy else math.inf, 1.0)
    return cx + dx * scale, cy + dy * scale


def _around(near: tuple[Point, ...], taken: set[str], reach: int = 5) -> Iterator[Point]:
    """Free hex centres within `reach` of the given ones, nearest first, ring by ring."""
    home = [_label_of(c) for c in near]
    found: dict[str, int] = {}
    frontier = [hexes.parse_label(h) for h in home if h]
    seen = set(frontier)
    for ring in range(1, reach + 1):
        frontier = [n for h in frontier for n in hexes.neighbours(h) if n not in seen]
        seen.update(frontier)
        for h in frontier:
            col0, row0 = hexes.to_offset(h)
            if col0 >= 0 and row0 >= 0 and hexes.label(h) not in taken:
                found.setdefault(hexes.label(h), ring)
        yield from (hex_at(label) for label in sorted(k for k in found if found[k] == ring))


def _label_of(point: Point) -> str:
    row0 = round((point[1] - 1) / 1.5)
    col0 = round(point[0] / SQRT3 - 0.5 - 0.5 * (row0 & 1))
    return f"{col0 + 1:02d}{row0 + 1:02d}" if col0 >= 0 and row0 >= 0 else ""
