"""Ship, player and front rows of the case format (cases-open-table.md, speed-band items 2-5)."""

from __future__ import annotations

import pytest

from pbem.rules.speedband.rows import (
    RowError,
    assign_players,
    fronts_from_rows,
    links_from_rows,
    players_from_rows,
    ship_from_row,
)
from pbem.rules.speedband.state import Ship

BASE = {"id": "R1", "side": "romans", "type": "quinquereme", "x": 28, "y": 8.0, "heading": 0}


def test_a_row_defaults_from_its_type() -> None:
    ship = ship_from_row(BASE)
    assert (ship.archers, ship.soldiers, ship.officers, ship.ballistae) == (3, 4, 3, 1)
    assert ship.rowers == (4,) * 8 and ship.tower and not ship.corvus
    assert ship.last_band == "cruise" and ship.last_speed == 70 and ship.band == "cruise"
    assert ship.soldier_value == 6 and ship.crew == "standard" and ship.status == "afloat"
    assert ship_from_row(BASE, soldier_tenths=7).soldier_value == 7


def test_a_row_takes_every_key() -> None:
    ship = ship_from_row({**BASE, "last_band": "Back", "tower": 0, "corvus": 1,
                          "strengthened_bow": True, "soldier_value": 0.7, "crew": "ELITE",
                          "hull": 55, "rowers": [0, 4, 4, 4, 4, 4, 4, 4],
                          "officers_lost_this_turn": 1, "corvus_holds": "C1",
                          "status": "fleeing", "controller": "", "player": "duilius"})
    assert ship.last_band == "back" and ship.last_speed == -20  # the top of Back, backing
    assert not ship.tower and ship.corvus and ship.strengthened_bow
    assert ship.soldier_value == 7 and ship.crew == "elite" and ship.hull == 55
    assert ship.officers_lost == 1 and ship.officers_lost_this_turn == 1
    assert ship.corvus_holds == "C1" and ship.status == "fleeing" and ship.player == "duilius"
    assert ship_from_row({**BASE, "last_band": "battle", "last_speed": 7.5}).last_speed == 75


@pytest.mark.parametrize(("changes", "said"), [
    ({"id": ""}, "a ship row needs an id"),
    ({"colour": "red"}, "ship R1: 'colour' is no ship key"),
    ({"type": "bireme"}, "ship R1: there is no ship type 'bireme'"),
    ({"x": "28"}, "ship R1: x is a number"),
    ({"heading": 360}, "ship R1: heading is a whole number from 0 to 359"),
    ({"tower": 2}, "ship R1: tower is true or false (or 1 or 0)"),
    ({"rowers": [1, 2]}, "ship R1: rowers lists 8 numbers"),
    ({"status": "sinking"}, "ship R1: status is one of afloat, fleeing"),
    ({"last_speed": 7.25}, "ship R1: last_speed is inches with at most one decimal"),
    ({"soldier_value": 0.65}, "ship R1: soldier_value is a value in tenths"),
    ({"archers": -1}, "ship R1: archers is a whole number of 0 or more"),
    ({"officers_lost": 0, "officers_lost_this_turn": 1}, "officers_lost counts this turn's"),
])
def test_every_bad_row_is_a_sentence(changes: dict[str, object], said: str) -> None:
    with pytest.raises(RowError, match=said.replace("(", r"\(").replace(")", r"\)")):
        ship_from_row({**BASE, **changes})


def rows_and_ships(extra: list[dict[str, object]]) -> tuple[list[dict[str, object]], list[Ship]]:
    rows = [{**BASE, **extra[0]},
            {"id": "C1", "side": "carthaginians", "type": "trireme", "x": 28, "y": 14,
             "heading": 180, **extra[1]},
            {"id": "C2", "side": "carthaginians", "type": "trireme", "x": 40, "y": 14,
             "heading": 180, **extra[2]}]
    return rows, [ship_from_row(row) for row in rows]


def test_links_lines_and_a_corvus() -> None:
    rows, ships = rows_and_ships([{"grappled_with": ["C1", "C2"], "corvus_holds": "C2"},
                                  {"grappled_with": ["R1"]}, {"grappled_with": ["R1"]}])
    links = links_from_rows(rows, ships)
    assert [(link.first, link.second, link.kind, link.thrower) for link in links] == [
        ("R1", "C1", "line", "R1"), ("R1", "C2", "corvus", "R1")]
    rows, ships = rows_and_ships([{"corvus_holds": "C1"}, {}, {}])
    assert [(link.kind, link.thrower) for link in links_from_rows(rows, ships)] == [("corvus", "R1")]


@pytest.mark.parametrize(("extra", "said"), [
    ([{"grappled_with": ["C1"]}, {}, {}], "ship C1: grappled_with must name R1 too"),
    ([{"grappled_with": ["Z9"]}, {}, {}], "names 'Z9', which is no ship of this case"),
    ([{"grappled_with": ["R1"]}, {}, {}], "names the ship itself"),
    ([{"grappled_with": "C1"}, {}, {}], "is a list of ship ids"),
    ([{"corvus_holds": "Z9"}, {}, {}], "corvus_holds names 'Z9'"),
])
def test_bad_links_are_sentences(extra: list[dict[str, object]], said: str) -> None:
    rows, ships = rows_and_ships(extra)
    with pytest.raises(RowError, match=said):
        links_from_rows(rows, ships)


def test_players_and_fronts() -> None:
    rows, ships = rows_and_ships([{}, {"player": "hanno"}, {}])
    assert [p.id for p in players_from_rows([], ships)] == ["romans", "carthaginians"]
    players = players_from_rows([{"id": "hanno", "side": "carthaginians"},
                                 {"id": "romans", "side": "romans"},
                                 {"id": "carthaginians", "side": "carthaginians"}], ships)
    assert [ship.player for ship in assign_players(ships, players)] == [
        "romans", "hanno", "carthaginians"]
    with pytest.raises(RowError, match="ship C1: player is 'hanno', which is no player"):
        assign_players(ships, players_from_rows([], ships))
    fronts = fronts_from_rows([{"a": "R1", "b": "C1", "value": -2}], ships)
    assert [(f.first, f.second, f.value) for f in fronts] == [("R1", "C1", -2)]
    with pytest.raises(RowError, match="a is the ship listed first"):
        fronts_from_rows([{"a": "C1", "b": "R1", "value": 1}], ships)
    with pytest.raises(RowError, match="front R1-C1: value is a whole number from -4 to 4"):
        fronts_from_rows([{"a": "R1", "b": "C1", "value": 5}], ships)
