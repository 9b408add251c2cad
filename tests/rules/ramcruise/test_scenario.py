"""The default scenario of rulings §20, scenario files and ship rows, free set-up zones and the
judge's placement."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pbem.rules.ramcruise.classes import Crew
from pbem.rules.ramcruise.rows import grapples_from_rows, ship_from_row, ships_problem
from pbem.rules.ramcruise.scenario import (
    in_setup_zone,
    initial_state,
    judge_place,
    load_scenario,
    place_unplaced,
    placement_problem,
    scenario_from_text,
)
from pbem.rules.ramcruise.state import Ship, Side
from pbem.rules.ramcruise.switches import Options, parse_options
from pbem.rules.table import Table, footprint_distance

OPTIONS = Options()
TABLE = Table(72.0, 48.0)

# §20's table: id, name, class, crewmen (class, at oars), bowmen (class), marines (class),
# tower, ballistas, gear, admiral, centre.
REG, ELITE, GREEN = "regular", "elite", "green"
SECTION_20 = [
    ("C1", "Melqart", "quinquereme", (6, REG, 5), (2, REG), (4, REG), True, 1, "", True, (36, 6)),
    ("C2", "Tanit", "trireme", (3, ELITE, 3), (2, REG), (2, REG), False, 0, "", False, (26, 6)),
    ("C3", "Baal Hammon", "trireme", (4, REG, 3), (1, REG), (2, REG), False, 0, "", False, (46, 6)),
    ("C4", "Elissa", "bireme", (2, ELITE, 2), (2, REG), (1, REG), False, 0, "", False, (16, 6)),
    ("C5", "Hanno", "bireme", (2, REG, 2), (1, ELITE), (2, REG), False, 0, "", False, (56, 6)),
    ("R1", "Duilius", "quinquereme", (5, GREEN, 5), (2, REG), (5, ELITE), False, 0, "corvus", True,
     (36, 42)),
    ("R2", "Victoria", "quinquereme", (5, GREEN, 5), (1, REG), (6, REG), False, 0, "corvus", False,
     (46, 42)),
    ("R3", "Concordia", "trireme", (4, REG, 3), (1, REG), (2, REG), False, 1, "", False, (26, 42)),
    ("R4", "Fortuna", "trireme", (3, GREEN, 3), (1, GREEN), (3, REG), False, 0, "corvus", False, (56, 42)),
    ("R5", "Aquila", "bireme", (2, REG, 2), (2, ELITE), (1, REG), False, 0, "", False, (16, 42)),
]


def _row(ship: Ship) -> tuple[Any, ...]:
    crew = ship.crew
    return (ship.id, ship.name, ship.ship_class, (crew.crewmen, crew.crewmen_class, crew.oar),
            (crew.bowmen, crew.bowmen_class), (crew.marines, crew.marines_class), ship.tower,
            len(ship.ballistas), ship.gear, ship.flagship, (ship.x, ship.y))


def test_the_default_scenario_is_section_20_s_table_in_scenario_order() -> None:
    scenario = load_scenario("default", OPTIONS)
    assert [_row(ship) for ship in scenario.ships] == SECTION_20
    assert [ship.heading for ship in scenario.ships] == [0] * 5 + [180] * 5
    assert [ship.side for ship in scenario.ships] == ["carthage"] * 5 + ["rome"] * 5
    assert [(s.id, s.home) for s in scenario.sides] == [("carthage", "south"), ("rome", "north")]
    assert (scenario.turn_limit, scenario.budget, scenario.wind, scenario.fire_darts) == (12, 20, 90, "off")
    assert ships_problem(scenario.ships, ("carthage", "rome"), TABLE) == ""


def test_the_bow_lines_start_31_inches_apart() -> None:
    scenario = load_scenario("default", OPTIONS)
    carthage = max(c.y for ship in scenario.ships[:5] for c in ship.polygon().corners)
    rome = min(c.y for ship in scenario.ships[5:] for c in ship.polygon().corners)
    assert (carthage, rome) == (8.5, 39.5)


def test_the_default_game_opens_with_carthage_moving_and_each_side_s_points() -> None:
    state = initial_state(load_scenario("default", OPTIONS), OPTIONS)
    assert state.phase.key == "T1-r1-carthage"
    assert [(side.start_points, side.fatigue) for side in state.sides] == [(15, 20), (18, 20)]
    assert state.wind == 90 and state.options.turn_limit == 12
    assert all(ship.fatigue == 20 and ship.mode == "strategic" and ship.speed == 0
               for ship in state.ships)


@pytest.mark.parametrize(("given", "key"), [
    ({"setup": "free"}, "setup-rome"), ({"wind": "roll"}, "wind"),
    ({"wind": "roll", "setup": "free"}, "wind")])
def test_the_opening_phase(given: dict[str, Any], key: str) -> None:
    options = parse_options(given)
    state = initial_state(load_scenario("default", options), options)
    assert state.phase.key == key
    assert all(not ship.placed for ship in state.ships) is (options.setup == "free")


def test_switches_the_game_master_sets_win_over_the_scenario() -> None:
    options = parse_options({"wind": 270, "turn_limit": 8, "fire_darts": "ROME"})
    state = initial_state(load_scenario("default", options), options)
    assert state.wind == 270 and state.options.turn_limit == 8
    assert state.options.fire_darts == "rome"
    with pytest.raises(ValueError, match="fire_darts names 'sparta'"):
        options = parse_options({"fire_darts": "sparta"})
        initial_state(load_scenario("default", options), options)


SCENARIO = """
title = "Two on two"
turns = 6
wind = 45
[table]
width = 40
height = 30
[[side]]
id = "blue"
home = "west"
[[side]]
id = "red"
home = "east"
[[ship]]
id = "B1"
side = "blue"
class = "trireme"
x = 5.0
y = 15.0
heading = 90
[[ship]]
id = "B2"
side = "blue"
class = "bireme"
x = 5.0
y = 20.0
heading = 90
[[ship]]
id = "X1"
side = "red"
class = "quinquereme"
x = 35.0
y = 15.0
heading = 270
admiral = true
"""


def test_a_scenario_file_with_its_own_table_turns_wind_and_flagships() -> None:
    scenario = scenario_from_text(SCENARIO, OPTIONS)
    assert scenario.title == "Two on two" and scenario.table == Table(40.0, 30.0)
    assert [(s.id, s.home) for s in scenario.sides] == [("blue", "west"), ("red", "east")]
    assert [ship.flagship for ship in scenario.ships] == [True, False, True]
    state = initial_state(scenario, OPTIONS)
    assert (state.options.table_width, state.options.turn_limit, state.wind) == (40.0, 6, 45)
    assert [side.start_points for side in state.sides] == [5, 5]
    explicit = parse_options({"turn_limit": 12, "table": "72x48"})
    state = initial_state(scenario_from_text(SCENARIO, explicit), explicit)
    assert (state.options.table_width, state.options.turn_limit) == (72.0, 12)


@pytest.mark.parametrize(("change", "words"), [
    (("x = 5.0\ny = 20.0", "x = 5.0\ny = 15.5"), "ships B1 and B2 overlap"),
    (("class = \"bireme\"", "class = \"galleon\""), "no ship class 'galleon'"),
    (("heading = 270\n", "heading = 270\nsail = true\n"), "unknown key sail"),
    (("id = \"B2\"", "id = \"B1\""), "ship id B1 is used twice"),
    (("x = 35.0", "x = 39.0"), "not wholly on the table"),
    (("home = \"east\"", "home = \"up\""), "'home' is south, north, west, east"),
    (("wind = 45", "wind = 400"), "'wind' is the downwind heading"),
])
def test_a_bad_scenario_file_says_what_is_wrong(change: tuple[str, str], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        scenario_from_text(SCENARIO.replace(*change), OPTIONS)


def test_a_build_scenario_has_no_ships_and_opens_with_the_build_round() -> None:
    text = ('build = true\nbudget = 12\n[[side]]\nid = "a"\nhome = "south"\n'
            '[[side]]\nid = "b"\nhome = "north"\n')
    scenario = scenario_from_text(text, OPTIONS)
    state = initial_state(scenario, OPTIONS)
    assert state.ships == () and state.phase.key == "build" and state.options.budget == 12
    with pytest.raises(ValueError, match="lists no ships"):
        scenario_from_text(text.replace("build = true", "build = false"), OPTIONS)


def test_a_ship_row_takes_the_case_format_s_defaults() -> None:
    ship = ship_from_row({"id": "T", "side": "a", "class": "Trireme", "x": 1, "y": 2, "heading": 0},
                         1, parse_options({"fatigue_reserve": 12}))
    assert ship.crew == Crew(oar=3)
    assert (ship.fatigue, ship.mode, ship.status, ship.gear, ship.ballistas) == (12, "strategic",
                                                                                  "afloat", "", ())
    full = ship_from_row({"id": "Q", "side": "a", "class": "quinquereme", "x": 1, "y": 2, "heading": 0,
                          "crewmen": 6, "oars": 4, "bowmen": 1, "marines": 3, "marines_class": "ELITE",
                          "ballistas_fired": [0, 3], "harpax": 1, "mode": "Ram", "speed": 9.5,
                          "status": "sinking", "countdown": 2, "countdown_skip": True, "sheared": 1,
                          "stance": "ACCEPT", "losses": ["OAR", "deck"], "seen_routed": ["R2"]}, 1, OPTIONS)
    assert full.crew == Crew(oar=4, deck=2, bowmen=1, marines=3, marines_class="elite")
    assert (full.ballistas, full.gear, full.mode, full.speed, full.sheared) == (
        (0, 3), "harpax", "ram", 95, 1)
    assert (full.status, full.countdown, full.countdown_skip) == ("sinking", 2, True)
    assert full.standing.stance == "accept" and full.standing.losses == ("oar", "deck")
    assert full.seen_routed == frozenset({"R2"})


@pytest.mark.parametrize(("extra", "words"), [
    ({"oars": 4}, "'oars' 4 is more than its 3 crewmen"),
    ({"crewmen": 4, "oars": 4}, "at most 3 crewmen at the oars"),
    ({"marines": 5}, "at most 7 crew factors"),
    ({"status": "sinking"}, "does not agree with countdown 0"),
    ({"countdown": 2}, "status afloat does not agree with countdown 2"),
    ({"corvus": True, "harpax": True}, "not both"),
    ({"ballistas": 2}, "at most 1 ballista"),
    ({"ballistas": 1, "ballistas_fired": [1, 2]}, "one turn .* per ballista, 1 of them"),
    ({"sheared": 3}, "'sheared' must be a whole number from 0 to 2"),
    ({"fatigue": 21}, "'fatigue' must be a whole number from 0 to 20"),
    ({"tower": "yes"}, "'tower' is true or false"),
    ({"heading": 360}, "'heading' must be whole degrees"),
    ({"losses": ["hull"]}, "'losses' lists"),
    ({"mode": "sail"}, "'mode' is strategic, cruise, ram, back, stay"),
])
def test_a_bad_ship_row_names_its_key(extra: dict[str, Any], words: str) -> None:
    row = {"id": "T", "side": "a", "class": "trireme", "x": 1, "y": 2, "heading": 0, **extra}
    with pytest.raises(ValueError, match=words):
        ship_from_row(row, 3, OPTIONS)


def test_surrendered_ships_may_still_be_sinking() -> None:
    row = {"id": "T", "side": "a", "class": "trireme", "x": 1, "y": 2, "heading": 0,
           "status": "surrendered", "countdown": 1}
    assert ship_from_row(row, 1, OPTIONS).countdown == 1


def test_grapples_from_rows_are_symmetric_and_carry_the_last_to_inflict() -> None:
    rows = [{"id": "A", "grappled_with": ["X"]}, {"id": "B", "grappled_with": "X"},
            {"id": "X", "grappled_with": ["A"], "last_melee": ["B"]}]
    ships = [Ship(row["id"], "s", "bireme", 0.0, 0.0, 0, Crew(oar=2)) for row in rows]  # type: ignore[arg-type]
    grapples = grapples_from_rows(rows, ships)
    assert [(g.first, g.second, g.last_casualties) for g in grapples] == [("A", "X", ""), ("B", "X", "X")]
    with pytest.raises(ValueError, match="'last_melee' names 'A', which it is not grappled to"):
        grapples_from_rows([{"id": "A"}, {"id": "B", "last_melee": ["A"]}, {"id": "X"}], ships)
    with pytest.raises(ValueError, match="'grappled_with' names 'Z'"):
        grapples_from_rows([{"id": "A", "grappled_with": ["Z"]}, {}, {}], ships)


def _bireme(ship_id: str, side: str, x: float, y: float, heading: int = 0) -> Ship:
    return Ship(ship_id, side, "bireme", x, y, heading, Crew(oar=2))


def test_the_set_up_zone_is_every_corner_within_8_inches_of_the_home_edge() -> None:
    assert in_setup_zone(_bireme("A", "s", 10.0, 6.5), "south", TABLE)  # bow at 8.0
    assert not in_setup_zone(_bireme("A", "s", 10.0, 6.6), "south", TABLE)
    assert in_setup_zone(_bireme("A", "s", 10.0, 7.5, 90), "south", TABLE)  # beam edge at 8.0
    assert in_setup_zone(_bireme("A", "s", 10.0, 41.5, 180), "north", TABLE)
    assert not in_setup_zone(_bireme("A", "s", 10.0, 6.5), "north", TABLE)
    assert in_setup_zone(_bireme("A", "s", 6.5, 20.0, 90), "west", TABLE)
    assert in_setup_zone(_bireme("A", "s", 65.5, 20.0, 270), "east", TABLE)
    assert not in_setup_zone(_bireme("A", "s", 10.0, 1.0), "south", TABLE)  # stern off the table


def test_a_placement_keeps_a_quarter_inch_from_friends_and_never_overlaps() -> None:
    friend, enemy = _bireme("F", "a", 10.0, 4.0), _bireme("E", "b", 20.0, 4.0)
    ships = [friend, enemy]
    assert placement_problem(ships, _bireme("N", "a", 11.25, 4.0), "south", TABLE) == ""  # 0.25 apart
    assert "closer than ¼\" to F" in placement_problem(ships, _bireme("N", "a", 11.2, 4.0), "south", TABLE)
    # The ¼" has the benefit of ε (G6): 0.2495" passes, 0.2485" does not.
    assert placement_problem(ships, _bireme("N", "a", 11.2495, 4.0), "south", TABLE) == ""
    assert placement_problem(ships, _bireme("N", "a", 11.2485, 4.0), "south", TABLE) != ""
    assert placement_problem(ships, _bireme("N", "a", 21.1, 4.0), "south", TABLE) == ""  # enemy 0.1 off
    assert "overlap E" in placement_problem(ships, _bireme("N", "a", 20.5, 4.0), "south", TABLE)
    assert "within 8\" of the south edge" in placement_problem(ships, _bireme("N", "a", 30.0, 9.0),
                                                               "south", TABLE)


def test_the_judge_places_stern_half_an_inch_off_at_the_first_free_four_inch_mark() -> None:
    quinquereme = Ship("Q", "a", "quinquereme", 0.0, 0.0, 0, Crew(oar=5), placed=False)
    pose = judge_place([], quinquereme, "south", TABLE)
    assert pose is not None and (pose.centre.x, pose.centre.y, pose.heading) == (4.0, 3.0, 0.0)
    north = judge_place([], quinquereme, "north", TABLE)
    assert north is not None and (north.centre.x, north.centre.y, north.heading) == (4.0, 45.0, 180.0)
    west = judge_place([], quinquereme, "west", TABLE)
    assert west is not None and (west.centre.x, west.centre.y, west.heading) == (3.0, 4.0, 90.0)
    east = judge_place([], quinquereme, "east", TABLE)
    assert east is not None and (east.centre.x, east.centre.y, east.heading) == (69.0, 4.0, 270.0)
    # A sixteen (beam 2) at x 4 leaves 4 - 1 - 0.75 = 2.25 to a quinquereme at 8: it goes there.
    sixteen = Ship("S", "a", "sixteen", 4.0, 3.5, 0, Crew(oar=16))
    beside = judge_place([sixteen], quinquereme, "south", TABLE)
    assert beside is not None and beside.centre.x == 8.0
    # A bireme lying along the edge over x 4 to 7: the mark at 8 is exactly ¼" clear of it; with
    # the bireme 0.1" further east it is not, and the ship goes to 12.
    exactly = [_bireme("F", "b", 5.5, 3.0, 90)]
    at_eight = judge_place(exactly, quinquereme, "south", TABLE)
    assert at_eight is not None and at_eight.centre.x == 8.0
    assert abs(footprint_distance(replace(quinquereme, x=8.0, y=3.0, placed=True).polygon(),
                                  exactly[0].polygon(), 0.001) - 0.25) < 1e-9
    too_near = judge_place([_bireme("F", "b", 5.6, 3.0, 90)], quinquereme, "south", TABLE)
    assert too_near is not None and too_near.centre.x == 12.0


def test_unplaced_ships_are_placed_in_scenario_order_and_those_with_no_room_are_told() -> None:
    ships = [Ship(f"B{n}", "blue", "trireme", 0.0, 0.0, 0, Crew(oar=3), placed=False) for n in range(1, 5)]
    placed, left = place_unplaced(ships, Side("blue", "south"), Table(13.0, 30.0))
    assert [(ship.x, ship.placed) for ship in placed] == [(4.0, True), (8.0, True), (12.0, True),
                                                          (0.0, False)]
    assert left == ("B4",)
    assert placed[0].y == 2.5 and placed[0].heading == 0
