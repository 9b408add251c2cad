"""Issue 23 §2: a report's subject is for a person: the game, the phase as its ruleset
titles it, and whose report it is ("g1 — turn 1, blue moves: your report"); a briefing's
likewise. Every report mail has one subject maker (pbem.app.mailout.queue.report_subject),
a report sent again on request (REPORT by mail) included."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import Engine

from pbem.app.mailin import mailgate
from pbem.app.play import games
from tests.app.helpers import PLAYERS, new_demo_game
from tests.app.test_report_mail_kit import (
    START,
    play_by_mail,
    report_mails,
    settings_in,
)


def test_report_and_briefing_subjects_name_the_game_and_the_phase_title(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 4, PLAYERS)
    subjects = {(sent.to, sent.subject) for sent in report_mails(engine, settings)}
    for address in ("aristides@example.org", "hanno@example.org"):
        assert (address, "g1 — build (4.2): your report") in subjects
        assert (address, "g1 — set-up of blue (4.4): your report") in subjects
        assert (address, "g1 — turn 1, blue moves: your report") in subjects
    assert all("report after" not in subject for _, subject in subjects)


def test_a_briefing_subject_says_the_game_begins(engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    games.create_game(engine, games.GameSpec(
        game_id="tyre", scenario="squadron", columns=18, rows=10,
        players=(games.PlayerSpec("Aristides", "aristides@example.org", "blue"),
                 games.PlayerSpec("Hanno", "hanno@example.org", "red"))),
        now=START, mail=settings)
    briefings = report_mails(engine, settings, "briefing")
    assert [sent.subject for sent in briefings] == ["tyre — the game begins: your briefing"] * 2


def test_a_report_asked_for_again_by_mail_has_the_same_subject(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 1, PLAYERS)
    raw = (b"From: Hanno <hanno@example.org>\r\nTo: judge@example.net\r\nSubject: again\r\n"
           b"Message-ID: <again.1@players.example>\r\n\r\nSIGNON g1 Hanno secret-h\r\nREPORT\r\n"
           )
    mailgate.receive(engine, raw, "inject", settings, START)
    to_hanno = [sent for sent in report_mails(engine, settings)
                if sent.to == "hanno@example.org"]
    assert [sent.subject for sent in to_hanno] == ["g1 — build (4.2): your report"] * 2
    assert to_hanno[0].text == to_hanno[1].text  # the same report, sent again
