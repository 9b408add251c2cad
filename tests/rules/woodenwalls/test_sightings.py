"""Wooden Walls sightings (rulings §11.1, §11.2, §13.3; plan §11 q. 22, 23): the range between deck
sections, the arcs as wedges from the areas' reference points against the target's whole hull,
M's side, sight through land, smoke and third ships, and the target rules.

Geometry worked by hand (§2, G3, G9): a trireme is 1.20 × 0.30 SL, so at heading 0 its beam edges
lie 0.15 either side of the centre; deck sections B u ∈ [0.2, 0.6], M [−0.2, 0.2], S [−0.6,
−0.2]; reference points at u = +0.4, 0, −0.4. Its hull (arcs only) is 0.25 wide: bow corners at
u = 0.6, v = ±0.0625, shoulders at u = 0.6 − 0.0625·√3 ≈ 0.492, v = ±0.125."""

from __future__ import annotations

import pytest

from pbem.rules.table import Vec, area_polygon, smoke_plume
from pbem.rules.woodenwalls import sightings
from pbem.rules.woodenwalls.elements import with_default_load
from pbem.rules.woodenwalls.state import GameState, Ship, Terrain, new_ship

R, M = "rhodes", "macedon"


def ship(ship_id: str, type_id: str, side: str, x: float, y: float, heading: float = 0.0,
         **changes: object) -> Ship:
    return with_default_load(new_ship(ship_id, type_id, side, x, y, heading, 2, **changes))


NO_TERRAIN = Terrain()


def game(*ships: Ship, terrain: Terrain = NO_TERRAIN) -> GameState:
    return GameState(ships=ships, terrain=terrain)


def test_range_is_between_the_deck_sections() -> None:
    # Side by side 1 SL apart: beam edges at x = 5.15 and 5.85, so M to M is 0.70; B of the
    # shooter (y 5.2..5.6) to S of the target (y 4.4..4.8): dx 0.70, dy 0.40 → √(0.49 + 0.16) ≈ 0.806.
    a, t = ship("A", "trireme", R, 5.0, 5.0), ship("T", "trireme", M, 6.0, 5.0)
    assert sightings.section_range(a, "M", t, "M") == pytest.approx(0.70)
    assert sightings.section_range(a, "B", t, "S") == pytest.approx(0.65 ** 0.5)


def test_range_within_reach_takes_epsilon_to_the_shooter() -> None:
    # M to M: 7.3 − 0.15 − (5 + 0.15) = 2.00 exactly at reach 2; 7.31 gives 2.01, beyond.
    a = ship("A", "trireme", R, 5.0, 5.0)
    at_two = game(a, ship("T", "trireme", M, 7.3, 5.0))
    assert sightings.sighting(at_two, "A", "M", "T", "M", 2.0).allowed
    beyond = game(a, ship("T", "trireme", M, 7.31, 5.0))
    answer = sightings.sighting(beyond, "A", "M", "T", "M", 2.0)
    assert not answer.allowed
    assert answer.reason == "T.M is 2.01 SL away, beyond range 2"


def test_bow_arc_takes_the_whole_hull_partly_within() -> None:
    # B's wedge is −90..+90 from (5, 5.4). A target at (6, 5.0) has its bow corners at y = 5.6,
    # bearing atan2(0.9375, 0.2) ≈ 78°: in, though the target's S section (y ≤ 4.8) lies abaft
    # the beam (q. 22). At (6, 4.4) its highest point is y = 5.0 < 5.4: every bearing > 90, out.
    a = ship("A", "trireme", R, 5.0, 5.0)
    assert sightings.arc_side(a, "B", ship("T", "trireme", M, 6.0, 5.0)) == ""
    assert sightings.arc_side(a, "B", ship("T", "trireme", M, 6.0, 4.4)) is None


def test_stern_arc_and_midships_sides() -> None:
    # A target dead ahead 3 SL (bearings within a few degrees of 0): in B's arc, not in S's
    # (90..270), not in either M wedge (45..135 and −135..−45).
    a = ship("A", "trireme", R, 5.0, 5.0)
    ahead = ship("T", "trireme", M, 5.0, 8.0)
    assert sightings.arc_side(a, "B", ahead) == ""
    assert sightings.arc_side(a, "S", ahead) is None
    assert sightings.arc_side(a, "M", ahead) is None
    astern = ship("T", "trireme", M, 5.0, 2.0)
    assert sightings.arc_side(a, "S", astern) == ""
    assert sightings.arc_side(a, "B", astern) is None
    # Abeam to port (x = 4): the port wedge; with the side kept to starboard it is out (q. 23).
    port = ship("T", "trireme", M, 4.0, 5.0)
    assert sightings.arc_side(a, "M", port) == "port"
    assert sightings.arc_side(a, "M", port, side="starboard") is None
    assert sightings.arc_side(a, "M", ship("T", "trireme", M, 6.0, 5.0)) == "starboard"


def test_towers_shoot_all_round() -> None:
    q = ship("Q", "quinquereme", R, 5.0, 5.0, towers=("T1",))
    assert sightings.arc_side(q, "T1", ship("T", "trireme", M, 5.0, 2.0)) == ""
    assert sightings.area_height(q, "T1") == 6  # quinquereme height 4, a tower 2 more (§4.1)
    assert sightings.area_height(q, "M") == 4


