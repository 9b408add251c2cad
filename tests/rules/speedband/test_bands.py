"""Speeds and bands (rulings §3.1, §3.2), the missing-orders speed (§4) and §16's row shifts,
worked by hand from the trireme row (Slow 7, Cruise 8, Battle 10, Ram 11, Back 2)."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.bands import (
    allowed_bands,
    band_at_end,
    changed_band,
    default_speed,
    formula_speed,
    moving_row,
    speed_problem,
)
from pbem.rules.speedband.state import Ship, new_ship
from pbem.rules.speedband.switches import Options, parse_options

PLAIN = Options()


def trireme(**changes: object) -> Ship:
    return new_ship("C2", "Tanit", "trireme", "carthaginians", 28, 40, 180, **changes)


@pytest.mark.parametrize(("last", "allowed"), [
    ("back", ("back", "stop")), ("stop", ("back", "stop", "slow")),
    ("slow", ("stop", "slow", "cruise")), ("cruise", ("slow", "cruise", "battle")),
    ("ram", ("battle", "ram")),
])
def test_one_step_either_way(last: str, allowed: tuple[str, ...]) -> None:
    assert allowed_bands(trireme(last_band=last), PLAIN) == allowed


def test_max_band_caps_and_forces_slowing() -> None:
    # Two lost sections and 70% hull: max band Ram - 1 - 1 = Cruise.
    damaged = trireme(last_band="ram", rowers=(0, 0, 2, 2, 2, 2, 2, 2), hull=70)
    assert damaged.max_band == "cruise"
    assert allowed_bands(damaged, PLAIN) == ("cruise",)  # forced slowing: exactly max_band
    slowed = trireme(last_band="cruise", hull=40)  # max band Ram - 2 = Cruise
    assert allowed_bands(slowed, PLAIN) == ("slow", "cruise")


def test_a_heavy_ship_that_changed_last_turn_keeps_its_band() -> None:
    heptares = new_ship("C1", "Melqart", "heptares", "carthaginians", 40, 40, 180,
                        last_band="cruise", changed_last_turn=True)
    assert allowed_bands(heptares, PLAIN) == ("cruise",)
    assert allowed_bands(trireme(changed_last_turn=True), PLAIN) == ("slow", "cruise", "battle")


def test_fast_triremes_change_two_bands_but_not_across_stop() -> None:
    fast = parse_options({"opt_fast_triremes": "on"})
    assert allowed_bands(trireme(last_band="cruise"), fast) == ("stop", "slow", "cruise",
                                                                 "battle", "ram")
    assert allowed_bands(trireme(last_band="back"), fast) == ("back", "stop")
    assert allowed_bands(trireme(last_band="slow"), fast) == ("stop", "slow", "cruise", "battle")
    assert allowed_bands(trireme(last_band="stop"), fast) == ("back", "stop", "slow", "cruise")
    three_lost = trireme(last_band="cruise", rowers=(0, 0, 0, 2, 2, 2, 2, 2))
    assert allowed_bands(three_lost, fast) == ("slow", "cruise", "battle")


@pytest.mark.parametrize(("speed", "said"), [
    (111, 'C2 cannot write SPEED 11.1": its most is 11"'),
    (-21, 'C2 cannot write BACK 2.1": its most is 2"'),
    (101, "C2 cannot write ram (SPEED 10.1\") this turn: from cruise with a maximum band of ram "
          'it may write slow or cruise or battle (SPEED 0.1-7", SPEED 7.1-8", SPEED 8.1-10")'),
    (0, "C2 cannot write stop"),
])
def test_speed_refusals_say_what_may_be_written(speed: int, said: str) -> None:
    problem = speed_problem(trireme(), speed, PLAIN)
    assert problem is not None and problem.startswith(said)


def test_legal_speeds_and_all_sections_lost() -> None:
    assert speed_problem(trireme(), 100, PLAIN) is None
    assert speed_problem(trireme(), 1, PLAIN) is None
    wreck = trireme(rowers=(0,) * 8, last_band="stop")
    assert speed_problem(wreck, -10, PLAIN) == (
        "C2 has lost all eight oar sections and may only write SPEED 0")
    assert speed_problem(wreck, 0, PLAIN) is None


def test_the_missing_orders_speed() -> None:
    assert default_speed(trireme(), 1, PLAIN) == 80  # turn 1: the top of Cruise
    assert default_speed(trireme(last_band="back"), 1, PLAIN) == -20
    assert default_speed(trireme(last_band="battle", last_speed=95), 4, PLAIN) == 95
    assert default_speed(trireme(last_band="back", last_speed=-15), 4, PLAIN) == -15
    assert default_speed(trireme(last_band="stop", last_speed=95), 4, PLAIN) == 0
    # Reduced to the top of max_band (hull 40: max band Cruise, top 8").
    assert default_speed(trireme(last_band="battle", last_speed=95, hull=40), 4, PLAIN) == 80


def test_crew_quality_and_overcrew_shift_the_moving_row() -> None:
    quality = parse_options({"opt_crew_quality": "on"})
    assert moving_row(trireme(crew="poor"), quality).name == "quadreme"
    assert moving_row(trireme(crew="elite"), quality).name == "pentakonter"
    assert moving_row(trireme(crew="poor"), PLAIN).name == "trireme"
    both = parse_options({"opt_crew_quality": "on", "opt_overcrew": "on"})
    # 1 soldier over and 3 archers over (floor 3/2 = 1): two rows down, elite one up.
    crowded = trireme(crew="elite", soldiers=3, archers=5)
    assert moving_row(crowded, both).name == "quadreme"
    assert moving_row(trireme(archers=3), both).name == "trireme"  # 1 archer over: none
    # A poor trireme moves as a quadreme: 10" is its Ram band, 10.1" too fast.
    assert speed_problem(trireme(crew="poor", last_band="battle"), 101, quality) is not None


def test_formula_speed_and_the_band_at_the_end_of_the_turn() -> None:
    moving = trireme(written_speed=-15, band="back", last_band="stop")
    assert formula_speed(moving, held=False) == 15
    assert formula_speed(moving, held=True) == 0
    assert formula_speed(trireme(written_speed=95, dead_in_water=True), held=False) == 0
    assert band_at_end(trireme(band="battle"), held=False) == "battle"
    assert band_at_end(trireme(band="battle"), held=True) == "stop"
    assert band_at_end(trireme(band="battle", dead_in_water=True), held=False) == "stop"
    assert changed_band(moving) and not changed_band(trireme(band="cruise"))
