"""Handled mail past its retention (MailSettings.retention_days) is kept as an excerpt: a
received message keeps its header block (at most 4 KiB), its size and its digest; a sent
one keeps its subject, recipients, Message-ID and state, not its bytes. Mail not yet dealt
with (new, quarantined, queued, failed) is never touched; the sweep trims at most once an
hour."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.running import retention, sweep
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import snapshot, transaction
from pbem.store.models import MailInRow, MailOutRow

NOW = datetime(2026, 9, 1, 12, 0, tzinfo=UTC)
OLD = NOW - timedelta(days=100)  # past a retention of 90 days (the default is 30)
RECENT = NOW - timedelta(days=10)
HEADERS = (b"From: Ann <ann@example.org>\r\nTo: judge@example.net\r\n"
           b"Subject: orders for build\r\nMessage-ID: <m@example.org>\r\n")
MESSAGE = HEADERS + b"\r\n" + b"SIGNON aegean Ann s3cret-oars\r\n" * 400


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _received(engine: Engine, name: str, state: str, when: datetime,
              raw: bytes = MESSAGE) -> int:
    with transaction(engine) as session:
        row = repo.store_incoming(session, raw=raw, message_id=f"<{name}@example.org>",
                                  source="stdin", received_at=when)
        if state != "new":
            repo.mark_incoming(session, row.id or 0, state, when, reason="test")
        return row.id or 0


def _sent(engine: Engine, name: str, state: str, when: datetime) -> int:
    with transaction(engine) as session:
        row = repo.queue_mail(session, message_id=f"{name}@judge.example", kind="notice",
                              game_id="aegean", recipients=["ann@example.org"],
                              sender="judge@example.net", subject=f"notice {name}",
                              raw=MESSAGE, now=when)
        if state == "sent":
            repo.mark_sent(session, row, when)
        elif state == "failed":
            repo.mark_failed(session, row, "550 no such user", when)
        return row.id or 0


def _in(engine: Engine, row_id: int) -> MailInRow:
    with snapshot(engine) as session:
        row = session.get(MailInRow, row_id)
        assert row is not None
        session.expunge(row)
        return row


def _out(engine: Engine, row_id: int) -> MailOutRow:
    with snapshot(engine) as session:
        row = session.get(MailOutRow, row_id)
        assert row is not None
        session.expunge(row)
        return row


def test_received_mail_past_its_retention_keeps_its_headers_size_and_digest(
        engine: Engine) -> None:
    handled = _received(engine, "handled", "handled", OLD)
    ignored = _received(engine, "ignored", "ignored", OLD)
    recent = _received(engine, "recent", "handled", RECENT)
    new = _received(engine, "new", "new", OLD)
    quarantined = _received(engine, "quarantined", "quarantined", OLD)
    long_head = HEADERS + b"".join(b"Received: from relay%d.example.org\r\n" % n
                                   for n in range(300)) + b"\r\nbody\r\n"
    many = _received(engine, "many", "handled", OLD, raw=long_head)

    done = retention.trim(engine, 90, NOW)
    assert (done.mail_in, done.mail_out) == (3, 0)
    for row_id in (handled, ignored):
        row = _in(engine, row_id)
        assert bytes(row.raw) == HEADERS and row.raw_size == len(MESSAGE)
        assert row.digest == hashlib.sha256(MESSAGE).hexdigest()
    cut = _in(engine, many)
    assert len(cut.raw) == retention.EXCERPT and long_head.startswith(bytes(cut.raw))
    assert cut.raw_size == len(long_head)
    for row_id in (recent, new, quarantined):
        row = _in(engine, row_id)
        assert bytes(row.raw) == MESSAGE and row.raw_size is None
    assert retention.trim(engine, 90, NOW) == retention.Trimmed(0, 0)  # once is enough


def test_sent_mail_past_its_retention_drops_its_bytes_only(engine: Engine) -> None:
    old = _sent(engine, "old", "sent", OLD)
    recent = _sent(engine, "recent", "sent", RECENT)
    queued = _sent(engine, "queued", "queued", OLD)
    failed = _sent(engine, "failed", "failed", OLD)
    done = retention.trim(engine, 90, NOW)
    assert (done.mail_in, done.mail_out) == (0, 1)
    row = _out(engine, old)
    assert bytes(row.raw) == b""
    assert (row.subject, row.recipients, row.message_id, row.state) == (
        "notice old", '["ann@example.org"]', "old@judge.example", "sent")
    for row_id in (recent, queued, failed):
        assert bytes(_out(engine, row_id).raw) == MESSAGE


def test_the_retention_is_a_setting(engine: Engine) -> None:
    handled = _received(engine, "handled", "handled", RECENT)
    assert retention.trim(engine, 90, NOW).mail_in == 0
    assert retention.trim(engine, 7, NOW).mail_in == 1
    assert _in(engine, handled).raw_size == len(MESSAGE)


def test_the_sweep_trims_at_most_once_an_hour(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    first = _received(engine, "first", "handled", OLD)
    sweep.sweep(engine, settings, NOW)
    assert _in(engine, first).raw_size == len(MESSAGE)
    second = _received(engine, "second", "handled", OLD)
    sweep.sweep(engine, settings, NOW + timedelta(minutes=30))
    assert _in(engine, second).raw_size is None  # not again within the hour
    sweep.sweep(engine, settings, NOW + timedelta(minutes=61))
    assert _in(engine, second).raw_size == len(MESSAGE)


def test_a_long_backlog_is_taken_a_bounded_run_at_a_time(engine: Engine) -> None:
    rows = [_received(engine, f"old{n}", "handled", OLD) for n in range(3)]
    first = retention.trim(engine, 90, NOW, most=2)
    assert (first.mail_in, first.done) == (2, False)
    assert [(_in(engine, r).raw_size is not None) for r in rows] == [True, True, False]
    rest = retention.trim(engine, 90, NOW, most=2)
    assert (rest.mail_in, rest.done) == (1, True)


def test_an_excerpt_is_the_header_block_with_either_line_ending() -> None:
    assert retention.excerpt(b"A: 1\r\nB: 2\r\n\r\nbody\r\n\r\nmore") == b"A: 1\r\nB: 2\r\n"
    assert retention.excerpt(b"A: 1\nB: 2\n\nbody") == b"A: 1\nB: 2\n"
    assert retention.excerpt(b"A: 1\r\nno end of headers") == b"A: 1\r\nno end of headers"
    assert retention.excerpt(b"A: " + b"x" * 9000, limit=10) == b"A: xxxxxxx"


def test_what_a_game_masters_mail_did_goes_with_the_retention_and_nothing_else(
        engine: Engine) -> None:
    from pbem.app.mailin import gmmail

    assert retention.GM_PROGRESS == gmmail.PROGRESS  # the key the game master's mail writes
    with transaction(engine) as session:
        repo.set_judge_state(session, "gm-mail:7:0", {"done": {}}, OLD)
        repo.set_judge_state(session, "gm-mail:8:0", {"done": {}}, RECENT)
        repo.set_judge_state(session, "gm-mailbox", {"other": 1}, OLD)  # not a progress key
        repo.set_judge_state(session, "retention-old", {"at": 1}, OLD)
    retention.trim(engine, 90, NOW)
    with snapshot(engine) as session:
        assert repo.judge_state(session, "gm-mail:7:0") is None
        assert repo.judge_state(session, "gm-mail:8:0") is not None
        assert repo.judge_state(session, "gm-mailbox") is not None
        assert repo.judge_state(session, "retention-old") is not None
