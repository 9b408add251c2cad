"""Wooden Walls' ship table (rulings §4.1), the class tables (§4.3, §4.4), default loads (§4.5),
hole units and the turn scale, each compared with a copy typed here from the rulings so that a
changed cell fails; the text's class tables (003, 10 and 11.6) against the type rows; lookups and
their sentences; the footprint and hull octagons (§2, G3)."""

from __future__ import annotations

import math
from collections.abc import Iterable

import pytest

from pbem.rules.table import Vec
from pbem.rules.woodenwalls.shiptypes import (
    CLASS_NAMES,
    DEFAULT_KIT,
    HOLE_UNITS,
    SHIP_CLASSES,
    SHIP_TYPES,
    TURN_SCALE,
    TYPE_IDS,
    hole_units,
    shifted_turn,
    ship_class,
    ship_type,
    turn_column,
)

# §4.1 as the rulings print it: id, name, class, rating, L, W, oar sections / side, RAV,
# hole capacity, height, protection.
RULINGS_TYPES = [
    ("oar20", "20-oar", "small", 1, 0.60, 0.20, 1, None, 2, 1, "open"),
    ("oar30", "30-oar", "small", 1, 0.70, 0.20, 1, None, 2, 1, "open"),
    ("pentekonter", "pentekonter", "one-bank", 1, 0.80, 0.25, 2, 1, 4, 1, "open"),
    ("pentekonter2", "two-bank pentekonter", "two-bank", 2, 0.80, 0.30, 3, 1, 8, 2, "aphract"),
    ("hemiola", "hemiola", "one-bank", 2, 0.90, 0.25, 2, 1, 4, 1, "open"),
    ("liburnian", "liburnian", "two-bank", 2, 1.00, 0.30, 3, 1, 8, 1, "aphract"),
    ("trihemiola", "trihemiola", "trireme", 3, 1.10, 0.30, 3, 2, 12, 2, "aphract"),
    ("trireme", "trireme", "trireme", 3, 1.20, 0.30, 3, 2, 12, 2, "aphract"),
    ("quadrireme", '"4"', "quad/quin", 4, 1.30, 0.35, 4, 3, 16, 3, "cataphract"),
    ("quinquereme", '"5"', "quad/quin", 5, 1.40, 0.40, 4, 4, 16, 4, "cataphract"),
    ("larger", '"6" and up', "larger", 6, 1.60, 0.50, 5, 5, 24, 5, "cataphract"),
]

# §4.3: class, max increase, Slow (first), Faster (first), Slow (second), Faster (second), pivot.
RULINGS_TURNS = [
    ("small", 1, 90, 60, 90, 60, 90),
    ("one-bank", 1, 90, 60, 90, 60, 90),
    ("two-bank", 2, 90, 60, 60, 45, 60),
    ("trireme", 3, 60, 45, 45, 30, 45),
    ("quad/quin", 2, 60, 45, 30, 22.5, 22.5),
    ("larger", 1, 45, 30, 22.5, 22.5, 22.5),
]

# §4.4: class, B, M, S, frontage.
RULINGS_DECKS = [
    ("small", 1, 1, 1, 1),
    ("one-bank", 1, 2, 1, 1),
    ("two-bank", 2, 2, 2, 2),
    ("trireme", 2, 3, 2, 2),
    ("quad/quin", 3, 4, 3, 2),
    ("larger", 3, 6, 3, 2),
]

# §4.5: type, marines, shooters, engines.
RULINGS_LOADS = [
    ("oar20", 1, 0, 0), ("oar30", 1, 0, 0),
    ("pentekonter", 1, 1, 0), ("hemiola", 1, 1, 0),
    ("pentekonter2", 2, 1, 0), ("liburnian", 2, 1, 0), ("trihemiola", 2, 1, 0), ("trireme", 2, 1, 0),
    ("quadrireme", 3, 2, 0), ("quinquereme", 3, 1, 1), ("larger", 4, 1, 1),
]

# The text's own class tables: 10 (oar sections per side) and 11.6 (damage capacity in holes).
TEXT_OAR_SECTIONS = {"small": 1, "one-bank": 2, "two-bank": 3, "trireme": 3, "quad/quin": 4, "larger": 5}
TEXT_CAPACITY = {"small": "1 M", "one-bank": "1 L", "two-bank": "2 L", "trireme": "3 L",
                 "quad/quin": "4 L", "larger": "6 L"}


