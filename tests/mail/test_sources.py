"""Where mail comes from: a Maildir, an IMAP mailbox (a real pymap server on loopback) and an
LMTP listener (a real aiosmtpd server, spoken to with the standard library's LMTP client).
Each must hand every message over exactly as received, once it is marked, and leave it where
it is when the handler cannot take it."""

from __future__ import annotations

import logging
import mailbox
import os
import signal
import smtplib
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import imapclient  # type: ignore[import-untyped, unused-ignore]
import pytest
from imapclient import IMAPClient  # type: ignore[import-untyped, unused-ignore]

from pbem.mail.imap import HANDLED_KEYWORD, ImapSettings, imap_settings, poll_imap
from pbem.mail.lmtp import LmtpListener, serve_lmtp
from pbem.mail.maildir import DONE_FOLDER, poll_maildir
from pbem.mail.sources import PollReport, Transient
from tests.mail import smtpd
from tests.mail.imapd import PASSWORD, USER, ImapServer
from tests.mail.smtpd import free_port

certificate = smtpd.certificate  # the session's self-signed certificate for 127.0.0.1

WAIT = 10.0  # seconds: a safety net for events that come at once when all is well


def message(number: int, line_end: bytes = b"\n") -> bytes:
    """A small order mail with 8-bit bytes (not valid UTF-8) and a line starting with a dot."""
    lines = [b"From: Ann <ann@example.org>", b"To: judge@club.example",
             b"Subject: orders %d" % number, b"Message-ID: <%d@example.org>" % number, b"",
             b"SIGNON aegean Ann secret", b"Trireme 1: F2 \xe9\xff", b".dot line", b"-- "]
    return line_end.join(lines) + line_end


class Recorder:
    """A handler keeping what it was given; it can refuse chosen messages."""

    def __init__(self, refuse: dict[int, BaseException] | None = None) -> None:
        self.received: list[tuple[bytes, str]] = []
        self.refuse = refuse or {}  # call number (from 1) -> what to raise

    def __call__(self, raw: bytes, source: str) -> None:
        self.received.append((raw, source))
        problem = self.refuse.get(len(self.received))
        if problem is not None:
            raise problem

    @property
    def raws(self) -> list[bytes]:
        return [raw for raw, _ in self.received]


class SimulatedCrash(BaseException):
    """The process dies here (a BaseException, so no `except Exception` can swallow it)."""


# --- Maildir ---------------------------------------------------------------------------

@pytest.fixture
def maildir(tmp_path: Path) -> Path:
    folder = tmp_path / "Maildir"
    mailbox.Maildir(folder, create=True)
    return folder


def deliver(folder: Path, raw: bytes, stamp: int, *, read: bool = False) -> Path:
    """Deliver `raw` as a delivery agent does (write in tmp/, rename into new/), at time
    `stamp`; `read`: a person's mail program has seen it since (cur/, with the S flag)."""
    name = f"{stamp}.M{len(list(folder.glob('*/*')))}P1.testhost"
    path = folder / "tmp" / name
    path.write_bytes(raw)
    os.utime(path, ns=(stamp * 10**9, stamp * 10**9))
    target = folder / "cur" / f"{name}:2,S" if read else folder / "new" / name
    path.rename(target)
    return target


def waiting_in(folder: Path) -> list[str]:
    return sorted(p.name for part in ("new", "cur") for p in (folder / part).iterdir())


def done_in(folder: Path) -> list[Path]:
    return sorted((folder / f".{DONE_FOLDER}" / "cur").iterdir())


def test_maildir_hands_over_every_message_byte_exact_oldest_first_then_moves_it(
        maildir: Path) -> None:
    deliver(maildir, message(2), stamp=2000)
    deliver(maildir, message(3, b"\r\n"), stamp=3000, read=True)  # CRLF stays CRLF
    deliver(maildir, message(1), stamp=1000)
    handler = Recorder()

    report = poll_maildir(maildir, handler)

    assert handler.received == [(message(1), "maildir"), (message(2), "maildir"),
                                (message(3, b"\r\n"), "maildir")]
    assert report == PollReport(handled=3, left=0, errors=[])
    assert waiting_in(maildir) == []
    done = done_in(maildir)
    assert sorted(path.read_bytes() for path in done) == sorted(handler.raws)
    assert all(path.name.endswith(":2,S") for path in done)  # seen, in a Maildir++ folder
    assert (maildir / f".{DONE_FOLDER}" / "maildirfolder").exists()
    assert poll_maildir(maildir, handler) == PollReport(0, 0, [])
    assert len(handler.received) == 3  # nothing twice


