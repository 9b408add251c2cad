"""The ship table of rulings §2.1, copied here cell by cell from the rulings so that a changed
cell fails; the band ladder, turns per band (Play Aid), band of a speed (§3.1), maximum band
(§2.3) and row shifts (§16)."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.shiptypes import (
    BANDS,
    SHIP_TYPES,
    TURNS_BY_BAND,
    band_of,
    max_band,
    shifted,
    ship_type,
)

# §2.1 as the rulings print it: L x W, tons, Back Slow Cruise Battle Ram (inches), turn,
# rowers per section, archers, soldiers, officers, ballistae, tower, corvus allowed, heavy.
RULINGS_TABLE = [
    ("triakonter", 3, 0.75, 15, 2, 7, 9, 11, 12, 60, 1, 1, 1, 3, 0, False, False, False),
    ("pentakonter", 3.5, 0.75, 25, 2, 7, 9, 10, 12, 60, 1, 1, 2, 3, 0, False, False, False),
    ("trireme", 4, 1, 50, 2, 7, 8, 10, 11, 45, 2, 2, 2, 3, 0, False, False, False),
    ("quadreme", 4.5, 1.25, 70, 2, 6, 7, 9, 10, 40, 3, 3, 2, 3, 1, True, True, False),
    ("quinquereme", 5, 1.25, 100, 2, 6, 7, 8, 9, 30, 4, 3, 4, 3, 1, True, True, False),
    ("heptares", 5.5, 1.5, 150, 1, 5, 6, 7, 8, 30, 5, 4, 6, 3, 2, True, True, True),
    ("octeres", 6, 1.75, 180, 1, 5, 6, 7, 8, 20, 6, 4, 8, 3, 2, True, True, True),
    ("dekeres", 7, 2, 250, 1, 4, 5, 6, 7, 15, 8, 6, 10, 3, 3, True, True, True),
]


def test_the_table_is_the_rulings_table_cell_by_cell() -> None:
    built = [(row.name, row.length, row.beam, row.tons, row.back / 10, row.slow / 10,
              row.cruise / 10, row.battle / 10, row.ram / 10, row.turn_angle, row.rowers,
              row.archers, row.soldiers, row.officers, row.ballistae, row.tower,
              row.corvus_allowed, row.heavy) for row in SHIP_TYPES]
    assert built == RULINGS_TABLE


def test_no_row_is_faster_or_sharper_than_the_row_above() -> None:
    # §2.1's "why": next worse / next best ship is simply the next row down or up.
    for upper, lower in zip(SHIP_TYPES, SHIP_TYPES[1:], strict=False):
        for band in BANDS:
            assert lower.band_maximum(band) <= upper.band_maximum(band), (lower.name, band)
        assert lower.turn_angle <= upper.turn_angle


def test_footprints_are_the_type_rectangles() -> None:
    for name, length, beam in (("trireme", 4.0, 1.0), ("dekeres", 7.0, 2.0),
                               ("triakonter", 3.0, 0.75)):
        footprint = ship_type(name).footprint
        us = sorted({round(corner.x, 9) for corner in footprint.corners})
        vs = sorted({round(corner.y, 9) for corner in footprint.corners})
        # local (u, v): u along the keel, v to starboard (G2, G3)
        assert sorted([us[-1] - us[0], vs[-1] - vs[0]]) == sorted([length, beam])
        assert footprint.half_length == pytest.approx(length / 2)


def test_an_unknown_type_is_a_sentence_naming_the_types() -> None:
    with pytest.raises(ValueError, match="no ship type 'bireme'; the types are triakonter"):
        ship_type("bireme")


def test_turns_by_band_are_the_play_aid() -> None:
    assert dict(TURNS_BY_BAND) == {"back": 1, "stop": 3, "slow": 3, "cruise": 2, "battle": 1,
                                   "ram": 0}
    assert BANDS == ("back", "stop", "slow", "cruise", "battle", "ram")


@pytest.mark.parametrize(("tenths", "band"), [
    (0, "stop"), (1, "slow"), (70, "slow"), (71, "cruise"), (80, "cruise"), (81, "battle"),
    (100, "battle"), (101, "ram"), (110, "ram"), (111, None), (-1, "back"), (-20, "back"),
    (-21, None),
])
def test_the_band_of_a_trireme_speed(tenths: int, band: str | None) -> None:
    # §3.1's own example: Slow 0.1-7.0, Cruise 7.1-8.0, Battle 8.1-10.0, Ram 10.1-11.0.
    assert band_of(ship_type("trireme"), tenths) == band


def test_heavy_ships_back_only_one_inch() -> None:
    assert band_of(ship_type("heptares"), -10) == "back"
    assert band_of(ship_type("heptares"), -11) is None


@pytest.mark.parametrize(("lost", "hull", "band"), [
    (0, 100, "ram"), (1, 100, "ram"), (2, 100, "battle"), (0, 71, "ram"), (0, 70, "battle"),
    (2, 70, "cruise"), (4, 40, "stop"), (8, 10, "stop"), (3, 41, "cruise"),
])
def test_maximum_band(lost: int, hull: int, band: str) -> None:
    # §2.3: Ram - floor(lost / 2) - floor((100 - hull) / 30), never below Stop.
    assert max_band(ship_type("trireme"), lost, hull) == band


def test_row_shifts_hold_at_the_ends() -> None:
    trireme = ship_type("trireme")
    assert shifted(trireme, 1).name == "quadreme"
    assert shifted(trireme, -1).name == "pentakonter"
    assert shifted(trireme, -5).name == "triakonter"
    assert shifted(ship_type("dekeres"), 1).name == "dekeres"
    assert shifted(trireme, 0) is trireme
