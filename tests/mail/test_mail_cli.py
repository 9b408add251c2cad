"""`pbem mail ...` as an MTA or a game master runs it: real processes, real exit codes, real
files in the local Maildir outbox."""

from __future__ import annotations

import email
import email.policy
import json
import mailbox
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # the mail commands in their own processes

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A judge with game `aegean` (Ann blue, Bo red, at the build); the fixtures' own
    passwords stand in for the ones the judge made, in `mail/` copies of them."""
    folder = tmp_path / "data"
    env = _env(folder)
    for args in (["db", "init"],
                 ["game", "new", "aegean", "--scenario", "squadron", "--json",
                  "--player", "Ann,ann@example.org,blue,Europe/Athens",
                  "--player", "Bo,bo@example.org,red"]):
        done = subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                              capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
    made = json.loads(done.stdout)["passwords"]
    box = mailbox.Maildir(folder / "outbox")  # `game new` briefed each player at once
    # (and, since issue 23 §3, mailed each their password as well)
    assert sorted({str(email.message_from_bytes(m.as_bytes(), policy=email.policy.default)
                       ["To"]) for m in box}) == ["ann@example.org", "bo@example.org"]
    box.clear()
    (tmp_path / "mail").mkdir()
    for fixture in FIXTURES.glob("*.eml"):
        raw = fixture.read_bytes().replace(b"s3cret-oars", made["Ann"].encode())
        (tmp_path / "mail" / fixture.name).write_bytes(raw.replace(b"bo-password",
                                                                   made["Bo"].encode()))
    return folder


def _env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PBEM_SMTP", "PBEM_IMAP", "PBEM_DATABASE_URL"))}
    return {**env, "PBEM_DATA": str(folder), "PBEM_MAIL_FROM": "judge@example.net"}


def pbem(folder: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, input=stdin, env=_env(folder), timeout=120)


def test_inject_prints_the_outcome_and_writes_the_reply_to_the_local_maildir(
        data: Path, tmp_path: Path) -> None:
    done = pbem(data, "mail", "inject", str(data.parent / "mail" / "plain_orders.eml"), "--json")
    assert done.returncode == 0, done.stderr
    outcome = json.loads(done.stdout)
    assert {k: outcome[k] for k in ("outcome", "game", "player", "replies")} == {
        "outcome": "orders", "game": "aegean", "player": "Ann", "replies": ["ann@example.org"]}
    assert (outcome["accepted"], outcome["refused"]) == (0, 3)  # the game is at its build
    box = list(mailbox.Maildir(data / "outbox"))
    assert len(box) == 1
    reply = email.message_from_bytes(box[0].as_bytes(), policy=email.policy.default)
    assert reply["To"] == "ann@example.org" and reply["Auto-Submitted"] == "auto-replied"
    assert reply["X-PBEM-Loop"] == "judge@example.net"
    listed = json.loads(pbem(data, "mail", "outbox", "--json").stdout)
    # each player's briefing and password (issue 23 §3), then the reply
    assert sorted((m["kind"], m["state"]) for m in listed) == sorted(
        [("notice", "sent")] * 2 + [("report", "sent")] * 2 + [("reply", "sent")])


@pytest.mark.slow
def test_a_quarantined_message_can_be_listed_shown_and_dropped(data: Path) -> None:
    done = pbem(data, "mail", "inject", str(FIXTURES / "nested_30.eml"), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["outcome"] == "quarantined"
    listed = json.loads(pbem(data, "mail", "quarantine", "list", "--json").stdout)
    assert len(listed) == 1 and "nested" in listed[0]["reason"]
    shown = pbem(data, "mail", "quarantine", "show", str(listed[0]["id"]))
    assert shown.returncode == 0 and b"multipart/mixed" in shown.stdout
    dropped = pbem(data, "mail", "quarantine", "drop", str(listed[0]["id"]))
    assert dropped.returncode == 0
    assert json.loads(pbem(data, "mail", "quarantine", "list", "--json").stdout) == []
    assert list(mailbox.Maildir(data / "outbox", create=True)) == []  # never answered


def test_receive_exits_0_when_stored_and_75_when_it_cannot_store(data: Path,
                                                                 tmp_path: Path) -> None:
    raw = (FIXTURES / "vacation.eml").read_bytes()
    done = pbem(data, "mail", "receive", stdin=raw)
    assert done.returncode == 0, done.stderr
    missing = pbem(tmp_path / "nowhere", "mail", "receive", stdin=raw)
    assert missing.returncode == 75  # the MTA keeps the message and tries again
    assert b"try again later" in missing.stderr


def test_every_mail_the_judge_sends_carries_the_loop_headers(data: Path) -> None:
    pbem(data, "mail", "inject", str(FIXTURES / "own_wrong_password.eml"))
    pbem(data, "mail", "send")
    for message in mailbox.Maildir(data / "outbox", create=True):
        assert message["Auto-Submitted"] in ("auto-replied", "auto-generated")
        assert message["X-PBEM-Loop"] == "judge@example.net"
