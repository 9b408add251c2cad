"""The ram / cruise / strategic map (pbem/rules/ramcruise/mapscene.py) from real positions: the
default scenario (§20) and a half played through turn.py. Every ship is its class's rectangle
with its bow and a label of id, crew and state; the viewer alone sees its ships' reaches, cut
to the table; each move has its path, each shear a mark at its abreast point, each ram, shot
and block its mark; grapples, embedded rammers, routers and struck ships are drawn; the wind
has its arrow; the legend lists what is drawn; labels keep off the hulls and one another; the
scene draws as SVG and PNG; the plan map plots an echoed move."""

from __future__ import annotations

import copy
import math
import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from pbem.render.svg import write_svg
from pbem.rules.dice import SeededDice
from pbem.rules.ramcruise import mapscene
from pbem.rules.ramcruise.classes import dimensions
from pbem.rules.ramcruise.mapreach import ship_reaches
from pbem.rules.ramcruise.movement import move_ship, pass_no_dice
from pbem.rules.ramcruise.orders import Move, Picking, Step, Targets
from pbem.rules.ramcruise.scenario import initial_state, load_scenario
from pbem.rules.ramcruise.state import GameState
from pbem.rules.ramcruise.switches import parse_options
from pbem.rules.ramcruise.turn import RoundOneOrders, RoundTwoOrders, resolve_round_1, resolve_round_2
from pbem.rules.ramcruise.view import state_json
from pbem.rules.scene import Circle, Group, Polygon, Polyline, Primitive, Scene, Text, overlaps
from pbem.rules.table.mapkit import TABLE, WHITE, separated, ship_frame
from pbem.rules.table.maplayout import Drawing
from tests.render.scenes import contrast, legend, pixel, png_of, rgb, walk

Events = list[dict[str, Any]]


def _start() -> GameState:
    options = parse_options({})
    return initial_state(load_scenario("default", options), options)


def default_view() -> dict[str, Any]:
    return state_json(_start())


def _closing() -> GameState:
    """The default fleets with three Romans come south: C4 (cruising) can ram R5 abeam, C2
    passes R3 within ⅛" opposed, C3 runs into R2's side."""
    state = _start()
    for sid, changes in (("C4", {"mode": "cruise"}), ("R5", {"x": 16.0, "y": 20.0, "heading": 90}),
                         ("R3", {"x": 27.1, "y": 11.0, "heading": 180}),
                         ("R2", {"x": 46.0, "y": 13.0, "heading": 90})):
        state = state.with_ship(replace(state.require(sid), **changes))
    return state


MOVES = (Move("C4", "ram", (Step("F", 140),)), Move("C2", "cruise", (Step("F", 60),)),
         Move("C3", "cruise", (Step("S", 10), Step("F", 60))),
         Move("C1", "cruise", (Step("P", 20), Step("F", 40))))


# With this seed R3 fails to avoid C2's shear and its grapple holds C2 at the abreast point;
# Rome hits C4 with a bow and C1 with the ballista; C4's ram holes R5 and sticks in it.
SEED = b"map0"


@cache
def _played() -> tuple[GameState, tuple[dict[str, Any], ...], GameState, tuple[dict[str, Any], ...]]:
    """Carthage's half of turn 1 through turn.py: round 1 (moves, shears, a marked ram, a
    block) and round 2 (Rome's bow and ballista fire, the ram rolled, a grapple thrown)."""
    after_one, one = resolve_round_1(_closing(), RoundOneOrders(moves=MOVES),
                                     SeededDice(seed=SEED, game="g", phase="T1-r1"))
    fire = RoundTwoOrders(fire=(Picking("R5", "BOW", ("C4", "C4")), Targets("R3", "BALLISTA", ("C1",))),
                          grapples=(Targets("C4", "GRAPPLE", ("R5",)),))
    after_two, two = resolve_round_2(after_one, fire, SeededDice(seed=SEED, game="g", phase="T1-r2"))
    return (after_one, tuple(e.as_dict() for e in one), after_two, tuple(e.as_dict() for e in two))


def round_one() -> tuple[dict[str, Any], Events]:
    state, events, _, _ = _played()
    return state_json(state), copy.deepcopy(list(events))