def test_maildir_limit_takes_the_oldest(maildir: Path) -> None:
    for number in (1, 2, 3):
        deliver(maildir, message(number), stamp=1000 * number)
    handler = Recorder()
    assert poll_maildir(maildir, handler, limit=2).handled == 2
    assert handler.raws == [message(1), message(2)]
    assert len(waiting_in(maildir)) == 1


def test_maildir_transient_leaves_the_message_and_stops_the_poll(maildir: Path) -> None:
    for number in (1, 2, 3):
        deliver(maildir, message(number), stamp=1000 * number)
    report = poll_maildir(maildir, Recorder({2: Transient("database is locked")}))
    assert (report.handled, report.left) == (1, 2)  # the refused one and the one after it
    assert "database is locked" in report.errors[0]
    assert len(waiting_in(maildir)) == 2 and len(done_in(maildir)) == 1

    handler = Recorder()
    assert poll_maildir(maildir, handler).handled == 2
    assert handler.raws == [message(2), message(3)]  # arrival order kept


def test_maildir_handler_bug_leaves_that_message_and_goes_on(
        maildir: Path, caplog: pytest.LogCaptureFixture) -> None:
    for number in (1, 2, 3):
        deliver(maildir, message(number), stamp=1000 * number)
    with caplog.at_level(logging.ERROR, logger="pbem.mail.sources"):
        report = poll_maildir(maildir, Recorder({2: KeyError("bug")}))
    assert (report.handled, report.left) == (2, 1)
    assert "KeyError" in report.errors[0] and "left where it is" in report.errors[0]
    assert "KeyError: 'bug'" in caplog.text  # the traceback is in the log
    [left] = waiting_in(maildir)
    assert (maildir / "new" / left).read_bytes() == message(2)


