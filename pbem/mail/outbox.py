"""Sending what the outbox holds: the one place where queued mail leaves the judge.

Use-cases queue a message (pbem.store.repo.queue_mail) in the transaction of the change that
causes it, so a change is never stored without its mail nor mail sent for a change that was
rolled back. `deliver` sends afterwards, and never holds a transaction open while it talks
to a server:

1. one short transaction claims the due messages (each is put off for a lease, so a second
   sender running at the same time leaves them alone);
2. each message is sent with no transaction open;
3. one short transaction per message records how it went: sent; or put off with a growing
   wait (MailTransient; see repo.retry_delay and repo.GIVE_UP_AFTER); or failed for good
   (MailPermanent), with the server's sentence.

A crash between 2 and 3 leaves the message queued: it is sent again when its lease ends,
with the same Message-ID and the same bytes. So a message is never lost, and in that one
case may arrive twice, which the receiving side can recognise by its Message-ID.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.engine import Engine

from pbem.mail.transport import MailPermanent, MailTransient, Transport
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import MailOutRow

LOG = logging.getLogger(__name__)

LEASE = timedelta(minutes=10)  # far beyond the SMTP timeouts of one message


@dataclass(frozen=True)
class DeliveryReport:
    """What one `deliver` did, by Message-ID."""

    sent: tuple[str, ...] = ()
    retrying: tuple[str, ...] = ()  # put off: sent again at a later run
    failed: tuple[str, ...] = ()  # refused for good, or given up after GIVE_UP_AFTER
    errors: tuple[tuple[str, str], ...] = ()  # (Message-ID, why) for each not sent

    @property
    def attempted(self) -> int:
        return len(self.sent) + len(self.retrying) + len(self.failed)


Maker = Callable[[MailOutRow], bytes]  # makes a message queued as a job (raw still b"")


def deliver(engine: Engine, transport: Transport, now: datetime, limit: int = 100,
            lease: timedelta = LEASE, make: Maker | None = None,
            chunk: int = 1) -> DeliveryReport:
    """Send up to `limit` messages due by `now` through `transport`, and record each. A
    message queued as a job (a report to render, a reply's map) is made first by `make`,
    and its bytes are stored before it is sent, so a retry sends the same bytes. Messages
    are claimed `chunk` at a time, just before they are sent: a sender killed mid-way
    leaves only those it held under their `lease`, not the whole queue."""
    sent: list[str] = []
    retrying: list[str] = []
    failed: list[str] = []
    errors: list[tuple[str, str]] = []
    handled = 0
    try:
        while handled < limit:
            with transaction(engine) as session:  # the rows stay readable after it
                claimed = list(repo.claim_due_mail(session, now, min(chunk, limit - handled),
                                                   lease))
            if not claimed:
                break
            stop = False
            for number, mail in enumerate(claimed):
                handled += 1
                if not mail.raw:
                    try:
                        if make is None or not mail.job:
                            raise ValueError("it was queued with nothing to send")
                        mail.raw = make(mail)
                    except Exception as exc:  # noqa: BLE001 - a message that cannot be made
                        LOG.exception("could not make %s", mail.message_id)
                        errors.append((mail.message_id, f"could not be made: {exc}"))
                        with transaction(engine) as session:
                            repo.mark_failed(session, mail, f"could not be made: {exc}", now)
                        failed.append(mail.message_id)
                        continue
                    with transaction(engine) as session:
                        repo.store_made(session, mail, mail.raw)
                try:
                    transport.send(mail.raw, mail.sender, repo.envelope(mail))
                except MailTransient as exc:
                    errors.append((mail.message_id, str(exc)))
                    # when the server cannot be reached, the others held would fail the same
                    # way: they are put off with this one, each counting an attempt
                    put_off = claimed[number:] if exc.server_down else [mail]
                    with transaction(engine) as session:
                        if exc.server_down:  # and the rest due now, not claimed yet
                            put_off += list(repo.claim_due_mail(
                                session, now, max(limit - handled, 0), lease))
                        for other in put_off:
                            state = repo.mark_retry(session, other, str(exc), now,
                                                    exc.pending if other is mail else None)
                            (failed if state == "failed" else retrying).append(other.message_id)
                    if exc.server_down:
                        stop = True
                        break
                except MailPermanent as exc:
                    errors.append((mail.message_id, str(exc)))
                    with transaction(engine) as session:
                        repo.mark_failed(session, mail, str(exc), now)
                    failed.append(mail.message_id)
                else:
                    with transaction(engine) as session:
                        repo.mark_sent(session, mail, now)
                    sent.append(mail.message_id)
            if stop:
                break
    finally:
        transport.close()
    return DeliveryReport(sent=tuple(sent), retrying=tuple(retrying), failed=tuple(failed),
                          errors=tuple(errors))

