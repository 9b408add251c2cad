"""A smarthost slow to answer the end of a message's data, on loopback (aiosmtpd): the judge
waits RFC 5321's end-of-data timeout, not the short one of the other exchanges, and a
message that went unanswered after all its data was sent may have been delivered: it is
sent once more at most, then held for the operator, never retried in a storm."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from pbem.mail.compose import compose, new_message_id
from pbem.mail.outbox import deliver, drop_held, release_held
from pbem.mail.settings import MailSettings
from pbem.mail.transport import SmtpTransport
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import MailOutRow
from tests.mail.smtpd import Collector, SmtpServer

ROOT = Path(__file__).resolve().parents[2]
JUDGE = "judge@judge.example"
NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


@dataclass
class SlowToAnswer(Collector):
    """Keeps every message it is sent, then waits `delay` seconds before answering the end
    of its data: a smarthost that scans each message at length before it says so."""

    delay: float = 0.0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        status = await super().handle_DATA(server, session, envelope)
        await asyncio.sleep(self.delay)
        return status


@pytest.fixture
def slow_server() -> Iterator[SmtpServer]:
    server = SmtpServer()
    server.collector = SlowToAnswer()
    server.start()
    yield server
    server.stop()


def _delay(server: SmtpServer, seconds: float) -> None:
    assert isinstance(server.collector, SlowToAnswer)
    server.collector.delay = seconds


def _settings(port: int, **changes: object) -> MailSettings:
    settings = MailSettings(judge_address=JUDGE, outbox_dir=Path("/nonexistent"),
                            smtp_host="127.0.0.1", smtp_port=port, security="none", timeout=2)
    return replace(settings, **changes)  # type: ignore[arg-type]


def _queue(engine: Engine, key: str) -> str:
    message_id = new_message_id("reply", key, "judge.example")
    raw = compose(sender=JUDGE, sender_name="Galley judge", to=["ann@example.org"],
                  subject=f"Orders {key}", text=f"Accepted ({key})\n", message_id=message_id, loop=JUDGE,
                  date=NOW)
    with transaction(engine) as session:
        repo.queue_mail(session, message_id=message_id, kind="reply", game_id="aegean",
                        recipients=["ann@example.org"], sender=JUDGE, subject=f"Orders {key}",
                        raw=raw, now=NOW)
    return message_id


def _row(engine: Engine, message_id: str) -> MailOutRow:
    with transaction(engine) as session:
        return next(r for r in repo.outbox_rows(session) if r.message_id == message_id)


def _copies(server: SmtpServer, message_id: str) -> int:
    return sum(1 for got in server.received if message_id.encode() in got.content)


def _runs(engine: Engine, settings: MailSettings, count: int,
          start: datetime = NOW) -> list[Sequence[str]]:
    """`count` sending runs an hour apart (beyond every retry delay); what each sent."""
    return [deliver(engine, SmtpTransport(settings), start + number * HOUR).sent
            for number in range(count)]


def test_an_unanswered_end_of_data_is_sent_twice_at_most_then_held(
        engine: Engine, slow_server: SmtpServer) -> None:
    _delay(slow_server, 3.0)  # beyond the end-of-data timeout below (and the ordinary one)
    message_id = _queue(engine, "T3/Ann")
    settings = _settings(slow_server.port, data_timeout=0.3)
    _runs(engine, settings, 5)
    assert _copies(slow_server, message_id) == 2  # never a storm: one retry, no more
    row = _row(engine, message_id)
    assert row.state == "held"
    assert row.last_error is not None
    assert "may have been delivered" in row.last_error
    assert "pbem mail outbox release" in row.last_error  # what the operator can do


def test_the_first_unanswered_end_of_data_leaves_one_more_attempt(
        engine: Engine, slow_server: SmtpServer) -> None:
    _delay(slow_server, 3.0)
    message_id = _queue(engine, "T3/Ann")
    settings = _settings(slow_server.port, data_timeout=0.3)
    outcome = deliver(engine, SmtpTransport(settings), NOW)
    assert outcome.retrying == (message_id,)
    row = _row(engine, message_id)
    assert row.state == "queued"
    assert row.last_error is not None and "may have been delivered" in row.last_error
    _delay(slow_server, 0.0)  # the server is quick again: the last attempt goes through
    assert _runs(engine, settings, 1, NOW + HOUR) == [(message_id,)]
    assert _copies(slow_server, message_id) == 2
    assert _row(engine, message_id).state == "sent"


def test_the_end_of_data_waits_the_data_timeout_not_the_ordinary_one(
        engine: Engine, slow_server: SmtpServer) -> None:
    _delay(slow_server, 1.5)  # longer than the ordinary timeout, well within the data one
    message_id = _queue(engine, "T3/Ann")
    settings = _settings(slow_server.port, timeout=0.5, data_timeout=30)
    outcome = deliver(engine, SmtpTransport(settings), NOW)
    assert outcome.sent == (message_id,) and outcome.errors == ()
    assert _copies(slow_server, message_id) == 1


def test_the_messages_after_an_unanswered_one_wait_unmarked(
        engine: Engine, slow_server: SmtpServer) -> None:
    _delay(slow_server, 3.0)
    first, second = _queue(engine, "T3/Ann"), _queue(engine, "T3/Bo")
    settings = _settings(slow_server.port, data_timeout=0.3)
    outcome = deliver(engine, SmtpTransport(settings), NOW)
    assert outcome.sent == () and set(outcome.retrying) == {first, second}
    assert _copies(slow_server, second) == 0  # not tried: the server is too slow now
    later = _row(engine, second).last_error or ""
    assert "may have been delivered" not in later and first in later
    _delay(slow_server, 3.0)
    _runs(engine, settings, 3, NOW + HOUR)
    # the second went unanswered once only: it has its own one more attempt, the first none
    assert _row(engine, first).state == "held"
    assert _copies(slow_server, first) == 2
    assert _copies(slow_server, second) <= 2
    _delay(slow_server, 0.0)
    _runs(engine, settings, 1, NOW + 5 * HOUR)
    assert _row(engine, first).state == "held"  # held waits for the operator, whatever comes
    assert _copies(slow_server, first) == 2


def test_release_sends_a_held_message_once_more_and_drop_ends_it(
        engine: Engine, slow_server: SmtpServer) -> None:
    _delay(slow_server, 3.0)
    held, dropped = _queue(engine, "T3/Ann"), _queue(engine, "T3/Bo")
    settings = _settings(slow_server.port, data_timeout=0.3)
    _runs(engine, settings, 6)
    assert _row(engine, held).state == _row(engine, dropped).state == "held"
    held_id, dropped_id = _row(engine, held).id or 0, _row(engine, dropped).id or 0
    with transaction(engine) as session:
        release_held(session, held_id, NOW + 6 * HOUR)
        drop_held(session, dropped_id, NOW + 6 * HOUR)
    assert _row(engine, held).state == "queued"
    dropped_row = _row(engine, dropped)
    assert dropped_row.state == "failed" and "dropped by the operator" in (
        dropped_row.last_error or "")
    _runs(engine, settings, 3, NOW + 6 * HOUR)  # still unanswered: one copy, held again
    assert _copies(slow_server, held) == 3
    assert _row(engine, held).state == "held"
    assert _copies(slow_server, dropped) == 2


def test_a_release_or_drop_of_a_message_not_held_is_refused(engine: Engine) -> None:
    from pbem.errors import JudgeError

    message_id = _queue(engine, "T3/Ann")
    row_id = _row(engine, message_id).id or 0
    with transaction(engine) as session, pytest.raises(JudgeError, match="not held"):
        release_held(session, row_id, NOW)
    with transaction(engine) as session, pytest.raises(JudgeError, match="not held"):
        drop_held(session, row_id, NOW)
    with transaction(engine) as session, pytest.raises(JudgeError, match="no message #"):
        release_held(session, row_id + 100, NOW)


def test_the_lease_outlasts_the_data_timeout(engine: Engine, slow_server: SmtpServer) -> None:
    """A sender told to lease for a minute still holds the message longer than it may wait
    for the server's answer: no second sender starts on it meanwhile."""
    seen: list[datetime] = []

    class Watching(SmtpTransport):
        def send(self, raw: bytes, sender: str, recipients: Sequence[str]) -> None:
            with transaction(engine) as session:
                seen.extend(r.next_attempt_at for r in repo.outbox_rows(session))
            super().send(raw, sender, recipients)

    _queue(engine, "T3/Ann")
    settings = _settings(slow_server.port, data_timeout=600)
    deliver(engine, Watching(settings), NOW, lease=timedelta(seconds=65))
    (leased,) = seen
    leased = leased if leased.tzinfo else leased.replace(tzinfo=UTC)
    assert leased >= NOW + timedelta(seconds=600 + 2 * 2)


