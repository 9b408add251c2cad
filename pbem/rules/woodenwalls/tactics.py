"""The Wooden Walls computer player (build plan §9.3): a side's orders for the open phase as text a
player could have written, every line of it accepted by `check.py`, the same text for the same
state and `rng`.

What it writes:

- setup: nothing (the scenario's qualities and posts stand, §6.1);
- movement (a leg, its movement part, a round): an `ORDER` list, nearest-to-the-enemy first;
  for each ship afloat and not fleeing one queue entry per activation the phase may bring: a
  backing ship `HOLD`s (its speed line takes it to stopped), the others go `TOWARD` the nearest
  enemy ship, with `RAM ANY` when they carry a ram, else `SHEAR ANY`; a `SPEED` line at the
  first action phase towards speed 3 (stopped first for a backing ship, §7.8);
- deck lines (a leg, its deck part, a round): each area holding the side's shooters `SHOOT`s at
  the nearest enemies' midships, bow and stern (those that could come within an engine's reach
  in the phase); each area with an engine shoots it; a ship with
  grapnels and marines `GRAPPLE`s the enemy ships in contact (`HARPAX` where fitted); an area
  holding the side's marines `ATTACK`s an enemy area on the same ship, or the midships of a
  grapple-linked enemy; each burning area holding the side's elements is `DOUSE`d.

Shots, grapples and attacks whose target cannot be reached fail at resolution (§17), never at
checking, so the lines stay legal whatever the dice have done.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from pbem.rules.woodenwalls.check import entry_limit
from pbem.rules.woodenwalls.elements import count
from pbem.rules.woodenwalls.rounds import DECK, LEG, MOVEMENT, ROUND
from pbem.rules.woodenwalls.shipgeom import adjacent_on_ship, ship_distance
from pbem.rules.woodenwalls.shiptypes import ENGINE, MARINES, SHOOTERS
from pbem.rules.woodenwalls.sightings import ENGINE_RANGE
from pbem.rules.woodenwalls.speeds import MAXIMUM_ADVANCE
from pbem.rules.woodenwalls.state import FLEEING, GRAPPLE, GameState, Ship

CRUISE = 3  # the speed the computer player asks for
FLANK = 0.8  # SL beside an enemy's keel that a ship facing it aims at


def orders_for(state: GameState, side: str, rng: random.Random) -> str:
    """The side's orders for the open phase, one line each."""
    kind = state.phase.kind
    lines: list[str] = []
    if kind in (LEG, MOVEMENT, ROUND):
        lines += movement_lines(state, side, rng)
    if kind in (LEG, DECK, ROUND):
        lines += deck_lines(state, side)
    return "\n".join(lines) + ("\n" if lines else "")


def _distance(one: Ship, other: Ship) -> float:
    return ship_distance(one.row, one.pose, other.row, other.pose)


def enemies_by_distance(state: GameState, ship: Ship) -> list[tuple[float, Ship]]:
    """The enemy ships afloat by footprint distance from `ship`, scenario order on ties."""
    found = [(_distance(ship, other), number, other) for number, other in enumerate(state.ships)
             if other.afloat and other.owner != ship.owner]
    found.sort(key=lambda item: (item[0], item[1]))
    return [(distance, other) for distance, _, other in found]


def _movers(state: GameState, side: str) -> list[Ship]:
    return [ship for ship in state.controlled_by(side) if ship.afloat and ship.flag != FLEEING]


def movement_lines(state: GameState, side: str, rng: random.Random) -> list[str]:
    """ORDER, queue entries and SPEED lines for the side's ships that move."""
    ships = _movers(state, side)
    if not ships:
        return []

    def nearest(ship: Ship) -> float:
        found = enemies_by_distance(state, ship)
        return found[0][0] if found else float("inf")

    ordered = sorted(ships, key=nearest)
    lines = ["ORDER " + " ".join(ship.id for ship in ordered)]
    entries = entry_limit(state)
    size = (state.table.width, state.table.height)
    for ship in ordered:
        enemies = enemies_by_distance(state, ship)
        for number in range(1, entries + 1):
            lines.append(f"{ship.id}/{number}: {_entry(ship, enemies, rng, size)}")
        speed = _speed_line(ship)
        if speed:
            lines.append(f"{ship.id}: {speed}")
    return lines


def _entry(ship: Ship, enemies: Sequence[tuple[float, Ship]], rng: random.Random,
           table: tuple[float, float] | None = None) -> str:
    if ship.speed == "B":
        return "HOLD"
    if not enemies:
        return "HOLD" if ship.speed == 0 else "F1"
    target = enemies[0][1]
    if ship.speed == 0:
        return f"TOWARD {target.id}"
    intent = "RAM ANY" if ship.ram and ship.row.rav is not None else "SHEAR ANY"
    if ship.ram and ship.row.rav is not None and rng.random() < 0.2:
        intent = "SHEAR ANY"
    aim = _flank(table, ship, target) if table is not None else None
    return f"TOWARD {aim or target.id} {intent}"


