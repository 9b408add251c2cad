"""The Wooden Walls state survives the store exactly: every kind of value the state holds (ships
with elements, holes, fires, oars; links; wind; land and currents; the round and its deck; every
kind of order in force; the round record; changed options) is written and read back equal, and
damaged data is refused with a sentence naming the place."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pbem.rules.interface import FORMAT_KEY
from pbem.rules.table import Vec, area_polygon
from pbem.rules.woodenwalls import codec
from pbem.rules.woodenwalls.elements import with_default_load
from pbem.rules.woodenwalls.notation import read_line
from pbem.rules.woodenwalls.rounds import LEG, Phase, RoundRecord, RoundState, gather
from pbem.rules.woodenwalls.shipstate import ShippedOars, new_ship
from pbem.rules.woodenwalls.state import Current, GameState, Link, Player, Terrain, Wind
from pbem.rules.woodenwalls.switches import parse_options

LINES = (
    "ORDER RH-ATHENA RH-HELIOS",
    "RH-ATHENA/1: S30 F0.6 P10 F0.4 RAM MA-PELLA",
    "RH-ATHENA/2: TOWARD MA-PELLA 0.8 SHEAR ANY",
    "RH-HELIOS/1: IF NEAR MA-PELLA 2 THEN HOLD ELSE AWAY (3,4)",
    "RH-HELIOS/2: B0.5 BREAK",
    "RH-HELIOS: SPEED B @2",
    "RH-ATHENA: SPEED 3 @1",
    "RH-ATHENA: SHOOT B MA-PELLA.M, MA-PELLA.B",
    "RH-ATHENA: GRAPPLE MA-PELLA HARPAX",
    "RH-ATHENA: ATTACK MA-PELLA.M FROM B UNTIL LOSS 2",
    "RH-HELIOS: DOUSE S 2",
    "RH-HELIOS: SHIFT 1M B-M",
)


def _state() -> GameState:
    athena = with_default_load(new_ship("RH-ATHENA", "trireme", "rhodes", 9.0, 6.0, 30.5, 2,
                                        quality="FR", revealed=True, holes=("L", "M"),
                                        added=("S",), oars_lost=("S2", "P1"),
                                        shipped=(ShippedOars("port", 1, "M2"),),
                                        flag="standing_off"))
    athena = athena.with_fire("M", 2)
    helios = with_default_load(new_ship("RH-HELIOS", "quinquereme", "rhodes", 4.25, 3.0, 270.0,
                                        "B", steering_lost=("starboard",), confused=True))
    pella = with_default_load(new_ship("MA-PELLA", "trireme", "macedon", 10.0, 6.6, 180.0, 0,
                                       quality="POOR", controller="rhodes", captured=True))
    land = area_polygon([Vec(0.0, 0.0), Vec(0.0, 1.0), Vec(1.0, 1.0), Vec(1.0, 0.0)])
    current = Current(area_polygon([Vec(5.0, 5.0), Vec(5.0, 7.0), Vec(7.0, 7.0), Vec(7.0, 5.0)]),
                      45.0, "strong")
    readings = [read_line(line, LEG) for line in LINES]
    orders = gather("rhodes", [reading for reading in readings if reading is not None])
    options = parse_options({"mail": "legs", "flooding": "per_hole", "table": "20x14"})
    return GameState(
        (athena, helios, pella), options,
        players=(Player("rhodes", "rhodes"), Player("macedon", "macedon")),
        terrain=Terrain((land,), (current,)),
        links=(Link("grapple", "RH-ATHENA", "MA-PELLA", ("RH-ATHENA", "MA-PELLA", "RH-ATHENA")),
               Link("ram", "RH-HELIOS", "MA-PELLA")),
        wind=Wind("stiff", 45.0),
        round=RoundState(deck=("M3", "F", "M1", "MB", "M4", "M2"), turned=2, action_phase=1,
                         card="M3", step=4, first_player="rhodes", second_player="macedon",
                         last_second="macedon", won_shooting=("RH-ATHENA>MA-PELLA",),
                         deck_phases=3),
        orders=(orders,),
        record=RoundRecord(holed=("RH-ATHENA",)).with_rammed("RH-ATHENA", 9.0, 6.0),
        phase=Phase(LEG, 2, "B"), winner="")


def test_every_kind_of_value_reads_back_equal() -> None:
    state = _state()
    stored = json.loads(json.dumps(codec.game_to_json(state)))
    back = codec.game_from_json(stored)
    assert back == state
    assert codec.state_to_json(back) == codec.state_to_json(state)


def test_orders_read_back_as_their_own_classes() -> None:
    state = _state()
    back = codec.game_from_json(json.loads(json.dumps(codec.game_to_json(state))))
    kept = back.orders_of("rhodes")
    assert [type(entry).__name__ for entry in kept.queue("RH-ATHENA")] == ["Segment", "Toward"]
    assert [type(entry).__name__ for entry in kept.queue("RH-HELIOS")] == ["IfNear", "Segment"]
    assert [line.notation() for line in kept.deck] == [
        line.notation() for line in state.orders_of("rhodes").deck]
    assert back.round.step == 4 and isinstance(back.round.step, int)
    assert back.require("RH-HELIOS").speed == "B"


def test_one_state_gives_one_text() -> None:
    first = json.dumps(codec.game_to_json(_state()), sort_keys=False)
    second = json.dumps(codec.game_to_json(_state()), sort_keys=False)
    assert first == second


def test_an_unknown_key_is_refused_with_its_place() -> None:
    stored = codec.game_to_json(_state())
    stored["state"]["ships"][1]["sails"] = 2
    with pytest.raises(codec.StoredGameError, match=r"'sails' in state\.ships\[1\]"):
        codec.game_from_json(stored)


def test_a_wrong_order_class_is_refused() -> None:
    stored = codec.game_to_json(_state())
    entry = stored["state"]["orders"][0]["queues"][0]["entries"][0]
    entry["type"] = "Sail"
    with pytest.raises(codec.StoredGameError, match="one of Segment, Toward, Away, IfNear"):
        codec.game_from_json(stored)


def test_a_value_the_state_refuses_is_damage() -> None:
    stored = codec.game_to_json(_state())
    stored["state"]["ships"][0]["speed"] = 7
    with pytest.raises(codec.StoredGameError, match="damaged at state.ships"):
        codec.game_from_json(stored)


def test_a_land_polygon_is_kept_as_its_corners() -> None:
    stored = codec.game_to_json(_state())
    assert stored["state"]["terrain"]["land"] == [[[0.0, 0.0], [0.0, 1.0], [1.0, 1.0], [1.0, 0.0]]]
    stored["state"]["terrain"]["land"] = [[[0.0, 0.0], [1.0, 1.0]]]
    with pytest.raises(codec.StoredGameError, match="at state.terrain.land"):
        codec.game_from_json(stored)


def test_format_numbers() -> None:
    stored = codec.game_to_json(_state())
    assert stored[FORMAT_KEY] == codec.FORMAT
    with pytest.raises(codec.StoredGameError, match="no format number"):
        codec.game_from_json({"state": stored["state"]})
    with pytest.raises(codec.StoredGameError, match="upgrade the judge"):
        codec.game_from_json({**stored, FORMAT_KEY: codec.FORMAT + 1})


def test_a_changed_option_reads_back() -> None:
    state = _state()
    back = codec.state_from_json(codec.state_to_json(replace(
        state, options=parse_options({"ram_defence": "size", "naturals": "off"}))))
    assert back.options.ram_defence == "size" and back.options.naturals is False