@pytest.mark.slow
def test_the_outbox_command_shows_held_mail_and_releases_it(
        engine: Engine, db_url: str, slow_server: SmtpServer, tmp_path: Path) -> None:
    if not db_url.startswith("sqlite"):
        pytest.skip("the command's own database: SQLite in a file")
    _delay(slow_server, 3.0)
    message_id = _queue(engine, "T3/Ann")
    _runs(engine, _settings(slow_server.port, data_timeout=0.3), 3)
    row_id = _row(engine, message_id).id
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PBEM_SMTP", "PBEM_IMAP", "PBEM_DATABASE_URL"))}
    env.update(PBEM_DATA=str(tmp_path / "data"), PBEM_MAIL_FROM=JUDGE)

    def pbem(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pbem.cli.main", "mail", "outbox", *args,
                               "--db", db_url], cwd=ROOT, capture_output=True, text=True,
                              env=env, timeout=120)

    listed = pbem("--state", "held", "--json")
    assert listed.returncode == 0, listed.stderr
    (shown,) = json.loads(listed.stdout)
    assert (shown["id"], shown["state"]) == (row_id, "held")
    assert "may have been delivered" in shown["error"]
    plain = pbem()
    assert "held" in plain.stdout and "release" in plain.stdout
    released = pbem("release", str(row_id))
    assert released.returncode == 0, released.stderr
    assert _row(engine, message_id).state == "queued"
    again = pbem("release", str(row_id))
    assert again.returncode != 0 and "not held" in again.stderr
