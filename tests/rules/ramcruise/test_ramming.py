"""Ramming (rulings §9.2–§9.4): aspects, modifiers on both charts, the number needed and step 6's
dice in §21's order."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.ramcruise.classes import Crew
from pbem.rules.ramcruise.ramming import modifiers, needed, ram_aspect, resolve_marked
from pbem.rules.ramcruise.state import (
    HEAD,
    HEAD_ON,
    RAMMED,
    SIDE,
    SINKING,
    TAIL,
    GameState,
    HalfRecord,
    MarkedRam,
)
from pbem.rules.table import RAM_CRUISE, Vec
from tests.rules.ramcruise.positions import combat, dice, ship

EPS = RAM_CRUISE.epsilon


@pytest.mark.parametrize(("rammer_heading", "target_heading", "impact", "aspect"), [
    (0, 180, Vec(20, 15), HEAD_ON),   # R1 heads south: I at u = 2, its bow zone; Δ 180, θ 0
    (0, 220, Vec(20, 15), HEAD_ON),   # Δ 140: opposed, θ 40 < 45
    (0, 225, Vec(20, 15), HEAD),      # Δ 135: opposed but θ = 45 is not under 45
    (0, 270, Vec(20, 15), HEAD),      # Δ 90 is same-way, not opposed (I still in its bow zone)
    (0, 0, Vec(20, 15), TAIL),        # R1 heads north: I at u = -2, its stern zone
    (90, 180, Vec(20, 17.5), SIDE),   # u = -0.5: the waist
])
def test_aspects_on_a_trireme(rammer_heading: int, target_heading: int, impact: Vec,
                              aspect: str) -> None:
    target = ship("R1", 20, 17, target_heading)
    if target_heading == 270:
        target = ship("R1", 22, 15, 270)  # heading west: u = (20 - 22) × -1 = 2, its bow zone
    assert ram_aspect(float(rammer_heading), target, impact, EPS) == aspect


def test_zone_boundaries_go_to_the_bow_and_stern() -> None:
    target = ship("R1", 20, 20, 90)   # a trireme heading east: u = x - 20, zones from ±1 (ε 0.001)
    assert ram_aspect(0.0, target, Vec(21.0, 19.5), EPS) == HEAD
    assert ram_aspect(0.0, target, Vec(20.9995, 19.5), EPS) == HEAD
    assert ram_aspect(0.0, target, Vec(20.998, 19.5), EPS) == SIDE
    assert ram_aspect(0.0, target, Vec(19.0, 19.5), EPS) == TAIL
    assert ram_aspect(0.0, target, Vec(19.0005, 19.5), EPS) == TAIL
    assert ram_aspect(0.0, target, Vec(19.002, 19.5), EPS) == SIDE


def test_modifiers_faster_bigger_cheaper() -> None:
    position = combat(ship("C1", 10, 10, klass="quinquereme", speed=80),
                      ship("C2", 20, 10, klass="bireme", speed=90),
                      ship("R1", 10, 40, klass="trireme", speed=80),
                      ship("R2", 20, 40, klass="sixteen", speed=0))
    c1, c2, r1, r2 = position.ships
    quinquereme_on_trireme = modifiers(position, c1, r1)
    assert (quinquereme_on_trireme.faster, quinquereme_on_trireme.bigger,
            quinquereme_on_trireme.cheaper) == (0, -2, 0)  # equal speeds are not faster
    bireme_on_trireme = modifiers(position, c2, r1)
    assert (bireme_on_trireme.faster, bireme_on_trireme.bigger, bireme_on_trireme.cheaper) == (-1, 0, 1)
    on_sixteen = modifiers(position, c1, r2)
    assert (on_sixteen.faster, on_sixteen.bigger, on_sixteen.cheaper) == (-1, 0, 11)
    assert needed(SIDE, quinquereme_on_trireme) == 5
    assert needed(TAIL, bireme_on_trireme) == 9
    assert needed(HEAD_ON, on_sixteen) == 22


def _rammed(aspect: str, **target: object) -> GameState:
    position = combat(ship("C1", 20, 13, 0, speed=80), ship("R1", 20, 17, 180, **target))
    record = HalfRecord(marked_rams=(MarkedRam("C1", "R1", aspect, (20.0, 15.0)),))
    return replace(position, half_record=record)


def test_a_successful_side_ram_rolls_the_countdown_with_the_modifiers() -> None:
    position = _rammed(SIDE, speed=30)
    rolled = dice(4, 2, 5)   # 6 >= 7 - 1 (faster): success; countdown 5 - 1 = 4 -> 2
    after, events = resolve_marked(position, rolled)
    r1 = after.require("R1")
    assert (r1.status, r1.countdown, r1.countdown_skip) == (SINKING, 2, True)
    assert after.require("C1").embedded_in == "R1"
    assert after.half_record.triggers == (("R1", RAMMED),)
    assert [item.kind for item in events] == ["ram", "sinking"]
    assert events[0]["needed"] == 6 and events[0]["success"] is True
    assert [roll.purpose for roll in rolled.log] == ["ram C1 on R1", "ram C1 on R1",
                                                     "countdown R1 (rammed by C1)"]


def test_a_failed_ram_does_nothing() -> None:
    position = _rammed(SIDE, speed=80)
    after, events = resolve_marked(position, dice(3, 3))   # 6 < 7
    assert after.require("R1").countdown == 0
    assert after.require("C1").embedded_in == ""
    assert after.half_record.triggers == ()
    assert [item.kind for item in events] == ["ram"]


@pytest.mark.parametrize(("follow", "holed"), [(3, True), (4, False)])
def test_head_on_follow_up(follow: int, holed: bool) -> None:
    position = _rammed(HEAD_ON, speed=30)   # C1 faster: -1 on the victim's die, not the rammer's
    values = [6, 6, 6, follow] + ([5] if holed else [])
    after, events = resolve_marked(position, dice(*values))
    c1 = after.require("C1")
    assert after.require("R1").countdown == 3                   # 6 - 1 = 5 -> 3
    assert (c1.status == SINKING) is holed
    if holed:
        assert (c1.countdown, c1.countdown_skip) == (3, True)   # a plain 5 -> 3 (5 - 1 would give 2)
    assert events[2].kind == "follow_up" and events[2]["holed"] is holed


def test_a_ram_is_void_once_a_ship_has_surrendered() -> None:
    position = _rammed(SIDE, status="surrendered")
    rolled = dice()
    after, events = resolve_marked(position, rolled)
    assert rolled.log == [] and events[0]["void"] is True
    assert after.require("C1").embedded_in == ""


def test_the_dice_are_rolled_when_nothing_can_be_needed() -> None:
    position = combat(ship("C1", 20, 13, 0, klass="bireme", speed=80, crew=Crew(oar=2)),
                      ship("R1", 20, 17, 180, klass="sixteen"))
    position = replace(position, half_record=HalfRecord(
        marked_rams=(MarkedRam("C1", "R1", SIDE, (20.0, 15.0)),)))
    rolled = dice(6, 6)   # needed 7 - 1 + 14 = 20: rolled all the same, and fails
    after, events = resolve_marked(position, rolled)
    assert len(rolled.log) == 2 and events[0]["success"] is False
