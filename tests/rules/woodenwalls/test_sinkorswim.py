"""SinkOrSwim (rulings §15.1-§15.3, §10.7): flooding dice, sinking at capacity, hulks."""

from __future__ import annotations

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.woodenwalls import sinkorswim
from pbem.rules.woodenwalls.rounds import LEG, Phase
from pbem.rules.woodenwalls.shipstate import new_ship
from pbem.rules.woodenwalls.state import HULK, GameState, Player
from pbem.rules.woodenwalls.switches import parse_options


def _state(holes: tuple[str, ...], added: tuple[str, ...] = (), **options: str) -> GameState:
    # One holed trireme (capacity 12 units) and a friend 1.5 SL off; the enemy 8 SL away.
    ships = (new_ship("A1", "trireme", "a", 6.0, 2.0, 0.0, 2, holes=holes, added=added),
             new_ship("A2", "trireme", "a", 7.5, 2.0, 0.0, 2),
             new_ship("B1", "trireme", "b", 6.0, 10.0, 180.0, 2),
             new_ship("B2", "trireme", "b", 7.5, 10.0, 180.0, 2))
    return GameState(ships, parse_options(dict(options)), (Player("a", "a"), Player("b", "b")),
                     phase=Phase(LEG, 1, "C"))


@pytest.mark.parametrize(("die", "added"), [(1, ()), (2, ()), (3, ("S",)), (4, ("S",)),
                                             (5, ("M",)), (6, ("M",))])
def test_flooding_table_against_a_small_hole(die: int, added: tuple[str, ...]) -> None:
    # §10.7: 1-2 one size smaller (none if small), 3-4 the same, 5-6 one size larger.
    dice = ForcedDice(values=[die])
    state, _ = sinkorswim.flood(_state(("S",)), "A1", dice)
    assert state.require("A1").added == added
    assert [(roll.purpose.startswith("flood"), roll.sides) for roll in dice.log] == [(True, 6)]


@pytest.mark.parametrize(("die", "added"), [(1, ("M",)), (3, ("L",)), (6, ("L",))])
def test_flooding_table_against_a_large_hole(die: int, added: tuple[str, ...]) -> None:
    # §10.7: vs L, 1-2 -> M, 3-4 -> L, 5-6 -> L ("large if large").
    state, _ = sinkorswim.flood(_state(("L",)), "A1", ForcedDice(values=[die]))
    assert state.require("A1").added == added


def test_per_ship_rolls_once_against_the_largest_original_hole() -> None:
    # Holes S then M: the one die is against M; 1 -> S. Added holes never roll.
    dice = ForcedDice(values=[1])
    state, _ = sinkorswim.flood(_state(("S", "M"), added=("L",)), "A1", dice)
    assert state.require("A1").added == ("L", "S")
    assert len(dice.log) == 1


def test_per_hole_rolls_for_each_original_hole_in_order() -> None:
    # Holes M then S: M 5 -> L, S 3 -> S.
    dice = ForcedDice(values=[5, 3])
    state, _ = sinkorswim.flood(_state(("M", "S"), flooding="per_hole"), "A1", dice)
    assert state.require("A1").added == ("L", "S")
    assert len(dice.log) == 2


def test_only_added_holes_roll_nothing() -> None:
    dice = ForcedDice(values=[])
    state, _ = sinkorswim.flood(_state((), added=("M",)), "A1", dice)
    assert state.require("A1").added == ("M",)
    assert dice.log == []


def test_capacity_reached_sinks_one_below_does_not() -> None:
    # §15.2: L L M = 10 units; +M = 12 = capacity: sinks; +S = 11: afloat.
    sunk, _ = sinkorswim.flood(_state(("L", "L", "M")), "A1", ForcedDice(values=[1]))  # vs L 1 -> M
    assert sunk.require("A1").status == HULK
    afloat, _ = sinkorswim.sink_if_full(_state(("L", "L", "M"), added=("S",)), "A1")
    assert afloat.require("A1").status != HULK


def test_a_hulk_loses_its_elements_and_links() -> None:
    # §15.3: a sunk ship becomes a hulk; every element aboard lost, its links end.
    from pbem.rules.woodenwalls.elements import with_default_load

    state = _state(("L", "L", "L"))
    state = state.with_ship(with_default_load(state.require("A1")))
    state, _ = sinkorswim.make_hulk(state, "A1", "sunk")
    ship = state.require("A1")
    assert ship.status == HULK and ship.elements == ()
    assert state.links_of("A1") == ()
