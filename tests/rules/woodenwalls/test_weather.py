"""Wind, drift and Fate in Wooden Walls (rulings §5.6, §7.9, §7.10, §8.3, §14; plan §11 q. 13, 54),
with forced dice and distances worked by hand. Trireme: L 1.2, W 0.3; sections u: 1 [0.1384,
0.4701], 2 [−0.1933, 0.1384], 3 [−0.525, −0.1933]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.dice import ForcedDice
from pbem.rules.table import Vec, area_polygon
from pbem.rules.woodenwalls.state import (
    GRAPPLE,
    HULK,
    Current,
    GameState,
    Link,
    Ship,
    ShippedOars,
    Terrain,
    Wind,
    new_ship,
)
from pbem.rules.woodenwalls.switches import Options
from pbem.rules.woodenwalls.weather import (
    changed_wind,
    drift_all,
    fate,
    oversteer,
    passes_line,
    setup_wind,
)


def dice(*values: int) -> ForcedDice:
    return ForcedDice(values=list(values), largest_die=20)


STIFF_EAST = Wind("stiff", 90)


def game(*ships: Ship, wind: Wind = STIFF_EAST, **changes: object) -> GameState:
    return replace(GameState(ships), wind=wind, **changes)  # type: ignore[arg-type]


def log(rolled: ForcedDice) -> list[tuple[str, int]]:
    return [(roll.purpose, roll.sides) for roll in rolled.log]


# ---------------------------------------------------------------- the wind (§7.10, §5.6)


@pytest.mark.parametrize(("die", "heading"), [(1, 90), (3, 90), (4, 270), (6, 270)])
def test_setup_wind(die: int, heading: float) -> None:
    rolled = dice(die)
    state, events = setup_wind(GameState(()), rolled)
    assert state.wind == Wind("light", heading) and log(rolled) == [("wind direction", 6)]
    assert events[0]["die"] == die


@pytest.mark.parametrize(("wind", "die", "after"), [
    (Wind("stiff", 90), 1, Wind("stiff", 45)),      # backs 45
    (Wind("stiff", 0), 1, Wind("stiff", 315)),
    (Wind("stiff", 90), 2, Wind("stiff", 135)),     # veers 45
    (Wind("stiff", 90), 3, Wind("strong", 90)),     # rises
    (Wind("strong", 90), 3, Wind("strong", 90)),    # strong cannot rise (storm = off)
    (Wind("stiff", 90), 4, Wind("light", 90)),      # falls
    (Wind("light", 90), 4, Wind("light", 90)),      # light cannot fall
    (Wind("stiff", 90), 5, Wind("stiff", 90)),
    (Wind("stiff", 90), 6, Wind("stiff", 90)),
])
def test_fate_wind(wind: Wind, die: int, after: Wind) -> None:
    assert changed_wind(wind, die) == after
    rolled = dice(die)
    state, events = fate(game(wind=wind), rolled)
    assert state.wind == after and log(rolled) == [("fate wind", 6)] and events[0].kind == "fate"


def test_passes_line_start_excluded_end_included() -> None:
    assert passes_line(60, 30, 90) and not passes_line(90, 30, 90) and passes_line(100, -10, 90)
    assert passes_line(250, 20, 90)       # through 270, the line's reverse
    assert not passes_line(0, 0, 90)


def test_oversteer_roll_only_stiff_or_strong() -> None:
    rolled = dice(6)
    roll = oversteer(game(), "X", 70, 30, rolled)
    assert roll is not None and roll.repeats and log(rolled) == [("oversteer X", 6)]
    assert oversteer(game(wind=Wind("light", 90)), "X", 70, 30, dice()) is None


# ---------------------------------------------------------------- drift (§7.9)


@pytest.mark.parametrize(("strength", "heading", "x"), [
    ("stiff", 0, 9.25),      # ¼ SL; heading 0 is 90° from the line
    ("strong", 0, 9.5),      # ½ SL
    ("stiff", 80, 9.125),    # within 30° of the line: halved
    ("strong", 240, 9.25),   # 240 is 30° from 270, the line's other heading: halved
    ("light", 0, 9.0),       # a light wind moves nothing
])
def test_stopped_ship_drifts_downwind(strength: str, heading: float, x: float) -> None:
    state, _ = drift_all(game(new_ship("X", "trireme", "a", 9, 6, heading, 0), wind=Wind(strength, 90)))
    ship = state.require("X")
    assert (ship.x, ship.y, ship.heading) == pytest.approx((x, 6, heading))


def test_moving_linked_and_hulk_ships_do_not_drift_at_phase_end() -> None:
    moving = new_ship("M", "trireme", "a", 3, 6, 0, 2)
    linked = new_ship("L", "trireme", "a", 9, 6, 0, 0)
    partner = new_ship("P", "trireme", "b", 9.3, 6, 0, 0)
    hulk = new_ship("H", "trireme", "b", 14, 6, 0, 0, status=HULK, hulk_reason="sunk")
    state = game(moving, linked, partner, hulk, links=(Link(GRAPPLE, "P", "L", ("P",)),))
    after, events = drift_all(state)
    assert after.ships == state.ships and events == ()


def test_drift_stops_at_the_first_contact() -> None:
    # Y 0.1 east of X (beams at 9.15 and 9.25): a ¼ SL drift stops after 0.1, no effect.
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 0), new_ship("Y", "trireme", "b", 9.4, 6, 0, 2))
    after, events = drift_all(state)
    assert after.require("X").x == pytest.approx(9.1) and events[0]["stopped_by"] == "Y"


def test_strong_current_adds_half_after_the_wind() -> None:
    # A strong current running north under X: wind ¼ east, then ½ north.
    water = area_polygon((Vec(7, 4), Vec(7, 9), Vec(11, 9), Vec(11, 4)))
    state = game(new_ship("X", "trireme", "a", 9, 6, 0, 0),
                 terrain=Terrain(currents=(Current(water, 0, "strong"),)))
    after, events = drift_all(state)
    assert (after.require("X").x, after.require("X").y) == pytest.approx((9.25, 6.5))
    assert [item["cause"] for item in events] == ["wind", "current 1"]


# ---------------------------------------------------------------- Fate: hulks and AP markers


def _hulk_and_ship(**ship_changes: object) -> GameState:
    # Hulk H at (9, 6) heading 0; Y 0.1 east (its port beam at x = 9.25). Wind stiff towards 90.
    hulk = new_ship("H", "trireme", "b", 9, 6, 0, 0, status=HULK, hulk_reason="sunk")
    ship = new_ship("Y", "trireme", "a", 9.4, 6, 0, 2, **ship_changes)
    return game(hulk, ship)


def test_hulk_drift_onto_a_beam_tests_the_section_at_I() -> None:
    # Fate die 5 (no change); H drifts 0.1 and meets Y flush, beam to beam: K = the shoulders and
    # hips at x = 9.25, I = the middle of the farthest pair, y = (6.4701 + 5.475)/2 = 5.97255:
    # Y's u = −0.02745, section 2 on its port side: P2. ABLE 5+: 5 passes → port shipped.
    rolled = dice(5, 5)
    state, events = fate(_hulk_and_ship(), rolled)
    assert log(rolled) == [("fate wind", 6), ("oar save Y P2", 6)]
    assert state.require("H").x == pytest.approx(9.1)
    assert state.require("Y").shipped_on("port") and state.require("Y").revealed
    assert [item.kind for item in events] == ["fate", "drift", "save"]


def test_hulk_drift_failed_save_loses_the_section() -> None:
    state, _ = fate(_hulk_and_ship(), dice(5, 4))
    assert state.require("Y").oars_lost == ("P2",)


def test_hulk_drift_no_test_for_a_side_already_shipped() -> None:

    rolled = dice(5)
    fate(_hulk_and_ship(shipped=(ShippedOars("port"),)), rolled)
    assert log(rolled) == [("fate wind", 6)]


def test_open_ship_gets_plus_two() -> None:
    # An open trireme: 3 + 2 = 5 passes for ABLE.
    state, _ = fate(_hulk_and_ship(protection="open"), dice(5, 3))
    assert state.require("Y").shipped_on("port")


def test_hulk_touching_land_stays() -> None:
    land = area_polygon((Vec(8, 5), Vec(8, 7), Vec(8.85, 7), Vec(8.85, 5)))  # touching H's port beam
    hulk = new_ship("H", "trireme", "b", 9, 6, 0, 0, status=HULK, hulk_reason="sunk")
    state, events = fate(game(hulk, terrain=Terrain(land=(land,))), dice(5))
    assert state.require("H").x == 9 and [item.kind for item in events] == ["fate"]


def test_ap_marker_tests_when_on() -> None:
    # One marker in M: a seamanship test, ABLE 5+; 5 removes it. Off: no die.
    markers = (0, 1, 0, 0, 0)
    ship = new_ship("X", "trireme", "a", 3, 3, 0, 2, ap_markers=markers)
    rolled = dice(5, 5)
    state, _ = fate(game(ship, options=replace(Options(), ap_weapons=True)), rolled)
    assert log(rolled) == [("fate wind", 6), ("AP marker X M", 6)]
    assert state.require("X").ap_markers == (0, 0, 0, 0, 0)
    kept, _ = fate(game(ship, options=replace(Options(), ap_weapons=True)), dice(5, 4))
    assert kept.require("X").ap_markers == markers
    off = dice(5)
    fate(game(ship), off)
    assert len(off.log) == 1
