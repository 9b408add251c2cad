"""Missile ranges and the hit chart of rulings §12.1-§12.2, copied here from the rulings so a
changed cell fails, and §16's opt_missile_speed worked by hand."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.missiles import (
    CHOSEN,
    RANGES,
    long_type,
    range_band,
    resolve_shot,
)


def test_the_range_table_is_the_rulings() -> None:
    assert dict(RANGES) == {"archers": (("short", 3.0), ("medium", 6.0), ("long", 10.0)),
                            "ballista": (("short", 4.0), ("medium", 10.0), ("long", 16.0))}


@pytest.mark.parametrize(("weapon", "distance", "band"), [
    ("archers", 0.0, "short"), ("archers", 3.0005, "short"), ("archers", 3.01, "medium"),
    ("archers", 10.0, "long"), ("archers", 10.01, None), ("ballista", 4.0, "short"),
    ("ballista", 10.0, "medium"), ("ballista", 16.0, "long"), ("ballista", 16.1, None),
])
def test_range_bands(weapon: str, distance: float, band: str | None) -> None:
    assert range_band(weapon, distance, 0.001) == band


# §12.2's long lines, roll by roll: 01-03 officers, 04-07 archers, 08-12 soldiers, 13-20
# rowers, 21-00 miss; ballista 01-02 officers, 03-04 ballista, 05-07 archers, 08-11 soldiers,
# 12-20 rowers.
ARCHERS_LONG = ["officers"] * 3 + ["archers"] * 4 + ["soldiers"] * 5 + ["rowers"] * 8
BALLISTA_LONG = (["officers"] * 2 + ["ballista"] * 2 + ["archers"] * 3 + ["soldiers"] * 4
                 + ["rowers"] * 9)


def test_the_long_lines_roll_by_roll() -> None:
    assert [long_type("archers", roll) for roll in range(1, 101)] == ARCHERS_LONG + [None] * 80
    assert [long_type("ballista", roll) for roll in range(1, 101)] == BALLISTA_LONG + [None] * 80


def test_the_chosen_type_chart_is_the_rulings() -> None:
    assert {key: dict(value) for key, value in CHOSEN.items()} == {
        ("archers", "medium"): {"rowers": 35, "soldiers": 25, "archers": 25, "officers": 10},
        ("archers", "short"): {"rowers": 50, "soldiers": 35, "archers": 35, "officers": 15},
        ("ballista", "medium"): {"rowers": 35, "soldiers": 30, "archers": 30, "officers": 10,
                                 "ballista": 15},
        ("ballista", "short"): {"rowers": 50, "soldiers": 45, "archers": 45, "officers": 15,
                                "ballista": 25},
    }


def test_chosen_type_shots() -> None:
    assert resolve_shot("archers", "short", "soldiers", 35) == "soldiers"
    assert resolve_shot("archers", "short", "soldiers", 36) is None
    assert resolve_shot("ballista", "medium", "ballista", 15) == "ballista"
    assert resolve_shot("archers", "long", "officers", 2) == "officers"  # type ignored at long
    with pytest.raises(ValueError, match="archers at short range cannot aim at ballista"):
        resolve_shot("archers", "short", "ballista", 1)


def test_missile_speed_lowers_every_chance() -> None:
    # Target at 8" (80 tenths): short soldiers 35 -> 27; long 20 -> 12.
    assert resolve_shot("archers", "short", "soldiers", 27, 80) == "soldiers"
    assert resolve_shot("archers", "short", "soldiers", 28, 80) is None
    assert resolve_shot("archers", "long", "", 13, 80) is None
    # At long, roll r reads the line at ceil(20 r / 12): r 1 -> 2 officers, r 2 -> 4 archers,
    # r 7 -> 12 soldiers, r 8 -> 14 rowers, r 12 -> 20 rowers.
    assert [resolve_shot("archers", "long", "", r, 80) for r in (1, 2, 7, 8, 12)] == [
        "officers", "archers", "soldiers", "rowers", "rowers"]
    # Speed 9.5": the line keeps 10.5 of 20; r 10 -> ceil(200 / 10.5) = 20 rowers, r 11 misses.
    assert resolve_shot("archers", "long", "", 10, 95) == "rowers"
    assert resolve_shot("archers", "long", "", 11, 95) is None
