"""The Ram Speed map shows what a player plans with, in the SVG and in the PNG alike: damage
against its thresholds, drifting, prizes, grapples, wrecks, missile fire hit or missed, the
set-up zones; its legend is drawn with the very styles of the drawing; its colours keep
their contrast and its sides are told apart without colour."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from PIL import Image

from pbem.render.svg import write_svg
from pbem.rules.ramspeed import hexes, mapscene
from pbem.rules.ramspeed.state import SUNK, Galley, GameState
from pbem.rules.ramspeed.view import side_view
from pbem.rules.scene import Circle, Group, Polygon, Polyline, Primitive, Scene, Text
from tests.render.scenes import contrast
from tests.render.scenes import legend as _legend
from tests.render.scenes import pixel as _pixel
from tests.render.scenes import png_of as _png
from tests.render.scenes import rgb as _rgb
from tests.render.scenes import styles as _styles
from tests.render.scenes import walk as _walk

NS = "{http://www.w3.org/2000/svg}"
E, SE, W = 0, 1, 3


def _galley(gid: str, side: str, kind: str, bow: str, facing: int, **more: Any) -> Galley:
    return Galley(gid, side, kind, hexes.parse_label(bow), facing, **more)


def _state(secret: bool = False) -> GameState:
    """A fight with something of everything: damage, a drifting galley, a prize grappled to
    its captor, a wreck."""
    return GameState(columns=16, rows=10, scenario="squadron", turn=3, initiative="blue",
                     options=(("secret_records", True),) if secret else (),
                     galleys=(
        _galley("A", "blue", "trireme", "0805", E, hull_damage=15, rowing_damage=6),
        _galley("B", "blue", "penteconter", "0608", E, drifting=True,
                grappled_with=frozenset({"Y"})),
        _galley("X", "red", "trireme", "1105", W, hull_damage=9, rowing_damage=3),
        _galley("Y", "red", "bireme", "1108", W, controller="blue", grappled_with=frozenset({"B"})),
        _galley("Z", "red", "penteconter", "1302", W, status=SUNK),
    ))


EVENTS: list[dict[str, Any]] = [
    {"kind": "move", "galley": "A", "start": "0605", "path": ["0705 E", "0805 E"]},
    {"kind": "drift", "galley": "B", "moved": True, "start": "0508", "to": "0608"},
    {"kind": "fire", "galley": "A", "weapon": "archer", "target": "X", "roll": 2, "needed": 3,
     "hit": True},
    {"kind": "fire", "galley": "X", "weapon": "archer", "target": "B", "roll": 6, "needed": 3,
     "hit": False},
    {"kind": "ram", "galley": "A", "target": "X", "success": True},
    {"kind": "capture", "galley": "B", "target": "Y", "side": "blue"},
]


def _scene(secret: bool = False, viewer: str | None = "blue",
           zones: dict[str, str] | None = None) -> Scene:
    return mapscene.map_scene(side_view(_state(secret), viewer), EVENTS, "Test", "after T3",
                              columns=16, rows=10, zones=zones)


def test_the_contrast_formula_gives_the_known_ratios() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    # the old map's troubles, as the issue measured them
    assert contrast("#2b6cb0", "#c53030") < 1.1 and contrast("#f6e05e", "#e6f0f7") < 1.2


@pytest.mark.parametrize("pair", [("blue", "red"), ("convoy", "raiders")])
def test_side_fills_stand_out_from_the_sea_and_from_each_other(pair: tuple[str, str]) -> None:
    first, second = (mapscene.side_colour(side, list(pair)) for side in pair)
    for fill in (first, second):
        assert contrast(fill, mapscene.SEA) >= 3.0, fill
    assert contrast(first, second) >= 2.0
    spare = [colour for colour, _ in mapscene.SPARE]
    for colour in spare:
        assert contrast(colour, mapscene.SEA) >= 3.0, colour


def test_marks_and_words_stand_out_from_the_sea() -> None:
    for style in (mapscene.RAM, mapscene.CAPTURE, mapscene.GRAPPLE, mapscene.TRAIL,
                  mapscene.DRIFT, mapscene.FIRE_HIT, mapscene.FIRE_MISS, mapscene.SUNK,
                  mapscene.PLAN_END):
        assert style.stroke is not None and contrast(style.stroke, mapscene.SEA) >= 3.0, style
    assert contrast(mapscene.GRID_LABEL, mapscene.SEA) >= 4.5  # text: WCAG AA
    assert contrast(mapscene.INK, mapscene.WHITE) >= 4.5  # names: ink halo round white
    for side in ("blue", "red", "convoy", "raiders"):  # the white bow arrow and stripes
        assert contrast(mapscene.side_colour(side, []), mapscene.WHITE) >= 3.0, side


def test_a_prize_outline_shows_on_its_captor_s_fill() -> None:
    assert contrast(mapscene.side_colour("blue", []), mapscene.side_colour("red", [])) >= 2.0
    hull = mapscene.hull_style({"controller": "blue", "side": "red", "captured": True}, [])
    assert hull.stroke == mapscene.side_colour("red", []) and hull.dash


# -- sides told apart without colour ----------------------------------------------------------

@pytest.mark.parametrize("pair", [("blue", "red"), ("convoy", "raiders")])
def test_each_side_of_a_scenario_has_its_own_pattern(pair: tuple[str, str]) -> None:
    patterns = [mapscene.side_look(side, list(pair))[1] for side in pair]
    assert len(set(patterns)) == 2
    lines = [mapscene.pattern_lines((0.0, 0.0), pattern) for pattern in patterns]
    assert {len(found) for found in lines} == {0, 3}


def test_the_striped_side_is_striped_in_the_png_and_the_other_is_not() -> None:
    scene = _scene()
    image = _png(scene)
    stern_x = hexes.label(hexes.add(hexes.parse_label("1105"), E, 2))  # X's stern, facing W
    stern_a = hexes.label(hexes.add(hexes.parse_label("0805"), W, 2))  # A's stern
    for label, striped in ((stern_x, True), (stern_a, False)):
        x, y = mapscene.hex_at(label)
        on_stripe = _pixel(scene, image, (x - 0.4, y))
        assert (on_stripe == _rgb(mapscene.WHITE)) == striped, label


# -- the legend is the drawing ------------------------------------------------------------------

def test_every_legend_entry_is_drawn_in_its_own_style_and_every_drawing_has_one() -> None:
    scene = _scene(zones={"blue": "west", "red": "east"})
    legend = _legend(scene)
    drawn = {name.split("--")[0] for name, _, _ in _walk(scene.items) if "--" in name}
    drawn -= {"label"}
    drawn = {f"zone-{name[5:]}" if name.startswith("zone-") else name for name in drawn}
    assert set(legend) == drawn
    assert {"side-blue", "side-red", "captured", "damage", "move", "drift", "fire-hit",
            "fire-miss", "ram", "capture", "grapple", "sunk", "zone-blue",
            "zone-red"} <= set(legend)
    for key, sample in legend.items():
        shown = _styles(sample, "")
        on_map = _styles(scene.items, f"{key}--")  # side-blue--: blue's own, not its prizes
        assert shown and shown == on_map, (key, shown ^ on_map)


def test_the_legend_says_what_the_drawing_does() -> None:
    words = {key: " ".join(i.text for i in items if isinstance(i, Text))
             for key, items in _legend(_scene()).items()}
    assert "thick outline" not in " ".join(words.values())
    assert words["captured"].startswith("dashed outline")
    assert words["ram"] == "ram or shear hit" and words["capture"] == "taken this phase"
    assert "hull" in words["damage"] and "rowing" in words["damage"]


def test_a_ram_and_a_capture_are_marked_by_different_shapes() -> None:
    marks = {name.split("--")[0]: item for name, item, _ in _walk(_scene().items)
             if name.startswith(("ram--", "capture--"))}
    assert isinstance(marks["ram"], Polygon) and len(marks["ram"].points) == 16
    assert isinstance(marks["capture"], Circle)
    assert mapscene.RAM.dash != mapscene.CAPTURE.dash


# -- what is drawn reaches the PNG ------------------------------------------------------------

FEATURES = ("damage--", "fire-hit--", "fire-miss--", "ram--", "capture--", "grapple--",
            "sunk--", "drift--", "move--", "captured--", "zone-blue--")


def _without(items: tuple[Primitive, ...], prefix: str) -> tuple[Primitive, ...]:
    kept: list[Primitive] = []
    for item in items:
        if item.id.startswith(prefix):
            continue
        if isinstance(item, Group) and not item.cache_key:
            item = Group(_without(item.items, prefix), item.style, item.id, item.tooltip)
        kept.append(item)
    return tuple(kept)


@pytest.mark.parametrize("prefix", FEATURES)
def test_each_kind_of_mark_shows_in_the_png(prefix: str) -> None:
    scene = _scene(zones={"blue": "west"})
    assert any(name.startswith(prefix) for name, _, _ in _walk(scene.items)), prefix
    bare = Scene(scene.width, scene.height, scene.title, _without(scene.items, prefix),
                 scene.transform, scene.overlay, scene.background)
    differ = Image.frombytes("L", (scene.width, scene.height), bytes(
        int(a != b) * 255 for a, b in zip(_png(scene).convert("L").tobytes(),
                                          _png(bare).convert("L").tobytes(), strict=True)))
    assert differ.getbbox() is not None, prefix


def test_damage_bars_fill_to_the_share_of_each_threshold() -> None:
    scene = _scene()
    bars = [item for name, item, _ in _walk(scene.items)
            if name == "damage--label--A" and isinstance(item, Polygon)]
    frames = [p for p in bars if p.style == mapscene.BAR]
    filled = [p for p in bars if p.style == mapscene.BAR_DAMAGE]
    assert len(frames) == 2 and len(filled) == 2
    widths = [(p.points[1][0] - p.points[0][0]) for p in filled]
    frame = frames[0].points[1][0] - frames[0].points[0][0]
    assert widths == pytest.approx([frame * 15 / 30, frame * 6 / 18])  # trireme: 30 and 18
    image = _png(scene)
    hull = filled[0]
    inside = ((hull.points[0][0] + hull.points[1][0]) / 2, (hull.points[0][1] + hull.points[2][1]) / 2)
    assert _pixel(scene, image, inside) == _rgb(mapscene.INK)
    empty = ((hull.points[1][0] + frames[0].points[1][0]) / 2, inside[1])
    assert _pixel(scene, image, empty) == _rgb(mapscene.WHITE)


def test_fire_is_drawn_from_firer_to_target_hit_solid_and_miss_dashed() -> None:
    scene = _scene()
    image = _png(scene)
    lines: dict[str, Polyline] = {}  # each shot's first polyline is its line
    for name, item, _ in _walk(scene.items):
        if name.startswith("fire-") and isinstance(item, Polyline):
            lines.setdefault(name.split("--")[0], item)
    hit, miss = lines["fire-hit"], lines["fire-miss"]
    assert hit.style == mapscene.FIRE_HIT and miss.style == mapscene.FIRE_MISS
    a, x = mapscene.hex_at("0805"), mapscene.hex_at("0905")
    assert abs(hit.points[0][0] - a[0]) < abs(hit.points[0][0] - x[0]) + 2  # starts at A's side
    assert hit.points[-1][0] > hit.points[0][0]  # A fires east at X
    along = [_pixel(scene, image, (hit.points[0][0] + (hit.points[1][0] - hit.points[0][0]) * k / 20,
                                   hit.points[0][1] + (hit.points[1][1] - hit.points[0][1]) * k / 20))
             for k in range(3, 18)]
    assert along.count(_rgb(mapscene.FIRE)) >= 12  # solid (labels may cover a little)
    words = [i.text for _, i, _ in _walk(scene.items) if isinstance(i, Text)]
    assert "drifting" in words


def test_a_set_up_map_shows_each_side_s_zone_and_names_it() -> None:
    scene = _scene(zones={"blue": "east", "red": "west"})
    image = _png(scene)
    texts = [i.text for _, i, _ in _walk(scene.items) if isinstance(i, Text)]
    assert "blue set-up zone" in texts and "red set-up zone" in texts
    east, west = mapscene.hex_at("1601"), mapscene.hex_at("0101")
    sea = _rgb(mapscene.SEA)
    for at, side in ((east, "blue"), (west, "red")):
        pixel = _pixel(scene, image, (at[0] - 0.5, at[1] - 0.3))
        tint = _rgb(mapscene.side_colour(side, []))
        want = tuple(round(s + (t - s) * 0.22) for s, t in zip(sea, tint, strict=True))
        assert all(abs(p - w) <= 3 for p, w in zip(pixel, want, strict=True)), (side, pixel)
    assert _pixel(scene, image, mapscene.hex_at("0805")) != sea  # A's own hull, not a zone
    plain = _scene()
    assert not any(name.startswith("zone-") for name, _, _ in _walk(plain.items))


# -- readable ---------------------------------------------------------------------------------

def test_a_32_by_24_map_is_large_and_its_hex_labels_are_at_least_10_px() -> None:
    scene = mapscene.map_scene({"galleys": {}}, [], "t", "s", columns=32, rows=24)
    assert scene.width >= 1200
    labels = [item for name, item, style in _walk(scene.items) if isinstance(item, Text)
              and len(item.text) == 4]
    sizes = {style.font_size for name, item, style in _walk(scene.items)
             if isinstance(item, Text) and len(item.text) == 4}
    assert len(labels) == 32 * 24 and min(s or 0 for s in sizes) >= 10
    hex_width = mapscene.SQRT3 * scene.transform.scale
    from PIL import ImageFont
    font = ImageFont.load_default(size=round(min(s or 0 for s in sizes)))
    assert font.getlength("3224") < hex_width * 0.8
    image = _png(scene)
    assert image.size == (scene.width, scene.height)


def test_the_edges_carry_column_and_row_numbers_in_the_hex_label_scheme() -> None:
    scene = mapscene.map_scene({"galleys": {}}, [], "t", "s", columns=32, rows=24)
    numbers = [(item, style) for name, item, style in _walk(scene.items)
               if name == "coordinates" and isinstance(item, Text)]
    top = [item for item, _ in numbers if item.at[1] < 0]
    left = [item for item, _ in numbers if item.at[0] < 0]
    assert len(numbers) == 2 * 32 + 2 * 24
    for col0, item in enumerate(sorted(top, key=lambda i: i.at[0])):
        assert item.text == hexes.label(hexes.from_offset(col0, 0))[:2]
        assert item.at[0] == pytest.approx(mapscene.centre(col0, 0)[0])
    for row0, item in enumerate(sorted(left, key=lambda i: i.at[1])):
        assert item.text == hexes.label(hexes.from_offset(0, row0))[2:]
        assert item.at[1] == pytest.approx(mapscene.centre(0, row0)[1])
    image = _png(scene).convert("L")
    x, y = scene.transform.apply(top[0].at)
    assert min(image.crop((int(x) - 8, int(y) - 7, int(x) + 8, int(y) + 7)).tobytes()) < 90
    svg = ET.fromstring(write_svg(scene))
    assert {e.text for e in svg.iter(f"{NS}text")} >= {"01", "24", "32"}
