"""Fleet building (rulings §4): build costs, the checks on a design, the running total against
the budget, the admiral and the flagship, ids, and the state a ship starts in."""

from __future__ import annotations

import pytest

from pbem.rules.ramcruise.classes import Crew, class_table
from pbem.rules.ramcruise.fleet import (
    BuildLine,
    Design,
    build_cost,
    build_fleet,
    design_problem,
    purchase_points,
    starting_ship,
)
from pbem.rules.ramcruise.state import StandingOrders
from pbem.rules.ramcruise.switches import Options, parse_options

OPTIONS = Options()

# §20's ships as build lines, with the costs its table gives.
SECTION_20 = [
    (Design("quinquereme", 6, "regular", 5, 2, "regular", 4, "regular", tower=True, ballistas=1,
            admiral=True), 7),
    (Design("trireme", 3, "elite", 3, 2, "regular", 2, "regular"), 4),
    (Design("trireme", 4, "regular", 3, 1, "regular", 2, "regular"), 3),
    (Design("bireme", 2, "elite", 2, 2, "regular", 1, "regular"), 3),
    (Design("bireme", 2, "regular", 2, 1, "elite", 2, "regular"), 3),
    (Design("quinquereme", 5, "green", 5, 2, "regular", 5, "elite", gear="corvus", admiral=True), 6),
    (Design("quinquereme", 5, "green", 5, 1, "regular", 6, "regular", gear="corvus"), 5),
    (Design("trireme", 4, "regular", 3, 1, "regular", 2, "regular", ballistas=1), 4),
    (Design("trireme", 3, "green", 3, 1, "green", 3, "regular", gear="corvus"), 2),
    (Design("bireme", 2, "regular", 2, 2, "elite", 1, "regular"), 3),
]


def _lines(*designs: Design) -> list[BuildLine]:
    return [BuildLine(number, f"S{number}", design) for number, design in enumerate(designs, 1)]


@pytest.mark.parametrize(("design", "cost"), SECTION_20)
def test_the_costs_of_section_20(design: Design, cost: int) -> None:
    assert design_problem(design, OPTIONS) == ""
    assert build_cost(design, class_table()[design.ship_class]) == cost


def test_both_default_fleets_cost_exactly_the_budget() -> None:
    for designs in (SECTION_20[:5], SECTION_20[5:]):
        fleet = build_fleet("side", _lines(*(design for design, _ in designs)), OPTIONS)
        assert fleet.refused == ()
        assert fleet.total == 20
        assert [b.total for b in fleet.built] == [
            sum(cost for _, cost in designs[:n]) for n in range(1, 6)]


def test_a_build_cost_is_never_below_one() -> None:
    all_green = Design("bireme", 2, "green", None, 1, "green", 1, "green")
    assert build_cost(all_green, class_table()["bireme"]) == 1


def test_a_line_past_the_budget_is_refused_and_later_lines_that_fit_are_built() -> None:
    quinquereme = Design("quinquereme", 6, "regular", None, 2, "regular", 4, "regular", tower=True)
    bireme = Design("bireme", 2, "regular", None, 1, "regular", 2, "regular")
    lines = _lines(quinquereme, quinquereme, quinquereme, quinquereme, bireme)  # 6 each, then 2
    fleet = build_fleet("carthage", lines, OPTIONS)
    assert [b.ship_id for b in fleet.built] == ["S1", "S2", "S3", "S5"]
    assert fleet.total == 20
    (refused,) = fleet.refused
    assert refused.line_no == 4
    assert refused.reason == "S4 costs 6, which would bring the fleet to 24 of its 20 points; 2 points left"
    assert [ship.id for ship in fleet.ships] == ["S1", "S2", "S3", "S5"]


def test_the_budget_comes_from_the_switch_or_the_scenario() -> None:
    bireme = Design("bireme", 2, "regular", None, 1, "regular", 2, "regular")
    assert len(build_fleet("a", _lines(*[bireme] * 6), parse_options({"budget": 5})).built) == 2
    assert len(build_fleet("a", _lines(*[bireme] * 6), OPTIONS, budget=7).built) == 3


