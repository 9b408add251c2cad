"""The speed-band codec: the whole state to JSON and back, exactly, and damaged data refused."""

from __future__ import annotations

import json
from dataclasses import fields, replace

import pytest

from pbem.rules.interface import FORMAT_KEY
from pbem.rules.speedband import codec
from pbem.rules.speedband.codec import StoredGameError
from pbem.rules.speedband.scenario import default_state
from pbem.rules.speedband.state import (
    CORVUS,
    FLEEING,
    LINE,
    ORDERS,
    Front,
    GameState,
    Link,
    Phase,
    Player,
    Ship,
    StandingOrders,
    TurnRecord,
)
from pbem.rules.speedband.switches import Options, parse_options


def busy_state() -> GameState:
    """The default scenario in the midst of play, every field away from its default."""
    options = parse_options({"secret_records": "on", "table": "80x50", "corvus_mod": "0.35",
                             "contact_tolerance": "0.15", "turn_limit": 9, "ram_base": "20",
                             "opt_transfer": "on"})
    state = default_state(options)
    r1, r2, r3, c1, c2, c3 = state.ships
    changed_r1 = replace(
        r1, x=28.123456789, y=9.000000001, heading=17, player="consul", controller="",
        archers=2, soldiers=3, officers=2, officers_lost=1, officers_lost_this_turn=1,
        ballistae=2, rowers=(4, 0, 3, 4, 4, 1, 4, 0), hull=61, tower=True, corvus=True,
        corvus_holds="C1", strengthened_bow=True, crew="elite", soldier_value=7, archer_value=6,
        officer_value=8, last_band="battle", last_speed=-15, changed_last_turn=True,
        written_speed=83, band="ram", activated=True, dead_in_water=True, ram_attempted=True,
        cut_attempted=True, raise_count=2, break_count=1,
        standing=StandingOrders(cut="none", melee="C1", losses=("officers", "archers", "soldiers"),
                                raise_corvus=True, break_corvus="C3"))
    fleeing = replace(c2, status=FLEEING, flight_heading=270, crew="poor")
    prize = replace(c3, status="captured", controller="romans", archers=0, soldiers=0,
                    officers=0)
    state = state.with_ships((changed_r1, r2, r3, c1, fleeing, prize))
    record = TurnRecord(activations=("R3", "C1"), last_winner="romans",
                        grapples_tried=(("R2", "C1"),), cuts_tried=("C1",),
                        ram_locked=(("R1", "C1"),), ram_involved=("R1", "C1"),
                        fired=("R2", "C2"), meleed=("R1",),
                        revealed=(("C1", "react"), ("R2", "grapple"), ("R1", "corvus")))
    state = replace(state, links=(Link("R1", "C1", CORVUS, "R1"), Link("R2", "C1", LINE, "C1")),
        fronts=(Front("R1", "C1", -2),),
        fought_last_turn=(("R1", "C1"), ("R2", "C1")), record=record,
        phase=Phase("combat", 4), winner="draw", scenario="mylae-east", title="Off Mylae, east")
    return state


def test_every_field_of_the_busy_state_differs_from_its_default() -> None:
    # The round trip below would prove nothing for a field left at its default.
    state = busy_state()
    ship, plain = state.ships[0], Ship("R1", "", "quinquereme", "romans", 0, 0, 0)
    same = [item.name for item in fields(Ship)
            if getattr(ship, item.name) == getattr(plain, item.name)
            and item.name not in ("id", "type", "side", "controller", "status", "flight_heading")]
    assert same == []
    assert state.ships[4].flight_heading == 270 and state.ships[5].controller == "romans"
    assert all(getattr(state.record, item.name) for item in fields(TurnRecord))
    assert state.options.given and state.options != Options()
    assert {link.kind for link in state.links} == {CORVUS, LINE}


def test_round_trip_is_exact() -> None:
    state = busy_state()
    stored = codec.game_to_json(state)
    again = codec.game_from_json(json.loads(json.dumps(stored)))
    assert again == state
    assert again.ships[0].x == 28.123456789  # floats to the last bit
    assert again.ships[0].standing.losses == ("officers", "archers", "soldiers")
    assert again.ships[4].flight_heading == 270 and again.ships[0].flight_heading is None
    assert again.links == state.links and again.links[0].thrower == "R1"
    assert again.fronts == (Front("R1", "C1", -2),)
    assert again.record.revealed == (("C1", "react"), ("R2", "grapple"), ("R1", "corvus"))
    assert again.options.given == state.options.given
    assert again.options.table_width == 80.0 and again.options.corvus_mod == 35
    assert again.require("c1").id == "C1"  # the ship index is rebuilt
    assert codec.game_to_json(again) == stored  # one state, one text


