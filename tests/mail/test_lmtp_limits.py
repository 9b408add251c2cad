"""The LMTP listener's bounds, against a real LMTP client (smtplib.LMTP) on loopback: a slow
message does not hold up the others (a pool of workers), the number of connections is
capped (421), a message over the reader's limit is refused (552), the bytes of the messages
being handled are bounded (452, try later), and only the judge's addresses are taken."""

from __future__ import annotations

import smtplib
import threading

import pytest

from pbem.mail.bounds import MAX_BYTES
from pbem.mail.lmtp import LMTP_SIZE_LIMIT, LMTP_WORKERS, MESSAGE_SIZE_LIMIT, LmtpListener, accept_only
from pbem.mail.settings import MailSettings

WAIT = 10.0  # seconds: a safety net for events that come at once when all is well
SENDER, JUDGE = "ann@example.org", "judge@club.example"


def message(number: int, body: bytes = b"SIGNON aegean Ann secret\r\n") -> bytes:
    return (b"From: Ann <ann@example.org>\r\nTo: judge@club.example\r\n"
            b"Subject: orders %d\r\nMessage-ID: <%d@example.org>\r\n\r\n" % (number, number)
            + body)


def subject_of(raw: bytes) -> bytes:
    return next(line for line in raw.split(b"\r\n") if line.startswith(b"Subject:"))


def send(lmtp: smtplib.LMTP, raw: bytes, recipients: list[str]) -> list[int]:
    """One transaction; the code of every reply after DATA."""
    assert lmtp.mail(SENDER)[0] == 250
    accepted = [to for to in recipients if lmtp.rcpt(to)[0] == 250]
    codes = [lmtp.data(raw)[0]]
    codes += [lmtp.getreply()[0] for _ in accepted[1:]]
    return codes


def connect(port: int) -> smtplib.LMTP:
    lmtp = smtplib.LMTP("127.0.0.1", port, timeout=WAIT)
    lmtp.ehlo()
    return lmtp


class Gate:
    """A handler that holds the message whose subject contains `hold` until released, and
    keeps the subjects of what it finished, in order."""

    def __init__(self, hold: bytes) -> None:
        self.hold = hold
        self.entered, self.release = threading.Event(), threading.Event()
        self.finished: list[bytes] = []
        self.guard = threading.Lock()

    def __call__(self, raw: bytes, source: str) -> None:
        if self.hold in subject_of(raw):
            self.entered.set()
            self.release.wait(WAIT)
        with self.guard:
            self.finished.append(subject_of(raw))


def in_thread(port: int, raw: bytes, codes: list[int]) -> threading.Thread:
    def run() -> None:
        with connect(port) as lmtp:
            codes.extend(send(lmtp, raw, [JUDGE]))

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_a_slow_message_does_not_hold_up_the_next() -> None:
    gate = Gate(hold=b"orders 1")
    with LmtpListener(gate, port=0) as listener:
        first_codes: list[int] = []
        first = in_thread(listener.port, message(1), first_codes)
        assert gate.entered.wait(WAIT)
        try:
            with connect(listener.port) as second:
                assert send(second, message(2), [JUDGE]) == [250]
            # the second was handled and answered while the first was still being handled
            assert gate.finished == [b"Subject: orders 2"]
        finally:
            gate.release.set()
            first.join(WAIT)
    assert first_codes == [250]
    assert gate.finished == [b"Subject: orders 2", b"Subject: orders 1"]


def test_the_handling_runs_in_a_bounded_pool_off_the_event_loop() -> None:
    names: list[str] = []
    guard = threading.Lock()

    def record(raw: bytes, source: str) -> None:
        with guard:
            names.append(threading.current_thread().name)

    with LmtpListener(record, port=0) as listener, connect(listener.port) as lmtp:
        for number in range(6):
            assert send(lmtp, message(number), [JUDGE]) == [250]
    assert len(names) == 6
    assert all(name.startswith("pbem-lmtp") for name in names)
    assert LMTP_WORKERS > 1


def test_connections_beyond_the_cap_are_answered_421() -> None:
    with LmtpListener(lambda raw, source: None, port=0, max_connections=2) as listener:
        first, second = connect(listener.port), connect(listener.port)
        with pytest.raises(smtplib.SMTPConnectError) as refused:
            smtplib.LMTP("127.0.0.1", listener.port, timeout=WAIT)
        assert refused.value.smtp_code == 421
        assert b"too many connections" in refused.value.smtp_error.lower()
        assert send(first, message(1), [JUDGE]) == [250]  # those in are served as ever
        first.quit()
        # the place the first left is free again (once the server has seen it go)
        for _ in range(100):
            try:
                third = connect(listener.port)
                break
            except smtplib.SMTPConnectError:
                threading.Event().wait(0.05)
        else:
            pytest.fail("the server never took a connection again after one closed")
        assert send(third, message(2), [JUDGE]) == [250]
        third.quit()
        second.quit()


