"""One MOVE card (actionphase.py, rulings §5.4, §5.5, §6.2): who is eligible at a step, the
alternation from the first player, a side with none left letting the other go on, each ship
acting once per card, and the end of the phase."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import ForcedDice
from pbem.rules.woodenwalls import actionphase
from pbem.rules.woodenwalls.elements import with_default_load
from pbem.rules.woodenwalls.rounds import LEG, LegOrders, Phase, RoundState
from pbem.rules.woodenwalls.shipstate import new_ship
from pbem.rules.woodenwalls.state import GameState, Player
from pbem.rules.woodenwalls.switches import parse_options

DECK = ("M3", "F", "M1", "MB", "M4", "M2")


def _state(*rows: tuple[str, str, float, int | str]) -> GameState:
    """Ships far apart (2 SL between columns, rows at y 2 and 10), each (id, side, x, speed)."""
    ships = tuple(with_default_load(new_ship(ship_id, "trireme", side, x, 2.0 if side == "a" else 10.0,
                                             0.0 if side == "a" else 180.0, speed))
                  for ship_id, side, x, speed in rows)
    return GameState(ships, parse_options({}), (Player("a", "a"), Player("b", "b")),
                     round=RoundState(deck=DECK, turned=1), phase=Phase(LEG, 1, "A"))


def _activations(events: tuple[object, ...]) -> list[str]:
    return [made["ship"] for made in events if made.kind == "activation"]  # type: ignore[attr-defined]


def test_eligible_takes_the_order_list_first_then_scenario_order() -> None:
    state = _state(("A1", "a", 2, 3), ("A2", "a", 4, 3), ("A3", "a", 6, 3), ("A4", "a", 8, 2))
    state = replace(state, orders=(LegOrders("a", order=("A3",)),))
    assert actionphase.eligible(state, "a", 3) == ("A3", "A1", "A2")
    assert actionphase.eligible(state, "a", 2) == ("A4",)
    acted = state.with_ship(replace(state.require("A1"), acted=True))
    assert actionphase.eligible(acted, "a", 3) == ("A3", "A2")
    assert actionphase.eligible(state, "b", 3) == ()


def test_alternation_from_the_first_player_then_the_rest() -> None:
    # Stopped ships HOLD by default: no dice. Side a has three, side b one.
    state = _state(("A1", "a", 2, 0), ("A2", "a", 4, 0), ("A3", "a", 6, 0), ("B1", "b", 2, 0))
    after, events = actionphase.play_step(state, 0, "b", "a", "M3", ForcedDice(values=[]))
    assert _activations(events) == ["B1", "A1", "A2", "A3"]
    after, events = actionphase.play_step(state, 0, "a", "b", "M3", ForcedDice(values=[]))
    assert _activations(events) == ["A1", "B1", "A2", "A3"]
    assert all(ship.acted and ship.activations == 1 for ship in after.ships)


def test_a_ship_acts_once_per_card_and_counts_its_activation() -> None:
    state = _state(("A1", "a", 2, 0), ("B1", "b", 2, 0))
    state = state.with_ship(replace(state.require("A1"), activations=1))
    after, events = actionphase.play_step(state, 0, "a", "b", "M3", ForcedDice(values=[]))
    assert [made["entry"] for made in events if made.kind == "activation"] == [2, 1]
    again, more = actionphase.play_step(after, 0, "a", "b", "M3", ForcedDice(values=[]))
    assert _activations(more) == [] and again == after


def test_a_whole_card_rolls_first_player_and_keeps_the_round() -> None:
    # M4's steps: speed 4, stopped. One d6 each in the game's first action phase: a 2, b 5.
    state = _state(("A1", "a", 2, 0), ("B1", "b", 2, 0))
    dice = ForcedDice(values=[2, 5], largest_die=20)
    after, events = actionphase.play_card(state, "M4", dice)
    assert [roll.purpose for roll in dice.log] == ["first player a", "first player b"]
    assert (after.round.first_player, after.round.second_player) == ("b", "a")
    assert after.round.last_second == "a" and after.round.action_phase == 1
    assert after.round.card == "M4" and after.round.step is None
    assert [made.kind for made in events][:3] == ["first_player", "step", "step"]
    assert _activations(events) == ["B1", "A1"]


def test_speed_lines_count_the_leg_or_the_round() -> None:
    state = replace(_state(("A1", "a", 2, 0)), round=RoundState(deck=DECK, turned=4, action_phase=3))
    assert actionphase.phase_number(state) == 1  # the 3rd MOVE card is leg B's first
    rounded = replace(state, options=parse_options({"mail": "round"}))
    assert actionphase.phase_number(rounded) == 3
