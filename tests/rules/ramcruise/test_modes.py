"""Modes and their limits (rulings §6.1–§6.3, §7 fatigue_limit), hand-worked from the rulings."""

from __future__ import annotations

import pytest

from pbem.rules.ramcruise.classes import Crew, ship_class
from pbem.rules.ramcruise.modes import (
    EMBEDDED,
    GRAPPLED,
    ROUTED,
    SHEARED_TWICE,
    SINKING_SHIP,
    STRUCK,
    immobility,
    ladder_allows,
    maximum_eighths,
    move_problem,
)
from pbem.rules.ramcruise.orders import Move, Step
from pbem.rules.ramcruise.state import BACK, CRUISE, RAM, STAY, STRATEGIC
from tests.rules.ramcruise.positions import ship, state


def _move(mode: str, *steps: tuple[str, int]) -> Move:
    return Move("C1", mode, tuple(Step(kind, amount) for kind, amount in steps))


TRIREME = ship_class("trireme")


@pytest.mark.parametrize(("mode", "manned", "sheared", "eighths"), [
    # §6.1's example: a trireme with 2 crewmen at the oars: ram 11, cruise 5.5, strategic 2.75.
    (RAM, 2, 0, 88), (CRUISE, 2, 0, 44), (STRATEGIC, 2, 0, 22), (BACK, 2, 0, 22),
    (RAM, 3, 0, 96), (CRUISE, 3, 0, 48), (STRATEGIC, 3, 0, 24),
    # one shear halves after the deduction: (3 - 1/4) / 2 = 1.375, (6 - 1/2) / 2 = 2.75
    (STRATEGIC, 2, 1, 11), (CRUISE, 2, 1, 22), (RAM, 3, 1, 48),
    # two unmanned banks: ram 12 - 2 = 10, cruise 6 - 1 = 5, strategic 3 - 0.5 = 2.5
    (RAM, 1, 0, 80), (CRUISE, 1, 0, 40), (STRATEGIC, 1, 0, 20),
])
def test_trireme_maxima(mode: str, manned: int, sheared: int, eighths: int) -> None:
    assert maximum_eighths(TRIREME, manned, sheared, mode) == eighths


def test_a_maximum_below_zero_counts_as_zero() -> None:
    # A sixteen with nobody rowing: ram 8 - 16 × 1 < 0; strategic 2 - 16/4 < 0.
    sixteen = ship_class("sixteen")
    assert maximum_eighths(sixteen, 0, 0, RAM) == 0
    assert maximum_eighths(sixteen, 0, 1, STRATEGIC) == 0
    # a quinquereme with nobody rowing still has ram 8 - 5 = 3 and strategic 2 - 1.25 = 0.75
    quinquereme = ship_class("quinquereme")
    assert maximum_eighths(quinquereme, 0, 0, RAM) == 24
    assert maximum_eighths(quinquereme, 0, 0, STRATEGIC) == 6


@pytest.mark.parametrize(("previous", "mode", "allowed"), [
    (STRATEGIC, CRUISE, True), (STRATEGIC, RAM, False), (CRUISE, RAM, True), (RAM, CRUISE, True),
    (RAM, STRATEGIC, False), (CRUISE, STRATEGIC, True), (STAY, RAM, False), (BACK, RAM, False),
    (BACK, CRUISE, True), (RAM, BACK, True), (RAM, STAY, True), (STRATEGIC, STRATEGIC, True),
])
def test_the_ladder(previous: str, mode: str, allowed: bool) -> None:
    assert ladder_allows(previous, mode) is allowed


def test_immobility_reasons() -> None:
    free = state(ship("C1", 10, 10), ship("R1", 10, 40))
    assert immobility(free, free.require("C1")) == ""
    cases = {
        SHEARED_TWICE: ship("C1", 10, 10, sheared=2),
        SINKING_SHIP: ship("C1", 10, 10, status="sinking", countdown=2),
        EMBEDDED: ship("C1", 10, 10, embedded_in="R1"),
        STRUCK: ship("C1", 10, 10, status="surrendered"),
        ROUTED: ship("C1", 10, 10, routed=True),
    }
    for reason, one in cases.items():
        position = state(one, ship("R1", 10, 40))
        assert immobility(position, one) == reason
    grappled = state(ship("C1", 10, 10), ship("R1", 10, 11.05, 0)).with_grapple("C1", "R1")
    assert immobility(grappled, grappled.require("C1")) == GRAPPLED


def test_immobile_ships_may_stay_and_embedded_ones_back() -> None:
    position = state(ship("C1", 10, 10, sheared=2), ship("C2", 20, 10, embedded_in="R1"),
                     ship("R1", 20, 12.55, 90))
    twice = position.require("C1")
    assert "immobile" in move_problem(position, twice, _move(STRATEGIC, ("F", 10)))
    assert move_problem(position, twice, Move("C1", STAY)) == ""
    embedded = position.require("C2")
    assert "BACK" in move_problem(position, embedded, Move("C2", CRUISE, (Step("F", 10),)))
    assert move_problem(position, embedded, Move("C2", BACK, (Step("B", 10),))) == ""


