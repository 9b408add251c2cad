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
trimmed (pbem/app/retention.py).

Each game (its scan and what is done with it), the league step, the poll, the drawing of
mail in worker processes, the outbox and the trimming are guarded on their own: a fault in one is
remembered in judge_state (`sweep_faults`, shown by `pbem status`), logged once when it
appears (not at every sweep) and once when it goes away, and the sweep goes on. A locked or
unreachable database is not a fault of the game that met it: it is retried where it always
was (`retrying`), and what still fails is logged at each sweep, as a passing trouble.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlmodel import col, select

from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.base.timing import timing_of
from pbem.app.league import league
from pbem.app.mailout.notices import local, notice, tell_deadline
from pbem.app.play import games, phases
from pbem.app.reports.mailmake import maker
from pbem.app.running import retention
from pbem.deadlines import format_length, outage_extension, phase_state, reminders_due
from pbem.errors import DatabaseBusy
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction
from pbem.store.models import GameRow, PhaseRow

LOG = logging.getLogger(__name__)
SWEEP_KEY = "sweep"
FAULTS_KEY = "sweep_faults"  # the games and steps that fail, for `pbem status`
HOLD_KEY = "sweep_hold"  # a sweep held because its clock jumped, for `pbem status`
OUTAGE_LIMIT = timedelta(hours=6)
CLOCK_LIMIT = timedelta(days=30)  # far beyond an outage the outage guard handles
CLOCK_TOLERANCE = timedelta(minutes=5)  # two judges' clocks, or a sweep that ended late
STEPS = {"game": "sweeping the game", "league": "advancing the leagues",
         "make": "drawing the mail in worker processes", "outbox": "sending the outbox",
         "poll": "polling the mailbox", "retention": "trimming mail past its retention"}


@dataclass
class SweepReport:
    at: datetime
    seconds: float = 0.0
    processed: list[tuple[str, str]] = field(default_factory=list)
    failed: list[tuple[str, str, str]] = field(default_factory=list)
    paused: list[tuple[str, str]] = field(default_factory=list)
    extended: list[tuple[str, str, str]] = field(default_factory=list)
    reminders: int = 0
    sent: int = 0
    polled: int = 0
    held: str | None = None  # why nothing was done: the clock jumped

    def as_json(self) -> dict[str, Any]:
        return {"at": self.at.isoformat(), "seconds": round(self.seconds, 3),
                "processed": [list(p) for p in self.processed],
                "failed": [list(f) for f in self.failed],
                "paused": [list(p) for p in self.paused],
                "extended": [list(e) for e in self.extended],
                "reminders": self.reminders, "sent": self.sent, "polled": self.polled,
                "held": self.held}


@dataclass(frozen=True)
class _Open:
    """An active game's open phase as the scan saw it."""

    game_id: str
    phase_id: int
    key: str
    state: str  # of pbem.deadlines.phase_state
    late: tuple[tuple[int, str, str, str], ...]  # (player id, name, email, timezone) owing
    reminders: tuple[timedelta, ...]  # due now, to the late
    policy: str


def _aware(moment: datetime | None) -> datetime | None:
    if moment is None:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _transient(exc: BaseException) -> bool:
    """A locked or unreachable database: a passing trouble of the judge, not of a game."""
    return isinstance(exc, OperationalError | DatabaseBusy)


def _said(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}".splitlines()[0][:300]


@dataclass(frozen=True)
class _Fault:
    """A game or a step that failed in this sweep."""

    step: str  # of STEPS
    game: str | None
    phase: str | None
    error: str
    exc: BaseException | None = field(default=None, compare=False)

    @property
    def key(self) -> str:
        return f"game:{self.game}" if self.game is not None else f"step:{self.step}"


