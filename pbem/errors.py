"""What a use-case says when it cannot do what was asked, and what the storage says when the
database or the disk fails.

Two kinds, kept apart on purpose: a `JudgeError` is a refusal of a request (exit status 1);
a `Fault` is the database or the disk failing under a correct request, with the exit status
of sysexits.h that tells a script what kind of failure it was (deploy/README.md lists them).
A `Fault` is not a `ValueError`, so code that catches refusals never swallows one.
"""

from __future__ import annotations


class JudgeError(ValueError):
    """A refusal a person can read: what was wrong and what to do instead."""


class Fault(Exception):
    """The database or the disk failed: a sentence saying what, where and what to do."""

    exit_code = 74  # EX_IOERR


class BadDatabaseURL(Fault):
    """The database URL cannot be read or names no driver we have."""

    exit_code = 64  # EX_USAGE


class DamagedData(Fault):
    """A corrupt database, a copy that fails its integrity check, or stored data the judge
    cannot use."""

    exit_code = 65  # EX_DATAERR


class Unavailable(Fault):
    """The database server cannot be reached, or refuses us."""

    exit_code = 69  # EX_UNAVAILABLE


class DatabaseMissing(Unavailable):
    """No database where one was expected; only `pbem db init|upgrade` create one."""


class CannotCreate(Fault):
    """A file or folder cannot be created or written: the folder is missing, or it or the
    disk is read-only."""

    exit_code = 73  # EX_CANTCREAT


class StorageFailed(Fault):
    """The disk is full, or another input/output error."""

    exit_code = 74  # EX_IOERR


class DatabaseBusy(Fault):
    """Another process held the database locked beyond the waiting time and the retries."""

    exit_code = 75  # EX_TEMPFAIL


class CopyBeingHandled(DatabaseBusy):
    """A copy of a mail arrived while the first is still being carried out (a game master's
    commands): the server is asked to deliver it again later, when the first is done."""

