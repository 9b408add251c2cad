"""Missile ranges and the hit chart (rulings §12.1, §12.2; house rules `missile_ranges`,
`missile_table`; `opt_missile_speed` of §16), one d100 per archer factor or ballista; who may
fire at whom, and the losses of the phase applied at its end (§12.3). The phase itself, in
§19.2's order, is `combat.missile_phase`.

Chances with `opt_missile_speed` lose the target's speed (§3.1, in tenths), so a hit is
10 × roll ≤ 10 × chart number − speed; at long range a roll r hits only if r ≤ 20 − speed and
its type is read on the long line at ceil(20 × r / (20 − speed)).

Events (from `apply_losses`):
- `missile_loss` (ship, type, hits, lost, left, excess_to_rowers): one target's loss of one type
  at the end of the phase; type rowers gathers the rower hits and every excess (lost = rowers
  actually taken, the rest beyond the last rower are lost).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from pbem.rules.events import Event, event
from pbem.rules.speedband.bands import formula_speed
from pbem.rules.speedband.orders import ARCHERS, BALLISTA
from pbem.rules.speedband.state import AFLOAT, FLEEING, GameState, Ship
from pbem.rules.table import footprint_distance

ROWERS, SOLDIERS, OFFICERS = "rowers", "soldiers", "officers"
SHORT, MEDIUM, LONG = "short", "medium", "long"
LONG_CHANCE = 20  # text 6: 20% at long range over all types

# §12.1: the largest distance of each band, in inches (footprint distance after movement).
RANGES: Mapping[str, tuple[tuple[str, float], ...]] = {
    ARCHERS: ((SHORT, 3.0), (MEDIUM, 6.0), (LONG, 10.0)),
    BALLISTA: ((SHORT, 4.0), (MEDIUM, 10.0), (LONG, 16.0)),
}

# §12.2 long range: the highest roll of each type, in order (a roll above the last misses).
LONG_LINE: Mapping[str, tuple[tuple[int, str], ...]] = {
    ARCHERS: ((3, OFFICERS), (7, ARCHERS), (12, SOLDIERS), (20, ROWERS)),
    BALLISTA: ((2, OFFICERS), (4, BALLISTA), (7, ARCHERS), (11, SOLDIERS), (20, ROWERS)),
}

# §12.2 medium and short: hit when the roll is at most the number for the chosen type.
CHOSEN: Mapping[tuple[str, str], Mapping[str, int]] = {
    (ARCHERS, MEDIUM): {ROWERS: 35, SOLDIERS: 25, ARCHERS: 25, OFFICERS: 10},
    (ARCHERS, SHORT): {ROWERS: 50, SOLDIERS: 35, ARCHERS: 35, OFFICERS: 15},
    (BALLISTA, MEDIUM): {ROWERS: 35, SOLDIERS: 30, ARCHERS: 30, OFFICERS: 10, BALLISTA: 15},
    (BALLISTA, SHORT): {ROWERS: 50, SOLDIERS: 45, ARCHERS: 45, OFFICERS: 15, BALLISTA: 25},
}

# §12.3: what one hit removes (a ballista hit on a ballista removes one ballista).
HIT_LOSS: Mapping[str, int] = {ARCHERS: 1, BALLISTA: 2}


def range_band(weapon: str, distance: float, epsilon: float) -> str | None:
    """The range band of a distance for a weapon (§12.1), ε in the firer's favour; None beyond
    long range."""
    for band, limit in RANGES[weapon]:
        if distance <= limit + epsilon:
            return band
    return None


def long_type(weapon: str, roll: int) -> str | None:
    """The type a long-range roll hits (§12.2), None for a miss."""
    for highest, kind in LONG_LINE[weapon]:
        if roll <= highest:
            return kind
    return None


def resolve_shot(weapon: str, band: str, chosen: str, roll: int,
                 target_speed: int = 0) -> str | None:
    """The type a d100 shot hits, or None for a miss. `chosen` is the written type (ignored at
    long range); `target_speed` in tenths, 0 unless `opt_missile_speed` (§16)."""
    if band == LONG:
        if target_speed == 0:
            return long_type(weapon, roll)
        if 10 * roll > 10 * LONG_CHANCE - target_speed:
            return None
        # ceil(20 r / (20 - speed)) with the speed in tenths: ceil(200 r / (200 - speed)).
        scaled = -(-(10 * LONG_CHANCE * roll) // (10 * LONG_CHANCE - target_speed))
        return long_type(weapon, scaled)
    number = CHOSEN[(weapon, band)].get(chosen)
    if number is None:
        raise ValueError(f"{weapon} at {band} range cannot aim at {chosen}")
    return chosen if 10 * roll <= 10 * number - target_speed else None


# --- one clause at resolution, and the losses of the phase (§12.1, §12.3)


def firing_problem(firer: Ship) -> str:
    """Why a ship does not fire at all ("" if it may): prizes, fleeing ships and ships off the
    table do not fire (§12.1, §15)."""
    if firer.status == FLEEING:
        return f"{firer.id} is fleeing and does not fire"
    if firer.status != AFLOAT:
        return f"{firer.id} is {firer.status} and does not fire"
    return ""


def target_problem(state: GameState, firer: Ship, target: Ship | None, name: str) -> str:
    """Why a named ship is not a target ("" if it is): an enemy afloat or fleeing (§12.1)."""
    if target is None:
        return f"there is no ship {name}"
    if not state.enemies(firer, target):
        return f"{target.id} is not an enemy of {firer.id}"
    if not target.active:
        return f"{target.id} is {target.status}, no target"
    return ""


def fire_distance(state: GameState, firer: Ship, target: Ship) -> float:
    """Range: the footprint distance after movement (§12.1, G5)."""
    return footprint_distance(firer.polygon, target.polygon, state.epsilon)


def target_speed(state: GameState, target: Ship) -> int:
    """The target's speed in tenths for `opt_missile_speed` (§16, §3.1: 0 once dead in the
    water or held); 0 with the switch off."""
    if not state.options.opt_missile_speed:
        return 0
    return formula_speed(target, state.held(target.id))


def chance_tenths(weapon: str, band: str, kind: str, speed: int) -> int:
    """The hit chance of one shot in tenths of a percent: at long range 20% over all types,
    else the chart's number for the chosen type; less the target's speed (tenths)."""
    number = LONG_CHANCE if band == LONG else CHOSEN[(weapon, band)][kind]
    return 10 * number - speed


def percent(tenths: int) -> int | float:
    """A chance in tenths written as a percentage (27.5, 35)."""
    return tenths // 10 if tenths % 10 == 0 else tenths / 10


def long_reading(roll: int, speed: int) -> int:
    """The place on the long line a long-range roll is read at (§16): the roll itself at speed
    0 or when it misses (r > 20 − speed), else ceil(20 r / (20 − speed))."""
    if speed == 0 or 10 * roll > 10 * LONG_CHANCE - speed:
        return roll
    return -(-(10 * LONG_CHANCE * roll) // (10 * LONG_CHANCE - speed))


def hit_amount(weapon: str, kind: str) -> int:
    """What one hit takes (§12.3): an archer hit 1 factor, a ballista hit 2 factors, or one
    ballista when the type is ballista."""
    if weapon == BALLISTA and kind == BALLISTA:
        return 1
    return HIT_LOSS[weapon]


def take_rowers(rowers: tuple[int, ...], count: int) -> tuple[tuple[int, ...], int]:
    """`count` rower factors taken one at a time from the lowest-numbered section that still
    has rowers (§2.2); returns the sections and how many were taken (the rest are lost)."""
    left = list(rowers)
    taken = 0
    for index, there in enumerate(left):
        take = min(there, count - taken)
        left[index] -= take
        taken += take
    return tuple(left), taken


CREW_COUNTS = (ARCHERS, SOLDIERS, OFFICERS)


def apply_losses(ship: Ship, hits: Mapping[str, int]) -> tuple[Ship, tuple[Event, ...]]:
    """One target's losses of the phase, all at once (§12.3). `hits` holds, per type, the
    factors lost (rowers, soldiers, archers, officers) and for ballista the ballista hits.
    What a type cannot absorb goes to the rowers: 1 per excess factor, 2 per excess ballista
    hit; officers killed join `officers_lost` and this turn's morale list (§14.1)."""
    events: list[Event] = []
    counts = {ARCHERS: ship.archers, SOLDIERS: ship.soldiers, OFFICERS: ship.officers,
              BALLISTA: ship.ballistae}
    to_rowers = hits.get(ROWERS, 0)
    for kind in (*CREW_COUNTS, BALLISTA):
        amount = hits.get(kind, 0)
        if amount == 0:
            continue
        there = counts[kind]
        lost = min(amount, there)
        excess = (amount - lost) * (HIT_LOSS[BALLISTA] if kind == BALLISTA else 1)
        counts[kind] = there - lost
        to_rowers += excess
        events.append(event("missile_loss", ship=ship.id, type=kind, hits=amount, lost=lost,
                             left=there - lost, excess_to_rowers=excess))
    killed = ship.officers - counts[OFFICERS]
    rowers, taken = take_rowers(ship.rowers, to_rowers)
    if to_rowers:
        events.append(event("missile_loss", ship=ship.id, type=ROWERS, hits=to_rowers,
                            lost=taken, left=sum(rowers), excess_to_rowers=0))
    ship = replace(ship, rowers=rowers, archers=counts[ARCHERS], soldiers=counts[SOLDIERS],
                   officers=counts[OFFICERS], ballistae=counts[BALLISTA],
                   officers_lost=ship.officers_lost + killed,
                   officers_lost_this_turn=ship.officers_lost_this_turn + killed)
    return ship, tuple(events)
