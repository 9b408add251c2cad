"""`pbem serve` as an operator runs it: a real process, a real SMTP server on loopback, a
SQLite database with deadlines already past. It catches up at once, mails every report,
stops cleanly on SIGTERM; killed with SIGKILL mid-sweep and started again, it processes
each phase once and loses no report.

About doubles: the outbox sends a message and then records it sent (pbem/mail/outbox.py).
A judge killed between the two sends that message again after a restart, with the same
Message-ID and bytes, so the receiving side can tell. So a report may arrive twice, never
three times, and never not at all."""

from __future__ import annotations

import asyncio
import email
import email.policy
import json
import logging
import os
import signal
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from pbem.app.play import games
from pbem.app.running import sweep
from pbem.app.running.scan import scan as _scan
from pbem.app.running.status import judge_status
from pbem.cli.serve import _poller
from pbem.golden import order_file
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import snapshot, transaction
from tests.helpers.serve import (
    DEMO,
    JUDGE,
    SIDES,
    Judges,
    address,
    due_games,
    judge_database,
    judge_environment,
    pbem,
    wait_for,
)
from tests.mail.smtpd import Collector, SmtpServer, free_port

pytestmark = pytest.mark.slow  # judges in their own processes


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer().start()
    yield server
    server.stop()


@pytest.fixture
def database(tmp_path: Path) -> Iterator[tuple[str, Engine]]:
    url, engine = judge_database(tmp_path)
    yield url, engine
    engine.dispose()


@pytest.fixture
def judges(tmp_path: Path, smtp: SmtpServer, database: tuple[str, Engine]) -> Iterator[Judges]:
    started = Judges(tmp_path, judge_environment(tmp_path, smtp.port), database[0])
    yield started
    started.close()


