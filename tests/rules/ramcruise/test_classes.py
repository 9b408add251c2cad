"""The class table, crew maxima, crew factors and equipment against rulings §2, §3 and §4.

The expected rows are copied by hand from the rulings, so a changed cell in the code fails here."""

from __future__ import annotations

import pytest

from pbem.rules.ramcruise.classes import (
    BOW,
    DECK,
    ELITE,
    GREEN,
    MAR,
    OAR,
    REGULAR,
    Crew,
    class_table,
    crew_cost,
    crew_maximum_for,
    crew_problem,
    default_oars,
    equipment_cost,
    equipment_problem,
    ship_class,
)
from pbem.rules.table import Pose, Vec, keel_band, place, to_local
from pbem.rules.table.bands import KeelBand

# §3.1: class, oarbanks, ram, cruise, strategic, turns, points, crew maximum, rout sail;
# §2: L, W.
RULINGS_ROWS = {
    "quinquereme": (5, 8, 4, 2, 2, 5, 12, 8, 5.0, 1.5),
    "trireme": (3, 12, 6, 3, 3, 3, 7, 8, 4.0, 1.0),
    "bireme": (2, 16, 8, 4, 4, 2, 5, 7, 3.0, 1.0),
    "monoreme": (1, 16, 8, 4, 4, 2, 3, 7, 2.5, 0.75),
    "sixteen": (16, 8, 4, 2, 2, 16, 36, 6, 6.0, 2.0),
}
PRINTED_SIXTEEN = (16, 16, 8, 4, 4, 1, 36, 6, 6.0, 2.0)


def _row(name: str, special_ship: str = "sixteen") -> tuple[object, ...]:
    row = class_table(special_ship)[name]
    return (row.oarbanks, row.ram, row.cruise, row.strategic, row.turns, row.points,
            row.crew_maximum, row.rout_sail, row.length, row.beam)


@pytest.mark.parametrize("name", list(RULINGS_ROWS))
def test_every_cell_of_the_class_table(name: str) -> None:
    assert _row(name) == RULINGS_ROWS[name]


def test_the_classes_in_the_rulings_order_and_the_switch_of_each_house_rule_row() -> None:
    table = class_table()
    assert list(table) == ["quinquereme", "trireme", "bireme", "monoreme", "sixteen"]
    assert {name: row.house_rule for name, row in table.items() if row.house_rule} == {
        "monoreme": "other_classes", "sixteen": "special_ship"}


def test_special_ship_printed_restores_the_printed_row_and_off_removes_the_class() -> None:
    assert _row("sixteen", "printed") == PRINTED_SIXTEEN
    assert "sixteen" not in class_table("off")
    assert list(class_table("off")) == ["quinquereme", "trireme", "bireme", "monoreme"]
    with pytest.raises(ValueError, match="special_ship = off"):
        ship_class("sixteen", "off")
    with pytest.raises(ValueError, match="special_ship"):
        class_table("sixteens")


@pytest.mark.parametrize(("oarbanks", "maximum"), [
    (1, 3), (2, 5), (3, 7), (4, 10), (5, 12), (9, 20), (10, 24), (16, 36)])
def test_crew_maximum_brackets_of_text_part_4(oarbanks: int, maximum: int) -> None:
    assert crew_maximum_for(oarbanks) == maximum


def test_each_class_row_agrees_with_the_crew_formula_and_the_oarbank_reading() -> None:
    for row in class_table().values():
        assert row.crew_maximum == crew_maximum_for(row.oarbanks)
    # §3.1 reading: the class's number is its oarbank count, and the points equal it
    # (the sixteen's 16 points under `special_ship = sixteen`).
    for name, banks in {"monoreme": 1, "bireme": 2, "trireme": 3, "quinquereme": 5,
                        "sixteen": 16}.items():
        assert class_table()[name].oarbanks == banks
    for name in ("trireme", "quinquereme", "sixteen"):
        assert class_table()[name].points == class_table()[name].oarbanks


def test_class_names_are_read_in_any_case_and_unknown_ones_say_the_classes() -> None:
    assert ship_class(" Quinquereme ").name == "quinquereme"
    with pytest.raises(ValueError, match="quinquereme, trireme, bireme, monoreme, sixteen"):
        ship_class("quadrireme")


def test_bigger_means_more_oarbanks_and_equal_is_not_bigger() -> None:
    table = class_table()
    assert table["trireme"].bigger_than(table["bireme"])
    assert table["bireme"].bigger_than(table["monoreme"])
    assert not table["trireme"].bigger_than(table["trireme"])
    assert not table["bireme"].bigger_than(table["trireme"])


@pytest.mark.parametrize(("name", "zone"), [
    ("monoreme", 0.625), ("bireme", 0.75), ("trireme", 1.0), ("quinquereme", 1.25), ("sixteen", 1.5)])
def test_footprints_are_rectangles_with_zones_a_quarter_length_from_the_centre(name: str,
                                                                                 zone: float) -> None:
    row = class_table()[name]
    assert row.zone_limit == zone  # §2's "bow / stern zone from the centre"
    corners = place(row.footprint, Pose(Vec(10.0, 10.0), 0.0)).corners
    # G3 corner order: bow-starboard, stern-starboard, stern-port, bow-port (heading north).
    half_l, half_w = row.length / 2, row.beam / 2
    assert [(c.x, c.y) for c in corners] == [
        (10 + half_w, 10 + half_l), (10 + half_w, 10 - half_l),
        (10 - half_w, 10 - half_l), (10 - half_w, 10 + half_l)]
    # A point on the zone line is in the bow band (G8), one just aft of it in the waist.
    u = to_local(Vec(10.0, 10.0 + zone), Vec(10.0, 10.0), 0.0).x
    assert keel_band(u, row.length, 0.001) is KeelBand.BOW
    assert keel_band(u - 0.01, row.length, 0.001) is KeelBand.WAIST


