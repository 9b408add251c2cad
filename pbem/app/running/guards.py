"""The two guards a sweep passes before it does anything, both about the judge's time.

The clock guard: a sweep whose clock is earlier than the last sweep's, or later by more than
the clock limit (30 days unless told), or that moved more than five minutes further than the
machine's own running time since the last sweep of the same boot of the same machine, holds:
it does nothing, keeps the last good sweep's time and says so in judge_state (`sweep_hold`),
until the clock is right again or the operator accepts the new time (`pbem serve
--accept-clock`). The outage guard: after an outage longer than the outage limit, the
deadlines that fell in it move on (each game in its own transaction, its players and game
master told) instead of a backlog being processed at once.

It may call pbem.app.mailout's notices, pbem.deadlines, the store and
pbem.app.running.shared.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.mailout.notices import tell_deadline
from pbem.app.running.shared import Fault, SweepReport, aware, said, transient
from pbem.deadlines import outage_extension
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction
from pbem.store.repo import running as running_repo
from pbem.timing import format_length

LOG = logging.getLogger(__name__)
SWEEP_KEY = "sweep"
HOLD_KEY = "sweep_hold"  # a sweep held because its clock jumped, for `pbem status`
OUTAGE_LIMIT = timedelta(hours=6)
CLOCK_LIMIT = timedelta(days=30)  # far beyond an outage the outage guard handles
CLOCK_TOLERANCE = timedelta(minutes=5)  # two judges' clocks, or a sweep that ended late

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


def guard_clock(engine: Engine, now: datetime, limit: timedelta,
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
        return aware(datetime.fromisoformat(str((last or {})["at"])))
    except (KeyError, ValueError):
        return None


def _forget(engine: Engine, key: str) -> None:
    with transaction(engine) as session:
        running_repo.forget_judge_state(session, key)


def guard_outage(engine: Engine, settings: MailSettings | None, now: datetime,
                 limit: timedelta, report: SweepReport,
                 faults: dict[str, Fault] | None = None) -> None:
    """After an outage longer than `limit`, the deadlines that fell in it move on, each game
    in its own transaction: a game that cannot be moved is put in `faults` (when given; the
    sweep then leaves it alone) and the others are moved."""
    with snapshot(engine) as session:
        last_at = _last_sweep_at(session)
        game_ids = [game.id for game in running_repo.active_games(session)]
    if last_at is None or now - last_at <= limit:
        return

    def move(game_id: str) -> tuple[str, datetime] | None:
        with transaction(engine) as session:
            game = repo.game(session, game_id)
            phase = repo.open_phase(session, game_id) if game is not None else None
            deadline = aware(phase.deadline) if phase is not None else None
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
            if transient(exc) or faults is None:
                raise
            faults[f"game:{game_id}"] = Fault("game", game_id, None, said(exc), exc)
            continue
        if done is not None:
            key, moved = done
            report.extended.append((game_id, key, moved.isoformat()))
            LOG.warning("deadline moved after an outage",
                        extra={"game": game_id, "phase": key, "deadline": moved.isoformat()})

