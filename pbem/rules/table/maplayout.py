"""How an open-table map is laid out (over the marks of `pbem.rules.table.mapkit`): each
ship's label (its id over its crew, and any further lines a ruleset adds) placed clear of the
table's edge, of the hulls and of one another, tied to its ship by a line when set apart; the
drawing's layers; a heading arrow (the wind's, say) in the title band; the legend, flowed into
rows under the map and listing only what the map draws; and the whole scene with its title.

A ruleset fills a `Drawing` from its view and events and hands `table_scene` the sample and
words of each legend entry it may show (its `swatch`) and the order they come in; the
heading arrow's legend entry is the kit's own, drawn from the arrow.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from pbem.rules.scene import (
    Box,
    Group,
    LegendLayout,
    Piece,
    Point,
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    arrow,
    focus_of,
    headed,
    legend_rows,
    overlaps,
    piece_at,
    text_width,
)
from pbem.rules.table.mapkit import (
    BAR_ROW,
    EDGE,
    INK,
    TITLE,
    WHITE,
    Corners,
    heading_unit,
    nearest_points,
    scale_bar,
    separated,
    ship_frame,
    table_grid,
    transform,
)

LEADER = Style(stroke=INK, width=1, dash=())
NAME = Style(fill=WHITE, stroke=INK, width=3, font_size=13, anchor="middle", baseline="middle")
CREW = Style(fill=INK, stroke=WHITE, width=3, font_size=12, anchor="middle", baseline="middle")
LEGEND_TEXT = Style(fill=INK, font_size=12, baseline="middle")
HEADING = Style(fill=INK, stroke=INK, width=3, dash=())
HEADING_TEXT = Style(fill=INK, font_size=13, anchor="end", baseline="middle")


@dataclass(frozen=True)
class Label:
    """A ship's label: its id over its crew, then any `more` lines (text, style) under them,
    in a box of `width` × `height` pixels."""

    key: str
    name: str
    crew: str
    corners: Corners
    more: tuple[tuple[str, Style], ...] = field(default=(), kw_only=True)

    @property
    def lines(self) -> tuple[tuple[str, Style], ...]:
        return ((self.name, NAME), (self.crew, CREW), *self.more)

    @property
    def width(self) -> float:
        return max(text_width(text, style.font_size or 12) for text, style in self.lines) + 4

    @property
    def height(self) -> float:
        fonts = [style.font_size or 12 for _, style in self.lines]
        return 4 + sum(fonts) + len(fonts) - 1  # 2 px over, 2 under, 1 between lines

    def drawn(self, at: Point, size: float) -> tuple[Primitive, ...]:
        """The lines with the box centred on `at` (table inches; y grows north)."""
        top = at[1] + self.height / 2 / size
        texts: list[Primitive] = []
        down = 2.0  # pixels from the box's top to the line's top
        for text, style in self.lines:
            font = style.font_size or 12
            texts.append(Text((at[0], top - (down + font / 2) / size), text, style))
            down = down + font + 1
        return tuple(texts)


def _box(at: Point, w: float, h: float) -> Box:
    """A box in table inches as (left, bottom, right, top): `overlaps` only needs order."""
    return (at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2)


def _box_corners(box: Box) -> Corners:
    return ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))


def _spots(corners: Corners) -> Iterator[Point]:
    """Places for a label round its ship, ring by ring outwards, abeam first on each ring."""
    centre, ahead, right, _, _ = ship_frame(corners)
    for reach in (0.9, 1.3, 1.8, 2.4, 3.1, 3.9, 4.8, 5.8, 7.0):
        for turn in sorted(range(16), key=lambda k: (min(k % 8, 8 - k % 8), k)):
            angle = math.pi / 2 + turn * math.pi / 8  # turn 0: to starboard
            dx = math.sin(angle) * ahead[0] + math.cos(angle) * right[0]
            dy = math.sin(angle) * ahead[1] + math.cos(angle) * right[1]
            yield centre[0] + reach * dx, centre[1] + reach * dy


def _leader(corners: Corners, box: Box) -> tuple[Point, Point] | None:
    """The line tying a label to its ship, when it stands more than half an inch off."""
    start, end = nearest_points(corners, _box_corners(box))
    return (start, end) if math.dist(start, end) > 0.5 else None


def _leads_clear(corners: Corners, box: Box, obstacles: Sequence[Corners]) -> bool:
    """Whether the label needs no leader, or its leader crosses none of the obstacles."""
    line = _leader(corners, box)
    return line is None or all(separated(line, obstacle) for obstacle in obstacles)


def place_labels(labels: Sequence[Label], size: float, table: Box,
                 hulls: Sequence[Corners]) -> list[Primitive]:
    """Each label on the first spot round its ship where its box stays on the table and
    covers no other label and no hull; a label set farther off is tied to its ship by a line
    that crosses no other hull or label. Where no spot is that good, the best there is."""
    pad = 2 / size  # pixels kept clear between two labels
    placed: list[Box] = []
    drawn: list[Primitive] = []
    for label in labels:
        w, h = label.width / size, label.height / size
        centre = ship_frame(label.corners)[0]
        reach = 9.0 + w + h  # farther than any spot's box or leader reaches
        near_hulls = [hull for hull in hulls if any(
            abs(x - centre[0]) < reach and abs(y - centre[1]) < reach for x, y in hull)]
        near_boxes = [box for box in placed if abs(box[0] + box[2] - 2 * centre[0]) < 2 * reach
                      and abs(box[1] + box[3] - 2 * centre[1]) < 2 * reach]
        box = _best_spot(label.corners, w, h, pad, table, near_hulls, near_boxes)
        placed.append(box)
        items = list(label.drawn(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), size))
        line = _leader(label.corners, box)
        if line is not None:
            items.insert(0, Polyline(line, LEADER))
        drawn.append(Group(tuple(items), id=label.key))
    return drawn


def _best_spot(corners: Corners, w: float, h: float, pad: float, table: Box,
               hulls: Sequence[Corners], placed: Sequence[Box]) -> Box:
    """The first spot whose box is on the table, apart from the placed labels and the hulls,
    with a leader (if any) crossing neither; failing that the first that meets the most of
    these, in that order."""
    fallback: list[Box | None] = [None, None, None]  # on the table; and apart; and clear
    obstacles = [*(hull for hull in hulls if hull != corners), *map(_box_corners, placed)]
    first: Box | None = None
    for spot in _spots(corners):
        box = _box(spot, w, h)
        first = first or box
        if not (table[0] <= box[0] and box[2] <= table[2] and table[1] <= box[1]
                and box[3] <= table[3]):
            continue
        fallback[0] = fallback[0] or box
        if any(overlaps((box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad), other)
               for other in placed):
            continue
        fallback[1] = fallback[1] or box
        if not all(separated(_box_corners(box), hull) for hull in hulls):
            continue
        fallback[2] = fallback[2] or box
        if _leads_clear(corners, box, obstacles):
            return box
    chosen = fallback[2] or fallback[1] or fallback[0] or first
    assert chosen is not None
    return chosen


# -- the drawing -------------------------------------------------------------------------------

@dataclass
class Drawing:
    """What the map draws, layer by layer, and the legend entries it needs (key -> the hull
    style and pattern its sample shows, where that varies)."""

    sides: list[str]
    rings: list[Primitive] = field(default_factory=list)
    ships: list[Primitive] = field(default_factory=list)
    trails: list[Primitive] = field(default_factory=list)
    marks: list[Primitive] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    hulls: list[Corners] = field(default_factory=list)
    shown: dict[str, tuple[Style, str] | None] = field(default_factory=dict)
    heading: HeadingArrow | None = None
    pieces: list[Piece] = field(default_factory=list)  # each ship on the table, by commander
    viewer: str | None = None  # whose view it draws (a side; None: observers, game master)

    def ship(self, shape: Primitive, side: str, corners: Corners) -> None:
        """A ship's shape drawn, and marked as a piece of `side` (the one commanding it) over
        its hull's `corners`, for the host's framing of a phase without contact."""
        self.ships.append(shape)
        self.pieces.append(piece_at(corners, side))


@dataclass(frozen=True)
class HeadingArrow:
    """An arrow in the title band over the table's north-east corner along a heading
    (degrees clockwise from north: the wind's, a current's), `words` before it ("wind 45");
    the legend's entry `key` shows it with `legend` for its words."""

    heading: float
    words: str
    legend: str
    key: str = "heading"
    tooltip: str = ""
    style: Style = HEADING


