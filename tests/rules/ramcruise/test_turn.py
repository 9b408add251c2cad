"""The steps of a half (rulings §5.2) in §21's dice order: round 1 (break-aways, movement with
its shears, M1), the ram step, the end of the half."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.ramcruise.classes import Crew
from pbem.rules.ramcruise.orders import Duty, Move, Standing, Step, Targets
from pbem.rules.ramcruise.state import (
    COMBAT,
    CRUISE,
    RAM,
    STAY,
    STRATEGIC,
    SUNK,
    HalfRecord,
    StandingOrders,
)
from pbem.rules.ramcruise.turn import (
    RoundOneOrders,
    RoundTwoOrders,
    end_of_half,
    end_of_turn,
    movement,
    open_half,
    resolve_round_1,
    resolve_round_2,
)
from tests.rules.ramcruise.positions import combat, dice, ship, state


def _move(who: str, mode: str, *steps: tuple[str, int]) -> Move:
    return Move(who, mode, tuple(Step(kind, amount) for kind, amount in steps))


def test_routers_move_first_then_lines_in_the_order_written_and_the_rest_stay() -> None:
    position = state(ship("C1", 20, 10, mode=CRUISE, speed=60), ship("C2", 30, 10, mode=CRUISE),
                     ship("C3", 40, 20, routed=True), ship("C4", 50, 10, mode=RAM, speed=90),
                     ship("R1", 60, 44, 180))
    moves = [_move("C2", CRUISE, ("F", 60)), _move("C1", STRATEGIC, ("F", 20))]
    after, events = movement(position, moves, dice())
    assert [item["ship"] for item in events if item.kind == "move"] == ["C3", "C3", "C2", "C1"]
    c1, c2, c3, c4, r1 = after.ships
    assert (c1.mode, c1.speed, c2.mode, c2.speed) == (STRATEGIC, 20, CRUISE, 60)
    assert (c3.mode, c3.speed) == (STRATEGIC, 80)
    assert (c4.mode, c4.speed) == (STAY, 0)                 # no line: it stays, speed 0
    assert (r1.mode, r1.speed) == (STRATEGIC, 0)           # the other side is untouched


def test_speed_is_the_ordered_distance_even_when_cut_short() -> None:
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("R1", 20, 14.5, 90))
    after, _ = movement(position, [_move("C1", RAM, ("F", 80))], dice())
    assert after.require("C1").speed == 80 and after.require("C1").y == 12.0


def test_a_move_for_a_ship_still_grappled_does_nothing() -> None:
    position = state(ship("C1", 20, 10), ship("R1", 21.05, 10)).with_grapple("C1", "R1")
    after, events = movement(position, [_move("C1", STRATEGIC, ("F", 20))], dice())
    assert after.require("C1").y == 10 and after.require("C1").mode == STAY
    assert events[-1]["failed"] is True


def test_round_one_dice_order_break_then_shears_then_m1() -> None:
    # C1 breaks from R2 (C1 was last to inflict), then sails past R1: avoid 2d6, grapple 2d6; M1:
    # R1 sheared -> its morale 2d6.
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("R1", 21.1, 12),
                     ship("R2", 18.95, 10, standing=StandingOrders(onbreak="accept")))
    position = position.with_grapple("C1", "R2")
    position = replace(position, grapples=(replace(position.grapples[0], last_casualties="C1"),))
    orders = RoundOneOrders(moves=(_move("C1", CRUISE, ("F", 60)),),
                            breaks=(Targets("C1", "BREAK", ("R2",)),))
    rolled = dice(3, 2, 1, 1, 4, 4, 3, 3)
    after, _ = resolve_round_1(position, orders, rolled)
    assert [roll.purpose for roll in rolled.log] == [
        "break C1 (from R2)", "break C1 (from R2)", "shear avoid R1 (by C1)", "shear avoid R1 (by C1)",
        "grapple R1 (at C1)", "grapple R1 (at C1)", "morale M1 R1", "morale M1 R1"]
    assert after.grapples == ()
    assert after.require("R1").sheared == 1 and after.require("C1").y == 16.0
    assert after.phase.kind == COMBAT


def test_round_one_keeps_the_duty_for_step_eleven() -> None:
    position = state(ship("C1", 20, 10, crew=Crew(oar=3, marines=1)))
    after, _ = resolve_round_1(position, RoundOneOrders(duties=(Duty("C1", 1, "deck"),)), dice())
    assert after.require("C1").crew.oar == 3
    assert after.half_record.duties == (("C1", 1, "deck"),)
    done, _ = end_of_half(after)
    assert (done.require("C1").crew.oar, done.require("C1").crew.deck) == (2, 1)


def test_standing_orders_sent_with_the_move_apply_at_once() -> None:
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("R1", 21.1, 12))
    orders = RoundOneOrders(moves=(_move("C1", CRUISE, ("F", 60)),),
                            standing=(Standing("C1", "stance", ("accept",)),))
    after, _ = resolve_round_1(position, orders, dice(6, 6, 3, 2))   # avoided; 5 >= 5: held
    assert after.require("C1").y == 12.0 and after.require("C1").standing.stance == "accept"


def test_end_of_half_ticks_then_fatigue_then_the_admiral() -> None:
    position = combat(ship("C1", 10, 10, status="sinking", countdown=1, flagship=True, mode=STAY),
                      ship("C2", 20, 10, mode=RAM, fatigue=20), ship("R1", 36, 42, 180))
    after, events = end_of_half(position)
    assert after.require("C1").status == SUNK and after.require("C2").fatigue == 12
    assert after.side("carthage").flagship_lost and after.half_record.flagship_fell == {"carthage"}
    kinds = [item.kind for item in events]
    assert kinds.index("sunk") < kinds.index("fatigue")


def test_round_two_rolls_the_marked_ram_after_m2_and_opens_side_bs_half() -> None:
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("R1", 20, 14.5, 90, speed=80))
    after, _ = resolve_round_1(position, RoundOneOrders(moves=(_move("C1", RAM, ("F", 80)),)), dice())
    rolled = dice(6, 6, 5, 3, 3)   # ram 12 >= 7; countdown 5 -> 3; M3: R1 rammed, 3 + 3 holds
    after, _ = resolve_round_2(after, RoundTwoOrders(), rolled)
    assert after.require("R1").countdown == 3 and after.require("C1").embedded_in == "R1"
    assert (after.phase.half, after.phase.side, after.phase.kind) == (2, "rome", "move")
    assert after.half_record == HalfRecord()


def test_open_half_starts_a_fresh_record() -> None:
    position = replace(state(ship("C1", 10, 10)), half_record=HalfRecord(forfeits=frozenset({"C1"})))
    opened = open_half(position, 3, 2)
    assert (opened.phase.turn, opened.phase.half, opened.phase.side) == (3, 2, "rome")
    assert opened.half_record == HalfRecord()


def test_the_end_of_turn_opens_the_next_with_the_wind_change() -> None:
    position = state(ship("C1", 10, 10), ship("R1", 36, 42, 180), half=2, kind=COMBAT,
                     wind_change="roll")
    rolled = dice(6)
    after, events = end_of_turn(position, rolled)
    assert (after.phase.turn, after.phase.half, after.phase.kind, after.wind) == (3, 1, "move", 135)
    assert [roll.purpose for roll in rolled.log] == ["wind change"]
    case_end, _ = end_of_turn(position, dice(), open_next=False)   # a rules case stops here
    assert case_end.phase == position.phase and case_end.wind == 90


def test_a_winner_ends_the_game() -> None:
    position = state(ship("C1", 10, 10, routed=True), ship("R1", 36, 42, 180), half=2, kind=COMBAT)
    position = position.with_side(replace(position.sides[0], start_points=3)).with_side(
        replace(position.sides[1], start_points=3))
    after, events = end_of_turn(position, dice())
    assert after.winner == "rome" and after.phase.kind == "over"
    assert events[0].kind == "victory"


def test_a_shear_grapple_is_followed_by_the_surrender_check() -> None:
    # R1 has only rowers: its grapple holds C1 at the abreast point, and then, grappled with no
    # marines and no crewmen on deck, R1 strikes (§12.4) and the grapple is released.
    position = state(ship("C1", 20, 10, mode=CRUISE), ship("R1", 21.1, 12, crew=Crew(oar=3)))
    after, events = movement(position, [_move("C1", CRUISE, ("F", 60))], dice(3, 3, 5, 5))
    assert after.require("C1").y == 12.0
    assert after.require("R1").status == "surrendered" and after.grapples == ()
    assert [item.kind for item in events][-1] == "surrender"
