"""Speeds and movement limits of Wooden Walls (rulings §4.2, §4.3, §4.4, §7.2, §7.3, §7.8, §7.10,
§11.7, §15.5).

- `max_speed`: §4.2's maximum, reduced in order by oar losses (§11.7, house rule `oar_speed`),
  a hole, a fire larger than small (plan §11 q. 3: an area at level 2 or more) and capture (q. 4).
- `limits`: what one activation may do (§7.3), as `Limits`: the moving turn limit of §4.3
  (`turn_table`, `turn_column`, the shifts First Rate +1, Poor −1, holed −1, a lost steering oar
  −2 or `halve`, both lost 10°; q. 6, 7), the stopped pivot limit (shifted by quality and holes,
  never by steering oars: q. 5), the advance range of §7.2 (backing ¼ to `backing_distance`) with
  §7.10's strong-wind halving and a weak current's minimum raised to the maximum, and §4.4's
  over-crewing (the ship advances exactly its minimum, q. 8).
- `apply_changes`: §7.8 at the end of an action phase: forced losses (oars shipped), the ordered
  `SPEED` lines of that phase (increases capped by the class and the maximum, `backing_change`),
  fleeing ships' increases (§15.5, q. 49), and no speed above the maximum.
- `current_at`: the current a ship's footprint overlaps (q. 13: the first listed).

Speeds are the ints 0-4 or "B"; B counts as 1 in every comparison (§4.2). Nothing here depends on
dice. Imports the state, the ship table and the core's overlap and heading tests.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pbem.rules.events import Event, event
from pbem.rules.table import heading_difference, overlaps
from pbem.rules.woodenwalls.elements import over_crewed
from pbem.rules.woodenwalls.seamanship import FR, POOR
from pbem.rules.woodenwalls.shiptypes import FASTER, SLOW, shifted_turn
from pbem.rules.woodenwalls.state import FLEEING, STRONG, WEAK, Current, GameState, Ship, evolved

BACKING = "B"
TOP_SPEED = 4  # §4.2: Ramming
# §7.2: the minimum advance by speed; ⅔ is taken as 0.67 (reading).
MINIMUM_ADVANCE = {1: 0.25, 2: 0.5, 3: 0.67, 4: 0.75}
MAXIMUM_ADVANCE = 1.0
BACKING_MINIMUM = 0.25
BOTH_STEERING_LOST = 10.0  # §4.3: the moving limit with both steering oars lost
WITHIN = 30.0  # §7.10: "heading within 30° of" upwind or a current's direction
LARGE_FIRE = 2  # plan §11 q. 3: "a fire larger than small" is an area at level 2 or more
HALVE = "halve"  # house rule `steering_loss` alternative
PER_HIT = "per_hit"  # house rule `oar_speed` alternative


def speed_value(speed: int | str) -> int:
    """A speed as compared (§4.2): B counts as 1."""
    return 1 if speed == BACKING else int(speed)


# ---------------------------------------------------------------- the maximum speed (§4.2, §11.7)


def oar_reduction(lost: int, sections: int, oar_speed: str = "proportional") -> int:
    """The reduction of the maximum speed for `lost` of `sections` oar sections (both sides,
    §11.7). `proportional`: r = 4·l/n₀, ⌊r⌋ plus 1 if r's fractional part is ¼ or more (exact
    in whole numbers: the remainder m of 4l by n₀ gives the part m/n₀ ≥ ¼ when 4m ≥ n₀);
    `per_hit`: 1 a section."""
    if oar_speed == PER_HIT:
        return lost
    whole, remainder = divmod(4 * lost, sections)
    return whole + (1 if 4 * remainder >= sections else 0)


def max_speed(state: GameState, ship: Ship) -> int:
    """§4.2's maximum speed: 4, then in order (1) oar losses (§11.7: 4 − reduction, at least 1
    while any section is left, 0 when none is), (2) holed −1 (not below 0), (3) a fire larger
    than small (an area at level 2 or more, q. 3) at most 1, (4) captured at most 1 (q. 4)."""
    sections = ship.oar_sections
    lost = len(ship.oars_lost)
    if lost >= sections:
        top = 0
    else:
        top = max(1, TOP_SPEED - oar_reduction(lost, sections, state.options.oar_speed))
    if ship.holed:
        top = max(0, top - 1)
    if max(ship.fires) >= LARGE_FIRE:
        top = min(top, 1)
    if ship.captured:
        top = min(top, 1)
    return top


# ---------------------------------------------------------------- the limits of a segment (§7.3)


@dataclass(frozen=True, slots=True)
class Limits:
    """What one activation may do (§7.3). `turn` the total turn of one segment at the ship's
    speed (§4.3; a stopped ship's is its pivot limit, so `turn` is always the allowance);
    `pivot` the stopped ship's pivot limit; `advance_min` and `advance_max` in SL (§7.2 with
    §7.10; both 0 when stopped); `over_crewed` (§4.4: it advances exactly `advance_min`)."""

    turn: float
    pivot: float
    advance_min: float
    advance_max: float
    over_crewed: bool


def _quality_shift(ship: Ship) -> int:
    return {FR: 1, POOR: -1}.get(ship.quality, 0)


def pivot_limit(ship: Ship) -> float:
    """The stopped ship's pivot limit (§4.3): the class's, shifted FR +1, Poor −1, holed −1 along
    the scale held 90-10 (q. 5); steering oars never count."""
    shift = _quality_shift(ship) - (1 if ship.holed else 0)
    return shifted_turn(ship.row.ship_class.pivot, shift)


def moving_turn_limit(state: GameState, ship: Ship, speed: int | str) -> float:
    """The moving turn limit of one segment at `speed` (1-4 or B, §4.3): the class's column
    (`turn_column`: Slow at 1 and B, Faster at 2-4) of `turn_table`, the shifts FR +1, Poor −1,
    holed −1 summed; `two_classes` adds −2 per lost steering oar to the sum, `halve` halves the
    shifted limit per lost oar rounded down to 0.5 (q. 7); both lost: 10° whatever (q. 6)."""
    column = SLOW if speed in (1, BACKING) else FASTER
    if speed not in (1, 2, 3, 4, BACKING):
        raise ValueError(f"a moving ship's speed is 1, 2, 3, 4 or B, not {speed!r}")
    lost = len(ship.steering_lost)
    if lost >= 2:
        return BOTH_STEERING_LOST
    base = ship.row.ship_class.turn_limit(column, state.options.turn_table)
    shift = _quality_shift(ship) - (1 if ship.holed else 0)
    if state.options.steering_loss == HALVE:
        limit = shifted_turn(base, shift)
        for _ in range(lost):
            limit = halved(limit)
        return limit
    return shifted_turn(base, shift - 2 * lost)


def halved(limit: float) -> float:
    """Half a turn limit rounded down to a multiple of 0.5 (§4.3 `halve`): ⌊limit⌋ / 2, since
    limit / 2 rounded down to 0.5 is ⌊limit⌋ / 2 (45 → 22.5, 22.5 → 11)."""
    return math.floor(limit) / 2


def current_at(state: GameState, ship: Ship) -> Current | None:
    """The current whose polygon the ship's footprint overlaps (G4), the first listed in the
    scenario (q. 13); None when there is none."""
    if not state.terrain.currents:
        return None
    polygon = ship.polygon
    epsilon = state.core.epsilon
    for current in state.terrain.currents:
        if overlaps(polygon, current.polygon, epsilon):
            return current
    return None


def upwind_strong(state: GameState, ship: Ship) -> bool:
    """A strong wind and the ship's heading within 30° of upwind (the reverse of the heading the
    wind blows towards): its advance range is halved (§7.10 reading)."""
    wind = state.wind
    return wind.strength == STRONG and heading_difference(ship.heading, wind.heading + 180.0) <= WITHIN


def limits(state: GameState, ship: Ship, speed: int | str | None = None) -> Limits:
    """The limits of an activation at the ship's speed (or `speed`) as it starts (§7.3): §4.3's
    turn and pivot limits, §7.2's advance range (speed 1-4: the minimum by speed to 1 SL;
    backing ¼ to `backing_distance`; stopped 0) halved in a strong wind when heading within 30°
    of upwind, then with a weak current within 30° of its direction the minimum raised to the
    maximum (§7.10); over-crewing (§4.4)."""
    speed = ship.speed if speed is None else speed
    pivot = pivot_limit(ship)
    crowded = over_crewed(ship)
    if speed == 0:
        return Limits(pivot, pivot, 0.0, 0.0, crowded)
    turn = moving_turn_limit(state, ship, speed)
    if speed == BACKING:
        low, high = BACKING_MINIMUM, state.options.backing_distance
    else:
        low, high = MINIMUM_ADVANCE[int(speed)], MAXIMUM_ADVANCE
    if upwind_strong(state, ship):
        low, high = low / 2, high / 2
    current = current_at(state, ship)
    if (current is not None and current.strength == WEAK
            and heading_difference(ship.heading, current.heading) <= WITHIN):
        low = high
    return Limits(turn, pivot, low, high, crowded)


# ---------------------------------------------------------------- speed changes (§7.8, §15.5)


def _changed(state: GameState, ship: Ship, speed: int | str, reason: str,
             found: list[Event]) -> GameState:
    found.append(event("speed", ship=ship.id, speed_from=ship.speed, speed_to=speed, reason=reason))
    return state.with_ship(evolved(ship, speed=speed))


def ordered_speed(ship: Ship, current: int | str, ordered: int | str, top: int) -> int | str:
    """The speed an order `SPEED ordered` gives a ship now at `current` (§7.8): `backing_change`
    (to B only from 0, from B only to 0, any other order involving B clamped to 0; B only while
    the maximum is at least 1, §4.2); any decrease (`speed_down = any`); an increase at most the
    class's maximum increase and never above the maximum `top`."""
    if ordered == BACKING or current == BACKING:
        if ordered == current:
            return current
        if ordered == BACKING:
            return BACKING if current == 0 and top >= 1 else 0
        return 0
    wanted, now = int(ordered), int(current)
    if wanted <= now:
        return wanted
    return max(now, min(wanted, now + ship.row.ship_class.max_increase, top))


