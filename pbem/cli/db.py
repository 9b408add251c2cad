"""`pbem db init|upgrade|current|backup`: the schema, migrated with Alembic, and checked
copies. Only `init` and `upgrade` ever create a database."""

from __future__ import annotations

import argparse
from typing import Any

from pbem.cli.common import add_db, say


def _init(args: argparse.Namespace) -> int:
    from pbem.store.db import describe, make_engine
    from pbem.store.migrate import init

    made = make_engine(args.db)
    schema = init(made)
    say(f"created a new database at {describe(args.db)}, at schema {schema}")
    return 0


def _upgrade(args: argparse.Namespace) -> int:
    from pbem.store.db import describe, make_engine
    from pbem.store.migrate import create, upgrade

    made = make_engine(args.db)
    created = create(made)
    schema = upgrade(made)
    say(f"{'created a new database at' if created else 'database'} {describe(args.db)}"
        f"{',' if created else ''} at schema {schema}")
    return 0


def _current(args: argparse.Namespace) -> int:
    from pbem.store.db import make_engine
    from pbem.store.migrate import current, head

    now = current(make_engine(args.db))
    say(f"schema {now or 'none'} (newest: {head()})")
    return 0 if now == head() else 1


def _backup(args: argparse.Namespace) -> int:
    from pbem.store.db import describe, make_engine
    from pbem.store.migrate import backup

    made = make_engine(args.db)
    written = backup(made, args.file)
    say(f"copied the database {describe(args.db)} to {written}: a consistent copy taken while "
        f"it runs, which passed SQLite's integrity check (as did the database before it)")
    return 0


def register(nouns: Any) -> None:
    noun = nouns.add_parser("db", help="the database: create, migrate, back up")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    for name, handler, text in (
            ("init", _init, "create a new database (refused where one already is)"),
            ("upgrade", _upgrade, "migrate the tables (creates the database when missing)"),
            ("current", _current, "which schema the database is at"),
            ("backup", _backup, "a checked copy of a SQLite database, safe while it runs")):
        verb = verbs.add_parser(name, help=text)
        if name == "backup":
            verb.add_argument("file", help="where to write the copy (mode 0600)")
        verb.set_defaults(run=handler)
        add_db(verb)
