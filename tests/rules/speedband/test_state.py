"""The frozen state of a speed-band game (rulings §2.2, §2.3, §10, §11, §13.2)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest

from pbem.rules.speedband.state import (
    CORVUS,
    LINE,
    Front,
    GameState,
    Phase,
    Player,
    StandingOrders,
    new_ship,
)
from pbem.rules.speedband.switches import Options


def two_ships() -> GameState:
    return GameState((new_ship("R1", "Ultor", "quinquereme", "romans", 28, 8, 0),
                      new_ship("C2", "Tanit", "trireme", "carthaginians", 28, 40, 180)),
                     (Player("romans", "romans"), Player("carthaginians", "carthaginians")),
                     Options())


def test_a_new_ship_takes_its_type_row() -> None:
    ship = new_ship("R1", "Ultor", "Quinquereme", "romans", 28, 8, 0, corvus=True)
    assert (ship.archers, ship.soldiers, ship.officers, ship.ballistae) == (3, 4, 3, 1)
    assert ship.rowers == (4,) * 8 and ship.hull == 100 and ship.tower and ship.corvus
    assert ship.last_band == "cruise" and ship.last_speed == 70  # the top of Cruise, tenths
    assert ship.max_band == "ram" and ship.active and not ship.prize
    assert ship.standing == StandingOrders()


def test_oar_sides_odd_port_even_starboard() -> None:
    ship = new_ship("C2", "Tanit", "trireme", "carthaginians", 0, 0, 0,
                    rowers=(2, 0, 1, 2, 0, 0, 2, 2))
    assert ship.intact_sections(starboard=False) == (1, 3, 7)
    assert ship.intact_sections(starboard=True) == (4, 8)
    assert ship.lost_sections == 3
    assert ship.max_band == "battle"  # §2.3: Ram - floor(3 / 2)


@pytest.mark.parametrize(("changes", "sentence"), [
    ({"status": "sinking"}, "status is one of afloat, fleeing"),
    ({"crew": "green"}, "crew is poor, standard or elite"),
    ({"rowers": (1, 1)}, "rowers lists the 8 oar sections"),
    ({"archers": -1}, "whole numbers of 0 or more"),
    ({"officers_lost": 0, "officers_lost_this_turn": 1}, "officers_lost counts this turn's"),
    ({"last_band": "flank"}, "a band is one of back, stop"),
    ({"type": "bireme"}, "no ship type 'bireme'"),
])
def test_a_ship_refuses_impossible_values(changes: dict[str, object], sentence: str) -> None:
    with pytest.raises(ValueError, match=sentence):
        new_ship("X1", "X", "trireme", "romans", 0, 0, 0, **changes)


def test_standing_orders_are_checked() -> None:
    with pytest.raises(ValueError, match="CUT is ENEMY, ALL or NONE"):
        StandingOrders(cut="some")
    with pytest.raises(ValueError, match="LOSSES names archers, soldiers and officers"):
        StandingOrders(losses=("archers", "archers", "officers"))


def test_links_are_one_per_pair_and_a_corvus_replaces_a_line() -> None:
    state = two_ships().with_link("C2", "R1", LINE)
    assert state.linked_with("R1") == ("C2",) and state.held("C2")
    link = state.link("r1", "c2")
    assert link is not None and (link.first, link.second, link.thrower) == ("R1", "C2", "C2")
    state = state.with_link("R1", "C2", CORVUS)
    assert len(state.links) == 1 and state.links[0].kind == "corvus"
    assert state.links[0].thrower == "R1"
    assert state.released("C2").links == ()
    assert state.without_link("C2", "R1").links == ()
    with pytest.raises(ValueError, match="cannot grapple itself"):
        state.with_link("R1", "r1", LINE)


def test_fronts_read_from_either_ship() -> None:
    state = replace(two_ships(), fronts=(Front("R1", "C2", 2),))
    assert state.front("R1", "C2") == 2 and state.front("C2", "R1") == -2
    assert state.front("R1", "R1") == 0
    with pytest.raises(ValueError, match="from -4 to 4"):
        Front("R1", "C2", 5)


def test_enemies_by_controller_and_duplicate_ids() -> None:
    state = two_ships()
    romans, tanit = state.ships
    assert state.enemies(romans, tanit)
    assert not state.enemies(romans, replace(tanit, controller="romans"))
    assert state.sides == ("romans", "carthaginians")
    assert state.ships_of_player("romans") == (romans,)
    with pytest.raises(ValueError, match="same id"):
        GameState((romans, replace(tanit, id="r1")), state.players, Options())


def test_phase_keys_and_frozen_values() -> None:
    assert Phase("setup", 0, "carthaginians").key == "setup-carthaginians"
    assert Phase("orders", 3).key == "T3-r1" and Phase("combat", 3).key == "T3-r2"
    assert Phase("over").key == "over"
    state = two_ships()
    with pytest.raises(FrozenInstanceError):
        state.ships[0].hull = 5  # type: ignore[misc]
    moved = state.with_ship(replace(state.ships[1], hull=40))
    assert moved.require("C2").hull == 40 and state.require("C2").hull == 100
    with pytest.raises(ValueError, match="no ship Z9"):
        state.require("Z9")
