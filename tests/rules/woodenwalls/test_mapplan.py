"""The Wooden Walls plan map (pbem/rules/woodenwalls/mapplan.py) over the default scenario as
Rhodes sees it: the reveal ring about each own ship (§16, `reveal_range` 2 SL about the
footprint), shooting ranges only where an enemy is within range and arc (§11.1, §11.2; issue 24),
never for the enemy's ships, and each accepted segment's plan as a sketch (the places the host
passes, §20); `segment_places` writes those places; no quality appears; SVG and PNG render."""

from __future__ import annotations

import copy
import math
import re
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest

from pbem.render.report import render_png, render_svg
from pbem.rules.scene import Polygon, Polyline, Scene
from pbem.rules.table import Pose, Vec
from pbem.rules.woodenwalls import mapplan, scenario, sideview, speeds
from pbem.rules.woodenwalls.echo import segment_places
from pbem.rules.woodenwalls.maplabels import octagon_frame
from pbem.rules.woodenwalls.mapplan import PlanPlace, parse_place
from pbem.rules.woodenwalls.orders import Ahead, Astern, Hold, Turn
from pbem.rules.woodenwalls.shiptypes import ship_type
from pbem.rules.woodenwalls.speeds import Limits
from tests.render.scenes import legend, walk
from tests.rules.woodenwalls.test_mapscene import flat, named, tooltips, words_of

PLAN = ("RH-ATHENA", ("(6, 2, 0)", "(6, 3, 0)", "(5.79, 3.14, 30) ram MA-KASSANDRA"))


@cache
def _start(viewer: str) -> dict[str, Any]:
    return sideview.view(scenario.new_game("default", {}), viewer)


def near_view(viewer: str = "rhodes") -> dict[str, Any]:
    """MA-KASSANDRA, a hemiola 0.9 SL long heading 180, moved to (6, 3.85): its bow at 3.4, 0.8 SL
    ahead of RH-ATHENA's bow (a trireme 1.2 long at (6, 2) heading 0, bow at 2.6)."""
    view = copy.deepcopy(_start(viewer))
    view["ships"]["MA-KASSANDRA"].update(y=3.85)
    return view


def plan_of(view: dict[str, Any], plans: Any = (PLAN,), side: str = "rhodes") -> Scene:
    return mapplan.plan_scene(view, side, list(plans), "Orders", "as understood")


def rings(scene: Scene, prefix: str) -> set[str]:
    return {name for name, _, _ in walk(scene.items) if name.startswith(prefix)}


def ring_points(scene: Scene, ident: str) -> list[tuple[float, float]]:
    return [p for name, item, _ in walk(scene.items) if name == ident and isinstance(item, Polyline)
            for p in item.points]


def test_each_own_ship_afloat_has_its_reveal_ring_and_no_enemy_has_one() -> None:
    scene = plan_of(near_view(), ())
    assert rings(scene, "reveal--") == {f"reveal--{sid}" for sid in ("RH-ATHENA", "RH-HELIOS", "RH-RHODOS",
                                                                     "RH-DELPHIS")}
    # 2 SL about ATHENA's footprint: its bow at y 2.6, so the ring's top at 4.6; cut to the
    # table at y 0 (its stern at 1.4 is only 1.4 from the edge)
    points = ring_points(scene, "reveal--RH-ATHENA")
    assert max(y for _, y in points) == pytest.approx(4.6)
    assert min(y for _, y in points) == pytest.approx(0.0)
    assert "reveal" in legend(scene)
    macedon = plan_of(near_view("macedon"), (), "macedon")
    assert {name.split("--")[1] for name in rings(macedon, "reveal--")} == {
        "MA-ANTIGONIS", "MA-DEMETRIAS", "MA-PELLA", "MA-KASSANDRA"}


