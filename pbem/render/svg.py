"""Any scene (pbem.rules.scene) as SVG: its elements written here, escaped (names and
tooltips are user input), inside the document of templates/scene.svg.j2. Geometry goes
through the scene's transform and is written to a tenth of a pixel; styles become SVG
presentation attributes, inherited through groups."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from markupsafe import Markup, escape

from pbem.render.jinja import environment
from pbem.rules.scene import (
    Circle,
    Group,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
)

TEMPLATE = "scene.svg.j2"
BASELINES = {"alphabetic": "alphabetic", "middle": "middle", "hanging": "hanging"}
# attributes this module writes from numbers alone (`number`, `_points`): nothing to escape
NUMBERS = frozenset({"points", "x", "y", "cx", "cy", "r", "stroke-width", "font-size"})


class Element(NamedTuple):
    tag: str
    attrs: tuple[tuple[str, str], ...]
    text: str = ""
    tooltip: str = ""
    children: tuple[Element, ...] = ()
    markup: Markup | None = None


def number(value: float) -> str:
    """12.0 -> "12", 12.34 -> "12.3": a tenth of a pixel is finer than any screen."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _points(points: tuple[Point, ...], transform: Transform) -> str:
    """The points through the transform (Transform.apply, inlined: a map writes tens of
    thousands), as the SVG attribute's text."""
    scale, (dx, dy), flip = transform.scale, transform.offset, transform.flip_y
    sign = -scale if flip else scale
    return " ".join([f"{number(x * scale + dx)},{number(y * sign + dy)}" for x, y in points])


def _style(style: Style, text: bool = False) -> list[tuple[str, str]]:
    attrs = []
    if style.fill is not None:
        attrs.append(("fill", style.fill))
    if style.stroke is not None:
        attrs.append(("stroke", style.stroke))
        if text and style.stroke != "none":
            attrs.append(("paint-order", "stroke"))  # a halo under the letters
    if style.width is not None:
        attrs.append(("stroke-width", number(style.width)))
    if style.dash is not None:
        attrs.append(("stroke-dasharray", " ".join(number(d) for d in style.dash) or "none"))
    if style.opacity is not None:
        attrs.append(("opacity", number(style.opacity) if style.opacity in (0, 1)
                      else f"{style.opacity:.2f}"))
    if style.font_size is not None:
        attrs.append(("font-size", number(style.font_size)))
    if style.anchor is not None:
        attrs.append(("text-anchor", style.anchor))
    if style.baseline is not None:
        attrs.append(("dominant-baseline", BASELINES[style.baseline]))
    return attrs


def _element(item: Primitive, transform: Transform) -> Element | None:
    ident = [("id", item.id)] if item.id else []
    if isinstance(item, Group):
        if not item.items:
            return None
        if item.cache_key:
            return Element("g", (), markup=_kept(_ByKey(item), transform))
        children = tuple(e for e in (_element(i, transform) for i in item.items) if e)
        return Element("g", (*ident, *_style(item.style)), tooltip=item.tooltip,
                       children=children)
    if isinstance(item, Polygon):
        attrs = [("points", _points(item.points, transform)), *_style(item.style)]
        return Element("polygon", (*ident, *attrs), tooltip=item.tooltip)
    if isinstance(item, Polyline):
        attrs = [("points", _points(item.points, transform)), ("fill", "none"),
                 *((k, v) for k, v in _style(item.style) if k != "fill")]
        return Element("polyline", (*ident, *attrs), tooltip=item.tooltip)
    if isinstance(item, Circle):
        x, y = transform.apply(item.centre)
        attrs = [("cx", number(x)), ("cy", number(y)),
                 ("r", number(item.radius * transform.scale)), *_style(item.style)]
        return Element("circle", (*ident, *attrs), tooltip=item.tooltip)
    if isinstance(item, Text):
        x, y = transform.apply(item.at)
        attrs = [("x", number(x)), ("y", number(y)), *_style(item.style, text=True)]
        return Element("text", (*ident, *attrs), text=item.text, tooltip=item.tooltip)
    raise TypeError(f"{item!r} is not a scene primitive")


class _ByKey:
    """A group compared by its cache key alone, so a kept drawing is found without hashing
    every primitive in it."""

    def __init__(self, group: Group) -> None:
        self.group = group

    def __hash__(self) -> int:
        return hash(self.group.cache_key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ByKey) and other.group.cache_key == self.group.cache_key


@lru_cache(maxsize=16)
def _kept(group: _ByKey, transform: Transform) -> Markup:
    unkept = Group(group.group.items, group.group.style, group.group.id, group.group.tooltip)
    element = _element(unkept, transform)
    return _draw(() if element is None else (element,))


def _draw(elements: Sequence[Element]) -> Markup:
    """The elements as SVG markup, one a line, every attribute value, text and tooltip
    escaped (names and tooltips are user input). Written here rather than by a recursive
    template macro: a map has thousands of elements (issue 24's speed budget)."""
    out: list[str] = []
    _write(elements, out)
    return Markup("".join(out))


def _write(elements: Sequence[Element], out: list[str]) -> None:
    for e in elements:
        if e.markup:
            out.append(e.markup)
            out.append("\n")
            continue
        head = "<" + e.tag + "".join(
            f' {name}="{value if name in NUMBERS else escape(value)}"' for name, value in e.attrs)
        title = f"<title>{escape(e.tooltip)}</title>" if e.tooltip else ""
        if e.children:
            out.append(f"{head}>\n{title}\n" if title else f"{head}>\n")
            _write(e.children, out)
            out.append(f"</{e.tag}>\n")
        elif e.text or e.tooltip:
            out.append(f"{head}>{escape(e.text)}{title}</{e.tag}>\n")
        else:
            out.append(f"{head}/>\n")


def write_svg(scene: Scene) -> str:
    """The scene as an SVG document."""
    elements = [e for e in (_element(i, scene.transform) for i in scene.items) if e]
    elements += [e for e in (_element(i, Transform()) for i in scene.overlay) if e]
    return environment().get_template(TEMPLATE).render(
        width=scene.width, height=scene.height, title=scene.title,
        background=scene.background, body=_draw(elements))
