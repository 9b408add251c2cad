"""Wooden Walls clamping (rulings §7.1-§7.4, §7.10, §17; plan §11 q. 8): turns against the
allowance in order, the advance shortened from the last step backwards or lengthened at the last
step (or added), over-crewed ships at exactly the minimum, failing F and B steps dropped, and a
strong current's changes. Every value worked by hand from §4.3 and §7.2."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.table import Vec, area_polygon
from pbem.rules.woodenwalls.clamp import clamp
from pbem.rules.woodenwalls.orders import Ahead, Astern, Hold, Ram, Segment, Step, Turn
from pbem.rules.woodenwalls.shiptypes import MARINES
from pbem.rules.woodenwalls.state import Current, Element, GameState, Ship, Terrain, new_ship

R = "rhodes"


def trireme(speed: int | str = 2, **changes: object) -> Ship:
    # trireme ABLE: Faster 45, Slow 60, pivot 45 (§4.3)
    return new_ship("X", "trireme", R, 9.0, 6.0, 0.0, speed, **changes)


def run(one: Ship, *steps: Step, state: GameState | None = None, **tail: object) -> tuple[Step, ...]:
    return clamp(state or GameState((one,)), one, Segment(steps, **tail)).steps  # type: ignore[arg-type]


def test_turn_cut_to_limit() -> None:
    # plan §9.2 7.4_turn_clamped_to_limit: S60 at speed 2, limit 45 → S45 F1, clamped
    one = trireme()
    found = clamp(GameState((one,)), one, Segment((Turn(60.0), Ahead(1.0))))
    assert found.steps == (Turn(45.0), Ahead(1.0))
    assert found.clamped and found.notes == ("S60 cut to S45",)


def test_turns_in_order_later_dropped() -> None:
    # 45: S30 leaves 15, P20 cut to P15, S10 dropped (nothing left)
    found = clamp(GameState((trireme(),)), trireme(),
                  Segment((Turn(30.0), Ahead(0.5), Turn(-20.0), Ahead(0.5), Turn(10.0))))
    assert found.steps == (Turn(30.0), Ahead(0.5), Turn(-15.0), Ahead(0.5))
    assert found.notes == ("P20 cut to P15", "S10 dropped: no turn left in the segment")
    assert found.turn_total == 45.0


def test_turns_within_limit_untouched() -> None:
    found = clamp(GameState((trireme(),)), trireme(), Segment((Turn(22.5), Turn(-22.5), Ahead(1.0))))
    assert not found.clamped and found.notes == ()


def test_cut_rounds_down_to_half_degree() -> None:
    # trireme POOR and holed: 45 two steps down the scale → 22.5; S10 leaves 12.5: P20 → P12.5
    one = trireme(quality="POOR", holes=("S",))
    assert run(one, Turn(10.0), Turn(-20.0), Ahead(1.0)) == (Turn(10.0), Turn(-12.5), Ahead(1.0))


def test_advance_shortened_from_last_step() -> None:
    # F0.6 F0.7 = 1.3 > 1: 0.3 off the last → F0.6 F0.4
    assert run(trireme(), Ahead(0.6), Ahead(0.7)) == (Ahead(0.6), Ahead(0.4))
    # F0.3 S10 F0.9 F0.5 = 1.7: excess 0.7, the last F0.5 goes, F0.9 → 0.7
    assert run(trireme(), Ahead(0.3), Turn(10.0), Ahead(0.9), Ahead(0.5)) == (
        Ahead(0.3), Turn(10.0), Ahead(0.7))


def test_advance_lengthened_at_last_step() -> None:
    # speed 4 minimum 0.75: F0.3 S10 F0.2 = 0.5 → the last F0.2 + 0.25 = F0.45
    assert run(trireme(4), Ahead(0.3), Turn(10.0), Ahead(0.2)) == (Ahead(0.3), Turn(10.0), Ahead(0.45))


def test_cruise_lengthened_to_0_67() -> None:
    # speed 3: F0.5 → F0.67 (⅔ read as 0.67); F0.3 F0.37 = 0.67 stands
    assert run(trireme(3), Ahead(0.5)) == (Ahead(0.67),)
    found = clamp(GameState((trireme(3),)), trireme(3), Segment((Ahead(0.3), Ahead(0.37))))
    assert not found.clamped


def test_hold_at_speed_made_up() -> None:
    # speed 2, HOLD: advance 0 < ½ → F0.5 added at the end
    found = clamp(GameState((trireme(),)), trireme(), Segment((Hold(),)))
    assert found.steps == (Hold(), Ahead(0.5)) and found.clamped
    assert found.advance == 0.5


def test_turn_only_at_speed_gets_advance_added() -> None:
    assert run(trireme(1), Turn(60.0)) == (Turn(60.0), Ahead(0.25))  # Slow 60, minimum ¼


def test_backing_range() -> None:
    # backing ¼ to ½ (backing_distance 0.5), turns in the Slow column (60)
    assert run(trireme("B"), Astern(0.1)) == (Astern(0.25),)
    assert run(trireme("B"), Turn(-90.0), Astern(1.0)) == (Turn(-60.0), Astern(0.5))


def test_failing_steps_dropped() -> None:
    # §17: F for a backing ship, B for one moving ahead: dropped, not clamps; then the
    # advance is made up (B0.25, F0.5)
    found = clamp(GameState((trireme("B"),)), trireme("B"), Segment((Ahead(1.0),)))
    assert found.steps == (Astern(0.25),)
    assert found.failed == ("F1 dropped: a backing ship makes no F step",)
    found = clamp(GameState((trireme(),)), trireme(), Segment((Astern(0.5), Ahead(1.0))))
    assert found.steps == (Ahead(1.0),) and not found.clamped
    assert found.failed == ("B0.5 dropped: only a backing ship makes B steps",)


def test_stopped_ship_only_pivots() -> None:
    # stopped trireme ABLE pivot 45: S60 → S45; F1 dropped; nothing left is HOLD
    found = clamp(GameState((trireme(0),)), trireme(0), Segment((Turn(60.0), Ahead(1.0))))
    assert found.steps == (Turn(45.0),) and found.clamped
    assert found.failed == ("F1 dropped: a stopped ship makes no F step",)
    assert run(trireme(0), Ahead(1.0)) == (Hold(),)


def test_zero_turn_left_out() -> None:
    assert run(trireme(), Turn(0.0), Ahead(1.0)) == (Ahead(1.0),)


def crowded(speed: int = 2, **changes: object) -> Ship:
    # 4 elements in a deck of 7: 8 > 7, over-crewed (§4.4)
    marines = tuple(Element(area, MARINES, R, "X") for area in ("B", "B", "M", "S"))
    return trireme(speed, elements=marines, **changes)


def test_over_crewed_exactly_minimum() -> None:
    # speed 2 minimum ½: F1 → F0.5, F0.2 → F0.5; a segment at the minimum stands
    assert run(crowded(), Ahead(1.0)) == (Ahead(0.5),)
    assert run(crowded(), Ahead(0.2)) == (Ahead(0.5),)
    found = clamp(GameState((crowded(),)), crowded(), Segment((Ahead(0.5),)))
    assert not found.clamped


def current_state(one: Ship, heading: float, strength: str = "strong") -> GameState:
    polygon = area_polygon((Vec(8.0, 5.0), Vec(8.0, 7.0), Vec(10.0, 7.0), Vec(10.0, 5.0)))
    return replace(GameState((one,)), terrain=Terrain(currents=(Current(polygon, heading, strength),)))


def test_strong_current_astern_adds_half() -> None:
    # heading 0, current towards 10 (within 30°): F0.5 added after the clamp, not a clamp;
    # over-crewed: exactly the minimum, then F0.5 still added (q. 8)
    found = clamp(current_state(trireme(), 10.0), trireme(), Segment((Ahead(1.0),)))
    assert found.steps == (Ahead(1.0), Ahead(0.5)) and not found.clamped
    assert found.notes == ("F0.5 added: strong current astern",)
    assert run(crowded(), Ahead(1.0), state=current_state(crowded(), 0.0)) == (Ahead(0.5), Ahead(0.5))


def test_strong_current_ahead_shortens_last_step() -> None:
    # current towards 180 (the reverse of heading 0): the last advance step − ½, not below 0
    assert run(trireme(), Ahead(1.0), state=current_state(trireme(), 180.0)) == (Ahead(0.5),)
    assert run(trireme(), Ahead(0.6), Turn(10.0), Ahead(0.4),
               state=current_state(trireme(), 200.0)) == (Ahead(0.6), Turn(10.0))


def test_current_off_heading_or_weak_adds_nothing() -> None:
    assert run(trireme(), Ahead(1.0), state=current_state(trireme(), 90.0)) == (Ahead(1.0),)
    assert run(trireme(), Ahead(1.0), state=current_state(trireme(), 0.0, "weak")) == (Ahead(1.0),)


def test_break_and_intent_kept() -> None:
    found = clamp(GameState((trireme(),)), trireme(),
                  Segment((Ahead(1.2),), break_away=True, intent=Ram("MA-PELLA")))
    assert found.break_away and found.intent == Ram("MA-PELLA")
    assert found.segment.notation() == "F1 BREAK RAM MA-PELLA"
