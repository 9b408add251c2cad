"""The journal's hash chain and the phase claim, on SQLite and (when configured) PostgreSQL.

A real game's journal is changed behind the judge's back (an entry deleted, two swapped, an
entry's data or hash edited) and `verify` must name each entry that gives it away; a phase
can be claimed once, and a judge whose view of the open phase is out of date resolves
nothing."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

from pbem.app.base.errors import JudgeError
from pbem.app.play import audit, games, phases
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import PhaseRow
from tests.app.helpers import new_demo_game, play_demo_phases

COLUMNS = ("at", "kind", "data", "prev_hash", "hash")


def _sql(engine: Engine, statement: str, params: dict[str, Any] | None = None) -> list[Any]:
    """Run one statement behind the judge's back: straight on the SQLite file with Python's
    own driver, or on a plain PostgreSQL connection. Returns the rows it reads."""
    if engine.dialect.name == "sqlite":
        with closing(sqlite3.connect(str(engine.url.database))) as db, db:
            return db.execute(statement, params or {}).fetchall()
    with engine.begin() as connection:
        result = connection.execute(text(statement), params or {})
        return list(result) if result.returns_rows else []


def _journal_ids(engine: Engine) -> list[int]:
    return [row[0] for row in _sql(engine, "SELECT id FROM journal WHERE game_id = 'g1' "
                                           "ORDER BY id")]


def _played(engine: Engine) -> list[int]:
    """A demo game four phases on: a journal of five entries, verified clean."""
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 4)
    verdict = audit.verify_game(engine, "g1")
    assert verdict.ok and verdict.journal_entries == 5, verdict.problems
    return _journal_ids(engine)


def _journal_problems(engine: Engine) -> list[str]:
    """What verify says, all of it about the journal: the phases themselves are untouched."""
    problems = list(audit.verify_game(engine, "g1").problems)
    assert all(p.startswith(("journal entry ", "the journal ")) for p in problems), problems
    return problems


def _missing(phase: str) -> str:
    return f"the journal records 3 resolved phases but 4 were resolved (missing: {phase})"


def test_a_deleted_journal_entry_is_found(engine: Engine) -> None:
    ids = _played(engine)
    _sql(engine, "DELETE FROM journal WHERE id = :id", {"id": ids[2]})
    assert _journal_problems(engine) == [
        f"journal entry {ids[3]} does not follow entry before it", _missing("setup-blue")]


def test_the_last_journal_entry_deleted_is_found(engine: Engine) -> None:
    """The chain alone cannot show an entry cut off its end: the phases must each have one."""
    ids = _played(engine)
    _sql(engine, "DELETE FROM journal WHERE id = :id", {"id": ids[-1]})
    assert _journal_problems(engine) == [_missing("T1-move-blue")]


def test_the_whole_journal_deleted_is_found(engine: Engine) -> None:
    _played(engine)
    _sql(engine, "DELETE FROM journal WHERE game_id = 'g1'")
    assert _journal_problems(engine) == [
        "the journal does not begin with the game's creation",
        "the journal records 0 resolved phases but 4 were resolved (missing: build, "
        "setup-blue, setup-red, T1-move-blue)"]


def test_a_deleted_pause_is_found(engine: Engine) -> None:
    _played(engine)
    games.pause_game(engine, "g1")
    _sql(engine, "DELETE FROM journal WHERE id = :id", {"id": _journal_ids(engine)[-1]})
    assert _journal_problems(engine) == [
        "the journal does not record that the game is paused"]


def test_two_swapped_journal_entries_are_found(engine: Engine) -> None:
    ids = _played(engine)
    second, third = (_sql(engine, f"SELECT {', '.join(COLUMNS)} FROM journal WHERE id = :id",
                          {"id": ids[n]})[0] for n in (1, 2))
    setting = ", ".join(f"{name} = :{name}" for name in COLUMNS)
    for row_id, values in ((ids[1], third), (ids[2], second)):
        _sql(engine, f"UPDATE journal SET {setting} WHERE id = :id",
             {"id": row_id, **dict(zip(COLUMNS, values, strict=True))})
    # each entry still matches its own hash; only the chain gives the swap away
    assert _journal_problems(engine) == [
        f"journal entry {ids[n]} does not follow entry before it" for n in (1, 2, 3)]


def test_an_edited_journal_entry_is_found(engine: Engine) -> None:
    ids = _played(engine)
    _sql(engine, "UPDATE journal SET data = replace(data, :was, :now) WHERE id = :id",
         {"id": ids[2], "was": '"rolls":', "now": '"rolls":1'})  # one more digit
    assert _journal_problems(engine) == [f"journal entry {ids[2]} (phase_resolved) was altered"]


def test_an_edited_journal_hash_is_found(engine: Engine) -> None:
    ids = _played(engine)
    _sql(engine, "UPDATE journal SET hash = :forged WHERE id = :id",
         {"id": ids[2], "forged": "f" * 64})
    assert _journal_problems(engine) == [
        f"journal entry {ids[2]} (phase_resolved) was altered",
        f"journal entry {ids[3]} does not follow entry before it"]


def test_a_journal_rechained_after_a_deletion_is_found(engine: Engine) -> None:
    """Deleting an entry and mending the next one's link leaves that entry's own hash wrong."""
    ids = _played(engine)
    _sql(engine, "UPDATE journal SET prev_hash = (SELECT hash FROM journal WHERE id = :before) "
                 "WHERE id = :after", {"before": ids[1], "after": ids[3]})
    _sql(engine, "DELETE FROM journal WHERE id = :id", {"id": ids[2]})
    assert _journal_problems(engine) == [f"journal entry {ids[3]} (phase_resolved) was altered",
                                         _missing("setup-blue")]


def _open_phase_id(engine: Engine) -> int:
    with transaction(engine) as session:
        phase = repo.open_phase(session, "g1")
        assert phase is not None and phase.id is not None
        return phase.id


def _statuses(engine: Engine) -> list[tuple[int, str]]:
    with transaction(engine) as session:
        return [(p.seq, p.status) for p in repo.phases(session, "g1", archived=True)]


def test_a_phase_is_claimed_once(engine: Engine) -> None:
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 1)
    phase_id = _open_phase_id(engine)
    with transaction(engine) as session:
        assert repo.claim(session, phase_id)
    with transaction(engine) as session:
        assert not repo.claim(session, phase_id)
    with transaction(engine) as session:  # nor can a resolved phase (the build)
        resolved = next(p for p in repo.phases(session, "g1") if p.status == "resolved")
        assert not repo.claim(session, resolved.id or 0)


def test_a_phase_claimed_by_another_judge_is_not_processed(engine: Engine) -> None:
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 1)
    phase_id = _open_phase_id(engine)
    with transaction(engine) as session:
        assert repo.claim(session, phase_id)
    before = _statuses(engine)
    with pytest.raises(JudgeError, match="setup-blue of g1 has already been processed"):
        phases.process_phase(engine, "g1", expected_key="setup-blue")
    assert _statuses(engine) == before == [(0, "resolved"), (1, "resolving")]


def test_a_judge_that_saw_the_phase_open_too_late_resolves_nothing(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its every read of the open phase says setup-blue, which another judge has already
    resolved: the claim alone stops it, and nothing is resolved twice."""
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 1)
    stale_id = _open_phase_id(engine)
    play_demo_phases(engine, "g1", 1)  # the other judge resolves setup-blue
    before = _statuses(engine)
    entries = audit.verify_game(engine, "g1").journal_entries

    def seen_before_the_other_judge(session: Any, game_id: str) -> PhaseRow | None:
        row = session.get(PhaseRow, stale_id)
        return row if row is not None and row.game_id == game_id else None

    monkeypatch.setattr(repo, "open_phase", seen_before_the_other_judge)
    with pytest.raises(JudgeError, match="setup-blue of g1 has already been processed"):
        phases.process_phase(engine, "g1", expected_key="setup-blue")
    monkeypatch.undo()
    assert _statuses(engine) == before
    verdict = audit.verify_game(engine, "g1")
    assert verdict.ok and verdict.journal_entries == entries, verdict.problems
    assert games.show_game(engine, "g1")["phase"] == "setup-red"