def test_a_message_over_the_readers_limit_is_552_and_not_handed_over() -> None:
    handed: list[bytes] = []
    assert MESSAGE_SIZE_LIMIT == MAX_BYTES
    with LmtpListener(lambda raw, source: handed.append(raw), port=0) as listener, \
            connect(listener.port) as lmtp:
        line = b"x" * 998 + b"\r\n"
        body = line * (MAX_BYTES // len(line) + 1)  # just over 25 MiB
        assert send(lmtp, message(1, body), [JUDGE, "orders@club.example"]) == [552, 552]
        assert lmtp.noop()[0] == 250
        # one at the limit less the judge's own Return-Path line is taken, and readable
        fits = message(2)
        fits += line * ((LMTP_SIZE_LIMIT - len(fits)) // len(line))
        assert send(lmtp, fits, [JUDGE]) == [250]
    assert len(handed) == 1 and len(handed[0]) <= MAX_BYTES


def test_bytes_in_hand_beyond_the_budget_are_452_try_later() -> None:
    gate = Gate(hold=b"orders 1")
    big = b"y" * 900 + b"\r\n"
    with LmtpListener(gate, port=0, memory_budget=6000) as listener:
        first_codes: list[int] = []
        first = in_thread(listener.port, message(1, big * 4), first_codes)  # ~3.7 KB held
        assert gate.entered.wait(WAIT)
        try:
            with connect(listener.port) as second:
                assert send(second, message(2, big * 4), [JUDGE, "orders@club.example"]) \
                    == [452, 452]  # over the budget while the first is in hand: later
                assert send(second, message(3), [JUDGE]) == [250]  # a small one fits
        finally:
            gate.release.set()
            first.join(WAIT)
        with connect(listener.port) as third:  # the first is done: its bytes are free
            assert send(third, message(2, big * 4), [JUDGE]) == [250]
    assert first_codes == [250]
    assert sorted(gate.finished) == [b"Subject: orders 1", b"Subject: orders 2",
                                     b"Subject: orders 3"]


def test_only_the_judges_addresses_are_taken(tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = MailSettings(judge_address="judge@club.example", outbox_dir=tmp_path,
                            lmtp_recipients=("Judge@Club.example", "orders@club.example"))
    handed: list[bytes] = []
    accept = accept_only(settings.accepted_recipients)
    with LmtpListener(lambda raw, source: handed.append(raw), port=0, accept=accept) \
            as listener, connect(listener.port) as lmtp:
        assert lmtp.mail(SENDER)[0] == 250
        for stranger in ("root@club.example", "judge@club.example.evil.example",
                         "xjudge@club.example", "judge@club.exampl", "judge"):
            code, text = lmtp.rcpt(stranger)
            assert code == 550 and text.startswith(b"5.1.1"), stranger
        assert lmtp.rcpt("JUDGE@club.EXAMPLE")[0] == 250  # case does not matter
        assert lmtp.rcpt("orders@club.example")[0] == 250
        assert [lmtp.data(message(1))[0], lmtp.getreply()[0]] == [250, 250]
    assert len(handed) == 1


def test_bad_bounds_are_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="workers"):
        LmtpListener(lambda raw, source: None, port=0, workers=0)
    with pytest.raises(ValueError, match="connections"):
        LmtpListener(lambda raw, source: None, port=0, max_connections=0)
    with pytest.raises(ValueError, match="budget"):
        LmtpListener(lambda raw, source: None, port=0, memory_budget=0)


def test_pbem_mail_lmtp_takes_only_the_judges_addresses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The command as an operator starts it: PBEM_LMTP_RECIPIENTS (or else the judge's
    address) are the only recipients it takes."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from tests.mail.smtpd import free_port

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PBEM_SMTP", "PBEM_IMAP", "PBEM_DATABASE_URL", "PBEM_LMTP"))}
    env.update(PBEM_DATA=str(tmp_path / "data"), PBEM_MAIL_FROM=JUDGE,
               PBEM_LMTP_RECIPIENTS="orders@club.example")
    command = [sys.executable, "-m", "pbem.cli.main"]
    made = subprocess.run([*command, "db", "init"], cwd=root, env=env, capture_output=True,
                          text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    port = free_port()
    server = subprocess.Popen([*command, "mail", "lmtp", "--port", str(port)], cwd=root,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(400):  # until it listens (or has died)
            if server.poll() is not None:
                pytest.fail(f"pbem mail lmtp ended: {server.stderr.read().decode()}")  # type: ignore[union-attr]
            try:
                lmtp = connect(port)
                break
            except OSError:
                threading.Event().wait(0.05)
        else:
            pytest.fail("pbem mail lmtp never listened")
        with lmtp:
            assert lmtp.mail(SENDER)[0] == 250
            assert lmtp.rcpt("root@club.example")[0] == 550
            assert lmtp.rcpt(JUDGE)[0] == 550  # only the listed addresses, when listed
            assert lmtp.rcpt("Orders@Club.Example")[0] == 250
            lmtp.rset()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(WAIT)