def round_two() -> tuple[dict[str, Any], Events]:
    _, _, state, events = _played()
    return state_json(state), copy.deepcopy(list(events))


def scene_of(view: dict[str, Any], events: Events, viewer: str | None = "carthage") -> Scene:
    return mapscene.map_scene(view, events, "Carthage and Rome", "turn 1", viewer)


def named(scene: Scene, prefix: str) -> list[tuple[str, Primitive, Any]]:
    return [found for found in walk(scene.items) if found[0].startswith(prefix)]


def hulls_of(scene: Scene) -> dict[str, Polygon]:
    return {name.split("--")[1]: item for name, item, style in walk(scene.items)
            if name.startswith("side-") and isinstance(item, Polygon) and len(item.points) == 4
            and style.fill not in (WHITE, "none")}


def labels_of(scene: Scene) -> dict[str, list[str]]:
    group = next(item for item in scene.items if item.id == "labels")
    assert isinstance(group, Group)
    return {label.id.removeprefix("label--"): [i.text for i in label.items if isinstance(i, Text)]
            for label in group.items if isinstance(label, Group)}


def centroid(points: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _outline_distance(point: tuple[float, float], outline: list[list[float]]) -> float:
    found = math.inf
    for i, (ax, ay) in enumerate(outline):
        bx, by = outline[(i + 1) % len(outline)]
        along = (point[0] - ax) * (bx - ax) + (point[1] - ay) * (by - ay)
        share = min(max(along / ((bx - ax) ** 2 + (by - ay) ** 2), 0.0), 1.0)
        found = min(found, math.dist(point, (ax + share * (bx - ax), ay + share * (by - ay))))
    return found


# -- the ships --------------------------------------------------------------------------------------

def test_every_ship_is_its_class_rectangle_with_its_bow_and_its_id() -> None:
    view = default_view()
    scene = scene_of(view, [])
    hulls = hulls_of(scene)
    assert set(hulls) == set(view["ships"])
    for sid, ship in view["ships"].items():
        assert hulls[sid].points == tuple(map(tuple, ship["corners"])), sid
        _, _, _, length, beam = ship_frame(hulls[sid].points)
        assert (length, beam) == pytest.approx(dimensions(ship["class"])), sid  # §2 by class
        bow = next(item for name, item, style in walk(scene.items) if name == f"side-{ship['side']}--{sid}"
                   and isinstance(item, Polygon) and len(item.points) == 3 and style.fill == WHITE)
        assert isinstance(bow, Polygon)
        corners = ship["corners"]
        middle = ((corners[0][0] + corners[3][0]) / 2, (corners[0][1] + corners[3][1]) / 2)
        tip = min(bow.points, key=lambda p: math.dist(p, middle))
        assert math.dist(tip, middle) < 0.2, sid
    assert set(labels_of(scene)) == set(view["ships"])
    assert all(texts[0] == sid for sid, texts in labels_of(scene).items())


def test_a_label_gives_the_crew_by_duty_and_class_and_the_gear_and_state() -> None:
    labels = labels_of(scene_of(default_view(), []))
    # §20: C1 has 6 regular crewmen (5 at the oars), 2 regular bowmen, 4 regular marines, a tower,
    # a ballista and the admiral; R1 5 green crewmen all rowing, 2 regular bowmen, 5 elite marines
    assert labels["C1"] == ["C1", "5+1r 2r 4r", "A T B · strat · f20"]
    assert labels["R1"] == ["R1", "5g 2r 5e", "A Cv · strat · f20"]
    assert labels["C2"] == ["C2", "3e 2r 2r", "strat · f20"]
    view, _ = round_one()
    labels = labels_of(scene_of(view, []))
    assert labels["C4"][2] == "ram 14 · f20"  # ordered distance D is its speed (§6.1)
    assert view["ships"]["R3"]["sheared"] == 1  # the seed's shear (§8.2)
    assert labels["R3"][2] == "B · strat · f20 · sh1"


def test_status_links_and_routers_are_drawn() -> None:
    view = default_view()
    ships = view["ships"]
    ships["C3"].update(status="sinking", countdown=2, countdown_skip=True)
    ships["R4"].update(routed=True)
    ships["R2"].update(status="surrendered")
    ships["C5"].update(status="sunk")
    ships["C2"]["grappled_with"], ships["R3"]["grappled_with"] = ["R3"], ["C2"]
    ships["C4"]["embedded_in"] = "R5"
    scene = scene_of(view, [], "rome")
    assert {name for name, _, _ in named(scene, "sinking--")} == {"sinking--C3"}
    assert labels_of(scene)["C3"][2].endswith("sinks 2+1")
    assert "C5" not in hulls_of(scene) and "C5" not in labels_of(scene)
    struck = [style for name, _, style in named(scene, "side-rome--R2")]
    assert struck and all(style.opacity == pytest.approx(0.4) for style in struck)
    assert labels_of(scene)["R2"][2].endswith("struck")
    assert {name for name, _, _ in named(scene, "grapple--")} == {"grapple--C2--R3"}
    spike = [item for _, item, style in named(scene, "embedded--C4") if style.stroke != WHITE]
    corners = ships["C4"]["corners"]
    assert isinstance(spike[0], Polyline) and spike[0].points[0] == pytest.approx(
        ((corners[0][0] + corners[3][0]) / 2, (corners[0][1] + corners[3][1]) / 2))
    rout = [item for _, item, _ in named(scene, "rout--R4") if isinstance(item, Polyline)]
    (x0, y0), (x1, y1) = rout[0].points
    assert math.degrees(math.atan2(x1 - x0, y1 - y0)) % 360 == pytest.approx(45)  # §20: Rome routs 45
    assert "routed" in labels_of(scene)["R4"][2].split(" · ")
    # a routed or struck own ship has no reaches: it fires and grapples no more (§16.4, §12.4)
    assert not named(scene, "ring-bow-short--R4") and not named(scene, "ring-bow-short--R2")
    assert {"sinking", "surrendered", "rout", "grapple", "embedded"} <= set(legend(scene))


def test_a_played_half_shows_the_holed_ship_the_embedded_rammer_and_the_grapple() -> None:
    view, events = round_two()
    ships = view["ships"]
    assert ships["R5"]["status"] == "sinking" and ships["C4"]["embedded_in"] == "R5"  # the seed's ram
    scene = scene_of(view, events)
    assert named(scene, "sinking--R5") and named(scene, "embedded--C4")
    links = {name for name, _, _ in named(scene, "grapple--")}
    pairs = {tuple(sorted((sid, other))) for sid, ship in ships.items() for other in ship["grappled_with"]}
    assert links == {f"grapple--{a}--{b}" for a, b in pairs} and links
    countdown = ships["R5"]["countdown"]
    assert labels_of(scene)["R5"][2].endswith(
        f"sinks {countdown}" + ("+1" if ships["R5"]["countdown_skip"] else ""))


# -- the reaches ------------------------------------------------------------------------------------

def _gap(one: list[list[float]], two: list[list[float]]) -> float:
    """The least distance between two hulls apart (at a corner of one or the other)."""
    return min(min(_outline_distance((x, y), two) for x, y in one),
               min(_outline_distance((x, y), one) for x, y in two))


REACH = {"bow-short": 2.0, "bow-long": 4.0, "ballista-short": 5.0, "ballista-medium": 12.0,
         "ballista-long": 20.0, "grapple": 0.125, "grapple-gear": 0.375}


@pytest.mark.parametrize("viewer", ["carthage", "rome"])
@pytest.mark.parametrize("use", [default_view, lambda: state_json(_closing())])
def test_the_reaches_are_drawn_for_the_viewer_s_ships_only_where_they_hold_an_enemy(
        viewer: str, use: Any) -> None:
    """Issue 24: a ring with no enemy in it only hides the table."""
    view = use()
    scene = scene_of(view, [], viewer)
    rings = {name for name, _, _ in named(scene, "ring-") if name != "ring-sight"}
    enemies = [s["corners"] for s in view["ships"].values() if s["side"] != viewer]
    expected, every = set(), set()
    for sid, ship in view["ships"].items():
        if ship["side"] != viewer:
            continue
        keys = ["bow-short", "bow-long"] if ship["bowmen"] else []
        keys += [f"ballista-{band}" for band in ("short", "medium", "long")] if ship["ballistas"] else []
        keys.append("grapple-gear" if ship["corvus"] else "grapple")
        gap = min(_gap(ship["corners"], enemy) for enemy in enemies)
        expected |= {f"ring-{key}--{sid}" for key in keys if gap <= REACH[key]}
        every |= {f"ring-{key}--{sid}" for key in keys}
    assert rings == expected
    assert rings < every  # some reach holds no enemy: not drawn
    assert named(scene, "ring-sight")


def test_the_closing_fleets_show_their_reaches_and_the_far_ones_the_longest_only() -> None:
    far = {name for name, _, _ in named(scene_of(default_view(), []), "ring-")}
    near = {name for name, _, _ in named(scene_of(state_json(_closing()), []), "ring-")}
    assert "ring-bow-short--C2" not in far and "ring-bow-short--C2" in near


def test_observers_and_the_game_master_see_no_reaches() -> None:
    scene = scene_of(default_view(), [], None)
    assert not named(scene, "ring-")
    assert not any(key.startswith("ring-") for key in legend(scene))


@pytest.mark.parametrize(("sid", "key", "reach"), [
    ("C1", "ballista-long", 20.0), ("C1", "ballista-short", 5.0), ("C4", "bow-long", 4.0),
    ("C2", "grapple", 0.125)])
def test_a_ring_is_the_hull_grown_by_its_reach_cut_to_the_table(sid: str, key: str, reach: float) -> None:
    view = default_view()
    ship = view["ships"][sid]
    drawing = Drawing(["carthage", "rome"])
    hull = tuple((x, y) for x, y in ship["corners"])
    ship_reaches(sid, ship, hull, (0.0, 0.0, 72.0, 48.0), drawing, {"R9": hull})  # in reach
    lines = [item for name, item, _ in walk(tuple(drawing.rings)) if name.startswith(f"ring-{key}--{sid}")]
    points = [p for line in lines if isinstance(line, Polyline) for p in line.points]
    assert len(points) > 20
    corners = view["ships"][sid]["corners"]
    for x, y in points:
        assert -1e-9 <= x <= 72 + 1e-9 and -1e-9 <= y <= 48 + 1e-9
        if y > 1e-9 and 1e-9 < x < 72 - 1e-9:
            assert _outline_distance((x, y), corners) == pytest.approx(reach, abs=1e-6)
        else:  # cut by the edge, on a chord of the rounded outline
            assert reach * 0.98 < _outline_distance((x, y), corners) <= reach + 1e-6
    if reach > 6:  # C1 stands 6" off the south edge: the ring is cut there
        assert any(abs(y) < 1e-9 for _, y in points)


@pytest.mark.parametrize("use", [default_view, lambda: round_one()[0]])
def test_the_sight_ring_is_the_edge_of_what_the_fleet_sees(use: Any) -> None:
    view = use()
    lines = [item for _, item, _ in named(scene_of(view, []), "ring-sight")]
    points = [p for line in lines if isinstance(line, Polyline) for p in line.points]
    own = [ship["corners"] for ship in view["ships"].values() if ship["side"] == "carthage"]
    assert len(points) > 50
    for point in points:
        nearest = min(_outline_distance(point, corners) for corners in own)
        assert 0 <= point[0] <= 72 and 0 <= point[1] <= 48
        if 1e-9 < point[0] < 72 - 1e-9 and 1e-9 < point[1] < 48 - 1e-9:
            assert nearest == pytest.approx(25.0, abs=2e-3)  # on the edge of the union, never inside
        else:
            assert nearest <= 25.0 + 1e-6
    # straight over each Carthaginian the edge is 25" beyond its bow
    for ship in view["ships"].values():
        if ship["side"] == "carthage":
            above = [y for x, y in points if abs(x - ship["x"]) < 0.3]
            bow = max(corner[1] for corner in ship["corners"])
            assert max(above) >= bow + 25.0 - 0.2


def test_merged_reach_of_two_far_hulls_is_two_whole_rings() -> None:
    one = ((11.0, 10.5), (9.0, 10.5), (9.0, 9.5), (11.0, 9.5))
    two = ((41.0, 10.5), (39.0, 10.5), (39.0, 9.5), (41.0, 9.5))
    alone = mapscene.merged_reach([one], 3.0, (0.0, 0.0, 72.0, 48.0))
    both = mapscene.merged_reach([one, two], 3.0, (0.0, 0.0, 72.0, 48.0))
    near = mapscene.merged_reach([one, tuple((x + 4.0, y) for x, y in one)], 3.0, (0.0, 0.0, 72.0, 48.0))
    length = sum(math.dist(a, b) for run in alone for a, b in zip(run, run[1:], strict=False))
    assert length == pytest.approx(2 * (2 + 1) + 2 * math.pi * 3, rel=0.01)
    assert sum(math.dist(a, b) for run in both for a, b in zip(run, run[1:], strict=False)) == pytest.approx(
        2 * length, rel=1e-6)
    overlapping = sum(math.dist(a, b) for run in near for a, b in zip(run, run[1:], strict=False))
    assert length < overlapping < 2 * length - 1  # the shared middle is left out


# -- this round's events --------------------------------------------------------------------------

def test_each_ship_that_moved_has_its_path_from_start_to_end() -> None:
    view, events = round_one()
    scene = scene_of(view, events)
    paths = [item for _, item, _ in named(scene, "move--") if isinstance(item, Polyline)]
    moved = {e["ship"] for e in events if e["kind"] == "move" and e["travel"] > 0}
    assert moved == {"C1", "C2", "C3", "C4"} and len(paths) == len(moved)
    for sid in moved:
        steps = [e for e in events if e["kind"] == "move" and e["ship"] == sid]
        assert any(p.points[0] == tuple(steps[0]["start"]) and p.points[-1] == tuple(steps[-1]["end"])
                   for p in paths), sid
        end = (view["ships"][sid]["x"], view["ships"][sid]["y"])
        assert any(p.points[-1] == pytest.approx(end) for p in paths), sid


def test_a_shear_is_marked_at_its_abreast_point() -> None:
    view, events = round_one()
    shears = [e for e in events if e["kind"] in ("shear", "avoid")]
    assert shears, "the position must give a shear"
    for found in shears:
        mover = found["ship"] if found["kind"] == "shear" else found["by"]
        step = next(e for e in events if e["kind"] == "move" and e["ship"] == mover and e["travel"] > 0)
        h = math.radians(step["heading"])
        abreast = (step["start"][0] + found["abreast"] * math.sin(h),
                   step["start"][1] + found["abreast"] * math.cos(h))
        assert tuple(found["at"]) == pytest.approx(abreast, abs=0.01)  # s* along the step (§1 item 7)
    scene = scene_of(view, events)
    marks = [item for name, item, style in named(scene, "shear-") if isinstance(item, Polygon)
             and style.stroke != WHITE]
    assert len(marks) == len(shears)
    for mark, found in zip(marks, shears, strict=True):
        assert isinstance(mark, Polygon) and centroid(mark.points) == pytest.approx(tuple(found["at"]))
    avoided = [{**shears[0], "kind": "avoid", "ship": shears[0]["target"], "by": shears[0]["ship"]}]
    fills = {style.fill for name, item, style in named(scene_of(view, avoided), "shear-avoided--")
             if isinstance(item, Polygon) and style.stroke != WHITE}
    assert fills == {WHITE}  # an avoided shear is an open triangle, a shear made a filled one


def test_a_ram_is_marked_at_its_impact_and_its_roll_replaces_the_mark() -> None:
    view, events = round_one()
    marked = [e for e in events if e["kind"] == "ram"]
    assert marked and all(e.get("marked") for e in marked)
    mark = [item for _, item, style in named(scene_of(view, events), "ram-marked--")
            if isinstance(item, Polygon) and style.stroke != WHITE]
    assert len(mark) == 1 and isinstance(mark[0], Polygon)
    assert centroid(mark[0].points) == pytest.approx(tuple(marked[0]["impact"]))
    view_two, rolled = round_two()
    rolls = [e for e in rolled if e["kind"] == "ram"]
    assert rolls and "impact" not in rolls[0]
    kind = "hit" if rolls[0]["success"] else "miss"
    alone = scene_of(view_two, rolled)
    at = [item for _, item, style in named(alone, f"ram-{kind}--") if isinstance(item, Polygon)
          and style.stroke != WHITE]
    assert len(at) == 1 and isinstance(at[0], Polygon)
    assert math.dist(centroid(at[0].points), tuple(marked[0]["impact"])) < 0.6  # where the hulls meet
    both = scene_of(view_two, marked + rolled)
    assert not named(both, "ram-marked--")
    found = [item for _, item, style in named(both, f"ram-{kind}--") if isinstance(item, Polygon)
             and style.stroke != WHITE]
    assert isinstance(found[0], Polygon) and centroid(found[0].points) == pytest.approx(
        tuple(marked[0]["impact"]))


def test_a_block_is_a_cross_where_the_ship_stopped() -> None:
    view, events = round_one()
    blocks = [e for e in events if e["kind"] == "blocked"]
    assert blocks
    crosses = {name: item for name, item, style in named(scene_of(view, events), "blocked--")
               if isinstance(item, Polyline) and style.stroke != WHITE}
    for n, found in enumerate(events):
        if found["kind"] == "blocked":
            arm = crosses.get(f"blocked--{n}")
            assert isinstance(arm, Polyline) and centroid(arm.points) == pytest.approx(tuple(found["at"]))


def test_each_shot_runs_from_its_firer_to_its_target_solid_when_it_hit() -> None:
    view, events = round_two()
    shots = [e for e in events if e["kind"] == "fire" and "hit" in e]
    assert {(e["weapon"], e["ship"]) for e in shots} == {("bow", "R5"), ("ballista", "R3")}
    events.append({**shots[-1], "hit": True})  # the same ballista shot had it hit
    scene = scene_of(view, events)
    for n, found in enumerate(events):
        if found["kind"] != "fire" or "hit" not in found:
            continue
        key = f"{found['weapon']}-{'hit' if found['hit'] else 'miss'}--{n}"
        line = [(item, style) for name, item, style in walk(scene.items)
                if name == key and isinstance(item, Polyline) and style.stroke != WHITE]
        assert line, key
        item, style = line[0]
        assert bool(style.dash) != found["hit"], key
        start, end = item.points[0], item.points[-1]
        firer, target = view["ships"][found["ship"]], view["ships"][found["target"]]
        assert _outline_distance(start, firer["corners"]) < 1.2 or math.dist(
            start, (firer["x"], firer["y"])) < 1.0
        assert math.dist(end, (target["x"], target["y"])) < math.dist(start, (target["x"], target["y"]))
    drawn = {f"{e['weapon']}-{'hit' if e['hit'] else 'miss'}" for e in events
             if e["kind"] == "fire" and "hit" in e}
    assert drawn <= set(legend(scene)) and "ballista-hit" in drawn
    bows = [name for name, _, _ in named(scene, "bow-miss--") + named(scene, "bow-hit--")]
    assert len(set(bows)) == sum(1 for e in shots if e["weapon"] == "bow")  # one arrow a shot


# -- the wind and the legend -------------------------------------------------------------------------

@pytest.mark.parametrize(("wind", "routs"), [(90, "carthage 135, rome 45"), (0, "carthage 45, rome 0")])
def test_the_wind_has_an_arrow_its_heading_and_the_rout_headings(wind: int, routs: str) -> None:
    view = default_view()
    view["wind"] = wind
    scene = scene_of(view, [])
    arrow = next(item for item in scene.overlay if item.id == "wind")
    assert isinstance(arrow, Group)
    texts = [item.text for _, item, _ in walk((arrow,)) if isinstance(item, Text)]
    assert texts == [f"wind {wind}"]
    line = next(item for _, item, _ in walk((arrow,)) if isinstance(item, Polyline))
    (x0, y0), (x1, y1) = line.points
    assert math.degrees(math.atan2(x1 - x0, y0 - y1)) % 360 == pytest.approx(wind)  # pixels: y down
    words = [i.text for i in legend(scene)["wind"] if isinstance(i, Text)]
    assert words == [f"wind towards {wind}; routers sail {routs}"]


def test_the_legend_lists_what_the_map_draws_in_the_map_s_styles() -> None:
    view, events = round_one()
    scene = scene_of(view, events)
    keys = set(legend(scene))
    assert {"side-carthage", "side-rome", "label", "label-crew", "label-state", "move",
            "shear-shear", "ram-marked", "blocked", "grapple", "wind", "ring-bow-short",
            "ring-ballista-long", "ring-grapple", "ring-sight"} <= keys
    assert not keys & {"ram-hit", "ram-miss", "bow-hit", "shear-avoided", "ring-grapple-gear",
                       "plan", "sinking", "rout"}
    entries = legend(scene)
    for key in ("ring-sight", "ring-bow-long", "ring-ballista-medium"):
        sample = {style.stroke for _, item, style in walk(entries[key]) if not isinstance(item, Text)}
        drawn = {style.stroke for _, _, style in named(scene, key)}
        assert sample == drawn, key
    for colour in (mapscene.BOWFIRE, mapscene.BALLISTA, mapscene.GRAPPLING, mapscene.SIGHTED,
                   mapscene.RAMMED):  # marks and rings stand out from the table (WCAG 3:1)
        assert contrast(colour, TABLE) >= 3.0, colour


# -- layout and drawing ------------------------------------------------------------------------------

def _label_boxes(scene: Scene) -> dict[str, tuple[float, float, float, float]]:
    """Each label's box in table inches, from its words' centres and the label's own size."""
    size = scene.transform.scale
    boxes = {}
    group = next(item for item in scene.items if item.id == "labels")
    assert isinstance(group, Group)
    for label in group.items:
        assert isinstance(label, Group)
        words = [item for item in label.items if isinstance(item, Text)]
        width = max(len(w.text) * 0.7 * (w.style.font_size or 12) for w in words)
        top = words[0].at[1] + (words[0].style.font_size or 12) / 2 / size
        bottom = words[-1].at[1] - (words[-1].style.font_size or 12) / 2 / size
        x = words[0].at[0]
        boxes[label.id] = (x - width / 2 / size, bottom, x + width / 2 / size, top)
    return boxes


@pytest.mark.parametrize("use", [lambda: (default_view(), []), round_one, round_two])
def test_labels_keep_off_the_hulls_and_one_another(use: Any) -> None:
    view, events = use()
    scene = scene_of(view, events)
    boxes = _label_boxes(scene)
    hulls = hulls_of(scene)
    assert len(boxes) == len(hulls)
    for key, box in boxes.items():
        corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
        assert box[0] >= 0 and box[2] <= 72 and box[1] >= 0 and box[3] <= 48, key
        for sid, hull in hulls.items():
            assert separated(corners, hull.points), (key, sid)
    assert not any(overlaps(a, b) for i, a in enumerate(boxes.values())
                   for b in list(boxes.values())[i + 1:])


def test_the_scene_draws_as_svg_and_png() -> None:
    view, events = round_one()
    scene = scene_of(view, events)
    svg = ET.fromstring(write_svg(scene))
    texts = {e.text for e in svg.iter("{http://www.w3.org/2000/svg}text")}
    assert {"C1", "5+1r 2r 4r", "wind 90", "0", "72"} <= texts
    ids = {e.get("id") for e in svg.iter() if e.get("id")}
    assert {"side-carthage--C1", "side-rome--R1", "ring-sight", "label--C4", "wind"} <= ids
    image = png_of(scene)
    assert image.size == (scene.width, scene.height)
    for sid in ("C5", "R1"):  # a hull's stern quarter is its side's colour
        ship = view["ships"][sid]
        h = math.radians(ship["heading"])
        u, v = -ship_frame(tuple(map(tuple, ship["corners"])))[3] / 2 + 0.3, 0.25
        at = (ship["x"] + u * math.sin(h) + v * math.cos(h), ship["y"] + u * math.cos(h) - v * math.sin(h))
        fill = next(style.fill for name, item, style in walk(scene.items)
                    if name == f"side-{ship['side']}--{sid}" and isinstance(item, Polygon))
        assert pixel(scene, image, at) == rgb(str(fill)), sid
    assert not any(isinstance(item, Circle) and item.radius <= 0 for _, item, _ in walk(scene.items))


# -- the plan map --------------------------------------------------------------------------------------

def _planned() -> dict[str, tuple[str, ...]]:
    """Each move's places as the echo gives them: moved with the echo's assumptions (§6.6),
    ships earlier in the list where their own paths took them."""
    state = _closing()
    places = {}
    for move in MOVES:
        ship = state.require(move.ship)
        state, events = move_ship(state, move, pass_no_dice)
        places[move.ship] = mapscene.plan_places(ship.id, (ship.x, ship.y), ship.heading,
                                                 [e.as_dict() for e in events])
    return places


def test_plan_places_name_the_path_the_shear_the_ram_and_the_block() -> None:
    places = _planned()
    assert places["C2"] == ("(26, 6)", "(26, 11) shear R3", "(26, 12, 0)")  # R3 abreast at s* 5
    assert places["C4"] == ("(16, 6)", "(16, 18, 0) ram R5")
    assert places["C3"][0] == "(46, 6)" and places["C3"][-1].endswith(", 10) blocked")
    assert places["C1"][-1].endswith(", 340)")
    read = mapscene.parse_plan_place(places["C2"][1])
    assert read == mapscene.PlanPlace((26.0, 11.0), None, (("shear", "R3"),))
    assert mapscene.parse_plan_place("(1, 2, 3) ram R5 blocked") == mapscene.PlanPlace(
        (1.0, 2.0), 3.0, (("ram", "R5"), ("blocked", "")))
    assert mapscene.parse_plan_place("F6 to (26, 12)") is None


def test_the_plan_map_plots_each_echoed_move() -> None:
    places = _planned()
    view = state_json(_closing())
    scene = mapscene.plan_scene(view, "carthage", list(places.items()), "Orders", "as understood")
    trails = {name: item for name, item, _ in named(scene, "plan--") if isinstance(item, Polyline)}
    assert trails["plan--C2"].points == ((26.0, 6.0), (26.0, 11.0), (26.0, 12.0))
    shear = [item for _, item, style in named(scene, "plan-shear--C2") if isinstance(item, Polygon)
             and style.stroke != WHITE]
    assert isinstance(shear[0], Polygon) and centroid(shear[0].points) == pytest.approx((26.0, 11.0))
    ram = [item for _, item, style in named(scene, "plan-ram--C4") if isinstance(item, Polygon)
           and style.stroke != WHITE]
    assert isinstance(ram[0], Polygon) and centroid(ram[0].points) == pytest.approx((16.0, 19.5))
    assert named(scene, "blocked--C3")
    ends = {name: item for name, item, style in named(scene, "plan-end--") if isinstance(item, Polygon)
            and style.dash}
    end = ends["plan-end--C4"]
    assert isinstance(end, Polygon) and centroid(end.points) == pytest.approx((16.0, 18.0))
    assert ship_frame(end.points)[3] == pytest.approx(dimensions("bireme")[0])
    assert {"plan", "plan-end", "plan-shear", "plan-ram", "blocked"} <= set(legend(scene))
    assert not named(scene, "ring-")  # the plan shows the moves, not the reaches
    ET.fromstring(write_svg(scene))


@pytest.mark.parametrize("weapon", ["bow", "ballista"])
@pytest.mark.parametrize("hit", [True, False])
def test_a_shot_ends_in_a_burst_or_a_cross_never_the_bow_marker_s_triangle(weapon: str,
                                                                           hit: bool) -> None:
    """Issue 24: a triangle is the bow marker's alone; a hit ends in a burst (a star of many
    points), a miss in a cross (two crossing lines), for either weapon."""
    from pbem.rules.ramcruise.mapmarks import shot_mark
    from pbem.rules.scene import Circle, Polygon, Polyline
    from tests.render.scenes import walk

    leaves = [item for _, item, _ in walk((shot_mark(weapon, hit, (0.0, 0.0), (6.0, 0.0)),))]
    assert not [item for item in leaves if isinstance(item, Polygon) and len(item.points) == 3]
    assert not [item for item in leaves if isinstance(item, Circle)]  # nor a stone like a dot
    heads = [item for item in leaves if isinstance(item, Polygon) and len(item.points) > 3]
    crossing = [item for item in leaves if isinstance(item, Polyline) and item.points[0][0] > 5]
    assert (len(heads) >= 1) if hit else (len(crossing) >= 2)
