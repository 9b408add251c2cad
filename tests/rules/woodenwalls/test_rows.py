"""Case and scenario rows of Wooden Walls (rows.py; cases-open-table.md, Wooden Walls items 2-6):
every key read into the state, every bad key or value a CaseError sentence naming the key."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.rules.errors import CaseError
from pbem.rules.woodenwalls.rows import (
    RowError,
    ship_row,
    ship_rows,
)
from pbem.rules.woodenwalls.rowstate import (
    deck_from_table,
    links_from_rows,
    record_from_rows,
    table_option,
    turn_from_table,
    wind_from_text,
    won_from_rows,
)
from pbem.rules.woodenwalls.state import GRAPPLE, RAM, Wind


def _row(**changes: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"id": "RH-HELIOS", "side": "rhodes", "type": "trireme", "quality": "ABLE",
                           "x": 5.0, "y": 4.0, "heading": 90, "speed": 2}
    row.update(changes)
    return row


def _pair() -> tuple[Any, ...]:
    return tuple(each.ship for each in ship_rows([
        _row(), _row(id="MA-PELLA", side="macedon", x=5.0, y=4.3, heading=270)]))


def test_a_plain_row_and_its_defaults() -> None:
    ship = ship_row(_row()).ship
    assert (ship.id, ship.type, ship.side, ship.quality, ship.x, ship.y, ship.heading, ship.speed) == (
        "RH-HELIOS", "trireme", "rhodes", "ABLE", 5.0, 4.0, 90.0, 2)
    assert ship.ram and ship.grapnels and ship.protection == "aphract" and ship.status == "afloat"


def test_a_row_without_elements_carries_the_default_load() -> None:
    # §4.5: trireme 2 marines (B, then S) and 1 shooter in M.
    ship = ship_row(_row()).ship
    assert [(e.area, e.kind) for e in ship.elements] == [("B", "marines"), ("S", "marines"),
                                                         ("M", "shooters")]


def test_given_elements_are_all_it_carries_with_count_and_kit() -> None:
    ship = ship_row(_row(elements=[{"area": "m", "kind": "Shooters", "count": 2},
                                   {"area": "B", "kind": "marines", "grade": "poor", "armour": 0}])).ship
    assert [(e.area, e.kind, e.grade, e.armoured, e.shielded) for e in ship.elements] == [
        ("M", "shooters", "experienced", False, False), ("M", "shooters", "experienced", False, False),
        ("B", "marines", "poor", False, True)]
    assert ship_row(_row(elements=[])).ship.elements == ()


def test_every_optional_key_is_read() -> None:
    ship = ship_row(_row(type="quinquereme", protection="Open", toughened=1, flagship="fleet", ram=False,
                         grapnels=0, corvus=True, holes=["l", "M"], added=["S"],
                         fires={"B": 2, "T1": 1}, oars_lost=["S2", "p1"], shipped=["starboard"],
                         steering_lost=["port"], flag="standing off", status="afloat",
                         controller="rhodes", towers=2, harpax=True, fire=True, flotilla="F1",
                         loaded=True, confused=True, revealed=True, captured=True,
                         ap_markers={"M": 3}, speed="b")).ship
    assert ship.protection == "open" and ship.toughened and ship.flagship == "fleet"
    assert not ship.ram and not ship.grapnels and ship.corvus and ship.harpax and ship.fire
    assert ship.holes == ("L", "M") and ship.added == ("S",) and ship.hole_units == 7
    assert ship.fires == (2, 0, 0, 1, 0) and ship.ap_markers == (0, 3, 0, 0, 0)
    assert ship.oars_lost == ("P1", "S2")  # port first, each from 1 up
    assert [oars.side for oars in ship.shipped] == ["starboard"] and ship.steering_lost == ("port",)
    assert ship.flag == "standing_off" and ship.towers == ("T1", "T2") and ship.speed == "B"
    assert ship.loaded and ship.confused and ship.revealed and ship.captured and ship.flotilla == "F1"


def test_this_rounds_marks_from_rows_and_state() -> None:
    rows = ship_rows([_row(holed_this_round=True, hit_this_round=1),
                      _row(id="MA-PELLA", side="macedon", rammed_this_round=True)])
    record = record_from_rows(rows, [{"id": "ma-pella", "x": 3, "y": 4.5}])
    assert record.holed == ("RH-HELIOS", "MA-PELLA") and record.hit == ("RH-HELIOS",)
    assert [(m.ship, m.x, m.y) for m in record.rammed] == [("MA-PELLA", 5.0, 4.0)]
    assert [(m.ship, m.x, m.y) for m in record.sunk] == [("MA-PELLA", 3.0, 4.5)]


@pytest.mark.parametrize(("changes", "words"), [
    ({"colour": "red"}, "'colour' is no ship key"),
    ({"id": "A_B"}, "1-12 letters"),
    ({"quality": "GOOD"}, "quality is FR, ABLE or POOR"),
    ({"type": "galleon"}, "there is no ship type"),
    ({"heading": 22.3}, "heading is degrees from 0 up to 360 in steps of 0.5"),
    ({"heading": 360}, "heading is degrees"),
    ({"speed": 5}, "speed is a whole number from 0 to 4"),
    ({"speed": "fast"}, "speed is 0, 1, 2, 3, 4 or \"B\""),
    ({"x": float("nan")}, "x is a number"),
    ({"x": True}, "x is a number"),
    ({"ram": "yes"}, "ram is true or false"),
    ({"holes": ["X"]}, "holes lists holes L, M or S"),
    ({"oars_lost": ["P4"]}, "oars_lost lists oar sections P1-P3"),
    ({"shipped": ["port", "port"]}, "shipped names port twice"),
    ({"fires": {"T1": 1}}, "fires (area = level 0-4) has 'T1'"),
    ({"fires": {"B": 5}}, "fires (area = level 0-4) B is a whole number from 0 to 4"),
    ({"status": "sunk"}, "status is one of afloat, hulk, fled"),
    ({"flag": "white"}, "flag is one of"),
    ({"towers": 1}, "has no towers"),
    ({"elements": [{"area": "B"}]}, "needs an area"),
    ({"elements": [{"area": "B", "kind": "marines", "count": 1.5}]}, "count is a whole number from 1"),
    ({"elements": [{"area": "M", "kind": "engine", "grade": "poor"}]}, "an engine has no grade"),
    ({"elements": [{"area": "Q", "kind": "marines"}]}, "area"),
    ({"elements": [{"area": "B", "kind": "marines", "hat": 1}]}, "'hat', which is no key"),
    ({"controller": "carthage"}, "controller is 'carthage', no side"),
])
def test_bad_values_are_sentences_naming_the_key(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(CaseError) as refused:
        ship_rows([_row(**changes)])
    assert words in str(refused.value), refused.value


def test_a_needed_key_missing_and_a_scenario_row_without_quality() -> None:
    row = _row()
    del row["quality"]
    with pytest.raises(RowError, match="quality is needed"):
        ship_row(row)
    assert ship_row(row, quality_needed=False).ship.quality == "ABLE"


def test_two_ships_with_one_id_in_any_case() -> None:
    with pytest.raises(RowError, match="two ships have this id"):
        ship_rows([_row(), _row(id="rh-helios")])


@pytest.mark.parametrize("junk", [float("inf"), float("nan"), 1.5, "two", True])
def test_whole_numbers_refuse_junk_with_a_sentence(junk: object) -> None:
    with pytest.raises(CaseError, match=r"\[turn\] round is a whole number"):
        turn_from_table({"round": junk}, ("rhodes", "macedon"), 8)
    with pytest.raises(CaseError, match="corvus_failed is a whole number"):
        ship_row(_row(corvus_failed=junk))


def test_links_in_the_order_given_with_both_throwers_in_one_grapple() -> None:
    ships = _pair()
    links = links_from_rows(["grapple rh-helios>MA-PELLA 2", "ram MA-PELLA>RH-HELIOS",
                             "grapple MA-PELLA > RH-HELIOS 1"], ships)
    assert [(link.kind, link.a, link.b) for link in links] == [(GRAPPLE, "RH-HELIOS", "MA-PELLA"),
                                                               (RAM, "MA-PELLA", "RH-HELIOS")]
    assert links[0].throws == ("RH-HELIOS", "RH-HELIOS", "MA-PELLA") and links[0].count == 3


@pytest.mark.parametrize(("entry", "words"), [
    ("grapple RH-HELIOS>MA-PELLA", "a grapple gives its count"),
    ("grapple RH-HELIOS>MA-PELLA 0", "a grapple gives its count"),
    ("ram RH-HELIOS>MA-PELLA 2", "only a grapple has a count"),
    ("tow RH-HELIOS>MA-PELLA", "a link is"),
    ("ram RH-HELIOS>MA-NOBODY", "'MA-NOBODY', which is no ship"),
    ("ram RH-HELIOS>RH-HELIOS", "joins a ship to itself"),
    ("RH-HELIOS MA-PELLA", "links entry is"),
])
def test_bad_links(entry: str, words: str) -> None:
    with pytest.raises(RowError) as refused:
        links_from_rows([entry], _pair())
    assert words in str(refused.value)


def test_a_link_given_twice_is_refused() -> None:
    with pytest.raises(RowError, match="given twice"):
        links_from_rows(["ram RH-HELIOS>MA-PELLA", "ram RH-HELIOS>MA-PELLA"], _pair())


def test_won_shootings() -> None:
    assert won_from_rows(["ma-pella>rh-helios"], _pair()) == ("MA-PELLA>RH-HELIOS",)
    with pytest.raises(RowError, match="winner, loser"):
        won_from_rows(["MA-PELLA"], _pair())


def test_turn_row_and_wind() -> None:
    turn = turn_from_table({"round": 3, "leg": "b", "last_second": "macedon",
                            "first_player": "rhodes", "wind": "Stiff@45"}, ("rhodes", "macedon"), 8)
    assert (turn.round, turn.leg, turn.last_second, turn.first_player) == (3, "B", "macedon", "rhodes")
    assert turn.wind == Wind("stiff", 45.0)
    assert turn_from_table(None, ("rhodes", "macedon"), 8).wind is None
    with pytest.raises(RowError, match="leg is A, B or C"):
        turn_from_table({"leg": "D"}, ("rhodes", "macedon"), 8)
    with pytest.raises(RowError, match="a side of the case"):
        turn_from_table({"first_player": "carthage"}, ("rhodes", "macedon"), 8)
    with pytest.raises(RowError, match="round is a whole number from 1 to 8"):
        turn_from_table({"round": 9}, ("rhodes", "macedon"), 8)
    with pytest.raises(RowError, match="'hour', which is no key"):
        turn_from_table({"hour": 1}, ("rhodes", "macedon"), 8)
    for junk in ("gale@90", "light", "light@north", "light@91.3", 7):
        with pytest.raises(RowError, match="wind"):
            wind_from_text(junk)


def test_forced_deck_and_table() -> None:
    assert deck_from_table({"deck": ["m2", "M3", "M4", "MB", "F", "M1"]}) == (
        "M2", "M3", "M4", "MB", "F", "M1")
    assert deck_from_table(None) == ()
    with pytest.raises(RowError, match=r"\[round\] deck: a deck is the six cards"):
        deck_from_table({"deck": ["M1", "M1", "M3", "M4", "MB", "F"]})
    assert table_option({"width": 24, "height": 16.5}) == "24x16.5"
    assert table_option(None) is None
    with pytest.raises(RowError, match="width and height are SL above 0"):
        table_option({"width": 0})
    with pytest.raises(RowError, match=r"\[table\] width is a number"):
        table_option({"width": float("inf")})
