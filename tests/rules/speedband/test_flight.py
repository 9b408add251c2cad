"""The judge's orders for a fleeing ship (rulings §14.3, G11 nearest edge, §3.2 bands, Play Aid
turns), worked by hand. A trireme turns 45° at most; its band maxima are Slow 7, Cruise 8,
Battle 10, Ram 11 (§2.1); from Cruise it may write Slow, Cruise or Battle (§3.2)."""

from __future__ import annotations

from pbem.rules.speedband.flight import flight_heading, flight_orders, signed_turn
from pbem.rules.speedband.orders import FORWARD, PORT, STARBOARD, Movement, Step
from pbem.rules.speedband.state import FLEEING, Ship, new_ship
from pbem.rules.speedband.switches import Options
from pbem.rules.table import Table

TABLE = Table(72.0, 48.0)


def fleeing(x: float, y: float, heading: int, **changes: object) -> Ship:
    return new_ship("C1", "C1", "trireme", "carthaginians", x, y, heading, status=FLEEING,
                    **changes)


def test_nearest_edge_gives_the_flight_heading_with_ties_south_first() -> None:
    # (30, 6): south 6, west 30, north 42, east 42 -> south, heading 180.
    assert flight_heading(fleeing(30, 6, 90), TABLE) == 180
    # (5, 20): west 5 is nearest -> 270; (40, 45): north 3 -> 0; (70, 24): east 2 -> 90.
    assert flight_heading(fleeing(5, 20, 0), TABLE) == 270
    assert flight_heading(fleeing(40, 45, 0), TABLE) == 0
    assert flight_heading(fleeing(70, 24, 0), TABLE) == 90
    # (10, 10): south and west both 10 -> south first.
    assert flight_heading(fleeing(10, 10, 0), TABLE) == 180


def test_a_heading_given_when_the_flight_began_is_kept() -> None:
    assert flight_heading(fleeing(30, 6, 90, flight_heading=90), TABLE) == 90


def test_signed_turn_dead_astern_is_a_port_turn() -> None:
    assert signed_turn(90, 180) == 90
    assert signed_turn(0, 180) == -180
    assert signed_turn(350, 10) == 20
    assert signed_turn(10, 350) == -20


def test_already_on_the_heading_the_highest_band_at_its_maximum_straight() -> None:
    # Heading 180 at (30, 6): delta 0; from Cruise the highest band is Battle, 10".
    assert flight_orders(fleeing(30, 6, 180), Options(), TABLE) == Movement(100)


def test_turning_takes_the_highest_band_with_a_turn_then_f2_a_turn_and_the_rest() -> None:
    # Heading 90, flight 180: delta +90. Battle (one turn) at 10": F2 S45 F8.
    orders = flight_orders(fleeing(30, 6, 90), Options(), TABLE)
    assert orders == Movement(100, (Step(FORWARD, 20), Step(STARBOARD, 45), Step(FORWARD, 80)))


def test_from_last_band_ram_the_highest_band_is_ram_with_no_turn_so_battle_turns() -> None:
    # last_band Ram: Battle and Ram allowed; Ram has no turn, so Battle (10") with one.
    orders = flight_orders(fleeing(30, 6, 90, last_band="ram"), Options(), TABLE)
    assert orders == Movement(100, (Step(FORWARD, 20), Step(STARBOARD, 45), Step(FORWARD, 80)))


def test_cruise_repeats_the_turn_while_turns_remain_and_delta_is_not_zero() -> None:
    # From Slow: Stop, Slow, Cruise allowed; Cruise (2 turns) at 8". Heading 90 -> 180 is +90:
    # F2 S45 (heading 135, delta 45) F2 S45 (heading 180, delta 0), then the rest F4.
    orders = flight_orders(fleeing(30, 6, 90, last_band="slow"), Options(), TABLE)
    assert orders == Movement(80, (Step(FORWARD, 20), Step(STARBOARD, 45), Step(FORWARD, 20),
                                   Step(STARBOARD, 45), Step(FORWARD, 40)))


def test_a_small_delta_is_turned_exactly_and_then_no_more_turns() -> None:
    # Heading 160, flight 180: delta +20 < 45: F2 S20, delta 0, then F6 (Cruise from Slow).
    orders = flight_orders(fleeing(30, 6, 160, last_band="slow"), Options(), TABLE)
    assert orders == Movement(80, (Step(FORWARD, 20), Step(STARBOARD, 20), Step(FORWARD, 60)))


def test_dead_astern_turns_to_port() -> None:
    # Heading 0 at (30, 6): delta -180 -> P45 with Battle.
    orders = flight_orders(fleeing(30, 6, 0), Options(), TABLE)
    assert orders == Movement(100, (Step(FORWARD, 20), Step(PORT, 45), Step(FORWARD, 80)))


def test_at_speed_zero_the_turns_are_made_in_place() -> None:
    # Six sections lost and hull 10: max band Ram - 3 - 3 -> below Stop -> Stop (§2.3); from
    # Cruise no allowed band is within it, so it writes exactly Stop: speed 0, three turns.
    # Heading 90 -> 180: S45 (delta 45), S45 (delta 0), no third.
    rowers = (0, 0, 0, 0, 0, 0, 2, 2)
    orders = flight_orders(fleeing(30, 6, 90, rowers=rowers, hull=10), Options(), TABLE)
    assert orders == Movement(0, (Step(STARBOARD, 45), Step(STARBOARD, 45)))


def test_all_sections_lost_writes_zero_with_no_turns() -> None:
    orders = flight_orders(fleeing(30, 6, 90, rowers=(0,) * 8), Options(), TABLE)
    assert orders == Movement(0)
