"""One melee round's numbers (rulings §13.3), worked by hand from the text's quadreme crew
(3 archers, 2 soldiers, 3 officers, a tower)."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.melee import (
    casualties,
    melee_value_tenths,
    multiplier_hundredths,
)
from pbem.rules.speedband.state import Ship, new_ship
from pbem.rules.speedband.switches import Options, parse_options


def quadreme(**changes: object) -> Ship:
    return new_ship("C1", "Q", "quadreme", "carthaginians", 0, 0, 0, **changes)


def test_the_melee_value_in_tenths() -> None:
    # 0.5 x 3 + 0.6 x 2 + 0.7 x 3 = 1.5 + 1.2 + 2.1 = 4.8
    assert melee_value_tenths(quadreme()) == 48
    assert melee_value_tenths(quadreme(soldier_value=7)) == 50
    assert melee_value_tenths(quadreme(archers=0, soldiers=0, officers=0)) == 0


def test_the_multiplier() -> None:
    ship = quadreme()  # the quadreme has a tower
    assert multiplier_hundredths(ship, 55, False, Options()) == 65
    assert multiplier_hundredths(ship, 55, True, Options()) == 85   # corvus +0.20
    assert multiplier_hundredths(ship, 100, False, Options()) == 110  # 00 reads 1.00
    assert multiplier_hundredths(ship, 55, True, parse_options({"corvus_mod": 0.35})) == 100
    quality = parse_options({"opt_crew_quality": "on"})
    assert multiplier_hundredths(quadreme(crew="poor", tower=False), 10, False, quality) == 0
    assert multiplier_hundredths(quadreme(crew="elite"), 10, False, quality) == 25
    assert multiplier_hundredths(quadreme(crew="poor"), 10, False, Options()) == 20


@pytest.mark.parametrize(("value", "mult", "first", "second", "n", "k"), [
    (48, 55, 45, 64, 3, 0),    # 4.8 x 0.55 = 2.64: second 64 <= 64% -> the extra: 3
    (48, 55, 45, 65, 2, 0),    # 65 > 64%: 2
    (23, 115, 45, 64, 3, 0),   # 2.3 x 1.15 = 2.645: 64 <= 64.5%
    (23, 115, 45, 65, 2, 0),   # 65 > 64.5%
    (48, 55, 95, 5, 3, 2),     # first 90-00 and second 01-10: two officers
    (48, 55, 90, 70, 2, 1),    # first 90, second 70 > 64%: one officer of two
    (48, 10, 50, 100, 2, 2),   # second 00: two officers and at least two casualties
    (48, 10, 95, 100, 2, 2),   # ... and a first 90-00 adds none then
    (10, 50, 95, 5, 1, 1),     # 0.5: the extra makes 1; kills cut to n
    (10, 50, 95, 60, 0, 0),    # 0.5, no extra: no casualties, no kills
])
def test_casualties_the_extra_and_officer_kills(value: int, mult: int, first: int, second: int,
                                                n: int, k: int) -> None:
    result = casualties(value, mult, first, second)
    assert (result.casualties, result.officer_kills) == (n, k)
