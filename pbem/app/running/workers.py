"""The worker processes that draw the outbox's queued mail (reports, reply maps) on every
core before the sweep sends it: a process pool, each worker with its own engine, each dying
with the judge however it ends (PR_SET_PDEATHSIG on Linux, a thread watching the parent
elsewhere), so a judge killed with SIGKILL leaves no worker holding a database connection.

It may call pbem.app.reports (the bytes of queued mail) and the store.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.reports.mailmake import maker
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction
from pbem.store.models import MailOutRow
from pbem.store.repo import running as running_repo

LOG = logging.getLogger(__name__)

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
    with snapshot(engine) as session:
        todo = running_repo.mail_to_draw(session, now)
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
