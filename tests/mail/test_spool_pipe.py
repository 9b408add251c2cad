"""The MTA's pipe hands over: `pbem mail receive` writes the message whole into the judge's
spool Maildir (new/, nothing left in tmp/) without loading the database layer, exits 0 only
once it is there and 75 when it cannot be written; `--now` handles it in the process as
before. The judge's side (pbem.mail.spool.take, as `pbem serve` runs it) handles what waits
there and deletes it, and a message handed over again after a crash (handled, not yet
deleted) is recognised and not answered twice. Real bytes, a real SQLite file, the outbox
read back with the standard library."""

from __future__ import annotations

import email
import email.policy
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.cli.mail import _source_handler
from pbem.golden import order_file
from pbem.mail import spool
from pbem.mail.bounds import MAX_BYTES
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import data_dir, transaction
from pbem.store.migrate import init
from tests.app.helpers import DEMO, new_demo_game

ROOT = Path(__file__).resolve().parents[2]
DATABASE_LAYER = ("sqlalchemy", "sqlmodel", "alembic", "pbem.store", "pbem.app.mailin")


def _env(data: Path, **extra: str) -> dict[str, str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    environment.update(PBEM_DATA=str(data), PBEM_MAIL_FROM="judge@example.net",
                       PYTHONPATH=str(ROOT), **extra)
    return environment


def receive(data: Path, raw: bytes, *args: str, importtime: bool = False,
            **extra: str) -> subprocess.CompletedProcess[bytes]:
    """`pbem mail receive` as an MTA runs it: a process of its own, the message on stdin."""
    return subprocess.run([sys.executable, *(["-X", "importtime"] if importtime else []),
                           "-m", "pbem.cli.main", "mail", "receive", *args], cwd=ROOT,
                          env=_env(data, **extra), input=raw, capture_output=True, timeout=120)


def orders_mail(number: int, password: str = "secret-a") -> bytes:
    build = (DEMO / order_file("build", "blue")).read_text()
    body = f"SIGNON g1 Aristides {password}\n{build}"
    return (f"From: aristides@example.org\r\nTo: judge@example.net\r\nSubject: orders "
            f"{number}\r\nDate: Mon, 1 Dec 2026 10:0{number}:00 +0000\r\n"
            f"Message-ID: <orders-{number}@example.org>\r\n"
            f"Content-Type: text/plain; charset=utf-8\r\n\r\n"
            + body.replace("\n", "\r\n")).encode()


def spooled(data: Path) -> list[Path]:
    return sorted((data / "spool" / "new").iterdir())


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


def test_the_pipe_writes_the_message_whole_into_the_spool_without_the_database(
        data: Path) -> None:
    raw = orders_mail(1)
    done = receive(data, raw, importtime=True)
    assert done.returncode == 0, done.stderr
    # -X importtime names every module the process imported, whatever it later removed
    imported = {line.rsplit("|", 1)[1].strip() for line in done.stderr.decode().splitlines()
                if line.startswith("import time:") and "|" in line}
    assert "pbem.mail.spool" in imported  # the probe sees the pipe's own imports
    heavy = sorted(m for m in imported
                   if any(m == h or m.startswith(f"{h}.") for h in DATABASE_LAYER))
    assert heavy == []
    [message] = spooled(data)
    assert message.read_bytes() == raw
    assert message.stat().st_mode & 0o777 == 0o600
    assert list((data / "spool" / "tmp").iterdir()) == []
    assert not (data / "pbem.sqlite").exists()  # nothing was stored: that is the judge's


def test_the_spool_is_in_the_data_folder_unless_pbem_spool_names_another(
        data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATA", str(data))
    monkeypatch.delenv("PBEM_SPOOL", raising=False)
    assert spool.spool_folder() == data_dir() / "spool"  # the store's data folder
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = receive(data, b"Subject: x\r\n\r\nhello\r\n", PBEM_SPOOL=str(elsewhere / "in"))
    assert done.returncode == 0, done.stderr
    assert len(list((elsewhere / "in" / "new").iterdir())) == 1
    assert not (data / "spool").exists()


def test_the_pipe_exits_75_when_the_spool_cannot_be_written(data: Path, tmp_path: Path) -> None:
    missing = receive(tmp_path / "nowhere", orders_mail(1))
    assert missing.returncode == 75  # the MTA keeps the message and tries again
    assert b"try again later" in missing.stderr and b"nowhere" in missing.stderr
    assert not (tmp_path / "nowhere").exists()  # no data folder is made by the pipe
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    not_a_folder = receive(data, orders_mail(1), PBEM_SPOOL=str(blocked / "spool"))
    assert not_a_folder.returncode == 75, not_a_folder.stderr


def test_the_pipe_refuses_a_longer_message_with_65_and_spools_nothing(data: Path) -> None:
    done = receive(data, b"Subject: big\r\n\r\n" + b"x" * MAX_BYTES)
    assert done.returncode == 65, done.stderr
    assert b"25 MiB" in done.stderr
    assert not (data / "spool" / "new").exists() or spooled(data) == []


@pytest.mark.slow  # the command line, in processes of its own
def test_receive_now_handles_the_message_in_the_process(data: Path) -> None:
    from pbem.store.db import make_engine

    made = make_engine(f"sqlite:///{data / 'pbem.sqlite'}")
    init(made)
    new_demo_game(made)
    done = receive(data, orders_mail(1), "--now")
    assert done.returncode == 0, done.stderr
    assert b"orders" in done.stdout
    with transaction(made) as session:
        assert [r.state for r in repo.incoming(session)] == ["handled"]
    assert not (data / "spool").exists()
    made.dispose()


def _replies(engine: Engine, folder: Path) -> Counter[str]:
    """Send what is queued into a Maildir and count the answers by the mail they answer."""
    from pbem.app.base.shared import utcnow
    from pbem.app.reports.mailmake import maker
    from pbem.mail.outbox import deliver
    from pbem.mail.transport import transport_for

    settings = mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, folder)
    deliver(engine, transport_for(settings), utcnow(), limit=100, make=maker(engine, settings))
    answered: Counter[str] = Counter()
    for name in ("new", "cur"):
        for path in (folder / "outbox" / name).iterdir():
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if message["In-Reply-To"]:
                answered[str(message["In-Reply-To"])] += 1
    return answered


def test_the_judge_takes_the_spool_and_a_copy_left_by_a_crash_is_not_answered_twice(
        engine: Engine, tmp_path: Path) -> None:
    new_demo_game(engine)
    settings = mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)
    folder = tmp_path / "spool"
    first = spool.hand_over(folder, orders_mail(1))
    kept = first.read_bytes()
    spool.hand_over(folder, orders_mail(2))
    handle = _source_handler(engine, settings)
    report = spool.take(folder, handle)
    assert (report.handled, report.left, report.errors) == (2, 0, [])  # type: ignore[attr-defined]
    assert spool.waiting(folder) == []
    # The judge died after handling the first and before deleting it: at its next start
    # the spool hands the same bytes over again.
    spool.hand_over(folder, kept)
    again = spool.take(folder, handle)
    assert again.handled == 1 and spool.waiting(folder) == []  # type: ignore[attr-defined]
    with transaction(engine) as session:
        rows = [(r.message_id, r.state, r.source) for r in repo.incoming(session)]
    assert rows == [("orders-1@example.org", "handled", "stdin"),
                    ("orders-2@example.org", "handled", "stdin"),
                    ("orders-1@example.org", "ignored", "stdin")]
    assert _replies(engine, tmp_path) == {"<orders-1@example.org>": 1,
                                          "<orders-2@example.org>": 1}