def test_the_type_table_is_the_rulings_table_cell_by_cell() -> None:
    built = [(row.id, row.name, row.ship_class.name, row.rating, row.length, row.beam,
              row.oar_sections, row.rav, row.hole_capacity, row.height, row.protection)
             for row in SHIP_TYPES]
    assert built == RULINGS_TYPES
    assert [row[0] for row in RULINGS_TYPES] == list(TYPE_IDS)


def test_the_turn_tables_are_the_rulings_cell_by_cell() -> None:
    built = [(row.name, row.max_increase, row.turn_limit("slow"), row.turn_limit("faster"),
              row.turn_limit("slow", "second"), row.turn_limit("faster", "second"), row.pivot)
             for row in SHIP_CLASSES]
    assert built == RULINGS_TURNS
    assert ship_class("trireme").turn_limit("faster", "first") == 45.0


def test_the_deck_capacities_are_the_rulings_cell_by_cell() -> None:
    built = [(row.name, row.capacity("B"), row.capacity("M"), row.capacity("S"), row.frontage)
             for row in SHIP_CLASSES]
    assert built == RULINGS_DECKS
    assert [row.capacity("T1") for row in SHIP_CLASSES] == [2] * 6
    assert ship_class("larger").capacity("T2") == 2


def test_the_default_loads_are_the_rulings_cell_by_cell() -> None:
    # The rulings list the loads by groups of types, not in table order.
    built = {(row.id, row.default_load.marines, row.default_load.shooters, row.default_load.engines)
             for row in SHIP_TYPES}
    assert built == set(RULINGS_LOADS)
    assert len(RULINGS_LOADS) == len(SHIP_TYPES) == 11
    assert dict(DEFAULT_KIT) == {"marines": ("experienced", True, True),
                                 "shooters": ("experienced", False, False)}


def test_every_type_agrees_with_the_texts_class_tables() -> None:
    # Text 10 and 11.6 give oar sections and damage capacity by class; §4.1 copies them per type.
    for row in SHIP_TYPES:
        count, size = TEXT_CAPACITY[row.ship_class.name].split()
        assert row.oar_sections == TEXT_OAR_SECTIONS[row.ship_class.name], row.id
        assert row.hole_capacity == int(count) * HOLE_UNITS[size], row.id


def test_hole_units_and_the_turn_scale() -> None:
    assert dict(HOLE_UNITS) == {"S": 1, "M": 2, "L": 4}
    assert hole_units(["L", "M", "S", "S"]) == 8
    assert hole_units([]) == 0
    assert TURN_SCALE == (90, 60, 45, 30, 22.5, 10)
    with pytest.raises(ValueError, match="no hole size 'X'; the sizes are S, M and L"):
        hole_units(["M", "X"])


@pytest.mark.parametrize(("angle", "classes", "result"), [
    (45.0, 1, 60.0),     # First Rate trireme at speed 2
    (45.0, -1, 30.0),    # Poor
    (45.0, -2, 22.5),    # holed and Poor
    (45.0, -3, 10.0),    # a lost steering oar (-2) and holed
    (45.0, -9, 10.0),    # held at 10
    (60.0, 3, 90.0),     # held at 90
    (22.5, 0, 22.5),
])
def test_shifts_move_along_the_scale_and_stop_at_its_ends(angle: float, classes: int,
                                                          result: float) -> None:
    assert shifted_turn(angle, classes) == result


def test_an_angle_off_the_scale_is_refused_with_the_scale() -> None:
    with pytest.raises(ValueError, match="^11.25° is not on the turn scale; the scale is "
                                         "90, 60, 45, 30, 22.5, 10$"):
        shifted_turn(11.25, 1)


def test_the_turn_column_of_each_speed() -> None:
    assert [turn_column(speed) for speed in (0, 1, 2, 3, 4, "B")] == [
        None, "slow", "faster", "faster", "faster", "slow"]
    with pytest.raises(ValueError, match="no speed 5; the speeds are 0, 1, 2, 3, 4 and B"):
        turn_column(5)


def test_lookups_by_id_in_any_case() -> None:
    assert ship_type("trireme").rating == 3
    assert ship_type(" QuinQuereme ").name == '"5"'
    assert ship_type("oar20").ship_class is ship_class("SMALL")
    assert ship_type("larger").ship_class.name == "larger"
    assert CLASS_NAMES == ("small", "one-bank", "two-bank", "trireme", "quad/quin", "larger")


