"""What every aggregate's queries share: adding a row, and the way the few statements every
mail runs go straight to SQLite's own connection."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.orm import configure_mappers, make_transient_to_detached
from sqlalchemy.orm.attributes import instance_dict
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


def loaded(session: Session, *groups: tuple[type, Sequence[Any], Sequence[Sequence[Any]]],
           ) -> list[list[Any]] | None:
    """Rows read past SQLAlchemy made into the session's own objects, as its query would
    have loaded them: each group is a model, its table's columns (in the order of each row's
    values) and the rows; the values are read through their columns' types (`read`), and
    each object joins the session as loaded, with no changes (SQLAlchemy's
    make_transient_to_detached, then add): what is changed on it later is written at the
    flush. None, and nothing added, when the session holds one of those rows already: the
    ORM's own query keeps what the session holds, and the caller runs that instead."""
    dialect = session.get_bind().dialect
    made: list[list[Any]] = []
    for model, columns, rows in groups:
        key = (model, id(columns), dialect.name)
        found = _LOADERS.get(key)
        if found is None:
            configure_mappers()  # (as the ORM's first query would: the attributes set up)
            mapper: Any = inspect(model)
            found = _LOADERS[key] = (
                mapper.class_manager,
                tuple((mapper.get_property_by_column(column).key,
                       _processors(session, column)[1]) for column in columns),
                next(n for n, column in enumerate(columns) if column.primary_key), mapper)
        if session.identity_map and any(
                found[3].identity_key_from_primary_key((row[found[2]],)) in session.identity_map
                for row in rows):
            return None
    for model, columns, rows in groups:
        manager, readers, _, _ = _LOADERS[(model, id(columns), dialect.name)]
        objects = []
        for row in rows:
            instance = manager.new_instance()
            values = instance_dict(instance)
            for (name, process), value in zip(readers, row, strict=True):
                values[name] = process(value) if process is not None else value
            make_transient_to_detached(instance)
            session.add(instance)
            objects.append(instance)
        made.append(objects)
    return made


_LOADERS: dict[tuple[type, int, str], tuple[Any, tuple[tuple[str, Any], ...], int, Any]] = {}
"""Per model, columns and dialect: its class manager, each column's attribute and reader,
the place of the primary key, and its mapper."""
