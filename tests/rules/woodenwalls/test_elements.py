"""Wooden Walls elements (rulings §4.4, §4.5, §11.4; plan §11 q. 9): the default load of every type
placed B, S, B, … with shooters and engines in M, list order, counts per area, side and kind (the
case keys), capacities and frontage, over-crewing at its thresholds, POST placing and its
refusals, and the last of a kind removed. Every expected value is worked by hand from the
rulings' tables."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.woodenwalls import elements
from pbem.rules.woodenwalls.orders import Placing
from pbem.rules.woodenwalls.shiptypes import ENGINE, MARINES, SHOOTERS, TYPE_IDS
from pbem.rules.woodenwalls.state import Element, GameState, Ship, new_ship

R, M = "rhodes", "macedon"


def loaded(type_id: str, ship_id: str = "X", side: str = R, **changes: object) -> Ship:
    return elements.with_default_load(new_ship(ship_id, type_id, side, 5.0, 5.0, 0.0, 2, **changes))


def layout(ship: Ship) -> list[tuple[str, str]]:
    return [(element.area, element.kind) for element in ship.elements]


# §4.5 by type, in the order made: marines B, S, B, S …, then shooters, then engines in M.
DEFAULT_LAYOUTS = {
    "oar20": [("B", MARINES)],
    "oar30": [("B", MARINES)],
    "pentekonter": [("B", MARINES), ("M", SHOOTERS)],
    "hemiola": [("B", MARINES), ("M", SHOOTERS)],
    "pentekonter2": [("B", MARINES), ("S", MARINES), ("M", SHOOTERS)],
    "liburnian": [("B", MARINES), ("S", MARINES), ("M", SHOOTERS)],
    "trihemiola": [("B", MARINES), ("S", MARINES), ("M", SHOOTERS)],
    "trireme": [("B", MARINES), ("S", MARINES), ("M", SHOOTERS)],
    "quadrireme": [("B", MARINES), ("S", MARINES), ("B", MARINES), ("M", SHOOTERS), ("M", SHOOTERS)],
    "quinquereme": [("B", MARINES), ("S", MARINES), ("B", MARINES), ("M", SHOOTERS), ("M", ENGINE)],
    "larger": [("B", MARINES), ("S", MARINES), ("B", MARINES), ("S", MARINES), ("M", SHOOTERS),
               ("M", ENGINE)],
}


@pytest.mark.parametrize("type_id", TYPE_IDS)
def test_default_load_is_placed_b_s_b_with_shooters_and_engines_in_m(type_id: str) -> None:
    ship = loaded(type_id)
    assert layout(ship) == DEFAULT_LAYOUTS[type_id]
    for area in ship.areas:  # every default load fits its areas (§4.4)
        assert elements.room(ship, area) >= 0


def test_default_kit_sides_and_home() -> None:
    ship = loaded("quinquereme", "MA-ANTIGONIS", M)
    marine, shooter, engine = ship.elements[0], ship.elements[3], ship.elements[4]
    assert marine == Element("B", MARINES, M, "MA-ANTIGONIS", "experienced", True, True)
    assert shooter == Element("M", SHOOTERS, M, "MA-ANTIGONIS", "experienced", False, False)
    assert engine == Element("M", ENGINE, M, "MA-ANTIGONIS", "", False, False)
    # §19: MA-ANTIGONIS B 2 marines, M 1 engine and 1 shooter, S 1 marine.
    assert (elements.count(ship, "B"), elements.count(ship, "M"), elements.count(ship, "S")) == (2, 2, 1)


def test_counts_every_area_side_and_kind_with_zeros() -> None:
    ship = loaded("trireme", "RH-HELIOS")
    boarder = Element("B", MARINES, M, "MA-PELLA")
    ship = replace(ship, elements=(*ship.elements, boarder))
    found = elements.counts(ship, (R, M))
    assert len(found) == 3 * 2 * 3  # B M S, two sides, three kinds
    assert {key: value for key, value in found.items() if value} == {
        "B.rhodes.marines": 1, "S.rhodes.marines": 1, "M.rhodes.shooters": 1, "B.macedon.marines": 1}
    assert found["M.rhodes.engine"] == 0 and "T1.rhodes.marines" not in found


def test_counts_include_standing_towers_only() -> None:
    ship = loaded("quinquereme", towers=("T2",))
    found = elements.counts(ship, (R,))
    assert sorted({key.split(".")[0] for key in found}) == ["B", "M", "S", "T2"]
    assert len(found) == 4 * 3


def test_case_counts_are_keyed_by_ship() -> None:
    state = GameState((loaded("oar20", "RH-A"), loaded("oar20", "MA-B", M)))
    found = elements.case_counts(state)
    assert len(found) == 2 * 3 * 2 * 3
    assert found["RH-A.B.rhodes.marines"] == 1 and found["MA-B.B.macedon.marines"] == 1
    assert found["RH-A.B.macedon.marines"] == 0


def test_capacity_deck_capacity_and_frontage() -> None:
    trireme, quin = loaded("trireme"), loaded("quinquereme", towers=("T1", "T2"))
    assert [elements.capacity(trireme, area) for area in trireme.areas] == [2, 3, 2]
    assert elements.deck_capacity(trireme) == 7
    assert elements.deck_capacity(quin) == 3 + 4 + 3 + 2 + 2
    assert elements.frontage(trireme) == 2 and elements.frontage(loaded("hemiola")) == 1
    assert elements.room(trireme, "M") == 2  # 3 less the shooter
    with pytest.raises(ValueError, match="X has no area T1; its areas are B, M, S"):
        elements.capacity(trireme, "T1")


def crewed(type_id: str, own: int, enemy: int = 0, **changes: object) -> Ship:
    ship = new_ship("X", type_id, R, 5.0, 5.0, 0.0, 2, **changes)
    crew = [Element("M", MARINES, R, "X") for _ in range(own)]
    crew += [Element("M", MARINES, M, "Y") for _ in range(enemy)]
    return replace(ship, elements=tuple(crew))


@pytest.mark.parametrize(("type_id", "towers", "most_not_over"), [
    ("oar20", (), 1),          # capacity 3: 2 is more than half
    ("trireme", (), 3),        # capacity 7: 4 is more than half
    ("quinquereme", (), 5),    # capacity 10: exactly half is not over
    ("quinquereme", ("T1", "T2"), 7),  # capacity 14
    ("larger", ("T1",), 7),    # capacity 3 + 6 + 3 + 2 = 14
])
def test_over_crewed_above_half_the_deck_capacity(type_id: str, towers: tuple[str, ...],
                                                  most_not_over: int) -> None:
    assert not elements.over_crewed(crewed(type_id, most_not_over, towers=towers))
    assert elements.over_crewed(crewed(type_id, most_not_over + 1, towers=towers))


def test_over_crewing_counts_the_controllers_elements_only() -> None:
    assert not elements.over_crewed(crewed("trireme", 3, enemy=3))
    captured = replace(crewed("trireme", 0, enemy=4), controller=M)
    assert elements.crew(captured) == 4 and elements.over_crewed(captured)


def test_list_order_kind_grade_armour_shield_home_then_as_given() -> None:
    order = {"A": 0, "B": 1}
    given = [
        Element("M", ENGINE, R, "A"),
        Element("M", SHOOTERS, R, "A", "picked"),
        Element("M", MARINES, R, "A", "poor", True, True),
        Element("M", MARINES, R, "B", "experienced", True, True),
        Element("M", MARINES, R, "A", "experienced", False, True),
        Element("M", MARINES, R, "A", "experienced", True, False),
        Element("M", MARINES, R, "A", "experienced", True, True),
        Element("M", MARINES, R, "A", "picked", False, False),
    ]
    expected = [given[i] for i in (7, 6, 3, 5, 4, 2, 1, 0)]
    assert list(elements.in_list_order(given, order)) == expected
    # Without a scenario order, ties on home keep the order given (B's marine before A's).
    assert list(elements.in_list_order(given))[1:3] == [given[3], given[6]]


def test_area_elements_in_list_order_by_side_and_kind() -> None:
    ship = replace(new_ship("X", "quinquereme", R, 5.0, 5.0, 0.0), elements=(
        Element("B", MARINES, R, "X", "poor"), Element("B", SHOOTERS, M, "Y"),
        Element("B", MARINES, R, "X", "picked"), Element("M", MARINES, R, "X")))
    assert [e.grade for e in elements.area_elements(ship, "B", side=R)] == ["picked", "poor"]
    assert elements.area_elements(ship, "B", kind=SHOOTERS) == (ship.elements[1],)


def test_the_last_of_a_kind_in_list_order_is_removed() -> None:
    ship = replace(new_ship("X", "quinquereme", R, 5.0, 5.0, 0.0), elements=(
        Element("B", MARINES, R, "X", "poor"), Element("B", MARINES, R, "X", "picked"),
        Element("B", MARINES, R, "X", "experienced"), Element("S", MARINES, R, "X", "poor")))
    assert elements.last_of_kind(ship, "B", MARINES, R) == 0  # the Poor one in B
    after = elements.without_last(ship, "B", MARINES, R)
    assert [e.grade for e in after.elements] == ["picked", "experienced", "poor"]
    assert after.elements[2].area == "S"
    assert elements.last_of_kind(ship, "B", SHOOTERS, R) is None
    with pytest.raises(ValueError, match="X's B holds no shooters of rhodes to remove"):
        elements.without_last(ship, "B", SHOOTERS, R)


def test_equal_elements_lose_the_last_given() -> None:
    twins = (Element("B", MARINES, R, "X"), Element("S", MARINES, R, "X"), Element("B", MARINES, R, "X"))
    ship = replace(new_ship("X", "trireme", R, 5.0, 5.0, 0.0), elements=twins)
    assert elements.last_of_kind(ship, "B", MARINES, R) == 2


def test_hit_victim_shooters_then_marines_then_engines_never_the_shooters_side() -> None:
    base = new_ship("X", "quinquereme", M, 5.0, 5.0, 0.0)
    ship = replace(base, elements=(
        Element("M", MARINES, M, "X"), Element("M", ENGINE, M, "X"),
        Element("M", SHOOTERS, M, "X", "picked"), Element("M", SHOOTERS, M, "X", "poor"),
        Element("M", SHOOTERS, R, "Y", "poor")))  # a boarder of the shooter's own side
    assert elements.hit_victim(ship, "M", R) == 3  # the Poor shooter of macedon
    no_shooters = replace(base, elements=(Element("M", ENGINE, M, "X"), Element("M", MARINES, M, "X")))
    assert elements.hit_victim(no_shooters, "M", R) == 1
    engine_only = replace(base, elements=(Element("M", ENGINE, M, "X"),))
    assert elements.hit_victim(engine_only, "M", R) == 0
    assert elements.hit_victim(replace(base, elements=(Element("M", MARINES, R, "Y"),)), "M", R) is None


def test_post_as_the_default_places_changes_nothing() -> None:
    ship = loaded("trireme")
    posted = elements.post(ship, (Placing("B", 1, MARINES), Placing("M", 1, SHOOTERS),
                                  Placing("S", 1, MARINES)))
    assert layout(posted) == layout(ship)


def test_post_deals_marines_in_list_order_to_the_areas_as_written() -> None:
    picked_in_s = replace(loaded("trireme", "RH-ATHENA"), elements=(
        Element("B", MARINES, R, "RH-ATHENA"), Element("S", MARINES, R, "RH-ATHENA", "picked"),
        Element("M", SHOOTERS, R, "RH-ATHENA")))
    posted = elements.post(picked_in_s, (Placing("B", 1, MARINES), Placing("S", 1, MARINES),
                                         Placing("M", 1, SHOOTERS)))
    assert [(e.area, e.grade) for e in posted.elements] == [
        ("S", "experienced"), ("B", "picked"), ("M", "experienced")]


def test_post_leaves_engines_and_fills_to_capacity() -> None:
    ship = loaded("quinquereme")  # 3 marines, 1 shooter, 1 engine in M
    posted = elements.post(ship, (Placing("M", 3, MARINES), Placing("S", 1, SHOOTERS)))
    assert (elements.count(posted, "M"), elements.count(posted, "S")) == (4, 1)  # M holds 4
    assert posted.elements[4] == ship.elements[4]
    with pytest.raises(ValueError, match="X's M holds 4 elements and the POST puts 5 there"):
        elements.post(ship, (Placing("M", 3, MARINES), Placing("M", 1, SHOOTERS)))


def test_post_must_place_every_marine_and_shooter_in_areas_the_ship_has() -> None:
    ship = loaded("trireme")
    with pytest.raises(ValueError, match="X carries 2 marine elements and the POST places 1"):
        elements.post(ship, (Placing("B", 1, MARINES), Placing("M", 1, SHOOTERS)))
    with pytest.raises(ValueError, match="X carries 1 shooter element and the POST places 0"):
        elements.post(ship, (Placing("B", 2, MARINES),))
    with pytest.raises(ValueError, match="X has no area T1"):
        elements.post(ship, (Placing("T1", 2, MARINES), Placing("M", 1, SHOOTERS)))
    with pytest.raises(ValueError, match="X's B holds 2 elements and the POST puts 3 there"):
        elements.post(ship, (Placing("B", 2, MARINES), Placing("B", 1, SHOOTERS)))
