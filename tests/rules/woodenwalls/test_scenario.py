"""The default scenario, scenario files and the crew-quality allotment (scenario.py; rulings §19,
house rule `scenario`)."""

from __future__ import annotations

import pytest

from pbem.rules.woodenwalls.rounds import SETUP
from pbem.rules.woodenwalls.scenario import (
    DEFAULT_ALLOTMENT,
    allot,
    allotment_of,
    allotment_text,
    best_first,
    default_state,
    new_game,
    opening_state,
    scenario_from_text,
    scenario_sides,
    scenario_title,
)
from pbem.rules.woodenwalls.switches import Options, parse_options


def test_the_rhodian_straits_sides_ships_and_positions() -> None:
    state = default_state(Options())
    assert state.sides == ("rhodes", "macedon")
    assert [(s.id, s.type, s.x, s.y, s.heading, s.speed) for s in state.ships] == [
        ("RH-ATHENA", "trireme", 6, 2, 0, 2), ("RH-HELIOS", "trireme", 8, 2, 0, 2),
        ("RH-RHODOS", "trihemiola", 10, 2, 0, 2), ("RH-DELPHIS", "hemiola", 12, 2, 0, 2),
        ("MA-ANTIGONIS", "quinquereme", 12, 10, 180, 2), ("MA-DEMETRIAS", "quadrireme", 10, 10, 180, 2),
        ("MA-PELLA", "trireme", 8, 10, 180, 2), ("MA-KASSANDRA", "hemiola", 6, 10, 180, 2)]
    assert [s.id for s in state.ships if s.flagship == "fleet"] == ["RH-ATHENA", "MA-ANTIGONIS"]
    assert state.phase.kind == SETUP and state.options.round_limit == 8
    assert state.wind.notation == "light@90" and not state.terrain.land and not state.links
    assert (state.table.width, state.table.height) == (18, 12)


def test_the_rhodian_straits_elements() -> None:
    state = default_state(Options())
    athena = state.require("RH-ATHENA")
    assert [(e.area, e.kind, e.grade, e.armoured, e.shielded, e.missile) for e in athena.elements] == [
        ("B", "marines", "picked", True, True, ""), ("M", "shooters", "experienced", False, False, "archers"),
        ("S", "marines", "picked", True, True, "")]
    antigonis = state.require("MA-ANTIGONIS")
    assert [(e.area, e.kind) for e in antigonis.elements] == [
        ("B", "marines"), ("B", "marines"), ("M", "engine"), ("M", "shooters"), ("S", "marines")]
    assert [e.area for e in state.require("RH-DELPHIS").elements] == ["B", "M"]
    assert all(not (s.corvus or s.harpax or s.fire or s.toughened or s.towers) for s in state.ships)


def test_the_allotment_best_first_in_scenario_order() -> None:
    state = default_state(Options())
    assert [s.quality for s in state.ships] == ["FR", "FR", "ABLE", "ABLE", "FR", "ABLE", "ABLE", "POOR"]
    assert not any(s.quality_assigned or s.revealed for s in state.ships)
    assert allotment_of(state) == dict(DEFAULT_ALLOTMENT)
    assert allotment_text(DEFAULT_ALLOTMENT["macedon"]) == "1 FR, 2 ABLE, 1 POOR"
    assert best_first(["POOR", "FR", "ABLE"]) == ("FR", "ABLE", "POOR")
    with pytest.raises(ValueError, match="4 ship"):
        allot(state, {"rhodes": ("FR",)})


FILE = """
title = "Off Lindos"
rounds = 5
wind = "stiff@270"

[table]
width = 20
height = 10

[allotment]
rhodes = { FR = 1, POOR = 1 }

[[ship]]
id = "RH-A"
side = "rhodes"
type = "trireme"
x = 5
y = 2
heading = 0
speed = 2

[[ship]]
id = "RH-B"
side = "rhodes"
type = "oar20"
x = 7
y = 2
heading = 0
speed = 1
elements = []

[[ship]]
id = "MA-C"
side = "macedon"
type = "quinquereme"
quality = "POOR"
x = 10
y = 8
heading = 180
speed = 0
towers = 1

[[land]]
corners = [[0, 4], [2, 6], [2, 4]]

[[current]]
corners = [[10, 4], [10, 6], [14, 6], [14, 4]]
heading = 90
strength = "strong"
"""


