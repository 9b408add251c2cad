"""The public archive after the end (issue 23, section 3): once a game has ended, it shows
what was hidden while it ran (the secret record sheets, every side's orders, the press),
unless its game master keeps it closed, a game setting chosen at `game new --archive` or by
mail (ARCHIVE open|closed); while the game runs, nothing hidden appears. The game is ended
and the setting chosen by the game master's mail (raw bytes through the mail-in use-case)."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.mailin import mailgate
from pbem.app.play import games
from pbem.app.reports.archive import archive_game
from pbem.golden import load
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import DEMO, play_demo_phases

START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
ORDER_ONLY = "the only weapon that reaches"  # a comment in blue's T1-combat orders
PHASES = 6  # build, two set-ups, turn 1


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _game(engine: Engine, archive: str = "open") -> str:
    """The demo with secret record sheets and a game master, played through turn 1."""
    golden = load(DEMO)
    made = games.create_game(engine, games.GameSpec(
        game_id="g1", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, options=(("secret_records", True),), gm_email="gm@example.org",
        archive=archive,
        players=(games.PlayerSpec("Aristides", "aristides@example.org", "blue"),
                 games.PlayerSpec("Hanno", "hanno@example.org", "red"))), now=START)
    play_demo_phases(engine, "g1", PHASES)
    return made.passwords["GM"]


def _gm(engine: Engine, settings, password: str, line: str, mid: str) -> str:  # type: ignore[no-untyped-def]
    """The game master's mail; the judge's answer to it."""
    raw = (f"From: gm@example.org\r\nTo: judge@example.net\r\nSubject: gm\r\n"
           f"Message-ID: <{mid}@example.org>\r\n\r\nSIGNON g1 GM {password}\r\n{line}\r\n"
           ).encode()
    mailgate.receive(engine, raw, "inject", settings, START + timedelta(days=1))
    with transaction(engine) as session:
        row = [r for r in repo.outbox_rows(session) if r.kind == "reply"][-1]
    message = email.message_from_bytes(bytes(row.raw), policy=email.policy.default)
    body = message.get_body(("plain",))  # type: ignore[attr-defined]
    return str(body.get_content())


def _records_shown(folder: Path) -> bool:
    """Whether any phase page of the archive shows a galley's record sheet."""
    for path in folder.glob("*-observer.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        if any("record" in piece for piece in data["pieces"]):
            return True
    return False


def _texts(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("*.html"))


def test_an_ended_games_archive_shows_what_was_hidden(engine: Engine, settings,  # type: ignore[no-untyped-def]
                                                      tmp_path: Path) -> None:
    password = _game(engine)
    during = tmp_path / "during"
    archive_game(engine, "g1", during)
    assert not _records_shown(during)  # secret records: no sheet while the game runs
    assert ORDER_ONLY not in _texts(during) and "Orders given" not in _texts(during)
    assert "ended" in _gm(engine, settings, password, "END", "gm-end")
    after = tmp_path / "after"
    archive_game(engine, "g1", after)
    assert _records_shown(after)
    assert ORDER_ONLY in _texts(after) and "Orders given" in _texts(after)
    assert "everything hidden while it ran is public now" in _texts(after)


def test_a_game_master_keeps_the_archive_closed_by_mail(engine: Engine, settings,  # type: ignore[no-untyped-def]
                                                        tmp_path: Path) -> None:
    password = _game(engine)
    said = _gm(engine, settings, password, "ARCHIVE closed", "gm-closed")
    assert "stays as it was while the game ran, even after the end" in said
    assert games.show_game(engine, "g1")["archive_after_end"] == "closed"
    _gm(engine, settings, password, "END", "gm-end")
    folder = tmp_path / "closed"
    archive_game(engine, "g1", folder)
    assert not _records_shown(folder)
    assert ORDER_ONLY not in _texts(folder) and "Orders given" not in _texts(folder)
    assert (folder / "dice.html").is_file()  # the seed is public all the same
    assert "keeps the rest as it was while the game ran" in _texts(folder)
    # ... until the game master opens it
    assert "shows everything that was hidden" in _gm(engine, settings, password,
                                                     "ARCHIVE open", "gm-open")
    archive_game(engine, "g1", tmp_path / "opened")
    assert _records_shown(tmp_path / "opened")


def test_game_new_keeps_it_closed_from_the_start(engine: Engine, tmp_path: Path) -> None:
    _game(engine, archive="closed")
    games.end_game(engine, "g1")
    archive_game(engine, "g1", tmp_path)
    assert not _records_shown(tmp_path) and ORDER_ONLY not in _texts(tmp_path)
    with pytest.raises(games.JudgeError, match="open or closed"):
        games.create_game(engine, games.GameSpec(
            game_id="g2", archive="ajar", players=(
                games.PlayerSpec("A", "a@example.org", "blue"),
                games.PlayerSpec("B", "b@example.org", "red"))))
