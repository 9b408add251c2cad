"""The Greeks vs Romans map: each ship is its exact rectangle on the table (y flipped to the
picture), sunk ships are gone, the viewer alone sees its own range rings, each strike is
marked by a shape of its kind, shots go shooter to target hit or missed, the legend is drawn
with the map's own styles and lists only what is drawn, the colours keep their contrast
against the table, labels stay apart in a melee, and the plan map plots each checked order."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from PIL import ImageFont

from pbem.render.svg import write_svg
from pbem.rules.greeksromans import mapscene
from pbem.rules.scene import DEFAULT, Box, Group, Polygon, Polyline, Primitive, Scene, Style, Text
from pbem.rules.table import Pose, Vec, overlaps, place, rectangle
from tests.render.scenes import contrast
from tests.render.scenes import legend as _legend
from tests.render.scenes import pixel as _pixel
from tests.render.scenes import png_of as _png
from tests.render.scenes import rgb as _rgb
from tests.render.scenes import styles as _styles
from tests.render.scenes import walk as _walk

NS = "{http://www.w3.org/2000/svg}"


def corners(x: float, y: float, heading: float) -> list[list[float]]:
    """The 4" × 1" rectangle at a centre and heading, bow-starboard first (rulings §2)."""
    polygon = place(rectangle(4.0, 1.0), Pose(Vec(x, y), heading))
    return [[c.x, c.y] for c in polygon.corners]


def ship(side: str, x: float, y: float, heading: float, **more: Any) -> dict[str, Any]:
    """A ship as the case runner's JSON gives it (cases-open-table.md item 8)."""
    greek = side == "greeks"
    found: dict[str, Any] = {
        "side": side, "nationality": "greek" if greek else "roman", "x": x, "y": y,
        "heading": heading, "sailors": 3 if greek else 2, "marines": 2 if greek else 3,
        "captain": 1, "catapult_crew": 0, "admiral": 0, "status": "afloat", "controller": side,
        "corners": corners(x, y, heading)}
    found.update(more)
    return found


def battle() -> dict[str, Any]:
    """Turn 3 of the default scenario: a ram, a prize, a sinking ship, a sunk one."""
    return {"turn": 3, "half": 1, "initiative": "greeks", "winner": "", "phase": "half",
            "table": {"width": 72, "height": 48}, "ships": {
                "G1": ship("greeks", 30, 20, 30, admiral=1),
                "G2": ship("greeks", 22, 17, 0, catapult_crew=1),
                "G3": ship("greeks", 42, 22, 60, catapult_crew=1, sailors=1),
                "G4": ship("greeks", 54, 12, 0, status="sinking", captain=0),
                "R1": ship("romans", 33, 24.6, 120, admiral=1),
                "R2": ship("romans", 50, 30, 180, catapult_crew=1),
                "R3": ship("romans", 45.2, 24.5, 240, catapult_crew=0, sailors=0, marines=0,
                           controller="greeks"),
                "R4": ship("romans", 18, 40, 180, status="sunk", captain=0)}}


EVENTS: list[dict[str, Any]] = [
    {"kind": "bonus", "side": "greeks", "roll": 4},
    {"kind": "move", "ship": "G1", "path": [[30, 8], [30, 14], [30.5, 17], [30, 20]]},
    {"kind": "move", "ship": "G3", "path": [[42, 8], [42, 16], [42, 22]]},
    {"kind": "strike", "ship": "G1", "target": "R1", "strike": "ram", "impact": [31.5, 23.0]},
    {"kind": "strike", "ship": "G3", "target": "R3", "strike": "oar", "impact": [43.8, 23.3]},
    {"kind": "strike", "ship": "G2", "target": "R1", "strike": "rudder", "impact": [22, 19.2]},
    {"kind": "blocked", "ship": "G4", "at": [54, 14]},
    {"kind": "archery", "ship": "G2", "target": "R1", "hits": 2},
    {"kind": "archery", "ship": "G1", "target": "R2", "hits": 0},
    {"kind": "catapult", "ship": "G2", "target": "R2", "hits": 0},
    {"kind": "catapult", "ship": "G3", "target": "R1", "hits": 1},
]


def _full(style: Style) -> Style:
    """A style as a leaf drawn in it resolves: what it leaves open taken from the default."""
    return style.under(DEFAULT)


def _named(scene: Scene, prefix: str) -> list[tuple[str, Primitive, Style]]:
    return [found for found in _walk(scene.items) if found[0].startswith(prefix)]