def test_a_range_is_drawn_only_where_an_enemy_is_within_it_and_in_arc() -> None:
    assert not rings(plan_of(copy.deepcopy(_start("rhodes")), ()), "range-")  # 8 SL apart: none
    scene = plan_of(near_view(), ())
    # ATHENA: B marines reach 1, and KASSANDRA's bow section is 0.8 ahead of B's (B's arc is
    # -90 to 90: in arc); M shooters reach 2 and M's section front (u = L/6 = 0.2, y 2.2) is 1.2
    # from it, but M's arcs are 45 to 135 and -135 to -45 and KASSANDRA lies dead ahead; S
    # marines reach 1, S's section front at y 1.8 is 1.6 away
    assert {name for name in rings(scene, "range-") if "--RH-ATHENA--" in name} == {"range-1--RH-ATHENA--B"}
    # the ring is B's deck section (u from L/6 = 0.2 to the bow, 0.6) grown by 1: top at 3.6
    assert max(y for _, y in ring_points(scene, "range-1--RH-ATHENA--B")) == pytest.approx(3.6)
    assert tooltips(scene.items)["range-1--RH-ATHENA--B"] == "RH-ATHENA B: range 1 SL reaches MA-KASSANDRA"
    assert not {name for name in rings(scene, "range-") if "--MA-" in name}  # the enemy's: never
    assert "range-1" in legend(scene) and "range-2" not in legend(scene)


def test_a_ship_turned_to_bring_m_to_bear_gets_its_range_2_ring() -> None:
    view = near_view()
    # ATHENA heading 90 at (6, 2): KASSANDRA (north of it) now bears -90, in M's port arc (-135
    # to -45); M's section's north edge is at y 2 + 0.15, 3.4 - 2.15 = 1.25 from KASSANDRA's bow,
    # within 2; B's section (x 6.2 to 6.6) is 1.25 below it too, beyond marines' 1
    view["ships"]["RH-ATHENA"].update(heading=90)
    scene = plan_of(view, ())
    assert "range-2--RH-ATHENA--M" in rings(scene, "range-")


def test_an_open_ship_s_oarsmen_reach_half_an_sl_from_m() -> None:
    view = near_view()
    # RH-DELPHIS, an open hemiola at (12, 2) heading 0 (beam 0.25, its port side at x 11.875);
    # MA-PELLA, a trireme (beam 0.3), moved alongside to port at x 11.45: its starboard side at
    # 11.6, 0.275 SL off, within ½ SL and in M's port arc
    view["ships"]["MA-PELLA"].update(x=11.45, y=2.0, heading=0)
    scene = plan_of(view, ())
    assert "range-0.5--RH-DELPHIS--M" in rings(scene, "range-")
    assert "range-0.5" in legend(scene)
    # with every oar section lost (3 a side) the oarsmen shoot no more (§11.1)
    view["ships"]["RH-DELPHIS"]["oars_lost"] = ["P1", "P2", "P3", "S1", "S2", "S3"]
    assert "range-0.5--RH-DELPHIS--M" not in rings(plan_of(view, ()), "range-")


def test_a_plan_is_a_dashed_path_to_where_the_ship_ends() -> None:
    scene = plan_of(near_view())
    trails = [item.points for _, item, _ in named(scene, "plan--RH-ATHENA") if isinstance(item, Polyline)]
    assert flat(trails[0]) == pytest.approx(flat(((6, 2), (6, 3), (5.79, 3.14))))
    end = next(item for _, item, style in named(scene, "plan-end--RH-ATHENA") if isinstance(item, Polygon)
               and len(item.points) == 8 and style.dash)
    centre, ahead, _, length, _ = octagon_frame(end.points)
    assert centre == pytest.approx((5.79, 3.14))
    assert ahead == pytest.approx((math.sin(math.radians(30)), math.cos(math.radians(30))))
    assert length == pytest.approx(1.2)
    assert tooltips(scene.items)["plan-end--RH-ATHENA"] == (
        "RH-ATHENA ends its plan here, ram ma-kassandra if it meets that ship")
    assert {"plan", "plan-end"} <= set(legend(scene))
    assert not named(scene, "move--")


def test_a_plan_for_an_enemy_or_no_ship_or_with_no_readable_place_draws_nothing() -> None:
    scene = plan_of(near_view(), [("MA-PELLA", ("(8, 10, 180)", "(8, 9, 180)")),
                                  ("X9", ("(1, 1, 0)", "(1, 2, 0)")), ("RH-HELIOS", ("somewhere",)),
                                  ("RH-RHODOS", ())])
    assert not named(scene, "plan")
    assert "plan" not in legend(scene) and "plan-end" not in legend(scene)


def test_of_two_plans_for_one_ship_the_later_is_drawn() -> None:
    scene = plan_of(near_view(), [("RH-HELIOS", ("(8, 2, 0)", "(8, 3, 0)")),
                                  ("rh-helios", ("(8, 2, 0)", "(8, 2.5, 0)"))])
    trails = [item.points for _, item, _ in named(scene, "plan--RH-HELIOS") if isinstance(item, Polyline)]
    assert trails == [((8.0, 2.0), (8.0, 2.5))]


