"""The storage layer itself: SQLite settings, migrations, the journal chain."""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from pbem.app.base.errors import CannotCreate, DamagedData, DatabaseBusy, DatabaseMissing, JudgeError
from pbem.store import repo
from pbem.store.db import make_engine, retrying, transaction
from pbem.store.migrate import backup, current, head, init, upgrade


def test_sqlite_runs_in_wal_with_foreign_keys_and_full_sync(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'x.sqlite'}")
    upgrade(engine)
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL


def test_every_transaction_takes_the_write_lock_at_begin(tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    with transaction(engine) as session:
        session.execute(text("SELECT 1"))  # a read only, yet the lock is held from BEGIN
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
    other.execute("BEGIN IMMEDIATE")  # free again after commit
    other.execute("ROLLBACK")


def test_migrations_create_the_schema_once(engine: object) -> None:
    from sqlalchemy.engine import Engine

    assert isinstance(engine, Engine)
    assert current(engine) == head() == "0014"
    assert upgrade(engine) == head()  # a second upgrade changes nothing
    with transaction(engine) as session:
        assert repo.games(session) == []


def test_foreign_keys_are_enforced(engine: object) -> None:
    from sqlalchemy.engine import Engine
    from sqlalchemy.exc import IntegrityError

    from pbem.store.models import PlayerRow

    assert isinstance(engine, Engine)
    with pytest.raises(IntegrityError), transaction(engine) as session:
        repo.add(session, PlayerRow(game_id="nope", name="x", email="x@y.z", side="blue",
                                    password_hash="-"))


def test_journal_chain_detects_changes(engine: object) -> None:
    from sqlalchemy.engine import Engine

    assert isinstance(engine, Engine)
    at = datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
    with transaction(engine) as session:
        for number in range(3):
            repo.journal_append(session, "g", "test", {"n": number}, at)
    with transaction(engine) as session:
        entries = list(repo.journal(session, "g"))
        assert repo.journal_breaks(entries) == []
        entries[1].data = '{"n":99}'
        assert repo.journal_breaks(entries) == [f"journal entry {entries[1].id} (test) was altered"]


def test_the_migrations_build_exactly_the_tables_of_the_models(engine: object) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlalchemy.engine import Engine
    from sqlmodel import SQLModel

    assert isinstance(engine, Engine)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), SQLModel.metadata) == []


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_a_new_database_its_folder_and_its_wal_files_are_private_whatever_the_umask(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("PBEM_DATA", str(data))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    old = os.umask(0)
    try:
        engine = make_engine()
        upgrade(engine)
        with transaction(engine) as session:  # the WAL and its index exist while this is open
            repo.journal_append(session, "g", "test", {}, datetime.now(UTC))
            wal, shm = (data / "pbem.sqlite-wal", data / "pbem.sqlite-shm")
            assert wal.exists() and shm.exists()
            assert (_mode(wal), _mode(shm)) == (0o600, 0o600)
        engine.dispose()
    finally:
        os.umask(old)
    assert _mode(data) == 0o700 and _mode(data / "pbem.sqlite") == 0o600


def test_connecting_never_creates_a_database(tmp_path: Path) -> None:
    path = tmp_path / "gone.sqlite"
    engine = make_engine(f"sqlite:///{path}")
    with pytest.raises(DatabaseMissing, match=f"there is no database at {path}"):
        engine.connect()
    assert not path.exists()
    assert not (tmp_path / "nowhere").exists()
    with pytest.raises(CannotCreate, match="there is no folder"):
        upgrade(make_engine(f"sqlite:///{tmp_path / 'nowhere' / 'x.sqlite'}"))
    assert not (tmp_path / "nowhere").exists()


def test_init_refuses_where_a_database_already_is(engine: object) -> None:
    from sqlalchemy.engine import Engine

    assert isinstance(engine, Engine)
    with pytest.raises(JudgeError, match="already"):
        init(engine)


def test_a_lock_held_beyond_the_retries_is_a_busy_fault() -> None:
    from sqlalchemy.exc import OperationalError

    def locked() -> None:
        raise OperationalError("BEGIN IMMEDIATE", {}, sqlite3.OperationalError("database is locked"))

    with pytest.raises(DatabaseBusy, match="stayed locked"):
        retrying(locked, attempts=2)


def test_a_backup_is_private_and_a_copy_failing_its_check_never_takes_the_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pbem.store import migrate

    engine = make_engine(f"sqlite:///{tmp_path / 'x.sqlite'}")
    upgrade(engine)
    target = tmp_path / "copies" / "copy.sqlite"
    target.parent.mkdir()
    old = os.umask(0)
    try:
        assert backup(engine, target) == target
    finally:
        os.umask(old)
    assert _mode(target) == 0o600
    copy = sqlite3.connect(target)
    assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    copy.close()
    checks = iter([[], ["row 3 missing from index"]])  # the database passes, its copy fails
    monkeypatch.setattr(migrate, "_integrity_problems", lambda _connection: next(checks))
    target.unlink()
    with pytest.raises(DamagedData, match="the copy .* fails SQLite's integrity check"):
        backup(engine, target)
    assert list(target.parent.iterdir()) == []


def test_a_game_stored_before_plugins_gets_ruleset_version_1(db_url: str) -> None:
    """Migration 0002 on a database with a game in it: the game keeps working, version 1."""
    from alembic import command

    from pbem.store.db import create_sqlite_file, make_engine, sqlite_file
    from pbem.store.migrate import _config

    path = sqlite_file(db_url)
    if path is not None:
        create_sqlite_file(path)
    engine = make_engine(db_url)
    config = _config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO games (id, ruleset, scenario, options, status, seed, seed_commitment, "
            "dice_name, phase_hours, created_at, current_key) VALUES ('old', 'ramspeed', "
            "'squadron', '{}', 'active', '00', '00', 'old', 48, '2026-01-01 00:00:00', 'build')"))
    upgrade(engine)
    with transaction(engine) as session:
        assert [(g.id, g.ruleset_version) for g in repo.games(session)] == [("old", "1")]


