"""The presenter: the report's tables read from the view (every ship's class, crews, status,
countdown, last move, fatigue, shears, links, ballistas loaded, standing orders; each side's
losses against its breaking point and rout heading; the wind); the house rules, each switch
named once; order templates whose example lines the rules accept as written; pieces for tools
valid against their schema; the standing."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import jsonschema
import pytest

from pbem.rules.ramcruise import present
from pbem.rules.ramcruise.fleet import design_problem
from pbem.rules.ramcruise.grappling import distance, grapple_reach
from pbem.rules.ramcruise.houserules import house_rule, house_rules
from pbem.rules.ramcruise.modes import move_problem
from pbem.rules.ramcruise.notation import read_build_line, read_round_line, read_setup_line
from pbem.rules.ramcruise.orders import Build, Duty, Move, Picking, Place, Standing, Targets
from pbem.rules.ramcruise.pieces import pieces_schema, report_pieces
from pbem.rules.ramcruise.scenario import initial_state, load_scenario, placement_problem
from pbem.rules.ramcruise.state import (
    BUILD,
    COMBAT,
    MOVE,
    OVER,
    SETUP,
    SINKING,
    WIND,
    GameState,
    Phase,
)
from pbem.rules.ramcruise.switches import SPECS, Options, parse_options
from pbem.rules.ramcruise.template import order_template
from pbem.rules.ramcruise.victory import standing as side_standing
from pbem.rules.ramcruise.view import state_json
from pbem.rules.ramcruise.wind import rout_heading_of
from tests.rules.ramcruise.played import all_states


def sections(state: GameState, viewer: str | None = "rome") -> dict[str, Any]:
    found = present.report_sections(state_json(state), viewer, present.standing(state))
    return {section.title: section for section in found}


def row_of(section: Any, ship_id: str) -> dict[str, str]:
    rows = [row for row in section.rows if row[0] == ship_id]
    assert len(rows) == 1, (section.title, ship_id)
    return dict(zip(section.headers, rows[0], strict=True))


def played_states() -> list[GameState]:
    return [s for seed in (1, 2, 3) for s in all_states(seed)]


def default_state(**switches: str) -> GameState:
    options = parse_options(switches)
    return initial_state(load_scenario("default", options), options)


# --- the tables


def test_each_ship_is_one_row_of_each_table_the_viewers_first() -> None:
    state = all_states(2)[-3]
    tables = sections(state, "rome")
    assert list(tables) == ["Ships", "Crews", "Links and equipment", "Standing orders", "Sides", "Wind"]
    order = [row[0] for row in tables["Ships"].rows]
    assert order == [s.id for s in state.ships if s.side == "rome"] + \
        [s.id for s in state.ships if s.side == "carthage"]
    assert [row[0] for row in sections(state, None)["Crews"].rows] == [s.id for s in state.ships]
    afloat = [s.id for s in state.ships if s.status not in ("sunk", "fled")]
    assert sorted(row[0] for row in tables["Standing orders"].rows) == sorted(afloat)


def test_a_ship_row_tells_class_place_status_countdown_move_fatigue_and_shears() -> None:
    base = default_state()
    c1 = base.require("C1")
    state = base.with_ship(replace(c1, x=30.123, y=20.456, heading=45, status=SINKING, countdown=2,
                                   countdown_skip=True, routed=True, mode="cruise", speed=35,
                                   fatigue=11, sheared=1))
    row = row_of(sections(state)["Ships"], "C1")
    assert row["Class"] == "quinquereme" and row["Side"] == "carthage"
    assert row["Where"] == "(30.12, 20.46) heading 45"
    assert row["Status"] == "sinking, routed, countdown 2, its next own end of half skipped"
    assert row["Last move"] == 'CRUISE 3.5"' and row["Fatigue"] == "11"
    assert row["Shears"] == "1: half speeds"
    sunk = state.with_ship(replace(state.require("C2"), status="sunk", sheared=2))
    assert row_of(sections(sunk)["Ships"], "C2")["Where"] == "off the table"
    assert row_of(sections(sunk)["Ships"], "C2")["Shears"] == "2: immobile"
    fleet = default_state(fatigue="fleet")
    assert row_of(sections(fleet)["Ships"], "C1")["Fatigue"] == "fleet's"
    assert row_of(sections(fleet)["Sides"], "rome")["Fleet fatigue"] == "20"
    assert row_of(sections(default_state(fatigue="off"))["Ships"], "C1")["Fatigue"] == "off"


def test_crews_by_type_class_and_duty_links_equipment_and_ballistas_loaded() -> None:
    base = default_state()
    state = base.with_grapple("C1", "R1").with_grapple("C1", "R2")
    link = state.grapples[0]
    state = replace(state, grapples=(replace(link, last_casualties="C1"), *state.grapples[1:]))
    state = state.with_ship(replace(state.require("C4"), embedded_in="R5"))
    state = state.with_ship(replace(state.require("C1"), ballistas=(3,)))
    state = replace(state, phase=Phase(MOVE, 4, 1, "carthage"))
    tables = sections(state)
    assert row_of(tables["Crews"], "C1") == {"Ship": "C1", "Crewmen": "6 regular (5 at the oars, 1 on deck)",
                                             "Bowmen": "2 regular", "Marines": "4 regular"}
    assert row_of(tables["Crews"], "R4")["Bowmen"] == "1 green"
    links = row_of(tables["Links and equipment"], "C1")
    assert links["Grappled with"] == "R1, R2" and links["Last to inflict on"] == "R1"
    assert links["Equipment"] == "tower, admiral (flagship)"
    assert links["Ballistas"] == "0 of 1 loaded"                      # fired in turn 3
    assert row_of(tables["Links and equipment"], "C4")["Embedded in"] == "R5"
    assert row_of(tables["Links and equipment"], "R2")["Equipment"] == "corvus"
    later = replace(state, phase=Phase(MOVE, 5, 1, "carthage"))
    assert row_of(sections(later)["Links and equipment"], "C1")["Ballistas"] == "1 of 1 loaded"


def test_standing_orders_sides_and_wind() -> None:
    base = default_state(wind_change="roll")
    r2 = base.require("R2")
    state = base.with_ship(replace(r2, standing=replace(r2.standing, stance="accept",
                                                        losses=("oar", "mar", "bow", "deck"))))
    state = state.with_ship(replace(state.require("C2"), status="sunk"))
    state = state.with_ship(replace(state.require("C3"), routed=True))
    state = replace(state, wind=0)
    tables = sections(state)
    assert row_of(tables["Standing orders"], "R2") == {
        "Ship": "R2", "STANCE": "ACCEPT", "ONBREAK": "RESIST", "ONSHEAR": "GRAPPLE",
        "LOSSES": "OAR, MAR, BOW, DECK"}
    carthage = row_of(tables["Sides"], "carthage")
    assert carthage["Losses"] == "6 of 15 purchase points, broken at 8"
    assert carthage["Rout heading"] == str(rout_heading_of(state, "carthage"))
    assert row_of(tables["Sides"], "rome")["Rout heading"] == str(rout_heading_of(state, "rome"))
    assert tables["Wind"].rows == (
        ("0", "may change at the start of each turn (1 backs it 45, 6 veers it 45)"),)
    broken = state.with_ship(replace(state.require("C4"), status="sunk"))
    assert row_of(sections(broken)["Sides"], "carthage")["Losses"].endswith("broken at 8: broken")


def test_the_tables_come_from_the_view_not_the_state() -> None:
    state = default_state()
    view = state_json(state)
    view["ships"]["C1"]["countdown"] = 4
    view["ships"]["C1"]["status"] = "sinking"
    view["sides"]["rome"]["home"] = "east"
    found = {s.title: s for s in present.report_sections(view, None, present.standing(state))}
    assert row_of(found["Ships"], "C1")["Status"] == "sinking, countdown 4"
    assert row_of(found["Sides"], "rome")["Home edge"] == "east"


@pytest.mark.parametrize("state", played_states()[::3], ids=lambda s: s.phase.key)
def test_standing_numbers_are_victorys(state: GameState) -> None:
    numbers = present.standing(state)
    assert numbers["rule"] == "points" and numbers["turn_limit"] == state.options.turn_limit
    for side in state.sides:
        assert numbers["sides"][side.id] == side_standing(state, side.id).as_json()


# --- house rules


def test_every_switch_is_named_once_and_a_changed_one_first_with_its_default() -> None:
    options = parse_options({"fire_darts": "rome", "turn_limit": 8, "fatigue": "fleet"})
    lines = house_rules(options)
    assert len(lines) == len(SPECS)
    for spec in SPECS:
        named = [line for line in lines if re.search(rf"; {re.escape(spec.name)}( =|\))", line)]
        assert len(named) == 1, spec.name
    assert lines[0] == ("Each side keeps one fatigue reserve, spent at its costliest move (§7; "
                        "fatigue = fleet for this game, the default is ship).")
    assert "The ballista shots of rome are fire darts" in lines[1]
    assert "turn 8" in lines[2] and "the default is 12" in lines[2]
    assert not any("for this game" in line for line in lines[3:])
    assert not any("for this game" in line for line in house_rules(Options()))


def test_each_value_of_a_choice_has_its_own_words() -> None:
    for spec in SPECS:
        values = spec.values if spec.kind in ("choice", "flag", "darts", "heading") else spec.values[:1]
        told = [house_rule(spec.name, value) for value in values]
        assert len(set(told)) == len(told), spec.name
        assert all(t and "{" not in t and "_" not in t for t in told), (spec.name, told)
    assert house_rule("wind", "135") == "The wind blows towards 135"


# --- order templates


def _examples(lines: tuple[str, ...]) -> list[str]:
    return [line[2:].split("    (")[0] for line in lines
            if re.match(r"# [A-Za-z0-9-]{1,12}: [A-Za-z0-9]", line)]


@pytest.mark.parametrize("state", [s for s in played_states() if s.phase.kind in (MOVE, COMBAT)],
                         ids=lambda s: s.phase.key)
def test_the_example_lines_are_orders_the_rules_take_as_written(state: GameState) -> None:
    for side in state.side_ids:
        lines = order_template(state, side)
        assert lines and all(line.startswith("#") for line in lines)
        for number, text in enumerate(_examples(lines), 1):
            order = read_round_line(number, text).order
            ship = state.require(order.ship)
            assert ship.side == side and ship.on_table, text
            if isinstance(order, Move):
                assert state.phase.kind == MOVE and side == state.phasing, text
                assert move_problem(state, ship, order) == "", text
            elif isinstance(order, Targets) and order.verb == "BREAK":
                assert order.targets == state.grappled_with(ship.id), text
            elif isinstance(order, Targets) and order.verb == "GRAPPLE":
                assert side == state.phasing, text
                for name in order.targets:
                    assert distance(state, ship, state.require(name)) <= grapple_reach(ship) + 0.001
            elif isinstance(order, Picking) and order.verb == "BOW":
                assert side != state.phasing and len(order.targets) <= ship.crew.bowmen, text
                for name in order.targets:
                    assert distance(state, ship, state.require(name)) <= 4.001, text
            elif isinstance(order, Duty):
                source = ship.crew.oar if order.to == "deck" else ship.crew.deck
                assert 1 <= order.crewmen <= source, text
                assert order.to == "deck" or ship.crew.oar + order.crewmen <= state.row(ship).oarbanks
            elif isinstance(order, Targets) and order.verb == "BALLISTA":
                assert ship.loaded_ballistas(state.phase.turn) and ship.crew.deck, text
                for name in order.targets:
                    assert distance(state, ship, state.require(name)) <= 20.001, text


def test_the_moving_side_gets_moves_and_the_other_only_standing_orders() -> None:
    state = default_state()
    moving = order_template(state, "carthage")
    waiting = order_template(state, "rome")
    assert "carthage moves" in moving[0] and "you may send standing orders" in waiting[0]
    assert any(line.startswith("# C1: CRUISE F4") for line in moving)
    assert not any(line.startswith("# C1: RAM") for line in moving)          # two rungs up
    assert {line.split(":")[1].split()[0] for line in _examples(waiting)} == {"STANCE"}
    assert order_template(replace(state, phase=Phase(OVER, 3)), "rome") == ()
    assert order_template(replace(state, phase=Phase(WIND)), "rome") == ()


def test_a_grappled_ship_is_offered_its_break_and_a_sinking_one_no_move() -> None:
    state = default_state().with_grapple("C1", "R1")
    state = state.with_ship(replace(state.require("C2"), status=SINKING, countdown=2))
    lines = order_template(state, "carthage")
    assert "# C1: BREAK R1" in lines
    assert any("C2 (trireme) is sinking" in line for line in lines)
    assert not any(re.match(r"# C2: (RAM|CRUISE|STRAT|BACK)", line) for line in lines)


def test_the_build_template_example_builds_and_the_setup_places_are_legal() -> None:
    built = replace(default_state(), phase=Phase(BUILD))
    lines = order_template(built, "carthage")
    assert any("within 20 points" in line for line in lines)
    assert any(line.startswith("#   sixteen 16 points") for line in lines)
    example = read_build_line(1, _examples(lines)[-1]).order
    assert isinstance(example, Build) and design_problem(example.design, built.options) == ""
    assert not any("sixteen" in line for line in order_template(
        replace(default_state(special_ship="off"), phase=Phase(BUILD)), "rome"))
    free = default_state(setup="free")
    assert free.phase == Phase(SETUP, side="rome")
    placing = order_template(free, "rome")
    assert "north edge" in placing[0]
    places = [read_setup_line(n, text).order for n, text in enumerate(_examples(placing), 1)]
    assert [p.name for p in places if isinstance(p, Standing)] == ["stance"] * 5
    places = [p for p in places if not isinstance(p, Standing)]
    assert [p.ship for p in places] == ["R1", "R2", "R3", "R4", "R5"]
    ships = list(free.ships)
    for place in places:
        assert isinstance(place, Place)
        index = next(i for i, s in enumerate(ships) if s.id == place.ship)
        ships[index] = replace(ships[index], x=place.x, y=place.y, heading=place.heading, placed=True)
        assert placement_problem(ships, ships[index], "north", free.table) == ""
    assert _examples(order_template(free, "carthage")) and all(
        "STANCE" in text for text in _examples(order_template(free, "carthage")))


# --- pieces


def test_every_piece_of_every_played_state_fits_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(pieces_schema())
    jsonschema.Draft202012Validator.check_schema(pieces_schema())
    seen_sunk = seen_countdown = seen_link = False
    for state in played_states():
        pieces = report_pieces(state_json(state))
        assert [p["id"] for p in pieces] == [s.id for s in state.ships]
        for piece, ship in zip(pieces, state.ships, strict=True):
            validator.validate(piece)
            assert (piece["position"] is None) == (ship.status in ("sunk", "fled"))
            assert piece["crew"]["crewmen"]["oars"] == ship.crew.oar
            assert piece["links"]["grappled_with"] == list(state.grappled_with(ship.id))
            assert piece["ballistas_loaded"] == len(ship.loaded_ballistas(state.phase.turn))
            seen_sunk |= piece["position"] is None
            seen_countdown |= piece["countdown"] is not None
            seen_link |= bool(piece["links"]["grappled_with"])
    assert seen_sunk and seen_countdown and seen_link


def test_the_schema_refuses_a_piece_that_is_wrong() -> None:
    validator = jsonschema.Draft202012Validator(pieces_schema())
    piece = report_pieces(state_json(default_state()))[0]
    for wrong in ({**piece, "status": "floating"}, {**piece, "sheared": 3},
                  {**piece, "crew": {**piece["crew"], "marines": {"count": -1, "class": "regular"}}},
                  {**piece, "armour": 1}, {k: v for k, v in piece.items() if k != "standing"}):
        assert not validator.is_valid(wrong)
