"""Orders when they arrive (check.py): §18's refusals with their reasons, which round takes
which verb, standing orders in any round, the BREAK condition (§11.4), friendly spacing on the
computed path (§6.5) and the path echo with the plan map's places (§6.6)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.errors import NotCommandedError
from pbem.rules.interface import ACCEPTED, REFUSED, OrderSheet
from pbem.rules.ramcruise.check import check_build, check_orders, check_round, check_setup
from pbem.rules.ramcruise.classes import Crew
from pbem.rules.ramcruise.orders import Move
from pbem.rules.ramcruise.state import BUILD, CRUISE, SETUP, STRATEGIC, Phase
from tests.rules.ramcruise.positions import combat, ship, state


def _status(sheet: OrderSheet) -> list[str]:
    return [line.status for line in sheet.lines]


def _reason(sheet: OrderSheet, number: int) -> str:
    return next(line.reason for line in sheet.lines if line.line_no == number)


def test_standing_orders_come_from_either_side_in_any_round() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 60, 44, 180))
    text = "R1: STANCE ACCEPT\nR1: LOSSES OAR, MAR\nR1: CRUISE F4"
    sheet = check_round(position, "rome", text)               # round 1, rome not phasing
    assert _status(sheet) == [ACCEPTED, ACCEPTED, REFUSED]
    assert "phasing" in _reason(sheet, 3) and "standing orders" in _reason(sheet, 3)
    fire_round = combat(ship("C1", 20, 10), ship("R1", 60, 44, 180))
    for side, line in (("carthage", "C1: ONSHEAR NONE"), ("rome", "R1: ONBREAK ACCEPT")):
        assert _status(check_round(fire_round, side, line)) == [ACCEPTED]


def test_which_round_takes_which_verb() -> None:
    ships = (ship("C1", 20, 10, crew=Crew(oar=3, bowmen=1, marines=1)),
             ship("R1", 20, 11.1, crew=Crew(oar=3, bowmen=1, marines=1), ballistas=(0,)))
    lines = "{0}1: BOW {1}1\n{0}1: BALLISTA {1}1\n{0}1: GRAPPLE {1}1\n{0}1: MELEE {1}1\n{0}1: STRAT F1"
    phasing = check_round(combat(*ships), "carthage", lines.format("C", "R"))
    other = check_round(combat(*ships), "rome", lines.format("R", "C"))
    assert _status(phasing) == [REFUSED, REFUSED, ACCEPTED, ACCEPTED, REFUSED]
    assert _status(other) == [ACCEPTED, ACCEPTED, REFUSED, REFUSED, REFUSED]
    assert all("phasing" in line.reason for line in (*phasing.refused, *other.refused))
    round_one = check_round(state(*ships), "carthage", lines.format("C", "R"))
    assert _status(round_one) == [REFUSED, REFUSED, REFUSED, REFUSED, ACCEPTED]


def test_every_refusal_says_what_is_accepted() -> None:
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("C2", 30, 10), ship("R1", 60, 44, 180),
                     ship("C3", 40, 10, status="sunk"))
    text = ("C1: RAM F20\nC2: DUTY 9 DECK\nC2: BREAK R1\nR1: STAY\nC3: STAY\nX7: STAY\n"
            "C1: CRUISE F2\nC1: STAY\nC2: FLY")
    sheet = check_round(position, "carthage", text)
    assert _status(sheet) == [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, ACCEPTED,
                              REFUSED, REFUSED]
    for line in sheet.refused:
        assert "Accepted:" in line.reason, line.reason
    assert "maximum" in _reason(sheet, 1) and "crewmen" in _reason(sheet, 2)
    assert "not grappled to" in _reason(sheet, 3) and "not yours" in _reason(sheet, 4)
    assert "sunk" in _reason(sheet, 5) and "X7" in _reason(sheet, 6)
    assert "second" in _reason(sheet, 8) and "line 7" in _reason(sheet, 8)


def test_a_refused_line_is_not_counted_when_later_lines_are_checked() -> None:
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("R1", 60, 44, 180))
    sheet = check_round(position, "carthage", "C1: CRUISE F9\nC1: CRUISE F5\nC1: STAY")
    assert _status(sheet) == [REFUSED, ACCEPTED, REFUSED]
    assert "second" in _reason(sheet, 3) and "line 2" in _reason(sheet, 3)


def test_duty_to_the_oars_may_not_man_more_than_the_oarbanks() -> None:
    position = state(ship("C1", 20, 10, crew=Crew(oar=2, deck=2)), ship("R1", 60, 44, 180))
    sheet = check_round(position, "carthage", "C1: DUTY 2 OARS")
    assert "3 oarbanks" in _reason(sheet, 1)
    assert _status(check_round(position, "carthage", "C1: DUTY 1 OARS")) == [ACCEPTED]
    assert _status(check_round(position, "carthage", "C1: DUTY 2 DECK")) == [ACCEPTED]
    assert "more crewmen" in _reason(check_round(position, "carthage", "C1: DUTY 3 DECK"), 1)


def test_a_grappled_ship_moves_on_condition_of_a_break_naming_every_enemy() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 21.05, 10), ship("R2", 18.95, 10))
    position = position.with_grapple("C1", "R1").with_grapple("C1", "R2")
    both = check_round(position, "carthage", "C1: STRAT F2\nC1: BREAK R1, R2")
    assert _status(both) == [ACCEPTED, ACCEPTED]
    assert "on condition" in both.lines[0].echo and "R1, R2" in both.lines[0].echo
    assert both.lines[0].plan[-1] == "(20, 12, 0)"               # the break taken to succeed
    one = check_round(position, "carthage", "C1: BREAK R1\nC1: STRAT F2")
    assert _status(one) == [ACCEPTED, REFUSED] and "grappled" in _reason(one, 2)
    wrong = check_round(position, "carthage", "C1: STRAT F2\nC1: BREAK R1, R3")
    assert _status(wrong) == [REFUSED, REFUSED]                  # a refused BREAK frees nothing


def test_friendly_spacing_is_judged_where_the_earlier_lines_leave_the_table() -> None:
    # C1 would end 0.1" behind C2's stern: refused. C2 then moves on from where it stands, and
    # C3 (written after C2) may end where C2 was, as C2 is gone.
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("C2", 20, 16.1, mode=CRUISE),
                     ship("C3", 30, 10, mode=CRUISE), ship("C4", 30, 16.1, mode=CRUISE),
                     ship("R1", 60, 44, 180))
    sheet = check_round(position, "carthage", "C1: CRUISE F2\nC4: CRUISE F6\nC3: CRUISE F2")
    assert _status(sheet) == [REFUSED, ACCEPTED, ACCEPTED]
    assert "friendly" in _reason(sheet, 1) and "0.10" in _reason(sheet, 1)
    swapped = check_round(position, "carthage", "C3: CRUISE F2\nC4: CRUISE F6")
    assert _status(swapped) == [REFUSED, ACCEPTED]


def test_a_friend_sheared_on_the_way_may_be_left_closer_than_a_quarter_inch() -> None:
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("C2", 21.1, 14.5),
                     ship("R1", 60, 44, 180))
    sheet = check_round(position, "carthage", "C1: CRUISE F5")
    assert _status(sheet) == [ACCEPTED]
    echo, plan = sheet.lines[0].echo, sheet.lines[0].plan
    assert "shears C2 at its abreast point, 4.5\"" in echo
    assert plan == ("(20, 10)", "(20, 14.5) shear C2", "(20, 15, 0)")


def test_the_echo_names_a_ram_contact_and_a_block_at_their_places() -> None:
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("R1", 20, 14.5, 90),
                     ship("C2", 40, 10, mode=CRUISE), ship("R2", 40, 14.5, 90))
    sheet = check_round(position, "carthage", "C1: RAM S10 P10 F9\nC2: CRUISE F6")
    ram, block = sheet.lines
    assert "a side ram" in ram.echo and "speed 9\" of its RAM maximum 12\"" in ram.echo
    assert ram.plan == ("(20, 10)", "(20, 12, 0) ram R1")
    assert "blocked at (40.00, 12.00)" in block.echo and block.plan == ("(40, 10)", "(40, 12, 0) blocked")
    assert isinstance(ram.order, Move) and ram.order.distance == 90


def test_a_player_of_a_shared_side_orders_only_the_ships_given_to_them() -> None:
    position = state(ship("C1", 20, 10), ship("C2", 30, 10), ship("R1", 60, 44, 180))
    sheet = check_round(position, "carthage", "C1: STRAT F2\nc2: STRAT F2", frozenset({"c1"}))
    assert _status(sheet) == [ACCEPTED, REFUSED]
    assert isinstance(sheet.lines[1].error, NotCommandedError)
    assert sheet.lines[1].piece == "c2"                         # as the player wrote it


def test_a_routed_ship_takes_no_movement_line_but_standing_orders() -> None:
    position = state(ship("C1", 20, 20, routed=True), ship("R1", 60, 44, 180))
    sheet = check_round(position, "carthage", "C1: STAY\nC1: STANCE ACCEPT")
    assert _status(sheet) == [REFUSED, ACCEPTED] and "routed" in _reason(sheet, 1)


def test_the_wind_phase_and_a_stranger_take_no_orders() -> None:
    position = replace(state(ship("C1", 20, 10), ship("R1", 60, 44, 180)), phase=Phase("wind"))
    with pytest.raises(ValueError, match="nobody gives orders"):
        check_orders(position, "carthage", "C1: STAY")
    with pytest.raises(ValueError, match="no side"):
        check_orders(state(ship("C1", 20, 10)), "sparta", "C1: STAY")


def test_build_lines_keep_a_running_total_and_standing_orders_follow_the_ships() -> None:
    position = replace(state(), phase=Phase(BUILD))
    text = ("Q1: quinquereme CREWMEN 5 elite BOWMEN 2 regular MARINES 4 regular TOWER\n"
            "T1: trireme CREWMEN 3 regular MARINES 2 regular BALLISTA 1 CORVUS\n"
            "T2: trireme CREWMEN 3 green MARINES 2 regular\n"
            "T2: STANCE ACCEPT\nZ9: STANCE ACCEPT\nQ1: ONSHEAR NONE\nQ1: ONSHEAR GRAPPLE")
    sheet = check_build(position, "carthage", text)
    assert _status(sheet) == [ACCEPTED, ACCEPTED, ACCEPTED, ACCEPTED, REFUSED, ACCEPTED, REFUSED]
    assert "costs 7; the fleet 7 of 20 points; the flagship" in sheet.lines[0].echo
    assert "the fleet 14 of 20" in sheet.lines[2].echo             # 7 + 5 + (3 - 1 green)
    assert "Z9" in _reason(sheet, 5) and "second" in _reason(sheet, 7)
    more = text + ("\nT3: quinquereme CREWMEN 5 regular\nT4: trireme CREWMEN 3 regular"
                   "\nM1: monoreme CREWMEN 1 green")
    over = check_build(position, "carthage", more)
    assert _status(over)[-3:] == [ACCEPTED, REFUSED, ACCEPTED]     # 19; 22 refused; 20 fits
    assert "would bring the fleet to 22" in _reason(over, 9)
    taken = check_build(position, "rome", text, taken={"Q1"})
    assert "already" in _reason(taken, 1)


def test_set_up_lines_are_checked_in_the_order_written() -> None:
    position = replace(state(ship("C1", 0, 0, placed=False), ship("C2", 0, 0, placed=False),
                             ship("R1", 60, 44, 180)), phase=Phase(SETUP, side="carthage"))
    text = "C1: 20 4 0\nC2: 20.8 4 0\nC2: 21.3 4 0\nR1: STANCE ACCEPT"
    sheet = check_setup(position, "carthage", text)
    assert _status(sheet) == [ACCEPTED, REFUSED, ACCEPTED, REFUSED]
    assert "overlap C1" in _reason(sheet, 2) and "not yours" in _reason(sheet, 4)
    assert sheet.lines[0].plan == ("(20, 4, 0)",)
    far = check_setup(position, "carthage", "C1: 20 7.5 0\nC2: 21.2 4 0")
    assert "8\"" in _reason(far, 1) and _status(far) == [REFUSED, ACCEPTED]  # C1 not placed
    close = check_setup(position, "carthage", "C1: 20 4 0\nC2: 21.2 4 0")
    assert "¼" in _reason(close, 2)
    other = check_setup(position, "rome", "R1: 30 44 180\nR1: STANCE ACCEPT")
    assert _status(other) == [REFUSED, ACCEPTED] and "set-up round" in _reason(other, 1)


def test_a_line_for_a_ship_that_sails_after_the_routers_sees_them_moved() -> None:
    # The router C1 sails first (heading 135 in the default wind) and leaves C2's way clear.
    position = state(ship("C1", 20, 13, routed=True), ship("C2", 20, 8.9, mode=STRATEGIC),
                     ship("R1", 60, 44, 180))
    sheet = check_round(position, "carthage", "C2: STRAT F2")
    assert _status(sheet) == [ACCEPTED]
    assert sheet.lines[0].plan[-1] == "(20, 10.9, 0)"


@pytest.mark.parametrize("text", ["C1: RAM S10 P10 F9", "C1: CRUISE F1 P20 F2", "C1: STRAT S30",
                                  "C3: CRUISE F6", "C1: CRUISE P45 F6"])
def test_the_plan_is_what_the_plan_map_draws_from_the_same_path(text: str) -> None:
    from pbem.rules.ramcruise import mapscene
    from pbem.rules.ramcruise.paths import plan_one

    position = state(ship("C1", 20, 10, mode=CRUISE), ship("C2", 21.1, 14.5), ship("R1", 20, 18.5, 90),
                     ship("C3", 40, 10, mode=CRUISE), ship("R3", 40, 15.5, 90), ship("R2", 60, 40))
    line = check_round(position, "carthage", text).lines[0]
    assert line.status == ACCEPTED, line.reason
    mover = position.require(line.piece)
    _, events, _ = plan_one(position, line.order)
    drawn = mapscene.plan_places(mover.id, (mover.x, mover.y), mover.heading,
                                 [item.as_dict() for item in events])
    assert line.plan == drawn
    assert all(mapscene.parse_plan_place(place) is not None for place in line.plan)


def test_a_refused_move_is_told_what_the_ship_may_do_now() -> None:
    position = state(ship("C1", 20, 10), ship("C2", 30, 10, mode=CRUISE, fatigue=5),
                     ship("C3", 40, 10, sheared=2), ship("R1", 60, 44, 180))
    ladder = _reason(check_round(position, "carthage", "C1: RAM F9"), 1)
    assert "for C1 now: STRAT up to 3\", CRUISE up to 6\", BACK up to 3\", STAY" in ladder
    assert "RAM" not in ladder.split("Accepted:")[1]
    tired = _reason(check_round(position, "carthage", "C2: RAM F9"), 1)
    assert "fatigue" in tired and "CRUISE up to 6\"" in tired and "RAM 7" not in tired
    assert "'C3: STAY' only" in _reason(check_round(position, "carthage", "C3: STRAT F1"), 1)
    held = position.with_grapple("C1", "R1")
    assert "BREAK line naming R1" in _reason(check_round(held, "carthage", "C1: STRAT F1"), 1)
    fresh = state(ship("C1", 20, 10, mode=CRUISE), ship("R1", 60, 44, 180))
    assert "RAM 7\" to 12\"" in _reason(check_round(fresh, "carthage", "C1: RAM F6"), 1)
