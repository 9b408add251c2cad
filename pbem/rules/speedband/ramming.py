"""The ram's numbers (rulings §7.2, §7.5; house rules `ram_base`, `zone_mods`, `ram_damage`) and
the zones they are read in (§1.1, house rule `zones`, through the core's G8).

The chance is exact in tenths (speeds are tenths, §19.1): success when 10 × roll ≤ the chance
in tenths. Damage is hull percentage lost, rounded with halves up, in whole numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.rules.speedband.shiptypes import BATTLE, CRUISE, RAM, SLOW
from pbem.rules.speedband.state import Ship
from pbem.rules.table import Vec, bow_point, point_zone

ZONES = ("A", "B", "C", "D")
# §7.2 zone_mods: the chance modifier and the damage factor in whole percent, by impact zone.
ZONE_CHANCE: Mapping[str, int] = {"A": -10, "B": 15, "C": 20, "D": 10}
ZONE_DAMAGE: Mapping[str, int] = {"A": 50, "B": 125, "C": 150, "D": 100}
# §7.5 ram_damage: the speed modifier by the rammer's band.
BAND_DAMAGE: Mapping[str, int] = {SLOW: 10, CRUISE: 20, BATTLE: 30, RAM: 40}


def zone_of(point: Vec, ship: Ship, epsilon: float) -> str:
    """The zone A-D of a point about a ship (§1.1, G8)."""
    row = ship.row
    return point_zone(point, ship.pose, row.length, row.beam, epsilon).value


def approach_zone(rammer: Ship, target: Ship, epsilon: float) -> str:
    """The zone of the rammer's bow point about its target, both as they stand (call it with
    their start-of-turn positions, §1.1)."""
    return zone_of(bow_point(rammer.row.footprint, rammer.pose), target, epsilon)


def ram_chance_tenths(base: int, attacker_speed: int, defender_speed: int, impact_zone: str) -> int:
    """§7.2 in tenths: base − attacker's speed − defender's speed + zone modifier (speeds in
    tenths as §3.1 counts them: the defender 0 when dead in the water, grappled or written 0)."""
    return 10 * (base + ZONE_CHANCE[impact_zone]) - attacker_speed - defender_speed


def ram_succeeds(roll: int, chance_tenths: int) -> bool:
    """A d100 roll (1-100) against a chance in tenths: success when the roll is at most it."""
    return 10 * roll <= chance_tenths


def ram_damage(attacker_tons: int, defender_tons: int, band: str, impact_zone: str) -> int:
    """§7.5: hull % lost = round(T_att × S × Z / (T_def × 100)), halves up, as
    floor((2·T_att·S·Z + T_def·100) / (2·T_def·100))."""
    speed_mod = BAND_DAMAGE[band]
    zone_factor = ZONE_DAMAGE[impact_zone]
    return ((2 * attacker_tons * speed_mod * zone_factor + defender_tons * 100)
            // (2 * defender_tons * 100))
