"""Victory by tonnage (rulings §17) on the default scenario (250 tons a side)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.speedband.scenario import default_state
from pbem.rules.speedband.state import GameState
from pbem.rules.speedband.switches import Options, parse_options
from pbem.rules.speedband.victory import (
    DRAW,
    broken,
    end_of_turn_result,
    score_halves,
    tons_lost,
)


def with_status(state: GameState, **statuses: str) -> GameState:
    return state.with_ships(replace(ship, status=statuses.get(ship.id, ship.status))
                            for ship in state.ships)


def test_broken_at_half_the_starting_tons() -> None:
    state = default_state(Options())
    # R1 (100) + R3 (50) = 150 >= 125: broken; R1 alone 100 < 125: not.
    assert broken(with_status(state, R1="sunk", R3="fled"), "romans")
    assert not broken(with_status(state, R1="sunk"), "romans")
    # C1 heptares 150 captured: 150 >= 125.
    captured = with_status(state, C1="captured")
    assert tons_lost(captured, "carthaginians") == 150 and broken(captured, "carthaginians")
    # A prize taken by the Romans still counts as the Carthaginians' loss, not a Roman ship.
    prize = with_status(state, C1="captured")
    prize = prize.with_ship(replace(prize.require("C1"), controller="romans"))
    assert not broken(prize, "romans") and broken(prize, "carthaginians")


def test_end_of_turn_results() -> None:
    state = default_state(Options())
    assert end_of_turn_result(state, 3) is None
    assert end_of_turn_result(with_status(state, C1="sunk"), 3) == "romans"
    assert end_of_turn_result(with_status(state, C1="sunk", R1="sunk", R2="sunk"), 3) == DRAW


def test_the_last_turn_scores_tons_and_half_for_fled() -> None:
    state = default_state(parse_options({"turn_limit": 5}))
    # Romans: C2 sunk (50) + C3 fled (25) = 75; Carthaginians: R3 surrendered (50).
    played = with_status(state, C2="sunk", C3="fled", R3="surrendered")
    assert score_halves(played, "romans") == 150 and score_halves(played, "carthaginians") == 100
    assert end_of_turn_result(played, 4) is None
    assert end_of_turn_result(played, 5) == "romans"
    even = with_status(state, C2="fled", C3="fled", R3="sunk")  # 25 + 25 against 50
    assert end_of_turn_result(even, 5) == DRAW
