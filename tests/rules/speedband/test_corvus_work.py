"""Raising and breaking a corvus (rulings §11): three turns of uninterrupted work end the link;
firing or being fired at, a melee, or a ram attempt sets the counter back to 0."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.speedband.corvus_work import work_phase
from pbem.rules.speedband.state import (
    GameState,
    Link,
    Player,
    StandingOrders,
    TurnRecord,
    new_ship,
)
from pbem.rules.speedband.switches import Options


def held_game(raise_count: int = 0, break_count: int = 0, raise_corvus: bool = False,
              break_corvus: str = "", c1_status: str = "afloat") -> GameState:
    """R1, a quinquereme whose corvus holds the trireme C1."""
    r1 = new_ship("R1", "R1", "quinquereme", "romans", 20, 10, 0, player="romans", corvus=True,
                  corvus_holds="C1", raise_count=raise_count,
                  standing=StandingOrders(raise_corvus=raise_corvus))
    c1 = new_ship("C1", "C1", "trireme", "carthaginians", 20, 15, 90, player="carthaginians",
                  break_count=break_count, status=c1_status,
                  standing=StandingOrders(break_corvus=break_corvus))
    return GameState((r1, c1), (Player("romans", "romans"),
                                Player("carthaginians", "carthaginians")), Options(),
                     links=(Link("R1", "C1", "corvus", "R1"),))


def turns(state: GameState, count: int) -> GameState:
    for _ in range(count):
        state, _ = work_phase(state)
    return state


def test_raise_takes_three_uninterrupted_turns_and_frees_the_corvus() -> None:
    state = held_game(raise_corvus=True)
    assert turns(state, 1).require("R1").raise_count == 1
    two = turns(state, 2)
    assert two.require("R1").raise_count == 2 and two.links != ()
    after, events = work_phase(two)
    r1 = after.require("R1")
    assert after.links == () and r1.corvus and r1.corvus_holds == ""
    assert r1.raise_count == 0 and not r1.standing.raise_corvus
    assert [e.kind for e in events] == ["corvus_work", "corvus_ended"]
    assert events[1]["result"] == "raised"


def test_break_at_three_destroys_the_corvus() -> None:
    after, events = work_phase(held_game(break_count=2, break_corvus="R1"))
    r1, c1 = after.require("R1"), after.require("C1")
    assert after.links == () and not r1.corvus and r1.corvus_holds == ""
    assert c1.break_count == 0 and c1.standing.break_corvus == ""
    assert events[-1]["result"] == "destroyed" and events[-1]["by"] == "C1"


@pytest.mark.parametrize("record", [
    TurnRecord(fired=("R1",)), TurnRecord(meleed=("R1", "C1")), TurnRecord(ram_involved=("R1",)),
])
def test_an_interruption_sets_the_counter_back_to_zero(record: TurnRecord) -> None:
    state = replace(held_game(raise_count=2, raise_corvus=True), record=record)
    after, events = work_phase(state)
    assert after.require("R1").raise_count == 0 and after.links != ()
    assert events[0]["interrupted"] != ""


def test_being_fired_at_interrupts_the_held_ship_but_not_the_other() -> None:
    state = replace(held_game(raise_count=1, raise_corvus=True, break_count=1,
                              break_corvus="R1"), record=TurnRecord(fired=("C1",)))
    after, _ = work_phase(state)
    assert after.require("R1").raise_count == 2 and after.require("C1").break_count == 0


def test_without_a_standing_order_the_counter_is_zero() -> None:
    after, events = work_phase(held_game(raise_count=2))
    assert after.require("R1").raise_count == 0 and after.links != () and events == ()


def test_a_fleeing_held_ship_works_to_break_free_without_an_order() -> None:
    after, events = work_phase(held_game(break_count=2, c1_status="fleeing"))
    assert after.links == () and not after.require("R1").corvus
    assert events[0]["verb"] == "break"


def test_an_order_whose_link_has_ended_ends_too() -> None:
    state = replace(held_game(raise_count=2, raise_corvus=True), links=())
    after, _ = work_phase(state)
    assert after.require("R1").raise_count == 0 and not after.require("R1").standing.raise_corvus


def test_raise_and_break_finishing_together_go_in_scenario_order() -> None:
    # R1 (listed first) raises its corvus; C1's BREAK then has no link: the corvus survives.
    after, events = work_phase(held_game(raise_count=2, raise_corvus=True, break_count=2,
                                         break_corvus="R1"))
    assert after.require("R1").corvus and after.links == ()
    assert after.require("C1").break_count == 0
    assert [e["result"] for e in events if e.kind == "corvus_ended"] == ["raised"]
