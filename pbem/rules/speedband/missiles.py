"""Missile ranges and the hit chart (rulings §12.1, §12.2; house rules `missile_ranges`,
`missile_table`; `opt_missile_speed` of §16), one d100 per archer factor or ballista.

Chances with `opt_missile_speed` lose the target's speed (§3.1, in tenths), so a hit is
10 × roll ≤ 10 × chart number − speed; at long range a roll r hits only if r ≤ 20 − speed and
its type is read on the long line at ceil(20 × r / (20 − speed)).
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.rules.speedband.orders import ARCHERS, BALLISTA

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
