"""Mail in's first steps, each before any answer is thought of: a message is stored as it
came (`store`, keyed by `identity`), a copy of one handled already is set aside
(`skip_copy`), it is read (`read`: a message the judge cannot read is quarantined with the
reason), and mail written by machines is never answered (`skip_machine`). `settle` records
what became of a message that gets no answer; `origin` names the stored copy whose number
keys its answers.

Each step takes the mail being handled (pbem.app.mailin.context) and gives the outcome that
ends its handling, or None to go on. It may call pbem.app.mailin.answers (the outcome), the
mail reader and the store."""

from __future__ import annotations

import email.utils
import hashlib
import logging
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DatabaseError, OperationalError

from pbem.app.mailin.answers import MailOutcome
from pbem.app.mailin.context import Handling
from pbem.errors import Fault
from pbem.mail.bounds import MAX_BYTES, MailRefused, body_start
from pbem.mail.reading import read_message
from pbem.store import repo
from pbem.store.db import retrying, transaction
from pbem.store.models import MailInRow

LOG = logging.getLogger(__name__)

EXCERPT = 64 * 1024  # what is kept of a refused, ignored or unreadable message

_MESSAGE_ID = re.compile(rb"(?im)^message-id:[ \t]*((?:.*)(?:\r?\n[ \t].*)*)")
# the headers a copy shares with its original, whatever servers it passed through
_ENVELOPE = {name: re.compile(rb"(?im)^" + name + rb":[ \t]*((?:.*)(?:\r?\n[ \t].*)*)")
             for name in (b"from", b"sender", b"to", b"cc", b"date", b"subject")}
_DATE = re.compile(rb"(?im)^date:[ \t]*(.*)$")
HEAD_READ = 256 * 1024  # how much of a message is searched for its header block


Step = Callable[[Handling], MailOutcome | None]


# --- store: the message kept as it came ---------------------------------------------------


def identity(raw: bytes) -> tuple[str, str]:
    """The message's key and its body's digest, read without parsing the message: the
    Message-ID (as stored: printable ASCII of at most 250 characters, or a hash of a longer
    or stranger one) or, without one, a digest of the headers a copy keeps."""
    start = body_start(raw)
    digest = hashlib.sha256(raw[start:]).hexdigest()
    head = raw[:min(start, HEAD_READ)]
    found = _MESSAGE_ID.search(head)
    if found is None:
        return _no_message_id(head, digest), digest
    value = b" ".join(found.group(1).split())
    angled = re.search(rb"<([^<>]*)>", value)
    text = (angled.group(1) if angled else value).strip().decode("ascii", "replace")
    if not text:
        return _no_message_id(head, digest), digest
    if len(text) > 250 or not text.isprintable() or "\ufffd" in text:
        return "sha256:" + hashlib.sha256(found.group(1)).hexdigest(), digest
    return text, digest


def _no_message_id(head: bytes, digest: str) -> str:
    """The key of a message without a Message-ID: a digest of its sender, recipients, date and
    subject as written (each header's first occurrence, unfolded) with its body's digest.
    A server's retry or a second delivery is the same message; the same orders sent again
    by a person have another Date."""
    parts = []
    for name, pattern in _ENVELOPE.items():
        found = pattern.search(head)
        parts.append(name + b"=" + (b" ".join(found.group(1).split()) if found else b""))
    parts.append(digest.encode())
    return "digest:" + hashlib.sha256(b"\n".join(parts)).hexdigest()


def too_big(size: int) -> str:
    """Why a message longer than the judge reads is set aside."""
    return (f"The message is {size} bytes long; the judge reads mail of at most {MAX_BYTES} "
            f"bytes (25 MiB). Only its first {EXCERPT} bytes are kept.")


def store(engine: Engine, raw: bytes, source: str, now: datetime) -> tuple[int, MailOutcome | None]:
    """Store one raw message before anything is done with it: its number, and the outcome
    when that ends its handling (a message longer than the judge reads is kept only as an
    excerpt, with its size, and quarantined at once). A transient database failure
    propagates (the MTA delivers the message again); an id the database will not store
    leaves the message stored without one (and never recognised as a copy)."""
    message_id, digest = identity(raw)
    oversized = len(raw) > MAX_BYTES
    kept = raw[:EXCERPT] if oversized else raw

    def keep(key: str) -> int:
        with transaction(engine) as session:
            row = repo.store_incoming(session, raw=kept, message_id=key, source=source,
                                      received_at=now, digest=digest,
                                      raw_size=len(raw) if oversized else None)
            if oversized:
                outcome = MailOutcome("quarantined", mail_id=row.id, reason=too_big(len(raw)))
                repo.mark_incoming(session, int(row.id or 0), "quarantined", now,
                                   reason=outcome.reason, outcome=outcome.record())
            return int(row.id or 0)

    try:
        mail_id = int(retrying(lambda: keep(message_id)))
    except (OperationalError, Fault):
        raise  # transient, or the operator's to fix: the MTA keeps the message
    except DatabaseError:  # whatever the id holds, the message is kept (and never deduplicated)
        LOG.exception("a message's id could not be stored; storing it without one")
        mail_id = int(retrying(lambda: keep("")))
    if oversized:
        return mail_id, MailOutcome("quarantined", mail_id=mail_id, reason=too_big(len(raw)))
    return mail_id, None


def stored(session: Any, mail_id: int) -> MailInRow | None:
    """A stored message by its number."""
    row: MailInRow | None = session.get(MailInRow, mail_id)
    return row


# --- what becomes of a message that gets no answer ----------------------------------------


