"""Morale (rulings §16.1–§16.3, §15.2's fire dart, §16.2 item 6's flagship): the throw by the
lowest class aboard, the triggers since the last checkpoint, routed friends seen once, cascade
rounds with one test a ship a checkpoint, a fire-dart failure's countdown, and the dice in
§21's order. Positions and dice are the rules cases' (tests/cases/ram-cruise/15.2, 16.*)."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.ramcruise.morale import (
    admiral_trigger,
    checkpoint,
    morale_needed,
    record_trigger,
    routed_friends_in_sight,
)
from pbem.rules.ramcruise.rows import ship_from_row, sides_from_rows
from pbem.rules.ramcruise.state import COMBAT, GameState, Phase
from pbem.rules.ramcruise.switches import parse_options

SIDES = [{"id": "carthage", "home": "south"}, {"id": "rome", "home": "north"}]


def row(ship_id: str, x: float, y: float, heading: int = 0, **keys: Any) -> dict[str, Any]:
    side = "carthage" if ship_id.startswith("C") else "rome"
    return {"id": ship_id, "side": side, "class": "trireme", "x": x, "y": y, "heading": heading,
            **keys}


def game(*rows: dict[str, Any], **options: Any) -> GameState:
    opts = parse_options(options)
    ships = [ship_from_row(r, n, opts) for n, r in enumerate(rows, 1)]
    return GameState(ships=tuple(ships), sides=sides_from_rows(SIDES, ships), options=opts,
                     phase=Phase(COMBAT, 2, 1, "carthage"))


def purposes(dice: ForcedDice) -> list[str]:
    return [roll.purpose for roll in dice.log]


def run(state: GameState, name: str, values: list[int]) -> tuple[GameState, list[Any], ForcedDice]:
    dice = ForcedDice(values=values)
    state, events = checkpoint(state, name, dice)
    dice.finish()
    return state, events, dice


@pytest.mark.parametrize(("klass", "needed"), [("elite", 3), ("regular", 5), ("green", 7)])
def test_16_1_the_throw_needs_3_5_7_with_no_modifier(klass: str, needed: int) -> None:
    for total, routed in ((needed, False), (needed - 1, True)):
        state = game(row("C1", 20, 20, crewmen_class=klass), row("R1", 60, 40))
        state = record_trigger(state, "C1", "ballista")
        first = min(6, total - 1)
        state, events, _ = run(state, "M2", [first, total - first])
        assert state.require("C1").routed is routed
        assert (events[0]["needed"], events[0]["passed"]) == (needed, not routed)
        assert [e.kind for e in events] == ["morale"] + ["rout"] * routed


def test_16_1_lowest_class_among_the_types_aboard() -> None:
    # Case 16.1: C1 has elite crewmen, regular marines and no bowmen (their green does not
    # count): regular, 3 + 3 holds. C2 has a green bowman: 7+, routed. C1 then sees C2 routed but
    # has tested at M2 already: no second test; C2 joins its set.
    crews = {"crewmen": 3, "marines": 2, "crewmen_class": "elite", "bowmen_class": "green",
             "marines_class": "regular"}
    state = game(row("C1", 20, 31, bowmen=0, **crews), row("C2", 30, 31, bowmen=1, **crews),
                 row("R1", 20, 40, crewmen=4, ballistas=1), row("R2", 30, 40, crewmen=4, ballistas=1))
    state = record_trigger(record_trigger(state, "C1", "ballista"), "C2", "ballista")
    state, events, dice = run(state, "M2", [3, 3, 3, 3])
    assert (state.require("C1").routed, state.require("C2").routed) == (False, True)
    assert state.require("C1").seen_routed == {"C2"}
    assert [e["lowest_class"] for e in events if e.kind == "morale"] == ["regular", "green"]
    assert purposes(dice) == ["morale M2 C1"] * 2 + ["morale M2 C2"] * 2


def test_16_2_a_routed_friend_in_sight_is_seen_once() -> None:
    # Case 16.2: R2 (19" from routed R1) tests, 3 + 3 holds; R3 has seen R1; R4 is 29" off.
    state = game(row("C1", 36, 6), row("R1", 10, 40, 180, routed=True), row("R2", 30, 40, 180),
                 row("R3", 20, 44, 180, seen_routed=["R1"]), row("R4", 40, 40, 180))
    state, events, dice = run(state, "M1", [3, 3])
    assert purposes(dice) == ["morale M1 R2"] * 2
    assert events[0]["triggers"] == ["routed_friend"]
    assert state.require("R2").seen_routed == {"R1"} and state.require("R4").seen_routed == set()
    assert routed_friends_in_sight(state, state.require("R4")) == ()
    # Seen now: the next checkpoint tests nobody.
    state, events, _ = run(state, "M2", [])
    assert events == []


def test_16_3_cascade_rounds_each_ship_once_a_checkpoint() -> None:
    # Case 16.3: round 1 R2 (sees R1) 1 + 2 routs, R5 (sees R1) 3 + 3 holds; round 2 R3 sees the
    # new router R2: 2 + 2 routs (R5 sees R2 but has tested); round 3 R4 sees R3: 4 + 4 holds.
    state = game(row("C1", 36, 6), row("R1", 10, 40, 180, routed=True), row("R2", 30, 40, 180),
                 row("R3", 50, 40, 180), row("R4", 70, 40, 180), row("R5", 20, 30, 180))
    state, events, dice = run(state, "M1", [1, 2, 3, 3, 2, 2, 4, 4])
    assert [state.require(s).routed for s in ("R2", "R3", "R4", "R5")] == [True, True, False, False]
    assert state.require("R5").seen_routed == {"R1", "R2"}
    assert state.require("R4").seen_routed == {"R3"}
    assert [(e["ship"], e["round"]) for e in events if e.kind == "morale"] == [
        ("R2", 1), ("R5", 1), ("R3", 2), ("R4", 3)]
    assert purposes(dice) == [f"morale M1 {s}" for s in ("R2", "R2", "R5", "R5", "R3", "R3",
                                                          "R4", "R4")]


def test_16_2_item_6_the_flagship_lost_tests_the_whole_side_at_m5_once() -> None:
    # Case 16.2 (flagship): C1, carthage's flagship, has sunk in step 11. M5: C2 3 + 3 holds,
    # C3 1 + 1 routs; C2 sees C3 but has tested. Rome does not test.
    state = game({**row("C1", 36, 10), "class": "quinquereme", "admiral": True, "status": "sunk"},
                 row("C2", 26, 10), row("C3", 46, 10), row("R1", 36, 42, 180))
    state, events = admiral_trigger(state)
    assert [(e["side"], e["ship"], e["status"]) for e in events] == [("carthage", "C1", "sunk")]
    assert state.side("carthage").flagship_lost and state.half_record.flagship_fell == {"carthage"}
    # Not before M5.
    state, events, _ = run(state, "M4", [])
    assert events == []
    state, events, dice = run(state, "M5", [3, 3, 1, 1])
    assert purposes(dice) == ["morale M5 C2"] * 2 + ["morale M5 C3"] * 2
    assert events[0]["triggers"] == ["flagship"]
    assert (state.require("C2").routed, state.require("C3").routed) == (False, True)
    assert state.require("C2").seen_routed == {"C3"}
    assert state.half_record.flagship_fell == frozenset()
    # Once in the game.
    state, events = admiral_trigger(state)
    assert events == []


def test_15_2_a_failed_throw_after_a_fire_dart_sets_the_ship_on_fire() -> None:
    # Case 15.2 (fire dart): C1's crew all elite, 3+: 1 + 1 fails; its countdown d6 comes right
    # after: 4 -> 2, unmodified; not routed; its first own end of half still to be skipped.
    state = game({**row("C1", 20, 31), "class": "quinquereme", "crewmen_class": "elite"},
                 row("R1", 20, 40, crewmen=4, ballistas=1), fire_darts="on")
    state = record_trigger(state, "C1", "fire_dart")
    state, events, dice = run(state, "M2", [1, 1, 4])
    c1 = state.require("C1")
    assert (c1.status, c1.countdown, c1.countdown_skip, c1.routed) == ("sinking", 2, True, False)
    assert purposes(dice) == ["morale M2 C1", "morale M2 C1", "countdown C1 (fire dart)"]
    assert [e.kind for e in events] == ["morale", "countdown"]


@pytest.mark.parametrize(("countdown", "skip", "die", "kept", "after"), [
    (1, False, 6, "old", (1, False)),      # 1 left against 3 + the skip: the old sinks sooner
    (2, False, 1, "old", (2, False)),      # 2 against 1 + 1: equal terms keep the old
    (5, True, 1, "new", (1, True)),        # 5 + 1 against 1 + 1
    (3, False, 2, "old", (3, False)),      # 3 against 2 + 1
    (4, False, 2, "new", (2, True))])      # 4 against 2 + 1
def test_10_2_a_burning_sinking_ship_keeps_the_sooner_countdown(
        countdown: int, skip: bool, die: int, kept: str, after: tuple[int, bool]) -> None:
    state = game(row("C1", 20, 31, status="sinking", countdown=countdown, countdown_skip=skip),
                 row("R1", 20, 40))
    state = record_trigger(state, "C1", "fire_dart")
    state, events, _ = run(state, "M2", [1, 2, die])
    c1 = state.require("C1")
    assert (c1.countdown, c1.countdown_skip) == after and events[1]["kept"] == kept


def test_16_2_routed_and_surrendered_ships_do_not_test_and_triggers_are_cleared() -> None:
    state = game(row("C1", 20, 20, routed=True), row("C2", 40, 20, status="surrendered"),
                 row("C3", 60, 20, crewmen=0), row("R1", 20, 40))
    for ship in ("C1", "C2", "C3"):
        state = record_trigger(state, ship, "casualties")
    state, events, _ = run(state, "M4", [])
    assert events == [] and state.half_record.triggers == ()
    assert morale_needed(state.require("C3")) is None


def test_21_first_round_in_scenario_order_whatever_order_the_triggers_came() -> None:
    state = game(row("C1", 20, 20), row("C2", 40, 20), row("R1", 20, 40), row("R2", 40, 40))
    for ship, kind in (("R2", "rammed"), ("C2", "sheared"), ("R2", "casualties"),
                       ("C1", "casualties")):
        state = record_trigger(state, ship, kind)
    state, events, dice = run(state, "M3", [6, 6, 6, 6, 6, 6])
    assert purposes(dice) == [f"morale M3 {s}" for s in ("C1", "C1", "C2", "C2", "R2", "R2")]
    assert events[2]["triggers"] == ["rammed", "casualties"]


def test_record_trigger_and_checkpoint_refuse_unknown_names() -> None:
    state = game(row("C1", 20, 20), row("R1", 20, 40))
    with pytest.raises(ValueError, match="trigger"):
        record_trigger(state, "C1", "scared")
    with pytest.raises(ValueError, match="checkpoint"):
        checkpoint(state, "M6", ForcedDice(values=[]))


def test_16_2_only_routed_friends_on_the_table_are_seen_and_routers_see_too() -> None:
    # R1 has fled and R2 is sunk (off the table): nobody tests for them. R3 is routed and in
    # sight of R4 (tests, holds) and of routed R5, whose set takes R3 too (it never tests).
    state = game(row("C1", 36, 6), row("R1", 10, 40, 180, routed=True, status="fled"),
                 row("R2", 14, 40, 180, routed=True, status="sunk"),
                 row("R3", 30, 40, 180, routed=True), row("R4", 20, 40, 180),
                 row("R5", 40, 40, 180, routed=True))
    state, events, dice = run(state, "M1", [3, 3])
    assert purposes(dice) == ["morale M1 R4"] * 2
    assert state.require("R4").seen_routed == {"R3", "R5"}
    assert state.require("R5").seen_routed == {"R3"}