def test_only_the_first_accepted_admiral_line_may_have_it() -> None:
    admiral = Design("trireme", 3, "regular", None, 1, "regular", 2, "regular", admiral=True)
    oversized = Design("trireme", 3, "regular", None, 2, "regular", 3, "regular", admiral=True)
    lines = _lines(oversized, Design("bireme", 2), admiral, admiral)
    fleet = build_fleet("rome", lines, OPTIONS)
    assert [b.ship_id for b in fleet.built] == ["S2", "S3"]
    assert [r.line_no for r in fleet.refused] == [1, 4]
    assert "at most 7 crew factors" in fleet.refused[0].reason
    assert fleet.refused[1].reason.startswith("the admiral is already on the ship of line 3")
    assert fleet.flagship == "S3"
    assert [ship.flagship for ship in fleet.ships] == [False, True]


def test_with_no_admiral_the_first_ship_built_is_the_flagship() -> None:
    too_big = Design("monoreme", 4)
    fleet = build_fleet("rome", _lines(too_big, Design("bireme", 2), Design("bireme", 2)), OPTIONS)
    assert fleet.flagship == "S2"


def test_ids_are_unique_in_the_game() -> None:
    bireme = Design("bireme", 2)
    lines = [BuildLine(1, "C1", bireme), BuildLine(2, "c1", bireme), BuildLine(3, "R1", bireme)]
    fleet = build_fleet("carthage", lines, OPTIONS, taken=("r1",))
    assert [b.ship_id for b in fleet.built] == ["C1"]
    assert all("already a ship of this game" in r.reason for r in fleet.refused)


@pytest.mark.parametrize(("design", "options", "words"), [
    (Design("sixteen", 20), parse_options({"special_ship": "off"}), "special_ship = off"),
    (Design("quadrireme", 2), OPTIONS, "no ship class 'quadrireme'"),
    (Design("trireme", 0), OPTIONS, "at least 1 crew factor"),
    (Design("bireme", 3, oars=3), OPTIONS, "at most 2 crewmen at the oars"),
    (Design("bireme", 2, oars=3), OPTIONS, "OARS 3 puts more crewmen at the oars than the 2"),
    (Design("bireme", 2, tower=True), OPTIONS, "tower needs 3 or more oarbanks"),
    (Design("monoreme", 1, ballistas=1), OPTIONS, "carries no ballista"),
    (Design("bireme", -1), OPTIONS, "crewmen cannot be fewer than 0"),
])
def test_designs_refused_with_the_reason(design: Design, options: Options, words: str) -> None:
    assert words in design_problem(design, options)


def test_oars_sets_fewer_rowers_and_the_rest_stand_on_deck() -> None:
    row = class_table()["quinquereme"]
    assert Design("quinquereme", 6).crew(row.oarbanks) == Crew(oar=5, deck=1)
    assert Design("quinquereme", 6, oars=3).crew(row.oarbanks) == Crew(oar=3, deck=3)
    assert Design("quinquereme", 2).crew(row.oarbanks) == Crew(oar=2, deck=0)


def test_a_new_ship_starts_as_section_4_says() -> None:
    options = parse_options({"fatigue_reserve": 15})
    ship = starting_ship("C1", "carthage", SECTION_20[0][0], options, flagship=True)
    assert (ship.mode, ship.speed, ship.fatigue, ship.sheared, ship.status) == (
        "strategic", 0, 15, 0, "afloat")
    assert ship.ballistas == (0,) and ship.loaded_ballistas(1) == (1,)
    assert (ship.routed, ship.countdown, ship.embedded_in, ship.placed) == (False, 0, "", False)
    assert ship.standing == StandingOrders()
    assert ship.tower and ship.flagship and ship.gear == ""


def test_purchase_points_are_class_points_not_build_costs() -> None:
    fleet = build_fleet("carthage", _lines(*(design for design, _ in SECTION_20[:5])), OPTIONS)
    assert purchase_points(fleet.ships, OPTIONS) == 15
    rome = build_fleet("rome", _lines(*(design for design, _ in SECTION_20[5:])), OPTIONS)
    assert purchase_points(rome.ships, OPTIONS) == 18
    sixteen = build_fleet("x", _lines(Design("sixteen", 16)), parse_options({"special_ship": "printed"}))
    assert purchase_points(sixteen.ships, parse_options({"special_ship": "printed"})) == 1
