"""The ram / cruise / strategic rules in the host (issue 20): a game made with any switch, its
phases played by the computer player through the use-cases (orders checked and stored,
phases processed, reports with maps queued), verified and dice-verified, rolled back and
played again the same; standing orders from the side a round does not wait for are taken and
never counted missing; a resolved round's orders are shown to both sides."""

from __future__ import annotations

import random

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base import rulesets
from pbem.app.play import audit, games, phases
from pbem.rules.ramcruise.switches import (
    CHOICE,
    DARTS,
    FLAG,
    HEADING,
    LENGTH,
    ONE,
    SIZE,
    SPECS,
    WHOLE,
    SwitchSpec,
)

PLAYERS = (games.PlayerSpec("Hamilcar", "ham@example.org", "carthage", "UTC", "ham-password"),
           games.PlayerSpec("Duilius", "dui@example.org", "rome", "UTC", "dui-password"))
NAMES = {"carthage": "Hamilcar", "rome": "Duilius"}


def _make(engine: Engine, game_id: str, options: dict[str, bool | int | str] | None = None) -> None:
    games.create_game(engine, games.GameSpec(
        game_id=game_id, ruleset="ram-cruise", scenario="default", seed=b"ram-cruise-host",
        options=options or {}, players=PLAYERS))


def _one_value(spec: SwitchSpec) -> list[str]:
    """Values the switch takes other than its default (its one setting for a switch that
    takes only one)."""
    kind, values = spec.kind, spec.values
    if kind == ONE:
        return [values[0]]
    if kind == CHOICE:
        return list(values[1:])
    if kind == DARTS:
        return ["on", "carthage"]
    if kind == HEADING:
        return ["270", "roll"]
    if kind == SIZE:
        return ["96x60"]
    if kind == LENGTH:
        return ["0.2"]
    if kind == WHOLE:
        return [str(int(values[0]) + 1 if values and values[0].isdigit() else max(spec.low, 1))]
    assert kind == FLAG, kind
    return ["off" if values and values[0] == "on" else "on"]


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_a_game_is_made_with_any_value_of_any_switch(spec: SwitchSpec) -> None:
    plugin = rulesets.plugin("ram-cruise")
    assert len(plugin.switches()) == 37
    for value in _one_value(spec):
        game = plugin.start("default", {spec.name: value})
        assert game.key and game.sides == ("carthage", "rome")
        again = plugin.load(game.to_json())
        assert again.to_json() == game.to_json()


def test_a_one_setting_switch_refuses_another_with_a_sentence() -> None:
    plugin = rulesets.plugin("ram-cruise")
    one = next(s for s in SPECS if s.kind == ONE)
    with pytest.raises(ValueError, match="only"):
        plugin.start("default", {one.name: "something-else"})


def _play(engine: Engine, game_id: str, phases_to_play: int, seed: int = 7) -> list[str]:
    """Play phases with the computer player's orders through the use-cases; the keys."""
    rng = random.Random(seed)
    keys = []
    for _ in range(phases_to_play):
        shown = games.show_game(engine, game_id)
        if shown["status"] != "active":
            break
        for side in shown["owes"]:
            text = _autoplay(engine, game_id, side, rng)
            if text.strip():
                answer = orders.submit_orders(engine, game_id, NAMES[side], text)
                assert not answer.refused, [(r.text, r.reason) for r in answer.refused]
        phases.process_phase(engine, game_id, expected_key=shown["phase"])
        keys.append(shown["phase"])
    return keys


def _autoplay(engine: Engine, game_id: str, side: str, rng: random.Random) -> str:
    import json

    from pbem.store import repo
    from pbem.store.db import transaction

    with transaction(engine) as session:
        phase = repo.open_phase(session, game_id)
        assert phase is not None
        state = json.loads(phase.state_before)
    return rulesets.load("ram-cruise", state).autoplay_orders(side, rng)


def test_a_game_is_played_to_its_end_and_verified_with_its_dice(engine: Engine) -> None:
    _make(engine, "mylae", {"fatigue": "fleet"})
    keys = _play(engine, "mylae", 80)
    assert keys[:4] == ["T1-r1-carthage", "T1-r2-carthage", "T1-r3-rome", "T1-r4-rome"]
    shown = games.show_game(engine, "mylae")
    assert shown["status"] == "over" and shown["winner"] in ("carthage", "rome", "draw")
    assert audit.verify_game(engine, "mylae").problems == ()
    dice = audit.verify_dice(engine, "mylae")
    assert dice.commitment_ok and dice.rolls_checked > 0 and dice.problems == ()


def test_a_game_is_rolled_back_and_played_on(engine: Engine) -> None:
    _make(engine, "rollback")
    assert _play(engine, "rollback", 3) == ["T1-r1-carthage", "T1-r2-carthage", "T1-r3-rome"]
    games.rollback(engine, "rollback", "T1-r2-carthage")
    assert games.show_game(engine, "rollback")["phase"] == "T1-r2-carthage"
    assert audit.verify_game(engine, "rollback").problems == ()
    assert _play(engine, "rollback", 2, seed=8) == ["T1-r2-carthage", "T1-r3-rome"]
    assert audit.verify_game(engine, "rollback").problems == ()


def test_standing_orders_from_the_side_a_round_does_not_wait_for_are_taken(engine: Engine) -> None:
    _make(engine, "standing")
    shown = games.show_game(engine, "standing")
    assert shown["phase"] == "T1-r1-carthage" and shown["owes"] == ["carthage"]
    answer = orders.submit_orders(engine, "standing", "Duilius", "R1: STANCE ACCEPT\n")
    assert answer.stored and not answer.refused
    assert games.show_game(engine, "standing")["owes"] == ["carthage"]  # never missing
    refused = orders.submit_orders(engine, "standing", "Duilius", "R1: CRUISE F4\n")
    assert refused.refused  # a move is not a standing order: rome does not move in round 1
