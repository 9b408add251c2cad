"""`pbem status`: what the operator is told of the running judge, figure by figure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update
from sqlalchemy.engine import Engine
from sqlmodel import col

from pbem.app import orders
from pbem.app.running.status import judge_status
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import GameRow, PhaseRow
from tests.app.helpers import DEMO, new_demo_game

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def _set_game(engine: Engine, game_id: str, *, status: str | None = None,
              deadline: datetime | None = None, state_before: str | None = None) -> None:
    with transaction(engine) as session:
        if status is not None:
            session.execute(update(GameRow).where(col(GameRow.id) == game_id)
                            .values(status=status))
        values: dict[str, object] = {}
        if deadline is not None:
            values["deadline"] = deadline
        if state_before is not None:
            values["state_before"] = state_before
        if values:
            session.execute(update(PhaseRow).where(col(PhaseRow.game_id) == game_id,
                                                   col(PhaseRow.status) == "open")
                            .values(**values))


def _queue(engine: Engine, number: int, created: datetime) -> int:
    with transaction(engine) as session:
        row = repo.queue_mail(session, message_id=f"m{number}@judge.example", kind="notice",
                              game_id="due", recipients=["hanno@example.org"],
                              sender="judge@example.org", subject=f"notice {number}",
                              raw=b"x", now=created)
        return row.id or 0


def _receive(engine: Engine, number: int, received: datetime, state: str) -> None:
    with transaction(engine) as session:
        row = repo.store_incoming(session, raw=b"Subject: x\r\n\r\n" + b"y" * 1000,
                                  message_id=f"<in{number}@example.org>", source="stdin",
                                  received_at=received)
        if state != "new":
            repo.mark_incoming(session, row.id or 0, state, received, reason="test")


def test_an_empty_judge(engine: Engine) -> None:
    status = judge_status(engine, NOW)
    assert status == {
        "now": "2026-05-01T12:00:00+00:00",
        "games": {"active": 0, "paused": 0, "over": 0, "ended": 0},
        "phases_due": [], "late_players": [], "paused": [],
        "mail": {"queued": 0, "sent": 0, "failed": 0, "held": 0, "oldest_queued": None},
        "quarantine": {"quarantined": 0, "unfinished": 0},
        "last_sweep": None, "sweep_age_s": None, "held": None, "faults": [],
        "problems": [],
    }


def test_every_figure(engine: Engine) -> None:
    # "due": blue has sent its build, red has not, and the deadline has passed
    new_demo_game(engine, "due")
    answer = orders.submit_orders(engine, "due", "Aristides",
                                  (DEMO / "build-blue.txt").read_bytes())
    assert answer.stored
    _set_game(engine, "due", deadline=NOW - timedelta(hours=1))
    new_demo_game(engine, "later")  # active, deadline still to come
    _set_game(engine, "later", deadline=NOW + timedelta(minutes=1))
    new_demo_game(engine, "onthedot")  # a deadline of exactly now is due; nobody has sent
    _set_game(engine, "onthedot", deadline=NOW)
    new_demo_game(engine, "paused")  # past its deadline, but paused: neither due nor late
    _set_game(engine, "paused", status="paused", deadline=NOW - timedelta(days=2))
    new_demo_game(engine, "ended")
    _set_game(engine, "ended", status="ended", deadline=NOW - timedelta(days=3))

    _queue(engine, 1, NOW - timedelta(minutes=30))
    _queue(engine, 2, NOW - timedelta(minutes=5))
    sent = _queue(engine, 3, NOW - timedelta(hours=2))
    failed = _queue(engine, 4, NOW - timedelta(hours=3))
    with transaction(engine) as session:
        rows = {row.id: row for row in repo.outbox_rows(session)}
        repo.mark_sent(session, rows[sent], NOW - timedelta(hours=1))
        repo.mark_failed(session, rows[failed], "550 no such user", NOW - timedelta(hours=1))

    _receive(engine, 1, NOW - timedelta(hours=1), "quarantined")
    _receive(engine, 2, NOW - timedelta(days=1), "quarantined")
    _receive(engine, 3, NOW - timedelta(minutes=20), "new")  # never handled
    _receive(engine, 4, NOW - timedelta(minutes=5), "new")  # perhaps being handled now
    _receive(engine, 5, NOW - timedelta(hours=1), "handled")

    sweep = {"at": "2026-05-01T11:58:30Z", "seconds": 1.25, "processed": 2, "failed": 1,
             "reminders": 3, "sent": 4}
    with transaction(engine) as session:
        repo.set_judge_state(session, "sweep", sweep, NOW - timedelta(seconds=90))

    status = judge_status(engine, NOW)

    assert status["games"] == {"active": 3, "paused": 1, "over": 0, "ended": 1}
    due, dot = "2026-05-01T11:00:00+00:00", "2026-05-01T12:00:00+00:00"
    assert status["phases_due"] == [
        {"game": "due", "phase": "build", "deadline": due},
        {"game": "onthedot", "phase": "build", "deadline": dot},
    ]
    assert status["late_players"] == [
        {"game": "due", "phase": "build", "player": "Hanno", "side": "red", "deadline": due},
        {"game": "onthedot", "phase": "build", "player": "Aristides", "side": "blue",
         "deadline": dot},
        {"game": "onthedot", "phase": "build", "player": "Hanno", "side": "red",
         "deadline": dot},
    ]
    # the paused game is neither due nor late, but the players it waits for are counted
    # (issue 23 §3): nobody has sent its build
    assert status["paused"] == [{"game": "paused", "phase": "build",
                                 "waiting_for": ["Aristides (blue)", "Hanno (red)"],
                                 "count": 2}]
    from pbem.cli.status import summary

    shown = summary(status).splitlines()
    assert "Paused games: 1, waiting for 2 players" in shown
    assert status["mail"] == {"queued": 2, "sent": 1, "failed": 1, "held": 0,
                              "oldest_queued": "2026-05-01T11:30:00+00:00"}
    assert status["quarantine"] == {"quarantined": 2, "unfinished": 1}
    assert status["last_sweep"] == sweep
    assert status["sweep_age_s"] == 90.0
    assert status["problems"] == []
    json.dumps(status)  # plain JSON values only


def test_a_phase_that_cannot_be_read_is_told_and_hides_no_other(engine: Engine) -> None:
    new_demo_game(engine, "broken")
    _set_game(engine, "broken", deadline=NOW - timedelta(hours=1), state_before="{}")
    new_demo_game(engine, "sound")
    _set_game(engine, "sound", deadline=NOW - timedelta(hours=2))

    status = judge_status(engine, NOW)

    assert [phase["game"] for phase in status["phases_due"]] == ["sound", "broken"]
    assert {player["game"] for player in status["late_players"]} == {"sound"}
    assert len(status["problems"]) == 1
    assert status["problems"][0].startswith("broken build: the stored phase cannot be read")


def test_the_status_does_not_wait_for_a_writer(engine: Engine) -> None:
    """A transaction holding the write lock (on SQLite, BEGIN IMMEDIATE) does not hold up
    the status: it reads what was committed before."""
    new_demo_game(engine, "g1")
    _set_game(engine, "g1", deadline=NOW - timedelta(hours=1))
    holding, release = threading.Event(), threading.Event()

    def writer() -> None:
        with transaction(engine) as session:
            session.execute(update(GameRow).where(col(GameRow.id) == "g1")
                            .values(status="paused"))
            holding.set()
            release.wait(30)

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        assert holding.wait(10)
        started = time.monotonic()
        status = judge_status(engine, NOW)
        assert time.monotonic() - started < 5
        assert status["games"]["active"] == 1 and len(status["phases_due"]) == 1
    finally:
        release.set()
        thread.join(30)
    assert judge_status(engine, NOW)["games"] == {"active": 0, "paused": 1, "over": 0,
                                                  "ended": 0}


def test_a_naive_time_is_taken_as_utc(engine: Engine) -> None:
    with transaction(engine) as session:
        repo.set_judge_state(session, "sweep", {"at": "2026-05-01T11:59:00+00:00"}, NOW)
    status = judge_status(engine, NOW.replace(tzinfo=None))
    assert status["now"] == "2026-05-01T12:00:00+00:00" and status["sweep_age_s"] == 60.0


@pytest.fixture
def data_dir(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PBEM_DATABASE_URL"}
    env["PBEM_DATA"] = str(tmp_path / "data")
    return env


def pbem(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)


@pytest.mark.slow  # the command line, in processes of its own
def test_pbem_status_prints_json_and_a_summary(data_dir: dict[str, str]) -> None:
    assert pbem(data_dir, "db", "init").returncode == 0
    done = pbem(data_dir, "status", "--json")
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed["games"] == {"active": 0, "paused": 0, "over": 0, "ended": 0}
    assert printed["phases_due"] == [] and printed["late_players"] == []
    assert printed["mail"]["queued"] == 0 and printed["mail"]["oldest_queued"] is None
    assert printed["quarantine"] == {"quarantined": 0, "unfinished": 0}
    assert printed["last_sweep"] is None and printed["sweep_age_s"] is None

    done = pbem(data_dir, "status")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Games: 0 active, 0 paused, 0 over, 0 ended."
    assert "Mail out: 0 queued, 0 sent, 0 failed." in done.stdout
    assert "Last sweep: none yet" in done.stdout


def test_the_summary_for_a_person() -> None:
    from pbem.cli.status import summary

    deadline = "2026-05-01T11:00:00.123456+00:00"
    status = {
        "now": "2026-05-01T12:00:00+00:00",
        "games": {"active": 2, "paused": 0, "over": 1, "ended": 0},
        "phases_due": [{"game": "aegean", "phase": "T3-move-blue", "deadline": deadline}],
        "late_players": [{"game": "aegean", "phase": "T3-move-blue", "player": "Hanno",
                          "side": "red", "deadline": deadline}],
        "mail": {"queued": 3, "sent": 120, "failed": 1, "held": 0,
                 "oldest_queued": "2026-05-01T11:52:00+00:00"},
        "quarantine": {"quarantined": 2, "unfinished": 1},
        "last_sweep": {"at": "2026-05-01T11:59:18Z", "seconds": 1.25, "processed": 2,
                       "failed": 0, "reminders": 3, "sent": 5},
        "sweep_age_s": 42.0, "problems": ["ionian T2-combat: the stored phase cannot be read"],
    }
    assert summary(status).splitlines() == [
        "Games: 2 active, 0 paused, 1 over, 0 ended.",
        "Phases past their deadline: 1",
        "game    phase         deadline",
        "------  ------------  --------------------",
        "aegean  T3-move-blue  2026-05-01 11:00 UTC",
        "Late players: 1",
        "game    phase         player  side  deadline",
        "------  ------------  ------  ----  --------------------",
        "aegean  T3-move-blue  Hanno   red   2026-05-01 11:00 UTC",
        "Mail out: 3 queued (oldest 2026-05-01 11:52 UTC), 120 sent, 1 failed.",
        "Mail in: 2 quarantined, 1 stored over 10 minutes ago and never handled.",
        "Last sweep: 2026-05-01 11:59 UTC, 42 s ago, took 1.25 s: 2 processed, 0 failed, "
        "3 reminders, 5 mails sent.",
        "Problem: ionian T2-combat: the stored phase cannot be read",
    ]


def test_a_held_sweep_and_the_faults_for_a_person() -> None:
    from pbem.cli.status import summary

    status = {
        "now": "2027-03-21T09:00:00+00:00",
        "games": {"active": 2, "paused": 0, "over": 0, "ended": 0},
        "phases_due": [], "late_players": [],
        "mail": {"queued": 0, "sent": 4, "failed": 0, "held": 0, "oldest_queued": None},
        "quarantine": {"quarantined": 0, "unfinished": 0},
        "last_sweep": {"at": "2026-03-20T10:00:00+00:00", "seconds": 0.5, "processed": 1,
                       "failed": 1, "reminders": 0, "sent": 4},
        "sweep_age_s": 31_617_000.0,
        "held": {"now": "2027-03-21T09:00:00+00:00", "last_sweep": "2026-03-20T10:00:00+00:00",
                 "direction": "forward", "limit": "30d", "since": "2027-03-21T09:00:00+00:00"},
        "faults": [{"step": "game", "game": "ionian", "phase": "build",
                    "error": "RegistryError: there is no ruleset 'gone'",
                    "since": "2026-03-20T10:00:00+00:00"},
                   {"step": "poll", "game": None, "phase": None,
                    "error": "ConnectionRefusedError: refused", "since": None}],
        "problems": [],
    }
    assert summary(status).splitlines()[-3:] == [
        "Sweep held: the clock reads 2027-03-21 09:00 UTC, more than 30d after the last sweep "
        "at 2026-03-20 10:00 UTC. Nothing is processed, no deadline moved and no mail sent "
        "until the clock is right again. If the new time is right, restart the judge once "
        "with `pbem serve --accept-clock`.",
        "Fault: ionian (build) cannot be swept since 2026-03-20 10:00 UTC: RegistryError: "
        "there is no ruleset 'gone'. The other games go on; it is tried again at each sweep.",
        "Fault: the sweep's step 'poll' fails: ConnectionRefusedError: refused. The other "
        "steps go on; it is tried again at each sweep.",
    ]


@pytest.mark.slow  # the command line, in processes of its own
def test_pbem_status_names_a_game_the_sweep_cannot_read(data_dir: dict[str, str]) -> None:
    from pbem.app.running import sweep
    from pbem.store.db import make_engine

    assert pbem(data_dir, "db", "init").returncode == 0
    made = make_engine(f"sqlite:///{Path(data_dir['PBEM_DATA']) / 'pbem.sqlite'}")
    try:
        new_demo_game(made, "ionian")
        with transaction(made) as session:
            session.execute(update(GameRow).where(col(GameRow.id) == "ionian")
                            .values(ruleset="gone"))
        sweep.sweep(made, None, datetime.now(UTC), send=False)
    finally:
        made.dispose()
    done = pbem(data_dir, "status", "--json")
    assert done.returncode == 0, done.stderr
    faults = json.loads(done.stdout)["faults"]
    assert [(f["step"], f["game"]) for f in faults] == [("game", "ionian")]
    assert "'gone'" in faults[0]["error"]
    text = pbem(data_dir, "status").stdout
    assert "Fault: ionian (build) cannot be swept since" in text


def test_mail_held_for_the_operator_is_counted_and_named(engine: Engine) -> None:
    from pbem.cli.status import summary
    from pbem.store.models import MailOutRow

    now = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
    _queue(engine, 1, now)
    held = _queue(engine, 2, now)
    with transaction(engine) as session:
        session.execute(update(MailOutRow).where(col(MailOutRow.id) == held).values(state="held"))
    status = judge_status(engine, now)
    assert status["mail"]["held"] == 1 and status["mail"]["queued"] == 1
    assert "1 held for the operator" in summary(status)


def test_piped_mail_that_no_judge_takes_is_told_with_what_to_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The pipe only hands over (issue 26): on a host where no `pbem serve` takes the spool,
    the operator learns it from `pbem status`, and the advice given there works."""
    from pbem.cli.main import main
    from pbem.mail.spool import hand_over

    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    monkeypatch.delenv("PBEM_SPOOL", raising=False)
    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))

    def status() -> tuple[dict[str, object], str]:
        assert main(["status", "--json"]) == 0
        shown = json.loads(capsys.readouterr().out)
        assert main(["status"]) == 0
        return shown, capsys.readouterr().out

    assert main(["db", "init"]) == 0
    spool = tmp_path / "data" / "spool"
    spool.mkdir()
    message = hand_over(spool, b"From: ann@example.org\r\nTo: judge@example.org\r\n"
                        b"Subject: hello\r\nMessage-ID: <late@example.org>\r\n\r\nHELP\r\n")
    capsys.readouterr()

    fresh, _ = status()
    assert fresh["spool"] == {"folder": str(spool), "waiting": 1,
                              "oldest_age_s": fresh["spool"]["oldest_age_s"]}  # type: ignore[index]
    assert not [p for p in fresh["problems"] if "spool" in p]  # type: ignore[attr-defined]

    two_minutes_ago = time.time() - 120
    os.utime(message, (two_minutes_ago, two_minutes_ago))
    late, shown = status()
    assert late["spool"]["oldest_age_s"] >= 119  # type: ignore[index]
    [problem] = [p for p in late["problems"] if "spool" in p]  # type: ignore[attr-defined]
    assert "pbem serve" in problem and "--now" in problem and str(spool) in problem
    assert "1 message waiting for the judge" in shown and "Problem: 1 piped message" in shown

    assert main(["mail", "poll", "--maildir", str(spool)]) == 0  # the advice, followed
    capsys.readouterr()
    after, shown = status()
    assert after["spool"]["waiting"] == 0  # type: ignore[index]
    assert not [p for p in after["problems"] if "spool" in p]  # type: ignore[attr-defined]
    assert f"Spool ({spool}): empty." in shown
