"""The speed-band percentile rules in the host (issue 21): a game made with any value of any
switch; a game played by the computer player through the use-cases (orders checked and stored,
rounds processed, reports with maps queued) to a result, verified and dice-verified; rolled
back and played on; a second submission replaces the first; standing orders are taken from a
side in either round; a refused line is answered with its line and reason."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base import rulesets
from pbem.app.play import audit, games, phases
from pbem.rules.speedband.switches import (
    CHOICE,
    FLAG,
    HUNDREDTHS,
    LENGTH,
    ONE,
    SIZE,
    SPECS,
    WHOLE,
    SwitchSpec,
)

PLAYERS = (games.PlayerSpec("Duilius", "dui@example.org", "romans", "UTC", "dui-password"),
           games.PlayerSpec("Hannibal", "han@example.org", "carthaginians", "UTC",
                            "han-password"))
NAMES = {"romans": "Duilius", "carthaginians": "Hannibal"}


def _make(engine: Engine, game_id: str, options: dict[str, bool | int | str] | None = None) -> None:
    games.create_game(engine, games.GameSpec(
        game_id=game_id, ruleset="speed-band", scenario="default", seed=b"speed-band-host",
        options=options or {}, players=PLAYERS))


def _other_values(spec: SwitchSpec) -> list[str]:
    """Values other than the default (a one-setting switch: its one setting)."""
    if spec.kind == ONE:
        return [spec.values[0]]
    if spec.kind in (CHOICE, FLAG):
        return list(spec.values[1:])
    if spec.kind == SIZE:
        return ["96x60"]
    if spec.kind == LENGTH:
        return ["0.2"]
    if spec.kind == HUNDREDTHS:
        return ["0.25"]
    assert spec.kind == WHOLE, spec.kind
    return [str(int(spec.values[0]) + 1)]


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_a_game_is_made_with_any_value_of_any_switch(spec: SwitchSpec) -> None:
    plugin = rulesets.plugin("speed-band")
    assert len(plugin.switches()) == 48
    for value in _other_values(spec):
        game = plugin.start("default", {spec.name: value})
        assert game.key in ("T1-r1", "setup-carthaginians")
        assert set(game.sides) == {"romans", "carthaginians"}
        again = plugin.load(json.loads(json.dumps(game.to_json())))
        assert again.to_json() == game.to_json()
        assert game.house_rules()


def _autoplay(engine: Engine, game_id: str, side: str, rng: random.Random) -> str:
    from pbem.store import repo
    from pbem.store.db import transaction

    with transaction(engine) as session:
        phase = repo.open_phase(session, game_id)
        assert phase is not None
        state = json.loads(phase.state_before)
    return rulesets.load("speed-band", state).autoplay_orders(side, rng)


def _play(engine: Engine, game_id: str, rounds: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    keys = []
    for _ in range(rounds):
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


def test_a_game_is_played_to_its_end_and_verified_with_its_dice(engine: Engine) -> None:
    _make(engine, "mylae", {"secret_records": "on"})
    keys = _play(engine, "mylae", 80)
    assert keys[:2] == ["T1-r1", "T1-r2"] or keys[:2] == ["T1-r1", "T2-r1"]
    shown = games.show_game(engine, "mylae")
    assert shown["status"] == "over" and shown["winner"] in ("romans", "carthaginians", "draw")
    assert audit.verify_game(engine, "mylae").problems == ()
    dice = audit.verify_dice(engine, "mylae")
    assert dice.commitment_ok and dice.rolls_checked > 0 and dice.problems == ()


def test_a_game_is_rolled_back_and_played_on(engine: Engine) -> None:
    _make(engine, "rollback")
    first = _play(engine, "rollback", 2)
    assert first[0] == "T1-r1"
    games.rollback(engine, "rollback", "T1-r1")
    assert games.show_game(engine, "rollback")["phase"] == "T1-r1"
    assert audit.verify_game(engine, "rollback").problems == ()
    assert _play(engine, "rollback", 1, seed=8) == ["T1-r1"]
    assert audit.verify_game(engine, "rollback").problems == ()


def test_a_later_submission_replaces_the_earlier_and_a_refused_line_says_why(engine: Engine) -> None:
    _make(engine, "orders")
    first = orders.submit_orders(engine, "orders", "Duilius", "R1: SPEED 7\nR2: SPEED 7\n")
    assert first.stored and not first.refused
    second = orders.submit_orders(engine, "orders", "Duilius",
                                  "R1: SPEED 8\nR9: SPEED 7\nC1: SPEED 6\n")
    assert second.stored
    reasons = {r.text: r.reason for r in second.refused}
    assert set(reasons) == {"R9: SPEED 7", "C1: SPEED 6"}
    assert all(reason for reason in reasons.values())
    assert "R1" in reasons["R9: SPEED 7"]  # the sender's own ships are named
