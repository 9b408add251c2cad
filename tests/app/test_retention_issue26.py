"""Issue 26: mail bodies are not the archive. A delivered mail keeps its headers, recipients,
digest, size and delivery record; its body goes after the retention (30 days by default);
a report whose body went is made again from the stored game, byte for byte (its digest).
Nothing not yet delivered is ever trimmed, and trimming twice is harmless. Real games
played through the use-cases on a real database, the outbox delivered into a Maildir."""

from __future__ import annotations

import email
import email.policy
import hashlib
import json
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base.shared import utcnow
from pbem.app.play import games, phases
from pbem.app.reports.mailmake import maker
from pbem.app.running import retention
from pbem.golden import order_file
from pbem.mail.outbox import deliver
from pbem.mail.settings import DEFAULT_RETENTION_DAYS, mail_settings
from pbem.mail.transport import transport_for
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import MailOutRow
from tests.app.helpers import DEMO, PLAYERS, new_demo_game


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _rows(engine: Engine) -> list[MailOutRow]:
    with transaction(engine) as session:
        return list(repo.outbox_rows(session))


def _played(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    """The demo game's first phases played, each player's report queued."""
    new_demo_game(engine)
    for _ in range(3):
        shown = games.show_game(engine, "g1")
        for side in shown["owes"]:
            path = DEMO / order_file(shown["phase"], side)
            if path.is_file():
                orders.submit_orders(engine, "g1", PLAYERS[side], path.read_bytes())
        phases.process_phase(engine, "g1", expected_key=shown["phase"], mail=settings)


def test_the_retention_is_thirty_days_by_default_and_the_setting_still_changes_it(
        tmp_path: Path) -> None:
    assert DEFAULT_RETENTION_DAYS == 30
    assert mail_settings({}, tmp_path).retention_days == 30
    assert mail_settings({"PBEM_MAIL_RETENTION_DAYS": "7"}, tmp_path).retention_days == 7


def test_a_delivered_report_keeps_its_record_and_is_made_again_exactly_once_its_body_went(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _played(engine, settings)
    sent_at = utcnow()
    done = deliver(engine, transport_for(settings), sent_at, limit=100,
                   make=maker(engine, settings))
    assert done.sent and not done.failed
    reports = [r for r in _rows(engine) if r.kind == "report"]
    assert reports and all(r.state == "sent" for r in reports)
    whole = {r.id: bytes(r.raw) for r in reports}
    for row in reports:  # the digest and size of what was sent, recorded when it was sent
        assert row.digest == hashlib.sha256(whole[row.id]).hexdigest()
        assert row.raw_size == len(whole[row.id])
    # what the reader got: the Maildir holds the bytes the digest is of (after the
    # envelope's Return-Path and Delivered-To lines, in the Maildir's line endings)
    delivered = [path.read_bytes() for path in (settings.outbox_dir / "new").iterdir()]
    for row in reports:
        ours = whole[row.id].replace(b"\r\n", b"\n")
        assert sum(1 for got in delivered if got.endswith(ours)) == 1

    # within the retention nothing goes; past it the bodies go, the record stays
    assert retention.trim(engine, 30, sent_at + timedelta(days=29)).mail_out == 0
    assert all(bytes(r.raw) for r in _rows(engine) if r.kind == "report")
    trimmed = retention.trim(engine, 30, sent_at + timedelta(days=31))
    assert trimmed.mail_out >= len(reports)
    after = {r.id: r for r in _rows(engine) if r.kind == "report"}
    for row in reports:
        kept = after[row.id]
        assert kept.raw == b"" and kept.state == "sent" and kept.sent_at is not None
        assert (kept.digest, kept.raw_size, kept.job) == (row.digest, row.raw_size, row.job)
        assert json.loads(kept.recipients) == json.loads(row.recipients)
        assert kept.subject == row.subject and kept.message_id == row.message_id
    # every report made again from the stored game: the very bytes sent
    make = maker(engine, settings)
    for row in after.values():
        again = make(row)
        assert hashlib.sha256(again).hexdigest() == row.digest
        parsed = email.message_from_bytes(again, policy=email.policy.default)
        assert parsed["Message-ID"].strip("<>") == row.message_id


def test_a_report_mail_stores_its_map_once(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _played(engine, settings)
    deliver(engine, transport_for(settings), utcnow(), limit=100, make=maker(engine, settings))
    for row in (r for r in _rows(engine) if r.kind == "report"):
        message = email.message_from_bytes(bytes(row.raw), policy=email.policy.default)
        images = [(part.get_content_type(), part.get_content()) for part in message.walk()
                  if part.get_content_maintype() == "image"]
        # the map's two inline PNGs (issue 24: the close-up and the overview, two pictures),
        # not the SVG of the same map beside them, and no picture twice
        assert [kind for kind, _ in images] in ([], ["image/png", "image/png"]), images
        assert len({body for _, body in images}) == len(images)


def test_nothing_not_yet_delivered_is_trimmed_and_trimming_twice_is_harmless(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _played(engine, settings)
    now = utcnow()
    with transaction(engine) as session:  # a plain message queued long ago, never sent
        repo.queue_mail(session, message_id="old@judge.example", kind="notice", game_id="g1",
                        recipients=["aristides@example.org"], sender="judge@example.net",
                        subject="old", raw=b"Subject: old\r\n\r\nstill owed\r\n",
                        now=now - timedelta(days=400))
    queued = {r.id: (bytes(r.raw), r.job, r.state) for r in _rows(engine)}
    assert all(state == "queued" for _, _, state in queued.values())
    first = retention.trim(engine, 30, now + timedelta(days=400))
    assert first.mail_out == 0
    assert {r.id: (bytes(r.raw), r.job, r.state) for r in _rows(engine)} == queued

    deliver(engine, transport_for(settings), now, limit=100, make=maker(engine, settings))
    sent = {r.id for r in _rows(engine) if r.state == "sent"}
    assert sent == set(queued)
    later = now + timedelta(days=31)
    assert retention.trim(engine, 30, later).mail_out == len(sent)
    record = [(r.id, bytes(r.raw), r.digest, r.raw_size, r.state, r.sent_at)
              for r in _rows(engine)]
    assert retention.trim(engine, 30, later) == retention.Trimmed(0, 0)  # again: nothing
    assert [(r.id, bytes(r.raw), r.digest, r.raw_size, r.state, r.sent_at)
            for r in _rows(engine)] == record
    assert all(digest for _, _, digest, _, _, _ in record)
