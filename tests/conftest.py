"""Shared fixtures: a real database for the host's tests, SQLite always, PostgreSQL when
PBEM_TEST_POSTGRES_URL names one (.ci/run starts a local server and sets it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

POSTGRES = os.environ.get("PBEM_TEST_POSTGRES_URL", "")


def _fresh_postgres() -> Engine:
    from pbem.store.db import make_engine

    engine = make_engine(POSTGRES)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    return engine


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgresql":
        if not POSTGRES:
            pytest.skip("no PostgreSQL: set PBEM_TEST_POSTGRES_URL (as .ci/run does) to run "
                        "the storage tests against a real server too")
        _fresh_postgres().dispose()
        return POSTGRES
    return f"sqlite:///{tmp_path / 'judge.sqlite'}"


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    from pbem.store.db import make_engine
    from pbem.store.migrate import upgrade

    made = make_engine(db_url)
    upgrade(made)
    yield made
    made.dispose()
