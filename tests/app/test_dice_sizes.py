"""`pbem dice verify` with dice of any size (issue 21; speed-band rulings §19): each stored roll is
recomputed on its own die, and a log stored before dice had sizes is read as all d6."""

from __future__ import annotations

import json

import pytest
from sqlalchemy.engine import Engine

from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import require_game
from pbem.app.play import audit
from pbem.golden import load, read_records
from pbem.rules.dice import seeded_rolls_by_size
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import DEMO, new_demo_game, play_demo_phases


def _over(engine: Engine) -> None:
    new_demo_game(engine)
    play_demo_phases(engine, "g1", len(read_records(load(DEMO), DEMO)))


def _phase_log(engine: Engine) -> tuple[str, bytes, str, list[list[object]]]:
    """The first phase with dice: its key, the game's seed and dice name, its stored log."""
    with transaction(engine) as session:
        game = require_game(session, "g1")
        phase = next(p for p in repo.phases(session, "g1", archived=True)
                     if p.dice_log and len(json.loads(p.dice_log)) >= 3)
        return phase.key, bytes.fromhex(game.seed), game.dice_name, json.loads(phase.dice_log or "[]")


def _store(engine: Engine, key: str, entries: list[list[object]]) -> None:
    with transaction(engine) as session:
        phase = next(p for p in repo.phases(session, "g1", archived=True) if p.key == key)
        phase.dice_log = json.dumps(entries)
        session.add(phase)


def test_an_old_log_verifies_and_a_sized_log_is_recomputed_by_size(engine: Engine) -> None:
    _over(engine)
    old = audit.verify_dice(engine, "g1")
    assert old.commitment_ok and not old.problems and old.rolls_checked > 100
    key, seed, dice_name, entries = _phase_log(engine)
    assert all(len(entry) == 2 for entry in entries)          # stored before dice had sizes
    # The phase as a game rolling d100, d10 and d6 in turn would store it, from the same seed.
    sizes = [(100, 10, 6)[i % 3] for i in range(len(entries))]
    values = seeded_rolls_by_size(seed, dice_name, key, sizes)
    assert values != [entry[1] for entry in entries]           # the sizes change the rolls
    sized: list[list[object]] = [[entry[0], value] if sides == 6 else [entry[0], value, sides]
                                 for entry, value, sides in zip(entries, values, sizes, strict=True)]
    _store(engine, key, sized)
    verdict = audit.verify_dice(engine, "g1")
    assert not verdict.problems and verdict.rolls_checked == old.rolls_checked
    # The same values read on the wrong die are found.
    _store(engine, key, [[purpose, value, 20] if len(rest) else [purpose, value]
                         for purpose, value, *rest in sized])
    assert any(problem.startswith(f"{key} ") and "not the seed's" in problem
               for problem in audit.verify_dice(engine, "g1").problems)
    # A log that cannot be read is a sentence naming the phase, not a crash.
    _store(engine, key, [["ram", 3, 1000]])
    assert any(problem.startswith(f"{key} ") and "cannot be read" in problem and "2 to 100 sides" in problem
               for problem in audit.verify_dice(engine, "g1").problems)


def test_published_rolls_are_recomputed_on_their_dice() -> None:
    seed = "0badc0de"
    sizes = [100, 10, 6, 2]
    assert audit.rolls_from_seed(seed, "g", "T1-r1", 4, sizes) == \
        seeded_rolls_by_size(bytes.fromhex(seed), "g", "T1-r1", sizes)
    assert audit.rolls_from_seed(seed, "g", "T1-r1", 3) == \
        seeded_rolls_by_size(bytes.fromhex(seed), "g", "T1-r1", [6, 6, 6])
    with pytest.raises(JudgeError, match="one die size for each roll: 4 rolls but 2 sizes"):
        audit.rolls_from_seed(seed, "g", "T1-r1", 4, [6, 6])
    with pytest.raises(JudgeError, match="from 2 to 100 sides, not 101; write sizes as numbers"):
        audit.rolls_from_seed(seed, "g", "T1-r1", 1, [101])
