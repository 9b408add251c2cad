"""The storage layer itself: SQLite settings, migrations, the journal chain."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import text

from pbem.store import repo
from pbem.store.db import make_engine, transaction
from pbem.store.migrate import current, head, upgrade


def test_sqlite_runs_in_wal_with_foreign_keys_and_full_sync(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'x.sqlite'}")
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
    assert current(engine) == head() == "0001"
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