def _scan(engine: Engine, now: datetime,
          faults: dict[str, _Fault] | None = None) -> list[_Open]:
    """Every active game's open phase, read in a snapshot; a game that cannot be read is
    left out (and put in `faults`, when given). A locked database raises, as ever. After a
    failed statement (a damaged row) the rest is read in a fresh snapshot, which PostgreSQL
    needs after an error in a transaction."""
    found: list[_Open] = []
    seen: set[str] = set()
    while True:
        with snapshot(engine) as session:
            fresh = False
            for game in _active_games(session):
                if game.id in seen:
                    continue
                seen.add(game.id)
                key = None
                try:
                    phase = repo.open_phase(session, game.id)
                    key = phase.key if phase is not None else None
                    item = _scan_game(session, game, phase, now)
                except Exception as exc:  # noqa: BLE001 - the next game must still be swept
                    if _transient(exc):
                        raise
                    if faults is not None:
                        faults[f"game:{game.id}"] = _Fault("game", game.id, key, _said(exc), exc)
                    if isinstance(exc, SQLAlchemyError):
                        fresh = True
                        break
                    continue
                if item is not None:
                    found.append(item)
            if not fresh:
                return found


def _scan_game(session: Any, game: GameRow, phase: PhaseRow | None,
               now: datetime) -> _Open | None:
    if phase is None or phase.deadline is None:
        return None
    timing = timing_of(game)
    hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
    owing = set(hosted.owes())
    players = [p for p in repo.players(session, game.id) if p.side in owing]
    latest = {p.id: repo.latest_submission(session, phase.id or 0, p.id or 0)
              for p in players}
    late = tuple((p.id or 0, p.name, p.email, p.timezone) for p in players
                 if latest[p.id] is None)
    all_in = None
    if players and not late:
        all_in = max(_aware(s.received_at) for s in latest.values()  # type: ignore[type-var, union-attr]
                     if s is not None)
    deadline = _aware(phase.deadline)
    assert deadline is not None
    state = phase_state(now, deadline, timing, all_in, nobody_owes=not players)
    sent = frozenset(_lengths(phase.reminded))
    due = tuple(reminders_due(deadline, timing, sent, now, opened=_aware(phase.opened_at)))
    return _Open(game.id, phase.id or 0, phase.key, state, late,
                 due if late and state in ("waiting", "settling") else (), timing.late_policy)


def _active_games(session: Any) -> list[GameRow]:
    return list(session.exec(select(GameRow).where(GameRow.status == "active")
                             .order_by(col(GameRow.id))).all())


def _lengths(stored: str | None) -> list[timedelta]:
    from pbem.deadlines import parse_length

    return [parse_length(text, "reminder") for text in json.loads(stored or "[]")]


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
    report.held = _guard_clock(engine, now, clock_limit, accept_clock, host)
    if report.held is not None:
        report.seconds = time.perf_counter() - started
        LOG.info("sweep held", extra={"why": report.held})
        return report
    faults: dict[str, _Fault] = {}
    passing: set[str] = set()  # met a locked database: their last record stands
    _guard_outage(engine, settings, now, outage_limit, report, faults)
    items = [item for item in _scan(engine, now, faults)
             if f"game:{item.game_id}" not in faults]  # left alone when its deadline could not move
    report.failed += [(f.game or "", f.phase or "?", f.error) for f in faults.values()]
    for item in items:
        try:
            _act(engine, settings, item, now, report)
        except Exception as exc:  # noqa: BLE001 - the next game must still be swept
            if _transient(exc):
                LOG.exception("sweeping %s of %s failed", item.key, item.game_id,
                              extra={"game": item.game_id, "phase": item.key})
                passing.add(f"game:{item.game_id}")
            else:
                faults[f"game:{item.game_id}"] = _Fault("game", item.game_id, item.key,
                                                        _said(exc), exc)
            report.failed.append((item.game_id, item.key, _said(exc)))

    def step(name: str, work: Callable[[], int]) -> int:
        try:
            return work()
        except Exception as exc:  # noqa: BLE001 - the steps after it must still run
            if _transient(exc):
                LOG.exception("%s failed", STEPS[name], extra={"step": name})
                passing.add(f"step:{name}")
            else:
                faults[f"step:{name}"] = _Fault(name, None, None, _said(exc), exc)
            return 0

    # a league round goes on once its games are over
    step("league", lambda: len(league.advance(engine, settings, now)))
    if poll is not None:
        report.polled = step("poll", poll)
    if send and settings is not None:
        report.sent = _send(engine, settings, now, workers, step)
    if settings is not None:  # at most once an hour (pbem/app/retention.py)
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


