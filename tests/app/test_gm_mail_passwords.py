"""Passwords by mail (issue 23, section 3): `pbem game new` with the players' addresses mails
each player their own password (and the game master theirs), and still prints them (and
gives them with --json) for a game master who hands them out another way; a forming game's
seated players are mailed theirs when it is made, and the game master is told when it
starts. Real processes, the local Maildir read back with the stdlib email package, and the
mailed password used to sign on by mail (`pbem mail receive`)."""

from __future__ import annotations

import email
import email.policy
import json
import mailbox
import os
import sqlite3
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PBEM_SMTP", "PBEM_IMAP", "PBEM_DATABASE_URL"))}
    return {**env, "PBEM_DATA": str(folder), "PBEM_MAIL_FROM": "judge@example.net"}


def pbem(folder: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, input=stdin, env=_env(folder), timeout=120)


def _outbox(folder: Path) -> list[EmailMessage]:
    found = []
    for message in mailbox.Maildir(folder / "outbox", create=True):
        parsed = email.message_from_bytes(message.as_bytes(), policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        found.append(parsed)
    return found


def _text(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


@pytest.mark.slow
def test_game_new_mails_each_player_their_own_password(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert pbem(data, "db", "init").returncode == 0
    made = pbem(data, "game", "new", "aegean", "--scenario", "squadron", "--json",
                "--gm", "gm@example.org",
                "--player", "Ann,ann@example.org,blue,Europe/Athens",
                "--player", "Bo,bo@example.org,red")
    assert made.returncode == 0, made.stderr
    passwords = json.loads(made.stdout)["passwords"]
    assert set(passwords) == {"Ann", "Bo", "GM"}  # --json still gives them
    sent = [m for m in _outbox(data) if "password" in str(m["Subject"])]
    by_address = {str(m["To"]): _text(m) for m in sent}
    assert sorted(by_address) == ["ann@example.org", "bo@example.org", "gm@example.org"]
    assert len(sent) == 3  # one each, to that address alone
    for name, address in (("Ann", "ann@example.org"), ("Bo", "bo@example.org")):
        text = by_address[address]
        assert f"SIGNON aegean {name} {passwords[name]}" in text
        others = [p for who, p in passwords.items() if who != name]
        assert not any(p in text for p in others)  # nobody else's password
        assert "pbem " not in text and ".py" not in text
    assert f"SIGNON aegean GM {passwords['GM']}" in by_address["gm@example.org"]
    assert passwords["Ann"] not in by_address["gm@example.org"]
    started = [m for m in _outbox(data) if str(m["Subject"]) == "aegean: the game has started"]
    assert [str(m["To"]) for m in started] == ["gm@example.org"]
    assert "Ann (blue), Bo (red)" in _text(started[0])
    # stored hashed: no password is in the database
    with sqlite3.connect(data / "pbem.sqlite") as db:
        stored = [row[0] for row in db.execute("SELECT password_hash FROM players")]
    assert len(stored) == 2 and not any(p in h for h in stored for p in passwords.values())
    # and the mailed password signs a player on by mail
    raw = (f"From: bo@example.org\r\nTo: judge@example.net\r\nSubject: build\r\n"
           f"Message-ID: <bo-build@example.org>\r\n\r\nSIGNON aegean Bo {passwords['Bo']}\r\n"
           "A: trireme\r\n").encode()
    done = pbem(data, "mail", "receive", "--now", stdin=raw)
    assert done.returncode == 0, done.stderr
    assert pbem(data, "mail", "send").returncode == 0
    answers = [m for m in _outbox(data) if str(m["To"]) == "bo@example.org"
               and m["In-Reply-To"] == "<bo-build@example.org>"]
    assert len(answers) == 1 and "wrong password" not in _text(answers[0]).lower()


@pytest.mark.slow
def test_a_forming_games_seated_players_have_theirs_and_its_start_is_told(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert pbem(data, "db", "init").returncode == 0
    made = pbem(data, "game", "new", "forming", "--scenario", "squadron", "--forming",
                "--gm", "gm@example.org", "--player", "Ann,ann@example.org,blue")
    assert made.returncode == 0, made.stderr
    printed = made.stdout.decode()
    assert "Passwords, shown this once" in printed and "  Ann: " in printed
    ann = [m for m in _outbox(data) if str(m["To"]) == "ann@example.org"]
    assert [str(m["Subject"]) for m in ann] == ["forming: your password"]
    assert "starts the game when every side has its players" in _text(ann[0])
    assert pbem(data, "game", "invite", "forming", "--side", "red", "--email",
                "bo@example.org").returncode == 0
    code = next(_text(m) for m in _outbox(data) if str(m["To"]) == "bo@example.org"
                ).split("JOIN forming ")[1].split()[0]
    raw = (f"From: bo@example.org\r\nTo: judge@example.net\r\nSubject: join\r\n"
           f"Message-ID: <bo-join@example.org>\r\n\r\nJOIN forming {code} Bo\r\n").encode()
    assert pbem(data, "mail", "receive", "--now", stdin=raw).returncode == 0
    started = pbem(data, "game", "start", "forming")
    assert started.returncode == 0, started.stderr
    told = [m for m in _outbox(data) if str(m["Subject"]) == "forming: the game has started"]
    assert [str(m["To"]) for m in told] == ["gm@example.org"]
    assert "Ann (blue), Bo (red)" in _text(told[0])
    assert [p.get_filename() for p in told[0].iter_attachments()] == ["deadline.ics"]
