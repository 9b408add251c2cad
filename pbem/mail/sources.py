"""What every place mail comes from shares: the handler it hands each message to, and how it
reports a poll. The places themselves are sibling modules: a Maildir folder (pbem.mail.maildir),
an IMAP mailbox (pbem.mail.imap) and an LMTP listener (pbem.mail.lmtp).

Each hands every raw message, as bytes, to one handler, `handle(raw, source)`, and takes it out
of the way only after the handler returned. The handler raises `Transient` when it cannot
take mail now (a locked database): the message stays where it is for the next try. Any
other exception is the handler's bug; the message stays too, the error is logged, and the
source goes on with the next message.

Every source is crash-safe the same way: nothing is marked handled before the handler has
returned, so a crash in between hands the message over again next time, and the pipeline
recognises the copy (by Message-ID and a digest of the body) and handles it once. A poll
stops at the first `Transient` (what comes later waits, so mail keeps its arrival order).

The handler's second argument names the source as the store does: "maildir", "imap", "lmtp".

This module imports nothing of pbem and no server or client library: a process started for
one mail (`pbem mail receive`) that only needs `Transient` loads it alone. The sources import
it; it imports none of them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

LOG = logging.getLogger(__name__)
_T = TypeVar("_T")

Handler = Callable[[bytes, str], object]


class Transient(Exception):
    """The handler could not take the message now (e.g. database locked); leave it for a retry."""


@dataclass
class PollReport:
    handled: int = 0  # handed over and marked (moved) as handled
    left: int = 0  # still waiting because the handler refused or failed (or came after a refusal)
    errors: list[str] = field(default_factory=list)  # sentences, for the log and the CLI
    skipped: int = 0  # not messages (a symbolic link, a FIFO, a folder): left, never read


HANDLED, TRANSIENT, FAILED = "handled", "transient", "failed"  # what became of one message


def first(waiting: list[_T], limit: int | None) -> list[_T]:
    """The first `limit` of the messages waiting (all of them when None)."""
    if limit is not None and limit < 0:
        raise ValueError(f"the number of messages a poll may take must be 0 or more; got {limit}")
    return waiting if limit is None else waiting[:limit]


def offer(handle: Handler, raw: bytes, source: str, what: str, report: PollReport) -> str:
    """Hand one message over; say how it went, noting any trouble in the report."""
    try:
        handle(raw, source)
    except Transient as exc:
        report.errors.append(f"{what} was left for the next poll: the judge cannot take mail "
                             f"now ({exc or 'no reason given'}).")
        return TRANSIENT
    except Exception as exc:
        LOG.exception("the mail handler failed on %s", what)
        report.errors.append(f"{what} was left where it is: the judge failed on it ({exc!r}); "
                             f"see the log.")
        return FAILED
    return HANDLED
