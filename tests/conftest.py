"""Shared fixtures: a real database for the host's tests, SQLite always, PostgreSQL when
PBEM_TEST_POSTGRES_URL names one (.ci/run starts a local server and sets it; under pytest-xdist
each worker gets a database of its own on that server). The session also keeps the tests away
from the operator's judge and checks that the run leaves the checkout as it found it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

POSTGRES_VARIABLE = "PBEM_TEST_POSTGRES_URL"
ROOT = Path(__file__).resolve().parent.parent
# What tools keep in the checkout (caches, the virtual environment), not test output.
TOOL_FOLDERS = {".git", ".venv", ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache",
                ".import_linter_cache", "__pycache__"}


def _checkout_files() -> dict[str, tuple[int, int]]:
    """Every file of the checkout outside the tools' folders, with its size and mtime."""
    found = {}
    for folder, names, files in os.walk(ROOT):
        names[:] = [name for name in names
                    if name not in TOOL_FOLDERS and not name.endswith(".egg-info")]
        for name in files:
            path = Path(folder, name)
            try:
                stat = path.lstat()
            except FileNotFoundError:
                continue
            found[str(path.relative_to(ROOT))] = (stat.st_size, stat.st_mtime_ns)
    return found


def pytest_sessionstart(session: pytest.Session) -> None:
    """No test may reach the operator's judge or write into the checkout: the judge's settings
    (PBEM_*, but PBEM_TEST_*) are taken out of the environment, PBEM_DATA points into the
    temporary folder for every test and every command a test runs, and the checkout's files are
    noted, to be compared at the end."""
    for name in [name for name in os.environ if name.startswith("PBEM_")]:
        if not name.startswith("PBEM_TEST_"):
            del os.environ[name]
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if _postgres() and worker:
        os.environ[POSTGRES_VARIABLE] = _worker_database(_postgres(), worker)
    data = session.config._tmp_path_factory.mktemp("pbem-data")  # type: ignore[attr-defined]
    os.environ["PBEM_DATA"] = str(data)
    session.config.stash[_BEFORE] = _checkout_files()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The checkout as clean after the run as before: a file a test made or changed fails it."""
    before = session.config.stash.get(_BEFORE, None)
    if before is None or hasattr(session.config, "workerinput"):
        return
    after = _checkout_files()
    touched = sorted(name for name in after if before.get(name) != after[name])
    if touched:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line("the test run wrote into the checkout: " + ", ".join(touched[:20]),
                                red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_BEFORE = pytest.StashKey[dict[str, tuple[int, int]]]()


def _postgres() -> str:
    """The PostgreSQL server's test database, this worker's own under pytest-xdist (set by
    pytest_sessionstart); "" when there is none."""
    return os.environ.get(POSTGRES_VARIABLE, "")


def _worker_database(url: str, worker: str) -> str:
    """A database of the server for one xdist worker (`pbem_test_gw0`, ...), made when missing:
    the workers run at once, and each test drops and makes its schema."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    server = make_url(url)
    name = f"{server.database}_{worker}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            found = connection.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"),
                                       {"name": name}).first()
            if found is None:
                connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()
    return server.set(database=name).render_as_string(hide_password=False)


def _fresh_postgres() -> Engine:
    from pbem.store.db import make_engine

    engine = make_engine(_postgres())
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    return engine


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgresql":
        if not _postgres():
            pytest.skip("no PostgreSQL: set PBEM_TEST_POSTGRES_URL (as .ci/run does) to run "
                        "the storage tests against a real server too")
        _fresh_postgres().dispose()
        return _postgres()
    return f"sqlite:///{tmp_path / 'judge.sqlite'}"


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    from pbem.store.db import make_engine
    from pbem.store.migrate import upgrade

    made = make_engine(db_url)
    upgrade(made)
    yield made
    made.dispose()
