"""The mail: mail received (with its copies, trimming and forgetting), the outbox and its
retries, press; and the retention's and `pbem status`'s reads and writes of the mail. Wrong
passwords, lockouts, throttles and notices are the sign-on guards' (guards)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, func, inspect, update
from sqlalchemy import select as core_select
from sqlmodel import Session, col, select

from pbem.store.models import (
    MailInRow,
    MailOutRow,
    PressRow,
)
from pbem.store.repo._base import sqlite_driver, stored

MAIL_KINDS = ("reply", "report", "press", "reminder", "deadline", "notice")
MAIL_SOURCES = ("stdin", "maildir", "imap", "lmtp", "inject")
MAIL_IN_STATES = ("new", "handled", "ignored", "quarantined")
# a message the server keeps putting off is retried after 1, 2, 4 ... minutes, then hourly,
# and given up (failed) once it is this old: about 77 attempts over three days
RETRY_FIRST = timedelta(minutes=1)
RETRY_MOST = timedelta(hours=1)
GIVE_UP_AFTER = timedelta(days=3)


_MAIL_IN = MailInRow.__table__  # type: ignore[attr-defined]
_MAIL_IN_MAPPER = inspect(MailInRow)
# the statements of every mail, built once (a mail runs each of them; see mailin.mailgate)
_STORE_IN = _MAIL_IN.insert().returning(_MAIL_IN.c.id)
_MARK_IN = _MAIL_IN.update().where(_MAIL_IN.c.id == bindparam("row_id")).values(
    state=bindparam("to_state"), reason=bindparam("to_reason"),
    handled_at=bindparam("to_handled_at"), outcome=bindparam("to_outcome"))
# the same, as SQLite's own connection runs them (pbem.store.repo._base.sqlite_driver)
_STORE_IN_SQLITE = (
    "INSERT INTO mail_in (received_at, message_id, digest, source, raw, raw_size, state, "
    "reason, outcome, handled_at) VALUES (:received_at, :message_id, :digest, :source, :raw, "
    ":raw_size, :state, :reason, :outcome, :handled_at)")
_MARK_IN_SQLITE = ("UPDATE mail_in SET state = :to_state, reason = :to_reason, handled_at = "
                   ":to_handled_at, outcome = :to_outcome WHERE id = :row_id")
_COPY_STATES_SQLITE = ("SELECT id, state FROM mail_in WHERE message_id = :key AND digest = "
                       ":to_digest AND id != :mail_id ORDER BY id")
_COPIES = (select(MailInRow).where(MailInRow.message_id == bindparam("key"),
                                   MailInRow.digest == bindparam("to_digest"),
                                   col(MailInRow.id) != bindparam("mail_id"))
           .order_by(col(MailInRow.id)))
_COPIES_LOCKED = _COPIES.with_for_update()


def store_incoming(session: Session, *, raw: bytes, message_id: str, source: str,
                   received_at: datetime, digest: str | None = None,
                   raw_size: int | None = None) -> MailInRow:
    """Store a message as it came (state "new"), before anything is done with it. `digest`
    defaults to the sha256 of the raw bytes; the pipeline may give a digest of the body
    instead, so that copies with different Received: lines count as the same message. The
    row is given back as stored (not tracked by the session: read it again to change it)."""
    values = _incoming_values(raw, message_id, source, received_at, digest, raw_size)
    row_id = session.connection().execute(_STORE_IN, values).scalar_one()
    return MailInRow(id=int(row_id), **values)


def store_incoming_id(session: Session, *, raw: bytes, message_id: str, source: str,
                      received_at: datetime, digest: str | None = None,
                      raw_size: int | None = None) -> int:
    """`store_incoming`, giving back only the stored message's number (mail in's every mail:
    it needs no row object)."""
    values = _incoming_values(raw, message_id, source, received_at, digest, raw_size)
    driver = sqlite_driver(session)
    if driver is None:
        return int(session.connection().execute(_STORE_IN, values).scalar_one())
    values["received_at"] = stored(session, _MAIL_IN.c.received_at, received_at)
    return int(driver.execute(_STORE_IN_SQLITE, values).lastrowid)


def _incoming_values(raw: bytes, message_id: str, source: str, received_at: datetime,
                     digest: str | None, raw_size: int | None) -> dict[str, Any]:
    if source not in MAIL_SOURCES:
        raise ValueError(f"a message comes from one of {', '.join(MAIL_SOURCES)}; got {source!r}")
    return {"received_at": received_at, "message_id": message_id[:998],
            "digest": digest or hashlib.sha256(raw).hexdigest(), "source": source,
            "raw": raw, "raw_size": raw_size, "state": "new", "reason": None,
            "outcome": None, "handled_at": None}


def find_incoming(session: Session, message_id: str, digest: str,
                  before_id: int | None = None) -> MailInRow | None:
    """The first stored message with this Message-ID and digest (received before the row
    `before_id`, when given: the copy just stored is not its own earlier copy)."""
    query = select(MailInRow).where(MailInRow.message_id == message_id[:998],
                                    MailInRow.digest == digest)
    if before_id is not None:
        query = query.where(col(MailInRow.id) < before_id)
    return session.exec(query.order_by(col(MailInRow.id)).limit(1)).first()


def incoming(session: Session, states: Sequence[str] | None = None) -> Sequence[MailInRow]:
    """Stored messages in the order received, of the given states (default: all)."""
    query = select(MailInRow)
    if states is not None:
        query = query.where(col(MailInRow.state).in_(list(states)))
    return session.exec(query.order_by(col(MailInRow.id))).all()


def mark_incoming(session: Session, row_id: int, state: str, now: datetime, *,
                  reason: str | None = None, outcome: dict[str, Any] | None = None) -> None:
    """Record what became of a received message."""
    if state not in MAIL_IN_STATES:
        raise ValueError(f"a received message is one of {', '.join(MAIL_IN_STATES)}; "
                         f"got {state!r}")
    values = {"row_id": row_id, "to_state": state, "to_reason": reason,
              "to_handled_at": None if state == "new" else now,
              "to_outcome": None if outcome is None else json.dumps(outcome, sort_keys=True)}
    driver = sqlite_driver(session)
    if driver is None:
        session.connection().execute(_MARK_IN, values)
    else:
        values["to_handled_at"] = stored(session, _MAIL_IN.c.handled_at,
                                         values["to_handled_at"])
        driver.execute(_MARK_IN_SQLITE, values)
    row = (session.identity_map.get(_MAIL_IN_MAPPER.identity_key_from_primary_key((row_id,)))
           if session.identity_map else None)
    if row is not None:  # a row read earlier in this session: it is read again when used
        session.expire(row)


def queue_mail(session: Session, *, message_id: str, kind: str, game_id: str | None,
               recipients: Sequence[str], sender: str, subject: str, raw: bytes,
               now: datetime, job: dict[str, Any] | None = None) -> MailOutRow:
    """Put a message in the outbox, due now, in the caller's transaction. Queuing a
    Message-ID that is already there keeps the first (and returns it): a use-case run
    again after a crash queues nothing twice."""
    put_mail(session, message_id=message_id, kind=kind, game_id=game_id,
             recipients=recipients, sender=sender, subject=subject, raw=raw, now=now, job=job)
    queued: MailOutRow = session.execute(_QUEUED, {"key": message_id}).scalars().one()
    return queued


def put_mail(session: Session, *, message_id: str, kind: str, game_id: str | None,
             recipients: Sequence[str], sender: str, subject: str, raw: bytes,
             now: datetime, job: dict[str, Any] | None = None) -> bool:
    """`queue_mail` for a caller that needs no row back (an answer to a mail, press, a
    notice): whether it was queued now (False: that Message-ID was queued already, and the
    first stays). The row is not read back, which costs more than writing it."""
    if kind not in MAIL_KINDS:
        raise ValueError(f"an outgoing message is one of {', '.join(MAIL_KINDS)}; got {kind!r}")
    if not recipients:
        raise ValueError("an outgoing message needs at least one recipient")
    values: dict[str, Any] = {
        "message_id": message_id, "kind": kind, "game_id": game_id,
        "recipients": json.dumps(list(recipients)), "sender": sender, "subject": subject,
        "raw": raw, "state": "queued", "attempts": 0, "next_attempt_at": now, "created_at": now,
        "job": None if job is None else json.dumps(job, sort_keys=True)}
    driver = sqlite_driver(session)
    if driver is not None:  # two writers queueing one id: the second inserts nothing
        table = MailOutRow.__table__  # type: ignore[attr-defined]
        values["next_attempt_at"] = values["created_at"] = stored(
            session, table.c.created_at, now)
        return bool(driver.execute(_QUEUE_SQLITE, values).rowcount == 1)
    insert = _queue_insert(session.get_bind().dialect.name)
    if insert is not None:
        result = session.connection().execute(insert, values)
        return bool(getattr(result, "rowcount", 0) == 1)
    if session.exec(select(MailOutRow.id).where(
            MailOutRow.message_id == message_id)).first() is not None:
        return False
    session.add(MailOutRow(**values))
    session.flush()
    return True


_QUEUE_SQLITE = (  # queue_mail's INSERT as SQLite's own connection runs it
    "INSERT INTO mail_out (message_id, kind, game_id, recipients, sender, subject, raw, job, "
    "state, attempts, next_attempt_at, created_at) VALUES (:message_id, :kind, :game_id, "
    ":recipients, :sender, :subject, :raw, :job, :state, :attempts, :next_attempt_at, "
    ":created_at) ON CONFLICT (message_id) DO NOTHING")
_QUEUED = select(MailOutRow).where(MailOutRow.message_id == bindparam("key"))
_QUEUE_INSERTS: dict[str, Any] = {}


def _queue_insert(dialect: str) -> Any:
    """The outbox's INSERT that does nothing for a Message-ID queued already, built once per
    dialect (None: a database without one; queue_mail looks first)."""
    if dialect not in _QUEUE_INSERTS:
        table = MailOutRow.__table__  # type: ignore[attr-defined]
        if dialect == "sqlite":
            from sqlalchemy.dialects.sqlite import insert as sqlite_insert
            _QUEUE_INSERTS[dialect] = sqlite_insert(table).on_conflict_do_nothing(
                index_elements=["message_id"])
        elif dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as postgresql_insert
            _QUEUE_INSERTS[dialect] = postgresql_insert(table).on_conflict_do_nothing(
                index_elements=["message_id"])
        else:
            _QUEUE_INSERTS[dialect] = None
    return _QUEUE_INSERTS[dialect]


def claim_due_mail(session: Session, now: datetime, limit: int = 100,
                   lease: timedelta = timedelta(minutes=10)) -> Sequence[MailOutRow]:
    """The queued messages due by `now`, oldest first, each put off by `lease` so that
    another sender running at the same time leaves them alone while this one sends them.
    A sender that dies before marking them sends them again when the lease ends."""
    query = (select(MailOutRow).where(MailOutRow.state == "queued",
                                      col(MailOutRow.next_attempt_at) <= now)
             .order_by(col(MailOutRow.next_attempt_at), col(MailOutRow.id)).limit(limit))
    if session.get_bind().dialect.name == "postgresql":
        query = query.with_for_update(skip_locked=True)
    rows = session.exec(query).all()
    if rows:
        session.execute(update(MailOutRow)
                        .where(col(MailOutRow.id).in_([row.id for row in rows]))
                        .values(next_attempt_at=now + lease))
    return rows


def due_mail(session: Session, now: datetime, limit: int = 100) -> Sequence[MailOutRow]:
    """The queued messages due by `now`, oldest first (a look only: see claim_due_mail)."""
    return session.exec(
        select(MailOutRow).where(MailOutRow.state == "queued",
                                 col(MailOutRow.next_attempt_at) <= now)
        .order_by(col(MailOutRow.next_attempt_at), col(MailOutRow.id)).limit(limit)).all()


def outbox_rows(session: Session, states: Sequence[str] | None = None,
                ) -> Sequence[MailOutRow]:
    """The outbox in the order queued, of the given states (default: all)."""
    query = select(MailOutRow)
    if states is not None:
        query = query.where(col(MailOutRow.state).in_(list(states)))
    return session.exec(query.order_by(col(MailOutRow.id))).all()


def envelope(row: MailOutRow) -> list[str]:
    """Whom the next attempt sends the message to."""
    return list(json.loads(row.pending if row.pending is not None else row.recipients))


def store_made(session: Session, row: MailOutRow, raw: bytes) -> None:
    """Keep the bytes made for a message queued as a job: a retry sends the same ones."""
    session.execute(update(MailOutRow).where(col(MailOutRow.id) == row.id).values(raw=raw))


def mark_sent(session: Session, row: MailOutRow, now: datetime) -> None:
    """Record a message delivered, with the digest and size of the bytes sent (`row.raw`):
    what stays of it once the retention drops its body."""
    raw = bytes(row.raw or b"")
    session.execute(update(MailOutRow).where(col(MailOutRow.id) == row.id).values(
        state="sent", sent_at=now, attempts=MailOutRow.attempts + 1, pending=None,
        digest=hashlib.sha256(raw).hexdigest() if raw else None,
        raw_size=len(raw) if raw else None))


def retry_delay(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failed attempt: 1 minute, doubling, at most 1 hour."""
    doubled: timedelta = RETRY_FIRST * 2 ** min(max(attempts - 1, 0), 20)
    return min(doubled, RETRY_MOST)