def test_stored_shape() -> None:
    stored = codec.game_to_json(busy_state())
    assert stored[FORMAT_KEY] == codec.FORMAT == 1
    state = stored["state"]
    assert "_index" not in state
    assert state["links"][0] == {"first": "R1", "second": "C1", "kind": "corvus", "thrower": "R1"}
    assert state["ships"][0]["rowers"] == [4, 0, 3, 4, 4, 1, 4, 0]
    assert state["ships"][0]["flight_heading"] is None
    assert state["options"]["given"] == sorted(state["options"]["given"])
    assert state["players"][0] == {"id": "romans", "side": "romans"}
    assert state["winner"] == "draw" and state["phase"] == {"kind": "combat", "turn": 4, "side": ""}


def test_the_default_opening_round_trips() -> None:
    state = default_state(Options())
    assert codec.game_from_json(codec.game_to_json(state)) == state
    assert state.phase == Phase(ORDERS, 1)


def test_a_missing_field_takes_its_default() -> None:
    stored = codec.game_to_json(default_state(Options()))
    del stored["state"]["record"]
    del stored["state"]["ships"][0]["flight_heading"]
    state = codec.game_from_json(stored)
    assert state.record == TurnRecord() and state.ships[0].flight_heading is None


@pytest.mark.parametrize(("change", "words"), [
    (lambda s: s["state"]["ships"][0].update(hull="100"), "ships[0].hull is '100', not a whole"),
    (lambda s: s["state"]["ships"][0].update(tower=1), "not true or false"),
    (lambda s: s["state"]["ships"][0].update(colour="red"), "'colour' in state.ships[0]"),
    (lambda s: s["state"]["ships"][0].update(status="drowned"), "status is one of"),
    (lambda s: s["state"]["ships"][0].update(rowers=[1, 2]), "rowers lists the 8"),
    (lambda s: s["state"]["ships"][0]["standing"].update(losses=["archers"]), "a list of 3"),
    (lambda s: s["state"]["links"].append({"first": "R1", "second": "C1", "kind": "rope",
                                           "thrower": "R1"}), "a line or a corvus"),
    (lambda s: s["state"]["fronts"].append({"first": "R1", "second": "C1", "value": 5}),
     "from -4 to 4"),
    (lambda s: s["state"].pop("ships"), "no 'ships' in state"),
    (lambda s: s["state"].update(players={}), "state.players is {}, not a list"),
    (lambda s: s["state"]["ships"].append(dict(s["state"]["ships"][0])), "same id"),
])
def test_damaged_data_is_refused_with_a_sentence(change: object, words: str) -> None:
    stored = codec.game_to_json(default_state(Options()))
    change(stored)  # type: ignore[operator]
    with pytest.raises(StoredGameError) as raised:
        codec.game_from_json(stored)
    assert words in str(raised.value)


def test_formats_are_checked() -> None:
    stored = codec.game_to_json(default_state(Options()))
    with pytest.raises(StoredGameError, match="format 2; this judge reads up to format 1"):
        codec.game_from_json({**stored, FORMAT_KEY: 2})
    bad_values: tuple[object, ...] = ({"state": stored["state"]}, {FORMAT_KEY: True, "state": {}},
                                      [], None)
    for bad in bad_values:
        with pytest.raises(StoredGameError, match="no format number"):
            codec.game_from_json(bad)
    with pytest.raises(StoredGameError, match="no state table"):
        codec.game_from_json({FORMAT_KEY: 1})


def test_a_float_json_cannot_keep_is_refused() -> None:
    state = default_state(Options())
    broken = state.with_ship(replace(state.ships[0], x=float("nan")))
    with pytest.raises(ValueError, match="JSON cannot keep"):
        codec.game_to_json(broken)


def test_players_in_initiative_order_survive() -> None:
    state = replace(default_state(Options()), players=(
        Player("consul", "romans"), Player("hanno", "carthaginians"), Player("legate", "romans")))
    assert codec.game_from_json(codec.game_to_json(state)).players == state.players