def test_places_are_read_back() -> None:
    assert parse_place("(6, 2, 0)") == PlanPlace((6.0, 2.0), 0.0)
    assert parse_place("(5.79, 3.14, 30) ram MA-KASSANDRA") == PlanPlace((5.79, 3.14), 30.0,
                                                                         "RAM MA-KASSANDRA")
    assert parse_place("(6, 2)") == PlanPlace((6.0, 2.0), None)
    assert parse_place("F1 to (6, 3)") is None
    assert parse_place("(6, 3, 0) blocked") is None


def test_segment_places_turn_about_the_pivot_point() -> None:
    # a trireme at (6, 2) heading 0, speed 2: F1 to (6, 3); S30 about the starboard shoulder
    # (u 0.4701, v 0.15) = (6.15, 3.4701): the centre (-0.15, -0.4701) from it turned 30° clockwise,
    # (-0.3649, -0.3321), ends at (5.785, 3.138); F0.5 at 30: +(0.25, 0.433) to (6.035, 3.571);
    # HOLD repeats the place; B0.3 backs to (5.885, 3.311)
    places = segment_places(ship_type("trireme"), Pose(Vec(6, 2), 0.0), 2,
                            (Ahead(1.0), Turn(30.0), Ahead(0.5), Hold(), Astern(0.3)), "RAM MA-PELLA")
    assert places == ("(6, 2, 0)", "(6, 3, 0)", "(5.79, 3.14, 30)", "(6.04, 3.57, 30)", "(6.04, 3.57, 30)",
                      "(5.89, 3.31, 30) ram MA-PELLA")
    # stopped (speed 0), a pivot about the centre moves nothing but the heading
    assert segment_places(ship_type("trireme"), Pose(Vec(6, 2), 0.0), 0, (Turn(-45.0),)) == (
        "(6, 2, 0)", "(6, 2, 315)")
    assert all(parse_place(place) is not None for place in places)


QUALITY = re.compile(r"\b(FR|ABLE|POOR|quality|qualities)\b", re.IGNORECASE)


@pytest.mark.parametrize("side", ["rhodes", "macedon"])
def test_no_quality_appears_on_the_plan_map(side: str) -> None:
    view = near_view(side)
    assert any(ship["quality"] for ship in view["ships"].values())
    assert QUALITY.search(words_of(plan_of(view, (PLAN,), side))) is None