def mark_retry(session: Session, row: MailOutRow, error: str, now: datetime,
               pending: Sequence[str] | None = None) -> str:
    """Count a failed attempt and schedule the next (see retry_delay), or give the message
    up as failed once it is GIVE_UP_AFTER old. `pending`: the recipients still owed it,
    when the server took it for the others. Returns the new state."""
    attempts = row.attempts + 1
    values: dict[str, Any] = {"attempts": MailOutRow.attempts + 1, "last_error": error}
    if pending is not None:
        values["pending"] = json.dumps(list(pending))
    if now - _utc(row.created_at) >= GIVE_UP_AFTER:
        values.update(state="failed", last_error=f"{error} (given up after {attempts} "
                                                 f"attempts over {GIVE_UP_AFTER.days} days)")
    else:
        values.update(next_attempt_at=now + retry_delay(attempts))
    session.execute(update(MailOutRow).where(col(MailOutRow.id) == row.id).values(**values))
    return str(values.get("state", "queued"))


def mark_failed(session: Session, row: MailOutRow, error: str, now: datetime) -> None:
    """The message will never go (the server refused it for good)."""
    session.execute(update(MailOutRow).where(col(MailOutRow.id) == row.id).values(
        state="failed", attempts=MailOutRow.attempts + 1, last_error=error,
        next_attempt_at=now))


