"""Morale (rulings §15.4): triggers, modifiers, the test's dice and the flags."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import ForcedDice
from pbem.rules.woodenwalls import morale
from pbem.rules.woodenwalls.elements import with_default_load
from pbem.rules.woodenwalls.rounds import LEG, Phase
from pbem.rules.woodenwalls.shipstate import new_ship
from pbem.rules.woodenwalls.state import GameState, Player
from pbem.rules.woodenwalls.switches import parse_options


def _state(**changes: object) -> GameState:
    # A1 (changed) with a friend A2 1.5 SL off; the enemy pair 8 SL away. Default loads aboard.
    ships = (new_ship("A1", "trireme", "a", 6.0, 2.0, 0.0, 2, **changes),
             new_ship("A2", "trireme", "a", 7.5, 2.0, 0.0, 2),
             new_ship("B1", "trireme", "b", 6.0, 10.0, 180.0, 2),
             new_ship("B2", "trireme", "b", 7.5, 10.0, 180.0, 2))
    return GameState(tuple(with_default_load(ship) for ship in ships), parse_options({}),
                     (Player("a", "a"), Player("b", "b")), phase=Phase(LEG, 1, "C"))


def test_no_trigger_no_die() -> None:
    dice = ForcedDice(values=[])
    state, events = morale.morale_step(_state(), dice)
    assert events == () and dice.log == []


def test_half_the_oar_sections_lost_triggers_one_less_does_not() -> None:
    # Trigger (2): a trireme has 3 + 3 = 6 sections; 3 lost is half, 2 is not.
    half = _state(oars_lost=("P1", "P2", "P3"))
    assert 2 in morale.triggers(half, half.require("A1"))
    less = _state(oars_lost=("P1", "P2"))
    assert 2 not in morale.triggers(less, less.require("A1"))


def test_no_marines_or_shooters_aboard_triggers() -> None:
    state = _state()
    state = state.with_ship(replace(state.require("A1"), elements=()))
    assert morale.triggers(state, state.require("A1")) == (3,)


def test_level_four_fire_triggers_level_three_does_not() -> None:
    four = _state(fires=(4, 0, 0, 0, 0))
    assert 6 in morale.triggers(four, four.require("A1"))
    three = _state(fires=(3, 0, 0, 0, 0))
    assert 6 not in morale.triggers(three, three.require("A1"))


def test_modifiers_no_enemy_near_no_flagship_in_sight() -> None:
    # +2 no unboarded enemy within 4 SL (8 SL off); A2 within 4 SL (no -2); -2 no flagship in sight.
    state = _state()
    found = morale.modifiers(state, state.require("A1"))
    assert [(m.reason, m.value) for m in found] == [("no unboarded enemy ship within 4 SL", 2),
                                                   ("no friendly flagship in sight", -2)]


def test_a_flagship_counts_itself_within_4_sl_but_not_as_a_flagship_in_sight() -> None:
    # §15.4: "+2 a friendly flagship within 4 SL (a flagship counts itself)", but "friendly" is
    # always another ship: a fleet flagship with no other flagship in sight takes the -2 too.
    state = _state(flagship="fleet")
    found = morale.modifiers(state, state.require("A1"))
    assert [(m.reason, m.value) for m in found] == [("no unboarded enemy ship within 4 SL", 2),
                                                   ("a friendly flagship within 4 SL", 2),
                                                   ("no friendly flagship in sight", -2)]


def test_a_flotilla_flagship_counts_only_for_its_own_flotilla() -> None:
    # §4.1's reading: A2 leads flotilla "north"; A1 of "north" has it within 4 SL (1.20 SL) and in
    # sight: +2 and no -2; A1 of another flotilla, or of none, counts it as no flagship at all.
    def with_a2(a1_flotilla: str, kind: str) -> GameState:
        state = _state(flotilla=a1_flotilla)
        return state.with_ship(replace(state.require("A2"), flagship=kind, flotilla="north"))

    same = with_a2("north", "flotilla")
    assert [m.value for m in morale.modifiers(same, same.require("A1"))] == [2, 2]
    for other in ("south", ""):
        apart = with_a2(other, "flotilla")
        assert [m.value for m in morale.modifiers(apart, apart.require("A1"))] == [2, -2]
    fleet = with_a2("south", "fleet")  # the fleet flagship leads the whole side
    assert [m.value for m in morale.modifiers(fleet, fleet.require("A1"))] == [2, 2]


def test_first_failure_stands_off_second_flees() -> None:
    state, events = morale.fail(_state(), "A1")
    assert state.require("A1").flag == "standing_off"
    state, events = morale.fail(state, "A1")
    assert state.require("A1").flag == "fleeing"


def test_test_uses_one_d6_and_a_five_passes_able_at_zero() -> None:
    # Trigger 3 (no elements aboard). Modifiers: +2 no enemy near,
    # -2 no flagship in sight: 0. ABLE needs 5: 5 passes, 4 fails.
    state = _state()
    state = state.with_ship(replace(state.require("A1"), elements=()))
    dice = ForcedDice(values=[5])
    passed, events = morale.morale_test(state, "A1", dice)
    assert [(roll.purpose, roll.sides) for roll in dice.log] == [("morale A1", 6)]
    assert passed.require("A1").flag == "" and passed.require("A1").revealed
    failed, _ = morale.morale_test(state, "A1", ForcedDice(values=[4]))
    assert failed.require("A1").flag == "standing_off"


def test_a_fleeing_ship_tests_only_when_boarded() -> None:
    state = _state(flag="fleeing")
    state = state.with_ship(replace(state.require("A1"), elements=()))
    assert morale.triggers(state, state.require("A1")) == ()
