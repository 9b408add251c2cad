"""Late and missing players, a pause and a RESUME, by mail (issue 23, sections 1 to 3): a
player who missed a deadline is told so in plain words with what the rules did for them,
and the game master is told too, under `proceed` and under `wait`; a pause says what the
game waits for; RESUME tells the real new deadline, with an .ics; `pbem status` counts the
players a paused game waits for. Orders and the game master's commands go in as raw mail;
the outbox is read back with the stdlib email package."""

from __future__ import annotations

import email
import email.policy
import email.utils
import json
from dataclasses import replace
from datetime import UTC, datetime, time, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.mailin import mailgate
from pbem.app.play import games
from pbem.app.reports.mailmake import maker
from pbem.app.running import sweep
from pbem.app.running.status import judge_status
from pbem.golden import load, order_file
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import transaction
from pbem.timing import Timing

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
START = datetime(2026, 3, 20, 9, 0, tzinfo=UTC)
DEADLINE = datetime(2026, 3, 27, 18, 0, tzinfo=UTC)  # 7 days on, at 18:00 London
ANN, BO, GM = "ann@example.org", "bo@example.org", "gm@example.org"
LONDON_18 = Timing(durations=(("build", timedelta(days=7)),), default=timedelta(hours=48),
                   hour=time(18, 0), timezone="Europe/London", reminders=(),
                   grace=timedelta(hours=12), late_policy="wait")


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _game(engine: Engine, timing: Timing) -> str:
    golden = load(DEMO)
    made = games.create_game(engine, games.GameSpec(
        game_id="aegean", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, timing=timing, gm_email=GM,
        players=(games.PlayerSpec("Ann", ANN, "blue", "Europe/London", "s3cret-oars"),
                 games.PlayerSpec("Bo", BO, "red", "UTC", "bo-password"))), now=START)
    return made.passwords["GM"]


def _mail(engine: Engine, settings, sender: str, body: str, mid: str,  # type: ignore[no-untyped-def]
          when: datetime) -> None:
    raw = (f"From: {sender}\r\nTo: judge@example.net\r\nSubject: aegean\r\n"
           f"Message-ID: <{mid}@example.org>\r\n\r\n{body}").encode()
    mailgate.receive(engine, raw, "inject", settings, when)


