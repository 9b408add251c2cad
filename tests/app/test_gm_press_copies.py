"""The game master's press copies (issue 23 §3): on by default, turned off and on again by the
game master, by mail (COPIES off) or from the command line (game set --press-copies); a player's
press then reaches its readers alone."""

from __future__ import annotations

import email
import email.policy
import json
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.mailin import mailgate
from pbem.app.play import games
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.test_gm import ANN, BO, GM, START, gm_password  # noqa: F401,F811 - a fixture


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _receive(engine: Engine, settings, sender: str, body: str, number: int) -> None:  # type: ignore[no-untyped-def]
    raw = (f"From: {sender}\r\nTo: judge@example.net\r\nSubject: x\r\n"
           f"Message-ID: <m{number}@players.example>\r\n\r\n{body}").encode()
    mailgate.receive(engine, raw, "inject", settings, START)


def _press_readers(engine: Engine) -> list[str]:
    with transaction(engine) as session:
        return sorted(json.loads(row.recipients)[0] for row in repo.outbox_rows(session)
                      if row.kind == "press")


def _clear_press(engine: Engine) -> None:
    with transaction(engine) as session:
        for row in repo.outbox_rows(session):
            if row.kind == "press":
                session.delete(row)


def test_the_game_master_turns_press_copies_off_by_mail_and_on_again(
        engine: Engine, settings, gm_password: str) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    password = gm_password
    press = "SIGNON aegean Ann s3cret-oars\r\nPRESS red\r\nwell met\r\nENDPRESS\r\n"
    _receive(engine, settings, ANN, press, 1)
    assert _press_readers(engine) == [BO, GM]  # on by default
    _clear_press(engine)
    _receive(engine, settings, GM, f"SIGNON aegean GM {password}\r\nCOPIES off\r\n", 2)
    with transaction(engine) as session:
        answers = [row for row in repo.outbox_rows(session) if row.kind == "reply"
                   and json.loads(row.recipients) == [GM]]
    text = email.message_from_bytes(bytes(answers[-1].raw), policy=email.policy.default)
    body = text.get_body(("plain",))
    assert body is not None and "no longer gets copies of the press" in str(body.get_content())
    _receive(engine, settings, ANN, press, 3)
    assert _press_readers(engine) == [BO]
    _clear_press(engine)
    assert "now gets a copy" in games.set_press_copies(engine, "aegean", "on", START)
    _receive(engine, settings, ANN, press, 4)
    assert _press_readers(engine) == [BO, GM]


def test_a_wrong_setting_is_refused_with_the_choices(engine: Engine, gm_password: str) -> None:  # noqa: F811
    from pbem.app.base.errors import JudgeError

    with pytest.raises(JudgeError, match="on or off, not 'maybe'"):
        games.set_press_copies(engine, "aegean", "maybe", START)


@pytest.mark.slow  # the command line, in processes of its own
def test_game_set_takes_press_copies_from_the_command_line(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "PBEM_DATA": str(tmp_path / "data")}

    def pbem(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], env=env,
                              capture_output=True, text=True, timeout=120)

    assert pbem("db", "init").returncode == 0
    assert pbem("game", "new", "aegean", "--player", f"Ann,{ANN},blue",
                "--player", f"Bo,{BO},red").returncode == 0
    done = pbem("game", "set", "aegean", "--press-copies", "off")
    assert done.returncode == 0 and "no longer gets copies of the press" in done.stdout
    nothing = pbem("game", "set", "aegean")
    assert nothing.returncode == 1 and "--press-copies on|off" in nothing.stderr