def test_migration_0004_renames_the_players_list_and_keeps_it(tmp_path: Path) -> None:
    """A database made before 0004 keeps each player's list of pieces under the new name."""
    from alembic import command

    from pbem.store.db import create_sqlite_file
    from pbem.store.migrate import _config, upgrade

    create_sqlite_file(tmp_path / "old.sqlite")
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite'}")
    config = _config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0003")
        connection.execute(text(
            "INSERT INTO games (id, ruleset, ruleset_version, scenario, options, status, seed, "
            "seed_commitment, dice_name, phase_hours, created_at, current_key) VALUES ('g', "
            "'ramspeed', '1', 'fleet', '{}', 'active', '00', '00', 'g', 48, "
            "'2026-12-01 00:00:00', 'build')"))
        connection.execute(text(
            "INSERT INTO players (game_id, name, email, timezone, side, galleys, password_hash, "
            "active) VALUES ('g', 'Ann', 'a@b.c', 'UTC', 'blue', '[\"A1\"]', 'x', 1)"))
    upgrade(engine)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT pieces FROM players")).scalar() == '["A1"]'
    engine.dispose()


def test_long_texts_are_stored_packed_and_read_back_as_written(engine: Any) -> None:
    from pbem.store.models import PACKED, pack, unpack

    state = '{"galleys": ' + ", ".join(f'{{"id": "A{n}", "hull_damage": 0}}' for n in range(80)) + "}"
    packed = pack(state)
    assert packed.startswith(PACKED) and len(packed) < len(state) / 3
    assert unpack(packed) == state
    assert pack("short") == "short" and unpack('{"plain": "json"}') == '{"plain": "json"}'
    from tests.app.helpers import new_demo_game

    new_demo_game(engine)
    with engine.connect() as connection:  # on disk: packed; through the model: JSON
        stored = connection.execute(text("SELECT state_before FROM phases")).scalar_one()
    assert stored.startswith(PACKED)
    with transaction(engine) as session:
        phase = repo.open_phase(session, "g1")
        assert phase is not None and phase.state_before.startswith("{")


def test_the_judges_state_is_replaced_not_duplicated(engine: Any) -> None:
    now = datetime(2026, 6, 1, tzinfo=UTC)
    for n in range(2):
        with transaction(engine) as session:
            repo.set_judge_state(session, "sweep", {"processed": n}, now)
    with transaction(engine) as session:
        assert repo.judge_state(session, "sweep") == {"processed": 1}
