"""The table-map kit (pbem/rules/table/mapkit.py, maplayout.py) and the pieces every map
shares (pbem/rules/scene.py), used as a ruleset other than Greeks vs Romans would use them:
its own looks and legend, its own cache key, rings cut to the table, labels clear of hulls."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest

from pbem.render.svg import write_svg
from pbem.rules.scene import (
    Circle,
    Group,
    LegendLayout,
    Polygon,
    Polyline,
    Primitive,
    Style,
    Text,
    arrow,
    haloed,
    legend_rows,
    moved,
    overlaps,
    star,
)
from pbem.rules.table import Pose, Vec, place, rectangle
from pbem.rules.table.mapkit import (
    SPARE,
    TABLE,
    Corners,
    bow_mark,
    look_of,
    range_ring,
    ship_frame,
    ship_shape,
    shot_arrow,
    table_grid,
)
from pbem.rules.table.maplayout import SAMPLE, Drawing, Label, place_labels, table_scene

RULES = Path(__file__).resolve().parents[3] / "pbem" / "rules"


def hull(x: float, y: float, heading: float, length: float = 4.0, beam: float = 1.0) -> Corners:
    polygon = place(rectangle(length, beam), Pose(Vec(x, y), heading))
    return tuple((c.x, c.y) for c in polygon.corners)


def test_the_kit_imports_no_ruleset() -> None:
    """Any open-table ruleset may import the kit: it imports only the scene and the table
    core, never a ruleset's package."""
    for name in ("mapkit.py", "maplayout.py"):
        tree = ast.parse((RULES / "table" / name).read_text(encoding="utf-8"))
        modules = {node.module for node in ast.walk(tree)
                   if isinstance(node, ast.ImportFrom) and node.module}
        ours = {m for m in modules if m.startswith("pbem")}
        assert ours <= {"pbem.rules.scene", "pbem.rules.table", "pbem.rules.table.mapkit"}, ours


def test_a_side_without_a_look_of_its_own_takes_a_spare_one_by_its_place() -> None:
    looks = {"athens": ("#123456", "plain")}
    sides = ["athens", "sparta", "corinth"]
    assert look_of("athens", sides, looks) == ("#123456", "plain")
    assert look_of("sparta", sides, looks) == SPARE[1]
    assert look_of("corinth", sides, looks) == SPARE[2]
    assert look_of("stranger", sides, looks) == SPARE[0]


def test_a_ship_frame_reads_centre_heading_and_size_from_its_corners() -> None:
    corners = hull(10.0, 5.0, 90.0, length=6.0, beam=2.0)  # heading 90: east
    centre, ahead, right, length, beam = ship_frame(corners)
    assert centre == pytest.approx((10.0, 5.0))
    assert ahead == pytest.approx((1.0, 0.0), abs=1e-9)
    assert right == pytest.approx((0.0, -1.0), abs=1e-9)
    assert (length, beam) == pytest.approx((6.0, 2.0))
    tip = bow_mark(corners)[0]
    assert 12.5 < tip[0] < 13.0 and tip[1] == pytest.approx(5.0)  # just inside the bow edge


def test_a_sinking_ship_is_crossed_under_its_own_id() -> None:
    shape = ship_shape(SAMPLE, Style(fill="#004488"), "stripes", True, "side-x--S1", "S1")
    assert shape.id == "side-x--S1" and shape.tooltip == "S1"
    crossed = [item for item in shape.items if isinstance(item, Group) and item.id]
    assert [item.id for item in crossed] == ["sinking--S1"]
    assert len(shape.items) == 4  # hull, stripes, bow, cross


def test_a_range_ring_is_cut_to_the_table() -> None:
    """A ship in the corner reaches 12" beyond the table's edge; the ring stops at it."""
    table = (0.0, 0.0, 72.0, 48.0)
    ring = range_ring(hull(3.0, 3.0, 0.0), 12.0, table, Style(stroke="#882255"), "ring--S1")
    points = [p for run in ring.items if isinstance(run, Polyline) for p in run.points]
    assert points and ring.id == "ring--S1"
    assert all(-1e-9 <= x <= 72 and -1e-9 <= y <= 48 for x, y in points)
    assert max(math.hypot(x - 3.0, y - 3.0) for x, y in points) > 12.0
    whole = range_ring(hull(36.0, 24.0, 0.0), 12.0, table, Style())
    assert len(whole.items) == 1  # in the middle nothing is cut: one closed run


def test_a_shot_ends_in_a_solid_triangle_or_a_stone() -> None:
    dashed = Style(fill="#ffffff", stroke="#117733", width=3, dash=(8, 4))
    pointed = shot_arrow(dashed, (0.0, 0.0), (10.0, 0.0), False)
    stone = shot_arrow(dashed, (0.0, 0.0), (10.0, 0.0), True)
    line, head = pointed.items
    assert isinstance(line, Polyline) and line.points[-1] == pytest.approx((9.45, 0.0))
    assert isinstance(head, Polygon) and head.points[0] == (10.0, 0.0)
    assert head.style.dash == () and line.style.dash == (8, 4)
    assert isinstance(stone.items[1], Circle) and stone.items[1].centre == pytest.approx((9.7, 0))
    assert stone.items[1].style.dash == ()
    assert pointed == arrow((0.0, 0.0), (10.0, 0.0), dashed, 0.55, 0.28)


