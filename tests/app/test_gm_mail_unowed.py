"""A phase that nobody owes is never announced with a deadline (issue 23, section 2): on the
squadron's full-size map the fleets are far apart after turn 1's moves, so turn 1's combat
waits for nobody's orders. A game master's EXTEND, RESUME or ROLLBACK by mail then tells
everyone that it needs no orders, with no deadline and no calendar entry; a phase that does
wait for orders is still announced with both."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.mailin import mailgate
from pbem.app.play import games, phases
from pbem.golden import load, order_file
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import transaction

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
GM = "gm@example.org"
NAMES = {"blue": "Ann", "red": "Bo"}


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _to_combat(engine: Engine) -> str:
    """The game at turn 1's combat, which nobody owes orders for; the GM's password."""
    golden = load(DEMO)
    made = games.create_game(engine, games.GameSpec(
        game_id="wide", scenario="squadron", seed=golden.seed, gm_email=GM,
        players=(games.PlayerSpec("Ann", "ann@example.org", "blue"),
                 games.PlayerSpec("Bo", "bo@example.org", "red"))), now=START)
    when = START
    while games.show_game(engine, "wide")["phase"] != "T1-combat":
        shown = games.show_game(engine, "wide")
        for side in shown["owes"]:
            when += timedelta(minutes=5)
            orders.submit_orders(engine, "wide", NAMES[side],
                                 (DEMO / order_file(shown["phase"], side)).read_bytes(),
                                 now=when)
        phases.process_phase(engine, "wide", shown["phase"], when)
    assert games.show_game(engine, "wide")["owes"] == []
    return made.passwords["GM"]


def _gm(engine: Engine, settings, password: str, line: str, mid: str,  # type: ignore[no-untyped-def]
        when: datetime) -> None:
    raw = (f"From: {GM}\r\nTo: judge@example.net\r\nSubject: gm\r\nMessage-ID: <{mid}@x>\r\n"
           f"\r\nSIGNON wide GM {password}\r\n{line}\r\n").encode()
    mailgate.receive(engine, raw, "inject", settings, when)


def _told(engine: Engine, kinds: tuple[str, ...]) -> list[EmailMessage]:
    with transaction(engine) as session:
        rows = [r for r in repo.outbox_rows(session) if r.kind in kinds and r.raw]
    found = []
    for row in rows:
        message = email.message_from_bytes(bytes(row.raw), policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        found.append(message)
    return found


def _text(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def test_a_phase_nobody_owes_is_told_without_a_deadline(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    password = _to_combat(engine)
    when = START + timedelta(hours=2)
    _gm(engine, settings, password, "EXTEND 12h", "x1", when)
    _gm(engine, settings, password, "PAUSE", "x2", when + timedelta(minutes=1))
    _gm(engine, settings, password, "RESUME", "x3", when + timedelta(minutes=2))
    told = [m for m in _told(engine, ("deadline",)) if "turn 1, combat" in str(m["Subject"])]
    assert sorted(str(m["To"]) for m in told) == sorted(
        ["ann@example.org", "bo@example.org", GM] * 2)  # the extension, then the resume
    for message in told:
        assert str(message["Subject"]) == "wide — turn 1, combat: no orders needed"
        assert "waits for nobody's orders; the judge resolves it without them" in _text(message)
        assert "deadline" not in _text(message).lower()
        assert list(message.iter_attachments()) == []  # no calendar entry
    paused = [_text(m) for m in _told(engine, ("notice",)) if str(m["Subject"]) == "wide: paused"]
    assert paused and all("waits for orders" not in text for text in paused)

    _gm(engine, settings, password, "ROLLBACK T1-combat the map was misread", "x4",
        when + timedelta(minutes=3))
    reopened = [m for m in _told(engine, ("notice",))
                if str(m["Subject"]) == "wide — turn 1, combat is open again"]
    assert len(reopened) == 3
    for message in reopened:
        assert "It waits for nobody's orders" in _text(message)
        assert "are due" not in _text(message) and list(message.iter_attachments()) == []
        assert "T1-combat" not in _text(message)  # the phase by its title, not its key


def test_a_phase_that_waits_for_orders_is_told_with_its_deadline(engine: Engine,  # type: ignore[no-untyped-def]
                                                                 settings) -> None:
    password = _to_combat(engine)
    _gm(engine, settings, password, "ROLLBACK T1-move-red the map was misread", "y1",
        START + timedelta(hours=2))
    reopened = [m for m in _told(engine, ("notice",))
                if str(m["Subject"]) == "wide — turn 1, red moves is open again"]
    assert len(reopened) == 3
    for message in reopened:
        assert "Its orders are due" in _text(message) and "T1-move-red" not in _text(message)
        assert [p.get_filename() for p in message.iter_attachments()] == ["deadline.ics"]
