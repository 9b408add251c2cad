"""A map as a scene of plain primitives, for any ruleset: polygons, polylines, circles, text
and groups, each with a style and an optional id and tooltip. A ruleset builds one in its own
coordinates (map cells, inches on a table) with one transform to the picture; `pbem.render`
writes any scene as SVG and paints it as PNG without knowing which game it shows.

Geometry (points, centres, radii) is in the ruleset's units and goes through the scene's
transform; style lengths (stroke width, dash, font size) are picture pixels, so lines and
labels keep their weight at any scale. The overlay (title, legend) is in picture pixels.
Everything here is visible to whoever gets the picture: ids and tooltips included.

Below the primitives are the few pieces every map draws with, whatever its board: a star
mark, a mark with a white halo, an arrow, a legend's samples flowed into rows, and the title
over it all. A table's own kit is `pbem.rules.table.mapkit`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom
Anchor = Literal["start", "middle", "end"]
Baseline = Literal["alphabetic", "middle", "hanging"]


@dataclass(frozen=True)
class Style:
    """How a primitive is drawn; None inherits from the enclosing group (or the default:
    no fill, no stroke, 12 px text anchored at its start on the baseline). "none" turns
    fill or stroke off. On text, a stroke is a halo drawn under the letters."""

    fill: str | None = None  # "#rrggbb" or "none"
    stroke: str | None = None
    width: float | None = None  # stroke width, px
    dash: tuple[float, ...] | None = None  # dash and gap lengths, px; () for solid
    opacity: float | None = None  # 0..1, of the whole primitive
    font_size: float | None = None  # px
    anchor: Anchor | None = None
    baseline: Baseline | None = None

    def under(self, outer: Style) -> Style:
        """This style with what it leaves open taken from `outer`."""
        return Style(
            fill=outer.fill if self.fill is None else self.fill,
            stroke=outer.stroke if self.stroke is None else self.stroke,
            width=outer.width if self.width is None else self.width,
            dash=outer.dash if self.dash is None else self.dash,
            opacity=outer.opacity if self.opacity is None else self.opacity,
            font_size=outer.font_size if self.font_size is None else self.font_size,
            anchor=outer.anchor if self.anchor is None else self.anchor,
            baseline=outer.baseline if self.baseline is None else self.baseline,
        )


PLAIN = Style()
DEFAULT = Style(fill="none", stroke="none", width=1.0, dash=(), opacity=1.0, font_size=12.0,
                anchor="start", baseline="alphabetic")


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    style: Style = PLAIN
    id: str = ""
    tooltip: str = ""


@dataclass(frozen=True)
class Polyline:
    points: tuple[Point, ...]
    style: Style = PLAIN
    id: str = ""
    tooltip: str = ""


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float
    style: Style = PLAIN
    id: str = ""
    tooltip: str = ""


@dataclass(frozen=True)
class Text:
    at: Point
    text: str
    style: Style = PLAIN
    id: str = ""
    tooltip: str = ""


@dataclass(frozen=True)
class Group:
    """Primitives sharing a style. A group with a `cache_key` promises that its content is
    fixed by that key (e.g. a map's empty grid of a given size): drawers may keep it."""

    items: tuple[Primitive, ...]
    style: Style = PLAIN
    id: str = ""
    tooltip: str = ""
    cache_key: str = ""


Primitive = Polygon | Polyline | Circle | Text | Group


@dataclass(frozen=True)
class Transform:
    """From the ruleset's coordinates to picture pixels: scale, then flip y if asked (a
    table's y grows north, a picture's grows down), then offset."""

    scale: float = 1.0
    offset: Point = (0.0, 0.0)
    flip_y: bool = False

    def apply(self, point: Point) -> Point:
        x, y = point
        return (x * self.scale + self.offset[0],
                (-y if self.flip_y else y) * self.scale + self.offset[1])


@dataclass(frozen=True)
class Piece:
    """A piece the scene draws, for the host's framing: the box round it (ruleset
    coordinates), the side commanding it, and the convex outlines it covers (its cells, its
    hull), which the close-up keeps its labels off; none: its box."""

    box: Box
    side: str
    outlines: tuple[tuple[Point, ...], ...] = ()


@dataclass(frozen=True)
class Scene:
    """A whole picture: `items` in the ruleset's coordinates, `overlay` in pixels on top.
    `focus` is what the reader needs this phase, as boxes (least x, least y, greatest x,
    greatest y) in the ruleset's coordinates: the host frames its close-up on them
    (pbem.render.frame). A phase without focus (no contact) is framed on the `viewer`'s
    own `pieces` and the enemies nearest them, on every piece for a viewer with none (an
    observer), and whole when the scene marks no piece either."""

    width: int
    height: int
    title: str
    items: tuple[Primitive, ...]
    transform: Transform = field(default_factory=Transform)
    overlay: tuple[Primitive, ...] = ()
    background: str = "#ffffff"
    focus: tuple[Box, ...] = ()
    pieces: tuple[Piece, ...] = ()
    viewer: str | None = None  # whose view the scene draws: a side, or None


# A letter of the sans-serif faces the writers use (DejaVu Sans in SVG, Pillow's own font in
# PNG) is at most this wide for digits and capitals, in ems: a box made with it holds the text.
LETTER_EM = 0.7


def text_width(text: str, font_size: float) -> float:
    """A width, in pixels, that `text` at `font_size` px does not exceed in either writer."""
    return LETTER_EM * font_size * len(text)


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def bounds(item: Primitive) -> Box | None:
    """The least box (least x, least y, greatest x, greatest y), in the ruleset's
    coordinates, round a primitive's geometry; None if it has none (an empty group)."""
    if isinstance(item, Group):
        boxes = [b for b in map(bounds, item.items) if b is not None]
        if not boxes:
            return None
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))
    if isinstance(item, Circle):
        (x, y), r = item.centre, item.radius
        return (x - r, y - r, x + r, y + r)
    points = (item.at,) if isinstance(item, Text) else item.points
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def focus_of(items: Sequence[Primitive]) -> tuple[Box, ...]:
    """A scene's focus: the boxes round `items` (what moved, fought or was struck this
    phase); none when nothing happened (the host then frames the pieces, Scene)."""
    return tuple(b for b in map(bounds, items) if b is not None)