def _moving(ship: Ship) -> bool:
    return ship.afloat


def apply_changes(state: GameState, phase: int) -> tuple[GameState, tuple[Event, ...]]:
    """§7.8 at the end of action phase `phase` (the n of `SPEED … @n`), after drift (§5.5):
    (1) each ship afloat with oars shipped on either side loses one level (B counts as 1, so
    goes to 0; q. 49); (2) each side's `SPEED` lines @phase, sides in scenario order, lines in
    the order written, for ships it controls that are afloat and not fleeing, each clamped as
    `ordered_speed` (a clamped line gives `clamp` with line "<ID>"); (3) fleeing ships rise by
    the class's maximum increase up to the maximum (§15.5; from B to 0 first, q. 49); (4) no
    speed above the maximum (§4.2). Events `speed` (ship, speed_from, speed_to, reason)."""
    found: list[Event] = []
    for ship in state.ships:
        if _moving(ship) and ship.shipped and ship.speed != 0:
            lower: int | str = 0 if ship.speed == BACKING else int(ship.speed) - 1
            state = _changed(state, ship, lower, "oars shipped", found)
    for side in state.sides:
        for ship_id, line in state.orders_of(side).speeds_at(phase):
            named = state.ship(ship_id)
            if named is None or not _moving(named) or named.owner != side or named.flag == FLEEING:
                continue
            result = ordered_speed(named, named.speed, line.speed, max_speed(state, named))
            if result != line.speed:
                found.append(event("clamp", line=named.id, ordered=line.speed, speed=result))
            if result != named.speed:
                state = _changed(state, named, result, "ordered", found)
    for ship in state.ships:
        if _moving(ship) and ship.flag == FLEEING:
            top = max_speed(state, ship)
            if ship.speed == BACKING:
                risen: int | str = 0
            else:
                risen = max(int(ship.speed), min(int(ship.speed) + ship.row.ship_class.max_increase, top))
            if risen != ship.speed:
                state = _changed(state, ship, risen, "fleeing", found)
    for ship in state.ships:
        top = max_speed(state, ship)
        if _moving(ship) and speed_value(ship.speed) > top:
            state = _changed(state, ship, top, "maximum", found)
    return state, tuple(found)


__all__ = [
    "BACKING", "MAXIMUM_ADVANCE", "MINIMUM_ADVANCE", "Limits", "apply_changes", "current_at",
    "halved", "limits", "max_speed", "moving_turn_limit", "oar_reduction", "ordered_speed",
    "pivot_limit", "speed_value", "upwind_strong",
]
