"""The table-map kit (pbem/rules/table/mapkit.py, maplayout.py) and the pieces every map
shares (pbem/rules/scene.py), used as a ruleset other than Greeks vs Romans would use them:
its own looks and legend, its own cache key, rings cut to the table, labels clear of hulls;
and the pieces first drawn for the ram / cruise / strategic map: labels of any number of
lines, a fleet's merged reach, haloed shots, grapples and the title band's heading arrow."""

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
    Scene,
    Style,
    Text,
    arrow,
    haloed,
    legend_rows,
    moved,
    overlaps,
    star,
    text_width,
)
from pbem.rules.table import Pose, Vec, place, rectangle
from pbem.rules.table.mapkit import (
    LINK,
    SPARE,
    TABLE,
    TITLE,
    WHITE,
    Corners,
    bow_mark,
    distance_to,
    grapple_mark,
    heading_unit,
    look_of,
    merged_reach,
    range_ring,
    ship_frame,
    ship_shape,
    shot_arrow,
    table_grid,
)
from pbem.rules.table.maplayout import (
    CREW,
    HEADING,
    NAME,
    SAMPLE,
    Drawing,
    HeadingArrow,
    Label,
    heading_sample,
    place_labels,
    table_scene,
)

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


# -- the pieces added for the ram / cruise / strategic map, for any open-table ruleset ----------

def test_a_label_takes_any_further_lines_under_its_id_and_crew() -> None:
    corners = hull(20.0, 20.0, 0.0)
    two = Label("label--S1", "S1", "3·2·1", corners)
    small = Style(fill="#1b1b1b", font_size=11)
    long_line = "a state line wider than both"
    three = Label("label--S1", "S1", "3·2·1", corners, more=((long_line, small),))
    four = Label("label--S1", "S1", "3·2·1", corners, more=((long_line, small), ("x", NAME)))
    assert two.height == 2 + 13 + 12 + 3  # the two-line box as it always was
    assert three.height == two.height + 11 + 1 and four.height == three.height + 13 + 1
    assert three.width == pytest.approx(text_width(long_line, 11) + 4)
    assert three.width > two.width
    size = 20.0
    texts = [item for item in four.drawn((20.0, 30.0), size) if isinstance(item, Text)]
    assert [t.text for t in texts] == ["S1", "3·2·1", long_line, "x"]
    assert [t.style for t in texts] == [NAME, CREW, small, NAME]
    ys = [t.at[1] for t in texts]
    assert ys == sorted(ys, reverse=True)  # top to bottom, y growing north
    top, bottom = 30.0 + four.height / 2 / size, 30.0 - four.height / 2 / size
    assert ys[0] == pytest.approx(top - (2 + 13 / 2) / size)
    assert ys[-1] == pytest.approx(bottom + (2 + 13 / 2) / size)  # 2 px under the last line
    assert all(t.at[0] == 20.0 for t in texts)


