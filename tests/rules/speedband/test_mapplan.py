"""The speed-band plan map (pbem/rules/speedband/mapplan.py): the checker's plan places for
accepted movement lines (echo.plan_places, §20, §21) read back and plotted over the table of the
default battle at the start of turn 2 (the game of test_mapscene): each path dashed, where the
ship ends tinted in its side's colour with its heading, the ram at the bow where it ends."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from pbem.render.report import render_png, render_svg
from pbem.rules.scene import Polygon, Polyline, Scene
from pbem.rules.speedband import mapplan
from pbem.rules.speedband.mapplan import PlanPlace, parse_plan_place
from pbem.rules.table.mapkit import WHITE, ship_frame
from tests.render.scenes import legend, walk
from tests.rules.speedband.test_mapscene import _played, centroid, flat, named, tooltips

LINES = "R1: SPEED 7 F4 S30 F3 S15\nR3: SPEED 9.5 RAM C3\nR2: SPEED 9"


def _plans() -> tuple[dict[str, tuple[str, ...]], Scene]:
    game = _played(True)["T2-r1"][0]
    sheet = game.check("romans", LINES)
    assert sheet.refused == ()
    plans = {line.piece: line.plan for line in sheet.accepted}
    scene = mapplan.plan_scene(game.view("romans"), "romans", list(plans.items()), "Orders",
                               "as understood")
    return plans, scene


def test_the_plan_places_are_the_echo_s_and_read_back() -> None:
    plans, _ = _plans()
    # R1 from (28, 16) heading 0: F4 north, S30 in place, F3 at 30 (+1.5, +2.598), S15
    assert plans["R1"] == ("(28, 16, 0)", "(28, 20, 0)", "(28, 20, 30)", "(29.5, 22.6, 30)",
                           "(29.5, 22.6, 45)")
    assert plans["R3"] == ("(52, 18, 0)", "(52, 27.5, 0) ram C3 side port")  # fewer intact: ties port
    assert parse_plan_place(plans["R3"][1]) == PlanPlace((52.0, 27.5), 0.0, "C3", "port")
    assert parse_plan_place("(28, 16, 0)") == PlanPlace((28.0, 16.0), 0.0)
    assert parse_plan_place("(28, 16)") == PlanPlace((28.0, 16.0), None)
    assert parse_plan_place("F6 to (26, 12)") is None
    assert parse_plan_place("(1, 2, 3) blocked") is None  # words the echo never writes


def test_each_plan_is_a_dashed_path_to_where_the_ship_ends() -> None:
    _, scene = _plans()
    trails = {name: item.points for name, item, _ in named(scene, "plan--") if isinstance(item, Polyline)}
    assert set(trails) == {"plan--R1", "plan--R2", "plan--R3"}
    assert flat(trails["plan--R1"]) == pytest.approx(flat(((28, 16), (28, 20), (29.5, 22.6))))
    assert flat(trails["plan--R2"]) == pytest.approx(flat(((40, 16), (40, 25))))  # as if C1 stayed away
    dashes = {style.dash for _, item, style in named(scene, "plan--") if isinstance(item, Polyline)}
    assert dashes == {(6, 3)}
    ends = {name: item for name, item, style in named(scene, "plan-end--") if isinstance(item, Polygon)
            and style.dash}
    end = ends["plan-end--R1"]
    centre, ahead, _, length, beam = ship_frame(end.points)
    assert centre == pytest.approx((29.5, 22.6))
    assert ahead == pytest.approx((math.sin(math.radians(45)), math.cos(math.radians(45))))
    assert (length, beam) == pytest.approx((5.0, 1.25), abs=0.02)  # a quinquereme
    tints = {style.fill for _, item, style in named(scene, "plan-end--R1") if style.opacity == 0.3}
    assert tints == {"#004488"}
    assert not named(scene, "move--")  # the plan map shows the plans, not this turn's moves
    assert {"plan", "plan-end", "plan-ram"} <= set(legend(scene))


def test_a_ram_is_marked_at_the_bow_where_the_ship_ends() -> None:
    _, scene = _plans()
    burst = [item for _, item, style in named(scene, "plan-ram--R3") if isinstance(item, Polygon)
             and style.stroke != WHITE]
    assert centroid(burst[0].points) == pytest.approx((52.0, 29.5))  # a trireme's bow, 2" ahead
    assert tooltips(scene.items)["plan-ram--R3"] == "R3 rams C3 if its bow meets it; port oars at risk"
    assert [name for name, _, _ in named(scene, "plan-ram--")] and not named(scene, "plan-ram--R1")
    ET.fromstring(render_svg(scene))
    assert render_png(scene)[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_plan_for_no_ship_or_with_no_readable_place_draws_nothing() -> None:
    game = _played(True)["T2-r1"][0]
    scene = mapplan.plan_scene(game.view("romans"), "romans",
                               [("X9", ("(1, 1, 0)", "(1, 5, 0)")), ("R1", ("somewhere",)),
                                ("R2", ())], "Orders", "as understood")
    assert not named(scene, "plan")
    assert "plan" not in legend(scene)


def test_of_two_plans_for_one_ship_the_later_is_drawn() -> None:
    game = _played(True)["T2-r1"][0]
    scene = mapplan.plan_scene(game.view("romans"), "romans",
                               [("R2", ("(40, 16, 0)", "(40, 20, 0)")),
                                ("r2", ("(40, 16, 0)", "(40, 25, 0)"))], "Orders", "as understood")
    trails = [item.points for _, item, _ in named(scene, "plan--R2") if isinstance(item, Polyline)]
    assert trails == [((40.0, 16.0), (40.0, 25.0))]


def test_the_plan_map_draws_the_zone_lines_round_the_side_s_enemies() -> None:
    _, scene = _plans()
    zoned = {name for name, _, _ in walk(scene.items) if name.startswith("zones--")}
    assert zoned == {"zones--C1", "zones--C2", "zones--C3"}  # Rome plans against Carthage's ships
    # C1, a heptares 5.5" x 1.5" heading south at (40, 33): the corner lines start at its corners
    view = _played(True)["T2-r1"][0].view("romans")
    starts = [item.points[0] for name, item, _ in walk(scene.items) if name == "zones--C1"
              and isinstance(item, Polyline)]
    assert flat(starts[:4]) == pytest.approx(flat(view["ships"]["C1"]["corners"]), abs=1e-9)
    assert "zones" in legend(scene)


def _ring_points(scene: Scene, ident: str) -> list[tuple[float, float]]:
    return [p for name, item, _ in walk(scene.items) if name == ident and isinstance(item, Polyline)
            for p in item.points]


def test_the_plan_map_rings_the_ordered_ships_where_their_plans_leave_them() -> None:
    _, scene = _plans()
    rings = {name for name, _, _ in walk(scene.items) if name.startswith("ring-")}
    # R2, a quinquereme 5" long with a ballista and a corvus, ends at (40, 25) heading north: its
    # bow at y 27.5 is 2.75" short of C1's (a heptares 5.5" long heading south from (40, 33)),
    # inside 3" and 4" but not the grapple's or the corvus's 1"
    assert {name for name in rings if name.endswith("--R2")} == {
        f"ring-{key}--R2" for key in ("archers-short", "archers-medium", "archers-long", "ballista-short",
                                      "ballista-medium", "ballista-long")}
    # R3 (a trireme, no ballista or corvus) plans onto C3 as if it stayed (§20): inside everything
    assert {name for name in rings if name.endswith("--R3")} == {
        f"ring-{key}--R3" for key in ("archers-short", "archers-medium", "archers-long", "grapple")}
    # drawn round the plan's end, not where R2 stands now at (40, 16): 3" past its bow is y 30.5
    assert max(y for _, y in _ring_points(scene, "ring-archers-short--R2")) == pytest.approx(30.5)
    # a ship with no plan has no ring, wherever it stands
    game = _played(True)["T2-r1"][0]
    alone = mapplan.plan_scene(game.view("romans"), "romans", [("R2", ("(40, 16, 0)", "(40, 25, 0)"))],
                               "Orders", "as understood")
    assert {name.split("--")[1] for name, _, _ in walk(alone.items) if name.startswith("ring-")} == {"R2"}