def _act(engine: Engine, settings: MailSettings | None, item: _Open, now: datetime,
         report: SweepReport) -> None:
    if item.state in ("ready", "due") or (item.state == "late" and item.policy == "proceed"):
        try:
            phases.process_phase(engine, item.game_id, item.key, now, settings,
                                 skip_locked=True)
        except JudgeError as exc:  # processed meanwhile by another judge, or paused
            LOG.info("skipped: %s", exc, extra={"game": item.game_id, "phase": item.key})
            return
        report.processed.append((item.game_id, item.key))
        LOG.info("phase processed", extra={"game": item.game_id, "phase": item.key,
                                            "why": item.state})
    elif item.state == "late":
        _pause_for_late(engine, settings, item, now)
        report.paused.append((item.game_id, item.key))
    elif item.reminders:
        report.reminders += _remind(engine, settings, item, now)


def _pause_for_late(engine: Engine, settings: MailSettings | None, item: _Open,
                    now: datetime) -> None:
    """Policy `wait`: the game stands still until its game master resumes it."""
    games.pause_game(engine, item.game_id, now)
    names = ", ".join(name for _, name, _, _ in item.late)
    LOG.warning("game paused: orders missing after the grace",
                extra={"game": item.game_id, "phase": item.key, "late": names})
    if settings is None:
        return

    def tell() -> None:
        with transaction(engine) as session:
            game = repo.game(session, item.game_id)
            addresses = [p.email for p in repo.players(session, item.game_id)]
            if game is not None and game.gm_email:
                addresses.append(game.gm_email)
            text = (f"{item.game_id} is paused: the deadline of {item.key} and its grace have "
                    f"passed without orders from {names}. The game waits for its game master "
                    "(`pbem game resume`), who may extend the deadline or replace a player.")
            for address in dict.fromkeys(addresses):
                notice(session, settings, address, f"{item.game_id}: paused for late orders",
                        text, f"paused/{item.game_id}/{item.phase_id}/{address}",
                        item.game_id, now)
    retrying(tell)


def _remind(engine: Engine, settings: MailSettings | None, item: _Open, now: datetime) -> int:
    """The nearest reminder due, to each player who still owes orders, once."""
    def work() -> int:
        with transaction(engine) as session:
            game = repo.lock_game(session, item.game_id)
            phase = session.get(PhaseRow, item.phase_id)
            if game is None or phase is None or phase.status != "open":
                return 0
            sent = _lengths(phase.reminded)
            new = [r for r in item.reminders if r not in sent]
            if not new:
                return 0
            phase.reminded = json.dumps(sorted({format_length(r) for r in [*sent, *new]}))
            session.add(phase)
            if settings is None:
                return 0
            deadline = _aware(phase.deadline)
            count = 0
            for pid, _name, address, zone in item.late:
                left = format_length(max(deadline - now, timedelta(0))) if deadline else "?"
                text = (f"A reminder from the judge: {item.game_id} waits for your orders for "
                        f"{item.key}, due {local(deadline, zone)} (in about {left}). Send "
                        "them after your SIGNON line, as in your last report's template.")
                notice(session, settings, address, f"{item.game_id}: orders for {item.key} "
                        "are due", text, f"reminder/{item.phase_id}/{pid}/{new[0]}",
                        item.game_id, now, kind="reminder")
                count += 1
            return count
    return int(retrying(work))


HostClock = tuple[str, float]  # (this boot's id, seconds the machine has run since it)


