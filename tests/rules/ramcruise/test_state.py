"""The state's own rules: standing-order defaults (§5.3), phase keys (§5.4), ballista reload
(§15.1), what a status means (§4, §17), grapples as symmetric links (§11.3)."""

from __future__ import annotations

import pytest

from pbem.rules.ramcruise.classes import Crew
from pbem.rules.ramcruise.state import (
    AFLOAT,
    BUILD,
    COMBAT,
    FLED,
    MOVE,
    OVER,
    RUNG,
    SETUP,
    SINKING,
    SUNK,
    SURRENDERED,
    WIND,
    GameState,
    HalfRecord,
    Phase,
    Ship,
    Side,
    StandingOrders,
)
from pbem.rules.ramcruise.switches import Options


def _ship(ship_id: str, side: str, **changes: object) -> Ship:
    values: dict[str, object] = {"ship_class": "trireme", "x": 10.0, "y": 10.0, "heading": 0,
                                 "crew": Crew(oar=3, marines=2), **changes}
    return Ship(id=ship_id, side=side, **values)  # type: ignore[arg-type]


def _state(*ships: Ship) -> GameState:
    return GameState(ships=ships, sides=(Side("carthage", "south"), Side("rome", "north")),
                     options=Options())


def test_standing_orders_default_as_section_5_3() -> None:
    orders = StandingOrders()
    assert (orders.stance, orders.onbreak, orders.onshear, orders.losses) == (
        "resist", "resist", "grapple", ("deck", "bow", "mar", "oar"))
    for bad in ({"stance": "board"}, {"onbreak": "grapple"}, {"onshear": "resist"},
                {"losses": ()}, {"losses": ("deck", "hull")}):
        with pytest.raises(ValueError):
            StandingOrders(**bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("phase", "key", "round_"), [
    (Phase(WIND), "wind", 0), (Phase(BUILD), "build", 0), (Phase(SETUP, side="rome"), "setup-rome", 0),
    (Phase(MOVE, 3, 1, "carthage"), "T3-r1-carthage", 1),
    (Phase(COMBAT, 3, 1, "carthage"), "T3-r2-carthage", 2),
    (Phase(MOVE, 3, 2, "rome"), "T3-r3-rome", 3), (Phase(COMBAT, 3, 2, "rome"), "T3-r4-rome", 4),
    (Phase(OVER), "over", 0)])
def test_phase_keys_are_the_rounds_of_section_5_4(phase: Phase, key: str, round_: int) -> None:
    assert phase.key == key
    assert phase.round == round_


def test_the_four_keys_of_a_turn_are_distinct_and_differ_from_turn_to_turn() -> None:
    keys = {Phase(kind, turn, half, side).key for turn in (1, 2)
            for half, side in ((1, "carthage"), (2, "rome")) for kind in (MOVE, COMBAT)}
    assert len(keys) == 8


def test_a_ballista_that_fires_in_turn_t_is_loaded_again_in_t_plus_2() -> None:
    ship = _ship("C1", "carthage", ballistas=(0, 4, 5))
    assert ship.loaded_ballistas(4) == (1,)
    assert ship.loaded_ballistas(5) == (1,)
    assert ship.loaded_ballistas(6) == (1, 2)
    assert ship.loaded_ballistas(7) == (1, 2, 3)


@pytest.mark.parametrize(("status", "routed", "on_table", "in_play", "lost"), [
    (AFLOAT, False, True, True, False), (AFLOAT, True, True, True, True),
    (SINKING, False, True, True, True), (SURRENDERED, False, True, False, True),
    (SUNK, False, False, False, True), (FLED, True, False, False, True)])
def test_what_a_status_means(status: str, routed: bool, on_table: bool, in_play: bool,
                             lost: bool) -> None:
    ship = _ship("C1", "carthage", status=status, routed=routed)
    assert (ship.on_table, ship.in_play, ship.lost) == (on_table, in_play, lost)
    assert not _ship("C1", "carthage", placed=False).on_table


def test_the_ladder_counts_stay_and_back_as_the_strategic_rung() -> None:
    assert RUNG == {"strategic": 0, "cruise": 1, "ram": 2, "back": 0, "stay": 0}


def test_a_ship_s_footprint_is_its_class_s() -> None:
    ship = _ship("C1", "carthage", ship_class="quinquereme", x=36.0, y=6.0)
    ys = sorted(corner.y for corner in ship.polygon().corners)
    xs = sorted(corner.x for corner in ship.polygon().corners)
    assert (ys[0], ys[-1], xs[0], xs[-1]) == (3.5, 8.5, 35.25, 36.75)  # §20: bow at y 8.5


def test_grapples_are_symmetric_kept_in_scenario_order_and_released_with_a_ship() -> None:
    state = _state(_ship("C1", "carthage"), _ship("C2", "carthage"), _ship("R1", "rome"),
                   _ship("R2", "rome"))
    state = state.with_grapple("R1", "C2").with_grapple("C1", "R1").with_grapple("c2", "r1")
    assert [(g.first, g.second) for g in state.grapples] == [("C2", "R1"), ("C1", "R1")]
    assert state.grappled_with("R1") == ("C1", "C2")
    assert state.grappled_with("C2") == ("R1",)
    assert state.grapple("r1", "c1") is not None
    assert state.without_grapple("R1", "C1").grappled_with("R1") == ("C2",)
    assert state.released("R1").grapples == ()
    with pytest.raises(ValueError):
        state.with_grapple("C1", "C1")


def test_sides_and_ships_are_found_by_id() -> None:
    state = _state(_ship("C1", "carthage"), _ship("R1", "rome"))
    assert state.side_ids == ("carthage", "rome")
    assert state.other("carthage") == "rome" and state.other("rome") == "carthage"
    assert state.side("rome").home_heading == 0 and state.side("carthage").home_heading == 180
    assert state.require("r1").id == "R1" and state.ship("X9") is None
    assert state.order_of("R1") == 1
    moved = state.with_ship(_ship("R1", "rome", x=20.0))
    assert moved.require("R1").x == 20.0 and state.require("R1").x == 10.0
    with pytest.raises(ValueError, match="no side 'sparta'"):
        state.side("sparta")


def test_the_phasing_side_is_the_phase_s_side_only_in_a_turn() -> None:
    state = _state(_ship("C1", "carthage"))
    assert GameState(state.ships, state.sides, state.options,
                     phase=Phase(COMBAT, 2, 2, "rome")).phasing == "rome"
    assert GameState(state.ships, state.sides, state.options,
                     phase=Phase(SETUP, side="rome")).phasing == ""


def test_triggers_are_told_once_each_in_the_order_they_came() -> None:
    record = HalfRecord(triggers=(("R1", "sheared"), ("C2", "rammed"), ("R1", "casualties"),
                                  ("R1", "sheared")))
    assert record.triggers_of("R1") == ("sheared", "casualties")
    assert record.triggers_of("C3") == ()
