"""Melee and surrender (rulings §12): who melees whom and in what order, attack dice with their
own type's modifier, the attacker's picks, saves on 6 after the modifier, lost hits, the
last-to-inflict record (§11.4), the forfeit (§12.3), surrender (§12.4), and the dice in §21's
order. Positions and dice are the rules cases' (tests/cases/ram-cruise/12.*) for step 9."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.ramcruise.grappling import break_away, throw_lines
from pbem.rules.ramcruise.melee import melee_all, pick, surrender_checks
from pbem.rules.ramcruise.missiles import fire_lines
from pbem.rules.ramcruise.morale import checkpoint, record_trigger
from pbem.rules.ramcruise.orders import Picking, Targets
from pbem.rules.ramcruise.rows import grapples_from_rows, ship_from_row, sides_from_rows
from pbem.rules.ramcruise.state import COMBAT, GameState, HalfRecord, Phase
from pbem.rules.ramcruise.switches import parse_options

SIDES = [{"id": "carthage", "home": "south"}, {"id": "rome", "home": "north"}]


def row(ship_id: str, x: float, y: float = 10.0, **keys: Any) -> dict[str, Any]:
    side = "carthage" if ship_id.startswith("C") else "rome"
    return {"id": ship_id, "side": side, "class": "trireme", "x": x, "y": y, "heading": 0,
            "marines": 1, **keys}


def game(*rows: dict[str, Any], **options: Any) -> GameState:
    opts = parse_options(options)
    ships = [ship_from_row(r, n, opts) for n, r in enumerate(rows, 1)]
    return GameState(ships=tuple(ships), sides=sides_from_rows(SIDES, ships), options=opts,
                     phase=Phase(COMBAT, 2, 1, "carthage"), grapples=grapples_from_rows(rows, ships))


def melee(ship: str, *targets: str, picks: tuple[str, ...] = ()) -> Picking:
    return Picking(ship, "MELEE", targets, picks)


def purposes(dice: ForcedDice) -> list[str]:
    return [roll.purpose for roll in dice.log]


def test_12_1_lines_first_in_the_order_written_then_scenario_order() -> None:
    # Case 12.1: C2's line names R1 (not grappled to it), then R3: it fights R3 first, a miss.
    # Then C1 (no line) fights R1, its first grappled enemy in scenario order: 5 hits, save 1.
    state = game(row("C1", 20.0, grappled_with=["R1", "R2"]), row("C2", 40.0, grappled_with=["R3"]),
                 row("R1", 21.05, marines=2), row("R2", 18.95, marines=2),
                 row("R3", 41.05, marines=2))
    dice = ForcedDice(values=[1, 5, 1])
    state, events = melee_all(state, "carthage", [melee("C2", "R1", "R3")], dice)
    dice.finish()
    assert [state.require(s).crew.marines for s in ("R1", "R2", "R3")] == [1, 2, 2]
    assert purposes(dice) == ["melee C2 mar (at R3)", "melee C1 mar (at R1)",
                              "save R1 mar (from C1)"]
    assert [(e["ship"], e["target"]) for e in events if e.kind == "melee"] == [
        ("C2", "R3"), ("C1", "R1")]
    assert state.half_record.triggers == (("R1", "casualties"),)
    assert state.grapple("C1", "R1").last_casualties == "C1"  # type: ignore[union-attr]


def test_12_2_modifiers_picks_and_saves_in_section_21_order() -> None:
    # Case 12.2: 2 elite marines (4+1 hit, 3+1 miss), then 1 green deck crewman (6-1 hit).
    # Hit 1, PICK DECK: R1's green deck crewman saves 6-1 = 5 < 6: lost. Hit 2: no deck left ->
    # MAR (elite): 5+1 = 6 saves.
    state = game(row("C1", 20.0, crewmen=4, oars=3, marines=2, crewmen_class="green",
                     marines_class="elite", grappled_with=["R1"]),
                 row("R1", 21.05, crewmen=4, oars=3, marines=1, crewmen_class="green",
                     marines_class="elite"))
    dice = ForcedDice(values=[4, 3, 6, 6, 5])
    state, events = melee_all(state, "carthage", [melee("C1", "R1", picks=("deck", "mar"))], dice)
    dice.finish()
    r1 = state.require("R1").crew
    assert (r1.crewmen, r1.oar, r1.marines) == (3, 3, 1)
    assert purposes(dice) == ["melee C1 mar (at R1)"] * 2 + ["melee C1 deck (at R1)"] + [
        "save R1 deck (from C1)", "save R1 mar (from C1)"]
    first = events[0]
    assert (first["dice"], first["modifiers"], first["hits"]) == ([4, 3, 6], [1, 1, -1], 2)
    saves = [(e["category"], e["total"], e["saved"]) for e in events if e.kind == "save"]
    assert saves == [("deck", 5, False), ("mar", 6, True)]


def test_12_2_a_hit_with_nothing_to_pick_is_lost_and_the_cleared_deck_surrenders() -> None:
    # Case 12.2: 5, 6 hit; the first takes R1's marine (save 3); the second finds no marine and no
    # deck crewman: lost, no save die. R1 then surrenders after C1's melee; grapples released.
    state = game(row("C1", 20.0, marines=2, grappled_with=["R1"]),
                 row("R1", 21.05, crewmen=3, bowmen=1, marines=1))
    dice = ForcedDice(values=[5, 6, 3])
    state, events = melee_all(state, "carthage", [], dice)
    dice.finish()
    r1 = state.require("R1")
    assert (r1.crew.marines, r1.crew.bowmen, r1.crew.crewmen, r1.status) == (0, 1, 3, "surrendered")
    assert state.grapples == ()
    assert [e.kind for e in events] == ["melee", "save", "hit", "hit", "surrender"]
    assert events[3]["lost"] == 0 and events[3]["category"] == ""


def test_12_4_the_surrender_checks_follow_each_ships_melee() -> None:
    # C1 clears R1's deck; R1 strikes at once, so C2 (grappled only to R1) has nobody to fight.
    state = game(row("C1", 20.0, grappled_with=["R1"]), row("C2", 22.1, grappled_with=["R1"]),
                 row("R1", 21.05))
    dice = ForcedDice(values=[6, 1])
    state, events = melee_all(state, "carthage", [], dice)
    dice.finish()
    assert state.require("R1").status == "surrendered"
    assert [e.kind for e in events] == ["melee", "save", "hit", "surrender"]


def test_12_3_a_forfeiting_ship_rolls_nothing_and_its_line_fails() -> None:
    state = game(row("C1", 20.0, marines=2, grappled_with=["R1"]), row("R1", 21.05, marines=2))
    state = replace(state, half_record=HalfRecord(forfeits=frozenset({"C1"})))
    dice = ForcedDice(values=[])
    state, events = melee_all(state, "carthage", [melee("C1", "R1")], dice)
    dice.finish()
    assert state.require("R1").crew.marines == 2
    assert "forfeits" in events[0]["reason"]


@pytest.mark.parametrize(("keys", "reason"), [({"routed": True}, "C1 is routed"),
                                              ({}, "none of R2 is grappled to C1")])
def test_12_1_routed_ships_and_lists_with_no_grappled_enemy_do_not_melee(
        keys: dict[str, Any], reason: str) -> None:
    state = game(row("C1", 20.0, grappled_with=["R1"], **keys), row("R1", 21.05),
                 row("R2", 18.95))
    dice = ForcedDice(values=[])
    _, events = melee_all(state, "carthage", [melee("C1", "R2")], dice)
    dice.finish()
    assert events[0]["reason"] == reason


def test_12_1_only_the_phasing_side_melees() -> None:
    # R1 and R2 are grappled too, with more marines, but rome does not melee in carthage's half.
    state = game(row("C1", 20.0, grappled_with=["R1"]), row("C2", 40.0, grappled_with=["R2"]),
                 row("R1", 21.05, marines=3), row("R2", 41.05, marines=3))
    dice = ForcedDice(values=[2, 2])
    state, events = melee_all(state, "carthage", [], dice)
    dice.finish()
    assert purposes(dice) == ["melee C1 mar (at R1)", "melee C2 mar (at R2)"]
    assert [(e["ship"], e["dice"]) for e in events] == [("C1", [2]), ("C2", [2])]


def test_11_4_a_saved_hit_leaves_the_last_to_inflict_record() -> None:
    state = game(row("C1", 20.0, grappled_with=["R1"]),
                 row("R1", 21.05, marines_class="elite", last_melee=["C1"]))
    dice = ForcedDice(values=[5, 5])
    state, _ = melee_all(state, "carthage", [], dice)
    dice.finish()
    assert state.grapple("C1", "R1").last_casualties == "R1"  # type: ignore[union-attr]
    assert state.half_record.triggers == ()


def test_12_2_the_attackers_pick_falls_back_to_mar_then_deck() -> None:
    state = game(row("R1", 21.05, crewmen=4, oars=3, marines=0), row("R2", 30.0, crewmen=3, marines=0))
    assert pick(state.require("R1"), ("mar",)) == "deck"
    assert pick(state.require("R2"), ("deck", "mar")) == ""


def test_12_4_surrender_checks() -> None:
    state = game(row("C1", 20.0, crewmen=0, marines=0),                       # no crew: strikes
                 row("C2", 30.0, crewmen=3, marines=0, grappled_with=["R1"]),  # rowers only
                 row("C3", 40.0, crewmen=3, marines=0),                       # not grappled
                 row("R1", 31.05, crewmen=3, marines=0, status="sinking", countdown=2,
                     grappled_with=["C2"]))
    state, events = surrender_checks(state)
    assert [(e["ship"], e["released"]) for e in events] == [("C1", []), ("C2", ["R1"])]
    assert [s.status for s in state.ships] == ["surrendered", "surrendered", "afloat", "sinking"]
    # C2's strike released R1, which is then grappled to nobody: it stays sinking, countdown 2.
    assert state.require("R1").countdown == 2 and state.grapples == ()


def test_21_case_21s_combat_steps_chained_in_section_21s_order() -> None:
    """Case 21 with the movement and the ram (the other modules' steps) put in by hand: the
    positions after step 2, R2's shear and R3's ram as their triggers and results. The dice
    left are §21's items 3.1, 3.3, 3.4, 3.5, 3.7, 3.8, 3.9 and 3.10, in that order."""
    state = game(row("C1", 10.0, grappled_with=["R1"]), row("C2", 30.0, marines=2),
                 row("C3", 50.0, marines=2), row("R1", 11.05), row("R2", 31.1, 14.0, marines=2),
                 row("R3", 50.0, 16.5, heading=90, bowmen=1, speed=8),
                 row("R4", 54.0, 14.0, crewmen=4, bowmen=1, ballistas=1, marines=0))
    dice = ForcedDice(values=[2, 3, 4, 4, 3, 4, 5, 6, 2, 5, 4, 3, 3, 3, 5, 5, 5, 2, 2, 1, 3, 3])
    state, _ = break_away(state, "carthage", [Targets("C1", "BREAK", ("R1",))], dice)
    # Step 2 by hand: C3 rams R3 (marked), C2 ends at (30, 14) after shearing R2.
    state = state.with_ship(replace(state.require("C3"), y=14.0, mode="ram", speed=80))
    state = state.with_ship(replace(state.require("C2"), y=14.0, mode="cruise", speed=40))
    state = record_trigger(state.with_ship(replace(state.require("R2"), sheared=1)), "R2",
                           "sheared")
    state, _ = checkpoint(state, "M1", dice)
    state, _ = fire_lines(state, "rome", [Targets("R4", "BALLISTA", ("C3",)),
                                          Picking("R3", "BOW", ("C3",)),
                                          Picking("R4", "BOW", ("C3",))], dice)
    state, _ = checkpoint(state, "M2", dice)
    # Step 6 by hand: the ram holds, R3's countdown is 2.
    state = state.with_ship(replace(state.require("R3"), status="sinking", countdown=2,
                                    countdown_skip=True))
    state = record_trigger(state, "R3", "rammed")
    state, _ = checkpoint(state, "M3", dice)
    state, _ = throw_lines(state, "carthage", [Targets("C2", "GRAPPLE", ("R2",))], dice)
    state, _ = melee_all(state, "carthage", [melee("C2", "R2")], dice)
    state, events = checkpoint(state, "M4", dice)
    dice.finish()
    assert purposes(dice) == (
        ["break C1 (from R1)"] * 2 + ["morale M1 R2"] * 2 + ["ballista R4 1 (at C3)"] * 2
        + ["bow R3 (at C3)", "bow R4 (at C3)", "pick R4 (at C3)", "pick C3 (from R4)"]
        + ["morale M2 C3"] * 2 + ["morale M3 R3"] * 2 + ["grapple C2 (at R2)"] * 2
        + ["melee C2 mar (at R2)"] * 2 + ["save R2 mar (from C2)", "melee C1 mar (at R1)"]
        + ["morale M4 R2"] * 2)
    assert state.grappled_with("C1") == ("R1",) and state.grappled_with("C2") == ("R2",)
    assert state.require("C3").crew.marines == 0 and state.require("R4").ballistas == (2,)
    assert state.require("R2").crew.marines == 1
    assert [e["ship"] for e in events] == ["R2"]
    assert not any(ship.routed for ship in state.ships)


def test_12_4_duty_to_the_oars_clears_the_deck_and_the_ship_strikes_in_step_11() -> None:
    # Case 12.4: C1 melees R1 with its one deck crewman (the DUTY waits for step 11): 1 misses.
    # Step 11: the duty change sends it to the oars; the surrender check then strikes C1.
    state = game(row("C1", 20.0, crewmen=3, oars=2, marines=0, grappled_with=["R1"]),
                 row("R1", 21.05))
    dice = ForcedDice(values=[1])
    state, events = melee_all(state, "carthage", [], dice)
    dice.finish()
    assert purposes(dice) == ["melee C1 deck (at R1)"] and state.require("C1").status == "afloat"
    c1 = state.require("C1")
    state = state.with_ship(replace(c1, crew=c1.crew.with_duty(1, "oar")))
    state, events = surrender_checks(state)
    assert state.require("C1").crew.oar == 3 and state.require("C1").status == "surrendered"
    assert state.grapples == () and events[0]["released"] == ["R1"]
