"""Corvus drops at the end of movement (rulings §11), worked by hand from the 11.0 cases of
tests/cases/speed-band. A quinquereme heading 0 at (40, 10) has its bow point at (40, 12.5)."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.corvus import drop_all
from pbem.rules.speedband.orders import Corvus
from pbem.rules.speedband.state import CORVUS, LINE, GameState, Player, Ship, new_ship
from pbem.rules.speedband.switches import Options, parse_options


def game(*ships: Ship, options: Options | None = None) -> GameState:
    return GameState(ships, (Player("romans", "romans"),
                             Player("carthaginians", "carthaginians")), options or Options())


def quin(ship_id: str = "R1", x: float = 40.0, **changes: object) -> Ship:
    changes.setdefault("corvus", True)
    return new_ship(ship_id, "", "quinquereme", "romans", x, 10.0, 0, **changes)


def trireme(ship_id: str, x: float, y: float, heading: int = 90, **changes: object) -> Ship:
    side = "romans" if ship_id.startswith("R") else "carthaginians"
    return new_ship(ship_id, "", "trireme", side, x, y, heading, **changes)


def test_a_drop_within_one_inch_and_not_beyond() -> None:
    # 11.0_corvus_drops_within_one_inch: C1 (heading 90) spans y 13.5..14.5: 1.0 from the bow
    # point, zone B: drop. C2 at y 14.0015: 1.0015 > 1 + ε: none.
    state = game(quin(), quin("R2", 10.0), trireme("C1", 40.0, 14.0),
                 trireme("C2", 10.0, 14.0015))
    after, events = drop_all(state, {"R1": Corvus(("C1",)), "R2": Corvus(("C2",))})
    (dropped,) = events
    assert dropped.kind == "corvus" and (dropped["ship"], dropped["target"]) == ("R1", "C1")
    assert dropped["distance"] == pytest.approx(1.0) and dropped["zone"] == "B"
    assert dropped["replaced_line"] is False
    link = after.link("R1", "C1")
    assert link is not None and link.kind == CORVUS and link.thrower == "R1"
    assert after.require("R1").corvus_holds == "C1" and after.require("R2").corvus_holds == ""
    assert after.linked_with("C2") == ()
    assert after.record.revealed == (("R1", "corvus"),)


def test_the_reach_switch() -> None:
    state = game(quin("R2", 10.0), trireme("C2", 10.0, 14.0015),
                 options=parse_options({"corvus_reach": "1.5"}))
    assert drop_all(state, {"R2": Corvus(("C2",))})[0].require("R2").corvus_holds == "C2"


def test_not_across_the_stern_the_next_listed_that_qualifies() -> None:
    # 11.0_corvus_not_across_the_stern: C1 heading 0 at (40, 15): 0.5 away but in zone D;
    # C2 at (41.3, 13): 0.8 away, zone C: drop on C2.
    state = game(quin(), trireme("C1", 40.0, 15.0, 0), trireme("C2", 41.3, 13.0, 0))
    after, events = drop_all(state, {"R1": Corvus(("C1", "C2"))})
    assert [e["target"] for e in events] == ["C2"]
    assert events[0]["zone"] == "C" and events[0]["distance"] == pytest.approx(0.8)
    assert after.linked_with("C1") == () and after.linked_with("C2") == ("R1",)


def test_only_on_a_ship_at_a_dead_stop() -> None:
    # 11.0_corvus_not_on_a_moving_target: C1 backed 1" to (39, 14): 1.0 away but moving.
    moving = game(quin(), trireme("C1", 39.0, 14.0, written_speed=-10))
    assert drop_all(moving, {"R1": Corvus(("C1",))}) == (moving, ())
    forward = game(quin(), trireme("C1", 40.0, 14.0, written_speed=50))
    assert drop_all(forward, {"R1": Corvus(("C1",))})[1] == ()
    dead = game(quin(), trireme("C1", 40.0, 14.0, written_speed=50, dead_in_water=True))
    assert drop_all(dead, {"R1": Corvus(("C1",))})[1] != ()


def test_a_grappled_target_is_stopped_and_the_corvus_replaces_the_line() -> None:
    state = game(quin(), trireme("C1", 40.0, 14.0, written_speed=50))
    state = state.with_link("C1", "R1", LINE)
    after, events = drop_all(state, {"R1": Corvus(("C1",))})
    assert events[0]["replaced_line"] is True
    assert len(after.links) == 1 and after.links[0].kind == CORVUS
    assert after.links[0].thrower == "R1"


def test_a_held_target_takes_a_corvus_from_each_ship_in_turn() -> None:
    # C1 wrote 5 but R1's line holds it (a dead stop); R1's corvus replaces the line, and
    # R2's then drops too: C1 is held by a corvus now.
    state = game(quin(), quin("R2", 42.0), trireme("C1", 41.0, 14.0, written_speed=50))
    state = state.with_link("R1", "C1", LINE)
    after, events = drop_all(state, {"R1": Corvus(("C1",)), "R2": Corvus(("C1",))})
    assert [(e["ship"], e["target"]) for e in events] == [("R1", "C1"), ("R2", "C1")]
    assert after.linked_with("C1") == ("R1", "R2")


def test_scenario_order_not_the_order_of_the_wishes() -> None:
    # Both corvus ships want C1 at rest; R1 (listed first) drops, then R2 drops too (it is a
    # different pair), whatever the mapping's order.
    state = game(quin(), quin("R2", 42.0), trireme("C1", 41.0, 14.0))
    events = drop_all(state, {"R2": Corvus(("C1",)), "R1": Corvus(("C1",))})[1]
    assert [e["ship"] for e in events] == ["R1", "R2"]


@pytest.mark.parametrize("dropper", [
    quin(corvus=False),
    quin(corvus_holds="C9"),
    quin(status="fleeing"),
    quin(status="surrendered"),
])
def test_the_corvus_ship_must_carry_a_free_corvus_and_be_afloat(dropper: Ship) -> None:
    state = game(dropper, trireme("C1", 40.0, 14.0))
    assert drop_all(state, {"R1": Corvus(("C1",))})[1] == ()


@pytest.mark.parametrize("target", [
    trireme("R2", 40.0, 14.0),                              # a friend
    trireme("C1", 40.0, 14.0, status="sunk"),
    trireme("C1", 40.0, 14.0, status="captured"),
])
def test_the_target_must_be_an_enemy_afloat_or_fleeing(target: Ship) -> None:
    state = game(quin(), target)
    assert drop_all(state, {"R1": Corvus((target.id,))})[1] == ()


def test_a_fleeing_target_qualifies() -> None:
    state = game(quin(), trireme("C1", 40.0, 14.0, status="fleeing"))
    assert drop_all(state, {"R1": Corvus(("C1",))})[1] != ()


def test_not_when_the_target_already_holds_the_pair_by_its_own_corvus() -> None:
    c1 = new_ship("C1", "", "quinquereme", "carthaginians", 40.0, 14.0, 90, corvus=True,
                  corvus_holds="R1")
    state = game(quin(), c1).with_link("C1", "R1", CORVUS)
    assert drop_all(state, {"R1": Corvus(("C1",))})[1] == ()


def test_an_unknown_id_is_passed_over() -> None:
    state = game(quin(), trireme("C1", 40.0, 14.0))
    events = drop_all(state, {"r1": Corvus(("C7", "c1"))})[1]
    assert [e["target"] for e in events] == ["C1"]
