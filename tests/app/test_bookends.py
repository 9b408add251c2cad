"""Either end of a game: each player's briefing as soon as the game is made (or, for a game
formed by invitation, started), and the final report with the result, a summary, the
revealed seed and how to check the dice, which no report shows before the end."""

from __future__ import annotations

import email
import email.policy
import hashlib
import json
import re
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app import gm
from pbem.app.reports import reports
from pbem.app.reports.mailmake import maker
from pbem.mail.settings import MailSettings, mail_settings
from pbem.store import repo
from pbem.store.db import transaction
from pbem.timing import DEFAULT_TIMING
from tests.app.helpers import new_demo_game, play_demo_phases

START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


@pytest.fixture
def settings(tmp_path: Path) -> MailSettings:
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _made(engine: Engine, settings: MailSettings, kind: str = "briefing") -> list[EmailMessage]:
    """The queued messages of a job type, made as the outbox would make them."""
    make = maker(engine, settings)
    with transaction(engine) as session:
        rows = [r for r in repo.outbox_rows(session)
                if json.loads(r.job or "{}").get("type") == kind]
    out = []
    for row in rows:
        message = email.message_from_bytes(make(row), policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        out.append(message)
    return out


def _text(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def test_each_player_is_briefed_when_the_game_is_made(engine: Engine,
                                                      settings: MailSettings) -> None:
    from pbem.app.play import games

    made = games.create_game(engine, games.GameSpec(
        game_id="g1", scenario="squadron", columns=18, rows=10, timing=DEFAULT_TIMING,
        players=(games.PlayerSpec("Aristides", "aristides@example.org", "blue",
                                  "Europe/Athens"),
                 games.PlayerSpec("Hanno", "hanno@example.org", "red", "UTC"))),
        now=START, mail=settings)
    messages = _made(engine, settings)
    assert sorted(str(m["To"]) for m in messages) == ["aristides@example.org",
                                                      "hanno@example.org"]
    with transaction(engine) as session:
        seed = repo.game(session, "g1").seed  # type: ignore[union-attr]
    for message in messages:
        text = _text(message)
        name = "Aristides" if "aristides" in str(message["To"]) else "Hanno"
        assert str(message["Subject"]) == "g1 — the game begins: your briefing"
        assert "briefing before the first phase" in text and "WHAT HAPPENED" not in text
        assert re.search(r"\n  Side blue +Aristides\r?\n  Side red +Hanno\r?\n", text)
        assert f"SIGNON g1 {name} PASSWORD" in text and "# Budget: 120 Build Points" in text
        assert made.seed_commitment in text and seed not in text  # the seed stays secret
        assert all(password not in text for password in made.passwords.values())
        zone = "Europe/Athens" if name == "Aristides" else "UTC"
        assert f"({zone})" in text  # the deadline in the player's own zone
        kinds = {part.get_content_type() for part in message.walk()}
        assert {"image/png", "text/calendar", "text/html"} <= kinds


def test_a_game_formed_by_invitation_briefs_its_players_when_it_starts(
        engine: Engine, settings: MailSettings) -> None:
    from pbem.app.play import games, invites

    games.create_game(engine, games.GameSpec(game_id="forming", scenario="squadron",
                                             forming=True, gm_email="gm@example.org"),
                      now=START, mail=settings)
    assert _made(engine, settings) == []
    with transaction(engine) as session:  # two players joined (as JOIN would add them)
        from pbem.store.models import PlayerRow
        for name, side in (("Ann", "blue"), ("Bo", "red")):
            repo.add(session, PlayerRow(game_id="forming", name=name,
                                        email=f"{name.lower()}@example.org", timezone="UTC",
                                        side=side, pieces="[]", password_hash="x"))
    invites.start(engine, "forming", settings, START)
    assert sorted(str(m["To"]) for m in _made(engine, settings)) == [
        "ann@example.org", "bo@example.org"]
    with transaction(engine) as session:  # the game master is told it started
        told = [json.loads(r.recipients) for r in repo.outbox_rows(session)
                if r.subject == "forming: the game has started"]
    assert told == [["gm@example.org"]]


def test_the_final_report_reveals_the_seed_and_how_to_check_the_dice(
        engine: Engine, settings: MailSettings) -> None:
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 3)
    with transaction(engine) as session:
        game = repo.game(session, "g1")
        assert game is not None
        seed, commitment = game.seed, game.seed_commitment
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    before = reports.phase_reports(engine, "g1")
    assert all(seed not in r.text + r.html + r.json for r in before)
    gm.end(engine, "g1", None)
    last = reports.phase_reports(engine, "g1")
    first = reports.phase_reports(engine, "g1", key="build")
    assert all(seed not in r.text + r.json for r in first)  # only the last phase tells
    for made in last:
        data = json.loads(made.json)
        assert data["kind"] == "final" and data["final"]["seed"] == seed
        assert (data["final"]["phases"], data["final"]["status"]) == (3, "ended")
        assert "final report after" in made.text and "ended by the game master" in made.text
        assert "HMAC-SHA256 keyed with the seed's bytes" in made.text
        assert "pbem dice" not in made.text  # no command line: checked without the judge
        assert commitment in made.text and seed in made.html


def test_the_html_names_the_briefing_and_the_final_report(engine: Engine) -> None:
    from pbem.app.base import rulesets

    game = rulesets.start("ramspeed", "squadron", {"columns": 18, "rows": 10})
    briefing = reports.render_briefing(
        game_id="g", game=game, players=[("Ann", "blue"), ("Bo", "red")],
        recipients=[reports.Recipient("Ann", "blue", "UTC")], deadline=START,
        commitment="ab" * 32)[0].html
    assert "<title>Squadron Combat: g, briefing before the first phase</title>" in briefing
    assert "What happened" not in briefing and "before the first phase, as" in briefing
    new_demo_game(engine)
    play_demo_phases(engine, "g1", 2)
    gm.end(engine, "g1", None)
    final = reports.phase_reports(engine, "g1")[0].html
    assert "Final report after <strong>" in final and "What happened" in final


@pytest.mark.parametrize(("winner", "status", "said"), [
    ("draw", "over", "a draw"),
    ("draw", "ended", "a draw, declared by the game master"),
    ("blue", "over", "won by blue"),
    ("blue", "ended", "won by blue, declared by the game master"),
    (None, "ended", "ended by the game master without a winner"),
])
def test_the_end_says_how_the_game_was_decided(winner: str | None, status: str,
                                               said: str) -> None:
    from pbem.app.reports.bookends import Ending, ending_section

    ending = Ending(seed="ab", commitment="c" * 64, dice_name="g", phases=3, turns=2,
                    started=START, ended=START, status=status)
    rows = dict(ending_section(ending, winner, "g", "T2-combat").rows)
    assert rows["Result"] == said
