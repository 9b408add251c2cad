"""The outbox against real servers: an aiosmtpd SMTP server on loopback (plain, STARTTLS with
a login, implicit TLS), one that is down for a while, one that refuses, and the Maildir."""

from __future__ import annotations

import email
import email.policy
import mailbox
import socket
import ssl
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from icalendar import Calendar
from sqlalchemy.engine import Engine

from pbem.mail.compose import compose, deadline_ics, map_cid, new_message_id
from pbem.mail.outbox import deliver
from pbem.mail.settings import MailSettings
from pbem.mail.transport import (
    MaildirTransport,
    MailPermanent,
    MailTransient,
    SmtpTransport,
    transport_for,
)
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import MailOutRow
from tests.mail import smtpd
from tests.mail.smtpd import SmtpServer, authenticator, free_port

smtp_server = smtpd.smtp_server  # the fixtures, by their names
certificate = smtpd.certificate

JUDGE = "judge@judge.example"
NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 16
DEADLINE = datetime(2026, 5, 3, 18, 0, tzinfo=UTC)


def _settings(port: int, **changes: object) -> MailSettings:
    settings = MailSettings(judge_address=JUDGE, outbox_dir=Path("/nonexistent"),
                            smtp_host="127.0.0.1", smtp_port=port, security="none", timeout=5)
    return replace(settings, **changes)  # type: ignore[arg-type]


def _reply(key: str, to: str = "ann@example.org") -> tuple[str, bytes]:
    message_id = new_message_id("reply", key, "judge.example")
    raw = compose(sender=JUDGE, sender_name="Galley judge", to=[to], subject=f"Orders {key}",
                  text=f"Accepted:\n  1 F2 ({key})\n", message_id=message_id,
                  in_reply_to="<orders-1@example.org>", auto="auto-replied", loop=JUDGE,
                  date=NOW)
    return message_id, raw


def _report() -> tuple[str, bytes]:
    message_id = new_message_id("report", "aegean/T3-move/Ann", "judge.example")
    ics = deadline_ics(uid="aegean-T4@judge.example", game="aegean", phase="T4 move",
                       deadline=DEADLINE, summary="Aegean: orders due for T4 move",
                       description="Mail your orders to judge@judge.example", stamp=NOW)
    raw = compose(sender=JUDGE, sender_name="Galley judge", to=["ann@example.org"],
                  subject="Aegean: report of T3 move", text="Report\n",
                  html=f'<p>Report</p><img src="cid:{map_cid(message_id)}">', png=PNG,
                  svg="<svg xmlns='http://www.w3.org/2000/svg'/>", ics=ics,
                  message_id=message_id, loop=JUDGE, date=NOW)
    return message_id, raw


def _queue(engine: Engine, message_id: str, raw: bytes, recipients: list[str],
           kind: str = "reply", now: datetime = NOW) -> None:
    with transaction(engine) as session:
        repo.queue_mail(session, message_id=message_id, kind=kind, game_id="aegean",
                        recipients=recipients, sender=JUDGE, subject="s", raw=raw, now=now)


def _rows(engine: Engine) -> dict[str, MailOutRow]:
    with transaction(engine) as session:
        return {row.message_id: row for row in repo.outbox_rows(session)}


