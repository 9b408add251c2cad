"""The speed-band map's reaches and zone lines (pbem/rules/speedband/mapreach.py), on small
tables set by hand: a Roman ship R1, 4" x 1", at (20, 20) heading north (corners (20.5, 22),
(20.5, 18), (19.5, 18), (19.5, 22), bow point (20, 22)), and one Carthaginian C1 placed to be
in or out of each reach. A ring is the hull grown by its reach (archers 3", 6", 10"; ballista
4", 10", 16"; grapple 1"; §10.1, §12.1), the corvus's a circle round the bow point (§11), drawn
only when an enemy lies inside it (issue 24), and only for the viewer's own ships; the zone
lines round enemy ships run along the §1.1 boundaries."""

from __future__ import annotations

import math
from typing import Any

import pytest

from pbem.rules.scene import Polyline, Scene, Text
from pbem.rules.speedband import mapscene
from pbem.rules.speedband.mapreach import ARCHERY, BALLISTA_INK, CORVUS_INK, GRAPPLING, ZONE_LINE
from pbem.rules.table import Pose, Vec
from pbem.rules.table.mapkit import distance_to
from pbem.rules.table.zones import Zone, point_zone
from tests.render.scenes import legend, walk
from tests.rules.speedband.test_mapscene import seen

R1_HULL = ((20.5, 22.0), (20.5, 18.0), (19.5, 18.0), (19.5, 22.0))
ALL_RINGS = {"archers-short", "archers-medium", "archers-long", "ballista-short", "ballista-medium",
             "ballista-long", "grapple", "corvus"}


def ship(side: str, x: float, y: float, heading: float, **more: Any) -> dict[str, Any]:
    """A ship row as the view gives it, 4" x 1", with archers and a ballista unless told."""
    return {"side": side, "owner": side, "status": "afloat", "x": x, "y": y, "heading": heading,
            "length": 4.0, "beam": 1.0, "archers": 3, "soldiers": 4, "officers": 3, "ballistae": 1,
            "corvus": False, "corvus_holds": "", "band": "battle", "max_band": "ram", "hull": 100,
            **more}


def view_of(*ships: tuple[str, dict[str, Any]], **more: Any) -> dict[str, Any]:
    return {"table": {"width": 72, "height": 48}, "sides": ["romans", "carthaginians"],
            "ships": dict(ships), "links": [], "fronts": [], **more}


def scene_of(view: dict[str, Any], viewer: str | None = "romans") -> Scene:
    return mapscene.map_scene(view, [], "Test", "rings", viewer)


def rings(scene: Scene, sid: str = "R1") -> dict[str, list[tuple[float, float]]]:
    """Each ring of one ship by its key, as the points of its runs."""
    found: dict[str, list[tuple[float, float]]] = {}
    for name, item, _ in walk(scene.items):
        if name.startswith("ring-") and name.endswith(f"--{sid}") and isinstance(item, Polyline):
            found.setdefault(name[5:].split("--")[0], []).extend(item.points)
    return found


def ring_style(scene: Scene, key: str) -> tuple[Any, Any]:
    return next((style.stroke, style.dash) for name, _, style in walk(scene.items)
                if name.startswith(f"ring-{key}--"))


def tooltip(scene: Scene, ident: str) -> str:
    stack = list(scene.items)
    while stack:
        item = stack.pop()
        if item.id == ident:
            return item.tooltip
        stack.extend(getattr(item, "items", ()))
    raise KeyError(ident)


# -- which rings ---------------------------------------------------------------------------------------

