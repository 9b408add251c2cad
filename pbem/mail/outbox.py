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
case may arrive twice, which the receiving side can recognise by its Message-ID. A lease
is never shorter than the transport's longest wait for one message (`lease_floor`: the
end-of-data timeout and a few exchanges), so no second sender starts on a message the
first is still waiting on.

A server that got all of a message's data but did not answer (MailTransient with
`maybe_delivered`) may have delivered it. Such a message is sent once more at most: its
last_error starts with `UNSURE`, a mark every later error keeps, and the next attempt that
ends the same way puts it in state "held" instead. Nothing sends a held message; the
operator checks whether it arrived and releases it (`release_held`: queued again, for one
more attempt) or drops it (`drop_held`: failed, kept stored), with `pbem mail outbox`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.engine import Engine
from sqlmodel import Session

from pbem.errors import JudgeError
from pbem.mail.transport import MailPermanent, MailTransient, Transport
from pbem.store import repo
from pbem.store.db import transaction
from pbem.store.models import MailOutRow

LOG = logging.getLogger(__name__)

LEASE = timedelta(minutes=15)  # beyond the SMTP timeouts of one message (data: 10 minutes)
HELD = "held"  # fits the state column's 8 characters
# the start of last_error once a server may have delivered the message without saying so
UNSURE = "may have been delivered (one more attempt, then held for the operator): "


@dataclass(frozen=True)
class DeliveryReport:
    """What one `deliver` did, by Message-ID."""

    sent: tuple[str, ...] = ()
    retrying: tuple[str, ...] = ()  # put off: sent again at a later run
    failed: tuple[str, ...] = ()  # refused for good, or given up after GIVE_UP_AFTER
    errors: tuple[tuple[str, str], ...] = ()  # (Message-ID, why) for each not sent
    held: tuple[str, ...] = ()  # may have been delivered twice unanswered: the operator's

    @property
    def attempted(self) -> int:
        return len(self.sent) + len(self.retrying) + len(self.failed) + len(self.held)


Maker = Callable[[MailOutRow], bytes]  # makes a message queued as a job (raw still b"")


def deliver(engine: Engine, transport: Transport, now: datetime, limit: int = 100,
            lease: timedelta = LEASE, make: Maker | None = None,
            chunk: int = 1) -> DeliveryReport:
    """Send up to `limit` messages due by `now` through `transport`, and record each. A
    message queued as a job (a report to render, a reply's map) is made first by `make`,
    and its bytes are stored before it is sent, so a retry sends the same bytes. Messages
    are claimed `chunk` at a time, just before they are sent: a sender killed mid-way
    leaves only those it held under their `lease`, not the whole queue. The lease is never
    shorter than the transport's `lease_floor`, when it has one."""
    sent: list[str] = []
    retrying: list[str] = []
    failed: list[str] = []
    held: list[str] = []
    errors: list[tuple[str, str]] = []
    handled = 0
    floor = getattr(transport, "lease_floor", None)  # only SMTP waits long for one message
    if isinstance(floor, timedelta):
        lease = max(lease, floor * chunk)
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
                            if other is mail and exc.maybe_delivered and _unsure(mail):
                                _hold(session, mail, str(exc), now)
                                held.append(mail.message_id)
                                continue
                            state = _retry(session, other, exc, now, mail)
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
                          errors=tuple(errors), held=tuple(held))


def _unsure(row: MailOutRow) -> bool:
    """Whether a server may already have delivered this message without saying so."""
    return (row.last_error or "").startswith(UNSURE)


def _retry(session: Session, row: MailOutRow, exc: MailTransient, now: datetime,
           failing: MailOutRow) -> str:
    """Put `row` off after `failing`'s transient failure (the same row, or the one before
    it when the server went down), keeping the UNSURE mark of a row that has it."""
    if row is failing:
        error = str(exc)
        pending = exc.pending
    else:
        error = f"not sent this time: the server failed on {failing.message_id} ({exc})"
        pending = None
    if _unsure(row) or (row is failing and exc.maybe_delivered):
        error = UNSURE + error
    return repo.mark_retry(session, row, error, now, pending)


def _hold(session: Session, row: MailOutRow, error: str, now: datetime) -> None:
    repo.mail.hold_outgoing(session, int(row.id or 0), now=now, error=(
        f"held for the operator: it may have been delivered, as twice the server got the "
        f"whole message without answering (last: {error}); ask the recipients or the "
        f"server's log whether it arrived, then `pbem mail outbox release {row.id}` to send "
        f"it once more or `pbem mail outbox drop {row.id}` to give it up"))
    LOG.warning("held %s for the operator: it may have been delivered (%s)",
                row.message_id, error)


def _held_row(session: Session, row_id: int) -> MailOutRow:
    row = session.get(MailOutRow, row_id)
    if row is None:
        raise JudgeError(f"there is no message #{row_id} in the outbox; `pbem mail outbox "
                         f"--state held` lists the held ones")
    if row.state != HELD:
        raise JudgeError(f"message #{row_id} is not held (it is {row.state}); only a held "
                         f"message can be released or dropped")
    return row


def release_held(session: Session, row_id: int, now: datetime) -> MailOutRow:
    """The operator's word that a held message did not arrive: queue it again, due now. It
    keeps the UNSURE mark, so it is held again if its next attempt ends the same way."""
    row = _held_row(session, row_id)
    repo.mail.set_outgoing(session, row_id, "queued",
                           f"{UNSURE}released by the operator, to be sent once more", now)
    return row


def drop_held(session: Session, row_id: int, now: datetime) -> MailOutRow:
    """The operator gives a held message up (it arrived, or is not wanted): failed, kept."""
    row = _held_row(session, row_id)
    repo.mail.set_outgoing(session, row_id, "failed",
                           f"dropped by the operator ({row.last_error})", now)
    return row