def _ann_builds(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    text = (DEMO / order_file("build", "blue")).read_text().replace("\n", "\r\n")
    _mail(engine, settings, ANN, f"SIGNON aegean Ann s3cret-oars\r\n{text}", "ann-build",
          START + timedelta(hours=1))


def _notices(engine: Engine, settings) -> list[EmailMessage]:  # type: ignore[no-untyped-def]
    """Every notice and deadline mail queued, parsed as sent."""
    make = maker(engine, settings)
    with transaction(engine) as session:
        rows = [r for r in sorted(repo.outbox_rows(session), key=lambda r: r.id or 0)
                if r.kind in ("notice", "deadline")]
    found = []
    for row in rows:
        message = email.message_from_bytes(bytes(row.raw) or make(row),
                                           policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        found.append(message)
    return found


def _text(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def _for_people(text: str) -> None:
    """No mail to a player names a command line, a file or an internal key."""
    assert "pbem " not in text and "`" not in text and ".py" not in text
    assert "late_policy" not in text and "_" not in text.replace("judge@example.net", "")


def test_under_proceed_the_late_player_and_the_game_master_are_told(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, replace(LONDON_18, late_policy="proceed"))
    _ann_builds(engine, settings)
    done = sweep.sweep(engine, settings, DEADLINE + timedelta(hours=12, minutes=1), send=False)
    assert done.processed == [("aegean", "build")]
    told = {str(m["To"]): m for m in _notices(engine, settings)
            if "late" in str(m["Subject"]) or "no orders from you" in str(m["Subject"])}
    assert sorted(told) == [BO, GM]  # Ann sent hers: she is told nothing of the kind
    bo = _text(told[BO])
    assert str(told[BO]["Subject"]) == "aegean — build (4.2): no orders from you"
    assert "Build (4.2), in aegean: its deadline has passed, with its grace, and the judge " \
           "has no orders from you" in bo
    assert ("It was resolved without them, as the rules resolve a side that sends none: "
            'for each of your pieces, "no order"') in bo
    gm = _text(told[GM])
    assert "without orders from Bo (red)" in gm and "was resolved without them" in gm
    for message in told.values():
        _for_people(_text(message))


def test_under_wait_the_game_pauses_tells_who_and_resumes_with_the_real_deadline(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    password = _game(engine, LONDON_18)
    _ann_builds(engine, settings)
    late = DEADLINE + timedelta(hours=12, minutes=1)
    assert sweep.sweep(engine, settings, late, send=False).paused == [("aegean", "build")]
    paused = {str(m["To"]): _text(m) for m in _notices(engine, settings)
              if str(m["Subject"]) == "aegean: paused for late orders"}
    assert sorted(paused) == [ANN, BO, GM]
    assert "the judge has no orders from you for it" in paused[BO]
    assert "the orders you send for it now are still taken" in paused[BO]
    assert "without orders from Bo" in paused[ANN] and "waits for its game master" in paused[ANN]
    assert "without orders from Bo (red)" in paused[GM]
    for text in paused.values():
        _for_people(text)
    # pbem status: the paused game and the one player it waits for
    status = judge_status(engine, late + timedelta(minutes=1))
    assert status["paused"] == [{"game": "aegean", "phase": "build",
                                 "waiting_for": ["Bo (red)"], "count": 1}]
    # the game master resumes it by mail: a new deadline, from the moment it resumed
    resumed = late + timedelta(days=1)
    _mail(engine, settings, GM, f"SIGNON aegean GM {password}\r\nRESUME\r\n", "gm-resume",
          resumed)
    shown = games.show_game(engine, "aegean")
    assert shown["status"] == "active"
    deadline = datetime.fromisoformat(shown["deadline"])
    assert deadline > resumed and deadline != DEADLINE
    told = [m for m in _notices(engine, settings)
            if str(m["Subject"]) == "aegean — build (4.2): a new deadline"]
    assert sorted(str(m["To"]) for m in told) == [ANN, BO, GM]
    for message in told:
        ics = next(message.iter_attachments()).get_content()
        ics = ics.decode() if isinstance(ics, bytes) else ics
        assert f"DTSTART:{deadline:%Y%m%dT%H%M%SZ}" in ics
        assert f"{deadline:%d %B %Y}" in _text(message)
        assert "the game master resumed the game" in _text(message)
        _for_people(_text(message))
    with transaction(engine) as session:
        answer = [r for r in repo.outbox_rows(session) if r.kind == "reply"
                  and r.subject == "aegean: game master's orders"]
    text = _text(email.message_from_bytes(bytes(answer[-1].raw), policy=email.policy.default))  # type: ignore[arg-type]
    assert f"running again; the deadline is {deadline:%Y-%m-%d %H:%M} UTC" in text


def test_a_pause_says_what_the_game_waits_for(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    password = _game(engine, LONDON_18)
    _ann_builds(engine, settings)
    _mail(engine, settings, GM, f"SIGNON aegean GM {password}\r\nPAUSE\r\n", "gm-pause",
          START + timedelta(hours=2))
    told = {str(m["To"]): _text(m) for m in _notices(engine, settings)
            if str(m["Subject"]) == "aegean: paused"}
    assert sorted(told) == [ANN, BO, GM]
    for text in told.values():
        assert "until the game master resumes it" in text
        assert "Build (4.2) still waits for orders from Bo (red)" in text
        _for_people(text)


def test_resume_tells_the_new_deadline_even_when_it_was_told_before(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    """Deadlines fall at 18:00 London: resumed twice on one day, the game gets the same
    deadline each time. Between the two it was extended by a day, so the second RESUME's
    mail, naming a deadline told once already, must still go: it was once taken for the
    first one's and dropped, and the players kept the extended, stale, deadline."""
    password = _game(engine, replace(LONDON_18, durations=()))
    when = START + timedelta(hours=1)

    def gm(line: str, mid: str, at: datetime) -> None:
        _mail(engine, settings, GM, f"SIGNON aegean GM {password}\r\n{line}\r\n", mid, at)

    gm("PAUSE", "p1", when)
    gm("RESUME", "r1", when + timedelta(minutes=5))
    first = datetime.fromisoformat(games.show_game(engine, "aegean")["deadline"])
    gm("EXTEND 24h", "e1", when + timedelta(minutes=10))
    gm("PAUSE", "p2", when + timedelta(minutes=15))
    gm("RESUME", "r2", when + timedelta(minutes=20))
    again = datetime.fromisoformat(games.show_game(engine, "aegean")["deadline"])
    assert again == first  # the same day, the same hour
    told = [m for m in _notices(engine, settings) if str(m["To"]) == BO
            and str(m["Subject"]) == "aegean — build (4.2): a new deadline"]
    assert len(told) == 3  # resumed, extended, resumed
    assert f"{first:%d %B %Y, %H:%M}" in _text(told[-1])
    assert "the game master resumed the game" in _text(told[-1])


def test_a_player_who_misses_the_deadline_again_is_told_again(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    password = _game(engine, LONDON_18)
    _ann_builds(engine, settings)
    late = DEADLINE + timedelta(hours=12, minutes=1)
    assert sweep.sweep(engine, settings, late, send=False).paused == [("aegean", "build")]
    _mail(engine, settings, GM, f"SIGNON aegean GM {password}\r\nRESUME\r\n", "gm-r1",
          late + timedelta(hours=1))
    second = datetime.fromisoformat(games.show_game(engine, "aegean")["deadline"])
    again, at = second + timedelta(hours=12, minutes=1), late + timedelta(hours=2)
    while at < again:  # the judge sweeps all along (a gap would be an outage)
        assert sweep.sweep(engine, settings, at, send=False).paused == []
        at += timedelta(hours=1)
    assert sweep.sweep(engine, settings, again, send=False).paused == [("aegean", "build")]
    told = [m for m in _notices(engine, settings)
            if str(m["Subject"]) == "aegean: paused for late orders"]
    assert sorted(str(m["To"]) for m in told) == sorted([ANN, BO, GM] * 2)


def test_an_extended_deadline_has_its_own_reminder(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    """A reminder a day before the deadline; the game master extends it by two days by
    mail; a day before the new deadline the player is reminded again (the reminders start
    afresh for a new deadline, and the second is not taken for the first, already sent)."""
    password = _game(engine, replace(LONDON_18, reminders=(timedelta(hours=24),)))
    _ann_builds(engine, settings)
    at = DEADLINE - timedelta(hours=23)
    assert sweep.sweep(engine, settings, at, send=False).reminders == 1
    _mail(engine, settings, GM, f"SIGNON aegean GM {password}\r\nEXTEND 48h\r\n", "gm-e",
          at + timedelta(minutes=5))
    new = datetime.fromisoformat(games.show_game(engine, "aegean")["deadline"])
    assert new > DEADLINE + timedelta(hours=40)  # (18:00 in London, summer time by then)
    at += timedelta(hours=1)
    while at <= new - timedelta(hours=23):  # the judge sweeps all along
        sweep.sweep(engine, settings, at, send=False)
        at += timedelta(hours=1)
    make = maker(engine, settings)
    with transaction(engine) as session:
        rows = [r for r in repo.outbox_rows(session) if r.kind == "reminder"]
    assert [json.loads(r.recipients) for r in rows] == [[BO], [BO]]
    last = email.message_from_bytes(bytes(rows[-1].raw) or make(rows[-1]),
                                    policy=email.policy.default)
    assert f"{new:%d %B %Y, %H:%M}" in _text(last)  # type: ignore[arg-type]
