"""This turn's marks on the speed-band map (pbem/rules/speedband/mapturn.py, mapmarks.py): the
activation numbers (§5), avoidances (§8.3), grapple tries held or missed (§10.2), corvus drops
(§11), the melee fronts in the labels (§13.2), and shot marks that share no shape with a bow
(issue 24), on the small tables of test_mapreach (R1 4" x 1" at (20, 20) heading north) and on
the default battle of test_mapscene; the scene drawn as SVG and PNG."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from pbem.render.report import render_png, render_svg
from pbem.rules.scene import Circle, Polygon, Polyline, Scene, Text, overlaps, text_width
from pbem.rules.speedband import mapscene
from pbem.rules.speedband.mapreach import CORVUS_INK, GRAPPLING
from pbem.rules.table.mapkit import WHITE
from tests.render.scenes import legend, pixel, rgb, walk
from tests.rules.speedband.test_mapreach import ship, tooltip, view_of
from tests.rules.speedband.test_mapscene import flat, labels_of, seen

Events = list[dict[str, Any]]


def pair(**more: Any) -> dict[str, Any]:
    """R1 at (20, 20) and C1 0.8" off its starboard side at (21.8, 20), both heading north."""
    return view_of(("R1", ship("romans", 20, 20, 0)), ("C1", ship("carthaginians", 21.8, 20, 0)), **more)


def scene_of(view: dict[str, Any], events: Events, viewer: str | None = "romans") -> Scene:
    return mapscene.map_scene(view, events, "Test", "this turn", viewer)


def parts(scene: Scene, ident: str) -> list[tuple[Any, Any]]:
    return [(item, style) for name, item, style in walk(scene.items) if name == ident]


# -- activations -------------------------------------------------------------------------------

def test_each_ship_has_its_activation_number_astern_in_the_order_of_the_turn() -> None:
    events: Events = [{"kind": "initiative", "winner": "carthaginians"},
                      {"kind": "activate", "ship": "C1", "player": "carthaginians"},
                      {"kind": "activate", "ship": "R1", "player": "romans"}]
    scene = scene_of(pair(), events)
    numbers = {}
    for sid in ("C1", "R1"):
        found = parts(scene, f"activation--{sid}")
        circle = next(item for item, _ in found if isinstance(item, Circle))
        text = next(item for item, _ in found if isinstance(item, Text))
        assert text.at == circle.centre and circle.radius == 0.45
        numbers[sid] = (text.text, circle.centre)
    # both head north: the stern edge's middle at y 18, the number 0.55" astern of it
    assert [numbers[sid][0] for sid in ("C1", "R1")] == ["1", "2"]
    assert flat([numbers["C1"][1], numbers["R1"][1]]) == pytest.approx(flat([(21.8, 17.45), (20.0, 17.45)]))
    assert tooltip(scene, "activation--R1") == "R1 activated 2nd this turn"
    assert "activation" in legend(scene)


def test_without_activate_events_the_numbers_come_from_the_view_s_record() -> None:
    view = pair(record={"activations": ["R1", "C1"]})
    scene = scene_of(view, [])
    texts = {name: item.text for name, item, _ in walk(scene.items)
             if name.startswith("activation--") and isinstance(item, Text)}
    assert texts == {"activation--R1": "1", "activation--C1": "2"}
    assert not [n for n, _, _ in walk(scene_of(pair(), []).items) if n.startswith("activation--")]


def test_the_default_battle_numbers_its_six_ships_as_they_activated() -> None:
    view, events = seen("T2-r1", "romans")
    texts = {name.split("--")[1]: item.text for name, item, _ in walk(scene_of(view, events).items)
             if name.startswith("activation--") and isinstance(item, Text)}
    assert texts == {"R1": "1", "C1": "2", "R2": "3", "C2": "4", "R3": "5", "C3": "6"}


# -- grapples, corvus drops, avoidances --------------------------------------------------------------

