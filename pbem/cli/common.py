"""What every command shares: the database option, tables for people, JSON for scripts, and
`safe`/`say` for printing text that came from players or files to a terminal."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pbem.app.base.errors import JudgeError

if TYPE_CHECKING:  # SQLAlchemy is imported only by the commands that use the database
    from sqlalchemy.engine import Engine

# C0 controls but tab and newline, DEL, C1 controls, and the Unicode marks that reorder text
# (bidi embeddings, overrides and isolates, LRM/RLM, ALM) or break lines (U+2028/U+2029):
# a name or an order line must not be able to move the cursor, recolour or rewrite what the
# operator sees.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                     "\u202a-\u202e\u2066-\u2069]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def safe(text: str) -> str:
    """`text` for a terminal: control characters and bidi marks shown as \\x1b, \\u202e, ...
    (newlines and tabs kept)."""
    return _UNSAFE.sub(_escaped, text)


def say(text: str = "", file: TextIO | None = None) -> None:
    """print() for text that may hold a player's or a file's words."""
    print(safe(text), file=file if file is not None else sys.stdout)


def add_db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL", default=None,
                        help="database URL (default: $PBEM_DATABASE_URL, or a SQLite file in "
                        "$PBEM_DATA, default ./data/pbem.sqlite)")


def add_spool(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--spool", metavar="DIR", default=None,
                        help="the judge's spool Maildir (default: $PBEM_SPOOL, or spool/ in "
                        "$PBEM_DATA)")


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON for scripts")


def engine(args: argparse.Namespace, upgrade: bool = False) -> Engine:
    """The database, checked to be at the current schema (migrated when `upgrade`). A missing
    database is a DatabaseMissing fault, except for the commands whose parser sets
    `create_database` (see main.py): only they, and `pbem db init|upgrade`, create one.
    The check is one query: Alembic is loaded only when a migration runs."""
    from pbem.store.db import make_engine
    from pbem.store.migrate import create, current, schema_head
    from pbem.store.migrate import upgrade as run_upgrade

    made = make_engine(args.db)
    if getattr(args, "create_database", False):
        create(made)
    found, wanted = current(made), schema_head()
    if found != wanted:
        if not upgrade:
            raise JudgeError(_schema_problem(found, wanted))
        run_upgrade(made)
    return made


def _schema_problem(found: str | None, wanted: str) -> str:
    """Why a database's schema does not fit this judge, and what to do about it."""
    if found is None:
        return "the database has no tables yet; run `pbem db upgrade` to create them"
    if "," not in found and found > wanted:
        return (f"the database was written by a newer judge (schema {found}; this judge knows up "
                f"to {wanted}): install that judge again, or restore a backup made for this one")
    return (f"the database's schema is {found}, older than this judge's {wanted}: back it up, "
            "then run `pbem db upgrade`")


def read_text(name: str, limit: int | None = None) -> bytes:
    """A file's bytes, or standard input's for "-": at most `limit` bytes are accepted
    (default: the orders' limit), and no more than one byte beyond it is ever read, so an
    endless input is refused rather than held in memory."""
    from pbem.app.base.ordertext import MAX_BYTES

    limit = MAX_BYTES if limit is None else limit
    if name == "-":
        data = sys.stdin.buffer.read(limit + 1)
        where = "standard input"
    else:
        path = Path(name)
        if not path.is_file():
            raise JudgeError(f"there is no file {name}")
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
        where = name
    if len(data) > limit:
        raise JudgeError(f"{where} holds more than {limit // 1024} KiB; the judge reads at most "
                         f"{limit // 1024} KiB of orders. Send only the order lines")
    return data


def option(text: str) -> tuple[str, bool | int | str]:
    """`--option NAME` switches NAME on; `--option NAME=VALUE` sets it (the ruleset checks)."""
    name, sep, value = text.partition("=")
    if not name.strip():
        raise JudgeError(f"--option '{text}': write NAME or NAME=VALUE (`pbem rules list` "
                         "shows each ruleset's options)")
    return name.strip(), value.strip() if sep else True


def table(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    """Rows as aligned columns, every cell made `safe` for a terminal."""
    if not rows:
        return "(none)"
    def cell(row: dict[str, Any], column: str) -> str:
        value = row.get(column)
        return "" if value is None else safe(str(value))

    widths = {c: max(len(c), *(len(cell(r, c)) for r in rows)) for c in columns}
    lines = ["  ".join(c.ljust(widths[c]) for c in columns)]
    lines.append("  ".join("-" * widths[c] for c in columns))
    for row in rows:
        lines.append("  ".join(cell(row, c).ljust(widths[c]) for c in columns))
    return "\n".join(line.rstrip() for line in lines)


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    """JSON for scripts (json.dumps escapes every control and non-ASCII character), or the
    text for people, made `safe`."""
    if getattr(args, "json", False):
        print(json.dumps(data, indent=2, default=str))
    else:
        say(text)


def outcome(winner: str | None) -> str:
    """How a finished game ended, in a few words for a command's summary line."""
    if winner == "draw":
        return "The game is a draw."
    return f"Winner: {winner}." if winner else "No winner."
