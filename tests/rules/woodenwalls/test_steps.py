"""The Wooden Walls step engine (rulings §3, §7.5, §7.7, §7.10, §9.5, §15.5; plan §9.2, §11 q. 12,
14, 56, 57), with positions worked by hand.

A trireme (§4.1): L 1.2, W 0.3, so a = 0.6, b = 0.15, q = 0.075; shoulder u = a − q√3 = 0.4701,
hip u = −a + q = −0.525 (plan §9.2)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from pbem.rules.dice import Dice, ForcedDice
from pbem.rules.events import Event, event
from pbem.rules.table import Vec, area_polygon
from pbem.rules.woodenwalls.orders import Ahead, Astern, Hold, Rake, Turn
from pbem.rules.woodenwalls.state import FLED, FLEEING, GameState, Terrain, Wind, new_ship
from pbem.rules.woodenwalls.steps import Bump, Hooks, Resolved, carry_out
from pbem.rules.woodenwalls.switches import Options

APPROX = 1e-4


def dice(*values: int) -> ForcedDice:
    return ForcedDice(values=list(values), largest_die=20)


def game(*ships: object, **changes: object) -> GameState:
    return replace(GameState(tuple(ships)), **changes)  # type: ignore[arg-type]


def at(state: GameState, ship_id: str) -> tuple[float, float, float]:
    ship = state.require(ship_id)
    return ship.x, ship.y, ship.heading


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [item.kind for item in events]


# ---------------------------------------------------------------- turns about the pivot point (§3)


def test_pivot_at_starboard_shoulder_worked_case() -> None:
    # Plan §9.2, 3_pivot_at_starboard_shoulder: speed 2 at (9, 6) heading 0, S30 F1.
    # Q = the starboard shoulder = (9 + 0.15, 6 + 0.4701) = (9.15, 6.4701).
    # C − Q = (−0.15, −0.4701); R_30(x, y) = (x cos30 + y sin30, −x sin30 + y cos30)
    #       = (−0.1299 − 0.2350, 0.075 − 0.4071) = (−0.3650, −0.3321) → C' = (8.7850, 6.1380).
    # F1 along d(30) = (0.5, 0.8660) → (9.2850, 7.0040).
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 2))
    carried = carry_out(state, "X", (Turn(30), Ahead(1)), None, dice())
    turn = carried.events[0]
    assert turn.kind == "turn" and turn["made"] == 30
    assert turn["pivot"] == pytest.approx((9.15, 6.4701), abs=APPROX)
    assert (turn["x"], turn["y"]) == pytest.approx((8.7850, 6.1380), abs=APPROX)
    assert at(carried.state, "X") == pytest.approx((9.2850, 7.0040, 30), abs=APPROX)
    assert carried.turned and not carried.fled


def test_backing_pivots_about_the_hip_away_from_the_turn() -> None:
    # Backing S30: the port hip, Q = (9 − 0.15, 6 − 0.525) = (8.85, 5.475); C − Q = (0.15, 0.525);
    # R_30 = (0.1299 + 0.2625, −0.075 + 0.4547) = (0.3924, 0.3797) → C' = (9.2424, 5.8547).
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, "B"))
    carried = carry_out(state, "X", (Turn(30),), None, dice())
    assert at(carried.state, "X") == pytest.approx((9.2424, 5.8547, 30), abs=APPROX)


def test_stopped_pivot_about_the_centre() -> None:
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 0))
    carried = carry_out(state, "X", (Turn(-45),), None, dice())
    assert at(carried.state, "X") == pytest.approx((9, 6, 315), abs=1e-9)


def test_stopped_pivot_beam_mid() -> None:
    # stopped_pivot = beam_mid, S90: Q = (9.15, 6 + (0.4701 − 0.525)/2) = (9.15, 5.97255);
    # C − Q = (−0.15, 0.02745); R_90(x, y) = (y, −x) = (0.02745, 0.15) → (9.17745, 6.12255).
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 0),
                 options=replace(Options(), stopped_pivot="beam_mid"))
    carried = carry_out(state, "X", (Turn(90),), None, dice())
    assert at(carried.state, "X") == pytest.approx((9.17745, 6.12255, 90), abs=APPROX)


def test_each_turn_step_takes_its_own_pivot_point() -> None:
    # q. 56: S30 then S30 at speed 2 is not one S60 about the first shoulder. The second turns about
    # the shoulder where the ship stands after the first: C' = (8.7850, 6.1380) heading 30;
    # shoulder = C' + 0.4701·d(30) + 0.15·s(30) = (8.7850 + 0.2351 + 0.1299, 6.1380 + 0.4071 − 0.075)
    # = (9.1500, 6.4701): the same world point (the shoulder does not move in a turn about it), so
    # two S30 equal one S60 here: R_60(−0.15, −0.4701) = (−0.075 − 0.4071, 0.1299 − 0.2351)
    # = (−0.4821, −0.1052) → (8.6679, 6.3649).
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 2))
    carried = carry_out(state, "X", (Turn(30), Turn(30)), None, dice())
    assert at(carried.state, "X") == pytest.approx((8.6679, 6.3649, 60), abs=APPROX)


def test_rotation_stops_at_the_last_clear_substep() -> None:
    # X stopped at (9, 6), pivoting S45 about its centre; Y alongside to the east at (9.62, 6),
    # heading 0: its port beam edge is x = 9.47 for y in [5.475, 6.4701]. X's starboard bow corner
    # (u 0.6, v 0.075) lies r = √(0.6² + 0.075²) = 0.60467 from C at 7.125° east of north; turned θ
    # it stands at x = 9 + 0.60467·sin(7.125 + θ): at θ = 43.5, sin 50.625 = 0.77301 → 9.46742
    # (clear); at θ = 44.0, sin 51.125 = 0.77848 → 9.47072, 0.0007 into Y (> ε): it stops at 43.5,
    # the corner at y = 6 + 0.60467·cos 50.625 = 6.3839, on Y's beam. The segment goes on (§7.5).
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 0), new_ship("Y", "trireme", "b", 9.62, 6, 0, 0))
    carried = carry_out(state, "X", (Turn(45), Hold()), None, dice())
    turn = carried.events[0]
    assert turn["made"] == 43.5 and turn["blocked_by"] == "Y"
    assert at(carried.state, "X") == pytest.approx((9, 6, 43.5), abs=1e-9)


def test_rotation_stopped_by_the_table_edge() -> None:
    # X stopped at (0.5, 6), P90 about its centre: the port bow corner (r 0.60467, 7.125° west of
    # north) stands at x = 0.5 − 0.60467·sin(7.125 + θ): θ = 48.5, sin 55.625 = 0.82540 → 0.00090
    # (on the table); θ = 49, sin 56.125 = 0.83025 → −0.00204 (< −ε, off). Made −48.5 → 311.5.
    state = game(new_ship("X", "trireme", "a", 0.5, 6, 0, 0))
    carried = carry_out(state, "X", (Turn(-90),), None, dice())
    assert carried.events[0]["made"] == -48.5
    assert carried.events[0]["blocked_by"] == "edge"
    assert at(carried.state, "X")[2] == 311.5


# ---------------------------------------------------------------- oversteer (§7.10, q. 14)


def test_oversteer_repeats_the_turn_about_the_same_point() -> None:
    # Stiff wind towards 90; heading 70, S30 passes 90 (0 < 20 ≤ 30): a d6, 6 oversteers.
    # Q = C + 0.4701·d(70) + 0.15·s(70), d(70) = (0.93969, 0.34202), s(70) = (0.34202, −0.93969):
    # Q = (9 + 0.44175 + 0.05130, 6 + 0.16078 − 0.14095) = (9.49305, 6.01983). Two turns of 30 about
    # Q: R_60(C − Q) = R_60(−0.49305, −0.01983) = (−0.24653 − 0.01717, 0.42699 − 0.00992)
    # = (−0.26370, 0.41707) → (9.22935, 6.43690), heading 130. The repeat takes no die.
    state = game(new_ship("X", "trireme", "a", 9, 6, 70, 2), wind=Wind("stiff", 90))
    rolled = dice(6)
    carried = carry_out(state, "X", (Turn(30),), None, rolled)
    assert [(roll.purpose, roll.sides) for roll in rolled.log] == [("oversteer X", 6)]
    assert kinds(carried.events) == ["turn", "oversteer"]
    assert carried.events[1]["repeated"] and carried.events[1]["made"] == 30
    assert at(carried.state, "X") == pytest.approx((9.22935, 6.43690, 130), abs=APPROX)


@pytest.mark.parametrize(("strength", "die", "repeats"), [("stiff", 5, False), ("strong", 5, True),
                                                          ("strong", 4, False)])
def test_oversteer_die_by_strength(strength: str, die: int, repeats: bool) -> None:
    state = game(new_ship("X", "trireme", "a", 9, 6, 70, 2), wind=Wind(strength, 90))
    carried = carry_out(state, "X", (Turn(30),), None, dice(die))
    assert at(carried.state, "X")[2] == (130 if repeats else 100)


@pytest.mark.parametrize(("heading", "turn", "rolls"), [
    (60, 30, True),     # ends on the line: end included
    (90, 30, False),    # starts on the line: start excluded
    (280, -20, True),   # to port through 270, the line's other heading
    (0, 30, False),     # does not reach 90
])
def test_oversteer_die_only_when_the_line_is_passed(heading: float, turn: float, rolls: bool) -> None:
    state = game(new_ship("X", "trireme", "a", 9, 6, heading, 2), wind=Wind("stiff", 90))
    rolled = dice(*([1] if rolls else []))
    carry_out(state, "X", (Turn(turn),), None, rolled)
    assert len(rolled.log) == (1 if rolls else 0)


def test_no_oversteer_die_in_a_light_wind() -> None:
    state = game(new_ship("X", "trireme", "a", 9, 6, 70, 2), wind=Wind("light", 90))
    rolled = dice()
    carry_out(state, "X", (Turn(30),), None, rolled)
    assert rolled.log == []


# ---------------------------------------------------------------- straight steps (§7.5, §7.7)


def test_the_edge_blocks_and_voids_the_rest() -> None:
    # Bow at y = 11.6, edge 12: t_edge = 0.4 < 0.5; the ship stops at y = 11.4, the S30 never made.
    state = game(new_ship("X", "trireme", "a", 9, 11, 0, 2))
    carried = carry_out(state, "X", (Ahead(0.5), Turn(30), Ahead(0.5)), None, dice())
    assert at(carried.state, "X") == pytest.approx((9, 11.4, 0), abs=1e-9)
    assert kinds(carried.events) == ["advance", "blocked"]
    assert carried.events[1]["by"] == "edge" and not carried.turned


def test_land_blocks() -> None:
    # Land from y = 7: the bow (y 6.6) meets it after 0.4.
    land = area_polygon((Vec(8.5, 7), Vec(8.5, 8), Vec(9.5, 8), Vec(9.5, 7)))
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 2), terrain=Terrain(land=(land,)))
    carried = carry_out(state, "X", (Ahead(1),), None, dice())
    assert at(carried.state, "X")[:2] == pytest.approx((9, 6.4), abs=1e-9)
    assert carried.events[-1]["by"] == "land"


def test_a_fleeing_ship_leaves_at_the_edge_and_is_beached_on_land() -> None:
    state = game(new_ship("X", "trireme", "a", 9, 11, 0, 2, flag=FLEEING))
    carried = carry_out(state, "X", (Ahead(0.5),), None, dice())
    assert carried.fled and carried.state.require("X").status == FLED
    assert carried.events[-1].kind == "fled" and not carried.events[-1]["beached"]
    # Reaching the edge exactly at the end of the step is not fleeing (q. 57, G11).
    exact = carry_out(game(new_ship("X", "trireme", "a", 9, 11, 0, 2, flag=FLEEING)), "X",
                      (Ahead(0.4),), None, dice())
    assert not exact.fled and exact.state.require("X").y == pytest.approx(11.4)
    land = area_polygon((Vec(8.5, 7), Vec(8.5, 8), Vec(9.5, 8), Vec(9.5, 7)))
    beached = carry_out(game(new_ship("X", "trireme", "a", 9, 6, 0, 2, flag=FLEEING),
                             terrain=Terrain(land=(land,))), "X", (Ahead(1),), None, dice())
    assert beached.fled and beached.events[-1]["beached"]


def test_block_without_collision_when_already_in_contact() -> None:
    # Y across X's bow, its south beam edge at y = 6.76 − 0.15 = 6.61: 0.01 from X's bow (≤ c).
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 2), new_ship("Y", "trireme", "b", 9, 6.76, 90, 0))
    calls: list[Bump] = []
    carried = carry_out(state, "X", (Ahead(1), Turn(30)), None, dice(), Hooks(collide=_recorder(calls)))
    assert calls == []
    assert at(carried.state, "X") == pytest.approx((9, 6.01, 0), abs=1e-9)  # the bow at 6.61
    assert carried.events[-1].kind == "blocked" and carried.events[-1]["by"] == "Y"


def _recorder(calls: list[Bump], ends: bool = True, advanced: float = 0.0
              ) -> Callable[[GameState, Bump, Dice], Resolved]:
    def collide(state: GameState, bump: Bump, rolled: Dice) -> Resolved:
        calls.append(bump)
        return Resolved(state, (event("collision", mover=bump.mover, target=bump.obstacle),), ends, advanced)
    return collide


def test_a_collision_is_handed_over_with_the_advance_left() -> None:
    # Y's south beam edge at y = 6.85: X (bow 6.6) meets it after 0.25 of F0.5, then F0.5 to come:
    # advance_left = 0.25 + 0.5 = 0.75. The segment ends at the collision.
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 2), new_ship("Y", "trireme", "b", 9, 7, 90, 0))
    calls: list[Bump] = []
    carried = carry_out(state, "X", (Ahead(0.5), Ahead(0.5)), Rake("Y"), dice(),
                        Hooks(collide=_recorder(calls)))
    assert calls == [Bump("X", "Y", Rake("Y"), 0.75, False)]
    assert at(carried.state, "X")[:2] == pytest.approx((9, 6.25), abs=1e-9)
    assert kinds(carried.events) == ["advance", "collision"]


def test_after_a_shear_the_segment_goes_on_less_the_slide() -> None:
    # A resolution that does not end the segment after a slide of 0.5 (a shear, §9.3): of the 0.75
    # left, 0.25 remains. The slide took 0.5 ≥ the step's rest (0.25), so the other 0.25 comes off
    # the later F0.5, leaving F0.25 (q. 15). The stand-in moves Y away so the rest is swept clear;
    # X's slide itself is not moved by the stand-in: 6.25 + 0.25 = 6.5.
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 2), new_ship("Y", "trireme", "b", 9, 7, 90, 0))

    def collide(state: GameState, bump: Bump, rolled: Dice) -> Resolved:
        moved = state.with_ship(replace(state.require("Y"), x=15.0))
        return Resolved(moved, (), False, 0.5)

    carried = carry_out(state, "X", (Ahead(0.5), Ahead(0.5)), None, dice(), Hooks(collide=collide))
    advances = [item["step"] for item in carried.events if item.kind == "advance"]
    assert advances == ["F0.5", "F0.25"]
    assert carried.state.require("X").y == pytest.approx(6.5)


def test_failing_steps_are_dropped() -> None:
    # §7.7, §17: an F step of a stopped ship, a B step of a ship moving ahead.
    stopped = carry_out(game(new_ship("X", "trireme", "a", 9, 6, 0, 0)), "X", (Ahead(0.5),), None, dice())
    assert kinds(stopped.events) == ["failed"] and at(stopped.state, "X") == (9, 6, 0)
    ahead = carry_out(game(new_ship("X", "trireme", "a", 9, 6, 0, 2)), "X", (Astern(0.5), Ahead(0.5)),
                      None, dice())
    assert kinds(ahead.events) == ["failed", "advance"]
    backing = carry_out(game(new_ship("X", "trireme", "a", 9, 6, 0, "B")), "X", (Astern(0.5),), None, dice())
    assert at(backing.state, "X")[:2] == pytest.approx((9, 5.5))


# ---------------------------------------------------------------- the rake hand-off (§9.5, q. 18)


def _rake_state(speed: int | str) -> GameState:
    # X at speed 2 turning P45 about its port shoulder; Y alongside to the west stops the stern.
    return game(new_ship("X", "trireme", "a", 9, 6, 0, speed), new_ship("Y", "trireme", "b", 8.65, 6, 0, 0))


def test_a_rotation_stopped_by_the_raked_ship_hands_over_and_goes_on() -> None:
    raked: list[tuple[str, str]] = []

    def rake(state: GameState, mover: str, target: str, rolled: Dice) -> tuple[GameState, tuple[Event, ...]]:
        raked.append((mover, target))
        return state, (event("rake", ship=mover, target=target),)

    # Turning S45 about the starboard shoulder swings the stern to port, into Y (0.05 away).
    carried = carry_out(_rake_state(2), "X", (Turn(45), Ahead(0.5)), Rake("Y"), dice(), Hooks(rake=rake))
    assert raked == [("X", "Y")]
    assert kinds(carried.events) == ["turn", "rake", "advance"]
    assert 0 < carried.events[0]["made"] < 45
    # Not named: no rake; a backing ship never rakes (§7.7).
    raked.clear()
    carry_out(_rake_state(2), "X", (Turn(45),), Rake("Z"), dice(), Hooks(rake=rake))
    carry_out(_rake_state("B"), "X", (Turn(-45),), Rake("Y"), dice(), Hooks(rake=rake))
    assert raked == []


def test_rake_any_names_an_enemy_only() -> None:
    raked: list[str] = []

    def rake(state: GameState, mover: str, target: str, rolled: Dice) -> tuple[GameState, tuple[Event, ...]]:
        raked.append(target)
        return state, ()

    friendly = replace(_rake_state(2), ships=(new_ship("X", "trireme", "a", 9, 6, 0, 2),
                                              new_ship("Y", "trireme", "a", 8.65, 6, 0, 0)))
    carry_out(friendly, "X", (Turn(45),), Rake("ANY"), dice(), Hooks(rake=rake))
    carry_out(_rake_state(2), "X", (Turn(45),), Rake("ANY"), dice(), Hooks(rake=rake))
    assert raked == ["Y"]



