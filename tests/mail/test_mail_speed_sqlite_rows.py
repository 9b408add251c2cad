"""Issue 26: the statements every mail runs go straight to SQLite's own connection
(pbem.store.repo._base.sqlite_driver). They must write and read exactly what SQLAlchemy's
own statements do: the same mails, handled once that way and once through SQLAlchemy (as on
PostgreSQL), leave the same rows byte for byte and give the same answers. Real mail bytes,
real SQLite files."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from pbem.app.mailin import mailgate
from pbem.app.play import games
from pbem.golden import order_file
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import create_sqlite_file, make_engine
from pbem.store.migrate import upgrade
from tests.mail.test_gateway import ANN, BO, DEMO, NOW, _aegean, _mail

TABLES = {  # what each table's rows are compared by (a password hash has a random salt)
    "mail_in": "*", "mail_out": "*", "submissions": "*", "login_failures": "*",
    "players": "id, name, settings, extensions_used"}


def _engine(path: Path) -> Engine:
    create_sqlite_file(path)
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    _aegean(engine, 0)
    return engine


def _orders(engine: Engine, side: str) -> str:
    shown = games.show_game(engine, "aegean")
    return (DEMO / order_file(shown["phase"], side)).read_text(encoding="utf-8")


def _play(engine: Engine, folder: Path) -> list[dict[str, Any]]:
    """The same mails, in order: orders (one line refused), the same mail again, a wrong
    password from the player's own address and from another, the other side's orders, a
    STATUS."""
    settings = mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, folder)
    blue, red = _orders(engine, "blue"), _orders(engine, "red")
    mails = [
        _mail(f"SIGNON aegean Ann s3cret-oars\n{blue}\nF9 R2\nSTATUS\n", message_id="m1@x"),
        _mail(f"SIGNON aegean Ann s3cret-oars\n{blue}\nF9 R2\nSTATUS\n", message_id="m1@x"),
        _mail("SIGNON aegean Ann wrong-oars\nSTATUS\n", message_id="m2@x"),
        _mail("SIGNON aegean Ann wrong-oars\nSTATUS\n", sender="eve@example.org",
              message_id="m3@x"),
        _mail(f"SIGNON aegean Bo bo-password\n{red}\n", sender=BO, message_id="m4@x"),
        _mail("SIGNON aegean Ann s3cret-oars\nSTATUS\n", message_id="m5@x"),
    ]
    return [mailgate.receive(engine, raw, "inject", settings,
                             NOW + timedelta(minutes=number)).record()
            for number, raw in enumerate(mails)]


def _rows(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    with engine.connect() as connection:
        return {table: list(connection.exec_driver_sql(
            f"SELECT {columns} FROM {table} ORDER BY id").all())
            for table, columns in TABLES.items()}


def _through_sqlalchemy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The statements of sqlite_driver through SQLAlchemy, as on another database (the two
    of orders, order_context and store_submission, keep theirs: their other form is
    PostgreSQL's)."""
    for module in (repo.mail, repo.gameplay, repo.guards):
        monkeypatch.setattr(module, "sqlite_driver", lambda session: None)


def test_the_rows_written_past_sqlalchemy_are_the_rows_sqlalchemy_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _engine(tmp_path / "fast.sqlite")
    fast_outcomes = _play(fast, tmp_path / "fast")
    with monkeypatch.context() as patched:
        _through_sqlalchemy(patched)
        slow = _engine(tmp_path / "slow.sqlite")
        slow_outcomes = _play(slow, tmp_path / "slow")
    assert [o["outcome"] for o in fast_outcomes] == [
        "orders", "ignored", "refused", "refused", "orders", "commands"]
    assert fast_outcomes == slow_outcomes
    fast_rows, slow_rows = _rows(fast), _rows(slow)
    assert all(fast_rows[table] for table in TABLES)  # every table was written
    for table in TABLES:
        assert fast_rows[table] == slow_rows[table], table
    # a submission's time is stored as SQLAlchemy stores the mail's (the same moment)
    received = {row[1] for row in slow_rows["mail_in"]}
    assert {row[-1] for row in fast_rows["submissions"]} <= received
    fast.dispose()
    slow.dispose()


def test_the_status_line_reads_the_phase_and_the_orders_held_as_the_orm_does(
        tmp_path: Path) -> None:
    engine = _engine(tmp_path / "status.sqlite")
    with engine.begin():
        pass
    from pbem.store.db import transaction

    with transaction(engine) as session:
        phase = repo.open_phase(session, "aegean")
        glance = repo.gameplay.open_phase_glance(session, "aegean")
        assert phase is not None and glance is not None
        assert (glance.id, glance.key, glance.state_before, glance.deadline) == (
            phase.id, phase.key, phase.state_before, phase.deadline)
        ann = repo.player(session, "aegean", "Ann")
        assert ann is not None
        held = repo.latest_submission(session, glance.id, ann.id or 0)
        assert repo.gameplay.holds_submission(session, glance.id, ann.id or 0) == (
            held is not None)
    assert ANN
    engine.dispose()


@pytest.mark.parametrize("past_sqlalchemy", [True, False])
def test_put_mail_queues_a_message_id_once_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, past_sqlalchemy: bool) -> None:
    from pbem.store.db import transaction

    if not past_sqlalchemy:
        _through_sqlalchemy(monkeypatch)
    path = tmp_path / "put.sqlite"
    create_sqlite_file(path)
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    fields: dict[str, Any] = {"message_id": "reply.1@example.net", "kind": "reply",
                              "game_id": None, "recipients": [ANN], "sender": "judge@example.net",
                              "subject": "Re: orders", "raw": b"first", "now": NOW}
    with transaction(engine) as session:
        assert repo.mail.put_mail(session, **fields) is True
        assert repo.mail.put_mail(session, **{**fields, "raw": b"second"}) is False
        row = repo.queue_mail(session, **{**fields, "raw": b"third"})
        assert (row.raw, row.state, row.created_at, row.next_attempt_at) == (
            b"first", "queued", NOW, NOW)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT count(*), max(created_at) FROM mail_out"
                                          ).one() == (1, "2026-12-01 10:00:00.000000")
    engine.dispose()
