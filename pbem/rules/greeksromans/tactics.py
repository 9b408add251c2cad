"""A simple computer player for Greeks vs Romans (golden games, the bench, the demo): each
ship turns toward the nearest enemy and closes on it with the action points it has, then
every ship shoots and boards whatever its lists reach. Deterministic for a given `rng`."""

from __future__ import annotations

import math
import random

from pbem.rules.greeksromans.state import AFLOAT, GameState, Ship
from pbem.rules.table import footprint_distance

PIVOT_AP = 4  # a pivot of 1-45 degrees (§5.2)


def _bearing(ship: Ship, other: Ship) -> float:
    """Degrees clockwise from north from `ship`'s centre to `other`'s."""
    return math.degrees(math.atan2(other.x - ship.x, other.y - ship.y)) % 360


def _turn(heading: int, bearing: float) -> int:
    """The turn toward `bearing`, -180 < t <= 180 (positive: to starboard)."""
    return int(round((bearing - heading + 540) % 360 - 180))


def movement_line(state: GameState, ship: Ship, rng: random.Random) -> str:
    """Pivots toward the nearest enemy (45 at a time), then forward as far as the AP left
    allows, stopping short of its centre (the enemy is struck on the way if it is met)."""
    enemies = [o for o in state.ships if o.on_table and o.controller != ship.controller]
    ap = state.ap(ship.id) or 0
    if not enemies or ship.status != AFLOAT or ap <= 0:
        return f"{ship.id}: STAY"
    target = min(enemies, key=lambda o: (math.hypot(o.x - ship.x, o.y - ship.y), o.id))
    if footprint_distance(ship.polygon(), target.polygon(), state.epsilon) <= \
            state.options.contact_tolerance:
        return f"{ship.id}: STAY"  # in contact already: stay and board
    turn = _turn(ship.heading, _bearing(ship, target))
    steps, budget = [], 30 * ap  # forward tenths affordable: 2 per tenth, 60 per AP (§5.2)
    while abs(turn) > 8 and budget >= 120 + 10:
        angle = min(45, abs(turn))
        steps.append(("S" if turn > 0 else "P") + str(angle))
        turn -= angle if turn > 0 else -angle
        budget -= 120
    gap = math.hypot(target.x - ship.x, target.y - ship.y)
    tenths = min(budget, 999, int(gap * 10) - rng.randint(0, 10))
    if tenths >= 1:
        steps.append(f"F{tenths // 10}.{tenths % 10}" if tenths % 10 else f"F{tenths // 10}")
    return f"{ship.id}: {' '.join(steps) or 'STAY'}"


def orders_for(state: GameState, side: str, kind: str, rng: random.Random) -> str:
    """A whole submission for `side` in the open phase ("" at a free set-up: the ships keep
    the places shown)."""
    if kind != "half":
        return ""
    mine = [s for s in state.ships if s.controller == side and s.on_table]
    enemies = [s for s in state.ships if s.controller != side and s.on_table]
    lines = [movement_line(state, ship, rng) for ship in mine]

    def nearest(ship: Ship) -> str:
        ranked = sorted(enemies, key=lambda o: (math.hypot(o.x - ship.x, o.y - ship.y), o.id))
        return ", ".join(o.id for o in ranked[:3])

    if enemies:
        lines += [f"{s.id}: ARCHERY {nearest(s)}" for s in mine if s.sailors >= 2]
        lines += [f"{s.id}: BOARD {nearest(s)}" for s in mine if s.marines >= 1]
        lines += [f"{s.id}: CATAPULT {nearest(s)}" for s in mine if s.working_catapult]
    return "\n".join(lines) + "\n"
