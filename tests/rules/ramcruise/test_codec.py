"""The codec: a game state to JSON text and back is the same state, float bits included; every
field reaches the JSON (a changed field changes it); a newer format or damaged data is refused
with a sentence."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.rules.interface import FORMAT_KEY
from pbem.rules.ramcruise import codec
from pbem.rules.ramcruise.classes import CLASS_NAMES, CREW_CLASSES, LOSS_CATEGORIES, Crew
from pbem.rules.ramcruise.state import (
    EDGES,
    HEAD,
    HEAD_ON,
    MODES,
    ONSHEARS,
    PHASE_KINDS,
    SIDE,
    STANCES,
    STATUSES,
    TAIL,
    TRIGGERS,
    GameState,
    Grapple,
    HalfRecord,
    MarkedRam,
    Phase,
    Ship,
    Side,
    StandingOrders,
)
from pbem.rules.ramcruise.switches import Options
from tests.rules.ramcruise.played import all_states

SIDES = ("carthage", "rome")
IDS = ("C1", "C2", "c3", "R1", "R-2", "Rx9")
any_float = st.floats(allow_nan=False, allow_infinity=False)
words = st.text(max_size=8)


def stored_text(state: GameState) -> str:
    return json.dumps(codec.game_to_json(state))


def text_round_trip(state: GameState) -> GameState:
    return codec.game_from_json(json.loads(stored_text(state)))


crews = st.builds(Crew, oar=st.integers(0, 40), deck=st.integers(0, 40),
                  bowmen=st.integers(0, 40), marines=st.integers(0, 40),
                  crewmen_class=st.sampled_from(CREW_CLASSES),
                  bowmen_class=st.sampled_from(CREW_CLASSES),
                  marines_class=st.sampled_from(CREW_CLASSES))
standing_orders = st.builds(
    StandingOrders, stance=st.sampled_from(STANCES), onbreak=st.sampled_from(STANCES),
    onshear=st.sampled_from(ONSHEARS),
    losses=st.lists(st.sampled_from(LOSS_CATEGORIES), min_size=1, max_size=4).map(tuple))
options = st.builds(
    Options, table_width=any_float, table_height=any_float, contact_tolerance=any_float,
    sight=any_float, budget=st.integers(1, 99), turn_angle=st.integers(1, 180),
    fatigue=st.sampled_from(("ship", "fleet", "off")), fatigue_reserve=st.integers(0, 40),
    fatigue_limit=st.booleans(), corvus_odds=st.sampled_from(("3", "printed")),
    fire_darts=st.sampled_from(("off", "on", "rome")),
    wind=st.sampled_from(("scenario", "roll", "45")), turn_limit=st.integers(1, 30),
    setup=st.sampled_from(("fixed", "free")), scenario=words,
    given=st.frozensets(st.sampled_from(("table", "wind", "budget", "setup"))))


@st.composite
def game_states(draw: st.DrawFn) -> GameState:
    ids = draw(st.lists(st.sampled_from(IDS), min_size=1, max_size=len(IDS), unique=True))
    id_sets = st.frozensets(st.sampled_from(ids))
    ships = tuple(draw(st.builds(
        Ship, id=st.just(name), side=st.sampled_from(SIDES), ship_class=st.sampled_from(CLASS_NAMES),
        x=any_float, y=any_float, heading=st.integers(0, 359), crew=crews, name=words,
        tower=st.booleans(), ballistas=st.lists(st.integers(0, 12), max_size=3).map(tuple),
        gear=st.sampled_from(("", "corvus", "harpax")), flagship=st.booleans(),
        mode=st.sampled_from(MODES), speed=st.integers(0, 200), fatigue=st.integers(0, 40),
        sheared=st.integers(0, 2), status=st.sampled_from(STATUSES), routed=st.booleans(),
        countdown=st.integers(0, 5), countdown_skip=st.booleans(),
        embedded_in=st.sampled_from(("", *ids)), seen_routed=id_sets, standing=standing_orders,
        placed=st.booleans())) for name in ids)
    pairs = [(a, b) for a in ids for b in ids if a < b]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=3)) if pairs else []
    grapples = tuple(Grapple(a, b, draw(st.sampled_from(("", a, b)))) for a, b in chosen)
    record = draw(st.builds(
        HalfRecord,
        marked_rams=st.lists(st.builds(MarkedRam, rammer=st.sampled_from(ids),
                                       target=st.sampled_from(ids),
                                       aspect=st.sampled_from((HEAD_ON, HEAD, TAIL, SIDE)),
                                       impact=st.tuples(any_float, any_float)),
                             max_size=2).map(tuple),
        out_of_sight=id_sets, forfeits=id_sets,
        triggers=st.lists(st.tuples(st.sampled_from(ids), st.sampled_from(TRIGGERS)),
                          max_size=4).map(tuple),
        flagship_fell=st.frozensets(st.sampled_from(SIDES)),
        duties=st.lists(st.tuples(st.sampled_from(ids), st.integers(0, 9),
                                  st.sampled_from(("deck", "oar"))), max_size=2).map(tuple)))
    sides = [draw(st.builds(Side, id=st.just(name), home=st.sampled_from(EDGES),
                            start_points=st.integers(0, 40), fatigue=st.integers(0, 40),
                            flagship_lost=st.booleans())) for name in SIDES]
    phase = draw(st.builds(Phase, kind=st.sampled_from(PHASE_KINDS), turn=st.integers(0, 30),
                           half=st.integers(0, 2), side=st.sampled_from(("", *SIDES))))
    return GameState(ships=ships, sides=(sides[0], sides[1]), options=draw(options), phase=phase,
                     grapples=grapples, wind=draw(st.integers(0, 359)), half_record=record,
                     winner=draw(st.sampled_from((None, "draw", *SIDES))),
                     scenario=draw(words), title=draw(words))


def leaves(value: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every float, int, bool and str in a state, with its path (to compare bits, not ==)."""
    if is_dataclass(value) and not isinstance(value, type):
        found: list[tuple[str, Any]] = []
        for item in fields(value):
            if not item.name.startswith("_"):
                found += leaves(getattr(value, item.name), f"{path}.{item.name}")
        return found
    if isinstance(value, frozenset):
        return [(f"{path}{{}}", sorted(value))]
    if isinstance(value, tuple):
        return [pair for n, item in enumerate(value) for pair in leaves(item, f"{path}[{n}]")]
    return [(path, (type(value).__name__, value.hex() if isinstance(value, float) else value))]