def _on_hull(found: dict[str, Any], u: float, v: float) -> tuple[float, float]:
    """A point u inches towards the bow and v to starboard of a ship's centre."""
    h = math.radians(found["heading"])
    return (found["x"] + u * math.sin(h) + v * math.cos(h),
            found["y"] + u * math.cos(h) - v * math.sin(h))


def _scene(viewer: str | None = "greeks", events: list[dict[str, Any]] | None = None,
           ) -> Scene:
    return mapscene.map_scene(battle(), EVENTS if events is None else events, "Greeks vs Romans",
                              "turn 3, half 1", viewer)


# -- the ships ----------------------------------------------------------------------------------

def test_each_ship_on_the_table_is_a_polygon_of_exactly_its_corners() -> None:
    view = battle()
    scene = _scene()
    hulls = {name.split("--")[1]: item for name, item, style in _walk(scene.items)
             if name.startswith(("side-", "captured--")) and isinstance(item, Polygon)
             and style.fill not in (mapscene.WHITE, "none")}
    assert set(hulls) == {"G1", "G2", "G3", "G4", "R1", "R2", "R3"}  # R4 is sunk
    for sid, hull in hulls.items():
        assert hull.points == tuple(tuple(c) for c in view["ships"][sid]["corners"]), sid
    # y grows north on the table and down in the picture: the south-west corner is low left
    south_west, north_east = scene.transform.apply((0, 0)), scene.transform.apply((72, 48))
    assert south_west[0] < north_east[0] and south_west[1] > north_east[1]
    assert north_east[1] == pytest.approx(mapscene.TITLE + mapscene.EDGE)
    image = _png(_scene(events=[]))
    for sid, found in view["ships"].items():
        if sid in hulls:
            fill = mapscene.side_look(found["controller"], ["greeks", "romans"])[0]
            assert _pixel(scene, image, _on_hull(found, -0.6, 0.25)) == _rgb(fill), sid


def test_ships_that_have_sunk_or_left_are_not_on_the_table() -> None:
    view = battle()
    view["ships"]["R2"]["status"] = "left"
    scene = mapscene.map_scene(view, [], "t", "s", None)
    drawn = {name.split("--")[1] for name, _, _ in _walk(scene.items) if "--" in name}
    assert "R4" not in drawn and "R2" not in drawn and "G1" in drawn


def test_the_bow_mark_points_out_through_the_bow_edge() -> None:
    view = battle()
    scene = _scene(events=[])
    for sid in ("G1", "R1"):
        found = view["ships"][sid]
        shape = next(item for name, item, style in _walk(scene.items)
                     if name.endswith(f"--{sid}") and isinstance(item, Polygon)
                     and style == _full(mapscene.BOW))
        assert isinstance(shape, Polygon)
        bow = ((found["corners"][0][0] + found["corners"][3][0]) / 2,
               (found["corners"][0][1] + found["corners"][3][1]) / 2)
        tip = min(shape.points, key=lambda p: math.dist(p, bow))
        assert math.dist(tip, bow) < 0.2
        centre = (found["x"], found["y"])
        assert all(math.dist(p, centre) < math.dist(tip, centre) for p in shape.points
                   if p != tip)


def test_sinking_ships_are_crossed_and_prizes_outlined_dashed_in_their_old_colour() -> None:
    scene = _scene(events=[])
    crosses = [item for name, item, _ in _named(scene, "sinking--")]
    assert {name for name, _, _ in _named(scene, "sinking--")} == {"sinking--G4"}
    corners_g4 = [tuple(c) for c in battle()["ships"]["G4"]["corners"]]
    assert {p for line in crosses if isinstance(line, Polyline) for p in line.points} == set(
        corners_g4)
    prize = [style for name, item, style in _named(scene, "captured--R3")
             if isinstance(item, Polygon) and style.dash]
    assert prize and prize[0].stroke == mapscene.side_look("romans", [])[0]
    assert prize[0].fill == mapscene.side_look("greeks", [])[0]


def test_each_label_gives_the_id_and_the_crew_at_a_glance() -> None:
    labels = {name: [i.text for _, i, _ in _walk((group,)) if isinstance(i, Text)]
              for name, group, _ in [(g.id, g, None) for g in _labels(_scene(events=[]))]}
    assert labels["label--G1"] == ["G1", "3·2·1 A"]
    assert labels["label--G2"] == ["G2", "3·2·1 C"]
    assert labels["label--G4"] == ["G4", "3·2·0"]
    assert labels["label--R3"] == ["R3", "0·0·1"]
    assert "label--R4" not in labels


# -- range rings ---------------------------------------------------------------------------------