def test_a_scenario_file() -> None:
    state = scenario_from_text(FILE, Options())
    assert [s.id for s in state.ships] == ["RH-A", "RH-B", "MA-C"] and state.sides == ("rhodes", "macedon")
    assert [s.quality for s in state.ships] == ["FR", "POOR", "POOR"]
    assert state.options.round_limit == 5 and state.wind.notation == "stiff@270"
    assert (state.table.width, state.table.height) == (20, 10)
    assert len(state.terrain.land) == 1 and state.terrain.currents[0].strength == "strong"
    assert state.terrain.currents[0].heading == 90
    assert state.require("RH-B").elements == () and state.require("MA-C").towers == ("T1",)
    assert len(state.require("RH-A").elements) == 3  # §4.5's default load
    assert state.scenario == "file" and state.phase.kind == SETUP
    assert allotment_of(state) == {"rhodes": ("FR", "POOR"), "macedon": ("POOR",)}


def test_the_game_masters_table_wins_over_the_files() -> None:
    state = scenario_from_text(FILE, parse_options({"table": "30x20"}))
    assert (state.table.width, state.table.height) == (30, 20)


@pytest.mark.parametrize(("change", "words"), [
    (("rounds = 5", "rounds = 5.5"), "rounds is a whole number"),
    (("rhodes = { FR = 1, POOR = 1 }", "rhodes = { FR = 2, POOR = 1 }"), "3 qualities"),
    (("rhodes = { FR = 1, POOR = 1 }", "rhodes = { GOOD = 2 }"), "'GOOD', which is no key"),
    (('quality = "POOR"', ""), "quality is needed"),
    (('type = "trireme"', 'type = "trireme"\nquality = "FR"'), "not both"),
    (("[[land]]\ncorners = [[0, 4], [2, 6], [2, 4]]", "[[land]]\ncorners = [[0, 4], [2, 4], [2, 6]]"),
     "clockwise"),
    (('strength = "strong"', 'strength = "raging"'), "strength is one of weak, strong"),
    (('title = "Off Lindos"', 'colour = "blue"'), "'colour', which is no key"),
    (('wind = "stiff@270"', 'wind = "gale@270"'), "wind is strength@heading"),
])
def test_a_bad_scenario_file_is_a_sentence(change: tuple[str, str], words: str) -> None:
    with pytest.raises(ValueError) as refused:
        scenario_from_text(FILE.replace(*change), Options())
    assert words in str(refused.value), refused.value


def test_scenario_file_needs_two_sides_and_valid_toml() -> None:
    with pytest.raises(ValueError, match="not valid TOML"):
        scenario_from_text("[[ship]", Options())
    one_side = FILE.replace('side = "macedon"', 'side = "rhodes"').replace('quality = "POOR"', "")
    with pytest.raises(ValueError, match="allotment 2 qualities|two sides"):
        scenario_from_text(one_side, Options())


def test_new_game_and_the_hosts_questions() -> None:
    assert new_game("default", {}).require("RH-ATHENA").quality == "FR"
    from_file = new_game("default", {"mail": "split"}, FILE)
    assert from_file.options.mail == "split" and from_file.options.scenario_text == FILE
    assert opening_state(from_file.options).ships == from_file.ships
    assert scenario_sides("default") == ("rhodes", "macedon")
    assert scenario_title("default").startswith("The Rhodian Straits")
    assert scenario_title("file", FILE) == "Off Lindos"
    with pytest.raises(ValueError, match="there is no scenario"):
        new_game("salamis", {})
