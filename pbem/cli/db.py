"""`pbem db upgrade|current|backup`: the schema, migrated with Alembic, and checked copies."""

from __future__ import annotations

import argparse
from typing import Any

from pbem.cli.common import add_db, say


def _upgrade(args: argparse.Namespace) -> int:
    from pbem.store.db import make_engine
    from pbem.store.migrate import upgrade

    made = make_engine(args.db)
    say(f"database {made.url.render_as_string(hide_password=True)} is at schema "
        f"{upgrade(made)}")
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
    noun = nouns.add_parser("db", help="the database: migrate, back up")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    for name, handler, text in (
            ("upgrade", _upgrade, "create or migrate the tables"),
            ("current", _current, "which schema the database is at"),
            ("backup", _backup, "a checked copy of a SQLite database, safe while it runs")):
        verb = verbs.add_parser(name, help=text)
        if name == "backup":
            verb.add_argument("file", help="where to write the copy (mode 0600)")
        verb.set_defaults(run=handler)
        add_db(verb)
