"""`pbem mail inject` and `pbem mail receive` take a message up to the reader's limit (25 MiB,
not the orders' 64 KiB) and read no more than one byte beyond it: a longer one is refused
with a sentence, and, by `receive`, with the exit status an MTA bounces (65, EX_DATAERR)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pbem.mail.bounds import MAX_BYTES

pytestmark = pytest.mark.slow  # the commands in processes of their own, up to 25 MiB each

ROOT = Path(__file__).resolve().parents[2]
EX_DATAERR = 65


def _env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PBEM_SMTP", "PBEM_IMAP", "PBEM_DATABASE_URL"))}
    return {**env, "PBEM_DATA": str(folder), "PBEM_MAIL_FROM": "judge@example.net"}


def pbem(folder: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, input=stdin, env=_env(folder), timeout=120)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    done = pbem(folder, "db", "init")
    assert done.returncode == 0, done.stderr
    return folder


def letter(body_bytes: int) -> bytes:
    """A plain mail from a stranger whose body is about `body_bytes` long."""
    head = (b"From: Ann <ann@example.org>\r\nTo: judge@example.net\r\n"
            b"Subject: a long letter\r\nMessage-ID: <long-1@example.org>\r\n\r\n")
    line = b"All is quiet on the sea." + b" " * 50 + b"\r\n"
    return head + line * (body_bytes // len(line) + 1)


def stored(folder: Path) -> int:
    with sqlite3.connect(folder / "pbem.sqlite") as connection:
        return int(connection.execute("SELECT count(*) FROM mail_in").fetchone()[0])


def test_inject_takes_a_message_longer_than_the_orders_limit(data: Path, tmp_path: Path) -> None:
    path = tmp_path / "long.eml"
    path.write_bytes(letter(200 * 1024))  # beyond 64 KiB, well within 25 MiB
    done = pbem(data, "mail", "inject", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert stored(data) == 1


def test_inject_refuses_a_message_over_25_mib_with_a_sentence(data: Path, tmp_path: Path) -> None:
    path = tmp_path / "huge.eml"
    path.write_bytes(letter(MAX_BYTES + 10))
    done = pbem(data, "mail", "inject", str(path))
    assert done.returncode != 0
    error = done.stderr.decode()
    assert "25 MiB" in error and str(path) in error and "Traceback" not in error
    assert stored(data) == 0


def test_receive_takes_a_message_up_to_the_limit(data: Path) -> None:
    done = pbem(data, "mail", "receive", "--now", stdin=letter(200 * 1024))
    assert done.returncode == 0, done.stderr
    assert stored(data) == 1


def test_receive_refuses_a_longer_message_with_65_without_reading_it_all(data: Path) -> None:
    process = subprocess.Popen([sys.executable, "-m", "pbem.cli.main", "mail", "receive"],
                               cwd=ROOT, env=_env(data), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stderr is not None
    chunk = letter(1024 * 1024)
    offered = 3 * MAX_BYTES  # far more than the judge may read
    written = 0
    errors: list[bytes] = []
    reader = threading.Thread(target=lambda: errors.append(process.stderr.read()))  # type: ignore[union-attr]
    reader.start()
    try:
        while written < offered:
            process.stdin.write(chunk)
            written += len(chunk)
        process.stdin.close()
    except BrokenPipeError:
        pass  # the judge stopped reading: what it had was already too much
    status = process.wait(timeout=120)
    reader.join(60)
    assert status == EX_DATAERR
    assert written < offered  # it stopped reading soon after the limit
    sentence = errors[0].decode()
    assert "25 MiB" in sentence and "Traceback" not in sentence
    assert stored(data) == 0
