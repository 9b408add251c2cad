"""SinkOrSwim, the close of leg C's deck action phase (Wooden Walls rulings §15.1-§15.3, §10.7,
§13.1, §13.4; build plan §1.4, §4 block 5, §11 q. 34, 36, 42, 48).

`play` carries out §15.1's order: (1) flooding ship by ship in scenario order (house rule
`flooding`: `per_ship` one d6 against the largest original hole, `per_hole` one per original hole
in the order made; added holes never roll, a ship with only added holes rolls nothing, q. 48), each
ship's sinking check after its flooding; (2) fire growth ship by ship, area by area, then the
burn-out checks; (3) morale (`morale.morale_step`); (4) the fleeing ships' surrenders (§15.5);
then this round's record is cleared. The victory check (step 5) is `victory.check`, called after.

`make_hulk` (§15.3, from `hulks.py`, which ramming shares) makes the hulks; `sink_if_full` is
§15.2's check, for any module that adds holes.

Imports the dice, events, the state and round record, the ship table's hole units, `hulks`, `fire`
and `morale`.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.dice import D6, Dice
from pbem.rules.events import Event, event
from pbem.rules.woodenwalls import fire, morale
from pbem.rules.woodenwalls.hulks import make_hulk
from pbem.rules.woodenwalls.rounds import RoundRecord
from pbem.rules.woodenwalls.shiptypes import HOLE_UNITS
from pbem.rules.woodenwalls.state import SUNK, GameState

SIZES = ("S", "M", "L")  # hole sizes, smallest first (§10.3)
PER_SHIP, PER_HOLE = "per_ship", "per_hole"


# ---------------------------------------------------------------- hulks (§15.2, §15.3)


def sink_if_full(state: GameState, ship_id: str) -> tuple[GameState, tuple[Event, ...]]:
    """§15.2: a ship afloat whose hole units reach its capacity sinks at once."""
    ship = state.require(ship_id)
    if ship.afloat and ship.hole_units >= ship.row.hole_capacity:
        return make_hulk(state, ship.id, SUNK)
    return state, ()


# ---------------------------------------------------------------- flooding (§10.7)


def added_size(hole: str, die: int) -> str:
    """The added hole a flooding d6 makes against an original `hole` (§10.7): 1-2 one size
    smaller ("" none if it was small), 3-4 the same, 5-6 one size larger (large if large)."""
    place = SIZES.index(hole)
    if die <= 2:
        return SIZES[place - 1] if place else ""
    if die <= 4:
        return hole
    return SIZES[min(place + 1, len(SIZES) - 1)]


def largest(holes: tuple[str, ...]) -> str:
    """The largest hole, the first of equals."""
    return max(holes, key=lambda hole: HOLE_UNITS[hole])


def flood(state: GameState, ship_id: str, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """One ship's flooding (§10.7) then its sinking check (§15.2). A small added hole is not
    placed on a type that ignores small holes (quad/quin and larger, `ignores_small_holes`). Each
    added hole marks the ship holed this round (q. 36). An event "flood" per die."""
    ship = state.require(ship_id)
    if not ship.afloat or not ship.holes:
        return state, ()
    if state.options.flooding == PER_HOLE:
        rolls = tuple((hole, f"flooding {ship.id} hole {number}")
                      for number, hole in enumerate(ship.holes, start=1))
    else:
        rolls = ((largest(ship.holes), f"flooding {ship.id}"),)
    events: list[Event] = []
    for hole, purpose in rolls:
        die = dice.roll(purpose, D6)
        size = added_size(hole, die)
        if size == "S" and ship.row.ignores_small_holes:
            size = ""
        if size:
            ship = replace(ship, added=(*ship.added, size))
            state = replace(state.with_ship(ship), record=state.record.with_holed(ship.id))
        events.append(event("flood", ship=ship.id, hole=hole, die=die, added=size,
                            hole_units=ship.hole_units))
    state, sunk = sink_if_full(state, ship.id)
    return state, (*events, *sunk)


# ---------------------------------------------------------------- the whole of it (§15.1)


def play(state: GameState, dice: Dice) -> tuple[GameState, tuple[Event, ...]]:
    """SinkOrSwim (§15.1 steps 1-4; §23 block 5's dice: flooding, fire growth, morale), then the
    round's record cleared. `victory.check` follows (step 5)."""
    events: list[Event] = []
    order = [ship.id for ship in state.ships]
    for ship_id in order:
        state, made = flood(state, ship_id, dice)
        events.extend(made)
    for ship_id in order:
        state, made = fire.grow(state, ship_id, dice)
        events.extend(made)
    for ship_id in order:
        if fire.burnt_out(state.require(ship_id)):
            state, made = make_hulk(state, ship_id, "burnt_out")
            events.extend(made)
    state, made = morale.morale_step(state, dice)
    events.extend(made)
    state, made = morale.fleeing_surrenders(state, make_hulk)
    events.extend(made)
    return replace(state, record=RoundRecord()), tuple(events)
