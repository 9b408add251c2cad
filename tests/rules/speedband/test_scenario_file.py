"""A game master's scenario file and the built-in scenario's names (rulings §18)."""

import pytest

from pbem.rules.speedband.scenario import (
    load_scenario,
    scenario_names,
    scenario_sides,
    scenario_title,
    settle_setup,
)
from pbem.rules.speedband.state import ORDERS, SETUP
from pbem.rules.speedband.switches import parse_options

FILE = """
title = "Two against one"

[[ship]]
id = "A1"
side = "romans"
type = "quinquereme"
x = 20
y = 8
heading = 0
corvus = true

[[ship]]
id = "A2"
side = "romans"
type = "trireme"
x = 30
y = 8
heading = 0

[[ship]]
id = "B1"
side = "carthaginians"
type = "heptares"
x = 25
y = 40
heading = 180
soldier_value = 0.7
"""


def test_the_built_in_scenario_is_named_with_its_sides():
    assert scenario_names() == ("default",)
    assert scenario_sides("default") == ("romans", "carthaginians")
    assert "Mylae" in scenario_title("default")
    with pytest.raises(ValueError, match="no scenario 'tyre'"):
        scenario_sides("tyre")


def test_a_scenario_file_gives_its_ships_and_one_player_a_side():
    state = load_scenario("default", parse_options({}), FILE)
    assert [ship.id for ship in state.ships] == ["A1", "A2", "B1"]
    assert state.title == "Two against one"
    assert [player.id for player in state.players] == ["romans", "carthaginians"]
    assert state.require("A1").corvus and not state.require("A2").corvus
    assert state.require("B1").soldier_value == 7
    assert state.require("A2").soldier_value == 6  # the switch's default
    assert state.phase.kind == ORDERS and state.phase.turn == 1


def test_the_soldier_value_switch_is_the_default_of_a_scenario_file():
    state = load_scenario("default", parse_options({"soldier_value": "0.5"}), FILE)
    assert state.require("A2").soldier_value == 5
    assert state.require("B1").soldier_value == 7


@pytest.mark.parametrize(("text", "words"), [
    ("ship = [", "not valid TOML"),
    ("title = 'x'\nweather = 'fair'", "'weather', which is no scenario key"),
    ("title = 'x'", "[[ship]] tables"),
    (FILE.replace('id = "A2"', 'id = "ANY"'), "word of the notation"),
    (FILE.replace('type = "heptares"', 'type = "galleon"'), "cannot be played"),
    (FILE.replace('side = "carthaginians"', 'side = "romans"'), "two sides"),
])
def test_a_scenario_file_that_cannot_be_played_gets_a_sentence(text, words):
    with pytest.raises(ValueError) as refused:
        load_scenario("default", parse_options({}), text)
    assert words in str(refused.value)


def test_free_set_up_of_a_file_falls_back_to_the_files_own_positions():
    state = load_scenario("default", parse_options({"setup": "free"}), FILE)
    assert state.phase.kind == SETUP and state.phase.side == "carthaginians"
    # B1 placed off its 8" zone: refused, so it keeps the file's position (25, 40, 180).
    settled = settle_setup(state, "carthaginians", {"B1": (25.0, 20.0, 180)})
    assert (settled.require("B1").x, settled.require("B1").y) == (25, 40)
    moved = settle_setup(state, "carthaginians", {"B1": (50.0, 44.0, 180)})
    assert (moved.require("B1").x, moved.require("B1").y) == (50, 44)


def test_free_set_up_needs_the_home_edges_of_the_default_sides():
    with pytest.raises(ValueError, match="home"):
        load_scenario("default", parse_options({"setup": "free"}),
                      FILE.replace("carthaginians", "greeks"))
