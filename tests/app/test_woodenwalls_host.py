"""Wooden Walls in the host (issue 22): a game made with any value of any switch; a game played
by the computer player through the use-cases (orders checked and stored, phases processed,
reports with maps queued) to a result under each mail, verified and dice-verified; rolled back
and played on; a second submission replaces the first; a refused line is answered with its line
and reason."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base import rulesets
from pbem.app.play import audit, games, phases
from pbem.rules.woodenwalls.switches import (
    CHOICE,
    FLAG,
    ONE_SETTING_KINDS,
    SCENARIO,
    SIZE,
    SPECS,
    SwitchSpec,
)

PLAYERS = (games.PlayerSpec("Eudamos", "eud@example.org", "rhodes", "UTC", "eud-password"),
           games.PlayerSpec("Demetrios", "dem@example.org", "macedon", "UTC", "dem-password"))
NAMES = {"rhodes": "Eudamos", "macedon": "Demetrios"}


def _make(engine: Engine, game_id: str, options: dict[str, bool | int | str] | None = None) -> None:
    games.create_game(engine, games.GameSpec(
        game_id=game_id, ruleset="wooden-walls", scenario="default", seed=b"wooden-walls-host",
        options=options or {}, players=PLAYERS))


def _other_values(spec: SwitchSpec) -> list[str]:
    """Values other than the default (a one-setting switch: its one setting)."""
    if spec.kind in ONE_SETTING_KINDS:
        return [spec.values[0]]
    if spec.kind in (CHOICE, FLAG):
        return list(spec.values[1:])
    if spec.kind == SIZE:
        return ["20x14"]
    assert spec.kind == SCENARIO, spec.kind
    return ["default"]


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_a_game_is_made_with_any_value_of_any_switch(spec: SwitchSpec) -> None:
    plugin = rulesets.plugin("wooden-walls")
    assert len(plugin.switches()) == len(SPECS) == 47
    for value in _other_values(spec):
        game = plugin.start("default", {spec.name: value})
        assert game.key == "setup"
        assert game.sides == ("rhodes", "macedon")
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
    return rulesets.load("wooden-walls", state).autoplay_orders(side, rng)


def _play(engine: Engine, game_id: str, count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    keys = []
    for _ in range(count):
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


@pytest.mark.parametrize("mail", ["legs", "split", "round"])
def test_a_game_is_played_to_its_end_and_verified_with_its_dice(engine: Engine, mail: str) -> None:
    _make(engine, f"straits-{mail}", {"mail": mail})
    keys = _play(engine, f"straits-{mail}", 80)
    assert keys[0] == "setup" and keys[1] in ("R1-A", "R1-A-move", "R1")
    shown = games.show_game(engine, f"straits-{mail}")
    assert shown["status"] == "over" and shown["winner"] in ("rhodes", "macedon", "draw", None)
    assert audit.verify_game(engine, f"straits-{mail}").problems == ()
    dice = audit.verify_dice(engine, f"straits-{mail}")
    assert dice.commitment_ok and dice.rolls_checked > 0 and dice.problems == ()


def test_a_game_is_rolled_back_and_played_on(engine: Engine) -> None:
    _make(engine, "rollback")
    first = _play(engine, "rollback", 2)
    assert first == ["setup", "R1-A"]
    games.rollback(engine, "rollback", "R1-A")
    assert games.show_game(engine, "rollback")["phase"] == "R1-A"
    assert audit.verify_game(engine, "rollback").problems == ()
    assert _play(engine, "rollback", 1, seed=8) == ["R1-A"]
    assert audit.verify_game(engine, "rollback").problems == ()


def test_a_later_submission_replaces_the_earlier_and_a_refused_line_says_why(engine: Engine) -> None:
    _make(engine, "orders")
    _play(engine, "orders", 1)
    first = orders.submit_orders(engine, "orders", "Eudamos", "RH-ATHENA/1: F1\nRH-HELIOS/1: F1\n")
    assert first.stored and not first.refused
    second = orders.submit_orders(engine, "orders", "Eudamos",
                                  "RH-ATHENA/1: S30 F1\nRH-ATHENS/1: F1\nMA-PELLA/1: F1\n")
    assert second.stored
    reasons = {r.text: r.reason for r in second.refused}
    assert set(reasons) == {"RH-ATHENS/1: F1", "MA-PELLA/1: F1"}
    assert "did you mean RH-ATHENA?" in reasons["RH-ATHENS/1: F1"]
    assert "RH-HELIOS" in reasons["MA-PELLA/1: F1"]  # the sender's own ships are named