def _outline_distance(point: tuple[float, float], outline: list[list[float]]) -> float:
    """How far a point lies from the edges of a ship's rectangle."""
    px, py = point
    found = math.inf
    for i, (ax, ay) in enumerate(outline):
        bx, by = outline[(i + 1) % len(outline)]
        share = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)
        share = min(max(share, 0.0), 1.0)
        found = min(found, math.dist(point, (ax + share * (bx - ax), ay + share * (by - ay))))
    return found


def _gap(first: list[list[float]], second: list[list[float]]) -> float:
    """How far apart two ships' rectangles lie (0 if they touch)."""
    return min(min(_outline_distance(tuple(p), second) for p in first),  # type: ignore[arg-type]
               min(_outline_distance(tuple(p), first) for p in second))  # type: ignore[arg-type]


@pytest.mark.parametrize("viewer", ["greeks", "romans"])
def test_the_viewer_sees_range_rings_round_its_own_ships_with_an_enemy_in_reach(viewer: str,
                                                                               ) -> None:
    view = battle()
    scene = _scene(viewer)
    rings = {name for name, _, _ in _named(scene, "ring-")}
    afloat = {sid: s for sid, s in view["ships"].items() if s["status"] in ("afloat", "sinking")}
    own = {sid for sid, s in afloat.items() if s["controller"] == viewer}
    enemies = [s["corners"] for s in afloat.values() if s["controller"] != viewer]

    def reaches(sid: str, reach: float) -> bool:
        return any(_gap(view["ships"][sid]["corners"], e) <= reach for e in enemies)

    archers = {sid for sid in own if view["ships"][sid]["sailors"] >= 2 and reaches(sid, 12)}
    catapults = {sid for sid in own
                 if view["ships"][sid]["catapult_crew"] >= 1 and reaches(sid, 18)}
    assert rings == {f"ring-archery--{sid}" for sid in archers} | {
        f"ring-catapult--{sid}" for sid in catapults}
    assert archers and catapults


def test_a_ship_with_no_enemy_in_reach_draws_no_ring() -> None:
    """Issue 24: rings only where they help; the Romans far off, no Greek ring at all."""
    view = battle()
    for ship in view["ships"].values():
        if ship["controller"] == "romans":
            ship["corners"] = [[x + 200.0, y] for x, y in ship["corners"]]
            ship["x"] += 200.0
    view["table"] = {"width": 300, "height": 48}
    scene = mapscene.map_scene(view, [], "Greeks vs Romans", "turn 3, half 1", "greeks")
    assert [name for name, _, _ in _named(scene, "ring-")] == []
    near = mapscene.map_scene(battle(), [], "Greeks vs Romans", "turn 3, half 1", "greeks")
    assert _named(near, "ring-")


def test_observers_and_the_game_master_see_no_rings() -> None:
    scene = _scene(None)
    assert not _named(scene, "ring-")
    assert not any(key.startswith("ring-") for key in _legend(scene))


def test_a_ring_is_the_footprint_grown_by_the_range_cut_to_the_table() -> None:
    view = battle()
    scene = _scene("greeks")
    for sid, kind, reach in (("G1", "archery", 12.0), ("G2", "catapult", 18.0)):
        lines = [item for _, item, _ in _named(scene, f"ring-{kind}--{sid}")]
        points = [p for line in lines if isinstance(line, Polyline) for p in line.points]
        assert len(points) > 20
        for x, y in points:
            assert -1e-9 <= x <= 72 + 1e-9 and -1e-9 <= y <= 48 + 1e-9
            inside = 1e-9 < x < 72 - 1e-9 and 1e-9 < y < 48 - 1e-9
            distance = _outline_distance((x, y), view["ships"][sid]["corners"])
            if inside:  # a vertex of the rounded outline: exactly the range away
                assert distance == pytest.approx(reach, abs=1e-6)
            else:  # where the ring is cut by the table edge: on a chord, a shade inside
                assert reach * 0.98 < distance <= reach + 1e-6
    cut = [item for _, item, _ in _named(scene, "ring-catapult--G2")]
    assert len(cut) == 1  # 18" round G2 runs off the south edge: one run is left


# -- this half's events ---------------------------------------------------------------------

