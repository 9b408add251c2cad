"""The mail gateway's use-case: one message, from whichever source, handled end to end.

Every raw message is stored, in the transaction that handles it: it is committed with its
answer and its mark, or, when the pipeline breaks, stored again on its own and quarantined
with the reason (never lost). A message that cannot be read goes to quarantine too; the same
message arriving again (same Message-ID and body digest) is handled once; mail written by
machines (auto-replies, bounces, lists, our own) is never answered.

A sign-on block authenticates one player of one game by password only (compared by the
scrypt hash, in constant time); the sender's address never does. Replies go to the
player's registered address, and also to the sender when the password was right. A wrong
password is answered only when the sender is that player's registered address; five in an
hour lock the player out for an hour, during which the registered address is told so at
most once an hour. An unknown sender gets nothing.

The reply to a block, and everything its commands send (press), is queued in the outbox in
the same transaction as the submission or change that caused it. A reply that carries a
map is queued as a job and drawn when it is sent (pbem.app.reports.mailmake), so taking a mail
stays cheap.

This module is only the pipeline; each step is a function of its own, with one job, as
Mailman's handlers are:

1. its key and digest (intake.identity), read without parsing it;
2. in one transaction: the message stored (intake.keep); the copy check, then the message
   read once (intake.parse), the unreadable and the machine-written set aside
   (intake.decide); for each sign-on block, sign-on
   (auth.sign_on), then the player's commands and orders (blocks.commands_and_orders) or the
   game master's (gmmail.commands); a mail with none, a JOIN or a word on signing on
   (unsigned); the answers, one to each set of addresses (answers.queue_answers); the mark;
3. after it: the game master's commands, each a use-case committing alone, then the mark.

One transaction per mail: no per-mail work is done twice, and the write lock is taken once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DatabaseError, OperationalError

from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import utcnow
from pbem.app.mailin import auth, blocks, gmmail, intake, unsigned
from pbem.app.mailin.answers import MAX_REPLY, OUTCOMES, MailOutcome, _Answer, queue_answers  # noqa: F401 (the answers' limits, named here too)
from pbem.app.mailin.blocks import MAX_PRESS  # noqa: F401 (a mail's limit, named here too)
from pbem.app.mailin.context import Handling
from pbem.app.mailin.intake import EXCERPT
from pbem.app.mailin.intake import identity as _identity  # noqa: F401 (tests read a key)
from pbem.errors import CopyBeingHandled, Fault
from pbem.mail.bounds import MAX_BYTES
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.db import retrying, transaction

LOG = logging.getLogger(__name__)

MAX_BLOCKS = 10  # sign-on blocks read in one mail; a mail is not a way to flood a mailbox


def receive(engine: Engine, raw: bytes, source: str, settings: MailSettings,
            now: datetime | None = None) -> MailOutcome:
    """Store one raw message and handle it, in one transaction: it is stored, checked
    against its copies, read, answered and marked together. A failure of the pipeline
    rolls that back and stores the message again, quarantined with the reason (never
    lost). A transient database failure (locked beyond the retries) propagates with nothing
    stored: the MTA delivers the message again. A message longer than the judge reads is
    kept only as an excerpt, with its size, and set aside at once."""
    now = now or utcnow()
    if len(raw) > MAX_BYTES:
        _, settled = intake.store(engine, raw, source, now)
        assert settled is not None
        return settled
    key, digest = intake.identity(raw)
    mail = Handling(engine, settings, now, 0, raw)
    keys = [key]

    def work(session: Any) -> MailOutcome:
        try:
            mail.mail_id = intake.keep(session, raw, source, now, keys[0], digest)
            mail.key, mail.digest = keys[0][:998], digest
        except (OperationalError, Fault):
            raise
        except DatabaseError:  # whatever the id holds, the message is kept (never deduplicated)
            if not keys[0]:
                raise
            LOG.exception("a message's id could not be stored; storing it without one")
            keys[0] = ""
            raise _StoreAgain() from None
        return _decided(session, mail)

    def quarantine(exc: Exception) -> MailOutcome:
        mail.mail_id, _ = intake.store(engine, raw, source, now)
        return intake.settle(mail, _broken(mail, exc), trim=False)

    while True:
        try:
            return _handled(mail, work, quarantine)
        except _StoreAgain:
            continue


def handle(engine: Engine, mail_id: int, settings: MailSettings,
           now: datetime | None = None) -> MailOutcome:
    """Handle a stored message again (one retried from quarantine, or left new)."""
    now = now or utcnow()
    with transaction(engine) as session:
        row = intake.stored(session, mail_id)
        if row is None:
            raise JudgeError(f"there is no received message #{mail_id}")
        if row.state == "handled":
            raise JudgeError(f"message #{mail_id} was handled already")
        if row.raw_size is not None:
            raise JudgeError(f"message #{mail_id} is kept only as an excerpt of "
                             f"{len(row.raw)} of its {row.raw_size} bytes; it cannot be "
                             "handled again")
        raw = bytes(row.raw)
    mail = Handling(engine, settings, now, mail_id, raw)

    def quarantine(exc: Exception) -> MailOutcome:
        return intake.settle(mail, _broken(mail, exc), trim=False)

    def forgotten(exc: CopyBeingHandled) -> None:
        def forget() -> None:
            with transaction(engine) as session:
                repo.forget_incoming(session, mail_id)
        retrying(forget)

    return _handled(mail, lambda session: _decided(session, mail), quarantine,
                    forgotten)


class _StoreAgain(Exception):
    """The message's id could not be stored: the transaction is begun again without it."""


