"""Schema migrations with Alembic, from the first schema on (`pbem db upgrade`).

Every command checks the schema before it runs, so that check loads no Alembic: `current`
reads Alembic's version table with one query and `schema_head` takes the newest revision
from the migration files' names (NNNN_what.py holds revision NNNN; a test holds them to
Alembic's own `head`). Alembic is imported only when a migration runs."""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

from pbem.errors import CannotCreate, DamagedData, JudgeError
from pbem.store.db import SNAPSHOT, create_sqlite_file, describe, sqlite_file

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
VERSION_TABLE = "alembic_version"
REVISION_FILE = re.compile(r"(\d{4})_\w+\.py")  # migrations/versions/0004_pieces.py: "0004"
SQLITE_CORRUPT, SQLITE_NOTADB = 11, 26  # primary result codes that mean a damaged file


def _config(url: str) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def create(engine: Engine) -> bool:
    """Create the database file when it is a SQLite file not there yet (True); a server's
    database is made by its administrator."""
    path = sqlite_file(engine.url)
    return create_sqlite_file(path) if path is not None else False


def init(engine: Engine) -> str:
    """A new database at the newest schema; refuses where a database already is."""
    where = describe(engine.url.render_as_string(hide_password=False))
    path = sqlite_file(engine.url)
    if path is not None and path.exists():
        raise JudgeError(f"there is already a database at {where}; `pbem db upgrade` migrates "
                         f"it, `pbem db init --db URL` makes a new one elsewhere")
    if path is None:
        with engine.connect() as connection:
            if inspect(connection).get_table_names():
                raise JudgeError(f"the database {where} already has tables; `pbem db upgrade` "
                                 f"migrates it")
    return upgrade(engine)


def upgrade(engine: Engine) -> str:
    """Bring the schema to the newest revision, creating a SQLite file that is not there
    yet (`pbem db init|upgrade` only); returns the revision."""
    from alembic import command

    create(engine)
    config = _config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    return head()


def head() -> str:
    """The newest revision, as Alembic reads it from the migration scripts."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(_config("sqlite://"))
    return str(script.get_current_head())


def schema_head() -> str:
    """The newest revision, from the migration files' names, without loading Alembic."""
    return max(match.group(1) for name in os.listdir(MIGRATIONS / "versions")
               if (match := REVISION_FILE.fullmatch(name)))


def current(engine: Engine) -> str | None:
    """The schema revision (None for a database without tables), read with one plain query
    and without queueing behind a writer. Several rows, which a linear history never
    leaves, read as all of them ("0003, 0004"), so they never match the head."""
    with engine.connect() as connection:
        connection = connection.execution_options(**{SNAPSHOT: True})
        try:
            rows = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))
            versions = sorted(str(version) for version in rows.scalars())
        except DBAPIError:
            connection.rollback()
            if inspect(connection).has_table(VERSION_TABLE):
                raise  # the table is there: the failure is something else
            return None
    return ", ".join(versions) or None


def revision(message: str, url: str) -> None:  # pragma: no cover - a developer's tool
    """A new migration script, numbered after the newest (as `schema_head` expects)."""
    from alembic import command

    command.revision(_config(url), message=message, autogenerate=True,
                     rev_id=f"{int(schema_head()) + 1:04d}")


def backup(engine: Engine, target: str | Path) -> Path:
    """A consistent copy of a SQLite database while the judge runs (SQLite's backup API),
    of mode 0600. The database is checked (PRAGMA integrity_check) before and the copy after;
    the copy is written beside the target and takes its name only when it passed, so a bad
    copy never replaces a good one. For PostgreSQL, use pg_dump."""
    if engine.dialect.name != "sqlite":
        raise JudgeError("`pbem db backup` copies SQLite databases; back up PostgreSQL with "
                         "pg_dump")
    where = describe(engine.url.render_as_string(hide_password=False))
    target = Path(target)
    folder = target.parent
    if not folder.is_dir():
        raise CannotCreate(f"cannot write the backup {target.absolute()}: there is no folder "
                           f"{folder.absolute()}. Create it first (mkdir -m 700 {folder}) or "
                           f"choose another place")
    if target.exists() and not target.is_file():
        raise CannotCreate(f"cannot write the backup to {target.absolute()}: it is not a "
                           f"regular file. Name a new file")
    source_file = sqlite_file(engine.url)
    if source_file is not None and target.resolve() == source_file.resolve():
        raise JudgeError(f"{target} is the database itself; name another file for the copy")
    raw = engine.raw_connection()
    try:
        source = raw.driver_connection
        assert isinstance(source, sqlite3.Connection)
        problems = _integrity_problems(source)
        if problems:
            raise DamagedData(
                f"the database {where} fails SQLite's integrity check ({'; '.join(problems)}); "
                f"no copy was made, so older backups stay as they are. Stop the judge, restore "
                f"the newest good backup, then run `pbem game verify` on each game")
        descriptor, partial = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.",
                                               suffix=".partial")  # mode 0600
        os.close(descriptor)
        try:
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)
                problems = _integrity_problems(copy)
            finally:
                copy.close()
            if problems:
                raise DamagedData(
                    f"the copy of {where} fails SQLite's integrity check "
                    f"({'; '.join(problems)}); it was deleted and {target} was not written. "
                    f"Run the backup again; if it fails again, check the disk holding {folder}")
            os.replace(partial, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(partial)
            raise
    finally:
        raw.close()
    _sync_folder(folder)
    return target


def _integrity_problems(connection: sqlite3.Connection, shown: int = 3) -> list[str]:
    """The first problems PRAGMA integrity_check finds, or none when it says 'ok'."""
    try:
        rows = [str(row[0]) for row in connection.execute(
            f"PRAGMA integrity_check({shown})").fetchall()]
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF not in (SQLITE_CORRUPT, SQLITE_NOTADB):
            raise
        return [str(exc)]
    return [] if rows == ["ok"] else rows


def _sync_folder(folder: Path) -> None:
    """Make the copy's new name survive a power cut."""
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