@settings(max_examples=150, deadline=None)
@given(game_states())
def test_a_generated_state_comes_back_the_same_float_bits_included(state: GameState) -> None:
    back = text_round_trip(state)
    assert back == state
    assert leaves(back) == leaves(state)     # -0.0, 1e-310 and every last bit, and every type
    assert stored_text(back) == stored_text(state)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_state_of_a_played_game_comes_back_the_same(seed: int) -> None:
    states = all_states(seed)
    assert any(s.grapples for s in states) and any(s.half_record.marked_rams for s in states)
    for state in states:
        back = text_round_trip(state)
        assert back == state and leaves(back) == leaves(state)
        assert back.ship(state.ships[-1].id.lower()) == state.ships[-1]   # the index rebuilt


def _other(value: Any, name: str) -> Any:
    """A different value of the same kind that the state's checks still take."""
    alternatives = {"crewmen_class": "elite", "bowmen_class": "green", "marines_class": "elite",
                    "stance": "accept", "onbreak": "accept", "onshear": "none"}
    if name in alternatives:
        return alternatives[name] if value != alternatives[name] else "regular" if \
            "class" in name else "resist" if name != "onshear" else "grapple"
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return math.nextafter(value, math.inf)  # one bit away
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, frozenset):
        return value | {"Z9"}
    if isinstance(value, tuple):
        if name == "losses":
            return (*value, "oar") if len(value) < 4 else value[:-1]
        if not value:
            assert name == "ballistas", f"give the test state some {name}"
            return (3,)
        if all(isinstance(item, float) for item in value):
            return (_other(value[0], ""), *value[1:])
        return (*value, value[-1]) if not is_dataclass(value[-1]) else value[:-1]
    if value is None:
        return "draw"
    raise AssertionError(f"no other value for {name} = {value!r}")


def _variants(value: Any, path: str) -> list[tuple[str, Any]]:
    """The value with one field changed, for every field at every depth."""
    out: list[tuple[str, Any]] = []
    for item in fields(value):
        if item.name.startswith("_"):
            continue
        inner = getattr(value, item.name)
        if is_dataclass(inner) and not isinstance(inner, type):
            out += [(p, replace(value, **{item.name: v}))
                    for p, v in _variants(inner, f"{path}.{item.name}")]
        elif isinstance(inner, tuple) and inner and is_dataclass(inner[0]):
            for n, element in enumerate(inner):
                for p, v in _variants(element, f"{path}.{item.name}[{n}]"):
                    changed = (*inner[:n], v, *inner[n + 1:])
                    out.append((p, replace(value, **{item.name: changed})))
        else:
            out.append((f"{path}.{item.name}", replace(value, **{item.name: _other(inner, item.name)})))
    return out