def band_arrow(heading: HeadingArrow, picture_width: float) -> Group:
    """The heading arrow in the title band, 34 px in from the picture's right edge."""
    x, y, half = picture_width - 34.0, 23.0, 15.0
    dx, dy = heading_unit(heading.heading)
    line = arrow((x - half * dx, y + half * dy), (x + half * dx, y - half * dy), heading.style, 9, 5)
    return Group((line, Text((x - 24, y), heading.words, HEADING_TEXT)), id=heading.key,
                 tooltip=heading.tooltip)


def heading_sample(heading: HeadingArrow) -> Primitive:
    """The heading arrow as a legend's sample, in inches round (0, 0)."""
    dx, dy = heading_unit(heading.heading)
    return arrow((-1.2 * dx, -1.2 * dy), (1.2 * dx, 1.2 * dy), heading.style, 0.7, 0.4)


# A legend entry's sample, in inches around (0, 0), and its words.
Swatch = Callable[[str, Drawing], tuple[Primitive, str]]

LEGEND_UNIT = 10.0  # pixels per inch in the legend's samples
LEGEND_ROW = 28  # pixels
LEGEND = LegendLayout(row=LEGEND_ROW, unit=LEGEND_UNIT, sample=25, words=54, room=58, gap=16,
                      text=LEGEND_TEXT, flip_y=True)