def test_each_strike_is_marked_at_its_impact_by_the_shape_of_its_kind() -> None:
    scene = _scene()
    marks = {name.split("--")[0]: item for name, item, style in _named(scene, "strike-")
             if isinstance(item, Polygon) and style.stroke != mapscene.WHITE}
    assert set(marks) == {"strike-ram", "strike-oar", "strike-rudder"}
    corners_of = {kind: len(mark.points) for kind, mark in marks.items()
                  if isinstance(mark, Polygon)}
    assert corners_of == {"strike-ram": 16, "strike-oar": 3, "strike-rudder": 4}
    for event in EVENTS:
        if event["kind"] == "strike":
            mark = marks[f"strike-{event['strike']}"]
            assert isinstance(mark, Polygon)
            middle = (sum(p[0] for p in mark.points) / len(mark.points),
                      sum(p[1] for p in mark.points) / len(mark.points))
            assert middle == pytest.approx(tuple(event["impact"]), abs=0.01)


def test_a_path_is_drawn_through_the_points_of_its_move() -> None:
    scene = _scene()
    paths = [item for _, item, _ in _named(scene, "move--") if isinstance(item, Polyline)]
    assert [list(map(list, p.points)) for p in paths] == [
        [[30, 8], [30, 14], [30.5, 17], [30, 20]], [[42, 8], [42, 16], [42, 22]]]


def test_shots_go_from_shooter_to_target_hit_solid_and_miss_dashed() -> None:
    view = battle()
    scene = _scene()
    lines: dict[str, tuple[Primitive, Style]] = {}  # each shot's first polyline: its line
    for name, item, style in _walk(scene.items):
        if isinstance(item, Polyline) and name.startswith(("archery-", "catapult-")):
            lines.setdefault(name.split("--")[0], (item, style))
    assert set(lines) == {"archery-hit", "archery-miss", "catapult-hit", "catapult-miss"}
    for key, (_, style) in lines.items():
        assert style == _full(mapscene.SHOT[(key.split("-")[0], key.endswith("hit"))])
        assert bool(style.dash) == key.endswith("miss")
    line, _ = lines["archery-hit"]  # G2 at R1: starts on G2, heads for R1
    assert isinstance(line, Polyline)
    assert _outline_distance(line.points[0], view["ships"]["G2"]["corners"]) < 1e-6
    assert _outline_distance(line.points[-1], view["ships"]["R1"]["corners"]) < 0.6
    heads = {name.split("--")[0]: item for name, item, _ in _walk(scene.items)
             if name.startswith(("archery-", "catapult-")) and not isinstance(item, Polyline)}
    for key in ("catapult-hit", "archery-hit"):  # a hit ends in a burst, not a bow's triangle
        head = heads[key]
        assert isinstance(head, Polygon) and len(head.points) == 16
    assert mapscene.SHOT[("catapult", True)].width != mapscene.SHOT[("archery", True)].width


@pytest.mark.parametrize("odd", [
    {"kind": "strike"}, {"kind": "strike", "strike": "ram"},
    {"kind": "strike", "strike": "sideswipe", "impact": [1, 1]},
    {"kind": "strike", "strike": "ram", "impact": "here"}, {"kind": "archery", "ship": "G1"},
    {"kind": "archery", "ship": "G1", "target": "Q9", "hits": 1},
    {"kind": "catapult", "ship": "G2", "target": "R1"}, {"kind": "move", "ship": "G1"},
    {"kind": "move", "path": [[1, 2]]}, {"kind": "move", "path": [None, "x", [3]]},
    {"kind": "blocked", "ship": "G1"}, {"kind": "capture", "ship": "G1", "target": "R3"},
    {}, {"kind": None}])
def test_an_event_without_what_a_mark_needs_draws_nothing(odd: dict[str, Any]) -> None:
    scene = _scene(events=[odd])
    assert not any(group.items for group in scene.items
                   if group.id in ("trails", "marks") and isinstance(group, Group))


# -- the legend is the drawing ---------------------------------------------------------------

def _legend_is_the_drawing(scene: Scene) -> None:
    legend = _legend(scene)
    drawn = {name.split("--")[0] for name, _, _ in _walk(scene.items) if "--" in name}
    assert set(legend) == drawn
    every_style = _styles(scene.items)
    for key, sample in legend.items():
        shown = _styles(sample)
        assert shown <= every_style, (key, shown - every_style)  # nothing the map lacks
        on_map = _styles(scene.items, f"{key}--")
        assert on_map <= shown, (key, on_map - shown)  # each mark explained in its own style


def test_every_legend_entry_is_drawn_in_its_map_styles_and_every_mark_has_one() -> None:
    scene = _scene()
    _legend_is_the_drawing(scene)
    assert {"side-greeks", "side-romans", "captured", "sinking", "label", "move", "strike-ram",
            "strike-oar", "strike-rudder", "blocked", "archery-hit", "archery-miss",
            "catapult-hit", "catapult-miss", "ring-archery", "ring-catapult"} == set(
                _legend(scene))


