"""The deck and setup refusals of the Wooden Walls checker called directly (rulings §17, §19;
plan §11 q. 9, 41, 45): each returns (what was wrong, what would be accepted) or None."""

from __future__ import annotations

from collections import Counter

from pbem.rules.woodenwalls.checkdeck import (
    allotment,
    allotment_text,
    deck_refusal,
    nearest_id,
    post_refusal,
    quality_refusal,
    target_area_refusal,
)
from pbem.rules.woodenwalls.orders import Engine, Placing, Post, ShipArea
from pbem.rules.woodenwalls.state import GameState
from tests.rules.woodenwalls.test_check import straits


def _state() -> GameState:
    return straits()


def test_the_default_allotment_of_each_side() -> None:
    state = _state()
    assert allotment(state, "rhodes") == Counter({"FR": 2, "ABLE": 2})
    assert allotment_text(allotment(state, "macedon")) == "1 FR, 2 ABLE, 1 POOR"


def test_quality_refusal_whole_side_and_one_player() -> None:
    state = _state()
    ships = state.controlled_by("rhodes")
    good = list(zip(ships, ["FR", "ABLE", "FR", "ABLE"], strict=True))
    assert quality_refusal(state, "rhodes", ships, good, True) is None
    reason, accepted = quality_refusal(state, "rhodes", ships, [(s, "FR") for s in ships], True) or ("", "")
    assert reason == ("the QUALITY lines give 4 FR, not the allotment 2 FR, 2 ABLE, so all of "
                      "them are refused (§19)")
    assert accepted.startswith("one <ID>: QUALITY FR|ABLE|POOR line for each of RH-ATHENA, ")
    one = ships[:1]  # one player of several: within the allotment
    assert quality_refusal(state, "rhodes", one, [(one[0], "ABLE")], False) is None
    assert quality_refusal(state, "rhodes", one, [(one[0], "POOR")], False) is not None


def test_post_refusal_names_the_load_and_the_capacities() -> None:
    state = _state()
    athena = state.require("RH-ATHENA")
    assert post_refusal(state, athena, Post((Placing("B", 2, "marines"),
                                             Placing("M", 1, "shooters")))) is None
    found = post_refusal(state, athena, Post((Placing("M", 2, "marines"), Placing("M", 2, "shooters"))))
    assert found is not None
    assert "RH-ATHENA's 2 marines and 1 shooter" in found[1]
    assert "(B 2, M 3, S 2;" in found[1]  # a trireme's capacities (§4.4)


def test_one_engine_line_per_area_q45_and_engine_areas() -> None:
    state = _state()
    antigonis = state.require("MA-ANTIGONIS")
    target = (ShipArea("RH-ATHENA", "M"),)
    assert deck_refusal(state, antigonis, Engine("M", target)) is None
    found = deck_refusal(state, antigonis, Engine("S", target))
    assert found is not None and found[0] == "MA-ANTIGONIS has no engine in S (§11.1)"


def test_a_target_area_alone_is_the_ordering_ships() -> None:
    state = _state()
    athena = state.require("RH-ATHENA")
    assert target_area_refusal(state, athena, ShipArea("", "M"), "MOVE") is None
    found = target_area_refusal(state, athena, ShipArea("", "T2"), "MOVE")
    assert found is not None and found[0].startswith("RH-ATHENA has no area T2")


def test_nearest_id_ties_keep_the_first_listed() -> None:
    assert nearest_id("RH-A", ["RH-B", "RH-C"]) == "RH-B"
    assert nearest_id("MA-PELLA", []) == ""