def test_a_halo_is_white_and_three_pixels_wider_under_any_mark() -> None:
    for mark in (Polygon(star((0.0, 0.0), 0.8, 0.45), Style(stroke="#1b1b1b", width=2.5)),
                 Polyline(((0.0, 0.0), (1.0, 1.0)), Style(stroke="#1b1b1b", width=4)),
                 Circle((0.0, 0.0), 0.6, Style(stroke="#1b1b1b", width=3))):
        under, top = haloed(mark, "m", "tip").items
        assert top is mark and type(under) is type(mark)
        assert under.style.stroke == "#ffffff" and under.style.width == (mark.style.width or 1) + 3


def test_legend_rows_wrap_before_the_width_and_flip_samples_when_asked() -> None:
    layout = LegendLayout(row=28, unit=10, sample=25, words=54, room=58, gap=16,
                          text=Style(font_size=12), flip_y=True)
    sample = Polyline(((0.0, 0.0), (0.0, 1.0)))
    entries = [(f"k{n}", sample, "words " * 3) for n in range(6)]
    items, height = legend_rows(entries, 400, 100.0, layout)
    assert [item.id for item in items if isinstance(item, Group)] == [f"legend-k{n}" for n in
                                                                       range(6)]
    texts = [item.items[1] for item in items if isinstance(item, Group)]
    assert all(isinstance(t, Text) and t.at[0] < 400 for t in texts)
    assert len({t.at[1] for t in texts if isinstance(t, Text)}) == height / 28 > 1
    first = items[0]
    assert isinstance(first, Group) and isinstance(first.items[0], Polyline)
    assert first.items[0].points == ((31.0, 114.0), (31.0, 104.0))  # y up, drawn upwards
    assert moved(sample, 10, (31.0, 114.0)) == Polyline(((31.0, 114.0), (31.0, 124.0)))
    assert legend_rows([], 400, 100.0, layout) == ((), 0.0)


def test_labels_stay_on_the_table_and_off_each_other_and_the_hulls() -> None:
    ships = [hull(10.0 + 1.5 * n, 10.0, 0.0) for n in range(4)]  # a tight line abreast
    labels = [Label(f"label--S{n}", f"S{n}", "3·2·1", corners) for n, corners in enumerate(ships)]
    size = 20.0
    drawn = place_labels(labels, size, (0.0, 0.0, 72.0, 48.0), ships)
    boxes = []
    for label in drawn:
        assert isinstance(label, Group)
        words = [item for item in label.items if isinstance(item, Text)]
        x = words[0].at[0]
        y = (words[0].at[1] + words[1].at[1]) / 2
        w, h = labels[0].width / size, labels[0].height / size
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    assert all(b[0] >= 0 and b[2] <= 72 and b[1] >= 0 and b[3] <= 48 for b in boxes)
    assert not any(overlaps(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_another_ruleset_draws_a_whole_table_with_its_own_legend_and_cache_key() -> None:
    drawing = Drawing(["athens"])
    corners = hull(20.0, 12.0, 45.0)
    look = Style(fill="#123456", stroke="#1b1b1b", width=1.5, dash=())
    drawing.ships.append(ship_shape(corners, look, "plain", False, "side-athens--A1"))
    drawing.hulls.append(corners)
    drawing.labels.append(Label("label--A1", "A1", "crew", corners))
    drawing.shown["side-athens"] = None
    drawing.shown["mine"] = None

    def swatch(key: str, seen: Drawing) -> tuple[Primitive, str]:
        if key == "side-athens":
            return ship_shape(SAMPLE, look, "plain", False), "athens"
        return Polygon(star((0.0, 0.0), 0.75, 0.4), Style(stroke="#1b1b1b")), f"{key} mark"

    scene = table_scene(drawing, "Test map", "turn 1", 10.0, 36.0, 24.0, "othergame", swatch,
                        ("unused", "mine"))
    grid = scene.items[0]
    assert isinstance(grid, Group) and grid.cache_key == "othergame-table-36x24-10"
    assert table_grid(36.0, 24.0, 10.0, "othergame") == grid
    overlay_legend = scene.overlay[-1]
    assert isinstance(overlay_legend, Group) and overlay_legend.id == "legend"
    assert [item.id for item in overlay_legend.items if isinstance(item, Group)] == [
        "legend-side-athens", "legend-mine"]
    svg = write_svg(scene)
    assert "Test map" in svg and TABLE in svg and 'id="label--A1"' in svg
    assert scene.width == 480  # never narrower than 480 pixels