SAMPLE: Corners = ((2.0, 0.5), (-2.0, 0.5), (-2.0, -0.5), (2.0, -0.5))  # heading east


def legend(drawing: Drawing, width: int, top: float, swatch: Swatch, order: Sequence[str]
           ) -> tuple[tuple[Primitive, ...], float]:
    """The legend's entries, only for what the map draws (each side's ships first, then the
    keys of `order`), flowed into rows under the map, and the height they take."""
    keys = [f"side-{side}" for side in drawing.sides if f"side-{side}" in drawing.shown]
    keys += [key for key in order if key in drawing.shown]
    heading = drawing.heading

    def sample(key: str) -> tuple[Primitive, str]:
        if heading is not None and key == heading.key:
            return heading_sample(heading), heading.legend
        return swatch(key, drawing)

    return legend_rows([(key, *sample(key)) for key in keys], width, top, LEGEND)


def table_scene(drawing: Drawing, title: str, subtitle: str, size: float, width: float,
                height: float, name: str, swatch: Swatch, order: Sequence[str]) -> Scene:
    """The picture: the table (its grid kept under the ruleset's `name`), the scale bar, the
    drawing's layers (rings under ships under trails under marks under labels), and over it
    the title, the subtitle, the legend and the drawing's heading arrow if any. A label set
    apart from its ship adds the legend's key "leader"; a heading arrow its own key."""
    labels = place_labels(drawing.labels, size, (0.0, 0.0, width, height), drawing.hulls)
    if any(isinstance(label, Group) and isinstance(label.items[0], Polyline)
           for label in labels):
        drawing.shown["leader"] = None
    if drawing.heading is not None:
        drawing.shown.setdefault(drawing.heading.key, None)
    picture_width = max(math.ceil(size * width + 2 * EDGE), 480)
    bottom = TITLE + 2 * EDGE + size * height + BAR_ROW
    key_items, key_height = legend(drawing, picture_width, bottom, swatch, order)
    items: tuple[Primitive, ...] = (
        table_grid(width, height, size, name),
        scale_bar(size),
        Group(tuple(drawing.rings), id="rings"),
        Group(tuple(drawing.ships), id="ships"),
        Group(tuple(drawing.trails), id="trails"),
        Group(tuple(drawing.marks), id="marks"),
        Group(tuple(labels), id="labels"),
    )
    band = () if drawing.heading is None else (band_arrow(drawing.heading, picture_width),)
    return Scene(width=picture_width, height=math.ceil(bottom + key_height + 8),
                 title=f"{title}, {subtitle}", items=items, transform=transform(size, height),
                 overlay=(*headed(title, subtitle, INK, key_items), *band), background=WHITE,
                 focus=focus_of([*drawing.trails, *drawing.marks]),
                 pieces=tuple(drawing.pieces), viewer=drawing.viewer)