def host_clock() -> HostClock | None:
    """The machine's own running time, which no setting of the wall clock moves: the boot's
    id and the seconds since boot, suspended time included (Linux's CLOCK_BOOTTIME); None
    where the system has no such clock."""
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as found:
            boot = found.read().strip()
        return boot, time.clock_gettime(time.CLOCK_BOOTTIME)
    except (OSError, AttributeError, ValueError):
        return None


def _drift(last: dict[str, Any] | None, last_at: datetime | None, now: datetime,
           host: HostClock | None) -> timedelta | None:
    """How much further the wall clock moved than the machine's running time since the last
    sweep, when both sweeps ran in the same boot of this machine; else None."""
    if host is None or last is None or last_at is None or last.get("boot") != host[0]:
        return None
    try:
        elapsed = timedelta(seconds=host[1] - float(last["uptime"]))
    except (KeyError, TypeError, ValueError):
        return None
    return now - (last_at + elapsed)


def _guard_clock(engine: Engine, now: datetime, limit: timedelta,
                 accept: bool, host: HostClock | None = None) -> str | None:
    """Why this sweep must hold (its clock is far from the last sweep's), or None. A hold is
    stored under HOLD_KEY and logged when it begins; the last sweep's record is left as it
    was, so a clock put right finds it and goes on. `accept`: the operator says the new time
    is right, and the sweep goes on from it (the outage guard moving what fell due)."""
    with snapshot(engine) as session:
        last_at = _last_sweep_at(session)
        last = repo.judge_state(session, SWEEP_KEY)
        hold = repo.judge_state(session, HOLD_KEY)
    drift = _drift(last, last_at, now, host)
    direction = None
    if last_at is not None and now < last_at - CLOCK_TOLERANCE:
        direction = "back"
    elif last_at is not None and now - last_at > limit:
        direction = "forward"
    elif drift is not None and abs(drift) > CLOCK_TOLERANCE:
        direction = "jumped"
    if direction is None or accept:
        if direction is not None:
            LOG.warning("clock jump accepted by the operator",
                        extra={"now": now.isoformat(), "last_sweep": last_at})
        if hold is not None:
            retrying(lambda: _forget(engine, HOLD_KEY))
            LOG.info("sweep hold released", extra={"now": now.isoformat()})
        return None
    assert last_at is not None
    gap = format_length(abs(now - last_at))
    if direction == "jumped":
        assert drift is not None
        why = (f"the clock reads {now.isoformat()}, {format_length(abs(drift))} "
               f"{'ahead of' if drift > timedelta(0) else 'behind'} the time this machine "
               f"has run since the last sweep ({last_at.isoformat()})")
    elif direction == "back":
        why = (f"the clock reads {now.isoformat()}, {gap} earlier than the last sweep "
               f"({last_at.isoformat()})")
    else:
        why = (f"the clock reads {now.isoformat()}, {gap} later than the last sweep "
               f"({last_at.isoformat()}), beyond the limit of {format_length(limit)}")
    begins = hold is None or hold.get("direction") != direction
    record = {"now": now.isoformat(), "last_sweep": last_at.isoformat(),
              "direction": direction, "limit": format_length(limit),
              "since": now.isoformat() if begins or hold is None
              else hold.get("since", now.isoformat())}

    def keep() -> None:
        with transaction(engine) as session:
            repo.set_judge_state(session, HOLD_KEY, record, now)
    retrying(keep)
    if begins:
        LOG.warning("sweep held: %s; nothing is done until the clock is right, or `pbem "
                    "serve --accept-clock` says the new time is", why,
                    extra={"now": now.isoformat(), "last_sweep": last_at.isoformat(),
                           "direction": direction})
    return why


def _last_sweep_at(session: Any) -> datetime | None:
    """When the last sweep ran (UTC), or None: none yet, or its record cannot be read (the
    next sweep writes a new one)."""
    last = repo.judge_state(session, SWEEP_KEY)
    try:
        return _aware(datetime.fromisoformat(str((last or {})["at"])))
    except (KeyError, ValueError):
        return None