def _broken(mail: Handling, exc: Exception) -> MailOutcome:
    LOG.error("message #%s broke the mail pipeline", mail.mail_id, exc_info=exc)
    return MailOutcome("quarantined", mail_id=mail.mail_id,
                       reason=f"the judge failed on it ({type(exc).__name__}: {exc})")


def _handled(mail: Handling, work: Callable[[Any], MailOutcome],
             quarantine: Callable[[Exception], MailOutcome],
             not_taken: Callable[[CopyBeingHandled], None] | None = None) -> MailOutcome:
    """Run `work` (the mail's decision and answer) in one transaction, retried while the
    database is locked; then a game master's commands, each a use-case committing alone:
    the message is marked handled only once they have run (its answer queued with that
    mark), so a judge stopped in between leaves it new and the server's next delivery takes
    it up; what was done already is not done again (see pbem.app.mailin.gmmail). A failure
    that is not the database's quarantines it (`quarantine`); a copy of a game master's mail
    still being carried out is not taken (`not_taken`, then CopyBeingHandled propagates)."""
    engine, now = mail.engine, mail.now

    def once() -> MailOutcome:
        with transaction(engine) as session:
            return work(session)

    committed = False
    try:
        done: MailOutcome = retrying(once)
        committed = True
        for action in done.later:  # a game master's orders: use-cases of their own
            action(engine, mail.settings, now)
        if done.later:
            def mark() -> None:
                with transaction(engine) as session:
                    repo.mark_incoming(session, mail.mail_id, "handled", now,
                                       reason=done.reason or None, outcome=done.record())
                    # a copy coming later is ignored as a copy: what its blocks did is
                    # no longer needed
                    repo.gameplay.forget_judge_states(session, gmmail.progress_prefix(mail.origin))
            retrying(mark)
        return done
    except CopyBeingHandled as exc:  # not taken: the server keeps it and delivers it again
        if not_taken is not None:
            not_taken(exc)
        raise
    except (OperationalError, Fault, _StoreAgain):
        raise  # the database: transient or the operator's to fix; the message stays new
    except Exception as exc:  # noqa: BLE001 - a message that breaks the pipeline is kept
        if committed:  # stored and marked new: it is set aside where it is
            return intake.settle(mail, _broken(mail, exc), trim=False)
        return quarantine(exc)


def _decided(session: Any, mail: Handling) -> MailOutcome:
    """In the mail's one transaction: the steps before an answer (intake.decide), then the
    answer, and the mark of what became of it."""
    settled = intake.decide(session, mail)
    if settled is not None:
        return settled
    mail_id, now = mail.mail_id, mail.now
    outcome = _answer(session, mail)
    if outcome.later:  # the game master's commands run first; the mark comes after
        repo.mark_incoming(session, mail_id, "new", now, reason="the game master's "
                           "commands are being carried out", outcome=outcome.record())
    else:
        repo.mark_incoming(session, mail_id, "handled", now,
                           reason=outcome.reason or None, outcome=outcome.record())
        if outcome.outcome == "refused":
            repo.trim_incoming(session, mail_id, EXCERPT)
    return outcome


def _answer(session: Any, mail: Handling) -> MailOutcome:
    """The answering steps, in the mail's transaction: each block signed on and carried out,
    then the answers queued; the outcome of the mail (that of its first block, with the
    counts and addresses of all)."""
    letters = auth.letters(mail.mail)
    found = [block for _, letter in letters for block in letter.blocks]
    loose = [command for _, letter in letters for command in letter.loose_commands]
    ignored = list(letters[0][1].ignored) if letters else []
    if not found:
        return unsigned.join(session, mail) or unsigned.no_signon(session, mail, loose)
    if len(found) > MAX_BLOCKS:
        ignored = [(b.line_no, f"SIGNON {b.game} {b.player} ... (only the first {MAX_BLOCKS} "
                    "sign-on blocks of a mail are read)") for b in found[MAX_BLOCKS:]] + ignored
        found = found[:MAX_BLOCKS]
    signed: set[tuple[str, str]] = set()  # (game, player) signed on by a right password
    budget = [blocks.MAX_PRESS]
    results: list[MailOutcome] = []
    answers: list[_Answer] = []
    for number, block in enumerate(found):
        who = auth.sign_on(session, mail, block, signed)
        answer: _Answer | None
        if isinstance(who, auth.Refused):
            result, answer = who.outcome, who.answer
        elif isinstance(who, auth.GameMaster):
            result, answer = gmmail.commands(session, mail, number, block, who), None
        else:
            result, answer = blocks.commands_and_orders(
                session, mail, number, block, who, ignored if number == 0 else [], budget)
        results.append(result)
        if answer is not None:
            answers.append(answer)
    sent = queue_answers(session, mail.settings, mail.origin, mail.mail, answers, mail.now)
    first = results[0]
    return MailOutcome(
        first.outcome, first.game, first.player,
        accepted=sum(r.accepted for r in results), refused=sum(r.refused for r in results),
        replies=tuple(dict.fromkeys([*sent, *(a for r in results for a in r.replies)])),
        mail_id=mail.mail_id, later=tuple(action for r in results for action in r.later))
