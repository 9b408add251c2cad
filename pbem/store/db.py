"""Engines and transactions.

SQLite: WAL, foreign keys on, a busy timeout, full sync (an accepted order survives a power
cut), and every transaction begun with BEGIN IMMEDIATE, so two writers queue instead of
losing updates or failing half-way. PostgreSQL: plain SQLAlchemy transactions; phases are
claimed with a conditional UPDATE.

A SQLite database is never created by connecting to it (SQLite would make an empty file for
a mistyped or deleted path): only `create_sqlite_file` makes one, for `pbem db init|upgrade`,
in a folder of mode 0700 and as a file of mode 0600, whatever the umask. SQLite gives the
-wal and -shm files the mode of the database file. Game seeds are in there in clear.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlmodel import Session, create_engine

from pbem.errors import BadDatabaseURL, CannotCreate, DatabaseBusy, DatabaseMissing, StorageFailed

BUSY_TIMEOUT_MS = 30_000
SNAPSHOT = "pbem_snapshot"  # execution option: a read that never waits for a writer
RETRIES = 5
PG_CONNECT_TIMEOUT_S = 10  # a judge run by cron gives up on a silent server instead of hanging
FOLDER_MODE = 0o700
FILE_MODE = 0o600


def data_dir() -> Path:
    return Path(os.environ.get("PBEM_DATA", "data"))


def default_url() -> str:
    """PBEM_DATABASE_URL, or a SQLite file in the data directory (PBEM_DATA, default ./data).
    Creates nothing: see `create_sqlite_file`."""
    url = os.environ.get("PBEM_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{data_dir() / 'pbem.sqlite'}"


def sqlite_file(url: str | Any) -> Path | None:
    """The file of a SQLite database URL (also `sqlite:///file:PATH?...&uri=true`); None for
    an in-memory database or another kind of database."""
    parsed = make_url(url) if isinstance(url, str) else url
    if not parsed.drivername.startswith("sqlite"):
        return None
    name = parsed.database or ""
    if parsed.query.get("uri") == "true" and name.startswith("file:"):
        if parsed.query.get("mode") == "memory":
            return None
        name = name[len("file:"):]
        if name.startswith("//"):  # file://host/path: the host part is empty or localhost
            name = name[2:][name[2:].find("/"):]
    if name in ("", ":memory:"):
        return None
    return Path(name)


def describe(url: str | None) -> str:
    """Where a database is, for messages: its file, or its URL without the password."""
    url = url or default_url()
    try:
        path = sqlite_file(url)
        return str(path.absolute()) if path else make_url(url).render_as_string(
            hide_password=True)
    except (ArgumentError, ValueError):
        return url


def _missing(path: Path) -> DatabaseMissing:
    folder = "" if path.parent.is_dir() else f" (nor is there a folder {path.parent.absolute()})"
    return DatabaseMissing(
        f"there is no database at {path.absolute()}{folder}. If this is a new installation, create one "
        f"with `pbem db init`; if the database was moved or deleted, restore it from a backup "
        f"or point --db, PBEM_DATABASE_URL or PBEM_DATA at where it is")


def create_sqlite_file(path: Path) -> bool:
    """Create an empty SQLite database file of mode 0600 (True), or leave an existing one
    alone (False). The data folder (PBEM_DATA) is created, mode 0700, when missing; any
    other missing folder is refused, since a mistyped path should not grow a tree."""
    if path.exists():
        return False
    folder = path.parent
    try:
        if not folder.is_dir():
            if folder.absolute() != data_dir().absolute():
                raise CannotCreate(
                    f"cannot create the database {path.absolute()}: there is no folder "
                    f"{folder.absolute()}. Create it first (mkdir -m 700 {folder}) or correct "
                    f"the path")
            folder.mkdir(parents=True, mode=FOLDER_MODE)
            os.chmod(folder, FOLDER_MODE)  # mkdir's mode is cut by the umask
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
        try:
            os.fchmod(descriptor, FILE_MODE)
        finally:
            os.close(descriptor)
    except OSError as exc:
        where = exc.filename or path
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise StorageFailed(f"cannot create the database {path.absolute()}: the disk holding "
                                f"{where} is full. Free some space and run the command again"
                                ) from exc
        raise CannotCreate(f"cannot create the database {path.absolute()}: {exc.strerror} "
                           f"({where}). Give "
                           f"the judge's user write access there, or choose another place "
                           f"with --db or PBEM_DATA") from exc
    return True


def make_engine(url: str | None = None) -> Engine:
    """An engine for `url` (default: `default_url()`). Connecting never creates a SQLite
    database: a missing file is a DatabaseMissing fault."""
    url = url or default_url()
    try:
        parsed = make_url(url)
        path = sqlite_file(parsed)
    except (ArgumentError, ValueError) as exc:
        raise _bad_url(url, exc) from exc
    if parsed.drivername.startswith("sqlite"):
        try:
            engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        except (ArgumentError, ImportError) as exc:
            raise _bad_url(url, exc) from exc

        @event.listens_for(engine, "do_connect")
        def _only_existing(_dialect: Any, _record: Any, _cargs: Any, _cparams: Any) -> None:
            if path is not None and not path.exists():
                raise _missing(path)

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _on_begin(connection: Any) -> None:
            # straight to the driver: this runs for every transaction the judge makes
            snapshot = connection.get_execution_options().get(SNAPSHOT, False)
            connection.connection.dbapi_connection.execute(
                "BEGIN" if snapshot else "BEGIN IMMEDIATE")

        return engine
    arguments = ({} if "connect_timeout" in parsed.query or not parsed.drivername.startswith(
        "postgresql") else {"connect_timeout": PG_CONNECT_TIMEOUT_S})
    try:
        return create_engine(url, pool_pre_ping=True, connect_args=arguments)
    except (ArgumentError, ImportError) as exc:
        raise _bad_url(url, exc) from exc


def _bad_url(url: str, exc: Exception) -> BadDatabaseURL:
    return BadDatabaseURL(
        f"cannot use the database URL '{describe(url)}' ({exc}). Write it like "
        f"sqlite:///data/pbem.sqlite or postgresql+psycopg://judge@localhost/pbem, in --db or "
        f"PBEM_DATABASE_URL")


@contextmanager
def transaction(engine: Engine) -> Iterator[Session]:
    """One transaction: committed when the block ends, rolled back if it raises."""
    with Session(engine, expire_on_commit=False) as session, session.begin():
        yield session


@contextmanager
def snapshot(engine: Engine) -> Iterator[Session]:
    """A read-only look at what is committed now, that never queues behind a writer (SQLite:
    a deferred BEGIN in WAL mode; PostgreSQL: MVCC). Nothing read here may be written back."""
    with engine.connect() as connection:
        connection = connection.execution_options(**{SNAPSHOT: True})
        with Session(bind=connection) as session, connection.begin():
            yield session
            connection.rollback()


@contextmanager
def core_transaction(engine: Engine) -> Iterator[Connection]:
    """One transaction on a bare connection, for the busiest paths (no ORM session)."""
    with engine.begin() as connection:
        yield connection


def retrying(work: Any, attempts: int = RETRIES) -> Any:
    """Run `work()` again when the database was locked beyond the busy timeout."""
    for attempt in range(attempts):
        try:
            return work()
        except OperationalError as exc:
            if "locked" not in str(exc).lower():
                raise
            if attempt == attempts - 1:
                raise DatabaseBusy(
                    f"the database stayed locked by another process for {attempts} waits of "
                    f"{BUSY_TIMEOUT_MS // 1000} s; nothing was stored. Run the command again "
                    f"in a minute; if it keeps happening, look for a judge process that hangs"
                ) from exc
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")