def test_a_grapple_try_is_solid_where_the_line_held_and_dashed_where_it_missed() -> None:
    events: Events = [{"kind": "grapple", "thrower": "R1", "target": "C1", "thrower_speed": 9.0,
                       "target_speed": 7.0, "over": 4.0, "roll": 7, "success": True},
                      {"kind": "grapple", "thrower": "C1", "target": "R1", "thrower_speed": 7.0,
                       "target_speed": 9.0, "over": 4.0, "roll": 3, "success": False}]
    scene = scene_of(pair(), events)
    held = [(item, style) for item, style in parts(scene, "grapple-held--R1--C1--0") if style.stroke != WHITE]
    missed = [(item, style) for item, style in parts(scene, "grapple-missed--C1--R1--1")
              if style.stroke != WHITE]
    held_line = next((i, s) for i, s in held if isinstance(i, Polyline))
    missed_line = next((i, s) for i, s in missed if isinstance(i, Polyline))
    # centre to centre, 0.3" to the left of each throw: R1's eastward throw north of the line
    # y 20, C1's westward one south of it
    assert flat(held_line[0].points) == pytest.approx(flat(((20.0, 20.3), (21.8, 20.3))))
    assert flat(missed_line[0].points) == pytest.approx(flat(((21.8, 19.7), (20.0, 19.7))))
    assert (held_line[1].stroke, held_line[1].dash) == (GRAPPLING, ())
    assert (missed_line[1].stroke, missed_line[1].dash) == (GRAPPLING, (5, 3))
    hooks = {name: [(round(item.centre[0], 9), round(item.centre[1], 9), style.fill)
                    for item, style in parts(scene, name)
                    if isinstance(item, Circle) and style.stroke == GRAPPLING]
             for name in ("grapple-held--R1--C1--0", "grapple-missed--C1--R1--1")}
    assert hooks["grapple-held--R1--C1--0"] == [(21.8, 20.3, GRAPPLING)]  # at the target, filled
    assert hooks["grapple-missed--C1--R1--1"] == [(20.0, 19.7, WHITE)]  # open
    assert tooltip(scene, "grapple-held--R1--C1--0") == (
        "R1 throws a grapple at C1: d10 7 against more than 4: the line holds")
    assert tooltip(scene, "grapple-missed--C1--R1--1") == (
        "C1 throws a grapple at R1: d10 3 against more than 4: missed")
    assert {"grapple-held", "grapple-missed"} <= set(legend(scene))


def test_a_corvus_drop_is_a_plank_out_of_the_dropper_s_bow() -> None:
    events: Events = [{"kind": "corvus", "ship": "R1", "target": "C1", "distance": 0.8, "zone": "B",
                       "replaced_line": True}]
    scene = scene_of(pair(), events)
    plank = next(item for item, style in parts(scene, "corvus-drop--R1--C1--0")
                 if isinstance(item, Polygon) and style.fill == CORVUS_INK)
    # R1's bow point (20, 22), 0.2" each side across the bow and 0.9" out ahead (north)
    assert flat(plank.points) == pytest.approx(flat(((20.2, 22.0), (20.2, 22.9), (19.8, 22.9), (19.8, 22.0))))
    assert tooltip(scene, "corvus-drop--R1--C1--0") == (
        'R1 drops its corvus on C1 (bow 0.8" from it, zone B); it replaces the grapple line')


def test_an_avoidance_is_marked_where_the_avoiding_ship_began_to_move() -> None:
    events: Events = [{"kind": "avoided", "ship": "C1", "rammer": "R1", "cap": 2.5},
                      {"kind": "move", "ship": "C1", "part": "avoid 1", "path": "F2.5", "start_x": 21.8,
                       "start_y": 17.5, "start_heading": 0, "end_x": 21.8, "end_y": 20.0, "end_heading": 0,
                       "stopped": "", "by": ""}]
    scene = scene_of(pair(), events)
    # the arc (the first line; its arrowhead's stub follows) 0.7" round the start (21.8, 17.5)
    arc = next(item for item, style in parts(scene, "avoid--C1--0") if isinstance(item, Polyline)
               and style.stroke != WHITE)
    assert len(arc.points) == 7 and all(math.dist(p, (21.8, 17.5)) == pytest.approx(0.7) for p in arc.points)
    assert tooltip(scene, "avoid--C1--0") == "C1 avoids R1's ram: it moves up to 2.5\" of its path before R1"
    # no move after it: at the ship's hull now
    alone = scene_of(pair(), events[:1])
    arc = next(item for item, style in parts(alone, "avoid--C1--0") if isinstance(item, Polyline)
               and style.stroke != WHITE)
    assert all(math.dist(p, (21.8, 20.0)) == pytest.approx(0.7) for p in arc.points)