def test_an_unknown_type_is_a_sentence_naming_the_types() -> None:
    expected = ("there is no ship type 'bireme'; the types are oar20, oar30, pentekonter, "
                "pentekonter2, hemiola, liburnian, trihemiola, trireme, quadrireme, quinquereme, larger")
    with pytest.raises(ValueError) as refused:
        ship_type("bireme")
    assert str(refused.value) == expected


def test_unknown_classes_areas_tables_and_columns_are_sentences() -> None:
    with pytest.raises(ValueError, match="no ship class 'bireme'; the classes are small, one-bank"):
        ship_class("bireme")
    trireme = ship_class("trireme")
    with pytest.raises(ValueError, match="no deck area 'T3'; the areas are B, M, S, T1, T2"):
        trireme.capacity("T3")
    with pytest.raises(ValueError, match="no turn table 'third'; the turn tables are first, second"):
        trireme.turn_limit("slow", "third")
    with pytest.raises(ValueError, match="no turn column 'fast'; the turn columns are slow, faster"):
        trireme.turn_limit("fast")


def test_options_and_defence_size_by_type() -> None:
    # §4.1: ram on with an RAV, grapnels off on small ships, toughened from rating 2,
    # towers on quad/quin and larger (which take no small holes, §10.3, §10.7); the defence
    # size is the RAV, small ships 0.
    rows = {row.id: row for row in SHIP_TYPES}
    assert [row.id for row in SHIP_TYPES if not row.ram_by_default] == ["oar20", "oar30"]
    assert [row.id for row in SHIP_TYPES if not row.grapnels_by_default] == ["oar20", "oar30"]
    assert [row.id for row in SHIP_TYPES if not row.may_be_toughened] == ["oar20", "oar30",
                                                                            "pentekonter"]
    assert [row.id for row in SHIP_TYPES if row.may_have_towers] == ["quadrireme", "quinquereme",
                                                                       "larger"]
    assert [row.id for row in SHIP_TYPES if row.ignores_small_holes] == ["quadrireme", "quinquereme",
                                                                           "larger"]
    assert [row.defence_size for row in SHIP_TYPES] == [0, 0, 1, 1, 1, 1, 2, 2, 3, 4, 5]
    assert rows["hemiola"].rav == 1


def _corners(corners: Iterable[Vec]) -> list[tuple[float, float]]:
    return [(round(corner.x, 9), round(corner.y, 9)) for corner in corners]


def test_the_trireme_footprint_is_the_rulings_octagon() -> None:
    # §2 with L 1.20, W 0.30: a 0.6, b 0.15, q 0.075; corners clockwise from the starboard bow.
    s = round(0.6 - 0.075 * math.sqrt(3), 9)
    expected = [(0.6, 0.075), (s, 0.15), (-0.525, 0.15), (-0.6, 0.075),
                (-0.6, -0.075), (-0.525, -0.15), (s, -0.15), (0.6, -0.075)]
    footprint = ship_type("trireme").footprint
    assert _corners(footprint.corners) == expected
    assert footprint.half_length == pytest.approx(0.6)


@pytest.mark.parametrize("type_id", TYPE_IDS)
def test_each_footprint_and_hull_has_the_types_length_and_beam(type_id: str) -> None:
    row = ship_type(type_id)
    for outline, beam in ((row.footprint, row.beam), (row.hull, row.beam - 0.05)):
        us = [corner.x for corner in outline.corners]
        vs = [corner.y for corner in outline.corners]
        assert max(us) - min(us) == pytest.approx(row.length, abs=1e-12)
        assert max(vs) - min(vs) == pytest.approx(beam, abs=1e-12)
        # the bow edge is half the width (§2 reading): v = ±W/4 at u = L/2
        assert sorted(c.y for c in outline.corners if c.x == pytest.approx(row.length / 2)) == \
            pytest.approx([-beam / 4, beam / 4])


def test_the_smallest_and_largest_hulls() -> None:
    # 20-oar hull: W 0.15, q 0.0375; larger: W 0.45, q 0.1125 (house rule `hull_outline`).
    small = _corners(ship_type("oar20").hull.corners)
    assert small[0] == (0.3, 0.0375) and small[2] == (-0.2625, 0.075)
    large = _corners(ship_type("larger").hull.corners)
    assert large[3] == (-0.8, 0.1125) and large[5] == (-0.6875, -0.225)