def _forget(engine: Engine, key: str) -> None:
    from sqlalchemy import delete

    from pbem.store.models import JudgeStateRow

    with transaction(engine) as session:
        session.execute(delete(JudgeStateRow).where(col(JudgeStateRow.key) == key))


def _guard_outage(engine: Engine, settings: MailSettings | None, now: datetime,
                  limit: timedelta, report: SweepReport,
                  faults: dict[str, _Fault] | None = None) -> None:
    """After an outage longer than `limit`, the deadlines that fell in it move on, each game
    in its own transaction: a game that cannot be moved is put in `faults` (when given; the
    sweep then leaves it alone) and the others are moved."""
    with snapshot(engine) as session:
        last_at = _last_sweep_at(session)
        game_ids = [game.id for game in _active_games(session)]
    if last_at is None or now - last_at <= limit:
        return

    def move(game_id: str) -> tuple[str, datetime] | None:
        with transaction(engine) as session:
            game = repo.game(session, game_id)
            phase = repo.open_phase(session, game_id) if game is not None else None
            deadline = _aware(phase.deadline) if phase is not None else None
            if game is None or game.status != "active" or phase is None or deadline is None:
                return None
            moved = outage_extension(last_at, now, limit, deadline)
            if moved is None:
                return None
            phase.deadline = moved
            phase.reminded = None
            session.add(phase)
            repo.journal_append(session, game.id, "deadline_extended", {
                "phase": phase.key, "was": deadline.isoformat(),
                "now": moved.isoformat(), "why": "the judge was down"}, now)
            if settings is not None:
                tell_deadline(session, settings, game, phase, moved, now,
                              "the judge was not running when it fell due")
            return phase.key, moved

    for game_id in game_ids:
        try:
            done = retrying(partial(move, game_id))
        except Exception as exc:  # noqa: BLE001 - the next game's deadline must still move
            if _transient(exc) or faults is None:
                raise
            faults[f"game:{game_id}"] = _Fault("game", game_id, None, _said(exc), exc)
            continue
        if done is not None:
            key, moved = done
            report.extended.append((game_id, key, moved.isoformat()))
            LOG.warning("deadline moved after an outage",
                        extra={"game": game_id, "phase": key, "deadline": moved.isoformat()})


def _send(engine: Engine, settings: MailSettings, now: datetime, workers: int = 1,
          step: Callable[[str, Callable[[], int]], int] | None = None) -> int:
    """The outbox delivered (its mail drawn first by `workers` processes when more than
    one); `step` guards each part (the sweep's: a pool that fails leaves the drawing to the
    sender)."""
    from pbem.mail.outbox import deliver
    from pbem.mail.transport import transport_for

    def guarded(name: str, work: Callable[[], int]) -> int:
        return work() if step is None else step(name, work)

    def deliver_all() -> int:
        sent = 0
        while True:  # everything due, in batches; a batch that sends nothing ends it
            done = deliver(engine, transport_for(settings), now, limit=500,
                           lease=timedelta(seconds=2 * settings.timeout + 5),
                           make=maker(engine, settings))
            sent += len(done.sent)
            if not done.sent or done.attempted < 500:
                return sent

    if workers > 1:
        guarded("make", lambda: make_in_pool(engine, settings, now, workers))
    return guarded("outbox", deliver_all)


def _trim(engine: Engine, settings: MailSettings, now: datetime) -> int:

    done = retention.trim_due(engine, settings.retention_days, now)
    if done is None:
        return 0
    if done.mail_in or done.mail_out:
        LOG.info("mail past its retention trimmed", extra={
            "mail_in": done.mail_in, "mail_out": done.mail_out,
            "retention_days": settings.retention_days})
    return done.mail_in + done.mail_out


