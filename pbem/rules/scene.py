"""A map as a scene of plain primitives, for any ruleset: polygons, polylines, circles, text
and groups, each with a style and an optional id and tooltip. A ruleset builds one in its own
coordinates (map cells, inches on a table) with one transform to the picture; `pbem.render`
writes any scene as SVG and paints it as PNG without knowing which game it shows.

Geometry (points, centres, radii) is in the ruleset's units and goes through the scene's
transform; style lengths (stroke width, dash, font size) are picture pixels, so lines and
labels keep their weight at any scale. The overlay (title, legend) is in picture pixels.
Everything here is visible to whoever gets the picture: ids and tooltips included.
"""

from __future__ import annotations

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
class Scene:
    """A whole picture: `items` in the ruleset's coordinates, `overlay` in pixels on top."""

    width: int
    height: int
    title: str
    items: tuple[Primitive, ...]
    transform: Transform = field(default_factory=Transform)
    overlay: tuple[Primitive, ...] = ()
    background: str = "#ffffff"


# A letter of the sans-serif faces the writers use (DejaVu Sans in SVG, Pillow's own font in
# PNG) is at most this wide for digits and capitals, in ems: a box made with it holds the text.
LETTER_EM = 0.7


def text_width(text: str, font_size: float) -> float:
    """A width, in pixels, that `text` at `font_size` px does not exceed in either writer."""
    return LETTER_EM * font_size * len(text)


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
