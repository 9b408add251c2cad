"""`pbem db upgrade|current`: the schema, migrated with Alembic."""

from __future__ import annotations

import argparse
from typing import Any

from pbem.cli.common import add_db


def _upgrade(args: argparse.Namespace) -> int:
    from pbem.store.db import make_engine
    from pbem.store.migrate import upgrade

    made = make_engine(args.db)
    print(f"database {made.url.render_as_string(hide_password=True)} is at schema "
          f"{upgrade(made)}")
    return 0


def _current(args: argparse.Namespace) -> int:
    from pbem.store.db import make_engine
    from pbem.store.migrate import current, head

    now = current(make_engine(args.db))
    print(f"schema {now or 'none'} (newest: {head()})")
    return 0 if now == head() else 1


def _backup(args: argparse.Namespace) -> int:
    from pbem.store.db import make_engine
    from pbem.store.migrate import backup

    made = make_engine(args.db)
    backup(made, args.file)
    print(f"copied the database to {args.file} (a consistent copy, taken while it runs)")
    return 0


def register(nouns: Any) -> None:
    noun = nouns.add_parser("db", help="the database schema")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    for name, handler, text in (("upgrade", _upgrade, "create or migrate the tables"),
                                ("current", _current, "which schema the database is at"),
                                ("backup", _backup, "copy a SQLite database safely while it runs")):
        verb = verbs.add_parser(name, help=text)
        if name == "backup":
            verb.add_argument("file", help="where to write the copy")
        verb.set_defaults(run=handler)
        add_db(verb)