def _parse(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def _ids(server: SmtpServer) -> Counter[str]:
    return Counter(str(_parse(got.content)["Message-ID"]) for got in server.received)


def test_a_report_and_a_reply_arrive_as_composed(engine: Engine,
                                                 smtp_server: SmtpServer) -> None:
    report_id, report = _report()
    reply_id, reply = _reply("T3/Ann")
    _queue(engine, report_id, report, ["ann@example.org"], kind="report")
    _queue(engine, reply_id, reply, ["ann@example.org", "ann@home.example"])
    outcome = deliver(engine, SmtpTransport(_settings(smtp_server.port)), NOW)
    assert outcome.sent == (report_id, reply_id) and outcome.errors == ()

    first, second = smtp_server.received
    assert (first.mail_from, first.rcpt_tos) == (JUDGE, ("ann@example.org",))
    assert second.rcpt_tos == ("ann@example.org", "ann@home.example")
    assert first.content.rstrip(b"\r\n") == report.rstrip(b"\r\n")  # the stored bytes, as stored
    message = _parse(first.content)
    assert message["Message-ID"] == f"<{report_id}>"
    assert message["Auto-Submitted"] == "auto-generated"
    assert message["X-PBEM-Loop"] == JUDGE
    alternative, svg, ics = message.iter_parts()
    plain, related = alternative.iter_parts()
    html, png = related.iter_parts()
    assert (alternative.get_content_type(), related.get_content_type()) == (
        "multipart/alternative", "multipart/related")
    assert f'src="cid:{map_cid(report_id)}"' in html.get_content()
    assert png["Content-ID"] == f"<{map_cid(report_id)}>"
    assert png.get_content() == PNG
    assert svg.get_content_type() == "image/svg+xml"
    calendar = Calendar.from_ical(ics.get_content())
    assert calendar.walk("VEVENT")[0].decoded("dtstart") == DEADLINE

    answer = _parse(second.content)
    assert answer["Auto-Submitted"] == "auto-replied"
    assert answer["In-Reply-To"] == "<orders-1@example.org>"
    assert answer.get_content_type() == "text/plain"
    rows = _rows(engine)
    assert [(r.state, r.attempts, r.sent_at) for r in rows.values()] == [("sent", 1, NOW)] * 2
    assert deliver(engine, SmtpTransport(_settings(smtp_server.port)), NOW + MINUTE).attempted == 0


def test_while_the_server_is_down_nothing_is_lost_and_afterwards_all_arrive_once(
        engine: Engine) -> None:
    port = free_port()  # nothing listens there yet
    addresses = [f"{name}@example.org" for name in ("ann", "bo", "cy")]
    messages = [_reply(f"T3/{address}", address) for address in addresses]
    for (message_id, raw), address in zip(messages, addresses, strict=True):
        _queue(engine, message_id, raw, [address])
    transport = SmtpTransport(_settings(port))

    down = deliver(engine, transport, NOW)
    assert down.sent == () and len(down.retrying) == 3
    assert "cannot reach the SMTP server 127.0.0.1" in down.errors[0][1]
    for row in _rows(engine).values():
        assert (row.state, row.attempts, row.next_attempt_at) == ("queued", 1, NOW + MINUTE)
        assert row.last_error and "cannot reach the SMTP server" in row.last_error
    assert deliver(engine, transport, NOW + timedelta(seconds=30)).attempted == 0  # not due

    server = SmtpServer(port).start()
    try:
        back = deliver(engine, transport, NOW + 2 * MINUTE)
        assert len(back.sent) == 3
        assert deliver(engine, transport, NOW + timedelta(days=1)).attempted == 0
    finally:
        server.stop()
    assert _ids(server) == Counter({f"<{message_id}>": 1 for message_id, _raw in messages})
    assert sorted(got.rcpt_tos for got in server.received) == [(a,) for a in addresses]
    for row in _rows(engine).values():
        assert (row.state, row.attempts, row.sent_at) == ("sent", 2, NOW + 2 * MINUTE)


def test_a_recipient_refused_for_good_fails_that_message_only(engine: Engine,
                                                             smtp_server: SmtpServer) -> None:
    smtp_server.collector.refuse["gone@example.org"] = "550 5.1.1 No such mailbox: gone"
    bad_id, bad = _reply("T3/Gone", "gone@example.org")
    good_id, good = _reply("T3/Ann")
    _queue(engine, bad_id, bad, ["gone@example.org"])
    _queue(engine, good_id, good, ["ann@example.org"])
    outcome = deliver(engine, SmtpTransport(_settings(smtp_server.port)), NOW)
    assert (outcome.failed, outcome.sent) == ((bad_id,), (good_id,))
    rows = _rows(engine)
    assert rows[bad_id].state == "failed" and rows[bad_id].attempts == 1
    assert rows[bad_id].last_error == ("the server refused gone@example.org: "
                                       "550 5.1.1 No such mailbox: gone")
    assert _ids(smtp_server) == Counter({f"<{good_id}>": 1})


def test_a_recipient_put_off_gets_it_later_and_the_others_only_once(
        engine: Engine, smtp_server: SmtpServer) -> None:
    smtp_server.collector.refuse["bo@example.org"] = "450 4.2.1 Mailbox busy, try later"
    message_id, raw = _reply("T3/both")
    _queue(engine, message_id, raw, ["ann@example.org", "bo@example.org"])
    transport = SmtpTransport(_settings(smtp_server.port))
    first = deliver(engine, transport, NOW)
    assert first.retrying == (message_id,)
    row = _rows(engine)[message_id]
    assert (row.state, repo.envelope(row)) == ("queued", ["bo@example.org"])
    assert row.last_error == ("the server put off bo@example.org: 450 4.2.1 Mailbox busy, "
                              "try later (the others received it)")
    del smtp_server.collector.refuse["bo@example.org"]
    assert deliver(engine, transport, NOW + MINUTE).sent == (message_id,)
    assert [got.rcpt_tos for got in smtp_server.received] == [("ann@example.org",),
                                                             ("bo@example.org",)]


def test_a_crash_between_sending_and_recording_sends_the_same_bytes_again_after_the_lease(
        engine: Engine, smtp_server: SmtpServer) -> None:
    message_id, raw = _reply("T3/Ann")
    _queue(engine, message_id, raw, ["ann@example.org"])
    transport = SmtpTransport(_settings(smtp_server.port))
    with transaction(engine) as session:  # deliver's first steps, then the process dies
        (row,) = repo.claim_due_mail(session, NOW, lease=10 * MINUTE)
    transport.send(row.raw, row.sender, repo.envelope(row))
    transport.close()

    assert deliver(engine, transport, NOW + 9 * MINUTE).attempted == 0  # still leased
    assert deliver(engine, transport, NOW + 10 * MINUTE).sent == (message_id,)
    first, second = smtp_server.received
    assert first.content == second.content  # same Message-ID, same bytes: easy to drop
    assert _ids(smtp_server) == Counter({f"<{message_id}>": 2})


def test_a_server_that_never_answers_is_a_transient_failure(engine: Engine) -> None:
    with socket.socket() as silent:  # takes connections (the backlog) but never speaks
        silent.bind(("127.0.0.1", 0))
        silent.listen(5)
        message_id, raw = _reply("T3/Ann")
        _queue(engine, message_id, raw, ["ann@example.org"])
        port = silent.getsockname()[1]
        outcome = deliver(engine, SmtpTransport(_settings(port, timeout=0.2)), NOW)
    assert outcome.retrying == (message_id,)
    assert "no answer within 0.2 s" in outcome.errors[0][1]


def test_starttls_with_a_login(engine: Engine, certificate: smtpd.Certificate) -> None:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certificate.cert, certificate.key)
    server = SmtpServer(tls_context=context, require_starttls=True,
                        authenticator=authenticator("judge", "s3cret"), auth_required=True)
    server.start()
    try:
        settings = _settings(server.port, security="starttls", username="judge",
                             password="s3cret", ca_file=certificate.cert)
        message_id, raw = _reply("T3/Ann")
        _queue(engine, message_id, raw, ["ann@example.org"])
        assert deliver(engine, SmtpTransport(settings), NOW).sent == (message_id,)
        (got,) = server.received
        assert got.tls and _parse(got.content)["Message-ID"] == f"<{message_id}>"

        other_id, other = _reply("T3/Bo")
        _queue(engine, other_id, other, ["bo@example.org"])
        wrong = deliver(engine, SmtpTransport(replace(settings, password="guess")), NOW)
        assert wrong.retrying == (other_id,)  # our settings are wrong, not the message
        assert "refused the login of judge (535" in wrong.errors[0][1]
        untrusted = deliver(engine, SmtpTransport(replace(settings, ca_file=None)),
                            NOW + MINUTE)
        assert untrusted.retrying == (other_id,)
        assert "TLS failed" in untrusted.errors[0][1]
    finally:
        server.stop()
    assert len(server.received) == 1