def test_the_legend_shows_a_leader_only_when_a_label_has_one() -> None:
    crowded = mapscene.map_scene(melee(), [], "Melee", "turn 5", "greeks")
    _legend_is_the_drawing(crowded)
    assert _styles(_legend(crowded)["label"]) == {_full(mapscene.LEADER)}
    assert _styles(_legend(_scene())["label"]) == set()



def test_the_legend_lists_only_what_is_drawn() -> None:
    scene = mapscene.map_scene({"ships": {"G1": ship("greeks", 10, 10, 90)}}, [], "t", "s",
                               None)
    assert set(_legend(scene)) == {"side-greeks", "label"}
    words = " ".join(i.text for items in _legend(_scene()).values() for i in items
                     if isinstance(i, Text))
    for said in ("ram", "oar clash", "rudder strike", "sinking", "captured", "archery range 12\"",
                 "catapult range 18\"", "sailors·marines·captain"):
        assert said in words


# -- colour and pattern ------------------------------------------------------------------------

def test_fills_marks_and_words_stand_out_from_the_table() -> None:
    fills = [colour for colour, _ in (*mapscene.SIDE_LOOK.values(), *mapscene.SPARE)]
    for fill in fills:
        assert contrast(fill, mapscene.TABLE) >= 3.0, fill
        assert contrast(fill, mapscene.WHITE) >= 3.0, fill  # the white bow mark and stripes
    greeks, romans = (mapscene.side_look(s, [])[0] for s in ("greeks", "romans"))
    assert contrast(greeks, romans) >= 2.0
    marks = [*mapscene.STRIKE.values(), *mapscene.SHOT.values(), *mapscene.RING.values(),
             mapscene.BLOCKED, mapscene.TRAIL, mapscene.SINKING, mapscene.PLAN_TRAIL,
             mapscene.PLAN_END, mapscene.PLAN_STRIKE]
    for style in marks:
        assert style.stroke is not None and contrast(style.stroke, mapscene.TABLE) >= 3.0, style
    for words in (mapscene.GRID_LABEL, mapscene.INK):
        assert contrast(words, mapscene.TABLE) >= 4.5 and contrast(words, mapscene.WHITE) >= 4.5
    assert contrast(mapscene.NAME.fill or "", mapscene.NAME.stroke or "") >= 4.5


def test_the_sides_are_told_apart_by_pattern_in_the_png() -> None:
    assert mapscene.side_look("greeks", [])[1] != mapscene.side_look("romans", [])[1]
    spare = {pattern for _, pattern in mapscene.SPARE}
    assert len(spare) == len(mapscene.SPARE)
    view = battle()
    scene = _scene(events=[])
    image = _png(scene)
    stripes = [item for name, item, style in _walk(scene.items) if name == "side-romans--R2"
               and style == _full(mapscene.STRIPE)]
    assert len(stripes) == 4
    for sid, striped in (("R2", True), ("G2", False)):
        line = stripes[1]
        assert isinstance(line, Polyline)
        u = -0.92  # where R2's second stripe crosses its keel; G2 is plain there
        pixel = _pixel(scene, image, _on_hull(view["ships"][sid], u, 0.0))
        assert (pixel == _rgb(mapscene.WHITE)) == striped, sid


# -- the table -----------------------------------------------------------------------------------

def test_a_72_by_48_table_makes_a_png_over_1200_pixels_wide_and_an_svg() -> None:
    scene = _scene()
    image = _png(scene)
    assert image.size == (scene.width, scene.height) and scene.width >= 1200
    assert 1300 <= scene.width <= 1500
    svg = ET.fromstring(write_svg(scene))
    texts = {e.text for e in svg.iter(f"{NS}text")}
    assert {"0", "6", "48", "72", "G1", "3·2·1 A"} <= texts
    ids = {e.get("id") for e in svg.iter() if e.get("id")}
    assert {"side-greeks--G1", "captured--R3", "strike-ram--3", "ring-archery--G1"} <= ids


