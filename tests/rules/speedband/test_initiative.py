"""Initiative and activation (rulings §5, §19.2 item 1.1), with forced dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import DiceError, ForcedDice
from pbem.rules.speedband.initiative import (
    eligible_players,
    next_ship,
    roll_initiative,
)
from pbem.rules.speedband.scenario import default_state
from pbem.rules.speedband.state import GameState, Player
from pbem.rules.speedband.switches import Options


def three_players() -> GameState:
    state = default_state(Options())
    ships = [replace(ship, player="hanno" if ship.id == "C3" else "") for ship in state.ships]
    players = (Player("romans", "romans"), Player("carthaginians", "carthaginians"),
               Player("hanno", "carthaginians"))
    return GameState(tuple(ships), players, state.options)


def test_two_players_roll_once_in_scenario_player_order() -> None:
    state = default_state(Options())
    dice = ForcedDice(values=[2, 5])
    found = roll_initiative(state, "", dice)
    assert found is not None and found.winner == "carthaginians"
    assert found.rounds == ((("romans", 2), ("carthaginians", 5)),)
    assert [roll.purpose for roll in dice.log] == ["initiative romans", "initiative carthaginians"]


def test_the_last_winner_sits_out_so_two_players_alternate_with_no_die() -> None:
    state = default_state(Options())
    dice = ForcedDice(values=[])
    found = roll_initiative(state, "carthaginians", dice)
    assert found is not None and found.winner == "romans" and found.rounds == ()
    assert dice.log == []


def test_the_only_eligible_player_moves_even_after_winning() -> None:
    state = default_state(Options())
    done = state.with_ships(replace(ship, activated=ship.side == "romans") for ship in state.ships)
    assert [p.id for p in eligible_players(done, "carthaginians")] == ["carthaginians"]
    found = roll_initiative(done, "carthaginians", ForcedDice(values=[]))
    assert found is not None and found.winner == "carthaginians"
    everyone = state.with_ships(replace(ship, activated=True) for ship in state.ships)
    assert roll_initiative(everyone, "", ForcedDice(values=[])) is None


def test_ties_re_roll_among_the_tied_only_in_the_same_order() -> None:
    state = three_players()
    dice = ForcedDice(values=[6, 3, 6, 4, 4, 1, 5])
    found = roll_initiative(state, "", dice)
    # round 1: romans 6, carthaginians 3, hanno 6 -> romans and hanno again: 4, 4 -> again: 1, 5
    assert found is not None and found.winner == "hanno"
    assert [len(r) for r in found.rounds] == [3, 2, 2]
    assert [roll.purpose for roll in dice.log][3:] == ["initiative romans", "initiative hanno"] * 2
    # sitting out: hanno won, so romans and carthaginians roll next
    assert [p.id for p in eligible_players(state, "hanno")] == ["romans", "carthaginians"]


def test_initiative_uses_a_d6() -> None:
    with pytest.raises(DiceError, match="is a d6"):
        roll_initiative(default_state(Options()), "", ForcedDice(values=[7, 1], largest_die=100))


def test_which_ship_follows_the_line_order_then_scenario_order() -> None:
    state = default_state(Options())
    ship = next_ship(state, "carthaginians", ["C3", "C1"])
    assert ship is not None and ship.id == "C3"
    state = state.with_ship(replace(state.require("C3"), activated=True))
    ship = next_ship(state, "carthaginians", ["C3", "c1"])
    assert ship is not None and ship.id == "C1"
    state = state.with_ship(replace(state.require("C1"), activated=True))
    ship = next_ship(state, "carthaginians", ["C3", "C1"])  # C2 had no line
    assert ship is not None and ship.id == "C2"
    fleeing = state.with_ship(replace(state.require("R2"), status="fleeing"))
    ship = next_ship(fleeing, "romans", ["R2", "R3"])  # a fleeing ship's line does not count
    assert ship is not None and ship.id == "R3"
    ship = next_ship(fleeing, "romans", [])
    assert ship is not None and ship.id == "R1"