def piece_at(points: Sequence[Point], side: str, pad: float = 0.0,
             outlines: Sequence[Sequence[Point]] | None = None) -> Piece:
    """A piece of `side` over `points` (its outline's corners, its cells' centres), grown by
    `pad` each way, for a scene's `pieces`: found from its few points, not its drawing. Its
    outlines are `outlines` (convex), else, ungrown, the hull round its corners."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    if outlines is None:
        outlines = (convex_hull(points),) if pad == 0 and len(points) >= 3 else ()
    return Piece((min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad), side,
                 tuple(tuple(outline) for outline in outlines))


def convex_hull(points: Sequence[Point]) -> tuple[Point, ...]:
    """The corners of the least convex outline round `points`, anticlockwise as y grows up
    (Andrew's monotone chain)."""
    ordered = sorted(set(points))
    if len(ordered) < 3:
        return tuple(ordered)

    def turn(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    chain: list[Point] = []
    for run in (ordered, ordered[::-1]):
        start = len(chain)
        for point in run:
            while len(chain) >= start + 2 and turn(chain[-2], chain[-1], point) <= 0:
                chain.pop()
            chain.append(point)
        chain.pop()
    return tuple(chain)


# -- pieces every map draws with ---------------------------------------------------------------

def star(at: Point, outer: float, inner: float) -> tuple[Point, ...]:
    """An eight-pointed star round `at`: points `outer` out, the notches between `inner`."""
    return tuple((at[0] + (outer if k % 2 == 0 else inner) * math.cos(math.pi * k / 8),
                  at[1] + (outer if k % 2 == 0 else inner) * math.sin(math.pi * k / 8))
                 for k in range(16))


def shot_end(start: Point, end: Point, style: Style, hit: bool, reach: float, ident: str = "",
             tooltip: str = "") -> Group:
    """A shot, shooter to target: its line in `style`, ending in a burst (`reach` out from
    the end) for a hit or a cross for a miss; never a triangle, the shape of a bow marker,
    so that no shot reads as a piece's facing."""
    solid = Style(dash=()).under(style)
    if hit:
        head: tuple[Primitive, ...] = (Polygon(star(end, reach, reach * 0.45), solid),)
    else:
        x, y = end
        r = reach * 0.75
        line = Style(fill="none", dash=()).under(style)
        head = (Polyline(((x - r, y - r), (x + r, y + r)), line),
                Polyline(((x - r, y + r), (x + r, y - r)), line))
    return Group((Polyline((start, end), style), *head), id=ident, tooltip=tooltip)


def haloed(item: Polygon | Polyline | Circle, ident: str = "", tooltip: str = "",
           halo: str = "#ffffff") -> Group:
    """A mark with a halo (white unless told) under it, 3 px wider than its own line, so that
    it shows on any piece and on the map."""
    under = Style(fill="none", stroke=halo, width=(item.style.width or 1) + 3, dash=())
    if isinstance(item, Circle):
        return Group((Circle(item.centre, item.radius, under), item), id=ident, tooltip=tooltip)
    kind = type(item)
    return Group((kind(item.points, under), item), id=ident, tooltip=tooltip)


def arrow(start: Point, end: Point, style: Style, head: float, half: float, ident: str = "",
          tooltip: str = "") -> Group:
    """A line from `start` to an arrowhead at `end`, `head` long and `half` wide each side of
    the line; the head is solid even when the line is dashed."""
    length = math.dist(start, end) or 1.0
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    back = (end[0] - head * ux, end[1] - head * uy)
    tip = (end, (back[0] - half * uy, back[1] + half * ux), (back[0] + half * uy, back[1] - half * ux))
    return Group((Polyline((start, back), style), Polygon(tip, Style(dash=()).under(style))),
                 id=ident, tooltip=tooltip)


def moved(item: Primitive, scale: float, at: Point, flip_y: bool = False) -> Primitive:
    """A primitive drawn in map units round (0, 0), moved to pixels round `at`: scaled, with
    y flipped if the map's y grows upwards (a legend's sample)."""
    def point(p: Point) -> Point:
        if flip_y:
            return at[0] + p[0] * scale, at[1] - p[1] * scale
        return at[0] + p[0] * scale, at[1] + p[1] * scale

    if isinstance(item, Group):
        return Group(tuple(moved(i, scale, at, flip_y) for i in item.items), item.style, item.id)
    if isinstance(item, Circle):
        return Circle(point(item.centre), item.radius * scale, item.style)
    if isinstance(item, Text):
        return Text(point(item.at), item.text, item.style)
    return type(item)(tuple(point(p) for p in item.points), item.style)


@dataclass(frozen=True)
class LegendLayout:
    """How a legend's entries flow into rows (lengths in pixels): each entry is its sample,
    centred `sample` from the entry's left and drawn at `unit` pixels per map unit, then its
    words from `words` on; an entry takes `room` plus 0.8 of its words' width plus `gap`."""

    row: float
    unit: float
    sample: float
    words: float
    room: float
    gap: float
    text: Style
    flip_y: bool = False


def legend_rows(entries: Sequence[tuple[str, Primitive, str]], width: float, top: float,
                layout: LegendLayout) -> tuple[tuple[Primitive, ...], float]:
    """The legend's entries (key, sample, words), flowed into rows from `top` so that none
    runs past `width`, each a group with the id "legend-<key>"; and the height they take."""
    items: list[Primitive] = []
    x, y = 6.0, top
    for key, sample, words in entries:
        wide = layout.room + text_width(words, layout.text.font_size or 12) * 0.8 + layout.gap
        if x > 6 and x + wide > width:
            x, y = 6.0, y + layout.row
        middle = (x + layout.sample, y + layout.row / 2)
        items.append(Group((moved(sample, layout.unit, middle, layout.flip_y),
                            Text((x + layout.words, middle[1]), words, layout.text)),
                           id=f"legend-{key}"))
        x += wide
    return tuple(items), (y + layout.row - top) if entries else 0.0


def headed(title: str, subtitle: str, ink: str, legend: tuple[Primitive, ...]
           ) -> tuple[Primitive, ...]:
    """A map's overlay: its title and subtitle at the top left, and its legend."""
    return (Text((6, 20), title, Style(fill=ink, font_size=16)),
            Text((6, 38), subtitle, Style(fill=ink, font_size=12)),
            Group(legend, id="legend"))