def _remember_faults(engine: Engine, faults: dict[str, _Fault], passing: set[str],
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


# --- drawing reports and maps on every core -----------------------------------------

_POOL_STATE: dict[str, Any] = {}


PR_SET_PDEATHSIG = 1  # linux/prctl.h
PARENT_WATCH_S = 1.0  # how often a worker without prctl looks for its parent


def _pool(url: str, settings: MailSettings, workers: int) -> Any:
    """The process pool that draws mail: `workers` processes, each with its own engine, each
    dying with the process that made the pool (a judge killed with SIGKILL leaves no worker
    holding a database connection)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context()
    # forked or spawned, a worker's parent is this process; under a fork server it is the
    # server, which the worker reads at its start
    parent = os.getpid() if context.get_start_method() in ("fork", "spawn") else None
    return ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=_pool_start, initargs=(url, settings, parent))


def _pool_start(url: str, settings: MailSettings, parent: int | None = None) -> None:
    from pbem.store.db import make_engine

    _die_with_parent(os.getppid() if parent is None else parent)
    _POOL_STATE["engine"] = make_engine(url)
    _POOL_STATE["settings"] = settings


def _die_with_parent(parent: int) -> None:
    """This worker ends when `parent` does. On Linux the kernel sends it SIGKILL
    (PR_SET_PDEATHSIG; SIGKILL, because a forked worker inherits the judge's SIGTERM
    handler, which would not end it). The signal comes when the thread that made the worker
    ends: the sweep's thread, which waits in the pool until every worker is done. Elsewhere,
    or when prctl cannot be called, a thread looks for the parent every second. Either way, a
    parent already gone before this ran (the race the signal cannot cover) ends it now."""
    if not (sys.platform.startswith("linux") and _kill_me_with_parent()):
        threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch",
                         daemon=True).start()
    if os.getppid() != parent:
        os._exit(1)


def _kill_me_with_parent() -> bool:
    import ctypes
    import ctypes.util
    import signal

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):  # no libc by that name, or no prctl in it
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_WATCH_S)
    os._exit(1)  # the parent is gone: its reaper takes this process


def _pool_pid(_: int) -> int:
    """A worker's process id (for the tests that watch the workers)."""
    time.sleep(0.05)  # long enough for the other workers to take the next ones
    return os.getpid()


def _pool_make(mail_id: int) -> tuple[int, bytes | None]:
    from pbem.store.models import MailOutRow

    engine = _POOL_STATE["engine"]
    with transaction(engine) as session:
        row = session.get(MailOutRow, mail_id)
        if row is None or row.raw or not row.job:
            return mail_id, None
        session.expunge(row)
    try:
        return mail_id, maker(engine, _POOL_STATE["settings"])(row)
    except Exception:  # noqa: BLE001 - the sender tries again and records why it fails
        LOG.exception("drawing message %s failed in a worker", mail_id)
        return mail_id, None


def make_in_pool(engine: Engine, settings: MailSettings, now: datetime, workers: int) -> int:
    """The queued messages still to be drawn (reports, reply maps), drawn by `workers`
    processes at once (each with its own connection; SQLite's readers do not wait) and
    stored, so the sender only sends. Returns how many were made."""
    from pbem.store.models import MailOutRow

    with snapshot(engine) as session:
        todo = [row_id for row_id, in session.execute(
            select(MailOutRow.id).where(MailOutRow.state == "queued", MailOutRow.raw == b"",
                                        col(MailOutRow.job).is_not(None),
                                        col(MailOutRow.next_attempt_at) <= now)
            .order_by(col(MailOutRow.id)).limit(5000)).all()]
    if len(todo) < 2:
        return 0
    url = engine.url.render_as_string(hide_password=False)
    made = 0
    batch: list[tuple[int, bytes]] = []

    def keep() -> None:  # a batch of drawn messages in one transaction
        with transaction(engine) as session:
            for mail_id, raw in batch:
                row = session.get(MailOutRow, mail_id)
                if row is not None and not row.raw:
                    repo.store_made(session, row, raw)

    with _pool(url, settings, workers) as pool:
        for mail_id, raw in pool.map(_pool_make, todo, chunksize=4):
            if raw is None:
                continue
            batch.append((mail_id, raw))
            made += 1
            if len(batch) >= 50:
                retrying(keep)
                batch.clear()
    if batch:
        retrying(keep)
    return made
