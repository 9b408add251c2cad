"""The running judge's one job: a sweep that reads what is due from the database and does it.

The scheduler only wakes it (`pbem serve`); the deadlines, the reminders sent and the last
sweep are stored, so a judge that was down catches up at its first sweep, and one that was
down longer than the outage limit does not process a backlog of deadlines at once: it moves
those deadlines on, tells the players and the game master, and goes on.

A sweep, in order: the clock guard (a sweep whose clock is earlier than the last sweep's,
or later by more than the clock limit, 30 days unless told, or that moved more than five
minutes further than the machine's own running time since the last sweep of the same boot
of the same machine, holds: it does nothing, keeps
the last good sweep's time and says so in judge_state, `sweep_hold`, until the clock is
right again or the operator accepts the new time, `pbem serve --accept-clock`); the outage
guard; a read-only scan of every active game's open phase
(a snapshot that never waits for a writer); each phase's state by pbem.deadlines
(`phase_state`): processed when ready or due, the late policy applied after the grace
(`wait` pauses the game and tells the game master; `proceed` processes it without the
late orders), reminders to the players who still owe orders; the leagues take their games'
results and pair their next rounds; then, when configured, the IMAP mailbox is polled; the
outbox is sent (its reports and maps drawn first by worker processes, which die with the
judge however it ends); and, at most once an hour, handled mail past its retention is
trimmed (pbem.app.running.retention).

Each game (its scan and what is done with it), the league step, the poll, the drawing of
mail in worker processes, the outbox and the trimming are guarded on their own: a fault in one is
remembered in judge_state (`sweep_faults`, shown by `pbem status`), logged once when it
appears (not at every sweep) and once when it goes away, and the sweep goes on. A locked or
unreachable database is not a fault of the game that met it: it is retried where it always
was (`retrying`), and what still fails is logged at each sweep, as a passing trouble.

This module owns the order of the steps, the guard around each, and what the sweep keeps of
itself and of its faults (judge_state `sweep`, `sweep_faults`); the steps are siblings: the
guards (guards), the scan (scan) and the pass over each game (act), the outbox (sending,
its drawing in worker processes: workers), the retention (retention), and what they share
(shared). It may call those and pbem.app.league (its rounds go on), pbem.mail's settings and
the store.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.league import league
from pbem.app.running import retention
from pbem.app.running.act import act
from pbem.app.running.guards import (
    CLOCK_LIMIT,
    OUTAGE_LIMIT,
    SWEEP_KEY,
    HostClock,
    guard_clock,
    guard_outage,
)
from pbem.app.running.scan import scan
from pbem.app.running.sending import send_outbox
from pbem.app.running.shared import STEPS, Fault, SweepReport, said, transient
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction

LOG = logging.getLogger(__name__)
FAULTS_KEY = "sweep_faults"  # the games and steps that fail, for `pbem status`


def sweep(engine: Engine, settings: MailSettings | None, now: datetime, *,
          outage_limit: timedelta = OUTAGE_LIMIT, send: bool = True,
          poll: Callable[[], int] | None = None, workers: int = 1,
          clock_limit: timedelta = CLOCK_LIMIT, accept_clock: bool = False,
          host: HostClock | None = None) -> SweepReport:
    """One sweep at `now` (see the module's docstring); `send` delivers the outbox after,
    `poll` (if given) takes the mail waiting in a mailbox and returns how many. A `now`
    earlier than the last sweep's, or later by more than `clock_limit`, holds the sweep
    (`report.held` says why) unless `accept_clock`; so does a `now` that moved further than
    the machine's own running time (`host`, see `host_clock`) since the last sweep."""
    started = time.perf_counter()
    report = SweepReport(at=now)
    report.held = guard_clock(engine, now, clock_limit, accept_clock, host)
    if report.held is not None:
        report.seconds = time.perf_counter() - started
        LOG.info("sweep held", extra={"why": report.held})
        return report
    faults: dict[str, Fault] = {}
    passing: set[str] = set()  # met a locked database: their last record stands
    guard_outage(engine, settings, now, outage_limit, report, faults)
    items = [item for item in scan(engine, now, faults)
             if f"game:{item.game_id}" not in faults]  # left alone when its deadline could not move
    report.failed += [(f.game or "", f.phase or "?", f.error) for f in faults.values()]
    for item in items:
        try:
            act(engine, settings, item, now, report)
        except Exception as exc:  # noqa: BLE001 - the next game must still be swept
            if transient(exc):
                LOG.exception("sweeping %s of %s failed", item.key, item.game_id,
                              extra={"game": item.game_id, "phase": item.key})
                passing.add(f"game:{item.game_id}")
            else:
                faults[f"game:{item.game_id}"] = Fault("game", item.game_id, item.key,
                                                       said(exc), exc)
            report.failed.append((item.game_id, item.key, said(exc)))

    def step(name: str, work: Callable[[], int]) -> int:
        try:
            return work()
        except Exception as exc:  # noqa: BLE001 - the steps after it must still run
            if transient(exc):
                LOG.exception("%s failed", STEPS[name], extra={"step": name})
                passing.add(f"step:{name}")
            else:
                faults[f"step:{name}"] = Fault(name, None, None, said(exc), exc)
            return 0

    # a league round goes on once its games are over
    step("league", lambda: len(league.advance(engine, settings, now)))
    if poll is not None:
        report.polled = step("poll", poll)
    if send and settings is not None:
        report.sent = send_outbox(engine, settings, now, workers, step)
    if settings is not None:  # at most once an hour (pbem.app.running.retention)
        step("retention", lambda: _trim(engine, settings, now))
    try:
        retrying(lambda: _remember_faults(engine, faults, passing, now))
    except Exception:  # noqa: BLE001 - the sweep is still remembered below
        LOG.exception("storing the sweep's faults failed")
    report.seconds = time.perf_counter() - started

    def remember() -> None:
        with transaction(engine) as session:
            repo.set_judge_state(session, SWEEP_KEY, {
                "at": now.isoformat(), "seconds": round(report.seconds, 3),
                "processed": len(report.processed), "failed": len(report.failed),
                "reminders": report.reminders, "sent": report.sent,
                **({"boot": host[0], "uptime": round(host[1], 3)} if host else {})}, now)
    retrying(remember)
    LOG.info("sweep done", extra={"processed": len(report.processed),
                                  "failed": len(report.failed), "reminders": report.reminders,
                                  "sent": report.sent, "seconds": round(report.seconds, 3)})
    return report


def _trim(engine: Engine, settings: MailSettings, now: datetime) -> int:

    done = retention.trim_due(engine, settings.retention_days, now)
    if done is None:
        return 0
    if done.mail_in or done.mail_out:
        LOG.info("mail past its retention trimmed", extra={
            "mail_in": done.mail_in, "mail_out": done.mail_out,
            "retention_days": settings.retention_days})
    return done.mail_in + done.mail_out


def _remember_faults(engine: Engine, faults: dict[str, Fault], passing: set[str],
                     now: datetime) -> None:
    """The faults of this sweep stored for `pbem status`: each new one (or one whose error
    changed) logged with its traceback, each gone logged as gone; nothing written when
    nothing changed. A subject that met a locked database keeps its last record."""
    with snapshot(engine) as session:
        stored = {record["key"]: record for record in
                  (repo.judge_state(session, FAULTS_KEY) or {}).get("faults", [])}
    records: dict[str, dict[str, Any]] = {}
    for key, fault in sorted(faults.items()):
        before = stored.get(key)
        same = before is not None and before.get("error") == fault.error
        records[key] = {"key": key, "step": fault.step, "game": fault.game,
                        "phase": fault.phase, "error": fault.error,
                        "since": before["since"] if same and before else now.isoformat()}
        if not same:
            what = ("the game cannot be swept" if fault.game is not None
                    else f"{STEPS[fault.step]} fails")
            LOG.error("%s (logged once, shown by `pbem status` until it is fixed): %s", what,
                      fault.error, exc_info=fault.exc,
                      extra={"game": fault.game, "phase": fault.phase, "step": fault.step})
    for key, before in stored.items():
        if key in records:
            continue
        if key in passing:
            records[key] = before
            continue
        if before.get("game") is not None:
            LOG.info("game reads again", extra={"game": before["game"]})
        else:
            LOG.info("step works again", extra={"step": before.get("step")})
    if records == stored:
        return
    with transaction(engine) as session:
        repo.set_judge_state(session, FAULTS_KEY,
                             {"faults": sorted(records.values(), key=lambda r: r["key"])}, now)