def test_a_ring_is_drawn_only_when_an_enemy_lies_inside_it() -> None:
    # C1 abeam to starboard, its port side at x 25.5: 5" from R1's starboard side at 20.5. So
    # inside 6" and 10" (archers), 10" and 16" (ballista); outside 3", 4", the 1" grapple and
    # the corvus (R1 carries none)
    view = view_of(("R1", ship("romans", 20, 20, 0)), ("C1", ship("carthaginians", 26, 20, 0)))
    scene = scene_of(view)
    assert set(rings(scene)) == {"archers-medium", "archers-long", "ballista-medium", "ballista-long"}
    assert tooltip(scene, "ring-archers-medium--R1") == 'R1: archers 6" (medium), reaching C1'
    # 0.8" off (C1 at x 21.8): every ring but the corvus's; a corvus that holds nothing adds it
    # only when C1 lies within 1" of the bow point, and it does not here (1.3" off it)
    view["ships"]["C1"]["x"] = 21.8
    view["ships"]["R1"]["corvus"] = True
    assert set(rings(scene_of(view))) == ALL_RINGS - {"corvus"}
    # C1 gone out of every reach: 16.5" off
    view["ships"]["C1"]["x"] = 37.5
    scene = scene_of(view)
    assert rings(scene) == {} and not [k for k in legend(scene) if k.startswith("ring-")]


def test_crews_and_status_decide_which_reaches_a_ship_has() -> None:
    near = ("C1", ship("carthaginians", 21.8, 20, 0))  # 0.8" off: inside every reach
    no_missiles = view_of(("R1", ship("romans", 20, 20, 0, archers=0, ballistae=0)), near)
    assert set(rings(scene_of(no_missiles))) == {"grapple"}
    for status in ("fleeing", "surrendered"):  # §15: neither fires nor throws
        fleeing = view_of(("R1", ship("romans", 20, 20, 0, status=status)), near)
        assert rings(scene_of(fleeing)) == {}
    # a prize of Rome's lying there is no target (§15), nor is a friend
    prize = view_of(("R1", ship("romans", 20, 20, 0)),
                    ("C1", ship("carthaginians", 21.8, 20, 0, status="surrendered")),
                    ("R2", ship("romans", 19, 26, 0)))
    assert rings(scene_of(prize)) == {} and rings(scene_of(prize), "R2") == {}


def test_only_the_viewer_s_ships_have_rings() -> None:
    view = view_of(("R1", ship("romans", 20, 20, 0)), ("C1", ship("carthaginians", 21.8, 20, 0)))
    romans = scene_of(view)
    assert rings(romans, "R1") and rings(romans, "C1") == {}  # C1 has archers too, in the view
    carthage = scene_of(view, "carthaginians")
    assert rings(carthage, "C1") and rings(carthage, "R1") == {}
    watched = scene_of(view, None)  # observers and the game master plan nothing
    assert not [name for name, _, _ in walk(watched.items) if name.startswith(("ring-", "zones--"))]


# -- the rings' shapes ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("key", "reach"), [("archers-short", 3.0), ("archers-medium", 6.0),
                                            ("archers-long", 10.0), ("ballista-short", 4.0),
                                            ("ballista-medium", 10.0), ("ballista-long", 16.0),
                                            ("grapple", 1.0)])
def test_a_ring_is_the_hull_grown_by_its_reach(key: str, reach: float) -> None:
    view = view_of(("R1", ship("romans", 20, 20, 0)), ("C1", ship("carthaginians", 21.8, 20, 0)))
    points = rings(scene_of(view))[key]
    assert len(points) > 20
    for point in points:
        assert distance_to(point, R1_HULL) == pytest.approx(reach, abs=1e-6)
    # straight ahead of the bow edge (y 22), astern of the stern (18), abeam of each side
    assert max(y for _, y in points) == pytest.approx(22 + reach)
    assert min(y for _, y in points) == pytest.approx(18 - reach)
    assert max(x for x, _ in points) == pytest.approx(20.5 + reach)
    assert min(x for x, _ in points) == pytest.approx(19.5 - reach)


