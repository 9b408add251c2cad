"""The repair step (rulings §10): the phasing side rolls for each sinking ship it controls, in
scenario order."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import Dice
from pbem.rules.events import Event, event
from pbem.rules.greeksromans.state import AFLOAT, SINKING, SUNK, GameState, Played


def repair(state: GameState, side: str, dice: Dice) -> Played:
    """1–3 the ship sinks with everyone aboard, 4 nothing, 5–6 its captain is back."""
    events: list[Event] = []
    for ship in state.ships:
        if ship.controller != side or ship.status != SINKING:
            continue
        die = dice.roll(f"repair {ship.id}")
        if die <= 3:
            state = state.with_ship(replace(ship, status=SUNK, sailors=0, marines=0, captain=0,
                                            catapult_crew=0, admiral=0))
            events += [event("repair", ship=ship.id, die=die, result="sinks"),
                       event("sunk", ship=ship.id, admiral=ship.admiral)]
        elif die == 4:
            events.append(event("repair", ship=ship.id, die=die, result="no change"))
        else:
            state = state.with_ship(replace(ship, captain=1, status=AFLOAT))
            events.append(event("repair", ship=ship.id, die=die, result="restored"))
    return state, tuple(events)
