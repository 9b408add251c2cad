"""A Wooden Walls ship made a hulk (rulings §15.3; plan §11 q. 34, 42): the one place that does it,
for SinkOrSwim (flooding, fire burning out, abandonment), a ram's holes reaching capacity at once
(§15.2) and morale's surrenders.

Imports the events and the state.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import Event, event
from pbem.rules.woodenwalls.state import HULK, NO_FIRES, SUNK, GameState


def make_hulk(state: GameState, ship_id: str, reason: str) -> tuple[GameState, tuple[Event, ...]]:
    """The ship a hulk for `reason` (sunk, burnt_out, abandoned; §15.3): elements lost, boarders
    included, links ended, speed 0. Sunk: fires out (q. 34), revealed (§16), marked in the round's
    record where it lies, and removed from the table when `loaded` (q. 42); event "sink". Otherwise
    the event "hulk" with the reason."""
    ship = state.require(ship_id)
    lost = len(ship.elements)
    hulk = replace(ship, status=HULK, hulk_reason=reason, elements=(), speed=0, acted=False)
    if reason == SUNK:
        hulk = replace(hulk, fires=NO_FIRES, revealed=True, removed=ship.loaded)
        state = replace(state, record=state.record.with_sunk(ship.id, ship.x, ship.y))
    state = state.with_ship(hulk).released(ship.id)
    if reason == SUNK:
        made = event("sink", ship=ship.id, x=ship.x, y=ship.y, hole_units=ship.hole_units,
                     capacity=ship.row.hole_capacity, removed=ship.loaded, elements_lost=lost)
    else:
        made = event("hulk", ship=ship.id, reason=reason, elements_lost=lost)
    return state, (made,)