def test_rings_wear_their_weapon_s_colour_and_their_band_s_dash() -> None:
    view = view_of(("R1", ship("romans", 20, 20, 0, corvus=True)), ("C1", ship("carthaginians", 20, 23, 90)))
    scene = scene_of(view)
    assert ring_style(scene, "archers-short") == (ARCHERY, ())
    assert ring_style(scene, "archers-medium") == (ARCHERY, (6.0, 3.0))
    assert ring_style(scene, "ballista-long") == (BALLISTA_INK, (2.0, 4.0))
    assert ring_style(scene, "grapple") == (GRAPPLING, ())
    assert ring_style(scene, "corvus") == (CORVUS_INK, (3.0, 2.0))
    words = {key: next(i.text for i in items if isinstance(i, Text)) for key, items in legend(scene).items()
             if key.startswith("ring-")}
    assert words["ring-archers-long"] == 'archers 10" (long)'
    assert words["ring-ballista-short"] == 'ballista 4" (short)'
    assert words["ring-grapple"] == 'grapple 1"'
    assert words["ring-corvus"] == 'corvus 1" from its bow (not across a stern)'


def test_the_corvus_ring_is_round_the_bow_and_never_across_a_stern() -> None:
    # C1 heading east at (20, 23): its starboard side (y 22.5) lies 0.5" off R1's bow point
    # (20, 22), whose zone about C1 is B (u 0: amidships, forward of nobody's stern)
    side_on = view_of(("R1", ship("romans", 20, 20, 0, corvus=True)),
                      ("C1", ship("carthaginians", 20, 23, 90)))
    points = rings(scene_of(side_on))["corvus"]
    assert len(points) >= 24
    for x, y in points:
        assert math.dist((x, y), (20.0, 22.0)) == pytest.approx(1.0, abs=1e-9)
    # C1 heading north at (20, 24.5): its stern edge (y 22.5) is as near, but the bow point
    # lies in its zone D (§11: not across the stern), so no corvus ring; the grapple still
    astern = view_of(("R1", ship("romans", 20, 20, 0, corvus=True)),
                     ("C1", ship("carthaginians", 20, 24.5, 0)))
    assert "corvus" not in rings(scene_of(astern)) and "grapple" in rings(scene_of(astern))
    # a corvus already holding a ship is not free (§11)
    holding = view_of(("R1", ship("romans", 20, 20, 0, corvus=True, corvus_holds="C2")),
                      ("C1", ship("carthaginians", 20, 23, 90)))
    assert "corvus" not in rings(scene_of(holding))
    # a corvus_reach of 2" (the view's options): C1 1.5" off the bow is within it
    far = view_of(("R1", ship("romans", 20, 20, 0, corvus=True)), ("C1", ship("carthaginians", 20, 24, 90)),
                  options={"corvus_reach": 2.0})
    scene = scene_of(far)
    assert {round(math.dist(p, (20.0, 22.0)), 9) for p in rings(scene)["corvus"]} == {2.0}
    assert next(i.text for i in legend(scene)["ring-corvus"] if isinstance(i, Text)).startswith('corvus 2"')
    assert "corvus" not in rings(scene_of({**far, "options": {}}))  # 1" by default: out of reach


def test_a_ring_is_cut_at_the_table_edge() -> None:
    # R1 2" off the west edge (its port side at x 2.5 - 0.5 = 2): the 6" ring runs out to x -4
    view = view_of(("R1", ship("romans", 2.5, 20, 0)), ("C1", ship("carthaginians", 6.5, 20, 0)))
    points = rings(scene_of(view))["archers-medium"]
    assert min(x for x, _ in points) == pytest.approx(0.0)
    assert all(x >= -1e-9 for x, _ in points)


# -- zone lines ----------------------------------------------------------------------------------------

