"""The ram-cruise side of the case runner: a case's position, its kinds, and the JSON it prints."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.rules.errors import CaseError
from pbem.rules.ramcruise.cases import load_case, play_case


def _case(**phase: Any) -> dict[str, Any]:
    return {
        "side": [{"id": "carthage", "home": "south"}, {"id": "rome", "home": "north"}],
        "ship": [{"id": "C1", "side": "carthage", "class": "trireme", "x": 20.0, "y": 10.0,
                  "heading": 0, "mode": "CRUISE", "stance": "Accept"},
                 {"id": "R1", "side": "rome", "class": "trireme", "x": 60.0, "y": 44.0,
                  "heading": 180}],
        "turn": {"number": 2, "half": 1},
        "phase": {"kind": "move", "side": "carthage", "orders": "", "dice": [], **phase},
        "expect": {},
    }


def test_the_output_has_ships_rejected_winner_events_and_errors() -> None:
    output = play_case(_case(orders="C1: CRUISE F6\nR1: STAY\nC1: FLY"), "t")
    assert list(output["ships"]) == ["C1", "R1"]
    c1 = output["ships"]["C1"]
    assert (c1["y"], c1["mode"], c1["speed"], c1["stance"]) == (16.0, "cruise", 6.0, "accept")
    assert list(output["rejected"]) == ["R1", "C1"]          # in the order of the lines
    assert "not yours" in output["rejected"]["R1"] and "FLY" in output["rejected"]["C1"]
    assert output["winner"] == "" and output["errors"] == []
    assert [item["kind"] for item in output["events"]] == ["move"]


def test_a_refused_movement_line_says_why() -> None:
    output = play_case(_case(orders="C1: RAM F13"), "t")
    assert "maximum" in output["rejected"]["C1"]
    assert output["ships"]["C1"]["y"] == 10.0 and output["ships"]["C1"]["mode"] == "stay"


def test_dice_left_over_are_an_error() -> None:
    output = play_case(_case(orders="C1: CRUISE F6", dice=[3]), "t")
    assert any("left over" in error for error in output["errors"])


def test_the_phasing_side_must_have_the_half() -> None:
    case = _case()
    case["turn"]["half"] = 2
    with pytest.raises(CaseError, match="does not phase in half 2"):
        load_case(case, "t")


def test_an_unknown_kind_is_a_case_error() -> None:
    with pytest.raises(CaseError, match="phase kind"):
        play_case(_case(kind="initiative"), "t")


def test_wind_defaults_to_90_and_fleet_fatigue_is_the_first_ships() -> None:
    case = _case()
    case["options"] = {"fatigue": "fleet"}
    case["ship"][0]["fatigue"] = 11
    position = load_case(case, "t")
    assert position.wind == 90 and position.side("carthage").fatigue == 11
