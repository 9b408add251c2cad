"""What every command shares: the database option, tables for people, JSON for scripts."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.errors import JudgeError


def add_db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL", default=None,
                        help="database URL (default: $PBEM_DATABASE_URL, or a SQLite file in "
                        "$PBEM_DATA, default ./data/pbem.sqlite)")


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON for scripts")


def engine(args: argparse.Namespace, upgrade: bool = False) -> Engine:
    """The database, checked to be at the current schema (created when `upgrade`)."""
    from pbem.store.db import make_engine
    from pbem.store.migrate import current, head
    from pbem.store.migrate import upgrade as run_upgrade

    made = make_engine(args.db)
    if current(made) != head():
        if not upgrade:
            raise JudgeError("the database has no tables for this version of the judge yet; "
                             "run `pbem db upgrade` first")
        run_upgrade(made)
    return made


def read_text(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    path = Path(name)
    if not path.is_file():
        raise JudgeError(f"there is no file {name}")
    return path.read_bytes()


def table(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    if not rows:
        return "(none)"
    def cell(row: dict[str, Any], column: str) -> str:
        value = row.get(column)
        return "" if value is None else str(value)

    widths = {c: max(len(c), *(len(cell(r, c)) for r in rows)) for c in columns}
    lines = ["  ".join(c.ljust(widths[c]) for c in columns)]
    lines.append("  ".join("-" * widths[c] for c in columns))
    for row in rows:
        lines.append("  ".join(cell(row, c).ljust(widths[c]) for c in columns))
    return "\n".join(line.rstrip() for line in lines)


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2, default=str) if getattr(args, "json", False) else text)
