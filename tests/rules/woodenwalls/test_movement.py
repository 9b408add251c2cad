"""One Wooden Walls activation (rulings §6.2, §7.6, §12.4, §12.5, §15.5; plan §11 q. 11, 28), with
forced dice and positions worked by hand. Trireme: L 1.2, W 0.3, shoulder u 0.4701, 3 oar
sections a side."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.events import Event
from pbem.rules.woodenwalls.movement import activate, can_break, parted_links
from pbem.rules.woodenwalls.orders import Ahead, Astern, Hold, Segment, Turn
from pbem.rules.woodenwalls.rounds import LegOrders, Queue
from pbem.rules.woodenwalls.state import (
    CORVUS,
    GRAPPLE,
    RAM,
    GameState,
    Link,
    Ship,
    ShippedOars,
    Wind,
    new_ship,
)


def dice(*values: int) -> ForcedDice:
    return ForcedDice(values=list(values), largest_die=20)


def game(*ships: Ship, queue: tuple[Segment, ...] = (), links: tuple[Link, ...] = ()) -> GameState:
    orders = (LegOrders("a", queues=(Queue("X", queue),)),) if queue else ()
    return replace(GameState(ships), orders=orders, links=links)


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [item.kind for item in events]


X = new_ship("X", "trireme", "a", 9, 6, 0, 2)
# Y alongside X to starboard, beams touching at x = 9.15.
Y = new_ship("Y", "trireme", "b", 9.3, 6, 0, 0)


def test_the_queue_entry_is_carried_out_and_counted() -> None:
    # Plan §9.2: S30 F1 → (9.29, 7.00) heading 30 (worked in test_steps).
    state, events = activate(game(X, queue=(Segment((Turn(30), Ahead(1))),)), "X", "M2", 1, dice())
    ship = state.require("X")
    assert (ship.x, ship.y, ship.heading) == pytest.approx((9.2850, 7.0040, 30), abs=1e-4)
    assert ship.activations == 1 and ship.acted
    assert kinds(events) == ["activation", "turn", "advance"]
    assert events[0]["line"] == "X/1" and not events[0]["default"]


def test_turn_clamped_to_the_limit_reports_the_clamp() -> None:
    # Plan §9.2 7.4_turn_clamped_to_limit: S60 at speed 2, trireme ABLE: 45 (Faster column).
    state, events = activate(game(X, queue=(Segment((Turn(60), Ahead(1))),)), "X", "M2", 1, dice())
    assert state.require("X").heading == 45
    clamp = next(item for item in events if item.kind == "clamp")
    assert clamp["line"] == "X/1"


def test_no_entry_carries_out_the_default_segment() -> None:
    # §6.2: F1 at speed 1-4; entry 2 of a one-entry queue is none.
    state, events = activate(game(X, queue=(Segment((Hold(),)),)), "X", "M2", 2, dice())
    assert state.require("X").y == pytest.approx(7.0)
    assert events[0]["default"] and state.require("X").activations == 2


def test_stopped_ship_F_step_dropped() -> None:
    # §7.7, §17: a stopped ship's F step fails and is dropped; it does not move.
    stopped = replace(X, speed=0)
    state, events = activate(game(stopped, queue=(Segment((Ahead(1),)),)), "X", "M1", 1, dice())
    assert (state.require("X").x, state.require("X").y) == (9, 6)
    assert "failed" in kinds(events)


def test_confused_loses_the_activation_and_consumes_the_entry() -> None:
    # §7.6 item 1, q. 11: no move, no dice, the confusion ends, the activation still counts.
    rolled = dice()
    state, events = activate(game(replace(X, confused=True), queue=(Segment((Ahead(1),)),)), "X", "M1", 1,
                             rolled)
    ship = state.require("X")
    assert (ship.x, ship.y, ship.confused, ship.activations) == (9, 6, False, 1)
    assert kinds(events) == ["activation", "confused"] and rolled.log == []


def test_held_by_a_grapple_loses_a_speed_level() -> None:
    # §7.6 item 4: no BREAK: held; speed 2 → 1.
    link = Link(GRAPPLE, "Y", "X", ("Y",))
    state, events = activate(game(X, Y, queue=(Segment((Ahead(1),)),), links=(link,)), "X", "M2", 1, dice())
    assert state.require("X").speed == 1 and state.require("X").y == 6
    assert kinds(events) == ["activation", "held", "speed"]


def test_break_with_enough_oars_leaves_the_link() -> None:
    # g = 3 ≤ 3 intact starboard sections (X's contact part is its starboard beam): the link ends as
    # X starts to move, Y (the thrower) loses its grapnels; X slides north along Y (no contact).
    link = Link(GRAPPLE, "Y", "X", ("Y", "Y", "Y"))
    state, events = activate(game(X, Y, queue=(Segment((Ahead(1),), True),), links=(link,)), "X", "M2", 1,
                             dice())
    assert state.links == () and not state.require("Y").grapnels
    assert state.require("X").y == pytest.approx(7.0)
    assert "grapple" in kinds(events)


def test_break_with_too_few_oars_is_held() -> None:
    # g = 3 against 2 intact starboard sections (S2 lost; a shipped side would still count, q. 28).
    link = Link(GRAPPLE, "Y", "X", ("Y", "Y", "Y"))
    lost = replace(X, oars_lost=("S2",))
    state = game(lost, Y, queue=(Segment((Ahead(1),), True),), links=(link,))
    assert not can_break(state, "X", link)
    assert can_break(state.with_ship(replace(lost, oars_lost=(), shipped=(ShippedOars("starboard"),))), "X",
                     link)
    after, events = activate(state, "X", "M2", 1, dice())
    assert after.require("X").y == 6 and "held" in kinds(events)


def test_disengage_test_pass_ends_the_lock_and_moves() -> None:
    # §7.6 item 2: the rammer with BREAK makes a seamanship test (ABLE 5+): 5 passes, the lock ends.
    # X backs away from Y (B0.5 at speed B).
    rammer = replace(X, speed="B")
    link = Link(RAM, "X", "Y")
    rolled = dice(5)
    state, events = activate(game(rammer, Y, queue=(Segment((Astern(0.5),), True),), links=(link,)), "X",
                             "MB", 1, rolled)
    assert [(roll.purpose, roll.sides) for roll in rolled.log] == [("disengage X", 6)]
    assert state.links == () and state.require("X").revealed
    assert state.require("X").y == pytest.approx(5.5)


def test_disengage_test_fail_is_held() -> None:
    link = Link(RAM, "X", "Y")
    state, events = activate(game(X, Y, queue=(Segment((Ahead(1),), True),), links=(link,)), "X", "M2", 1,
                             dice(4))
    assert state.links == (link,) and state.require("X").speed == 1
    assert kinds(events) == ["activation", "lock", "held", "speed"]


@pytest.mark.parametrize(("die", "lifted"), [(5, True), (4, False)])
def test_corvus_lift_ends_the_activation_either_way(die: int, lifted: bool) -> None:
    # §7.6 item 3, §12.5: a d6, 5-6 the link ends; no move either way; on a failure also held.
    link = Link(CORVUS, "X", "Y")
    rolled = dice(die)
    state, events = activate(game(X, Y, queue=(Segment((Ahead(1),), True),), links=(link,)), "X", "M2", 1,
                             rolled)
    assert [(roll.purpose, roll.sides) for roll in rolled.log] == [("corvus lift X", 6)]
    assert state.require("X").y == 6
    assert (state.links == ()) == lifted
    assert state.require("X").speed == (2 if lifted else 1)


def test_oars_out_again_after_an_activation_with_no_turn() -> None:
    # §7.6: oars shipped before go out at the end of an activation whose segment made no turn.
    shipped = replace(X, shipped=(ShippedOars("starboard", 1, "M1"),))
    state, events = activate(game(shipped, queue=(Segment((Ahead(1),)),)), "X", "M2", 1, dice())
    assert state.require("X").shipped == () and events[-1].kind == "oars"
    turned, _ = activate(game(shipped, queue=(Segment((Turn(10), Ahead(1))),)), "X", "M2", 1, dice())
    assert turned.require("X").shipped_on("starboard")


def test_links_out_of_contact_end() -> None:
    # §12.1: Y touching X (0 apart) keeps its link; 0.05 apart (> c = 0.025) it ends.
    link = Link(GRAPPLE, "Y", "X", ("Y",))
    kept, none = parted_links(game(X, Y, links=(link,)), "X")
    assert kept.links == (link,) and none == ()
    apart = replace(Y, x=9.35)
    ended, events = parted_links(game(X, apart, links=(link,)), "X")
    assert ended.links == () and events[0].kind == "link"


def test_a_fleeing_ship_breaks_away_and_leaves_the_table() -> None:
    # §15.5: the judge's segment is TOWARD the nearest edge point (9, 12) at full advance with BREAK;
    # g = 1 ≤ 3 intact sections: the grapple ends; the bow (y 11.6) passes the edge after 0.4 < 1.
    fleeing = replace(X, y=11.0, flag="fleeing")
    partner = replace(Y, y=11.0)
    link = Link(GRAPPLE, "Y", "X", ("Y",))
    state, events = activate(game(fleeing, partner, queue=(Segment((Turn(-30),)),), links=(link,)), "X", "M2",
                             1, dice())
    assert state.require("X").status == "fled" and state.links == ()
    assert events[-1].kind == "fled"


def test_a_standing_off_ship_closing_on_the_enemy_goes_away_instead() -> None:
    # §15.5: X standing off at (9, 6) heading 0, the enemy Y across its bow at (9, 8.6) (its south
    # beam 1.85 from X's bow). F1 would close to 0.85: replaced by AWAY Y: the bearing to Y is 0,
    # reversed 180, Δ = 180 (in (−180, 180]) → S, capped at the limit 45 (speed 2, trireme ABLE),
    # then F1 (the maximum): S45 F1. Q = the starboard shoulder (9.15, 6.4701); R_45(−0.15, −0.4701)
    # = (−0.10607 − 0.33242, 0.10607 − 0.33242) = (−0.43849, −0.22635) → (8.71151, 6.24375);
    # F1 along (0.70711, 0.70711) → (9.41862, 6.95086).
    standing = replace(X, flag="standing_off")
    enemy = new_ship("Y", "trireme", "b", 9, 8.6, 90, 0)
    state, events = activate(game(standing, enemy, queue=(Segment((Ahead(1),)),)), "X", "M2", 1, dice())
    replaced = next(item for item in events if item.kind == "failed")
    assert replaced["replaced"] == "S45 F1"
    ship = state.require("X")
    assert (ship.x, ship.y, ship.heading) == pytest.approx((9.41862, 6.95086, 45), abs=1e-4)


def test_dice_order_break_die_then_oversteer() -> None:
    # §23: the BREAK die (disengage, 5 passes ABLE), then the turn step's oversteer die (S30 from 70
    # passes 90 in a stiff wind; 1 does not oversteer).
    rammer = replace(X, speed="B", heading=70)
    state = replace(game(rammer, replace(Y, x=3.0), queue=(Segment((Turn(30), Astern(0.25)), True),),
                         links=(Link(RAM, "X", "Y"),)), wind=Wind("stiff", 90))
    rolled = dice(5, 1)
    after, events = activate(state, "X", "MB", 1, rolled)
    assert [(roll.purpose, roll.sides) for roll in rolled.log] == [("disengage X", 6), ("oversteer X", 6)]
    assert after.require("X").heading == 100 and after.links == ()
