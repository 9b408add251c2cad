"""The mail gateway's use-case: one message, from whichever source, handled end to end.

Every raw message is stored before anything is done with it. A message that cannot be read,
or that breaks the pipeline, goes to quarantine with the reason (never lost); the same
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

1. store (intake.store): the raw message kept, keyed by its Message-ID or a digest;
2. copy check (intake.skip_copy), read (intake.read), machine check (intake.skip_machine);
3. in one transaction: the copy check again; for each sign-on block, sign-on
   (auth.sign_on), then the player's commands and orders (blocks.commands_and_orders) or the
   game master's (gmmail.commands); a mail with none, a JOIN or a word on signing on
   (unsigned); the answers, one to each set of addresses (answers.queue_answers); the mark;
4. after it: the game master's commands, each a use-case committing alone, then the mark.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import utcnow
from pbem.app.mailin import auth, blocks, gmmail, intake, unsigned
from pbem.app.mailin.answers import MAX_REPLY, OUTCOMES, MailOutcome, _Answer, queue_answers  # noqa: F401 (the answers' limits, named here too)
from pbem.app.mailin.blocks import MAX_PRESS  # noqa: F401 (a mail's limit, named here too)
from pbem.app.mailin.context import Handling
from pbem.app.mailin.intake import EXCERPT
from pbem.app.mailin.intake import identity as _identity  # noqa: F401 (tests read a key)
from pbem.errors import CopyBeingHandled, Fault
from pbem.mail.settings import MailSettings
from pbem.store import repo
from pbem.store.db import retrying, transaction

LOG = logging.getLogger(__name__)

MAX_BLOCKS = 10  # sign-on blocks read in one mail; a mail is not a way to flood a mailbox


def receive(engine: Engine, raw: bytes, source: str, settings: MailSettings,
            now: datetime | None = None) -> MailOutcome:
    """Store one raw message, then handle it. A transient database failure (locked beyond
    the retries) propagates: before the message is stored the MTA delivers it again; after,
    the stored copy stays "new" and `pbem mail quarantine retry` or a copy arriving again
    takes it up. A message longer than the judge reads is kept only as an excerpt, with
    its size, and set aside at once."""
    now = now or utcnow()
    mail_id, settled = intake.store(engine, raw, source, now)
    if settled is not None:
        return settled
    return _run(Handling(engine, settings, now, mail_id, raw))


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
    return _run(Handling(engine, settings, now, mail_id, raw))


def _run(mail: Handling) -> MailOutcome:
    """The steps before an answer, then the answer."""
    for step in intake.BEFORE_ANSWER:
        settled = step(mail)
        if settled is not None:
            return settled
    return _answered(mail)


def _answered(mail: Handling) -> MailOutcome:
    """Answer a message a person wrote: every block, its replies and the record that it
    was handled commit together. A game master's commands are use-cases of their own,
    each committing alone: the message is marked handled only once they have run (its
    answer queued with that mark), so a judge stopped in between leaves it new and the
    server's next delivery takes it up; what was done already is not done again (see
    pbem.app.mailin.gmmail). A failure that is not the database's quarantines it."""
    engine, mail_id, now = mail.engine, mail.mail_id, mail.now

    def work() -> MailOutcome:
        with transaction(engine) as session:
            row = intake.stored(session, mail_id)
            copy = repo.copies_handled(session, mail_id, row.message_id if row else "",
                                       row.digest if row else "")
            if copy is not None:
                outcome = MailOutcome("ignored", mail_id=mail_id, reason=f"a copy of message "
                                      f"#{copy.id}, which was handled already")
                repo.mark_incoming(session, mail_id, "ignored", now, reason=outcome.reason,
                                   outcome=outcome.record())
                return outcome
            mail.origin = intake.origin(session, mail_id)
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

    try:
        done: MailOutcome = retrying(work)
        for action in done.later:  # a game master's orders: use-cases of their own
            action(engine, mail.settings, now)
        if done.later:
            def mark() -> None:
                with transaction(engine) as session:
                    repo.mark_incoming(session, mail_id, "handled", now,
                                       reason=done.reason or None, outcome=done.record())
                    # a copy coming later is ignored as a copy: what its blocks did is
                    # no longer needed
                    repo.gameplay.forget_judge_states(session, gmmail.progress_prefix(mail.origin))
            retrying(mark)
        return done
    except CopyBeingHandled:  # not taken: the server keeps it and delivers it again
        def forget() -> None:
            with transaction(engine) as session:
                repo.forget_incoming(session, mail_id)
        retrying(forget)
        raise
    except (OperationalError, Fault):
        raise  # the database: transient or the operator's to fix; the message stays new
    except Exception as exc:  # noqa: BLE001 - a message that breaks the pipeline is kept
        LOG.exception("message #%s broke the mail pipeline", mail_id)
        return intake.settle(mail, MailOutcome(
            "quarantined", mail_id=mail_id,
            reason=f"the judge failed on it ({type(exc).__name__}: {exc})"), trim=False)


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
