"""Hidden crew qualities of Wooden Walls (rulings §16; plan §6, §11 q. 39, q. 52).

A ship's `revealed` flag says the enemy knows its crew quality, for good. This module:

- `reveal_by_range`: at the end of an action phase (a MOVE card only, q. 39), every ship afloat
  not yet revealed that lies within `reveal_range` (2 SL, footprint distance G5, within ε G6) of a
  ship afloat controlled by another side is revealed, in scenario order; event `reveal`.
- `reveal`: one ship revealed for a reason ("captured", "sunk", "fled", or a roll's); modules
  that roll a quality-dependent die set `revealed` themselves before writing the event (the
  contract), `revealed_ship` is the one-line helper for that.
- `known_to`: whether a side sees a ship's quality: its own ships (its starting side or its
  controller), an enemy ship once revealed; an observer ("") never (q. 52).

Imports the state and the core's distances.
"""

from __future__ import annotations

from pbem.rules.events import Event, event
from pbem.rules.table import footprint_distance, within
from pbem.rules.woodenwalls.shipgeom import EPSILON, bounding_radius
from pbem.rules.woodenwalls.state import GameState, Ship, evolved

RANGE = "range"


def revealed_ship(ship: Ship) -> Ship:
    """The ship with its quality known to the enemy (itself when already revealed)."""
    return ship if ship.revealed else evolved(ship, revealed=True)


def reveal(state: GameState, ship_id: str, reason: str) -> tuple[GameState, tuple[Event, ...]]:
    """The ship's quality revealed for `reason` (§16: a quality roll, captured, sunk, fled);
    nothing and no event when it is already known to the enemy."""
    ship = state.require(ship_id)
    if ship.revealed:
        return state, ()
    return state.with_ship(revealed_ship(ship)), (event("reveal", ship=ship.id, reason=reason),)


def revealer(state: GameState, ship: Ship) -> Ship | None:
    """The first ship afloat (scenario order) controlled by another side within `reveal_range`
    of `ship` (footprint distance, within ε); None when there is none."""
    return _first_within(state, ship, _afloat(state))


def _afloat(state: GameState) -> tuple[tuple[Ship, str, float, float, float], ...]:
    # Every ship afloat in scenario order with what the test asks of it: its controlling side,
    # its centre and its bounding radius (asked of each pair, so read once per phase's end).
    return tuple((other, other.owner, other.x, other.y, bounding_radius(other.row))
                 for other in state.ships if other.afloat)


def _first_within(state: GameState, ship: Ship,
                  afloat: tuple[tuple[Ship, str, float, float, float], ...]) -> Ship | None:
    epsilon = state.core.epsilon
    reach = state.options.reveal_range
    owner, x, y = ship.owner, ship.x, ship.y
    near = reach + bounding_radius(ship.row) + EPSILON  # surely_apart's cheap test, inlined
    for other, side, ox, oy, radius in afloat:
        if side == owner:
            continue
        gap = near + radius
        dx, dy = x - ox, y - oy
        apart = dx * dx + dy * dy
        if apart > gap * gap:
            continue
        if apart <= reach * reach:
            return other  # centre to centre within reach: the footprints are nearer still
        if within(footprint_distance(ship.polygon, other.polygon, epsilon), reach, epsilon):
            return other
    return None


def reveal_by_range(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """§16 at the end of an action phase: each ship afloat, not yet revealed, within
    `reveal_range` of an enemy ship afloat is revealed (scenario order); events `reveal` with
    the ship, `by` the first such enemy ship and reason "range". Positions are those at the
    phase's end (after drift), so every test reads the same state."""
    found: list[Event] = []
    changed = state
    afloat = _afloat(state)
    for ship, _, _, _, _ in afloat:
        if ship.revealed:
            continue
        other = _first_within(state, ship, afloat)
        if other is not None:
            changed = changed.with_ship(revealed_ship(changed.require(ship.id)))
            found.append(event("reveal", ship=ship.id, by=other.id, reason=RANGE))
    return changed, tuple(found)


def known_to(state: GameState, side: str, ship_id: str) -> bool:
    """Whether `side` may see the ship's crew quality (§16): its own ship (the side it started
    with or the side controlling it), or an enemy ship once revealed. An observer (side "")
    sees none (q. 52); the game master's view does not ask."""
    if not side:
        return False
    ship = state.require(ship_id)
    return side in (ship.side, ship.owner) or ship.revealed


__all__ = ["RANGE", "known_to", "reveal", "reveal_by_range", "revealed_ship", "revealer"]
