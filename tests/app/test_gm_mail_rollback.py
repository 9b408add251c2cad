"""A game master's ROLLBACK by mail (issue 23, section 3): everyone is mailed the reopened
phase with its deadline and an .ics, and the phase played again is reported again, to
every player and the game master, after one rollback and after a second of the same phase."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.mailin import mailgate
from pbem.app.play import games
from pbem.app.reports.mailmake import maker
from pbem.golden import load, order_file
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import transaction
from pbem.timing import DEFAULT_TIMING

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
ANN, BO, GM = "ann@example.org", "bo@example.org", "gm@example.org"
PASSWORDS = {"Ann": "s3cret-oars", "Bo": "bo-password"}
SIDES = {"Ann": "blue", "Bo": "red"}
ADDRESS = {"Ann": ANN, "Bo": BO}


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


@pytest.fixture
def gm_password(engine: Engine) -> str:
    golden = load(DEMO)
    made = games.create_game(engine, games.GameSpec(
        game_id="aegean", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, timing=DEFAULT_TIMING, gm_email=GM,
        players=(games.PlayerSpec("Ann", ANN, "blue", "Europe/Athens", PASSWORDS["Ann"]),
                 games.PlayerSpec("Bo", BO, "red", "UTC", PASSWORDS["Bo"]))), now=START)
    return made.passwords["GM"]


def _send(engine: Engine, settings, sender: str, body: str, mid: str,  # type: ignore[no-untyped-def]
          when: datetime) -> None:
    raw = (f"From: {sender}\r\nTo: judge@example.net\r\nSubject: orders\r\n"
           f"Message-ID: <{mid}@example.org>\r\n\r\n{body}").encode()
    mailgate.receive(engine, raw, "inject", settings, when)


def _build_orders(engine: Engine, settings, when: datetime, tag: str) -> None:  # type: ignore[no-untyped-def]
    for name in ("Ann", "Bo"):
        text = (DEMO / order_file("build", SIDES[name])).read_text().replace("\n", "\r\n")
        _send(engine, settings, ADDRESS[name],
              f"SIGNON aegean {name} {PASSWORDS[name]}\r\n{text}", f"{tag}-{name}", when)


def _gm(engine: Engine, settings, password: str, lines: str, mid: str,  # type: ignore[no-untyped-def]
        when: datetime) -> None:
    _send(engine, settings, GM, f"SIGNON aegean GM {password}\r\n{lines}", mid, when)


def _parsed(engine: Engine, settings) -> list[tuple[str, dict, EmailMessage]]:  # type: ignore[no-untyped-def,type-arg]
    """Every queued mail as sent: (its kind, its job, the parsed message)."""
    make = maker(engine, settings)
    with transaction(engine) as session:
        rows = sorted(repo.outbox_rows(session), key=lambda r: r.id or 0)
    found = []
    for row in rows:
        raw = bytes(row.raw) if row.raw else make(row)
        message = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        found.append((row.kind, json.loads(row.job) if row.job else {}, message))
    return found


def _text(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def _build_reports(engine: Engine, settings) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    """Each address's reports of the build phase: the generation of each, in order."""
    found: dict[str, list[int]] = {}
    for kind, job, message in _parsed(engine, settings):
        if kind == "report" and job.get("type") == "report" and job.get("phase") == "build":
            found.setdefault(str(message["To"]), []).append(job.get("generation", 0))
    return found


def test_a_phase_rolled_back_by_mail_is_told_and_reported_again_each_time(
        engine: Engine, gm_password: str, settings) -> None:  # type: ignore[no-untyped-def]
    _build_orders(engine, settings, START, "b0")
    _gm(engine, settings, gm_password, "PROCESS build\r\n", "gm-p0", START + timedelta(hours=1))
    assert games.show_game(engine, "aegean")["phase"] == "setup-blue"
    assert _build_reports(engine, settings) == {ANN: [0], BO: [0], GM: [0]}

    for play in (1, 2):
        when = START + timedelta(days=play)
        _gm(engine, settings, gm_password, "ROLLBACK build Bo's fleet was entered wrongly.\r\n",
            f"gm-r{play}", when)
        shown = games.show_game(engine, "aegean")
        assert shown["phase"] == "build"
        deadline = datetime.fromisoformat(shown["deadline"])
        mailed = [(kind, job, m) for kind, job, m in _parsed(engine, settings)
                  if "open again" in str(m["Subject"])
                  and email.utils.parsedate_to_datetime(str(m["Date"])) == when]
        told = [m for kind, _, m in mailed if kind == "notice"]
        position = [(job, m) for kind, job, m in mailed if kind == "report"]
        # the position as it stands again: build is the first phase, so each player's
        # briefing (its deadline the reopened phase's)
        assert sorted((str(m["To"]), job["type"]) for job, m in position) == [
            (ANN, "briefing"), (BO, "briefing")]
        for _, message in position:
            ics = next(message.iter_attachments()).get_content()
            ics = ics.decode() if isinstance(ics, bytes) else ics
            assert f"DTSTART:{deadline:%Y%m%dT%H%M%SZ}" in ics
        assert sorted(str(m["To"]) for m in told) == [ANN, BO, GM]
        for message in told:
            text = _text(message)
            assert "Bo's fleet was entered wrongly." in text
            assert f"{deadline:%d %B %Y}" in text  # the reopened phase's deadline
            assert [p.get_filename() for p in message.iter_attachments()] == ["deadline.ics"]
            ics = next(message.iter_attachments()).get_content()
            ics = ics.decode() if isinstance(ics, bytes) else ics
            assert f"DTSTART:{deadline:%Y%m%dT%H%M%SZ}" in ics
            assert "pbem " not in text and "SIGNON" not in text
        _build_orders(engine, settings, when + timedelta(hours=1), f"b{play}")
        _gm(engine, settings, gm_password, "PROCESS build\r\n", f"gm-p{play}",
            when + timedelta(hours=2))
        assert games.show_game(engine, "aegean")["phase"] == "setup-blue"
        assert _build_reports(engine, settings) == {
            address: list(range(play + 1)) for address in (ANN, BO, GM)}, play


