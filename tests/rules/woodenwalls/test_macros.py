"""Wooden Walls macros (rulings §6.2, §15.5, §17, §21; plan §11 q. 38): TOWARD and AWAY rounded down
and capped by the turn limit, a stopped ship's pivot, a backing ship's failure to the default, a
target no longer on the table, IF NEAR by footprint distance, the default segments, and §15.5's
standing-off trial and fleeing segment. Bearings worked by hand (clockwise from north)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.table import Pose, Vec
from pbem.rules.woodenwalls import macros
from pbem.rules.woodenwalls.orders import (
    Ahead,
    Astern,
    Away,
    Hold,
    IfNear,
    Ram,
    Segment,
    Toward,
    Turn,
)
from pbem.rules.woodenwalls.state import FLED, STANDING_OFF, GameState, Ship, new_ship

R, M = "rhodes", "macedon"


def trireme(speed: int | str = 2, **changes: object) -> Ship:
    # trireme ABLE at (9, 6) heading 0: Faster limit 45, Slow 60, pivot 45 (§4.3)
    return new_ship("X", "trireme", R, 9.0, 6.0, 0.0, speed, **changes)


def enemy(x: float = 9.0, y: float = 8.0, ship_id: str = "Y", **changes: object) -> Ship:
    return new_ship(ship_id, "trireme", M, x, y, 0.0, 2, **changes)


def resolved(one: Ship, entry: object, *others: Ship) -> Segment:
    return macros.resolve_entry(GameState((one, *others)), one, entry)  # type: ignore[arg-type]


def test_segment_passes_through() -> None:
    segment = Segment((Turn(10.0), Ahead(0.5)), intent=Ram("Y"))
    assert resolved(trireme(), segment) is segment


def test_toward_turn_within_limit() -> None:
    # (10, 7): bearing 45, Δ = 45 ≤ 45 → S45, then F1 (the maximum advance)
    assert resolved(trireme(), Toward(Vec(10.0, 7.0))).steps == (Turn(45.0), Ahead(1.0))


def test_toward_capped_by_limit() -> None:
    # (10, 6): bearing 90, Δ 90 capped at 45; (8, 7): bearing 315, Δ = −45 → P45
    assert resolved(trireme(), Toward(Vec(10.0, 6.0))).steps == (Turn(45.0), Ahead(1.0))
    assert resolved(trireme(), Toward(Vec(8.0, 7.0))).steps == (Turn(-45.0), Ahead(1.0))


def test_toward_rounds_down_to_half_degree() -> None:
    # (10, 9): bearing atan(1/3) = 18.43° → S18; with d 0.6 and an intent kept
    found = resolved(trireme(), Toward(Vec(10.0, 9.0), 0.6, intent=Ram("Y")))
    assert found.steps == (Turn(18.0), Ahead(0.6)) and found.intent == Ram("Y")


def test_toward_ship_centre() -> None:
    # Y at (10, 7): its centre bears 45 → S45 F1
    assert resolved(trireme(), Toward("Y"), enemy(10.0, 7.0)).steps == (Turn(45.0), Ahead(1.0))


def test_toward_dead_ahead_no_turn() -> None:
    assert resolved(trireme(), Toward("Y"), enemy()).steps == (Ahead(1.0),)


def test_away_uses_reverse_bearing() -> None:
    # (9, 5) dead astern: reverse bearing 0, no turn; (10, 5): bearing 135, reverse 315 → P45;
    # (9, 7) dead ahead: reverse 180, dead astern turns to starboard (−180, 180] → S45
    assert resolved(trireme(), Away(Vec(9.0, 5.0))).steps == (Ahead(1.0),)
    assert resolved(trireme(), Away(Vec(10.0, 5.0))).steps == (Turn(-45.0), Ahead(1.0))
    assert resolved(trireme(), Away(Vec(9.0, 7.0))).steps == (Turn(45.0), Ahead(1.0))


def test_slow_limit_at_speed_one() -> None:
    # speed 1: Slow 60; (10, 6) at 90 → S60, F1
    assert resolved(trireme(1), Toward(Vec(10.0, 6.0))).steps == (Turn(60.0), Ahead(1.0))


def test_stopped_ship_only_pivots() -> None:
    # stopped: pivot 45, no advance; dead ahead gives HOLD
    assert resolved(trireme(0), Toward(Vec(10.0, 6.0))).steps == (Turn(45.0),)
    assert resolved(trireme(0), Toward(Vec(9.0, 9.0))).steps == (Hold(),)


def test_backing_ship_fails_to_default() -> None:
    # §21: TOWARD or AWAY for a backing ship fails (§17); the default B0.5 is carried out
    one = trireme("B")
    found = macros.resolve(GameState((one,)), one, Toward(Vec(9.0, 3.0), intent=Ram("Y")))
    assert found.segment == Segment((Astern(0.5),))
    assert "backing" in found.failed


def test_target_off_table_fails_to_default() -> None:
    one = trireme()
    found = macros.resolve(GameState((one, enemy(status=FLED))), one, Toward("Y"))
    assert found.segment == Segment((Ahead(1.0),)) and found.failed


def test_if_near_footprint_distance() -> None:
    # X bow edge at y = 6.6, Y (at (9, 8)) stern edge at 7.4: footprint distance 0.8
    entry = IfNear("Y", 1.0, Segment((Ahead(0.5),)), Away("Y"))
    assert resolved(trireme(), entry, enemy()).steps == (Ahead(0.5),)
    assert resolved(trireme(), replace(entry, radius=0.8), enemy()).steps == (Ahead(0.5),)
    # r 0.5 < 0.8: ELSE: AWAY Y, Y dead ahead → reverse dead astern → S45 F1
    assert resolved(trireme(), replace(entry, radius=0.5), enemy()).steps == (Turn(45.0), Ahead(1.0))


def test_if_near_false_when_off_table() -> None:
    entry = IfNear("Y", 5.0, Segment((Ahead(0.5),)), Segment((Ahead(0.75),)))
    assert resolved(trireme(), entry, enemy(status=FLED)).steps == (Ahead(0.75),)
    assert resolved(trireme(), replace(entry, ship="ZZ")).steps == (Ahead(0.75),)


def test_default_segments() -> None:
    assert macros.default_segment(trireme(3)) == Segment((Ahead(1.0),))
    assert macros.default_segment(trireme("B")) == Segment((Astern(0.5),))
    assert macros.default_segment(trireme(0)) == Segment((Hold(),))


def test_nearest_enemy_ties_to_scenario_order() -> None:
    # Y at (9, 8) and Z at (9, 4): both 0.8 away (bow/stern edges) → Y, first listed;
    # W at (9, 10) farther; a friend is never an enemy
    friend = new_ship("F", "trireme", R, 10.0, 6.0, 0.0, 2)
    state = GameState((trireme(), friend, enemy(), enemy(9.0, 4.0, "Z"), enemy(9.0, 10.0, "W")))
    found = macros.nearest_enemy(state, state.require("X"))
    assert found is not None and found.id == "Y"


def test_standing_off_replaced_by_away() -> None:
    # the trial ends at (9, 7): 0.8 − 1 → touching (0) is less than 0.8 → AWAY Y (S45 F1), intent
    # gone, BREAK kept
    one = trireme(flag=STANDING_OFF)
    state = GameState((one, enemy()))
    segment = Segment((Ahead(1.0),), break_away=True, intent=Ram("Y"))
    tried: list[Segment] = []

    def trial(plain: Segment) -> Pose:
        tried.append(plain)
        return Pose(Vec(9.0, 7.0), 0.0)

    found = macros.standing_off(state, one, segment, trial)
    assert tried == [Segment((Ahead(1.0),), break_away=True)]
    assert found.replaced and found.enemy == "Y"
    assert found.segment == Segment((Turn(45.0), Ahead(1.0)), break_away=True)


def test_standing_off_stands_when_not_closer() -> None:
    one = trireme(flag=STANDING_OFF)
    state = GameState((one, enemy()))
    found = macros.standing_off(state, one, Segment((Ahead(1.0),), intent=Ram("Y")),
                                lambda _: Pose(Vec(9.0, 5.0), 0.0))
    # ending at (9, 5) X's bow edge is at 5.6, 1.8 from Y's stern edge (7.4): not less than 0.8,
    # so the segment stands, without its intent
    assert not found.replaced and found.segment == Segment((Ahead(1.0),))


def test_not_standing_off_unchanged() -> None:
    segment = Segment((Ahead(1.0),), intent=Ram("Y"))
    found = macros.standing_off(GameState((trireme(), enemy())), trireme(), segment,
                                lambda _: Pose(Vec(9.0, 7.0), 0.0))
    assert found.segment is segment and not found.replaced


def test_fleeing_toward_nearest_edge_with_break() -> None:
    # at (9, 2): south 2, west 9, north 10, east 9 → the point (9, 0), bearing 180: dead astern
    # turns to starboard, capped 45 → S45, full advance F1, BREAK
    one = replace(trireme(), y=2.0)
    found = macros.fleeing(GameState((one,)), one)
    assert found.replaced
    assert found.segment == Segment((Turn(45.0), Ahead(1.0)), break_away=True)
    assert macros.flight_point(GameState((one,)), one) == Vec(9.0, 0.0)
