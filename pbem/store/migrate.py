"""Schema migrations with Alembic, from the first schema on (`pbem db upgrade`)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def _config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(engine: Engine) -> str:
    """Bring the schema to the newest revision; returns it."""
    config = _config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    return head()


def head() -> str:
    script = ScriptDirectory.from_config(_config("sqlite://"))
    return str(script.get_current_head())


def current(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def revision(message: str, url: str) -> None:  # pragma: no cover - a developer's tool
    command.revision(_config(url), message=message, autogenerate=True)


def backup(engine: Engine, target: str) -> None:
    """A consistent copy of a SQLite database while the judge runs (SQLite's backup API).
    For PostgreSQL, use pg_dump."""
    import sqlite3

    if engine.dialect.name != "sqlite":
        raise ValueError("`pbem db backup` copies SQLite databases; back up PostgreSQL with "
                         "pg_dump")
    source = sqlite3.connect(str(engine.url.database))
    copy = sqlite3.connect(target)
    with copy:
        source.backup(copy)
    copy.close()
    source.close()