def hold_outgoing(session: Session, row_id: int, error: str, now: datetime) -> None:
    """Hold an outbox row for the operator (an attempt counted, `error` saying why)."""
    session.execute(update(MailOutRow).where(col(MailOutRow.id) == row_id).values(
        state="held", attempts=MailOutRow.attempts + 1, next_attempt_at=now, last_error=error))


def set_outgoing(session: Session, row_id: int, state: str, error: str, now: datetime) -> None:
    """Put an outbox row in `state`, due now, with `error` as its last word."""
    session.execute(update(MailOutRow).where(col(MailOutRow.id) == row_id).values(
        state=state, next_attempt_at=now, last_error=error))


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def copies(session: Session, mail_id: int, message_id: str, digest: str,
           lock: bool = False) -> Sequence[MailInRow]:
    """The other stored copies of this message (same key and digest), the first first; with
    `lock`, their rows are locked, so two copies being handled at once are handled one after
    the other (on SQLite the write lock already orders them). A message stored without a key
    (its key could not be stored) has no copies."""
    if not message_id:
        return ()
    return session.execute(_COPIES_LOCKED if lock else _COPIES, {
        "key": message_id, "to_digest": digest, "mail_id": mail_id}).scalars().all()


_COPY_STATES = (core_select(_MAIL_IN.c.id, _MAIL_IN.c.state)
                .where(_MAIL_IN.c.message_id == bindparam("key"),
                       _MAIL_IN.c.digest == bindparam("to_digest"),
                       _MAIL_IN.c.id != bindparam("mail_id"))
                .order_by(_MAIL_IN.c.id).with_for_update())


