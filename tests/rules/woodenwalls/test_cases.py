"""The Wooden Walls case runner (cases.py): loading a position, the shuffle with forced and
rolled dice, leftover dice, a missing engine, refusals of the case file as sentences."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pbem.rules.errors import CaseError
from pbem.rules.woodenwalls import cases
from pbem.rules.woodenwalls.cases import load_case, play_case

BASE: dict[str, Any] = {
    "ruleset": "wooden-walls",
    "ship": [{"id": "RH-HELIOS", "side": "rhodes", "type": "trireme", "quality": "ABLE", "x": 5.0,
              "y": 4.0, "heading": 90, "speed": 2},
             {"id": "MA-PELLA", "side": "macedon", "type": "trireme", "quality": "FR", "x": 12.0,
              "y": 8.0, "heading": 270, "speed": 0}],
    "phase": {"kind": "shuffle", "dice": [1, 1, 1, 1, 1]},
}


def _case(**changes: Any) -> dict[str, Any]:
    case = copy.deepcopy(BASE)
    for key, value in changes.items():
        case[key] = value
    return case


def test_the_shuffle_rolled_all_ones() -> None:
    # §5.2 with d6 d5 d4 d3 d2 all 1 (plan §9.2): M2 M3 M4 MB F M1, legs [M2 M3] [M4 MB] [F M1].
    found = play_case(_case(), "t")
    assert found["deck"] == ["M2", "M3", "M4", "MB", "F", "M1"]
    assert found["legs"] == [["M2", "M3"], ["M4", "MB"], ["F", "M1"]]
    assert found["dice"] == [1, 1, 1, 1, 1] and found["errors"] == [] and found["rejected"] == {}
    assert found["events"][0]["kind"] == "shuffle" and found["clamped"] == []


def test_a_forced_deck_takes_no_dice_and_a_left_over_die_is_an_error() -> None:
    case = _case(round={"deck": ["M3", "F", "M1", "MB", "M4", "M2"]})
    case["phase"]["dice"] = [4]
    found = play_case(case, "t")
    assert found["legs"] == [["M3", "F", "M1"], ["MB", "M4"], ["M2"]]
    assert found["dice"] == []
    assert found["errors"] == ["dice: 1 dice left over: [4] were given but not needed"]


def test_too_few_dice_and_a_die_too_large() -> None:
    case = _case()
    case["phase"]["dice"] = [1, 1]
    assert "ran out of dice" in play_case(case, "t")["errors"][0]
    case["phase"]["dice"] = [6, 5, 4, 4, 2]  # the fourth roll is a d3
    assert "that roll is a d3" in play_case(case, "t")["errors"][0]
    case["phase"]["dice"] = [21]
    with pytest.raises(CaseError, match="from 1 to 20"):
        play_case(case, "t")


def test_a_missing_engine_is_reported_as_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    real = cases.importlib.import_module

    def without_deckphase(name: str) -> Any:
        if name.endswith(".deckphase"):
            error = ImportError(f"No module named {name!r}")
            error.name = name
            raise error
        return real(name)

    monkeypatch.setattr(cases.importlib, "import_module", without_deckphase)
    case = _case(phase={"kind": "deck_action", "dice": []})
    found = play_case(case, "t")
    assert found["errors"] == ["needs deckphase"]
    assert found["ships"]["RH-HELIOS"]["x"] == 5.0  # the position as loaded


def test_orders_read_and_refused_by_key() -> None:
    case = _case(phase={"kind": "shooting", "dice": [],
                        "orders": {"rhodes": "RH-HELIOS: SHOOT Q nonsense\n"}},
                 turn={"first_player": "rhodes"})
    found = play_case(case, "t")
    assert list(found["rejected"]) == ["RH-HELIOS"]


def test_a_case_without_ships_loads_the_default_scenario() -> None:
    state = load_case({"phase": {"kind": "shuffle"}}, "t")
    assert [ship.id for ship in state.ships][:2] == ["RH-ATHENA", "RH-HELIOS"]
    assert state.phase.key == "R1-A"


def test_turn_state_and_phase_of_an_activation_case() -> None:
    case = _case(phase={"kind": "activation", "ship": "RH-HELIOS", "card": "m2"},
                 turn={"round": 2, "leg": "B", "first_player": "macedon", "last_second": "rhodes",
                       "wind": "stiff@45"},
                 state={"links": ["grapple RH-HELIOS>MA-PELLA 1"], "won_shooting": ["RH-HELIOS>MA-PELLA"]},
                 options={"mail": "split"})
    state = load_case(case, "t")
    assert state.phase.key == "R2-B-move" and state.round.card == "M2" and state.round.action_phase == 3
    assert (state.round.first_player, state.round.second_player, state.round.last_second) == (
        "macedon", "rhodes", "rhodes")
    assert state.wind.notation == "stiff@45" and state.link("RH-HELIOS", "MA-PELLA") is not None
    assert state.round.won_shooting == ("RH-HELIOS>MA-PELLA",)


@pytest.mark.parametrize(("changes", "words"), [
    ({"phase": {"kind": "dance"}}, "kind is one of setup, shuffle"),
    ({"phase": {"kind": "shuffle", "colour": 1}}, "'colour', which is no key"),
    ({"phase": {"kind": "activation", "ship": "RH-HELIOS", "card": "F"}}, "card is a MOVE card"),
    ({"turn": {"round": float("inf")}}, "[turn] round is a whole number"),
    ({"turn": {"round": "two"}}, "[turn] round is a whole number"),
    ({"options": {"flooding": "sometimes"}}, "option flooding"),
    ({"options": {"galleys": 1}}, "have no option 'galleys'"),
    ({"options": "fast"}, "[options] is a table"),
    ({"state": {"links": ["ram RH-HELIOS>NOBODY"]}}, "no ship of this case"),
    ({"table": {"width": -1}}, "[table] width and height"),
    ({"ship": [{"id": "X"}]}, "side is needed"),
    ({"ship": "many"}, "ships are [[ship]] tables"),
])
def test_a_bad_case_is_a_case_error_sentence(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(CaseError) as refused:
        play_case(_case(**changes), "bad.toml")
    assert str(refused.value).startswith("bad.toml: ")
    assert words in str(refused.value), refused.value
