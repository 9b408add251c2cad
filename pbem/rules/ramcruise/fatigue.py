"""Fatigue (rulings §7): at step 11 of its own half each phasing ship's reserve changes by its
move (per ship, or per fleet by the side's highest expenditure), never above the starting
reserve nor below 0; and who was out of enemy sight at the end of the movement step."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from pbem.rules.events import Event, event
from pbem.rules.ramcruise.state import (
    AFLOAT,
    BACK,
    CRUISE,
    RAM,
    SINKING,
    STRATEGIC,
    GameState,
    Ship,
)
from pbem.rules.table import footprint_distance, within

# §7: the change for each move. STRAT and BACK rest (+1) when no enemy was in sight.
CHANGE = {RAM: -8, CRUISE: -3, STRATEGIC: -1, BACK: -1}
OUT_OF_SIGHT_REST = 1
RESTED = 2


def enemy_in_sight(state: GameState, ship: Ship) -> bool:
    """An enemy ship afloat or sinking within `sight` (25") of it, footprint to footprint (§1
    item 6, G5, G6)."""
    polygon = ship.polygon()
    return any(other.side != ship.side and other.in_play
               and within(footprint_distance(polygon, other.polygon(), state.epsilon),
                          state.options.sight, state.epsilon)
               for other in state.ships)


def out_of_sight(state: GameState, side: str) -> frozenset[str]:
    """The phasing ships that moved STRAT or BACK and, at the end of the movement step, have no
    enemy within sight (§7), for their +1 at step 11."""
    return frozenset(ship.id for ship in state.ships
                     if ship.side == side and ship.on_table and not ship.routed
                     and ship.mode in (STRATEGIC, BACK)
                     and not enemy_in_sight(state, ship))


def change_for(ship: Ship, rested: bool) -> int:
    """§7: RAM −8, CRUISE −3, STRAT or BACK −1 (+1 out of sight), STAY, immobile or not moved
    +2, routed 0. A ship's mode and speed are its move this half."""
    if ship.routed:
        return 0
    if ship.mode in CHANGE:
        if ship.mode in (STRATEGIC, BACK) and rested:
            return OUT_OF_SIGHT_REST
        return CHANGE[ship.mode]
    return RESTED


def _clamped(value: int, top: int) -> int:
    return max(0, min(top, value))


def apply_fatigue(state: GameState, side: str) -> tuple[GameState, tuple[Event, ...]]:
    """Step 11's fatigue for the phasing side (`fatigue = ship`, `fleet` or `off`)."""
    mode, top = state.options.fatigue, state.options.fatigue_reserve
    if mode == "off":
        return state, ()
    rested = state.half_record.out_of_sight
    ships: Iterable[Ship] = [ship for ship in state.ships if ship.side == side and ship.on_table]
    events: list[Event] = []
    if mode == "fleet":
        counted = [change_for(ship, ship.id in rested) for ship in ships
                   if ship.status in (AFLOAT, SINKING) and not ship.routed]
        if not counted:
            return state, ()
        change = min(counted)
        reserve = _clamped(state.side(side).fatigue + change, top)
        state = state.with_side(replace(state.side(side), fatigue=reserve))
        state = state.with_ships(replace(ship, fatigue=reserve) if ship.side == side else ship
                                 for ship in state.ships)
        return state, (event("fatigue", side=side, change=change, fatigue=reserve),)
    for ship in ships:
        change = change_for(ship, ship.id in rested)
        value = _clamped(ship.fatigue + change, top)
        state = state.with_ship(replace(ship, fatigue=value))
        events.append(event("fatigue", ship=ship.id, change=change, fatigue=value))
    return state, tuple(events)
