"""Moving one ship along its path (movement.py; rulings §6.2–§6.4, G10, G11, G13, G15, G17,
G18), every number worked by hand to 0.01".

The usual picture: triremes (4" × 1", turn angle 45°) on the 72 × 48 table, R1 at (20, 10)
heading 0, so its bow edge is at y 12 and its sides at x 19.5 and 20.5. A trireme heading 90
at (x, 20) lies over x − 2 … x + 2 and y 19.5 … 20.5.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.speedband.movement import (
    BLOCKED,
    DONE,
    EDGE,
    FLED_OFF,
    GRAPPLED,
    Ram,
    Rules,
    move_path,
    turn,
)
from pbem.rules.speedband.orders import AIM, BACKWARD, FORWARD, PORT, STARBOARD, Grapple, Step
from pbem.rules.speedband.state import (
    FLED,
    FLEEING,
    SUNK,
    Front,
    GameState,
    Phase,
    Player,
    Ship,
    StandingOrders,
    new_ship,
)
from pbem.rules.speedband.switches import Options

NO_WISHES = Rules({})


def game(*ships: Ship) -> GameState:
    players = (Player("romans", "romans"), Player("carthaginians", "carthaginians"))
    return GameState(ships, players, Options(), phase=Phase("orders", 2))


def trireme(ship_id: str, x: float, y: float, heading: int, **changes: object) -> Ship:
    side = "romans" if ship_id.startswith("R") else "carthaginians"
    return new_ship(ship_id, ship_id, "trireme", side, x, y, heading, **changes)


def r1(**changes: object) -> Ship:
    return trireme("R1", 20.0, 10.0, 0, written_speed=80, band="cruise", **changes)


def f(inches: float) -> Step:
    return Step(FORWARD, round(inches * 10))


def where(state: GameState, ship_id: str) -> tuple[float, float, int]:
    ship = state.require(ship_id)
    return round(ship.x, 2), round(ship.y, 2), ship.heading


def kinds(events: tuple[object, ...]) -> list[str]:
    return [event.kind for event in events]  # type: ignore[attr-defined]


# --- straight steps (§6.2) --------------------------------------------------------------------


def test_straight_ahead_moves_the_whole_step_and_reports_it() -> None:
    moved = move_path(game(r1()), "R1", (f(8),), NO_WISHES, ForcedDice())
    assert (moved.stopped, moved.by) == (DONE, "")
    assert where(moved.state, "R1") == (20.0, 18.0, 0)
    (told,) = moved.events
    assert told.kind == "move"
    assert (told["path"], told["start_y"], told["end_y"], told["stopped"]) == ("F8", 10.0, 18.0, "")


def test_straight_at_45_degrees_moves_along_d_h() -> None:
    # d(45) = (0.7071, 0.7071): 8" takes the centre 5.657" east and north.
    state = game(replace(r1(), heading=45))
    moved = move_path(state, "R1", (f(3), f(5)), NO_WISHES, ForcedDice())
    assert where(moved.state, "R1") == (25.66, 15.66, 45)
    assert moved.events[0]["path"] == "F3 F5"


def test_backing_moves_astern() -> None:
    # Heading 90 (east), B2: the centre goes 2" west.
    state = game(replace(r1(), heading=90, written_speed=-20, band="back"))
    moved = move_path(state, "R1", (Step(BACKWARD, 20),), NO_WISHES, ForcedDice())
    assert where(moved.state, "R1") == (18.0, 10.0, 90)


# --- turns (§3.3, §6.3, G17) ------------------------------------------------------------------


def test_turns_at_the_type_angle_pivot_about_the_centre() -> None:
    # F2 to (20, 12); S45 in place; F6 along d(45): (20 + 4.243, 12 + 4.243).
    moved = move_path(game(r1()), "R1", (f(2), Step(STARBOARD, 45), f(6)), NO_WISHES,
                      ForcedDice())
    assert moved.stopped == DONE
    assert where(moved.state, "R1") == (24.24, 16.24, 45)
    # To port from heading 10 by 30 goes through north to 340.
    state = game(replace(r1(), heading=10))
    turned = turn(state, "R1", Step(PORT, 30), NO_WISHES, ForcedDice())
    assert where(turned.state, "R1") == (20.0, 10.0, 340) and turned.events == ()


def test_a_turn_into_another_ship_is_not_made() -> None:
    # C1 lies 0.2" off R1's starboard side (x 20.7 … 21.7). At 45° R1's bow-starboard corner
    # would be at (21.77, 11.06): across C1, so R1 is blocked at heading 0.
    state = game(r1(), trireme("C1", 21.2, 10.0, 0))
    moved = move_path(state, "R1", (Step(STARBOARD, 45), f(8)), NO_WISHES, ForcedDice())
    assert (moved.stopped, moved.by) == (BLOCKED, "C1")
    assert where(moved.state, "R1") == (20.0, 10.0, 0)
    assert kinds(moved.events) == ["move", "blocked"]
    assert moved.events[1]["by"] == "C1"
    # The stern swings out as far (to x 21.77 at 315°), so a port turn is blocked too.
    other = move_path(state, "R1", (Step(PORT, 45),), NO_WISHES, ForcedDice())
    assert (other.stopped, where(other.state, "R1")) == (BLOCKED, (20.0, 10.0, 0))
    # With C1 from x 21.8 (centre 22.3) the corner clears it by 0.03" and the turn is made.
    clear = game(r1(), trireme("C1", 22.3, 10.0, 0))
    made = move_path(clear, "R1", (Step(STARBOARD, 45),), NO_WISHES, ForcedDice())
    assert made.stopped == DONE and where(made.state, "R1") == (20.0, 10.0, 45)


def test_a_turn_off_the_table_blocks_but_a_fleeing_ship_leaves() -> None:
    # Centre 1" from the west edge: at heading 315 the bow-port corner is 1.77" west of the
    # centre, x = −0.77, off the table.
    state = game(replace(r1(), x=1.0))
    moved = turn(state, "R1", Step(PORT, 45), NO_WISHES, ForcedDice())
    assert (moved.stopped, where(moved.state, "R1")) == (EDGE, (1.0, 10.0, 0))
    assert moved.events[0]["by"] == "edge"
    fleeing = game(replace(r1(), x=1.0, status=FLEEING))
    left = turn(fleeing, "R1", Step(PORT, 45), NO_WISHES, ForcedDice())
    assert left.stopped == FLED_OFF and left.state.require("R1").status == FLED
    assert [(e.kind, e["x"], e["y"]) for e in left.events] == [("fled", 1.0, 10.0)]


def test_the_aim_step_turns_towards_the_ram_target() -> None:
    # C1 dead astern: bearing 180, Δ = −180, which turns to port, capped at 45 → 315.
    state = game(r1(), trireme("C1", 20.0, 4.0, 0))
    aimed = turn(state, "R1", Step(AIM), Rules({}, Ram("C1", "ignore")), ForcedDice())
    assert where(aimed.state, "R1") == (20.0, 10.0, 315)
    # C1 at (23, 14): bearing atan2(3, 4) = 36.87°, within the angle: rounded, S37.
    state = game(r1(), trireme("C1", 23.0, 14.0, 90))
    aimed = turn(state, "R1", Step(AIM), Rules({}, Ram("C1", "ignore")), ForcedDice())
    assert aimed.state.require("R1").heading == 37
    # The target gone: the ram has lapsed and A turns 0°.
    gone = game(r1(), trireme("C1", 20.0, 4.0, 0, status=SUNK))
    aimed = turn(gone, "R1", Step(AIM), Rules({}, Ram("C1", "ignore")), ForcedDice())
    assert where(aimed.state, "R1") == (20.0, 10.0, 0) and aimed.events == ()


# --- contacts (§6.2, G10, G15) ----------------------------------------------------------------


def test_a_collision_stops_the_mover_at_contact() -> None:
    # C1 across R1's path, its south side at y 19.5: R1's bow (y 12) meets it after 7.5".
    state = game(r1(), trireme("C1", 20.0, 20.0, 90))
    moved = move_path(state, "R1", (f(8), Step(STARBOARD, 45)), NO_WISHES, ForcedDice())
    assert (moved.stopped, moved.by) == (BLOCKED, "C1")
    assert where(moved.state, "R1") == (20.0, 17.5, 0)  # the turn after it is void
    blocked = moved.events[1]
    assert (blocked.kind, blocked["by"], blocked["y"]) == ("blocked", "C1", 17.5)
    assert moved.events[0]["stopped"] == "blocked" and moved.events[0]["by"] == "C1"
    # Touching exactly at the end of the step counts (G15): F7.5 ends in contact.
    touch = move_path(state, "R1", (f(7.5), Step(STARBOARD, 45)), NO_WISHES, ForcedDice())
    assert touch.stopped == BLOCKED and where(touch.state, "R1") == (20.0, 17.5, 0)
    # One tenth short there is no contact and the turn is made.
    short = move_path(state, "R1", (f(7.4),), NO_WISHES, ForcedDice())
    assert short.stopped == DONE and where(short.state, "R1") == (20.0, 17.4, 0)


@pytest.mark.parametrize("order", [("R1", "C1", "C2"), ("R1", "C2", "C1")])
def test_two_contacts_at_one_moment_block_on_the_first_in_scenario_order(
        order: tuple[str, ...]) -> None:
    # C1 over x 16 … 20 and C2 over x 20 … 24, touching at x 20, both with their south sides at
    # y 19.5: R1 (x 19.5 … 20.5) meets both after 7.5".
    ships = {"R1": r1(), "C1": trireme("C1", 18.0, 20.0, 90), "C2": trireme("C2", 22.0, 20.0, 90)}
    state = game(*(ships[ship_id] for ship_id in order))
    moved = move_path(state, "R1", (f(8),), NO_WISHES, ForcedDice())
    assert moved.by == order[1] and where(moved.state, "R1") == (20.0, 17.5, 0)


def test_a_friend_blocks_too_and_nothing_else_moves() -> None:
    state = game(r1(), trireme("R2", 20.0, 20.0, 90))
    moved = move_path(state, "R1", (f(8),), NO_WISHES, ForcedDice())
    assert moved.by == "R2" and where(moved.state, "R2") == (20.0, 20.0, 90)


# --- reach events (§6.2, §10.1, G13, G15) -----------------------------------------------------


def reach_picture(c2_speed: int) -> GameState:
    # C1 across the path (x 16.5 … 20.5, south side y 19.5): contact after 7.5". C2 heading 0
    # at (22, 21.5), x 21.5 … 22.5, stern at y 19.5: 1" from R1's starboard side, so the pair
    # first comes within 1" when R1's bow reaches y 19.5, also after 7.5". R1 wants C2 only.
    return game(r1(), trireme("C1", 18.5, 20.0, 90),
                trireme("C2", 22.0, 21.5, 0, written_speed=c2_speed,
                        standing=StandingOrders(cut="none")))


def test_a_grapple_at_the_moment_of_a_contact_comes_first_and_holds() -> None:
    dice = ForcedDice(values=[1])  # speeds 8 and 8: any d10 beats 0
    moved = move_path(reach_picture(80), "R1", (f(8),), Rules({"R1": Grapple(("C2",))}), dice)
    assert (moved.stopped, moved.by) == (GRAPPLED, "C2")
    assert where(moved.state, "R1") == (20.0, 17.5, 0)
    assert kinds(moved.events) == ["move", "grapple"]
    assert moved.state.held("R1") and moved.state.link("R1", "C2") is not None


def test_a_failed_grapple_at_the_moment_of_a_contact_is_then_blocked() -> None:
    dice = ForcedDice(values=[4])  # speeds 8 and 6: the d10 must beat 4
    moved = move_path(reach_picture(60), "R1", (f(8),), Rules({"R1": Grapple(("C2",))}), dice)
    assert (moved.stopped, moved.by) == (BLOCKED, "C1")
    assert kinds(moved.events) == ["move", "grapple", "blocked"]
    assert moved.events[1]["success"] is False and moved.events[1]["roll"] == 4
    assert where(moved.state, "R1") == (20.0, 17.5, 0)
    assert dice.used == 1


@pytest.mark.parametrize("order", [("R1", "C2", "C3"), ("R1", "C3", "C2")])
def test_reach_events_at_one_moment_go_in_scenario_order(order: tuple[str, ...]) -> None:
    # C2 1" off R1's starboard side and C3 1" off its port side, both sterns at y 19.5: both
    # pairs come within 1" after 7.5". Both tries fail (8 against 6: a d10 of 1 is not over 4)
    # and R1 goes on to y 18.
    ships = {"R1": r1(), "C2": trireme("C2", 22.0, 21.5, 0, written_speed=60),
             "C3": trireme("C3", 18.0, 21.5, 0, written_speed=60)}
    dice = ForcedDice(values=[1, 1])
    moved = move_path(game(*(ships[ship_id] for ship_id in order)), "R1", (f(8),),
                      Rules({"R1": Grapple()}), dice)
    assert moved.stopped == DONE and where(moved.state, "R1") == (20.0, 18.0, 0)
    assert [roll.purpose for roll in dice.log] == [f"grapple R1 on {order[1]}",
                                                   f"grapple R1 on {order[2]}"]


# --- the table edge (§6.2, G11) ---------------------------------------------------------------


def test_the_edge_stops_a_ship_where_its_first_corner_reaches_it() -> None:
    # Heading 90 from (60, 10): the bow corners at x 62 reach x 72 after 10" of the 12.
    state = game(replace(r1(), x=60.0, heading=90, written_speed=110, band="ram"))
    moved = move_path(state, "R1", (f(11),), NO_WISHES, ForcedDice())
    assert (moved.stopped, moved.by) == (EDGE, "")
    assert where(moved.state, "R1") == (70.0, 10.0, 90)
    assert moved.events[1]["by"] == "edge" and moved.events[1]["x"] == 70.0
    # Exactly reaching the edge at the end of the step is not passing it.
    exact = move_path(state, "R1", (f(10),), NO_WISHES, ForcedDice())
    assert exact.stopped == DONE and where(exact.state, "R1") == (70.0, 10.0, 90)


def test_the_edge_at_45_degrees_is_met_by_the_bow_port_corner() -> None:
    # From (60, 40) heading 45 the bow-port corner is (1.061, 1.768) off the centre: it reaches
    # y 48 when the centre is at y 46.23 (x 66.23), after 8.81" of the 10.
    state = game(replace(r1(), x=60.0, y=40.0, heading=45, written_speed=100, band="battle"))
    moved = move_path(state, "R1", (f(10),), NO_WISHES, ForcedDice())
    assert moved.stopped == EDGE and where(moved.state, "R1") == (66.23, 46.23, 45)


def test_a_fleeing_ship_leaves_the_table_at_the_edge() -> None:
    # Its melee front with C1 (they fought last turn) ends with it (§6.2).
    state = replace(game(replace(r1(), x=60.0, heading=90, status=FLEEING),
                         trireme("C1", 30.0, 30.0, 0)), fronts=(Front("R1", "C1", -1),))
    moved = move_path(state, "R1", (f(11),), NO_WISHES, ForcedDice())
    assert moved.stopped == FLED_OFF and moved.state.fronts == ()
    ship = moved.state.require("R1")
    assert ship.status == FLED and round(ship.x, 2) == 70.0
    assert [(e.kind, round(e["x"], 2)) for e in moved.events[1:]] == [("fled", 70.0)]
    assert moved.events[0]["stopped"] == "fled"


# --- more of one moment: lines cut at once, lines thrown at the mover, the ram (§6.2, §6.4) ---


def test_a_line_cut_at_once_lets_the_mover_carry_on_to_its_contact() -> None:
    # R1's line lands (speeds 8 and 8); C2 (CUT ENEMY) cuts it at once with 10 ≤ 35
    # (5 × (2 + 2 + 3)), so R1 carries on, is at the contact with C1 and is blocked there.
    state = game(r1(), trireme("C1", 18.5, 20.0, 90),
                 trireme("C2", 22.0, 21.5, 0, written_speed=80))
    dice = ForcedDice(values=[1, 10], largest_die=100)
    moved = move_path(state, "R1", (f(8),), Rules({"R1": Grapple(("C2",))}), dice)
    assert kinds(moved.events) == ["move", "grapple", "cut", "blocked"]
    assert (moved.stopped, moved.by, where(moved.state, "R1")) == (BLOCKED, "C1", (20.0, 17.5, 0))
    assert moved.state.links == ()


def test_a_line_thrown_at_the_mover_stops_it_too() -> None:
    # Only C2 wants to grapple; its line on R1 lands and R1's cut (90 > 35) fails.
    state = game(r1(), trireme("C2", 22.0, 21.5, 0, written_speed=80))
    dice = ForcedDice(values=[1, 90], largest_die=100)
    moved = move_path(state, "R1", (f(8),), Rules({"C2": Grapple(("R1",))}), dice)
    assert (moved.stopped, moved.by, where(moved.state, "R1")) == (GRAPPLED, "C2", (20.0, 17.5, 0))
    assert [(e.kind, e.get("thrower")) for e in moved.events[1:]] == [("grapple", "C2"),
                                                                      ("cut", "C2")]


def test_the_ram_target_and_another_ship_touched_at_once_ram_first_then_block() -> None:
    # The two-contact picture with RAM C2. Impact: R1's bow-starboard corner (20.5, 19.5) and
    # C2's stern-starboard corner (20, 19.5), I = (20.25, 19.5), u = −1.75 on C2: zone C (+20).
    # Chance 40 − 8 − 0 + 20 = 52: 90 fails and R1 is blocked by C1; 10 hits for
    # 50/50 × 20 × 150 / 100 = 30% of C2's hull.
    state = game(r1(), trireme("C1", 18.0, 20.0, 90), trireme("C2", 22.0, 20.0, 90))
    failed = move_path(state, "R1", (f(8),), Rules({}, Ram("C2", "ignore")),
                       ForcedDice(values=[90], largest_die=100))
    assert kinds(failed.events) == ["move", "ram", "blocked"]
    assert (failed.events[1]["zone"], failed.events[1]["chance"]) == ("C", 52.0)
    assert (failed.stopped, failed.by, where(failed.state, "R1")) == (BLOCKED, "C1", (20.0, 17.5, 0))
    hit = move_path(state, "R1", (f(8),), Rules({}, Ram("C2", "ignore")),
                    ForcedDice(values=[10], largest_die=100))
    assert (hit.stopped, hit.by, hit.state.require("C2").hull) == ("rammed", "C2", 70)


def test_a_failed_rammer_passes_a_corner_it_clipped() -> None:
    # R1 heading 90 from (10, 20) (bow at x 12, y 19.5 … 20.5); C2 heading 0 at (18, 22.3)
    # (x 17.5 … 18.5, y 20.3 … 24.3). The bow-port corner meets C2's west side after 5.5";
    # I = (17.5, 20.4), u = −1.9: zone C, chance 40 − 11 + 20 = 49; 90 fails. The other 5.5"
    # swept with C2 ignored end at x 21, clear of C2 (x 19 … 23 against 17.5 … 18.5): R1 passes.
    state = game(replace(r1(), x=10.0, y=20.0, heading=90, written_speed=110, band="ram"),
                 trireme("C2", 18.0, 22.3, 0))
    moved = move_path(state, "R1", (f(11),), Rules({}, Ram("C2", "ignore")),
                      ForcedDice(values=[90], largest_die=100))
    assert moved.events[1]["chance"] == 49.0 and moved.events[1]["success"] is False
    assert (moved.stopped, where(moved.state, "R1")) == (DONE, (21.0, 20.0, 90))


def test_a_turn_that_ends_touching_another_ship_is_made() -> None:
    # At rest (speed 0, rotating in place) R1 turns S45 twice: at 90 it lies over x 18 … 22,
    # touching C1 (x 22 … 23) along x 22, which is allowed (G17); a third turn is not needed.
    state = game(replace(r1(), written_speed=0, band="stop"), trireme("C1", 22.5, 10.0, 0))
    moved = move_path(state, "R1", (Step(STARBOARD, 45), Step(STARBOARD, 45)), NO_WISHES,
                      ForcedDice())
    assert moved.stopped == DONE and where(moved.state, "R1") == (20.0, 10.0, 90)
    # 0.1" closer (C1 from x 21.9) the second turn would overlap it and is blocked.
    near = game(replace(r1(), written_speed=0, band="stop"), trireme("C1", 22.4, 10.0, 0))
    blocked = move_path(near, "R1", (Step(STARBOARD, 45), Step(STARBOARD, 45)), NO_WISHES,
                        ForcedDice())
    assert (blocked.stopped, blocked.by, where(blocked.state, "R1")) == (BLOCKED, "C1",
                                                                         (20.0, 10.0, 45))
