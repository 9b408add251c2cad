"""The numbers of one melee round for one side (rulings §13.3; house rule `corvus_mod`; §16's
crew modifier under `opt_crew_quality`), exact in whole numbers: the melee value M in tenths,
the multiplier P in hundredths, so M × P = M₁₀ × P₁₀₀ / 1000.
"""

from __future__ import annotations

from dataclasses import dataclass

from pbem.rules.speedband.state import ELITE, POOR, Ship
from pbem.rules.speedband.switches import Options

TOWER_MOD = 10  # hundredths (text 7)
CREW_MOD = {POOR: -15, ELITE: 5}  # hundredths, §16's house rule within opt_crew_quality


def melee_value_tenths(ship: Ship) -> int:
    """M = 0.5 × archers + soldier value × soldiers + 0.7 × officers, in tenths (§13.3; the
    ship's own values under `opt_combat_values`)."""
    return (ship.archer_value * ship.archers + ship.soldier_value * ship.soldiers
            + ship.officer_value * ship.officers)


def multiplier_hundredths(ship: Ship, first_roll: int, corvus_holds_enemy: bool,
                          options: Options) -> int:
    """P = first roll / 100 (00 is 1.00) + tower 0.10 + the corvus modifier when this ship's
    corvus holds the other + the crew modifier, never below 0, in hundredths."""
    total = first_roll
    if ship.tower:
        total += TOWER_MOD
    if corvus_holds_enemy:
        total += options.corvus_mod
    if options.opt_crew_quality:
        total += CREW_MOD.get(ship.crew, 0)
    return max(0, total)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One side's casualties inflicted (n) and officer kills (k) in a round."""

    casualties: int
    officer_kills: int
    extra: bool


def casualties(value_tenths: int, multiplier: int, first_roll: int,
               second_roll: int) -> RoundResult:
    """n = floor(M × P) + 1 when 10 × second ≤ (M₁₀ × P₁₀₀ mod 1000); officer kills k: a second
    roll of 00 gives 2 and n at least 2 (a first roll of 90-00 adds none then), otherwise 1 for a
    first roll of 90-00 and 1 for a second roll of 01-10, at most n (§13.3)."""
    product = value_tenths * multiplier
    count = product // 1000
    extra = 10 * second_roll <= product % 1000
    if extra:
        count += 1
    if second_roll == 100:
        return RoundResult(max(count, 2), 2, extra)
    kills = (1 if first_roll >= 90 else 0) + (1 if second_roll <= 10 else 0)
    return RoundResult(count, min(kills, count), extra)