def test_the_grid_is_every_6_inches_with_the_inches_along_every_edge() -> None:
    scene = mapscene.map_scene({"table": {"width": 48, "height": 36}, "ships": {}}, [], "t",
                               "s", None)
    numbers = [(item.text, item.at) for name, item, _ in _walk(scene.items)
               if name == "inches" and isinstance(item, Text)]
    assert len(numbers) == 2 * (48 // 6 + 1) + 2 * (36 // 6 + 1)
    assert {text for text, _ in numbers} == {str(n) for n in range(0, 49, 6)}
    grid = next(item for item in scene.items if isinstance(item, Group) and item.cache_key)
    lines = [item for _, item, _ in _walk((grid,)) if isinstance(item, Polyline)]
    assert sorted({p[0] for line in lines for p in line.points if line.points[0][0] ==
                   line.points[1][0]}) == [6, 12, 18, 24, 30, 36, 42]
    image = _png(scene).convert("L")
    x, y = scene.transform.apply(next(at for text, at in numbers if text == "24" and at[1] < 0))
    assert min(image.crop((int(x) - 8, int(y) - 7, int(x) + 8, int(y) + 7)).tobytes()) < 120


def test_a_view_without_a_table_is_72_by_48_and_the_scale_bar_is_12_inches() -> None:
    scene = mapscene.map_scene({"ships": {}}, [], "t", "s", None)
    assert scene.transform.apply((72, 48))[0] - scene.transform.apply((0, 0))[0] == \
        pytest.approx(72 * scene.transform.scale)
    blocks = [item for name, item, _ in _walk(scene.items)
              if name == "scale" and isinstance(item, Polygon)]
    xs = [p[0] for block in blocks if isinstance(block, Polygon) for p in block.points]
    assert (min(xs), max(xs)) == (0, 12)


# -- labels in a melee -------------------------------------------------------------------------

def melee() -> dict[str, Any]:
    """Twelve ships in three lines abreast, hull beside hull less than half an inch apart, none
    overlapping: labels on their own ships would run into each other."""
    ships: dict[str, Any] = {}
    headings = (90, 270, 85, 275, 95, 265)
    for n in range(12):
        side = "greeks" if n % 2 == 0 else "romans"
        sid = f"{'G' if side == 'greeks' else 'R'}{n // 2 + 1}"
        ships[sid] = ship(side, 28 + 4.5 * (n % 4), 20 + 1.4 * (n // 4), headings[n % 6],
                          admiral=int(n < 2), catapult_crew=int(n % 3 == 0))
    polygons = {sid: place(rectangle(4, 1), Pose(Vec(s["x"], s["y"]), s["heading"]))
                for sid, s in ships.items()}
    assert not any(overlaps(polygons[a], polygons[b], 0.0) for a in polygons for b in polygons
                   if a < b)
    return {"ships": ships}


def _labels(scene: Scene) -> list[Group]:
    labels = next(item for item in scene.items if item.id == "labels")
    assert isinstance(labels, Group)
    return [item for item in labels.items if isinstance(item, Group)]


def _text_box(item: Text, style: Style, scene: Scene) -> Box:
    """The pixels Pillow inks for this text, halo included."""
    x, y = scene.transform.apply(item.at)
    font = ImageFont.load_default(size=round(style.font_size or 12))
    anchor = {"start": "l", "middle": "m", "end": "r"}[style.anchor or "start"] + {
        "alphabetic": "s", "middle": "m", "hanging": "t"}[style.baseline or "alphabetic"]
    left, top, right, bottom = font.getbbox(item.text, anchor=anchor)
    halo = style.width or 0 if style.stroke not in (None, "none") else 0
    return (x + left - halo, y + top - halo, x + right + halo, y + bottom + halo)


def _label_boxes(scene: Scene) -> dict[str, Box]:
    boxes: dict[str, Box] = {}
    for label in _labels(scene):
        parts = [_text_box(i, s, scene) for _, i, s in _walk((label,)) if isinstance(i, Text)]
        boxes[label.id] = (min(b[0] for b in parts), min(b[1] for b in parts),
                           max(b[2] for b in parts), max(b[3] for b in parts))
    return boxes


def _overlapping(boxes: dict[str, Box]) -> list[tuple[str, str]]:
    names = sorted(boxes)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
            if boxes[a][0] < boxes[b][2] and boxes[b][0] < boxes[a][2]
            and boxes[a][1] < boxes[b][3] and boxes[b][1] < boxes[a][3]]


def _hull_box(found: dict[str, Any], scene: Scene) -> Box:
    points = [scene.transform.apply(tuple(c)) for c in found["corners"]]
    return (min(p[0] for p in points), min(p[1] for p in points),
            max(p[0] for p in points), max(p[1] for p in points))


def test_no_two_labels_overlap_in_a_melee_of_twelve_ships() -> None:
    view = melee()
    scene = mapscene.map_scene(view, [], "Melee", "turn 5", "greeks")
    boxes = _label_boxes(scene)
    assert len(boxes) == 12
    assert _overlapping(boxes) == []
    left, top = scene.transform.apply((0, 48))
    right, bottom = scene.transform.apply((72, 0))
    for box in boxes.values():
        assert left <= box[0] and box[2] <= right and top <= box[1] and box[3] <= bottom


def test_each_label_sits_by_its_ship_or_is_tied_to_it() -> None:
    view = melee()
    scene = mapscene.map_scene(view, [], "Melee", "turn 5", "greeks")
    for label in _labels(scene):
        sid = label.id.removeprefix("label--")
        found = view["ships"][sid]
        first = label.items[0]
        if isinstance(first, Polyline):  # a leader from the ship's outline to the label
            assert _outline_distance(first.points[0], found["corners"]) < 1e-6
            continue
        name = next(i for i in label.items if isinstance(i, Text))
        assert math.dist(name.at, (found["x"], found["y"])) < 3.5, sid


def test_labels_all_on_their_ships_would_have_overlapped() -> None:
    """The check above can fail: the melee's labels centred on their ships overlap."""
    view = melee()
    scene = mapscene.map_scene(view, [], "Melee", "turn 5", "greeks")
    boxes = _label_boxes(scene)
    centred = {}
    for name, box in boxes.items():
        found = view["ships"][name.removeprefix("label--")]
        x, y = scene.transform.apply((found["x"], found["y"]))
        w, h = box[2] - box[0], box[3] - box[1]
        centred[name] = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    assert _overlapping(centred)


def test_labels_in_the_battle_cover_no_hull() -> None:
    view = battle()
    scene = _scene()
    hulls = {sid: _hull_box(found, scene) for sid, found in view["ships"].items()
             if found["status"] != "sunk"}
    for name, box in _label_boxes(scene).items():
        for sid, hull in hulls.items():
            # a hull's box is wider than its rectangle when it is turned: test the square ones
            if view["ships"][sid]["heading"] % 90 == 0:
                assert _overlapping({name: box, sid: hull}) == [], (name, sid)


# -- the plan map -------------------------------------------------------------------------------

def test_a_plan_point_reads_with_or_without_a_heading_and_a_suffix() -> None:
    read = mapscene.parse_plan_point
    assert read("(18.12, 7.88)") == ((18.12, 7.88), None, "")
    assert read("(18.12, 7.88, 135)") == ((18.12, 7.88), 135.0, "")
    assert read("(30.00, 12.50) strike") == ((30.0, 12.5), None, "strike")
    assert read(" (30, 12.5, 90) Blocked ") == ((30.0, 12.5), 90.0, "blocked")
    assert read("30, 12.5") is None and read("(a, b)") is None and read("") is None


def test_the_plan_map_plots_each_path_its_end_and_where_it_strikes_or_is_blocked() -> None:
    view = battle()
    plans = [("G1", ("(30.00, 20.00, 30)", "(31.00, 21.73, 30)", "(31.00, 21.73, 75)",
                     "(32.50, 22.10) strike")),
             ("g2", ("(22.00, 17.00)", "(22.00, 20.00)", "(22.00, 21.50) blocked")),
             ("Q9", ("(1, 1)", "(2, 2)")), ("G3", ("(42, 22, 60)",)),
             ("G4", ("nonsense", "(54, 12)", "also nonsense", "(54, 13)"))]
    scene = mapscene.plan_scene(view, "greeks", plans, "Orders", "as understood")
    paths = {name: item for name, item, _ in _named(scene, "plan--") if isinstance(item, Polyline)}
    assert set(paths) == {"plan--G1", "plan--G2", "plan--G4"}
    assert paths["plan--G2"].points == ((22.0, 17.0), (22.0, 20.0), (22.0, 21.5))
    ends = {name: item for name, item, style in _named(scene, "plan-end--")
            if isinstance(item, Polygon) and style == _full(mapscene.PLAN_END)}
    # G3's plan is one point at the heading it has (60): nothing to draw; a turn: below
    assert set(ends) == {"plan-end--G1", "plan-end--G2", "plan-end--G4"}
    for sid, at, heading in (("G1", (32.5, 22.1), 75), ("G2", (22.0, 21.5), 0),
                             ("G4", (54.0, 13.0), 0)):
        want = place(rectangle(4, 1), Pose(Vec(*at), heading)).corners
        assert ends[f"plan-end--{sid}"].points == tuple((c.x, c.y) for c in want), sid
    strikes = [item for name, item, style in _named(scene, "plan-strike--")
               if isinstance(item, Polygon) and style == _full(mapscene.PLAN_STRIKE)]
    assert len(strikes) == 1 and len(strikes[0].points) == 16
    middle = (sum(p[0] for p in strikes[0].points) / 16, sum(p[1] for p in strikes[0].points) / 16)
    assert middle == pytest.approx((32.5, 22.1))
    blocks = {name for name, _, _ in _named(scene, "blocked--")}
    assert blocks == {"blocked--G2-2"}
    assert {"plan", "plan-end", "plan-strike", "blocked"} <= set(_legend(scene))
    assert not _named(scene, "ring-") and not _named(scene, "move--")
    image = _png(scene)
    assert image.size == (scene.width, scene.height)
    ET.fromstring(write_svg(scene))


def test_the_plan_legend_is_drawn_in_the_plan_s_styles() -> None:
    plans = [("G1", ("(30, 20, 30)", "(32.5, 22.1) strike"))]
    scene = mapscene.plan_scene(battle(), "greeks", plans, "Orders", "as understood")
    every_style = _styles(scene.items)
    for key, sample in _legend(scene).items():
        assert _styles(sample) <= every_style, key
        assert _styles(scene.items, f"{key}--") <= _styles(sample), key


def test_a_ship_without_corners_is_drawn_from_its_centre_and_heading() -> None:
    found = ship("romans", 40, 30, 45)
    del found["corners"]
    broken = ship("greeks", 10, 10, 0, corners=[[1, 2], "bow", None, [3, 4]], controller=None)
    lost = {"side": "greeks", "status": "afloat"}  # no place at all: not drawn
    scene = mapscene.map_scene({"ships": {"R9": found, "G9": broken, "G8": lost}}, [], "t",
                               "s", "greeks")
    hulls = {name: item for name, item, style in _walk(scene.items)
             if isinstance(item, Polygon) and style.fill not in (mapscene.WHITE, "none")
             and "--" in name}
    assert set(hulls) == {"side-romans--R9", "side-greeks--G9"}
    assert hulls["side-romans--R9"].points == tuple(map(tuple, corners(40, 30, 45)))
    assert hulls["side-greeks--G9"].points == tuple(map(tuple, corners(10, 10, 0)))


def test_a_move_told_step_by_step_is_one_path_per_ship() -> None:
    """The engine tells a move step by step, each with the step's start and end; a pivot
    starts and ends at one point."""
    steps: list[dict[str, Any]] = [
        {"kind": "move", "ship": "G1", "step": 1, "path": [[30, 8], [30, 14]]},
        {"kind": "move", "ship": "G1", "step": 2, "path": [[30, 14], [30, 14]]},
        {"kind": "strike", "ship": "G1", "target": "R1", "strike": "oar",
         "impact": [30.5, 16]},
        {"kind": "move", "ship": "G1", "step": 3, "path": [[30, 14], [30.5, 17]]},
        {"kind": "move", "ship": "G3", "step": 1, "path": [[42, 8], [42, 16]]},
        {"kind": "move", "ship": "G1", "step": 4, "path": [[30.5, 17], [30, 20]]},
        {"kind": "move", "ship": "G2", "step": 1, "path": [[22, 17], [22, 17]]}]
    scene = _scene(events=steps)
    paths = {name: item.points for name, item, _ in _named(scene, "move--")
             if isinstance(item, Polyline)}
    assert paths == {"move--0": ((30, 8), (30, 14), (30.5, 17), (30, 20)),
                     "move--4": ((42, 8), (42, 16))}


def test_a_plan_that_only_turns_shows_the_ship_at_its_new_heading() -> None:
    """A pivot in place (§5.5) is a plan of one point with the new heading: its end is drawn
    turned; a plan of one point at the heading it has already draws no end."""
    view = battle()
    heading = view["ships"]["G1"]["heading"]
    at = f"({view['ships']['G1']['x']}, {view['ships']['G1']['y']}"
    turned = mapscene.plan_scene(view, "greeks", [("G1", (f"{at}, {(heading + 45) % 360})",))],
                                 "Orders", "")
    ends = [item for name, item, _ in _named(turned, "plan-end--") if isinstance(item, Polygon)]
    assert {name for name, _, _ in _named(turned, "plan-end--")} == {"plan-end--G1"}
    want = place(rectangle(4, 1), Pose(Vec(view["ships"]["G1"]["x"], view["ships"]["G1"]["y"]),
                                       (heading + 45) % 360)).corners
    assert any(end.points == tuple((c.x, c.y) for c in want) for end in ends)
    still = mapscene.plan_scene(view, "greeks", [("G1", (f"{at}, {heading})",))], "Orders", "")
    assert not _named(still, "plan-end--")