def test_the_plan_map_renders_as_svg_and_png() -> None:
    scene = plan_of(near_view())
    svg = ET.fromstring(render_svg(scene))
    found = {e.get("id") for e in svg.iter() if e.get("id")}
    assert {"plan--RH-ATHENA", "plan-end--RH-ATHENA", "reveal--RH-ATHENA", "range-1--RH-ATHENA--B"} <= found
    assert render_png(scene)[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("odd", ["drop", None, "x", [], -1, float("nan"), True])
def test_no_field_missing_or_of_the_wrong_kind_makes_the_plan_map_raise(odd: Any) -> None:
    view = near_view()
    for name in sorted({name for ship in view["ships"].values() for name in ship}):
        ships = {sid: ({k: v for k, v in ship.items() if k != name} if odd == "drop" else {**ship, name: odd})
                 for sid, ship in view["ships"].items()}
        plan_of({**view, "ships": ships})
    plan_of(view, [("RH-ATHENA", (odd,)), ("RH-HELIOS", ("(nan, 1, 0)", "(1, 1, x)"))])


# -- the next segment's turn-limit fan and advance band (§4.3, §7.2, §7.3, §7.10) --------------

def _limits_items(scene: Scene, sid: str) -> list[Polygon]:
    return [item for name, item, _ in walk(scene.items)
            if name == f"limits--{sid}" and isinstance(item, Polygon)]


def _polar(points: Any, apex: tuple[float, float]) -> list[tuple[float, float]]:
    """(distance from apex, bearing clockwise from north) of each point but the apex itself."""
    return [(math.dist(p, apex), math.degrees(math.atan2(p[0] - apex[0], p[1] - apex[1])))
            for p in points if math.dist(p, apex) > 1e-9]


def test_the_fan_spans_the_turn_limit_and_the_band_the_advance_range_from_the_bow() -> None:
    # RH-ATHENA, a trireme 1.2 SL long at (6, 2) heading 0: its bow at (6, 2.6). Hand limits:
    # turn 30° a segment, advance 1 to 2 SL. The fan: a wedge from the bow ±30°, out to
    # 2 + 1 (FAN_REACH) = 3 SL; the band: 1 to 2 SL from the bow within ±30°.
    limit = Limits(turn=30.0, pivot=45.0, advance_min=1.0, advance_max=2.0, over_crewed=False)
    scene = mapplan.plan_scene(near_view(), "rhodes", [], "Orders", "", {"RH-ATHENA": limit})
    fan, band = _limits_items(scene, "RH-ATHENA")
    bow = (6.0, 2.6)
    assert any(math.dist(p, bow) < 1e-6 for p in fan.points)  # the wedge's apex
    fan_polar = _polar(fan.points, bow)
    assert max(abs(b) for _, b in fan_polar) == pytest.approx(30.0)
    assert {round(r, 6) for r, _ in fan_polar} == {3.0}
    band_polar = _polar(band.points, bow)
    assert min(r for r, _ in band_polar) == pytest.approx(1.0)
    assert max(r for r, _ in band_polar) == pytest.approx(2.0)
    assert max(abs(b) for _, b in band_polar) == pytest.approx(30.0)
    assert "turn up to 30°" in tooltips(scene.items)["limits--RH-ATHENA"]


def test_a_stopped_ship_shows_its_pivot_fan_and_no_band() -> None:
    # stopped: §7.2 advance 0 to 0, §4.3 pivot limit 45°: the fan ±45° out to 0 + 1 = 1 SL, no band
    limit = Limits(turn=45.0, pivot=45.0, advance_min=0.0, advance_max=0.0, over_crewed=False)
    scene = mapplan.plan_scene(near_view(), "rhodes", [], "Orders", "", {"RH-ATHENA": limit})
    (fan,) = _limits_items(scene, "RH-ATHENA")
    fan_polar = _polar(fan.points, (6.0, 2.6))
    assert max(abs(b) for _, b in fan_polar) == pytest.approx(45.0)
    assert {round(r, 6) for r, _ in fan_polar} == {1.0}
    assert "turn-limit" in legend(scene) and "advance" not in legend(scene)  # no band, no entry


def test_the_legend_explains_the_fan_and_the_band_only_when_drawn() -> None:
    limit = Limits(turn=30.0, pivot=45.0, advance_min=0.5, advance_max=1.0, over_crewed=False)
    scene = mapplan.plan_scene(near_view(), "rhodes", [], "Orders", "", {"RH-ATHENA": limit})
    assert {"turn-limit", "advance"} <= set(legend(scene))
    assert not {"turn-limit", "advance"} & set(legend(plan_of(near_view(), ())))


def test_the_limits_of_speeds_are_drawn_for_own_ships_and_never_for_an_enemy() -> None:
    state = scenario.new_game("default", {})
    given = {ship.id: speeds.limits(state, ship) for ship in state.ships}
    scene = mapplan.plan_scene(near_view(), "rhodes", [], "Orders", "", given)
    drawn = rings(scene, "limits--")
    assert drawn == {f"limits--{sid}" for sid in ("RH-ATHENA", "RH-HELIOS", "RH-RHODOS", "RH-DELPHIS")}
    athena = given["RH-ATHENA"]
    polygons = _limits_items(scene, "RH-ATHENA")
    fan_polar = _polar(polygons[0].points, (6.0, 2.6))
    half = athena.pivot if athena.advance_max <= 0 else athena.turn
    assert max(abs(b) for _, b in fan_polar) == pytest.approx(half)
    if athena.advance_max > 0:
        band_polar = _polar(polygons[1].points, (6.0, 2.6))
        assert min(r for r, _ in band_polar) == pytest.approx(athena.advance_min)
        assert max(r for r, _ in band_polar) == pytest.approx(athena.advance_max)
    assert not rings(plan_of(near_view(), ()), "limits--")  # no limits passed: none drawn


def test_the_host_plan_map_draws_the_limits_of_the_senders_ships_only() -> None:
    # The plug-in hands mapplan the limits of the side's own ships, from the real state (§16).
    from pbem.rules.woodenwalls.host import RULESET

    played = RULESET.start("default", {})
    for side, prefix in (("rhodes", "RH-"), ("macedon", "MA-")):
        drawn = rings(played.plan_scene(side, [], "Orders", played.key), "limits--")
        assert drawn and all(sid.startswith(f"limits--{prefix}") for sid in drawn)
