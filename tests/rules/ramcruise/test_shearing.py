"""Shearing (rulings §8.2–§8.4, §12.3): the avoiding roll, the count, the victim's grapple."""

from __future__ import annotations

import pytest

from pbem.rules.ramcruise.classes import Crew
from pbem.rules.ramcruise.shearing import resolve_shear, throws_at_shearer
from pbem.rules.ramcruise.state import SHEARED, StandingOrders
from pbem.rules.table import Pass, Pose, Vec
from tests.rules.ramcruise.positions import dice, ship, state

AT = Pass(1, 2.0, Pose(Vec(20.0, 12.0), 0.0), 0.1)


@pytest.mark.parametrize(("first", "second", "sheared"), [(4, 3, 0), (3, 3, 1), (1, 1, 1), (6, 6, 0)])
def test_seven_avoids(first: int, second: int, sheared: int) -> None:
    position = state(ship("C1", 20, 12), ship("R1", 21.1, 12, standing=StandingOrders(onshear="none")))
    after, stop, events = resolve_shear(position, "C1", "R1", AT, dice(first, second))
    assert after.require("R1").sheared == sheared and stop is False
    assert events[0].kind == ("shear" if sheared else "avoid")
    assert (("R1", SHEARED) in after.half_record.triggers) is bool(sheared)


def test_two_shears_at_most() -> None:
    position = state(ship("C1", 20, 12),
                     ship("R1", 21.1, 12, sheared=2, standing=StandingOrders(onshear="none")))
    after, _, _ = resolve_shear(position, "C1", "R1", AT, dice(1, 1))
    assert after.require("R1").sheared == 2
    assert after.half_record.triggers == (("R1", SHEARED),)


def test_the_victim_grapples_whether_or_not_it_avoided() -> None:
    position = state(ship("C1", 20, 12), ship("R1", 21.1, 12))
    rolled = dice(5, 3, 6, 3)          # avoided; grapple at a RESIST shearer 9: held
    after, stop, events = resolve_shear(position, "C1", "R1", AT, rolled)
    assert stop is True and after.grappled_with("C1") == ("R1",)
    assert "C1" in after.half_record.forfeits          # RESIST shearer forfeits its melee (§12.3)
    assert [item.kind for item in events] == ["avoid", "grapple"]
    assert [roll.purpose.split()[0] for roll in rolled.log] == ["shear", "shear", "grapple", "grapple"]


def test_a_failed_victim_grapple_lets_the_mover_go_on() -> None:
    position = state(ship("C1", 20, 12), ship("R1", 21.1, 12))
    after, stop, _ = resolve_shear(position, "C1", "R1", AT, dice(1, 1, 4, 4))   # 8 < 9
    assert stop is False and after.grapples == () and after.require("R1").sheared == 1


def test_an_accepting_shearer_is_held_on_five_and_does_not_forfeit() -> None:
    position = state(ship("C1", 20, 12, standing=StandingOrders(stance="accept")), ship("R1", 21.1, 12))
    after, stop, _ = resolve_shear(position, "C1", "R1", AT, dice(6, 6, 3, 2))
    assert stop is True and "C1" not in after.half_record.forfeits


def test_a_corvus_victim_grapples_on_three() -> None:
    position = state(ship("C1", 20, 12), ship("R1", 21.1, 12, gear="corvus"))
    _, stop, _ = resolve_shear(position, "C1", "R1", AT, dice(6, 6, 2, 1))
    assert stop is True


def test_who_throws_at_the_shearer() -> None:
    mover = ship("C1", 20, 12)
    position = state(mover, ship("R1", 21.1, 12), ship("C2", 18.9, 12))
    assert throws_at_shearer(position, position.require("R1"), mover)
    assert not throws_at_shearer(position, position.require("C2"), mover)   # a friend
    for victim in (ship("R1", 21.1, 12, routed=True), ship("R1", 21.1, 12, status="surrendered"),
                   ship("R1", 21.1, 12, crew=Crew()),
                   ship("R1", 21.1, 12, standing=StandingOrders(onshear="none"))):
        assert not throws_at_shearer(state(mover, victim), victim, mover)