def test_longer_footprints_go_with_more_oarbanks() -> None:
    rows = sorted(class_table().values(), key=lambda row: row.oarbanks)
    assert [row.length for row in rows] == sorted(row.length for row in rows)
    assert len({row.length for row in rows}) == len(rows)


def test_crew_counts_by_category_duty_and_class() -> None:
    crew = Crew(oar=5, deck=1, bowmen=2, marines=4, crewmen_class=GREEN, marines_class=ELITE)
    assert (crew.count(MAR), crew.count(BOW), crew.count(DECK), crew.count(OAR)) == (4, 2, 1, 5)
    assert crew.crewmen == 6 and crew.total == 12 and crew.fighting == 5
    assert (crew.modifier(MAR), crew.modifier(BOW), crew.modifier(DECK), crew.modifier(OAR)) == \
        (1, 0, -1, -1)
    assert crew.manned(5) == 5 and crew.unmanned(5) == 0
    assert Crew(oar=2).manned(3) == 2 and Crew(oar=2).unmanned(3) == 1


def test_lowest_class_counts_only_types_with_a_factor() -> None:
    assert Crew(oar=2, marines=1, crewmen_class=ELITE, bowmen_class=GREEN).lowest_class() == REGULAR
    assert Crew(oar=2, bowmen=1, crewmen_class=ELITE, bowmen_class=GREEN).lowest_class() == GREEN
    assert Crew(oar=2, crewmen_class=ELITE).lowest_class() == ELITE
    assert Crew().lowest_class() is None


def test_losses_and_duty_changes() -> None:
    crew = Crew(oar=3, deck=1, bowmen=1, marines=2)
    assert crew.without(MAR) == Crew(oar=3, deck=1, bowmen=1, marines=1)
    assert crew.without(OAR, 2) == Crew(oar=1, deck=1, bowmen=1, marines=2)
    with pytest.raises(ValueError):
        crew.without(DECK, 2)
    assert crew.with_duty(2, DECK) == Crew(oar=1, deck=3, bowmen=1, marines=2)
    assert crew.with_duty(1, OAR) == Crew(oar=4, deck=0, bowmen=1, marines=2)
    with pytest.raises(ValueError):
        crew.with_duty(2, OAR)
    with pytest.raises(ValueError):
        Crew(oar=-1)
    with pytest.raises(ValueError):
        Crew(bowmen_class="veteran")


def test_crew_checks_of_section_4() -> None:
    trireme = class_table()["trireme"]
    assert crew_problem(trireme, Crew(oar=3, deck=1, bowmen=1, marines=2)) == ""
    assert "at most 7" in crew_problem(trireme, Crew(oar=3, deck=1, bowmen=2, marines=2))
    assert "at most 3 crewmen at the oars" in crew_problem(trireme, Crew(oar=4))
    assert "at least 1" in crew_problem(trireme, Crew())
    assert default_oars(6, 5) == 5 and default_oars(2, 3) == 2


@pytest.mark.parametrize(("crew", "cost"), [
    (Crew(oar=3, crewmen_class=ELITE, bowmen_class=GREEN), 1),  # no bowmen: their class is free
    (Crew(oar=3, bowmen=1, crewmen_class=ELITE, bowmen_class=GREEN), 0),
    (Crew(oar=5, bowmen=2, marines=5, crewmen_class=GREEN, marines_class=ELITE), 0),
    (Crew(oar=3, bowmen=1, marines=3, crewmen_class=GREEN, bowmen_class=GREEN), -2),
    (Crew(oar=1, bowmen=1, marines=1, crewmen_class=ELITE, bowmen_class=ELITE,
          marines_class=ELITE), 3),
])
def test_crew_costs_elite_plus_one_green_minus_one_per_type(crew: Crew, cost: int) -> None:
    assert crew_cost(crew) == cost


@pytest.mark.parametrize(("name", "tower", "ballistas", "gear"), [
    ("trireme", True, 1, "corvus"), ("quinquereme", True, 2, "harpax"), ("sixteen", True, 8, "corvus"),
    ("bireme", False, 1, ""), ("monoreme", False, 0, "")])
def test_equipment_each_class_may_carry(name: str, tower: bool, ballistas: int, gear: str) -> None:
    assert equipment_problem(class_table()[name], tower, ballistas, gear) == ""


@pytest.mark.parametrize(("name", "tower", "ballistas", "gear", "words"), [
    ("bireme", True, 0, "", "tower needs 3 or more oarbanks"),
    ("bireme", False, 0, "corvus", "corvus needs 3 or more oarbanks"),
    ("bireme", False, 0, "harpax", "harpax needs 3 or more oarbanks"),
    ("bireme", False, 2, "", "at most 1 ballista,"),
    ("trireme", False, 2, "", "at most 1 ballista,"),
    ("quinquereme", False, 3, "", "at most 2 ballistas"),
    ("sixteen", False, 9, "", "at most 8 ballistas"),
    ("monoreme", False, 1, "", "carries no ballista"),
    ("trireme", False, 0, "ram", "corvus or a harpax"),
])
def test_equipment_refused_with_the_reason(name: str, tower: bool, ballistas: int, gear: str,
                                           words: str) -> None:
    assert words in equipment_problem(class_table()[name], tower, ballistas, gear)


def test_equipment_costs_one_each_and_the_admiral_nothing() -> None:
    assert equipment_cost(False, 0, "") == 0
    assert equipment_cost(True, 1, "") == 2
    assert equipment_cost(False, 0, "corvus") == 1
    assert equipment_cost(True, 2, "harpax") == 4
