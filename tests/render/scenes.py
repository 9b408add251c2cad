"""What the map tests read a scene with: its leaf primitives with their whole styles, its
legend, its PNG's pixels, and the WCAG contrast of two colours (one copy for every map and
page test)."""

from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO

from PIL import Image

from pbem.render.png import paint_png
from pbem.rules.scene import DEFAULT, Group, Primitive, Scene, Style, Text


def walk(items: tuple[Primitive, ...], outer: Style = DEFAULT, ident: str = "",
         ) -> Iterator[tuple[str, Primitive, Style]]:
    """Every leaf primitive with the id of its nearest named group and its whole style."""
    for item in items:
        style = item.style.under(outer)
        name = item.id or ident
        if isinstance(item, Group):
            yield from walk(item.items, style, name)
        else:
            yield name, item, style


def styles(items: tuple[Primitive, ...], prefix: str = "") -> set[Style]:
    """The styles of the leaves under ids starting with `prefix`, text left out."""
    return {style for name, item, style in walk(items)
            if name.startswith(prefix) and not isinstance(item, Text)}


def legend(scene: Scene) -> dict[str, tuple[Primitive, ...]]:
    """The legend's entries by key, each its drawn sample and words."""
    found = next(item for item in scene.overlay if item.id == "legend")
    assert isinstance(found, Group)
    return {entry.id.removeprefix("legend-"): entry.items for entry in found.items
            if isinstance(entry, Group)}


def png_of(scene: Scene) -> Image.Image:
    return Image.open(BytesIO(paint_png(scene))).convert("RGB")


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def pixel(scene: Scene, image: Image.Image, at: tuple[float, float]) -> tuple[int, int, int]:
    x, y = scene.transform.apply(at)
    return image.getpixel((round(x), round(y)))  # type: ignore[return-value]


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of an sRGB colour (#rrggbb)."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