def test_maildir_crash_between_handing_over_and_moving_hands_it_over_again(
        maildir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deliver(maildir, message(1), stamp=1000)
    handler = Recorder()

    def crash(path: Path, target: Path) -> None:
        raise SimulatedCrash

    with monkeypatch.context() as patch:
        patch.setattr("pbem.mail.maildir._file_away", crash)
        with pytest.raises(SimulatedCrash):
            poll_maildir(maildir, handler)
    assert len(waiting_in(maildir)) == 1  # not lost

    assert poll_maildir(maildir, handler).handled == 1
    assert handler.raws == [message(1), message(1)]  # again: the pipeline dedupes it


def test_maildir_move_failure_is_reported(maildir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deliver(maildir, message(1), stamp=1000)

    def refuse(path: Path, target: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("pbem.mail.maildir._file_away", refuse)
    report = poll_maildir(maildir, Recorder())
    assert report.handled == 1 and "cannot be moved" in report.errors[0]
    assert len(waiting_in(maildir)) == 1


def test_maildir_that_is_not_one(tmp_path: Path) -> None:
    handler = Recorder()
    report = poll_maildir(tmp_path / "nowhere", handler)
    assert report.handled == 0 and "is not a Maildir" in report.errors[0]
    assert handler.received == []
    assert not (tmp_path / "nowhere").exists()  # a typo creates nothing


# --- IMAP ------------------------------------------------------------------------------

@pytest.fixture
def imap_server() -> Iterator[ImapServer]:
    with ImapServer() as server:
        yield server


def settings_for(server: ImapServer, **changes: Any) -> ImapSettings:
    values: dict[str, Any] = dict(host="127.0.0.1", port=server.port, security="none",
                                  username=USER, password=PASSWORD, timeout=WAIT)
    values.update(changes)
    return ImapSettings(**values)


def flags_of(server: ImapServer, folder: str = "INBOX") -> list[set[bytes]]:
    with server.client() as client:
        client.select_folder(folder, readonly=True)
        fetched = client.fetch(client.search(["ALL"]), ["FLAGS"])
        return [set(fetched[uid][b"FLAGS"]) for uid in sorted(fetched)]


def test_imap_hands_over_byte_exact_marks_and_never_twice(imap_server: ImapServer) -> None:
    first, second = message(1, b"\r\n"), message(2, b"\r\n")
    with imap_server.client() as client:
        client.append("INBOX", first)
        client.append("INBOX", second)
    handler = Recorder()

    report = poll_imap(settings_for(imap_server), handler)

    assert report == PollReport(handled=2, left=0, errors=[])
    assert handler.received == [(first, "imap"), (second, "imap")]  # CRLF mail comes back exact
    assert flags_of(imap_server) == [{HANDLED_KEYWORD.encode(), b"\\Seen"}] * 2

    with imap_server.client() as client:
        client.append("INBOX", message(3, b"\r\n"))
    assert poll_imap(settings_for(imap_server), handler).handled == 1
    assert poll_imap(settings_for(imap_server), handler).handled == 0
    assert handler.raws == [first, second, message(3, b"\r\n")]


def test_imap_serves_crlf_line_ends(imap_server: ImapServer) -> None:
    """IMAP speaks CRLF: mail appended with bare LF comes back with CRLF (what the handler
    gets from an IMAP mailbox, whatever the server stores)."""
    with imap_server.client() as client:
        client.append("INBOX", message(1))
    handler = Recorder()
    poll_imap(settings_for(imap_server), handler)
    assert handler.raws == [message(1, b"\r\n")]


def test_imap_transient_leaves_the_message_unmarked_and_unseen(imap_server: ImapServer) -> None:
    with imap_server.client() as client:
        for number in (1, 2, 3):
            client.append("INBOX", message(number, b"\r\n"))

    report = poll_imap(settings_for(imap_server), Recorder({2: Transient("database is locked")}))

    assert (report.handled, report.left) == (1, 2)
    assert "database is locked" in report.errors[0]
    assert flags_of(imap_server)[1:] == [set(), set()]  # fetched with PEEK: not even \Seen
    handler = Recorder()
    assert poll_imap(settings_for(imap_server), handler).handled == 2
    assert handler.raws == [message(2, b"\r\n"), message(3, b"\r\n")]


def test_imap_handler_bug_leaves_that_message_and_goes_on(imap_server: ImapServer) -> None:
    with imap_server.client() as client:
        for number in (1, 2):
            client.append("INBOX", message(number, b"\r\n"))
    report = poll_imap(settings_for(imap_server), Recorder({1: RuntimeError("bug")}))
    assert (report.handled, report.left) == (1, 1)
    assert flags_of(imap_server) == [set(), {HANDLED_KEYWORD.encode(), b"\\Seen"}]
    handler = Recorder()
    poll_imap(settings_for(imap_server), handler)
    assert handler.raws == [message(1, b"\r\n")]


def test_imap_moves_handled_mail_to_the_done_folder(imap_server: ImapServer) -> None:
    with imap_server.client() as client:
        for number in (1, 2):
            client.append("INBOX", message(number, b"\r\n"))
    settings = settings_for(imap_server, done_folder="Processed")
    handler = Recorder()

    assert poll_imap(settings, handler).handled == 2  # the folder is created on the way

    assert flags_of(imap_server) == []
    assert flags_of(imap_server, "Processed") == [{HANDLED_KEYWORD.encode(), b"\\Seen"}] * 2
    with imap_server.client() as client:
        client.select_folder("Processed", readonly=True)
        fetched = client.fetch(client.search(["ALL"]), ["BODY.PEEK[]"])
        assert [fetched[uid][b"BODY[]"] for uid in sorted(fetched)] == handler.raws
    assert poll_imap(settings, handler).handled == 0


def test_imap_crash_before_marking_hands_it_over_again(
        imap_server: ImapServer, monkeypatch: pytest.MonkeyPatch) -> None:
    with imap_server.client() as client:
        client.append("INBOX", message(1, b"\r\n"))
    handler = Recorder()

    def crash(*args: Any, **kwargs: Any) -> None:
        raise SimulatedCrash

    with monkeypatch.context() as patch:
        patch.setattr(imapclient, "IMAPClient", crashing_client(crash))
        with pytest.raises(SimulatedCrash):
            poll_imap(settings_for(imap_server), handler)
    assert flags_of(imap_server) == [set()]
    poll_imap(settings_for(imap_server), handler)
    assert handler.raws == [message(1, b"\r\n")] * 2  # again: the pipeline dedupes it


def crashing_client(crash: Any) -> Any:
    """IMAPClient, but the process dies when it would mark a message."""
    class Client(IMAPClient):  # type: ignore[misc]
        def add_flags(self, *args: Any, **kwargs: Any) -> Any:
            crash()

    return Client


def test_imap_server_without_keywords_is_marked_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    with ImapServer(keywords=False) as server:
        with server.client() as client:
            client.append("INBOX", message(1, b"\r\n"))
            client.append("INBOX", message(2, b"\r\n"), flags=[b"\\Seen"])  # read by a person
        handler = Recorder()
        assert poll_imap(settings_for(server), handler).handled == 1
        assert poll_imap(settings_for(server), handler).handled == 0
        assert handler.raws == [message(1, b"\r\n")]  # the weakness the docstring names
        assert flags_of(server) == [{b"\\Seen"}, {b"\\Seen"}]


def test_imap_wrong_password_and_server_down_are_sentences(imap_server: ImapServer) -> None:
    handler = Recorder()
    report = poll_imap(settings_for(imap_server, password="wrong"), handler)
    assert report.handled == 0 and "refused the login" in report.errors[0]
    report = poll_imap(settings_for(imap_server, port=free_port()), handler)
    assert report.handled == 0 and "failed" in report.errors[0]
    assert handler.received == []


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_imap_over_tls(security: str, certificate: smtpd.Certificate) -> None:
    pair = (certificate.cert, certificate.key)
    with ImapServer(certificate=pair, implicit_tls=security == "ssl") as server:
        with server.client() as client:
            client.append("INBOX", message(1, b"\r\n"))
        handler = Recorder()
        untrusted = poll_imap(settings_for(server, security=security), handler)
        assert untrusted.handled == 0 and "CERTIFICATE_VERIFY_FAILED" in untrusted.errors[0]
        report = poll_imap(settings_for(server, security=security, ca_file=certificate.cert),
                           handler)
        assert report == PollReport(handled=1, left=0, errors=[])
        assert handler.raws == [message(1, b"\r\n")]


def test_imap_settings_from_the_environment(tmp_path: Path) -> None:
    assert imap_settings({}) is None
    assert imap_settings({"PBEM_IMAP_HOST": ""}) is None
    secret = tmp_path / "imap-password"
    secret.write_text("s3cret word\nignored\n")
    settings = imap_settings({"PBEM_IMAP_HOST": "imap.example.org",
                              "PBEM_IMAP_USER": "judge", "PBEM_IMAP_PASSWORD_FILE": str(secret),
                              "PBEM_IMAP_DONE_FOLDER": "Processed"})
    assert settings == ImapSettings(host="imap.example.org", port=993, security="ssl",
                                    username="judge", password="s3cret word",
                                    done_folder="Processed")
    assert "s3cret" not in repr(settings)
    settings = imap_settings({"PBEM_IMAP_HOST": "mail", "PBEM_IMAP_SECURITY": "STARTTLS",
                              "PBEM_IMAP_USER": "judge", "PBEM_IMAP_PASSWORD": " pw ",
                              "PBEM_IMAP_FOLDER": "Orders", "PBEM_IMAP_TIMEOUT": "5"})
    assert settings is not None
    assert (settings.port, settings.security, settings.password, settings.folder,
            settings.timeout) == (143, "starttls", " pw ", "Orders", 5.0)


@pytest.mark.parametrize(("changes", "words"), [
    ({"PBEM_IMAP_HOST": ""}, "PBEM_IMAP_HOST is not"),
    ({"PBEM_IMAP_PORT": "99999"}, "port number"),
    ({"PBEM_IMAP_SECURITY": "tls"}, "PBEM_IMAP_SECURITY must be"),
    ({"PBEM_IMAP_USER": ""}, "PBEM_IMAP_USER is not"),
    ({"PBEM_IMAP_PASSWORD": ""}, "there is no password"),
    ({"PBEM_IMAP_PASSWORD_FILE": "/nonexistent/pw"}, "both"),
    ({"PBEM_IMAP_TIMEOUT": "soon"}, "PBEM_IMAP_TIMEOUT"),
    ({"PBEM_IMAP_HOST": "user@host"}, "host name"),
    ({"PBEM_IMAP_CA_FILE": "/nonexistent/ca.pem"}, "no file"),
    ({"PBEM_IMAP_DONE_FOLDER": "INBOX"}, "another folder"),
])
def test_imap_settings_refuse_bad_values(changes: dict[str, str], words: str) -> None:
    environ = {"PBEM_IMAP_HOST": "imap.example.org", "PBEM_IMAP_USER": "judge",
               "PBEM_IMAP_PASSWORD": "pw", **changes}
    with pytest.raises(ValueError, match=words):
        imap_settings(environ)


# --- LMTP ------------------------------------------------------------------------------

SENDER = "ann@example.org"
JUDGE, OTHER = "judge@club.example", "orders@club.example"


@pytest.fixture
def lmtp_handler() -> Recorder:
    return Recorder()


@pytest.fixture
def listener(lmtp_handler: Recorder) -> Iterator[LmtpListener]:
    with LmtpListener(lmtp_handler, port=0, accept=lambda address: address != "nobody@club.example") \
            as running:
        yield running


@pytest.fixture
def client(listener: LmtpListener) -> Iterator[smtplib.LMTP]:
    lmtp = smtplib.LMTP("127.0.0.1", listener.port, timeout=WAIT)
    lmtp.ehlo()  # LHLO
    yield lmtp
    lmtp.quit()


def send(lmtp: smtplib.LMTP, raw: bytes, recipients: list[str]) -> list[tuple[int, bytes]]:
    """One transaction; every reply after DATA (smtplib reads only the first itself)."""
    assert lmtp.mail(SENDER)[0] == 250
    accepted = [to for to in recipients if lmtp.rcpt(to)[0] == 250]
    replies = [lmtp.data(raw)]
    replies += [lmtp.getreply() for _ in accepted[1:]]
    return replies


def test_lmtp_one_handover_and_a_reply_per_recipient(
        listener: LmtpListener, client: smtplib.LMTP, lmtp_handler: Recorder) -> None:
    raw = message(1, b"\r\n")
    replies = send(client, raw, [JUDGE, OTHER])
    assert [code for code, _ in replies] == [250, 250]
    assert replies[0][1].startswith(b"2.0.0")
    # the handler gets the envelope sender's Return-Path, then the bytes exactly as sent
    # (CRLF line ends; the ".dot line" survives dot-stuffing)
    assert lmtp_handler.received == [(b"Return-Path: <ann@example.org>\r\n" + raw, "lmtp")]
    assert client.noop()[0] == 250  # nothing left unread: client and server are in step
    assert listener.port != 0


def test_lmtp_bounce_has_an_empty_return_path(client: smtplib.LMTP, lmtp_handler: Recorder) -> None:
    assert client.mail("")[0] == 250
    assert client.rcpt(JUDGE)[0] == 250
    assert client.data(message(1, b"\r\n"))[0] == 250
    assert lmtp_handler.raws[0].startswith(b"Return-Path: <>\r\n")


@pytest.mark.parametrize("problem", [Transient("database is locked"), RuntimeError("bug")])
def test_lmtp_handler_trouble_is_451_for_every_recipient(
        problem: Exception, client: smtplib.LMTP, lmtp_handler: Recorder) -> None:
    lmtp_handler.refuse = {1: problem}
    replies = send(client, message(1, b"\r\n"), [JUDGE, OTHER])
    assert [code for code, _ in replies] == [451, 451]  # the MTA keeps it and retries
    assert len(lmtp_handler.received) == 1
    assert [code for code, _ in send(client, message(1, b"\r\n"), [JUDGE])] == [250]  # retry


def test_lmtp_unknown_recipient_refused_at_rcpt(client: smtplib.LMTP, lmtp_handler: Recorder) -> None:
    assert client.mail(SENDER)[0] == 250
    code, text = client.rcpt("nobody@club.example")
    assert code == 550 and text.startswith(b"5.1.1")
    assert client.rcpt(JUDGE)[0] == 250
    assert client.data(message(1, b"\r\n"))[0] == 250  # one reply: one recipient accepted
    assert client.noop()[0] == 250
    assert len(lmtp_handler.received) == 1


def test_lmtp_too_large_is_552_for_every_recipient(
        monkeypatch: pytest.MonkeyPatch, lmtp_handler: Recorder) -> None:
    monkeypatch.setattr("pbem.mail.lmtp.LMTP_SIZE_LIMIT", 4000)
    with LmtpListener(lmtp_handler, port=0) as small:
        lmtp = smtplib.LMTP("127.0.0.1", small.port, timeout=WAIT)
        lmtp.ehlo()
        assert lmtp.esmtp_features["size"] == "4000"  # announced to the MTA
        assert lmtp.mail(SENDER, ["SIZE=5000"])[0] == 552  # refused up front when declared
        big = message(1, b"\r\n") + b"x" * 80 * 60 + b"\r\n"
        big = big.replace(b"x" * 80, b"x" * 78 + b"\r\n")
        assert [code for code, _ in send(lmtp, big, [JUDGE, OTHER])] == [552, 552]
        long_line = message(2, b"\r\n") + b"y" * 2000 + b"\r\n"
        assert [code for code, _ in send(lmtp, long_line, [JUDGE, OTHER])] == [500, 500]
        assert lmtp.noop()[0] == 250
        lmtp.quit()
    assert lmtp_handler.received == []


def test_lmtp_handler_runs_in_worker_threads_leaving_the_loop_free() -> None:
    entered, second_sent, overlapped = threading.Event(), threading.Event(), threading.Event()
    active: list[str] = []
    threads: list[str] = []
    guard = threading.Lock()

    def slow(raw: bytes, source: str) -> None:
        with guard:
            if active:
                overlapped.set()
            active.append(threading.current_thread().name)
            threads.append(active[-1])
        entered.set()
        if len(threads) == 1:  # the first call holds on until the second message is in
            assert second_sent.wait(WAIT)
            assert overlapped.wait(WAIT)  # a second worker starts on it meanwhile
        with guard:
            active.pop()

    replies: list[int] = []
    with LmtpListener(slow, port=0) as listener:

        def first_delivery() -> None:
            with smtplib.LMTP("127.0.0.1", listener.port, timeout=WAIT) as lmtp:
                lmtp.ehlo()
                replies.append(send(lmtp, message(1, b"\r\n"), [JUDGE])[0][0])

        first = threading.Thread(target=first_delivery)
        first.start()
        assert entered.wait(WAIT)
        with smtplib.LMTP("127.0.0.1", listener.port, timeout=WAIT) as second:
            assert second.ehlo()[0] == 250  # the loop answers while the handler works
            assert second.mail(SENDER)[0] == 250 and second.rcpt(JUDGE)[0] == 250
            second.putcmd("data")
            assert second.getreply()[0] == 354
            second.send(message(2, b"\r\n") + b".\r\n")
            second_sent.set()
            replies.append(second.getreply()[0])  # not held up by the first
        first.join(WAIT)
    assert sorted(replies) == [250, 250]
    assert overlapped.is_set()  # a pool of workers: a slow call holds up no other
    assert len(threads) == 2 and len(set(threads)) == 2
    assert threads[0].startswith("pbem-lmtp")


def test_serve_lmtp_stops_cleanly_on_sigterm(lmtp_handler: Recorder) -> None:
    before = signal.getsignal(signal.SIGTERM)
    port = free_port()

    def ready(bound: int) -> None:
        assert bound == port
        with smtplib.LMTP("127.0.0.1", bound, timeout=WAIT) as lmtp:
            lmtp.ehlo()
            assert send(lmtp, message(1, b"\r\n"), [JUDGE])[0][0] == 250
        os.kill(os.getpid(), signal.SIGTERM)

    serve_lmtp(lmtp_handler, "127.0.0.1", port, on_ready=ready)  # returns: it stopped

    assert len(lmtp_handler.received) == 1
    assert signal.getsignal(signal.SIGTERM) == before
    with pytest.raises(OSError):
        smtplib.LMTP("127.0.0.1", port, timeout=WAIT)  # no longer listening


def test_lmtp_port_in_use_fails_at_once(lmtp_handler: Recorder) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        listener = LmtpListener(lmtp_handler, port=taken.getsockname()[1])
        with pytest.raises(OSError):
            listener.start()
        listener.stop()  # harmless when it never started


def test_a_negative_limit_is_refused(maildir: Path) -> None:
    deliver(maildir, message(1), stamp=1000)
    with pytest.raises(ValueError, match="0 or more"):
        poll_maildir(maildir, Recorder(), limit=-1)
    assert poll_maildir(maildir, Recorder(), limit=0).handled == 0


def test_importing_the_sources_loads_no_server_or_client_library() -> None:
    """`pbem mail receive` runs once per mail and may need `Transient`: it must not pay for
    asyncio, aiosmtpd and IMAPClient."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, pbem.mail.sources; print(sorted(m for m in "
         "('asyncio', 'aiosmtpd', 'imapclient', 'ssl') if m in sys.modules))"],
        capture_output=True, text=True, check=True, timeout=60)
    assert loaded.stdout.strip() == "[]"
