"""Any scene (pbem.rules.scene) painted as PNG with Pillow. Text uses Pillow's own scalable
font, so labels render on a machine with no fonts installed. Groups with a cache key at the
bottom of a scene (a map's empty grid) are painted once per picture size and kept."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from io import BytesIO

from PIL import Image, ImageDraw, ImageFont

from pbem.rules.scene import (
    DEFAULT,
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

Colour = tuple[int, int, int] | tuple[int, int, int, int]
ANCHORS = {"start": "l", "middle": "m", "end": "r"}
BASELINES = {"alphabetic": "s", "middle": "m", "hanging": "t"}


@lru_cache(maxsize=64)
def _rgb(colour: str) -> tuple[int, int, int]:
    if len(colour) == 4:  # "#abc"
        colour = "#" + "".join(c * 2 for c in colour[1:])
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _paint(colour: str | None, opacity: float) -> Colour | None:
    if colour is None or colour == "none":
        return None
    if opacity >= 1:
        return _rgb(colour)
    return (*_rgb(colour), max(int(round(255 * opacity)), 0))


@lru_cache(maxsize=16)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Pillow carries its own scalable font: labels render on a machine without fonts
    return ImageFont.load_default(size=size)


def _dashes(line: list[Point], pattern: tuple[float, ...]) -> Iterable[list[Point]]:
    """The drawn pieces of a dashed polyline, the pattern running on across corners."""
    index, left, on = 0, pattern[0], True
    piece: list[Point] = [line[0]]
    for start, end in zip(line, line[1:], strict=False):
        length = math.dist(start, end)
        done = 0.0
        while length - done > left:
            done += left
            point = (start[0] + (end[0] - start[0]) * done / length,
                     start[1] + (end[1] - start[1]) * done / length)
            if on:
                yield [*piece, point]
            piece = [point]
            on = not on
            index = (index + 1) % len(pattern)
            left = pattern[index]
        left -= length - done
        piece.append(end)
    if on and len(piece) > 1:
        yield piece


class _Painter:
    def __init__(self, image: Image.Image) -> None:
        self.solid = ImageDraw.Draw(image)
        self.blend = ImageDraw.Draw(image, "RGBA")

    def paint(self, items: Iterable[Primitive], outer: Style, transform: Transform) -> None:
        for item in items:
            style = item.style.under(outer)
            if isinstance(item, Group):
                self.paint(item.items, style, transform)
                continue
            opacity = 1.0 if style.opacity is None else style.opacity
            draw = self.solid if opacity >= 1 else self.blend
            fill, stroke = _paint(style.fill, opacity), _paint(style.stroke, opacity)
            width = max(int(round(style.width or 0)), 1)
            dash = tuple(d for d in style.dash or () if d > 0)
            if isinstance(item, Text):
                self._text(draw, item, style, transform, fill, stroke)
            elif isinstance(item, Circle):
                x, y = transform.apply(item.centre)
                r = item.radius * transform.scale
                draw.ellipse([x - r, y - r, x + r, y + r], fill=fill,
                             outline=None if dash else stroke, width=width)
                if dash and stroke:
                    steps = max(int(r), 12)
                    ring = [(x + r * math.cos(2 * math.pi * k / steps),
                             y + r * math.sin(2 * math.pi * k / steps)) for k in range(steps + 1)]
                    self._line(draw, ring, stroke, width, dash)
            else:
                points = [transform.apply(p) for p in item.points]
                if len(points) < 2:
                    continue
                if isinstance(item, Polygon):
                    draw.polygon(points, fill=fill, outline=None if dash else stroke,
                                 width=width)
                    if dash and stroke:
                        self._line(draw, [*points, points[0]], stroke, width, dash)
                elif isinstance(item, Polyline) and stroke:
                    self._line(draw, points, stroke, width, dash)

    @staticmethod
    def _line(draw: ImageDraw.ImageDraw, points: list[Point], colour: Colour, width: int,
              dash: tuple[float, ...]) -> None:
        for piece in (_dashes(points, dash) if dash else (points,)):
            draw.line(piece, fill=colour, width=width, joint="curve" if width > 2 else None)

    @staticmethod
    def _text(draw: ImageDraw.ImageDraw, item: Text, style: Style, transform: Transform,
              fill: Colour | None, stroke: Colour | None) -> None:
        if not item.text or fill is None:
            return
        anchor = ANCHORS[style.anchor or "start"] + BASELINES[style.baseline or "alphabetic"]
        halo = max(int(round(style.width or 0)), 1) if stroke else 0
        draw.text(transform.apply(item.at), item.text, fill=fill,
                  font=_font(max(int(round(style.font_size or 12)), 1)), anchor=anchor,
                  stroke_width=halo, stroke_fill=stroke)


class _ByKey:
    """Kept groups compared by their cache keys alone, not primitive by primitive."""

    def __init__(self, groups: tuple[Group, ...]) -> None:
        self.groups = groups
        self.keys = tuple(g.cache_key for g in groups)

    def __hash__(self) -> int:
        return hash(self.keys)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ByKey) and other.keys == self.keys


@lru_cache(maxsize=8)
def _base(kept: _ByKey, transform: Transform, size: tuple[int, int],
          background: str) -> Image.Image:
    image = Image.new("RGB", size, _rgb(background))
    _Painter(image).paint(kept.groups, DEFAULT, transform)
    return image


def paint_png(scene: Scene) -> bytes:
    """The scene as PNG bytes, scene.width by scene.height pixels, in a palette of 256
    colours."""
    return _saved(_painted(scene))


def paint_column(scenes: Sequence[Scene], gap: int = 8, background: str = "#ffffff") -> bytes:
    """The scenes painted one under the other, `gap` pixels apart, as one PNG as wide as
    the widest (a map's close-up over its overview, pbem.render.frame)."""
    images = [_painted(scene) for scene in scenes]
    width = max(image.width for image in images)
    height = sum(image.height for image in images) + gap * (len(images) - 1)
    column = Image.new("RGB", (width, height), _rgb(background))
    top = 0
    for image in images:
        column.paste(image, (0, top))
        top += image.height + gap
    return _saved(column)


def _painted(scene: Scene) -> Image.Image:
    count = 0
    while (count < len(scene.items) and isinstance(scene.items[count], Group)
           and scene.items[count].cache_key):  # type: ignore[union-attr]
        count += 1
    kept = tuple(g for g in scene.items[:count] if isinstance(g, Group))
    image = _base(_ByKey(kept), scene.transform, (scene.width, scene.height),
                  scene.background).copy()
    painter = _Painter(image)
    painter.paint(scene.items[count:], DEFAULT, scene.transform)
    painter.paint(scene.overlay, DEFAULT, Transform())
    return image


def _saved(image: Image.Image) -> bytes:
    out = BytesIO()
    _palette(image).save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()


def _palette(image: Image.Image) -> Image.Image:
    """The picture in the 256 colours it uses most, each kept exactly (the few others, edge
    shades of lines and letters, take the nearest): a map is flat colour, so it looks the
    same at a third of the bytes and a report mail stays small (issue 23)."""
    counted = [(count, tuple(colour)) for count, colour in  # type: ignore[arg-type]
               image.getcolors(image.width * image.height) or []]
    kept: list[tuple[int, ...]] = []
    cells: set[tuple[int, ...]] = set()
    for _, colour in sorted(counted, key=lambda c: (-c[0], c[1])):
        # Pillow maps a pixel to the palette by cells of 8 levels a channel: a colour sharing
        # a cell with a commoner one is left out, so each kept colour stays exact
        cell = tuple(value >> 3 for value in colour[:3])
        if cell not in cells and len(kept) < 256:
            cells.add(cell)
            kept.append(colour)
    palette = Image.new("P", (1, 1))
    flat = [value for colour in kept for value in colour[:3]]
    palette.putpalette(flat + [0] * (768 - len(flat)))
    return image.quantize(palette=palette, dither=Image.Dither.NONE)