def test_a_server_without_starttls_is_not_sent_the_mail_in_clear(
        engine: Engine, smtp_server: SmtpServer) -> None:
    message_id, raw = _reply("T3/Ann")
    _queue(engine, message_id, raw, ["ann@example.org"])
    outcome = deliver(engine, SmtpTransport(_settings(smtp_server.port, security="starttls")),
                      NOW)
    assert outcome.retrying == (message_id,)
    assert "does not offer STARTTLS" in outcome.errors[0][1]
    assert smtp_server.received == []


def test_implicit_tls(engine: Engine, certificate: smtpd.Certificate) -> None:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certificate.cert, certificate.key)
    server = SmtpServer(ssl_context=context).start()
    try:
        message_id, raw = _reply("T3/Ann")
        _queue(engine, message_id, raw, ["ann@example.org"])
        settings = _settings(server.port, security="ssl", ca_file=certificate.cert)
        assert deliver(engine, SmtpTransport(settings), NOW).sent == (message_id,)
    finally:
        server.stop()
    (got,) = server.received
    assert got.tls


def test_an_address_that_is_not_one_fails_without_a_connection() -> None:
    transport = SmtpTransport(_settings(free_port()))
    with pytest.raises(MailPermanent, match="'ann at example.org' is not a mail address"):
        transport.send(b"x", JUDGE, ["ann at example.org"])
    with pytest.raises(MailTransient, match="cannot reach"):
        transport.send(b"x", JUDGE, ["ann@example.org"])


def test_without_smtp_every_mail_goes_to_a_maildir_a_person_can_read(
        engine: Engine, tmp_path: Path) -> None:
    outbox = tmp_path / "data" / "outbox"  # the data folder is not there yet either
    settings = MailSettings(judge_address=JUDGE, outbox_dir=outbox)
    transport = transport_for(settings)
    assert isinstance(transport, MaildirTransport)
    report_id, report = _report()
    reply_id, reply = _reply("T3/Ann")
    _queue(engine, report_id, report, ["ann@example.org"], kind="report")
    _queue(engine, reply_id, reply, ["ann@example.org", "ann@home.example"])
    assert deliver(engine, transport, NOW).sent == (report_id, reply_id)
    assert outbox.stat().st_mode & 0o777 == 0o700
    folder = mailbox.Maildir(outbox, create=False)
    messages = {str(message["Message-ID"]): message for message in folder}
    assert set(messages) == {f"<{report_id}>", f"<{reply_id}>"}
    answer = messages[f"<{reply_id}>"]
    assert answer.get_all("Delivered-To") == ["ann@example.org", "ann@home.example"]
    assert answer["Return-Path"] == f"<{JUDGE}>"
    assert (answer["X-PBEM-Loop"], answer["Auto-Submitted"]) == (JUDGE, "auto-replied")
    for key in folder.iterkeys():
        assert b"\r\n" not in folder.get_bytes(key)  # local files end their lines with LF
    report_read = _parse(bytes(messages[f"<{report_id}>"]))
    pngs = [part.get_content() for part in report_read.walk()
            if part.get_content_type() == "image/png"]
    assert pngs == [PNG]
