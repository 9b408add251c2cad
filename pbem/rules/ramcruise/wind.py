"""The wind and the rout heading (rulings §16.5, §16.6): the downwind heading W a scenario gives
or one d6 rolls, its change at the start of a turn, and each side's rout heading R from W and its
home heading H (through the core's G18 function)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.ramcruise.state import GameState
from pbem.rules.table import rout_heading


def roll_wind(dice: Dice) -> tuple[int, Event]:
    """`wind = roll` (§16.5, §21 item 1): one d6 before turn 1, W = 60 × (die − 1)."""
    die = dice.roll("wind")
    heading = 60 * (die - 1)
    return heading, event("wind", die=die, wind=heading, reason="the wind die before turn 1")


def changed_wind(wind: int, die: int) -> int:
    """`wind_change = roll` (§16.5): 1 backs the wind 45°, 6 veers it 45°, 2–5 leave it."""
    if die == 1:
        return (wind - 45) % 360
    if die == 6:
        return (wind + 45) % 360
    return wind


def change_wind(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """The wind-change die at the start of a turn after the first (§21 item 2); nothing is rolled
    with `wind_change = off`."""
    if state.options.wind_change != "roll":
        return state, ()
    die = dice.roll("wind change")
    heading = changed_wind(state.wind, die)
    return (replace(state, wind=heading),
            (event("wind", die=die, wind=heading, was=state.wind, reason="the wind-change die"),))


def rout_heading_of(state: GameState, side_id: str) -> int:
    """R for a side (§16.6, G18): the heading within 45° of downwind nearest its home heading."""
    home = state.side(side_id).home_heading
    return int(rout_heading(float(state.wind), float(home)))
