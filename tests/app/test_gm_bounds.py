"""Bounds on the game master's and the players' time (issue 18): lengths read as sentences,
deadlines, extensions and vacations within the horizon, vacations bounded per player and game,
PROCESS naming its phase, and a preview that never shows the phase's own dice."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import games, mailgate
from pbem.golden import load
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import transaction

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
ANN, BO, GM = "ann@example.org", "bo@example.org", "gm@example.org"


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _game(engine: Engine, **changes: object) -> str:
    """The demo's squadron game, Ann (blue) and Bo (red) in UTC, with a game master; its
    first deadline is 48 hours after START. Returns the game master's password."""
    golden = load(DEMO)
    spec = games.GameSpec(
        game_id="aegean", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, gm_email=GM,
        players=(games.PlayerSpec("Ann", ANN, "blue", "UTC", "s3cret-oars"),
                 games.PlayerSpec("Bo", BO, "red", "UTC", "bo-password")))
    spec = games.GameSpec(**{**spec.__dict__, **changes})
    return games.create_game(engine, spec, now=START).passwords["GM"]


def _deadline(engine: Engine) -> datetime:
    with transaction(engine) as session:
        phase = repo.open_phase(session, "aegean")
        assert phase is not None and phase.deadline is not None
        return phase.deadline.replace(tzinfo=UTC) if phase.deadline.tzinfo is None \
            else phase.deadline


def _replies(engine: Engine) -> list[str]:
    with transaction(engine) as session:
        raws = [bytes(r.raw) for r in repo.outbox_rows(session) if r.kind == "reply"]
    texts = []
    for raw in raws:
        body = email.message_from_bytes(raw, policy=email.policy.default).get_body(("plain",))
        assert body is not None
        texts.append(str(body.get_content()))
    return texts


def _from(sender: str, message_id: str, *lines: str) -> bytes:
    body = "\r\n".join(lines)
    return (f"From: {sender}\r\nTo: judge@example.net\r\nSubject: x\r\n"
            f"Message-ID: <{message_id}>\r\n\r\n{body}\r\n").encode()


# Item 15: a length the judge cannot read is a sentence, never a KeyError.

@pytest.mark.parametrize("argument", ["2days", "0m", "-1h", "", "9" * 400 + "d"])
def test_a_players_extend_it_cannot_read_is_answered_with_what_it_accepts(
        engine: Engine, settings, argument: str) -> None:  # type: ignore[no-untyped-def]
    _game(engine, player_extensions=3)
    before = _deadline(engine)
    done = mailgate.receive(engine, _from(ANN, "e@x", "SIGNON aegean Ann s3cret-oars",
                                          f"EXTEND {argument}".rstrip()),
                            "inject", settings, START)
    assert done.outcome == "commands"
    [reply] = _replies(engine)
    assert "EXTEND: not done" in reply
    assert ("like 24h, 2d or 90m, more than zero" in reply if argument else
            "EXTEND needs one word after it, how long: EXTEND 24h" in reply), reply
    assert "KeyError" not in reply and "FAILED" not in reply
    assert _deadline(engine) == before
    with transaction(engine) as session:
        player = repo.player(session, "aegean", "Ann")
        assert player is not None and player.extensions_used == 0


@pytest.mark.parametrize("argument", ["2days", "0m", "-1h", "", "9" * 400 + "d"])
def test_a_game_masters_extend_it_cannot_read_is_answered_with_what_it_accepts(
        engine: Engine, settings, argument: str) -> None:  # type: ignore[no-untyped-def]
    password = _game(engine)
    before = _deadline(engine)
    mailgate.receive(engine, _from(GM, "g@x", f"SIGNON aegean GM {password}",
                                   f"EXTEND {argument}".rstrip()), "inject", settings, START)
    [reply] = _replies(engine)
    assert "like 24h, 2d or 90m, more than zero" in reply, reply
    assert "KeyError" not in reply and "FAILED" not in reply
    assert _deadline(engine) == before
