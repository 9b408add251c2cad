"""Morale, surrender and the start of flight (rulings §14.1-§14.4, §16 crew quality), worked by
hand. Triremes are 4 × 1 (a ship at (60, 40) heading 0 spans y 38-42); the table is 72 × 48.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.events import Event
from pbem.rules.speedband.morale import flight_heading, morale_phase
from pbem.rules.speedband.state import Front, GameState, Link, Player, Ship, new_ship
from pbem.rules.speedband.switches import Options


def ship(ship_id: str, x: float, y: float, **changes: object) -> Ship:
    side = "romans" if ship_id.startswith("R") else "carthaginians"
    return new_ship(ship_id, ship_id, "trireme", side, x, y, 0, player=side, **changes)


def game(*ships: Ship, options: Options | None = None) -> GameState:
    return GameState(ships, (Player("romans", "romans"), Player("carthaginians", "carthaginians")),
                     options or Options())


def play(state: GameState, rolls: list[int]) -> tuple[GameState, tuple[Event, ...], ForcedDice]:
    dice = ForcedDice(values=rolls, largest_die=100)
    after, events = morale_phase(state, dice)
    dice.finish()
    return after, events, dice


def lost_one(**changes: object) -> Ship:
    """C1 far from everyone, one officer lost this turn."""
    return ship("C1", 60, 40, officers=2, officers_lost=1, officers_lost_this_turn=1, **changes)


def test_first_officer_lost_holds_on_ninety() -> None:
    # 90 + 10 = 100 <= hull 100: holds.
    after, events, _ = play(game(ship("R1", 20, 10), lost_one()), [90])
    assert after.require("C1").status == "afloat"
    roll = next(e for e in events if e.kind == "morale")
    assert (roll["roll"], roll["officers"], roll["total"], roll["held"]) == (90, 10, 100, True)
    assert after.require("C1").officers_lost_this_turn == 0
    assert after.require("C1").officers_lost == 1


def test_failure_flees_towards_the_nearest_edge() -> None:
    # 91 + 10 = 101 > 100. From (60, 40): south 40, west 60, north 8, east 12 -> north, 0.
    after, events, _ = play(game(ship("R1", 20, 10), lost_one()), [91])
    c1 = after.require("C1")
    assert (c1.status, c1.flight_heading) == ("fleeing", 0)
    assert c1.standing.cut == "all"
    assert [e.kind for e in events] == ["morale", "flee"]


def test_the_second_officer_rolls_at_plus_twenty() -> None:
    state = game(ship("R1", 20, 10), ship("C1", 60, 40, officers=1, officers_lost=2,
                                          officers_lost_this_turn=2))
    after, events, _ = play(state, [80, 85])   # 80 + 10 = 90 holds, 85 + 20 = 105 fails
    assert after.require("C1").status == "fleeing"
    assert [e["total"] for e in events if e.kind == "morale"] == [90, 105]


def test_officers_lost_before_this_turn_count_too() -> None:
    # One lost last turn, one this turn: the roll is at +20, so 81 fails (101).
    state = game(ship("R1", 20, 10), ship("C1", 60, 40, officers=1, officers_lost=2,
                                          officers_lost_this_turn=1))
    after, _, _ = play(state, [81])
    assert after.require("C1").status == "fleeing"


def test_rolls_stop_at_the_first_failure() -> None:
    state = game(ship("R1", 20, 10), ship("C1", 60, 40, officers=1, officers_lost=2,
                                          officers_lost_this_turn=2))
    after, _, dice = play(state, [95])       # 105 fails; the second roll is never made
    assert after.require("C1").status == "fleeing" and len(dice.log) == 1


def test_a_fleeing_ship_makes_no_roll() -> None:
    after, events, _ = play(game(ship("R1", 20, 10), lost_one(status="fleeing")), [])
    assert after.require("C1").status == "fleeing" and events == ()
    assert after.require("C1").officers_lost_this_turn == 0


@pytest.mark.parametrize(("roll", "status"), [(41, "fleeing"), (40, "afloat")])
def test_areas_held_and_outnumbered(roll: int, status: str) -> None:
    # R1 (y 33.9-37.9) and C1 (y 38-42) grappled, front +1: R1 holds one of C1's areas
    # (+10). Enemies within 6": R1 (0.1") and R2 (y 44-48, 2.0"), friends none: outnumbered
    # (+10). First officer (+10). 41 + 30 = 71 > hull 70 flees; 40 + 30 = 70 holds.
    state = game(ship("R1", 30, 35.9), ship("R2", 30, 46),
                 ship("C1", 30, 40, hull=70, officers=2, officers_lost=1,
                      officers_lost_this_turn=1))
    state = replace(state, links=(Link("R1", "C1", "line", "R1"),),
                    fronts=(Front("R1", "C1", 1),))
    after, events, _ = play(state, [roll])
    assert after.require("C1").status == status
    morale = next(e for e in events if e.kind == "morale")
    assert (morale["officers"], morale["areas"], morale["outnumbered"]) == (10, 10, 10)


def test_not_outnumbered_when_friends_are_as_many() -> None:
    # One enemy (R1) and one friend (C2) within 6": no +10; 90 + 10 = 100 holds.
    state = game(ship("R1", 55, 40), ship("C2", 65, 40), lost_one())
    after, events, _ = play(state, [90])
    assert after.require("C1").status == "afloat"
    assert next(e for e in events if e.kind == "morale")["outnumbered"] == 0


@pytest.mark.parametrize(("crew", "roll", "status"), [
    ("elite", 95, "afloat"),     # 95 + 10 - 5 = 100 holds
    ("poor", 76, "fleeing"),     # 76 + 10 + 15 = 101 fails
    ("poor", 75, "afloat"),      # 100 holds
])
def test_crew_quality(crew: str, roll: int, status: str) -> None:
    options = replace(Options(), opt_crew_quality=True)
    after, _, _ = play(game(ship("R1", 20, 10), lost_one(crew=crew), options=options), [roll])
    assert after.require("C1").status == status


def test_crew_quality_counts_only_with_the_option() -> None:
    after, _, _ = play(game(ship("R1", 20, 10), lost_one(crew="poor")), [90])   # 100 holds
    assert after.require("C1").status == "afloat"


def test_no_officers_and_an_enemy_within_six_surrenders() -> None:
    # R1 y 29-33, C1 y 38-42: 5.0". No roll; prize of the romans, archers and soldiers gone,
    # its line to R1 and its front ended.
    state = game(ship("R1", 60, 31), ship("C1", 60, 40, officers=0, officers_lost=3))
    state = replace(state, links=(Link("R1", "C1", "line", "R1"),),
                    fronts=(Front("R1", "C1", 0),))
    after, events, _ = play(state, [])
    c1 = after.require("C1")
    assert (c1.status, c1.controller, c1.archers, c1.soldiers) == ("surrendered", "romans", 0, 0)
    assert after.links == () and after.fronts == ()
    assert [e.kind for e in events] == ["surrender"]


def test_surrender_goes_to_the_nearest_enemy_side() -> None:
    # Three sides: R1 at 5.0" and X1 at 2.0" from C1: the prize goes to X1's side.
    state = GameState((ship("R1", 60, 31), ship("C1", 60, 40, officers=0, officers_lost=3),
                       new_ship("X1", "X1", "trireme", "greeks", 63, 40, 0, player="greeks")),
                      (Player("romans", "romans"), Player("carthaginians", "carthaginians"),
                       Player("greeks", "greeks")), Options())
    after, _, _ = play(state, [])
    assert after.require("C1").controller == "greeks"


def test_no_officers_and_no_enemy_near_flees() -> None:
    state = game(ship("R1", 20, 10), ship("C1", 60, 40, officers=0, officers_lost=3))
    after, events, _ = play(state, [])
    assert (after.require("C1").status, after.require("C1").flight_heading) == ("fleeing", 0)
    assert events[0]["reason"] == "no officers"


def test_a_fleeing_ship_without_officers_surrenders_when_an_enemy_comes_near() -> None:
    state = game(ship("R1", 60, 31), ship("C1", 60, 40, officers=0, officers_lost=3,
                                          status="fleeing", flight_heading=0))
    after, _, _ = play(state, [])
    assert after.require("C1").status == "surrendered"
    assert after.require("C1").flight_heading is None


@pytest.mark.parametrize(("x", "y", "edge", "heading"), [
    (36, 24, "south", 180),   # south 24, west 36, north 24, east 36: tie -> south
    (24, 24, "south", 180),   # south 24 = west 24 = north 24: south
    (24, 30, "north", 0),     # south 30, west 24, north 18
    (10, 30, "west", 270),    # west 10
    (20, 28, "west", 270),    # west 20 = north 20: west before north
    (20, 40, "north", 0),     # west 20, north 8
    (70, 20, "east", 90),     # east 2
    (69, 45, "north", 0),     # north 3 = east 3: north before east
])
def test_flight_heading_nearest_edge_with_ties(x: float, y: float, edge: str,
                                               heading: int) -> None:
    assert flight_heading(ship("C1", x, y), game(ship("R1", 1, 1))) == (edge, heading)


def test_ships_roll_in_scenario_order() -> None:
    state = game(ship("R1", 10, 10, officers=2, officers_lost=1, officers_lost_this_turn=1),
                 lost_one())
    _, _, dice = play(state, [10, 20])
    assert [roll.purpose for roll in dice.log] == ["morale R1 1", "morale C1 1"]
