"""Mail kept whole only as long as it may be needed: the retention (MailSettings.retention_days,
PBEM_MAIL_RETENTION_DAYS, 30 days by default). Mail bodies are not the archive: the stored
game is, and every report is made again from it exactly (pbem.app.reports.mailmake makes a
message queued as a job from stored data only, the same bytes each time).

A received message handled or ignored longer ago than that keeps its header block (at most
EXCERPT bytes of it), its digest and, in `raw_size`, the size it had; its body goes. A sent
message sent longer ago keeps its subject, recipients, Message-ID, state, delivery record
(sent_at, attempts), its job (what it was made from) and the sha256 and size of the bytes
sent (`digest`, `raw_size`, recorded when it was sent); its bytes go. A report made again
from its job has that digest. Mail not yet dealt with is never touched: received mail that
is new or quarantined, and outgoing mail queued, held or failed. Trimming again trims
nothing more. What a game master's mail did (judge_state "gm-mail:…") is forgotten when the
mail is marked handled; a record left by one that never was goes with the retention too.
The sweep runs this at most once an hour (`trim_due`); each run does a bounded amount of
work, and what is left waits for the next."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial

from sqlalchemy.engine import Engine

from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction

RETENTION_KEY = "retention"  # the judge_state key of the last run
EVERY = timedelta(hours=1)
EXCERPT = 4096  # bytes of a received message's header block kept past the retention
BATCH = 200  # received messages read and trimmed in one transaction
MOST = 5000  # received messages trimmed in one run; the rest wait for the next
GM_PROGRESS = "gm-mail:"  # the judge_state keys of what game masters' blocks did (mailin.gmmail)


@dataclass(frozen=True)
class Trimmed:
    mail_in: int
    mail_out: int
    done: bool = True  # False: more is left than one run takes


def excerpt(raw: bytes, limit: int = EXCERPT) -> bytes:
    """A message's header block, up to and with the line ending before the empty line that
    ends it (the whole message when there is none), cut to `limit` bytes."""
    ends = [found + len(ending) // 2 for ending in (b"\r\n\r\n", b"\n\n")
            if (found := raw.find(ending)) >= 0]
    return raw[:min(ends)][:limit] if ends else raw[:limit]


def trim(engine: Engine, days: int, now: datetime, most: int = MOST) -> Trimmed:
    """The mail past a retention of `days` at `now` trimmed (see the module's docstring):
    at most `most` received messages, every sent one (a single statement)."""
    cutoff = now - timedelta(days=days)

    def batch(size: int) -> int:
        with transaction(engine) as session:
            rows = repo.mail.incoming_past_retention(session, cutoff, size)
            for row_id, whole in rows:
                repo.mail.cut_incoming(session, row_id, cutoff, excerpt(whole), len(whole))
            return len(rows)

    trimmed_in = 0
    while trimmed_in < most:
        size = min(BATCH, most - trimmed_in)
        count = int(retrying(partial(batch, size)))
        trimmed_in += count
        if count < size:
            break

    def sent() -> int:
        with transaction(engine) as session:
            # what a game master's mail did, left by one never marked handled (quarantined
            # while it ran): no copy of it is awaited this long
            repo.gameplay.forget_judge_states(session, GM_PROGRESS, updated_before=cutoff)
            return repo.mail.empty_sent(session, cutoff)
    trimmed_out = int(retrying(sent))
    return Trimmed(trimmed_in, trimmed_out, done=trimmed_in < most)


def trim_due(engine: Engine, days: int, now: datetime) -> Trimmed | None:
    """For the sweep: `trim` when the last complete run was an hour or more before `now`
    (or after it: a clock put back), else None. The run is recorded once it has left
    nothing, so a long backlog is taken a run at each sweep."""
    with snapshot(engine) as session:
        last = repo.judge_state(session, RETENTION_KEY)
    if last is not None and isinstance(last.get("at"), str):
        at = datetime.fromisoformat(last["at"])
        at = at if at.tzinfo else at.replace(tzinfo=UTC)
        if timedelta(0) <= now - at < EVERY:
            return None
    done = trim(engine, days, now)
    if done.done:
        def remember() -> None:
            with transaction(engine) as session:
                repo.set_judge_state(session, RETENTION_KEY, {
                    "at": now.isoformat(), "days": days, "mail_in": done.mail_in,
                    "mail_out": done.mail_out}, now)
        retrying(remember)
    return done