def settle(mail: Handling, outcome: MailOutcome, trim: bool = True) -> MailOutcome:
    """Record, in a transaction of its own, what became of a message that was not answered
    (see `settle_in`)."""
    def work() -> None:
        with transaction(mail.engine) as session:
            settle_in(session, mail, outcome, trim)
    retrying(work)
    return outcome


def settle_in(session: Any, mail: Handling, outcome: MailOutcome,
              trim: bool = True) -> MailOutcome:
    """Record, in the caller's transaction, what became of a message that was not answered;
    what was refused or ignored is kept only as an excerpt (its digest and size stay)."""
    repo.mark_incoming(session, mail.mail_id, outcome.state, mail.now,
                       reason=outcome.reason, outcome=outcome.record())
    if trim:
        repo.trim_incoming(session, mail.mail_id, EXCERPT)
    return outcome


def keep(session: Any, raw: bytes, source: str, now: datetime, key: str, digest: str) -> int:
    """Store a message of at most MAX_BYTES as it came, in the caller's transaction (the one
    that answers it: `decide`, then the answer): its number."""
    return repo.mail.store_incoming_id(session, raw=raw, message_id=key, source=source,
                                       received_at=now, digest=digest)


def stored_as(session: Any, mail: Handling) -> tuple[str, str]:
    """The key and digest the message is stored under (as `keep` stored them, or read)."""
    if mail.key is not None:
        return mail.key, mail.digest
    row = stored(session, mail.mail_id)
    return (row.message_id, row.digest) if row is not None else ("", "")


def decide(session: Any, mail: Handling) -> MailOutcome | None:
    """The steps before an answer, in the transaction that answers the mail: a copy of one
    handled or ignored already is ignored (looked for before the message is parsed, so that
    a flood of copies costs no parsing); then the message is read (`parse`, once), and one
    that cannot be read is quarantined, one a machine wrote is ignored, each recorded (the
    outcome); else `mail.origin` is set and None says to answer it. The copies are looked up
    once, their rows locked."""
    key, digest = stored_as(session, mail)
    found = repo.mail.copy_states(session, mail.mail_id, key, digest)
    copy = next((number for number, state in found if state in ("handled", "ignored")), None)
    if copy is not None:
        return settle_in(session, mail, _copy_of(mail, copy))
    unreadable = parse(mail, digest) if mail.incoming is None else None
    if unreadable is not None:
        return settle_in(session, mail, MailOutcome("quarantined", mail_id=mail.mail_id,
                                                    reason=unreadable))
    if mail.mail.automatic:
        return settle_in(session, mail, _by_machine(mail))
    mail.origin = min([mail.mail_id, *(number for number, _ in found)])
    return None


def _copy_of(mail: Handling, copy: int) -> MailOutcome:
    return MailOutcome("ignored", mail_id=mail.mail_id,
                       reason=f"a copy of message #{copy}, which was handled already")


def _by_machine(mail: Handling) -> MailOutcome:
    return MailOutcome("ignored", mail_id=mail.mail_id,
                       reason=f"sent by a machine: {mail.mail.automatic}")


# --- the steps ----------------------------------------------------------------------------


def skip_copy(mail: Handling) -> MailOutcome | None:
    """A copy of a message handled or ignored already is ignored, looked for before it is
    parsed (the check that counts is made again in the transaction that answers it)."""
    def earlier() -> MailInRow | None:
        with transaction(mail.engine) as session:
            row = stored(session, mail.mail_id)
            if row is None:
                return None
            found = repo.copies(session, mail.mail_id, row.message_id, row.digest)
            return next((c for c in found if c.state in ("handled", "ignored")), None)

    copy = retrying(earlier)
    if copy is None:
        return None
    return settle(mail, _copy_of(mail, int(copy.id or 0)))


def parse(mail: Handling, digest: str | None = None) -> str | None:
    """Read the message (its sender, texts and whether a machine wrote it) and the Date it
    was written: why the judge cannot read it, or None. `digest`: its body's, when known
    already (`identity`)."""
    try:
        mail.incoming = read_message(mail.raw, (mail.settings.judge_address,
                                                *mail.settings.accepted_recipients),
                                     digest=digest)
    except MailRefused as exc:
        return exc.reason
    mail.written = written_at(mail.raw)
    return None


def read(mail: Handling) -> MailOutcome | None:
    """Read the message (`parse`); one the judge cannot read is quarantined with the
    reason."""
    unreadable = parse(mail)
    if unreadable is None:
        return None
    return settle(mail, MailOutcome("quarantined", mail_id=mail.mail_id, reason=unreadable))


def skip_machine(mail: Handling) -> MailOutcome | None:
    """Mail written by machines (auto-replies, bounces, lists, the judge's own) is never
    answered."""
    if not mail.mail.automatic:
        return None
    return settle(mail, _by_machine(mail))


BEFORE_ANSWER: tuple[Step, ...] = (skip_copy, read, skip_machine)


def written_at(raw: bytes) -> datetime | None:
    """The moment the message's Date header gives, when it names a time zone (None
    otherwise, or when it cannot be read)."""
    head = raw[:min(len(raw), HEAD_READ)]
    found = _DATE.search(head[:body_start(head)])
    if found is None:
        return None
    try:
        dated = email.utils.parsedate_to_datetime(found.group(1).decode("ascii", "replace")
                                                  .strip())
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    return dated if dated.tzinfo is not None else None


def origin(session: Any, mail_id: int) -> int:
    """The number of the first stored copy of this message: its answers are keyed on it, so a
    copy handled again (after a judge was stopped mid-way) queues no second answer."""
    row = stored(session, mail_id)
    if row is None:
        return mail_id
    found = repo.copies(session, mail_id, row.message_id, row.digest)
    return min([mail_id, *(int(c.id or mail_id) for c in found)])