def test_the_spool_hands_messages_over_in_arrival_order(tmp_path: Path) -> None:
    folder = tmp_path / "spool"
    for number in range(5):
        spool.hand_over(folder, f"Subject: {number}\r\n\r\n".encode())
    seen: list[bytes] = []
    spool.take(folder, lambda raw, source: seen.append(raw))
    assert [re.search(rb"Subject: (\d)", raw).group(1) for raw in seen] == [  # type: ignore[union-attr]
        b"0", b"1", b"2", b"3", b"4"]


def test_a_message_the_judge_cannot_take_now_stays_in_the_spool(tmp_path: Path) -> None:
    from pbem.mail.sources import Transient

    folder = tmp_path / "spool"
    spool.hand_over(folder, b"Subject: one\r\n\r\n")
    spool.hand_over(folder, b"Subject: two\r\n\r\n")

    def busy(raw: bytes, source: str) -> object:
        raise Transient("the database is locked")

    report = spool.take(folder, busy)
    assert (report.handled, report.left) == (0, 2)  # type: ignore[attr-defined]
    assert len(spool.waiting(folder)) == 2
    taken: list[bytes] = []
    assert spool.take(folder, lambda raw, source: taken.append(raw)).handled == 2  # type: ignore[attr-defined]
    assert len(taken) == 2 and spool.waiting(folder) == []
