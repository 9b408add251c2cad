"""`pbem serve`: the running judge. One APScheduler 3 job, the sweep (pbem.app.running.sweep),
with a fixed id, coalesced, never two at once and never dropped however late it runs; in
UTC. The scheduler only wakes the sweep: every deadline, reminder and message lives in the
database, so the job store is the process's memory and the job is added again at each
start (APScheduler 3 must not share a persistent job store between processes, and several
`pbem serve` may share one PostgreSQL database). The first sweep runs at once: a judge that
was down catches up.

Beside the sweep, a thread watches the spool (pbem.mail.spool) that `pbem mail receive`, the
MTA's pipe, hands each message into: every half second it takes what is waiting, handles it
as the pipe itself once did (stored, answered, the answers queued for the sweep to send) and
deletes it. A judge that dies in between takes the message again at its next start, and the
store recognises the copy: nothing is lost and nothing is answered twice.

A sweep whose clock is far from the last sweep's (earlier, or later by more than
--clock-limit days) holds and says so in `pbem status`; when the jump was real, the operator
restarts the judge once with --accept-clock, which accepts the time of its first sweep only.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import threading
from datetime import UTC, timedelta
from typing import Any

from pbem.cli.common import add_db, add_spool, engine, say

JOB_ID = "sweep"
LOG = logging.getLogger("pbem.serve")


class Clock:
    """The clock guard's settings for the sweeps of one process: the limit, and whether the
    operator accepted the clock as it is (for the first sweep only: a later jump holds
    again)."""

    def __init__(self, limit: timedelta, accept: bool) -> None:
        self.limit = limit
        self.accept = accept

    def take_accept(self) -> bool:
        accept, self.accept = self.accept, False
        return accept


def sweep_once(made: Any, settings: Any, outage_limit: timedelta, poll: Any,
               workers: int, clock: Clock | None = None) -> Any:
    from pbem.app.base.shared import utcnow
    from pbem.app.running.guards import CLOCK_LIMIT, host_clock
    from pbem.app.running.sweep import sweep

    clock = clock or Clock(CLOCK_LIMIT, False)
    return sweep(made, settings, utcnow(), outage_limit=outage_limit, poll=poll,
                 workers=workers, clock_limit=clock.limit, accept_clock=clock.take_accept(),
                 host=host_clock())


def _poller(made: Any, settings: Any) -> Any:
    """The IMAP mailbox's poll, when PBEM_IMAP_HOST is set; else None. A poll that meets a
    fault of the server or the network raises MailboxFailed with its sentences, for the
    sweep to keep and log once."""
    from pbem.mail.imap import imap_settings, poll_imap

    imap = imap_settings(os.environ)
    if imap is None:
        return None
    from pbem.cli.mail import _source_handler

    handle = _source_handler(made, settings)

    def poll() -> int:
        done = poll_imap(imap, handle)
        if done.errors:  # the sweep keeps it as its poll's fault: logged once, in `pbem status`
            if done.handled:
                LOG.info("IMAP: messages taken before the mailbox failed",
                         extra={"handled": done.handled})
            raise MailboxFailed("IMAP: " + " ".join(done.errors))
        return done.handled
    return poll


class MailboxFailed(RuntimeError):
    """The IMAP mailbox could not be read (the server's or the network's fault)."""


SPOOL_STOP_S = 60.0  # how long a stopping judge waits for the mail it is handling


class SpoolWatch:
    """The thread that takes the spool while the judge runs; `stop` lets the message being
    handled finish (what is left waits in the spool for the next start)."""

    def __init__(self, folder: Any, made: Any, settings: Any) -> None:
        from pbem.cli.mail import _source_handler
        from pbem.mail.spool import watch

        self.folder = folder
        self.event = threading.Event()
        self.thread = threading.Thread(
            target=watch, name="spool", daemon=True,
            args=(folder, _source_handler(made, settings), self.event),
            kwargs={"on_taken": self.taken})
        self.thread.start()

    @staticmethod
    def taken(count: int) -> None:
        LOG.info("mail taken from the spool", extra={"handled": count})

    def stop(self) -> None:
        self.event.set()
        self.thread.join(timeout=SPOOL_STOP_S)


def watch_spool(args: argparse.Namespace, made: Any, settings: Any) -> SpoolWatch | None:
    """Start taking the spool; None, said in the log, when it cannot be made (the pipe then
    answers 75 and the MTA keeps the mail)."""
    from pathlib import Path

    from pbem.mail.spool import ensure, spool_folder

    folder = Path(args.spool) if args.spool else spool_folder()
    try:
        ensure(folder)
    except OSError as exc:
        LOG.warning("no spool: `pbem mail receive` cannot hand mail to this judge",
                    extra={"spool": str(folder), "error": exc.strerror or str(exc)})
        return None
    return SpoolWatch(folder, made, settings)


def run(args: argparse.Namespace) -> int:
    from apscheduler.schedulers.blocking import BlockingScheduler  # type: ignore[import-untyped]

    from pbem.app.base.shared import utcnow
    from pbem.cli.mail import mail_settings_now

    try:
        from pbem.logs import configure
        configure(json_lines=not args.plain)
    except ImportError:  # pragma: no cover - the logging module ships with the judge
        logging.basicConfig(level=logging.INFO)
    logging.getLogger("apscheduler").setLevel(logging.WARNING)  # not two lines a sweep
    made = engine(args)
    settings = mail_settings_now()
    limit = timedelta(hours=args.outage_limit)
    poll = _poller(made, settings)
    scheduler = BlockingScheduler(timezone=UTC, job_defaults={
        "coalesce": True, "max_instances": 1, "misfire_grace_time": None})
    scheduler.add_job(sweep_once, "interval", seconds=args.every, id=JOB_ID,
                      replace_existing=True, next_run_time=utcnow(),
                      args=(made, settings, limit, poll, max(args.workers, 1),
                            Clock(timedelta(days=args.clock_limit), args.accept_clock)))

    def stop(signum: int, frame: Any) -> None:
        LOG.info("stopping", extra={"signal": signum})
        scheduler.shutdown(wait=False)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    spool = watch_spool(args, made, settings)
    LOG.info("judge running", extra={"every_s": args.every, "outage_limit_h": args.outage_limit,
                                     "clock_limit_d": args.clock_limit,
                                     "accept_clock": args.accept_clock,
                                     "imap": poll is not None,
                                     "spool": str(spool.folder) if spool else None,
                                     "smtp": settings.smtp_host or str(settings.outbox_dir)})
    try:
        scheduler.start()
    finally:
        if spool is not None:
            spool.stop()
    say("pbem serve: stopped")
    return 0


def register(nouns: Any) -> None:
    serve = nouns.add_parser("serve", help="run the judge: deadlines, reminders, mail")
    serve.add_argument("--every", type=int, default=60, metavar="SECONDS",
                       help="how often the sweep runs (default 60)")
    serve.add_argument("--outage-limit", type=float, default=6.0, metavar="HOURS",
                       help="after a longer outage, deadlines that fell in it move on "
                       "instead of being processed at once (default 6)")
    serve.add_argument("--clock-limit", type=float, default=30.0, metavar="DAYS",
                       help="a sweep whose clock is later than the last sweep's by more than "
                       "this, or earlier (by over 5 minutes), holds: it processes nothing, "
                       "moves no deadline and sends nothing, and `pbem status` says so, "
                       "until the clock is right again (default 30)")
    serve.add_argument("--accept-clock", action="store_true",
                       help="the clock jumped and the new time is right: the first sweep "
                       "goes on from it (deadlines that fell in the gap move on, as after "
                       "an outage); later sweeps are guarded again")
    serve.add_argument("--workers", type=int, default=os.cpu_count() or 1, metavar="N",
                       help="processes that draw reports and maps (default: the cores)")
    serve.add_argument("--plain", action="store_true",
                       help="log lines for people instead of JSON lines")
    add_spool(serve)
    add_db(serve)
    serve.set_defaults(run=run)
