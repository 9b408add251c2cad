"""Why a command failed, as one sentence and a sysexits status: the one mapping from the
judge's refusals and faults and from SQLAlchemy, sqlite3, psycopg and OS errors."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path
from zoneinfo import ZoneInfoNotFoundError

from pbem.app.base.errors import DatabaseBusy, Fault

EX_DATAERR, EX_UNAVAILABLE, EX_SOFTWARE = 65, 69, 70
EX_CANTCREAT, EX_IOERR, EX_TEMPFAIL = 73, 74, 75

# SQLite primary result codes (extended codes carry them in the low byte)
SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY = 3, 5, 6, 8
SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN = 10, 11, 13, 14
SQLITE_AUTH, SQLITE_NOTADB = 23, 26


def explain(exc: BaseException, db_url: str | None = None) -> tuple[int, str]:
    """The exit status and the sentence for a failure: the one mapping from our refusals and
    faults and from SQLAlchemy, sqlite3, psycopg and OS errors."""
    from sqlalchemy.exc import DBAPIError

    if isinstance(exc, DatabaseBusy):
        return exc.exit_code, f"{_where(db_url)}: {exc}"
    if isinstance(exc, Fault):
        return exc.exit_code, str(exc)
    if isinstance(exc, ZoneInfoNotFoundError):
        return EX_DATAERR, (
            f"a player's time zone stored in the database is unknown here ({exc.args[0]}), so "
            f"the report cannot give the deadline in local time. Correct that player's time "
            f"zone to an IANA name such as Europe/London; if the zone is real but new, update "
            f"this system's time-zone data (tzdata)")
    if isinstance(exc, ValueError):  # a refusal (JudgeError), or bad input: as always
        return 1, str(exc)
    cause = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    if isinstance(cause, sqlite3.Error):
        found = _sqlite(cause, _where(db_url))
        if found:
            return found
    elif type(cause).__module__.startswith("psycopg"):
        found = _postgres(cause, _where(db_url))
        if found:
            return found
    elif isinstance(exc, OSError):
        return _os(exc)
    return EX_SOFTWARE, (
        f"an unexpected error stopped the command ({type(exc).__name__}: {_first_line(exc)}). "
        f"This is a fault in the judge, not in what you asked: run the command again with "
        f"PBEM_DEBUG=1 to see the traceback, and report it with that output")


def _where(db_url: str | None) -> str:
    from pbem.store.db import describe

    return describe(db_url)


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else "no message"


def _disk_full(where: str) -> bool:
    folder = Path(where).parent
    try:
        return folder.is_dir() and os.statvfs(folder).f_bavail == 0
    except OSError:
        return False


def _sqlite(exc: sqlite3.Error, where: str) -> tuple[int, str] | None:
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    said = f"SQLite: {_first_line(exc)}"
    if code in (SQLITE_CORRUPT, SQLITE_NOTADB):
        return EX_DATAERR, (
            f"the database {where} is damaged ({said}). Stop the judge and set the damaged file "
            f"aside; restore the newest good backup (`pbem db backup` checks every copy), then "
            f"run `pbem game verify` on each game")
    if code == SQLITE_READONLY:
        return EX_CANTCREAT, (
            f"the database {where} cannot be written ({said}); nothing was changed. Give the "
            f"judge's user write access to the file, its -wal and -shm files and its folder, "
            f"on a disk mounted read-write, then run the command again")
    if code in (SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH):
        return EX_CANTCREAT, (
            f"cannot open the database {where} ({said}). SQLite must be able to create the "
            f"-wal and -shm files beside it: check that its folder exists and that the judge's "
            f"user may write there, on a disk mounted read-write")
    if code == SQLITE_FULL or (code == SQLITE_IOERR and _disk_full(where)):
        return EX_IOERR, (
            f"the disk holding the database {where} is full ({said}); nothing was stored. "
            f"Free some space, then run the command again")
    if code == SQLITE_IOERR:
        return EX_IOERR, (
            f"an input/output error on the database {where} ({said}); nothing was stored. "
            f"Check the disk (dmesg, df), then run the command again")
    if code in (SQLITE_BUSY, SQLITE_LOCKED):
        return EX_TEMPFAIL, (
            f"the database {where} is locked by another process ({said}); nothing was stored. "
            f"Run the command again in a minute")
    return None


def _postgres(exc: BaseException, where: str) -> tuple[int, str] | None:
    state = getattr(exc, "sqlstate", None) or ""
    said = f"PostgreSQL: {_first_line(exc)}"
    if state == "3D000" or ("database" in said and "does not exist" in said):
        return EX_UNAVAILABLE, (
            f"there is no database {where} on that server ({said}). Create it (createdb) and "
            f"run `pbem db init`, or correct the URL in --db or PBEM_DATABASE_URL")
    if (not state and type(exc).__name__ == "OperationalError") or state.startswith("08") \
            or state in ("57P01", "57P02", "57P03"):
        return EX_UNAVAILABLE, (
            f"cannot reach the database {where} ({said}). Check that the server runs and "
            f"accepts connections there, and the URL in --db or PBEM_DATABASE_URL")
    if state.startswith("28"):
        return EX_UNAVAILABLE, (
            f"the server of {where} refused the judge's login ({said}). Check the user and "
            f"password in the URL and the server's pg_hba.conf")
    if state in ("XX001", "XX002"):
        return EX_DATAERR, (
            f"the database {where} is damaged ({said}). Restore it from a dump, then run "
            f"`pbem game verify` on each game")
    if state == "25006":
        return EX_CANTCREAT, (
            f"the database {where} is read-only ({said}); nothing was changed. Point the judge "
            f"at the primary server, then run the command again")
    if state == "53100" or state.startswith("58"):
        return EX_IOERR, (
            f"the database server of {where} cannot write ({said}); nothing was stored. Free "
            f"disk space on the server, then run the command again")
    if state in ("40001", "40P01", "55P03", "53300"):
        return EX_TEMPFAIL, (
            f"the database {where} is busy ({said}); nothing was stored. Run the command again "
            f"in a minute")
    return None


def _os(exc: OSError) -> tuple[int, str]:
    name = exc.filename if exc.filename is not None else "a file"
    said = exc.strerror or _first_line(exc)
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return EX_IOERR, (f"cannot write {name}: {said}; the disk is full. Free some space, "
                          f"then run the command again")
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return EX_CANTCREAT, (f"cannot write {name}: {said}. Give the judge's user write "
                              f"access there, or choose another place")
    if exc.errno in (errno.ENOENT, errno.ENOTDIR, errno.EISDIR):
        return EX_CANTCREAT, (f"{name}: {said}. Create the folder first, or correct the path")
    return EX_IOERR, f"{name}: {said}. Check the disk, then run the command again"