def test_a_mark_with_a_field_missing_is_left_undrawn() -> None:
    events: Events = [{"kind": "grapple", "thrower": "R1", "target": "C1"},  # no success
                      {"kind": "grapple", "thrower": "R1", "target": "X9", "success": True},
                      {"kind": "corvus", "ship": "X9", "target": "C1"}, {"kind": "corvus", "ship": "R1"},
                      {"kind": "avoided", "rammer": "R1"}, {"kind": "activate", "ship": "X9"}]
    names = {name for name, _, _ in walk(scene_of(pair(), events).items)}
    assert not [n for n in names if n.startswith(("grapple-", "corvus-drop", "avoid", "activation"))]


# -- fronts -----------------------------------------------------------------------------

def test_each_ship_s_label_tells_its_melee_fronts() -> None:
    # §13.2: F = +2 means the first, R1, holds two of C1's areas
    scene = scene_of(pair(fronts=[{"first": "R1", "second": "C1", "value": 2}]), [])
    assert labels_of(scene)["R1"][3:] == ["front C1 +2"] and labels_of(scene)["C1"][3:] == ["front R1 -2"]
    even = scene_of(pair(fronts=[{"first": "R1", "second": "C1", "value": 0}]), [])
    assert labels_of(even)["R1"][3:] == ["front C1 0"]
    assert "front" in legend(scene) and "front" not in legend(scene_of(pair(), []))


def test_labels_keep_off_a_ram_s_words() -> None:
    # R1's label stands over its bow (y 22.9 to 24.9) when nothing is in the way; a ram's words
    # "B 50%: 20" at (18.95, 23.5), 0.7 x 11 px x 9 letters = 69.3 px wide (3.7" at 18.7 px an
    # inch, the default for a 72" table) and 16 px high, would lie under it: the label moves
    view = view_of(("R1", ship("romans", 20, 20, 0)), ("C1", ship("carthaginians", 40, 40, 0)))
    ram: Events = [{"kind": "ram", "rammer": "C1", "target": "R1", "zone": "B", "x": 18.0, "y": 23.5,
                    "chance": 50, "roll": 20, "success": True}]
    size = 18.7
    covered = (18.95, 23.5 - 8 / size, 18.95 + 69.3 / size, 23.5 + 8 / size)

    def boxes(scene: Scene) -> list[tuple[float, float, float, float]]:
        found = []
        for name, item, style in walk(scene.items):
            if name == "label--R1" and isinstance(item, Text):
                font = style.font_size or 12
                half, high = text_width(item.text, font) / size / 2, font / size / 2
                found.append((item.at[0] - half, item.at[1] - high, item.at[0] + half, item.at[1] + high))
        return found

    assert [box for box in boxes(scene_of(view, [])) if overlaps(box, covered)]
    scene = scene_of(view, ram)
    words = [item for name, item, _ in walk(scene.items)
             if name.startswith("ram-") and isinstance(item, Text)]
    assert [(w.text, w.at) for w in words] == [("B 50%: 20", (18.95, 23.5))]
    assert boxes(scene) and not [box for box in boxes(scene) if overlaps(box, covered)]


# -- drawn -------------------------------------------------------------------------------------

def test_the_turn_s_marks_and_rings_draw_as_svg_and_png() -> None:
    view = pair()
    view["ships"]["R1"]["corvus"] = True
    events: Events = [{"kind": "activate", "ship": "R1", "player": "romans"},
                      {"kind": "grapple", "thrower": "R1", "target": "C1", "over": 4.0, "roll": 7,
                       "success": True},
                      {"kind": "corvus", "ship": "R1", "target": "C1", "distance": 0.8, "zone": "B"}]
    scene = scene_of(view, events)
    svg = ET.fromstring(render_svg(scene))
    found = {e.get("id") for e in svg.iter() if e.get("id")}
    assert {"ring-archers-short--R1", "ring-grapple--R1", "zones--C1", "activation--R1",
            "grapple-held--R1--C1--1", "corvus-drop--R1--C1--2"} <= found
    assert "ring-corvus--R1" not in found  # C1 is 1.3" from the bow point: out of the corvus's 1"
    image = Image.open(BytesIO(render_png(scene))).convert("RGB")
    assert image.size == (scene.width, scene.height)
    assert pixel(scene, image, (20.0, 22.45)) == rgb(CORVUS_INK)  # the plank's middle