def test_zone_lines_run_out_of_the_corners_at_45_degrees_and_along_the_beam_line() -> None:
    # C1 heading east at (40, 30): bow-starboard (42, 29.5), stern-starboard (38, 29.5),
    # stern-port (38, 30.5), bow-port (42, 30.5); ahead (1, 0), starboard (0, -1); lines 1.5" long
    view = view_of(("R1", ship("romans", 20, 20, 0)), ("C1", ship("carthaginians", 40, 30, 90)))
    scene = scene_of(view)
    lines = [(item.points, style) for name, item, style in walk(scene.items)
             if name == "zones--C1" and isinstance(item, Polyline)]
    s = 1.5 / math.sqrt(2)
    expected = [((42, 29.5), (42 + s, 29.5 - s)), ((38, 29.5), (38 - s, 29.5 - s)),
                ((38, 30.5), (38 - s, 30.5 + s)), ((42, 30.5), (42 + s, 30.5 + s)),
                ((40, 29.5), (40, 28.0)), ((40, 30.5), (40, 32.0))]
    assert len(lines) == 6
    for (points, style), want in zip(lines, expected, strict=True):
        assert [c for p in points for c in p] == pytest.approx([c for p in want for c in p])
        assert style.stroke == ZONE_LINE.stroke and style.opacity == ZONE_LINE.opacity == 0.6
    # each line is a boundary of §1.1's zones: just either side of its far end lie two zones
    pose, sides = Pose(Vec(40, 30), 90), [{Zone.A, Zone.B}, {Zone.D, Zone.C}, {Zone.D, Zone.C},
                                          {Zone.A, Zone.B}, {Zone.B, Zone.C}, {Zone.B, Zone.C}]
    for (points, _), pair in zip(lines, sides, strict=True):
        (ax, ay), (bx, by) = points
        nx, ny = -(by - ay) / 1.5 * 0.05, (bx - ax) / 1.5 * 0.05
        found = {point_zone(Vec(bx + k * nx, by + k * ny), pose, 4.0, 1.0, 0.001) for k in (1, -1)}
        assert found == pair
    assert tooltip(scene, "zones--C1") == "C1's zones: A bow, B forward side, C after side, D stern"
    assert "zones" in legend(scene)


def test_zone_lines_are_drawn_round_enemies_on_the_table_only() -> None:
    view = view_of(("R1", ship("romans", 20, 20, 0)), ("R2", ship("romans", 30, 20, 0)),
                   ("C1", ship("carthaginians", 40, 30, 90)),
                   ("C2", ship("carthaginians", 50, 30, 90, status="sunk")),
                   ("C3", ship("carthaginians", 60, 30, 90, status="captured", owner="romans")))
    zoned = {name for name, _, _ in walk(scene_of(view).items) if name.startswith("zones--")}
    assert zoned == {"zones--C1"}  # not a friend, a wreck, or Rome's own prize
    zoned = {name for name, _, _ in walk(scene_of(view, "carthaginians").items) if name.startswith("zones--")}
    assert zoned == {"zones--R1", "zones--R2"}  # C3, Rome's prize, is an obstacle only (§15)


# -- the default battle --------------------------------------------------------------------------------

@pytest.mark.parametrize("viewer", ["romans", "carthaginians"])
def test_in_the_default_battle_only_the_viewer_s_ships_have_rings(viewer: str) -> None:
    """After turn 2's movement (secret records): the ships stand 0.5" to 8" apart, so each side's
    ships afloat have rings, the other side's never; zone lines go round the other side."""
    view, events = seen("T2-r1", viewer)
    scene = mapscene.map_scene(view, events, "Off Mylae", "turn 2", viewer)
    names = {name for name, _, _ in walk(scene.items)}
    owners = {sid: row["owner"] for sid, row in view["ships"].items()}
    ringed = {name.split("--")[1] for name in names if name.startswith("ring-")}
    zoned = {name.split("--")[1] for name in names if name.startswith("zones--")}
    assert ringed == {sid for sid, owner in owners.items() if owner == viewer}
    assert zoned == {sid for sid, owner in owners.items() if owner != viewer}
    # R2 stands 0.5" off C1 bow to bow (§10.1: within the grapple's 1"), its corvus free and its
    # bow point in C1's zone A: every reach of Rome's R2 holds C1
    if viewer == "romans":
        assert {name for name in names if name.endswith("--R2") and name.startswith("ring-")} == {
            f"ring-{key}--R2" for key in ALL_RINGS}
