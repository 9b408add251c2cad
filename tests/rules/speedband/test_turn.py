"""turn.py: §4 missing-order defaults, §3.2 last_band at the end of a turn, §17 victory."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.speedband import turn
from pbem.rules.speedband.state import GameState, Phase, Player, new_ship
from pbem.rules.speedband.switches import Options


def _state(turn_number: int = 2) -> GameState:
    r1 = new_ship("R1", "R1", "trireme", "romans", 20, 10, 0, last_band="battle", last_speed=95)
    c1 = new_ship("C1", "C1", "trireme", "carthaginians", 60, 40, 180)
    players = (Player("romans", "romans"), Player("carthaginians", "carthaginians"))
    return turn.start_turn(GameState((r1, c1), players, Options()), turn_number)


def test_missing_orders_repeat_last_speed_straight() -> None:
    orders = turn.movement_orders(_state(), [])
    assert orders.movements["R1"].speed == 95  # 9.5" Battle, max band Ram: repeated (§4)
    assert orders.movements["R1"].steps == () and orders.line_order == {}


def test_dead_in_water_ends_the_turn_at_stop() -> None:
    state = _state()
    ship = replace(state.require("R1"), written_speed=95, band="battle", dead_in_water=True)
    after, events = turn.end_turn(state.with_ship(ship), open_next=False)
    r1 = after.require("R1")
    assert (r1.last_band, r1.last_speed, r1.changed_last_turn) == ("stop", 95, False)
    assert events == ()


def test_both_sides_broken_is_a_draw() -> None:
    state = _state()
    state = state.with_ships(replace(ship, status="sunk") for ship in state.ships)
    after, _ = turn.end_turn(state, open_next=False)
    assert after.winner == "draw" and after.phase == Phase("over", 2)
