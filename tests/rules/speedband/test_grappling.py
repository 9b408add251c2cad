"""Grapple tries and lines (rulings §10.1, §10.2) and cutting them (§10.3, bulwarks from the
fronts of §13.2), worked by hand from the 10.* and 22.0 cases of tests/cases/speed-band.

The usual picture: triremes R1 at (20, 10) and C1 at (21.5, 10), both heading 0, 0.5" apart;
R1 wrote 8 and C1 6 (difference 2: the d10 must beat 4). A trireme's cut chance is
5 × (2 + 2 + 3) = 35."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.speedband.grappling import (
    cut_at_activation,
    holds_own_bulwark,
    pending,
    try_grapples,
)
from pbem.rules.speedband.orders import Grapple
from pbem.rules.speedband.state import (
    CORVUS,
    LINE,
    Front,
    GameState,
    Player,
    Ship,
    StandingOrders,
    new_ship,
)
from pbem.rules.speedband.switches import Options


def game(*ships: Ship) -> GameState:
    return GameState(ships, (Player("romans", "romans"),
                             Player("carthaginians", "carthaginians")), Options())


def ship(ship_id: str, x: float, speed: int, cut: str = "enemy", **changes: object) -> Ship:
    side = "romans" if ship_id.startswith("R") else "carthaginians"
    return new_ship(ship_id, "", "trireme", side, x, 10.0, 0, written_speed=speed,
                    standing=StandingOrders(cut=cut), **changes)


def pair(r1_cut: str = "enemy", c1_cut: str = "enemy") -> GameState:
    return game(ship("R1", 20.0, 80, r1_cut), ship("C1", 21.5, 60, c1_cut))


def d(*values: int) -> ForcedDice:
    return ForcedDice(values=list(values), largest_die=100)


R1_WANTS = {"R1": Grapple(("C1",))}
BOTH_WANT = {"R1": Grapple(("C1",)), "C1": Grapple(("R1",))}


# --- pending (§10.1)


def test_pending_needs_a_listed_enemy_afloat_or_fleeing() -> None:
    state = game(ship("R1", 20.0, 80), ship("R2", 30.0, 0), ship("C1", 21.5, 60),
                 ship("C2", 40.0, 0, status="fleeing"), ship("C3", 50.0, 0, status="sunk"))
    assert pending(state, R1_WANTS, "R1", "C1")
    assert pending(state, {"R1": Grapple(("c1",))}, "r1", "C1")        # ids in any case
    assert not pending(state, R1_WANTS, "R1", "C2")                    # not listed
    assert not pending(state, R1_WANTS, "C1", "R1")                    # C1 lists nothing
    anyone = {"R1": Grapple()}
    assert pending(state, anyone, "R1", "C2")                          # ANY; fleeing target
    assert not pending(state, anyone, "R1", "R2")                      # a friend
    assert not pending(state, anyone, "R1", "C3")                      # sunk
    assert not pending(state, {"C2": Grapple()}, "C2", "R1")          # a fleeing thrower


def test_pending_ends_once_tried_or_linked() -> None:
    state = pair()
    tried = replace(state, record=replace(state.record, grapples_tried=(("R1", "C1"),)))
    assert not pending(tried, BOTH_WANT, "R1", "C1")
    assert pending(tried, BOTH_WANT, "C1", "R1")       # one try per defender: C1 still may
    linked = state.with_link("C1", "R1", LINE)
    assert not pending(linked, BOTH_WANT, "R1", "C1")


# --- the roll (§10.2)


def test_the_d10_must_be_strictly_greater_than_twice_the_difference() -> None:
    # 10.2_grapple_needs_strictly_greater: 4 > 4 fails; C1 lists none, so no second try.
    dice = d(4)
    after, events, held = try_grapples(pair(), R1_WANTS, "R1", ["C1"], dice)
    dice.finish()
    assert not held and after.links == ()
    (tried,) = events
    assert tried.kind == "grapple" and tried["roll"] == 4 and tried["over"] == 4.0
    assert (tried["thrower"], tried["target"], tried["success"]) == ("R1", "C1", False)
    assert after.record.grapples_tried == (("R1", "C1"),)
    assert ("R1", "grapple") in after.record.revealed


def test_a_line_the_response_cut_fails_both_held() -> None:
    # 10.3_response_cut_fails_both_held: d10 5 > 4: line thrown by R1; C1's CUT ENEMY cut at
    # once: 36 > 35 fails. C1's one cut is spent: at its activation no die.
    dice = d(5, 36)
    after, events, held = try_grapples(pair(), R1_WANTS, "R1", ["C1"], dice)
    dice.finish()
    assert held
    link = after.link("R1", "C1")
    assert link is not None and link.kind == LINE and link.thrower == "R1"
    assert [e.kind for e in events] == ["grapple", "cut"]
    cut = events[1]
    assert (cut["ship"], cut["roll"], cut["chance"], cut["success"], cut["moment"]) == (
        "C1", 36, 35.0, False, "landing")
    assert after.require("C1").cut_attempted and after.record.cuts_tried == ("C1",)
    dice = d()
    later, more = cut_at_activation(after, "C1", dice)
    dice.finish()
    assert more == () and later.link("R1", "C1") is not None


def test_a_line_cut_at_once_lets_the_mover_go_on() -> None:
    # 10.3_line_cut_at_once_mover_carries_on: 5 -> line; C1 cuts on 35.
    after, events, held = try_grapples(pair(), R1_WANTS, "R1", ["C1"], d(5, 35))
    assert not held and after.links == ()
    assert events[1]["success"] is True
    assert not pending(after, R1_WANTS, "R1", "C1")   # tried this turn


def test_the_mover_tries_first_then_the_other_and_the_mover_answers_its_line() -> None:
    # 10.2_second_ship_tries_after_the_first_fails: R1 3 fails, C1 9 > 4 lands; R1's response
    # cut (CUT ENEMY) 50 > 35 fails.
    dice = d(3, 9, 50)
    after, events, held = try_grapples(pair(), BOTH_WANT, "R1", ["C1"], dice)
    dice.finish()
    assert held
    assert [(e.kind, e.get("thrower"), e["roll"]) for e in events] == [
        ("grapple", "R1", 3), ("grapple", "C1", 9), ("cut", "C1", 50)]
    assert events[2]["ship"] == "R1"
    link = after.link("R1", "C1")
    assert link is not None and link.thrower == "C1"
    assert after.record.grapples_tried == (("R1", "C1"), ("C1", "R1"))
    # At C1's activation CUT ENEMY does not cut its own line: no die.
    dice = d()
    assert cut_at_activation(after, "C1", dice)[1] == ()
    dice.finish()


def test_when_the_first_try_succeeds_the_second_is_not_rolled() -> None:
    dice = d(5, 36)  # R1's line lands, C1's response cut fails; C1's own try never comes
    after, events, _ = try_grapples(pair(), BOTH_WANT, "R1", ["C1"], dice)
    dice.finish()
    assert [e.kind for e in events] == ["grapple", "cut"]
    assert after.record.grapples_tried == (("R1", "C1"),)


def test_the_first_try_succeeding_and_cut_still_stops_the_second() -> None:
    dice = d(5, 35)
    after, events, held = try_grapples(pair(), BOTH_WANT, "R1", ["C1"], dice)
    dice.finish()
    assert not held and [e.kind for e in events] == ["grapple", "cut"]


def test_cut_none_makes_no_response_cut() -> None:
    dice = d(5)
    after, events, held = try_grapples(pair(c1_cut="none"), R1_WANTS, "R1", ["C1"], dice)
    dice.finish()
    assert held and [e.kind for e in events] == ["grapple"]
    assert not after.require("C1").cut_attempted


def test_equal_speeds_succeed_on_any_roll_but_the_die_is_rolled() -> None:
    state = game(ship("R1", 20.0, 60), ship("C1", 21.5, 60))
    dice = d(1, 100)
    _, events, held = try_grapples(state, R1_WANTS, "R1", ["C1"], dice)
    dice.finish()
    assert held and events[0]["over"] == 0.0


def test_a_ship_dead_in_the_water_or_held_counts_speed_0() -> None:
    # R1 at 8 against C1 dead in the water (written 8): difference 8, over 16: even a 10 fails.
    state = game(ship("R1", 20.0, 80), ship("C1", 21.5, 80, dead_in_water=True))
    _, events, held = try_grapples(state, R1_WANTS, "R1", ["C1"], d(10))
    assert not held and events[0]["target_speed"] == 0.0 and events[0]["over"] == 16.0
    # Both at 8 and free: any roll.
    free = game(ship("R1", 20.0, 80), ship("C1", 21.5, 80))
    assert try_grapples(free, R1_WANTS, "R1", ["C1"], d(1, 100))[2]
    # C1 held by R2's corvus counts 0 too.
    held_state = game(ship("R1", 20.0, 80), ship("R2", 23.0, 0, corvus=True),
                      ship("C1", 21.5, 80)).with_link("R2", "C1", CORVUS)
    events = try_grapples(held_state, R1_WANTS, "R1", ["C1"], d(10))[1]
    assert events[0]["target_speed"] == 0.0 and events[0]["success"] is False


def test_several_ships_in_the_order_given_and_the_held_mover_counts_0_after() -> None:
    # R1 (8) with C1 (8) then C2 (0): R1's line on C1 lands on 1 (C1 has CUT NONE); R1 is now
    # held, so against C2 both count 0 and a 1 holds again.
    state = game(ship("R1", 20.0, 80), ship("C1", 21.5, 80, "none"), ship("C2", 18.5, 0, "none"))
    wishes = {"R1": Grapple()}
    dice = d(1, 1)
    after, events, held = try_grapples(state, wishes, "R1", ["C1", "C2"], dice)
    dice.finish()
    assert held and [e["target"] for e in events] == ["C1", "C2"]
    assert events[1]["thrower_speed"] == 0.0 and events[1]["success"] is True
    assert after.linked_with("R1") == ("C1", "C2")


def test_held_reports_an_existing_link_too() -> None:
    state = pair().with_link("C1", "R1", CORVUS)
    dice = d()
    assert try_grapples(state, R1_WANTS, "R1", ["C1"], dice)[2]  # linked: nothing pending
    dice.finish()


# --- cutting at activation (§10.3)


def held_pair(r1: Ship | None = None, front: int | None = None,
              thrower: str = "C1") -> GameState:
    state = game(r1 or ship("R1", 20.0, 70, "all"), ship("C1", 21.0, 0, "none"))
    state = state.with_link(thrower, "R1" if thrower == "C1" else "C1", LINE)
    if front is not None:
        state = replace(state, fronts=(Front("R1", "C1", front),))
    return state


def test_cut_all_at_activation() -> None:
    # 10.3_cut_all_at_activation: 35 <= 35 cuts.
    dice = d(35)
    after, events = cut_at_activation(held_pair(), "R1", dice)
    dice.finish()
    assert after.links == () and after.require("R1").cut_attempted
    (cut,) = events
    assert (cut["ship"], cut["other"], cut["roll"], cut["chance"], cut["success"],
            cut["automatic"], cut["moment"]) == ("R1", "C1", 35, 35.0, True, False, "activation")
    assert cut_at_activation(after, "R1", d())[1] == ()  # one attempt a turn


def test_the_cut_chance_counts_crew_not_rowers() -> None:
    # 22.0_cut_chance_counts_crew_not_rowers: a quadreme with 1 + 2 + 2 -> 25; 26 fails.
    quad = new_ship("R1", "", "quadreme", "romans", 20.0, 10.0, 0, archers=1, soldiers=2,
                    officers=2, officers_lost=1, standing=StandingOrders(cut="all"))
    after, events = cut_at_activation(held_pair(quad), "R1", d(26))
    assert events[0]["chance"] == 25.0 and not events[0]["success"]
    assert after.link("R1", "C1") is not None and after.require("R1").cut_attempted
    assert cut_at_activation(held_pair(quad), "R1", d(25))[0].links == ()


def test_holding_both_bulwarks_cuts_with_no_die() -> None:
    # 10.3_automatic_cut_holding_both_bulwarks: front +1.
    dice = d()
    after, events = cut_at_activation(held_pair(front=1), "R1", dice)
    dice.finish()
    assert after.links == ()
    assert events[0]["automatic"] is True and events[0]["roll"] == 0


def test_no_cut_without_own_bulwark() -> None:
    # 10.3_no_cut_without_own_bulwark: front -1: no die, still held, the try not spent.
    dice = d()
    after, events = cut_at_activation(held_pair(front=-1), "R1", dice)
    dice.finish()
    assert events == () and after.link("R1", "C1") is not None
    assert not after.require("R1").cut_attempted


def test_front_zero_keeps_the_own_bulwark_so_a_die_is_rolled() -> None:
    assert cut_at_activation(held_pair(front=0), "R1", d(36))[1][0]["automatic"] is False


def test_the_second_ship_of_a_front_reads_it_the_other_way() -> None:
    # Front (R1, C1) = -1 means C1 holds R1's bulwark: C1 holds both and cuts automatically.
    state = game(ship("R1", 20.0, 0, "none"), ship("C1", 21.0, 0, "all"))
    state = replace(state.with_link("R1", "C1", LINE), fronts=(Front("R1", "C1", -1),))
    after, events = cut_at_activation(state, "C1", d())
    assert after.links == () and events[0]["automatic"] is True


def test_an_enemy_holding_the_bulwark_in_any_front_forbids_every_cut() -> None:
    state = game(ship("R1", 20.0, 0, "all"), ship("C1", 21.0, 0), ship("C2", 19.0, 0))
    state = state.with_link("C1", "R1", LINE).with_link("C2", "R1", LINE)
    state = replace(state, fronts=(Front("R1", "C1", 1), Front("R1", "C2", -1)))
    assert not holds_own_bulwark(state, "R1")
    dice = d()
    assert cut_at_activation(state, "R1", dice)[1] == ()
    dice.finish()


@pytest.mark.parametrize(("cut", "thrower", "rolled"), [
    ("enemy", "C1", True), ("enemy", "R1", False), ("all", "R1", True), ("none", "C1", False),
])
def test_the_standing_cut_order(cut: str, thrower: str, rolled: bool) -> None:
    state = held_pair(ship("R1", 20.0, 70, cut), thrower=thrower)
    dice = d(35) if rolled else d()
    events = cut_at_activation(state, "R1", dice)[1]
    dice.finish()
    assert bool(events) is rolled


def test_a_fleeing_ship_cuts_all() -> None:
    state = held_pair(ship("R1", 20.0, 70, "none", status="fleeing"), thrower="R1")
    assert cut_at_activation(state, "R1", d(1))[0].links == ()


def test_the_first_allowed_line_in_scenario_order() -> None:
    # R1 linked to C1 (its own line) and C2 (C2's): CUT ENEMY cuts C2's; CUT ALL tries C1's.
    def linked(cut: str) -> GameState:
        state = game(ship("R1", 20.0, 0, cut), ship("C1", 21.0, 0), ship("C2", 19.0, 0))
        return state.with_link("R1", "C1", LINE).with_link("C2", "R1", LINE)

    after, events = cut_at_activation(linked("enemy"), "R1", d(1))
    assert events[0]["other"] == "C2" and after.linked_with("R1") == ("C1",)
    after, events = cut_at_activation(linked("all"), "R1", d(1))
    assert events[0]["other"] == "C1" and after.linked_with("R1") == ("C2",)


def test_a_corvus_is_never_cut() -> None:
    state = game(ship("R1", 20.0, 0, "all"), ship("C1", 21.0, 0, corvus=True))
    state = state.with_link("C1", "R1", CORVUS)
    dice = d()
    after, events = cut_at_activation(state, "R1", dice)
    dice.finish()
    assert events == () and after.link("R1", "C1") is not None