def copy_states(session: Session, mail_id: int, message_id: str,
                digest: str) -> list[tuple[int, str]]:
    """The number and state of each other stored copy of this message, the first first, their
    rows locked: `copies(..., lock=True)` in one statement of SQL, for mail in's every mail
    (no copy is written by the ORM, so nothing of the session's is unwritten)."""
    if not message_id:
        return []
    values = {"key": message_id, "to_digest": digest, "mail_id": mail_id}
    driver = sqlite_driver(session)  # (SQLite's write lock, taken at BEGIN, locks them)
    found: list[Any] = (list(session.connection().execute(_COPY_STATES, values))
                        if driver is None else driver.execute(_COPY_STATES_SQLITE,
                                                              values).fetchall())
    return [(int(row[0]), row[1]) for row in found]


def copies_handled(session: Session, mail_id: int, message_id: str,
                   digest: str) -> MailInRow | None:
    """Another stored copy of this message (same key and digest) already handled or set
    aside (see `copies`: the rows are locked)."""
    found = copies(session, mail_id, message_id, digest, lock=True)
    return next((c for c in found if c.state in ("handled", "ignored")), None)


def forget_incoming(session: Session, row_id: int) -> None:
    """Remove a stored copy the judge did not take (it asked the server to deliver it again,
    so the server keeps it)."""
    row = session.get(MailInRow, row_id)
    if row is not None and row.state == "new":
        session.delete(row)


