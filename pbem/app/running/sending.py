"""The sweep's last mail step: the outbox delivered, everything due in batches, its mail
drawn first by worker processes when the judge runs more than one (pbem.app.running.workers).

It may call pbem.mail (the outbox and the transport), pbem.app.reports (the bytes of queued
mail) and pbem.app.running.workers.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy.engine import Engine

from pbem.app.reports.mailmake import maker
from pbem.app.running.workers import make_in_pool
from pbem.mail.settings import MailSettings


def send_outbox(engine: Engine, settings: MailSettings, now: datetime, workers: int = 1,
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
