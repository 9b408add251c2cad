"""The ram's chance and damage (rulings §7.2, §7.5) checked against the rulings' own worked
figures, and the zones read through the core (§1.1)."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.ramming import (
    BAND_DAMAGE,
    ZONE_CHANCE,
    ZONE_DAMAGE,
    approach_zone,
    ram_chance_tenths,
    ram_damage,
    ram_succeeds,
    zone_of,
)
from pbem.rules.speedband.state import new_ship
from pbem.rules.table import Vec


def test_the_tables_are_the_rulings() -> None:
    assert dict(ZONE_CHANCE) == {"A": -10, "B": 15, "C": 20, "D": 10}
    assert dict(ZONE_DAMAGE) == {"A": 50, "B": 125, "C": 150, "D": 100}
    assert dict(BAND_DAMAGE) == {"slow": 10, "cruise": 20, "battle": 30, "ram": 40}


@pytest.mark.parametrize(("attacker", "defender", "zone", "needed"), [
    (110, 0, "C", 49),   # §7.2: a trireme at 11" on a stationary beam target needs 49 or less
    (110, 80, "C", 41),  # on a moving one (Cruise 8") about 41
    (110, 110, "A", 8),  # head-on at full speed about 8
])
def test_the_rulings_worked_chances(attacker: int, defender: int, zone: str, needed: int) -> None:
    chance = ram_chance_tenths(40, attacker, defender, zone)
    assert chance == 10 * needed
    assert ram_succeeds(needed, chance) and not ram_succeeds(needed + 1, chance)


def test_the_chance_is_exact_in_tenths_and_the_base_switch_counts() -> None:
    chance = ram_chance_tenths(40, 95, 0, "B")  # 40 - 9.5 + 15 = 45.5
    assert chance == 455
    assert ram_succeeds(45, chance) and not ram_succeeds(46, chance)
    assert ram_chance_tenths(20, 95, 0, "B") == 255
    assert not ram_succeeds(1, ram_chance_tenths(40, 110, 110, "A") - 100)  # below 0: fails


@pytest.mark.parametrize(("att", "dfn", "band", "zone", "loss"), [
    (50, 50, "ram", "C", 60),      # §7.5: like ships at Ram on the after side lose 60%
    (100, 50, "ram", "C", 120),    # a quinquereme sinks a trireme in one
    (50, 100, "ram", "C", 30),     # a trireme takes only 30% off a quinquereme
    (50, 150, "slow", "A", 2),     # 50/150 x 10 x 0.5 = 1.67 -> 2
    (15, 100, "slow", "A", 1),     # 0.75 -> 1 (halves and more up)
    (15, 60, "slow", "A", 1),      # 1.25 -> 1
    (25, 100, "cruise", "D", 5),   # 5.0
    (30, 100, "slow", "A", 2),     # 1.5 -> 2: a half goes up
    (10, 100, "slow", "A", 1),     # 0.5 -> 1
    (10, 250, "slow", "A", 0),     # 0.2 -> 0
])
def test_damage_rounds_halves_up(att: int, dfn: int, band: str, zone: str, loss: int) -> None:
    assert ram_damage(att, dfn, band, zone) == loss


def test_zones_about_the_default_ships() -> None:
    melqart = new_ship("C1", "Melqart", "heptares", "carthaginians", 40, 40, 180)
    victoria = new_ship("R2", "Victoria", "quinquereme", "romans", 40, 8, 0)
    assert approach_zone(victoria, melqart, 0.001) == "A"  # dead ahead of its bow
    assert approach_zone(melqart, victoria, 0.001) == "A"
    # about C1 (heading 180: its bow points south, starboard is west)
    assert zone_of(Vec(40, 44), melqart, 0.001) == "D"     # astern
    assert zone_of(Vec(42, 39), melqart, 0.001) == "B"     # abreast, forward of amidships
    assert zone_of(Vec(42, 41), melqart, 0.001) == "C"     # abreast, abaft amidships