def test_out_of_arc_is_the_reason() -> None:
    state = game(ship("A", "trireme", R, 5.0, 5.0), ship("T", "trireme", M, 5.0, 6.5))
    answer = sightings.sighting(state, "A", "S", "T", "S", 2.0)
    assert (answer.allowed, answer.reason) == (False, "T is out of the arc of S")


def test_third_ship_not_lower_blocks_sight() -> None:
    # The line from A's M point (5, 5) to T's (7, 5) crosses the third ship's footprint at x 5.85..6.15
    # for 0.30 > ε. A trireme (height 2) blocks A's M (height 2); a hemiola (1) does not.
    a, t = ship("A", "trireme", R, 5.0, 5.0), ship("T", "trireme", M, 7.0, 5.0)
    blocked = sightings.sighting(game(a, ship("X", "trireme", R, 6.0, 5.0), t), "A", "M", "T", "M", 2.0)
    assert (blocked.allowed, blocked.reason) == (False, "X blocks the sight line")
    lower = game(a, ship("X", "hemiola", R, 6.0, 5.0), t)
    assert sightings.sighting(lower, "A", "M", "T", "M", 2.0).allowed


def test_a_third_ship_blocks_with_its_end_across_the_line() -> None:
    # X stands 0.5 SL north of the line y = 5, heading 0: its stern reaches y = 4.9, and at
    # y = 5 (u = -0.5, aft of the shoulder at u ≈ -0.47) it is about 0.27 wide, more than ε.
    # Its centre lies 0.5 from the line, within its bounding radius hypot(0.6, 0.075) ≈ 0.605:
    # the cheap test must let it through to the exact one.
    a, t = ship("A", "trireme", R, 5.0, 5.0), ship("T", "trireme", M, 7.0, 5.0)
    blocked = sightings.sighting(game(a, ship("X", "trireme", R, 6.0, 5.5), t), "A", "M", "T", "M", 2.0)
    assert (blocked.allowed, blocked.reason) == (False, "X blocks the sight line")
    clear = sightings.sighting(game(a, ship("X", "trireme", R, 6.0, 5.7), t), "A", "M", "T", "M", 2.0)
    assert clear.allowed  # its stern at y = 5.1 misses the line


def test_higher_area_sees_over_and_hulks_never_block() -> None:
    # A quinquereme's M (height 4) over a trireme (2); a trireme hulk blocks nobody.
    q, t = ship("Q", "quinquereme", R, 5.0, 5.0), ship("T", "trireme", M, 7.0, 5.0)
    assert sightings.sighting(game(q, ship("X", "trireme", M, 6.0, 5.0), t), "Q", "M", "T", "M", 2.0).allowed
    a = ship("A", "trireme", R, 5.0, 5.0)
    hulk = ship("X", "trireme", M, 6.0, 5.0, status="hulk", hulk_reason="sunk")
    assert sightings.sighting(game(a, hulk, t), "A", "M", "T", "M", 2.0).allowed


def test_land_and_smoke_block_sight() -> None:
    a, t = ship("A", "trireme", R, 5.0, 5.0), ship("T", "trireme", M, 7.0, 5.0)
    rock = area_polygon((Vec(5.9, 5.1), Vec(6.1, 5.1), Vec(6.1, 4.9), Vec(5.9, 4.9)))
    answer = sightings.sighting(game(a, t, terrain=Terrain(land=(rock,))), "A", "M", "T", "M", 2.0)
    assert answer.reason == "land blocks the sight line"
    # A plume 0.3 wide from (6, 4.5) blowing north 1 SL covers y 4.5..5.5 at x 5.85..6.15.
    plume = smoke_plume(Vec(6.0, 4.5), 0.3, 0.0, 1.0)
    smoky = sightings.sighting(game(a, t), "A", "M", "T", "M", 2.0, plumes=(plume,))
    assert smoky.reason == "smoke blocks the sight line"
    # Blowing east from (6, 5.5) it covers y 5.35..5.65 only: clear.
    clear = smoke_plume(Vec(6.0, 5.5), 0.3, 90.0, 1.0)
    assert sightings.sighting(game(a, t), "A", "M", "T", "M", 2.0, plumes=(clear,)).allowed


def test_targets_are_enemy_areas_afloat() -> None:
    a = ship("A", "trireme", R, 5.0, 5.0)
    friend = game(a, ship("F", "trireme", R, 6.0, 5.0))
    assert sightings.sighting(friend, "A", "M", "F", "M", 2.0).reason == "F is not an enemy ship"
    hulk = game(a, ship("H", "trireme", M, 6.0, 5.0, status="hulk", hulk_reason="sunk"))
    assert sightings.sighting(hulk, "A", "M", "H", "M", 2.0).reason == "H is not afloat"
    enemy = game(a, ship("T", "trireme", M, 6.0, 5.0))
    assert sightings.sighting(enemy, "A", "M", "T", "T1", 2.0).reason == "T has no area T1"
    assert sightings.sighting(enemy, "A", "M", "Z", "M", 2.0).reason == "there is no ship Z"
    captured = game(a, ship("T", "trireme", M, 6.0, 5.0, controller=R))
    assert not sightings.sighting(captured, "A", "M", "T", "M", 2.0).allowed