def test_every_field_changed_changes_the_json_and_comes_back() -> None:
    state = all_states(2)[-8]
    state = replace(state, half_record=replace(
        state.half_record, out_of_sight=frozenset({"C1"}), triggers=(("C1", "rammed"),),
        duties=(("C3", 1, "deck"),),
        marked_rams=(MarkedRam("C1", "R1", "head", (1.5, 2.25)),)),
        grapples=(Grapple("C1", "R1", "R1"), Grapple("C2", "R2")))
    base = stored_text(state)
    variants = _variants(state, "state")
    assert len(variants) > 300
    paths = {path.split("[")[0] for path, _ in variants}
    for expected in ("state.ships", "state.options.given", "state.half_record.marked_rams",
                     "state.grapples", "state.winner"):
        assert any(path.startswith(expected) for path in paths), expected
    for path, changed in variants:
        text = stored_text(changed)
        assert text != base, f"changing {path} left the JSON as it was"
        back = codec.game_from_json(json.loads(text))
        assert leaves(back) == leaves(changed), path


def test_the_stored_value_names_its_format_and_a_newer_one_is_refused_with_a_sentence() -> None:
    data = codec.game_to_json(all_states(1)[0])
    assert data[FORMAT_KEY] == codec.FORMAT
    newer = {**data, FORMAT_KEY: codec.FORMAT + 1}
    with pytest.raises(ValueError, match=rf"format {codec.FORMAT + 1}.*upgrade the judge"):
        codec.game_from_json(newer)
    with pytest.raises(ValueError, match="no format number"):
        codec.game_from_json({"state": data["state"]})


@pytest.mark.parametrize(("mangle", "message"), [
    (lambda d: d["ships"][0].update(x="36"), r"state\.ships\[0\]\.x is '36', not a number"),
    (lambda d: d["ships"][1]["crew"].update(oar=True), r"ships\[1\]\.crew\.oar is True"),
    (lambda d: d["ships"][0].update(armour=3), r"'armour' in state\.ships\[0\]"),
    (lambda d: d["sides"].pop(), r"state\.sides is .*not a list of 2"),
    (lambda d: d["ships"][0]["standing"].update(stance="flee"), r"damaged at state\.ships\[0\]\.standing"),
    (lambda d: d["ships"][0].pop("id"), r"no 'id' in state\.ships\[0\]"),
])
def test_damaged_data_is_refused_with_the_place_named(mangle: Any, message: str) -> None:
    data = codec.game_to_json(all_states(1)[0])
    mangle(data["state"])
    with pytest.raises(ValueError, match=message):
        codec.game_from_json(data)


def test_a_field_stored_before_it_existed_takes_its_default() -> None:
    data = codec.game_to_json(all_states(1)[3])
    for row in data["state"]["ships"]:
        del row["placed"]
    assert all(ship.placed for ship in codec.game_from_json(data).ships)


def test_sets_are_written_sorted_so_one_state_gives_one_text() -> None:
    ship = all_states(1)[0].ships[0]
    first = replace(all_states(1)[0], ships=(replace(ship, seen_routed=frozenset(["C5", "C2", "C3"])),))
    assert codec.state_to_json(first)["ships"][0]["seen_routed"] == ["C2", "C3", "C5"]


FORMAT_1 = {
    "state": ["ships", "sides", "options", "phase", "grapples", "wind", "half_record", "winner",
              "scenario", "title"],
    "ship": ["id", "side", "ship_class", "x", "y", "heading", "crew", "name", "tower", "ballistas",
             "gear", "flagship", "mode", "speed", "fatigue", "sheared", "status", "routed",
             "countdown", "countdown_skip", "embedded_in", "seen_routed", "standing", "placed"],
    "crew": ["oar", "deck", "bowmen", "marines", "crewmen_class", "bowmen_class", "marines_class"],
    "half_record": ["marked_rams", "out_of_sight", "forfeits", "triggers", "flagship_fell",
                    "duties"],
}


def test_the_stored_shape_is_format_1s() -> None:
    """When this fails the state changed shape: a field added with a default still reads old
    games (add it here); a field removed or renamed needs FORMAT raised and an upgrade of the
    older format in codec.game_from_json (pbem/rules/README.md, step 5)."""
    data = codec.state_to_json(all_states(2)[-1])
    assert list(data) == FORMAT_1["state"]
    assert list(data["ships"][0]) == FORMAT_1["ship"]
    assert list(data["ships"][0]["crew"]) == FORMAT_1["crew"]
    assert list(data["half_record"]) == FORMAT_1["half_record"]
    assert list(data["options"]) == [f.name for f in fields(Options)]


@dataclass(frozen=True)
class Wrapped:
    """What game.py might keep around the state: the codec writes it the same way."""

    state: GameState
    step: int = 0
    pending: tuple[tuple[str, str], ...] = ()
    note: str | None = None


def test_a_value_wrapping_the_state_comes_back_the_same() -> None:
    value = Wrapped(all_states(3)[5], 4, (("rome", "R1: STANCE ACCEPT"),), None)
    text = json.dumps(codec.dataclass_to_json(value))
    back = codec.dataclass_from_json(Wrapped, json.loads(text))
    assert back == value and leaves(back) == leaves(value)
    with pytest.raises(TypeError):
        codec.dataclass_to_json({"state": 1})