def parsed(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def message_ids(server: SmtpServer) -> Counter[str]:
    return Counter(str(parsed(m.content)["Message-ID"]) for m in server.received)


def resolved_builds(engine: Engine) -> dict[str, int]:
    """Each game's number of resolved build phases."""
    with snapshot(engine) as session:
        return {game.id: sum(p.key == "build" and p.status == "resolved"
                             for p in repo.phases(session, game.id))
                for game in repo.games(session)}


def all_sent(engine: Engine) -> bool:
    with snapshot(engine) as session:
        rows = repo.outbox_rows(session)
        return bool(rows) and all(row.state == "sent" for row in rows)


def outbox(judges: Judges) -> list[dict[str, Any]]:
    done = pbem(judges.environment, "mail", "outbox", "--json", "--db", judges.url)
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def log_events(text: str) -> list[dict[str, Any]]:
    """The judge's JSON log lines (stdout's lines, not JSON, left out)."""
    events = []
    for line in text.splitlines():
        if line.startswith("{"):
            events.append(json.loads(line))
    return events


def test_a_judge_started_after_the_deadlines_processes_them_and_mails_the_reports(
        smtp: SmtpServer, database: tuple[str, Engine], judges: Judges) -> None:
    _, engine = database
    game_ids = ["aegean", "ionian"]
    due_games(engine, game_ids)
    judge = judges.start("--every", "3600")  # one sweep, at start: the last one is that one

    wait_for(lambda: len(smtp.received) >= 4, "the four reports", alive=judge, log=judges.log)
    status = wait_for(lambda: json.loads(pbem(judges.environment, "status", "--json", "--db",
                                              judges.url).stdout)["last_sweep"],
                      "pbem status to show the last sweep", alive=judge, log=judges.log)
    assert status["processed"] == 2 and status["sent"] == 4
    assert judges.stop(judge) == 0

    assert len(smtp.received) == 4
    expected = {(address(g, side), f"{g} — build (4.2): your report") for g in game_ids
                for side in SIDES}
    got = set()
    for delivered in smtp.received:
        message = parsed(delivered.content)
        assert delivered.mail_from == JUDGE
        assert list(delivered.rcpt_tos) == [str(message["To"]).strip("<>")]
        got.add((delivered.rcpt_tos[0], str(message["Subject"])))
        assert message["Auto-Submitted"] == "auto-generated"
        assert message["X-PBEM-Loop"] == JUDGE
        maps = [part for part in message.walk() if part.get_content_type() == "image/png"]
        assert maps and maps[0].get_content().startswith(b"\x89PNG\r\n\x1a\n")
    assert got == expected
    assert len(message_ids(smtp)) == 4
    assert resolved_builds(engine) == dict.fromkeys(game_ids, 1)
    for game_id in game_ids:
        assert games.show_game(engine, game_id)["phase"] == "setup-blue"
    events = log_events(judges.log())
    assert {e.get("game") for e in events if e["event"] == "phase processed"} == set(game_ids)
    assert any(e["event"] == "sweep done" and e.get("processed") == 2 for e in events)


def test_killed_while_processing_and_restarted_it_processes_each_game_once(
        smtp: SmtpServer, database: tuple[str, Engine], judges: Judges, tmp_path: Path) -> None:
    url, engine = database
    game_ids = [f"g{number:02d}" for number in range(1, 31)]
    due_games(engine, game_ids)
    judge = judges.start()

    # Stop the judge mid-sweep, surely before it sends anything: take the database's write
    # lock between two of its transactions once a first phase is in, and kill it while it
    # waits for the lock (it claims mail only after processing every due phase).
    lock = sqlite3.connect(tmp_path / "pbem.sqlite", isolation_level=None, timeout=0)
    ends = time.monotonic() + 60
    try:
        while True:
            assert judge.poll() is None, judges.log()
            assert time.monotonic() < ends, "no phase processed in 60 s\n" + judges.log()
            try:  # never waiting: the lock is taken in the first gap between two of its own
                lock.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError:
                time.sleep(0.0005)
                continue
            resolved = lock.execute(
                "SELECT count(*) FROM phases WHERE status = 'resolved'").fetchone()[0]
            if resolved:
                break
            lock.execute("ROLLBACK")
            time.sleep(0.002)  # the judge's turn at the lock
        claimed = lock.execute("SELECT count(*) FROM mail_out WHERE attempts > 0 "
                               "OR next_attempt_at > created_at").fetchone()[0]
        os.kill(judge.pid, signal.SIGKILL)
        judge.wait()
        lock.execute("ROLLBACK")
    finally:
        lock.close()
    assert claimed == 0 and smtp.received == []  # killed before any mail left
    assert 0 < resolved < len(game_ids), f"killed with {resolved} phases resolved"

    again = judges.start()
    wait_for(lambda: sum(resolved_builds(engine).values()) == len(game_ids),
             "every build processed", alive=again, log=judges.log)
    wait_for(lambda: len(smtp.received) >= 2 * len(game_ids), "every report", alive=again,
             log=judges.log)
    wait_for(lambda: all_sent(engine), "the outbox to record every report sent", alive=again,
             log=judges.log)
    assert judges.stop(again) == 0

    assert resolved_builds(engine) == dict.fromkeys(game_ids, 1)  # each once, none twice
    for game_id in game_ids:
        assert games.show_game(engine, game_id)["phase"] == "setup-blue"
    for game_id in game_ids[:: len(game_ids) // 3]:
        done = pbem(judges.environment, "game", "verify", game_id, "--db", url)
        assert done.returncode == 0, done.stdout + done.stderr
    rows = outbox(judges)
    assert len(rows) == 2 * len(game_ids)
    assert {(row["to"], row["subject"]) for row in rows} == {
        (address(g, side), f"{g} — build (4.2): your report") for g in game_ids for side in SIDES}
    # nothing was on its way when the judge died, so each report came exactly once
    ids = message_ids(smtp)
    assert len(ids) == len(rows) and set(ids.values()) == {1}


class HoldingCollector(Collector):
    """Takes the first message, then does not answer its DATA until `release` is set: the
    judge, killed meanwhile, never learns that its message arrived."""

    def __init__(self) -> None:
        super().__init__()
        self.first_taken = threading.Event()
        self.release = threading.Event()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        answer = await super().handle_DATA(server, session, envelope)
        if not self.first_taken.is_set():
            self.first_taken.set()
            while not self.release.is_set():
                await asyncio.sleep(0.05)
        return answer


@pytest.fixture
def holding_smtp() -> Iterator[tuple[SmtpServer, HoldingCollector]]:
    server = SmtpServer()
    collector = HoldingCollector()
    server.collector = collector
    server.start()
    yield server, collector
    collector.release.set()
    server.stop()


def test_killed_while_sending_and_restarted_it_sends_every_report(
        holding_smtp: tuple[SmtpServer, HoldingCollector], database: tuple[str, Engine],
        tmp_path: Path) -> None:
    server, collector = holding_smtp
    url, engine = database
    game_ids = [f"h{number:02d}" for number in range(1, 11)]
    due_games(engine, game_ids)
    environment = judge_environment(tmp_path, server.port)
    environment["PBEM_SMTP_TIMEOUT"] = "3"  # a lease made to fit it would be short too
    environment["PBEM_SMTP_DATA_TIMEOUT"] = "3"  # (the lease outlasts the end-of-data wait)
    judges = Judges(tmp_path, environment, url)
    try:
        judge = judges.start()
        wait_for(collector.first_taken.is_set, "the first report to reach the server",
                 alive=judge, log=judges.log)
        os.kill(judge.pid, signal.SIGKILL)  # the server has it; the judge never heard so
        judge.wait()
        collector.release.set()
        first = str(parsed(server.received[0].content)["Message-ID"])
        assert resolved_builds(engine) == dict.fromkeys(game_ids, 1)

        again = judges.start()
        wait_for(lambda: all_sent(engine), "the restarted judge to send every report",
                 timeout=15, alive=again, log=judges.log)
        assert judges.stop(again) == 0
    finally:
        judges.close()

    rows = outbox(judges)
    assert len(rows) == 2 * len(game_ids) and {row["state"] for row in rows} == {"sent"}
    ids = message_ids(server)
    assert len(ids) == len(rows)  # every report arrived; none is unknown to the outbox
    assert max(ids.values()) <= 2  # a resend carries the same Message-ID
    assert ids[first] == 2  # the one cut off was sent again


def test_orders_are_taken_while_the_judge_sweeps(
        smtp: SmtpServer, database: tuple[str, Engine], judges: Judges, tmp_path: Path) -> None:
    url, engine = database
    game_ids = [f"o{number:02d}" for number in range(1, 11)]
    due_games(engine, game_ids, hours_ago=0)  # active, nothing due: each sweep scans them all
    judge = judges.start()

    def sweeps() -> int:
        with snapshot(engine) as session:
            last = repo.judge_state(session, "sweep")
        return 0 if last is None else 1

    wait_for(sweeps, "a first sweep", alive=judge, log=judges.log)
    orders_file = tmp_path / "build-blue.txt"
    orders_file.write_bytes((DEMO / order_file("build", "blue")).read_bytes())
    for game_id in game_ids[:3]:
        done = pbem(judges.environment, "orders", "submit", game_id, str(orders_file),
                    "--player", f"Blue{game_id}", "--db", url)
        assert done.returncode == 0, done.stdout + done.stderr
    assert judge.poll() is None, judges.log()
    assert judges.stop(judge) == 0

    # The scan itself reads a snapshot: it finishes while another connection holds the
    # write lock (with BEGIN IMMEDIATE it would wait for it, and fail after the timeout).
    lock = sqlite3.connect(tmp_path / "pbem.sqlite", isolation_level=None, timeout=30)
    scanned: list[int] = []
    try:
        lock.execute("BEGIN IMMEDIATE")
        scan = threading.Thread(target=lambda: scanned.append(len(_scan(engine,
                                                                        datetime.now(UTC)))),
                                daemon=True)
        scan.start()
        scan.join(timeout=10)
        lock.execute("ROLLBACK")
    finally:
        lock.close()
    assert scanned == [len(game_ids)]


def test_a_judge_whose_clock_went_back_holds_until_the_operator_accepts_it(
        smtp: SmtpServer, database: tuple[str, Engine], judges: Judges) -> None:
    _, engine = database
    due_games(engine, ["aegean"])
    ahead = datetime.now(UTC) + timedelta(days=2)  # a last sweep run by a clock two days fast
    with transaction(engine) as session:
        repo.set_judge_state(session, "sweep", {"at": ahead.isoformat(), "processed": 0}, ahead)
    judge = judges.start("--every", "3600")

    def held() -> Any:
        return json.loads(pbem(judges.environment, "status", "--json", "--db",
                               judges.url).stdout)["held"]
    hold = wait_for(held, "pbem status to show the hold", alive=judge, log=judges.log)
    assert hold["direction"] == "back" and hold["last_sweep"] == ahead.isoformat()
    text = pbem(judges.environment, "status", "--db", judges.url).stdout
    assert "Sweep held: the clock reads" in text and "--accept-clock" in text
    assert judges.stop(judge) == 0
    assert resolved_builds(engine) == {"aegean": 0} and smtp.received == []
    assert any(e["event"].startswith("sweep held") for e in log_events(judges.log()))

    again = judges.start("--every", "3600", "--accept-clock")
    wait_for(lambda: len(smtp.received) >= 2, "the two reports", alive=again, log=judges.log)
    assert judges.stop(again) == 0
    assert resolved_builds(engine) == {"aegean": 1}
    assert held() is None
    helped = pbem(judges.environment, "serve", "--help").stdout
    assert "--accept-clock" in helped and "--clock-limit" in helped


def test_an_imap_mailbox_that_cannot_be_reached_is_a_fault_of_the_poll_logged_once(
        database: tuple[str, Engine], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    _, engine = database
    for name, value in {"PBEM_IMAP_HOST": "127.0.0.1", "PBEM_IMAP_PORT": str(free_port()),
                        "PBEM_IMAP_SECURITY": "starttls", "PBEM_IMAP_USER": "judge",
                        "PBEM_IMAP_PASSWORD": "imap-secret", "PBEM_IMAP_TIMEOUT": "5"}.items():
        monkeypatch.setenv(name, value)
    settings = mail_settings({"PBEM_MAIL_FROM": JUDGE}, tmp_path)
    poll = _poller(engine, settings)
    assert poll is not None
    caplog.set_level(logging.INFO)
    now = datetime.now(UTC)
    for minutes in (0, 1):
        sweep.sweep(engine, settings, now + timedelta(minutes=minutes), poll=poll)
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1 and "polling the mailbox fails" in said[0], said
    faults = judge_status(engine, now)["faults"]
    assert [f["step"] for f in faults] == ["poll"] and "IMAP mailbox" in faults[0]["error"]
    assert "imap-secret" not in faults[0]["error"]
