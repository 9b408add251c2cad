"""The Wooden Walls pieces for tools and their JSON Schema (plan §1.5, §6): every piece of several
views valid against the schema, unrevealed qualities null, nothing read beyond the view."""

from __future__ import annotations

import copy
from dataclasses import replace

import jsonschema  # type: ignore[import-untyped]
import pytest

from pbem.rules.woodenwalls.pieces import pieces_schema, report_pieces
from pbem.rules.woodenwalls.scenario import default_state
from pbem.rules.woodenwalls.sideview import full_view, view
from pbem.rules.woodenwalls.state import FLED, GameState
from pbem.rules.woodenwalls.switches import Options
from tests.rules.woodenwalls.test_present import MACEDON, RHODES, battle_states, small

VIEWERS = (RHODES, MACEDON, None)


def validator() -> jsonschema.Draft202012Validator:
    schema = pieces_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def positions() -> list[GameState]:
    state = small()
    fled = replace(state.require("RH-HELIOS"), status=FLED)
    return [default_state(Options()), state, state.with_ship(fled)]


def by_id(state: GameState, viewer: str | None) -> dict[str, dict[str, object]]:
    return {piece["id"]: piece for piece in report_pieces(view(state, viewer))}


def test_the_schema_is_draft_2020_12() -> None:
    assert pieces_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    validator()


@pytest.mark.parametrize("viewer", VIEWERS)
def test_every_piece_of_hand_built_views_validates(viewer: str | None) -> None:
    check = validator()
    for state in positions():
        pieces = report_pieces(view(state, viewer))
        assert [piece["id"] for piece in pieces] == [ship.id for ship in state.ships]
        for piece in pieces:
            check.validate(piece)


def test_the_game_masters_pieces_validate_with_every_quality() -> None:
    check = validator()
    pieces = report_pieces(full_view(small()))
    for piece in pieces:
        check.validate(piece)
    assert all(piece["quality"] in ("FR", "ABLE", "POOR") for piece in pieces)


def test_unrevealed_quality_is_null() -> None:
    state = small()
    rhodes = by_id(state, RHODES)
    assert rhodes["RH-ATHENA"]["quality"] == "FR"
    assert rhodes["MA-PELLA"]["quality"] == "ABLE"  # revealed
    assert rhodes["MA-DEMETRIAS"]["quality"] is None
    assert {piece["quality"] for piece in by_id(state, None).values()} == {None}


def test_a_piece_holds_the_public_facts() -> None:
    athena = by_id(small(), MACEDON)["RH-ATHENA"]
    assert athena["position"] == {"x": 6.0, "y": 2.0, "heading": 0}
    assert len(athena["corners"]) == 8  # type: ignore[arg-type]
    assert athena["speed"] == 1 and athena["max_speed"] == 1  # fire B 2 caps it (§4.2)
    assert athena["holes"] == ["M"] and athena["added"] == ["S"] and athena["hole_units"] == 3
    assert athena["fires"] == {"B": 2, "M": 0, "S": 0}
    assert athena["oars_lost"] == ["P1"] and athena["shipped"] == ["port"]
    assert athena["steering_lost"] == ["starboard"] and athena["ram"] is False
    assert athena["flag"] == "standing_off" and athena["links"] == ["grapple RH-ATHENA>MA-PELLA 1"]
    delphis = by_id(small(), MACEDON)["RH-DELPHIS"]
    assert delphis["side"] == RHODES and delphis["controller"] == MACEDON


def test_a_fled_ship_has_no_place() -> None:
    state = positions()[2]
    helios = by_id(state, RHODES)["RH-HELIOS"]
    assert helios["position"] is None and helios["corners"] == []


def test_the_schema_refuses_a_wrong_piece() -> None:
    check = validator()
    piece = by_id(small(), RHODES)["RH-ATHENA"]
    for key, value in (("quality", "GOOD"), ("speed", 5), ("status", "sunk"),
                       ("oars_lost", ["X1"])):
        wrong = copy.deepcopy(piece)
        wrong[key] = value
        with pytest.raises(jsonschema.ValidationError):
            check.validate(wrong)
    extra = copy.deepcopy(piece)
    extra["deck"] = ["M1"]
    with pytest.raises(jsonschema.ValidationError):
        check.validate(extra)


def test_every_piece_of_a_played_battle_validates() -> None:
    check = validator()
    for state in battle_states("legs", 9):
        for viewer in VIEWERS:
            for piece in report_pieces(view(state, viewer)):
                check.validate(piece)
                ship = state.require(str(piece["id"]))
                known = viewer is not None and (ship.owner == viewer or ship.side == viewer
                                                or ship.revealed)
                assert piece["quality"] == (ship.quality if known else None)
