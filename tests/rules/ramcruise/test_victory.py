"""Victory (rulings §17, §20): lost ships, losses in purchase points, broken at half the start,
the end-of-turn rule and the last turn. The positions are the rules cases' (tests/cases/
ram-cruise/17_*): the default fleets' classes with some ships lost."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pbem.rules.ramcruise.rows import ship_from_row, sides_from_rows
from pbem.rules.ramcruise.scenario import initial_state, load_scenario
from pbem.rules.ramcruise.state import COMBAT, GameState, Phase
from pbem.rules.ramcruise.switches import parse_options
from pbem.rules.ramcruise.victory import broken, end_of_turn, losses, standing, start_points

SIDES = [{"id": "carthage", "home": "south"}, {"id": "rome", "home": "north"}]
# The default scenario's classes (§20), in scenario order.
CLASSES = {"C1": "quinquereme", "C2": "trireme", "C3": "trireme", "C4": "bireme",
           "C5": "bireme", "R1": "quinquereme", "R2": "quinquereme", "R3": "trireme",
           "R4": "trireme", "R5": "bireme"}


def game(turn: int, lost: dict[str, dict[str, Any]], **options: Any) -> GameState:
    opts = parse_options(options)
    rows = [{"id": ship, "side": "carthage" if ship.startswith("C") else "rome", "class": klass,
             "x": 10.0 + 6 * n, "y": 6.0 if ship.startswith("C") else 42.0,
             "heading": 0 if ship.startswith("C") else 180, **lost.get(ship, {})}
            for n, (ship, klass) in enumerate(CLASSES.items())]
    ships = [ship_from_row(r, n, opts) for n, r in enumerate(rows, 1)]
    return GameState(ships=tuple(ships), sides=sides_from_rows(SIDES, ships), options=opts,
                     phase=Phase(COMBAT, turn, 2, "rome"))


SUNK = {"status": "sunk"}


def test_17_one_side_broken_the_other_wins() -> None:
    # Case 17: carthage lost C1 + C3 = 8 of 15 (broken at 7.5); rome R3 + R4 + R5 = 8 of 18.
    state = game(5, {"C1": SUNK, "C3": SUNK, "R3": SUNK, "R4": SUNK, "R5": SUNK})
    assert (losses(state, "carthage"), losses(state, "rome")) == (8, 8)
    assert (broken(state, "carthage"), broken(state, "rome")) == (True, False)
    state, events = end_of_turn(state)
    assert state.winner == "rome"
    assert events[0]["winner"] == "rome" and "carthage is broken" in events[0]["reason"]
    assert events[0]["sides"]["carthage"] == {"side": "carthage", "start": 15, "losses": 8,
                                              "breaking_point": 8, "broken": True}


def test_17_routed_sinking_surrendered_and_fled_are_lost_both_broken_is_a_draw() -> None:
    # Case 17: C1 routed (5) + C3 sinking (3) = 8; R1 surrendered (5) + R2 fled (5) = 10 >= 9.
    state = game(5, {"C1": {"routed": True}, "C3": {"status": "sinking", "countdown": 3},
                     "R1": {"status": "surrendered"}, "R2": {"status": "fled"}})
    assert (losses(state, "carthage"), losses(state, "rome")) == (8, 10)
    state, events = end_of_turn(state)
    assert state.winner == "draw" and events[0]["reason"] == "both sides are broken"


def test_17_after_the_last_turn_greater_enemy_losses_win() -> None:
    # Case 17: turn 12 of 12; carthage lost 5, rome 6; neither broken: carthage wins.
    state = game(12, {"C1": SUNK, "R3": SUNK, "R4": SUNK})
    state, events = end_of_turn(state)
    assert state.winner == "carthage"
    assert events[0]["reason"] == "turn 12 was the last; rome lost 6 purchase points, carthage 5"


@pytest.mark.parametrize(("turn", "turn_limit", "winner"), [(11, 12, None), (12, 12, "draw"),
                                                            (3, 3, "draw"), (2, 3, None)])
def test_17_equal_losses_at_the_last_turn_draw_and_before_it_play_goes_on(
        turn: int, turn_limit: int, winner: str | None) -> None:
    state = game(turn, {"C3": SUNK, "R3": SUNK}, turn_limit=turn_limit)
    state, events = end_of_turn(state)
    assert state.winner == winner and len(events) == (winner is not None)


def test_17_broken_means_at_least_half_the_start() -> None:
    # 7 of 15 is not broken (C3 + C4 + C5); rome's R1 + R4 + R5 = 10 of 18 is.
    state = game(4, {"C3": SUNK, "C4": SUNK, "C5": SUNK, "R1": SUNK, "R4": SUNK, "R5": SUNK})
    assert (losses(state, "carthage"), broken(state, "carthage")) == (7, False)
    assert (losses(state, "rome"), broken(state, "rome")) == (10, True)
    assert standing(state, "rome").breaking_point == 9
    # Exactly half: 8 of a recorded 16 breaks, 7 of 16 does not.
    for lost, is_broken in (({"C1": SUNK, "C3": SUNK}, True), ({"C3": SUNK, "C4": SUNK,
                                                                "C5": SUNK}, False)):
        state = game(4, lost)
        state = state.with_side(replace(state.side("carthage"), start_points=16))
        assert broken(state, "carthage") is is_broken
        assert standing(state, "carthage").breaking_point == 8
        assert (end_of_turn(state)[0].winner == "rome") is is_broken


def test_20_the_default_battle_breaks_at_8_and_9() -> None:
    options = parse_options({})
    state = initial_state(load_scenario("default", options), options)
    numbers = [(s.start, s.losses, s.breaking_point, s.broken)
               for s in (standing(state, side) for side in state.side_ids)]
    assert numbers == [(15, 0, 8, False), (18, 0, 9, False)]
    state, events = end_of_turn(state)
    assert state.winner is None and events == []


def test_3_1_purchase_points_are_the_class_points_not_the_build_cost() -> None:
    # The scenario's record of the start wins over the ships' sum; a case position has none.
    state = game(4, {"C1": SUNK})
    assert start_points(state, "carthage") == 15
    recorded = state.with_side(replace(state.side("carthage"), start_points=20))
    assert start_points(recorded, "carthage") == 20 and not broken(recorded, "carthage")
    sixteen = game(4, {})
    sixteen = sixteen.with_ship(replace(sixteen.require("C1"), ship_class="sixteen",
                                        status="sunk"))
    assert losses(sixteen, "carthage") == 16
    printed = replace(sixteen, options=parse_options({"special_ship": "printed"}))
    assert losses(printed, "carthage") == 1
