"""The SVG writer and the PNG painter on a scene that is not a hex map: an open table in
inches, y growing north, with a rotated galley base, a wake, a circle and text. What they
draw must land where the transform puts it, in the colours the styles give."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from io import BytesIO

from PIL import Image

from pbem.render.png import paint_png
from pbem.render.svg import write_svg
from pbem.rules.scene import (
    Circle,
    Group,
    Point,
    Polygon,
    Polyline,
    Scene,
    Style,
    Text,
    Transform,
)

NS = "{http://www.w3.org/2000/svg}"
RED, BLUE, GREEN, WHITE = "#c53030", "#2b6cb0", "#276749", "#ffffff"
# a 48 by 36 inch table, 10 pixels an inch, y flipped so that north is up
TABLE = Transform(scale=10, offset=(10, 370), flip_y=True)


def _base(x: float, y: float, length: float, beam: float, degrees: float) -> tuple[Point, ...]:
    """A galley's rectangular base centred at x, y, turned `degrees` anticlockwise."""
    a = math.radians(degrees)
    return tuple((x + u * math.cos(a) - v * math.sin(a), y + u * math.sin(a) + v * math.cos(a))
                 for u, v in ((-length / 2, -beam / 2), (length / 2, -beam / 2),
                              (length / 2, beam / 2), (-length / 2, beam / 2)))


def _table(*extra: Polygon) -> Scene:
    return Scene(
        width=500, height=380, title="Greeks <&> Romans",
        transform=TABLE,
        items=(
            Polygon(_base(12, 10, 6, 2, 30), Style(fill=RED, stroke="#1a202c"),
                    id="ship-A", tooltip="Athena <trireme>"),
            Group((Polyline(((30, 5), (40, 5), (40, 15))),), Style(stroke=BLUE, width=4),
                  id="wakes"),
            Polyline(((2, 30), (20, 30)), Style(stroke="#1a202c", width=2, dash=(6, 4))),
            Circle((36, 28), 2, Style(fill=GREEN)),
            Text((24, 34), "Greeks & Co", Style(fill="#000000", font_size=14, anchor="middle")),
            *extra,
        ),
        overlay=(Text((6, 376), "turn 3", Style(fill="#4a5568")),),
    )


def _pixel(image: Image.Image, point: Point) -> tuple[int, int, int]:
    x, y = TABLE.apply(point)
    return image.getpixel((round(x), round(y)))  # type: ignore[return-value]


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_the_transform_scales_flips_and_offsets() -> None:
    assert TABLE.apply((0, 0)) == (10, 370)
    assert TABLE.apply((48, 36)) == (490, 10)  # the table's far corner is top right


def test_the_png_is_a_png_of_the_scene_size() -> None:
    data = paint_png(_table())
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert Image.open(BytesIO(data)).size == (500, 380)


def test_the_png_puts_each_primitive_where_the_transform_says() -> None:
    image = Image.open(BytesIO(paint_png(_table()))).convert("RGB")
    turned = (12 + 2.5 * math.cos(math.radians(30)), 10 + 2.5 * math.sin(math.radians(30)))
    assert _pixel(image, turned) == _rgb(RED)  # along the turned base's keel
    assert _pixel(image, (14.9, 9.1)) == _rgb(WHITE)  # inside the unturned box, outside the base
    assert _pixel(image, (35, 5)) == _rgb(BLUE)  # the wake, its style from the group
    assert _pixel(image, (40, 10)) == _rgb(BLUE)
    assert _pixel(image, (36, 28)) == _rgb(GREEN)  # north is up: the circle is near the top
    assert TABLE.apply((36, 28))[1] < 190
    assert _pixel(image, (36 + 2.5, 28)) == _rgb(WHITE)
    dashes = {_pixel(image, (x / 10, 30)) for x in range(20, 200)}
    assert dashes == {_rgb("#1a202c"), _rgb(WHITE)}  # ink and gaps
    x, y = TABLE.apply((24, 34))
    letters = image.crop((int(x) - 40, int(y) - 14, int(x) + 40, int(y) + 2)).convert("L")
    assert min(letters.tobytes()) < 80, "no text drawn"
    overlay = image.crop((4, 362, 60, 378)).convert("L")  # in pixels, not inches
    assert min(overlay.tobytes()) < 160