def test_a_grappled_ship_moves_only_under_a_break() -> None:
    position = state(ship("C1", 10, 10), ship("R1", 10, 11.05)).with_grapple("C1", "R1")
    c1 = position.require("C1")
    assert "grappled" in move_problem(position, c1, _move(STRATEGIC, ("F", 10)))
    assert move_problem(position, c1, _move(STRATEGIC, ("F", 10)), break_exempt=True) == ""


def test_ladder_refusal() -> None:
    position = state(ship("C1", 10, 10, mode=STRATEGIC))
    assert "ladder" in move_problem(position, position.require("C1"), _move(RAM, ("F", 80)))


def test_fatigue_limit_ram_needs_eight_and_cruise_three() -> None:
    for reserve, mode, tenths, refused in ((7, RAM, 80, True), (8, RAM, 80, False),
                                           (2, CRUISE, 30, True), (3, CRUISE, 30, False),
                                           (0, STRATEGIC, 30, False), (0, BACK, 10, False)):
        position = state(ship("C1", 10, 10, mode=CRUISE, fatigue=reserve))
        step = "B" if mode == BACK else "F"
        why = move_problem(position, position.require("C1"), _move(mode, (step, tenths)))
        assert ("fatigue" in why) is refused, (reserve, mode, why)


def test_fatigue_limit_off_and_fleet_reserve() -> None:
    off = state(ship("C1", 10, 10, mode=CRUISE, fatigue=0), fatigue_limit="off")
    assert move_problem(off, off.require("C1"), _move(RAM, ("F", 80))) == ""
    fleet = state(ship("C1", 10, 10, mode=CRUISE, fatigue=20), fatigue="fleet")
    fleet = fleet.with_side(fleet.sides[0].__class__("carthage", "south", fatigue=7))
    assert "fatigue" in move_problem(fleet, fleet.require("C1"), _move(RAM, ("F", 80)))
    none = state(ship("C1", 10, 10, mode=CRUISE, fatigue=0), fatigue="off")
    assert move_problem(none, none.require("C1"), _move(RAM, ("F", 80))) == ""


def test_distance_in_tenths_against_eighths() -> None:
    crew = Crew(oar=2, deck=1, marines=1)
    position = state(ship("C1", 10, 10, crew=crew, sheared=1, mode=CRUISE))
    c1 = position.require("C1")
    # strategic 1.375: F1.3 (52 ≤ 55) fits, F1.4 (56 > 55) does not; cruise 2.75 likewise
    assert move_problem(position, c1, _move(STRATEGIC, ("F", 13))) == ""
    assert "maximum" in move_problem(position, c1, _move(STRATEGIC, ("F", 14)))
    assert move_problem(position, c1, _move(CRUISE, ("F", 27))) == ""
    assert "maximum" in move_problem(position, c1, _move(CRUISE, ("F", 28)))
    assert move_problem(position, c1, _move(BACK, ("B", 13))) == ""
    assert "maximum" in move_problem(position, c1, _move(BACK, ("B", 14)))


def test_ram_needs_an_inch_above_the_cruise_maximum() -> None:
    position = state(ship("C1", 10, 10, mode=CRUISE))
    c1 = position.require("C1")
    # trireme cruise 6: RAM 7 to 12
    assert "an inch above" in move_problem(position, c1, _move(RAM, ("F", 69)))
    assert move_problem(position, c1, _move(RAM, ("F", 70))) == ""
    assert move_problem(position, c1, _move(RAM, ("F", 120))) == ""
    assert "maximum" in move_problem(position, c1, _move(RAM, ("F", 121)))


def test_turns_per_move_and_pivot_size() -> None:
    position = state(ship("C1", 10, 10, mode=CRUISE))
    c1 = position.require("C1")
    three = _move(CRUISE, ("S", 10), ("F", 10), ("P", 10), ("F", 10), ("S", 45))
    assert move_problem(position, c1, three) == ""
    four = _move(CRUISE, ("S", 10), ("P", 10), ("S", 10), ("P", 10))
    assert "turns" in move_problem(position, c1, four)
    assert "1 to 45" in move_problem(position, c1, _move(CRUISE, ("S", 46)))
    assert "1 to 45" in move_problem(position, c1, _move(CRUISE, ("P", 0)))
    wide = state(ship("C1", 10, 10, mode=CRUISE), turn_angle=60)
    assert move_problem(wide, wide.require("C1"), _move(CRUISE, ("S", 60))) == ""
    assert "1 to 60" in move_problem(wide, wide.require("C1"), _move(CRUISE, ("S", 61)))
