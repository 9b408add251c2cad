"""The whole state as JSON (view.state_json; cases-open-table.md, Wooden Walls items 8 and 9)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.woodenwalls import view
from pbem.rules.woodenwalls.rounds import RoundState
from pbem.rules.woodenwalls.scenario import default_state
from pbem.rules.woodenwalls.state import GRAPPLE, RAM, Element, Link, Wind
from pbem.rules.woodenwalls.switches import Options

EXPECTATION_FIELDS = ("x", "y", "heading", "speed", "status", "controller", "flag", "hole_units", "holes",
                      "added", "oars_lost", "shipped", "steering_lost", "ram", "confused", "revealed")


def test_every_ship_has_ww8s_fields_and_eight_corners() -> None:
    found = view.state_json(default_state(Options()))
    assert list(found["ships"]) == ["RH-ATHENA", "RH-HELIOS", "RH-RHODOS", "RH-DELPHIS", "MA-ANTIGONIS",
                                    "MA-DEMETRIAS", "MA-PELLA", "MA-KASSANDRA"]
    athena = found["ships"]["RH-ATHENA"]
    for name in EXPECTATION_FIELDS:
        assert name in athena, name
    assert (athena["x"], athena["y"], athena["heading"], athena["speed"]) == (6.0, 2.0, 0, 2)
    assert athena["controller"] == "rhodes" and athena["flag"] == "" and athena["holes"] == []
    # trireme at (6, 2) heading 0: bow stbd (6 + 0.075, 2 + 0.6) first, then clockwise (G3).
    assert len(athena["corners"]) == 8
    assert athena["corners"][0] == pytest.approx([6.075, 2.6], abs=0.006)
    assert athena["corners"][4] == pytest.approx([5.925, 1.4], abs=0.006)  # stern port (-0.6, -0.075)


def test_element_counts_for_every_area_side_and_kind_zeros_included() -> None:
    ship = view.state_json(default_state(Options()))["ships"]["MA-ANTIGONIS"]
    keys = [key for key in ship if key.count(".") == 2]
    # 3 areas (no towers) x 2 sides x 3 kinds
    assert len(keys) == 18
    assert ship["B.macedon.marines"] == 2 and ship["M.macedon.engine"] == 1
    assert ship["B.rhodes.marines"] == 0 and "T1.macedon.marines" not in ship


def test_top_level_orders_and_values() -> None:
    state = default_state(Options())
    state = replace(state, links=(Link(RAM, "MA-PELLA", "RH-ATHENA"),
                                  Link(GRAPPLE, "RH-HELIOS", "MA-PELLA", ("MA-PELLA", "RH-HELIOS"))),
                    round=RoundState(deck=("M3", "F", "M1", "MB", "M4", "M2"),
                                     won_shooting=("MA-PELLA>RH-ATHENA", "RH-ATHENA>MA-KASSANDRA")),
                    wind=Wind("strong", 22.5), winner="draw")
    found = view.state_json(state)
    assert found["deck"] == ["M3", "F", "M1", "MB", "M4", "M2"]
    assert found["legs"] == [["M3", "F", "M1"], ["MB", "M4"], ["M2"]]  # §5.3's example
    # WW 8: by the scenario order of the first-named ship, then the second
    # (HELIOS 1, PELLA 6), (PELLA 6, ATHENA 0), (PELLA 6, HELIOS 1)
    assert found["links"] == ["grapple RH-HELIOS>MA-PELLA 1", "ram MA-PELLA>RH-ATHENA",
                              "grapple MA-PELLA>RH-HELIOS 1"]
    assert found["won_shooting"] == ["RH-ATHENA>MA-KASSANDRA", "MA-PELLA>RH-ATHENA"]
    assert found["wind"] == "strong@22.5" and found["winner"] == "draw"
    assert found["sides"] == ["rhodes", "macedon"] and found["phase"] == "setup"


def test_before_the_shuffle_there_are_no_legs() -> None:
    found = view.state_json(default_state(Options()))
    assert found["deck"] == [] and found["legs"] == [] and found["winner"] == ""


def test_a_captured_ship_prints_its_captor_and_towers_add_areas() -> None:
    state = default_state(Options())
    pella = replace(state.require("MA-PELLA"), controller="rhodes", captured=True,
                    elements=(Element("M", "marines", "rhodes", "RH-ATHENA"),))
    found = view.state_json(state.with_ship(pella))["ships"]["MA-PELLA"]
    assert found["controller"] == "rhodes" and found["captured"] and found["M.rhodes.marines"] == 1
    antigonis = replace(state.require("MA-ANTIGONIS"), towers=("T1", "T2"))
    assert view.state_json(state.with_ship(antigonis))["ships"]["MA-ANTIGONIS"]["T2.rhodes.engine"] == 0


def test_max_speed_left_out_until_speeds_is_there(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(view, "_max_speed", lambda: None)
    assert "max_speed" not in view.state_json(default_state(Options()))["ships"]["RH-ATHENA"]
    monkeypatch.setattr(view, "_max_speed", lambda: lambda state, ship: 3)
    assert view.state_json(default_state(Options()))["ships"]["RH-ATHENA"]["max_speed"] == 3
