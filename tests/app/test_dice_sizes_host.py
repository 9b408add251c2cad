"""A phase that rolls dice of another size than d6 (speed-band's d100 and d10, issue 21):
the host stores each roll's size with it, recomputes the game from it, and the archive
reads it; a game of d6 only stores its log as before. A stand-in game value wraps a Ram
Speed game and rolls a d100 and a d10 before its own dice."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.play import audit, games, phases
from pbem.golden import load
from pbem.store import repo
from pbem.store.db import transaction

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"


class Sized:
    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def play(self, submissions: Sequence[tuple[str, str]], dice: Any) -> Any:
        dice.roll("percentile", 100)
        dice.roll("tens", 10)
        after, result, sheets = self._inner.play(submissions, dice)
        return Sized(after), result, sheets


@pytest.fixture
def sized(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    real = rulesets.load
    monkeypatch.setattr(rulesets, "load", lambda name, data: Sized(real(name, data)))
    golden = load(DEMO)
    games.create_game(engine, games.GameSpec(
        game_id="sized", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10,
        players=(games.PlayerSpec("Ann", "ann@example.org", "blue", "UTC", "ann-password"),
                 games.PlayerSpec("Bo", "bo@example.org", "red", "UTC", "bo-password"))))
    yield engine


def test_a_roll_of_another_size_is_stored_with_its_size_and_recomputed(sized: Engine) -> None:
    phases.process_phase(sized, "sized", expected_key=games.show_game(sized, "sized")["phase"])
    with transaction(sized) as session:
        first = repo.phases(session, "sized")[0]
        log = json.loads(first.dice_log or "[]")
    assert [entry[2] for entry in log[:2]] == [100, 10]
    assert 1 <= log[0][1] <= 100 and 1 <= log[1][1] <= 10
    assert all(len(entry) == 2 for entry in log[2:])  # the d6 rolls as they always were
    assert audit.verify_game(sized, "sized").problems == ()