def _flank(table: tuple[float, float], ship: Ship, target: Ship) -> str | None:
    """Bow to bow two rams sink each other (§10.4): a ship facing an enemy that faces it aims
    beside the enemy's bow, on its own side of the enemy's keel, to strike its beam instead."""
    if abs((ship.heading - target.heading + 180.0) % 360.0 - 180.0) < 135.0:
        return None
    h = math.radians(target.heading)
    across = (math.cos(h), -math.sin(h))  # the enemy's starboard
    towards = (ship.x - target.x) * across[0] + (ship.y - target.y) * across[1]
    sign = 1.0 if towards >= 0 else -1.0
    x = target.x + sign * FLANK * across[0]
    y = target.y + sign * FLANK * across[1]
    width, height = table
    if not (0.5 <= x <= width - 0.5 and 0.5 <= y <= height - 0.5):
        return None
    return f"({x:.2f},{y:.2f})"


def _speed_line(ship: Ship) -> str:
    if ship.speed == "B":
        return "SPEED 0 @1"
    if ship.speed != CRUISE:
        return f"SPEED {CRUISE} @1"
    return ""


def deck_lines(state: GameState, side: str) -> list[str]:
    """Shots, grapples, attacks and douses for the ships the side's elements stand on."""
    lines: list[str] = []
    for ship in state.ships:
        if not ship.on_table or ship.status != "afloat":
            continue
        mine = ship.owner == side
        if mine:
            lines += _shots(state, ship, side)
            lines += _grapples(state, ship, side)
        lines += _attacks(state, ship, side)
        lines += _douses(ship, side)
    return lines


def within_reach_this_phase(state: GameState, distance: float) -> bool:
    """Could two ships `distance` SL apart now come within the longest shot (an engine's 3 SL,
    §11.1) by the end of the open phase? Each may advance at most 1 SL an activation (§7.2) in
    each of the phase's activations (§6.2), with half an SL for drift and currents (§7.9,
    §7.10). Shots at ships farther off cannot hit: the computer player does not write them."""
    return distance <= ENGINE_RANGE + 2 * entry_limit(state) * MAXIMUM_ADVANCE + 0.5


def _targets(state: GameState, ship: Ship) -> str:
    enemies = [other for distance, other in enemies_by_distance(state, ship)[:2]
               if within_reach_this_phase(state, distance)]
    return ", ".join(f"{other.id}.{area}" for other in enemies for area in ("M", "B", "S"))


def _shots(state: GameState, ship: Ship, side: str) -> list[str]:
    targets = _targets(state, ship)
    if not targets:
        return []
    lines = []
    for area in ship.areas:
        if count(ship, area, side, SHOOTERS):
            lines.append(f"{ship.id}: SHOOT {area} {targets}")
        if count(ship, area, side, ENGINE):
            lines.append(f"{ship.id}: ENGINE {area} {targets}")
    return lines


def _grapples(state: GameState, ship: Ship, side: str) -> list[str]:
    if not ship.grapnels or not count(ship, None, side, MARINES):
        return []
    touching = [other.id for distance, other in enemies_by_distance(state, ship)
                if distance <= state.core.contact_tolerance and not state.link(ship.id, other.id)]
    if not touching:
        return []
    return [f"{ship.id}: GRAPPLE {', '.join(touching)}" + (" HARPAX" if ship.harpax else "")]


def _attacks(state: GameState, ship: Ship, side: str) -> list[str]:
    lines = []
    enemy_here = [area for area in ship.areas
                  if any(element.area == area and element.side != side and element.kind != ENGINE
                         for element in ship.elements)]
    # Across a grapple from any area; across a corvus or an embedded ram from B, the user's or
    # rammer's (§4.4); only at an enemy ship that has elements to fight.
    linked = [(link.other(ship.id), link.kind) for link in state.links_of(ship.id)
              if link.kind == GRAPPLE or link.a.upper() == ship.id.upper()]
    for area in ship.areas:
        if not (count(ship, area, side, MARINES) or count(ship, area, side, SHOOTERS)):
            continue
        near = [other for other in enemy_here if adjacent_on_ship(area, other)]
        across = [other for other, kind in linked if kind == GRAPPLE or area == "B"]
        if near:
            lines.append(f"{ship.id}: ATTACK {near[0]} FROM {area} UNTIL LOSS 2")
        elif across and ship.owner == side and count(ship, area, side, MARINES):
            lines.append(f"{ship.id}: ATTACK {across[0]}.M FROM {area} UNTIL LOSS 2")
    return lines


def _douses(ship: Ship, side: str) -> list[str]:
    lines = []
    for area in ship.areas:
        if ship.fire_level(area) and count(ship, area, side):
            lines.append(f"{ship.id}: DOUSE {area} {count(ship, area, side)}")
    return lines
