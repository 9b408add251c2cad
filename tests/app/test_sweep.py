"""The running judge's sweep, step by step on a frozen clock: reminders once each, early
processing when all are in, grace then the late policy, the outage guard, deadlines at the
game's hour in its zone across a change of the clocks."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

import pytest
from freezegun import freeze_time
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.play import games
from pbem.app.running import sweep, workers
from pbem.golden import load, order_file
from pbem.mail.settings import mail_settings
from pbem.store import repo
from pbem.store.db import transaction
from pbem.timing import DEFAULT_TIMING, Timing

DEMO = Path(__file__).resolve().parents[2] / "orders" / "demo"
START = datetime(2026, 3, 20, 9, 0, tzinfo=UTC)  # a Friday, before the clocks change
ANN, BO, GM = "ann@example.org", "bo@example.org", "gm@example.org"


@pytest.fixture
def settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    return mail_settings({"PBEM_MAIL_FROM": "judge@example.net"}, tmp_path)


def _game(engine: Engine, timing: Timing, now: datetime = START) -> None:
    golden = load(DEMO)
    games.create_game(engine, games.GameSpec(
        game_id="aegean", scenario="squadron", seed=golden.seed, dice_name=golden.game_id,
        columns=18, rows=10, timing=timing, gm_email=GM,
        players=(games.PlayerSpec("Ann", ANN, "blue", "Europe/London", "s3cret-oars"),
                 games.PlayerSpec("Bo", BO, "red", "UTC", "bo-password"))), now=now)


def _phase(engine: Engine) -> tuple[str, datetime, str | None]:
    with transaction(engine) as session:
        phase = repo.open_phase(session, "aegean")
        assert phase is not None and phase.deadline is not None
        return phase.key, phase.deadline, phase.reminded


def _mails(engine: Engine, kind: str) -> list[tuple[list[str], str]]:
    with transaction(engine) as session:
        return [(json.loads(r.recipients), r.subject) for r in repo.outbox_rows(session)
                if r.kind == kind]


def _submit(engine: Engine, who: str, side: str, key: str, now: datetime) -> None:
    with freeze_time(now):
        orders.submit_orders(engine, "aegean", who, (DEMO / order_file(key, side)).read_bytes(),
                             now=now)


LONDON_18 = Timing(durations=(("build", timedelta(days=7)),), default=timedelta(hours=48),
                   hour=time(18, 0), timezone="Europe/London",
                   reminders=(timedelta(hours=24), timedelta(hours=6)),
                   grace=timedelta(hours=12), late_policy="wait")


def test_the_build_deadline_falls_at_the_games_hour_across_the_change_of_clocks(
        engine: Engine) -> None:
    _game(engine, LONDON_18)
    key, deadline, _ = _phase(engine)
    # 7 days from Friday 20 March 09:00 UTC: Friday 27 March, 18:00 London (GMT) = 18:00 UTC
    assert (key, deadline) == ("build", datetime(2026, 3, 27, 18, 0, tzinfo=UTC))


def test_reminders_go_once_each_to_those_who_still_owe_orders(engine: Engine,
                                                              settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, LONDON_18)
    _submit(engine, "Ann", "blue", "build", START + timedelta(days=1))
    deadline = datetime(2026, 3, 27, 18, 0, tzinfo=UTC)
    quiet = sweep.sweep(engine, settings, deadline - timedelta(hours=30), send=False)
    assert quiet.reminders == 0 and _mails(engine, "reminder") == []
    first = sweep.sweep(engine, settings, deadline - timedelta(hours=23), send=False)
    assert first.reminders == 1
    assert _mails(engine, "reminder") == [([BO], "aegean: orders for build are due")]
    again = sweep.sweep(engine, settings, deadline - timedelta(hours=22), send=False)
    assert again.reminders == 0 and len(_mails(engine, "reminder")) == 1
    second = sweep.sweep(engine, settings, deadline - timedelta(hours=5), send=False)
    assert second.reminders == 1 and len(_mails(engine, "reminder")) == 2
    assert _phase(engine)[2] == json.dumps(["1d", "6h"])


def test_a_phase_is_processed_at_its_deadline_and_the_next_opens_at_the_games_hour(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, LONDON_18)
    _submit(engine, "Ann", "blue", "build", START + timedelta(hours=1))
    _submit(engine, "Bo", "red", "build", START + timedelta(hours=2))
    deadline = datetime(2026, 3, 27, 18, 0, tzinfo=UTC)
    before = sweep.sweep(engine, settings, deadline - timedelta(minutes=1), send=False)
    assert before.processed == []  # all in, but early processing is off
    done = sweep.sweep(engine, settings, deadline + timedelta(minutes=2), send=False)
    assert done.processed == [("aegean", "build")]
    key, next_deadline, reminded = _phase(engine)
    # setup: 48 h from the build's deadline (not from the sweep's minute): Sunday 29 March,
    # 18:00 London summer time = 17:00 UTC, the clocks having gone forward that morning
    assert (key, next_deadline, reminded) == ("setup-blue",
                                              datetime(2026, 3, 29, 17, 0, tzinfo=UTC), None)
    # both players, and the game master (the full view, issue 23 §3)
    assert sorted(to[0] for to, _ in _mails(engine, "report")) == [ANN, BO, GM]


def test_early_processing_waits_for_the_settling_delay(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    timing = Timing(default=timedelta(hours=48), early=True, settle=timedelta(minutes=10))
    _game(engine, timing)
    _submit(engine, "Ann", "blue", "build", START + timedelta(hours=1))
    _submit(engine, "Bo", "red", "build", START + timedelta(hours=2))
    settling = sweep.sweep(engine, settings, START + timedelta(hours=2, minutes=5), send=False)
    assert settling.processed == []
    ready = sweep.sweep(engine, settings, START + timedelta(hours=2, minutes=11), send=False)
    assert ready.processed == [("aegean", "build")]


def test_after_the_grace_the_policy_wait_pauses_and_tells_the_game_master(
        engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, LONDON_18)
    _submit(engine, "Ann", "blue", "build", START + timedelta(hours=1))
    deadline = datetime(2026, 3, 27, 18, 0, tzinfo=UTC)
    graced = sweep.sweep(engine, settings, deadline + timedelta(hours=11), send=False)
    assert (graced.processed, graced.paused) == ([], [])
    late = sweep.sweep(engine, settings, deadline + timedelta(hours=12, minutes=1), send=False)
    assert late.paused == [("aegean", "build")]
    assert games.show_game(engine, "aegean")["status"] == "paused"
    told = sorted(to[0] for to, subject in _mails(engine, "notice")
                  if subject == "aegean: paused for late orders")
    assert told == [ANN, BO, GM]


def test_the_policy_proceed_processes_without_the_late_orders(engine: Engine,
                                                              settings) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    _game(engine, replace(LONDON_18, late_policy="proceed"))
    _submit(engine, "Ann", "blue", "build", START + timedelta(hours=1))
    deadline = datetime(2026, 3, 27, 18, 0, tzinfo=UTC)
    done = sweep.sweep(engine, settings, deadline + timedelta(hours=13), send=False)
    assert done.processed == [("aegean", "build")]
    assert games.show_game(engine, "aegean")["status"] == "active"


def test_a_week_long_outage_moves_the_deadlines_it_swallowed(engine: Engine,
                                                             settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, DEFAULT_TIMING)
    deadline = _phase(engine)[1]
    sweep.sweep(engine, settings, START + timedelta(hours=1), send=False)
    back = START + timedelta(days=14)  # down for two weeks, across the build's deadline
    report = sweep.sweep(engine, settings, back, send=False)
    assert report.processed == [] and len(report.extended) == 1
    _, moved, _ = _phase(engine)
    assert moved > back and moved != deadline
    told = _mails(engine, "deadline")
    assert sorted(to[0] for to, _ in told) == [ANN, BO, GM]
    with transaction(engine) as session:
        raw = next(r.raw for r in repo.outbox_rows(session) if r.kind == "deadline")
    message = email.message_from_bytes(raw, policy=email.policy.default)
    names = [p.get_filename() for p in message.iter_attachments()]
    assert "deadline.ics" in names
    _submit(engine, "Ann", "blue", "build", back + timedelta(hours=1))
    _submit(engine, "Bo", "red", "build", back + timedelta(hours=2))
    sweep.sweep(engine, settings, moved - timedelta(minutes=5), send=False)  # running again
    later = sweep.sweep(engine, settings, moved + timedelta(minutes=1), send=False)
    assert later.processed == [("aegean", "build")]  # then it runs as ever


def test_a_short_outage_just_catches_up(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, Timing(default=timedelta(hours=1), durations=(), late_policy="proceed"))
    sweep.sweep(engine, settings, START + timedelta(minutes=30), send=False)
    report = sweep.sweep(engine, settings, START + timedelta(hours=3), send=False)
    assert report.extended == [] and report.processed == [("aegean", "build")]


def test_the_last_sweep_is_remembered(engine: Engine, settings) -> None:  # type: ignore[no-untyped-def]
    _game(engine, DEFAULT_TIMING)
    sweep.sweep(engine, settings, START, send=False)
    with transaction(engine) as session:
        last = repo.judge_state(session, sweep.SWEEP_KEY)
    assert last is not None and last["at"] == START.isoformat() and last["processed"] == 0


def test_reports_drawn_by_worker_processes_are_the_same_bytes(engine: Engine,
                                                              settings) -> None:  # type: ignore[no-untyped-def]
    from pbem.app.play import phases
    from pbem.app.reports.mailmake import maker

    _game(engine, DEFAULT_TIMING)
    _submit(engine, "Ann", "blue", "build", START + timedelta(hours=1))
    _submit(engine, "Bo", "red", "build", START + timedelta(hours=2))
    phases.process_phase(engine, "aegean", now=START + timedelta(hours=3), mail=settings)
    with transaction(engine) as session:
        rows = [r for r in repo.outbox_rows(session) if r.kind == "report"]
        for row in rows:
            session.expunge(row)
    assert len(rows) == 3 and all(not r.raw for r in rows)  # two players and the game master
    made = workers.make_in_pool(engine, settings, START + timedelta(hours=3), workers=2)
    assert made == 3
    with transaction(engine) as session:
        stored = {r.id: bytes(r.raw) for r in repo.outbox_rows(session)}
    for row in rows:
        assert stored[row.id] == maker(engine, settings)(row)  # drawn anywhere: same bytes


def test_a_players_record_counts_orders_on_time_late_and_missing(engine: Engine,
                                                                  settings) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from pbem.app.league.records import player_record

    _game(engine, replace(LONDON_18, late_policy="proceed", grace=timedelta(hours=2)))
    deadline = datetime(2026, 3, 27, 18, 0, tzinfo=UTC)
    _submit(engine, "Ann", "blue", "build", deadline - timedelta(hours=1))  # on time
    _submit(engine, "Bo", "red", "build", deadline + timedelta(hours=1))  # late, in the grace
    sweep.sweep(engine, settings, deadline + timedelta(hours=1, minutes=5), send=False)
    assert _phase(engine)[0] == "setup-blue"
    setup_deadline = _phase(engine)[1]
    for hours in (-5, -1, 1):  # the judge sweeps all along (a gap would be an outage)
        sweep.sweep(engine, settings, setup_deadline + timedelta(hours=hours), send=False)
    sweep.sweep(engine, settings, setup_deadline + timedelta(hours=2, minutes=1), send=False)
    assert _phase(engine)[0] == "setup-red"  # Ann sent nothing for her set-up: missing
    ann, bo = player_record(engine, ANN), player_record(engine, "BO@example.org")
    assert (ann.on_time, ann.late, ann.missing, ann.reliability) == (1, 0, 1, 0.5)
    assert (bo.on_time, bo.late, bo.missing, bo.reliability) == (0, 1, 0, 0.0)