def trim_incoming(session: Session, row_id: int, keep: int) -> None:
    """Keep only the first `keep` bytes of a stored message (its digest and size stay)."""
    row = session.get(MailInRow, row_id)
    if row is None or len(row.raw) <= keep:
        return
    session.execute(update(MailInRow).where(col(MailInRow.id) == row_id).values(
        raw=bytes(row.raw[:keep]), raw_size=row.raw_size or len(row.raw)))


def store_press(session: Session, *, game_id: str, phase_key: str, from_player_id: int,
                to: str, body: str, now: datetime) -> PressRow:
    row = PressRow(game_id=game_id, phase_key=phase_key, from_player_id=from_player_id, to=to,
                   body=body, sent_at=now)
    session.add(row)
    session.flush()
    return row


def press(session: Session, game_id: str) -> Sequence[PressRow]:
    """A game's press in the order sent."""
    return session.exec(select(PressRow).where(PressRow.game_id == game_id)
                        .order_by(col(PressRow.sent_at), col(PressRow.id))).all()


# --- the retention (pbem.app.running.retention): mail kept whole only as long as it may be needed ---

TRIMMED_STATES = ("handled", "ignored")  # the received mail the retention may trim


def _past_retention(cutoff: datetime) -> tuple[Any, ...]:
    """A received message dealt with before `cutoff` (when handled, else when received) and
    still whole."""
    dealt_with = func.coalesce(col(MailInRow.handled_at), col(MailInRow.received_at))
    return (col(MailInRow.state).in_(TRIMMED_STATES), col(MailInRow.raw_size).is_(None),
            dealt_with < cutoff)


def incoming_past_retention(session: Session, cutoff: datetime,
                            limit: int) -> Sequence[tuple[int, bytes]]:
    """The first `limit` received messages past the retention at `cutoff`, as (id, raw
    bytes), oldest first."""
    rows = session.execute(select(col(MailInRow.id), col(MailInRow.raw))
                           .where(*_past_retention(cutoff))
                           .order_by(col(MailInRow.id)).limit(limit)).all()
    return [(int(row_id), bytes(raw)) for row_id, raw in rows]


def cut_incoming(session: Session, row_id: int, cutoff: datetime, kept: bytes,
                 size: int) -> None:
    """Keep only `kept` of a received message whose whole was `size` bytes, if it is still
    past the retention at `cutoff` (asked again: a message taken up meanwhile stays whole)."""
    session.execute(update(MailInRow).where(col(MailInRow.id) == row_id,
                                            *_past_retention(cutoff))
                    .values(raw=kept, raw_size=size))


def empty_sent(session: Session, cutoff: datetime) -> int:
    """Drop the bytes of every message sent before `cutoff` (its subject, recipients,
    Message-ID, state, delivery record, job, digest and size stay); how many were emptied.
    Only sent mail: what is queued, held or failed keeps its bytes."""
    done = session.execute(update(MailOutRow).where(col(MailOutRow.state) == "sent",
                                                    col(MailOutRow.sent_at) < cutoff,
                                                    col(MailOutRow.raw) != b"")
                           .values(raw=b""))
    return int(getattr(done, "rowcount", 0) or 0)


# --- what `pbem status` reads (pbem.app.running.status) -------------------------------------------


def outbox_by_state(session: Session) -> dict[str, int]:
    """How many outgoing messages there are in each state found (a state none is in is
    absent)."""
    rows = session.execute(select(col(MailOutRow.state), func.count())
                           .group_by(col(MailOutRow.state))).all()
    return {str(state): int(count) for state, count in rows}


def oldest_queued(session: Session) -> datetime | None:
    """When the oldest message still queued was queued (None: none is)."""
    oldest: datetime | None = session.execute(
        select(func.min(col(MailOutRow.created_at)))
        .where(col(MailOutRow.state) == "queued")).scalar_one_or_none()
    return oldest


def count_incoming(session: Session, state: str, received_before: datetime | None = None) -> int:
    """How many received messages are in `state` (received before `received_before`, when
    given)."""
    query = select(func.count()).select_from(MailInRow).where(col(MailInRow.state) == state)
    if received_before is not None:
        query = query.where(col(MailInRow.received_at) < received_before)
    return int(session.execute(query).scalar_one())