def test_three_line_labels_are_placed_by_their_own_height() -> None:
    ships = [hull(10.0, 10.0 + 1.6 * n, 90.0) for n in range(4)]  # a tight column
    more = (("cruise 6 · f2 · sh1", Style(fill="#1b1b1b", font_size=11)),)
    labels = [Label(f"label--S{n}", f"S{n}", "5+1r 2e 3g", c, more=more)
              for n, c in enumerate(ships)]
    size = 20.0
    boxes = []
    for label, drawn in zip(labels, place_labels(labels, size, (0.0, 0.0, 72.0, 48.0), ships),
                            strict=True):
        assert isinstance(drawn, Group)
        first = next(item for item in drawn.items if isinstance(item, Text))
        top = first.at[1] + (2 + 13 / 2) / size
        w, h = label.width / size, label.height / size
        boxes.append((first.at[0] - w / 2, top - h, first.at[0] + w / 2, top))
    assert not any(overlaps(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert not any(overlaps(box, (min(x for x, _ in s), min(y for _, y in s),
                                  max(x for x, _ in s), max(y for _, y in s)))
                   for box in boxes for s in ships)


def test_distance_to_a_hull_is_nought_inside_and_to_the_nearest_edge_or_corner_outside() -> None:
    corners = hull(10.0, 10.0, 0.0)  # x 9.5..10.5, y 8..12
    assert distance_to((10.0, 10.0), corners) == 0.0
    assert distance_to((13.5, 10.0), corners) == pytest.approx(3.0)
    assert distance_to((10.5 + 3.0, 12.0 + 4.0), corners) == pytest.approx(5.0)


def test_a_merged_reach_runs_exactly_at_the_reach_of_the_nearest_hull_and_on_the_table() -> None:
    """Three hulls, two overlapping in reach and one in the corner: every point of the outline
    is the reach from the nearest hull, none nearer to another, none off the table."""
    table = (0.0, 0.0, 72.0, 48.0)
    hulls = [hull(20.0, 20.0, 0.0), hull(24.0, 21.0, 30.0), hull(2.0, 2.0, 90.0)]
    runs = merged_reach(hulls, 3.0, table)
    points = [p for run in runs for p in run]
    assert runs and all(len(run) > 1 for run in runs)
    assert all(0.0 <= x <= 72.0 and 0.0 <= y <= 48.0 for x, y in points)
    for p in points:
        assert min(distance_to(p, h) for h in hulls) == pytest.approx(3.0, abs=0.02)
    middle = (22.0, 20.5)  # between the two near hulls: inside the reach, not on its outline
    assert min(math.dist(middle, p) for p in points) > 1.0
    alone = merged_reach(hulls[:1], 3.0, table)
    assert len(alone) == 1  # one hull in the open: one closed run
    assert merged_reach([], 3.0, table) == ()


def test_a_shot_over_a_halo_lies_on_a_white_line_three_pixels_wider() -> None:
    style = Style(fill="#117733", stroke="#117733", width=3.5, dash=())
    for stone in (False, True):
        plain = shot_arrow(style, (0.0, 0.0), (6.0, 2.0), stone)
        halo = shot_arrow(style, (0.0, 0.0), (6.0, 2.0), stone, "shot--1", "tip", halo=True)
        under, shot = halo.items
        assert (halo.id, halo.tooltip) == ("shot--1", "tip")
        assert isinstance(under, Polyline) and under.points == ((0.0, 0.0), (6.0, 2.0))
        assert under.style.stroke == WHITE and under.style.width == 6.5 and under.style.dash == ()
        assert shot == plain and plain.id == ""


def test_a_grapple_links_two_centres_with_a_hook_at_each_end_over_halos() -> None:
    ends = ((1.0, 1.0), (3.0, 2.0))
    mark = grapple_mark(ends, "grapple--A--B", "A and B")
    assert (mark.id, mark.tooltip) == ("grapple--A--B", "A and B")
    line, *hooks = mark.items
    assert isinstance(line, Group) and line.items[1] == Polyline(ends, LINK)
    assert [hook.items[1] for hook in hooks if isinstance(hook, Group)] == [
        Circle(end, 0.22, LINK) for end in ends]
    assert all(isinstance(part, Group) and part.items[0].style.stroke == WHITE
               for part in (line, *hooks))
    red = Style(fill="#cc3311", stroke="#cc3311", width=2, dash=())
    assert grapple_mark(ends, style=red).items[0] == haloed(Polyline(ends, red))


def test_heading_unit_points_along_a_compass_heading() -> None:
    assert heading_unit(0.0) == pytest.approx((0.0, 1.0))
    assert heading_unit(90.0) == pytest.approx((1.0, 0.0))
    assert heading_unit(225.0) == pytest.approx((-math.sqrt(0.5), -math.sqrt(0.5)))


def _wind_scene(heading: HeadingArrow | None, order: tuple[str, ...]) -> Scene:
    drawing = Drawing(["athens"], heading=heading)

    def swatch(key: str, seen: Drawing) -> tuple[Primitive, str]:
        return Polygon(star((0.0, 0.0), 0.75, 0.4), Style(stroke="#1b1b1b")), f"{key} mark"

    return table_scene(drawing, "Wind map", "turn 2", 10.0, 36.0, 24.0, "othergame", swatch, order)


def test_a_heading_arrow_points_downwind_in_the_title_band_with_its_own_legend_entry() -> None:
    east = HeadingArrow(90.0, "wind 90", "wind towards 90; routers sail A 180", "wind", "blows east")
    scene = _wind_scene(east, ("wind",))
    band = scene.overlay[-1]
    assert isinstance(band, Group) and (band.id, band.tooltip) == ("wind", "blows east")
    line, words = band.items
    assert isinstance(words, Text) and words.text == "wind 90" and words.at[1] < TITLE
    assert isinstance(line, Group) and isinstance(line.items[1], Polygon)
    tip, tail = line.items[1].points[0], line.items[0].points[0]  # pixels: y grows down
    assert tip[0] > tail[0] + 20 and tip[1] == pytest.approx(tail[1])
    assert tip[0] <= scene.width and tail[0] > words.at[0]
    legend = {item.id: item for item in scene.overlay[-2].items if isinstance(item, Group)}
    entry = legend["legend-wind"]
    assert any(isinstance(t, Text) and t.text == "wind towards 90; routers sail A 180"
               for t in entry.items)
    north = _wind_scene(HeadingArrow(0.0, "wind 0", "", "wind"), ("wind",)).overlay[-1]
    assert isinstance(north, Group) and isinstance(north.items[0], Group)
    up_tip, up_tail = north.items[0].items[1].points[0], north.items[0].items[0].points[0]
    assert up_tip[1] < up_tail[1] - 20  # north is up the picture
    sample = heading_sample(east)  # in inches round (0, 0), downwind
    assert isinstance(sample, Group) and isinstance(sample.items[0], Polyline)
    assert sample.items[0].points[0] == pytest.approx((-1.2, 0.0))
    assert sample.items[0].style == HEADING and isinstance(sample.items[1], Polygon)
    assert sample.items[1].points[0] == pytest.approx((1.2, 0.0))


def test_without_a_heading_arrow_the_overlay_is_the_title_and_legend_alone() -> None:
    scene = _wind_scene(None, ("wind",))
    assert len(scene.overlay) == 3 and not any(
        isinstance(item, Group) and item.id == "wind" for item in scene.overlay)
    unlisted = _wind_scene(HeadingArrow(45.0, "wind 45", "words", "wind"), ())
    assert unlisted.overlay[-1].id == "wind"  # drawn in the band, though the legend leaves it out
    legend_group = unlisted.overlay[-2]
    assert isinstance(legend_group, Group) and legend_group.items == ()
