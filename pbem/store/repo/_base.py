"""What every aggregate's queries share: adding a row, and the way the few statements every
mail runs go straight to SQLite's own connection."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session


def add(session: Session, row: Any) -> Any:
    session.add(row)
    session.flush()
    return row


def sqlite_driver(session: Session) -> Any:
    """SQLite's own connection under the session's transaction, or None on another
    database. The statements every mail runs (storing it, its copies, its mark, the status
    line's reads, the lockout) go straight to it: SQLAlchemy's execution of a statement costs
    some 50 microseconds more than SQLite's, about twice the whole of a bare insert. Each of
    them stores and reads its values through its column's own type (`stored`, `read`), so
    the rows are exactly those SQLAlchemy writes and reads; the other databases run the
    SQLAlchemy statement."""
    transaction = session.get_transaction()
    known = session.info.get(_DRIVER)
    if known is not None and known[0] is transaction:  # (found once per transaction)
        return known[1]
    connection = session.connection()
    driver = (connection.connection.dbapi_connection if connection.dialect.name == "sqlite"
              else None)
    session.info[_DRIVER] = (session.get_transaction(), driver)
    return driver


_DRIVER = "pbem.sqlite_driver"  # session.info's key: (the transaction, its driver)


def stored(session: Session, column: Any, value: Any) -> Any:
    """`value` as SQLAlchemy stores it in `column` (a datetime as its text, say)."""
    process = _processors(session, column)[0]
    return process(value) if process is not None and value is not None else value


def read(session: Session, column: Any, value: Any) -> Any:
    """A value of `column` as SQLAlchemy reads it back (the text of a datetime as one)."""
    process = _processors(session, column)[1]
    return process(value) if process is not None else value


def _processors(session: Session, column: Any) -> tuple[Any, Any]:
    """The column's type's processors on the session's database, as SQLAlchemy's own
    statements use them (the dialect's form of the type: the generic one has none), made
    once per column and dialect."""
    dialect = session.get_bind().dialect
    key = (id(column), dialect.name)  # (a column compares as SQL: keyed by identity)
    found = _PROCESSORS.get(key)
    if found is None:
        impl = column.type.dialect_impl(dialect)
        found = _PROCESSORS[key] = (impl.bind_processor(dialect),
                                    impl.result_processor(dialect, None))
    return found


_PROCESSORS: dict[tuple[int, str], tuple[Any, Any]] = {}  # the columns are the models' own