PLAYERS = (("Ann", "blue"), ("Bo", "red"))


def _play(engine: Engine, settings, password: str, when: datetime,  # type: ignore[no-untyped-def]
          tag: str, silent: str = "") -> tuple[datetime, str]:
    """The open phase's demo orders by mail from each player it waits for (the phase
    `silent` with a line that gives no order instead), then PROCESS by the game master's
    mail. The time after it, and the phase played."""
    shown = games.show_game(engine, "aegean")
    key = shown["phase"]
    for name, side in PLAYERS:
        if side not in shown["owes"]:
            continue
        when += timedelta(minutes=10)
        text = ("# holding fire" if key == silent else
                (DEMO / order_file(key, side)).read_text().replace("\n", "\r\n"))
        _send(engine, settings, ADDRESS[name],
              f"SIGNON aegean {name} {PASSWORDS[name]}\r\n{text}", f"{tag}-{key}-{name}", when)
    when += timedelta(minutes=10)
    _gm(engine, settings, password, f"PROCESS {key}\r\n", f"{tag}-p-{key}", when)
    assert games.show_game(engine, "aegean")["phase"] != key, key
    return when, key


def _reports_of(engine: Engine, settings, key: str) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """How many reports of phase `key` each address was mailed."""
    found: dict[str, int] = {}
    for kind, job, message in _parsed(engine, settings):
        if kind == "report" and job.get("type") == "report" and job.get("phase") == key \
                and "open again" not in str(message["Subject"]):
            found[str(message["To"])] = found.get(str(message["To"]), 0) + 1
    return found


@pytest.mark.slow
def test_a_phase_played_at_another_place_after_two_rollbacks_is_still_reported(
        engine: Engine, gm_password: str, settings) -> None:  # type: ignore[no-untyped-def]
    """Rolled back once, T2-move-blue is played again (its second play); then turn 1's
    combat is rolled back and played again without shots, so the initiative for turn 2 is
    rolled from other dice and blue moves first: T2-move-blue comes one phase earlier than
    before. Its third play must be reported too (the mail about it was once taken for the
    second play's, already sent, and dropped: no player was told it was resolved)."""
    when, played = START, []
    while not played or played[-1] != "T2-move-blue":
        when, key = _play(engine, settings, gm_password, when, "a")
        played.append(key)
    assert played[-3:] == ["T1-combat", "T2-move-red", "T2-move-blue"]
    when += timedelta(hours=1)
    _gm(engine, settings, gm_password, "ROLLBACK T2-move-blue blue's moves were misread\r\n",
        "r1", when)
    when, _ = _play(engine, settings, gm_password, when, "b")
    assert _reports_of(engine, settings, "T2-move-blue") == {ANN: 2, BO: 2, GM: 2}
    when += timedelta(hours=1)
    _gm(engine, settings, gm_password, "ROLLBACK T1-combat the combat is played again\r\n",
        "r2", when)
    when, _ = _play(engine, settings, gm_password, when, "c", silent="T1-combat")
    assert games.show_game(engine, "aegean")["phase"] == "T2-move-blue"  # blue first now
    when, _ = _play(engine, settings, gm_password, when, "d")
    assert _reports_of(engine, settings, "T2-move-blue") == {ANN: 3, BO: 3, GM: 3}


def test_the_position_after_a_later_rollback_is_the_report_before_it(
        engine: Engine, gm_password: str, settings) -> None:  # type: ignore[no-untyped-def]
    """Rolled back to a phase after the first, the position mailed is the report of the
    phase before it as it stands (the game master's in the full view), its next deadline
    the reopened phase's."""
    when, _ = _play(engine, settings, gm_password, START, "a")  # build
    when, _ = _play(engine, settings, gm_password, when, "a")  # setup-blue
    when += timedelta(hours=1)
    _gm(engine, settings, gm_password, "ROLLBACK setup-blue blue's set-up was misread\r\n",
        "r1", when)
    deadline = datetime.fromisoformat(games.show_game(engine, "aegean")["deadline"])
    position = [(job, m) for kind, job, m in _parsed(engine, settings)
                if kind == "report" and "open again" in str(m["Subject"])]
    assert sorted((str(m["To"]), job["phase"], job["player"] == "gm")
                  for job, m in position) == [(ANN, "build", False), (BO, "build", False),
                                              (GM, "build", True)]
    for _, message in position:
        assert str(message["Subject"]) == "aegean — set-up of blue (4.4) is open again: the position"
        ics = [p.get_content() for p in message.iter_attachments()
               if p.get_filename() == "deadline.ics"]
        text = ics[0].decode() if isinstance(ics[0], bytes) else ics[0]
        assert f"DTSTART:{deadline:%Y%m%dT%H%M%SZ}" in text and "X-PBEM-PHASE:setup-blue" in text
    answer = [m for kind, _, m in _parsed(engine, settings)
              if kind == "reply" and m["In-Reply-To"] == "<r1@example.org>"]
    assert f"setup-blue is open again, its deadline {deadline:%Y-%m-%d %H:%M} UTC" in _text(
        answer[0])