def test_half_opaque_paint_blends_with_what_is_under_it() -> None:
    veil = Polygon(((30, 24), (42, 24), (42, 32), (30, 32)), Style(fill=WHITE, opacity=0.5))
    image = Image.open(BytesIO(paint_png(_table(veil)))).convert("RGB")
    r, g, b = _pixel(image, (36, 28))
    assert (r, g, b) != _rgb(GREEN) and g > r and abs(g - (0x67 + 255) / 2) < 3


def test_a_kept_group_is_drawn_again_but_never_carries_over() -> None:
    grid = Group(tuple(Polyline(((x, 0), (x, 36))) for x in range(0, 49, 12)),
                 Style(stroke="#9fb8cc", width=1), cache_key="test-table-grid")
    first = Scene(500, 380, "a", (grid, Circle((6, 6), 2, Style(fill=RED))), TABLE)
    second = Scene(500, 380, "b", (grid,), TABLE)
    paint_png(first)
    image = Image.open(BytesIO(paint_png(second))).convert("RGB")
    assert _pixel(image, (6, 6)) == _rgb(WHITE)  # the first scene's circle is not kept
    assert _pixel(image, (12, 20)) == _rgb("#9fb8cc")  # the grid is
    svg = ET.fromstring(write_svg(second))
    assert len(list(svg.iter(f"{NS}polyline"))) == 5


def test_the_svg_parses_and_holds_every_primitive() -> None:
    text = write_svg(_table())
    svg = ET.fromstring(text)
    assert svg.tag == f"{NS}svg" and (svg.get("width"), svg.get("height")) == ("500", "380")
    assert svg.find(f"{NS}title").text == "Greeks <&> Romans"  # type: ignore[union-attr]
    ship = next(e for e in svg.iter(f"{NS}polygon") if e.get("id") == "ship-A")
    assert ship.get("fill") == RED
    assert ship.find(f"{NS}title").text == "Athena <trireme>"  # type: ignore[union-attr]
    drawn = [tuple(map(float, p.split(","))) for p in ship.get("points", "").split()]
    for (x, y), corner in zip(drawn, _base(12, 10, 6, 2, 30), strict=True):
        want = TABLE.apply(corner)
        assert abs(x - want[0]) <= 0.051 and abs(y - want[1]) <= 0.051
    wakes = next(e for e in svg.iter(f"{NS}g") if e.get("id") == "wakes")
    assert (wakes.get("stroke"), wakes.get("stroke-width")) == (BLUE, "4")
    wake = wakes.find(f"{NS}polyline")
    assert wake is not None and wake.get("fill") == "none"
    assert wake.get("points") == "310,320 410,320 410,220"
    dashed = [e for e in svg.iter(f"{NS}polyline") if e.get("stroke-dasharray")]
    assert [e.get("stroke-dasharray") for e in dashed] == ["6 4"]
    circle = svg.find(f"{NS}circle")
    assert circle is not None
    assert (circle.get("cx"), circle.get("cy"), circle.get("r")) == ("370", "90", "20")
    label = next(e for e in svg.iter(f"{NS}text") if (e.text or "").startswith("Greeks"))
    assert label.text == "Greeks & Co" and label.get("text-anchor") == "middle"
    assert (label.get("x"), label.get("y"), label.get("font-size")) == ("250", "30", "14")
    overlay = [e for e in svg.iter(f"{NS}text") if e.text == "turn 3"]
    assert [(e.get("x"), e.get("y")) for e in overlay] == [("6", "376")]  # pixels, untouched
    assert "<trireme>" not in text and "&lt;trireme&gt;" in text


def test_an_empty_group_and_an_empty_scene_still_draw() -> None:
    empty = Scene(40, 30, "nothing", (Group(()),))
    assert ET.fromstring(write_svg(empty)).find(f"{NS}g") is None
    assert Image.open(BytesIO(paint_png(empty))).size == (40, 30)
