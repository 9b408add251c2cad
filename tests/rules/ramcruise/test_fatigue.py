"""Fatigue at step 11 (rulings §7): the change by move, its bounds, sight, and the fleet's reserve."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.ramcruise.fatigue import apply_fatigue, change_for, enemy_in_sight, out_of_sight
from pbem.rules.ramcruise.state import BACK, CRUISE, RAM, STAY, STRATEGIC, HalfRecord
from tests.rules.ramcruise.positions import combat, ship


@pytest.mark.parametrize(("mode", "routed", "rested", "change"), [
    (RAM, False, False, -8), (CRUISE, False, False, -3), (STRATEGIC, False, False, -1),
    (BACK, False, False, -1), (STRATEGIC, False, True, 1), (BACK, False, True, 1),
    (RAM, False, True, -8), (STAY, False, False, 2), (STAY, False, True, 2),
    (CRUISE, True, False, 0), (STRATEGIC, True, True, 0),
])
def test_change_by_move(mode: str, routed: bool, rested: bool, change: int) -> None:
    assert change_for(ship("C1", 10, 10, mode=mode, routed=routed), rested) == change


def test_sight_is_25_inches_footprint_to_footprint() -> None:
    # trireme beams 1": heading north, C1 spans x 9.5..10.5; R1's west side at 35.5 is 25 away
    lengthwise = combat(ship("C1", 10, 10, 90), ship("R1", 10, 42.5, 90))
    assert not enemy_in_sight(lengthwise, lengthwise.require("C1"))  # y 10.5 to 42: 31.5 apart
    near = combat(ship("C1", 10, 10, 0), ship("R1", 36.0, 10, 0))
    assert enemy_in_sight(near, near.require("C1"))     # 36 - 0.5 - 10.5 = 25.0
    far = combat(ship("C1", 10, 10, 0), ship("R1", 36.002, 10, 0))
    assert not enemy_in_sight(far, far.require("C1"))   # 25.002 > 25 + ε


def test_out_of_sight_only_for_strat_and_back() -> None:
    position = combat(ship("C1", 10, 10, mode=STRATEGIC), ship("C2", 20, 10, mode=BACK),
                      ship("C3", 30, 10, mode=CRUISE), ship("R1", 70, 46, 180))
    assert out_of_sight(position, "carthage") == frozenset({"C1", "C2"})
    near = combat(ship("C1", 10, 10, mode=STRATEGIC), ship("R1", 10, 30, 180))
    assert out_of_sight(near, "carthage") == frozenset()


def test_per_ship_bounds() -> None:
    position = combat(ship("C1", 10, 10, mode=RAM, fatigue=5), ship("C2", 20, 10, mode=STAY, fatigue=19),
                      ship("C3", 30, 10, mode=STRATEGIC, fatigue=20), ship("R1", 30, 40, 180, mode=RAM))
    position = replace(position, half_record=HalfRecord(out_of_sight=frozenset({"C3"})))
    after, _ = apply_fatigue(position, "carthage")
    assert [s.fatigue for s in after.ships] == [0, 20, 20, 20]   # Rome is not phasing


def test_fleet_fatigue_takes_the_lowest_change() -> None:
    position = combat(ship("C1", 10, 10, mode=CRUISE, fatigue=15), ship("C2", 20, 10, mode=STAY, fatigue=15),
                      ship("C3", 30, 10, mode=RAM, fatigue=15, routed=True), fatigue="fleet")
    position = position.with_side(replace(position.sides[0], fatigue=15))
    after, _ = apply_fatigue(position, "carthage")
    assert after.side("carthage").fatigue == 12                   # the routed ship does not count
    assert [s.fatigue for s in after.ships] == [12, 12, 12]


def test_fatigue_off_changes_nothing() -> None:
    position = combat(ship("C1", 10, 10, mode=RAM, fatigue=15), fatigue="off")
    after, events = apply_fatigue(position, "carthage")
    assert after == position and events == ()
