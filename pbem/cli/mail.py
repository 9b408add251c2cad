"""`pbem mail receive|inject|poll|lmtp|outbox|send|quarantine`: the mail gateway's commands.

`receive` is what a Postfix alias or a procmail rule pipes each message into. It only hands
the message over: written into the judge's spool (pbem.mail.spool, $PBEM_SPOOL or
$PBEM_DATA/spool/) with fsync and an atomic rename, then exit 0; the running judge (`pbem
serve`) takes the spool within a second and answers as ever. The process loads neither the
database layer nor the mail pipeline. Exit 75 (EX_TEMPFAIL) when the message cannot be
written, so the MTA keeps it and tries again; 65 (EX_DATAERR: the MTA bounces it, quoting
the sentence written to standard error) when it is longer than the reader's limit of 25 MiB
(pbem.mail.bounds.MAX_BYTES): at most one byte beyond the limit is read, so an endless input
is refused, not held in memory. `receive --now` handles the message in the process instead,
for a host without `pbem serve` (or a test by hand): exit 0 once it is stored in the
database (whatever became of it), 75 when it could not be stored or the database was busy,
65 as above. `inject` takes a message file of up to the same 25 MiB. With no SMTP server
configured every reply goes straight into the local Maildir `$PBEM_DATA/outbox/`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from pbem.cli.common import add_db, add_json, add_spool, emit, engine, say, table

EX_DATAERR = 65  # sysexits.h: the input was wrong; an MTA bounces the message
EX_TEMPFAIL = 75
STUCK_MINUTES = 10  # a message left "new" this long was never finished: listed with quarantine


def mail_settings_now() -> Any:
    from pbem.mail.settings import mail_settings
    from pbem.store.db import data_dir

    return mail_settings(os.environ, data_dir())


def deliver_locally(made: Any, settings: Any) -> None:
    """With no SMTP server, what was queued goes into the local Maildir at once."""
    if settings.smtp_host:
        return
    from pbem.app.base.shared import utcnow
    from pbem.app.reports.mailmake import maker
    from pbem.mail.outbox import deliver
    from pbem.mail.transport import transport_for

    deliver(made, transport_for(settings), utcnow(), limit=1000, make=maker(made, settings))


def _outcome_text(outcome: Any) -> str:
    data = outcome.record()
    words = [f"message #{data['mail']}: {data['outcome']}"]
    if data["game"]:
        words.append(f"game {data['game']}")
    if data["player"]:
        words.append(f"player {data['player']}")
    if data["outcome"] == "orders":
        words.append(f"{data['accepted']} lines accepted, {data['refused']} refused")
    text = ", ".join(words)
    if data.get("reason"):
        text += f" ({data['reason']})"
    if data["replies"]:
        text += "; replies to " + ", ".join(data["replies"])
    return text


def _take(args: argparse.Namespace, raw: bytes, source: str, deliver: bool) -> int:
    from pbem.app.mailin import mailgate

    settings = mail_settings_now()
    made = engine(args)
    outcome = mailgate.receive(made, raw, source, settings)
    if deliver:  # by hand: the replies are written at once; an MTA's pipe leaves them queued
        deliver_locally(made, settings)
    emit(args, outcome.as_json(), _outcome_text(outcome))
    return 0


def transient(exc: BaseException) -> bool:
    """A failure that passes: a locked or unreachable database, or a missing one (the
    operator's to fix; the MTA keeps the message meanwhile instead of bouncing it)."""
    from sqlalchemy.exc import OperationalError

    from pbem.errors import DatabaseBusy, Unavailable

    return isinstance(exc, DatabaseBusy | Unavailable | OperationalError)


def _too_long(where: str) -> str:
    from pbem.mail.bounds import MAX_BYTES

    return (f"{where} holds more than {MAX_BYTES // (1024 * 1024)} MiB ({MAX_BYTES} bytes), "
            f"the most the judge takes in one message; send the orders in a shorter mail, "
            f"without large attachments")


def _read_message(name: str) -> bytes:
    """A message file's bytes, or standard input's for "-": at most MAX_BYTES, and never
    more than one byte beyond it read."""
    from pbem.app.base.errors import JudgeError
    from pbem.mail.bounds import MAX_BYTES

    if name == "-":
        raw, where = sys.stdin.buffer.read(MAX_BYTES + 1), "standard input"
    else:
        path = Path(name)
        if not path.is_file():
            raise JudgeError(f"there is no file {name}; name a message file (.eml), or - "
                             f"for standard input")
        with path.open("rb") as handle:
            raw, where = handle.read(MAX_BYTES + 1), name
    if len(raw) > MAX_BYTES:
        raise JudgeError(_too_long(where))
    return raw


def _receive(args: argparse.Namespace) -> int:
    from pbem.mail.bounds import MAX_BYTES

    raw = sys.stdin.buffer.read(MAX_BYTES + 1)  # the rest, if any, is never read
    if len(raw) > MAX_BYTES:
        say(f"pbem mail receive: not taken: {_too_long('the message')}", file=sys.stderr)
        return EX_DATAERR
    if not args.now:
        return _hand_over(args, raw)
    try:
        return _take(args, raw, "stdin", deliver=False)
    except Exception as exc:
        if not transient(exc):
            raise  # a bug or damaged data: its own exit status, and the MTA bounces
        from pbem.cli.faults import explain

        _, sentence = explain(exc, args.db)
        say(f"pbem mail receive: not taken, try again later: {sentence}", file=sys.stderr)
        return EX_TEMPFAIL


def _hand_over(args: argparse.Namespace, raw: bytes) -> int:
    """The pipe's work: the message into the judge's spool, on disk for good, then exit 0;
    75 when it cannot be written. Only the standard library is loaded for it."""
    from pbem.mail.spool import hand_over, spool_folder

    folder = Path(args.spool) if args.spool else spool_folder()
    try:
        path = hand_over(folder, raw)
    except OSError as exc:
        say(f"pbem mail receive: not taken, try again later: the judge's spool {folder} "
            f"cannot be written ({exc.strerror or exc}); check that the folder above it "
            f"exists and that the judge's user may write there (PBEM_SPOOL, or PBEM_DATA)",
            file=sys.stderr)
        return EX_TEMPFAIL
    emit(args, {"spooled": str(path)}, f"handed over to the judge: {path}")
    return 0


def _source_handler(made: Any, settings: Any) -> Any:
    """The handler a source calls: a transient database failure leaves the message where
    it is (Transient), so the next poll or the MTA's next try takes it, in arrival order."""
    from pbem.app.mailin import mailgate
    from pbem.mail import sources

    def handle(raw: bytes, source: str) -> object:
        try:
            return mailgate.receive(made, raw, source, settings)
        except Exception as exc:
            if transient(exc):
                raise sources.Transient(str(exc)) from exc
            raise
    return handle


def _inject(args: argparse.Namespace) -> int:
    return _take(args, _read_message(str(args.file)), "inject", deliver=True)


def _poll(args: argparse.Namespace) -> int:
    from pbem.mail.imap import imap_settings, poll_imap
    from pbem.mail.maildir import poll_maildir

    settings = mail_settings_now()
    made = engine(args)
    handle = _source_handler(made, settings)
    if args.maildir:
        report = poll_maildir(Path(args.maildir), handle)
    else:
        imap = imap_settings(os.environ)
        if imap is None:
            say("pbem mail poll: give --maildir DIR, or set PBEM_IMAP_HOST (and its login) "
                "to poll an IMAP mailbox", file=sys.stderr)
            return 2
        report = poll_imap(imap, handle)
    deliver_locally(made, settings)
    data = {"handled": report.handled, "left": report.left, "skipped": report.skipped,
            "errors": list(report.errors)}
    emit(args, data, f"{report.handled} handled, {report.left} left for later"
         + (f", {report.skipped} skipped (not regular files)" if report.skipped else "")
         + "".join(f"\n  {e}" for e in report.errors))
    return 0


def _lmtp(args: argparse.Namespace) -> int:
    from pbem.mail.lmtp import accept_only, serve_lmtp

    settings = mail_settings_now()
    made = engine(args)
    take = _source_handler(made, settings)

    def handle(raw: bytes, source: str) -> object:
        outcome = take(raw, source)
        deliver_locally(made, settings)
        return outcome

    recipients = settings.accepted_recipients
    say(f"listening for LMTP on {args.host}:{args.port}, for {', '.join(recipients)}")
    serve_lmtp(handle, host=args.host, port=args.port, accept=accept_only(recipients))
    return 0


def _outbox(args: argparse.Namespace) -> int:
    from pbem.mail import outbox
    from pbem.store import repo
    from pbem.store.db import transaction

    made = engine(args)
    if args.action != "list":
        from pbem.app.base.errors import JudgeError
        from pbem.app.base.shared import utcnow

        if args.id is None:
            raise JudgeError(f"pbem mail outbox {args.action} needs the message's number "
                             f"(`pbem mail outbox --state held` lists them)")
        with transaction(made) as session:
            act = outbox.release_held if args.action == "release" else outbox.drop_held
            row = act(session, args.id, utcnow())
        done = ("queued again: the next `pbem mail send` (or the running judge) sends it "
                "once more" if args.action == "release" else "dropped (it stays stored, failed)")
        emit(args, {args.action: args.id}, f"message #{args.id} ({row.subject}) {done}")
        return 0
    with transaction(made) as session:
        rows = [{"id": r.id, "to": ", ".join(json.loads(r.recipients)), "subject": r.subject,
                 "kind": r.kind, "state": r.state, "attempts": r.attempts,
                 "error": r.last_error or ""}
                for r in repo.outbox_rows(session, args.state or None)]
    text = table(rows, ["id", "kind", "state", "to", "subject", "attempts", "error"]) \
        if rows else "the outbox is empty"
    held = [str(r["id"]) for r in rows if r["state"] == outbox.HELD]
    if held:
        text += (f"\n{len(held)} held (it may have been delivered already): check, then "
                 f"`pbem mail outbox release ID` sends it once more, `pbem mail outbox drop "
                 f"ID` gives it up; held: {', '.join(held)}")
    emit(args, rows, text)
    return 0


def _send(args: argparse.Namespace) -> int:
    from datetime import timedelta

    from pbem.app.base.shared import utcnow
    from pbem.app.reports.mailmake import maker
    from pbem.mail.outbox import deliver
    from pbem.mail.transport import transport_for

    settings = mail_settings_now()
    made = engine(args)
    report = deliver(made, transport_for(settings), utcnow(), limit=args.limit,
                     lease=timedelta(seconds=2 * settings.timeout + settings.data_timeout + 5),
                     make=maker(made, settings))
    data = {"sent": len(report.sent), "retrying": len(report.retrying),
            "failed": len(report.failed), "held": len(report.held),
            "errors": [list(e) for e in report.errors]}
    where = settings.smtp_host or str(settings.outbox_dir)
    emit(args, data, f"{len(report.sent)} sent to {where}, {len(report.retrying)} to retry, "
         f"{len(report.failed)} failed"
         + (f", {len(report.held)} held for you (see `pbem mail outbox --state held`)"
            if report.held else "")
         + "".join(f"\n  {i}: {e}" for i, e in report.errors))
    return 0


def _quarantine(args: argparse.Namespace) -> int:
    from pbem.app.base.errors import JudgeError
    from pbem.app.mailin import mailgate
    from pbem.store import repo
    from pbem.store.db import transaction
    from pbem.store.models import MailInRow

    made = engine(args)
    if args.action == "list":
        from datetime import timedelta

        from pbem.app.base.shared import utcnow

        stuck_before = utcnow().replace(tzinfo=None) - timedelta(minutes=STUCK_MINUTES)
        with transaction(made) as session:
            rows = [{"id": r.id, "received": r.received_at.isoformat(), "source": r.source,
                     "message_id": r.message_id,
                     "reason": r.reason or f"never finished (left new for over {STUCK_MINUTES} "
                     "minutes; retry it)"}
                    for r in repo.incoming(session, ["quarantined", "new"])
                    if r.state == "quarantined" or r.received_at.replace(tzinfo=None) < stuck_before]
        emit(args, rows, table(rows, ["id", "received", "source", "message_id", "reason"])
             if rows else "nothing is in quarantine")
        return 0
    if args.id is None:
        raise JudgeError(f"pbem mail quarantine {args.action} needs the message's number")
    with transaction(made) as session:
        row = session.get(MailInRow, args.id)
        if row is None or row.state not in ("quarantined", "new"):
            raise JudgeError(f"message #{args.id} is not in quarantine (nor left unfinished)")
        if args.action == "show":
            data = {"id": row.id, "reason": row.reason, "source": row.source,
                    "received": row.received_at.isoformat(),
                    "raw": bytes(row.raw).decode("utf-8", "replace")}
            emit(args, data, f"#{row.id}: {row.reason}\n\n{data['raw']}")
            return 0
        if args.action == "drop":
            repo.mark_incoming(session, row.id or 0, "ignored", row.received_at,
                               reason=f"dropped from quarantine ({row.reason})")
            emit(args, {"dropped": row.id}, f"message #{row.id} dropped (it stays stored)")
            return 0
    outcome = mailgate.handle(made, args.id, mail_settings_now())
    deliver_locally(made, mail_settings_now())
    emit(args, outcome.as_json(), _outcome_text(outcome))
    return 0


def register(nouns: Any) -> None:
    noun = nouns.add_parser("mail", help="the mail gateway: take orders by mail, send reports")
    verbs = noun.add_subparsers(dest="verb", required=True, metavar="VERB")
    receive = verbs.add_parser("receive", help="one message on standard input (for an MTA "
                               "pipe), handed over to the running judge's spool; exit 75 asks "
                               "the MTA to retry, 65 refuses a message over 25 MiB")
    receive.add_argument("--now", action="store_true",
                         help="handle the message in this process instead (no `pbem serve` "
                         "running: a small host, or a test by hand); it uses --db")
    add_spool(receive)
    add_db(receive)
    add_json(receive)
    receive.set_defaults(run=_receive)
    inject = verbs.add_parser("inject", help="feed one message file (.eml, up to 25 MiB; - "
                              "for standard input) by hand")
    inject.add_argument("file", type=Path)
    add_db(inject)
    add_json(inject)
    inject.set_defaults(run=_inject)
    poll = verbs.add_parser("poll", help="take the mail waiting in a Maildir or IMAP mailbox")
    poll.add_argument("--maildir", metavar="DIR", help="a Maildir folder (default: the IMAP "
                      "mailbox of PBEM_IMAP_HOST)")
    add_db(poll)
    add_json(poll)
    poll.set_defaults(run=_poll)
    lmtp = verbs.add_parser("lmtp", help="listen for LMTP deliveries from the host's MTA, "
                            "for the judge's address (or PBEM_LMTP_RECIPIENTS) only")
    lmtp.add_argument("--host", default="127.0.0.1")
    lmtp.add_argument("--port", type=int, default=8024)
    add_db(lmtp)
    lmtp.set_defaults(run=_lmtp)
    outbox = verbs.add_parser("outbox", help="the queued, sent and held messages; release or "
                              "drop a held one")
    outbox.add_argument("action", nargs="?", default="list", choices=("list", "release", "drop"),
                        help="list (the default); release ID: send a held message once more; "
                        "drop ID: give a held message up")
    outbox.add_argument("id", type=int, nargs="?")
    outbox.add_argument("--state", action="append",
                        choices=("queued", "sent", "failed", "held"),
                        help="only these states (repeatable)")
    add_db(outbox)
    add_json(outbox)
    outbox.set_defaults(run=_outbox)
    send = verbs.add_parser("send", help="deliver what is queued (SMTP, or the local Maildir)")
    send.add_argument("--limit", type=int, default=500)
    add_db(send)
    add_json(send)
    send.set_defaults(run=_send)
    quarantine = verbs.add_parser("quarantine", help="messages the judge could not handle")
    quarantine.add_argument("action", choices=("list", "show", "retry", "drop"))
    quarantine.add_argument("id", type=int, nargs="?")
    add_db(quarantine)
    add_json(quarantine)
    quarantine.set_defaults(run=_quarantine)
