"""Wooden Walls state (rulings §2, §4, §10, §12.1, §13; plan §2): elements and ships checked with
sentences and kept in their fixed orders, the ship's derived facts (hole units, fire total, the
areas it has, intact oar sections), type options by default, links and their case entries,
wind, and the game state's lookups by id, `with_ship`, sides and players."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.table import Vec, area_polygon, place
from pbem.rules.woodenwalls.rounds import RoundState
from pbem.rules.woodenwalls.shiptypes import ENGINE, MARINES, SHOOTERS, ship_type
from pbem.rules.woodenwalls.state import (
    Current,
    Element,
    GameState,
    Link,
    Player,
    Ship,
    ShippedOars,
    Terrain,
    Wind,
    evolved,
    new_ship,
    relocated,
    without_element,
)
from pbem.rules.woodenwalls.switches import parse_options

R, M = "rhodes", "macedon"


def trireme(ship_id: str = "RH-ATHENA", side: str = R, x: float = 6.0, **changes: object) -> Ship:
    return new_ship(ship_id, "trireme", side, x, 2.0, 0.0, 2, **changes)


def test_an_element_takes_experienced_by_default_and_engines_no_grade() -> None:
    assert Element("B", MARINES, R, "X").grade == "experienced"
    assert Element("M", ENGINE, R, "X").grade == ""
    with pytest.raises(ValueError, match="an engine has no grade, armour, shield or missile"):
        Element("M", ENGINE, R, "X", "picked")
    with pytest.raises(ValueError, match="only shooters are archers or slingers"):
        Element("B", MARINES, R, "X", missile="archers")
    assert Element("M", SHOOTERS, R, "X", missile="slingers").missile == "slingers"
    with pytest.raises(ValueError, match="an element stands in area"):
        Element("Q", MARINES, R, "X")
    assert Element("B", MARINES, R, "X").moved("M").area == "M"


def test_new_ship_takes_its_types_options() -> None:
    small = new_ship("S", "oar20", R, 1.0, 1.0, 0.0)
    assert (small.grapnels, small.ram, small.protection) == (False, False, "open")
    ship = trireme()
    assert (ship.grapnels, ship.ram, ship.protection, ship.speed) == (True, True, "aphract", 2)
    assert trireme(protection="cataphract").protection == "cataphract"
    assert ship.elements == () and ship.owner == R and ship.afloat and ship.on_table


def test_ship_refusals_are_sentences() -> None:
    with pytest.raises(ValueError, match="ship X: speed is 0, 1, 2, 3, 4 or B, not 5"):
        new_ship("X", "trireme", R, 1.0, 1.0, 0.0, 5)
    with pytest.raises(ValueError, match="a oar20 .rating 1. cannot be toughened"):
        new_ship("X", "oar20", R, 1.0, 1.0, 0.0, toughened=True)
    with pytest.raises(ValueError, match=r"a oar30 has no ram \(no RAV, §4.1\): ram is off"):
        Ship("X", "oar30", R, 1.0, 1.0, 0.0)
    with pytest.raises(ValueError, match="a trireme has no towers: quad/quin and larger only"):
        trireme(towers=("T1",))
    with pytest.raises(ValueError, match=r"oar sections are P1-P3 and S1-S3, each lost once"):
        trireme(oars_lost=("P4",))
    with pytest.raises(ValueError, match="elements stand in T1, an area the ship does not have"):
        trireme(elements=(Element("T1", MARINES, R, "RH-ATHENA"),))
    with pytest.raises(ValueError, match="a fire's level is at most 4"):
        trireme(fires=(5, 0, 0, 0, 0))
    with pytest.raises(ValueError, match="only a hulk has a reason"):
        trireme(hulk_reason="sunk")
    with pytest.raises(ValueError, match="there is no ship type 'galleon'"):
        new_ship("X", "galleon", R, 1.0, 1.0, 0.0)


def test_ship_lists_are_kept_port_first_and_from_one_up() -> None:
    ship = trireme(oars_lost=("S1", "P3", "P1"), shipped=(ShippedOars("starboard", 1, "M2"),
                                                          ShippedOars("port")),
                   steering_lost=("starboard", "port"))
    assert ship.oars_lost == ("P1", "P3", "S1")
    assert [oars.side for oars in ship.shipped] == ["port", "starboard"]
    assert ship.steering_lost == ("port", "starboard")
    assert ship.lost_sections("port") == (1, 3) and ship.intact_sections("port") == (2,)
    assert ship.intact_sections("starboard") == (2, 3) and ship.oar_sections == 6
    assert ship.shipped_on("starboard") and ship.steering_oar_lost("port")


def test_hole_units_and_fire_total() -> None:
    ship = trireme(holes=("L", "M"), added=("S",), fires=(1, 0, 3, 0, 0))
    assert ship.hole_units == 4 + 2 + 1 and ship.holed
    assert ship.fire_total == 4 and ship.burning and ship.fire_level("S") == 3
    assert ship.with_fire("M", 2).fires == (1, 2, 3, 0, 0)
    clean = trireme()
    assert (clean.hole_units, clean.holed, clean.fire_total, clean.burning) == (0, False, 0, False)


def test_areas_it_has_follow_its_towers() -> None:
    assert trireme().areas == ("B", "M", "S")
    quin = new_ship("Q", "quinquereme", M, 1.0, 1.0, 180.0, towers=("T2", "T1"))
    assert quin.towers == ("T1", "T2") and quin.areas == ("B", "M", "S", "T1", "T2")
    assert replace(quin, towers=("T2",)).areas == ("B", "M", "S", "T2")  # T1 burnt (§13.1)


def test_the_polygon_is_the_footprint_where_it_stands() -> None:
    ship = trireme(x=8.0)
    assert ship.polygon.corners == place(ship_type("trireme").footprint, ship.pose).corners
    assert ship.polygon.corners[0] == Vec(8.0 + 0.075, 2.0 + 0.6)  # starboard bow corner, heading 0


def test_relocated_is_replace_of_the_place_alone() -> None:
    ship = replace(trireme(holes=("M",), oars_lost=("S2",)), speed="B")
    moved = relocated(ship, 7.25, 3.5, 22.5)
    assert moved == replace(ship, x=7.25, y=3.5, heading=22.5)
    assert (ship.x, ship.heading) == (6.0, 0.0)


def test_a_moved_ship_stands_at_its_new_pose_not_a_kept_one() -> None:
    ship = trireme()
    assert ship.pose.centre == Vec(6.0, 2.0)  # made and kept on the first ask
    moved = relocated(ship, 7.25, 3.5, 22.5)
    assert (moved.pose.centre, moved.pose.heading) == (Vec(7.25, 3.5), 22.5)
    assert moved.polygon.corners == place(ship_type("trireme").footprint, moved.pose).corners
    turned = evolved(ship, heading=90.0)
    assert turned.pose.heading == 90.0 and ship.pose.heading == 0.0


def test_evolved_is_replace_and_still_refuses_a_wrong_speed() -> None:
    ship = trireme(holes=("M",))
    for changes in ({"speed": "B"}, {"activations": 2, "acted": True}, {"revealed": True},
                    {"on_defaults": True}, {"holes": ("L",)}):
        assert evolved(ship, **changes) == replace(ship, **changes)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="speed is 0, 1, 2, 3, 4 or B, not 5"):
        evolved(ship, speed=5)
    with pytest.raises(ValueError, match="holes are L, M or S"):
        evolved(ship, holes=("X",))  # a checked field goes through replace and its checks


def test_without_element_removes_that_element_alone() -> None:
    crew = (Element("B", MARINES, R, "RH-ATHENA"), Element("M", SHOOTERS, R, "RH-ATHENA"),
            Element("S", MARINES, R, "RH-ATHENA"))
    ship = trireme(elements=crew)
    assert without_element(ship, 1) == replace(ship, elements=(crew[0], crew[2]))
    with pytest.raises(ValueError, match="no element number 3"):
        without_element(ship, 3)


def game() -> GameState:
    return GameState((trireme(), trireme("RH-HELIOS", x=8.0),
                      new_ship("MA-PELLA", "trireme", M, 8.0, 10.0, 180.0)))


def test_lookups_by_id_in_any_case() -> None:
    state = game()
    assert state.ship("rh-helios") is state.ships[1]
    assert state.ship("MA-NONE") is None
    assert state.order_of("ma-pella") == 2 and state.ship_order["RH-ATHENA"] == 0
    with pytest.raises(ValueError, match="there is no ship MA-NONE in this game; the ships are "
                                         "RH-ATHENA, RH-HELIOS, MA-PELLA"):
        state.require("MA-NONE")
    with pytest.raises(ValueError, match="two ships have the same id"):
        GameState((trireme(), trireme("rh-athena")))


def test_with_ship_replaces_one_ship_and_keeps_the_rest() -> None:
    state = game()
    moved = replace(state.ships[1], x=9.5, speed=4)
    after = state.with_ship(moved)
    assert after.ships == (state.ships[0], moved, state.ships[2])
    assert after.ship("RH-HELIOS") is moved and state.ship("RH-HELIOS") is state.ships[1]
    assert after.options is state.options and after.order_of("MA-PELLA") == 2
    with pytest.raises(ValueError, match="there is no ship RH-NEW"):
        state.with_ship(trireme("RH-NEW"))
    assert replace(after, winner="draw").ship("RH-HELIOS") is moved


def test_sides_players_and_control() -> None:
    state = game()
    assert state.sides == (R, M) and state.enemy_of(M) == R
    assert state.players_of(R) == (Player(R, R),)
    assert [ship.id for ship in state.ships_of_player(R)] == ["RH-ATHENA", "RH-HELIOS"]
    captured = state.with_ship(replace(state.ships[2], controller=R, captured=True))
    assert [ship.id for ship in captured.controlled_by(R)] == ["RH-ATHENA", "RH-HELIOS", "MA-PELLA"]
    assert captured.starting_ships(M) == 1 and captured.starting_ships(R) == 2
    players = (Player("philip", M), Player("ann", R), Player("bo", R))
    named = GameState(state.ships, players=players)
    assert named.sides == (M, R) and named.players_of(R) == players[1:]
    with pytest.raises(ValueError, match="side macedon has ships but no player"):
        GameState(state.ships, players=players[1:])
    assert state.orders_of(R).side == R and state.orders_of(R).queues == ()


def test_links_and_their_case_entries() -> None:
    grapple = Link("grapple", "MA-PELLA", "RH-ATHENA", ("MA-PELLA", "MA-PELLA", "RH-ATHENA"))
    assert grapple.count == 3 and grapple.thrown_by("ma-pella") == 2
    assert grapple.throwers == ("MA-PELLA", "RH-ATHENA") and grapple.other("RH-ATHENA") == "MA-PELLA"
    ram = Link("ram", "RH-HELIOS", "MA-PELLA")
    state = replace(game(), links=(grapple, ram))
    # Sorted by the first-named ship's scenario order, then the second's (WW 8, q. 32).
    assert state.link_entries() == ("grapple RH-ATHENA>MA-PELLA 1", "ram RH-HELIOS>MA-PELLA",
                                    "grapple MA-PELLA>RH-ATHENA 2")
    assert state.links_of("MA-PELLA") == (grapple, ram) and state.linked("RH-HELIOS")
    assert state.link("RH-ATHENA", "MA-PELLA") is grapple and state.link("RH-ATHENA", "RH-HELIOS") is None
    assert state.link("MA-PELLA", "RH-HELIOS", "grapple") is None
    more = replace(grapple, throws=(*grapple.throws, "RH-ATHENA"))
    assert state.with_link(more, replacing=grapple).links == (more, ram)
    assert state.released("RH-HELIOS").links == (grapple,)
    assert state.without_link(grapple).links == (ram,)
    with pytest.raises(ValueError, match="a grapple link holds at least one grapple"):
        Link("grapple", "A", "B")
    with pytest.raises(ValueError, match="a link joins two ships"):
        Link("corvus", "A", "a")


def test_won_shootings_printed_in_scenario_order() -> None:
    state = replace(game(), round=RoundState(won_shooting=("MA-PELLA>RH-ATHENA", "RH-HELIOS>MA-PELLA")))
    assert state.won_shooting_entries() == ("RH-HELIOS>MA-PELLA", "MA-PELLA>RH-ATHENA")


def test_wind_terrain_and_the_table() -> None:
    assert Wind().notation == "light@90" and Wind("stiff", 22.5).notation == "stiff@22.5"
    with pytest.raises(ValueError, match="the wind is light, stiff or strong"):
        Wind("storm")
    square = area_polygon((Vec(0, 0), Vec(0, 1), Vec(1, 1), Vec(1, 0)))
    assert Terrain(currents=(Current(square, 90.0, "strong"),)).currents[0].strength == "strong"
    state = replace(game(), options=parse_options({"table": "20x10"}))
    assert (state.table.width, state.table.height) == (20.0, 10.0)
    assert state.core.table == state.table and state.core.contact_tolerance == 0.025
    assert state.core.epsilon == 0.00025
