"""Grapples and breaking away (rulings §11, with §12.3's forfeit and §12.4's end-of-step-8
surrender): who throws at whom, the §11.2 numbers, the ⅛" and ⅜" reach, one throw at an enemy a
half, the last-to-inflict rule and `break_first`, and the dice in §21's order. Positions and
dice are the rules cases' (tests/cases/ram-cruise/11.*, 12.4) where a case is one step."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.ramcruise.grappling import (
    attempt_grapple,
    break_away,
    grapple_needed,
    may_break,
    throw_lines,
)
from pbem.rules.ramcruise.melee import melee_all
from pbem.rules.ramcruise.missiles import fire_lines
from pbem.rules.ramcruise.orders import Picking, Targets
from pbem.rules.ramcruise.rows import grapples_from_rows, ship_from_row, sides_from_rows
from pbem.rules.ramcruise.state import COMBAT, MOVE, GameState, Phase
from pbem.rules.ramcruise.switches import parse_options

SIDES = [{"id": "carthage", "home": "south"}, {"id": "rome", "home": "north"}]


def row(ship_id: str, x: float, y: float = 10.0, **keys: Any) -> dict[str, Any]:
    side = "carthage" if ship_id.startswith("C") else "rome"
    return {"id": ship_id, "side": side, "class": "trireme", "x": x, "y": y, "heading": 0,
            "marines": 1, **keys}


def game(*rows: dict[str, Any], kind: str = COMBAT, **options: Any) -> GameState:
    opts = parse_options(options)
    ships = [ship_from_row(r, n, opts) for n, r in enumerate(rows, 1)]
    return GameState(ships=tuple(ships), sides=sides_from_rows(SIDES, ships), options=opts,
                     phase=Phase(kind, 2, 1, "carthage"), grapples=grapples_from_rows(rows, ships))


def lines(verb: str, text: str) -> list[Targets]:
    """`C1: R2, R1; C2: R3` as typed lines."""
    out = []
    for part in text.split(";"):
        ship, targets = part.split(":")
        out.append(Targets(ship.strip(), verb, tuple(t.strip() for t in targets.split(","))))
    return out


def purposes(dice: ForcedDice) -> list[str]:
    return [roll.purpose for roll in dice.log]


# --- §11.2's numbers


@pytest.mark.parametrize(("gear", "stance", "routed", "odds", "needed"), [
    ("", "resist", False, "3", 9), ("", "accept", False, "3", 5), ("", "accept", True, "3", 9),
    ("corvus", "resist", False, "3", 3), ("corvus", "accept", False, "3", 3),
    ("harpax", "accept", False, "3", 3), ("corvus", "resist", False, "printed", 3),
    ("corvus", "accept", False, "printed", 5), ("corvus", "accept", True, "printed", 3)])
def test_grapple_numbers_of_section_11_2(gear: str, stance: str, routed: bool, odds: str,
                                          needed: int) -> None:
    state = game(row("C1", 20.0, **({gear: True} if gear else {})),
                 row("R1", 21.05, stance=stance, routed=routed), corvus_odds=odds)
    assert grapple_needed(state, state.require("C1"), state.require("R1")) == needed


# --- step 8 (§11.1, §11.2)


def test_11_1_reach_is_an_eighth_and_one_throw_per_enemy_a_half() -> None:
    # Case 11.1: 0.125 is in reach, 0.127 is not; the second R1 in C1's list is not thrown.
    state = game(row("C1", 20.0), row("C2", 40.0), row("R1", 21.125), row("R2", 41.127))
    dice = ForcedDice(values=[2, 3])
    state, events = throw_lines(state, "carthage", lines("GRAPPLE", "C1: R1, R1; C2: R2"), dice)
    dice.finish()
    assert state.grapples == ()
    assert purposes(dice) == ["grapple C1 (at R1)"] * 2
    thrown = [e for e in events if e.kind == "grapple"]
    assert [(e["target"], e["dice"], e["needed"], e["success"]) for e in thrown] == [
        ("R1", [2, 3], 9, False), ("R1", [], 0, False), ("R2", [], 0, False)]
    assert "already this half" in thrown[1]["reason"] and "beyond 0.125" in thrown[2]["reason"]


def test_11_2_resisted_nine_wanted_five_in_the_lines_order() -> None:
    # Case 11.2: R2 (RESIST) 4 + 4 fails, then R1 (ACCEPT) 2 + 3 holds.
    state = game(row("C1", 20.0), row("R1", 21.05, stance="ACCEPT"), row("R2", 18.95))
    dice = ForcedDice(values=[4, 4, 2, 3])
    state, _ = throw_lines(state, "carthage", lines("GRAPPLE", "C1: R2, R1"), dice)
    dice.finish()
    assert state.grappled_with("C1") == ("R1",)
    assert purposes(dice) == ["grapple C1 (at R2)"] * 2 + ["grapple C1 (at R1)"] * 2
    assert state.grapple("C1", "R1") is not None
    assert state.grapple("C1", "R1").last_casualties == ""  # type: ignore[union-attr]


def test_11_2_corvus_odds_printed_needs_five_when_both_want() -> None:
    # Case 11.2 (printed): C1's corvus vs ACCEPT 1 + 3 = 4 fails; C2's vs RESIST 1 + 2 holds.
    rows = (row("C1", 20.0, corvus=True), row("C2", 40.0, corvus=True),
            row("R1", 21.05, stance="ACCEPT"), row("R2", 41.05))
    dice = ForcedDice(values=[1, 3, 1, 2])
    state, _ = throw_lines(game(*rows, corvus_odds="printed"), "carthage",
                           lines("GRAPPLE", "C1: R1; C2: R2"), dice)
    assert (state.grappled_with("C1"), state.grappled_with("C2")) == ((), ("R2",))
    # The default corvus_odds = 3: the same 4 holds.
    dice = ForcedDice(values=[1, 3, 1, 2])
    state, _ = throw_lines(game(*rows), "carthage", lines("GRAPPLE", "C1: R1; C2: R2"), dice)
    assert (state.grappled_with("C1"), state.grappled_with("C2")) == (("R1",), ("R2",))


def test_11_2_a_routed_target_resists_whatever_its_stance() -> None:
    state = game(row("C1", 20.0), row("R1", 21.05, stance="ACCEPT", routed=True))
    dice = ForcedDice(values=[3, 3])
    state, events = throw_lines(state, "carthage", lines("GRAPPLE", "C1: R1"), dice)
    dice.finish()
    assert state.grapples == () and events[0]["needed"] == 9 and events[0]["stance"] == "routed"


@pytest.mark.parametrize(("x", "thrown"), [(21.375, True), (21.3755, True), (21.377, False)])
def test_3_3_harpax_reaches_three_eighths(x: float, thrown: bool) -> None:
    state = game(row("C1", 20.0, harpax=True), row("R1", x))
    dice = ForcedDice(values=[1, 2] if thrown else [])
    state, _ = throw_lines(state, "carthage", lines("GRAPPLE", "C1: R1"), dice)
    dice.finish()
    assert (state.grappled_with("C1") == ("R1",)) is thrown


@pytest.mark.parametrize("keys", [{"routed": True}, {"crewmen": 0, "marines": 0, "bowmen": 0},
                                  {"status": "surrendered"}])
def test_11_1_a_routed_crewless_or_surrendered_ship_throws_nothing(keys: dict[str, Any]) -> None:
    state = game(row("C1", 20.0, **keys), row("R1", 21.05))
    dice = ForcedDice(values=[])
    state, events = throw_lines(state, "carthage", lines("GRAPPLE", "C1: R1"), dice)
    dice.finish()
    assert state.grappled_with("R1") == () and events[0]["dice"] == []


def test_11_1_friends_and_surrendered_enemies_take_no_grapple() -> None:
    state = game(row("C1", 20.0), row("C2", 21.05), row("R1", 18.95, status="surrendered"))
    dice = ForcedDice(values=[])
    _, events = throw_lines(state, "carthage", lines("GRAPPLE", "C1: C2, R1, X9"), dice)
    dice.finish()
    assert [e["reason"] for e in events] == [
        "C2 is not an enemy", "R1 is surrendered", "there is no ship X9"]


def test_12_4_a_ship_grappled_with_no_deck_surrenders_at_the_end_of_step_8() -> None:
    # Case 12.4: R1 (rowers and bowmen only) is grappled on 5 + 4 and strikes at once.
    state = game(row("C1", 20.0), row("R1", 21.05, crewmen=3, bowmen=2, marines=0))
    dice = ForcedDice(values=[5, 4])
    state, events = throw_lines(state, "carthage", lines("GRAPPLE", "C1: R1"), dice)
    dice.finish()
    assert state.require("R1").status == "surrendered" and state.grapples == ()
    assert [e.kind for e in events] == ["grapple", "surrender"]
    assert events[1]["released"] == ["C1"]


def test_12_3_a_resisting_phasing_ship_grappled_by_an_enemy_forfeits() -> None:
    # The shear victim's grapple (§8.4) rolls as §11.2; its shearer, phasing and RESIST, forfeits.
    for stance, forfeits in (("RESIST", True), ("ACCEPT", False)):
        state = game(row("C1", 20.0, stance=stance), row("R1", 21.05), kind=MOVE)
        dice = ForcedDice(values=[5, 4])
        state, events = attempt_grapple(state, "R1", "C1", dice)
        assert events[0]["needed"] == (9 if stance == "RESIST" else 5) and events[0]["success"]
        assert ("C1" in state.half_record.forfeits) is forfeits
        assert purposes(dice) == ["grapple R1 (at C1)"] * 2
    # A non-phasing target grappled while resisting (step 8) has no melee to forfeit.
    state = game(row("C1", 20.0), row("R1", 21.05), kind=MOVE)
    state, events = attempt_grapple(state, "C1", "R1", ForcedDice(values=[5, 4]))
    assert events[0]["success"] and state.half_record.forfeits == frozenset()


# --- step 1 (§11.4)


def test_11_4_only_the_last_to_inflict_may_break() -> None:
    # Case 11.4: R1 was last on C1, so C1 may not try (no die); C2 was last on R2: 4 + 5 = 9 frees it.
    state = game(row("C1", 20.0, grappled_with=["R1"]), row("C2", 40.0, grappled_with=["R2"],
                                                           last_melee=["R2"]),
                 row("R1", 21.05, last_melee=["C1"]), row("R2", 41.05), kind=MOVE)
    dice = ForcedDice(values=[4, 5])
    state, events = break_away(state, "carthage", lines("BREAK", "C1: R1; C2: R2"), dice)
    dice.finish()
    assert state.grappled_with("C1") == ("R1",) and state.grappled_with("C2") == ()
    assert purposes(dice) == ["break C2 (from R2)"] * 2
    assert events[0]["reason"] == "R1 was the last to inflict melee casualties, not C1"
    assert (events[1]["total"], events[1]["needed"], events[1]["success"]) == (9, 9, True)


@pytest.mark.parametrize(("break_first", "dice_", "free"), [("either", [2, 3], True),
                                                              ("none", [], False)])
def test_11_4_break_first(break_first: str, dice_: list[int], free: bool) -> None:
    # Case 11.4 (none): nobody has inflicted casualties; R1 accepts (5+).
    state = game(row("C1", 20.0, grappled_with=["R1"]), row("R1", 21.05, onbreak="ACCEPT"),
                 kind=MOVE, break_first=break_first)
    assert may_break(state, state.require("C1"), state.require("R1")) == (
        "" if break_first == "either" else
        "neither C1 nor R1 has inflicted melee casualties yet (break_first = none)")
    dice = ForcedDice(values=dice_)
    state, _ = break_away(state, "carthage", lines("BREAK", "C1: R1"), dice)
    dice.finish()
    assert (state.grappled_with("C1") == ()) is free


def test_11_4_breaking_ignores_the_corvus_and_a_router_accepts() -> None:
    # Case 11.4: C1 vs routed R1, 5+: 2 + 3 frees; C2 (corvus) vs R2 RESIST, 9+: 1 + 2 fails.
    state = game(row("C1", 20.0, corvus=True, grappled_with=["R1"]),
                 row("C2", 40.0, corvus=True, grappled_with=["R2"]),
                 row("R1", 21.05, routed=True), row("R2", 41.05), kind=MOVE)
    dice = ForcedDice(values=[2, 3, 1, 2])
    state, events = break_away(state, "carthage", lines("BREAK", "C1: R1; C2: R2"), dice)
    dice.finish()
    assert [(e["needed"], e["success"]) for e in events] == [(5, True), (9, False)]
    assert state.grappled_with("C2") == ("R2",)


def test_11_4_a_break_naming_a_ship_it_is_not_grappled_to_rolls_nothing() -> None:
    state = game(row("C1", 20.0, grappled_with=["R1"]), row("R1", 21.05), row("R2", 18.95),
                 kind=MOVE)
    dice = ForcedDice(values=[6, 6])
    state, events = break_away(state, "carthage", lines("BREAK", "C1: R2, R1, R1"), dice)
    dice.finish()
    assert [e["success"] for e in events] == [False, True, False]
    assert [events[0]["reason"], events[2]["reason"]] == [
        "C1 is not grappled to R2", "C1 is not grappled to R1"]


def test_21_dice_order_of_steps_1_and_8_is_lines_as_written_target_by_target() -> None:
    state = game(row("C1", 20.0, grappled_with=["R1", "R3"]), row("C2", 40.0, grappled_with=["R2"]),
                 row("R1", 21.05), row("R2", 41.05), row("R3", 18.95), kind=MOVE)
    dice = ForcedDice(values=[1, 1, 1, 1, 1, 1])
    state, _ = break_away(state, "carthage", lines("BREAK", "C2: R2; C1: R3, R1"), dice)
    dice.finish()
    assert purposes(dice) == ["break C2 (from R2)"] * 2 + ["break C1 (from R3)"] * 2 + [
        "break C1 (from R1)"] * 2
    free = game(row("C1", 20.0), row("C2", 40.0), row("R1", 21.05), row("R2", 41.05),
                row("R3", 18.95))
    dice = ForcedDice(values=[1, 1, 1, 1, 1, 1])
    throw_lines(free, "carthage", lines("GRAPPLE", "C2: R2; C1: R3, R1"), dice)
    dice.finish()
    assert purposes(dice) == ["grapple C2 (at R2)"] * 2 + ["grapple C1 (at R3)"] * 2 + [
        "grapple C1 (at R1)"] * 2


@pytest.mark.parametrize(("grappled", "dice_", "left"), [
    (["R2"], [4, 4], ("R2",)),          # case 11.3: C2 vs R2 RESIST, 4 + 4 fails
    (["R1", "R2"], [5, 5], ("R2",))])   # case 11.4: R1's grapple broken, R2's still holds
def test_11_4_a_break_is_tried_whether_or_not_the_move_stands(
        grappled: list[str], dice_: list[int], left: tuple[str, ...]) -> None:
    state = game(row("C1", 20.0, grappled_with=grappled), row("R1", 21.05), row("R2", 18.95),
                 kind=MOVE)
    target = "R2" if grappled == ["R2"] else "R1"
    dice = ForcedDice(values=dice_)
    state, _ = break_away(state, "carthage", lines("BREAK", f"C1: {target}"), dice)
    dice.finish()
    assert state.grappled_with("C1") == left


def test_18_lines_that_fail_at_resolution_roll_nothing() -> None:
    # Case 18: C1's BREAK (R1 was last to inflict), R2's bow with C2 19" off, R3's ballista fired
    # in turn 1, C2's grapple at R3 4" off: no dice; C1 still melees R1 by default: 1 misses.
    state = game(row("C1", 20.0, grappled_with=["R1"]), row("C2", 40.0),
                 row("R1", 21.05, last_melee=["C1"]), row("R2", 60.0, bowmen=1, marines=0),
                 row("R3", 45.0, crewmen=4, ballistas=1, ballistas_fired=[1], marines=0),
                 kind=MOVE)
    dice = ForcedDice(values=[1])
    state, broke = break_away(state, "carthage", lines("BREAK", "C1: R1"), dice)
    state, fired = fire_lines(state, "rome", [Picking("R2", "BOW", ("C2",)),
                                              Targets("R3", "BALLISTA", ("C2",))], dice)
    state, thrown = throw_lines(state, "carthage", lines("GRAPPLE", "C2: R3"), dice)
    state, fought = melee_all(state, "carthage", [], dice)
    dice.finish()
    assert purposes(dice) == ["melee C1 mar (at R1)"]
    assert [e["reason"] for e in (*broke, *fired, *thrown)] == [
        "R1 was the last to inflict melee casualties, not C1",
        "C2 is 19\" away, beyond 4\"", "no ballista of R3 is loaded in turn 2",
        "R3 is 4\" away, beyond 0.125\""]
    assert state.grappled_with("C1") == ("R1",) and state.require("R3").ballistas == (1,)
    assert state.require("C2").crew.marines == 1 and fought[0]["dice"] == [1]
